"""Discover on a family of positions: rules over the family's integer parameters, checked on a larger box.

A ruleset may declare named families (:meth:`~sprague.core.ruleset.Rules.families`): Chomp's ``rows``
maps ``(a, b)`` to the bar of two rows of ``a`` and ``b`` squares, Cram's ``rect`` maps ``(m, n)`` to the
empty m x n board, the graph games' ``bipartite`` maps ``(m, n)`` to ``K_m,n``. The parameters play the
part of the heaps of a heap game: the data is every tuple ``z_1 <= ... <= z_k`` of parameters from the
family's least value up to ``max_value``, each member valued by the ruleset (``rules.grundy``, or
``rules.outcome`` when only P-positions are asked: whichever tier answers), and the grammar and search of
:mod:`sprague.discover.search` fit the cheapest rule, as for heaps (:class:`~sprague.discover.fit.Job`).

**Check.** A rule that fits is checked on the larger box of parameters up to ``verify_max`` by valuing
those members directly, smallest first (by the sum of the parameters, then in order), not by
:func:`sprague.verify.verify`, whose local check needs a box of heaps closed under moves; the first
member where the rule is wrong is the counterexample, which joins the data, and the search goes on.

**One parameter: periods.** For a family of one parameter (paths, cycles), when the grammar holds no
rule the values are looked for as an ultimately periodic sequence
(:func:`sprague.analysis.periodicity.find_period`, observed on the data: at least three periods and half
the data) and the rule "the values up to the end of the first period, then period ``p``" (for outcomes:
the P-positions below the period's start, and the residues mod ``p`` past it) is checked on the larger box
as any other. It is a conjecture verified on a box; a theorem (Guy and Smith 1956 for octal games) is
what proves such a period.

>>> from sprague.discover import discover
>>> found = discover("chomp", family="rows", heaps=2, max_heap=8, kinds="outcome")
>>> [(r.text, r.holds) for r in found.rules]
[('(max_i z_i) - (min_i z_i) = 1', True)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from math import comb
from typing import Any

import numpy as np

from sprague.analysis.periodicity import find_period
from sprague.core.budget import charge
from sprague.core.limits import DEFAULT_MAX_POSITIONS, DISCOVER_MAX_HEAP, DISCOVER_MAX_ROWS, check_limit, format_size
from sprague.core.parsing import as_int
from sprague.core.ruleset import Family
from sprague.discover.fit import Job, _Guarded, _int_params
from sprague.discover.grammar import Node
from sprague.discover.results import Discovery, Rule
from sprague.discover.search import Data
from sprague.errors import InvalidParameter, TooLarge
from sprague.solve.ruleset import Ruleset
from sprague.verify import Counterexample

__all__ = ["discover_family", "family_of", "FamilyValues", "members"]

MEMBER_WORK = 20  #: work units charged per member built and valued (on top of what valuing it charges)


def family_of(rules: Ruleset, name: str) -> Family:
    """The family ``name`` of ``rules``; refused with the families it has (or that it has none)."""
    families = rules.families()
    if not families:
        raise InvalidParameter(
            f"{rules.describe()} declares no families of positions, so --family {name} has nothing to fit on; "
            "the board and graph games do (e.g. chomp: rows; cram: rect; node-kayles: path, bipartite), and "
            "discover without --family fits heap games"
        )
    if name not in families:
        have = "; ".join(f"{k} ({_arity_text(f)}: {f.help})" for k, f in families.items())
        raise InvalidParameter(f"{rules.describe()} has no family {name!r}; its families: {have}")
    return families[name]


def _arity_text(family: Family) -> str:
    """``1 parameter``, ``2 parameters``, ``2 or 3 parameters``."""
    return " or ".join(map(str, family.arities)) + (" parameter" if family.arities == (1,) else " parameters")


def members(k: int, least: int, most: int) -> Iterator[tuple[int, ...]]:
    """The tuples ``least <= z_1 <= ... <= z_k <= most``, smallest sum first (then in order)."""
    everyone = list(combinations_with_replacement(range(least, most + 1), k))
    everyone.sort(key=lambda z: (sum(z), z))
    yield from everyone


@dataclass
class FamilyValues:
    """The value of each member of a family (its Grundy value, or 0 for P and 1 for N), computed once."""

    rules: Ruleset
    name: str
    family: Family
    grundy: bool
    misere: bool = False
    known: dict[tuple[int, ...], int] = field(default_factory=dict)

    def position(self, z: Sequence[int]) -> Any:
        return self.family.build(*sorted(z))

    def __call__(self, z: Sequence[int]) -> int:
        key = tuple(sorted(z))
        value = self.known.get(key)
        if value is None:
            charge(MEMBER_WORK, f"discover: the members of the family {self.name}")
            position = self.position(key)
            if self.grundy:
                value = int(self.rules.grundy(position, misere=self.misere))
            else:
                value = 0 if self.rules.outcome(position, misere=self.misere) == "P" else 1
            self.known[key] = value
        return value

    def shown(self, z: Sequence[int]) -> str:
        """A member as written in reports: ``rows(2, 4) = 4,2`` (the position left out when long)."""
        key = tuple(sorted(z))
        name = f"{self.name}({', '.join(map(str, key))})"
        written = self.rules.format_position(self.position(key))
        return name if len(written) > 40 else f"{name} = {written}"


@dataclass
class FamilyJob(Job):
    """A :class:`~sprague.discover.fit.Job` whose positions are a family's parameters: rules are checked by
    valuing the members of the larger box (:meth:`box`), and a one-parameter family may have a period rule."""

    values: FamilyValues | None = None
    least: int = 0

    def _values(self) -> FamilyValues:
        assert self.values is not None  # discover_family sets it
        return self.values

    def truth(self, kind: str, position: tuple[int, ...]) -> Any:
        value = self._values()(position)
        return value == 0 if kind == "outcome" else value

    def box(self, claim: _Guarded, kind: str, n: int) -> tuple[int, Counterexample | None, str]:
        """The claim on every member of ``n`` parameters up to ``verify_max``, smallest first, to the first wrong."""
        values, count = self._values(), 0
        for z in members(n, self.least, self.verify_max):
            count += 1
            value = values(z)
            said = claim(z)
            if said is None:
                continue  # undefined there: the caller reports it
            truth: Any = ("P" if value == 0 else "N") if kind == "outcome" else value
            claimed: Any = ("P" if said else "N") if kind == "outcome" else said
            if claimed != truth:
                return count, Counterexample(z, claimed, truth, None, "by the ruleset", shown=values.shown(z)), ""
        return count, None, ""

    def fit(self, kind: str, counts: list[int], data: Data) -> Rule:
        """The grammar's rule; for one parameter, when it holds none, the period rule (see the module)."""
        rule = super().fit(kind, counts, data)
        if rule.found or counts != [1] or not self.values:
            return rule
        started = time.perf_counter() - rule.seconds
        found = periodic(kind, self._values(), self.least, self.max_heap)
        if found is not None:
            grammar = rule.stopped
            self.check(rule, found, data)
            if rule.found:
                rule.how = (
                    f"period: the grammar held no rule up to cost {rule.complete} ({grammar}); the values are "
                    "periodic on the data"
                )
            else:
                rule.stopped = grammar
        rule.seconds = time.perf_counter() - started
        return rule


