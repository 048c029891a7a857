"""Vertex and Edge Geography: notation, the bitmask search, and Fraenkel-Scheinerman-Ullman's matching theorem,
each against a brute force written here (a recursion over (token, visited vertices / used arcs) as frozensets,
sharing no code with sprague.rulesets.geography)."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

import sprague
from sprague.core.budget import budget
from sprague.errors import BudgetExceeded, InvalidPosition
from sprague.rulesets.geography import Geo, Search, max_matching, read_geo
from sprague.solve.move import Move

VG = sprague.ruleset("vertex-geography")
EG = sprague.ruleset("edge-geography")


# ------------------------------------------------------------ brute force
def _mex(values: set[int]) -> int:
    return next(g for g in range(len(values) + 1) if g not in values)


def brute(geo: Geo, vertex: bool, misere: bool = False) -> int:
    """The Grundy value (misère: g-) by the definition: every play of the game, nothing pruned."""
    items = [(a, b) for a, b in geo.arcs] + [(a, b) for a, b in geo.edges] + [(b, a) for a, b in geo.edges]
    owner = list(range(len(geo.arcs) + len(geo.edges))) + list(range(len(geo.arcs), len(geo.arcs) + len(geo.edges)))

    @cache
    def g(token: str, used: frozenset[object]) -> int:
        if vertex:
            opts = {g(b, used | {b}) for a, b in items if a == token and b not in used}
        else:
            opts = {g(b, used | {owner[k]}) for k, (a, b) in enumerate(items) if a == token and owner[k] not in used}
        return (1 if misere else 0) if not opts else _mex(opts)

    return g(geo.token, frozenset({geo.token}) if vertex else frozenset())


def max_matching_size(n: int, edges: list[tuple[int, int]]) -> int:
    """The largest matching by trying, for the least vertex, to leave it out or match it to each neighbour."""

    @cache
    def best(free: frozenset[int]) -> int:
        if not free:
            return 0
        v = min(free)
        rest = free - {v}
        found = best(rest)
        for a, b in edges:
            w = b if a == v else a if b == v else None
            if w is not None and w in rest:
                found = max(found, 1 + best(rest - {w}))
        return found

    return best(frozenset(range(n)))


def labelled_graphs(n: int) -> list[list[tuple[int, int]]]:
    pairs = list(itertools.combinations(range(n), 2))
    return [[p for k, p in enumerate(pairs) if mask >> k & 1] for mask in range(1 << len(pairs))]


def geo_of(edges: list[tuple[int, int]], token: int) -> Geo:
    return Geo.make(f"v{token}", (), [(f"v{a}", f"v{b}") for a, b in edges])


def random_geo(rng: random.Random, n: int, p: float, kind: str) -> Geo:
    """A random graph on v0..v{n-1}: 'edges', 'arcs' (each pair one way, both ways or not), or 'mixed' (with
    parallel arcs and loops)."""
    names = [f"v{i}" for i in range(n)]
    arcs, edges = [], []
    for a, b in itertools.combinations(names, 2):
        if rng.random() < p:
            if kind == "edges" or (kind == "mixed" and rng.random() < 0.4):
                edges.append((a, b))
            else:
                arcs.append((a, b) if rng.random() < 0.5 else (b, a))
                if rng.random() < 0.3:
                    arcs.append(arcs[-1][::-1])
    if kind == "mixed":
        arcs += [rng.choice(arcs)] if arcs and rng.random() < 0.5 else []
        arcs += [(names[0], names[0])] if rng.random() < 0.3 else []
    return Geo.make(rng.choice(names), arcs, edges)


# ------------------------------------------------- Fraenkel-Scheinerman-Ullman
def _check_fsu(edges: list[tuple[int, int]], n: int) -> bool:
    """FSU's theorem and its winning move at each vertex; returns whether some vertex is a P-position."""
    some_p = False
    for t in range(n):
        geo = geo_of(edges, t)
        want = "P" if brute(geo, True) == 0 else "N"
        assert VG.closed_outcome(geo) == want, geo
        some_p |= want == "P"
        move = VG.closed_winning_move(geo)
        if want == "N":
            assert move in list(VG.moves(geo)) and brute(move, True) == 0, geo
        else:
            assert move is None
    return some_p


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_fsu_theorem_on_every_labelled_graph_up_to_5_vertices(n: int) -> None:
    """Fraenkel, Scheinerman and Ullman, Undirected edge geography, TCS 112 (1993): undirected Vertex Geography
    is a first-player win iff every maximum matching covers the start, won along a matching edge; and its
    corollary (CodeChef TREE01 editorial; CS StackExchange question 130172): when the first player chooses the
    start and then the second moves, the second wins iff the graph has a perfect matching."""
    for edges in labelled_graphs(n):
        some_p = _check_fsu(edges, n)
        assert some_p == (2 * max_matching_size(n, edges) < n)


