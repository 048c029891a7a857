"""Take-and-break codes: the language of CGSuite's ``TakeAndBreak``, read into a value.

A code ``d0.d1d2d3...`` describes a one-heap game: digit ``d_k`` says what may be left
after removing ``k`` tokens from a heap. Bit ``i`` of ``d_k`` set means the rest may be
left as exactly ``i`` non-empty heaps (bit 0: nothing left, the heap was exactly ``k``;
bit 1: one heap; bit 2: two heaps; ...). The language (CGSuite's ``TakeAndBreak`` and
``TBCode``; Winning Ways ch. 4 for octal and hexadecimal codes):

* a digit is ``0-9`` or ``A-V`` (values up to 31), ``&N;`` (any value ``N``), a list of
  heap counts ``{2,3}``, ``{2+}`` (two or more), or ``*`` (any number, 0 or more);
* a digit may carry one constraint on the heaps it leaves: ``!`` pairwise unequal,
  ``?`` not all equal, ``=`` all equal (in a list, each entry may carry its own:
  ``{2!,3}``); a constraint only restricts moves that leave two or more heaps;
* ``d0`` stands before the point (``4!.0`` is Grundy's game: split a heap into two unequal
  heaps); digits before ``d0`` are *additive*: ``d_{-1}`` adds one token before the rest is
  split, ``d_{-2}`` two, ...; ``4`` is ``4.0`` and ``.77`` is ``0.77``;
* ``[...]`` at the end repeats forever: ``0.[3]`` is Nim.

Codes whose games could go on forever (a move leaving a heap at least as large as the one
it came from) are refused: :meth:`TBCode.loopy_reason` says which move.

>>> c = TBCode.parse("0.770")
>>> c, str(c), c.is_octal, c.last_digit
(TBCode.parse('0.77'), '0.77', True, 2)
>>> sorted(TBCode.parse("4!.0").options(7))
[(4, 3), (5, 2), (6, 1)]
>>> print(TBCode.parse("{2+}!.0").describe())
split a heap into two or more heaps, all different
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from sprague.core.limits import MAX_CODE_DIGITS
from sprague.errors import InvalidParameter

__all__ = ["Digit", "TBCode", "MAX_HEAP_COUNT", "partitions", "partition_count"]

#: the largest heap count a digit may name (``&N;`` with N < 2^64; CGSuite's bound too)
MAX_HEAP_COUNT = 63
_BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_CONSTRAINTS = ("", "!", "?", "=")
_WORDS = {"": "", "!": "all different", "?": "not all equal", "=": "all equal"}
_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_DIGIT_HELP = "a digit is 0-9 or A-V, &N;, {list}, or * (then ! ? =)"
#: the longest code text read at all (refused before reading): room for MAX_CODE_DIGITS long digits
_MAX_TEXT = 16 * MAX_CODE_DIGITS + 16


def _effective(count: int, constraint: str) -> str:
    """The constraint as it acts on ``count`` heaps: none on 0 or 1 heaps; two heaps not all equal are unequal."""
    if count <= 1:
        return ""
    if count == 2 and constraint == "?":
        return "!"
    return constraint


def _plus_ok(start: int, constraint: str) -> bool:
    """Whether ``constraint`` acts as itself on every count from ``start`` on."""
    return all(_effective(i, constraint) == constraint for i in range(start, 4))


@dataclass(frozen=True)
class Digit:
    """One digit of a code: the heap counts a removal may leave, each with its constraint.

    ``counts`` lists explicit counts (increasing) with their constraints (``""``, ``"!"``,
    ``"?"``, ``"="``, as they act: none on 0 or 1 heaps, ``!`` for ``?`` on two);
    ``plus = (s, c)`` allows every count ``>= s`` with constraint ``c``. Build with
    :meth:`make`, which normalises (equal digits then compare equal).

    >>> Digit.make({2: "?"}), str(Digit.make({2: "?"})), str(Digit.make({}, (0, "!")))
    (Digit(counts=((2, '!'),), plus=None), '4!', '*!')
    """

    counts: tuple[tuple[int, str], ...] = ()
    plus: tuple[int, str] | None = None

    @staticmethod
    def make(counts: dict[int, str], plus: tuple[int, str] | None = None) -> Digit:
        """The digit allowing ``counts`` (count -> constraint) and, with ``plus = (s, c)``, every count >= s."""
        entries = {i: _effective(i, c) for i, c in counts.items()}
        if plus is not None:
            start, c = plus
            while not _plus_ok(start, c):  # counts where the constraint acts differently are listed
                entries[start] = _effective(start, c)
                start += 1
            entries = {i: e for i, e in entries.items() if i < start}
            while start - 1 in entries and entries[start - 1] == c and _plus_ok(start - 1, c):
                del entries[start - 1]
                start -= 1
            plus = (start, c)
        return Digit(tuple(sorted(entries.items())), plus)

    @staticmethod
    def from_value(value: int, constraint: str = "") -> Digit:
        """The digit whose bit ``i`` allows ``i`` heaps (``7`` = 0, 1 or 2 heaps)."""
        return Digit.make({i: constraint for i in range(value.bit_length()) if value >> i & 1})

    @property
    def is_zero(self) -> bool:
        return not self.counts and self.plus is None

    @property
    def value(self) -> int | None:
        """``sum(2**i)`` over the allowed counts (None when unbounded)."""
        return None if self.plus else sum(1 << i for i, _ in self.counts)

    @property
    def max_count(self) -> int | None:
        """The most heaps this digit may leave (None: no bound)."""
        if self.plus:
            return None
        return self.counts[-1][0] if self.counts else -1

    def allows(self, count: int) -> str | None:
        """The constraint on leaving ``count`` heaps, or None if not allowed."""
        for i, c in self.counts:
            if i == count:
                return c
        if self.plus and count >= self.plus[0]:
            return _effective(count, self.plus[1])
        return None

    def allowed(self, most: int) -> Iterator[tuple[int, str]]:
        """The allowed counts up to ``most`` with their constraints, increasing."""
        for i, c in self.counts:
            if i <= most:
                yield i, c
        if self.plus:
            for i in range(self.plus[0], most + 1):
                yield i, _effective(i, self.plus[1])

    @property
    def unconstrained(self) -> bool:
        return all(c == "" for _, c in self.counts) and (self.plus is None or self.plus[1] == "")

    def without(self, count: int) -> Digit:
        """This digit with ``count`` heaps no longer allowed."""
        if self.allows(count) is None:
            return self
        entries = {i: c for i, c in self.counts if i != count}
        plus = self.plus
        if plus and count >= plus[0]:
            entries.update({i: _effective(i, plus[1]) for i in range(plus[0], count)})
            plus = (count + 1, plus[1])
        return Digit.make(entries, plus)

    def _uniform(self) -> str | None:
        """The one constraint every count is written with, if there is one."""
        for c in _CONSTRAINTS:
            if all(e == _effective(i, c) for i, e in self.counts) and (self.plus is None or self.plus[1] == c):
                return c
        return None

    def __str__(self) -> str:
        if self.is_zero:
            return "0"
        c = self._uniform()
        if c is not None:
            if self.plus is None:
                v = self.value or 0
                return (_BASE32[v] if v < 32 else f"&{v};") + c
            start = self.plus[0]
            listed = [i for i, _ in self.counts]
            while start - 1 in listed:
                start -= 1
            if start == 0:
                return "*" + c
            return "{" + ",".join([str(i) for i in listed if i < start] + [f"{start}+"]) + "}" + c
        parts = [f"{i}{e}" for i, e in self.counts]
        if self.plus:
            parts.append(f"{self.plus[0]}{self.plus[1]}+")
        return "{" + ",".join(parts) + "}"

    def words(self, most: int | None = None) -> str:
        """What this digit leaves, in words: ``one heap or two heaps``."""
        said: list[str] = []
        for i, c in self.counts:
            said.append(_heaps_words(i, c))
        if self.plus:
            s, c = self.plus
            extra = f", {_WORDS[c]}" if c else ""
            said.append(("any number of heaps" if s == 0 else f"{_count(s)} or more heaps") + extra)
        return " or ".join(said)


def _count(i: int) -> str:
    return _NUMBERS[i] if i < len(_NUMBERS) else str(i)


def _heaps_words(i: int, c: str) -> str:
    if i == 0:
        return "nothing"
    if i == 1:
        return "one heap"
    if i == 2 and c == "!":
        return "two different heaps"
    if i == 2 and c == "=":
        return "two equal heaps"
    return f"{_count(i)} heaps" + (f", {_WORDS[c]}" if c else "")


_ZERO = Digit()


class _Reader:
    """Reads a code's text, character by character, with errors naming the place."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, why: str, at: int | None = None) -> InvalidParameter:
        at = self.i if at is None else at
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        if at >= len(self.text):
            return InvalidParameter(f"takebreak: code {shown!r} ends early; {why}")
        return InvalidParameter(f"takebreak: code {shown!r} has {self.text[at]!r} at place {at + 1}; {why}")

    def constraint(self) -> str:
        if self.i < len(self.text) and self.text[self.i] in "!?=":
            self.i += 1
            return self.text[self.i - 1]
        return ""

    def number(self, what: str, end: str) -> int:
        start = self.i
        while self.i < len(self.text) and self.text[self.i].isdigit() and self.text[self.i].isascii():
            self.i += 1
        if self.i == start or (self.i < len(self.text) and self.text[self.i] not in end):
            raise self.fail(what)
        return int(self.text[start : self.i])

    def digit(self) -> Digit:
        ch = self.text[self.i]
        if ch.upper() in _BASE32 and ch.isascii() and ch.isalnum():
            self.i += 1
            return Digit.from_value(_BASE32.index(ch.upper()), self.constraint())
        if ch == "&":
            self.i += 1
            if self.text.find(";", self.i) < 0:
                raise self.fail("'&' starts a digit &N; and needs its ';', e.g. &40;", self.i - 1)
            value = self.number("&N; holds a whole number N, e.g. &40;", ";")
            self.i += 1
            if value >> (MAX_HEAP_COUNT + 1):
                raise self.fail(f"&N; allows at most {MAX_HEAP_COUNT} heaps (N < 2^64)", self.i - 1)
            return Digit.from_value(value, self.constraint())
        if ch == "*":
            self.i += 1
            return Digit.make({}, (0, self.constraint()))
        if ch == "{":
            return self.heap_list()
        raise self.fail(_DIGIT_HELP)

    def heap_list(self) -> Digit:
        opened = self.i
        close = self.text.find("}", opened)
        if close < 0:
            raise self.fail("'{' is not closed by '}'")
        if close == opened + 1:
            raise self.fail("{} lists no heap count; write e.g. {2,3} or {2+}")
        self.i += 1
        entries: list[tuple[int, str]] = []
        more = False
        while True:
            count = self.number("a list holds heap counts such as {2,3}, {2!,3} or {2+}", ",}!?=+")
            if count > MAX_HEAP_COUNT:
                raise self.fail(f"a heap count is at most {MAX_HEAP_COUNT}", self.i - 1)
            entries.append((count, self.constraint()))
            if self.text[self.i] == "+":
                more = True
                self.i += 1
                if self.text[self.i] != "}":
                    raise self.fail("'+' ends the list, e.g. {2+}")
            if self.text[self.i] == "}":
                break
            if self.text[self.i] != ",":
                raise self.fail("heap counts in a list are separated by ','")
            self.i += 1
        self.i += 1
        shared = self.constraint()
        if shared and any(c for _, c in entries):
            raise self.fail("a constraint after '}' cannot join constraints inside the list", self.i - 1)
        counts: dict[int, str] = {}
        for i, c in entries:
            c = c or shared
            if counts.get(i, c) != c:
                raise self.fail(f"heap count {i} is listed twice with different constraints", opened)
            counts[i] = c
        plus = None
        if more:
            top = max(counts)
            plus = (top, counts.pop(top))
        return Digit.make(counts, plus)


