"""Sprouts: join two spots (or a spot to itself) by a curve that crosses no curve, and put a new spot on it.

Sprouts was invented by Conway and Paterson (Gardner 1967). A spot with three lines at it is dead;
who cannot move loses. A game of n spots lasts at least 2n and at most 3n - 1 moves: each spot has
three lives, a move uses two and the new spot brings one.

Positions are written in the string notation of Applegate, Jacobson and Sleator (Computer analysis
of Sprouts, 1991) as extended by Lemoine and Viennot (Computer analysis of Sprouts with nimbers,
2010; their program Glop): a *boundary* is the cyclic sequence of spots met walking round one
connected piece of the drawing with the region on the left, ended by ``.``; a *region* is its list of
boundaries, ended by ``}``; a *land* is a list of regions that share spots, ended by ``]``; ``!``
ends the position. A spot met once is written by its number of lines, ``0``, ``1`` or ``2``; a spot
met twice (two lines, one life, seen from two corners) is a letter, the same letter at both corners.
Dead spots, boundaries without a live spot and regions in which no move is left are dropped.
``0.0.0.}]!`` is three spots; ``AB.}AB.}]!`` is one spot with a loop drawn on it.

A move is drawn in one region, between two corners: two corners of one boundary (the region is
split in two, and each of its other boundaries goes to one side or the other), a loop from a corner
of a spot with two lives or more (the same), or corners of two boundaries of the region (they are
joined into one boundary). The lands of a position are independent games (Lemoine and Viennot):
its Grundy value is the nim-sum of theirs, each land valued once up to relabelling the letters,
turning the boundaries, mirroring the land and ordering its boundaries and regions
(:func:`land_text`).

>>> import sprague
>>> sprouts = sprague.ruleset("sprouts")
>>> sprouts.parse_position(["2"]), sprouts.grundy(sprouts.parse_position(["3"]))
('0.0.}]!', 1)
>>> sorted(sprouts.moves("0.}]!"))
['AB.}AB.}]!']
"""

from __future__ import annotations

import random
import string
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from sprague.core.budget import charge
from sprague.core.nimber import mex, nim_sum
from sprague.errors import InvalidPosition
from sprague.solve.ruleset import Ruleset

__all__ = ["Sprouts", "Drawing", "parse_drawing", "normalise", "land_text", "lands", "start", "MAX_SPOTS"]
ORDER = 86  #: where ``sprague list`` shows this module's rulesets
#: the most starting spots (and letters in a land) written; beyond this no search would end anyway
MAX_SPOTS = 52
LETTERS = string.ascii_uppercase + string.ascii_lowercase
#: work units charged per option listed (about its microseconds in pure Python; ``benchmarks/sprouts.py``)
WORK_PER_OPTION = 40

Boundary = tuple[int, ...]
Region = list[Boundary]


class Drawing:
    """A position taken apart: its regions (lists of boundaries, each a tuple of spot ids) and the lives of
    each spot (3 minus its lines). A spot with 3 lives is an isolated spot, alone in its boundary."""

    __slots__ = ("regions", "lives")

    def __init__(self, regions: list[Region], lives: dict[int, int]) -> None:
        self.regions = regions
        self.lives = lives


def start(n: int) -> str:
    """The position of ``n`` isolated spots: ``start(3) == '0.0.0.}]!'`` (no spot: ``'!'``)."""
    return "0." * n + "}]!" if n else "!"


def lands(position: str) -> list[str]:
    """The lands of a normalised position, each written with its closing ``]``."""
    return [part + "]" for part in position.rstrip("!").split("]") if part]


def _fail(text: str, why: str) -> InvalidPosition:
    return InvalidPosition(
        f"sprouts: position {text!r} {why}; write a number of spots (5) or regions of boundaries as in "
        f"'0.0.AB.}}AB.}}]!' (boundaries end with '.', regions with '}}', lands with ']')"
    )


