"""Dawson's Chess on the 3 x n board: the closed form (runs of live files as heaps of octal 0.137) against sprague's
generic search over the real pawn moves, and the largest starting board the search values within a time limit.

Both sides start each run from an empty memo (a fresh solver). The closed form reads the board's runs of live files
and nim-sums the 0.137 values (the octal sequence, computed once per run: the first run of a board pays for it).
The search lists each position's turns (a push and the captures it forces, on boards of strings) and memoises by
the canonical form (the parts between empty files: here the live runs). Both are interpreted Python: the ratio
compares one algorithm with another, not compiled with interpreted code. "positions" is the number of positions
whose moves the search listed.

Run: ``python benchmarks/dawsons_board.py`` (speed table, then the largest board within 60 s);
``python benchmarks/dawsons_board.py --files 8,12,16 --repeats 5 --time-limit 30``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

import sprague
from sprague.core.solver import Solver

Board = tuple[str, ...]


def start(n: int) -> Board:
    return ("p" * n, "." * n, "P" * n)


def fresh() -> tuple[Any, list[int]]:
    """A ruleset with an empty memo whose ``moves`` counts the positions it lists."""
    r = sprague.ruleset("dawsons-chess-board")
    r.solver = Solver()
    listed = [0]
    moves = r.moves

    def counting(position: Board) -> Iterable[Board]:
        listed[0] += 1
        return moves(position)

    r.moves = counting  # type: ignore[method-assign]
    return r, listed


def timed(run: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        begin = time.perf_counter()
        run()
        out.append(time.perf_counter() - begin)
    return out


def speed(files: list[int], repeats: int) -> None:
    print("| board | search positions | search min / median (s) | positions/s | closed min / median (s) | ratio |")
    print("|---|---|---|---|---|---|")
    for n in files:
        counts: list[int] = []

        def search(n: int = n) -> None:
            r, listed = fresh()
            r.grundy(start(n), method="search")
            counts.append(listed[0])

        def closed(n: int = n) -> None:
            r, _ = fresh()
            r.grundy(start(n), method="closed")

        s, c = timed(search, repeats), timed(closed, repeats)
        rate = counts[-1] / min(s)
        print(
            f"| 3x{n} | {counts[-1]:,} | {min(s):.4f} / {statistics.median(s):.4f} | {rate:,.0f} "
            f"| {min(c):.5f} / {statistics.median(c):.5f} | {min(s) / min(c):,.0f} |"
        )


def largest(limit: float, step: int) -> None:
    """Value 3 x n by search for n = step, 2 step, ... until one board takes over ``limit`` seconds."""
    n = step
    while True:
        r, listed = fresh()
        begin = time.perf_counter()
        g = r.grundy(start(n), method="search")
        took = time.perf_counter() - begin
        print(f"3x{n}: G = {g} by search, {listed[0]:,} positions, {took:.1f} s")
        if took > limit:
            return
        n += step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", default="6,10,15,20,25", help="comma-separated numbers of files for the table")
    parser.add_argument("--repeats", type=int, default=3, help="runs per board (min and median reported)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="stop the largest-board search past this")
    parser.add_argument("--step", type=int, default=5, help="files added per board in the largest-board search")
    args = parser.parse_args()
    speed([int(x) for x in args.files.split(",")], args.repeats)
    largest(args.time_limit, args.step)


if __name__ == "__main__":
    main()
