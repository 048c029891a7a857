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
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from math import isqrt, log
from typing import Any

import numpy as np

from sprague.core.limits import MAX_HEAPS, MAX_SET_ELEMENTS
from sprague.core.parsing import format_int_set, parse_int_set
from sprague.errors import InvalidParameter

__all__ = [
    "SubtractionSet",
    "parse_subset",
    "parse_subsets",
    "parse_vectors",
    "SetByRule",
    "NAMED_SETS",
    "parse_set_by_rule",
]

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
                rest = text[len("all-but") :].lstrip(":= ")
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
        return SubtractionSet(
            residues, m, frozenset(h * x for x in self.include), frozenset(h * x for x in self.exclude)
        ).normalized()

    def normalized(self) -> SubtractionSet:
        """The same set with the smallest modulus (so that, e.g., every residue mod 2 reads as all-but)."""
        for d in range(1, self.modulus + 1):
            if self.modulus % d == 0 and all(
                (r % d in {x % d for x in self.residues}) == (r in self.residues) for r in range(self.modulus)
            ):
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
        raise InvalidParameter(
            f"{ruleset}: {name}={value!r} is not a list of sets; write one set per heap "
            f"separated by ';', e.g. {name}=\"all;1-7;all-but:4,8\""
        )
    items = value.split(";") if isinstance(value, str) else _first(value, MAX_HEAPS)
    if len(items) > MAX_HEAPS:
        raise InvalidParameter(
            f"{ruleset}: {name} has more than {MAX_HEAPS:,} sets, one per heap, over the limit "
            "(MAX_HEAPS in sprague.core.limits)"
        )
    if not items or any(isinstance(v, str) and not v.strip() for v in items):
        raise InvalidParameter(
            f"{ruleset}: {name} needs one set per heap separated by ';', e.g. {name}=\"all;1-7;all-but:4,8\""
        )
    return tuple(SubtractionSet.parse(v, f"{name}[{i + 1}]") for i, v in enumerate(items))


def parse_vectors(value: Any, name: str, ruleset: str = "") -> tuple[tuple[int, ...], ...]:
    """Move vectors: ``"1,1;2,0"`` or a list of tuples; non-negative, equal lengths, none all zero."""
    if not isinstance(value, (str, Iterable)):
        raise InvalidParameter(
            f'{ruleset}: {name}={value!r} is not a list of move vectors; write e.g. {name}="1,1;2,0"'
        )
    rows = value.split(";") if isinstance(value, str) else _first(value, MAX_SET_ELEMENTS)
    if len(rows) > MAX_SET_ELEMENTS:
        raise InvalidParameter(
            f"{ruleset}: {name} has more than {MAX_SET_ELEMENTS:,} vectors, over the limit "
            f"(MAX_SET_ELEMENTS in sprague.core.limits)"
        )
    vectors = []
    for row in rows:
        try:
            if not isinstance(row, (str, Iterable)):
                raise TypeError
            parts = row.split(",") if isinstance(row, str) else _first(row, MAX_HEAPS)
            if len(parts) > MAX_HEAPS:
                raise InvalidParameter(
                    f"{ruleset}: {name}: a vector of more than {MAX_HEAPS:,} entries is over "
                    f"the limit (MAX_HEAPS in sprague.core.limits)"
                )
            if any(
                isinstance(p, (bool, float)) or (isinstance(p, str) and not _ASCII_INT.match(p.strip())) for p in parts
            ):
                raise TypeError
            vec = tuple(int(p) for p in parts)
        except (TypeError, ValueError):
            raise InvalidParameter(
                f'{ruleset}: {name}: {row!r} is not a vector of integers; write e.g. {name}="1,1;2,0"'
            ) from None
        if any(v < 0 for v in vec):
            raise InvalidParameter(f"{ruleset}: {name}: {row!r} has a negative entry; entries are tokens removed")
        if not any(vec):
            raise InvalidParameter(f"{ruleset}: {name} contains the zero vector {row!r}, which is no move")
        vectors.append(vec)
    if not vectors:
        raise InvalidParameter(f'{ruleset}: {name} is empty; write e.g. {name}="1,1;2,0"')
    if len({len(v) for v in vectors}) > 1:
        raise InvalidParameter(
            f"{ruleset}: {name}: vectors of different lengths {sorted({len(v) for v in vectors})}; "
            "each has one entry per heap"
        )
    return tuple(dict.fromkeys(vectors))