class Periodic(Node):
    """An ultimately periodic rule of one parameter ``z >= lo``: ``values`` from ``lo`` to the end of the first
    period (``lo + start + period - 1``), then period ``period``. Outcome rules say where the value is 0."""

    __slots__ = ()

    def _parts(self) -> tuple[int, int, int, tuple[int, ...]]:
        lo, start, period, values = self.args
        return lo, start, period, values

    def text(self, var: str = "z_i", one: bool = False) -> str:
        lo, start, period, values = self._parts()
        t = lo + start
        if self.sort == "B":
            before = [lo + i for i in range(start) if values[i] == 0]
            residues = sorted({(t + i) % period for i in range(period) if values[start + i] == 0})
            periodic = f"z >= {t} and z mod {period} in {{{', '.join(map(str, residues))}}}"
            return f"z in {{{', '.join(map(str, before))}}} or ({periodic})" if before else periodic
        head = ", ".join(map(str, values))
        return f"G(z - {period}) for z >= {t + period}; G(z) for z = {lo}, ..., {t + period - 1}: {head}"

    def python(self, counts: Sequence[int] = (), var: str = "x") -> str:
        lo, start, period, values = self._parts()
        t = lo + start
        if self.sort == "B":
            before = tuple(lo + i for i in range(start) if values[i] == 0)
            residues = tuple(sorted({(t + i) % period for i in range(period) if values[start + i] == 0}))
            return f"z[0] in {before!r} or (z[0] >= {t} and z[0] % {period} in {residues!r})"
        return f"{values!r}[z[0] - {lo} if z[0] < {t + period} else {start} + (z[0] - {t}) % {period}]"


def periodic(kind: str, values: FamilyValues, lo: int, hi: int) -> Periodic | None:
    """The period rule of the data ``lo..hi`` of a one-parameter family (values or P-positions), or None."""
    sequence = [values((z,)) for z in range(lo, hi + 1)]
    if kind == "outcome":
        sequence = [int(v != 0) for v in sequence]
    found = find_period(sequence)
    if found is None or found.period < 2:
        return None  # none, or constant from some point: a rule of the grammar says that more simply
    start, period = found.preperiod, found.period
    head = tuple(sequence[: start + period])
    return Periodic("B" if kind == "outcome" else "I", "period", (lo, start, period, head), len(head) + 3)