def parse_drawing(text: str) -> Drawing:
    """The drawing a position string describes (letters name one spot within a land); raise InvalidPosition."""
    regions: list[Region] = []
    lives: dict[int, int] = {}
    body = text.strip().rstrip("!")
    if "!" in body:
        raise _fail(text, "has '!' before its end")
    for land in body.split("]"):
        names: dict[str, int] = {}
        seen: Counter[int] = Counter()
        for region_text in filter(None, land.split("}")):
            region: Region = []
            for piece in filter(None, region_text.split(".")):
                boundary = []
                for ch in piece:
                    if ch in "012":
                        v = len(lives)
                        lives[v] = 3 - int(ch)
                    elif ch in LETTERS:
                        v = names.setdefault(ch, len(lives))
                        lives[v] = 1
                    else:
                        raise _fail(text, f"has {ch!r}, which is no spot (0, 1, 2 or a letter)")
                    seen[v] += 1
                    boundary.append(v)
                if "0" in piece and len(piece) > 1:
                    raise _fail(text, f"has a spot 0 (no lines) in the boundary {piece!r}: it is alone in its own")
                region.append(tuple(boundary))
            if region:
                _check_letters_in_region(text, region, names)
                regions.append(region)
        for ch, v in names.items():
            if seen[v] != 2:
                raise _fail(text, f"has the letter {ch} {seen[v]} time(s) in a land; a letter is met exactly twice")
    return Drawing(regions, lives)


def _check_letters_in_region(text: str, region: Region, names: dict[str, int]) -> None:
    """A spot met twice in one region is met twice in one boundary (the boundaries of a region are apart)."""
    where: dict[int, int] = {}
    for k, boundary in enumerate(region):
        for v in boundary:
            if where.setdefault(v, k) != k:
                ch = next(c for c, u in names.items() if u == v)
                raise _fail(text, f"has the letter {ch} on two boundaries of one region, which never touch")


def _has_move(region: Region, lives: dict[int, int]) -> bool:
    """Whether a move can be drawn in ``region``: a spot with two lives, or two distinct spots with one."""
    live = {v for b in region for v in b if lives[v] > 0}
    return len(live) > 1 or any(lives[v] > 1 for v in live)


