"""The server's start-up: warming the workers' forkserver, and what the server says while it warms.

The worker pool's forkserver imports :mod:`sprague.web.warm`, which calls
:func:`warm_forkserver`: it computes the example of every built-in ruleset (and a
sequence, a table and a discovery), so that the numba kernels are loaded once in
the forkserver and every worker forked from it starts warm. With numba's cache
of compiled kernels filled that takes a second or two; on a first start (an
empty cache, after an install or an upgrade) every kernel is compiled, which
takes half a minute on a quiet machine and minutes on a busy one.

The server does not wait for it: it accepts connections at once and answers the
page and ``/api/rulesets`` (computed in the server's own process); a computation
waits for a warm worker within its time limit, and past it gets a 503 saying the
kernels are being prepared, how far along, and when to try again
(:meth:`WarmUp.busy_message`). The forkserver reports its progress in a small
JSON file (:class:`WarmUp`, named by the environment variable
:data:`STATUS_ENV`, which the forkserver inherits), read by ``sprague serve`` to
print it on stderr and to tell a slow start from a stuck one.

>>> status = WarmUp.create()
>>> status.read() is None  # nothing reported yet
True
>>> _write_status(status.path, done=3, total=40, step="value of kayles", began=0.0)
>>> status.read()["done"], status.progress()
(3, '3 of 40 steps done')
>>> status.remove()
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

__all__ = ["STATUS_ENV", "STALL_AFTER", "StartWatch", "WarmUp", "warm", "warm_forkserver"]

STATUS_ENV = "SPRAGUE_WARM_STATUS"  #: the environment variable naming the forkserver's progress file
STALL_AFTER = 300.0  #: seconds without a step of the warm-up after which ``sprague serve`` gives up (stuck)


def _write_status(path: str | Path, **fields: Any) -> None:
    """Write the progress file at once (a reader never sees half of it)."""
    fields["written"] = time.time()
    part = f"{path}.{os.getpid()}.part"
    with open(part, "w", encoding="utf-8") as f:
        json.dump(fields, f)
    os.replace(part, path)


def _requests() -> list[tuple[str, str, dict[str, Any]]]:
    """The warm-up's computations: (what it is, endpoint, body)."""
    from sprague.rulesets.showcase import PAGE_EXAMPLES
    from sprague.web.handlers import rulesets_report

    requests = [
        (
            f"value of {row['name']}",
            "value",
            {"ruleset": row["name"], "params": row["example_params"], "position": row["example_position"]},
        )
        for row in rulesets_report()
    ]
    (seq, seq_params), (tab, tab_params), (disc, disc_params) = (
        PAGE_EXAMPLES[k] for k in ("sequence", "table", "discover")
    )
    requests += [
        (f"sequence of {seq}", "sequence", {"ruleset": seq, "params": seq_params, "to": 40}),
        (f"table of {tab}", "table", {"ruleset": tab, "params": tab_params, "max": 6, "values": "grundy"}),
        (
            f"discovery on {disc}",
            "discover",
            {"ruleset": disc, "params": disc_params, "heaps": 2, "max": 4, "budget": 20_000},
        ),
    ]
    return requests


def warm(progress: Callable[[int, int, str], Any] | None = None) -> int:
    """Compute the examples of every ruleset; ``progress(done, total, next step)`` before each and at the end.

    Returns how many answered 200. A step that raises counts as not answered.
    """
    from sprague.web.handlers import handle

    requests = _requests()
    answered = 0
    for done, (step, endpoint, body) in enumerate(requests):
        if progress is not None:
            progress(done, len(requests), step)
        with contextlib.suppress(Exception):  # a colder start, not a broken server
            answered += handle(endpoint, json.dumps(body).encode(), 10_000)[0] == 200
    if progress is not None:
        progress(len(requests), len(requests), "")
    return answered


def warm_forkserver() -> None:
    """The forkserver's warm-up (:mod:`sprague.web.warm`), its progress written where :data:`STATUS_ENV` says.

    If the server stops meanwhile (this process is orphaned), the forkserver exits at the next step rather than
    compiling on for nobody.
    """
    path = os.environ.get(STATUS_ENV)
    began = time.time()
    server = os.getppid()

    def report(done: int, total: int, step: str) -> None:
        if os.getppid() != server:  # the server has gone (stopped while this warmed): no one to warm for
            raise SystemExit(0)
        if path:
            with contextlib.suppress(OSError):
                _write_status(path, done=done, total=total, step=step, began=began)

    try:
        warm(report)
    except Exception as exc:  # noqa: BLE001 - a colder start, not a broken server
        report(0, 0, f"failed: {type(exc).__name__}: {exc}")


