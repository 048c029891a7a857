"""Three games for sprague, as a plugin author writes them: heap games (one made with the catalogue's ``named``),
a two-heap game and a game on graphs, with a theorem about each of the last two.

Installed (``pip install .``: the entry points of pyproject.toml), they appear in ``sprague list`` and answer
``sprague value``, ``moves`` and ``verify``; not installed, ``sprague --plugin sprague_plug_games.py ...`` loads them.
The tests of ``tests/`` check them with :func:`sprague.testing.check_ruleset`.
"""

import re

import sprague
from sprague.errors import InvalidPosition
from sprague.rulesets.catalogue import named
from sprague.rulesets.shapes import CoordinateRuleset
from sprague.rulesets.takebreak import TakeBreak
from sprague.theorems import UNKNOWN, N, P, Theorem


class HalfNim(sprague.HeapRuleset):
    """Half-Nim: remove at least one and at most half of the tokens of one heap (a heap of 1 is dead)."""

    name = "plug-half-nim"
    source = "-- its values are OEIS A025480"
    example = ("6", "9")

    def heap_options(self, n):
        return [(n - k,) for k in range(1, n // 2 + 1)]

    def random_position(self, rng):
        return tuple(rng.randrange(1, 20) for _ in range(rng.randrange(1, 4)))


#: a game of the catalogue's kind, made with named(): octal 0.33, take one or two tokens from a heap's end
TwoPins = named(
    "plug-two-pins",
    TakeBreak,
    "Take one or two pins from the end of a row (octal 0.33): the subtraction game {1, 2} (Winning Ways ch. 4).",
    "-- Winning Ways ch. 4",
    example=("7", "5"),
    code="0.33",
)


class King(CoordinateRuleset):
    """A king on a board moves one square left, down, or diagonally down-left; whoever cannot move loses.
    The position is its square (x, y): P iff both are even (Winning Ways ch. 2). A coordinate game: the web page
    draws it on its grid."""

    name = "plug-king"
    source = "-- Winning Ways ch. 2"
    example = ("5", "6")
    closed_form = "P iff x and y are even"

    def moves(self, position):
        x, y = position
        return [p for p in ((x - 1, y), (x, y - 1), (x - 1, y - 1)) if min(p) >= 0]

    def closed_outcome(self, position):
        x, y = position
        return "P" if x % 2 == 0 and y % 2 == 0 else "N"


_EDGE = re.compile(r"^(\d+)-(\d+)$")


class NodeKayles(sprague.Ruleset):
    """Node Kayles: choose a vertex of a graph; it and its neighbours go. Whoever cannot move loses
    (Schaefer 1978). On a path of n vertices it is Dawson's chess (octal 0.137).

    A position is written as its edges ``1-2 2-3`` and its isolated vertices ``4``; ``empty`` is the empty graph.
    """

    name = "plug-node-kayles"
    source = "-- Schaefer 1978"
    position_help = "edges such as 1-2 2-3 and isolated vertices such as 4, or empty"
    example = ("1-2", "2-3", "3-4", "4-5", "5-6", "6-1", "7")

    def check_position(self, position):
        vertices, edges = position
        vertices = tuple(sorted(set(vertices)))
        edges = tuple(sorted({tuple(sorted(e)) for e in edges}))
        for a, b in edges:
            if a == b or a not in vertices or b not in vertices:
                raise InvalidPosition(f"{self.name}: edge {a}-{b} is not between two vertices of the graph")
        return vertices, edges

    def parse_position(self, tokens):
        if list(tokens) == ["empty"]:
            return (), ()
        vertices, edges = set(), set()
        for t in tokens:
            m = _EDGE.match(t)
            if m:
                a, b = int(m.group(1)), int(m.group(2))
                edges.add((a, b))
                vertices |= {a, b}
            elif t.isdigit():
                vertices.add(int(t))
            else:
                raise InvalidPosition(
                    f"{self.name}: {t!r} is neither an edge a-b nor a vertex; write {self.position_help}"
                )
        return self.check_position((vertices, edges))

    def format_position(self, position):
        vertices, edges = position
        touched = {v for e in edges for v in e}
        words = [f"{a}-{b}" for a, b in edges] + [str(v) for v in vertices if v not in touched]
        return " ".join(words) or "empty"

    def position_to_json(self, position):
        return self.format_position(position)

    def moves(self, position):
        vertices, edges = position
        for v in vertices:
            gone = {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
            yield (tuple(u for u in vertices if u not in gone), tuple(e for e in edges if not gone & set(e)))

    def describe_move(self, position, option):
        for v, o in zip(position[0], self.moves(position)):
            if o == option:
                return f"take vertex {v}"
        return f"to {self.format_position(option)}"

    def parse_move(self, position, text):
        m = re.fullmatch(r"take vertex (\d+)", text.strip())
        if not m or int(m.group(1)) not in position[0]:
            return None
        v = int(m.group(1))
        return next(o for w, o in zip(position[0], self.moves(position)) if w == v)

    def random_position(self, rng):
        n = rng.randrange(3, 8)
        edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < 0.3]
        return self.check_position((range(1, n + 1), edges))

    def positions(self, size):
        """Every graph on the vertices 1..n, n <= size (moves leave others: verify checks them by search)."""
        for n in range(size + 1):
            pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
            for mask in range(2 ** len(pairs)):
                yield tuple(range(1, n + 1)), tuple(p for i, p in enumerate(pairs) if mask >> i & 1)


def king_claim(n, params):
    def claim(heaps):
        return P if heaps[0] % 2 == 0 and heaps[1] % 2 == 0 else N

    return claim


KING_OUTCOMES = Theorem(
    name="plug-king-outcomes",
    ruleset="plug-king",
    citation="Winning Ways ch. 2",
    kind="outcome",
    statement="P iff both coordinates are even",
    make_claim=king_claim,
    heap_ok=lambda n, params: n == 2,
    heaps_doc="2 heaps",
    default_heaps=2,
    test_box=(2, 12),
)


def path_claim(n, params):
    dawson = sprague.ruleset("dawsons-chess")

    def claim(position):
        vertices, edges = position
        if edges != tuple((i, i + 1) for i in range(1, len(vertices))):
            return UNKNOWN
        return dawson.grundy((len(vertices),))

    return claim


NODE_KAYLES_PATHS = Theorem(
    name="plug-node-kayles-paths",
    ruleset="plug-node-kayles",
    box="positions",
    kind="grundy",
    citation="Node Kayles on a path is Dawson's chess (octal 0.137)",
    statement="G(path of n vertices) = G_0.137(n)",
    make_claim=path_claim,
    test_box=(0, 5),
)
