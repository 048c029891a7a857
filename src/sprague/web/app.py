"""The FastAPI application: the page at ``/`` and the JSON API under ``/api``.

Every POST endpoint takes ``{"ruleset": name, "params": {...}, "position": ...}``
and answers with the keys of the matching ``sprague ... --json`` command (the
functions of :mod:`sprague.present` build both). Positions are written as on the
command line: heap games take a list of heaps (JSON numbers, or strings such as
``"10**100"``) or one string ``"3 5 6"``; Turning Turtles and Green Hackenbush
take their string (``"TTHHTHH"``, ``"0-1 1-2"``). ``"misere": true`` asks for
misère play (the player who makes the last move loses) on value, moves,
sequence, table and play; every answer of those says ``"misere": true/false``.

A request is looked at only if it is for this server (:mod:`sprague.web.guard`):
its ``Host`` header must name the address bound (421 otherwise; ``sprague serve
--allowed-host NAME`` adds names, for a reverse proxy) and a POST to ``/api``
must have ``Content-Type: application/json`` (415 otherwise), so that a page of
another site, open in a local browser, can neither make the server compute nor
read its answers.

Results that took a second or more are kept on disk in the server's own results
cache (:func:`server_cache_dir`), bounded by ``cache_size`` (default 100 MB,
``--cache-size``): past it, the least recently used are removed.

No request can wedge the server. Each computation runs in a worker process
(:mod:`sprague.web.pool`), parsing of the body included (:mod:`sprague.web.handlers`),
so the event loop only reads bodies and passes bytes on:

- a body over :data:`MAX_BODY_BYTES` is refused (413) before it is read whole;
  one that is not UTF-8 JSON gets 400;
- ``max_positions`` (default 200,000) is the work limit of the core calls: a
  search that would be larger is refused before it starts (413, with the message);
- ``time_limit`` (default 10 s, from the request's arrival): a computation
  still running then is killed with its worker process, which is replaced (503);
- ``memory_limit`` (default 1024 MB): what a worker may allocate past its size
  at start (Linux); beyond it the computation ends (413) and its worker is replaced;
- ``workers`` (default 4) computations run at once; one that
  runs past a tenth of a second steps aside to a lower CPU priority (5 steps of
  niceness) and a fresh worker takes its slot, so long computations do not hold up short ones;
  when ``workers`` long ones already run, one more is stopped (503, try again).

Bad input is 422 with ``{"detail": message, "field": name}``; every error has
that shape.

Examples
--------
>>> from fastapi.testclient import TestClient
>>> app = create_app()
>>> client = TestClient(app)
>>> client.post("/api/value", json={"ruleset": "nim", "position": [3, 5, 6]}).json()["outcome"]
'P'
>>> app.state.pool.close()
"""

from __future__ import annotations

import asyncio
import atexit
import math
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from sprague import cache as _cache
from sprague.errors import InvalidParameter
from sprague.web import handlers
from sprague.web.docs import add_docs
from sprague.web.guard import HostPolicy, RequestGuard
from sprague.web.handlers import (
    MAX_GRID,
    MAX_SEQUENCE,
    ApiError,
    DiscoverRequest,
    ErrorBody,
    GameRequest,
    MovesRequest,
    PlayRequest,
    QuotientRequest,
    RandomRequest,
    ReplayRequest,
    SequenceRequest,
    TableRequest,
    VerifyRequest,
)
from sprague.web.pool import MemoryLimitExceeded, ServerBusy, TimeLimitExceeded, WorkerCrashed, WorkerPool
from sprague.web.startup import STATUS_ENV, WarmUp

__all__ = [
    "create_app",
    "server_cache_dir",
    "DEFAULT_MAX_POSITIONS",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_WORKERS",
    "DEFAULT_CACHE_SIZE",
    "MAX_BODY_BYTES",
    "MAX_GRID",
    "MAX_SEQUENCE",
    "ApiError",
]

DEFAULT_MAX_POSITIONS = 200_000  #: work limit of one request (positions searched)
DEFAULT_TIME_LIMIT = 10.0  #: wall-clock limit of one request, in seconds
DEFAULT_MEMORY_LIMIT = 1024.0  #: megabytes a worker may allocate past its size at start
DEFAULT_WORKERS = 4  #: computations at once (4: cheap requests keep workers while long ones step aside)
DEFAULT_CACHE_SIZE = 100.0  #: megabytes of results the server keeps on disk (least recently used removed first)
MAX_BODY_BYTES = 1_048_576  #: largest request body (1 MiB); a larger one is refused with 413 before it is read

