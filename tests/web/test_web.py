"""The web API and page: each endpoint against the command line's --json, errors, limits, a full game,
`sprague serve`."""

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
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

import naive  # noqa: E402
import sprague  # noqa: E402
from sprague.cli import main  # noqa: E402
from sprague.errors import InvalidParameter  # noqa: E402
from sprague.web import app as web  # noqa: E402
from sprague.web import (
    create_app,  # noqa: E402
    handlers,  # noqa: E402
)
from sprague.web.pool import (  # noqa: E402
    LONG_NICENESS,
    MemoryLimitExceeded,
    ServerBusy,
    TimeLimitExceeded,
    WorkerCrashed,
    WorkerPool,
)
from webserver import running_server  # noqa: E402

#: a sequence stops at its budget either when the work is spent or, earlier, when a lower bound of what is left
#: is over the budget; both say what they kept
STOPPED = r"stopped at the work budget of|needs at least [\d,]+ units of work, over the [\d,]+ left of the work budget"
KEPT = r"(?:after|first) ([\d,]+) values"


def cli_json(*args: str) -> object:
    """``sprague ARGS --json``, with the server's limits: its --max-positions and its budget of one request."""
    limit = (
        []
        if args[0] == "list"
        else [
            "--max-positions",
            str(web.DEFAULT_MAX_POSITIONS),
            "--max-work",
            str(handlers.WEB_MAX_WORK),
            "--max-memory",
            str(handlers.WEB_MAX_MEMORY >> 20),
        ]
    )
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, *limit, "--json"], out=out, err=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def post(client: TestClient, path: str, body: dict) -> dict:
    resp = client.post(path, json=body)
    assert resp.status_code == 200, resp.text
    return resp.json()


@pytest.mark.parametrize(
    "body, args",
    [
        ({"ruleset": "nim", "position": [3, 5, 6]}, ["nim", "3", "5", "6"]),
        (
            {"ruleset": "subtraction", "params": {"S": "1,2,5"}, "position": [26]},
            ["subtraction", "-p", "S=1,2,5", "26"],
        ),
        (
            {"ruleset": "subtraction", "params": {"S": [1, 2, 5]}, "position": "26"},
            ["subtraction", "-p", "S=1,2,5", "26"],
        ),
        ({"ruleset": "wythoff", "position": ["10**30", "10**30+7"]}, ["wythoff", "10**30", "10**30+7"]),
        ({"ruleset": "turning-turtles", "position": "TTHHTHH"}, ["turning-turtles", "TTHHTHH"]),
        (
            {"ruleset": "digraph", "params": {"edges": "a>b,b>a,b>c,c>d"}, "position": "b"},
            ["digraph", "-p", "edges=a>b,b>a,b>c,c>d", "b"],
        ),
        ({"ruleset": "square-but-one", "position": [4, 1]}, ["square-but-one", "4", "1"]),
        (
            {"ruleset": "green-hackenbush", "position": "0-1 1-2 1-3 2-3 0-4"},
            ["green-hackenbush", "0-1 1-2 1-3 2-3 0-4"],
        ),
        (
            {"ruleset": "gcn", "params": {"h": "4", "sets": "all;1-7;all-but:4,8"}, "position": [5, 6, 9]},
            ["gcn", "-p", "h=4", "-p", "sets=all;1-7;all-but:4,8", "5", "6", "9"],
        ),
    ],
)
def test_value_and_moves_equal_the_cli(client: TestClient, body: dict, args: list[str]) -> None:
    """The same answers, but for a stop's hint: the command line's flags become the server's words."""
    for command in ("value", "moves"):
        cli = json.loads(handlers.server_words(json.dumps(cli_json(command, *args)).encode()))
        assert post(client, f"/api/{command}", body) == cli
    assert "--max-work N" not in json.dumps(post(client, "/api/value", body))


def test_huge_heaps_as_numbers_and_strings(client: TestClient) -> None:
    a, b = 10**1000 + 7, 3 * 10**999
    data = post(client, "/api/value", {"ruleset": "nim", "position": [a, str(b)]})
    assert data["grundy"] == a ^ b and data["position"] == [a, b]
    moves = post(client, "/api/moves", {"ruleset": "nim", "position": [a, b]})
    assert moves == cli_json("moves", "nim", str(a), str(b))


def normal(cli: object) -> object:
    """The CLI's JSON as the API gives it: with ``"misere": false`` (the API says the play of every answer)."""
    assert isinstance(cli, dict)
    return {**cli, "misere": False}


def test_sequence_and_tables_equal_the_cli(client: TestClient) -> None:
    body = {"ruleset": "subtraction", "params": {"S": "4,10,12"}, "to": 43}
    assert post(client, "/api/sequence", body) == normal(
        cli_json("sequence", "subtraction", "-p", "S=4,10,12", "--to", "43")
    )
    body = {"ruleset": "all-but", "params": {"S": "4,8"}, "to": 23}
    assert post(client, "/api/sequence", body) == normal(cli_json("sequence", "all-but", "-p", "S=4,8", "--to", "23"))
    grid = post(client, "/api/table", {"ruleset": "wythoff", "max": 8, "values": "grundy"})
    assert grid == normal(cli_json("table", "wythoff", "--max", "8", "--values", "grundy"))
    grid = post(client, "/api/table", {"ruleset": "delete-nim", "min": 1, "max": 6})
    assert grid == normal(cli_json("table", "delete-nim", "--min", "1", "--max", "6"))
    summary = post(client, "/api/table", {"ruleset": "single-delete", "heaps": 3, "max": 12, "values": "grundy"})
    assert summary == normal(
        cli_json("table", "single-delete", "--heaps", "3", "--max", "12", "--values", "grundy", "--quiet")
    )
    body = {
        "ruleset": "subtraction",
        "params": {"S": "1,2"},
        "second": "subtraction",
        "second_params": {"S": "1,3"},
        "max": 7,
        "values": "grundy",
    }
    assert post(client, "/api/table", body) == normal(
        cli_json("table", "subtraction -p S=1,2", "subtraction -p S=1,3", "--max", "7", "--values", "grundy")
    )
    body = {"ruleset": "single-delete", "fixed": "3", "max": 6}
    assert post(client, "/api/table", body) == normal(cli_json("table", "single-delete", "--fixed", "3", "--max", "6"))
    bad = client.post("/api/table", json={"ruleset": "nim", "second": "no-such", "max": 3})
    assert bad.status_code == 422 and bad.json()["field"] == "second"


