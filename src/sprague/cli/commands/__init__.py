"""The commands of ``sprague``: each takes the parsed namespace and the output stream, returns the exit status.

Each parses what is left (rulesets, positions), calls the public API and
renders the result with :mod:`sprague.present`.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import TextIO

__all__ = ["COMMANDS"]

Command = Callable[[argparse.Namespace, TextIO], int]


def _command(module: str, name: str) -> Command:
    """The command ``name`` of ``sprague.cli.commands.<module>``, imported when it runs (not for every command)."""

    def run(ns: argparse.Namespace, out: TextIO) -> int:
        command: Command = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return command(ns, out)

    run.__name__ = name
    return run


#: each subcommand's name and the function that runs it
COMMANDS: dict[str, Command] = {
    "list": _command("info", "cmd_list"),
    "value": _command("game", "cmd_value"),
    "moves": _command("game", "cmd_moves"),
    "sequence": _command("sequence", "cmd_sequence"),
    "table": _command("table", "cmd_table"),
    "graph": _command("game", "cmd_graph"),
    "play": _command("game", "cmd_play"),
    "verify": _command("verify", "cmd_verify"),
    "tour": _command("info", "cmd_tour"),
    "cache": _command("cache", "cmd_cache"),
    "serve": _command("serve", "cmd_serve"),
    "quotient": _command("quotient", "cmd_quotient"),
    "misere-quotient": _command("quotient", "cmd_quotient"),
    "sweep": _command("sweep", "cmd_sweep"),
    "describe": _command("info", "cmd_describe"),
    "discover": _command("discover", "cmd_discover"),
    "warm-up": _command("info", "cmd_warm_up"),
}
