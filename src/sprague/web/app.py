"""The FastAPI application: the page at ``/`` and the JSON API under ``/api``.

Every POST endpoint takes ``{"ruleset": name, "params": {...}, "position": ...}``
and answers with the keys of the matching ``sprague ... --json`` command (the
functions of :mod:`sprague.present` build both). Positions are written as on the
command line: heap games take a list of heaps (JSON numbers, or strings such as
``"10**100"``) or one string ``"3 5 6"``; Turning Turtles and Green Hackenbush
take their string (``"TTHHTHH"``, ``"0-1 1-2"``).

Limits: each request runs with ``max_positions`` (default 200,000) as the work
limit of the core calls, so a search that would be larger is refused before it
starts (HTTP 413, with the message). It also runs in a worker thread under a
wall-clock limit (default 10 s; HTTP 503 when exceeded). A thread that misses
the deadline cannot be stopped, but it ends by itself, since its work is
bounded by ``max_positions``. Bad input is HTTP 422 with ``{"detail": message,
"field": name}``.

Examples
--------
>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/value", json={"ruleset": "nim", "position": [3, 5, 6]}).json()["outcome"]
'P'
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from sprague.core.move import Move
from sprague.core.ruleset import Ruleset
from sprague.errors import IllegalMove, InvalidParameter, InvalidPosition, SpragueError, TooLarge, UnknownRuleset
from sprague.present import (check_sequence, grid_report, header, heap_table_report, list_report, moves_report,
                             sequence_report, value_report)
from sprague.rulesets import all_rulesets, find_ruleset, ruleset
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset

__all__ = ["create_app", "DEFAULT_MAX_POSITIONS", "DEFAULT_TIME_LIMIT", "MAX_GRID", "ApiError"]

DEFAULT_MAX_POSITIONS = 200_000  #: work limit of one request (positions searched)
DEFAULT_TIME_LIMIT = 10.0  #: wall-clock limit of one request, in seconds
MAX_GRID = 200  #: largest side of a two-heap grid (``max - min + 1``)
MAX_SEQUENCE = 100_000  #: largest ``to`` of a sequence request
_WORKERS = 4  #: worker threads that run the computations

_STATIC = Path(__file__).parent / "static"
_NO_MOVE = object()


class ApiError(Exception):
    """An error answer: HTTP ``status`` with ``{"detail": message, "field": field}``."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


# ------------------------------------------------------------------ requests
Method = Literal["auto", "closed", "search"]


class GameRequest(BaseModel):
    """A ruleset, its parameters and a position."""

    ruleset: str = Field(description="a built-in ruleset name or alias, as in 'sprague list'")
    params: dict[str, Any] = Field(default_factory=dict, description='parameters, e.g. {"S": "1,2,5"} or {"S": [1, 2, 5]}')
    position: Any = Field(description='heaps [3, 5, 6] (numbers or strings such as "10**100"), or a string "TTHHTHH"')
    method: Method = "auto"


class MovesRequest(GameRequest):
    max_options: int = Field(2000, ge=1, le=10_000, description="list every option when there are at most this many")


class RandomRequest(BaseModel):
    """A ruleset and its parameters, for a random starting position."""

    ruleset: str = Field(description="a built-in ruleset name or alias, as in 'sprague list'")
    params: dict[str, Any] = Field(default_factory=dict, description='parameters, e.g. {"S": "1,2,5"}')
    seed: int | None = Field(None, description="a seed, for the same position again")


class SequenceRequest(BaseModel):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: int = Field(100, ge=0, le=MAX_SEQUENCE, description="last heap size")


