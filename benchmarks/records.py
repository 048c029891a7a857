"""Record runs of the sparse-space kernel: values per wall-second, one thread against two, mask choices, memory.

Run: ``python benchmarks/records.py --to 1048576`` (a few minutes at 2^20 on two
cores; ``--games``, ``--threads``, ``--modes``, ``--repeat`` narrow it). Each row
is measured in a fresh process (so that its peak memory, ``ru_maxrss``, is its
own), ``--repeat`` times (min and median of the wall time), with the results
cache off. Modes:

- ``rechosen``: the kernel as it runs by default (the mask chosen on the first
  values and chosen again between chunks, :class:`sprague.kernels.takebreak_run.Run`);
- ``first``: the mask chosen on the first values and kept (the kernel before
  the mask was chosen again);
- ``best``: the mask that is best on all the values asked for, known in
  hindsight (from a first run), fixed from the start: the best any fixed mask does.

The last columns extrapolate to ``--goal`` values (default 2^28), clearly labelled:
time = measured time + the values left at the rate of the last quarter of the run
(right when the rare heaps have stopped growing, as for Grundy's game and Officers;
an underestimate when they still grow), memory = the values at their measured
width plus what the run used besides. The load average at the start of each row is
printed: on a shared machine the numbers are only as good as it is quiet.

Goals (issue 16): Grundy's game and Officers to 2^28 within an hour each with
peak memory under 1.5 GB; 0.04 and 0.06 at least as fast per value as the best
fixed mask, to 2^20.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

GAMES: dict[str, tuple[list[int], list[int], list[int], bool]] = {
    "grundy": ([], [], [0], True),  # Grundy's game, 4!.0
    "officers": ([], [1], [1], False),  # 0.6
    "0.04": ([], [], [2], False),
    "0.06": ([], [2], [2], False),
}


def one(game: str, n: int, threads: int, mode: str, mask: int | None) -> dict[str, Any]:
    """Run the kernel once in this process; the measurements as a dict."""
    import resource

    import numpy as np

    from sprague.kernels import takebreak_run as tb
    from sprague.kernels.takebreak_work import best_key_mask

    moves = GAMES[game]
    forced = None if mask is None else [(mask >> 1, bool(mask & 1))]  # a mask over keys: the value mask, the parity
    run = tb.Run(*moves, np.zeros(0, dtype=np.uint8), n, threads=threads, masks=forced)
    if mode == "first":
        run.masks = None
        original = run._choose
        run._choose = lambda first: original(first) if first else None  # type: ignore[method-assign]
    marks: list[tuple[int, float]] = []
    wall, cpu = time.perf_counter(), time.process_time()
    for reached in run.extend():
        marks.append((reached, time.perf_counter() - wall))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    before = [(0, 0.0)] + [(r, t) for r, t in marks if r < 3 * n // 4]  # the last quarter: from the last mark before it
    (r0, t0), (r1, t1) = before[-1], marks[-1]
    values = run.values
    return {
        "wall": wall,
        "cpu": cpu,
        "tail_rate": (r1 - r0) / max(t1 - t0, 1e-9),
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "itemsize": values.dtype.itemsize,
        "max": int(values.max()),
        "rare": run.n_rare,
        "masks": run.history,
        "best": best_key_mask(run.counts, run.parity_allowed)[0],  # on all the values: in hindsight
        "threads_used": tb.threads_available() if threads > 1 else 1,
        "slept": run.slept,
    }


def measure(game: str, n: int, threads: int, mode: str, mask: int | None, timeout: float) -> dict[str, Any]:
    """:func:`one` in a fresh process."""
    command = [sys.executable, __file__, "--one", game, str(n), str(threads), mode, "" if mask is None else str(mask)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=int, default=1 << 20, help="values per run (default 2^20)")
    parser.add_argument("--goal", type=int, default=1 << 28, help="values to extrapolate to (default 2^28)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated, of {', '.join(GAMES)}")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--modes", default="rechosen,first,best")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=7200.0, help="seconds per run")
    parser.add_argument("--one", nargs=5, help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.one:
        game, n, threads, mode, mask = ns.one
        print(json.dumps(one(game, int(n), int(threads), mode, int(mask) if mask else None)))
        return
    print(f"records to n = {ns.to:,} ({os.cpu_count()} cores); extrapolated to {ns.goal:,} values (labelled 'extrap.')")
    print(
        f"{'game':9} {'mode':9} {'thr':>3} {'load':>5} {'min s':>8} {'median s':>8} {'values/s':>11} "
        f"{'cpu s':>7} {'peak MB':>8} {'type':>5} {'rare':>6} {'masks':>5} {'sleeps':>7} {'extrap. h':>9} "
        f"{'extrap. MB':>10}"
    )
    for game in ns.games.split(","):
        best_mask: int | None = None
        for mode in ns.modes.split(","):
            seconds: dict[int, tuple[float, float]] = {}  # threads: min wall, its CPU
            for threads in (int(t) for t in ns.threads.split(",")):
                if mode == "best" and best_mask is None:  # in hindsight, from a first run (when no row ran yet)
                    best_mask = int(measure(game, ns.to, 1, "rechosen", None, ns.timeout)["best"])
                load = os.getloadavg()[0]
                runs = [
                    measure(game, ns.to, threads, mode, best_mask if mode == "best" else None, ns.timeout)
                    for _ in range(ns.repeat)
                ]
                walls = [r["wall"] for r in runs]
                best_mask = int(runs[0]["best"])  # the same for every mode: the values are
                fastest = min(runs, key=lambda r: r["wall"])
                hours = (fastest["wall"] + (ns.goal - ns.to) / fastest["tail_rate"]) / 3600
                other = max(fastest["maxrss_mb"] - ns.to * fastest["itemsize"] / 2**20, 0)
                memory = other + ns.goal * max(fastest["itemsize"], 2 if fastest["max"] > 200 else 1) / 2**20
                print(
                    f"{game:9} {mode:9} {fastest['threads_used']:>3} {load:5.1f} {min(walls):8.2f} "
                    f"{statistics.median(walls):8.2f} {ns.to / min(walls):11,.0f} {fastest['cpu']:7.2f} "
                    f"{fastest['maxrss_mb']:8.0f} {'u' + str(8 * fastest['itemsize']):>5} {fastest['rare']:6,} "
                    f"{len(fastest['masks']):5} {fastest['slept']:7,} {hours:9.2f} {memory:10.0f}",
                    flush=True,
                )
                seconds[fastest["threads_used"]] = (min(walls), fastest["cpu"])
            if 1 in seconds and 2 in seconds:  # what the second core adds
                (one_wall, one_cpu), (two_wall, two_cpu) = seconds[1], seconds[2]
                print(
                    f"{game:9} {mode:9} the second thread: {one_wall / two_wall:.2f}x the speed (min walls), "
                    f"{two_cpu / one_cpu - 1:+.0%} CPU",
                    flush=True,
                )


if __name__ == "__main__":
    main()
