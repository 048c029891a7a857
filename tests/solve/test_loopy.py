"""The generalized Sprague-Grundy function of game graphs with cycles (sprague.solve.loopy, sprague.core.loopy).

Outcomes are checked against ``naive.loopy_outcomes`` (P/N/D from the definitions, a
fixpoint over the graph), on random digraphs and on sums (the product graph searched
as a graph of its own); finite values against the conditions that define them
(Smith 1966; Fraenkel and Yesha 1986).
"""

from __future__ import annotations

import random

import pytest

import naive
from sprague.core.loopy import Infinite, add_values, loopy_outcome, parse_value
from sprague.errors import InvalidParameter
from sprague.solve.loopy import gamma


def random_graph(rnd: random.Random, n: int, degree: float, loops: bool = True) -> list[list[int]]:
    """A random digraph; ``degree`` above 1.5 gives 90% of the vertices a move (few terminals: cycles and draws)."""
    graph = []
    for v in range(n):
        k = min(n, int(rnd.expovariate(1 / degree)) + (degree > 1.5 and rnd.random() > 0.1)) if degree else 0
        outs = rnd.sample(range(n), k)
        graph.append([w for w in outs if loops or w != v])
    return graph


GRAPHS = [
    (seed, n, degree)
    for seed in range(6)
    for n, degree in ((8, 1.0), (40, 1.5), (40, 1.6), (300, 2.0), (300, 1.2), (2000, 1.2), (2000, 1.6))
]


@pytest.mark.parametrize("seed,n,degree", GRAPHS)
def test_outcomes_of_gamma_are_those_of_the_definitions(seed, n, degree):
    graph = random_graph(random.Random(seed), n, degree)
    values = gamma(graph)
    assert [loopy_outcome(v) for v in values] == naive.loopy_outcomes(graph)


def test_the_random_graphs_have_every_kind_of_value():
    """The graphs above are not all short or all drawn: finite values up to 3 and more, infinite ones of both
    outcomes (0 in K: N; not: D)."""
    kinds = set()
    for seed, n, degree in GRAPHS:
        for v in gamma(random_graph(random.Random(seed), n, degree)):
            kinds.add(("inf", loopy_outcome(v)) if isinstance(v, Infinite) else ("finite", min(v, 3)))
    assert kinds == {("inf", "D"), ("inf", "N"), ("finite", 0), ("finite", 1), ("finite", 2), ("finite", 3)}


@pytest.mark.parametrize("seed,n,degree", [g for g in GRAPHS if g[1] <= 300])
def test_values_meet_the_conditions_that_define_them(seed, n, degree):
    """Finite a: no option of value a, every b < a among the options, and every option that is infinite or
    above a has an option of value a. Infinite: K is the set of finite values of the options."""
    graph = random_graph(random.Random(100 + seed), n, degree)
    values = gamma(graph)
    for v, outs in enumerate(graph):
        found = [values[w] for w in outs]
        finite = {x for x in found if isinstance(x, int)}
        a = values[v]
        if isinstance(a, Infinite):
            assert a.K == finite, v
            continue
        assert a not in finite and set(range(a)) <= finite, v
        for w in outs:
            x = values[w]
            if isinstance(x, Infinite) or x > a:
                assert any(values[u] == a for u in graph[w]), (v, w)


def _sum_graph(g: list[list[int]], h: list[list[int]]) -> list[list[int]]:
    """The game graph of the sum: vertex (x, y) as x * len(h) + y; a move in one component or the other."""
    m = len(h)
    return [[w * m + y for w in g[x]] + [x * m + w for w in h[y]] for x in range(len(g)) for y in range(m)]


@pytest.mark.parametrize("seed", range(12))
def test_the_value_of_a_sum_gives_the_outcome_of_the_sum_graph(seed):
    rnd = random.Random(seed)
    g = random_graph(rnd, rnd.randint(3, 14), rnd.choice([0.8, 1.3, 2.0]))
    h = random_graph(rnd, rnd.randint(3, 14), rnd.choice([0.8, 1.3, 2.0]))
    gv, hv = gamma(g), gamma(h)
    truth = naive.loopy_outcomes(_sum_graph(g, h))
    m = len(h)
    assert [loopy_outcome(add_values(gv[x], hv[y])) for x in range(len(g)) for y in range(m)] == truth
    sv = gamma(_sum_graph(g, h))  # the sum's own gamma is the sum of the values (Smith's theorem)
    assert [add_values(gv[x], hv[y]) for x in range(len(g)) for y in range(m)] == sv


