"""The results cache: round trips, the longer-wins rule, corruption detected and removed, concurrent writers, CLI."""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sprague import cache as cache_module
from sprague.cache import ENV_VAR, MIN_SECONDS, Cache, CacheError, CacheWarning, Entry, default_dir
from sprague.cli import main
from sprague.cli.common import open_cache
from sprague.cli.parser import add_cache_dir

KEY: dict[str, Any] = {"ruleset": "grundys-game", "params": {}, "heaps": 1, "values": "grundy"}
OTHER: dict[str, Any] = {"ruleset": "subtraction", "params": {"S": [1, 2, 5]}}


def stored(tmp_path: Path, values: np.ndarray | None = None, key: dict[str, Any] = KEY) -> tuple[Cache, Path]:
    cache = Cache(tmp_path / "cache")
    path = cache.store("sequence", key, np.arange(100, dtype=np.int32) if values is None else values, seconds=5.0)
    assert path is not None and path.exists()
    return cache, path


def cache_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name != ".lock")


def age(path: Path, seconds: float) -> None:
    """Make ``path`` look last modified ``seconds`` ago."""
    then = time.time() - seconds
    os.utime(path, (then, then))


# ------------------------------------------------------------------ round trip
@pytest.mark.parametrize(
    "values",
    [
        np.array([0, 1, 2, 0, 1, -3], dtype=np.int8),
        np.arange(1000, dtype=np.int32),
        np.arange(1000, dtype=np.int64) * 2**40,
        np.arange(7, dtype=np.uint16),
        np.array([0.5, -1.25, np.inf]),
        np.array([True, False, True]),
        np.arange(12, dtype=">i4"),  # byte order is part of the dtype
        np.arange(30, dtype=np.int32).reshape(5, 6),  # a 2-D table
        np.arange(20, dtype=np.int64)[::3],  # not contiguous
        np.zeros(0, dtype=np.int64),
    ],
    ids=["int8", "int32", "int64", "uint16", "float64", "bool", "big-endian", "2d", "strided", "empty"],
)
def test_round_trip_preserves_values_dtype_and_shape(tmp_path: Path, values: np.ndarray) -> None:
    cache, _ = stored(tmp_path, values)
    got = cache.load("sequence", KEY)
    assert got is not None
    assert got.dtype == values.dtype and got.shape == values.shape
    np.testing.assert_array_equal(got, values)
    got[...] = 0  # a fresh writable array, not a view of cache internals
    np.testing.assert_array_equal(cache.load("sequence", KEY), values)


def test_keys_and_kinds_are_separate_entries(tmp_path: Path) -> None:
    cache, _ = stored(tmp_path, np.arange(5))
    cache.store("sequence", OTHER, np.arange(9), seconds=5.0)
    cache.store("table", KEY, np.ones((3, 3), dtype=np.int8), seconds=5.0)
    assert len(cache.load("sequence", KEY)) == 5
    assert len(cache.load("sequence", OTHER)) == 9
    assert cache.load("table", KEY).shape == (3, 3)
    assert cache.load("table", OTHER) is None
    # key order and tuple/list do not matter: the key is canonical JSON
    assert len(cache.load("sequence", {"params": {"S": [1, 2, 5]}, "ruleset": "subtraction"})) == 9


