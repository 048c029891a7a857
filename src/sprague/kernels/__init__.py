"""Private compiled kernels (numba). Each is called through a validating public function.

The plain-Python twins that the tests compare them with are the generic search
paths of the package (:class:`sprague.solve.search.Solver` over ``Ruleset.moves``)
and the independent solvers of ``tests/naive.py``. With ``NUMBA_DISABLE_JIT=1``
every kernel runs as ordinary Python.
"""

from sprague.kernels.jit import jit_claim, njit

__all__ = ["njit", "jit_claim"]
