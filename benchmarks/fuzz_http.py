"""Count what N malformed HTTP requests do to the web server: 500s, answers over a wall-clock bound, foreign shapes.

Runs ``sprague serve`` (whichever ``sprague`` is on PYTHONPATH) on a free
loopback port and sends it N requests made by hypothesis: bodies that are
random bytes, broken or deeply nested JSON, JSON of the wrong shape, and
request objects with hostile values (huge or negative numbers, numbers written
as strings like "10**100", long ranges in parameters, many heaps, unknown
rulesets), to every POST endpoint. It counts the answers that were a 500, that
took longer than BOUND seconds (or got no answer), and whose body was not the
project's error shape ``{"detail": str, "field": ...}``. Usage::

    PYTHONPATH=src python3 benchmarks/fuzz_http.py [N] [--time-limit S]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BOUND = 15.0  # seconds: an answer later than this counts as a hang
PATHS = ["/api/value", "/api/moves", "/api/sequence", "/api/table", "/api/play", "/api/random"]
RULESETS = [
    "nim",
    "moore",
    "subtraction",
    "grundys-game",
    "octal",
    "wythoff",
    "turning-turtles",
    "green-hackenbush",
    "kayles",
    "no-such",
    "",
    "os:path",
]

numbers = st.one_of(
    st.integers(-10, 10**6),
    st.integers(-(10**40), 10**40),
    st.sampled_from(["10**100", "10**30", "-1", "1e9", "x", "", "１２", "_1", "9" * 5000]),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
)
params = st.dictionaries(
    st.sampled_from(["S", "k", "code", "h", "sets", "R", "x"]),
    st.one_of(
        numbers,
        st.sampled_from(["1-20000000", "1,2,5", "0.77777777777777777777", "0.137", "2-1", "all"]),
        st.lists(numbers, max_size=5),
    ),
    max_size=3,
)
positions = st.one_of(
    st.lists(numbers, max_size=6),
    numbers,
    st.text(max_size=30),
    st.builds(lambda n, h: [h] * n, st.integers(0, 20_000), st.integers(0, 9)),
)
objects = st.fixed_dictionaries(
    {"ruleset": st.sampled_from(RULESETS)},
    optional={
        "params": params,
        "position": positions,
        "move": positions,
        "to": numbers,
        "max": numbers,
        "min": numbers,
        "heaps": numbers,
        "method": st.sampled_from(["auto", "search", "closed", "x"]),
        "mode": st.sampled_from(["perfect", "random", "hint", "x"]),
        "seed": numbers,
        "max_options": numbers,
        "fixed": st.text(max_size=10),
        "values": st.sampled_from(["grundy", "outcome", "x"]),
    },
)


big = st.one_of(st.integers(10**6, 10**40), st.sampled_from(["10**100", "10**30", str(10**99 + 7), "9" * 3000]))
hostile = st.one_of(  # the families of issue 14's probes, with their magnitudes drawn
    st.builds(lambda n: {"ruleset": "grundys-game", "position": [n], "method": "search"}, big),
    st.builds(
        lambda k, p: {"ruleset": "moore", "params": {"k": k}, "position": p},
        big,
        st.lists(st.integers(0, 50), min_size=1, max_size=4),
    ),
    st.builds(
        lambda hi: {"ruleset": "subtraction", "params": {"S": f"1-{hi}"}, "position": [10]}, st.integers(10**5, 10**9)
    ),
    st.builds(lambda n: {"ruleset": "nim", "position": [7] * n}, st.integers(1000, 60_000)),
    st.builds(lambda d: {"ruleset": "octal", "params": {"code": "0." + "7" * d}, "to": 50}, st.integers(5, 40)),
    st.builds(lambda lo: {"ruleset": "nim", "min": lo, "max": lo + 3}, st.integers(2**62, 10**40)),
    st.builds(lambda n: {"ruleset": "nim", "position": [n, n]}, big),
)


def _bodies() -> st.SearchStrategy[bytes]:
    def dump(value: Any) -> bytes:
        return json.dumps(value, default=str).encode()

    return st.one_of(
        st.binary(max_size=64),
        st.text(max_size=64).map(str.encode),
        st.integers(1, 50_000).map(lambda n: b"[" * n),
        st.sampled_from([b"", b"{", b'{"ruleset": nim', b"\xff\xfe{}", b"null", b"[3, 5]", b'"nim"']),
        objects.map(dump),
        hostile.map(dump),
        hostile.map(dump),
        hostile.map(dump),
    )


def _send(url: str, path: str, body: bytes) -> tuple[int | None, Any, float]:
    host, port = url.removeprefix("http://").split(":")
    began = time.perf_counter()
    conn = http.client.HTTPConnection(host, int(port), timeout=BOUND + 30)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw)
        except ValueError:
            data = raw[:200]
        return response.status, data, time.perf_counter() - began
    except (OSError, http.client.HTTPException) as exc:
        return None, repr(exc), time.perf_counter() - began
    finally:
        conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, nargs="?", default=300, help="requests to send (default 300)")
    parser.add_argument("--time-limit", default="2", help="the server's --time-limit (default 2)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    cases: list[tuple[str, bytes]] = []

    @settings(
        max_examples=args.n, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(st.tuples(st.sampled_from(PATHS), _bodies()))
    def collect(case: tuple[str, bytes]) -> None:
        cases.append(case)

    collect()  # the same cases on every run (derandomized), so runs on two versions compare
    random.Random(args.seed).shuffle(cases)
    with socket_port() as port:
        pass
    proc = subprocess.Popen(
        [sys.executable, "-m", "sprague.cli", "serve", "--port", str(port), "--time-limit", args.time_limit],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/openapi.json", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        began = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            answers = list(pool.map(lambda case: (case, *_send(url, *case)), cases))
        elapsed = time.perf_counter() - began
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    errors_500 = [a for a in answers if a[1] == 500]
    slow = [a for a in answers if a[1] is None or a[3] > BOUND]
    foreign = [
        a
        for a in answers
        if a[1] != 200 and not (isinstance(a[2], dict) and isinstance(a[2].get("detail"), str) and "field" in a[2])
    ]
    statuses: dict[str, int] = {}
    for a in answers:
        statuses[str(a[1])] = statuses.get(str(a[1]), 0) + 1
    print(
        f"{len(answers)} malformed requests in {elapsed:.0f} s (server --time-limit {args.time_limit}, "
        f"{args.concurrency} at a time): {len(errors_500)} x 500, {len(slow)} over {BOUND:g} s or unanswered, "
        f"{len(foreign)} not in the project's error shape"
    )
    print("statuses:", dict(sorted(statuses.items())))
    for label, group in (("500", errors_500), ("slow", slow), ("shape", foreign)):
        for (path, body), status, data, seconds in group[:3]:
            print(f"  {label}: {path} {body[:80]!r} -> {status} in {seconds:.1f} s: {str(data)[:160]}")
    return 0


class socket_port:
    """A free loopback port (released on exit, for the server to bind)."""

    def __enter__(self) -> int:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        return int(self.sock.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


if __name__ == "__main__":
    sys.exit(main())
