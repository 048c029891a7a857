"""The match loop: two players alternate under the normal or the misère play rule.

A player is any object with a ``name`` and a method
``choose(ruleset, position) -> (option, reason)``: ``option`` is a position
reachable from ``position`` in one move and ``reason`` a short text shown next
to the move ("moves to a P-position (Grundy value 0)"), possibly empty.
:func:`play_match` alternates two players under the normal play rule, where the
player who makes the last move wins, or with ``misere=True`` under the misère
rule, where the player who makes the last move loses. The players take the same
convention (``PerfectPlayer(misere=True)``...): a perfect player then plays misère
winning moves and a human player's hints are misère hints.

Examples
--------
>>> import sprague
>>> from sprague.play import PerfectPlayer
>>> nim = sprague.ruleset("nim")
>>> PerfectPlayer().choose(nim, (3, 4, 5))
((1, 4, 5), 'moves to a P-position: nim-sum becomes 0')
>>> result = play_match(nim, (1, 2), PerfectPlayer(), PerfectPlayer())  # doctest: +NORMALIZE_WHITESPACE
player 1: heap 2: take 1 from 2   (moves to a P-position: nim-sum becomes 0)
player 2: heap 1: take 1 from 1   (no winning move: the position is P; removes as little as possible
    and hopes for a mistake)
player 1: heap 2: take 1 from 1   (moves to a P-position: nim-sum becomes 0)
Player 1 wins.
>>> result.winner, len(result.moves)
(0, 3)

Under misère play (the last mover loses) 2 2 is a P-position: whatever the first
player does, the second leaves a single heap of 1 (Bouton's misère strategy).

>>> result = play_match(nim, (2, 2), PerfectPlayer(misere=True), PerfectPlayer(misere=True),
...                     misere=True)  # doctest: +NORMALIZE_WHITESPACE
player 1: heap 1: take 1 from 2   (no winning move: the position is a misère P-position; removes as little as possible
    to keep the game long and hopes for a mistake)
player 2: heap 2: take 2 from 2   (moves to a misère P-position: an odd number of heaps of 1, nothing larger)
player 1: heap 1: take 1 from 1   (no winning move: the position is a misère P-position; removes as little as possible
    to keep the game long and hopes for a mistake)
Player 1 made the last move and loses: Player 2 wins.
>>> result.winner, result.misere
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprague.core.parsing import check_misere
from sprague.errors import InvalidParameter
from sprague.play.players import Player, Position
from sprague.solve.ruleset import Ruleset

__all__ = ["MatchResult", "play_match", "DRAW_REPETITIONS"]

#: The repetition rule of a loopy game (one whose play may go on forever): the match is declared drawn
#: when a position occurs for this many times with the same player to move, as in chess's threefold
#: repetition. From a D-position perfect players repeat forever, so the rule ends their game; and since
#: a game graph is finite, it ends every match.
DRAW_REPETITIONS = 3


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`play_match`.

    Attributes
    ----------
    winner : int or None
        Index of the winner: 0 for the first player, 1 for the second; None for a draw (a loopy game's
        position repeated :data:`DRAW_REPETITIONS` times with the same player to move).
    moves : list of (int, position, str)
        Every move as ``(player_index, option, reason)``, in order.
    start, final : position
        The starting and the final (terminal) position.
    misere : bool
        Whether the match was played under the misère rule (the last mover loses).
    """

    winner: int | None
    moves: list[tuple[int, Any, str]] = field(default_factory=list)
    start: Any = None
    final: Any = None
    misere: bool = False

    @property
    def loser(self) -> int | None:
        """Index of the loser: under normal play the player who could not move, under misère play
        the player who made the last move; None for a draw."""
        return None if self.winner is None else 1 - self.winner

    @property
    def drawn(self) -> bool:
        """Whether the match was declared drawn by the repetition rule."""
        return self.winner is None


