"""Misère play of one-heap games: genera, the tame rule, misère quotients -- functions over a heap ruleset.

A one-heap game (:class:`~sprague.rulesets.heap.HeapRuleset`) answers misère
play's tier 2 (:mod:`sprague.core.ruleset`) from here: where every heap is
tame, misère Nim on the heaps' genera (ONAG ch. 12; Winning Ways ch. 13), else
a misère quotient covering the heaps (Plambeck and Siegel 2008; the engine is
:mod:`sprague.analysis.quotient`). What is computed is kept in the ruleset's
:class:`MisereState` (``r.solver.misere``).

>>> import sprague
>>> from sprague.solve import misere
>>> misere.genus(sprague.ruleset("kayles"), 5).text()
'4^146'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sprague.core.budget import refuse_if_sure
from sprague.core.limits import MAX_QUOTIENT_HEAP, TAME_RULE_POSITIONS, check_limit
from sprague.core.parsing import as_int, int_text
from sprague.core.solver import MisereState
from sprague.errors import BudgetExceeded, InvalidParameter, TooLarge
from sprague.solve.genus import Genus, GenusSearch, GenusSequence, tame_sum

__all__ = [
    "MisereState",
    "genus_search",
    "genus",
    "genus_sequence",
    "misere_sequence",
    "tame_genera",
    "computed_outcome",
    "computed_method",
    "computed_winning_move",
    "quotient_for",
    "proved_quotient",
    "misere_quotient",
    "PROOF_BOUNDS",
]

Heaps = tuple[int, ...]


# genus theory (sprague.solve.genus)
def genus_search(r: Any) -> GenusSearch:
    """The memo of genus theory of ``r`` (its :class:`MisereState`), made on first use."""
    state = r.solver.misere
    if state.genera is None:
        state.genera = GenusSearch(r.moves, r.canonical)
    return state.genera


def _refuse_genus_work(r: Any, what: str, n: int, limit: int) -> None:
    """Refuse (:class:`TooLarge`) before starting only what is sure to pass the budget: the options of heap
    ``n``, each valued at least once (the followers' estimate is an upper bound: the search counts as it goes)."""
    count = r.heap_option_count(n)
    if count is not None:
        refuse_if_sure(what, count * GenusSearch.option_work)


def genus(r: Any, n: int, max_positions: int | None = None) -> Genus:
    """Conway's genus of a single heap of ``n`` under misère play, with its class (:mod:`sprague.solve.genus`).

    Computed from the genera of every follower (sums of smaller heaps), memoised on the ruleset.

    >>> import sprague
    >>> kayles = sprague.ruleset("kayles")
    >>> kayles.genus(5).text(), kayles.genus(5).kind
    ('4^146', 'restless')
    """
    n, limit = as_int(n), check_limit(max_positions)  # as_int refuses a negative heap
    _refuse_genus_work(r, f"{r.name}: the genus of a heap of {int_text(n)}", n, limit)
    return genus_search(r).genus((n,), limit)


def genus_sequence(r: Any, n: int, max_positions: int | None = None) -> GenusSequence:
    """The genera of single heaps ``0, 1, ..., n-1`` (one memo: heap n's followers are sums of smaller heaps).

    Computed under the request's budget: stopped there, the genera of the heaps done are returned, with the
    reason in ``stopped``.

    >>> import sprague
    >>> seq = sprague.ruleset("dawsons-kayles").genus_sequence(12)
    >>> seq.first_not_tame, seq.genera[10].text(), seq.misere_values
    (10, '3^1431', [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3])
    """
    if isinstance(n, int) and n < 0:
        raise InvalidParameter(f"{r.name}: the number of heaps must be non-negative, got {n}")
    n, limit = as_int(n), check_limit(max_positions)
    if n:
        _refuse_genus_work(r, f"{r.name}: the genera of heaps 0..{int_text(n - 1)}", n - 1, limit)
    solver, before = genus_search(r), len(genus_search(r).memo)
    genera: list[Genus] = []
    for h in range(n):  # smallest first: each heap's followers are mostly known already
        try:
            genera.append(solver.genus((h,), max(1, limit - (len(solver.memo) - before))))
        except BudgetExceeded as exc:  # stopped at the budget: the genera computed are kept and returned
            if not genera:
                raise
            return GenusSequence(r.describe(), tuple(genera), f"stopped at heap {h}: {exc}")
    return GenusSequence(r.describe(), tuple(genera))


def misere_sequence(r: Any, n: int, max_positions: int | None = None) -> np.ndarray:
    """Misère Grundy values g-(0), ..., g-(n-1) of single heaps (the γ0 of their genera)."""
    return np.array(r.genus_sequence(n, max_positions).misere_values, dtype=np.int64)


def tame_genera(r: Any, position: Heaps) -> list[Genus] | None:
    """The genera of the heaps of ``position`` if every one is tame and known or cheap to compute, else None."""
    solver = genus_search(r)
    cheap = min(r.solver.limit, TAME_RULE_POSITIONS)
    found: list[Genus] = []
    for h in position:
        if not h:
            continue
        known = solver.known((h,))
        if known is None:
            estimate = r.estimate_positions((h,))
            if estimate is None or estimate > cheap:
                return None
            try:
                known = solver.genus((h,), cheap)
            except TooLarge:
                return None
        if known.kind != "tame":
            return None
        found.append(known)
    return found


# misère tier 2: the tame rule where every heap is tame, else a misère quotient covering the heaps
def computed_outcome(r: Any, position: Heaps) -> str | None:
    """The tame rule: when every heap is tame, misère Nim on the heaps' genera (ONAG ch. 12; WW ch. 13).
    Else the misère quotient of the heaps up to the largest (:func:`quotient_for`), by multiplying."""
    genera = tame_genera(r, position)
    if genera is not None:
        return "P" if tame_sum(genera).misere_value == 0 else "N"
    q = quotient_for(r, position)
    return None if q is None else str(q.outcome(position))


def computed_method(r: Any, position: Heaps) -> str:
    """How :func:`computed_outcome` had the outcome: the tame rule and the genera, or the quotient used."""
    from sprague.analysis.quotient_proof import QuotientProof  # its import waits for the first misère quotient

    genera = tame_genera(r, position)
    if genera is None:
        q = quotient_for(r, position)
        if isinstance(q, QuotientProof) and q.proved:
            return (
                f"misère quotient of all heaps, order {q.order}, proved: its pretending function is periodic "
                f"with period {q.period} from heap {q.preperiod} (the periodicity theorem of "
                f"sprague.analysis.quotient_proof; checked independently on heaps 0..{q.checked_to}); the "
                "sum's element multiplied out, P iff it lies in the P-portion"
            )
        if q is not None:
            return (
                f"misère quotient of the heaps 0..{q.max_heap} (Plambeck and Siegel 2008): order {q.order}, "
                "the sum's element multiplied out, P iff it lies in the P-portion"
            )
    shown = ", ".join(dict.fromkeys(f"{h}: {genus_search(r).known((h,))}" for h in position if h))
    rule = (
        "misère tame rule (ONAG ch. 12; Winning Ways ch. 13): every heap is tame, so the sum is misère Nim "
        "on the genera"
    )
    return f"{rule} ({shown}; sum {tame_sum(genera or [])})" if shown else rule


def computed_winning_move(r: Any, position: Heaps) -> Heaps | None:
    """By the tame rule: an option of one heap after which the genera's misère Nim is a P-position; else by
    the misère quotient: the first option whose element lies in the P-portion."""
    genera = tame_genera(r, position)
    if genera is None:
        q = quotient_for(r, position)
        if q is None or q.outcome(position) == "P":
            return None
        found = q.winning_moves(position, r.heap_options)
        return tuple(found[0]) if found else None
    if tame_sum(genera).misere_value == 0:
        return None
    solver = genus_search(r)
    for i, h in enumerate(position):
        if not h or (r.heap_option_count(h) or 0) > r.solver.limit:
            continue
        others = [g for g in tame_genera(r, position[:i] + position[i + 1 :]) or []]
        for parts in r.heap_options(h):
            part = solver.known(tuple(parts))  # a follower of heap h: in the memo, tame with it
            if part is not None and part.kind == "tame" and tame_sum(others + [part]).misere_value == 0:
                return position[:i] + tuple(parts) + position[i + 1 :]
    return None


def quotient_for(r: Any, position: Heaps) -> Any:
    """A misère quotient whose heaps cover ``position``, or None.

    One computed before on this instance (:func:`misere_quotient`, ``sprague quotient``) for a bound
    at least the largest heap serves at once. Else, where search would be refused (the sum is estimated
    past the work limit), the quotient of the heaps up to the largest is computed within the limit;
    a quotient too large for it leaves the refusal to search.
    """
    top = max(position, default=0)
    known = [q for bound, q in r.solver.misere.quotients.items() if bound >= top]
    if known:
        return known[0]
    if top > MAX_QUOTIENT_HEAP:
        return proved_quotient(r)
    estimate = r.estimate_positions(position)
    if not position or estimate is None or estimate <= r.solver.limit:
        return None
    try:
        return r.misere_quotient(top, r.solver.limit)
    except TooLarge:
        return None


#: the bounds tried, in turn, for a misère quotient proved for all heaps (:func:`proved_quotient`)
PROOF_BOUNDS = (64, 256)


def proved_quotient(r: Any) -> Any:
    """The misère quotient of *all* heaps, proved periodic (:mod:`sprague.analysis.quotient_proof`), or None:
    for take-and-break codes in the theorem's setting, tried at the bounds :data:`PROOF_BOUNDS` within the
    budget; kept on the instance (a failure too)."""
    state = r.solver.misere
    if not state.proof_tried:
        from sprague.analysis.quotient_proof import prove_quotient

        state.proof_tried = True
        if r.code is None or r.take_break_moves() is None:
            return None
        for bound in PROOF_BOUNDS:
            try:
                proof = prove_quotient(r, bound, quotient=r.misere_quotient(bound))  # the budget bounds it
            except (TooLarge, InvalidParameter):
                return None
            if proof.proved:
                state.proof = proof
                break
    return state.proof


def misere_quotient(r: Any, max_heap: int, max_positions: int | None = None, max_order: int | None = None) -> Any:
    """The misère quotient of the sums of heaps ``0..max_heap`` (a
    :class:`~sprague.analysis.quotient.MisereQuotient`).

    Computed once per bound and kept on the instance; the request's budget bounds the work and memory,
    ``max_positions`` the steps and ``max_order`` the order, where given
    (:func:`~sprague.analysis.quotient.misere_quotient`).

    >>> from sprague import ruleset
    >>> ruleset("nim").misere_quotient(2).presentation(ascii=True)
    '<a,b | a^2=1, b^3=b>'
    """
    from sprague.analysis.quotient import misere_quotient

    cache = r.solver.misere.quotients
    if max_heap not in cache:
        cache[max_heap] = misere_quotient(r.heap_options, max_heap, max_positions, max_order)
    return cache[max_heap]
