"""Parsing of the small notations users type: integers, integer sets, parameters."""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import index
from typing import Any

from sprague.errors import InvalidParameter, InvalidPosition

__all__ = ["parse_int", "as_int", "parse_int_set", "format_int_set", "split_on_plus"]

_POWER = re.compile(r"^\s*(\d+)\s*(?:\*\*|\^)\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_MAX_EXPONENT_DIGITS = 200_000


def parse_int(text: str, what: str = "heap") -> int:
    """Parse a non-negative integer typed by a user: ``26``, ``10**100``, ``2^64-1``.

    >>> parse_int("2^10+3")
    1027
    """
    t = text.strip().replace("_", "")
    if t.isdigit():
        try:
            return int(t)
        except ValueError:  # Python's guard on very long digit strings
            raise InvalidPosition(
                f"{what} has {len(t):,} digits, more than Python reads by default; write it as a power "
                "such as 10**5000, or call sys.set_int_max_str_digits(0) first"
            ) from None
    m = _POWER.match(t)
    if m:
        base, exp = int(m.group(1)), int(m.group(2))
        if base > 1 and exp * base.bit_length() > _MAX_EXPONENT_DIGITS * 4:
            raise InvalidPosition(f"{what} {text!r} is too large to write down; use at most about {_MAX_EXPONENT_DIGITS:,} digits")
        value = base**exp
        if m.group(3):
            value = value + int(m.group(4)) if m.group(3) == "+" else value - int(m.group(4))
        if value < 0:
            raise InvalidPosition(f"{what} {text!r} is negative; {what}s are non-negative integers")
        return value
    if t.startswith("-") and t[1:].isdigit():
        raise InvalidPosition(f"{what} {text!r} is negative; {what}s are non-negative integers")
    raise InvalidPosition(f"{what} {text!r} is not a non-negative integer (write e.g. 26, 10**100 or 2^64-1)")


def as_int(value: Any, what: str = "heap") -> int:
    """Check that a Python value is a non-negative integer (bool and float refused)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise InvalidPosition(f"{what} {value!r} is not an integer; {what}s are non-negative integers")
    try:
        n = index(value)
    except TypeError:
        if isinstance(value, str):
            return parse_int(value, what)
        raise InvalidPosition(f"{what} {value!r} is not an integer; {what}s are non-negative integers") from None
    if n < 0:
        raise InvalidPosition(f"{what} {n!r} is negative; {what}s are non-negative integers")
    return n


def parse_int_set(value: Any, name: str, *, allow_empty: bool = False) -> tuple[int, ...]:
    """Parse a finite set of positive integers: ``{1, 2, 5}``, ``"1,2,5"``, ``"1-7,10"``.

    Returns the sorted tuple of its elements.

    >>> parse_int_set("1-3,7", "S")
    (1, 2, 3, 7)
    """
    hint = f"write it as {name}=1,2,5 (ranges like 1-7 allowed)"
    items: list[int] = []
    if isinstance(value, str):
        text = value.strip().strip("{}[]() ")
        for part in filter(None, (p.strip() for p in text.split(","))):
            lo, dash, hi = part.partition("-")
            try:
                if dash:
                    a, b = int(lo), int(hi)
                    if b < a:
                        raise InvalidParameter(f"{name}: empty range {part!r}; {hint}")
                    items.extend(range(a, b + 1))
                else:
                    items.append(int(part))
            except ValueError:
                if part.startswith("-"):
                    raise InvalidParameter(f"{name}: {part!r} is not a positive integer; {hint}") from None
                raise InvalidParameter(f"{name}: {part!r} is not a positive integer; {hint}") from None
    elif isinstance(value, Iterable):
        for x in value:
            if isinstance(x, bool) or not isinstance(x, int):
                try:
                    if isinstance(x, bool) or isinstance(x, float):
                        raise TypeError
                    x = index(x)
                except TypeError:
                    raise InvalidParameter(f"{name}: {x!r} is not a positive integer; {hint}") from None
            items.append(x)
    else:
        raise InvalidParameter(f"{name}: {value!r} is not a set of positive integers; {hint}")
    bad = [x for x in items if x <= 0]
    if bad:
        raise InvalidParameter(f"{name}: {bad[0]!r} is not a positive integer; {hint}")
    if not items and not allow_empty:
        raise InvalidParameter(f"{name} is empty; {hint}")
    return tuple(sorted(set(items)))


def format_int_set(values: Iterable[int]) -> str:
    """Inverse of :func:`parse_int_set` for display: ``(1, 2, 5)`` -> ``"1,2,5"``."""
    return ",".join(map(str, values))


def split_on_plus(tokens: Iterable[str]) -> list[list[str]]:
    """Split command-line tokens into the parts of a sum: ``["3", "+", "4"]`` -> ``[["3"], ["4"]]``."""
    groups: list[list[str]] = [[]]
    for t in tokens:
        if t == "+":
            groups.append([])
        else:
            groups[-1].append(t)
    return groups
