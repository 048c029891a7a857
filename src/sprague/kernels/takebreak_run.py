"""Driving the take-and-break kernels (:mod:`sprague.kernels.takebreak`) over a long run: :class:`Run`.

The first :data:`PREFIX` values come from the naive recursion; then the sparse-space
kernel fills the rest in chunks, by one worker or two, within a
budget of :class:`Steps`, widening the values' type and growing the rare list as they need.

**Choosing the mask, and choosing again.** A heap's rarity is looked up in a
table over *keys* ``2 v + (r - k) % 2`` (heap ``r``'s value ``v`` and parity, ``k`` the
least split amount); the kernel keeps
``counts[key]``, how many heaps ``1..n-1`` have each key. A mask over keys is a mask
``m`` over values and a parity bit ``p`` (``2 m + p``; the kernels' docstring). For a
mask ``M`` below ``2^B`` (every key below ``2^B``) the heaps made rare are
``(N + W[M]) / 2``, ``N`` the number of heaps and ``W`` the Walsh-Hadamard transform of
``counts`` (``W[M] = sum_key counts[key] (-1)^popcount(key & M)``); one transform,
O(B 2^B), prices every mask at once (the idea of J. Czajka's octal analyser, whose
``pos`` masks read the parity too). Masks with ``p = 1`` are candidates only when all
split amounts have one parity; otherwise the counts of both parities are added and
the value masks priced. An *infinite* mask ``~f`` (every bit above ``f`` set) agrees with the
finite mask ``(2^B - 1) ^ f`` on the values seen so far, so it has the same price;
they differ only on values not yet reached. :func:`best_mask` returns the
cheapest, as the infinite mask on a tie (the finite mask 0 makes every value rare,
so it is never chosen). The mask is chosen on the first values and chosen again
between chunks (:class:`Run`; the chunks double from the values known up to
:data:`~sprague.kernels.config.TAKE_BREAK_CHUNK`, so the early choices come
after 4,096, 8,192, ... values): the kernel switches when the best mask makes at
most :data:`~sprague.kernels.config.TAKE_BREAK_REMASK_RATIO` (9/10) as many heaps
rare as the current one *and* the scans it saves on the values still to compute
(the difference of the two rare counts times the values left) pay for listing
the rare heaps again (a pass over the values so far). Otherwise the mask stays
(hysteresis: two masks of nearly equal price do not alternate).
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sprague.kernels import aot, config
from sprague.kernels.takebreak_sync import (
    _N_RARE,
    _NEXT,
    _REACHED,
    _SLEPT,
    _SOLO,
    _STATUS,
    _STEPS,
    _STOP,
    _SYNC_SIZE,
    _TOP,
    _WIDEN,
)
from sprague.kernels.takebreak_work import best_key_mask, mask_price, value_dtype

__all__ = ["extend", "Run", "Steps", "STEPS_PER_POSITION", "UNLIMITED", "PREFIX", "CHUNK", "threads_available"]

#: values computed by the naive recursion before the mask is chosen on them
PREFIX = config.TAKE_BREAK_PREFIX
#: values per kernel call (the progress bar, Ctrl-C and the choice of mask act between calls)
CHUNK = config.TAKE_BREAK_CHUNK
#: kernel steps counted as one position of the work limits (``max_positions``): a step takes 1-5 ns, so
#: a position is about a microsecond, what the heap recursion in Python spends on one option
STEPS_PER_POSITION = config.TAKE_BREAK_STEPS_PER_POSITION
#: a budget no computation reaches (int64, as the kernels take it)
UNLIMITED = 2**62
#: room for rare heaps listed at first (the list doubles when full)
_RARE_ROOM = 1024


def _kernel(name: str, values: np.ndarray | None = None) -> Any:
    """The kernel ``_name`` of :mod:`sprague.kernels.takebreak` for values of the type of ``values``: compiled
    ahead of time when it is built (:mod:`sprague.kernels.aot`: numba is then not imported), else numba's."""
    found = aot.kernel(name, values)
    if found is not None:
        return found
    from sprague.kernels import takebreak

    return getattr(takebreak, "_" + name)


