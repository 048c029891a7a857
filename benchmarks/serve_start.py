"""Start-up of ``sprague serve``: seconds from launching the process to its first answers.

For each run a fresh ``sprague serve --workers W`` is started on a free loopback port; the time it prints
``serving http://...`` is noted, and it is asked, every 20 ms until it answers:

- ``/`` (the page), ``/api/rulesets`` and ``/api/theorems`` (the lists the page draws first): "first screen";
- ``POST /api/value`` for nim 3 5 6 (no kernel), answered 200 (a 503 while the server prepares its kernels is
  counted as not yet answered);
- ``POST /api/value`` for Grundy's game at heap 2000 (a compiled kernel);
- ``GET /api/status`` until it says ``ready`` (the workers have their kernels), if the server has that route.

``--cold`` gives each run an empty numba cache (``NUMBA_CACHE_DIR`` in a fresh temporary directory), so every
kernel is compiled; ``--busy N`` runs N busy loops (CPU burners) beside the server. Run it from a checkout with
its sources first on the path::

    PYTHONPATH=src python benchmarks/serve_start.py --repeat 3 [--cold] [--busy 2]

Nothing is compared: it prints min and median seconds of each mark over ``--repeat`` runs.

Measured on the project's 2-core machine (2026-11-29, 2 workers, 3 runs each, min / median seconds from launch;
the machine was shared with other jobs, load 1 to 5 "quiet" and up to 14 during the cold busy runs):

    numba cache, busy loops     'serving'    first screen (/, rulesets, theorems)    workers ready (computes)
    warm, quiet                 0.54 / 0.56   0.57 / 0.63                              1.81 / 1.84
    warm, 2 busy loops          1.07 / 1.60   1.24 / 1.69                              3.91 / 5.90
    cold, quiet                 0.77 / 0.82   0.89 / 0.92                             27.5 / 34.1
    cold, 2 busy loops          2.21 / 4.09   2.41 / 4.32                             69.7 / 90.0

Before (the server waited for its workers, at most 60 s, before answering anything): warm and quiet, the first
screen came with the workers, 1.9 / 2.5 s; cold beside two busy loops, it exited after 60.9 s ("the worker
processes did not start; try fewer --workers") without answering, in 2 of 3 tries (the third, with less load
from other jobs, started within the 60 s).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

MARKS = [
    "'serving' printed",
    "page /",
    "/api/rulesets",
    "/api/theorems",
    "value nim (200)",
    "value kernel (200)",
    "status ready",
]
NIM = {"ruleset": "nim", "position": [3, 5, 6]}
KERNEL = {"ruleset": "grundys-game", "position": [2000]}


def _burn() -> None:
    while True:
        pass


@contextlib.contextmanager
def burners(count: int) -> Iterator[None]:
    """``count`` busy loops in processes of their own while the block runs."""
    procs = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(count)]
    for p in procs:
        p.start()
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.join()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answered(url: str, body: dict[str, object] | None = None) -> bool | None:
    """Whether ``url`` answers 200 now (GET, or POST of ``body`` as JSON); None: 404 (no such route)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as resp:
            text = resp.read()
            if url.endswith("/api/status"):
                return bool(json.loads(text).get("ready"))
            return resp.status == 200
    except urllib.error.HTTPError as exc:
        return None if exc.code == 404 else False
    except (OSError, ValueError):
        return False


def one_run(workers: int, cold: bool, guard: float) -> dict[str, float]:
    """Seconds from launch to each mark (a mark not reached within ``guard`` seconds is left out)."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="sprague-numba-") as cache:
        if cold:
            env["NUMBA_CACHE_DIR"] = cache
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        began = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "sprague.cli", "serve", "--port", str(port), "--workers", str(workers)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        seen: dict[str, float] = {}

        def note_serving() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                if b"serving http" in line:
                    seen["'serving' printed"] = time.perf_counter() - began

        threading.Thread(target=note_serving, daemon=True).start()
        probes = {
            "page /": (url + "/", None),
            "/api/rulesets": (url + "/api/rulesets", None),
            "/api/theorems": (url + "/api/theorems", None),
            "value nim (200)": (url + "/api/value", NIM),
            "value kernel (200)": (url + "/api/value", KERNEL),
            "status ready": (url + "/api/status", None),
        }
        try:
            while (
                len(set(seen) & set(probes)) < len(probes)
                and time.perf_counter() - began < guard
                and proc.poll() is None
            ):
                for mark, (where, body) in list(probes.items()):
                    if mark in seen:
                        continue
                    answer = _answered(where, body)
                    if answer is None:  # an older server without the route
                        del probes[mark]
                    elif answer:
                        seen[mark] = time.perf_counter() - began
                time.sleep(0.02)
        finally:
            proc.terminate()
            proc.wait(timeout=120)
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cold", action="store_true", help="an empty numba cache for each run")
    parser.add_argument("--busy", type=int, default=0, help="busy loops beside the server")
    parser.add_argument("--guard", type=float, default=600.0, help="seconds after which a run gives up")
    ns = parser.parse_args()
    runs: list[dict[str, float]] = []
    with burners(ns.busy):
        for _ in range(ns.repeat):
            runs.append(one_run(ns.workers, ns.cold, ns.guard))
            print(json.dumps({k: round(v, 2) for k, v in runs[-1].items()}), flush=True)
    print(f"{'cold' if ns.cold else 'warm'} cache, {ns.busy} busy loops, {ns.workers} workers, {ns.repeat} runs")
    print(f"{'mark':<26}{'min s':>8}{'median s':>10}")
    for mark in MARKS:
        times = [r[mark] for r in runs if mark in r]
        if times:
            print(f"{mark:<26}{min(times):>8.2f}{statistics.median(times):>10.2f}  ({len(times)} of {len(runs)})")
        else:
            print(f"{mark:<26}{'-':>8}{'-':>10}  (never)")


if __name__ == "__main__":
    main()
