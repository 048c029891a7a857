"""Chomp (Gale 1974): notation, moves, the closed forms and the compiled table against an independent brute force,
and the published values of 3- and 4-rowed Chomp.

The brute force here is written on row-length tuples, independently of the package: the value of a diagram is
the mex of the values of its options, the diagram of the poisoned square alone having no option (the player to
move must eat the poison and loses).
"""

from __future__ import annotations

import functools
import itertools
import re
from math import comb

import pytest

import sprague
from sprague.cli import main
from sprague.errors import BudgetExceeded, InvalidPosition
from sprague.kernels.chomp import lengths_of_rank, rank_of
from sprague.rulesets.chomp import board_of, conjugate, subdiagram_count

Lengths = tuple[int, ...]


# ------------------------------------------------------------------ an independent brute force
def cut(lengths: Lengths, i: int, j: int) -> Lengths:
    """The diagram left after eating the square in row i, column j (0-based) and all below-right of it."""
    rows = [n if k < i else min(n, j) for k, n in enumerate(lengths)]
    return tuple(n for n in rows if n)


def options(lengths: Lengths) -> list[Lengths]:
    return [cut(lengths, i, j) for i, n in enumerate(lengths) for j in range(n) if (i, j) != (0, 0)]


@functools.cache
def value(lengths: Lengths, misere: bool = False) -> int:
    """Grundy value (misère: Conway's g-, 1 at the terminal position) by plain recursion."""
    found = {value(o, misere) for o in options(lengths)}
    if not found:
        return 1 if misere else 0
    return next(g for g in itertools.count() if g not in found)


def diagrams(rows: int, cols: int) -> list[Lengths]:
    """Every non-empty diagram of at most ``rows`` rows and ``cols`` columns."""
    out = []
    for lengths in itertools.product(range(cols + 1), repeat=rows):
        if lengths[0] and all(a >= b for a, b in zip(lengths, lengths[1:])):
            out.append(tuple(n for n in lengths if n))
    return out


@pytest.fixture
def chomp() -> sprague.Ruleset:
    return sprague.ruleset("chomp")


@functools.cache
def p_positions(m: int, n: int) -> frozenset[Lengths]:
    """The P-positions of at most ``m`` rows and ``n`` columns from the compiled table, padded with zeros to ``m``
    rows (the literature's ``[p, q, r]``)."""
    return frozenset(sprague.ruleset("chomp").p_positions(m, n))


# ------------------------------------------------------------------ notation
def test_the_three_notations_read_the_same_bar(chomp):
    want = ("###", "##", "#")
    for tokens in (["###/##/#"], ["3,2,1"], ["3", "2", "1"], ["###/##./#.."], ["3,2,1,0"]):
        assert chomp.parse_position(tokens) == want
    assert chomp.parse_position(["2x3"]) == ("###", "###")
    assert chomp.check_position((3, 2, 1)) == want
    assert chomp.format_position(want) == "3,2,1"
    for lengths in diagrams(3, 4):
        board = board_of(lengths)
        assert chomp.parse_position([chomp.format_position(board)]) == board


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("##/###", "grow downwards"),
        ("#.#", "eaten square left of a square"),
        ("0x3", "no poisoned square"),
        ("3x0", "no poisoned square"),
        ("#x#", "a cell is one of"),
        ("3,0,2", "grow downwards"),
    ],
)
def test_bad_bars_are_refused_with_the_reason(chomp, text, words):
    with pytest.raises(InvalidPosition, match=words):
        chomp.parse_position([text])


def test_negative_rows_and_huge_bars_are_refused(chomp):
    with pytest.raises(InvalidPosition, match="negative"):
        chomp.check_position((3, -1))
    with pytest.raises(InvalidPosition, match="the most is"):
        chomp.check_position((10**6,))


def test_a_move_is_named_by_the_square_eaten(chomp):
    bar = chomp.parse_position(["3x4"])
    named = {chomp.describe_move(bar, o): o for o in chomp.moves(bar)}
    assert len(named) == 11 and "a1" not in named
    assert named["b2"] == ("####", "#", "#")
    assert named["d1"] == ("###", "###", "###")
    assert named["a3"] == ("####", "####")
    for text, option in named.items():
        assert chomp.parse_move(bar, text) == option
    assert chomp.parse_move(bar, "a1") is None and chomp.parse_move(bar, "e1") is None


def test_the_moves_are_those_of_the_brute_force(chomp):
    for lengths in diagrams(4, 4):
        got = sorted(tuple(map(len, o)) for o in chomp.moves(board_of(lengths)))
        assert got == sorted(options(lengths))
        assert chomp.option_count(board_of(lengths)) == len(got)


