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

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from sprague.core.limits import DEFAULT_MAX_POSITIONS, RAISE_HINT, SEARCH_OPTIONS_PER_POSITION
from sprague.core.nimber import mex
from sprague.errors import NotShortGame, TooLarge

__all__ = ["Solver"]

class Solver:
    """Memoised depth-first Grundy computation with an explicit stack.

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of a position.
    canonical : callable
        ``canonical(position)`` returns a hashable key; positions with the same key
        must have the same Grundy value (e.g. a sorted tuple of heaps).
    misere : bool
        Compute misère Grundy values g- (a terminal position has value 1).

    A subclass may compute another value from the options' values by overriding
    :meth:`combine` (:class:`~sprague.solve.genus.GenusSolver`: Conway's genus).
    """

    #: how messages name the computation
    label = "brute-force search"
    #: what is defined only for short games (in the message on a cycle)
    defined = "Sprague-Grundy values are"

    def __init__(self, moves: Callable[[Any], Iterable[Any]], canonical: Callable[[Any], Hashable],
                 misere: bool = False):
        self.moves = moves
        self.canonical = canonical
        self.misere = misere
        self.memo: dict[Hashable, Any] = {}

    def combine(self, values: list[Any]) -> Any:
        """The value of a position from its options' values: their mex (misère: 1 with no options)."""
        return mex(values) if values or not self.misere else 1

    def grundy(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> int:
        """Grundy value (misère: g-) of ``position`` by exhaustive search of its game graph."""
        return int(self.value(position, max_positions))

    def value(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> Any:
        """The value of ``position`` (:meth:`combine` over its game graph, depth first), memoised."""
        memo = self.memo
        canonical = self.canonical
        root = canonical(position)
        if root in memo:
            return memo[root]
        budget = len(memo) + max_positions
        examined, most = 0, max_positions * SEARCH_OPTIONS_PER_POSITION  # options: the other measure of work
        active: set[Hashable] = set()
        # each entry: [position, key, child keys or None before expansion]
        stack: list[list[Any]] = [[position, root, None]]
        while stack:
            entry = stack[-1]
            key = entry[1]
            if entry[2] is None:
                if key in memo:
                    stack.pop()
                    continue
                opts = list(self.moves(entry[0]))
                examined += len(opts)
                if examined > most:
                    raise TooLarge(
                        f"{self.label} from {position!r} stopped after examining {most:,} options "
                        f"({SEARCH_OPTIONS_PER_POSITION} per position of the limit of {max_positions:,}) "
                        f"without finishing; {RAISE_HINT}",
                        estimate=None,
                        limit=most,
                    )
                keys = [canonical(o) for o in opts]
                entry[2] = keys
                active.add(key)
                for o, k in zip(opts, keys):
                    if k not in memo:
                        if k in active:
                            raise NotShortGame(
                                f"position {o!r} can be reached from itself: the game graph has a cycle, "
                                f"and {self.defined} defined here only for short games (a game whose play may go on forever is "
                                f"a sprague.LoopyRuleset: values gamma, outcomes P, N or D)"
                            )
                        stack.append([o, k, None])
                if len(active) + len(memo) > budget:
                    raise TooLarge(
                        f"{self.label} from {position!r} stopped after {max_positions:,} positions "
                        f"(the limit) without finishing; {RAISE_HINT}",
                        estimate=None,
                        limit=max_positions,
                    )
            else:
                stack.pop()
                memo[key] = self.combine([memo[k] for k in entry[2]])
                active.discard(key)
        return memo[root]
