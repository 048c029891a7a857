"""The independent verifier of misère quotients (sprague.analysis.quotient_check) and the periodicity proofs
(sprague.analysis.quotient_proof), against a brute-force misère search written here.

Literature (test data only): Kayles' misère quotient of all heaps has order 40 (T. E. Plambeck and
A. N. Siegel, "Misère quotients for impartial games", JCTA 115 (2008) 593-622, §7); misère Nim's quotient
of heaps 1, 2 is T2 = <a, b | a^2 = 1, b^3 = b> of order 6 (same paper).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import cache

import pytest

import sprague
from sprague.analysis.quotient import misere_quotient
from sprague.analysis.quotient_check import check_quotient
from sprague.analysis.quotient_proof import needed_bound, prove_quotient
from sprague.errors import InvalidParameter


def nim_options(n: int) -> list[tuple[int, ...]]:
    return [(k,) for k in range(n)]


def brute(heap_options: Callable[[int], Iterable[Sequence[int]]]) -> Callable[[tuple[int, ...]], str]:
    """Misère outcome of a sum of heaps by plain recursion (no quotient, no shared code)."""

    @cache
    def is_p(pos: tuple[int, ...]) -> bool:
        kids = set()
        for i, h in enumerate(pos):
            for parts in heap_options(h):
                kids.add(tuple(sorted(pos[:i] + pos[i + 1 :] + tuple(q for q in parts if q))))
        return bool(kids) and not any(is_p(k) for k in kids)

    return lambda heaps: "P" if is_p(tuple(sorted(h for h in heaps if h))) else "N"


def claimed(table: Sequence[Sequence[int]], p: Iterable[int], phi: Sequence[int], heaps: Iterable[int]) -> str:
    x = 0
    for h in heaps:
        x = table[x][phi[h]]
    return "P" if x in set(p) else "N"


def game(name: str, **params: object) -> Callable[[int], Iterable[Sequence[int]]]:
    return sprague.ruleset(name, **params).heap_options  # type: ignore[no-any-return]


# every quotient the project's tests compute, here at bounds that run in a second or two
ACCEPTED = [
    ("nim-1", nim_options, 1),
    ("nim-2", nim_options, 2),
    ("nim-7", nim_options, 7),
    ("kayles-40", game("kayles"), 40),
    ("0.07-20", game("octal", code="0.07"), 20),
    ("0.75-30", game("octal", code="0.75"), 30),
    ("0.31-30", game("octal", code="0.31"), 30),
    ("0.71-30", game("octal", code="0.71"), 30),
    ("S12-8", game("subtraction", S={1, 2}), 8),
    ("S125-10", game("subtraction", S={1, 2, 5}), 10),
    ("grundy-16", game("grundys-game"), 16),
]


@pytest.mark.parametrize("name, options, bound", ACCEPTED, ids=[c[0] for c in ACCEPTED])
def test_engine_quotients_pass(name: str, options: Callable[[int], Iterable[Sequence[int]]], bound: int) -> None:
    q = misere_quotient(options, bound)
    result = check_quotient(options, q.table, q.p_portion, q.phi)
    assert result.ok, result.verdict()
    assert result.order == q.order and result.counterexamples == ()


def test_literature_orders() -> None:
    q = misere_quotient(nim_options, 2)
    assert check_quotient(nim_options, q.table, q.p_portion, q.phi).order == 6


# ---------------------------------------------------------------- corrupted claims
CORRUPT = [("kayles", game("kayles"), 20), ("0.75", game("octal", code="0.75"), 16), ("nim", nim_options, 4)]


def _assert_wrong_sum(
    options: Callable[[int], Iterable[Sequence[int]]],
    table: Sequence[Sequence[int]],
    p: Iterable[int],
    phi: Sequence[int],
) -> None:
    result = check_quotient(options, table, p, phi)
    assert not result.ok and result.correct is False
    ce = result.counterexample
    assert ce is not None and ce.check == "correct"
    truth = brute(options)(ce.heaps)
    assert ce.actual == truth
    assert ce.claimed == claimed(table, p, phi, ce.heaps) != truth, ce


@pytest.mark.parametrize("name, options, bound", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_flipped_p_element_is_rejected_with_a_wrong_sum(name: str, options: Callable, bound: int) -> None:
    q = misere_quotient(options, bound)
    for x in range(q.order):
        _assert_wrong_sum(options, q.table, q.p_portion ^ {x}, q.phi)


@pytest.mark.parametrize("name, options, bound", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_swapped_phi_values_are_rejected(name: str, options: Callable, bound: int) -> None:
    q = misere_quotient(options, bound)
    tried = rejected = 0
    for a, b in itertools.combinations(range(1, bound + 1), 2):
        if q.phi[a] == q.phi[b]:
            continue
        phi = list(q.phi)
        phi[a], phi[b] = phi[b], phi[a]
        result = check_quotient(options, q.table, q.p_portion, phi)
        if result.correct is False:
            _assert_wrong_sum(options, q.table, q.p_portion, phi)
            rejected += 1
        else:  # a swap by an automorphism (misère Nim: *2 and *3, b -> ab fixes P) is a correct claim: check it
            out = brute(options)
            for heaps in itertools.combinations_with_replacement(range(1, min(bound, 8) + 1), 3):
                assert claimed(q.table, q.p_portion, phi, heaps) == out(heaps), (a, b, heaps)
        tried += 1
        if tried >= 12:
            break
    assert tried >= 3 and rejected >= 1


@pytest.mark.parametrize("name, options, bound", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_changed_table_entry_is_rejected(name: str, options: Callable, bound: int) -> None:
    q = misere_quotient(options, bound)
    n = q.order
    for a, b in [(1, 1), (1, 2), (n - 1, n - 2), (2, n - 1)]:
        for new in {(q.table[a][b] + 1) % n, 0}:
            if new == q.table[a][b]:
                continue
            table = [list(r) for r in q.table]
            table[a][b] = table[b][a] = new
            result = check_quotient(options, table, q.p_portion, q.phi)
            assert not result.ok, (a, b, new)
            if result.monoid is False:
                ce = result.counterexample
                assert ce is not None and ce.check == "monoid"
                x, y, *rest = ce.elements
                if rest:  # associativity: recompute the two sides
                    (z,) = rest
                    assert table[table[x][y]][z] != table[x][table[y][z]]
            elif result.correct is False:
                _assert_wrong_sum(options, table, q.p_portion, q.phi)


def _duplicated(q: sprague.analysis.quotient.MisereQuotient, heap: int):
    """Q x {e, m} (m^2 = m) with heap ``heap`` marked m, restricted to what the heaps generate: correct, onto, not
    reduced when the heap's element is also the element of an unmarked heap."""
    n = q.order
    phi = [2 * q.phi[h] + (1 if h == heap else 0) for h in range(q.max_heap + 1)]
    big = [[2 * q.table[x >> 1][y >> 1] + ((x | y) & 1) for y in range(2 * n)] for x in range(2 * n)]
    span, queue = [0], [0]
    while queue:
        x = queue.pop()
        for g in set(phi):
            y = big[x][g]
            if y not in span:
                span.append(y)
                queue.append(y)
    new = {x: i for i, x in enumerate(sorted(span))}
    table = [[new[big[x][y]] for y in sorted(span)] for x in sorted(span)]
    return table, {new[x] for x in span if x >> 1 in q.p_portion}, [new[x] for x in phi]


