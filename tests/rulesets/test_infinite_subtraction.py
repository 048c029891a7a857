"""Subtraction over infinite sets given by a rule (issue 16 item 4): OEIS values, the naive twin, bad predicates,
limits.

The OEIS files in ``tests/data`` (A014586 subtract-a-square, A014588 subtract-a-Fibonacci-number,
A014589 subtract-a-prime) are literature values; ``naive.subtraction_sequence`` with the membership
tests of ``tests/naive.py`` (written from the definitions: trial division, repeated addition) is the
brute-force twin for every named set and for a user's predicate.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

import naive
import sprague
import sprague.cache
from sprague.cli import main
from sprague.core.budget import KERNEL_STEPS_PER_WORK
from sprague.core.sets import SetByRule
from sprague.errors import BudgetExceeded, InvalidParameter
from sprague.kernels import config
from sprague.kernels.subtract import subtract_sequence
from sprague.rulesets.subtraction import InfiniteSubtraction

DATA = Path(__file__).resolve().parents[1] / "data"
MEMBERS = {
    "squares": naive.is_square,
    "triangular": naive.is_triangular,
    "powers-of-2": naive.is_power_of_2,
    "primes": naive.is_prime,
    "fibonacci": naive.is_fibonacci,
}


def oeis(name: str) -> list[int]:
    lines = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith(f"# OEIS {name}") and lines[1].startswith("# Source:")
    return [int(v) for line in lines[2:] for v in line.strip().strip(",").split(",")]


@pytest.fixture
def kernel_always(monkeypatch):
    """Every stretch of values from the compiled kernel (not the plain recursion it takes over from)."""
    monkeypatch.setattr(config, "SUBTRACTION_KERNEL_FROM", 0)


@pytest.mark.parametrize("anumber,S", [("A014586", "squares"), ("A014588", "fibonacci"), ("A014589", "primes")])
@pytest.mark.parametrize("path", ["recursion", "kernel"])
def test_oeis_values(anumber, S, path, monkeypatch):
    if path == "kernel":
        monkeypatch.setattr(config, "SUBTRACTION_KERNEL_FROM", 0)
    terms = oeis(anumber)
    assert len(terms) >= 98
    assert sprague.ruleset("subtraction", S=S).sequence(len(terms)).tolist() == terms


def test_subtract_a_square_catalogue_entry_is_a014586():
    terms = oeis("A014586")
    g = sprague.ruleset("subtract-a-square")
    assert g.sequence(len(terms)).tolist() == terms
    assert g.params["S"] == SetByRule.parse("squares")


@pytest.mark.parametrize("S", sorted(MEMBERS))
def test_named_sets_equal_the_naive_recursion(S, kernel_always):
    assert SetByRule.parse(S).members(200).tolist() == [k for k in range(1, 201) if MEMBERS[S](k)]
    expected = naive.subtraction_sequence(MEMBERS[S], 400)
    g = sprague.ruleset("subtraction", S=S)
    assert g.sequence(150).tolist() == expected[:150]  # the first stretch...
    assert g.sequence(400).tolist() == expected  # ...continued by the kernel from the known prefix


@pytest.mark.parametrize("S", sorted(MEMBERS))
def test_plain_recursion_equals_naive(S):
    """Below SUBTRACTION_KERNEL_FROM values the ruleset's own heap recursion runs (over heap_options)."""
    assert sprague.ruleset("subtraction", S=S).sequence(300).tolist() == naive.subtraction_sequence(MEMBERS[S], 300)


def test_kernel_continues_a_prefix_and_checks_its_input():
    squares = SetByRule.parse("squares").members(60)
    full = subtract_sequence(squares, 60)
    assert subtract_sequence(squares, 60, full[:17]).tolist() == full.tolist()
    assert full.tolist() == naive.subtraction_sequence(naive.is_square, 60)
    for bad in ([3, 2], [0, 1], [[1, 2]]):
        with pytest.raises(InvalidParameter):
            subtract_sequence(np.array(bad), 10)
    with pytest.raises(InvalidParameter):
        subtract_sequence(squares, 5, full[:10])


def test_powers_of_2_closed_form_is_n_mod_3():
    g = sprague.ruleset("subtraction", S="powers-of-2")
    assert [g.heap_grundy_closed(n) for n in range(300)] == naive.subtraction_sequence(naive.is_power_of_2, 300)
    assert g.grundy((10**100,)) == 10**100 % 3
    assert g.evaluate((10**100,)).method.startswith("closed form: G(n) = n mod 3")


def test_predicate_from_python_equals_naive(kernel_always):
    def one_mod_3(k: int) -> bool:
        return k % 3 == 1

    g = sprague.ruleset("subtraction", S=one_mod_3)
    assert (
        isinstance(g, InfiniteSubtraction)
        and g.describe() == "infinite-subtraction -p S=predicate:" + one_mod_3.__qualname__
    )
    assert g.sequence(500).tolist() == naive.subtraction_sequence(one_mod_3, 500)
    assert g.cache_key() is None  # two functions cannot be told apart: never cached
    assert sprague.ruleset("subtraction", S="squares").cache_key() == {
        "ruleset": "infinite-subtraction",
        "params": {"S": "squares"},
    }


def test_predicate_sums_agree_with_naive_search():
    g = sprague.ruleset("subtraction", S=lambda k: k in (1, 4, 5) or k > 20 and k % 7 == 0)
    moves = naive.subtraction_moves([k for k in range(1, 40) if k in (1, 4, 5) or k > 20 and k % 7 == 0])
    for pos in [(3, 9), (12, 30), (21, 28, 5), (35,)]:
        assert g.grundy(pos) == naive.grundy(moves, pos), pos
        assert g.grundy(pos, method="search") == naive.grundy(moves, pos), pos
        assert set(g.winning_moves(pos)) == {o for o in moves(pos) if naive.grundy(moves, o) == 0}