@pytest.mark.slow
def test_fsu_theorem_on_every_labelled_graph_on_6_vertices() -> None:
    for edges in labelled_graphs(6):
        _check_fsu(edges, 6)


@pytest.mark.slow
def test_fsu_theorem_on_random_graphs_on_7_and_8_vertices() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.choice((7, 8))
        p = rng.choice((0.2, 0.35, 0.5, 0.7))
        _check_fsu([e for e in itertools.combinations(range(n), 2) if rng.random() < p], n)


def test_blossom_matching_is_maximum_on_random_graphs() -> None:
    rng = random.Random(1)
    for _ in range(400):
        n = rng.randint(0, 10)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < rng.choice((0.15, 0.3, 0.6))]
        adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        mate = max_matching(n, adj)
        assert all(mate[mate[v]] == v and mate[v] in adj[v] for v in range(n) if mate[v] != -1)
        assert sum(m != -1 for m in mate) == 2 * max_matching_size(n, edges)


def test_the_closed_form_needs_an_undirected_component() -> None:
    """An arc the token can use makes it a digraph game (search); arcs out of reach or into the token do not."""
    assert VG.closed_outcome(VG.parse_position("a>b b-c @a".split())) is None
    assert VG.closed_outcome(VG.parse_position("a-b b-c c>a x>y @a".split())) == "P"
    assert VG.closed_outcome(VG.parse_position("a-b b-c c-d @a".split())) == "N"


# --------------------------------------------------------------- search
@pytest.mark.parametrize("kind", ["edges", "arcs", "mixed"])
@pytest.mark.parametrize("vertex", [True, False], ids=["vertex", "edge"])
def test_bitmask_search_equals_brute_force(kind: str, vertex: bool) -> None:
    """Pruned and plain, normal and misère, on random (multi)graphs of up to 7 vertices (the same graphs every
    run: a string seed, which str hashing's per-process salt does not touch)."""
    rng = random.Random(f"{kind}-{vertex}")
    for _ in range(120 if vertex else 40):
        geo = random_geo(rng, rng.randint(1, 7), rng.choice((0.3, 0.5, 0.7)), kind)
        for misere in (False, True):
            want = brute(geo, vertex, misere)
            assert Search(geo, vertex, prune=True, misere=misere).value() == want, (geo, misere)
            assert Search(geo, vertex, prune=False, misere=misere).value() == want, (geo, misere)


@pytest.mark.parametrize("r", [VG, EG], ids=["vertex", "edge"])
def test_values_auto_and_search_equal_brute_force_at_random_positions(r: sprague.Ruleset) -> None:
    rng = random.Random(5)
    for seed in range(40):
        geo = r.random_position(random.Random(seed)) if seed % 2 else random_geo(rng, 6, 0.5, "mixed")
        want = brute(geo, r is VG)
        assert r.grundy(geo) == want and r.grundy(geo, method="search") == want
        assert r.outcome(geo, misere=True) == ("P" if brute(geo, r is VG, True) == 0 else "N")


def test_the_memo_key_drops_what_the_token_cannot_reach() -> None:
    same = ["a-b b-c @a", "a-b b-c x-y @a", "a>b b>a b>c c>b x>a @a"]
    assert len({VG.canonical(VG.parse_position(t.split())) for t in same}) == 1
    assert EG.canonical(EG.parse_position("a-b @a x-y".split())) == EG.canonical(EG.parse_position(["a-b @a"]))
    assert EG.canonical(EG.parse_position(["a-b @a"])) != EG.canonical(EG.parse_position(["a>b @a"]))
    s = Search(VG.parse_position(["a-b b-c c-d d-a a-c @a"]), True)
    s.value()
    plain = Search(VG.parse_position(["a-b b-c c-d d-a a-c @a"]), True, prune=False)
    plain.value()
    assert len(s.memo) <= len(plain.memo)


