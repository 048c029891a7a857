"""Core theory: nim arithmetic, parsing of user input, periodicity certificates, the solver's guards."""

from __future__ import annotations

import random

import pytest

import sprague
from sprague.analysis.periodicity import find_period
from sprague.core.parsing import parse_int, parse_int_set
from sprague.solve.search import MexSearch


def test_mex() -> None:
    assert sprague.mex([]) == 0
    assert sprague.mex([1, 2]) == 0
    assert sprague.mex([0, 1, 3, 4]) == 2
    assert sprague.mex(iter(range(50))) == 50


def _binary_nim_sum(a: int, b: int) -> int:
    """Digit by digit, as in the handout: c_j = a_j + b_j mod 2."""
    c, j = 0, 0
    while a >> j or b >> j:
        c |= (((a >> j) & 1) + ((b >> j) & 1)) % 2 << j
        j += 1
    return c


def test_nim_sum_is_binary_addition_without_carry() -> None:
    rng = random.Random(1)
    for _ in range(300):
        a, b = rng.getrandbits(70), rng.getrandbits(70)
        assert sprague.nim_sum(a, b) == _binary_nim_sum(a, b)
    assert sprague.nim_sum() == 0
    assert sprague.nim_sum(5, 7, 2) == 0  # handout section 1


def test_v2() -> None:
    assert [sprague.v2(n) for n in (1, 2, 3, 4, 12, 2**100)] == [0, 1, 0, 2, 2, 100]
    with pytest.raises(ValueError):
        sprague.v2(0)


