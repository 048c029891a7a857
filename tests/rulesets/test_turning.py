"""Coin-turning games by their codes (sprague.rulesets.turning) against tests/naive.py's coin-turning solver,
which searches whole rows of H/T from the rules in words (no heap representation), and literature values."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naive
import sprague
import sprague.cache
from sprague.kernels.turning import turning_sequence
from sprague.rulesets.turning import Part, Spawning, format_code, parse_code

CATALOGUE = {
    "turning-turtles": "1-2",
    "mock-turtles": "1-3",
    "moebius": "1-5",
    "mogul": "1-7",
    "moidores": "1-9",
    "motley": "1+",
    "twins": "2",
    "triplets": "3",
    "ruler": "1+C",
    "mock-turtle-fives": "1-3C(5)",
    "triplet-fives": "3C(5)",
    "ruler-fives": "1-5C",
    "turnips": "3E",
    "grunt": "4FS",
    "sym": "1+S",
}
MORE = [
    "1+FS",
    "2-3,6C",
    "1F",
    "2F",
    "3+",
    "2+E",
    "1-4S",
    "2-5FE",
    "3-4C(6)",
    "1+E",
    "2+S",
    "5S",
    "2C",
    "1+FC",
    "3FC(4)",
    "2-4E,3S",
    "1-2,4C(4)",
]


def kernel(code: str, n: int) -> list[int]:
    values, reached, why, _ = turning_sequence(np.array([p.row() for p in parse_code(code)]), n, 10**12)
    assert reached == n, why
    return values.tolist()


@pytest.mark.parametrize("name", list(CATALOGUE))
def test_catalogue_names_their_codes(name: str) -> None:
    r = sprague.ruleset(name)
    assert r.params["code"] == CATALOGUE[name] and isinstance(r, sprague.find_ruleset("turning"))


@pytest.mark.parametrize("code", list(CATALOGUE.values()) + MORE)
def test_single_coin_values_equal_whole_row_search(code: str) -> None:
    """Kernel, listed heap options and closed form (where any) against the naive solver on rows with one head."""
    want = [0] + naive.turning_coin_values(code, 10)
    assert kernel(code, 11) == want
    heaps = Spawning(code=code)
    assert heaps.sequence(11).tolist() == want
    for n in range(1, 11):
        listed = heaps.turn_sets(n)
        assert len(listed) == len(set(listed)) == heaps.heap_option_count(n)
        assert all(naive.turning_allows(code, (*s, n)) for s in listed)


@pytest.mark.parametrize("code", list(CATALOGUE.values()) + MORE[:6])
def test_rows_equal_whole_row_search(code: str) -> None:
    """G of random rows of up to 9 coins: the heap representation (auto) and search against the naive solver."""
    r, rng = sprague.ruleset("turning", code=code), random.Random(code)
    moves = naive.turning_moves(code)
    for _ in range(12):
        row = "".join(rng.choice("HT") for _ in range(rng.randrange(1, 10)))
        want = naive.grundy(moves, row)
        assert r.grundy(row) == want, row
        assert r.grundy(row, method="search") == want, row
        assert set(r.options(row)) == set(moves(row))
        assert set(r.winning_moves(row)) == {o for o in moves(row) if naive.grundy(moves, o) == 0}


@st.composite
def codes(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 2))):
        least = draw(st.integers(1, 4))
        most = draw(st.one_of(st.none(), st.integers(least, least + 3)))
        span = draw(st.one_of(st.none(), st.integers(max(least, 2), 7)))
        parts.append(Part(least, most, span, draw(st.sampled_from(["", "C", "E", "S"])), draw(st.booleans())))
    return format_code(parts)


@settings(max_examples=40, deadline=None)
@given(codes())
def test_random_codes_equal_whole_row_search(code: str) -> None:
    assert parse_code(format_code(parse_code(code))) == parse_code(code)
    assert kernel(code, 9) == [0] + naive.turning_coin_values(code, 8)


# ------------------------------------------------------------------------------------ closed forms, literature
def odious(count: int) -> list[int]:
    """OEIS A000069, by its definition: the numbers with an odd number of 1s in binary."""
    return [m for m in range(4 * count) if bin(m).count("1") % 2][:count]


def ruler(n: int) -> int:
    """OEIS A006519, by its definition: the highest power of 2 dividing n."""
    p = 1
    while n % (2 * p) == 0:
        p *= 2
    return p


def a054016(count: int) -> list[int]:
    """OEIS A054016, by its definition: a(n) is the least non-negative integer not the nim-sum of at most 4
    earlier terms (Moebius, code 1-5: a head at place n turns at most 4 coins to its left)."""
    terms: list[int] = []
    sums = {0}  # nim-sums of at most 4 earlier terms, by count
    by_count: list[set[int]] = [{0}, set(), set(), set(), set()]
    for _ in range(count):
        a = 0
        while a in sums:
            a += 1
        for k in range(4, 0, -1):
            by_count[k] |= {s ^ a for s in by_count[k - 1]}
        sums = set().union(*by_count)
        terms.append(a)
    return terms


def test_mock_turtles_are_the_odious_numbers_oeis_a000069() -> None:
    assert kernel("1-3", 2001)[1:] == odious(2000)
    assert sprague.ruleset("mock-turtles").heaps.sequence(2001).tolist()[1:] == odious(2000)  # the closed form


def test_ruler_is_oeis_a006519() -> None:
    assert kernel("1+C", 2001)[1:] == [ruler(n) for n in range(1, 2001)]
    assert sprague.ruleset("ruler").heaps.sequence(2001).tolist()[1:] == [ruler(n) for n in range(1, 2001)]


def test_moebius_is_oeis_a054016() -> None:
    assert kernel("1-5", 121)[1:] == a054016(120)
    assert a054016(18) == kernel("1-5", 19)[1:]  # Moebius on 18 coins (Winning Ways ch. 14)


def test_motley_twins_triplets_and_turning_turtles() -> None:
    """Motley 2^(n-1); Twins is Turning Turtles moved one place right, Triplets is Mock Turtles moved two."""
    assert kernel("1+", 23)[1:] == [2 ** (n - 1) for n in range(1, 23)]
    assert kernel("2", 1001) == [max(n - 1, 0) for n in range(1001)]
    assert kernel("1-2", 1001) == list(range(1001))
    mock = kernel("1-3", 999)
    assert kernel("3", 1001) == [0, 0] + mock
    for name in ("motley", "twins", "turning-turtles", "mock-turtles", "ruler"):  # closed form = kernel
        r = sprague.ruleset(name)
        assert r.heaps.heap_grundy_closed(5) is not None
        assert [r.heaps.heap_grundy_closed(n) for n in range(23)] == kernel(r.params["code"], 23)


def test_grunt_is_grundys_game_one_place_right() -> None:
    """Grunt (4FS) turns coins 1, 1 + a, n - a, n: a heap of n - 1 of Grundy's game split into a and n - 1 - a,
    unequal (Winning Ways ch. 14). Checked against tests/naive.py's Grundy's game and to 3000 coins against
    sprague's grundys-game."""
    grunt = kernel("4FS", 3001)
    assert grunt[1:61] == naive.grundys_game_sequence(60)
    assert grunt[1:] == sprague.ruleset("grundys-game").sequence(3000).tolist()


