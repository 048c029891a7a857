"""The boards the web page draws to click (``Rules.drawing``) and the elements each move is played by
(``Rules.move_targets``): every option's targets are elements of the drawing, each element plays at most one move
(where the game says a click names one), and a click does what the rules say, worked out here from the rules
themselves (not from the ruleset's ``moves``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sprague
from sprague.core.limits import MAX_DRAWN_CELLS, MAX_DRAWN_VERTICES

CASES = [
    ("node-kayles", "C5"),
    ("node-kayles", "K3 7"),
    ("node-kayles", "G2x3"),
    ("arc-kayles", "S4"),
    ("arc-kayles", "P4 9"),
    ("vertex-geography", "a-b b-c c-a c-d d-e @a"),
    ("vertex-geography", "a>b b>c c>a a>c @a"),
    ("edge-geography", "a>b a>b b>a a-b b-c c-a c-d @a"),
    ("chomp", "3,2,1"),
    ("chomp", "4,4,2"),
    ("cram", "2x3"),
    ("cram", ".#./..."),
    ("dawsons-chess-board", "3x5"),
    ("dawsons-chess-board", "...ppp/.p..../.P.PPP"),
]


def element_ids(drawing: dict[str, Any]) -> set[str]:
    """The ids of what a click may name: vertices and edges, or cells (and pairs of cells)."""
    if drawing["kind"] == "graph":
        return {v["id"] for v in drawing["vertices"]} | {e["id"] for e in drawing["edges"]}
    return {f"{r},{c}" for r, row in enumerate(drawing["rows"]) for c in range(len(row))}


def targets_of(name: str, text: str) -> tuple[Any, Any, dict[str, Any], dict[str, Any]]:
    r = sprague.ruleset(name)
    p = r.parse_position(text.split())
    drawing = r.drawing(p)
    assert drawing is not None and drawing["kind"] in ("graph", "cells")
    by = {}
    for o in r.options(p):
        for t in r.move_targets(p, o):
            assert t not in by, f"{name} {text}: {t} plays two moves"
            by[t] = o
    return r, p, drawing, by


@pytest.mark.parametrize(("name", "text"), CASES)
def test_targets_are_elements_of_the_drawing(name: str, text: str) -> None:
    r, p, drawing, by = targets_of(name, text)
    ids = element_ids(drawing)
    for t in by:
        assert set(t.split("+")) <= ids, (t, ids)
    assert set(by.values()) == set(r.options(p)), "every move is played by some element"


def closed_neighbourhood(edges: Any, v: int) -> set[int]:
    return {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}


@pytest.mark.parametrize("text", ["C5", "K3 7", "G2x3", "P6"])
def test_node_kayles_a_vertex_removes_its_closed_neighbourhood(text: str) -> None:
    r, p, drawing, by = targets_of("node-kayles", text)
    assert {v["id"] for v in drawing["vertices"]} == set(by), "every vertex is a move"
    for v in p[0]:
        gone = closed_neighbourhood(p[1], v)
        assert by[f"v:{v}"] == (tuple(u for u in p[0] if u not in gone), tuple(e for e in p[1] if not gone & set(e)))


@pytest.mark.parametrize("text", ["S4", "P4 9", "C5"])
def test_arc_kayles_an_edge_removes_its_ends(text: str) -> None:
    r, p, drawing, by = targets_of("arc-kayles", text)
    assert {e["id"] for e in drawing["edges"]} == set(by), "every edge is a move"
    for e in drawing["edges"]:
        ends = {int(e["from"]), int(e["to"])}
        assert by[e["id"]][0] == tuple(u for u in p[0] if u not in ends)


def test_geography_token_and_directions() -> None:
    r, p, drawing, by = targets_of("vertex-geography", "a>b b>c c>a a>c @a")
    assert drawing["token"] == "a" and all(e["directed"] for e in drawing["edges"])
    assert {t: o.token for t, o in by.items()} == {"v:b": "b", "v:c": "c"}
    r, p, drawing, by = targets_of("edge-geography", "a>b a>b b>a a-b b-c c-a c-d @a")
    arcs = {e["id"]: (e["from"], e["to"], e["directed"]) for e in drawing["edges"]}
    for t, o in by.items():
        a, b, directed = arcs[t]
        assert (a == "a" and o.token == b) or (not directed and b == "a" and o.token == a), (t, o)
    # the two parallel arcs a>b make one move; the arc b>a none (it leaves b, not the token's vertex)
    assert by["e:0"] == by["e:1"] and "e:2" not in by


@pytest.mark.parametrize("text", ["3,2,1", "4,4,2", "5"])
def test_chomp_a_square_eats_below_and_right(text: str) -> None:
    r, p, drawing, by = targets_of("chomp", text)
    assert drawing["marks"] == {"0,0": "poisoned"}
    squares = {f"{i},{j}" for i, row in enumerate(p) for j in range(len(row))}
    assert set(by) == squares - {"0,0"}, "every square but the poisoned one is a move"
    for t, o in by.items():
        i, j = map(int, t.split(","))
        left = [min(len(row), j) if k >= i else len(row) for k, row in enumerate(p)]
        assert [len(row) for row in o] == [n for n in left if n]


@pytest.mark.parametrize("text", ["2x3", ".#./...", "3x3"])
def test_cram_a_pair_of_adjacent_empty_cells_is_a_domino(text: str) -> None:
    r, p, drawing, by = targets_of("cram", text)
    assert drawing["pick"] == 2
    pairs = set()
    for i, row in enumerate(p):
        for j, x in enumerate(row):
            if x == "." and j + 1 < len(row) and row[j + 1] == ".":
                pairs.add(f"{i},{j}+{i},{j + 1}")
            if x == "." and i + 1 < len(p) and p[i + 1][j] == ".":
                pairs.add(f"{i},{j}+{i + 1},{j}")
    assert set(by) == pairs
    for t, o in by.items():
        cells = [tuple(map(int, c.split(","))) for c in t.split("+")]
        assert all(o[i][j] == "#" for i, j in cells) and sum(map(str.count, o, "#" * len(o))) >= 2


@pytest.mark.parametrize("text", ["3x5", "...ppp/.p..../.P.PPP", "3x1"])
def test_dawsons_board_a_pawn_plays_its_turn(text: str) -> None:
    r, p, drawing, by = targets_of("dawsons-chess-board", text)
    assert drawing["names"][2][0] == "a1", "ranks from the mover's side"
    for t, o in by.items():
        i, j = map(int, t.split(","))
        assert p[i][j] == "P", "a click names the mover's pawn"
        assert r.describe_move(p, o).startswith(("push " + drawing["names"][i][j], drawing["names"][i][j][0] + "x"))


def test_random_positions_keep_targets_inside_the_drawing() -> None:
    rng = random.Random(36)
    for name in ("node-kayles", "arc-kayles", "vertex-geography", "edge-geography", "chomp", "cram"):
        r = sprague.ruleset(name)
        for _ in range(15):
            p = r.random_position(rng)
            drawing = r.drawing(p)
            ids = element_ids(drawing)
            for o in r.options(p):
                for t in r.move_targets(p, o):
                    assert set(t.split("+")) <= ids


def test_large_positions_are_written_as_text_and_say_why() -> None:
    nk = sprague.ruleset("node-kayles")
    big = nk.drawing(nk.parse_position([f"P{MAX_DRAWN_VERTICES + 1}"]))
    assert big["kind"] == "text" and f"{MAX_DRAWN_VERTICES + 1} vertices" in big["note"]
    cram = sprague.ruleset("cram")
    assert cram.drawing(cram.parse_position([f"1x{MAX_DRAWN_CELLS + 1}"]))["kind"] == "text"
    # and the answers of the API carry no targets then
    from sprague.present.reports import moves_report

    data = moves_report(nk, nk.parse_position([f"P{MAX_DRAWN_VERTICES + 1}"]), max_positions=10**6)
    assert data["drawing"]["kind"] == "text" and all("targets" not in o for o in data["options"])


def test_games_without_a_board_to_click_have_no_drawing() -> None:
    from sprague.present.reports import moves_report, value_report

    nim = sprague.ruleset("nim")
    assert nim.drawing((1, 2)) is None and "drawing" not in value_report(nim, (1, 2))
    assert all("targets" not in o for o in moves_report(nim, (1, 2))["options"])
