"""Ratio benchmarks of the compiled kernels against plain Python, on the same input, in one run.

Run: ``python benchmarks/run.py`` (about 10 minutes: the plain-Python references
are slow; ``--quick`` skips the three longest rows). Prints a table: task, bound,
our time, the plain-Python reference's time on the same input, the ratio. The
results cache is off, so every row computes. ``benchmarks/verify.py`` covers
``sprague verify``.
"""

from __future__ import annotations

import random
import sys
import time
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

import sprague
import sprague.cache

from sprague.kernels.heap import subtraction_sequence


def plain_subtraction(S: tuple[int, ...], n: int) -> list[int]:
    """The best plain-Python loop we know: a list, and a mex over a small set per value."""
    g = [0] * n
    for m in range(n):
        seen = {g[m - s] for s in S if s <= m}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def plain_all_but(X: tuple[int, ...], n: int) -> list[int]:
    """All-but(X) by the textbook recursion: the mex over every earlier heap not at a distance in X."""
    g: list[int] = []
    for m in range(n):
        seen = {g[j] for j in range(m) if m - j not in X}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def plain_grundys_game(n: int) -> list[int]:
    """Grundy's game by the O(n^2) recursion: G(m) = mex of G(a) xor G(m - a), 0 < a < m - a."""
    g = [0] * n
    for m in range(n):
        seen = {g[a] ^ g[m - a] for a in range(1, (m + 1) // 2)}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def plain_single_delete(max_heap: int, heaps: int = 4) -> dict[tuple[int, ...], int]:
    """Grundy values of single-delete Nim by memo over positions in order of total size (options are smaller)."""
    G: dict[tuple[int, ...], int] = {}
    for p in sorted(combinations_with_replacement(range(1, max_heap + 1), heaps), key=sum):
        seen = set()
        for i in range(heaps):
            for j in range(heaps):
                if i != j:
                    rest = [p[k] for k in range(heaps) if k != i and k != j]
                    for x in range(1, p[j] // 2 + 1):
                        seen.add(G[tuple(sorted(rest + [x, p[j] - x]))])
        v = 0
        while v in seen:
            v += 1
        G[p] = v
    return G


def timed(fn: Any, *args: Any) -> tuple[Any, float]:
    """``fn(*args)`` and the seconds it took."""
    t = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - t


def ratio_row(task: str, bound: str, ours: Any, plain: Any, *args: Any) -> Any:
    """Time the kernel and the plain-Python reference on the same input, check they agree, print the ratio."""
    fast, fast_s = timed(ours, *args)
    ref, ref_s = timed(plain, *args)
    assert list(fast) == ref
    print(f"| {task} | {bound} | {fast_s * 1e3:.2f} ms | {ref_s:.2f} s | {ref_s / fast_s:.0f}x |")
    return ref


def main(quick: bool = False) -> None:
    from sprague.kernels.heap import all_but_sequence

    sprague.cache.use(False)
    S = (1, 4, 5)
    moves = np.array(S, dtype=np.int64)
    subtraction_sequence(moves, 10, np.uint8)  # compile (and warm up) outside the timings
    sprague.ruleset("subtraction", S={2, 3}).sequence(10**5)
    all_but_sequence(moves, 10)
    print("| task | bound | ours | plain Python | ratio |\n|---|---|---|---|---|")
    ref = ratio_row("subtraction sequence, S = {1,4,5}, kernel (uint8 values)", "n = 10^6",
                    lambda n: subtraction_sequence(moves, n, np.uint8),
                    lambda n: plain_subtraction(S, n), 10**6)
    ratio_row("subtraction sequence, ruleset.sequence(n): certified period, then filled", "n = 10^6",
              lambda n: sprague.ruleset("subtraction", S=set(S)).sequence(n), lambda n: plain_subtraction(S, n), 10**6)
    n = 10**8
    _, big_s = timed(subtraction_sequence, moves, n, np.uint8)
    print(f"| subtraction sequence, kernel (uint8 values) | n = 10^8 | {big_s:.2f} s | - | {n / big_s / 1e6:.0f} M values/s |")
    filled, fill_s = timed(sprague.ruleset("subtraction", S=set(S)).values, n)
    assert filled[: 10**6].tolist() == ref
    print(f"| subtraction sequence, certified period then filled | n = 10^8 | {fill_s:.2f} s | - | "
          f"{n / fill_s / 1e6:.0f} M values/s |")
    X = (4, 8)
    ratio_row("all-but sequence, X = {4,8}", "n = 5,000",
              lambda n: all_but_sequence(np.array(X, dtype=np.int64), n), lambda n: plain_all_but(X, n), 5000)
    grundys_game(quick)
    single_delete(quick)
    huge_heaps()


def row(task: str, bound: str, seconds: float, note: str) -> None:
    print(f"| {task} | {bound} | {seconds:.2f} s | - | {note} |")


def grundys_game(quick: bool) -> None:
    """The sparse-space kernel (a fresh ruleset each time: nothing is reused)."""
    sprague.ruleset("grundys-game").sequence(5000)  # compile outside the timings
    n = 2 * 10**4 if quick else 10**5
    ratio_row("Grundy's game, all values (sparse space)", f"n = {n:,}",
              lambda n: sprague.ruleset("grundys-game").sequence(n).tolist(), plain_grundys_game, n)
    for e in (20,) if quick else (20, 24):
        values, seconds = timed(sprague.ruleset("grundys-game").sequence, 2**e, 2**25)
        row("Grundy's game, all values (sparse space)", f"n = 2^{e}", seconds,
            f"{2**e / seconds / 1e6:.2f} M values/s; target {'10 s' if e == 20 else '3 min'}; largest value {values.max()}")


def single_delete(quick: bool) -> None:
    """4-heap tables of single-delete Nim (004): the retrograde sieve, search in rank order, plain Python."""
    from sprague.kernels import box
    from sprague.verify import _Job

    r = sprague.ruleset("single-delete")
    r.table(10, heaps=4), r.table(10, heaps=4, values="outcome")  # compile outside the timings
    t, seconds = timed(r.table, 128, 4, "outcome")
    job = _Job.build(r, lambda h: None, "outcome", 4, 128, {}, 10**8)
    searched, search_s = timed(box.fill_table, job.n, job.lo, job.hi, job.shapes, job.binom, job.size, False)
    assert np.array_equal(searched, t.values)
    print(f"| single-delete, 4 heaps, P/N table (retrograde sieve) | heaps <= 128 ({len(t):,}) | {seconds:.2f} s | "
          f"{search_s:.2f} s (compiled search) | {search_s / seconds:.0f}x; target 2 s |")
    t, seconds = timed(r.table, 64, 4)
    row("single-delete, 4 heaps, Grundy table", f"heaps <= 64 ({len(t):,})", seconds, "target 10 s")
    m = 24 if quick else 48
    ours, ours_s = timed(r.table, m, 4)
    plain, plain_s = timed(plain_single_delete, m)
    assert all(plain[p] == v for p, v in ours)
    print(f"| single-delete, 4 heaps, Grundy table | heaps <= {m} ({len(ours):,}) | {ours_s:.2f} s | {plain_s:.2f} s | "
          f"{plain_s / ours_s:.0f}x; target 100x |")


HUGE = [("nim", {}, 4), ("single-delete", {}, 4), ("vdn", {}, 2), ("delete-nim", {}, 2), ("abo-delete", {}, 4),
        ("nmth-delete", {}, 4), ("half-delete", {}, 4), ("fraction-delete", {"k": 3}, 6),
        ("cyclic-nimhoff", {"h": 3}, 3), ("subtraction", {"S": {1, 4, 5}}, 3), ("all-but", {"S": {4, 8}}, 3),
        ("octal", {"code": "0.137"}, 3)]


def huge_heaps() -> None:
    """A closed-form outcome and a winning move from positions of 1000-digit heaps (mean of 20 calls each)."""
    rnd = random.Random(1)
    print("\n| ruleset | heaps of 1000 digits | outcome (target 1 ms) | winning move (target 10 ms) |\n|---|---|---|---|")
    for name, params, k in HUGE:
        r = sprague.ruleset(name, **params)
        pos = tuple(rnd.randrange(10**999, 10**1000) for _ in range(k))
        if r.outcome(pos) == "P":  # a winning move needs an N-position: change one heap
            pos = (pos[0] + 1,) + pos[1:]
        outcome = r.outcome(pos)
        _, out_s = timed(lambda: [r.outcome(pos) for _ in range(20)])
        _, move_s = timed(lambda: [r.winning_move(pos) for _ in range(20)])
        move = r.winning_move(pos)
        assert outcome == "P" or (move is not None and r.outcome(move) == "P" and r.is_move(pos, move))
        print(f"| {r.describe()} | {k} ({outcome}) | {out_s / 20 * 1e3:.3f} ms | {move_s / 20 * 1e3:.3f} ms |")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
