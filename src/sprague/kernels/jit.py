"""Compiling the theorems' own Python code with numba.

The closed forms in :mod:`sprague.theorems.delete` are written with plain integer
operations so that one text serves both uses: exact on Python ints of any size,
and compiled for the verification kernels on the int64 heaps of a box.
:func:`jit_claim` compiles such a function unchanged: every global it calls that
is itself a plain Python function is compiled the same way (recursively), and the
few helpers that use Python-only features (``int.bit_length`` in
:func:`sprague.core.nimber.v2`) are swapped for their int64 twins below.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from numba import njit

from sprague.core.nimber import v2

__all__ = ["njit", "jit_claim"]


@njit(cache=True, nogil=True)
def _v2_int64(n: int) -> int:
    """int64 twin of :func:`sprague.core.nimber.v2` (n > 0)."""
    e = 0
    while n & 1 == 0:
        n >>= 1
        e += 1
    return e


_TWINS: dict[Any, Any] = {v2: _v2_int64}
_COMPILED: dict[Any, Any] = {}


def jit_claim(fn: Callable[..., Any]) -> Any:
    """``fn`` compiled with numba, with the functions it calls compiled (or twinned) too.

    Raises whatever numba raises when the code is not compilable; callers fall
    back to running ``fn`` in Python.
    """
    key = (fn.__code__, fn.__closure__ and tuple(c.cell_contents for c in fn.__closure__))
    if key in _COMPILED:
        return _COMPILED[key]
    names = set(fn.__code__.co_names)
    env = dict(fn.__globals__)
    for name in names:
        value = env.get(name)
        if isinstance(value, types.FunctionType):
            env[name] = _TWINS[value] if value in _TWINS else jit_claim(value)
    closure = fn.__closure__ and tuple(
        types.CellType(jit_claim(c.cell_contents) if isinstance(c.cell_contents, types.FunctionType) else c.cell_contents)
        for c in fn.__closure__)
    clone = types.FunctionType(fn.__code__, env, fn.__name__, fn.__defaults__, closure)
    compiled = njit(clone)
    _COMPILED[key] = compiled
    return compiled
