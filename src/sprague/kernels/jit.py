"""Compiling with numba, lazily: importing a kernel module costs no numba import.

:func:`njit` stands in for ``numba.njit``. Until the first kernel is called it
returns a :class:`LazyKernel`, which records the Python function and its
options; the first call of any kernel imports numba (about 0.2 s) and makes
*every* recorded kernel at once, then writes the compiled dispatchers over the
lazy ones in the globals of the modules that hold them, so that compiled kernels
calling one another see numba dispatchers (numba reads a callee from the
caller's globals when it compiles the caller). Once numba is in, :func:`njit` is
``numba.njit`` itself. A question that needs no kernel (``sprague value nim 3 5
6``) never imports numba.

Compiled kernels are cached (``cache=True``) in a directory an installed package
can write, never in the source tree: ``$NUMBA_CACHE_DIR`` if set, else
``numba`` under the platform's cache directory (:func:`numba_cache_dir`);
``sprague warm-up`` fills it once.

The closed forms in :mod:`sprague.theorems.delete` are written with plain integer
operations so that one text serves both uses: exact on Python ints of any size,
and compiled for the verification kernels on the int64 heaps of a box.
:func:`jit_claim` compiles such a function unchanged: every global it calls that
is itself a plain Python function is compiled the same way (recursively), and the
few helpers that use Python-only features (``int.bit_length`` in
:func:`sprague.core.nimber.v2`) are swapped for their int64 twins below.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sprague.core.nimber import v2
from sprague.core.paths import platform_cache_dir

__all__ = ["njit", "jit_claim", "LazyKernel", "make_kernels", "kernels_made", "made", "numba_cache_dir"]


class _Plain:
    """Stands in for numba where it cannot be imported: ``njit`` leaves a function as it is.

    The kernels then run as plain Python, as under ``NUMBA_DISABLE_JIT=1`` (which
    ``tests/kernels/test_kernels_as_python.py`` runs them under): the same values, far slower.
    """

    @staticmethod
    def njit(*args: Any, **options: Any) -> Any:
        if args and callable(args[0]):
            return args[0]
        return lambda fn: fn


_PLAIN: Any = _Plain()
_LOCK = threading.RLock()
_PENDING: list[LazyKernel] = []
_numba: Any = None  # the numba module, once the kernels are made


def numba_cache_dir() -> Path:
    """Where compiled kernels are cached: ``$NUMBA_CACHE_DIR``, else ``numba`` in the platform's cache directory.

    >>> numba_cache_dir().name == "numba" or "NUMBA_CACHE_DIR" in os.environ
    True
    """
    own = os.environ.get("NUMBA_CACHE_DIR")
    return Path(own) if own else platform_cache_dir() / "numba"


class LazyKernel:
    """A kernel whose compiling waits for the first call of any kernel (see the module's text).

    Calling it makes every kernel and calls the compiled one; its other attributes
    (``py_func``, ``signatures``, ...) are the compiled dispatcher's.
    """

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any]) -> None:
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.options = options
        self.kernel: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.kernel is None:
            make_kernels()
        return self.kernel(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "kernel":
            raise AttributeError(name)
        if self.kernel is None:
            make_kernels()
        return getattr(self.kernel, name)

    def __repr__(self) -> str:
        return f"<lazy kernel {self.py_func.__module__}.{self.py_func.__qualname__}>"


def njit(*args: Any, **options: Any) -> Any:
    """``numba.njit``, deferred: ``@njit(cache=True)`` and ``@njit`` make a :class:`LazyKernel` until numba is in."""
    if _numba is not None:
        return _numba.njit(*args, **options)
    if args and callable(args[0]):
        return _lazy(args[0], options)
    return lambda fn: _lazy(fn, options)


def _lazy(fn: Callable[..., Any], options: dict[str, Any]) -> Any:
    with _LOCK:
        if _numba is not None:  # made meanwhile, in another thread
            return _numba.njit(**options)(fn)
        kernel = LazyKernel(fn, options)
        _PENDING.append(kernel)
        return kernel


def make_kernels() -> Any:
    """Import numba and make every kernel recorded so far (once; later calls return at once). Returns numba."""
    global _numba
    with _LOCK:
        if _numba is not None:
            return _numba
        try:
            import numba
        except ImportError:  # no numba (Pyodide in a browser, a bare install): the kernels run as Python
            numba = _PLAIN
        if numba is not _PLAIN and not os.environ.get("NUMBA_CACHE_DIR"):
            numba.config.CACHE_DIR = str(numba_cache_dir())  # type: ignore[attr-defined]
        made = {id(k): numba.njit(**k.options)(k.py_func) for k in _PENDING}
        homes = {k.py_func.__module__ for k in _PENDING}
        for name, module in list(sys.modules.items()):
            if module is None or not (name in homes or name == "sprague" or name.startswith("sprague.")):
                continue
            space = vars(module)
            for key, value in list(space.items()):
                if isinstance(value, LazyKernel) and id(value) in made:
                    space[key] = made[id(value)]
        # published last: a thread that sees a kernel made (and skips the lock) sees every global patched
        for kernel in _PENDING:
            kernel.kernel = made[id(kernel)]
        _numba = numba
        _PENDING.clear()
        return numba


def kernels_made() -> bool:
    """Whether numba is loaded and the kernels made (then a kernel call costs no start-up).

    False without numba: the kernels then run as Python, and the callers that ask keep to their
    Python paths, which are made for small work.
    """
    return _numba is not None and _numba is not _PLAIN


def made(kernel: Any) -> Any:
    """The compiled dispatcher of ``kernel`` (a :class:`LazyKernel` or already compiled)."""
    if isinstance(kernel, LazyKernel):
        if kernel.kernel is None:
            make_kernels()
        return kernel.kernel
    return kernel


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
    make_kernels()
    key = (fn.__code__, fn.__closure__ and tuple(c.cell_contents for c in fn.__closure__))
    if key in _COMPILED:
        return _COMPILED[key]
    names = set(fn.__code__.co_names)
    env = dict(fn.__globals__)
    for name in names:
        value = env.get(name)
        if isinstance(value, types.FunctionType):
            env[name] = made(_TWINS[value]) if value in _TWINS else jit_claim(value)
    closure = fn.__closure__ and tuple(
        types.CellType(
            jit_claim(c.cell_contents) if isinstance(c.cell_contents, types.FunctionType) else c.cell_contents
        )
        for c in fn.__closure__
    )
    clone = types.FunctionType(fn.__code__, env, fn.__name__, fn.__defaults__, closure)
    compiled = njit(clone)
    _COMPILED[key] = compiled
    return compiled
