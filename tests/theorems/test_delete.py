"""The Delete Nim family (000, 001, 004) against brute force.

Reference values come from ``tests/naive.py`` (move generators written from the
rules, memoised recursive mex; no import of :mod:`sprague`). Every closed form
is compared on every position of a box; every constructive winning move is
checked to be a legal move to a P-position according to that search.
"""

from __future__ import annotations

import itertools
import random

import pytest

import naive
import sprague
from sprague.theorems.delete import single_delete_4_as_printed, single_delete_4_is_p

# (ruleset name, params, naive move function, heaps n, largest heap)
BOXES = [
    ("vdn", {}, naive.single_delete_moves, 2, 30),
    ("single-delete", {}, naive.single_delete_moves, 3, 20),
    ("single-delete", {}, naive.single_delete_moves, 4, 16),
    ("single-delete", {}, naive.single_delete_moves, 5, 7),
    ("abo-delete", {}, naive.abo_delete_moves, 3, 16),
    ("abo-delete", {}, naive.abo_delete_moves, 4, 12),
    ("nmth-delete", {}, naive.nmth_delete_moves, 3, 16),
    ("nmth-delete", {}, naive.nmth_delete_moves, 4, 10),
    ("nmth-delete", {}, naive.nmth_delete_moves, 5, 8),
    ("half-delete", {}, naive.fraction_delete_moves(2), 2, 24),
    ("half-delete", {}, naive.fraction_delete_moves(2), 4, 12),
    ("fraction-delete", {"k": 3}, naive.fraction_delete_moves(3), 3, 18),
    ("fraction-delete", {"k": 3}, naive.fraction_delete_moves(3), 6, 6),
    ("fraction-delete", {"k": 4}, naive.fraction_delete_moves(4), 4, 14),
]


def _box_id(name: str, p: dict, _moves: object, n: int, h: int) -> str:
    return f"{name}{'-k' + str(p['k']) if p else ''}-{n}x{h}"


IDS = [_box_id(*box) for box in BOXES]
# The two biggest boxes (about 3 s each) run in the slow pass only; the default run has a smaller box of each.
SLOW_BOXES = {"single-delete-4x16", "fraction-delete-k4-4x14"}
SMALL_BOXES = [
    ("single-delete", {}, naive.single_delete_moves, 4, 12),
    ("fraction-delete", {"k": 4}, naive.fraction_delete_moves(4), 4, 10),
]
OUTCOME_BOXES = [
    pytest.param(*box, id=i, marks=[pytest.mark.slow] if i in SLOW_BOXES else []) for box, i in zip(BOXES, IDS)
]
OUTCOME_BOXES += [pytest.param(*box, id=_box_id(*box)) for box in SMALL_BOXES]


def positions(n: int, hi: int, lo: int = 1) -> list[tuple[int, ...]]:
    return naive.multisets(n, lo, hi)


@pytest.mark.parametrize("name,params,moves,n,hi", OUTCOME_BOXES)
def test_outcome_and_winning_move_against_search(name, params, moves, n, hi):
    g = sprague.ruleset(name, **params)
    closed = 0
    for pos in positions(n, hi):
        truth = naive.outcome(moves, pos)
        claimed = g.closed_outcome(pos)
        if claimed is not None:
            closed += 1
            assert claimed == truth, pos
        assert g.outcome(pos) == truth, pos
        move = g.winning_move(pos)
        if truth == "P":
            assert move is None, pos
        else:
            assert move is not None and tuple(sorted(move)) in set(moves(pos)), (pos, move)
            assert naive.outcome(moves, tuple(sorted(move))) == "P", (pos, move)
    assert closed > 0


@pytest.mark.parametrize("name,params,moves,n,hi", BOXES[:5] + BOXES[6:7], ids=IDS[:5] + IDS[6:7])
def test_moves_are_the_rules(name, params, moves, n, hi):
    g = sprague.ruleset(name, **params)
    for pos in positions(n, min(hi, 10)):
        assert sorted(set(tuple(sorted(o)) for o in g.options(pos))) == moves(pos), pos