_STATIC = Path(__file__).parent / "static"

#: the error answers every computing endpoint may give, for the OpenAPI document
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "the body is not UTF-8 JSON"},
    415: {"model": ErrorBody, "description": "the request's Content-Type is not application/json"},
    421: {"model": ErrorBody, "description": "the Host header does not name this server (see --allowed-host)"},
    408: {"model": ErrorBody, "description": "the body did not arrive within the time limit"},
    413: {
        "model": ErrorBody,
        "description": "over a limit: the body size, the work limit (--max-positions) or "
        "the memory limit (--memory-limit)",
    },
    422: {"model": ErrorBody, "description": "bad input, naming the field"},
    503: {"model": ErrorBody, "description": "over the time limit (--time-limit), or the server is busy: try again"},
}


def _body(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of an endpoint that reads its body itself (in a worker)."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": model.model_json_schema()}}}}


def server_cache_dir() -> Path:
    """Where the server keeps its results: ``server`` in the cache directory (:func:`sprague.cache.default_dir`).

    Apart from the command line's results, so that eviction under requests from
    anyone never removes a result the user computed, and bounded by ``cache_size``.
    """
    return _cache.default_dir() / "server"


def _check(name: str, value: float, option: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise InvalidParameter(f"{name} must be a positive finite number, got {value!r} ({option})")
    return float(value)


# ---------------------------------------------------------------------- app
def create_app(
    max_positions: int | None = None,
    time_limit: float | None = None,
    *,
    workers: int | None = None,
    memory_limit: float | None = None,
    host_policy: HostPolicy | None = None,
    cache_size: float | None = None,
    cache_dir: str | Path | None = None,
) -> FastAPI:
    """The FastAPI application, with the limits of one request; its worker processes start at once.

    One function: FastAPI declares routes as decorated closures over the app, its pool and its limits; each
    route is a few lines that hand the request to :mod:`sprague.web.handlers`, and the body is their list.

    Parameters
    ----------
    max_positions : int, optional
        Work limit passed to the core calls (default :data:`DEFAULT_MAX_POSITIONS`).
    time_limit : float, optional
        Seconds one request may take (default :data:`DEFAULT_TIME_LIMIT`), from
        its arrival. Also settable later as ``app.state.time_limit``.
    workers : int, optional
        Worker processes computing at once (default :data:`DEFAULT_WORKERS`).
    memory_limit : float, optional
        Megabytes a worker may allocate (default :data:`DEFAULT_MEMORY_LIMIT`).
    host_policy : HostPolicy, optional
        The ``Host`` headers answered (:mod:`sprague.web.guard`; ``sprague serve``
        passes the bound address's); others get 421. None: no check (an
        application embedded in a server of your own, or a test client).
    cache_size : float, optional
        Megabytes of results the workers keep on disk (default
        :data:`DEFAULT_CACHE_SIZE`; 0: none), the least recently used removed
        first, so that requests from anyone cannot fill the disk.
    cache_dir : str or Path, optional
        Where (default :func:`server_cache_dir`).

    Every POST to ``/api/...`` must have ``Content-Type: application/json`` (415 otherwise).

    The pool is ``app.state.pool``; its owner closes it (``app.state.pool.close()``;
    ``sprague serve`` does when it stops). Its workers are daemon processes: they
    end with the process that started them anyway.
    """
    limits = {
        "max_positions": max_positions or DEFAULT_MAX_POSITIONS,
        "time_limit": _check(
            "time_limit", time_limit if time_limit is not None else DEFAULT_TIME_LIMIT, "--time-limit"
        ),
        "memory_limit": _check(
            "memory_limit", memory_limit if memory_limit is not None else DEFAULT_MEMORY_LIMIT, "--memory-limit"
        ),
    }
    size = cache_size if cache_size is not None else DEFAULT_CACHE_SIZE
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not math.isfinite(size) or size < 0:
        raise InvalidParameter(
            f"cache_size must be a number of megabytes >= 0 (0: no cache), got {size!r} (--cache-size)"
        )
    if cache_dir is not None and size == 0:
        raise InvalidParameter(
            f"cache_dir={str(cache_dir)!r} (--cache-dir) with cache_size=0 (--cache-size 0: no "
            "cache): nothing would be kept there; leave out one of them"
        )
    directory = Path(cache_dir).expanduser() if cache_dir is not None else server_cache_dir()
    cache = (str(directory), int(size * 2**20)) if size > 0 else None
    count = workers if workers is not None else DEFAULT_WORKERS
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidParameter(f"workers must be a positive integer, got {count!r} (--workers)")
    warmup = _warmup()
    pool = WorkerPool(
        workers=count, memory_limit=limits["memory_limit"], preload=[handlers.__name__, "sprague.web.warm"]
    )  # warm: imported by the forkserver only, which reports its progress to `warmup`
    pool.start()

    app = FastAPI(
        title="sprague",
        version=_version(),
        description="Impartial combinatorial games: Grundy values, outcomes, winning moves, sequences, "
        "tables, and play against the computer. Requests take the keys of the command line's --json. "
        f'Every error answers {{"detail": message, "field": name}}. Limits: a body of at most '
        f"{MAX_BODY_BYTES:,} bytes (413), the server's work limit (413), time limit (503) and memory "
        "limit (413).",
        docs_url=None,  # /docs and /redoc with no CDN: add_docs
        redoc_url=None,
    )
    add_docs(app)
    app.add_middleware(RequestGuard, hosts=host_policy)  # before anything reads the request (see sprague.web.guard)
    app.state.host_policy = host_policy
    app.state.max_positions = limits["max_positions"]
    app.state.time_limit = limits["time_limit"]
    app.state.memory_limit = limits["memory_limit"]
    app.state.cache = cache  # (directory, max_bytes) of the results cache, or None
    app.state.pool = pool
    app.state.warmup = warmup  # the forkserver's warm-up (sprague.web.startup): its progress, for 503s and serve

    async def read_body(request: Request, limit: float) -> bytes:
        """The body, at most MAX_BODY_BYTES of it, within the time limit (413 or 408 otherwise)."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            raise ApiError(
                413,
                f"the request body is {int(declared):,} bytes, over the limit of {MAX_BODY_BYTES:,} "
                "bytes; send less (fewer heaps, shorter numbers)",
                "body",
            )
        chunks: list[bytes] = []
        size = 0

        async def read() -> None:
            nonlocal size
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY_BYTES:
                    raise ApiError(
                        413,
                        f"the request body is over the limit of {MAX_BODY_BYTES:,} bytes; send less "
                        "(fewer heaps, shorter numbers)",
                        "body",
                    )
                chunks.append(chunk)

        try:
            await asyncio.wait_for(read(), limit)
        except TimeoutError:
            raise ApiError(
                408,
                f"the request body did not arrive within the time limit of {limit:g} s "
                f"({size:,} bytes came); send it at once",
                "body",
            ) from None
        return b"".join(chunks)

    async def compute(request: Request, endpoint: str) -> Response:
        """``POST /api/<endpoint>``: the body read here, everything else in a worker, under the limits."""
        limit = float(app.state.time_limit)
        loop = asyncio.get_running_loop()
        began = loop.time()
        body = await read_body(request, limit)
        left = max(0.001, limit - (loop.time() - began))
        try:
            status, data = await pool.run(
                handlers.handle, (endpoint, body, int(app.state.max_positions), app.state.cache), left
            )
        except TimeLimitExceeded as exc:
            if not exc.started and not pool.ready():  # still warming up (a first start compiles the kernels)
                message, retry = warmup.busy_message(limit)
                raise ApiError(503, message, retry_after=retry) from None
            if exc.started:
                raise ApiError(
                    503,
                    f"the computation took longer than the time limit of {limit:g} s; ask for less "
                    "(smaller positions or bounds), or start the server with a larger --time-limit",
                ) from None
            raise ApiError(
                503,
                f"no worker process was free for this request within the time limit of {limit:g} s "
                "(the server is busy, or still starting); try again in a moment (or start the server "
                "with more --workers)",
            ) from None
        except ServerBusy as exc:
            raise ApiError(
                503,
                f"the server is running {exc.running} long computations already, the most it runs "
                "at once (as many as --workers); try again in a moment",
            ) from None
        except MemoryLimitExceeded:
            raise ApiError(
                413,
                "the computation needed more memory than the limit of "
                f"{float(app.state.memory_limit):g} MB; ask for less (smaller positions or bounds), or "
                "start the server with a larger --memory-limit",
            ) from None
        except WorkerCrashed as exc:
            raise ApiError(
                503,
                f"the computation ended without an answer: {exc}; it may have run out of memory "
                f"(the limit is {float(app.state.memory_limit):g} MB, --memory-limit); ask for less",
            ) from None
        except Exception as exc:  # a bug of ours, raised in the worker: said as one, in the usual shape
            raise ApiError(500, f"internal error: {type(exc).__name__}: {exc} (please report it)") from None
        return Response(data, status_code=status, media_type="application/json")

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = {"Retry-After": str(exc.extra.get("retry_after", 1))} if exc.status == 503 else None
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"detail": str(exc.detail), "field": None},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        error = handlers.validation_error(
            [{**e, "loc": tuple(p for p in e.get("loc", ()) if p != "body")} for e in exc.errors()]
        )
        return JSONResponse(error.body(), status_code=error.status)

    @app.get("/api/rulesets", summary="every built-in ruleset: the rows of 'sprague list --json', and page hints")
    def rulesets() -> list[dict[str, Any]]:
        return handlers.rulesets_report()

    @app.get("/api/status", summary="whether the workers are ready (a first start compiles the kernels first)")
    def status() -> dict[str, Any]:
        ready = pool.ready()
        return {
            "ready": ready,
            "workers": pool.workers,
            "warm_up": "done" if ready else warmup.progress(),
            "seconds_left": 0 if ready else warmup.seconds_left(),
        }

    @app.get("/api/theorems", summary="every registered theorem, as 'sprague verify --list --json'")
    def theorems() -> list[dict[str, Any]]:
        return handlers.theorems_report()

    def endpoint(path: str, name: str, model: type[BaseModel], summary: str) -> None:
        async def answer(request: Request) -> Response:
            return await compute(request, name)

        answer.__name__ = name
        app.post(path, summary=summary, response_model=dict[str, Any], openapi_extra=_body(model), responses=_ERRORS)(
            answer
        )

    endpoint(
        "/api/random",
        "random",
        RandomRequest,
        "a position to start a game from, drawn by the ruleset (random_position)",
    )
    endpoint("/api/value", "value", GameRequest, "Grundy value and outcome, as 'sprague value --json'")
    endpoint(
        "/api/moves",
        "moves",
        MovesRequest,
        "every option with its value, winning moves marked, as 'sprague moves --json'",
    )
    endpoint(
        "/api/sequence", "sequence", SequenceRequest, "G(n) for n = 0..to with its period, as 'sprague sequence --json'"
    )
    endpoint(
        "/api/table",
        "table",
        TableRequest,
        "two-heap P/N or Grundy grid (or, with heaps K, the K-heap summary), as 'sprague table --json'",
    )
    endpoint("/api/play", "play", PlayRequest, "play: check the user's move, then the computer's reply (or a hint)")
    endpoint(
        "/api/discover",
        "discover",
        DiscoverRequest,
        "the simplest rules fitting the table of --heaps heaps "
        "up to max, verified on twice the box, as 'sprague discover --json' (a smaller budget)",
    )
    endpoint(
        "/api/verify",
        "verify",
        VerifyRequest,
        "a theorem checked against search on a box, as 'sprague verify --json', within the work limit",
    )
    endpoint(
        "/api/quotient",
        "quotient",
        QuotientRequest,
        "the misère quotient of heaps 0..max_heap of a one-heap "
        "game, as 'sprague quotient --json', with a typed sum's element and winning moves, and each heap's genus",
    )

    endpoint(
        "/api/game",
        "game",
        ReplayRequest,
        "a game from a link or a file: each position checked as a move from the one before, with its value",
    )
    endpoint(
        "/api/graph",
        "graph",
        handlers.GraphRequest,
        "the game graph of every position reachable from a small one, each with its outcome and value, "
        "for the page's P/N labelling",
    )

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(_STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    return app


_WARMUP: list[WarmUp] = []  # this process's


def _warmup() -> WarmUp:
    """The progress file of this process's forkserver warm-up, named in the environment the forkserver inherits.

    One per process (the forkserver, and its warm-up, is too): made by the first app, removed at exit. A name
    inherited from a parent process (a server started by a test) is not this process's, and is replaced.
    """
    if not _WARMUP:
        _WARMUP.append(WarmUp.create())
        os.environ[STATUS_ENV] = str(_WARMUP[0].path)
        atexit.register(_WARMUP[0].remove)
    return _WARMUP[0]


def _version() -> str:
    from sprague import __version__

    return __version__
