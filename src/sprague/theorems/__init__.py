"""The papers' results as data: each theorem is a claim function with its citation and its domain.

A :class:`Theorem` says, for the positions of a ruleset with ``n`` heaps, what a
paper claims (under normal play, or misère play where ``misere`` is set): an
outcome (``kind="outcome"``: the claim function returns 0 for a P-position, 1 for
an N-position, 2 for a draw of a loopy game, -1 where the theorem says nothing)
or a Grundy value (``kind="grundy"``: the value, or -1). Claim functions take the heaps
sorted in ascending order and use plain integer operations only, so that the
same code is exact on Python ints and compiles with numba for
:mod:`sprague.verify`.

A theorem about a ruleset whose positions are not heaps (rows of coins, graphs,
partitions...) says ``box="positions"``: it is checked on the ruleset's own box,
every position its ``Ruleset.positions(size)`` lists up to a size, and its claim
function takes each position as the ruleset writes it (``make_claim(0, params)``:
no number of heaps).

>>> from sprague.theorems import find_theorem
>>> t = find_theorem("single-delete-4")
>>> t.citation
'004 (Shinoda 2024) Thm 1.5, with (5A) corrected by sprague'
>>> t.claim_for(4)(sorted((294, 208, 304, 432)))  # 004 section 3.1, case (2): a P-position
0
>>> find_theorem("turning-turtles-heads").claim_for(0)("THTH")  # heads at places 2 and 4: 2 xor 4
6
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sprague.core.plugins import THEOREM_GROUP, PluginWarning, entry_point_objects
from sprague.errors import InvalidParameter, UnknownRuleset

__all__ = ["Theorem", "BOXES", "THEOREMS", "find_theorem", "register_theorem", "all_theorems", "P", "N", "UNKNOWN"]

P, N, UNKNOWN = 0, 1, -1
D = 2  #: a draw, in a claim about a loopy game (an outcome claim may return P, N or D)

#: a claim function: on the sorted heaps (box "heaps") or on a position as the ruleset writes it (box "positions")
Claim = Callable[[Any], int]


#: the boxes a theorem is checked on: heaps (``n`` heaps of at most ``max_heap`` tokens), or the ruleset's own
#: positions (``Ruleset.positions(size)``, size up to ``max_heap``)
BOXES = ("heaps", "positions")


@dataclass(frozen=True, kw_only=True)
class Theorem:
    """A published (or our own, marked so) statement about a ruleset, checkable by search.

    On heaps (``box="heaps"``, the default) every callable takes the number of heaps
    first, then the parameters: ``make_claim(n, params)`` returns the claim function on
    ``n`` sorted heaps; ``heap_ok(n, params)`` says whether ``n`` heaps are in the
    statement's domain (described by ``heaps_doc``); ``default_heaps`` is the number
    verified when none is given (or a function of the parameters). ``cap`` bounds the
    box (heaps of at most ``cap`` tokens) for statements about small heaps only.
    ``test_box`` is ``(heaps, max_heap)``: the box on which the test suite checks the
    statement by both methods (keep it to a second), so that registering a theorem adds
    its own test.

    On the ruleset's own positions (``box="positions"``, for a ruleset whose positions
    are not heaps and which lists them with ``Ruleset.positions(size)``):
    ``make_claim(0, params)`` returns the claim function on a position as the ruleset
    writes it; ``heap_ok``, ``heaps_doc`` and ``default_heaps`` are left out; ``cap``
    bounds the size; ``test_box`` is ``(0, size)``.
    """

    name: str
    ruleset: str
    citation: str
    statement: str
    kind: str
    make_claim: Callable[[int, dict[str, Any]], Claim]
    test_box: tuple[int, int]
    box: str = "heaps"
    heap_ok: Callable[[int, dict[str, Any]], bool] | None = None
    heaps_doc: str = ""
    default_heaps: int | Callable[[dict[str, Any]], int] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    cap: int | None = None
    origin: str = "paper"
    note: str = ""
    #: a statement that search refutes: its smallest counterexample (by total size), what it claims, what is true
    refuted: tuple[tuple[int, ...], str, str] | None = None
    #: a statement about misère play (the player who makes the last move loses): checked against misère search
    misere: bool = False

    def __post_init__(self) -> None:
        """A record that cannot be verified is refused where it is written, naming the field."""
        where = f"theorem {self.name!r}"
        if self.box not in BOXES:
            raise ValueError(f"{where}: box={self.box!r} is not one of {', '.join(map(repr, BOXES))}")
        if self.kind not in ("outcome", "grundy"):
            raise ValueError(f"{where}: kind={self.kind!r} is not 'outcome' or 'grundy'")
        heap_fields = {
            "heap_ok": self.heap_ok,
            "heaps_doc": self.heaps_doc or None,
            "default_heaps": self.default_heaps,
        }
        if self.box == "heaps":
            missing = [k for k, v in heap_fields.items() if v is None]
            if missing:
                raise ValueError(
                    f"{where}: a theorem on heaps needs {', '.join(missing)} (or box='positions' for a "
                    "ruleset whose positions are not heaps)"
                )
        else:
            given = [k for k, v in heap_fields.items() if v is not None]
            if given:
                raise ValueError(
                    f"{where}: a theorem on the ruleset's positions (box='positions') takes no {', '.join(given)}"
                )

    @property
    def on_heaps(self) -> bool:
        """Whether the statement is about boxes of heaps (else about the ruleset's own positions)."""
        return self.box == "heaps"

    @property
    def domain(self) -> str:
        """The positions the statement is about, in words."""
        return self.heaps_doc if self.on_heaps else "its positions of size <= --max-heap"

    def heaps_default(self, params: dict[str, Any] | None = None) -> int | None:
        """The number of heaps verified when none is given (None for a theorem on the ruleset's positions)."""
        if self.default_heaps is None or isinstance(self.default_heaps, int):
            return self.default_heaps
        return self.default_heaps({**self.params, **(params or {})})

    def claim_for(self, n: int, params: dict[str, Any] | None = None) -> Claim:
        """The claim function on ``n`` sorted heaps (0: on a position, for a theorem on the ruleset's positions;
        parameters default to the theorem's)."""
        return self.make_claim(n, {**self.params, **(params or {})})

    def takes_heaps(self, n: int, params: dict[str, Any] | None = None) -> bool:
        """Whether ``n`` heaps are in the statement's domain (never, for a theorem on the ruleset's positions)."""
        return self.heap_ok is not None and self.heap_ok(n, {**self.params, **(params or {})})

    def check_heaps(self, n: int, params: dict[str, Any] | None = None) -> None:
        if not self.on_heaps:
            raise InvalidParameter(
                f"--heaps {n}: theorem {self.name} is about the positions of {self.ruleset}, not "
                "heaps (its box: every position of size <= --max-heap); leave out --heaps"
            )
        if not self.takes_heaps(n, params):
            raise InvalidParameter(
                f"theorem {self.name}: {n} heaps is outside its domain ({self.heaps_doc}); choose --heaps accordingly"
            )

    def describe(self) -> str:
        play = " [misère play]" if self.misere else ""
        return f"{self.name}{play}: {self.citation}: {self.statement}"

    def refutation(self) -> str | None:
        """One line on the smallest counterexample of a refuted statement, or None."""
        if self.refuted is None:
            return None
        pos, claimed, found = self.refuted
        return (
            f"REFUTED by search: smallest counterexample <{', '.join(map(str, pos))}>, "
            f"claimed {claimed}, search finds {found}"
        )


THEOREMS: list[Theorem] = []
_PLUGINS_LOADED: list[bool] = []


def register_theorem(theorem: Theorem, replace: bool = False) -> Theorem:
    """Add ``theorem`` to :data:`THEOREMS` (``replace``: a record of the same name is replaced, as on reloading)."""
    if not isinstance(theorem, Theorem):
        raise TypeError(f"{theorem!r} is not a sprague.theorems.Theorem")
    taken = [i for i, t in enumerate(THEOREMS) if t.name == theorem.name]
    if taken and not replace:
        raise ValueError(f"theorem name {theorem.name!r} is already taken")
    if taken:
        THEOREMS[taken[0]] = theorem
    else:
        THEOREMS.append(theorem)
    return theorem


def all_theorems() -> list[Theorem]:
    """Every theorem: the built-in ones, then those of installed plugins (entry points, loaded once)."""
    if not _PLUGINS_LOADED:
        _PLUGINS_LOADED.append(True)
        for where, obj in entry_point_objects(THEOREM_GROUP):
            if isinstance(obj, Theorem):
                register_theorem(obj, replace=True)
            else:
                warnings.warn(
                    f"plugin {where} of {THEOREM_GROUP} is not a Theorem record; skipped", PluginWarning, stacklevel=2
                )
    return THEOREMS


def find_theorem(name: str) -> Theorem:
    """The registered theorem called ``name``."""
    key = name.strip().lower()
    for t in all_theorems():
        if t.name == key:
            return t
    import difflib

    close = difflib.get_close_matches(key, [t.name for t in THEOREMS], n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownRuleset(f"unknown theorem {name!r}{hint} ('sprague verify --list' shows every theorem)")


def _register_builtins() -> None:
    """Import every module of this package: each registers its theorems (a new family is one new file)."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_register_builtins()
