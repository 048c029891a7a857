"""Loopy games on the command line (issue 19): value, moves, play with the repetition rule, graph, verify, list."""

from __future__ import annotations

import io
import sys

import pytest
from test_cli import run, run_json

EDGES = "edges=a>b,b>a,b>c,c>d"


def test_value_prints_infinity_with_its_set_and_a_draw():
    status, out, _ = run("value", "digraph", "-p", EDGES, "b")
    assert status == 0 and "G = ∞{1}, D-position (a draw" in out
    data = run_json("value", "digraph", "-p", EDGES, "b")
    assert (data["grundy"], data["outcome"]) == ("∞{1}", "D")
    assert run_json("value", "square-but-one", "4", "1")["grundy"] == "∞{1}"  # ∞{0} + *1 = ∞{1}


def test_moves_mark_the_drawing_moves():
    status, out, _ = run("moves", "digraph", "-p", EDGES, "b")
    assert status == 0 and "= b to a" in out and "1 drawing move" in out
    rows = run_json("moves", "digraph", "-p", EDGES, "b")["options"]
    assert [(r["position"], r["drawing"], r["winning"]) for r in rows] == [("a", True, False), ("c", False, False)]
    assert "* c to d" in run("moves", "digraph", "-p", EDGES, "c")[1]


def test_sum_of_a_loopy_and_a_short_game_on_the_command_line():
    data = run_json("value", "digraph", "-p", EDGES, "c", "+", "nim", "1")
    assert (data["grundy"], data["outcome"]) == (0, "P")
    assert run_json("value", "digraph", "-p", EDGES, "b", "+", "nim", "1", "--method", "search")["grundy"] == "∞{0}"


def test_play_declares_a_draw_by_repetition(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    status, out, _ = run("play", "digraph", "-p", EDGES, "b")
    assert status == 0 and "occurs 3 times with the same player to move is a draw" in out
    assert out.rstrip().endswith("has occurred 3 times with you to move (repetition rule).")


def test_graph_labels_infinite_values_and_colours_draws():
    status, out, _ = run("graph", "digraph", "-p", EDGES, "b")
    assert status == 0 and 'label="b\\nG=∞{1}  D", fillcolor="#c6dbef"' in out and "n1 -> n0;" in out


def test_verify_a_loopy_theorem_and_list_it():
    status, out, _ = run("verify", "square-but-one", "--max-heap", "400")
    assert status == 0 and "holds on all 401 positions" in out
    assert "square-but-one" in run("verify", "--list")[1]


@pytest.mark.parametrize(
    "args,message",
    [
        (["value", "digraph", "-p", "edges=a>>b", "a"], "has 2 '>'"),
        (["value", "digraph", "-p", EDGES, "z"], "no vertex 'z'"),
        (["value", "square-but-one", "3", "--misere"], "no misère play"),
        (["value", "windup", "-p", "n=4", "-p", "S=1", "9"], "not a residue"),
        (["value", "fair-shares", "60", "--max-positions", "1000"], "max-positions"),
    ],
)
def test_bad_input_is_one_line(args, message):
    status, out, err = run(*args)
    assert status != 0 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_sequence_of_a_loopy_heap_game():
    data = run_json("sequence", "windup", "-p", "n=4", "-p", "S=2", "--to", "3")
    assert data["values"] == [0, "∞{}", 1, "∞{}"] and data["outcomes"] == "PDND"
    status, out, _ = run("sequence", "square-but-one", "--to", "12")
    assert status == 0 and "gamma(n) for n = 0..12" in out and "(2 P, 4 N, 7 D)" in out
    status, _, err = run("sequence", "square-but-one", "--to", "10**9")
    assert status != 0 and "--max-positions" in err
    status, _, err = run("sequence", "square-but-one", "--to", "5", "--plot", "x.png")
    assert status != 0 and "--plot is not available for the loopy game" in err
