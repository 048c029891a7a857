"""Geography: a token on a graph, moved along an arc to an unvisited vertex, or along an unused arc.

Two games on a (di)graph with a token on one vertex (T. J. Schaefer, *On the complexity of
some two-person perfect-information games*, JCSS 16, 1978; D. Lichtenstein and M. Sipser,
*GO is polynomial-space hard*, JACM 27, 1980; A. S. Fraenkel, E. R. Scheinerman and
D. Ullman, *Undirected edge geography*, TCS 112, 1993):

* Vertex Geography: the token moves along an arc to a vertex not yet visited (the start counts
  as visited);
* Edge Geography: the token moves along an arc (or edge) not yet used.

Who cannot move loses. A position is the graph still in play and the token: what is used is
deleted (a visited vertex with its arcs when the token leaves it, a used arc), so the position
after a move is again a graph and a token. It is written as arcs ``a>b``, undirected edges
``a-b`` (a move both ways; in Edge Geography used once, either way) and the token ``@a``,
separated by spaces or commas: ``a-b b-c c-a c-d @a``. Arcs and edges may be mixed; a
vertex on no arc or edge plays no part and is not kept (a bare name is read and dropped).

The memo key drops what the token can no longer reach; the games' own search is over
(token, what is left) as bitmasks of the part still reachable, so that positions that differ
only in the unreachable part share their values. Undirected Vertex Geography has a closed
form: the first player wins iff every maximum matching of the graph covers the token's vertex,
and wins by moving along the edge of a maximum matching (Fraenkel, Scheinerman and Ullman 1993).

>>> import sprague
>>> vg = sprague.ruleset("vertex-geography")
>>> p = vg.parse_position("a-b b-c c-d @a".split())
>>> vg.outcome(p), vg.format_position(vg.winning_move(p)), vg.describe_move(p, vg.winning_move(p))
('N', 'b-c c-d @b', 'a -> b')
>>> eg = sprague.ruleset("edge-geography")
>>> eg.grundy(eg.parse_position("a-b b-c c-a @a".split()))  # round the triangle: three moves
1
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sprague.core.budget import BONUS_SHARE, charge, share
from sprague.core.nimber import mex
from sprague.errors import BudgetExceeded, InvalidParameter, InvalidPosition
from sprague.rulesets.digraph import read_edges
from sprague.rulesets.simple_graphs import graph_drawing
from sprague.solve.ruleset import Ruleset

__all__ = ["Geo", "VertexGeography", "EdgeGeography", "read_geo", "max_matching", "in_every_maximum_matching", "Search"]
ORDER = 96  #: where ``sprague list`` shows this module's rulesets

Pair = tuple[str, str]
_HELP = "arcs a>b and edges a-b, then the token @a (e.g. a-b b-c c-a @a; quote arcs in a shell: 'a>b b>c @a')"


def _key(name: str) -> tuple[tuple[int, Any], ...]:
    """Natural order of vertex names: ``a2`` before ``a10``."""
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in re.split(r"(\d+)", name) if t)


@dataclass(frozen=True)
class Geo:
    """A position: the token's vertex, the arcs and the undirected edges still in play (sorted; a multigraph may
    repeat one)."""

    token: str
    arcs: tuple[Pair, ...] = ()
    edges: tuple[Pair, ...] = ()

    @classmethod
    def make(cls, token: str, arcs: Any = (), edges: Any = ()) -> Geo:
        """The normal form: arcs and edges in natural order (a repeated one is a parallel arc), each edge's ends in
        order."""
        order = sorted((_key(a), _key(b), a, b) for a, b in arcs)
        ends = sorted(tuple(sorted(((_key(a), a), (_key(b), b)))) for a, b in edges)
        return cls(token, tuple((a, b) for _, _, a, b in order), tuple((x[1], y[1]) for x, y in ends))

    def __str__(self) -> str:
        return " ".join([f"{a}>{b}" for a, b in self.arcs] + [f"{a}-{b}" for a, b in self.edges] + [f"@{self.token}"])

    def vertices(self) -> list[str]:
        """The token's vertex, then every other vertex on an arc or edge, in natural order."""
        rest = {v for e in (*self.arcs, *self.edges) for v in e} - {self.token}
        return [self.token, *sorted(rest, key=_key)]


