"""Private compiled kernels (numba). Each is called through a validating public function.

The plain-Python twins that the tests compare them with are the generic search
paths of the package (:class:`sprague.solve.search.MexSearch` over ``Ruleset.moves``)
and the independent solvers of ``tests/naive.py``. With ``NUMBA_DISABLE_JIT=1``
every kernel runs as ordinary Python. Importing a kernel module does not import
numba; the first call of a kernel does (:mod:`sprague.kernels.jit`).
"""

__all__: list[str] = []
