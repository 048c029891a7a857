"""Misère sums of heaps of any size, read off a quotient proved for all heaps (sprague.analysis.quotient_proof).

A proved quotient makes a heap past its window equivalent to the heap of the same residue in the window: the
outcomes and winning moves of sums of huge heaps are checked against brute-force misère search on the
equivalent small sums, and the representative options of a huge heap against every option of mid-sized ones.
"""

from __future__ import annotations

import itertools

import pytest

import naive
import sprague
from sprague.analysis.quotient_proof import prove_quotient


def _sorted(moves):
    return lambda heaps: [tuple(sorted(h for h in o if h)) for o in moves(heaps)]


def _options(r):
    def moves(heaps):
        return [heaps[:i] + tuple(parts) + heaps[i + 1 :] for i, h in enumerate(heaps) for parts in r.heap_options(h)]

    return _sorted(moves)


@pytest.mark.parametrize("code, bound", [("0.75", 30), ("0.31", 30), ("0.71", 40)])
def test_the_representatives_of_a_heap_have_every_image_of_its_options(code: str, bound: int) -> None:
    pr = prove_quotient(code, bound)
    r = sprague.ruleset("takebreak", code=code)
    assert pr.proved
    table = pr.quotient.table
    for n in range(0, 4 * bound):
        every = {_image(pr, table, parts) for parts in r.heap_options(n)}
        chosen = list(pr.heap_options_by_image(n))
        assert all(r.is_heap_option(n, parts) for parts in chosen), n  # each a legal move
        assert {_image(pr, table, parts) for parts in chosen} == every, n


def _image(pr, table, parts) -> int:
    x = 0
    for h in parts:
        x = table[x][pr.element_of_heap(h)]
    return x


@pytest.mark.parametrize("code, bound", [("0.75", 30), ("0.31", 30)])
def test_sums_of_huge_heaps_are_the_sums_of_their_equivalent_small_heaps(code: str, bound: int) -> None:
    pr = prove_quotient(code, bound)
    r = sprague.ruleset("takebreak", code=code)
    n0, p = pr.preperiod, pr.period
    moves = _options(r)

    def small(h: int) -> int:  # the heap of the window with the same element (the theorem's periodicity)
        return h if h < n0 + p else n0 + (h - n0) % p

    huge = [10**30 + k for k in range(2 * p)]
    for heaps in itertools.combinations_with_replacement([1, 2, 3, 5, *huge], 3):
        equivalent = tuple(sorted(small(h) for h in heaps))
        assert pr.outcome(heaps) == naive.misere_outcome(moves, equivalent), heaps
        assert r.outcome(heaps, misere=True) == pr.outcome(heaps), heaps  # the ruleset answers through the proof
        for option in pr.winning_moves(heaps):
            assert (
                r.is_move(tuple(heaps), option)
                and naive.misere_outcome(moves, tuple(sorted(small(h) for h in option if h))) == "P"
            ), (heaps, option)
        assert bool(pr.winning_moves(heaps)) == (pr.outcome(heaps) == "N"), heaps


@pytest.mark.slow  # seconds of work; runs in CI's second pass
def test_misere_kayles_with_a_heap_of_ten_to_the_thirty_from_the_command_line(capsys) -> None:
    """Kayles's quotient is proved (order 40, period 12 from heap 71): the outcome and a winning move of a sum with
    heaps of 10^30 come from it, where search is refused."""
    from sprague.cli import main

    assert main(["moves", "kayles", "10**30", "10**30+5", "7", "--misere"]) == 0
    out = capsys.readouterr().out
    assert "N-position" in out or " N," in out
    big = 10**30
    assert f"heap 2: take 1 from {big + 5}, split {big + 4} into {big + 3} + 1" in out
    r = sprague.ruleset("kayles")
    pr = r._proved_quotient()
    assert pr.proved and pr.order == 40 and (pr.period, pr.preperiod) == (12, 71)
    assert r.outcome((10**30, 10**30 + 5, 7), misere=True) == "N"
    assert r.outcome((10**30, 10**30 + 5, 10**30 + 5, 10**30), misere=True) == (
        "P" if pr.element((10**30,) * 2 + (10**30 + 5,) * 2) in pr.quotient.p_portion else "N"
    )
