"""The ruleset protocol: what a game is to the solver, the command line and the play loop.

A ruleset is a small class. It declares metadata (``name``, ``aliases``,
``source``, ``parameters``), lists the options of a position (``moves``), and may
offer closed forms (``closed_grundy``, ``closed_outcome``, constructive
``closed_options_with_value``). Everything else -- memoised search, outcomes,
winning moves, method selection, size guards -- is shared here.

A user-defined game only needs ``moves``::

    class Chain(Ruleset):
        name = "chain"
        def moves(self, position):
            return [position - 1] if position > 0 else []
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sprague.core.parsing import as_int, format_int_set, parse_int, parse_int_set
from sprague.core.solver import DEFAULT_MAX_POSITIONS, Solver, format_size, refuse_if_too_large
from sprague.errors import IllegalMove, InvalidParameter, InvalidPosition, SpragueError, TooLarge

__all__ = ["Param", "Ruleset", "Evaluation", "METHODS"]

Position = Any
METHODS = ("auto", "closed", "search")
_REQUIRED = object()


@dataclass(frozen=True)
class Param:
    """A ruleset parameter.

    ``kind``: ``"int"`` (with ``minimum``); ``"set"`` (finite set of positive ints);
    ``"subset"`` (a :class:`~sprague.core.sets.SubtractionSet`: ``1,2,5``, ``all``,
    ``all-but:4,8``); ``"subsets"`` (one such set per heap, ``all;1-7;all-but:4,8``);
    ``"vectors"`` (move vectors of non-negative ints, ``1,1;2,0``).
    """

    name: str
    kind: str
    doc: str
    default: Any = _REQUIRED
    minimum: int = 0
    allow_empty: bool = False

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED

    def parse(self, value: Any, ruleset: str) -> Any:
        """Normalise a value given in Python or as a command-line string."""
        if self.kind == "set":
            return parse_int_set(value, self.name, allow_empty=self.allow_empty)
        if self.kind in ("subset", "subsets", "vectors"):
            from sprague.core import sets

            return getattr(sets, f"parse_{self.kind}")(value, self.name, ruleset)
        if self.kind == "str":
            return str(value).strip()
        if self.kind == "int":
            text = value.strip() if isinstance(value, str) else None
            if (isinstance(value, int) and not isinstance(value, bool) and value < self.minimum) or (
                    text and text.startswith("-") and text[1:].isdigit()):
                raise InvalidParameter(f"{ruleset}: {self.name}={value} must be at least {self.minimum}")
            try:
                n = parse_int(value, self.name) if isinstance(value, str) else as_int(value, self.name)
            except InvalidPosition as exc:
                raise InvalidParameter(f"{ruleset}: {exc}") from None
            if n < self.minimum:
                raise InvalidParameter(f"{ruleset}: {self.name}={n!r} must be at least {self.minimum}")
            return n
        raise TypeError(f"unknown parameter kind {self.kind!r}")

    def text(self, value: Any) -> str:
        """The value as typed: ``1,2,5``, ``all;1-7``, ``1,1;2,0`` (parses back to the same value)."""
        if self.kind == "set":
            return format_int_set(value)
        if self.kind == "subsets":
            return ";".join(map(str, value))
        if self.kind == "vectors":
            return ";".join(",".join(map(str, v)) for v in value)
        return str(value)

    def format(self, value: Any) -> str:
        """:meth:`text`, quoted for a shell where it contains ';'."""
        text = self.text(value)
        return f'"{text}"' if ";" in text else text

    def python_repr(self, value: Any) -> str:
        return repr(self.text(value)) if self.kind in ("subset", "subsets", "vectors") else repr(value)

    def to_json(self, value: Any) -> Any:
        if self.kind == "set":
            return list(value)
        if self.kind == "subset":
            return str(value)
        if self.kind == "subsets":
            return [str(v) for v in value]
        if self.kind == "vectors":
            return [list(v) for v in value]
        return value


@dataclass(frozen=True)
class Evaluation:
    """What ``sprague value`` reports: outcome always, Grundy value when it could be had."""

    position: Any
    outcome: str
    grundy: int | None
    method: str
    note: str | None = field(default=None)


class Ruleset(ABC):
    """Base class of every ruleset. Subclasses override ``moves`` and, optionally, the hooks."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    source: ClassVar[str] = "user-defined"
    parameters: ClassVar[tuple[Param, ...]] = ()
    #: how a position is written on the command line, for help texts
    position_help: ClassVar[str] = "the position"
    #: an example position as command-line tokens (used by `sprague list` and the conformance test)
    example: ClassVar[tuple[str, ...]] = ()
    #: name of the closed form this ruleset implements, or None
    closed_form: ClassVar[str | None] = None
    #: the work limit of the public call in progress, for hooks that compute (see ``_set_limit``)
    _limit_now: int = DEFAULT_MAX_POSITIONS

    def __init__(self, **params: Any) -> None:
        known = {p.name: p for p in self.parameters}
        for key in params:
            if key not in known:
                have = ", ".join(known) or "none"
                raise InvalidParameter(f"ruleset {self.name!r} has no parameter {key!r} (its parameters: {have})")
        values: dict[str, Any] = {}
        for p in self.parameters:
            if p.name in params:
                values[p.name] = p.parse(params[p.name], self.name)
            elif p.required:
                raise InvalidParameter(f"ruleset {self.name!r} needs parameter {p.name}: {p.doc} (-p {p.name}=...)")
            else:
                values[p.name] = p.default
        self.params: dict[str, Any] = values
        self._solver: Solver | None = None

    # ------------------------------------------------------------------ identity
    def __repr__(self) -> str:
        kinds = {p.name: p for p in self.parameters}
        args = "".join(f", {k}={kinds[k].python_repr(v)}" for k, v in self.params.items())
        return f"sprague.ruleset({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and type(self) is type(other) and self.params == other.params

    def __hash__(self) -> int:
        return hash((type(self), tuple(self.params.items())))

    def _repr_html_(self) -> str:
        """Jupyter: name, description, source, closed form and parameters as a small HTML table."""
        from sprague.viz.html import ruleset_html

        return ruleset_html(self)

    def describe(self) -> str:
        """Name with parameters, as typed on the command line: ``subtraction -p S=1,2,5``."""
        parts = [self.name] + [f"-p {p.name}={p.format(self.params[p.name])}" for p in self.parameters]
        return " ".join(parts)

    def params_json(self) -> dict[str, Any]:
        return {p.name: p.to_json(self.params[p.name]) for p in self.parameters}

    # ------------------------------------------------------------ position hooks
    def check_position(self, position: Position) -> Position:
        """Validate and normalise a position given from Python; raise :class:`InvalidPosition`."""
        try:
            hash(position)
        except TypeError:
            raise InvalidPosition(f"{self.name}: position {position!r} is not hashable; use a tuple") from None
        return position

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Parse command-line tokens. Default: one integer, or a tuple of integers."""
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        ints = tuple(parse_int(t) for t in tokens)
        return self.check_position(ints[0] if len(ints) == 1 else ints)

    def format_position(self, position: Position) -> str:
        if isinstance(position, tuple):
            return " ".join(map(str, position))
        return str(position)

    def position_to_json(self, position: Position) -> Any:
        return list(position) if isinstance(position, tuple) else position

    def canonical(self, position: Position) -> Hashable:
        """Memo key: positions with equal keys have equal values (default: the position)."""
        return position

    @abstractmethod
    def moves(self, position: Position) -> Iterable[Position]:
        """The options of ``position`` (positions reachable in one move). Every ruleset defines this."""

    def describe_move(self, position: Position, option: Position) -> str:
        """A short human description of the move ``position -> option``."""
        return f"to {self.format_position(option)}"

    # ------------------------------------------------------- closed-form hooks
    def closed_grundy(self, position: Position) -> int | None:
        """Grundy value from a theorem, or None where no closed form applies."""
        return None

    def closed_outcome(self, position: Position) -> str | None:
        """Outcome ("P"/"N") from a theorem, or None. Default: from ``closed_grundy``."""
        g = self.closed_grundy(position)
        return None if g is None else ("P" if g == 0 else "N")

    def closed_method(self, position: Position) -> str:
        """Name of the theorem used for ``position`` (shown as the ``method``)."""
        return f"closed form: {self.closed_form}"

    def closed_options_with_value(self, position: Position, value: int) -> list[Position] | None:
        """All options whose Grundy value is ``value``, found without listing every option, or None."""
        return None

    def closed_winning_move(self, position: Position) -> Position | None:
        """One winning move from an N-position, constructed by a theorem, or None if there is no construction."""
        found = self.closed_options_with_value(position, 0)
        return found[0] if found else None

    def estimate_positions(self, position: Position) -> int | None:
        """Upper estimate of the positions a brute-force search from here visits, or None if unknown."""
        return None

    def is_move(self, position: Position, option: Position) -> bool | None:
        """Whether ``position -> option`` is a move, decided without listing the options, or None."""
        return None

    def option_count(self, position: Position) -> int | None:
        """Number of options, where it can be had without listing them (guards huge positions)."""
        return None

    # ----------------------------------------------------------------- public
    def options(self, position: Position, *, max_options: int = DEFAULT_MAX_POSITIONS) -> list[Position]:
        """Every option of ``position``, in a fixed order, without repeats."""
        pos = self.check_position(position)
        refuse_if_too_large(f"listing the options of {self.format_position(pos)!s}", self.option_count(pos), max_options)
        return list(dict.fromkeys(self.moves(pos)))

    def grundy(self, position: Position, method: str = "auto", max_positions: int | None = None) -> int:
        """Grundy value. ``method``: ``"auto"`` (closed form if any, else search), ``"closed"``, ``"search"``."""
        return self._grundy(self.check_position(position), _check_method(method), self._set_limit(max_positions))

    def outcome(self, position: Position, method: str = "auto", max_positions: int | None = None) -> str:
        """``"P"`` (previous player wins) or ``"N"`` (next player wins)."""
        return self._outcome(self.check_position(position), _check_method(method), self._set_limit(max_positions))

    def is_p_position(self, position: Position, method: str = "auto") -> bool:
        return self.outcome(position, method) == "P"

    def options_with_value(
        self, position: Position, value: int, method: str = "auto", max_positions: int | None = None
    ) -> list[Position]:
        """The options of ``position`` whose Grundy value is ``value``."""
        pos, method, limit = self.check_position(position), _check_method(method), self._set_limit(max_positions)
        if method != "search":
            if value == 0 and self.closed_outcome(pos) == "P":
                return []  # every option of a P-position is an N-position
            found = self.closed_options_with_value(pos, value)
            if found is not None:
                return found
        opts = self.options(pos, max_options=limit)
        if value == 0:
            return [o for o in opts if self._outcome(o, method, limit) == "P"]
        return [o for o in opts if self._grundy(o, method, limit) == value]

    def winning_moves(self, position: Position, method: str = "auto", max_positions: int | None = None) -> list[Position]:
        """The options that are P-positions: the moves that win with perfect play.

        All of them or none: where the options are too many to list, this raises
        :class:`TooLarge` and says whether :meth:`winning_move` can construct one.
        """
        try:
            return self.options_with_value(position, 0, method, max_positions)
        except TooLarge as exc:
            pos = self.check_position(position)
            if method == "search" or exc.estimate is None or self.closed_winning_move(pos) is None:
                raise
            raise TooLarge(f"{self.name}: its options ({format_size(exc.estimate)}) are too many to list, so the "
                           "winning moves cannot all be given; winning_move() constructs one from the theorem's proof "
                           "('sprague moves' shows it)", estimate=exc.estimate, limit=exc.limit) from None

    def winning_move(self, position: Position, method: str = "auto", max_positions: int | None = None) -> Position | None:
        """One winning move (an option that is a P-position), or None from a P-position.

        Where a theorem constructs one (``closed_winning_move``) this answers at
        once even when the options are far too many to list.
        """
        pos, method = self.check_position(position), _check_method(method)
        self._set_limit(max_positions)
        if method != "search":
            if self.closed_outcome(pos) == "P":
                return None
            move = self.closed_winning_move(pos)
            if move is not None:
                return move
        found = self.winning_moves(pos, method, max_positions)
        return found[0] if found else None

    def evaluate(self, position: Position, method: str = "auto", max_positions: int | None = None) -> Evaluation:
        """Outcome and, where it can be had within the limits, the Grundy value, with the method used."""
        pos, method, limit = self.check_position(position), _check_method(method), self._set_limit(max_positions)
        if method != "search":
            g = self.closed_grundy(pos)
            if g is not None:
                return Evaluation(pos, "P" if g == 0 else "N", g, self.closed_method(pos))
            o = self.closed_outcome(pos)
            if o is not None and method == "closed":
                return Evaluation(pos, o, None, self.closed_method(pos),
                                  "no closed form gives the Grundy value here; use method 'auto' or 'search' for it")
            if o is not None:
                try:
                    g = self._search(pos, limit)
                except TooLarge as exc:
                    return Evaluation(pos, o, None, self.closed_method(pos), f"Grundy value not computed: {exc}")
                return Evaluation(pos, o, g, f"{self.closed_method(pos)}; Grundy value by search")
            if method == "closed":
                raise self._no_closed_form(pos)
        g = self._search(pos, limit)
        return Evaluation(pos, "P" if g == 0 else "N", g, "search")

    def apply(self, position: Position, option: Position, max_positions: int | None = None) -> Position:
        """Check that ``option`` is reachable from ``position`` in one move and return it normalised."""
        self._set_limit(max_positions)
        pos = self.check_position(position)
        opt = self.check_position(option)
        verdict = self.is_move(pos, opt)
        if verdict is None:
            key = self.canonical(opt)
            verdict = any(o == opt or self.canonical(o) == key for o in self.options(pos))
        if verdict:
            return opt
        raise IllegalMove(
            f"{self.name}: {self.format_position(opt)!r} cannot be reached from {self.format_position(pos)!r} in one move"
        )

    # --------------------------------------------------------------- internals
    def _set_limit(self, max_positions: int | None) -> int:
        """Check the work limit of a public call and keep it for the hooks (``self._limit_now``)."""
        self._limit_now = _limit(max_positions)
        return self._limit_now

    def _search(self, pos: Position, limit: int) -> int:
        refuse_if_too_large(f"brute-force search from {self.format_position(pos)!s}", self.estimate_positions(pos), limit)
        if self._solver is None:
            self._solver = Solver(self.moves, self.canonical)
        return self._solver.grundy(pos, limit)

    def _grundy(self, pos: Position, method: str, limit: int) -> int:
        if method != "search":
            g = self.closed_grundy(pos)
            if g is not None:
                return g
            if method == "closed":
                raise self._no_closed_form(pos)
        return self._search(pos, limit)

    def _outcome(self, pos: Position, method: str, limit: int) -> str:
        if method != "search":
            o = self.closed_outcome(pos)
            if o is not None:
                return o
            if method == "closed":
                raise self._no_closed_form(pos)
        return "P" if self._search(pos, limit) == 0 else "N"

    def _no_closed_form(self, pos: Position) -> SpragueError:
        return SpragueError(
            f"{self.name}: no closed form applies to {self.format_position(pos)!r}; use method 'search' or 'auto'"
        )


def _check_method(method: str) -> str:
    if method not in METHODS:
        raise SpragueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    return method


def _limit(max_positions: int | None) -> int:
    if max_positions is None:
        return DEFAULT_MAX_POSITIONS
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 1:
        raise SpragueError(f"max_positions must be a positive integer, got {max_positions!r}")
    return max_positions