class TableRequest(BaseModel):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    max: int = Field(10, ge=0, description="largest heap")
    min: int | None = Field(None, ge=0, description="smallest heap (default: the ruleset's smallest)")
    values: Literal["outcome", "grundy"] = "outcome"
    heaps: int | None = Field(None, ge=1, le=8, description="omit for the two-heap grid; K for the summary of all "
                              "K-heap positions (as 'sprague table --heaps K')")
    method: Method = "auto"
    second: str | None = Field(None, description="a second one-heap game: the grid of the sum (first game along "
                               "the columns), as 'sprague table GAME1 GAME2'")
    second_params: dict[str, Any] = Field(default_factory=dict, description="the second game's parameters")
    fixed: str = Field("", description="more heaps held fixed, for a 2-heap slice of a multi-heap game, e.g. '3 5' "
                       "(as 'sprague table GAME --fixed 3,5')")


class PlayRequest(BaseModel):
    ruleset: str
    params: dict[str, Any] = Field(default_factory=dict)
    position: Any = Field(description="the position before the user's move (or the computer's, if no move)")
    move: Any = Field(None, description="the position after the user's move, or the move as 'sprague moves' writes "
                      "it (\"heap 3: 7 -> 4\"); omit to let the computer move")
    mode: Literal["perfect", "random", "hint"] = "perfect"
    seed: int | None = None


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
        raise ApiError(422, f"ruleset {name!r}: the web API serves the built-in rulesets only "
                       "(GET /api/rulesets lists them)", field)
    with _field(field):
        find_ruleset(name)
    with _field(params_field):
        values = {k: ",".join(map(str, v)) if isinstance(v, list) and all(isinstance(x, int) for x in v) else v
                  for k, v in params.items()}
        return ruleset(name, **values)


