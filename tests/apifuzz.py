"""Malformed and edge-case calls to the Python API, made by hypothesis, and what each one did.

Shared by ``tests/core/test_fuzz_api.py`` (a bounded property run) and
``benchmarks/fuzz_api.py`` (counts over many calls, each in a worker process
killed at a time bound). A case is plain picklable data::

    (ruleset name, parameters, entry point, arguments, keyword arguments)

:func:`run` builds the ruleset and makes the call; :func:`outcome` sorts what
happened into "answer", "project error" (a :class:`sprague.errors.SpragueError`)
or "foreign" (any other exception: the bug this suite looks for). Rulesets come
from the registry, so a new ruleset is fuzzed without editing this file.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import strategies as st

import sprague
from sprague.errors import SpragueError
from sprague.rulesets import all_rulesets
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset
from sprague.solve.move import Move

__all__ = ["NAMES", "ENTRIES", "cases", "run", "outcome", "Case"]

Case = tuple[str, dict[str, Any], str, tuple[Any, ...], dict[str, Any]]

NAMES = [cls.name for cls in all_rulesets()]
#: the raw hook, counted apart: it is documented as trusted (it takes a checked position)
RAW = "moves"
ENTRIES = [
    "ruleset",
    "grundy",
    "outcome",
    "evaluate",
    "is_p_position",
    "options",
    "options_with_value",
    "winning_move",
    "winning_moves",
    "apply",
    "check_position",
    "parse_position",
    "move_parse",
    "sequence",
    "table",
    "table_lookup",
    "heap_grundy",
    "periodicity",
    "sparse_space",
    "sum",
    "verify",
    "find_period",
    "discover",
    RAW,
]

ints = st.one_of(
    st.integers(-3, 40),
    st.integers(-(10**30), 10**30),
    st.sampled_from([10**6, 10**9, 10**12, 2**62, 2**63, 2**64, 10**100, 2**5000, -(2**63)]),
)
odd = st.sampled_from(
    [
        None,
        True,
        False,
        1.5,
        -0.0,
        math.nan,
        math.inf,
        "x",
        "",
        "3",
        " 7 ",
        "10**100",
        "１２",
        "_1",
        "-1",
        "1e9",
        b"3",
        [],
        {},
        (),
        [[1]],
        np.int64(7),
        np.uint8(3),
        np.float64(2.0),
        np.int64(-1),
        np.array([1, 2]),
    ]
)
scalars = st.one_of(ints, ints, odd)
#: work limits a user may pass: never huge (a user who raises the limit asked for the work)
limits = st.one_of(st.none(), st.sampled_from([-1, 0, 1, 7, 1000, 100_000, 2.5, "x", True, math.nan]))
methods = st.sampled_from(["auto", "auto", "search", "closed", "x", None, 3])

texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="HT -", max_size=40),
    st.text(alphabet="0123456789- ,+", max_size=40),
    st.sampled_from(
        [
            "3 5 6",
            "0",
            "-1",
            "H",
            "TTHHTHH",
            "(empty)",
            "0-1 1-2 1-3 2-3",
            "0-0",
            "1-2",
            "0-1 1-0",
            "x-y",
            "0-99999999999999999999",
            "heap 1: 3 -> 2",
            "heap 9: 3 -> 2",
            "heap 1: 3 -> 1 + 1",
            "heap 1: 3 -> nothing",
            "delete 1",
            "3 + 4",
            "+",
            "10**100",
            "9" * 300,
        ]
    ),
)


def _many(draw: Any) -> Any:
    n = draw(st.integers(0, 20_000))
    return [draw(st.integers(0, 9))] * n


positions = st.one_of(
    st.lists(scalars, max_size=6),
    st.lists(scalars, max_size=6).map(tuple),
    st.lists(st.integers(0, 12), min_size=1, max_size=5).map(tuple),
    st.lists(st.integers(0, 12), min_size=1, max_size=5).map(tuple),
    st.lists(st.tuples(st.integers(-2, 8), st.integers(-2, 8)), max_size=8),  # Hackenbush edges
    scalars,
    texts,
    st.builds(lambda n, h: [h] * n, st.integers(0, 20_000), st.integers(0, 9)),
    st.builds(lambda n: "H" * n, st.integers(0, 3000)),
    st.builds(lambda n: " ".join(f"0-{i}" for i in range(1, n + 1)), st.integers(0, 60)),
    st.lists(st.lists(st.integers(0, 9), max_size=3).map(tuple), max_size=3).map(tuple),  # Sum positions
)

set_texts = st.sampled_from(
    [
        "1,2,5",
        "1-3,7",
        "4,8",
        "1-20000000",
        "2-1",
        "0",
        "-1",
        "1,,2",
        "all",
        "all-but:4,8",
        "all;1-7;all-but:4,8",
        "1,1;2,0",
        "0,0",
        "1,1;;2",
        "1-10**9",
        "1,2,x",
        "",
        "9" * 40,
    ]
)
codes = st.one_of(
    st.sampled_from(["0.77", "0.137", "0.6", "4.07", "0.", ".7", "0.8", "0.x", "1", "0.07.7", ""]),
    st.builds(lambda d: "0." + "7" * d, st.integers(1, 30)),
)
param_values = st.one_of(
    scalars,
    set_texts,
    codes,
    st.lists(scalars, max_size=4),
    st.builds(lambda hi: range(1, hi), st.integers(-2, 10**13)),
    st.sets(st.integers(-3, 30), max_size=5),
)


@st.composite
def params_for(draw: Any, name: str) -> dict[str, Any]:
    """The ruleset's parameters: each its example, a hostile value, or left out; sometimes an unknown one."""
    cls = sprague.find_ruleset(name)
    out: dict[str, Any] = {}
    for p in cls.parameters:
        choice = draw(st.integers(0, 5))
        if choice <= 2 and p.example is not None:
            out[p.name] = p.example
        elif choice <= 4:
            out[p.name] = draw(param_values)
    if draw(st.integers(0, 9)) == 0:
        out[draw(st.sampled_from(["x", "S", "k", "code"]))] = draw(param_values)
    return out


