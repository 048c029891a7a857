"""The public base class of rulesets: the hooks of :class:`~sprague.core.ruleset.Rules` and the algorithms of
:mod:`sprague.solve` as methods, one line each.

``sprague.Ruleset`` is this class; subclass it (or a shape such as
:class:`~sprague.rulesets.heap.HeapRuleset`) to define a game. Every method
here is a call of a function of :mod:`sprague.solve.evaluate` with the ruleset
first, so ``r.grundy(p)`` is ``evaluate.grundy(r, p)``.
"""

from __future__ import annotations

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.loopy import LoopyValue
from sprague.core.ruleset import Evaluation, Position, Rules
from sprague.solve import evaluate

__all__ = ["Ruleset", "LoopyRuleset"]


class Ruleset(Rules):
    """Base class of every ruleset. Subclasses override ``moves`` and, optionally, the hooks
    (:class:`~sprague.core.ruleset.Rules`, with the precedence table of :mod:`sprague.core.ruleset`)."""

    def options(self, position: Position, *, max_options: int = DEFAULT_MAX_POSITIONS) -> list[Position]:
        """Every option of ``position``, in a fixed order, without repeats."""
        return evaluate.options(self, position, max_options)

    def grundy(
        self, position: Position, method: str = "auto", max_positions: int | None = None, *, misere: bool = False
    ) -> int:
        """Grundy value. ``method``: ``"auto"`` (closed form if any, else search), ``"closed"``, ``"search"``.

        With ``misere=True``, Conway's misère Grundy value g- (1 at a terminal position, else the
        mex of the options' g-): the position is a misère P-position iff it is 0.
        """
        return evaluate.grundy(self, position, method, max_positions, misere)

    def outcome(
        self, position: Position, method: str = "auto", max_positions: int | None = None, *, misere: bool = False
    ) -> str:
        """``"P"`` (previous player wins) or ``"N"`` (next player wins).

        ``misere=True``: under misère play, where the player who makes the last move loses.
        """
        return evaluate.outcome(self, position, method, max_positions, misere)

    def gamma(self, position: Position, method: str = "auto", max_positions: int | None = None) -> LoopyValue:
        """The generalized Sprague-Grundy value: the Grundy value of a short game, a nimber or ``∞(K)`` of a
        loopy one."""
        return evaluate.grundy(self, position, method, max_positions, False)

    def drawing_moves(
        self, position: Position, method: str = "auto", max_positions: int | None = None
    ) -> list[Position]:
        """From a drawn position (outcome ``"D"``, loopy games only), the options that are drawn too: the moves
        that keep the draw (every other option is an N-position). Empty from a P- or N-position, and in a short game.
        """
        return evaluate.drawing_moves(self, position, method, max_positions)

    def drawing_move(
        self, position: Position, method: str = "auto", max_positions: int | None = None
    ) -> Position | None:
        """One of :meth:`drawing_moves`, or None where the position is not drawn."""
        found = self.drawing_moves(position, method, max_positions)
        return found[0] if found else None

    def is_p_position(self, position: Position, method: str = "auto", *, misere: bool = False) -> bool:
        return self.outcome(position, method, misere=misere) == "P"

    def options_with_value(
        self,
        position: Position,
        value: int,
        method: str = "auto",
        max_positions: int | None = None,
        *,
        misere: bool = False,
    ) -> list[Position]:
        """The options of ``position`` whose Grundy value (misère: g-) is ``value``."""
        return evaluate.options_with_value(self, position, value, method, max_positions, misere)

    def winning_moves(
        self, position: Position, method: str = "auto", max_positions: int | None = None, *, misere: bool = False
    ) -> list[Position]:
        """The options that are P-positions: the moves that win with perfect play (misère play with ``misere``).

        All of them or none: where the options are too many to list, this raises
        :class:`TooLarge` and says whether :meth:`winning_move` can construct one.
        """
        return evaluate.winning_moves(self, position, method, max_positions, misere)

    def winning_move(
        self, position: Position, method: str = "auto", max_positions: int | None = None, *, misere: bool = False
    ) -> Position | None:
        """One winning move (an option that is a P-position), or None from a P-position.

        Where a theorem constructs one (``closed_winning_move``; misère: ``misere_closed_winning_move``)
        this answers at once even when the options are far too many to list.
        """
        return evaluate.winning_move(self, position, method, max_positions, misere)

    def evaluate(
        self, position: Position, method: str = "auto", max_positions: int | None = None, *, misere: bool = False
    ) -> Evaluation:
        """Outcome and, where it can be had within the limits, the Grundy value, with the method used.

        Under misère play (``misere=True``) the value given is the misère Grundy value g-.
        """
        return evaluate.evaluate(self, position, method, max_positions, misere)

    def apply(self, position: Position, option: Position, max_positions: int | None = None) -> Position:
        """Check that ``option`` is reachable from ``position`` in one move and return it normalised."""
        return evaluate.apply(self, position, option, max_positions)


class LoopyRuleset(Ruleset):
    """A ruleset whose game graph may have cycles: ``grundy`` is gamma, ``outcome`` is P, N or D.

    Subclasses define ``moves`` as any ruleset does; a ``closed_grundy`` may return
    ``∞(K)`` values (:class:`~sprague.core.loopy.Infinite`). Misère play is not
    defined (play need not end). Positions are valued by searching the game graph
    from them, within the work limit, unless a closed form answers.

    >>> import sprague
    >>> class Pass(sprague.LoopyRuleset):  # a counter lowered by 1; from 2 and 3 one may also go back up by 1
    ...     name = "pass"
    ...     def moves(self, n):
    ...         return ([n - 1] if n else []) + ([n + 1] if n in (2, 3) else [])
    >>> game = sprague.ruleset(Pass)
    >>> [game.grundy(n) for n in range(5)], [game.outcome(n) for n in range(5)]
    ([0, 1, ∞{1}, ∞{}, ∞{}], ['P', 'N', 'D', 'D', 'D'])
    >>> game.drawing_moves(2)
    [3]
    """

    loopy = True
    misere_play = False

    def grundy(  # type: ignore[override]
        self,
        position: Position,
        method: str = "auto",
        max_positions: int | None = None,
        *,
        misere: bool = False,
    ) -> LoopyValue:
        """gamma: a nimber, or ``∞(K)`` (K: the finite values of the options) where play can go on forever."""
        return evaluate.grundy(self, position, method, max_positions, misere)

    def closed_grundy(self, position: Position) -> LoopyValue | None:  # type: ignore[override]
        """gamma from a theorem (a nimber or ``∞(K)``), or None where no closed form applies."""
        return None

    def computed_grundy(self, position: Position) -> LoopyValue | None:  # type: ignore[override]
        """gamma by an exact algorithm of the ruleset's own (``auto`` only), or None."""
        return None

    def explain_winning_move(self, position: Position, option: Position) -> str:
        return "moves to a P-position (value 0): whatever the opponent does, a move back to value 0 follows"
