"""Periods of take-and-break games established in the literature, too long to certify on a small budget.

Each entry maps a code (``d0.d1d2...``, no trailing zeros) to its preperiod (the first heap
size from which ``G(n + period) = G(n)``; one more than the "last exception" the sources
print), period, saltus and source. Only numbers read in a source named beside them are
here. :func:`values_needed` says how many values the periodicity theorem
(:func:`sprague.theorems.periodic.octal.certify_takebreak`) reads to *prove* one, so that a
budget refusal can say what it would take; :func:`budget_note` words that sentence.

Left out because no source at hand confirmed the numbers: 0.106 (Flammenkamp). For 0.56 the
entry follows Czajka's table (period 144 from heap 326640), which the values computed here
confirm (a[326639] != a[326783]); OEIS A071436 gives its last exception as n = 326637, two less.
"""

from __future__ import annotations

from dataclasses import dataclass

from sprague.errors import InvalidParameter
from sprague.theorems.periodic.octal import takebreak_values_needed

__all__ = ["KnownPeriod", "KNOWN_PERIODS", "known_period", "values_needed", "budget_note"]

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


@dataclass(frozen=True)
class KnownPeriod:
    """``G(n + period) = G(n) + saltus`` for every ``n >= preperiod``, as published in ``source``."""

    preperiod: int
    period: int
    saltus: int
    source: str


_GP = "Gangolli & Plambeck, A note on periodicity in some octal games, Int. J. Game Theory 18 (1989) 311-320"
_WW = "Winning Ways ch. 4"
_CZ = "T. Czajka, octal-games, SolvedGames.md (github.com/tczajka/octal-games)"

#: code -> its published period. OEIS offsets are 1 there; the preperiod is last exception + 1.
KNOWN_PERIODS: dict[str, KnownPeriod] = {
    # period 4, last exception n = 46577 [Gangolli & Plambeck]; OEIS A071464
    "0.127": KnownPeriod(46578, 4, 0, f"{_GP}; OEIS A071464"),
    # period 60620715, last exception n = 160949017 [Flammenkamp]; OEIS A071509
    "0.1777": KnownPeriod(160949018, 60620715, 0, "A. Flammenkamp, Sprague-Grundy values of octal games; OEIS A071509"),
    # shorter ones, checked by computing in the tests
    "0.177": KnownPeriod(497, 20, 0, f"{_WW} p. 102; OEIS A071435 (period 20, last exception n = 496)"),
    "0.1377": KnownPeriod(141, 24, 0, f"{_WW} p. 102; OEIS A071434 (period 24, last exception n = 140)"),
    "0.11377": KnownPeriod(187, 32, 0, f"{_WW} p. 104; OEIS A071452 (period 32, last exception n = 186)"),
    "0.117": KnownPeriod(47, 48, 0, f"{_WW} p. 104; OEIS A071453 (period 48, last exception n = 46)"),
    "0.77": KnownPeriod(71, 12, 0, f"{_WW} (Kayles: period 12, last exception n = 70)"),
    # T. Czajka's table of nontrivial solved octal games (preperiod = first heap from which the period holds),
    # who re-computed them; first solved by Kenyon 1967, Austin 1976, Gangolli & Plambeck 1989, Flammenkamp
    "0.45": KnownPeriod(498, 20, 0, _CZ),
    "0.156": KnownPeriod(3479, 349, 0, _CZ),
    "0.356": KnownPeriod(7315, 142, 0, _CZ),
    "0.644": KnownPeriod(3256, 442, 0, _CZ),
    "0.165": KnownPeriod(5181, 1550, 0, _CZ),
    "0.16": KnownPeriod(105351, 149459, 0, f"{_CZ}; first solved by {_GP}"),
    "0.56": KnownPeriod(326640, 144, 0, _CZ),
    "0.376": KnownPeriod(2268248, 4, 0, _CZ),
    "0.354": KnownPeriod(10061916, 1180, 0, _CZ),
}


def _shape(code: str) -> tuple[int, int]:
    """``(t, J)``: the last digit's place and the most heaps a move leaves, for a plain code."""
    head, dot, tail = code.strip().upper().partition(".")
    digits = (head or "0") + tail
    if not dot or not digits or any(c not in _DIGITS for c in digits):
        raise InvalidParameter(
            f"known_periods: code {code!r} is not a plain code such as 0.16 or 4.07 "
            "(digits 0-9, A-V around one point; no ! ? = or braces)"
        )
    values = [_DIGITS.index(c) for c in digits]
    t = max((k for k, d in enumerate(values) if d), default=0)
    return t, max(d.bit_length() - 1 for d in values)


def known_period(code: str) -> KnownPeriod | None:
    """The published period of ``code``, or None."""
    return KNOWN_PERIODS.get(code.strip().upper())


def values_needed(code: str, preperiod: int | None = None, period: int | None = None) -> int:
    """How many values prove ``code``'s period (its published one unless ``preperiod``, ``period`` are given).

    >>> values_needed("0.127")  # 2 * 46578 + 2 * 4 + 3 - 1
    93166
    """
    t, j = _shape(code)
    if preperiod is None or period is None:
        known = known_period(code)
        if known is None:
            raise InvalidParameter(f"known_periods: no published period for {code!r}; give preperiod and period")
        preperiod, period = known.preperiod, known.period
    return takebreak_values_needed(preperiod, period, last_digit=t, max_heaps=j)


def budget_note(code: str, budget: int) -> str | None:
    """A sentence for a budget refusal when ``code`` has a published period the budget cannot prove.

    >>> print(budget_note("0.127", 10_000))  # doctest: +ELLIPSIS
    the known period of 0.127 (preperiod 46,578, period 4; Gangolli & Plambeck, ...) needs 93,166 values
    to certify; raise --max-positions
    """
    known = known_period(code)
    if known is None:
        return None
    need = values_needed(code)
    if need <= budget:
        return None
    return (
        f"the known period of {code.strip().upper()} (preperiod {known.preperiod:,}, period {known.period:,}; "
        f"{known.source}) needs {need:,} values to certify; raise --max-positions"
    )
