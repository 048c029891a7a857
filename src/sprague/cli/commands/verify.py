"""``sprague verify``: theorems checked against brute force over boxes of positions."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from sprague import find_ruleset, ruleset
from sprague.cli.common import print_json, progress_bar
from sprague.cli.parser import parse_params
from sprague.core.parsing import check_heap_count
from sprague.core.plugins import load_module
from sprague.errors import InvalidParameter
from sprague.present import theorems_report, theorems_text

__all__ = ["cmd_verify", "heap_counts"]


def heap_counts(text: str | None) -> list[int] | None:
    """``4``, ``5-40`` or ``5,7,9`` (the ``--heaps`` option) as a list of heap counts.

    >>> heap_counts("4"), heap_counts("5-7,9")
    ([4], [5, 6, 7, 9])
    """
    if text is None:
        return None
    counts: list[int] = []
    for part in text.replace(" ", "").split(","):
        lo, dash, hi = part.partition("-")
        if not lo.isdigit() or (dash and not hi.isdigit()):
            raise InvalidParameter(f"--heaps {text!r}: write a number (4), a range (5-40) or a list (5,7)")
        if dash and int(hi) < int(lo):
            raise InvalidParameter(f"--heaps {text!r}: the range {part} runs backwards; write {hi}-{lo}")
        counts.extend(range(int(lo), int(hi) + 1) if dash else [int(lo)])
    if not counts or min(counts) < 1:
        raise InvalidParameter(f"--heaps {text!r} names no positive number of heaps")
    return counts


def cmd_verify(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague verify THEOREM... | all | --list``: exit status 1 if one is refuted, 130 if interrupted."""
    from sprague.theorems import all_theorems, find_theorem

    if ns.list:
        _refuse_with_list(ns)
        rows = theorems_report()
        if ns.json:
            print_json(rows, out)
        else:
            out.write(theorems_text(rows))
        return 0
    if ns.workers is not None and ns.scheduler:
        raise InvalidParameter(
            f"--workers {ns.workers} and --scheduler {ns.scheduler}: give one (on a Dask cluster "
            "its own workers run the check)"
        )
    if ns.claim:
        return _verify_claim(ns, out)
    if ns.kind is not None:
        raise InvalidParameter(
            f"--kind {ns.kind} says what a --claim returns; a theorem says its own kind ('sprague "
            "verify --list' shows it): leave out --kind, or give --claim MODULE:FUNCTION"
        )
    if not ns.theorems:
        raise InvalidParameter("name a theorem to verify, or all ('sprague verify --list' shows them)")
    chosen = list(all_theorems()) if ns.theorems == ["all"] else [find_theorem(name) for name in ns.theorems]
    if ns.misere and ns.theorems == ["all"]:
        chosen = [t for t in chosen if t.misere]  # all the theorems about misère play
    counts = heap_counts(ns.heaps)
    ruleset_params = parse_params(ns.param)
    takes = {t.name: {p.name for p in find_ruleset(t.ruleset).parameters} for t in chosen}
    unused = set(ruleset_params) - set().union(*takes.values())
    if unused:
        raise InvalidParameter(
            f"no chosen theorem takes the parameter {sorted(unused)[0]!r} "
            "('sprague verify --list' shows each theorem's parameters)"
        )
    jobs: list[tuple[Any, dict[str, Any], int | None]] = []
    left_out = []
    for theorem in chosen:
        own = {k: v for k, v in ruleset_params.items() if k in takes[theorem.name]}
        checked = ruleset(theorem.ruleset, **{**theorem.params, **own}).params  # -p k=x: one line, not int('x')
        own = {k: checked[k] for k in own}
        if not theorem.on_heaps or counts is None:
            default = theorem.heaps_default(own)
            if default is not None:
                check_heap_count(default, theorem.name)  # before any job runs: -p k=10**100 means 2k heaps
            if counts is not None and ns.theorems != ["all"]:
                theorem.check_heaps(counts[0], own)  # raises: --heaps means nothing for its positions
            if counts is None or theorem.on_heaps:
                jobs.append((theorem, own, default))
            else:
                left_out.append(theorem.name)
            continue
        fitting = [n for n in counts if theorem.takes_heaps(n, own)]
        if not fitting and ns.theorems != ["all"]:
            theorem.check_heaps(counts[0], own)  # raises: the counts are outside its domain
        if not fitting:
            left_out.append(theorem.name)
        jobs.extend((theorem, own, n) for n in fitting)
    if left_out and not ns.json:
        out.write(f"left out (--heaps {ns.heaps} is outside their domain): {', '.join(left_out)}\n")
    return _run(
        ns,
        out,
        [(theorem, None, own, n, f"{theorem.name}, {n} heaps" if n else theorem.name) for theorem, own, n in jobs],
    )


