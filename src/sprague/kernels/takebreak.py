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

**Masks that read the heap's parity** (J. Czajka's ``pos`` masks). When every split amount ``k`` has one
parity, the mask may also read the heap's: heap ``r`` is rare when ``popcount(G(r) & m) + p (r - k)`` is even,
``p`` 0 or 1. The *key* of heap ``r`` is ``2 G(r) + (r - k) mod 2``, and ``(m, p)`` the mask ``2 m + p`` over
keys. Two heaps ``a + b = n - k`` of one class (both rare or both common) reach values ``v`` with
``popcount(v & m) + p (n - k)`` even, the others the rest: so step 1 is unchanged, and a value's rarity at heap
``n`` is read in the row ``(n - k) mod 2`` of the table (:func:`_rare_table`), the row that also says whether
heap ``n`` is rare. (Counting ``r - k``, not ``r``, makes the rare heaps those whose value is rare where they
stand, the few in a game with sparse space.) Such masks cut the rare heaps of 0.204 and 0.214 to 2^16 from
28,605 to 2,230.

**Storage.** Values are kept in the smallest unsigned type that holds them
(uint8, widened to uint16 or uint32 when a value needs it), 1 byte a heap for
most games; the rare heaps are listed with their values, and a value's rarity is
a table lookup. Grundy's game to 2^28 needs 256 MB (uint8) or 512 MB (uint16).

