"""Lasker's Nim (``sprague.rulesets.lasker``) against the rules, searched by ``tests/naive.py``."""

from __future__ import annotations

import random

import pytest

import naive
import sprague
from sprague.cli import main
from sprague.rulesets.lasker import lasker_heap_of_value, lasker_value

LASKER = sprague.ruleset("laskers-nim")


def test_the_closed_form_is_the_searched_sequence() -> None:
    searched = naive.laskers_nim_sequence(400)
    assert searched[:25] == naive.heap_sequence(naive.laskers_nim_moves, 25)  # the recursion against full search
    assert [lasker_value(n) for n in range(400)] == searched
    assert LASKER.sequence(400).tolist() == searched
    assert all(searched[lasker_heap_of_value(g)] == g for g in range(399))  # the heap of each value


def _kept(heaps: tuple[int, ...]) -> tuple[int, ...]:
    """A position as ``naive.laskers_nim_moves`` writes it: sorted, empty heaps gone."""
    return tuple(sorted(p for p in heaps if p))


def test_sums_of_heaps_and_their_winning_moves_against_search() -> None:
    for heaps in naive.multisets(3, 0, 7):
        position = _kept(heaps)
        g = naive.grundy(naive.laskers_nim_moves, position)
        assert LASKER.grundy(heaps) == g, heaps
        move = LASKER.winning_move(heaps)
        if g == 0:
            assert move is None, heaps
        else:
            assert move is not None and _kept(move) in naive.p_options(naive.laskers_nim_moves, position), (heaps, move)
        for value in range(6):
            found = {_kept(o) for o in LASKER.options_with_value(heaps, value)}
            want = {o for o in naive.laskers_nim_moves(position) if naive.grundy(naive.laskers_nim_moves, o) == value}
            assert found == want, (heaps, value)


def test_the_constructed_option_of_a_value_is_a_move_of_that_value() -> None:
    """``heap_option_with_value`` against the rules, and complete where a winning move needs it (target < G(n))."""
    g = naive.laskers_nim_sequence(60)
    for n in range(60):
        for value in range(64):
            parts = LASKER.heap_option_with_value(n, value)
            if parts is None:
                assert value >= lasker_value(n) and not (value == n and n % 4 == 3), (n, value)
                continue
            kept = _kept(parts)
            assert kept in naive.laskers_nim_moves((n,)) and naive.xor_all(g[p] for p in kept) == value


def test_huge_heaps_have_exact_values_and_winning_moves_at_once() -> None:
    rng = random.Random(13)
    for _ in range(200):
        heaps = tuple(rng.randrange(10**30) for _ in range(rng.randrange(1, 5)))
        move = LASKER.winning_move(heaps)
        if LASKER.grundy(heaps) == 0:
            assert move is None
            continue
        assert move is not None and LASKER.is_move(heaps, move) and LASKER.grundy(move) == 0
        assert LASKER.evaluate(heaps, method="closed").grundy == LASKER.grundy(heaps)


def test_lasker_is_in_the_catalogue_and_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    assert "laskers-nim" in capsys.readouterr().out
    assert main(["value", "lasker", "3", "4"]) == 0
    assert "G = 7," in capsys.readouterr().out  # G(3) xor G(4) = 4 xor 3
    assert main(["sequence", "laskers-nim", "--to", "20"]) == 0
    assert "period 4, preperiod 1, saltus 4 (certified" in capsys.readouterr().out
