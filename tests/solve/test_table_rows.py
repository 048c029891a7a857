"""A table keeps its values only: positions made from row numbers, counts, pages of P-positions, saves.

Each is checked against the plain enumeration of the box (itertools) and Python counting,
for interchangeable heaps (colex ranks) and ordered ones, small and kernel-filled.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

import numpy as np
import pytest

import sprague
from sprague import cache


def _colex(heaps: int, lo: int, hi: int) -> list[tuple[int, ...]]:
    return sorted(combinations_with_replacement(range(lo, hi + 1), heaps), key=lambda p: p[::-1])


CASES = [
    ("single-delete", {}, 4, 9, "grundy"),
    ("single-delete", {}, 3, 40, "outcome"),
    ("nim", {}, 3, 7, "grundy"),
    ("nimhof", {"R": "1,0;0,1;1,1"}, 2, 9, "grundy"),
    ("subtraction", {"S": {1, 2, 5}}, 3, 11, "outcome"),
]


@pytest.mark.parametrize("name,params,heaps,hi,values", CASES)
def test_rows_pages_and_counts_are_those_of_the_enumerated_table(name, params, heaps, hi, values):
    r = sprague.ruleset(name, **params)
    with cache.using(False):
        t = r.table(hi, heaps=heaps, values=values)
    lo = t.min_heap
    boxed = _colex(heaps, lo, hi) if t.interchangeable else list(product(range(lo, hi + 1), repeat=heaps))
    assert [tuple(p) for p in t.positions.tolist()] == boxed
    assert t.values.dtype == np.min_scalar_type(int(t.values.max()))  # the smallest type that holds them
    shown = [v if values == "grundy" else "PN"[v] for v in t.values.tolist()]
    assert list(t) == list(zip(boxed, shown))
    assert t.counts() == Counter(shown)
    p_list = [p for p, v in zip(boxed, t.values.tolist()) if v == 0]
    assert t.p_count() == len(p_list) and t.p_positions() == p_list
    assert t.p_positions(offset=3, limit=5) == p_list[3:8]
    assert t.p_positions(offset=len(p_list) + 4, limit=5) == []
    for start, stop in ((0, 1), (5, 17), (len(t) - 3, len(t) + 10)):
        assert [tuple(p) for p in t.rows(start, stop).tolist()] == boxed[start:stop]
    pick = np.array([len(t) - 1, 0, 7])
    assert [tuple(p) for p in t.positions_at(pick).tolist()] == [boxed[i] for i in pick]
    for i in (0, 7, len(t) - 1):
        assert t.index(boxed[i]) == i


@pytest.mark.parametrize("name,params,heaps,hi,values", CASES[:3] + CASES[4:])
def test_a_saved_table_reads_back_as_the_table(tmp_path, name, params, heaps, hi, values):
    with cache.using(False):
        t = sprague.ruleset(name, **params).table(hi, heaps=heaps, values=values)
    whole = np.asarray(t)
    t.save(tmp_path / "t.npy")
    loaded = np.load(tmp_path / "t.npy")
    assert np.array_equal(loaded, whole) and loaded.dtype.itemsize <= 2
    t.save(tmp_path / "t.csv")
    lines = (tmp_path / "t.csv").read_text().splitlines()
    assert lines[0] == ",".join([f"heap{i + 1}" for i in range(heaps)] + [t.column])
    assert np.array_equal(
        np.loadtxt(tmp_path / "t.csv", delimiter=",", skiprows=1, dtype=np.int64).reshape(whole.shape), whole
    )


def test_the_cli_saves_in_chunks_what_numpy_reads(tmp_path, monkeypatch):
    from sprague.cli import main

    monkeypatch.setenv("SPRAGUE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "sd.npy"
    assert (
        main(
            [
                "table",
                "single-delete",
                "--heaps",
                "4",
                "--max",
                "20",
                "--values",
                "outcome",
                "--save",
                str(path),
                "--quiet",
            ]
        )
        == 0
    )
    saved = np.load(path)
    t = sprague.ruleset("single-delete").table(20, heaps=4, values="outcome")
    assert saved.shape == (len(t), 5) and np.array_equal(saved, np.asarray(t))


@pytest.mark.parametrize("name,params,heaps,hi,values", [CASES[0], CASES[3]])
def test_every_read_of_a_table_is_the_same_in_chunks_of_seven_rows(
    tmp_path, monkeypatch, name, params, heaps, hi, values
):
    from sprague.solve import table as table_module
    from sprague.solve import tabulate

    with cache.using(False):
        t = sprague.ruleset(name, **params).table(hi, heaps=heaps, values=values)
        whole = (list(t), t.counts(), t.p_positions(), t.p_positions(offset=5, limit=9), np.asarray(t))
        monkeypatch.setattr(table_module, "ROWS_CHUNK", 7)
        monkeypatch.setattr(tabulate, "TABLE_CHUNK", 7)
        again = sprague.ruleset(name, **params).table(hi, heaps=heaps, values=values)  # valued 7 rows at a time
    assert np.array_equal(again.values, t.values)
    chunked = (list(again), again.counts(), again.p_positions(), again.p_positions(offset=5, limit=9))
    assert chunked == whole[:4]
    again.save(tmp_path / "t.npy")
    assert np.array_equal(np.load(tmp_path / "t.npy"), whole[4])


def test_counts_of_values_far_above_the_number_of_rows_are_had_by_sorting():
    """Misère Grundy values of heaps near 2^40 (a bincount would need an entry for each value below them)."""
    t = sprague.ruleset("nim").table(2**40, heaps=1, min_heap=2**40 - 3, misere=True)
    assert t.counts() == Counter(t.values.tolist()) and len(t.counts()) == 4  # counted in Python
    assert t.p_count() == 0 and t.values.max() >= 2**40 - 3


def test_a_row_outside_the_table_is_refused_with_its_number():
    t = sprague.ruleset("nimhof", R="1,0;0,1").table(3, heaps=2)
    with pytest.raises(IndexError, match="row 16 is not in this table of 16 rows"):
        t.positions_at(np.array([2, 16]))
