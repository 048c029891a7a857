"""Building tables of values: :func:`heap_table` (``ruleset.table(...)``) and :func:`box_table`.

A table (:class:`~sprague.solve.table.Table`) is filled from the compiled box
kernels, the single-heap sequence (a nim-sum per position), Dask waves, the
ruleset's own ``table_values``, or search, whichever applies first, and is kept
in the results cache from :data:`CACHE_FROM` positions.

Under misère play (``misere=True``: the player who makes the last move loses) the
values are misère outcomes or Conway's misère Grundy values g-, position by
position from the ruleset's misère closed form (misère Nim) or misère search: no
nim-sum of the sequence and no compiled kernel holds under misère play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.core.limits import DEFAULT_MAX_POSITIONS, MAX_TABLE_HEAP, RAISE_HINT, check_limit, refuse_if_too_large
from sprague.core.parsing import as_int, check_misere
from sprague.core.ruleset import Rules
from sprague.errors import BudgetExceeded, InvalidParameter, TooLarge
from sprague.kernels import config
from sprague.kernels.jit import kernels_made
from sprague.solve.box import Box, sieve_pays
from sprague.solve.table import (
    KINDS,
    TABLE_MAX_HEAPS,
    Table,
    ordered_positions,
    sorted_positions,
    table_rows,
    table_size,
)

__all__ = [
    "kernel_shapes",
    "heap_table",
    "values_by_position",
    "values_by_nim_sum",
    "box_table",
]

CACHE_FROM = 10_000  #: positions from which a table is looked up in (and stored to) the results cache
TABLE_MAX_COMPILED = 50_000_000  #: default limit on the positions of a table filled by compiled code
TABLE_CHUNK = 1 << 20  #: rows valued at once by a ruleset's own table_values


def kernel_shapes(rules: Any, heaps: int) -> np.ndarray | None:
    """The ruleset's move shapes for the compiled box kernels, as an ``(m, 2)`` array, or None."""
    shapes = rules.kernel_shapes(heaps)
    return None if shapes is None else np.array(shapes, dtype=np.int64).reshape(-1, 2)


