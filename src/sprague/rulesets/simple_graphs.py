"""Games on undirected simple graphs: notation, parsing, components and canonical labelling.

:class:`SimpleGraphRuleset` is the base of Node Kayles and Arc Kayles (Schaefer 1978). A
position is a pair ``(vertices, edges)``: a sorted tuple of vertex numbers and a sorted tuple of
edges ``(u, v)`` with ``u < v``. It is written as its edges and its isolated vertices,
``1-2 2-3 3-1 4``, or with the named families as shorthand (each numbered 1, 2, ... after the
vertices written out, in the order given):

* ``Pn``: the path of ``n`` vertices; ``Cn``: the cycle of ``n >= 3`` vertices;
* ``Kn``: the complete graph; ``Km,n``: the complete bipartite graph (sides 1..m and m+1..m+n);
* ``Sn``: the star K1,n (centre 1); ``GmXn`` (``G3x4``): the grid of m rows and n columns,
  numbered along the rows.

The graph falls apart into connected components, and a position is their disjunctive sum (a
move of either game removes vertices of one component). A component is valued once up to
isomorphism: its canonical form is the adjacency (as bitmasks) under a canonical labelling
found by colour refinement and individualisation (the method of McKay's nauty, without its
automorphism pruning): the least adjacency over the leaves of the search tree. A search that
passes :data:`LEAF_LIMIT` leaves (a very symmetric component: a large clique) stops with the
least labelling found so far: still the component's own graph, so the memo stays right, only
the hits across isomorphic copies are lost for it.

>>> canonical_form((0b110, 0b101, 0b011)) == canonical_form((0b110, 0b001, 0b001))
False
>>> canonical_form((0b010, 0b101, 0b010)) == canonical_form((0b100, 0b100, 0b011))
True
"""

from __future__ import annotations

import random
import re
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from sprague.core.budget import charge
from sprague.core.limits import MAX_DRAWN_VERTICES, MAX_GAME_VERTICES, MAX_SEARCH_VERTICES, refuse_search_size
from sprague.core.nimber import nim_sum
from sprague.errors import InvalidPosition
from sprague.solve import memos
from sprague.solve.ruleset import Ruleset

__all__ = [
    "SimpleGraphRuleset",
    "Graph",
    "Adjacency",
    "family_graph",
    "family",
    "canonical_form",
    "split_components",
    "LEAF_LIMIT",
    "graph_size",
    "graph_drawing",
]

#: a position: sorted vertex numbers, sorted edges (u, v) with u < v
Graph = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
#: a graph on vertices 0..n-1 as n bitmasks of neighbours
Adjacency = tuple[int, ...]

#: work charged for the canonical form of a graph besides a unit per two vertices and edges (measured: some 3 us
#: plus 0.5 us a vertex or edge, P10 7 us, P200 200 us, G20x20 560 us; benchmarks/budget.py)
CANONICAL_WORK = 2
#: vertices and edges of a graph per unit of work charged for each of its options (measured: some 0.05-0.15 us a
#: vertex or edge, P200 22 us an option, K30 70 us)
SIZE_PER_OPTION_WORK = 8

#: leaves of the canonical-labelling search tree explored before taking the least found so far
LEAF_LIMIT = 720

_FAMILY = re.compile(r"^(?:([PCKS])(\d+)|K(\d+),(\d+)|G(\d+)[xX](\d+))$")
_EDGE = re.compile(r"^(\d+)-(\d+)$")


def family_graph(token: str, first: int = 1) -> list[tuple[int, int]] | None:
    """The edges of a named family (``P5``, ``C6``, ``K4``, ``K3,4``, ``S5``, ``G3x4``) on vertices ``first``,
    ``first + 1``, ..., with ``(v, v)`` for a vertex without edges; None if ``token`` names no family.

    >>> family_graph("C3"), family_graph("S2", 5), family_graph("P1")
    ([(1, 2), (2, 3), (1, 3)], [(5, 6), (5, 7)], [(1, 1)])
    """
    m = _FAMILY.match(token.strip().upper())
    if not m:
        return None
    kind, n, a, b, rows, cols = m.groups()
    if kind == "P":
        k = int(n)
        return [(first + i, first + i + 1) for i in range(k - 1)] or ([(first, first)] if k else [])
    if kind == "C":
        if int(n) < 3:
            raise InvalidPosition(f"a cycle has at least 3 vertices, not {token!r}; write C3, C4, ...")
        return [(first + i, first + i + 1) for i in range(int(n) - 1)] + [(first, first + int(n) - 1)]
    if kind == "K":
        k = int(n)
        return [(first + i, first + j) for i in range(k) for j in range(i + 1, k)] or ([(first, first)] if k else [])
    if kind == "S":
        return [(first, first + i) for i in range(1, int(n) + 1)] or [(first, first)]
    if a is not None:
        p, q = int(a), int(b)
        if not p or not q:
            return [(first + i, first + i) for i in range(p + q)]
        return [(first + i, first + p + j) for i in range(p) for j in range(q)]
    r, c = int(rows), int(cols)
    cell = [[first + i * c + j for j in range(c)] for i in range(r)]
    edges = [(cell[i][j], cell[i][j + 1]) for i in range(r) for j in range(c - 1)]
    edges += [(cell[i][j], cell[i + 1][j]) for i in range(r - 1) for j in range(c)]
    return edges or [(v, v) for row in cell for v in row]