def test_discover_equals_the_cli(client: TestClient) -> None:
    """The page's bounded rule search is ``sprague discover --json`` with the same budget: the same rules."""
    data = post(client, "/api/discover", {"ruleset": "delete-nim", "heaps": 2, "max": 10})
    cli = cli_json("discover", "delete-nim", "--heaps", "2", "--max", "10", "--budget", "1000000")
    assert (
        [(r["kind"], r["text"], r["python"], r["holds"]) for r in data["rules"]]
        == [(r["kind"], r["text"], r["python"], r["holds"]) for r in cli["rules"]]
        == [
            ("outcome", "every heap: z_i even", "all(x % 2 == 0 for x in z)", True),
            ("grundy", "v2((OR_i z_i) + 1)", "v2(((z[0] | z[1]) + 1))", True),
        ]
    )
    assert data["summary"].startswith("delete-nim: rules fitted on heaps <= 10")


def test_misere_discover_equals_the_cli_and_the_naive_solver(client: TestClient) -> None:
    """``misere: true`` on /api/discover is ``sprague discover --misere --json``: rules of misère play."""
    body = {
        "ruleset": "subtraction",
        "params": {"S": "1,2"},
        "heaps": 2,
        "max_heap": 8,
        "kind": "outcome",
        "budget": 300_000,
    }
    data = post(client, "/api/discover", {**body, "misere": True})
    cli = cli_json(
        "discover",
        "subtraction",
        "-p",
        "S=1,2",
        "--heaps",
        "2",
        "--max-heap",
        "8",
        "--kind",
        "outcome",
        "--budget",
        "300000",
        "--misere",
    )
    assert data["misere"] is True and data["summary"].startswith("subtraction -p S=1,2 (misère play)")
    assert (
        [(r["text"], r["python"], r["holds"], r["misere"]) for r in data["rules"]]
        == [(r["text"], r["python"], r["holds"], r["misere"]) for r in cli["rules"]]
        == [("(sum_i z_i) mod 3 = 1", "(sum(x for x in z) % 3) == 1", True, True)]
    )
    moves = naive.subtraction_moves({1, 2})
    for p in naive.multisets(2, 0, 20):
        assert (sum(p) % 3 == 1) == (naive.misere_outcome(moves, p) == "P"), p
    plain = post(client, "/api/discover", body)
    assert plain["misere"] is False and plain["rules"][0]["text"] != data["rules"][0]["text"]


def test_rulesets_list_extends_sprague_list(client: TestClient) -> None:
    rows = client.get("/api/rulesets").json()
    listed = cli_json("list")
    assert [{k: row[k] for k in listed[0]} for row in rows] == listed
    for row in rows:  # every example of the page works as given
        body = {"ruleset": row["name"], "params": row["example_params"], "position": row["example_position"]}
        assert client.post("/api/value", json=body).status_code == 200, (
            row["name"],
            client.post("/api/value", json=body).text,
        )


def test_rulesets_report_the_board_of_their_base_class(client: TestClient) -> None:
    """The page draws a position as the ruleset's base class says (sprague.rulesets.shapes): the two-heap
    coordinate games on a grid, coin games as coins, Green Hackenbush as a graph; the page's hints with it."""
    rows = {row["name"]: row for row in client.get("/api/rulesets").json()}
    assert {rows[n]["board"] for n in ("wythoff", "delete-nim", "vdn")} == {"grid"}
    assert rows["wythoff"]["heaps"] == 2 and rows["wythoff"]["one_heap"] is False and rows["wythoff"]["kind"] == "heaps"
    assert rows["vdn"]["min_heap"] == 1
    assert (rows["nim"]["board"], rows["nim"]["one_heap"], rows["nim"]["heaps"]) == ("heaps", True, None)
    assert rows["turning-turtles"]["board"] == "coins" and rows["turning-turtles"]["kind"] == "string"
    assert rows["green-hackenbush"]["board"] == "graph" and rows["digraph"]["board"] == "text"


