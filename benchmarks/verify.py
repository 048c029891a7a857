"""Benchmarks of ``sprague verify`` (issue 3 targets), printing a table.

Run: ``python benchmarks/verify.py [--max-heap 64] [--skip-further]``. Rows:

* the local check of 004 Thm 1.5 (corrected) on 4 heaps <= H with 1 and 2 workers,
  against a plain-Python local check of the same claims on a sub-box (same code
  path as ``verify`` on a user ruleset) -- the ratio is per position checked;
* the full outcome table by search (compiled) for the same box;
* every registered theorem on a box larger than the test suite's (bound and time).
"""

from __future__ import annotations

import argparse
import time

from sprague.verify import verify


def row(task: str, bound: str, seconds: float, positions: int) -> None:
    print(f"| {task} | {bound} | {positions:,} | {seconds:.2f} s | {positions / seconds / 1e6:.2f} M/s |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-heap", type=int, default=64)
    ap.add_argument("--python-max-heap", type=int, default=24)
    ap.add_argument("--skip-further", action="store_true", help="skip the run of every theorem on larger boxes")
    args = ap.parse_args()
    H = args.max_heap
    verify("single-delete-4", max_heap=40)  # compile kernels and claims outside the timings
    print("| task | box | positions | time | rate |\n|---|---|---|---|---|")
    rates = {}
    for workers in (1, 2):
        r = verify("single-delete-4", max_heap=H, workers=workers)
        assert r.ok, r.summary()
        row(f"local check, compiled, {workers} worker(s)", f"4 heaps <= {H}", r.seconds, r.positions)
        rates[workers] = r.positions / r.seconds
    r = verify("single-delete-4", max_heap=H, method="table")
    row("full table by search, compiled", f"4 heaps <= {H}", r.seconds, r.positions)
    h = args.python_max_heap
    started = time.perf_counter()
    py = verify("single-delete-4", max_heap=h, engine="python")
    seconds = time.perf_counter() - started
    assert py.ok and py.engine == "python"
    row("local check, plain Python (Ruleset.moves)", f"4 heaps <= {h}", seconds, py.positions)
    c = verify("single-delete-4", max_heap=h)
    row("local check, compiled, same box", f"4 heaps <= {h}", c.seconds, c.positions)
    py_rate = py.positions / seconds
    print(f"\nratio compiled (1 worker) / plain Python, positions per second: {rates[1] / py_rate:.0f}x; "
          f"2 workers: {rates[2] / py_rate:.0f}x")
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
        print(f"| {t.name} | {t.citation} | {n} heaps <= {r.max_heap} | {r.positions:,} | {result} | {r.seconds:.2f} s |")


if __name__ == "__main__":
    main()