@pytest.mark.parametrize("name, options, bound", CORRUPT[:2], ids=[c[0] for c in CORRUPT[:2]])
def test_duplicated_element_is_not_reduced(name: str, options: Callable, bound: int) -> None:
    q = misere_quotient(options, bound)
    heap = next(h for h in range(2, bound + 1) if q.phi[h] in q.phi[1:h])
    table, p, phi = _duplicated(q, heap)
    assert len(table) > q.order
    result = check_quotient(options, table, p, phi)
    assert result.monoid and result.correct and result.onto and result.reduced is False
    ce = result.counterexample
    assert ce is not None and ce.check == "reduced" and ce.other is not None
    x, y = ce.elements
    assert x != y
    # the two sums really are different elements of the claim, and no small sum tells them apart
    out = brute(options)
    for extra in itertools.chain(
        [()], ((h,) for h in range(1, bound + 1)), itertools.combinations_with_replacement(range(1, 7), 2)
    ):
        assert out(ce.heaps + extra) == out(ce.other + extra) == claimed(table, p, phi, ce.heaps + extra)


def test_terminal_sum_in_p_is_rejected() -> None:
    # Dawson's Kayles 0.07: heap 1 has no move; claiming it P is wrong
    options = game("octal", code="0.07")
    q = misere_quotient(options, 8)
    p = set(q.p_portion) | {q.phi[1]}
    if q.phi[1] in q.p_portion:
        pytest.skip("heap 1 already in P")
    _assert_wrong_sum(options, q.table, p, q.phi)


