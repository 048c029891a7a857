"""``sprague cache list|clear``: the results cache of slow computations."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from sprague.cache import Cache
from sprague.cli.common import open_cache, print_json
from sprague.present import cache_report, cache_text, size_text

__all__ = ["cmd_cache"]


def cmd_cache(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague cache list``: each cached result and temporary file; ``sprague cache clear``: remove them all.

    Temporary files are those of unfinished writes: *stale* ones (their writer was
    killed) are listed as such and removed by ``clear``; those of a write still
    under way are listed and kept.
    """
    cache = open_cache(ns)
    if ns.action == "clear":
        swept = len(cache.sweep())
        removed = cache.clear()
        kept = len(cache.temporaries())
        if ns.json:
            print_json(
                {
                    "directory": str(cache.directory),
                    "removed": removed,
                    "removed_temporary": swept,
                    "kept_temporary": kept,
                },
                out,
            )
        else:
            out.write(f"removed {removed} cached result{'' if removed == 1 else 's'}")
            if swept:
                out.write(f" and {plural(swept, 'stale temporary file')}")
            out.write(f" from {cache.directory}\n")
            if kept:
                out.write(f"kept {plural(kept, 'temporary file')} of writes under way\n")
        return 0
    data = cache_report(cache)
    data["temporary"] = temporaries(cache)
    if ns.json:
        print_json(data, out)
    else:
        out.write(cache_text(data) + temporaries_text(data["temporary"]))
    return 0


def temporaries(cache: Cache) -> list[dict[str, Any]]:
    """The cache's temporary files as ``cache list --json`` shows them."""
    return [
        {
            "path": str(t.path),
            "nbytes": t.nbytes,
            "modified": t.modified,
            "pid": t.pid,
            "host": t.host,
            "stale": t.stale,
        }
        for t in cache.temporaries()
    ]


def temporaries_text(temps: list[dict[str, Any]]) -> str:
    """One line per temporary file (stale, or being written) and a total, or nothing if there is none."""
    if not temps:
        return ""
    lines = []
    for t in temps:
        writer = "an unknown writer" if t["pid"] is None else f"pid {t['pid']} on {t['host'] or 'an unknown host'}"
        state = "stale: its writer is gone" if t["stale"] else "being written"
        lines.append(
            f"temporary  {size_text(t['nbytes'])}  {state} ({writer}, modified {t['modified']})  {t['path']}\n"
        )
    stale = [t for t in temps if t["stale"]]
    lines.append(
        f"{plural(len(temps), 'temporary file')}, {size_text(sum(t['nbytes'] for t in temps))}"
        + (
            f"; {len(stale)} stale, {size_text(sum(t['nbytes'] for t in stale))}: 'sprague cache clear' removes them\n"
            if stale
            else "\n"
        )
    )
    return "".join(lines)


def plural(count: int, noun: str) -> str:
    """``3 temporary files``, ``1 temporary file``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
