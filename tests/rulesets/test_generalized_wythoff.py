"""NimHof (Friedman, Garrabrant, Phipps-Morgan, Landsberg & Larsson): OEIS tables, the naive twin, Wythoff, bad input.

``tests/data/nimhof_oeis.txt`` holds the data sections of OEIS A003987 (Nim), A004481 (Wythoff),
A307296, A307298, A307299 and A307301, read by antidiagonals; ``naive.nimhof_moves`` is the rule
written out, searched by ``naive.grundy``.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import naive
import sprague
from sprague.errors import BudgetExceeded, InvalidParameter, InvalidPosition, TooLarge
from sprague.kernels.rays import ray_steps, ray_table

DATA = Path(__file__).resolve().parents[1] / "data" / "nimhof_oeis.txt"


def oeis_rows() -> list[tuple[str, str, list[int]]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        anumber, rules, terms = (part.strip() for part in line.split("|"))
        rows.append((anumber, rules, [int(t) for t in terms.split(",")]))
    return rows


ROWS = oeis_rows()


def vectors(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(a) for a in row.split(",")) for row in text.split(";")]


def test_the_data_file_holds_the_six_sequences():
    assert [a for a, _, _ in ROWS] == ["A003987", "A004481", "A307296", "A307298", "A307299", "A307301"]
    assert all(len(terms) >= 80 for _, _, terms in ROWS)


@pytest.mark.parametrize("anumber,rules,terms", ROWS, ids=[r[0] for r in ROWS])
def test_oeis_tables_by_the_kernel_and_by_search(anumber, rules, terms):
    g = sprague.ruleset("nimhof", R=rules)
    grid = g.table(13, heaps=2, values="grundy").to_grid()  # grid[y, x]
    assert naive.antidiagonals(lambda x, y: int(grid[y, x]), len(terms)) == terms
    fresh = sprague.ruleset("nimhof", R=rules)
    assert naive.antidiagonals(lambda x, y: fresh.grundy((x, y), method="search"), len(terms)) == terms


@pytest.mark.parametrize("seed", range(6))
def test_two_heaps_random_rules_equal_naive(seed):
    rng = random.Random(seed)
    rules = list({(rng.randrange(4), rng.randrange(4)) for _ in range(rng.randrange(1, 5))} - {(0, 0)}) or [(1, 2)]
    text = ";".join(f"{a},{b}" for a, b in rules)
    g = sprague.ruleset("nimhof", R=text)
    moves = naive.nimhof_moves(rules)
    box = ray_table(rules, (11, 9))
    for x, y in itertools.product(range(12), range(10)):
        assert int(box[x, y]) == naive.grundy(moves, (x, y)), (text, x, y)
    for pos in [(11, 9), (7, 3), (0, 5)]:
        assert g.grundy(pos) == naive.grundy(moves, pos)
        assert sorted(g.options(pos)) == moves(pos)
        assert set(g.winning_moves(pos)) == {o for o in moves(pos) if naive.grundy(moves, o) == 0}


@pytest.mark.parametrize(
    "rules,top",
    [("1,0,0;0,1,0;0,0,1;1,1,1", (4, 5, 3)), ("2,1,0;0,1,3;1,1,1", (6, 5, 7)), ("3", (20,)), ("2;3", (25,))],
)
def test_other_heap_counts_equal_naive(rules, top):
    g = sprague.ruleset("nimhof", R=rules)
    moves = naive.nimhof_moves(vectors(rules))
    box = g.box(top)
    for pos in itertools.product(*(range(t + 1) for t in top)):
        assert int(box[pos]) == naive.grundy(moves, pos), pos
    assert g.grundy(top) == naive.grundy(moves, top)


def test_ray_steps_is_the_exact_number_of_kernel_steps():
    rng = random.Random(7)
    for _ in range(10):
        d = rng.randrange(1, 4)
        rules = [tuple(rng.randrange(3) for _ in range(d)) for _ in range(3)]
        rules = [v for v in rules if any(v)] or [(1,) * d]
        top = tuple(rng.randrange(6) for _ in range(d))
        count = 0  # every (rule, multiple) that stays in the box: the kernel's steps, repeats included
        for p in itertools.product(*(range(t + 1) for t in top)):
            for v in rules:
                i = 1
                while all(x - i * a >= 0 for x, a in zip(p, v)):
                    count, i = count + 1, i + 1
        assert ray_steps(rules, top) == count


def test_wythoff_via_nimhof_equals_the_wythoff_ruleset():
    hof, wyt = sprague.ruleset("nimhof", R="1,0;1,1;0,1"), sprague.ruleset("wythoff")
    grid = hof.table(24, heaps=2, values="grundy").to_grid()
    for x, y in itertools.product(range(25), repeat=2):
        assert int(grid[y, x]) == wyt.grundy((x, y), method="search"), (x, y)
    big = hof.table(300, heaps=2, values="outcome")
    assert big.p_positions() == [p for p, _ in big if wyt.closed_outcome(p) == "P"]


def test_nimhof_is_not_nimhoff():
    """Nimhoff takes each vector once (and any amount from one heap); NimHof takes any multiple of a vector."""
    hof, hoff = sprague.ruleset("nimhof", R="1,1"), sprague.ruleset("nimhoff", R="1,1")
    assert hof.is_move((5, 5), (2, 2)) and not hoff.is_move((5, 5), (2, 2))
    assert not hof.is_move((5, 5), (5, 2)) and hoff.is_move((5, 5), (5, 2))
    assert "once" in (sprague.rulesets.generalized_wythoff.NimHof.__doc__ or "")


@pytest.mark.parametrize(
    "R,words",
    [
        ("1,0;0,0", "zero vector '0,0': moving by it is a pass"),
        ([(1, 0), (0, 0)], "zero vector '0,0'"),
        ("1,0;-1,1", "negative entry"),
        ("1,0;1,1,1", "different lengths"),
        ("1,x", "not a vector of integers"),
        ("", "not a vector of integers"),
    ],
)
def test_bad_rules_are_one_line_invalid_parameter(R, words):
    with pytest.raises(InvalidParameter, match=words) as info:
        sprague.ruleset("nimhof", R=R)
    assert "\n" not in str(info.value)


def test_bad_positions():
    g = sprague.ruleset("nimhof", R="1,0;1,1;0,1")
    with pytest.raises(InvalidPosition, match="played on 2 heaps"):
        g.grundy((1, 2, 3))
    with pytest.raises(InvalidPosition):
        g.grundy((1, -2))


def test_large_boxes_are_refused_before_they_start():
    # the compiled box's work is exact (its cells, or its ray steps): over the positions limit it is refused before
    # it starts, and the search it falls back to (which may visit fewer positions) stops at the work budget
    g = sprague.ruleset("nimhof", R="1,0;1,1;0,1")
    with sprague.budget(work=50_000) as b:
        with pytest.raises(TooLarge, match="box of heaps 0..1000x1000 would take 2,671,669 positions.*--max-positions"):
            g.box((1000, 1000))
        with pytest.raises(TooLarge, match="10,000,200,001 positions.*--max-positions"):
            g.table(10**5, heaps=2)
        assert b.spent == 0 and "grid" not in g.solver.cache  # refused at once: no work counted, no box kept
    work = 50_000
    with sprague.budget(work=work) as b, pytest.raises(BudgetExceeded, match=r"from \(1000, 1000\).*--max-work"):
        g.grundy((1000, 1000))
    assert work < b.spent <= work + 4 + 3000  # one position's charge over at most (its options: x + y + min(x, y))
    memo = g.solver.search.memo  # the values found are kept, each of them right
    assert len(memo) > 100
    top = tuple(max(k[i] for k in memo) for i in (0, 1))
    grid = g.box(top)
    assert all(value == grid[key] for key, value in memo.items())
    assert g.grundy((200, 300)) == g.box((250, 300))[200, 300]  # a smaller box is a slice of the one kept


def test_cli_table_and_value():
    import io

    from sprague.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert (
        main(["table", "nimhof -p R=1,0;1,1;2,3;1,2;0,1", "--max", "12", "--values", "grundy"], out=out, err=err) == 0
    )
    lines = out.getvalue().splitlines()
    assert lines[-2].split() == [str(x) for x in range(13)]  # the x axis
    assert lines[-4].split()[:4] == ["0", "|", "0", "1"]  # row y = 0: G(x, 0) = x
    out = io.StringIO()
    assert main(["value", "nimhof", "-p", "R=1,0;1,1;0,1", "4", "7"], out=out, err=err) == 0
    assert "G = 0, P-position" in out.getvalue() and "compiled NimHof kernel" in out.getvalue()