def test_missing_directory_or_file_is_a_silent_miss(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Cache(tmp_path / "nowhere").load("sequence", KEY) is None
        assert Cache(tmp_path).load("sequence", KEY) is None
        assert Cache(tmp_path / "nowhere").entries() == []
        assert Cache(tmp_path / "nowhere").clear() == 0
    assert not (tmp_path / "nowhere").exists()


def test_file_name_is_kind_and_key_hash(tmp_path: Path) -> None:
    _, path = stored(tmp_path)
    assert path.parent == tmp_path / "cache"
    assert path.name.startswith("sequence-") and path.suffix == ".sprague"
    assert len(path.stem.split("-", 1)[1]) == 16


# ------------------------------------------------------------------ when to store
def test_min_seconds_is_respected(tmp_path: Path) -> None:
    assert MIN_SECONDS == 1.0 and Cache(tmp_path).min_seconds == MIN_SECONDS
    cache = Cache(tmp_path / "c", min_seconds=2.0)
    assert cache.store("sequence", KEY, np.arange(10), seconds=1.99) is None
    assert cache.load("sequence", KEY) is None
    assert not (tmp_path / "c").exists()  # nothing written, not even the directory
    assert cache.store("sequence", KEY, np.arange(10), seconds=float("nan")) is None
    assert cache.store("sequence", KEY, np.arange(10), seconds=2.0) is not None
    assert len(cache.load("sequence", KEY)) == 10
    assert Cache(tmp_path / "d", min_seconds=0).store("sequence", KEY, np.arange(3), seconds=0.0) is not None


def test_longer_replaces_shorter_and_never_the_reverse(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    assert cache.store("sequence", KEY, np.arange(50), seconds=3.0) is not None
    assert cache.store("sequence", KEY, np.arange(80), seconds=4.0) is not None
    np.testing.assert_array_equal(cache.load("sequence", KEY), np.arange(80))
    assert cache.store("sequence", KEY, np.arange(30), seconds=9.0) is None
    assert cache.store("sequence", KEY, np.full(80, 7), seconds=9.0) is None  # equal length: kept
    np.testing.assert_array_equal(cache.load("sequence", KEY), np.arange(80))
    assert cache.stored_length("sequence", KEY) == 80
    [entry] = cache.entries()
    assert entry.seconds == 4.0 and entry.length == 80
    assert cache_files(tmp_path) == [entry.path.name]  # no temp file left by the refused stores


def test_bad_arguments_raise_cache_error(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    with pytest.raises(CacheError, match="not plain JSON"):
        cache.store("sequence", {"n": np.int64(3)}, np.arange(3), seconds=5.0)
    with pytest.raises(CacheError, match="not a simple name"):
        cache.load("../escape", KEY)
    with pytest.raises(CacheError, match="0-dimensional"):
        cache.store("sequence", KEY, np.array(3), seconds=5.0)
    with pytest.raises(CacheError, match="dtype object"):
        cache.store("sequence", KEY, np.array([1, None], dtype=object), seconds=5.0)
    with pytest.raises(CacheError, match="min_seconds"):
        Cache(tmp_path, min_seconds=-1)
    assert issubclass(CacheError, ValueError)
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ the directory
def test_default_dir_honours_env_var_and_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine"))
    assert default_dir() == tmp_path / "mine"
    assert Cache().directory == tmp_path / "mine"
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert default_dir() == tmp_path / "home" / ".cache" / "sprague"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_dir() == tmp_path / "xdg" / "sprague"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert default_dir() == tmp_path / "home" / ".cache" / "sprague"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert default_dir() == tmp_path / "home" / "Library" / "Caches" / "sprague"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert default_dir() == tmp_path / "local" / "sprague" / "Cache"


def test_unwritable_directory_warns_and_does_not_raise(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    cache = Cache(blocker / "cache")  # mkdir fails even for root
    with pytest.warns(CacheWarning, match="cannot write the cache"):
        assert cache.store("sequence", KEY, np.arange(10), seconds=5.0) is None
    assert cache.load("sequence", KEY) is None
    assert cache.entries() == [] and cache.clear() == 0
    assert blocker.read_text() == "not a directory"


# ------------------------------------------------------------------ corruption
def flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))


def truncate(path: Path, size: int) -> None:
    path.write_bytes(path.read_bytes()[:size])


def garbage_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[16:26] = b"#garbage!#"
    path.write_bytes(bytes(data))


def rewrite_header(path: Path, **changes: Any) -> None:
    raw = path.read_bytes()
    size = int.from_bytes(raw[8:16], "little")
    header = json.loads(raw[16 : 16 + size])
    header.update(changes)
    head = json.dumps(header).encode()
    path.write_bytes(raw[:8] + len(head).to_bytes(8, "little") + head + raw[16 + size :])


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda p: truncate(p, p.stat().st_size - 5), "truncated"),
        (lambda p: truncate(p, 30), "truncated in the header"),
        (lambda p: truncate(p, 3), "truncated"),
        (lambda p: truncate(p, 0), "truncated"),
        (flip_last_byte, "checksum mismatch"),
        (garbage_header, "header is not valid JSON"),
        (lambda p: p.write_bytes(b"\x00" * 400), "not a sprague cache file"),
        (lambda p: p.write_bytes(p.read_bytes() + b"extra"), "trailing bytes"),
        (lambda p: rewrite_header(p, length=7), "disagree"),
        (lambda p: rewrite_header(p, dtype="no-such-dtype"), "bad dtype"),
        (lambda p: rewrite_header(p, key={"ruleset": "nim"}), "another key"),
        (lambda p: rewrite_header(p, sha256=None), "'sha256' is missing"),
        (lambda p: rewrite_header(p, format="one"), "bad format version"),
    ],
    ids=[
        "truncated-data",
        "truncated-header",
        "truncated-prefix",
        "empty",
        "flipped-byte",
        "garbage-header",
        "zeros",
        "trailing",
        "bad-length",
        "bad-dtype",
        "wrong-key",
        "no-checksum",
        "bad-format",
    ],
)
def test_a_damaged_file_is_reported_removed_and_recomputed(tmp_path: Path, damage: Any, why: str) -> None:
    cache, path = stored(tmp_path)
    damage(path)
    with pytest.warns(CacheWarning, match="not usable") as caught:
        assert cache.load("sequence", KEY) is None
    message = str(caught[0].message)
    assert str(path) in message and why in message
    assert not path.exists()
    assert caught[0].filename == __file__  # the warning points at the caller of load
    # recomputed: the next store writes a good file, whatever its length
    assert cache.store("sequence", KEY, np.arange(10), seconds=5.0) == path
    np.testing.assert_array_equal(cache.load("sequence", KEY), np.arange(10))


