"""A user's claim (or a theorem's) as integer codes the checks compare: outcomes, Grundy values, loopy values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from sprague.core.loopy import Infinite, LoopyValue, parse_value
from sprague.errors import InvalidParameter
from sprague.verify.report import position_text

__all__ = ["claim_codes", "intern_value", "LOOPY_VALUES"]


def claim_codes(
    claim: Callable[[Any], Any], kind: str, heap_game: bool = True, loopy: bool = False
) -> Callable[[Any], int]:
    """A user's claim as int codes (0 P, 1 N, 2 D, -1 nothing claimed; or Grundy values).

    A heap game's claim gets the heaps as a tuple sorted ascending, any other the position itself.
    A loopy game's claim may say ``"D"`` (a draw), and its values may be ``∞{K}``
    (:class:`~sprague.core.loopy.Infinite`, or the text); they are coded by :func:`intern_value`.
    """

    def code(h: Any) -> int:
        try:
            v = claim(tuple(h) if heap_game else h)
        except KeyboardInterrupt:  # Ctrl-C still stops the run
            raise
        except BaseException as exc:  # the user's code (sys.exit too): one line naming the position, not a traceback
            name = getattr(claim, "__qualname__", None) or getattr(claim, "__name__", None) or repr(claim)
            how = " (it called sys.exit)" if isinstance(exc, SystemExit) else ""
            raise InvalidParameter(
                f"the claim raised {type(exc).__name__}{f': {exc}' if str(exc) else ''}{how} at "
                f"{position_text(h)}; fix the claim {name} (it is called with each position "
                "of the box)"
            ) from None
        if v is None:
            return -1
        if kind == "grundy" and loopy:
            return intern_value(parse_value(v) if isinstance(v, str) else v, h)
        if loopy and v == "D":
            return 2
        if kind == "grundy":
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                raise InvalidParameter(
                    f"the claim returned {v!r} for {position_text(h)}; a Grundy claim returns an int >= 0 or None"
                )
            return int(v)
        if v is True or v == "P":
            return 0
        if v is False or v == "N":
            return 1
        raise InvalidParameter(
            f"the claim returned {v!r} for {position_text(h)}; an outcome claim returns 'P', 'N', "
            f"{chr(39) + 'D' + chr(39) + ', ' if loopy else ''}True (P), False (N) or None"
        )

    return code


#: the values of loopy games met by verify, each coded by its place here (:func:`intern_value`)
LOOPY_VALUES: list[LoopyValue] = []
_LOOPY_CODES: dict[LoopyValue, int] = {}


def intern_value(value: Any, where: Any = None) -> int:
    """The code of a loopy value (a nimber or ``∞{K}``): its place in :data:`LOOPY_VALUES`."""
    ok = isinstance(value, Infinite) or (
        isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 0
    )
    if not ok:
        raise InvalidParameter(
            f"the claim returned {value!r} for {position_text(where)}; a claim about a loopy "
            "game's values returns a nimber, an Infinite (sprague.parse_value('∞{0,2}')) or its "
            "text, or None"
        )
    value = value if isinstance(value, Infinite) else int(value)
    if value not in _LOOPY_CODES:
        _LOOPY_CODES[value] = len(LOOPY_VALUES)
        LOOPY_VALUES.append(value)
    return _LOOPY_CODES[value]
