"""ruleset.table(): every k-heap position and its value, against independent search (tests/naive.py)."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import numpy as np
import pytest

import naive
import sprague
from sprague import cache


@pytest.mark.parametrize(
    "name,params,heaps,max_heap",
    [
        ("single-delete", {}, 4, 9),
        ("vdn", {}, 2, 12),
        ("abo-delete", {}, 3, 9),
        ("nmth-delete", {}, 4, 7),
        ("delete-nim", {}, 2, 12),
    ],
)
@pytest.mark.parametrize("values", ["grundy", "outcome"])
def test_delete_family_tables_equal_naive_search(name, params, heaps, max_heap, values):
    r = sprague.ruleset(name, **params)
    t = r.table(max_heap, heaps=heaps, values=values)
    lo = int(getattr(r, "min_heap", 0))
    expected = sorted(combinations_with_replacement(range(lo, max_heap + 1), heaps))
    assert sorted(p for p, _ in t) == expected
    moves = {
        "single-delete": naive.single_delete_moves,
        "vdn": naive.single_delete_moves,
        "abo-delete": naive.abo_delete_moves,
        "nmth-delete": naive.nmth_delete_moves,
        "delete-nim": naive.delete_nim_moves,
    }[name]
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
        import sprague.solve.tabulate as table

        monkeypatch.setattr(table, "CACHE_FROM", 0)
        # the compiled kernel even before numba is loaded (small tables otherwise take closed forms and search
        # in Python, and this test would depend on what ran before it in the process)
        monkeypatch.setattr(table, "kernels_made", lambda: True)
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
    import sprague.solve.tabulate as table
    from sprague.kernels import config

    monkeypatch.setattr(table, "CACHE_FROM", 0)
    monkeypatch.setattr(table, "kernels_made", lambda: True)  # the compiled kernel, whatever ran before
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
        assert (
            cache.active().stored_length("table", {**r.cache_key(), "heaps": 4, "min_heap": 1, "values": "grundy"})
            == 2000
        )
        t = sprague.ruleset("single-delete").table(16, heaps=4)
        assert "continuing 2,000 cached positions" in t.method
        fresh = table.box_table(sprague.ruleset("single-delete"), 4, 16)[1]
        assert np.array_equal(t.values, fresh)
    finally:
        cache.use(True)


@pytest.mark.parametrize(
    "name,heaps,max_heap",
    [
        ("vdn", 2, 60),
        ("single-delete", 3, 30),
        ("single-delete", 4, 22),
        ("single-delete", 5, 14),
        ("single-delete", 6, 10),
    ],
)
def test_split_memo_equals_search_option_by_option(name, heaps, max_heap, monkeypatch):
    """Grundy tables of shape (1, 2) memoise each (kept heaps, split heap)'s values; search without memo agrees."""
    import sprague.solve.box as solve_box
    from sprague.kernels import box, config
    from sprague.solve.tabulate import kernel_shapes

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
        lambda: box.local_check(
            3, 1, 6, shapes, binom, np.zeros(10, np.int8), 0, 11, False, np.zeros((5, 2), np.int64)
        ),
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


# ------------------------------------------------------------------ misère play
# Under misère play (the last mover loses) there is no nim-sum shortcut and no compiled kernel: each
# position is checked against tests/naive.py's misère solver, which imports nothing from sprague.
def _sorted_moves(moves):
    """A naive move function on sorted tuples of heaps (keeps the naive memo small; empty heaps kept)."""
    return lambda heaps: sorted({tuple(sorted(o)) for o in moves(heaps)})


MISERE_TABLES = [
    # (name, params, heaps, max_heap, naive moves on sorted tuples, key of a table row for them)
    ("nim", {}, 3, 6, _sorted_moves(naive.nim_moves), tuple),  # misère Nim's closed form (Bouton)
    ("subtraction", {"S": {1, 2, 5}}, 2, 9, _sorted_moves(naive.subtraction_moves({1, 2, 5})), tuple),
    ("subtraction", {"S": {1, 3}}, 3, 6, _sorted_moves(naive.subtraction_moves({1, 3})), tuple),
    ("kayles", {}, 2, 8, naive.kayles_moves, lambda p: tuple(sorted(x for x in p if x))),
    ("single-delete", {}, 3, 6, naive.single_delete_moves, tuple),  # normal play: a compiled kernel
    ("wythoff", {}, 2, 7, naive.wythoff_moves, tuple),
]


