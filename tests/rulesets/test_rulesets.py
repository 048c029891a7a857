"""Every closed form against brute force.

The reference values come from ``tests/naive.py`` (move generators written from
the rules, memoised recursive mex; it does not import :mod:`sprague`). Closed
forms are checked on every position up to a bound, and on random larger
positions (fixed seeds) through properties that a brute-force-checked closed
form can vouch for (legality from the rules, outcome of the result).
"""

from __future__ import annotations

import itertools
import random
from decimal import Decimal, localcontext
from functools import reduce
from operator import xor

import pytest

import naive
import sprague
from sprague.rulesets.nim import moore_winning_move


def box(count: int, bound: int) -> list[tuple[int, ...]]:
    """Every tuple of ``count`` heaps of sizes ``0..bound``."""
    return list(itertools.product(range(bound + 1), repeat=count))


def nim_sum(heaps) -> int:
    return reduce(xor, heaps, 0)


def rand_digits(rng: random.Random, digits: int) -> int:
    return rng.randrange(10 ** (digits - 1), 10**digits)


# ====================================================================== nim
NIM_BOXES = [(1, 7), (2, 7), (3, 7), (4, 4)]


@pytest.mark.parametrize("count,bound", NIM_BOXES)
def test_nim_closed_and_search_equal_naive(count: int, bound: int) -> None:
    g = sprague.ruleset("nim")
    for pos in box(count, bound):
        expected = naive.grundy(naive.nim_moves, pos)
        assert g.grundy(pos) == expected, pos
        assert g.grundy(pos, method="closed") == expected, pos
        assert g.grundy(pos, method="search") == expected, pos


@pytest.mark.parametrize("count,bound", NIM_BOXES)
def test_nim_winning_moves_are_naive_p_options(count: int, bound: int) -> None:
    g = sprague.ruleset("nim")
    for pos in box(count, bound):
        expected = naive.p_options(naive.nim_moves, pos)
        closed = g.winning_moves(pos)
        assert len(closed) == len(set(closed)), pos
        assert set(closed) == expected, pos
        assert set(g.winning_moves(pos, method="search")) == expected, pos
        assert set(g.options(pos)) == set(naive.nim_moves(pos)), pos
        for value in range(1, 8):
            want = {o for o in naive.nim_moves(pos) if naive.grundy(naive.nim_moves, o) == value}
            assert set(g.options_with_value(pos, value)) == want, (pos, value)


def _nim_huge_positions() -> list[tuple[int, ...]]:
    rng = random.Random(2024)
    out = []
    for i in range(20):
        heaps = [rand_digits(rng, 100) for _ in range(rng.randint(2, 6))]
        if i % 4 == 0:  # make a P-position: the last heap cancels the others
            heaps.append(nim_sum(heaps))
        out.append(tuple(heaps))
    return out


@pytest.mark.parametrize("pos", _nim_huge_positions(), ids=lambda p: f"{len(p)}heaps")
def test_nim_winning_moves_on_100_digit_heaps(pos: tuple[int, ...]) -> None:
    g = sprague.ruleset("nim")
    s = nim_sum(pos)
    moves = g.winning_moves(pos, max_positions=1)  # no search possible
    for opt in moves:
        assert len(opt) == len(pos)
        changed = [i for i in range(len(pos)) if opt[i] != pos[i]]
        assert len(changed) == 1 and opt[changed[0]] < pos[changed[0]]
        assert opt[changed[0]] >= 0
        assert nim_sum(opt) == 0
    assert len(set(moves)) == len(moves)
    assert len(moves) == sum(1 for h in pos if h ^ s < h)
    assert (len(moves) == 0) == (s == 0)


# ====================================================================== subtraction
SUB_SETS = [
    (1, 2, 5),
    (1, 2),
    (1, 3),
    (4, 10, 12),
    (2, 5, 7),
    (3, 4, 9, 13),
    (1, 4, 5),
    (6,),
    (2, 3),
    (1, 3, 4),
    (2, 4, 7),
    (3, 5, 8),
]
SUB_IDS = ["S=" + ",".join(map(str, S)) for S in SUB_SETS]


