"""Delete Nim and its multi-heap extensions (seeds 000, 001 and 004).

Every game here except :class:`DeleteNim` is a *delete-and-split* game on ``n``
heaps of at least one token: a move deletes ``d`` heaps and splits ``s`` of the
others into ``p`` non-empty parts each, with ``d = s (p - 1)`` so that ``n`` never
changes. A ruleset lists its allowed ``(s, p)`` shapes:

==================  ===================================  =================
ruleset             move                                 (s, p)
==================  ===================================  =================
``vdn``             delete 1 of 2, split the other in 2  (1, 2)
``single-delete``   delete 1, split 1 in 2               (1, 2)
``nmth-delete``     delete k <= n/2, split k in 2        (k, 2), k <= n/2
``half-delete``     delete m of 2m, split m in 2         (m, 2)
``fraction-delete`` delete (k-1)m of km, split m in k    (m, k)
``abo-delete``      delete n-1, split 1 in n             (1, n)
==================  ===================================  =================

Heaps never grow, so a box ``{heaps <= H}`` is closed under moves, which
``sprague verify`` relies on. The theorems themselves are the predicates of
:mod:`sprague.theorems.delete` (plain integer code, exact on Python ints and
compiled unchanged by numba for :mod:`sprague.verify`).
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections import Counter
from collections.abc import Iterator, Sequence
from math import comb
from typing import Any, ClassVar

from sprague.core.nimber import v2, v2_text
from sprague.core.parsing import parse_int
from sprague.core.ruleset import Param
from sprague.errors import InvalidPosition
from sprague.rulesets.heap import Heaps, MultiHeapRuleset
from sprague.rulesets.shapes import CoordinateRuleset
from sprague.theorems.delete import (
    abo_is_p,
    delete_nim_grundy,
    fraction_is_p,
    nmth_is_p,
    oddoid,
    ones_and_twos_is_p,
    single_delete_3_is_p,
    single_delete_4_is_p,
    vdn_grundy,
)

__all__ = [
    "DeleteNim",
    "DeleteSplit",
    "VariantDeleteNim",
    "AllButOneDelete",
    "NoMoreThanHalfDelete",
    "HalfDelete",
    "FractionDelete",
    "SingleDelete",
    "partitions",
    "split_oddoid",
]
ORDER = 60  #: where ``sprague list`` shows this module's rulesets

Shape = tuple[int, int]
_N = r"([0-9][0-9_]*)"
#: a move of Delete Nim as :meth:`DeleteNim.describe_move` writes it
_DELETE_NIM_MOVE = re.compile(rf"delete {_N}, take 1 from {_N}, split {_N} into {_N} \+ {_N}", re.IGNORECASE)


# ------------------------------------------------------------------- splitting
def partitions(h: int, p: int, least: int = 1) -> Iterator[Heaps]:
    """Every way to write ``h`` as ``p`` parts ``>= least`` in non-decreasing order.

    >>> list(partitions(6, 3))
    [(1, 1, 4), (1, 2, 3), (2, 2, 2)]
    """
    if p == 1:
        if h >= least:
            yield (h,)
        return
    for a in range(least, h // p + 1):
        for rest in partitions(h - a, p - 1, a):
            yield (a,) + rest


def _small_split(x: int, k: int) -> list[int]:
    """001 Lemma 5.5(2): ``k <= x <= k(k-1)`` as ``k`` parts, each in 1..k-1."""
    p, q = divmod(x, k)
    if p == k - 1:
        return [k - 1] * k  # x = k(k-1)
    return [p + 1] * q + [p] * (k - q)


def _evenoid_parts(z: int, k: int) -> tuple[int, int]:
    """``z = alpha k(k-1) + beta`` with ``k <= beta <= k(k-1)`` (z k-evenoid)."""
    q = k * (k - 1)
    beta = (z - k) % q + k
    return (z - beta) // q, beta


def split_oddoid(y: int, k: int) -> list[int]:
    """001 Lemma 5.5(3): a k-evenoid ``y < k^s`` as ``k`` k-oddoid parts, each below ``k^(s-1)``.

    ``y = alpha k(k-1) + beta``; alpha is shared out as evenly as possible and beta
    split by Lemma 5.5(2).

    >>> split_oddoid(10, 2), split_oddoid(30, 3)
    ([5, 5], [14, 8, 8])
    """
    alpha, beta = _evenoid_parts(y, k)
    q = k * (k - 1)
    base, extra = divmod(alpha, k)
    return [(base + (i < extra)) * q + b for i, b in enumerate(_small_split(beta, k))]


def _split_each(heaps: Heaps, p: int) -> Iterator[Heaps]:
    """Every way to split each heap into ``p`` parts, the parts joined; lazily (the first comes at once).

    >>> list(_split_each((2, 3), 2))
    [(1, 1, 1, 2)]
    """
    if not heaps:
        yield ()
        return
    for first in partitions(heaps[0], p):
        for rest in _split_each(heaps[1:], p):
            yield first + rest


def _split_keep_class(z: int, k: int) -> list[int]:
    """001 proof of Thm 5.6 (ii): split ``z`` into k-1 small k-oddoid parts plus one large part.

    A k-evenoid ``z = alpha k(k-1) + beta`` gives ``beta_1..beta_(k-1), alpha k(k-1) + beta_k``
    (all k-oddoid); a k-oddoid ``z`` gives ``1, ..., 1, z - (k-1)``.
    """
    if oddoid(z, k):
        return [1] * (k - 1) + [z - (k - 1)]
    alpha, beta = _evenoid_parts(z, k)
    small = _small_split(beta, k)
    return small[:-1] + [alpha * k * (k - 1) + small[-1]]


def _choose(items: Heaps, r: int) -> Iterator[tuple[Heaps, Heaps]]:
    """Each distinct sub-multiset of size ``r`` of sorted ``items``, with what is left."""
    if r == 0:
        yield (), items
        return
    if len(items) < r:
        return
    first = items[0]
    run = 1
    while run < len(items) and items[run] == first:
        run += 1
    tail = items[run:]
    for take in range(min(run, r), -1, -1):
        for chosen, rest in _choose(tail, r - take):
            yield (first,) * take + chosen, (first,) * (run - take) + rest


def _deal(split: list[int], parts: list[int], p: int) -> list[Heaps] | None:
    """``parts`` dealt out ``p`` to each heap of ``split``, each group adding up to its heap (in order), or None.

    >>> _deal([5, 8], [1, 1, 4, 7], 2), _deal([3, 10], [1, 1, 4, 7], 2)
    ([(1, 4), (1, 7)], None)
    """
    if not split:
        return [] if not parts else None
    for group, left in _choose(tuple(parts), p):
        if sum(group) == split[0]:
            rest = _deal(split[1:], list(left), p)
            if rest is not None:
                return [group, *rest]
    return None


def _remove(items: list[int], values: Sequence[int]) -> list[int] | None:
    """``items`` minus the multiset ``values``, or None if ``values`` is not contained."""
    left = list(items)
    for v in values:
        try:
            left.remove(v)
        except ValueError:
            return None
    return left


# -------------------------------------------------------------------- rulesets
class DeleteSplit(MultiHeapRuleset):
    """Base class: delete ``s (p-1)`` heaps and split ``s`` others into ``p`` parts, per ``shapes(n)``."""

    min_heap: ClassVar[int] = 1
    position_help = "heap sizes (each at least 1) separated by spaces, e.g. 3 5 6"
    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    @abstractmethod
    def shapes(self, n: int) -> tuple[Shape, ...]:
        """The ``(s, p)`` pairs of the moves allowed with ``n`` heaps (every ruleset of the family defines it)."""

    def kernel_shapes(self, n: int) -> tuple[Shape, ...]:
        """The moves as the compiled box kernels take them (:mod:`sprague.kernels.box`)."""
        return self.shapes(n)

    def heap_count_error(self, n: int) -> str | None:
        """Why ``n`` heaps cannot be played, or None."""
        return None if n >= 2 else "needs at least 2 heaps"

    def check_position(self, position: Any) -> Heaps:
        heaps = super().check_position(position)
        problem = self.heap_count_error(len(heaps))
        if problem:
            raise InvalidPosition(f"{self.name} {problem}; got {len(heaps)} heap(s): {self.format_position(heaps)}")
        for h in heaps:
            if h < self.min_heap:
                raise InvalidPosition(
                    f"{self.name}: heap {h} is not allowed; every heap has at least {self.min_heap} token(s)"
                )
        return heaps

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        pos = tuple(sorted(position))
        for s, p in self.shapes(len(pos)):
            for split, rest in _choose(pos, s):
                if split[0] < p:
                    continue
                for _deleted, kept in _choose(rest, s * (p - 1)):
                    for parts in _split_each(split, p):
                        yield tuple(sorted(kept + parts))

    def option_count(self, position: Heaps) -> int:
        n, top = len(position), max(position)
        return sum(comb(n, s) * comb(n - s, s * (p - 1)) * comb(max(top - 1, 0), p - 1) ** s for s, p in self.shapes(n))

    def estimate_positions(self, position: Heaps) -> int:
        """Multisets of ``n`` heaps in ``1..max``: every position reachable lies among them."""
        return comb(max(position) - self.min_heap + len(position), len(position))

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        """Decided by matching the option's heaps to split parts and kept heaps (no listing)."""
        if len(option) != len(position) or min(option) < self.min_heap:
            return False
        pos, opt = tuple(sorted(position)), sorted(option)
        for s, p in self.shapes(len(pos)):
            for split, rest in _choose(pos, s):
                if self._parts_match(list(split), opt, p, rest):
                    return True
        return False

    def _parts_match(self, split: list[int], opt: list[int], p: int, rest: Heaps) -> bool:
        """Whether ``opt`` is the parts of each heap of ``split`` (p each) plus heaps kept from ``rest``."""
        if not split:
            return _remove(list(rest), opt) is not None
        h = split[0]
        for parts, left in _choose(tuple(opt), p):
            if sum(parts) == h and self._parts_match(split[1:], list(left), p, rest):
                return True
        return False

    def describe_move(self, position: Heaps, option: Heaps) -> str:
        """``delete 3, split 6 into 1 + 5`` (``split 5 into 1 + 4 and 8 into 1 + 7``): the first reading that fits.

        A reading deletes heaps, keeps heaps and deals the option's other heaps out, ``p`` to each split heap,
        each group adding up to its heap (001 Def 3.1-5.3: "splits each of the remaining heaps").
        """
        want = Counter(option)
        for s, p in self.shapes(len(position)):
            for split, rest in _choose(tuple(sorted(position)), s):
                for deleted, kept in _choose(rest, s * (p - 1)):
                    if Counter(kept) - want:
                        continue
                    groups = _deal(list(split), sorted((want - Counter(kept)).elements()), p)
                    if groups is not None:
                        dele = f"delete {', '.join(map(str, deleted))}, " if deleted else ""
                        said = " and ".join(f"{h} into {' + '.join(map(str, g))}" for h, g in zip(split, groups))
                        return f"{dele}split {said}"
        return f"to {self.format_position(tuple(sorted(option)))}"

    # closed forms -----------------------------------------------------------
    def closed_grundy(self, position: Heaps) -> int | None:
        """With two heaps every ruleset here is VDN (001 section 2): 000 Thm 1.8 gives G."""
        if len(position) == 2:
            return vdn_grundy(sorted(position))
        return None

    def closed_method(self, position: Heaps) -> str:
        if len(position) == 2:
            return "closed form: 000 Thm 1.8 (two heaps: the game is VDN), G = v2(((x-1) OR (y-1)) + 1)"
        return f"closed form: {self.closed_form}"

    def closed_explanation(self, position: Heaps) -> str | None:
        if len(position) != 2:
            return None
        x, y = sorted(position)
        n = ((x - 1) | (y - 1)) + 1
        return f"x = {x}, y = {y}: ((x-1) OR (y-1)) + 1 = {n}, and G = {v2_text(n)}"

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        if len(position) == 2:
            return _vdn_winning_move(tuple(sorted(position)))
        return None


