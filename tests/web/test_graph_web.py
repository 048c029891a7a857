"""POST /api/graph, the game graph the page labels P and N (issue 36, teaching views): every node's outcome and
value against brute force (tests/naive.py), the graph against the positions brute force reaches, the limit, the
budget and bad input."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

import naive  # noqa: E402
import sprague  # noqa: E402
from sprague.errors import TooLarge  # noqa: E402
from sprague.present.graph import graph_report  # noqa: E402


def graph(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    resp = client.post("/api/graph", json=body)
    assert resp.status_code == 200, resp.text
    data: dict[str, Any] = resp.json()
    return data


def cram_moves(board: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Cram by its rule alone: a domino covers two empty ('.') cells side by side, across or down."""
    rows, out = [list(r) for r in board], []
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            for di, dj in ((0, 1), (1, 0)):
                k, m = i + di, j + dj
                if cell == "." and k < len(rows) and m < len(row) and rows[k][m] == ".":
                    after = [list(r) for r in rows]
                    after[i][j] = after[k][m] = "#"
                    out.append(tuple("".join(r) for r in after))
    return out


def cram_key(b: tuple[str, ...]) -> Hashable:
    """A Cram board up to what does not change its game: its regions of empty cells (4-neighbour connected), each
    moved to the corner and taken up to the 8 turns and reflections, as a sorted list."""
    cells = {(i, j) for i, row in enumerate(b) for j, c in enumerate(row) if c == "."}
    regions = []
    while cells:
        todo, region = [cells.pop()], set()
        while todo:
            i, j = todo.pop()
            region.add((i, j))
            for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if n in cells:
                    cells.remove(n)
                    todo.append(n)
        forms = []
        for turn in range(8):
            pts = [(j, i) if turn & 4 else (i, j) for i, j in region]
            pts = [(-i if turn & 1 else i, -j if turn & 2 else j) for i, j in pts]
            lo = (min(i for i, _ in pts), min(j for _, j in pts))
            forms.append(tuple(sorted((i - lo[0], j - lo[1]) for i, j in pts)))
        regions.append(min(forms))
    return tuple(sorted(regions))


def heaps(position: Any) -> tuple[int, ...]:
    return tuple(position)


def board(position: Any) -> tuple[str, ...]:
    return tuple(position)


def nim_key(p: tuple[int, ...]) -> Hashable:
    return tuple(sorted(h for h in p if h))


CASES = [
    # (body, naive moves, the naive position of a node's JSON, the key under which positions are one node)
    ({"ruleset": "nim", "position": [1, 2]}, naive.nim_moves, heaps, nim_key),
    ({"ruleset": "nim", "position": [2, 2, 1]}, naive.nim_moves, heaps, nim_key),
    (
        {"ruleset": "subtraction", "params": {"S": "1,2"}, "position": [5]},
        naive.subtraction_moves({1, 2}),
        heaps,
        lambda p: p,
    ),
    ({"ruleset": "cram", "position": "2x3"}, cram_moves, board, cram_key),
    ({"ruleset": "cram", "position": "3x3"}, cram_moves, board, cram_key),
]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("body, moves, read, key", CASES)
def test_every_node_is_labelled_as_brute_force_labels_it(
    client: TestClient,
    body: dict[str, Any],
    moves: Callable[[Any], list[Any]],
    read: Callable[[Any], Any],
    key: Callable[[Any], Hashable],
    misere: bool,
) -> None:
    """Each node's outcome and value (misère: g-) equal the naive solver's; each node's edges go to its options
    (naive); node 0 is the start; the nodes are the positions brute force reaches, each once (up to the key:
    positions that are the same game, as heaps in another order or a board turned over)."""
    data = graph(client, {**body, "misere": misere})
    assert data["complete"] is True and data["misere"] is misere
    nodes = data["nodes"]
    assert [n["id"] for n in nodes] == list(range(len(nodes)))
    assert read(nodes[0]["position"]) == read(data["position"])
    value, outcome = (naive.misere_grundy, naive.misere_outcome) if misere else (naive.grundy, naive.outcome)
    for n in nodes:
        p = read(n["position"])
        assert n["outcome"] == outcome(moves, p), n
        assert n["misere_grundy" if misere else "grundy"] == value(moves, p), n
    out: dict[int, set[int]] = {n["id"]: set() for n in nodes}
    for a, b in data["edges"]:
        out[a].add(b)
    for n in nodes:  # an edge to each option (options equal up to the key are one node)
        options = moves(read(n["position"]))
        assert len(out[n["id"]]) <= len(options)
        assert (len(out[n["id"]]) == 0) == (len(options) == 0)
        for b in out[n["id"]]:
            target = read(nodes[b]["position"])
            assert any(o == target or key(o) == key(target) for o in options), (n, nodes[b])
        # every rank is one more than the largest of the options' (0 at a terminal position)
        assert n["rank"] == 1 + max((nodes[b]["rank"] for b in out[n["id"]]), default=-1)
    _, reached = naive.game_graph(moves, read(data["position"]), 10_000)  # every reachable position drawn
    assert {key(p) for p in reached} == {key(read(n["position"])) for n in nodes}
    assert len({repr(n["position"]) for n in nodes}) == len(nodes)  # each once


