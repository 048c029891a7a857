"""Calibration of the work budget: CPU seconds per unit of work, for each kind of computation that charges it.

A unit is meant to be about a microsecond (sprague.core.budget). Each workload runs in a fresh process-local
ruleset under a budget too large to stop it; the table gives the units charged, the CPU seconds taken, and
microseconds per unit (min and median of --repeat runs). Nothing is compared: these are the unit's prices.

    python benchmarks/budget.py --repeat 3

Measured on the project's 2-core machine (2026-11-28, 3 runs, CPU seconds of one process; the unit's price, not a
comparison):

    workload                                          units  CPU s (min)  us/unit min   median
    search: nim 14 x 5 heaps                        453,492         0.32         0.70     0.71
    search: wythoff 120 120                       1,210,484         0.30         0.25     0.25
    search: half-delete 5 5 5 8 9 12                 42,420         0.06         1.48     1.50
    search, misere: 4.7 3 4 6 20                  2,130,734         2.09         0.98     0.98
    genus: kayles heaps 0..40                     2,880,949         2.40         0.83     0.87
    loopy: square-but-one 3000                      359,021         0.05         0.14     0.14
    kernel: grundy's game to 2^19                 4,726,552         2.41         0.51     0.59
    quotient: 0.07 to heap 24                        38,765         0.02         0.43     0.45
    closed form: hackenbush star of 20,000           20,000         0.04         9.28   (memo)
    box kernel (CPU time): single-delete 4 x 80     517,493         0.36         1.00     1.01

So a unit costs 0.14 to 1.5 us of CPU in the searches and kernels (the default budget of 20,000,000 units is 3 to
30 s, some 15 s for most), and a unit is charged a microsecond of CPU where no step is counted (box tables). The
Hackenbush closed form charges a unit an edge for some 9 us of work: its budget runs long by that factor.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import sprague
from sprague import cache
from sprague.analysis.quotient import misere_quotient


def _search(name: str, position: tuple[int, ...], **params: object) -> Callable[[], object]:
    return lambda: sprague.ruleset(name, **params).grundy(position, method="search", max_positions=10**9)


WORKLOADS: dict[str, Callable[[], object]] = {
    "search: nim 14 x 5 heaps": _search("nim", (14, 14, 14, 14, 14)),
    "search: wythoff 120 120": _search("wythoff", (120, 120)),
    "search: half-delete 5 5 5 8 9 12": _search("half-delete", (5, 5, 5, 8, 9, 12)),
    "search, misère: 4.7 3 4 6 20": lambda: sprague.ruleset("takebreak", code="4.7").grundy(
        (3, 4, 6, 20), method="search", misere=True, max_positions=10**9
    ),
    "genus: kayles heaps 0..40": lambda: sprague.ruleset("kayles").genus_sequence(41, 10**9),
    "loopy: square-but-one 3000": lambda: sprague.ruleset("square-but-one").grundy((3000,), method="search"),
    "kernel: grundy's game to 2^19": lambda: sprague.ruleset("grundys-game").sequence(2**19),
    "quotient: 0.07 to heap 24": lambda: misere_quotient(sprague.ruleset("takebreak", code="0.07").heap_options, 24),
    "closed form: hackenbush star of 20,000": lambda: sprague.ruleset("green-hackenbush").grundy(
        " ".join(f"0-{i}" for i in range(1, 20001))
    ),
    "box kernel (CPU time): single-delete 4 x 80": lambda: sprague.ruleset("single-delete").table(
        80, heaps=4, values="grundy"
    ),
}


def measure(work: Callable[[], object]) -> tuple[int, float]:
    with cache.using(False), sprague.budget(work=10**12) as b:  # computed each time, never read from the cache
        start = time.process_time()
        work()
        return b.spent, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with cache.using(False):  # the kernels compiled (or loaded) before anything is timed
        sprague.ruleset("grundys-game").sequence(5000)
        sprague.ruleset("single-delete").table(12, heaps=4, values="grundy")
        sprague.ruleset("green-hackenbush").grundy("0-1 1-2 0-2")
    print(f"{'workload':42} {'units':>12} {'CPU s (min)':>12} {'us/unit min':>12} {'median':>8}")
    for name, work in WORKLOADS.items():
        runs = [measure(work) for _ in range(args.repeat)]
        units = runs[0][0]
        per = [1e6 * t / u for u, t in runs if u == units]  # a run that read a memo of an earlier one charged less
        median = f"{statistics.median(per):>8.2f}" if len(per) == len(runs) else f"{'(memo)':>8}"
        print(f"{name:42} {units:>12,} {min(t for _, t in runs):>12.2f} {min(per):>12.2f} {median}")


if __name__ == "__main__":
    main()