def naive_sub_values(S, n: int) -> list[int]:
    return naive.heap_sequence(naive.subtraction_moves(S), n)


@pytest.mark.parametrize("S", SUB_SETS, ids=SUB_IDS)
def test_subtraction_sequence_equals_naive(S) -> None:
    g = sprague.ruleset("subtraction", S=set(S))
    assert g.sequence(300).tolist() == naive_sub_values(S, 300)
    # and heap by heap through the public API, on a fresh instance (other code path)
    g2 = sprague.ruleset("subtraction", S=set(S))
    assert [g2.grundy((n,)) for n in range(299, -1, -1)][::-1] == naive_sub_values(S, 300)


@pytest.mark.parametrize("S", SUB_SETS, ids=SUB_IDS)
def test_subtraction_certified_period_holds_and_is_minimal(S) -> None:
    per = sprague.ruleset("subtraction", S=set(S)).periodicity()
    assert per.certified and per.saltus == 0
    p, n0 = per.period, per.preperiod
    assert p >= 1 and n0 >= 0
    end = n0 + 5 * p + 50
    a = naive_sub_values(S, end + p)
    assert all(a[n + p] == a[n] for n in range(n0, end)), (p, n0)
    for q in range(1, p):
        assert any(a[n + q] != a[n] for n in range(n0, end)), f"{q} is a smaller period than {p}"
    if n0 > 0:  # the preperiod is the smallest one for this period
        assert a[n0 - 1 + p] != a[n0 - 1]


@pytest.mark.parametrize("S", SUB_SETS, ids=SUB_IDS)
def test_subtraction_huge_heaps_reduce_to_naive_values(S) -> None:
    g = sprague.ruleset("subtraction", S=set(S))
    per = g.periodicity()
    p, n0 = per.period, per.preperiod
    big = 10**30
    reduced = {r: n0 + (big + r - n0) % p for r in range(60)}
    a = naive_sub_values(S, max(reduced.values()) + 1)
    for r, m in reduced.items():
        assert g.grundy((big + r,), method="closed") == a[m], r
    # a sum of two huge heaps is the nim-sum of the reduced naive values
    assert g.grundy((big, big + 7)) == a[reduced[0]] ^ a[reduced[7]]


@pytest.mark.parametrize("S", SUB_SETS, ids=SUB_IDS)
def test_subtraction_sums_agree_with_search_and_naive(S) -> None:
    g = sprague.ruleset("subtraction", S=set(S))
    moves = naive.subtraction_moves(S)
    positions = box(2, 12) + [p for p in box(3, 12) if p[0] <= p[1] <= p[2]]
    for pos in positions:
        expected = naive.grundy(moves, pos)
        assert g.grundy(pos) == expected, pos
        assert g.grundy(pos, method="search") == expected, pos
    for pos in box(2, 12):
        for value in range(4):
            want = {o for o in moves(pos) if naive.grundy(moves, o) == value}
            assert set(g.options_with_value(pos, value)) == want, (pos, value)


def test_subtraction_125_is_p_iff_3_divides_n() -> None:
    """The handout's claim for S = {1, 2, 5}, checked on naive values and on the package."""
    a = naive_sub_values((1, 2, 5), 200)
    assert [n for n in range(200) if a[n] == 0] == list(range(0, 200, 3))
    g = sprague.ruleset("subtraction", S={1, 2, 5})
    assert [g.outcome((n,)) for n in range(200)] == ["P" if n % 3 == 0 else "N" for n in range(200)]


# ====================================================================== all-but
@pytest.mark.parametrize("S", [(), (1,), (2, 3), (4, 8), (1, 2, 3), (2, 5)], ids=lambda S: f"S={S}")
def test_all_but_sequence_equals_naive(S) -> None:
    g = sprague.ruleset("all-but", S=set(S))
    expected = naive.heap_sequence(naive.all_but_moves(S), 80)
    assert g.sequence(80).tolist() == expected
    moves = naive.all_but_moves(S)
    for pos in box(2, 9):
        assert g.grundy(pos) == naive.grundy(moves, pos), pos


