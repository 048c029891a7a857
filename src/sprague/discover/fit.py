"""Fitting and checking: the search for a rule on a table's data, its check on a larger box, and the joint rule
of several numbers of heaps (:class:`Job`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sprague.discover.grammar import NEXPR_COST, Node, compile_rule
from sprague.discover.results import Refuted, Rule
from sprague.discover.search import Data, Search
from sprague.rulesets import shapes
from sprague.solve.ruleset import Ruleset
from sprague.solve.tabulate import heap_table
from sprague.verify import Counterexample, verify

__all__ = ["Job", "table", "data", "lift"]


def table(
    rules: Ruleset, n: int, max_heap: int, kinds: list[str], max_positions: int | None, misere: bool = False
) -> tuple[np.ndarray, np.ndarray, str]:
    """The positions (rows sorted ascending) and their Grundy values (or outcomes, 0 = P) of the box.

    Under misère play the values are misère Grundy values g- (or misère outcomes); g- is 0
    exactly at the misère P-positions, so one table of g- serves both kinds, as in normal play.
    """
    values = "grundy" if "grundy" in kinds else "outcome"
    table = heap_table(rules, max_heap, heaps=n, values=values, max_positions=max_positions, misere=misere)
    positions = np.sort(np.asarray(table.positions, dtype=np.int64), axis=1)
    return positions, np.asarray(table.values, dtype=np.int64), values


def data(tables: dict[int, tuple[np.ndarray, np.ndarray, str]], counts: list[int], kind: str, rules: Ruleset) -> Data:
    """The data of a search: the positions of the numbers of heaps in ``counts`` with the target of ``kind``."""
    blocks = [tables[n][0] for n in counts]
    values = np.concatenate([tables[n][1] for n in counts])
    target = values == 0 if kind == "outcome" else values
    return Data(blocks, target, _int_params(rules))


def _int_params(rules: Ruleset) -> dict[str, int]:
    """The ruleset's small integer parameters: constants of the grammar, shown by name."""
    return {k: v for k, v in rules.params.items() if isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 64}


