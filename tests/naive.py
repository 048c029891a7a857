"""Slow reference solvers, written from the rules alone.

Nothing here imports :mod:`sprague`: every move generator below is a literal
reading of the rules of its game, and :func:`grundy` is the textbook recursive
mex. The tests compare the package's closed forms and its search against these.

A *move function* takes a position (hashable) and returns the list of its
options. Heap games take a tuple of heap sizes and return tuples of the same
shape with the changed heap(s) in place (a split puts the two parts where the
heap was), so options can be compared with the package's as plain tuples.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import cache
from typing import Any

Moves = Callable[[Any], list[Any]]

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

# one memo per move function (move functions are compared by identity)
_MEMO: dict[Moves, dict[Hashable, int]] = {}


def mex(values: Iterable[int]) -> int:
    """Least non-negative integer not among ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def grundy(moves: Moves, position: Hashable) -> int:
    """Grundy value by memoised recursion: the mex of the values of the options."""
    memo = _MEMO.setdefault(moves, {})
    if position not in memo:
        memo[position] = mex(grundy(moves, o) for o in moves(position))
    return memo[position]


def outcome(moves: Moves, position: Hashable) -> str:
    return "P" if grundy(moves, position) == 0 else "N"


# misère play: the player who makes the last move loses
_MISERE: dict[Moves, dict[Hashable, bool]] = {}
_MISERE_VALUE: dict[Moves, dict[Hashable, int]] = {}


def misere_outcome(moves: Moves, position: Hashable) -> str:
    """Outcome under misère play, from the rule alone: with no move the player to move has won (the other
    player made the last move), so a terminal position is N; otherwise N iff some option is P."""
    memo = _MISERE.setdefault(moves, {})
    if position not in memo:
        opts = moves(position)
        memo[position] = not opts or any(misere_outcome(moves, o) == "P" for o in opts)
    return "N" if memo[position] else "P"


def misere_grundy(moves: Moves, position: Hashable) -> int:
    """Conway's misère Grundy value g-: 1 at a terminal position, else the mex of the options' values
    (Winning Ways ch. 13; ONAG ch. 12). A position is a misère P-position iff its g- is 0."""
    memo = _MISERE_VALUE.setdefault(moves, {})
    if position not in memo:
        opts = moves(position)
        memo[position] = mex(misere_grundy(moves, o) for o in opts) if opts else 1
    return memo[position]


def remoteness(moves: Moves, position: Hashable, misere: bool = False) -> int:
    """Steinhaus's remoteness (Winning Ways ch. 9) from its definition: 0 with no move; from a winning position
    (outcome N) the winner takes the quickest win, 1 + the least remoteness of the options that are P; from a
    losing one the loser holds out longest, 1 + the largest remoteness of all options. Outcomes from
    :func:`outcome` (or :func:`misere_outcome`)."""
    memo = _REMOTE.setdefault((moves, misere), {})
    if position not in memo:
        opts = moves(position)
        kind = misere_outcome if misere else outcome
        if not opts:
            memo[position] = 0
        elif kind(moves, position) == "N":
            memo[position] = 1 + min(remoteness(moves, o, misere) for o in opts if kind(moves, o) == "P")
        else:
            memo[position] = 1 + max(remoteness(moves, o, misere) for o in opts)
    return memo[position]


_REMOTE: dict[tuple[Moves, bool], dict[Hashable, int]] = {}


def misere_p_options(moves: Moves, position: Hashable) -> set[Any]:
    """The options that are misère P-positions (the winning moves under misère play)."""
    return {o for o in moves(position) if misere_outcome(moves, o) == "P"}


