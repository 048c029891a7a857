"""``sprague cache list|clear``: the results cache of slow computations."""

from __future__ import annotations

import argparse
from typing import TextIO

from sprague.cli.common import open_cache, print_json
from sprague.present import cache_report, cache_text

__all__ = ["cmd_cache"]


def cmd_cache(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague cache list``: each cached result; ``sprague cache clear``: remove them all."""
    cache = open_cache(ns)
    if ns.action == "clear":
        removed = cache.clear()
        if ns.json:
            print_json({"directory": str(cache.directory), "removed": removed}, out)
        else:
            out.write(f"removed {removed} cached result{'' if removed == 1 else 's'} from {cache.directory}\n")
        return 0
    data = cache_report(cache)
    if ns.json:
        print_json(data, out)
    else:
        out.write(cache_text(data))
    return 0
