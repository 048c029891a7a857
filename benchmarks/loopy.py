"""Benchmarks of loopy games (issue 19): the size of game graph valued per second.

Run: ``python benchmarks/loopy.py [--repeat 3]``. Each row runs ``--repeat`` times
(min and median), each on a fresh solver (no memo). Rows:

* the Fraenkel-Yesha labelling (``sprague.solve.loopy.gamma``) alone on random
  digraphs given as lists (plain Python), in vertices + moves per second;
* the same graphs through the ``digraph`` ruleset from its first vertex (the search that
  lists the graph from the position, then the labelling), and Square-But-One's graph
  of a large heap, and Fair Shares from a position of 30 stones (5,604 partitions);
* the number of labelling rounds (the largest finite value + 2) is given: the work is
  the moves times the rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import sprague
from sprague.core.loopy import Infinite
from sprague.solve.loopy import gamma


def random_graph(n: int, degree: float, seed: int) -> list[list[int]]:
    rnd = random.Random(seed)
    return [rnd.sample(range(n), min(n, int(rnd.expovariate(1 / degree)))) for _ in range(n)]  # some terminal


def timed(repeat: int, work: Callable[[], object]) -> tuple[list[float], object]:
    seconds, result = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - began)
    return seconds, result


def row(task: str, size: int, seconds: list[float], rounds: int | str) -> None:
    low, mid = min(seconds), statistics.median(seconds)
    print(f"| {task} | {size:,} | {rounds} | {low:.3f} / {mid:.3f} s | {size / low / 1e6:.2f} M/s |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    repeat = ap.parse_args().repeat
    print("| task | vertices + moves | rounds | min / median | size per second (min) |")
    print("|---|---|---|---|---|")
    for n, degree in ((100_000, 1.0), (100_000, 3.0), (300_000, 2.0)):
        graph = random_graph(n, degree, 1)
        size = n + sum(map(len, graph))
        seconds, values = timed(repeat, lambda: gamma(graph))
        rounds = 2 + max((v for v in values if not isinstance(v, Infinite)), default=0)  # type: ignore[union-attr]
        row(f"gamma, random digraph, {n:,} vertices, mean degree {degree}", size, seconds, rounds)
        edges = [(v, w) for v in range(n) for w in graph[v]]
        digraph = sprague.ruleset("digraph", edges=edges).graph

        def solve_digraph() -> object:
            r = sprague.ruleset("digraph", edges=digraph)
            r.grundy(r.graph.vertices[0], method="search")
            return r

        seconds, r = timed(repeat, solve_digraph)
        row(f"digraph ruleset from its first vertex ({n:,} vertices)", searched(r), seconds, rounds_of(r))
    for label, name, pos in (
        ("square-but-one from heap 20,000", "square-but-one", 20_000),
        ("fair-shares from 30 stones", "fair-shares", (30,)),
    ):

        def solve() -> object:
            r = sprague.ruleset(name)
            r.grundy(pos, method="search")
            return r

        seconds, r = timed(repeat, solve)
        row(f"{label} (search)", searched(r), seconds, rounds_of(r))


def searched(r: object) -> int:
    """Vertices + moves of the graph the search valued (its memo's keys are positions of these rulesets)."""
    memo = r.solver.search.memo  # type: ignore[attr-defined]
    return len(memo) + sum(len(list(dict.fromkeys(r.moves(p)))) for p in memo)  # type: ignore[attr-defined]


def rounds_of(r: object) -> int:
    values = r.solver.search.memo.values()  # type: ignore[attr-defined]
    return 2 + max((v for v in values if not isinstance(v, Infinite)), default=0)


if __name__ == "__main__":
    main()
