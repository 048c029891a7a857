"""Players and the match loop: a perfect player, a random player, a human at the terminal.

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
>>> nim = sprague.ruleset("nim")
>>> PerfectPlayer().choose(nim, (3, 4, 5))
((1, 4, 5), 'moves to a P-position: nim-sum becomes 0')
>>> result = play_match(nim, (1, 2), PerfectPlayer(), PerfectPlayer())
player 1: heap 2: 2 -> 1   (moves to a P-position: nim-sum becomes 0)
player 2: heap 1: 1 -> 0   (no winning move: the position is P; removes as little as possible and hopes for a mistake)
player 1: heap 2: 1 -> 0   (moves to a P-position: nim-sum becomes 0)
Player 1 wins.
>>> result.winner, len(result.moves)
(0, 3)

Under misère play (the last mover loses) 2 2 is a P-position: whatever the first
player does, the second leaves a single heap of 1 (Bouton's misère strategy).

>>> result = play_match(nim, (2, 2), PerfectPlayer(misere=True), PerfectPlayer(misere=True),
...                     misere=True)  # doctest: +NORMALIZE_WHITESPACE
player 1: heap 1: 2 -> 1   (no winning move: the position is a misère P-position; removes as little as possible
    to keep the game long and hopes for a mistake)
player 2: heap 2: 2 -> 0   (moves to a misère P-position: an odd number of heaps of 1, nothing larger)
player 1: heap 1: 1 -> 0   (no winning move: the position is a misère P-position; removes as little as possible
    to keep the game long and hopes for a mistake)
Player 1 made the last move and loses: Player 2 wins.
>>> result.winner, result.misere
(1, True)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.loopy import OUTCOME_WORDS
from sprague.core.move import Move
from sprague.core.parsing import check_misere
from sprague.errors import IllegalMove, InvalidParameter, InvalidPosition, SpragueError
from sprague.solve.ruleset import Ruleset

__all__ = [
    "Player",
    "PerfectPlayer",
    "RandomPlayer",
    "SkilledPlayer",
    "HumanPlayer",
    "QuitGame",
    "MatchResult",
    "play_match",
]

Position = Any
Choice = tuple[Position, str]

#: The repetition rule of a loopy game (one whose play may go on forever): the match is declared drawn
#: when a position occurs for this many times with the same player to move, as in chess's threefold
#: repetition. From a D-position perfect players repeat forever, so the rule ends their game; and since
#: a game graph is finite, it ends every match.
DRAW_REPETITIONS = 3


class QuitGame(Exception):
    """The human player quit (typed ``quit`` or ``q``, or the input ended)."""


class Player(ABC):
    """Base class of the players: what :func:`play_match` needs from a player.

    A player has a ``name``, plays one convention (``misere``: the last mover loses;
    a match refuses a player of the other convention) and chooses a move.
    """

    name: str = "player"
    #: whether the player plays misère play (the player who makes the last move loses)
    misere: bool = False

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


def _tokens(position: Position) -> int | None:
    """Number of tokens in a heap position (an int, or nested tuples of ints), or None if not countable."""
    if isinstance(position, bool):
        return None
    if isinstance(position, int):
        return position
    if isinstance(position, (tuple, list)):
        total = 0
        for part in position:
            n = _tokens(part)
            if n is None:
                return None
            total += n
        return total
    return None


class PerfectPlayer(Player):
    """Plays a winning move whenever there is one (a move to a P-position).

    From a P-position there is none; it then makes a small move -- the option
    with the fewest tokens removed when positions are heaps, else the first
    option -- so that the game lasts long, and hopes the opponent errs.

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
        here = _tokens(pos)
        left = [_tokens(o) for o in options]
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


_QUIT = ("q", "quit", "exit")
_HELP = ("?", "h", "help")