def test_grundy_closed_forms_against_search():
    dn, vdn = sprague.ruleset("delete-nim"), sprague.ruleset("vdn")
    for x, y in itertools.product(range(31), repeat=2):
        assert dn.grundy((x, y)) == naive.grundy(naive.delete_nim_moves, tuple(sorted((x, y))))
        if x and y:
            assert vdn.grundy((x, y)) == naive.grundy(naive.single_delete_moves, tuple(sorted((x, y))))


def test_delete_nim_options_of_each_value_are_constructed():
    dn = sprague.ruleset("delete-nim")
    for x, y in itertools.product(range(20), repeat=2):
        g = dn.grundy((x, y))
        for value in range(g):
            option = dn.option_with_value((x, y), value)
            assert option in naive.delete_nim_moves(tuple(sorted((x, y))))
            assert naive.grundy(naive.delete_nim_moves, option) == value


def test_vdn_is_delete_nim_shifted_lemma_1_7():
    """000 Lemma 1.7: F(x, y) = (x-1, y-1) maps VDN's moves onto Delete Nim's, one to one."""
    for x, y in itertools.product(range(1, 25), repeat=2):
        shifted = sorted(tuple(sorted((a - 1, b - 1))) for a, b in naive.single_delete_moves(tuple(sorted((x, y)))))
        assert shifted == naive.delete_nim_moves(tuple(sorted((x - 1, y - 1))))


def test_results_do_not_depend_on_heap_order():
    g = sprague.ruleset("single-delete")
    for pos in [(6, 5, 4, 3), (8, 12, 14, 47), (294, 208, 304, 432)]:
        assert len({g.outcome(p) for p in itertools.permutations(pos)}) == 1
        assert len({g.winning_move(p) for p in itertools.permutations(pos)}) == 1


# -------------------------------------------------- 004 Thm 1.5: refuted, corrected
def test_printed_theorem_1_5_misjudges_8_12_14_47():
    """The cheap half of the next test (which is slow: naive search over every option), for the default run."""
    pos = (8, 12, 14, 47)
    assert not single_delete_4_as_printed(pos, 4) and not single_delete_4_as_printed(pos, 1)
    assert single_delete_4_is_p(pos)
    assert sprague.ruleset("single-delete").outcome(pos) == "P"


@pytest.mark.slow  # the naive search from every option of <8, 12, 14, 47> (about 10 s)
def test_printed_theorem_1_5_is_refuted_by_search():
    """004 Thm 1.5 (5A) as printed calls <8, 12, 14, 47> an N-position; every option of it is N."""
    pos = (8, 12, 14, 47)
    assert not single_delete_4_as_printed(pos, 4) and not single_delete_4_as_printed(pos, 1)
    options = naive.single_delete_moves(pos)
    assert options and all(naive.outcome(naive.single_delete_moves, o) == "N" for o in options)
    assert single_delete_4_is_p(pos)
    assert sprague.ruleset("single-delete").outcome(pos) == "P"


def corrected_literal(h) -> bool:
    """(5A') read digit by digit, written independently of the package's masks.

    Columns up to d+1 are judged by the printed statement on the heaps cut to their
    low d+1 bits (there every higher column is 0, so the printed (5A) holds); in
    case (5) (all valuations distinct, three 1s in column d+1) the columns above
    must then pass (5A'): going up, the first sum that is not 3 or 4 is 0.
    """
    q = sorted(h, key=sprague.v2)
    vals = [sprague.v2(z) for z in q]
    d = vals[3]
    cut = [z & ((1 << (d + 1)) - 1) for z in q]
    if not single_delete_4_as_printed(cut, 4):
        return False
    if len(set(vals)) < 4 or sum((z >> d) & 1 for z in q[:3]) != 3:
        return True
    i = d + 1
    while True:
        total = sum((z >> i) & 1 for z in q)
        if total not in (3, 4):
            return total == 0
        i += 1