def _refine(near: list[list[int]], colour: list[int]) -> list[int]:
    """The coarsest equitable refinement of the ordered colouring ``colour`` of the graph whose neighbour lists
    are ``near`` (colour refinement), colours renumbered 0, 1, ... by their signatures so that the result depends
    on the graph only up to isomorphism."""
    n = len(near)
    count = len(set(colour))
    while True:
        charge(n, "graph canonical forms")
        sig = [(colour[v], tuple(sorted([colour[u] for u in near[v]]))) for v in range(n)]
        order = {s: i for i, s in enumerate(sorted(set(sig)))}
        colour = [order[s] for s in sig]
        if len(order) == count:
            return colour
        count = len(order)


def _relabelled(near: list[list[int]], colour: list[int]) -> Adjacency:
    """The adjacency with vertex ``v`` renamed ``colour[v]`` (a discrete colouring)."""
    out = [0] * len(near)
    for v, row in enumerate(near):
        bits = 0
        for u in row:
            bits |= 1 << colour[u]
        out[colour[v]] = bits
    return tuple(out)


def canonical_form(adj: Adjacency, limit: int = LEAF_LIMIT) -> Adjacency:
    """The canonical form of a graph given as bitmasks: the least relabelled adjacency over the leaves of the
    individualisation-refinement tree (the same for isomorphic graphs while the tree has at most ``limit``
    leaves; past that, the least found: a relabelling of ``adj`` still)."""
    n = len(adj)
    if n <= 1:
        return adj
    best: list[Adjacency] = []
    leaves = [0]
    near = [[u for u in range(n) if row >> u & 1] for row in adj]

    def search(colour: list[int]) -> None:
        colour = _refine(near, colour)
        cells: dict[int, list[int]] = {}
        for v, c in enumerate(colour):
            cells.setdefault(c, []).append(v)
        target = next((cells[c] for c in sorted(cells) if len(cells[c]) > 1), None)
        if target is None:
            leaves[0] += 1
            form = _relabelled(near, colour)
            if not best or form < best[0]:
                best[:] = [form]
            return
        for v in target:
            if leaves[0] >= limit:
                return
            search([2 * c + (0 if u == v else 1) for u, c in enumerate(colour)])

    search([len(row) for row in near])
    return best[0]


