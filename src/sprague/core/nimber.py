"""Nim arithmetic: mex, nim-sum, and the 2-adic valuation."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

__all__ = ["mex", "nim_sum", "v2", "v2_text"]


def mex(values: Iterable[int]) -> int:
    """Minimum excludant: the least non-negative integer not in ``values``.

    Examples
    --------
    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """Nim-sum (binary addition without carry, i.e. xor) of any number of integers.

    Examples
    --------
    >>> nim_sum(5, 7, 2)
    0
    >>> nim_sum(5, 3, 7, 3, 1)
    3
    """
    return reduce(xor, values, 0)


def v2_text(n: int) -> str:
    """``v2(n) = e`` worked out as ``n = 2^e x odd``, for explanations.

    >>> v2_text(12)
    'v2(12) = 2 (12 = 2^2 x 3)'
    """
    e = v2(n)
    return f"v2({n}) = {e} ({n} = 2^{e} x {n >> e})"


def v2(n: int) -> int:
    """2-adic valuation: the exponent of the largest power of 2 dividing ``n`` (n > 0).

    >>> v2(12)
    2
    """
    if n <= 0:
        raise ValueError(f"v2 is defined for positive integers, got {n!r}")
    return (n & -n).bit_length() - 1
