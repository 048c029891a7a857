"""Cram: players take turns placing a domino on two adjacent empty cells of a board; who cannot place one loses.

Cram is impartial Domineering (Gardner 1974; Winning Ways ch. 22, "Cram"). A position
is a board of empty (``.``) and filled (``#``) cells (:class:`~sprague.rulesets.shapes.BoardRuleset`).
The empty cells fall apart into regions that no domino joins (4-connected components), and
the board is their disjunctive sum: its Grundy value is the nim-sum of theirs. A region is
the same game however the board is turned or reflected, so its canonical form is the least
of its 8 images (:func:`~sprague.rulesets.shapes.board_symmetries`), cropped to its cells.

The symmetry strategy (Winning Ways ch. 22): on an even x even board the second player
answers each domino with its image under the half turn, so the board is P; on an even x odd
board the first player places a domino on the two central cells and then answers by the
half turn, so it is N. The value of a 1 x n strip is that of the octal game 0.07 (Dawson's
Kayles): a domino removes two adjacent cells of a row, leaving two rows.

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

from sprague.core.budget import charge
from sprague.core.nimber import nim_sum
from sprague.rulesets.shapes import Board, BoardRuleset, board_symmetries, cell_name

__all__ = ["Cram", "regions", "region_board"]
ORDER = 80  #: where ``sprague list`` shows this module's rulesets

Cell = tuple[int, int]


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
    example: ClassVar[tuple[str, ...]] = ("3x4",)

    def moves(self, position: Board) -> Iterator[Board]:
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

    def canonical(self, position: Board) -> Any:
        """The sorted canonical forms of the regions: boards that are the same sum of regions share it."""
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
        """The nim-sum of the regions' values, each region searched once (kept in the solver's cache by its
        canonical form)."""
        return nim_sum(*(self._region_value(region_board(region)) for region in regions(position)))

    def computed_method(self, position: Board) -> str:
        return "nim-sum of the regions' values (search by regions, up to symmetry)"

    def _region_value(self, region: Board) -> int:
        known: dict[Board, int] = self.solver.cache.setdefault("regions", {})
        value = known.get(region)
        if value is None:
            charge(1, "cram: the values of regions")
            seen = {
                nim_sum(*(self._region_value(r) for r in map(region_board, regions(o)))) for o in self.moves(region)
            }
            value = next(g for g in range(len(seen) + 1) if g not in seen)
            known[region] = value
        return value
