"""The web API and page: each endpoint against the command line's --json, errors, limits, a full game, `sprague serve`."""

from __future__ import annotations

import io
import json
import time
import urllib.request

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

from sprague.cli import main  # noqa: E402
from sprague.web import app as web  # noqa: E402
from sprague.web import create_app  # noqa: E402
from webserver import running_server  # noqa: E402


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli_json(*args: str) -> object:
    """``sprague ARGS --json``, with the server's work limit."""
    limit = [] if args[0] == "list" else ["--max-positions", str(web.DEFAULT_MAX_POSITIONS)]
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, *limit, "--json"], out=out, err=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def post(client: TestClient, path: str, body: dict) -> dict:
    resp = client.post(path, json=body)
    assert resp.status_code == 200, resp.text
    return resp.json()


@pytest.mark.parametrize("body, args", [
    ({"ruleset": "nim", "position": [3, 5, 6]}, ["nim", "3", "5", "6"]),
    ({"ruleset": "subtraction", "params": {"S": "1,2,5"}, "position": [26]}, ["subtraction", "-p", "S=1,2,5", "26"]),
    ({"ruleset": "subtraction", "params": {"S": [1, 2, 5]}, "position": "26"}, ["subtraction", "-p", "S=1,2,5", "26"]),
    ({"ruleset": "wythoff", "position": ["10**30", "10**30+7"]}, ["wythoff", "10**30", "10**30+7"]),
    ({"ruleset": "turning-turtles", "position": "TTHHTHH"}, ["turning-turtles", "TTHHTHH"]),
    ({"ruleset": "green-hackenbush", "position": "0-1 1-2 1-3 2-3 0-4"}, ["green-hackenbush", "0-1 1-2 1-3 2-3 0-4"]),
    ({"ruleset": "gcn", "params": {"h": "4", "sets": "all;1-7;all-but:4,8"}, "position": [5, 6, 9]},
     ["gcn", "-p", "h=4", "-p", "sets=all;1-7;all-but:4,8", "5", "6", "9"]),
])
def test_value_and_moves_equal_the_cli(client: TestClient, body: dict, args: list[str]) -> None:
    assert post(client, "/api/value", body) == cli_json("value", *args)
    assert post(client, "/api/moves", body) == cli_json("moves", *args)


def test_huge_heaps_as_numbers_and_strings(client: TestClient) -> None:
    a, b = 10**1000 + 7, 3 * 10**999
    data = post(client, "/api/value", {"ruleset": "nim", "position": [a, str(b)]})
    assert data["grundy"] == a ^ b and data["position"] == [a, b]
    moves = post(client, "/api/moves", {"ruleset": "nim", "position": [a, b]})
    assert moves == cli_json("moves", "nim", str(a), str(b))


def test_sequence_and_tables_equal_the_cli(client: TestClient) -> None:
    body = {"ruleset": "subtraction", "params": {"S": "4,10,12"}, "to": 43}
    assert post(client, "/api/sequence", body) == cli_json("sequence", "subtraction", "-p", "S=4,10,12", "--to", "43")
    body = {"ruleset": "all-but", "params": {"S": "4,8"}, "to": 23}
    assert post(client, "/api/sequence", body) == cli_json("sequence", "all-but", "-p", "S=4,8", "--to", "23")
    grid = post(client, "/api/table", {"ruleset": "wythoff", "max": 8, "values": "grundy"})
    assert grid == cli_json("table", "wythoff", "--max", "8", "--values", "grundy")
    grid = post(client, "/api/table", {"ruleset": "delete-nim", "min": 1, "max": 6})
    assert grid == cli_json("table", "delete-nim", "--min", "1", "--max", "6")
    summary = post(client, "/api/table", {"ruleset": "single-delete", "heaps": 3, "max": 12, "values": "grundy"})
    assert summary == cli_json("table", "single-delete", "--heaps", "3", "--max", "12", "--values", "grundy", "--quiet")
    body = {"ruleset": "subtraction", "params": {"S": "1,2"}, "second": "subtraction", "second_params": {"S": "1,3"},
            "max": 7, "values": "grundy"}
    assert post(client, "/api/table", body) == cli_json("table", "subtraction -p S=1,2", "subtraction -p S=1,3",
                                                        "--max", "7", "--values", "grundy")
    body = {"ruleset": "single-delete", "fixed": "3", "max": 6}
    assert post(client, "/api/table", body) == cli_json("table", "single-delete", "--fixed", "3", "--max", "6")
    bad = client.post("/api/table", json={"ruleset": "nim", "second": "no-such", "max": 3})
    assert bad.status_code == 422 and bad.json()["field"] == "second"


def test_rulesets_list_extends_sprague_list(client: TestClient) -> None:
    rows = client.get("/api/rulesets").json()
    listed = cli_json("list")
    assert [{k: row[k] for k in listed[0]} for row in rows] == listed
    for row in rows:  # every example of the page works as given
        body = {"ruleset": row["name"], "params": row["example_params"], "position": row["example_position"]}
        assert client.post("/api/value", json=body).status_code == 200, (row["name"], client.post("/api/value", json=body).text)


