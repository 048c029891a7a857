"""A results cache bounded by size (``Cache(max_bytes=...)``): least recently used entries are removed first."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from sprague.cache import Cache, CacheError

ENTRY = 1000  # bytes of data of each entry below (its file adds a header of a few hundred bytes)


def _store(cache: Cache, name: str) -> Path | None:
    return cache.store("sequence", {"ruleset": name}, np.zeros(ENTRY, dtype=np.uint8), seconds=5.0)


def _names(cache: Cache) -> set[str]:
    return {e.key["ruleset"] for e in cache.entries()}


def _age(cache: Cache, name: str, seconds_ago: float) -> None:
    """Mark an entry as used ``seconds_ago`` (file times, not the clock's speed, decide the order)."""
    path = cache.path("sequence", {"ruleset": name})
    when = path.stat().st_mtime - seconds_ago
    os.utime(path, (when, when))


def test_stores_past_the_bound_remove_the_least_recently_used(tmp_path: Path) -> None:
    one = Cache(tmp_path).store("sequence", {"ruleset": "probe"}, np.zeros(ENTRY, dtype=np.uint8), seconds=5.0)
    assert one is not None
    size = one.stat().st_size
    one.unlink()
    cache = Cache(tmp_path, max_bytes=3 * size + size // 2)  # room for three entries
    for i, name in enumerate("abc"):
        assert _store(cache, name) is not None
        _age(cache, name, 100 - i)  # a oldest, c newest
    assert _names(cache) == {"a", "b", "c"}
    assert _store(cache, "d") is not None
    assert _names(cache) == {"b", "c", "d"} and cache.size() <= cache.max_bytes


def test_a_load_makes_an_entry_recently_used(tmp_path: Path) -> None:
    probe = Cache(tmp_path).store("sequence", {"ruleset": "probe"}, np.zeros(ENTRY, dtype=np.uint8), seconds=5.0)
    assert probe is not None
    size = probe.stat().st_size
    probe.unlink()
    cache = Cache(tmp_path, max_bytes=2 * size + size // 2)
    _store(cache, "a")
    _age(cache, "a", 200)
    _store(cache, "b")
    _age(cache, "b", 100)
    assert cache.load("sequence", {"ruleset": "a"}) is not None  # a is now the most recent
    _store(cache, "c")
    assert _names(cache) == {"a", "c"}


def test_an_entry_larger_than_the_bound_is_not_stored(tmp_path: Path) -> None:
    cache = Cache(tmp_path, max_bytes=ENTRY // 2)
    assert _store(cache, "a") is None and cache.size() == 0
    assert Cache(tmp_path, max_bytes=0).store("sequence", {"ruleset": "x"}, np.zeros(1, np.uint8), 5.0) is None


def test_without_a_bound_nothing_is_removed(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    for name in "abcdefgh":
        _store(cache, name)
    assert _names(cache) == set("abcdefgh")


@pytest.mark.parametrize("bad", [-1, 1.5, True, "10"])
def test_a_bad_bound_is_refused(tmp_path: Path, bad: object) -> None:
    with pytest.raises(CacheError, match="max_bytes must be a whole number of bytes >= 0 or None"):
        Cache(tmp_path, max_bytes=bad)  # type: ignore[arg-type]
