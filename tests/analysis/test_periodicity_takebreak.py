"""The take-and-break periodicity theorem (certify_takebreak) against brute force, and the known-period data."""

from __future__ import annotations

import itertools

import pytest

from naive import naive_tb_rules, naive_tb_values
from sprague.errors import InvalidParameter
from sprague.theorems.periodic import certify_octal, certify_takebreak, takebreak_values_needed
from sprague.theorems.periodic.known import KNOWN_PERIODS, budget_note, values_needed

PREFIX, LONG = 260, 560  # certify on PREFIX values, check the claim on LONG naive values

OCTAL_2 = [f"{d0}.{a}{b}" for d0 in "04" for a, b in itertools.product("01234567", "1234567")]
# hexadecimal codes (bit 8: leave three heaps) the theorem proves with J = 3, and two it does not (0.8, 0.9C
# look arithmetic periodic: no certificate is claimed for them)
HEX_SAMPLE = ["0.81", "0.A6", "0.B1", "0.B7", "0.F1", "0.F3", "4.B", "4.F", "0.F", "0.A7", "0.8", "0.9C"]


def _shape(code: str) -> tuple[int, int]:
    rules = naive_tb_rules(code)
    return max(k for k, _ in rules), max(max(c) for _, c in rules)


def _check_claim(values: list[int], preperiod: int, period: int) -> None:
    """What "proved" means: the relation holds on every value computed, far past the prefix."""
    assert all(values[n + period] == values[n] for n in range(preperiod, len(values) - period))
    assert preperiod == 0 or values[preperiod - 1] != values[preperiod - 1 + period]  # least preperiod


@pytest.mark.parametrize("code", OCTAL_2 + HEX_SAMPLE)
def test_certificate_holds_far_past_the_prefix(code: str) -> None:
    t, j = _shape(code)
    values = naive_tb_values(naive_tb_rules(code), LONG if j <= 2 else 240)
    per = certify_takebreak(values[: PREFIX if j <= 2 else 120], last_digit=t, max_heaps=j)
    if per is None:
        return
    assert per.certified and per.saltus == 0
    _check_claim(values, per.preperiod, per.period)
    # the least period: no proper divisor of it works on the long range
    start, end = per.preperiod, len(values)
    assert not any(
        per.period % q == 0 and all(values[n + q] == values[n] for n in range(start, end - q))
        for q in range(1, per.period)
    )


def test_most_two_digit_codes_are_certified_within_the_prefix() -> None:
    """The octal 0.?? and 4.?? families are mostly solved by a few hundred values (Winning Ways ch. 4 tables)."""
    solved = [
        c for c in OCTAL_2 if certify_takebreak(naive_tb_values(naive_tb_rules(c), PREFIX), last_digit=2, max_heaps=2)
    ]
    # 48 of the 64 codes 4.?? within 260 values; 56 within 10**4 (all but 4.44-4.47 and 4.64-4.67)
    assert sum(c.startswith("4.") for c in solved) >= 48
    assert "0.77" in solved and "0.07" in solved


@pytest.mark.parametrize(
    ("code", "preperiod", "period"),
    [
        ("0.77", 71, 12),  # Kayles: period 12, last exception at 70 (Guy & Smith 1956; Winning Ways ch. 4)
        ("0.137", 52, 34),  # Dawson's chess: period 34, last exception at 51 (Guy & Smith 1956; Winning Ways ch. 4)
        (
            "0.07",
            53,
            34,
        ),  # Dawson's Kayles: Dawson's chess shifted by one heap, last exception at 52 (Winning Ways ch. 4)
        ("4.4", 72, 12),  # Kayles shifted by one: split a heap, or take one and split (first cousin of 0.77)
    ],
)
def test_winning_ways_periods(code: str, preperiod: int, period: int) -> None:
    t, j = _shape(code)
    need = takebreak_values_needed(preperiod, period, last_digit=t, max_heaps=j)
    values = naive_tb_values(naive_tb_rules(code), need + 60)
    per = certify_takebreak(values[:need], last_digit=t, max_heaps=j)
    assert per is not None and (per.preperiod, per.period) == (preperiod, period)
    assert certify_takebreak(values[: need - 1], last_digit=t, max_heaps=j) is None  # one value short: refused
    _check_claim(values, preperiod, period)


