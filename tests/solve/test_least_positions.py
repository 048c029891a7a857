"""The lower bound on the positions a search visits (``least_positions``, heap rulesets) is below the number of
positions reachable, counted by brute force; a search it proves too large is refused at once, with the outcome
still given (the misère quotient), where it used to run to half the budget (some 20 s)."""

from __future__ import annotations

import random

import pytest

import sprague
from sprague.core.budget import budget

RULESETS = ["kayles", "dawsons-kayles", "grundys-game", "nim", "0.6", "4.07", "0.137", "0.04", "subtraction"]


def _reachable(r: sprague.Ruleset, position: tuple[int, ...]) -> int:
    """The canonical positions reachable from ``position`` (itself included), by brute force."""
    start = r.canonical(position)
    seen = {start}
    todo = [position]
    while todo:
        for o in r.moves(todo.pop()):
            k = r.canonical(o)
            if k not in seen:
                seen.add(k)
                todo.append(o)
    return len(seen)


@pytest.mark.parametrize("name", RULESETS)
def test_the_bound_is_at_most_the_positions_reachable(name: str) -> None:
    if name == "subtraction":
        r = sprague.ruleset("subtraction", S=[1, 3, 4])
    elif name[0].isdigit():
        r = sprague.ruleset("takebreak", code=name)
    else:
        r = sprague.ruleset(name)
    rng = random.Random(name)
    tight = 0
    for _ in range(25):
        position = tuple(rng.randrange(0, 9) for _ in range(rng.randrange(1, 5)))
        least, reached = r.least_positions(position), _reachable(r, position)
        assert least is not None and 1 <= least <= reached, (position, least, reached)
        tight += least == reached
    assert tight < 25  # a bound, not a count: on some positions it is below the count


def test_a_hopeless_misere_search_is_refused_before_it_starts() -> None:
    kayles = sprague.ruleset("kayles")
    rng = random.Random(1)
    heaps = tuple(rng.randrange(1, 41) for _ in range(1000))
    with budget() as b:
        e = kayles.evaluate(heaps, misere=True)
    assert e.outcome == "N" and e.grundy is None  # the outcome from the misère quotient, the value refused
    note = e.note or ""
    assert "at least about 2^63" in note and "characters)" in note and len(note) < 600  # the position cut short
    assert b.spent < 10**6  # the quotient's work; the search (10^7 units before the bound) spent nothing


def test_a_search_the_bound_allows_still_runs() -> None:
    kayles = sprague.ruleset("kayles")
    assert kayles.least_positions((5, 5, 3)) == 21  # C(6 + 2 - 1, 2): the two heaps of 5, each to 0..5
    e = kayles.evaluate((5, 5, 3), misere=True, method="search")
    assert e.grundy is not None and e.method == "search"


def test_a_value_searched_before_is_not_refused_again() -> None:
    """The bound counts the positions a search would visit; a value already in the memo needs none of them."""
    nim = sprague.ruleset("nim")
    position = (6, 6, 6, 6)  # at least C(7 + 3, 4) = 210 positions
    assert nim.least_positions(position) == 210
    assert nim.grundy(position, method="search") == 0
    with budget(work=100):  # far below the bound's 840 units
        assert nim.grundy(position, method="search") == 0