def test_the_limit_is_respected(client: TestClient) -> None:
    """Subtraction {1, 2} from 5 reaches 6 positions: drawn with max_positions 6, not with 5; Nim 3 5 6 reaches
    more than 40 (brute force) and is answered incomplete, with no nodes and a note saying so."""
    body = {"ruleset": "subtraction", "params": {"S": "1,2"}, "position": [5]}
    assert len(graph(client, {**body, "max_positions": 6})["nodes"]) == 6
    small = graph(client, {**body, "max_positions": 5})
    assert small["complete"] is False and small["nodes"] == [] and small["edges"] == []
    assert "more than 5 positions" in small["note"]
    _, reached = naive.game_graph(naive.nim_moves, (3, 5, 6), 10_000)
    assert len({nim_key(p) for p in reached}) > 40
    big = graph(client, {"ruleset": "nim", "position": [3, 5, 6]})
    assert big["complete"] is False and big["nodes"] == [] and big["max_positions"] == 40
    huge = graph(client, {"ruleset": "nim", "position": ["10**100", "10**100"]})  # lazily listed, stopped at 41
    assert huge["complete"] is False


def test_the_graph_is_charged_to_the_budget() -> None:
    """Built within the active work budget: a budget of 30 units stops it, with the reason."""
    r = sprague.ruleset("subtraction", S=[1, 2])
    with sprague.budget(work=30), pytest.raises(TooLarge, match="the game graph"):
        graph_report(r, (12,), 40)
    with sprague.budget(work=10_000):
        assert graph_report(r, (12,), 40)["complete"] is True


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"ruleset": "nim", "position": [1, 2], "max_positions": 0}, "max_positions", "greater than or equal"),
        ({"ruleset": "nim", "position": [1, 2], "max_positions": 201}, "max_positions", "less than or equal"),
        ({"ruleset": "nim", "position": [1, "x"]}, "position", "'x'"),
        ({"ruleset": "nim", "position": [1, 2], "misere": "yes"}, "misere", "boolean"),
        ({"ruleset": "no-such-game", "position": [1]}, "ruleset", "no-such-game"),
        ({"ruleset": "square-but-one", "position": [4]}, "ruleset", "loopy"),
        ({"ruleset": "nim", "position": [1], "colour": "red"}, "colour", "unknown field"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(client: TestClient, body: dict[str, Any], field: str, words: str) -> None:
    resp = client.post("/api/graph", json=body)
    assert resp.status_code == 422, resp.text
    assert resp.json()["field"] == field and words in resp.json()["detail"].lower(), resp.json()
