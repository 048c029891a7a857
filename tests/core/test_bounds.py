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


@pytest.mark.timeout(20)
@pytest.mark.parametrize("S", [range(1, 10**12), "1-100000000", range(1, 10**30)])
def test_huge_subtraction_set_refused_before_building(S):
    with pytest.raises(InvalidParameter, match="MAX_SET_ELEMENTS"):
        sprague.ruleset("subtraction", S=S)


@pytest.mark.timeout(20)
def test_set_ranges_still_parse():
    assert sprague.ruleset("subtraction", S="1-3,7").params["S"] == (1, 2, 3, 7)
    assert sprague.ruleset("subtraction", S=range(10, 0, -3)).params["S"] == (1, 4, 7, 10)


@pytest.mark.timeout(20)
def test_empty_range_message():
    with pytest.raises(InvalidParameter, match="range '2-1' is empty; write lo-hi with lo <= hi"):
        sprague.ruleset("subtraction", S="2-1")


@pytest.mark.timeout(20)
@pytest.mark.parametrize("text", ["１２", "٣", "_1", "²", "1-１２"])
def test_parse_ascii_digits_only(text):
    from sprague.core.parsing import parse_int, parse_int_set

    with pytest.raises(SpragueError):
        parse_int(text)
    with pytest.raises(InvalidParameter):
        parse_int_set(text, "S")


@pytest.mark.timeout(20)
def test_parse_int_still_reads_underscores_between_digits():
    from sprague.core.parsing import parse_int

    assert parse_int("1_000") == 1000 and parse_int("2^64-1") == 2**64 - 1


@pytest.mark.timeout(20)
def test_no_heapss():
    from sprague.core.parsing import as_int

    with pytest.raises(InvalidPosition) as exc:
        as_int(-1, "heaps")
    assert "heapss" not in str(exc.value)
    with pytest.raises(InvalidPosition) as exc:
        sprague.ruleset("nim").table(max_heap=3, heaps=-1)
    assert "heapss" not in str(exc.value) and "heaps are non-negative" in str(exc.value)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name", ["nim", "subtraction"])
def test_huge_sequence_refused_before_allocating(name):
    r = sprague.ruleset(name, S="1,2") if name == "subtraction" else sprague.ruleset(name)
    with pytest.raises(TooLarge, match="max-positions"):
        r.sequence(10**12)
    assert list(r.sequence(5)) == [r.grundy(n) for n in range(5)]


@pytest.mark.timeout(20)
def test_too_many_heaps_refused():
    nim = sprague.ruleset("nim")
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.options([1] * 10**6)
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.grundy((1,) * 10**6)
    with pytest.raises(InvalidPosition, match="MAX_HEAPS"):
        nim.parse_position(["1"] * 10**6)


@pytest.mark.timeout(20)
def test_options_refused_by_entries():
    with pytest.raises(TooLarge, match="max-positions"):
        sprague.ruleset("nim").options([1] * 5000)
    assert len(sprague.ruleset("nim").options([1] * 100)) == 100


@pytest.mark.timeout(20)
def test_too_many_digits_refused():
    nim = sprague.ruleset("nim")
    with pytest.raises(InvalidPosition, match="MAX_INT_BITS"):
        nim.grundy((1 << 3_000_000,))
    with pytest.raises(InvalidPosition, match="MAX_INT_DIGITS"):
        nim.parse_position(["1" * 300_000])
    assert nim.grundy((1 << 10_000, 1 << 10_000)) == 0


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name", ["nim", "wythoff"])
def test_table_of_huge_heaps_is_a_clear_error(name):
    with pytest.raises(InvalidParameter, match="MAX_TABLE_HEAP"):
        sprague.ruleset(name).table(min_heap=10**30, max_heap=10**30 + 2)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name, params", [("nimhoff", {"R": None}), ("nimhoff", {"R": [None]}),
                                          ("nimhoff", {"R": "1,٣"}), ("gcn", {"h": 4, "sets": None})])
def test_bad_parameter_values_are_project_errors(name, params):
    with pytest.raises(InvalidParameter):
        sprague.ruleset(name, **params)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("name", [None, 5, 1.5])
def test_ruleset_of_a_non_name(name):
    with pytest.raises(sprague.errors.UnknownRuleset):
        sprague.ruleset(name)


@pytest.mark.timeout(20)
def test_turning_turtles_winning_move_is_linear():
    r = sprague.ruleset("turning-turtles")
    row = "H" * 10**6
    move = r.winning_move(row)
    assert len(move) == len(row) and r.grundy(move) == 0
    with pytest.raises(TooLarge):
        r.winning_moves(row)
    for p in ["TTHHTHH", "HTHT", "HHH", "TTT", "HTTHHTTTH"]:
        moves = r.winning_moves(p)
        assert r.winning_move(p) == (moves[0] if moves else None)
