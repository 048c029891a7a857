"""Node Kayles on graphs: notation, canonical forms, closed forms against brute force, and published values.

The brute force here is written for these tests: a memoised mex over the sets of vertices left
(no components, no canonical forms), sharing no code with sprague.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

import sprague
from sprague.errors import BudgetExceeded, InvalidPosition
from sprague.rulesets.simple_graphs import canonical_form, family, family_graph

NK = sprague.ruleset("node-kayles")


def graph(text: str):
    return NK.parse_position(text.split())


def brute(position) -> int:
    """Node Kayles by plain search over the sets of vertices left."""
    vertices, edges = position
    near = {v: {v} for v in vertices}
    for a, b in edges:
        near[a].add(b)
        near[b].add(a)

    @cache
    def g(left: frozenset) -> int:
        seen = {g(left - near[v]) for v in left}
        return next(x for x in range(len(seen) + 1) if x not in seen)

    return g(frozenset(vertices))


def fresh():
    return sprague.ruleset("node-kayles")


# ---------------------------------------------------------------- notation
def test_families_and_round_trip():
    assert NK.format_position(graph("P4")) == "1-2 2-3 3-4"
    assert NK.format_position(graph("C4")) == "1-2 1-4 2-3 3-4"
    assert len(graph("K5")[1]) == 10 and len(graph("K3,4")[1]) == 12 and len(graph("S5")[0]) == 6
    assert len(graph("G3x4")[0]) == 12 and len(graph("G3x4")[1]) == 17
    assert graph("1-2 4") == ((1, 2, 4), ((1, 2),))
    assert graph("1-2 P2") == ((1, 2, 3, 4), ((1, 2), (3, 4)))  # families numbered after the vertices written
    assert graph("empty") == ((), ()) and NK.format_position(((), ())) == "empty"
    for text in ("G3x4", "K3,4", "1-2 2-3 3-1 7", "P1", "S3 C5"):
        p = graph(text)
        assert graph(NK.format_position(p)) == p
        assert NK.check_position(NK.format_position(p)) == p
    assert family_graph("K0") == [] and family_graph("X3") is None


@pytest.mark.parametrize("text", ["1-1", "a-b", "C2", "1--2", "P99999", "K3,"])
def test_bad_positions_are_refused(text):
    with pytest.raises(InvalidPosition):
        graph(text)


def test_bad_python_positions_are_refused():
    with pytest.raises(InvalidPosition, match="edge 1-3"):
        NK.check_position(((1, 2), ((1, 3),)))
    with pytest.raises(InvalidPosition):
        NK.check_position((1, 2, 3))


def test_moves_and_words():
    p = graph("P3")
    assert sorted(NK.format_position(o) for o in NK.moves(p)) == ["1", "3", "empty"]
    assert NK.describe_move(p, graph("3")) == "vertex 1 (removes 1, 2)"
    assert NK.describe_move(p, graph("empty")) == "vertex 2 (removes 1, 2, 3)"
    assert NK.parse_move(p, "vertex 2") == ((), ())
    assert NK.parse_move(p, "vertex 9") is None and NK.parse_move(p, "2") is None


# ---------------------------------------------------------------- canonical forms
def _graphs(n):
    pairs = list(itertools.combinations(range(n), 2))
    for bits in range(2 ** len(pairs)):
        adj = [0] * n
        for i, (a, b) in enumerate(pairs):
            if bits >> i & 1:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
        yield tuple(adj)


@pytest.mark.parametrize(("n", "classes"), [(1, 1), (2, 2), (3, 4), (4, 11), (5, 34)])
def test_canonical_forms_count_the_graphs_up_to_isomorphism(n, classes):
    """The canonical forms of all labelled graphs on n vertices are as many as the graphs up to isomorphism:
    OEIS A000088 (number of graphs on n unlabeled nodes): 1, 1, 2, 4, 11, 34, 156."""
    assert len({canonical_form(adj) for adj in _graphs(n)}) == classes


@pytest.mark.slow
def test_canonical_forms_count_the_graphs_on_six_vertices():
    """OEIS A000088: 156 graphs on 6 unlabeled nodes."""
    assert len({canonical_form(adj) for adj in _graphs(6)}) == 156


def test_canonical_forms_do_not_depend_on_the_labels():
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randrange(2, 12)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        perm = list(range(n))
        rng.shuffle(perm)
        adj, img = [0] * n, [0] * n
        for a, b in edges:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
            img[perm[a]] |= 1 << perm[b]
            img[perm[b]] |= 1 << perm[a]
        assert canonical_form(tuple(adj)) == canonical_form(tuple(img))


def test_family_recognition():
    nk = fresh()
    for text, found in [("K4", ("K", 4, 0)), ("P6", ("P", 6, 0)), ("C7", ("C", 7, 0)), ("K2,5", ("B", 2, 5))]:
        assert family(nk.adjacency(graph(text))) == found
    assert family(nk.adjacency(graph("G3x3"))) is None


# ---------------------------------------------------------------- closed forms against brute force
@pytest.mark.parametrize("prefix", ["P", "C", "K", "S"])
def test_closed_forms_on_families_equal_brute_force(prefix):
    start = 3 if prefix == "C" else 1
    for n in range(start, 14):
        p = graph(f"{prefix}{n}")
        assert NK.closed_grundy(p) == brute(p), f"{prefix}{n}"


def test_closed_form_on_complete_bipartite_graphs_equals_brute_force():
    for m in range(1, 7):
        for n in range(1, 7):
            p = graph(f"K{m},{n}")
            assert NK.closed_grundy(p) == brute(p), f"K{m},{n}"


def test_closed_form_is_none_off_the_families_and_sums_components():
    assert NK.closed_grundy(graph("G2x3")) is None
    p = graph("P5 C4 K3 K2,3")
    assert NK.closed_grundy(p) == brute(p)


def test_paths_are_dawsons_chess_without_shift():
    chess = sprague.ruleset("dawsons-chess")
    nk = fresh()
    for n in range(0, 16):
        assert nk.component_value(nk.adjacency(graph(f"P{n}"))) == chess.grundy(n) if n else True
        assert brute(graph(f"P{n}")) == chess.grundy(n)


def test_computed_values_equal_brute_force_on_random_graphs():
    rng = random.Random(1978)
    nk = fresh()
    for _ in range(120):
        p = nk.random_position(rng)
        assert nk.computed_grundy(p) == brute(p), nk.format_position(p)
        assert nk.grundy(p, method="search") == brute(p)


# ---------------------------------------------------------------- published values
#: OEIS A002187, Sprague-Grundy values for Dawson's Chess (octal game .137), offset 0
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
#: OEIS A316632, Node-Kayles on the 3 x n lattice graph, n = 1..16 (Brown, Daugherty, Fiorini, Maldonado,
#: Manzano-Ruiz, Rainville, Waechter & Wong, "Nimber Sequences of Node-Kayles Games", J. Int. Seq. 23 (2020) 20.3.5)
A316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
#: OEIS A316781, Node-Kayles on n diamonds linked at vertices of degree three, n = 1.. (Brown et al. 2020)
A316781 = [2, 1, 0, 3, 3, 1, 4, 2, 6, 5, 0, 2, 7, 1, 4, 3]
#: OEIS A316629, Node-Kayles on n linked 4-cycles (the semi-regular graph), n = 1.. (Brown et al. 2020)
A316629 = [0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5, 7, 3, 2, 7]
#: OEIS A317367, Node-Kayles on the scalloped graph P_n(3) (path plus edges |i - j| = 3), offset 4
A317367 = [0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4]


def test_oeis_a002187_paths():
    """A002187 (Dawson's chess) is Node Kayles on P_n: by the closed form to n = 72, by components to n = 30."""
    nk = fresh()
    for n, value in enumerate(A002187):
        assert NK.grundy(graph(f"P{n}") if n else ((), ())) == value
        if 0 < n <= 30:
            assert nk.computed_grundy(graph(f"P{n}")) == value


@pytest.mark.parametrize("n", range(1, 9))
def test_oeis_a316632_three_by_n_grids(n):
    assert fresh().computed_grundy(graph(f"G3x{n}")) == A316632[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(9, 13))
def test_oeis_a316632_three_by_n_grids_further(n):
    assert fresh().computed_grundy(graph(f"G3x{n}")) == A316632[n - 1]


def test_oeis_a316632_comments_ladders_and_four_rows():
    """A316632's comments: Node-Kayles on the 2 x n ladder is 1, 0, 1, 0, ... (A000035) and on 4 x n is 0."""
    nk = fresh()
    for n in range(1, 12):
        assert nk.computed_grundy(graph(f"G2x{n}")) == n % 2
    for n in range(1, 6):
        assert nk.computed_grundy(graph(f"G4x{n}")) == 0


def _diamonds(n):
    """v_0..v_n a path; u_i and w_i joined to v_{i-1} and v_i (A316781's graph), numbered v_i = i, u_i, w_i after."""
    edges = [(i - 1, i) for i in range(1, n + 1)]
    for i in range(1, n + 1):
        u, w = n + 2 * i - 1, n + 2 * i
        edges += [(i - 1, u), (i - 1, w), (u, i), (w, i)]
    return tuple(range(3 * n + 1)), tuple(sorted((min(e), max(e)) for e in edges))


def _four_cycles(n):
    """u_1..u_{n+1} a path; edges u_i-v_i, v_i-w_i, w_i-u_{i+1} (A316629's graph)."""
    u = list(range(1, n + 2))
    edges = [(u[i], u[i + 1]) for i in range(n)]
    for i in range(n):
        v, w = n + 2 + 2 * i, n + 3 + 2 * i
        edges += [(u[i], v), (v, w), (w, u[i + 1])]
    return tuple(range(1, 3 * n + 2)), tuple(sorted((min(e), max(e)) for e in edges))


def _scalloped(n):
    edges = [(i, j) for i in range(1, n + 1) for j in (i + 1, i + 3) if j <= n]
    return tuple(range(1, n + 1)), tuple(sorted(edges))


def test_oeis_linked_diamonds_four_cycles_and_scalloped_graphs():
    nk = fresh()
    for n in range(1, 11):
        assert nk.computed_grundy(_diamonds(n)) == A316781[n - 1], f"diamonds {n}"
    for n in range(1, 9):
        assert nk.computed_grundy(_four_cycles(n)) == A316629[n - 1], f"4-cycles {n}"
    for n in range(4, 4 + len(A317367)):
        assert nk.computed_grundy(_scalloped(n)) == A317367[n - 4], f"scalloped {n}"


def test_a316629_comment_on_the_other_linked_four_cycles():
    """A316629's comment: on u_i-v_i, u_i-w_i, v_i-u_{i+1}, w_i-u_{i+1} the value is 0 for n odd, 1 for n even."""
    nk = fresh()
    for n in range(1, 9):
        edges = []
        for i in range(1, n + 1):
            v, w = 100 + i, 200 + i
            edges += [(i, v), (i, w), (v, i + 1), (w, i + 1)]
        vertices = tuple(sorted({x for e in edges for x in e}))
        assert nk.computed_grundy((vertices, tuple(sorted(edges)))) == (0 if n % 2 else 1)


# ---------------------------------------------------------------- limits
def test_a_large_graph_stops_under_the_budget():
    with sprague.budget(work=20_000), pytest.raises(BudgetExceeded):
        fresh().grundy(graph("G9x9"))


def test_verify_enumerates_one_graph_per_isomorphism_class_and_checks_a_claim() -> None:
    """``positions(size)``: 1, 1, 2, 4, 11, 34 graphs on 0..5 vertices up to isomorphism (OEIS A000088); a claim
    on them is checked by ``verify`` (a user could not before: found by a new user), a false one refuted."""
    from sprague.verify import verify

    r = sprague.ruleset("node-kayles")
    graphs = list(r.positions(5))
    assert [sum(1 for g in graphs if len(g[0]) == n) for n in range(6)] == [1, 1, 2, 4, 11, 34]

    def complete(graph):
        n = len(graph[0])
        return "N" if n and len(graph[1]) == n * (n - 1) // 2 else None

    assert verify(r, claim=complete, max_heap=5).ok
    refuted = verify(r, claim=lambda g: "N", max_heap=4)
    assert not refuted.ok and refuted.counterexample.position == ((), ())
