"""Proved misère quotients of all heaps of a take-and-break game: a periodicity theorem and its certificate.

:func:`~sprague.analysis.quotient.misere_quotient` gives the quotient ``Q_N`` of the heaps ``0..N``; that
it stops changing is only observed. Plambeck and Siegel prove a periodicity theorem for misère quotients
of octal games (T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games", JCTA 115 (2008)
593-622; A. N. Siegel, "Misère games and misère quotients", Games of No Chance 5 (2017), which gives a
proof). We could not read its printed statement here, so we state and prove our own sufficient condition,
in the manner of the Guy-Smith theorem for normal play, and use nothing else.

**Setting.** A finite take-and-break code without constraints (``! ? =``) or additive digits: a move
removes ``k`` tokens (``0 <= k <= t``, ``t`` the place of the last non-zero digit) from one heap and
leaves the rest as ``j`` non-empty heaps, ``j`` allowed by digit ``d_k``, ``j <= J`` (``J = 2`` for octal
codes; here ``J`` is the code's largest heap count, at least 1); ``j = 0`` only when the heap had exactly
``k`` tokens; removing nothing and leaving one heap is not a move. Legality depends on ``(k, j)`` alone.

**Theorem.** Let ``Q`` be a finite commutative monoid, ``P ⊆ Q``, ``n0 >= 0``, ``p >= 1``, and
``Φ: {0, 1, 2, ...} → Q`` with ``Φ(0) = 1`` and ``Φ(n + p) = Φ(n)`` for every ``n >= n0``. Put
``n1 = max(n0, 1)``, ``B = J·n1 + (J-1)·p + t - J + 1`` and ``M = B + p - 1``. If ``(Q, P, Φ restricted
to 0..M)`` passes the independent check of :func:`~sprague.analysis.quotient_check.check_quotient` for the
heaps ``0..M`` (monoid, correct, onto, reduced), then ``Q`` with ``P`` is the misère quotient of *all*
heaps and ``Φ`` its pretending function; for every ``N >= M``, ``Q_N ≅ Q`` with the same ``Φ``.

*Proof.* Write ``T(n)`` for the set of images of the options of heap ``n`` (an option's parts
multiplied under Φ).

1. *Shift lemma: ``T(n + p) = T(n)`` for every ``n >= B``.* Since ``B - t = J(n1 - 1) + (J-1)p + 1 >= 1``,
   neither ``n`` nor ``n + p`` exceeds ``t``: no option of either removes the whole heap. Take an option
   of ``n + p``: ``k`` tokens removed, parts ``h1 >= ... >= hj >= 1`` (``1 <= j <= J``) summing to
   ``n + p - k``. Then ``h1 >= (n + p - t)/J``, and ``n >= B`` gives ``n + p - t >= J(n1 + p - 1) + 1``,
   so ``h1 >= n1 + p``; also ``h1 <= n + p - 1`` (``(k, j) != (0, 1)``). Replacing ``h1`` by
   ``m = h1 - p`` (``n1 <= m < n``, a non-empty heap) gives parts summing to ``n - k``: an option of
   ``n`` by the same ``(k, j)``. As ``m >= n0``, ``Φ(m) = Φ(h1)``, so the images agree. Conversely the
   largest part ``h1`` of an option of ``n`` satisfies ``h1 >= (n - t)/J > n1 - 1``, so ``h1 >= n0`` and
   ``h1 + p`` gives an option of ``n + p`` of the same image. Hence the sets are equal.
2. *Every heap looks like a heap ``<= M``:* for every ``n`` there is ``m <= M`` with
   ``(Φ(m), T(m)) = (Φ(n), T(n))``. By induction on ``n``: if ``n > M`` then ``n - p >= B >= n0``, so
   ``Φ(n) = Φ(n - p)`` and ``T(n) = T(n - p)`` by 1; and ``n - p < n``.
3. *Correct for all sums.* The check's automaton (see :mod:`sprague.analysis.quotient_check`) moves from
   the state ``(Φ(w), T(w))`` of a sum ``w`` to that of ``w + h`` by a function of the pair
   ``(Φ(h), T(h))`` alone. By 2 the pairs of all heaps are pairs of heaps ``<= M``, so (induction on the
   number of heaps) the states of all sums are states of sums of heaps ``<= M``, every one of which the
   check found sound; by the check's lemma (induction over the game tree) every sum's outcome is read off
   its image: ``w`` is a misère P-position iff ``Φ(w) ∈ P``.
4. *It is the quotient.* The heaps ``<= M`` already generate ``Q`` (onto) and ``Q`` is reduced for ``P``
   over that submonoid, so: sums of equal image are indistinguishable (by 3, ``o(G + X)`` depends on
   ``Φ(G)Φ(X)`` only), and sums ``G, H`` of images ``x != y`` are told apart by a sum ``X`` of image ``z``
   with exactly one of ``xz, yz`` in ``P``. The classes of indistinguishability are the fibres of Φ, a
   monoid homomorphism onto ``Q``. The same holds for the heaps ``0..N``, ``N >= M``. ∎

The certificate therefore rests on the shift lemma and on the independent checker alone, never on the
engine that found the candidate: :func:`prove_quotient` takes ``Q_N`` from
:func:`~sprague.analysis.quotient.misere_quotient`, reads a period ``p`` and preperiod ``n0`` off its
pretending function (the final run ``Φ(n + p) = Φ(n)``, ``n0 <= n <= N - p``, with ``M <= N``), extends Φ
periodically and checks the extension on the heaps ``0..max(N, M) + 2p`` (the theorem needs ``0..M``; the
two further periods are a cross-check). Without such a period, or for codes outside the setting, the
answer is *observed*, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprague.analysis.quotient import MisereQuotient, misere_quotient
from sprague.analysis.quotient_check import QuotientCheck, check_quotient
from sprague.core.budget import metered
from sprague.errors import InvalidParameter

__all__ = ["QuotientProof", "prove_quotient", "needed_bound"]


def needed_bound(n0: int, p: int, t: int, j: int) -> int:
    """``M = J·max(n0, 1) + J·p + t - J``: the heaps ``0..M`` the theorem checks (see the module)."""
    return j * max(n0, 1) + j * p + t - j


@dataclass(frozen=True)
class QuotientProof:
    """A certificate for the misère quotient of all heaps (``status == "proved"``), or why there is none."""

    code: str
    status: str  #: "proved" or "observed"
    reason: str
    quotient: MisereQuotient  #: Q_N, the quotient of heaps 0..N as computed
    preperiod: int | None = None  #: n0
    period: int | None = None  #: p
    needed: int | None = None  #: M: the heaps 0..M the theorem needs checked
    checked_to: int | None = None  #: the heaps 0..checked_to actually checked
    last_digit: int | None = None
    max_heaps: int | None = None
    check: QuotientCheck | None = None

    @property
    def proved(self) -> bool:
        return self.status == "proved"

    @property
    def order(self) -> int:
        return self.quotient.order

    def element_of_heap(self, n: int) -> int:
        """Φ(n) for any heap ``n`` (periodic past the bound when proved)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidParameter(f"heap {n!r} is not a non-negative integer")
        q = self.quotient
        if n <= q.max_heap:
            return q.phi[n]
        if not self.proved or self.period is None or self.preperiod is None:
            raise InvalidParameter(f"heap {n} is over the bound {q.max_heap} and the quotient is not proved periodic")
        return q.phi[self.preperiod + (n - self.preperiod) % self.period]

    def describe(self) -> str:
        """The certificate in words."""
        q = self.quotient
        if not self.proved:
            return f"observed only (heaps 0..{q.max_heap}, order {q.order}): {self.reason}"
        return (f"proved for all heaps: Q = {q.presentation()} of order {q.order}; pretending function periodic "
                f"with period {self.period} from heap {self.preperiod} (misère quotient periodicity theorem, "
                f"t = {self.last_digit}, J = {self.max_heaps}: heaps 0..{self.needed} suffice; "
                f"independently checked on heaps 0..{self.checked_to})")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "status": self.status, "reason": self.reason, "order": self.order,
                "max_heap": self.quotient.max_heap, "preperiod": self.preperiod, "period": self.period,
                "needed": self.needed, "checked_to": self.checked_to, "last_digit": self.last_digit,
                "max_heaps": self.max_heaps, "describe": self.describe(),
                "period_elements": (None if self.period is None or self.preperiod is None else
                                    [self.quotient.word(self.quotient.phi[n], ascii=True)
                                     for n in range(self.preperiod, self.preperiod + self.period)]),
                "check": None if self.check is None else self.check.to_json()}


