"""The Delete Nim family's theorems (seeds 000, 001, 004): the predicates and the checkable claims.

The predicates are the closed forms :mod:`sprague.rulesets.delete` plays by,
written with plain integer operations so that they are exact on Python ints of
any size and also compile unchanged with numba for :mod:`sprague.verify`. Two
statements are kept *as printed*, digit by digit, so that search can judge the
printed text itself: 004 Thm 1.5 and 001 Thm 6.3 (which writes ``I_(d+1)`` and
``k <= d`` where 004 has ``I_(b+1)``, ``I_(c+1)`` and ``k <= c``), and 001 Thm 5.6
with its strict ``z_i < z_(i+1)`` (a statement about positions with distinct
heaps only) beside the ``<=`` reading of Thm 5.2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sprague.core.nimber import v2
from sprague.theorems import Claim, Theorem, register_theorem

__all__ = [
    "delete_nim_grundy",
    "vdn_grundy",
    "abo_is_p",
    "nmth_is_p",
    "fraction_is_p",
    "single_delete_3_is_p",
    "single_delete_4_is_p",
    "ones_and_twos_is_p",
    "oddoid",
    "single_delete_4_as_printed",
]


# ---------------------------------------------------------------- the theorems
# Plain integer code only (see the module docstring): each takes the heaps as a
# sequence sorted in ascending order and is used both exactly and compiled.


def delete_nim_grundy(h: Sequence[int]) -> int:
    """000 Thm 1.1 (= 001 Thm 2.2): G(x, y) = v2((x OR y) + 1) for Delete Nim."""
    return v2((h[0] | h[1]) + 1)


def vdn_grundy(h: Sequence[int]) -> int:
    """000 Thm 1.8, from Thm 1.1 and the isomorphism F(x, y) = (x-1, y-1) of Lemma 1.7."""
    return v2(((h[0] - 1) | (h[1] - 1)) + 1)


def oddoid(z: int, k: int) -> bool:
    """001 Def 5.4: ``z`` is k-oddoid iff its remainder mod k(k-1) lies in 1..k-1 (k = 2: odd)."""
    r = z % (k * (k - 1))
    return 1 <= r <= k - 1


def abo_is_p(h: Sequence[int]) -> bool:
    """001 Thm 3.2: P iff every heap's remainder mod n(n-1) lies in 1..n-1 (all heaps n-oddoid)."""
    n = len(h)
    for z in h:
        if not oddoid(z, n):
            return False
    return True


def nmth_is_p(h: Sequence[int]) -> bool:
    """001 Thm 4.2: n even -- P iff every heap is odd; n odd -- P iff all heaps have the same v2."""
    n = len(h)
    first = v2(h[0])
    for z in h:
        e = v2(z)
        if (n % 2 == 0 and e != 0) or e != first:
            return False
    return True