def test_a_damaged_file_does_not_block_a_shorter_store(tmp_path: Path) -> None:
    cache, path = stored(tmp_path, np.arange(100))
    flip_last_byte(path)  # the header still says length 100 but the size test passes: store's check is the header
    truncate(path, path.stat().st_size - 1)  # now it is short: not counted as a stored entry
    assert cache.stored_length("sequence", KEY) is None
    assert cache.store("sequence", KEY, np.arange(10), seconds=5.0) == path
    np.testing.assert_array_equal(cache.load("sequence", KEY), np.arange(10))


def test_another_format_version_is_ignored_and_overwritten(tmp_path: Path) -> None:
    cache, path = stored(tmp_path, np.arange(100))
    rewrite_header(path, format=cache_module.FORMAT_VERSION + 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cache.load("sequence", KEY) is None
        assert cache.entries() == []
    assert path.exists()  # not ours to judge: left alone until a store replaces it
    assert cache.store("sequence", KEY, np.arange(10), seconds=5.0) == path
    assert len(cache.load("sequence", KEY)) == 10


# ------------------------------------------------------------------ concurrency
def _hammer(directory: str, rounds: int) -> None:
    """Store ever longer prefixes of one sequence and read back after each; any warning is a failure."""
    warnings.simplefilter("error", CacheWarning)
    cache = Cache(directory, min_seconds=0)
    full = np.arange(rounds + 1, dtype=np.int64) * 3
    for n in range(1, rounds + 1):
        cache.store("sequence", KEY, full[:n], seconds=1.0)
        got = cache.load("sequence", KEY)
        assert got is not None and len(got) >= n and np.array_equal(got, full[: len(got)])
        cache.store("sequence", KEY, full[: max(1, n // 2)], seconds=1.0)  # shorter: must never win


def test_two_processes_storing_one_entry_leave_one_good_file(tmp_path: Path) -> None:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    rounds = 150
    procs = [ctx.Process(target=_hammer, args=(str(tmp_path), rounds)) for _ in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = Cache(tmp_path).load("sequence", KEY)
    np.testing.assert_array_equal(got, np.arange(rounds + 1, dtype=np.int64)[:rounds] * 3)
    assert cache_files(tmp_path) == [Cache(tmp_path).path("sequence", KEY).name]  # no temp files remain


# ------------------------------------------------------------------ entries and clear
def test_entries_describe_each_file(tmp_path: Path) -> None:
    cache, path = stored(tmp_path, np.arange(40, dtype=np.int8))
    cache.store("table", OTHER, np.zeros((6, 6), dtype=np.int32), seconds=2.5)
    entries = cache.entries()
    assert [e.kind for e in entries] == ["sequence", "table"]
    seq, table = entries
    assert isinstance(seq, Entry)
    assert (seq.path, seq.key, seq.length, seq.shape, seq.dtype, seq.nbytes, seq.seconds) == (
        path,
        KEY,
        40,
        (40,),
        "|i1",
        40,
        5.0,
    )
    assert (table.key, table.length, table.shape, table.nbytes, table.seconds) == (OTHER, 6, (6, 6), 144, 2.5)
    assert seq.created[:2] == "20" and "T" in seq.created


def test_entries_skip_a_damaged_file_with_a_warning(tmp_path: Path) -> None:
    cache, path = stored(tmp_path)
    truncate(path, 40)
    with pytest.warns(CacheWarning, match="cache clear"):
        assert cache.entries() == []
    assert cache.clear() == 1 and not path.exists()


def test_clear_removes_cache_files_and_stale_temp_files_only(tmp_path: Path) -> None:
    cache, _ = stored(tmp_path)
    cache.store("table", OTHER, np.zeros((3, 3)), seconds=5.0)
    old = cache.directory / ".sequence-0123456789abcdef.x1y2.sprague-tmp"  # an older version's name: no writer
    old.write_bytes(b"half")
    age(old, cache_module.STALE_SECONDS + 60)
    fresh = cache.directory / ".table-0123456789abcdef.x1y2.sprague-tmp"  # might be written right now: kept
    fresh.write_bytes(b"half")
    (cache.directory / "notes.txt").write_text("mine")
    assert cache.clear() == 3
    assert cache_files(cache.directory) == [fresh.name, "notes.txt"]
    assert cache.entries() == [] and cache.clear() == 0


# ------------------------------------------------------------------ temporary files of unfinished writes
WRITER = """
import json, os, sys
import numpy as np
from sprague.cache import Cache

real, blocked = os.fsync, []
def fsync(fd):  # the first fsync (of the temporary file) waits for a line on stdin: a write caught midway
    if not blocked:
        blocked.append(fd)
        print("writing", flush=True)
        sys.stdin.readline()
    real(fd)
os.fsync = fsync
path = Cache(sys.argv[1], min_seconds=0).store("sequence", json.loads(sys.argv[2]), np.arange(5000), seconds=5.0)
print("stored", path, flush=True)
"""


def sprague_env() -> dict[str, str]:
    """The environment of a child process that imports this checkout's sprague."""
    src = str(Path(cache_module.__file__).resolve().parents[1])
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, *filter(None, [os.environ.get("PYTHONPATH")])])}


def start_writer(directory: Path) -> subprocess.Popen[str]:
    """A process stopped in the middle of writing an entry (its temporary file written, not yet renamed)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(directory), json.dumps(KEY)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=sprague_env(),
    )
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    return proc


def temp_files(directory: Path) -> list[Path]:
    return sorted(directory.glob(".*.sprague-tmp"))


@pytest.mark.timeout(600)  # a hang guard
def test_a_writer_killed_mid_write_leaves_a_stale_temp_file_that_the_next_open_removes(tmp_path: Path) -> None:
    proc = start_writer(tmp_path)
    try:
        [temp] = temp_files(tmp_path)
        assert temp.name.startswith(f".{Cache(tmp_path).path('sequence', KEY).stem}.{proc.pid}@")
        [listed] = Cache(tmp_path).temporaries()
        assert (listed.path, listed.pid, listed.stale) == (temp, proc.pid, False)  # its writer runs
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    [listed] = Cache(tmp_path).temporaries()
    assert listed.stale and listed.nbytes == temp.stat().st_size > 5000 * 8
    # listed by `cache list`, text and JSON, with its size; the listing removes nothing
    status, out, _ = run("cache", "list", "--cache-dir", str(tmp_path))
    assert status == 0 and f"stale: its writer is gone (pid {proc.pid} on " in out and str(temp) in out
    assert "1 temporary file, " in out and "1 stale, " in out and "'sprague cache clear' removes them" in out
    status, out, _ = run("cache", "list", "--cache-dir", str(tmp_path), "--json")
    [shown] = json.loads(out)["temporary"]
    assert (shown["path"], shown["pid"], shown["stale"], shown["nbytes"]) == (str(temp), proc.pid, True, listed.nbytes)
    assert temp.exists()
    # the next cache to be used removes it (and finds nothing stored)
    cache = Cache(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cache.load("sequence", KEY) is None
    assert temp_files(tmp_path) == [] and cache.temporaries() == []


@pytest.mark.timeout(600)  # a hang guard
def test_a_live_writers_temp_file_survives_other_processes_opening_and_clearing(tmp_path: Path) -> None:
    proc = start_writer(tmp_path)
    try:
        [temp] = temp_files(tmp_path)
        other = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys, numpy as np; from sprague.cache import Cache; "
                "c = Cache(sys.argv[1], min_seconds=0); c.store('table', {'ruleset': 'nim'}, "
                "np.arange(3), 5.0); print(len(c.sweep()), c.load('table', {'ruleset': 'nim'}))",
                str(tmp_path),
            ],
            capture_output=True,
            text=True,
            env=sprague_env(),
            timeout=540,
        )
        assert other.stdout == "0 [0 1 2]\n", other.stderr
        assert temp_files(tmp_path) == [temp]
        assert run("cache", "clear", "--cache-dir", str(tmp_path)) == (
            0,
            f"removed 1 cached result from {tmp_path}\nkept 1 temporary file of writes under way\n",
            "",
        )
        assert temp_files(tmp_path) == [temp]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("go on\n")
        proc.stdin.flush()
        assert proc.stdout.readline().startswith("stored ")  # its rename still found its file
    finally:
        proc.kill()
        proc.wait()
    assert temp_files(tmp_path) == []
    np.testing.assert_array_equal(Cache(tmp_path).load("sequence", KEY), np.arange(5000))


def test_staleness_from_the_writer_named_in_the_file_and_the_age(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # reaped: its pid names no process now
    host = cache_module._host()
    names = {
        f".sequence-0123456789abcdef.{dead.pid}@{host}.ab_12.sprague-tmp": (0, True),  # a dead writer here
        f".sequence-0123456789abcdef.{os.getpid()}@{host}.ab_12.sprague-tmp": (0, False),  # this very process
        f".sequence-0123456789abcdef.{os.getpid()}@{host}.cd_34.sprague-tmp": (7200, True),  # ... long idle
        f".table-0123456789abcdef.{dead.pid}@other-host.ab_12.sprague-tmp": (0, False),  # cannot check: wait
        f".table-0123456789abcdef.{dead.pid}@other-host.cd_34.sprague-tmp": (7200, True),
        ".sequence-0123456789abcdef.x1y2.sprague-tmp": (0, False),  # an older version's name: only the age tells
        ".sequence-0123456789abcdef.z9y8.sprague-tmp": (7200, True),
    }
    for name, (seconds, _) in names.items():
        (tmp_path / name).write_bytes(b"x" * 10)
        age(tmp_path / name, seconds)
    cache = Cache(tmp_path)
    assert {t.path.name: t.stale for t in cache.temporaries()} == {n: stale for n, (_, stale) in names.items()}
    assert sorted(t.path.name for t in cache.sweep()) == sorted(n for n, (_, stale) in names.items() if stale)
    assert sorted(t.path.name for t in cache.temporaries()) == sorted(n for n, (_, s) in names.items() if not s)
    assert all(not t.stale for t in cache.temporaries())


# ------------------------------------------------------------------ command line
def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_cli_cache_list_and_clear(tmp_path: Path) -> None:
    directory = str(tmp_path / "c")
    assert run("cache", "list", "--cache-dir", directory) == (0, f"no cached results in {directory}\n", "")
    cache = Cache(directory)
    cache.store("sequence", OTHER, np.arange(2048, dtype=np.int64), seconds=12.34)
    cache.store("table", {"ruleset": "single-delete", "params": {"k": 4}, "heaps": 4}, np.zeros((5, 5), np.int8), 2)
    status, out, err = run("cache", "list", "--cache-dir", directory)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"cache: {directory}"
    assert lines[1].split() == [
        "sequence",
        "subtraction",
        "-p",
        "S=1,2,5",
        "length",
        "2048",
        "16.0",
        "KiB",
        "took",
        "12.3",
        "s",
    ]
    assert lines[2].split() == [
        "table",
        "single-delete",
        "-p",
        "k=4",
        "heaps=4",
        "length",
        "5x5",
        "25",
        "B",
        "took",
        "2.0",
        "s",
    ]
    assert lines[3].startswith("2 cached results")
    status, out, _ = run("cache", "list", "--cache-dir", directory, "--json")
    data = json.loads(out)
    assert status == 0 and data["directory"] == directory
    assert [(e["kind"], e["key"], e["length"], e["dtype"]) for e in data["entries"]] == [
        ("sequence", OTHER, 2048, "<i8"),
        ("table", {"ruleset": "single-delete", "params": {"k": 4}, "heaps": 4}, 5, "|i1"),
    ]
    assert run("cache", "clear", "--cache-dir", directory) == (0, f"removed 2 cached results from {directory}\n", "")
    assert cache.entries() == []
    assert run("cache", "clear", "--cache-dir", directory, "--json") == (
        0,
        json.dumps({"directory": directory, "removed": 0, "removed_temporary": 0, "kept_temporary": 0}) + "\n",
        "",
    )


def test_cli_cache_uses_the_env_var_and_rejects_a_bad_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    Cache().store("sequence", KEY, np.arange(3), seconds=5.0)
    status, out, _ = run("cache", "list")
    assert status == 0 and out.startswith(f"cache: {tmp_path}\n") and "grundys-game" in out
    status, _, err = run("cache", "purge")
    assert status == 2 and "invalid choice: 'purge'" in err
    assert len(Cache().entries()) == 1


def test_add_cache_dir_gives_any_subcommand_the_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    parser = argparse.ArgumentParser()
    add_cache_dir(parser)
    assert open_cache(parser.parse_args(["--cache-dir", str(tmp_path / "x")])).directory == tmp_path / "x"
    assert open_cache(parser.parse_args([])).directory == tmp_path / "env"
    assert open_cache(argparse.Namespace(cache_dir=None)).directory == tmp_path / "env"