def lifted_case_4_5_positions(rng: random.Random, count: int, top_bits: int) -> list[tuple[int, ...]]:
    """P-positions of cases (4)/(5) with heaps <= 64 (found by search), with random bits set above column d+1."""
    from sprague.solve.tabulate import box_table

    positions, outcome = box_table(sprague.ruleset("single-delete"), heaps=4, max_heap=64, values="outcome")
    base = [
        tuple(int(v) for v in p)
        for p, o in zip(positions, outcome)
        if o == 0 and len({sprague.v2(int(v)) for v in p}) == 4
    ]
    assert len(base) > 100
    out = []
    for _ in range(count):
        pos = list(rng.choice(base))
        low = max(sprague.v2(z) for z in pos) + 1
        for bit in range(low, top_bits):  # each column above d+1: a random set of heaps gets the bit
            for j in rng.sample(range(4), rng.choice([0, 1, 2, 3, 3, 3, 4, 4, 4])):
                pos[j] |= 1 << bit
        out.append(tuple(pos))
    return out


def test_corrected_theorem_equals_its_digit_by_digit_reading_on_big_heaps():
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for top in (9, 40, 400):
        for pos in lifted_case_4_5_positions(rng, 700, top):
            fast = single_delete_4_is_p(pos)
            assert fast == corrected_literal(pos), pos
            assert single_delete_4_as_printed(pos, 1) == single_delete_4_as_printed(pos, 4)
            if single_delete_4_as_printed(pos, 4):
                assert fast  # the correction only adds P-positions
            seen[fast] += 1
    assert min(seen.values()) > 200  # both outcomes exercised


def test_single_delete_4_winning_moves_on_lifted_big_positions():
    """Cases (3)-(5) on 100-digit-scale heaps: N-positions get a legal move to P; P-positions have no P option."""
    rng = random.Random(11)
    g = sprague.ruleset("single-delete")
    for pos in lifted_case_4_5_positions(rng, 150, 330):
        pos = tuple(z + (rng.randrange(1, 64) if rng.random() < 0.5 else 0) for z in pos)  # some become N
        if g.outcome(pos) == "N":
            move = g.winning_move(pos)
            assert move is not None and g.apply(pos, move) and g.outcome(move) == "P", pos
        else:
            for _ in range(20):  # random options of a P-position are N by the theorem
                i, j = rng.sample(range(4), 2)
                a = rng.randrange(1, pos[i])
                rest = [pos[k] for k in range(4) if k not in (i, j)]
                assert g.outcome(tuple(rest + [a, pos[i] - a])) == "N"


def test_huge_heaps_answer_from_the_theorems():
    rng = random.Random(7)
    cases = [
        ("single-delete", 3),
        ("single-delete", 4),
        ("abo-delete", 3),
        ("nmth-delete", 5),
        ("half-delete", 4),
        ("fraction-delete", 6),
        ("vdn", 2),
    ]
    for name, n in cases:
        g = sprague.ruleset(name, k=3) if name == "fraction-delete" else sprague.ruleset(name)
        for _ in range(6):
            pos = tuple(rng.randrange(10**999, 10**1000) << rng.randrange(3) for _ in range(n))
            if g.outcome(pos) == "N":
                move = g.winning_move(pos)
                assert move is not None, (name, "no move")
                assert g.apply(pos, move) and g.outcome(move) == "P", name
            else:
                assert g.winning_move(pos) is None


def test_single_delete_4_value_from_theorem_and_grundy_by_search():
    g = sprague.ruleset("single-delete")
    assert g.outcome((45053, 62932, 32576, 64512)) == "P"
    assert g.grundy((6, 5, 4, 3)) == naive.grundy(naive.single_delete_moves, (3, 4, 5, 6))
    big = (45053, 62932, 32576, 64512)
    count = g.option_count(big)
    assert count == 774_132  # the search lists every option of the start: a lower bound of its work
    with sprague.budget(work=100_000) as b, pytest.raises(sprague.BudgetExceeded, match="--max-work") as info:
        g.grundy(big)
    assert "needs at least 774,132 units" in str(info.value) and info.value.estimate == count > info.value.limit
    assert b.spent == 0  # refused at once, by the lower bound
    work = 1_000_000  # over the lower bound: the search starts, and stops at the budget
    with sprague.budget(work=work) as b, pytest.raises(sprague.BudgetExceeded, match="--max-work") as info:
        g.grundy(big)
    assert "stopped at the work budget of 1,000,000" in str(info.value)
    assert work < b.spent <= work + 4 + count  # over by one position's charge at most


