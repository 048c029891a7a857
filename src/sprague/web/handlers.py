"""The work of each API endpoint, from the raw request body to the JSON answer; it runs in a worker process.

:func:`handle` is what the server's worker processes run: it decodes and
parses the body (UTF-8, JSON, then the endpoint's pydantic model), builds the
ruleset and the position, computes, and answers ``(status, JSON bytes)``. All
of it, parsing included, happens in the worker, so a request that is slow to
parse (a heap of a million digits, a huge subtraction set) is bounded by the
worker's time and memory limits and never holds the server's event loop.

Errors have one shape, ``{"detail": message, "field": name or null}`` (a
validation error adds ``"errors"``, pydantic's list): 400 for a body that is
not UTF-8 JSON, 422 for bad input (naming the field), 413 for work over the
limit. This module imports neither FastAPI nor the server (:mod:`sprague.web.app`
serves it).

Every endpoint that answers about positions (value, moves, sequence, table,
play) takes ``"misere": true`` for misère play (the player who makes the last
move loses) and says in its answer which convention it used (``"misere"``).
Under misère play the value is Conway's misère Grundy value g- (key
``misere_grundy`` in place of ``grundy``, as ``sprague value --misere --json``).

Examples
--------
>>> status, body = handle("value", b'{"ruleset": "nim", "position": [3, 5, 6]}', 1000)
>>> status, json.loads(body)["outcome"]
(200, 'P')
>>> status, body = handle("value", b'{"ruleset": nim', 1000)
>>> status, json.loads(body)["field"]
(400, 'body')
>>> status, body = handle("value", b'{"ruleset": "nim", "position": [1, 1, 1], "misere": true}', 1000)
>>> {k: json.loads(body)[k] for k in ("outcome", "misere_grundy", "misere")}
{'outcome': 'P', 'misere_grundy': 0, 'misere': True}
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from sprague import cache as _cache
from sprague.core.budget import MEMORY_HINT, TIME_HINT, WORK_HINT, budget
from sprague.core.limits import MAX_INT_DIGITS
from sprague.core.loopy import value_json
from sprague.errors import IllegalMove, InvalidParameter, InvalidPosition, SpragueError, TooLarge, UnknownRuleset
from sprague.present import (
    check_sequence,
    genus_sequence_report,
    grid_report,
    header,
    heap_table_report,
    list_report,
    moves_report,
    sequence_report,
    theorems_report,
    value_report,
)
from sprague.present.graph import MAX_GRAPH_POSITIONS, graph_report
from sprague.present.quotient import quotient_report
from sprague.rulesets import all_rulesets, find_ruleset, ruleset
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.shapes import examples, min_heap, one_heap, shape
from sprague.solve.move import Move
from sprague.solve.ruleset import Ruleset

__all__ = [
    "handle",
    "ApiError",
    "ErrorBody",
    "GameRequest",
    "MovesRequest",
    "RandomRequest",
    "SequenceRequest",
    "TableRequest",
    "PlayRequest",
    "QuotientRequest",
    "ReplayRequest",
    "VerifyRequest",
    "DiscoverRequest",
    "ENDPOINTS",
    "MAX_DISCOVER_HEAP",
    "MAX_QUOTIENT_WEB_HEAP",
    "MAX_GRID",
    "MAX_SEQUENCE",
    "MAX_VERIFY_HEAP",
    "rulesets_report",
    "theorems_report",
    "verify_theorem",
    "discover_rules",
    "dumps",
]

MAX_GRID = 200  #: largest side of a two-heap grid (``max - min + 1``)
MAX_SEQUENCE = 100_000  #: largest ``to`` of a sequence request
MAX_VERIFY_HEAP = 64  #: largest ``max_heap`` of a verify request (the box is also bounded by the work limit)
MAX_DISCOVER_HEAP = 64  #: largest ``max`` of a discover request (the data is also bounded by DISCOVER_MAX_ROWS)
MAX_QUOTIENT_WEB_HEAP = 200  #: largest ``max_heap`` of a quotient request (the work is also bounded by the budget)
WEB_DISCOVER_BUDGET = 1_000_000  #: work units of a page's rule search: a few seconds, within the time limit
WEB_DISCOVER_MEMORY = 256 * 2**20  #: bytes of values a page's rule search keeps (the worker's limit is larger)
EXAMPLE = '{"ruleset": "nim", "position": [3, 5, 6]}'  #: a request body, for the error messages

_NO_MOVE = object()


class ApiError(Exception):
    """An error answer: HTTP ``status`` with ``{"detail": message, "field": field}`` (plus ``extra`` keys)."""

    def __init__(self, status: int, message: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON answer."""
        return {"detail": self.message, "field": self.field, **self.extra}