# ------------------------------------------------------------------ sets given by a rule
#: the named infinite sets of positive integers (``S=squares``), each with the spellings accepted
NAMED_SETS: dict[str, tuple[str, ...]] = {
    "squares": ("square", "squares"),
    "triangular": ("triangular", "triangle", "triangles", "triangular-numbers"),
    "powers-of-2": ("powers-of-2", "powers-of-two", "power-of-2", "pow2"),
    "primes": ("primes", "prime"),
    "fibonacci": ("fibonacci", "fib"),
}
_SPELLINGS = {alias: name for name, aliases in NAMED_SETS.items() for alias in aliases}
#: primes are counted exactly by a sieve up to here; past it, Rosser and Schoenfeld's bound is used
PRIME_SIEVE_EXACT = 10**7


def _fibonacci_upto(upto: int) -> list[int]:
    """The distinct Fibonacci numbers 1, 2, 3, 5, 8, ... up to ``upto``."""
    out, a, b = [], 1, 2
    while a <= upto:
        out.append(a)
        a, b = b, a + b
    return out


def _primes_upto(upto: int) -> np.ndarray:
    """The primes up to ``upto`` by the sieve of Eratosthenes."""
    if upto < 2:
        return np.zeros(0, dtype=np.int64)
    sieve = np.ones(upto + 1, dtype=np.bool_)
    sieve[:2] = False
    for p in range(2, isqrt(upto) + 1):
        if sieve[p]:
            sieve[p * p :: p] = False
    return np.flatnonzero(sieve).astype(np.int64)