def read_geo(value: Any, ruleset: str) -> Geo:
    """A position from text (``a>b b-c @a``), command-line tokens, a :class:`Geo`, or a pair (graph, token).

    In the pair, the graph is what :func:`~sprague.rulesets.digraph.read_edges` reads (arcs ``a>b,b>c``,
    (from, to) pairs, a dict of successors, a networkx graph); an undirected networkx graph gives edges.
    """
    if isinstance(value, Geo):
        return Geo.make(_vertex(value.token, ruleset), value.arcs, value.edges)
    if isinstance(value, str):
        return _parse_text(value.replace(",", " ").split(), ruleset)
    if isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[1], (str, int)):
        graph, token = value
        token = _vertex(str(token), ruleset)
        if hasattr(graph, "is_directed") and not graph.is_directed():  # a networkx Graph: its edges, each once
            edges = [(_vertex(a, ruleset), _vertex(b, ruleset)) for a, b in graph.edges()]
            return Geo.make(token, (), edges)
        pairs = read_edges(graph, ruleset).edges
        return Geo.make(token, [(_vertex(a, ruleset), _vertex(b, ruleset)) for a, b in pairs], ())
    raise InvalidPosition(f"{ruleset}: position {repr(value)[:60]} is not a graph with a token; write {_HELP}")


def _parse_text(items: Sequence[str], ruleset: str) -> Geo:
    """Arcs ``a>b``, edges ``a-b`` and one token ``@a`` (bare names, vertices on nothing, are dropped)."""
    tokens = [t[1:] for t in items if t.startswith("@")]
    if len(tokens) != 1:
        what = "no token" if not tokens else f"{len(tokens)} tokens ({', '.join('@' + t for t in tokens)})"
        raise InvalidPosition(f"{ruleset}: {what}; write one token @vertex after the graph: {_HELP}")
    arcs, edges = [], []
    for item in items:
        if item.startswith("@"):
            continue
        text = item.replace("->", ">")
        if text.startswith((">", "-")) or text.endswith((">", "-")):
            raise InvalidPosition(
                f"{ruleset}: {item!r} has no vertex on one side; write an arc or edge without spaces, a>b or a-b "
                f"(a position is {_HELP})"
            )
        if ">" in text:
            arcs.append(text)
        elif "-" in text:
            if text.count("-") != 1:
                raise InvalidPosition(f"{ruleset}: edge {item!r} has {text.count('-')} '-'; write edges as a-b")
            edges.append(text.replace("-", ">"))
        else:
            _vertex(text, ruleset)
    try:  # one at a time: read_edges drops a repeated edge, a parallel arc here
        arc_pairs = [pair for text in arcs for pair in read_edges(text, ruleset).edges]
        edge_pairs = [pair for text in edges for pair in read_edges(text, ruleset).edges]
    except InvalidParameter as exc:
        raise InvalidPosition(f"{exc}; a position is {_HELP}") from None
    for pair in (*arc_pairs, *edge_pairs):
        _vertex(pair[0], ruleset), _vertex(pair[1], ruleset)
    return Geo.make(_vertex(tokens[0], ruleset), arc_pairs, edge_pairs)


def _vertex(name: Any, ruleset: str) -> str:
    """A vertex name: non-empty, without ``, < > - @`` or spaces (``a<b`` and ``a<-b`` are typos, not names)."""
    text = str(name)
    bad = [c for c in ",<>-@ \t\n" if c in text]
    if not text or bad or isinstance(name, bool) or not isinstance(name, (str, int)):
        raise InvalidPosition(
            f"{ruleset}: vertex name {text[:40]!r} is empty or contains {bad[0] if bad else '?'!r}; "
            f"names cannot contain ',', '<', '>', '-', '@' or spaces; {_HELP}"
        )
    return text


# ------------------------------------------------------------------ matching
#: entries of an array made in C (``[False] * n``) per unit of work charged for it: an augmenting-path search
#: makes three of ``n`` entries, some 10-30 us for 3,000 vertices (measured); it was charged n units, so that the
#: 3,000 searches of a 3,000-vertex star charged 9 million units for 0.2 s of work
ALLOCATED_PER_WORK = 64
#: vertices per unit of work of a pass over them in Python (a blossom's shrinking): some 50 ns each
LOOPED_PER_WORK = 16


