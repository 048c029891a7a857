"""``main``: parse, run the command, and turn every error into one line on stderr and an exit status."""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from sprague.cli.commands import COMMANDS
from sprague.cli.common import OWN_PROGRESS, work_bar
from sprague.cli.parser import build_parser, parse
from sprague.core.budget import budget
from sprague.errors import SpragueError
from sprague.rulesets import load_plugin

__all__ = ["main"]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = list(sys.argv[1:] if argv is None else argv)
    sys.set_int_max_str_digits(0)  # heaps of any size are read and printed exactly

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        err.write(f"sprague: warning: {message}\n")

    with warnings.catch_warnings():  # a damaged cache file and the like: one line on stderr
        warnings.showwarning = show
        return _main(args, out, err)


def _main(args: list[str], out: TextIO, err: TextIO) -> int:
    try:
        if not args:
            build_parser().print_help(out)
            return 0
        with contextlib.redirect_stdout(out):  # --help and --version print through argparse
            ns = parse(args)
        env = [spec for spec in os.environ.get("SPRAGUE_PLUGINS", "").split(":") if spec]
        for spec in [*env, *ns.plugin]:
            load_plugin(spec)
        if ns.command is None:
            build_parser().print_help(out)
            return 2
        if ns.command == "serve":  # its --time-limit is the limit of each request: the server budgets each one
            return int(COMMANDS[ns.command](ns, out))
        memory = None if ns.max_memory is None else ns.max_memory << 20
        with budget(ns.max_work, memory, ns.time_limit) as b:  # one budget for the whole command
            if ns.command in OWN_PROGRESS or getattr(ns, "quiet", False):
                return int(COMMANDS[ns.command](ns, out))
            with work_bar(b):  # shown on a terminal once the work runs past 2 s
                return int(COMMANDS[ns.command](ns, out))
    except SpragueError as exc:  # one line, even when it quotes a typed newline
        err.write("sprague: error: " + str(exc).replace("\r", "\\r").replace("\n", "\\n") + "\n")
        return 2
    except KeyboardInterrupt:
        err.write("sprague: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except Exception as exc:  # a bug of ours: one line, not a traceback; SPRAGUE_DEBUG=1 shows it
        if os.environ.get("SPRAGUE_DEBUG"):
            raise
        err.write(
            f"sprague: internal error: {type(exc).__name__}: {exc} (please report it; "
            "SPRAGUE_DEBUG=1 shows the traceback)\n"
        )
        return 1
