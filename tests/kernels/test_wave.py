"""The wavefront split of a box (sprague.kernels.wave), against brute force.

The split rests on one claim: every move of the Delete family lowers the level
w = 2 * total + zeros. It is checked here on the moves written from the rules
(tests/naive.py), not from the kernels; then the levels are checked to cover the box
once, and a table filled level by level (its share by part, as workers do) to equal
the one filled in rank order.
"""

from __future__ import annotations

import numpy as np
import pytest

import naive
import sprague
from sprague.kernels import box
from sprague.kernels.wave import level_ranks, level_size, level_values, levels
from sprague.solve.tabulate import kernel_shapes

FAMILY = [  # name, naive moves, heaps, largest heap, smallest heap
    ("single-delete", naive.single_delete_moves, 4, 12, 1),
    ("single-delete", naive.single_delete_moves, 5, 8, 1),
    ("vdn", naive.single_delete_moves, 2, 25, 1),
    ("delete-nim", naive.delete_nim_moves, 2, 30, 0),
    ("abo-delete", naive.abo_delete_moves, 3, 12, 1),
    ("nmth-delete", naive.nmth_delete_moves, 4, 9, 1),
    ("half-delete", naive.fraction_delete_moves(2), 4, 8, 1),
    ("fraction-delete", naive.fraction_delete_moves(3), 3, 14, 1),
]


def level(position: tuple[int, ...]) -> int:
    return 2 * sum(position) + position.count(0)


@pytest.mark.parametrize("name,moves,n,hi,lo", FAMILY)
def test_every_move_lowers_the_level(name, moves, n, hi, lo):
    checked = 0
    for position in naive.multisets(n, 0, min(hi, 10)):  # heaps of 0 too: the claim does not need lo >= 1
        for option in moves(position):
            assert level(option) < level(position), (name, position, option)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name,moves,n,hi,lo", FAMILY)
def test_the_levels_cover_the_box_once_in_order(name, moves, n, hi, lo):
    r = sprague.ruleset(name, **({"k": 3} if name == "fraction-delete" else {}))
    assert r.min_heap == lo
    binom = box.binomials(n, lo, hi)
    ranks = np.concatenate([level_ranks(n, lo, hi, t, z, binom) for lev in levels(n, lo, hi) for t, z in lev])
    everything = naive.multisets(n, lo, hi)
    assert sorted(ranks.tolist()) == list(range(len(everything)))
    positions = box.positions(n, lo, hi, binom, 0, len(everything))
    seen = [level(tuple(positions[r].tolist())) for r in ranks.tolist()]
    assert seen == sorted(seen)  # listed level by level
    for lev in levels(n, lo, hi):
        for t, z in lev:
            found = [tuple(positions[r].tolist()) for r in level_ranks(n, lo, hi, t, z, binom).tolist()]
            assert all(sum(p) == t and p.count(0) == z for p in found)
            assert len(found) == level_size(n, lo, hi, t, z, binom) == len(set(found)) > 0


@pytest.mark.parametrize("name,moves,n,hi,lo", FAMILY)
@pytest.mark.parametrize("grundy", [True, False])
@pytest.mark.parametrize("parts", [1, 3])
def test_a_table_filled_level_by_level_equals_rank_order(name, moves, n, hi, lo, grundy, parts):
    r = sprague.ruleset(name, **({"k": 3} if name == "fraction-delete" else {}))
    shapes = kernel_shapes(r, n)
    binom = box.binomials(n, lo, hi)
    size = int(binom[hi - lo + n, n])
    table = np.full(size, -1, dtype=np.int32)
    for lev in levels(n, lo, hi):
        found = [
            level_values(n, lo, hi, t, z, shapes, binom, table, grundy, part, parts)
            for t, z in lev
            for part in range(parts)
        ]
        for ranks, values in found:  # written once the level is done, as the workers' results are
            assert (table[ranks] == -1).all()
            table[ranks] = values
    assert np.array_equal(table, box.fill_table(n, lo, hi, shapes, binom, size, grundy))
    if n <= 3:
        boxed = [tuple(p) for p in box.positions(n, lo, hi, binom, 0, size).tolist()]
        want = [naive.grundy(moves, p) if grundy else int(naive.grundy(moves, p) != 0) for p in boxed]
        assert table.tolist() == want


def test_a_level_refuses_a_table_of_the_wrong_size_or_a_bad_part():
    from sprague.errors import InvalidParameter

    shapes = np.array([[1, 2]], dtype=np.int64)
    binom = box.binomials(3, 1, 5)
    with pytest.raises(InvalidParameter, match="int32 with an entry for each of the 35 positions"):
        level_values(3, 1, 5, 6, 0, shapes, binom, np.zeros(10, dtype=np.int32), True)
    with pytest.raises(InvalidParameter, match="part=3 must be in 0..parts-1"):
        level_values(3, 1, 5, 6, 0, shapes, binom, np.zeros(35, dtype=np.int32), True, part=3, parts=3)


@pytest.mark.parametrize(
    "shape,n,message",
    [
        ((0, 2), 3, r"the shape \(0, 2\) is not a move"),
        ((2, 1), 3, r"the shape \(2, 1\) is not a move"),
        ((0, 0), 3, r"Delete Nim's move, on 2 heaps; got 3 heaps"),
    ],
)
def test_the_kernels_refuse_a_shape_the_level_proof_does_not_cover(shape, n, message):
    from sprague.errors import InvalidParameter

    binom = box.binomials(n, 1, 5)
    size = int(binom[5 - 1 + n, n])
    with pytest.raises(InvalidParameter, match=message):
        level_values(n, 1, 5, 6, 0, np.array([shape], dtype=np.int64), binom, np.zeros(size, dtype=np.int32), True)
    with pytest.raises(InvalidParameter, match=message):
        box.fill_table(n, 1, 5, np.array([shape], dtype=np.int64), binom, size, True)
