"""The conformance checks of sprague's own rulesets, shipped for plugin authors (as scikit-learn ships
``check_estimator``).

:func:`check_ruleset` plays a ruleset from its example position (or from positions you give) and checks what every
ruleset must do: positions parse back from their text, moves are deterministic, legal and normalised, every move as
printed parses back, terminal positions are P with value 0, the Grundy values and outcomes sprague gives agree with a
brute force written here from the definitions (mex of the options; for loopy games the P/N/D labelling by
retrograde analysis) that shares no code with sprague's solvers, closed forms agree with search, winning moves are
exactly the options that are P, and ``evaluate`` agrees with ``grundy`` and ``outcome``. A failure raises
:class:`RulesetCheckFailed` (an ``AssertionError``) that names the ruleset, the check, the position and what was
expected and found.

>>> from sprague import HeapRuleset
>>> from sprague.testing import check_ruleset
>>> class HalfNim(HeapRuleset):
...     '''Take at least one token and at most half of the tokens of one heap.'''
...     name, source, example = "half-nim-example", "-- a plugin author's example", ("9", "4")
...     def heap_options(self, n):
...         return [(n - k,) for k in range(1, n // 2 + 1)]
>>> report = check_ruleset(HalfNim)
>>> report.ok, len(report.checks), report.positions
(True, 10, 18)

A plugin's own test is then one line: ``def test_my_games(): check_ruleset(MyGame)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprague.core.loopy import loopy_outcome
from sprague.core.move import Move
from sprague.core.ruleset import Ruleset
from sprague.errors import NoClosedForm, SpragueError, TooLarge

__all__ = ["check_ruleset", "RulesetCheckFailed", "CheckReport", "CHECKS", "within_two_moves", "first_option_walk",
           "check_metadata", "check_parse_and_format", "check_moves", "check_printed_moves", "check_terminal",
           "check_values_by_brute_force", "check_closed_equals_search", "check_winning_moves", "check_evaluate"]

#: positions the brute force may visit from one start before a check says the example is too large for it
BRUTE_FORCE_LIMIT = 20_000


class RulesetCheckFailed(AssertionError):
    """A conformance check failed: the message names the ruleset, the check, the position, expected and found."""


@dataclass
class CheckReport:
    """What :func:`check_ruleset` checked: the ruleset, the checks run (in order) and the positions they met."""

    ruleset: str
    checks: list[str] = field(default_factory=list)
    positions: int = 0

    @property
    def ok(self) -> bool:
        """True: a failed check raises instead of returning a report."""
        return True

    def __str__(self) -> str:
        return (f"{self.ruleset}: {len(self.checks)} checks passed on {self.positions} positions "
                f"({', '.join(self.checks)})")


def _fail(r: Ruleset, check: str, text: str) -> RulesetCheckFailed:
    return RulesetCheckFailed(f"{r.name or type(r).__name__}: {check}: {text}")


def _expect(cond: bool, r: Ruleset, check: str, text: str) -> None:
    if not cond:
        raise _fail(r, check, text)


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


def _graph(r: Ruleset, start: Any, limit: int) -> tuple[list[list[int]], list[Any]]:
    """The game graph from ``start`` by the ruleset's own moves, positions merged by ``canonical``."""
    index: dict[Hashable, int] = {r.canonical(start): 0}
    order, graph = [start], []
    for pos in order:
        outs = []
        for o in dict.fromkeys(r.moves(pos)):
            key = r.canonical(o)
            if key not in index:
                index[key] = len(order)
                order.append(o)
                if len(order) > limit:
                    raise _fail(r, "values by brute force", f"the game from {start!r} has more than {limit:,} "
                                "positions; give smaller positions (positions=...)")
            outs.append(index[key])
        graph.append(outs)
    return graph, order


def _mex_values(graph: Sequence[Sequence[int]]) -> list[int] | None:
    """Grundy values of a finite acyclic game graph (mex of the options), or None if the graph has a cycle."""
    n = len(graph)
    state = [0] * n  # 0 new, 1 on the stack, 2 done
    value = [0] * n
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, 0)]
        state[root] = 1
        while stack:
            v, i = stack[-1]
            if i < len(graph[v]):
                stack[-1] = (v, i + 1)
                w = graph[v][i]
                if state[w] == 1:
                    return None
                if state[w] == 0:
                    state[w] = 1
                    stack.append((w, 0))
                continue
            seen = {value[w] for w in graph[v]}
            m = 0
            while m in seen:
                m += 1
            value[v], state[v] = m, 2
            stack.pop()
    return value