def genus(moves: Moves, position: tuple[int, ...], terms: int) -> tuple[int, list[int]]:
    """Conway's genus of a heap position of a one-heap game given by ``moves``, by its definition:
    the normal value g and g-(position + k copies of *2) for k < ``terms`` (Winning Ways ch. 13).
    The copies of *2 are nim heaps, kept after a ``|`` marker: positions are ``(heaps, nim heaps)``."""

    def with_nim(pos: tuple[tuple[int, ...], tuple[int, ...]]) -> list[Any]:
        heaps, nims = pos
        out = [(tuple(sorted(o)), nims) for o in moves(heaps)]
        out += [(heaps, tuple(sorted(nims[:i] + (m,) + nims[i + 1 :]))) for i, h in enumerate(nims) for m in range(h)]
        return out

    key = _WITH_NIM.setdefault(moves, with_nim)
    start = tuple(sorted(position))
    return grundy(moves, start), [misere_grundy(key, (start, (2,) * k)) for k in range(terms)]


_WITH_NIM: dict[Moves, Moves] = {}


def p_options(moves: Moves, position: Hashable) -> set[Any]:
    """The options of ``position`` that are P-positions (the winning moves)."""
    return {o for o in moves(position) if grundy(moves, o) == 0}


def heap_sequence(moves: Moves, n: int) -> list[int]:
    """Grundy values of the single heaps ``(0,), (1,), ..., (n-1,)`` (filled bottom-up, so recursion stays shallow)."""
    return [grundy(moves, (m,)) for m in range(n)]


def xor_all(values: Iterable[int]) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


# ---------------------------------------------------------------- move generators
def nim_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Nim: take one or more tokens from a single heap."""
    out = []
    for i, h in enumerate(heaps):
        for take in range(1, h + 1):
            out.append(heaps[:i] + (h - take,) + heaps[i + 1 :])
    return out


@cache
def _subtraction_moves(S: frozenset[int]) -> Moves:
    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, h in enumerate(heaps):
            for s in S:
                if s <= h:
                    out.append(heaps[:i] + (h - s,) + heaps[i + 1 :])
        return out

    return moves


def subtraction_moves(S: Iterable[int]) -> Moves:
    """Subtraction(S): take exactly ``s`` tokens from a single heap, ``s`` in ``S``."""
    return _subtraction_moves(frozenset(S))


@cache
def _all_but_moves(S: frozenset[int]) -> Moves:
    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, h in enumerate(heaps):
            for take in range(1, h + 1):
                if take not in S:
                    out.append(heaps[:i] + (h - take,) + heaps[i + 1 :])
        return out

    return moves


def all_but_moves(S: Iterable[int]) -> Moves:
    """All-but(S): take any positive number of tokens from one heap, except a number in ``S``."""
    return _all_but_moves(frozenset(S))


def grundys_game_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Grundy's game: split one heap into two non-empty heaps of different sizes."""
    out = []
    for i, h in enumerate(heaps):
        for a in range(1, h):
            b = h - a
            if a > b:  # each unordered split once, larger part first
                out.append(heaps[:i] + (a, b) + heaps[i + 1 :])
    return out


def laskers_nim_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Lasker's Nim on multisets: take one or more tokens from a heap, or split a heap into two non-empty heaps."""
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for m in range(h):  # what is left of the heap (empty heaps vanish)
            out.add(tuple(sorted(rest + ((m,) if m else ()))))
        for a in range(1, h):
            out.add(tuple(sorted(rest + (a, h - a))))
    return sorted(out)


def kayles_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Kayles on multisets: knock down one pin, or two adjacent pins, of one row; the pins left of the gap and
    those right of it are two rows (empty rows vanish)."""
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for k in (1, 2):
            for left in range(h - k + 1):
                out.add(tuple(sorted(x for x in rest + (left, h - k - left) if x)))
    return sorted(out)


def laskers_nim_sequence(n: int) -> list[int]:
    """Single-heap values of Lasker's Nim by G(h) = mex({G(m) : m < h} | {G(a) xor G(h-a) : 0 < a < h})."""
    g: list[int] = []
    for h in range(n):
        g.append(mex([g[m] for m in range(h)] + [g[a] ^ g[h - a] for a in range(1, h)]))
    return g


