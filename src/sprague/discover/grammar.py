"""The grammar of candidate rules: typed expressions over the heaps, their cost, text and Python.

An expression has one of five sorts:

``K`` a constant
    a literal (0-16), a parameter of the ruleset (``h`` of the cyclic Nimhoff), or,
    when the data has several numbers of heaps, a function of the number ``n`` of heaps
    (``n``, ``n-1``, ``n+1``, ``2n``, ``n(n-1)``).
``H`` a feature of one heap ``x``
    ``x``; ``v2(F)``, ``popcount(F)``, the distance up to the next power of 2
    (``up(F) = 2^bitlen(F) - F``) or down to the last one (``down(F) = F - 2^(bitlen(F)-1)``);
    ``F + k``, ``F - k``, ``F mod m``, ``floor(F / m)``, binary digit ``bit_k(F)``.
``Q`` a property of one heap
    ``F = k``, ``F >= k``, ``F in lo..hi``, ``F odd``, ``F even``; ``F mod m in {a, b, ...}`` (a set
    of residues), only in "every heap has F mod m in R", where the search deduces R.
``I`` an integer of the position ``z = (z_1 <= ... <= z_n)``
    ``sum``, nim-sum, bitwise OR / AND, ``min``, ``max`` of a feature over the heaps; the
    feature of the i-th smallest heap (``z_1``, ``z_2``, ``z_(n-1)``, ``z_n``); the number of
    heaps with a property; ``n``; ``v2``, ``popcount``, ``+ k``, ``- k``, ``* k``,
    ``mod m``, ``floor(/ m)`` of an integer; ``+ - xor OR AND *`` of two integers.
``B`` a property of the position
    ``all`` / ``any`` heaps have a property; a feature is the same on every heap;
    ``I = k``, ``I = J``, ``I < J``; ``n odd`` / ``n even``; ``not``, ``and``, ``or``.

**Cost model.** The cost of an expression is the number of symbols in its tree: every
operator, feature, heap and aggregate counts 1; a literal counts its digits (a literal
below 10 costs 1), a parameter and ``n`` 1, ``n-1``, ``n+1`` and ``2n`` 2, ``n(n-1)`` 3.
Literals past 16 enter only as moduli, ``x mod m`` for m up to the largest heap (the
search's one-step forms).
So ``v2((z_1 OR z_2) + 1)`` costs 5 (v2, +, OR, x, 1), "every heap odd" costs 3
(all, odd, x) and "every heap: z_i mod 7 in {0, 1}" 7 (all, in, mod, x, 7, 0, 1).
The search (:mod:`sprague.discover.search`) lists expressions by increasing cost, so
the first rule it finds is a cheapest one.

Every expression renders two ways: ``text`` in mathematical notation, and ``python``, an
expression over ``z`` (the heaps, sorted ascending) and ``n`` (their number) that uses only
the names of :data:`PYTHON_NAMES` (``v2``, ``popcount``, ``nimsum``, ``all``, ``any``,
``min``, ``max``, ``sum``, ``len``) and operators (``int.bit_length`` for the powers of 2).
Bitwise OR and AND over the heaps are written heap by heap (``z[0] | z[1]``), chained on
``n`` when the data had several numbers of heaps.

>>> node = Node("I", "v2", (Node("I", "add", (Node("I", "or", (Node("H", "x", ()),)), Node("K", "lit", (1,)))),))
>>> node.cost, node.text(), node.python((2,))
(5, 'v2((OR_i z_i) + 1)', 'v2(((z[0] | z[1]) + 1))')
>>> evaluate(node.python((2,)), (1, 2))
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import reduce
from operator import xor
from typing import Any

__all__ = ["Node", "PYTHON_NAMES", "evaluate", "compile_rule", "nimsum", "popcount", "v2"]


def v2(n: int) -> int:
    """The 2-adic valuation of a positive integer (``v2(12) = 2``); v2(0) is an error."""
    if n <= 0:
        raise ValueError(f"v2 is defined for positive integers, got {n!r}")
    return (n & -n).bit_length() - 1


def popcount(n: int) -> int:
    """The number of 1 digits in the binary expansion of ``n >= 0``."""
    if n < 0:
        raise ValueError(f"popcount is defined for non-negative integers, got {n!r}")
    return bin(n).count("1")


def nimsum(values: Iterable[int]) -> int:
    """The nim-sum (bitwise exclusive or) of the values."""
    return reduce(xor, values, 0)


#: the names a rule's ``python`` expression may use, besides ``z`` and ``n``
PYTHON_NAMES: dict[str, Any] = {
    "v2": v2,
    "popcount": popcount,
    "nimsum": nimsum,
    "all": all,
    "any": any,
    "min": min,
    "max": max,
    "sum": sum,
    "len": len,
}


def compile_rule(python: str) -> Callable[[Sequence[int]], Any]:
    """A function of the sorted heaps evaluating a rule's ``python`` expression (names: :data:`PYTHON_NAMES`)."""
    code = compile(python, "<rule>", "eval")
    names = {"__builtins__": {}, **PYTHON_NAMES}

    def rule(heaps: Sequence[int]) -> Any:
        z = tuple(sorted(heaps))
        return eval(code, {**names, "z": z, "n": len(z)})  # noqa: S307 -- our own grammar's text, no builtins

    return rule


