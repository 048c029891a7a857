"""The misère quotient as the ruleset's own algorithm (tier 2) for sums of heaps: answers agree with search."""

from __future__ import annotations

import itertools
import random

import pytest

import sprague
from sprague.core.budget import BONUS_SHARE


def test_a_computed_quotient_answers_sums_of_its_heaps_as_search_does() -> None:
    kayles = sprague.ruleset("kayles")
    kayles.misere_quotient(10)
    searched = sprague.ruleset("kayles")  # a fresh instance: no quotient, plain misère search
    used = 0
    for pos in itertools.combinations_with_replacement(range(11), 3):
        want = searched.outcome(pos, method="search", max_positions=10**7, misere=True)
        assert kayles.outcome(pos, misere=True) == want, pos
        method = kayles.evaluate(pos, misere=True).method
        used += "quotient" in method
        move = kayles.winning_move(pos, misere=True)
        assert (move is None) == (want == "P" or not searched.options(pos)), pos
        if move is not None:
            assert searched.outcome(move, method="search", max_positions=10**7, misere=True) == "P", (pos, move)
    assert used > 50  # heaps of 5 and more are not tame: the quotient answered those


@pytest.mark.slow  # seconds of work; runs in CI's second pass
def test_a_sum_too_large_to_search_gets_a_quotient_computed_within_the_limit() -> None:
    """(9, 9, 9) is estimated (an upper estimate) over a limit of 10,000 positions for search: the quotient of
    heaps 0..9 is computed instead and gives the outcome of search; the misère Grundy value is searched beside it
    with 1/BONUS_SHARE of the work budget, and given where that search finishes, else the note says why not."""
    for pos in [(9, 9, 9), (9, 7, 5, 2), (8, 8, 6, 1)]:
        quotient = f"misère quotient of the heaps 0..{max(pos)}"
        g = sprague.ruleset("kayles").grundy(pos, method="search", misere=True)
        ev = sprague.ruleset("kayles").evaluate(pos, max_positions=10_000, misere=True)
        assert quotient in ev.method and ev.outcome == ("P" if g == 0 else "N")
        assert ev.grundy == g and ev.method.endswith("misère Grundy value by search")  # within the default budget
        work = 30_000  # enough for the quotient; its share is not enough for the value's search
        with sprague.budget(work=work) as b:
            ev = sprague.ruleset("kayles").evaluate(pos, max_positions=10_000, misere=True)
        assert quotient in ev.method and ev.outcome == ("P" if g == 0 else "N") and ev.grundy is None
        assert "misère Grundy value not computed" in ev.note and "--max-work" in ev.note
        assert f"1/{BONUS_SHARE} of the work budget" in ev.note
        assert b.bonus <= work // BONUS_SHARE + 4 + 9 * 4 and b.spent <= work  # the bonus search kept to its share
    rng = random.Random(5)
    big = tuple(rng.randrange(1, 41) for _ in range(1000))
    kayles = sprague.ruleset("kayles")
    assert "quotient" in kayles.evaluate(big, misere=True).method
    move = kayles.winning_move(big, misere=True)
    q = kayles.misere_quotient(40)
    assert (move is None) == (q.outcome(big) == "P")
    if move is not None:
        assert kayles.apply(big, move) == move and q.outcome(move) == "P"