def _tokens(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split() or [value]
    if isinstance(value, list) and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        return [str(v) for v in value]
    raise InvalidPosition(f"position {value!r} is not a list of heaps or a string; write e.g. [3, 5, 6] or \"TTHHTHH\"")


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
    heap = issubclass(cls, MultiHeapRuleset)
    return {
        "kind": "heaps" if heap else "string",
        "one_heap": issubclass(cls, HeapRuleset),
        "heaps": cls.heaps if issubclass(cls, MultiHeapRuleset) else None,
        "min_heap": cls.min_heap if issubclass(cls, MultiHeapRuleset) else 0,
        "position_help": cls.position_help,
        "example_position": " ".join(cls.example),
        "example_params": {p.name: p.example for p in cls.parameters if p.example is not None},
        "parameter_kinds": {p.name: p.kind for p in cls.parameters},
    }


# ---------------------------------------------------------------------- app
def create_app(max_positions: int | None = None, time_limit: float | None = None) -> FastAPI:
    """The FastAPI application, with the work limit and time limit of one request.

    Parameters
    ----------
    max_positions : int, optional
        Work limit passed to the core calls (default :data:`DEFAULT_MAX_POSITIONS`).
    time_limit : float, optional
        Seconds one request may compute (default :data:`DEFAULT_TIME_LIMIT`).
        Also settable later as ``app.state.time_limit``.
    """
    sys.set_int_max_str_digits(0)  # heaps of any size are read and written exactly, as on the command line
    app = FastAPI(title="sprague", version=_version(),
                  description="Impartial combinatorial games: Grundy values, outcomes, winning moves, sequences, "
                  "tables, and play against the computer. Requests take the keys of the command line's --json.")
    app.state.max_positions = max_positions or DEFAULT_MAX_POSITIONS
    app.state.time_limit = time_limit or DEFAULT_TIME_LIMIT
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=_WORKERS, thread_name_prefix="sprague-web")

    async def run(fn: Callable[[], Any]) -> Any:
        """``fn()`` in a worker thread, under the time limit; errors become :class:`ApiError`."""
        loop = asyncio.get_running_loop()
        limit = float(app.state.time_limit)
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, fn), timeout=limit)
        except asyncio.TimeoutError:
            raise ApiError(503, f"the computation took longer than the time limit of {limit:g} s; ask for less "
                           "(smaller positions or bounds), or start the server with a larger --time-limit") from None
        except TooLarge as exc:
            raise ApiError(413, str(exc).replace("--max-positions N", "the server's --max-positions N")) from None
        except IllegalMove as exc:
            raise ApiError(422, str(exc), "move") from None
        except (InvalidParameter, UnknownRuleset) as exc:
            raise ApiError(422, str(exc), "params") from None
        except SpragueError as exc:
            raise ApiError(422, str(exc), None) from None

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.message, "field": exc.field}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first: dict[str, Any] = dict(errors[0]) if errors else {"loc": ("body",), "msg": "invalid request"}
        loc = [str(part) for part in first.get("loc", ()) if part != "body"]
        field = loc[0] if loc and first.get("type") != "json_invalid" else "body"
        message = str(first.get("msg", "invalid request"))
        if first.get("type") == "json_invalid":
            ctx = first.get("ctx")
            reason = ctx.get("error", message) if isinstance(ctx, dict) else message
            message = f"the request body is not valid JSON ({reason}); send e.g. " \
                      '{"ruleset": "nim", "position": [3, 5, 6]}'
        else:
            message = f"{'.'.join(loc) or 'body'}: {message.lower()}"
        return JSONResponse({"detail": message, "field": field, "errors": _plain(errors)}, status_code=422)

    limit = lambda: int(app.state.max_positions)  # noqa: E731

    @app.get("/api/rulesets", summary="every built-in ruleset: the rows of 'sprague list --json', and page hints")
    def rulesets() -> list[dict[str, Any]]:
        rows = list_report()
        return [{**row, **_describe(cls)} for row, cls in zip(rows, all_rulesets())]

    @app.post("/api/random", summary="a position to start a game from, drawn by the ruleset (random_position)")
    def random_position(req: RandomRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        pos = r.random_position(random.Random(req.seed))
        if pos is None:
            raise ApiError(422, f"{r.name} has no random positions; type one ({r.position_help})", "ruleset")
        return {"position": r.format_position(pos), "json": r.position_to_json(pos)}

    @app.post("/api/value", summary="Grundy value and outcome, as 'sprague value --json'")
    async def value(req: GameRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        pos = _position(r, req.position)
        data: dict[str, Any] = await run(lambda: value_report(r, pos, req.method, limit()))
        return data

    @app.post("/api/moves", summary="every option with its value, winning moves marked, as 'sprague moves --json'")
    async def moves(req: MovesRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        pos = _position(r, req.position)
        data = await run(lambda: moves_report(r, pos, req.method, limit(), req.max_options))
        return {**data, "options": [{k: v for k, v in o.items() if k != "text"} for o in data["options"]]}

    @app.post("/api/sequence", summary="G(n) for n = 0..to with its period, as 'sprague sequence --json'")
    async def sequence(req: SequenceRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        with _field("ruleset"):
            game = check_sequence(r, req.to)

        def work() -> dict[str, Any]:
            return sequence_report(game, game.sequence(req.to + 1, limit()).tolist(), limit())[0]

        data: dict[str, Any] = await run(work)
        return data

    @app.post("/api/table", summary="two-heap P/N or Grundy grid (or, with heaps K, the K-heap summary), "
              "as 'sprague table --json'")
    async def table(req: TableRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        if req.min is not None and req.max < req.min:
            raise ApiError(422, f"need min <= max, got min {req.min} and max {req.max}", "max")
        if req.heaps is not None:
            data: dict[str, Any] = await run(
                lambda: heap_table_report(r, req.max, req.heaps or 2, req.values, req.min, limit())[1])
            return data
        low = req.min if req.min is not None else r.min_heap if isinstance(r, MultiHeapRuleset) else 0
        if req.max - low + 1 > MAX_GRID:
            raise ApiError(422, f"max: a grid of {req.max - low + 1} x {req.max - low + 1} cells is over the "
                           f"limit of {MAX_GRID} per side; lower max (or raise min)", "max")
        games = [r]
        if req.second:
            games.append(_ruleset(req.second, req.second_params, "second", "second_params"))
        if req.fixed and (req.second or len(req.fixed.replace(",", " ").split()) > 8):
            raise ApiError(422, "fixed: a slice takes one game and at most 8 fixed heaps", "fixed")
        with _field("fixed"):
            data = await run(lambda: grid_report(games, req.max, req.min, req.values, req.method, limit(),
                                                 fixed=req.fixed).data)
        return data

    @app.post("/api/play", summary="play: check the user's move, then the computer's reply (or a hint)")
    async def play(req: PlayRequest) -> dict[str, Any]:
        r = _ruleset(req.ruleset, req.params)
        pos = _position(r, req.position)
        move = None if req.move is None else _user_move(r, pos, req.move)
        rng_seed = req.seed if req.seed is not None else random.randrange(2**32)
        data: dict[str, Any] = await run(lambda: _play(r, pos, move, req.mode, rng_seed, limit()))
        return data

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(_STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    return app


def _user_move(r: Ruleset, pos: Any, value: Any) -> Any:
    """The position after the user's move: sent as that position, or as the move's words ("heap 3: 7 -> 4")."""
    try:
        return _position(r, value, "move")
    except ApiError:
        if not isinstance(value, str):
            raise
        with _field("move"):
            return Move.parse(r, pos, value).option


def _play(r: Ruleset, pos: Any, move: Any, mode: str, seed: int, limit: int) -> dict[str, Any]:
    """The body of ``POST /api/play``: the user's move checked and made, then the computer's (or a hint)."""
    from sprague.play import PerfectPlayer, RandomPlayer

    moves: list[dict[str, Any]] = []

    def over(p: Any) -> bool:
        count = r.option_count(p)
        if count is not None:
            return count == 0
        return next(iter(r.moves(p)), _NO_MOVE) is _NO_MOVE

    def record(by: str, before: Any, after: Any, reason: str) -> None:
        moves.append({"by": by, "move": r.describe_move(before, after), "from": r.position_to_json(before),
                      "position": r.position_to_json(after), "reason": reason})

    def answer(p: Any, winner: str | None, **extra: Any) -> dict[str, Any]:
        try:
            ev = r.evaluate(p, "auto", limit)
            grundy, outcome = ev.grundy, ev.outcome
        except TooLarge:  # the game goes on; its value is just not known within the limit
            grundy, outcome = None, None
        return {**header(r), "position": r.position_to_json(p), "text": r.format_position(p), "moves": moves,
                "grundy": grundy, "outcome": outcome, "game_over": winner is not None, "winner": winner, **extra}

    if move is not None:
        if mode == "hint":
            raise IllegalMove("mode 'hint' gives the winning moves from the position; send no move with it")
        after = r.apply(pos, move, limit)
        record("user", pos, after, "")
        pos = after
        if over(pos):
            return answer(pos, "user")
    if mode == "hint":
        if over(pos):
            return answer(pos, "computer", hint=[], hint_text="no moves: the game is over")
        try:
            hint = r.winning_moves(pos, "auto", limit)
        except TooLarge:
            one = r.winning_move(pos, "auto", limit)
            hint = [] if one is None else [one]
        text = (f"{len(hint)} winning move{'s' if len(hint) != 1 else ''}: " +
                "; ".join(r.describe_move(pos, o) for o in hint)) if hint else \
            "no winning move: this is a P-position, every move loses against perfect play"
        return answer(pos, None, hint=[r.position_to_json(o) for o in hint], hint_text=text)
    if over(pos):
        return answer(pos, "user")  # the computer is to move and cannot: it loses
    player = PerfectPlayer(max_positions=limit) if mode == "perfect" else RandomPlayer(seed=seed)
    choice, reason = player.choose(r, pos)
    after = r.check_position(choice)
    record("computer", pos, after, reason)
    return answer(after, "computer" if over(after) else None)


def _plain(errors: Any) -> Any:
    """Validation errors with only JSON values (pydantic may put exceptions in ``ctx``)."""
    if isinstance(errors, dict):
        return {k: _plain(v) for k, v in errors.items()}
    if isinstance(errors, (list, tuple)):
        return [_plain(v) for v in errors]
    if errors is None or isinstance(errors, (str, int, float, bool)):
        return errors
    return str(errors)


def _version() -> str:
    from sprague import __version__

    return __version__
