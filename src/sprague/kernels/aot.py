"""The take-and-break kernels compiled ahead of time: a run that loads them starts without numba.

numba compiles a kernel the first time it runs and caches it; a later process still
imports numba (about 0.2 s) and sets up its compiler (about 0.4 s, half of it
importing SciPy to look for BLAS) before it loads the first cached kernel, and holds
some 75 MB more. :func:`build` (run by ``sprague warm-up``) compiles the kernels of a
take-and-break run (:mod:`sprague.kernels.takebreak`: the heap recursion, the value
counts, the rarity table and list, and a worker of the sparse-space kernel), for
values of uint8, uint16 and uint32, into one extension module with numba's
ahead-of-time compiler (``numba.pycc``, for this machine's CPU), kept in numba's
cache directory. The same Python source is compiled, not a second implementation.
:func:`load` imports it in a millisecond when it was built from the same sources,
numba and Python, for the same CPU; otherwise (or with ``SPRAGUE_AOT=0``, or
``NUMBA_DISABLE_JIT=1``, under which the kernels run as Python) the run uses numba's
kernels, as before. numba marks ``pycc`` "pending deprecation": if a later numba
drops it, ``sprague warm-up`` says so and runs use numba's kernels.

A worker compiled ahead of time lets go of Python's global lock while it runs
(``PyEval_SaveThread``, as numba's ``nogil=True`` does), so two of them run side by
side on two Python threads (:func:`sprague.kernels.takebreak_run._work_two`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import platform
import shutil
import sys
import tempfile
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from sprague.kernels.jit import numba_cache_dir

__all__ = ["TYPES", "aot_dir", "key", "load", "build", "kernel"]

#: the value types the kernels are compiled for (wider values use numba's kernels)
TYPES = ("uint8", "uint16", "uint32")
#: the sources compiled: their text is part of the key, so an edit makes the module stale
_SOURCES = ("takebreak.py", "takebreak_sync.py", "aot.py")
_HERE = Path(__file__).resolve().parent

_loaded: dict[str, ModuleType | None] = {}


def aot_dir() -> Path:
    """Where the compiled module is kept: ``$SPRAGUE_AOT_DIR``, else ``sprague-aot`` in numba's cache."""
    own = os.environ.get("SPRAGUE_AOT_DIR")
    return Path(own) if own else numba_cache_dir() / "sprague-aot"


def _cpu() -> str:
    """This CPU's model and instruction-set flags (the module is compiled for them)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor()
    lines = [line for line in text.splitlines() if line.startswith(("model name", "flags"))]
    return "\n".join(sorted(set(lines)))


@functools.cache
def key() -> str:
    """What the module depends on, hashed: the kernels' sources, numba's and Python's versions, the CPU."""
    try:
        numba_version = importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        numba_version = "none"
    parts = [(_HERE / name).read_text() for name in _SOURCES]
    parts += [numba_version, np.__version__, sys.version, platform.machine(), _cpu()]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def _name() -> str:
    return f"sprague_takebreak_{key()}"


def load() -> ModuleType | None:
    """The compiled module, when it was built for these sources, this numba and Python and this CPU, else None."""
    if os.environ.get("SPRAGUE_AOT", "1") == "0" or os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return None
    name = _name()
    if name not in _loaded:
        _loaded[name] = None
        found = sorted(aot_dir().glob(f"{name}.*"))
        if found:
            spec = importlib.util.spec_from_file_location(name, found[0])
            if spec is not None and spec.loader is not None:
                module = importlib.util.module_from_spec(spec)
                try:
                    spec.loader.exec_module(module)
                    _loaded[name] = module
                except ImportError:  # a broken or foreign file: numba's kernels instead
                    pass
    return _loaded[name]


def kernel(name: str, values: np.ndarray | None = None) -> Any:
    """The compiled kernel ``name`` for values of ``values``'s type, or None when it is not built."""
    module = load()
    if module is None:
        return None
    if values is None:
        return getattr(module, name)
    return getattr(module, f"{name}_{values.dtype.name}", None)


#: what is exported, per value type ``T``: each kernel's name and signature (``T`` for the values)
_EXPORTS = {
    "naive_extend": (
        "_naive_extend",
        "UniTuple(int64, 3)(T[::1], int64, int64, int64[::1], int64[::1], int64[::1], boolean, int64, int64)",
    ),
    "count_keys": ("_count_keys", "void(T[::1], int64, int64, int64, int64[::1])"),
    "list_rare": ("_list_rare", "int64(T[::1], int64, int64, boolean[:, ::1], int64[::1], int64[::1])"),
    "work": (
        "_work_free",
        "void(T[::1], int64, int64[::1], int64[::1], int64[::1], boolean, boolean[:, ::1], "
        "int64[::1], int64[::1], int64[::1], int64, int64, int64, int64[::1], boolean[::1], int64[::1], "
        "int64[::1], int64)",
    ),
}


def build() -> Path:
    """Compile the module (some 10-60 s; needs numba and a C compiler) and keep it in :func:`aot_dir`; its path."""
    from numba.core.errors import NumbaPendingDeprecationWarning

    with warnings.catch_warnings():  # pycc is "pending deprecation" since numba 0.57; without it, numba's kernels
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        from numba.pycc import CC

    from sprague.kernels import takebreak
    from sprague.kernels.jit import make_kernels

    make_kernels()  # the kernels' globals are numba's dispatchers, which the compiler reads
    name = _name()
    target = aot_dir()
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target) as tmp:
        cc = CC(name)
        cc.output_dir = tmp
        cc.target_cpu = "host"
        cc.verbose = False
        for export, (function, signature) in _EXPORTS.items():
            for t in TYPES:
                cc.export(f"{export}_{t}", signature.replace("T[", f"{t}["))(getattr(takebreak, function).py_func)
        cc.export("rare_table", "boolean[:, ::1](int64, int64)")(takebreak._rare_table.py_func)
        cc.compile()
        (built,) = Path(tmp).glob(f"{name}.*")
        final = target / built.name
        shutil.move(str(built), final)  # whole: a process loading meanwhile sees the old module or the new one
    for old in target.glob("sprague_takebreak_*"):
        if old.name != final.name:
            old.unlink(missing_ok=True)
    _loaded.pop(name, None)
    return final
