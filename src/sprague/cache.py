"""A results cache on disk: slow tables and sequences, computed once.

A result that took at least :data:`MIN_SECONDS` to compute is stored as one
file under a cache directory (:func:`default_dir`: the platform's cache
directory, or the directory named by the environment variable
``SPRAGUE_CACHE_DIR``), keyed by a *kind* (``"sequence"``, ``"table"``...)
and a JSON key naming the ruleset, its parameters and whatever else fixes the
result. The bound is not part of the key: the stored array is a prefix, its
length is the bound, and a longer result replaces a shorter one.

File format (one file per entry, ``{kind}-{hash}.sprague``, the hash being the
first 16 hex digits of the SHA-256 of the key's canonical JSON)::

    8 bytes   magic b"SPRAGUE\\x00"
    8 bytes   header length H, unsigned little-endian
    H bytes   header, UTF-8 JSON: format, kind, key, length, shape, dtype
              (numpy ``dtype.str``, with byte order), nbytes, sha256 (of the
              data bytes), seconds, created (ISO 8601, UTC), sprague (version)
    nbytes    the array's bytes, C order

Writes are atomic: a temporary file in the same directory
(``.{kind}-{hash}.{pid}@{host}.{random}.sprague-tmp``, naming its writer), flushed
and fsynced, then :func:`os.replace`; the check "is the stored entry shorter?" and
the replace happen under a lock on the directory (POSIX), so two processes
computing the same entry leave one whole file, the longer one. A file that is
truncated, fails its checksum or has a bad header is reported with a
:class:`CacheWarning`, removed, and never used. A cache never makes a
computation fail: a directory that cannot be written gives a warning.

A writer killed mid-write leaves its temporary file behind. Such a file is
*stale* when its writer is gone: written on this host by a process that no
longer runs, or (another host's, an older name, a reused pid) not modified for
:data:`STALE_SECONDS`. A temporary file of a live writer is never removed. The
first :meth:`Cache.load` or :meth:`Cache.store` of a :class:`Cache` removes the
stale ones (:meth:`Cache.sweep`), :meth:`Cache.clear` does too, and
:meth:`Cache.temporaries` lists them all.

A long computation saves its finished prefix at bounded intervals
(:class:`Checkpoints`, every :data:`CHECKPOINT_SECONDS` or more), so a process
killed outright loses at most about one interval of work: the next run
continues from the saved prefix.

Examples
--------
>>> import tempfile
>>> import numpy as np
>>> with tempfile.TemporaryDirectory() as tmp:
...     cache = Cache(tmp)
...     key = {"ruleset": "subtraction", "params": {"S": [1, 2, 5]}}
...     path = cache.store("sequence", key, np.array([0, 1, 2, 0, 1], dtype=np.int8), seconds=3.0)
...     print(path.name.startswith("sequence-"), cache.load("sequence", key))
True [0 1 2 0 1]
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import math
import os
import re
import struct
import tempfile
import time
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from sprague._version import __version__
from sprague.core.paths import platform_cache_dir
from sprague.errors import SpragueError

__all__ = [
    "ENV_VAR",
    "MIN_SECONDS",
    "FORMAT_VERSION",
    "SUFFIX",
    "STALE_SECONDS",
    "CHECKPOINT_SECONDS",
    "CHECKPOINT_SAVE_FACTOR",
    "Cache",
    "CacheError",
    "CacheWarning",
    "Checkpoints",
    "Entry",
    "Temporary",
    "default_dir",
    "use",
    "using",
    "active",
]

ENV_VAR = "SPRAGUE_CACHE_DIR"
"""Environment variable naming the cache directory; overrides :func:`default_dir`'s platform default."""

MIN_SECONDS = 1.0
"""Default threshold: only results that took at least this many seconds are stored."""

FORMAT_VERSION = 1
"""Version of the file format; a file of another version is ignored and overwritten."""

SUFFIX = ".sprague"
"""File name suffix of cache entries."""

_MAGIC = b"SPRAGUE\x00"
_PREFIX = struct.Struct("<8sQ")  # magic, header length
_MAX_HEADER = 1 << 20  # a header is a few hundred bytes; more means garbage
STALE_SECONDS = 3600.0
"""A temporary file unmodified this long is stale, whoever wrote it (the only test for another host's files)."""

