"""A game on any finite digraph: a token on a vertex, moved along an edge (cycles allowed).

The game of C. A. B. Smith (*Graphs and composite games*, JCT 1, 1966) and of
A. S. Fraenkel and Y. Yesha (*The generalized Sprague-Grundy function and its
invariance under certain mappings*, JCTA 43, 1986): players alternately move the
token along an edge; who cannot move loses, and play may go on forever (a draw).
Every impartial game is one of these on its own game graph; here the graph is the
user's, given as edges ``a>b,b>a,b>c`` (a bare name is a vertex with no edges), as
(from, to) pairs or a dict ``{vertex: [successors]}`` in Python (or JSON), as a
networkx graph, or as a DOT file (``@path.dot``).
An undirected edge (networkx ``Graph``, DOT ``graph { a -- b }``) is a move both ways.

>>> import sprague
>>> game = sprague.ruleset("digraph", edges="a>b,b>a,b>c,c>d")
>>> [game.grundy(v) for v in "abcd"], [game.outcome(v) for v in "abcd"]
([∞{}, ∞{1}, 1, 0], ['D', 'D', 'N', 'P'])
>>> game.drawing_move("b"), game.winning_move("c")
('a', 'd')
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from sprague.core.limits import MAX_DIGRAPH_EDGES
from sprague.core.params import Param
from sprague.errors import InvalidParameter, InvalidPosition
from sprague.solve.ruleset import LoopyRuleset

__all__ = ["Digraph", "Edges", "read_edges"]
ORDER = 95  #: where ``sprague list`` shows this module's rulesets

_FORBIDDEN = ",>"
_SHOWN_TEXT = 200  # characters of the edges a description shows
_HINT = "write edges as a>b,b>a,b>c (a bare name is a vertex with no edges), or @file.dot"


@dataclass(frozen=True)
class Edges:
    """A digraph: its vertices (in order of first appearance) and its edges, as :func:`read_edges` reads them."""

    vertices: tuple[str, ...]
    edges: tuple[tuple[str, str], ...]
    out: dict[str, tuple[str, ...]] = field(compare=False, hash=False, repr=False)

    @classmethod
    def make(cls, vertices: Sequence[str], edges: Sequence[tuple[str, str]]) -> Edges:
        order = list(dict.fromkeys([*vertices, *(v for e in edges for v in e)]))
        pairs = tuple(dict.fromkeys(edges))
        out: dict[str, list[str]] = {v: [] for v in order}
        for a, b in pairs:
            out[a].append(b)
        return cls(tuple(order), pairs, {v: tuple(w) for v, w in out.items()})

    def __str__(self) -> str:
        touched = {v for e in self.edges for v in e}
        return ",".join([f"{a}>{b}" for a, b in self.edges] + [v for v in self.vertices if v not in touched])


def read_edges(value: Any, ruleset: str = "digraph") -> Edges:
    """A digraph from text ``a>b,b>c`` (or ``@file.dot``), (from, to) pairs, a dict, or a networkx graph.

    A dict maps each vertex to its successors, ``{"a": ["b"], "b": []}`` (the
    ``dict_of_lists`` of networkx; a dict of dicts is read by its keys too). A
    list, tuple, set or generator holds (from, to) pairs and bare vertex names
    (vertices with no edges). Bytes, a string as a vertex's successors, and a
    bare pair of names such as ``("a", "b")`` (the edge a>b, or two vertices?)
    are refused with the spelling to use, never guessed.
    """
    if isinstance(value, Edges):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("@"):
            return _read_dot(text[1:], ruleset)
        items = [t.strip() for t in text.replace("->", ">").split(",")] if text else []
        _check_count(len(items), ruleset)
        vertices, pairs = [], []
        for item in items:
            ends = [e.strip() for e in item.split(">")]
            if len(ends) == 1:
                vertices.append(_name(ends[0], ruleset, item))
            elif len(ends) == 2:
                pairs.append((_name(ends[0], ruleset, item), _name(ends[1], ruleset, item)))
            else:
                raise InvalidParameter(f"{ruleset}: edge {item!r} has {len(ends) - 1} '>'; {_HINT}")
        return Edges.make(vertices, pairs)
    if hasattr(value, "nodes") and hasattr(value, "edges"):  # a networkx graph
        _check_count(value.number_of_edges(), ruleset)
        directed = value.is_directed()
        pairs = [(_name(a, ruleset), _name(b, ruleset)) for a, b in value.edges()]
        if not directed:
            pairs += [(b, a) for a, b in pairs]
        return Edges.make([_name(v, ruleset) for v in value.nodes()], pairs)
    if hasattr(value, "columns"):  # a pandas DataFrame iterates over its column names, not its rows
        raise InvalidParameter(
            f"{ruleset}: edges is a table; give its rows as (from, to) pairs, e.g. "
            "edges=list(df.itertuples(index=False))"
        )
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise InvalidParameter(
            f"{ruleset}: edges={_short(value)} is bytes, not text; decode it first "
            "(edges=data.decode()), or give (from, to) pairs"
        )
    if isinstance(value, Mapping):
        return _read_adjacency(value, ruleset)
    if isinstance(value, (set, frozenset)):  # no order of its own: the same set gives the same digraph every run
        items = sorted(value, key=repr)
    else:
        try:  # a list, tuple, generator...: read no more than the limit allows (range(10**13) took all memory)
            items = list(islice(value, MAX_DIGRAPH_EDGES + 1))
        except TypeError:
            raise InvalidParameter(
                f"{ruleset}: edges={_short(value)} is not a digraph; {_HINT}, "
                "or give (from, to) pairs, a dict {vertex: [successors]} or a networkx graph"
            ) from None
    _check_count(len(items), ruleset)
    if len(items) == 2 and all(_bare(item) for item in items) and not isinstance(value, (set, frozenset)):
        a, b = items
        raise InvalidParameter(
            f"{ruleset}: edges={_short(value)} is two vertex names: write [({a!r}, {b!r})] for "
            f"the edge {a}>{b}, or [({a!r},), ({b!r},)] for two vertices with no edges"
        )
    pairs, alone = [], []
    for item in items:
        if _bare(item):
            alone.append(_name(item, ruleset))  # a vertex with no edges
        elif isinstance(item, (tuple, list)) and len(item) == 1:
            alone.append(_name(item[0], ruleset))
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            pairs.append((_name(item[0], ruleset), _name(item[1], ruleset)))
        else:
            raise InvalidParameter(f"{ruleset}: edge {_short(item)} is not a (from, to) pair or a vertex")
    return Edges.make(alone, pairs)


def _bare(item: Any) -> bool:
    """Whether an item of an edge list is a bare vertex name (a vertex with no edges)."""
    return isinstance(item, (str, int)) and not isinstance(item, bool)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _read_adjacency(value: Mapping[Any, Any], ruleset: str) -> Edges:
    """A digraph from a dict {vertex: successors} (a list, tuple or set of vertices; a networkx dict of dicts too)."""
    _check_count(len(value), ruleset)
    vertices: list[str] = []
    pairs: list[tuple[str, str]] = []
    for vertex, successors in value.items():
        a = _name(vertex, ruleset)
        vertices.append(a)
        if isinstance(successors, (set, frozenset)):
            targets = sorted(successors, key=repr)
        elif isinstance(successors, (list, tuple, Mapping)):
            targets = list(successors)
        else:  # a string would be read letter by letter, None as nothing: say what is wanted instead
            example = f"[{successors!r}]" if isinstance(successors, (str, int)) else "[...]"
            raise InvalidParameter(
                f"{ruleset}: the successors of vertex {a!r} are {_short(successors)}, not a list; "
                f"write {{{a!r}: {example}}}, the list of the vertices {a!r} moves to ([] for none)"
            )
        pairs.extend((a, _name(b, ruleset)) for b in targets)
        _check_count(len(pairs), ruleset)
    return Edges.make(vertices, pairs)


def _check_count(count: int, ruleset: str) -> None:
    if count > MAX_DIGRAPH_EDGES:
        raise InvalidParameter(
            f"{ruleset}: {count:,} edges are over the limit of {MAX_DIGRAPH_EDGES:,} "
            "(MAX_DIGRAPH_EDGES in sprague.core.limits)"
        )


def _name(value: Any, ruleset: str, item: str | None = None) -> str:
    """A vertex name: a non-empty string (an int is read as its decimal digits) without ',' or '>'."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InvalidParameter(f"{ruleset}: vertex {value!r} is not a name; vertices are names (strings) or ints")
    name = str(value).strip()
    where = f" in {item!r}" if item is not None else ""
    if not name:
        raise InvalidParameter(f"{ruleset}: an empty vertex name{where}; {_HINT}")
    bad = [c for c in _FORBIDDEN if c in name]
    if bad:
        raise InvalidParameter(
            f"{ruleset}: vertex name {name[:40]!r} contains {bad[0]!r}; names cannot contain ',' or '>'"
        )
    return name


