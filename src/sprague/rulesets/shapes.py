"""Shapes of positions: the base classes that say how a position is written, parsed and drawn.

A ruleset's shape is its base class, as in CGSuite (``HeapRuleset``, ``CoordinateRuleset``):

* :class:`~sprague.rulesets.heap.HeapRuleset` (board ``heaps``): heaps, a one-heap game on
  their sum (``3 5 6``); :class:`~sprague.rulesets.heap.MultiHeapRuleset` (``heaps``): a
  move may touch several heaps;
* :class:`CoordinateRuleset` (``grid``): two heaps, a cell ``(x, y)`` of the plane (``3 5``);
* :class:`CoinRuleset` (``coins``): a row of coins, heads and tails (``THHTTH``);
* :class:`GraphRuleset` (``graph``): edges ``u-v`` of a graph, vertex 0 the ground (``0-1 1-2``);
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

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from sprague.errors import InvalidPosition
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset
from sprague.rulesets.loopyheap import LoopyHeapRuleset
from sprague.solve.ruleset import Ruleset

__all__ = [
    "BOARDS",
    "CoordinateRuleset",
    "CoinRuleset",
    "GraphRuleset",
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
#: (x, y) (more heaps as stacks); a row of coins; a graph on the ground; the position as written
BOARDS = ("heaps", "grid", "coins", "graph", "text")


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