@pytest.mark.parametrize(
    "name,params,heaps,max_heap,moves,key",
    MISERE_TABLES,
    ids=[f"{m[0]}{m[1].get('S', '')}-{m[2]}" for m in MISERE_TABLES],
)
@pytest.mark.parametrize("values", ["grundy", "outcome"])
def test_misere_tables_equal_naive_misere_search(name, params, heaps, max_heap, moves, key, values):
    r = sprague.ruleset(name, **params)
    t = r.table(max_heap, heaps=heaps, values=values, misere=True)
    assert t.misere and t.kind == values and "misère" in repr(t)
    normal = r.table(max_heap, heaps=heaps, values=values)
    assert [p for p, _ in t] == [p for p, _ in normal]  # the same positions, in the same order
    differ = 0
    for (p, v), (_, w) in zip(t, normal):
        if values == "grundy":
            assert v == naive.misere_grundy(moves, key(p)), p
        else:
            assert v == naive.misere_outcome(moves, key(p)), p
        differ += v != w
    assert differ  # misère play is not normal play: e.g. the terminal position is N (g- = 1)
    assert t.p_positions() == [p for p, v in t if v in (0, "P")]


def test_misere_table_of_one_heap_game_is_not_the_nim_sum_of_its_sequence():
    """Misère Nim 1 1 is N (the player to move takes one heap and leaves the last token), and 0 0 is N (no move:
    the player to move has won), though the nim-sums are 0."""
    t = sprague.ruleset("nim").table(3, heaps=2, values="outcome", misere=True)
    assert t[0, 0] == "N" and t[1, 1] == "N" and t[0, 1] == "P" and t[2, 2] == "P"
    assert not t.method.startswith("Sprague-Grundy") and "misère closed form" in t.method
    sub = sprague.ruleset("subtraction", S={1, 2}).table(4, heaps=2, misere=True)
    assert "misère search" in sub.method and sub[0, 0] == 1
    assert list(sub.to_pandas().columns) == ["heap1", "heap2", "misere_grundy"]


def test_misere_table_is_refused_before_it_starts_with_its_size_and_the_option():
    with pytest.raises(
        sprague.TooLarge,
        match=r"nim: a misère table of 3 heaps of 0\.\.300 would take "
        r"4,590,551 positions, over the limit of 2,000,000; .*--max-positions",
    ):
        sprague.ruleset("nim").table(300, heaps=3, misere=True)  # normal play: a vectorised nim-sum, allowed
    assert len(sprague.ruleset("nim").table(300, heaps=3, values="outcome")) == 4_590_551
    with pytest.raises(sprague.TooLarge, match=r"a misère table of 2 heaps of 0\.\.20 \(misère search from 20 20\)"):
        sprague.ruleset("subtraction", S={1, 2}).table(20, heaps=2, misere=True, max_positions=300)
    with pytest.raises(sprague.InvalidParameter, match="misere='yes' is not True or False"):
        sprague.ruleset("nim").table(3, misere="yes")


def test_misere_searches_of_a_table_share_one_budget():
    """A game whose search size is unknown: the table stops once its searches together pass the limit."""
    kayles = sprague.ruleset("kayles")

    class NoEstimate(type(kayles)):  # type: ignore[misc]
        name = "kayles-no-estimate"
        listed = False

        def estimate_positions(self, position):
            return None

    r = NoEstimate(**kayles.params) if kayles.parameters else NoEstimate()
    with pytest.raises(sprague.TooLarge, match=r"its misère searches stopped after 60 positions \(the limit\)"):
        r.table(20, heaps=1, misere=True, max_positions=60)
    assert len(r.table(20, heaps=1, misere=True)) == 21


def test_misere_table_has_its_own_cache_entry(tmp_path, monkeypatch):
    """The key of a misère table says so: it is never served the normal table's entry, nor the other way."""
    import sprague.solve.tabulate as table

    monkeypatch.setattr(table, "CACHE_FROM", 0)
    cache.use(cache.Cache(tmp_path, min_seconds=0.0))
    try:
        r = sprague.ruleset("subtraction", S={1, 2})
        normal = r.table(6, heaps=2)
        misere = r.table(6, heaps=2, misere=True)
        assert misere.method != "the results cache" and not np.array_equal(normal.values, misere.values)
        keys = [e.key for e in cache.active().entries()]
        assert len(keys) == 2 and sorted(k.get("misere", False) for k in keys) == [False, True]
        again = sprague.ruleset("subtraction", S={1, 2}).table(6, heaps=2, misere=True)
        assert again.method == "the results cache" and again.misere
        assert np.array_equal(again.values, misere.values)
        assert np.array_equal(sprague.ruleset("subtraction", S={1, 2}).table(6, heaps=2).values, normal.values)
    finally:
        cache.use(True)