**Two workers.** A value's work is almost all in its *old* options, those that
leave no heap at ``n - 1``: once ``g[n - 2]`` is final they can be valued (step 1
through the rare heaps so far, ``c``, step 2) before ``g[n - 1]`` is known. Only
the options leaving heap ``n - 1`` (the pair ``(1, n - 1)``, taking one token) wait
for it; they are stamped last, move ``c`` past the common values they reach and,
rarely, send step 2 after the rare values between the old and the new ``c``. So
two workers (:func:`_work`, each on a Python thread of its own, without Python's
global lock: :func:`sprague.kernels.takebreak_run._work_two`, with
:data:`~sprague.kernels.config.TAKE_BREAK_THREADS` 2 and two cores or more) claim
heaps in turn from a shared counter: each values the old options
of its heap while the other finishes the heap before, then waits for it and
publishes its own. A wait spins on an atomic load for some microseconds (most
waits are shorter: the other worker is finishing its heap), then sleeps on a
futex that the publishing worker wakes (Linux; elsewhere ``sched_yield``). A
worker claims a heap only after publishing its last one, so ``g[n - 2]`` is final
whenever ``n`` is claimed; a worker that never starts (one thread, or
``NUMBA_DISABLE_JIT=1``) leaves every heap to the other. On a busy machine a
worker's thread may not be running while it holds the heap the other needs, at
every heap: a worker that has spent more time waiting than working goes on
alone (``sync[_SOLO]``), the other leaves at its next claim, and the driver runs
the next chunks on one thread. Either way the values are those of one worker
alone. J. Czajka's analyser does the same steps on one thread.
"""

from __future__ import annotations

import platform
import sys
import time

import numpy as np

try:
    import numba
except ImportError:  # no numba (Pyodide in a browser): the kernels run as Python, one thread
    numba = None  # type: ignore[assignment]

from sprague.kernels.jit import njit
from sprague.kernels.takebreak_sync import (
    _BUDGET,
    _DONE,
    _FULL,
    _GROW,
    _N_RARE,
    _NEXT,
    _REACHED,
    _SLEEPERS,
    _SLEPT,
    _SOLO,
    _STATUS,
    _STEPS,
    _STOP,
    _TOP,
    _WIDEN,
)
from sprague.kernels.takebreak_work import (
    best_mask,
    choose_mask,
    mask_prices,
    rare_positions,
    value_counts,
    value_dtype,
    work,
)

__all__ = [
    "value_dtype",
    "work",
    "choose_mask",
    "best_mask",
    "mask_prices",
    "rare_positions",
    "value_counts",
]

#: cycles (some 30 microseconds) a waiting worker spins before it sleeps until woken: most waits are shorter
#: (the other worker finishing its heap), and waking a sleeper costs a system call on both sides
_SPIN_CYCLES = 100_000
#: the ``futex`` system call's number on Linux (``None``: no futex here; a long wait yields its core instead)
_FUTEX = {"x86_64": 202, "aarch64": 98}.get(platform.machine()) if sys.platform == "linux" else None
if sys.byteorder != "little":  # the futex word is the low half of an int64, its first 4 bytes on little-endian
    _FUTEX = None
#: the longest sleep (nanoseconds) before a sleeping worker looks again, for a stop asked without waking it
_SLEEP_NS = 1_000_000
#: cycles (about a millisecond) a worker may wait for the other's heaps beyond the time it spends on its own
#: before it goes on alone (on a busy machine the other thread is often not running while it holds the heap
#: this one needs)
_PATIENCE_CYCLES = 3_000_000


#: numba runs the kernels as Python (``NUMBA_DISABLE_JIT=1``)
_JIT_OFF = numba is None or bool(getattr(numba.config, "DISABLE_JIT", False))

#: an index known to be non-negative, as an unsigned integer: numba then leaves out its check for a negative
#: index (Python's ``a[-1]``), which costs the hot loops below 40-45% of their time (as Python: the index itself)
_u = int if _JIT_OFF else numba.uint64

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

    def _fetch_add(arr: np.ndarray, i: int, value: int) -> int:
        old = int(arr[i])
        arr[i] = old + value
        return old

    def _swap(arr: np.ndarray, i: int, value: int) -> None:
        arr[i] = value

    def _sleep(arr: np.ndarray, i: int, value: int) -> None:
        pass

    def _wake(arr: np.ndarray, i: int) -> None:
        pass

    def _cycles() -> int:
        return time.perf_counter_ns()

    def _release() -> int:
        return 0

    def _acquire(state: int) -> None:
        pass
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
        """``arr[i]``, an atomic load (sequentially consistent: a plain load on x86 and an acquire on ARM)."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            return builder.load_atomic(ptr, "seq_cst", 8)

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
    def _fetch_add(typingctx, arr, i, value):
        """Atomically add ``value`` to ``arr[i]``; the value before (sequentially consistent)."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            return builder.atomic_rmw("add", ptr, context.cast(builder, args[2], sig.args[2], types.int64), "seq_cst")

        return types.int64(arr, i, value), codegen

    @intrinsic
    def _swap(typingctx, arr, i, value):
        """``arr[i] = value``, sequentially consistent (an exchange): a load of another word after it is not
        moved before it, so a worker that publishes, then looks for sleepers, and one that counts itself
        asleep, then looks at what was published, cannot both miss the other (:func:`_wait`)."""

        def codegen(context, builder, sig, args):
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            builder.atomic_rmw("xchg", ptr, context.cast(builder, args[2], sig.args[2], types.int64), "seq_cst")
            return context.get_dummy_value()

        return types.void(arr, i, value), codegen

    def _futex(builder, ptr, op, value, timeout):
        """``syscall(SYS_futex, ptr, op, value, timeout)`` (``timeout`` a pointer, or 0)."""
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64], var_arg=True), "syscall")
        args = [ir.Constant(i64, _FUTEX), builder.ptrtoint(ptr, i64), ir.Constant(i64, op), value, timeout]
        builder.call(fn, args)

    def _sched_yield(builder):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(32), []), "sched_yield")
        builder.call(fn, [])

    @intrinsic
    def _sleep(typingctx, arr, i, value):
        """Sleep while the low 32 bits of ``arr[i]`` are those of ``value``, until woken (:func:`_wake`) or
        :data:`_SLEEP_NS` has passed: ``FUTEX_WAIT_PRIVATE``. Without a futex: ``sched_yield()``."""

        def codegen(context, builder, sig, args):
            if _FUTEX is None:
                _sched_yield(builder)
                return context.get_dummy_value()
            i64 = ir.IntType(64)
            ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            timespec = cgutils.alloca_once(builder, ir.ArrayType(i64, 2))  # struct timespec: seconds, nanoseconds
            builder.store(ir.Constant(ir.ArrayType(i64, 2), [0, _SLEEP_NS]), timespec)
            word = builder.and_(context.cast(builder, args[2], sig.args[2], types.int64), ir.Constant(i64, 0xFFFFFFFF))
            _futex(builder, ptr, 128, word, builder.ptrtoint(timespec, i64))
            return context.get_dummy_value()

        return types.void(arr, i, value), codegen

    @intrinsic
    def _wake(typingctx, arr, i):
        """Wake every worker sleeping on ``arr[i]`` (``FUTEX_WAKE_PRIVATE``); without a futex, nothing."""

        def codegen(context, builder, sig, args):
            if _FUTEX is not None:
                i64 = ir.IntType(64)
                ptr = _pointer(context, builder, sig.args[0], args[0], sig.args[1], args[1])
                _futex(builder, ptr, 129, ir.Constant(i64, 2**31 - 1), ir.Constant(i64, 0))
            return context.get_dummy_value()

        return types.void(arr, i), codegen

    @intrinsic
    def _cycles(typingctx):
        """The processor's cycle counter (``rdtsc``): a clock for telling a long wait from a short one."""

        def codegen(context, builder, sig, args):
            fn = builder.module.declare_intrinsic("llvm.readcyclecounter", fnty=ir.FunctionType(ir.IntType(64), []))
            return builder.call(fn, [])

        return types.int64(), codegen

    @intrinsic
    def _release(typingctx):
        """``PyEval_SaveThread()``: let go of Python's global lock (a kernel compiled ahead of time, which numba's
        ``nogil`` does not reach); the thread state, as an integer."""

        def codegen(context, builder, sig, args):
            void_p = ir.IntType(8).as_pointer()
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(void_p, []), "PyEval_SaveThread")
            return builder.ptrtoint(builder.call(fn, []), ir.IntType(64))

        return types.int64(), codegen

    @intrinsic
    def _acquire(typingctx, state):
        """``PyEval_RestoreThread(state)``: take Python's global lock back."""

        def codegen(context, builder, sig, args):
            void_p = ir.IntType(8).as_pointer()
            fn = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(ir.VoidType(), [void_p]), "PyEval_RestoreThread"
            )
            builder.call(fn, [builder.inttoptr(args[0], void_p)])
            return context.get_dummy_value()

        return types.void(types.int64), codegen


