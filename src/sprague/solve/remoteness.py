"""Remoteness: how many moves a game lasts when the winner hurries and the loser delays.

Steinhaus's remoteness (Winning Ways ch. 9, "If you can't beat 'em, join 'em!";
GamesmanUni shows it beside every move) of a position of a short impartial game:

* a position with no move has remoteness 0; it is a P-position under normal play
  (the player to move has lost) and an N-position under misère play (the player to
  move has won: the opponent made the last move);
* otherwise, if some option is a P-position the position is N and its remoteness is
  1 + the *least* remoteness of its P-options (the winner ends the game soonest);
* otherwise it is P and its remoteness is 1 + the *largest* remoteness of its options
  (the loser holds out longest).

So the winner with perfect play wins in exactly that many moves, whatever the loser
does. Under normal play a position is P exactly when its remoteness is even; under
misère play (a position with no move is N) the parity says nothing, and the outcome
is kept beside the remoteness. Remoteness needs the whole game graph (no nim-sum gives it), so it is found by
the bounded search of :class:`~sprague.solve.search.MexSearch`: a position too large
for the budget is stopped with :class:`~sprague.errors.TooLarge` there, never left running.

>>> from sprague.solve.remoteness import RemotenessSearch
>>> def nim(heaps):
...     return [heaps[:i] + (m,) + heaps[i + 1:] for i, h in enumerate(heaps) for m in range(h)]
>>> solver = RemotenessSearch(nim, lambda p: tuple(sorted(h for h in p if h)))
>>> solver.remoteness((1, 2, 3)), solver.remoteness((3,)), solver.remoteness((1, 1))  # 1 2 3: one token a move
(('P', 6), ('N', 1), ('P', 2))
>>> RemotenessSearch(nim, lambda p: tuple(sorted(h for h in p if h)), misere=True).remoteness((1,))
('P', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from sprague.core.budget import metered
from sprague.core.limits import DEFAULT_MAX_POSITIONS, check_limit
from sprague.core.ruleset import Rules
from sprague.solve.evaluate import refuse_search
from sprague.solve.search import MexSearch

__all__ = ["RemotenessSearch", "remoteness"]


class RemotenessSearch(MexSearch):
    """Outcome and remoteness of positions, memoised: ``("P" or "N", moves)`` (see the module docstring).

    The search of :class:`~sprague.solve.search.MexSearch` (depth first, an explicit stack,
    the same work limits), with each position's pair computed from its options' pairs.
    ``canonical`` must give equal keys only to positions with the same game graph (as a
    ruleset's ``canonical`` does).
    """

    label = "the remoteness search"
    defined = "remoteness is"

    def __init__(
        self, moves: Callable[[Any], Iterable[Any]], canonical: Callable[[Any], Hashable], misere: bool = False
    ):
        super().__init__(moves, canonical, misere)

    def combine(self, values: list[Any]) -> tuple[str, int]:
        if not values:
            return ("N" if self.misere else "P", 0)
        wins = [r for outcome, r in values if outcome == "P"]
        if wins:
            return ("N", 1 + min(wins))
        return ("P", 1 + max(r for _, r in values))

    def remoteness(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> tuple[str, int]:
        """``(outcome, remoteness)`` of ``position``, visiting at most ``max_positions`` new positions."""
        outcome, moves = self.value(position, max_positions)
        return str(outcome), int(moves)

    def known(self, position: Any) -> tuple[str, int] | None:
        """The pair of ``position`` if the search has reached it, else None (nothing is computed)."""
        found = self.memo.get(self.canonical(position))
        return None if found is None else (str(found[0]), int(found[1]))


@metered
def remoteness(
    r: Rules, position: Any, options: Iterable[Any] = (), max_positions: int | None = None, misere: bool = False
) -> tuple[tuple[str, int], list[tuple[str, int]]]:
    """``(outcome, remoteness)`` of ``position`` and of each of ``options`` (its options), by one search.

    Under the request's budget (a default one opened for the call when none is active): refused with
    :class:`~sprague.errors.BudgetExceeded` before it starts only when listing the options of ``position`` is
    over what is left, and stopped at the budget, or after ``max_positions`` new positions, as it goes.

    >>> import sprague
    >>> nim = sprague.ruleset("nim")
    >>> remoteness(nim, (1, 2), [(0, 2), (1, 0), (1, 1)])
    (('N', 3), [('N', 1), ('N', 1), ('P', 2)])
    """
    limit = check_limit(max_positions)
    position = r.check_position(position)
    refuse_search(r, position, limit, f"the remoteness search from {r.format_position(position)}")
    solver = RemotenessSearch(r.moves, r.canonical, misere)
    pair = solver.remoteness(position, limit)
    return pair, [solver.known(o) or solver.remoteness(o, limit) for o in options]
