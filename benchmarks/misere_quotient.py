"""Misère Kayles through its quotient against plain misère search.

(a) Time to compute the misère quotient of Kayles (octal 0.77) for the sums of heaps 0..40: it stops
    changing at heap 27 (order 40) and is unchanged to 40 (observed; see sprague.analysis.quotient).
(b) The misère outcome of a sum of 1,000 random Kayles heaps of at most 40 tokens through the quotient
    (1,000 table look-ups), against a plain memoised misère search (written here, over sums as sorted
    tuples, from ``ruleset("kayles").heap_options``) on the largest sums of heaps of 10 tokens it finishes
    within the time budget. The search is exact too; the two are checked against each other on the sums
    the search finishes. Both are interpreted Python.

Run: ``python benchmarks/misere_quotient.py``. Prints min and median of repeated runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import sprague
from sprague.analysis.quotient import misere_quotient

BOUND = 40
SEARCH_BUDGET = 5.0  # seconds the search side may take on one sum


def kayles_search(heaps: tuple[int, ...]) -> str:
    """Misère outcome by memoised search: P iff the sum is not empty and every option is N."""
    r = sprague.ruleset("kayles")
    memo: dict[tuple[int, ...], bool] = {}  # True: the player to move wins
    sys.setrecursionlimit(100_000)

    def wins(pos: tuple[int, ...]) -> bool:
        if pos in memo:
            return memo[pos]
        result = not pos  # no move: the other player moved last and lost
        if pos:
            for i, h in enumerate(pos):
                if i and pos[i - 1] == h:
                    continue
                rest = pos[:i] + pos[i + 1:]
                for parts in r.heap_options(h):
                    if not wins(tuple(sorted(rest + tuple(p for p in parts if p)))):
                        result = True
                        break
                if result:
                    break
        memo[pos] = result
        return result

    return "N" if wins(tuple(sorted(heaps))) else "P"


def main() -> None:
    heap_options = sprague.ruleset("kayles").heap_options
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        q = misere_quotient(heap_options, BOUND, max_positions=10**8)
        runs.append(time.perf_counter() - start)
    print(f"(a) Kayles quotient of heaps 0..{BOUND}: order {q.order}, {q.stabilisation()}")
    print(f"    time: min {min(runs):.2f} s, median {statistics.median(runs):.2f} s (3 runs)")

    rng = random.Random(15)
    big = [rng.randint(1, BOUND) for _ in range(1000)]
    look = []
    for _ in range(7):
        start = time.perf_counter()
        outcome = q.outcome(big)
        look.append(time.perf_counter() - start)
    print(f"(b) 1,000 heaps of 1..{BOUND} ({sum(big):,} tokens) through the quotient: {outcome}; "
          f"min {min(look) * 1e3:.3f} ms, median {statistics.median(look) * 1e3:.3f} ms (7 runs)")
    k, last = 1, None
    while True:
        heaps = (10,) * k
        start = time.perf_counter()
        found = kayles_search(heaps)
        spent = time.perf_counter() - start
        assert found == q.outcome(heaps), heaps
        last = (k, spent)
        print(f"    search: {k} heaps of 10 ({10 * k} tokens): {found} in {spent:.3f} s "
              f"(quotient: {statistics.median(look) * 1e3:.3f} ms for 1,000 heaps)")
        if spent > SEARCH_BUDGET / 4 or k >= 12:
            break
        k += 1
    k, spent = last
    print(f"    ratio: search on {k} heaps ({10 * k} tokens) / quotient on 1,000 heaps = "
          f"{spent / statistics.median(look):,.0f}x")


if __name__ == "__main__":
    main()
