"""The web API and page: each endpoint against the command line's --json, errors, limits, a full game, `sprague serve`."""

from __future__ import annotations

import asyncio
import io
import json
import math
import os
import re
import time
import urllib.request
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

from sprague.cli import main  # noqa: E402
from sprague.errors import InvalidParameter  # noqa: E402
from sprague.web import app as web  # noqa: E402
from sprague.web import create_app  # noqa: E402
from sprague.web.pool import (MemoryLimitExceeded, ServerBusy, TimeLimitExceeded, WorkerCrashed,  # noqa: E402
                              WorkerPool)
from webserver import running_server  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app()
    yield TestClient(app)
    app.state.pool.close()


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


@pytest.mark.parametrize("body, status, words", [
    (b'{"ruleset": nim', 400, "not valid JSON"),
    (b"\xff\xfe{}", 400, "not UTF-8"),
    (b"[" * 100_000, 400, "nested too deeply"),
    (b"", 422, "field required"),
    (b"[3, 5, 6]", 422, "valid dictionary"),
], ids=["bad-json", "not-utf8", "deep-nesting", "empty", "a-list"])
def test_a_body_that_is_not_a_json_object_is_refused_naming_the_body(client: TestClient, body: bytes, status: int,
                                                                      words: str) -> None:
    resp = client.post("/api/value", content=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == status, resp.text
    assert resp.json()["field"] == "body" and words.lower() in resp.json()["detail"].lower()


def test_a_body_over_the_size_limit_is_413_before_it_is_read(client: TestClient) -> None:
    body = b'{"ruleset": "nim", "position": "' + b"1 " * web.MAX_BODY_BYTES + b'"}'
    resp = client.post("/api/value", content=body)
    assert resp.status_code == 413 and resp.json()["field"] == "body"
    assert f"{len(body):,} bytes, over the limit of {web.MAX_BODY_BYTES:,}" in resp.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield body

    resp = client.post("/api/value", content=chunks())
    assert resp.status_code == 413 and "over the limit of 1,048,576 bytes" in resp.json()["detail"]


def test_unknown_paths_and_methods_answer_in_the_same_shape(client: TestClient) -> None:
    assert client.get("/api/nothing").json() == {"detail": "Not Found", "field": None}
    resp = client.get("/api/value")
    assert resp.status_code == 405 and resp.json() == {"detail": "Method Not Allowed", "field": None}
    assert resp.headers["allow"] == "POST"


def test_too_large_search_is_413_with_the_message(client: TestClient) -> None:
    resp = client.post("/api/value", json={"ruleset": "grundys-game", "position": [10_000_000]})
    assert resp.status_code == 413
    assert "over the limit of 200,000" in resp.json()["detail"]
    resp = client.post("/api/value", json={"ruleset": "nim", "position": [1000, 1000, 1000], "method": "search"})
    assert resp.status_code == 413 and "--max-positions" in resp.json()["detail"]


def test_a_computation_over_the_time_limit_is_killed_and_its_worker_replaced() -> None:
    pool = WorkerPool(workers=1)
    try:
        async def scenario() -> None:
            first = await pool.run(os.getpid, (), time_limit=60)  # the worker is up
            began = time.monotonic()
            with pytest.raises(TimeLimitExceeded) as info:
                await pool.run(time.sleep, (60,), time_limit=0.5)
            assert info.value.started and time.monotonic() - began < 10
            assert first not in pool.pids()  # killed, not left running
            assert await pool.run(math.factorial, (10,), time_limit=60) == 3628800  # by a fresh worker
            with pytest.raises(ValueError, match="invalid literal"):  # an exception of the function comes back
                await pool.run(int, ("x",), time_limit=60)
            with pytest.raises(WorkerCrashed, match="signal 6"):  # a crash in native code
                await pool.run(os.abort, (), time_limit=60)
            assert await pool.run(math.factorial, (5,), time_limit=60) == 120

        asyncio.run(scenario())
    finally:
        pool.close()


def test_a_computation_over_the_memory_limit_ends_with_memory_limit_exceeded() -> None:
    pool = WorkerPool(workers=1, memory_limit=100)
    try:
        async def scenario() -> None:
            with pytest.raises(MemoryLimitExceeded):
                await pool.run(bytearray, (2 * 10**9,), time_limit=60)
            assert await pool.run(len, (bytearray(10**6),), time_limit=60) == 10**6  # a small one still works

        asyncio.run(scenario())
    finally:
        pool.close()


def test_long_computations_step_aside_and_beyond_max_long_are_refused() -> None:
    pool = WorkerPool(workers=1, max_long=1, slow_after=0.1)
    try:
        async def scenario() -> None:
            sleeper = asyncio.ensure_future(pool.run(time.sleep, (3,), time_limit=60))
            await asyncio.sleep(1)  # it is long now: its slot has a fresh worker
            began = time.monotonic()
            assert await pool.run(math.factorial, (5,), time_limit=60) == 120
            assert time.monotonic() - began < 2  # not behind the sleeper
            assert pool.counts()["long"] == 1
            with pytest.raises(ServerBusy):  # a second long one, with max_long 1
                await pool.run(time.sleep, (3,), time_limit=60)
            assert await sleeper is None

        asyncio.run(scenario())
    finally:
        pool.close()


@pytest.mark.parametrize("error, status, words", [
    (TimeLimitExceeded(0.5, started=True), 503, "longer than the time limit of 0.5 s"),
    (TimeLimitExceeded(0.5, started=False), 503, "no worker process was free"),
    (ServerBusy(4), 503, "4 long computations"),
    (MemoryLimitExceeded("over"), 413, "memory than the limit of 64 MB; ask for less"),
    (WorkerCrashed(-9), 503, "signal 9"),
    (KeyError("bug"), 500, "internal error: KeyError"),
])
def test_pool_errors_become_answers_naming_the_limit(monkeypatch: pytest.MonkeyPatch, error: Exception, status: int,
                                                     words: str) -> None:
    app = create_app(time_limit=0.5, memory_limit=64, workers=1)
    try:
        async def fail(*args: object) -> None:
            raise error

        monkeypatch.setattr(app.state.pool, "run", fail)
        resp = TestClient(app).post("/api/value", json={"ruleset": "nim", "position": [3]})
        assert resp.status_code == status and words in resp.json()["detail"], resp.text
        assert resp.json()["field"] is None
    finally:
        app.state.pool.close()


@pytest.mark.parametrize("kwargs, words", [
    ({"time_limit": math.nan}, "time_limit must be a positive finite number, got nan (--time-limit)"),
    ({"time_limit": -1}, "got -1"),
    ({"memory_limit": math.inf}, "memory_limit must be a positive finite number, got inf"),
    ({"workers": 0}, "workers must be a positive integer, got 0"),
])
def test_create_app_checks_its_limits(kwargs: dict, words: str) -> None:
    with pytest.raises(InvalidParameter, match=re.escape(words)):
        create_app(**kwargs)


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


@pytest.mark.parametrize("args, words", [
    (["--time-limit", "nan"], "--time-limit must be a positive finite number, got nan"),
    (["--time-limit", "inf"], "got inf"),
    (["--time-limit", "0"], "got 0"),
    (["--time-limit", "-1"], "got -1"),
    (["--memory-limit", "0"], "--memory-limit must be a positive finite number, got 0"),
    (["--workers", "0"], "--workers: must be a whole number >= 1"),
    (["--host", ""], "--host '': give an address to bind"),
    (["--host", "no-such-host.invalid"], "--host no-such-host.invalid: not a host name or address"),
    (["--host", "999.1.1.1"], "not a host name or address"),
])
def test_sprague_serve_refuses_bad_options_in_one_line_before_serving(args: list[str], words: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--port", "0", *args], out=out, err=err) == 2
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1, err.getvalue()
    assert err.getvalue().startswith("sprague: error: ") and words in err.getvalue()


def test_sprague_serve_on_a_busy_port_says_so_in_one_line() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out, err = io.StringIO(), io.StringIO()
        assert main(["serve", "--port", str(port)], out=out, err=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue() == f"sprague: error: cannot serve on 127.0.0.1 port {port} (Address already in use): the " \
        "port is in use, choose another with --port\n"


def test_sprague_serve_binds_every_interface_only_when_named_with_a_warning() -> None:
    output: list[str] = []
    with running_server("--host", "0.0.0.0", "--workers", "1", output=output) as url:
        data = json.loads(urllib.request.urlopen(url + "/api/rulesets", timeout=5).read())
        assert data[0]["name"]
    assert "sprague: warning: --host 0.0.0.0 serves every network interface" in output[0]
    assert "serving http://0.0.0.0:" in output[0]


def test_play_takes_the_move_in_the_words_sprague_prints(client: TestClient) -> None:
    listed = post(client, "/api/moves", {"ruleset": "single-delete", "position": [3, 6, 7]})
    for option in listed["options"][:5]:
        data = post(client, "/api/play", {"ruleset": "single-delete", "position": [3, 6, 7], "move": option["move"],
                                          "seed": 1})
        assert sorted(data["moves"][0]["position"]) == sorted(option["position"])
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [5, 3, 7], "move": "heap 3: 7 -> 9"})
    assert resp.status_code == 422 and resp.json()["field"] == "move"


@pytest.mark.timeout(30)
def test_a_long_octal_code_sequence_is_413_not_a_timeout(client: TestClient) -> None:
    body = {"ruleset": "octal", "params": {"code": "0.77777777777777777777"}, "to": 100_000}
    resp = client.post("/api/sequence", json=body)
    assert resp.status_code == 413 and "max-positions" in resp.json()["detail"]
    body["params"]["code"] = "0." + "7" * 40
    resp = client.post("/api/sequence", json=body)
    assert resp.status_code == 422 and "MAX_CODE_DIGITS" in resp.json()["detail"]
