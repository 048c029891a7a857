"""Worker processes that compute the web server's requests, killed and replaced when they overrun.

Threads cannot be stopped, so a request that runs past its time limit in a
thread keeps its thread (and, for big-integer arithmetic, the interpreter lock)
until it ends by itself. :class:`WorkerPool` runs each computation in a worker
process instead:

- **time limit**: a computation still running at its deadline (counted from the
  request's arrival, so waiting for a free worker counts too) is ended with
  SIGKILL and its worker replaced; the caller gets :class:`TimeLimitExceeded`;
- **memory limit**: each worker may grow by ``memory_limit`` megabytes past its
  size at start (``RLIMIT_AS``, on Linux); an allocation beyond raises
  ``MemoryError`` in the worker, the caller gets :class:`MemoryLimitExceeded`
  and the worker is replaced;
- **long computations do not starve short ones**: a computation still running
  after :data:`SLOW_AFTER` seconds leaves the pool's ``workers`` slots (a fresh
  worker takes its place) and drops :data:`LONG_NICENESS` steps of CPU priority,
  so the cheap requests of other clients keep their workers and most of the
  CPU; at most ``max_long`` such long computations run at once, and one more is
  stopped with :class:`ServerBusy`;
- a worker that dies (killed by the OS, a crash in native code) gives
  :class:`WorkerCrashed` and is replaced.

The pool is driven from asyncio without threads of its own on the hot path:
the result pipe of a worker is watched with ``loop.add_reader``, deadlines are
``loop.call_later`` timers. Workers are started (in a background thread, so the
event loop never waits for a fork) from a ``forkserver`` that has imported
``preload`` once, so a replacement is ready in milliseconds with sprague
already imported. It works from several event loops at once (each request on
its own loop, as Starlette's TestClient does).

Examples
--------
>>> import asyncio, math
>>> pool = WorkerPool(workers=1)
>>> asyncio.run(pool.run(math.factorial, (20,), time_limit=30))
2432902008176640000
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import os
import pickle
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = [
    "WorkerPool",
    "PoolError",
    "TimeLimitExceeded",
    "MemoryLimitExceeded",
    "ServerBusy",
    "WorkerCrashed",
    "SLOW_AFTER",
    "LONG_NICENESS",
]

CLOSE_GRACE = 2.0  #: seconds :meth:`WorkerPool.close` gives the workers to exit by themselves before killing them
SLOW_AFTER = 0.1  #: seconds of CPU after which a computation counts as long (leaves its slot, lower CPU priority)
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int | None) -> float | None:
    """CPU seconds (user + system) the process ``pid`` has used, from ``/proc/PID/stat``, or None (no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()  # after the command name: field 3 (state) on
        return (int(fields[11]) + int(fields[12])) / _TICKS  # fields 14 and 15: utime, stime
    except (OSError, IndexError, ValueError):
        return None


#: How many steps of niceness a worker drops by when its computation becomes long (from the server's own,
#: at most to 19). Five steps give the server's short computations three times a long one's share of a core
#: they share, and a long one a third of the share of any other program's process. The lowest priority (19,
#: the drop once made here) gave it 1/68: beside two busy processes on two cores, a computation of 0.74 s
#: took 35-41 s, and a request of seconds ran into the 10 s time limit; at 5 steps it takes 2.3-2.8 s
#: (benchmarks/long_priority.py). The server's load test measures the same p95 a move at either.
LONG_NICENESS = 5
_HEADER = struct.Struct("!Q")  # length prefix of a job sent to a worker and of its result


class PoolError(Exception):
    """A computation that did not give its result: over its time or memory limit, crashed, or refused."""


class TimeLimitExceeded(PoolError):
    """Still running (or still waiting for a worker, if ``started`` is false) at the deadline."""

    def __init__(self, limit: float, started: bool) -> None:
        super().__init__(f"not done within {limit:g} s ({'computing' if started else 'waiting for a worker'})")
        self.limit = limit
        self.started = started


class MemoryLimitExceeded(PoolError):
    """The computation needed more memory than the worker's limit (``MemoryError`` in the worker)."""


class ServerBusy(PoolError):
    """The computation became long while ``max_long`` long computations were running already."""

    def __init__(self, running: int) -> None:
        super().__init__(f"{running} long computations are running already")
        self.running = running


class WorkerCrashed(PoolError):
    """The worker process ended without giving a result (killed by the OS, or a crash in native code)."""

    def __init__(self, exitcode: int | None) -> None:
        how = "still running" if exitcode is None else f"signal {-exitcode}" if exitcode < 0 else f"exit {exitcode}"
        super().__init__(f"the worker process ended without a result ({how})")
        self.exitcode = exitcode


class _Worker:
    """One worker process and the two pipes to it."""

    def __init__(self, process: BaseProcess, inbox: Connection, results: Connection) -> None:
        self.process = process
        self.inbox = inbox  # the parent writes jobs here
        self.results = results  # and reads results here (non-blocking)
        self.long = False

    def stop(self) -> None:
        """Ask the worker to end as a process should (it exits through its own clean-up, unlike :meth:`kill`).

        Its inbox is closed (an idle worker reads the end of it and returns) and it
        is sent SIGTERM (a computing worker's SIGTERM handler raises SystemExit).
        """
        with contextlib.suppress(Exception):
            self.inbox.close()
        with contextlib.suppress(Exception):
            self.process.terminate()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        for conn in (self.inbox, self.results):
            with contextlib.suppress(Exception):
                conn.close()
        # reap it without blocking the caller (the event loop)
        threading.Thread(target=self.process.join, name="sprague-reap", daemon=True).start()


class WorkerPool:
    """Worker processes for computations with a time and memory limit each.

    Parameters
    ----------
    workers : int
        Computations run at once (beyond them, requests wait for a worker).
    memory_limit : float, optional
        Megabytes a worker may allocate past its size at start (``RLIMIT_AS``;
        Linux). None: no limit.
    max_long : int, optional
        Long computations (past :data:`SLOW_AFTER` seconds) that may run at
        once, besides the ``workers`` slots (default: ``workers``).
    preload : sequence of str
        Modules the forkserver imports once (besides this one), so every
        worker starts with them.
    slow_after : float
        Seconds after which a computation counts as long.
    """

    def __init__(
        self,
        workers: int,
        memory_limit: float | None = None,
        max_long: int | None = None,
        preload: Sequence[str] = (),
        slow_after: float = SLOW_AFTER,
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self.memory_limit = memory_limit
        self.max_long = workers if max_long is None else max_long
        self.slow_after = slow_after
        methods = multiprocessing.get_all_start_methods()
        self._ctx: Any = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if self._ctx.get_start_method() == "forkserver":  # no effect once this process's forkserver runs
            self._ctx.set_forkserver_preload([__name__, *preload])
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()  # computing, in a slot
        self._long: set[_Worker] = set()  # computing, out of the slots (long)
        self._starting = 0
        self._waiters: collections.deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[_Worker]]] = (
            collections.deque()
        )
        self._closed = False
        self._ready = threading.Event()
        self.started = 0  #: worker processes started so far (the first ``workers`` and every replacement)
        self.start_error: BaseException | None = None  #: why the last worker could not be started, if it could not

    # ------------------------------------------------------------ public
    def start(self) -> None:
        """Start the workers (in the background: this returns at once)."""
        with self._lock:
            self._fill()

    def ready(self) -> bool:
        """Whether every worker has started (once), with no error; false while the first ones still start."""
        return self._ready.is_set() and self.start_error is None

    def wait_ready(self, timeout: float) -> bool:
        """Wait until every worker has started (or one could not start); true if they all did in time."""
        return self._ready.wait(timeout) and self.start_error is None

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...], time_limit: float) -> Any:
        """``fn(*args)`` in a worker, within ``time_limit`` seconds from now; ``fn`` must be importable by name.

        Raises :class:`PoolError` subclasses for the limits; an exception of
        ``fn`` is raised again here.
        """
        deadline = time.monotonic() + time_limit
        worker = await self._acquire(deadline, time_limit)
        return await self._call(worker, fn, args, deadline, time_limit)

    def close(self, grace: float = CLOSE_GRACE) -> None:
        """End every worker; waiting and running calls end with :class:`WorkerCrashed`.

        The workers are asked to end (:meth:`_Worker.stop`) and given ``grace``
        seconds to exit through their own clean-up, so that what they hold (a
        semaphore of ``multiprocessing``, a temporary file) is released and the
        resource tracker has nothing to warn about; one still running then (in a
        compiled kernel that does not return to Python) is killed.
        """
        with self._lock:
            self._closed = True
            workers = [*self._idle, *self._busy, *self._long]
            self._idle.clear()
            waiters = list(self._waiters)
            self._waiters.clear()
        for w in workers:
            w.stop()
        deadline = time.monotonic() + grace
        for w in workers:
            with contextlib.suppress(Exception):
                w.process.join(max(0.0, deadline - time.monotonic()))
        for w in workers:
            w.kill()
        for loop, fut in waiters:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_fail, fut, WorkerCrashed(None))

    def counts(self) -> dict[str, int]:
        """How many workers are idle, computing in a slot, computing long, and starting (for tests and logs)."""
        with self._lock:
            return {
                "idle": len(self._idle),
                "busy": len(self._busy),
                "long": len(self._long),
                "starting": self._starting,
            }

    def pids(self) -> set[int]:
        """The process ids of the live workers."""
        with self._lock:
            return {w.process.pid for w in [*self._idle, *self._busy, *self._long] if w.process.pid is not None}

    # ------------------------------------------------------------ workers
    def _fill(self) -> None:
        """Start workers until the slots are full (idle + busy + starting = workers). Holds the lock."""
        if self._closed:
            return
        missing = self.workers - len(self._idle) - len(self._busy) - self._starting
        for _ in range(max(0, missing)):
            self._starting += 1
            threading.Thread(target=self._spawn, name="sprague-spawn", daemon=True).start()

    def _spawn(self) -> None:
        """Start one worker process (in a background thread) and hand it to a waiter or the idle list."""
        worker: _Worker | None = None
        try:
            inbox_read, inbox_write = self._ctx.Pipe(duplex=False)
            results_read, results_write = self._ctx.Pipe(duplex=False)
            process = self._ctx.Process(
                target=_worker_main,
                args=(inbox_read, results_write, self.memory_limit),
                name="sprague-worker",
                daemon=True,
            )
            process.start()
            inbox_read.close()
            results_write.close()
            os.set_blocking(results_read.fileno(), False)
            os.set_blocking(inbox_write.fileno(), False)  # a job of megabytes is written as the pipe drains
            worker = _Worker(process, inbox_write, results_read)
        except Exception as exc:  # e.g. out of processes: the pool stays smaller until the next request
            self.start_error = exc
        with self._lock:
            self._starting -= 1
            if worker is None:
                self._ready.set()
                return
            self.started += 1
            if self._closed:
                worker.kill()
                return
            self._give(worker)
            if len(self._idle) + len(self._busy) >= self.workers:
                self._ready.set()

    def _give(self, worker: _Worker) -> None:
        """A free worker: to the first waiter, or to the idle list. Holds the lock."""
        while self._waiters:
            loop, fut = self._waiters.popleft()
            if fut.done():
                continue
            try:
                loop.call_soon_threadsafe(self._deliver, fut, worker)
            except RuntimeError:  # that waiter's loop is closed
                continue
            self._busy.add(worker)
            return
        self._idle.append(worker)

    def _deliver(self, fut: asyncio.Future[_Worker], worker: _Worker) -> None:
        """In the waiter's loop: the worker is its own, unless it gave up meanwhile (then it goes back)."""
        if fut.done():
            with self._lock:
                self._busy.discard(worker)
                self._give(worker)
        else:
            fut.set_result(worker)

    def _release(self, worker: _Worker, healthy: bool) -> None:
        """A computation ended: its worker goes back, or is killed and replaced."""
        with self._lock:
            self._busy.discard(worker)
            self._long.discard(worker)
            if healthy and not worker.long and not self._closed:
                self._give(worker)
                return
        worker.kill()  # a long worker's place was filled when it became long
        with self._lock:
            self._fill()

    async def _acquire(self, deadline: float, time_limit: float) -> _Worker:
        loop = asyncio.get_running_loop()
        dead: list[_Worker] = []
        found: _Worker | None = None
        fut: asyncio.Future[_Worker] = loop.create_future()
        with self._lock:
            if self._closed:
                raise WorkerCrashed(None)
            while self._idle and found is None:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    self._busy.add(worker)
                    found = worker
                else:
                    dead.append(worker)
            if found is None:
                self._waiters.append((loop, fut))
            self._fill()
        for w in dead:
            w.kill()
        if found is not None:
            return found
        try:
            return await asyncio.wait_for(fut, max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            if fut.done() and not fut.cancelled():  # delivered just as the time ran out: give it back
                self._release(fut.result(), healthy=True)
            raise TimeLimitExceeded(time_limit, started=False) from None
        # a worker delivered after the waiter gave up goes back in _deliver (fut is then done)

    async def _call(
        self, worker: _Worker, fn: Callable[..., Any], args: tuple[Any, ...], deadline: float, time_limit: float
    ) -> Any:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[tuple[str, Any]] = loop.create_future()
        buffer = bytearray()
        fd = worker.results.fileno()

        def overtime() -> None:
            if not done.done():
                done.set_exception(TimeLimitExceeded(time_limit, started=True))

        def long() -> None:
            if done.done():
                return
            # long means computing for slow_after seconds, not waiting for a CPU: on a busy machine a cheap
            # computation can wait longer than that, and counted long it was refused with ServerBusy (503)
            used = _cpu_seconds(worker.process.pid)
            if used is not None and cpu_at_start is not None and used - cpu_at_start < self.slow_after / 2:
                timers.append(loop.call_later(self.slow_after, long))  # look again later
                return
            with self._lock:
                if len(self._long) >= self.max_long:
                    running = len(self._long)
                else:
                    running = -1
                    worker.long = True
                    self._busy.discard(worker)
                    self._long.add(worker)
                    self._fill()  # a fresh worker takes the slot
            if running >= 0:
                done.set_exception(ServerBusy(running))
            elif hasattr(os, "setpriority") and worker.process.pid is not None:
                with contextlib.suppress(OSError):  # the process may have ended just now
                    pid = worker.process.pid
                    os.setpriority(os.PRIO_PROCESS, pid, min(19, os.getpriority(os.PRIO_PROCESS, pid) + LONG_NICENESS))

        healthy = False
        timers: list[asyncio.TimerHandle] = []
        cpu_at_start = _cpu_seconds(worker.process.pid)
        try:
            try:
                job = pickle.dumps((fn, args))
                await _write(worker.inbox.fileno(), _HEADER.pack(len(job)) + job)
            except OSError:  # the idle worker had died
                worker.process.join(0.5)
                raise WorkerCrashed(worker.process.exitcode) from None
            loop.add_reader(fd, _read_result, fd, worker, buffer, done)
            timers = [
                loop.call_later(max(0.0, deadline - time.monotonic()), overtime),
                loop.call_later(self.slow_after, long),
            ]
            status, value = await done
            healthy = status != "memory"
            if status == "ok":
                return value
            if status == "memory":
                raise MemoryLimitExceeded(f"over the memory limit of {self.memory_limit:g} MB")
            raise value
        finally:
            for timer in timers:
                timer.cancel()
            with contextlib.suppress(Exception):
                loop.remove_reader(fd)
            self._release(worker, healthy)


def _read_result(fd: int, worker: _Worker, buffer: bytearray, done: asyncio.Future[tuple[str, Any]]) -> None:
    """Called when the worker's result pipe ``fd`` is readable: what it holds added to ``buffer``; ``done`` set
    when the whole result is in (unpickled), or with :class:`WorkerCrashed` when the worker has ended."""
    while not done.done():
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:  # the worker ended
            worker.process.join(0.1)
            done.set_exception(WorkerCrashed(worker.process.exitcode))
            return
        buffer.extend(chunk)
        if len(buffer) >= _HEADER.size and len(buffer) >= _HEADER.size + _HEADER.unpack_from(buffer)[0]:
            try:
                done.set_result(pickle.loads(bytes(buffer[_HEADER.size :])))
            except Exception as exc:  # a result that does not unpickle here
                done.set_result(("error", RuntimeError(f"unreadable result: {type(exc).__name__}: {exc}")))
            return


def _fail(fut: asyncio.Future[Any], exc: BaseException) -> None:
    if not fut.done():
        fut.set_exception(exc)


# ---------------------------------------------------------------- the worker side
def _limit_memory(megabytes: float) -> None:
    """Let this process grow by ``megabytes`` past its present size (address space; Linux)."""
    try:
        import resource

        with open("/proc/self/status") as status:
            size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    except (ImportError, OSError, StopIteration, ValueError):
        return  # no /proc (not Linux): no limit
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + int(megabytes * 1024 * 1024)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


async def _write(fd: int, data: bytes) -> None:
    """Write ``data`` to the non-blocking pipe ``fd``, waiting on the event loop while the pipe is full.

    A job carries the request's body (up to megabytes); a blocking write of it would hold the
    event loop, and every other client's request, until the worker had read it all.
    """
    loop = asyncio.get_running_loop()
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:
            ready: asyncio.Future[None] = loop.create_future()

            def drained(ready: asyncio.Future[None] = ready) -> None:
                if not ready.done():
                    ready.set_result(None)

            loop.add_writer(fd, drained)
            try:
                await ready
            finally:
                loop.remove_writer(fd)


def _read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from the blocking pipe ``fd``; None if it ends first (the server is gone)."""
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _exit_on_sigterm(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def _worker_main(inbox: Connection, results: Connection, memory_limit: float | None) -> None:
    """A worker: run each job ``(fn, args)`` from ``inbox`` and write ``(status, value)`` to ``results``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in the server's terminal: the server ends the workers
    signal.signal(signal.SIGTERM, _exit_on_sigterm)  # WorkerPool.close: end through Python's clean-up, not abruptly
    with contextlib.suppress(ValueError, RuntimeError):
        # A semaphore made here with the default context (multiprocessing.Lock(), a Queue) is unlinked at once
        # under "fork", so a worker killed at its time limit leaves nothing for the resource tracker to warn of.
        multiprocessing.set_start_method("fork", force=True)
    sys.set_int_max_str_digits(0)  # heaps of any size are read and written exactly, as on the command line
    if memory_limit is not None:
        _limit_memory(memory_limit)
    fd = results.fileno()
    while True:
        try:
            head = _read_exactly(inbox.fileno(), _HEADER.size)
            job = None if head is None else _read_exactly(inbox.fileno(), _HEADER.unpack(head)[0])
        except OSError:
            return
        if job is None:
            return  # the server is gone
        try:
            fn, args = pickle.loads(job)
            result: tuple[str, Any] = ("ok", fn(*args))
            data = pickle.dumps(result)
        except MemoryError:
            result, data = ("memory", None), b""
        except SystemExit:  # SIGTERM (WorkerPool.close): end here; the caller gets WorkerCrashed
            return
        except BaseException as exc:  # the caller gets it raised again
            result, data = ("error", exc), b""
        if not data:
            try:
                data = pickle.dumps(result)
            except MemoryError:
                data = pickle.dumps(("memory", None))
            except Exception as exc:  # an exception that does not pickle
                data = pickle.dumps(
                    ("error", RuntimeError(f"{type(result[1]).__name__}: {result[1]} (and it did not pickle: {exc})"))
                )
        data = _HEADER.pack(len(data)) + data
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(fd, view) :]
            except OSError:
                return
