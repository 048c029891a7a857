"""Misère quotients (sprague.analysis.quotient) against brute-force misère search (tests/naive.py).

Literature: T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games", JCTA 115 (2008)
593-622 [PS08]; T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) #G05.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

import naive
import sprague
from sprague.analysis.quotient import MisereQuotient, misere_quotient
from sprague.errors import InvalidParameter, InvalidPosition, TooLarge


def nim_options(n: int) -> list[tuple[int, ...]]:
    return [(k,) for k in range(n)]


# (ruleset name, params, naive move function, bound, largest total of a sum checked)
CASES = [
    ("nim", {}, naive.nim_moves, 5, 16),
    ("kayles", {}, naive.octal_moves("0.77"), 20, 26),
    ("octal", {"code": "0.07"}, naive.octal_moves("0.07"), 16, 22),
    ("octal", {"code": "0.75"}, naive.octal_moves("0.75"), 16, 22),
    ("subtraction", {"S": {1, 2}}, naive.subtraction_moves({1, 2}), 8, 18),
    ("subtraction", {"S": {1, 2, 5}}, naive.subtraction_moves({1, 2, 5}), 10, 18),
    ("grundys-game", {}, naive.sorted_grundys_game_moves, 16, 22),
]


def sums(bound: int, total: int, most: int = 4) -> list[tuple[int, ...]]:
    """Every multiset of 1..most heaps of 1..bound tokens with at most ``total`` tokens in all."""
    out = []
    for k in range(1, most + 1):
        out += [s for s in itertools.combinations_with_replacement(range(1, bound + 1), k) if sum(s) <= total]
    return out


def canonical(position: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(h for h in position if h))


# ---------------------------------------------------------------- literature
def test_nim_heaps_at_most_1() -> None:
    # *1 alone: misère Nim with heaps of 1 is won by leaving an odd number of them
    q = misere_quotient(nim_options, 1)
    assert (q.order, q.presentation(), q.p_portion_text()) == (2, "⟨a | a² = 1⟩", "{a}")


def test_nim_heaps_at_most_2_is_t2() -> None:
    # [PS08]: the quotient of *1 and *2 is T2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}, with a = *1, b = *2
    q = misere_quotient(nim_options, 2)
    assert q.order == 6
    assert q.presentation() == "⟨a, b | a² = 1, b³ = b⟩"
    assert q.presentation(ascii=True) == "<a,b | a^2=1, b^3=b>"
    assert q.p_portion_text() == "{a, b²}"
    assert [(c, h) for c, h in zip(q.letters, q.generators)] == [("a", 1), ("b", 2)]


def test_nim_heaps_at_most_7_is_tame_t3() -> None:
    # [PS08]: misère Nim (a tame game) has the quotients T_k of order 2^k + 2; heaps up to 7 give T3
    q = misere_quotient(nim_options, 7)
    assert q.order == 2**3 + 2
    assert len(q.p_portion) == 2
    assert q.generators == (1, 2, 4)


@pytest.mark.parametrize(
    "name, params, moves, bound, total", CASES, ids=lambda c: str(c) if isinstance(c, str) else None
)
def test_order_is_even(name: str, params: dict, moves: object, bound: int, total: int) -> None:
    # [PS08]: every finite misère quotient of impartial games has even order
    q = sprague.ruleset(name, **params).misere_quotient(bound)
    assert q.order % 2 == 0


# ---------------------------------------------------------------- against search
@pytest.mark.parametrize("name, params, moves, bound, total", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_outcomes_and_winning_moves_match_search(
    name: str, params: dict, moves: object, bound: int, total: int
) -> None:
    r = sprague.ruleset(name, **params)
    q = r.misere_quotient(bound)
    positions = sums(bound, total, most=5)
    assert len(positions) > 80
    for heaps in positions:
        assert q.outcome(heaps) == naive.misere_outcome(moves, canonical(heaps)), heaps
        got = {canonical(o) for o in q.winning_moves(heaps, r.heap_options)}
        assert got == {canonical(o) for o in naive.misere_p_options(moves, canonical(heaps))}, heaps


@pytest.mark.slow
def test_kayles_to_30_matches_search_on_larger_sums() -> None:
    q = sprague.ruleset("kayles").misere_quotient(30, max_positions=10**8)
    moves = naive.octal_moves("0.77")
    for heaps in sums(30, 28, most=5):
        assert q.outcome(heaps) == naive.misere_outcome(moves, heaps), heaps


def test_every_p_position_has_no_p_option_and_every_n_position_one() -> None:
    # the quotient's own consistency over many sums (the rule itself, no search)
    r = sprague.ruleset("kayles")
    q = r.misere_quotient(20)
    for heaps in sums(20, 30, most=3):
        wins = q.winning_moves(heaps, r.heap_options)
        assert (q.outcome(heaps) == "P") == (not wins)


def test_empty_sum_is_n_and_heap_0_is_the_identity() -> None:
    q = misere_quotient(nim_options, 3)
    assert q.outcome([]) == "N" and q.phi[0] == 0 and q.word(0) == "1"
    assert q.element([0, 0, 2]) == q.element([2])


# ---------------------------------------------------------------- result object
def test_to_json_has_everything() -> None:
    q = misere_quotient(nim_options, 2)
    data = q.to_json()
    assert data["order"] == 6 and data["max_heap"] == 2
    assert data["generators"] == [{"letter": "a", "heap": 1}, {"letter": "b", "heap": 2}]
    assert data["relations"] == [["a^2", "1"], ["b^3", "b"]]
    assert data["p_portion"] == ["a", "b^2"]
    assert data["pretending_function"] == ["1", "a", "b"]
    assert len(data["multiplication_table"]) == 6 and data["elements"][0] == "1"
    assert data["stabilised"] is False


def test_multiplication_table_is_a_commutative_monoid() -> None:
    q = sprague.ruleset("octal", code="0.75").misere_quotient(12)
    t = q.table
    n = q.order
    assert all(t[0][x] == x for x in range(n))
    assert all(t[x][y] == t[y][x] for x in range(n) for y in range(n))
    assert all(t[t[x][y]][z] == t[x][t[y][z]] for x in range(n) for y in range(n) for z in range(n))


def test_stabilisation_is_reported_as_observed() -> None:
    q = sprague.ruleset("subtraction", S={1, 2}).misere_quotient(12)
    assert q.stable_from == 2
    assert q.stabilisation().startswith("unchanged from heap 2 to 12")
    assert "no periodicity theorem" in q.stabilisation()
    assert misere_quotient(nim_options, 4).stabilisation().startswith("not stabilised")


def test_cached_per_bound_on_the_ruleset() -> None:
    r = sprague.ruleset("kayles")
    assert r.misere_quotient(10) is r.misere_quotient(10)
    assert r.misere_quotient(11) is not r.misere_quotient(10)
    assert isinstance(r.misere_quotient(3), MisereQuotient)


# ---------------------------------------------------------------- errors and limits
def test_heap_over_the_bound_is_refused() -> None:
    q = misere_quotient(nim_options, 3)
    with pytest.raises(InvalidPosition, match="over the quotient's bound 3"):
        q.outcome([4])
    with pytest.raises(InvalidPosition, match="-1"):
        q.outcome([-1])


def test_bad_bounds_are_refused() -> None:
    with pytest.raises(InvalidParameter, match="MAX_QUOTIENT_HEAP"):
        misere_quotient(nim_options, 10**6)
    with pytest.raises(InvalidParameter, match="non-negative"):
        misere_quotient(nim_options, -1)


def test_work_limit_says_how_far_it_got() -> None:
    with pytest.raises(TooLarge, match=r"at heap \d+ \(quotient of heaps < \d+ has order \d+\).*--max-positions") as e:
        misere_quotient(sprague.ruleset("kayles").heap_options, 40, max_positions=5_000)
    assert e.value.limit == 5_000 and e.value.estimate > 5_000


def test_order_limit_says_how_far_it_got() -> None:
    with pytest.raises(TooLarge, match="--max-order"):
        misere_quotient(sprague.ruleset("kayles").heap_options, 20, max_order=10)


def test_bad_heap_options_are_refused() -> None:
    with pytest.raises(InvalidParameter, match="every part must be in 0..2"):
        misere_quotient(lambda n: [(n,)] if n == 3 else [], 3)


@pytest.mark.parametrize("code, bound", [("0.77", 12), ("0.75", 12), pytest.param("0.77", 25, marks=pytest.mark.slow)])
def test_every_two_elements_are_told_apart_by_search(code: str, bound: int) -> None:
    """The order is not too small either: for every two elements x != y the quotient names a z with x z in P and
    y z not (or the reverse); the smallest sums reaching x, y, z, searched by sprague's misère MexSearch (not the
    quotient code), must differ in outcome the same way. With the exact P/N tests this pins the order."""
    from sprague.solve.search import MexSearch

    game = sprague.ruleset("octal", code=code)
    q = game.misere_quotient(bound)
    rep: dict[int, tuple[int, ...]] = {}
    total = 0
    while len(rep) < q.order:
        for p in _partitions(total, bound):
            rep.setdefault(q.element(p), p)
        total += 1
    solver = MexSearch(game.moves, game.canonical, misere=True)
    for x, y in itertools.combinations(sorted(rep), 2):
        z = next(z for z in rep if q.outcome(rep[x] + rep[z]) != q.outcome(rep[y] + rep[z]))
        searched = ["P" if solver.grundy(rep[w] + rep[z], 10**7) == 0 else "N" for w in (x, y)]
        assert searched == [q.outcome(rep[x] + rep[z]), q.outcome(rep[y] + rep[z])], (x, y, z)


def _partitions(n: int, most: int) -> Iterator[tuple[int, ...]]:
    if n == 0:
        yield ()
        return
    for p in range(min(n, most), 0, -1):
        for rest in _partitions(n - p, p):
            yield (p, *rest)


# ---------------------------------------------------------------- the compiled engine
# Orders of the quotients of Dawson's Kayles (octal 0.07) for the bounds 0..27, as the engine of before the compiled
# kernel computed them (main at 1303200, by the plain-Python candidates; checked there against search).
DAWSON_ORDERS = (
    1,
    1,
    2,
    2,
    6,
    6,
    6,
    6,
    6,
    6,
    12,
    12,
    12,
    12,
    24,
    24,
    24,
    24,
    24,
    24,
    24,
    24,
    24,
    24,
    24,
    144,
    144,
    176,
)
# The same engine's pretending function and P-portion of Q_27(0.07) (elements numbered by normal forms).
DAWSON_27_PHI = (0, 0, 1, 1, 2, 0, 10, 1, 1, 0, 3, 10, 12, 2, 4, 0, 15, 12, 2, 3, 10, 5, 6, 18, 7, 8, 12, 9)
DAWSON_27_P = (
    1,
    5,
    6,
    11,
    12,
    15,
    24,
    26,
    29,
    34,
    37,
    46,
    49,
    59,
    62,
    66,
    68,
    78,
    81,
    92,
    100,
    107,
    125,
    131,
    144,
    148,
    154,
    165,
)


def _quotient(code: str, bound: int, compiled: bool | None = True, work: int = 10**9) -> MisereQuotient:
    from sprague.analysis.quotient import _compute

    with sprague.budget(work=work):
        return _compute(sprague.ruleset("takebreak", code=code).heap_options, bound, None, None, compiled)


def test_dawson_orders_at_every_bound_to_27_as_before() -> None:
    q = _quotient("0.07", 27)
    assert q.orders == DAWSON_ORDERS
    assert q.changed_at == (2, 4, 10, 14, 25, 27)
    assert q.phi == DAWSON_27_PHI and tuple(sorted(q.p_portion)) == DAWSON_27_P


@pytest.mark.parametrize(
    "code, bound",
    [
        ("0.07", 24),
        ("0.75", 20),
        ("0.14", 20),
        ("0.54", 18),
        ("0.137", 20),
        pytest.param("4.7", 16, marks=pytest.mark.slow),
        ("4.7", 12),
        ("0.77", 40),
        ("0.123", 20),
    ],
)
def test_compiled_candidates_equal_the_python_ones(code: str, bound: int) -> None:
    # the kernel builds, marks and reduces the product candidates that the plain-Python engine builds, numbered
    # alike: the whole computation, recalibrations included, is the same
    assert _quotient(code, bound) == _quotient(code, bound, compiled=False)


@pytest.mark.parametrize("name, params, moves, bound, total", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_compiled_equals_python_on_the_searched_cases(
    name: str, params: dict, moves: object, bound: int, total: int
) -> None:
    from sprague.analysis.quotient import _compute

    options = sprague.ruleset(name, **params).heap_options
    assert _compute(options, bound, None, None, compiled=True) == _compute(options, bound, None, None, compiled=False)


def test_compiled_candidate_is_a_commutative_monoid_and_verified() -> None:
    # 0.14 to 20 recalibrates (order 96): the result is a commutative monoid whose outcomes match search
    q = _quotient("0.14", 20)
    t, n = q.table, q.order
    assert q.order == 96
    assert all(t[x][y] == t[y][x] for x in range(n) for y in range(n))
    assert all(t[t[x][y]][z] == t[x][t[y][z]] for x in range(0, n, 7) for y in range(n) for z in range(0, n, 5))
    moves = naive.octal_moves("0.14")
    for heaps in sums(20, 20, most=3):
        assert q.outcome(heaps) == naive.misere_outcome(moves, heaps), heaps


@pytest.mark.slow  # 5.5 s: the engines are compared on small games in the default run too
def test_default_engine_equals_both() -> None:
    # by default small products are built in Python, large ones by the kernel: the same quotient either way
    assert _quotient("0.14", 20, compiled=None) == _quotient("0.14", 20, compiled=False)
    assert _quotient("0.54", 18, compiled=None) == _quotient("0.54", 18)


def test_work_limit_inside_the_kernel() -> None:
    # Q_26(0.07) needs products of some 10^5 elements; a limit below that stops in the kernel, charged
    opts = sprague.ruleset("takebreak", code="0.07").heap_options
    for limit in (200_000, 400_000):
        with pytest.raises(TooLarge, match="--max-positions") as e:
            misere_quotient(opts, 26, max_positions=limit)
        assert e.value.limit == limit
    with sprague.budget(work=300_000) as b, pytest.raises(TooLarge, match="work budget"):
        misere_quotient(opts, 26)
    assert b.spent > 300_000


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_dawson_30_is_360_within_the_default_budget() -> None:
    # A. N. Siegel, "Some MisereSolver questions answered" (2007), and [PS08]: Q_30(0.07) has order 360. Computed
    # under the default work budget (a Python call opens one), as `sprague quotient 0.07 --max-heap 30` does.
    from sprague.core.budget import DEFAULT_MAX_WORK

    q = misere_quotient(sprague.ruleset("takebreak", code="0.07").heap_options, 30)
    assert q.order == 360 and q.orders[:28] == DAWSON_ORDERS and q.orders[28:] == (176, 176, 360)
    assert q.work < DEFAULT_MAX_WORK
    moves = naive.octal_moves("0.07")
    for heaps in sums(30, 32, most=3):
        if max(heaps) >= 25:
            assert q.outcome(heaps) == naive.misere_outcome(moves, heaps), heaps


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_dawson_27_compiled_equals_python() -> None:
    assert _quotient("0.07", 27) == _quotient("0.07", 27, compiled=False, work=10**10)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_kayles_to_200_is_40_from_27() -> None:
    q = misere_quotient(sprague.ruleset("kayles").heap_options, 200)
    assert q.orders[27:] == (40,) * 174 and q.stable_from == 27
