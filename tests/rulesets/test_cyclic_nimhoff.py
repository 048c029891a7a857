"""Nimhoff, the cyclic Nimhoff, GCN and h-stairs (003) against brute force from ``tests/naive.py``."""

from __future__ import annotations

import itertools

import pytest

import naive
import sprague
from sprague.analysis.stairs import h_stair, stair_base, stair_heights
from sprague.core.sets import SubtractionSet


@pytest.mark.parametrize("h,n,hi", [(1, 2, 8), (2, 2, 9), (3, 2, 9), (4, 3, 5), (3, 3, 6)])
def test_cyclic_nimhoff_closed_form_against_search(h, n, hi):
    g = sprague.ruleset("cyclic-nimhoff", h=h)
    members = [lambda s: True] * n
    moves = naive.gcn_moves(h, members)
    for pos in itertools.product(range(hi + 1), repeat=n):
        assert g.grundy(pos) == naive.grundy(moves, pos), pos


def test_cyclic_nimhoff_huge_heaps_no_option_shares_the_value():
    """On 300-digit heaps: options drawn at random (single-heap and cyclic) never have the position's value."""
    import random

    rng = random.Random(1)
    for h in (2, 5, 7):
        g = sprague.ruleset("cyclic-nimhoff", h=h)
        for _ in range(30):
            pos = tuple(rng.randrange(10**300) for _ in range(3))
            value = g.grundy(pos)
            for _ in range(20):
                i = rng.randrange(3)
                single = pos[:i] + (rng.randrange(pos[i]),) + pos[i + 1 :]
                vec = [rng.randrange(h) for _ in range(3)]
                while sum(vec) >= h or not any(vec):
                    vec = [rng.randrange(h) for _ in range(3)]
                for option in (single, tuple(x - v for x, v in zip(pos, vec))):
                    assert g.is_move(pos, option) and g.grundy(option) != value


def test_cyclic_vector_count_is_exact():
    from sprague.rulesets.cyclic_nimhoff import cyclic_vector_count, cyclic_vectors

    for h in range(1, 9):
        for pos in itertools.product(range(4), repeat=3):
            assert cyclic_vector_count(pos, h) == sum(1 for _ in cyclic_vectors(pos, h)), (pos, h)
    assert sprague.ruleset("cyclic-nimhoff", h=60).option_count((2, 2, 2)) == len(
        sprague.ruleset("cyclic-nimhoff", h=60).options((2, 2, 2))
    )


def test_gcn_falls_back_to_search_when_a_certificate_is_out_of_reach():
    g = sprague.ruleset("gcn", h=10**100, sets="all;1-7")
    assert g.grundy((5, 6)) == naive.grundy(naive.gcn_moves(10**100, [lambda s: True, lambda s: s <= 7]), (5, 6))
    g = sprague.ruleset("gcn", h=2, sets="all-but:5,11,13,16,20;all")
    assert g.evaluate((3, 4)).method == "search" and g.grundy((3, 4)) == 7


def test_thm_2_2_sets_are_normalised():
    s = SubtractionSet.parse("all-but:2,3").stair(2)
    assert str(s) == "all-but:4,6" and sprague.ruleset("subtraction", S=s).name == "all-but"
    with pytest.raises(sprague.InvalidParameter, match="not a vector of integers"):
        sprague.ruleset("nimhoff", R=[(1.5, 1)])


