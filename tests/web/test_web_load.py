"""Load on loopback: 50 concurrent clients play games through `sprague serve` while the probes of issue 14 are fired.

Bounded in count and time. Each client is a process of its own (so that no
client's latency includes waiting for another's interpreter lock) and plays Nim
against the server (cheap requests) over one connection kept open (HTTP
keep-alive, as the page in a browser does), sending a bad request now and then; the
answers are checked against brute force once the clients are done. Meanwhile
another thread fires
the probe requests (a search of Grundy's game at 10^9, Moore with k = 10**100,
a heap of a million digits, a 10 MB body, ...) over and over, which once took
the server down. It reports the p95 latency of a move (printed; see ``pytest
-s``) and fails on any error: a 5xx other than a probe's 503, a dropped
connection, a wrong answer, a malformed request not refused with 4xx, a probe
not answered within its bound, or a p95 of 100 ms or more.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import naive
from webserver import BIG_BODY, PROBES, connect, post, running_server

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytestmark = [pytest.mark.slow, pytest.mark.load]  # .ci/run runs it alone, after the other slow tests

CLIENTS = 50
GAMES_EACH = 40  # enough that the clients play for several seconds, through rounds of probes
P95_BOUND = 0.100  # seconds: the p95 latency of a move, probes or not
TIME_LIMIT = 2.0  # the server's --time-limit
BAD = [
    (b"{not json", 400),
    (json.dumps({"ruleset": "nim", "position": [3, -4]}).encode(), 422),
    (json.dumps({"ruleset": "no-such-game", "position": [3]}).encode(), 422),
    (json.dumps({"ruleset": "subtraction", "params": {"S": "0,2"}, "position": [7]}).encode(), 422),
    (json.dumps({"ruleset": "grundys-game", "position": [10**9]}).encode(), 413),
]


def _client(args: tuple[str, int]) -> tuple[list[float], list[tuple[list[int], list[int], dict[str, Any]]]]:
    """Play GAMES_EACH games of Nim against the server (a random player against the perfect one), with bad requests.

    Runs in a client process of its own. Returns the latencies of the moves and every exchange
    (position, move, answer); the answers are checked afterwards, by :func:`_check`, so that checking
    takes no CPU from the clients while they are timed.
    """
    url, seed = args
    rnd = random.Random(seed)
    latencies, exchanges = [], []
    conn = connect(url)  # kept open between requests, as a browser's page does (the probes connect each time)
    for _ in range(GAMES_EACH):
        position = [rnd.randint(1, 7) for _ in range(3)]
        while True:
            options = naive.nim_moves(tuple(position))
            if not options:
                break
            move = list(rnd.choice(options))
            status, data, seconds = post(
                url,
                "/api/play",
                json.dumps({"ruleset": "nim", "position": position, "move": move, "mode": "perfect"}).encode(),
                conn=conn,
            )
            assert status == 200, (status, data)
            latencies.append(seconds)
            exchanges.append((position, move, data))
            if data["game_over"]:
                break
            position = list(data["moves"][1]["position"])
        body, code = rnd.choice(BAD)
        status, data, _ = post(url, "/api/value", body, conn=conn)
        assert status == code, (body, status, data)
    conn.close()
    return latencies, exchanges


def _check(position: list[int], move: list[int], data: dict[str, Any]) -> None:
    """One answer of /api/play, against brute force: the user's move, then the perfect player's (or the game's end)."""
    replies = data["moves"]
    assert replies[0]["position"] == move
    assert tuple(move) in {tuple(o) for o in naive.nim_moves(tuple(position))}
    if data["game_over"]:
        # the random player moved last only if the computer had no move
        assert data["winner"] == ("user" if len(replies) == 1 else "computer")
        assert len(replies) == 1 or not naive.nim_moves(tuple(replies[1]["position"]))
        return
    computer = tuple(replies[1]["position"])
    assert computer in {tuple(o) for o in naive.nim_moves(tuple(move))}
    if naive.grundy(naive.nim_moves, tuple(move)) != 0:  # the perfect player leaves a P-position
        assert naive.grundy(naive.nim_moves, computer) == 0


def _fire_probes(url: str, stop: threading.Event, answers: list[tuple[str, int, Any, float]]) -> None:
    """Fire every probe (and the 10 MB body) at once, again and again, until ``stop``."""
    probes = [*PROBES, ("body-of-10-MB", "/api/value", BIG_BODY)]
    with ThreadPoolExecutor(len(probes)) as pool:
        while not stop.is_set():
            answers.extend(pool.map(lambda p: (p[0], *post(url, p[1], p[2])), probes))


def _play_all(url: str, clients: Any) -> tuple[list[float], float]:
    """CLIENTS clients at once, each in its own process, GAMES_EACH games each: the latencies of the moves, sorted,
    and the seconds taken; every answer checked against brute force once the clients are done."""
    began = time.perf_counter()
    results = clients.map(_client, [(url, i) for i in range(CLIENTS)], chunksize=1)
    elapsed = time.perf_counter() - began
    for _, exchanges in results:
        for exchange in exchanges:
            _check(*exchange)
    return sorted(t for r, _ in results for t in r), elapsed


def _p95(latencies: list[float]) -> float:
    return latencies[int(0.95 * (len(latencies) - 1))]


def test_fifty_concurrent_clients_play_without_errors_while_the_probes_are_fired() -> None:
    # the clients are processes (forked before any thread starts), so that no client waits for another's GIL
    with (
        running_server("--time-limit", str(TIME_LIMIT)) as url,
        multiprocessing.get_context("fork").Pool(CLIENTS) as clients,
    ):
        quiet, _ = _play_all(url, clients)  # the same load without probes
        stop = threading.Event()
        probes: list[tuple[str, int, Any, float]] = []
        firing = threading.Thread(target=_fire_probes, args=(url, stop, probes))
        firing.start()
        try:
            time.sleep(0.5)  # the first probes are computing
            latencies, elapsed = _play_all(url, clients)
        finally:
            stop.set()
            firing.join()
        p95 = _p95(latencies)
        print(
            f"\n{CLIENTS} clients, {len(latencies)} moves in {elapsed:.1f} s while {len(probes)} probes were "
            f"fired: median {statistics.median(latencies) * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms a move "
            f"(without probes: median {statistics.median(quiet) * 1e3:.0f} ms, p95 {_p95(quiet) * 1e3:.0f} ms)"
        )
        assert len(latencies) >= CLIENTS * GAMES_EACH
        assert elapsed < 120
        assert len(probes) >= len(PROBES)
        for name, status, data, seconds in probes:
            assert status in (200, 413, 422, 503), (name, status, data)
            assert status == 200 or (isinstance(data["detail"], str) and "field" in data), (name, data)
            assert seconds < TIME_LIMIT + 10, (name, seconds)
        assert p95 < P95_BOUND, f"p95 of a move {p95 * 1e3:.0f} ms with the probes, over {P95_BOUND * 1e3:.0f} ms"
        # the server still answers normally afterwards
        status, data, _ = post(url, "/api/value", json.dumps({"ruleset": "nim", "position": [3, 5, 6]}).encode())
        assert status == 200 and data["grundy"] == 0