class SetByRule:
    """An infinite set of positive integers given by a rule: a named set or a predicate.

    Named sets: ``squares`` (1, 4, 9, ...), ``triangular`` (1, 3, 6, 10, ...),
    ``powers-of-2`` (1, 2, 4, 8, ...), ``primes`` (2, 3, 5, 7, ...) and ``fibonacci``
    (the distinct Fibonacci numbers 1, 2, 3, 5, 8, ...). A predicate is any Python
    callable taking a positive integer ``k`` and returning True when ``k`` is in the
    set; it is evaluated once per ``k``, in increasing order, as far as asked, and a
    predicate that raises or returns anything but a bool is refused
    (:class:`InvalidParameter`) naming the ``k``.

    >>> s = SetByRule.parse("squares")
    >>> s.members(50).tolist(), s.count(10**6), str(s)
    ([1, 4, 9, 16, 25, 36, 49], 1000, 'squares')
    >>> SetByRule.parse(lambda k: k % 3 == 1).members(12).tolist()
    [1, 4, 7, 10]
    """

    def __init__(self, name: str, predicate: Callable[[int], Any] | None = None) -> None:
        self.name = name
        self.predicate = predicate
        self._known: list[int] = []  # a predicate's members found so far, up to self._upto
        self._upto = 0

    @classmethod
    def parse(cls, value: Any, name: str = "S", ruleset: str = "") -> SetByRule:
        """A named set (``"squares"``...), a callable predicate, or a SetByRule."""
        if isinstance(value, SetByRule):
            return value
        where = f"{ruleset}: " if ruleset else ""
        if isinstance(value, str):
            key = value.strip().lower().replace("_", "-").replace(" ", "-")
            if key in _SPELLINGS:
                return cls(_SPELLINGS[key])
            raise InvalidParameter(
                f"{where}{name}={value!r} is not a named set; the named sets are "
                f"{', '.join(NAMED_SETS)} (from Python, a predicate also: {name}=lambda k: ...)"
            )
        if callable(value):
            label = getattr(value, "__qualname__", None) or type(value).__name__
            return cls(f"predicate:{label}", value)
        raise InvalidParameter(
            f"{where}{name}={value!r} is not a named set or a predicate; write one of "
            f"{', '.join(NAMED_SETS)}, or pass a function of k returning True or False"
        )

    @property
    def is_named(self) -> bool:
        return self.predicate is None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SetByRule) and (self.name, self.predicate) == (other.name, other.predicate)

    def __hash__(self) -> int:
        return hash((self.name, id(self.predicate)))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"SetByRule({self.name!r})"

    def __contains__(self, k: object) -> bool:
        if not isinstance(k, int) or isinstance(k, bool) or k <= 0:
            return False
        if self.predicate is not None:
            self._evaluate(k)
            i = bisect_left(self._known, k)
            return i < len(self._known) and self._known[i] == k
        found = self.members(k)
        return bool(len(found)) and int(found[-1]) == k

    # ------------------------------------------------------------ members
    def members(self, upto: int) -> np.ndarray:
        """The members ``<= upto``, increasing, as int64 (a predicate is evaluated as far as ``upto``)."""
        if upto < 1:
            return np.zeros(0, dtype=np.int64)
        name = self.name
        if self.predicate is not None:
            self._evaluate(upto)
            known = np.array(self._known, dtype=np.int64)
            return known[: np.searchsorted(known, upto, side="right")]
        if name == "squares":
            return np.arange(1, isqrt(upto) + 1, dtype=np.int64) ** 2
        if name == "triangular":
            k = np.arange(1, (isqrt(8 * upto + 1) - 1) // 2 + 1, dtype=np.int64)
            return k * (k + 1) // 2
        if name == "powers-of-2":
            return np.array([1 << e for e in range(upto.bit_length())], dtype=np.int64)
        if name == "fibonacci":
            return np.array(_fibonacci_upto(upto), dtype=np.int64)
        return _primes_upto(upto)

    def _evaluate(self, upto: int) -> None:
        """Run the predicate on ``k = _upto + 1 .. upto`` (once each), refusing a raise or a non-bool."""
        assert self.predicate is not None
        predicate, label = self.predicate, self.name[len("predicate:") :]
        for k in range(self._upto + 1, upto + 1):
            try:
                answer = predicate(k)
            except Exception as exc:  # the user's code: any error is reported in one line
                raise InvalidParameter(
                    f"the predicate {label} raised {type(exc).__name__}: {exc} at k={k}; it must "
                    "return True or False for every positive integer k"
                ) from None
            if not isinstance(answer, (bool, np.bool_)):
                raise InvalidParameter(
                    f"the predicate {label} returned {answer!r} ({type(answer).__name__}) at "
                    f"k={k}; it must return True or False (write e.g. lambda k: k % 3 == 1)"
                )
            if answer:
                self._known.append(k)
            self._upto = k

    @property
    def evaluated(self) -> int:
        """How far the membership is known without calling a predicate (named sets: everywhere)."""
        return self._upto if self.predicate is not None else -1

    def count(self, upto: int) -> int | None:
        """``|S ∩ [1, upto]|``: exact for the named sets (primes past PRIME_SIEVE_EXACT: an upper bound) and for
        a predicate as far as it has been evaluated; None for a predicate beyond that."""
        if upto < 1:
            return 0
        if self.predicate is not None:
            return int(len(self.members(upto))) if upto <= self._upto else None
        if self.name == "squares":
            return isqrt(upto)
        if self.name == "triangular":
            return (isqrt(8 * upto + 1) - 1) // 2
        if self.name == "primes" and upto > PRIME_SIEVE_EXACT:
            return int(1.25506 * upto / log(upto)) + 1  # pi(x) < 1.25506 x / ln x (Rosser and Schoenfeld 1962)
        return int(len(self.members(upto)))

    def pairs(self, n: int) -> int | None:
        """``sum over m < n of |S ∩ [1, m]|`` = ``sum over s in S, s < n, of (n - s)``: the options examined to
        compute G(0..n-1) of Subtraction(S). Exact where :meth:`count` is (closed forms for squares and
        triangular numbers, so any ``n``); primes past PRIME_SIEVE_EXACT: the upper bound ``n * pi(n)``."""
        if n <= 1:
            return 0
        top = n - 1
        if self.name == "squares":
            k = isqrt(top)
            return k * n - k * (k + 1) * (2 * k + 1) // 6
        if self.name == "triangular":
            k = (isqrt(8 * top + 1) - 1) // 2
            return k * n - k * (k + 1) * (k + 2) // 6
        if self.name == "primes" and top > PRIME_SIEVE_EXACT:
            count = self.count(top)
            return None if count is None else n * count
        if self.predicate is not None and top > self._upto:
            return None
        found = self.members(top)
        return int(len(found)) * n - int(found.sum())


def parse_set_by_rule(value: Any, name: str, ruleset: str = "") -> SetByRule:
    """A parameter value as a :class:`SetByRule`."""
    return SetByRule.parse(value, name, ruleset)
