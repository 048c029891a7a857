"""h-stairs of sequences (003 Def 2.2): ``b(x h + r) = a(x) h + r`` for ``0 <= r < h``.

:func:`h_stair` builds the h-stair of a sequence; :func:`stair_base` recovers
``a`` from ``b`` when ``b`` is an h-stair (on the complete blocks of the prefix
given); :func:`stair_heights` lists every ``h`` for which it is. If ``b`` is the
h-stair of ``a``, it is also the d-stair of some sequence for each divisor ``d``
of ``h``, so the heights found are closed under divisors.

003's Examples 2.2-2.5 are checked by search in the tests, with two slips read
corrected: Example 2.3's ``{kl | l in N+}`` means the multiples ``k l`` of ``l``,
and Example 2.5's "sequence of positive integers" starts with ``a(0) = 0``.

>>> h_stair([0, 0, 1, 5, 4], 3)  # 003 Example 2.1
[0, 1, 2, 0, 1, 2, 3, 4, 5, 15, 16, 17, 12, 13, 14]
>>> stair_base([0, 1, 2, 0, 1, 2, 3, 4, 5, 15, 16, 17, 12, 13, 14], 3)
[0, 0, 1, 5, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd, lcm

import numpy as np

from sprague.analysis.periodicity import Periodicity
from sprague.errors import InvalidParameter

__all__ = ["h_stair", "stair_base", "stair_heights", "certified_stair", "stair_proof_length"]


def _check_h(h: int) -> None:
    if isinstance(h, bool) or not isinstance(h, int) or h < 1:
        raise InvalidParameter(f"h={h!r} must be a positive integer")


def h_stair(a: Sequence[int], h: int) -> list[int]:
    """The h-stair of ``a``: ``len(a) * h`` values (003 Def 2.2)."""
    _check_h(h)
    return [a[x] * h + r for x in range(len(a)) for r in range(h)]


def stair_base(b: Sequence[int] | np.ndarray, h: int) -> list[int] | None:
    """The sequence ``a`` whose h-stair ``b`` is, on the complete blocks of ``b``; None if ``b`` is none."""
    _check_h(h)
    arr = np.asarray(b)
    end = len(arr) // h * h
    if h == 1:
        return arr.astype(np.int64).tolist()
    top = arr[:end:h].astype(np.int64)
    if (top % h).any():
        return None
    for r in range(1, h):
        if not np.array_equal(arr[r:end:h], top + r):
            return None
    return (top // h).tolist()


def stair_heights(b: Sequence[int] | np.ndarray, largest: int | None = None, min_blocks: int = 2) -> list[int]:
    """Every ``h >= 1`` (up to ``largest``) for which ``b`` is an h-stair with at least ``min_blocks`` blocks.

    The first block forces ``b(r) = b(0) + r`` for ``r < h``: only ``h`` up to that opening run are tried.
    """
    arr = np.asarray(b)
    top = min(largest or len(arr), len(arr) // max(min_blocks, 1))
    if top >= 2:
        steps = np.flatnonzero(arr[1:top].astype(np.int64) - arr[: top - 1].astype(np.int64) != 1)
        top = int(steps[0]) + 1 if len(steps) else top
    return [h for h in range(1, top + 1) if h == 1 or stair_base(arr, h) is not None]


def certified_stair(values: Sequence[int] | np.ndarray, period: Periodicity, h: int) -> list[int] | None:
    """The base of an h-stair that is *proved* for the whole sequence, or None.

    A certified ``a[n + p] = a[n] + s`` (``n >= n0``) also gives ``a[n + kp] = a[n] + ks``;
    take the least k with ``h`` dividing ``kp`` and ``ks``. Then every block
    ``[x h, x h + h)`` past ``n0 + kp`` is a block ``kp`` earlier shifted by ``ks``, so
    the h-stair form on the blocks below ``n0 + kp + h`` (checked here) holds everywhere.
    ``values`` must hold at least :func:`stair_proof_length` values.
    """
    _check_h(h)
    if not period.certified:
        return None
    length = stair_proof_length(period, h)
    if len(values) < length:
        raise InvalidParameter(f"certified_stair needs the first {length} values, got {len(values)}")
    return stair_base(values[:length], h)


def stair_proof_length(period: Periodicity, h: int) -> int:
    """How many values :func:`certified_stair` checks (whole blocks past ``n0 + kp``)."""
    k = lcm(h // gcd(h, period.period), h // gcd(h, period.saltus) if period.saltus else 1)
    return ((period.preperiod + k * period.period) // h + 2) * h
