"""Inputs that used to hang or raise a non-project exception fail cheaply with a project error (issue 14)."""

from __future__ import annotations

import pytest

import naive
import sprague
import sprague.cache
from sprague.errors import BudgetExceeded, InvalidParameter, InvalidPosition, SpragueError, TooLarge

# A hang guard only (these inputs once hung: a regression would run for hours, not minutes). No test here is
# judged by the clock: a machine under load may take many times the idle seconds. The naive reference solvers
# are bounded by their input: naive.octal_sequence(digits, n) makes about (split digits) * n**2 / 4 XORs, kept
# to at most NAIVE_XORS below.
pytestmark = pytest.mark.timeout(600)

#: most XORs one call of the naive take-and-break solver may make here (a second or two of CPU)
NAIVE_XORS = 3_000_000


def _naive_heaps(code: str, n: int) -> int:
    """``n``, or fewer heaps so that naive.octal_sequence of ``code`` stays within NAIVE_XORS."""
    splits = sum(1 for d in _digits(code) if d & 4) or 1
    return min(n, int((4 * NAIVE_XORS / splits) ** 0.5))


def test_moore_huge_k_is_bounded_by_the_heaps():
    huge = sprague.ruleset("moore", k=10**100)
    small = sprague.ruleset("moore", k=2)  # with two heaps, any k >= 2 is the same game
    assert huge.grundy((3, 4)) == small.grundy((3, 4))
    assert huge.options((3, 4)) == small.options((3, 4))
    assert huge.option_count((3, 4)) == small.option_count((3, 4))


def test_grundys_game_huge_heap_search_refused_by_a_lower_bound():
    """The search from heap 10^9 first lists its 499,999,999 options, a unit of work each: a lower bound over the
    default budget of 20,000,000 units, so it is refused before any work is done."""
    g = sprague.ruleset("grundys-game")
    with (
        sprague.budget() as b,
        pytest.raises(
            BudgetExceeded,
            match=r"listing the 499,999,999 options of the start needs at least 499,999,999 units of "
            r"work, over the 20,000,000 left of the work budget of 20,000,000"
            r".*--max-work",
        ) as info,
    ):
        g.grundy((10**9,), method="search")
    assert b.spent == 0 and (info.value.estimate, info.value.limit) == (499_999_999, 20_000_000)
    assert g.grundy((20,), method="search") == g.grundy((20,))


@pytest.mark.parametrize("S", [range(1, 10**12), "1-100000000", range(1, 10**30)])
def test_huge_subtraction_set_refused_before_building(S):
    with pytest.raises(InvalidParameter, match="MAX_SET_ELEMENTS"):
        sprague.ruleset("subtraction", S=S)


def test_set_ranges_still_parse():
    assert sprague.ruleset("subtraction", S="1-3,7").params["S"] == (1, 2, 3, 7)
    assert sprague.ruleset("subtraction", S=range(10, 0, -3)).params["S"] == (1, 4, 7, 10)


def test_empty_range_message():
    with pytest.raises(InvalidParameter, match="range '2-1' is empty; write lo-hi with lo <= hi"):
        sprague.ruleset("subtraction", S="2-1")


@pytest.mark.parametrize("text", ["１２", "٣", "_1", "²", "1-１２"])
def test_parse_ascii_digits_only(text):
    from sprague.core.parsing import parse_int, parse_int_set

    with pytest.raises(SpragueError):
        parse_int(text)
    with pytest.raises(InvalidParameter):
        parse_int_set(text, "S")


def test_parse_int_still_reads_underscores_between_digits():
    from sprague.core.parsing import parse_int

    assert parse_int("1_000") == 1000 and parse_int("2^64-1") == 2**64 - 1


def test_no_heapss():
    from sprague.core.parsing import as_int

    with pytest.raises(InvalidPosition) as exc:
        as_int(-1, "heaps")
    assert "heapss" not in str(exc.value)
    with pytest.raises(InvalidPosition) as exc:
        sprague.ruleset("nim").table(max_heap=3, heaps=-1)
    assert "heapss" not in str(exc.value) and "heaps are non-negative" in str(exc.value)


