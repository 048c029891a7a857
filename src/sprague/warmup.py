"""``sprague warm-up``: compile every kernel once, into the cache of compiled kernels.

The kernels are compiled by numba the first time they run, which takes from a
second to half a minute; numba keeps what it compiled in
:func:`~sprague.kernels.jit.numba_cache_dir` (a directory an installed package
can write), so later processes only load it. :func:`warm_up` runs one small job
through every kernel, with the plain-Python paths for small work switched off, so
that the first real question after an install pays no compile time.

>>> from sprague.warmup import JOBS
>>> [name for name, _ in JOBS][:2]
['take-and-break sequences (naive and sparse-space)', 'take-and-break codes of three or more heaps']
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from sprague import cache as _cache
from sprague.kernels import config
from sprague.kernels.jit import make_kernels
from sprague.rulesets import ruleset

__all__ = ["JOBS", "warm_up"]


def _sequences() -> None:
    ruleset("grundys-game").sequence(3 * config.TAKE_BREAK_PREFIX)  # past the naive prefix: the sparse kernel too


def _generic_codes() -> None:
    ruleset("takebreak", code="0.F").sequence(200)


def _subtraction() -> None:
    ruleset("subtraction", S={1, 2, 5}).sequence(200)
    ruleset("all-but", S={4, 8}).sequence(200)
    ruleset("infinite-subtraction", S="squares").sequence(200)


def _turning() -> None:
    ruleset("turning-heaps", code="2-3").sequence(100)


def _rays() -> None:
    ruleset("nimhof", R="1,1;2,0").table(12, heaps=2)


def _boxes() -> None:
    for name in ("single-delete", "delete-nim", "abo-delete"):
        heaps = 2 if name == "delete-nim" else 3
        for values in ("outcome", "grundy"):
            ruleset(name).table(12, heaps=heaps, values=values)


def _verify() -> None:
    from sprague.verify import verify

    verify("single-delete-3", max_heap=12)


#: each job's name and what it runs
JOBS: list[tuple[str, Callable[[], Any]]] = [
    ("take-and-break sequences (naive and sparse-space)", _sequences),
    ("take-and-break codes of three or more heaps", _generic_codes),
    ("subtraction games (finite, all-but, infinite)", _subtraction),
    ("turning games", _turning),
    ("Nimhof rays", _rays),
    ("boxes of the Delete family (search, sieve, split memo)", _boxes),
    ("verify's local check and compiled claims", _verify),
]


@contextlib.contextmanager
def _kernels_only() -> Iterator[None]:
    """Within it, small work goes to the kernels too (no plain-Python path), and no result is cached."""
    saved = {name: getattr(config, name) for name in
             ("TAKE_BREAK_PYTHON_STEPS", "BOX_NUMPY_ROWS", "BOX_PYTHON_POSITIONS", "SUBTRACTION_KERNEL_FROM",
              "PYTHON_CLAIMS_BELOW")}
    config.TAKE_BREAK_PYTHON_STEPS = config.BOX_NUMPY_ROWS = config.BOX_PYTHON_POSITIONS = -1
    config.SUBTRACTION_KERNEL_FROM = config.PYTHON_CLAIMS_BELOW = 0
    try:
        with _cache.using(False):
            yield
    finally:
        for name, value in saved.items():
            setattr(config, name, value)


def warm_up(report: Callable[[str, float], Any] | None = None) -> list[tuple[str, float]]:
    """Run every job of :data:`JOBS` through the kernels; ``report(name, seconds)`` after each. Returns the same.

    Run once after installing (``sprague warm-up``); a second run only loads
    the kernels from the cache and takes a second or two.
    """
    done: list[tuple[str, float]] = []
    with _kernels_only():
        began = time.perf_counter()
        make_kernels()
        done.append(("numba", time.perf_counter() - began))
        if report is not None:
            report(*done[-1])
        for name, job in JOBS:
            began = time.perf_counter()
            job()
            done.append((name, time.perf_counter() - began))
            if report is not None:
                report(*done[-1])
    return done

