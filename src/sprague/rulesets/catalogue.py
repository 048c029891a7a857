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

import sys
from typing import Any

from sprague.rulesets.subtraction import InfiniteSubtraction
from sprague.rulesets.takebreak import TakeBreak
from sprague.rulesets.turning import Turning
from sprague.solve.ruleset import Ruleset

__all__ = [
    "named",
    "GrundysGame",
    "Kayles",
    "DawsonsKayles",
    "DawsonsChess",
    "Officers",
    "Treblecross",
    "SubtractASquare",
    "MockTurtles",
    "Moebius",
    "Mogul",
    "Moidores",
    "Motley",
    "Twins",
    "Triplets",
    "Ruler",
    "MockTurtleFives",
    "TripletFives",
    "RulerFives",
    "Turnips",
    "Grunt",
    "Sym",
]

ORDER = 35  #: where ``sprague list`` shows the named games (after their families)


def named(
    name: str,
    family: type[Ruleset],
    doc: str,
    source: str,
    aliases: tuple[str, ...] = (),
    example: tuple[str, ...] = (),
    **params: Any,
) -> type[Ruleset]:
    """A ruleset class called ``name``: ``family`` with ``params`` fixed (checked when the module loads).

    The class belongs to the module that calls ``named`` (as :func:`collections.namedtuple` does), so that a
    plugin module defining games with it registers them (``sprague --plugin mygames.py``)."""
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    cls = type(
        "".join(w.capitalize() for w in name.split("-")),
        (family,),
        {
            "__doc__": doc,
            "__module__": module,
            "name": name,
            "aliases": aliases,
            "source": source,
            "parameters": (),
            "preset_parameters": family.parameters,
            "preset": params,
            "example": example or family.example,
        },
    )
    cls()  # a bad preset fails here, at import, not in a user's command
    return cls


GrundysGame = named(
    "grundys-game",
    TakeBreak,
    "Grundy's game (take-and-break code 4!.0): split one heap into "
    "two non-empty heaps of different sizes (Grundy 1939; handout 002 homework 7; Winning Ways "
    "ch. 4). No closed formula is known, and the sequence is conjectured but not known to be "
    "periodic; OEIS A002188 is the test data.",
    "002 (handout) homework 7 -- Grundy 1939; OEIS A002188",
    aliases=("grundy", "grundys"),
    example=("10",),
    code="4!.0",
)

Kayles = named(
    "kayles",
    TakeBreak,
    "Kayles (octal 0.77): knock down one pin, or two adjacent pins, from a row "
    "(Dudeney 1908). Its values have period 12 from n = 71 (Guy & Smith 1956; Winning Ways ch. 4).",
    "-- Winning Ways ch. 4; Dudeney 1908; Guy & Smith 1956",
    code="0.77",
)

DawsonsKayles = named(
    "dawsons-kayles",
    TakeBreak,
    "Dawson's Kayles (octal 0.07): knock down exactly two adjacent "
    "pins. Its values are ultimately periodic with period 34 (Guy & Smith 1956; Winning Ways ch. 4).",
    "-- Winning Ways ch. 4; Guy & Smith 1956",
    code="0.07",
)

DawsonsChess = named(
    "dawsons-chess",
    TakeBreak,
    "Dawson's chess (octal 0.137; T. R. Dawson 1934), pawns on a 3 x n "
    "board: the values of Dawson's Kayles shifted by one, G(n) = G_0.07(n + 1) (Winning Ways ch. 4).",
    "-- Winning Ways ch. 4; T. R. Dawson 1934",
    code="0.137",
)

Officers = named(
    "officers",
    TakeBreak,
    "Officers (octal 0.6): take one coin from a heap and leave the rest as one "
    "or two non-empty heaps, so a lone coin is never taken (Winning Ways ch. 4).",
    "-- Winning Ways ch. 4",
    code="0.6",
)

Treblecross = named(
    "treblecross",
    TakeBreak,
    "Treblecross (octal 0.007): one-dimensional tic-tac-toe in which both "
    "players write X and three in a row wins, played as a heap game (Winning Ways ch. 4).",
    "-- Winning Ways ch. 4",
    code="0.007",
)

