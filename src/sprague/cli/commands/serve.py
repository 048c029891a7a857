"""``sprague serve``: the web page and JSON API (needs the [web] extra)."""

from __future__ import annotations

import argparse
import errno
import math
import socket
import warnings
from typing import TextIO

from sprague.errors import InvalidParameter

__all__ = ["cmd_serve"]

#: the addresses that bind every network interface: served only when named, with a warning
EVERY_INTERFACE = ("0.0.0.0", "::")


def cmd_serve(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague serve [--host H] [--port P] [limits]``: serve until Ctrl-C.

    Every option is checked, and the address bound, before "serving http://..."
    is printed: a bad value, a host that does not resolve or a busy port is one
    line on stderr and exit status 2.
    """
    try:
        import uvicorn

        from sprague.web import create_app
    except ImportError as exc:
        raise InvalidParameter(f"'sprague serve' needs FastAPI and uvicorn ({exc.name} is missing); "
                               "install them with: pip install 'sprague[web]'") from None
    for option, value in (("--time-limit", ns.time_limit), ("--memory-limit", getattr(ns, "memory_limit", None))):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise InvalidParameter(f"{option} must be a positive finite number, got {value:g}")
    host = ns.host.strip()
    if not host:
        raise InvalidParameter(f"--host {ns.host!r}: give an address to bind, e.g. 127.0.0.1 (this machine only) "
                               "or 0.0.0.0 (every interface, on purpose)")
    sock = _bind(host, ns.port)
    if host in EVERY_INTERFACE:
        warnings.warn(f"--host {host} serves every network interface: anyone who can reach this machine can use "
                      "the server", stacklevel=1)
    try:
        app = create_app(max_positions=ns.max_positions, time_limit=ns.time_limit, workers=ns.workers,
                         memory_limit=getattr(ns, "memory_limit", None))
        try:
            if not app.state.pool.wait_ready(60):  # the first requests should not wait for the workers to start
                reason = app.state.pool.start_error
                raise InvalidParameter(f"the worker processes did not start{f' ({reason})' if reason else ''}; "
                                       "try fewer --workers")
            port = sock.getsockname()[1]
            shown = f"[{host}]" if ":" in host else host
            out.write(f"sprague: serving http://{shown}:{port}/ (Ctrl-C stops)\n")
            out.flush()
            uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
        finally:
            app.state.pool.close()
    finally:
        sock.close()
    return 0


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or one line saying why not (InvalidParameter)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        raise InvalidParameter(f"--host {host}: not a host name or address ({_reason(exc)}); "
                               "use e.g. 127.0.0.1") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        fix = "the port is in use, choose another with --port" if exc.errno == errno.EADDRINUSE else \
            "choose another --host or --port"
        raise InvalidParameter(f"cannot serve on {host} port {port} ({_reason(exc)}): {fix}") from None
    return sock


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
