"""Node Kayles: choose a vertex of a graph; it and its neighbours are removed. Whoever cannot move loses.

Schaefer 1978 ("On the complexity of some two-person perfect-information games") defined
Node Kayles and Arc Kayles on graphs and proved Node Kayles PSPACE-complete. A position is an
undirected simple graph (:class:`~sprague.rulesets.simple_graphs.SimpleGraphRuleset`: ``1-2
2-3 4``, ``P5``, ``C6``, ``K4``, ``K3,4``, ``S5``, ``G3x4``); a move picks a vertex and removes
its closed neighbourhood, so the vertices picked form an independent set and the game ends
on a maximal one. Components are summed by nim-sum and valued once up to isomorphism.

Closed forms (each checked against brute force in ``tests/rulesets/test_node_kayles.py``):

* an isolated vertex, and any complete graph ``K_n`` (``n >= 1``): 1 -- every move empties it.
* the path ``P_n``: Dawson's chess, octal 0.137 at heap ``n`` (OEIS A002187, no index shift).
  Proof: picking an end vertex of ``P_n`` (``n >= 2``) removes 2 vertices and leaves one path;
  picking an inner vertex removes 3 and leaves two paths (one, or none, when it is next to an
  end); picking the vertex of ``P_1`` removes it. These are the moves of 0.137: take 1 only
  leaving nothing, take 2 leaving one heap or none, take 3 leaving up to two heaps.
* the cycle ``C_n`` (``n >= 3``): every move removes 3 consecutive vertices and leaves
  ``P_{n-3}``, so ``G(C_n) = mex{G(P_{n-3})}``: 1 if ``G(P_{n-3}) = 0``, else 0.
* the complete bipartite graph ``K_{m,n}`` (``m, n >= 1``; stars ``K_{1,n}`` included): a vertex
  of the side of ``m`` removes the whole other side and leaves ``m - 1`` isolated vertices,
  of value ``(m - 1) mod 2``; likewise ``(n - 1) mod 2`` from the other side. So the value is the
  mex of these two bits: 0 if ``m`` and ``n`` are both even, 1 if both are odd, 2 if their
  parities differ (the star ``S_n = K_{1,n}``: 1 for ``n`` odd, 2 for ``n`` even).

>>> import sprague
>>> nk = sprague.ruleset("node-kayles")
>>> nk.grundy(nk.parse_position(["P5"])), nk.grundy(nk.parse_position(["K3,4"]))
(3, 2)
>>> nk.describe_move(nk.parse_position(["P3"]), nk.parse_position(["1"]))
'vertex 3 (removes 2, 3)'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, ClassVar

from sprague.core.nimber import nim_sum
from sprague.core.ruleset import Family
from sprague.rulesets.simple_graphs import Adjacency, Graph, SimpleGraphRuleset, family, split_components

__all__ = ["NodeKayles"]
ORDER = 82  #: where ``sprague list`` shows this module's rulesets


@cache
def _dawsons_chess() -> Any:
    from sprague.rulesets.catalogue import DawsonsChess

    return DawsonsChess()


def component_closed_value(adj: Adjacency) -> tuple[int, str] | None:
    """The Node Kayles value of a connected graph of a family with a closed form, and the family; else None."""
    found = family(adj)
    if found is None:
        return None
    kind, a, b = found
    if kind == "K":
        return 1, f"K{a}: any move empties it"
    if kind == "P":
        return _dawsons_chess().grundy(a), f"P{a}: Dawson's chess (octal 0.137) at {a}"
    if kind == "C":
        return int(_dawsons_chess().grundy(a - 3) == 0), f"C{a}: mex of the path P{a - 3}"
    value = 2 if a % 2 != b % 2 else a % 2
    return value, f"K{a},{b}: the mex of ({a} - 1) mod 2 and ({b} - 1) mod 2"


class NodeKayles(SimpleGraphRuleset):
    """Node Kayles (Schaefer 1978): choose a vertex of the graph; it and its neighbours are removed. On paths it
    is Dawson's chess (OEIS A002187); its values on 3 x n grids are OEIS A316632."""

    name = "node-kayles"
    aliases: ClassVar[tuple[str, ...]] = ("nodekayles",)
    source = "-- Schaefer 1978; OEIS A002187, A316632"
    listed: ClassVar[bool] = True
    closed_form = "paths (Dawson's chess 0.137), cycles, complete and complete bipartite graphs (stars)"

    def removals(self, adj: Adjacency) -> Iterator[int]:
        yield from dict.fromkeys(row | 1 << v for v, row in enumerate(adj))

    def describe_move(self, position: Graph, option: Graph) -> str:
        gone = sorted(set(position[0]) - set(option[0]))
        near = {v: {v} | {b for a, b in position[1] if a == v} | {a for a, b in position[1] if b == v} for v in gone}
        chosen = next((v for v in gone if near[v] == set(gone)), gone[0] if gone else None)
        return f"vertex {chosen} (removes {', '.join(map(str, gone))})"

    def move_targets(self, position: Graph, option: Graph) -> list[str]:
        """Each vertex whose closed neighbourhood is what the move removes (twins, as in K_n, make one move)."""
        gone = set(position[0]) - set(option[0])
        near = {v: {v} for v in gone}
        for a, b in position[1]:
            if a in near:
                near[a].add(b)
            if b in near:
                near[b].add(a)
        return [f"v:{v}" for v in sorted(gone) if near[v] == gone]

    def parse_move(self, position: Graph, text: str) -> Graph | None:
        """``vertex ...`` (the move as :meth:`describe_move` writes it, or its first words)."""
        words = text.split()
        if len(words) < 2 or words[0] != "vertex":
            return None
        word = words[1]
        if not word.isdigit() or int(word) not in position[0]:
            return None
        v = int(word)
        gone = {v} | {b for a, b in position[1] if a == v} | {a for a, b in position[1] if b == v}
        return tuple(u for u in position[0] if u not in gone), tuple(e for e in position[1] if not gone & set(e))

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
        return "nim-sum of the components' closed forms (paths: Dawson's chess; cycles; K_n; K_m,n)"

    def families(self) -> dict[str, Family]:
        """The graphs of ``sprague discover --family``: paths, cycles, stars, complete (bipartite) graphs."""
        return graph_families(self)


def graph_families(rules: SimpleGraphRuleset) -> dict[str, Family]:
    """The named graph families (``P5``, ``C6``, ``S3``, ``K4``, ``K2,3``) as families of a graph game."""

    def named(letter: str, sep: str = ",") -> Any:
        return lambda *z: rules.parse_position([letter + sep.join(map(str, z))])

    return {
        "path": Family(named("P"), (1,), 1, "the path P_n of n vertices", 200, 400),
        "cycle": Family(named("C"), (1,), 3, "the cycle C_n of n >= 3 vertices", 200, 400),
        "star": Family(named("S"), (1,), 1, "the star S_n = K_1,n (n leaves)", 12),
        "complete": Family(named("K"), (1,), 1, "the complete graph K_n", 10),
        "bipartite": Family(named("K"), (2,), 1, "the complete bipartite graph K_m,n", 6),
    }
