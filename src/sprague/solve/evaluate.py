"""Values, outcomes and winning moves of any ruleset: closed forms first, then search.

These are the algorithms behind :meth:`Ruleset.grundy <sprague.solve.ruleset.Ruleset.grundy>`,
``outcome``, ``options_with_value``, ``winning_moves``, ``winning_move``,
``evaluate`` and ``apply``; each function takes the ruleset first. The order in
which they consult a ruleset's hooks is the precedence table of
:mod:`sprague.core.ruleset`.

>>> import sprague
>>> from sprague.solve import evaluate
>>> evaluate.grundy(sprague.ruleset("nim"), (3, 5, 6))
0
"""

from __future__ import annotations

from typing import Any

from sprague.core.budget import BONUS_SHARE, POSITION_WORK, metered, refuse_if_sure, share
from sprague.core.limits import (
    DEFAULT_MAX_POSITIONS,
    MAX_OPTION_ENTRIES,
    RAISE_HINT,
    check_limit,
    format_size,
    refuse_if_too_large,
)
from sprague.core.loopy import Infinite, LoopyValue, loopy_outcome, parse_value
from sprague.core.parsing import as_int, check_misere
from sprague.core.ruleset import METHODS, Evaluation, Rules
from sprague.errors import IllegalMove, InvalidParameter, NoClosedForm, TooLarge
from sprague.solve.loopy import LoopySearch
from sprague.solve.search import OPTION_CHUNK, MexSearch, cut

__all__ = [
    "options",
    "grundy",
    "outcome",
    "options_with_value",
    "winning_moves",
    "winning_move",
    "drawing_moves",
    "evaluate",
    "apply",
    "search",
    "search_work",
    "refuse_search",
]

Position = Any


@metered
def options(r: Rules, position: Position, max_options: int = DEFAULT_MAX_POSITIONS) -> list[Position]:
    """Every option of ``position``, in a fixed order, without repeats (refused if too many to list)."""
    pos, max_options = r.check_position(position), check_limit(max_options, "max_options")
    what = f"listing the options of {r.format_position(pos)!s}"
    count = r.option_count(pos)
    refuse_if_too_large(what, count, max_options)
    if count is not None and isinstance(pos, tuple):  # each option is a tuple as long as the position
        refuse_if_too_large(what, count * len(pos), max(max_options, MAX_OPTION_ENTRIES))
    return list(dict.fromkeys(r.moves(pos)))