# ====================================================================== Grundy's game
def test_naive_grundy_recursion_matches_whole_game() -> None:
    """The naive O(n^2) recursion itself against the multiset game (no theorem used)."""
    seq = naive.grundys_game_sequence(21)
    for n in range(21):
        assert naive.grundy(naive.sorted_grundys_game_moves, (n,)) == seq[n], n


def test_grundys_game_sequence_equals_naive() -> None:
    g = sprague.ruleset("grundys-game")
    assert g.sequence(200).tolist() == naive.grundys_game_sequence(200)
    # a few classical values (OEIS A002188), as a check on the naive code too
    assert naive.grundys_game_sequence(12) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]


def test_grundys_game_search_on_sums_equals_naive_multiset_game() -> None:
    g = sprague.ruleset("grundys-game")
    for a in range(13):
        for b in range(13 - a):
            pos = (a, b)
            expected = naive.grundy(naive.sorted_grundys_game_moves, tuple(sorted(pos)))
            assert g.grundy(pos, method="search") == expected, pos
            assert g.grundy(pos) == expected, pos
            got = {tuple(sorted(o)) for o in g.winning_moves(pos)}
            assert got == naive.p_options(naive.sorted_grundys_game_moves, tuple(sorted(pos))), pos
    assert set(g.options((7, 4))) == set(naive.grundys_game_moves((7, 4)))


# ====================================================================== Wythoff
def wythoff_legal(pos: tuple[int, int], opt: tuple[int, int]) -> bool:
    (x, y), (u, v) = pos, opt
    if min(u, v) < 0:
        return False
    if u == x and v < y or v == y and u < x:
        return True
    return u < x and x - u == y - v


def wythoff_p_position(k: int) -> tuple[int, int]:
    """``(floor(k phi), floor(k phi) + k)`` with phi in high-precision decimals (not the package's integer method)."""
    with localcontext() as ctx:
        ctx.prec = len(str(k)) + 40
        phi = (1 + Decimal(5).sqrt()) / 2
        a = int((Decimal(k) * phi).to_integral_value(rounding="ROUND_FLOOR"))
    return a, a + k


def test_wythoff_p_position_helper_against_naive() -> None:
    p_positions = {(x, y) for x in range(41) for y in range(x, 41) if naive.grundy(naive.wythoff_moves, (x, y)) == 0}
    from_phi = {wythoff_p_position(k) for k in range(30)}
    assert {q for q in from_phi if q[1] <= 40} == p_positions


def test_wythoff_outcome_equals_naive() -> None:
    g = sprague.ruleset("wythoff")
    for pos in box(2, 40):
        assert g.outcome(pos) == naive.outcome(naive.wythoff_moves, pos), pos
        assert g.outcome(pos, method="closed") == naive.outcome(naive.wythoff_moves, pos), pos


def test_wythoff_winning_moves_equal_naive() -> None:
    g = sprague.ruleset("wythoff")
    for pos in box(2, 30):
        closed = g.winning_moves(pos)
        assert len(closed) == len(set(closed)), pos
        assert set(closed) == naive.p_options(naive.wythoff_moves, pos), pos
    for pos in box(2, 6):
        assert g.grundy(pos) == naive.grundy(naive.wythoff_moves, pos), pos
        assert set(g.options(pos)) == set(naive.wythoff_moves(pos)), pos


def _wythoff_huge_positions() -> list[tuple[int, int]]:
    rng = random.Random(7)
    out = []
    for i in range(30):
        if i % 3 == 0:  # a P-position from phi, in either order
            a, b = wythoff_p_position(rand_digits(rng, 79))
            out.append((a, b) if i % 2 else (b, a))
        else:
            out.append((rand_digits(rng, 80), rand_digits(rng, 80)))
    return out


@pytest.mark.parametrize("pos", _wythoff_huge_positions(), ids=lambda p: str(p[0] % 1000))
def test_wythoff_winning_moves_on_80_digit_heaps(pos: tuple[int, int]) -> None:
    g = sprague.ruleset("wythoff")
    moves = g.winning_moves(pos)
    for opt in moves:
        assert wythoff_legal(pos, opt), opt
        assert g.outcome(opt, method="closed") == "P"
    if g.outcome(pos, method="closed") == "N":
        assert moves
    else:
        assert moves == []


