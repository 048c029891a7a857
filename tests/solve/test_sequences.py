"""Certified structure of G-value sequences: All-but sets (arithmetic periodic, 003 s.1.4 / Siegel)."""

from __future__ import annotations

import io
import itertools
import random

import pytest

import naive
import sprague
from sprague.cli import main

SETS = list(itertools.combinations(range(1, 9), 2)) + list(itertools.combinations(range(1, 8), 3)) + [(), (1,), (6,)]
SAMPLE = random.Random(3).sample(SETS, 24)


@pytest.mark.parametrize("X", SAMPLE, ids=lambda X: "all-but-" + "-".join(map(str, X)))
def test_certified_all_but_period_predicts_far_values(X):
    g = sprague.ruleset("all-but", S=set(X))
    per = g.periodicity()
    assert per.certified
    prefix = g.sequence(per.preperiod + per.period)
    truth = naive.subtraction_sequence(lambda s: s not in X, 900)
    assert [per.value(prefix, n) for n in range(900)] == truth


@pytest.mark.parametrize("h,k", [(2, 1), (3, 2), (4, 2), (5, 3)])
def test_huge_heaps_of_all_but_multiples_of_h(h, k):
    """003 Example 2.4 gives G exactly for All-but({h, ..., kh}); the certified period must agree at 10**100."""
    g = sprague.ruleset("all-but", S={h * j for j in range(1, k + 1)})
    for n in (10**100, 10**100 + 7, 3**200):
        assert g.grundy((n,)) == (n // h) // (k + 1) * h + n % h


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out, io.StringIO()) == 0
    return out.getvalue()


def test_cli_sequence_reports_the_certificate():
    text = run("sequence", "all-but", "-p", "S=4,8", "--to", "30")
    assert "arithmetic periodic: period 12, preperiod 0, saltus 4 (certified: All-but state argument" in text
    text = run("sequence", "grundys-game", "--to", "60")
    assert "observed, not proved" in text and "(certified" not in text


@pytest.mark.parametrize("X", SAMPLE[:12], ids=lambda X: "all-but-" + "-".join(map(str, X)))
def test_certified_stairs_hold_far_beyond_the_checked_blocks(X):
    from sprague.analysis.stairs import certified_stair, stair_base, stair_heights, stair_proof_length

    g = sprague.ruleset("all-but", S=set(X))
    per = g.periodicity()
    truth = naive.subtraction_sequence(lambda s: s not in X, 1200)
    for h in range(2, 9):
        proved = certified_stair(g.sequence(stair_proof_length(per, h)), per, h)
        assert (proved is not None) == (h in stair_heights(truth, largest=8)), (X, h)
        if proved is not None:
            assert stair_base(truth, h)[: len(proved)] == proved


def test_cli_sequence_names_the_stair():
    text = run("sequence", "all-but", "-p", "S=3,7", "--to", "40")
    assert "the 3-stair of a = 0 0 1 1 2 2 3 3 4 4 5 5 ... (proved from the certified period)" in text
    assert "h-stair" not in run("sequence", "grundys-game", "--to", "40")


@pytest.mark.parametrize(
    "code,period,preperiod",
    [
        ("0.77", 12, 71),  # Kayles: period 12, last exception at n = 70 (Guy & Smith; CGSuite's tests)
        ("0.137", 34, 52),  # Dawson's chess: period 34 (Guy & Smith)
        ("0.07", 34, 53),  # Dawson's Kayles: Dawson's chess shifted by one heap
    ],
)
def test_octal_periods_of_the_literature(code, period, preperiod):
    g = sprague.ruleset("octal", code=code)
    per = g.periodicity()
    assert (per.period, per.preperiod, per.certified) == (period, preperiod, True)
    digits = [0] + [int(d) for d in code.split(".")[1]]
    truth = naive.octal_sequence(digits, 700)
    assert g.sequence(700).tolist() == truth
    assert [per.value(truth[: preperiod + period], n) for n in range(700)] == truth
    assert g.grundy((10**100,)) == truth[preperiod + (10**100 - preperiod) % period]


def test_octal_bad_code_and_uncertified_codes():
    with pytest.raises(sprague.InvalidParameter, match="has 'x' at place 4"):
        sprague.ruleset("octal", code="0.8x")
    assert sprague.ruleset("grundys-game").periodicity() is None  # 4!.0: no theorem covers `!`
    per = sprague.ruleset("octal", code="4.7").periodicity()  # d0 = 4: Guy & Smith's argument covers it
    truth = naive.octal_sequence([4, 7], 400)
    assert per is not None and per.certified and "periodicity theorem (Guy & Smith" in per.certificate
    assert all(truth[n + per.period] == truth[n] for n in range(per.preperiod, 400 - per.period))