def test_subdiagrams_are_counted(chomp):
    for lengths in diagrams(4, 5):
        inside = [d for d in diagrams(len(lengths), lengths[0]) if all(a <= b for a, b in zip(d, lengths))]
        inside = [d for d in inside if len(d) <= len(lengths)]
        assert subdiagram_count(lengths) == len(inside) + 1  # and the empty diagram
    assert subdiagram_count((4, 4, 4)) == 35  # C(7, 3)


# ------------------------------------------------------------------ values against the brute force
@pytest.mark.parametrize(("m", "n"), [(1, 9), (2, 9), (3, 7), (4, 5), (5, 4), (6, 3)])
def test_the_compiled_table_is_the_brute_force(chomp, m, n):
    for misere in (False, True):
        table = chomp.table(m, n, misere)
        for lengths in diagrams(m, n):
            padded = lengths + (0,) * (m - len(lengths))
            assert table[rank_of(padded, m)] == value(lengths, misere), (lengths, misere)


def test_values_by_every_method_agree(chomp):
    for lengths in diagrams(3, 4) + diagrams(4, 2):
        board = board_of(lengths)
        want = value(lengths)
        assert chomp.grundy(board) == want
        assert chomp.grundy(board, method="search") == want
        assert chomp.outcome(board) == ("P" if want == 0 else "N")
        assert chomp.outcome(board, misere=True) == ("P" if value(lengths, True) == 0 else "N")
        assert chomp.grundy(board, misere=True) == value(lengths, True)


def test_the_transposed_bar_is_the_same_game(chomp):
    for lengths in diagrams(4, 5):
        assert value(lengths) == value(conjugate(lengths))
        assert chomp.canonical(board_of(lengths)) == chomp.canonical(board_of(conjugate(lengths)))


def test_winning_moves_leave_p_positions(chomp):
    for lengths in diagrams(3, 5):
        board = board_of(lengths)
        wins = {tuple(map(len, o)) for o in chomp.winning_moves(board)}
        assert wins == {o for o in options(lengths) if value(o) == 0}
        move = chomp.winning_move(board)
        assert (move is None) == (value(lengths) == 0)
        if move is not None:
            assert value(tuple(map(len, move))) == 0
        misere_move = chomp.winning_move(board, misere=True)
        if misere_move is not None:
            assert value(tuple(map(len, misere_move)), True) == 0


# ------------------------------------------------------------------ closed forms against the brute force
def test_an_l_is_nim_on_its_arms(chomp):
    """An L with arms p (first row) and q (first column): G = p xor q, P iff p = q; one row of n is a heap n - 1."""
    for p, q in itertools.product(range(9), repeat=2):
        lengths = (p + 1,) + (1,) * q
        assert chomp.closed_grundy(board_of(lengths)) == p ^ q == value(lengths)
        move = chomp.closed_winning_move(board_of(lengths))
        assert (move is None) == (p == q)
        if move is not None:
            assert tuple(map(len, move)) in options(lengths) and value(tuple(map(len, move))) == 0


def test_two_rows_are_p_iff_the_top_is_one_longer(chomp):
    """Rows a >= b >= 1: P iff a = b + 1 (Sun 2002, "Improvements on Chomp", INTEGERS 2, G01, section 2: any
    two-rowed P-position looks like (alpha, alpha - 1)); also for two columns, by transposition."""
    for a in range(1, 14):
        for b in range(1, a + 1):
            for lengths in ((a, b), conjugate((a, b))):
                board = board_of(lengths)
                want = "P" if a == b + 1 else "N"
                assert chomp.closed_outcome(board) == want == ("P" if value(lengths) == 0 else "N")
                move = chomp.closed_winning_move(board)
                assert (move is None) == (want == "P")
                if move is not None:
                    assert tuple(map(len, move)) in options(lengths) and value(tuple(map(len, move))) == 0


def test_a_square_is_won_by_eating_b2(chomp):
    for n in range(2, 7):
        square = (n,) * n
        assert chomp.closed_outcome(board_of(square)) == "N"
        move = chomp.closed_winning_move(board_of(square))
        assert chomp.describe_move(board_of(square), move) == "b2"
        assert value(tuple(map(len, move))) == 0
    assert value((6,) * 6) != 0


def test_every_rectangle_but_one_square_is_n(chomp):
    """Gale's strategy stealing (Gale 1974): checked by brute force on every rectangle up to 6 x 7."""
    assert value((1,)) == 0 and chomp.closed_outcome(("#",)) == "P"
    for m, n in itertools.product(range(1, 7), range(1, 8)):
        if m * n > 1:
            rectangle = (n,) * m
            assert value(rectangle) != 0
            assert chomp.closed_outcome(board_of(rectangle)) == "N"


