"""Every move is written as the game's rules state it, and the words say exactly that move (issue 36).

For every registered ruleset, on its example position and a few random small ones, each option's
description (``describe_move``: what ``sprague moves`` prints and the page's buttons show) is non-empty and
distinct from the others, and it is *read back by the rules*: a small parser per family, written here from
the rules (the source papers, Winning Ways), not from sprague's code, takes the words apart, checks that they
name a legal move of the rules (the amount taken is in the subtraction set, the take-and-break code allows
it, the Delete Nim family deletes and splits as many heaps as its paper says, ...), applies the move to the
position and must rebuild the option (compared by canonical forms). Sprouts alone says ``to <position>``: its
words are checked to name the option, not the spots a move joins.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from math import isqrt
from typing import Any

import pytest

import sprague
from sprague import Ruleset, TooLarge
from sprague.rulesets.arc_kayles import ArcKayles
from sprague.rulesets.chomp import Chomp
from sprague.rulesets.cram import Cram
from sprague.rulesets.dawsons_board import DawsonsChessBoard
from sprague.rulesets.delete import DeleteNim, DeleteSplit
from sprague.rulesets.digraph import Digraph
from sprague.rulesets.fairshares import FairShares
from sprague.rulesets.geography import EdgeGeography, Geo, VertexGeography
from sprague.rulesets.hackenbush import GreenHackenbush
from sprague.rulesets.heap import MultiHeapRuleset
from sprague.rulesets.node_kayles import NodeKayles
from sprague.rulesets.shapes import CoinRuleset
from sprague.rulesets.sprouts import Sprouts
from sprague.rulesets.squarebutone import SquareButOne
from sprague.rulesets.turning import Spawning
from sprague.rulesets.windup import WindUp

CLASSES = list(sprague.REGISTRY)
MAX_OPTIONS = 2_000  # a random position with more options (as the ruleset estimates them) is skipped: fast test
N = r"(\d+)"


def build(cls: type[Ruleset]) -> Ruleset:
    return sprague.ruleset(cls, **{p.name: p.example for p in cls.parameters})


def positions(r: Ruleset) -> list[Any]:
    """The example position and three random ones (seeded, each with at most MAX_OPTIONS options), each once."""
    found = [r.parse_position(list(type(r).example))]
    for seed in (1, 2, 3):
        p = r.random_position(random.Random(seed))
        if p is None or p in found:
            continue
        try:
            r.options(p, max_options=MAX_OPTIONS)
        except TooLarge:
            continue
        found.append(p)
    return found


def words(pattern: str, text: str) -> tuple[str, ...]:
    """The groups of ``pattern`` matching the whole of ``text``; a failed test when it does not."""
    m = re.fullmatch(pattern, text)
    assert m, f"{text!r} is not written as the rules say ({pattern})"
    return m.groups()


def multiset_minus(heaps: tuple[int, ...], gone: list[int]) -> list[int]:
    left = list(heaps)
    for h in gone:
        assert h in left, f"heap {h} is not in {heaps}"
        left.remove(h)
    return left


# --------------------------------------------------------------- heap games: take k from h, split r into a + b
def heap_segment(text: str) -> tuple[int, int, tuple[int, ...]]:
    """``heap i: <words>`` -> (index from 0, heap before, heaps after); the words as the rules of heap games say."""
    i, rest = words(rf"heap {N}: (.+)", text)
    if m := re.fullmatch(rf"take {N} from {N}, split {N} into (\d+(?: \+ \d+)+)", rest):
        k, h, r, parts = int(m[1]), int(m[2]), int(m[3]), tuple(int(t) for t in m[4].split(" + "))
        assert 0 < k < h and h - k == r == sum(parts) and min(parts) > 0, text
        return int(i) - 1, h, parts
    if m := re.fullmatch(rf"split {N} into (\d+(?: \+ \d+)+)", rest):
        parts = tuple(int(t) for t in m[2].split(" + "))
        assert sum(parts) == int(m[1]) and min(parts) > 0, text
        return int(i) - 1, int(m[1]), parts
    if m := re.fullmatch(rf"take {N} from {N}", rest):
        assert 0 < int(m[1]) <= int(m[2]), text
        return int(i) - 1, int(m[2]), (int(m[2]) - int(m[1]),)
    if m := re.fullmatch(rf"take all {N}", rest):
        return int(i) - 1, int(m[1]), ()
    k, h = (int(t) for t in words(rf"add {N} to {N}", rest))
    return int(i) - 1, h, (h + k,)


def heap_move(pos: tuple[int, ...], text: str) -> tuple[tuple[int, ...], list[tuple[int, int, tuple[int, ...]]]]:
    """Each ``heap i: ...`` of ``text`` applied to ``pos`` (the heap named must hold what the words say)."""
    segments = [heap_segment(s) for s in re.split(r", (?=heap \d+:)", text)]
    out: list[tuple[int, ...]] = [(h,) for h in pos]
    for i, h, parts in segments:
        assert pos[i] == h, f"{text!r}: heap {i + 1} of {pos} is {pos[i]}, not {h}"
        out[i] = parts
    return tuple(h for part in out for h in part), segments


def octal_allows(code: str, taken: int, left: int) -> bool:
    """Guy and Smith's octal code 0.d1d2...: d_k's bit j lets a move take k tokens and leave j non-empty heaps."""
    digits = code.split(".")[1]
    return 0 < taken <= len(digits) and bool(int(digits[taken - 1]) >> left & 1)


def check_heap_rules(r: Ruleset, pos: tuple[int, ...], segments: list[tuple[int, int, tuple[int, ...]]]) -> None:
    """The amounts the words take are allowed by the rules of ``r`` (where the test knows them)."""
    name, p = r.name, r.params
    if name in ("moore",):
        assert 1 <= len(segments) <= p["k"]
        return
    assert len(segments) == 1 or name in ("nimhoff", "cyclic-nimhoff", "gcn", "nimhof"), segments
    taken = [h - sum(parts) for _, h, parts in segments]
    vec = [0] * len(pos)  # what each heap loses
    for (i, _, _), t in zip(segments, taken):
        vec[i] = t
    if name in ("cyclic-nimhoff", "gcn") and len(segments) > 1:  # 003 s.1.3, Def 2.1: fewer than h in all
        assert 0 < sum(taken) < p["h"], vec
    if name == "nimhoff" and len(segments) > 1:  # 003 s.1.3: a vector of R, subtracted once
        assert tuple(vec) in {tuple(v) for v in p["R"]}, vec
    if name == "nimhof":  # any positive multiple of a rule vector
        assert any(all(x * m == y for x, y in zip(v, vec)) for v in p["R"] for m in range(1, max(vec) + 1)), vec
    if len(segments) > 1:
        return
    (_, h, parts), k = segments[0], taken[0]
    kept = [q for q in parts if q]
    if name in ("subtraction",):
        assert k in p["S"] and len(parts) == 1
    elif name == "all-but":
        assert k > 0 and k not in p["S"] and len(parts) == 1
    elif name in ("subtract-a-square",) or (name == "infinite-subtraction" and str(p["S"]) == "SetByRule('squares')"):
        assert isqrt(k) ** 2 == k and k > 0
    elif name in ("nim", "wythoff"):
        assert k > 0 and len(parts) == 1
    elif name == "grundys-game":
        assert k == 0 and len(parts) == 2 and parts[0] != parts[1]
    elif name == "laskers-nim":
        assert (k > 0 and len(parts) == 1) or (k == 0 and len(kept) == 2)
    elif name == "square-but-one":
        assert (k > 0 and isqrt(k) ** 2 == k) or (k == -1 and h > 0 and h % 2 == 0)
    elif getattr(r, "code", None) and re.fullmatch(r"0\.[0-7]+", str(r.code)):
        assert octal_allows(str(r.code), k, len(kept)), (r.code, k, parts)


def read_heap_game(r: Ruleset, pos: Any, text: str) -> Any:
    if r.name == "wythoff" and text.startswith("take "):  # the same number from both heaps
        (k,) = (int(t) for t in words(rf"take {N} from both heaps", text))
        assert 0 < k <= min(pos), text
        return (pos[0] - k, pos[1] - k)
    option, segments = heap_move(pos, text)
    check_heap_rules(r, pos, segments)
    return option


def read_spawning(r: Ruleset, pos: Any, text: str) -> Any:
    """Turning heaps (Winning Ways ch. 14, heap form): ``heap i: n -> a + b`` takes the head at n, leaves heaps a, b."""
    i, n, after = words(rf"heap {N}: {N} -> (nothing|\d+(?: \+ \d+)*)", text)
    parts = () if after == "nothing" else tuple(int(t) for t in after.split(" + "))
    assert pos[int(i) - 1] == int(n) and all(q < int(n) for q in parts)
    return pos[: int(i) - 1] + parts + pos[int(i) :]


# ------------------------------------------------------------------------------------- the Delete Nim family
def read_delete_nim(r: Ruleset, pos: Any, text: str) -> Any:
    """000 section 0.3: select a non-empty heap, delete the other, remove 1 token, split the rest in two."""
    gone, chosen, rest, a, b = (int(t) for t in words(rf"delete {N}, take 1 from {N}, split {N} into {N} \+ {N}", text))
    assert sorted(pos) == sorted((gone, chosen)) and chosen >= 1 and rest == chosen - 1 == a + b
    return (a, b)


#: the paper's moves with n heaps: (heaps deleted, heaps split, parts per split heap); 001 sections 3-6, 004
DELETE_RULES: dict[str, Callable[[Ruleset, int], list[tuple[int, int, int]]]] = {
    "vdn": lambda r, n: [(1, 1, 2)],
    "single-delete": lambda r, n: [(1, 1, 2)],
    "abo-delete": lambda r, n: [(n - 1, 1, n)],
    "nmth-delete": lambda r, n: [(k, k, 2) for k in range(1, n // 2 + 1)],
    "half-delete": lambda r, n: [(n // 2, n // 2, 2)],
    "fraction-delete": lambda r, n: [((r.params["k"] - 1) * n // r.params["k"], n // r.params["k"], r.params["k"])],
}


def read_delete_split(r: Ruleset, pos: Any, text: str) -> Any:
    """``delete 9, 13, split 7 into 1 + 1 + 5`` (``split 5 into 1 + 4 and 8 into 1 + 7``): the heaps named are
    deleted, and each heap named split is split into the parts named with it."""
    dele, split = words(
        r"(?:delete (\d+(?:, \d+)*), )?split (\d+ into \d+(?: \+ \d+)+(?: and \d+ into \d+(?: \+ \d+)+)*)", text
    )
    deleted = [int(t) for t in dele.split(", ")] if dele else []
    splits = [words(r"(\d+) into (.+)", t) for t in split.split(" and ")]
    heaps = [int(h) for h, _ in splits]
    parts = [[int(t) for t in g.split(" + ")] for _, g in splits]
    assert all(sum(g) == h and min(g) >= 1 for h, g in zip(heaps, parts)), text
    assert len({len(g) for g in parts}) == 1, f"{text!r}: every heap is split into as many parts"
    shape = (len(deleted), len(heaps), len(parts[0]))
    assert shape in DELETE_RULES[r.name](r, len(pos)), f"{text!r}: {shape} is not a move of {r.name}"
    return tuple(sorted(multiset_minus(pos, deleted + heaps) + [q for g in parts for q in g]))


# ------------------------------------------------------------------------------------------ coins and graphs
def read_coins(r: Ruleset, pos: str, text: str) -> str:
    """``turn coin 3 (H->T) and 1 (T->H)``: the coins turned; the rightmost turned goes heads to tails."""
    assert text.startswith("turn coin "), text
    turned = [words(r"(\d+) \(([HT])->([HT])\)", t) for t in text[len("turn coin ") :].split(" and ")]
    row = list(pos)
    for place, before, after in turned:
        assert row[int(place) - 1] == before != after, text
        row[int(place) - 1] = after
    rightmost = max(turned, key=lambda t: int(t[0]))
    assert rightmost[1:] == ("H", "T"), f"{text!r}: the rightmost coin turned must go from heads to tails"
    if r.name == "turning-turtles":
        assert len(turned) <= 2
    return "".join(row)


def read_hackenbush(r: Ruleset, pos: Any, text: str) -> Any:
    """``cut edge 1-2 (3 edges fall)``: the edge goes, and so does every edge no longer joined to the ground."""
    u, v, fall = words(rf"cut edge {N}-{N}(?: \((\d+) edges? falls?\))?", text)
    edges = list(pos)
    edges.remove((int(u), int(v)))
    grounded, changed = {0}, True
    while changed:
        changed = False
        for a, b in edges:
            if (a in grounded) != (b in grounded):
                grounded |= {a, b}
                changed = True
    kept = tuple(e for e in edges if e[0] in grounded)
    assert len(edges) - len(kept) == int(fall or 0), text
    return kept


def read_node_kayles(r: Ruleset, pos: Any, text: str) -> Any:
    """Schaefer 1978: choose a vertex; it and its neighbours are removed."""
    v, removes = words(rf"vertex {N} \(removes (\d+(?:, \d+)*)\)", text)
    vertices, edges = pos
    near = {int(v)} | {b for a, b in edges if a == int(v)} | {a for a, b in edges if b == int(v)}
    assert {int(t) for t in removes.split(", ")} == near, text
    return tuple(x for x in vertices if x not in near), tuple(e for e in edges if not near & set(e))


def read_arc_kayles(r: Ruleset, pos: Any, text: str) -> Any:
    """Schaefer 1978: choose an edge; its two ends and every edge at them are removed."""
    u, v = (int(t) for t in words(rf"edge {N}-{N}", text))
    vertices, edges = pos
    assert (u, v) in edges or (v, u) in edges, text
    return tuple(x for x in vertices if x not in (u, v)), tuple(e for e in edges if not {u, v} & set(e))


def read_geography(r: Ruleset, pos: Geo, text: str) -> Geo:
    """The token moves along an arc or edge: vertex geography deletes the vertex left, edge geography the edge used."""
    a, b, how = words(r"(\w+) -> (\w+)(?: by (arc|edge))?", text)
    assert a == pos.token
    arcs, edges = list(pos.arcs), list(pos.edges)
    by_arc, by_edge = (a, b) in arcs, tuple(sorted((a, b))) in edges or (a, b) in edges or (b, a) in edges
    assert by_arc or by_edge, text
    if isinstance(r, VertexGeography):
        return Geo(b, tuple(e for e in arcs if a not in e), tuple(e for e in edges if a not in e))
    if how == "arc" or (how is None and by_arc and not by_edge):
        arcs.remove((a, b))
    else:
        edges.remove(next(e for e in edges if set(e) == {a, b}))
    return Geo(b, tuple(arcs), tuple(edges))


def cell(name: str) -> tuple[int, int]:
    """``b2`` -> (row 1, column 1): column letters, then the row from 1 (top)."""
    letters, row = words(r"([a-z]+)(\d+)", name)
    column = 0
    for ch in letters:
        column = column * 26 + ord(ch) - 96
    return int(row) - 1, column - 1


def read_cram(r: Ruleset, pos: Any, text: str) -> Any:
    """A domino on two adjacent empty cells."""
    (x, y), (u, v) = (cell(t) for t in words(r"domino ([a-z]+\d+)-([a-z]+\d+)", text))
    assert abs(x - u) + abs(y - v) == 1 and pos[x][y] == pos[u][v] == "."
    rows = [list(row) for row in pos]
    rows[x][y] = rows[u][v] = "#"
    return tuple("".join(row) for row in rows)


def read_chomp(r: Ruleset, pos: Any, text: str) -> Any:
    """Eat the square named and every square below it and right of it (not the poisoned a1)."""
    i, j = cell(text)
    assert (i, j) != (0, 0) and j < len(pos[i])
    rows = [row if k < i else row[: min(len(row), j)] for k, row in enumerate(pos)]
    return tuple(row for row in rows if row)


def read_fair_shares(r: Ruleset, pos: Any, text: str) -> Any:
    """Winning Ways ch. 12: divide a heap into equal heaps, or unite two heaps of different sizes."""
    if text.startswith("unite"):
        a, b = (int(t) for t in words(rf"unite {N} and {N}", text))
        assert a != b
        return tuple(sorted([*multiset_minus(pos, [a, b]), a + b], reverse=True))
    h, count, size = (int(t) for t in words(rf"divide {N} into {N} x {N}", text))
    assert count >= 2 and count * size == h
    return tuple(sorted([*multiset_minus(pos, [h]), *[size] * count], reverse=True))


def read_windup(r: Ruleset, pos: Any, text: str) -> Any:
    i, a, b, s, n = (int(t) for t in words(rf"heap {N}: {N} -> {N} \(subtracts {N} mod {N}\)", text))
    assert pos[i - 1] == a and s in r.params["S"] and n == r.params["n"] and (a - s) % n == b
    return pos[: i - 1] + (b,) + pos[i:]


def read_digraph(r: Ruleset, pos: Any, text: str) -> Any:
    a, b = words(r"(\w+) to (\w+)", text)
    assert a == pos and (a, b) in r.params["edges"].edges
    return b


def read_sprouts(r: Ruleset, pos: Any, text: str) -> Any:
    """Sprouts says ``to <position>``: the words name the drawing left, not the spots joined (left undone)."""
    return r.parse_position(words(r"to (.+)", text)[0].split())


def read_dawsons_board(r: Ruleset, pos: Any, text: str) -> Any:
    """Dawson's chess (Winning Ways ch. 4): White (the mover, from rank 1) pushes a pawn one square onto an empty
    one; then Black and White capture in turn, diagonally forward, while they can (captures are compulsory);
    the board is then turned for the opponent (rows reversed, colours swapped). Squares from the mover's side."""
    start, end, captures = words(r"push ([a-z]\d)-([a-z]\d)(?:; (.+))?", text)
    board = {(f, rank): ch for rank, row in zip((3, 2, 1), pos) for f, ch in enumerate(row)}
    (f0, r0), (f1, r1) = ((ord(t[0]) - 97, int(t[1])) for t in (start, end))
    assert board[f0, r0] == "P" and board[f1, r1] == "." and f0 == f1 and r1 == r0 + 1, text
    board[f0, r0], board[f1, r1] = ".", "P"
    side = "p"  # Black answers the push
    for capture in captures.split(", ") if captures else []:
        src, dst, rank = words(r"([a-z])x([a-z])(\d)", capture)
        fs, fd, rd = ord(src) - 97, ord(dst) - 97, int(rank)
        rs = rd + 1 if side == "p" else rd - 1  # Black captures down the board, White up
        enemy = "P" if side == "p" else "p"
        assert abs(fs - fd) == 1 and board.get((fs, rs)) == side and board[fd, rd] == enemy, (text, capture)
        board[fs, rs], board[fd, rd] = ".", side
        side = enemy
    can = [
        (f, k)
        for (f, k), ch in board.items()
        if ch == side
        for d in (-1, 1)
        if board.get((f + d, k - 1 if side == "p" else k + 1)) == ("P" if side == "p" else "p")
    ]
    assert not can, f"{text!r}: a compulsory capture is left undone"
    assert side == "p", f"{text!r}: the turn must end with White's ply (the opponent then moves)"
    rows = ["".join(board[f, rank] for f in range(len(pos[0]))) for rank in (3, 2, 1)]
    return tuple(row.swapcase() for row in reversed(rows))