@pytest.mark.parametrize(
    "path, body, field, words",
    [
        ("/api/value", {"ruleset": "nimm", "position": [3]}, "ruleset", "did you mean 'nim'"),
        ("/api/value", {"ruleset": "os:path", "position": [3]}, "ruleset", "built-in rulesets only"),
        ("/api/value", {"ruleset": "subtraction", "params": {"S": "0,2"}, "position": [7]}, "params", "S: 0"),
        ("/api/value", {"ruleset": "nim", "params": {"k": "2"}, "position": [7]}, "params", "no parameter 'k'"),
        ("/api/value", {"ruleset": "nim", "position": [3, -4]}, "position", "negative"),
        ("/api/value", {"ruleset": "nim", "position": [1.5]}, "position", "1.5"),
        ("/api/value", {"ruleset": "nim"}, "position", "field required"),
        ("/api/sequence", {"ruleset": "nim", "max_heap": -1}, "max_heap", "greater than or equal to 0"),
        ("/api/sequence", {"ruleset": "nim", "to": -1}, "to", "greater than or equal to 0"),
        (
            "/api/sequence",
            {"ruleset": "nim", "max": 30},
            "max",
            "unknown field; the fields of this endpoint are: ruleset, params, max_heap, misere",
        ),
        ("/api/sequence", {"ruleset": "wythoff", "to": 5}, "ruleset", "one-heap game"),
        ("/api/table", {"ruleset": "nim", "min": 5, "max_heap": 2}, "max_heap", "min <= max_heap"),
        ("/api/table", {"ruleset": "nim", "max": 10_000}, "max_heap", "over the limit"),
        ("/api/table", {"ruleset": "nim", "kind": "loser"}, "kind", "'outcome' or 'grundy'"),
        ("/api/play", {"ruleset": "nim", "position": [3, 4, 5], "move": [3, 4, 6]}, "move", "cannot be reached"),
        ("/api/play", {"ruleset": "nim", "position": [3, 4, 5], "mode": "best"}, "mode", "perfect"),
        ("/api/discover", {"ruleset": "nim", "max_heap": 65}, "max_heap", "less than or equal to 64"),
        ("/api/discover", {"ruleset": "nim", "max": 65}, "max", "less than or equal to 64"),
        ("/api/discover", {"ruleset": "green-hackenbush"}, "ruleset", "not heaps"),
        ("/api/discover", {"ruleset": "nim", "budget": 10**9}, "budget", "less than or equal"),
    ],
)
def test_bad_input_is_422_naming_the_field(client: TestClient, path: str, body: dict, field: str, words: str) -> None:
    resp = client.post(path, json=body)
    assert resp.status_code == 422, resp.text
    assert resp.json()["field"] == field
    assert words.lower() in resp.json()["detail"].lower()


@pytest.mark.parametrize(
    "path, new, old",
    [
        ("/api/sequence", {"ruleset": "octal", "params": {"code": "0.07"}, "max_heap": 30}, {"to": 30}),
        ("/api/table", {"ruleset": "wythoff", "max_heap": 6, "kind": "grundy"}, {"max": 6, "values": "grundy"}),
        (
            "/api/table",
            {"ruleset": "nim", "heaps": 3, "max_heap": 4, "kind": "grundy", "rows_limit": 5},
            {"max": 4, "values": "grundy"},
        ),
        ("/api/discover", {"ruleset": "delete-nim", "max_heap": 8}, {"max": 8}),
    ],
)
def test_old_field_names_are_aliases(client: TestClient, path: str, new: dict, old: dict) -> None:
    """One name per idea, as in the CLI: max_heap and kind; to, max and values are kept as aliases."""
    body = {k: v for k, v in new.items() if k not in ("max_heap", "kind")} | old

    def untimed(data: Any) -> Any:  # the same answer but for the seconds it took
        if isinstance(data, dict):
            return {k: untimed(v) for k, v in data.items() if k not in ("seconds", "summary")}
        return [untimed(v) for v in data] if isinstance(data, list) else data

    assert untimed(post(client, path, body)) == untimed(post(client, path, new))


