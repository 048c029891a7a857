"""Named games: one line each over a parameterised family, with a doc comment and a source.

After CGSuite's ``game/heap/constants.cgs`` (``Kayles := TakeAndBreak("0.77")``).
A named game is a ruleset like any other: ``sprague value kayles 10``,
``sprague.ruleset("dawsons-kayles").sequence(50)``, the web page's list.
Its parameters are fixed, so it takes none; ``sprague list`` shows what it is.

>>> import sprague
>>> kayles = sprague.ruleset("kayles")
>>> kayles, kayles.params["code"], kayles.sequence(12).tolist()
(sprague.ruleset('kayles'), '0.77', [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6])
"""

from __future__ import annotations

from typing import Any

from sprague.core.ruleset import Ruleset
from sprague.rulesets.takebreak import TakeBreak

__all__ = ["named", "GrundysGame", "Kayles", "DawsonsKayles", "DawsonsChess", "Officers", "Treblecross"]

ORDER = 35  #: where ``sprague list`` shows the named games (after their families)


def named(name: str, family: type[Ruleset], doc: str, source: str, aliases: tuple[str, ...] = (),
          example: tuple[str, ...] = (), **params: Any) -> type[Ruleset]:
    """A ruleset class called ``name``: ``family`` with ``params`` fixed (checked when the module loads)."""
    cls = type("".join(w.capitalize() for w in name.split("-")), (family,), {
        "__doc__": doc, "__module__": __name__, "name": name, "aliases": aliases, "source": source,
        "parameters": (), "preset_parameters": family.parameters, "preset": params,
        "example": example or family.example,
    })
    cls()  # a bad preset fails here, at import, not in a user's command
    return cls


GrundysGame = named("grundys-game", TakeBreak, "Grundy's game (take-and-break code 4!.0): split one heap into "
                    "two non-empty heaps of different sizes (Grundy 1939; handout 002 homework 7; Winning Ways "
                    "ch. 4). No closed formula is known, and the sequence is conjectured but not known to be "
                    "periodic; OEIS A002188 is the test data.",
                    "002 (handout) homework 7 -- Grundy 1939; OEIS A002188", aliases=("grundy", "grundys"),
                    example=("10",), code="4!.0")

Kayles = named("kayles", TakeBreak, "Kayles (octal 0.77): knock down one pin, or two adjacent pins, from a row "
               "(Dudeney 1908). Its values have period 12 from n = 71 (Guy & Smith 1956; Winning Ways ch. 4).",
               "-- Winning Ways ch. 4; Dudeney 1908; Guy & Smith 1956", code="0.77")

DawsonsKayles = named("dawsons-kayles", TakeBreak, "Dawson's Kayles (octal 0.07): knock down exactly two adjacent "
                      "pins. Its values are ultimately periodic with period 34 (Guy & Smith 1956; Winning Ways ch. 4).",
                      "-- Winning Ways ch. 4; Guy & Smith 1956", code="0.07")

DawsonsChess = named("dawsons-chess", TakeBreak, "Dawson's chess (octal 0.137; T. R. Dawson 1934), pawns on a 3 x n "
                     "board: the values of Dawson's Kayles shifted by one, G(n) = G_0.07(n + 1) (Winning Ways ch. 4).",
                     "-- Winning Ways ch. 4; T. R. Dawson 1934", code="0.137")

Officers = named("officers", TakeBreak, "Officers (octal 0.6): take one coin from a heap and leave the rest as one "
                 "or two non-empty heaps, so a lone coin is never taken (Winning Ways ch. 4).",
                 "-- Winning Ways ch. 4", code="0.6")

Treblecross = named("treblecross", TakeBreak, "Treblecross (octal 0.007): one-dimensional tic-tac-toe in which both "
                    "players write X and three in a row wins, played as a heap game (Winning Ways ch. 4).",
                    "-- Winning Ways ch. 4", code="0.007")
