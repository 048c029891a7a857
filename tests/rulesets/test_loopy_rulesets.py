"""Loopy rulesets (issue 19): digraph, Square-But-One, WindUp, Fair Shares and Varied Pairs, and sums.

Outcomes are checked against ``naive.loopy_outcomes`` (P/N/D from the definitions) on
each game's whole graph; values of sums against the search of the sum's own graph;
published statements and values with their sources.
"""

from __future__ import annotations

import random
from math import isqrt

import pytest

import naive
import sprague
from sprague.errors import InvalidParameter, InvalidPosition, NotShortGame
from sprague.play import PerfectPlayer, RandomPlayer, play_match
from sprague.verify import verify


def _outcomes_by_naive(r, start, limit=50_000):
    graph, order = naive.game_graph(lambda p: list(dict.fromkeys(r.moves(p))), start, limit)
    return dict(zip(order, naive.loopy_outcomes(graph)))


# ------------------------------------------------------------------ Square-But-One
def test_square_but_one_outcomes_are_the_blogs_to_heap_3000():
    """limsup, "Combinatorial Game Theory V", mathstrek (10 Aug 2012): P = {0, 5}, N = {m^2, m^2 + 5}, D otherwise;
    the truth from the naive solver on the graph of the heap 3,001 (every smaller heap is in it)."""
    r = sprague.ruleset("square-but-one")
    truth = _outcomes_by_naive(r, (3000,))
    assert len(truth) == 3002
    for (n,), want in truth.items():
        square = lambda m: m >= 0 and isqrt(m) ** 2 == m  # noqa: E731
        printed = "P" if n in (0, 5) else "N" if square(n) or square(n - 5) else "D"
        assert want == printed, n
        assert r.outcome(n) == want and r.outcome(n, method="search") == want


def test_square_but_one_values_and_sums_by_smiths_rule():
    r = sprague.ruleset("square-but-one")
    assert [r.grundy(n) for n in (0, 1, 5)] == [0, 1, 0]
    assert r.grundy(4) == sprague.parse_value("∞{0}") and r.grundy(2) == sprague.parse_value("∞{1}")
    for pos in [(1, 5), (4, 1), (4, 4), (2, 1), (6, 9, 1), (1, 1, 5)]:
        auto, searched = r.grundy(pos), r.grundy(pos, method="search")
        assert auto == searched, pos
        assert "Smith's sum rule" in r.evaluate(pos).method
        assert r.outcome(pos) == _outcomes_by_naive(r, pos)[tuple(pos)]


def test_verify_refutes_a_wrong_loopy_claim_with_a_draw():
    r = sprague.ruleset("square-but-one")
    report = verify(r, claim=lambda h: "P" if h[0] in (0, 5) else "N", heaps=1, max_heap=40)
    assert not report.ok and report.counterexample.position == (2,)
    assert (report.counterexample.claimed, report.counterexample.found) == ("N", "D")
    values = verify(r, claim=lambda h: r.grundy(h[0]) if h[0] != 7 else "∞{0}", kind="grundy", heaps=1, max_heap=20)
    assert values.counterexample.position == (7,) and values.counterexample.found == "∞{}"
    assert verify("square-but-one", max_heap=500, method="both").ok


# -------------------------------------------------------------------------- WindUp
@pytest.mark.parametrize(
    "n,S,values",
    [
        # the vectors of cgt-tools' WindUp tests (T. Maciosowski's Rust library), where WindUp was recorded
        (4, {2}, ["0", "∞{}", "1", "∞{}"]),
        (5, {1, 3}, ["0", "∞{0}", "∞{0}", "∞{0}", "0"]),
        (6, {2, 3}, ["0", "1", "1", "2", "0", "0"]),
        (7, {1, 2, 5}, ["0", "1", "2", "0", "1", "2", "0"]),
    ],
)
def test_windup_values(n, S, values):
    r = sprague.ruleset("windup", n=n, S=S)
    assert [r.grundy(i) for i in range(n)] == [sprague.parse_value(v) for v in values]
    truth = {}
    for i in range(n):
        truth.update(_outcomes_by_naive(r, (i,)))
    assert all(r.outcome(p) == o for p, o in truth.items())


def test_windup_value_2_is_confirmed_by_its_sum_with_a_nim_heap():
    """WindUp(7, {1,2,5}) at 4 has value 1 (a bare outcome N would allow infinity with 0 in K): 4 + *1 is P."""
    s = sprague.Sum(sprague.ruleset("windup", n=7, S={1, 2, 5}), sprague.ruleset("nim"))
    assert s.outcome(((4,), (1,)), method="search") == "P" and s.grundy(((4,), (1,))) == 0


# ------------------------------------------------------------- Fair Shares and Varied Pairs
def _fair_shares_truth(stones):
    """P/N/D of every partition of ``stones`` by the naive solver (the graphs from each partition, joined)."""
    r, truth = sprague.ruleset("fair-shares"), {}
    for p in (p for p in r.positions(stones) if sum(p) == stones):  # every partition: the graphs joined
        if p not in truth:
            truth.update(_outcomes_by_naive(r, p))
    return r, truth