def test_wythoff_huge_p_positions_from_phi() -> None:
    g = sprague.ruleset("wythoff")
    for a, b in [wythoff_p_position(10**500), wythoff_p_position(10**500 + 12345)]:
        assert g.outcome((a, b)) == "P"
        assert g.outcome((b, a)) == "P"
        assert g.outcome((a + 1, b)) == "N"
        assert g.outcome((a, b - 1)) == "N"
        assert set(g.winning_moves((a + 5, b + 5))) >= {(a, b)}
    assert g.outcome((10**500, 10**500)) == "N"
    assert g.outcome((0, 10**500)) == "N"


# ====================================================================== Moore
def moore_boxes() -> list[tuple[int, ...]]:
    return box(3, 7) + box(4, 4)


def moore_legal(pos: tuple[int, ...], opt: tuple[int, ...], k: int) -> bool:
    if len(opt) != len(pos) or any(b > a or b < 0 for a, b in zip(pos, opt)):
        return False
    return 1 <= sum(1 for a, b in zip(pos, opt) if a != b) <= k


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_outcome_and_options_equal_naive(k: int) -> None:
    g = sprague.ruleset("moore", k=k)
    moves = naive.moore_moves(k)
    for pos in moore_boxes():
        assert g.outcome(pos) == naive.outcome(moves, pos), pos
        assert set(g.options(pos)) == set(moves(pos)), pos
        assert g.option_count(pos) == len(moves(pos)), pos


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_winning_move_on_small_positions(k: int) -> None:
    moves = naive.moore_moves(k)
    g = sprague.ruleset("moore", k=k)
    for pos in moore_boxes():
        move = moore_winning_move(pos, k)
        if naive.outcome(moves, pos) == "P":
            assert move is None, pos
        else:
            assert move is not None, pos
            assert moore_legal(pos, move, k), (pos, move)
            assert naive.grundy(moves, move) == 0, (pos, move)
    for pos in box(3, 5):
        assert set(g.winning_moves(pos)) == naive.p_options(moves, pos), pos


def test_moore_k1_is_nim() -> None:
    g = sprague.ruleset("moore", k=1)
    for pos in box(3, 7) + box(4, 4):
        assert g.grundy(pos) == nim_sum(pos), pos
        assert naive.grundy(naive.moore_moves(1), pos) == naive.grundy(naive.nim_moves, pos), pos


def _moore_huge_cases() -> list[tuple[tuple[int, ...], int]]:
    rng = random.Random(99)
    out = []
    for i in range(30):
        k = 2 + i % 3
        heaps = [rand_digits(rng, 60) for _ in range(5)]
        out.append((tuple(heaps), k))
    return out


@pytest.mark.parametrize("pos,k", _moore_huge_cases(), ids=lambda v: str(v) if isinstance(v, int) else "5heaps")
def test_moore_winning_move_on_60_digit_heaps(pos: tuple[int, ...], k: int) -> None:
    g = sprague.ruleset("moore", k=k)
    move = moore_winning_move(pos, k)
    if g.outcome(pos) == "N":
        assert move is not None
        assert moore_legal(pos, move, k)
        assert g.outcome(move, method="closed") == "P"
        assert g.winning_move(pos) == move  # constructed at once, however many options there are
        with pytest.raises(sprague.TooLarge):
            g.winning_moves(pos)  # all of them would need the options listed: refused, never a partial list
    else:
        assert move is None and g.winning_move(pos) is None and g.winning_moves(pos) == []


@pytest.mark.parametrize("k", [2, 3, 4])
def test_moore_huge_p_positions_have_no_winning_move(k: int) -> None:
    """P-positions built column by column (each binary column has a multiple of k+1 ones)."""
    rng = random.Random(k)
    g = sprague.ruleset("moore", k=k)
    n_heaps = 2 * (k + 1)
    for _ in range(10):
        heaps = [0] * n_heaps
        for bit in range(200):
            ones = rng.choice([0, k + 1, 2 * (k + 1)])
            for i in rng.sample(range(n_heaps), ones):
                heaps[i] |= 1 << bit
        pos = tuple(heaps)
        assert g.outcome(pos) == "P"
        assert moore_winning_move(pos, k) is None
        assert g.winning_moves(pos) == []
        # one token less in one heap is an N-position with a winning move back to P
        i = next(j for j, h in enumerate(pos) if h)
        near = pos[:i] + (pos[i] - 1,) + pos[i + 1 :]
        assert g.outcome(near) == "N"
        move = moore_winning_move(near, k)
        assert move is not None and moore_legal(near, move, k) and g.outcome(move) == "P"


