"""``sprague discover``: conjectures from data, checked on a larger box."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from sprague.cli.commands.verify import heap_counts
from sprague.cli.common import print_json, progress_bar
from sprague.cli.parser import parse_params
from sprague.core.limits import DISCOVER_BUDGET, DISCOVER_MEMORY

__all__ = ["cmd_discover"]


def cmd_discover(ns: argparse.Namespace, out: TextIO) -> int:
    """Print the rules found (exit status 0), or that none was found for some kind (exit status 1)."""
    from sprague.discover import KINDS, discover

    counts = heap_counts(ns.heaps) or None
    params: dict[str, Any] = parse_params(ns.param)
    bar = progress_bar(ns.quiet, f"discover {ns.ruleset}", unit=" expressions")
    try:
        found = discover(
            ns.ruleset,
            counts,
            ns.max_heap,
            kinds=KINDS if ns.kind == "both" else ns.kind,
            verify_max=ns.verify_max,
            budget=ns.budget or DISCOVER_BUDGET,
            max_cost=ns.max_cost,
            max_positions=ns.max_positions,
            progress=bar.update if bar else None,
            memory=ns.memory * 2**20 if ns.memory else DISCOVER_MEMORY,
            misere=ns.misere,
            family=ns.family,
            **params,
        )
    finally:
        if bar:
            bar.close()
    if ns.json:
        print_json(found.to_json(), out)
    else:
        out.write(found.summary() + "\n")
    return 0 if all(rule.holds for rule in found.rules) else 1
