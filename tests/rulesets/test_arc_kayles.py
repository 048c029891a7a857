"""Arc Kayles on graphs: moves, closed forms against brute force, and published values.

The brute force here is written for these tests: a memoised mex over the sets of vertices left
(no components, no canonical forms), sharing no code with sprague.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import sprague

AK = sprague.ruleset("arc-kayles")


def graph(text: str):
    return AK.parse_position(text.split())


def fresh():
    return sprague.ruleset("arc-kayles")


def brute(position) -> int:
    """Arc Kayles by plain search: a move removes the two ends of an edge whose ends are both left."""
    vertices, edges = position

    @cache
    def g(left: frozenset) -> int:
        seen = {g(left - {a, b}) for a, b in edges if a in left and b in left}
        return next(x for x in range(len(seen) + 1) if x not in seen)

    return g(frozenset(vertices))


def test_moves_and_words():
    p = graph("P3")
    assert sorted(AK.format_position(o) for o in AK.moves(p)) == ["1", "3"]
    assert AK.describe_move(p, graph("3")) == "edge 1-2"
    assert AK.parse_move(p, "edge 2-3") == ((1,), ())
    assert AK.parse_move(p, "edge 1-3") is None and AK.parse_move(p, "1-2") is None
    assert list(AK.moves(graph("1 2 3"))) == []


def test_isolated_vertices_take_no_part():
    assert AK.canonical(graph("P3 4 5")) == AK.canonical(graph("P3"))
    assert AK.grundy(graph("7")) == 0


@pytest.mark.parametrize("prefix", ["P", "C", "K", "S"])
def test_closed_forms_on_families_equal_brute_force(prefix):
    start = 3 if prefix == "C" else 1
    for n in range(start, 14):
        p = graph(f"{prefix}{n}")
        assert AK.closed_grundy(p) == brute(p), f"{prefix}{n}"


def test_closed_form_on_complete_bipartite_graphs_equals_brute_force():
    for m in range(1, 7):
        for n in range(1, 7):
            p = graph(f"K{m},{n}")
            assert AK.closed_grundy(p) == brute(p), f"K{m},{n}"


def test_paths_are_dawsons_kayles():
    """Arc Kayles on the path of n vertices is octal 0.07 at n (found by brute force, as the docstring proves)."""
    dk = sprague.ruleset("dawsons-kayles")
    for n in range(1, 18):
        assert brute(graph(f"P{n}")) == dk.grundy(n)


def test_computed_values_equal_brute_force_on_random_graphs():
    rng = random.Random(2016)
    ak = fresh()
    for _ in range(120):
        p = ak.random_position(rng)
        assert ak.computed_grundy(p) == brute(p), ak.format_position(p)
        assert ak.grundy(p, method="search") == brute(p)


def test_grids_equal_brute_force():
    ak = fresh()
    for rows, cols in [(2, 2), (2, 5), (3, 3), (3, 4), (2, 7)]:
        p = graph(f"G{rows}x{cols}")
        assert ak.computed_grundy(p) == brute(p), f"G{rows}x{cols}"


#: OEIS A002187 (Dawson's chess, octal .137), offset 0; its comment: "Octal game .07 (Dawson's Kayles) has values
#: a(n-1)". Arc Kayles on P_n is Dawson's Kayles at n (Huggan & Stevens, "Polynomial time graph families for Arc
#: Kayles", INTEGERS 16 (2016) #A86, on paths), so its values are A002187(n - 1).
A002187 = [
    0,
    1,
    1,
    2,
    0,
    3,
    1,
    1,
    0,
    3,
    3,
    2,
    2,
    4,
    0,
    5,
    2,
    2,
    3,
    3,
    0,
    1,
    1,
    3,
    0,
    2,
    1,
    1,
    0,
    4,
    5,
    2,
    7,
    4,
    0,
    1,
    1,
    2,
    0,
    3,
    1,
    1,
    0,
    3,
    3,
    2,
    2,
    4,
    4,
    5,
    5,
    2,
    3,
    3,
    0,
    1,
    1,
    3,
    0,
    2,
    1,
    1,
    0,
    4,
    5,
    3,
    7,
    4,
    8,
    1,
    1,
    2,
    0,
]


def test_oeis_a002187_paths_shifted_by_one():
    ak = fresh()
    for n in range(1, len(A002187) + 1):
        assert AK.grundy(graph(f"P{n}")) == A002187[n - 1]
        if n <= 30:
            assert ak.computed_grundy(graph(f"P{n}")) == A002187[n - 1]


def test_cycles_leave_a_path():
    """Huggan & Stevens 2016 (cycles): every move on C_n leaves P_{n-2}, so C_n is P iff P_{n-2} is N."""
    ak = fresh()
    for n in range(3, 40):
        assert ak.computed_grundy(graph(f"C{n}")) == (1 if A002187[n - 3] == 0 else 0)