@pytest.mark.parametrize("stones", range(1, 14))
def test_fair_shares_outcomes_against_the_naive_solver(stones):
    r, truth = _fair_shares_truth(stones)
    assert len(truth) == sprague.rulesets.fairshares.partition_count(stones)
    assert all(r.outcome(p) == o for p, o in truth.items())
    assert all(r.outcome(p, method="search") == o for p, o in truth.items())


def test_fair_shares_first_draws_come_with_eleven_stones():
    """Computed here (Winning Ways gives the game, not this count): no draw with 10 stones or fewer."""
    draws = {n: sum(o == "D" for o in _fair_shares_truth(n)[1].values()) for n in range(1, 12)}
    assert all(draws[n] == 0 for n in range(1, 11)) and draws[11] == 45


def test_fair_shares_moves_are_divisions_and_unions():
    r = sprague.ruleset("fair-shares")
    assert set(r.options((6,))) == {(3, 3), (2, 2, 2), (1,) * 6}
    assert set(r.options((4, 2))) == {(2, 2, 2), (2, 1, 1, 1, 1), (4, 1, 1), (6,)}
    assert r.options((1, 1, 1)) == [] and r.describe_move((4, 2), (6,)) == "unite 4 and 2"
    with pytest.raises(InvalidPosition, match="heap 0"):
        r.check_position((3, 0))