@st.composite
def position_for(draw: Any, name: str) -> Any:
    """Often the ruleset's example position (scaled or as typed), else any hostile value."""
    cls = sprague.find_ruleset(name)
    kind = draw(st.integers(0, 6))
    if kind == 0 and cls.example:
        return " ".join(cls.example)
    if kind <= 2 and cls.example and all(t.isdigit() for t in cls.example):
        scale = draw(st.sampled_from([1, 1, 2, 3, 10, 10**3, 10**9, 10**40]))
        shift = draw(st.integers(-2, 3))
        return tuple(max(int(t) * scale + shift, 0) for t in cls.example)
    if kind == 3 and issubclass(cls, MultiHeapRuleset):
        return tuple(
            draw(
                st.lists(
                    st.integers(cls.min_heap, 25),
                    min_size=cls.heaps or cls.min_heaps,
                    max_size=cls.heaps or max(cls.min_heaps, 5),
                )
            )
        )
    return draw(positions)


@st.composite
def cases(draw: Any, names: list[str] | None = None, entries: list[str] | None = None) -> Case:
    """One call: a ruleset (by name, or a bad name), its parameters, an entry point and its arguments."""
    name = draw(st.sampled_from(names or NAMES))
    entry = draw(st.sampled_from(entries or ENTRIES))
    params = draw(params_for(name))
    pos = draw(position_for(name))
    args: tuple[Any, ...] = (pos,)
    kwargs: dict[str, Any] = {}
    if entry == "ruleset":
        bad = draw(st.sampled_from([None, 3, "", "no-such", "os:path", "sprague:Ruleset", "NIM", " nim ", name, name]))
        args, name = (), bad
    elif entry in ("grundy", "outcome", "evaluate", "winning_move", "winning_moves"):
        kwargs = {"method": draw(methods), "max_positions": draw(limits)}
    elif entry == "is_p_position":
        kwargs = {"method": draw(methods)}
    elif entry == "options":
        kwargs = {"max_options": draw(st.one_of(limits, st.just(2_000_000)))}
    elif entry == "options_with_value":
        args = (pos, draw(scalars))
    elif entry == "apply":
        args = (pos, draw(position_for(name)))
    elif entry == "parse_position":
        args = (draw(st.one_of(texts.map(str.split), st.lists(texts, max_size=4), scalars)),)
    elif entry == "move_parse":
        args = (pos, draw(st.one_of(texts, scalars)))
    elif entry == "sequence":
        args = (draw(st.one_of(st.integers(-2, 3000), scalars)),)
        kwargs = {"max_positions": draw(limits)}
    elif entry == "table":
        args = (draw(st.one_of(st.integers(-2, 30), scalars)),)
        kwargs = {
            "heaps": draw(st.one_of(st.integers(-1, 4), scalars)),
            "values": draw(st.sampled_from(["grundy", "outcome", "x", None])),
            "min_heap": draw(st.one_of(st.none(), st.integers(-2, 30), scalars)),
            "max_positions": draw(limits),
        }
    elif entry == "table_lookup":
        kwargs = {"heaps": draw(st.integers(1, 3)), "max_heap": draw(st.integers(1, 8))}
    elif entry == "sparse_space":
        args = (draw(st.one_of(st.integers(-2, 5000), scalars)),)
    elif entry == "find_period":
        args = (
            draw(
                st.one_of(
                    st.lists(st.one_of(st.integers(-3, 5), scalars), max_size=30),
                    st.builds(
                        lambda p, n: p * n, st.lists(st.integers(0, 3), min_size=1, max_size=4), st.integers(1, 12)
                    ),
                    scalars,
                )
            ),
        )
        kwargs = {
            "window": draw(st.one_of(st.none(), st.integers(-1, 5), scalars)),
            "arithmetic": draw(st.booleans()),
            "min_repeats": draw(st.one_of(st.integers(-1, 4), scalars)),
        }
    elif entry == "heap_grundy":
        args = (draw(st.one_of(st.integers(-2, 3000), scalars)),)
        kwargs = {"max_positions": draw(limits)}
    elif entry == "periodicity":
        args, kwargs = (), {"max_positions": draw(limits)}
    elif entry == "sum":
        other = draw(st.sampled_from(NAMES))
        args = (other, draw(params_for(other)), (pos, draw(position_for(other))))
    elif entry == "verify":
        kwargs = {
            "claim": draw(st.sampled_from([None, "p-if-nim-sum-zero", "raises", "grundy-sum"])),
            "kind": draw(st.sampled_from(["outcome", "grundy", "x"])),
            "heaps": draw(st.one_of(st.none(), st.integers(-1, 4), scalars)),
            "max_heap": draw(st.one_of(st.integers(-1, 12), scalars)),
            "method": draw(st.sampled_from(["local", "table", "both", "x"])),
            # never huge (see ``limits``): a limit of 2**62 lets a coin row of 10**12 coins list its positions
            "max_positions": draw(st.one_of(st.integers(-1, 10**6), limits)),
        }
        args = (draw(st.sampled_from(["ruleset", "ruleset", "delete-nim", "vdn", "no-such", "half-delete"])),)
    elif entry == "discover":  # small budgets: the search is bounded by them, the tables by max_positions
        kwargs = {
            "heaps": draw(st.one_of(st.integers(-1, 4), st.lists(st.integers(-1, 4), max_size=3), scalars)),
            "max_heap": draw(st.one_of(st.integers(-1, 10), scalars)),
            "kinds": draw(st.sampled_from(["outcome", "grundy", ("outcome", "grundy"), "x", None])),
            "verify_max": draw(st.one_of(st.none(), st.integers(-1, 16), scalars)),
            # work limits are never huge (see ``limits``): a user who raises them asked for the work
            "budget": draw(st.one_of(st.integers(-1, 50_000), st.sampled_from([True, 2.5, "x", math.nan]))),
            "memory": draw(st.sampled_from([2**24, 2**26, 0, -1, "x"])),
            "max_cost": draw(st.one_of(st.integers(-1, 12), scalars)),
            "max_positions": draw(limits),
        }
    return (name, params, entry, args, kwargs)


