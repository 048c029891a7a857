"""The web page and JSON API of ``sprague serve`` (needs the ``[web]`` extra: FastAPI and uvicorn).

``create_app()`` builds the FastAPI application; :mod:`sprague.web.app` documents
the endpoints and limits, :mod:`sprague.web.handlers` the work of each endpoint
(run in a worker process), :mod:`sprague.web.pool` the worker processes. Importing
:mod:`sprague` does not import this package, and importing this package does not
import FastAPI: the names below come from :mod:`sprague.web.app` when first asked
for, so that :mod:`sprague.web.handlers` (pydantic only) can run where there is no
FastAPI (in a browser, on Pyodide: see ``docs/static-mode.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sprague.web.app import (
        DEFAULT_MAX_POSITIONS,
        DEFAULT_MEMORY_LIMIT,
        DEFAULT_TIME_LIMIT,
        DEFAULT_WORKERS,
        MAX_BODY_BYTES,
        ApiError,
        create_app,
    )

__all__ = [
    "create_app",
    "ApiError",
    "DEFAULT_MAX_POSITIONS",
    "DEFAULT_TIME_LIMIT",
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_WORKERS",
    "MAX_BODY_BYTES",
]


def __getattr__(name: str) -> Any:
    """The names of :mod:`sprague.web.app`, imported (with FastAPI) when first asked for."""
    if name in __all__:
        from sprague.web import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
