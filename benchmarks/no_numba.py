"""The web handlers without numba (as on Pyodide, where numba does not exist), against the same with numba.

Run: ``python benchmarks/no_numba.py`` (about a minute, most of it cram 5x5 without numba). Each side is a
fresh process that imports :mod:`sprague.web.handlers` (with ``fastapi`` blocked, as a browser has none) and
answers each request ``--repeat`` times through :func:`sprague.web.handlers.handle`, as the page's
``api()`` asks them; the first (cold) time, the minimum and the median are printed, in milliseconds. Without
numba the kernels run as plain Python (:mod:`sprague.kernels.jit`); with numba, the compiled kernels come from
numba's cache (``sprague warm-up`` fills it; the first run of a fresh cache compiles them). The findings are
in ``docs/static-mode.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: (label, endpoint, body): what the page asks when a game of nim 3 4 5 or of cram is played
REQUESTS = [
    ("value nim 3 4 5", "value", {"ruleset": "nim", "position": [3, 4, 5]}),
    ("moves nim 3 4 5", "moves", {"ruleset": "nim", "position": [3, 4, 5]}),
    ("moves cram 3x3", "moves", {"ruleset": "cram", "position": "3x3"}),
    ("moves cram 3x5", "moves", {"ruleset": "cram", "position": "3x5"}),
    ("moves cram 4x5", "moves", {"ruleset": "cram", "position": "4x5"}),
    ("value cram 5x5", "value", {"ruleset": "cram", "position": "5x5"}),
    ("sequence octal 0.137 to 1000", "sequence", {"ruleset": "octal", "params": {"code": "0.137"}, "to": 1000}),
]

CHILD = """
import json, statistics, sys, time
blocked, repeat = sys.argv[1].split(","), int(sys.argv[2])
for name in filter(None, blocked):
    sys.modules[name] = None
start = time.perf_counter()
from sprague.web.handlers import handle  # pydantic only: sprague.web imports its FastAPI app lazily
print(f"import sprague and its handlers: {(time.perf_counter() - start) * 1000:.0f} ms")
for label, endpoint, body in json.load(sys.stdin):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        status, _answer = handle(endpoint, json.dumps(body).encode(), 1_000_000)
        times.append((time.perf_counter() - t) * 1000)
    first, low, mid = times[0], min(times), statistics.median(times)
    print(f"{label:30s} {status}  first {first:9.1f}  min {low:9.1f}  median {mid:9.1f} ms")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="times each request is answered (default 5)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(HERE.parent / "src")}
    for title, blocked in (("without numba", "numba,llvmlite,fastapi"), ("with numba", "fastapi")):
        print(f"--- {title}")
        sys.stdout.flush()
        subprocess.run(
            [sys.executable, "-c", CHILD, blocked, str(args.repeat)],
            input=json.dumps(REQUESTS),
            text=True,
            env=env,
            check=True,
        )


if __name__ == "__main__":
    main()
