"""Conjectures from data: the simplest rule of a grammar that fits a table, checked on a larger box.

``discover(ruleset, heaps, max_heap)`` computes the table of the positions with
``heaps`` heaps of at most ``max_heap`` tokens (outcomes and Grundy values), then
searches the grammar of :mod:`sprague.discover.grammar` by increasing cost
(:mod:`sprague.discover.search`) for the cheapest rule that fits every position:
an *outcome* rule, true exactly on the P-positions, and a *Grundy* rule, equal to
the values.

**Check, do not trust.** A rule that fits is verified by :func:`sprague.verify.verify`
on the box of heaps up to ``verify_max`` (twice ``max_heap`` by default) before it
is reported as holding there. A rule refuted there is kept in the report with its
smallest counterexample; the counterexample joins the data and the search goes on
(at most ``rounds`` times).

**Several numbers of heaps.** With ``heaps=[3, 4, 5]`` each number is searched on
its own first. When the rules found have one shape and differ only in constants,
each constant is written as a function of ``n`` where one fits (6, 12, 20 is
``n(n-1)``): the rule for every ``n`` at once, checked on the data of each. Otherwise
one search runs on all the data together, with ``n`` in the grammar.

**Misère play.** With ``misere=True`` the data is the misère table (the player who
makes the last move loses): an outcome rule is fitted to the misère P-positions and a
Grundy rule to Conway's misère Grundy values g- (1 at a terminal position, else the mex
of the options'; a position is a misère P-position iff its g- is 0), and each rule is
checked against misère values on the larger box. The positions of a one-heap game's
data are sums of heaps, valued as wholes (misère values of a sum are not the nim-sum of
its heaps'). A misère rule found is a conjecture verified on a box, as any other.

>>> sums = discover("subtraction", heaps=2, max_heap=10, kinds="outcome", misere=True, S="1,2")
>>> [(r.kind, r.misere, r.text, r.holds) for r in sums.rules]
[('outcome', True, '(sum_i z_i) mod 3 = 1', True)]

>>> from sprague.discover import discover
>>> found = discover("delete-nim", heaps=2, max_heap=12)
>>> [(r.kind, r.text, r.holds) for r in found.rules]
[('outcome', 'every heap: z_i even', True), ('grundy', 'v2((OR_i z_i) + 1)', True)]
>>> found.rules[1].python
'v2(((z[0] | z[1]) + 1))'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sprague.core.limits import (
    DEFAULT_MAX_POSITIONS,
    DISCOVER_BUDGET,
    DISCOVER_MAX_HEAP,
    DISCOVER_MAX_ROWS,
    DISCOVER_MEMORY,
    check_limit,
    format_size,
)
from sprague.core.parsing import as_int, check_misere, check_progress
from sprague.core.ruleset import Ruleset
from sprague.discover.grammar import NEXPR_COST, Node, compile_rule, evaluate
from sprague.discover.search import Data, Search
from sprague.errors import InvalidParameter, TooLarge
from sprague.rulesets import ruleset as get_ruleset
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset
from sprague.solve.table import TABLE_MAX_HEAPS, heap_table, table_size
from sprague.verify import Counterexample, verify

__all__ = ["discover", "check_ruleset", "Discovery", "Rule", "Refuted", "KINDS", "evaluate", "compile_rule"]

KINDS = ("outcome", "grundy")
ROUNDS = 8  #: counterexamples a search takes in before it gives up on a kind


@dataclass
class Refuted:
    """A rule that fitted the data and failed on the larger box."""

    text: str
    python: str
    cost: int
    counterexample: str
    position: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "python": self.python, "cost": self.cost,
                "counterexample": self.counterexample, "position": list(self.position)}


@dataclass
class Rule:
    """The rule found for one kind (outcome or Grundy) and numbers of heaps, with its evidence."""

    kind: str
    heaps: list[int]
    text: str | None
    python: str | None
    cost: int | None
    #: every rule cheaper than this cost was tried (and none fits)
    complete: int
    #: positions of the data the rule was fitted on (the table, plus the counterexamples taken in)
    fitted: int
    max_heap: int
    #: the larger box the rule was verified on, and its positions
    verify_max: int
    verified: int = 0
    holds: bool = False
    refuted: list[Refuted] = field(default_factory=list)
    how: str = "search"
    stopped: str = ""
    evaluations: int = 0
    seconds: float = 0.0
    #: whether the rule is about misère play (misère P-positions, or misère Grundy values g-)
    misere: bool = False
    #: the rule as an expression of the grammar (not in JSON)
    node: Node | None = field(default=None, repr=False)

    @property
    def found(self) -> bool:
        return self.text is not None

    def heaps_text(self) -> str:
        if len(self.heaps) > 1:
            return "n = " + ", ".join(map(str, self.heaps))
        return "1 heap" if self.heaps == [1] else f"{self.heaps[0]} heaps"

    def summary(self) -> str:
        """The rule and its evidence, in a few lines."""
        what = "P-positions" if self.kind == "outcome" else "Grundy value"
        if self.misere:
            what = "misère " + ("P-positions" if self.kind == "outcome" else "Grundy value g-")
        head = f"{what} ({self.heaps_text()}):"
        lines = []
        if self.found:
            status = (f"holds to heap {self.verify_max} ({self.verified:,} positions)" if self.holds
                      else f"unverified: {self.stopped}")
            rel = "P iff" if self.kind == "outcome" else ("g- =" if self.misere else "G =")
            lines.append(f"{head} {rel} {self.text}")
            lines.append(f"    cost {self.cost}; fitted on {self.fitted:,} positions (heaps <= {self.max_heap}); "
                         f"{status}")
            if self.how != "search":
                lines.append(f"    {self.how}")
            elif self.cost is not None and self.complete < self.cost - 1:
                lines.append(f"    every rule up to cost {self.complete} was tried; past that only one-step forms")
            lines.append(f"    python: {self.python}")
        else:
            lines.append(f"{head} no rule up to cost {self.complete} ({self.stopped})")
        for bad in self.refuted:
            lines.append(f"    refuted: {bad.text} -- {bad.counterexample}")
        if self.how == "search":
            lines.append(f"    {self.evaluations:,} expressions in {self.seconds:.2f} s")
        else:
            lines.append(f"    lifted and verified in {self.seconds:.2f} s")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "misere": self.misere, "heaps": self.heaps, "text": self.text, "python": self.python,
                "cost": self.cost, "complete": self.complete, "fitted": self.fitted, "max_heap": self.max_heap,
                "verify_max": self.verify_max, "verified": self.verified, "holds": self.holds, "how": self.how,
                "stopped": self.stopped, "refuted": [r.to_json() for r in self.refuted],
                "evaluations": self.evaluations, "seconds": round(self.seconds, 3)}


@dataclass
class Discovery:
    """Everything ``discover`` found: the rules for each kind (all heaps at once first, then each n)."""

    ruleset: str
    heaps: list[int]
    max_heap: int
    verify_max: int
    rules: list[Rule]
    seconds: float = 0.0
    misere: bool = False

    def summary(self) -> str:
        counts = ", ".join(map(str, self.heaps))
        play = " (misère play)" if self.misere else ""
        head = (f"{self.ruleset}{play}: rules fitted on heaps <= {self.max_heap} "
                f"({counts} heap{'' if counts == '1' else 's'}), each checked on heaps <= {self.verify_max}")
        return head + "\n" + "\n".join(r.summary() for r in self.rules) + f"\n({self.seconds:.1f} s)"

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "misere": self.misere, "heaps": self.heaps, "max_heap": self.max_heap,
                "verify_max": self.verify_max, "seconds": round(self.seconds, 3),
                "rules": [r.to_json() for r in self.rules]}


def discover(
    target: str | Ruleset,
    heaps: int | Sequence[int] = 2,
    max_heap: int = 12,
    *,
    kinds: str | Sequence[str] = KINDS,
    verify_max: int | None = None,
    budget: int = DISCOVER_BUDGET,
    max_cost: int = 16,
    rounds: int = ROUNDS,
    max_positions: int | None = None,
    progress: Callable[[int], Any] | None = None,
    memory: int = DISCOVER_MEMORY,
    misere: bool = False,
    **params: Any,
) -> Discovery:
    """Search for the simplest outcome and Grundy rules that fit a ruleset's table, and check them.

    Parameters
    ----------
    target : str or Ruleset
        The ruleset (a name takes its parameters as keyword arguments).
    heaps : int or list of int
        The numbers of heaps of the positions fitted on.
    max_heap : int
        The largest heap of the data.
    kinds : "outcome", "grundy" or both
        Which rules to look for.
    verify_max : int, optional
        The largest heap of the box each rule is verified on (default ``2 * max_heap``; it must
        be larger than ``max_heap``).
    budget : int
        The work units one search spends on complete levels of cost, and again on the one-step
        forms past them (:data:`~sprague.core.limits.DISCOVER_BUDGET`; see :mod:`sprague.discover.search`).
    max_cost : int
        The largest cost of a rule (see the cost model of :mod:`sprague.discover.grammar`).
    rounds : int
        Counterexamples taken in per kind before the search gives up.
    max_positions : int, optional
        Bound on the tables' work (as everywhere) and on the positions of the check
        (default 2,000,000: a larger check box is refused before anything runs).
    memory : int
        Bytes of values the search may keep (:data:`~sprague.core.limits.DISCOVER_MEMORY`).
    progress : callable, optional
        Called with the number of expressions evaluated, as the search goes.
    misere : bool
        Fit the misère table instead (the player who makes the last move loses): outcome
        rules to the misère P-positions, Grundy rules to Conway's misère Grundy values g-,
        each checked against misère values on the larger box.
    """
    started = time.perf_counter()
    progress = check_progress(progress)
    check_misere(misere)
    rules = target if isinstance(target, Ruleset) else get_ruleset(target, **params)
    counts = ([as_int(n, "heaps") for n in heaps] if isinstance(heaps, (list, tuple))
              else [as_int(heaps, "heaps")])
    if any(not 1 <= n <= TABLE_MAX_HEAPS for n in counts):
        raise InvalidParameter(f"heaps={heaps!r}: every number of heaps must be between 1 and {TABLE_MAX_HEAPS} "
                               "(the heaps of a table's positions)")
    if not counts:
        raise InvalidParameter("heaps=[] names no number of heaps; give one (2) or several ([3, 4, 5])")
    counts = sorted(set(counts))
    max_heap = as_int(max_heap, "max_heap")
    given: list[Any] = list(kinds) if isinstance(kinds, (list, tuple)) else [kinds]
    for kind in given:
        if kind not in KINDS:
            raise InvalidParameter(f"kinds: {kind!r} is not 'outcome' or 'grundy' (give one, or both in a list)")
    if not given:
        raise InvalidParameter("kinds=[] asks for no rule; give 'outcome', 'grundy' or both")
    wanted: list[str] = list(dict.fromkeys(given))
    verify_max = max(2 * max_heap, max_heap + 1) if verify_max is None else as_int(verify_max, "verify_max")
    if verify_max <= max_heap:
        raise InvalidParameter(f"verify_max (--verify-max) = {verify_max} is not above max_heap (--max-heap) = "
                               f"{max_heap}: a rule is checked on a larger box than it was fitted on")
    if verify_max > DISCOVER_MAX_HEAP:
        raise InvalidParameter(f"max_heap (--max-heap) = {format_size(max_heap)}, verify_max (--verify-max) = "
                               f"{format_size(verify_max)}: discover fits and checks on heaps up to "
                               f"{DISCOVER_MAX_HEAP:,} (DISCOVER_MAX_HEAP; the search keeps a table over the heap "
                               "sizes for every feature); fit on smaller heaps, and check on twice them")
    budget = check_limit(budget, "budget", DISCOVER_BUDGET)
    max_cost = check_limit(max_cost, "max_cost", 16)
    rounds = check_limit(rounds, "rounds", ROUNDS, least=0)
    check_ruleset(rules)
    assert isinstance(rules, MultiHeapRuleset)
    rows = sum(table_size(n, rules.min_heap, max_heap, True) for n in counts)
    if rows > DISCOVER_MAX_ROWS:
        raise TooLarge(f"discover: the data would be {format_size(rows)} positions, over the limit of "
                       f"{DISCOVER_MAX_ROWS:,} (DISCOVER_MAX_ROWS); fit on a smaller box (--max or --heaps)",
                       estimate=rows, limit=DISCOVER_MAX_ROWS)
    checked = sum(table_size(n, rules.min_heap, verify_max, True) for n in counts)
    limit = check_limit(max_positions, default=DEFAULT_MAX_POSITIONS)
    if checked > limit:
        raise TooLarge(f"discover: checking a rule on heaps up to {verify_max} would take {format_size(checked)} "
                       f"positions, over the limit of {limit:,}; lower --verify-max or raise --max-positions N "
                       "(Python: verify_max=, max_positions=)", estimate=checked, limit=limit)
    memory = check_limit(memory, "memory", DISCOVER_MEMORY)
    tables = {n: _table(rules, n, max_heap, wanted, max_positions, misere) for n in counts}
    job = _Job(rules, verify_max, budget, max_cost, rounds, max_positions, progress, max_heap, limit, memory,
               misere)
    found: list[Rule] = []
    for kind in wanted:
        single = {n: job.fit(kind, [n], _data(tables, [n], kind, rules)) for n in counts}
        if len(counts) > 1:
            found.append(job.joint(kind, counts, _data(tables, counts, kind, rules), single))
        found.extend(single.values())
    return Discovery(rules.describe(), counts, max_heap, verify_max, found, time.perf_counter() - started, misere)


def check_ruleset(rules: Ruleset) -> None:
    """Refuse a ruleset whose tables discover cannot fit: positions that are not heaps, or a loopy game."""
    if rules.loopy or not isinstance(rules, MultiHeapRuleset):
        what = "it is loopy" if rules.loopy else "its positions are not heaps"
        raise InvalidParameter(f"{rules.describe()}: discover fits tables of heap games, and {what}; "
                               "'sprague list' shows the heap games")


def _table(rules: Ruleset, n: int, max_heap: int, kinds: list[str], max_positions: int | None, misere: bool = False
           ) -> tuple[np.ndarray, np.ndarray, str]:
    """The positions (rows sorted ascending) and their Grundy values (or outcomes, 0 = P) of the box.

    Under misère play the values are misère Grundy values g- (or misère outcomes); g- is 0
    exactly at the misère P-positions, so one table of g- serves both kinds, as in normal play.
    """
    values = "grundy" if "grundy" in kinds else "outcome"
    table = heap_table(rules, max_heap, heaps=n, values=values, max_positions=max_positions, misere=misere)
    positions = np.sort(np.asarray(table.positions, dtype=np.int64), axis=1)
    return positions, np.asarray(table.values, dtype=np.int64), values


def _data(tables: dict[int, tuple[np.ndarray, np.ndarray, str]], counts: list[int], kind: str,
          rules: Ruleset) -> Data:
    """The data of a search: the positions of the numbers of heaps in ``counts`` with the target of ``kind``."""
    blocks = [tables[n][0] for n in counts]
    values = np.concatenate([tables[n][1] for n in counts])
    target = values == 0 if kind == "outcome" else values
    return Data(blocks, target, _int_params(rules))


def _int_params(rules: Ruleset) -> dict[str, int]:
    """The ruleset's small integer parameters: constants of the grammar, shown by name."""
    return {k: v for k, v in rules.params.items() if isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 64}