def heap_table(
    rules: Any,
    max_heap: int,
    heaps: int = 2,
    values: str = "grundy",
    min_heap: int | None = None,
    max_positions: int | None = None,
    progress: Callable[[int], Any] | None = None,
    *,
    misere: bool = False,
    workers: int | None = None,
    scheduler: Any = None,
) -> Table:
    """Every position of ``heaps`` heaps in ``min_heap..max_heap`` with its Grundy value or outcome.

    Values come from the fastest exact method the ruleset has: the compiled box
    kernels (rulesets with ``kernel_shapes``; outcomes by the retrograde sieve where
    it pays), the ruleset's own ``table_values`` (one-heap games: a nim-sum of the
    single-heap sequence), or the closed forms and search position by position.
    Tables of 10,000 positions or more go through the results cache
    (:func:`sprague.cache.active`); a colex table is a prefix of the tables of larger heaps.
    A long search in rank order is checkpointed there as it runs (:class:`sprague.cache.Checkpoints`).

    With ``misere=True`` the values are misère outcomes or misère Grundy values g-,
    each position's from ``rules.grundy(position, misere=True)`` (or ``outcome``): the
    misère closed form where the ruleset has one, else misère search, whose positions
    visited for the whole table are bounded by ``max_positions``. The cache key says
    ``"misere": true``, so a misère table is never read from a normal-play entry.

    With ``workers`` (a Dask LocalCluster of that many processes) or ``scheduler``
    (a Dask cluster's address), a compiled box is filled on Dask level by level
    (:mod:`sprague.solve.wavefront`), by search; the same table, checkpointed in the
    results cache by whole levels.

    >>> import sprague
    >>> t = heap_table(sprague.ruleset("subtraction", S={1, 2}), 4, heaps=2, misere=True)
    >>> t, t[0, 0], t[0, 1], t[1, 1]
    (<Table subtraction -p S=1,2: 15 positions of 2 heaps in 0..4, misère grundy>, 1, 0, 1)
    """
    heaps, lo, max_heap = _checked_box(rules, heaps, max_heap, min_heap, values, max_positions, misere)
    least = rules.min_heap
    # the compiled kernels and the nim-sum of the sequence are normal-play results: not under misère play
    shapes = kernel_shapes(rules, heaps) if lo == least and not misere else None
    fast = shapes is not None or (rules.vectorised_tables and not misere)
    limit = max_positions or (TABLE_MAX_COMPILED if fast else DEFAULT_MAX_POSITIONS)
    size = table_size(heaps, lo, max_heap, rules.interchangeable_heaps)
    what = f"{rules.name}: a {'misère ' if misere else ''}table of {heaps} heaps of {lo}..{max_heap}"
    refuse_if_too_large(what, size, limit)
    if misere:
        _refuse_misere_search(rules, what, (max_heap,) * heaps, values, limit)
    dask = workers is not None or scheduler is not None
    if dask and shapes is None:
        _refuse_dask(rules, heaps, lo, misere)
    if (
        shapes is not None
        and not kernels_made()
        and not dask
        and size * (rules.option_count((max_heap,) * heaps) or config.BOX_PYTHON_WORK) <= config.BOX_PYTHON_WORK
    ):
        shapes = None  # a small table: closed forms and search in Python cost less than loading numba
    enumerate_positions = sorted_positions if rules.interchangeable_heaps else ordered_positions
    key = {**(rules.cache_key() or {}), "heaps": heaps, "min_heap": lo, "values": values}
    if misere:  # normal-play keys stay as they were: their cached tables remain valid
        key["misere"] = True
    cacheable = rules.cache_key() is not None  # None: the ruleset's values cannot be cached (a Python predicate)
    cache = _cache.active() if size >= CACHE_FROM and rules.interchangeable_heaps and cacheable else None
    stored = cache.load("table", key) if cache is not None else None
    began = time.perf_counter()
    resumed = 0  # positions an earlier run stopped or interrupted left in the results cache, continued from
    if stored is not None and stored.ndim == 1 and len(stored) >= size:
        found, method, cache = stored[:size], "the results cache", None
    elif shapes is not None and dask:
        found, method, resumed = _wave_values(
            heaps, lo, max_heap, shapes, values, workers, scheduler, progress, cache, key, what
        )
    elif shapes is not None:
        prefix = stored if stored is not None and stored.ndim == 1 else None
        found, method, resumed = _box_values(
            heaps, lo, max_heap, shapes, values, size, prefix, progress, cache, key, what, began
        )
    elif misere:
        positions = enumerate_positions(heaps, lo, max_heap)
        found, method = _misere_values(rules, positions, values, limit, what, progress)
    else:  # a chunk of positions at a time, each kept compact: never all of them at once in int64
        chunks, method = [], ""
        for start in range(0, size, TABLE_CHUNK):
            chunk, method = rules.table_values(
                table_rows(rules.interchangeable_heaps, heaps, lo, max_heap, start, min(start + TABLE_CHUNK, size)),
                max_heap,
                values,
                limit,
            )
            chunks.append(_compact(np.asarray(chunk)))
        found = np.concatenate(chunks)
    found = _compact(found)  # a byte a position for outcomes: what the table and the cache keep
    if cache is not None:  # a colex table is a prefix of the tables of larger heaps
        cache.store("table", key, found, time.perf_counter() - began)
    return Table(
        rules.describe(), heaps, lo, max_heap, values, found, rules.interchangeable_heaps, method, misere, resumed
    )


