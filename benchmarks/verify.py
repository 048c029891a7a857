"""Benchmarks of ``sprague verify`` (issue 3 targets), printing a table.

Run: ``python benchmarks/verify.py [--max-heap 64] [--repeat 3] [--skip-further]``. Each row runs
``--repeat`` times (min and median). Rows:

* the local check of 004 Thm 1.5 (corrected) on 4 heaps <= H with 1 and 2 workers;
  a plain-Python local check of the same claims (the code path of ``verify`` on a
  user ruleset) and the compiled one on the same smaller box, and their ratio;
* the full outcome table by search (compiled) for the same box;
* every registered theorem on a box larger than the test suite's (bound and time).
"""

from __future__ import annotations

import argparse
import statistics
import time

import sprague.cache
from sprague.verify import verify


def row(task: str, bound: str, seconds: list[float], positions: int) -> None:
    low, mid = min(seconds), statistics.median(seconds)
    print(f"| {task} | {bound} | {positions:,} | {low:.2f} / {mid:.2f} s | {positions / low / 1e6:.2f} M/s |")


def runs(repeat: int, **options: object) -> tuple[object, list[float]]:
    """``verify("single-delete-4", **options)`` ``repeat`` times: the last report and every run's seconds."""
    seconds, report = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        report = verify("single-delete-4", **options)  # type: ignore[arg-type]
        seconds.append(time.perf_counter() - began)
        assert report.ok, report.summary()
    return report, seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-heap", type=int, default=64)
    ap.add_argument("--python-max-heap", type=int, default=24)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-further", action="store_true", help="skip the run of every theorem on larger boxes")
    args = ap.parse_args()
    H, k = args.max_heap, args.repeat
    sprague.cache.use(False)  # every repeat computes: none reads the table the first one stored
    verify("single-delete-4", max_heap=40)  # compile kernels and claims outside the timings
    print("| task | box | positions | time: min / median | rate (of the min) |\n|---|---|---|---|---|")
    for workers in (1, 2):
        r, seconds = runs(k, max_heap=H, workers=workers)
        row(f"local check, compiled, {workers} worker(s)", f"4 heaps <= {H}", seconds, r.positions)
    r, seconds = runs(k, max_heap=H, method="table")
    row("full table, compiled (P/N: the retrograde sieve)", f"4 heaps <= {H}", seconds, r.positions)
    h = args.python_max_heap
    py, py_seconds = runs(max(1, k - 1), max_heap=h, engine="python")
    assert py.engine == "python"
    row("local check, plain Python (Ruleset.moves)", f"4 heaps <= {h}", py_seconds, py.positions)
    c, c_seconds = runs(k, max_heap=h)
    row("local check, compiled, same box", f"4 heaps <= {h}", c_seconds, c.positions)
    print(
        f"\nratio on the same box (4 heaps <= {h}), compiled (1 worker) against plain Python, min against min: "
        f"{min(py_seconds) / min(c_seconds):.0f}x (compiled vs interpreted: the same local rule)"
    )
    if not args.skip_further:
        further()


# every registered theorem, further than the test suite goes: (heaps, max heap) per theorem
FURTHER = {2: 1500, 3: 160, 4: 64, 5: 28, 6: 18}


def further(workers: int = 2) -> None:
    """Run every theorem on a box beyond the tests' and print the bound reached and the time."""
    from sprague.theorems import THEOREMS

    print("\n| theorem | citation | box | positions | result | time |\n|---|---|---|---|---|---|")
    for t in THEOREMS:
        n = t.heaps_default()
        hi = FURTHER[n] if t.cap is None else t.cap
        r = verify(t, max_heap=hi, workers=workers)
        result = "holds" if r.ok else f"refuted at {r.counterexample.position}" if r.counterexample else "?"
        print(
            f"| {t.name} | {t.citation} | {n} heaps <= {r.max_heap} | {r.positions:,} | {result} | {r.seconds:.2f} s |"
        )


if __name__ == "__main__":
    main()