@lru_cache(maxsize=4096)
def _parse(text: str) -> TBCode:
    if len(text) > _MAX_TEXT:  # refused before reading
        raise InvalidParameter(
            f"takebreak: a code of {len(text):,} characters is over the limit of "
            f"{MAX_CODE_DIGITS} digits (MAX_CODE_DIGITS in sprague.core.limits)"
        )
    r = _Reader(text)
    if not text:
        raise InvalidParameter("takebreak: the code is empty; write one such as 0.77, 4!.0 or {2+}!.0")
    before: list[Digit] = []
    after: list[Digit] = []
    point = False
    period_at: int | None = None
    closed = False
    while r.i < len(text):
        ch = text[r.i]
        if closed:
            raise r.fail("nothing may follow the repeating part [...]")
        if ch == ".":
            if point:
                raise r.fail("a code has one point")
            point = True
            r.i += 1
        elif ch == "[":
            if not point:
                raise r.fail("a repeating part [...] comes after the point, e.g. 0.[3]")
            if period_at is not None:
                raise r.fail("a code has one repeating part")
            period_at = len(after)
            r.i += 1
        elif ch == "]":
            if period_at is None:
                raise r.fail("']' closes a '[' that is not there")
            if len(after) == period_at:
                raise r.fail("[] repeats nothing; write the digits to repeat inside, e.g. 0.[3]")
            closed = True
            r.i += 1
        else:
            (after if point else before).append(r.digit())
    if period_at is not None and not closed:
        raise r.fail("'[' is not closed by ']'")
    if len(before) + len(after) > MAX_CODE_DIGITS + 1:
        raise InvalidParameter(
            f"takebreak: code of {len(before) + len(after) - 1:,} digits besides d0 is over the "
            f"limit of {MAX_CODE_DIGITS} (MAX_CODE_DIGITS in sprague.core.limits)"
        )
    d0 = before[-1] if before else _ZERO
    code = TBCode.make([d0, *after], before[-2::-1], 0 if period_at is None else len(after) - period_at)
    why = code.loopy_reason()
    if why:
        raise InvalidParameter(
            f"takebreak: code {text!r} is loopy: {why}, so play could go on forever; "
            "a move must leave every heap smaller than the heap it came from"
        )
    return code