def test_generalized_geography_package_examples() -> None:
    """The two examples of the README of the generalized-geography package (PyPI, versions 0.0.8 and 0.0.17),
    directed Edge Geography on multigraphs: winlose {0: 1, 1: 0, 2: 1, 3: 0} (1 a win for the player to move),
    and lose nodes [2], win nodes [1, 3, 4] with arc multiplicities given as 'num'."""
    first = [(0, 1), (0, 1), (1, 2), (2, 3), (3, 0), (1, 2), (2, 3), (0, 2)]
    text = " ".join(f"{a}>{b}" for a, b in first)
    assert [EG.outcome(EG.parse_position(f"{text} @{v}".split())) for v in range(4)] == ["N", "P", "N", "P"]
    second = [(1, 2, 2), (2, 3, 5), (3, 1, 1), (3, 4, 1), (4, 4, 5)]
    text = " ".join(f"{a}>{b}" for a, b, k in second for _ in range(k))
    assert [EG.outcome(EG.parse_position(f"{text} @{v}".split())) for v in range(1, 5)] == ["N", "P", "N", "N"]


def test_a_large_graph_stops_at_the_budget_and_the_theorem_still_answers() -> None:
    complete = " ".join(f"v{i}>v{j}" for i in range(24) for j in range(24) if i != j)
    with budget(work=200_000), pytest.raises(BudgetExceeded):
        VG.grundy(VG.parse_position(f"{complete} @v0".split()))
    k25 = " ".join(f"v{i}-v{j}" for i, j in itertools.combinations(range(25), 2))
    with budget(work=400_000):
        found = VG.evaluate(VG.parse_position(f"{k25} @v0".split()))
    assert found.outcome == "P" and found.grundy is None  # K25: a maximum matching misses any one vertex


# ---------------------------------------------------------- notation, moves
def test_notation_round_trips_and_normalises() -> None:
    p = VG.parse_position(["b-a,", "c->a", "@a", "z"])
    assert p == Geo("a", (("c", "a"),), (("a", "b"),)) and VG.format_position(p) == "c>a a-b @a"
    assert VG.parse_position(VG.format_position(p).split()) == p
    assert VG.parse_position(["@a"]) == Geo("a") and VG.options(Geo("a")) == []
    two = EG.parse_position(["a>b a>b @a"])
    assert two.arcs == (("a", "b"), ("a", "b")) and len(EG.options(two)) == 1
    assert VG.parse_position(["v2-v10 v10-v1 @v2"]).edges == (("v1", "v10"), ("v2", "v10"))


@pytest.mark.parametrize(
    "text, words",
    [
        ("a-b b-c", "no token"),
        ("a-b @a @b", "2 tokens"),
        ("a-b-c @a", "has 2 '-'"),
        ("a>b>c @a", "'>'"),
        ("a-@b @a", "cannot contain"),
        ("a- @a", "no vertex on one side"),
    ],
)
def test_bad_positions_say_how_to_write_one(text: str, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        VG.parse_position(text.split())


def test_positions_from_python() -> None:
    nx = pytest.importorskip("networkx")
    assert read_geo((nx.path_graph(3), 0), "vertex-geography") == Geo.make("0", (), [("0", "1"), ("1", "2")])
    assert read_geo((nx.DiGraph([(0, 1)]), 0), "vertex-geography") == Geo.make("0", [("0", "1")])
    assert VG.check_position(("a>b,b>c", "a")) == Geo.make("a", [("a", "b"), ("b", "c")])
    assert VG.check_position("a-b @b") == Geo.make("b", (), [("a", "b")])
    with pytest.raises(InvalidPosition):
        VG.check_position(3)


def test_moves_in_the_games_words() -> None:
    p = VG.parse_position(["a-b a-c b-c @a"])
    assert [VG.describe_move(p, o) for o in VG.options(p)] == ["a -> b", "a -> c"]
    assert Move.parse(VG, p, "a -> c").option == Geo("c", (), (("b", "c"),))
    q = EG.parse_position(["a>b a-b @a"])
    assert sorted(EG.describe_move(q, o) for o in EG.options(q)) == ["a -> b by arc", "a -> b by edge"]
    assert Move.parse(EG, q, "a -> b by edge").option == Geo("b", (("a", "b"),), ())
    loop = EG.parse_position(["a-a @a"])
    assert EG.options(loop) == [Geo("a")] and EG.outcome(loop) == "N"
    assert VG.options(VG.parse_position(["a>a @a"])) == []