@pytest.mark.parametrize(
    "name,params,pos,match",
    [
        ("half-delete", {}, (3, 5, 7), "even number of heaps"),
        ("fraction-delete", {"k": 3}, (3, 5, 7, 9), "multiple of 3"),
        ("single-delete", {}, (3, 0, 5), "at least 1"),
        ("delete-nim", {}, (3, -1), "negative"),
        ("vdn", {}, (3, 4, 5), "exactly 2 heaps"),
    ],
)
def test_bad_heap_counts_are_clear_errors(name, params, pos, match):
    with pytest.raises(sprague.InvalidPosition, match=match):
        sprague.ruleset(name, **params).outcome(pos)


def test_prop_4_2_twos_by_search():
    """004 Prop 4.2: <2, ..., 2> is N iff n mod 3 = 2 (search, n = 2..9)."""
    for n in range(2, 10):
        assert naive.outcome(naive.single_delete_moves, (2,) * n) == ("N" if n % 3 == 2 else "P")


def test_winning_moves_of_huge_positions_refuse_and_point_to_the_construction():
    g = sprague.ruleset("single-delete")
    pos = (10**1000 + 1, 3 * 10**999, 2**3000, 7 * 10**999 + 5)
    with pytest.raises(sprague.TooLarge, match=r"winning_move\(\) constructs one") as info:
        g.winning_moves(pos)
    assert len(str(info.value)) < 300  # no 1000-digit heaps in the message
    move = g.winning_move(pos)
    assert g.apply(pos, move) and g.outcome(move) == "P"


def test_cli_moves_and_table_slice():
    import io

    from sprague.cli import main

    out = io.StringIO()
    assert main(["moves", "single-delete", "10**30+1", "10**29", "2**100", "10**29+5"], out, io.StringIO()) == 0
    lines = out.getvalue().splitlines()
    assert "showing one winning move, constructed" in lines[1] and lines[2].startswith("* ")
    assert "there may be more" in lines[-1]
    out = io.StringIO()
    assert (
        main(
            ["table", "single-delete", "--fixed", "1", "--min", "1", "--max", "6", "--values", "grundy"],
            out,
            io.StringIO(),
        )
        == 0
    )
    rows = {
        int(line.split("|")[0]): line.split("|")[1].split()
        for line in out.getvalue().splitlines()
        if "|" in line and line.split("|")[0].strip().isdigit()
    }
    for y, cells in rows.items():
        for x, cell in enumerate(cells, start=1):
            assert int(cell) == naive.grundy(naive.single_delete_moves, tuple(sorted((x, y, 1)))), (x, y)


@pytest.mark.parametrize("seed", range(8))
def test_perfect_player_wins_single_delete_6543_against_random(seed):
    """`sprague play single-delete 6 5 4 3`: the computer's every move leaves a P-position by naive search."""
    from sprague.play import PerfectPlayer, RandomPlayer, play_match

    g = sprague.ruleset("single-delete")
    assert naive.outcome(naive.single_delete_moves, (3, 4, 5, 6)) == "N"
    result = play_match(g, (6, 5, 4, 3), PerfectPlayer(), RandomPlayer(seed=seed), output_fn=lambda line: None)
    assert result.winner == 0
    for player, option, _ in result.moves:
        if player == 0:
            assert naive.outcome(naive.single_delete_moves, tuple(sorted(option))) == "P"


def test_cli_play_single_delete_against_a_person():
    import io
    import sys

    from sprague.cli import main

    out = io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("1\n" * 20)  # always take the first listed move
    try:
        main(["play", "single-delete", "6", "5", "4", "3"], out, io.StringIO())
    finally:
        sys.stdin = stdin
    text = out.getvalue()
    assert text.rstrip().endswith("The computer wins."), text[-300:]
    assert text.count("(moves to a P-position") >= 3