def _refuse_with_list(ns: argparse.Namespace) -> None:
    """``--list`` lists the theorems and verifies nothing: an option for a verification is refused, not ignored."""
    given = [
        flag
        for flag, value in (
            ("THEOREM", ns.theorems),
            ("--claim", ns.claim),
            ("--kind", ns.kind),
            ("--misere", ns.misere),
            ("--heaps", ns.heaps),
            ("--max-heap", ns.max_heap),
            ("--method", ns.method),
            ("--workers", ns.workers),
            ("--scheduler", ns.scheduler),
            ("-p", ns.param),
            ("--max-positions", ns.max_positions),
        )
        if value
    ]
    if given:
        what = " ".join(ns.theorems) if given[0] == "THEOREM" else given[0]
        raise InvalidParameter(
            f"{what}: --list lists every theorem and verifies nothing; leave out --list to "
            "verify, or the other options to list"
        )


def _verify_claim(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague verify --claim MODULE:FUNCTION RULESET``: the user's own claim against search."""
    if len(ns.theorems) != 1:
        raise InvalidParameter(
            "with --claim, name the one ruleset the claim is about: sprague verify --claim myclaims.py:f nim --heaps 2"
        )
    module, _, attr = ns.claim.rpartition(":")
    if not module or not attr:
        raise InvalidParameter(f"--claim {ns.claim!r}: write MODULE:FUNCTION, e.g. myclaims.py:lasker")
    claim = vars(load_module(module)).get(attr)
    if not callable(claim):
        raise InvalidParameter(f"--claim {ns.claim!r}: {module} has no function {attr!r}")
    rules = ruleset(ns.theorems[0], **parse_params(ns.param))
    counts: list[int | None] = list(heap_counts(ns.heaps) or []) or [None]  # None: 2 heaps, or a non-heap game's box
    return _run(ns, out, [(rules, claim, {}, n, f"{attr}, {n} heaps" if n else attr) for n in counts])


def _run(ns: argparse.Namespace, out: TextIO, jobs: list[tuple[Any, Any, dict[str, Any], int | None, str]]) -> int:
    """Verify each job (target, claim, params, heaps, label); print the reports; the exit status."""
    from sprague.verify import DEFAULT_MAX_BOX, verify

    reports = []
    status = 0
    for target, claim, own, n, label in jobs:
        bar = progress_bar(ns.quiet, label)
        try:
            report = verify(
                target,
                claim,
                kind=ns.kind or "outcome",
                heaps=n,
                max_heap=16 if ns.max_heap is None else ns.max_heap,
                params=own,
                misere=ns.misere,
                method=ns.method or "local",
                workers=ns.workers or 1,
                scheduler=ns.scheduler,
                max_positions=ns.max_positions or DEFAULT_MAX_BOX,
                progress=bar.update if bar else None,
            )
        finally:
            if bar:
                bar.close()
        reports.append(report)
        if not ns.json:
            out.write(report.summary() + "\n")
            out.flush()
        if not report.ok:
            status = 1
        if report.interrupted:
            status = 130
            break
    if ns.json:
        print_json([r.to_json() for r in reports], out)
    return status