def sorted_grundys_game_moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Grundy's game on multisets: options as sorted tuples (keeps the naive memo small)."""
    return [tuple(sorted(o)) for o in grundys_game_moves(heaps)]


def grundys_game_sequence(n: int) -> list[int]:
    """Single-heap values of Grundy's game by the O(n^2) recursion G(h) = mex{G(a) xor G(h-a) : a > h-a > 0}."""
    g: list[int] = []
    for h in range(n):
        g.append(mex(g[a] ^ g[h - a] for a in range(1, h) if a > h - a))
    return g


def wythoff_moves(position: tuple[int, int]) -> list[tuple[int, int]]:
    """Wythoff: take any positive number from one heap, or the same positive number from both."""
    x, y = position
    out = [(x - t, y) for t in range(1, x + 1)]
    out += [(x, y - t) for t in range(1, y + 1)]
    out += [(x - t, y - t) for t in range(1, min(x, y) + 1)]
    return out


@cache
def moore_moves(k: int) -> Moves:
    """Moore's Nim_k: remove at least one token in total, from at most ``k`` heaps.

    Every tuple of new sizes ``<=`` the old ones is tried, and kept when it changes
    between 1 and ``k`` heaps (a deliberately different enumeration from the package's).
    """

    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for new in itertools.product(*(range(h + 1) for h in heaps)):
            changed = sum(1 for a, b in zip(heaps, new) if a != b)
            if 1 <= changed <= k:
                out.append(new)
        return out

    return moves


_FLIP = {"H": "T", "T": "H"}


def turtles_moves(row: str) -> list[str]:
    """Turning Turtles: turn one H to T and, optionally, one coin to its left either way."""
    out = []
    for j, c in enumerate(row):
        if c != "H":
            continue
        base = list(row)
        base[j] = "T"
        out.append("".join(base))
        for i in range(j):
            other = base.copy()
            other[i] = _FLIP[other[i]]
            out.append("".join(other))
    return out


def turtles_is_move(row: str, new: str) -> bool:
    """Whether ``row -> new`` is one Turning Turtles move (checked from the rules, no listing)."""
    if len(row) != len(new) or set(new) - {"H", "T"}:
        return False
    diff = [i for i, (a, b) in enumerate(zip(row, new)) if a != b]
    if not 1 <= len(diff) <= 2:
        return False
    j = diff[-1]  # the rightmost changed coin is the one turned H -> T
    return row[j] == "H" and new[j] == "T"


