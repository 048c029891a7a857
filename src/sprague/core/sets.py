"""Subtraction sets that may be infinite: finite, all-but (cofinite), all of N+, and eventually periodic.

A :class:`SubtractionSet` is a set of positive integers given by a periodic
pattern with finitely many exceptions: ``n`` is in the set iff ``n`` is in
``include``, or ``n`` is not in ``exclude`` and ``n mod modulus`` is in
``residues``. That covers every set 003 uses -- a finite set, All-but(X) =
N+ minus X, N+ itself -- and is closed under the construction of 003 Thm 2.2,
``S' = N+ minus (N+ minus S) h`` (:meth:`SubtractionSet.stair`).

Written forms (command line and Python alike): ``1,2,5`` and ranges ``1-7``
(finite), ``all`` (N+), ``all-but:4,8`` (N+ minus {4, 8}).

>>> s = SubtractionSet.parse("all-but:4,8")
>>> [n for n in range(1, 11) if n in s]
[1, 2, 3, 5, 6, 7, 9, 10]
>>> str(s), str(SubtractionSet.parse("1-3,7")), str(SubtractionSet.parse("all"))
('all-but:4,8', '1,2,3,7', 'all')
"""

from __future__ import annotations

import re
from itertools import islice
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from sprague.core.limits import MAX_HEAPS, MAX_SET_ELEMENTS
from sprague.core.parsing import format_int_set, parse_int_set
from sprague.errors import InvalidParameter

__all__ = ["SubtractionSet", "parse_subset", "parse_subsets", "parse_vectors"]

_ASCII_INT = re.compile(r"-?[0-9]{1,4000}\Z")  # a vector entry as typed: ASCII digits only (int() takes "٣")


@dataclass(frozen=True)
class SubtractionSet:
    """A set of positive integers: a pattern mod ``modulus`` with finitely many exceptions."""

    residues: frozenset[int]
    modulus: int = 1
    include: frozenset[int] = frozenset()
    exclude: frozenset[int] = frozenset()

    # ------------------------------------------------------------ constructors
    @classmethod
    def finite(cls, elements: Iterable[int]) -> SubtractionSet:
        return cls(frozenset(), 1, frozenset(elements))

    @classmethod
    def all_but(cls, excluded: Iterable[int] = ()) -> SubtractionSet:
        return cls(frozenset({0}), 1, frozenset(), frozenset(excluded))

    @classmethod
    def parse(cls, value: Any, name: str = "S") -> SubtractionSet:
        """``"1,2,5"``, ``"1-7"``, ``"all"``, ``"all-but:4,8"``, a set of ints, or a SubtractionSet."""
        if isinstance(value, SubtractionSet):
            return value
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("all", "n+", "nim"):
                return cls.all_but()
            if text.startswith("all-but"):
                rest = text[len("all-but"):].lstrip(":= ")
                return cls.all_but(parse_int_set(rest, name, allow_empty=True))
        elements = parse_int_set(value, name)
        return cls.finite(elements)

    # ------------------------------------------------------------ queries
    def __contains__(self, n: object) -> bool:
        if not isinstance(n, int) or n <= 0:
            return False
        if n in self.include:
            return True
        return n not in self.exclude and n % self.modulus in self.residues

    @property
    def is_finite(self) -> bool:
        return not self.residues

    @property
    def is_cofinite(self) -> bool:
        return self.modulus == 1 and bool(self.residues)

    def elements(self, upto: int) -> Iterator[int]:
        """The elements ``<= upto``, in increasing order."""
        return (n for n in range(1, upto + 1) if n in self)

    def window(self) -> int | None:
        """For a finite set, ``max(S)`` (each G-value depends on that many before it); else None."""
        return max(self.include) if self.is_finite and self.include else None

    def stair(self, h: int) -> SubtractionSet:
        """003 Thm 2.2: ``S' = N+ minus (N+ minus S) h``, whose G-sequence is the h-stair of S's.

        ``n`` is in S' iff ``h`` does not divide ``n``, or ``n / h`` is in S.

        >>> s = SubtractionSet.parse("1,2").stair(3)
        >>> [n for n in range(1, 13) if n in s]
        [1, 2, 3, 4, 5, 6, 7, 8, 10, 11]
        """
        if isinstance(h, bool) or not isinstance(h, int) or h < 1:
            raise InvalidParameter(f"h={h!r} must be a positive integer")
        m = self.modulus * h
        residues = frozenset(r for r in range(m) if r % h) | frozenset(u * h for u in self.residues)
        return SubtractionSet(residues, m, frozenset(h * x for x in self.include),
                              frozenset(h * x for x in self.exclude)).normalized()

    def normalized(self) -> SubtractionSet:
        """The same set with the smallest modulus (so that, e.g., every residue mod 2 reads as all-but)."""
        for d in range(1, self.modulus + 1):
            if self.modulus % d == 0 and all((r % d in {x % d for x in self.residues}) == (r in self.residues)
                                             for r in range(self.modulus)):
                residues = frozenset(r % d for r in self.residues)
                out = SubtractionSet(residues, d, frozenset(), frozenset())
                include = frozenset(x for x in self.include if x not in out)
                exclude = frozenset(x for x in self.exclude if x in out)
                return SubtractionSet(residues, d, include, exclude)
        return self

    def __str__(self) -> str:
        if self.is_finite:
            return format_int_set(sorted(self.include))
        if self.is_cofinite and not self.include:
            return "all-but:" + format_int_set(sorted(self.exclude)) if self.exclude else "all"
        return self.describe()

    def describe(self) -> str:
        """A readable description of any set, e.g. for the periodic sets of Thm 2.2."""
        parts = [f"n mod {self.modulus} in {{{format_int_set(sorted(self.residues))}}}"]
        if self.exclude:
            parts.append(f"except {format_int_set(sorted(self.exclude))}")
        if self.include:
            parts.append(f"plus {format_int_set(sorted(self.include))}")
        return "{n >= 1: " + ", ".join(parts) + "}"