class ErrorBody(BaseModel):
    """Every error answer: a message saying what to change, and the request field it is about."""

    detail: str = Field(description="what is wrong and how to fix it")
    field: str | None = Field(description="the request field the error is about ('body' for the body itself), or null")
    errors: list[Any] | None = Field(None, description="for 422 from validation: every problem found (pydantic's list)")


# ------------------------------------------------------------------ requests
Method = Literal["auto", "closed", "search"]


def _misere_field(
    description: str = "misère play: the player who makes the last move loses (default false: "
    "normal play, the player who makes the last move wins)",
) -> Any:
    """The ``misere`` field of a request: JSON true or false only (``"yes"`` or ``1`` is a 422)."""
    return Field(False, strict=True, description=description)


class Request(BaseModel):
    """A request body: a field the endpoint does not know is refused (422), never silently ignored."""

    model_config = ConfigDict(extra="forbid")


#: the most positions /api/game replays
MAX_REPLAY = 5000


class GameRequest(Request):
    """A ruleset, its parameters and a position."""

    ruleset: str = Field(description="a built-in ruleset name or alias, as in 'sprague list'")
    params: dict[str, Any] = Field(
        default_factory=dict, description='parameters, e.g. {"S": "1,2,5"} or {"S": [1, 2, 5]}'
    )
    position: Any = Field(description='heaps [3, 5, 6] (numbers or strings such as "10**100"), or a string "TTHHTHH"')
    method: Method = "auto"
    misere: bool = _misere_field()


class MovesRequest(GameRequest):
    max_options: int = Field(2000, ge=1, le=10_000, description="list every option when there are at most this many")
    remoteness: bool = Field(
        False,
        description="also the remoteness (moves to the end with perfect play) of the "
        "position and of each option, by a search within the work limit (null if over it)",
    )


class ReplayRequest(Request):
    """A game as a list of positions, the start first: each must be a move from the one before."""

    ruleset: str = Field(description="a built-in ruleset name or alias, as in 'sprague list'")
    params: dict[str, Any] = Field(default_factory=dict, description='parameters, e.g. {"S": "1,2,5"}')
    positions: list[Any] = Field(
        min_length=1, max_length=MAX_REPLAY, description="the positions of the game in order, each as in /api/value"
    )
    misere: bool = _misere_field()


class RandomRequest(Request):
    """A ruleset and its parameters, for a random starting position."""

    ruleset: str = Field(description="a built-in ruleset name or alias, as in 'sprague list'")
    params: dict[str, Any] = Field(default_factory=dict, description='parameters, e.g. {"S": "1,2,5"}')
    seed: int | None = Field(None, description="a seed, for the same position again")


class SequenceRequest(Request):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    max_heap: int = Field(
        100,
        ge=0,
        le=MAX_SEQUENCE,
        validation_alias=AliasChoices("max_heap", "to"),
        description="the largest heap: values of heaps 0..max_heap ('to' is accepted too)",
    )
    misere: bool = _misere_field(
        "misère play: the values are Conway's misère Grundy values g-(n) of single heaps "
        "(a period, if one shows, is only observed)"
    )


class TableRequest(Request):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    max_heap: int = Field(
        10, ge=0, validation_alias=AliasChoices("max_heap", "max"), description="largest heap ('max' is accepted too)"
    )
    min: int | None = Field(None, ge=0, description="smallest heap (default: the ruleset's smallest)")
    kind: Literal["outcome", "grundy"] = Field(
        "outcome",
        validation_alias=AliasChoices("kind", "values"),
        description="outcomes or Grundy values ('values' is accepted too)",
    )
    heaps: int | None = Field(
        None,
        ge=1,
        le=8,
        description="omit for the two-heap grid; K for the summary of all "
        "K-heap positions (as 'sprague table --heaps K')",
    )
    method: Method = "auto"
    second: str | None = Field(
        None,
        description="a second one-heap game: the grid of the sum (first game along "
        "the columns), as 'sprague table GAME1 GAME2'",
    )
    second_params: dict[str, Any] = Field(default_factory=dict, description="the second game's parameters")
    fixed: str = Field(
        "",
        description="more heaps held fixed, for a 2-heap slice of a multi-heap game, e.g. '3 5' "
        "(as 'sprague table GAME --fixed 3,5')",
    )
    misere: bool = _misere_field(
        "misère play: outcomes under misère play, and with values 'grundy' Conway's misère "
        "Grundy values g- (the two-heap grid only)"
    )
    p_offset: int = Field(0, ge=0, description="with heaps K: the first P-position listed (paging)")
    p_limit: int = Field(1000, ge=1, le=10_000, description="with heaps K: how many P-positions to list")
    rows_offset: int = Field(0, ge=0, description="with heaps K: the first position of the table listed (paging)")
    rows_limit: int = Field(
        0,
        ge=0,
        le=10_000,
        description="with heaps K: how many positions of the table to list with their values (0: none)",
    )


