"""The conformance checks of sprague's own rulesets, shipped for plugin authors (as scikit-learn ships
``check_estimator``).

:func:`check_ruleset` plays a ruleset from its ``example`` position (or from positions you give) and runs every
check of :data:`CHECKS` on it: what every ruleset must do, whatever its game. The values it checks against come
from a brute force written in this module from the definitions (the mex recursion; for loopy games the P/N/D
labelling by retrograde analysis and Smith's generalized Sprague-Grundy labelling; under misère play the mex
recursion with 1 at the end), over the game graph that the ruleset's own ``moves`` make; it shares no code with
sprague's solvers. A failure raises :class:`RulesetCheckFailed` (an ``AssertionError``, so that a test fails)
whose message names the ruleset, the check, the position, what was expected and what was found.

Each check is also a function of its own (``check_moves(r, start)``...), for a test per check.

Examples
--------
>>> from sprague import HeapRuleset
>>> from sprague.testing import check_ruleset
>>> class HalfNim(HeapRuleset):
...     '''Take at least one token and at most half of the tokens of one heap.'''
...     name, source, example = "half-nim-example", "-- a plugin author's example", ("9", "4")
...     def heap_options(self, n):
...         return [(n - k,) for k in range(1, n // 2 + 1)]
>>> report = check_ruleset(HalfNim)
>>> report.ok, report.positions, report.skipped
(True, 18, {'repr round trip': 'half-nim-example is not registered, so sprague.ruleset cannot find it by name'})
>>> print(report)  # doctest: +ELLIPSIS
half-nim-example: 13 checks passed on 18 positions near 1 start (metadata, parameters, parse and format, ...)
skipped: repr round trip (half-nim-example is not registered, so sprague.ruleset cannot find it by name)

A plugin's own test is then one line: ``def test_my_games(): check_ruleset(MyGame)``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprague.core.loopy import Infinite
from sprague.errors import IllegalMove, InvalidParameter, NoClosedForm, SpragueError, UnknownRuleset
from sprague.rulesets import find_ruleset
from sprague.solve.move import Move
from sprague.solve.ruleset import Ruleset

__all__ = [
    "check_ruleset",
    "CheckReport",
    "RulesetCheckFailed",
    "CHECKS",
    "BRUTE_FORCE_LIMIT",
    "GameGraph",
    "game_graph",
    "mex_values",
    "misere_values",
    "pnd_outcomes",
    "smith_values",
    "within_two_moves",
    "first_option_walk",
    "check_metadata",
    "check_parameters",
    "check_repr",
    "check_parse_and_format",
    "check_moves",
    "check_printed_moves",
    "check_terminal",
    "check_values_by_brute_force",
    "check_closed_equals_search",
    "check_winning_moves",
    "check_evaluate",
    "check_misere",
    "check_random_positions",
]

#: positions the brute force may visit from one start (``max_positions`` of :func:`check_ruleset`)
BRUTE_FORCE_LIMIT = 20_000
#: random positions (seeds 0, 1, ...) whose whole game graphs a loopy ruleset's outcomes are compared on
LOOPY_RANDOM_STARTS = 5
#: how a web page may draw a position (``Ruleset.board``, :data:`sprague.rulesets.shapes.BOARDS`) and the JSON type
#: of a position drawn so
_BOARDS: dict[str, tuple[type, ...]] = {
    "heaps": (list,),
    "grid": (list,),
    "coins": (str,),
    "graph": (list,),
    "cells": (list,),
    "text": (object,),
}
_PARAM_KINDS = ("int", "set", "subset", "subsets", "vectors", "rule", "str", "custom")


class RulesetCheckFailed(AssertionError):
    """A conformance check failed: the message names the ruleset, the check, the position, expected and found."""


@dataclass
class CheckReport:
    """What :func:`check_ruleset` checked: the ruleset, the checks run (in order), the checks skipped with the
    reason, the positions met near the starts, and the outcomes the brute force met (P, N and, loopy, D)."""

    ruleset: str
    checks: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    positions: int = 0
    starts: int = 0
    outcomes: set[str] = field(default_factory=set)

    @property
    def ok(self) -> bool:
        """True: a failed check raises :class:`RulesetCheckFailed` instead of returning a report."""
        return True

    def __str__(self) -> str:
        head = (
            f"{self.ruleset}: {len(self.checks)} checks passed on {self.positions} positions near "
            f"{self.starts} start{'s' if self.starts != 1 else ''} ({', '.join(self.checks)})"
        )
        if self.skipped:
            head += "\nskipped: " + "; ".join(f"{name} ({why})" for name, why in self.skipped.items())
        return head


class _Skip(Exception):
    """A check that does not apply to this ruleset (the reason is the message)."""


def _label(r: Ruleset) -> str:
    return r.name or type(r).__name__


def _fail(r: Ruleset, check: str, text: str) -> RulesetCheckFailed:
    return RulesetCheckFailed(f"{_label(r)}: {check}: {text}")


def _expect(cond: bool, r: Ruleset, check: str, text: str) -> None:
    if not cond:
        raise _fail(r, check, text)


@contextlib.contextmanager
def _at(r: Ruleset, check: str, pos: Any) -> Iterator[None]:
    """An error of the ruleset's (or of sprague's) while checking ``pos`` becomes a failure naming it."""
    try:
        yield
    except (RulesetCheckFailed, _Skip, KeyboardInterrupt):
        raise
    except Exception as exc:
        raise _fail(r, check, f"at {pos!r}: {type(exc).__name__}: {exc}") from exc


# ------------------------------------------------------------------ walking the game
def within_two_moves(r: Ruleset, start: Any) -> list[Any]:
    """The start, its options and their options, each once, in the order met."""
    seen: dict[Any, None] = {start: None}
    frontier = [start]
    for _ in range(2):
        nxt = []
        for pos in frontier:
            for o in r.options(pos):
                if o not in seen:
                    seen[o] = None
                    nxt.append(o)
        frontier = nxt
    return list(seen)


def first_option_walk(r: Ruleset, start: Any, limit: int = 10_000) -> list[Any]:
    """Positions met by always taking the first option, ending at a terminal position (a loopy game: a shortest
    path to one, breadth first over at most ``limit`` positions)."""
    if r.loopy:
        parent: dict[Any, Any] = {start: None}
        frontier = [start]
        while frontier and len(parent) <= limit:
            nxt = []
            for pos in frontier:
                opts = r.options(pos)
                if not opts:
                    path = [pos]
                    while parent[path[-1]] is not None:
                        path.append(parent[path[-1]])
                    return path[::-1]
                for o in opts:
                    if o not in parent:
                        parent[o] = pos
                        nxt.append(o)
            frontier = nxt
        raise _fail(r, "terminal positions", f"no terminal position within {limit:,} positions of {start!r}")
    path = [start]
    for _ in range(limit):
        opts = r.options(path[-1])
        if not opts:
            return path
        path.append(opts[0])
    raise _fail(r, "terminal positions", f"no terminal position after {limit:,} first-option moves from {start!r}")


# ------------------------------------------------------------------ the brute force, from the definitions
@dataclass
class GameGraph:
    """The game graph that a ruleset's own ``moves`` make from some starts: ``order[i]`` is vertex ``i``'s
    position (one per ``canonical`` key), ``out[i]`` the vertices of its options, each once."""

    order: list[Any]
    out: list[list[int]]
    index: dict[Hashable, int]

    def vertex(self, r: Ruleset, position: Any) -> int:
        return self.index[r.canonical(position)]


def game_graph(
    r: Ruleset, starts: Iterable[Any], limit: int = BRUTE_FORCE_LIMIT, check: str = "brute force"
) -> GameGraph:
    """The game graph from ``starts`` by the ruleset's raw ``moves`` (not sprague's ``options``), positions merged
    by ``canonical``; a failure of ``check`` past ``limit`` positions."""
    index: dict[Hashable, int] = {}
    order: list[Any] = []
    for start in starts:
        key = r.canonical(start)
        if key not in index:
            index[key] = len(order)
            order.append(start)
    out: list[list[int]] = []
    for pos in order:  # grows as it goes: breadth first
        with _at(r, check, pos):
            options = list(r.moves(pos))
        outs: dict[int, None] = {}
        for o in options:
            key = r.canonical(o)
            if key not in index:
                index[key] = len(order)
                order.append(o)
                if len(order) > limit:
                    raise _fail(
                        r,
                        check,
                        f"the game from {order[0]!r} has more than {limit:,} positions, too "
                        "many for the brute force; give smaller positions (positions=...) or raise "
                        "max_positions",
                    )
            outs[index[key]] = None
        out.append(list(outs))
    return GameGraph(order, out, index)


def _mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def mex_values(out: Sequence[Sequence[int]], terminal: int = 0) -> list[int] | None:
    """The value of every vertex of a finite game graph: ``terminal`` with no move, else the mex of the options'
    values (Grundy values with ``terminal=0``; Conway's misère values g- with 1), or None if the graph has a
    cycle."""
    n = len(out)
    state = [0] * n  # 0 new, 1 on the path, 2 done
    value = [0] * n
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, 0)]
        state[root] = 1
        while stack:
            v, i = stack[-1]
            if i < len(out[v]):
                stack[-1] = (v, i + 1)
                w = out[v][i]
                if state[w] == 1:
                    return None
                if state[w] == 0:
                    state[w] = 1
                    stack.append((w, 0))
                continue
            value[v] = _mex(value[w] for w in out[v]) if out[v] else terminal
            state[v] = 2
            stack.pop()
    return value


def misere_values(out: Sequence[Sequence[int]]) -> list[int] | None:
    """Conway's misère Grundy value g- of every vertex (1 with no move: the player to move has won), or None."""
    return mex_values(out, terminal=1)


def _predecessors(out: Sequence[Sequence[int]]) -> list[list[int]]:
    into: list[list[int]] = [[] for _ in out]
    for v, outs in enumerate(out):
        for w in outs:
            into[w].append(v)
    return into


def pnd_outcomes(out: Sequence[Sequence[int]]) -> list[str]:
    """P, N or D of every vertex of a game graph that may have cycles, by retrograde analysis: a vertex with no
    move is P; one with a move to a P-vertex is N; one whose every move goes to an N-vertex is P; what is never
    decided is D (neither player can force a win: play goes on for ever)."""
    into = _predecessors(out)
    outcome = ["D"] * len(out)
    undecided = [len(outs) for outs in out]  # options not yet known to be N
    queue = deque(v for v, outs in enumerate(out) if not outs)
    for v in queue:
        outcome[v] = "P"
    while queue:
        w = queue.popleft()
        for v in into[w]:
            if outcome[v] != "D":
                continue
            if outcome[w] == "P":
                outcome[v] = "N"
                queue.append(v)
            else:
                undecided[v] -= 1
                if undecided[v] == 0:
                    outcome[v] = "P"
                    queue.append(v)
    return outcome


def smith_values(out: Sequence[Sequence[int]]) -> list[int | Infinite]:
    """The generalized Sprague-Grundy value gamma of every vertex of a game graph that may have cycles, by the
    labelling of Smith (1966) and Fraenkel and Yesha (1986): for m = 0, 1, ... label m every unlabelled vertex
    with no option labelled m whose options that are unlabelled or infinite each have an option labelled m,
    until none is left; then label infinite every unlabelled vertex with no option labelled m. An infinite
    vertex's value is ``∞(K)``, K the finite values of its options."""
    n = len(out)
    value: list[int | None] = [None] * n
    infinite = [False] * n
    m = 0
    while any(value[v] is None and not infinite[v] for v in range(n)):
        changed = True
        while changed:
            changed = False
            for u in range(n):
                if value[u] is not None or infinite[u] or any(value[v] == m for v in out[u]):
                    continue
                if all(any(value[w] == m for w in out[v]) for v in out[u] if value[v] is None):
                    value[u], changed = m, True
        for u in range(n):
            if value[u] is None and not infinite[u] and not any(value[v] == m for v in out[u]):
                infinite[u] = True
        m += 1
    result: list[int | Infinite] = []
    for u in range(n):
        v = value[u]
        result.append(v if v is not None else Infinite(frozenset(x for w in out[u] if (x := value[w]) is not None)))
    return result


def _outcome_of(value: Any) -> str:
    """The outcome a value gives: 0 is P; another nimber N; ``∞(K)`` N when 0 is in K, else D (a draw)."""
    if isinstance(value, Infinite):
        return "N" if 0 in value.K else "D"
    return "P" if value == 0 else "N"


# ------------------------------------------------------------------ the checks
def check_metadata(r: Ruleset, start: Any = None) -> None:
    """A docstring; a lower-case name and aliases as ``sprague.ruleset`` reads them, not taken by another ruleset;
    a source; an example; a known ``board``; and for every parameter a known kind, a doc and an example value."""
    cls, check = type(r), "metadata"
    _expect(
        bool((cls.__doc__ or "").strip()),
        r,
        check,
        f"{cls.__name__} has no docstring (sprague describe and the web page show its first paragraph)",
    )
    for n in (cls.name, *cls.aliases):
        key = n.strip().lower().replace("_", "-").replace(" ", "-")
        _expect(
            bool(n) and n == key,
            r,
            check,
            f"name {n!r} should be lower case with '-' between words ({key!r}): sprague.ruleset reads names so",
        )
        try:
            found = find_ruleset(n)
        except UnknownRuleset:
            continue
        _expect(
            found is cls,
            r,
            check,
            f"the name {n!r} is taken by {found.__module__}.{found.__qualname__}; choose another",
        )
    _expect(bool(cls.example), r, check, f"{cls.__name__} has no example position (example = ('tokens', ...))")
    _expect(
        isinstance(cls.source, str) and bool(cls.source.strip()) and cls.source != Ruleset.source,
        r,
        check,
        f"{cls.__name__} names no source (source = '-- where the game comes from')",
    )
    _expect(cls.board in _BOARDS, r, check, f"board {cls.board!r} is not one of {', '.join(_BOARDS)}")
    for p in cls.parameters:
        _expect(
            p.kind in _PARAM_KINDS,
            r,
            check,
            f"parameter {p.name!r} has kind {p.kind!r}, not one of {', '.join(_PARAM_KINDS)}",
        )
        _expect(
            p.kind != "custom" or p.reader is not None, r, check, f"parameter {p.name!r} of kind 'custom' has no reader"
        )
        _expect(bool(p.doc), r, check, f"parameter {p.name!r} has no doc")
        _expect(p.example is not None, r, check, f"parameter {p.name!r} declares no example value")


def _rebuilt(r: Ruleset) -> Ruleset | None:
    """The ruleset built again from its parameters as typed, or None for one built otherwise (a sum of rulesets:
    no parameters, and its class does not build without arguments)."""
    try:
        return type(r)(**{p.name: p.text(r.params[p.name]) for p in r.parameters})
    except (TypeError, SpragueError):
        if r.parameters:
            raise
        return None


def check_parameters(r: Ruleset, start: Any = None) -> None:
    """Parameters as typed (``Param.text``) build an equal ruleset, with the same hash and ``describe``."""
    check = "parameters"
    with _at(r, check, start):
        again = _rebuilt(r)
    if again is None:
        return
    _expect(
        again == r and hash(again) == hash(r),
        r,
        check,
        f"{r.describe()!r} built again from its parameters as typed gives {again.describe()!r}",
    )
    _expect(again.describe() == r.describe(), r, check, f"describe() gives {again.describe()!r} for {r.describe()!r}")


def check_repr(r: Ruleset, start: Any = None) -> None:
    """``eval(repr(r))`` (``sprague.ruleset('name', ...)``) gives an equal ruleset of the same class: for a ruleset
    registered by name only (entry point, ``--plugin`` or ``sprague.register``)."""
    check = "repr round trip"
    try:
        registered = bool(r.name) and find_ruleset(r.name) is type(r)
    except UnknownRuleset:
        registered = False
    if not registered:
        raise _Skip(f"{_label(r)} is not registered, so sprague.ruleset cannot find it by name")
    text = repr(r)
    with _at(r, check, text):
        again = eval(text, {"sprague": importlib.import_module("sprague")})
    _expect(
        type(again) is type(r) and again == r and hash(again) == hash(r),
        r,
        check,
        f"{text} gives {again!r} ({type(again).__name__})",
    )
    _expect(repr(again) == text, r, check, f"{text} gives a ruleset whose repr is {again!r}")


def check_parse_and_format(r: Ruleset, start: Any) -> None:
    """Every position near ``start`` is normalised and hashable, prints as text that parses back to it, and its
    JSON form (``position_to_json``) is JSON of the type its ``board`` draws."""
    check = "parse and format"
    hash(start)
    _expect(r.check_position(start) == start, r, check, f"{start!r} is not normalised (check_position changes it)")
    for pos in within_two_moves(r, start):
        text = r.format_position(pos)
        _expect(isinstance(text, str) and bool(text), r, check, f"{pos!r} prints as {text!r}")
        try:
            back = r.parse_position(text.split())
        except SpragueError as exc:
            raise _fail(r, check, f"{pos!r} prints as {text!r}, which does not parse: {exc}") from None
        _expect(back == pos, r, check, f"{text!r} (position {pos!r}) parses as {back!r}")
        with _at(r, check, pos):
            data = r.position_to_json(pos)
            json.dumps(data)
        _expect(
            isinstance(data, _BOARDS.get(r.board, (object,))),
            r,
            check,
            f"position_to_json({pos!r}) = {data!r}, but board {r.board!r} draws a {_BOARDS[r.board][0].__name__}",
        )


#: the example's options whose own options :func:`check_moves` checks too
DEEP_OPTIONS = 40


def check_moves(r: Ruleset, start: Any) -> None:
    """Options are deterministic, distinct, normalised and legal, two moves deep: those of the example and of its
    first :data:`DEEP_OPTIONS` options (a coin-turning example has some 13,000 second moves, each of whose check
    lists options again); a short game cannot go back."""
    check = "moves"
    level1 = r.options(start)
    _expect(bool(level1), r, check, f"the example {start!r} should have moves")
    for pos in [start, *level1[:DEEP_OPTIONS]]:
        opts = r.options(pos)
        _expect(opts == r.options(pos), r, check, f"options({pos!r}) differ from one call to the next")
        _expect(opts == list(dict.fromkeys(opts)), r, check, f"options({pos!r}) repeat an option: {opts!r}")
        for o in opts:
            with _at(r, check, o):
                hash(o)
            _expect(r.check_position(o) == o, r, check, f"option {o!r} of {pos!r} is not normalised")
            _expect(r.apply(pos, o) == o, r, check, f"apply({pos!r}, {o!r}) is not {o!r}")
    if not r.loopy:
        try:
            r.apply(level1[0], start)
        except IllegalMove:
            pass
        else:
            raise _fail(
                r,
                check,
                f"a move from {level1[0]!r} back to {start!r} was accepted in a short game (expected IllegalMove)",
            )


def check_printed_moves(r: Ruleset, start: Any) -> None:
    """Each move as ``sprague moves`` prints it, and each option's position text, parse back to that move."""
    check = "printed moves"
    for pos in within_two_moves(r, start)[:12]:
        for option in r.options(pos):
            text = str(Move(r, pos, option))
            with _at(r, check, pos):
                again = Move.parse(r, pos, text)
            _expect(
                r.canonical(again.option) == r.canonical(option),
                r,
                check,
                f"the move {text!r} from {pos!r} parses as {again.option!r}, not {option!r}",
            )
            written = r.format_position(option)
            with _at(r, check, pos):
                typed = Move.parse(r, pos, written)
            _expect(
                r.canonical(typed.option) == r.canonical(option),
                r,
                check,
                f"the position {written!r} typed as a move from {pos!r} parses as {typed.option!r}",
            )


def check_drawing(r: Ruleset, start: Any) -> None:
    """Where the web page draws a position as a board to click (:meth:`~sprague.core.ruleset.Rules.drawing`),
    each option's targets are elements of the drawing, and no element plays two different options."""
    check = "board drawing"
    for pos in within_two_moves(r, start)[:12]:
        drawing = r.drawing(pos)
        if drawing is None or drawing.get("kind") not in ("graph", "cells"):
            continue
        if drawing["kind"] == "graph":
            ids = {v["id"] for v in drawing["vertices"]} | {e["id"] for e in drawing["edges"]}
        else:
            ids = {f"{i},{j}" for i, row in enumerate(drawing["rows"]) for j in range(len(row))}
        played: dict[str, Any] = {}
        for option in r.options(pos):
            for target in r.move_targets(pos, option):
                _expect(
                    set(target.split("+")) <= ids,
                    r,
                    check,
                    f"the move to {option!r} from {pos!r} names {target!r}, not an element of the drawing",
                )
                _expect(
                    played.setdefault(target, option) == option,
                    r,
                    check,
                    f"{target!r} of {pos!r} plays two moves: to {played[target]!r} and to {option!r}",
                )


def check_terminal(r: Ruleset, start: Any) -> None:
    """A terminal position reached from ``start`` has no option, is P with value 0 and no winning move."""
    path = first_option_walk(r, start)
    end, check = path[-1], "terminal positions"
    _expect(
        r.options(end) == [] and all(r.options(p) for p in path[:-1]),
        r,
        check,
        f"the walk from {start!r} did not end at a terminal position",
    )
    for method in ("auto", "search"):
        _expect(r.outcome(end, method=method) == "P", r, check, f"{end!r} has no move but is not P ({method})")
        _expect(r.grundy(end, method=method) == 0, r, check, f"{end!r} has no move but its value is not 0 ({method})")
    _expect(r.winning_moves(end) == [], r, check, f"{end!r} has no move but winning_moves gives some")
    ev = r.evaluate(end)
    _expect((ev.outcome, ev.grundy) == ("P", 0), r, check, f"evaluate({end!r}) gives {ev.outcome}, {ev.grundy}")


def check_values_by_brute_force(
    r: Ruleset, start: Any, limit: int = BRUTE_FORCE_LIMIT, random_starts: int = LOOPY_RANDOM_STARTS
) -> set[str]:
    """The values sprague gives agree with the brute force of this module over the whole game graph.

    A short game: the Grundy values and outcomes of every position within two moves of
    ``start`` are those of the mex recursion; a cycle in its graph fails (it should be loopy). A loopy game: the
    values gamma near ``start`` are Smith's labelling, and the outcomes (``auto`` and ``search``) of every
    position of the graphs of ``start`` and of ``random_starts`` random positions are the P/N/D labelling.
    Returns the outcomes met (``{"P", "N"}``, or with ``"D"``).
    """
    check = "values by brute force"
    g = game_graph(r, [start], limit, check)
    near = within_two_moves(r, start)
    values = None if r.loopy else mex_values(g.out)
    if values is not None:
        for pos in near:
            value = values[g.vertex(r, pos)]
            with _at(r, check, pos):  # by search too: "closed form equals search" checks that it agrees with auto
                found, outcome = r.grundy(pos), r.outcome(pos)
            _expect(
                found == value, r, check, f"the Grundy value of {pos!r} is {found}, the mex recursion gives {value}"
            )
            _expect(
                outcome == _outcome_of(value),
                r,
                check,
                f"the outcome of {pos!r} is {outcome}, the mex recursion gives the value {value}",
            )
        return {_outcome_of(values[g.vertex(r, pos)]) for pos in near}
    _expect(
        r.loopy,
        r,
        check,
        f"the game from {start!r} has a cycle, but the ruleset says it is short "
        "(set loopy = True, or subclass LoopyRuleset)",
    )
    gammas = smith_values(g.out)
    for pos in near:
        want = gammas[g.vertex(r, pos)]
        for method in ("auto", "search"):
            with _at(r, check, pos):
                got = r.grundy(pos, method=method)
            _expect(got == want, r, check, f"the value of {pos!r} ({method}) is {got}, Smith's labelling gives {want}")
    met: set[str] = set()
    starts = [start] + [r.random_position(random.Random(seed)) for seed in range(random_starts)]
    for s in dict.fromkeys(p for p in starts if p is not None):
        graph = g if s == start else game_graph(r, [s], limit, check)
        outcomes = pnd_outcomes(graph.out)
        for pos, outcome in zip(graph.order, outcomes):
            for method in ("auto", "search"):
                with _at(r, check, pos):
                    seen = r.outcome(pos, method=method)
                _expect(
                    seen == outcome,
                    r,
                    check,
                    f"the outcome of {pos!r} ({method}) is {seen}, the P/N/D labelling gives {outcome}",
                )
        if s == start:
            _expect(
                all(_outcome_of(gammas[i]) == o for i, o in enumerate(outcomes)),
                r,
                check,
                "the brute force's two labellings disagree: please report it",
            )
        met.update(outcomes)
    return met


def _closed_or_none(r: Ruleset, method: Callable[..., Any], pos: Any, check: str) -> Any:
    """``method(pos, method="closed")``, or None where the ruleset says (NoClosedForm) that no closed form applies."""
    try:
        return method(pos, method="closed")
    except NoClosedForm as exc:
        _expect(
            "no closed form" in str(exc),
            r,
            check,
            f"method='closed' at {pos!r} refused with {exc!r}, which does not say 'no closed form'",
        )
        return None
    except SpragueError as exc:
        raise _fail(r, check, f"method='closed' at {pos!r}: {type(exc).__name__}: {exc}") from exc


def check_closed_equals_search(r: Ruleset, start: Any, closed_applies: bool = True) -> None:
    """Closed forms (``method="closed"``) agree with search near ``start``, and ``auto`` with both; a ruleset that
    names a ``closed_form`` applies it somewhere there (``closed_applies=False``: a sum with a component only
    search values, where ``method="closed"`` must refuse everywhere); a ruleset built afresh (no memo) agrees."""
    applied, check = 0, "closed form equals search"
    for pos in within_two_moves(r, start):
        with _at(r, check, pos):
            g_search, o_search = r.grundy(pos, method="search"), r.outcome(pos, method="search")
        _expect(
            o_search == _outcome_of(g_search),
            r,
            check,
            f"the outcome of {pos!r} by search is {o_search} but its value by search is {g_search}",
        )
        _expect(
            r.grundy(pos) == g_search, r, check, f"the value of {pos!r} (auto) is {r.grundy(pos)}, by search {g_search}"
        )
        _expect(
            r.outcome(pos) == o_search,
            r,
            check,
            f"the outcome of {pos!r} (auto) is {r.outcome(pos)}, by search {o_search}",
        )
        g_closed, o_closed = _closed_or_none(r, r.grundy, pos, check), _closed_or_none(r, r.outcome, pos, check)
        if g_closed is not None:
            _expect(g_closed == g_search, r, check, f"closed form {g_closed} for {pos!r}, search {g_search}")
            _expect(o_closed is not None, r, check, f"a closed value but no closed outcome for {pos!r}")
        if o_closed is not None:
            _expect(o_closed == o_search, r, check, f"closed outcome {o_closed} for {pos!r}, search {o_search}")
            applied += 1
    if not closed_applies:
        _expect(applied == 0, r, check, f"method 'closed' answered near {start!r} where a component needs search")
    elif r.closed_form is not None:
        _expect(applied > 0, r, check, f"names a closed form ({r.closed_form}) but it applied nowhere near {start!r}")
    fresh = _rebuilt(r)
    if fresh is not None:
        _expect(
            fresh.grundy(start) == r.grundy(start, method="search"),
            r,
            check,
            f"a fresh {_label(r)} gives {start!r} the value {fresh.grundy(start)}, search "
            f"{r.grundy(start, method='search')}",
        )


def check_winning_moves(r: Ruleset, start: Any) -> None:
    """Winning moves (``auto`` and ``search``) are exactly the options that are P by search, legal and each once;
    ``winning_move`` at ``start`` is one of them; ``options_with_value`` lists the options of each value."""
    check = "winning moves"
    for pos in within_two_moves(r, start):
        opts = r.options(pos)
        by_search = {o: r.grundy(o, method="search") for o in opts}
        p_options = {o for o in opts if r.outcome(o, method="search") == "P"}
        _expect(
            p_options == {o for o, g in by_search.items() if g == 0},
            r,
            check,
            f"P-options of {pos!r} by outcome and by value differ",
        )
        for method in ("auto", "search"):
            with _at(r, check, pos):
                wins = r.winning_moves(pos, method=method)
            _expect(len(wins) == len(set(wins)), r, check, f"winning_moves({pos!r}) repeats a move: {wins!r}")
            _expect(
                set(wins) == p_options,
                r,
                check,
                f"winning_moves({pos!r}, method={method!r}) = {wins!r}, the P-options are {p_options!r}",
            )
            _expect(all(r.apply(pos, w) == w for w in wins), r, check, f"a winning move of {pos!r} is not legal")
        if pos == start:  # (at the start only: where no theorem constructs one, it lists the options again)
            with _at(r, check, pos):
                one = r.winning_move(pos)
            _expect(
                (one is None) == (not p_options) and (one is None or one in p_options),
                r,
                check,
                f"winning_move({pos!r}) = {one!r}, the P-options are {p_options!r}",
            )
        _expect(
            bool(p_options) == (r.outcome(pos, method="search") == "N"),
            r,
            check,
            f"{pos!r}: an N-position needs a winning move and a P-position has none",
        )
        for v in set(by_search.values()):
            want = {o for o, g in by_search.items() if g == v}
            with _at(r, check, pos):
                got = set(r.options_with_value(pos, v))
            _expect(got == want, r, check, f"options_with_value({pos!r}, {v}) = {got!r}, expected {want!r}")


def check_evaluate(r: Ruleset, start: Any) -> None:
    """``evaluate`` gives the position, the value and outcome of ``grundy``/``outcome``, and a method."""
    check = "evaluate"
    for pos in within_two_moves(r, start):
        with _at(r, check, pos):
            ev, ev_search = r.evaluate(pos), r.evaluate(pos, method="search")
        _expect(ev.position == pos and ev.grundy is not None, r, check, f"evaluate({pos!r}) = {ev!r}")
        _expect(
            (ev.grundy, ev.outcome) == (r.grundy(pos), r.outcome(pos)),
            r,
            check,
            f"evaluate({pos!r}) = {ev!r} disagrees with grundy/outcome ({r.grundy(pos)}, {r.outcome(pos)})",
        )
        _expect(isinstance(ev.method, str) and bool(ev.method), r, check, f"evaluate({pos!r}) names no method")
        _expect(
            (ev_search.grundy, ev_search.outcome, ev_search.method) == (ev.grundy, ev.outcome, "search"),
            r,
            check,
            f"evaluate({pos!r}, method='search') = {ev_search!r}",
        )


def _overrides_misere_closed_form(r: Ruleset) -> bool:
    return any(
        vars(c).get(hook) is not None
        for c in type(r).__mro__[: type(r).__mro__.index(Ruleset)]
        for hook in ("misere_closed_outcome", "misere_closed_grundy")
    )


def _check_misere_at(r: Ruleset, g: GameGraph, values: list[int], pos: Any) -> bool:
    """:func:`check_misere` at one position ``pos`` of the game graph ``g`` (misère values ``values``); whether a
    misère closed form answered there."""
    check = "misère play"
    want_g = values[g.vertex(r, pos)]
    want = "P" if want_g == 0 else "N"
    for method in ("search", "auto"):
        with _at(r, check, pos):
            got, got_g = r.outcome(pos, method=method, misere=True), r.grundy(pos, method=method, misere=True)
        _expect(
            got == want,
            r,
            check,
            f"the misère outcome of {pos!r} ({method}) is {got}, the misère mex recursion gives {want}",
        )
        _expect(
            got_g == want_g,
            r,
            check,
            f"the misère value g- of {pos!r} ({method}) is {got_g}, the misère mex recursion gives {want_g}",
        )
    with _at(r, check, pos):
        closed = r.misere_closed_outcome(pos)
    if closed is not None:
        _expect(
            closed == want,
            r,
            check,
            f"the misère closed form gives {pos!r} the outcome {closed}, the misère mex recursion {want}",
        )
        _expect(
            r.outcome(pos, method="closed", misere=True) == want,
            r,
            check,
            f"outcome({pos!r}, method='closed', misere=True) is not {want}",
        )
    wins = {r.canonical(o) for o in r.options(pos) if values[g.vertex(r, o)] == 0}
    for method in ("auto", "search"):
        with _at(r, check, pos):
            got_wins = r.winning_moves(pos, method=method, misere=True)
            one = r.winning_move(pos, method=method, misere=True)
        _expect(
            {r.canonical(o) for o in got_wins} == wins,
            r,
            check,
            f"misère winning_moves({pos!r}, method={method!r}) = {got_wins!r}, the misère P-options are {wins!r}",
        )
        _expect(
            (one is None) == (not wins) and (one is None or r.canonical(one) in wins),
            r,
            check,
            f"misère winning_move({pos!r}, method={method!r}) = {one!r}",
        )
    ev = r.evaluate(pos, misere=True)
    _expect(
        (ev.outcome, ev.grundy, ev.misere) == (want, want_g, True),
        r,
        check,
        f"evaluate({pos!r}, misere=True) = {ev!r}, expected {want}, g- = {want_g}",
    )
    if not r.options(pos):  # the player to move at the end has won
        _expect((want, want_g, wins) == ("N", 1, set()), r, check, f"{pos!r} has no move but is not misère N")
    return closed is not None


def check_misere(r: Ruleset, start: Any, limit: int = BRUTE_FORCE_LIMIT) -> int:
    """Misère play (the player who makes the last move loses) near ``start`` and at a terminal position:
    outcomes, values g-, closed forms, winning moves and ``evaluate`` against the misère mex recursion; a ruleset
    with a misère closed form applies it near ``start``. A ruleset without misère play (``misere_play = False``)
    refuses ``misere=True`` in one line. Returns the number of positions a misère closed form answered."""
    check = "misère play"
    if not r.misere_play:
        try:
            r.outcome(start, misere=True)
        except InvalidParameter as exc:
            _expect(
                "no misère play" in str(exc),
                r,
                check,
                f"misere=True is refused with {exc!r}, which does not say 'no misère play'",
            )
            return 0
        raise _fail(r, check, f"misere_play is False, yet outcome({start!r}, misere=True) answered")
    end = first_option_walk(r, start)[-1]
    g = game_graph(r, [start], limit, check)
    values = misere_values(g.out)
    _expect(
        values is not None,
        r,
        check,
        f"the game from {start!r} has a cycle: misère play needs play to end (set misere_play = False)",
    )
    assert values is not None
    applied = sum(_check_misere_at(r, g, values, pos) for pos in [*within_two_moves(r, start), end])
    if _overrides_misere_closed_form(r):
        _expect(
            applied > 0, r, check, f"{type(r).__name__} has a misère closed form, but it applied nowhere near {start!r}"
        )
    return applied


def check_random_positions(r: Ruleset, start: Any = None) -> None:
    """``random_position`` gives positions that are normalised, print and parse back, and repeat with the seed;
    a ruleset that overrides it draws more than one position in 20 seeds."""
    check = "random positions"
    drawn = [r.random_position(random.Random(seed)) for seed in range(20)]
    if all(p is None for p in drawn):
        return
    for p in drawn:
        _expect(p is not None and r.check_position(p) == p, r, check, f"random_position gave {p!r}")
        with _at(r, check, p):
            back = r.parse_position(r.format_position(p).split())
        _expect(back == p, r, check, f"{p!r} prints as {r.format_position(p)!r}, which parses as {back!r}")
    _expect(
        drawn == [r.random_position(random.Random(seed)) for seed in range(20)],
        r,
        check,
        "the same seed gave another position",
    )
    if type(r).random_position is not Ruleset.random_position:
        _expect(len(set(drawn)) > 1, r, check, f"20 seeds drew one position, {drawn[0]!r}")


#: every check, in the order :func:`check_ruleset` runs them; each takes the ruleset and a start position
CHECKS: dict[str, Callable[..., Any]] = {
    "metadata": check_metadata,
    "parameters": check_parameters,
    "repr round trip": check_repr,
    "parse and format": check_parse_and_format,
    "moves": check_moves,
    "printed moves": check_printed_moves,
    "board drawing": check_drawing,
    "terminal positions": check_terminal,
    "values by brute force": check_values_by_brute_force,
    "closed form equals search": check_closed_equals_search,
    "winning moves": check_winning_moves,
    "evaluate": check_evaluate,
    "misère play": check_misere,
    "random positions": check_random_positions,
}
#: the checks about the ruleset as a whole, run once (the others run from each start)
_ONCE = ("metadata", "parameters", "repr round trip", "random positions")
#: the checks that take the size bound of the brute force
_BOUNDED = ("values by brute force", "misère play")


def check_ruleset(
    ruleset: Ruleset | type[Ruleset] | str,
    positions: Iterable[Any] | None = None,
    *,
    texts: Iterable[str | Sequence[str]] | None = None,
    params: dict[str, Any] | None = None,
    max_positions: int = BRUTE_FORCE_LIMIT,
    checks: Iterable[str] | None = None,
) -> CheckReport:
    """Run the conformance checks of :data:`CHECKS` on a ruleset, from its example or from positions you give.

    Parameters
    ----------
    ruleset : Ruleset subclass, Ruleset or str
        The class (built with ``params``, else with each parameter's ``example`` value), an instance, or a
        registered name.
    positions : iterable, optional
        Start positions, as Python values (``(9, 4)``, ``"THHT"``).
    texts : iterable of str or of token tuples, optional
        Start positions as typed (``"9 4"``, ``("9", "4")``). Without ``positions`` and ``texts``: the class's
        ``example``.
    params : dict, optional
        Parameters for a class, as in ``sprague.ruleset(cls, **params)``.
    max_positions : int
        The size bound: positions the brute force may visit from one start (a failure past it says so).
    checks : iterable of str, optional
        Names of :data:`CHECKS` to run (default: all).

    Returns
    -------
    CheckReport
        The checks run and skipped (with the reason), the positions met near the starts, the outcomes met.

    Raises
    ------
    RulesetCheckFailed
        At the first failure (an ``AssertionError``): ``"<ruleset>: <check>: <position, expected and found>"``.

    Examples
    --------
    >>> import sprague
    >>> from sprague.testing import check_ruleset
    >>> report = check_ruleset("nim", texts=["3 5", "2 2 1"], max_positions=1000)
    >>> report.starts, sorted(report.outcomes), "misère play" in report.checks
    (2, ['N', 'P'], True)
    >>> class Wrong(sprague.HeapRuleset):
    ...     '''Nim with a wrong closed form.'''
    ...     name, source, example, closed_form = "wrong-nim", "-- a test", ("3", "5"), "G = the largest heap"
    ...     def heap_options(self, n):
    ...         return [(k,) for k in range(n)]
    ...     def closed_grundy(self, position):
    ...         return max(position, default=0)
    >>> check_ruleset(Wrong)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sprague.testing.RulesetCheckFailed: wrong-nim: values by brute force: the Grundy value of (3, 5) is 5, the mex ...
    """
    if isinstance(ruleset, Ruleset):
        if params:
            raise TypeError("params cannot be given with a ruleset instance")
        r = ruleset
    else:
        cls = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            raise TypeError(f"{ruleset!r} is not a Ruleset subclass, instance or name")
        r = cls(**(params if params is not None else {p.name: p.example for p in cls.parameters}))
    wanted = list(CHECKS) if checks is None else list(checks)
    unknown = [c for c in wanted if c not in CHECKS]
    if unknown:
        raise ValueError(f"unknown check {unknown[0]!r}; the checks are {', '.join(CHECKS)}")
    starts = [r.check_position(p) for p in positions or ()]
    starts += [r.parse_position(t.split() if isinstance(t, str) else list(t)) for t in texts or ()]
    if positions is None and texts is None:
        starts = [r.parse_position(list(type(r).example))]
    report = CheckReport(_label(r), starts=len(starts))
    met: set[Hashable] = set()
    for name in wanted:
        for start in starts[:1] if name in _ONCE else starts:
            try:
                if name in _BOUNDED:
                    found = CHECKS[name](r, start, limit=max_positions)
                else:
                    found = CHECKS[name](r, start)
            except _Skip as why:
                report.skipped[name] = str(why)
                break
            except (RulesetCheckFailed, KeyboardInterrupt):
                raise
            except Exception as exc:  # the ruleset's own code failed: a failure of the check, not a crash
                raise _fail(r, name, f"from {start!r}: {type(exc).__name__}: {exc}") from exc
            if name == "values by brute force":
                report.outcomes |= found
        else:
            report.checks.append(name)
    for start in starts:
        met.update(map(r.canonical, within_two_moves(r, start)))
    report.positions = len(met)
    return report
