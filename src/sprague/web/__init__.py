"""The web page and JSON API of ``sprague serve`` (needs the ``[web]`` extra: FastAPI and uvicorn).

``create_app()`` builds the FastAPI application; :mod:`sprague.web.app` documents
the endpoints and limits, :mod:`sprague.web.handlers` the work of each endpoint
(run in a worker process), :mod:`sprague.web.pool` the worker processes. Importing
:mod:`sprague` does not import this package.
"""

from __future__ import annotations

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