def threads_available() -> int:
    """Threads a run may use: 2 when configured (:data:`~sprague.kernels.config.TAKE_BREAK_THREADS`), on two
    cores or more, with compiled kernels (as Python, under ``NUMBA_DISABLE_JIT=1`` or without numba, one)."""
    if config.TAKE_BREAK_THREADS < 2:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 if cores >= 2 and _compiled() else 1


def _compiled() -> bool:
    """Whether the kernels run compiled (ahead of time, or by numba), not as Python."""
    return aot.load() is not None or (
        os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0") and importlib.util.find_spec("numba") is not None
    )


def _work_two(work: Any, *args: Any) -> None:
    """Two workers side by side (``work``: :func:`sprague.kernels.takebreak._work` or its compiled twin, which let
    go of Python's lock): worker 1 on a second thread, worker 0 on this one, on the rows of ``seen``, ``want``
    and ``missing`` (``args``: the arguments of ``_work`` up to ``vmax``, then those three, then ``sync``)."""
    *shared, seen, want, missing, sync = args
    if not _compiled():  # as Python, under the global lock: one after the other (the second finds no heap left)
        work(*shared, seen[0], want[0], missing[0], sync, 0)
        work(*shared, seen[1], want[1], missing[1], sync, 1)
        return
    other = threading.Thread(target=work, args=(*shared, seen[1], want[1], missing[1], sync, 1), daemon=True)
    other.start()
    try:
        work(*shared, seen[0], want[0], missing[0], sync, 0)
    except BaseException:
        sync[_STOP] = 1  # the other worker must not wait for heaps this one will not value
        raise
    finally:
        other.join()


def _capacity(top: int) -> int:
    """A power of two above ``top``, at least 2 (the kernels' ``_capacity``, in Python)."""
    return 1 << max(top.bit_length(), 1)


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