#: the family's reader, by the ruleset's class (the first that matches)
READERS: list[tuple[type, Callable[[Ruleset, Any, str], Any]]] = [
    (DeleteNim, read_delete_nim),
    (DeleteSplit, read_delete_split),
    (Spawning, read_spawning),
    (WindUp, read_windup),
    (SquareButOne, read_heap_game),
    (MultiHeapRuleset, read_heap_game),
    (FairShares, read_fair_shares),
    (CoinRuleset, read_coins),
    (GreenHackenbush, read_hackenbush),
    (NodeKayles, read_node_kayles),
    (ArcKayles, read_arc_kayles),
    (VertexGeography, read_geography),
    (EdgeGeography, read_geography),
    (Cram, read_cram),
    (Chomp, read_chomp),
    (Digraph, read_digraph),
    (DawsonsChessBoard, read_dawsons_board),
    (Sprouts, read_sprouts),
]


def reader(r: Ruleset) -> Callable[[Ruleset, Any, str], Any]:
    return next(read for cls, read in READERS if isinstance(r, cls))


# ------------------------------------------------------------------------------------------------------ tests
@pytest.mark.parametrize("cls", CLASSES, ids=[c.name for c in CLASSES])
def test_every_move_is_described_distinctly_in_the_rules_words(cls: type[Ruleset]) -> None:
    r = build(cls)
    read = reader(r)
    checked = 0
    for pos in positions(r):
        options = r.options(pos)
        texts = [r.describe_move(pos, o) for o in options]
        assert all(t.strip() for t in texts), f"{r.name}: an empty description from {pos!r}"
        twice = [t for t, n in Counter(texts).items() if n > 1]
        assert not twice, f"{r.name}: {twice[0]!r} names two options of {r.format_position(pos)}"
        for option, text in zip(options, texts):
            rebuilt = read(r, pos, text)
            assert r.canonical(rebuilt) == r.canonical(option), (
                f"{r.name}: {text!r} from {r.format_position(pos)} gives {rebuilt!r}, not {option!r}"
            )
            checked += 1
    assert checked, f"{r.name}: no move was checked"