@dataclass
class Job:
    """One discover run's settings, and the steps it takes per kind of rule: :meth:`fit` (search the data, check
    the cheapest rule on the larger box, take a counterexample in and search again, ``rounds`` times at most) and
    :meth:`joint` (one rule for several numbers of heaps: constants lifted to functions of ``n``, or one search on
    all the data)."""

    rules: Ruleset
    verify_max: int
    budget: int
    max_cost: int
    rounds: int
    max_positions: int | None
    progress: Callable[[int], Any] | None
    max_heap: int
    check_limit: int
    memory: int
    misere: bool = False

    def fit(self, kind: str, counts: list[int], data: Data) -> Rule:
        """Search, verify, take in the counterexample and search again, until a rule holds or none is found."""
        started = time.perf_counter()
        rule = Rule(kind, counts, None, None, None, 0, data.rows, self.max_heap, self.verify_max, misere=self.misere)
        for _ in range(self.rounds + 1):
            result = Search(
                data, kind, budget=self.budget, max_cost=self.max_cost, progress=self.progress, memory=self.memory
            ).run()
            rule.evaluations += result.evaluated
            rule.complete = result.complete
            rule.fitted = data.rows
            if result.rule is None:
                rule.stopped = result.stopped
                break
            more = self.check(rule, result.rule, data)
            if rule.holds or more is None:
                break
            data = more
        else:
            rule.stopped = f"{self.rounds} rules refuted"
        rule.seconds = time.perf_counter() - started
        return rule

    def check(self, rule: Rule, node: Node, data: Data) -> Data | None:
        """Verify ``node`` on the larger box; on a failure, the data with the counterexample (else None)."""
        python = node.python(rule.heaps)
        text = node.text(one=rule.heaps == [1])
        rule.text, rule.python, rule.cost = text, python, node.cost
        claim = compile_rule(python)
        disagree = _disagreement(claim, data, rule.kind)
        if disagree is not None:  # a fault of the grammar's Python against its NumPy: say so, report nothing
            rule.text = rule.python = rule.cost = None
            rule.stopped = f"the rule's Python disagrees with the search at {disagree} (a bug of sprague: report it)"
            return None
        rule.verified = 0
        for n in rule.heaps:
            guarded = _Guarded(claim)
            positions, bad, inconclusive = self.box(guarded, rule.kind, n)
            if inconclusive and not guarded.undefined:
                rule.stopped = f"not verified: {inconclusive}"
                return None
            if guarded.undefined:  # the rule has no value there (v2(0)): a counterexample before any other
                pos, error = min(guarded.undefined, key=lambda u: (sum(u[0]), u[0]))
                truth = self.truth(rule.kind, pos)
                shown = ("P" if truth else "N") if rule.kind == "outcome" else truth
                bad = Counterexample(
                    pos,
                    "nothing",
                    shown,
                    None,
                    f"the rule is undefined there ({error})",
                    shown="<" + ", ".join(map(str, pos)) + ">",
                )
            rule.verified += positions
            if bad is not None:
                rule.refuted.append(Refuted(text, python, node.cost, bad.describe(), tuple(bad.position)))
                value = bad.found == "P" if rule.kind == "outcome" else int(bad.found)
                rule.text = rule.python = rule.cost = None
                return data.add(bad.position, value)
        rule.holds = True
        rule.node = node
        return None

    def box(self, claim: _Guarded, kind: str, n: int) -> tuple[int, Counterexample | None, str]:
        """The claim checked on the larger box of ``n`` heaps: positions checked, the counterexample, and why the
        check was inconclusive ("" if it was not)."""
        if shapes.one_heap(self.rules):  # moves split heaps: no box is closed under them
            return (*self.against_table(claim, kind, n), "")
        report = verify(
            self.rules,
            claim,
            kind=kind,
            heaps=n,
            max_heap=self.verify_max,
            max_positions=self.check_limit,
            misere=self.misere,
        )
        return report.positions, report.counterexample, report.inconclusive or ""

    def truth(self, kind: str, position: tuple[int, ...]) -> Any:
        """A position's outcome (True for P) or Grundy value (misère: g-), by the ruleset."""
        return _truth(self.rules, kind, position, self.misere)

    def against_table(
        self, claim: Callable[[Sequence[int]], Any], kind: str, n: int
    ) -> tuple[int, Counterexample | None]:
        """The claim against the table of the larger box (a one-heap game's: the nim-sums of its sequence).

        :func:`~sprague.verify.verify`'s local rule needs a box closed under moves, and
        a move of a take-and-break game may split a heap in two; the table of ``n`` heaps
        up to ``verify_max`` comes from the ruleset's own sequence (by the kernels' mex
        over options), independent of the claim. The smallest counterexample by total
        size, then heaps, is reported. Under misère play the table is the misère one (each
        sum of heaps valued as a whole by misère search), of the kind the claim is about.
        """
        # normal play: the Grundy table (the nim-sums of the sequence); misère: the misère table of the kind asked
        values = kind if self.misere else "grundy"
        table = heap_table(
            self.rules, self.verify_max, heaps=n, values=values, max_positions=self.max_positions, misere=self.misere
        )
        rows = np.sort(np.asarray(table.positions, dtype=np.int64), axis=1).tolist()
        worst: tuple[int, ...] | None = None
        found: Any = None
        for row, value in zip(rows, np.asarray(table.values).tolist()):
            truth: Any = ("P" if value == 0 else "N") if kind == "outcome" else int(value)
            said = claim(row)
            if said is None:
                continue  # undefined there: the caller reports it
            claimed: Any = ("P" if said else "N") if kind == "outcome" else said
            if claimed != truth and (worst is None or (sum(row), row) < (sum(worst), list(worst))):
                worst, found = tuple(row), (claimed, truth)
        if worst is None:
            return len(rows), None
        return len(rows), Counterexample(
            worst, found[0], found[1], None, "by the ruleset's table", shown="<" + ", ".join(map(str, worst)) + ">"
        )

    def joint(self, kind: str, counts: list[int], data: Data, single: dict[int, Rule]) -> Rule:
        """One rule for every number of heaps: the rules of each n lifted, else a search on all the data."""
        started = time.perf_counter()
        nodes = {n: r.node for n, r in single.items() if r.node is not None}
        lifted = lift(nodes) if len(nodes) == len(counts) else None
        refuted: list[Refuted] = []
        for r in single.values():  # the counterexamples of each n's search belong to the data
            for bad in r.refuted:
                data = data.add(bad.position, self.truth(kind, bad.position))
        if lifted is not None:
            rule = Rule(
                kind,
                counts,
                None,
                None,
                None,
                0,
                data.rows,
                self.max_heap,
                self.verify_max,
                misere=self.misere,
                how="lifted: the rules for each n have one shape; their constants are functions of n",
            )
            rule.complete = min(r.complete for r in single.values())
            more = self.check(rule, lifted, data)
            if rule.holds:
                rule.seconds = time.perf_counter() - started
                return rule
            refuted, data = rule.refuted, more if more is not None else data
        rule = self.fit(kind, counts, data)
        rule.refuted[:0] = refuted
        rule.seconds = time.perf_counter() - started
        return rule