class VerifyRequest(Request):
    """A registered theorem checked against search on a small box, within the server's limits."""

    theorem: str = Field(description="a theorem name, as 'sprague verify --list' and GET /api/theorems give them")
    max_heap: int = Field(12, ge=0, le=MAX_VERIFY_HEAP, description="the box: heaps of at most this many tokens")
    heaps: int | None = Field(None, ge=1, le=8, description="heaps in each position (default: the theorem's)")


class DiscoverRequest(Request):
    """A bounded rule search on a table, as 'sprague discover --json' (the explorer's table on screen)."""

    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    heaps: int = Field(2, ge=1, le=8, description="heaps in each position of the data")
    max_heap: int = Field(
        10,
        ge=0,
        le=MAX_DISCOVER_HEAP,
        validation_alias=AliasChoices("max_heap", "max"),
        description="largest heap of the data ('max' is accepted too)",
    )
    kind: Literal["outcome", "grundy", "both"] = "both"
    budget: int = Field(
        WEB_DISCOVER_BUDGET,
        ge=1,
        le=WEB_DISCOVER_BUDGET,
        description="work units of each search (about a microsecond each)",
    )
    misere: bool = _misere_field(
        "misère play: rules fitted to the misère P-positions, or to Conway's misère Grundy "
        "values g- with kind 'grundy', and checked against misère values (as 'sprague "
        "discover --misere')"
    )


class QuotientRequest(Request):
    """The misère quotient of a one-heap game, as 'sprague quotient --json', with a typed sum read off it."""

    ruleset: str = Field(description="a one-heap ruleset or alias (kayles, dawsons-kayles, takebreak with a code)")
    params: dict[str, Any] = Field(default_factory=dict, description='parameters, e.g. {"code": "0.75"}')
    max_heap: int = Field(
        20, ge=0, le=MAX_QUOTIENT_WEB_HEAP, description="the quotient of the sums of heaps 0..max_heap"
    )
    position: Any = Field(
        None,
        description="a sum of heaps, e.g. [2, 3, 7] (each at most max_heap): its element, "
        "outcome and winning moves, read off the quotient",
    )


class PlayRequest(Request):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    position: Any = Field(description="the position before the user's move (or the computer's, if no move)")
    move: Any = Field(
        None,
        description="the position after the user's move, or the move as 'sprague moves' writes "
        'it ("heap 3: 7 -> 4"); omit to let the computer move',
    )
    mode: Literal["perfect", "random", "skilled", "hint", "none"] = Field(
        "perfect",
        description="the computer's play; 'hint': the winning moves instead; 'none': the move is only checked and "
        "made (two players at one screen)",
    )
    skill: float = Field(
        0.5, ge=0, le=1, description="mode 'skilled': the chance that each computer move is perfect (else it is random)"
    )
    seed: int | None = None
    misere: bool = _misere_field()


# ------------------------------------------------------------------ helpers
@contextlib.contextmanager
def _field(name: str) -> Iterator[None]:
    """Turn a bad-input error into HTTP 422 naming ``name`` (TooLarge passes through)."""
    try:
        yield
    except TooLarge:
        raise
    except SpragueError as exc:
        raise ApiError(422, str(exc), name) from None


def _ruleset(name: str, params: dict[str, Any], field: str = "ruleset", params_field: str = "params") -> Ruleset:
    if ":" in name:
        raise ApiError(
            422,
            f"ruleset {name!r}: the web API serves the built-in rulesets only (GET /api/rulesets lists them)",
            field,
        )
    with _field(field):
        cls = find_ruleset(name)
    custom = {p.name for p in cls.parameters if p.kind == "custom"}  # read from JSON by their own reader
    with _field(params_field):
        values = {
            k: ",".join(map(str, v))
            if k not in custom and isinstance(v, list) and all(isinstance(x, int) for x in v)
            else v
            for k, v in params.items()
        }
        for k, v in values.items():
            if isinstance(v, str) and v.strip().startswith("@"):  # a file of the server's machine: never read
                raise InvalidParameter(
                    f"{name}: {k}={v[:40]!r} names a file; the web API reads no files, give the "
                    "value itself (a digraph's edges as a>b,b>c)"
                )
        return ruleset(name, **values)


