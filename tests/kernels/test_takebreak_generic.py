"""The generic take-and-break kernel (``sprague.kernels.takebreak_generic``) against the rules read literally
(``tests/naive.py``).

Every code form is checked: hexadecimal and larger digits, heap-count lists, ``{2+}``, ``*``, the
constraints ``! ? =`` (per entry too), additive digits, repeating codes and ``&N;``. The codes are
written here twice: as text for sprague, and as the rule itself for the naive solver (a digit is a
list of ``(count, or more, constraint)``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naive
import sprague
import sprague.cache
from sprague.core.budget import KERNEL_STEPS_PER_WORK
from sprague.kernels import takebreak_generic
from sprague.rulesets.takebreak import kernel_rules

Entry = tuple[int, bool, str]
F, M = False, True  # an entry's count alone, or that count and more


def rule(digits: list[list[Entry]], additive: list[list[Entry]] | None = None, period: int = 0) -> naive.TBRule:
    """The naive rule of a code: ``digits`` d0, d1, ... (the last ``period`` repeat), ``additive`` d-1, d-2, ..."""
    additive = additive or []
    pre = len(digits) - period

    def entries(k: int) -> list[Entry] | None:
        if k < 0:
            return additive[-k - 1] if -k <= len(additive) else None
        if k < len(digits):
            return digits[k]
        return digits[pre + (k - pre) % period] if period else None

    return entries


def bits(value: int, c: str = "") -> list[Entry]:
    """The entries of a numeric digit: bit ``i`` allows ``i`` heaps."""
    return [(i, F, c) for i in range(value.bit_length()) if value >> i & 1]


# code text, the same rule for the naive solver, the number of additive digits, how many values to compare
CASES = [
    ("0.8", rule([[], bits(8)]), 0, 40),  # remove one, leave three heaps
    ("0.F", rule([[], bits(15)]), 0, 40),  # hexadecimal F: 0-3 heaps
    ("0.{2,3}", rule([[], [(2, F, ""), (3, F, "")]]), 0, 40),  # = 0.C
    ("0.C4", rule([[], bits(12), bits(4)]), 0, 40),
    ("8.0", rule([bits(8)]), 0, 40),  # split into three heaps
    ("8!.0", rule([bits(8, "!")]), 0, 40),  # CGSuite's example: three unequal heaps
    ("8?.0", rule([bits(8, "?")]), 0, 40),  # three heaps, not all equal
    ("8=.0", rule([bits(8, "=")]), 0, 40),  # three equal heaps
    ("4=.0", rule([bits(4, "=")]), 0, 40),  # two equal heaps
    ("C?.0", rule([bits(12, "?")]), 0, 40),
    ("{2+}.0", rule([[(2, M, "")]]), 0, 26),  # CGSuite: split into two or more heaps
    ("{2+}!.0", rule([[(2, M, "!")]]), 0, 26),  # Math.SE: any number of unequal heaps
    ("{2+}?.0", rule([[(2, M, "?")]]), 0, 26),
    ("{3+}=.0", rule([[(3, M, "=")]]), 0, 26),
    ("0.*", rule([[], [(0, M, "")]]), 0, 26),  # remove one, leave any number of heaps
    ("0.*!", rule([[], [(0, M, "!")]]), 0, 26),
    ("0.{1,2!,3?}", rule([[], [(1, F, ""), (2, F, "!"), (3, F, "?")]]), 0, 40),  # per-entry constraints
    ("0.{1,2,3,4,5,6}!{6}", rule([[], [(i, F, "!") for i in range(1, 7)], [(6, F, "")]]), 0, 36),  # CGSuite's example
    ("0.{1,3=+}", rule([[], [(1, F, ""), (3, M, "=")]]), 0, 26),
    ("0.[3]", rule([[], bits(3)], period=1), 0, 40),  # Nim
    ("0.[37]", rule([[], bits(3), bits(7)], period=2), 0, 40),  # CGSuite's example
    ("0.1[2]", rule([[], bits(1), bits(2)], period=1), 0, 40),
    ("0.[{0+}=]", rule([[], [(0, M, "=")]], period=1), 0, 26),  # CGSuite's example
    ("0.7[4!]", rule([[], bits(7), bits(4, "!")], period=1), 0, 40),
    ("80.0", rule([[]], [bits(8)]), 1, 40),  # add one token, leave three heaps
    ("8=0.0", rule([[]], [bits(8, "=")]), 1, 40),
    ("{3+}0.6", rule([[], bits(6)], [[(3, M, "")]]), 1, 26),
    ("{4!}00.7", rule([[], bits(7)], [[], [(4, F, "!")]]), 2, 40),
    ("&64;.0", rule([bits(64)]), 0, 40),  # split into six heaps
    ("0.&10;", rule([[], bits(10)]), 0, 40),  # = 0.A
    ("0.&1048578;", rule([[], bits(1048578)]), 0, 40),  # one heap or 20 heaps
]


@pytest.mark.parametrize("code,truth,additive,n", CASES, ids=[c[0] for c in CASES])
def test_every_code_form_matches_the_naive_rules(code, truth, additive, n):
    expected = naive.takebreak_sequence(truth, n, additive)
    r = sprague.ruleset("takebreak", code=code)
    assert r.sequence(n).tolist() == expected
    # the kernel itself, and the options the ruleset lists
    rules, a = kernel_rules(r.code, n)
    assert a == additive and takebreak_generic.values(rules, a, n, 10**9)[0].tolist() == expected
    for h in range(min(n, 16)):
        listed = sorted(tuple(sorted(p for p in parts if p)) for parts in r.heap_options(h))
        assert listed == sorted(naive.takebreak_heap_options(truth, additive, h))
        assert r.heap_option_count(h) == len(listed)
        assert all(r.is_heap_option(h, parts) for parts in listed)


@pytest.mark.parametrize("code", ["0.77", "0.137", "4.7", "0.6", "4!.0", "0.4!"])
def test_codes_the_sparse_kernel_takes_give_the_same_values_on_the_generic_kernel(code):
    """The two kernels agree where both apply (octal codes, Grundy's game, mixed ! on one digit)."""
    r = sprague.ruleset("takebreak", code=code)
    rules, a = kernel_rules(r.code, 600)
    assert takebreak_generic.values(rules, a, 600, 10**10)[0].tolist() == r.sequence(600).tolist()


def _unequal_splits_by_sets(n: int) -> list[int]:
    """G(0..n-1) of {2+}!.0 by a plain Python knapsack over sets (distinct parts): ``sets[j][s]`` holds the
    nim-sums of ``j`` distinct parts (``j = 2``: two or more) with sum ``s``, over the parts below ``h``."""
    sets: list[list[set[int]]] = [[set() for _ in range(n)] for _ in range(3)]
    sets[0][0].add(0)
    g = [0]
    for h in range(1, n):
        g.append(naive.mex(sets[2][h]))
        for s in range(n - 1, h - 1, -1):
            for j in (2, 1, 0):
                if sets[j][s - h]:
                    sets[min(j + 1, 2)][s].update(v ^ g[h] for v in sets[j][s - h])
    return g


def test_values_past_64_widen_the_bitsets():
    """{2+}!.0 has G(n) = n - 4 from n = 9 on, so its values outgrow one word of the bitsets early."""
    got = sprague.ruleset("takebreak", code="{2+}!.0").sequence(200).tolist()
    assert max(got) > 128 and got == _unequal_splits_by_sets(200)
    assert got[:40] == naive.takebreak_sequence(rule([[(2, M, "!")]]), 40)


def test_unequal_splits_run_to_a_few_thousand():
    """Math.SE: split a heap into any number of unequal heaps ({2+}!.0): 3,000 values within the default limit."""
    got = sprague.ruleset("takebreak", code="{2+}!.0").sequence(3000).tolist()
    assert got[:300] == _unequal_splits_by_sets(300)
    assert got[9:] == list(range(5, 2996))  # G(n) = n - 4 from 9 on: seen here, not proved


def test_the_work_is_known_in_advance_and_the_limit_stops_the_kernel():
    r = sprague.ruleset("takebreak", code="{2+}.0")
    cost = r.sequence_cost(400)
    assert cost >= 1
    least = r.sequence_cost(5000)  # the kernel's steps known in advance, a lower bound, in units of work
    with sprague.cache.using(False):
        with (
            sprague.budget(work=least // 2) as b,
            pytest.raises(
                sprague.BudgetExceeded,
                match=rf"up to 4,999 needs at least {least:,} units of work, over the "
                rf"{least // 2:,} left.*--max-work",
            ),
        ):
            r.sequence(5000)
        assert b.spent == 0 and r.known_length == 0  # refused before any work: the lower bound is over the budget
        with (
            sprague.budget(work=least + 10) as b,
            pytest.raises(
                sprague.BudgetExceeded,
                match=r"up to 4,999 stopped at the work budget of [\d,]+ units .* after "
                r"[\d,]+ values \(they are kept\).*--max-work",
            ),
        ):
            r.sequence(5000)  # within the lower bound, but the kernel needs more: stopped at the budget
        assert b.work < b.spent <= b.work + 1000  # by at most a value's work more
    kept = r.known_length
    rules, a = kernel_rules(r.code, kept)
    assert 0 < kept < 5000 and r.solver.values.tolist() == takebreak_generic.values(rules, a, kept, 10**12)[0].tolist()
    truth = next(case[1] for case in CASES if case[0] == "{2+}.0")
    assert r.solver.values[:26].tolist() == naive.takebreak_sequence(truth, 26, 0)
    rules, a = kernel_rules(r.code, 300)
    values, steps = takebreak_generic.values(rules, a, 300, 10**12)
    assert takebreak_generic.work(rules, a, 300) <= steps
    part, stopped = takebreak_generic.values(rules, a, 300, steps // 3)
    assert 0 < len(part) < 300 and part.tolist() == values[: len(part)].tolist() and stopped >= steps // 3


def test_the_wrapper_refuses_bad_tables():
    with pytest.raises(ValueError, match="columns"):
        takebreak_generic.values(np.zeros((2, 2), dtype=np.int8), 0, 5, 100)
    with pytest.raises(ValueError, match="entries"):
        takebreak_generic.values(np.full((2, 3), 7, dtype=np.int8), 0, 5, 100)


# ----------------------------------------------------------------------------------------- random small codes
_CONSTRAINT = st.sampled_from(["", "!", "?", "="])


@st.composite
def _digit(draw: st.DrawFn, most: int = 4) -> list[Entry]:
    counts = draw(st.lists(st.integers(0, most), max_size=3, unique=True))
    if not counts:
        return []
    counts.sort()
    shared = draw(st.booleans())
    c0 = draw(_CONSTRAINT)
    entries = [(i, False, c0 if shared else draw(_CONSTRAINT)) for i in counts]
    if draw(st.booleans()):
        i, _, c = entries[-1]
        entries[-1] = (i, True, c)
    return entries


def _text(entries: list[Entry]) -> str:
    """A digit as a list, written here from the rule (not by sprague's printer)."""
    if not entries:
        return "0"
    return "{" + ",".join(f"{i}{c}{'+' if more else ''}" for i, more, c in entries) + "}"


@settings(max_examples=80, deadline=None)
@given(
    d0=_digit(),
    rest=st.lists(_digit(), min_size=0, max_size=3),
    period=st.integers(0, 2),
    add=st.lists(_digit(), max_size=2),
)
def test_random_codes_match_the_naive_rules(d0, rest, period, add):
    period = min(period, len(rest))
    body = "".join(_text(d) for d in rest)
    if period:
        body = "".join(_text(d) for d in rest[:-period]) + "[" + "".join(_text(d) for d in rest[-period:]) + "]"
    text = "".join(_text(d) for d in reversed(add)) + _text(d0) + "." + body
    truth = rule([d0, *rest], add, period)
    loops = naive.takebreak_loops(truth, len(add), 12)
    try:
        r = sprague.ruleset("takebreak", code=text)
    except sprague.InvalidParameter as exc:
        assert loops and "loopy" in str(exc)
        return
    assert not loops
    n = 22 if any(m for d in (d0, *rest, *add) for _, m, _ in d) else 28
    assert r.sequence(n).tolist() == naive.takebreak_sequence(truth, n, len(add))
    again = sprague.ruleset("takebreak", code=str(r.code))  # the normal form is the same game
    assert again.code == r.code and again.sequence(n).tolist() == r.sequence(n).tolist()


@pytest.mark.parametrize("code", ["8.0", "0.[37]", "80.0", "{2+}!.0", "0.*", "{4!}00.7", "0.[{0+}=]"])
def test_the_advance_estimate_is_a_lower_bound_of_the_steps(code):
    for n in (0, 1, 2, 5, 100, 700):
        rules, a = kernel_rules(sprague.ruleset("takebreak", code=code).code, n)
        assert takebreak_generic.work(rules, a, n) <= takebreak_generic.values(rules, a, n, 10**15)[1], n


def test_a_huge_heap_of_a_certified_arithmetic_period_is_exact():
    """8.0 (split a heap into three) is proved arithmetic periodic, G(n) = (n - 1) // 2 for n >= 1: a heap of
    10^30 is a lookup. The claim is checked here on 300 values of the naive solver."""
    r = sprague.ruleset("takebreak", code="8.0")
    per = r.periodicity()
    assert per is not None and per.certified and (per.period, per.saltus) == (2, 1)
    assert per.fill(r.solver.values, 300).tolist() == naive.naive_tb_values(naive.naive_tb_rules("8.0"), 300)
    assert r.grundy((10**30,)) == (10**30 - 1) // 2


@pytest.mark.parametrize("code", ["8!.0", "0.[3]", "80.0", "{2+}!.0"])
def test_a_huge_heap_is_refused_before_any_work(code):
    """G(10^30) needs the values below it: the kernel's steps known in advance, a lower bound, are over the budget."""
    r = sprague.ruleset("takebreak", code=code)
    with (
        sprague.cache.using(False),
        sprague.budget() as b,
        pytest.raises(
            sprague.BudgetExceeded,
            match=r"values up to 1,000,000,000,000,000,000,000,000,000,000 needs at least "
            r"about 2\^\d+ units of work, over the 20,000,000 left.*--max-work",
        ) as info,
    ):
        r.grundy((10**30,))
    assert info.value.estimate >= 10**30 // KERNEL_STEPS_PER_WORK  # a step a value at least
    c = r.code  # a code the periodicity theorems cover first looks for a period, within the work budget
    covered = c.unconstrained and c.last_digit is not None and not c.additive and c.max_heaps is not None
    if covered:
        assert r.known_length < 10**4 and b.spent < b.work
    else:
        assert r.known_length == 0 and b.spent == 0