def _checked_box(
    rules: Any, heaps: int, max_heap: int, min_heap: int | None, values: str, max_positions: int | None, misere: bool
) -> tuple[int, int, int]:
    """``(heaps, min_heap, max_heap)`` of a table, each checked (and the other arguments), before anything runs."""
    if max_positions is not None:
        check_limit(max_positions)
    if values not in KINDS:
        raise InvalidParameter(f"values={values!r} is not 'grundy' or 'outcome'")
    check_misere(misere)
    heaps = as_int(heaps, "heaps")
    max_heap = as_int(max_heap, "max_heap")
    least = rules.min_heap
    lo = least if min_heap is None else as_int(min_heap, "min_heap")
    if not 1 <= heaps <= TABLE_MAX_HEAPS:
        raise InvalidParameter(
            f"{rules.name}: heaps={heaps} must be between 1 and {TABLE_MAX_HEAPS} "
            "(the number of heaps of every position of the table)"
        )
    if lo < least or max_heap < lo:
        raise InvalidParameter(
            f"{rules.name}: need {least} <= min_heap <= max_heap, got min_heap={lo}, max_heap={max_heap}"
        )
    if max_heap > MAX_TABLE_HEAP:
        raise InvalidParameter(
            f"{rules.name}: max_heap={max_heap} is over the limit of 2**62 for tables "
            "(MAX_TABLE_HEAP in sprague.core.limits: tables hold heaps as 64-bit integers); "
            "ask grundy() or outcome() of single positions instead"
        )
    rules.check_position((lo,) * heaps)  # a clear error for a heap count the ruleset does not play
    return heaps, lo, max_heap


def _refuse_dask(rules: Any, heaps: int, lo: int, misere: bool) -> None:
    """Refuse --workers/--scheduler for a table that has no compiled box to fill on Dask, saying why."""
    least = rules.min_heap
    why = (
        "misère tables are valued position by position, with no compiled kernel"
        if misere
        else f"the compiled box kernels start at the smallest heap, {least}: drop --min"
        if lo != least and kernel_shapes(rules, heaps) is not None
        else f"{rules.name} has no compiled box kernel (the Delete family has)"
    )
    raise InvalidParameter(
        f"{rules.name}: --workers/--scheduler fill a compiled box on Dask, but {why}; "
        "or drop --workers/--scheduler to run here"
    )


def _wave_values(
    heaps: int,
    lo: int,
    max_heap: int,
    shapes: Any,
    values: str,
    workers: int | None,
    scheduler: Any,
    progress: Callable[[int], Any] | None,
    cache: Any,
    key: dict[str, Any],
    what: str,
) -> tuple[np.ndarray, str, int]:
    """A compiled box filled on Dask level by level (:mod:`sprague.solve.wavefront`), checkpointed by levels:
    ``(values, method, positions continued from a checkpoint)``."""
    from sprague.solve.wavefront import wave_table

    levels_key = {**key, "max_heap": max_heap}  # a level's positions depend on max_heap: not a prefix
    points = _cache.Checkpoints(cache, "table-levels", levels_key) if cache is not None else None
    found, count, resumed = wave_table(
        heaps,
        lo,
        max_heap,
        shapes,
        values == "grundy",
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        checkpoints=points,
    )
    if cache is not None:
        cache.remove("table-levels", levels_key)  # done: the table itself is stored by the caller
    if len(found) and int(found.min()) < 0:
        raise TooLarge(
            f"{what}: a Grundy value is past the {config.MEX_SCRATCH} small values the kernel's mex "
            "keeps (MEX_SCRATCH in sprague.kernels.config); ask for outcomes, or a smaller box"
        )
    method = f"compiled box kernel (search by level on Dask, {count} worker{'s' * (count != 1)}" + (
        f", continuing {resumed:,} positions of a checkpoint)" if resumed else ")"
    )
    return found, method, resumed


