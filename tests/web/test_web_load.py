"""Load on loopback: 50 concurrent clients play games through `sprague serve` while others send bad requests.

Bounded in count and time. It reports the p95 latency of a move (printed; see
``pytest -s``) and fails on any error: a 5xx, a dropped connection, a wrong
answer, or a malformed request that was not refused with 4xx.
"""

from __future__ import annotations

import json
import random
import statistics
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import naive
from webserver import running_server

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytestmark = pytest.mark.slow  # a load test: run by `pytest -m slow` (.ci/run's second pass)

CLIENTS = 50
GAMES_EACH = 2
BAD = [
    (b"{not json", 422),
    (json.dumps({"ruleset": "nim", "position": [3, -4]}).encode(), 422),
    (json.dumps({"ruleset": "no-such-game", "position": [3]}).encode(), 422),
    (json.dumps({"ruleset": "subtraction", "params": {"S": "0,2"}, "position": [7]}).encode(), 422),
    (json.dumps({"ruleset": "grundys-game", "position": [10**9]}).encode(), 413),
]


def _post(url: str, body: bytes) -> tuple[int, Any, float]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read()), time.perf_counter() - began
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null"), time.perf_counter() - began


def _client(url: str, seed: int) -> list[float]:
    """Play GAMES_EACH games of Nim against the server (a random player against the perfect one), with bad requests."""
    rnd = random.Random(seed)
    latencies = []
    for _ in range(GAMES_EACH):
        position = [rnd.randint(1, 7) for _ in range(3)]
        while True:
            options = naive.nim_moves(tuple(position))
            if not options:
                break
            move = list(rnd.choice(options))
            status, data, seconds = _post(url + "/api/play", json.dumps(
                {"ruleset": "nim", "position": position, "move": move, "mode": "perfect"}).encode())
            assert status == 200, (status, data)
            latencies.append(seconds)
            replies = data["moves"]
            assert replies[0]["position"] == move
            if data["game_over"]:
                # the random player moved last only if the computer had no move
                assert data["winner"] == ("user" if len(replies) == 1 else "computer")
                break
            computer = tuple(replies[1]["position"])
            assert computer in {tuple(o) for o in naive.nim_moves(tuple(move))}
            if naive.grundy(naive.nim_moves, tuple(move)) != 0:  # the perfect player leaves a P-position
                assert naive.grundy(naive.nim_moves, computer) == 0
            position = list(computer)
        body, code = rnd.choice(BAD)
        status, data, _ = _post(url + "/api/value", body)
        assert status == code, (body, status, data)
    return latencies


def test_fifty_concurrent_clients_play_without_errors() -> None:
    with running_server() as url:
        began = time.perf_counter()
        with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
            results = list(pool.map(lambda i: _client(url, i), range(CLIENTS)))
        elapsed = time.perf_counter() - began
        latencies = sorted(t for r in results for t in r)
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        print(f"\n{CLIENTS} clients, {len(latencies)} moves in {elapsed:.1f} s: "
              f"median {statistics.median(latencies) * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms a move")
        assert len(latencies) >= CLIENTS * GAMES_EACH
        assert elapsed < 120
        # the server still answers normally afterwards
        status, data, _ = _post(url + "/api/value", json.dumps({"ruleset": "nim", "position": [3, 5, 6]}).encode())
        assert status == 200 and data["grundy"] == 0