def test_gcn_worked_example_of_003_by_search():
    """003 after Example 2.5: GCN(4; N+, {1..7}, N+ minus {4, 8}) has the explicit formula printed there."""
    g = sprague.ruleset("gcn", h=4, sets="all;1-7;all-but:4,8")
    moves = naive.gcn_moves(4, [lambda s: True, lambda s: s <= 7, lambda s: s not in (4, 8)])
    for pos in itertools.product(range(13), range(13), range(13)):
        x1, x2, x3 = pos
        printed = ((x1 // 4) ^ ((x2 % 8) // 4) ^ (x3 // 12)) * 4 + (x1 + x2 + x3) % 4
        truth = naive.grundy(moves, pos)
        assert printed == truth == g.grundy(pos), pos
    assert "003 Thm 2.1" in g.evaluate((5, 6, 9)).method


@pytest.mark.parametrize("h,spec", [(2, "1;all"), (3, "1,2;all-but:3;1,2,4,5"), (2, "all-but:2,5;1,3")])
def test_gcn_closed_form_or_search_agrees_with_naive(h, spec):
    g = sprague.ruleset("gcn", h=h, sets=spec)
    sets = [SubtractionSet.parse(s) for s in spec.split(";")]
    moves = naive.gcn_moves(h, [s.__contains__ for s in sets])
    for pos in itertools.product(range(9), repeat=len(sets)):
        assert g.grundy(pos) == naive.grundy(moves, pos), pos


def test_gcn_uses_the_closed_form_only_with_a_certificate():
    g = sprague.ruleset("gcn", h=2, sets="2;all")  # G_{2}: 0,0,1,1,0,0 ... is not a 2-stair
    assert g.stair_certificate(0) is None and g.closed_grundy((3, 4)) is None
    assert g.evaluate((3, 4)).method == "search"


@pytest.mark.parametrize("h,k", [(1, 1), (2, 1), (2, 3), (3, 2), (4, 2)])
def test_example_2_4_all_but_multiples_of_h_by_search(h, k):
    seq = naive.subtraction_sequence(lambda s: s not in {h * j for j in range(1, k + 1)}, 60 * h)
    base = [x // (k + 1) for x in range(60)]
    assert seq == h_stair(base, h)


def test_example_2_5_all_but_two_is_an_s1_stair_by_search():
    for s1 in range(1, 6):
        for s2 in range(s1 + 1, 12):
            seq = naive.subtraction_sequence(lambda s, s1=s1, s2=s2: s not in (s1, s2), 30 * s1)
            base = stair_base(seq, s1)
            assert base is not None, (s1, s2)


@pytest.mark.parametrize("l,h,extra", [(4, 2, ()), (6, 3, (7, 9)), (6, 2, (8, 13)), (8, 4, (9, 10, 11))])
def test_example_2_3_corrected_by_search(l, h, extra):
    """{1..l-1} <= S <= N+ minus {k l : k in N+} (the paper writes 'l in N+' for 'k'), h | l: G_S(x) = x mod l."""
    S = set(range(1, l)) | set(extra)
    assert not any(s % l == 0 for s in S)
    seq = naive.subtraction_sequence(S.__contains__, 5 * l)
    assert seq == [x % l for x in range(5 * l)]
    assert h in stair_heights(seq)


@pytest.mark.parametrize("spec", ["1,2", "1,3,4", "2,5,6", "all-but:1", "all-but:2,3", "all"])
@pytest.mark.parametrize("h", [2, 3])
def test_theorem_2_2_construction_by_search(spec, h):
    S = SubtractionSet.parse(spec)
    S2 = S.stair(h)
    base = naive.subtraction_sequence(S.__contains__, 40)
    built = naive.subtraction_sequence(S2.__contains__, 40 * h)
    assert built == h_stair(base, h)
    assert stair_base(built, h) == base


def test_stair_heights_closed_under_divisors():
    b = h_stair([0, 2, 1, 3, 0, 5], 6)
    assert stair_heights(b) == [1, 2, 3, 6]
    assert stair_base([0, 1, 3, 4], 2) is None


@pytest.mark.parametrize(
    "name,params,match",
    [
        ("gcn", {"h": 0, "sets": "all"}, "h=0 must be at least 1"),
        ("gcn", {"h": 2, "sets": "all;;1"}, "one set per heap"),
        ("gcn", {"h": 2, "sets": "all;0,2"}, "0 is not a positive integer"),
        ("nimhoff", {"R": "0,0;1,1"}, "zero vector"),
        ("nimhoff", {"R": "1,-1"}, "negative"),
        ("nimhoff", {"R": "1,1;1"}, "different lengths"),
        ("cyclic-nimhoff", {"h": -1}, "at least 1"),
    ],
)
def test_bad_parameters_are_named(name, params, match):
    with pytest.raises(sprague.InvalidParameter, match=match):
        sprague.ruleset(name, **params)


def test_wrong_number_of_heaps():
    with pytest.raises(sprague.InvalidPosition, match="one set per heap"):
        sprague.ruleset("gcn", h=2, sets="all;1").grundy((1, 2, 3))


def test_nimhoff_against_search():
    g = sprague.ruleset("nimhoff", R="1,1;2,1")
    moves = naive.nimhoff_moves([(1, 1), (2, 1)])
    for pos in itertools.product(range(8), repeat=2):
        assert g.grundy(pos) == naive.grundy(moves, pos)


def test_example_2_2_nim_is_every_h_stair():
    seq = naive.subtraction_sequence(lambda s: True, 60)
    assert seq == list(range(60))
    assert stair_heights(seq) == list(range(1, 31))


def test_subtraction_with_infinite_sets_is_nim_or_all_but():
    assert sprague.ruleset("subtraction", S="all").name == "nim"
    g = sprague.ruleset("subtraction", S="all-but:4,8")
    assert g.name == "all-but" and g.params["S"] == (4, 8)
    with pytest.raises(sprague.InvalidParameter, match="0 is not a positive integer"):
        sprague.ruleset("subtraction", S="all-but:0")


@pytest.mark.parametrize("h", [1, 2, 3, 5])
def test_cyclic_nimhoff_winning_moves_small_and_huge(h):
    import random

    g = sprague.ruleset("cyclic-nimhoff", h=h)
    moves = naive.gcn_moves(h, [lambda s: True] * 3)
    for pos in itertools.product(range(7), repeat=3):
        move = g.winning_move(pos)
        if naive.grundy(moves, pos) == 0:
            assert move is None
        else:
            assert move in moves(pos) and naive.grundy(moves, move) == 0, (pos, move)
    rng = random.Random(h)
    for _ in range(50):
        pos = tuple(rng.randrange(10**300) for _ in range(3))
        move = g.winning_move(pos)
        if g.grundy(pos):
            assert g.apply(pos, move) == move and g.grundy(move) == 0