# ====================================================================== Turning Turtles
def rows(max_len: int) -> list[str]:
    return ["".join(t) for n in range(max_len + 1) for t in itertools.product("HT", repeat=n)]


def heads_value(row: str) -> int:
    return nim_sum(i + 1 for i, c in enumerate(row) if c == "H")


def test_turtles_closed_grundy_equals_naive() -> None:
    g = sprague.ruleset("turning-turtles")
    for row in rows(9):
        expected = naive.grundy(naive.turtles_moves, row)
        assert g.grundy(row) == expected, row
        assert heads_value(row) == expected, row  # the helper used on long rows below


def test_turtles_winning_moves_equal_naive() -> None:
    g = sprague.ruleset("turning-turtles")
    for row in rows(8):
        closed = g.winning_moves(row)
        assert len(closed) == len(set(closed)), row
        assert set(closed) == naive.p_options(naive.turtles_moves, row), row
        assert set(g.options(row)) == set(naive.turtles_moves(row)), row
        assert all(naive.turtles_is_move(row, o) for o in naive.turtles_moves(row)), row
    for row in rows(6):
        assert g.grundy(row, method="search") == naive.grundy(naive.turtles_moves, row), row
        for value in range(8):
            expected = {o for o in naive.turtles_moves(row) if naive.grundy(naive.turtles_moves, o) == value}
            assert set(g.options_with_value(row, value)) == expected, (row, value)


@pytest.mark.parametrize("seed", range(4))
def test_turtles_winning_moves_on_long_rows(seed: int) -> None:
    g = sprague.ruleset("turning-turtles")
    rng = random.Random(seed)
    # medium rows: the constructive moves are exactly the options with value 0
    row = "".join(rng.choice("HT") for _ in range(60))
    options = g.options(row)
    for value in (0, 1, 5, 17, 63):
        listed = {o for o in options if heads_value(o) == value}
        assert set(g.closed_options_with_value(row, value)) == listed, value
    # 3000 coins
    row = "".join(rng.choice("HT") for _ in range(3000))
    found = g.closed_options_with_value(row, 0)
    assert (heads_value(row) != 0) == bool(found)
    for opt in found:
        assert naive.turtles_is_move(row, opt)
        assert heads_value(opt) == 0
        assert g.grundy(opt) == 0
    assert len(set(found)) == len(found)


# ====================================================================== sums
def test_sum_of_subtraction_games() -> None:
    s12, s13 = sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3})
    game = sprague.Sum(s12, s13)
    m12, m13 = naive.subtraction_moves((1, 2)), naive.subtraction_moves((1, 3))
    moves = naive.sum_moves([m12, m13])
    for a in range(11):
        for b in range(11):
            pos = ((a,), (b,))
            expected = naive.grundy(moves, pos)
            assert naive.grundy(m12, (a,)) ^ naive.grundy(m13, (b,)) == expected
            assert game.grundy(pos) == expected, pos
            assert game.grundy(pos, method="search") == expected, pos
            assert set(game.winning_moves(pos)) == naive.p_options(moves, pos), pos


def _mixed_sum_positions() -> list[tuple]:
    rng = random.Random(5)
    out = []
    for _ in range(60):
        nim = (rng.randint(0, 3), rng.randint(0, 3))
        row = "".join(rng.choice("HT") for _ in range(rng.randint(0, 4)))
        wy = (rng.randint(0, 4), rng.randint(0, 4))
        out.append((nim, row, wy))
    return out


