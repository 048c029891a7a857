"""Long sequence and table runs checkpoint to the results cache: a run killed with SIGKILL loses at most one
interval of work, and the next run continues from the saved prefix to the same result."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import naive
import sprague
from sprague import cache as cache_module
from sprague.cache import Cache, Checkpoints
from sprague.solve import sequence as sequence_module

CHUNK = 4096  # the take-and-break kernel's chunk in these runs (the default is 65,536 values)
SEQUENCE_N = 2048 + 6 * CHUNK  # the naive prefix, then six chunks
TABLE = ("single-delete", 4, 60)  # ruleset, heaps, max_heap: 595,665 positions, 12 chunks of 50,000 here

CHILD = """
import sys, time
import sprague
from sprague import cache
from sprague.kernels import config, takebreak_run
from sprague.solve import sequence

what, directory, pause = sys.argv[1], sys.argv[2], float(sys.argv[3])
cache.CHECKPOINT_SECONDS = 0.0  # save after every chunk: the least work lost
cache.CHECKPOINT_SAVE_FACTOR = 0.0  # however long a save takes
sequence.CACHE_FROM = 0
takebreak_run.CHUNK = %d
config.BOX_CHUNK = 2500  # box search in chunks of 20 * 2,500 positions
cache.use(cache.Cache(directory, min_seconds=0))
done = 0
def progress(k):
    global done
    done += k
    print("reached", done, flush=True)
    time.sleep(pause)  # slow enough to be killed midway
if what == "sequence":
    sprague.ruleset("grundys-game").sequence(%d, progress=progress)
else:
    name, heaps, max_heap = %r
    sprague.ruleset(name).table(max_heap, heaps=heaps, progress=progress)
print("finished", flush=True)
""" % (CHUNK, SEQUENCE_N, TABLE)


def sprague_env() -> dict[str, str]:
    src = str(Path(cache_module.__file__).resolve().parents[1])
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, *filter(None, [os.environ.get("PYTHONPATH")])])}


def kill_midway(what: str, directory: Path, lines: int) -> list[int]:
    """Run CHILD, SIGKILL it once it has reported ``lines`` finished chunks; returns the lengths it reported."""
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, what, str(directory), "0.2"], stdout=subprocess.PIPE, text=True, env=sprague_env()
    )
    assert proc.stdout is not None
    reached: list[int] = []
    try:
        while len(reached) < lines:
            line = proc.stdout.readline()
            assert line.startswith("reached "), f"the run ended before it was killed: {line!r}"
            reached.append(int(line.split()[1]))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    return reached


def counter() -> tuple[list[int], Any]:
    done = [0]
    return done, lambda k: done.__setitem__(0, done[0] + k)


@pytest.mark.timeout(600)  # a hang guard
def test_a_killed_sequence_run_resumes_from_its_last_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sprague.kernels import takebreak_run

    reached = kill_midway("sequence", tmp_path, lines=3)
    cache = Cache(tmp_path, min_seconds=0)
    key = sprague.ruleset("grundys-game").cache_key()
    saved = cache.stored_length("sequence", key)
    # each chunk is saved before the next one is reported: the kill lost at most the chunk under way
    assert saved is not None and reached[-2] <= saved <= reached[-1] < SEQUENCE_N
    monkeypatch.setattr(sequence_module, "CACHE_FROM", 0)
    monkeypatch.setattr(takebreak_run, "CHUNK", CHUNK)
    done, progress = counter()
    with cache_module.using(cache):
        resumed = sprague.ruleset("grundys-game").sequence(SEQUENCE_N, progress=progress)
    assert done[0] == SEQUENCE_N - saved  # only the values after the checkpoint were computed
    with cache_module.using(False):
        whole = sprague.ruleset("grundys-game").sequence(SEQUENCE_N)
    np.testing.assert_array_equal(resumed, whole)
    assert resumed[:1500].tolist() == naive.grundys_game_sequence(1500)
    assert cache.stored_length("sequence", key) == SEQUENCE_N


@pytest.mark.timeout(600)  # a hang guard
def test_a_killed_table_run_resumes_from_its_last_checkpoint(tmp_path: Path) -> None:
    reached = kill_midway("table", tmp_path, lines=3)
    name, heaps, max_heap = TABLE
    rules = sprague.ruleset(name)
    key = {**rules.cache_key(), "heaps": heaps, "min_heap": rules.min_heap, "values": "grundy"}
    cache = Cache(tmp_path, min_seconds=0)
    saved = cache.stored_length("table", key)
    assert saved is not None and reached[-2] <= saved <= reached[-1]
    done, progress = counter()
    with cache_module.using(cache):
        resumed = rules.table(max_heap, heaps=heaps, progress=progress)
    assert done[0] == len(resumed) - saved and f"continuing {saved:,} cached positions" in resumed.method
    assert resumed.resumed_from == saved
    with cache_module.using(False):
        whole = rules.table(max_heap, heaps=heaps)
    np.testing.assert_array_equal(resumed.values, whole.values)
    np.testing.assert_array_equal(resumed.positions, whole.positions)
    small = rules.table(6, heaps=heaps)  # a prefix of the resumed table, checked by brute force
    assert [int(v) for v in resumed.values[: len(small)]] == [
        naive.grundy(naive.single_delete_moves, p) for p, _ in small
    ]


class _Clock:
    """``time`` for sprague.cache with a ``perf_counter`` the test moves: the spacing is checked exactly, whatever
    the machine's load (real sleeps once judged it, and a process kept off the CPU sees its sleeps last longer)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_checkpoints_are_spaced_by_the_interval_and_by_the_cost_of_a_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = _Clock()
    monkeypatch.setattr(cache_module, "time", clock)
    cache = Cache(tmp_path, min_seconds=0)
    assert not Checkpoints(None, "sequence", {"ruleset": "nim"}, every=0).due()  # no cache: never
    points = Checkpoints(cache, "sequence", {"ruleset": "nim"}, every=60)
    assert not points.due()
    points = Checkpoints(cache, "sequence", {"ruleset": "nim"}, every=0.05)
    clock.now += 0.04
    assert not points.due()
    clock.now += 0.02
    assert points.due()
    real = Cache.store

    def slow_store(self: Cache, *args: Any) -> Any:
        clock.now += 0.02  # a save that takes 0.02 s
        return real(self, *args)

    monkeypatch.setattr(Cache, "store", slow_store)
    points.save(np.arange(7))
    assert points.saved == 7 and cache.stored_length("sequence", {"ruleset": "nim"}) == 7
    clock.now += 0.06  # past the interval, but a save took 0.02 s: the next waits 20 times that
    assert not points.due()
    clock.now += 0.33  # 0.39 s after the save
    assert not points.due()
    clock.now += 0.02  # 0.41 s
    assert points.due()
    points.save(np.arange(3))  # shorter than the stored one: not saved
    assert points.saved == 7 and cache.stored_length("sequence", {"ruleset": "nim"}) == 7
