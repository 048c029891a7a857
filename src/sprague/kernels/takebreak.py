"""Kernels for take-and-break games (octal games, Grundy's game): the naive recursion and sparse space.

A game is given by three lists of amounts ``k`` that may be removed from a heap of
``n`` (one per octal digit bit): ``take_all`` (the heap is removed whole, ``n = k``),
``take_one`` (one non-empty heap of ``n - k`` is left) and ``split`` (two
non-empty heaps ``a + b = n - k`` are left); ``distinct`` asks the two heaps to
differ (Grundy's game is ``split = [0]`` with ``distinct``).

The naive kernel takes O(n) per value. The sparse-space kernel (Winning Ways,
ch. 4 "Sparse space spells speed"; A. Flammenkamp's tables) is exact as well and
usually takes far less. Fix a *mask* ``m``; a value ``v`` is *common* when
``popcount(v & m)`` is odd and *rare* when it is even. The xor of two values is
common exactly when one of them is rare and the other common. So

1. every common value among the options of ``n`` comes from a pair with a rare
   part: the positions with rare values are listed, and the pairs through them
   give *all* reachable common values; let ``c`` be the least common value missed;
2. ``G(n) <= c``, and ``G(n) = c`` unless a rare value below ``c`` is missed.
   The pairs are scanned in order until every rare value below ``c`` has been
   seen (usually after a few steps); only when one is really missing -- ``G(n)``
   is then rare, which is rare -- does the scan run to the end, and ``G(n)`` is
   the least rare value missed.

The mask changes the speed, never the values. :func:`choose_mask` picks, on a
prefix, the mask (a finite one, or an "infinite" one ``~f`` whose high bits are
all set) that makes the fewest positions rare.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from sprague.kernels import config
from sprague.kernels.jit import njit

__all__ = ["extend", "work", "Steps", "STEPS_PER_POSITION", "choose_mask", "rare_positions"]

#: values computed by the naive recursion before the mask is chosen on them
PREFIX = config.TAKE_BREAK_PREFIX
#: values per kernel call (the progress bar and Ctrl-C act between calls)
CHUNK = config.TAKE_BREAK_CHUNK
#: kernel steps counted as one position of the work limits (``max_positions``): a step takes 1-5 ns, so
#: a position is about a microsecond, what the heap recursion in Python spends on one option
STEPS_PER_POSITION = config.TAKE_BREAK_STEPS_PER_POSITION
#: a budget no computation reaches (int64, as the kernels take it)
UNLIMITED = 2**62


@dataclass
class Steps:
    """The kernels' work, counted in loop iterations (each a few nanoseconds): ``done`` so far.

    The kernels stop, between two values, once ``budget`` steps are done; :func:`work`
    estimates the steps before they start.
    """

    budget: int = UNLIMITED
    done: int = 0
    #: set when the run stopped at once because at least this many steps were certain to exceed the budget
    least: int = 0


def extend(g: np.ndarray, start: int, take_all: Sequence[int], take_one: Sequence[int], split: Sequence[int],
           distinct: bool, chunk: int | None = None, steps: Steps | None = None) -> Iterator[int]:
    """Fill ``g[start:]`` (``g[:start]`` known) in chunks, yielding the length reached after each.

    The first :data:`PREFIX` values come from the naive recursion, the rest from
    the sparse-space kernel with the mask :func:`choose_mask` picks on the known
    values. Stopping the iteration early leaves ``g[:reached]`` exact. The steps
    done are added to ``steps``; the iteration ends early (with ``g[:reached]``
    exact) once its budget is spent.

    >>> g = np.zeros(12, dtype=np.int64)
    >>> list(extend(g, 0, [], [], [0], distinct=True))  # Grundy's game
    [12]
    >>> g.tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    """
    if g.dtype != np.int64 or g.ndim != 1:
        raise ValueError(f"g must be a 1-D int64 array, got {g.dtype} with shape {g.shape}")
    if not 0 <= start <= len(g):
        raise ValueError(f"start={start} is outside 0..{len(g)}")
    alls, ones, twos = moves = [np.array(sorted(ks), dtype=np.int64) for ks in (take_all, take_one, split)]
    if any(len(k) and k[0] < 0 for k in moves):
        raise ValueError(f"amounts to remove must be non-negative, got {take_all}, {take_one}, {split}")
    chunk = chunk or CHUNK
    steps = steps if steps is not None else Steps()
    stop = len(g)
    if start < min(PREFIX, stop):
        reached, done = _naive_extend(g, start, min(PREFIX, stop), alls, ones, twos, distinct,
                                      steps.budget - steps.done)
        steps.done += done
        if reached > start:
            yield reached
        if reached < min(PREFIX, stop):
            return
        start = reached
    if start == stop:
        return
    prefix = g[:min(start, 1 << 15)]
    if steps.done + _mask_steps(prefix) > steps.budget:
        steps.least = steps.done + _mask_steps(prefix)
        return
    steps.done += _mask_steps(prefix)
    mask = choose_mask(prefix)
    rare = rare_positions(g[:start], mask)
    n_rare = len(rare)
    # every later value scans, per split amount k, at least the rare positions known below start - k
    per_value = 2 + len(alls) + len(ones) + sum(int(np.searchsorted(rare, start - k)) for k in twos.tolist())
    if steps.done + per_value * (stop - start) > steps.budget:
        steps.least = steps.done + per_value * (stop - start)
        return
    rare = np.concatenate([rare, np.zeros(max(n_rare, 1024), dtype=np.int64)])
    while start < stop and steps.done < steps.budget:
        reached, n_rare, done = _sparse_extend(g, start, min(start + chunk, stop), alls, ones, twos, distinct, mask,
                                               rare, n_rare, steps.budget - steps.done)
        steps.done += done
        if n_rare == len(rare):
            rare = np.concatenate([rare, np.zeros(len(rare), dtype=np.int64)])
        if reached > start:
            start = reached
            yield start


def work(take_all: Sequence[int], take_one: Sequence[int], split: Sequence[int], start: int, stop: int) -> int:
    """A lower bound on the steps :func:`extend` takes to fill ``g[start:stop]``, known before it starts.

    Exact for the naive prefix but for its mex scans: a heap of ``m`` pairs ``m - k``
    tokens ``(m - k) // 2`` ways for each split amount ``k``. Every later value costs at
    least its single-heap moves and a mex step; how many rare positions it scans is only
    known once the prefix is (:func:`extend` checks that bound before the sparse kernel).

    >>> work([], [], [0], 0, 4)  # Grundy's game: 4 values, 0 + 0 + 1 + 1 pairs, plus 4 mex steps
    6
    """
    stop = max(stop, start)
    naive_stop = max(min(stop, PREFIX), start)
    singles = len(take_all) + len(take_one) + 1
    pairs = sum(_halves(naive_stop - k) - _halves(start - k) for k in split)
    return pairs + singles * (naive_stop - start) + (singles + 1) * (stop - naive_stop)


def _halves(x: int) -> int:
    """``sum(y // 2 for y in range(x))`` (0 for x <= 0)."""
    return (x // 2) * ((x - 1) // 2) if x > 0 else 0


def _mask_steps(prefix: np.ndarray) -> int:
    """The steps of :func:`choose_mask` on ``prefix``: every candidate mask counts the rare values."""
    bits = max(int(prefix.max()) if len(prefix) else 0, 1).bit_length()
    return 2 ** (bits + 1) * len(prefix)


@njit(cache=True, nogil=True)
def _parity(v: int, mask: int) -> int:
    x = v & mask
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@njit(cache=True, nogil=True)
def _mark_singles(g: np.ndarray, n: int, take_all: np.ndarray, take_one: np.ndarray,
                  seen: np.ndarray) -> None:
    """Stamp ``seen[v] = n`` for the options that leave no heap or one heap."""
    for i in range(take_all.shape[0]):
        if take_all[i] == n:
            seen[0] = n
    for i in range(take_one.shape[0]):
        k = take_one[i]
        if n - k >= 1:
            seen[g[n - k]] = n


@njit(cache=True, nogil=True)
def _capacity(top: int) -> int:
    """A power of two above ``top``: xors of values below it stay below it."""
    cap = 2
    while cap <= top:
        cap *= 2
    return cap


@njit(cache=True, nogil=True)
def _naive_extend(g: np.ndarray, start: int, stop: int, take_all: np.ndarray, take_one: np.ndarray,
                 split: np.ndarray, distinct: bool, budget: int) -> tuple[int, int]:
    """Fill ``g[start:stop]`` by the heap recursion, O(n) per value (``g[:start]`` known).

    Returns ``(reached, steps)``: the steps are the loop iterations done (see :func:`work`); it
    stops early, at ``reached``, before a value once ``budget`` steps are done.
    """
    top = 0
    for i in range(start):
        top = max(top, g[i])
    seen = np.full(2 * _capacity(top), -1, dtype=np.int64)
    steps = start
    for n in range(start, stop):
        if steps >= budget:
            return n, steps
        _mark_singles(g, n, take_all, take_one, seen)
        steps += take_all.shape[0] + take_one.shape[0]
        for i in range(split.shape[0]):
            m = n - split[i]
            for a in range(1, m // 2 + 1):
                if distinct and 2 * a == m:
                    continue
                seen[g[a] ^ g[m - a]] = n
            steps += max(m // 2, 0)
        v = 0
        while seen[v] == n:
            v += 1
        steps += v + 1
        g[n] = v
        if v > top:
            top = v
            if 2 * _capacity(top) > seen.shape[0]:
                grown = np.full(2 * _capacity(top), -1, dtype=np.int64)
                grown[:seen.shape[0]] = seen
                seen = grown
    return stop, steps


@njit(cache=True, nogil=True)
def _value_tables(cap: int, mask: int) -> tuple[np.ndarray, np.ndarray]:
    """For ``v < 2 cap``: whether ``v`` is rare, and how many rare values lie below ``v``."""
    rare = np.zeros(2 * cap, dtype=np.bool_)
    below = np.zeros(2 * cap + 1, dtype=np.int64)
    for v in range(2 * cap):
        rare[v] = _parity(v, mask) == 0
        below[v + 1] = below[v] + rare[v]
    return rare, below


@njit(cache=True, nogil=True)
def _sparse_extend(g: np.ndarray, start: int, stop: int, take_all: np.ndarray, take_one: np.ndarray,
                  split: np.ndarray, distinct: bool, mask: int, rare: np.ndarray, n_rare: int,
                  budget: int) -> tuple[int, int, int]:
    """Fill ``g[start:stop]`` by the sparse-space method (module docstring); exact for every mask.

    ``rare[:n_rare]`` lists, in increasing order, the positions ``1 <= r < start`` with
    a rare value. Returns ``(reached, n_rare, steps)``: it stops early, at ``reached``,
    when ``rare`` is full (the caller grows it and calls again) or, before a value, once
    ``budget`` steps (loop iterations, see :func:`work`) are done.
    """
    top = 0
    for i in range(start):
        top = max(top, g[i])
    low = mask if mask >= 0 else ~mask  # the mask's finite part
    cap = _capacity(max(top, low))
    is_rare, rare_below = _value_tables(cap, mask)
    seen = np.full(2 * cap, -1, dtype=np.int64)
    want = np.zeros(2 * cap, dtype=np.bool_)
    common = np.zeros(stop, dtype=np.bool_)  # the value of the position is common
    for i in range(start):
        common[i] = not is_rare[g[i]]
    rare_value = np.zeros(rare.shape[0], dtype=np.int64)
    for j in range(n_rare):
        rare_value[j] = g[rare[j]]
    steps = 2 * start + n_rare + 2 * cap
    for n in range(start, stop):
        if n_rare == rare.shape[0] or steps >= budget:
            return n, n_rare, steps
        _mark_singles(g, n, take_all, take_one, seen)
        steps += take_all.shape[0] + take_one.shape[0]
        # 1. all common values: pairs with exactly one rare part
        for i in range(split.shape[0]):
            m = n - split[i]
            for j in range(n_rare):
                steps += 1
                r = rare[j]
                if r >= m:
                    break
                b = m - r
                if common[b] and not (distinct and b == r):
                    seen[rare_value[j] ^ g[b]] = n
        c = 0
        while seen[c] == n or is_rare[c]:
            c += 1
        steps += 2 * c + 2
        # 2. the rare values below c: scan the pairs until each has been seen
        need = 0
        for v in range(c):
            if is_rare[v] and seen[v] != n:  # not already an option with no or one heap
                want[v] = True
                need += 1
        i = 0
        while need and i < split.shape[0]:
            m = n - split[i]
            half = (m - 1) // 2 if distinct else m // 2
            for a in range(1, half + 1):
                steps += 1
                v = g[a] ^ g[m - a]
                if want[v]:
                    want[v] = False
                    need -= 1
                    if not need:
                        break
            i += 1
        value = c
        if need:
            value = 0
            while not want[value]:
                value += 1
            want[:c] = False
            steps += value + c
        g[n] = value
        common[n] = not is_rare[value]
        if not common[n] and n >= 1:
            rare[n_rare] = n
            rare_value[n_rare] = value
            n_rare += 1
        if value >= cap:
            cap = _capacity(max(value, low))
            is_rare, rare_below = _value_tables(cap, mask)
            seen = np.full(2 * cap, -1, dtype=np.int64)
            want = np.zeros(2 * cap, dtype=np.bool_)
            steps += 8 * cap
    return stop, n_rare, steps


@njit(cache=True, nogil=True)
def _rare_count(g: np.ndarray, stop: int, mask: int) -> int:
    """Positions ``1 <= r < stop`` whose value is rare under ``mask``."""
    count = 0
    for r in range(1, stop):
        if _parity(g[r], mask) == 0:
            count += 1
    return count


def choose_mask(g: np.ndarray) -> int:
    """The mask making the fewest positions of the prefix ``g`` rare (ties: the first listed).

    Candidates, in order: the infinite masks ``~f`` (every bit above ``f``'s set)
    and the finite masks ``f``, for ``f`` below the next power of two above the
    largest value (the finite mask 0 makes every value rare, so it is left out).
    """
    bits = max(int(g.max()) if len(g) else 0, 1).bit_length()
    candidates = [~f for f in range(2 ** bits)] + list(range(1, 2 ** bits))
    return min(candidates, key=lambda mask: _rare_count(g, len(g), mask))


def rare_positions(g: np.ndarray, mask: int) -> np.ndarray:
    """The positions ``r >= 1`` of ``g`` whose value is rare under ``mask`` (even masked popcount)."""
    parity = np.zeros(len(g), dtype=np.int64)
    bits = np.asarray(g, dtype=np.int64) & mask
    while bits.any():
        parity ^= bits & 1
        bits >>= 1
    return np.flatnonzero(parity[1:] == 0) + 1

