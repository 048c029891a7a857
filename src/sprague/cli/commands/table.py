"""``sprague table``: the P/N (or Grundy) grid of two heaps, or the summary of every K-heap position."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from sprague import Ruleset
from sprague.cli.common import check_plot, print_json, progress_bar, use_cache, write_file, write_plot
from sprague.cli.parser import spec
from sprague.errors import InvalidParameter
from sprague.present import grid_report, grid_text, heap_table_report, heap_table_text
from sprague.rulesets.shapes import examples, heap_game

__all__ = ["cmd_table"]


def cmd_table(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague table GAME [GAME]``: a sum of two heap games, or one game's two-heap positions (``--heaps K``: K)."""
    games = [spec(t) for t in ns.games]
    check_plot(ns.plot)
    if ns.workers and ns.scheduler:
        raise InvalidParameter(
            f"--workers {ns.workers} and --scheduler {ns.scheduler}: give one (on a Dask cluster "
            "its own workers run the tasks)"
        )
    if ns.heaps is not None:
        return _heap_table(games, ns, out)
    for flag, given in (("--save", ns.save), ("--workers", ns.workers), ("--scheduler", ns.scheduler)):
        if given:
            raise InvalidParameter(f"{flag} goes with --heaps K (the table of all K-heap positions)")
    misere = bool(ns.misere)
    report = grid_report(
        games,
        ns.max,
        ns.min,
        ns.values,
        ns.method,
        ns.max_positions,
        ns.fixed,
        use_cache=lambda: use_cache(ns),
        misere=misere,
    )
    if ns.plot:
        from sprague.viz.plot import table_figure

        held = "".join(f" {h}" for h in ns.fixed.replace(",", " ").split())
        title = " + ".join(g.describe() for g in games) + (f" (positions x y{held})" if held else "")
        write_plot(
            ns.plot,
            lambda: table_figure(
                report.data["table"],
                report.heaps,
                report.heaps,
                values=ns.values,
                title=title,
                xlabel=report.col_title,
                ylabel=report.row_title,
                misere=misere,
            ),
        )
    if ns.json:
        print_json(report.data, out)
    else:
        out.write(grid_text(report, ns.origin))
    return 0


def _heap_table(games: list[Ruleset], ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague table GAME --heaps K``: every K-heap position, summarised (and saved with --save)."""
    if len(games) != 1 or not heap_game(games[0]):
        raise InvalidParameter(
            f"--heaps K takes one heap game, e.g. sprague table {examples('heaps', 1)} --heaps 4 --max-heap 64"
        )
    if ns.fixed:
        raise InvalidParameter("--fixed and --heaps do not go together: --heaps tabulates every position")
    if ns.method != "auto":
        raise InvalidParameter(
            f"--method {ns.method} and --heaps do not go together: the table of every position "
            "is filled by the compiled kernels where the game has them, else by search; leave out "
            "--method"
        )
    if ns.origin != "bottom":
        raise InvalidParameter(
            f"--origin {ns.origin} places the rows of a grid; --heaps prints a summary, not a grid: leave out --origin"
        )
    if ns.plot and ns.heaps != 2:
        raise InvalidParameter(
            f"--plot draws 2 heaps, not --heaps {ns.heaps}; "
            "for a 2-heap slice of more heaps use --fixed, e.g. --fixed 4"
        )
    use_cache(ns)
    bar = progress_bar(ns.quiet, f"{games[0].name}, {ns.heaps} heaps")
    try:
        t, data = heap_table_report(
            games[0],
            ns.max,
            ns.heaps,
            ns.values,
            ns.min,
            ns.max_positions,
            progress=bar.update if bar else None,
            misere=bool(ns.misere),
            workers=ns.workers,
            scheduler=ns.scheduler,
        )
    except KeyboardInterrupt:
        sys.stderr.write("sprague: interrupted; the positions finished are kept in the results cache\n")
        raise
    finally:
        if bar:
            bar.close()
    if t.resumed_from and not ns.quiet:
        sys.stderr.write(
            f"sprague: resumed from the results cache: the values of {t.resumed_from:,} of the "
            f"{len(t):,} positions were kept by an earlier run, the rest computed now\n"
        )
    if ns.save:
        write_file("--save", ns.save, t.save)  # a chunk of rows at a time: never every position at once
    if ns.plot:
        from sprague.viz.plot import table_figure

        write_plot(ns.plot, lambda: table_figure(t))
    if ns.json:
        print_json(data, out)
    else:
        out.write(heap_table_text(t, ns.save))
    return 0