@pytest.mark.parametrize(
    "body, status, words",
    [
        (b'{"ruleset": nim', 400, "not valid JSON"),
        (b"\xff\xfe{}", 400, "not UTF-8"),
        (b"[" * 100_000, 400, "nested too deeply"),
        (b"", 422, "field required"),
        (b"[3, 5, 6]", 422, "valid dictionary"),
    ],
    ids=["bad-json", "not-utf8", "deep-nesting", "empty", "a-list"],
)
def test_a_body_that_is_not_a_json_object_is_refused_naming_the_body(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    resp = client.post("/api/value", content=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == status, resp.text
    assert resp.json()["field"] == "body" and words.lower() in resp.json()["detail"].lower()


def test_a_body_over_the_size_limit_is_413_before_it_is_read(client: TestClient) -> None:
    body = b'{"ruleset": "nim", "position": "' + b"1 " * web.MAX_BODY_BYTES + b'"}'
    resp = client.post("/api/value", content=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == 413 and resp.json()["field"] == "body"
    assert f"{len(body):,} bytes, over the limit of {web.MAX_BODY_BYTES:,}" in resp.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield body

    resp = client.post("/api/value", content=chunks(), headers={"Content-Type": "application/json"})
    assert resp.status_code == 413 and "over the limit of 1,048,576 bytes" in resp.json()["detail"]


def test_unknown_paths_and_methods_answer_in_the_same_shape(client: TestClient) -> None:
    assert client.get("/api/nothing").json() == {"detail": "Not Found", "field": None}
    resp = client.get("/api/value")
    assert resp.status_code == 405 and resp.json() == {"detail": "Method Not Allowed", "field": None}
    assert resp.headers["allow"] == "POST"


def test_too_large_search_is_413_with_the_message(client: TestClient) -> None:
    """Through the server (its worker pool): a search sure to pass the server's budget of one request (a proven
    lower bound: listing the start's 2^99 options) is 413 before it starts, naming that budget."""
    resp = client.post("/api/value", json={"ruleset": "nim", "position": ["10**30", 1], "method": "search"})
    assert resp.status_code == 413, resp.text
    assert (
        resp.json()["detail"] == "brute-force search from 1000000000000000000000000000000 1: listing the about "
        "2^99 options of the start needs at least about 2^99 units of work, over the 10,000,000 left of the work "
        "budget of 10,000,000; that is the server's budget of one request; ask for less, or ask sprague on your "
        "own machine, where --max-work, --max-memory and --time-limit raise it"
    )
    assert handlers.WEB_MAX_WORK == 10_000_000


def test_a_computation_past_the_budget_of_a_request_stops_with_413_keeping_its_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped part way (in this process, on a small budget: at the real one it runs its 10,000,000 units, some
    10 s, more on a loaded machine): 413, saying what it stopped at and what it kept."""
    monkeypatch.setattr(handlers, "WEB_MAX_WORK", 200_000)
    status, detail = _handle("value", {"ruleset": "grundys-game", "position": [10_000_000]})
    assert (
        status == 413
        and "grundys-game: computing single-heap values up to 10,000,000" in detail
        and re.search(STOPPED, detail)
        and "work budget of 200,000" in detail
    ), detail
    assert "that is the server's budget of one request" in detail and "--max-work" in detail, detail
    assert "raise it with --max-work N (Python" not in detail  # the command line's hint, rewritten for the server
    kept = re.search(KEPT, detail)
    assert kept and 0 < int(kept.group(1).replace(",", "")) < 10_000_000, detail


def _handle(endpoint: str, body: dict, limit: int = web.DEFAULT_MAX_POSITIONS) -> tuple[int, str]:
    """``POST /api/<endpoint>`` answered in this process (the budget of one request as handlers has it now)."""
    status, data = handlers.handle(endpoint, json.dumps(body).encode(), limit)
    return status, json.loads(data)["detail"] if status != 200 else data.decode()


def test_a_search_past_the_budget_of_a_request_is_413_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handlers, "WEB_MAX_WORK", 200_000)  # a small budget, so the stop comes at once
    # (distinct heaps: three heaps of 1000 are refused up front, the search visiting at least C(1003, 3) positions)
    status, detail = _handle("value", {"ruleset": "nim", "position": [1000, 999, 998], "method": "search"})
    assert (
        status == 413
        and "brute-force search from (1000, 999, 998) stopped at the work budget of 200,000 "
        "units (about a microsecond each) without finishing; that is the server's budget of one request; ask for "
        "less, or ask sprague on your own machine, where --max-work, --max-memory and --time-limit "
        "raise it"
        in detail
    ), detail
    # the same search within the budget but past the server's --max-positions stops at that, named
    monkeypatch.setattr(handlers, "WEB_MAX_WORK", 10_000_000)
    status, detail = _handle("value", {"ruleset": "nim", "position": [30, 29, 28], "method": "search"}, limit=1000)
    assert (
        status == 413
        and "stopped after 1,000 positions (the limit)" in detail
        and "the server's --max-positions N" in detail
    ), detail
    assert _handle("value", {"ruleset": "nim", "position": [3, 5, 6], "method": "search"})[0] == 200


def test_a_computation_over_the_time_limit_is_killed_and_its_worker_replaced() -> None:
    pool = WorkerPool(workers=1)
    try:

        async def scenario() -> None:
            first = await pool.run(os.getpid, (), time_limit=60)  # the worker is up
            began = time.monotonic()
            with pytest.raises(TimeLimitExceeded) as info:  # a sleep of ten minutes, cut at its time limit
                await pool.run(time.sleep, (600,), time_limit=0.5)
            assert info.value.started and time.monotonic() - began < 300  # cut (a guard of minutes, not a speed)
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


def test_a_computation_that_waits_without_computing_is_not_long() -> None:
    """Long is measured in CPU time: a computation that only waits (here it sleeps; on a busy machine it waits for
    a CPU) past slow_after keeps its slot and is never refused as the (max_long + 1)-th long one."""
    pool = WorkerPool(workers=1, max_long=0, slow_after=0.1)
    try:

        async def scenario() -> None:
            waiter = asyncio.ensure_future(pool.run(time.sleep, (0.6,), time_limit=60))
            await asyncio.sleep(0.4)
            assert pool.counts()["long"] == 0 and not waiter.done()
            assert await waiter is None  # max_long 0: counted long, it would have been refused

        asyncio.run(scenario())
    finally:
        pool.close()


@pytest.mark.slow  # seconds of work; runs in CI's second pass
def test_long_computations_step_aside_and_beyond_max_long_are_refused() -> None:
    pool = WorkerPool(workers=1, max_long=1, slow_after=0.1)
    N = 3 * 10**8
    try:

        async def scenario() -> None:
            # long means computing (CPU time), not waiting: a sum of 3*10^8 numbers, seconds of CPU
            sleeper = asyncio.ensure_future(pool.run(sum, (range(N),), time_limit=300))
            began = time.monotonic()
            while pool.counts()["long"] < 1:  # it is long now (after 0.1 s): its slot has a fresh worker
                assert time.monotonic() - began < 300, "the sleeper never became long"  # a hang guard
                await asyncio.sleep(0.05)
            assert await pool.run(math.factorial, (5,), time_limit=60) == 120
            assert not sleeper.done()  # answered while the sleeper sleeps: not behind it (no speed asked)
            assert pool.counts()["long"] == 1
            # the long one's worker dropped LONG_NICENESS steps below this process (the others did not)
            own = os.getpriority(os.PRIO_PROCESS, 0)
            niceness = sorted(os.getpriority(os.PRIO_PROCESS, pid) for pid in pool.pids())
            assert niceness == [own, min(19, own + LONG_NICENESS)], (own, niceness)
            with pytest.raises(ServerBusy):  # a second long one, with max_long 1
                await pool.run(sum, (range(N),), time_limit=300)
            assert await sleeper == N * (N - 1) // 2

        asyncio.run(scenario())
    finally:
        pool.close()


@pytest.mark.parametrize(
    "error, ready, status, words",
    [
        (TimeLimitExceeded(0.5, started=True), True, 503, "longer than the time limit of 0.5 s"),
        (TimeLimitExceeded(0.5, started=False), True, 503, "no worker process was free"),
        (TimeLimitExceeded(0.5, started=False), False, 503, "the server is still starting"),
        (ServerBusy(4), True, 503, "4 long computations"),
        (MemoryLimitExceeded("over"), True, 413, "memory than the limit of 64 MB; ask for less"),
        (WorkerCrashed(-9), True, 503, "signal 9"),
        (KeyError("bug"), True, 500, "internal error: KeyError"),
    ],
)
def test_pool_errors_become_answers_naming_the_limit(
    monkeypatch: pytest.MonkeyPatch, error: Exception, ready: bool, status: int, words: str
) -> None:
    """Each pool error's answer; whether the workers have started is pinned (not left to how fast they start)."""
    app = create_app(time_limit=0.5, memory_limit=64, workers=1)
    try:

        async def fail(*args: object) -> None:
            raise error

        monkeypatch.setattr(app.state.pool, "run", fail)
        monkeypatch.setattr(app.state.pool, "ready", lambda: ready)
        resp = TestClient(app).post("/api/value", json={"ruleset": "nim", "position": [3]})
        assert resp.status_code == status and words in resp.json()["detail"], resp.text
        assert resp.json()["field"] is None
    finally:
        app.state.pool.close()


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"time_limit": math.nan}, "time_limit must be a positive finite number, got nan (--time-limit)"),
        ({"time_limit": -1}, "got -1"),
        ({"memory_limit": math.inf}, "memory_limit must be a positive finite number, got inf"),
        ({"workers": 0}, "workers must be a positive integer, got 0"),
    ],
)
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