@pytest.mark.parametrize("path, body, field, words", [
    ("/api/value", {"ruleset": "nimm", "position": [3]}, "ruleset", "did you mean 'nim'"),
    ("/api/value", {"ruleset": "os:path", "position": [3]}, "ruleset", "built-in rulesets only"),
    ("/api/value", {"ruleset": "subtraction", "params": {"S": "0,2"}, "position": [7]}, "params", "S: 0"),
    ("/api/value", {"ruleset": "nim", "params": {"k": "2"}, "position": [7]}, "params", "no parameter 'k'"),
    ("/api/value", {"ruleset": "nim", "position": [3, -4]}, "position", "negative"),
    ("/api/value", {"ruleset": "nim", "position": [1.5]}, "position", "1.5"),
    ("/api/value", {"ruleset": "nim"}, "position", "field required"),
    ("/api/sequence", {"ruleset": "nim", "to": -1}, "to", "greater than or equal to 0"),
    ("/api/sequence", {"ruleset": "wythoff", "to": 5}, "ruleset", "one-heap game"),
    ("/api/table", {"ruleset": "nim", "min": 5, "max": 2}, "max", "min <= max"),
    ("/api/table", {"ruleset": "nim", "max": 10_000}, "max", "over the limit"),
    ("/api/play", {"ruleset": "nim", "position": [3, 4, 5], "move": [3, 4, 6]}, "move", "cannot be reached"),
    ("/api/play", {"ruleset": "nim", "position": [3, 4, 5], "mode": "best"}, "mode", "perfect"),
])
def test_bad_input_is_422_naming_the_field(client: TestClient, path: str, body: dict, field: str, words: str) -> None:
    resp = client.post(path, json=body)
    assert resp.status_code == 422, resp.text
    assert resp.json()["field"] == field
    assert words.lower() in resp.json()["detail"].lower()


def test_malformed_json_is_422(client: TestClient) -> None:
    resp = client.post("/api/value", content=b'{"ruleset": nim', headers={"Content-Type": "application/json"})
    assert resp.status_code == 422 and resp.json()["field"] == "body"
    assert "not valid JSON" in resp.json()["detail"]


def test_too_large_search_is_413_with_the_message(client: TestClient) -> None:
    resp = client.post("/api/value", json={"ruleset": "grundys-game", "position": [10_000_000]})
    assert resp.status_code == 413
    assert "over the limit of 200,000" in resp.json()["detail"]
    resp = client.post("/api/value", json={"ruleset": "nim", "position": [1000, 1000, 1000], "method": "search"})
    assert resp.status_code == 413 and "--max-positions" in resp.json()["detail"]


def test_time_limit_is_503(monkeypatch: pytest.MonkeyPatch) -> None:
    import sprague.present.reports as reports

    def slow(*args: object, **kwargs: object) -> dict:
        time.sleep(1.0)
        return {}

    monkeypatch.setattr(web, "value_report", slow)
    client = TestClient(create_app(time_limit=0.05))
    resp = client.post("/api/value", json={"ruleset": "nim", "position": [3]})
    assert resp.status_code == 503 and "time limit of 0.05 s" in resp.json()["detail"]
    assert reports.value_report is not slow


def test_openapi_lists_the_api_and_the_page_is_served(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/value", "/api/moves", "/api/sequence", "/api/table", "/api/play", "/api/rulesets"} <= set(paths)
    page = client.get("/")
    assert page.status_code == 200 and 'id="ruleset"' in page.text and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200


@pytest.mark.parametrize("start, winner", [((3, 5, 6), 1), ((3, 4, 5), 0), ((1, 2, 4, 7), 1), ((1, 2, 4, 6), 0)])
def test_perfect_players_play_nim_to_the_end(client: TestClient, start: tuple[int, ...], winner: int) -> None:
    position: object = list(start)
    mover = 0
    for _ in range(100):
        data = post(client, "/api/play", {"ruleset": "nim", "position": position, "mode": "perfect"})
        assert data["moves"][0]["by"] == "computer"
        position = data["position"]
        if data["game_over"]:
            assert data["winner"] == "computer" and sum(position) == 0  # type: ignore[arg-type]
            assert mover == winner  # P-position start: the second player (1) makes the last move
            return
        mover = 1 - mover
    pytest.fail("the game did not end")


def test_play_checks_the_users_move_then_replies(client: TestClient) -> None:
    data = post(client, "/api/play", {"ruleset": "nim", "position": [1, 2], "move": [1, 1]})
    assert [m["by"] for m in data["moves"]] == ["user", "computer"] and not data["game_over"]
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 1], "move": [0, 0]})
    assert data["game_over"] and data["winner"] == "user" and len(data["moves"]) == 1
    hint = post(client, "/api/play", {"ruleset": "nim", "position": [3, 4, 5], "mode": "hint"})
    assert hint["hint"] == [[1, 4, 5]] and hint["moves"] == []
    data = post(client, "/api/play", {"ruleset": "turning-turtles", "position": "TTHHTHH", "mode": "random", "seed": 1})
    assert data["position"] in [o["position"] for o in cli_json("moves", "turning-turtles", "TTHHTHH")["options"]]


def test_sprague_serve_binds_loopback_by_default() -> None:
    with running_server() as url:
        page = urllib.request.urlopen(url + "/", timeout=5).read().decode()
        assert 'id="ruleset"' in page
        spec = json.loads(urllib.request.urlopen(url + "/openapi.json", timeout=5).read())
        assert "/api/value" in spec["paths"]


def test_play_takes_the_move_in_the_words_sprague_prints(client: TestClient) -> None:
    listed = post(client, "/api/moves", {"ruleset": "single-delete", "position": [3, 6, 7]})
    for option in listed["options"][:5]:
        data = post(client, "/api/play", {"ruleset": "single-delete", "position": [3, 6, 7], "move": option["move"],
                                          "seed": 1})
        assert sorted(data["moves"][0]["position"]) == sorted(option["position"])
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [5, 3, 7], "move": "heap 3: 7 -> 9"})
    assert resp.status_code == 422 and resp.json()["field"] == "move"
