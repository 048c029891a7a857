"""Nim and its classical multi-heap relatives: Wythoff's Nim and Moore's Nim_k."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import reduce
from itertools import combinations
from math import isqrt
from operator import xor

from sprague.analysis.periodicity import Periodicity
from sprague.core.parsing import parse_int
from sprague.core.ruleset import Param
from sprague.rulesets.heap import HeapRuleset, Heaps, MultiHeapRuleset
from sprague.rulesets.shapes import CoordinateRuleset

__all__ = ["Nim", "Wythoff", "Moore", "wythoff_lower", "wythoff_partner", "moore_winning_move", "decreases_at_most"]
ORDER = 10  #: where ``sprague list`` shows this module's rulesets


_BOTH = re.compile(r"take\s+([0-9][0-9_]*)\s+from\s+both\s+heaps", re.IGNORECASE)


class Nim(HeapRuleset):
    """Nim: remove any positive number of tokens from a single heap.

    Closed form (Bouton 1901; handout 002 section 1, 003 section 1.2): the
    Grundy value is the nim-sum ``x1 xor ... xor xn``, so a position is P iff its
    nim-sum is 0. Winning moves are constructive (handout's proof of property 2):
    heap ``x`` goes to ``x xor s`` wherever that is smaller, ``s`` the nim-sum.

    Misère play (Bouton 1901; Winning Ways ch. 13): play as in normal Nim until
    a move would leave no heap of 2 or more, then leave an odd number of heaps
    of 1. So a position with a heap of 2 or more is a misère P-position iff its
    nim-sum is 0, and one of heaps of 0 and 1 iff its number of 1s is odd. Its
    misère Grundy value g- is the nim-sum, or the nim-sum xor 1 when every heap
    is 0 or 1 (nim heaps are tame: Conway, ONAG ch. 12).
    """

    name = "nim"
    aliases = ("bouton",)
    source = "002 (handout) section 1; 003 section 1.2 -- Bouton 1901"
    closed_form = "Bouton's theorem, G = nim-sum of the heaps"

    def heap_options(self, n: int) -> Iterable[Heaps]:
        return ((m,) for m in range(n - 1, -1, -1))

    def heap_option_count(self, n: int) -> int:
        return n

    def heap_grundy_closed(self, n: int) -> int:
        return n

    def explain_winning_move(self, position: Heaps, option: Heaps) -> str:
        return "moves to a P-position: nim-sum becomes 0"

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """A heap of ``n`` goes to ``value`` tokens where that is a move (Bouton: G(m) = m)."""
        return (value,) if value < n else None

    def closed_method(self, position: Heaps) -> str:
        return f"closed form: {self.closed_form}"

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        return decreases_at_most(position, option, 1)

    certifies_periods = True

    def periodicity(self, max_positions: int | None = None) -> Periodicity:
        """G(n) = n: arithmetic periodic with period 1 and saltus 1, by Bouton's theorem."""
        return Periodicity(0, 1, 1, True, "Bouton's theorem: G(n) = n")

    def closed_options_with_value(self, position: Heaps, value: int) -> list[Heaps]:
        s = reduce(xor, position, 0) ^ value
        return [position[:i] + (h ^ s,) + position[i + 1 :] for i, h in enumerate(position) if h ^ s < h]

    # misère play (Bouton 1901)
    def misere_closed_grundy(self, position: Heaps) -> int:
        s = reduce(xor, position, 0)
        return s ^ 1 if all(h <= 1 for h in position) else s

    def misere_closed_method(self, position: Heaps) -> str:
        if all(h <= 1 for h in position):
            return "closed form: misère Nim (Bouton), heaps of 0 and 1: P iff the number of 1s is odd"
        return "closed form: misère Nim (Bouton), a heap of 2 or more: P iff the nim-sum is 0"

    def misere_closed_winning_move(self, position: Heaps) -> Heaps | None:
        """Bouton's misère strategy: the normal move, unless it would leave only heaps of 0 and 1; then
        the one big heap goes to 0 or 1 so that an odd number of 1s is left."""
        big = [i for i, h in enumerate(position) if h >= 2]
        if len(big) == 1:
            i = big[0]
            ones = sum(1 for h in position if h == 1)
            return position[:i] + (1 - ones % 2,) + position[i + 1 :]
        if big:
            return self.closed_winning_move(position)
        one = next((j for j, h in enumerate(position) if h == 1), None)
        if one is None or sum(position) % 2:
            return None  # no move, or an odd number of 1s: a misère P-position
        return position[:one] + (0,) + position[one + 1 :]

    def explain_misere_winning_move(self, position: Heaps, option: Heaps) -> str:
        if all(h <= 1 for h in option):
            return "moves to a misère P-position: an odd number of heaps of 1, nothing larger"
        return "moves to a misère P-position: nim-sum 0 with a heap of 2 or more left"


def decreases_at_most(position: Heaps, option: Heaps, k: int) -> bool:
    """Whether ``option`` comes from ``position`` by lowering between 1 and ``k`` heaps (heaps in any order).

    Heaps the two have in common are kept (an exchange argument shows this loses
    nothing); the rest of ``option`` must be matched to strictly larger heaps of
    ``position``, which sorted order decides.
    """
    if len(position) != len(option):
        return False
    gone = sorted((Counter(position) - Counter(option)).elements())
    new = sorted((Counter(option) - Counter(position)).elements())
    return 1 <= len(gone) <= k and all(b < a for a, b in zip(gone, new))


def wythoff_lower(k: int) -> int:
    """``floor(k * phi)``, phi the golden ratio, exactly for any integer ``k >= 0``.

    ``k * phi = (k + k * sqrt 5) / 2`` and ``k sqrt 5`` is irrational for ``k > 0``,
    so the floor equals ``(k + isqrt(5 k^2)) // 2``.

    >>> [wythoff_lower(k) for k in range(6)]
    [0, 1, 3, 4, 6, 8]
    """
    return (k + isqrt(5 * k * k)) // 2


def wythoff_partner(a: int) -> int:
    """The unique ``b`` with ``{a, b}`` a P-position of Wythoff's Nim.

    Every ``a > 0`` is either ``floor(k phi)`` (partner ``a + k``) or
    ``floor(k phi) + k`` (partner ``floor(k phi)``) for exactly one ``k``
    (Beatty's theorem); ``k`` is found from an integer estimate and checked exactly.

    >>> wythoff_partner(3), wythoff_partner(5)
    (5, 3)
    """
    if a == 0:
        return 0
    k0 = (isqrt(5 * a * a) - a) // 2  # about a / phi
    for k in range(max(k0 - 2, 0), k0 + 3):
        if wythoff_lower(k) == a:
            return a + k
    k1 = (3 * a - isqrt(5 * a * a)) // 2  # about a / phi^2
    for k in range(max(k1 - 2, 1), k1 + 3):
        if wythoff_lower(k) + k == a:
            return a - k
    raise AssertionError(f"no Wythoff partner found for {a}")  # Beatty's theorem excludes this


class Wythoff(CoordinateRuleset):
    """Wythoff's Nim: take any number from one heap, or the same number from both.

    Closed form for the outcome (Wythoff 1907; 003 section 1.2): ``(a, b)`` with
    ``a <= b`` is P iff ``a = floor((b - a) * phi)``, evaluated in exact integer
    arithmetic. No closed form is known for the Grundy values, which come from search.

    Misère play: the misère P-positions are the normal ones with ``(0, 0), (1, 2),
    (2, 1)`` replaced by ``(0, 1), (1, 0), (2, 2)``. (sprague's statement, proved
    so: no move joins two of these positions, since a normal P-position ``(a, a + k)``
    with ``k >= 2`` has ``a >= 3`` and cannot reach ``(0, 1)`` or ``(2, 2)``; and every
    other position has a move to one: where the normal winning move goes to
    ``(0, 0)`` it reaches ``(0, 1)``, ``(1, 0)`` or ``(2, 2)`` instead (``(0, k)``, ``(k, 0)``,
    ``(k, k)``, ``k >= 3``; ``(1, 1)`` to ``(1, 0)``), and where it goes to ``(1, 2)`` or
    ``(2, 1)`` it reaches ``(1, 0)``, ``(2, 2)`` or, diagonally, ``(0, 1)``. ``sprague verify
    misere-wythoff`` checks it against misère search.)
    """

    name = "wythoff"
    aliases = ("wythoffs-nim", "wythoff-nim")
    source = "003 section 1.2 -- Wythoff 1907"
    closed_form = "Wythoff's theorem, P-positions (floor(k phi), floor(k phi) + k)"

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        x, y = position
        for m in range(x - 1, -1, -1):
            yield (m, y)
        for m in range(y - 1, -1, -1):
            yield (x, m)
        for d in range(1, min(x, y) + 1):
            yield (x - d, y - d)

    def option_count(self, position: Heaps) -> int:
        x, y = position
        return x + y + min(x, y)

    def describe_move(self, position: Heaps, option: Heaps) -> str:
        """``take 2 from both heaps``, or ``heap 1: take 2 from 5`` (the two moves of the rules)."""
        (x, y), (a, b) = position, option
        if a < x and x - a == y - b:
            return f"take {x - a} from both heaps"
        return super().describe_move(position, option)

    def parse_move(self, position: Heaps, text: str) -> Heaps | None:
        m = _BOTH.fullmatch(text.strip())
        if m:
            k = parse_int(m.group(1))
            return (position[0] - k, position[1] - k)
        return super().parse_move(position, text)

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        if decreases_at_most(position, option, 1):
            return True
        x, y = position
        return any(a < x and x - a == y - b for a, b in (option, option[::-1]))

    def closed_outcome(self, position: Heaps) -> str:
        a, b = sorted(position)
        return "P" if wythoff_lower(b - a) == a else "N"

    def closed_explanation(self, position: Heaps) -> str:
        a, b = sorted(position)
        k = b - a
        low = wythoff_lower(k)
        pair = f"the P-position with difference k = {k} is (floor(k phi), floor(k phi) + k) = ({low}, {low + k})"
        return f"{pair}; " + (f"({a}, {b}) is it, so P" if low == a else f"({a}, {b}) is not, so N")

    def closed_options_with_value(self, position: Heaps, value: int) -> list[Heaps] | None:
        if value != 0:
            return None
        x, y = position
        found = []
        if wythoff_partner(x) < y:
            found.append((x, wythoff_partner(x)))
        if wythoff_partner(y) < x:
            found.append((wythoff_partner(y), y))
        d = abs(x - y)
        low = wythoff_lower(d)
        if low < min(x, y):
            drop = min(x, y) - low
            found.append((x - drop, y - drop))
        return list(dict.fromkeys(found))

    # misère play: three P-positions of normal play swapped for three others (see the class docstring)
    _NORMAL_ONLY = frozenset({(0, 0), (1, 2), (2, 1)})
    _MISERE_ONLY = ((0, 1), (1, 0), (2, 2))

    def misere_closed_outcome(self, position: Heaps) -> str:
        if tuple(position) in self._MISERE_ONLY:
            return "P"
        return "N" if tuple(position) in self._NORMAL_ONLY else self.closed_outcome(position)

    def misere_closed_method(self, position: Heaps) -> str:
        return (
            "closed form: misère Wythoff, the normal P-positions with (0,0), (1,2), (2,1) replaced by "
            "(0,1), (1,0), (2,2)"
        )

    def misere_closed_winning_move(self, position: Heaps) -> Heaps | None:
        found = self.closed_options_with_value(position, 0) or []
        found = [o for o in found if o not in self._NORMAL_ONLY]
        found += [o for o in self._MISERE_ONLY if self.is_move(position, o)]
        return found[0] if found else None


class Moore(MultiHeapRuleset):
    """Moore's Nim_k: remove at least one token in total from at most ``k`` heaps.

    The parameter ``k`` is the largest number of heaps one move may touch, so
    ``k = 1`` is Nim. 003 section 1.2 words Moore's game as "less than k heaps":
    its k is our ``k + 1``.

    Closed form for the outcome (Moore 1910): a position is P iff, for every bit
    position, the number of heaps with a 1 there is divisible by ``k + 1``. A
    winning move is constructed bit by bit from the top (``winning_move``, see
    :func:`moore_winning_move`), so huge heaps get one at once; ``winning_moves``
    lists all of them, which needs the options listed. Grundy values come from search.

    Misère play (Moore 1910 treats it too): the same rule while a heap of 2 or more
    is left; a position of heaps of 0 and 1 is a misère P-position iff its number
    of 1s is 1 mod ``k + 1``. (``sprague verify misere-moore`` checks it against
    misère search.) A misère winning move is the normal one unless that leaves only
    heaps of 0 and 1; then the large heaps (at most ``k``) go to 0 or 1 and a few
    1s are taken, so that the number of 1s left is 1 mod ``k + 1``.
    """

    name = "moore"
    aliases = ("moores-nim", "nim-k")
    source = "003 section 1.2 -- Moore 1910"
    parameters = (Param("k", "int", "the most heaps one move may take from (k=1 is Nim)", minimum=1, example="2"),)
    closed_form = "Moore's theorem, P iff every binary column sums to 0 mod k+1"
    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        nonzero = [i for i, h in enumerate(position) if h]
        k = min(self.params["k"], len(nonzero))  # a move touches at most the non-empty heaps
        for r in range(1, k + 1):
            for chosen in combinations(nonzero, r):
                yield from _reduce_each(position, chosen)

    def option_count(self, position: Heaps) -> int:
        # elementary symmetric polynomials e_1..e_k of the heap sizes (e_r = 0 for r > number of heaps)
        k = min(self.params["k"], len(position))
        e = [1] + [0] * k
        for h in position:
            for r in range(k, 0, -1):
                e[r] += e[r - 1] * h
        return sum(e[1:])

    def closed_outcome(self, position: Heaps) -> str:
        m = self.params["k"] + 1
        for j in range(max(position, default=0).bit_length()):
            if sum((h >> j) & 1 for h in position) % m:
                return "N"
        return "P"

    def closed_explanation(self, position: Heaps) -> str | None:
        m, bits = self.params["k"] + 1, max(position, default=0).bit_length()
        if bits > 64:
            return None
        counts = [sum((h >> j) & 1 for h in position) for j in range(bits - 1, -1, -1)]
        odd = [bits - 1 - i for i, c in enumerate(counts) if c % m]
        shown = ", ".join(f"2^{bits - 1 - i}: {c}" for i, c in enumerate(counts)) or "no bits"
        return f"1s in each binary column ({shown}); " + (
            f"every count is divisible by k+1 = {m}, so P"
            if not odd
            else f"the column 2^{odd[0]} has {counts[bits - 1 - odd[0]]}, not divisible by k+1 = {m}, so N"
        )

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        return decreases_at_most(position, option, self.params["k"])

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        return moore_winning_move(position, self.params["k"])

    # misère play (see the class docstring)
    def misere_closed_outcome(self, position: Heaps) -> str:
        if any(h >= 2 for h in position):
            return self.closed_outcome(position)
        return "P" if sum(position) % (self.params["k"] + 1) == 1 else "N"

    def misere_closed_method(self, position: Heaps) -> str:
        if any(h >= 2 for h in position):
            return f"closed form: misère {self.closed_form} (a heap of 2 or more is left)"
        return "closed form: misère Moore, heaps of 0 and 1: P iff the number of 1s is 1 mod k+1"

    def misere_closed_winning_move(self, position: Heaps) -> Heaps | None:
        k = self.params["k"]
        big = [i for i, h in enumerate(position) if h >= 2]
        ones = [i for i, h in enumerate(position) if h == 1]
        if big:
            move = self.closed_winning_move(position)
            if move is None or any(h >= 2 for h in move):
                return move  # a normal P-position (misère P too), or the normal move, which keeps a large heap
        # leave t ones, t = 1 mod k+1: the large heaps go to 0 or 1 (x of them to 1), y ones are taken,
        # touching len(big) + y <= k heaps; t may be anything from c - min(c, k - b) to c + b
        b, c = len(big), len(ones)
        lo = c - min(c, k - b)
        t = lo + (1 - lo) % (k + 1)
        if t > c + b or (not big and t == c):
            return None  # no move (the game is over), or already a misère P-position
        y, x = max(0, c - t), max(0, t - c)
        new = list(position)
        for j, i in enumerate(big):
            new[i] = 1 if j < x else 0
        for i in ones[:y]:
            new[i] = 0
        return tuple(new)


def _reduce_each(position: Heaps, chosen: tuple[int, ...]) -> Iterator[Heaps]:
    """Every position with each heap in ``chosen`` strictly smaller, lazily (heaps may be huge)."""
    if not chosen:
        yield position
        return
    i, rest = chosen[0], chosen[1:]
    for v in range(position[i] - 1, -1, -1):
        yield from _reduce_each(position[:i] + (v,) + position[i + 1 :], rest)


def moore_winning_move(heaps: Heaps, k: int) -> Heaps | None:
    """One move of Moore's Nim_k to a P-position, or None from a P-position.

    From the top bit down, with ``t`` heaps already touched (reduced at a higher
    bit, so their lower bits are free) and ``c`` untouched heaps with a 1 in this
    column, ``r = c mod (k+1)``: if ``k + 1 - r <= t`` set that many touched heaps'
    bit; otherwise touch ``r`` more heaps with a 1 here and clear it. Then
    ``t + r <= k`` always, so at most ``k`` heaps are touched, and each decreases.
    """
    m = k + 1
    new = list(heaps)
    touched: list[int] = []
    for j in reversed(range(max(heaps, default=0).bit_length())):
        bit = 1 << j
        ones = [i for i, h in enumerate(heaps) if i not in touched and h & bit]
        r = len(ones) % m
        if r and m - r <= len(touched):
            setting = touched[: m - r]
        else:
            setting = []
            touched.extend(ones[:r])
        for i in touched:
            new[i] = (new[i] | bit) if i in setting else (new[i] & ~bit)
    return tuple(new) if touched else None
