"""Budgets counted as the work is done: work units, memory and (optionally) seconds, for a whole request.

A computation charges the active :class:`Budget` as it goes (:func:`charge` for work, :func:`check_memory` for
memory) and stops with :class:`~sprague.errors.BudgetExceeded` at its limit, keeping what it computed (memos,
values, caches). Nothing is refused before it starts unless a *lower* bound of its work is over what is left
(:func:`refuse_if_sure`).

One budget covers a whole request: the command line opens one per command (``--max-work``, ``--max-memory``,
``--time-limit``), the web server one per request, and a Python call to a public function opens the default one
when none is active. Open your own for several calls at once::

    >>> import sprague
    >>> with sprague.budget(work=10**6) as b:
    ...     sprague.ruleset("subtraction", S=[1, 2, 5]).grundy((7, 8, 9), method="search")
    ...     b.spent > 0
    3
    True

The units, measured on the project's 2-core machine (``benchmarks/budget.py``):

* **work**: about a microsecond of CPU each. A search charges one unit per option it lists and
  :data:`POSITION_WORK` per position it expands; compiled kernels charge one unit per
  :data:`KERNEL_STEPS_PER_WORK` loop iterations.
* **memory**: bytes the process holds beyond what it held at the budget's first memory check (its resident set,
  read from the operating system: every computation that grows checks early and often), or what the computation
  counts it keeps where that is more, plus what it is about to allocate in one piece.
* **seconds**: wall-clock, checked as work is charged.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from sprague.errors import BudgetExceeded, InvalidParameter, TooLarge

__all__ = [
    "Budget",
    "budget",
    "active",
    "metered",
    "charge",
    "check_memory",
    "refuse_if_sure",
    "left",
    "work_cap",
    "share",
    "BONUS_SHARE",
    "REMOTENESS_SHARE",
    "DEFAULT_MAX_WORK",
    "DEFAULT_MAX_MEMORY",
    "POSITION_WORK",
    "KERNEL_STEPS_PER_WORK",
    "WORK_HINT",
    "MEMORY_HINT",
    "physical_memory",
    "resident_bytes",
]

#: Default work budget of one request, in units of about a microsecond (``--max-work``, Python
#: ``sprague.budget(work=N)``): some 10-20 s of CPU on a 2-core machine (``benchmarks/budget.py``).
DEFAULT_MAX_WORK = 20_000_000

#: Work charged for each position a search expands (memo, canonical key, mex), besides one unit per option.
POSITION_WORK = 4

#: Loop iterations of a compiled kernel (a few nanoseconds each) charged as one unit of work.
KERNEL_STEPS_PER_WORK = 500

#: a Grundy value searched for beside an outcome already known gets at most this fraction of the budget (1/N): half,
#: so that a value of some 10 s is still given with the default budget (a tenth left out Single-delete Nim values of
#: 2-7 s that the position limit of before gave, benchmarks/defaults.py)
BONUS_SHARE = 2

#: the remoteness a moves report adds beside its values (the web page's options) gets at most this fraction of the
#: budget (1/N): a twentieth, half a second of the server's request budget, so that the options of a position
#: with thousands of them (Nim 3000 5: 3,005 options, 27 million option edges below) come at once, the remoteness
#: "not computed"; a larger budget (--max-work, sprague.budget(work=N)) raises it
REMOTENESS_SHARE = 20

WORK_HINT = "raise it with --max-work N (Python: with sprague.budget(work=N): ...)"
MEMORY_HINT = "raise it with --max-memory MB (Python: with sprague.budget(memory=BYTES): ...)"
TIME_HINT = "raise it with --time-limit SECONDS (Python: with sprague.budget(seconds=S): ...)"


def physical_memory() -> int:
    """Bytes of memory of this machine (8 GiB where the system does not say)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return 8 << 30


