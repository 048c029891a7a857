"""Moves as values: a frozen :class:`Move` whose text is what sprague prints, and which parses back.

``str(move)`` is the ruleset's own words for it (``describe_move``: ``heap 3: take 3 from 7``,
``delete 3, split 6 into 1 + 5``, ``turn coin 4 (H->T)``), as ``sprague moves``
and the play loop print it; :meth:`Move.parse` reads that text, or the position
the move leaves, and checks that the move is legal. So what sprague shows can be
typed back into ``sprague play`` and sent to ``/api/play``.

>>> import sprague
>>> nim = sprague.ruleset("nim")
>>> move = Move.parse(nim, (5, 3, 7), "heap 3: take 3 from 7")
>>> move, str(move), move.option
(Move.parse(sprague.ruleset('nim'), '5 3 7', 'heap 3: take 3 from 7'), 'heap 3: take 3 from 7', (5, 3, 4))
>>> Move.parse(nim, (5, 3, 7), "5 3 4") == move
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.ruleset import Position
from sprague.errors import IllegalMove, SpragueError, TooLarge
from sprague.solve.ruleset import Ruleset

__all__ = ["Move"]


def _words(text: str) -> str:
    return " ".join(text.split()).lower()


@dataclass(frozen=True)
class Move:
    """The move ``position -> option`` of ``ruleset`` (hashable; equal when the three are)."""

    ruleset: Ruleset
    position: Position
    option: Position

    def __str__(self) -> str:
        return self.ruleset.describe_move(self.position, self.option)

    def __repr__(self) -> str:
        r = self.ruleset
        return f"Move.parse({r!r}, {r.format_position(self.position)!r}, {str(self)!r})"

    @classmethod
    def parse(cls, ruleset: Ruleset, position: Any, text: str, max_options: int = DEFAULT_MAX_POSITIONS) -> Move:
        """The move ``text`` names from ``position``: the ruleset's words for it, or the position it leaves.

        Raises
        ------
        IllegalMove
            When ``text`` names no legal move (the message says how to write one).
        """
        pos = (
            ruleset.check_position(position)
            if not isinstance(position, str)
            else ruleset.parse_position(position.split())
        )
        if not isinstance(text, str):
            raise IllegalMove(
                f"{ruleset.name}: the move {repr(text)[:80]} is not text; write the position after "
                "the move, or the move as 'sprague moves' prints it"
            )
        words = _words(text)
        if not words:
            raise IllegalMove(
                f"{ruleset.name}: no move given; write the position after it, or the move as 'sprague moves' prints it"
            )
        direct = ruleset.parse_move(pos, text)
        if direct is not None:
            return cls(ruleset, pos, ruleset.apply(pos, direct))
        try:
            return cls(ruleset, pos, ruleset.apply(pos, ruleset.parse_position(text.split())))
        except IllegalMove:
            raise
        except SpragueError:
            pass  # not a position: the ruleset's words for a move, then
        try:
            options = ruleset.options(pos, max_options=max_options)
        except TooLarge:
            options = []
        for option in options:
            if _words(ruleset.describe_move(pos, option)) == words:
                return cls(ruleset, pos, option)
        raise IllegalMove(
            f"{ruleset.name}: {text!r} is not a move from {ruleset.format_position(pos)!r}; write the "
            "position after the move, or the move as 'sprague moves' prints it (e.g. "
            f"{str(cls(ruleset, pos, options[0])) if options else 'heap 1: take 1 from 5'!r})"
        )