def test_fives_games_are_periodic_in_their_window() -> None:
    """A window of five coins makes the values periodic (each depends on the four before): checked, not assumed."""
    for code in ("1-3C(5)", "3C(5)", "1-5C"):
        values = kernel(code, 400)
        period = naive.smallest_period(values, 100)
        assert period <= 16 and values[100:] == values[100 - period : 400 - period]


# ------------------------------------------------------------------------------------ bad input, limits, misère
@pytest.mark.parametrize(
    "code, bad",
    [
        ("1-3X", "'X'"),
        ("", "empty"),
        ("1-3,", "ends too early"),
        ("0", "at least 1"),
        ("3-1", "empty"),
        ("C", "'C' at position 1"),
        ("2CE", "one of C, E, S"),
        ("3C(2)", "do not fit"),
        ("2C(x)", "C(n) needs a whole number"),
        ("1FF", "F given twice"),
        ("1+-2", "'-'"),
    ],
)
def test_bad_codes_are_refused_in_one_line(code: str, bad: str) -> None:
    with pytest.raises(sprague.InvalidParameter) as info:
        sprague.ruleset("turning", code=code)
    text = str(info.value)
    assert bad in text and "\n" not in text and text.startswith("turning:")


def test_code_is_written_in_standard_form_and_said_in_words() -> None:
    r = sprague.ruleset("turning", code=" 4sf ")
    assert r.params["code"] == "4FS" and r == sprague.ruleset("grunt").__class__.__mro__[1](code="4FS")
    assert eval(repr(r), {"sprague": sprague}) == r
    assert r.rules() == (
        "turn exactly 4 coins, symmetrically arranged, one of them coin 1 (the leftmost of the "
        "row); the rightmost coin turned goes from heads to tails"
    )
    assert sprague.ruleset("turning", code="1-3C(5),2+E").rules() == (
        "turn 1 to 3 coins, all within 5 adjacent coins; or turn at least 2 coins, equally spaced; the rightmost "
        "coin turned goes from heads to tails"
    )