class _Guarded:
    """A rule's function that claims nothing where the rule is undefined (``v2(0)``), and keeps those positions."""

    def __init__(self, claim: Callable[[Sequence[int]], Any]) -> None:
        self.claim = claim
        self.undefined: list[tuple[tuple[int, ...], str]] = []

    def __call__(self, heaps: Sequence[int]) -> Any:
        try:
            return self.claim(heaps)
        except (ValueError, ZeroDivisionError, OverflowError) as exc:
            self.undefined.append((tuple(sorted(heaps)), str(exc)))
            return None


def _disagreement(
    claim: Callable[[Sequence[int]], Any], data: Data, kind: str, most: int = 2_000
) -> tuple[int, ...] | None:
    """A position of the data (up to ``most`` of them, evenly spread) where ``claim`` is not the target."""
    rows = [row for block in data.blocks for row in block.tolist()]
    step = max(1, len(rows) // most)
    for i in range(0, len(rows), step):
        value = claim(rows[i])
        want = data.target[i]
        if (bool(value) != bool(want)) if kind == "outcome" else (value != int(want)):
            return tuple(rows[i])
    return None


def _truth(rules: Ruleset, kind: str, position: tuple[int, ...], misere: bool = False) -> Any:
    """A position's outcome (True for P) or Grundy value (misère: g-), by the ruleset."""
    if kind == "outcome":
        return rules.outcome(position, misere=misere) == "P"
    return int(rules.grundy(position, misere=misere))


def _const_value(node: Node, n: int) -> int | None:
    if node.op == "lit":
        return int(node.args[0])
    if node.op == "param":
        return int(node.args[1])
    return None


#: the functions of n a constant of a joint rule may be
_NFUNCS: dict[str, Callable[[int], int]] = {
    "n": lambda n: n,
    "n-1": lambda n: n - 1,
    "n+1": lambda n: n + 1,
    "2n": lambda n: 2 * n,
    "n(n-1)": lambda n: n * (n - 1),
}


def lift(nodes: dict[int, Node]) -> Node | None:
    """One rule for every n from rules of one shape, each constant a literal or a function of n; None if none."""
    counts = sorted(nodes)

    def walk(group: list[Node]) -> Node | None:
        first = group[0]
        if all(g.sort == "K" for g in group):
            values = [_const_value(g, n) for g, n in zip(group, counts)]
            if any(v is None for v in values):
                return first if all(g.op == first.op and g.args == first.args for g in group) else None
            if len(set(values)) == 1:
                return min(group, key=lambda g: g.cost)
            fits = [name for name, f in _NFUNCS.items() if all(f(n) == v for n, v in zip(counts, values))]
            return Node("K", "nexpr", (min(fits, key=NEXPR_COST.__getitem__),)) if fits else None
        if any(g.sort != first.sort or g.op != first.op or len(g.args) != len(first.args) for g in group):
            return None
        args: list[Any] = []
        for i, arg in enumerate(first.args):
            if isinstance(arg, Node):
                sub = walk([g.args[i] for g in group])
                if sub is None:
                    return None
                args.append(sub)
            elif any(g.args[i] != arg for g in group):
                return None
            else:
                args.append(arg)
        return Node(first.sort, first.op, tuple(args))

    return walk([nodes[n] for n in counts])
