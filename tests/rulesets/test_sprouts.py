"""Sprouts (sprague.rulesets.sprouts): moves, notation, canonical forms, and values against print.

Published values used here (test data, never our own output):

- Applegate, Jacobson and Sleator, "Computer Analysis of Sprouts", Tech. Report CMU-CS-91-144, Carnegie Mellon
  University, 1991: the first player wins n-spot Sprouts for n = 3, 4, 5 and loses for n = 1, 2, 6 (and their
  computation to n = 11 fits "N iff n mod 6 in {3, 4, 5}"). Repeated by Lemoine and Viennot, "Computer analysis
  of Sprouts with nimbers", Games of No Chance 4 (MSRI Publ. 63), 2015 (arXiv:1008.2320), introduction.
- The normal-play nimbers of n spots, n = 0..6: *0, *0, *0, *1, *1, *1, *0 (Josh Jordan, "Genus theory
  classification of the Lemoine-Viennot list of reduced games with up to 6 initial spots", sprouts-theory
  mailing list, 1 June 2010: "0 spots is *0, 1 spot is *0, 2 spots ... 0^0, 3 spots is *1, 4 spots ... 1^0,
  5 spots ... 1^1, 6 spots ... 0^1"; the base of the genus is the normal-play value).
- Misère Sprouts: OEIS A164950 (1 if the first player wins misère Sprouts with n spots), 1, 0, 0, 0, 1, 1, ...
  for n = 1, 2, 3, ... (from Lemoine and Viennot, arXiv:0908.4407, 2009, Figure 1).
- The 3n - 1 and 2n bounds on the length of a game: Lemoine and Viennot 2015, abstract ("ends in at most 3p - 1
  moves"); Winning Ways ch. 17.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import sprague
from sprague.errors import BudgetExceeded, InvalidPosition
from sprague.rulesets.sprouts import lands, start

#: Applegate, Jacobson and Sleator 1991 (CMU-CS-91-144): outcome of n-spot Sprouts under normal play
AJS_OUTCOMES = {1: "P", 2: "P", 3: "N", 4: "N", 5: "N", 6: "P"}
#: Jordan 2010 (sprouts-theory, from the Lemoine-Viennot list LV6): normal-play nimber of n spots
LV_NIMBERS = {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 0}
#: OEIS A164950, offset 1: 1 where the first player wins misère Sprouts with n spots
A164950 = [1, 0, 0, 0, 1, 1]


@pytest.fixture
def sprouts() -> sprague.Ruleset:
    return sprague.ruleset("sprouts")


@pytest.mark.parametrize("n", [0, 1, 2, 3, pytest.param(4, marks=pytest.mark.slow)])
def test_nimbers_of_n_spots_match_print(sprouts: sprague.Ruleset, n: int) -> None:
    p = sprouts.parse_position([str(n)])
    assert sprouts.grundy(p) == LV_NIMBERS[n]
    if n:
        assert sprouts.outcome(p) == AJS_OUTCOMES[n]


@pytest.mark.slow
@pytest.mark.timeout(1800)  # past the default 300 s: minutes of pure Python by design
@pytest.mark.parametrize("n", [5])
def test_nimbers_of_more_spots_match_print(sprouts: sprague.Ruleset, n: int) -> None:
    """5 spots: 140,422 lands valued, about 7 minutes of pure Python (436 s at low priority on shared cores)."""
    p = start(n)
    with sprague.budget(work=10**11):
        assert sprouts.grundy(p) == LV_NIMBERS[n]
    assert (sprouts.grundy(p) == 0) == (AJS_OUTCOMES[n] == "P")


@pytest.mark.parametrize("n", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow)])
def test_search_without_lands_agrees(sprouts: sprague.Ruleset, n: int) -> None:
    """Plain search of the whole position (no decomposition into lands) gives the printed value too."""
    with sprague.budget(work=10**11):
        assert sprouts.grundy(start(n), method="search", max_positions=10**7) == LV_NIMBERS[n]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_misere_outcomes_match_oeis(sprouts: sprague.Ruleset, n: int) -> None:
    expected = "N" if A164950[n - 1] else "P"
    assert sprouts.outcome(start(n), misere=True) == expected


@pytest.mark.slow
def test_misere_four_spots(sprouts: sprague.Ruleset) -> None:
    with sprague.budget(work=10**11):
        assert sprouts.outcome(start(4), misere=True) == ("N" if A164950[3] else "P")


def test_lands_nim_sum_against_search_on_random_positions(sprouts: sprague.Ruleset) -> None:
    """The nim-sum of the lands' values is the value plain search finds for the whole position."""
    rng = random.Random(7)
    for _ in range(25):
        p = start(rng.randint(2, 3))
        for _ in range(rng.randint(1, 4)):
            found = list(sprouts.moves(p))
            if not found:
                break
            p = rng.choice(found)
        fresh = sprague.ruleset("sprouts")
        assert sprouts.grundy(p) == fresh.grundy(p, method="search"), p


