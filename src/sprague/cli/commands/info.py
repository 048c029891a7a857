"""``sprague list`` (the rulesets) and ``sprague tour`` (the Nim handout, answered)."""

from __future__ import annotations

import argparse
from typing import TextIO

from sprague.cli.common import print_json
from sprague.present import list_report, list_text

__all__ = ["cmd_list", "cmd_tour"]


def cmd_list(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague list``: every ruleset with its parameters, closed form, source and an example."""
    rows = list_report()
    if ns.json:
        print_json(rows, out)
    else:
        out.write(list_text(rows))
    return 0


def cmd_tour(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague tour``: every question of the Nim handout, answered by computation."""
    from sprague.cli.tour import tour

    tour(out)
    return 0