def _claim(which: str | None) -> Any:
    def nim_sum_zero(heaps: tuple[int, ...]) -> str:
        return "P" if sprague.nim_sum(*heaps) == 0 else "N"

    def raises(heaps: tuple[int, ...]) -> str:
        raise ZeroDivisionError("a claim that fails")

    def grundy_sum(heaps: tuple[int, ...]) -> int:
        return sum(heaps)

    return {None: None, "p-if-nim-sum-zero": nim_sum_zero, "raises": raises, "grundy-sum": grundy_sum}[which]


def run(case: Case) -> Any:
    """Make the call of ``case``; return its answer (a short repr) or raise what it raised."""
    name, params, entry, args, kwargs = case
    rules = sprague.ruleset(name, **params)
    if entry == "ruleset":
        return rules
    if entry == "move_parse":
        return Move.parse(rules, *args)
    if entry == "sum":
        other, other_params, position = args
        return sprague.Sum(rules, sprague.ruleset(other, **other_params)).grundy(position)
    if entry == "verify":
        from sprague.verify import verify

        target = rules if args[0] == "ruleset" else args[0]
        kwargs = dict(kwargs, claim=_claim(kwargs["claim"]))
        if not isinstance(target, sprague.Ruleset):
            kwargs["params"] = params
        return verify(target, **kwargs).summary()
    if entry == "find_period":
        return sprague.find_period(*args, **kwargs)
    if entry == "discover":
        from sprague.discover import discover

        return discover(rules, **kwargs).summary()
    if entry in ("sequence", "heap_grundy", "periodicity", "sparse_space") and not isinstance(rules, HeapRuleset):
        return None  # not an entry point of this ruleset
    if entry in ("table", "table_lookup") and not isinstance(rules, MultiHeapRuleset):
        return None
    if entry == "table_lookup":
        heaps = rules.heaps or max(kwargs["heaps"], rules.min_heaps)
        table = rules.table(max(kwargs["max_heap"], rules.min_heap), heaps=heaps)
        return table[args[0]], args[0] in table
    method = getattr(rules, entry)
    if entry == RAW:
        return list(method(*args))
    return method(*args, **kwargs)


def outcome(case: Case) -> tuple[str, str]:
    """("answer" | "project error" | "foreign", a one-line description) of running ``case``."""
    try:
        run(case)
    except SpragueError as exc:
        return "project error", f"{type(exc).__name__}: {str(exc)[:200]}"
    except Exception as exc:  # noqa: BLE001  (anything else is what this suite looks for)
        return "foreign", f"{type(exc).__name__}: {str(exc)[:200]}"
    return "answer", ""