def _resolve(game: Any) -> Any:
    from sprague import ruleset
    from sprague.rulesets.takebreak import TakeBreak

    if isinstance(game, str):
        return ruleset("takebreak", code=game)
    if isinstance(game, TakeBreak):
        return game
    raise InvalidParameter(f"prove_quotient takes a take-and-break code or ruleset, got {game!r}")


@metered
def prove_quotient(game: Any, max_heap: int, max_positions: int | None = None,
                   quotient: MisereQuotient | None = None) -> QuotientProof:
    """The misère quotient of all heaps of a take-and-break code, proved by the theorem of the module, or observed.

    ``game``: a code such as ``"0.77"`` or a take-and-break ruleset; ``max_heap``: the bound N of the quotient
    computed (Kayles needs N >= 166: period 12 from heap 71); ``quotient``: that quotient if already computed
    (it is only a candidate: the certificate rests on the independent check).

    >>> pr = prove_quotient("0.75", 30)
    >>> pr.status, pr.order, pr.period, pr.preperiod
    ('proved', 8, 2, 8)
    """
    r = _resolve(game)
    code = r.code
    if quotient is not None and quotient.max_heap != max_heap:
        raise InvalidParameter(f"quotient is of heaps 0..{quotient.max_heap}, not 0..{max_heap}")
    q = quotient if quotient is not None else misere_quotient(r.heap_options, max_heap, max_positions)
    name = str(code)
    if code.period or code.additive or not code.unconstrained or code.max_heaps is None or code.last_digit is None:
        return QuotientProof(name, "observed", f"{name} is outside the theorem's setting (a finite code without "
                             "constraints ! ? = or additive digits)", q)
    t, j = code.last_digit, max(code.max_heaps, 1)
    phi = q.phi
    found = None
    for p in range(1, max_heap + 1):
        if needed_bound(0, p, t, j) > max_heap:
            break
        n0 = max_heap - p + 1  # the final run: phi[n + p] == phi[n] for n0 <= n <= max_heap - p
        while n0 > 0 and phi[n0 - 1] == phi[n0 - 1 + p]:
            n0 -= 1
        if needed_bound(n0, p, t, j) <= max_heap:
            found = (n0, p)
            break
    if found is None:
        return QuotientProof(name, "observed", f"no period p of the pretending function repeats from a heap n0 with "
                             f"J*max(n0,1) + J*p + t - J <= {max_heap} (t = {t}, J = {j}); compute further",
                             q, last_digit=t, max_heaps=j)
    n0, p = found
    need = needed_bound(n0, p, t, j)
    top = max(max_heap, need) + 2 * p
    ext = [phi[h] if h < n0 + p else phi[n0 + (h - n0) % p] for h in range(top + 1)]
    result = check_quotient(r.heap_options, q.table, q.p_portion, ext)
    common = dict(preperiod=n0, period=p, needed=need, checked_to=top, last_digit=t, max_heaps=j, check=result)
    if not result.ok:
        return QuotientProof(name, "observed", "the periodic extension failed the independent check: "
                             + result.verdict(), q, **common)
    return QuotientProof(name, "proved", f"period {p} from heap {n0}; heaps 0..{need} suffice and 0..{top} passed "
                         "the independent check", q, **common)
