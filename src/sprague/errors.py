"""One error hierarchy, rooted on :class:`ValueError`.

Every message names the bad value and says how to fix it; the command line
prints it as one line on stderr and exits with status 2.
"""

from __future__ import annotations

__all__ = [
    "SpragueError",
    "UnknownRuleset",
    "InvalidParameter",
    "InvalidPosition",
    "IllegalMove",
    "TooLarge",
    "BudgetExceeded",
    "NotShortGame",
    "NoClosedForm",
]


class SpragueError(ValueError):
    """Base class of every error :mod:`sprague` raises on bad input."""


class UnknownRuleset(SpragueError):
    """No ruleset has this name or alias."""


class InvalidParameter(SpragueError):
    """A ruleset parameter is missing, unknown or malformed."""


class InvalidPosition(SpragueError):
    """A position does not belong to the ruleset (negative heap, bad string...)."""


class IllegalMove(SpragueError):
    """A move that the rules do not allow from the given position."""


class NotShortGame(SpragueError):
    """A user-defined ruleset whose game graph has a cycle (the game may never end)."""


class NoClosedForm(SpragueError):
    """``method="closed"`` was asked where no closed form applies (use ``"auto"`` or ``"search"``)."""


class TooLarge(SpragueError):
    """A computation refused before it starts because it would not finish in reasonable time.

    ``estimate`` is the work it would take (positions or steps), ``limit`` the
    limit in force; the message names the option that raises the limit.
    """

    def __init__(self, message: str, estimate: int | None = None, limit: int | None = None):
        super().__init__(message)
        self.estimate = estimate
        self.limit = limit


class BudgetExceeded(TooLarge):
    """A computation stopped at its budget (work, memory or time), counted as it went; what it computed is kept.

    Also raised before a computation starts when a *lower* bound of its work is over what the budget has left.
    """
