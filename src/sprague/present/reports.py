"""The JSON reports of ``sprague value/moves/sequence/table --json``, shared by the command line and the web API.

Each function takes a ruleset (or rulesets) and plain arguments, does the work
within ``max_positions``, and returns a JSON-ready dict (plus, where the command
line prints more, what it needs for its text). :mod:`sprague.present.text`
renders the same results as the text the command line prints.

Examples
--------
>>> import sprague
>>> value_report(sprague.ruleset("nim"), (3, 5, 6))["outcome"]
'P'
>>> [o["position"] for o in moves_report(sprague.ruleset("nim"), (1, 2))["options"] if o["winning"]]
[[1, 1]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from sprague.analysis.periodicity import Periodicity, find_period
from sprague.core.budget import DEFAULT_MAX_WORK, REMOTENESS_SHARE, active, share
from sprague.core.budget import budget as open_budget
from sprague.core.limits import DEFAULT_MAX_POSITIONS, refuse_if_too_large
from sprague.core.loopy import loopy_outcome, value_json
from sprague.core.parsing import parse_int
from sprague.errors import InvalidParameter, TooLarge
from sprague.present.sources import cite
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.shapes import examples, heap_game, one_heap
from sprague.rulesets.shapes import min_heap as smallest_heap
from sprague.rulesets.sums import Sum
from sprague.solve.remoteness import remoteness as search_remoteness
from sprague.solve.ruleset import Ruleset
from sprague.solve.sequence import at_most

if TYPE_CHECKING:
    from sprague.cache import Cache

__all__ = [
    "list_report",
    "header",
    "value_report",
    "moves_report",
    "check_sequence",
    "sequence_report",
    "grid_report",
    "heap_table_report",
    "GridReport",
    "theorems_report",
    "cache_report",
    "genus_sequence_report",
    "describe_report",
]


def list_report() -> list[dict[str, Any]]:
    """What ``sprague list --json`` prints: each registered ruleset's name, aliases, parameters, source, example."""
    from sprague.rulesets import all_rulesets

    return [
        {
            "name": cls.name,
            "aliases": list(cls.aliases),
            "parameters": {p.name: p.doc for p in cls.parameters},
            "closed_form": cls.closed_form,
            "source": cls.source,
            "reference": cite(cls.source),
            "example": " ".join([cls.name, *(f"-p {p.name}=..." for p in cls.parameters), *cls.example]),
            "relations": _catalogue_relations(cls),
        }
        for cls in all_rulesets()
    ]


def _catalogue_relations(cls: type[Ruleset]) -> list[str]:
    """A named game's relations to the other named games (equal codes, first cousins), from its
    ``catalogue_relations`` hook."""
    if cls.parameters or not cls.preset:
        return []
    return cls().catalogue_relations()


def describe_report(r: Ruleset) -> dict[str, Any]:
    """What ``sprague describe --json`` prints: the rules in words, and the games known to be the same.

    ``rules`` comes from the ruleset's ``rules_text()`` where it has one, else from its documentation;
    ``relations`` from its ``relations()`` (take-and-break codes: equal codes, first cousins): hooks declared
    with their defaults on :class:`~sprague.core.ruleset.Rules`.

    >>> import sprague
    >>> describe_report(sprague.ruleset("takebreak", code="0.770"))["relations"][0]
    '0.770 is 0.77'
    """
    return {
        **header(r),
        "describe": r.describe(),
        "rules": r.rules_text(),
        "relations": r.relations(),
        "source": r.source,
    }


def header(r: Ruleset) -> dict[str, Any]:
    """``{"ruleset": name, "params": {...}}``, the first keys of every report."""
    return {"ruleset": r.name, "params": r.params_json()}


def value_report(
    r: Ruleset, pos: Any, method: str = "auto", max_positions: int | None = None, misere: bool = False
) -> dict[str, Any]:
    """What ``sprague value --json`` prints: position, grundy (None if not computed), outcome, method, note;
    ``drawing``, the board the web page draws to click, for a game that has one.

    Under misère play (``misere``) the outcome is the misère outcome and ``misere_grundy``
    (Conway's g-) replaces ``grundy``.

    >>> import sprague
    >>> value_report(sprague.ruleset("nim"), (1, 1, 1), misere=True)["outcome"]
    'P'
    """
    ev = r.evaluate(pos, method, max_positions, misere=misere)
    data = {
        **header(r),
        "position": r.position_to_json(ev.position),
        _value_key(misere): value_json(ev.grundy),
        "outcome": ev.outcome,
        "misere": misere,
        "method": ev.method,
    }
    if ev.note:
        data["note"] = ev.note
    drawn = r.drawing(ev.position)
    if drawn is not None:  # the board the page draws to click (Rules.drawing)
        data["drawing"] = drawn
    if not misere and ev.method.startswith("closed form"):
        worked = r.closed_explanation(ev.position)
        if worked:
            data["explanation"] = worked
    parts = None if misere else _heap_values(r, ev.position, method, max_positions)
    if parts is not None:
        data["heap_values"] = parts
    return data


