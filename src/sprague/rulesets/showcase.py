"""The games sprague's own tours and warm-ups use, declared here so that no module outside the rulesets names one.

``sprague tour`` walks through the games of the Nim handout (:data:`HANDOUT`);
``sprague warm-up`` runs one small job through every compiled kernel, each with the
games that use it (:data:`KERNEL_JOBS`, :data:`VERIFY`); the web server's workers
compute, besides every ruleset's example, a sequence, a table and a discovery
(:data:`PAGE_EXAMPLES`). The callers take these from here and ask the registry for
nothing by name.

>>> HANDOUT.nim.name, HANDOUT.grundys_game.name
('nim', 'grundys-game')
>>> [job for job, _ in KERNEL_JOBS][:2]
['take-and-break sequences (naive and sparse-space)', 'take-and-break codes of three or more heaps']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from sprague.kernels import config
from sprague.rulesets.catalogue import GrundysGame
from sprague.rulesets.chomp import Chomp
from sprague.rulesets.cram import Cram
from sprague.rulesets.delete import AllButOneDelete, DeleteNim, SingleDelete
from sprague.rulesets.generalized_wythoff import NimHof
from sprague.rulesets.hackenbush import GreenHackenbush
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.nim import Nim, Wythoff
from sprague.rulesets.subtraction import AllBut, InfiniteSubtraction, Subtraction
from sprague.rulesets.takebreak import TakeBreak
from sprague.rulesets.turning import Spawning
from sprague.rulesets.turtles import TurningTurtles
from sprague.solve.ruleset import Ruleset

__all__ = ["Handout", "HANDOUT", "KERNEL_JOBS", "VERIFY", "PAGE_EXAMPLES"]


@dataclass(frozen=True)
class Handout:
    """The games of F. Rodriguez-Villegas's Nim handout (002), by its sections and homework."""

    #: section 1 (Bouton's theorem) and section 2 (games as graphs)
    nim: type[Nim]
    #: section 3, sections 4-5 and homework 2-4: subtraction games (parameter S)
    subtraction: type[Subtraction]
    #: homework 5
    turning_turtles: type[TurningTurtles]
    #: homework 6
    green_hackenbush: type[GreenHackenbush]
    #: homework 7
    grundys_game: type[Ruleset]


HANDOUT = Handout(
    nim=Nim,
    subtraction=Subtraction,
    turning_turtles=TurningTurtles,
    green_hackenbush=GreenHackenbush,
    grundys_game=GrundysGame,
)


def _sequences() -> None:
    # past the naive prefix: the sparse kernel too
    cast(HeapRuleset, GrundysGame()).sequence(3 * config.TAKE_BREAK_PREFIX)


def _generic_codes() -> None:
    TakeBreak(code="0.F").sequence(200)


def _subtraction() -> None:
    Subtraction(S={1, 2, 5}).sequence(200)
    AllBut(S={4, 8}).sequence(200)
    InfiniteSubtraction(S="squares").sequence(200)


def _turning() -> None:
    Spawning(code="2-3").sequence(100)


def _rays() -> None:
    NimHof(R="1,1;2,0").table(12, heaps=2)


def _boxes() -> None:
    for cls in (SingleDelete, DeleteNim, AllButOneDelete):
        heaps = cls.heaps or 3
        for values in ("outcome", "grundy"):
            cls().table(12, heaps=heaps, values=values)


def _boards() -> None:
    chomp = Chomp()
    bar = chomp.parse_position(["3x4"])
    chomp.grundy(bar), chomp.outcome(bar, misere=True)
    Cram().computed_grundy(("...", "..#", "..."))


#: what ``sprague warm-up`` runs through the kernels of the rulesets, by name (it adds the kernels' own jobs)
KERNEL_JOBS: list[tuple[str, Callable[[], Any]]] = [
    ("take-and-break sequences (naive and sparse-space)", _sequences),
    ("take-and-break codes of three or more heaps", _generic_codes),
    ("subtraction games (finite, all-but, infinite)", _subtraction),
    ("turning games", _turning),
    ("Nimhof rays", _rays),
    ("boxes of the Delete family (search, sieve, split memo)", _boxes),
    ("board games (Chomp's table, Cram's regions)", _boards),
]

#: the theorem (:mod:`sprague.theorems`) whose verification runs verify's local check and compiled claims, and
#: the bound: its ruleset's boxes have compiled kernels
VERIFY: tuple[str, int] = (f"{SingleDelete.name}-3", 12)

#: besides every ruleset's example, what the web server's workers compute before their first request
#: (``sprague.web.warm``), as (ruleset name, parameters): a sequence, a table of two heaps, a discovery
PAGE_EXAMPLES: dict[str, tuple[str, dict[str, Any]]] = {
    "sequence": (TakeBreak.name, {"code": "0.137"}),
    "table": (Wythoff.name, {}),
    "discover": (DeleteNim.name, {}),
}
