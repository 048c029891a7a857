"""The boards to click over HTTP: /api/value carries ``drawing`` and /api/moves each option's ``targets`` for the
games drawn as boards (the rulesets' ``drawing`` and ``move_targets`` hooks); other games carry neither."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

import sprague  # noqa: E402
from sprague.core.limits import MAX_DRAWN_VERTICES  # noqa: E402


def post(client: TestClient, path: str, body: dict) -> dict:
    resp = client.post(path, json=body)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_node_kayles_over_http_a_vertex_removes_its_closed_neighbourhood(client: TestClient) -> None:
    value = post(client, "/api/value", {"ruleset": "node-kayles", "position": "C5"})
    drawing = value["drawing"]
    assert drawing["kind"] == "graph" and [v["name"] for v in drawing["vertices"]] == ["1", "2", "3", "4", "5"]
    moves = post(client, "/api/moves", {"ruleset": "node-kayles", "position": "C5"})
    assert moves["drawing"] == drawing
    nk = sprague.ruleset("node-kayles")
    start = nk.parse_position(["C5"])
    by_target = {t: o for o in moves["options"] for t in o["targets"]}
    assert set(by_target) == {f"v:{v}" for v in range(1, 6)}
    for v in range(1, 6):  # the cycle 1-2-3-4-5-1: vertex v removes v and its two neighbours
        gone = {v, v % 5 + 1, (v - 2) % 5 + 1}
        option = nk.check_position(by_target[f"v:{v}"]["position"])
        assert set(option[0]) == set(start[0]) - gone
        assert by_target[f"v:{v}"]["winning"] == (nk.grundy(option, method="search") == 0)


def test_cram_over_http_a_target_is_a_domino_of_two_adjacent_cells(client: TestClient) -> None:
    moves = post(client, "/api/moves", {"ruleset": "cram", "position": "2x3"})
    assert moves["drawing"]["pick"] == 2 and moves["drawing"]["rows"] == ["...", "..."]
    for o in moves["options"]:
        (target,) = o["targets"]
        (r1, c1), (r2, c2) = (map(int, cell.split(",")) for cell in target.split("+"))
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert o["position"][r1][c1] == o["position"][r2][c2] == "#"


def test_large_graphs_say_why_they_are_not_drawn_and_other_games_have_no_board(client: TestClient) -> None:
    big = post(client, "/api/value", {"ruleset": "node-kayles", "position": f"P{MAX_DRAWN_VERTICES + 5}"})
    assert big["drawing"]["kind"] == "text" and f"{MAX_DRAWN_VERTICES + 5} vertices" in big["drawing"]["note"]
    nim = post(client, "/api/moves", {"ruleset": "nim", "position": [1, 2]})
    assert "drawing" not in nim and all("targets" not in o for o in nim["options"])
