"""Green Hackenbush: the colon and fusion principles against an independent brute force."""

from __future__ import annotations

import itertools
import random
import sys
import time
from functools import cache

import pytest

import sprague
from sprague.errors import BudgetExceeded, InvalidPosition
from sprague.rulesets.hackenbush import EDGES_PER_WORK, GreenHackenbush

RS = GreenHackenbush()


# --------------------------------------------------------------------------
# Independent naive solver: shares no code with the ruleset.
# A graph is a sorted tuple of (u, v) edges, u <= v, vertex 0 the ground.


def naive_prune(edges):
    """Keep the edges reachable from vertex 0 (repeat-until-stable closure, no adjacency lists)."""
    reached = {0}
    changed = True
    while changed:
        changed = False
        for u, v in edges:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                changed = True
    return tuple(sorted(e for e in edges if e[0] in reached))


def naive_options(edges):
    return {naive_prune(edges[:i] + edges[i + 1 :]) for i in range(len(edges))}


@cache
def naive(edges):
    seen = {naive(o) for o in naive_options(edges)}
    g = 0
    while g in seen:
        g += 1
    return g


def norm(edges):
    return tuple(sorted((min(u, v), max(u, v)) for u, v in edges))


def is_grounded(edges):
    return naive_prune(edges) == norm(edges)


# ------------------------------------------------------------------ graphs

EDGE_TYPES = [(u, v) for u in range(4) for v in range(u, 4)]  # 4 loops + 6 pairs on {0,1,2,3}
SMALL = [g for k in range(6) for g in itertools.combinations_with_replacement(EDGE_TYPES, k) if is_grounded(g)]


