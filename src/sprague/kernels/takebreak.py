"""Kernels for take-and-break games (octal games, Grundy's game): the naive recursion and sparse space.

The compiled loops and the two threads' protocol; :mod:`sprague.kernels.takebreak_run` drives them chunk by
chunk (the first values, the choice of mask and choosing again, the tables, one thread or two).

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

The mask changes the speed, never the values.

**Storage.** Values are kept in the smallest unsigned type that holds them
(uint8, widened to uint16 or uint32 when a value needs it), 1 byte a heap for
most games; the rare heaps are listed with their values, and a value's rarity is
a table lookup. Grundy's game to 2^28 needs 256 MB (uint8) or 512 MB (uint16).

**Two threads.** With two threads (:data:`~sprague.kernels.config.TAKE_BREAK_THREADS`
and numba's thread count at least 2) each chunk runs as a pipeline in one
``prange(2)`` region. Let ``D`` be the lag (:data:`~sprague.kernels.config.TAKE_BREAK_LAG`).
A pair ``(a, m - a)`` whose smaller part is above ``D - k`` has both parts below
``n - D``: its values were final ``D`` steps ago. Thread B (the *scanner*) runs
up to ``D`` heaps ahead and scans, for each coming ``n``, the rare heaps of those
pairs, stamping the common values into a ring of ``2D`` slots; thread A (the
*finisher*) takes heaps in order: the ``D`` pairs with a small part, the single-heap
options, the mex and step 2, the rare list. They share progress counters through
LLVM atomic loads and stores (acquire/release) and a compare-and-swap that
settles, without a timeout that could misfire, which thread does the scanning if
the other never starts (one thread, or ``NUMBA_DISABLE_JIT=1``: the finisher then
scans for itself). Either way the values are those of the one-thread kernel.
"""

from __future__ import annotations

import numpy as np

try:
    import numba
    from numba import prange
except ImportError:  # no numba (Pyodide in a browser): the kernels run as Python, one thread
    numba = None  # type: ignore[assignment]
    prange = range  # type: ignore[misc]

from sprague.kernels import config
from sprague.kernels.jit import njit
from sprague.kernels.takebreak_work import best_mask, choose_mask, mask_prices, rare_positions, value_counts, work

__all__ = [
    "value_dtype",
    "threads_available",
    "work",
    "choose_mask",
    "best_mask",
    "mask_prices",
    "rare_positions",
    "value_counts",
]

# how a chunk ended
_DONE, _FULL, _BUDGET, _WIDEN, _GROW = 0, 1, 2, 3, 4
# the shared counters of the two threads, a cache line (8 int64) apart
_A_DONE, _N_RARE, _B_DONE, _B_STATE, _STOP, _A_STARTED = 0, 8, 16, 24, 32, 40
_SYNC_SIZE = 48
# B_STATE: the scanner has not started, is scanning, is gone (or was never to start)
_WAITING, _SCANNING, _GONE = 0, 1, 2
#: spins before a waiting thread starts yielding its core
_SPINS = 2000


#: numba runs the kernels as Python (``NUMBA_DISABLE_JIT=1``)
_JIT_OFF = numba is None or bool(getattr(numba.config, "DISABLE_JIT", False))

# ---------------------------------------------------------------------------------------------------------
# atomics: LLVM atomic load/store/cmpxchg on an int64 array element (numba has none on the CPU)

if _JIT_OFF:  # the kernels run as Python: one thread, plain reads and writes

    def _load(arr: np.ndarray, i: int) -> int:
        return int(arr[i])

    def _store(arr: np.ndarray, i: int, value: int) -> None:
        arr[i] = value

    def _cas(arr: np.ndarray, i: int, old: int, new: int) -> bool:
        if arr[i] != old:
            return False
        arr[i] = new
        return True

    def _yield() -> None:
        pass

    def _odd(x: int) -> bool:
        return bin(x).count("1") % 2 == 1