@pytest.mark.parametrize("S", [(1, 2, 5), (4, 10, 12), (2, 3, 7, 11, 20), tuple(range(1, 200, 3))])
def test_subtraction_kernel_equals_the_plain_recursion(S):
    """The compiled kernel, and ruleset.sequence (a certified period, then filled), against a plain mex loop."""
    import numpy as np

    from sprague.kernels.heap import subtraction_sequence

    n = 40_000
    g: list[int] = []
    for m in range(n):
        g.append(naive.mex(g[m - s] for s in S if s <= m))
    assert subtraction_sequence(np.array(S), n).tolist() == g
    assert sprague.ruleset("subtraction", S=set(S)).sequence(n, max_positions=10**7).tolist() == g


@pytest.mark.parametrize("S", [(1, 2, 5), (4, 10, 12), (1, 4, 10), (3, 7, 11, 20), (2, 9), (1, 3, 4, 9, 15)])
def test_values_filled_from_the_certified_period(S):
    g = sprague.ruleset("subtraction", S=set(S))
    per = g.periodicity()
    n = max(5000, 3 * (per.preperiod + per.period))
    ref: list[int] = []
    for m in range(n):
        ref.append(naive.mex(ref[m - s] for s in S if s <= m))
    assert g.values(n).tolist() == ref
    assert g.values(3).tolist() == ref[:3]


def test_a_preperiod_is_filled_too():
    """S = {1, 4, 10} (in the test above) has a preperiod: by the naive sequence, period 11 starts at 16."""
    ref: list[int] = []
    for m in range(400):
        ref.append(naive.mex(ref[m - s] for s in (1, 4, 10) if s <= m))
    assert ref[15 + 11] != ref[15] and all(ref[n + 11] == ref[n] for n in range(16, 389))
    per = sprague.ruleset("subtraction", S={1, 4, 10}).periodicity()
    assert (per.preperiod, per.period) == (16, 11)


@pytest.mark.parametrize("X", [(), (1,), (4, 8), (2, 3), (1, 5, 9, 13), (6, 10, 11), (2, 3, 7, 8, 12), (9, 24, 30)])
def test_all_but_kernel_equals_naive_recursion(X):
    """The O(|X|^2)-per-value kernel behind all-but against the textbook O(n) mex of tests/naive.py."""
    assert sprague.ruleset("all-but", S=set(X)).sequence(2500).tolist() == naive.subtraction_sequence(
        lambda s: s not in X, 2500
    )


@pytest.mark.parametrize("X", [(4, 8), (2, 3, 7), (1,), (5,), (3, 6, 9)])
def test_all_but_winning_moves_on_heaps_of_a_thousand_digits(X):
    """The move inverts the certified arithmetic period; checked by the rules and by the naive sequence's period."""
    g = sprague.ruleset("all-but", S=set(X))
    per = g.periodicity()
    truth = naive.subtraction_sequence(lambda s: s not in X, per.preperiod + 2 * per.period)
    rnd = random.Random(str(X))
    for _ in range(6):
        pos = tuple(rnd.randrange(10**999, 10**1000) for _ in range(rnd.choice((1, 2, 3))))
        move = g.winning_move(pos)
        before = 0
        for h in pos:
            before ^= per.value(truth, h)
        if before == 0:
            assert move is None
            continue
        changed = [i for i in range(len(pos)) if pos[i] != move[i]]
        assert len(move) == len(pos) and len(changed) == 1
        i = changed[0]
        assert 0 < pos[i] - move[i] and pos[i] - move[i] not in X
        total = 0
        for h in move:
            total ^= per.value(truth, h)
        assert total == 0


def test_subtraction_kernel_copies_past_the_first_repeat_exactly():
    """The kernel stops computing at the first repeated window of max(S) values and copies; a plain mex agrees."""
    import numpy as np

    from sprague.kernels.heap import subtraction_sequence

    rnd = random.Random(11)
    for _ in range(150):
        S = sorted(rnd.sample(range(1, rnd.choice((6, 12, 40, 90))), rnd.randint(1, 5)))
        n = rnd.choice((50, 700, 4000))
        truth: list[int] = []
        for m in range(n):  # the plain mex over the |S| options
            truth.append(naive.mex(truth[m - s] for s in S if s <= m))
        assert subtraction_sequence(np.array(S), n).tolist() == truth, S
        assert subtraction_sequence(np.array(S), n, np.uint8).tolist() == truth, S
    with pytest.raises(ValueError, match="sorted distinct positive"):
        subtraction_sequence(np.array([3, 1]), 10)
    with pytest.raises(ValueError, match="cannot hold"):
        subtraction_sequence(np.arange(1, 300), 10, np.uint8)
