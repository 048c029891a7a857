"""The person at the terminal: prompted for each move, with the list of moves, hints and values on request."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sprague.core.loopy import OUTCOME_WORDS
from sprague.core.parsing import check_misere
from sprague.errors import IllegalMove, InvalidPosition, SpragueError
from sprague.play.players import Choice, Player, Position, QuitGame
from sprague.solve.move import Move
from sprague.solve.ruleset import Ruleset

__all__ = ["HumanPlayer"]

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
      1. heap 1: take 1 from 4   leaves 3
      2. heap 1: take 2 from 4   leaves 2
    no move 9 in the list (1 to 2) and 9 is not a position after a legal move: ...
    ((2,), '')
    """

    name = "human"
    human = True

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
            move, after = _examples(ruleset, pos, options)
            self.output_fn(
                f"Type a move number from the list, the move as the list writes it{move}, or the position after "
                f"your move{after}; an empty line lists the moves, "
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
            move, after = _examples(ruleset, pos, options)
            self.output_fn(
                f"moves: a number from the list (empty line), the move as the list writes it{move}, "
                f"or the position after the move{after} (a single number is a move number when it is in the "
                "list; '= position' is always a position); commands: hint, value, quit"
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


def _examples(ruleset: Ruleset, pos: Position, options: list[Position] | None) -> tuple[str, str]:
    """This position's first move as the list writes it and the position it leaves, as examples for the help:
    ``(" (e.g. 'heap 1: take 3 from 3')", " (e.g. '= 0 4')")``; empty strings when there is no move to show."""
    if not options:
        return "", ""
    first = options[0]
    return f" (e.g. {ruleset.describe_move(pos, first)!r})", f" (e.g. '= {ruleset.format_position(first)}')"
