"""The web page and JSON API of ``sprague serve`` (needs the ``[web]`` extra: FastAPI and uvicorn).

``create_app()`` builds the FastAPI application; :mod:`sprague.web.app` documents
the endpoints and limits. Importing :mod:`sprague` does not import this package.
"""

from __future__ import annotations

from sprague.web.app import DEFAULT_MAX_POSITIONS, DEFAULT_TIME_LIMIT, ApiError, create_app

__all__ = ["create_app", "ApiError", "DEFAULT_MAX_POSITIONS", "DEFAULT_TIME_LIMIT"]
