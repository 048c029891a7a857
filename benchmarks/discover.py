"""Benchmarks of ``sprague discover`` (issue 20): how long each of the papers' closed forms takes to be found.

Run: ``python benchmarks/discover.py [--repeat 3]``. Each row is one goal of the
issue, given only the ruleset and the box (as ``tests/discover/test_goals.py`` gives
them); it runs ``--repeat`` times (min and median, wall clock, one process): the
tables, the search, and the verification of the rule found on twice the box. The
row prints the rule, its cost, the largest cost searched completely and the
expressions evaluated.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from sprague.discover import discover

#: (goal, ruleset, heaps, max heap, kind, parameters)
GOALS: list[tuple[str, str, Any, int, str, dict[str, Any]]] = [
    ("000 Thm 1.1 (Delete Nim's G)", "delete-nim", 2, 12, "grundy", {}),
    ("000 Thm 1.5 (VDN's P: both odd)", "vdn", 2, 12, "outcome", {}),
    ("Delete Nim's P (both even)", "delete-nim", 2, 12, "outcome", {}),
    ("001 Thm 3.2 (all-but-one-delete's P, n = 3, 4)", "abo-delete", [3, 4], 13, "outcome", {}),
    ("001 Thm 3.2 (all-but-one-delete's P, n = 3, 4, 5)", "abo-delete", [3, 4, 5], 21, "outcome", {}),
    ("001 Thm 4.2 (no-more-than-half-delete's P, n = 2..5)", "nmth-delete", [2, 3, 4, 5], 9, "outcome", {}),
    ("003 cyclic Nimhoff G, h = 2", "cyclic-nimhoff", 2, 15, "grundy", {"h": 2}),
    ("003 cyclic Nimhoff G, h = 3", "cyclic-nimhoff", 2, 15, "grundy", {"h": 3}),
    ("003 cyclic Nimhoff G, h = 5", "cyclic-nimhoff", 2, 15, "grundy", {"h": 5}),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    repeat = ap.parse_args().repeat
    print("| goal | box | rule found | cost (complete to) | expressions | min / median |")
    print("|---|---|---|---|---|---|")
    for goal, name, heaps, top, kind, params in GOALS:
        seconds = []
        for _ in range(repeat):
            began = time.perf_counter()
            found = discover(name, heaps, top, kinds=kind, **params)
            seconds.append(time.perf_counter() - began)
        rule = found.rules[0]
        evaluated = sum(r.evaluations for r in found.rules)
        text = rule.text if rule.holds else f"not found ({rule.stopped})"
        print(
            f"| {goal} | {heaps} heaps <= {top} | {text} | {rule.cost} ({rule.complete}) | {evaluated:,} | "
            f"{min(seconds):.2f} / {statistics.median(seconds):.2f} s |"
        )


if __name__ == "__main__":
    main()