def test_sum_of_nim_turtles_wythoff() -> None:
    game = sprague.Sum(sprague.ruleset("nim"), sprague.ruleset("turning-turtles"), sprague.ruleset("wythoff"))
    moves = naive.sum_moves([naive.nim_moves, naive.turtles_moves, naive.wythoff_moves])
    for pos in _mixed_sum_positions():
        expected = naive.grundy(moves, pos)
        assert game.grundy(pos) == expected, pos
        assert game.grundy(pos, method="search") == expected, pos
        auto, search = game.winning_moves(pos), game.winning_moves(pos, method="search")
        assert set(auto) == set(search) == naive.p_options(moves, pos), pos


# ====================================================================== huge heaps
def test_nim_100_digit_heaps_without_search() -> None:
    rng = random.Random(1)
    a, b = rand_digits(rng, 100), rand_digits(rng, 100)
    g = sprague.ruleset("nim")
    assert g.grundy((a, b), max_positions=1) == a ^ b  # a search would be refused at this limit
    assert g.grundy((a, a), method="closed", max_positions=1) == 0
    with pytest.raises(sprague.TooLarge):
        g.grundy((a, b), method="search", max_positions=1)
    assert "closed form" in g.evaluate((a, b)).method


def test_subtraction_4_10_12_at_googol() -> None:
    S = (4, 10, 12)
    a = naive_sub_values(S, 400)
    start = 200  # far past any preperiod; the period is read off the naive values
    p = naive.smallest_period(a, start)
    assert len(a) - start - p >= max(S)  # enough repeats to be a proof (each value depends on the 12 before)
    n = 10**100
    expected = a[start + (n - start) % p]
    g = sprague.ruleset("subtraction", S=set(S))
    assert g.grundy((n,), max_positions=10_000) == expected
    assert g.grundy((n,), method="closed") == expected
    assert g.outcome((n,)) == ("P" if expected == 0 else "N")


# ====================================================================== guards
def test_grundys_game_huge_heap_stops_at_a_lower_bound_over_the_budget_keeping_its_values() -> None:
    from sprague import cache

    work = 100_000
    with cache.using(False):  # computed here, not read from values another run kept
        g = sprague.ruleset("grundys-game")
        with sprague.budget(work=work) as b, pytest.raises(sprague.BudgetExceeded) as info:
            g.grundy((10**7,))
        message = str(info.value)
        assert "--max-work" in message and "kept)" in message
        # stopped by a proven lower bound of the kernel's work (the rare positions every later value scans), over
        # the budget, after the short prefix that bound is read from: not by running on
        assert info.value.limit == work and info.value.estimate > work
        assert b.spent <= work
        reached = len(g.solver.values)
        assert 0 < reached < 10**5 and f"first {reached:,} values" in message
        assert list(g.solver.values[:reached]) == naive.grundys_game_sequence(reached)  # the values kept are right
        # asked again under the same budget: refused by the same bound, nothing recomputed, nothing lost
        with sprague.budget(work=work), pytest.raises(sprague.BudgetExceeded, match="--max-work"):
            g.grundy((10**7,))
        assert len(g.solver.values) == reached
        with sprague.budget(work=1):  # a heap among the values kept costs no work
            assert g.grundy((reached - 1,)) == naive.grundys_game_sequence(reached)[-1]


def test_nim_search_over_the_budget_stops_there_keeping_its_memo() -> None:
    # the search from heaps of 30, 29, 28, 27, 26 has some 10^5 positions (heaps sorted) and millions of options;
    # the lower bound (31 positions: the heap of 30 alone to 0..30) refuses nothing, it is stopped at the budget
    # as it goes (five heaps of 30 are refused up front: at least C(35, 5) = 324,632 positions)
    work = 100_000
    g = sprague.ruleset("nim")
    with sprague.budget(work=work) as b, pytest.raises(sprague.BudgetExceeded) as info:
        g.grundy((30, 29, 28, 27, 26), method="search")
    assert "--max-work" in str(info.value) and "(30, 29, 28, 27, 26)" in str(info.value)
    assert info.value.limit == work
    assert work < b.spent <= work + 4 + 5 * 30  # over by at most one position's charge (POSITION_WORK + options)
    memo = g.solver.search.memo
    assert 1_000 < len(memo) < work // 4  # the values found before the stop are kept, each of them right
    assert all(value == nim_sum(key) for key, value in memo.items())
    # the closed form needs no search
    with sprague.budget(work=10) as b:
        assert g.grundy((30, 29, 28, 27, 26)) == 30 ^ 29 ^ 28 ^ 27 ^ 26
    # a position's message shows it cut short
    with sprague.budget(work=10), pytest.raises(sprague.BudgetExceeded) as info:
        g.grundy((1,) * 500, method="search")
    assert "characters)" in str(info.value) and len(str(info.value)) < 600