def _heap_values(r: Ruleset, pos: Any, method: str, max_positions: int | None) -> list[int] | None:
    """The Grundy value of each heap of a game played on independent heaps (their nim-sum is the position's),
    or None for other games and when a heap's value is not computed within the limit."""
    if not one_heap(r) or len(pos) < 2:
        return None
    try:
        values = [r.evaluate((h,), method, max_positions).grundy for h in pos]
    except TooLarge:
        return None
    ints = [v for v in values if isinstance(v, int)]
    return ints if len(ints) == len(values) else None


def _value_key(misere: bool) -> str:
    """The key of the value in a report: ``grundy``, or ``misere_grundy`` (g-) under misère play."""
    return "misere_grundy" if misere else "grundy"


def moves_report(
    r: Ruleset,
    pos: Any,
    method: str = "auto",
    max_positions: int | None = None,
    max_options: int = 2000,
    misere: bool = False,
    remoteness: bool = False,
) -> dict[str, Any]:
    """What ``sprague moves --json`` prints; each option also has ``"text"``, the position as typed.

    For a game drawn as a board to click, ``"drawing"`` (the board) and each option's ``"targets"`` (the board's
    elements that play it: :meth:`~sprague.core.ruleset.Rules.move_targets`).

    Every option is listed when there are at most ``max_options``; else only the
    winning ones (or one, constructed by the theorem, when even those are too many).
    With ``remoteness`` the position and each option get ``"remoteness"`` (moves to the
    end with perfect play, :mod:`sprague.solve.remoteness`), None with a
    ``"remoteness_note"`` when the game graph is over the limit.
    """
    pos = r.check_position(pos)
    ev = r.evaluate(pos, method, max_positions, misere=misere)
    count = r.option_count(pos)
    limit = max(1, max_options)
    listed_all = count is None or count <= limit
    one_only = False
    if listed_all:
        opts = r.options(pos, max_options=max(limit, max_positions or 0))
        winning = set(r.winning_moves(pos, method, max_positions, misere=misere)) if ev.outcome == "N" else set()
        drawing = set(r.drawing_moves(pos, method, max_positions)) if ev.outcome == "D" else set()
    else:
        try:
            opts = r.winning_moves(pos, method, max_positions, misere=misere)
        except TooLarge:  # too many to list them all: one constructed by the theorem
            move = r.winning_move(pos, method, max_positions, misere=misere)
            opts = [] if move is None else [move]
            one_only = True
        winning, drawing = set(opts), set()
    rows = []
    for o in opts:
        sub = r.evaluate(o, method, max_positions, misere=misere)
        rows.append(
            {
                "move": r.describe_move(pos, o),
                "position": r.position_to_json(o),
                "text": r.format_position(o),
                _value_key(misere): value_json(sub.grundy),
                "outcome": sub.outcome,
                "winning": o in winning,
                **({"drawing": o in drawing} if r.loopy else {}),
            }
        )
    data = {
        **header(r),
        "position": r.position_to_json(pos),
        _value_key(misere): value_json(ev.grundy),
        "outcome": ev.outcome,
        "misere": misere,
        "method": ev.method,
        "option_count": count if count is not None else len(opts),
        "all_options_listed": listed_all,
        "all_winning_moves_listed": not one_only,
        "options": rows,
    }
    _add_targets(r, pos, opts, data)
    if remoteness and r.loopy:  # the remoteness of a short game; a loopy game's draws have none
        data["remoteness"] = None
        data["remoteness_note"] = "not computed: remoteness is computed for short games only, and this game is loopy"
        for row in data["options"]:
            row["remoteness"] = None
    elif remoteness:
        _add_remoteness(r, pos, opts, data, max_positions, misere)
    return data


