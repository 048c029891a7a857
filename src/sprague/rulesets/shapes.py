"""Shapes of positions: the base classes that say how a position is written, parsed and drawn.

A ruleset's shape is its base class, as in CGSuite (``HeapRuleset``, ``CoordinateRuleset``):

* :class:`~sprague.rulesets.heap.HeapRuleset` (board ``heaps``): heaps, a one-heap game on
  their sum (``3 5 6``); :class:`~sprague.rulesets.heap.MultiHeapRuleset` (``heaps``): a
  move may touch several heaps;
* :class:`CoordinateRuleset` (``grid``): two heaps, a cell ``(x, y)`` of the plane (``3 5``);
* :class:`CoinRuleset` (``coins``): a row of coins, heads and tails (``THHTTH``);
* :class:`GraphRuleset` (``graph``): edges ``u-v`` of a graph, vertex 0 the ground (``0-1 1-2``);
* :class:`BoardRuleset` (``cells``): a board of square cells, its rows separated by ``/``
  (``..#./....``, or ``3x4`` for an empty board of 3 rows and 4 columns);
* any other :class:`~sprague.solve.ruleset.Ruleset` (``text``): the position as written (a vertex name...).

The command line and the web page learn from the class, never from a list of names:
``board`` says how the page draws a position (``/api/rulesets`` reports it), and the
functions below answer what the layers above ask of a ruleset's shape (is there a
single-heap sequence? what is the smallest heap?). They read the base classes, so that
no module outside :mod:`sprague.rulesets` checks a ruleset's family itself.

>>> import sprague
>>> [sprague.find_ruleset(n).board for n in ("nim", "wythoff", "turning-turtles", "green-hackenbush", "digraph")]
['heaps', 'grid', 'coins', 'graph', 'text']
>>> one_heap(sprague.ruleset("kayles")), one_heap(sprague.ruleset("wythoff")), min_heap(sprague.ruleset("vdn"))
(True, False, 1)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from sprague.core.limits import MAX_DRAWN_CELLS
from sprague.errors import InvalidPosition
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset
from sprague.rulesets.loopyheap import LoopyHeapRuleset
from sprague.solve.ruleset import Ruleset

__all__ = [
    "BOARDS",
    "CoordinateRuleset",
    "CoinRuleset",
    "GraphRuleset",
    "BoardRuleset",
    "Board",
    "board_symmetries",
    "cell_name",
    "Shape",
    "shape",
    "one_heap",
    "heap_game",
    "loopy_heaps",
    "min_heap",
    "components",
    "examples",
]

#: how the web page draws a position, by ``Ruleset.board``: stacks of tokens; two heaps as a cell of the grid of
#: (x, y) (more heaps as stacks); a row of coins; a graph on the ground; a board of cells; the position as written
BOARDS = ("heaps", "grid", "coins", "graph", "cells", "text")


class CoordinateRuleset(MultiHeapRuleset):
    """A two-heap game whose positions are the cells ``(x, y)`` of the plane (CGSuite's ``CoordinateRuleset``).

    Wythoff's Nim, Delete Nim and Variant Delete Nim are such games: a move goes from a
    cell to a cell, and the page draws the position as the grid of cells, the options
    coloured by outcome. Subclasses define ``moves`` as any heap game does.

    >>> import sprague
    >>> class Rook(CoordinateRuleset):   # a rook moved left or down: two-heap Nim on the grid
    ...     name = "rook"
    ...     def moves(self, p):
    ...         x, y = p
    ...         return [(a, y) for a in range(x)] + [(x, b) for b in range(y)]
    >>> game = sprague.ruleset(Rook)
    >>> game.board, game.grundy((3, 5)), game.parse_position(["3", "5"])
    ('grid', 6, (3, 5))
    """

    board = "grid"
    heaps = 2
    position_help = "two heap sizes, e.g. 3 5"
    example: ClassVar[tuple[str, ...]] = ("3", "5")


class CoinRuleset(Ruleset):
    """A row of coins written with H and T, numbered 1, 2, ... from the left (the positions of coin games).

    Subclasses define ``moves`` (rows of the same length).
    """

    board = "coins"
    #: the empty row, as written
    empty: ClassVar[str] = "(no coins)"

    listed: ClassVar[bool] = False
    position_help = "a row of coins as a string of H and T, e.g. THHTTH"
    example: ClassVar[tuple[str, ...]] = ("THHTTH",)

    def check_position(self, position: Any) -> str:
        if not isinstance(position, str):
            raise InvalidPosition(f"{self.name}: position {position!r} must be a string of H and T, e.g. 'TTHHTHH'")
        row = position.strip().upper()
        if row == self.empty.upper():
            return ""
        bad = sorted(set(row) - {"H", "T"})
        if bad:
            raise InvalidPosition(
                f"{self.name}: {position!r} has {bad[0]!r}; write the row with H (heads) and T (tails) only, "
                "e.g. TTHHTHH"
            )
        return row

    def parse_position(self, tokens: Sequence[str]) -> str:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        text = " ".join(tokens)
        return self.check_position(text if text.strip() == self.empty else text.replace(" ", ""))

    def format_position(self, position: str) -> str:
        return position or self.empty

    def positions(self, size: int) -> Iterator[str]:
        """Every row of at most ``size`` coins, shorter rows first (moves keep the length: the set is closed)."""
        for length in range(size + 1):
            for bits in range(2**length):
                yield "".join("H" if bits >> (length - 1 - i) & 1 else "T" for i in range(length))

    def random_position(self, rng: random.Random) -> str:
        """A row of 5 to 10 coins, each heads or tails."""
        return "".join(rng.choice("HT") for _ in range(5 + rng.randrange(6)))

    def estimate_positions(self, position: str) -> int:
        """Every row that agrees with this one right of its last head (no move turns a coin there)."""
        return 2 ** len(position.rstrip("T"))

    def describe_move(self, position: str, option: str) -> str:
        turned = [f"{i + 1} ({a}->{b})" for i, (a, b) in enumerate(zip(position, option)) if a != b]
        return "turn coin " + " and ".join(reversed(turned))


class GraphRuleset(Ruleset):
    """A graph on the ground: positions are sorted tuples of edges ``(u, v)``, ``u <= v``, vertex 0 the ground.

    Written ``0-1 1-2``, sent to the page as ``[[0, 1], [1, 2]]`` and drawn there above the
    ground. Subclasses define ``check_position`` (which graphs are positions, read from
    such a string or from Python) and ``moves``.
    """

    board = "graph"
    #: the graph without edges, as written
    empty: ClassVar[str] = "(ground only)"
    position_help = "edges u-v separated by spaces, vertex 0 (or g) is the ground, e.g. 0-1 1-2"

    def parse_position(self, tokens: Sequence[str]) -> Any:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        return self.check_position(" ".join(tokens))

    def format_position(self, position: tuple[tuple[int, int], ...]) -> str:
        return " ".join(f"{u}-{v}" for u, v in position) if position else self.empty

    def position_to_json(self, position: tuple[tuple[int, int], ...]) -> list[list[int]]:
        return [[u, v] for u, v in position]


Board = tuple[str, ...]


class BoardRuleset(Ruleset):
    """A game on a board of square cells: a position is a tuple of rows, each a string of cell characters.

    Written with the rows separated by ``/`` (``..#./....``; ``.`` is an empty cell, the
    other characters of :attr:`cells` are what a cell may hold), or ``MxN`` for an empty
    board of ``M`` rows and ``N`` columns; sent to the page as the list of rows and drawn
    there as the board. Rows have the same length unless :attr:`rectangular` is False
    (Chomp's rows shorten). Rows are numbered 1, 2, ... from the top and columns a, b, ...
    from the left (:func:`cell_name`). Subclasses define ``moves``.

    >>> import sprague
    >>> class Fill(BoardRuleset):   # fill one empty cell: a game of Nim heaps of 1
    ...     name = "fill"
    ...     def moves(self, board):
    ...         return [board[:r] + (row[:c] + "#" + row[c + 1 :],) + board[r + 1 :]
    ...                 for r, row in enumerate(board) for c, x in enumerate(row) if x == "."]
    >>> game = sprague.ruleset(Fill)
    >>> game.parse_position(["2x3"]), game.format_position(("..#", "...")), game.grundy(("..#", "..."))
    (('...', '...'), '..#/...', 1)
    >>> game.describe_move(("..#", "..."), ("..#", ".#."))
    'b2'
    """

    board = "cells"
    #: the characters a cell may hold; the first is the empty cell
    cells: ClassVar[str] = ".#"
    #: whether every row has the same length
    rectangular: ClassVar[bool] = True
    #: the most cells a board may have (a larger one is refused when read)
    max_cells: ClassVar[int] = 4096
    position_help = (
        "the rows of the board separated by /, . an empty cell and # a filled one (e.g. ..#./....), "
        "or MxN for an empty board (e.g. 3x4)"
    )
    example: ClassVar[tuple[str, ...]] = ("3x4",)
    #: what each cell character is, in words (the labels of the page's board)
    cell_words: ClassVar[dict[str, str]] = {".": "empty", "#": "filled"}
    #: how many cells a move picks on the page's board: 1 (a click plays it) or 2 (Cram's domino: two clicks)
    picks: ClassVar[int] = 1

    def check_position(self, position: Any) -> Board:
        if isinstance(position, str):
            position = self._read(position)
        if not isinstance(position, (tuple, list)) or not all(isinstance(row, str) for row in position):
            raise InvalidPosition(
                f"{self.name}: position {position!r} must be the rows of the board, e.g. '..#./....' or "
                "('..#.', '....')"
            )
        rows = tuple(position)
        if sum(map(len, rows)) > self.max_cells:
            raise InvalidPosition(
                f"{self.name}: a board of {sum(map(len, rows)):,} cells; the most is {self.max_cells:,}"
            )
        for i, row in enumerate(rows):
            bad = sorted(set(row) - set(self.cells))
            if bad:
                allowed = " ".join(self.cells)
                hint = " (an empty board is MxN, e.g. 3x4)" if any(c.isdigit() for c in bad) else ""
                raise InvalidPosition(
                    f"{self.name}: row {i + 1} ({row!r}) has {bad[0]!r}; a cell is one of {allowed}{hint}"
                )
        if self.rectangular and len({len(row) for row in rows}) > 1:
            raise InvalidPosition(
                f"{self.name}: the rows have lengths {', '.join(str(len(r)) for r in rows)}; give rows of one length"
            )
        return rows

    def _read(self, text: str) -> Board:
        """The rows of ``text``: ``..#./....`` or ``MxN``."""
        text = text.strip()
        m, x, n = text.lower().partition("x")
        if x and m.strip().isdigit() and n.strip().isdigit():
            rows, cols = int(m), int(n)
            if rows * cols > self.max_cells:
                raise InvalidPosition(
                    f"{self.name}: a board of {rows} x {cols} = {rows * cols:,} cells; the most is {self.max_cells:,}"
                )
            return (self.cells[0] * cols,) * rows
        if len(text) > 2 * self.max_cells:
            raise InvalidPosition(f"{self.name}: a board of over {self.max_cells:,} cells; give a smaller one")
        lines = text.replace(" ", "").split("/") if text else []
        while lines and not lines[-1]:  # a trailing / is allowed
            lines.pop()
        if "" in lines:
            raise InvalidPosition(
                f"{self.name}: row {lines.index('') + 1} of {text!r} is empty (two / with nothing between); "
                "write every row, e.g. ..#./...."
            )
        return tuple(lines)

    def parse_position(self, tokens: Sequence[str]) -> Board:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        return self.check_position("/".join(tokens))

    def format_position(self, position: Board) -> str:
        return "/".join(position) if any(position) else "(empty board)"

    def position_to_json(self, position: Board) -> list[str]:
        return list(position)

    def positions(self, size: int) -> Iterator[Board] | None:
        """Every rectangular board of at most ``size`` cells, each cell any of :attr:`cells` (fewer cells first;
        for ``sprague verify``): moves keep a board's shape, so the set is closed. None for boards whose rows
        differ in length (a subclass says which it has)."""
        if not self.rectangular:
            return None
        return (
            tuple("".join(cells[r * cols : (r + 1) * cols]) for r in range(count // cols))
            for count in range(1, size + 1)
            for cols in range(1, count + 1)
            if count % cols == 0
            for cells in itertools.product(self.cells, repeat=count)
        )

    def random_position(self, rng: random.Random) -> Board:
        """A board of 2 to 4 rows and 2 to 5 columns, each cell empty, or (one in five) one of the other cells."""
        rows, cols = 2 + rng.randrange(3), 2 + rng.randrange(4)
        rest = self.cells[1:] or self.cells
        return tuple(
            "".join(rng.choice(rest) if rng.random() < 0.2 else self.cells[0] for _ in range(cols)) for _ in range(rows)
        )

    def size(self, position: Board) -> int:
        """The cells of the first kind in :attr:`cells` (Cram's empty cells, Chomp's squares): what is left to play."""
        return sum(row.count(self.cells[0]) for row in position)

    def estimate_positions(self, position: Board) -> int:
        """Each empty cell filled or not: a bound on the boards a move sequence can reach (for the size guard)."""
        return 2 ** sum(row.count(self.cells[0]) for row in position)

    # ------------------------------------------------------------------ the page's board
    def drawing(self, position: Board) -> dict[str, Any] | None:
        """The board to click: cell ``r,c`` (row from the top, column from the left, from 0) named
        :meth:`square_name`; past :data:`MAX_DRAWN_CELLS` cells a note instead."""
        if sum(map(len, position)) > MAX_DRAWN_CELLS:
            return {
                "kind": "text",
                "note": f"{self.name}: a board of {sum(map(len, position)):,} cells is written as text, not drawn "
                f"(the page draws boards of up to {MAX_DRAWN_CELLS} cells); play it from the list of moves",
            }
        return {
            "kind": "cells",
            "rows": list(position),
            "names": [[self.square_name(r, c) for c in range(len(row))] for r, row in enumerate(position)],
            "words": self.cell_words,
            "marks": self.marks(position),
            "pick": self.picks,
        }

    def square_name(self, row: int, column: int) -> str:
        """The name of cell (row, column) as the moves say it (default :func:`cell_name`: ``b2``)."""
        return cell_name(row, column)

    def marks(self, position: Board) -> dict[str, str]:
        """Cells the page marks, ``{"r,c": what}`` (Chomp's poisoned square); default none."""
        return {}

    def move_targets(self, position: Board, option: Board) -> list[str]:
        """The cells the move changes, ``r,c`` (joined by ``+`` when a move picks two), if they are :attr:`picks`
        many; else none (such a move is played from the list)."""
        if len(option) != len(position) or any(len(a) != len(b) for a, b in zip(position, option)):
            return []
        changed = [
            f"{r},{c}"
            for r, (before, after) in enumerate(zip(position, option))
            for c, (a, b) in enumerate(zip(before, after))
            if a != b
        ]
        return ["+".join(changed)] if len(changed) == self.picks else []

    def describe_move(self, position: Board, option: Board) -> str:
        """The cells the move changed, by name (``b2``), with what they hold when that is not just filled."""
        changed = [
            (r, c, b)
            for r, (before, after) in enumerate(zip(position, option))
            for c, (a, b) in enumerate(zip(before, after))
            if a != b
        ]
        if len(option) != len(position) or any(len(a) != len(b) for a, b in zip(position, option)):
            return f"{self.format_position(position)} -> {self.format_position(option)}"
        plain = set(self.cells[1:2])
        return " ".join(cell_name(r, c) + ("" if b in plain else f"={b}") for r, c, b in changed)


def cell_name(row: int, column: int) -> str:
    """The name of a cell: its column as letters (a, b, ..., z, aa, ...) then its row from 1 (``cell_name(1, 0)`` is
    ``a2``)."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(97 + rest) + letters
    return f"{letters}{row + 1}"


def board_symmetries(board: Board) -> list[Board]:
    """The 8 boards the symmetries of the square make of ``board`` (reflections, turns; a turned M x N board is
    N x M), or the 4 reflections of a board with rows of several lengths. A game whose moves do not care how
    the board is turned (Cram) takes the least as its canonical form.

    >>> sorted(board_symmetries(("#..", "...")))[:3]
    [('#.', '..', '..'), ('#..', '...'), ('.#', '..', '..')]
    """
    rows = list(board)
    flips = [rows, [r[::-1] for r in rows], rows[::-1], [r[::-1] for r in rows[::-1]]]
    out = [tuple(b) for b in flips]
    if rows and len(set(map(len, rows))) == 1:
        turned = ["".join(col) for col in zip(*rows)]
        out += [tuple(b) for b in (turned, [r[::-1] for r in turned], turned[::-1], [r[::-1] for r in turned[::-1]])]
    return out


# ------------------------------------------------------------------ what the layers above ask of a shape
# Each answer is a fact of the base class. (Once :class:`~sprague.solve.ruleset.Ruleset` declares them as class
# attributes -- ``one_heap = False``, ``heaps = None``, ``min_heap = 0`` -- these become attribute reads.)
def one_heap(r: Ruleset) -> TypeGuard[HeapRuleset]:
    """Whether ``r`` is a one-heap game (:class:`HeapRuleset`): a move changes one heap, values come from the
    single-heap sequence, and sequences, genus and misère quotients apply."""
    return isinstance(r, HeapRuleset)


def heap_game(r: Ruleset) -> TypeGuard[MultiHeapRuleset]:
    """Whether ``r``'s positions are tuples of heaps, enumerable as boxes (tables, ``table --heaps``, discover)."""
    return isinstance(r, MultiHeapRuleset)


def loopy_heaps(r: Ruleset) -> TypeGuard[LoopyHeapRuleset]:
    """Whether ``r`` is a loopy game on independent heaps (its single heaps have values gamma, a sequence)."""
    return isinstance(r, LoopyHeapRuleset)


def min_heap(r: Ruleset | type[Ruleset]) -> int:
    """The smallest heap of ``r``'s positions (1 in games whose heaps never empty), 0 for other games."""
    cls = r if isinstance(r, type) else type(r)
    return cls.min_heap if issubclass(cls, MultiHeapRuleset) else 0


def components(r: Ruleset) -> tuple[Ruleset, ...]:
    """The rulesets that ``r`` is the disjunctive sum of (a :class:`~sprague.rulesets.sums.Sum`), else ``()``."""
    from sprague.rulesets.sums import Sum

    return r.components if isinstance(r, Sum) else ()


@dataclass(frozen=True)
class Shape:
    """What the page reads of a ruleset class: how its positions are drawn and which explorations apply."""

    #: one of :data:`BOARDS`
    board: str
    #: a one-heap game (:func:`one_heap`): sequences, genus and quotients apply
    one_heap: bool
    #: positions are tuples of heaps (:func:`heap_game`)
    heap_game: bool
    #: the number of heaps of every position, or None
    heaps: int | None
    #: the smallest heap
    min_heap: int


def shape(cls: type[Ruleset]) -> Shape:
    """The shape of a ruleset class (``/api/rulesets`` reports it).

    >>> shape(CoordinateRuleset)
    Shape(board='grid', one_heap=False, heap_game=True, heaps=2, min_heap=0)
    """
    heaps = issubclass(cls, MultiHeapRuleset)
    return Shape(
        board=cls.board,
        one_heap=issubclass(cls, HeapRuleset),
        heap_game=heaps,
        heaps=cls.heaps if issubclass(cls, MultiHeapRuleset) else None,
        min_heap=min_heap(cls),
    )


_KINDS: dict[str, Callable[[Shape], bool]] = {
    "one-heap": lambda s: s.one_heap,
    "heaps": lambda s: s.heap_game and s.heaps is None,
}


def examples(kind: str, count: int = 3) -> str:
    """The names of the first ``count`` registered rulesets of a kind, for a message that gives examples:
    ``"one-heap"`` (:func:`one_heap`) or ``"heaps"`` (played on any number of heaps).

    >>> examples("one-heap")
    'nim, subtraction, all-but'
    """
    from sprague.rulesets import REGISTRY

    return ", ".join([cls.name for cls in REGISTRY if _KINDS[kind](shape(cls))][:count])