else:  # pragma: no cover  (compiled: coverage sees the Python branch above)
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    def _pointer(context, builder, aryty, ary, idxty, idx):
        array = context.make_array(aryty)(context, builder, ary)
        i = context.cast(builder, idx, idxty, types.intp)
        return cgutils.get_item_pointer(context, builder, aryty, array, [i])

    @intrinsic
    def _load(typingctx, arr, i):
        """``arr[i]``, an atomic load with acquire ordering."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            return builder.load_atomic(ptr, "acquire", 8)

        return types.int64(arr, i), codegen

    @intrinsic
    def _store(typingctx, arr, i, value):
        """``arr[i] = value``, an atomic store with release ordering."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            builder.store_atomic(context.cast(builder, args[2], sig.args[2], types.int64), ptr, "release", 8)
            return context.get_dummy_value()

        return types.void(arr, i, value), codegen

    @intrinsic
    def _cas(typingctx, arr, i, old, new):
        """Atomically: if ``arr[i] == old``, set it to ``new``; whether it did."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            pair = builder.cmpxchg(
                ptr,
                context.cast(builder, args[2], sig.args[2], types.int64),
                context.cast(builder, args[3], sig.args[3], types.int64),
                "acq_rel",
                "acquire",
            )
            return builder.extract_value(pair, 1)

        return types.boolean(arr, i, old, new), codegen

    @intrinsic
    def _odd(typingctx, x):
        """Whether ``x >= 0`` has an odd number of bits set (one ``popcnt``, no table)."""

        def codegen(context, builder, sig, args):
            v = context.cast(builder, args[0], sig.args[0], types.int64)
            return builder.trunc(builder.ctpop(v), ir.IntType(1))

        return types.boolean(x), codegen

    @intrinsic
    def _yield(typingctx):
        """``sched_yield()``: let another process have the core while waiting."""

        def codegen(context, builder, sig, args):
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(32), []), "sched_yield")
            builder.call(fn, [])
            return context.get_dummy_value()

        return types.void(), codegen


def threads_available() -> int:
    """Threads the sparse kernel may use: 2 when configured, compiled and numba has 2 threads, else 1."""
    if config.TAKE_BREAK_THREADS < 2 or _JIT_OFF:
        return 1
    return 2 if numba.get_num_threads() >= 2 else 1


# ---------------------------------------------------------------------------------------------------------
# value types, masks


def value_dtype(top: int) -> np.dtype:
    """The smallest unsigned type holding ``0..top`` (uint8, uint16, uint32; int64 beyond).

    >>> value_dtype(255), value_dtype(256), value_dtype(70000)
    (dtype('uint8'), dtype('uint16'), dtype('uint32'))
    """
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.int64)


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
def _rare_table(size: int, mask: int) -> np.ndarray:
    """``table[v]``: whether the value ``v < size`` is rare under ``mask``."""
    table = np.zeros(size, dtype=np.bool_)
    for v in range(size):
        table[v] = _parity(v, mask) == 0
    return table


@njit(cache=True, nogil=True)
def _count_values(g: np.ndarray, start: int, stop: int, counts: np.ndarray) -> None:
    """``counts[v] += 1`` for each value ``v`` of ``g[start:stop]``."""
    for i in range(start, stop):
        counts[g[i]] += 1


@njit(cache=True, nogil=True)
def _list_rare(g: np.ndarray, stop: int, table: np.ndarray, rare: np.ndarray, rare_value: np.ndarray) -> int:
    """Write the heaps ``1 <= r < stop`` with rare values (``table``) and their values; return how many.

    ``rare`` may be too short: then only the count is right (call again with room).
    """
    count = 0
    room = rare.shape[0]
    for r in range(1, stop):
        if table[g[r]]:
            if count < room:
                rare[count] = r
                rare_value[count] = g[r]
            count += 1
    return count


# ---------------------------------------------------------------------------------------------------------
# the kernels


@njit(cache=True, nogil=True)
def _capacity(top: int) -> int:
    """A power of two above ``top``: xors of values below it stay below it."""
    cap = 2
    while cap <= top:
        cap *= 2
    return cap


@njit(cache=True, nogil=True)
def _mark_singles(g: np.ndarray, n: int, take_all: np.ndarray, take_one: np.ndarray, seen: np.ndarray) -> None:
    """Stamp ``seen[v] = n`` for the options that leave no heap or one heap."""
    for i in range(take_all.shape[0]):
        if take_all[i] == n:
            seen[0] = n
    for i in range(take_one.shape[0]):
        k = take_one[i]
        if n - k >= 1:
            seen[g[n - k]] = n


@njit(cache=True, nogil=True)
def _naive_extend(
    g: np.ndarray,
    start: int,
    stop: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    budget: int,
    vmax: int,
) -> tuple[int, int, int]:
    """Fill ``g[start:stop]`` by the heap recursion, O(n) per value (``g[:start]`` known).

    Returns ``(reached, steps, status)``: the steps are the loop iterations done (see
    :func:`work`); it stops early, at ``reached``, before a value once ``budget`` steps
    are done (status ``_BUDGET``) or at a value above ``vmax`` (``_WIDEN``: not stored).
    """
    top = 0
    for i in range(start):
        top = max(top, g[i])
    seen = np.full(2 * _capacity(top), -1, dtype=np.int64)
    steps = start
    for n in range(start, stop):
        if steps >= budget:
            return n, steps, _BUDGET
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
        if v > vmax:
            return n, steps, _WIDEN
        g[n] = v
        if v > top:
            top = v
            if 2 * _capacity(top) > seen.shape[0]:
                grown = np.full(2 * _capacity(top), -1, dtype=np.int64)
                grown[: seen.shape[0]] = seen
                seen = grown
    return stop, steps, _DONE


@njit(cache=True, nogil=True)
def _first_above(rare: np.ndarray, count: int, low: int) -> int:
    """The first index ``j < count`` with ``rare[j] > low`` (``count`` if none): binary search."""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) // 2
        if rare[mid] > low:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True, nogil=True)
def _scan_far(
    g: np.ndarray,
    n: int,
    split: np.ndarray,
    distinct: bool,
    rare: np.ndarray,
    rare_value: np.ndarray,
    n_rare: int,
    mask: int,
    lag: int,
    far: np.ndarray,
    slot: int,
    select: bool,
) -> int:
    """Step 1 for the pairs of ``n`` whose parts are both above ``lag - k``: stamp ``far[slot, v] = n``.

    Only pairs with exactly one rare part are taken: through the rare heaps ``r`` listed
    in ``rare[:n_rare]`` with ``lag - k < r < m - (lag - k)``. Every such pair has both
    parts below ``n - lag``. Returns the steps.

    With ``select`` the stamp is branch-free: a pair whose other part is rare too stamps
    the row's last slot, which no value reaches (values and their xors stay below
    ``cap``, the mex at most ``cap``, the row has ``2 cap`` slots). When common and
    rare heaps are mixed, whether the other part is common is a coin toss: as a
    branch it cost 3-5 ns a pair in mispredictions (0.06 at 120,000 heaps, about 40%
    rare), as a select about 1.2 ns. When nearly every heap is common (Grundy's game,
    0.04) the branch is predicted and 10-15% faster than the select.
    """
    steps = 1
    row = far[slot]
    spare = row.shape[0] - 1
    for i in range(split.shape[0]):
        k = split[i]
        m = n - k
        low = lag - k if lag > k else 0
        hi = m - low
        if hi <= low + 1:
            continue
        twin = m // 2 if distinct and m % 2 == 0 else -1  # the pair (r, r) Grundy's game does not allow
        first = _first_above(rare, n_rare, low)
        if select:
            for j in range(first, n_rare):
                r = rare[j]
                if r >= hi:
                    break
                vb = int(g[m - r])
                keep = int(_odd(vb & mask)) & int(r != twin)  # 1: stamp the xor, 0: the spare slot
                row[((rare_value[j] ^ vb) & -keep) | (spare & (keep - 1))] = n
                steps += 1
        else:
            for j in range(first, n_rare):
                r = rare[j]
                if r >= hi:
                    break
                vb = int(g[m - r])
                if _odd(vb & mask) and r != twin:
                    row[rare_value[j] ^ vb] = n
                steps += 1
    return steps


@njit(cache=True, nogil=True)
def _finish(
    g: np.ndarray,
    start: int,
    stop: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    mask: int,
    is_rare: np.ndarray,
    rare: np.ndarray,
    rare_value: np.ndarray,
    n_rare: int,
    counts: np.ndarray,
    top: int,
    cap: int,
    budget: int,
    vmax: int,
    lag: int,
    seen: np.ndarray,
    want: np.ndarray,
    far: np.ndarray,
    far_steps: np.ndarray,
    sync: np.ndarray,
    patience: int,
    select: bool,
) -> tuple[int, int, int, int, int]:
    """The finisher: fill ``g[start:stop]`` in order by sparse space (module docstring); exact for every mask.

    One function: a compiled kernel whose phases share the rare list, the value counts, the tables and the step counter
    with the scanner thread; numba keeps them in locals, and split into functions each phase would take them all as
    arguments (or allocate them again) on every call.

    ``rare[:n_rare]`` lists, in increasing order, the heaps ``1 <= r < start`` with a
    rare value (``rare_value`` their values); ``counts[v]`` counts the heaps of value
    ``v``; every value so far is at most ``top < cap``; the tables have ``2 cap``
    entries. The pairs with a part of at most ``lag - k`` are done here; the others
    come stamped into ``far`` by the scanner (:func:`_scanner`) or, when there is none
    (``sync[_B_STATE]`` is ``_GONE``) or it never starts, are scanned here.

    Returns ``(reached, n_rare, top, steps, status)``; it stops before a value when
    ``rare`` is full (``_FULL``) or ``budget`` steps are done (``_BUDGET``), at a value
    above ``vmax`` (``_WIDEN``, not stored) and after a value of ``cap`` or more
    (``_GROW``): the caller makes room and calls again.
    """
    _store(sync, _A_STARTED, 1)
    slots = far.shape[0]
    alone = _load(sync, _B_STATE) == _GONE
    shared = not alone  # a scanner may run: publish the progress
    steps = 0
    status = _DONE
    n = start
    while n < stop:
        if n_rare == rare.shape[0]:
            status = _FULL
            break
        if steps >= budget:
            status = _BUDGET
            break
        slot = n % slots
        _mark_singles(g, n, take_all, take_one, seen)
        steps += take_all.shape[0] + take_one.shape[0] + 1
        # 1a. the pairs with a small part (any values: every option's value may be stamped)
        for i in range(split.shape[0]):
            k = split[i]
            m = n - k
            low = lag - k if lag > k else 0
            for s in range(1, min(low, m // 2) + 1):
                if not (distinct and 2 * s == m):
                    seen[g[s] ^ g[m - s]] = n
                steps += 1
        # 1b. the others, through the rare heaps: the scanner's, or scanned here
        if not alone:
            spins = 0
            while _load(sync, _B_DONE) <= n:
                state = _load(sync, _B_STATE)
                if state == _GONE:
                    break
                spins += 1
                if spins > _SPINS:
                    _yield()
                    if spins > _SPINS + patience and state == _WAITING and _cas(sync, _B_STATE, _WAITING, _GONE):
                        break
            if _load(sync, _B_DONE) <= n:
                alone = True
            else:
                steps += far_steps[slot]
        if alone:
            steps += _scan_far(g, n, split, distinct, rare, rare_value, n_rare, mask, lag, far, slot, select)
        c = 0
        while seen[c] == n or far[slot, c] == n or is_rare[c]:
            c += 1
        steps += 2 * c + 2
        # 2. the rare values below c: scan the pairs until each has been seen
        need = 0
        for v in range(c):
            if is_rare[v] and seen[v] != n:  # not already an option with no or one heap, or a small part
                want[v] = True
                need += 1
        i = 0
        while need and i < split.shape[0]:
            m = n - split[i]
            half = (m - 1) // 2 if distinct else m // 2
            for a in range(1, half + 1):
                steps += 1
                x = g[a] ^ g[m - a]
                if want[x]:
                    want[x] = False
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
        if value > vmax:
            status = _WIDEN
            break
        g[n] = value
        if n >= 1:
            counts[value] += 1
            if is_rare[value]:
                rare[n_rare] = n
                rare_value[n_rare] = value
                n_rare += 1
                if shared:
                    _store(sync, _N_RARE, n_rare)
        if shared:
            _store(sync, _A_DONE, n + 1)
        n += 1
        if value > top:
            top = value
            if value >= cap:
                status = _GROW
                break
    _store(sync, _STOP, 1)
    return n, n_rare, top, steps, status


@njit(cache=True, nogil=True)
def _scanner(
    g: np.ndarray,
    start: int,
    stop: int,
    split: np.ndarray,
    distinct: bool,
    mask: int,
    rare: np.ndarray,
    rare_value: np.ndarray,
    lag: int,
    far: np.ndarray,
    far_steps: np.ndarray,
    sync: np.ndarray,
    patience: int,
    select: bool,
) -> None:
    """The scanner: for ``n`` in ``start..stop-1``, once the finisher is within ``lag`` of ``n``, the far pairs.

    It starts only if the finisher has not given up on it (compare-and-swap of
    ``sync[_B_STATE]``), leaves when the finisher stops, and gives up if the finisher
    has not started after ``patience`` yields (the two ran one after the other).
    """
    if not _cas(sync, _B_STATE, _WAITING, _SCANNING):
        return
    slots = far.shape[0]
    n = start
    while n < stop:
        spins = 0
        while _load(sync, _A_DONE) < n - lag and _load(sync, _STOP) == 0:
            spins += 1
            if spins > _SPINS:
                _yield()
                if spins > _SPINS + patience and _load(sync, _A_STARTED) == 0:
                    break
        if _load(sync, _STOP) != 0 or _load(sync, _A_DONE) < n - lag:
            break
        n_rare = _load(sync, _N_RARE)
        far_steps[n % slots] = _scan_far(
            g, n, split, distinct, rare, rare_value, n_rare, mask, lag, far, n % slots, select
        )
        _store(sync, _B_DONE, n + 1)
        n += 1
    _store(sync, _B_STATE, _GONE)


@njit(cache=True, nogil=True, parallel=True)
def _pipeline(
    g: np.ndarray,
    start: int,
    stop: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    mask: int,
    is_rare: np.ndarray,
    rare: np.ndarray,
    rare_value: np.ndarray,
    n_rare: int,
    counts: np.ndarray,
    top: int,
    cap: int,
    budget: int,
    vmax: int,
    lag: int,
    seen: np.ndarray,
    want: np.ndarray,
    far: np.ndarray,
    far_steps: np.ndarray,
    sync: np.ndarray,
    patience: int,
    select: bool,
    out: np.ndarray,
) -> None:
    """The finisher and the scanner side by side, one per thread; the finisher's result goes to ``out``."""
    for t in prange(2):
        if t == 0:
            reached, n_rare2, top2, steps, status = _finish(
                g,
                start,
                stop,
                take_all,
                take_one,
                split,
                distinct,
                mask,
                is_rare,
                rare,
                rare_value,
                n_rare,
                counts,
                top,
                cap,
                budget,
                vmax,
                lag,
                seen,
                want,
                far,
                far_steps,
                sync,
                patience,
                select,
            )
            out[0], out[1], out[2], out[3], out[4] = reached, n_rare2, top2, steps, status
        else:
            _scanner(
                g, start, stop, split, distinct, mask, rare, rare_value, lag, far, far_steps, sync, patience, select
            )


# ---------------------------------------------------------------------------------------------------------
# the driver
