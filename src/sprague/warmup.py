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
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.kernels import config
from sprague.kernels.jit import make_kernels, numba_cache_dir
from sprague.rulesets.showcase import KERNEL_JOBS, VERIFY

__all__ = ["JOBS", "warm_up", "numba_cache_dir"]


def _levels() -> None:
    from sprague.kernels.box import binomials
    from sprague.kernels.wave import level_values

    binom = binomials(3, 1, 6)
    table = np.full(int(binom[8, 3]), -1, dtype=np.int32)
    for grundy in (True, False):
        level_values(3, 1, 6, 3, 0, np.array([[1, 2]], dtype=np.int64), binom, table, grundy)


def _verify() -> None:
    from sprague.verify import verify

    theorem, max_heap = VERIFY
    verify(theorem, max_heap=max_heap)


def _ahead_of_time() -> None:
    """The take-and-break kernels compiled ahead of time (:mod:`sprague.kernels.aot`), unless built already; a
    warning, not an error, where they cannot be (no C compiler): runs then use numba's kernels."""
    from sprague.kernels import aot

    if aot.load() is not None:
        return
    try:
        aot.build()
    except Exception as exc:  # the compiler's or the linker's failure, whatever it is: numba's kernels serve
        warnings.warn(
            f"the take-and-break kernels were not compiled ahead of time ({exc}); runs use numba's", stacklevel=2
        )


#: each job's name and what it runs: the rulesets' jobs (:data:`sprague.rulesets.showcase.KERNEL_JOBS`), then the
#: kernels' own
JOBS: list[tuple[str, Callable[[], Any]]] = [
    *KERNEL_JOBS,
    ("boxes by level (the search of tables on Dask)", _levels),
    ("verify's local check and compiled claims", _verify),
    ("take-and-break runs compiled ahead of time (they start without numba)", _ahead_of_time),
]


@contextlib.contextmanager
def _kernels_only() -> Iterator[None]:
    """Within it, small work goes to the kernels too (no plain-Python path), and no result is cached."""
    saved = {
        name: getattr(config, name)
        for name in (
            "TAKE_BREAK_PYTHON_STEPS",
            "BOX_NUMPY_ROWS",
            "BOX_PYTHON_WORK",
            "SUBTRACTION_KERNEL_FROM",
            "PYTHON_CLAIMS_BELOW",
        )
    }
    config.TAKE_BREAK_PYTHON_STEPS = config.BOX_NUMPY_ROWS = config.BOX_PYTHON_WORK = -1
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
