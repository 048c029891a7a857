"""Independent tasks run in parallel: in this process, on local worker processes, or on a Dask cluster.

One place for the plumbing that ``sprague verify`` (chunks of a box) and ``sprague sweep``
(the codes of a family) share: :func:`run_tasks` calls ``fn(*shared, *task)`` for every
task and hands each result to ``collect`` as it finishes, in the order they finish.

- ``workers=1`` and no scheduler: in this process, one task after the other;
- ``workers=N``: a :class:`concurrent.futures.ProcessPoolExecutor` of N processes, the
  ``shared`` arguments sent once to each process (not once per task); the workers ignore
  SIGINT, so Ctrl-C reaches the parent only, which cancels what has not started and ends
  the workers;
- ``scheduler="tcp://host:port"`` (or a ``dask.distributed.Client``): the tasks are
  submitted to the cluster, the ``shared`` arguments scattered to every worker once.

On Ctrl-C (:class:`KeyboardInterrupt`, raised in the parent or by ``collect``), the tasks
not yet finished are cancelled and the interrupt is raised again: what ``collect`` got is
what is done.

``fn`` must be a module-level function (processes and Dask pickle it by reference).

Examples
--------
>>> from operator import mul
>>> done = []
>>> run_tasks(mul, [(2,), (3,), (5,)], done.append, shared=(10,))
>>> done
[20, 30, 50]
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any

from sprague.errors import InvalidParameter

__all__ = ["WORKERS_PER_CORE", "check_workers", "client", "dask_workers", "run_tasks"]

#: the most local worker processes allowed per core (more machines: a Dask scheduler)
WORKERS_PER_CORE = 4

_WORKER: dict[str, Any] = {}  # in a worker process: the function and the shared arguments


def check_workers(workers: Any) -> int:
    """``workers`` if it is a whole number from 1 to :data:`WORKERS_PER_CORE` per core here, else a one-line refusal.

    >>> check_workers(1)
    1
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidParameter(f"workers={workers!r} must be a positive integer")
    most = WORKERS_PER_CORE * (os.cpu_count() or 1)
    if workers > most:
        raise InvalidParameter(
            f"workers={workers} is more than {most} ({WORKERS_PER_CORE} per core here); for more "
            "machines give a Dask scheduler"
        )
    return workers


def client(scheduler: Any) -> Any:
    """A ``dask.distributed.Client`` for ``scheduler`` (an address, or a client, returned as it is)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise InvalidParameter("a Dask scheduler needs dask[distributed]: pip install 'sprague[dask]'") from None
    if isinstance(scheduler, str):
        try:
            return Client(scheduler, timeout="10s")
        except (OSError, ValueError, TypeError) as exc:  # ValueError: an unknown scheme, a malformed address
            raise InvalidParameter(
                f"cannot reach the Dask scheduler {scheduler!r}: {exc}; give the address a Dask "
                "scheduler prints, e.g. tcp://127.0.0.1:8786"
            ) from None
    return scheduler


def dask_workers(scheduler: Any) -> int:
    """How many workers the Dask cluster at ``scheduler`` has now."""
    c = client(scheduler)
    try:
        return len(c.scheduler_info().get("workers", {}))
    finally:
        if isinstance(scheduler, str):
            c.close()


def run_tasks(
    fn: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    collect: Callable[[Any], Any],
    *,
    workers: int = 1,
    scheduler: Any = None,
    shared: tuple[Any, ...] = (),
) -> None:
    """Call ``fn(*shared, *task)`` for each of ``tasks``; ``collect(result)`` as each finishes (see the module).

    Parameters
    ----------
    fn : callable
        A module-level function.
    tasks : sequence of tuple
        The arguments that differ from task to task.
    collect : callable
        Called in this process with each result, in the order the tasks finish.
    workers : int
        Local processes (1: in this process). Ignored with a ``scheduler``.
    scheduler : str or dask.distributed.Client, optional
        Run on a Dask cluster instead.
    shared : tuple
        Arguments common to every task, sent to each worker once.
    """
    if scheduler is not None:
        return _run_dask(fn, tasks, collect, scheduler, shared)
    if workers == 1 or len(tasks) <= 1:
        for task in tasks:
            collect(fn(*shared, *task))
        return None
    pool = cf.ProcessPoolExecutor(min(workers, len(tasks)), initializer=_init_worker, initargs=(fn, shared))
    futures = [pool.submit(_call_in_worker, *task) for task in tasks]
    try:
        for fut in cf.as_completed(futures):
            collect(fut.result())
    except BaseException:  # Ctrl-C, or collect or a task failed: stop what has not finished
        _stop(pool)
        raise
    pool.shutdown()
    return None


def _init_worker(fn: Callable[..., Any], shared: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the parent handles it
    _WORKER["fn"], _WORKER["shared"] = fn, shared


def _call_in_worker(*task: Any) -> Any:
    return _WORKER["fn"](*_WORKER["shared"], *task)


def _stop(pool: cf.ProcessPoolExecutor) -> None:
    """Cancel the tasks not started and end the worker processes (a running task is not waited for)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # before shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)


def _run_dask(
    fn: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    collect: Callable[[Any], Any],
    scheduler: Any,
    shared: tuple[Any, ...],
) -> None:
    from dask.distributed import as_completed

    c = client(scheduler)
    try:
        common = [c.scatter([item], broadcast=True)[0] for item in shared]  # once to each worker, not per task
        futures = [c.submit(fn, *common, *task, pure=False) for task in tasks]
        try:
            for fut in as_completed(futures):
                collect(fut.result())
        except BaseException:
            c.cancel(futures)
            raise
    finally:
        if isinstance(scheduler, str):
            c.close()