@cache
def _sum_moves(move_fns: tuple[Moves, ...]) -> Moves:
    def moves(positions: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        out = []
        for i, (fn, p) in enumerate(zip(move_fns, positions)):
            for o in fn(p):
                out.append(positions[:i] + (o,) + positions[i + 1 :])
        return out

    return moves


def sum_moves(move_fns: Sequence[Moves]) -> Moves:
    """Disjunctive sum: a move is a move in exactly one component."""
    return _sum_moves(tuple(move_fns))


# ---------------------------------------------------------------- sequences
def smallest_period(values: Sequence[int], start: int) -> int:
    """Smallest ``p >= 1`` with ``values[n + p] == values[n]`` for all ``start <= n < len(values) - p``."""
    for p in range(1, len(values) - start):
        if all(values[n + p] == values[n] for n in range(start, len(values) - p)):
            return p
    raise ValueError("no period in range")


# ---------------------------------------------------------------- the Delete Nim family
def delete_nim_moves(position: tuple[int, int]) -> list[tuple[int, int]]:
    """Delete Nim (000 s.0.3): pick a non-empty heap, delete the other, take one token, split the rest in two
    (parts may be 0)."""
    out = set()
    for h in position:
        for a in range(h):  # a + b = h - 1
            out.add(tuple(sorted((a, h - 1 - a))))
    return sorted(out)


def _splits(h: int, p: int) -> list[tuple[int, ...]]:
    """Every ordered way to write ``h`` as ``p`` positive parts (compositions; duplicates removed by the caller)."""
    if p == 1:
        return [(h,)] if h >= 1 else []
    return [(a,) + rest for a in range(1, h) for rest in _splits(h - a, p - 1)]


def delete_split_moves(rule: Callable[[int], Iterable[tuple[int, int]]]) -> Moves:
    """A delete-and-split game: ``rule(n)`` lists the allowed (s, p): delete s(p-1) heaps, split s others into p.

    Every choice of heap indices to split and to delete is tried (index subsets,
    not multisets) and every composition of each split heap; options are sorted
    tuples, so positions are multisets.
    """

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        n = len(position)
        out = set()
        for s, p in rule(n):
            for split in itertools.combinations(range(n), s):
                others = [i for i in range(n) if i not in split]
                for deleted in itertools.combinations(others, s * (p - 1)):
                    kept = [position[i] for i in others if i not in deleted]
                    for parts in itertools.product(*(_splits(position[i], p) for i in split)):
                        out.add(tuple(sorted(kept + [q for part in parts for q in part])))
        return sorted(out)

    return moves


#: Variant Delete Nim and Single-delete Nim: delete one heap, split one other into two (000 s.1, 004 Def 1.2).
single_delete_moves = delete_split_moves(lambda n: [(1, 2)])
#: All-but-one-delete Nim: delete n-1 heaps, split the last into n (001 s.3).
abo_delete_moves = delete_split_moves(lambda n: [(1, n)])
#: No-more-than-half-delete Nim: delete k <= n/2 heaps and split k others into two each (001 s.4).
nmth_delete_moves = delete_split_moves(lambda n: [(k, 2) for k in range(1, n // 2 + 1)])


@cache
def fraction_delete_moves(k: int) -> Moves:
    """((k-1)/k)n-delete Nim, n = km: delete (k-1)m heaps, split the other m into k each (001 s.5.3; k = 2:
    half-delete)."""
    return delete_split_moves(lambda n: [(n // k, k)])


def multisets(n: int, lo: int, hi: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of ``n`` heaps in ``lo..hi``."""
    return list(itertools.combinations_with_replacement(range(lo, hi + 1), n))


# ---------------------------------------------------------------- Nimhoff (003)
def nimhoff_moves(R: Iterable[tuple[int, ...]]) -> Moves:
    """Nimhoff: take any positive number from one heap, or subtract a vector of R (all entries stay >= 0)."""
    vectors = [tuple(v) for v in R]

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = set(nim_moves(position))
        for v in vectors:
            new = tuple(x - s for x, s in zip(position, v))
            if min(new) >= 0:
                out.add(new)
        return sorted(out)

    return moves


def gcn_moves(h: int, members: Sequence[Callable[[int], bool]]) -> Moves:
    """GCN(h; S_1..S_n) (003 Def 2.1): heap i loses s with members[i](s), or all lose s with 0 < sum(s) < h."""

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = set()
        for i, x in enumerate(position):
            for s in range(1, x + 1):
                if members[i](s):
                    out.add(position[:i] + (x - s,) + position[i + 1 :])
        for vec in itertools.product(*(range(x + 1) for x in position)):
            if 0 < sum(vec) < h:
                out.add(tuple(x - s for x, s in zip(position, vec)))
        return sorted(out)

    return moves


def subtraction_sequence(member: Callable[[int], bool], n: int) -> list[int]:
    """G-values of Subtraction(S) for heaps 0..n-1, S given by its membership test (S may be infinite)."""
    g: list[int] = []
    for m in range(n):
        g.append(mex(g[m - s] for s in range(1, m + 1) if member(s)))
    return g


# ---------------------------------------------------------------- retrograde analysis
def retro_outcomes(moves: Moves, positions: Sequence[Hashable]) -> list[int]:
    """Outcome codes (0 P, 1 N) of ``positions`` by a retrograde sieve over the inverted move graph.

    ``positions`` must be closed under ``moves`` and list every option before its
    position; options are looked up exactly as ``moves`` returns them (sorted
    tuples for the Delete Nim family). The predecessors of each position are found
    by running every position's moves forward; then, in list order, a position no
    earlier P-position has marked is P and marks all its predecessors N.
    """
    index = {pos: i for i, pos in enumerate(positions)}
    predecessors: list[list[int]] = [[] for _ in positions]
    for i, pos in enumerate(positions):
        for option in moves(pos):
            j = index[option]
            if j >= i:
                raise ValueError(f"the option {option} of {pos} is not listed before it")
            predecessors[j].append(i)
    codes = [0] * len(positions)
    for j in range(len(positions)):
        if codes[j] == 0:
            for i in predecessors[j]:
                codes[i] = 1
    return codes


def octal_sequence(digits: list[int], n: int) -> list[int]:
    """G-values of the octal game d0.d1d2... from the rules (Winning Ways ch. 4), O(n^2).

    Removing ``k`` tokens (``digits[k]``): bit 1 allows it when nothing is left, bit 2
    when one non-empty heap is left, bit 4 when two non-empty heaps are left
    (``d0 = 4``: split a heap in two without removing any): :func:`naive_tb_values`.
    """
    return naive_tb_values([(k, frozenset(j for j in range(3) if d >> j & 1)) for k, d in enumerate(digits)], n)


def octal_moves(code: str) -> Moves:
    """The octal game with code ``d0.d1d2...`` on sums of heaps, from the rules (Winning Ways ch. 4).

    Removing ``k >= 1`` tokens from a heap of ``h`` (digit ``d_k``): bit 1 allows it when nothing is
    left (``h == k``), bit 2 when one non-empty heap is left, bit 4 when the rest is split into two
    non-empty heaps. Options are sorted tuples with empty heaps dropped (sums of heaps as multisets).
    """
    whole, _, frac = code.partition(".")
    digits = [int(whole or "0")] + [int(c) for c in frac]
    if any(d > 7 for d in digits):
        raise ValueError(f"not an octal code: {code!r}")
    return _octal_moves(tuple(digits))


@cache
def _octal_moves(digits: tuple[int, ...]) -> Moves:
    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k in range(1, min(h, len(digits) - 1) + 1):
                d, left = digits[k], h - k
                if d & 1 and left == 0:
                    out.add(tuple(sorted(rest)))
                if d & 2 and left >= 1:
                    out.add(tuple(sorted(rest + (left,))))
                if d & 4:
                    for a in range(1, left // 2 + 1):
                        if left - a >= 1:
                            out.add(tuple(sorted(rest + (a, left - a))))
        return sorted(out)

    return moves


# ---------------------------------------------------------------- take-and-break periods (issue 16, certified periods)
def naive_tb_rules(code: str) -> list[tuple[int, frozenset[int]]]:
    """``(k, heap counts)`` pairs of a plain code ``d0.d1d2...`` (digits 0-9, A-V; no ``! ? =``).

    Bit ``2**j`` of digit ``d_k`` allows removing ``k`` tokens and leaving exactly ``j`` non-empty heaps.
    """
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
    head, _, tail = code.upper().partition(".")
    out = []
    for k, ch in enumerate((head or "0") + tail):
        d = digits.index(ch)
        counts = frozenset(j for j in range(d.bit_length()) if d >> j & 1)
        if counts:
            out.append((k, counts))
    return out


def _tb_parts(total: int, parts: int, least: int, distinct: bool) -> Iterable[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-decreasing parts ``>= least`` (increasing if ``distinct``)."""
    if parts == 1:
        if total >= least:
            yield (total,)
        return
    for first in range(least, total // parts + 1):
        for rest in _tb_parts(total - first, parts - 1, first + 1 if distinct else first, distinct):
            yield (first, *rest)


def naive_tb_values(rules: Sequence[tuple[int, Iterable[int]]], n: int, *, distinct: bool = False) -> list[int]:
    """``G(0), ..., G(n-1)`` of the take-and-break game ``rules``, by the mex over every option.

    ``rules`` lists ``(k, heap counts)``: a move removes ``k`` tokens from one heap and leaves
    exactly ``j`` non-empty heaps for some listed ``j`` (``j = 0``: the heap was exactly ``k``).
    Removing nothing and leaving one heap is not a move. ``distinct`` asks the parts of a split to be
    pairwise unequal (the ``!`` of Grundy's game ``4!.0``).
    """
    g: list[int] = []
    for size in range(n):
        seen = set()
        for k, counts in rules:
            left = size - k
            if left < 0:
                continue
            for j in counts:
                if j == 0:
                    if left == 0 and k > 0:
                        seen.add(0)
                elif j == 2:  # two parts a + b, a <= b (a < b if distinct): the common case, written out
                    seen.update(g[a] ^ g[left - a] for a in range(1, (left - 1 if distinct else left) // 2 + 1))
                elif not (k == 0 and j == 1):
                    for parts in _tb_parts(left, j, 1, distinct):
                        x = 0
                        for h in parts:
                            x ^= g[h]
                        seen.add(x)
        g.append(mex(seen))
    return g


# ---------------------------------------------------------------- subtraction over infinite sets (issue 16)
def is_square(k: int) -> bool:
    """k = j*j for some j >= 1."""
    j = 1
    while j * j < k:
        j += 1
    return k >= 1 and j * j == k


def is_triangular(k: int) -> bool:
    """k = j(j+1)/2 for some j >= 1."""
    j = 1
    while j * (j + 1) // 2 < k:
        j += 1
    return k >= 1 and j * (j + 1) // 2 == k


def is_power_of_2(k: int) -> bool:
    """k = 2**e for some e >= 0."""
    p = 1
    while p < k:
        p *= 2
    return p == k


def is_prime(k: int) -> bool:
    """k >= 2 with no divisor d, 1 < d < k (trial division)."""
    return k >= 2 and all(k % d for d in range(2, k))


def is_fibonacci(k: int) -> bool:
    """k in 1, 2, 3, 5, 8, ... (F(1) = F(2) = 1 counted once)."""
    a, b = 1, 2
    while a < k:
        a, b = b, a + b
    return a == k


# ---------------------------------------------------------------- NimHof (issue 16)
def nimhof_moves(R: Iterable[tuple[int, ...]]) -> Moves:
    """NimHof: for a rule vector v of R and any i >= 1, move from x to x - i*v while no entry goes negative."""
    vectors = [tuple(v) for v in R]

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = set()
        for v in vectors:
            i = 1
            while True:
                new = tuple(x - i * a for x, a in zip(position, v))
                if min(new) < 0:
                    break
                out.add(new)
                i += 1
        return sorted(out)

    return moves


def antidiagonals(table: Callable[[int, int], int], count: int) -> list[int]:
    """T(0,0); T(1,0), T(0,1); T(2,0), T(1,1), T(0,2); ... the first ``count`` entries: antidiagonal d from
    (d, 0) to (0, d), the order in which the NimHof entries of the OEIS (A307296-A307301) list positions (x, y)."""
    out: list[int] = []
    d = 0
    while len(out) < count:
        for y in range(d + 1):
            out.append(table(d - y, y))
        d += 1
    return out[:count]


# ---------------------------------------------------------------- coin-turning games by their codes (issue 16)
def _turning_rules(code: str) -> list[tuple[int, float, int, str, bool]]:
    """A turning code read literally: ``(least, most, span, spacing, first)`` for each comma-separated part.

    ``1-3`` turns 1 to 3 coins, ``2`` exactly 2, ``3+`` at least 3; then modifiers: ``C`` consecutive,
    ``E`` equally spaced, ``S`` symmetric, ``F`` coin 1 among those turned, ``C(n)`` all within n adjacent coins.
    """
    rules = []
    for part in code.upper().replace(" ", "").split(","):
        i = 0
        while i < len(part) and (part[i].isdigit() or part[i] in "+-"):
            i += 1
        count, mods = part[:i], part[i:]
        if count.endswith("+"):
            least, most = int(count[:-1]), float("inf")
        elif "-" in count:
            a, b = count.split("-")
            least, most = int(a), int(b)
        else:
            least = most = int(count)
        span, spacing, first = 0, "", False
        while mods:
            if mods.startswith("C("):
                close = mods.index(")")
                span, mods = int(mods[2:close]), mods[close + 1 :]
                continue
            letter, mods = mods[0], mods[1:]
            if letter == "F":
                first = True
            else:
                assert letter in "CES", part
                spacing = letter
        rules.append((least, most, span, spacing, first))
    return rules


def turning_allows(code: str, turned: Sequence[int]) -> bool:
    """Whether a move may turn the coins at the places ``turned`` (increasing, numbered 1.. from the left; the
    last one goes from heads to tails), from the rules in words."""
    a = list(turned)
    for least, most, span, spacing, first in _turning_rules(code):
        if not least <= len(a) <= most:
            continue
        if span and a[-1] - a[0] + 1 > span:
            continue
        if first and a[0] != 1:
            continue
        gaps = [y - x for x, y in zip(a, a[1:])]
        if spacing == "C" and any(g != 1 for g in gaps):
            continue
        if spacing == "E" and len(set(gaps)) > 1:
            continue
        if spacing == "S" and any(a[i] + a[-1 - i] != a[0] + a[-1] for i in range(len(a))):
            continue
        return True
    return False


@cache
def turning_moves(code: str) -> Moves:
    """The move function of the coin-turning game ``code`` on rows of ``H``/``T`` (every subset of coins whose
    rightmost is a head, kept when the code allows it)."""

    def moves(row: str) -> list[str]:
        out = []
        for n, c in enumerate(row, start=1):
            if c != "H":
                continue
            for size in range(n):
                for left in itertools.combinations(range(1, n), size):
                    if turning_allows(code, left + (n,)):
                        coins = list(row)
                        for p in left + (n,):
                            coins[p - 1] = "T" if coins[p - 1] == "H" else "H"
                        out.append("".join(coins))
        return out

    return moves


def turning_coin_values(code: str, n: int) -> list[int]:
    """G of a row with one head, at place 1, 2, ..., n (the whole row searched: no heap representation)."""
    moves = turning_moves(code)
    return [grundy(moves, "T" * (p - 1) + "H") for p in range(1, n + 1)]


# ---------------------------------------------------------------- sweeps (sprague sweep): one heap of a code
def sweep_octal_values(code: str, n: int) -> list[int]:
    """G(0..n-1) of a single heap in the take-and-break game ``code`` (``d0.d1d2...``, digits 0-9, A-V), from the
    rule: :func:`naive_tb_values` of the code's digits (bit ``2**j`` of ``d_k``: remove ``k``, leave ``j`` heaps)."""
    rules = naive_tb_rules(code)
    if any(k == 0 and counts & {0, 1} for k, counts in rules):
        raise ValueError(f"{code}: d0 would allow removing 0 tokens and leaving the heap (not a short game)")
    return naive_tb_values(rules, n)


# ---------------------------------------------------------------- take-and-break codes (issue 16: the code language)
#: a take-and-break rule: for an amount ``k`` removed (negative: ``-k`` tokens added), the heap counts the rest may
#: be left as, each ``(count, more, constraint)``: ``count`` heaps (``more``: or any larger number), with the
#: constraint ``""`` none, ``"!"`` pairwise unequal, ``"?"`` not all equal, ``"="`` all equal. A constraint
#: only restricts moves that leave two or more heaps. ``None`` for an amount that allows nothing.
TBRule = Callable[[int], "list[tuple[int, bool, str]] | None"]


@cache
def _rising_parts(m: int, i: int, lo: int) -> list[tuple[int, ...]]:
    """Every non-decreasing tuple of ``i`` parts, each at least ``lo``, with sum ``m`` (all of them, listed)."""
    if i == 0:
        return [()] if m == 0 else []
    return [(a,) + rest for a in range(lo, m + 1) for rest in _rising_parts(m - a, i - 1, a)]


def _allowed_parts(parts: tuple[int, ...], constraint: str) -> bool:
    if len(parts) < 2 or constraint == "":
        return True
    if constraint == "!":
        return len(set(parts)) == len(parts)
    if constraint == "?":
        return len(set(parts)) > 1
    return len(set(parts)) == 1


def takebreak_heap_options(rule: TBRule, additive: int, n: int) -> set[tuple[int, ...]]:
    """The options of one heap of ``n``: every way to remove ``k`` (``-additive <= k <= n``) and leave the rest as
    an allowed number of non-empty heaps (sorted tuples). Raises ValueError on a part not smaller than ``n``."""
    out: set[tuple[int, ...]] = set()
    if n == 0:
        return out
    for k in range(-additive, n + 1):
        entries = rule(k)
        if not entries:
            continue
        m = n - k
        for count, more, constraint in entries:
            for i in range(count, (m if more else count) + 1):
                for parts in _rising_parts(m, i, 1):
                    if _allowed_parts(parts, constraint):
                        if any(p >= n for p in parts):
                            raise ValueError(f"loopy: heap {n} -> {parts}")
                        out.add(parts)
    return out


def takebreak_sequence(rule: TBRule, n: int, additive: int = 0) -> list[int]:
    """G(0..n-1) of a one-heap take-and-break rule (see :data:`TBRule`), by listing every option: O(options)."""
    g: list[int] = []
    for h in range(n):
        g.append(mex({xor_all(g[p] for p in parts) for parts in takebreak_heap_options(rule, additive, h)}))
    return g


def takebreak_loops(rule: TBRule, additive: int, most: int = 30) -> bool:
    """Whether some heap of at most ``most`` tokens has an option with a part at least as large as itself."""
    try:
        for h in range(1, most + 1):
            takebreak_heap_options(rule, additive, h)
    except ValueError:
        return True
    return False


# ---------------------------------------------------------------- loopy games (game graphs with cycles)
def loopy_outcomes(options: Sequence[Sequence[int]]) -> list[str]:
    """P, N or D of every vertex of a game graph that may have cycles, from the definitions alone.

    A vertex with no move is P (the player to move loses); one with a move to a P-vertex
    is N; one whose every move goes to an N-vertex is P; repeated until nothing changes.
    What is left is D: neither player can force a win, and play goes on for ever.
    """
    n = len(options)
    out = ["?"] * n
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if out[v] != "?":
                continue
            if any(out[w] == "P" for w in options[v]):
                out[v], changed = "N", True
            elif all(out[w] == "N" for w in options[v]):
                out[v], changed = "P", True
    return ["D" if o == "?" else o for o in out]


def game_graph(moves: Callable[[Any], Iterable[Any]], start: Any, limit: int) -> tuple[list[list[int]], list[Any]]:
    """The game graph from ``start`` (breadth first, positions numbered as met) and its positions in that order."""
    index = {start: 0}
    order = [start]
    graph: list[list[int]] = []
    for pos in order:
        outs = []
        for o in moves(pos):
            if o not in index:
                index[o] = len(order)
                order.append(o)
                assert len(order) <= limit, f"the graph from {start!r} has more than {limit} positions"
            outs.append(index[o])
        graph.append(outs)
    return graph, order