def test_a_game_ends_where_no_move_is_left_though_option_count_over_counts(client: TestClient) -> None:
    """Octal 0.77 (Kayles) at 0 1: the computer takes the last pin and wins (its option_count counts 6 at 0 0)."""
    data = post(client, "/api/play", {"ruleset": "octal", "params": {"code": "0.77"}, "position": [0, 1]})
    assert data["position"] == [0, 0] and data["game_over"] and data["winner"] == "computer"
    assert kayles_moves((0, 0)) == []


def test_sprague_serve_binds_loopback_by_default() -> None:
    with running_server(ready=False) as url:  # (nothing computed: the workers' warm-up is not waited for)
        page = urllib.request.urlopen(url + "/", timeout=300).read().decode()
        assert 'id="ruleset"' in page
        spec = json.loads(urllib.request.urlopen(url + "/openapi.json", timeout=300).read())
        assert "/api/value" in spec["paths"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--time-limit", "nan"], "--time-limit must be a positive finite number, got nan"),
        (["--time-limit", "inf"], "got inf"),
        (["--time-limit", "0"], "got 0"),
        (["--time-limit", "-1"], "got -1"),
        (["--memory-limit", "0"], "--memory-limit must be a positive finite number, got 0"),
        (["--workers", "0"], "--workers: must be a whole number >= 1"),
        (["--host", ""], "--host '': give an address to bind"),
        (["--host", "no-such-host.invalid"], "--host no-such-host.invalid: not a host name or address"),
        (["--host", "999.1.1.1"], "not a host name or address"),
    ],
)
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
    assert (
        err.getvalue() == f"sprague: error: cannot serve on 127.0.0.1 port {port} (Address already in use): the "
        "port is in use, choose another with --port\n"
    )


def test_sprague_serve_binds_every_interface_only_when_named_with_a_warning() -> None:
    output: list[str] = []
    with running_server("--host", "0.0.0.0", "--workers", "1", output=output, ready=False) as url:
        data = json.loads(urllib.request.urlopen(url + "/api/rulesets", timeout=300).read())
        assert data[0]["name"]
    assert "sprague: warning: --host 0.0.0.0 serves every network interface" in output[0]
    assert "serving http://0.0.0.0:" in output[0]


def test_play_takes_the_move_in_the_words_sprague_prints(client: TestClient) -> None:
    listed = post(client, "/api/moves", {"ruleset": "single-delete", "position": [3, 6, 7]})
    for option in listed["options"][:5]:
        data = post(
            client, "/api/play", {"ruleset": "single-delete", "position": [3, 6, 7], "move": option["move"], "seed": 1}
        )
        assert sorted(data["moves"][0]["position"]) == sorted(option["position"])
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [5, 3, 7], "move": "heap 3: 7 -> 9"})
    assert resp.status_code == 422 and resp.json()["field"] == "move"


