"""Sprouts: n-spot games valued by lands (nim-sum of independent lands, each in canonical form) against plain search
of whole positions, and how far n goes within a time limit.

Both paths are pure Python and list moves the same way (:func:`sprague.rulesets.sprouts.land_options`); the ratio
compares two algorithms: valuing lands once each and adding their values by nim-sum (the ruleset's computed tier,
Lemoine and Viennot's decomposition) against memoised search of whole positions (``method="search"``). Positions
per second: lands valued (lands path) or whole positions expanded (search) per second, from an empty memo.

Run: ``python benchmarks/sprouts.py`` (n = 1..4, 3 repeats, then the largest n within 60 s);
``python benchmarks/sprouts.py --spots 2,3 --repeats 5 --time-limit 30 --search-up-to 3``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import sprague
from sprague.core.solver import Solver
from sprague.errors import BudgetExceeded
from sprague.rulesets.sprouts import start


def timed(run: Callable[[], int], repeats: int) -> tuple[list[float], int]:
    """Seconds of each of ``repeats`` runs, and what the last run counted."""
    out, counted = [], 0
    for _ in range(repeats):
        begin = time.perf_counter()
        counted = run()
        out.append(time.perf_counter() - begin)
    return out, counted


def by_lands(n: int) -> Callable[[], int]:
    def run() -> int:
        r = sprague.ruleset("sprouts")
        with sprague.budget(work=10**13):
            r.grundy(start(n))
        return len(r.solver.cache["sprouts-lands"])

    return run


def by_search(n: int) -> Callable[[], int]:
    def run() -> int:
        r = sprague.ruleset("sprouts")
        r.solver = Solver()
        with sprague.budget(work=10**13):
            r.grundy(start(n), method="search", max_positions=10**8)
        return len(r.solver.search.memo)

    return run


def speed(spots: list[int], repeats: int, search_up_to: int) -> None:
    print(
        "| n | lands | by lands: min / median (s) | lands/s | search positions | search: min / median (s) |",
        end="",
    )
    print(" positions/s | ratio (search / lands time) |")
    print("|---|---|---|---|---|---|---|---|")
    for n in spots:
        times, lands = timed(by_lands(n), repeats)
        row = f"| {n} | {lands} | {min(times):.3f} / {statistics.median(times):.3f} | {lands / min(times):,.0f} |"
        if n <= search_up_to:
            stimes, count = timed(by_search(n), repeats)
            row += f" {count} | {min(stimes):.3f} / {statistics.median(stimes):.3f} | {count / min(stimes):,.0f} |"
            row += f" {min(stimes) / min(times):.1f} |"
        else:
            row += " - | - | - | - |"
        print(row, flush=True)


def largest(limit: float) -> None:
    """Value n = 1, 2, ... by lands, each under a ``limit``-second budget, until one does not finish."""
    r = sprague.ruleset("sprouts")
    for n in range(1, 20):
        begin = time.perf_counter()
        try:
            with sprague.budget(seconds=limit, work=10**13):
                value = r.grundy(start(n))
        except BudgetExceeded:
            print(f"{n} spots: not finished within {limit:g} s")
            return
        took = time.perf_counter() - begin
        print(f"{n} spots: nimber {value} ({len(r.solver.cache['sprouts-lands'])} lands in the memo), {took:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spots", default="1,2,3,4", help="numbers of spots to time, comma-separated")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--search-up-to", type=int, default=3, help="time plain search up to this many spots")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds for each n in the largest-n run")
    args = parser.parse_args()
    speed([int(x) for x in args.spots.split(",")], args.repeats, args.search_up_to)
    largest(args.time_limit)


if __name__ == "__main__":
    main()
