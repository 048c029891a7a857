"""Arithmetic periodicity of take-and-break games, ``a[n + p] = a[n] + s``: the project's own proved test."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sprague.analysis.periodicity import Periodicity, check_shape, check_values
from sprague.errors import InvalidParameter

__all__ = ["certify_arithmetic", "arithmetic_values_needed"]


def _rule_table(rules: Any) -> dict[int, frozenset[int]]:
    """``{k: heap counts}`` from ``(k, counts)`` pairs, refused unless each is a pair of integers >= 0."""
    table: dict[int, set[int]] = {}
    try:
        pairs = list(rules)
        for k, counts in pairs:
            k = check_shape("k", k, 0)
            for j in counts:
                j = check_shape("heap count", j, 0)
                if not (k == 0 and j == 1):  # removing nothing and leaving one heap is not a move
                    table.setdefault(k, set()).add(j)
    except (TypeError, ValueError) as e:
        if isinstance(e, InvalidParameter):
            raise
        raise InvalidParameter(
            f"certify_arithmetic: rules={rules!r} must list (k, heap counts) pairs, e.g. [(1, [1, 3]), (2, [2])]"
        ) from None
    return {k: frozenset(js) for k, js in table.items() if js}


class _Extension:
    """The AP extension ``b`` of a prefix: ``b[h] = a[h]`` below ``n0 + p``, ``b[h + p] = b[h] + s`` from ``n0``."""

    def __init__(self, a: np.ndarray, n0: int, p: int, s: int) -> None:
        self.base, self.n0, self.p, self.s = a[: n0 + p].copy(), n0, p, s

    def upto(self, n: int) -> np.ndarray:
        n0, p = self.n0, self.p
        if n <= n0 + p:
            return self.base[:n].copy()
        h = np.arange(n0 + p, n)
        tail = self.base[n0 + (h - n0) % p] + (h - n0) // p * self.s
        return np.concatenate([self.base, tail])


def _pair_sums(b: np.ndarray, n0: int, p: int, s: int) -> tuple[np.ndarray, int]:
    """``Z[r] = {x + y : x, y >= 1, b[x] ^ b[y] = r}`` for ``r < s``, exactly: a mask ``(s, T + 2p)`` and ``T``,
    beyond which ``z in Z[r]`` iff ``z + 2p in Z[r]``.

    ``b[x] ^ b[y] < s`` iff ``Q(x) = Q(y)`` (``Q = b >> log2 s``). Heaps ``x0 + i p`` and ``y0 + i' p`` of the base
    block ``[n0, n0 + p)`` have equal ``Q`` exactly when ``Q(x0) + i = Q(y0) + i'``: their sums form the progression
    ``x0 + y0 + |Q(x0) - Q(y0)| p + 2p i``, ``i >= 0``. Pairs with a heap below ``n0`` are finitely many.
    """
    m = s.bit_length() - 1
    q, r = b >> m, b & (s - 1)
    base = range(n0, n0 + p)
    starts = [(int(r[x] ^ r[y]), x + y + abs(int(q[x]) - int(q[y])) * p) for x in base for y in base if x <= y]
    early: dict[int, list[int]] = {}
    for x in range(1, n0):
        early.setdefault(int(q[x]), []).append(x)
    finite = []
    for band, xs in early.items():
        # (heap whose r is read, heap): a base heap moved up to the band keeps its r (its value gains s a period),
        # and may lie past the values given
        ys = [(x, x) for x in xs] + [(y, y + (band - int(q[y])) * p) for y in base if q[y] <= band]
        finite += [(int(r[x] ^ r[at]), x + y) for x in xs for at, y in ys]
    t = 1 + max(z for _, z in finite + starts)
    out = np.zeros((s, t + 2 * p), dtype=bool)
    for rho, z in finite:
        out[rho, z] = True
    for rho, z in starts:
        out[rho, z :: 2 * p] = True
    return out, t


def _periodic(mask: np.ndarray, t: int, p: int, n: int) -> np.ndarray:
    """A mask exact below ``t + 2p`` and ``2p``-periodic from ``t``, on ``0..n-1`` (last axis)."""
    d = np.arange(n)
    d = np.where(d < mask.shape[-1], d, t + (d - t) % (2 * p))
    return mask[..., d]


def _distances(
    table: dict[int, frozenset[int]], b: np.ndarray, n0: int, p: int, s: int
) -> tuple[np.ndarray, np.ndarray, int]:
    """Where a heap ``h`` of value ``b[h]`` can be left together with a *pad* of value ``r < s``.

    ``W[r, d]``: a heap ``M`` has an option made of a heap ``h = M - d >= 1`` and a pad of value ``r`` (the
    XOR of the other parts): ``(k, 1)``, ``k >= 1``, ``d = k``, ``r = 0``; ``(k, 2)``, ``d = k + x`` with
    ``b[x] = r``; ``(k, 3)``, ``d = k + x + y`` with ``b[x] ^ b[y] = r``. ``W0[r, M]``: the pad alone is an
    option of ``M`` (``(k, 1)``, ``k >= 1``: ``b[M - k] = r``; ``(k, 2)``: ``M - k = x + y``). Both are returned
    on ``0..T+2p-1`` with ``T``, beyond which they are ``2p``-periodic (:func:`_periodic`).
    """
    smalls = [x for x in range(1, n0 + p) if b[x] < s]  # from n0 + p on every value is >= s
    z, tz = _pair_sums(b, n0, p, s)
    ks = {c: [k for k, js in table.items() if c in js and (k, c) != (0, 1)] for c in (1, 2, 3)}
    t = max(
        [k + 1 for k in ks[1]]
        + [k + x + 1 for k in ks[1] + ks[2] for x in smalls]
        + [k + tz for k in ks[2] + ks[3]]
        + [1]
    )
    w = np.zeros((2, s, t + 2 * p), dtype=bool)
    zz = _periodic(z, tz, p, t + 2 * p)
    for which, (one, two) in enumerate(((2, 3), (1, 2))):  # W: heap + 1 or 2 parts; W0: 1 or 2 parts alone
        if which == 0:
            for k in ks[1]:
                w[0, 0, k] = True
        for k in ks[one]:
            for x in smalls:
                w[which, int(b[x]), k + x] = True
        for k in ks[two]:
            w[which, :, k:] |= zz[:, : t + 2 * p - k]
    return w[0], w[1], t


def _covered(b: np.ndarray, w: np.ndarray, w0: np.ndarray, mm: int, lo: int, hi: int, top: int) -> np.ndarray:
    """Which values below ``top`` are options ``b[h] ^ r`` of ``mm`` by a heap ``lo <= h < hi`` and a pad of value
    ``r`` (``h = 0``: the pad alone), as a mask."""
    seen = np.zeros(top + 1, dtype=bool)
    h = np.arange(max(lo, 1), hi)
    for rho in np.nonzero(w.any(axis=1))[0]:
        vals = b[h[w[rho, mm - h]]] ^ rho
        seen[vals[vals < top]] = True
        if lo == 0 and w0[rho, mm] and rho < top:
            seen[rho] = True
    return seen[:top]


_NEG = -(1 << 40)  # minus infinity for the max-plus sums


def _maxplus(f: np.ndarray, g: np.ndarray) -> np.ndarray:
    """``h[c] = max f[a] + g[b]`` over ``a + b = c (mod p)``."""
    p = len(f)
    idx = (np.arange(p)[:, None] + np.arange(p)[None, :]) % p
    out = np.full(p, _NEG, dtype=np.int64)
    np.maximum.at(out, idx.ravel(), (f[:, None] + g[None, :]).ravel())
    return np.maximum(out, _NEG)


def _small_pads(sizes: list[int], values: list[int], most: int) -> list[dict[int, set[int]]]:
    """``pads[u][sigma]``: the values (XORs) of ``u`` heaps from ``sizes`` (with ``values``) summing to ``sigma``."""
    pads: list[dict[int, set[int]]] = [{0: {0}}]
    for _ in range(most):
        nxt: dict[int, set[int]] = {}
        for sigma, xs in pads[-1].items():
            for h, v in zip(sizes, values):
                nxt.setdefault(sigma + h, set()).update(x ^ v for x in xs)
        pads.append(nxt)
    return pads


_TIGHT_STATES = 200_000  #: the most states the enumeration of tight options may hold
_COVER_STEPS = 50_000_000  #: the most (heap, distance) pairs the covering check may look at


def _tight_values(
    table: dict[int, frozenset[int]],
    large: list[tuple[int, int, int]],
    pads: list[dict[int, set[int]]],
    e_t: np.ndarray,
    p: int,
) -> dict[int, set[int]] | None:
    """For each class ``c`` of ``T mod p``: the residues ``R`` of the options of ``T`` with two or more heaps of
    ``Q >= 1`` whose ``Q``-sum is exactly ``Q(T)`` (slack 0), or None if there are too many to list."""
    states: list[set[tuple[int, int, int]]] = [{(0, 0, 0)}]  # (class, sum E, XOR of R)
    most = max(j for js in table.values() for j in js)
    for _ in range(most):
        nxt = {((c + cl) % p, se + e, x ^ r) for c, se, x in states[-1] for e, cl, r in large}
        if len(nxt) > _TIGHT_STATES:
            return None
        states.append(nxt)
    out: dict[int, set[int]] = {}
    for k, js in table.items():
        for j in js:
            for i in range(2, j + 1):
                for sigma, xs in pads[j - i].items():
                    for c, se, x in states[i]:
                        cls = (c + sigma + k) % p
                        if se - sigma - k == int(e_t[cls]):
                            out.setdefault(cls, set()).update(x ^ y for y in xs)
    return out


def _prove_arithmetic(a: np.ndarray, n0: int, p: int, s: int, table: dict[int, frozenset[int]]) -> str | None:
    """The certificate of :func:`certify_arithmetic` for ``(n0, p, s)``, or None if a condition fails."""
    length = len(a)
    m = s.bit_length() - 1
    ext = _Extension(a, n0, p, s)
    q = (a[: n0 + p] >> m).astype(np.int64)
    r = (a[: n0 + p] & (s - 1)).astype(np.int64)
    e = p * q - np.arange(n0 + p)  # E(h) = p Q(h) - h, p-periodic from n0
    e_base = e[n0 : n0 + p]
    e_minus = int(e_base.min())
    e_t = np.empty(p, dtype=np.int64)  # E of a heap >= n0 by its class mod p
    e_t[np.arange(n0, n0 + p) % p] = e_base
    # (ii) superadditivity: the Q-sum of the heaps of Q >= 1 of an option (two or more of them) against Q(T):
    # slack = sum E - E(T) - sigma - k, sigma the small heaps' sizes; exact over the classes mod p
    large = [(int(e[h]), h % p, int(r[h])) for h in range(n0, n0 + p)]
    large += [(int(e[h]), h % p, int(r[h])) for h in range(1, n0) if q[h] >= 1]
    small = [h for h in range(1, n0 + p) if q[h] == 0]
    most = max(j for js in table.values() for j in js)
    f1 = np.full(p, _NEG, dtype=np.int64)
    np.maximum.at(f1, np.array([cl for _, cl, _ in large]), np.array([ev for ev, _, _ in large]))
    fs = [np.zeros(p, dtype=np.int64), f1]  # fs[i][c]: the largest sum E of i heaps of Q >= 1, sizes = c mod p
    for _ in range(2, most + 1):
        fs.append(_maxplus(fs[-1], f1))
    pads = _small_pads(small, [int(a[h]) for h in small], max(most - 1, 0))
    worst = _NEG
    for k, js in table.items():
        for j in js:
            for i in range(2, j + 1):
                for sigma in pads[j - i]:
                    cls = (np.arange(p) + sigma + k) % p
                    worst = max(worst, int((fs[i] - e_t[cls]).max()) - sigma - k)
    if worst > 0:
        return None  # an option with several big heaps reaches above the band
    tight = {} if worst < 0 else _tight_values(table, large, pads, e_t, p)
    if tight is None:
        return None  # too many tight options
    # (iii) the bands of N >= length - p lie above every early band: the caller asked length >= _ap_threshold
    q_min = int(q[n0:].min())
    if tight:  # options in the top band with several heaps of Q >= 1: they must not matter to the mex
        for n in range(length - p, length):
            band, rest = int(a[n]) >> m, int(a[n]) & (s - 1)
            if rest in tight.get(n % p, set()):
                return None  # a tight option has the value the mex must take
            seen: set[int] = set()
            for h in range(n0, n):
                if int(a[h]) >> m != band:
                    continue
                for k, js in table.items():
                    for j in js:
                        if j >= 1 and (k, j) != (0, 1):
                            seen.update((int(a[h]) & (s - 1)) ^ x for x in pads[j - 1].get(n - k - h, ()))
            if not set(range(rest)) <= seen:
                return None  # the top band needs a tight option below the mex
    # (iv) covering: every value below s Q(M) is an option of M, for every M >= length
    w, w0, tw = _distances(table, ext.upto(n0 + p), n0, p, s)
    k_bands = max(2, 1 + -(-(tw + int(e_base.max()) - e_minus) // p))
    first = max(length, n0 + p * max(0, k_bands - q_min))  # from here on Q(M) >= k_bands
    window = first + 2 * p
    if (window - length) * window * int(w.any(axis=1).sum()) > _COVER_STEPS:
        return None  # the covering check would take too long
    b = ext.upto(window)
    w, w0 = _periodic(w, tw, p, window), _periodic(w0, tw, p, window)
    for mm in range(length, window):
        band = int(b[mm]) >> m
        if mm < first:  # plainly
            miss = ~_covered(b, w, w0, mm, 0, mm, s * band)
            if miss.any():
                return None  # a value below the band is no option of M
        else:  # S(M): the top k_bands bands by heaps >= n0, the rest by heaps at distance >= T_W
            far = s * (band - k_bands)
            near = _covered(b, w, w0, mm, n0, mm, s * band)[far:]
            low = _covered(b, w, w0, mm, 0 if mm >= tw else 1, mm - tw + 1, far)
            if not near.all() or not low.all():
                return None  # S(M) fails
    return (
        f"a[n+{p}] = a[n] + {s} for {n0} <= n < {length - p}; options with several heaps of band >= 1 "
        f"lie below the band (largest slack {worst}); "
        + (f"every value below the band of M is an option of M for {length} <= M < {first}; " if first > length else "")
        + f"S(M) holds for {first} <= M < {window} (T_W = {tw}, K = {k_bands})"
    )


def _ap_threshold(a: np.ndarray, n0: int, p: int, s: int) -> int:
    """Condition (iii) of :func:`certify_arithmetic` as a count of values ``L``: the least ``L >= n0 + 3p`` with
    ``Q(N) > Q(h)`` for every ``N >= L - p`` and heap ``1 <= h < n0``, and ``Q(N) + 1 > Q(h)`` for ``h < n0 + p``."""
    m = s.bit_length() - 1
    q = a[: n0 + p] >> m
    q_min = int(q[n0:].min())
    thr = max(1, int(q[1:n0].max(initial=-1)) + 1, int(q[1:].max(initial=0)))
    return n0 + p + p * max(2, thr - q_min)


def arithmetic_values_needed(values: Sequence[int] | np.ndarray, preperiod: int, period: int, saltus: int) -> int:
    """How many values :func:`certify_arithmetic` reads at least to prove ``(preperiod, period, saltus)``.

    It depends on the first ``preperiod + period`` values (``values`` must hold them): the bands of the
    heaps below ``preperiod + period`` must all lie below those of the heaps the induction starts from.
    The covering and superadditivity conditions may still fail: this is a lower bound, not a promise.

    >>> arithmetic_values_needed([0, 1, 0, 0, 2, 2, 3], 4, 3, 2)  # 0.9E: G = 2 2 3 | 4 4 5 | ... from 4
    13
    """
    check_values(values)
    n0 = max(check_shape("preperiod", preperiod, 0), 1)
    p = check_shape("period", period, 1)
    s = check_shape("saltus", saltus, 1)
    if s & (s - 1):
        raise InvalidParameter(
            f"arithmetic_values_needed: saltus={saltus!r} must be a power of 2 (the theorem "
            f"splits values into bands of s)"
        )
    if len(values) < n0 + p:
        raise InvalidParameter(
            f"arithmetic_values_needed: {len(values)} values do not cover the first period "
            f"(heaps below {n0 + p}); pass at least {n0 + p}"
        )
    return _ap_threshold(np.asarray(values, dtype=np.int64), n0, p, s)


def certify_arithmetic(values: Sequence[int] | np.ndarray, *, rules: Any) -> Periodicity | None:
    """An *arithmetic* period ``a[n + p] = a[n] + s`` of a take-and-break game's G-sequence, proved, or None.

    The game: finite, no constraint (``! ? =``), no additive digit; ``rules`` lists ``(k, counts)``: removing
    ``k`` tokens may leave exactly ``j`` non-empty heaps for ``j`` in ``counts`` (``j = 0``: the heap was ``k``).
    ``d0`` may split. Arithmetic periodicity is Howse & Nowakowski's notion (*Periodicity and arithmetic-
    periodicity in hexadecimal games*, Theoret. Comput. Sci. 313 (2004) 463-472), who prove a test for
    hexadecimal games; their statement was not at hand, so the test below is **the project's own**, proved
    here, narrower than theirs may be, and checked against brute force in the tests.

    **Notation.** ``s = 2**m``; ``Q(h) = a[h] >> m`` (the *band*), ``R(h) = a[h] mod s``; ``b`` is the AP
    extension of the prefix (``b = a`` below ``n0 + p``, ``b[h + p] = b[h] + s`` from ``n0``), so for ``h >= n0``
    ``Q(h + p) = Q(h) + 1``, ``R(h + p) = R(h)`` and ``E(h) = p Q(h) - h`` is ``p``-periodic. As ``R < s``, the
    value of heaps ``h_1..h_j`` is ``s * XOR Q(h_i) + XOR R(h_i)``. A heap is *small* if ``Q = 0``.

    **Theorem.** Let ``a[n + p] = a[n] + s`` for ``n0 <= n < L - p`` (``L`` values read), and

    (ii) *superadditivity*: for every legal ``(k, j)`` and option of a heap ``T >= n0`` with ``i >= 2`` heaps of
    ``Q >= 1`` (sizes summing to ``S``) and ``j - i`` small ones (sizes summing to ``sigma``):
    ``slack = sum E(h) - E(T) - sigma - k <= 0``, which is ``p * (sum Q(h) - Q(T))`` since ``S = T - k - sigma``;
    checked exactly over the classes mod ``p`` (max-plus sums of ``E`` over the heaps below ``n0 + p``, whose
    shifts are all the heaps). If some slack is 0, the residues ``B*[c]`` of such *tight* options (``T = c``
    mod ``p``) are listed, and for every ``N`` in ``[L - p, L)``: ``R(N)`` is not in ``B*[N mod p]`` and every
    ``r < R(N)`` is ``R`` of an option of ``N`` with a single heap of ``Q >= 1``;

    (iii) for every ``N >= L - p``: ``Q(N) >= 1``, ``Q(N) > Q(h)`` for ``1 <= h < n0`` and ``Q(N) + 1 > Q(h)``
    for ``h < n0 + p`` (:func:`arithmetic_values_needed`);

    (iv) *covering*: for every ``M >= L``, every value below ``s Q(M)`` is, under ``b``, an option of ``M``.

    Then ``G(n + p) = G(n) + s`` for every ``n >= n0``.

    *Proof.* By induction on ``M >= L`` we show ``G(M) = b[M]``; below ``L``, ``G = a = b``. Let ``N = M - p``
    (``>= L - p``), ``q = Q(N)``; all heaps below ``M`` have ``G = b``, and ``mex O(N) = b[N] = s q + R(N)``.
    By (ii) an option of ``T`` in ``{N, M}`` with several heaps of ``Q >= 1`` has ``XOR Q <= sum Q <= Q(T)``,
    equality only when tight; one with none has value ``< s <= s Q(T)``. So the options of ``N`` in band ``q``
    are those with one heap ``h`` of ``Q(h) = q``, the rest small (set ``A_N`` of their residues), plus tight
    ones; likewise at ``M`` with band ``q + 1``. By (iii) such an ``h`` of ``M`` is ``>= n0 + p`` and such an
    ``h`` of ``N`` is ``>= n0``: moving ``h`` to ``h - p`` (``h + p``), same ``(k, j)``, same small heaps, is a
    bijection between them that keeps ``R`` (no constraint on the parts: any sizes are legal), so
    ``A_M = A_N``. ``R(N)`` is not in ``A_N`` (it is the mex); without tight options ``A_N`` holds every
    ``r < R(N)``; with them (ii) asks it, for one period of ``N`` and so for all (``A_N`` depends on
    ``N mod p`` only, by the bijection), and keeps ``R(N)`` out of the tight ones. With (iv) the mex of the
    options of ``M`` is ``s (q + 1) + R(N) = b[N] + s = b[M]``. QED

    *Covering* (iv) is checked, not assumed: an option "heap ``h`` plus a *pad* of value ``r < s``" (the pad:
    nothing, one small heap, or two heaps of equal band; or the pad alone) has value ``b[h] ^ r``, in the
    band of ``h``. ``W[r]``, the distances ``M - h`` that admit such a pad, is computed exactly and is
    ``2p``-periodic beyond a bound ``T_W`` (:func:`_distances`). For ``M`` from ``L`` up to a point ``M*`` each
    value is looked up; on one window ``[M*, M* + 2p)`` a stronger property ``S(M)`` is checked: the top
    ``K`` bands are covered by heaps ``h >= n0``, the others at distance ``>= T_W``. ``S(M)`` gives
    ``S(M + 2p)`` (``K >= 1 + (T_W + max E - min E) / p``, ``Q(M*) >= K``): a witness ``h >= n0`` of ``v``
    moves to ``h + 2p``, a witness of ``v + 2s`` at the same distance; a witness at distance ``d >= T_W``
    stays, at distance ``d + 2p``; the two bands that leave the top ``K`` have witnesses ``h >= n0`` whose
    distance is ``>= p (K - 1) - (max E - min E) >= T_W``. So (iv) holds for every ``M >= L``.

    The smallest ``p`` whose final run proves is returned, reduced to the least period and preperiod of the
    proved sequence. Not proved (None): saltus not a power of 2 (``0.3F``: period 6, saltus 3), options with
    several big heaps above the band (``0.9C``: slack 36), or too short a prefix.

    Examples
    --------
    0.9E: remove 1 token leaving 0 or 3 heaps, or 2 leaving 1, 2 or 3; G = 0 1 0 0, then 2 2 3 | 4 4 5 | ...

    >>> g = [0, 1, 0, 0] + [2 * (n // 3) + 2 + (n % 3 == 2) for n in range(26)]
    >>> per = certify_arithmetic(g, rules=[(1, [0, 3]), (2, [1, 2, 3])])
    >>> per.describe()  # doctest: +ELLIPSIS
    'arithmetic periodic: period 3, preperiod 4, saltus 2 (certified: ...)'
    >>> per.value(g, 10**6)
    666666
    >>> certify_arithmetic(g[:24], rules=[(1, [0, 3]), (2, [1, 2, 3])]) is None  # too short to prove it
    True
    """
    check_values(values)
    table = _rule_table(rules)
    a = np.asarray(values, dtype=np.int64)
    length = len(a)
    if not table:
        return None
    for p in range(1, length // 3 + 1):
        s = int(a[-1] - a[-1 - p])
        if s <= 0 or s & (s - 1):
            continue
        tail = length - p - min(64, 2 * p)  # most wrong periods fail in the last few values (a run is >= 2p)
        if not np.all(a[tail + p :] - a[tail : length - p] == s):
            continue
        bad = np.nonzero(a[p:] - a[:-p] != s)[0]
        n0 = int(bad[-1]) + 1 if len(bad) else 1  # heaps are >= 1: the base block starts at 1 at least
        if length < _ap_threshold(a, n0, p, s):  # condition (iii); _prove_arithmetic relies on it
            continue
        cert = _prove_arithmetic(a, n0, p, s, table)
        if cert is None:
            continue
        b = _Extension(a, n0, p, s).upto(n0 + 2 * p)
        d = next(
            d
            for d in range(1, p + 1)
            if p % d == 0 and s * d % p == 0 and np.all(b[n0 + d : n0 + p + d] - b[n0 : n0 + p] == s * d // p)
        )
        sd = s * d // p
        start = n0
        while start > 0 and a[start - 1] + sd == a[start - 1 + d]:
            start -= 1
        cert = (
            f"arithmetic-periodicity test for take-and-break codes (proved in sprague, after Howse & "
            f"Nowakowski 2004): {cert}, checked on the first {length} values"
        )
        if (d, start) != (p, n0):
            cert += "; the least period and preperiod then read off the proved sequence"
        return Periodicity(start, d, sd, True, cert)
    return None
