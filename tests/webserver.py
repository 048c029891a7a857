"""`sprague serve` in a subprocess on a free loopback port, for the web tests."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(*args: str) -> Iterator[str]:
    """Start ``sprague serve --port P ARGS`` (default host: loopback), wait until it answers, yield its URL."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "sprague.cli", "serve", "--port", str(port), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/openapi.json", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.poll() is not None and proc.stdout else ""
                    raise RuntimeError(f"sprague serve did not start: {out}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
