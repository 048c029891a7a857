"""Periodicity of G-value sequences (003, Definitions 1.5 and 1.6), with certificates.

A period found in a finite prefix is only a guess unless a theorem turns it into
a proof. :func:`find_period` therefore takes an optional ``window``: when every
value of the sequence is determined by the ``window`` values before it (a
subtraction game with finite set S has ``window = max(S)``), a run of ``window``
consecutive values that repeats with period p proves the sequence periodic from
there on, by induction. Without a window the result is reported as observed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sprague.errors import InvalidParameter

__all__ = ["Periodicity", "find_period", "certify_all_but", "certify_octal", "certify_takebreak",
           "takebreak_values_needed"]


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
            out[start + filled:start + filled + count] = out[start:start + count]
            filled += count
        if self.saltus and n > start + p:
            out[start + p:] += (np.arange(p, n - start, dtype=np.int64) // p * self.saltus).astype(dtype)
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
    _check_values(values)
    for what, value, least in (("window", window, 0), ("min_repeats", min_repeats, 1)):
        if (value is not None or what == "min_repeats") and (
                isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least):
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
        diff = a[begin + p:end + p].astype(np.int64) - a[begin:end].astype(np.int64)
        bad = np.flatnonzero(diff != saltus)
        if len(bad):
            return top - (begin + int(bad[-1]))
        end = begin
    return top + 1


def _sifted(a: np.ndarray, last: int, need_from: Callable[[np.ndarray], np.ndarray]) -> Iterator[int]:
    """``p = 1..last`` in order, less (from :data:`VECTOR_FROM` values) those whose last 64 differences
    ``a[i + p] - a[i]`` with ``i >= need_from(p)`` are not all 0: no pure period from ``need_from(p)`` on."""
    if len(a) < VECTOR_FROM:
        yield from range(1, last + 1)
        return
    for first in range(1, last + 1, _CHUNK):
        ps = np.arange(first, min(first + _CHUNK, last + 1), dtype=np.int64)
        yield from _sift(a, ps, 64, False, need_from(ps))


def _check_values(values: Any) -> None:
    """Refuse ``values`` that are not a sequence of integers (a NumPy integer array is one)."""
    if isinstance(values, np.ndarray):
        if values.ndim == 1 and values.dtype.kind in "iu":
            return
    elif isinstance(values, Sequence) and not isinstance(values, (str, bytes)) and all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
        return
    raise InvalidParameter(f"find_period: {repr(values)[:80]} is not a sequence of integers (the values a[0..N-1])")


def certify_all_but(values: Sequence[int] | np.ndarray, excluded: Sequence[int]) -> Periodicity | None:
    """A *proved* arithmetic period of the G-sequence of All-but(X), from a prefix ``values``, or None.

    In All-but(X) (X finite, m = max X) a heap of n can move to every j < n except
    j = n - x, x in X. So a value that occurs at some j < n - m is excluded from
    G(k) for every k >= n, and G(n) is the least value v, not so *blocked*, whose
    occurrences among the last m values all lie at distances in X. The state at n
    is therefore (B(n), W(n)): B(n) the values of a[0..n-m-1], W(n) = a[n-m..n-1].

    Certificate: if for some n, W(n+p) = W(n) + s and B(n+p) = {0..s-1} + (B(n) + s),
    then G(n+p) = G(n) + s (the same choice, shifted; every value below s is blocked),
    and the next states stand in the same relation; by induction a[k+p] = a[k] + s
    for every k >= n - m. With m = 0 (X empty: Nim) the sequence is a[n] = n.

    >>> values = [0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11, 9, 10, 11]  # All-but({3})
    >>> per = certify_all_but(values, [3])
    >>> per.certified, per.period, per.saltus, per.value(values, 10**30) == 10**30 // 6 * 3 + 10**30 % 3
    (True, 6, 3, True)
    """
    m = max(excluded) if excluded else 0
    values = np.asarray(values, dtype=np.int64).tolist()  # Python ints: sums and differences never wrap
    guess = find_period(values, arithmetic=True, min_repeats=2)
    if guess is None:
        return None
    p, s, n0 = guess.period, guess.saltus, guess.preperiod
    length = len(values)
    for n in range(max(n0 + m, m), length - p + 1):
        window_ok = all(values[n + p - m + i] == values[n - m + i] + s for i in range(m))
        if not window_ok:
            continue
        blocked_then = set(values[: n - m])
        blocked_now = set(values[: n + p - m])
        if blocked_now == set(range(s)) | {v + s for v in blocked_then}:
            cert = (f"All-but state argument: at n = {n} the last {m} values and the blocked values "
                    f"(those seen before n - {m}) reappear {p} later shifted by {s}, with every value "
                    f"below {s} blocked; so a[k+{p}] = a[k]{f' + {s}' if s else ''} for all k >= {n0}")
            return Periodicity(n0, p, s, True, cert)
    return None


def certify_octal(values: Sequence[int], t: int) -> Periodicity | None:
    """A period of an octal game's sequence proved by the Octal Periodicity Theorem, or None.

    Guy & Smith (1956): for an octal game whose moves remove at most ``t`` tokens
    (and none splits without removing), if ``a[n + p] = a[n]`` for all
    ``n0 <= n < 2 n0 + p + t`` then for all ``n >= n0``. The smallest ``p`` (and for
    it the smallest ``n0``) that the prefix shows is tried.
    """
    length = len(values)
    for p in range(1, length):
        i = length - 1 - p
        while i >= 0 and values[i + p] == values[i]:
            i -= 1
        n0 = i + 1
        if length >= 2 * n0 + 2 * p + t:  # the relation is seen for every n < 2 n0 + p + t
            cert = (f"Octal Periodicity Theorem (Guy & Smith): a[n+{p}] = a[n] for {n0} <= n < "
                    f"{2 * n0 + p + t} = 2*{n0} + {p} + {t}, checked on the first {length} values")
            return Periodicity(n0, p, 0, True, cert)
    return None


def _check_shape(what: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise InvalidParameter(f"certify_takebreak: {what}={value!r} must be an integer of at least {least}")
    return int(value)


def takebreak_values_needed(preperiod: int, period: int, *, last_digit: int, max_heaps: int) -> int:
    """How many values ``a[0..L-1]`` the take-and-break periodicity theorem needs to prove ``(preperiod, period)``.

    With ``J = max(max_heaps, 1)``, ``t = last_digit`` and ``n1 = max(preperiod, 1)`` the theorem of
    :func:`certify_takebreak` checks ``a[n + p] = a[n]`` for ``n0 <= n < J*n1 + (J-1)*p + t - J + 1``,
    which reads ``a`` up to index ``J*n1 + J*p + t - J``: so ``L = J*n1 + J*p + t - J + 1`` values.
    For octal games (``J = 2``) that is ``2*n0 + 2*p + t - 1``, one value fewer than Guy & Smith's
    range ``n0 <= n < 2*n0 + p + t`` asks for (their bound does not round the half up).

    >>> takebreak_values_needed(71, 12, last_digit=2, max_heaps=2)  # Kayles, 0.77
    167
    >>> takebreak_values_needed(105350, 149459, last_digit=2, max_heaps=2)  # 0.16 (Gangolli & Plambeck)
    509619
    """
    n0 = _check_shape("preperiod", preperiod, 0)
    p = _check_shape("period", period, 1)
    t = _check_shape("last_digit", last_digit, 0)
    j = max(_check_shape("max_heaps", max_heaps, 0), 1)
    return j * max(n0, 1) + j * p + t - j + 1


def _final_run_start(a: np.ndarray, p: int, need_from: int) -> int | None:
    """Smallest ``n0`` with ``a[n + p] == a[n]`` for ``n0 <= n < len(a) - p``, or None if it exceeds ``need_from``.

    The tail is compared first (most wrong periods fail in the last few values), then the rest.
    """
    length = len(a)
    lo = max(need_from, 0)
    if lo > length - p:
        return None
    tail = max(lo, length - p - 64)
    if not np.array_equal(a[tail + p:], a[tail:length - p]):
        return None
    if lo < tail and not np.array_equal(a[lo + p:tail + p], a[lo:tail]):
        return None
    bad = np.nonzero(a[p:lo + p] != a[:lo])[0]
    return int(bad[-1]) + 1 if len(bad) else 0


def certify_takebreak(values: Sequence[int] | np.ndarray, *, last_digit: int, max_heaps: int) -> Periodicity | None:
    """A period of a finite take-and-break game's G-sequence, *proved* from a prefix, or None.

    The game: a move removes ``k`` tokens (``0 <= k <= t``, ``t = last_digit``) from one heap and
    leaves the rest as exactly ``j`` non-empty heaps, ``j`` taken from a set that depends on ``k``,
    with ``j <= J = max_heaps`` (J = 2 for octal codes, 3 for hexadecimal, ``b`` for digits below
    ``2**(b+1)``); ``j = 0`` only when the heap had exactly ``k`` tokens; removing nothing and leaving
    one heap is not a move. No constraint on the parts (``!``, ``?``, ``=``) and no additive digits.
    ``d0`` may split (``k = 0``, ``j >= 2``): codes ``4.??`` and ``8.??`` are covered.

    **Theorem** (Guy & Smith 1956 for octal games; Winning Ways ch. 4; Siegel, *Combinatorial Game
    Theory* (2013), IV.2; here for any ``J``). Let ``p >= 1``, ``n0 >= 0``, ``n1 = max(n0, 1)`` and
    ``B = J*n1 + (J-1)*p + t - J + 1``. If ``a[n + p] = a[n]`` for every ``n0 <= n < B``, then
    ``a[n + p] = a[n]`` for every ``n >= n0``. Checking it reads ``L = B + p`` values
    (:func:`takebreak_values_needed`); for ``J = 2``, ``B = 2*n0 + p + t - 1``.

    *Proof.* Induction on ``n >= B``: assume ``a[m + p] = a[m]`` for ``n0 <= m < n``. Since
    ``B - t = J*(n1 - 1) + (J-1)*p + 1 >= 1``, both ``n`` and ``n + p`` exceed ``t``, so neither
    has a ``j = 0`` option. Take an option of ``n + p``: parts ``h1 >= ... >= hj >= 1``
    summing to ``n + p - k``. The largest part is at least ``(n + p - t) / J``, and ``n >= B`` makes
    ``n + p - t > J*(n1 + p - 1)``, so ``h1 >= n1 + p``; and ``h1 <= n + p - 1`` because
    ``(k, j) != (0, 1)``. So ``m = h1 - p`` has ``n1 <= m < n``: it is a non-empty heap and
    ``a[m] = a[h1]`` by the hypothesis. Replacing ``h1`` by ``m`` gives ``j`` non-empty parts summing to
    ``n - k``: an option of ``n`` by the same ``(k, j)``, whose value (the XOR of the parts' values)
    is the same. Conversely the largest part of an option of ``n`` is at least ``(n - t) / J > n1 - 1``
    and at most ``n - 1``, so adding ``p`` to it gives an option of ``n + p`` of the same value. The
    two sets of option values are equal, so their mexes are: ``a[n + p] = a[n]``. QED

    The proof needs the shifted part to stay a legal part of the same move. With ``!`` (parts
    pairwise unequal, Grundy's game ``4!.0``) ``h1 - p`` may *equal* another part, so an option of
    ``n + p`` can have no partner at ``n``, and the range check proves nothing. The smallest
    counterexample is the shortest prefix of Grundy's game itself: ``a[0..2] = 0 0 0`` passes the
    check with ``p = 1, n0 = 0`` (it asks for 3 values), yet ``a[3] = 1``: the option ``(2, 1)`` of 3
    has no partner at 2, since ``(1, 1)`` has equal parts. ``?`` and ``=`` break the proof in the same
    way. Such codes get no certificate.

    The smallest ``p`` whose final run of ``a[n + p] = a[n]`` is long enough is proved; the whole
    sequence then follows from the prefix, so the exact least period (a divisor of ``p``) and least
    preperiod are read off it and returned.

    Parameters
    ----------
    values : sequence of int
        ``a[0], ..., a[L-1]``, the game's G-values.
    last_digit : int
        ``t``, the most tokens a move removes.
    max_heaps : int
        ``J``, the most heaps a move leaves.

    Examples
    --------
    >>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    ...           7, 1, 2, 1, 4, 7, 1, 2, 1, 4, 7]
    >>> certify_takebreak(kayles, last_digit=2, max_heaps=2) is None  # its period 12 starts at 71
    True
    >>> certify_takebreak([0, 1, 0, 1, 0, 1], last_digit=1, max_heaps=1).describe()  # doctest: +ELLIPSIS
    'purely periodic: period 2, preperiod 0 (certified: ...)'
    """
    _check_values(values)
    t = _check_shape("last_digit", last_digit, 0)
    j = max(_check_shape("max_heaps", max_heaps, 0), 1)
    a = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=np.int64)  # compared, never subtracted
    length = len(a)
    # the largest n0 that L values can certify with p: L >= J*max(n0,1) + J*p + t - J + 1, i.e. room(p) // J
    last = (length - t - 1) // j  # the largest p with room(p) >= J
    for p in _sifted(a, last, lambda ps: (length - j * ps - t + j - 1) // j):
        n0 = _final_run_start(a, p, (length - j * p - t + j - 1) // j)
        if n0 is None:
            continue
        proved_from, proved_period = n0, p
        bound = j * max(n0, 1) + (j - 1) * p + t - j + 1
        base = a[n0:n0 + p]

        def at(n: int) -> int:
            return int(a[n]) if n < n0 else int(base[(n - n0) % p])

        q = next(d for d in range(1, p + 1) if p % d == 0 and all(at(n + d) == at(n) for n in range(n0, n0 + p)))
        start = n0
        while start > 0 and at(start - 1) == at(start - 1 + q):
            start -= 1
        cert = (f"take-and-break periodicity theorem (Guy & Smith 1956, for up to {j} heaps): "
                f"a[n+{proved_period}] = a[n] for {proved_from} <= n < {bound} = {j}*{max(n0, 1)} + "
                f"{j - 1}*{proved_period} + {t} - {j - 1}, checked on the first {length} values")
        if (q, start) != (proved_period, proved_from):
            cert += "; the least period and preperiod then read off the proved sequence"
        return Periodicity(start, q, 0, True, cert)
    return None
