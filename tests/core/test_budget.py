"""Budgets counted as the work is done (issue 32): answers with the defaults, clean stops, refusals only by lower
bounds, memory, and one budget for a whole command."""

from __future__ import annotations

import functools
import json
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import naive
import sprague
from sprague import BudgetExceeded, TooLarge, budget
from sprague.cli import main
from sprague.core.budget import POSITION_WORK


def run(*args: str) -> tuple[int, str, str]:
    import io

    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def _naive_moves(r: sprague.Ruleset):  # type: ignore[no-untyped-def]
    """The ruleset's move generator, canonicalised, for the reference solvers of tests/naive.py."""

    @functools.cache
    def moves(position: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple({tuple(sorted(o)) for o in r.moves(position)})

    return moves


# ------------------------------------------------------------------ the examples, with the defaults
def test_six_heaps_of_half_delete_answer_with_the_defaults() -> None:
    """Refused before ("would examine up to 329,449,120 options", an upper bound); the search takes 0.3 s."""
    r = sprague.ruleset("half-delete")
    e = r.evaluate((5, 5, 5, 8, 9, 12))
    assert e.grundy is not None
    assert e.grundy == naive.grundy(_naive_moves(r), (5, 5, 5, 8, 9, 12))


def test_a_misere_take_and_break_sum_answers_with_the_defaults() -> None:
    """4.7 under misère play: refused before by an estimate of 6,839,280 positions (1 1 2 2 3 3 4 13 is the
    smaller of the issue's two sums)."""
    r = sprague.ruleset("takebreak", code="4.7")
    position = (1, 1, 2, 2, 3, 3, 4, 13)
    got = r.outcome(position, misere=True)
    assert got == naive.misere_outcome(_naive_moves(r), tuple(sorted(position)))


@pytest.mark.slow  # 5 s; the default run checks max_positions on search and tables
def test_max_positions_of_a_sequence_means_positions() -> None:
    """0.127 to 93,163 values with max_positions twice that: refused before after 35,696 values (500 kernel steps
    counted as a position); the kernel's work now goes to the work budget."""
    r = sprague.ruleset("octal", code="0.127")
    values = r.sequence(93163, max_positions=186326)
    assert len(values) == 93163
    assert values[:600].tolist() == naive.octal_sequence([0, 1, 2, 7], 600)


def test_the_kernels_work_is_the_work_budget() -> None:
    r = sprague.ruleset("grundys-game")
    with budget(work=100) as b, pytest.raises(BudgetExceeded, match="--max-work"):
        r.sequence(2**20)
    assert len(r.solver.values) < 2**20  # stopped early, values kept
    with budget(work=10**6) as b:
        r.sequence(3000)
    assert 0 < b.spent <= 10**6
    assert r.sequence(300).tolist() == naive.grundys_game_sequence(300)


# ------------------------------------------------------------------ stops are clean and keep what was computed
def test_a_search_stops_at_its_work_budget_and_keeps_its_memo() -> None:
    r = sprague.ruleset("nim")
    with budget(work=20_000) as b, pytest.raises(BudgetExceeded, match="work budget of 20,000 units"):
        r.grundy((30, 29, 28, 27, 26), method="search")  # no lower bound refuses it (five heaps of 30 are refused)
    assert 20_000 < b.spent < 20_000 + 200  # stopped at the first charge past it
    kept = len(r.solver.search.memo)
    assert kept > 100
    with budget(work=10**6) as more:
        assert r.grundy((9, 9, 9, 5, 3), method="search") == 9 ^ 9 ^ 9 ^ 5 ^ 3
    assert more.spent > 0


def test_one_budget_covers_a_whole_command() -> None:
    """moves of square-but-one 1000000 gave each of its 1,001 options a full search budget (past 60 s)."""
    status, out, err = run("moves", "square-but-one", "1000000", "--max-work", "200000")
    assert status == 0, err
    assert "1 winning move" in out and "* heap 1: take 1000000 from 1000000" in out


def test_the_hackenbush_closed_form_is_charged_by_the_edge() -> None:
    r = sprague.ruleset("green-hackenbush")
    edges = " ".join(f"0-{i}" for i in range(1, 2001))
    with budget(work=1000), pytest.raises(BudgetExceeded, match="closed form on 2,000 edges"):
        r.grundy(edges)
    with budget(work=10**5):
        assert r.grundy(edges) == 0  # 2,000 single edges on the ground: *1 2,000 times


def test_a_time_limit_stops_a_command() -> None:
    status, _, err = run(
        "value",
        "nim",
        "30",
        "30",
        "30",
        "30",
        "30",
        "--method",
        "search",
        "--max-work",
        "10**12",
        "--time-limit",
        "0.2",
    )
    assert status == 2 and "time limit of 0.2 s" in err and "--time-limit" in err


@pytest.mark.parametrize(
    "flag,value",
    [
        ("--max-work", "0"),
        ("--max-memory", "-1"),
        ("--time-limit", "0"),
        ("--time-limit", "nan"),
        ("--time-limit", "inf"),
    ],
)
def test_bad_budgets_are_refused_in_one_line(flag: str, value: str) -> None:
    status, _, err = run("value", "nim", "3", flag, value)
    assert status == 2 and flag in err and value in err


@pytest.mark.parametrize(
    "kwargs", [{"work": 0}, {"work": 1.5}, {"memory": True}, {"seconds": -1}, {"seconds": float("nan")}]
)
def test_bad_budgets_from_python_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(sprague.InvalidParameter, match=next(iter(kwargs))):
        budget(**kwargs).__enter__()  # type: ignore[arg-type]  # opening it checks the values


# ------------------------------------------------------------------ memory
def test_a_raised_work_limit_still_stops_at_the_memory_budget() -> None:
    """wythoff 10**30 10**30+7 with every other limit raised grew until the machine's 24 GB were taken."""
    r = sprague.ruleset("wythoff")
    with budget(work=10**40, memory=50 << 20):
        with pytest.raises(BudgetExceeded, match="memory budget of 50 MB"):
            r.grundy((10**30, 10**30 + 7), method="search", max_positions=10**100)


def test_a_search_stops_at_the_memory_it_holds() -> None:
    # few options a position, so the memo (not the search's stack) is what grows: 16 MB in about 100,000 positions
    r = sprague.ruleset("subtraction", S=[1, 2, 3])
    with budget(work=10**12, memory=16 << 20), pytest.raises(BudgetExceeded, match="memory budget of 16 MB"):
        r.grundy((60, 60, 60, 60), method="search", max_positions=10**9)
    assert 1000 < len(r.solver.search.memo) < 61**4 // 10  # what was computed is kept, and it stopped far from the end


def test_a_long_sequence_is_refused_by_the_memory_its_values_need() -> None:
    r = sprague.ruleset("subtraction", S=[1, 2, 5, 9])
    with budget(memory=1 << 20), pytest.raises(BudgetExceeded, match="memory budget"):
        r.sequence(5 * 10**6)


# ------------------------------------------------------------------ refusals before work: lower bounds only
@settings(max_examples=60, deadline=None)
@given(heaps=st.lists(st.integers(0, 3000), min_size=1, max_size=3), work=st.integers(50, 5000))
def test_a_search_refused_up_front_would_pass_its_budget(heaps: list[int], work: int) -> None:
    """For random searches refused before any work, the work they take is over the budget: run again with a budget
    just over the lower bound that refused it, the search spends more than the first budget (before it finishes or
    stops). The bound itself is checked against a count of the positions in tests/solve/test_least_positions.py."""
    position = tuple(heaps)
    nim = sprague.ruleset("nim")
    with budget(work=work) as b:
        try:
            nim.evaluate(position, method="search", max_positions=10**9)
        except TooLarge:  # over the budget, or over the positions limit (at least C(1818, 3) for 1816 1816 1816)
            if b.spent:
                return  # stopped while working: a live stop, not a refusal
        else:
            return
    least = (nim.least_positions(position) or 1) * POSITION_WORK
    assume(least < 10**5)  # a search of a tenth of a second at most
    with budget(work=least + 1) as big:
        try:
            nim.evaluate(position, method="search", max_positions=10**9)
        except TooLarge:
            pass  # too large to finish: it spent more than `work` on the way
    assert big.spent > work


def test_an_upper_estimate_refuses_nothing() -> None:
    """Nim 30 29 28 27 26 by search was refused at once (31 x 30 x 29 x 28 x 27 positions estimated, an upper bound);
    now it runs, and stops at the budget."""
    r = sprague.ruleset("nim")
    with budget(work=50_000) as b, pytest.raises(BudgetExceeded):
        r.grundy((30, 29, 28, 27, 26), method="search")
    assert b.spent > 50_000


# ------------------------------------------------------------------ progress of long work (issue 32 point 4)
def test_the_work_bar_shows_the_budget_spent_as_the_work_is_done() -> None:
    import io

    from sprague.cli.common import work_bar

    shown = io.StringIO()
    with budget(work=10**6) as b, work_bar(b, file=shown, delay=0) as bar:
        sprague.ruleset("subtraction", S=[1, 2, 3]).grundy((20, 20, 20), method="search")
        assert b.watch is not None and b.next_watch > b.spent  # the next update is due past what is spent
        assert 0 < bar.n <= b.spent and b.spent - bar.n <= max(b.work // 1000, 1000)  # it follows the work
    text = shown.getvalue()
    assert "work (of the budget)" in text and "at most" in text  # the units and the time to the budget's end
    assert b.watch is None and b.next_watch == float("inf")  # detached after the command


@pytest.mark.slow  # 8 s: a budget stop and resume of a long sequence
def test_a_sequence_stopped_at_its_budget_resumes_from_what_it_kept_and_says_so(tmp_path, capsys) -> None:
    from sprague import cache
    from sprague.cli import main

    args = ["sequence", "grundys-game", "--max-heap", "300000", "--json"]
    # a cache of this test only (not the process's default, which --cache-dir would change for later tests) that
    # keeps every result, however quickly it came (a stop after 0.3 s is not stored by default)
    with cache.using(cache.Cache(tmp_path, min_seconds=0)):
        assert main([*args, "--max-work", "300000"]) == 2  # stopped at the budget, the values kept in the cache
        err = capsys.readouterr().err
        kept = int(re.search(r"(?:after|first) ([\d,]+) values", err).group(1).replace(",", ""))
        assert 0 < kept < 300_001 and "--max-work" in err
        assert main(args) == 0
    out, err = capsys.readouterr()
    assert f"resumed from the results cache: values 0..{kept - 1:,} were kept by an earlier run" in err
    values = json.loads(out)["values"]
    assert values[:12] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]  # OEIS A002188
    assert len(values) == 300_001


def test_a_compiled_table_stopped_at_its_budget_keeps_its_first_chunks_and_resumes_saying_so(
    tmp_path, capsys, monkeypatch
) -> None:
    """The box kernels count no steps: each chunk is charged its CPU time (a unit a microsecond), so a budget of one
    unit stops the table after its first chunk, whose values are kept; the same command again continues from them,
    says so, and gives the table one process gives without a cache."""
    from sprague import cache
    from sprague.cli import main
    from sprague.kernels import config

    monkeypatch.setattr(config, "BOX_CHUNK", 1_000)  # chunks of 20,000 positions; the box has 40,920
    args = ["table", "single-delete", "--heaps", "4", "--max-heap", "30", "--kind", "grundy", "--json"]
    with cache.using(cache.Cache(tmp_path, min_seconds=0)):
        assert main([*args, "--max-work", "1"]) == 2
        err = capsys.readouterr().err
        assert "stopped at the work budget of 1 units" in err and "--max-work" in err, err
        assert "the values of its first 20,000 positions are kept in the results cache" in err, err
        assert main(args) == 0
    out, err = capsys.readouterr()
    assert "resumed from the results cache: the values of 20,000 of the 40,920 positions were kept" in err, err
    resumed = json.loads(out)
    assert resumed.pop("method").endswith(", continuing 20,000 cached positions")
    with cache.using(False):
        assert main(args) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert fresh.pop("method") == "compiled box kernel (search in rank order)" and fresh == resumed


def test_a_recursion_too_deep_for_python_is_a_clear_refusal() -> None:
    """A ruleset's recursive method on a position deeper than Python's stack: TooLarge naming the limit, never
    an internal error (found by a new user: node-kayles G30x30)."""

    class Deep(sprague.Ruleset):
        name = "deep-test"
        listed = False

        def moves(self, n):
            return [n - 1] if n else []

        def computed_grundy(self, n):
            return 0 if n == 0 else 1 - self.computed_grundy(n - 1)

    with pytest.raises(sprague.TooLarge, match="recursion limit"):
        Deep().grundy(100_000)
    assert Deep().grundy(11) == 1
