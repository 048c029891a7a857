"""The game graph of a position (handout 002 section 2), as Graphviz DOT, SVG or PNG.

Vertices are the positions reachable from the start, edges the legal moves
``v -> w``. Positions that are the same up to symmetry (the ruleset's
``canonical`` key: Nim heaps in another order, empty heaps) are one vertex,
drawn as the first concrete position met. Each vertex shows its Grundy value
and its outcome, P-positions filled in one colour and N-positions in another;
a loopy game's graph may have cycles, its values may be ``∞{K}`` and its draws
(D) have a third colour.
Under misère play (``misere=True``: the last mover loses) a vertex shows
Conway's misère Grundy value g- and its misère outcome instead; the key of
``canonical`` holds under both conventions, so the graph is the same.

Examples
--------
>>> import sprague
>>> nodes, edges = game_graph(sprague.ruleset("nim"), (2, 1, 1))
>>> [sprague.ruleset("nim").format_position(p) for p in nodes.values()]
['2 1 1', '1 1 1', '0 1 1', '2 0 1', '0 0 1', '2 0 0', '0 0 0']
>>> print(to_dot(sprague.ruleset("subtraction", S={2}), (2,)))
digraph game {
  graph [rankdir=LR, labelloc=t, fontname="Helvetica", label="subtraction -p S=2 from 2: P-positions green, N-positions orange"];
  node [shape=box, style="rounded,filled", fontname="Helvetica"];
  n0 [label="2\\nG=1  N", fillcolor="#fdd0a2"];
  n1 [label="0\\nG=0  P", fillcolor="#c7e9c0"];
  n0 -> n1;
}
>>> print(to_dot(sprague.ruleset("subtraction", S={2}), (2,), misere=True))
digraph game {
  graph [rankdir=LR, labelloc=t, fontname="Helvetica", label="subtraction -p S=2 from 2, misère play (the last mover loses): misère P-positions green, N-positions orange; g- is the misère Grundy value"];
  node [shape=box, style="rounded,filled", fontname="Helvetica"];
  n0 [label="2\\ng-=0  P", fillcolor="#c7e9c0"];
  n1 [label="0\\ng-=1  N", fillcolor="#fdd0a2"];
  n0 -> n1;
}
"""  # noqa: E501

from __future__ import annotations

import re
import shutil
from collections import deque
from collections.abc import Hashable
from typing import Any

from sprague.core.limits import MAX_GRAPH_EDGES, MAX_GRAPH_NODES, MAX_RENDER_EDGES, format_size
from sprague.core.loopy import loopy_outcome
from sprague.core.parsing import check_misere
from sprague.errors import InvalidParameter, NoClosedForm, SpragueError, TooLarge
from sprague.solve.ruleset import Ruleset

__all__ = ["game_graph", "to_dot", "render", "P_COLOUR", "N_COLOUR", "FORMATS"]

#: fill colour of P-positions (light green) and N-positions (light orange)
P_COLOUR = "#c7e9c0"
N_COLOUR = "#fdd0a2"
D_COLOUR = "#c6dbef"  # a draw (loopy games): blue
#: output formats of :func:`render`
FORMATS = ("dot", "svg", "png")

Nodes = dict[Hashable, Any]
Edges = list[tuple[Hashable, Hashable]]


