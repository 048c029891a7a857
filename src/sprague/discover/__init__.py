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
from typing import Any

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
from sprague.discover.fit import Job, data, table
from sprague.discover.grammar import compile_rule, evaluate
from sprague.discover.results import Discovery, Refuted, Rule
from sprague.errors import InvalidParameter, TooLarge
from sprague.rulesets import ruleset as get_ruleset
from sprague.rulesets import shapes
from sprague.solve.ruleset import Ruleset
from sprague.solve.table import TABLE_MAX_HEAPS, table_size

__all__ = ["discover", "check_ruleset", "Discovery", "Rule", "Refuted", "KINDS", "evaluate", "compile_rule"]

KINDS = ("outcome", "grundy")
ROUNDS = 8  #: counterexamples a search takes in before it gives up on a kind


def discover(
    target: str | Ruleset,
    heaps: int | Sequence[int] | None = None,
    max_heap: int | None = None,
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
    family: str | None = None,
    **params: Any,
) -> Discovery:
    """Search for the simplest outcome and Grundy rules that fit a ruleset's table, and check them.

    Parameters
    ----------
    target : str or Ruleset
        The ruleset (a name takes its parameters as keyword arguments).
    heaps : int or list of int, optional
        The numbers of heaps of the positions fitted on (default 2); with ``family``, the numbers of
        the family's parameters (default its first).
    max_heap : int, optional
        The largest heap of the data (default 12); with ``family``, the largest parameter (default
        the family's own).
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
    family : str, optional
        Fit on the named family of positions of a board or graph game instead of heaps
        (``rules.families()``: Chomp's ``rows``, Cram's ``rect``, Node Kayles' ``path``,
        ``bipartite``...): see :mod:`sprague.discover.family`.
    """
    started = time.perf_counter()
    progress = check_progress(progress)
    check_misere(misere)
    rules = target if isinstance(target, Ruleset) else get_ruleset(target, **params)
    if family is not None:
        return _on_family(
            rules,
            family,
            heaps,
            max_heap,
            verify_max,
            _kinds(kinds),
            misere,
            budget,
            max_cost,
            rounds,
            max_positions,
            progress,
            memory,
        )
    counts, wanted = _counts(2 if heaps is None else heaps), _kinds(kinds)
    max_heap = as_int(12 if max_heap is None else max_heap, "max_heap")
    verify_max = max(2 * max_heap, max_heap + 1) if verify_max is None else as_int(verify_max, "verify_max")
    if verify_max <= max_heap:
        raise InvalidParameter(
            f"verify_max (--verify-max) = {verify_max} is not above max_heap (--max-heap) = "
            f"{max_heap}: a rule is checked on a larger box than it was fitted on"
        )
    if verify_max > DISCOVER_MAX_HEAP:
        raise InvalidParameter(
            f"max_heap (--max-heap) = {format_size(max_heap)}, verify_max (--verify-max) = "
            f"{format_size(verify_max)}: discover fits and checks on heaps up to "
            f"{DISCOVER_MAX_HEAP:,} (DISCOVER_MAX_HEAP; the search keeps a table over the heap "
            "sizes for every feature); fit on smaller heaps, and check on twice them"
        )
    budget = check_limit(budget, "budget", DISCOVER_BUDGET)
    max_cost = check_limit(max_cost, "max_cost", 16)
    rounds = check_limit(rounds, "rounds", ROUNDS, least=0)
    check_ruleset(rules)
    limit = _check_sizes(rules, counts, max_heap, verify_max, max_positions)
    memory = check_limit(memory, "memory", DISCOVER_MEMORY)
    tables = {n: table(rules, n, max_heap, wanted, max_positions, misere) for n in counts}
    job = Job(rules, verify_max, budget, max_cost, rounds, max_positions, progress, max_heap, limit, memory, misere)
    found: list[Rule] = []
    for kind in wanted:
        single = {n: job.fit(kind, [n], data(tables, [n], kind, rules)) for n in counts}
        if len(counts) > 1:
            found.append(job.joint(kind, counts, data(tables, counts, kind, rules), single))
        found.extend(single.values())
    return Discovery(rules.describe(), counts, max_heap, verify_max, found, time.perf_counter() - started, misere)