CHECKPOINT_SECONDS = 5.0
"""Least time between two checkpoints of a long computation (:class:`Checkpoints`)."""

CHECKPOINT_SAVE_FACTOR = 20.0
"""After a checkpoint that took ``s`` seconds to save, the next waits at least this times ``s`` (saves cost <= 1/20)."""

_TEMP_SUFFIX = ".sprague-tmp"
_TEMP_NAME = re.compile(
    r"\.[A-Za-z0-9_-]+\.(?P<pid>[0-9]+)@(?P<host>[A-Za-z0-9-]*)\.[^.]*" + re.escape(_TEMP_SUFFIX) + r"\Z"
)
_LOCK_NAME = ".lock"
_KIND = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*\Z")


class CacheError(SpragueError):
    """An argument the cache cannot take: a bad kind, a key that is not JSON, an array of objects."""


class CacheWarning(UserWarning):
    """A cache file was corrupt or unreadable (removed, recomputed), or the cache could not be written."""


class _Corrupt(Exception):
    """Internal: why a file cannot be used."""


class _OtherFormat(Exception):
    """Internal: a file written in another format version (not corrupt; ignored, then overwritten)."""


@dataclass(frozen=True)
class Entry:
    """One stored result, as :meth:`Cache.entries` lists it.

    Attributes
    ----------
    path : Path
        The file.
    kind : str
        ``"sequence"``, ``"table"``...
    key : dict
        The key it was stored under (ruleset, params...).
    length : int
        Length of the stored array along its first axis: the bound it was computed to.
    shape : tuple of int
        Full shape of the stored array.
    dtype : str
        numpy dtype string, e.g. ``"<i8"``.
    nbytes : int
        Size of the array data in bytes (the file is a header larger).
    seconds : float
        How long the computation took.
    created : str
        When it was stored, ISO 8601 in UTC.
    """

    path: Path
    kind: str
    key: dict[str, Any]
    length: int
    shape: tuple[int, ...]
    dtype: str
    nbytes: int
    seconds: float
    created: str


@dataclass(frozen=True)
class Temporary:
    """A temporary file of an unfinished write, as :meth:`Cache.temporaries` lists it.

    Attributes
    ----------
    path : Path
        The file (``.{kind}-{hash}.{pid}@{host}.{random}.sprague-tmp``).
    nbytes : int
        Its size in bytes.
    modified : str
        When it was last written, ISO 8601 in UTC.
    pid : int or None
        The writer's process id, None for a name without one (an older version's).
    host : str or None
        The writer's host name (letters, digits and ``-``), None as for ``pid``.
    stale : bool
        Whether its writer is gone (see the module's docstring): :meth:`Cache.sweep` removes it.
    """

    path: Path
    nbytes: int
    modified: str
    pid: int | None
    host: str | None
    stale: bool


def default_dir() -> Path:
    """The cache directory: ``$SPRAGUE_CACHE_DIR`` if set, else the platform's cache directory.

    Linux and other Unix: ``$XDG_CACHE_HOME/sprague``, or ``~/.cache/sprague``;
    macOS: ``~/Library/Caches/sprague``; Windows: ``%LOCALAPPDATA%\\sprague\\Cache``.

    Returns
    -------
    Path
        The directory (it need not exist yet).

    Examples
    --------
    >>> default_dir().is_absolute()
    True
    """
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return platform_cache_dir()


def _canonical(key: Mapping[str, Any]) -> str:
    """The key as canonical JSON (sorted keys, no spaces), the basis of the file name and the header check."""
    if not isinstance(key, Mapping):
        raise CacheError(
            f"cache key {key!r} is not a mapping; pass a dict such as {{'ruleset': 'nim', 'params': {{}}}}"
        )
    try:
        return json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise CacheError(
            f"cache key {key!r} is not plain JSON ({exc}); convert numpy scalars and tuples to int and list"
        ) from None


def _check_kind(kind: str) -> str:
    if not isinstance(kind, str) or not _KIND.match(kind):
        raise CacheError(f"cache kind {kind!r} is not a simple name; use letters, digits, '-' and '_', e.g. 'sequence'")
    return kind


def _version() -> str:
    return __version__