SubtractASquare = named(
    "subtract-a-square",
    InfiniteSubtraction,
    "Subtract-a-square: remove a positive square number "
    "of tokens from one heap (Winning Ways ch. 4). S is infinite and the values are not known to "
    "be periodic; they are OEIS A014586.",
    "-- Winning Ways ch. 4; OEIS A014586",
    aliases=("take-a-square",),
    example=("30",),
    S="squares",
)


# coin-turning games of Winning Ways ch. 14 ("Turn and turn about"), by their turning codes
# (sprague.rulesets.turning; coins numbered 1, 2, ... from the left, as in CGSuite's Turning)
_WW14 = "-- Winning Ways ch. 14"
_ROW = ("THHTTHTH",)

MockTurtles = named(
    "mock-turtles",
    Turning,
    "Mock Turtles (turning code 1-3): turn one, two or three coins, the "
    "rightmost from heads to tails. A head at place n is worth the n-th odious number 1, 2, 4, 7, 8, "
    "11, ... (OEIS A000069; Winning Ways ch. 14).",
    f"{_WW14}; OEIS A000069",
    example=_ROW,
    code="1-3",
)

Moebius = named(
    "moebius",
    Turning,
    "Moebius (turning code 1-5): turn one to five coins, the rightmost from heads "
    "to tails; its strategy on 18 coins is Moebius transformations (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1-5",
)

Mogul = named(
    "mogul",
    Turning,
    "Mogul (turning code 1-7): turn one to seven coins, the rightmost from heads to "
    "tails; on 24 coins its P-positions come from the Golay code (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1-7",
)

Moidores = named(
    "moidores",
    Turning,
    "Moidores (turning code 1-9): turn one to nine coins, the rightmost from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1-9",
)

Motley = named(
    "motley",
    Turning,
    "Motley (turning code 1+): turn any number of coins, the rightmost from heads to "
    "tails; a head at place n is worth 2^(n-1) (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1+",
)

Twins = named(
    "twins",
    Turning,
    "Twins (turning code 2): turn exactly two coins, the rightmost from heads to tails; "
    "Turning Turtles one place to the right: a head at place n is worth n - 1 (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="2",
)

Triplets = named(
    "triplets",
    Turning,
    "Triplets (turning code 3): turn exactly three coins, the rightmost from "
    "heads to tails; Mock Turtles two places to the right, G(n) = odious(n - 2) (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="3",
)

Ruler = named(
    "ruler",
    Turning,
    "Ruler (turning code 1+C): turn any number of consecutive coins, the rightmost from "
    "heads to tails. A head at place n is worth the largest power of 2 dividing n: 1, 2, 1, 4, 1, 2, 1, "
    "8, ... (OEIS A006519; Winning Ways ch. 14).",
    f"{_WW14}; OEIS A006519",
    example=_ROW,
    code="1+C",
)

MockTurtleFives = named(
    "mock-turtle-fives",
    Turning,
    "Mock Turtle Fives (turning code 1-3C(5)): turn one to three "
    "coins within five adjacent ones, the rightmost from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1-3C(5)",
)

TripletFives = named(
    "triplet-fives",
    Turning,
    "Triplet Fives (turning code 3C(5)): turn exactly three coins within "
    "five adjacent ones, the rightmost from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="3C(5)",
)

RulerFives = named(
    "ruler-fives",
    Turning,
    "Ruler Fives (turning code 1-5C): turn one to five consecutive coins, "
    "the rightmost from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1-5C",
)

Turnips = named(
    "turnips",
    Turning,
    "Turnips (turning code 3E): turn exactly three equally spaced coins, the "
    "rightmost from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="3E",
)

Grunt = named(
    "grunt",
    Turning,
    "Grunt (turning code 4FS): turn four symmetrically arranged coins, one of them coin "
    "1, the rightmost from heads to tails: coins 1, 1 + a, n - a and n, so a head at n is a heap of n - 1 "
    "of Grundy's game, split into a and n - 1 - a unequal (Winning Ways ch. 14).",
    _WW14,
    example=("THTTHTHH",),
    code="4FS",
)

Sym = named(
    "sym",
    Turning,
    "Sym (turning code 1+S): turn any number of symmetrically arranged coins, the rightmost "
    "from heads to tails (Winning Ways ch. 14).",
    _WW14,
    example=_ROW,
    code="1+S",
)