def _on_family(
    rules: Ruleset,
    family: str,
    heaps: int | Sequence[int] | None,
    max_heap: int | None,
    verify_max: int | None,
    wanted: list[str],
    misere: bool,
    budget: int,
    max_cost: int,
    rounds: int,
    max_positions: int | None,
    progress: Callable[[int], Any] | None,
    memory: int,
) -> Discovery:
    """:func:`discover` on a family of positions (:mod:`sprague.discover.family`), its settings checked."""
    from sprague.discover.family import discover_family

    if not isinstance(family, str):
        raise InvalidParameter(f"family={family!r} must be the name of a family of the ruleset (a string)")
    if rules.loopy:
        raise InvalidParameter(f"{rules.describe()}: discover fits games that end, and it is loopy")
    settings = {
        "budget": check_limit(budget, "budget", DISCOVER_BUDGET),
        "max_cost": check_limit(max_cost, "max_cost", 16),
        "rounds": check_limit(rounds, "rounds", ROUNDS, least=0),
        "max_positions": max_positions,
        "progress": progress,
        "memory": check_limit(memory, "memory", DISCOVER_MEMORY),
    }
    return discover_family(rules, family, heaps, max_heap, verify_max, wanted, settings, misere)


def check_ruleset(rules: Ruleset) -> None:
    """Refuse a ruleset whose tables discover cannot fit: positions that are not heaps, or a loopy game."""
    if rules.loopy or not shapes.heap_game(rules):
        what = "it is loopy" if rules.loopy else "its positions are not heaps"
        raise InvalidParameter(
            f"{rules.describe()}: discover fits tables of heap games, and {what}; 'sprague list' shows the heap games"
        )


def _counts(heaps: int | Sequence[int]) -> list[int]:
    """The numbers of heaps asked for, sorted, without repeats; refused unless each is a table's."""
    counts = [as_int(n, "heaps") for n in heaps] if isinstance(heaps, (list, tuple)) else [as_int(heaps, "heaps")]
    if any(not 1 <= n <= TABLE_MAX_HEAPS for n in counts):
        raise InvalidParameter(
            f"heaps={heaps!r}: every number of heaps must be between 1 and {TABLE_MAX_HEAPS} "
            "(the heaps of a table's positions)"
        )
    if not counts:
        raise InvalidParameter("heaps=[] names no number of heaps; give one (2) or several ([3, 4, 5])")
    return sorted(set(counts))


def _kinds(kinds: str | Sequence[str]) -> list[str]:
    """The kinds of rule asked for, in order, without repeats."""
    given: list[Any] = list(kinds) if isinstance(kinds, (list, tuple)) else [kinds]
    for kind in given:
        if kind not in KINDS:
            raise InvalidParameter(f"kinds: {kind!r} is not 'outcome' or 'grundy' (give one, or both in a list)")
    if not given:
        raise InvalidParameter("kinds=[] asks for no rule; give 'outcome', 'grundy' or both")
    return list(dict.fromkeys(given))


def _check_sizes(rules: Ruleset, counts: list[int], max_heap: int, verify_max: int, max_positions: int | None) -> int:
    """Refuse data or a check box over their limits, before anything runs; the check's limit."""
    assert shapes.heap_game(rules)  # check_ruleset said so
    rows = sum(table_size(n, rules.min_heap, max_heap, True) for n in counts)
    if rows > DISCOVER_MAX_ROWS:
        raise TooLarge(
            f"discover: the data would be {format_size(rows)} positions, over the limit of "
            f"{DISCOVER_MAX_ROWS:,} (DISCOVER_MAX_ROWS); fit on a smaller box (--max or --heaps)",
            estimate=rows,
            limit=DISCOVER_MAX_ROWS,
        )
    checked = sum(table_size(n, rules.min_heap, verify_max, True) for n in counts)
    limit = check_limit(max_positions, default=DEFAULT_MAX_POSITIONS)
    if checked > limit:
        raise TooLarge(
            f"discover: checking a rule on heaps up to {verify_max} would take {format_size(checked)} "
            f"positions, over the limit of {limit:,}; lower --verify-max or raise --max-positions N "
            "(Python: verify_max=, max_positions=)",
            estimate=checked,
            limit=limit,
        )
    return limit