class HumanPlayer(Player):
    """A person at the terminal, prompted for each move.

    At the prompt the user types one of:

    * an empty line: the legal moves, numbered ``1..n``, each with the position it leaves;
    * a move number from that list, e.g. ``2``;
    * the position after the move, as tokens, e.g. ``3 4 1`` (Nim), ``TTHTTHH``
      (Turning Turtles), ``4 + 3`` (a sum), or after ``=``, e.g. ``= 3 4 1``.
      A single bare integer is a move number when it is between 1 and n, so a
      one-heap position must be typed with ``=``, as ``= 5``;
    * ``hint``: the winning moves (or that the position is P);
    * ``value``: the Grundy value and the outcome of the position;

    Under misère play (``misere=True``) ``hint`` gives the misère winning moves
    (to misère P-positions) and ``value`` the misère Grundy value g- and the
    misère outcome.

    * ``help`` or ``?``: this summary;
    * ``quit`` or ``q`` (or end of input): raises :class:`QuitGame`.

    With ``hints=True`` the hint is also shown, unasked, before each move.
    Bad input is answered with the reason, on one line, and the prompt repeats.

    Parameters
    ----------
    input_fn : callable
        Reads one line given a prompt (default :func:`input`); ``EOFError`` quits.
    output_fn : callable
        Writes one line (default :func:`print`).
    prompt : str
        The prompt shown to ``input_fn``.
    hints : bool
        Show the hint (a winning move, or that there is none) before every move,
        not only when ``hint`` is typed.
    misere : bool
        Hints and values under misère play (whoever makes the last move loses).
    method, max_positions
        How hints and values are computed (as for :meth:`Ruleset.winning_moves`).

    Examples
    --------
    >>> import sprague
    >>> lines = iter(["", "9", "2"])
    >>> human = HumanPlayer(input_fn=lambda prompt: next(lines))
    >>> human.choose(sprague.ruleset("subtraction", S={1, 2}), (4,))  # doctest: +ELLIPSIS
    Type a move number from the list, ...
    position: 4
    legal moves:
      1. heap 1: 4 -> 3   leaves 3
      2. heap 1: 4 -> 2   leaves 2
    no move 9 in the list (1 to 2) and 9 is not a position after a legal move: ...
    ((2,), '')
    """

    name = "human"
    is_human = True

    def __init__(
        self,
        input_fn: Callable[[str], str] = input,
        output_fn: Callable[[str], Any] = print,
        prompt: str = "your move> ",
        hints: bool = False,
        *,
        misere: bool = False,
        method: str = "auto",
        max_positions: int | None = None,
    ) -> None:
        self.input_fn = input_fn
        self.output_fn = output_fn
        self.prompt = prompt
        self.hints = hints
        self.misere = check_misere(misere)
        self.method = method
        self.max_positions = max_positions
        self._greeted = False

    def __repr__(self) -> str:
        return "HumanPlayer(misere=True)" if self.misere else "HumanPlayer()"

    # ----------------------------------------------------------------- public
    def choose(self, ruleset: Ruleset, position: Position) -> Choice:
        """Prompt until the user gives a legal move; return it with an empty reason.

        Raises
        ------
        QuitGame
            On ``quit``/``q``, end of input or Ctrl-C.
        """
        pos = ruleset.check_position(position)
        try:
            options: list[Position] | None = ruleset.options(pos)
            too_many = ""
        except SpragueError as exc:
            options, too_many = None, _one_line(exc)
        if not self._greeted:
            self.output_fn(
                "Type a move number from the list, the move as the list writes it, or the position after your "
                "move (e.g. '3 4 1', or '= 5' for a single heap); an empty line lists the moves, "
                f"'hint' shows the winning moves, 'value' the {'misère ' if self.misere else ''}Grundy value, "
                "'q' quits."
            )
            self._greeted = True
        self.output_fn(f"position: {ruleset.format_position(pos)}")
        if self.hints:
            self._hint(ruleset, pos, options)
        while True:
            try:
                line = self.input_fn(self.prompt)
            except EOFError:
                raise QuitGame("end of input") from None
            except KeyboardInterrupt:
                raise QuitGame("interrupted") from None
            try:
                chosen = self._interpret(ruleset, pos, options, too_many, line)
            except QuitGame:
                raise
            except (ValueError, TypeError, IndexError, KeyError) as exc:
                self.output_fn(f"{_one_line(exc)}; try again (an empty line lists the legal moves)")
                continue
            if chosen is not None:
                return chosen[0], ""

    # -------------------------------------------------------------- internals
    def _interpret(
        self, ruleset: Ruleset, pos: Position, options: list[Position] | None, too_many: str, line: str
    ) -> tuple[Position] | None:
        """The chosen option (in a 1-tuple), or None after a command that only printed something."""
        text = line.strip()
        word = text.lower()
        if word in _QUIT:
            raise QuitGame("quit")
        if not text:
            self._list_moves(ruleset, pos, options, too_many)
            return None
        if word in _HELP:
            self.output_fn(
                "moves: a number from the list (empty line), the move as the list writes it ('heap 3: 7 -> 4'), "
                "or the position after the move, e.g. '3 4 1' or '= 5' (a single number is a move number when "
                "it is in the list); "
                "commands: hint, value, quit"
            )
            return None
        if word == "hint":
            self._hint(ruleset, pos, options)
            return None
        if word == "value":
            self._value(ruleset, pos)
            return None
        if text.startswith("="):
            tokens = text[1:].split()
            if not tokens:
                raise InvalidPosition(
                    f"write the position after your move after '=', e.g. = {ruleset.format_position(pos)}"
                )
            return (self._position_move(ruleset, pos, options, tokens),)
        tokens = text.split()
        if len(tokens) == 1 and tokens[0].isdigit() and options is not None:
            n = int(tokens[0])
            if 1 <= n <= len(options):
                return (options[n - 1],)
            try:
                return (self._position_move(ruleset, pos, options, tokens),)
            except SpragueError as exc:
                raise InvalidPosition(
                    f"no move {n} in the list (1 to {len(options)}) and {n} is not a position after a legal move: "
                    f"{_one_line(exc)}"
                ) from None
        try:
            return (self._position_move(ruleset, pos, options, tokens),)
        except IllegalMove:
            raise  # a position, but not one a move reaches
        except SpragueError:  # not a position: the move in the ruleset's words, as the list prints it
            return (Move.parse(ruleset, pos, text).option,)

    @staticmethod
    def _position_move(
        ruleset: Ruleset, pos: Position, options: list[Position] | None, tokens: Sequence[str]
    ) -> Position:
        option = ruleset.apply(pos, ruleset.parse_position(tokens))
        if options is not None and option not in options:
            # same position up to symmetry (e.g. heaps typed in another order): play the listed move
            key = ruleset.canonical(option)
            option = next((o for o in options if ruleset.canonical(o) == key), option)
        return option

    def _list_moves(self, ruleset: Ruleset, pos: Position, options: list[Position] | None, too_many: str) -> None:
        if options is None:
            self.output_fn(f"too many moves to list ({too_many}); type the position after your move")
            return
        self.output_fn("legal moves:")
        width = len(str(len(options)))
        for i, o in enumerate(options, 1):
            self.output_fn(f"  {i:>{width}}. {ruleset.describe_move(pos, o)}   leaves {ruleset.format_position(o)}")

    def _hint(self, ruleset: Ruleset, pos: Position, options: list[Position] | None) -> None:
        try:
            winning = ruleset.winning_moves(pos, self.method, self.max_positions, misere=self.misere)
        except SpragueError as exc:
            self.output_fn(f"no hint: {_one_line(exc)}")
            return
        kind = "misère " if self.misere else ""
        drawing = ruleset.drawing_moves(pos, self.method, self.max_positions) if ruleset.loopy and not winning else []
        if drawing:
            shown = ", ".join(ruleset.format_position(d) for d in drawing[:5]) + (", ..." if len(drawing) > 5 else "")
            self.output_fn(
                f"hint: no winning move; {ruleset.format_position(pos)} is a draw (D): a move to "
                f"{shown} keeps the draw, any other move loses"
            )
            return
        if not winning:
            self.output_fn(
                f"hint: no winning move; {ruleset.format_position(pos)} is a {kind}P-position "
                f"(every move leads to a{'' if self.misere else 'n'} {kind}N-position)"
            )
            return
        for w in winning:
            number = f"move {options.index(w) + 1}: " if options is not None and w in options else ""
            self.output_fn(
                f"hint: {number}{ruleset.describe_move(pos, w)}, leaving {ruleset.format_position(w)} "
                f"(a {kind}P-position)"
            )

    def _value(self, ruleset: Ruleset, pos: Position) -> None:
        try:
            ev = ruleset.evaluate(pos, self.method, self.max_positions, misere=self.misere)
        except SpragueError as exc:
            self.output_fn(f"no value: {_one_line(exc)}")
            return
        who = OUTCOME_WORDS[ev.outcome]
        name = "misère Grundy value g- =" if self.misere else "Grundy value"
        g = f"{name} {ev.grundy}" if ev.grundy is not None else f"{name} not computed"
        play = "perfect misère play" if self.misere else "perfect play"
        self.output_fn(f"{g}, outcome {ev.outcome} ({who} with {play}; {ev.method})")


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


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


def _is_human(player: object) -> bool:
    return isinstance(player, HumanPlayer)


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
    humans = [i for i, p in enumerate(players) if _is_human(p)]
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
