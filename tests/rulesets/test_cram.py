"""Cram: the compiled bitboard path against the pure-Python reference and brute force, the published values of
m x n boards, and the symmetry theorems."""

from __future__ import annotations

import functools
import random

import pytest

import sprague
from sprague.core.solver import Solver
from sprague.errors import BudgetExceeded, InvalidParameter
from sprague.kernels import cram as kernel
from sprague.rulesets.cram import half_turn, region_mask, regions
from sprague.rulesets.shapes import board_symmetries


@pytest.fixture(scope="module")
def cram() -> sprague.Ruleset:
    return sprague.ruleset("cram")


def board(m: int, n: int) -> tuple[str, ...]:
    return ("." * n,) * m


def random_board(rng: random.Random, rows: int, cols: int, holes: float) -> tuple[str, ...]:
    return tuple("".join("#" if rng.random() < holes else "." for _ in range(cols)) for _ in range(rows))


def fast(cram: sprague.Ruleset, position: tuple[str, ...]) -> int:
    value = cram.computed_grundy(position)
    assert value is not None
    return value


# ------------------------------------------------------------------ the fast path against the references
def test_fast_path_equals_brute_force_search_on_random_small_boards(cram: sprague.Ruleset) -> None:
    """Boards of up to 12 empty cells, holes anywhere: the kernel, the pure-Python path and plain search agree."""
    rng = random.Random(20261129)
    for _ in range(150):
        position = random_board(rng, rng.randint(1, 4), rng.randint(1, 5), rng.choice((0.0, 0.2, 0.4)))
        if sum(row.count(".") for row in position) > 12:
            continue
        searched = cram.grundy(position, method="search")
        assert fast(cram, position) == searched, position
        assert cram.reference_grundy(position) == searched, position


def test_fast_path_equals_the_pure_python_path_on_random_larger_boards(cram: sprague.Ruleset) -> None:
    """Boards up to 4 x 5 and 3 x 6 with holes: the compiled and the pure-Python regions agree (fresh memos)."""
    rng = random.Random(7)
    cram.solver = Solver()
    for _ in range(40):
        rows, cols = rng.choice(((4, 5), (3, 6), (5, 4), (2, 9), (3, 5)))
        position = random_board(rng, rows, cols, rng.choice((0.1, 0.25)))
        assert fast(cram, position) == cram.reference_grundy(position), position


def test_fast_path_equals_the_pure_python_path_on_empty_boards(cram: sprague.Ruleset) -> None:
    for m in range(1, 5):
        for n in range(1, 6 if m < 4 else 5):
            assert fast(cram, board(m, n)) == cram.reference_grundy(board(m, n)), (m, n)


def test_a_region_wider_than_a_bitboard_falls_back_to_the_reference_search(cram: sprague.Ruleset) -> None:
    """A 1 x 60 strip (60 > 57 cells) is valued by the Python search, whose smaller pieces use the kernel."""
    kayles = sprague.ruleset("dawsons-kayles")
    assert fast(cram, board(1, 60)) == kayles.grundy((60,))


def test_region_keys_are_the_same_under_the_8_symmetries_and_translation() -> None:
    rng = random.Random(3)
    for _ in range(40):
        position = random_board(rng, rng.randint(2, 5), rng.randint(2, 6), 0.3)
        keys = set()
        for image in board_symmetries(position):
            padded = ("#" * (len(image[0]) + 2),) + tuple("#" + row + "#" for row in image)
            for shifted in (image, padded):
                keys.add(tuple(sorted(kernel.region_key(*region_mask(r)) for r in regions(shifted) if len(r) < 57)))
        assert len(keys) == 1, position


def test_the_memo_is_kept_in_the_solver_and_shared_across_boards(cram: sprague.Ruleset) -> None:
    cram.solver = Solver()
    fast(cram, board(3, 5))
    held = kernel.table_count(cram.solver.cache["cram"])
    assert held > 0
    fast(cram, ("...#.....", ".........", "....#...."))  # new regions, but also many already known
    assert kernel.table_count(cram.solver.cache["cram"]) >= held
    count = kernel.table_count(cram.solver.cache["cram"])
    fast(cram, ("...#.....", ".........", "....#....")[::-1])  # its mirror image: nothing new
    assert kernel.table_count(cram.solver.cache["cram"]) == count


def test_the_work_is_charged_per_region_and_a_stopped_computation_goes_on(cram: sprague.Ruleset) -> None:
    cram.solver = Solver()
    with pytest.raises(BudgetExceeded), sprague.budget(work=20_000):
        fast(cram, board(4, 6))
    kept = kernel.table_count(cram.solver.cache["cram"])
    assert kept > 0
    with sprague.budget(work=10**8) as b:
        assert fast(cram, board(4, 6)) == 0
    assert 0 < b.spent


def test_the_kernel_wrappers_refuse_bad_arguments() -> None:
    with pytest.raises(InvalidParameter):
        kernel.new_table(100)
    with pytest.raises(InvalidParameter):
        kernel.region_key(0, 2, 2)
    with pytest.raises(InvalidParameter):
        kernel.region_key(1 << 9, 2, 2)
    with pytest.raises(InvalidParameter):
        kernel.region_value(kernel.new_table(), 0, 10)
    with pytest.raises(InvalidParameter):
        kernel.region_value(kernel.new_table(16), kernel.region_key(15, 2, 2), 100)