def _pnd(graph: Sequence[Sequence[int]]) -> list[str]:
    """P, N or D of every vertex of a game graph that may have cycles, from the definitions: no move is P; a move
    to P is N; every move to N is P; repeated until nothing changes; what is left is D (play goes on for ever)."""
    out = ["?"] * len(graph)
    changed = True
    while changed:
        changed = False
        for v, outs in enumerate(graph):
            if out[v] != "?":
                continue
            if any(out[w] == "P" for w in outs):
                out[v], changed = "N", True
            elif all(out[w] == "N" for w in outs):
                out[v], changed = "P", True
    return ["D" if o == "?" else o for o in out]


# ------------------------------------------------------------------ the checks
def check_metadata(r: Ruleset, start: Any) -> None:
    """A lower-case name, a source, an example, and a documented example value for every parameter."""
    cls, check = type(r), "metadata"
    _expect(bool(cls.name) and cls.name == cls.name.lower(), r, check, f"name {cls.name!r} should be lower case")
    _expect(bool(cls.example), r, check, f"{cls.__name__} has no example position (example = ('tokens', ...))")
    _expect(isinstance(cls.source, str) and bool(cls.source.strip()), r, check,
            f"{cls.__name__} names no source (source = '-- where the game comes from')")
    for p in cls.parameters:
        _expect(bool(p.doc), r, check, f"parameter {p.name!r} has no doc")
        _expect(p.example is not None, r, check, f"parameter {p.name!r} declares no example value")


def check_parse_and_format(r: Ruleset, start: Any) -> None:
    """Every position near ``start`` is normalised, hashable, and parses back from the text it is printed as."""
    hash(start)
    _expect(r.check_position(start) == start, r, "parse and format", f"{start!r} is not normalised")
    for pos in within_two_moves(r, start):
        text = r.format_position(pos)
        _expect(isinstance(text, str) and bool(text), r, "parse and format", f"{pos!r} prints as {text!r}")
        try:
            back = r.parse_position(text.split())
        except SpragueError as exc:
            raise _fail(r, "parse and format", f"{pos!r} prints as {text!r}, which does not parse: {exc}") from None
        _expect(back == pos, r, "parse and format", f"{text!r} (position {pos!r}) parses as {back!r}")


def check_moves(r: Ruleset, start: Any) -> None:
    """Options are deterministic, distinct, normalised and legal, two moves deep; a short game cannot go back."""
    check = "moves"
    level1 = r.options(start)
    _expect(bool(level1), r, check, f"the example {start!r} should have moves")
    for pos in [start, *level1]:
        opts = r.options(pos)
        _expect(opts == r.options(pos), r, check, f"options({pos!r}) differ from one call to the next")
        _expect(opts == list(dict.fromkeys(opts)), r, check, f"options({pos!r}) repeat an option: {opts!r}")
        for o in opts:
            hash(o)
            _expect(r.check_position(o) == o, r, check, f"option {o!r} of {pos!r} is not normalised")
            _expect(r.apply(pos, o) == o, r, check, f"apply({pos!r}, {o!r}) is not {o!r}")
            for oo in r.options(o):
                _expect(r.check_position(oo) == oo, r, check, f"option {oo!r} of {o!r} is not normalised")
                _expect(r.apply(o, oo) == oo, r, check, f"apply({o!r}, {oo!r}) is not {oo!r}")
    if not r.loopy:
        try:
            r.apply(level1[0], start)
        except SpragueError:
            pass
        else:
            raise _fail(r, check, f"a move from {level1[0]!r} back to {start!r} was accepted in a short game")


def check_printed_moves(r: Ruleset, start: Any) -> None:
    """Each move as ``sprague moves`` prints it, and each option's position text, parse back to that move."""
    for pos in within_two_moves(r, start)[:12]:
        for option in r.options(pos):
            text = str(Move(r, pos, option))
            again = Move.parse(r, pos, text)
            _expect(r.canonical(again.option) == r.canonical(option), r, "printed moves",
                    f"the move {text!r} from {pos!r} parses as {again.option!r}, not {option!r}")
            typed = Move.parse(r, pos, r.format_position(option))
            _expect(r.canonical(typed.option) == r.canonical(option), r, "printed moves",
                    f"the position {r.format_position(option)!r} typed as a move from {pos!r} parses as "
                    f"{typed.option!r}")


