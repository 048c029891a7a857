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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from sprague.analysis import code_hook
from sprague.analysis.quotient import MisereQuotient, misere_quotient
from sprague.analysis.quotient_check import QuotientCheck, check_quotient
from sprague.core.budget import metered
from sprague.errors import InvalidParameter, InvalidPosition, TooLarge

__all__ = ["QuotientProof", "CodedHeapGame", "prove_quotient", "needed_bound"]


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
    game: Any = field(default=None, repr=False, compare=False)  #: the take-and-break ruleset

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

    # -- sums of heaps of any size, read off the proved quotient -------------------------------------------
    def element(self, heaps: Iterable[int]) -> int:
        """The element of a sum of heaps of any size (Φ periodic past the bound): the product of its heaps'."""
        x, table = 0, self.quotient.table
        for h in heaps:
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise InvalidPosition(f"heap {h!r} is not a non-negative integer; heaps are whole numbers")
            x = table[x][self.element_of_heap(h)]
        return x

    def outcome(self, heaps: Iterable[int]) -> str:
        """``"P"`` or ``"N"`` under misère play, for heaps of any size (no search)."""
        return "P" if self.element(heaps) in self.quotient.p_portion else "N"

    def heap_options_by_image(self, n: int) -> Iterator[tuple[int, ...]]:
        """Options of a heap of ``n`` that include one of every image the options have: every option of a heap
        the theorem's window covers, else a representative of each class.

        A move leaving two heaps ``a <= b`` (``a + b = s``) has image Φ(a)Φ(b); past the window, taking ``a`` in
        ``1..n0+p`` meets every ``a < n0`` and every residue of ``a >= n0`` mod p, and ``b = s - a >= n0`` then
        has the residue that ``a`` fixes: any other split has the image of one listed.
        """
        if not self.proved or self.period is None or self.preperiod is None:
            raise InvalidParameter("the options of a heap by image need a proved periodic pretending function")
        moves = self.game.take_break_moves() if self.game is not None else None
        window = 2 * (self.preperiod + self.period) + (self.last_digit or 0) + 2
        if moves is None or n <= window:
            if n > max(window, self.quotient.max_heap):
                raise TooLarge(
                    f"heap {n}: the options of this code are listed one by one; ask for heaps of at most "
                    f"{max(window, self.quotient.max_heap)}"
                )
            yield from (tuple(parts) for parts in self.game.heap_options(n))
            return
        take_all, take_one, split, distinct = moves
        if n in take_all:
            yield ()
        for k in take_one:
            if n - k >= 1:
                yield (n - k,)
        span = self.preperiod + self.period
        for k in split:
            s = n - k
            for a in range(1, min(span, (s - 1) // 2 if distinct else s // 2) + 1):
                yield (s - a, a)

    def winning_moves(self, heaps: Sequence[int], heap_options: Any = None) -> list[tuple[int, ...]]:
        """Options of the sum in the P-portion: every one where its heaps are in the window, else one of each
        image for a heap past it (``heap_options`` is ignored: the moves come from the code)."""
        heaps = tuple(heaps)
        table, p_portion = self.quotient.table, self.quotient.p_portion
        elements = [self.element_of_heap(h) for h in heaps]
        out = []
        for i, h in enumerate(heaps):
            rest = 0
            for j, x in enumerate(elements):
                if j != i:
                    rest = table[rest][x]
            for parts in self.heap_options_by_image(h):
                x = rest
                for part in parts:
                    x = table[x][self.element_of_heap(part)]
                if x in p_portion:
                    out.append(heaps[:i] + parts + heaps[i + 1 :])
        return out

    def describe(self) -> str:
        """The certificate in words."""
        q = self.quotient
        if not self.proved:
            return f"observed only (heaps 0..{q.max_heap}, order {q.order}): {self.reason}"
        return (
            f"proved for all heaps: Q = {q.presentation()} of order {q.order}; pretending function periodic "
            f"with period {self.period} from heap {self.preperiod} (misère quotient periodicity theorem, "
            f"t = {self.last_digit}, J = {self.max_heaps}: heaps 0..{self.needed} suffice; "
            f"independently checked on heaps 0..{self.checked_to})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "status": self.status,
            "reason": self.reason,
            "order": self.order,
            "max_heap": self.quotient.max_heap,
            "preperiod": self.preperiod,
            "period": self.period,
            "needed": self.needed,
            "checked_to": self.checked_to,
            "last_digit": self.last_digit,
            "max_heaps": self.max_heaps,
            "describe": self.describe(),
            "period_elements": (
                None
                if self.period is None or self.preperiod is None
                else [
                    self.quotient.word(self.quotient.phi[n], ascii=True)
                    for n in range(self.preperiod, self.preperiod + self.period)
                ]
            ),
            "check": None if self.check is None else self.check.to_json(),
        }


@runtime_checkable
class CodedHeapGame(Protocol):
    """What the proof reads of a take-and-break ruleset (:class:`~sprague.rulesets.takebreak.TakeBreak` is one):
    its code and the options of a single heap."""

    code: Any

    def heap_options(self, n: int) -> Iterable[tuple[int, ...]]:
        """The options of a single heap of ``n``, each a tuple of the heaps it leaves."""
        ...


def _resolve(game: str | CodedHeapGame) -> CodedHeapGame:
    """The take-and-break ruleset of a code text, or the ruleset given (a :class:`CodedHeapGame`)."""
    if isinstance(game, str) and code_hook.CODE_RULESET is not None:  # set by the rulesets: they are above us
        resolved: CodedHeapGame = code_hook.CODE_RULESET(game)
        return resolved
    if isinstance(game, CodedHeapGame) and game.code is not None:  # a one-heap game without a code has None
        return game
    raise InvalidParameter(f"prove_quotient takes a take-and-break code or ruleset, got {game!r}")


@metered
def prove_quotient(
    game: Any, max_heap: int, max_positions: int | None = None, quotient: MisereQuotient | None = None
) -> QuotientProof:
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
        return QuotientProof(
            name,
            "observed",
            f"{name} is outside the theorem's setting (a finite code without constraints ! ? = or additive digits)",
            q,
        )
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
        return QuotientProof(
            name,
            "observed",
            f"no period p of the pretending function repeats from a heap n0 with "
            f"J*max(n0,1) + J*p + t - J <= {max_heap} (t = {t}, J = {j}); compute further",
            q,
            last_digit=t,
            max_heaps=j,
        )
    n0, p = found
    need = needed_bound(n0, p, t, j)
    top = max(max_heap, need) + 2 * p
    ext = [phi[h] if h < n0 + p else phi[n0 + (h - n0) % p] for h in range(top + 1)]
    result = check_quotient(r.heap_options, q.table, q.p_portion, ext)
    common = dict(preperiod=n0, period=p, needed=need, checked_to=top, last_digit=t, max_heaps=j, check=result)
    if not result.ok:
        return QuotientProof(
            name, "observed", "the periodic extension failed the independent check: " + result.verdict(), q, **common
        )
    return QuotientProof(
        name,
        "proved",
        f"period {p} from heap {n0}; heaps 0..{need} suffice and 0..{top} passed the independent check",
        q,
        **common,
        game=r,
    )