def test_the_closed_forms_never_answer_outside_their_cases(chomp):
    for lengths in diagrams(4, 5):
        board = board_of(lengths)
        outcome = chomp.closed_outcome(board)
        if outcome is not None:
            assert outcome == ("P" if value(lengths) == 0 else "N"), lengths
        grundy = chomp.closed_grundy(board)
        if grundy is not None:
            assert grundy == value(lengths)
        move = chomp.closed_winning_move(board)
        if move is not None:
            assert value(tuple(map(len, move))) == 0 and tuple(map(len, move)) in options(lengths)


def test_method_closed_names_the_theorem(chomp):
    assert "strategy stealing" in chomp.evaluate(board_of((5, 5, 5)), method="closed").method
    assert "b2" in chomp.evaluate(board_of((5,) * 5), method="closed").method
    assert "a = b + 1" in chomp.evaluate(board_of((6, 5)), method="closed").method


# ------------------------------------------------------------------ published values
def test_brouwer_three_rowed_p_positions_for_small_third_rows(chomp):
    """A. E. Brouwer, "The game of Chomp" (web page, www.win.tue.nl/~aeb/games/chomp.html), as quoted in OEIS
    A147983 (comment by P. Hadjicostas, Apr 11 2020): the P-positions (p, q, r) of 3-rowed Chomp with
    r = 0: p = q + 1; r = 1: only (3,1,1) and (2,2,1); r = 2: p = q + 2; r = 3: (6,3,3), (7,4,3), (5,5,3);
    r = 4: (8,4,4), (9,5,4), (10,6,4), (7,7,4); r = 5: (10,5,5), (9,6,5) and (a+11, a+7, 5), a >= 0.
    Checked for p <= 60."""
    n = 60
    found = p_positions(3, n)
    by_r = {r: {x for x in found if x[2] == r} for r in range(6)}
    assert by_r[0] == {(q + 1, q, 0) for q in range(n)}
    assert by_r[1] == {(3, 1, 1), (2, 2, 1)}
    assert by_r[2] == {(q + 2, q, 2) for q in range(2, n - 1)}
    assert by_r[3] == {(6, 3, 3), (7, 4, 3), (5, 5, 3)}
    assert by_r[4] == {(8, 4, 4), (9, 5, 4), (10, 6, 4), (7, 7, 4)}
    assert by_r[5] == {(10, 5, 5), (9, 6, 5)} | {(a + 11, a + 7, 5) for a in range(n - 10)}


#: OEIS A029899: number of P-positions ("strategic configurations") [p, q, r] with p <= n in 3 x n Chomp, n = 0..47
A029899 = [0, 1, 3, 5, 7, 10, 13, 17, 20, 25, 29, 33, 39, 44, 51, 56, 62, 70, 76, 85, 92, 100, 110, 121, 129, 137,
           149, 158, 167, 180, 190, 204, 214, 229, 239, 250, 266, 278, 295, 307, 320, 338, 351, 370, 384, 398, 418,
           439]  # fmt: skip
#: OEIS A029900: f(n), the 3 x f(n) rectangle is won by the move (n, 1), leaving the P-position [f(n), n, n]
A029900 = [1, 3, 4, 6, 8, 10, 11, 13, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 34, 35, 37, 39, 40, 42, 44, 45,
           48, 49, 51, 53, 54, 56, 57, 59, 60, 63, 64, 66, 68, 70, 72, 73, 74, 76, 78, 80, 82, 83, 85, 87, 89, 88,
           92, 93, 95]  # fmt: skip
#: OEIS A029901: g(n), the 3 x g(n) rectangle is won by a move in the third row, leaving [g(n), g(n), h(n)]
A029901 = [2, 5, 7, 9, 12, 14, 17, 19, 22, 23, 26, 29, 31, 33, 36, 38, 41, 43, 46, 47, 50, 52, 55, 58, 61, 62, 65,
           67, 69, 71, 75, 77, 79, 81, 84, 86, 90, 91, 94, 97, 99]  # fmt: skip
#: OEIS A029902: h(n), the third rows r of the P-positions [k, k, r]
A029902 = [1, 3, 4, 6, 8, 10, 12, 13, 15, 16, 18, 20, 21, 23, 25, 27, 29, 30, 32, 33, 35, 37, 39, 41, 43, 44, 46,
           47, 49, 50, 52, 54, 55, 57, 59, 61, 63, 64, 66, 68, 70]  # fmt: skip


