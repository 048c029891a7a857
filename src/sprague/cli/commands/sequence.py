"""``sprague sequence``: the Grundy values of single heaps, their period, sparse space and h-stair."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from sprague import ruleset
from sprague.cli.common import check_plot, print_json, progress_bar, save_array, use_cache, write_plot
from sprague.cli.parser import parse_params
from sprague.errors import InvalidParameter
from sprague.present import (
    check_sequence,
    genus_sequence_report,
    genus_sequence_text,
    loopy_sequence_report,
    loopy_sequence_text,
    sequence_report,
    sequence_text,
)
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.loopyheap import LoopyHeapRuleset
from sprague.rulesets.shapes import loopy_heaps

__all__ = ["cmd_sequence"]

_SPARSE_FROM = 2048  # from this many values, take-and-break games report their sparse space
_SPEED_FROM = 1.0  # seconds of computing from which the speed is reported on stderr


def cmd_sequence(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague sequence RULESET --max-heap N``: G(0..N), with ``--save`` and ``--plot``."""
    r = ruleset(ns.ruleset, **parse_params(ns.param))
    if loopy_heaps(r):
        return _loopy(r, ns, out)
    r = check_sequence(r, ns.to)
    use_cache(ns)  # the genera of --misere read and write the normal values there too
    if ns.misere:
        return _misere(r, ns, out)
    check_plot(ns.plot)
    bar = progress_bar(ns.quiet, f"{r.name} values", unit=" values", total=ns.to + 1)  # shows values/s
    known, began = r.known_length, time.perf_counter()
    try:
        array = r.sequence(ns.to + 1, ns.max_positions, progress=bar.update if bar else None, compact=True)
    except KeyboardInterrupt:
        sys.stderr.write(
            f"sprague: interrupted after {r.known_length:,} of {ns.to + 1:,} values "
            "(those are kept in the results cache)\n"
        )
        raise
    finally:
        if bar:
            bar.close()
    resumed = r.resumed_from
    if resumed > known and not ns.quiet:
        sys.stderr.write(
            f"sprague: resumed from the results cache: values 0..{resumed - 1:,} were kept by an "
            f"earlier run, {resumed:,}..{ns.to:,} computed now\n"
        )
    _report_speed(ns.quiet, r.known_length - max(known, resumed), time.perf_counter() - began)
    if ns.save:
        save_array(array, ns.save)
    data, per = sequence_report(r, array, ns.max_positions)  # the array as kept (2 bytes a value, not a list)
    if ns.plot:
        from sprague.viz.plot import sequence_figure

        write_plot(ns.plot, lambda: sequence_figure(array, per, title=r.describe()))
    if ns.json:
        print_json(data, out)
        return 0
    sparse = r.sparse_space(len(array)) if len(array) > _SPARSE_FROM else None
    out.write(sequence_text(r, data, per, sparse, saved=bool(ns.save)))
    return 0


def _report_speed(quiet: bool, computed: int, seconds: float) -> None:
    """A last line on stderr after a long computation (a second or more): the values computed and their speed."""
    if not quiet and computed > 0 and seconds >= _SPEED_FROM:
        sys.stderr.write(
            f"sprague: computed {computed:,} values in {seconds:,.1f} s ({computed / seconds:,.0f} values/s)\n"
        )


def _loopy(r: LoopyHeapRuleset, ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague sequence RULESET --max-heap N`` of a loopy heap game: gamma of each heap (no period is sought)."""
    if ns.to < 0:
        raise InvalidParameter(f"--max-heap must be a non-negative heap size, got {ns.to}")
    if ns.cache_dir:
        raise InvalidParameter(
            f"--cache-dir {ns.cache_dir}: the values of the loopy game {r.name} are not cached "
            "(nothing is read or written there); leave it out"
        )
    return _listed(
        ns,
        out,
        f"for the loopy game {r.name}",
        "its values",
        ("--misere",),
        lambda: loopy_sequence_report(r, ns.to, ns.max_positions),
        lambda d: loopy_sequence_text(r, d),
    )


def _misere(r: HeapRuleset, ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague sequence RULESET --max-heap N --misere``: the genus of each heap (Conway; Winning Ways ch. 13)."""
    return _listed(
        ns,
        out,
        "with --misere",
        "the genera",
        (),
        lambda: genus_sequence_report(r, ns.to, ns.max_positions),
        lambda d: genus_sequence_text(r, d),
    )


def _listed(
    ns: argparse.Namespace,
    out: TextIO,
    where: str,
    what: str,
    refused: tuple[str, ...],
    report: Callable[[], dict[str, Any]],
    text: Callable[[dict[str, Any]], str],
) -> int:
    """A sequence without --save and --plot (nor ``refused``): the report as JSON or as text."""
    for flag in ("--save", "--plot", *refused):
        if getattr(ns, flag[2:]):
            raise InvalidParameter(f"{flag} is not available {where}; --json gives {what} to scripts")
    data = report()
    if ns.json:
        print_json(data, out)
    else:
        out.write(text(data))
    return 0
