"""Cram: players take turns placing a domino on two adjacent empty cells of a board; who cannot place one loses.

Cram is impartial Domineering (Gardner 1974; Winning Ways ch. 22, "Cram"). A position
is a board of empty (``.``) and filled (``#``) cells (:class:`~sprague.rulesets.shapes.BoardRuleset`).
The empty cells fall apart into regions that no domino joins (4-connected components), and
the board is their disjunctive sum: its Grundy value is the nim-sum of theirs. A region is
the same game however the board is turned or reflected, so its canonical form is the least
of its 8 images (:func:`~sprague.rulesets.shapes.board_symmetries`), cropped to its cells.
Each region is valued once on bitboards by a compiled kernel (:mod:`sprague.kernels.cram`,
its memo in the solver's cache, charged to the budget per region valued);
:meth:`Cram.reference_grundy` is the same search in pure Python, the reference it is tested
against.

The symmetry strategy (Winning Ways ch. 22): on an even x even board the second player
answers each domino with its image under the half turn, so the board is P; on an even x odd
board the first player places a domino on the two central cells and then answers by the
half turn, so it is N. The same argument settles most boards the half turn leaves
unchanged, holes included (:func:`half_turn`): the closed form of this ruleset. The value
of a 1 x n strip is that of the octal game 0.07 (Dawson's Kayles): a domino removes two
adjacent cells of a row, leaving two rows.

>>> import sprague
>>> cram = sprague.ruleset("cram")
>>> cram.grundy(cram.parse_position(["2x2"])), cram.outcome(cram.parse_position(["2x3"]))
(0, 'N')
>>> cram.describe_move(("...",), ("##.",))
'domino a1-b1'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np

from sprague.core.budget import charge, check_memory, left
from sprague.core.limits import MAX_BOARD_CELLS, MAX_SEARCH_CELLS, refuse_search_size
from sprague.core.nimber import nim_sum
from sprague.core.ruleset import Family
from sprague.kernels import cram as kernel
from sprague.rulesets.shapes import Board, BoardRuleset, board_symmetries, cell_name
from sprague.solve import memos

__all__ = ["Cram", "regions", "region_board", "region_mask", "half_turn", "WORK_PER_REGION"]
ORDER = 80  #: where ``sprague list`` shows this module's rulesets
#: work units charged per region the kernel values (about its microseconds; ``benchmarks/cram.py``): measured 6.5 us
#: a region on 5 x 7 (2 million units in 2.6 s at 5)
WORK_PER_REGION = 7
#: the most regions one call of the kernel values before its work is charged
CHUNK = 200_000

Cell = tuple[int, int]


#: work charged for the canonical form of a board (its regions, each under its 8 symmetries) besides a unit per
#: :data:`CELLS_PER_WORK` cells: measured some 5 us plus 0.6 us a cell (3 x 4: 12 us, 16 x 16: 150 us); a search
#: keys every option so (before, a 5 x 6 search ran at 20 us a unit charged)
CANONICAL_WORK = 4
CELLS_PER_WORK = 2


def regions(board: Board) -> list[frozenset[Cell]]:
    """The empty cells of ``board`` in 4-connected regions (each region a set of ``(row, column)``)."""
    empty = {(r, c) for r, row in enumerate(board) for c, x in enumerate(row) if x == "."}
    found = []
    while empty:
        stack = [empty.pop()]
        region = set(stack)
        while stack:
            r, c = stack.pop()
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in empty:
                    empty.discard(cell)
                    region.add(cell)
                    stack.append(cell)
        found.append(frozenset(region))
    return found


def half_turn(board: Board) -> str | None:
    """The outcome the symmetry strategy proves for ``board``, or None where it proves nothing.

    If the half turn about the centre leaves ``board`` unchanged, each domino's image is another domino, disjoint
    from it and free when it is, unless the domino is its own image: the one on the two central cells (one
    side even, the other odd), or one covering the central cell (both sides odd) with its image overlapping it.
    With the central cells not both empty (an even side and an odd side) or the central cell filled (both odd),
    or on an even x even board, the second player copies every move: P. With the two central cells
    empty, the first player places the central domino and then copies: N.

    >>> half_turn(("....", "....")), half_turn(("...", "...")), half_turn(("..", "#.")), half_turn((".#.", ".#."))
    ('P', 'N', None, 'P')
    """
    if not board or not board[0] or tuple(row[::-1] for row in board[::-1]) != tuple(board):
        return None
    m, n = len(board), len(board[0])
    centre = {(m // 2, n // 2), ((m - 1) // 2, (n - 1) // 2)}
    empty = [board[r][c] == "." for r, c in centre]
    if m % 2 == 0 and n % 2 == 0:
        return "P"
    if m % 2 and n % 2:
        return None if empty[0] else "P"
    return "N" if all(empty) else "P"


def region_mask(region: frozenset[Cell]) -> tuple[int, int, int]:
    """``(mask, height, width)``: ``region`` cropped to its bounding box as a bitboard, bit ``r * width + c`` the
    cell ``(r, c)`` of the box.

    >>> region_mask(frozenset({(1, 1), (1, 2), (2, 2)}))
    (11, 2, 2)
    """
    top, left_ = min(r for r, _ in region), min(c for _, c in region)
    height = max(r for r, _ in region) - top + 1
    width = max(c for _, c in region) - left_ + 1
    return sum(1 << ((r - top) * width + c - left_) for r, c in region), height, width


def region_board(region: frozenset[Cell]) -> Board:
    """The least of the 8 images of ``region`` cropped to its bounding box: the canonical form of a region."""
    top, left = min(r for r, _ in region), min(c for _, c in region)
    rows = max(r for r, _ in region) - top + 1
    cols = max(c for _, c in region) - left + 1
    board = tuple("".join("." if (top + r, left + c) in region else "#" for c in range(cols)) for r in range(rows))
    return min(board_symmetries(board))


class Cram(BoardRuleset):
    """Cram (impartial Domineering; Gardner 1974, Winning Ways ch. 22): place a domino on two adjacent empty
    cells, across or down."""

    name = "cram"
    aliases: ClassVar[tuple[str, ...]] = ("impartial-domineering",)
    source = "-- Gardner 1974; Winning Ways ch. 22 (Cram)"
    closed_form = "symmetry under the half turn: P if no domino is its own image, N if the central one is free"
    example: ClassVar[tuple[str, ...]] = ("3x4",)
    #: boards this large are read and valued by the closed form; :data:`MAX_SEARCH_CELLS` for their options
    max_cells: ClassVar[int] = MAX_BOARD_CELLS
    cell_words: ClassVar[dict[str, str]] = {".": "empty", "#": "covered"}
    #: a domino: two clicks, on two adjacent empty cells
    picks: ClassVar[int] = 2

    def moves(self, position: Board) -> Iterator[Board]:
        cells = sum(map(len, position))
        refuse_search_size(f"{self.name}: a board of {len(position)} rows", cells, MAX_SEARCH_CELLS, "cells")
        rows = list(position)
        for r, row in enumerate(rows):
            for c, x in enumerate(row):
                if x != ".":
                    continue
                if c + 1 < len(row) and row[c + 1] == ".":
                    yield (*rows[:r], row[:c] + "##" + row[c + 2 :], *rows[r + 1 :])
                if r + 1 < len(rows) and c < len(rows[r + 1]) and rows[r + 1][c] == ".":
                    below = rows[r + 1]
                    yield (
                        *rows[:r],
                        row[:c] + "#" + row[c + 1 :],
                        below[:c] + "#" + below[c + 1 :],
                        *rows[r + 2 :],
                    )

    def closed_grundy(self, position: Board) -> int | None:
        """0 for a board the half turn leaves unchanged with no domino its own image (the second player copies
        each domino by the half turn: Winning Ways ch. 22); None otherwise."""
        return 0 if half_turn(position) == "P" else None

    def closed_outcome(self, position: Board) -> str | None:
        """P as :meth:`closed_grundy`; N for a board the half turn leaves unchanged on which the central domino
        (its own image) can be placed: placed first, it leaves a P-board; None otherwise."""
        return half_turn(position)

    def closed_method(self, position: Board) -> str:
        return "closed form: symmetry under the half turn (Winning Ways ch. 22)"

    def closed_winning_move(self, position: Board) -> Board | None:
        """The central domino of a board that :meth:`closed_outcome` finds N."""
        if half_turn(position) != "N":
            return None
        m, n = len(position), len(position[0])
        cells = {(m // 2, n // 2), ((m - 1) // 2, (n - 1) // 2)}
        return tuple(
            "".join("#" if (r, c) in cells else x for c, x in enumerate(row)) for r, row in enumerate(position)
        )

    def canonical(self, position: Board) -> Any:
        """The sorted canonical forms of the regions: boards that are the same sum of regions share it."""
        charge(CANONICAL_WORK + sum(map(len, position)) // CELLS_PER_WORK, "cram: the canonical forms of boards")
        return tuple(sorted(region_board(region) for region in regions(position)))

    def describe_move(self, position: Board, option: Board) -> str:
        cells = [
            cell_name(r, c)
            for r, (a, b) in enumerate(zip(position, option))
            for c, (x, y) in enumerate(zip(a, b))
            if x != y
        ]
        return "domino " + "-".join(cells)

    def computed_grundy(self, position: Board) -> int | None:
        """The nim-sum of the regions' values, each region valued once up to symmetry on bitboards (compiled,
        :mod:`sprague.kernels.cram`), a region too big for a 64-bit board by the reference search below. The
        memo of regions is kept across processes in the results cache (:mod:`sprague.solve.memos`)."""
        with memos.kept(self, "regions", self._memo_rows, self._take_memo):
            return nim_sum(*(self.region_grundy(region) for region in regions(position)))

    def _memo_rows(self) -> np.ndarray:
        table = self.solver.cache.get("cram")
        return kernel.entries(table) if table is not None else np.zeros((0, 2), dtype=np.int64)

    def _take_memo(self, rows: np.ndarray) -> None:
        cache = self.solver.cache
        table = cache.get("cram") or kernel.new_table()
        slots = kernel.slots_needed(table, len(rows))
        check_memory("cram: the saved table of regions", extra=kernel.TABLE_BYTES_PER_SLOT * slots)
        cache["cram"] = kernel.with_entries(table, rows)

    def computed_method(self, position: Board) -> str:
        return "nim-sum of the regions' values (compiled search on bitboards by regions, up to symmetry)"

    def reference_grundy(self, position: Board) -> int:
        """The same nim-sum by the pure-Python search on boards of strings (the reference the compiled path is
        tested against; its own memo, ``solver.cache["regions"]``)."""
        return nim_sum(*(self._board_value(region_board(region), fast=False) for region in regions(position)))

    def region_grundy(self, region: frozenset[Cell]) -> int:
        """The value of one region: by the compiled kernel when its bounding box has at most
        :data:`~sprague.kernels.cram.MAX_CELLS` cells, else by the reference search (whose smaller regions
        come back here)."""
        if len(region) < 4:
            return 1 if len(region) > 1 else 0
        mask, height, width = region_mask(region)
        if height * width > kernel.MAX_CELLS or max(height, width) > kernel.MAX_WIDTH:
            return self._board_value(region_board(region), fast=True)
        return self._kernel_value(kernel.region_key(mask, height, width))

    def _kernel_value(self, key: int) -> int:
        """The kernel's value of the region ``key``, in chunks of regions charged to the budget as they are valued
        (``solver.cache["cram"]`` holds the table between calls and chunks)."""
        cache = self.solver.cache
        while True:
            spare = left()
            chunk = CHUNK if spare is None else max(1, min(CHUNK, spare // WORK_PER_REGION))
            table = cache.get("cram") or kernel.new_table()
            held = table[0].nbytes + table[1].nbytes
            slots = kernel.slots_needed(table, chunk)  # a larger table is checked before it is allocated
            grown = kernel.TABLE_BYTES_PER_SLOT * slots if slots > table[0].shape[0] else 0
            check_memory("cram: the table of region values", extra=grown, counted=held)
            table = cache["cram"] = kernel.grow_table(table, chunk)
            before = kernel.table_count(table)
            value = kernel.region_value(table, key, chunk)
            charge(WORK_PER_REGION * (kernel.table_count(table) - before), "cram: the values of regions")
            if value >= 0:
                return value

    def _board_value(self, region: Board, fast: bool) -> int:
        """The pure-Python search of a region written as a canonical board (:func:`region_board`)."""
        known: dict[Board, int] = self.solver.cache.setdefault("regions", {})
        value = known.get(region)
        if value is None:
            charge(1, "cram: the values of regions")
            seen = set()
            cells = sum(map(len, region))
            for option in self.moves(region):
                charge(CANONICAL_WORK + cells // CELLS_PER_WORK, "cram: the values of regions")
                parts = regions(option)
                if fast:
                    seen.add(nim_sum(*(self.region_grundy(r) for r in parts)))
                else:
                    seen.add(nim_sum(*(self._board_value(region_board(r), fast=False) for r in parts)))
            value = next(g for g in range(len(seen) + 1) if g not in seen)
            known[region] = value
        return value

    def families(self) -> dict[str, Family]:
        """The empty boards of ``sprague discover --family rect``: ``rect(m, n)`` is the m x n board."""
        return {"rect": Family(lambda m, n: self.check_position(f"{m}x{n}"), (2,), 1, "the empty m x n board", 4, 6)}