def random_graphs(count=400, seed=20240607):
    """Connected multigraphs (loops and parallel edges included) with up to 9 edges on up to 6 vertices."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        nv = rng.randint(1, 6)
        reached = [0]
        edges = []
        for _ in range(rng.randint(1, 9)):
            u = reached[-1] if rng.random() < 0.5 else rng.choice(reached)  # favour long paths
            v = rng.randrange(nv)
            if v not in reached:
                reached.append(v)
            edges.append((u, v))
        rng.shuffle(edges)
        out.append(norm(edges))
    return out


RANDOM = random_graphs()


def stalk(n, start=0):
    return tuple((i, i + 1) for i in range(start, start + n))


def test_enumeration_is_what_we_think():
    assert len(SMALL) > 1000  # of the 3003 multisets, the grounded ones
    assert () in SMALL and ((0, 0),) in SMALL and ((1, 2),) not in SMALL
    assert any(len(set(g)) < len(g) for g in SMALL)  # parallel edges present
    assert any(u == v for g in SMALL for u, v in g)  # loops present
    assert all(is_grounded(g) for g in RANDOM)
    assert max(len(g) for g in RANDOM) == 9
    assert any(u == v for g in RANDOM for u, v in g) and any(len(set(g)) < len(g) for g in RANDOM)
    assert any(not RS.evaluate(g).method.endswith("(tree)") for g in RANDOM)
    assert any(RS.evaluate(g).method.endswith("(tree)") and len(g) >= 4 for g in RANDOM)


# --------------------------------------------------------- (1) closed form


@pytest.mark.parametrize("graphs", [SMALL, RANDOM], ids=["all-small", "random"])
def test_closed_form_matches_naive_and_search(graphs):
    values = set()
    for g in graphs:
        pos = RS.check_position(g)
        assert pos == g
        want = naive(g)
        values.add(want)
        assert RS.closed_grundy(pos) == want, g
        assert RS.grundy(pos, method="closed") == want, g
        assert RS.grundy(pos, method="search") == want, g
    assert len(values) >= 5  # not a degenerate test: many different values seen


@pytest.mark.parametrize("graphs", [SMALL, RANDOM], ids=["all-small", "random"])
def test_moves_are_the_naive_options(graphs):
    for g in graphs:
        opts = RS.options(g)
        assert len(opts) == len(set(opts))
        assert set(opts) == naive_options(g), g
        assert RS.option_count(g) == len(g)
        for o in opts:
            d = RS.describe_move(g, o)
            assert d.startswith("cut edge "), d
            fall = len(g) - len(o) - 1
            assert (f"({fall} edge" in d) == (fall > 0), d


# --------------------------------------------------- (2) literature values


@pytest.mark.parametrize("n", range(0, 11))
def test_stalk_of_n_edges_is_n(n):
    assert naive(stalk(n)) == n
    assert RS.grundy(stalk(n)) == n
    assert RS.grundy(stalk(n), method="search") == n


def test_loop_at_ground_is_one():
    assert naive(((0, 0),)) == 1
    assert RS.grundy("0-0") == 1
    assert RS.grundy("g-g g-g") == 0


def test_triangle_through_ground():
    # Fusion principle: the cycle 0-1-2-0 may be fused into the ground, its three
    # edges becoming three loops there, each worth *1, so G = 1 ^ 1 ^ 1 = 1.
    # Directly: cutting 0-1 or 0-2 leaves a stalk of 2 (value 2); cutting 1-2 leaves
    # two stalks of 1 (1 ^ 1 = 0); mex {2, 0} = 1.
    tri = norm([(0, 1), (1, 2), (2, 0)])
    assert sorted(naive(o) for o in naive_options(tri)) == [0, 2, 2]
    assert naive(tri) == 1
    assert RS.grundy(tri) == 1
    # a square through the ground: four loops, 0
    square = norm([(0, 1), (1, 2), (2, 3), (3, 0)])
    assert naive(square) == 0 == RS.grundy(square)
    # a triangle on a stalk: stalk 1 under a vertex with three loops -> 1 + 1 = 2
    assert naive(norm([(0, 1), (1, 2), (2, 3), (1, 3)])) == 2 == RS.grundy("0-1 1-2 2-3 1-3")


def test_tree_by_colon_principle():
    # Y on a stalk: ground-1, then at vertex 1 a branch of 2 edges (1-2-3) and one
    # of 1 edge (1-4). Colon principle: the branches at 1 are 2 ^ 1 = 3, so the
    # whole is a stalk of 1 + 3 = 4.
    y = norm([(0, 1), (1, 2), (2, 3), (1, 4)])
    assert naive(y) == 4
    assert RS.grundy(y) == 4
    assert RS.evaluate(y).method == "closed form: colon principle (tree)"
    # two equal branches cancel: 0-1 with two leaves at 1 is a stalk of 1 + 0
    assert naive(norm([(0, 1), (1, 2), (1, 3)])) == 1 == RS.grundy("0-1 1-2 1-3")
    # several stalks at the ground: Nim sum 2 ^ 3 ^ 5 = 4
    forest = norm(list(stalk(2)) + [(0, 3), (3, 4), (4, 5)] + [(0, 6), (6, 7), (7, 8), (8, 9), (9, 10)])
    assert naive(forest) == 4 == RS.grundy(forest)


def test_closed_method_names():
    assert RS.closed_method(stalk(3)) == "closed form: colon principle (tree)"
    assert RS.closed_method(()) == "closed form: colon principle (tree)"
    cyc = "closed form: fusion principle (cycles fused to loops) + colon principle"
    assert RS.closed_method(((0, 1), (1, 1))) == cyc
    assert RS.closed_method(((0, 1), (0, 1))) == cyc
    assert RS.evaluate("0-1 1-2 1-3 2-3").method == cyc
    assert RS.closed_form == "colon and fusion principles"


# ------------------------------------------------------- (3) winning moves


@pytest.mark.parametrize("graphs", [SMALL, RANDOM], ids=["all-small", "random"])
def test_winning_moves_are_the_naive_p_options(graphs):
    n_winning = 0
    for g in graphs:
        got = RS.winning_moves(g)
        want = {o for o in naive_options(g) if naive(o) == 0}
        assert len(got) == len(set(got))
        assert set(got) == want, g
        assert (naive(g) == 0) == (not want)
        n_winning += bool(want)
    assert n_winning > 0


# ---------------------------------------------- (4) notation and errors


def test_parse_and_format_round_trip():
    pos = RS.parse_position(["0-1", "1-2", "1-3", "2-3"])
    assert pos == ((0, 1), (1, 2), (1, 3), (2, 3))
    assert RS.format_position(pos) == "0-1 1-2 1-3 2-3"
    assert RS.parse_position(["g-1,2-1", "G-G"]) == ((0, 0), (0, 1), (1, 2))
    assert RS.check_position("  3-0 , 0-3   0-0 ") == ((0, 0), (0, 3), (0, 3))
    assert RS.check_position([[1, 0], (2, 1)]) == ((0, 1), (1, 2))
    assert RS.position_to_json(pos) == [[0, 1], [1, 2], [1, 3], [2, 3]]
    assert RS.format_position(()) == "(ground only)"
    assert RS.check_position("(ground only)") == ()
    assert RS.parse_position(RS.format_position(()).split()) == ()
    assert RS.check_position(()) == ()
    for g in SMALL[::7] + RANDOM:
        text = RS.format_position(g)
        assert RS.check_position(text) == g
        assert RS.parse_position(text.split()) == g
        assert RS.check_position(RS.position_to_json(g)) == g
    assert RS.grundy(RS.parse_position(list(RS.example))) == 2


@pytest.mark.parametrize(
    "bad, token",
    [
        ("0-1 2-3", "2-3"),  # not connected to the ground
        ("1-2", "1-2"),
        ("0-", "0-"),
        ("-0", "-0"),
        ("1-x", "x"),
        ("0-1-2", "0-1-2"),
        ("0-1 5", "5"),
        ("0--1", "-1"),
        ("-1-0", "-1"),
        ("0-1 1-h", "h"),
        (((0, -1),), "-1"),
        (((0, 1, 2),), "(0, 1, 2)"),
        (((0,),), "(0,)"),
        ((0, 1), "0"),
        (((0, 1.5),), "1.5"),
        (((0, True),), "True"),
        ([(0, 1), (2, 2)], "2-2"),
        (42, "42"),
    ],
)
def test_invalid_positions(bad, token):
    with pytest.raises(InvalidPosition) as info:
        RS.check_position(bad)
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    assert msg.startswith("green-hackenbush: "), msg
    assert token in msg, msg


def test_disconnected_edge_message_says_how_to_fix():
    with pytest.raises(InvalidPosition, match=r"edge 2-3 .*every edge must reach the ground \(vertex 0\)"):
        RS.check_position("0-1 2-3")
    with pytest.raises(InvalidPosition, match="no position given"):
        RS.parse_position([])
    with pytest.raises(InvalidPosition, match="1-x"):
        RS.parse_position(["0-1", "1-x"])


# ------------------------------------------------------ (5) large graphs


def test_long_path_is_fast_and_not_recursive():
    n = max(20_000, sys.getrecursionlimit() + 1)  # deeper than Python would recurse
    path = stalk(n)
    t0 = time.process_time()  # CPU time of this process: a busy machine does not slow it (about 0.5 s)
    assert RS.closed_grundy(path) == n
    assert RS.grundy(path) == n  # with validation
    assert RS.evaluate(path).method == "closed form: colon principle (tree)"
    # the same path written from its far end, with a loop on top, and a long cycle
    assert RS.grundy(tuple((n - i - 1, n - i) for i in range(n)) + ((n, n),)) == n + 1
    cycle = tuple((i, i + 1) for i in range(n - 1)) + ((0, n - 1),)
    assert RS.grundy(cycle) == n % 2
    assert RS.grundy(cycle + ((0, 1),)) == (n + 1) % 2
    assert time.process_time() - t0 < 10  # linear; a quadratic walk of 20,000 edges would take minutes
    # brute force stops cleanly at its budget, rather than crashing on a huge estimate or running on: each of the
    # path's n options is a graph of up to n - 1 edges, each made at a unit of work per EDGES_PER_WORK edges
    work = 200_000
    with sprague.budget(work=work) as b, pytest.raises(BudgetExceeded, match="--max-work") as info:
        RS.grundy(path, method="search")
    assert "the options of a graph of 20,000 edges" in str(info.value) and len(str(info.value)) < 1_000
    assert work < b.spent <= work + n // EDGES_PER_WORK  # over by one option's charge at most