#: Default memory budget of one request: a quarter of the machine's memory (``--max-memory``).
DEFAULT_MAX_MEMORY = physical_memory() // 4

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """The resident set of this process in bytes (Linux: /proc/self/statm), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


class Budget:
    """What one request may spend: ``work`` units, ``memory`` bytes of growth, and ``seconds`` (None: no limit).

    ``spent`` counts the work charged so far; :meth:`charge` and :meth:`check_memory` raise
    :class:`~sprague.errors.BudgetExceeded` past the limits.
    """

    def __init__(self, work: int | None = None, memory: int | None = None, seconds: float | None = None):
        self.work = _check("work", work, DEFAULT_MAX_WORK)
        self.memory = _check("memory", memory, DEFAULT_MAX_MEMORY)
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, float))
            or not seconds > 0
            or seconds == float("inf")
        ):
            raise InvalidParameter(f"seconds must be a positive number (or None for no time limit), got {seconds!r}")
        self.seconds = seconds
        self.spent = 0
        #: called with the budget each time ``spent`` passes ``next_watch`` (a progress bar; it sets the next one)
        self.watch: Callable[[Budget], Any] | None = None
        self.next_watch: float = float("inf")
        self.bonus = 0  # the part of spent that went to bonus work (:func:`share`)
        #: for a share of another budget (:func:`share`): (the fraction's denominator, that budget's work)
        self.share_of: tuple[int, int] | None = None
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds
        self.base: int | None = None  # the resident set at the first memory check (reading it costs some 10 us,
        # too much for the budget a cheap call opens: options(), apply(); what a computation holds before its
        # first check is small, as every computation that grows checks early and often)

    def __repr__(self) -> str:
        return f"Budget(work={self.work}, memory={self.memory}, seconds={self.seconds}, spent={self.spent})"

    @property
    def left(self) -> int:
        """Work units still to spend."""
        return max(self.work - self.spent, 0)

    def charge(self, units: int, what: str) -> None:
        """Count ``units`` of work done for ``what``; raise past the work budget or the deadline."""
        self.spent += units
        if self.spent >= self.next_watch and self.watch is not None:
            self.watch(self)
        if self.spent > self.work:
            limit = f"the work budget of {self.work:,} units"
            if self.share_of is not None:  # a share (share()): say of what, not the share's few units left
                fraction, whole = self.share_of
                limit = (
                    f"its share of the work budget (1/{fraction} of {whole:,} units, for work beside an answer "
                    f"already had; {self.work:,} of it were left for this)"
                )
            raise BudgetExceeded(
                f"{what} stopped at {limit} (about a microsecond each) without finishing; {WORK_HINT}",
                estimate=None,
                limit=self.work,
            )
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise BudgetExceeded(
                f"{what} stopped at the time limit of {self.seconds:g} s without finishing; {TIME_HINT}",
                estimate=None,
                limit=self.work,
            )

    def check_memory(self, what: str, extra: int = 0, counted: int = 0) -> None:
        """Raise when the memory held since the budget opened, plus ``extra`` bytes about to be taken, is over.

        What is held is the growth of the process's resident set, or ``counted`` (the caller's own count of what it
        keeps) where that is more: memory freed earlier is reused without growing the resident set.
        """
        rss = resident_bytes()
        if self.base is None:
            self.base = rss or 0
        held = max(0 if rss is None else rss - self.base, counted, 0)
        if held + extra > self.memory:
            more = f" (and {_mb(extra)} more needed)" if extra else ""
            raise BudgetExceeded(
                f"{what} stopped at the memory budget of {_mb(self.memory)}: it holds {_mb(held)}{more}; {MEMORY_HINT}",
                estimate=held + extra,
                limit=self.memory,
            )


_ACTIVE: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("sprague_budget", default=None)


def active() -> Budget | None:
    """The budget of the request in progress, or None outside one."""
    return _ACTIVE.get()


@contextlib.contextmanager
def budget(work: int | None = None, memory: int | None = None, seconds: float | None = None) -> Iterator[Budget]:
    """Open a budget for everything computed inside the block (nested blocks open their own).

    ``work`` in units of about a microsecond (default :data:`DEFAULT_MAX_WORK`), ``memory`` in bytes (default a
    quarter of the machine's), ``seconds`` of wall clock (default none).
    """
    b = Budget(work, memory, seconds)
    token = _ACTIVE.set(b)
    try:
        yield b
    finally:
        _ACTIVE.reset(token)


F = TypeVar("F", bound=Callable[..., Any])


def metered(func: F) -> F:
    """Run ``func`` under the active budget, or under a default one opened for the call when none is active."""

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            if _ACTIVE.get() is not None:
                return func(*args, **kwargs)
            with budget():
                return func(*args, **kwargs)
        except RecursionError:  # a recursive method on a position too deep for Python's stack
            raise TooLarge(
                f"{func.__name__}: the computation went deeper than Python's recursion limit "
                f"({sys.getrecursionlimit():,} calls); give a smaller position"
            ) from None

    return run  # type: ignore[return-value]


@contextlib.contextmanager
def share(fraction: int) -> Iterator[Budget | None]:
    """Within it, work that is a bonus to an answer already had (a Grundy value beside a theorem's outcome) is
    spent: all such work of one budget together at most ``1/fraction`` of it (and no more than it has left)."""
    b = _ACTIVE.get()
    if b is None:
        yield None
        return
    part = Budget(
        max(min(b.work // fraction - b.bonus, b.left), 1),
        b.memory,
        None if b.deadline is None else max(b.deadline - time.monotonic(), 1e-3),
    )
    if b.base is None:
        b.base = resident_bytes() or 0
    part.base = b.base  # the memory held counts from the whole budget's baseline
    part.share_of = (fraction, b.work)
    token = _ACTIVE.set(part)
    try:
        yield part
    finally:
        _ACTIVE.reset(token)
        b.spent += min(part.spent, b.left)
        b.bonus += part.spent


def charge(units: int, what: str) -> None:
    """Charge the active budget (nothing outside one)."""
    b = _ACTIVE.get()
    if b is not None:
        b.charge(units, what)


def check_memory(what: str, extra: int = 0, counted: int = 0) -> None:
    """Check the memory of the active budget (nothing outside one)."""
    b = _ACTIVE.get()
    if b is not None:
        b.check_memory(what, extra, counted)


def left() -> int | None:
    """Work units left in the active budget, or None outside one."""
    b = _ACTIVE.get()
    return None if b is None else b.left


def work_cap(fallback: int) -> int:
    """The work units a computation may spend: what the active budget has left, else ``fallback``."""
    b = _ACTIVE.get()
    return fallback if b is None else b.left


def refuse_if_sure(what: str, least_work: int | None = None, least_bytes: int | None = None) -> None:
    """Refuse before starting work whose proven *lower* bound (``least_work`` units, ``least_bytes`` bytes) is over
    what the active budget has left."""
    b = _ACTIVE.get()
    if b is None:
        return
    if least_work is not None and least_work > b.left:
        raise BudgetExceeded(
            f"{what} needs at least {_count(least_work)} units of work, over the "
            f"{b.left:,} left of the work budget of {b.work:,}; {WORK_HINT}",
            estimate=least_work,
            limit=b.left,
        )
    if least_bytes is not None:
        b.check_memory(what, least_bytes)


def _count(n: int) -> str:
    return f"{n:,}" if n < 10**15 else f"about 2^{n.bit_length() - 1}"


def _mb(n: int) -> str:
    return f"{n / 2**20:,.0f} MB" if n < 10**18 else f"about 2^{n.bit_length() - 1} bytes"


def _check(name: str, value: Any, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidParameter(
            f"{name} must be a positive integer (or None for the default {default:,}), got {value!r}"
        )
    return value
