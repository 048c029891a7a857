"""Parsing of the small notations users type: integers, integer sets, parameters."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from operator import index
from typing import Any

from sprague.core.limits import MAX_HEAPS, MAX_INT_BITS, MAX_INT_DIGITS, MAX_SET_ELEMENTS, format_size
from sprague.errors import InvalidParameter, InvalidPosition

__all__ = [
    "check_misere",
    "check_progress",
    "parse_int",
    "as_int",
    "check_heap_count",
    "check_tokens",
    "parse_int_set",
    "format_int_set",
    "split_on_plus",
    "int_text",
]

# ASCII digits only ([0-9], not \\d: str.isdigit and int() also take "１２" and "٣");
# underscores only between digits, as in a Python literal ("1_000", not "_1")
_DIGITS = r"[0-9]+(?:_[0-9]+)*"
_INT = re.compile(rf"^{_DIGITS}$")
_POWER = re.compile(rf"^\s*({_DIGITS})\s*(?:\*\*|\^)\s*({_DIGITS})\s*(?:([+-])\s*({_DIGITS}))?\s*$")
_MAX_EXPONENT_DIGITS = MAX_INT_DIGITS


def _digits(t: str, what: str) -> int:
    """int() of a string already matched by ``_DIGITS``, refusing more than MAX_INT_DIGITS digits."""
    if len(t) > MAX_INT_DIGITS:
        raise InvalidPosition(
            f"{what} has {len(t):,} digits, over the limit of {MAX_INT_DIGITS:,} digits (MAX_INT_DIGITS); "
            "write it as a power such as 10**5000"
        )
    try:
        return int(t)
    except ValueError:  # Python's guard on very long digit strings
        raise InvalidPosition(
            f"{what} has {len(t):,} digits, more than Python reads by default; write it as a power "
            "such as 10**5000, or call sys.set_int_max_str_digits(0) first"
        ) from None


def check_misere(misere: Any) -> bool:
    """``misere`` itself when it is a bool (the play convention of a call), else :class:`InvalidParameter`.

    >>> check_misere(True)
    True
    """
    if not isinstance(misere, bool):
        raise InvalidParameter(
            f"misere={misere!r} is not True or False (misere=True: misère play, where the player "
            "who makes the last move loses)"
        )
    return misere


def check_progress(progress: Any) -> Any:
    """``progress`` itself when it is None or callable (called with the amount of work just done), else a refusal.

    Every function that takes ``progress=`` checks it here, before any work, so a
    wrong value is one :class:`InvalidParameter` and not a ``TypeError`` from deep
    inside the first progress report.

    >>> check_progress(None) is None
    True
    >>> check_progress(5)
    Traceback (most recent call last):
    ...
    sprague.errors.InvalidParameter: progress=5 is not a function: give a callable that takes the amount of work just done (for example a tqdm bar's update), or None
    """  # noqa: E501
    if progress is not None and not callable(progress):
        text = repr(progress)
        raise InvalidParameter(
            f"progress={text if len(text) <= 60 else text[:57] + '...'} is not a function: give a "
            "callable that takes the amount of work just done (for example a tqdm bar's update), "
            "or None"
        )
    return progress


def parse_int(text: str, what: str = "heap") -> int:
    """Parse a non-negative integer typed by a user: ``26``, ``10**100``, ``2^64-1``.

    Only ASCII digits are read (``"１２"`` and ``"٣"`` are refused, though Python's int()
    takes them); underscores may separate digits as in a Python literal (``1_000``).

    >>> parse_int("2^10+3")
    1027
    """
    t = text.strip()
    if _INT.match(t):
        return _digits(t, what)
    m = _POWER.match(t)
    if m:
        base, exp = _digits(m.group(1), what), _digits(m.group(2), what)
        if base > 1 and exp * base.bit_length() > _MAX_EXPONENT_DIGITS * 4:
            raise InvalidPosition(
                f"{what} {text!r} is too large to write down; use at most about {_MAX_EXPONENT_DIGITS:,} digits"
            )
        value = base**exp
        if m.group(3):
            rest = _digits(m.group(4), what)
            value = value + rest if m.group(3) == "+" else value - rest
        if value < 0:
            raise InvalidPosition(f"{what} {text!r} is negative; {_plural(what)} are non-negative integers")
        return value
    if t.startswith("-") and _INT.match(t[1:]):
        raise InvalidPosition(f"{what} {text!r} is negative; {_plural(what)} are non-negative integers")
    raise InvalidPosition(f"{what} {text!r} is not a non-negative integer (write e.g. 26, 10**100 or 2^64-1)")


def int_text(n: int) -> str:
    """``n`` in decimal; past Python's int-to-text limit (``sys.get_int_max_str_digits``, which the command
    line and the server lift) a description of its size instead of a ValueError.

    >>> int_text(26)
    '26'
    """
    try:
        return str(n)
    except ValueError:
        return f"<a number of {math.floor(math.log10(abs(n))) + 1:,} digits or so>"


def _plural(what: str) -> str:
    """``heap`` -> ``heaps``, but ``heaps`` stays ``heaps`` (no "heapss")."""
    return what if what.endswith("s") else f"{what}s"


def as_int(value: Any, what: str = "heap") -> int:
    """Check that a Python value is a non-negative integer (bool and float refused)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise InvalidPosition(f"{what} {value!r} is not an integer; {_plural(what)} are non-negative integers")
    try:
        n = index(value)
    except TypeError:
        if isinstance(value, str):
            return parse_int(value, what)
        raise InvalidPosition(
            f"{what} {value!r} is not an integer; {_plural(what)} are non-negative integers"
        ) from None
    if n < 0:
        raise InvalidPosition(f"{what} {n!r} is negative; {_plural(what)} are non-negative integers")
    if n.bit_length() > MAX_INT_BITS:
        raise InvalidPosition(
            f"{what} of {n.bit_length():,} bits is over the limit of {MAX_INT_BITS:,} bits "
            "(MAX_INT_BITS in sprague.core.limits)"
        )
    return n