@pytest.mark.timeout(600)  # a hang guard
def test_a_long_octal_code_sequence_is_413_not_a_timeout(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled kernel of a long code stops at the budget of the request, keeping its values: 413, not a 503
    at the time limit (in this process, on a small budget: a stop through the server is tested above)."""
    monkeypatch.setattr(handlers, "WEB_MAX_WORK", 200_000)
    body = {"ruleset": "octal", "params": {"code": "0.77777777777777777777"}, "to": 100_000}
    status, detail = _handle("sequence", body)
    assert (
        status == 413
        and re.search(STOPPED, detail)
        and "computing single-heap values up to 100,000" in detail
        and "that is the server's budget of one request" in detail
        and "--max-work" in detail
    ), detail
    budget = int(re.search(r"work budget of ([\d,]+)", detail).group(1).replace(",", ""))
    kept = int(re.search(KEPT, detail).group(1).replace(",", ""))
    assert 0 < budget <= 200_000 and 0 < kept < 100_001, detail  # within the request's budget, values kept
    body["params"]["code"] = "0." + "7" * 40
    resp = client.post("/api/sequence", json=body)
    assert resp.status_code == 422 and "MAX_CODE_DIGITS" in resp.json()["detail"]


# ------------------------------------------------------------------ misère play
def kayles_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Kayles (octal 0.77) on multisets, from the rules: knock down one or two adjacent pins of a row."""
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            for left in range(h - take + 1):
                out.add(tuple(sorted(rest + tuple(p for p in (left, h - take - left) if p))))
    return sorted(out)


def heaps_key(position: object) -> object:
    """A heap position as a multiset (heap games: the order of heaps and empty heaps do not matter)."""
    return tuple(sorted(h for h in position if h)) if isinstance(position, list) else position


#: (request body without "misere", the naive moves function, a key making API and naive positions comparable)
MISERE_CASES = [
    ({"ruleset": "nim", "position": [1, 1, 1]}, naive.nim_moves, heaps_key),
    ({"ruleset": "nim", "position": [2, 2]}, naive.nim_moves, heaps_key),
    ({"ruleset": "nim", "position": [1, 2, 3]}, naive.nim_moves, heaps_key),
    ({"ruleset": "nim", "position": [0, 0]}, naive.nim_moves, heaps_key),  # terminal: misère N, no winning move
    ({"ruleset": "nim", "position": [1, 1, 4], "method": "search"}, naive.nim_moves, heaps_key),
    (
        {"ruleset": "subtraction", "params": {"S": "1,2"}, "position": [5, 3]},
        naive.subtraction_moves({1, 2}),
        heaps_key,
    ),
    ({"ruleset": "grundys-game", "position": [9]}, naive.sorted_grundys_game_moves, heaps_key),
    ({"ruleset": "grundys-game", "position": [7, 4]}, naive.sorted_grundys_game_moves, heaps_key),
    ({"ruleset": "octal", "params": {"code": "0.77"}, "position": [4, 3]}, kayles_moves, heaps_key),
    ({"ruleset": "wythoff", "position": [3, 5]}, naive.wythoff_moves, tuple),
    ({"ruleset": "turning-turtles", "position": "THHTH"}, naive.turtles_moves, str),
]


def as_naive(position: object) -> object:
    """A position of the API's JSON as the naive solver takes it."""
    return tuple(position) if isinstance(position, list) else position


def parsed(r: sprague.Ruleset, position: object) -> object:
    """The position of a request body, parsed as the command line parses it."""
    return r.parse_position([position] if isinstance(position, str) else [str(h) for h in position])  # type: ignore


@pytest.mark.parametrize("body, moves, key", MISERE_CASES, ids=lambda v: json.dumps(v) if isinstance(v, dict) else "")
def test_misere_value_and_moves_agree_with_search_and_the_naive_solver(
    client: TestClient, body: dict, moves: object, key: object
) -> None:
    """``misere: true``: outcome, g- and the winning moves as misère search and the naive misère solver say."""
    r = sprague.ruleset(body["ruleset"], **body.get("params", {}))
    start = as_naive(body["position"])
    data = post(client, "/api/value", {**body, "misere": True})
    assert data["misere"] is True and "grundy" not in data
    assert data["outcome"] == naive.misere_outcome(moves, start)
    assert data["outcome"] == r.outcome(parsed(r, body["position"]), misere=True, method="search")
    assert data["misere_grundy"] == naive.misere_grundy(moves, start)
    listed = post(client, "/api/moves", {**body, "misere": True})
    assert listed["misere"] is True and listed["outcome"] == data["outcome"]
    assert {key(o["position"]) for o in listed["options"]} == {
        key(list(o) if isinstance(o, tuple) else o) for o in moves(start)
    }
    for o in listed["options"]:
        after = as_naive(o["position"])
        assert o["outcome"] == naive.misere_outcome(moves, after), o
        assert o["misere_grundy"] == naive.misere_grundy(moves, after), o
        assert o["winning"] == (naive.misere_outcome(moves, after) == "P"), o


def test_misere_false_is_normal_play_on_every_endpoint(client: TestClient) -> None:
    """``misere: false`` answers as before (as the command line without --misere), and says so."""
    for path, body in [
        ("/api/value", {"ruleset": "nim", "position": [1, 1, 1]}),
        ("/api/moves", {"ruleset": "nim", "position": [1, 1, 1]}),
        ("/api/sequence", {"ruleset": "grundys-game", "to": 20}),
        ("/api/table", {"ruleset": "wythoff", "max": 5}),
        ("/api/play", {"ruleset": "nim", "position": [3, 4, 5], "mode": "hint"}),
    ]:
        plain, normal_play = post(client, path, body), post(client, path, {**body, "misere": False})
        assert plain == normal_play and plain["misere"] is False, path
    assert post(client, "/api/value", {"ruleset": "nim", "position": [1, 1, 1], "misere": False}) == normal(
        cli_json("value", "nim", "1", "1", "1")
    )
    assert post(client, "/api/value", {"ruleset": "nim", "position": [1, 1, 1]})["outcome"] == "N"


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, None, [True], {"on": True}])
@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/value", {"ruleset": "nim", "position": [1, 1, 1]}),
        ("/api/moves", {"ruleset": "nim", "position": [1, 1, 1]}),
        ("/api/sequence", {"ruleset": "nim", "to": 5}),
        ("/api/table", {"ruleset": "nim", "max": 3}),
        ("/api/play", {"ruleset": "nim", "position": [1, 1, 1]}),
        ("/api/discover", {"ruleset": "nim", "heaps": 1, "max": 5}),
    ],
)
def test_a_bad_misere_value_is_422_naming_it(client: TestClient, path: str, body: dict, value: object) -> None:
    resp = client.post(path, json={**body, "misere": value})
    assert resp.status_code == 422, resp.text
    assert resp.json()["field"] == "misere" and "valid boolean" in resp.json()["detail"]