def discover_family(
    rules: Ruleset,
    name: str,
    heaps: int | Sequence[int] | None,
    max_value: int | None,
    verify_max: int | None,
    wanted: list[str],
    settings: dict[str, Any],
    misere: bool = False,
) -> Discovery:
    """Fit rules on the family ``name`` of ``rules`` (see the module); ``settings`` are the search's (budget,
    max_cost, rounds, max_positions, progress, memory), checked by :func:`sprague.discover.discover`."""
    started = time.perf_counter()
    family = family_of(rules, name)
    counts = _arities(family, name, heaps)
    hi = family.default_max if max_value is None else as_int(max_value, "max_heap")
    if hi < family.least:
        raise InvalidParameter(
            f"max_heap (--max-heap) = {hi} is below the least parameter of the family {name}, {family.least}"
        )
    if verify_max is None:
        top = family.default_verify if max_value is None and family.default_verify else max(2 * hi, hi + 1)
    else:
        top = as_int(verify_max, "verify_max")
    limit = _check_box(name, family, counts, hi, top, settings["max_positions"])
    values = FamilyValues(rules, name, family, "grundy" in wanted, misere)
    job = FamilyJob(
        rules,
        top,
        settings["budget"],
        settings["max_cost"],
        settings["rounds"],
        settings["max_positions"],
        settings["progress"],
        hi,
        limit,
        settings["memory"],
        misere,
        values=values,
        least=family.least,
    )
    found: list[Rule] = []
    for kind in wanted:
        blocks = {n: _data(values, [n], family.least, hi, kind, rules) for n in counts}
        single = {n: job.fit(kind, [n], blocks[n]) for n in counts}
        if len(counts) > 1:
            found.append(job.joint(kind, counts, _data(values, counts, family.least, hi, kind, rules), single))
        found.extend(single.values())
    for rule in found:
        rule.family = name
        rule.text = _words(rule.text)
        for bad in rule.refuted:
            bad.text = _words(bad.text) or bad.text
    return Discovery(rules.describe(), counts, hi, top, found, time.perf_counter() - started, misere, family=name)


def _words(text: str | None) -> str | None:
    """A rule's text with "heap" (the grammar's word) read as a parameter of the family."""
    if text is None:
        return None
    return (
        text.replace("every heap: ", "every i: ")
        .replace("some heap: ", "some i: ")
        .replace("for every heap", "for every i")
    )


def _arities(family: Family, name: str, heaps: int | Sequence[int] | None) -> list[int]:
    """The numbers of parameters asked for (``--heaps``; default the family's first), each one it allows."""
    if heaps is None:
        return [family.arities[0]]
    given = [as_int(n, "heaps") for n in heaps] if isinstance(heaps, (list, tuple)) else [as_int(heaps, "heaps")]
    wrong = [n for n in given if n not in family.arities]
    if wrong or not given:
        raise InvalidParameter(
            f"heaps (--heaps) = {heaps!r}: the family {name} ({family.help}) takes {_arity_text(family)}"
        )
    return sorted(set(given))


def _check_box(name: str, family: Family, counts: list[int], hi: int, top: int, max_positions: int | None) -> int:
    """Refuse data or a check box over their limits before anything is valued; the check's limit."""
    if top <= hi:
        raise InvalidParameter(
            f"verify_max (--verify-max) = {top} is not above max_heap (--max-heap) = {hi}: a rule is checked on "
            "a larger box than it was fitted on"
        )
    if top > DISCOVER_MAX_HEAP:
        raise InvalidParameter(f"verify_max (--verify-max) = {format_size(top)} is over {DISCOVER_MAX_HEAP:,}")
    span = hi - family.least + 1
    rows = sum(comb(span + k - 1, k) for k in counts)
    if rows > DISCOVER_MAX_ROWS:
        raise TooLarge(
            f"discover: the data of the family {name} would be {format_size(rows)} members, over the limit of "
            f"{DISCOVER_MAX_ROWS:,} (DISCOVER_MAX_ROWS); lower --max-heap",
            estimate=rows,
            limit=DISCOVER_MAX_ROWS,
        )
    checked = sum(comb(top - family.least + k, k) for k in counts)
    limit = check_limit(max_positions, default=DEFAULT_MAX_POSITIONS)
    if checked > limit:
        raise TooLarge(
            f"discover: checking a rule on the family {name} up to {top} would value {format_size(checked)} "
            f"members, over the limit of {limit:,}; lower --verify-max or raise --max-positions",
            estimate=checked,
            limit=limit,
        )
    return limit


def _data(values: Callable[[Sequence[int]], int], counts: list[int], lo: int, hi: int, kind: str, rules: Any) -> Data:
    """The data of a search: the members of each number of parameters in ``counts``, with the target."""
    blocks: list[np.ndarray] = []
    targets: list[int] = []
    for k in counts:
        rows = sorted(combinations_with_replacement(range(lo, hi + 1), k))
        blocks.append(np.array(rows, dtype=np.int64).reshape(len(rows), k))
        targets.extend(values(z) for z in rows)
    target = np.array(targets, dtype=np.int64)
    return Data(blocks, target == 0 if kind == "outcome" else target, _int_params(rules))