# ---------------------------------------------------------------------------------------------------------
# value types, masks


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
def _rare_table(size: int, key: int) -> np.ndarray:
    """``table[p, v]``: whether the key ``2 v + p`` is rare under the key mask ``key`` (``v < size``).

    With ``k`` a split amount: heap ``r`` is rare when ``table[(r - k) % 2, g[r]]``, and an option of heap ``n``
    of value ``v`` that splits ``n - k`` tokens into two heaps is reached only through a rare heap when ``not
    table[(n - k) % 2, v]`` (the module docstring)."""
    table = np.zeros((2, size), dtype=np.bool_)
    for p in range(2):
        for v in range(size):
            table[p, v] = _parity(2 * v + p, key) == 0
    return table


@njit(cache=True, nogil=True)
def _count_keys(g: np.ndarray, start: int, stop: int, k: int, counts: np.ndarray) -> None:
    """``counts[2 v + (r - k) % 2] += 1`` for each heap ``start <= r < stop`` of value ``v = g[r]``."""
    for r in range(start, stop):
        counts[2 * g[r] + ((r - k) & 1)] += 1


@njit(cache=True, nogil=True)
def _list_rare(g: np.ndarray, stop: int, k: int, table: np.ndarray, rare: np.ndarray, rare_value: np.ndarray) -> int:
    """Write the rare heaps ``1 <= r < stop`` (``table``: :func:`_rare_table`, ``k`` a split amount) and their
    values; return how many.

    ``rare`` may be too short: then only the count is right (call again with room).
    """
    count = 0
    room = rare.shape[0]
    for r in range(1, stop):
        if table[(r - k) & 1, g[r]]:
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
            for a in range(1, (m - 1) // 2 + 1):
                seen[_u(g[_u(a)] ^ g[_u(m - a)])] = n
            if m >= 2 and m % 2 == 0 and not distinct:
                seen[0] = n  # the pair (m / 2, m / 2)
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
def _wait(sync: np.ndarray, index: int, target: int) -> bool:
    """Wait until ``sync[index] >= target``; False if a stop was asked first (and the target is not reached).

    Spin for :data:`_SPIN_CYCLES`, then sleep until the worker that changes ``sync[index]`` wakes this one
    (:func:`_publish`, :func:`_stop`). A sleeper counts itself in ``sync[_SLEEPERS]`` before it looks at
    ``sync[index]`` once more, and a publisher looks at ``sync[_SLEEPERS]`` after it changed ``sync[index]``
    (both in one order, :func:`_swap`): one of the two sees the other, and the futex sleeps only while
    ``sync[index]`` still holds what the sleeper saw."""
    began = _cycles()
    while True:
        now = _load(sync, index)
        if now >= target:
            return True
        if _load(sync, _STOP) != 0:
            return _load(sync, index) >= target
        if _cycles() - began > _SPIN_CYCLES:
            _fetch_add(sync, _SLEEPERS, 1)
            if _load(sync, index) == now and _load(sync, _STOP) == 0:
                _sleep(sync, index, now)
                _fetch_add(sync, _SLEPT, 1)
            _fetch_add(sync, _SLEEPERS, -1)


@njit(cache=True, nogil=True)
def _publish(sync: np.ndarray, reached: int) -> None:
    """``sync[_REACHED] = reached``, and wake the other worker if it sleeps waiting for it (:func:`_wait`)."""
    _swap(sync, _REACHED, reached)
    if _load(sync, _SLEEPERS) != 0:
        _wake(sync, _REACHED)


@njit(cache=True, nogil=True)
def _seek(
    g: np.ndarray, n: int, split: np.ndarray, distinct: bool, want: np.ndarray, seen: np.ndarray, need: int
) -> tuple[int, int]:
    """Step 2: scan the pairs of ``n`` whose parts are below ``n - 1``, in order, until each value with
    ``want[v]`` has been met (it is then cleared and stamped ``seen[v] = n``); returns ``(need, steps)``, ``need``
    the wanted values never met (the scan then ran to the end)."""
    steps = 0
    i = 0
    while need and i < split.shape[0]:
        k = split[i]
        m = n - k
        a = 2 if k == 0 else 1  # (1, n - 1) leaves heap n - 1: a new option (:func:`_new_value`)
        half = (m - 1) // 2 if distinct else m // 2
        first = a
        while a <= half:
            # four pairs and one branch at a time while none is wanted (nearly always)
            while a + 3 <= half and not (
                want[_u(g[_u(a)] ^ g[_u(m - a)])]
                | want[_u(g[_u(a + 1)] ^ g[_u(m - a - 1)])]
                | want[_u(g[_u(a + 2)] ^ g[_u(m - a - 2)])]
                | want[_u(g[_u(a + 3)] ^ g[_u(m - a - 3)])]
            ):
                a += 4
            end = min(a + 4, half + 1)
            while a < end:
                x = g[_u(a)] ^ g[_u(m - a)]
                if want[x]:
                    want[x] = False
                    seen[x] = n
                    need -= 1
                    if not need:
                        break
                a += 1
            if not need:
                break
        steps += a - first + 1
        i += 1
    return need, steps


@njit(cache=True, nogil=True)
def _stamp_rare(
    g: np.ndarray, m: int, rare: np.ndarray, rare_value: np.ndarray, seen: np.ndarray, n: int, first: int, last: int
) -> None:
    """Stamp ``seen[v] = n`` for the pairs ``(r, m - r)`` through the rare heaps ``rare[first:last]``."""
    for j in range(first, last):
        seen[_u(rare_value[j] ^ g[_u(m - rare[j])])] = n


@njit(cache=True, nogil=True)
def _old_options(
    g: np.ndarray,
    n: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    is_rare: np.ndarray,
    rare: np.ndarray,
    rare_value: np.ndarray,
    n_rare: int,
    seen: np.ndarray,
    want: np.ndarray,
    missing: np.ndarray,
) -> tuple[int, int, int]:
    """The options of heap ``n`` that leave no heap at ``n - 1`` (their values are final once ``g[n - 2]`` is):
    stamp ``seen[v] = n`` for the values they reach that matter to the mex.

    Step 1 stamps every pair with a rare part (``rare[:n_rare]``, the rare heaps so far in order) and the
    single-heap options; ``c`` is the least common value missed. Step 2 (:func:`_seek`) meets each rare value
    below ``c`` not yet stamped; those never met are written to ``missing`` in increasing order. Returns
    ``(c, missing count, steps)``.
    """
    steps = 1 + take_all.shape[0] + take_one.shape[0]
    for i in range(take_all.shape[0]):
        if take_all[i] == n:
            seen[0] = n
    for i in range(take_one.shape[0]):
        p = n - take_one[i]
        if 1 <= p <= n - 2:
            seen[g[p]] = n
    for i in range(split.shape[0]):
        k = split[i]
        m = n - k
        low = 2 if k == 0 else 1
        first = _first_above(rare, n_rare, low - 1)
        last = _first_above(rare, n_rare, m - low)  # the rare heaps r with low <= r <= m - low
        twin = _first_above(rare, last, m // 2 - 1)  # the pair (r, r) Grundy's game does not allow
        if distinct and m % 2 == 0 and first <= twin < last and rare[twin] == m // 2:
            _stamp_rare(g, m, rare, rare_value, seen, n, first, twin)
            _stamp_rare(g, m, rare, rare_value, seen, n, twin + 1, last)
        else:
            _stamp_rare(g, m, rare, rare_value, seen, n, first, last)
        steps += last - first
    c = 0
    while seen[c] == n or is_rare[c]:
        c += 1
    need = 0
    for v in range(c):
        if is_rare[v] and seen[v] != n:
            want[v] = True
            need += 1
    steps += 2 * c + 2
    need, more = _seek(g, n, split, distinct, want, seen, need)
    steps += more
    count = 0
    if need:
        for v in range(c):
            if want[v]:
                want[v] = False
                missing[count] = v
                count += 1
        steps += c
    return c, count, steps


@njit(cache=True, nogil=True)
def _new_value(
    g: np.ndarray,
    n: int,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    is_rare: np.ndarray,
    seen: np.ndarray,
    want: np.ndarray,
    missing: np.ndarray,
    n_missing: int,
    c: int,
) -> tuple[int, int]:
    """``G(n)``, once ``g[n - 1]`` is final, from what :func:`_old_options` left: the options that leave heap
    ``n - 1`` are stamped, ``c`` moves past the common values they reach, and the rare values between the old
    and the new ``c`` are sought (rarely: only when a new option reached the old ``c``). Returns ``(value, steps)``."""
    steps = 2
    for i in range(take_one.shape[0]):
        if take_one[i] == 1 and n >= 2:
            seen[g[n - 1]] = n
    for i in range(split.shape[0]):
        if split[i] == 0 and n >= 2 and not (distinct and n == 2):
            seen[g[1] ^ g[n - 1]] = n
    old = c
    while seen[c] == n or is_rare[c]:
        c += 1
    steps += c - old
    for j in range(n_missing):  # rare values below the old c that no old option reaches
        if seen[missing[j]] != n:
            return missing[j], steps + j + 1
    if c == old:
        return c, steps
    need = 0
    for v in range(old, c):
        if is_rare[v] and seen[v] != n:
            want[v] = True
            need += 1
    need, more = _seek(g, n, split, distinct, want, seen, need)
    steps += more + 2 * (c - old)
    if need:
        value = old
        while not want[value]:
            value += 1
        want[old:c] = False
        return value, steps
    return c, steps


@njit(cache=True, nogil=True)
def _stop(sync: np.ndarray, status: int) -> None:
    """Ask both threads to stop; the first reason given is kept."""
    _cas(sync, _STATUS, _DONE, status)
    _swap(sync, _STOP, 1)
    if _load(sync, _SLEEPERS) != 0:
        _wake(sync, _REACHED)


@njit(cache=True, nogil=True)
def _work(
    g: np.ndarray,
    stop: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    is_rare: np.ndarray,
    rare: np.ndarray,
    rare_value: np.ndarray,
    counts: np.ndarray,
    cap: int,
    budget: int,
    vmax: int,
    seen: np.ndarray,
    want: np.ndarray,
    missing: np.ndarray,
    sync: np.ndarray,
    me: int,
) -> None:
    """One worker: claim the next heap ``n`` (``sync[_NEXT]``), value its old options as soon as ``g[n - 2]`` is
    final, wait for ``g[n - 1]``, finish ``G(n)`` and publish it (``sync[_REACHED] = n + 1``).

    Two workers run side by side on alternate heaps (each claims a heap only after finishing its last, so
    ``g[n - 2]`` is final when it claims ``n``); one worker alone claims every heap. Its state is in ``sync``:
    values reached, rare heaps listed, largest value, steps per worker, why it stopped.
    """
    steps = worked = waited = 0  # steps, and cycles valuing heaps and waiting for the other worker's
    k0 = split[0] if split.shape[0] else 0  # every split amount has its parity when the mask reads heap parity
    mine, other = _STEPS + 8 * me, _STEPS + 8 * (1 - me)
    while True:
        solo = _load(sync, _SOLO)
        if solo != 0 and solo != me + 1:  # the other worker goes on alone
            break
        n = _fetch_add(sync, _NEXT, 1)
        if n >= stop or _load(sync, _STOP) != 0:
            break
        if steps + _load(sync, other) >= budget:
            _stop(sync, _BUDGET)
            break
        if not _wait(sync, _REACHED, n - 1):
            break
        began = _cycles()
        row = is_rare[(n - k0) & 1]  # the values that splits of n reach through two common heaps, or two rare
        c, n_missing, done = _old_options(
            g,
            n,
            take_all,
            take_one,
            split,
            distinct,
            row,
            rare,
            rare_value,
            _load(sync, _N_RARE),
            seen,
            want,
            missing,
        )
        steps += done
        began, worked = _cycles(), worked + _cycles() - began
        ready = _wait(sync, _REACHED, n)
        waited += _cycles() - began
        if waited > worked + _PATIENCE_CYCLES:  # more time waiting than working: the other thread is not running
            _cas(sync, _SOLO, 0, me + 1)
        if not ready or _load(sync, _STOP) != 0:  # a stop: new tables first
            break
        value, done = _new_value(g, n, take_one, split, distinct, row, seen, want, missing, n_missing, c)
        steps += done
        _store(sync, mine, steps)
        if value > vmax:
            _stop(sync, _WIDEN)
            break
        n_rare = _load(sync, _N_RARE)
        if row[value]:
            if n_rare == rare.shape[0]:
                _stop(sync, _FULL)
                break
            rare[n_rare] = n
            rare_value[n_rare] = value
            _store(sync, _N_RARE, n_rare + 1)
        g[n] = value
        counts[2 * value + ((n - k0) & 1)] += 1
        if value > _load(sync, _TOP):
            _store(sync, _TOP, value)
        if value >= cap:  # stop before publishing: the other worker must not value n + 1 with these tables
            _stop(sync, _GROW)
            _publish(sync, n + 1)
            break
        _publish(sync, n + 1)
    _store(sync, mine, steps)


@njit(cache=True, nogil=True)
def _work_free(
    g: np.ndarray,
    stop: int,
    take_all: np.ndarray,
    take_one: np.ndarray,
    split: np.ndarray,
    distinct: bool,
    is_rare: np.ndarray,
    rare: np.ndarray,
    rare_value: np.ndarray,
    counts: np.ndarray,
    cap: int,
    budget: int,
    vmax: int,
    seen: np.ndarray,
    want: np.ndarray,
    missing: np.ndarray,
    sync: np.ndarray,
    me: int,
) -> None:
    """:func:`_work` without Python's global lock, for the kernels compiled ahead of time
    (:mod:`sprague.kernels.aot`; numba's own kernels let go of it by ``nogil``): two workers then run at once on
    two Python threads."""
    state = _release()
    _work(
        g,
        stop,
        take_all,
        take_one,
        split,
        distinct,
        is_rare,
        rare,
        rare_value,
        counts,
        cap,
        budget,
        vmax,
        seen,
        want,
        missing,
        sync,
        me,
    )
    _acquire(state)