def _first(values: Iterable[Any], most: int) -> list[Any]:
    """The first ``most + 1`` items of ``values`` at most (so a huge iterable is refused, not built)."""
    return list(islice(values, most + 1))


def parse_subset(value: Any, name: str, ruleset: str = "") -> SubtractionSet:
    """A parameter value as a :class:`SubtractionSet`."""
    return SubtractionSet.parse(value, name)


def parse_subsets(value: Any, name: str, ruleset: str = "") -> tuple[SubtractionSet, ...]:
    """One set per heap: ``"all;1-7;all-but:4,8"`` or a list of such values."""
    if not isinstance(value, (str, Iterable)):
        raise InvalidParameter(f"{ruleset}: {name}={value!r} is not a list of sets; write one set per heap "
                               f"separated by ';', e.g. {name}=\"all;1-7;all-but:4,8\"")
    items = value.split(";") if isinstance(value, str) else _first(value, MAX_HEAPS)
    if len(items) > MAX_HEAPS:
        raise InvalidParameter(f"{ruleset}: {name} has more than {MAX_HEAPS:,} sets, one per heap, over the limit "
                               "(MAX_HEAPS in sprague.core.limits)")
    if not items or any(isinstance(v, str) and not v.strip() for v in items):
        raise InvalidParameter(f"{ruleset}: {name} needs one set per heap separated by ';', e.g. "
                               f"{name}=\"all;1-7;all-but:4,8\"")
    return tuple(SubtractionSet.parse(v, f"{name}[{i + 1}]") for i, v in enumerate(items))


def parse_vectors(value: Any, name: str, ruleset: str = "") -> tuple[tuple[int, ...], ...]:
    """Move vectors: ``"1,1;2,0"`` or a list of tuples; non-negative, equal lengths, none all zero."""
    if not isinstance(value, (str, Iterable)):
        raise InvalidParameter(f"{ruleset}: {name}={value!r} is not a list of move vectors; write e.g. "
                               f"{name}=\"1,1;2,0\"")
    rows = value.split(";") if isinstance(value, str) else _first(value, MAX_SET_ELEMENTS)
    if len(rows) > MAX_SET_ELEMENTS:
        raise InvalidParameter(f"{ruleset}: {name} has more than {MAX_SET_ELEMENTS:,} vectors, over the limit "
                               f"(MAX_SET_ELEMENTS in sprague.core.limits)")
    vectors = []
    for row in rows:
        try:
            if not isinstance(row, (str, Iterable)):
                raise TypeError
            parts = row.split(",") if isinstance(row, str) else _first(row, MAX_HEAPS)
            if len(parts) > MAX_HEAPS:
                raise InvalidParameter(f"{ruleset}: {name}: a vector of more than {MAX_HEAPS:,} entries is over "
                                       f"the limit (MAX_HEAPS in sprague.core.limits)")
            if any(isinstance(p, (bool, float)) or (isinstance(p, str) and not _ASCII_INT.match(p.strip()))
                   for p in parts):
                raise TypeError
            vec = tuple(int(p) for p in parts)
        except (TypeError, ValueError):
            raise InvalidParameter(f"{ruleset}: {name}: {row!r} is not a vector of integers; write e.g. "
                                   f"{name}=\"1,1;2,0\"") from None
        if any(v < 0 for v in vec):
            raise InvalidParameter(f"{ruleset}: {name}: {row!r} has a negative entry; entries are tokens removed")
        if not any(vec):
            raise InvalidParameter(f"{ruleset}: {name} contains the zero vector {row!r}, which is no move")
        vectors.append(vec)
    if not vectors:
        raise InvalidParameter(f"{ruleset}: {name} is empty; write e.g. {name}=\"1,1;2,0\"")
    if len({len(v) for v in vectors}) > 1:
        raise InvalidParameter(f"{ruleset}: {name}: vectors of different lengths {sorted({len(v) for v in vectors})}; "
                               "each has one entry per heap")
    return tuple(dict.fromkeys(vectors))
