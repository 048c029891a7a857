"""The game-agnostic solver: memoised, iterative Grundy values for any short game.

Under misère play (``misere=True``) it computes Conway's misère Grundy value g-
instead: 1 at a terminal position, else the mex of the options' values (Winning
Ways ch. 13), so that a position is a misère P-position iff its value is 0.

It needs from a ruleset only ``moves(position)`` (the options) and
``canonical(position)`` (a hashable memo key). It keeps an explicit stack, so a
chain of 10^5 positions needs no recursion, and it detects cycles, which a short
game cannot have.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable
from itertools import islice
from typing import Any

from sprague.core.budget import POSITION_WORK, active
from sprague.core.limits import DEFAULT_MAX_POSITIONS, RAISE_HINT
from sprague.core.nimber import mex
from sprague.errors import BudgetExceeded, NotShortGame

__all__ = ["MexSearch", "list_options", "shown", "cut", "held_bytes", "OPTION_CHUNK", "MEMORY_CHECK_EVERY"]

#: options listed at once before the budget is charged for them (a position with more is listed chunk by chunk)
OPTION_CHUNK = 65_536
#: the most work one charge for listing options covers (see :func:`list_options`)
CHARGED_AT_ONCE = 10_000
#: positions expanded between two readings of the memory held (a reading costs some 10 us)
MEMORY_CHECK_EVERY = 1024
#: bytes of options listed between two readings of the memory held, however few the positions: a position of 1,000
#: heaps has some 20,000 options of 8 kB each, and a depth-first search keeps the options of every position on its
#: path
MEMORY_CHECK_BYTES = 1 << 26
#: bytes of an option (its ``sys.getsizeof``, about) per unit of work charged for it besides
#: :attr:`MexSearch.option_work`: an option of a position of 1,000 heaps (8 kB) is made, sorted to its key and
#: hashed in some 60-75 us (measured on Kayles); one of a few heaps costs the one unit
OPTION_BYTES_PER_WORK = 128
#: bytes a memo entry keeps besides its key's own object: the dict's slot, the value, the key's elements (small ints
#: are shared, so a lower estimate)
MEMO_ENTRY_BYTES = 100


class MexSearch:
    """Memoised depth-first Grundy computation with an explicit stack.

    A subclass may compute another value from the options' values by overriding
    :meth:`combine` (:class:`~sprague.solve.genus.GenusSearch`: Conway's genus).

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of a position.
    canonical : callable
        ``canonical(position)`` returns a hashable key; positions with the same key
        must have the same Grundy value (e.g. a sorted tuple of heaps).
    misere : bool
        Compute misère Grundy values g- (a terminal position has value 1).
    """

    #: how messages name the computation
    label = "brute-force search"
    #: what is defined only for short games (in the message on a cycle)
    defined = "Sprague-Grundy values are"
    #: work charged for each option (units of about a microsecond)
    option_work = 1

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        canonical: Callable[[Any], Hashable],
        misere: bool = False,
        describe: Callable[[Any], str] | None = None,
    ):
        self.moves = moves
        self.canonical = canonical
        self.misere = misere
        self.memo: dict[Hashable, Any] = {}
        #: how messages write a position: a ruleset's ``format_position`` (its notation, ``20,20,...`` for a Chomp
        #: bar, not the tuple of rows), else ``repr``
        self.describe: Callable[[Any], str] = describe if describe is not None else repr

    def combine(self, values: list[Any]) -> Any:
        """The value of a position from its options' values: their mex (misère: 1 with no options)."""
        return mex(values) if values or not self.misere else 1

    def grundy(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> int:
        """Grundy value (misère: g-) of ``position`` by exhaustive search of its game graph."""
        return int(self.value(position, max_positions))

    def value(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> Any:
        """The value of ``position`` (:meth:`combine` over its game graph, depth first), memoised.

        Work is charged to the active budget as it is done (:data:`~sprague.core.budget.POSITION_WORK` a position
        expanded, :attr:`option_work` an option listed, and a unit more per :data:`OPTION_BYTES_PER_WORK` bytes of
        a large option) and the memory held is checked every :data:`MEMORY_CHECK_EVERY` positions, or
        :data:`MEMORY_CHECK_BYTES` of options listed; the search stops at the budget or after ``max_positions`` new
        positions, and the values found so far stay in the memo.
        """
        memo = self.memo
        canonical = self.canonical
        root = canonical(position)
        if root in memo:
            return memo[root]
        budget = len(memo) + max_positions
        what = f"{self.label} from {shown(position, self.describe)}"
        try:
            return self._search(position, root, max_positions, budget, what)
        except BudgetExceeded as exc:
            if str(exc).startswith(what):
                raise
            # stopped inside the ruleset's moves or canonical forms, which charge their own work: say whose search
            raise BudgetExceeded(f"{what}: {exc}", estimate=exc.estimate, limit=exc.limit) from None

    def _search(self, position: Any, root: Hashable, max_positions: int, budget: int, what: str) -> Any:
        """The depth-first search of :meth:`value` (``budget``: the memo's size at which it stops)."""
        memo = self.memo
        canonical = self.canonical
        b = active()
        expanded = 0
        listed = 0  # bytes of options listed since the memory was last read
        entry_bytes = sys.getsizeof(root) + MEMO_ENTRY_BYTES  # what a memo entry keeps, about
        active_keys: set[Hashable] = set()
        # each entry: [position, key, child keys or None before expansion]
        stack: list[list[Any]] = [[position, root, None]]
        while stack:
            entry = stack[-1]
            key = entry[1]
            if entry[2] is None:
                if key in memo:
                    stack.pop()
                    continue
                size = sys.getsizeof(entry[0])  # its options' size, about
                opts = list_options(self.moves(entry[0]), what, size // OPTION_BYTES_PER_WORK)
                if b is not None:
                    b.charge(POSITION_WORK + self.option_work * len(opts), what)
                    expanded += 1
                    listed += held_bytes(entry[0]) * len(opts)  # with the strings and tuples it holds
                    if expanded % MEMORY_CHECK_EVERY == 0 or listed >= MEMORY_CHECK_BYTES:
                        b.check_memory(what, counted=(len(memo) - budget + max_positions) * entry_bytes)
                        listed = 0
                keys = [canonical(o) for o in opts]
                entry[2] = keys
                active_keys.add(key)
                for o, k in zip(opts, keys):
                    if k not in memo:
                        if k in active_keys:
                            raise NotShortGame(
                                f"position {o!r} can be reached from itself: the game graph has a cycle, "
                                f"and {self.defined} defined here only for short games (a game whose play may go on "
                                f"forever is a sprague.LoopyRuleset: values gamma, outcomes P, N or D)"
                            )
                        stack.append([o, k, None])
                if len(active_keys) + len(memo) > budget:
                    raise BudgetExceeded(
                        f"{what} stopped after {max_positions:,} positions (the limit) without finishing; {RAISE_HINT}",
                        estimate=None,
                        limit=max_positions,
                    )
            else:
                stack.pop()
                memo[key] = self.combine([memo[k] for k in entry[2]])
                active_keys.discard(key)
        return memo[root]


#: characters of a position a message shows at most
SHOWN_CHARS = 120


def shown(position: Any, describe: Callable[[Any], str] = repr) -> str:
    """``describe(position)`` (``repr`` by default) for a message, cut after :data:`SHOWN_CHARS` characters (a
    position may have 10^5 parts)."""
    try:  # heaps and strings read as they are; boards, graphs and objects in the game's notation
        text = repr(position) if _plain(position) else describe(position)
    except Exception:  # a position the notation cannot write (a message must still be given)
        text = repr(position)
    return cut(text)


def cut(text: str) -> str:
    """``text`` for a message, cut after :data:`SHOWN_CHARS` characters."""
    return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


def _plain(position: Any) -> bool:
    """Whether ``position`` reads well as its ``repr``: a number, a string, or a tuple of heaps (``(60, 60)``)."""
    if isinstance(position, (int, str)):
        return True
    return isinstance(position, tuple) and all(type(part) is int for part in position)


def held_bytes(position: Any, depth: int = 3) -> int:
    """The bytes ``position`` holds, about: its own size and, ``depth`` levels down, the tuples, strings and sets in
    it (a board's rows, a graph's edges), each counted where it is held (shared objects are counted as often).

    Time linear in those parts, so cheap beside listing the options of a position of its size (every option is as
    large): a search checks its memory by this count of what it lists, where ``sys.getsizeof`` of a tuple of
    strings counts only its pointers (a 50 x 60 Chomp bar holds 5 kB, of which ``getsizeof`` saw 440 bytes)."""
    size = sys.getsizeof(position)
    if depth and isinstance(position, (tuple, list, frozenset, set)):
        for part in position:
            if isinstance(part, (tuple, list, frozenset, set)):
                size += held_bytes(part, depth - 1)
            elif isinstance(part, (str, bytes)) and len(part) > 1:  # one-character strings are shared
                size += sys.getsizeof(part)
    return size


def list_options(moves: Iterable[Any], what: str, option_cost: int = 0) -> list[Any]:
    """The options ``moves`` yields, as a list; past :data:`OPTION_CHUNK` of them each further chunk is charged to
    the active budget (work and memory) as it is listed, so a position with too many options stops cleanly.

    ``option_cost``: units of work each option costs to make (a large position's options are large): they are
    charged as the options are listed, at most :data:`CHARGED_AT_ONCE` units at a time, so that listing the
    options of a position of thousands of heaps stops at the budget instead of past it."""
    it = iter(moves)
    b = active()
    step = OPTION_CHUNK if not option_cost or b is None else max(1, min(OPTION_CHUNK, CHARGED_AT_ONCE // option_cost))
    opts: list[Any] = []
    while True:
        more = list(islice(it, step))
        past = len(opts) >= OPTION_CHUNK  # the first OPTION_CHUNK options are charged by the caller
        opts += more
        if b is not None and (option_cost or past):
            b.charge(
                option_cost * len(more) + (len(more) if past else 0), f"{what}: listing the options of one position"
            )
            if past:
                b.check_memory(f"{what}: listing {len(opts):,} options of one position")
        if len(more) < step:
            return opts
