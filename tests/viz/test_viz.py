"""Game graphs (DOT) and P/N tables, checked against the handout and independent enumerations."""

from __future__ import annotations

import re
import shutil
import sys
from collections import deque
from functools import reduce
from operator import xor
from pathlib import Path

import pytest

import sprague
from sprague.viz import format_grid, game_graph, grid, render, to_dot
from sprague.viz.graph import N_COLOUR, P_COLOUR

NODE = re.compile(r'^\s*(n\d+) \[label="([^"]*)", fillcolor="([^"]*)"\];$')
EDGE = re.compile(r"^\s*(n\d+) -> (n\d+);$")


def parse_dot(text: str) -> tuple[dict[str, tuple[str, int | None, str, str]], set[tuple[str, str]]]:
    """Node id -> (position text, Grundy value, outcome, fill colour), and the edges, from DOT text."""
    nodes: dict[str, tuple[str, int | None, str, str]] = {}
    edges: set[tuple[str, str]] = set()
    for line in text.splitlines():
        if m := NODE.match(line):
            position, values = m.group(2).split("\\n")
            g, outcome = values.split()
            name, _, value = g.partition("=")  # G=2, or g-=1 under misère play
            nodes[m.group(1)] = (position, None if value == "?" else int(value), outcome, m.group(3))
        elif m := EDGE.match(line):
            edges.add((m.group(1), m.group(2)))
    return nodes, edges


def naive_subtraction_values(S: set[int], n: int) -> list[int]:
    values: list[int] = []
    for m in range(n + 1):
        seen = {values[m - s] for s in S if s <= m}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


# --------------------------------------------------------------------------- graphs
def test_subtraction_125_graph_from_10() -> None:
    """Handout 002 section 3: S = {1, 2, 5}, n = 10; P exactly at multiples of 3."""
    S = {1, 2, 5}
    text = to_dot(sprague.ruleset("subtraction", S=S), (10,))
    assert text.startswith("digraph game {") and text.rstrip().endswith("}")
    nodes, edges = parse_dot(text)
    assert len(nodes) == 11
    heap = {node: int(position) for node, (position, _, _, _) in nodes.items()}
    assert sorted(heap.values()) == list(range(11))
    assert {(heap[a], heap[b]) for a, b in edges} == {(n, n - s) for n in range(11) for s in S if s <= n}
    assert len(edges) == 25
    assert {heap[k] for k, (_, _, outcome, _) in nodes.items() if outcome == "P"} == {0, 3, 6, 9}
    values = naive_subtraction_values(S, 10)
    for k, (_, g, outcome, colour) in nodes.items():
        assert g == values[heap[k]]
        assert colour == (P_COLOUR if outcome == "P" else N_COLOUR)
    assert P_COLOUR != N_COLOUR
    assert nodes["n0"][0] == "10"  # the start is the first vertex
    assert "rankdir=LR" in text  # a chain is drawn left to right


def nim_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [heaps[:i] + (m,) + heaps[i + 1 :] for i, h in enumerate(heaps) for m in range(h)]


def test_nim_211_graph_matches_an_independent_enumeration() -> None:
    """Handout 002 section 2 draws the graph of Nim from (2, 1, 1)."""
    start: tuple[int, ...] = (2, 1, 1)
    key = lambda heaps: tuple(sorted(h for h in heaps if h))  # noqa: E731 -- equal up to order and empty heaps
    seen = {start}
    queue = deque([start])
    while queue:
        for option in nim_moves(queue.popleft()):
            if option not in seen:
                seen.add(option)
                queue.append(option)
    assert len(seen) == 3 * 2 * 2  # every (a, b, c) with a <= 2, b <= 1, c <= 1
    classes = {key(p) for p in seen}
    class_edges = {(key(p), key(o)) for p in seen for o in nim_moves(p)}

    nim = sprague.ruleset("nim")
    text = to_dot(nim, start)
    nodes, edges = parse_dot(text)
    assert len(nodes) == len(classes) == 7
    shown = {k: tuple(int(t) for t in position.split()) for k, (position, _, _, _) in nodes.items()}
    assert {key(p) for p in shown.values()} == classes
    assert {(key(shown[a]), key(shown[b])) for a, b in edges} == class_edges
    for k, (_, g, outcome, _) in nodes.items():
        assert g == reduce(xor, shown[k], 0)
        assert outcome == ("P" if g == 0 else "N")

    graph_nodes, graph_edges = game_graph(nim, start)
    assert len(graph_nodes) == 7 and len(graph_edges) == len(class_edges)
    assert next(iter(graph_nodes.values())) == start


