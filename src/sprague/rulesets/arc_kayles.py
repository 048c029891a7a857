"""Arc Kayles: choose an edge of a graph; its two endpoints (and so every edge touching them) are removed.

Schaefer 1978 ("On the complexity of some two-person perfect-information games") defined Arc
Kayles beside Node Kayles; its complexity is still open (Burke, Dailly & Oijid 2024). A
position is an undirected simple graph (:class:`~sprague.rulesets.simple_graphs.SimpleGraphRuleset`:
``1-2 2-3 4``, ``P5``, ``C6``, ``K4``, ``K3,4``, ``S5``, ``G3x4``); the edges picked form a
matching and the game ends on a maximal one. Arc Kayles on ``G`` is Node Kayles on the line
graph of ``G``. Isolated vertices take no part (the canonical form leaves them out);
components are summed by nim-sum and valued once up to isomorphism.

Closed forms (each checked against brute force in ``tests/rulesets/test_arc_kayles.py``):

* the path ``P_n`` of ``n`` vertices: Dawson's Kayles, octal 0.07 at heap ``n`` (so, counted by
  its ``n - 1`` edges, Dawson's chess 0.137 at ``n - 1``; Huggan & Stevens 2016). Proof: an edge
  of ``P_n`` removes two adjacent vertices and leaves the paths on either side, up to two,
  possibly empty: the move of 0.07 (take exactly 2, leave 0, 1 or 2 heaps).
* the cycle ``C_n`` (``n >= 3``): every move leaves ``P_{n-2}``, so ``G(C_n) = 1`` if
  ``G_0.07(n - 2) = 0``, else 0 (Huggan & Stevens 2016).
* the complete graph ``K_n``: every move leaves ``K_{n-2}`` (and nothing else), so the play has
  ``floor(n / 2)`` moves whatever is chosen and the value is ``floor(n / 2) mod 2``.
* the complete bipartite graph ``K_{m,n}`` (stars included): every move removes one vertex of
  each side and leaves ``K_{m-1,n-1}`` and isolated vertices, so the play has ``min(m, n)``
  moves and the value is ``min(m, n) mod 2`` (a star is 1).

>>> import sprague
>>> ak = sprague.ruleset("arc-kayles")
>>> ak.grundy(ak.parse_position(["C7"])), ak.grundy(ak.parse_position(["K5"]))
(1, 0)
>>> ak.describe_move(ak.parse_position(["P3"]), ak.parse_position(["3"]))
'edge 1-2'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, ClassVar

from sprague.core.nimber import nim_sum
from sprague.core.ruleset import Family
from sprague.rulesets.simple_graphs import Adjacency, Graph, SimpleGraphRuleset, family, split_components

__all__ = ["ArcKayles"]
ORDER = 83  #: where ``sprague list`` shows this module's rulesets


@cache
def _dawsons_kayles() -> Any:
    from sprague.rulesets.catalogue import DawsonsKayles

    return DawsonsKayles()


def component_closed_value(adj: Adjacency) -> tuple[int, str] | None:
    """The Arc Kayles value of a connected graph of a family with a closed form, and the family; else None."""
    found = family(adj)
    if found is None:
        return None
    kind, a, b = found
    if kind == "K":
        return (a // 2) % 2, f"K{a}: {a // 2} forced moves"
    if kind == "P":
        return _dawsons_kayles().grundy(a), f"P{a}: Dawson's Kayles (octal 0.07) at {a}"
    if kind == "C":
        return int(_dawsons_kayles().grundy(a - 2) == 0), f"C{a}: mex of the path P{a - 2}"
    return min(a, b) % 2, f"K{a},{b}: {min(a, b)} forced moves"


class ArcKayles(SimpleGraphRuleset):
    """Arc Kayles (Schaefer 1978): choose an edge of the graph; its two endpoints are removed. On paths and
    cycles its values are those of Huggan & Stevens 2016 (Dawson's Kayles)."""

    name = "arc-kayles"
    aliases: ClassVar[tuple[str, ...]] = ("arckayles",)
    source = "-- Schaefer 1978; Huggan & Stevens 2016"
    listed: ClassVar[bool] = True
    closed_form = "paths (Dawson's Kayles 0.07), cycles, complete and complete bipartite graphs (stars)"

    def playable(self, position: Graph) -> list[int]:
        """The vertices on an edge: an isolated vertex never changes the game."""
        return sorted({v for e in position[1] for v in e})

    def removals(self, adj: Adjacency) -> Iterator[int]:
        for v, row in enumerate(adj):
            higher = row >> (v + 1) << (v + 1)  # each edge once, from its lower end (time linear in the edges)
            while higher:
                low = higher & -higher
                yield 1 << v | low
                higher ^= low

    def describe_move(self, position: Graph, option: Graph) -> str:
        gone = sorted(set(position[0]) - set(option[0]))
        return "edge " + "-".join(map(str, gone))

    def move_targets(self, position: Graph, option: Graph) -> list[str]:
        """The edge whose two ends the move removes (``e:k``, its place in the position's edges)."""
        gone = tuple(sorted(set(position[0]) - set(option[0])))
        return [f"e:{k}" for k, e in enumerate(position[1]) if e == gone]

    def parse_move(self, position: Graph, text: str) -> Graph | None:
        """``edge ...`` (the move as :meth:`describe_move` writes it, or its first words)."""
        words = text.split()
        if len(words) < 2 or words[0] != "edge":
            return None
        word = words[1]
        a, _, b = word.partition("-")
        if not (a.isdigit() and b.isdigit()):
            return None
        edge = (min(int(a), int(b)), max(int(a), int(b)))
        if edge not in position[1]:
            return None
        return tuple(u for u in position[0] if u not in edge), tuple(e for e in position[1] if not set(edge) & set(e))

    def closed_grundy(self, position: Graph) -> int | None:
        adj = self.adjacency(position)
        values = []
        for comp in split_components(adj, (1 << len(adj)) - 1):
            found = component_closed_value(comp)
            if found is None:
                return None
            values.append(found[0])
        return nim_sum(*values)

    def closed_method(self, position: Graph) -> str:
        return "nim-sum of the components' closed forms (paths: Dawson's Kayles; cycles; K_n; K_m,n)"

    def families(self) -> dict[str, Family]:
        """The graphs of ``sprague discover --family``: paths, cycles, stars, complete (bipartite) graphs."""
        from sprague.rulesets.node_kayles import graph_families

        return graph_families(self)
