"""Certified structure of G-value sequences: All-but sets (arithmetic periodic, 003 s.1.4 / Siegel)."""

from __future__ import annotations

import io
import itertools
import random

import naive
import pytest

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