def test_oeis_a029899_counts_three_rowed_p_positions(chomp):
    """OEIS A029899, "Number of strategic configurations in 3 X n Chomp rectangle": the P-positions [p, q, r],
    n >= p >= q >= r >= 0, for n = 0..47 (every term of the sequence's data)."""
    found = p_positions(3, 47)
    assert [sum(1 for x in found if x[0] <= n) for n in range(48)] == A029899


def test_oeis_a029900_to_a029902_the_winning_moves_of_3_x_n(chomp):
    """OEIS A029900 (f(n): [f(n), n, n] is P, taken in order of n), A029901 (the n whose 3 x n rectangle is won in
    the third row, [n, n, k] P) and A029902 (the r of the P-positions [k, k, r]); every term of their data."""
    found = p_positions(3, 100)
    f = [next(p for p in range(n, 101) if (p, n, n) in found) for n in range(len(A029900))]
    assert f == A029900
    assert [n for n in range(1, 100) if any((n, n, k) in found for k in range(n))] == A029901
    assert [r for r in range(1, 71) if any((k, k, r) in found for k in range(r, 101))] == A029902


def test_the_3_x_n_rectangle_has_exactly_one_winning_move(chomp):
    """Gale (1974) reported a unique winning first move on every 3 x n rectangle, n <= 100; Sheiner (arXiv
    2605.23837, 2026, "Unique Winning Opening Move in Three-Row Chomp") proved it for all n, never in the first row
    (the second-row and third-row cases being OEIS A029900 and A029901). Checked for n <= 100."""
    found = p_positions(3, 100)
    for n in range(2, 101):
        wins = [o for o in options((n, n, n)) if o + (0,) * (3 - len(o)) in found]
        assert len(wins) == 1, n
        assert wins[0][0] == n  # not a first-row move: the first row stays whole


#: OEIS A395126: the fourth row d of the P-positions (a, b, c, d) of 4-rowed Chomp in lexicographic order of (a,b,c)
A395126 = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 2, 0, 2, 0, 2, 3, 4, 0, 3, 0, 3, 2, 0, 2, 0,
           2, 0, 2, 2, 3, 3, 0, 2, 2, 0, 4, 0, 4, 0, 4, 0, 5, 6, 7, 3, 4, 0, 0, 2, 3, 2, 3, 4, 5, 6, 0, 2, 3, 4, 5,
           7, 0, 5, 2, 4, 4, 3, 3, 0, 2, 0, 2, 3, 0, 2, 0, 2]  # fmt: skip


def test_oeis_a395126_four_rowed_p_positions(chomp):
    """OEIS A395126 (A. Garg, 2026): the P-positions of 4-rowed Chomp in lexicographic order, first ten
    (1,0,0,0), (2,1,0,0), (2,2,1,0), (2,2,2,1), (3,1,1,0), (3,2,0,0), (3,3,1,1), (4,1,1,1), (4,2,2,0), (4,3,0,0),
    and the fourth rows d of the first 87."""
    found = sorted(p_positions(4, 24))
    assert found[87][0] < 24  # every P-position up to the 87th has its top row inside the table
    assert found[:10] == [(1, 0, 0, 0), (2, 1, 0, 0), (2, 2, 1, 0), (2, 2, 2, 1), (3, 1, 1, 0), (3, 2, 0, 0),
                          (3, 3, 1, 1), (4, 1, 1, 1), (4, 2, 2, 0), (4, 3, 0, 0)]  # fmt: skip
    assert [x[3] for x in found[: len(A395126)]] == A395126


# ------------------------------------------------------------------ budget, misère, command line
def test_a_huge_table_stops_at_the_budget_and_resumes(chomp):
    board = board_of((150, 150, 150))
    with sprague.budget(work=20_000), pytest.raises(BudgetExceeded, match="chomp: the table of values"):
        chomp.grundy(board)
    assert chomp.grundy(board_of((3, 3, 2))) == value((3, 3, 2))
    assert (chomp.table(3, 150) == sprague.ruleset("chomp").table(3, 150)).all()  # resumed = computed afresh


def test_bars_past_the_largest_table_are_left_to_the_closed_forms(chomp):
    huge = board_of((60,) * 50)
    assert chomp.computed_grundy(huge) is None
    ev = chomp.evaluate(huge, method="closed")
    assert ev.outcome == "N" and "strategy stealing" in ev.method


def test_ranks_are_a_bijection():
    for m in (1, 2, 3, 4):
        ranks = sorted(rank_of(d + (0,) * (m - len(d)), m) for d in diagrams(m, 5))
        assert ranks == list(range(1, comb(m + 5, m)))
        assert all(lengths_of_rank(k, m) == lengths_of_rank(rank_of(lengths_of_rank(k, m), m), m) for k in ranks)