def _wythoff_grundy_by_bitsets(n: int) -> int:
    """G(n, n) of Wythoff by the mex over row, column and diagonal, one Python int bitset per line (independent)."""
    row, col, diag = 0, [0] * (n + 1), [0] * (2 * n + 1)
    g = 0
    for a in range(n + 1):
        row = 0
        for b in range(n + 1):
            seen = row | col[b] | diag[b - a + n]
            g = (~seen & (seen + 1)).bit_length() - 1
            row |= 1 << g
            col[b] |= 1 << g
            diag[b - a + n] |= 1 << g
    return g


def test_wythoff_search_under_a_limit_below_its_size_stops_there_with_the_option() -> None:
    # the search from (60, 60) visits the positions (a, b), a <= b <= 60 (heaps sorted): 61 * 62 / 2 = 1,891,
    # counted as it goes, not estimated
    g = sprague.ruleset("wythoff")
    with pytest.raises(
        sprague.TooLarge, match=r"60, 60\) stopped after 1,890 positions \(the limit\).*--max-positions"
    ):
        g.grundy((60, 60), max_positions=1890)
    value = _wythoff_grundy_by_bitsets(60)
    assert sprague.ruleset("wythoff").grundy((60, 60), max_positions=1891) == value == 87


def test_wythoff_search_stopped_at_the_work_budget_resumes_from_its_memo() -> None:
    value = _wythoff_grundy_by_bitsets(60)
    with sprague.budget() as whole:
        assert sprague.ruleset("wythoff").grundy((60, 60), method="search") == value
    g, work = sprague.ruleset("wythoff"), whole.spent // 4
    with sprague.budget(work=work) as b, pytest.raises(sprague.BudgetExceeded, match="--max-work") as info:
        g.grundy((60, 60), method="search")
    assert info.value.limit == work and work < b.spent <= work + 4 + 180  # one position's charge over at most
    kept = len(g.solver.search.memo)
    assert kept > 100
    with sprague.budget(work=whole.spent) as rest:  # raised: finishes, from the memo kept
        assert g.grundy((60, 60), method="search") == value
    assert len(g.solver.search.memo) == 1891
    assert rest.spent <= whole.spent - kept * 4  # the positions kept were not expanded again


@pytest.mark.slow
def test_wythoff_300_search_works() -> None:
    # 90,601 positions: within 10**6 and within the default limit (DEFAULT_MAX_POSITIONS = 2,000,000),
    # so the search runs (about 20 s) and is not refused
    assert sprague.DEFAULT_MAX_POSITIONS >= 10**6
    g = sprague.ruleset("wythoff")
    value = g.grundy((300, 300), max_positions=10**6)
    assert value == _wythoff_grundy_by_bitsets(300) == 440  # > 0: (300, 300) is N, take 300 from both
    assert g.grundy((300, 300)) == value  # default limit


def test_wythoff_has_no_closed_form_for_grundy_values() -> None:
    with pytest.raises(sprague.SpragueError):
        sprague.ruleset("wythoff").grundy((3, 5), method="closed")  # no closed form for Wythoff's Grundy values


# ====================================================================== apply (legality of a typed move)
def _apply_accepts(g, pos, cand) -> bool:
    try:
        g.apply(pos, cand)
    except sprague.IllegalMove:
        return False
    return True


APPLY_CASES = [
    ("nim", {}, naive.nim_moves, box(2, 5) + box(3, 3), 0),
    ("subtraction", {"S": {1, 2, 5}}, naive.subtraction_moves((1, 2, 5)), box(2, 6), 0),
    ("wythoff", {}, naive.wythoff_moves, box(2, 6), 0),
    ("moore", {"k": 2}, naive.moore_moves(2), box(3, 3), 0),
    ("grundys-game", {}, naive.grundys_game_moves, [p for p in box(2, 7) if 0 not in p], 1),
]


