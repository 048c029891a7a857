"""Subtraction games: Subtraction(S) for a finite S, All-but(S), and Subtraction(S) for an infinite S given by a
rule."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from sprague.analysis.periodicity import Periodicity, find_period
from sprague.core.budget import KERNEL_STEPS_PER_WORK, WORK_HINT, charge, refuse_if_sure, work_cap
from sprague.core.ruleset import Param
from sprague.core.sets import NAMED_SETS, PRIME_SIEVE_EXACT, SetByRule, SubtractionSet
from sprague.errors import BudgetExceeded, InvalidParameter
from sprague.kernels import config
from sprague.kernels.heap import all_but_sequence, subtraction_sequence
from sprague.kernels.subtract import UNLIMITED, subtract_values
from sprague.rulesets.heap import HeapRuleset, Heaps, PeriodicHeapRuleset
from sprague.solve.sequence import spend
from sprague.theorems.periodic import certify_all_but

#: predicate calls made between two charges of the budget
PREDICATE_CHUNK = 4096

__all__ = ["Subtraction", "AllBut", "InfiniteSubtraction"]
ORDER = 20  #: where ``sprague list`` shows this module's rulesets


class Subtraction(PeriodicHeapRuleset):
    """Subtraction(S): remove ``s`` tokens from one heap, for some ``s`` in the finite set ``S``.

    Closed form: the G-value sequence of a finite subtraction set is eventually
    periodic, and a period is *certified* as soon as ``max(S)`` consecutive values
    repeat (each value is the mex of the ``max(S)`` values before it, so the
    repeat propagates by induction). Once certified, G(n) for any n -- say
    10**100 -- is a table lookup. Handout 002 section 3 (S = {1, 2, 5}: P iff 3 | n),
    003 section 1.4.
    """

    name = "subtraction"
    aliases = ("sub", "subtraction-game")
    source = "002 (handout) section 3; 003 section 1.4"
    parameters = (
        Param(
            "S",
            "set",
            "the finite set of amounts that may be removed, e.g. 1,2,5 "
            "(S=all gives nim, S=all-but:4,8 gives all-but, S=squares, triangular, powers-of-2, primes or "
            "fibonacci gives infinite-subtraction)",
            example="1,2,5",
        ),
    )
    example = ("26",)
    position_help = "heap sizes separated by spaces, e.g. 26 (one heap) or 4 7 (a sum of heaps)"
    closed_form = "certified period of the G-value sequence"

    def __new__(cls, **params: object) -> Any:
        """``S=all`` is Nim and ``S=all-but:4,8`` is All-but({4, 8}) (003 s.1.4); a named infinite set
        (``S=squares``) or a predicate is :class:`InfiniteSubtraction`: those rulesets are returned."""
        value = params.get("S")
        if (
            cls is Subtraction
            and set(params) == {"S"}
            and (callable(value) or isinstance(value, SetByRule) or (isinstance(value, str) and _is_named_set(value)))
        ):
            return InfiniteSubtraction(S=value)
        if cls is Subtraction and isinstance(value, (str, SubtractionSet)):
            try:
                sset = SubtractionSet.parse(value, "S")
            except InvalidParameter:
                if isinstance(value, str) and re.fullmatch(r"\s*[A-Za-z][\w -]*", value):  # a name, not a set
                    raise InvalidParameter(
                        f"subtraction: S={value!r} is not a finite set (1,2,5), all, all-but:4,8 "
                        f"or a named infinite set ({', '.join(NAMED_SETS)})"
                    ) from None
                raise
            if sset.is_cofinite and not sset.include and set(params) == {"S"}:
                if not sset.exclude:
                    from sprague.rulesets.nim import Nim

                    return Nim()
                return AllBut(S=sorted(sset.exclude))
            if not sset.is_finite:
                raise InvalidParameter(
                    f"subtraction: S={value!r} is an infinite set that is not all-but; "
                    "write a finite set (1,2,5), all, or all-but:4,8"
                )
        return super().__new__(cls)

    def heap_options(self, n: int) -> Iterable[Heaps]:
        return ((n - s,) for s in self.params["S"] if s <= n)

    def heap_option_count(self, n: int) -> int:
        return sum(1 for s in self.params["S"] if s <= n)

    def extend_values(self, n: int) -> np.ndarray | None:
        """Long stretches come from the compiled kernel (:func:`sprague.kernels.heap.subtraction_sequence`)."""
        if n - len(self.solver.values) < config.SUBTRACTION_KERNEL_FROM:
            return None  # the plain recursion is quicker than compiling
        return subtraction_sequence(np.array(self.params["S"], dtype=np.int64), n)

    def values(self, n: int) -> Any:
        """G(0..n-1) as a NumPy array, filled from the certified period (fast for any n that fits in memory).

        Values are at most |S|, so the array has the smallest unsigned dtype that holds them.

        >>> sprague_values = Subtraction(S={1, 2, 5}).values(10)
        >>> sprague_values.tolist()
        [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
        """
        return self.periodicity().fill(self.solver.values, n, np.uint8 if len(self.params["S"]) < 256 else np.uint32)

    def first_length(self) -> int:
        return 4 * max(self.params["S"]) + 64

    def certify(self, values: Sequence[int] | np.ndarray) -> Periodicity | None:
        """A repeat over max(S) consecutive values is a proof (each value depends on that many before it)."""
        return find_period(values, window=max(self.params["S"]))

    def periodicity(self, max_positions: int | None = None) -> Periodicity:
        """The certified period and preperiod (a finite subtraction set always has one)."""
        per = super().periodicity(max_positions)
        assert per is not None
        return per


def _is_named_set(text: str) -> bool:
    try:
        SetByRule.parse(text)
    except InvalidParameter:
        return False
    return True


class AllBut(PeriodicHeapRuleset):
    """All-but(S): remove any positive number of tokens from one heap except the numbers in the finite set S.

    All-but(S) = Subtraction(N+ minus S) (003 section 1.4, after A. Siegel, who proved
    the G-value sequences arithmetic periodic). ``S`` may be empty (that is Nim).
    The arithmetic period is *certified* by the state argument of
    :func:`sprague.theorems.periodic.all_but.certify_all_but`; once it is, G(n) for any n
    (say 10**100) is a table lookup plus a multiple of the saltus.
    """

    name = "all-but"
    aliases = ("allbut", "all-but-subtraction")
    source = "003 section 1.4 -- A. Siegel"
    parameters = (
        Param(
            "S", "set", "the finite set of amounts that may NOT be removed, e.g. 4,8", allow_empty=True, example="4,8"
        ),
    )
    example = ("9",)
    position_help = "heap sizes separated by spaces, e.g. 9"

    def heap_options(self, n: int) -> Iterable[Heaps]:
        banned = set(self.params["S"])
        return ((n - s,) for s in range(1, n + 1) if s not in banned)

    def heap_option_count(self, n: int) -> int:
        return n - sum(1 for s in self.params["S"] if s <= n)

    def sequence_cost(self, n: int) -> int | None:
        """The compiled kernel does O(|S|^2 + 1) work a value (:func:`sprague.kernels.heap.all_but_sequence`)."""
        return n * (len(self.params["S"]) ** 2 + 1)

    def extend_values(self, n: int) -> np.ndarray:
        """The compiled kernel (:func:`sprague.kernels.heap.all_but_sequence`)."""
        return all_but_sequence(np.array(self.params["S"], dtype=np.int64), n)

    def first_length(self) -> int:
        return 8 * (max(self.params["S"], default=0) + 1) + 256

    def certify(self, values: Sequence[int] | np.ndarray) -> Periodicity | None:
        return certify_all_but(values, self.params["S"])

    def period_method(self, per: Periodicity) -> str:
        return (
            f"closed form: certified arithmetic period {per.period} (preperiod {per.preperiod}, "
            f"saltus {per.saltus}) of the G-value sequence"
        )

    def is_heap_option(self, n: int, parts: Heaps) -> bool:
        return len(parts) == 1 and 0 < n - parts[0] and n - parts[0] not in self.params["S"]

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """Invert the certified arithmetic period: ``a(n0 + qp + r) = a(n0 + r) + qs`` gives, for each ``r``,
        the one ``q`` (if any) with that value; heaps below ``n0 + p`` are looked up."""
        per = self.periodicity()
        banned = set(self.params["S"])
        n0, p, saltus = per.preperiod, per.period, per.saltus
        candidates = [m for m in range(min(n, n0 + p)) if int(self.solver.values[m]) == value]
        for r in range(p):
            base = int(self.solver.values[n0 + r])
            if saltus and value >= base and (value - base) % saltus == 0:
                candidates.append(n0 + (value - base) // saltus * p + r)
        return next(((m,) for m in sorted(candidates, reverse=True) if m < n and n - m not in banned), None)

    def periodicity(self, max_positions: int | None = None) -> Periodicity:
        """The certified arithmetic period (Siegel: there always is one)."""
        per = super().periodicity(max_positions)
        assert per is not None
        return per


class InfiniteSubtraction(HeapRuleset):
    """Subtraction(S) for an infinite set S given by a rule: remove ``s`` tokens from one heap, ``s`` in S.

    S is a named set -- ``squares`` (subtract-a-square, Winning Ways ch. 4), ``triangular``,
    ``powers-of-2``, ``primes``, ``fibonacci`` -- or, from Python, a predicate
    (``sprague.ruleset("subtraction", S=lambda k: k % 3 == 1)``); ``subtraction -p S=squares``
    gives this ruleset. Values come from the recursion ``G(n) = mex {G(n - s) : s in S, s <= n}``,
    compiled (:func:`sprague.kernels.subtract.subtract_values`, the members of S up to n
    computed first): O(n |S ∩ [1, n]|) work, estimated before it starts. S is infinite, so no
    period is certified: ``sprague sequence`` reports a period only as observed, not proved.
    One closed form: for ``powers-of-2``, ``G(n) = n mod 3`` (by induction: 1 and 2 are in S, so
    the two other residues are reached, and no power of 2 is a multiple of 3, so n's own is not).
    The values of subtract-a-square, subtract-a-Fibonacci-number and subtract-a-prime are OEIS
    A014586, A014588 and A014589.

    >>> g = InfiniteSubtraction(S="squares")
    >>> g.sequence(12).tolist()
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]
    """

    name = "infinite-subtraction"
    aliases = ("subtraction-rule",)
    source = "-- Winning Ways ch. 4 (subtract-a-square); OEIS A014586, A014588, A014589"
    parameters = (
        Param(
            "S",
            "rule",
            "an infinite set by name: "
            + ", ".join(NAMED_SETS)
            + " (from Python also a predicate: S=lambda k: k % 3 == 1)",
            example="squares",
        ),
    )
    example = ("30",)
    position_help = "heap sizes separated by spaces, e.g. 30 (one heap) or 4 7 (a sum of heaps)"

    def heap_options(self, n: int) -> Iterable[Heaps]:
        self._run_predicate(n)  # a predicate's new calls charged (nothing for a named set)
        return ((n - s,) for s in self.params["S"].members(n).tolist())

    def heap_option_count(self, n: int) -> int:
        """|S ∩ [1, n]| (for primes past 10^7 an upper bound; for a predicate not yet run that far, n when
        running it would pass the work limit)."""
        s: SetByRule = self.params["S"]
        count = s.count(n)
        if count is None:  # a predicate not yet evaluated up to n
            if n - s.evaluated > self.solver.limit:
                return n
            self._run_predicate(n)
            count = s.count(n)
        return int(count or 0)

    def is_heap_option(self, n: int, parts: Heaps) -> bool:
        return len(parts) == 1 and 0 <= parts[0] < n and (n - parts[0]) in self.params["S"]

    def heap_grundy_closed(self, n: int) -> int | None:
        return n % 3 if self.params["S"].name == "powers-of-2" else None

    def heap_method(self, n: int) -> str:
        if self.params["S"].name == "powers-of-2":
            return "closed form: G(n) = n mod 3 (1 and 2 are in S, and no power of 2 is a multiple of 3)"
        return (
            "single-heap values by the recursion G(n) = mex of G(n - s), s in S (compiled); S is infinite, so "
            "no period is certified"
        )

    def sequence_cost(self, n: int) -> int | None:
        """Work to know G(0..n-1), in positions of the work limit: one per predicate call not yet made, plus one per
        SUBTRACT_STEPS_PER_POSITION options (:meth:`SetByRule.pairs`, exact or an upper bound) or one per value,
        whichever is more.

        A predicate is run here, as far as n - 1, when that alone is within the limit (a predicate that
        raises or does not return a bool is refused here, before any value is computed).
        """
        start = len(self.solver.values)
        if n <= start:
            return 0
        s: SetByRule = self.params["S"]
        calls = 0
        if not s.is_named and n - 1 > s.evaluated:
            calls = n - 1 - s.evaluated
            if calls > self.solver.limit:
                return calls + n - start
            self._run_predicate(n - 1)
        pairs = s.pairs(n)
        done = s.pairs(start) or 0
        if pairs is None:  # not reached: the predicate was run above
            return None
        steps = max(0, pairs - done)
        return calls + max(n - start, -(-steps // config.SUBTRACT_STEPS_PER_POSITION))

    def _run_predicate(self, upto: int) -> None:
        """Run a predicate S as far as ``upto``, a unit of work a call, charged as it goes (refused before the first
        call when the calls alone are over the budget left)."""
        s: SetByRule = self.params["S"]
        if s.is_named or upto <= s.evaluated:
            return
        what = f"{self.name}: running the predicate S as far as {upto:,}"
        refuse_if_sure(what, upto - s.evaluated)
        while s.evaluated < upto:
            stop = min(s.evaluated + PREDICATE_CHUNK, upto)
            calls = stop - s.evaluated
            s.members(stop)
            charge(calls, what)

    def sequence_least_work(self, n: int) -> int:
        """A lower bound of the work units computing G(known..n-1) is charged: the predicate's calls not yet made
        (a unit each) and, on the compiled kernel, the options it examines (at least ``S.pairs(n) - S.pairs(known)``
        steps, :data:`~sprague.core.budget.KERNEL_STEPS_PER_WORK` a unit; primes past the sieve: from
        pi(x) > x / ln x, x >= 17)."""
        start = len(self.solver.values)
        if n <= start:
            return 0
        s: SetByRule = self.params["S"]
        calls = max(n - 1 - s.evaluated, 0) if not s.is_named else 0
        if n - start < config.SUBTRACTION_KERNEL_FROM:
            return calls  # the plain recursion: its own charges
        if s.name == "primes" and n - 1 > PRIME_SIEVE_EXACT:
            half = max(start, n // 2)  # each heap m >= half has at least pi(half) options
            steps = (n - half) * (half // half.bit_length()) if half >= 17 else 0  # ln x < bit length
        elif s.is_named:
            steps = (s.pairs(n) or 0) - (s.pairs(start) or 0)
        else:
            steps = 0  # the predicate's members are not known before it runs
        return calls + (steps + n - start) // KERNEL_STEPS_PER_WORK  # a mex step a value besides

    def extend_values(self, n: int) -> np.ndarray | None:
        """The compiled kernel (:func:`sprague.kernels.subtract.subtract_values`) for long stretches, charged to the
        budget; stopped at the budget, the values done are kept."""
        start = len(self.solver.values)
        if n - start < config.SUBTRACTION_KERNEL_FROM:
            return None  # the plain recursion is quicker than compiling
        self._run_predicate(n - 1)
        work = work_cap(self.solver.limit)
        values, reached, steps = subtract_values(
            self.params["S"].members(n - 1), n, self.solver.values, min(work * KERNEL_STEPS_PER_WORK, UNLIMITED)
        )
        what = f"{self.name}: computing single-heap values up to {n - 1:,}"
        if reached < n:
            if reached > start:
                self.solver.values = values[:reached].copy()  # keep what is done
            spend(-(-steps // KERNEL_STEPS_PER_WORK))  # done before the stop: spent
            raise BudgetExceeded(
                f"{what} stopped at the work budget of {work:,} units (about a microsecond each) "
                f"after {reached:,} values (they are kept); {WORK_HINT}",
                estimate=-(-(steps + 1) // KERNEL_STEPS_PER_WORK),
                limit=work,
            )
        charge(steps // KERNEL_STEPS_PER_WORK, what)
        return values

    def cache_key(self) -> dict[str, Any] | None:
        """None for a predicate (the results cache cannot tell two functions apart); else name and set."""
        return super().cache_key() if self.params["S"].is_named else None
