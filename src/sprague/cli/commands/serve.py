"""``sprague serve``: the web page and JSON API (needs the [web] extra)."""

from __future__ import annotations

import argparse
import errno
import math
import signal
import socket
import sys
import threading
import warnings
from typing import Any, TextIO

from sprague.errors import InvalidParameter

__all__ = ["cmd_serve"]


class _Terminated(Exception):
    """SIGTERM arrived: stop serving, end the workers, exit 0."""


def _terminate(signum: int, frame: Any) -> None:
    raise _Terminated


def cmd_serve(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague serve [--host H] [--port P] [limits]``: serve until Ctrl-C or SIGTERM.

    Every option is checked, and the address bound, before "serving http://..."
    is printed: a bad value, a host that does not resolve or a busy port is one
    line on stderr and exit status 2. On SIGTERM the server stops as on Ctrl-C
    (uvicorn finishes the requests under way) and the worker processes are ended
    cleanly; the exit status is 0.

    The server answers at once: the page and ``/api/rulesets`` come from this
    process, while the workers' forkserver prepares the compiled kernels in the
    background (:mod:`sprague.web.startup`: seconds with numba's cache filled, a
    minute or more on a first start, which compiles them; its progress is printed
    on stderr when it takes more than two seconds). A computation asked meanwhile
    waits for a worker within its time limit, then gets a 503 saying how far the
    start is and when to try again. If the workers cannot start, or the warm-up
    makes no progress for minutes, the server stops with the reason (exit 2).
    """
    try:
        from sprague.web import create_app
        from sprague.web.server import serve_on
        from sprague.web.startup import StartWatch
    except ImportError as exc:
        raise InvalidParameter(
            f"'sprague serve' needs FastAPI and uvicorn ({exc.name} is missing); "
            "install them with: pip install 'sprague[web]'"
        ) from None
    from sprague.web.guard import HostPolicy, every_interface, split_host

    for option, value in (("--time-limit", ns.time_limit), ("--memory-limit", getattr(ns, "memory_limit", None))):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise InvalidParameter(f"{option} must be a positive finite number, got {value:g}")
    cache_size = getattr(ns, "cache_size", None)
    if cache_size is not None and not (math.isfinite(cache_size) and cache_size >= 0):
        raise InvalidParameter(f"--cache-size must be a number of megabytes >= 0 (0: no cache), got {cache_size:g}")
    if cache_size == 0 and getattr(ns, "cache_dir", None):
        raise InvalidParameter(
            f"--cache-dir {ns.cache_dir} with --cache-size 0 (no cache): nothing would be kept "
            "there; leave out one of them"
        )
    allowed = list(getattr(ns, "allowed_host", None) or [])
    for name in allowed:
        if name.strip() != "*" and split_host(name) is None:
            raise InvalidParameter(
                f"--allowed-host {name!r} is not a host name: give NAME or NAME:PORT as clients "
                "write it in the URL (e.g. games.example.org), or '*' for any"
            )
    host = ns.host.strip()
    if not host:
        raise InvalidParameter(
            f"--host {ns.host!r}: give an address to bind, e.g. 127.0.0.1 (this machine only) "
            "or 0.0.0.0 (every interface, on purpose)"
        )
    sock = _bind(host, ns.port)
    bound, port = sock.getsockname()[:2]
    if every_interface(bound):  # by the address bound (0, 0.0.0.0, ::, 0000::0...), not by its spelling
        spelled = "" if host == bound else f" ({bound})"
        warnings.warn(
            f"--host {host} serves every network interface{spelled}: anyone who can reach this machine "
            "can use the server",
            stacklevel=1,
        )
    policy = HostPolicy.for_bind(bound, port, allowed, named=host)
    previous = _on_sigterm(_terminate)  # uvicorn stops on SIGTERM, then raises it again: here, _Terminated
    try:
        app = create_app(
            max_positions=ns.max_positions,
            time_limit=ns.time_limit,
            workers=ns.workers,
            memory_limit=getattr(ns, "memory_limit", None),
            host_policy=policy,
            cache_size=cache_size,
            cache_dir=getattr(ns, "cache_dir", None),
        )
        # no wait for the workers: they start (and, on a first start, compile the kernels) while the page is served
        watch = StartWatch(app.state.pool, app.state.warmup, lambda: None, sys.stderr)
        try:
            shown = f"[{host}]" if ":" in host else host
            out.write(f"sprague: serving http://{shown}:{port}/ (Ctrl-C stops)\n")
            out.flush()
            serve_on(app, sock, started=watch)
            if watch.failure is not None:
                raise InvalidParameter(watch.failure)
        finally:
            watch.finish()
            _on_sigterm(signal.SIG_IGN)  # a second SIGTERM does not cut the workers' shutdown short
            app.state.pool.close()
    except _Terminated:
        pass
    finally:
        _on_sigterm(previous)
        sock.close()
    return 0


def _on_sigterm(handler: Any) -> Any:
    """Set the SIGTERM handler (main thread only: elsewhere signals cannot be handled); the one it replaces."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    try:
        return signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError):
        return None


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or one line saying why not (InvalidParameter)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        raise InvalidParameter(
            f"--host {host}: not a host name or address ({_reason(exc)}); use e.g. 127.0.0.1"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        fix = (
            "the port is in use, choose another with --port"
            if exc.errno == errno.EADDRINUSE
            else "choose another --host or --port"
        )
        raise InvalidParameter(f"cannot serve on {host} port {port} ({_reason(exc)}): {fix}") from None
    return sock


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