MISERE_GRAPHS = [
    ("subtraction S=1,2,5 from 10", sprague.ruleset("subtraction", S={1, 2, 5}), (10,)),
    ("nim 2 1 1", sprague.ruleset("nim"), (2, 1, 1)),
    ("nim 3 3 2", sprague.ruleset("nim"), (3, 3, 2)),
    ("kayles 3 4", sprague.ruleset("kayles"), (3, 4)),
    (
        "sum",
        sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3})),
        ((3,), (4,)),
    ),
]


@pytest.mark.parametrize("label,game,start", MISERE_GRAPHS, ids=[m[0] for m in MISERE_GRAPHS])
def test_misere_graph_labels_are_misere_outcomes_and_values(label: str, game: sprague.Ruleset, start: object) -> None:
    """Each vertex of ``to_dot(..., misere=True)`` shows g- and the misère outcome, as misère search has them."""
    text = to_dot(game, start, misere=True)
    assert "misère play (the last mover loses)" in text.splitlines()[1]
    nodes, edges = parse_dot(text)
    graph_nodes, graph_edges = game_graph(game, start)
    assert len(nodes) == len(graph_nodes) and len(edges) == len(graph_edges)  # the same graph as under normal play
    assert {"g-"} == {g.split("\\n")[1].split("=")[0] for g in re.findall(r'label="([^"]*\\n[^"]*)"', text)}
    outcomes = []
    for (position, g, outcome, colour), pos in zip(nodes.values(), graph_nodes.values()):
        assert position == game.format_position(pos)
        assert outcome == game.outcome(pos, misere=True, method="search"), position
        assert g == game.grundy(pos, misere=True, method="search"), position
        assert colour == (P_COLOUR if outcome == "P" else N_COLOUR)
        outcomes.append(outcome)
    terminal = [p for p in graph_nodes.values() if not game.options(p)]
    assert terminal and all(game.grundy(p, misere=True, method="search") == 1 for p in terminal)  # g- = 1: N
    assert "P" in outcomes and "N" in outcomes


def test_misere_graph_against_naive_misere_search() -> None:
    """Nim from 2 1 1 (handout 002 section 2) under misère play: labels by tests/naive.py, which imports no sprague."""
    import naive

    nim = sprague.ruleset("nim")
    nodes, _ = parse_dot(to_dot(nim, (2, 1, 1), misere=True))
    for position, g, outcome, _ in nodes.values():
        heaps = tuple(int(t) for t in position.split())
        assert g == naive.misere_grundy(naive.nim_moves, heaps), position
        assert outcome == naive.misere_outcome(naive.nim_moves, heaps), position
    shown = {position: outcome for position, _, outcome, _ in nodes.values()}
    assert shown["0 0 0"] == "N" and shown["0 0 1"] == "P"  # the player to move at the end has won
    normal, _ = parse_dot(to_dot(nim, (2, 1, 1)))
    assert {p for p, _, o, _ in normal.values() if o == "P"} != {p for p, o in shown.items() if o == "P"}


def test_misere_graph_title_and_bad_convention() -> None:
    text = to_dot(sprague.ruleset("nim"), (1,), misere=True)
    assert 'label="nim from 1, misère play (the last mover loses): misère P-positions green' in text
    assert "misère" not in to_dot(sprague.ruleset("nim"), (1,))
    with pytest.raises(sprague.InvalidParameter, match="misere='yes' is not True or False"):
        to_dot(sprague.ruleset("nim"), (1,), misere="yes")  # type: ignore[arg-type]


