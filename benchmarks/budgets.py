"""The price of a unit of work in the board and graph games' searches (brief H2): CPU microseconds per unit charged.

Each workload runs in a fresh ruleset under a budget of ``--work`` units, which stops it (the searches are too long
to finish); the table gives the units charged, the CPU seconds and microseconds per unit (min and median of
``--repeat`` runs). A unit is meant to be about a microsecond (sprague.core.budget); before this brief the searches
charged nothing for the canonical forms: Chomp 20 x 20 ran at 5.4 us a unit, Node Kayles P60 misère at 32 us and
Cram 5 x 6 at 20 us (1,000,000 units in 5.4, 31.7 and 20.0 s). Nothing is compared: these are the unit's prices.

    PYTHONPATH=src python benchmarks/budgets.py --repeat 3

Measured on the project's 2-core machine (2026-11-29, one run of 1,000,000 units each, wall clock, the machine
shared with other jobs; the unit's price, not a comparison): Chomp 20 x 20 1.55 s (1.55 us a unit; 5.39 s before),
Node Kayles P60 misère 0.95 s (0.95 us; 31.7 s before). Cram 5 x 6 charges some 19 units a board keyed for some
23 us of work (a 5 x 6 board's canonical form, timed alone).
"""

from __future__ import annotations

import argparse
import statistics
import time

import sprague
from sprague.core.budget import budget
from sprague.errors import BudgetExceeded

WORKLOADS = [
    ("search: chomp 20x20", "chomp", "20x20", False),
    ("search, misere: node-kayles P60", "node-kayles", "P60", True),
    ("search: arc-kayles G5x5", "arc-kayles", "G5x5", False),
    ("search: cram 5x6", "cram", "5x6", False),
]


def run(game: str, position: str, misere: bool, work: int) -> tuple[int, float]:
    """Units charged and CPU seconds of one search from ``position`` under a budget of ``work`` units."""
    r = sprague.ruleset(game)
    pos = r.parse_position([position])
    start = time.process_time()
    with budget(work=work) as b:
        try:
            r.grundy(pos, method="search", misere=misere)
        except BudgetExceeded:
            pass
    return b.spent, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each workload (default 3)")
    parser.add_argument("--work", type=int, default=1_000_000, help="the budget of each run (default 1,000,000)")
    args = parser.parse_args()
    print(f"{'workload':<40} {'units':>15} {'CPU s (min)':>12} {'us/unit min':>12} {'median':>8}")
    for label, game, position, misere in WORKLOADS:
        runs = [run(game, position, misere, args.work) for _ in range(args.repeat)]
        prices = [1e6 * cpu / max(units, 1) for units, cpu in runs]
        cpu = min(c for _, c in runs)
        print(f"{label:<40} {runs[0][0]:>15,} {cpu:>12.2f} {min(prices):>12.2f} {statistics.median(prices):>8.2f}")


if __name__ == "__main__":
    main()
