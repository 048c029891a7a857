"""Conway's genus of a position under misère play, and the rule for sums of tame games.

The *genus* of a game G (Conway, On Numbers and Games, ch. 12; Winning Ways, ch. 13
"Survival in the Lost World") is written ``g^(γ0 γ1 γ2 ...)``: ``g`` is the normal
Grundy value of G, ``γ0 = g-(G)`` its misère Grundy value (1 at a terminal position,
else the mex of the options' values) and ``γk = g-(G + *2 + ... + *2)`` with k copies
of the nim heap *2. Nim heaps have genus ``0^120``, ``1^031``, ``2^20``, ``3^31``,
``4^46``, ...: the superscript is written until it alternates (``0^120`` is
``0^(1,2,0,2,0,2,...)``).

How it is computed. The options of G + k.*2 (k >= 1) are G' + k.*2 (G' an option of
G), G + (k-1).*2 and G + (k-1).*2 + *1. Since ``g-(H + *1) = g-(H) xor 1`` for every
game H [#one]_, the superscript of G is a function of its options' superscripts:

    γ0 = mex{γ0(G')}  (1 when G has no option),
    γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) xor 1})  for k >= 1,

the rule CGSuite computes genera by (``org.cgsuite.core.misere.Genus``, by Dan
Hoey); :class:`GenusSearch` applies it to every follower of a position, memoised.

When to stop (proved here; the literature says only that the superscript eventually
alternates, ONAG ch. 12). Let every option's superscript satisfy γj = γ(j-2) for all
j >= D. For k >= D the set ``{γk(G')}`` then depends only on the parity of k, and
``{γ(k-1), γ(k-1) xor 1}`` only on γ(k-1); so γk is a fixed function of (k mod 2,
γ(k-1)) for k >= D. Hence once γi = γ(i-2) for some i >= max(2, D - 1), induction
gives γj = γ(j-2) for every j >= i: the superscript alternates from there on, and is
written up to its last term that differs from the one two before. Every superscript
:class:`GenusSearch` returns is therefore exact as an infinite sequence.

.. [#one] By induction on H: if A is the set of the options' g- values and m = mex A,
   the options of H + *1 have values (A xor 1) ∪ {m}, whose mex is m xor 1 (and a
   terminal H gives *1, of g- 0 = 1 xor 1).

Classes (the names of Winning Ways ch. 13 and ONAG ch. 12; the definitions of the
hereditary classes as CGSuite's ``Phylum`` states them, by Dan Hoey):

* a *tame genus* is one of a nim heap or of a sum of nim heaps in misère play (WW
  ch. 13): the *fickle* genera ``0^120`` and ``1^031`` (played like *0 and *1) and the
  *firm* genera ``a^(a, a xor 2)`` for every a: ``0^02`` (like *2 + *2), ``1^13`` (like
  *2 + *3), ``2^20``, ``3^31``, ``4^46``, ...;
* ``tame``: the genus is tame and so is every follower's ("hereditarily tame");
* ``restive``: not tame, every option tame, and g is 0 or 1;
* ``restless``: not tame nor restive, every option tame, and γ0 is 0 or 1;
* ``wild``: none of these. This includes games that Winning Ways counts as tame or
  restive only through reversible moves, which are not examined here.

The sum of tame games is tame (ONAG ch. 12; WW ch. 13): its normal value is the
nim-sum of the parts' and it is fickle exactly when every part is fickle, so it is
played as misère Nim on the parts (:func:`tame_sum`); a sum is then a misère
P-position iff its γ0 is 0.

>>> from sprague.solve.genus import GenusSearch
>>> def nim(heaps):
...     return [heaps[:i] + (m,) + heaps[i + 1:] for i, h in enumerate(heaps) for m in range(h)]
>>> solver = GenusSearch(nim, lambda p: tuple(sorted(h for h in p if h)))
>>> [solver.genus((n,)).text() for n in range(5)]
['0^120', '1^031', '2^20', '3^31', '4^46']
>>> solver.genus((2, 2)).text(unicode=True), solver.genus((2, 2)).kind
('0⁰²', 'tame')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from sprague.core.limits import DEFAULT_MAX_POSITIONS
from sprague.core.nimber import mex
from sprague.errors import InvalidParameter
from sprague.solve.search import MexSearch

__all__ = ["Genus", "GenusSequence", "GenusSearch", "KINDS", "tame_sum"]

#: the classes of a position, from the most orderly (see the module docstring)
KINDS = ("tame", "restive", "restless", "wild")

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_TEXT = re.compile(r"^\s*(\d+)\s*\^\s*(?:(\d+)|\(\s*(\d+(?:\s*,\s*\d+)*)\s*\))\s*$")


@dataclass(frozen=True)
class Genus:
    """A genus ``g^(γ0 γ1 ...)``: ``g`` and the superscript written until it alternates.

    ``terms`` has at least two entries and its last two alternate forever after
    (``term(i)`` gives any γi). ``kind`` is the class of the position the genus was
    computed for (one of :data:`KINDS`), or None for a genus given by itself.

    >>> Genus.parse("2^1420").term(7), Genus.parse("0^1202020").text()
    (0, '0^120')
    >>> Genus.parse("1^031").to_json()
    {'g': 1, 'superscript': [0, 3, 1], 'text': '1^031', 'kind': None, 'tame_genus': True, 'fickle': True}
    """

    g: int
    terms: tuple[int, ...]
    kind: str | None = None

    def __post_init__(self) -> None:
        if len(self.terms) < 2:
            raise InvalidParameter(f"a genus superscript needs at least two terms, got {self.terms!r}")
        if self.kind is not None and self.kind not in KINDS:
            raise InvalidParameter(f"genus kind {self.kind!r} is not one of {', '.join(KINDS)}")

    @classmethod
    def from_terms(cls, g: int, terms: Sequence[int], kind: str | None = None) -> Genus:
        """The genus whose superscript is ``terms`` followed by its last two terms alternating, written shortest."""
        seq = list(terms)
        if len(seq) < 2:
            raise InvalidParameter(f"a genus superscript needs at least two terms, got {seq!r}")
        end = 2
        for i in range(2, len(seq)):
            if seq[i] != seq[i - 2]:
                end = i + 1
        return cls(g, tuple(seq[:end]), kind)

    @classmethod
    def parse(cls, text: str, kind: str | None = None) -> Genus:
        """``"1^031"`` (one digit a term) or ``"4^(10,4,6)"``, written in full or not; ``kind`` as given."""
        m = _TEXT.match(text)
        if m is None:
            raise InvalidParameter(f"genus {text!r} is not written as g^digits or g^(a,b,...), e.g. 1^031")
        terms = [int(c) for c in m.group(2)] if m.group(2) else [int(t) for t in m.group(3).split(",")]
        return cls.from_terms(int(m.group(1)), terms, kind)

    def term(self, i: int) -> int:
        """γi, for any i >= 0."""
        n = len(self.terms)
        if i < n:
            return self.terms[i]
        return self.terms[n - 2 + (i - n) % 2]

    def superscript(self, count: int) -> list[int]:
        """γ0 .. γ(count-1)."""
        return [self.term(i) for i in range(count)]

    @property
    def misere_value(self) -> int:
        """γ0 = g-: the misère Grundy value (0 exactly at a misère P-position)."""
        return self.terms[0]

    @property
    def tame_genus(self) -> bool:
        """Whether the genus is that of a nim heap or of *2 + *2 or *2 + *3 (WW ch. 13; see the module)."""
        g = self.g
        if any(self.term(i) != g ^ (2 * (i % 2)) for i in range(1, len(self.terms) + 2)):
            return False
        return self.terms[0] == g or (g <= 1 and self.terms[0] == 1 - g)

    @property
    def fickle(self) -> bool:
        """A tame genus played like *0 or *1: ``0^120`` or ``1^031``."""
        return self.tame_genus and self.terms[0] != self.g

    def text(self, unicode: bool = False) -> str:
        """``1^031`` (``unicode``: ``1⁰³¹``); terms of 10 or more are written ``4^(10,4,6)`` (``4⁽¹⁰ ⁴ ⁶⁾``)."""
        big = any(t >= 10 for t in self.terms)
        if unicode:
            sup = " ".join(map(str, self.terms)) if big else "".join(map(str, self.terms))
            sup = sup.translate(_SUPERSCRIPT)
            return f"{self.g}⁽{sup}⁾" if big else f"{self.g}{sup}"
        sup = ",".join(map(str, self.terms))
        return f"{self.g}^({sup})" if big else f"{self.g}^{''.join(map(str, self.terms))}"

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, Any]:
        return {
            "g": self.g,
            "superscript": list(self.terms),
            "text": self.text(),
            "kind": self.kind,
            "tame_genus": self.tame_genus,
            "fickle": self.fickle,
        }


@dataclass(frozen=True)
class GenusSequence:
    """The genera of single heaps 0, 1, ..., n-1 of a one-heap game (``HeapRuleset.genus_sequence``).

    >>> seq = GenusSequence("nim", (Genus.parse("0^120", "tame"), Genus.parse("1^031", "tame")))
    >>> seq.misere_values, seq.first_not_tame, seq.counts()
    ([1, 0], None, {'tame': 2, 'restive': 0, 'restless': 0, 'wild': 0})
    """

    ruleset: str
    genera: tuple[Genus, ...]
    #: why the genera stop before the heaps asked for (the budget), or None when every heap was computed
    stopped: str | None = None

    @property
    def misere_values(self) -> list[int]:
        """g-(0), g-(1), ...: the γ0 of each genus."""
        return [g.misere_value for g in self.genera]

    @property
    def first_not_tame(self) -> int | None:
        """The first heap that is not tame (restive, restless or wild), or None."""
        return next((n for n, g in enumerate(self.genera) if g.kind != "tame"), None)

    def counts(self) -> dict[str, int]:
        """How many heaps are of each class of :data:`KINDS`."""
        return {k: sum(g.kind == k for g in self.genera) for k in KINDS}

    def to_json(self) -> dict[str, Any]:
        return {
            "misere": True,
            "genera": [g.to_json() for g in self.genera],
            "misere_values": self.misere_values,
            "first_not_tame": self.first_not_tame,
            "counts": self.counts(),
            "stopped": self.stopped,
        }


def tame_sum(genera: Iterable[Genus]) -> Genus:
    """The genus of a sum of tame games (ONAG ch. 12; WW ch. 13): misère Nim on the parts.

    The normal value is the nim-sum of the parts'; the sum is fickle (``0^120``,
    ``1^031``) when every part is, else firm (``a^(a, a xor 2)``). Every part must be
    tame (``kind == "tame"``).

    >>> two = Genus.parse("2^20", kind="tame")
    >>> tame_sum([two, two]).text(), tame_sum([]).text()
    ('0^02', '0^120')
    """
    g, fickle = 0, True
    for part in genera:
        if part.kind != "tame":
            raise InvalidParameter(f"tame_sum needs tame parts; {part.text()} is {part.kind or 'not classified'}")
        g ^= part.g
        fickle = fickle and part.fickle
    first = (1 - g) if fickle else g
    return Genus.from_terms(g, [first, g ^ 2, g, g ^ 2], "tame")


def _genus_of(options: list[Genus]) -> Genus:
    """The genus of a position from its options' (the rule and the stopping rule of the module docstring)."""
    g = mex(o.g for o in options)
    depth = max([2] + [len(o.terms) for o in options])
    seq = [mex(o.term(0) for o in options) if options else 1]
    start = max(2, depth - 1)
    # past `depth` the next term is a function of (parity, previous term // 2): a cycle longer than 2 would
    # show within this many steps (it cannot happen: the superscript alternates, ONAG ch. 12)
    most = depth + 2 * (len(options) // 2 + 4) + 4
    i = 0
    while True:
        i += 1
        prev = seq[-1]
        seq.append(mex(chain((o.term(i) for o in options), (prev, prev ^ 1))))
        if i >= start and seq[i] == seq[i - 2]:
            break
        if i > most:  # pragma: no cover - would contradict the theorem
            raise RuntimeError(f"genus superscript {seq} does not alternate; please report this")
    tame_options = all(o.kind == "tame" for o in options)
    genus = Genus.from_terms(g, seq)
    if tame_options and genus.tame_genus:
        kind = "tame"
    elif tame_options and g <= 1:
        kind = "restive"
    elif tame_options and seq[0] <= 1:
        kind = "restless"
    else:
        kind = "wild"
    return Genus(g, genus.terms, kind)


class GenusSearch(MexSearch):
    """Genera of the positions of a game, memoised; the options of a position by ``moves``.

    The search of :class:`~sprague.solve.search.MexSearch` (depth first, an explicit
    stack, the same work limits), with each position's genus computed from its
    options' genera (:meth:`combine`).

    Parameters
    ----------
    moves : callable
        ``moves(position)`` returns the options of a position.
    canonical : callable
        ``canonical(position)`` returns a hashable key; positions with the same key must be
        the same game (e.g. a sorted tuple of heaps). The memo (``memo``, key -> :class:`Genus`)
        is kept across calls.
    """

    label = "the genus computation"
    defined = "genera are"
    #: each option carries a superscript: about twice the work of a search's option (measured: Kayles's genera of
    #: heaps 0..47, charged 4 an option, spent 20,000,000 units in 10.6 s)
    option_work = 2

    def __init__(self, moves: Callable[[Any], Iterable[Any]], canonical: Callable[[Any], Hashable]):
        super().__init__(moves, canonical)

    def combine(self, values: list[Any]) -> Genus:
        return _genus_of(values)

    def known(self, position: Any) -> Genus | None:
        """The genus of ``position`` if it is in the memo, else None (nothing is computed)."""
        found = self.memo.get(self.canonical(position))
        return found if isinstance(found, Genus) else None

    def genus(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> Genus:
        """The genus of ``position``, with its class, visiting at most ``max_positions`` new positions."""
        found = self.value(position, max_positions)
        assert isinstance(found, Genus)
        return found
