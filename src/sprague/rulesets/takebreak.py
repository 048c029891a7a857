"""Take-and-break games: games in which a move may split a heap."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar

from sprague.analysis.periodicity import Periodicity, certify_octal
from sprague.core.limits import MAX_CODE_DIGITS
from sprague.core.ruleset import Param
from sprague.errors import InvalidParameter
from sprague.rulesets.heap import HeapRuleset, Heaps, PeriodicHeapRuleset

__all__ = ["GrundysGame", "Octal"]
ORDER = 30  #: where ``sprague list`` shows this module's rulesets

_OCTAL = re.compile(r"^([04])?\.([0-7]*[1-7])$")


class GrundysGame(HeapRuleset):
    """Grundy's game: split one heap into two non-empty heaps of different sizes.

    Grundy 1939; handout 002 homework 7. No closed formula is known, and the sequence is
    conjectured but not known to be periodic. Values come from the heap
    recursion (G(n) = mex of G(a) xor G(n-a), a < n-a), run by the sparse-space kernel of
    :mod:`sprague.kernels.takebreak`; OEIS A002188 is the test data.
    """

    name = "grundys-game"
    aliases = ("grundy", "grundys")
    source = "002 (handout) homework 7 -- Grundy 1939; OEIS A002188"
    splits = True
    example = ("10",)
    position_help = "heap sizes separated by spaces, e.g. 10"

    def heap_options(self, n: int) -> Iterable[Heaps]:
        return ((n - a, a) for a in range(1, (n - 1) // 2 + 1))

    def heap_option_count(self, n: int) -> int:
        return (n - 1) // 2

    def take_break_moves(self) -> tuple[list[int], list[int], list[int], bool]:
        """Split a heap (remove nothing) into two different heaps: the sparse-space kernel runs it."""
        return [], [], [0], True


class Octal(PeriodicHeapRuleset):
    """An octal game given by its code ``d0.d1d2d3...`` (Guy & Smith 1956; Winning Ways ch. 4).

    Digit ``d_k`` (0-7) says what may be left after removing ``k`` tokens from a heap:
    bit 1, nothing (the whole heap was k); bit 2, one non-empty heap; bit 4, two
    non-empty heaps. ``d0`` is 0, or 4 (split a heap in two without removing).
    Examples: ``0.77`` Kayles, ``0.07`` Dawson's Kayles, ``0.137`` Dawson's chess,
    ``4.7``. With ``d0 = 0`` and finitely many digits, a period is *certified* by the
    Octal Periodicity Theorem (Guy & Smith): if ``G(n + p) = G(n)`` for
    ``n0 <= n < 2 n0 + p + t`` (``t`` the last digit's place), it holds for all ``n >= n0``.
    """

    name = "octal"
    aliases = ("octal-game",)
    source = "-- Guy & Smith 1956; Winning Ways"
    splits = True
    parameters: ClassVar[tuple[Param, ...]] = (Param("code", "str", "the octal code, e.g. 0.77 (Kayles) or 0.137",
                                                     example="0.77"),)
    example = ("12",)
    position_help = "heap sizes separated by spaces, e.g. 12"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        code = str(self.params["code"]).strip()
        digits = len(code.partition(".")[2])
        if digits > MAX_CODE_DIGITS:  # refused before the code is read
            raise InvalidParameter(f"octal: code of {digits:,} digits after the point is over the limit of "
                                   f"{MAX_CODE_DIGITS} (MAX_CODE_DIGITS in sprague.core.limits)")
        m = _OCTAL.match(code)
        if not m:
            shown = code if len(code) <= 40 else code[:37] + "..."
            raise InvalidParameter(f"octal: code {shown!r} is not an octal code such as 0.77, 0.137 or 4.7 "
                                   "(digits 0-7 after the point, ending in a non-zero digit; 0 or 4 before it)")
        self.digits = [int(m.group(1) or 0)] + [int(d) for d in m.group(2)]

    def heap_options(self, n: int) -> Iterable[Heaps]:
        for k, d in enumerate(self.digits):
            rest = n - k
            if rest < 0:
                break
            if d & 1 and rest == 0 and k > 0:
                yield (0,)  # the heap is gone (a heap of 0)
            if d & 2 and rest >= 1 and k > 0:
                yield (rest,)
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    yield (rest - a, a)

    def heap_option_count(self, n: int) -> int:
        return sum(1 + max(0, n - k) // 2 for k in range(len(self.digits)))

    def take_break_moves(self) -> tuple[list[int], list[int], list[int], bool]:
        """Digit ``d_k``'s bits 1, 2, 4 list ``k`` among removals that leave nothing, one heap, two heaps."""
        d = self.digits
        return ([k for k in range(1, len(d)) if d[k] & 1], [k for k in range(1, len(d)) if d[k] & 2],
                [k for k in range(len(d)) if d[k] & 4], False)

    def first_length(self) -> int:
        return 256

    def certify(self, values: list[int]) -> Periodicity | None:
        """The Octal Periodicity Theorem (none for codes with d0 = 4, which it does not cover)."""
        return None if self.digits[0] else certify_octal(values, len(self.digits) - 1)

    def period_method(self, per: Periodicity) -> str:
        return f"closed form: period {per.period} (preperiod {per.preperiod}) by the Octal Periodicity Theorem"

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """With a certified period ``p`` from ``n0``, a split ``(a, b)`` can trade ``p`` tokens between its
        parts without changing either value once both are ``>= n0``: so splits with ``a < n0 + p`` are all
        the values there are, and a few thousand lookups find one of any reachable value."""
        per = self.periodicity()
        if per is None:
            return None
        take_all, take_one, split, _ = self.take_break_moves()
        if value == 0 and n in take_all:
            return (0,)
        for k in take_one:
            if n - k >= 1 and self._value_at(n - k) == value:
                return (n - k,)
        for k in split:
            m = n - k
            for a in range(1, min(m // 2, per.preperiod + per.period) + 1):
                if self._value_at(a) ^ self._value_at(m - a) == value:
                    return (m - a, a)
        return None

    def periodicity(self, max_positions: int | None = None) -> Periodicity | None:
        """The period certified by the Octal Periodicity Theorem (None for codes with d0 = 4)."""
        return None if self.digits[0] else super().periodicity(max_positions)
