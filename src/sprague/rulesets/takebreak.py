"""Take-and-break games: one ruleset for every take-and-break code (octal, hexadecimal and beyond).

The code language is read by :class:`~sprague.core.takebreak_code.TBCode` (CGSuite's
``TakeAndBreak``): ``0.77`` Kayles, ``4!.0`` Grundy's game, ``{2+}!.0`` "split a heap into
any number of unequal heaps", ``0.[3]`` Nim. The named classics are one line each in
:mod:`sprague.rulesets.catalogue`.

Values: codes whose moves leave at most two heaps (finite, not additive, their two-heap
moves all free or all unequal) run on the sparse-space kernel of
:mod:`sprague.kernels.takebreak`; every other code on the generic knapsack kernel of
:mod:`sprague.kernels.takebreak_generic`.

>>> import sprague
>>> sprague.ruleset("takebreak", code="4!.0").sequence(10).tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
>>> sprague.ruleset("takebreak", code="{2+}!.0").sequence(12).tolist()
[0, 0, 0, 1, 0, 2, 3, 4, 0, 5, 6, 7]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb, factorial
from typing import Any, ClassVar

import numpy as np

from sprague.analysis import code_hook
from sprague.analysis.periodicity import Periodicity
from sprague.core.budget import KERNEL_STEPS_PER_WORK, WORK_HINT, charge, work_cap
from sprague.core.ruleset import Param
from sprague.core.takebreak_code import Digit, TBCode, partition_count
from sprague.errors import BudgetExceeded
from sprague.kernels import takebreak_generic
from sprague.kernels.config import TAKE_BREAK_STEPS_PER_POSITION
from sprague.rulesets.heap import Heaps, PeriodicHeapRuleset
from sprague.solve.sequence import spend
from sprague.theorems.periodic import certify_arithmetic, certify_takebreak

__all__ = ["TakeBreak", "Octal", "kernel_rules", "relation"]
ORDER = 30  #: where ``sprague list`` shows this module's rulesets

_KIND = {
    "": takebreak_generic.FREE,
    "!": takebreak_generic.UNEQUAL,
    "?": takebreak_generic.NOT_ALL_EQUAL,
    "=": takebreak_generic.ALL_EQUAL,
}
#: heaps up to which :meth:`TakeBreak.heap_option_count` counts every option exactly (past it: a lower bound)
_EXACT_COUNT = 3000
#: repeating codes: the longest table of rules written out for an estimate (longer ones are bounded in closed form)
_TABLE_ROWS = 1 << 20


class TakeBreak(PeriodicHeapRuleset):
    """A take-and-break game given by its code (CGSuite's ``TakeAndBreak``; Guy & Smith 1956; Winning Ways ch. 4).

    Digit ``d_k`` says what may be left after removing ``k`` tokens from a heap: bit ``i``
    set, the rest may be left as exactly ``i`` non-empty heaps (``0.77`` Kayles: remove
    one or two tokens, leaving nothing, one heap or two heaps). Digits 0-9 and A-V,
    ``&N;``, lists ``{2,3}``, ``{2+}``, ``*``; constraints ``!`` (heaps all different),
    ``?`` (not all equal), ``=`` (all equal); ``d0`` before the point (``4!.0`` is Grundy's
    game), additive digits before it, ``[...]`` repeating (``0.[3]`` is Nim). See
    :mod:`sprague.core.takebreak_code`. For finite octal codes with ``d0 = 0`` a period is
    *certified* by the Octal Periodicity Theorem (Guy & Smith): if ``G(n + p) = G(n)``
    for ``n0 <= n < 2 n0 + p + t`` (``t`` the last digit's place), it holds for all ``n >= n0``.
    """

    name = "takebreak"
    aliases = ("take-and-break", "octal", "octal-game")
    source = "-- Guy & Smith 1956; Winning Ways ch. 4; CGSuite's TakeAndBreak"
    splits = True
    parameters: ClassVar[tuple[Param, ...]] = (
        Param(
            "code",
            "str",
            "the take-and-break code, e.g. 0.77 (Kayles), 4!.0 (Grundy's game) or {2+}!.0",
            example="0.77",
        ),
    )
    example = ("12",)
    position_help = "heap sizes separated by spaces, e.g. 12"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.typed_code = str(self.params["code"])
        self.code = TBCode.parse(self.typed_code)
        self.params["code"] = str(self.code)  # the normal form: equal games are equal rulesets
        self._moves = self.code.take_break_moves()

    @property
    def digits(self) -> tuple[Digit, ...]:
        """The code's digits ``d0, d1, ...`` (see :class:`~sprague.core.takebreak_code.TBCode`)."""
        return self.code.digits

    def rules_text(self) -> str:
        """The rules in words (``sprague describe``)."""
        return self.code.describe()

    # moves ------------------------------------------------------------------------------------------------------
    def heap_options(self, n: int) -> Iterable[Heaps]:
        for parts in self.code.options(n):
            yield parts or (0,)  # the heap is gone (a heap of 0)

    def heap_option_count(self, n: int) -> int:
        if self._moves is not None or n <= _EXACT_COUNT:
            return self.code.option_count(n)
        return _count_at_least(self.code, n)

    def is_heap_option(self, n: int, parts: Heaps) -> bool | None:
        return self.code.is_option(n, parts)

    def take_break_moves(self) -> tuple[list[int], list[int], list[int], bool] | None:
        """The sparse-space kernel's moves, for codes leaving at most two heaps (see
        :meth:`TBCode.take_break_moves <sprague.core.takebreak_code.TBCode.take_break_moves>`), else None."""
        if self._moves is None:
            return None
        take_all, take_one, split, distinct = self._moves
        return list(take_all), list(take_one), list(split), distinct

    # values -----------------------------------------------------------------------------------------------------
    def sequence_cost(self, n: int) -> int | None:
        """The sparse-space kernel's estimate, or the generic kernel's steps (a lower bound), in positions."""
        if self._moves is not None:
            return super().sequence_cost(n)
        if n <= len(self.solver.values):
            return 0
        if n > _TABLE_ROWS and self.code.period:  # no table that long: each heap reads a digit per period at least
            return n * (n - 1) // (2 * self.code.period * TAKE_BREAK_STEPS_PER_POSITION) + 1
        rules, additive = kernel_rules(self.code, n)
        return -(-takebreak_generic.work(rules, additive, n) // TAKE_BREAK_STEPS_PER_POSITION)

    def sequence_least_work(self, n: int) -> int | None:
        """A lower bound of the work units computing G(known..n-1) is charged: :meth:`sequence_cost` (both kernels'
        costs known in advance are lower bounds of their steps, :data:`KERNEL_STEPS_PER_WORK` a unit)."""
        return self.sequence_cost(n)

    def extend_values(self, n: int) -> np.ndarray | None:
        """G(0..n-1) by the generic kernel (codes the sparse-space kernel does not take), within the limit."""
        if self._moves is not None:
            return None
        rules, additive = kernel_rules(self.code, n)
        work = work_cap(self.solver.limit)
        values, steps = takebreak_generic.values(rules, additive, n, min(work * KERNEL_STEPS_PER_WORK, 2**62))
        what = f"{self.name}: computing single-heap values up to {n - 1:,}"
        if len(values) < n:
            if len(values) > len(self.solver.values):
                self.solver.values = values
            spend(-(-steps // KERNEL_STEPS_PER_WORK))  # done before the stop: spent
            raise BudgetExceeded(
                f"{what} stopped at the work budget of {work:,} units (about a microsecond each) "
                f"after {len(values):,} values (they are kept); {WORK_HINT}",
                estimate=steps // KERNEL_STEPS_PER_WORK,
                limit=work,
            )
        charge(steps // KERNEL_STEPS_PER_WORK, what)
        return values

    # certified periods (finite codes without ! ? = or additive digits) -------------------------------------------
    @property
    def _certifiable(self) -> bool:
        c = self.code
        return not c.period and not c.additive and c.unconstrained and c.max_heaps is not None

    def first_length(self) -> int:
        return 256

    def certify(self, values: Sequence[int] | np.ndarray) -> Periodicity | None:
        """The periodicity theorem for finite codes without ``! ? =`` (Guy & Smith's for octal codes, ``d0 = 4``
        included, and its J-heap form: :func:`~sprague.theorems.periodic.octal.certify_takebreak`); failing that,
        for codes whose moves may leave three heaps or more, the arithmetic-periodicity test
        (:func:`~sprague.theorems.periodic.arithmetic.certify_arithmetic`). Codes leaving at most two heaps are not
        tried for it: finite octal games are never arithmetic periodic (Horrocks & Nowakowski, INTEGERS 3
        (2003) G1), and none of the 512 codes ``0.??``, ``4.??`` with digits 0-7 passes it.

        >>> import sprague
        >>> g = sprague.ruleset("takebreak", code="0.9E")
        >>> g.certify(g.sequence(40).tolist()).describe()  # doctest: +ELLIPSIS
        'arithmetic periodic: period 3, preperiod 4, saltus 2 (certified: arithmetic-periodicity test ...)'
        """
        c = self.code
        if not self._certifiable or c.last_digit is None or c.max_heaps is None:
            return None
        per = certify_takebreak(values, last_digit=c.last_digit, max_heaps=max(c.max_heaps, 1))
        if per is None and c.max_heaps >= 3:
            per = certify_arithmetic(
                values, rules=[(k, [i for i, _ in c.digit(k).allowed(c.max_heaps)]) for k in range(len(c.digits))]
            )
        return per

    def period_method(self, per: Periodicity) -> str:
        if per.saltus:
            return (
                f"closed form: arithmetic period {per.period}, saltus {per.saltus} (preperiod {per.preperiod}) "
                f"by the arithmetic-periodicity test for take-and-break codes (after Howse & Nowakowski 2004)"
            )
        return (
            f"closed form: period {per.period} (preperiod {per.preperiod}) by the take-and-break periodicity "
            f"theorem (Guy & Smith 1956, for moves leaving up to {self.code.max_heaps} heaps)"
        )

    def periodicity(self, max_positions: int | None = None) -> Periodicity | None:
        """The period certified by the periodicity theorem (None for codes it does not cover)."""
        return super().periodicity(max_positions) if self._certifiable else None

    def _first_period(self) -> Periodicity | None:
        """No attempt (no values computed for it) where the theorem does not apply."""
        return super()._first_period() if self._certifiable else None

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """With a certified period ``p`` from ``n0``, a split ``(a, b)`` can trade ``p`` tokens between its
        parts without changing either value once both are ``>= n0``: so splits with ``a < n0 + p`` are all
        the values there are, and a few thousand lookups find one of any reachable value."""
        per = self.periodicity()
        if per is None or per.saltus or self._moves is None:  # trading p tokens keeps values only without saltus
            return None
        take_all, take_one, split, distinct = self._moves
        if value == 0 and n in take_all:
            return (0,)
        for k in take_one:
            if n - k >= 1 and self._value_at(n - k) == value:
                return (n - k,)
        for k in split:
            m = n - k
            for a in range(1, min(m // 2, per.preperiod + per.period) + 1):
                if not (distinct and 2 * a == m) and self._value_at(a) ^ self._value_at(m - a) == value:
                    return (m - a, a)
        return None

    # equivalent codes -------------------------------------------------------------------------------------------
    def relations(self) -> list[str]:
        """What is known to be the same game, in short sentences (``sprague describe``).

        >>> import sprague
        >>> sprague.ruleset("takebreak", code="0.770").relations()[:2]
        ['0.770 is 0.77', 'the same game as kayles (0.77)']
        >>> sprague.ruleset("takebreak", code="0.06").relations()
        ['0.06 has the first cousin 0.037: G_0.037(n) = G(n+1)', 'its standard form (Winning Ways ch. 4) is 0.1337']
        """
        code, typed = self.code, self.typed_code
        out = [f"{typed} is {code}"] if typed != str(code) else []
        out += self.catalogue_relations()
        named = set(_named_codes())
        parent, cousin = code.cousin_of(), code.first_cousin()
        if parent is not None and parent not in named:
            out.append(f"{code} is a first cousin of {parent}: G(n) = G_{parent}(n+1)")
        if cousin is not None and cousin not in named:
            out.append(f"{code} has the first cousin {cousin}: G_{cousin}(n) = G(n+1)")
        if cousin is not None and code.standard_form() not in (cousin, *named):
            out.append(f"its standard form (Winning Ways ch. 4) is {code.standard_form()}")
        return out

    def catalogue_relations(self) -> list[str]:
        """How this game relates to the named take-and-break games (:mod:`sprague.rulesets.catalogue`).

        >>> import sprague
        >>> sprague.ruleset("takebreak", code="0.770").catalogue_relations()
        ['the same game as kayles (0.77)']
        """
        found = []
        for other, name in _named_codes().items():
            said = relation(self.code, other, name) if name != self.name else None
            if said is not None:
                found.append(said)
        return found


def _named_codes() -> dict[TBCode, str]:
    """The codes of the named take-and-break games (:mod:`sprague.rulesets.catalogue`), with their names."""
    from sprague.rulesets import all_rulesets

    return {
        TBCode.parse(cls.preset["code"]): cls.name
        for cls in all_rulesets()
        if issubclass(cls, TakeBreak) and "code" in cls.preset
    }


def relation(a: TBCode, b: TBCode, name: str | None = None) -> str | None:
    """How the game of code ``a`` is the game of code ``b`` (called ``name``), if their codes say so: equal
    codes, first cousins either way, or the same standard form (Winning Ways ch. 4); else None.

    >>> relation(TBCode.parse("0.137"), TBCode.parse("0.07"), "dawsons-kayles")
    'a first cousin of dawsons-kayles (0.07): G(n) = G_0.07(n+1)'
    """
    shown = f"{name} ({b})" if name else str(b)
    if a == b:
        return f"the same game as {shown}"
    if b.first_cousin() == a:
        return f"a first cousin of {shown}: G(n) = G_{b}(n+1)"
    if a.first_cousin() == b:
        return f"{shown} is its first cousin: G_{b}(n) = G(n+1)"
    if a.is_octal and b.is_octal and a.first_cousin() is not None and a.standard_form() == b.standard_form():
        return f"the same standard form as {shown}: {a.standard_form()}"
    return None


def kernel_rules(code: TBCode, n: int) -> tuple[np.ndarray, int]:
    """The table :mod:`sprague.kernels.takebreak_generic` reads for heaps below ``n``, and the number of additive
    digits.

    Row ``k + A`` (``k`` from ``-A``): for counts ``0..C`` the constraint on leaving that many heaps
    (``NONE`` if not allowed), column ``C + 1`` for every count above ``C``.
    """
    every = (*code.digits, *code.additive_digits)
    top = max([1] + [d.counts[-1][0] for d in every if d.counts] + [d.plus[0] - 1 for d in every if d.plus])
    additive = len(code.additive_digits)
    written = additive + len(code.digits)
    rules = np.full((written, top + 2), takebreak_generic.NONE, dtype=np.int8)
    for row in range(written):
        d = code.digit(row - additive)
        for i, c in d.allowed(top):
            rules[row, i] = _KIND[c]
        if d.plus:
            rules[row, top + 1] = _KIND[d.plus[1]]
    if code.period and n > len(code.digits):  # the repeating part, repeated up to heap n - 1
        k = np.arange(len(code.digits), n)
        rules = np.concatenate([rules, rules[additive + code.preperiod + (k - code.preperiod) % code.period]])
    return rules, additive


def _count_at_least(code: TBCode, n: int) -> int:
    """A lower bound on the options of a heap of ``n`` (large ``n``): counts of up to three heaps exactly (they
    have closed forms), more heaps by ``C(m' - 1, i - 1) / i!`` (compositions over orderings)."""
    total = 0
    for k in code.removals(min(n, 10**4)):
        m = n - k
        d = code.digit(k)
        for i, c in d.allowed(3):
            total += partition_count(m, i, c)
        for i, c in [(i, c) for i, c in d.counts if i >= 4] + ([(max(d.plus[0], 4), d.plus[1])] if d.plus else []):
            if c == "=":
                total += int(m % i == 0)
            else:
                left = m - (i * (i - 1) // 2 if c == "!" else 0)
                total += comb(left - 1, i - 1) // factorial(i) if left >= i else 0
    return total


#: the class's name before the full code language (issue 16): every code it took is a TakeBreak code
Octal = TakeBreak


def _code_ruleset(code: str) -> TakeBreak:
    return TakeBreak(code=code)


code_hook.CODE_RULESET = _code_ruleset  # prove_quotient("0.77", ...): a code's ruleset, from below the rulesets