@dataclass
class Run:
    """One growing sequence of a take-and-break game: its values, rare heaps, mask and the kernels' state.

    ``values[:reached]`` are exact at every moment; :meth:`extend` fills the rest in
    chunks, yielding ``reached`` after each. ``values`` is the smallest unsigned type
    that holds them (it is replaced by a wider array when a value needs it).

    >>> run = Run([], [], [0], True, np.zeros(0, dtype=np.uint8), 12)  # Grundy's game
    >>> list(run.extend()), run.values.tolist(), run.values.dtype
    ([12], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2], dtype('uint8'))
    """

    take_all: Sequence[int]
    take_one: Sequence[int]
    split: Sequence[int]
    distinct: bool
    known: np.ndarray
    n: int
    steps: Steps = field(default_factory=Steps)
    chunk: int | None = None
    threads: int | None = None
    #: test hook: the masks to use, chunk after chunk (cycled), instead of choosing them: a mask ``m``, or
    #: ``(m, True)`` for the mask ``m`` with the heap's parity (allowed when the split amounts share a parity)
    masks: Sequence[int | tuple[int, bool]] | None = None
    #: (heap, mask, parity): from which heap each mask was used, and whether it read the heap's parity
    history: list[tuple[int, int, bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.alls, self.ones, self.twos = moves = [
            np.array(sorted(ks), dtype=np.int64) for ks in (self.take_all, self.take_one, self.split)
        ]
        if any(len(k) and k[0] < 0 for k in moves):
            raise ValueError(
                f"amounts to remove must be non-negative, got {self.take_all}, {self.take_one}, {self.split}"
            )
        known = np.asarray(self.known)
        if known.ndim != 1 or (len(known) and known.dtype.kind not in "iu"):
            raise ValueError(f"known values must be a 1-D integer array, got {known.dtype} of shape {known.shape}")
        if not 0 <= len(known) <= self.n:
            raise ValueError(f"{len(known)} known values are more than the n={self.n} asked for")
        self.top = int(known.max()) if len(known) else 0
        self.g = np.zeros(self.n, dtype=value_dtype(self.top))
        self.g[: len(known)] = known
        self.reached = len(known)
        #: the mask over keys ``2 G(r) + (r - k) % 2``: ``2 mask + parity`` (None until chosen)
        self.key: int | None = None
        #: masks may read the heap's parity only when every split amount has one parity; ``k`` is the least
        self.parity_allowed = len({k & 1 for k in self.twos.tolist()}) <= 1
        self._k = int(self.twos[0]) if len(self.twos) else 0
        self.counts = np.zeros(0, dtype=np.int64)
        self.n_rare = 0
        self.rare = np.zeros(0, dtype=np.int64)
        self.rare_value = np.zeros(0, dtype=np.int64)
        self.cap = 0
        self._chunks = 0
        self._is_rare = np.zeros(0, dtype=np.bool_)
        self._seen = np.zeros((2, 0), dtype=np.int64)
        self._want = np.zeros((2, 0), dtype=np.bool_)
        self._missing = np.zeros((2, 0), dtype=np.int64)
        self._rates: dict[bool, float | None] = {False: None, True: None}  # steps per second, one/two threads
        #: how many times a worker slept, waiting for the other's heap longer than a short spin
        self.slept = 0
        self._trial = 0
        self._trial_at, self._every = 1, config.TAKE_BREAK_RETRY  # when the last trial began, chunks to the next

    @property
    def mask(self) -> int | None:
        """The mask over values (negative: an infinite one), or None until one is chosen."""
        return None if self.key is None else self.key >> 1

    @property
    def parity(self) -> bool:
        """Whether the mask reads the heap's parity (the module docstring of the kernels)."""
        return self.key is not None and bool(self.key & 1)

    @property
    def values(self) -> np.ndarray:
        """The exact values so far (a view)."""
        return self.g[: self.reached]

    def _widen(self, value: int) -> None:
        wider = np.zeros(self.n, dtype=value_dtype(value))
        wider[: self.reached] = self.g[: self.reached]
        self.g = wider

    def extend(self) -> Iterator[int]:
        """Fill the values up to ``n`` in chunks, yielding ``reached`` after each; stops early at the budget."""
        steps, stop = self.steps, self.n
        if self.reached < min(PREFIX, stop):
            grew = self._extend_prefix(min(PREFIX, stop))
            if grew:
                yield self.reached
            if self.reached < min(PREFIX, stop):
                return
        if self.reached == stop or not self._start_sparse():
            return
        chunk = self.chunk or CHUNK
        threads = self.threads or threads_available()
        sync = np.zeros(_SYNC_SIZE, dtype=np.int64)
        while self.reached < stop and steps.done < steps.budget:
            if self._chunks:
                choice = self._choose(first=False)
                if choice is not None:
                    steps.done += self.reached
                    self._use(choice)
            self._chunks += 1
            # chunks double up to ``chunk``: the mask is chosen again at 4,096, 8,192, ... values, while the
            # value counts are still settling (a poor first mask then costs one short chunk, not 2^16 values)
            end = min(self.reached + min(chunk, max(self.reached, 1)), stop)
            vmax = int(np.iinfo(self.g.dtype).max)
            # few rare heaps: a value takes too little work to share it out, and every chunk starts two threads
            # and short chunks: starting two threads and handing every heap over costs more than it saves there
            start_two = config.TAKE_BREAK_PIPELINE_FROM
            two = threads > 1 and self.n_rare >= start_two and end - self.reached >= 256 * start_two and self._pick()
            sync[:] = 0
            sync[_NEXT] = sync[_REACHED] = self.reached
            sync[_N_RARE], sync[_TOP] = self.n_rare, self.top
            args: tuple[Any, ...] = (
                self.g,
                end,
                self.alls,
                self.ones,
                self.twos,
                self.distinct,
                self._is_rare,
                self.rare,
                self.rare_value,
                self.counts,
                self.cap,
                steps.budget - steps.done,
                vmax,
                self._seen,
                self._want,
                self._missing,
                sync,
            )
            began = time.perf_counter()
            work = _kernel("work", self.g)
            if two:
                _work_two(work, *args)
            else:
                work(*args[:13], self._seen[0], self._want[0], self._missing[0], sync, 0)
            reached, done = int(sync[_REACHED]), int(sync[_STEPS] + sync[_STEPS + 8])
            if threads > 1 and reached - self.reached >= chunk // 2:
                self._rates[two] = done / max(time.perf_counter() - began, 1e-9)
            if two and sync[_SOLO]:  # a worker went on alone: the other's thread was not running (a busy core)
                self._rates[True] = 0.0
            steps.done += done
            self.slept += int(sync[_SLEPT])
            grew = reached > self.reached
            self.reached, self.n_rare, self.top = reached, int(sync[_N_RARE]), int(sync[_TOP])
            if self.n_rare == len(self.rare):
                self._grow_rare(2 * len(self.rare))
            if self.top >= self.cap:
                self._tables()
            elif sync[_STATUS] == _WIDEN:
                self._widen(2 * vmax)
            if grew:
                yield self.reached

    def _extend_prefix(self, end: int) -> bool:
        """The first values, up to ``end``, by the plain recursion (widening the values as they need); whether any
        value was added."""
        steps, grew = self.steps, False
        while True:
            reached, done, status = _kernel("naive_extend", self.g)(
                self.g,
                self.reached,
                end,
                self.alls,
                self.ones,
                self.twos,
                self.distinct,
                steps.budget - steps.done,
                np.iinfo(self.g.dtype).max,
            )
            steps.done += done
            grew = reached > self.reached
            self.reached = reached
            if status != _WIDEN:
                return grew
            self._widen(2 * int(np.iinfo(self.g.dtype).max))

    def _start_sparse(self) -> bool:
        """Count the values so far, choose the first mask and set its tables up; False (``steps.least`` set) when
        the values left would take more steps than the budget has."""
        steps, stop = self.steps, self.n
        self.top = int(self.g[: self.reached].max())
        self.counts = np.zeros(4 * _capacity(self.top), dtype=np.int64)  # per key 2 v + (r - k) % 2
        _kernel("count_keys", self.g)(self.g, 1, self.reached, self._k, self.counts)
        choice = self._choose(first=True)
        assert choice is not None
        steps.done += self.reached + len(self.counts) * len(self.counts).bit_length()
        self._use(choice)
        # every later value scans, per split amount k, at least the rare positions known below start - k
        per_value = (
            2
            + len(self.alls)
            + len(self.ones)
            + sum(int(np.searchsorted(self.rare[: self.n_rare], self.reached - k)) for k in self.twos.tolist())
        )
        if steps.done + per_value * (stop - self.reached) > steps.budget:
            steps.least = steps.done + per_value * (stop - self.reached)
            return False
        return True

    def _pick(self) -> bool:
        """Whether the next chunk runs on two threads: the faster in steps per wall-second when last timed.

        On a shared machine the second core may be busy, and two threads waiting for each other are then
        slower than one. Every chunk on two threads is timed, so a slowdown shows at once; the speed of one
        thread is timed in trials (a chunk on one thread, then one on two), the first at once and the next
        :data:`~sprague.kernels.config.TAKE_BREAK_RETRY` chunks later, or twice as many chunks later than the
        last time when two threads won it by a fifth or more (a trial chunk on one thread costs about half a
        chunk's time).
        """
        if config.TAKE_BREAK_RETRY <= 0:  # no trials: always two threads
            return True
        self._trial += 1
        turn = self._trial - self._trial_at
        if turn in (0, 1):  # the trial: one thread, then two
            return turn == 1
        one, two = self._rates[False], self._rates[True]
        if one is None or two is None:  # a trial chunk ended early: try the missing one now
            return two is None
        if turn >= self._every:  # the next trial
            self._every = 2 * self._every if two >= 1.2 * one else config.TAKE_BREAK_RETRY
            self._trial_at = self._trial
            return False
        return two >= one

    def _choose(self, first: bool) -> int | None:
        """The mask for the next chunk, or None to keep the current one (see the module docstring)."""
        if self.masks:
            entry = self.masks[self._chunks % len(self.masks)]
            mask, parity = (entry, False) if isinstance(entry, int) else entry
            if parity and not self.parity_allowed:
                raise ValueError(f"the mask {mask} with the heap's parity needs split amounts of one parity")
            if mask == 0:
                raise ValueError("the mask 0 makes every value rare; give a mask with a bit set")
            forced = 2 * int(mask) + bool(parity)
            return None if forced == self.key else forced
        key, price = best_key_mask(self.counts, self.parity_allowed)
        if first or self.key is None:
            return key
        if key == self.key:
            return None
        now = mask_price(self.counts, self.key)
        left = self.n - self.reached
        if price <= config.TAKE_BREAK_REMASK_RATIO * now and (now - price) * left >= self.reached:
            return key
        return None

    def _use(self, key: int) -> None:
        """Switch to the key mask ``key``: the rarity table, and the rare heaps listed again."""
        self.key = key
        self.history.append((self.reached, key >> 1, bool(key & 1)))
        self._tables()
        list_rare = _kernel("list_rare", self.g)
        count = list_rare(self.g, self.reached, self._k, self._is_rare, self.rare, self.rare_value)
        if count >= len(self.rare):
            self.rare = np.zeros(max(2 * count, _RARE_ROOM), dtype=np.int64)
            self.rare_value = np.zeros(len(self.rare), dtype=np.int64)
            list_rare(self.g, self.reached, self._k, self._is_rare, self.rare, self.rare_value)
        self.n_rare = count

    def _tables(self) -> None:
        """Tables for values below ``2 cap``, ``cap`` a power of two above every value and the mask's finite part."""
        assert self.key is not None
        mask = self.key >> 1
        self.cap = _capacity(max(self.top, mask if mask >= 0 else ~mask))
        size = 2 * self.cap
        self._is_rare = _kernel("rare_table")(size, self.key)
        self._seen = np.full((2, size), -1, dtype=np.int64)  # a row per worker
        self._want = np.zeros((2, size), dtype=np.bool_)
        self._missing = np.zeros((2, size), dtype=np.int64)
        if len(self.counts) < 2 * size:  # a count per key
            self.counts = np.concatenate([self.counts, np.zeros(2 * size - len(self.counts), dtype=np.int64)])

    def _grow_rare(self, size: int) -> None:
        self.rare = np.concatenate([self.rare, np.zeros(size - len(self.rare), dtype=np.int64)])
        self.rare_value = np.concatenate([self.rare_value, np.zeros(size - len(self.rare_value), dtype=np.int64)])


def extend(
    g: np.ndarray,
    start: int,
    take_all: Sequence[int],
    take_one: Sequence[int],
    split: Sequence[int],
    distinct: bool,
    chunk: int | None = None,
    steps: Steps | None = None,
    threads: int | None = None,
    masks: Sequence[int] | None = None,
) -> Iterator[int]:
    """Fill the int64 array ``g[start:]`` (``g[:start]`` known) in chunks, yielding the length reached after each.

    A convenience over :class:`Run` (which keeps the values in the smallest type and
    is what long runs use): the first :data:`PREFIX` values come from the naive
    recursion, the rest from the sparse-space kernel. Stopping the iteration early
    leaves ``g[:reached]`` exact. The steps done are added to ``steps``; the
    iteration ends early (with ``g[:reached]`` exact) once its budget is spent.

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
    run = Run(
        take_all,
        take_one,
        split,
        distinct,
        g[:start],
        len(g),
        steps if steps is not None else Steps(),
        chunk,
        threads,
        masks,
    )
    done = start
    for reached in run.extend():
        g[done:reached] = run.g[done:reached]
        done = reached
        yield reached