def sha256(data: bytes | bytearray | memoryview) -> str:
    """The SHA-256 of ``data`` in hex (hashlib is imported here: OpenSSL takes 20 ms to load)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable (POSIX); best effort, nothing to do on Windows."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


_HOST: list[str] = []


def _host() -> str:
    """This host's name as temporary file names carry it: letters, digits and ``-``, at most 63 characters."""
    if not _HOST:
        try:
            import socket

            name = socket.gethostname()
        except OSError:
            name = ""
        _HOST.append(re.sub(r"[^A-Za-z0-9-]", "-", name)[:63])
    return _HOST[0]


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (POSIX; elsewhere always True: only the age decides)."""
    if os.name != "posix" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)  # signal 0: no signal, only the check
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it runs, as another user
        return True
    return True


def _stale(pid: int | None, host: str | None, age: float) -> bool:
    """Whether a temporary file's writer is gone: a dead process of this host, or (any file) long unmodified."""
    if age >= STALE_SECONDS:
        return True
    if pid is None or not host or host != _host() or pid == os.getpid():
        return False  # cannot check another host's process; this process's own writes are live
    return not _alive(pid)


class Cache:
    """Arrays stored on disk under (kind, key), with checksums and atomic writes.

    Parameters
    ----------
    directory : str or PathLike, optional
        Where the files go; default :func:`default_dir`. Created on the first store.
    min_seconds : float, optional
        Store only results that took at least this long (default :data:`MIN_SECONDS`; 0 stores everything).
    max_bytes : int, optional
        Bound on the total size of the entries (default None: no bound). After each
        store the least recently used entries (stored or loaded longest ago, by the
        files' modification times, which :meth:`load` refreshes) are removed until
        the total is within it; an entry larger than the bound is not stored. A write
        under way adds its temporary file on top, at most one entry per writer.

    Raises
    ------
    CacheError
        If ``min_seconds`` is negative or not a number, or ``max_bytes`` is not a whole number >= 0.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        min_seconds: float | None = None,
        max_bytes: int | None = None,
    ) -> None:
        if min_seconds is None:
            min_seconds = MIN_SECONDS
        if not isinstance(min_seconds, (int, float)) or math.isnan(min_seconds) or min_seconds < 0:
            raise CacheError(f"min_seconds must be a number >= 0, got {min_seconds!r}; 0 stores every result")
        if max_bytes is not None and (isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0):
            raise CacheError(f"max_bytes must be a whole number of bytes >= 0 or None (no bound), got {max_bytes!r}")
        self.directory: Path = default_dir() if directory is None else Path(directory).expanduser()
        self.min_seconds = float(min_seconds)
        self.max_bytes = max_bytes
        self._swept = False

    def __repr__(self) -> str:
        bound = "" if self.max_bytes is None else f", max_bytes={self.max_bytes!r}"
        return f"Cache({str(self.directory)!r}, min_seconds={self.min_seconds!r}{bound})"

    # ------------------------------------------------------------------ paths
    def path(self, kind: str, key: Mapping[str, Any]) -> Path:
        """The file that holds (kind, key), whether or not it exists."""
        digest = sha256(_canonical(key).encode())[:16]
        return self.directory / f"{_check_kind(kind)}-{digest}{SUFFIX}"

    # ------------------------------------------------------------------ reading
    def load(self, kind: str, key: Mapping[str, Any]) -> np.ndarray | None:
        """The stored array for (kind, key), or None.

        The checksum and header are verified; a corrupt, truncated or unreadable
        file is reported with a :class:`CacheWarning`, removed, and None is
        returned, so the caller recomputes. A missing directory or file gives
        None silently, as does a file written in another format version.

        Parameters
        ----------
        kind : str
            ``"sequence"``, ``"table"``...
        key : Mapping
            JSON-able key such as ``{"ruleset": "grundys-game", "params": {}}``.

        Returns
        -------
        numpy.ndarray or None
            A fresh, writable array with the stored dtype and shape; its length
            along the first axis is the bound it was computed to.
        """
        canonical = _canonical(key)
        path = self.path(kind, key)
        self._open()
        try:
            with open(path, "rb") as fh:
                header, _ = _read_header(fh)
                _check_header(header, kind, canonical)
                shape = tuple(header["shape"])
                dtype = np.dtype(header["dtype"])
                buf = bytearray(header["nbytes"])
                got = fh.readinto(buf)
                if got != len(buf):
                    raise _Corrupt(f"truncated: {got} of {len(buf)} data bytes")
                if fh.read(1):
                    raise _Corrupt(f"trailing bytes after the {len(buf)} data bytes")
        except (FileNotFoundError, NotADirectoryError, _OtherFormat):  # nothing stored (for this format)
            return None
        except _Corrupt as exc:
            self._discard(path, str(exc))
            return None
        except OSError as exc:
            self._discard(path, f"unreadable ({exc.strerror or exc})")
            return None
        if sha256(buf) != header["sha256"]:
            self._discard(path, "checksum mismatch: the data bytes were changed")
            return None
        if self.max_bytes is not None:  # recently used: the last to be evicted
            with contextlib.suppress(OSError):
                os.utime(path)
        return np.frombuffer(buf, dtype=dtype).reshape(shape)

    def stored_length(self, kind: str, key: Mapping[str, Any]) -> int | None:
        """Length of the stored entry from its header (data not verified), or None if there is no usable one."""
        return self._stored_length(self.path(kind, key), kind, _canonical(key))

    def _stored_length(self, path: Path, kind: str, canonical: str) -> int | None:
        try:
            with open(path, "rb") as fh:
                header, start = _read_header(fh)
                _check_header(header, kind, canonical)
                size = os.fstat(fh.fileno()).st_size
        except (OSError, _Corrupt, _OtherFormat):
            return None
        if size != start + header["nbytes"]:
            return None
        return int(header["length"])

    def _discard(self, path: Path, why: str) -> None:
        warnings.warn(
            f"cache file {str(path)!r} is not usable ({why}); removed it, the result will be recomputed",
            CacheWarning,
            stacklevel=3,
        )
        with contextlib.suppress(OSError):
            path.unlink()

    def remove(self, kind: str, key: Mapping[str, Any]) -> bool:
        """Remove the entry of (kind, key), if there is one (a checkpoint whose result is stored); whether it was."""
        path = self.path(kind, key)
        if not path.exists():
            return False
        with self._lock():
            try:
                path.unlink()
            except FileNotFoundError:
                return False
            except OSError as exc:
                warnings.warn(
                    f"cache file {str(path)!r} could not be removed ({exc}); it is harmless", CacheWarning, stacklevel=2
                )
                return False
        return True

    # ------------------------------------------------------------------ writing
    def store(self, kind: str, key: Mapping[str, Any], values: np.ndarray, seconds: float) -> Path | None:
        """Store ``values`` for (kind, key) if it was slow enough and is longer than what is stored.

        Parameters
        ----------
        kind : str
            ``"sequence"``, ``"table"``...: letters, digits, ``-`` and ``_``.
        key : Mapping
            JSON-able key; the bound is not part of it.
        values : numpy.ndarray
            The result, at least 1-dimensional; its first axis is the bound.
        seconds : float
            How long it took to compute; nothing is stored below ``min_seconds``.

        Returns
        -------
        Path or None
            The file written, or None if nothing was written: too fast, an
            entry at least as long is already stored, or the directory cannot be
            written (then with a :class:`CacheWarning`; a cache never makes a
            computation fail).

        Raises
        ------
        CacheError
            If the kind, the key or the array cannot be stored at all
            (a programming error, not a condition of the disk).
        """
        canonical = _canonical(key)
        path = self.path(kind, key)
        arr = np.asarray(values)
        if arr.ndim == 0:
            raise CacheError(
                f"cannot cache a 0-dimensional array ({arr!r}); store a 1-D prefix such as np.array([...])"
            )
        if arr.dtype.hasobject or arr.dtype.fields is not None or arr.dtype.itemsize == 0:
            raise CacheError(f"cannot cache an array of dtype {arr.dtype}; convert it to a numeric dtype such as int64")
        if not seconds >= self.min_seconds:
            return None
        self._open()
        arr = np.ascontiguousarray(arr)
        length = int(arr.shape[0])
        stored = self._stored_length(path, kind, canonical)
        if stored is not None and stored >= length:
            return None
        data = arr.reshape(-1).view(np.uint8).data  # the bytes, as a memoryview (no copy)
        header = {
            "format": FORMAT_VERSION,
            "kind": kind,
            "key": json.loads(canonical),
            "length": length,
            "shape": list(arr.shape),
            "dtype": arr.dtype.str,
            "nbytes": data.nbytes,
            "sha256": sha256(data),
            "seconds": float(seconds),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "sprague": _version(),
        }
        head = json.dumps(header, separators=(",", ":")).encode()
        if self.max_bytes is not None and _PREFIX.size + len(head) + data.nbytes > self.max_bytes:
            return None  # larger than the whole cache may be
        tmp: str | None = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(
                dir=self.directory, prefix=f".{path.stem}.{os.getpid()}@{_host()}.", suffix=_TEMP_SUFFIX
            )
            with os.fdopen(fd, "wb") as fh:
                fh.write(_PREFIX.pack(_MAGIC, len(head)))
                fh.write(head)
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            with self._lock():  # check and replace as one step: a shorter result never replaces a longer one
                stored = self._stored_length(path, kind, canonical)
                if stored is not None and stored >= length:
                    return None
                os.replace(tmp, path)
                tmp = None
                if self.max_bytes is not None:
                    self._evict(self.max_bytes, keep=path)
            _fsync_dir(self.directory)
            return path
        except OSError as exc:
            warnings.warn(
                f"cannot write the cache in {str(self.directory)!r} ({exc.strerror or exc}); "
                f"the result is not cached: set {ENV_VAR} or --cache-dir to a writable directory",
                CacheWarning,
                stacklevel=2,
            )
            return None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        """An exclusive lock on the directory, held briefly (POSIX ``flock``; no lock elsewhere)."""
        try:
            import fcntl
        except ImportError:  # Windows: os.replace is still atomic, only the longer-wins rule may race
            yield
            return
        with open(self.directory / _LOCK_NAME, "ab") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def _evict(self, max_bytes: int, keep: Path | None = None) -> int:
        """Remove the least recently used entries until they total at most ``max_bytes``; how many. Holds the lock."""
        files = []
        for path in self.directory.glob(f"*{SUFFIX}"):
            try:
                st = path.stat()
            except OSError:  # removed meanwhile
                continue
            files.append((path != keep, st.st_mtime, path.name, path, st.st_size))
        total = sum(f[-1] for f in files)
        removed = 0
        for _, _, _, path, size in sorted(files, key=lambda f: (not f[0], f[1], f[2])):  # oldest first, keep last
            if total <= max_bytes:
                break
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                continue
            total -= size
            removed += 1
        return removed

    def size(self) -> int:
        """The total size in bytes of the stored entries (not counting temporary files)."""
        total = 0
        for path in self.directory.glob(f"*{SUFFIX}") if self.directory.is_dir() else ():
            with contextlib.suppress(OSError):
                total += path.stat().st_size
        return total

    # ------------------------------------------------------------------ listing
    def entries(self) -> list[Entry]:
        """Every stored entry, sorted by kind and key, from the headers (data checksums not verified).

        A file whose header is unreadable or whose size disagrees with it is
        skipped with a :class:`CacheWarning` (:meth:`load` removes it, and
        :meth:`clear` does too).
        """
        if not self.directory.is_dir():
            return []
        found: list[Entry] = []
        for path in sorted(self.directory.glob(f"*{SUFFIX}")):
            try:
                with open(path, "rb") as fh:
                    header, start = _read_header(fh)
                    _check_header(header, None, None)
                    size = os.fstat(fh.fileno()).st_size
                if size != start + header["nbytes"]:
                    raise _Corrupt(f"{size} bytes where the header says {start + header['nbytes']}")
            except FileNotFoundError:  # removed meanwhile
                continue
            except _OtherFormat:
                continue
            except (OSError, _Corrupt) as exc:
                warnings.warn(
                    f"cache file {str(path)!r} is not usable ({exc}); 'sprague cache clear' removes it",
                    CacheWarning,
                    stacklevel=2,
                )
                continue
            found.append(
                Entry(
                    path=path,
                    kind=header["kind"],
                    key=header["key"],
                    length=int(header["length"]),
                    shape=tuple(header["shape"]),
                    dtype=header["dtype"],
                    nbytes=int(header["nbytes"]),
                    seconds=float(header["seconds"]),
                    created=str(header["created"]),
                )
            )
        found.sort(key=lambda e: (e.kind, str(e.key.get("ruleset", "")), json.dumps(e.key, sort_keys=True)))
        return found

    def temporaries(self) -> list[Temporary]:
        """Every temporary file in the directory (``.*.sprague-tmp``), by name, each marked stale or not."""
        if not self.directory.is_dir():
            return []
        now = time.time()
        found: list[Temporary] = []
        for path in sorted(self.directory.glob(f".*{_TEMP_SUFFIX}")):
            try:
                st = path.stat()
            except OSError:  # removed meanwhile
                continue
            match = _TEMP_NAME.match(path.name)
            pid, host = (int(match["pid"]), match["host"]) if match else (None, None)
            found.append(
                Temporary(
                    path=path,
                    nbytes=st.st_size,
                    pid=pid,
                    host=host,
                    modified=datetime.fromtimestamp(st.st_mtime, UTC).isoformat(timespec="seconds"),
                    stale=_stale(pid, host, now - st.st_mtime),
                )
            )
        return found

    def sweep(self) -> list[Temporary]:
        """Remove the stale temporary files (writers killed mid-write); returns those removed.

        A temporary file a live process is still writing is kept. The first
        :meth:`load` or :meth:`store` of a cache calls it.
        """
        removed = []
        for temp in self.temporaries():
            if temp.stale:
                try:
                    temp.path.unlink()
                except OSError:  # removed meanwhile, or not ours to remove
                    continue
                removed.append(temp)
        return removed

    def _open(self) -> None:
        """On first use: remove the stale temporary files (never failing a computation)."""
        if not self._swept:
            self._swept = True
            with contextlib.suppress(OSError):
                self.sweep()

    def clear(self) -> int:
        """Remove every cache file and stale temporary file; returns how many were removed.

        Only files this cache writes (``*.sprague`` and its ``.*.sprague-tmp``
        temporary files) are removed, never the directory or anything else in it,
        nor the temporary file of a write still under way (:meth:`sweep`).
        """
        if not self.directory.is_dir():
            return 0
        removed = 0
        for path in self.directory.glob(f"*{SUFFIX}"):
            try:
                path.unlink()
            except FileNotFoundError:  # removed meanwhile
                continue
            removed += 1
        return removed + len(self.sweep())


class Checkpoints:
    """Saves the finished prefix of a long computation to a cache, at bounded intervals.

    A computation that runs in chunks asks :meth:`due` after each chunk and, when
    it says yes, calls :meth:`save` with the finished prefix (a valid start for
    the next run: the cache keeps the longest). Saves are at least ``every``
    seconds apart (default :data:`CHECKPOINT_SECONDS`) and at least
    :data:`CHECKPOINT_SAVE_FACTOR` (20) times as long as the last save took, so
    they cost at most about 5% of the run, and a kill loses at most one interval
    and one chunk of work.

    Parameters
    ----------
    cache : Cache or None
        Where to save; None saves nothing (:meth:`due` is always False).
    kind, key
        As for :meth:`Cache.store`.
    every : float, optional
        Least seconds between two saves.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     points = Checkpoints(Cache(tmp, min_seconds=0), "sequence", {"ruleset": "nim"}, every=0)
    ...     points.due(), points.save(np.arange(5)), points.saved
    (True, None, 5)
    """

    def __init__(self, cache: Cache | None, kind: str, key: Mapping[str, Any], every: float | None = None) -> None:
        self.cache, self.kind, self.key = cache, kind, key
        self.every = CHECKPOINT_SECONDS if every is None else float(every)
        self.began = self._last = time.perf_counter()
        self._wait = self.every
        self.saved = 0  #: length of the last prefix saved

    def due(self) -> bool:
        """Whether the next save is due."""
        return self.cache is not None and time.perf_counter() - self._last >= self._wait

    def save(self, values: np.ndarray) -> None:
        """Store ``values`` (the finished prefix) as the entry of (kind, key), if longer than the stored one."""
        if self.cache is None:
            return
        start = time.perf_counter()
        if self.cache.store(self.kind, self.key, values, start - self.began) is not None:
            self.saved = len(values)
        self._last = time.perf_counter()
        self._wait = max(self.every, CHECKPOINT_SAVE_FACTOR * (self._last - start))


def _read_header(fh: Any) -> tuple[dict[str, Any], int]:
    """The JSON header of an open cache file and the offset where the data starts."""
    prefix = fh.read(_PREFIX.size)
    if len(prefix) < _PREFIX.size:
        raise _Corrupt(f"truncated: {len(prefix)} bytes, shorter than the {_PREFIX.size}-byte prefix")
    magic, size = _PREFIX.unpack(prefix)
    if magic != _MAGIC:
        raise _Corrupt(f"not a sprague cache file (starts with {magic!r})")
    if size > _MAX_HEADER:
        raise _Corrupt(f"bad header length {size}")
    raw = fh.read(size)
    if len(raw) < size:
        raise _Corrupt(f"truncated in the header ({len(raw)} of {size} bytes)")
    try:
        header = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        raise _Corrupt("header is not valid JSON") from None
    if not isinstance(header, dict):
        raise _Corrupt("header is not a JSON object")
    return header, _PREFIX.size + size


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "kind": str,
    "key": dict,
    "length": int,
    "shape": list,
    "dtype": str,
    "nbytes": int,
    "sha256": str,
    "seconds": (int, float),
    "created": str,
}


def _check_header(header: dict[str, Any], kind: str | None, canonical: str | None) -> None:
    """Raise _Corrupt unless the header is well formed (and, if given, names this kind and key)."""
    if header.get("format") != FORMAT_VERSION:
        if isinstance(header.get("format"), int):
            raise _OtherFormat(header["format"])
        raise _Corrupt(f"bad format version {header.get('format')!r}")
    for name, typ in _FIELDS.items():
        if not isinstance(header.get(name), typ) or isinstance(header.get(name), bool):
            raise _Corrupt(f"header field {name!r} is missing or malformed")
    shape = header["shape"]
    if not shape or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape):
        raise _Corrupt(f"bad shape {shape!r}")
    try:
        dtype = np.dtype(header["dtype"])
    except TypeError:
        raise _Corrupt(f"bad dtype {header['dtype']!r}") from None
    if dtype.hasobject or dtype.itemsize == 0:
        raise _Corrupt(f"bad dtype {header['dtype']!r}")
    if header["length"] != shape[0] or header["nbytes"] != math.prod(shape) * dtype.itemsize:
        raise _Corrupt("header length, shape, dtype and size disagree")
    if kind is not None and header["kind"] != kind:
        raise _Corrupt(f"header names kind {header['kind']!r}, not {kind!r}")
    if canonical is not None and json.dumps(header["key"], sort_keys=True, separators=(",", ":")) != canonical:
        raise _Corrupt("header names another key (a hash collision or a changed file)")


_DEFAULT: list[Cache | None] = []  # the process-wide choice; empty: not chosen yet (the default directory)
_CURRENT: contextvars.ContextVar[list[Cache | None] | None] = contextvars.ContextVar("sprague_cache", default=None)


def use(cache: Cache | str | os.PathLike[str] | bool | None = True) -> Cache | None:
    """Choose the cache of this process: a :class:`Cache`, a directory, True (the default), False (none).

    The command line calls it for ``--cache-dir DIR`` and ``--no-cache``; :func:`using`
    chooses one for a block of code (and its thread or task) only.

    >>> use(False) is None
    True
    >>> _ = use(True)
    """
    chosen = _choose(cache)
    _DEFAULT[:] = [chosen]
    return chosen


@contextlib.contextmanager
def using(cache: Cache | str | os.PathLike[str] | bool | None) -> Iterator[Cache | None]:
    """Use ``cache`` (as :func:`use` reads it) inside a ``with`` block, in this context only.

    >>> with using(False):
    ...     active() is None
    True
    """
    token = _CURRENT.set([_choose(cache)])
    try:
        yield _CURRENT.get()[0]  # type: ignore[index]
    finally:
        _CURRENT.reset(token)


def _choose(cache: Cache | str | os.PathLike[str] | bool | None) -> Cache | None:
    if cache is True or cache is None:
        return Cache()
    if cache is False:
        return None
    return cache if isinstance(cache, Cache) else Cache(cache)


def active() -> Cache | None:
    """The cache in use: the one :func:`using` set in this context, else the process's (:func:`use`)."""
    here = _CURRENT.get()
    if here is not None:
        return here[0]
    if not _DEFAULT:
        use(True)
    return _DEFAULT[0]
