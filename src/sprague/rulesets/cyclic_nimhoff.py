"""Nimhoff, the cyclic Nimhoff and the generalized cyclic Nimhoff GCN(h; S1, ..., Sn) (seed 003).

* ``nimhoff -p R="1,1;2,0"``: remove any positive number from one heap, or
  subtract a vector of ``R`` from the heaps (003 section 1.3, Fraenkel & Lorberbom).
* ``cyclic-nimhoff -p h=3``: ``R = {s : 0 < sum(s) < h}``; closed form
  ``G = (xor of floor(x_i / h)) h + (sum x_i) mod h`` (003 section 1.3).
* ``gcn -p h=4 -p sets="all;1-7;all-but:4,8"``: heap ``i`` loses an amount of
  ``S_i``, or the heaps lose ``s`` with ``0 < sum(s) < h`` (003 Def 2.1). Closed
  form 003 Thm 2.1, used only where every ``S_i``'s G-sequence is *proved* to be
  an h-stair (:meth:`GeneralizedCyclicNimhoff.stair_certificate`); otherwise search.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from math import comb
from operator import xor
from typing import Any, ClassVar

from sprague.analysis.stairs import certified_stair, stair_proof_length
from sprague.core.ruleset import Param
from sprague.core.sets import SubtractionSet
from sprague.errors import InvalidPosition, TooLarge
from sprague.rulesets.heap import Heaps, MultiHeapRuleset

__all__ = ["Nimhoff", "CyclicNimhoff", "GeneralizedCyclicNimhoff", "cyclic_vectors", "cyclic_vector_count"]
ORDER = 70  #: where ``sprague list`` shows this module's rulesets


def cyclic_vectors(position: Heaps, h: int) -> Iterator[tuple[int, ...]]:
    """Every vector ``s`` with ``0 < sum(s) < h`` and ``s_i <= x_i`` (the cyclic moves)."""
    n = len(position)

    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            yield ()
            return
        for v in range(min(left, position[i]) + 1):
            for rest in rec(i + 1, left - v):
                yield (v,) + rest

    for vec in rec(0, h - 1):
        if any(vec):
            yield vec


def cyclic_vector_count(position: Heaps, h: int) -> int:
    """The number of cyclic moves: vectors with ``0 < sum(s) < h`` and ``s_i <= x_i``.

    Exact when ``h - 1 >= sum(x)`` (every vector counts) or ``h <= 100,000`` (a count
    by partial sums); otherwise the smaller of the two obvious upper bounds.
    """
    n = len(position)
    every = reduce(lambda a, x: a * (x + 1), position, 1) - 1
    if h - 1 >= sum(position):
        return every
    if h > 100_000:
        return min(every, comb(h - 1 + n, n) - 1)
    ways = [1] + [0] * (h - 1)  # ways[t]: vectors so far with sum t (t < h)
    for x in position:
        prefix = [0]
        for w in ways:
            prefix.append(prefix[-1] + w)
        ways = [prefix[t + 1] - prefix[max(0, t - x)] for t in range(h)]
    return sum(ways) - 1


class Nimhoff(MultiHeapRuleset):
    """Nimhoff (003 section 1.3, Fraenkel & Lorberbom): take from one heap, or subtract a vector of R.

    ``R`` is a set of vectors of non-negative integers, one entry per heap, without
    the zero vector; the number of heaps is their length. Each vector of R is
    subtracted **once** per move; NimHof (``nimhof``, :mod:`sprague.rulesets.generalized_wythoff`)
    is the game where a move subtracts any positive multiple of a rule vector. No
    closed form in general: values come from search.
    """

    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    name = "nimhoff"
    source = "003 section 1.3 -- Fraenkel & Lorberbom"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("R", "vectors", 'move vectors, one entry per heap, e.g. "1,1;2,0"', example="1,1;2,0"),
    )
    example = ("3", "4")
    position_help = "one heap size per entry of R's vectors, e.g. 3 4"

    def check_position(self, position: Any) -> Heaps:
        heaps = super().check_position(position)
        n = len(self.params["R"][0])
        if len(heaps) != n:
            raise InvalidPosition(f"nimhoff with vectors of length {n} is played on {n} heaps, got {len(heaps)}")
        return heaps

    interchangeable_heaps = False  # R's vectors are ordered

    def canonical(self, position: Heaps) -> Any:
        return tuple(position)  # R's vectors are ordered: heaps are not interchangeable

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        for i, x in enumerate(position):
            for m in range(x - 1, -1, -1):
                yield position[:i] + (m,) + position[i + 1 :]
        for vec in self.params["R"]:
            if all(v <= x for v, x in zip(vec, position)):
                yield tuple(x - v for x, v in zip(position, vec))

    def option_count(self, position: Heaps) -> int:
        return sum(position) + len(self.params["R"])


class CyclicNimhoff(MultiHeapRuleset):
    """The cyclic Nimhoff (003 section 1.3, Fraenkel & Lorberbom): Nimhoff with R = {s : 0 < sum(s) < h}.

    Closed form (003 section 1.3): ``G(x) = (xor_i floor(x_i / h)) h + (sum_i x_i) mod h``,
    exact for heaps of any size. ``h = 1`` is Nim.
    """

    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    name = "cyclic-nimhoff"
    aliases = ("cyclic-nimhoff-game",)
    source = "003 section 1.3 -- Fraenkel & Lorberbom"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("h", "int", "the cyclic moves take fewer than h tokens in all", minimum=1, example="3"),
    )
    example = ("5", "7", "3")
    closed_form = "003 s.1.3, G = (xor of floor(x_i/h)) h + (sum x_i) mod h"

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        yield from _single_and_cyclic(position, [SubtractionSet.all_but()] * len(position), self.params["h"])

    def option_count(self, position: Heaps) -> int:
        h = self.params["h"]
        return sum(max(0, x - h + 1) for x in position) + cyclic_vector_count(position, h)

    def closed_grundy(self, position: Heaps) -> int:
        h = self.params["h"]
        return reduce(xor, (x // h for x in position), 0) * h + sum(position) % h

    def closed_explanation(self, position: Heaps) -> str:
        h = self.params["h"]
        quotients = [x // h for x in position]
        q = reduce(xor, quotients, 0)
        return (
            f"h = {h}: floor(x_i/h) = {', '.join(map(str, quotients))}, their nim-sum {q}; sum x_i mod h = "
            f"{sum(position)} mod {h} = {sum(position) % h}; G = {q} x {h} + {sum(position) % h} = "
            f"{self.closed_grundy(position)}"
        )

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        """One heap lowered by any amount, or every heap lowered by s_i >= 0 with 0 < sum s_i < h."""
        if len(option) != len(position):
            return False
        diffs = [x - o for x, o in zip(position, option)]
        if min(diffs) < 0:
            return False
        return sum(1 for d in diffs if d) == 1 or 0 < sum(diffs) < self.params["h"]

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        """The move to value 0 of the proof of 003 Thm 2.1 (with every S_i = N+), built at any size.

        With Q the nim-sum of the quotients and R the remainder of the sum: if Q = 0,
        a cyclic move takes R tokens from the remainders; otherwise a heap whose
        quotient a has ``a xor Q < a`` goes to ``(a xor Q) h + r``, r making the sum
        divisible by h.
        """
        h = self.params["h"]
        q = reduce(xor, (x // h for x in position), 0)
        total = sum(position) % h
        if q == 0:
            if total == 0:
                return None
            left, new = total, []
            for x in position:
                take = min(x % h, left)
                new.append(x - take)
                left -= take
            return tuple(new)
        for j, x in enumerate(position):
            a = x // h
            if a ^ q < a:
                r = -(sum(position) - x) % h
                return position[:j] + ((a ^ q) * h + r,) + position[j + 1 :]
        return None  # pragma: no cover  (some quotient has Q's top bit)


def _single_and_cyclic(position: Heaps, sets: Any, h: int) -> Iterator[Heaps]:
    for i, (x, s) in enumerate(zip(position, sets)):
        for take in s.elements(x):
            yield position[:i] + (x - take,) + position[i + 1 :]
    for vec in cyclic_vectors(position, h):
        yield tuple(x - v for x, v in zip(position, vec))


class GeneralizedCyclicNimhoff(MultiHeapRuleset):
    """The generalized cyclic Nimhoff GCN(h; S1, ..., Sn) (003 Def 2.1).

    Heap ``i`` may lose any amount of its own subtraction set ``S_i`` (finite,
    ``all-but:...`` or ``all``), or the heaps may lose ``s_1, ..., s_n`` with
    ``0 < sum s_i < h``. Closed form (003 Thm 2.1): if every ``S_i``'s G-sequence is
    an h-stair, ``G = (xor_i floor(G_i(x_i) / h)) h + (sum x_i) mod h``. The ruleset
    uses it only with a certificate for each heap (see :meth:`stair_certificate`):
    N+ (003 Example 2.2), or a finite or all-but set whose certified (arithmetic)
    period has h-stair form (:func:`sprague.analysis.stairs.certified_stair`); that
    covers 003 Examples 2.3-2.5, which the tests check by search (Example 2.5's
    "sequence of positive integers" must read non-negative: its first term is
    a(0) = 0). Otherwise it searches.
    """

    board = "grid"  # positions of two heaps are drawn as cells of the grid (x, y), of more heaps as stacks

    name = "gcn"
    aliases = ("generalized-cyclic-nimhoff",)
    source = "003 Def 2.1, Thm 2.1, Examples 2.2-2.5"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("h", "int", "the cyclic moves take fewer than h tokens in all", minimum=1, example="4"),
        Param(
            "sets", "subsets", 'one subtraction set per heap, e.g. "all;1-7;all-but:4,8"', example="all;1-7;all-but:4,8"
        ),
    )
    example = ("5", "6", "9")
    position_help = "one heap size per set, e.g. 5 6 9"
    closed_form = "003 Thm 2.1 (every S_i an h-stair)"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._heap_games: dict[int, Any] = {}
        self._certificates: dict[tuple[int, int], str | None] = {}  # (heap, limit): stair_certificate

    def check_position(self, position: Any) -> Heaps:
        heaps = super().check_position(position)
        n = len(self.params["sets"])
        if len(heaps) != n:
            raise InvalidPosition(
                f"gcn with {n} subtraction sets is played on {n} heaps, got {len(heaps)}: give one set per heap"
            )
        return heaps

    interchangeable_heaps = False  # each heap has its own set

    def canonical(self, position: Heaps) -> Any:
        return tuple(position)  # heaps are not interchangeable: each has its own set

    def moves(self, position: Heaps) -> Iterator[Heaps]:
        yield from _single_and_cyclic(position, self.params["sets"], self.params["h"])

    def option_count(self, position: Heaps) -> int:
        """An upper bound: single-heap moves of at least h tokens, plus the cyclic moves."""
        h = self.params["h"]
        return sum(max(0, x - h + 1) for x in position) + cyclic_vector_count(position, h)

    def estimate_positions(self, position: Heaps) -> int:
        return reduce(lambda a, x: a * (x + 1), position, 1)

    # ---------------------------------------------------------------- closed form
    def stair_certificate(self, i: int) -> str | None:
        """Why heap ``i``'s G-sequence is an h-stair, or None when that is not proved (within the work limit; kept
        per heap and limit, as every closed-form value asks it)."""
        key = (i, self.solver.limit)
        if key not in self._certificates:
            self._certificates[key] = self._stair_certificate(i)
        return self._certificates[key]

    def _stair_certificate(self, i: int) -> str | None:
        s, h = self.params["sets"][i], self.params["h"]
        if s.is_cofinite and not s.exclude:
            return "S = N+: G(x) = x (003 Example 2.2)"
        if not (s.is_finite or (s.is_cofinite and not s.include)):
            return None  # periodic sets: no certified period here
        game = self._heap_game(i)
        try:  # a certificate out of reach means: search instead
            per = game.periodicity(self.solver.limit)
            length = stair_proof_length(per, h)
            if length > self.solver.limit or (
                certified_stair(game.sequence(length, self.solver.limit).tolist(), per, h) is None
            ):
                return None
        except TooLarge:
            return None
        kind = "finite S" if s.is_finite else "all-but S"
        return (
            f"{kind}: certified period {per.period} (preperiod {per.preperiod}, saltus {per.saltus}) and "
            f"h-stair form over a full period"
        )

    def _heap_game(self, i: int) -> Any:
        if i not in self._heap_games:
            from sprague.rulesets.subtraction import AllBut, Subtraction

            s = self.params["sets"][i]
            game = Subtraction(S=sorted(s.include)) if s.is_finite else AllBut(S=sorted(s.exclude))
            self._heap_games[i] = game
        return self._heap_games[i]

    def heap_value(self, i: int, x: int) -> int:
        """``G_{S_i}(x)``, the value of heap ``i`` alone as Subtraction(S_i)."""
        s = self.params["sets"][i]
        if s.is_cofinite and not s.exclude:
            return x
        return int(self._heap_game(i).heap_grundy(x, self.solver.limit))

    def closed_grundy(self, position: Heaps) -> int | None:
        if any(self.stair_certificate(i) is None for i in range(len(position))):
            return None
        h = self.params["h"]
        q = reduce(xor, (self.heap_value(i, x) // h for i, x in enumerate(position)), 0)
        return q * h + sum(position) % h

    def closed_method(self, position: Heaps) -> str:
        why = "; ".join(f"heap {i + 1}: {self.stair_certificate(i)}" for i in range(len(position)))
        return f"closed form: 003 Thm 2.1 ({why})"
