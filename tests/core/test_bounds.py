"""Inputs that used to hang or raise a non-project exception fail cheaply with a project error (issue 14)."""

from __future__ import annotations

import pytest

import sprague
from sprague.errors import InvalidParameter, InvalidPosition, SpragueError, TooLarge


@pytest.mark.timeout(20)
def test_moore_huge_k_is_bounded_by_the_heaps():
    huge = sprague.ruleset("moore", k=10**100)
    small = sprague.ruleset("moore", k=2)  # with two heaps, any k >= 2 is the same game
    assert huge.grundy((3, 4)) == small.grundy((3, 4))
    assert huge.options((3, 4)) == small.options((3, 4))
    assert huge.option_count((3, 4)) == small.option_count((3, 4))


@pytest.mark.timeout(20)
def test_grundys_game_huge_heap_search_refused_by_estimate():
    with pytest.raises(TooLarge, match="max-positions"):
        sprague.ruleset("grundys-game").grundy((10**9,), method="search")
    assert sprague.ruleset("grundys-game").grundy((20,), method="search") == sprague.ruleset("grundys-game").grundy((20,))
