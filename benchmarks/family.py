"""Benchmarks of ``sprague discover --family`` (issue 35 point 4): the rules found on families of board and graph
positions, and how fast the family's members are valued.

Run: ``python benchmarks/family.py [--repeat 3] [--path-search 24]``.

The first table runs each goal ``--repeat`` times (min and median, wall clock, one process, a fresh
ruleset each run): valuing the data and the check box, the grammar's search, the check. The second
compares how many members of a family are valued per second by ``rules.grundy`` (``auto``: the
ruleset's closed forms and compiled tables) against plain search (``method="search"``) on the same
members: one algorithm against another, both interpreted Python around the kernels they call.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import sprague
from sprague.discover import discover

#: (goal, ruleset, family, parameters, max value, verify max, kind, budget)
GOALS: list[tuple[str, str, str, int, int | None, int | None, str, int | None]] = [
    ("two-row Chomp P (Gale 1974)", "chomp", "rows", 2, 8, None, "outcome", None),
    ("Node Kayles on K_m,n: P", "node-kayles", "bipartite", 2, 6, None, "outcome", None),
    ("Node Kayles on K_m,n: G", "node-kayles", "bipartite", 2, 6, None, "grundy", None),
    ("Node Kayles on P_n: G (A002187)", "node-kayles", "path", 1, 200, 400, "grundy", 300_000),
    ("Node Kayles on P_n: P", "node-kayles", "path", 1, 200, 400, "outcome", 300_000),
    ("Cram m x n: P", "cram", "rect", 2, None, None, "outcome", None),
]


def goals(repeat: int) -> None:
    print("| goal | box (check) | rule found | cost | expressions | min / median |")
    print("|---|---|---|---|---|---|")
    for goal, name, family, k, top, check, kind, budget in GOALS:
        seconds, found = [], None
        options: dict[str, Any] = {"budget": budget} if budget else {}
        for _ in range(repeat):
            began = time.perf_counter()
            found = discover(name, k, top, family=family, kinds=kind, verify_max=check, **options)
            seconds.append(time.perf_counter() - began)
        assert found is not None
        rule = found.rules[0]
        text = rule.text if rule.holds else f"not found ({rule.stopped})"
        if text and len(text) > 70:
            text = text[:67] + "..."
        print(
            f"| {goal} | {family}, z <= {found.max_heap} ({found.verify_max}) | {text} | {rule.cost} | "
            f"{rule.evaluations:,} | {min(seconds):.2f} / {statistics.median(seconds):.2f} s |"
        )


def rate(name: str, family: str, members: list[tuple[int, ...]], method: str) -> float:
    """Members valued per second by ``method`` (a fresh ruleset: nothing cached)."""
    rules = sprague.ruleset(name)
    build = rules.families()[family].build
    positions = [build(*z) for z in members]
    began = time.perf_counter()
    for p in positions:
        rules.grundy(p, method=method)
    return len(positions) / (time.perf_counter() - began)


def rates(path_search: int) -> None:
    cases = [
        ("node-kayles", "path", [(n,) for n in range(1, path_search + 1)]),
        ("node-kayles", "bipartite", [(m, n) for m in range(1, 8) for n in range(m, 8)]),
        ("chomp", "rows", [(b, a) for a in range(1, 17) for b in range(1, a + 1)]),
        ("cram", "rect", [(m, n) for m in range(1, 4) for n in range(m, 5)]),
    ]
    print("\n| members | auto (members/s) | search (members/s) | ratio |")
    print("|---|---|---|---|")
    for name, family, members in cases:
        auto = rate(name, family, members, "auto")
        search = rate(name, family, members, "search")
        last = members[-1]
        print(f"| {name} {family} up to {last} | {auto:,.0f} | {search:,.1f} | {auto / search:,.0f} x |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--path-search", type=int, default=24, help="the longest path valued by plain search")
    ns = ap.parse_args()
    goals(ns.repeat)
    rates(ns.path_search)


if __name__ == "__main__":
    main()