def test_two_lands_are_a_sum(sprouts: sprague.Ruleset) -> None:
    """Two copies of one land have value 0 (x xor x); the land alone is the printed value of 3 spots' option."""
    one = sprouts.check_position("AB.0.}AB.0.}]!")
    assert len(lands(one)) == 1
    two = sprouts.check_position(one.rstrip("!") + one)
    assert len(lands(two)) == 2
    assert sprouts.grundy(two) == 0
    assert sprouts.grundy(two, method="search") == 0


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_options_of_n_spots_by_hand(sprouts: sprague.Ruleset, n: int, count: int) -> None:
    """Counted by hand: from n spots a move is a loop on one spot with k of the other n - 1 spots inside and
    n - 1 - k outside (k and n - 1 - k give the same position on the sphere), or a line joining two spots;
    one spot has only its loop. 2 spots: loop with the other inside/outside (one), join: 2. 3: loop with 0|2
    or 1|1, join: 3. 4: 0|3, 1|2, join: 3. 5: 0|4, 1|3, 2|2, join: 4. 6: 0|5, 1|4, 2|3, join: 4."""
    assert len(list(sprouts.moves(start(n)))) == count


def test_moves_of_small_positions_by_hand(sprouts: sprague.Ruleset) -> None:
    """One spot: a loop, leaving the spot and the new one, each with one life, on both sides of the loop (one
    land AB/AB). Two spots joined (1A1A: two ends and the new spot between them): joining the two ends round
    either side, a loop from one end (2 lives), or an end to the new spot; worked out by hand."""
    assert list(sprouts.moves(start(1))) == ["AB.}AB.}]!"]
    joined = sprouts.check_position("1A1A.}]!")
    options = list(sprouts.moves(joined))
    # the loop at an end (2 lives) is possible and kills that end; every option has one life fewer
    assert all(sprouts.size(o) == sprouts.size(joined) - 1 for o in options)
    assert options and sprouts.grundy(joined) == sprouts.grundy(joined, method="search")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_game_length_between_2n_and_3n_minus_1(sprouts: sprague.Ruleset, n: int) -> None:
    """Random playouts of n spots last at least 2n and at most 3n - 1 moves."""
    rng = random.Random(n)
    for _ in range(6 if n > 4 else 12):
        p, length = start(n), 0
        while True:
            found = list(sprouts.moves(p))
            if not found:
                break
            p, length = rng.choice(found), length + 1
        assert 2 * n <= length <= 3 * n - 1, (n, length)


def test_canonical_form_forgets_letters_rotation_and_mirror(sprouts: sprague.Ruleset) -> None:
    base = sprouts.check_position("1AB2C.}AB1.C.}]!")
    assert sprouts.check_position("Z.1XY.}2Z1XY.}]!") == base  # letters renamed, boundaries turned and reordered
    assert sprouts.check_position("C2BA1.}1BA.C.}]!") == base  # the mirror image
    assert sprouts.check_position("0.0.}]") == sprouts.parse_position(["2", "spots"]) == "0.0.}]!"


def test_dead_parts_are_dropped(sprouts: sprague.Ruleset) -> None:
    assert sprouts.check_position("2.}]!") == "!"  # one spot with one life: no move
    assert sprouts.check_position("2.}0.}]!") == "0.}]!"  # a region with one life left is dead
    assert sprouts.check_position("2.2.}]!") == "2.2.}]!"  # two spots with a life each can still be joined
    assert sprouts.grundy("!") == 0 and list(sprouts.moves("!")) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0A.}]!", "alone in its own"),
        ("A.}]!", "exactly twice"),
        ("0.x!.}", "'!' before its end"),
        ("0.3.}]!", "no spot"),
        ("A.A.}]!", "two boundaries"),
    ],
)
def test_bad_positions_are_refused(sprouts: sprague.Ruleset, text: str, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        sprouts.parse_position([text])


def test_too_many_spots_refused(sprouts: sprague.Ruleset) -> None:
    with pytest.raises(InvalidPosition, match="from 0 to"):
        sprouts.parse_position(["99"])


def test_budget_stops_a_big_game(sprouts: sprague.Ruleset) -> None:
    with sprague.budget(work=20_000), pytest.raises(BudgetExceeded):
        sprouts.grundy(start(9))


def test_positions_for_verify_are_closed_under_moves_and_found_by_a_claim(tmp_path: Path) -> None:
    """``positions(3)`` lists every position a game from 0 to 3 spots reaches, once each, closed under moves; a false
    claim on them (first player wins iff an odd number of lives is left) is refuted by ``sprague verify``."""
    from sprague.cli import main

    sprouts = sprague.ruleset("sprouts")
    listed = list(sprouts.positions(3))
    assert len(listed) == len(set(listed)) and start(3) in listed
    assert all(o in set(listed) for p in listed for o in sprouts.moves(p))
    claim = tmp_path / "claim.py"
    claim.write_text(
        "import sprague\n\ndef lives(p):\n    return 'N' if sprague.ruleset('sprouts').size(p) % 2 else 'P'\n"
    )
    assert main(["verify", "--claim", f"{claim}:lives", "sprouts", "--max-heap", "3"]) == 1