@pytest.mark.parametrize("name", ["nim", "subtraction"])
def test_huge_sequence_refused_before_allocating(name):
    r = sprague.ruleset(name, S="1,2") if name == "subtraction" else sprague.ruleset(name)
    with pytest.raises(TooLarge, match="max-positions"):
        r.sequence(10**12)
    assert list(r.sequence(5)) == [r.grundy(n) for n in range(5)]


def test_too_many_heaps_refused():
    nim = sprague.ruleset("nim")
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.options([1] * 10**6)
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.grundy((1,) * 10**6)
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.parse_position(["1"] * 10**6)


def test_options_refused_by_entries():
    with pytest.raises(TooLarge, match="max-positions"):
        sprague.ruleset("nim").options([1] * 5000)
    assert len(sprague.ruleset("nim").options([1] * 100)) == 100


def test_too_many_digits_refused():
    nim = sprague.ruleset("nim")
    with pytest.raises(InvalidPosition, match="MAX_INT_BITS"):
        nim.grundy((1 << 3_000_000,))
    with pytest.raises(InvalidPosition, match="MAX_INT_DIGITS"):
        nim.parse_position(["1" * 300_000])
    assert nim.grundy((1 << 10_000, 1 << 10_000)) == 0


@pytest.mark.parametrize("name", ["nim", "wythoff"])
def test_table_of_huge_heaps_is_a_clear_error(name):
    with pytest.raises(InvalidParameter, match="MAX_TABLE_HEAP"):
        sprague.ruleset(name).table(min_heap=10**30, max_heap=10**30 + 2)


@pytest.mark.parametrize(
    "name, params",
    [("nimhoff", {"R": None}), ("nimhoff", {"R": [None]}), ("nimhoff", {"R": "1,٣"}), ("gcn", {"h": 4, "sets": None})],
)
def test_bad_parameter_values_are_project_errors(name, params):
    with pytest.raises(InvalidParameter):
        sprague.ruleset(name, **params)


@pytest.mark.parametrize("name", [None, 5, 1.5])
def test_ruleset_of_a_non_name(name):
    with pytest.raises(sprague.errors.UnknownRuleset):
        sprague.ruleset(name)


def test_turning_turtles_winning_move_is_linear():
    r = sprague.ruleset("turning-turtles")
    row = "H" * 10**6
    move = r.winning_move(row)
    assert len(move) == len(row) and r.grundy(move) == 0
    with pytest.raises(TooLarge):
        r.winning_moves(row)
    for p in ["TTHHTHH", "HTHT", "HHH", "TTT", "HTTHHTTTH"]:
        moves = r.winning_moves(p)
        assert r.winning_move(p) == (moves[0] if moves else None)


# ---------------------------------------------------------------- take-and-break codes: the kernel's work
LONG_CODE = "0.77777777777777777777"  # 20 digits: every value scans 20 splits


def _digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or 0)] + [int(d) for d in tail]


def _steps(moves, n: int, budget: int | None = None):
    """The values g[:reached] and the kernel's counted steps for the first ``n`` values."""
    import numpy as np

    from sprague.kernels import takebreak_run as tr

    g = np.zeros(n, dtype=np.int64)
    steps = tr.Steps() if budget is None else tr.Steps(budget=budget)
    reached = max(tr.extend(g, 0, *moves, steps=steps), default=0)  # the kernel yields the values reached so far
    return g[:reached].tolist(), steps


