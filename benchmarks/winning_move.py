"""One winning move of Nim from a single heap of n, for n up to 2,000,001 and a 1000-digit heap.

Issue 13: ``nim.winning_move((2_000_000,))`` took 1.25 s (4 s on a busy machine) while ``(2_000_001,)``
took under 1 ms: below the search limit the one-heap rule listed the heap's options one by one, shadowing
Nim's O(1) construction. Now a heap with more than ``heapsum.SCAN_FIRST`` options is first given to the
ruleset's construction (``heap_option_with_value``). This script times both orders in one run, on the same
positions: the construction first (now) and the scan first (before: ``SCAN_FIRST`` raised past every heap).
Both are interpreted Python; the ratio compares two algorithms.

Run: ``python benchmarks/winning_move.py``. Prints min and median of 7 runs (ms).
"""

from __future__ import annotations

import statistics
import time

import sprague
from sprague.solve import heapsum

HEAPS = [10**3, 10**5, 2_000_000, 2_000_001, 10**1000]


def times(position: tuple[int, ...], repeats: int = 7) -> list[float]:
    out = []
    for _ in range(repeats):
        nim = sprague.ruleset("nim")  # a fresh ruleset: nothing memoised
        start = time.perf_counter()
        move = nim.winning_move(position)
        out.append((time.perf_counter() - start) * 1e3)
        assert move is not None and nim.outcome(move) == "P"
    return out


def main() -> None:
    print("| heap | construction first: min / median (ms) | scan first (before): min / median (ms) | ratio |")
    print("|---|---|---|---|")
    for n in HEAPS:
        now = times((n,))
        saved = heapsum.SCAN_FIRST
        heapsum.SCAN_FIRST = 10**9  # list the options of every heap that can be listed, as before
        try:
            before = times((n,), 3 if n < 10**7 else 7)
        finally:
            heapsum.SCAN_FIRST = saved
        label = f"{n:,}" if n < 10**7 else "10^1000"
        print(
            f"| {label} | {min(now):.3f} / {statistics.median(now):.3f} | {min(before):.3f} / "
            f"{statistics.median(before):.3f} | {statistics.median(before) / statistics.median(now):.0f}x |"
        )


if __name__ == "__main__":
    main()