def test_misere_tables_agree_with_the_naive_solver_for_a_sum_and_one_game(client: TestClient) -> None:
    """The grid of Subtraction({1, 2}) + Subtraction({1, 3}) and of Wythoff under misère play, cell by cell."""
    moves = naive.sum_moves([naive.subtraction_moves({1, 2}), naive.subtraction_moves({1, 3})])
    total = sprague.Sum(sprague.ruleset("subtraction", S="1,2"), sprague.ruleset("subtraction", S="1,3"))
    body = {
        "ruleset": "subtraction",
        "params": {"S": "1,2"},
        "second": "subtraction",
        "second_params": {"S": "1,3"},
        "max": 7,
        "misere": True,
    }
    for values in ("outcome", "grundy"):
        grid = post(client, "/api/table", {**body, "values": values})
        assert grid["misere"] is True and grid["values"] == values
        for i, y in enumerate(grid["rows"]):
            for j, x in enumerate(grid["columns"]):
                p = ((x,), (y,))
                want = naive.misere_outcome(moves, p) if values == "outcome" else naive.misere_grundy(moves, p)
                assert grid["table"][i][j] == want, (x, y)
                if values == "outcome":
                    assert want == total.outcome(p, misere=True, method="search")
    normal_grid = post(client, "/api/table", {**body, "misere": False})
    assert normal_grid["table"][0][0] == "P" and grid["table"][0][0] == 1  # (0, 0): the last move is made
    grid = post(client, "/api/table", {"ruleset": "wythoff", "max": 9, "misere": True})
    assert {
        (x, y) for i, y in enumerate(grid["rows"]) for j, x in enumerate(grid["columns"]) if grid["table"][i][j] == "P"
    } == {(x, y) for x in range(10) for y in range(10) if naive.misere_outcome(naive.wythoff_moves, (x, y)) == "P"}
    summary = post(client, "/api/table", {"ruleset": "nim", "heaps": 3, "max": 4, "misere": True})
    assert summary["misere"] is True
    assert {tuple(p) for p in summary["p_positions"]} == {  # the K-heap summary under misère play too
        (a, b, c)
        for a in range(5)
        for b in range(a, 5)
        for c in range(b, 5)
        if naive.misere_outcome(naive.nim_moves, (a, b, c)) == "P"
    }
    resp = client.post("/api/table", json={"ruleset": "nim", "max": 10_000, "misere": True})
    assert resp.status_code == 422 and "over the limit" in resp.json()["detail"]


def test_misere_sequence_is_the_misere_values_of_single_heaps(client: TestClient) -> None:
    data = post(client, "/api/sequence", {"ruleset": "grundys-game", "to": 18, "misere": True})
    assert data["misere"] is True and data["stairs"] is None
    assert data["values"] == [naive.misere_grundy(naive.sorted_grundys_game_moves, (n,)) for n in range(19)]
    assert data["structure"] is None or data["certified"] is False  # a misère period is only observed here
    data = post(client, "/api/sequence", {"ruleset": "octal", "params": {"code": "0.77"}, "to": 12, "misere": True})
    assert data["values"] == [naive.misere_grundy(kayles_moves, (n,)) for n in range(13)]
    # Misère Nim: g-(0) = 1, g-(1) = 0, g-(n) = n for n >= 2 (Conway, ONAG ch. 12; Winning Ways ch. 13)
    assert post(client, "/api/sequence", {"ruleset": "nim", "to": 9, "misere": True})["values"] == [
        1,
        0,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
    ]


def test_misere_play_the_last_mover_loses(client: TestClient) -> None:
    """The user's last move loses; a computer stuck on its turn has won; hints are the misère winning moves."""
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 1], "move": [0, 0], "misere": True})
    assert data["game_over"] and data["winner"] == "computer" and data["misere"] is True
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 1], "move": [0, 0]})
    assert data["game_over"] and data["winner"] == "user" and data["misere"] is False
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 0], "misere": True})
    assert data["game_over"] and data["winner"] == "computer" and data["moves"] == []
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 0], "mode": "hint", "misere": True})
    assert data["game_over"] and data["winner"] == "user"
    for start in ([2, 2], [1, 1, 1], [1, 2, 3], [3, 4, 5], [1, 1, 5]):
        hint = post(client, "/api/play", {"ruleset": "nim", "position": start, "mode": "hint", "misere": True})
        assert {heaps_key(h) for h in hint["hint"]} == {
            heaps_key(list(o)) for o in naive.misere_p_options(naive.nim_moves, tuple(start))
        }, start
        assert ("misère P-position" in hint["hint_text"]) == (
            naive.misere_outcome(naive.nim_moves, tuple(start)) == "P"
        )


@pytest.mark.parametrize(
    "body, moves",
    [
        ({"ruleset": "nim", "position": [1, 2, 3]}, naive.nim_moves),
        ({"ruleset": "nim", "position": [1, 1, 1, 2]}, naive.nim_moves),
        ({"ruleset": "nim", "position": [2, 2]}, naive.nim_moves),
        ({"ruleset": "grundys-game", "position": [10]}, naive.sorted_grundys_game_moves),
        ({"ruleset": "octal", "params": {"code": "0.77"}, "position": [5, 2]}, kayles_moves),
    ],
)
def test_perfect_players_play_misere_games_to_the_end(client: TestClient, body: dict, moves: object) -> None:
    """The computer against itself under misère play: it moves to misère P-positions when it can, and the side
    that makes the last move loses -- the first side wins exactly when the start is a misère N-position."""
    position = body["position"]
    mover = 0  # the side to move: 0 moved first
    for _ in range(100):
        data = post(client, "/api/play", {**body, "position": position, "misere": True})
        (move,) = data["moves"]
        before, position = tuple(move["from"]), data["position"]
        if naive.misere_outcome(moves, before) == "N":
            assert naive.misere_outcome(moves, tuple(position)) == "P", (before, position)
        if data["game_over"]:
            assert moves(tuple(position)) == [] and data["winner"] == "user"  # the computer moved last: it lost
            first_side_won = mover == 1
            assert first_side_won == (naive.misere_outcome(moves, tuple(body["position"])) == "N")
            return
        mover = 1 - mover
    pytest.fail("the game did not end")


