"""Vertex and Edge Geography: the pruned bitmask memo against plain search, and the matching theorem against search.

Table 1 (same positions, fresh memos): the values of random positions by three searches, all interpreted
Python: sprague's generic memoised search over ``moves`` (``method="search"``: Geo objects, memo keyed by the
pruned canonical form), the bitmask search keyed by the whole mask (plain), and the bitmask search keyed by
what the token can still reach (pruned). The ruleset uses the pruned one in the vertex game and the plain one
in the edge game, where finding what is reachable cost more than the memo entries it saved. Ratios compare
algorithms, not compiled against interpreted code. "states" are memo entries; "states/s" memo entries made
per second.

Table 2: undirected Vertex Geography on random graphs G(n, 3/n): the outcome by Fraenkel-Scheinerman-Ullman's
matching theorem (one maximum matching and one augmenting-path search) and by the pruned search, n doubling
until a run takes over ``--seconds``.

Run: ``python benchmarks/geography.py [--repeat 5] [--seconds 20]``. Prints min and median of the repeats.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import sprague
from sprague.core.budget import budget
from sprague.rulesets.geography import Geo, Search


def timed(run: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    out, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        out.append(time.perf_counter() - start)
    return out, result


def graph(rng: random.Random, n: int, p: float, directed: bool) -> Geo:
    names = [f"v{i}" for i in range(n)]
    pairs = [(a, b) for a, b in itertools.combinations(names, 2) if rng.random() < p]
    if directed:
        arcs = [pair if rng.random() < 0.5 else pair[::-1] for pair in pairs]
        arcs += [pair[::-1] for pair in pairs if rng.random() < 0.3]
        return Geo.make(names[0], arcs, ())
    return Geo.make(names[0], (), pairs)


def show(label: str, secs: list[float], states: int | None = None) -> str:
    rate = f"{states / min(secs):,.0f}" if states else "-"
    return f"| {label} | {min(secs) * 1e3:,.1f} / {statistics.median(secs) * 1e3:,.1f} | {states or '-'} | {rate} |"


CASES = [  # (name, vertex game?, n, p, directed)
    ("vertex, digraph n=16 p=0.3", True, 16, 0.3, True),
    ("vertex, digraph n=20 p=0.25", True, 20, 0.25, True),
    ("vertex, graph n=18 p=0.25", True, 18, 0.25, False),
    ("edge, graph n=9 p=0.45", False, 9, 0.45, False),
    ("edge, digraph n=12 p=0.35", False, 12, 0.35, True),
]


def table_search(repeat: int) -> None:
    print("| position | search | min / median (ms) | states | states/s |")
    print("|---|---|---|---|---|")
    for name, vertex, n, p, directed in CASES:
        geo = graph(random.Random(n), n, p, directed)
        r = sprague.ruleset("vertex-geography" if vertex else "edge-geography")
        values = set()
        for label, prune in (("plain bitmask", False), ("pruned bitmask", True)):
            searches: list[Search] = []

            def run(prune: bool = prune, searches: list[Search] = searches) -> int:
                searches.append(Search(geo, vertex, prune=prune))
                return searches[-1].value()

            secs, value = timed(run, repeat)
            values.add(value)
            print(f"| {name} ({len(geo.arcs) + len(geo.edges)} arcs/edges) {show(label, secs, len(searches[-1].memo))}")

        def generic() -> int:
            fresh = sprague.ruleset(r.name)
            with budget(work=10**10):
                return int(fresh.grundy(geo, method="search", max_positions=10**8))

        secs, value = timed(generic, max(1, repeat // 2))
        values.add(value)
        print(f"| {name} {show('generic search over moves', secs)}")
        assert len(values) == 1, values


def table_matching(repeat: int, seconds: float) -> None:
    print("| n | edges | outcome | matching theorem: min / median (ms) | pruned search: min / median (ms) |")
    print("|---|---|---|---|---|")
    vg = sprague.ruleset("vertex-geography")
    n, search_done = 8, False
    while True:
        geo = graph(random.Random(n), n, 3 / n, False)
        with budget(work=10**12):
            secs, outcome = timed(lambda: vg.closed_outcome(geo), repeat)
        cell = "-"
        if not search_done:
            with budget(work=10**12):
                found, value = timed(lambda: Search(geo, True).value(), 1)
            assert (value != 0) == (outcome == "N")
            cell = f"{found[0] * 1e3:,.1f}"
            search_done = found[0] > seconds / 4
        mid = statistics.median(secs)
        print(f"| {n} | {len(geo.edges)} | {outcome} | {min(secs) * 1e3:,.2f} / {mid * 1e3:,.2f} | {cell} |")
        if mid > seconds or n >= 32768:
            break
        n *= 2 if search_done else 1
        n += 0 if search_done else 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20.0, help="stop growing a table past this run time")
    args = parser.parse_args()
    table_search(args.repeat)
    print()
    table_matching(args.repeat, args.seconds)


if __name__ == "__main__":
    main()