def game_graph(ruleset: Ruleset, position: Any, max_nodes: int = 500) -> tuple[Nodes, Edges]:
    """The graph of positions reachable from ``position``, breadth first.

    Parameters
    ----------
    ruleset : Ruleset
        The game.
    position : position
        The start.
    max_nodes : int
        Refuse graphs with more vertices than this (``--max-nodes`` on the command line).

    Returns
    -------
    nodes : dict
        Canonical key -> the first concrete position met with that key, in breadth-first
        order (the start first).
    edges : list of (key, key)
        The moves between vertices, each pair once, in the order found.

    Raises
    ------
    TooLarge
        When more than ``max_nodes`` positions are reachable.

    Examples
    --------
    >>> import sprague
    >>> nodes, edges = game_graph(sprague.ruleset("subtraction", S={1, 2}), (3,))
    >>> list(nodes), edges
    ([(3,), (2,), (1,), ()], [((3,), (2,)), ((3,), (1,)), ((2,), (1,)), ((2,), ()), ((1,), ())])
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise SpragueError(f"max_nodes must be a positive integer, got {max_nodes!r}")
    if max_nodes > MAX_GRAPH_NODES:
        raise InvalidParameter(
            f"max_nodes={max_nodes:,} (--max-nodes) is over the limit of {MAX_GRAPH_NODES:,} "
            "vertices a game graph may have (MAX_GRAPH_NODES in sprague.core.limits)"
        )
    start = ruleset.check_position(position)
    root = ruleset.canonical(start)
    nodes: Nodes = {root: start}
    edges: Edges = []
    seen_edges: set[tuple[Hashable, Hashable]] = set()
    queue = deque([root])
    examined = 0
    while queue:
        key = queue.popleft()
        pos = nodes[key]
        for option in ruleset.moves(pos):
            examined += 1
            if examined > MAX_GRAPH_EDGES:
                raise TooLarge(
                    f"the game graph of {ruleset.format_position(start)!r} has more than "
                    f"{MAX_GRAPH_EDGES:,} moves to examine (MAX_GRAPH_EDGES in sprague.core.limits); "
                    "start from a smaller position",
                    limit=MAX_GRAPH_EDGES,
                )
            okey = ruleset.canonical(option)
            if okey not in nodes:
                if len(nodes) >= max_nodes:
                    raise _too_large(ruleset, start, max_nodes)
                nodes[okey] = option
                queue.append(okey)
            if (key, okey) not in seen_edges:
                seen_edges.add((key, okey))
                edges.append((key, okey))
    return nodes, edges


def _too_large(ruleset: Ruleset, start: Any, max_nodes: int) -> TooLarge:
    estimate = ruleset.estimate_positions(start)
    rough = (
        f" (up to {format_size(estimate)} by a rough count)" if estimate is not None and estimate > max_nodes else ""
    )
    return TooLarge(
        f"the game graph of {ruleset.format_position(start)!r} has more than {max_nodes:,} positions{rough}, "
        f"over the limit of {max_nodes:,}; start from a smaller position or raise the limit with --max-nodes N "
        f"(Python: max_nodes=N)",
        estimate=estimate if estimate is not None and estimate > max_nodes else None,
        limit=max_nodes,
    )


def _label(
    ruleset: Ruleset, position: Any, max_positions: int | None, misere: bool = False, method: str = "auto"
) -> tuple[str, str]:
    """Grundy text and outcome of a vertex: ``("G=2", "N")``; ``G=?`` when only the outcome could be had (past
    the work limit, or where ``method="closed"`` has a closed form for the outcome only), ``?`` for neither.

    Under misère play the misère Grundy value g- and the misère outcome: ``("g-=1", "N")``.
    """
    name = "g-" if misere else "G"
    try:
        g = ruleset.grundy(position, method=method, max_positions=max_positions, misere=misere)
        return f"{name}={g}", loopy_outcome(g)
    except (TooLarge, NoClosedForm):
        pass
    try:
        return f"{name}=?", ruleset.outcome(position, method=method, max_positions=max_positions, misere=misere)
    except (TooLarge, NoClosedForm):
        return f"{name}=?", "?"


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _rankdir(nodes: Nodes, edges: Edges) -> str:
    """``LR`` for long, narrow graphs (a subtraction game's chain), ``TB`` for wide ones."""
    children: dict[Hashable, list[Hashable]] = {k: [] for k in nodes}
    indegree = dict.fromkeys(nodes, 0)
    for a, b in edges:
        children[a].append(b)
        indegree[b] += 1
    depth = dict.fromkeys(nodes, 0)
    ready = [k for k, d in indegree.items() if d == 0]
    while ready:  # longest-path layering, as dot ranks an acyclic graph
        k = ready.pop()
        for c in children[k]:
            depth[c] = max(depth[c], depth[k] + 1)
            indegree[c] -= 1
            if indegree[c] == 0:
                ready.append(c)
    ranks: dict[int, int] = {}
    for d in depth.values():
        ranks[d] = ranks.get(d, 0) + 1
    return "LR" if len(ranks) >= max(ranks.values()) else "TB"


def to_dot(
    ruleset: Ruleset,
    position: Any,
    max_nodes: int = 500,
    *,
    rankdir: str | None = None,
    max_positions: int | None = None,
    misere: bool = False,
    method: str = "auto",
) -> str:
    """The game graph from ``position`` as a Graphviz DOT digraph.

    Each vertex is labelled with its position (``ruleset.format_position``) and,
    on a second line, ``G=<Grundy value>`` and ``P`` or ``N``; P-positions are
    filled light green (:data:`P_COLOUR`), N-positions light orange
    (:data:`N_COLOUR`). Where the Grundy value would exceed the work limit the
    label shows ``G=?`` and the outcome alone.

    With ``misere=True`` the labels are misère Grundy values (``g-=1``) and misère
    outcomes, coloured the same way, and the title says "misère play".

    Parameters
    ----------
    ruleset : Ruleset
        The game.
    position : position
        The start.
    max_nodes : int
        Refuse graphs with more vertices (raises :class:`~sprague.errors.TooLarge`).
    rankdir : str, optional
        Graphviz layout direction (``"LR"``, ``"TB"``...); default ``LR`` for graphs
        at least as long as they are wide, else ``TB``.
    max_positions : int, optional
        Work limit of each Grundy computation.
    misere : bool
        Label by misère play (the player who makes the last move loses).
    method : {"auto", "closed", "search"}
        How each label is computed (``"closed"``: a vertex no closed form answers is labelled ``?``).

    Returns
    -------
    str
        The DOT text; vertices are ``n0`` (the start), ``n1``, ... in breadth-first order.
    """
    nodes, edges = game_graph(ruleset, position, max_nodes)
    ids = {key: f"n{i}" for i, key in enumerate(nodes)}
    start = next(iter(nodes.values()))
    direction = rankdir or _rankdir(nodes, edges)
    if check_misere(misere):
        title = (
            f"{ruleset.describe()} from {ruleset.format_position(start)}, misère play (the last mover loses): "
            "misère P-positions green, N-positions orange; g- is the misère Grundy value"
        )
    else:
        title = f"{ruleset.describe()} from {ruleset.format_position(start)}: P-positions green, N-positions orange"
        if ruleset.loopy:
            title += ", draws (D) blue; G=∞{K}: no finite value, K the finite values of its options"
    lines = [
        "digraph game {",
        f'  graph [rankdir={direction}, labelloc=t, fontname="Helvetica", label="{_quote(title)}"];',
        '  node [shape=box, style="rounded,filled", fontname="Helvetica"];',
    ]
    for key, pos in nodes.items():
        grundy, outcome = _label(ruleset, pos, max_positions, misere, method)
        colour = {"P": P_COLOUR, "N": N_COLOUR, "D": D_COLOUR}.get(outcome, "white")
        label = f"{_quote(ruleset.format_position(pos))}\\n{grundy}  {outcome}"
        lines.append(f'  {ids[key]} [label="{label}", fillcolor="{colour}"];')
    for a, b in edges:
        lines.append(f"  {ids[a]} -> {ids[b]};")
    lines.append("}")
    return "\n".join(lines)


_EDGE_LINE = re.compile(r"^\s*\S+ -> \S+;", re.M)  # an edge line of to_dot's text


def render(dot_text: str, fmt: str) -> bytes:
    """Render DOT text with the Graphviz ``dot`` program.

    Parameters
    ----------
    dot_text : str
        A DOT graph, e.g. from :func:`to_dot`.
    fmt : str
        ``"svg"`` or ``"png"`` (run ``dot``), or ``"dot"`` (the text itself, UTF-8 encoded).

    Returns
    -------
    bytes
        The rendered picture.

    Raises
    ------
    SpragueError
        For an unknown format, when ``dot`` is not on ``PATH``, or when it fails.
    """
    kind = fmt.strip().lower()
    if kind == "dot":
        return dot_text.encode("utf-8")
    if kind not in FORMATS:
        raise SpragueError(f"unknown graph format {fmt!r}; choose one of {', '.join(FORMATS)}")
    edges = len(_EDGE_LINE.findall(dot_text))
    if edges > MAX_RENDER_EDGES:
        raise TooLarge(
            f"drawing a game graph of {edges:,} edges is over the limit of {MAX_RENDER_EDGES:,} "
            "(MAX_RENDER_EDGES in sprague.core.limits: Graphviz's layout time grows steeply with the "
            "edges); start from a smaller position, or write the graph as text with --format dot",
            estimate=edges,
            limit=MAX_RENDER_EDGES,
        )
    exe = shutil.which("dot")
    if exe is None:
        raise SpragueError(
            "Graphviz 'dot' was not found on PATH; install Graphviz (e.g. apt-get install graphviz) or use --format dot"
        )
    import subprocess  # here: only a drawing runs Graphviz

    try:
        done = subprocess.run(
            [exe, f"-T{kind}"], input=dot_text.encode("utf-8"), capture_output=True, timeout=300, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SpragueError(f"Graphviz 'dot' could not run: {exc}") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = detail[0] if detail else f"exit status {done.returncode}"
        raise SpragueError(f"Graphviz 'dot' failed: {reason}")
    return done.stdout