def test_hexadecimal_codes_are_certified_with_three_heaps() -> None:
    certified = [
        c
        for c in HEX_SAMPLE
        if certify_takebreak(naive_tb_values(naive_tb_rules(c), 120), last_digit=_shape(c)[0], max_heaps=3)
    ]
    assert len(certified) >= 9 and "0.8" not in certified and "0.9C" not in certified


def test_truncated_prefix_is_refused() -> None:
    values = naive_tb_values(naive_tb_rules("0.77"), 200)
    assert certify_takebreak(values[:150], last_digit=2, max_heaps=2) is None
    assert certify_takebreak(values[:100], last_digit=2, max_heaps=2) is None


def test_two_heaps_reduces_to_guy_and_smith() -> None:
    """For J = 2 the range is Guy & Smith's 2 n0 + p + t less one; certify_octal's certificates all agree."""
    for n0, p, t in itertools.product(range(1, 30, 7), range(1, 40, 9), range(0, 5)):
        assert takebreak_values_needed(n0, p, last_digit=t, max_heaps=2) + 1 == (2 * n0 + p + t) + p
    for code in ["0.77", "0.07", "0.137", "0.51", "0.6", "0.4"]:
        values = naive_tb_values(naive_tb_rules(code), 300)
        old = certify_octal(values, 2)
        new = certify_takebreak(values, last_digit=2, max_heaps=2)
        if old is not None:
            assert new is not None and new.period <= old.period


def test_the_theorem_fails_for_unequal_parts() -> None:
    """Grundy's game (4!.0): the shifted part can equal the other part, and the naive extension is wrong at once."""
    grundy = naive_tb_values([(0, {2})], 40, distinct=True)
    assert grundy[:14] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]  # OEIS A002188
    # the shortest prefix that the range check accepts is the smallest counterexample
    first = next(n for n in range(1, 40) if certify_takebreak(grundy[:n], last_digit=0, max_heaps=2))
    per = certify_takebreak(grundy[:first], last_digit=0, max_heaps=2)
    assert per is not None
    assert (first, per.preperiod, per.period) == (3, 0, 1)
    assert grundy[3] != grundy[2]  # the "proved" period fails at once
    # while without the constraint (4.0: split in any two) the same check is a proof
    plain = naive_tb_values([(0, {2})], 200)
    per = certify_takebreak(plain[:20], last_digit=0, max_heaps=2)
    assert per is not None
    _check_claim(plain, per.preperiod, per.period)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidParameter, match="last_digit=-1"):
        certify_takebreak([0, 1], last_digit=-1, max_heaps=2)
    with pytest.raises(InvalidParameter, match="max_heaps"):
        certify_takebreak([0, 1], last_digit=1, max_heaps=2.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidParameter, match="not a sequence of integers"):
        certify_takebreak("0101", last_digit=1, max_heaps=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [c for c, k in KNOWN_PERIODS.items() if values_needed(c) <= 1100])
def test_short_known_periods_are_proved_by_computing(code: str) -> None:
    known = KNOWN_PERIODS[code]
    t, j = _shape(code)
    need = values_needed(code)
    values = naive_tb_values(naive_tb_rules(code), need)
    per = certify_takebreak(values, last_digit=t, max_heaps=j)
    assert per is not None and (per.preperiod, per.period, per.saltus) == (known.preperiod, known.period, known.saltus)


def test_budget_note_names_the_count() -> None:
    note = budget_note("0.127", 10_000)
    assert note is not None and "93,166 values" in note and "--max-positions" in note and "Plambeck" in note
    assert budget_note("0.127", 10**6) is None
    assert budget_note("0.37", 10) is None  # no published period stored
    with pytest.raises(InvalidParameter, match="not a plain code"):
        values_needed("4!.0", 1, 1)
