"""A box of the Delete family filled on a Dask cluster, one level at a time (a wavefront).

Every move lowers the level ``w = 2 (total) + (zeros)`` of a position (proved in
:mod:`sprague.kernels.wave`), so the positions of one level depend only on lower
levels: each level is shared among the workers (every ``k``-th position of it to
worker ``i``), each values its share against its own copy of the table, and what
they found is sent to every worker before the next level starts. The table equals
the one filled in rank order by one process.

Each worker keeps a copy of the table (4 bytes a position), this process the whole
table; what crosses the network is each level once to every worker. With
``workers=N`` the cluster is a :class:`dask.distributed.LocalCluster` of ``N``
single-threaded processes made for the run; with ``scheduler="tcp://host:port"`` it
is that cluster, whose workers must be able to import sprague (the same version).

The run is checkpointed in the results cache as the values in *level order* (each
level as :func:`~sprague.kernels.wave.level_ranks` lists it): a prefix of whole
levels, so a killed run goes on from its last saved level.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.core.parallel import check_workers, client
from sprague.errors import InvalidParameter, SpragueError
from sprague.kernels.box import binomials
from sprague.kernels.wave import level_ranks, level_size, level_values, levels

__all__ = ["wave_table"]

_REPLICAS: dict[str, np.ndarray] = {}  # on a worker: its copy of each run's table
#: seconds between two looks at whether the workers of a run are still there
WATCH_SECONDS = 2.0


def wave_table(
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    grundy: bool,
    *,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Callable[[int], Any] | None = None,
    checkpoints: _cache.Checkpoints | None = None,
) -> tuple[np.ndarray, int, int]:
    """Grundy values (or outcomes, 0 = P / 1 = N) of every position of the box, the number of Dask workers, and
    how many positions were read from a checkpoint of an earlier run (0: none).

    ``checkpoints`` (kind ``"table-levels"``, its key naming the box) holds the
    values of the levels done, in level order; a stored prefix there is where the
    run starts, and it is saved when due and on Ctrl-C or a failure.
    """
    binom = binomials(n, lo, hi)
    size = int(binom[hi - lo + n, n])
    table = np.full(size, -1, dtype=np.int32)
    plan = levels(n, lo, hi)
    done = _resume(n, lo, hi, binom, plan, table, checkpoints)
    kept = int(np.count_nonzero(table >= 0)) if done else 0
    if progress is not None and kept:
        progress(kept)
    with _cluster(workers, scheduler) as dask:
        addresses = sorted(dask.scheduler_info().get("workers", {}))
        if not addresses:
            raise InvalidParameter("the Dask cluster has no workers; start some (dask worker ADDRESS) and run again")
        run = uuid.uuid4().hex
        start = dask.scatter(table, broadcast=True) if done else None
        _wait(
            dask,
            [
                dask.submit(_replica_open, run, size, start, workers=[a], allow_other_workers=False, pure=False)
                for a in addresses
            ],
            addresses,
        )
        del start
        saved = done
        try:
            delta = None
            for level in plan[done:]:
                sent = dask.scatter(delta, broadcast=True) if delta is not None else None
                parts = [
                    dask.submit(
                        _level_part,
                        run,
                        n,
                        lo,
                        hi,
                        shapes,
                        level,
                        grundy,
                        i,
                        len(addresses),
                        sent,
                        workers=[a],
                        allow_other_workers=False,
                        pure=False,
                    )
                    for i, a in enumerate(addresses)
                ]
                ranks, values = _level_order(_wait(dask, parts, addresses))
                table[ranks] = values
                delta = (ranks, values)
                done += 1
                if progress is not None:
                    progress(len(ranks))
                if checkpoints is not None and checkpoints.due():
                    checkpoints.save(_in_level_order(n, lo, hi, binom, plan[:done], table))
                    saved = done
        except BaseException:  # Ctrl-C, a worker gone: keep the levels done
            if checkpoints is not None and done > saved:
                checkpoints.save(_in_level_order(n, lo, hi, binom, plan[:done], table))
            raise
        finally:
            with contextlib.suppress(Exception):  # a cluster already gone has no copies to free
                dask.run(_replica_close, run)
    return table, len(addresses), kept


def _wait(dask: Any, futures: list[Any], addresses: list[str]) -> list[Any]:
    """The results of ``futures``; one line, not a wait for ever, if a worker they are pinned to leaves."""
    from dask.distributed import wait

    while True:
        try:
            wait(futures, timeout=WATCH_SECONDS)
            return list(dask.gather(futures))
        except TimeoutError:
            live = set(dask.scheduler_info().get("workers", {}))
            gone = [a for a in addresses if a not in live]
            if gone:
                for fut in futures:
                    fut.cancel()
                raise SpragueError(
                    f"the Dask worker {gone[0]} left during the run, with its copy of the table; run "
                    "the table again: the levels saved in the results cache are not done again"
                ) from None


def _in_level_order(
    n: int, lo: int, hi: int, binom: np.ndarray, done: list[list[tuple[int, int]]], table: np.ndarray
) -> np.ndarray:
    """The values of the levels ``done``, in level order (what a checkpoint holds), read from ``table``."""
    return np.concatenate([table[level_ranks(n, lo, hi, t, z, binom)] for level in done for t, z in level])


def _level_order(found: list[list[tuple[np.ndarray, np.ndarray]]]) -> tuple[np.ndarray, np.ndarray]:
    """The ranks and values of one level in the order it is listed (:func:`~sprague.kernels.wave.level_ranks`).

    ``found[i][c]`` is what worker ``i`` had of the level's class ``c``: its numbers ``i, i + parts, ...``.
    """
    parts = len(found)
    ranks, values = [], []
    for c in range(len(found[0])):
        count = sum(len(found[i][c][0]) for i in range(parts))
        r, v = np.empty(count, dtype=np.int64), np.empty(count, dtype=np.int32)
        for i in range(parts):
            r[i::parts], v[i::parts] = found[i][c]
        ranks.append(r)
        values.append(v)
    return np.concatenate(ranks), np.concatenate(values)


def _resume(
    n: int,
    lo: int,
    hi: int,
    binom: np.ndarray,
    plan: list[list[tuple[int, int]]],
    table: np.ndarray,
    checkpoints: _cache.Checkpoints | None,
) -> int:
    """Fill ``table`` from the whole levels a checkpoint holds; returns how many."""
    stored = None
    if checkpoints is not None and checkpoints.cache is not None:
        stored = checkpoints.cache.load(checkpoints.kind, checkpoints.key)
    if stored is None or stored.ndim != 1:
        return 0
    offset = done = 0
    for level in plan:
        sizes = [level_size(n, lo, hi, t, z, binom) for t, z in level]
        if offset + sum(sizes) > len(stored):
            break  # a level not saved whole is done again
        for (t, z), count in zip(level, sizes):
            table[level_ranks(n, lo, hi, t, z, binom)] = stored[offset : offset + count]
            offset += count
        done += 1
    return done


@contextmanager
def _cluster(workers: int | None, scheduler: Any) -> Iterator[Any]:
    """A Dask client: of the cluster at ``scheduler``, else of a LocalCluster of ``workers`` processes made here."""
    if scheduler is not None:
        dask = client(scheduler)
        try:
            yield dask
        finally:
            if isinstance(scheduler, str):
                dask.close()
        return
    count = check_workers(workers if workers is not None else 1)
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InvalidParameter("--workers for a table runs a Dask LocalCluster: pip install 'sprague[dask]'") from None
    with (
        LocalCluster(n_workers=count, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as dask,
    ):
        yield dask


def _slot(run: str) -> str:
    from dask.distributed import get_worker

    return f"{run}@{get_worker().address}"


def _replica_open(run: str, size: int, start: np.ndarray | None) -> None:
    """On a worker: its copy of the table, all unknown (-1) or the levels a resumed run starts from."""
    _REPLICAS[_slot(run)] = np.full(size, -1, dtype=np.int32) if start is None else start.copy()


def _replica_close(run: str) -> None:
    """On a worker: forget the run's copy of the table."""
    for slot in [s for s in _REPLICAS if s.startswith(run + "@")]:
        del _REPLICAS[slot]


def _level_part(
    run: str,
    n: int,
    lo: int,
    hi: int,
    shapes: np.ndarray,
    level: list[tuple[int, int]],
    grundy: bool,
    part: int,
    parts: int,
    delta: tuple[np.ndarray, np.ndarray] | None,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """On a worker: write the previous level's values into its copy, then value its share of each class of this
    level (ranks and values)."""
    table = _REPLICAS.get(_slot(run))
    if table is None:
        raise SpragueError(
            "a Dask worker lost its copy of the table (it restarted, or joined during the run); "
            "run the table again: the levels done are kept in the results cache"
        )
    if delta is not None:
        table[delta[0]] = delta[1]
    binom = binomials(n, lo, hi)
    return [level_values(n, lo, hi, t, z, shapes, binom, table, grundy, part, parts) for t, z in level]
