"""The words the take-and-break workers share (:mod:`sprague.kernels.takebreak`), and how a chunk ends.

A module of its own, without numba, so that the driver (:mod:`sprague.kernels.takebreak_run`) reads them
without importing numba when the kernels were compiled ahead of time (:mod:`sprague.kernels.aot`).
"""

from __future__ import annotations

# how a chunk ended
_DONE, _FULL, _BUDGET, _WIDEN, _GROW = 0, 1, 2, 3, 4
# the shared words of the workers, each on its own cache line (8 int64): the next heap to claim, values
# reached, rare heaps listed, stop asked, why, the largest value, each worker's steps (two lines), and which
# worker (1 or 2) goes on alone because the other kept it waiting (0: none), how many workers sleep until
# values reached changes, and how many times a worker went to sleep (the last two share a line: only sleepers
# write them)
_NEXT, _REACHED, _N_RARE, _STOP, _STATUS, _TOP, _STEPS, _SOLO, _SLEEPERS, _SLEPT = 0, 8, 16, 24, 32, 40, 48, 64, 72, 73
_SYNC_SIZE = 80