@dataclass(frozen=True)
class TBCode:
    """A take-and-break code, normalised: equal games written differently compare equal.

    ``digits`` are ``d0, d1, ...`` (the last ``period`` of them repeat forever);
    ``additive_digits`` are ``d_{-1}, d_{-2}, ...``. Build with :meth:`parse` or :meth:`make`.
    ``str()`` is the normal form (trailing zeros dropped, ``4`` written ``4.0``, the
    shortest repeating part, a count that never gives a move dropped); ``repr`` pastes back.

    >>> TBCode.parse("4") == TBCode.parse("4.0") == TBCode.parse("4.000"), str(TBCode.parse("0.3[33]"))
    (True, '0.[3]')
    """

    digits: tuple[Digit, ...]
    additive_digits: tuple[Digit, ...] = ()
    period: int = 0

    # construction -----------------------------------------------------------------------------------------------
    @staticmethod
    def parse(text: str | TBCode) -> TBCode:
        """Read a code; raise :class:`~sprague.errors.InvalidParameter` naming the bad character and its place."""
        if isinstance(text, TBCode):
            return text
        if not isinstance(text, str):
            raise InvalidParameter(f"takebreak: code {text!r} is not text; write one such as 0.77 or 4!.0")
        return _parse(text.strip())

    @staticmethod
    def make(
        digits: list[Digit] | tuple[Digit, ...], additive: list[Digit] | tuple[Digit, ...] = (), period: int = 0
    ) -> TBCode:
        """The normal form of the code with these digits (``d0`` first), additive digits and repeating tail."""
        digits = list(digits) or [_ZERO]
        digits[0] = digits[0].without(0)  # a heap of 0 is no heap: it has no move
        add = [d.without(0) for d in additive]  # adding tokens never leaves nothing
        while add and add[-1].is_zero:
            add.pop()
        if period:
            tail = digits[-period:]
            if all(d.is_zero for d in tail):
                digits, period = digits[:-period], 0
            else:
                period = next(
                    p
                    for p in range(1, period + 1)
                    if period % p == 0 and all(tail[j] == tail[j % p] for j in range(period))
                )
                digits = digits[: len(digits) - len(tail) + period]
                while len(digits) - period > 1 and digits[-period - 1] == digits[-1]:
                    digits.pop()  # the repeating part starts one digit earlier
        if not period:
            while len(digits) > 1 and digits[-1].is_zero:
                digits.pop()
        return TBCode(tuple(digits), tuple(add), period)

    # identity ---------------------------------------------------------------------------------------------------
    def __str__(self) -> str:
        head = "".join(str(d) for d in reversed(self.additive_digits)) + str(self.digits[0])
        pre = self.digits[1 : len(self.digits) - self.period]
        rest = "".join(map(str, pre))
        if self.period:
            rest += "[" + "".join(map(str, self.digits[len(self.digits) - self.period :])) + "]"
        return f"{head}.{rest or '0'}"

    def __repr__(self) -> str:
        return f"TBCode.parse({str(self)!r})"

    # the rules --------------------------------------------------------------------------------------------------
    @property
    def preperiod(self) -> int:
        """The digits before the repeating part (``d0`` included)."""
        return len(self.digits) - self.period

    def digit(self, k: int) -> Digit:
        """The digit of removing ``k`` tokens (``k < 0``: adding ``-k``)."""
        if k < 0:
            return self.additive_digits[-k - 1] if -k <= len(self.additive_digits) else _ZERO
        if k < len(self.digits):
            return self.digits[k]
        if self.period:
            return self.digits[self.preperiod + (k - self.preperiod) % self.period]
        return _ZERO

    def removals(self, n: int) -> range:
        """The amounts ``k`` whose digit may apply to a heap of ``n`` (negative: additive)."""
        top = n if self.period else min(n, len(self.digits) - 1)
        return range(-len(self.additive_digits), top + 1)

    def options(self, n: int) -> Iterator[tuple[int, ...]]:
        """Every option of a heap of ``n``: the heaps left, in decreasing order (``()``: nothing left).

        By the amount removed (additive first), then the number of heaps, then the smallest heap.

        >>> list(TBCode.parse("0.6").options(4))
        [(3,), (2, 1)]
        """
        if n <= 0:
            return
        for k in self.removals(n):
            m = n - k
            for i, c in self.digit(k).allowed(m):
                yield from partitions(m, i, c)

    def is_option(self, n: int, parts: tuple[int, ...]) -> bool:
        """Whether a heap of ``n`` may become the heaps ``parts`` (zeros ignored), without listing options."""
        kept = sorted((p for p in parts if p), reverse=True)
        if n <= 0 or any(p < 0 for p in parts):
            return False
        k = n - sum(kept)
        if k not in self.removals(n) or (kept and kept[0] >= n):
            return False
        c = self.digit(k).allows(len(kept))
        if c is None:
            return False
        return _meets(kept, c)

    def option_count(self, n: int) -> int:
        """How many options a heap of ``n`` has (exact; counted, not listed)."""
        if n <= 0:
            return 0
        total = 0
        for k in self.removals(n):
            m = n - k
            d = self.digit(k)
            for i, c in d.counts:
                total += partition_count(m, i, c)
            if d.plus is not None:
                total += _at_least(m, *d.plus)
        return total

    # properties -------------------------------------------------------------------------------------------------
    @property
    def max_heaps(self) -> int | None:
        """The most heaps one move may leave (None: no bound)."""
        tops = [d.max_count for d in (*self.digits, *self.additive_digits)]
        return None if None in tops else max([0, *[t for t in tops if t is not None]])

    @property
    def last_digit(self) -> int | None:
        """``t``: the place of the last non-zero digit (None for a repeating code)."""
        return None if self.period else len(self.digits) - 1

    @property
    def is_octal(self) -> bool:
        """Every digit 0-7 with no constraint (at most two heaps are left)."""
        return self.unconstrained and all(
            d.max_count is not None and d.max_count <= 2 for d in (*self.digits, *self.additive_digits)
        )

    @property
    def is_hexadecimal(self) -> bool:
        """Every digit 0-F with no constraint (at most three heaps are left)."""
        return self.unconstrained and all(
            d.max_count is not None and d.max_count <= 3 for d in (*self.digits, *self.additive_digits)
        )

    @property
    def unconstrained(self) -> bool:
        """No digit carries ``!``, ``?`` or ``=``."""
        return all(d.unconstrained for d in (*self.digits, *self.additive_digits))

    @property
    def additive(self) -> bool:
        """Some move adds tokens before splitting (digits before ``d0``)."""
        return bool(self.additive_digits)

    def take_break_moves(self) -> tuple[list[int], list[int], list[int], bool] | None:
        """``(take_all, take_one, split, distinct)`` for :mod:`sprague.kernels.takebreak`, or None.

        Codes that leave at most two heaps, finite, not additive, whose two-heap moves are all
        unconstrained or all ``!``.

        >>> TBCode.parse("4!.0").take_break_moves(), TBCode.parse("0.{2!}4").take_break_moves()
        (([], [], [0], True), None)
        """
        if self.period or self.additive or self.max_heaps is None or self.max_heaps > 2:
            return None
        ds = self.digits
        kinds = {d.allows(2) for d in ds} - {None}
        if len(kinds) > 1 or "=" in kinds:
            return None
        return (
            [k for k in range(1, len(ds)) if ds[k].allows(0) is not None],
            [k for k in range(1, len(ds)) if ds[k].allows(1) is not None],
            [k for k in range(len(ds)) if ds[k].allows(2) is not None],
            kinds == {"!"},
        )

    def loopy_reason(self) -> str | None:
        """Why a game of this code could last forever (a move leaves a heap ``>=`` its own), or None.

        Removing ``k >= 1`` tokens leaves parts summing to ``n - k < n``; removing none, one heap is
        a pass (two or more are each smaller). Adding ``a`` tokens and leaving ``i`` heaps, the
        largest part can reach ``n`` exactly when ``a >= i - 1`` (plain or ``?``; the largest part is
        ``n + a - (i - 1)``), ``a >= i(i-1)/2`` (``!``: the others at least 1, 2, ..., i - 1), or,
        for ``=``, some ``n >= 1`` has ``(i - 1) n <= a`` with ``i`` dividing ``n + a``.

        >>> TBCode.make([Digit.from_value(2)]).loopy_reason()
        'd0 lets a heap be left as it is (a pass)'
        """
        if self.digits[0].allows(1) is not None:
            return "d0 lets a heap be left as it is (a pass)"
        for a, d in enumerate(self.additive_digits, start=1):
            for i, c in d.allowed(a + 1):
                if _additive_loops(a, i, c):
                    words = _heaps_words(i, c)
                    return (
                        f"d-{a} lets a heap of n gain {a} token{'s' * (a > 1)} and be left as {words}, one of "
                        "them at least n"
                    )
        return None

    # equivalences -----------------------------------------------------------------------------------------------
    def first_cousin(self) -> TBCode | None:
        """The first cousin of a finite octal code with ``d1`` even (Winning Ways ch. 4), or None.

        Its values are this code's shifted by one: ``G_cousin(n) = G(n + 1)``. The cousin's digit
        ``e_r`` is the union of 1 if ``d_{r+1}`` allows nothing left, 3 if ``d_r`` allows one
        heap, 7 if ``d_{r-1}`` allows two heaps.

        >>> TBCode.parse("0.07").first_cousin()
        TBCode.parse('0.137')
        """
        if not self.is_octal or self.period or self.additive or self.digits[0].allows(0) is not None:
            return None
        if len(self.digits) > 1 and self.digits[1].allows(0) is not None:
            return None
        if all(d.is_zero for d in self.digits):
            return None
        d = self.digit
        new = [
            Digit.from_value(
                (1 if d(r + 1).allows(0) is not None else 0)
                | (3 if d(r).allows(1) is not None else 0)
                | (7 if r >= 1 and d(r - 1).allows(2) is not None else 0)
            )
            for r in range(len(self.digits) + 1)
        ]
        return TBCode.make(new)

    def standard_form(self) -> TBCode:
        """First cousins taken until ``d1`` is odd: codes with the same standard form have the same values,
        shifted (Winning Ways ch. 4).

        >>> str(TBCode.parse("0.07").standard_form()), str(TBCode.parse("0.06").standard_form())
        ('0.137', '0.1337')
        """
        code, seen = self, {self}
        while (cousin := code.first_cousin()) is not None and cousin not in seen:
            code = cousin
            seen.add(code)
        return code

    def cousin_of(self) -> TBCode | None:
        """The simplest code whose first cousin this code is (then ``G(n) = G_that(n + 1)``), or None.

        >>> TBCode.parse("0.137").cousin_of()
        TBCode.parse('0.07')
        """
        if not self.is_octal or self.period or self.additive or not self.digits[0].is_zero:
            return None
        e = [d.value or 0 for d in self.digits]
        if any(v not in (0, 1, 3, 7) for v in e):
            return None
        bits = [0] * (len(e) + 1)
        for r, v in enumerate(e):
            if v & 4 and r >= 1:
                bits[r - 1] |= 4
            if v & 2 and not v & 4:
                bits[r] |= 2
            if v & 1 and not v & 2:
                if r + 1 >= len(bits):
                    return None
                bits[r + 1] |= 1
        if e and e[0]:
            return None
        candidate = TBCode.make([Digit.from_value(b) for b in bits])
        return candidate if candidate.first_cousin() == self and candidate != self else None

    def describe(self) -> str:
        """The rules in words, one clause per group of removals with the same digit.

        >>> print(TBCode.parse("0.77").describe())
        remove 1 or 2 tokens, taking the whole heap or leaving one heap or two heaps
        >>> print(TBCode.parse("0.[37]").describe().replace("; ", ";\\n"))  # one clause a line
        remove k tokens, for k = 1, 3, 5, ..., taking the whole heap or leaving one heap;
        remove k tokens, for k = 2, 4, 6, ..., taking the whole heap or leaving one heap or two heaps
        """
        clauses: list[str] = []
        for a in range(len(self.additive_digits), 0, -1):
            d = self.additive_digits[a - 1]
            if not d.is_zero:
                clauses.append(f"add {a} token{'s' * (a > 1)} to a heap and split it into {d.words()}")
        groups: dict[Digit, list[int]] = {}
        for k in range(self.preperiod):
            if not self.digits[k].is_zero:
                groups.setdefault(self.digits[k], []).append(k)
        for d, ks in groups.items():
            if ks == [0]:
                clauses.append(f"split a heap into {d.words()}")
                continue
            ks = [k for k in ks if k]
            clauses.append(f"remove {_amounts(ks)} token{'s' * (ks != [1])}, {_leaving(d)}")
            if 0 in groups[d]:
                clauses[-1] = f"split a heap into {d.words()}; " + clauses[-1]
        for j in range(self.period):
            d = self.digits[self.preperiod + j]
            if d.is_zero:
                continue
            first = self.preperiod + j
            which = (
                f"every k >= {first}"
                if self.period == 1
                else f"k = {first}, {first + self.period}, {first + 2 * self.period}, ..."
            )
            clauses.append(f"remove k tokens, for {which}, {_leaving(d)}")
        return "; ".join(clauses) or "no move"


