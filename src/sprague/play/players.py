"""Players: a perfect player, a random player and one between them (``SkilledPlayer``).

A player is any object with a ``name`` and a method
``choose(ruleset, position) -> (option, reason)``: ``option`` is a position
reachable from ``position`` in one move and ``reason`` a short text shown next
to the move, possibly empty. The person at the terminal is
:class:`~sprague.play.human.HumanPlayer`; the match loop is
:func:`~sprague.play.match.play_match`.

>>> import sprague
>>> PerfectPlayer().choose(sprague.ruleset("nim"), (3, 4, 5))
((1, 4, 5), 'moves to a P-position: nim-sum becomes 0')
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.parsing import check_misere
from sprague.errors import InvalidParameter, SpragueError
from sprague.solve.ruleset import Ruleset

__all__ = ["Player", "PerfectPlayer", "RandomPlayer", "SkilledPlayer", "QuitGame", "Position", "Choice"]

Position = Any
Choice = tuple[Position, str]


class QuitGame(Exception):
    """The human player quit (typed ``quit`` or ``q``, or the input ended)."""


class Player(ABC):
    """Base class of the players: what :func:`~sprague.play.match.play_match` needs from a player.

    A player has a ``name``, plays one convention (``misere``: the last mover loses;
    a match refuses a player of the other convention) and chooses a move.
    """

    name: str = "player"
    #: whether the player plays misère play (the player who makes the last move loses)
    misere: bool = False
    #: whether a person chooses the moves (the match then says "you" and "the computer")
    human: ClassVar[bool] = False

    @abstractmethod
    def choose(self, ruleset: Ruleset, position: Position) -> Choice:
        """Return ``(option, reason)``: a legal option of ``position`` and why it was chosen."""


def _options_or_fail(ruleset: Ruleset, position: Position) -> list[Position]:
    options = ruleset.options(position)
    if not options:
        raise SpragueError(
            f"{ruleset.name}: no legal move from {ruleset.format_position(position)!r}; the game is over"
        )
    return options


class PerfectPlayer(Player):
    """Plays a winning move whenever there is one (a move to a P-position).

    From a P-position there is none; it then makes a small move -- the option
    that takes the least of what is left (:meth:`Ruleset.size`: tokens of heaps,
    a board's free cells, a graph's vertices and edges), else the first option --
    so that the game lasts long, and hopes the opponent errs.

    In a loopy game the winning move is the one to the P-position labelled first
    (:meth:`Ruleset.winning_moves` lists it first), so the game ends; from a drawn
    position it makes a drawing move (to a D-position), never a losing one.

    Under misère play (``misere=True``: whoever makes the last move loses) the
    winning moves are the moves to misère P-positions
    (``ruleset.winning_move(position, misere=True)``), explained by
    ``ruleset.explain_misere_winning_move``; from a misère P-position it makes
    the same small move.

    Parameters
    ----------
    method : str
        Passed to :meth:`Ruleset.winning_moves`: ``"auto"``, ``"closed"`` or ``"search"``.
    max_positions : int, optional
        Work limit of the analysis; :class:`~sprague.errors.TooLarge` propagates when exceeded.
    misere : bool
        Play the misère rule instead of normal play.

    Examples
    --------
    >>> import sprague
    >>> PerfectPlayer().choose(sprague.ruleset("subtraction", S={1, 2, 5}), (26,))
    ((24,), 'moves to a P-position (Grundy value 0)')
    >>> PerfectPlayer(misere=True).choose(sprague.ruleset("nim"), (1, 1, 5))
    ((1, 1, 1), 'moves to a misère P-position: an odd number of heaps of 1, nothing larger')
    """

    name = "perfect"

    def __init__(self, method: str = "auto", max_positions: int | None = None, *, misere: bool = False) -> None:
        self.method = method
        self.max_positions = max_positions
        self.misere = check_misere(misere)

    def __repr__(self) -> str:
        return f"PerfectPlayer(method={self.method!r}{', misere=True' if self.misere else ''})"

    def choose(self, ruleset: Ruleset, position: Position) -> Choice:
        """Return a move to a P-position and the reason, or a small move from a P-position."""
        pos = ruleset.check_position(position)
        move = ruleset.winning_move(pos, self.method, self.max_positions, misere=self.misere)
        if move is not None:
            explain = ruleset.explain_misere_winning_move if self.misere else ruleset.explain_winning_move
            return move, explain(pos, move)
        if ruleset.loopy:
            draw = ruleset.drawing_move(pos, self.method, self.max_positions)
            if draw is not None:
                return draw, "no winning move: the position is a draw (D); keeps the draw (moves to a D-position)"
        p = "a misère P-position" if self.misere else "P"
        count = ruleset.option_count(pos)
        if count is not None and count > (self.max_positions or DEFAULT_MAX_POSITIONS):
            first = next(iter(ruleset.moves(pos)))  # too many to compare: any move loses equally
            return first, f"no winning move: the position is {p}; plays its first option and hopes for a mistake"
        options = _options_or_fail(ruleset, pos)
        here = ruleset.size(pos)
        left = [ruleset.size(o) for o in options]
        if here is not None and None not in left:
            removed = [here - n for n in left if n is not None]
            best = min(range(len(options)), key=removed.__getitem__)
            longer = " to keep the game long" if self.misere else ""
            return options[best], (
                f"no winning move: the position is {p}; removes as little as possible{longer} and hopes for a mistake"
            )
        return options[0], f"no winning move: the position is {p}; plays its first option and hopes for a mistake"


class RandomPlayer(Player):
    """Plays a uniformly random option.

    Parameters
    ----------
    seed : int, optional
        Seed of its own :class:`random.Random`, for repeatable games.
    misere : bool
        The convention of the match it plays in; a random move does not depend on it.

    Examples
    --------
    >>> import sprague
    >>> option, reason = RandomPlayer(seed=0).choose(sprague.ruleset("nim"), (3, 4, 5))
    >>> option in sprague.ruleset("nim").options((3, 4, 5)), reason
    (True, 'random move')
    """

    name = "random"

    def __init__(self, seed: int | None = None, *, misere: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.misere = check_misere(misere)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r}{', misere=True' if self.misere else ''})"

    def choose(self, ruleset: Ruleset, position: Position) -> Choice:
        """Return a random option and the reason ``"random move"``."""
        pos = ruleset.check_position(position)
        return self.rng.choice(_options_or_fail(ruleset, pos)), "random move"


class SkilledPlayer(Player):
    """Between the two: each move is the :class:`PerfectPlayer`'s with probability ``skill``, else random.

    ``skill=1`` is the perfect player, ``skill=0`` the random one; in between it
    finds the winning move sometimes, as a learner does (GamesmanUni's "CPU strength").

    Examples
    --------
    >>> import sprague
    >>> option, reason = SkilledPlayer(0.5, seed=1).choose(sprague.ruleset("nim"), (3, 4, 5))
    >>> option in sprague.ruleset("nim").options((3, 4, 5)), reason.endswith("; skill 0.5")
    (True, True)
    """

    name = "skilled"

    def __init__(
        self,
        skill: float,
        seed: int | None = None,
        max_positions: int | None = None,
        *,
        misere: bool = False,
        method: str = "auto",
    ) -> None:
        if isinstance(skill, bool) or not isinstance(skill, (int, float)) or not 0 <= skill <= 1:
            raise InvalidParameter(f"skill must be a number from 0 (random moves) to 1 (perfect play), got {skill!r}")
        self.skill = float(skill)
        self.rng = random.Random(seed)
        self.perfect = PerfectPlayer(method, max_positions=max_positions, misere=misere)
        self.random = RandomPlayer(seed=self.rng.randrange(2**32), misere=misere)
        self.misere = self.perfect.misere

    def __repr__(self) -> str:
        return f"SkilledPlayer({self.skill!r}{', misere=True' if self.perfect.misere else ''})"

    def choose(self, ruleset: Ruleset, position: Position) -> Choice:
        """The perfect player's move with probability ``skill``, else a random one; the reason says which."""
        player: Player = self.perfect if self.rng.random() < self.skill else self.random
        option, reason = player.choose(ruleset, position)
        return option, f"{reason}; skill {self.skill:g}"