def test_the_delete_nim_move_of_the_issue_is_worded_as_the_paper() -> None:
    """000 Example 0.10 starts at (11, 9): select 11, delete 9, take 1, split the 10 left into 0 and 10."""
    dn = sprague.ruleset("delete-nim")
    assert dn.describe_move((11, 9), (0, 10)) == "delete 9, take 1 from 11, split 10 into 0 + 10"
    assert dn.describe_move((11, 9), (5, 3)) == "delete 11, take 1 from 9, split 8 into 3 + 5"
    assert read_delete_nim(dn, (11, 9), "delete 9, take 1 from 11, split 10 into 0 + 10") == (0, 10)
    vdn = sprague.ruleset("vdn")
    assert vdn.describe_move((8, 5), (7, 1)) == "delete 5, split 8 into 1 + 7"  # 000 Example 1.4


def test_cli_moves_prints_the_delete_nim_words(capsys: pytest.CaptureFixture[str]) -> None:
    from sprague.cli import main

    assert main(["moves", "delete-nim", "11", "9"]) == 0
    out = capsys.readouterr().out
    assert "delete 9, take 1 from 11, split 10 into 0 + 10" in out
    assert "heap 1:" not in out  # the heap differences printed before (heap 1: 11 -> 0, heap 2: 9 -> 10)
    assert out.count("delete ") == len(sprague.ruleset("delete-nim").options((11, 9)))


