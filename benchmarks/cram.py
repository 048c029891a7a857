"""Cram: regions valued per second by the compiled bitboard kernel and by the pure-Python search, and the largest
boards solved within a time limit.

Both paths value the same boards the same way (each region once, up to the 8 symmetries, by the mex of its
options' nim-sums of regions) from an empty memo: the compiled path on integer bitboards
(:mod:`sprague.kernels.cram`), the pure-Python path on boards of strings (``Cram.reference_grundy``). The ratio
compares compiled bitboards with interpreted strings, the same algorithm. The kernel is compiled (or loaded from
numba's cache) before timing.

Run: ``python benchmarks/cram.py`` (speed table, then the largest boards, 120 s a board);
``python benchmarks/cram.py --boards 3x5,4x5 --repeats 5 --largest 4x7,5x6 --time-limit 60``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import sprague
from sprague.core.solver import Solver
from sprague.errors import BudgetExceeded
from sprague.kernels import cram as kernel


def size(text: str) -> tuple[str, ...]:
    m, _, n = text.partition("x")
    return ("." * int(n),) * int(m)


def timed(run: Callable[[], object], count: Callable[[], int], repeats: int) -> tuple[list[float], int]:
    """Seconds of each of ``repeats`` runs from an empty memo, and the regions the last run valued."""
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        out.append(time.perf_counter() - start)
    return out, count()


def speed(boards: list[str], repeats: int) -> None:
    cram = sprague.ruleset("cram")
    cram.computed_grundy(size("2x3"))  # compile or load the kernel
    print(
        "| board | regions | compiled: min / median (s) | regions/s | pure Python: min / median (s) | regions/s |",
        end="",
    )
    print(" ratio |")
    print("|---|---|---|---|---|---|---|")
    for text in boards:
        position = size(text)

        def fresh(method: Callable[[tuple[str, ...]], object], p: tuple[str, ...] = position) -> Callable[[], object]:
            def run() -> object:
                cram.solver = Solver()
                return method(p)

            return run

        fast, n_fast = timed(
            fresh(cram.computed_grundy), lambda: kernel.table_count(cram.solver.cache["cram"]), repeats
        )
        slow, n_slow = timed(fresh(cram.reference_grundy), lambda: len(cram.solver.cache["regions"]), repeats)
        print(
            f"| {text} | {n_fast:,} / {n_slow:,} | {min(fast):.4f} / {statistics.median(fast):.4f} | "
            f"{n_fast / min(fast):,.0f} | {min(slow):.3f} / {statistics.median(slow):.3f} | "
            f"{n_slow / min(slow):,.0f} | "
            f"{(n_fast / min(fast)) / (n_slow / min(slow)):.0f}x |"
        )


def largest(boards: list[str], limit: float) -> None:
    """Each board from an empty memo by the compiled path, stopped at ``limit`` seconds."""
    print(f"| board | nimber | seconds | regions | (time limit {limit:g} s a board) |")
    print("|---|---|---|---|---|")
    for text in boards:
        cram = sprague.ruleset("cram")
        cram.solver = Solver()
        start = time.perf_counter()
        try:
            with sprague.budget(work=10**13, seconds=limit):
                value: object = cram.computed_grundy(size(text))
        except BudgetExceeded:
            value = "stopped"
        seconds = time.perf_counter() - start
        held = kernel.table_count(cram.solver.cache["cram"]) if "cram" in cram.solver.cache else 0
        print(f"| {text} | {value} | {seconds:.1f} | {held:,} | |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="3x4,3x5,4x4,4x5,3x7", help="boards for the speed table (MxN,...)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each board (min and median printed)")
    parser.add_argument("--largest", default="4x6,5x5,4x7,5x6,4x8,6x6,5x7,4x9", help="boards to solve (MxN,...)")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds a board of --largest may take")
    args = parser.parse_args()
    if args.boards:
        speed(args.boards.split(","), args.repeats)
    if args.largest:
        print()
        largest(args.largest.split(","), args.time_limit)


if __name__ == "__main__":
    main()