def _box_values(
    heaps: int,
    lo: int,
    max_heap: int,
    shapes: Any,
    values: str,
    size: int,
    prefix: np.ndarray | None,
    progress: Callable[[int], Any] | None,
    cache: Any,
    key: dict[str, Any],
    what: str,
    began: float,
) -> tuple[np.ndarray, str, int]:
    """A compiled box filled here, from a cached prefix if any, checkpointed as it goes; a stop at the budget
    keeps what it finished in the cache and says so. ``(values, method, positions continued)``."""
    box = Box(heaps, lo, max_heap)
    finished: list[np.ndarray] = []  # the ranks finished where the search stopped (Ctrl-C, the budget)
    try:
        found = box.truth(
            shapes,
            values == "grundy",
            size,
            prefix,
            progress,
            None if cache is None else _checkpoint(_cache.Checkpoints(cache, "table", key)),
            stopped=finished.append,
        )
    except (KeyboardInterrupt, BudgetExceeded) as exc:
        partial = finished[0] if finished else None
        kept = (
            cache is not None
            and partial is not None
            and len(partial) > 0
            and (  # stored now, or before
                cache.store("table", key, partial, time.perf_counter() - began) is not None
                or (cache.stored_length("table", key) or 0) >= len(partial)
            )
        )
        if isinstance(exc, BudgetExceeded):
            raise BudgetExceeded(
                f"{what}: {exc}; "
                + (
                    f"the values of its first {0 if partial is None else len(partial):,} positions are kept in the "
                    "results cache: the same request again continues from them"
                    if kept
                    else "nothing was kept (no results cache, or it took too short a time to be worth storing)"
                ),
                estimate=None,
                limit=exc.limit,
            ) from None
        raise
    sieve = values == "outcome" and sieve_pays(shapes)
    method = f"compiled box kernel ({'retrograde sieve' if sieve else 'search in rank order'})"
    resumed = 0
    if prefix is not None and not sieve:
        method += f", continuing {len(prefix):,} cached positions"
        resumed = len(prefix)
    return found, method, resumed


def values_by_position(rules: Any, positions: np.ndarray, values: str, limit: int) -> tuple[np.ndarray, str]:
    """The values (Grundy values, or outcomes 0 P / 1 N) of the rows of ``positions``, by the closed forms or
    search, position by position: the default of a heap ruleset's ``table_values`` hook."""
    value = rules.grundy if values == "grundy" else (lambda p, *a: int(rules.outcome(p, *a) == "N"))
    found = np.array([value(tuple(row), "auto", limit) for row in positions.tolist()], dtype=np.int64)
    return found, "closed form or memoised search, position by position"


def values_by_nim_sum(rules: Any, positions: np.ndarray, hi: int, values: str, limit: int) -> tuple[np.ndarray, str]:
    """The values of the rows of ``positions`` (heaps ``<= hi``) of a one-heap game by the Sprague-Grundy theorem:
    the nim-sum of the heaps' values, read from the single-heap sequence."""
    found = np.bitwise_xor.reduce(np.asarray(rules.sequence(hi + 1, limit))[positions], axis=1)
    if values == "outcome":
        found = (found != 0).astype(np.int64)
    return found, "Sprague-Grundy theorem: nim-sum of the single-heap sequence"


def _refuse_misere_search(rules: Any, what: str, top: tuple[int, ...], values: str, limit: int) -> None:
    """Refuse a misère table, before it starts, whose largest position search would refuse.

    Where the misère closed form (or, for outcomes, the ruleset's own misère
    algorithm) answers the largest position no search is needed there.
    """
    if (rules.misere_closed_grundy(top) if values == "grundy" else rules.misere_closed_outcome(top)) is not None:
        return
    if values == "outcome" and rules.misere_computed_outcome(top) is not None:
        return
    refuse_if_too_large(
        f"{what} (misère search from {rules.format_position(top)})", rules.estimate_positions(top), limit
    )


