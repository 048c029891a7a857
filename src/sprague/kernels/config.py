"""The tunables of the compiled kernels and of the code that chooses them, in one place.

Each is a speed/memory trade-off measured on a 2-core machine (see ``benchmarks/``);
none changes a result. The kernels read theirs when numba compiles them (so a
change needs a fresh cache: delete ``sprague.kernels.jit.numba_cache_dir()``); the Python code that
drives them reads this module at each call, so tests may monkeypatch it.
"""

from __future__ import annotations

import os


def _memory() -> int:
    """The machine's memory in bytes (4 GB when it cannot be read)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # no sysconf (Windows) or no such name
        return 4 << 30


__all__ = [
    "TAKE_BREAK_PREFIX",
    "TAKE_BREAK_CHUNK",
    "TAKE_BREAK_STEPS_PER_POSITION",
    "TAKE_BREAK_THREADS",
    "TAKE_BREAK_PIPELINE_FROM",
    "TAKE_BREAK_REMASK_RATIO",
    "TAKE_BREAK_RETRY",
    "MEX_SCRATCH",
    "BOX_CHUNK",
    "SPLIT_MEMO_BYTES",
    "SIEVE_MAX_ADDED",
    "SUBTRACTION_KERNEL_FROM",
    "PYTHON_CLAIMS_BELOW",
    "TAKE_BREAK_PYTHON_STEPS",
    "BOX_NUMPY_ROWS",
    "BOX_PYTHON_WORK",
    "KEEP_FAILURES",
    "SUBTRACT_STEPS_PER_POSITION",
    "RAY_STEPS_PER_POSITION",
]

#: take-and-break sequences: values from the naive recursion before the sparse-space kernel takes over
#: (the mask is chosen on them)
TAKE_BREAK_PREFIX = 2048
#: take-and-break sequences: kernel steps (loop iterations, 1-5 ns each on a 2-core machine) counted as one
#: position of the work limit (``max_positions``), so that the default limit is a few seconds of work
TAKE_BREAK_STEPS_PER_POSITION = 500
#: take-and-break sequences: work (kernel steps, :func:`sprague.kernels.takebreak_work.work`) up to which the values are
#: computed in plain Python while numba is not loaded yet: loading it and the cached kernels costs more than this
#: (see benchmarks/small.py); once it is loaded the kernel computes them all
TAKE_BREAK_PYTHON_STEPS = 8_000_000
#: take-and-break sequences: values computed between two progress reports (and Ctrl-C checks)
TAKE_BREAK_CHUNK = 1 << 16
#: box kernels: distinct small values a mex keeps track of (larger ones report MEX_OVERFLOW)
MEX_SCRATCH = 512
#: boxes: positions listed per step; ranks searched per step are 20 times as many
BOX_CHUNK = 50_000
#: boxes: positions listed at once up to which they are unranked in NumPy while numba is not loaded yet
#: (0.3 us a position against 0.014 us compiled: loading numba, about 0.5 s, pays from some 1.7 million)
BOX_NUMPY_ROWS = 1_000_000
#: box tables whose positions times the options of their largest position (an upper estimate, option_count) are
#: at most this are valued in Python (closed forms, memoised search) while numba is not loaded yet: single-delete
#: Grundy values, 4 heaps <= 16 (3,876 x 180) took 0.29 s against 0.56 s by the kernel with numba to load, and
#: the same at <= 20 (8,855 x 228) (benchmarks/small.py)
BOX_PYTHON_WORK = 1_000_000
#: Grundy tables of shape (1, 2): the most memory the split memo may take, in bytes: a quarter of the machine's
#: memory, at most 4 GB (5 heaps <= 128 needs 2.95 GB: 0.9 us a position with it, 4-8 us without)
SPLIT_MEMO_BYTES = min(4 << 30, _memory() // 4)
#: outcome tables by the retrograde sieve when no move deletes more heaps than this (see sieve_pays)
SIEVE_MAX_ADDED = 4
#: subtraction sequences: values computed at once from which the compiled kernel is used
SUBTRACTION_KERNEL_FROM = 20_000
#: verify: boxes smaller than this evaluate a theorem's claims in Python (no compile time)
PYTHON_CLAIMS_BELOW = 30_000
#: verify: failures kept per chunk of the local check, to choose the smallest counterexample from
KEEP_FAILURES = 2_000
#: subtraction games over an infinite S (kernels/subtract.py): kernel steps (one option each, about 1 ns) counted
#: as one position of the work limit, as for take-and-break games: the default limit is about a second of work
SUBTRACT_STEPS_PER_POSITION = 500
#: ray games such as NimHof (kernels/rays.py): kernel steps (one option each, about 1 ns) counted as one position
RAY_STEPS_PER_POSITION = 500
#: take-and-break sequences: threads of the sparse-space kernel (1 or 2; 2 needs two cores and compiled kernels)
TAKE_BREAK_THREADS = 2
#: take-and-break sequences, two threads: rare heaps from which a chunk runs on two threads, if it has at least
#: 256 times this many values (16,384: on shorter chunks two threads cost more than they save; under load, far
#: more: a Kayles misère quotient test took 163 s on two threads against 4 s on one)
TAKE_BREAK_PIPELINE_FROM = 64
#: take-and-break sequences: the mask is changed between chunks when another makes at most this fraction
#: of the heaps rare (and the scans saved pay for listing the rare heaps again)
TAKE_BREAK_REMASK_RATIO = 0.9
#: take-and-break sequences, two threads: every this many chunks, one chunk on one thread and one on two are
#: timed, and the faster is used until the next trial (on a busy machine two threads can be slower than one)
TAKE_BREAK_RETRY = 16
