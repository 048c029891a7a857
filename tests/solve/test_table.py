"""ruleset.table(): every k-heap position and its value, against independent search (tests/naive.py)."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import numpy as np
import pytest

import naive
import sprague
from sprague import cache


@pytest.mark.parametrize("name,params,heaps,max_heap", [
    ("single-delete", {}, 4, 9),
    ("vdn", {}, 2, 12),
    ("abo-delete", {}, 3, 9),
    ("nmth-delete", {}, 4, 7),
    ("delete-nim", {}, 2, 12),
])
@pytest.mark.parametrize("values", ["grundy", "outcome"])
def test_delete_family_tables_equal_naive_search(name, params, heaps, max_heap, values):
    r = sprague.ruleset(name, **params)
    t = r.table(max_heap, heaps=heaps, values=values)
    lo = int(getattr(r, "min_heap", 0))
    expected = sorted(combinations_with_replacement(range(lo, max_heap + 1), heaps))
    assert sorted(p for p, _ in t) == expected
    moves = {"single-delete": naive.single_delete_moves, "vdn": naive.single_delete_moves,
             "abo-delete": naive.abo_delete_moves, "nmth-delete": naive.nmth_delete_moves,
             "delete-nim": naive.delete_nim_moves}[name]
    for p, v in t:
        g = naive.grundy(moves, p)
        assert v == (g if values == "grundy" else ("P" if g == 0 else "N")), p


def test_one_heap_game_tables_are_nim_sums_of_naive_sequences():
    truth = naive.grundys_game_sequence(16)
    t = sprague.ruleset("grundys-game").table(15, heaps=3)
    assert len(t) == 816
    for p, v in t:
        assert v == truth[p[0]] ^ truth[p[1]] ^ truth[p[2]]
    assert t.method.startswith("Sprague-Grundy")


def test_ordered_heaps_for_rulesets_whose_heaps_differ():
    """gcn gives each heap its own set: the table lists ordered tuples, and (0, 3) and (3, 0) differ."""
    r = sprague.ruleset("gcn", h=2, sets="1;1-3")
    t = r.table(4, heaps=2)
    assert not t.interchangeable and len(t) == 25
    assert [p for p, _ in t] == list(product(range(5), repeat=2))
    for p, v in t:
        assert v == r.grundy(p, method="search")
    assert t[0, 3] != t[3, 0]


def test_table_conversions_and_lookup():
    t = sprague.ruleset("single-delete").table(8, heaps=3, values="outcome")
    arr = np.asarray(t)
    assert arr.shape == (len(t), 4)
    assert all(t[tuple(row[:3])] == "PN"[row[3]] for row in arr.tolist())
    assert t[3, 1, 2] == t[1, 2, 3]  # heaps in any order
    frame = t.to_pandas()
    assert list(frame.columns) == ["heap1", "heap2", "heap3", "outcome"]
    assert (frame["outcome"] == "P").sum() == len(t.p_positions()) == t.counts()["P"]
    with pytest.raises(sprague.InvalidPosition, match="not in this table"):
        t[0, 1, 2]


def test_a_larger_bound_reuses_the_cached_prefix(tmp_path, monkeypatch):
    """Colex order: the table for max_heap 10 is the first rows of the one for 12, so the cache serves it."""
    monkeypatch.setattr(cache, "MIN_SECONDS", 0.0)
    cache.use(cache.Cache(tmp_path, min_seconds=0.0))
    try:
        import sprague.solve.table as table
        monkeypatch.setattr(table, "CACHE_FROM", 0)
        big = sprague.ruleset("single-delete").table(12, heaps=4)
        assert big.method.startswith("compiled")
        small = sprague.ruleset("single-delete").table(10, heaps=4)
        assert small.method == "the results cache"
        fresh = sprague.ruleset("single-delete").table(10, heaps=4, min_heap=1, max_positions=10**6)
        assert np.array_equal(small.values, fresh.values)
    finally:
        cache.use(True)


def test_bad_table_requests_are_refused():
    with pytest.raises(sprague.InvalidParameter, match="values='pn'"):
        sprague.ruleset("nim").table(4, values="pn")
    with pytest.raises(sprague.InvalidParameter, match="min_heap"):
        sprague.ruleset("single-delete").table(4, heaps=3, min_heap=0)
    with pytest.raises(sprague.InvalidPosition, match="exactly 2 heaps"):
        sprague.ruleset("wythoff").table(4, heaps=3)
    with pytest.raises(sprague.TooLarge, match="11,716,640"):
        sprague.ruleset("single-delete").table(128, heaps=4, max_positions=10**6)


def test_grundy_tables_extend_a_cached_smaller_one_and_keep_work_on_ctrl_c(tmp_path, monkeypatch):
    """A Ctrl-C keeps the finished ranks in the cache; the next, larger request continues from them."""
    import sprague.solve.table as table
    from sprague.kernels import config

    monkeypatch.setattr(table, "CACHE_FROM", 0)
    monkeypatch.setattr(config, "BOX_CHUNK", 50)  # chunks of 1,000 ranks
    cache.use(cache.Cache(tmp_path, min_seconds=0.0))
    try:
        r = sprague.ruleset("single-delete")
        done = []

        def stop_after_two_chunks(k):
            done.append(k)
            if len(done) == 2:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            r.table(16, heaps=4, progress=stop_after_two_chunks)
        assert cache.active().stored_length("table", {**r.cache_key(), "heaps": 4, "min_heap": 1,
                                                      "values": "grundy"}) == 2000
        t = sprague.ruleset("single-delete").table(16, heaps=4)
        assert "continuing 2,000 cached positions" in t.method
        fresh = table.box_table(sprague.ruleset("single-delete"), 4, 16)[1]
        assert np.array_equal(t.values, fresh)
    finally:
        cache.use(True)


@pytest.mark.parametrize("name,heaps,max_heap", [("vdn", 2, 60), ("single-delete", 3, 30), ("single-delete", 4, 22),
                                                  ("single-delete", 5, 14), ("single-delete", 6, 10)])
def test_split_memo_equals_search_option_by_option(name, heaps, max_heap, monkeypatch):
    """Grundy tables of shape (1, 2) memoise each (kept heaps, split heap)'s values; search without memo agrees."""
    import sprague.solve.box as solve_box
    from sprague.kernels import box
    from sprague.solve.table import kernel_shapes

    from sprague.kernels import config

    monkeypatch.setattr(config, "BOX_CHUNK", 7)  # many chunks: the memo must carry across them
    rules = sprague.ruleset(name)
    b, shapes = solve_box.Box(heaps, rules.min_heap, max_heap), kernel_shapes(rules, heaps)
    assert b._split_two_memo(shapes) is not None
    plain = box.fill_table(b.n, b.lo, b.hi, shapes, b.binom, b.size, True)
    assert np.array_equal(b.truth(shapes, True, b.size), plain)


