"""The parts of the take-and-break kernel that need no numba: its work estimate and its choice of mask.

:func:`work` is what :func:`sprague.solve.sequence.cost` refuses by and what the
choice between the plain-Python path and the kernel is made on, before any
kernel (and numba, a fifth of a second) is loaded. The mask of the sparse-space
method (:mod:`sprague.kernels.takebreak`) is priced here in NumPy, for every
candidate at once, from the counts of the values.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sprague.kernels.config import TAKE_BREAK_PREFIX as PREFIX

__all__ = [
    "work",
    "value_counts",
    "value_dtype",
    "mask_prices",
    "mask_price",
    "best_mask",
    "best_key_mask",
    "choose_mask",
    "rare_positions",
]


def work(
    take_all: Sequence[int],
    take_one: Sequence[int],
    split: Sequence[int],
    start: int,
    stop: int,
    prefix: int | None = None,
) -> int:
    """A lower bound on the steps :func:`sprague.kernels.takebreak_run.extend` takes to fill ``g[start:stop]``.

    Known before it starts, and exact for the naive prefix but for its mex scans: a
    heap of ``m`` pairs ``m - k`` tokens ``(m - k) // 2`` ways for each split amount
    ``k``. Every later value costs at least its single-heap moves and a mex step; how
    many rare positions it scans is only known once the prefix is (the kernel checks
    that bound before the sparse kernel). The prefix is :data:`PREFIX` values unless
    ``prefix`` says otherwise (``prefix=stop``: the plain-Python path, naive all the way).

    >>> work([], [], [0], 0, 4)  # Grundy's game: 4 values, 0 + 0 + 1 + 1 pairs, plus 4 mex steps
    6
    """
    stop = max(stop, start)
    naive_stop = max(min(stop, PREFIX if prefix is None else prefix), start)
    singles = len(take_all) + len(take_one) + 1
    pairs = sum(_halves(naive_stop - k) - _halves(start - k) for k in split)
    return pairs + singles * (naive_stop - start) + (singles + 1) * (stop - naive_stop)


def _halves(x: int) -> int:
    """``sum(y // 2 for y in range(x))`` (0 for x <= 0)."""
    return (x // 2) * ((x - 1) // 2) if x > 0 else 0


def value_dtype(top: int) -> np.dtype:
    """The smallest unsigned type holding ``0..top`` (uint8, uint16, uint32; int64 beyond).

    >>> value_dtype(255), value_dtype(256), value_dtype(70000)
    (dtype('uint8'), dtype('uint16'), dtype('uint32'))
    """
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.int64)


def mask_prices(counts: np.ndarray) -> np.ndarray:
    """``prices[m]``: heaps made rare by the mask ``m``, for every ``m < len(counts)`` (a power of two).

    ``counts[v]`` is the number of heaps of value ``v``; the rare ones under ``m`` are
    ``(N + W[m]) / 2`` with ``W`` the Walsh-Hadamard transform of ``counts``.

    >>> mask_prices(np.array([3, 1, 0, 2])).tolist()  # values 0,0,0,1,3,3: mask 1 leaves 0,0,0 rare
    [6, 3, 4, 5]
    """
    w = np.asarray(counts, dtype=np.int64).copy()
    size = len(w)
    if size & (size - 1):
        raise ValueError(f"counts must have a power-of-two length, got {size}")
    h = 1
    while h < size:  # butterflies, all blocks of width 2h at once
        w = w.reshape(-1, 2, h)
        w = np.stack([w[:, 0] + w[:, 1], w[:, 0] - w[:, 1]], axis=1).reshape(-1)
        h *= 2
    return (int(w[0]) + w) // 2


def best_mask(counts: np.ndarray) -> tuple[int, int]:
    """The mask making the fewest heaps rare, and how many (see the module docstring).

    ``counts[v]`` counts the heaps of value ``v``. Finite masks below ``2^B`` (``B``
    bits hold every value counted) and the infinite ones ``~f``, ``f < 2^B``, are
    the candidates; an infinite mask is preferred on a tie, then the smallest ``f``.

    >>> best_mask(np.array([3, 1, 0, 2]))  # ~2 = all bits but bit 1: it agrees with the finite mask 1
    (-3, 3)
    """
    return _cheapest(counts, 1)  # the finite mask 0 makes every heap rare


def _cheapest(counts: np.ndarray, never: int) -> tuple[int, int]:
    """The cheapest mask but the finite masks below ``never``, and its price (:func:`best_mask`)."""
    counts = np.asarray(counts, dtype=np.int64)
    used = np.flatnonzero(counts)
    bits = max(int(used[-1]) if len(used) else 0, never).bit_length()
    prices = mask_prices(np.pad(counts[: 1 << bits], (0, max(0, (1 << bits) - len(counts)))))
    prices[:never] = np.iinfo(np.int64).max
    low = int(prices.min())
    m = int(np.flatnonzero(prices == low)[-1])  # the largest m is the infinite mask with the smallest f
    return ~((1 << bits) - 1 ^ m), low


def best_key_mask(counts: np.ndarray, parity: bool) -> tuple[int, int]:
    """The mask over keys ``2 v + (r - k) % 2`` (value ``v``, heap ``r``, ``k`` a split amount) making the fewest
    heaps rare, and how many: ``counts[key]`` counts the heaps of each key.

    The key mask ``2 m + p`` reads the heap's parity when ``p = 1`` (:mod:`sprague.kernels.takebreak`), a
    candidate only with ``parity``; ``m = 0`` never is (every value would be rare). Ties as :func:`best_mask`.

    >>> best_key_mask(np.array([0, 3, 1, 0, 0, 0, 0, 2]), True)  # values 0,0,0 and 3,3 on odd heaps, 1 on even
    (-1, 0)

    (``-1``: the value mask ``~0`` and the parity: ``popcount(v) + (r - k)`` is odd at every heap, none is rare.)
    >>> best_key_mask(np.array([0, 3, 1, 0, 0, 0, 0, 2]), False)  # without the parity: the value mask ~2
    (-6, 3)
    """
    counts = np.asarray(counts, dtype=np.int64)
    if not parity:
        mask, price = best_mask(counts[0::2] + counts[1::2])
        return 2 * mask, price
    return _cheapest(counts, 2)  # the key masks 0 and 1: the value mask 0


def mask_price(counts: np.ndarray, mask: int) -> int:
    """Heaps counted in ``counts`` that ``mask`` makes rare."""
    values = np.arange(len(counts), dtype=np.int64) & mask
    parity = np.zeros(len(counts), dtype=np.int64)
    while values.any():
        parity ^= values & 1
        values >>= 1
    return int(counts[parity == 0].sum())


def choose_mask(g: np.ndarray) -> int:
    """The mask making the fewest heaps ``1 <= r < len(g)`` rare (see :func:`best_mask`).

    >>> choose_mask(np.array([0, 0, 0, 1, 0, 2, 1, 0, 2, 1]))  # Grundy's game: ~0 leaves only the 0s rare
    -1
    """
    counts = value_counts(np.asarray(g)[1:])
    return best_mask(np.pad(counts, (0, max(0, 2 - len(counts)))))[0]


def value_counts(values: np.ndarray, block: int = 1 << 18) -> np.ndarray:
    """``counts[v]``: how many of ``values`` (non-negative integers) equal ``v``, in blocks (``np.bincount`` of
    2^28 uint16 values would first copy them to int64: 2 GB; a block of 2^18 takes 2 MB).

    >>> value_counts(np.array([0, 2, 2], dtype=np.uint8)).tolist()
    [1, 0, 2]
    """
    values = np.asarray(values)
    counts = np.zeros(int(values.max()) + 1 if len(values) else 0, dtype=np.int64)
    for start in range(0, len(values), block):
        counts += np.bincount(values[start : start + block], minlength=len(counts))
    return counts


def rare_positions(g: np.ndarray, mask: int, block: int = 1 << 18) -> np.ndarray:
    """The positions ``r >= 1`` of ``g`` whose value is rare under ``mask`` (an even number of its bits set),
    in NumPy, a block at a time.

    >>> rare_positions(np.array([0, 0, 0, 1, 0, 2, 1, 0, 2, 1]), -1).tolist()  # Grundy's game: the 0s are rare
    [1, 2, 4, 7]
    """
    g = np.asarray(g)
    if g.dtype.kind not in "iu":
        raise ValueError(f"g must hold integers, got {g.dtype}")
    if len(g) < 2:
        return np.zeros(0, dtype=np.int64)
    parity = np.arange(int(g.max()) + 1, dtype=np.int64) & mask  # mask < 0 (all bits but some): two's complement
    for shift in (32, 16, 8, 4, 2, 1):
        parity ^= parity >> shift
    rare = (parity & 1) == 0  # rare[v]: whether the value v is rare
    found = [start + np.flatnonzero(rare[g[start : start + block]]) for start in range(1, len(g), block)]
    return np.concatenate(found).astype(np.int64, copy=False)