def test_positions_are_every_bar_of_few_squares(chomp):
    bars = list(chomp.positions(5))
    assert len(bars) == 1 + 2 + 3 + 5 + 7  # the partitions of 1..5
    assert all(sum(map(len, b)) <= 5 for b in bars)


def test_the_command_line(capsys):
    assert main(["value", "chomp", "3x4"]) == 0
    out = capsys.readouterr().out
    assert "N-position" in out and "chomp: 4,4,4" in out
    assert main(["moves", "chomp", "3x4"]) == 0
    assert "* c2" in capsys.readouterr().out
    assert main(["value", "chomp", "2x3", "--misere"]) == 0
    assert "misère" in capsys.readouterr().out


def test_an_l_under_misere_play_is_misere_nim_on_its_arms(chomp):
    """Bouton (1901): misère Nim on heaps p, q is P iff (both heaps <= 1 and p xor q = 1) or (some heap >= 2 and
    p = q); the move given leaves a misère P-position."""
    for p, q in itertools.product(range(8), repeat=2):
        lengths = (p + 1,) + (1,) * q
        board = board_of(lengths)
        want = "P" if value(lengths, True) == 0 else "N"
        assert chomp.misere_closed_outcome(board) == want, (p, q)
        assert chomp.outcome(board, method="closed", misere=True) == want
        move = chomp.misere_closed_winning_move(board)
        if want == "P" or (p, q) == (0, 0):
            assert move is None
        else:
            assert tuple(map(len, move)) in options(lengths) and value(tuple(map(len, move)), True) == 0
    assert chomp.misere_closed_outcome(board_of((3, 2))) is None


@pytest.mark.slow
@pytest.mark.parametrize(("m", "n"), [(2, 80), (3, 30), (4, 14), (5, 10), (7, 7)])
def test_the_compiled_table_is_the_brute_force_on_larger_boxes(chomp, m, n):
    table = chomp.table(m, n)
    for lengths in diagrams(m, n):
        assert table[rank_of(lengths + (0,) * (m - len(lengths)), m)] == value(lengths), lengths


@pytest.mark.slow
def test_brouwer_three_rowed_p_positions_up_to_300():
    """Brouwer's statements for r <= 5 (see above) over the 3 x 300 box (4.6 million diagrams)."""
    found = p_positions(3, 300)
    by_r = {r: {x for x in found if x[2] == r} for r in (1, 2, 3, 4, 5)}
    assert by_r[1] == {(3, 1, 1), (2, 2, 1)}
    assert by_r[2] == {(q + 2, q, 2) for q in range(2, 299)}
    assert by_r[3] == {(6, 3, 3), (7, 4, 3), (5, 5, 3)}
    assert by_r[4] == {(8, 4, 4), (9, 5, 4), (10, 6, 4), (7, 7, 4)}
    assert by_r[5] == {(10, 5, 5), (9, 6, 5)} | {(a + 11, a + 7, 5) for a in range(290)}
    for n in range(2, 301):  # Gale 1974, Sheiner 2026: one winning opening move on every 3 x n rectangle
        wins = [o for o in options((n, n, n)) if o + (0,) * (3 - len(o)) in found]
        assert len(wins) == 1 and wins[0][0] == n, n


def test_each_explanation_arrives_at_the_brute_force_answer(chomp):
    """The Why panel's text (``closed_explanation``) ends with the value or the outcome brute force finds."""
    explained = 0
    for lengths in diagrams(4, 6):
        text = chomp.closed_explanation(board_of(lengths))
        if text is None:
            assert chomp.closed_outcome(board_of(lengths)) is None
            continue
        explained += 1
        said = re.search(r"= (\d+)$|so ([PN])$", text)
        assert said, text
        if said.group(1) is not None:
            assert int(said.group(1)) == value(lengths), text
        else:
            assert said.group(2) == ("P" if value(lengths) == 0 else "N"), text
    assert explained > 50


def test_row_lengths_with_spaces_in_one_string_are_row_lengths(chomp):
    """'3 2 1' as one string (quoted on the command line, or from Python, or one JSON field) is the bar 3,2,1,
    not a row of 321 (a silent misreading a new user found); an empty row between two rows is refused."""
    assert chomp.check_position("3 2 1") == chomp.check_position("3,2,1") == ("###", "##", "#")
    assert chomp.parse_position(["3 2 1"]) == chomp.parse_position(["3", "2", "1"]) == ("###", "##", "#")
    with pytest.raises(InvalidPosition, match="row 2 .* is empty"):
        chomp.parse_position(["###//#"])
