"""Ratio benchmarks of the compiled kernels against plain Python, on the same input, in one run.

Run: ``python benchmarks/run.py``. Prints a table: task, bound, our time, the
plain-Python reference's time, the ratio. ``benchmarks/verify.py`` covers
``sprague verify``.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

import sprague

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


def main() -> None:
    from sprague.kernels.heap import all_but_sequence

    S = (1, 4, 5)
    moves = np.array(S, dtype=np.int64)
    subtraction_sequence(moves, 10)  # compile outside the timings
    all_but_sequence(moves, 10)
    print("| task | bound | ours | plain Python | ratio |\n|---|---|---|---|---|")
    ref = ratio_row("subtraction sequence, S = {1,4,5}", "n = 10^6", lambda n: subtraction_sequence(moves, n),
                    lambda n: plain_subtraction(S, n), 10**6)
    n = 10**8
    _, big_s = timed(subtraction_sequence, moves, n)
    print(f"| subtraction sequence, kernel only | n = 10^8 | {big_s:.2f} s | - | {n / big_s / 1e6:.0f} M values/s |")
    filled, fill_s = timed(sprague.ruleset("subtraction", S=set(S)).values, n)
    assert filled[: 10**6].tolist() == ref
    print(f"| subtraction sequence, certified period then filled | n = 10^8 | {fill_s:.2f} s | - | "
          f"{n / fill_s / 1e6:.0f} M values/s |")
    X = (4, 8)
    ratio_row("all-but sequence, X = {4,8}", "n = 5,000",
              lambda n: all_but_sequence(np.array(X, dtype=np.int64), n), lambda n: plain_all_but(X, n), 5000)


if __name__ == "__main__":
    main()
