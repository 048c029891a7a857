"""The retrograde sieve (:mod:`sprague.kernels.retro`) against search and its plain-Python twin.

Three checks: the sieve's table equals :func:`sprague.kernels.box.fill_table` on
every ruleset of the Delete Nim family; the predecessors it marks from each
position are exactly the positions whose moves (``Ruleset.moves``) reach it; and
it equals ``naive.retro_outcomes``, a sieve over the inverted moves of
``tests/naive.py``.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import naive
import sprague
from sprague.kernels import box
from sprague.kernels.retro import _buffers, _mark_predecessors, retro_outcomes
from sprague.solve.box import Box, sieve_pays
from sprague.solve.tabulate import box_table, kernel_shapes


def job(name: str, params: dict[str, int], n: int, hi: int) -> SimpleNamespace:
    """The box of ``n`` heaps <= ``hi`` of a ruleset, with the arrays the kernels take."""
    r = sprague.ruleset(name, **params)
    b = Box(n, r.min_heap, hi)
    return SimpleNamespace(rules=r, n=n, lo=b.lo, hi=hi, size=b.size, binom=b.binom, shapes=kernel_shapes(r, n))


FAMILY = [  # (ruleset, params, heaps, max heap)
    ("delete-nim", {}, 2, 60),
    ("vdn", {}, 2, 60),
    ("single-delete", {}, 2, 40),
    ("single-delete", {}, 3, 30),
    ("single-delete", {}, 4, 20),
    ("single-delete", {}, 5, 12),
    ("single-delete", {}, 6, 9),
    ("nmth-delete", {}, 3, 20),
    ("nmth-delete", {}, 4, 14),
    ("nmth-delete", {}, 5, 10),
    ("nmth-delete", {}, 6, 8),
    ("abo-delete", {}, 3, 24),
    ("abo-delete", {}, 4, 14),
    ("abo-delete", {}, 5, 10),
    ("half-delete", {}, 2, 30),
    ("half-delete", {}, 4, 12),
    ("half-delete", {}, 6, 8),
    ("fraction-delete", {"k": 3}, 3, 24),
    ("fraction-delete", {"k": 3}, 6, 8),
    ("fraction-delete", {"k": 4}, 4, 14),
]


@pytest.mark.parametrize("name,params,n,hi", FAMILY)
def test_sieve_equals_search(name, params, n, hi):
    j = job(name, params, n, hi)
    search = box.fill_table(j.n, j.lo, j.hi, j.shapes, j.binom, j.size, False)
    sieve = retro_outcomes(j.n, j.lo, j.hi, j.shapes, j.binom, j.size)
    assert sieve.dtype == np.uint8 and sieve.shape == (j.size,)  # a byte a position
    assert np.array_equal(sieve, search)
    assert 0 < int((sieve == 0).sum()) < j.size
    for upto in (1, j.size // 3, j.size - 1):  # a prefix of the box, as verify's local check asks for
        assert np.array_equal(retro_outcomes(j.n, j.lo, j.hi, j.shapes, j.binom, upto), search[:upto])


SMALL = [
    ("delete-nim", {}, 2, 12),
    ("vdn", {}, 2, 12),
    ("single-delete", {}, 3, 8),
    ("single-delete", {}, 4, 6),
    ("single-delete", {}, 5, 5),
    ("nmth-delete", {}, 4, 6),
    ("nmth-delete", {}, 5, 5),
    ("nmth-delete", {}, 6, 4),
    ("abo-delete", {}, 3, 9),
    ("abo-delete", {}, 4, 7),
    ("half-delete", {}, 4, 6),
    ("fraction-delete", {"k": 3}, 3, 9),
    ("fraction-delete", {"k": 3}, 6, 5),
]


@pytest.mark.parametrize("name,params,n,hi", SMALL)
def test_predecessors_are_the_inverted_moves(name, params, n, hi):
    """From each position the kernel marks exactly the positions having it as an option (none missed, none extra)."""
    j = job(name, params, n, hi)
    positions = [tuple(int(v) for v in row) for row in box.positions(j.n, j.lo, j.hi, j.binom, 0, j.size)]
    index = {pos: r for r, pos in enumerate(positions)}
    expected: list[set[int]] = [set() for _ in positions]
    for r, pos in enumerate(positions):
        for option in j.rules.moves(pos):
            expected[index[tuple(sorted(option))]].add(r)
    buffers = _buffers(j.n, j.shapes, j.binom)
    for r, pos in enumerate(positions):
        mark = np.zeros(j.size, dtype=np.uint8)
        _mark_predecessors(np.array(pos, dtype=np.int64), j.lo, j.hi, j.shapes, j.binom, mark, j.size, buffers)
        assert set(np.flatnonzero(mark).tolist()) == expected[r], pos


@pytest.mark.parametrize(
    "name,params,moves,n,hi",
    [
        ("delete-nim", {}, naive.delete_nim_moves, 2, 14),
        ("vdn", {}, naive.single_delete_moves, 2, 14),
        ("single-delete", {}, naive.single_delete_moves, 3, 9),
        ("single-delete", {}, naive.single_delete_moves, 4, 7),
        ("single-delete", {}, naive.single_delete_moves, 6, 4),
        ("nmth-delete", {}, naive.nmth_delete_moves, 4, 7),
        ("nmth-delete", {}, naive.nmth_delete_moves, 5, 5),
        ("abo-delete", {}, naive.abo_delete_moves, 3, 10),
        ("abo-delete", {}, naive.abo_delete_moves, 4, 7),
        ("half-delete", {}, naive.fraction_delete_moves(2), 4, 7),
        ("fraction-delete", {"k": 3}, naive.fraction_delete_moves(3), 3, 10),
        ("fraction-delete", {"k": 3}, naive.fraction_delete_moves(3), 6, 5),
    ],
)
def test_sieve_equals_python_twin(name, params, moves, n, hi):
    j = job(name, params, n, hi)
    positions = [tuple(int(v) for v in row) for row in box.positions(j.n, j.lo, j.hi, j.binom, 0, j.size)]
    assert retro_outcomes(j.n, j.lo, j.hi, j.shapes, j.binom, j.size).tolist() == naive.retro_outcomes(moves, positions)


def test_verify_uses_the_sieve_where_it_pays():
    assert sieve_pays(job("single-delete", {}, 4, 8).shapes)
    assert sieve_pays(job("delete-nim", {}, 2, 8).shapes)
    assert sieve_pays(job("abo-delete", {}, 5, 8).shapes)  # deletes 4 heaps
    assert not sieve_pays(job("abo-delete", {}, 6, 8).shapes)  # deletes 5
    for name, n, hi in (("single-delete", 4, 12), ("abo-delete", 6, 6)):
        j = job(name, {}, n, hi)
        pos, values = box_table(sprague.ruleset(name), heaps=n, max_heap=hi, values="outcome")
        assert len(pos) == len(values) == j.size
        assert np.array_equal(values, box.fill_table(j.n, j.lo, j.hi, j.shapes, j.binom, j.size, False))
