"""Kernel for games whose moves go along rays: from x to x - i*v for any i >= 1 (NimHof, Wythoff, Nim).

Every position of the box ``0 <= x_j <= top_j`` gets its Grundy value in one pass,
lowest positions first: ``G(x) = mex {G(x - i v) : v a rule vector, i >= 1, x - i v >= 0}``.
A position's options along ``v`` are ``min over v_j > 0 of floor(x_j / v_j)`` cells of the
flat array, each a fixed stride back, so the work is the sum of the ray lengths
(:func:`ray_steps`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sprague.errors import InvalidParameter
from sprague.kernels.jit import njit

__all__ = ["ray_table", "ray_steps"]


def ray_steps(vectors: Sequence[Sequence[int]], top: Sequence[int]) -> int:
    """The options examined to fill the box ``0..top`` (exact): for each rule ``v``, the sum over the box of the
    length of its ray, counted as ``sum over i >= 1 of #{x : x >= i v}``.

    >>> ray_steps([(1, 0), (0, 1)], (2, 2))  # Nim on 3 x 3: each cell has x + y options
    18
    """
    cells = 1
    for t in top:
        cells *= t + 1
    total = 0
    for v in vectors:
        reach = min(t // a for t, a in zip(top, v) if a)
        rest = 1
        for t, a in zip(top, v):
            if not a:
                rest *= t + 1
        for i in range(1, reach + 1):
            count = rest
            for t, a in zip(top, v):
                if a:
                    count *= t - i * a + 1
            total += count
    return total


def ray_table(vectors: Sequence[Sequence[int]], top: Sequence[int]) -> np.ndarray:
    """Grundy values of every position ``0 <= x <= top`` of the ray game with rule ``vectors``.

    Returns an array of shape ``(top_0 + 1, ..., top_{d-1} + 1)``: ``table[x]`` is G(x).

    >>> ray_table([(1, 0), (0, 1), (1, 1)], (3, 3)).tolist()  # Wythoff's game
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    """
    vecs = np.asarray(vectors, dtype=np.int64)
    dims = np.asarray(top, dtype=np.int64) + 1
    if vecs.ndim != 2 or vecs.shape[1] != dims.shape[0] or (vecs < 0).any() or not vecs.any(axis=1).all():
        raise InvalidParameter(
            f"ray_table needs non-negative, non-zero rule vectors with one entry per heap, got "
            f"{vecs.tolist()} for heaps up to {list(top)}"
        )
    if (dims < 1).any():
        raise InvalidParameter(f"ray_table needs heaps of at least 0, got {list(top)}")
    most = int(sum(min(int(t) // int(a) for t, a in zip(top, v) if a) for v in vecs.tolist()))
    out = np.zeros(int(np.prod(dims)), dtype=np.int32 if most < 2**31 - 2 else np.int64)
    _fill(vecs, dims, out, most + 2)
    return out.reshape(tuple(int(d) for d in dims))


@njit(cache=True, nogil=True)
def _fill(vecs: np.ndarray, dims: np.ndarray, out: np.ndarray, scratch: int) -> None:
    """Fill the flat array ``out`` (last heap varying fastest) in increasing order of the flat index.

    Every option ``x - i v`` has a smaller flat index than ``x``, so it is known. A
    value is at most the number of options, at most ``scratch - 2``: ``stamp[g] == f``
    marks g as seen at cell f, with nothing to clear between cells.
    """
    d = dims.shape[0]
    r = vecs.shape[0]
    strides = np.ones(d, dtype=np.int64)
    for j in range(d - 2, -1, -1):
        strides[j] = strides[j + 1] * dims[j + 1]
    back = np.zeros(r, dtype=np.int64)  # the flat offset of each rule vector
    for k in range(r):
        for j in range(d):
            back[k] += vecs[k, j] * strides[j]
    x = np.zeros(d, dtype=np.int64)  # the coordinates of cell f
    stamp = np.full(scratch, -1, dtype=np.int64)
    for f in range(out.shape[0]):
        for k in range(r):
            reach = -1
            for j in range(d):
                a = vecs[k, j]
                if a > 0:
                    t = x[j] // a
                    if reach < 0 or t < reach:
                        reach = t
            g = f
            for _ in range(reach):
                g -= back[k]
                stamp[out[g]] = f
        g = 0
        while stamp[g] == f:
            g += 1
        out[f] = g
        j = d - 1  # the next cell: an odometer over the box
        while j >= 0:
            x[j] += 1
            if x[j] < dims[j]:
                break
            x[j] = 0
            j -= 1
