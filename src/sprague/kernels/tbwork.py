"""The work of the take-and-break kernel, estimated without importing numba.

:func:`work` is what :func:`sprague.solve.sequence.cost` refuses by and what the
choice between the plain-Python path and the kernel is made on, before any
kernel (and numba, a fifth of a second) is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from sprague.kernels.config import TAKE_BREAK_PREFIX as PREFIX

__all__ = ["work"]


def work(take_all: Sequence[int], take_one: Sequence[int], split: Sequence[int], start: int, stop: int,
         prefix: int | None = None) -> int:
    """A lower bound on the steps :func:`sprague.kernels.takebreak.extend` takes to fill ``g[start:stop]``.

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