def _amounts(ks: list[int]) -> str:
    shown = [str(k) for k in ks]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _leaving(d: Digit) -> str:
    """``taking the whole heap or leaving one heap``."""
    if d.allows(0) is None:
        return f"leaving {d.words()}"
    rest = d.without(0)
    return "taking the whole heap" + (f" or leaving {rest.words()}" if not rest.is_zero else "")


def _meets(parts: list[int], c: str) -> bool:
    if len(parts) <= 1 or c == "":
        return True
    if c == "!":
        return len(set(parts)) == len(parts)
    if c == "?":
        return len(set(parts)) > 1
    return len(set(parts)) == 1


def _additive_loops(a: int, i: int, c: str) -> bool:
    """Whether adding ``a`` tokens and leaving ``i`` heaps (constraint ``c``) can leave one of at least ``n``."""
    if i == 0:
        return False
    if i == 1:
        return True
    c = _effective(i, c)
    if c == "!":
        return a >= i * (i - 1) // 2
    if c == "=":
        return any((n + a) % i == 0 for n in range(1, a // (i - 1) + 1))
    return a >= i - 1


def partitions(m: int, i: int, c: str = "") -> Iterator[tuple[int, ...]]:
    """The ways to leave ``m`` tokens as ``i`` non-empty heaps meeting constraint ``c``, parts decreasing,
    by the smallest part first (``()`` for ``i = 0``, ``m = 0``).

    >>> list(partitions(6, 2)), list(partitions(6, 3, "!")), list(partitions(6, 3, "?"))
    ([(5, 1), (4, 2), (3, 3)], [(3, 2, 1)], [(4, 1, 1), (3, 2, 1)])
    """
    if i == 0:
        if m == 0:
            yield ()
        return
    if m < i:
        return
    c = _effective(i, c)
    if c == "=":
        if m % i == 0:
            yield (m // i,) * i
        return
    if i == 1:
        yield (m,)
        return
    if i == 2:  # the common case (octal games), without recursion
        for a in range(1, (m - 1) // 2 + 1 if c == "!" else m // 2 + 1):
            yield (m - a, a)
        return
    step = 1 if c == "!" else 0
    for p in _rising(m, i, 1, step):
        if c == "?" and p[0] == p[-1]:
            continue
        yield p[::-1]


def _rising(m: int, i: int, lo: int, step: int) -> Iterator[tuple[int, ...]]:
    """Non-decreasing (``step`` 0) or increasing (``step`` 1) tuples of ``i`` parts ``>= lo`` with sum ``m``."""
    if i == 1:
        if m >= lo:
            yield (m,)
        return
    a = lo
    while a * i + step * i * (i - 1) // 2 <= m:
        for rest in _rising(m - a, i - 1, a + step, step):
            yield (a, *rest)
        a += 1


def partition_count(m: int, i: int, c: str = "") -> int:
    """How many items :func:`partitions` yields (by recurrences, not listing).

    >>> partition_count(100, 3), partition_count(100, 3, "!"), partition_count(100, 4, "?"), partition_count(12, 4, "=")
    (833, 784, 7152, 1)
    """
    if i == 0:
        return int(m == 0)
    if m < i:
        return 0
    c = _effective(i, c)
    if c == "=":
        return int(m % i == 0)
    if c == "!":
        m -= i * (i - 1) // 2
        return _exactly(m, i) if m >= i else 0
    return _exactly(m, i) - (1 if c == "?" and m % i == 0 else 0)


def _at_least(m: int, start: int, c: str) -> int:
    """How many ways to leave ``m`` tokens as ``start`` or more heaps under ``c`` (counts ``>= start``)."""
    if m < start:
        return 0
    below = sum(partition_count(m, i, c) for i in range(start))
    if c == "=":
        return sum(1 for i in range(max(start, 1), m + 1) if m % i == 0) + (1 if m == 0 and start == 0 else 0)
    if c == "!":
        total = _distinct_partitions(m)
    else:
        total = _all_partitions(m) - (sum(1 for i in range(2, m + 1) if m % i == 0) if c == "?" else 0)
    return total - below


_P: list[int] = [1]
_Q: list[int] = [1]


def _all_partitions(m: int) -> int:
    """p(m), by Euler's pentagonal recurrence (kept)."""
    while len(_P) <= m:
        n, total, k = len(_P), 0, 1
        while (g := k * (3 * k - 1) // 2) <= n:
            sign = 1 if k % 2 else -1
            total += sign * _P[n - g]
            if (h := k * (3 * k + 1) // 2) <= n:
                total += sign * _P[n - h]
            k += 1
        _P.append(total)
    return _P[m]


def _distinct_partitions(m: int) -> int:
    """q(m), partitions into distinct parts (= into odd parts; kept)."""
    if len(_Q) <= m:
        top = max(m, 2 * len(_Q))
        q = [1] + [0] * top
        for part in range(1, top + 1, 2):  # odd parts, each any number of times
            for s in range(part, top + 1):
                q[s] += q[s - part]
        _Q[:] = q
    return _Q[m]


@lru_cache(maxsize=65536)
def _exactly(m: int, i: int) -> int:
    """Partitions of ``m`` into exactly ``i`` parts (p(m, i) = p(m - 1, i - 1) + p(m - i, i))."""
    if i == 1:
        return 1 if m >= 1 else 0
    if i == 2:
        return m // 2
    if i == 3:
        return (m * m + 6) // 12 if m >= 0 else 0  # round(m^2 / 12)
    rest = m - i  # p(m, i) = partitions of m - i into parts of size at most i
    if rest < 0:
        return 0
    row = [1] + [0] * rest
    for part in range(1, i + 1):
        for s in range(part, rest + 1):
            row[s] += row[s - part]
    return row[rest]
