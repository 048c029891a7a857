"""``sprague graph --misere`` and ``sprague table --misere``: misère labels and tables, against tests/naive.py."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np
import pytest

import naive
from sprague.cli import main

MISERE_HEAD = "misère play (the last mover loses): "


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def grid_rows(text: str) -> dict[int, list[str]]:
    """Row heap -> the cells of that row, from ``sprague table``'s text grid."""
    rows = {}
    for line in text.splitlines():
        if m := re.match(r"^\s*(\d+) \| (.*)$", line):
            rows[int(m.group(1))] = m.group(2).split()
    return rows


def test_table_of_a_sum_of_two_games_under_misere_play() -> None:
    """Handout homework 3's sum, subtraction {1, 2} along the bottom and {1, 3} up the side, under misère play."""
    moves = naive.sum_moves([naive.subtraction_moves({1, 2}), naive.subtraction_moves({1, 3})])
    status, out, err = run(
        "table", "subtraction -p S=1,2", "subtraction -p S=1,3", "--min", "0", "--max", "7", "--misere"
    )
    assert status == 0, err
    assert out.splitlines()[0] == MISERE_HEAD + "misère outcomes"
    rows = grid_rows(out)
    assert sorted(rows) == list(range(8))
    for y, cells in rows.items():
        assert cells == [naive.misere_outcome(moves, ((x,), (y,))) for x in range(8)], y
    status, normal, _ = run("table", "subtraction -p S=1,2", "subtraction -p S=1,3", "--min", "0", "--max", "7")
    assert "misère" not in normal and grid_rows(normal) != rows

    status, out, err = run(
        "table",
        "subtraction -p S=1,2",
        "subtraction -p S=1,3",
        "--min",
        "0",
        "--max",
        "5",
        "--misere",
        "--values",
        "grundy",
        "--json",
    )
    assert status == 0, err
    data = json.loads(out)
    assert data["misere"] is True and data["values"] == "grundy"
    assert data["table"] == [[naive.misere_grundy(moves, ((x,), (y,))) for x in range(6)] for y in range(6)]


def test_table_of_one_game_under_misere_play() -> None:
    """Two heaps of subtraction {1, 2, 5}: a misère table is not the nim-sum of the sequence."""
    S = {1, 2, 5}

    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        return sorted({tuple(sorted(o)) for o in naive.subtraction_moves(S)(heaps)})

    status, out, err = run("table", "subtraction -p S=1,2,5", "--max", "9", "--misere", "--values", "grundy")
    assert status == 0, err
    assert out.splitlines()[0] == MISERE_HEAD + "misère Grundy values g- (P iff 0)"
    for y, cells in grid_rows(out).items():
        assert [int(c) for c in cells] == [naive.misere_grundy(moves, tuple(sorted((x, y)))) for x in range(10)], y
    status, out, err = run("table", "nim", "--max", "4", "--misere")
    assert status == 0, err
    assert grid_rows(out)[0][:2] == ["N", "P"]  # 0 0: no move, the player to move has won; 1 0: must take it


def test_heap_table_under_misere_play_json_text_and_save(tmp_path: Path) -> None:
    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        return sorted({tuple(sorted(o)) for o in naive.nim_moves(heaps)})

    status, out, err = run("table", "nim", "--heaps", "3", "--max", "5", "--misere", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["misere"] is True and data["positions"] == 56 and "misère" in data["method"]
    expected = [list(p) for p in naive.multisets(3, 0, 5) if naive.misere_outcome(moves, tuple(p)) == "P"]
    assert sorted(data["p_positions"]) == sorted(expected)
    status, out, err = run(
        "table",
        "nim",
        "--heaps",
        "3",
        "--max",
        "5",
        "--misere",
        "--values",
        "grundy",
        "--save",
        str(tmp_path / "t.csv"),
    )
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("nim: 56 positions of 3 heaps in 0..5, misère play (the last mover loses) (")
    assert lines[1].startswith(f"{len(expected)} misère P-positions; the first: ")
    values = {naive.misere_grundy(moves, tuple(p)) for p in naive.multisets(3, 0, 5)}
    assert lines[2].startswith(f"{len(values)} distinct misère Grundy values g-, largest {max(values)}; ")
    saved = np.loadtxt(tmp_path / "t.csv", delimiter=",", skiprows=1, dtype=int)
    assert (tmp_path / "t.csv").read_text().splitlines()[0] == "heap1,heap2,heap3,misere_grundy"
    assert all(row[3] == naive.misere_grundy(moves, tuple(row[:3])) for row in saved.tolist())


def test_misere_table_too_large_is_refused_with_its_size_and_the_option() -> None:
    status, _, err = run("table", "nim", "--heaps", "3", "--max", "300", "--misere")
    assert status == 2
    assert err == (
        "sprague: error: nim: a misère table of 3 heaps of 0..300 would take 4,590,551 positions, over the "
        "limit of 2,000,000; raise the limit with --max-positions N (Python: max_positions=N)\n"
    )


@pytest.mark.parametrize("args", [["nim", "2", "1", "1"], ["subtraction", "-p", "S=1,2,5", "8"], ["kayles", "2", "3"]])
def test_graph_under_misere_play(args: list[str]) -> None:
    status, out, err = run("graph", *args, "--misere")
    assert status == 0, err
    assert "misère play (the last mover loses)" in out.splitlines()[1]
    labels = re.findall(r'label="([^"\\]*)\\ng-=(\d+)  ([PN])"', out)
    assert labels and len(labels) == out.count("fillcolor=")
    if args[0] == "nim":
        moves, key = naive.nim_moves, lambda text: tuple(int(t) for t in text.split())
    elif args[0] == "subtraction":
        moves, key = naive.subtraction_moves({1, 2, 5}), lambda text: (int(text),)
    else:
        moves, key = naive.kayles_moves, lambda text: tuple(sorted(int(t) for t in text.split() if int(t)))
    for position, g, outcome in labels:
        assert int(g) == naive.misere_grundy(moves, key(position)), position
        assert outcome == naive.misere_outcome(moves, key(position)), position
