"""Node Kayles and Arc Kayles: the search by components up to isomorphism against plain search, and the largest
grids solved.

Both methods are interpreted Python, so the ratio compares algorithms, not compiled against interpreted code:

* ``components``: sprague's ``computed_grundy`` (the graph split into connected components, each valued once
  up to isomorphism by its canonical form, the memo in the solver's cache), on a fresh ruleset each run;
* ``plain``: a memoised mex over the sets of vertices left (bitmasks), no components, no canonical forms.

"positions" is the size of each method's memo after the run (components: distinct components up to
isomorphism; plain: distinct vertex sets), so positions per second is what each method values per second.

    PYTHONPATH=src python benchmarks/graph_kayles.py            # the comparison on 3 x n grids
    PYTHONPATH=src python benchmarks/graph_kayles.py --largest  # the largest grids within --seconds each
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

import sprague


def plain_value(adj: tuple[int, ...], removals: Callable[[tuple[int, ...], int], list[int]]) -> tuple[int, int]:
    """The value by plain memoised search over the vertex sets left, and the number of sets valued."""
    memo: dict[int, int] = {}
    sys.setrecursionlimit(10_000)

    def g(left: int) -> int:
        if left in memo:
            return memo[left]
        seen = {g(left & ~gone) for gone in removals(adj, left)}
        value = next(x for x in range(len(seen) + 1) if x not in seen)
        memo[left] = value
        return value

    return g((1 << len(adj)) - 1), len(memo)


def node_removals(adj: tuple[int, ...], left: int) -> list[int]:
    return [adj[v] | 1 << v for v in range(len(adj)) if left >> v & 1]


def arc_removals(adj: tuple[int, ...], left: int) -> list[int]:
    return [
        1 << v | 1 << u
        for v in range(len(adj))
        if left >> v & 1
        for u in range(v + 1, len(adj))
        if adj[v] >> u & 1 and left >> u & 1
    ]


REMOVALS = {"node-kayles": node_removals, "arc-kayles": arc_removals}


def run_components(game: str, text: str) -> tuple[int, int, float]:
    r = sprague.ruleset(game)
    p = r.parse_position([text])
    start = time.perf_counter()
    value = r.computed_grundy(p)
    seconds = time.perf_counter() - start
    assert value is not None
    return value, len(r.solver.cache["graph components"]), seconds


def run_plain(game: str, text: str) -> tuple[int, int, float]:
    r = sprague.ruleset(game)
    adj = r.adjacency(r.parse_position([text]))
    start = time.perf_counter()
    value, count = plain_value(adj, REMOVALS[game])
    return value, count, time.perf_counter() - start


def compare(games: list[str], graphs: list[str], repeat: int) -> None:
    print(
        f"{'game':12} {'graph':7} {'method':11} {'value':>5} {'positions':>10} "
        f"{'min s':>8} {'median s':>9} {'pos/s':>10}"
    )
    for game in games:
        for text in graphs:
            results = {}
            for method, run in (("components", run_components), ("plain", run_plain)):
                runs = [run(game, text) for _ in range(repeat)]
                times = [t for _, _, t in runs]
                value, count, _ = runs[0]
                results[method] = value
                rate = count / min(times)
                print(
                    f"{game:12} {text:7} {method:11} {value:5} {count:10,} {min(times):8.3f} "
                    f"{statistics.median(times):9.3f} {rate:10,.0f}"
                )
            assert results["components"] == results["plain"], (game, text, results)


def largest(games: list[str], rows: int, seconds: float) -> None:
    """Grow rows x n grids until one takes more than ``seconds``: the last solved and its time."""
    for game in games:
        n = 1
        while True:
            value, count, took = run_components(game, f"G{rows}x{n}")
            print(f"{game:12} G{rows}x{n:<3} value {value}  components {count:8,}  {took:8.2f} s")
            if took > seconds:
                break
            n += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="node-kayles,arc-kayles")
    parser.add_argument("--graphs", default="G3x4,G3x5,G3x6,G4x4", help="graphs to compare, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--largest", action="store_true", help="grow grids of --rows rows instead")
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0, help="stop growing after a grid takes this long")
    args = parser.parse_args()
    games = args.games.split(",")
    if args.largest:
        largest(games, args.rows, args.seconds)
    else:
        compare(games, args.graphs.split(","), args.repeat)


if __name__ == "__main__":
    main()