def fraction_is_p(h: Sequence[int], k: int) -> bool:
    """001 Thm 5.6 (k = 2: Thm 5.2), heaps sorted with ``<=``; n = km.

    With ``k^s`` the least power of k above ``z_((k-1)m+1)``: P iff (a) the
    (k-1)m+1 smallest heaps are k-oddoid and (b) every k-evenoid heap is at
    least ``k^s``. The paper prints ``z_i < z_(i+1)`` in Thm 5.6 and
    ``z_i <= z_(i+1)`` in Thm 5.2; the strict reading would say nothing about
    positions with equal heaps, and search confirms the ``<=`` reading (see
    ``sprague verify half-delete`` and ``fraction-delete``).
    """
    n = len(h)
    pivot = (k - 1) * (n // k)  # 0-based index of z_((k-1)m+1)
    power = 1
    while power <= h[pivot]:
        power *= k
    for i in range(n):
        if not oddoid(h[i], k) and (i <= pivot or h[i] < power):
            return False
    return True


def single_delete_3_is_p(h: Sequence[int]) -> bool:
    """004 Thm 1.4 (= 001 Thm 6.2, Sakai 2021): P iff v2(x) = v2(y) = v2(z)."""
    return v2(h[0]) == v2(h[1]) == v2(h[2])


def _ones(z: int, lo: int, hi: int) -> bool:
    """Whether bits lo..hi (0-based, inclusive) of ``z`` are all 1 (true for an empty range)."""
    if hi < lo:
        return True
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    return (z & mask) == mask


def single_delete_4_is_p(h: Sequence[int]) -> bool:
    """The P-positions of Single-delete Nim with four heaps: 004 Thm 1.5 with its condition (5A) corrected.

    Standardise so that a = v2(w) <= b = v2(x) <= c = v2(y) <= d = v2(z). With
    ``I_k`` the k-th binary digit from the bottom (bit k-1 here), P iff one of
    (1) a = b = c = d; (2) a < b = c = d and I_(b+1)(w) = 0; (3) a < b < c = d and
    (3A)-(3C); (4) a < b < c < d and (4A)-(4E); (5) a < b < c < d and (5A')-(5F).

    **Correction.** 004 (and 001 Thm 6.3) print (5A): the column sums
    ``I_i(w) + I_i(x) + I_i(y) + I_i(z)`` lie in {0, 3, 4} for *every* i >= d+2.
    Search refutes that: <8, 12, 14, 47> is a P-position (every option is N) that
    the printed statement calls N, the smallest of 370 such positions with heaps
    <= 128 (``sprague verify single-delete-4-printed --max-heap 47``). What search
    finds instead is (5A'): going up from i = d+2, the first column whose sum is not
    3 or 4 has sum 0 -- above a zero column nothing more is required. With (5A') the
    statement agrees with the full table of search on all 11,716,640 positions with
    heaps <= 128, and passes the local check on all 68,685,050 with heaps <= 200.
    Since (5A) implies (5A'), every P-position of the printed theorem stays one.

    001 writes (2A) as I_(d+1)(w) = 0, (3A) with I_(d+1) and (3B) up to k <= d,
    where 004 has I_(b+1), I_(c+1) and k <= c. Under the case conditions (b = d in
    (2), c = d in (3)) these are the same digits. Column conditions are evaluated
    with whole-integer masks, so huge heaps cost a few big-int operations.
    """
    w, x, y, z = h[0], h[1], h[2], h[3]
    # sort by 2-adic valuation (a sorting network on four keys)
    if v2(x) < v2(w):
        w, x = x, w
    if v2(z) < v2(y):
        y, z = z, y
    if v2(y) < v2(w):
        w, y = y, w
    if v2(z) < v2(x):
        x, z = z, x
    if v2(y) < v2(x):
        x, y = y, x
    a, b, c, d = v2(w), v2(x), v2(y), v2(z)
    if a == b and b == c and c == d:
        return True
    if a == b or b == c and c < d:
        return False  # a = b < ..., or a < b = c < d: the cases (triangle) of 004, never P
    if b == d:  # a < b = c = d
        return (w >> b) & 1 == 0
    bit_b = (w >> b) & 1 == 1  # (3C) / (4E) / (5F)
    either = _ones(w | x, b + 1, c - 1)  # (3B) / (4D) / (5E)
    if c == d:  # a < b < c = d
        return (w >> c) & 1 == 0 and (x >> c) & 1 == 0 and either and bit_b
    majority = (w & x) | (w & y) | (x & y)
    common = (
        _ones(majority, c + 1, d - 1) and (w >> c) & 1 == 1 and (x >> c) & 1 == 1 and either and bit_b
    )  # (4B)-(4E) = (5C)-(5F)
    if not common:
        return False
    top = ((w >> d) & 1) + ((x >> d) & 1) + ((y >> d) & 1)
    if top == 0:  # (4A)
        return True
    if top != 3:
        return False  # neither (4A) nor (5B)
    at_least_3 = (w & x & y) | (w & x & z) | (w & y & z) | (x & y & z)
    rest = ~at_least_3 >> (d + 1)  # columns from bit d+1 up whose sum is not 3 or 4 (infinitely many)
    return ((w | x | y | z) >> (d + 1)) & (rest & -rest) == 0  # (5A'): the lowest of them has sum 0


def ones_and_twos_is_p(h: Sequence[int]) -> bool:
    """Single-delete Nim on heaps of 1 and 2 only (our extension of 004 Prop 4.2).

    With ``t`` heaps of 2 among ``n``: a move deletes a 1 or a 2 and splits a 2,
    so ``t`` drops by 1 or 2, except that from ``<2,...,2>`` (t = n) it must drop
    by 2. Hence P iff ``t = 0 (mod 3)`` when t < n, and iff ``n != 2 (mod 3)`` when
    t = n -- which is Prop 4.2, including the half its proof omits.
    """
    n = len(h)
    t = 0
    for z in h:
        if z == 2:
            t += 1
    if t == n:
        return n % 3 != 2
    return t % 3 == 0


def _pn(p: bool) -> int:
    return 0 if p else 1


def _bit(z: int, k: int) -> int:
    """``I_k(z)``: the k-th binary digit of ``z`` from the right, k >= 1 (004 section 1)."""
    return (z >> (k - 1)) & 1


def single_delete_4_as_printed(h: Sequence[int], paper: int) -> bool:
    """Thm 1.5 of 004 (``paper=4``) or Thm 6.3 of 001 (``paper=1``), read digit by digit as printed.

    Refuted by search (see :func:`single_delete_4_is_p` for
    the correction); kept so that the printed statement can be checked and shown.

    001's garbled indices ("I_i ... for c+2 <= j <= d" in (4B), "I_(h+1)" in (4E))
    are read as 004 prints them; the readings differ only in (2A), (3A), (3B).
    """
    q0, q1, q2, q3 = h[0], h[1], h[2], h[3]
    # sort by 2-adic valuation (bubble sort on four values)
    for _ in range(3):
        if v2(q0) > v2(q1):
            q0, q1 = q1, q0
        if v2(q1) > v2(q2):
            q1, q2 = q2, q1
        if v2(q2) > v2(q3):
            q2, q3 = q3, q2
    w, x, y, z = q0, q1, q2, q3
    a, b, c, d = v2(w), v2(x), v2(y), v2(z)
    if a == b and b == c and c == d:
        return True  # (1)
    if a < b and b == c and c == d:  # (2)
        return _bit(w, b + 1 if paper == 4 else d + 1) == 0
    if a < b and b < c and c == d:  # (3)
        k3 = c + 1 if paper == 4 else d + 1
        ok = _bit(w, k3) == 0 and _bit(x, k3) == 0
        for k in range(b + 2, (c if paper == 4 else d) + 1):
            if _bit(w, k) + _bit(x, k) < 1:
                ok = False
        return ok and _bit(w, b + 1) == 1
    if not (a < b and b < c and c < d):
        return False
    common = _bit(w, c + 1) == 1 and _bit(x, c + 1) == 1 and _bit(w, b + 1) == 1  # (C), (E)
    for j in range(c + 2, d + 1):  # (B)
        if _bit(w, j) + _bit(x, j) + _bit(y, j) < 2:
            common = False
    for k in range(b + 2, c + 1):  # (D)
        if _bit(w, k) + _bit(x, k) < 1:
            common = False
    if not common:
        return False
    top = _bit(w, d + 1) + _bit(x, d + 1) + _bit(y, d + 1)
    if top == 0:
        return True  # (4A)
    if top != 3:
        return False  # neither (4A) nor (5B)
    length = 0
    for t in (w, x, y, z):
        while (t >> length) > 0:
            length += 1
    for i in range(d + 2, length + 1):  # (5A)
        s = _bit(w, i) + _bit(x, i) + _bit(y, i) + _bit(z, i)
        if s == 1 or s == 2:
            return False
    return True


# ------------------------------------------------------------------ claim factories
def _both_even(h: Sequence[int]) -> bool:
    return h[0] % 2 == 0 and h[1] % 2 == 0


def _both_odd(h: Sequence[int]) -> bool:
    return h[0] % 2 == 1 and h[1] % 2 == 1


def _grundy_of(formula: Any) -> Any:
    return lambda n, params: formula


def _outcome_of(pred: Any) -> Any:
    def factory(n: int, params: dict[str, Any]) -> Claim:
        def claim(h: Sequence[int]) -> int:
            return _pn(pred(h))

        return claim

    return factory


def _claim_fraction(n: int, params: dict[str, Any]) -> Claim:
    k = int(params["k"])

    def claim(h: Sequence[int]) -> int:
        return _pn(fraction_is_p(h, k))

    return claim


def _claim_fraction_strict(n: int, params: dict[str, Any]) -> Claim:
    k = int(params["k"])

    def claim(h: Sequence[int]) -> int:
        for i in range(1, len(h)):
            if h[i - 1] == h[i]:
                return -1  # printed with z_i < z_(i+1): says nothing when two heaps are equal
        return _pn(fraction_is_p(h, k))

    return claim


def _claim_printed(paper: int) -> Any:
    def factory(n: int, params: dict[str, Any]) -> Claim:
        def claim(h: Sequence[int]) -> int:
            return _pn(single_delete_4_as_printed(h, paper))

        return claim

    return factory


def _claim_all_odd(n: int, params: dict[str, Any]) -> Claim:
    def claim(h: Sequence[int]) -> int:
        for z in h:
            if z % 2 == 0:
                return -1
        return 0

    return claim


def _claim_few_even(n: int, params: dict[str, Any]) -> Claim:
    def claim(h: Sequence[int]) -> int:
        evens = 0
        for z in h:
            if z % 2 == 0:
                evens += 1
        if evens == 0:
            return 0
        return 1 if evens <= 2 else -1

    return claim


def _claim_all_twos(n: int, params: dict[str, Any]) -> Claim:
    def claim(h: Sequence[int]) -> int:
        for z in h:
            if z != 2:
                return -1
        return 1 if len(h) % 3 == 2 else 0

    return claim


def _claim_ones_twos(n: int, params: dict[str, Any]) -> Claim:
    def claim(h: Sequence[int]) -> int:
        for z in h:
            if z > 2:
                return -1
        return _pn(ones_and_twos_is_p(h))

    return claim


# --------------------------------------------------------------------- registry
def _any(least: int) -> Any:
    return lambda n, params: n >= least


def _exactly(count: int) -> Any:
    return lambda n, params: n == count


def _multiple_of_k(n: int, params: dict[str, Any]) -> bool:
    k = int(params["k"])
    return n >= k and n % k == 0


_FRACTION_NOTE = (
    "001 prints z_i < z_(i+1) in Thm 5.6 and z_i <= z_(i+1) in Thm 5.2. The strict reading only "
    "speaks of positions with distinct heaps; search confirms the <= reading on all positions, "
    "which is what the ruleset uses."
)
_CORRECTION_NOTE = (
    "Search refutes (5A) as printed: <8, 12, 14, 47> is a P-position (all its options are N) that "
    "the printed statement calls N; it is the smallest of 370 disagreements with heaps <= 128, all "
    "of them in case (5). With (5A) read as 'going up from i = d+2, the first column whose sum is "
    "not 3 or 4 has sum 0', the statement agrees with the full table of search on all 11,716,640 "
    "positions with heaps <= 128, and passes the local check on all 68,685,050 with heaps <= 200."
)
_PRINTED_NOTE = (
    "001 writes I_(d+1) in (2A) and (3A) and k <= d in (3B) where 004 has I_(b+1), I_(c+1) and "
    "k <= c; under the case conditions (b = d, c = d) these are the same digits, and search agrees."
)

DELETE_THEOREMS: tuple[Theorem, ...] = (
    Theorem(
        name="delete-nim",
        ruleset="delete-nim",
        citation="000 (Abuku & Suetsugu 2021) Thm 1.1; 001 Thm 2.2",
        statement="G(x, y) = v2((x OR y) + 1)",
        kind="grundy",
        make_claim=_grundy_of(delete_nim_grundy),
        heap_ok=_exactly(2),
        heaps_doc="exactly 2 heaps",
        default_heaps=2,
        test_box=(2, 40),
    ),
    Theorem(
        name="delete-nim-outcome",
        ruleset="delete-nim",
        citation="001 Thm 2.2 (from 000 Thm 1.1)",
        statement="<x, y> is a P-position iff x and y are both even",
        kind="outcome",
        make_claim=_outcome_of(_both_even),
        heap_ok=_exactly(2),
        heaps_doc="exactly 2 heaps",
        default_heaps=2,
        test_box=(2, 40),
    ),
    Theorem(
        name="vdn",
        ruleset="vdn",
        citation="000 Thm 1.8 (via Lemma 1.7)",
        statement="G(x, y) = v2(((x-1) OR (y-1)) + 1)",
        kind="grundy",
        make_claim=_grundy_of(vdn_grundy),
        heap_ok=_exactly(2),
        heaps_doc="exactly 2 heaps",
        default_heaps=2,
        test_box=(2, 40),
    ),
    Theorem(
        name="vdn-outcome",
        ruleset="vdn",
        citation="000 Thm 1.5 (Stankova & Rike)",
        statement="<x, y> is a P-position iff x and y are both odd",
        kind="outcome",
        make_claim=_outcome_of(_both_odd),
        heap_ok=_exactly(2),
        heaps_doc="exactly 2 heaps",
        default_heaps=2,
        test_box=(2, 40),
    ),
    Theorem(
        name="abo-delete",
        ruleset="abo-delete",
        citation="001 Thm 3.2",
        statement="P iff every heap's remainder mod n(n-1) lies in 1..n-1",
        kind="outcome",
        make_claim=_outcome_of(abo_is_p),
        heap_ok=_any(2),
        heaps_doc="n >= 2 heaps",
        default_heaps=3,
        test_box=(3, 24),
    ),
    Theorem(
        name="nmth-delete",
        ruleset="nmth-delete",
        citation="001 Thm 4.2",
        statement="n even: P iff every heap is odd; n odd: P iff all heaps have the same 2-adic valuation",
        kind="outcome",
        make_claim=_outcome_of(nmth_is_p),
        heap_ok=_any(2),
        heaps_doc="n >= 2 heaps",
        default_heaps=4,
        test_box=(4, 20),
    ),
    Theorem(
        name="half-delete",
        ruleset="half-delete",
        citation="001 Thm 5.2",
        statement="z_1 <= ... <= z_2m, 2^s the least power of 2 above z_(m+1): P iff z_1..z_(m+1) are odd and every "
        "even heap is >= 2^s",
        kind="outcome",
        make_claim=lambda n, params: _claim_fraction(n, {"k": 2}),
        heap_ok=lambda n, params: n >= 2 and n % 2 == 0,
        heaps_doc="an even number of heaps",
        default_heaps=4,
        test_box=(4, 20),
    ),
    Theorem(
        name="fraction-delete",
        ruleset="fraction-delete",
        citation="001 Thm 5.6 (read with <=, as Thm 5.2)",
        statement="z_1 <= ... <= z_km, k^s the least power of k above z_((k-1)m+1): P iff z_1..z_((k-1)m+1) are "
        "k-oddoid and every k-evenoid heap is >= k^s",
        kind="outcome",
        make_claim=_claim_fraction,
        heap_ok=_multiple_of_k,
        heaps_doc="a multiple of k heaps",
        default_heaps=lambda params: 2 * int(params["k"]),
        test_box=(6, 8),
        params={"k": 3},
        note=_FRACTION_NOTE,
    ),
    Theorem(
        name="fraction-delete-strict",
        ruleset="fraction-delete",
        citation="001 Thm 5.6 as printed (z_i < z_(i+1))",
        statement="as fraction-delete, for positions whose heaps are all different",
        kind="outcome",
        make_claim=_claim_fraction_strict,
        heap_ok=_multiple_of_k,
        heaps_doc="a multiple of k heaps",
        default_heaps=lambda params: 2 * int(params["k"]),
        test_box=(6, 8),
        params={"k": 3},
        note=_FRACTION_NOTE,
    ),
    Theorem(
        name="single-delete-3",
        ruleset="single-delete",
        citation="004 (Shinoda 2024) Thm 1.4; 001 Thm 6.2",
        statement="P iff v2(x) = v2(y) = v2(z)",
        kind="outcome",
        make_claim=_outcome_of(single_delete_3_is_p),
        heap_ok=_exactly(3),
        heaps_doc="exactly 3 heaps",
        default_heaps=3,
        test_box=(3, 24),
    ),
    Theorem(
        name="single-delete-4",
        ruleset="single-delete",
        citation="004 (Shinoda 2024) Thm 1.5, with (5A) corrected by sprague",
        statement="P iff one of the conditions (1)-(5) on 2-adic valuations and binary digits, where (5A) reads: going "
        "up from i = d+2, the first column sum not in {3, 4} is 0",
        kind="outcome",
        make_claim=_outcome_of(single_delete_4_is_p),
        heap_ok=_exactly(4),
        heaps_doc="exactly 4 heaps",
        default_heaps=4,
        test_box=(4, 20),
        origin="sprague",
        note=_CORRECTION_NOTE,
    ),
    Theorem(
        name="single-delete-4-printed",
        ruleset="single-delete",
        citation="004 Thm 1.5 as printed",
        statement="conditions (1)-(5) read digit by digit; (5A): every column sum for i >= d+2 is in {0, 3, 4}",
        kind="outcome",
        make_claim=_claim_printed(4),
        heap_ok=_exactly(4),
        heaps_doc="exactly 4 heaps",
        default_heaps=4,
        test_box=(4, 20),
        note=_CORRECTION_NOTE,
        refuted=((8, 12, 14, 47), "N", "P"),
    ),
    Theorem(
        name="single-delete-4-001",
        ruleset="single-delete",
        citation="001 Thm 6.3 as printed",
        statement="as 004 Thm 1.5 with I_(d+1) in (2A), (3A) and k <= d in (3B)",
        kind="outcome",
        make_claim=_claim_printed(1),
        heap_ok=_exactly(4),
        heaps_doc="exactly 4 heaps",
        default_heaps=4,
        test_box=(4, 20),
        note=_PRINTED_NOTE,
        refuted=((8, 12, 14, 47), "N", "P"),
    ),
    Theorem(
        name="single-delete-odd",
        ruleset="single-delete",
        citation="004 Prop 4.1",
        statement="with n >= 2 heaps, all heaps odd is a P-position (nothing claimed otherwise)",
        kind="outcome",
        make_claim=_claim_all_odd,
        heap_ok=_any(2),
        heaps_doc="n >= 2 heaps",
        default_heaps=5,
        test_box=(5, 10),
    ),
    Theorem(
        name="single-delete-few-even",
        ruleset="single-delete",
        citation="sprague, from the proof of 004 Prop 4.1",
        statement="all heaps odd: P; exactly one or two even heaps: N (nothing claimed otherwise)",
        kind="outcome",
        make_claim=_claim_few_even,
        heap_ok=_any(3),
        heaps_doc="n >= 3 heaps",
        default_heaps=5,
        test_box=(5, 10),
        origin="sprague",
    ),
    Theorem(
        name="single-delete-twos",
        ruleset="single-delete",
        citation="004 Prop 4.2",
        statement="<2, 2, ..., 2> (n heaps) is an N-position iff n mod 3 = 2",
        kind="outcome",
        make_claim=_claim_all_twos,
        heap_ok=_any(2),
        heaps_doc="n >= 2 heaps",
        default_heaps=5,
        test_box=(5, 2),
        cap=2,
    ),
    Theorem(
        name="single-delete-ones-twos",
        ruleset="single-delete",
        citation="sprague, extending 004 Prop 4.2 and its proof",
        statement="heaps of 1 and 2 only, t of them 2: P iff t = 0 mod 3, except <2,...,2>: P iff n mod 3 != 2",
        kind="outcome",
        make_claim=_claim_ones_twos,
        heap_ok=_any(2),
        heaps_doc="n >= 2 heaps",
        default_heaps=5,
        test_box=(5, 2),
        cap=2,
        origin="sprague",
    ),
)
for _t in DELETE_THEOREMS:
    register_theorem(_t)
