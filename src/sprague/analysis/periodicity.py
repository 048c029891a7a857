"""Periodicity of G-value sequences (003, Definitions 1.5 and 1.6), with certificates.

A period found in a finite prefix is only a guess unless a theorem turns it into
a proof. :func:`find_period` therefore takes an optional ``window``: when every
value of the sequence is determined by the ``window`` values before it (a
subtraction game with finite set S has ``window = max(S)``), a run of ``window``
consecutive values that repeats with period p proves the sequence periodic from
there on, by induction. Without a window the result is reported as observed.

The periodicity theorems of the families (octal and take-and-break games, arithmetic
periodicity, All-but subtraction games) turn such a guess into a proof; they live with
the theorems, in :mod:`sprague.theorems.periodic`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sprague.errors import InvalidParameter

__all__ = ["Periodicity", "find_period", "check_values", "check_shape", "sifted_periods"]


@dataclass(frozen=True)
class Periodicity:
    """``a[n + period] = a[n] + saltus`` for every ``n >= preperiod``."""

    preperiod: int
    period: int
    saltus: int
    certified: bool
    certificate: str

    def value(self, values: Sequence[int] | np.ndarray, n: int) -> int:
        """``a[n]`` for any ``n`` (even ``10**100``), from a prefix that covers one full period."""
        if n < len(values):
            return int(values[n])
        if not self.certified:
            raise ValueError("the period was observed, not proved: values past the prefix are not determined")
        q, r = divmod(n - self.preperiod, self.period)
        return int(values[self.preperiod + r]) + q * self.saltus

    def fill(self, values: Sequence[int] | np.ndarray, n: int, dtype: Any = np.int64) -> np.ndarray:
        """``a[0..n-1]`` as a NumPy array, from a prefix that covers one full period.

        The first period is copied onto itself, doubling (memory speed); an arithmetic
        period then adds ``q * saltus`` to the ``q``-th copy.

        >>> Periodicity(1, 2, 1, True, "").fill([5, 0, 1], 7).tolist()
        [5, 0, 1, 1, 2, 2, 3]
        """
        if not self.certified:
            raise ValueError("the period was observed, not proved: values past the prefix are not determined")
        start, p = self.preperiod, self.period
        out = np.empty(n, dtype=dtype)
        head = min(n, start + p)
        out[:head] = np.asarray(values[:head])
        filled = head - start  # out[start:start + filled] holds whole periods: copy them onto what follows
        while start + filled < n:
            count = min(filled - filled % p, n - start - filled)
            out[start + filled : start + filled + count] = out[start : start + count]
            filled += count
        if self.saltus and n > start + p:
            out[start + p :] += (np.arange(p, n - start, dtype=np.int64) // p * self.saltus).astype(dtype)
        return out

    @property
    def kind(self) -> str:
        if self.saltus:
            return "arithmetic periodic"
        return "purely periodic" if self.preperiod == 0 else "periodic"

    def describe(self) -> str:
        s = f"{self.kind}: period {self.period}, preperiod {self.preperiod}"
        if self.saltus:
            s += f", saltus {self.saltus}"
        return f"{s} ({'certified' if self.certified else 'observed, not proved'}: {self.certificate})"


def find_period(
    values: Sequence[int] | np.ndarray,
    window: int | None = None,
    *,
    arithmetic: bool = False,
    min_repeats: int = 3,
) -> Periodicity | None:
    """Smallest period (and, for it, smallest preperiod) of ``values``.

    Parameters
    ----------
    values : sequence of int
        ``a[0], ..., a[N-1]``.
    window : int, optional
        If each ``a[n]`` is a function of ``a[n-window], ..., a[n-1]`` alone, a
        match over ``window`` consecutive positions is a proof and the result is
        ``certified``. Otherwise the tail must show ``min_repeats`` full periods
        and cover half the prefix, and the result is marked "observed, not proved".
    arithmetic : bool
        Also look for a saltus ``s != 0`` (arithmetic periodicity, Def. 1.6).

    Examples
    --------
    >>> find_period([0, 1, 2] * 6, window=2).describe()  # doctest: +ELLIPSIS
    'purely periodic: period 3, preperiod 0 (certified: ...)'
    """
    check_values(values)
    for what, value, least in (("window", window, 0), ("min_repeats", min_repeats, 1)):
        if (value is not None or what == "min_repeats") and (
            isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least
        ):
            raise InvalidParameter(f"find_period: {what}={value!r} must be an integer of at least {least}")
    n = len(values)
    least = window if window is not None else max((n - 1) // 2, 2)  # the shortest run any p needs
    if n < VECTOR_FROM:
        values = np.asarray(values, dtype=np.int64).tolist()  # Python ints: no wrap-around of unsigned values
    for p, saltus, run in _runs(values, arithmetic, least):
        start = n - p - run
        if window is not None:
            if run >= window:
                cert = (
                    f"a[n+{p}] = a[n]{f' + {saltus}' if saltus else ''} holds for {run} consecutive n "
                    f"(>= {window}, the number of earlier values each value depends on), "
                    f"checked on the first {n} values"
                )
                return Periodicity(start, p, saltus, True, cert)
        elif run >= max(min_repeats * p, (n - 1) // 2, 2):
            cert = f"seen for {run} consecutive n up to {n - 1}, about {run // p} periods"
            return Periodicity(start, p, saltus, False, cert)
    return None


VECTOR_FROM = 4096  #: from this many values, candidate periods are first sifted by their last differences in NumPy
_SIFT = 32  # the last differences a candidate period must match to be examined whole
_CHUNK = 1 << 16  # candidate periods sifted at once (bounds the sifting's memory)


def _runs(values: Any, arithmetic: bool, least: int) -> Iterator[tuple[int, int, int]]:
    """``(p, s, run)`` for ``p = 1, 2, ...``: ``s = a[N-1] - a[N-1-p]`` (0 unless ``arithmetic``) and ``run`` the
    number of consecutive ``i`` down from ``N-1-p`` with ``a[i + p] - a[i] = s``.

    From :data:`VECTOR_FROM` values, periods whose last ``min(32, least)`` differences are not all ``s`` are
    skipped unseen (their run is shorter than ``least``, so no caller can use them): a whole search is then a
    few NumPy passes over candidate periods, not a Python loop over every ``p``.
    """
    n = len(values)
    if n < VECTOR_FROM:
        for p in range(1, n):
            saltus = values[n - 1] - values[n - 1 - p] if arithmetic else 0
            i = n - 1 - p
            while i >= 0 and values[i + p] - values[i] == saltus:
                i -= 1
            yield p, saltus, n - 1 - p - i
        return
    a = np.asarray(values)
    depth = min(_SIFT, least)
    for first in range(1, n, _CHUNK):
        ps = np.arange(first, min(first + _CHUNK, n), dtype=np.int64)
        for p in _sift(a, ps, depth, arithmetic):
            saltus = int(a[n - 1]) - int(a[n - 1 - p]) if arithmetic else 0
            yield p, saltus, _run_length(a, p, saltus, n - 1 - p)


def _sift(a: np.ndarray, ps: np.ndarray, depth: int, arithmetic: bool, lo: np.ndarray | None = None) -> list[int]:
    """The ``p`` in ``ps`` with ``a[i + p] - a[i] = s_p`` for the last ``depth`` indices ``i < N - p``.

    ``s_p = a[N-1] - a[N-1-p]`` if ``arithmetic`` else 0. Without ``lo`` an index below 0 fails the test (the
    run stops there); with ``lo`` (one bound a ``p``) only the indices ``i >= lo`` are tested.
    """
    n = len(a)
    keep = np.ones(len(ps), dtype=bool)
    saltus = int(a[n - 1]) - a[np.maximum(n - 1 - ps, 0)].astype(np.int64) if arithmetic else 0
    for k in range(min(depth, n)):
        i = n - 1 - k - ps
        inside = i >= (0 if lo is None else np.maximum(lo, 0))
        same = int(a[n - 1 - k]) - a[np.maximum(i, 0)].astype(np.int64) == saltus
        keep &= (inside & same) if lo is None else (~inside | same)
        if not keep.any():
            break
    return ps[keep].tolist()


def _run_length(a: np.ndarray, p: int, saltus: int, top: int, block: int = 1 << 20) -> int:
    """How many consecutive ``i = top, top - 1, ...`` (``i >= 0``) have ``a[i + p] - a[i] = saltus``."""
    end = top + 1
    while end > 0:
        begin = max(end - block, 0)
        diff = a[begin + p : end + p].astype(np.int64) - a[begin:end].astype(np.int64)
        bad = np.flatnonzero(diff != saltus)
        if len(bad):
            return top - (begin + int(bad[-1]))
        end = begin
    return top + 1


def sifted_periods(a: np.ndarray, last: int, need_from: Callable[[np.ndarray], np.ndarray]) -> Iterator[int]:
    """``p = 1..last`` in order, less (from :data:`VECTOR_FROM` values) those whose last 64 differences
    ``a[i + p] - a[i]`` with ``i >= need_from(p)`` are not all 0: no pure period from ``need_from(p)`` on."""
    if len(a) < VECTOR_FROM:
        yield from range(1, last + 1)
        return
    for first in range(1, last + 1, _CHUNK):
        ps = np.arange(first, min(first + _CHUNK, last + 1), dtype=np.int64)
        yield from _sift(a, ps, 64, False, need_from(ps))


_INT64_MAX = 2**63 - 1


def _outside(value: int) -> None:
    raise InvalidParameter(
        f"find_period: the value {value} is outside the 64-bit range the period search works in "
        f"(-2^63..2^63-1); Grundy values of real games are far smaller: check the values given"
    )


def check_values(values: Any) -> None:
    """Refuse ``values`` that are not a sequence of integers (a NumPy integer array is one)."""
    if isinstance(values, np.ndarray):
        if values.ndim == 1 and values.dtype.kind in "iu":
            if values.dtype.kind == "u" and len(values) and int(values.max()) > _INT64_MAX:
                _outside(int(values.max()))
            return
    elif (
        isinstance(values, Sequence)
        and not isinstance(values, (str, bytes))
        and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values)
    ):
        for v in values:
            if not -_INT64_MAX - 1 <= v <= _INT64_MAX:
                _outside(int(v))
        return
    raise InvalidParameter(f"find_period: {repr(values)[:80]} is not a sequence of integers (the values a[0..N-1])")


def check_shape(what: str, value: Any, least: int) -> int:
    """``value`` as an int of at least ``least``, or InvalidParameter naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise InvalidParameter(f"certify_takebreak: {what}={value!r} must be an integer of at least {least}")
    return int(value)
