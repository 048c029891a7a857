"""Property-based checks (hypothesis) of the theorems the solver relies on, on random small games."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naive
import sprague

SETS = st.frozensets(st.integers(1, 7), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(SETS, SETS, st.integers(0, 12), st.integers(0, 12))
def test_sprague_grundy_theorem_on_sums_of_subtraction_games(s1: frozenset, s2: frozenset, a: int, b: int) -> None:
    """Handout Theorem 1: brute force on the product graph equals the nim-sum of the parts."""
    g1, g2 = sprague.ruleset("subtraction", S=s1), sprague.ruleset("subtraction", S=s2)
    game = sprague.Sum(g1, g2)
    searched = game.grundy(((a,), (b,)), method="search")
    moves = naive.sum_moves([naive.subtraction_moves(s1), naive.subtraction_moves(s2)])
    assert searched == naive.grundy(moves, ((a,), (b,))) == g1.grundy((a,)) ^ g2.grundy((b,))


HUGE_HEAPS = st.lists(st.integers(0, 2**300), min_size=1, max_size=8)


# Two runs of one property: 10 examples in the default run, 200 in the slow pass. An example can take a
# second: winning_move() scans the options of a heap below the search limit (2,000,000) one by one.
@settings(max_examples=10, deadline=None)
@given(HUGE_HEAPS)
def test_nim_winning_moves_on_huge_heaps(heaps: list[int]) -> None:
    _check_nim_winning_moves(heaps)


@pytest.mark.slow
@pytest.mark.timeout(900)  # 48 to 140 s measured; the examples' cost varies a lot
@settings(max_examples=200, deadline=None)
@given(HUGE_HEAPS)
def test_nim_winning_moves_on_huge_heaps_200_examples(heaps: list[int]) -> None:
    _check_nim_winning_moves(heaps)


def _check_nim_winning_moves(heaps: list[int]) -> None:
    """Bouton: from nim-sum s != 0 each winning move lowers one heap h to h xor s; from s = 0 there is none."""
    nim = sprague.ruleset("nim")
    pos = tuple(heaps)
    s = reduce(xor, pos)
    wins = nim.winning_moves(pos)
    assert len(wins) == sum(1 for h in pos if h ^ s < h)
    for w in wins:
        assert reduce(xor, w) == 0 and nim.is_move(pos, w)
    assert (nim.winning_move(pos) is None) == (s == 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2**200), min_size=1, max_size=6), st.integers(1, 5))
def test_moore_constructed_move_is_legal_and_reaches_p(heaps: list[int], k: int) -> None:
    moore = sprague.ruleset("moore", k=k)
    pos = tuple(heaps)
    move = moore.winning_move(pos)
    if moore.outcome(pos) == "P":
        assert move is None
    else:
        assert move is not None and moore.is_move(pos, move) and moore.outcome(move) == "P"


def test_a_class_without_moves_is_refused_with_the_reason() -> None:
    class NoMoves(sprague.Ruleset):
        name = "no-moves"

    with pytest.raises(sprague.UnknownRuleset, match=r"must define moves\(\)"):
        sprague.ruleset(NoMoves)