def split_components(adj: Adjacency, mask: int) -> Iterator[Adjacency]:
    """The connected components of the subgraph of ``adj`` on the vertices of ``mask``, each relabelled
    0..k-1 in the order of its vertices."""
    while mask:
        comp = frontier = mask & -mask
        while frontier:
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= adj[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & mask & ~comp
            comp |= frontier
        mask &= ~comp
        members = _bits(comp)
        index = {v: i for i, v in enumerate(members)}
        yield tuple(sum(1 << index[u] for u in _bits(adj[v] & comp)) for v in members)


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first (time linear in the bits set, not the mask's length)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def graph_drawing(
    vertices: list[str], edges: list[tuple[str, str, bool]], token: str | None, game: str
) -> dict[str, Any]:
    """The web page's drawing of a graph (see :meth:`~sprague.core.ruleset.Rules.drawing`): vertices ``v:NAME``,
    edges ``(from, to, directed)`` as ``e:0``, ``e:1``, ... in the order given; past :data:`MAX_DRAWN_VERTICES`
    vertices a note that says why it is written as text instead."""
    if len(vertices) > MAX_DRAWN_VERTICES:
        return {
            "kind": "text",
            "note": f"{game}: a graph of {len(vertices)} vertices is written as text, not drawn (the page draws "
            f"graphs of up to {MAX_DRAWN_VERTICES} vertices); play it from the list of moves",
        }
    return {
        "kind": "graph",
        "vertices": [{"id": f"v:{v}", "name": v} for v in vertices],
        "edges": [{"id": f"e:{k}", "from": a, "to": b, "directed": d} for k, (a, b, d) in enumerate(edges)],
        "token": token,
    }


def graph_size(position: Graph) -> int:
    """Vertices plus edges of a position: what building its options or its canonical form costs, about."""
    return len(position[0]) + len(position[1])


class SimpleGraphRuleset(Ruleset):
    """A game on an undirected simple graph, played by removing vertices, whose value is the nim-sum of its
    connected components' values, each component valued once up to isomorphism (the subclass says which
    vertex sets a move removes, :meth:`removals`)."""

    listed: ClassVar[bool] = False
    board = "text"
    #: the graph without vertices, as written
    empty: ClassVar[str] = "empty"
    #: the most vertices a position may have
    max_vertices: ClassVar[int] = MAX_GAME_VERTICES
    #: the most edges a position may have
    max_edges: ClassVar[int] = 20000
    position_help = (
        "edges u-v and isolated vertices v (e.g. 1-2 2-3 3-1 4), or a family: Pn path, Cn cycle, Kn complete, "
        "Km,n complete bipartite, Sn star, GmXn grid (e.g. G3x4)"
    )
    example: ClassVar[tuple[str, ...]] = ("G3x4",)

    # ------------------------------------------------------------------ notation
    def check_position(self, position: Any) -> Graph:
        if isinstance(position, str):
            return self._read(position.split())
        if not (isinstance(position, (tuple, list)) and len(position) == 2):
            raise InvalidPosition(
                f"{self.name}: position {repr(position)[:80]} must be (vertices, edges), e.g. "
                "((1, 2, 3), ((1, 2), (2, 3))), or a string such as '1-2 2-3'"
            )
        vertices, edges = position
        try:
            vs = {int(v) for v in vertices}
            es = {(min(int(a), int(b)), max(int(a), int(b))) for a, b in edges}
        except (TypeError, ValueError):
            raise InvalidPosition(
                f"{self.name}: position {repr(position)[:80]} must hold whole vertex numbers and pairs of them"
            ) from None
        for a, b in sorted(es):
            if a == b or a not in vs or b not in vs:
                raise InvalidPosition(f"{self.name}: edge {a}-{b} must join two different vertices of the graph")
        return self._checked(vs, es)

    def _checked(self, vs: set[int], es: set[tuple[int, int]]) -> Graph:
        if any(v < 0 for v in vs):
            raise InvalidPosition(f"{self.name}: vertex {min(vs)} is negative; number the vertices 0, 1, 2, ...")
        if len(vs) > self.max_vertices or len(es) > self.max_edges:
            raise InvalidPosition(
                f"{self.name}: a graph of {len(vs):,} vertices and {len(es):,} edges; the most is "
                f"{self.max_vertices:,} vertices and {self.max_edges:,} edges"
            )
        return tuple(sorted(vs)), tuple(sorted(es))

    def _read(self, tokens: Sequence[str]) -> Graph:
        """The graph written by ``tokens``: edges, vertices, then the families numbered after them."""
        vs: set[int] = set()
        es: set[tuple[int, int]] = set()
        families = []
        for token in tokens:
            m = _EDGE.match(token)
            if m:
                a, b = int(m.group(1)), int(m.group(2))
                if a == b:
                    raise InvalidPosition(f"{self.name}: {token!r} is a loop; an edge joins two different vertices")
                vs |= {a, b}
                es.add((min(a, b), max(a, b)))
            elif token.isdigit():
                vs.add(int(token))
            elif token.lower() != self.empty and _FAMILY.match(token.upper()):
                families.append(token)
            elif token.lower() != self.empty:
                numbers = " (vertices are numbers: 1-2, not a-b)" if re.search(r"[A-Za-z]", token) else ""
                raise InvalidPosition(
                    f"{self.name}: {token!r} is neither an edge u-v, a vertex nor a family{numbers}; "
                    f"write {self.position_help}"
                )
        for token in families:
            size = _family_size(token)
            if size + len(vs) > self.max_vertices:
                raise InvalidPosition(f"{self.name}: {token} has {size:,} vertices; the most is {self.max_vertices:,}")
            for a, b in family_graph(token, max(vs, default=0) + 1) or []:
                vs |= {a, b}
                if a != b:
                    es.add((a, b))
        return self._checked(vs, es)

    def parse_position(self, tokens: Sequence[str]) -> Graph:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        return self._read(" ".join(tokens).split())

    def format_position(self, position: Graph) -> str:
        vertices, edges = position
        touched = {v for e in edges for v in e}
        words = [f"{a}-{b}" for a, b in edges] + [str(v) for v in vertices if v not in touched]
        return " ".join(words) or self.empty

    def position_to_json(self, position: Graph) -> str:
        return self.format_position(position)

    def random_position(self, rng: random.Random) -> Graph:
        """A graph of 3 to 8 vertices, each pair joined with probability 0.4."""
        n = 3 + rng.randrange(6)
        es = {(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < 0.4}
        return tuple(range(1, n + 1)), tuple(sorted(es))

    def estimate_positions(self, position: Graph) -> int:
        """Each vertex there or gone: a bound on the subgraphs a play reaches."""
        return 2 ** len(position[0])

    # ------------------------------------------------------------------ the page's board
    def drawing(self, position: Graph) -> dict[str, Any] | None:
        """The graph to click: vertices ``v:3``, edges ``e:0``, ``e:1``, ... in the order of the position's."""
        return graph_drawing(
            [str(v) for v in position[0]], [(str(a), str(b), False) for a, b in position[1]], None, self.name
        )

    # ------------------------------------------------------------------ structure
    def adjacency(self, position: Graph) -> Adjacency:
        """The graph as bitmasks on the vertices renumbered 0.. in order (the game's vertices only: an
        isolated vertex that no move can touch is left out by :meth:`playable`)."""
        vertices, edges = position
        keep = self.playable(position)
        index = {v: i for i, v in enumerate(keep)}
        adj = [0] * len(keep)
        for a, b in edges:
            if a in index and b in index:
                adj[index[a]] |= 1 << index[b]
                adj[index[b]] |= 1 << index[a]
        return tuple(adj)

    def playable(self, position: Graph) -> list[int]:
        """The vertices that matter to the game (all of them, unless a subclass says otherwise)."""
        return list(position[0])

    @abstractmethod
    def removals(self, adj: Adjacency) -> Iterator[int]:
        """The vertex sets (bitmasks) that the moves of ``adj`` remove, each once (each game says which)."""

    def positions(self, size: int) -> Iterator[Graph]:
        """One graph of each isomorphism class on at most ``size`` vertices (numbered 1..n), fewer vertices first
        (for ``sprague verify``: 1, 1, 2, 4, 11, 34, 156 classes on 0..6 vertices, OEIS A000088); every labelled graph
        is looked at once and charged to the budget, so a large ``size`` stops at it."""
        seen: set[Any] = set()
        for n in range(size + 1):
            pairs = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)]
            for bits in range(1 << len(pairs)):
                charge(1, f"{self.name}: the graphs on {n} vertices")
                graph = (tuple(range(1, n + 1)), tuple(p for i, p in enumerate(pairs) if bits >> i & 1))
                key = (n, self.canonical(graph))
                if key not in seen:
                    seen.add(key)
                    yield graph

    def canonical(self, position: Graph) -> Any:
        """The sorted canonical forms of the components: isomorphic graphs share it."""
        charge(CANONICAL_WORK + graph_size(position) // 2, f"{self.name}: the canonical forms of graphs")
        adj = self.adjacency(position)
        return tuple(sorted(self._form(c) for c in split_components(adj, (1 << len(adj)) - 1)))

    def size(self, position: Graph) -> int:
        """The vertices and edges left."""
        return len(position[0]) + len(position[1])

    def moves(self, position: Graph) -> Iterator[Graph]:
        vertices, edges = position
        refuse_search_size(f"{self.name}: a graph", len(vertices), MAX_SEARCH_VERTICES, "vertices")
        keep = self.playable(position)
        work = graph_size(position) // SIZE_PER_OPTION_WORK
        for gone in self.removals(self.adjacency(position)):
            if work:
                charge(work, f"{self.name}: the options of a graph")
            out = {keep[i] for i in range(len(keep)) if gone >> i & 1}
            yield (
                tuple(v for v in vertices if v not in out),
                tuple(e for e in edges if e[0] not in out and e[1] not in out),
            )

    # ------------------------------------------------------------------ values
    def computed_grundy(self, position: Graph) -> int | None:
        """The nim-sum of the components' values, each component searched once up to isomorphism (kept in the
        solver's cache by its canonical form, and across processes in the results cache: :mod:`sprague.solve.memos`)."""
        adj = self.adjacency(position)
        known: dict[Adjacency, int] = self.solver.cache.setdefault("graph components", {})
        with memos.kept(
            self, "graph components", lambda: encode_memo(known), lambda rows: known.update(decode_memo(rows))
        ):
            return nim_sum(*(self.component_value(c) for c in split_components(adj, (1 << len(adj)) - 1)))

    def computed_method(self, position: Graph) -> str:
        return "nim-sum of the components' values (search by components, up to isomorphism)"

    def _form(self, adj: Adjacency) -> Adjacency:
        forms: dict[Adjacency, Adjacency] = self.solver.cache.setdefault("graph forms", {})
        form = forms.get(adj)
        if form is None:
            form = forms[adj] = canonical_form(adj)
        return form

    def component_value(self, adj: Adjacency) -> int:
        """The Grundy value of a connected graph, by search over its options' components (memoised)."""
        form = self._form(adj)
        known: dict[Adjacency, int] = self.solver.cache.setdefault("graph components", {})
        value = known.get(form)
        if value is None:
            refuse_search_size(f"{self.name}: a connected component", len(form), MAX_SEARCH_VERTICES, "vertices")
            full = (1 << len(form)) - 1
            removals = list(self.removals(form))
            size = len(form) + sum(map(int.bit_count, form)) // 2
            charge(len(form) + len(removals) * (CANONICAL_WORK + size // 2), f"{self.name}: the values of components")
            seen = {
                nim_sum(*(self.component_value(c) for c in split_components(form, full & ~gone))) for gone in removals
            }
            value = next(g for g in range(len(seen) + 1) if g not in seen)
            known[form] = value
        return value


def family(adj: Adjacency) -> tuple[str, int, int] | None:
    """The named family of a connected graph, if it is one of those with closed forms: ``("K", n, 0)``
    complete, ``("P", n, 0)`` path, ``("C", n, 0)`` cycle, ``("B", m, n)`` complete bipartite with ``m <= n``
    (stars are ``("B", 1, n)``); checked in that order.

    >>> family((0b10, 0b01)), family((0b010, 0b101, 0b010)), family((0b1110, 0b0001, 0b0001, 0b0001))
    (('K', 2, 0), ('P', 3, 0), ('B', 1, 3))
    """
    n = len(adj)
    degrees = [bin(row).count("1") for row in adj]
    m = sum(degrees) // 2
    if m == n * (n - 1) // 2:
        return "K", n, 0
    if m == n - 1 and max(degrees) <= 2:
        return "P", n, 0
    if m == n and set(degrees) == {2}:
        return "C", n, 0
    side = 1  # vertex 0's side, grown by alternating neighbourhoods (the graph is connected)
    while True:
        charge(1 + n // 4, "the families of graphs")  # two passes over the vertices in Python
        other = 0
        for v in range(n):
            if side >> v & 1:
                other |= adj[v]
        grown = side
        for v in range(n):
            if other >> v & 1:
                grown |= adj[v]
        if grown == side:
            break
        side = grown
    a, b = bin(side).count("1"), n - bin(side).count("1")
    if side & other or m != a * b:
        return None
    return "B", min(a, b), max(a, b)


def _family_size(token: str) -> int:
    """The vertices of a family's graph, read from its name (to refuse a huge one before building it)."""
    m = _FAMILY.match(token.strip().upper())
    assert m is not None
    kind, n, a, b, rows, cols = m.groups()
    if kind:
        return int(n) + (1 if kind == "S" else 0)
    return int(a) + int(b) if a is not None else int(rows) * int(cols)


def encode_memo(known: dict[Adjacency, int]) -> np.ndarray:
    """A memo of components as one int64 array: per component its number of vertices ``n``, its ``n`` rows of
    adjacency bits and its value (the format :mod:`sprague.solve.memos` saves; graphs of up to 62 vertices).

    >>> encode_memo({(0b10, 0b01): 1}).tolist(), decode_memo(encode_memo({(0b10, 0b01): 1}))
    ([2, 2, 1, 1], {(2, 1): 1})
    """
    flat = [x for form, value in known.items() if len(form) < 63 for x in (len(form), *form, value)]
    return np.array(flat, dtype=np.int64)


def decode_memo(rows: np.ndarray) -> dict[Adjacency, int]:
    """The memo :func:`encode_memo` wrote; an entry that does not read as one (a damaged file) ends the reading."""
    flat, known, i = rows.tolist(), {}, 0
    while i < len(flat):
        n = flat[i]
        if not 0 < n < 63 or i + n + 2 > len(flat):
            break
        known[tuple(flat[i + 1 : i + n + 1])] = flat[i + n + 1]
        i += n + 2
    return known