def check_terminal(r: Ruleset, start: Any) -> None:
    """A terminal position reached from ``start`` has no option, is P with value 0 and no winning move."""
    path = first_option_walk(r, start)
    end, check = path[-1], "terminal positions"
    for method in ("auto", "search"):
        _expect(r.outcome(end, method=method) == "P", r, check, f"{end!r} has no move but is not P ({method})")
        _expect(r.grundy(end, method=method) == 0, r, check, f"{end!r} has no move but its value is not 0")
    _expect(r.winning_moves(end) == [], r, check, f"{end!r} has no move but winning_moves gives some")
    ev = r.evaluate(end)
    _expect((ev.outcome, ev.grundy) == ("P", 0), r, check, f"evaluate({end!r}) gives {ev.outcome}, {ev.grundy}")


def check_values_by_brute_force(r: Ruleset, start: Any, limit: int = BRUTE_FORCE_LIMIT) -> int:
    """Grundy values (short games) or P/N/D outcomes (loopy games) of every position near ``start`` agree with
    the brute force of this module over the whole game graph; returns the number of positions compared."""
    graph, order = _graph(r, start, limit)
    values = None if r.loopy else _mex_values(graph)
    check = "values by brute force"
    if values is None:
        _expect(r.loopy, r, check, f"the game from {start!r} has a cycle, but the ruleset says it is short "
                "(set loopy = True, or subclass LoopyRuleset)")
        outcomes = _pnd(graph)
        near = set(map(r.canonical, within_two_moves(r, start)))
        compared = 0
        for pos, want in zip(order, outcomes):
            if r.canonical(pos) in near:
                got = r.outcome(pos)
                _expect(got == want, r, check, f"outcome of {pos!r} is {got}, the P/N/D labelling gives {want}")
                compared += 1
        return compared
    at = {r.canonical(pos): v for pos, v in zip(order, values)}
    near_positions = within_two_moves(r, start)
    for pos in near_positions:
        value, found = at[r.canonical(pos)], r.grundy(pos)
        _expect(found == value, r, check, f"the Grundy value of {pos!r} is {found}, the mex recursion gives {value}")
        _expect(r.outcome(pos) == ("P" if value == 0 else "N"), r, check, f"the outcome of {pos!r} disagrees")
    return len(near_positions)


def _closed_or_none(r: Ruleset, method: Any, pos: Any) -> Any:
    try:
        return method(pos, method="closed")
    except TooLarge:
        raise
    except NoClosedForm:
        return None


def check_closed_equals_search(r: Ruleset, start: Any) -> None:
    """Closed forms agree with search near ``start``, and a ruleset naming one applies it somewhere there."""
    applied, check = 0, "closed form equals search"
    for pos in within_two_moves(r, start):
        g_search = r.grundy(pos, method="search")
        o_search = r.outcome(pos, method="search")
        _expect(o_search == loopy_outcome(g_search), r, check, f"outcome and value of {pos!r} by search disagree")
        _expect(r.grundy(pos) == g_search, r, check, f"the value of {pos!r} (auto) is not that of search")
        _expect(r.outcome(pos) == o_search, r, check, f"the outcome of {pos!r} (auto) is not that of search")
        g_closed, o_closed = _closed_or_none(r, r.grundy, pos), _closed_or_none(r, r.outcome, pos)
        if g_closed is not None:
            _expect(g_closed == g_search, r, check, f"closed form {g_closed} for {pos!r}, search {g_search}")
            _expect(o_closed is not None, r, check, f"a closed value but no closed outcome for {pos!r}")
        if o_closed is not None:
            _expect(o_closed == o_search, r, check, f"closed outcome {o_closed} for {pos!r}, search {o_search}")
            applied += 1
    if r.closed_form is not None:
        _expect(applied > 0, r, check, f"names a closed form ({r.closed_form}) but it applied nowhere near {start!r}")


