"""Ratio benchmarks of the compiled kernels against plain Python, on the same input, in one run.

Run: ``python benchmarks/run.py``. Prints a table: task, bound, our time, the
plain-Python reference's time, the ratio. ``benchmarks/verify.py`` covers
``sprague verify``.
"""

from __future__ import annotations

import time

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


def main() -> None:
    S = (1, 4, 5)
    moves = np.array(S, dtype=np.int64)
    subtraction_sequence(moves, 10)  # compile outside the timings
    print("| task | bound | ours | plain Python | ratio |\n|---|---|---|---|---|")
    n = 10**6
    t = time.perf_counter()
    ours = subtraction_sequence(moves, n)
    ours_s = time.perf_counter() - t
    t = time.perf_counter()
    ref = plain_subtraction(S, n)
    ref_s = time.perf_counter() - t
    assert ours.tolist() == ref
    print(f"| subtraction sequence, S = {{1,4,5}} | n = 10^6 | {ours_s:.3f} s | {ref_s:.2f} s | {ref_s / ours_s:.0f}x |")
    n = 10**8
    t = time.perf_counter()
    subtraction_sequence(moves, n)
    big_s = time.perf_counter() - t
    print(f"| subtraction sequence, kernel only | n = 10^8 | {big_s:.2f} s | - | {n / big_s / 1e6:.0f} M values/s |")
    t = time.perf_counter()
    filled = sprague.ruleset("subtraction", S=set(S)).values(n)
    fill_s = time.perf_counter() - t
    assert filled[: 10**6].tolist() == ref
    print(f"| subtraction sequence, certified period then filled | n = 10^8 | {fill_s:.2f} s | - | "
          f"{n / fill_s / 1e6:.0f} M values/s |")
    all_but_rows()


def all_but_rows() -> None:
    from sprague.kernels.heap import all_but_sequence

    X = (4, 8)
    ex = np.array(X, dtype=np.int64)
    all_but_sequence(ex, 10)
    n = 5000
    t = time.perf_counter()
    ours = all_but_sequence(ex, n)
    ours_s = time.perf_counter() - t
    t = time.perf_counter()
    ref = plain_all_but(X, n)
    ref_s = time.perf_counter() - t
    assert ours.tolist() == ref
    print(f"| all-but sequence, X = {{4,8}} | n = 5,000 | {ours_s * 1e3:.2f} ms | {ref_s:.2f} s | {ref_s / ours_s:.0f}x |")


if __name__ == "__main__":
    main()