def play_match(
    ruleset: Ruleset,
    position: Position,
    first: Player,
    second: Player,
    output_fn: Callable[[str], Any] = print,
    *,
    names: Sequence[str] | None = None,
    misere: bool = False,
) -> MatchResult:
    """Play ``first`` against ``second`` from ``position`` until no move is left.

    Normal play: the player who makes the last move wins (so if ``position`` is
    already terminal, ``first`` cannot move and ``second`` wins). Each move is
    written as one line, ``"<player>: <move>   (<reason>)"``, and the result at the end:
    ``"You win!"`` / ``"The computer wins."`` when exactly one side is human,
    ``"Player 1 wins."`` / ``"Player 2 wins."`` otherwise.

    A loopy game (``ruleset.loopy``) may never end: the match is declared drawn when a
    position occurs for the :data:`DRAW_REPETITIONS`-th time with the same player to
    move (``"Drawn: 1 2 has occurred 3 times with player 1 to move (repetition rule)."``),
    and the result's ``winner`` is None.

    Misère play (``misere=True``): the player who makes the last move loses (so if
    ``position`` is already terminal, ``first`` wins without moving). The result
    line names both: ``"The computer made the last move and loses: you win!"``,
    ``"You made the last move and lose: the computer wins."``, ``"Player 2 made the
    last move and loses: Player 1 wins."``; from a terminal start, ``"No move is
    possible, and under misère play the player who cannot move wins: Player 1 wins."``.

    Parameters
    ----------
    ruleset : Ruleset
        The game.
    position : position
        The starting position.
    first, second : Player
        The player who moves first and the other one.
    output_fn : callable
        Writes one line (default :func:`print`).
    names : pair of str, optional
        Labels of the players in the move lines; default ``"you"`` and ``"computer"``
        when one side is human, else ``"player 1"`` and ``"player 2"``.
    misere : bool
        Play the misère rule. Every player must play the same convention (its ``misere``).

    Returns
    -------
    MatchResult

    Raises
    ------
    QuitGame
        When a human player quits; the match is abandoned.
    InvalidParameter
        When a player plays the other convention (e.g. ``PerfectPlayer()`` in a misère match).
    """
    misere = check_misere(misere)
    players = (first, second)
    for i, p in enumerate(players):
        theirs = p.misere
        if theirs is not misere:
            rule = "misère play" if misere else "normal play"
            raise InvalidParameter(
                f"player {i + 1} ({p!r}) plays {'misère' if theirs else 'normal'} play, but the match is {rule}; "
                f"give it misere={misere} as well"
            )
    humans = [i for i, p in enumerate(players) if p.human]
    if names is None:
        if len(humans) == 1:
            names = ["you" if i in humans else "computer" for i in range(2)]
        else:
            names = ["player 1", "player 2"]
    start = pos = ruleset.check_position(position)
    moves: list[tuple[int, Any, str]] = []
    turn = 0
    seen: dict[Any, int] = {}
    while _has_move(ruleset, pos):
        if ruleset.loopy:
            key = (ruleset.canonical(pos), turn)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= DRAW_REPETITIONS:
                output_fn(
                    f"Drawn: {ruleset.format_position(pos)} has occurred {seen[key]} times with "
                    f"{names[turn]} to move (repetition rule)."
                )
                return MatchResult(winner=None, moves=moves, start=start, final=pos, misere=misere)
        option, reason = players[turn].choose(ruleset, pos)
        line = f"{names[turn]}: {ruleset.describe_move(pos, option)}"
        output_fn(f"{line}   ({reason})" if reason else line)
        moves.append((turn, option, reason))
        pos = option
        turn = 1 - turn
    if not misere:
        winner = 1 - turn  # the player to move cannot: the other one made the last move
        if len(humans) == 1:
            output_fn("You win!" if winner in humans else "The computer wins.")
        else:
            output_fn(f"Player {winner + 1} wins.")
    else:
        winner = turn  # the other one made the last move, and loses (or nobody moved: the player to move wins)
        output_fn(_misere_result(winner, humans, bool(moves)))
    return MatchResult(winner=winner, moves=moves, start=start, final=pos, misere=misere)


def _misere_result(winner: int, humans: list[int], moved: bool) -> str:
    """The last line of a misère match: who made the last move and lost, who won."""
    if len(humans) == 1:
        you_win = winner in humans
        result = "you win!" if you_win else "the computer wins."
        if not moved:
            return f"No move is possible, and under misère play the player who cannot move wins: {result}"
        return (
            f"The computer made the last move and loses: {result}"
            if you_win
            else f"You made the last move and lose: {result}"
        )
    result = f"Player {winner + 1} wins."
    if not moved:
        return f"No move is possible, and under misère play the player who cannot move wins: {result}"
    return f"Player {2 - winner} made the last move and loses: {result}"


def _has_move(ruleset: Ruleset, position: Position) -> bool:
    """Whether ``position`` has an option, without listing them all."""
    return next(iter(ruleset.moves(ruleset.check_position(position))), _NONE) is not _NONE


_NONE = object()