class WarmUp:
    """The server's view of the forkserver's warm-up: its progress file, read as it is written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.created = time.time()

    @classmethod
    def create(cls) -> WarmUp:
        """A fresh progress file name (in a new temporary directory), not yet written."""
        return cls(Path(tempfile.mkdtemp(prefix="sprague-warm-")) / "status.json")

    def read(self) -> dict[str, Any] | None:
        """The last progress written (``done``, ``total``, ``step``, ``began``, ``written``), or None."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def progress(self) -> str:
        """The progress in words: ``"12 of 40 steps done"``, or that it has not begun."""
        data = self.read()
        if not data or not data.get("total"):
            return "starting the worker processes"
        return f"{data['done']} of {data['total']} steps done"

    def seconds_left(self) -> int | None:
        """A guess of the seconds left (from the pace so far), or None if nothing is done yet."""
        data = self.read()
        if not data or not data.get("done") or not data.get("total"):
            return None
        if data["done"] >= data["total"]:
            return 0
        spent = max(0.0, float(data["written"]) - float(data["began"]))
        left = spent / data["done"] * (data["total"] - data["done"])
        return max(1, math.ceil(left))

    def quiet_for(self) -> float:
        """Seconds since the last progress (or since :meth:`create`, if none yet)."""
        data = self.read()
        last = float(data["written"]) if data else self.created
        return max(0.0, time.time() - last)

    def busy_message(self, limit: float) -> tuple[str, int]:
        """The 503 of a request that found no warm worker within ``limit`` s: (message, Retry-After seconds)."""
        left = self.seconds_left()
        retry = max(1, left) if left is not None else 10
        return (
            f"the server is still starting: it is preparing its compiled kernels ({self.progress()}; "
            "a first start after an install or upgrade compiles them once, which takes a minute or more, later "
            f"starts take seconds), and no worker was ready within the time limit of {limit:g} s; try again in "
            f"about {retry} s",
            retry,
        )

    def remove(self) -> None:
        """Remove the progress file and its directory."""
        shutil.rmtree(self.path.parent, ignore_errors=True)


class StartWatch(threading.Thread):
    """``sprague serve``'s watch over the start: progress on ``err``, and ``stop()`` if the workers cannot start.

    It prints the warm-up's progress once it has taken ``quiet`` seconds (a start
    with the kernels cached is silent), then a line when the workers are ready. If
    a worker process cannot be started, or the warm-up makes no progress for
    ``stall_after`` seconds, it says why in :attr:`failure` and calls ``stop()``
    (which stops the server). :meth:`finish` ends the watch.
    """

    def __init__(
        self,
        pool: Any,
        warmup: WarmUp,
        stop: Callable[[], Any],
        err: TextIO,
        stall_after: float = STALL_AFTER,
        quiet: float = 2.0,
    ) -> None:
        super().__init__(name="sprague-start-watch", daemon=True)
        self.pool, self.warmup, self.stop, self.err = pool, warmup, stop, err
        self.stall_after, self.quiet = stall_after, quiet
        self.failure: str | None = None  #: why the server was stopped, if it was
        self._finished = threading.Event()

    def finish(self) -> None:
        """End the watch. If the workers became ready since it last looked, it says so before it ends."""
        self._finished.set()
        if self.is_alive() and threading.current_thread() is not self:
            self.join(timeout=10)  # a hang guard: the watch's last look takes no time

    def _say(self, text: str) -> None:
        with contextlib.suppress(Exception):
            self.err.write(f"sprague: {text}\n")
            self.err.flush()

    def run(self) -> None:
        began = time.monotonic()
        shown, last = "", 0.0
        while True:
            finished = self._finished.wait(0.25)
            if self.pool.ready():  # looked at once more when finished: a server stopped just after its workers
                if shown:  # became ready has said so (its status said ready)
                    self._say(f"ready: the kernels are prepared ({time.monotonic() - began:.0f} s)")
                return
            if finished:
                return
            if self.pool.start_error is not None:
                self.failure = (
                    f"the worker processes could not start ({self.pool.start_error}) while preparing the compiled "
                    f"kernels ({self.warmup.progress()}); if the machine is short of memory or processes, try "
                    "fewer --workers"
                )
            elif self.warmup.quiet_for() > self.stall_after:
                step = (self.warmup.read() or {}).get("step") or "starting"
                self.failure = (
                    f"preparing the compiled kernels made no progress for {self.stall_after:g} s (at "
                    f"{self.warmup.progress()}; stuck on: {step}); the machine may be overloaded: try again when "
                    "it is quieter, or run 'sprague warm-up' once first (it compiles them, showing each step)"
                )
            if self.failure is not None:
                self.stop()
                return
            now, words = time.monotonic(), self.warmup.progress()
            if now - began >= self.quiet and words != shown and now - last >= 2:
                left = self.warmup.seconds_left()
                why = "" if shown else " (a first start compiles them, once; the page is served meanwhile)"
                self._say(f"preparing the compiled kernels{why}: {words}{f', about {left} s left' if left else ''}")
                shown, last = words, now
