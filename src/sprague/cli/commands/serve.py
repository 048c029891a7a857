"""``sprague serve``: the web page and JSON API (needs the [web] extra)."""

from __future__ import annotations

import argparse
from typing import TextIO

from sprague.errors import InvalidParameter

__all__ = ["cmd_serve"]


def cmd_serve(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague serve [--host H] [--port P]``: serve until Ctrl-C."""
    try:
        import uvicorn

        from sprague.web import create_app
    except ImportError as exc:
        raise InvalidParameter(f"'sprague serve' needs FastAPI and uvicorn ({exc.name} is missing); "
                               "install them with: pip install 'sprague[web]'") from None
    if not 0 <= ns.port < 65536:
        raise InvalidParameter(f"--port must be in 0..65535, got {ns.port}")
    if ns.time_limit is not None and ns.time_limit <= 0:
        raise InvalidParameter(f"--time-limit must be a positive number of seconds, got {ns.time_limit}")
    app = create_app(max_positions=ns.max_positions, time_limit=ns.time_limit)
    out.write(f"sprague: serving http://{ns.host}:{ns.port}/ (Ctrl-C stops)\n")
    out.flush()
    uvicorn.run(app, host=ns.host, port=ns.port, log_level="warning")
    return 0
