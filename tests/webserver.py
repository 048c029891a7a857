"""`sprague serve` in a subprocess on a free loopback port, for the web tests."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHEAP = {"ruleset": "nim", "position": [3, 5, 6]}  #: a cheap request (/api/value): G = 0

#: the probe requests of issue 14, each of which once took the server down or ran unbounded: name, path, body
PROBES: list[tuple[str, str, bytes]] = [
    (
        "grundy-search-1e9",
        "/api/value",
        json.dumps({"ruleset": "grundys-game", "position": [1000000000], "method": "search"}).encode(),
    ),
    (
        "moore-k-10**100",
        "/api/value",
        json.dumps({"ruleset": "moore", "params": {"k": "10**100"}, "position": [3, 4]}).encode(),
    ),
    (
        "moore-k-100-digits",
        "/api/value",
        json.dumps({"ruleset": "moore", "params": {"k": str(10**99 + 7)}, "position": [3, 4]}).encode(),
    ),
    ("heap-of-1e6-digits", "/api/value", b'{"ruleset": "nim", "position": [' + b"9" * 10**6 + b"]}"),
    (
        "subtraction-1-20000000",
        "/api/value",
        json.dumps({"ruleset": "subtraction", "params": {"S": "1-20000000"}, "position": [10]}).encode(),
    ),
    ("play-nim-10000-heaps", "/api/play", json.dumps({"ruleset": "nim", "position": [7] * 10_000}).encode()),
    (
        "octal-20-digit-code",
        "/api/sequence",
        json.dumps({"ruleset": "octal", "params": {"code": "0.77777777777777777777"}, "to": 50}).encode(),
    ),
    ("table-min-1e30", "/api/table", json.dumps({"ruleset": "nim", "min": 10**30, "max": 10**30 + 3}).encode()),
]
BIG_BODY = b'{"ruleset": "nim", "position": [' + b"1," * (5 * 10**6 - 1) + b"1]}"  # 5M heaps, 10 MB


def connect(url: str, timeout: float = 300) -> http.client.HTTPConnection:
    """A connection to the server at ``url`` (opened at its first request)."""
    parts = urllib.parse.urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)


def post(
    url: str, path: str, body: bytes, timeout: float = 300, conn: http.client.HTTPConnection | None = None
) -> tuple[int, Any, float]:
    """POST ``body`` to ``url + path``: (status, parsed JSON, seconds).

    On a connection of its own, closed after the answer; or on ``conn``, kept open for
    the next request (HTTP keep-alive, as a browser does).
    """
    began = time.perf_counter()
    own = conn is None
    connection = connect(url, timeout) if conn is None else conn
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read()), time.perf_counter() - began
    finally:
        if own:
            connection.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(
    *args: str, output: list[str] | None = None, ready: bool = True, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Start ``sprague serve --port P ARGS`` (default host: loopback), wait until it answers, yield its URL.

    The server answers at once while its workers warm up; with ``ready`` (the default) this also waits
    until ``/api/status`` says its workers are ready, so that a test's first computation does not wait
    for them. ``output``, if given, receives what the server printed (stdout and stderr), once it has
    stopped. ``env``: the server's environment (default: this process's).
    """
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sprague.cli", "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300  # a hang guard: the server starts in a second or two when idle
        while True:
            try:
                urllib.request.urlopen(url + "/openapi.json", timeout=2).read()
                if not ready or json.loads(urllib.request.urlopen(url + "/api/status", timeout=2).read())["ready"]:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError("sprague serve answers, but its workers were not ready within the hang guard")
                time.sleep(0.1)
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.poll() is not None and proc.stdout else ""
                    raise RuntimeError(f"sprague serve did not start: {out}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=120)  # a hang guard
        if output is not None and proc.stdout:
            output.append(proc.stdout.read().decode())


def children(pid: int) -> set[int]:
    """The process ids whose parent is ``pid`` (from /proc, Linux)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
