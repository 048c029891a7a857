"""The papers' results as data: each theorem is a claim function with its citation and its domain.

A :class:`Theorem` says, for the positions of a ruleset with ``n`` heaps, what a
paper claims: an outcome (``kind="outcome"``: the claim function returns 0 for a
P-position, 1 for an N-position, -1 where the theorem says nothing) or a Grundy
value (``kind="grundy"``: the value, or -1). Claim functions take the heaps
sorted in ascending order and use plain integer operations only, so that the
same code is exact on Python ints and compiles with numba for
:mod:`sprague.verify`.

>>> from sprague.theorems import find_theorem
>>> t = find_theorem("single-delete-4")
>>> t.citation
'004 (Shinoda 2024) Thm 1.5, with (5A) corrected by sprague'
>>> t.claim_for(4)(sorted((294, 208, 304, 432)))  # 004 section 3.1, case (2): a P-position
0
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sprague.errors import InvalidParameter, UnknownRuleset

__all__ = ["Theorem", "THEOREMS", "find_theorem", "P", "N", "UNKNOWN"]

P, N, UNKNOWN = 0, 1, -1

Claim = Callable[[Sequence[int]], int]


@dataclass(frozen=True)
class Theorem:
    """A published (or our own, marked so) statement about a ruleset, checkable by search.

    ``make_claim(params, n)`` returns the claim function for ruleset parameters
    ``params`` and ``n`` heaps. ``heaps`` lists the allowed numbers of heaps as a
    predicate's description (``heap_ok``); ``cap`` bounds the box (heaps of at most
    ``cap`` tokens) for statements about small heaps only.
    """

    name: str
    ruleset: str
    citation: str
    statement: str
    kind: str
    make_claim: Callable[[dict[str, Any], int], Claim]
    default_heaps: int
    heaps_doc: str
    heap_ok: Callable[[int, dict[str, Any]], bool]
    params: dict[str, Any] = field(default_factory=dict)
    cap: int | None = None
    origin: str = "paper"
    note: str = ""
    #: the default number of heaps as a function of the parameters (else ``default_heaps``)
    default_heaps_for: Callable[[dict[str, Any]], int] | None = None
    #: a statement that search refutes: its smallest counterexample (by total size), what it claims, what is true
    refuted: tuple[tuple[int, ...], str, str] | None = None

    def heaps_default(self, params: dict[str, Any] | None = None) -> int:
        """The number of heaps verified when none is given."""
        if self.default_heaps_for is None:
            return self.default_heaps
        return self.default_heaps_for({**self.params, **(params or {})})

    def claim_for(self, n: int, params: dict[str, Any] | None = None) -> Claim:
        """The claim function on ``n`` sorted heaps (parameters default to the theorem's)."""
        return self.make_claim({**self.params, **(params or {})}, n)

    def check_heaps(self, n: int, params: dict[str, Any] | None = None) -> None:
        if not self.heap_ok(n, {**self.params, **(params or {})}):
            raise InvalidParameter(f"theorem {self.name}: {n} heaps is outside its domain ({self.heaps_doc}); "
                                   "choose --heaps accordingly")

    def describe(self) -> str:
        return f"{self.name}: {self.citation}: {self.statement}"

    def refutation(self) -> str | None:
        """One line on the smallest counterexample of a refuted statement, or None."""
        if self.refuted is None:
            return None
        pos, claimed, found = self.refuted
        return (f"REFUTED by search: smallest counterexample <{', '.join(map(str, pos))}>, "
                f"claimed {claimed}, search finds {found}")


THEOREMS: list[Theorem] = []


def register_theorem(theorem: Theorem) -> Theorem:
    if any(t.name == theorem.name for t in THEOREMS):
        raise ValueError(f"theorem name {theorem.name!r} is already taken")
    THEOREMS.append(theorem)
    return theorem


def find_theorem(name: str) -> Theorem:
    """The registered theorem called ``name``."""
    key = name.strip().lower()
    for t in THEOREMS:
        if t.name == key:
            return t
    close = difflib.get_close_matches(key, [t.name for t in THEOREMS], n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownRuleset(f"unknown theorem {name!r}{hint} ('sprague verify --list' shows every theorem)")


from sprague.theorems import delete as _delete  # noqa: E402  (registers the Delete Nim family)

del _delete