def _misere_values(
    rules: Any, positions: np.ndarray, values: str, limit: int, what: str, progress: Callable[[int], Any] | None
) -> tuple[np.ndarray, str]:
    """Misère outcomes (0 P / 1 N) or misère Grundy values g- of the rows of ``positions``, and how they were had.

    Each position is asked of the ruleset's misère closed form first, then of
    ``rules.grundy(..., misere=True)`` (``outcome``), which searches; the searches
    of the whole table share one memo and may visit ``limit`` positions in all.
    """
    grundy = values == "grundy"
    closed = rules.misere_closed_grundy if grundy else rules.misere_closed_outcome
    found = np.empty(len(positions), dtype=np.int64)
    by_closed = used = 0
    for i, row in enumerate(positions.tolist()):
        p = tuple(row)
        v = closed(p)
        if v is not None:
            by_closed += 1
        else:
            memo = rules.solver.misere_search.memo if rules.solver.misere_search is not None else {}
            before = len(memo)
            try:
                v = (rules.grundy if grundy else rules.outcome)(p, "auto", max(1, limit - used), misere=True)
            except TooLarge as exc:
                if used == 0:
                    raise
                raise TooLarge(
                    f"{what}: its misère searches stopped after {limit:,} positions (the limit) at "
                    f"{rules.format_position(p)}; {RAISE_HINT}",
                    estimate=exc.estimate,
                    limit=limit,
                ) from None
            if rules.solver.misere_search is not None:
                used += max(0, len(rules.solver.misere_search.memo) - before)
        found[i] = v if grundy else int(v == "N")
        if progress is not None and (i + 1) % 1024 == 0:
            progress(1024)
    if progress is not None and len(positions) % 1024:
        progress(len(positions) % 1024)
    searched = len(positions) - by_closed
    if not searched:
        return found, "the ruleset's misère closed form, position by position"
    own = type(rules).misere_computed_outcome is not Rules.misere_computed_outcome and not grundy
    rest = "the ruleset's own misère algorithm or memoised misère search" if own else "memoised misère search"
    if not by_closed:
        return found, f"{rest}, position by position"
    return found, f"position by position: {by_closed:,} by the misère closed form, {searched:,} by {rest}"


def _checkpoint(points: _cache.Checkpoints) -> Callable[[np.ndarray], None]:
    """What :meth:`Box.truth` calls after each chunk: save the finished ranks when a checkpoint is due.

    Search in rank order only looks at lower ranks, so the finished ranks are a
    valid prefix to continue from: a run killed outright loses at most about one
    interval (and one chunk) of work.
    """

    def checkpoint(finished: np.ndarray) -> None:
        if points.due():
            points.save(_compact(finished))

    return checkpoint


def _compact(found: np.ndarray) -> np.ndarray:
    """The values in the smallest integer type that holds them (as the cache stores a table); not copied if they are."""
    return found.astype(np.min_scalar_type(int(found.max()) if len(found) else 0), copy=False)


def box_table(
    rules: Any, heaps: int, max_heap: int, values: str = "grundy", max_positions: int = TABLE_MAX_COMPILED
) -> tuple[np.ndarray, np.ndarray]:
    """Every position with ``heaps`` heaps of at most ``max_heap`` and its value, by compiled search.

    Returns ``(positions, values)``: one row of ascending heaps per position (colex
    order) and its Grundy value (``values="grundy"``) or outcome code (0 = P,
    1 = N). Only for the rulesets with a compiled kernel (the Delete Nim family).

    >>> import sprague
    >>> pos, g = box_table(sprague.ruleset("single-delete"), heaps=3, max_heap=4)
    >>> [(tuple(map(int, p)), int(v)) for p, v in zip(pos, g)][-3:]
    [((2, 4, 4), 4), ((3, 4, 4), 1), ((4, 4, 4), 0)]
    """
    if values not in KINDS:
        raise InvalidParameter(f"values={values!r} is not 'grundy' or 'outcome'")
    shapes = kernel_shapes(rules, heaps)
    if shapes is None:
        raise InvalidParameter(f"{rules.name} has no compiled kernel; use its grundy() or sprague table for a slice")
    box = Box(heaps, rules.min_heap, max_heap)
    refuse_if_too_large(f"{rules.name}: a table of {heaps} heaps <= {max_heap}", box.size, max_positions)
    return box.positions(), box.truth(shapes, values == "grundy", box.size)