# ------------------------------------------------------------------ the page's teaching answers (issue 17)
def test_the_value_of_a_sum_of_heaps_lists_each_heaps_value(client: TestClient) -> None:
    """Subtraction {1, 3, 4}: heap_values are the single heaps' values (naive), their nim-sum is G (the page's
    binary columns); games whose heaps interact, and misère play, have none."""
    g = naive.subtraction_sequence(lambda s: s in (1, 3, 4), 30)
    data = post(client, "/api/value", {"ruleset": "subtraction", "params": {"S": "1,3,4"}, "position": [7, 12, 29]})
    assert data["heap_values"] == [g[7], g[12], g[29]]
    assert data["grundy"] == g[7] ^ g[12] ^ g[29]
    assert "heap_values" not in post(client, "/api/value", {"ruleset": "delete-nim", "position": [5, 7]})
    assert "heap_values" not in post(client, "/api/value", {"ruleset": "nim", "position": [3, 4], "misere": True})


def test_moves_with_remoteness_equal_the_definition(client: TestClient) -> None:
    data = post(client, "/api/moves", {"ruleset": "wythoff", "position": [4, 6], "remoteness": True})
    assert data["remoteness"] == naive.remoteness(naive.wythoff_moves, (4, 6))
    for o in data["options"]:
        assert o["remoteness"] == naive.remoteness(naive.wythoff_moves, tuple(o["position"]))


def test_a_skilled_computer_is_perfect_at_skill_1_and_plays_legal_moves_at_any_skill(client: TestClient) -> None:
    mixed = []
    for seed in range(20):
        body = {"ruleset": "nim", "position": [3, 4, 6], "seed": seed}
        best = post(client, "/api/play", {**body, "mode": "skilled", "skill": 1})
        after = tuple(best["position"])
        assert naive.grundy(naive.nim_moves, after) == 0 and best["moves"][0]["reason"].endswith("; skill 1")
        some = post(client, "/api/play", {**body, "mode": "skilled", "skill": 0.3})
        assert tuple(some["position"]) in set(naive.nim_moves((3, 4, 6)))
        mixed.append(naive.grundy(naive.nim_moves, tuple(some["position"])) == 0)
    assert any(mixed) and not all(mixed)  # at 0.3 some moves win and some do not (1 of 13 options wins)
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [3], "mode": "skilled", "skill": 1.5})
    assert resp.status_code == 422 and resp.json()["field"] == "skill"


def test_a_loopy_game_over_the_api(client: TestClient) -> None:
    """Values ∞{K} as text, draws as outcome D, the drawing moves as the hint from a draw (issue 19)."""
    body = {"ruleset": "digraph", "params": {"edges": "a>b,b>a,b>c,c>d"}, "position": "b"}
    assert post(client, "/api/value", body)["grundy"] == "∞{1}"
    hint = post(client, "/api/play", {**body, "mode": "hint"})
    assert hint["outcome"] == "D" and hint["hint"] == [] and "drawing move" in hint["hint_text"]
    played = post(client, "/api/play", {**body, "move": "a", "mode": "perfect"})
    assert [m["position"] for m in played["moves"]] == ["a", "b"] and "keeps the draw" in played["moves"][1]["reason"]
    assert next(r for r in client.get("/api/rulesets").json() if r["name"] == "digraph")["loopy"] is True
    refused = client.post("/api/value", json={**body, "params": {"edges": "@/etc/passwd"}})
    assert refused.status_code == 422 and "reads no files" in refused.text and "root" not in refused.text


def test_a_game_is_replayed_move_by_move_and_a_non_game_is_refused(client: TestClient) -> None:
    """/api/game (links and imported files): each position must be one move from the one before; the answer has
    the moves in words and each position's value (brute force: tests/naive.py)."""
    game = [[3, 4, 5], [3, 4, 1], [1, 4, 1]]
    data = post(client, "/api/game", {"ruleset": "nim", "positions": game})
    assert data["positions"] == game and data["moves"] == ["heap 3: take 4 from 5", "heap 1: take 2 from 3"]
    assert [v["grundy"] for v in data["values"]] == [naive.grundy(naive.nim_moves, tuple(sorted(p))) for p in game]
    for positions, bad in (([[1], [50], [1, 2, 3]], "positions[1]"), ([[3, 4, 5], [9, 9, 9]], "positions[1]")):
        resp = client.post("/api/game", json={"ruleset": "nim", "positions": positions})
        assert resp.status_code == 422 and resp.json()["field"] == "positions"
        assert resp.json()["detail"].startswith(f"{bad}: ") and "cannot be reached" in resp.json()["detail"]
    resp = client.post("/api/game", json={"ruleset": "nim", "positions": [[3], "abc"]})
    assert resp.status_code == 422 and resp.json()["detail"].startswith("positions[1]: heap 'abc'")
    assert client.post("/api/game", json={"ruleset": "nim", "positions": []}).status_code == 422


def test_two_players_at_one_screen_the_server_only_checks_the_move(client: TestClient) -> None:
    """mode "none": the move is checked and made, no reply; an illegal one is refused; no move is an error."""
    data = post(client, "/api/play", {"ruleset": "nim", "position": [1, 2], "move": [1, 1], "mode": "none"})
    assert [m["by"] for m in data["moves"]] == ["user"] and data["position"] == [1, 1] and not data["game_over"]
    data = post(client, "/api/play", {"ruleset": "nim", "position": [0, 1], "move": [0, 0], "mode": "none"})
    assert data["game_over"]
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [1, 2], "move": [3, 3], "mode": "none"})
    assert resp.status_code == 422 and resp.json()["field"] == "move"
    resp = client.post("/api/play", json={"ruleset": "nim", "position": [1, 2], "mode": "none"})
    assert resp.status_code == 422 and "send the move" in resp.json()["detail"]
