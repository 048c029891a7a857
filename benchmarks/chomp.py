"""Chomp: the compiled table of every diagram of a box against plain memoised search, and the largest boxes solved.

Two measurements, each on a fresh ruleset (nothing memoised):

1. **Positions per second** on the same full bars: the compiled kernel (:mod:`sprague.kernels.chomp`, through
   ``chomp.grundy(bar)``, which fills the table of every diagram within the bar's box) against
   ``chomp.grundy(bar, method="search")`` (sprague's generic memoised search in Python over ``Chomp.moves``, up to
   transposition). Both value every diagram inside the bar (``C(m + n, m) - 1`` positions; the search values a
   diagram and its transpose once where both fit), so the ratio compares compiled with interpreted code on the
   same algorithm (the mex over every option of every diagram); positions/s counts the diagrams of the bar.
2. **The largest boxes**: for m = 2, 3, ... rows, n grows (by ``--grow``) until one table takes more than
   ``--seconds`` (a couple of minutes at most; the table of the next n is not started if the last one's time
   times the growth of its work would pass ``--limit``, nor past the largest table, ``MAX_TABLE``). The time of
   the largest one finished is printed.

Run: ``python benchmarks/chomp.py`` (``--quick`` for a short run). Prints min and median of ``--repeat`` runs.
The kernel is compiled (or loaded from numba's cache) before timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from math import comb

import sprague
from sprague.rulesets.chomp import MAX_TABLE, board_of

SEARCH_BARS = [(3, 12), (4, 8), (5, 6), (3, 25), (2, 60)]


def timed(fn: object, repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


def compare(bars: list[tuple[int, int]], repeats: int) -> None:
    print("| bar | positions | kernel min / median (s) | kernel positions/s | search min / median (s) |", end="")
    print(" search positions/s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for m, n in bars:
        bar = board_of((n,) * m)
        count = comb(m + n, m) - 1
        kernel = timed(lambda: sprague.ruleset("chomp").grundy(bar), repeats)
        search = timed(lambda: sprague.ruleset("chomp").grundy(bar, method="search"), repeats)
        k, s = statistics.median(kernel), statistics.median(search)
        print(
            f"| {m} x {n} | {count:,} | {min(kernel):.4f} / {k:.4f} | {count / k:,.0f} | {min(search):.3f} / "
            f"{s:.3f} | {count / s:,.0f} | {s / k:.0f}x |"
        )


def largest(rows: list[int], seconds: float, limit: float, grow: float) -> None:
    print("| rows | largest n solved | diagrams | value of the m x n bar | time (s) |")
    print("|---|---|---|---|---|")
    for m in rows:
        n, best = m, None
        while True:
            chomp = sprague.ruleset("chomp")
            start = time.perf_counter()
            with sprague.budget(work=10**12):
                g = chomp.grundy(board_of((n,) * m))
            took = time.perf_counter() - start
            best = (n, g, took)
            following = max(n + 1, int(n * grow))
            work_growth = comb(m + following, m) * following / (comb(m + n, m) * n)
            if took > seconds or took * work_growth > limit or comb(m + following, m) > MAX_TABLE:
                break
            n = following
        n, g, took = best
        print(f"| {m} | {n} | {comb(m + n, m):,} | {g} | {took:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each comparison (default 5)")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop growing a box past this time per table")
    parser.add_argument("--limit", type=float, default=120.0, help="do not start a table expected to pass this")
    parser.add_argument("--grow", type=float, default=1.25, help="factor by which n grows (default 1.25)")
    parser.add_argument("--quick", action="store_true", help="small bars and short tables only")
    args = parser.parse_args()
    sprague.ruleset("chomp").grundy(board_of((3, 3)))  # compile the kernel (or load it) before timing
    compare(SEARCH_BARS[:3] if args.quick else SEARCH_BARS, 3 if args.quick else args.repeat)
    print()
    if args.quick:
        largest([3, 4], 1.0, 3.0, args.grow)
    else:
        largest([2, 3, 4, 5, 6, 8, 10], args.seconds, args.limit, args.grow)


if __name__ == "__main__":
    main()