def test_membership_and_bad_lookups():
    t = sprague.ruleset("single-delete").table(5, heaps=3)
    assert (1, 1, 1) in t and (3, 1, 2) in t
    assert (0, 1, 2) not in t and (1, 2) not in t and "abc" not in t
    with pytest.raises(sprague.InvalidPosition, match="whole number"):
        t[1.5, 1, 1]
    with pytest.raises(sprague.InvalidPosition, match="tuple of heaps"):
        t[0]
    with pytest.raises(sprague.InvalidParameter, match="between 1 and 64"):
        sprague.ruleset("nim").table(3, heaps=10**20)


def test_kernel_entry_points_refuse_what_would_read_out_of_bounds():
    """The public kernels check their arguments before the compiled loops run (which would not)."""
    from sprague.kernels import box, heap, retro

    binom = box.binomials(3, 1, 6)
    shapes = np.array([[1, 2]], dtype=np.int64)
    table = np.zeros(10, dtype=np.int32)
    bad = [
        lambda: box.positions(3, 1, 6, binom, 0, 10**6),  # past the box
        lambda: box.positions(3, 1, 6, box.binomials(3, 1, 5), 0, 5),  # the binomials of another box
        lambda: box.positions(0, 1, 6, binom, 0, 1),
        lambda: box.fill_table(3, 1, 6, shapes.astype(np.int32), binom, 10, True),
        lambda: box.extend_table(3, 1, 6, shapes, binom, table, 5, 11, True),
        lambda: box.extend_split_two(3, 1, 6, binom, table, 0, 5, np.zeros((4, 8), np.int64), np.zeros(4, bool)),
        lambda: box.local_check(3, 1, 6, shapes, binom, np.zeros(10, np.int8), 0, 11, False,
                                np.zeros((5, 2), np.int64)),
        lambda: box.local_check(3, 1, 6, shapes, binom, np.zeros(10, np.int8), 0, 5, False, np.zeros(5, np.int64)),
        lambda: box.smallest_flagged(3, 1, 6, np.zeros(10, np.int8)),
        lambda: box.rank(np.array([3, 2, 1], dtype=np.int64), 1, binom),
        lambda: box.unrank(-1, 3, 1, binom, np.zeros(3, np.int64)),
        lambda: retro.retro_outcomes(3, 1, 6, shapes, binom, 10**6),
        lambda: heap.all_but_sequence(np.array([4, 2]), 10),
        lambda: heap.all_but_sequence(np.array([0, 2]), 10),
    ]
    for call in bad:
        with pytest.raises(sprague.InvalidParameter):
            call()
    good = box.positions(3, 1, 6, binom, 0, 3)
    assert good.tolist() == [[1, 1, 1], [1, 1, 2], [1, 2, 2]]
    assert box.rank(np.array([1, 2, 2], dtype=np.int64), 1, binom) == 2