def _vdn_winning_move(pos: Heaps) -> Heaps | None:
    """000 proof of Thm 1.1 through Lemma 1.7: a heap with bit 0 of ``h - 1`` set is even; split it 1 + (h-1)."""
    for h in pos:
        if h % 2 == 0:
            return (1, h - 1)
    return None


class DeleteNim(CoordinateRuleset):
    """Delete Nim (000 section 0.3): choose a non-empty heap, delete the other, take 1 token, split the rest.

    Two heaps of ``x, y >= 0`` tokens; the rest of the chosen heap is split into two
    possibly empty heaps. Closed form (000 Thm 1.1): ``G(x, y) = v2((x OR y) + 1)``;
    P iff both heaps are even (001 Thm 2.2). Winning moves for every smaller value
    are constructive (000 proof of Thm 1.1): from a heap with bit ``h'`` set go to
    ``(x - 2^h', 2^h' - 1)``.
    """

    name = "delete-nim"
    aliases = ("deletenim",)
    source = "000 (Abuku & Suetsugu 2021) section 0.3, Thm 1.1; 001 Thm 2.2"
    example = ("9", "10")
    position_help = "two heap sizes (0 allowed), e.g. 9 10"
    closed_form = "000 Thm 1.1, G = v2((x OR y) + 1)"

    def check_position(self, position: Any) -> Heaps:
        heaps = super().check_position(position)
        for h in heaps:
            if h < 0:
                raise InvalidPosition(f"delete-nim: heap {h} is negative; heaps are 0 or more tokens")
        return heaps

    def kernel_shapes(self, n: int) -> tuple[Shape, ...]:
        """Delete Nim's move, code ``(0, 0)`` of :mod:`sprague.kernels.box`."""
        return ((0, 0),)

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        for h in sorted(set(position)):
            for a in range(0, (h - 1) // 2 + 1):
                if h:
                    yield (a, h - 1 - a)

    def option_count(self, position: Heaps) -> int:
        return sum(h // 2 + 1 for h in position)

    def estimate_positions(self, position: Heaps) -> int:
        return comb(max(position) + 2, 2)

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        return len(option) == 2 and min(option) >= 0 and sum(option) + 1 in [h for h in position if h]

    def describe_move(self, position: Heaps, option: Heaps) -> str:
        """``delete 9, take 1 from 11, split 10 into 0 + 10``: the two steps of the move in 000's words.

        000 section 0.3: select a non-empty heap and delete the other; remove 1 token from
        the selected heap and split it into two (possibly empty) heaps.
        """
        a, b = sorted(option)
        for i, h in enumerate(position):
            if h and a + b == h - 1:
                return f"delete {position[1 - i]}, take 1 from {h}, split {h - 1} into {a} + {b}"
        return super().describe_move(position, option)

    def parse_move(self, position: Heaps, text: str) -> Heaps | None:
        """The words of :meth:`describe_move` (no listing: heaps of any size); the caller checks legality."""
        m = _DELETE_NIM_MOVE.fullmatch(" ".join(text.split()))
        if m is None:
            return None
        gone, chosen, rest, a, b = (parse_int(t) for t in m.groups())
        if sorted(position) != sorted((gone, chosen)) or chosen - 1 != rest or a + b != rest:
            return None
        return (a, b)

    def closed_grundy(self, position: Heaps) -> int:
        return delete_nim_grundy(position)

    def closed_explanation(self, position: Heaps) -> str:
        x, y = position
        return f"x = {x}, y = {y}: (x OR y) + 1 = {(x | y) + 1}, and G = {v2_text((x | y) + 1)}"

    def option_with_value(self, position: Heaps, value: int) -> Heaps | None:
        """One option of value ``value < G``, from a heap with bit ``value`` set (000 proof of Thm 1.1)."""
        if value >= self.closed_grundy(position):
            return None
        bit = 1 << value
        h = next(h for h in sorted(position) if h & bit)
        return tuple(sorted((h - bit, bit - 1)))

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        return self.option_with_value(position, 0)


class VariantDeleteNim(CoordinateRuleset, DeleteSplit):
    """Variant Delete Nim, VDN (000 section 1; 001 Def 2.3; 004 section 1.2): delete one heap, split the other in two.

    Two heaps of at least one token. Closed forms: P iff both heaps are odd
    (000 Thm 1.5, Stankova & Rike); ``G(x, y) = v2(((x-1) OR (y-1)) + 1)``
    (000 Thm 1.8), since ``F(x, y) = (x-1, y-1)`` maps VDN onto Delete Nim
    move for move (000 Lemma 1.7, checked by the tests).
    """

    name = "vdn"
    aliases = ("variant-delete-nim", "delete-nim-variant")
    source = "000 Thm 1.5, Lemma 1.7, Thm 1.8; 001 Def 2.3; 004 section 1.2"
    example = ("8", "5")
    position_help = "two heap sizes (each at least 1), e.g. 8 5"
    closed_form = "000 Thm 1.8, G = v2(((x-1) OR (y-1)) + 1)"

    def shapes(self, n: int) -> tuple[Shape, ...]:
        return ((1, 2),)


class AllButOneDelete(DeleteSplit):
    """All-but-one-delete Nim (001 section 3): delete n-1 heaps, split the last into n.

    Closed form (001 Thm 3.2): P iff every heap's remainder mod ``n(n-1)`` is in
    ``1..n-1``. A winning move keeps a heap outside that range and splits it into
    ``n`` such heaps (001 Lemma 5.5(2)-(3)).
    """

    name = "abo-delete"
    aliases = ("all-but-one-delete", "abo-delete-nim")
    source = "001 (Abuku, Sakai, Shinoda & Suetsugu 2022) section 3, Thm 3.2"
    example = ("7", "9", "13")
    closed_form = "001 Thm 3.2, P iff every heap mod n(n-1) is in 1..n-1"

    def shapes(self, n: int) -> tuple[Shape, ...]:
        return ((1, n),)

    def closed_outcome(self, position: Heaps) -> str:
        return "P" if abo_is_p(position) else "N"

    def closed_explanation(self, position: Heaps) -> str | None:
        n = len(position)
        if n < 2 or n > 12:
            return None
        m = n * (n - 1)
        out = [h for h in position if not 1 <= h % m <= n - 1]
        rests = ", ".join(f"{h} mod {m} = {h % m}" for h in position)
        verdict = (
            f"every one is in 1..{n - 1}, so P"
            if not out
            else f"{out[0]} mod {m} = {out[0] % m} is not in 1..{n - 1}, so N"
        )
        return f"n = {n} heaps, n(n-1) = {m}: {rests}; {verdict}"

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        n = len(position)
        for z in position:
            if not oddoid(z, n):
                return tuple(sorted(split_oddoid(z, n)))
        return None


class NoMoreThanHalfDelete(DeleteSplit):
    """No-more-than-half-delete Nim (001 section 4): delete k <= n/2 heaps and split k others in two.

    Closed form (001 Thm 4.2): with ``n`` even, P iff every heap is odd; with ``n``
    odd, P iff all heaps have the same 2-adic valuation. Winning moves follow the
    proof (split an even heap as 1 + (h-1), or as ``(h - 2^v, 2^v)`` with ``v``
    the least valuation).
    """

    name = "nmth-delete"
    aliases = ("no-more-than-half-delete",)
    source = "001 section 4, Thm 4.2"
    example = ("3", "4", "6", "9")
    closed_form = "001 Thm 4.2, n even: all odd; n odd: all v2 equal"

    def shapes(self, n: int) -> tuple[Shape, ...]:
        return tuple((k, 2) for k in range(1, n // 2 + 1))

    def closed_outcome(self, position: Heaps) -> str:
        return "P" if nmth_is_p(sorted(position)) else "N"

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        if nmth_is_p(sorted(position)):
            return None
        n = len(position)
        pos = sorted(position, key=v2)
        low = v2(pos[0]) if n % 2 else 0
        high = [z for z in pos if v2(z) > low]
        base = [z for z in pos if v2(z) == low]
        if n % 2 == 0 and len(high) >= n // 2:
            split, kept = high[: n // 2], []
        elif n % 2 == 1 and len(high) > (n - 1) // 2:
            split, kept = high[: (n - 1) // 2], base[:1]
        else:
            split, kept = high, base[len(high) :]
        parts = [q for z in split for q in (z - (1 << low), 1 << low)]
        return tuple(sorted(kept + parts))


class FractionDelete(DeleteSplit):
    """((k-1)/k)n-delete Nim (001 section 5.3): with n = km heaps, delete (k-1)m and split each of the other m into k.

    k = 2 is Half-delete Nim and k = n is All-but-one-delete Nim. Closed form
    (001 Thm 5.6, with the ``<=`` ordering of Thm 5.2, see :func:`fraction_is_p`).
    Winning moves follow the proof of Thm 5.6 (ii)-(iii) with Lemma 5.5.
    """

    name = "fraction-delete"
    aliases: ClassVar[tuple[str, ...]] = ("k-delete", "fraction-delete-nim")
    source = "001 section 5.3, Def 5.3, Lemma 5.5, Thm 5.6"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("k", "int", "each kept heap is split into k parts; n must be a multiple of k", minimum=2, example="2"),
    )
    example = ("3", "5", "8", "10")
    closed_form = "001 Thm 5.6, k-oddoid / k-evenoid heaps"

    @property
    def k(self) -> int:
        return int(self.params["k"])

    def heap_count_error(self, n: int) -> str | None:
        k = self.k
        if n < k or n % k:
            return f"with k={k} needs a multiple of {k} heaps (n = km)"
        return None

    def shapes(self, n: int) -> tuple[Shape, ...]:
        return ((n // self.k, self.k),)

    def closed_outcome(self, position: Heaps) -> str:
        return "P" if fraction_is_p(sorted(position), self.k) else "N"

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        k = self.k
        z = sorted(position)
        if fraction_is_p(z, k):
            return None
        m = len(z) // k
        pivot = (k - 1) * m  # 0-based index of z_((k-1)m+1)
        evenoid_low = [i for i in range(pivot + 1) if not oddoid(z[i], k)]
        if evenoid_low:  # proof (ii): split z_i and the m-1 largest heaps
            i = evenoid_low[0]
            others = z[pivot + 1 :]
        else:  # proof (iii): split z_((k-1)m+1) .. z_km, z_i an evenoid one below k^s
            power = 1
            while power <= z[pivot]:
                power *= k
            i = next(j for j in range(pivot + 1, len(z)) if not oddoid(z[j], k) and z[j] < power)
            others = [z[j] for j in range(pivot, len(z)) if j != i]
        parts = split_oddoid(z[i], k) + [q for h in others for q in _split_keep_class(h, k)]
        return tuple(sorted(parts))


class HalfDelete(FractionDelete):
    """Half-delete Nim (001 section 5, Thm 5.2): with 2m heaps, delete m and split each of the other m in two.

    Closed form (001 Thm 5.2): sort ``z_1 <= ... <= z_2m``, ``2^s`` the least power of
    2 above ``z_(m+1)``; P iff ``z_1..z_(m+1)`` are odd and every even heap is ``>= 2^s``.
    """

    name = "half-delete"
    aliases = ("half-delete-nim",)
    source = "001 section 5, Thm 5.2"
    parameters = ()
    example = ("3", "5", "8", "10")
    closed_form = "001 Thm 5.2"

    @property
    def k(self) -> int:
        return 2

    def heap_count_error(self, n: int) -> str | None:
        return None if n >= 2 and n % 2 == 0 else "needs an even number of heaps (n = 2m)"


class SingleDelete(DeleteSplit):
    """Single-delete Nim (004 Def 1.2; 001 section 6): delete one heap and split one of the others in two.

    Closed forms for the outcome: n = 2 is VDN (000 Thm 1.5, with Grundy values
    from Thm 1.8); n = 3, 004 Thm 1.4; n = 4, 004 Thm 1.5 (:func:`single_delete_4_is_p`).
    For n >= 5 the papers give only partial results, and so does this ruleset:
    all heaps odd is P (004 Prop 4.1); one or two even heaps is N (its proof: delete an
    even or odd heap and split the other even heap into two odd ones); heaps of
    only 1 and 2 follow :func:`ones_and_twos_is_p` (004 Prop 4.2 and its proof).
    Other positions are searched. Winning moves split off a power of two, as in
    004's proof of Lemma 3.2.
    """

    name = "single-delete"
    aliases = ("single-delete-nim", "sdn")
    source = "004 (Shinoda 2024) Def 1.2, Thm 1.4, Thm 1.5, Prop 4.1, Prop 4.2; 001 section 6"
    example = ("6", "5", "4", "3")

    def shapes(self, n: int) -> tuple[Shape, ...]:
        return ((1, 2),)

    def closed_outcome(self, position: Heaps) -> str | None:
        rule = self._rule(position)
        if rule is None:
            return None
        return "P" if rule[1](sorted(position)) else "N"

    def _rule(self, position: Heaps) -> tuple[str, Any] | None:
        n = len(position)
        if n == 2:
            return "000 Thm 1.5 (VDN), P iff both heaps odd", lambda h: h[0] % 2 == 1 and h[1] % 2 == 1
        if n == 3:
            return "004 Thm 1.4, P iff v2(x) = v2(y) = v2(z)", single_delete_3_is_p
        if n == 4:
            return "004 Thm 1.5 with (5A) corrected by search (see single_delete_4_is_p)", single_delete_4_is_p
        evens = sum(1 for h in position if h % 2 == 0)
        if evens <= 2:
            return ("004 Prop 4.1 and its proof, all odd is P, one or two even heaps is N", lambda h: evens == 0)
        if max(position) <= 2:
            return "004 Prop 4.2 extended to heaps of 1 and 2 (see ones_and_twos_is_p)", ones_and_twos_is_p
        return None

    def closed_method(self, position: Heaps) -> str:
        rule = self._rule(position)
        if len(position) == 2:
            return super().closed_method(position)
        return f"closed form: {rule[0]}" if rule else "search"

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        if self.closed_outcome(position) != "N":
            return None
        pos = tuple(sorted(position))
        evens = [h for h in pos if h % 2 == 0]
        if len(pos) == 2 or len(pos) >= 5 and len(evens) <= 2:
            # delete one heap (an even one if there are two) and split the last even heap 1 + (e-1)
            rest = _remove(list(pos), [evens[-1], evens[0] if len(evens) == 2 else _odd_or_other(pos, evens[-1])])
            assert rest is not None
            return tuple(sorted(rest + [1, evens[-1] - 1]))
        if len(pos) >= 5:
            return self._ones_and_twos_move(pos)
        return self._power_split_move(pos)

    def _ones_and_twos_move(self, pos: Heaps) -> Heaps | None:
        """Take the number of 2s down to a multiple of 3 (004 proof of Prop 4.2)."""
        n, t = len(pos), pos.count(2)
        for drop in (1, 2):
            new_t = t - drop
            if new_t >= 0 and (drop == 2 or t < n) and new_t % 3 == 0:
                return tuple([1] * (n - new_t) + [2] * new_t)
        return None

    def _power_split_move(self, pos: Heaps) -> Heaps | None:
        """Try the splits ``h -> (h - 2^k, 2^k)`` of 004's proof of Lemma 3.2, for the few ``k`` it uses.

        The proof splits off ``2^k`` with ``k`` one of the valuations a, b, c, d or the
        least ``k`` above one of them where a column condition fails; every such
        candidate is checked with the theorem, so a returned move is always a P-position.
        """
        vals = sorted({v2(h) for h in pos})
        ks = set(vals)
        if len(pos) == 4:
            w, x, y, z = sorted(pos, key=v2)
            at_least_3 = (w & x & y) | (w & x & z) | (w & y & z) | (x & y & z)
            masks = [~(w | x), ~((w & x) | (w & y) | (x & y)), (w | x | y | z) & ~at_least_3]
            for t in vals:
                for mask in masks:
                    above = mask >> (t + 1)
                    if above:
                        ks.add((above & -above).bit_length() + t)  # lowest set bit above t
        for k in sorted(ks):
            part = 1 << k
            for i, h in enumerate(pos):
                if h <= part or (i and pos[i - 1] == h):
                    continue
                rest = pos[:i] + pos[i + 1 :]
                for j, gone in enumerate(rest):
                    if j and rest[j - 1] == gone:
                        continue
                    option = tuple(sorted(rest[:j] + rest[j + 1 :] + (h - part, part)))
                    if self.closed_outcome(option) == "P":
                        return option
        return None


def _odd_or_other(pos: Heaps, keep: int) -> int:
    """A heap to delete that is not the (one) even heap ``keep``: the smallest odd heap."""
    return next(h for h in pos if h % 2 == 1)