def normalise(drawing: Drawing) -> str:
    """The canonical string of a drawing: dead spots, empty boundaries and dead regions dropped, the rest cut
    into lands, each land in canonical form (:func:`land_text`), the lands sorted."""
    lives = drawing.lives
    regions = []
    for region in drawing.regions:
        kept = [b for b in (tuple(v for v in b if lives[v] > 0) for b in region) if b]
        if kept and _has_move(kept, lives):
            regions.append(kept)
    parent = list(range(len(regions)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    first: dict[int, int] = {}
    for k, region in enumerate(regions):
        for v in {v for b in region for v in b}:
            parent[root(k)] = root(first.setdefault(v, k))
    groups: dict[int, list[Region]] = {}
    for k, region in enumerate(regions):
        groups.setdefault(root(k), []).append(region)
    return "".join(sorted(land_text(group, lives) for group in groups.values())) + "!"


def land_text(regions: list[Region], lives: dict[int, int]) -> str:
    """One land in canonical form: the least string over the land and its mirror image, each boundary turned to
    its least rotation and boundaries and regions sorted (letters blind), then letters named in order of first
    appearance. Equal strings are the same land; a land may rarely have two strings (ties among rotations)."""
    count = Counter(v for region in regions for b in region for v in b)
    if len(count) > 3 * MAX_SPOTS:
        raise InvalidPosition(f"sprouts: a land with {len(count)} spots is beyond the {3 * MAX_SPOTS} written")
    token = {v: "*" if k > 1 else "0123"[3 - lives[v]] for v, k in count.items()}
    best = None
    for mirror in (False, True):
        laid = []
        for region in regions:
            turned = []
            for b in region:
                seq = b[::-1] if mirror else b
                blind = "".join([token[v] for v in seq])
                i = min(range(len(seq)), key=lambda i: blind[i:] + blind[:i])
                turned.append((blind[i:] + blind[:i], seq[i:] + seq[:i]))
            turned.sort(key=lambda x: x[0])
            laid.append(([key for key, _ in turned], [b for _, b in turned]))
        laid.sort(key=lambda x: x[0])
        names: dict[int, str] = {}
        parts = []
        for _, region_bs in laid:
            for b in region_bs:
                for v in b:
                    parts.append(names.setdefault(v, LETTERS[len(names) % len(LETTERS)]) if count[v] > 1 else token[v])
                parts.append(".")
            parts.append("}")
        if len(names) > len(LETTERS):
            raise InvalidPosition(f"sprouts: a land with {len(names)} letters is beyond the {len(LETTERS)} written")
        text = "".join(parts)
        best = text if best is None else min(best, text)
    return f"{best}]"


def _sides(rest: list[Boundary], lives: dict[int, int]) -> Iterator[tuple[list[Boundary], list[Boundary]]]:
    """Every way to share the boundaries ``rest`` between the two regions a split makes (isolated spots, all
    alike, by how many go to the first side)."""
    spots = [b for b in rest if lives[b[0]] == 3]
    others = [b for b in rest if lives[b[0]] != 3]
    for mask in range(1 << len(others)):
        a = [b for i, b in enumerate(others) if mask >> i & 1]
        c = [b for i, b in enumerate(others) if not mask >> i & 1]
        for k in range(len(spots) + 1):
            yield spots[:k] + a, spots[k:] + c


def _isolated(region: Region, lives: dict[int, int]) -> list[int]:
    """The indices of the isolated spots (boundaries of one spot with three lives) among ``region``'s boundaries."""
    return [k for k, b in enumerate(region) if lives[b[0]] == 3]


def _splits(region: Region, lives: dict[int, int], z: int) -> Iterator[tuple[list[Region], tuple[int, int]]]:
    """The moves between two corners of one boundary (a loop: one corner twice): the region split in two. The
    isolated spots of a region are alike: a loop is drawn on the first only."""
    spots = _isolated(region, lives)
    for k, b in enumerate(region):
        if k in spots[1:]:
            continue
        rest = region[:k] + region[k + 1 :]
        for i, v in enumerate(b):
            if lives[v] == 0:
                continue
            turned = b[i:] + b[:i]
            if lives[v] >= 2:
                outside = (v, z) if lives[v] == 3 else (v, z) + turned
                for a, c in _sides(rest, lives):
                    yield [[(v, z), *a], [outside, *c]], (v, v)
            for j in range(1, len(b) - i):
                w = turned[j]
                if w == v or lives[w] == 0:
                    continue
                one, two = turned[: j + 1] + (z,), turned[j:] + (v, z)
                for a, c in _sides(rest, lives):
                    yield [[one, *a], [two, *c]], (v, w)


def _joins(region: Region, lives: dict[int, int], z: int) -> Iterator[tuple[list[Region], tuple[int, int]]]:
    """The moves between corners of two boundaries of the region: the two joined into one boundary. The isolated
    spots of a region are alike: only the first is joined to another boundary, the first two to each other."""
    spots = _isolated(region, lives)
    for k, b in enumerate(region):
        for m in range(k + 1, len(region)):
            if k in spots[2:] or m in spots[2:] or ((k in spots) != (m in spots) and spots[0] not in (k, m)):
                continue
            d = region[m]
            rest = [x for n, x in enumerate(region) if n not in (k, m)]
            for i, v in enumerate(b):
                if lives[v] == 0:
                    continue
                one = b[i:] + b[:i] + (() if lives[v] == 3 else (v,))
                for j, w in enumerate(d):
                    if lives[w] == 0:
                        continue
                    two = d[j:] + d[:j] + (() if lives[w] == 3 else (w,))
                    yield [[*rest, one + (z,) + two + (z,)]], (v, w)


def options(drawing: Drawing) -> Iterator[Drawing]:
    """Every move of a drawing, as the drawing it leaves (repeats and symmetric moves not yet merged)."""
    z = max(drawing.lives, default=-1) + 1
    for r, region in enumerate(drawing.regions):
        others = drawing.regions[:r] + drawing.regions[r + 1 :]
        for made in (_splits, _joins):
            for new, (v, w) in made(region, drawing.lives, z):
                lives = dict(drawing.lives)
                lives[v] -= 1
                lives[w] -= 1
                lives[z] = 1
                yield Drawing(others + new, lives)


def land_options(land: str) -> set[str]:
    """The options of one land, each a normalised position (a move may cut the land into several)."""
    found = set()
    for option in options(parse_drawing(land)):
        charge(WORK_PER_OPTION, "sprouts: the options of lands")
        found.add(normalise(option))
    return found


class Sprouts(Ruleset):
    """Sprouts (Conway and Paterson 1967; Gardner 1967; Applegate, Jacobson and Sleator 1991; Lemoine and
    Viennot 2010): join two spots, or a spot to itself, by a curve through one region that crosses no curve,
    and put a new spot on it; a spot with three lines is dead."""

    name = "sprouts"
    aliases: ClassVar[tuple[str, ...]] = ()
    source = "-- Conway and Paterson 1967 (Gardner 1967); Applegate, Jacobson and Sleator 1991; Lemoine and Viennot"
    example: ClassVar[tuple[str, ...]] = ("3",)
    position_help = "a number of spots (5, or 5 spots) or a position as '0.0.AB.}AB.}]!'"

    def check_position(self, position: Any) -> str:
        if isinstance(position, int) and not isinstance(position, bool):
            return self._spots(position, str(position))
        if not isinstance(position, str):
            raise InvalidPosition(f"sprouts: position {position!r} is not a string like '0.0.}}]!' nor a number")
        words = position.split()
        if words and words[0].isdigit() and words[1:] in ([], ["spot"], ["spots"]):
            return self._spots(int(words[0]), words[0])
        return normalise(parse_drawing(position.replace(" ", "")))

    def _spots(self, n: int, text: str) -> str:
        if not 0 <= n <= MAX_SPOTS:
            raise InvalidPosition(f"sprouts: {text} spots; write from 0 to {MAX_SPOTS} spots")
        return start(n)

    def parse_position(self, tokens: Sequence[str]) -> str:
        if not tokens:
            raise InvalidPosition(f"sprouts: no position given; write {self.position_help}")
        return self.check_position(" ".join(tokens))

    def moves(self, position: str) -> Iterator[str]:
        parts = lands(position)
        found = set()
        for k, land in enumerate(parts):
            rest = parts[:k] + parts[k + 1 :]
            for option in land_options(land):
                found.add("".join(sorted(rest + lands(option))) + "!")
        return iter(sorted(found))

    def size(self, position: str) -> int:
        """The lives left: the moves a game from here can still last, plus one (a move uses two, makes one)."""
        drawing = parse_drawing(position)
        return sum(drawing.lives.values())

    def positions(self, size: int) -> Iterator[str]:
        """Every position a game from 0 to ``size`` spots reaches (for ``sprague verify``: a set closed under moves),
        fewer spots first: 1, 3, 24 and 338 positions in all for ``size`` 0, 1, 2 and 3. Each is charged to the budget
        as it is listed."""
        seen: set[str] = set()
        for n in range(size + 1):
            stack = [start(n)]
            while stack:
                position = stack.pop()
                if position in seen:
                    continue
                charge(40, "sprouts: the positions listed")
                seen.add(position)
                yield position
                stack.extend(o for o in self.moves(position) if o not in seen)

    def random_position(self, rng: random.Random) -> str:
        """From 1 to 5 spots, after up to 3 random moves."""
        position = start(rng.randint(1, 5))
        for _ in range(rng.randint(0, 3)):
            found = list(self.moves(position))
            if not found:
                break
            position = rng.choice(found)
        return position

    def computed_grundy(self, position: str) -> int | None:
        """The nim-sum of the lands' values, each land valued once in canonical form (Lemoine and Viennot)."""
        return nim_sum(*(self.land_grundy(land) for land in lands(position)))

    def computed_method(self, position: str) -> str:
        return "nim-sum of the lands' values (search by lands, in canonical form)"

    def land_grundy(self, land: str) -> int:
        """The Grundy value of one land: the mex of its options' values, each the nim-sum of its lands."""
        known: dict[str, int] = self.solver.cache.setdefault("sprouts-lands", {})
        value = known.get(land)
        if value is None:
            value = mex(nim_sum(*(self.land_grundy(part) for part in lands(option))) for option in land_options(land))
            known[land] = value
        return value