@pytest.mark.parametrize(
    "text,value",
    [("26", 26), ("10**3", 1000), ("2^10", 1024), ("2^64-1", 2**64 - 1), ("1_000", 1000), ("10**2+5", 105)],
)
def test_parse_int(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize("text", ["-3", "x", "3.5", "", "2**", "1e5", "10**10**10"])
def test_parse_int_rejects(text: str) -> None:
    with pytest.raises(sprague.InvalidPosition) as exc:
        parse_int(text)
    assert repr(text) in str(exc.value)


def test_parse_int_set() -> None:
    assert parse_int_set("1,2,5", "S") == (1, 2, 5)
    assert parse_int_set("{5, 1, 2}", "S") == (1, 2, 5)
    assert parse_int_set("1-4,9", "S") == (1, 2, 3, 4, 9)
    assert parse_int_set({12, 4, 10}, "S") == (4, 10, 12)
    assert parse_int_set("", "S", allow_empty=True) == ()
    for bad, shown in [
        ("0,1", "0"),
        ("1,-2", "-2"),
        ("1,a", "'a'"),
        ("", "empty"),
        ("5-2", "5-2"),
        ({1.5}, "1.5"),
        ({True}, "True"),
    ]:
        with pytest.raises(sprague.InvalidParameter) as exc:
            parse_int_set(bad, "S")
        assert shown in str(exc.value)


def test_find_period_certified_and_observed() -> None:
    values = [7, 7] + [0, 1, 2] * 10
    per = find_period(values, window=2)
    assert per is not None and (per.period, per.preperiod, per.certified) == (3, 2, True)
    assert per.value(values, 10**50) == [0, 1, 2][(10**50 - 2) % 3]
    obs = find_period(values)
    assert obs is not None and not obs.certified and "observed, not proved" in obs.describe()
    with pytest.raises(ValueError):
        obs.value(values, 10**50)
    # a window longer than the repeats seen: no certificate
    assert find_period([0, 1] * 3, window=10) is None
    # arithmetic periodicity (003 Def. 1.6): a[n+2] = a[n] + 2
    arith = find_period([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], window=2, arithmetic=True)
    assert arith is not None and (arith.period, arith.saltus) == (1, 1)


def test_solver_is_iterative_on_a_long_chain() -> None:
    solver = MexSearch(lambda n: [n - 1] if n else [], lambda n: n)
    assert solver.grundy(100_000, max_positions=100_001) == 0
    assert solver.grundy(99_999) == 1


def test_solver_stops_at_the_limit_when_no_estimate_exists() -> None:
    solver = MexSearch(lambda n: [n - 1] if n else [], lambda n: n)
    with pytest.raises(sprague.TooLarge) as exc:
        solver.grundy(10_000, max_positions=100)
    assert "--max-positions" in str(exc.value) and exc.value.limit == 100


def test_search_refused_before_it_starts_by_a_lower_bound() -> None:
    """The options of the start are listed, a unit of work each: more than the budget is refused before any work.
    (An upper estimate of the positions, 41^5 for nim 40 x 5, refuses nothing: the search counts as it goes.)"""
    nim = sprague.ruleset("nim")
    with sprague.budget(work=10**6) as b, pytest.raises(sprague.BudgetExceeded) as exc:
        nim.grundy((10**6, 10**6), method="search")
    assert exc.value.estimate == 2 * 10**6 and b.spent == 0
    assert "2,000,000 options of the start" in str(exc.value) and "--max-work" in str(exc.value)


def test_huge_lower_bounds_are_reported_without_printing_the_number() -> None:
    """Searches are refused before they start only by a lower bound of their work (the options of the start,
    a unit each); one past 10^15 is given as a power of two, not in full. (An upper estimate, such as the 2^20000
    rows of 20,000 turtles, refuses nothing: the search counts as it goes.)"""
    nim = sprague.ruleset("nim")
    with sprague.budget() as b, pytest.raises(sprague.BudgetExceeded) as exc:
        nim.grundy((10**40,), method="search")
    message = str(exc.value)
    assert b.spent == 0 and exc.value.estimate == 10**40
    assert "listing the about 2^132 options of the start needs at least about 2^132 units of work" in message
    assert f"{10**40:,}" not in message and "--max-work" in message
    tt = sprague.ruleset("turning-turtles")  # 20,000 coins: 20,000 * 20,001 / 2 options, over the budget at once
    with (
        sprague.budget() as b,
        pytest.raises(
            sprague.BudgetExceeded,
            match=r"listing the 200,010,000 options of the "
            r"start needs at least 200,010,000 units",
        ),
    ):
        tt.grundy("H" * 20_000, method="search")
    assert b.spent == 0


def test_errors_are_value_errors() -> None:
    for cls in (
        sprague.UnknownRuleset,
        sprague.InvalidParameter,
        sprague.InvalidPosition,
        sprague.IllegalMove,
        sprague.TooLarge,
        sprague.NotShortGame,
    ):
        assert issubclass(cls, sprague.SpragueError) and issubclass(cls, ValueError)


def test_methods_and_limits_are_validated() -> None:
    nim = sprague.ruleset("nim")
    with pytest.raises(sprague.SpragueError, match="unknown method 'fast'"):
        nim.grundy((1, 2), method="fast")
    with pytest.raises(sprague.SpragueError, match="max_positions"):
        nim.grundy((1, 2), max_positions=0)
    with pytest.raises(sprague.SpragueError, match="no closed form"):
        sprague.ruleset("wythoff").grundy((3, 4), method="closed")


def test_parameters_are_checked() -> None:
    with pytest.raises(sprague.InvalidParameter, match="has no parameter 'T'"):
        sprague.ruleset("subtraction", T={1})
    with pytest.raises(sprague.InvalidParameter, match="needs parameter S"):
        sprague.ruleset("subtraction")
    with pytest.raises(sprague.InvalidParameter, match="k=0 must be at least 1"):
        sprague.ruleset("moore", k=0)
    assert sprague.ruleset("all-but", S=set()).sequence(6).tolist() == [0, 1, 2, 3, 4, 5]


def test_positions_are_checked() -> None:
    nim = sprague.ruleset("nim")
    assert nim.grundy(7) == 7  # a bare int is one heap
    for bad, shown in [((3, -1), "-1"), ((3, 2.5), "2.5"), ((True,), "True"), (("x",), "'x'"), ((), "at least 1")]:
        with pytest.raises(sprague.InvalidPosition) as exc:
            nim.grundy(bad)
        assert shown in str(exc.value)
    with pytest.raises(sprague.InvalidPosition, match="exactly 2 heaps"):
        sprague.ruleset("wythoff").grundy((1, 2, 3))


def test_apply_refuses_illegal_moves() -> None:
    nim = sprague.ruleset("nim")
    assert nim.apply((3, 4, 5), (3, 4, 1)) == (3, 4, 1)
    with pytest.raises(sprague.IllegalMove, match="cannot be reached"):
        nim.apply((3, 4, 5), (3, 4, 6))
    assert nim.apply((3, 4, 5), (2, 3, 5)) == (2, 3, 5)  # heaps may be listed in any order: 4 -> 2
    with pytest.raises(sprague.IllegalMove):
        nim.apply((3, 4, 5), (2, 4, 4))
    sub = sprague.ruleset("subtraction", S={1, 2, 5})
    with pytest.raises(sprague.IllegalMove):
        sub.apply((10,), (7,))


def test_very_long_digit_strings_get_a_clear_error_under_pythons_default_limit() -> None:
    import sys

    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        with pytest.raises(sprague.InvalidPosition, match="10\\*\\*5000"):
            parse_int("7" * 6000)
        assert parse_int("10**5000") == 10**5000
    finally:
        sys.set_int_max_str_digits(old)


def test_the_names_before_0_2_still_work_and_warn() -> None:
    """HeapGame is now HeapRuleset (CGSuite's one-heap class); the old names warn for one release."""
    import sprague.rulesets.heap as heap

    with pytest.warns(DeprecationWarning, match="HeapGame is now HeapRuleset"):
        assert sprague.HeapGame is sprague.HeapRuleset
    with pytest.warns(DeprecationWarning, match="PeriodicHeapGame is now PeriodicHeapRuleset"):
        assert heap.PeriodicHeapGame is sprague.PeriodicHeapRuleset
    assert issubclass(sprague.HeapRuleset, sprague.MultiHeapRuleset)
    with pytest.raises(AttributeError, match="no attribute 'HeapThing'"):
        sprague.HeapThing  # noqa: B018
