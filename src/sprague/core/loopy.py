"""Values of loopy impartial games: a finite nimber, or infinity with a set of finite values.

C. A. B. Smith (*Graphs and composite games*, JCT 1, 1966) and A. S. Fraenkel and
Y. Yesha (*The generalized Sprague-Grundy function and its invariance under certain
mappings*, JCTA 43, 1986) give each position of a game whose graph may have
cycles a value gamma: a finite nimber, or ``∞(K)``, infinity with the set K of the
finite values of its options. The outcome follows: 0 is P, another finite value
N, ``∞(K)`` is N when 0 is in K (a move to a P-position) and D, a draw, otherwise.
A sum adds finite values by nim-sum; a finite ``a`` and ``∞(K)`` give
``∞(K xor a)``; two infinite values give ``∞()`` (a draw).

>>> Infinite(frozenset({0, 2}))
∞{0,2}
>>> parse_value("∞{2,0}") == Infinite(frozenset({0, 2})), parse_value("3")
(True, 3)
>>> add_values(Infinite(frozenset({1})), 1), add_values(Infinite(frozenset()), Infinite(frozenset({0})))
(∞{0}, ∞{})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sprague.errors import InvalidParameter

__all__ = [
    "Infinite",
    "LoopyValue",
    "parse_value",
    "loopy_outcome",
    "add_values",
    "value_json",
    "sum_values",
    "OUTCOME_WORDS",
]

#: what each outcome means for the player to move
OUTCOME_WORDS = {
    "P": "the player to move loses",
    "N": "the player to move wins",
    "D": "a draw: neither player can force a win, play goes on forever",
}


@dataclass(frozen=True)
class Infinite:
    """The value ``∞(K)``: no finite value; ``K`` is the set of finite values of the options."""

    K: frozenset[int]

    def __repr__(self) -> str:
        return "∞{" + ",".join(map(str, sorted(self.K))) + "}"

    __str__ = __repr__


LoopyValue = int | Infinite


def parse_value(text: str) -> LoopyValue:
    """A value as :func:`repr` writes it: ``3``, ``∞{0,2}``, ``∞{}`` (``inf{0,2}`` too)."""
    s = str(text).strip().replace(" ", "")
    for head in ("∞", "inf"):
        if s.startswith(head):
            body = s[len(head) :]
            if not (body.startswith("{") and body.endswith("}")):
                break
            inner = body[1:-1]
            try:
                return Infinite(frozenset(int(v) for v in inner.split(",") if v != ""))
            except ValueError:
                break
    else:
        if s.isdigit():
            return int(s)
    raise InvalidParameter(
        f"{text!r} is not a loopy value; write a nimber such as 3, or infinity with its set, "
        "such as ∞{0,2} (or inf{0,2})"
    )


def sum_values(values: Iterable[LoopyValue]) -> LoopyValue:
    """The value of a sum of components with these values (:func:`add_values` over them; 0 for none)."""
    total: LoopyValue = 0
    for v in values:
        total = add_values(total, v)
    return total


def value_json(value: LoopyValue | None) -> int | str | None:
    """A value for JSON: a nimber as a number, ``∞(K)`` as its text (``"∞{0,2}"``, read back by :func:`parse_value`)."""
    return str(value) if isinstance(value, Infinite) else value


def loopy_outcome(value: LoopyValue) -> str:
    """``"P"`` (value 0), ``"N"`` (another finite value, or ``∞(K)`` with 0 in K) or ``"D"`` (a draw)."""
    if isinstance(value, Infinite):
        return "N" if 0 in value.K else "D"
    return "P" if value == 0 else "N"


def add_values(a: LoopyValue, b: LoopyValue) -> LoopyValue:
    """The value of a sum from its components' values (Smith 1966)."""
    if isinstance(a, Infinite) and isinstance(b, Infinite):
        return Infinite(frozenset())
    if isinstance(a, Infinite):
        return Infinite(frozenset(k ^ b for k in a.K))  # type: ignore[operator]
    if isinstance(b, Infinite):
        return Infinite(frozenset(k ^ a for k in b.K))
    return a ^ b