@dataclass
class _Job:
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
            result = Search(data, kind, budget=self.budget, max_cost=self.max_cost, progress=self.progress,
                            memory=self.memory).run()
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
            if isinstance(self.rules, HeapRuleset):  # moves split heaps: no box is closed under them
                positions, bad = self.against_table(guarded, rule.kind, n)
            else:
                report = verify(self.rules, guarded, kind=rule.kind, heaps=n, max_heap=self.verify_max,
                                max_positions=self.check_limit, misere=self.misere)
                positions, bad = report.positions, report.counterexample
                if report.inconclusive and not guarded.undefined:
                    rule.stopped = f"not verified: {report.inconclusive}"
                    return None
            if guarded.undefined:  # the rule has no value there (v2(0)): a counterexample before any other
                pos, error = min(guarded.undefined, key=lambda u: (sum(u[0]), u[0]))
                truth = _truth(self.rules, rule.kind, pos, self.misere)
                shown = ("P" if truth else "N") if rule.kind == "outcome" else truth
                bad = Counterexample(pos, "nothing", shown, None, f"the rule is undefined there ({error})",
                                     shown="<" + ", ".join(map(str, pos)) + ">")
            rule.verified += positions
            if bad is not None:
                rule.refuted.append(Refuted(text, python, node.cost, bad.describe(), tuple(bad.position)))
                value = bad.found == "P" if rule.kind == "outcome" else int(bad.found)
                rule.text = rule.python = rule.cost = None
                return data.add(bad.position, value)
        rule.holds = True
        rule.node = node
        return None

    def against_table(self, claim: Callable[[Sequence[int]], Any], kind: str, n: int
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
        table = heap_table(self.rules, self.verify_max, heaps=n, values=values, max_positions=self.max_positions,
                           misere=self.misere)
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
        return len(rows), Counterexample(worst, found[0], found[1], None, "by the ruleset's table",
                                         shown="<" + ", ".join(map(str, worst)) + ">")

    def joint(self, kind: str, counts: list[int], data: Data, single: dict[int, Rule]) -> Rule:
        """One rule for every number of heaps: the rules of each n lifted, else a search on all the data."""
        started = time.perf_counter()
        nodes = {n: r.node for n, r in single.items() if r.node is not None}
        lifted = lift(nodes) if len(nodes) == len(counts) else None
        refuted: list[Refuted] = []
        for r in single.values():  # the counterexamples of each n's search belong to the data
            for bad in r.refuted:
                data = data.add(bad.position, _truth(self.rules, kind, bad.position, self.misere))
        if lifted is not None:
            rule = Rule(kind, counts, None, None, None, 0, data.rows, self.max_heap, self.verify_max,
                        misere=self.misere,
                        how="lifted: the rules for each n have one shape; their constants are functions of n")
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


def _disagreement(claim: Callable[[Sequence[int]], Any], data: Data, kind: str, most: int = 2_000
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


_NFUNCS: dict[str, Callable[[int], int]] = {"n": lambda n: n, "n-1": lambda n: n - 1, "n+1": lambda n: n + 1,
                                            "2n": lambda n: 2 * n, "n(n-1)": lambda n: n * (n - 1)}


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