@pytest.mark.parametrize("code", ["0.137", "0.6", "4.07", "0.7777", "0.77777777", LONG_CODE])
@pytest.mark.parametrize("n", [300, 1500])
def test_the_estimate_of_the_naive_prefix_is_its_pair_count(code, n):
    """Below the prefix, the kernel's steps are the pairs of the rules (counted here by a loop), its single-heap
    moves and its mex scans; the estimate is the same count without the mex scans, so it is a lower bound."""
    from sprague.kernels import takebreak as tb

    n = _naive_heaps(code, n)  # LONG_CODE: 774 heaps (its values pass 255 there too, so both branches below stay)
    moves = sprague.ruleset("octal", code=code).take_break_moves()
    take_all, take_one, split, _ = moves
    values, steps = _steps(moves, n)
    assert values == naive.octal_sequence(_digits(code), n)
    pairs = sum(len(range(1, (m - k) // 2 + 1)) for m in range(n) for k in split)  # the a of each split m - k = a + b
    mex_scans = sum(v + 1 for v in values)
    exact = pairs + n * (len(take_all) + len(take_one)) + mex_scans
    if max(values) < 256:
        assert steps.done == exact
        assert tb.work(take_all, take_one, split, 0, n) == steps.done - sum(values) <= steps.done
    else:  # the values widened from uint8 to uint16 once: the heap where that happened, and the scan to it, count twice
        widened = next(m for m, v in enumerate(values) if v > 255)
        redone = widened + len(split) * (widened // 2) + len(take_all) + len(take_one) + values[widened] + 1
        assert exact < steps.done <= exact + redone
        assert tb.work(take_all, take_one, split, 0, n) == exact - sum(values)


@pytest.mark.parametrize("code", ["0.137", "0.6", "4.07", "0.16", "0.7777", LONG_CODE])
def test_the_estimates_bound_the_counted_steps_past_the_prefix(code, monkeypatch):
    """Past the prefix: the estimate before starting, and the one made once the prefix shows the rare
    positions, are both at most the steps the kernel counts."""

    from sprague.kernels import takebreak as tb
    from sprague.kernels import takebreak_run as tr
    from sprague.kernels import takebreak_work

    monkeypatch.setattr(tr, "PREFIX", 256)  # the sparse kernel does most of the work
    monkeypatch.setattr(takebreak_work, "PREFIX", 256)  # and the estimate knows it
    moves = sprague.ruleset("octal", code=code).take_break_moves()
    n = _naive_heaps(code, 3000)  # past the prefix of 256 in every case; LONG_CODE: 774 heaps
    values, steps = _steps(moves, n)
    assert values == naive.octal_sequence(_digits(code), n)
    assert tb.work(*moves[:3], 0, n) <= steps.done
    prefix, naive_part = _steps(moves, 256)
    size = 4 * 2 ** max(max(prefix), 1).bit_length()  # the counts per value and parity the mask is priced on
    mask_steps = len(prefix) + size * size.bit_length()  # counting the values, and the Walsh-Hadamard transform
    budget = naive_part.done + mask_steps + 1  # enough for the prefix and the mask only
    _, stopped = _steps(moves, n, budget=budget)
    assert stopped.done < budget  # stopped at once after the prefix, on the estimate
    assert 0 < stopped.least <= steps.done


@pytest.fixture
def no_cache():
    """No results cache: what a computation keeps is what it computed here, not what an earlier run stored."""
    with sprague.cache.using(False):
        yield


def _generic_kernel_values(code: str, n: int) -> list[int]:
    """G(0..n-1) by the generic take-and-break kernel (sprague.kernels.takebreak_generic), not the sparse-space one."""
    from sprague.kernels import takebreak_generic
    from sprague.rulesets.takebreak import kernel_rules

    rules, additive = kernel_rules(sprague.ruleset("takebreak", code=code).code, n)
    values, _ = takebreak_generic.values(rules, additive, n, 10**15)
    assert len(values) == n
    return values.tolist()


@pytest.mark.usefixtures("no_cache")
def test_a_long_code_sequence_is_refused_on_a_lower_bound_with_the_option():
    """10^6 values of a 20-digit code: the kernel's work known in advance is within the budget, but the first
    values show the rare positions, and a lower bound of the rest from them is far over it. Refused there, having
    spent a small part of the budget (the certificate search is capped at what the values' lower bound costs);
    the values computed are kept, and exact."""
    r = sprague.ruleset("octal", code=LONG_CODE)
    with (
        sprague.budget(work=2_000_000) as b,
        pytest.raises(
            BudgetExceeded,
            match=r"needs at least [\d,]+ units of work, over the [\d,]+ left of the work budget of "
            r"2,000,000 \(a lower bound from the rare positions.*--max-work",
        ) as info,
    ):
        r.sequence(10**6)
    assert info.value.estimate > b.work >= info.value.limit  # a lower bound over the whole budget, not only the rest
    assert 0 < b.spent < b.work // 10  # refused long before the budget ran out
    kept = r.known_length
    assert 2048 <= kept < 10**6
    assert r.solver.values[:kept].tolist() == _generic_kernel_values(LONG_CODE, kept)
    assert r.sequence(60).tolist() == naive.octal_sequence(_digits(LONG_CODE), 60)


def test_the_cli_sequence_of_a_long_code_ends_within_its_limit():
    import io

    from sprague.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["sequence", "octal", "-p", f"code={LONG_CODE}", "--to", "50", "--no-cache"], out=out, err=err) == 0
    assert "no period found" in out.getvalue() or "observed" in out.getvalue()


def test_a_sequence_whose_work_passes_its_limit_stops_there_and_keeps_exact_values():
    """Grundy's game: its rare positions are few, so no estimate refuses 10,000 values under a work budget of
    20,000 units; the kernel's budget stops it, and the values it kept are exact."""
    r = sprague.ruleset("grundys-game")
    with (
        sprague.budget(work=20_000),
        pytest.raises(
            TooLarge, match=r"work budget of 20,000 units .* after [\d,]+ values \(they are kept\).*--max-work"
        ),
    ):
        r.sequence(10_000)
    kept = r.known_length
    assert 2048 <= kept < 10_000
    assert r.solver.values.tolist() == naive.grundys_game_sequence(kept)


@pytest.mark.usefixtures("no_cache")
def test_huge_sequences_of_octal_codes_are_refused():
    r = sprague.ruleset("octal", code="0.137")
    with (
        sprague.budget() as b,
        pytest.raises(
            TooLarge,
            match=r"100,000,000 values .* over the limit of 10,000,000.*"
            r"max_positions",
        ),
    ):
        r.sequence(10**8)  # an input limit: more values than MAX_SEQUENCE_VALUES, refused on sight
    assert b.spent == 0 and r.known_length == 0
    # 4.44: d0 = 4 and no period proved within the budget. 10^6 values: the first 2,048 show a lower bound of
    # the rest over the budget, refused there; 10,000 values: their lower bound is within it, computed until stopped
    g = sprague.ruleset("octal", code="4.44")
    with (
        sprague.budget(work=200_000) as b,
        pytest.raises(
            BudgetExceeded,
            match=r"up to 999,999 needs at least [\d,]+ units of work, over the [\d,]+ left of the "
            r"work budget of 200,000 \(a lower bound.*--max-work",
        ) as info,
    ):
        g.sequence(10**6)
    assert info.value.estimate > b.work and 0 < b.spent < b.work // 10
    assert g.known_length == 2048 and g.solver.values[:2048].tolist() == _generic_kernel_values("4.44", 2048)
    g = sprague.ruleset("octal", code="4.44")
    with (
        sprague.budget(work=30_000) as b,
        pytest.raises(
            BudgetExceeded,
            match=r"up to 9,999 stopped at the work budget of [\d,]+ units .* after [\d,]+ values "
            r"\(they are kept\).*--max-work",
        ),
    ):
        g.sequence(10_000)
    assert b.work < b.spent <= b.work + 1000  # stopped at the budget, by at most a value's work more
    kept = g.known_length
    assert 2048 < kept < 10_000 and g.solver.values[:kept].tolist() == _generic_kernel_values("4.44", kept)
    assert len(sprague.ruleset("octal", code="4.07").sequence(10**6)) == 10**6  # its period is certified: filled


def test_code_length_limit():
    from sprague.core.limits import MAX_CODE_DIGITS

    assert len(sprague.ruleset("octal", code="0." + "7" * MAX_CODE_DIGITS).digits) == MAX_CODE_DIGITS + 1
    for code in ["0." + "7" * (MAX_CODE_DIGITS + 1), "0." + "1" * 10**6]:
        with pytest.raises(InvalidParameter, match="MAX_CODE_DIGITS"):
            sprague.ruleset("octal", code=code)
    with pytest.raises(InvalidParameter, match="MAX_CODE_DIGITS") as info:
        sprague.ruleset("octal", code="x" * 10**6)
    assert len(str(info.value)) < 300


# ---------------------------------------------------------------- Green Hackenbush
def _stalk(n: int) -> str:
    return " ".join(f"{i}-{i + 1}" for i in range(n))


def test_hackenbush_edge_limit():
    from sprague.core.limits import MAX_EDGES

    g = sprague.ruleset("green-hackenbush")
    for position in [" ".join(["0-1"] * (MAX_EDGES + 1)), [(0, 1)] * (MAX_EDGES + 1)]:
        with pytest.raises(InvalidPosition, match="MAX_EDGES"):
            g.grundy(position)
    assert g.grundy([(0, 0)] * 3) == 1  # three loops at the ground: Nim heap 1 each


@pytest.mark.parametrize(
    "position", ["0-" + "1" * 5000, "0-99999999999999999999", ((0, 10**5000),), ((0, -(10**5000)),), ((0, 2**63),)]
)
def test_hackenbush_vertex_limit(position):
    with pytest.raises(InvalidPosition) as info:
        sprague.ruleset("green-hackenbush").grundy(position)
    assert len(str(info.value)) < 400


def test_hackenbush_options_are_the_pruned_cuts():
    """The options (bridges cut by search intervals) against cutting each edge and pruning what falls."""
    import random

    from sprague.rulesets.hackenbush import _prune

    g = sprague.ruleset("green-hackenbush")
    rng = random.Random(14)
    for _ in range(300):
        size = rng.randrange(1, 8)
        edges = [(rng.randrange(size), rng.randrange(size)) for _ in range(rng.randrange(1, 12))]
        edges += [(0, v) for v in range(size)]  # every vertex grounded
        pos = g.check_position(edges)
        cuts = [_prune(pos[:i] + pos[i + 1 :]) for i in range(len(pos)) if not (i and pos[i - 1] == pos[i])]
        assert g.options(pos) == list(dict.fromkeys(cuts))
        for option in cuts:
            assert g.describe_move(pos, option).startswith("cut edge")


def test_hackenbush_large_positions_are_answered_or_refused():
    g = sprague.ruleset("green-hackenbush")
    assert len(g.options(_stalk(2000))) == 2000
    assert g.describe_move(g.check_position(_stalk(10**4)), ()) == "cut edge 0-1 (9999 edges fall)"
    assert g.grundy(_stalk(20_000)) == 20_000
    with pytest.raises(TooLarge, match="max-positions"):
        g.options(_stalk(10**4))


def test_the_readme_table_of_limits_is_the_limits_module() -> None:
    """Every integer constant of sprague.core.limits is in the table of limits of the docs (Limits and budgets,
    moved there from the README), with its value."""
    import ast
    import re
    from pathlib import Path

    from sprague.core import limits

    readme = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "limits.md").read_text()
    rows = dict(re.findall(r"^\| `([A-Z_]+)` \| `([^`]+)` \|", readme, re.M))
    constants = {name for name in limits.__all__ if isinstance(getattr(limits, name), int)}
    assert set(rows) == constants
    for name, text in rows.items():
        value = eval(compile(ast.parse(text, mode="eval"), name, "eval"), {})  # 2**62, 10_000: arithmetic only
        assert value == getattr(limits, name), name


def test_a_heap_past_pythons_int_to_text_limit_is_named_not_a_valueerror() -> None:
    """Python refuses str() of an int over 4,300 digits (a ValueError); messages describe such a heap instead."""
    import sys

    nim = sprague.ruleset("nim")
    lifted = sys.get_int_max_str_digits()  # the command line lifts it (sprague.cli.main, run by other tests)
    sys.set_int_max_str_digits(4300)  # Python's default
    try:
        with pytest.raises(sprague.TooLarge, match=r"from <a number of 5,000 digits or so> 3: listing the"):
            nim.grundy((10**4999, 3), method="search")
        assert nim.grundy((10**4999, 3)) == 10**4999 ^ 3  # the closed form still answers
    finally:
        sys.set_int_max_str_digits(lifted)