def test_named_set_sums_agree_with_naive_search():
    g = sprague.ruleset("subtraction", S="squares")
    moves = naive.subtraction_moves([k * k for k in range(1, 8)])
    for pos in [(10, 20), (25, 34, 7), (40,)]:
        assert g.grundy(pos) == naive.grundy(moves, pos), pos
        assert g.is_move(pos, (pos[0] - 9,) + pos[1:]) and not g.is_move(pos, (pos[0] - 2,) + pos[1:])


@pytest.mark.parametrize(
    "predicate,words",
    [
        (lambda k: 1 / (k - 3) > 0, "raised ZeroDivisionError"),
        (lambda k: k % 2, r"returned 1 \(int\) at k=1"),
        (lambda k: None, "returned None"),
    ],
)
def test_bad_predicate_is_one_line_invalid_parameter(predicate, words):
    g = sprague.ruleset("subtraction", S=predicate)
    with pytest.raises(InvalidParameter, match=words) as info:
        g.sequence(10)
    assert "\n" not in str(info.value) and "True or False" in str(info.value)


@pytest.mark.parametrize("value,words", [("cubes", "named infinite set"), (3.5, "not a set of positive integers")])
def test_bad_set_names(value, words):
    with pytest.raises(InvalidParameter, match=words):
        sprague.ruleset("subtraction", S=value)
    with pytest.raises(InvalidParameter, match="named set"):
        sprague.ruleset("infinite-subtraction", S="1,2,5")


def test_work_is_bounded_below_and_refused_before_it_starts():
    sq = SetByRule.parse("squares")
    for n in (1, 2, 50, 1000):  # the closed form of the options examined, against counting them
        assert sq.pairs(n) == sum(len([s for s in range(1, m + 1) if naive.is_square(s)]) for m in range(n))
    g = sprague.ruleset("subtraction", S="squares")
    n = 5 * 10**6
    least = g.sequence_least_work(n)  # the kernel examines every option and takes a mex step a value
    assert least == (sq.pairs(n) + n) // KERNEL_STEPS_PER_WORK
    with (
        sprague.budget(work=10**6) as b,
        pytest.raises(
            BudgetExceeded,
            match=rf"up to 4,999,999 needs at least {least:,} units of work, over the 1,000,000 "
            rf"left.*--max-work",
        ),
    ):
        g.sequence(n)
    assert b.spent == 0
    with (
        sprague.budget() as b,
        pytest.raises(
            BudgetExceeded, match=r"needs at least about 2\^\d+ units of work, over the 20,000,000 left.*--max-work"
        ),
    ):
        g.grundy((10**40,))
    assert b.spent == 0
    with (
        sprague.budget() as b,
        pytest.raises(  # past the sieve: from pi(x) > x / ln x
            BudgetExceeded, match=r"up to 1,000,000,000 needs at least [\d,]+ units of work, over the 20,000,000"
        ),
    ):
        sprague.ruleset("subtraction", S="primes").grundy((10**9,))
    assert b.spent == 0
    calls = []
    p = sprague.ruleset("subtraction", S=lambda k: calls.append(k) or k % 2 == 1)
    with sprague.budget(work=10**6) as b, pytest.raises(BudgetExceeded, match="--max-work"):
        p.sequence(10**7)
    assert not calls and b.spent == 0  # refused before the predicate ran: its calls alone (a unit each) pass the budget
    assert g.known_length == 0


def test_the_kernel_stops_at_the_budget_and_keeps_the_values_done():
    n = 200_000
    with sprague.cache.using(False):
        g = sprague.ruleset("subtraction", S="squares")
        least = g.sequence_least_work(n)  # within the budget: started; the mex steps need more: stopped
        with (
            sprague.budget(work=least + 1000) as b,
            pytest.raises(
                BudgetExceeded,
                match=r"up to 199,999 stopped at the work budget of [\d,]+ units .* after [\d,]+ "
                r"values \(they are kept\).*--max-work",
            ),
        ):
            g.sequence(n)
        assert b.work < b.spent <= b.work + 10  # by at most a value's steps more (some sqrt(n))
        kept = g.known_length
        assert config.SUBTRACTION_KERNEL_FROM < kept < n
        assert g.solver.values[:kept].tolist() == sprague.ruleset("subtraction", S="squares").sequence(kept).tolist()
    assert g.solver.values[:3000].tolist() == naive.subtraction_sequence(naive.is_square, 3000)


def test_no_period_is_certified():
    status, out, err = run("sequence", "subtraction", "-p", "S=squares", "--to", "30")
    assert status == 0, err
    assert out.startswith("infinite-subtraction -p S=squares: G(n) for n = 0..30")
    assert "observed, not proved" in out and "certified" not in out.replace("no period is certified", "")
    assert sprague.ruleset("subtraction", S="squares").periodicity() is None


def test_cli_value_and_sequence():
    status, out, err = run("value", "subtraction", "-p", "S=squares", "100")
    assert status == 0, err
    assert f"G = {naive.subtraction_sequence(naive.is_square, 101)[100]}" in out
    status, out, err = run("value", "subtraction", "-p", "S=cubes", "10")
    assert status == 2 and err.count("\n") == 1 and "squares, triangular, powers-of-2, primes, fibonacci" in err


def test_repr_round_trips():
    g = sprague.ruleset("subtraction", S="primes")
    assert repr(g) == "sprague.ruleset('infinite-subtraction', S='primes')"
    assert eval(repr(g)) == g


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()