def test_bad_claims_are_named() -> None:
    for args, needle in [
        (([[0, 1]], {0}, [0]), "square"),
        (([[0, 2], [1, 0]], set(), [0, 1]), "table[0][1]"),
        (([[0, 1], [1, 0]], {5}, [0, 1]), "P-portion"),
        (([[0, 1], [1, 0]], set(), [0, 7]), "phi[1]"),
        (([], set(), [0]), "empty"),
    ]:
        with pytest.raises(InvalidParameter, match=needle.replace("[", r"\[")):
            check_quotient(nim_options, *args)
    with pytest.raises(InvalidParameter, match="heap_options"):
        check_quotient(lambda n: [(n,)] if n == 1 else [], [[0, 1], [1, 0]], {1}, [0, 1])
    res = check_quotient(nim_options, [[0, 1], [1, 0]], {1}, [1, 0])
    assert res.monoid is False and "phi[0]" in res.verdict()


# ---------------------------------------------------------------- proofs
def test_needed_bound_matches_the_theorem() -> None:
    # M = B + p - 1, B = J*n1 + (J-1)*p + t - J + 1: Kayles' period 12 from 71 needs heaps 0..166
    assert needed_bound(71, 12, 2, 2) == 166
    assert needed_bound(0, 3, 1, 1) == 1 + 3 + 1 - 1


@pytest.mark.parametrize(
    "code, bound, order, n0, p",
    [
        ("0.75", 30, 8, 8, 2),
        ("0.31", 30, 6, 3, 2),
        pytest.param("0.71", 40, 36, 3, 6, marks=pytest.mark.slow),
        ("0.51", 20, 2, 1, 1),
    ],
)
def test_small_octal_games_proved(code: str, bound: int, order: int, n0: int, p: int) -> None:
    pr = prove_quotient(code, bound)
    assert (pr.status, pr.order, pr.preperiod, pr.period) == ("proved", order, n0, p)
    assert pr.check is not None and pr.check.ok and pr.checked_to >= pr.needed  # type: ignore[operator]
    # past the bound the periodic pretending function predicts outcomes: against brute force
    options = game("octal", code=code)
    out = brute(options)
    q = pr.quotient
    big = list(range(bound + 1, bound + 2 * p + 3))
    for heaps in itertools.chain(((h,) for h in big), ((h, k) for h in big[:4] for k in range(1, 6))):
        x = 0
        for h in heaps:
            x = q.table[x][pr.element_of_heap(h)]
        assert ("P" if x in q.p_portion else "N") == out(heaps), heaps


def test_kayles_proved_order_40() -> None:
    pr = prove_quotient("0.77", 170)
    assert (pr.status, pr.order, pr.preperiod, pr.period, pr.needed) == ("proved", 40, 71, 12, 166)
    assert "proved for all heaps" in pr.describe()


def test_too_short_or_outside_setting_is_observed() -> None:
    pr = prove_quotient("0.77", 60)
    assert pr.status == "observed" and "compute further" in pr.reason
    assert prove_quotient("4!.0", 10).status == "observed"  # Grundy's game: a constraint
    with pytest.raises(InvalidParameter):
        prove_quotient(3, 10)
    with pytest.raises(InvalidParameter):
        pr.element_of_heap(61)


def test_every_quotient_a_test_computes_goes_to_the_verifier(_every_quotient_is_verified) -> None:
    """The autouse fixture of conftest.py sees the quotients computed through each entry: the function, the
    ruleset's method and the CLI (each is checked after the test)."""
    import sprague
    from sprague.analysis.quotient import misere_quotient
    from sprague.cli import main

    misere_quotient(lambda n: [(k,) for k in range(n)], 3)
    sprague.ruleset("kayles").misere_quotient(12)
    assert main(["quotient", "dawsons-kayles", "--max-heap", "10"]) == 0
    assert [q.max_heap for _, q in _every_quotient_is_verified] == [3, 12, 10]
