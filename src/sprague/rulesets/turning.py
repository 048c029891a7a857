"""Coin-turning games by their codes, and their heap representation (Winning Ways ch. 14).

A row of coins, each heads (H) or tails (T), numbered 1, 2, ... from the left. A move
turns over some coins, the rightmost of them from heads to tails; which sets of coins
may be turned is given by a *turning code* (after CGSuite's ``Turning``): a
comma-separated list of parts, any one of which a move may follow. A part is a count
of coins -- ``3`` (exactly three), ``1-3`` (one to three), ``2+`` (two or more) --
followed by modifiers:

=========  =================================================================
``C``      the coins turned are consecutive
``E``      the coins turned are equally spaced
``S``      the coins turned are symmetrically arranged (about their middle)
``F``      coin 1, the leftmost of the row, is among the coins turned
``C(n)``   the coins turned lie within ``n`` adjacent coins
=========  =================================================================

The *heap representation*: a head at place ``n`` is a heap of ``n``, and a move
turning ``a_1 < ... < a_k`` (``a_k`` heads to tails) moves heap ``a_k`` to the heaps
``a_1, ..., a_{k-1}``. Under normal play two equal heaps cancel, so the value of a row
is the nim-sum of ``G(n)`` over its heads, ``G`` the single-heap values of the heap
game (:class:`Spawning`, ``turning-heaps``). Under misère play this shortcut fails
(Winning Ways ch. 14): the rows are searched.

>>> import sprague
>>> mock = sprague.ruleset("turning", code="1-3")
>>> mock.rules()
'turn 1 to 3 coins; the rightmost coin turned goes from heads to tails'
>>> mock.heaps.sequence(9).tolist()  # the odious numbers (Mock Turtles)
[0, 1, 2, 4, 7, 8, 11, 13, 14]
>>> mock.grundy("THHTTH"), mock.grundy("THHTTH", method="search")  # heads at 2, 3, 6: 2 ^ 4 ^ 11
(13, 13)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from math import comb
from operator import xor
from typing import Any, ClassVar

import numpy as np

from sprague.core.budget import KERNEL_STEPS_PER_WORK, WORK_HINT, charge, work_cap
from sprague.core.limits import refuse_if_too_large
from sprague.core.ruleset import Param
from sprague.errors import BudgetExceeded, InvalidParameter, TooLarge
from sprague.kernels import turning as _kernel
from sprague.rulesets.heap import HeapRuleset, Heaps
from sprague.rulesets.shapes import CoinRuleset
from sprague.solve.sequence import spend

__all__ = ["Part", "parse_code", "format_code", "code_words", "Spawning", "Turning", "CoinRow"]
ORDER = 41  #: where ``sprague list`` shows this module's rulesets (after Turning Turtles)

_FLIP = {"H": "T", "T": "H"}
_SPACINGS = {"": _kernel.ANY, "C": _kernel.CONSECUTIVE, "E": _kernel.EQUAL, "S": _kernel.SYMMETRIC}
_ALLOWED = (
    "write a count (3, 1-3 or 2+) then modifiers C (consecutive), E (equally spaced), S (symmetric), "
    "F (coin 1 turned), C(n) (within n adjacent coins); parts separated by commas, e.g. 1-3C(5),4FS"
)
#: the largest count or span a code may name (a move turns at most that many coins: rows are far shorter)
MAX_CODE_NUMBER = 10**6


@dataclass(frozen=True)
class Part:
    """One comma-separated part of a turning code: which sets of coins a move may turn.

    ``least``..``most`` coins (``most`` None: no bound), within ``span`` adjacent coins
    (None: no bound), ``spacing`` one of ``""``, ``"C"`` (consecutive), ``"E"`` (equally
    spaced), ``"S"`` (symmetric), and coin 1 among them if ``first``.
    """

    least: int
    most: int | None
    span: int | None = None
    spacing: str = ""
    first: bool = False

    def text(self) -> str:
        count = (
            f"{self.least}+"
            if self.most is None
            else str(self.least)
            if self.most == self.least
            else f"{self.least}-{self.most}"
        )
        return count + ("F" if self.first else "") + self.spacing + ("" if self.span is None else f"C({self.span})")

    def words(self) -> str:
        if self.most is None:
            count = "any number of coins" if self.least == 1 else f"at least {self.least} coins"
        elif self.most == self.least:
            count = f"exactly {self.least} coin{'s' if self.least > 1 else ''}"
        else:
            count = f"{self.least} to {self.most} coins"
        spacing = {"": "", "C": ", consecutive", "E": ", equally spaced", "S": ", symmetrically arranged"}[self.spacing]
        span = "" if self.span is None else f", all within {self.span} adjacent coins"
        first = ", one of them coin 1 (the leftmost of the row)" if self.first else ""
        return f"turn {count}{spacing}{span}{first}"

    def allows(self, turned: Sequence[int]) -> bool:
        """Whether this part lets a move turn the coins ``turned`` (increasing places, the last heads to tails)."""
        a = list(turned)
        if not a or not self.least <= len(a) <= (self.most or len(a)):
            return False
        if (self.span is not None and a[-1] - a[0] + 1 > self.span) or (self.first and a[0] != 1):
            return False
        gaps = {y - x for x, y in zip(a, a[1:])}
        if self.spacing == "C":
            return gaps <= {1}
        if self.spacing == "E":
            return len(gaps) <= 1
        if self.spacing == "S":
            return all(a[i] + a[-1 - i] == a[0] + a[-1] for i in range(len(a)))
        return True

    def row(self) -> tuple[int, int, int, int, int]:
        """The part as a row of :data:`sprague.kernels.turning.FIELDS`."""
        return (
            self.least,
            _kernel.UNBOUNDED if self.most is None else self.most,
            self.span or 0,
            _SPACINGS[self.spacing],
            int(self.first),
        )

    # the spawned heaps: the coins turned left of the rightmost, at place n ---------------------------------
    def spawns(self, n: int) -> Iterator[tuple[int, ...]]:
        """The coins turned left of coin ``n`` by each move of this part whose rightmost coin is ``n``."""
        lo = 1 if self.span is None else max(1, n - self.span + 1)
        most = n if self.most is None else min(self.most, n)
        if self.least <= 1 and (not self.first or n == 1):
            yield ()
        if (self.first and lo > 1) or n < 2:
            return
        if self.spacing == "":
            low = 2 if self.first else lo
            head = (1,) if self.first else ()
            for k in range(max(self.least, 2), most + 1):
                for rest in itertools.combinations(range(low, n), k - 1 - len(head)):
                    yield head + rest
        elif self.spacing == "C":
            for k in range(max(self.least, 2), min(most, self.span or n) + 1):
                if not self.first or k == n:
                    yield tuple(range(n - k + 1, n))
        elif self.spacing == "E":
            for d in range(1, n - lo + 1):
                for k in range(max(self.least, 2), most + 1):
                    start = n - (k - 1) * d
                    if start < lo:
                        break
                    if not self.first or start == 1:
                        yield tuple(range(start, n, d))
        else:  # symmetric: the leftmost coin, then pairs about the middle and perhaps the middle coin
            for left in (1,) if self.first else range(lo, n):
                inner = n - left - 1
                pairs = [(x, left + n - x) for x in range(left + 1, left + 1 + inner // 2)]
                mids: tuple[tuple[int, ...], ...] = ((), ((left + n) // 2,)) if inner % 2 else ((),)
                for mid in mids:
                    for p in range(len(pairs) + 1):
                        k = 2 + 2 * p + len(mid)
                        if k > most:
                            break
                        if k < self.least:
                            continue
                        for chosen in itertools.combinations(pairs, p):
                            yield tuple(sorted((left, *mid, *(c for pair in chosen for c in pair))))

    def spawn_count(self, n: int) -> int:
        """How many moves of this part have coin ``n`` as their rightmost (:meth:`spawns` counted, not listed)."""
        lo = 1 if self.span is None else max(1, n - self.span + 1)
        most = n if self.most is None else min(self.most, n)
        count = int(self.least <= 1 and (not self.first or n == 1))
        if (self.first and lo > 1) or n < 2:
            return count
        if self.spacing == "":
            free = n - (2 if self.first else lo)
            fixed = 1 + int(self.first)
            return count + sum(
                comb(free, k - fixed) for k in range(max(self.least, 2), most + 1) if 0 <= k - fixed <= free
            )
        if self.spacing == "C":
            ks = range(max(self.least, 2), min(most, self.span or n) + 1)
            return count + sum(1 for k in ks if not self.first or k == n)
        if self.spacing == "E":
            for d in range(1, n - lo + 1):
                top = min(most, (n - lo) // d + 1)
                if self.first:
                    count += int((n - 1) % d == 0 and max(self.least, 2) <= (n - 1) // d + 1 <= top)
                else:
                    count += max(0, top - max(self.least, 2) + 1)
            return count
        if not self.first and self.least <= 2 and most >= n:  # every size: sum over inner = 0..n-1-lo of
            top = n - 1 - lo  # 2^(inner // 2), twice over when inner is odd (the middle coin or not): geometric
            return count + (1 << (top // 2 + 1)) - 1 + ((1 << ((top - 1) // 2 + 2)) - 2 if top >= 1 else 0)
        for left in (1,) if self.first else range(lo, n):
            inner = n - left - 1
            for mid in (0, 1) if inner % 2 else (0,):
                # p symmetric pairs of the inner // 2, with least <= 2 + 2p + mid <= most
                count += _binomial_sum(inner // 2, max(0, -(-(self.least - 2 - mid) // 2)), (most - 2 - mid) // 2)
        return count


def _binomial_sum(m: int, lo: int, hi: int) -> int:
    """comb(m, lo) + ... + comb(m, hi) (clipped to 0..m), in at most m/2 terms: 2^m less the tails when the range
    is wide (a heap of 800 coins of Sym counts its moves in milliseconds, not a minute)."""
    lo, hi = max(lo, 0), min(hi, m)
    if lo > hi:
        return 0
    if hi - lo + 1 <= (m + 1) // 2:
        return sum(comb(m, p) for p in range(lo, hi + 1))
    return (1 << m) - sum(comb(m, p) for p in range(lo)) - sum(comb(m, p) for p in range(hi + 1, m + 1))


_PART = re.compile(r"(\d+)(?:(-)(\d+)|(\+))?")


def parse_code(code: Any, ruleset: str = "turning") -> tuple[Part, ...]:
    """The parts of a turning code such as ``1-3``, ``1+C``, ``4FS``, ``1-3C(5)``, ``2-3,6C``.

    >>> [p.text() for p in parse_code("1-3c(5), 4sf")]
    ['1-3C(5)', '4FS']
    >>> parse_code("1-3X")
    Traceback (most recent call last):
    ...
    sprague.errors.InvalidParameter: turning: code '1-3X' has 'X' at position 4; write a count (3, 1-3 or 2+) then modifiers C (consecutive), E (equally spaced), S (symmetric), F (coin 1 turned), C(n) (within n adjacent coins); parts separated by commas, e.g. 1-3C(5),4FS
    """  # noqa: E501
    if not isinstance(code, str):
        raise InvalidParameter(f"{ruleset}: code={code!r} must be a string such as '1-3'; {_ALLOWED}")
    text = code.upper().replace(" ", "")

    def bad(at: int, why: str = "") -> InvalidParameter:
        if at >= len(text):
            return InvalidParameter(f"{ruleset}: code {code!r} ends too early{why}; {_ALLOWED}")
        return InvalidParameter(f"{ruleset}: code {code!r} has {text[at]!r} at position {at + 1}{why}; {_ALLOWED}")

    if not text:
        raise InvalidParameter(f"{ruleset}: the code is empty; {_ALLOWED}")
    parts, i = [], 0
    while True:
        m = _PART.match(text, i)
        if not m:
            raise bad(i)
        numbers = [int(g) for g in (m.group(1), m.group(3)) if g is not None]
        if max(numbers) > MAX_CODE_NUMBER:
            raise InvalidParameter(
                f"{ruleset}: code {code!r}: {max(numbers):,} coins is more than a code may "
                f"name (at most {MAX_CODE_NUMBER:,})"
            )
        least = numbers[0]
        most: int | None = None if m.group(4) else numbers[-1]
        if least < 1:
            raise InvalidParameter(
                f"{ruleset}: code {code!r}: a move turns at least 1 coin (the rightmost, heads "
                "to tails); write counts from 1"
            )
        if most is not None and most < least:
            raise InvalidParameter(
                f"{ruleset}: code {code!r}: the range {least}-{most} is empty; write the smaller "
                f"count first ({most}-{least})"
            )
        i = m.end()
        span: int | None = None
        spacing, first = "", False
        while i < len(text) and text[i] != ",":
            c = text[i]
            if c == "C" and text[i + 1 : i + 2] == "(":
                close = text.find(")", i)
                inside = text[i + 2 : close] if close > 0 else ""
                if not inside.isdigit() or not inside.isascii():
                    raise bad(
                        i + 2 if close < 0 or not inside else i + 2,
                        " (C(n) needs a whole number n of adjacent coins, e.g. C(5))",
                    )
                if span is not None:
                    raise bad(i, " (C(n) given twice)")
                span = int(inside)
                if span > MAX_CODE_NUMBER:
                    raise InvalidParameter(f"{ruleset}: code {code!r}: C({span}) is more than a code may name")
                i = close + 1
            elif c in "CES":
                if spacing:
                    already = "consecutive" if spacing == "C" else {"E": "equally spaced", "S": "symmetric"}[spacing]
                    raise bad(i, f" (the coins are already {already}: one of C, E, S per part)")
                spacing, i = c, i + 1
            elif c == "F":
                if first:
                    raise bad(i, " (F given twice)")
                first, i = True, i + 1
            else:
                raise bad(i)
        if span is not None and span < least:
            raise InvalidParameter(
                f"{ruleset}: code {code!r}: {least} coins do not fit within {span} adjacent "
                f"coins (C({span})): that part allows no move"
            )
        if span is not None and (most is None or most > span):
            most = max(least, span)  # no more coins than the span holds
        parts.append(Part(least, most, span, spacing, first))
        if i == len(text):
            break
        i += 1  # the comma
        if i == len(text):
            raise bad(i)
    return tuple(parts)


def format_code(parts: Sequence[Part]) -> str:
    """The code written back in its standard form: ``1-3C(5)``, ``4FS``, parts joined by commas."""
    return ",".join(p.text() for p in parts)


def code_words(parts: Sequence[Part]) -> str:
    """The rule in words."""
    return "; or ".join(p.words() for p in parts) + "; the rightmost coin turned goes from heads to tails"


# -------------------------------------------------------------------------------------- closed forms
def _odious(n: int) -> int:
    """The n-th odious number (odd count of 1 bits), n >= 1: 2(n - 1) plus the bit that makes the count odd."""
    return 2 * (n - 1) + (1 - bin(n - 1).count("1") % 2)


#: single-coin values with a closed form, by the code's standard form: (formula, its name)
CLOSED: dict[str, tuple[Callable[[int], int], str]] = {
    "1-2": (lambda n: n, "G(n) = n (Turning Turtles is Nim)"),
    "2": (lambda n: n - 1, "G(n) = n - 1 (Twins: Turning Turtles one place to the right)"),
    "1-3": (_odious, "G(n) = the n-th odious number (Mock Turtles; OEIS A000069)"),
    "1+C": (lambda n: n & -n, "G(n) = the largest power of 2 dividing n (Ruler; OEIS A006519)"),
    "1+": (lambda n: 1 << (n - 1), "G(n) = 2^(n-1) (Motley)"),
}


# -------------------------------------------------------------------------------------- the heap game
class Spawning(HeapRuleset):
    """The heap representation of a coin-turning game: a heap of ``n`` is a head at place ``n``.

    A move takes one heap of ``n`` and leaves the heaps ``a_1 < ... < a_{k-1}``, all smaller
    than ``n``, wherever the turning code lets a move turn the coins ``a_1, ..., a_{k-1}, n``
    (CGSuite's ``Spawning``; Winning Ways ch. 14, "Turn and turn about"). Its single-heap
    values G(n) are the values of a row with one head, at place ``n``, of ``turning``; they
    are computed by a compiled kernel over bitsets of nim-sums (:mod:`sprague.kernels.turning`),
    to thousands of heaps for the codes of Winning Ways, and from a closed form where one is
    known (Mock Turtles, Ruler, Motley, Twins, Turning Turtles).

    Sums of heaps are played as heaps: two equal heaps are two heaps here (they cancel in
    value, not on the board), so under misère play this game is not the coin row.

    Examples
    --------
    >>> import sprague
    >>> sprague.ruleset("turning-heaps", code="1+C").sequence(9).tolist()  # Ruler
    [0, 1, 2, 1, 4, 1, 2, 1, 8]
    >>> sprague.ruleset("turning-heaps", code="4FS").heap_options(6)  # Grunt
    [(1, 2, 5), (1, 3, 4)]
    """

    name = "turning-heaps"
    aliases = ("spawning",)
    source = "-- Winning Ways ch. 14; CGSuite Spawning"
    parameters = (
        Param("code", "str", "the turning code, e.g. 1-3 (Mock Turtles), 1+C (Ruler), 4FS (Grunt)", example="1-3"),
    )
    example = ("5", "7")
    position_help = "heap sizes (coin places) separated by spaces, e.g. 5 7"
    closed_form = "nim-sum of the single-heap values (closed form for some codes)"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.parts = parse_code(self.params["code"], self.name)
        self.params["code"] = format_code(self.parts)
        self._closed = CLOSED.get(self.params["code"])

    def rules(self) -> str:
        """The rule in words (of the coin row this heap game represents)."""
        return code_words(self.parts)

    def turn_sets(self, n: int) -> list[tuple[int, ...]]:
        """The coins turned left of coin ``n`` by each move whose rightmost coin is ``n``, each set once."""
        if n < 1:
            return []
        if len(self.parts) == 1:
            return list(self.parts[0].spawns(n))
        return list(dict.fromkeys(s for p in self.parts for s in p.spawns(n)))

    def heap_options(self, n: int) -> list[Heaps]:
        """The heaps left by each move on a heap of ``n``: the coins turned left of coin ``n`` (``(0,)``: none)."""
        return [s or (0,) for s in self.turn_sets(n)]

    def heap_option_count(self, n: int) -> int:
        """The options of a heap of ``n``, counted without listing (an upper bound when parts overlap)."""
        if n < 1:
            return 0
        total = sum(p.spawn_count(n) for p in self.parts)
        if len(self.parts) > 1 and total <= 10**5:
            return len(self.turn_sets(n))
        return total

    def heap_move_words(self, n: int, parts: Heaps) -> str:
        """``7 -> 1 + 2``: the heap (the head at place 7) is taken and the heaps of the coins turned left of it
        are left (``7 -> 0``: none), as the rule of the heap form says; not heap arithmetic (no tokens are taken)."""
        return f"{n} -> {' + '.join(map(str, parts)) if parts else 'nothing'}"

    def is_heap_option(self, n: int, parts: Heaps) -> bool:
        turned = sorted(p for p in parts if p)
        return (
            n >= 1
            and all(0 < p < n for p in turned)
            and len(set(turned)) == len(turned)
            and any(p.allows([*turned, n]) for p in self.parts)
        )

    def heap_grundy_closed(self, n: int) -> int | None:
        if self._closed is None:
            return None
        return 0 if n == 0 else self._closed[0](n)

    def heap_method(self, n: int) -> str:
        if self._closed is not None:
            return f"closed form: {self._closed[1]}"
        return (
            "single-heap values G(n) = mex of the nim-sums of the turnable coins' values, "
            "by the compiled bitset kernel (heap representation, Winning Ways ch. 14)"
        )

    def sequence_cost(self, n: int) -> int | None:
        """A lower bound of the kernel's work, in units of work, or the values to compute if more (it stops at the
        budget if it needs more)."""
        start = len(self.solver.values)
        if n <= start:
            return 0
        return max(n - start, self._kernel_steps(n) // KERNEL_STEPS_PER_WORK)

    def _kernel_steps(self, n: int) -> int:
        """A lower bound of the steps the kernel counts to compute G(0..n-1) (it computes them all, every time)."""
        steps = 0
        for p in self.parts:
            if p.spacing == "" and p.span is None:
                steps += n * (p.least if p.most is None else p.most)
            elif p.spacing == "":
                steps += n * p.span * (p.least if p.most is None else p.most)  # type: ignore[operator]
            elif p.spacing == "C":
                steps += n * min(n, p.most or n)
            elif p.spacing == "E":
                steps += n * n
            else:
                steps += n * n // 2 if p.first else n * n * n // 4
        return steps

    def sequence_least_work(self, n: int) -> int:
        """A lower bound of the work units computing G(known..n-1) is charged: the kernel's steps
        (:meth:`_kernel_steps`), :data:`~sprague.core.budget.KERNEL_STEPS_PER_WORK` a unit."""
        return 0 if n <= len(self.solver.values) else self._kernel_steps(n) // KERNEL_STEPS_PER_WORK

    def extend_values(self, n: int) -> np.ndarray:
        """The compiled kernel (:func:`sprague.kernels.turning.turning_sequence`), charged to the budget; stopped
        at the budget, the values done are kept."""
        limit = work_cap(self.solver.limit)
        values, reached, why, steps = _kernel.turning_sequence(
            np.array([p.row() for p in self.parts], dtype=np.int64), n, min(limit * KERNEL_STEPS_PER_WORK, 2**62)
        )
        what = f"{self.name} {self.params['code']}: computing single-heap values up to {n - 1:,}"
        if reached < n:
            if reached > len(self.solver.values):
                self.solver.values = values[:reached].copy()  # keep what is done
            spend(-(-steps // KERNEL_STEPS_PER_WORK))  # done before the stop: spent
            if why == "bits":
                raise TooLarge(
                    f"{self.name} {self.params['code']}: G({reached - 1}) = {int(values[reached - 1]):,} "
                    f"reaches 2^{_kernel.MAX_VALUE_BITS}, past what the bitset kernel holds; the values "
                    f"up to heap {reached - 1:,} are known",
                    estimate=n,
                    limit=reached,
                )
            raise BudgetExceeded(
                f"{what} stopped at the work budget of {limit:,} units (about a microsecond each) "
                f"at heap {reached - 1:,} (the values up to it are kept); {WORK_HINT}",
                estimate=-(-(steps + 1) // KERNEL_STEPS_PER_WORK),
                limit=limit,
            )
        charge(steps // KERNEL_STEPS_PER_WORK, what)
        return values


# -------------------------------------------------------------------------------------- the coin row
#: the base class of coin games, by its name before 0.3 (:class:`sprague.rulesets.shapes.CoinRuleset`)
CoinRow = CoinRuleset


class Turning(CoinRuleset):
    """A coin-turning game given by its code (CGSuite's ``Turning``; Winning Ways ch. 14, "Turn and turn about").

    A row of coins, heads (H) or tails (T), numbered 1, 2, ... from the left. A move turns
    over a set of coins that the code allows, the rightmost of them from heads to tails.
    The code is a comma-separated list of parts, each a count (``3``, ``1-3``, ``2+``) and
    modifiers ``C`` (consecutive), ``E`` (equally spaced), ``S`` (symmetric), ``F`` (coin 1
    among those turned), ``C(n)`` (within ``n`` adjacent coins); :meth:`rules` says it in words.

    Normal play: by the heap representation (a head at place ``n`` is a heap of ``n``; the
    heap game is ``turning-heaps``, :class:`Spawning`) the value of a row is the nim-sum of
    the single-coin values G(n) over its heads, G from a closed form (Mock Turtles: the odious
    numbers, OEIS A000069; Ruler: the largest power of 2 dividing n, OEIS A006519; Motley: 2^(n-1))
    or from the heap game's compiled sequence. Misère play searches the row (the heap
    representation does not hold there), refused with its size when the row is too long.

    Examples
    --------
    >>> import sprague
    >>> ruler = sprague.ruleset("turning", code="1+C")
    >>> ruler.grundy("HHHH"), ruler.evaluate("HHHH").method
    (6, 'closed form: nim-sum over the heads of G(n) = the largest power of 2 dividing n (Ruler; OEIS A006519)')
    >>> ruler.winning_moves("HHHH")  # 1 ^ 2 ^ 1 ^ 4 = 6: turn all four
    ['TTTT']
    """

    name = "turning"
    aliases: ClassVar[tuple[str, ...]] = ("coin-turning",)
    source = "-- Winning Ways ch. 14; CGSuite Turning"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("code", "str", "the turning code, e.g. 1-3 (Mock Turtles), 1+C (Ruler), 4FS (Grunt)", example="1-3"),
    )
    listed = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        parse_code(self.params["code"], self.name)  # a bad code is refused in this ruleset's name
        self.heaps = Spawning(code=self.params["code"])
        self.params["code"] = self.heaps.params["code"]
        self.parts = self.heaps.parts

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A named game (a preset code, :mod:`sprague.rulesets.catalogue`) shows its code's closed form, if any."""
        super().__init_subclass__(**kwargs)
        code = cls.preset.get("code") if "preset" in cls.__dict__ else None
        if code is not None and "closed_form" not in cls.__dict__:
            closed = CLOSED.get(format_code(parse_code(code, cls.name)))
            cls.closed_form = None if closed is None else f"nim-sum over the heads of {closed[1]}"

    def _closed(self) -> tuple[Callable[[int], int], str] | None:
        return CLOSED.get(self.params["code"])

    def closed_method(self, position: str) -> str:
        closed = self._closed()
        return f"closed form: nim-sum over the heads of {closed[1]}" if closed else super().closed_method(position)

    def rules(self) -> str:
        """The rule in words."""
        return code_words(self.parts)

    def canonical(self, position: str) -> str:
        """Tails right of the last head never turn: rows equal up to there are the same game."""
        return position.rstrip("T")

    def moves(self, position: str) -> Iterator[str]:
        for n, c in enumerate(position, start=1):
            if c == "H":
                for spawned in self.heaps.turn_sets(n):
                    coins = list(position)
                    coins[n - 1] = "T"
                    for a in spawned:
                        coins[a - 1] = _FLIP[coins[a - 1]]
                    yield "".join(coins)

    def option_count(self, position: str) -> int:
        return sum(self.heaps.heap_option_count(n) for n, c in enumerate(position, start=1) if c == "H")

    def is_move(self, position: str, option: str) -> bool | None:
        if len(option) != len(position):
            return False
        turned = [i for i, (a, b) in enumerate(zip(position, option), start=1) if a != b]
        return (
            bool(turned)
            and position[turned[-1] - 1] == "H"
            and self.heaps.is_heap_option(turned[-1], tuple(turned[:-1]))
        )

    # normal play: the heap representation ------------------------------------------------------------
    def _heads(self, position: str) -> list[int]:
        return [n for n, c in enumerate(position, start=1) if c == "H"]

    def _coin_value(self, n: int) -> int:
        return self.heaps.heap_grundy(n, max_positions=self.solver.limit)

    def closed_grundy(self, position: str) -> int | None:
        if self._closed() is None:
            return None
        return reduce(xor, (self.heaps.heap_grundy_closed(n) or 0 for n in self._heads(position)), 0)

    def computed_grundy(self, position: str) -> int | None:
        return reduce(xor, (self._coin_value(n) for n in self._heads(position)), 0)

    def computed_method(self, position: str) -> str:
        return (
            "heap representation (Winning Ways ch. 14): nim-sum over the heads of the single-coin values G(n), "
            "computed by the heap game's bitset kernel"
        )

    def _options_with_value(self, position: str, value: int, coin: Callable[[int], int]) -> list[str]:
        """Each option of value ``value``: turning coins ``spawned`` and ``n`` changes the nim-sum by their values."""
        values: dict[int, int] = {}  # each coin's value asked once (the sets of coins turned share them)

        def coin_value(n: int) -> int:
            if n not in values:
                values[n] = coin(n)
            return values[n]

        heads = self._heads(position)
        total = reduce(xor, (coin_value(n) for n in heads), 0)
        refuse_if_too_large(
            f"{self.name}: listing the options of {self.format_position(position)}",
            self.option_count(position),
            self.solver.limit,
        )
        found = []
        for n in heads:
            want = total ^ coin_value(n) ^ value
            for spawned in self.heaps.turn_sets(n):
                if reduce(xor, (coin_value(a) for a in spawned), 0) == want:
                    coins = list(position)
                    coins[n - 1] = "T"
                    for a in spawned:
                        coins[a - 1] = _FLIP[coins[a - 1]]
                    found.append("".join(coins))
        return found

    def closed_options_with_value(self, position: str, value: int) -> list[str] | None:
        if self._closed() is None:
            return None
        return self._options_with_value(position, value, lambda n: self.heaps.heap_grundy_closed(n) or 0)

    def computed_options_with_value(self, position: str, value: int) -> list[str] | None:
        return self._options_with_value(position, value, self._coin_value)

    def computed_winning_move(self, position: str) -> str | None:
        found = self.computed_options_with_value(position, 0)
        return found[0] if found else None