def evaluate(python: str, heaps: Sequence[int]) -> Any:
    """The value of a rule's ``python`` expression at a position (the heaps in any order)."""
    return compile_rule(python)(heaps)


# ---------------------------------------------------------------- rendering
#: how each operator of fixed arity reads, as ``(text, Python)`` format strings over its operands' renderings
#: ``{0}``, ``{1}``, ``{2}``; ``{w0}``, ``{w1}`` are the operands parenthesised where compound (text only)
_FORMS: dict[str, tuple[str, str]] = {
    # features of a heap, and of the numbers of heaps
    "v2": ("v2({0})", "v2({0})"),
    "popcount": ("popcount({0})", "popcount({0})"),
    "up": ("up({0})", "((1 << ({0}).bit_length()) - ({0}))"),
    "down": ("down({0})", "(({0}) - (1 << ({0}).bit_length() - 1))"),
    "bit": ("bit_{1}({0})", "(({0} >> {1}) & 1)"),
    "div": ("floor({w0} / {w1})", "({0} // {1})"),
    "add": ("{w0} + {w1}", "({0} + {1})"),
    "sub": ("{w0} - {w1}", "({0} - {1})"),
    "mul": ("{w0} * {w1}", "({0} * {1})"),
    "mod": ("{w0} mod {w1}", "({0} % {1})"),
    "xor": ("{w0} xor {w1}", "({0} ^ {1})"),
    "bor": ("{w0} OR {w1}", "({0} | {1})"),
    "band": ("{w0} AND {w1}", "({0} & {1})"),
    # questions about a feature
    "is": ("{0} = {1}", "{0} == {1}"),
    "ge": ("{0} >= {1}", "{0} >= {1}"),
    "in": ("{0} in {1}..{2}", "{1} <= {0} <= {2}"),
    "odd": ("{0} odd", "{0} % 2 == 1"),
    "even": ("{0} even", "{0} % 2 == 0"),
    # over the heaps: the operand is rendered for one heap (z_i in text, x in Python)
    "sum": ("sum_i {w0}", "sum({0} for x in z)"),
    "nimsum": ("nimsum_i {w0}", "nimsum({0} for x in z)"),
    "min": ("min_i {w0}", "min({0} for x in z)"),
    "max": ("max_i {w0}", "max({0} for x in z)"),
    "or": ("OR_i {w0}", ""),  # Python: chained on n (_by_count)
    "and": ("AND_i {w0}", ""),
    "count": ("#{{i : {0}}}", "sum(1 for x in z if {0})"),
    "all": ("every heap: {0}", "all({0} for x in z)"),
    "any": ("some heap: {0}", "any({0} for x in z)"),
    "alleq": ("{0} is the same for every heap", "all({0} == {1} for x in z)"),
    # rules: comparisons of two numbers, and the connectives
    "eq": ("{0} = {1}", "{0} == {1}"),
    "lt": ("{0} < {1}", "{0} < {1}"),
    "not": ("not ({0})", "not ({0})"),
}
#: the operators over the heaps (their operand is a feature of one heap)
_OVER_HEAPS = ("sum", "nimsum", "min", "max", "or", "and", "count", "all", "any", "alleq", "at")
#: the rules' operators, whose operands are rendered on their own (not features of a given heap)
_RULES = ("eq", "lt", "not", "andb", "orb")
_INDEX = {0: ("z_1", "z[0]"), 1: ("z_2", "z[1]"), -2: ("z_(n-1)", "z[-2]"), -1: ("z_n", "z[-1]")}
_NEXPR = {
    "n": ("n", "n"),
    "n-1": ("n-1", "(n - 1)"),
    "n+1": ("n+1", "(n + 1)"),
    "2n": ("2n", "(2 * n)"),
    "n(n-1)": ("n(n-1)", "(n * (n - 1))"),
}
_FIXED = {"n": ("n", "n"), "nodd": ("n odd", "n % 2 == 1"), "neven": ("n even", "n % 2 == 0")}
NEXPR_COST = {"n": 1, "n-1": 2, "n+1": 2, "2n": 2, "n(n-1)": 3}


