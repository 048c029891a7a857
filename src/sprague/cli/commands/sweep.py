"""``sprague sweep PATTERN``: every take-and-break code of a family, solved as far as a budget, in one table
(``--misere``: the misère quotient of each)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from sprague.cli.common import print_json, progress_bar, use_cache, write_file
from sprague.errors import InvalidParameter
from sprague.sweep import (
    DEFAULT_GAME_WORK,
    DEFAULT_MAX_HEAP,
    DEFAULT_VALUES,
    MisereSweepResult,
    SweepResult,
    games,
    misere_sweep,
    sweep,
)

__all__ = ["cmd_sweep"]


def _refuse_mismatched(ns: argparse.Namespace, misere: bool) -> int | None:
    """Refuse options that do not go together (one line each); the largest bound of a proof, if given."""
    if ns.workers and ns.scheduler:
        raise InvalidParameter(
            f"--workers {ns.workers} and --scheduler {ns.scheduler}: give one (on a Dask cluster "
            "its own workers run the games)"
        )
    for option, value, wanted in (
        ("--values", ns.values, False),
        ("--max-positions", ns.max_positions, False),
        ("--max-heap", getattr(ns, "max_heap", None), True),
        ("--game-work", getattr(ns, "game_work", None), True),
        ("--prove", True if getattr(ns, "prove", False) else None, True),
    ):
        if value is not None and wanted != misere:
            raise InvalidParameter(
                f"{option}{'' if value is True else f' {value}'} is for "
                + (
                    "sweep --misere (the misère quotients); add --misere, or leave it out"
                    if wanted
                    else "the values of a normal-play sweep; with --misere the quotients are bounded by --max-heap N "
                    "and --game-work UNITS"
                )
            )
    prove_max = getattr(ns, "prove_max_heap", None)
    if prove_max is not None and not getattr(ns, "prove", False):
        raise InvalidParameter(
            f"--prove-max-heap {prove_max} is the largest bound of a proof; add --prove (with "
            "--misere), or leave it out"
        )
    max_heap = getattr(ns, "max_heap", None) or DEFAULT_MAX_HEAP
    if prove_max is not None and prove_max < max_heap:
        raise InvalidParameter(
            f"--prove-max-heap {prove_max} is below --max-heap {max_heap}; give at least "
            f"{max_heap} (the proof's bounds go up from --max-heap)"
        )
    return prove_max


def cmd_sweep(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague sweep 0.??``: the table on stdout (or ``--json``), ``--csv FILE``, ``--json FILE``; exit status
    130 if interrupted (the games finished are kept in the results cache: the same sweep again resumes)."""
    use_cache(ns)
    for option, path in (("--csv", ns.csv), ("--json", None if ns.json == "-" else ns.json)):
        if path:  # refused before the sweep runs, not after
            where = Path(path).parent
            if not where.is_dir() or not os.access(where, os.W_OK):
                raise InvalidParameter(
                    f"{option} {path!r}: cannot write there ({where} is not a writable directory); give a writable file"
                )
    misere = getattr(ns, "misere", False)
    prove_max = _refuse_mismatched(ns, misere)
    total = len(games(ns.pattern, ns.base))  # the pattern checked (one line if bad) before anything runs
    bar = progress_bar(ns.quiet, f"sweep {'--misere ' if misere else ''}{ns.pattern}", unit=" games", total=total)
    result: SweepResult | MisereSweepResult
    try:
        if misere:
            result = misere_sweep(
                ns.pattern,
                max_heap=ns.max_heap or DEFAULT_MAX_HEAP,
                game_work=ns.game_work or DEFAULT_GAME_WORK,
                base=ns.base,
                workers=ns.workers,
                scheduler=ns.scheduler,
                progress=bar.update if bar else None,
                resume=not ns.no_cache,
                prove=bool(getattr(ns, "prove", False)),
                prove_max_heap=prove_max,
            )
        else:
            result = sweep(
                ns.pattern,
                values=ns.values or DEFAULT_VALUES,
                max_positions=ns.max_positions,
                base=ns.base,
                workers=ns.workers,
                scheduler=ns.scheduler,
                progress=bar.update if bar else None,
                resume=not ns.no_cache,
            )
    finally:
        if bar:
            bar.close()
    if ns.csv:
        write_file("--csv", ns.csv, lambda path: Path(path).write_text(result.csv()))
    if ns.json not in (None, "-"):
        import json

        write_file("--json", ns.json, lambda path: Path(path).write_text(json.dumps(result.to_json(), indent=1) + "\n"))
    if ns.json == "-":
        print_json(result.to_json(), out)
    else:
        out.write(result.text())
    if result.interrupted:
        sys.stderr.write(
            f"sprague: interrupted after {result.done:,} of {result.games:,} games (those are kept in the "
            "results cache: run the same sweep again to resume)\n"
        )
        return 130
    return 0