def test_values_past_the_bitset_are_refused_with_how_far() -> None:
    with pytest.raises(sprague.TooLarge, match=r"reaches 2\^22"):
        sprague.ruleset("turning-heaps", code="3+").sequence(40)
    # Moebius reaches 2^22 at heap 575; a small budget stops the kernel well before, at a heap it names
    r = sprague.ruleset("turning-heaps", code="1-5")
    with (
        sprague.cache.using(False),
        sprague.budget(work=1000) as b,
        pytest.raises(
            sprague.BudgetExceeded,
            match=r"1-5: computing single-heap values up to 2,999 stopped at the work budget "
            r"of 1,000 units .* at heap \d+ \(the values up to it are kept\)"
            r".*--max-work",
        ),
    ):
        r.sequence(3000)
    assert b.work < b.spent <= b.work + 200  # the kernel's steps are charged; it stops after the value passing them
    kept = r.known_length
    assert 20 < kept < 575 and r.solver.values.tolist()[1:] == a054016(kept - 1)  # the values kept are exact


def test_misere_rows_are_searched_and_long_rows_refused() -> None:
    r, moves = sprague.ruleset("mock-turtles"), naive.turning_moves("1-3")
    for row in ("H", "HT", "TH", "HH", "THHTH", "HTHHTTH"):
        assert r.outcome(row, misere=True) == naive.misere_outcome(moves, row), row
        assert r.grundy(row, misere=True) == naive.misere_grundy(moves, row), row
    assert r.evaluate("THHTH", misere=True).method == "search"
    before = len(r.solver.misere_search.memo)
    with (
        sprague.budget(work=200_000) as b,
        pytest.raises(
            sprague.BudgetExceeded,
            match=r"search from 'H{40}' stopped at the work budget of 200,000 units .*"
            r"--max-work",
        ),
    ):
        r.outcome("H" * 40, misere=True)
    assert b.work < b.spent <= b.work + 1000  # stopped at the budget, by at most one position's work more
    memo = r.solver.misere_search.memo  # the values found are kept, and exact
    short = [row for row in memo if len(row) <= 7]
    assert len(memo) > before + 100 and len(short) > 20
    assert all(memo[row] == naive.misere_grundy(moves, row) for row in short)


def test_cli_sequence_of_the_heap_representation() -> None:
    import io

    from sprague.cli import main

    out = io.StringIO()
    assert main(["sequence", "turning-heaps", "-p", "code=4FS", "--to", "12"], out=out) == 0
    text = out.getvalue()
    assert "0: 0 0 0 0 1 0 2 1 0 2" in text and "10: 1 0 2" in text  # Grundy's game one place right