def max_matching(n: int, adj: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching of the undirected graph on ``0..n-1`` (``adj`` its neighbour lists): ``mate[v]`` or -1.

    Edmonds' blossom algorithm (J. Edmonds, *Paths, trees, and flowers*, 1965), O(n^3): a greedy matching, then
    from each unmatched vertex a search for an augmenting path that shrinks odd cycles (blossoms) to their base.
    """
    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            w = next((w for w in adj[v] if mate[w] == -1 and w != v), -1)
            if w != -1:
                mate[v], mate[w] = w, v
    for root in range(n):
        if mate[root] == -1:
            _augment(mate, *_augmenting_path(n, adj, mate, root))
    return mate


def _augment(mate: list[int], parent: list[int], end: int) -> None:
    """Flip the edges of the augmenting path that ends at ``end`` (nothing when ``end`` is -1)."""
    v = end
    while v != -1:
        pv = parent[v]
        nxt = mate[pv]
        mate[v], mate[pv] = pv, v
        v = nxt


def in_every_maximum_matching(n: int, adj: Sequence[Sequence[int]], v: int) -> tuple[bool, list[int]]:
    """Whether every maximum matching covers ``v``, and one maximum matching (``mate``).

    Take a maximum matching M. If it misses ``v``, no. Else drop ``v`` and its edge ``vu``: M - vu is a maximum
    matching of G - v (so some maximum matching of G misses ``v``) iff G - v has no augmenting path for it, and
    such a path must end at ``u`` (one avoiding ``u`` would augment M in G): one search from ``u``.
    """
    mate = max_matching(n, adj)
    u = mate[v]
    if u == -1:
        return False, mate
    without = [[w for w in a if w != v] if i != v else [] for i, a in enumerate(adj)]
    rest = list(mate)
    rest[u] = rest[v] = -1
    return _augmenting_path(n, without, rest, u)[1] == -1, mate


def _augmenting_path(n: int, adj: Sequence[Sequence[int]], mate: list[int], root: int) -> tuple[list[int], int]:
    """The search tree's parents and the unmatched end of an augmenting path from ``root`` (-1: none)."""
    used, parent, base = [False] * n, [-1] * n, list(range(n))
    used[root], queue, head = True, [root], 0

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    work = 1 + n // ALLOCATED_PER_WORK  # the arrays of n entries (filled in C)
    while head < len(queue):
        v = queue[head]
        head += 1
        work += 1 + len(adj[v])
        for to in adj[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                b, blossom = lca(v, to), [False] * n
                work += n // LOOPED_PER_WORK  # a pass over the vertices in Python (and two arrays)
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    charge(work, "a maximum matching")
                    return parent, to
                used[mate[to]] = True
                queue.append(mate[to])
    charge(work, "a maximum matching")
    return parent, -1


# ------------------------------------------------------------------ search
class Search:
    """Memoised search of one graph over (token, what is left) as bitmasks, Grundy values (misère: g-).

    ``vertex`` True: Vertex Geography (``left`` the unvisited vertices), else Edge Geography (``left`` the
    unused arcs). ``prune`` True keys the memo by what is still reachable from the token (positions that differ
    only in the unreachable part share their values); False keys it by the whole mask (the plain search).
    """

    def __init__(self, geo: Geo, vertex: bool, prune: bool = True, misere: bool = False) -> None:
        self.names = geo.vertices()
        index = {v: i for i, v in enumerate(self.names)}
        self.vertex, self.prune, self.misere = vertex, prune, misere
        items = [(index[a], index[b], True) for a, b in geo.arcs] + [(index[a], index[b], False) for a, b in geo.edges]
        self.items = items
        n = len(self.names)
        self.out = [0] * n  # vertex game: successors as a bitmask
        self.inc: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # edge game: (arc bit, head)
        self.ends: list[int] = []  # edge game: the vertices of each arc as a bitmask
        for k, (a, b, directed) in enumerate(items):
            self.out[a] |= 1 << b
            self.inc[a].append((1 << k, b))
            if not directed:
                self.out[b] |= 1 << a
                if a != b:
                    self.inc[b].append((1 << k, a))
            self.ends.append((1 << a) | (1 << b))
        self.full = ((1 << n) - 2) if vertex else (1 << len(items)) - 1
        self.memo: dict[tuple[int, int], int] = {}

    def value(self, token: int = 0, left: int | None = None) -> int:
        """The value with the token on vertex ``token`` and ``left`` (default: everything but the start)."""
        left = self.full if left is None else left
        return self._value(token, self._reach(token, left) if self.prune else left)

    def options(self, token: int, left: int) -> Iterator[tuple[int, int]]:
        """The (token, left) after each move."""
        if self.vertex:
            succ = self.out[token] & left
            while succ:
                low = succ & -succ
                succ ^= low
                c = low.bit_length() - 1
                yield c, left & ~low
        else:
            for bit, head in self.inc[token]:
                if left & bit:
                    yield head, left & ~bit

    def _reach(self, token: int, left: int) -> int:
        """What of ``left`` the token can still reach: vertices (vertex game) or arcs (edge game)."""
        if self.vertex:
            seen, frontier = 0, self.out[token] & left
            while frontier:
                seen |= frontier
                step = 0
                while frontier:
                    low = frontier & -frontier
                    frontier ^= low
                    step |= self.out[low.bit_length() - 1]
                frontier = step & left & ~seen
            return seen
        return self._reach_arcs(token, left)

    def _reach_arcs(self, token: int, left: int) -> int:
        """The arcs of ``left`` on a path from the token through arcs of ``left`` (the edge game)."""
        arcs, places, stack = 0, 1 << token, [token]
        while stack:
            v = stack.pop()
            for bit, head in self.inc[v]:
                if left & bit and not arcs & bit:
                    arcs |= bit
                    if not places >> head & 1:
                        places |= 1 << head
                        stack.append(head)
        return arcs

    def _value(self, token: int, left: int) -> int:
        key = (token, left)
        found = self.memo.get(key)
        if found is not None:
            return found
        charge(8, "geography: search")
        seen = set()
        for c, rest in self.options(token, left):
            seen.add(self._value(c, self._reach(c, rest) if self.prune else rest))
        g = (1 if self.misere else 0) if not seen else mex(seen)
        self.memo[key] = g
        return g


# ------------------------------------------------------------------ rulesets
class _Geography(Ruleset):
    """The notation, the memo key and the games' own search, shared by both games."""

    position_help = _HELP
    vertex: ClassVar[bool] = True

    def check_position(self, position: Any) -> Geo:
        return read_geo(position, self.name)

    def parse_position(self, tokens: Sequence[str]) -> Geo:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {_HELP}")
        return _parse_text(" ".join(tokens).replace(",", " ").split(), self.name)

    def format_position(self, position: Geo) -> str:
        return str(position)

    def position_to_json(self, position: Geo) -> Any:
        return str(position)

    def drawing(self, position: Geo) -> dict[str, Any] | None:
        """The graph with the token: arcs ``e:0``, ... first (directed), then the edges, in the position's order."""
        items = [(a, b, True) for a, b in position.arcs] + [(a, b, False) for a, b in position.edges]
        return graph_drawing(position.vertices(), items, position.token, self.name)

    def canonical(self, position: Geo) -> Hashable:
        """The token and what it can still reach (the vertex game: edges as two arcs, none into the token)."""
        s = Search(position, self.vertex)
        left = s._reach(0, s.full)
        return (self.vertex, *_local_graph(s, left))

    def random_position(self, rng: random.Random) -> Geo:
        """4 to 7 vertices a, b, ..., each pair joined with probability 0.45: all edges, or all arcs (one way)."""
        n = rng.randint(4, 7)
        names = [chr(ord("a") + i) for i in range(n)]
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if rng.random() < 0.45]
        if rng.random() < 0.5:
            return Geo.make(rng.choice(names), (), pairs)
        return Geo.make(rng.choice(names), [(b, a) if rng.random() < 0.5 else (a, b) for a, b in pairs], ())

    def computed_grundy(self, position: Geo) -> int | None:
        """The search over bitmasks of the part still reachable (:class:`Search`); with the outcome known from a
        theorem, only within the bonus share of the budget."""
        if self.closed_outcome(position) is None:
            return self._search(position).value()
        try:
            with share(BONUS_SHARE):
                return self._search(position).value()
        except (BudgetExceeded, RecursionError):  # a bonus beside the outcome: too long or too deep for Python
            return None

    def computed_method(self, position: Geo) -> str:
        how = self._how()
        if self.closed_outcome(position) is None:
            return how
        return f"{self.closed_method(position)}; Grundy value by {how}"

    def misere_computed_outcome(self, position: Geo) -> str | None:
        return "P" if Search(position, self.vertex, prune=self.vertex, misere=True).value() == 0 else "N"

    def misere_computed_method(self, position: Geo) -> str:
        return f"misère {self._how()}"

    def _how(self) -> str:
        """The games' own search in words: the vertex game keys its memo by what the token can still reach; the
        edge game by the whole mask (finding what is reachable cost more than the memo entries it saved,
        benchmarks/geography.py)."""
        key = "what the token can still reach" if self.vertex else "the arcs left"
        return f"search over (token, what is left) as bitmasks, keyed by {key}"

    def _search(self, position: Geo) -> Search:
        found: dict[Geo, Search] = self.solver.cache.setdefault("geography", {})
        if position not in found:
            found[position] = Search(position, self.vertex, prune=self.vertex)
        return found[position]


def _local_graph(s: Search, left: int) -> tuple[str, tuple[tuple[str, str, bool], ...]]:
    """The token's name and the arcs of ``left`` as (tail, head, directed): in the vertex game every arc out of
    the token or into ``left`` (an edge as two arcs), in the edge game the arcs and edges of ``left``."""
    names = s.names
    if s.vertex:
        keep = left | 1
        arcs = (
            (names[a], names[b], True)
            for a in range(len(names))
            if keep >> a & 1
            for b in range(len(names))
            if s.out[a] >> b & 1 and left >> b & 1
        )
        return names[0], tuple(sorted(arcs))
    items = ((names[a], names[b], d) for k, (a, b, d) in enumerate(s.items) if left >> k & 1)
    return names[0], tuple(sorted(items))


class VertexGeography(_Geography):
    """Vertex Geography (Schaefer 1978; Lichtenstein and Sipser 1980): move the token along an arc to a vertex
    not yet visited (the start counts as visited); who cannot move loses.

    On an undirected graph the first player wins iff every maximum matching covers the token's vertex, by
    moving along its matching edge (Fraenkel, Scheinerman and Ullman, Undirected edge geography, TCS 1993);
    on a digraph the game is PSPACE-complete (Lichtenstein and Sipser, GO is polynomial-space hard, JACM 1980).
    """

    name = "vertex-geography"
    aliases = ("geography", "generalized-geography")
    source = (
        "-- Schaefer 1978; Lichtenstein and Sipser, GO is polynomial-space hard, JACM 1980; "
        "Fraenkel, Scheinerman and Ullman, Undirected edge geography, TCS 1993"
    )
    closed_form = "undirected: N iff every maximum matching covers the token's vertex (Fraenkel-Scheinerman-Ullman)"
    example = ("a-b", "b-c", "c-a", "c-d", "d-e", "@a")
    vertex = True

    def moves(self, position: Geo) -> Iterator[Geo]:
        t = position.token
        succ = {b for a, b in position.arcs if a == t} | {b if a == t else a for a, b in position.edges if t in (a, b)}
        arcs = [e for e in position.arcs if t not in e]
        edges = [e for e in position.edges if t not in e]
        for c in sorted(succ - {t}, key=_key):
            yield Geo(c, tuple(arcs), tuple(edges))

    def describe_move(self, position: Geo, option: Geo) -> str:
        return f"{position.token} -> {option.token}"

    def move_targets(self, position: Geo, option: Geo) -> list[str]:
        """The vertex the token moves to."""
        return [f"v:{option.token}"]

    def _component(self, position: Geo) -> tuple[list[str], list[list[int]]] | None:
        """The token's part of the graph as neighbour lists (the token vertex 0), if no arc out of it is usable."""
        s = Search(position, True)
        left = s._reach(0, s.full)
        keep = left | 1
        where = {v: i for i, v in enumerate(s.names)}
        if any(keep >> where[a] & 1 and left >> where[b] & 1 for a, b in position.arcs):
            return None  # a usable arc: a digraph
        order = [i for i in range(len(s.names)) if keep >> i & 1]
        local = {v: k for k, v in enumerate(order)}
        adj: list[list[int]] = [[] for _ in order]
        for a, b in position.edges:
            ia, ib = where[a], where[b]
            if ia != ib and keep >> ia & 1:
                adj[local[ia]].append(local[ib])
                adj[local[ib]].append(local[ia])
        return [s.names[i] for i in order], adj

    def closed_outcome(self, position: Geo) -> str | None:
        comp = self._component(position)
        if comp is None:
            return None
        names, adj = comp
        return "N" if in_every_maximum_matching(len(names), adj, 0)[0] else "P"

    def closed_method(self, position: Geo) -> str:
        return (
            "closed form: every maximum matching covers the token's vertex iff the first player wins "
            "(Fraenkel, Scheinerman and Ullman 1993)"
        )

    def closed_winning_move(self, position: Geo) -> Geo | None:
        """Along the token's edge in a maximum matching (every one covers the token's vertex in an N-position)."""
        comp = self._component(position)
        if comp is None:
            return None
        names, adj = comp
        every, mate = in_every_maximum_matching(len(names), adj, 0)
        if not every:
            return None
        partner = names[mate[0]]
        return next(o for o in self.moves(position) if o.token == partner)

    def explain_winning_move(self, position: Geo, option: Geo) -> str:
        if self._component(position) is not None:
            return "moves along the token's edge in a maximum matching (Fraenkel, Scheinerman and Ullman)"
        return super().explain_winning_move(position, option)


class EdgeGeography(_Geography):
    """Edge Geography (Schaefer 1978): move the token along an arc (or an undirected edge) not yet used; who
    cannot move loses. PSPACE-complete on digraphs (Schaefer) and on undirected graphs (Fraenkel, Scheinerman
    and Ullman, Undirected edge geography, TCS 1993, who solve it on bipartite graphs); here by search.
    """

    name = "edge-geography"
    aliases = ("undirected-edge-geography",)
    source = "-- Schaefer 1978; Fraenkel, Scheinerman and Ullman, Undirected edge geography, TCS 1993"
    example = ("a-b", "b-c", "c-a", "c-d", "@a")
    vertex = False

    def moves(self, position: Geo) -> Iterator[Geo]:
        t = position.token
        options = []
        for k, (a, b) in enumerate(position.arcs):
            if a == t and (k == 0 or position.arcs[k - 1] != (a, b)):  # one of parallel arcs
                options.append((_key(b), 0, k, Geo(b, position.arcs[:k] + position.arcs[k + 1 :], position.edges)))
        for k, (a, b) in enumerate(position.edges):
            if t in (a, b) and (k == 0 or position.edges[k - 1] != (a, b)):
                head = b if a == t else a
                rest = position.edges[:k] + position.edges[k + 1 :]
                options.append((_key(head), 1, k, Geo(head, position.arcs, rest)))
        for *_, option in sorted(options, key=lambda o: o[:3]):
            yield option

    def move_targets(self, position: Geo, option: Geo) -> list[str]:
        """The arc or edge the token moves along (``e:k`` as :meth:`drawing` numbers them), with its parallel
        copies: any of them makes the same move."""
        by_arc = len(option.arcs) < len(position.arcs)
        before, after = (position.arcs, option.arcs) if by_arc else (position.edges, option.edges)
        used = next(before[k] for k in range(len(before)) if k == len(after) or after[k] != before[k])
        start = 0 if by_arc else len(position.arcs)
        return [f"e:{start + k}" for k, e in enumerate(before) if e == used]

    def describe_move(self, position: Geo, option: Geo) -> str:
        """``a -> b``; where an arc and an edge both lead there, ``a -> b by arc`` or ``a -> b by edge``."""
        words = f"{position.token} -> {option.token}"
        if sum(o.token == option.token for o in self.moves(position)) == 1:
            return words
        return words + (" by arc" if len(option.arcs) < len(position.arcs) else " by edge")