def test_words_of_huge_heaps_are_read_back_without_listing() -> None:
    """The words of a move on heaps too large to list the options are still read back (``parse_move``)."""
    big = 10**30
    cases = [
        ("delete-nim", (big, 7), f"delete 7, take 1 from {big}, split {big - 1} into 4 + {big - 5}", (4, big - 5)),
        ("wythoff", (big, big + 7), f"take {big - 11} from both heaps", (11, 18)),
        ("nim", (big, 3), f"heap 1: take {big} from {big}", (0, 3)),
        ("kayles", (big,), f"heap 1: take 2 from {big}, split {big - 2} into {big - 3} + 1", (big - 3, 1)),
    ]
    for name, pos, text, option in cases:
        r = sprague.ruleset(name)
        move = sprague.Move.parse(r, pos, text)
        assert r.canonical(move.option) == r.canonical(option)
        assert str(move) == text


def test_a_sum_says_which_component_and_the_component_says_which_heap() -> None:
    game = sprague.Sum(sprague.ruleset("nim"), sprague.ruleset("delete-nim"), sprague.ruleset("turning-turtles"))
    pos = ((3, 5), (9, 10), "THHT")
    seen = set()
    for option in game.options(pos):
        text = game.describe_move(pos, option)
        i, name, rest = words(r"in component (\d) \(([\w-]+)\): (.+)", text)
        c = game.components[int(i) - 1]
        assert c.name == name
        rebuilt = reader(c)(c, pos[int(i) - 1], rest)
        assert c.canonical(rebuilt) == c.canonical(option[int(i) - 1]) and text not in seen
        seen.add(text)
    assert len(seen) == len(game.options(pos))


@pytest.mark.parametrize(
    "name", ["nim", "kayles", "grundys-game", "laskers-nim", "moore", "cyclic-nimhoff", "turning-heaps"]
)
def test_a_move_on_one_heap_starts_with_that_heap(name: str) -> None:
    """The page lists the moves of a heap clicked by the words ``heap i:`` they start with (app.js clickHeap)."""
    r = build(sprague.find_ruleset(name))
    pos = r.parse_position(list(type(r).example))
    for option in r.options(pos):
        text = r.describe_move(pos, option)
        first = next(i for i, h in enumerate(pos) if i >= len(option) or option[i] != h)  # the first heap changed
        assert text.startswith(f"heap {first + 1}: "), text
