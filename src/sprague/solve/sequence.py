"""Single-heap values of one-heap games: G(0), G(1), ... grown as far as asked, through the results cache.

A one-heap game (:class:`~sprague.rulesets.heap.HeapRuleset`) keeps the values it
knows (``game.solver.values``); :func:`grow` extends them by the game's own compiled
kernel (its ``extend_values`` hook), the take-and-break kernel (games with
``take_break_moves``: the sparse-space method of Winning Ways ch. 4) or the plain
heap recursion ``G(n) = mex`` of the options' values. Long computations are looked
up in and stored to the results cache (:func:`sprague.cache.active`), checkpointed
there while they run (:class:`sprague.cache.Checkpoints`: a killed run loses at most
one interval, the next continues from the saved prefix), and on Ctrl-C what is
finished is kept.

>>> import sprague
>>> game = sprague.ruleset("grundys-game")
>>> grow(game, 10, 1000)
>>> game.solver.values.tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from functools import reduce
from operator import xor
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.core.budget import (
    BONUS_SHARE,
    KERNEL_STEPS_PER_WORK,
    WORK_HINT,
    active,
    charge,
    check_memory,
    metered,
    refuse_if_sure,
    share,
    work_cap,
)
from sprague.core.limits import MAX_SEQUENCE_VALUES, check_limit, format_size, refuse_if_too_large
from sprague.core.nimber import mex
from sprague.core.parsing import as_int
from sprague.errors import BudgetExceeded, InvalidPosition, TooLarge
from sprague.kernels import config
from sprague.kernels.jit import kernels_made
from sprague.kernels.takebreak_work import choose_mask, rare_positions, work

__all__ = [
    "values",
    "periodic_values",
    "heap_grundy",
    "heap_value",
    "cost",
    "grow",
    "extend",
    "certify_period",
    "first_period",
    "sparse_space",
    "at_most",
    "least_work",
    "default_least_work",
    "CACHE_FROM",
]

CACHE_FROM = 10**6  #: work (options examined) from which the results cache is consulted
CACHE_VALUES = 2048  #: take-and-break games: values from which the results cache is consulted

Progress = Callable[[int], Any] | None


@metered
def values(
    game: Any, n: int, max_positions: int | None = None, progress: Progress = None, *, compact: bool = False
) -> np.ndarray:
    """G(0..n-1) as a :class:`~sprague.solve.table.GrundySequence`: by the closed form if every value has one,
    else grown bottom-up (compiled where the game has a kernel, through the results cache).

    ``compact=True``: a read-only array in the type the values are kept in (take-and-break games: the smallest
    unsigned type that holds them), not copied -- what a record run needs (Grundy's game to 2^28 in 512 MB
    where int64 takes 2 GB). Arithmetic on it can wrap around: cast it first (``.astype(np.int64)``).
    """
    limit = check_limit(max_positions)
    n = as_int(n, "length")
    if n < 0:
        raise InvalidPosition(f"{game.name}: sequence length {n} is negative; give the number of heaps, n >= 0")
    refuse_long(game, n, limit)
    if all(game.heap_grundy_closed(m) is not None for m in (0, 1, max(n - 1, 0))):
        closed = _closed_values(game, n, limit)
        return (
            _compact(np.array(closed, dtype=np.min_scalar_type(max(closed, default=0))))
            if compact
            else game._sequence(closed)
        )
    grow(game, n, limit, progress)
    return _compact(game.solver.values[:n]) if compact else game._sequence(game.solver.values[:n].copy())


CLOSED_CHUNK = 4096  #: closed-form values computed between two charges of the budget
CLOSED_VALUE_BYTES = 40  #: what a closed-form value held in a list takes, about (pointer and int object)


def _closed_values(game: Any, n: int, limit: int) -> list[int]:
    """G(0..n-1) from the closed form, a unit of work and about :data:`CLOSED_VALUE_BYTES` of memory a value,
    charged to the budget as they are computed (a closed form is cheap, a billion of them are not)."""
    what = f"{game.name}: {n:,} closed-form values"
    refuse_if_sure(what, least_work=n)
    closed: list[int] = []
    for start in range(0, n, CLOSED_CHUNK):
        stop = min(start + CLOSED_CHUNK, n)
        charge(stop - start, what)
        check_memory(what, counted=stop * CLOSED_VALUE_BYTES)
        closed.extend(heap_value(game, m, limit) for m in range(start, stop))
    return closed


def _compact(array: np.ndarray) -> np.ndarray:
    """A read-only view of ``array`` (the caller cannot change the values a game keeps)."""
    view = array.view()
    view.flags.writeable = False
    return view


@metered
def periodic_values(
    game: Any, n: int, max_positions: int | None = None, progress: Progress = None, *, compact: bool = False
) -> np.ndarray:
    """As :func:`values`; past a certified period the values are filled in from it, not computed.

    The search for a certificate never computes a value past the ``n`` asked for
    (:func:`at_most`), nor more work than computing the ``n`` values outright.
    """
    limit = check_limit(max_positions)
    n = as_int(n, "length")
    refuse_long(game, n, limit)
    if n > max(len(game.solver.values), 4 * game.first_length()):
        try:  # never more work than computing the n values outright, never a value past them
            with at_most(game, n):
                per = game.periodicity(min(max_positions or game.solver.limit, game.sequence_cost(n) or n))
        except TooLarge:
            b = active()
            if b is not None and b.left == 0:
                raise  # the whole budget is spent: nothing more can be computed
            per = None  # no certificate within the limit: compute (refused with the size if too large)
        if per is not None and per.certified:
            if not compact:
                return game._sequence(per.fill(game.solver.values, n))
            base = game.solver.values[: per.preperiod + per.period]
            top = int(base.max(initial=0)) + max(n - 1 - per.preperiod, 0) // per.period * per.saltus
            return _compact(per.fill(game.solver.values, n, np.min_scalar_type(top)))
    return values(game, n, max_positions, progress, compact=compact)


def refuse_long(game: Any, n: int, limit: int) -> None:
    """Refuse, before allocating, a sequence of more values than the limit allows.

    Every value costs at least one step and one array entry, closed form or period
    included; up to MAX_SEQUENCE_VALUES are always allowed, more with a higher limit, and
    a byte a value must fit in the memory budget.
    """
    what = f"{game.name}: a sequence of {n:,} values"
    refuse_if_too_large(what, n, max(limit, MAX_SEQUENCE_VALUES))
    check_memory(what, n)  # a byte a value at least


def heap_grundy(game: Any, n: int, max_positions: int | None = None) -> int:
    """G(n) of a single heap, within ``max_positions`` (kept as the hooks' limit too: a certified period's work)."""
    game.solver.limit = check_limit(max_positions)
    return heap_value(game, as_int(n), game.solver.limit)


def heap_value(game: Any, n: int, limit: int) -> int:
    """G(n) of a single heap: its closed form, else the sequence grown as far as ``n``."""
    g = game.heap_grundy_closed(n)
    if g is not None:
        return int(g)
    if n >= len(game.solver.values):
        grow(game, n + 1, limit)
    return int(game.solver.values[n])


def cost(game: Any, n: int) -> int | None:
    """Options examined to compute the first ``n`` single-heap values (an upper estimate), or None if unknown.

    Take-and-break games: a lower bound of the compiled kernel's steps, in positions (the kernel stops at
    its budget when the rare positions make it more; see :func:`sprague.kernels.takebreak.work`).
    """
    start = len(game.solver.values)
    if n <= start:
        return 0
    moves = game.take_break_moves()
    if moves is not None:  # the compiled kernel's steps (a lower bound), STEPS_PER_POSITION to a position
        take_all, take_one, split, _ = moves
        return -(-work(take_all, take_one, split, start, n) // config.TAKE_BREAK_STEPS_PER_POSITION)
    last = game.heap_option_count(n - 1)
    if last is None:
        if n > 10**7:
            return None
        last = sum(1 for _ in game.heap_options(n - 1))
    return (n - start) * max(last, 1)


def least_work(game: Any, n: int) -> int | None:
    """A proven lower bound of the work units charged to compute G(known..n-1), or None where none is known.

    The game's ``sequence_least_work`` hook (:func:`default_least_work` unless the ruleset knows better).
    """
    own: int | None = game.sequence_least_work(n)
    return own


def default_least_work(game: Any, n: int) -> int | None:
    """The default of the ``sequence_least_work`` hook: take-and-break games through the sparse-space kernel,
    its steps known in advance (:func:`sprague.kernels.takebreak_work.work`), :data:`KERNEL_STEPS_PER_WORK` a unit; None
    elsewhere (``sequence_cost`` is an upper estimate and refuses nothing)."""
    return cost(game, n) if game.take_break_moves() is not None else None


def spend(units: int) -> None:
    """Count ``units`` of work already done in the active budget, without raising (a computation that stopped
    at the budget has done them: they are spent, whatever it raises next)."""
    b = active()
    if b is not None:
        b.spent += max(units, 0)


@contextlib.contextmanager
def capped(units: int) -> Iterator[None]:
    """Within it, the active budget has at most ``units`` more work to spend (what is spent counts in it as
    usual): a search that is only worth that much (a period's certificate) stops there."""
    b = active()
    if b is None or units >= b.left:
        yield
        return
    work = b.work
    b.work = b.spent + max(units, 1)
    try:
        yield
    finally:
        b.work = work


@contextlib.contextmanager
def at_most(game: Any, n: int) -> Iterator[None]:
    """Within it, :func:`certify_period` computes no value of ``game`` past the first ``n``.

    Its doubling prefixes stop at ``n`` (the last one tried is ``n`` itself), so
    ``sequence(n)`` of a code whose period is not proved by then costs one run of
    the kernel to ``n``, never two.
    """
    before = game.solver.most_values
    game.solver.most_values = n if before is None else min(before, n)
    try:
        yield
    finally:
        game.solver.most_values = before


def certify_period(game: Any, limit: int) -> Any:
    """The certified period of ``game`` (a :class:`~sprague.rulesets.heap.PeriodicHeapRuleset`): prefixes of
    ``first_length()`` values, doubled until ``certify`` proves a period, each refused if a lower bound of its
    work is over the budget left. A ``limit`` below the call's own (``game.solver.limit``) caps the work of the
    whole search (:func:`capped`): callers pass what computing their values outright would cost.

    Under :func:`at_most` the prefixes stop at its bound: None if no period is proved by then.
    """
    if game.solver.period is None:
        # a limit below the call's own is what the certificate is worth (computing the values outright costs
        # about that much): the search spends no more work than it
        with capped(limit) if limit < game.solver.limit else contextlib.nullcontext():
            _certify_prefixes(game, limit)
    return game.solver.period


def _certify_prefixes(game: Any, limit: int) -> None:
    """The doubling prefixes of :func:`certify_period`, until a period is proved (or the bound of :func:`at_most`)."""
    most = game.solver.most_values
    n = game.first_length() if most is None else min(game.first_length(), most)
    while True:
        least = least_work(game, n)  # the kernel's cost, where a lower bound
        if least:
            refuse_if_sure(f"{game.name}: certifying a period from the first {n:,} values", least)
        grow(game, n, limit)
        game.solver.period = game.certify(game.solver.values[:n])
        if game.solver.period is not None or (most is not None and n >= most):
            break
        n = 2 * n if most is None else min(2 * n, most)


def first_period(game: Any) -> Any:
    """The certified period if the first prefix proves it within the limit, else None.

    Only this one cheap attempt (once per ruleset): a long search belongs to :func:`certify_period`. The values
    asked for being had already, the attempt is bonus work (:func:`~sprague.core.budget.share`): at most a
    :data:`~sprague.core.budget.BONUS_SHARE`-th of the budget, and a stop there is no period, not an error.
    """
    n = game.first_length()
    if game.solver.period is None and not game.solver.first_tried:
        work = game.sequence_cost(n)
        b = active()
        if work is not None and work <= (work_cap(game.solver.limit) if b is None else b.left // BONUS_SHARE):
            try:
                with share(BONUS_SHARE):
                    grow(game, n, game.solver.limit)
            except BudgetExceeded:
                pass  # the prefix is over the bonus share: no period from it (the values done are kept)
            else:
                game.solver.period = game.certify(game.solver.values[:n])
            game.solver.first_tried = True
    return game.solver.period


def grow(game: Any, n: int, limit: int, progress: Progress = None) -> None:
    """Know the first ``n`` values of ``game``: from the results cache, else computed (then cached)."""
    if n <= len(game.solver.values):
        return
    # take-and-break kernels: their cost is a lower bound (rare positions are only known as they come), so the
    # cache is consulted from as many values as the mask is chosen on
    long = (game.sequence_cost(n) or 0) >= CACHE_FROM or (game.take_break_moves() is not None and n > CACHE_VALUES)
    cache = _cache.active() if long and game.cache_key() is not None else None  # None: values not cacheable
    if cache is not None:
        stored = cache.load("sequence", game.cache_key())
        if (
            stored is not None
            and stored.ndim == 1
            and stored.dtype.kind in "iu"
            and len(stored) > len(game.solver.values)
        ):
            game.solver.values = (
                stored  # in the type it was stored in (take-and-break values: the smallest that holds them)
            )
            if n <= len(game.solver.values):
                return
            game.resumed_from = len(stored)  # a run stopped or interrupted before: continued from its values
    start, began = len(game.solver.values), time.perf_counter()
    try:
        extend(game, n, limit, progress, _cache.Checkpoints(cache, "sequence", game.cache_key() or {}))
    finally:  # also on Ctrl-C: what is finished is kept
        if cache is not None and len(game.solver.values) > start:
            cache.store("sequence", game.cache_key(), game.solver.values, time.perf_counter() - began)


def extend(
    game: Any, n: int, limit: int, progress: Progress = None, checkpoints: _cache.Checkpoints | None = None
) -> None:
    """Compute the first ``n`` values: the game's own kernel, the take-and-break kernel, or the heap recursion.

    The last two save the finished prefix to ``checkpoints`` when one is due (a
    value depends only on the earlier ones, so any prefix is a valid restart).
    """
    what = f"{game.name}: computing single-heap values up to {n - 1:,}"
    least = least_work(game, n)
    if least:
        refuse_if_sure(what, least)
    check_memory(what, n - len(game.solver.values))  # the new values, a byte each at least
    own = game.extend_values(n)
    if own is not None:
        game.solver.values = own
        return
    moves = game.take_break_moves()
    if moves is not None:
        return _extend_take_break(game, n, moves, limit, progress, checkpoints)
    values = game.solver.values.tolist()
    done = 0  # options examined since the last charge (about a microsecond each)
    try:
        for m in range(len(values), n):
            seen = set()
            for parts in game.heap_options(m):
                if any(p >= m for p in parts):
                    raise InvalidPosition(
                        f"{game.name}: heap_options({m}) gave {parts!r}; every part must be smaller than {m}"
                    )
                seen.add(reduce(xor, (values[p] for p in parts), 0))
                done += 1
            values.append(mex(seen))
            done += 1
            if m % 4096 == 0:
                units, done = done, 0
                charge(units, what)
                if progress is not None:
                    progress(4096)
            if checkpoints is not None and checkpoints.due():
                checkpoints.save(np.array(values, dtype=np.int64))
        units, done = done, 0
        charge(units, what)  # the last values' options
    finally:
        game.solver.values = np.array(values, dtype=np.int64)
        spend(done)  # stopped (an error, Ctrl-C): what was done is spent


def _extend_take_break(
    game: Any,
    n: int,
    moves: tuple[list[int], list[int], list[int], bool],
    limit: int,
    progress: Progress,
    checkpoints: _cache.Checkpoints | None = None,
) -> None:
    """The kernel's steps are budgeted: it stops, values kept, when at least its budget is certain (known once
    the prefix is: the rare positions each later value scans) or when its steps pass the limit.

    The values are kept (and checkpointed, and cached) in the smallest unsigned type that holds them; the
    kernel re-chooses its mask as it goes (:class:`sprague.kernels.takebreak_run.Run`). Small work (at most
    ``TAKE_BREAK_PYTHON_STEPS``) while numba is not loaded is done in plain Python (:func:`_take_break_python`):
    loading numba and the kernels would cost more.
    """
    take_all, take_one, split, distinct = moves
    start = len(game.solver.values)
    if not kernels_made() and work(take_all, take_one, split, start, n, prefix=n) <= config.TAKE_BREAK_PYTHON_STEPS:
        found = _take_break_python(game.solver.values.tolist(), n, take_all, take_one, split, distinct)
        game.solver.values = np.array(found, dtype=np.min_scalar_type(max(found, default=0)))
        if progress is not None:
            progress(n - start)
        charge(
            work(take_all, take_one, split, start, n, prefix=n) // KERNEL_STEPS_PER_WORK,
            f"{game.name}: computing single-heap values up to {n - 1:,}",
        )
        return
    from sprague.kernels.takebreak_run import UNLIMITED, Run, Steps

    work_left = work_cap(limit)
    steps = Steps(budget=min(work_left * KERNEL_STEPS_PER_WORK, UNLIMITED))
    run = Run(*moves, known=game.solver.values, n=n, steps=steps)
    game.solver.values = run.values  # the run holds them now (a record run keeps one array of its values)
    start = run.reached
    try:
        for reached in run.extend():
            done, start = reached - start, reached
            if progress is not None:
                progress(done)
            if checkpoints is not None and checkpoints.due():
                checkpoints.save(run.values)
    finally:
        game.solver.values = run.values
    what = f"{game.name}: computing single-heap values up to {n - 1:,}"
    if start < n:
        spend(-(-steps.done // KERNEL_STEPS_PER_WORK))  # done before the stop: spent
        if steps.least:  # stopped at once, on a lower bound known once the prefix is
            least = -(-steps.least // KERNEL_STEPS_PER_WORK)
            b = active()
            whole = f" of {b.work:,}" if b is not None else ""
            raise BudgetExceeded(
                f"{what} needs at least {format_size(least)} units of work, over the {work_left:,} "
                f"left of the work budget{whole} (a lower bound from the rare positions among the "
                f"first {start:,} values, which are kept); {WORK_HINT}",
                estimate=least,
                limit=work_left,
            )
        least = -(-(steps.done + 1) // KERNEL_STEPS_PER_WORK)
        raise BudgetExceeded(
            f"{what} stopped at the work budget of {work_left:,} units (about a microsecond each) "
            f"after {start:,} values (they are kept); {WORK_HINT}",
            estimate=least,
            limit=work_left,
        )
    charge(steps.done // KERNEL_STEPS_PER_WORK, what)


def _take_break_python(
    g: list[int], n: int, take_all: list[int], take_one: list[int], split: list[int], distinct: bool
) -> list[int]:
    """``g`` extended to G(0..n-1) by the heap recursion in plain Python (the kernel's naive prefix, uncompiled).

    A heap of ``m`` moves to no heap (``m`` in ``take_all``), one heap ``m - k`` (``k`` in
    ``take_one``, ``m - k >= 1``) or two non-empty heaps ``a + b = m - k`` (``k`` in
    ``split``; ``a != b`` when ``distinct``).
    """
    alls = set(take_all)
    for m in range(len(g), n):
        seen = {0} if m in alls else set()
        seen.update(g[m - k] for k in take_one if m - k >= 1)
        for k in split:
            r = m - k
            top = (r - 1) // 2 if distinct else r // 2
            seen |= {g[a] ^ g[r - a] for a in range(1, top + 1)}  # a set display: faster than update(generator)
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def sparse_space(game: Any, n: int) -> tuple[int, np.ndarray] | None:
    """The sparse-space mask the kernel chooses and the rare positions among heaps ``0..n-1``, or None.

    Winning Ways ch. 4: under the mask, values of even masked popcount are *rare*;
    for Grundy's game they stop early (a pattern, not a theorem).
    """
    if game.take_break_moves() is None:
        return None
    n = as_int(n, "length")
    # values already known (a record run's) are read as kept: no second limit check, no copy
    values = _compact(game.solver.values[:n]) if 0 <= n <= len(game.solver.values) else game.sequence(n, compact=True)
    mask = choose_mask(values)
    return mask, rare_positions(values, mask)
