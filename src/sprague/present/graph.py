"""The game graph of a small position, for the page's P/N labelling (``POST /api/graph``).

Every position reachable from the start is listed once (positions with the same
:meth:`~sprague.core.ruleset.Rules.canonical` key are one node, shown as the first
one met), breadth first, the start being node 0; each move is an edge
``[from, to]``. The outcome and Grundy value of each node are worked out on the
graph itself, as a course handout labels a game graph (Rodriguez-Villegas,
*Handout 5*, section "Games as directed graphs"): a terminal position is P
(misère play: N, the player to move has won), a position with a move to a
P-position is N, a position whose every move goes to an N-position is P; the
Grundy value is the mex of the options' values (misère: Conway's g-, 1 at a
terminal position).

The graph is built within the active work budget (one unit per option listed,
:data:`~sprague.core.budget.POSITION_WORK` per position expanded). Past
``max_positions`` nodes the answer is ``"complete": false`` with no nodes: a
graph that large is not drawn.

>>> import sprague
>>> data = graph_report(sprague.ruleset("subtraction", S=[1, 2]), (3,), 40)
>>> [(n["text"], n["outcome"], n["grundy"], n["rank"]) for n in data["nodes"]]
[('3', 'P', 0, 3), ('2', 'N', 2, 2), ('1', 'N', 1, 1), ('0', 'P', 0, 0)]
>>> data["edges"], data["complete"]
([[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]], True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from sprague.core.budget import POSITION_WORK, charge
from sprague.present.reports import header
from sprague.solve.ruleset import Ruleset

__all__ = ["graph_report", "MAX_GRAPH_POSITIONS", "game_graph"]

MAX_GRAPH_POSITIONS = 200  #: the largest graph the page may ask for (it draws 40 by default)

#: a position with more options than this times ``max_positions`` is not expanded (its graph is too large)
_OPTIONS_PER_NODE = 50


def game_graph(r: Ruleset, start: Any, max_positions: int) -> tuple[list[Any], list[list[int]]] | None:
    """The positions reachable from ``start`` (breadth first, one per canonical key) and each one's options as
    node numbers; None when they are more than ``max_positions``."""
    index: dict[Hashable, int] = {r.canonical(start): 0}
    order = [start]
    options: list[list[int]] = []
    for pos in order:  # grows as new positions are met
        charge(POSITION_WORK, "the game graph")
        count = r.option_count(pos)
        if count is not None and count > _OPTIONS_PER_NODE * max_positions:
            return None
        outs: dict[int, None] = {}
        for o in r.moves(pos):
            charge(1, "the game graph")
            key = r.canonical(o)
            if key not in index:
                if len(order) == max_positions:
                    return None
                index[key] = len(order)
                order.append(o)
            outs[index[key]] = None
        options.append(list(outs))
    return order, options


def _values(options: list[list[int]], misere: bool) -> tuple[list[int], list[int]]:
    """Each node's Grundy value (misère: g-) and rank (the length of the longest play from it), children first."""
    n = len(options)
    value: list[int | None] = [None] * n
    rank = [0] * n
    for root in range(n):
        stack = [root]
        while stack:  # depth first, a node once all its options are done
            v = stack[-1]
            todo = [w for w in options[v] if value[w] is None]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            if value[v] is not None:
                continue
            seen = {value[w] for w in options[v]}
            m = 0
            while m in seen:
                m += 1
            value[v] = 1 if misere and not options[v] else m
            rank[v] = 1 + max((rank[w] for w in options[v]), default=-1)
    return [int(x) for x in value if x is not None], rank


def graph_report(r: Ruleset, pos: Any, max_positions: int = 40, misere: bool = False) -> dict[str, Any]:
    """The body of ``POST /api/graph``: nodes ``{"id", "position", "text", "outcome", "grundy", "rank"}``, edges
    ``[from, to]`` and ``"complete"`` (false, with no nodes, past ``max_positions`` positions)."""
    pos = r.check_position(pos)
    found = game_graph(r, pos, max_positions)
    data: dict[str, Any] = {
        **header(r),
        "position": r.position_to_json(pos),
        "misere": misere,
        "max_positions": max_positions,
    }
    if found is None:
        note = f"more than {max_positions} positions are reachable from {r.format_position(pos)}: too many to draw"
        return {**data, "complete": False, "nodes": [], "edges": [], "note": note}
    order, options = found
    values, rank = _values(options, misere)
    nodes = [
        {
            "id": i,
            "position": r.position_to_json(p),
            "text": r.format_position(p),
            "outcome": "P" if values[i] == 0 else "N",
            "misere_grundy" if misere else "grundy": values[i],
            "rank": rank[i],
        }
        for i, p in enumerate(order)
    ]
    edges = [[v, w] for v, outs in enumerate(options) for w in outs]
    return {**data, "complete": True, "nodes": nodes, "edges": edges}