def _read_dot(path: str, ruleset: str) -> Edges:
    """The digraph of a DOT file, read by networkx and pydot (``pip install 'sprague[graph]'``)."""
    if not os.path.isfile(path):
        raise InvalidParameter(f"{ruleset}: no DOT file {path!r}; write edges=@path/to/file.dot")
    try:
        from networkx.drawing.nx_pydot import read_dot  # type: ignore[import-untyped]
    except ImportError:
        raise InvalidParameter(
            f"{ruleset}: reading DOT files needs networkx and pydot; "
            "pip install 'sprague[graph]', or give the edges as a>b,b>c"
        ) from None
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            graph = read_dot(path)  # pydot prints its parser's complaints: not for the user's screen
    except ImportError:
        raise InvalidParameter(f"{ruleset}: reading DOT files needs pydot; pip install 'sprague[graph]'") from None
    except Exception as exc:  # pydot's parser raises several kinds on a malformed file
        raise InvalidParameter(f"{ruleset}: {path!r} is not a DOT file pydot can read ({type(exc).__name__})") from None
    if graph is None:
        raise InvalidParameter(f"{ruleset}: {path!r} holds no graph")
    return read_edges(graph, ruleset)


class Digraph(LoopyRuleset):
    """A token on a vertex of a finite digraph, moved along an edge; cycles allowed (a draw when play never ends).

    The game of C. A. B. Smith, *Graphs and composite games*, JCT 1 (1966), valued by
    the generalized Sprague-Grundy function of A. S. Fraenkel and Y. Yesha, *The
    generalized Sprague-Grundy function and its invariance under certain mappings*,
    JCTA 43 (1986): a nimber, or ``∞(K)``.
    """

    name = "digraph"
    aliases = ("graph-game",)
    source = (
        "-- C. A. B. Smith, Graphs and composite games, JCT 1 (1966); A. S. Fraenkel and Y. Yesha, "
        "The generalized Sprague-Grundy function and its invariance under certain mappings, JCTA 43 (1986)"
    )
    parameters = (
        Param(
            "edges",
            "custom",
            "the digraph: edges a>b,b>a,b>c (a bare name: a vertex with no edges), "
            "or @file.dot; from Python or JSON also (from, to) pairs or {vertex: [successors]}",
            reader=read_edges,
            example="a>b,b>a,b>c,c>d",
        ),
    )
    position_help = "a vertex name"
    example = ("a",)

    @property
    def graph(self) -> Edges:
        graph: Edges = self.params["edges"]
        return graph

    def check_position(self, position: Any) -> str:
        if isinstance(position, bool) or not isinstance(position, (str, int)):
            raise InvalidPosition(f"digraph: position {position!r} is not a vertex name")
        name = str(position).strip()
        if name not in self.graph.out:
            some = ", ".join(self.graph.vertices[:8]) + (", ..." if len(self.graph.vertices) > 8 else "")
            raise InvalidPosition(f"digraph: no vertex {name[:40]!r} in the graph (its vertices: {some or 'none'})")
        return name

    def parse_position(self, tokens: Sequence[str]) -> str:
        if not tokens:
            raise InvalidPosition(f"digraph: no position given; write {self.position_help}")
        return self.check_position(" ".join(tokens))

    def moves(self, position: str) -> tuple[str, ...]:
        return self.graph.out[position]

    def option_count(self, position: str) -> int:
        return len(self.graph.out[position])

    def estimate_positions(self, position: str) -> int:
        return len(self.graph.vertices)

    def positions(self, size: int) -> Iterator[str]:
        return iter(self.graph.vertices)

    def describe(self) -> str:
        """As typed, with a long edge list abbreviated (a graph read from a file can have a million edges)."""
        text = str(self.graph)
        if len(text) <= _SHOWN_TEXT:
            return super().describe()
        return (
            f"digraph -p edges={text[:_SHOWN_TEXT]}... ({len(self.graph.edges):,} edges, "
            f"{len(self.graph.vertices):,} vertices)"
        )

    def random_position(self, rng: random.Random) -> str | None:
        return rng.choice(self.graph.vertices) if self.graph.vertices else None

    def describe_move(self, position: str, option: str) -> str:
        return f"{position} to {option}"
