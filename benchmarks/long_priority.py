"""The web server's long computations beside other programs: seconds of one, by how far its worker drops in priority.

A computation of a server worker that runs past ``SLOW_AFTER`` (0.1 s of CPU) counts as long: it leaves its
slot and its worker drops ``sprague.web.pool.LONG_NICENESS`` steps of niceness, so the server's short
computations come first. This runs one such computation (``sum(range(n))``, about 0.7 s of CPU on the
machine below) in a :class:`~sprague.web.pool.WorkerPool` for each drop in ``--steps``, the drops interleaved,
with ``--busy N`` busy loops (CPU burners at the server's own priority) beside it::

    PYTHONPATH=src python benchmarks/long_priority.py --repeat 3 --busy 2

It prints min and median seconds from asking to the answer, per drop. Nothing is compared in the run; the
quiet rows (``--busy 0``) show the computation's own time.

Measured on the project's 2-core machine (2026-11-29, 3 runs each, min / median seconds):

    drop (steps of niceness)     quiet           2 busy loops (one a core)
    19 (the lowest priority)     0.73 / 0.75     34.69 / 41.14
    10                           0.74 / 0.74      7.24 /  7.30
     5 (LONG_NICENESS)           0.73 / 0.74      2.29 /  2.83
     0 (no drop)                 0.73 / 0.74      1.09 /  1.10

The server's own balance, short requests before long ones, is what the load test
(``tests/web/test_web_load.py``: 50 clients playing while probes run into the time limit) measures; its p95 a
move was 67, 67, 67 ms with a drop of 19 and 60, 68 ms with 5, in the same session.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from serve_start import burners

from sprague.web import pool as pool_module


def seconds(steps: int, n: int) -> float:
    """Seconds from asking a fresh pool for ``sum(range(n))``, which becomes long, to its answer, at ``steps``."""
    pool_module.LONG_NICENESS = steps  # read when the computation becomes long
    pool = pool_module.WorkerPool(workers=2)
    try:
        asyncio.run(pool.run(sum, (range(10),), time_limit=120))  # the workers are up
        began = time.perf_counter()
        asyncio.run(pool.run(sum, (range(n),), time_limit=600))
        return time.perf_counter() - began
    finally:
        pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each drop (interleaved)")
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the server")
    parser.add_argument("--n", type=int, default=60_000_000, help="the computation is sum(range(n))")
    parser.add_argument("--steps", type=int, nargs="+", default=[19, 10, 5, 0], help="the drops to compare")
    ns = parser.parse_args()
    times: dict[int, list[float]] = {s: [] for s in ns.steps}
    with burners(ns.busy):
        for _ in range(ns.repeat):
            for steps in ns.steps:
                times[steps].append(seconds(steps, ns.n))
    print(f"{ns.busy} busy loops, {ns.repeat} runs, sum(range({ns.n:,})); seconds min / median")
    for steps, got in times.items():
        print(f"drop {steps:2d}: {min(got):6.2f} / {statistics.median(got):6.2f}")


if __name__ == "__main__":
    main()
