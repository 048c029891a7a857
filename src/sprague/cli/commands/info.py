"""``sprague list`` (the rulesets), ``sprague describe`` (one ruleset in words), ``sprague tour`` and
``sprague warm-up``."""

from __future__ import annotations

import argparse
from typing import TextIO

from sprague import ruleset
from sprague.cli.common import print_json
from sprague.cli.parser import parse_params
from sprague.present import describe_report, describe_text, list_report, list_text

__all__ = ["cmd_list", "cmd_describe", "cmd_tour", "cmd_warm_up"]


def cmd_list(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague list``: every ruleset with its parameters, closed form, source and an example."""
    rows = list_report()
    if ns.json:
        print_json(rows, out)
    else:
        out.write(list_text(rows))
    return 0


def cmd_describe(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague describe RULESET [-p ...]``: the rules in words, and the games known to be the same."""
    data = describe_report(ruleset(ns.ruleset, **parse_params(ns.param)))
    if ns.json:
        print_json(data, out)
    else:
        out.write(describe_text(data))
    return 0


def cmd_tour(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague tour``: every question of the Nim handout, answered by computation."""
    from sprague.cli.tour import tour

    tour(out)
    return 0


def cmd_warm_up(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague warm-up``: every kernel compiled (or loaded) once, each job's time printed as it ends."""
    from sprague.warmup import numba_cache_dir, warm_up

    out.write(f"compiling the kernels into {numba_cache_dir()}\n")
    out.flush()

    def report(name: str, seconds: float) -> None:
        out.write(f"{seconds:6.1f} s  {name}\n")
        out.flush()

    total = sum(seconds for _, seconds in warm_up(report))
    out.write(f"done in {total:.1f} s; later questions load the kernels from there\n")
    return 0