def test_too_large_graph_is_refused_with_the_limit_named() -> None:
    nim = sprague.ruleset("nim")
    with pytest.raises(sprague.TooLarge) as info:
        game_graph(nim, (50, 50, 50), max_nodes=100)
    assert info.value.limit == 100
    assert "100" in str(info.value) and "--max-nodes" in str(info.value)
    with pytest.raises(sprague.TooLarge):
        to_dot(nim, (50, 50, 50), max_nodes=100)
    with pytest.raises(sprague.SpragueError):
        game_graph(nim, (1,), max_nodes=0)


def test_graph_limits_on_vertices_moves_and_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: a graph past MAX_GRAPH_NODES is refused at once, one whose search would examine more than
    MAX_GRAPH_EDGES moves stops there, and one with more than MAX_RENDER_EDGES edges is not given to Graphviz."""
    import sprague.viz.graph as graph
    from sprague.core.limits import MAX_GRAPH_NODES

    nim = sprague.ruleset("nim")
    with pytest.raises(sprague.InvalidParameter, match="MAX_GRAPH_NODES"):
        game_graph(nim, (3,), max_nodes=MAX_GRAPH_NODES + 1)
    nodes, edges = game_graph(nim, (20, 20), max_nodes=1000)  # from (x, y): x + y moves, x + y - x edges if x = y
    assert len(nodes) == 21 * 22 // 2 and len(edges) == sum(
        y if x == y else x + y for x in range(21) for y in range(x, 21)
    )
    monkeypatch.setattr(graph, "MAX_GRAPH_EDGES", sum(x + y for x in range(21) for y in range(x, 21)))
    assert game_graph(nim, (20, 20), max_nodes=1000) == (nodes, edges)  # exactly at the limit: drawn
    monkeypatch.setattr(graph, "MAX_GRAPH_EDGES", graph.MAX_GRAPH_EDGES - 1)
    with pytest.raises(sprague.TooLarge, match="MAX_GRAPH_EDGES"):
        game_graph(nim, (20, 20), max_nodes=1000)
    dot = to_dot(nim, (8, 8, 8), max_nodes=1000)
    drawn = len(re.findall(r"^  n\d+ -> n\d+;$", dot, re.M))
    monkeypatch.setattr(graph, "MAX_RENDER_EDGES", drawn - 1)
    with pytest.raises(sprague.TooLarge, match="MAX_RENDER_EDGES") as info:
        render(dot, "svg")
    assert info.value.estimate == drawn


def test_max_nodes_is_exact() -> None:
    sub = sprague.ruleset("subtraction", S={1, 2, 5})
    assert len(game_graph(sub, (10,), max_nodes=11)[0]) == 11
    with pytest.raises(sprague.TooLarge):
        game_graph(sub, (10,), max_nodes=10)


def test_graph_of_a_sum_and_of_turtles() -> None:
    game = sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))
    nodes, edges = parse_dot(to_dot(game, ((2,), (2,))))
    assert len(nodes) == 9  # (x, y) with x, y in 0..2
    assert {position for position, _, outcome, _ in nodes.values() if outcome == "P"} == {"0 + 0", "0 + 2", "1 + 1"}
    nodes, _ = parse_dot(to_dot(sprague.ruleset("turning-turtles"), "HH"))
    assert {position for position, *_ in nodes.values()} == {"HH", "HT", "TH", "TT"}


def test_render_dot_and_bad_format() -> None:
    assert render("digraph g {}", "dot") == b"digraph g {}"
    with pytest.raises(sprague.SpragueError, match="unknown graph format"):
        render("digraph g {}", "gif")


def test_render_without_graphviz(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(sprague.SpragueError) as info:
        render("digraph g {}", "svg")
    assert str(info.value) == (
        "Graphviz 'dot' was not found on PATH; install Graphviz (e.g. apt-get install graphviz) or use --format dot"
    )


def fake_dot(folder: Path, body: str) -> None:
    exe = folder / "dot"
    exe.write_text(f"#!{sys.executable}\nimport sys\n{body}\n")
    exe.chmod(0o755)


@pytest.mark.skipif(sys.platform == "win32", reason="the fake 'dot' is a script with a shebang")
def test_render_runs_dot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_dot(tmp_path, "data = sys.stdin.read()\nsys.stdout.write(sys.argv[1] + ':' + data)")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert render("digraph g {}", "svg") == b"-Tsvg:digraph g {}"
    assert render("digraph g {}", "PNG") == b"-Tpng:digraph g {}"
    fake_dot(tmp_path, "sys.stderr.write('Error: syntax error in line 1\\nmore\\n')\nsys.exit(1)")
    with pytest.raises(sprague.SpragueError, match="Graphviz 'dot' failed: Error: syntax error in line 1$"):
        render("digraph g {", "svg")


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_render_with_real_graphviz() -> None:
    svg = render(to_dot(sprague.ruleset("nim"), (2, 1, 1)), "svg")
    assert b"<svg" in svg
    assert render(to_dot(sprague.ruleset("nim"), (1,)), "png").startswith(b"\x89PNG")


# --------------------------------------------------------------------------- tables
HANDOUT_ARRAY = [  # handout 002 section 4, top to bottom (the handout's dots above are omitted)
    "N P N N P N",
    "P N N P N N",
    "N P N N P N",
    "P N N P N N",
    "N P N N P N",
    "P N N P N N",
]


def handout_sum() -> sprague.Sum:
    return sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))


def test_format_grid_reproduces_the_handout_array() -> None:
    game = handout_sum()
    # Gamma_1 (S1) horizontally: columns x; Gamma_2 (S2) vertically: rows y
    values = grid(lambda y, x: game.grundy(((x,), (y,))), range(6), range(6))
    text = format_grid(values, values="outcome", origin="bottom", row_title="Gamma_2", col_title="Gamma_1")
    lines = text.splitlines()
    body = [line for line in lines if " | " in line]
    cells = [line.split(" | ")[1] for line in body]
    assert cells == HANDOUT_ARRAY
    assert cells[-1] == "P N N P N N" and cells[-2] == "N P N N P N"
    assert [line.split(" | ")[0].strip() for line in body] == ["5", "4", "3", "2", "1", "0"]
    assert lines[0] == "Gamma_2"
    assert lines[-2].split() == ["0", "1", "2", "3", "4", "5"]
    assert lines[-1].strip() == "Gamma_1"
    # the closed form (Sprague-Grundy) agrees with a search of the whole sum
    searched = grid(lambda y, x: game.grundy(((x,), (y,)), method="search"), range(6), range(6))
    assert searched == values


def test_format_grid_grundy_values_origin_top_and_labels() -> None:
    values = grid(lambda r, c: r ^ c, range(9, 12), 3)
    assert values == [[9, 8, 11], [10, 11, 8], [11, 10, 9]]
    text = format_grid(values, row_labels=[9, 10, 11], col_labels=["a", "b", "c"], values="grundy", origin="top")
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c"]
    assert lines[2:] == [" 9 |  9  8 11", "10 | 10 11  8", "11 | 11 10  9"]


def test_format_grid_rejects_bad_arguments() -> None:
    with pytest.raises(sprague.SpragueError):
        format_grid([[0]], values="colour")
    with pytest.raises(sprague.SpragueError):
        format_grid([[0]], origin="left")
    with pytest.raises(sprague.SpragueError):
        format_grid([[0, 1], [0]])
    with pytest.raises(sprague.SpragueError):
        format_grid([])
    with pytest.raises(sprague.SpragueError):
        format_grid([[0, 1]], col_labels=[0])
