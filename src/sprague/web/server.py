"""Run the application of :func:`sprague.web.create_app` under uvicorn: the one place sprague imports uvicorn."""

from __future__ import annotations

import socket
from typing import Any

import uvicorn

__all__ = ["serve_on"]


def serve_on(app: Any, sock: socket.socket, started: Any = None) -> None:
    """Serve ``app`` on the bound socket ``sock`` until uvicorn stops (Ctrl-C, SIGTERM, or ``started.stop()``).

    ``started``, if given, is a :class:`sprague.web.startup.StartWatch` (a thread, not yet started): its
    ``stop`` is set to stop the server, and it is started just before the server runs.
    """
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    if started is not None:

        def stop() -> None:
            server.should_exit = True

        started.stop = stop
        started.start()
    server.run(sockets=[sock])