def _add_targets(r: Ruleset, pos: Any, opts: list[Any], data: dict[str, Any]) -> None:
    """For a position drawn as a board to click (:meth:`~sprague.core.ruleset.Rules.drawing`): ``drawing``, and
    each option's ``targets``, the ids of the board's elements a click on which plays it."""
    drawn = r.drawing(pos)
    if drawn is None:
        return
    data["drawing"] = drawn
    if drawn["kind"] != "text":
        for row, o in zip(data["options"], opts):
            row["targets"] = r.move_targets(pos, o)


def _add_remoteness(
    r: Ruleset, pos: Any, opts: list[Any], data: dict[str, Any], max_positions: int | None, misere: bool
) -> None:
    """``remoteness`` of the position and of each option row, by one search within the limit (or None, noted)."""
    try:
        with share(REMOTENESS_SHARE) if active() else open_budget(work=DEFAULT_MAX_WORK // REMOTENESS_SHARE):
            (_, here), there = search_remoteness(r, pos, opts, max_positions, misere)
    except TooLarge as e:
        data["remoteness"] = None
        data["remoteness_note"] = f"not computed in its share (1/{REMOTENESS_SHARE}) of the work budget: {e}"
        for row in data["options"]:
            row["remoteness"] = None
        return
    data["remoteness"] = here
    for row, (_, moves) in zip(data["options"], there):
        row["remoteness"] = moves


def loopy_sequence_report(r: Ruleset, to: int, max_positions: int | None = None) -> dict[str, Any]:
    """What ``sprague sequence --json`` prints for a loopy heap game: gamma of the heaps 0..``to`` and their outcomes.

    Each heap's graph is searched within the work limit (the memo makes the graphs of
    smaller heaps free); more heaps than the limit are refused before they start.

    >>> import sprague
    >>> loopy_sequence_report(sprague.ruleset("square-but-one"), 5)["values"]
    [0, 1, '∞{1}', '∞{}', '∞{0}', 0]
    """
    limit = max_positions or DEFAULT_MAX_POSITIONS
    refuse_if_too_large(f"the values of {r.name} for heaps 0..{to:,}", to + 1, limit)
    values = [r.grundy((h,), "auto", limit) for h in range(to + 1)]
    return {
        **header(r),
        "to": to,
        "values": [value_json(v) for v in values],
        "outcomes": "".join(loopy_outcome(v) for v in values),
    }


def check_sequence(r: Ruleset, to: int) -> HeapRuleset:
    """``r`` as a one-heap game, with ``to`` checked; raise :class:`InvalidParameter` otherwise."""
    if not one_heap(r):
        raise InvalidParameter(
            f"'sequence' needs a one-heap game such as {examples('one-heap', 4)}; "
            f"{r.name!r} is not played on independent single heaps"
        )
    if to < 0:
        raise InvalidParameter(f"--max-heap must be a non-negative heap size, got {to}")
    return r


_CERTIFY_WITHIN = 1 << 16  # values a sequence report may compute to prove a period of a shorter sequence
_STAIR_HEIGHTS = 64  # the largest h a sequence report tries for an h-stair


def _sequence_structure(r: HeapRuleset, values: Sequence[int] | np.ndarray, limit: int | None) -> Periodicity | None:
    if r.certifies_periods:
        # a certificate from at most max(n, 2^16) values: a short sequence may be extended (cheaply) to prove
        # its period; a long one never computes a value past those asked for
        most = max(len(values), _CERTIFY_WITHIN)
        budget = r.sequence_cost(most) or 0
        try:
            with at_most(r, most):
                result: Periodicity | None = r.periodicity(min(limit or DEFAULT_MAX_POSITIONS, max(budget, 1)))
            if result is not None:
                return result
        except TooLarge:  # no certificate within the limit: say what the prefix shows
            pass
    return find_period(values, arithmetic=True)  # observed on the prefix, not proved


def _stairs(
    r: HeapRuleset, values: Sequence[int] | np.ndarray, per: Periodicity | None, limit: int | None
) -> dict[str, Any] | None:
    """The largest h > 1 (up to ``_STAIR_HEIGHTS`` = 64) for which the sequence is an h-stair, its base, and
    whether that is proved."""
    from sprague.analysis.stairs import certified_stair, stair_base, stair_heights, stair_proof_length

    heights = [h for h in stair_heights(values, _STAIR_HEIGHTS) if h > 1]
    if not heights:
        return None
    h = heights[-1]
    certified = False
    if per is not None and per.certified:
        full = r.sequence(max(len(values), stair_proof_length(per, h)), limit, compact=True)
        certified = certified_stair(full, per, h) is not None
    return {"h": h, "heights": heights, "base": stair_base(values, h), "certified": certified}


def sequence_report(
    r: HeapRuleset, values: Sequence[int] | np.ndarray, max_positions: int | None = None
) -> tuple[dict[str, Any], Periodicity | None]:
    """What ``sprague sequence --json`` prints for the values ``r.sequence(to + 1)``, and the period found.

    Keys: values (as given: a list, or an array the caller turns into JSON), stairs, structure (None, or the
    kind with period, preperiod, saltus, certified and certificate).
    """
    per = _sequence_structure(r, values, max_positions)
    stairs = _stairs(r, values, per, max_positions)
    data: dict[str, Any] = {**header(r), "values": values, "stairs": stairs}
    if per is None:
        data["structure"] = None
    else:
        data.update(
            {
                "structure": per.kind,
                "period": per.period,
                "preperiod": per.preperiod,
                "saltus": per.saltus,
                "certified": per.certified,
                "certificate": per.certificate,
            }
        )
    return data, per


def genus_sequence_report(r: HeapRuleset, to: int, max_positions: int | None = None) -> dict[str, Any]:
    """What ``sprague sequence --misere --json`` prints: the genus of every heap 0..``to`` (Conway; WW ch. 13).

    Keys: misere (True), to, genera (each ``{"g", "superscript", "text", "kind", ...}``),
    misere_values (g- of each heap), first_not_tame and counts (heaps of each class).

    >>> import sprague
    >>> data = genus_sequence_report(sprague.ruleset("kayles"), 6)
    >>> [g["text"] for g in data["genera"]], data["first_not_tame"], data["counts"]["restless"]
    (['0^120', '1^031', '2^20', '3^31', '1^031', '4^146', '3^31'], 5, 1)
    """
    seq = r.genus_sequence(to + 1, max_positions)
    return {**header(r), "to": to, **seq.to_json()}


class GridReport:
    """A two-heap grid: ``data`` (the JSON of ``sprague table --json``), the heaps and the axis titles."""

    def __init__(self, data: dict[str, Any], heaps: list[int], col_title: str, row_title: str) -> None:
        self.data = data
        self.heaps = heaps
        self.col_title = col_title
        self.row_title = row_title


def grid_report(
    games: Sequence[Ruleset],
    max_heap: int,
    min_heap: int | None = None,
    values: str = "outcome",
    method: str = "auto",
    max_positions: int | None = None,
    fixed: str = "",
    use_cache: Callable[[], None] | None = None,
    *,
    misere: bool = False,
) -> GridReport:
    """The grid of ``sprague table``: a sum of two heap games, or the two-heap positions of one game.

    Cells are ``table[row][column]`` with rows ``y`` and columns ``x`` both over
    ``min_heap..max_heap``; ``values`` is ``"outcome"`` (P/N) or ``"grundy"``.
    With ``misere=True``, misère outcomes or misère Grundy values g-, cell by cell
    (a sum is searched as a whole: no nim-sum holds under misère play); the JSON
    says ``"misere": true``.
    """
    from sprague.viz.table import grid

    if min_heap is None:
        min_heap = max(smallest_heap(g) for g in games)
    if min_heap < 0 or max_heap < min_heap:
        raise InvalidParameter(f"need 0 <= --min <= --max, got --min {min_heap} --max {max_heap}")
    side = max_heap - min_heap + 1  # every cell is a position to evaluate: refused before the heaps are listed
    refuse_if_too_large(f"a table of {side:,} x {side:,} cells", side * side, max_positions or DEFAULT_MAX_POSITIONS)
    heaps = list(range(min_heap, max_heap + 1))
    if len(games) == 2:
        game: Ruleset = Sum(*games)
        col_title, row_title = games[0].describe(), games[1].describe()

        def position(x: int, y: int) -> Any:
            return ((x,), (y,))
    elif len(games) == 1:
        game = games[0]
        held = tuple(parse_int(h) for h in fixed.replace(",", " ").split())
        rest = "".join(f" {h}" for h in held)
        col_title, row_title = f"{game.describe()}: x (positions x y{rest})", "y"

        def position(x: int, y: int) -> Any:
            return (x, y, *held)
    else:
        raise InvalidParameter(f"'table' takes one two-heap game or two heap games, got {len(games)}")
    if fixed and len(games) != 1:
        raise InvalidParameter("--fixed goes with one game (a slice of its positions), not with a sum of two games")
    want_grundy = values == "grundy"
    table = None
    if len(games) == 1 and not fixed and heap_game(game) and method == "auto":
        if use_cache is not None:
            use_cache()
        table = game.table(
            max_heap, heaps=2, values=values, min_heap=min_heap, max_positions=max_positions, misere=misere
        )

    def value_fn(y: int, x: int) -> Any:
        if table is not None:
            return table[x, y]
        p = position(x, y)
        if want_grundy:
            return game.grundy(p, method, max_positions, misere=misere)
        return game.outcome(p, method, max_positions, misere=misere)

    cells = grid(value_fn, heaps, heaps)
    data = {
        "games": [header(g) for g in games],
        "rows": heaps,
        "columns": heaps,
        "values": values,
        "misere": misere,
        "table": cells,
    }
    return GridReport(data, heaps, col_title, row_title)


def heap_table_report(
    game: Ruleset,
    max_heap: int,
    heaps: int,
    values: str = "grundy",
    min_heap: int | None = None,
    max_positions: int | None = None,
    progress: Callable[[int], Any] | None = None,
    *,
    misere: bool = False,
    p_offset: int = 0,
    p_limit: int = 1000,
    rows_offset: int = 0,
    rows_limit: int = 0,
    workers: int | None = None,
    scheduler: Any = None,
) -> tuple[Any, dict[str, Any]]:
    """``sprague table GAME --heaps K``: the :class:`~sprague.solve.table.Table` and its JSON summary.

    ``misere=True``: misère outcomes or misère Grundy values g- (the JSON says ``"misere": true``).
    ``p_positions`` lists the P-positions from number ``p_offset`` on, at most ``p_limit`` of them (a page);
    ``p_count`` says how many there are. With ``rows_limit`` the summary also has ``rows``: the
    positions from number ``rows_offset`` on, each as its heaps then its value (a page of the table).
    """
    if not heap_game(game):
        raise InvalidParameter(
            f"--heaps K takes one heap game, e.g. sprague table {examples('heaps', 1)} --heaps 4 --max-heap 64"
        )
    t = game.table(
        max_heap,
        heaps=heaps,
        values=values,
        min_heap=min_heap,
        max_positions=max_positions,
        progress=progress,
        misere=misere,
        workers=workers,
        scheduler=scheduler,
    )
    counts = t.counts()
    data = {
        **header(game),
        "heaps": t.heaps,
        "min_heap": t.min_heap,
        "max_heap": t.max_heap,
        "values": t.kind,
        "misere": t.misere,
        "positions": len(t),
        "method": t.method,
        "counts": {str(k): v for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))},
        "p_count": t.p_count(),
        "p_offset": p_offset,
        "p_positions": [list(p) for p in t.p_positions(p_offset, p_limit)],
    }
    if rows_limit:
        data["rows_offset"] = rows_offset
        stop = rows_offset + rows_limit
        data["rows"] = [
            [*p, t.show(v)] for p, v in zip(t.rows(rows_offset, stop).tolist(), t.values[rows_offset:stop].tolist())
        ]
    return t, data


def theorems_report() -> list[dict[str, Any]]:
    """What ``sprague verify --list --json`` prints: each registered theorem, its citation, domain and refutation."""
    from sprague.theorems import all_theorems

    return [
        {
            "name": t.name,
            "ruleset": t.ruleset,
            "citation": t.citation,
            "reference": cite(t.citation),
            "statement": t.statement,
            "kind": t.kind,
            "misere": t.misere,
            "box": t.box,
            "heaps": t.domain,
            "default_heaps": t.heaps_default(),
            "params": t.params,
            "origin": t.origin,
            "note": t.note,
            "refuted": t.refutation(),
        }
        for t in all_theorems()
    ]


def cache_report(cache: Cache) -> dict[str, Any]:
    """What ``sprague cache list --json`` prints: the cache's directory and each entry."""
    return {
        "directory": str(cache.directory),
        "entries": [
            {
                "path": str(e.path),
                "kind": e.kind,
                "key": e.key,
                "length": e.length,
                "shape": list(e.shape),
                "dtype": e.dtype,
                "nbytes": e.nbytes,
                "seconds": e.seconds,
                "created": e.created,
            }
            for e in cache.entries()
        ],
    }
