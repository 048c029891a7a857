"""The commands of ``sprague``: each takes the parsed namespace and the output stream, returns the exit status.

Each parses what is left (rulesets, positions), calls the public API and
renders the result with :mod:`sprague.present`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from sprague.cli.commands.cache import cmd_cache
from sprague.cli.commands.game import cmd_graph, cmd_moves, cmd_play, cmd_value
from sprague.cli.commands.info import cmd_describe, cmd_list, cmd_tour
from sprague.cli.commands.quotient import cmd_quotient
from sprague.cli.commands.sequence import cmd_sequence
from sprague.cli.commands.serve import cmd_serve
from sprague.cli.commands.sweep import cmd_sweep
from sprague.cli.commands.table import cmd_table
from sprague.cli.commands.verify import cmd_verify

__all__ = ["COMMANDS"]

#: each subcommand's name and the function that runs it
COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": cmd_list, "value": cmd_value, "moves": cmd_moves, "sequence": cmd_sequence, "table": cmd_table,
    "graph": cmd_graph, "play": cmd_play, "verify": cmd_verify, "tour": cmd_tour, "cache": cmd_cache,
    "serve": cmd_serve, "quotient": cmd_quotient, "misere-quotient": cmd_quotient, "sweep": cmd_sweep,
    "describe": cmd_describe,
}