def _tokens(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split() or [value]
    if isinstance(value, list) and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        return [str(v) for v in value]
    raise InvalidPosition(f'position {value!r} is not a list of heaps or a string; write e.g. [3, 5, 6] or "TTHHTHH"')


def _position(r: Ruleset, value: Any, field: str = "position") -> Any:
    """A position from JSON, read as the command line reads its tokens."""
    with _field(field):
        if value is None:
            raise InvalidPosition(f"{r.name}: no position given; write {r.position_help}")
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            return r.check_position(tuple(tuple(v) for v in value))  # pairs, as position_to_json writes a graph
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        return r.parse_position(_tokens(value))


def _describe(cls: type[Ruleset]) -> dict[str, Any]:
    """Extra facts about a ruleset for the page: how positions are written, which explorations apply."""
    form = shape(cls)
    return {
        "kind": "heaps" if form.heap_game else "string",
        "board": form.board,
        "one_heap": form.one_heap,
        "heaps": form.heaps,
        "min_heap": form.min_heap,
        "position_help": cls.position_help,
        "example_position": " ".join(cls.example),
        "example_params": {p.name: p.example for p in cls.parameters if p.example is not None},
        "parameter_kinds": {p.name: p.kind for p in cls.parameters},
        "loopy": cls.loopy,
    }


def rulesets_report() -> list[dict[str, Any]]:
    """``GET /api/rulesets``: the rows of ``sprague list --json`` with the page's facts about each ruleset."""
    return [{**row, **_describe(cls)} for row, cls in zip(list_report(), all_rulesets())]


def _computed(fn: Callable[[], Any]) -> Any:
    """``fn()``, its errors turned into the answers the endpoints give."""
    try:
        return fn()
    except TooLarge:
        raise
    except IllegalMove as exc:
        raise ApiError(422, str(exc), "move") from None
    except (InvalidParameter, UnknownRuleset) as exc:
        raise ApiError(422, str(exc), "params") from None
    except SpragueError as exc:
        raise ApiError(422, str(exc), None) from None


# ---------------------------------------------------------------- endpoints
def random_position(req: RandomRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    pos = _computed(lambda: r.random_position(random.Random(req.seed)))
    if pos is None:
        raise ApiError(422, f"{r.name} has no random positions; type one ({r.position_help})", "ruleset")
    return {"position": r.format_position(pos), "json": r.position_to_json(pos)}


def value(req: GameRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    pos = _position(r, req.position)
    data: dict[str, Any] = _computed(lambda: value_report(r, pos, req.method, limit, misere=req.misere))
    return data


def moves(req: MovesRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    pos = _position(r, req.position)
    data = _computed(
        lambda: moves_report(r, pos, req.method, limit, req.max_options, misere=req.misere, remoteness=req.remoteness)
    )
    return {**data, "options": [{k: v for k, v in o.items() if k != "text"} for o in data["options"]]}


def sequence(req: SequenceRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    with _field("ruleset"):
        game = check_sequence(r, req.max_heap)
    if req.misere:
        misere_data: dict[str, Any] = _computed(lambda: _misere_sequence(game, req.max_heap, limit))
        return misere_data
    data: dict[str, Any] = _computed(
        lambda: sequence_report(game, game.sequence(req.max_heap + 1, limit).tolist(), limit)[0]
    )
    return {**data, "misere": False}


def _misere_sequence(r: HeapRuleset, to: int, limit: int) -> dict[str, Any]:
    """``sequence --misere --json`` (the genus of each heap, Conway; WW ch. 13), with the misère values g-(0..to)
    as ``values`` for the page's chart."""
    data = genus_sequence_report(r, to, limit)
    return {**data, "values": data["misere_values"], "structure": None, "stairs": None}


def table(req: TableRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    if req.min is not None and req.max_heap < req.min:
        raise ApiError(422, f"need min <= max_heap, got min {req.min} and max_heap {req.max_heap}", "max_heap")
    if req.heaps is not None:
        summary: dict[str, Any] = _computed(
            lambda: heap_table_report(
                r,
                req.max_heap,
                req.heaps or 2,
                req.kind,
                req.min,
                limit,
                misere=req.misere,
                p_offset=req.p_offset,
                p_limit=req.p_limit,
                rows_offset=req.rows_offset,
                rows_limit=req.rows_limit,
            )[1]
        )
        return {**summary, "misere": req.misere}
    low = req.min if req.min is not None else min_heap(r)
    if req.max_heap - low + 1 > MAX_GRID:
        raise ApiError(
            422,
            f"max_heap: a grid of {req.max_heap - low + 1} x {req.max_heap - low + 1} cells is "
            f"over the limit of {MAX_GRID} per side; lower max_heap (or raise min)",
            "max_heap",
        )
    games = [r]
    if req.second:
        games.append(_ruleset(req.second, req.second_params, "second", "second_params"))
    if req.fixed and (req.second or len(req.fixed.replace(",", " ").split()) > 8):
        raise ApiError(422, "fixed: a slice takes one game and at most 8 fixed heaps", "fixed")
    data: dict[str, Any] = _computed(
        lambda: (
            grid_report(
                games, req.max_heap, req.min, req.kind, req.method, limit, fixed=req.fixed, misere=req.misere
            ).data
        )
    )
    return {**data, "misere": req.misere}


def play(req: PlayRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    pos = _position(r, req.position)
    move = None if req.move is None else _user_move(r, pos, req.move)
    seed = req.seed if req.seed is not None else random.randrange(2**32)
    data: dict[str, Any] = _computed(lambda: _play(r, pos, move, req.mode, seed, limit, req.misere, req.skill))
    return data


def _user_move(r: Ruleset, pos: Any, value: Any) -> Any:
    """The position after the user's move: sent as that position, or as the move's words ("heap 3: 7 -> 4")."""
    try:
        return _position(r, value, "move")
    except ApiError:
        if not isinstance(value, str):
            raise
        with _field("move"):
            return Move.parse(r, pos, value).option


def _over(r: Ruleset, p: Any, limit: int) -> bool:
    """Whether the player to move at ``p`` has no move."""
    count = r.option_count(p)
    if count == 0:
        return True
    if count is not None and count > limit:  # too many to list; an over-count is a few per heap, not this
        return False
    # option_count may over-count (octal games count slots per heap, empty heaps too): look for a move
    return next(iter(r.moves(p)), _NO_MOVE) is _NO_MOVE


def _hint_text(r: Ruleset, pos: Any, hint: list[Any], limit: int, misere: bool) -> str:
    """The hint in words: the winning moves, else the drawing moves of a loopy game, else why every move loses."""
    kind = "a misère P-position" if misere else "a P-position"
    drawing = r.drawing_moves(pos, "auto", limit) if r.loopy and not hint else []
    return (
        (
            f"{len(hint)} winning move{'s' if len(hint) != 1 else ''}: "
            + "; ".join(r.describe_move(pos, o) for o in hint)
        )
        if hint
        else (
            f"no winning move: this is a draw (D); {len(drawing)} drawing move{'s' if len(drawing) != 1 else ''} "
            "keep it: " + "; ".join(r.describe_move(pos, o) for o in drawing)
        )
        if drawing
        else f"no winning move: this is {kind}, every move loses against perfect play"
    )


def _play(
    r: Ruleset, pos: Any, move: Any, mode: str, seed: int, limit: int, misere: bool = False, skill: float = 0.5
) -> dict[str, Any]:
    """The body of ``POST /api/play``: the user's move checked and made, then the computer's (or a hint).

    Under normal play the player who cannot move loses; under misère play
    (``misere``) the player who makes the last move loses, so the player who
    cannot move (the game is over on their turn) has won.
    """
    from sprague.play import PerfectPlayer, Player, RandomPlayer, SkilledPlayer

    moves: list[dict[str, Any]] = []
    key = "misere_grundy" if misere else "grundy"

    def winner(stuck: str) -> str:
        """Who has won when ``stuck`` is to move and cannot."""
        return stuck if misere else "computer" if stuck == "user" else "user"

    def record(by: str, before: Any, after: Any, reason: str) -> None:
        moves.append(
            {
                "by": by,
                "move": r.describe_move(before, after),
                "from": r.position_to_json(before),
                "position": r.position_to_json(after),
                "reason": reason,
            }
        )

    def answer(p: Any, won: str | None, **extra: Any) -> dict[str, Any]:
        try:
            ev = r.evaluate(p, "auto", limit, misere=misere)
            value, outcome = value_json(ev.grundy), ev.outcome
        except TooLarge:  # the game goes on; its value is just not known within the limit
            value, outcome = None, None
        return {
            **header(r),
            "position": r.position_to_json(p),
            "text": r.format_position(p),
            "moves": moves,
            key: value,
            "outcome": outcome,
            "misere": misere,
            "game_over": won is not None,
            "winner": won,
            **extra,
        }

    if move is not None:
        if mode == "hint":
            raise IllegalMove("mode 'hint' gives the winning moves from the position; send no move with it")
        after = r.apply(pos, move, limit)
        record("user", pos, after, "")
        pos = after
        if _over(r, pos, limit):
            return answer(pos, winner("computer"))
        if mode == "none":
            return answer(pos, None)
    elif mode == "none":
        raise IllegalMove("mode 'none' checks and makes the move sent: send the move")
    if mode == "hint":
        if _over(r, pos, limit):
            return answer(pos, winner("user"), hint=[], hint_text="no moves: the game is over")
        try:
            hint = r.winning_moves(pos, "auto", limit, misere=misere)
        except TooLarge:
            one = r.winning_move(pos, "auto", limit, misere=misere)
            hint = [] if one is None else [one]
        text = _hint_text(r, pos, hint, limit, misere)
        return answer(pos, None, hint=[r.position_to_json(o) for o in hint], hint_text=text)
    if _over(r, pos, limit):
        return answer(pos, winner("computer"))  # the computer is to move and cannot
    player: Player = (
        PerfectPlayer(max_positions=limit, misere=misere)
        if mode == "perfect"
        else SkilledPlayer(skill, seed, limit, misere=misere)
        if mode == "skilled"
        else RandomPlayer(seed=seed, misere=misere)
    )
    choice, reason = player.choose(r, pos)
    after = r.check_position(choice)
    record("computer", pos, after, reason)
    return answer(after, winner("user") if _over(r, after, limit) else None)


def verify_theorem(req: VerifyRequest, limit: int) -> dict[str, Any]:
    """``POST /api/verify``: ``sprague verify THEOREM --max-heap M --json`` in one process, within ``limit``
    positions (a larger box is refused with its size before it starts), with the report's summary line."""
    from sprague.theorems import find_theorem
    from sprague.verify import verify

    with _field("theorem"):
        theorem = find_theorem(req.theorem)
    report = _computed(lambda: verify(theorem, heaps=req.heaps, max_heap=req.max_heap, max_positions=limit))
    return {
        **report.to_json(),
        "summary": report.summary(),
        "statement": theorem.statement,
        "refuted": theorem.refutation(),
    }


def discover_rules(req: DiscoverRequest, limit: int) -> dict[str, Any]:
    """``POST /api/discover``: ``sprague discover RULESET --heaps K --max-heap N --json`` with a smaller budget, the
    tables and checks within ``limit`` positions, with the report's text as ``summary``."""
    from sprague.discover import KINDS, check_ruleset, discover

    r = _ruleset(req.ruleset, req.params)
    with _field("ruleset"):
        check_ruleset(r)
    found = _computed(
        lambda: discover(
            r,
            req.heaps,
            req.max_heap,
            kinds=KINDS if req.kind == "both" else req.kind,
            budget=req.budget,
            max_positions=limit,
            memory=WEB_DISCOVER_MEMORY,
            misere=req.misere,
        )
    )
    return {**found.to_json(), "summary": found.summary()}


def quotient(req: QuotientRequest, limit: int) -> dict[str, Any]:
    r = _ruleset(req.ruleset, req.params)
    if not one_heap(r):
        raise ApiError(
            422,
            f"{r.name} is not a one-heap game; misère quotients are of one-heap rulesets "
            f"such as {examples('one-heap')}",
            "ruleset",
        )
    heaps = None if req.position is None else _position(r, req.position)
    if heaps is not None and any(h > req.max_heap for h in heaps):
        raise ApiError(
            422,
            f"position: heap {max(heaps)} is over max_heap {req.max_heap}; raise max_heap to at least {max(heaps)}",
            "position",
        )
    return _computed(lambda: quotient_report(r, req.max_heap, heaps, limit))


def replay(req: ReplayRequest, limit: int) -> dict[str, Any]:
    """``POST /api/game``: a game from a link or a file, replayed: each position checked as a move from the one
    before (422 naming the first that is not), with each position's value and each move in the game's words."""
    r = _ruleset(req.ruleset, req.params)
    positions: list[Any] = []
    for i, value in enumerate(req.positions):
        try:
            pos = _position(r, value, "positions")
            if positions:
                pos = r.apply(positions[-1], pos, limit)
        except ApiError as exc:
            raise ApiError(422, f"positions[{i}]: {exc.message}", "positions") from None
        except IllegalMove as exc:
            raise ApiError(
                422,
                f"positions[{i}]: {exc}; a game lists its positions one move apart, each reached from the one before",
                "positions",
            ) from None
        positions.append(pos)
    return {
        **header(r),
        "misere": req.misere,
        "positions": [r.position_to_json(p) for p in positions],
        "moves": [r.describe_move(a, b) for a, b in zip(positions, positions[1:])],
        "values": [
            _computed(functools.partial(value_report, r, p, "auto", limit, misere=req.misere)) for p in positions
        ],
    }


#: endpoint name -> (the request's model, the function computing the answer)
ENDPOINTS: dict[str, tuple[type[BaseModel], Callable[[Any, int], Any]]] = {
    "random": (RandomRequest, random_position),
    "value": (GameRequest, value),
    "moves": (MovesRequest, moves),
    "sequence": (SequenceRequest, sequence),
    "table": (TableRequest, table),
    "play": (PlayRequest, play),
    "verify": (VerifyRequest, verify_theorem),
    "discover": (DiscoverRequest, discover_rules),
    "quotient": (QuotientRequest, quotient),
    "game": (ReplayRequest, replay),
}


# ------------------------------------------------------------------ bodies
def parse_body(body: bytes, model: type[BaseModel]) -> Any:
    """The request model from the raw body: UTF-8, then JSON, then the model's checks (each with its error)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(
            400,
            f"the request body is not UTF-8 text (byte 0x{body[exc.start]:02x} at offset "
            f"{exc.start}); send JSON encoded in UTF-8, e.g. {EXAMPLE}",
            "body",
        ) from None
    if not text.strip():
        raise ApiError(422, f"body: field required; send a JSON object, e.g. {EXAMPLE}", "body")
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise ApiError(
            400,
            f"the request body is not valid JSON ({exc.msg} at line {exc.lineno} column "
            f"{exc.colno}); send e.g. {EXAMPLE}",
            "body",
        ) from None
    except RecursionError:
        raise ApiError(
            400, f"the request body is not valid JSON here: it is nested too deeply; send e.g. {EXAMPLE}", "body"
        ) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc.errors(include_url=False), model) from None


def _json_int(digits: str) -> int:
    """A JSON integer, its length checked before it is converted (converting 10^6 digits takes seconds)."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ApiError(
            422,
            f"a number in the body has {len(digits.lstrip('-')):,} digits, over the limit of "
            f"{MAX_INT_DIGITS:,} (MAX_INT_DIGITS in sprague.core.limits)",
            "body",
        )
    return int(digits)


def validation_error(errors: Any, model: type[BaseModel] | None = None) -> ApiError:
    """422 for pydantic's errors on the body (``loc`` as FastAPI writes it, starting with "body")."""
    errors = [{**e, "loc": ("body", *e.get("loc", ()))} for e in errors]
    first: dict[str, Any] = dict(errors[0]) if errors else {"loc": ("body",), "msg": "invalid request"}
    loc = [str(part) for part in first.get("loc", ()) if part != "body"]
    message = str(first.get("msg", "invalid request"))
    if first.get("type") == "extra_forbidden":
        known = ", ".join(model.model_fields) if model else "see GET /openapi.json"
        message = f"unknown field; the fields of this endpoint are: {known}"
    return ApiError(
        422, f"{'.'.join(loc) or 'body'}: {message.lower()}", loc[0] if loc else "body", errors=_plain(errors)
    )


def _plain(errors: Any) -> Any:
    """Validation errors with only JSON values (pydantic may put exceptions in ``ctx``)."""
    if isinstance(errors, dict):
        return {k: _plain(v) for k, v in errors.items()}
    if isinstance(errors, (list, tuple)):
        return [_plain(v) for v in errors]
    if errors is None or isinstance(errors, (str, int, float, bool)):
        return errors
    return str(errors)


def dumps(data: Any) -> bytes:
    """JSON as the server sends it (as FastAPI's JSONResponse writes it)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def handle(endpoint: str, body: bytes, limit: int, cache: tuple[str, int] | None = None) -> tuple[int, bytes]:
    """The answer to ``POST /api/<endpoint>`` with this raw body: ``(HTTP status, JSON bytes)``.

    ``limit`` is the work limit (positions) of the core calls. ``cache`` is the
    results cache the computation may use, ``(directory, max_bytes)``, bounded
    (:class:`sprague.cache.Cache`, least recently used removed first); None: no
    results cache, nothing written to disk. A ``MemoryError`` is raised (the
    worker pool answers it); so is an error that is a bug of ours.
    """
    chosen = _server_cache(cache)
    with _cache.using(chosen if chosen is not None else False):  # using(None) would be the default cache
        with budget(work=WEB_MAX_WORK, memory=WEB_MAX_MEMORY):  # one budget for the whole request
            return _handle(endpoint, body, limit)


#: Work budget of one web request (units of about a microsecond: some 10 s, the server's default time limit).
WEB_MAX_WORK = 10_000_000
#: Memory budget of one web request, in bytes: under the worker's default memory limit (1024 MB), so that a
#: computation stops cleanly at its budget before the operating system refuses the worker memory.
WEB_MAX_MEMORY = 768 << 20


_CACHES: dict[tuple[str, int], _cache.Cache] = {}

#: What a stop's hint says in the server's answers (its notes and 413s): the CLI's flags are not the client's to set.
SERVER_HINT = (
    "that is the server's budget of one request; ask for less, or ask sprague on your own machine, "
    "where --max-work, --max-memory and --time-limit raise it"
)


def server_words(answer: bytes) -> bytes:
    """The JSON ``answer`` with the CLI's hints of a stop (in a note or an error) in the server's words."""
    for hint in (WORK_HINT, MEMORY_HINT, TIME_HINT):  # plain text: no character JSON escapes
        answer = answer.replace(hint.encode(), SERVER_HINT.encode())
    return answer.replace(b"--max-positions N", b"the server's --max-positions N")


def _server_cache(spec: tuple[str, int] | None) -> _cache.Cache | None:
    """The bounded cache of ``spec`` (one object per spec in a worker: it sweeps stale temporary files once)."""
    if spec is None:
        return None
    if spec not in _CACHES:
        _CACHES[spec] = _cache.Cache(spec[0], max_bytes=spec[1])
    return _CACHES[spec]


def _handle(endpoint: str, body: bytes, limit: int) -> tuple[int, bytes]:
    model, fn = ENDPOINTS[endpoint]
    try:
        return 200, server_words(dumps(fn(parse_body(body, model), limit)))
    except ApiError as exc:
        return exc.status, dumps(exc.body())
    except TooLarge as exc:
        return 413, server_words(dumps(ApiError(413, str(exc)).body()))
    except SpragueError as exc:  # from parsing outside _field; named by its kind
        field = (
            "move"
            if isinstance(exc, IllegalMove)
            else "params"
            if isinstance(exc, (InvalidParameter, UnknownRuleset))
            else None
        )
        return 422, dumps(ApiError(422, str(exc), field).body())
    except OverflowError as exc:
        return 413, dumps(
            ApiError(
                413, f"a number in the request is too large to compute with ({exc}); ask with smaller numbers"
            ).body()
        )
    except RecursionError:
        return 413, dumps(
            ApiError(413, "the request is too large to compute here (it nests too deeply); ask for less").body()
        )


# ------------------------------------------------------------------ the game graph (teaching view, issue 36)
class GraphRequest(GameRequest):
    """The game graph of every position reachable from ``position``, for the page's P/N labelling."""

    max_positions: int = Field(
        40,
        ge=1,
        le=MAX_GRAPH_POSITIONS,
        description=f"the most positions drawn (at most {MAX_GRAPH_POSITIONS}); past it the answer is "
        '"complete": false with no nodes',
    )


def graph(req: GraphRequest, limit: int) -> dict[str, Any]:
    """``POST /api/graph``: nodes (position, text, outcome, Grundy value, rank) and moves of the game graph from
    ``position``, worked out on the graph itself, within the request's work budget."""
    r = _ruleset(req.ruleset, req.params)
    if r.loopy:
        raise ApiError(
            422,
            f"ruleset {r.name!r} is loopy (a position can come back), and the P/N labelling is drawn for games "
            f"that end; choose a game that always ends, such as {examples('one-heap')}",
            "ruleset",
        )
    pos = _position(r, req.position)
    data: dict[str, Any] = _computed(lambda: graph_report(r, pos, min(req.max_positions, limit), req.misere))
    return data


ENDPOINTS["graph"] = (GraphRequest, graph)
__all__ += ["GraphRequest", "graph"]