# ------------------------------------------------------------------ theorems
def test_a_1_x_n_strip_is_dawsons_kayles(cram: sprague.Ruleset) -> None:
    """A domino on a strip removes two adjacent cells: the octal game 0.07 (Winning Ways ch. 4; ch. 22)."""
    kayles = sprague.ruleset("dawsons-kayles")
    for n in range(1, 41):
        assert fast(cram, board(1, n)) == kayles.grundy((n,)), n


def test_even_by_even_boards_are_p_and_even_by_odd_boards_are_n(cram: sprague.Ruleset) -> None:
    """The symmetry strategies (Winning Ways ch. 22; Gardner 1974), by brute force on the small boards."""
    for m in range(1, 7):
        for n in range(m, 7):
            if m * n > 24 or m % 2 and n % 2:
                continue
            value = cram.grundy(board(m, n), method="search") if m * n <= 12 else fast(cram, board(m, n))
            assert (value == 0) == (m % 2 == 0 and n % 2 == 0), (m, n)


# ------------------------------------------------------------------ published values
# Piotr Beling, "impartial-games" (github.com/beling/impartial-games, README, section "Cram (under the normal play
# convention)"): nimbers of m x n Cram boards computed with igs (Beling & Rogalski, "On pruning search trees of
# impartial games", Artificial Intelligence 283 (2020) 103262); the smaller boards first computed by Lemoine and
# Viennot's Glop ("Nimbers are inevitable", Theoretical Computer Science 462 (2012)), 11 x 5 = 0 also by Uiterwijk,
# "Solving Cram using combinatorial game theory" (ACG 2019). (rows, columns): nimber.
BELING_QUICK = {(4, 4): 0, (4, 5): 2, (4, 6): 0, (4, 7): 3, (5, 5): 0}
BELING_SLOW = {(5, 6): 2, (4, 8): 0, (6, 6): 0, (5, 7): 1, (4, 9): 1}


@pytest.mark.parametrize(("size", "nimber"), sorted(BELING_QUICK.items()))
def test_published_nimbers_of_rectangles(cram: sprague.Ruleset, size: tuple[int, int], nimber: int) -> None:
    m, n = size
    assert fast(cram, board(m, n)) == nimber
    assert fast(cram, board(n, m)) == nimber


@pytest.mark.slow
@pytest.mark.parametrize(("size", "nimber"), sorted(BELING_SLOW.items()))
def test_published_nimbers_of_larger_rectangles(cram: sprague.Ruleset, size: tuple[int, int], nimber: int) -> None:
    m, n = size
    with sprague.budget(work=10**10):
        assert fast(cram, board(m, n)) == nimber


def test_misere_play_of_a_small_board_answers_by_search(cram: sprague.Ruleset) -> None:
    """Misère Cram has no decomposition here: a small board is searched; compared with a tiny search of its own."""

    @functools.cache
    def lost(position: tuple[str, ...]) -> bool:  # misère: with no move the player to move wins
        options = list(cram.moves(position))
        return bool(options) and all(not lost(o) for o in options)

    for position in (board(2, 3), board(3, 3), board(2, 4), ("..#", "...", "#..")):
        assert cram.outcome(position, misere=True) == ("P" if lost(position) else "N"), position


def test_the_half_turn_strategy_against_search_on_random_symmetric_boards(cram: sprague.Ruleset) -> None:
    """Boards the half turn leaves unchanged (holes placed in pairs): the closed outcome, value and winning move
    agree with plain search wherever the strategy applies (Winning Ways ch. 22)."""
    rng = random.Random(11)
    checked = 0
    for _ in range(200):
        m, n = rng.randint(1, 4), rng.randint(1, 5)
        cells = [["." for _ in range(n)] for _ in range(m)]
        for r in range(m):
            for c in range(n):
                if rng.random() < 0.25:
                    cells[r][c] = cells[m - 1 - r][n - 1 - c] = "#"
        position = tuple("".join(row) for row in cells)
        if sum(row.count(".") for row in position) > 14:
            continue
        outcome = half_turn(position)
        searched = cram.grundy(position, method="search")
        if outcome is None:
            assert m % 2 and n % 2
            continue
        checked += 1
        assert outcome == ("P" if searched == 0 else "N"), position
        assert cram.closed_grundy(position) == (0 if outcome == "P" else None)
        if outcome == "N":
            move = cram.closed_winning_move(position)
            assert move in set(cram.moves(position)) and cram.grundy(move, method="search") == 0, position
    assert checked > 100


def test_an_even_board_too_big_to_search_is_answered_by_the_theorem(cram: sprague.Ruleset) -> None:
    assert cram.grundy(board(8, 8)) == 0
    assert cram.outcome(board(6, 9)) == "N"
    assert cram.evaluate(board(10, 10)).method.startswith("closed form")
