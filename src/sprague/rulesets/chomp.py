"""Chomp: choose a square of the chocolate bar and eat it with every square below it and right of it.

Chomp (Gale 1974) is played on a Young diagram: rows of squares, flush left, each row no
longer than the one above (:class:`~sprague.rulesets.shapes.BoardRuleset` with rows of
several lengths). The top-left square is poisoned: whoever eats it loses. sprague plays
the equivalent normal-play game on the diagram *without* the poisoned square: a move
chooses any other square ``(i, j)`` and cuts every row ``k >= i`` to length ``min(l_k, j)``;
the bar of the poisoned square alone has no move, so the player to move there (who would
have to eat the poison) loses. These are the Grundy values of the literature.

Written as the rows, ``#`` a square (``###/##/#``; trailing ``.`` eaten squares may be
written and are dropped), as the row lengths (``3,2,1``, or ``3 2 1``), or ``MxN`` for the
full M x N bar; printed as the row lengths, the compact form (a 40 x 50 bar is 2,000 squares
as rows), and drawn on the page as the rows. A move is named by the square chosen (``b2``:
column b, row 2).

Closed forms (each tested against search in ``tests/rulesets/test_chomp.py``):

* an L (one row of ``p + 1`` squares and ``q`` more squares below its first square) is Nim
  on the two arms: ``G = p xor q``, a P-position iff ``p = q``. One row of ``n`` squares is a
  Nim heap of ``n - 1``;
* two rows ``a >= b >= 1``: P iff ``a = b + 1`` (a move from ``a = b + 1`` leaves ``a' <= b``
  or ``b' < a - 1``, and from any other pair one move restores ``a = b + 1``);
* the n x n square (``n >= 2``): N, by eating ``b2``, which leaves the L with equal arms;
* every rectangle but 1 x 1: N, by Gale's strategy-stealing argument (Gale 1974): if eating
  the bottom-right square lost, the winning answer to it would be a first move too. The
  argument gives no move; sprague finds one by computing.

Under misère play an L is misère Nim on its two arms (Bouton 1901).

The game on a diagram and on its transpose (rows and columns exchanged) are the same, so
the canonical form is the lesser of the two row-length tuples. The values of every diagram
of at most m rows and n columns are computed bottom-up by a compiled kernel
(:mod:`sprague.kernels.chomp`), one table a row count, kept in the solver's cache.

>>> import sprague
>>> chomp = sprague.ruleset("chomp")
>>> chomp.outcome(chomp.parse_position(["3x4"])), chomp.grundy(chomp.parse_position(["4,1,1"]))
('N', 1)
>>> chomp.parse_position(["###/##/#"]), chomp.format_position(("###", "##", "#"))
(('###', '##', '#'), '3,2,1')
>>> chomp.describe_move(("###", "##"), ("###", "#"))
'b2'
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from sprague.core.budget import KERNEL_STEPS_PER_WORK, charge, check_memory, refuse_if_sure
from sprague.core.limits import MAX_BOARD_CELLS, MAX_SEARCH_CELLS, format_size, refuse_search_size
from sprague.core.ruleset import Family
from sprague.errors import InvalidPosition
from sprague.rulesets.shapes import Board, BoardRuleset, cell_name

__all__ = ["Chomp", "lengths_of", "board_of", "conjugate", "subdiagram_count", "bars_up_to"]
ORDER = 85  #: where ``sprague list`` shows this module's rulesets

Lengths = tuple[int, ...]
#: the most diagrams a table of values may hold (int32 each: 128 MiB)
MAX_TABLE = 2**25
#: rows plus columns of a bar per unit of work charged for its canonical form (and the option it keys): a
#: search from 20 x 20 spends some 2.4 us an option, 3 units with the search's own (measured, benchmarks/budget.py)
CANONICAL_SIDES_PER_WORK = 16
_LENGTHS = re.compile(r"\d+(\s*,\s*\d+|\s+\d+)*\s*,?")  # row lengths: 3,2,1 or 3 2 1


def lengths_of(board: Board) -> Lengths:
    """The row lengths of a (normalised) board, top row first."""
    return tuple(len(row) for row in board)


def board_of(lengths: Sequence[int]) -> Board:
    """The board of the row lengths ``lengths`` (empty rows dropped)."""
    return tuple(_row(n) for n in lengths if n > 0)


@functools.cache
def _row(n: int) -> str:
    """The row of ``n`` squares, one string shared by every bar that has it (a search holds the options of every
    position on its path: 3,000 options of 50 rows each for a 50 x 60 bar, 17 MB a position with rows of their
    own, 1.4 MB with shared ones)."""
    return "#" * n


def conjugate(lengths: Lengths) -> Lengths:
    """The transposed diagram: its row ``j`` is the number of rows longer than ``j``."""
    out, rows = [], len(lengths)
    for j in range(lengths[0] if lengths else 0):  # the rows longer than j: fewer as j grows (rows are sorted)
        while lengths[rows - 1] <= j:
            rows -= 1
        out.append(rows)
    return tuple(out)


def subdiagram_count(lengths: Lengths) -> int:
    """The number of diagrams inside ``lengths`` (the empty one included): every position a game can reach."""
    ways = [1] * (lengths[0] + 1) if lengths else [1]
    for n in lengths[1:]:  # ways[w]: sub-diagrams of the rows so far whose last row has length w
        total, cumulative = 0, []
        for w in range(len(ways)):
            total += ways[w]
            cumulative.append(total)
        ways = [cumulative[-1] - (cumulative[w - 1] if w else 0) if w <= n else 0 for w in range(len(ways))]
    return sum(ways)


class Chomp(BoardRuleset):
    """Chomp (Gale 1974): eat a square of the bar with every square below and right of it; whoever must eat the
    poisoned top-left square loses."""

    name = "chomp"
    aliases: ClassVar[tuple[str, ...]] = ("gale-chomp",)
    source = "-- Gale 1974 (Chomp)"
    cells: ClassVar[str] = "#."
    cell_words: ClassVar[dict[str, str]] = {"#": "a square"}
    rectangular: ClassVar[bool] = False
    closed_form = "L-shapes (Nim on the arms), two rows (P iff a = b + 1), rectangles N (Gale's strategy stealing)"
    position_help = (
        "the rows of the bar separated by /, # a square (e.g. ###/##/#), the row lengths (e.g. 3,2,1), "
        "or MxN for the full bar (e.g. 3x4); the top-left square is poisoned"
    )
    example: ClassVar[tuple[str, ...]] = ("3x4",)
    #: bars this large are read and valued by the closed forms; :data:`MAX_SEARCH_CELLS` for their options
    max_cells: ClassVar[int] = MAX_BOARD_CELLS

    # ------------------------------------------------------------------ notation
    def check_position(self, position: Any) -> Board:
        if isinstance(position, str) and re.fullmatch(r"[\d\s,.+-]*\d[\d\s,.+-]*", position.strip()):
            bad = [t for t in re.split(r"[\s,]+", position.strip()) if t and not t.isdigit()]
            if bad:
                raise InvalidPosition(
                    f"{self.name}: {position.strip()!r}: {bad[0]!r} is not a row length; row lengths are whole "
                    "numbers of squares separated by commas (e.g. 3,2,1), or give the rows (###/##/#)"
                )
        if isinstance(position, str) and _LENGTHS.fullmatch(position.strip()):
            position = tuple(int(t) for t in re.split(r"[\s,]+", position.strip()) if t)
        if isinstance(position, (tuple, list)) and position and all(type(n) is int for n in position):
            if any(n < 0 for n in position):
                raise InvalidPosition(f"{self.name}: row lengths {tuple(position)} must not be negative")
            if sum(position) > self.max_cells:
                raise InvalidPosition(
                    f"{self.name}: a bar of {sum(position):,} squares; the most is {self.max_cells:,}"
                )
            position = tuple("#" * n for n in position)
        rows = [row.rstrip(".") for row in super().check_position(position)]
        for i, row in enumerate(rows):
            if "." in row:
                raise InvalidPosition(
                    f"{self.name}: row {i + 1} ({row!r}) has an eaten square left of a square; a row is squares "
                    "from the left edge, e.g. ###/##/#"
                )
        while rows and not rows[-1]:
            rows.pop()
        lengths = [len(r) for r in rows]
        if any(b > a for a, b in zip(lengths, lengths[1:])):
            raise InvalidPosition(
                f"{self.name}: row lengths {', '.join(map(str, lengths))} grow downwards; each row of a Chomp bar is "
                "no longer than the row above it (a move eats every square below and right of the one chosen)"
            )
        if not rows or not lengths[-1]:
            raise InvalidPosition(
                f"{self.name}: the bar {repr(position)[:80]} has no poisoned square; a position has at least the "
                "top-left square (write # for it alone)"
            )
        return tuple(rows)

    def parse_position(self, tokens: Sequence[str]) -> Board:
        if tokens and all(t.strip().isdigit() for t in tokens):
            return self.check_position(",".join(tokens))
        return super().parse_position(tokens)

    def format_position(self, position: Board) -> str:
        """The row lengths, top row first (``3,2,1``): compact for large bars, and the literature's ``[p, q, r]``."""
        return ",".join(str(len(row)) for row in position)

    def canonical(self, position: Board) -> Lengths:
        """The lesser of the row lengths and those of the transposed diagram: the same game."""
        lengths = lengths_of(position)
        work = (len(lengths) + (lengths[0] if lengths else 0)) // CANONICAL_SIDES_PER_WORK
        if work:  # a search keys every option: this, with making the option, is most of its work on a large bar
            charge(work, "chomp: the canonical forms of bars")
        return min(lengths, conjugate(lengths))

    # ------------------------------------------------------------------ moves
    def moves(self, position: Board) -> Iterator[Board]:
        lengths = lengths_of(position)
        if sum(lengths) > MAX_SEARCH_CELLS:  # (the message written only then)
            refuse_search_size(
                f"{self.name}: the bar {_short(self.format_position(position))}",
                sum(lengths),
                MAX_SEARCH_CELLS,
                "squares",
            )
        for i, n in enumerate(lengths):
            for j in range(1 if i == 0 else 0, n):
                yield position[:i] + tuple(_row(min(m, j)) for m in lengths[i:] if min(m, j))

    def option_count(self, position: Board) -> int:
        return sum(map(len, position)) - 1

    def estimate_positions(self, position: Board) -> int:
        """The diagrams inside this one: every position a game from it can reach."""
        return subdiagram_count(lengths_of(position)) - 1

    def describe_move(self, position: Board, option: Board) -> str:
        """The square chosen: the first row the move shortened, at the option's length of it (``b2``)."""
        for i, row in enumerate(position):
            after = len(option[i]) if i < len(option) else 0
            if after != len(row):
                return cell_name(i, after)
        return f"{self.format_position(position)} -> {self.format_position(option)}"

    def marks(self, position: Board) -> dict[str, str]:
        return {"0,0": "poisoned"}

    def move_targets(self, position: Board, option: Board) -> list[str]:
        """The square eaten first (the one :meth:`describe_move` names): the first row shortened, at its new length."""
        for i, row in enumerate(position):
            after = len(option[i]) if i < len(option) else 0
            if after != len(row):
                return [f"{i},{after}"]
        return []

    def parse_move(self, position: Board, text: str) -> Board | None:
        """The option of eating the square named ``text`` (``b2``), or None."""
        found = re.fullmatch(r"([a-z]+)(\d+)", text.strip().lower())
        if not found:
            return None
        column = 0
        for letter in found.group(1):
            column = column * 26 + ord(letter) - 96
        row, column = int(found.group(2)) - 1, column - 1
        if not 0 <= row < len(position) or not 0 <= column < len(position[row]) or row == column == 0:
            return None
        return position[:row] + tuple("#" * min(len(r), column) for r in position[row:] if min(len(r), column))

    def random_position(self, rng: random.Random) -> Board:
        """A bar of 2 to 4 rows of 1 to 7 squares, longest on top."""
        return board_of(sorted((1 + rng.randrange(7) for _ in range(2 + rng.randrange(3))), reverse=True))

    def positions(self, size: int) -> Iterator[Board]:
        """Every bar of at most ``size`` squares, fewer squares first (moves keep within the set), each charged to
        the budget; refused at once when their number (the partitions of 1 to ``size``, a lower bound of the work
        of listing them) is over what the budget has left (200 squares: some 10^13 bars; before, 2 million of them
        were kept before anything said so)."""
        refuse_if_sure(
            f"{self.name}: listing the bars of at most {size:,} squares ({format_size(bars_up_to(size))} of them)",
            least_work=bars_up_to(size),
        )
        for cells in range(1, size + 1):
            for lengths in _partitions(cells, cells):
                charge(1 + len(lengths) // CANONICAL_SIDES_PER_WORK, f"{self.name}: listing the bars")
                yield board_of(lengths)

    def relations(self) -> list[str]:
        return [
            "The same game on the bar turned over its diagonal (rows and columns exchanged).",
            "One row of n squares is a Nim heap of n - 1; an L with arms p and q is Nim heaps p and q.",
            "Chomp on the divisors of 2^a 3^b (a divisor eaten with its multiples) is Chomp on an (a+1) x (b+1) bar.",
        ]

    # ------------------------------------------------------------------ closed forms
    def _oriented(self, position: Board) -> Lengths:
        """The row lengths, turned so that there are no more rows than columns."""
        lengths = lengths_of(position)
        return lengths if len(lengths) <= lengths[0] else conjugate(lengths)

    def closed_grundy(self, position: Board) -> int | None:
        """An L (one row and one column): Nim heaps of its two arms."""
        lengths = lengths_of(position)
        if all(n == 1 for n in lengths[1:]):
            return (lengths[0] - 1) ^ (len(lengths) - 1)
        return None

    def closed_outcome(self, position: Board) -> str | None:
        g = self.closed_grundy(position)
        if g is not None:
            return "P" if g == 0 else "N"
        lengths = self._oriented(position)
        if len(lengths) == 2:
            return "P" if lengths[0] == lengths[1] + 1 else "N"
        if len(set(lengths)) == 1:
            return "N"  # a rectangle of at least 2 x 2 (Gale's strategy stealing)
        return None

    def closed_method(self, position: Board) -> str:
        lengths = lengths_of(position)
        oriented = self._oriented(position)
        if all(n == 1 for n in lengths[1:]):
            return "closed form: an L is Nim on its two arms, G = p xor q"
        if len(oriented) == 2:
            return "closed form: two rows a >= b are P iff a = b + 1"
        if len(oriented) == oriented[0] and len(set(oriented)) == 1:
            return "closed form: a square n x n is N (eat b2, leaving the L with equal arms)"
        if len(set(oriented)) == 1:
            return "closed form: every rectangle larger than 1 x 1 is N (Gale 1974, strategy stealing; no move given)"
        return f"closed form: {self.closed_form}"

    def closed_explanation(self, position: Board) -> str | None:
        """The closed form worked out on this bar (the web page's Why panel), or None."""
        arms = self._arms(position)
        oriented = self._oriented(position)
        if arms is not None:
            p, q = arms
            return f"an L with arms p = {p} (row) and q = {q} (column) is Nim on two heaps: G = {p} xor {q} = {p ^ q}"
        if len(oriented) == 2:
            a, b = oriented
            outcome = "P" if a == b + 1 else "N"
            sign = "=" if a == b + 1 else "!="
            return f"two rows a = {a}, b = {b} are P iff a = b + 1: {a} {sign} {b} + 1, so {outcome}"
        if len(set(oriented)) == 1:
            m, n = len(oriented), oriented[0]
            if m == n:
                return f"the {n} x {n} square: eating b2 leaves the L with equal arms {n - 1}, a P-position, so N"
            return (
                f"the {m} x {n} rectangle (Gale 1974, strategy stealing): if eating the bottom-right square lost, the "
                "winning answer to it would be a winning first move, so N"
            )
        return None

    def closed_winning_move(self, position: Board) -> Board | None:
        """The move the closed forms construct: equal arms of an L, ``a = b + 1`` on two rows, ``b2`` on a square."""
        lengths = lengths_of(position)
        turned = len(lengths) > lengths[0]
        oriented = conjugate(lengths) if turned else lengths
        move: Lengths | None = None
        if all(n == 1 for n in oriented[1:]):
            p, q = oriented[0] - 1, len(oriented) - 1
            if p != q:
                move = (q + 1,) + oriented[1:] if p > q else oriented[: p + 1]
        elif len(oriented) == 2:
            a, b = oriented
            if a > b + 1:
                move = (b + 1, b)
            elif a == b:
                move = (a, b - 1)
        elif len(oriented) == oriented[0] and len(set(oriented)) == 1:
            move = (oriented[0],) + (1,) * (len(oriented) - 1)
        if move is None:
            return None
        return board_of(conjugate(move) if turned else move)

    # ------------------------------------------------------------------ misère closed forms
    @staticmethod
    def _arms(position: Board) -> tuple[int, int] | None:
        """The arms ``(p, q)`` of an L (first row ``p + 1``, ``q`` squares below it), or None."""
        lengths = lengths_of(position)
        return (lengths[0] - 1, len(lengths) - 1) if all(n == 1 for n in lengths[1:]) else None

    def misere_closed_outcome(self, position: Board) -> str | None:
        """An L is misère Nim on its two arms (Bouton 1901): P iff the arms are equal and one is at least 2, or
        the arms are 1 and 0."""
        arms = self._arms(position)
        if arms is None:
            return None
        p, q = arms
        return ("P" if p ^ q == 1 else "N") if max(p, q) <= 1 else ("P" if p == q else "N")

    def misere_closed_winning_move(self, position: Board) -> Board | None:
        """On an L: leave equal arms of at least 2, or arms 1 and 0 (misère Nim's move)."""
        arms = self._arms(position)
        if arms is None or self.misere_closed_outcome(position) != "N" or arms == (0, 0):
            return None
        p, q = arms
        small, big = sorted((p, q))
        if big <= 1:  # arms 1 and 1: leave 1 and 0
            target = (1, 0)
        elif small <= 1:  # one long arm: cut it so that the arms are 1 and 0
            target = (1 - small, small) if p == big else (small, 1 - small)
        else:
            target = (small, small)
        return board_of((target[0] + 1,) + (1,) * target[1])

    def misere_closed_method(self, position: Board) -> str:
        return "closed form under misère play: an L is misère Nim on its two arms (Bouton 1901)"

    # ------------------------------------------------------------------ computed values
    def computed_grundy(self, position: Board) -> int | None:
        """The value read from the table of every diagram of its rows and columns (compiled), or None past
        :data:`MAX_TABLE` diagrams."""
        return self._value(position, misere=False)

    def computed_method(self, position: Board) -> str:
        m, n = len(self._oriented(position)), self._oriented(position)[0]
        return f"table of the values of every diagram within {m} x {n} (compiled, bottom-up by rank)"

    def computed_winning_move(self, position: Board) -> Board | None:
        return self._winning_move(position, misere=False)

    def misere_computed_outcome(self, position: Board) -> str | None:
        g = self._value(position, misere=True)
        return None if g is None else ("P" if g == 0 else "N")

    def misere_computed_winning_move(self, position: Board) -> Board | None:
        return self._winning_move(position, misere=True)

    def misere_computed_method(self, position: Board) -> str:
        m, n = len(self._oriented(position)), self._oriented(position)[0]
        return f"table of the misère values g- of every diagram within {m} x {n} (compiled, bottom-up by rank)"

    def _winning_move(self, position: Board, misere: bool) -> Board | None:
        if self._value(position, misere) in (None, 0):
            return None
        return next((o for o in self.moves(position) if self._value(o, misere) == 0), None)

    def _value(self, position: Board, misere: bool) -> int | None:
        from sprague.kernels.chomp import rank_of

        lengths = self._oriented(position)
        table = self.table(len(lengths), lengths[0], misere)
        return None if table is None else int(table[rank_of(lengths, len(lengths))])

    def table(self, m: int, n: int, misere: bool = False) -> np.ndarray | None:
        """The values (misère: g-) of every diagram of at most ``m`` rows and ``n`` columns, indexed by rank
        (:func:`sprague.kernels.chomp.rank_of`), computed once and kept in the solver's cache; None past
        :data:`MAX_TABLE` diagrams. Charged to the budget as it is filled; a stopped table resumes."""
        from sprague.kernels.chomp import fill_values, table_size

        size = table_size(m, n)
        if size > MAX_TABLE:
            return None
        tables: dict[tuple[int, bool], list[Any]] = self.solver.cache.setdefault("chomp tables", {})
        have = tables.get((m, misere))
        if have is None or have[0] < n:
            check_memory("chomp: the table of values", extra=4 * size)
            values = np.zeros(size, dtype=np.int32)
            filled = 0
            if have is not None:
                filled = have[2]
                values[:filled] = have[1][:filled]
            have = tables[(m, misere)] = [n, values, filled]
        if have[2] < size:
            self._fill(have, m, size, fill_values, misere)
        return have[1][:size]

    def p_positions(self, m: int, n: int) -> list[Lengths]:
        """The P-positions of at most ``m`` rows and ``n`` columns as row lengths padded with zeros to ``m`` rows
        (the literature's ``[p, q, r]``), in rank order; from the table (:meth:`table`)."""
        from sprague.kernels.chomp import lengths_of_rank

        table = self.table(m, n)
        if table is None:
            raise InvalidPosition(f"{self.name}: a table of every diagram within {m} x {n} is too large")
        return [lengths_of_rank(int(k), m) for k in np.flatnonzero(table == 0) if k]

    @staticmethod
    def _fill(have: list[Any], m: int, size: int, fill_values: Any, misere: bool) -> None:
        """Fill ``have[1]`` up to ``size`` in chunks of some 5 million kernel steps, each charged when done."""
        chunk = max(64, 5_000_000 // max(1, m * m * have[0]))
        while have[2] < size:
            stop = min(size, have[2] + chunk)
            steps = fill_values(m, have[0], have[1], have[2], stop, misere)
            have[2] = stop
            charge(1 + steps // KERNEL_STEPS_PER_WORK, "chomp: the table of values")

    def families(self) -> dict[str, Family]:
        """The bars of ``sprague discover --family rows``: ``rows(a, b[, c])`` has those row lengths (longest on
        top, whatever their order)."""
        return {
            "rows": Family(
                lambda *z: self.check_position(tuple(sorted(z, reverse=True))),
                (2, 3),
                1,
                "the bar of rows of those lengths, longest on top",
                default_max=12,
            )
        }


def _short(text: str, most: int = 60) -> str:
    """``text`` cut after ``most`` characters for a message."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def bars_up_to(size: int, most: int = 400) -> int:
    """The bars of 1 to ``size`` squares (the partitions of each number), counted up to ``most`` squares only: a
    lower bound past it (exact up to it; 30 squares: 28,628 bars, OEIS A000070 less one)."""
    top = min(size, most)
    ways = [1] + [0] * top  # ways[k]: the partitions of k into the parts seen so far
    for part in range(1, top + 1):
        for k in range(part, top + 1):
            ways[k] += ways[k - part]
    return sum(ways[1:])


def _partitions(total: int, largest: int) -> Iterator[Lengths]:
    """The partitions of ``total`` into parts of at most ``largest``, largest part first."""
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest), 0, -1):
        for rest in _partitions(total - first, first):
            yield (first, *rest)