@pytest.mark.parametrize("name,params,moves,positions,extra", APPLY_CASES, ids=[c[0] for c in APPLY_CASES])
def test_apply_accepts_exactly_the_moves(name, params, moves, positions, extra) -> None:
    """Heaps are a multiset: an option may be typed with its heaps in any order, and nothing else is accepted."""
    g = sprague.ruleset(name, **params)
    for pos in positions:
        legal = {tuple(sorted(o)) for o in moves(pos)}
        for cand in box(len(pos) + extra, max(pos)):
            assert _apply_accepts(g, pos, cand) == (tuple(sorted(cand)) in legal), (pos, cand)


def test_apply_turtles() -> None:
    g = sprague.ruleset("turning-turtles")
    for row in rows(5):
        legal = set(naive.turtles_moves(row))
        for cand in ("".join(t) for t in itertools.product("HT", repeat=len(row))):
            assert _apply_accepts(g, row, cand) == (cand in legal), (row, cand)
            assert naive.turtles_is_move(row, cand) == (cand in legal), (row, cand)


@pytest.mark.parametrize(
    "name,params,pos,cand",
    [
        pytest.param("nim", {}, (1,), (0, 0), id="nim"),
        pytest.param("subtraction", {"S": {1}}, (1,), (0, 0), id="subtraction"),
        pytest.param("all-but", {"S": set()}, (1,), (0, 0), id="all-but"),
        pytest.param("grundys-game", {}, (3,), (0, 2, 1), id="grundys-game"),
        pytest.param("subtraction", {"S": {5}}, (5, 3), (3,), id="subtraction-drop-heap"),
    ],
)
def test_apply_refuses_a_different_number_of_heaps(name, params, pos, cand) -> None:
    """A move never adds or removes an empty heap: ``1 -> 0 0`` is not one move (Nim refuses it)."""
    g = sprague.ruleset(name, **params)
    with pytest.raises(sprague.IllegalMove):
        g.apply(pos, cand)


# ====================================================================== move checks without listing
@pytest.mark.parametrize("name,params,k", [("nim", {}, 1), ("moore", {"k": 2}, 2), ("moore", {"k": 3}, 3)])
def test_is_move_equals_membership_in_the_naive_options(name: str, params: dict, k: int) -> None:
    """is_move decides legality without listing options; compare with the naive options, heaps in any order."""
    g = sprague.ruleset(name, **params)
    gen = naive.nim_moves if k == 1 else naive.moore_moves(k)
    box = list(itertools.product(range(4), repeat=3))
    for pos in box:
        legal = {tuple(sorted(o)) for o in gen(pos)}
        for opt in box:
            for perm in {opt, opt[::-1]}:
                assert g.is_move(pos, perm) == (tuple(sorted(perm)) in legal), (pos, perm)


def test_wythoff_is_move_equals_membership_in_the_naive_options() -> None:
    g = sprague.ruleset("wythoff")
    for pos in itertools.product(range(6), repeat=2):
        legal = {tuple(sorted(o)) for o in naive.wythoff_moves(pos)}
        for opt in itertools.product(range(6), repeat=2):
            assert g.is_move(pos, opt) == (tuple(sorted(opt)) in legal), (pos, opt)


def test_moves_on_huge_heaps_are_checked_at_once() -> None:
    m = sprague.ruleset("moore", k=2)
    big = (10**40, 10**39, 3**80, 5)
    assert m.apply(big, (10**30, 10**39, 3**80 - 7, 5)) == (10**30, 10**39, 3**80 - 7, 5)
    with pytest.raises(sprague.IllegalMove):
        m.apply(big, (10**30, 10**38, 3**80 - 7, 5))  # three heaps lowered, k = 2
    w = sprague.ruleset("wythoff")
    assert w.apply((10**50, 10**50 + 3), (10**49, 10**49 + 3)) == (10**49, 10**49 + 3)
    with pytest.raises(sprague.IllegalMove):
        w.apply((10**50, 10**50 + 3), (10**49, 10**49 + 4))