def check_tokens(tokens: Any, name: str) -> list[str]:
    """Command-line tokens given from Python: a list or tuple of strings (a string is split on spaces)."""
    if isinstance(tokens, str):
        return tokens.split()
    if not isinstance(tokens, (list, tuple)) or not all(isinstance(t, str) for t in tokens):
        raise InvalidPosition(
            f"{name}: {repr(tokens)[:80]} is not a list of words; give the position as typed on "
            "the command line, e.g. ['3', '5'], or as a value to check_position()"
        )
    return list(tokens)


def check_heap_count(count: int, name: str) -> None:
    """Refuse a position of more than MAX_HEAPS heaps (or components), before reading them."""
    if count > MAX_HEAPS:
        raise InvalidPosition(
            f"{name}: a position of {format_size(count)} heaps is over the limit of {MAX_HEAPS:,} heaps "
            "(MAX_HEAPS in sprague.core.limits)"
        )


def parse_int_set(value: Any, name: str, *, allow_empty: bool = False) -> tuple[int, ...]:
    """Parse a finite set of positive integers: ``{1, 2, 5}``, ``"1,2,5"``, ``"1-7,10"``.

    Returns the sorted tuple of its elements.

    >>> parse_int_set("1-3,7", "S")
    (1, 2, 3, 7)
    """
    hint = f"write it as {name}=1,2,5 (ranges like 1-7 allowed)"
    items: list[int] = []

    def room(n: int) -> None:  # refuse before building: the set would pass MAX_SET_ELEMENTS
        if len(items) + n > MAX_SET_ELEMENTS:
            raise InvalidParameter(
                f"{name} would have {len(items) + n:,} elements or more, over the limit of "
                f"{MAX_SET_ELEMENTS:,} (MAX_SET_ELEMENTS in sprague.core.limits)"
            )

    def element(text: str) -> int:
        t = text.strip()
        if not _INT.match(t):
            raise InvalidParameter(f"{name}: {text!r} is not a positive integer; {hint}")
        try:
            return _digits(t, name)
        except InvalidPosition as exc:
            raise InvalidParameter(str(exc)) from None

    if isinstance(value, str):
        text = value.strip().strip("{}[]() ")
        for part in filter(None, (p.strip() for p in text.split(","))):
            lo, dash, hi = part.partition("-")
            if dash and lo.strip():
                a, b = element(lo), element(hi)
                if b < a:
                    raise InvalidParameter(f"{name}: the range {part!r} is empty; write lo-hi with lo <= hi")
                room(b - a + 1)
                items.extend(range(a, b + 1))
            else:
                room(1)
                items.append(element(part))
    elif isinstance(value, range):
        if value.step > 0:  # count without len(), which overflows past sys.maxsize
            count = max(0, (value.stop - value.start + value.step - 1) // value.step)
        else:
            count = max(0, (value.start - value.stop - value.step - 1) // -value.step)
        room(count)
        items.extend(value)
    elif isinstance(value, Iterable):
        for x in value:
            if isinstance(x, bool) or not isinstance(x, int):
                try:
                    if isinstance(x, bool) or isinstance(x, float):
                        raise TypeError
                    x = index(x)
                except TypeError:
                    raise InvalidParameter(f"{name}: {x!r} is not a positive integer; {hint}") from None
            room(1)
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


def as_heaps(position: Any, name: str) -> tuple[int, ...]:
    """A position of heaps given from Python: an int, a tuple or list of ints, or the heaps as typed (``"4 6"``)."""
    if isinstance(position, str):
        position = position.replace(",", " ").split()
    elif isinstance(position, int) and not isinstance(position, bool):
        position = (position,)
    if not isinstance(position, (tuple, list)) or not position:
        raise InvalidPosition(
            f"{name}: a position is one or more heap sizes, such as (4, 6); got {repr(position)[:80]}"
        )
    check_heap_count(len(position), name)
    return tuple(as_int(h) for h in position)