@metered
def grundy(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> Any:
    """The Grundy value of ``position`` (misère: g-; loopy: gamma): by a closed form where ``method`` allows one,
    else by search."""
    value = _misere_grundy if _check_misere(r, misere) else _grundy
    return value(r, r.check_position(position), _check_method(method), _set_limit(r, max_positions))


@metered
def outcome(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> str:
    """``"P"`` (previous player wins), ``"N"`` (next player wins) or, in a loopy game, ``"D"`` (a draw); under
    misère play with ``misere``."""
    find = _misere_outcome if _check_misere(r, misere) else _outcome
    return find(r, r.check_position(position), _check_method(method), _set_limit(r, max_positions))


@metered
def options_with_value(
    r: Rules,
    position: Position,
    value: Any,
    method: str = "auto",
    max_positions: int | None = None,
    misere: bool = False,
) -> list[Position]:
    """The options of ``position`` whose Grundy value (misère: g-; loopy: gamma, maybe ``∞(K)``) is ``value``."""
    pos, method, limit = r.check_position(position), _check_method(method), _set_limit(r, max_positions)
    if r.loopy and not isinstance(value, int):
        if not isinstance(value, (str, Infinite)):
            raise InvalidParameter(
                f"value {repr(value)[:80]} is not a loopy value; give a nimber such as 3, or "
                "infinity with its set, such as ∞{0,2} (sprague.parse_value)"
            )
        value = parse_value(value) if isinstance(value, str) else value
        return [o for o in options(r, pos, limit) if _grundy(r, o, method, limit) == value]
    value = as_int(value, "value")
    if _check_misere(r, misere):
        if method != "search" and value == 0 and r.misere_closed_outcome(pos) == "P":
            return []  # every option of a P-position is an N-position
        opts = options(r, pos, limit)
        if value == 0:
            return [o for o in opts if _misere_outcome(r, o, method, limit) == "P"]
        return [o for o in opts if _misere_grundy(r, o, method, limit) == value]
    if method != "search":
        if value == 0 and r.closed_outcome(pos) == "P":
            return []  # every option of a P-position is an N-position
        found = r.closed_options_with_value(pos, value)
        if found is None and method == "auto":
            found = r.computed_options_with_value(pos, value)
        if found is not None:
            return found
    opts = options(r, pos, limit)
    if value == 0:
        return [o for o in opts if _outcome(r, o, method, limit) == "P"]
    return [o for o in opts if _grundy(r, o, method, limit) == value]


@metered
def winning_moves(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> list[Position]:
    """The options that are P-positions; all of them, or :class:`TooLarge` when they are too many to list.

    In a loopy game the one labelled first comes first (:func:`~sprague.solve.loopy.label_graph`): always
    moving there ends the game, where another move to a P-position could go round a cycle.
    """
    try:
        found = options_with_value(r, position, 0, method, max_positions, misere)
        return _soonest_first(r, r.check_position(position), found, r.solver.limit) if r.loopy else found
    except TooLarge as exc:
        pos = r.check_position(position)
        if method == "search" or exc.estimate is None or _constructed_winning_move(r, pos, method, misere) is None:
            raise
        raise TooLarge(
            f"{r.name}: its options ({format_size(exc.estimate)}) are too many to list, so the "
            "winning moves cannot all be given; winning_move() constructs one from the theorem's proof "
            "('sprague moves' shows it)",
            estimate=exc.estimate,
            limit=exc.limit,
        ) from None


@metered
def winning_move(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> Position | None:
    """One winning move, constructed by a theorem where the ruleset has one, else found among the options."""
    pos, method, misere = r.check_position(position), _check_method(method), _check_misere(r, misere)
    _set_limit(r, max_positions)
    if method != "search":
        if (r.misere_closed_outcome(pos) if misere else r.closed_outcome(pos)) in ("P", "D"):
            return None  # every option of a P-position is N; a drawn position has no P-option either
        move = _constructed_winning_move(r, pos, method, misere)
        if move is not None:
            return move
    found = winning_moves(r, pos, method, max_positions, misere)
    return found[0] if found else None


def _soonest_first(r: Rules, pos: Position, found: list[Position], limit: int) -> list[Position]:
    """Winning moves of a loopy game, the one labelled first first (by the search's labelling of the game graph)."""
    if len(found) < 2:
        return found
    try:
        search(r, pos, limit)  # labels pos and everything it reaches, once (the memo answers after)
    except TooLarge:  # a closed form valued them, and the graph is over the limit: in the order listed
        return found
    times = r.solver.search.times
    return sorted(found, key=lambda o: times[r.canonical(o)])


@metered
def drawing_moves(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None
) -> list[Position]:
    """From a drawn position of a loopy game, the options that are drawn too (the moves that keep the draw)."""
    pos, method, limit = r.check_position(position), _check_method(method), _set_limit(r, max_positions)
    if not r.loopy or _outcome(r, pos, method, limit) != "D":
        return []
    return [o for o in options(r, pos, limit) if _outcome(r, o, method, limit) == "D"]


@metered
def evaluate(
    r: Rules, position: Position, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> Evaluation:
    """Outcome and, where it can be had within the limits, the Grundy value (misère: g-), with the method used."""
    pos, method, limit = r.check_position(position), _check_method(method), _set_limit(r, max_positions)
    if _check_misere(r, misere):
        return _misere_evaluate(r, pos, method, limit)
    if method != "search":
        g = r.closed_grundy(pos)
        if g is not None:
            return Evaluation(pos, loopy_outcome(g), g, r.closed_method(pos))
        o = r.closed_outcome(pos)
        if method == "closed":
            if o is None:
                raise _no_closed_form(r, pos)
            return Evaluation(
                pos,
                o,
                None,
                r.closed_method(pos),
                "no closed form gives the Grundy value here; use method 'auto' or 'search' for it",
            )
        g = r.computed_grundy(pos)
        if g is not None:
            return Evaluation(pos, loopy_outcome(g), g, r.computed_method(pos))
        if o is not None:
            try:
                with share(BONUS_SHARE):
                    g = search(r, pos, limit)
            except TooLarge as exc:
                return Evaluation(pos, o, None, r.closed_method(pos), f"Grundy value not computed: {exc}{_BONUS}")
            return Evaluation(pos, o, g, f"{r.closed_method(pos)}; Grundy value by search")
    g = search(r, pos, limit)
    return Evaluation(pos, loopy_outcome(g), g, "search")


_BONUS = (
    f" (the outcome being known, the value's search had 1/{BONUS_SHARE} of the work budget; --method search "
    "gives it all)"
)


@metered
def apply(r: Rules, position: Position, option: Position, max_positions: int | None = None) -> Position:
    """``option`` normalised, after checking that it is reachable from ``position`` in one move."""
    _set_limit(r, max_positions)
    pos = r.check_position(position)
    opt = r.check_position(option)
    verdict = r.is_move(pos, opt)
    if verdict is None:
        key = r.canonical(opt)
        verdict = any(o == opt or r.canonical(o) == key for o in options(r, pos))
    if verdict:
        return opt
    raise IllegalMove(
        f"{r.name}: {r.format_position(opt)!r} cannot be reached from {r.format_position(pos)!r} in one move"
    )


def _misere_evaluate(r: Rules, pos: Position, method: str, limit: int) -> Evaluation:
    """:func:`evaluate` under misère play: a theorem's g- or outcome, the ruleset's own outcome, else search."""
    if method != "search":
        g = r.misere_closed_grundy(pos)
        if g is not None:
            return Evaluation(pos, "P" if g == 0 else "N", g, r.misere_closed_method(pos), misere=True)
        o, how = r.misere_closed_outcome(pos), r.misere_closed_method(pos)
        if method == "closed" and o is None:
            raise _no_closed_form(r, pos, misere=True)
        if o is None and method == "auto":
            o, how = r.misere_computed_outcome(pos), r.misere_computed_method(pos)
        if o is not None:
            try:
                with share(BONUS_SHARE):
                    g = None if method == "closed" else search(r, pos, limit, misere=True)
            except TooLarge as exc:
                return Evaluation(pos, o, None, how, f"misère Grundy value not computed: {exc}{_BONUS}", misere=True)
            note = "no closed form gives the misère Grundy value here; use method 'auto' or 'search' for it"
            return Evaluation(
                pos,
                o,
                g,
                how if g is None else f"{how}; misère Grundy value by search",
                note if g is None else None,
                misere=True,
            )
    g = search(r, pos, limit, misere=True)
    return Evaluation(pos, "P" if g == 0 else "N", g, "search", misere=True)


def search(r: Rules, pos: Position, limit: int, misere: bool = False) -> Any:
    """The Grundy value (misère: g-; loopy: gamma) by memoised search of the game graph (the memo is kept on the
    ruleset)."""
    held = r.solver.misere_search if misere and not r.loopy else r.solver.search
    if held is None or r.canonical(pos) not in held.memo:  # (a value searched before is answered from the memo)
        refuse_search(r, pos, limit, f"brute-force search from {cut(str(r.format_position(pos)))}")
    if r.loopy:
        if r.solver.search is None:
            r.solver.search = LoopySearch(r.moves, r.canonical)
        return r.solver.search.value(pos, limit)
    if misere:
        if r.solver.misere_search is None:
            r.solver.misere_search = MexSearch(r.moves, r.canonical, misere=True, describe=r.format_position)
        return int(r.solver.misere_search.grundy(pos, limit))
    if r.solver.search is None:
        r.solver.search = MexSearch(r.moves, r.canonical, describe=r.format_position)
    return r.solver.search.grundy(pos, limit)


def search_work(r: Rules) -> int:
    """The steps (options listed) the searches of a loopy ruleset ``r`` have taken so far; 0 before the first."""
    return r.solver.search.work if isinstance(r.solver.search, LoopySearch) else 0


def refuse_search(r: Rules, pos: Position, limit: int, what: str) -> None:
    """Raise :class:`TooLarge` before a search of the game graph from ``pos`` that is sure to pass its budget.

    Only lower bounds refuse: the search visits every position reachable, at least ``r.least_positions(pos)`` of
    them (:data:`~sprague.core.budget.POSITION_WORK` units each), and lists every option of ``pos`` (one unit of
    work each, a tuple of its heaps in memory); the ruleset's ``estimate_positions`` is an upper bound and refuses
    nothing, as the search counts its positions and work as it goes and stops at the limit.
    """
    least = r.least_positions(pos)
    if least is not None and least > 1:
        if least > limit:
            raise TooLarge(
                f"{what} visits every position it reaches, at least {format_size(least)} of them, over the limit "
                f"of {limit:,} positions; {RAISE_HINT}",
                estimate=least,
                limit=limit,
            )
        refuse_if_sure(f"{what} (at least {format_size(least)} positions)", least * POSITION_WORK)
    count = r.option_count(pos)
    if count is None or count <= OPTION_CHUNK:
        return
    size = 64 + 8 * len(pos) if isinstance(pos, tuple) else 64  # an option: a tuple of pointers, at least
    refuse_if_sure(f"{what}: listing the {format_size(count)} options of the start", count, count * size)


def _set_limit(r: Rules, max_positions: int | None) -> int:
    """Check the work limit of a public call and keep it for the hooks (``r.solver.limit``)."""
    r.solver.limit = check_limit(max_positions)
    return r.solver.limit


def _tiers(r: Rules, pos: Position, method: str, closed: Any, computed: Any, misere: bool = False) -> Any:
    """Tier 1 (``closed``), then under ``auto`` tier 2 (``computed``); None leaves it to search."""
    if method == "search":
        return None
    found = closed(pos)
    if found is None and method == "closed":
        raise _no_closed_form(r, pos, misere)
    return found if found is not None else computed(pos)


def _grundy(r: Rules, pos: Position, method: str, limit: int) -> LoopyValue:
    g = _tiers(r, pos, method, r.closed_grundy, r.computed_grundy)
    if g is None:
        return search(r, pos, limit)
    return g if r.loopy else int(g)


def _outcome(r: Rules, pos: Position, method: str, limit: int) -> str:
    def computed(p: Position) -> str | None:
        g = r.computed_grundy(p)
        return None if g is None else loopy_outcome(g)

    o = _tiers(r, pos, method, r.closed_outcome, computed)
    if o is None:
        o = loopy_outcome(search(r, pos, limit))
    return str(o)


def _misere_grundy(r: Rules, pos: Position, method: str, limit: int) -> int:
    g = _tiers(r, pos, method, r.misere_closed_grundy, lambda p: None, misere=True)
    return search(r, pos, limit, misere=True) if g is None else int(g)


def _misere_outcome(r: Rules, pos: Position, method: str, limit: int) -> str:
    o = _tiers(r, pos, method, r.misere_closed_outcome, r.misere_computed_outcome, misere=True)
    if o is None:
        o = "P" if search(r, pos, limit, misere=True) == 0 else "N"
    return str(o)


def _constructed_winning_move(r: Rules, pos: Position, method: str, misere: bool = False) -> Position | None:
    """A winning move constructed without listing the options: by a theorem, or (``auto``) the ruleset's algorithm."""
    if misere:
        move = r.misere_closed_winning_move(pos)
        if move is None and method == "auto":
            move = r.misere_computed_winning_move(pos)
        return move
    move = r.closed_winning_move(pos)
    if move is None and method == "auto":
        move = r.computed_winning_move(pos)
    return move


def _check_misere(r: Rules, misere: Any) -> bool:
    if check_misere(misere) and not r.misere_play:
        raise InvalidParameter(
            f"{r.name} has no misère play (its play need not end, so no player surely makes "
            "the last move); drop --misere (Python: misere=False)"
        )
    return misere


def _check_method(method: str) -> str:
    if method not in METHODS:
        raise InvalidParameter(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    return method


def _no_closed_form(r: Rules, pos: Position, misere: bool = False) -> NoClosedForm:
    play = " under misère play" if misere else ""
    return NoClosedForm(
        f"{r.name}: no closed form applies to {r.format_position(pos)!r}{play}; use method 'search' or 'auto'"
    )