def check_winning_moves(r: Ruleset, start: Any) -> None:
    """Winning moves are exactly the options that are P by search; ``options_with_value`` lists each value."""
    check = "winning moves"
    for pos in within_two_moves(r, start):
        opts = r.options(pos)
        by_search = {o: r.grundy(o, method="search") for o in opts}
        p_options = {o for o in opts if r.outcome(o, method="search") == "P"}
        _expect(p_options == {o for o, g in by_search.items() if g == 0}, r, check,
                f"P-options of {pos!r} by outcome and by value differ")
        for method in ("auto", "search"):
            wins = r.winning_moves(pos, method=method)
            _expect(len(wins) == len(set(wins)), r, check, f"winning_moves({pos!r}) repeats a move")
            _expect(set(wins) == p_options, r, check,
                    f"winning_moves({pos!r}, method={method!r}) = {wins!r}, the P-options are {p_options!r}")
        _expect(bool(p_options) == (r.outcome(pos, method="search") == "N"), r, check,
                f"{pos!r}: an N-position needs a winning move and a P-position has none")
        for v in set(by_search.values()):
            want = {o for o, g in by_search.items() if g == v}
            got = set(r.options_with_value(pos, v))
            _expect(got == want, r, check, f"options_with_value({pos!r}, {v}) = {got!r}, expected {want!r}")


def check_evaluate(r: Ruleset, start: Any) -> None:
    """``evaluate`` gives the position, the value and outcome of ``grundy``/``outcome``, and a method."""
    check = "evaluate"
    for pos in within_two_moves(r, start):
        ev = r.evaluate(pos)
        _expect(ev.position == pos and ev.grundy is not None, r, check, f"evaluate({pos!r}) = {ev!r}")
        _expect((ev.grundy, ev.outcome) == (r.grundy(pos), r.outcome(pos)), r, check,
                f"evaluate({pos!r}) disagrees with grundy/outcome")
        _expect(isinstance(ev.method, str) and bool(ev.method), r, check, f"evaluate({pos!r}) names no method")
        ev_search = r.evaluate(pos, method="search")
        _expect((ev_search.grundy, ev_search.outcome, ev_search.method) == (ev.grundy, ev.outcome, "search"), r,
                check, f"evaluate({pos!r}, method='search') = {ev_search!r}")


def check_random_positions(r: Ruleset, start: Any) -> None:
    """``random_position`` (where defined) gives positions that print and parse back, the same for a seed."""
    drawn = [r.random_position(random.Random(seed)) for seed in range(20)]
    if all(p is None for p in drawn):
        return
    check = "random positions"
    for p in drawn:
        _expect(p is not None and r.check_position(p) == p, r, check, f"random_position gave {p!r}")
        _expect(r.parse_position(r.format_position(p).split()) == p, r, check, f"{p!r} does not parse back")
    _expect(drawn == [r.random_position(random.Random(seed)) for seed in range(20)], r, check,
            "the same seed gave another position")


#: every check, in the order :func:`check_ruleset` runs them (short games and loopy games alike)
CHECKS: dict[str, Callable[[Ruleset, Any], Any]] = {
    "metadata": check_metadata,
    "parse and format": check_parse_and_format,
    "moves": check_moves,
    "printed moves": check_printed_moves,
    "terminal positions": check_terminal,
    "values by brute force": check_values_by_brute_force,
    "closed form equals search": check_closed_equals_search,
    "winning moves": check_winning_moves,
    "evaluate": check_evaluate,
    "random positions": check_random_positions,
}
_SHORT_ONLY = ("closed form equals search", "winning moves", "evaluate")


def check_ruleset(ruleset: Ruleset | type[Ruleset], positions: Iterable[Any] | None = None, *,
                  params: dict[str, Any] | None = None) -> CheckReport:
    """Run every conformance check on a ruleset (a class, built with ``params`` or its parameters' example
    values, or an instance) from each of ``positions`` (default: the class's ``example``).

    Raises :class:`RulesetCheckFailed` at the first failure; returns a :class:`CheckReport` of what was checked.
    Loopy rulesets get the checks that apply to them (their values by the P/N/D labelling).
    """
    if isinstance(ruleset, type):
        values = params if params is not None else {p.name: p.example for p in ruleset.parameters}
        r = ruleset(**values)
    else:
        r = ruleset
    starts = [r.parse_position(list(type(r).example))] if positions is None else [r.check_position(p) for p in
                                                                                  positions]
    report = CheckReport(r.name or type(r).__name__)
    met: set[Any] = set()
    for start in starts:
        for name, check in CHECKS.items():
            if r.loopy and name in _SHORT_ONLY:
                continue
            check(r, start)
            if name not in report.checks:
                report.checks.append(name)
        met.update(map(r.canonical, within_two_moves(r, start)))
    report.positions = len(met)
    return report