def test_short_graphs_have_their_grundy_values():
    """Without cycles gamma is the Sprague-Grundy function: a chain and Nim heaps of 0..5."""
    nim = [list(range(h)) for h in range(6)]
    assert gamma(nim) == [0, 1, 2, 3, 4, 5]
    assert naive.loopy_outcomes(nim) == ["P"] + ["N"] * 5


def test_values_print_and_parse_back():
    for value in (0, 7, Infinite(frozenset()), Infinite(frozenset({0, 2, 5}))):
        assert parse_value(repr(value)) == value
    assert parse_value("inf{2, 0}") == Infinite(frozenset({0, 2}))
    assert [loopy_outcome(v) for v in (0, 3, Infinite(frozenset({0})), Infinite(frozenset({1})))] == [
        "P",
        "N",
        "N",
        "D",
    ]
    for bad in ("∞", "∞{a}", "x", "-1", "inf(0)"):
        with pytest.raises(InvalidParameter, match="is not a loopy value"):
            parse_value(bad)


# ------------------------------------------------------------ known vertices, the solver's memo, play that ends
def _reach(graph: list[list[int]], roots: list[int]) -> set[int]:
    seen, todo = set(roots), list(roots)
    while todo:
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


@pytest.mark.parametrize("seed", range(20))
def test_known_vertices_give_the_values_of_the_whole_graph(seed):
    """gamma of a graph whose vertices closed under moves are given as known (not expanded) equals gamma of
    the whole graph: the solver's memo may stand for the part of the graph it valued before."""
    rnd = random.Random(seed)
    graph = random_graph(rnd, rnd.choice([30, 200, 600]), rnd.choice([1.2, 1.6, 2.0]))
    full = gamma(graph)
    closed = _reach(graph, rnd.sample(range(len(graph)), 3))
    part = sorted(_reach(graph, rnd.sample(range(len(graph)), 3)) | closed)
    index = {v: i for i, v in enumerate(part)}
    sub = [[] if v in closed else [index[w] for w in graph[v]] for v in part]
    known = {index[v]: full[v] for v in closed}
    assert gamma(sub, known) == [full[v] for v in part]


def test_the_solver_values_positions_asked_one_after_another_as_the_whole_graph():
    from sprague.solve.loopy import LoopySearch

    graph = random_graph(random.Random(7), 500, 1.6)
    full = gamma(graph)
    solver = LoopySearch(lambda v: graph[v], lambda v: v)
    for v in random.Random(8).sample(range(500), 60):
        assert solver.value(v) == full[v]
    assert all(solver.memo[v] == full[v] for v in solver.memo)


@pytest.mark.parametrize("seed", range(8))
def test_moving_to_the_winning_option_labelled_first_ends_the_game(seed):
    """From every N-position, the winner always taking the first winning move (the P-option labelled first) wins
    against every defence: no line of play repeats a position (a move to any P-option could go round a cycle)."""
    import sprague

    rnd = random.Random(seed)
    n = 120
    graph = random_graph(rnd, n, 1.6)
    game = sprague.ruleset("digraph", edges=[(v, w) for v in range(n) for w in graph[v]] or [(0, 0)])
    vertices = [v for v in game.graph.vertices]
    for start in vertices:
        if game.outcome(start) != "N":
            continue
        line, todo = {start}, [(start, frozenset({start}))]
        while todo:  # every defence: the winner's reply is fixed, the loser's is any option
            here, path = todo.pop()
            there = game.winning_move(here)
            assert there is not None and game.outcome(there) == "P"
            for reply in game.options(there):
                assert reply not in path, f"{start}: the line {sorted(path)} comes back to {reply}"
                todo.append((reply, path | {reply}))
            line.add(there)


def test_a_move_to_a_p_position_need_not_win():
    """u and v move to each other, v also to t (terminal): u is P, v is N with two P-options, u and t; the
    winner must take t (labelled first), since answering v -> u forever never ends the game."""
    import sprague

    game = sprague.ruleset("digraph", edges="u>v,v>u,v>t")
    assert [game.grundy(x) for x in "uvt"] == [0, 1, 0]
    assert set(game.options("v")) == {"u", "t"} and game.winning_moves("v") == ["t", "u"]
    assert game.winning_move("v") == "t"