class Node:
    """One expression: its sort (K, H, Q, I, B), operator, arguments and cost.

    Arguments are nodes, or plain values for leaves (a literal's int, a parameter's
    name and value, an index of a sorted heap).
    """

    __slots__ = ("sort", "op", "args", "cost")

    def __init__(self, sort: str, op: str, args: tuple[Any, ...], cost: int | None = None) -> None:
        self.sort = sort
        self.op = op
        self.args = args
        self.cost = cost if cost is not None else self._cost()

    def _cost(self) -> int:
        if self.sort == "K":
            if self.op == "lit":
                return len(str(abs(self.args[0])))  # its digits
            if self.op == "param":
                return 1
            return NEXPR_COST[self.args[0]]
        if self.op in ("at",):
            return 1 + self.args[0].cost
        return 1 + sum(a.cost for a in self.args if isinstance(a, Node))

    def __repr__(self) -> str:
        return f"<{self.sort} {self.text()} (cost {self.cost})>"

    def _fixed(self, form: int) -> str:
        """A constant or a leaf of ``n``, as text (``form`` 0) or Python (1)."""
        if self.op == "lit":
            return str(self.args[0])
        if self.op == "param":
            return str(self.args[form])
        if self.op == "nexpr":
            return _NEXPR[self.args[0]][form]
        return _FIXED[self.op][form]

    # -------------------------------------------------------------- text
    def text(self, var: str = "z_i", one: bool = False) -> str:
        """The expression in mathematical notation (a heap feature in terms of ``var``).

        With ``one`` (data of one heap ``z``) the combinations over the heaps are written as
        what they are for one heap: ``sum_i (z_i mod 3)`` is ``z mod 3``, "every heap: P" is P.
        """
        op, a = self.op, self.args
        if self.sort == "K" or op in _FIXED:
            return self._fixed(0)
        if op == "x":
            return var
        if op in _RULES:
            var = "z_i"
        elif op in _OVER_HEAPS:
            var = "z" if one else _INDEX[a[1]][0] if op == "at" else "z_i"
            if op == "at" or (one and op != "count" and op != "alleq"):  # a heap, or one heap: the operand itself
                return a[0].text(var, one)
            if one and op == "count":
                return f"[{a[0].text(var, one)}]"
        if op == "among":
            return f"{a[0].text(var, one)} in {{{', '.join(k.text(var, one) for k in a[1:])}}}"
        if op in ("andb", "orb"):
            return (" and " if op == "andb" else " or ").join(_wrap_bool(x.text(one=one), op) for x in a)
        parts = [x.text(var, one) for x in a]
        return _FORMS[op][0].format(*parts, **{f"w{i}": _wrap(t) for i, t in enumerate(parts)})

    # -------------------------------------------------------------- python
    def python(self, counts: Sequence[int] = (), var: str = "x") -> str:
        """The expression in Python over ``z`` and ``n`` (``counts``: the numbers of heaps of the data)."""
        op, a = self.op, self.args
        if self.sort == "K" or op in _FIXED:
            return self._fixed(1)
        if op == "x":
            return var
        if op in ("or", "and"):
            sign = " | " if op == "or" else " & "
            return _by_count(
                [(k, "(" + sign.join(a[0].python(counts, f"z[{i}]") for i in range(k)) + ")") for k in counts]
            )
        if op == "at":
            return a[0].python(counts, _INDEX[a[1]][1])
        if op in _RULES or op in _OVER_HEAPS:
            var = "x"
        if op == "among":
            members = [k.python(counts, var) for k in a[1:]]
            return f"{a[0].python(counts, var)} in ({', '.join(members)}{',' if len(members) == 1 else ''})"
        if op in ("andb", "orb"):
            return (" and " if op == "andb" else " or ").join(f"({x.python(counts)})" for x in a)
        parts = [x.python(counts, var) for x in a]
        if op == "alleq":
            parts.append(a[0].python(counts, "z[0]"))
        return _FORMS[op][1].format(*parts)


def _by_count(forms: list[tuple[int, str]]) -> str:
    """One form per number of heaps, chained on ``n`` (a single form when there is one count)."""
    if len(forms) == 1:
        return forms[0][1]
    *first, (_, last) = forms
    return "(" + " ".join(f"{form} if n == {k} else" for k, form in first) + f" {last})"


def _wrap(text: str) -> str:
    """Parenthesise a compound operand."""
    return f"({text})" if " " in text and not text.startswith(("v2(", "popcount(", "floor(")) else text


def _wrap_bool(text: str, op: str) -> str:
    """Parenthesise an operand of ``and`` / ``or`` that is itself joined by the other word."""
    other = " or " if op == "andb" else " and "
    return f"({text})" if other in text else text