# ----------------------------------------------------------------------- digraph
def test_digraph_from_text_pairs_networkx_and_dot(tmp_path):
    nx = pytest.importorskip("networkx", reason="networkx reads graphs (pip install 'sprague[graph]')")
    text = sprague.ruleset("digraph", edges="a>b,b>a,b>c,c>d,e")
    pairs = sprague.ruleset("digraph", edges=[("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
    g = nx.DiGraph([("a", "b"), ("b", "a"), ("b", "c"), ("c", "d")])
    from_nx = sprague.ruleset("digraph", edges=g)
    for r in (text, pairs, from_nx):
        assert [str(r.grundy(v)) for v in "abcd"] == ["∞{}", "∞{1}", "1", "0"]
    assert text.grundy("e") == 0 and str(text.params["edges"]) == "a>b,b>a,b>c,c>d,e"
    undirected = sprague.ruleset("digraph", edges=nx.path_graph(3))  # 0 - 1 - 2: each edge both ways
    assert set(undirected.options("1")) == {"0", "2"} and undirected.outcome("1") == "D"
    pytest.importorskip("pydot", reason="DOT files are read by pydot (pip install 'sprague[graph]')")
    dot = tmp_path / "g.dot"
    dot.write_text("digraph G { a -> b; b -> a; b -> c; c -> d; }\n")
    assert sprague.ruleset("digraph", edges=f"@{dot}").grundy("b") == sprague.parse_value("∞{1}")


@pytest.mark.parametrize(
    "edges,match",
    [
        ("a>>b", "2 '>'"),
        ("a>", "empty vertex"),
        ("a>b,,c>d", "empty vertex"),
        (42, "not a digraph"),
        ([("a", "b", "c")], "not a \\(from, to\\) pair"),
        ("@/no/such.dot", "no DOT file"),
        ([(1.5, 2)], "not a name"),
    ],
)
def test_digraph_bad_edges_are_named(edges, match):
    with pytest.raises(InvalidParameter, match=match):
        sprague.ruleset("digraph", edges=edges)


def test_digraph_position_must_be_a_vertex():
    with pytest.raises(InvalidPosition, match="no vertex 'z'.*a, b"):
        sprague.ruleset("digraph", edges="a>b").grundy("z")


def test_ferguson_figure_3_4_a_cyclic_graph():
    """T. S. Ferguson, Game Theory, Part I, section 3.4, Figure 3.4 ("A cyclic graph"): e is terminal (value 0),
    d's only option is e (value 1), and a, b, c are tied (draws: around the cycle abc forever). The edges are read
    from the text (a -> b -> c -> a, c -> d -> e)."""
    r = sprague.ruleset("digraph", edges="a>b,b>c,c>a,c>d,d>e")
    assert [r.outcome(v) for v in "abcde"] == ["D", "D", "D", "N", "P"]
    assert [str(r.grundy(v)) for v in "abcde"] == ["∞{}", "∞{}", "∞{1}", "1", "0"]
    assert r.drawing_moves("c") == ["a"]


def test_random_digraphs_and_their_sums_against_the_naive_solver():
    rnd = random.Random(3)
    for _ in range(6):
        n = rnd.randrange(3, 9)
        edges = [(str(v), str(rnd.randrange(n))) for v in range(n) for _ in range(rnd.randrange(0, 3))]
        g = sprague.ruleset("digraph", edges=edges + [(str(v), str(v)) for v in range(0)] or [("0", "1")])
        h = sprague.ruleset("square-but-one")
        s = sprague.Sum(g, h, sprague.ruleset("nim"))
        for v in g.graph.vertices:
            for heap in range(7):
                pos = (v, (heap,), (rnd.randrange(3),))
                assert s.grundy(pos) == s.grundy(pos, method="search"), pos
                assert s.outcome(pos) == _outcomes_by_naive(s, pos)[pos]


def test_a_short_ruleset_with_a_cycle_is_still_refused():
    class Loop(sprague.Ruleset):
        name = "test-loop-19"

        def moves(self, n):
            return [(n + 1) % 3]

    with pytest.raises(NotShortGame, match="LoopyRuleset"):
        sprague.ruleset(Loop).grundy(0)

    class Loopy(sprague.LoopyRuleset):
        name = "test-loopy-19"

        def moves(self, n):
            return [(n + 1) % 3]

    assert sprague.ruleset(Loopy).outcome(0) == "D"
    with pytest.raises(InvalidParameter, match="no misère play"):
        sprague.ruleset(Loopy).outcome(0, misere=True)


def test_the_work_limit_refuses_a_graph_too_large():
    with pytest.raises(sprague.TooLarge, match="max-positions"):
        sprague.ruleset("fair-shares").grundy((40,), max_positions=1000)


# ------------------------------------------------------------------------ play
def test_perfect_players_from_a_draw_are_stopped_by_the_repetition_rule():
    r = sprague.ruleset("digraph", edges="a>b,b>a,b>c,c>d")
    lines: list[str] = []
    result = play_match(r, "b", PerfectPlayer(), PerfectPlayer(), output_fn=lines.append)
    assert result.winner is None and result.drawn and result.loser is None
    assert "repetition rule" in lines[-1] and all("keeps the draw" in line for line in lines[:-1])


def test_the_perfect_player_wins_a_loopy_game_from_an_n_position():
    r = sprague.ruleset("square-but-one")
    for seed in range(20):
        for start in (4, 9, 14, 25):
            result = play_match(r, start, PerfectPlayer(), RandomPlayer(seed=seed), output_fn=lambda _: None)
            assert result.winner == 0, (seed, start)


def test_the_labelling_has_a_work_limit_too():
    """A graph listed within the limit whose labelling (a round per finite value) would pass it is refused."""
    k = 60  # vertex i moves to every j < i: values 0..59, 61 rounds over 1,770 moves
    g = sprague.ruleset("digraph", edges=[(i, j) for i in range(k) for j in range(i)])
    with pytest.raises(sprague.TooLarge, match="round 1 .*--max-positions"):
        g.grundy(str(k - 1), max_positions=700)
    assert g.grundy(str(k - 1)) == k - 1


def test_square_but_one_wins_from_huge_heaps_by_its_theorem():
    """m^2 -> 0 ends the game; m^2 + 5 -> 5, whose options 4 and 1 both move to 0 (limsup 2012)."""
    r = sprague.ruleset("square-but-one")
    assert r.winning_move(10**50) == (0,) and r.winning_move(10**50 + 5) == (5,) and r.winning_move(10**50 + 1) is None
    for n in range(200):
        move = r.winning_move(n)
        assert (move is not None) == (r.outcome(n) == "N")
        assert move is None or r.outcome(move) == "P"
    result = play_match(r, 10**50 + 5, PerfectPlayer(), RandomPlayer(seed=1), output_fn=lambda _: None)
    assert result.winner == 0 and len(result.moves) == 3


def test_digraph_edge_forms():
    assert str(sprague.ruleset("digraph", edges="a->b, b -> a").params["edges"]) == "a>b,b>a"
    g = sprague.ruleset("digraph", edges=[("a", "b"), "c", ("d",), 7])
    assert g.graph.vertices == ("c", "d", "7", "a", "b") and g.outcome("c") == "P"
    long = sprague.ruleset("digraph", edges=[(i, i + 1) for i in range(1000)])
    assert len(long.describe()) < 300 and "(1,000 edges, 1,001 vertices)" in long.describe()


def test_verify_of_a_loopy_game_has_a_work_limit():
    with pytest.raises(sprague.TooLarge, match="stopped after .* positions.*--max-positions"):
        verify("square-but-one", max_heap=50_000, max_positions=100_000)


def test_verify_a_claim_about_fair_shares_over_its_partitions():
    r = sprague.ruleset("fair-shares")
    ok = verify(r, claim=lambda p: "P" if p == (1,) * sum(p) else None, max_heap=12)
    assert ok.ok and ok.positions == sum(sprague.rulesets.fairshares.partition_count(n) for n in range(1, 13))
    bad = verify(r, claim=lambda p: "D" if sum(p) == 11 else None, max_heap=11)
    assert not bad.ok and bad.counterexample.position == (11,) and bad.counterexample.found == "N"
