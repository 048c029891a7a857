"""Run the application of :func:`sprague.web.create_app` under uvicorn: the one place sprague imports uvicorn."""

from __future__ import annotations

import socket
from typing import Any

import uvicorn

__all__ = ["serve_on"]


def serve_on(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on the bound socket ``sock`` until uvicorn stops (Ctrl-C, SIGTERM)."""
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
