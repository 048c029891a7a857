"""Green Hackenbush (handout 002, homework 6)."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from operator import index
from typing import Any

from sprague.core.budget import charge, check_memory
from sprague.core.limits import MAX_EDGES, MAX_VERTEX
from sprague.errors import InvalidPosition
from sprague.rulesets.shapes import GraphRuleset

__all__ = ["GreenHackenbush"]
ORDER = 50  #: where ``sprague list`` shows this module's rulesets

Edge = tuple[int, int]
Graph = tuple[Edge, ...]

_NAME = "green-hackenbush"
_SEPARATORS = re.compile(r"[\s,]+")
_EDGE = re.compile(r"(-?[^-]+)-(-?[^-]+)")
_DIGITS = re.compile(r"[0-9]+")
_EMPTY = "(ground only)"
_EDGE_HINT = "write each edge as u-v with non-negative integer vertices (g for the ground), e.g. 0-1 1-2"
#: cap of ``estimate_positions``: 2**n positions for n edges, but never a number too long to print
#: (Python refuses to turn integers of more than 4300 digits into strings); any cap this high is
#: still far above every work limit, so the refusal is the same.
_MAX_ESTIMATE_EXPONENT = 10_000


def _fmt(edge: Edge) -> str:
    return f"{edge[0]}-{edge[1]}"


def _vertex(value: Any, where: str) -> int:
    """A vertex given from Python: a non-negative int (bool and float refused)."""
    if isinstance(value, (bool, float)):
        raise InvalidPosition(
            f"{_NAME}: vertex {_shown(value)} in {where} is not an integer; vertices are non-negative integers"
        )
    if isinstance(value, str):
        return _vertex_token(value, where)
    try:
        n = index(value)
    except TypeError:
        raise InvalidPosition(
            f"{_NAME}: vertex {_shown(value)} in {where} is not an integer; vertices are non-negative integers"
        ) from None
    if n < 0:
        raise InvalidPosition(
            f"{_NAME}: vertex {_shown(n)} in {where} is negative; vertices are non-negative integers (0 is the ground)"
        )
    return _check_vertex(n, where)


def _check_vertex(n: int, where: str) -> int:
    if n > MAX_VERTEX:
        raise InvalidPosition(
            f"{_NAME}: a vertex of {n.bit_length():,} bits in {where} is over the limit of "
            f"{MAX_VERTEX:,} (MAX_VERTEX in sprague.core.limits); vertices only name vertices, "
            "number them 0, 1, 2, ..."
        )
    return n


def _vertex_token(text: str, where: str) -> int:
    """A vertex written in the string notation: digits, or g/G for the ground."""
    t = text.strip()
    if t in ("g", "G"):
        return 0
    if _DIGITS.fullmatch(t):
        if len(t) > len(str(MAX_VERTEX)):  # refused before int() reads it
            raise InvalidPosition(
                f"{_NAME}: a vertex of {len(t):,} digits in {where[:60]} is over the limit of "
                f"{MAX_VERTEX:,} (MAX_VERTEX in sprague.core.limits); vertices only name "
                "vertices, number them 0, 1, 2, ..."
            )
        return _check_vertex(int(t), where)
    if t.startswith("-") and _DIGITS.fullmatch(t[1:]):
        raise InvalidPosition(
            f"{_NAME}: vertex {t!r} in {where} is negative; vertices are non-negative integers (0 or g is the ground)"
        )
    raise InvalidPosition(f"{_NAME}: {t!r} in {where} is not a vertex; {_EDGE_HINT}")


def _edge_token(token: str) -> Edge:
    """Parse one edge ``u-v`` of the string notation."""
    where = f"edge {token!r}"
    m = _EDGE.fullmatch(token)
    if m is None:
        parts = token.split("-")
        if len(parts) == 1:
            raise InvalidPosition(f"{_NAME}: edge {token!r} has no '-'; {_EDGE_HINT}")
        if len(parts) > 2 and all(parts):
            raise InvalidPosition(f"{_NAME}: edge {token!r} has more than two endpoints; {_EDGE_HINT}")
        raise InvalidPosition(f"{_NAME}: edge {token!r} is missing an endpoint; {_EDGE_HINT}")
    u, v = _vertex_token(m.group(1), where), _vertex_token(m.group(2), where)
    return (u, v) if u <= v else (v, u)


def _check_edge_count(count: int) -> None:
    """Refuse a position of more than MAX_EDGES edges, before reading them."""
    if count > MAX_EDGES:
        raise InvalidPosition(
            f"{_NAME}: a position of {count:,} edges is over the limit of {MAX_EDGES:,} edges "
            "(MAX_EDGES in sprague.core.limits)"
        )


def _parse_string(text: str) -> list[Edge]:
    t = text.strip()
    if t.lower() == _EMPTY:
        return []
    tokens = [tok for tok in _SEPARATORS.split(t) if tok]
    _check_edge_count(len(tokens))
    return [_edge_token(tok) for tok in tokens]


def _shown(item: Any) -> str:
    """``repr(item)`` cut to 60 characters; Python refuses to print integers of over 4300 digits."""
    try:
        text = repr(item)
    except ValueError:
        return "(too long to print)"
    return text if len(text) <= 60 else text[:57] + "..."


def _edge_from_python(item: Any) -> Edge:
    if isinstance(item, str):
        return _edge_token(item.strip())
    if not isinstance(item, (tuple, list)) or len(item) != 2:
        raise InvalidPosition(
            f"{_NAME}: edge {_shown(item)} is not a pair of vertices; write each edge as (u, v), "
            "e.g. ((0, 1), (1, 2)), or the position as a string like '0-1 1-2'"
        )
    where = f"edge {_shown(item)}"
    u, v = _vertex(item[0], where), _vertex(item[1], where)
    return (u, v) if u <= v else (v, u)


def _grounded(edges: Sequence[Edge]) -> list[bool]:
    """For each edge, whether a path of edges joins it to the ground (vertex 0)."""
    adj: dict[int, list[int]] = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        if v != u:
            adj.setdefault(v, []).append(u)
    seen = {0}
    todo = [0]
    while todo:
        for w in adj.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return [u in seen for u, _ in edges]


def _prune(edges: Sequence[Edge]) -> Graph:
    """The edges still joined to the ground, in their order (so a sorted input stays sorted)."""
    return tuple(e for e, ok in zip(edges, _grounded(edges)) if ok)


#: work charged by the closed form for each edge (units of about a microsecond: 1.2-1.4 us an edge, measured on
#: a star of 2,999 edges and a path of 3,000)
EDGE_WORK = 1

#: edges per unit of work charged when an option is made by a pass over the edges in Python (cutting a bridge
#: filters every edge: 0.04 us an edge, measured on a path of 20,000 edges; pruning walks them). Cutting any other
#: edge is a slice (in C, some 50 times faster), left to the search's charge for the size of each option.
EDGES_PER_WORK = 25
#: bytes of options made between two readings of the memory held (an option holds a pointer an edge at least)
OPTION_BYTES_CHECK = 1 << 24


class _Bridges:
    """The bridges of a multigraph rooted at the ground (vertex 0), by an iterative Tarjan lowlink search.

    The search runs over edge ids, so a second parallel edge is a back edge, never a
    bridge. ``ids`` numbers the vertices (the ground is 0), ``disc`` gives each
    vertex its discovery time (-1 if not reached), ``bridge`` each edge, and
    ``below[eid]`` the discovery times ``[lo, hi)`` of the vertices a bridge holds
    up: the search subtree under it.
    """

    def __init__(self, edges: Sequence[Edge]) -> None:
        ids: dict[int, int] = {0: 0}
        for u, v in edges:
            ids.setdefault(u, len(ids))
            ids.setdefault(v, len(ids))
        n, m = len(ids), len(edges)
        adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        loops = [0] * n
        for eid, (u, v) in enumerate(edges):
            a, b = ids[u], ids[v]
            if a == b:
                loops[a] += 1
            else:
                adj[a].append((b, eid))
                adj[b].append((a, eid))
        disc = [-1] * n
        low = [0] * n
        ptr = [0] * n
        bridge = [False] * m
        below: dict[int, tuple[int, int]] = {}
        disc[0] = low[0] = 0
        timer = 1
        stack: list[tuple[int, int]] = [(0, -1)]  # (vertex, id of the tree edge into it)
        while stack:
            v, into = stack[-1]
            if ptr[v] < len(adj[v]):
                w, eid = adj[v][ptr[v]]
                ptr[v] += 1
                if eid == into:
                    continue
                if disc[w] < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    stack.append((w, eid))
                elif disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] > disc[p]:
                        bridge[into] = True
                        below[into] = (disc[v], timer)
        self.ids, self.adj, self.loops, self.disc, self.bridge, self.below = ids, adj, loops, disc, bridge, below


def _options(edges: Graph) -> Iterator[Graph]:
    """The options of ``edges`` (cutting each edge in turn, parallel copies once), each pruned.

    Cutting a bridge drops the edges under it (one comparison an edge); any other
    cut drops that edge alone. Edges not joined to the ground are pruned one option
    at a time, as :func:`_prune` does.

    Each option of a large graph made by a pass over its edges is charged to the budget as it is made (a unit
    per :data:`EDGES_PER_WORK` edges), and the memory held is checked as the options made grow: a graph of ``m``
    edges has up to ``m`` options of up to ``m - 1`` edges each, so listing them costs time and memory quadratic in
    ``m``.
    """
    unit = len(edges) // EDGES_PER_WORK
    what = f"{_NAME}: the options of a graph of {len(edges):,} edges"
    held = checked = 0
    for option, passed in _made(edges):
        if unit:
            if passed:
                charge(unit, what)
            held += 56 + 8 * len(option)
            if held - checked >= OPTION_BYTES_CHECK:
                check_memory(what)  # the resident set: a caller that keeps the options grows it
                checked = held
        yield option


def _made(edges: Graph) -> Iterator[tuple[Graph, bool]]:
    """:func:`_options`, each with whether it was made by a pass over the edges in Python (not a slice)."""
    b = _Bridges(edges)
    if min(b.disc) < 0:
        for i, edge in enumerate(edges):
            if not (i and edges[i - 1] == edge):
                yield _prune(edges[:i] + edges[i + 1 :]), True
        return
    key = [b.disc[b.ids[u]] for u, _ in edges]
    for i, edge in enumerate(edges):
        if i and edges[i - 1] == edge:
            continue  # cutting either of two parallel edges gives the same option
        if b.bridge[i]:
            lo, hi = b.below[i]
            yield tuple(e for j, (e, k) in enumerate(zip(edges, key)) if j != i and not lo <= k < hi), True
        else:
            yield edges[:i] + edges[i + 1 :], False


@functools.lru_cache(maxsize=16)  # a report asks for the value, the outcome and the method of each option
def _colon_fusion(edges: Sequence[Edge]) -> tuple[int, bool]:
    """Grundy value by the fusion and colon principles, and whether the graph is a tree (work charged per edge).

    Bridges are found by :class:`_Bridges`. Each 2-edge-connected
    component is fused to one vertex, where its non-bridge edges become loops;
    the bridges form a tree over the components, rooted at the ground's, and
    G(c) = XOR over children d of (G(d) + 1), XOR (loops at c) mod 2.
    """
    charge(EDGE_WORK * len(edges), f"green-hackenbush: the closed form on {len(edges):,} edges")
    found = _Bridges(edges)
    ids, adj, loops, disc, bridge = found.ids, found.adj, found.loops, found.disc, found.bridge
    n = len(ids)

    # 2-edge-connected components (only those reached from the ground)
    comp = [-1] * n
    ncomp = 0
    for s in range(n):
        if disc[s] < 0 or comp[s] >= 0:
            continue
        comp[s] = ncomp
        todo = [s]
        while todo:
            v = todo.pop()
            for w, eid in adj[v]:
                if not bridge[eid] and comp[w] < 0:
                    comp[w] = ncomp
                    todo.append(w)
        ncomp += 1

    parity = [0] * ncomp
    tree: list[list[int]] = [[] for _ in range(ncomp)]
    cyclic = False
    for s in range(n):
        if comp[s] >= 0 and loops[s]:
            parity[comp[s]] ^= loops[s] & 1
            cyclic = True
    for eid, (u, v) in enumerate(edges):
        a, b = ids[u], ids[v]
        if a == b or comp[a] < 0:
            continue
        if bridge[eid]:
            tree[comp[a]].append(comp[b])
            tree[comp[b]].append(comp[a])
        else:
            parity[comp[a]] ^= 1
            cyclic = True

    # colon principle, leaves first
    root = comp[0]
    parent = [-1] * ncomp
    parent[root] = root
    order = [root]
    for c in order:  # grows while iterating: breadth-first order
        for d in tree[c]:
            if parent[d] < 0:
                parent[d] = c
                order.append(d)
    value = parity[:]
    for c in reversed(order):
        if c != root:
            value[parent[c]] ^= value[c] + 1
    return value[root], not cyclic


class GreenHackenbush(GraphRuleset):
    """Green Hackenbush: cut edges of a graph rooted on the ground; what falls off is gone.

    A position is a multigraph whose vertex 0 is the ground; loops and parallel
    edges are allowed, and every edge must be joined to the ground by a path. A
    move deletes one edge; every edge then no longer joined to the ground falls
    away. Positions are sorted tuples of edges ``(u, v)`` with ``u <= v``.

    Handout 002 homework 6 asks for a winning move in such a game. Closed form
    for every graph (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7): by
    the *fusion principle* the vertices of a cycle may be fused into
    one, its edges becoming loops, each worth 1; what is left is a tree, valued
    by the *colon principle*: branches meeting at a vertex add up as a Nim sum,
    and a stalk of one edge under a branch of value g is worth g + 1.

    >>> g = GreenHackenbush()
    >>> g.grundy("0-1 1-2 1-3 2-3")   # a triangle on a stalk: 1 + (3 loops: 1) = 2
    2
    >>> g.winning_moves("0-1 0-2 2-3")   # stalks 1 and 2: cut the top of the 2
    [((0, 1), (0, 2))]
    """

    name = "green-hackenbush"
    aliases = ("hackenbush", "gh")
    source = "002 (handout) homework 6 -- Berlekamp, Conway & Guy, Winning Ways ch. 7"
    example = ("0-1 1-2 1-3 2-3",)
    position_help = "edges u-v separated by spaces, vertex 0 (or g) is the ground, e.g. 0-1 1-2 1-3 2-3"
    closed_form = "colon and fusion principles"

    # ------------------------------------------------------------ positions
    def check_position(self, position: Any) -> Graph:
        if isinstance(position, str):
            edges = _parse_string(position)
        elif isinstance(position, (tuple, list, set, frozenset)):
            _check_edge_count(len(position))
            edges = [_edge_from_python(item) for item in position]
        else:
            raise InvalidPosition(
                f"{_NAME}: position {position!r} must be a tuple of edges (u, v) or a string like '0-1 1-2'"
            )
        edges.sort()
        for edge, ok in zip(edges, _grounded(edges)):
            if not ok:
                raise InvalidPosition(
                    f"{_NAME}: edge {_fmt(edge)} is not connected to the ground; every edge must reach the ground "
                    f"(vertex 0) by a path of edges: add edges down to 0, or leave {_fmt(edge)} out"
                )
        return tuple(edges)

    def random_position(self, rng: random.Random) -> Graph:
        """A random tree of 3 to 7 edges on the ground (vertex v hangs from one of 0..v-1)."""
        return self.parse_position([f"{rng.randrange(v)}-{v}" for v in range(1, 4 + rng.randrange(5))])

    # ---------------------------------------------------------------- moves
    def moves(self, position: Graph) -> Iterator[Graph]:
        return _options(position)

    def option_count(self, position: Graph) -> int:
        return len(position)

    def estimate_positions(self, position: Graph) -> int:
        return 2 ** min(len(position), _MAX_ESTIMATE_EXPONENT)

    def describe_move(self, position: Graph, option: Any) -> str:
        """The cut edge is the one removed edge with an end still grounded (the rest fell with it): one prune."""
        try:
            removed = Counter(position) - Counter(option)
            grounded = {0, *(v for edge in option for v in edge)}
        except TypeError:
            return super().describe_move(position, option)
        cut = {edge for edge in removed if edge[0] in grounded or edge[1] in grounded}
        if len(cut) == 1:
            (edge,) = cut
            i = position.index(edge)
            if _prune(position[:i] + position[i + 1 :]) == option:
                fall = len(position) - len(option) - 1
                if fall == 0:
                    return f"cut edge {_fmt(edge)}"
                return f"cut edge {_fmt(edge)} ({fall} edge{' falls' if fall == 1 else 's fall'})"
        return super().describe_move(position, option)

    # ---------------------------------------------------------- closed form
    def closed_grundy(self, position: Graph) -> int:
        return _colon_fusion(position)[0]

    def closed_method(self, position: Graph) -> str:
        if _colon_fusion(position)[1]:
            return "closed form: colon principle (tree)"
        return "closed form: fusion principle (cycles fused to loops) + colon principle"
