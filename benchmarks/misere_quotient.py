"""Misère Kayles through its quotient against plain misère search.

(a) Time to compute the misère quotient of Kayles (octal 0.77) for the sums of heaps 0..40: it stops
    changing at heap 27 (order 40) and is unchanged to 40 (observed; see sprague.analysis.quotient).
(b) The misère outcome of a sum of 1,000 random Kayles heaps of at most 40 tokens through the quotient
    (1,000 table look-ups), against a plain memoised misère search (written here, over sums as sorted
    tuples, from ``ruleset("kayles").heap_options``) on the largest sums of heaps of 10 tokens it finishes
    within the time budget. The search is exact too; the two are checked against each other on the sums
    the search finishes. Both are interpreted Python.

(c) The engine at MisereSolver's scale (issue 33): Q_N of Dawson's Kayles (octal 0.07) for N = 26, 27, 30 (orders
    144, 176, 360; Q_30 = 360 as A. N. Siegel, "Some MisereSolver questions answered", 2007) and of Kayles to 200
    (order 40), each in a fresh process (3 runs): CPU seconds and peak resident set (``resource.getrusage``), min and
    median, under the default work budget (``DEFAULT_MAX_WORK``) unless ``--work N``. ``--src DIR`` runs another
    source tree, e.g. that of the engine of before: ``git archive 1303200 src | tar -x -C /tmp/before`` then
    ``python benchmarks/misere_quotient.py --only c --src /tmp/before/src --work 10000000000``.

Run: ``python benchmarks/misere_quotient.py [--only a|b|c]``. Prints min and median of repeated runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import sprague
from sprague.analysis.quotient import misere_quotient

BOUND = 40
SEARCH_BUDGET = 5.0  # seconds the search side may take on one sum


def kayles_search(heaps: tuple[int, ...]) -> str:
    """Misère outcome by memoised search: P iff the sum is not empty and every option is N."""
    r = sprague.ruleset("kayles")
    memo: dict[tuple[int, ...], bool] = {}  # True: the player to move wins
    sys.setrecursionlimit(100_000)

    def wins(pos: tuple[int, ...]) -> bool:
        if pos in memo:
            return memo[pos]
        result = not pos  # no move: the other player moved last and lost
        if pos:
            for i, h in enumerate(pos):
                if i and pos[i - 1] == h:
                    continue
                rest = pos[:i] + pos[i + 1 :]
                for parts in r.heap_options(h):
                    if not wins(tuple(sorted(rest + tuple(p for p in parts if p)))):
                        result = True
                        break
                if result:
                    break
        memo[pos] = result
        return result

    return "N" if wins(tuple(sorted(heaps))) else "P"


SCALE = [("0.07", 26, 144), ("0.07", 27, 176), ("0.07", 30, 360), ("0.77", 200, 40)]
_CHILD = """
import json, resource, sys, time
import sprague
from sprague.analysis.quotient import misere_quotient
code, bound, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options = sprague.ruleset("takebreak", code=code).heap_options
start = time.process_time()
if work:
    with sprague.budget(work=work, memory=16 << 30) as b:
        q = misere_quotient(options, bound)
else:
    q = misere_quotient(options, bound)
cpu = time.process_time() - start
print(json.dumps({"order": q.order, "cpu": cpu, "work": q.work,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def scale(src: str | None, work: int, runs: int = 3, bounds: set[int] | None = None) -> None:
    """(c): each quotient in fresh processes (the peak resident set is per process)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = src or str(Path(__file__).resolve().parent.parent / "src")
    where = src or "this tree"
    budget = f"work budget {work:,}" if work else "default work budget"
    print(
        f"(c) quotients at scale ({where}, {budget}; {runs} runs each, fresh processes; CPU includes loading "
        "compiled kernels from numba's cache)"
    )
    print(
        f"    {'game':6} {'N':>4} {'order':>6} {'CPU min':>9} {'CPU median':>11} {'RSS min':>9} {'RSS median':>11} "
        f"{'work units':>12}"
    )
    for code, bound, expected in SCALE:
        if bounds is not None and bound not in bounds:
            continue
        got = []
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", _CHILD, code, str(bound), str(work)], env=env, capture_output=True, text=True
            )
            if out.returncode:
                print(f"    {code:6} {bound:>4}  failed: {out.stderr.strip().splitlines()[-1]}")
                break
            got.append(json.loads(out.stdout.strip().splitlines()[-1]))
        if not got:
            continue
        assert all(g["order"] == expected for g in got), (code, bound, got)
        cpu = [g["cpu"] for g in got]
        rss = [g["rss"] / 2**20 for g in got]
        print(
            f"    {code:6} {bound:>4} {expected:>6} {min(cpu):>8.2f}s {statistics.median(cpu):>10.2f}s "
            f"{min(rss):>7.0f}MB {statistics.median(rss):>9.0f}MB {got[0]['work']:>12,}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["a", "b", "c"], help="one part only")
    parser.add_argument("--src", help="the source tree to time in (c) (default: this one)")
    parser.add_argument("--work", type=int, default=0, help="work budget of (c) (default: the default budget)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each quotient in (c)")
    parser.add_argument("--bounds", help="the bounds N of (c) to run, comma-separated (default: all)")
    args = parser.parse_args()
    if args.only in (None, "a", "b"):
        kayles(args.only)
    if args.only in (None, "c"):
        bounds = None if args.bounds is None else {int(b) for b in args.bounds.split(",")}
        scale(args.src, args.work, args.runs, bounds)


def kayles(only: str | None) -> None:
    heap_options = sprague.ruleset("kayles").heap_options
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        q = misere_quotient(heap_options, BOUND, max_positions=10**8)
        runs.append(time.perf_counter() - start)
    print(f"(a) Kayles quotient of heaps 0..{BOUND}: order {q.order}, {q.stabilisation()}")
    print(f"    time: min {min(runs):.2f} s, median {statistics.median(runs):.2f} s (3 runs)")

    if only == "a":
        return
    rng = random.Random(15)
    big = [rng.randint(1, BOUND) for _ in range(1000)]
    look = []
    for _ in range(7):
        start = time.perf_counter()
        outcome = q.outcome(big)
        look.append(time.perf_counter() - start)
    print(
        f"(b) 1,000 heaps of 1..{BOUND} ({sum(big):,} tokens) through the quotient: {outcome}; "
        f"min {min(look) * 1e3:.3f} ms, median {statistics.median(look) * 1e3:.3f} ms (7 runs)"
    )
    k, last = 1, None
    while True:
        heaps = (10,) * k
        start = time.perf_counter()
        found = kayles_search(heaps)
        spent = time.perf_counter() - start
        assert found == q.outcome(heaps), heaps
        last = (k, spent)
        print(
            f"    search: {k} heaps of 10 ({10 * k} tokens): {found} in {spent:.3f} s "
            f"(quotient: {statistics.median(look) * 1e3:.3f} ms for 1,000 heaps)"
        )
        if spent > SEARCH_BUDGET / 4 or k >= 12:
            break
        k += 1
    k, spent = last
    print(
        f"    ratio: search on {k} heaps ({10 * k} tokens) / quotient on 1,000 heaps = "
        f"{spent / statistics.median(look):,.0f}x"
    )


if __name__ == "__main__":
    main()
