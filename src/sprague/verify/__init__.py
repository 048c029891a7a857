"""Checking a theorem (or your own conjecture) against brute force over a box of positions.

The *box* is every position with ``n`` heaps of ``lo..max_heap`` tokens (heaps as
a multiset). In the Delete Nim family heaps never grow, so the box is closed
under moves and two exact methods apply:

``table``
    Fill the table of outcomes (or Grundy values) of the whole box by search,
    in rank order (every option has a smaller rank, see :mod:`sprague.kernels.box`),
    and compare it with the claims. Exact; one process; memory 1-4 bytes a position.
    Outcomes come from the retrograde sieve (:mod:`sprague.kernels.retro`) where
    it is faster (see :func:`sprague.solve.box.sieve_pays`).
``local``
    Needs no table of truths. A P/N claim is correct on the box iff every claimed
    P-position has no option that is not claimed N, and every claimed N-position
    has a claimed-P option (by induction on rank); a Grundy claim iff each value is
    the mex of its options' claims. Each position is checked on its own, so ranges
    of ranks run in parallel: on a :mod:`concurrent.futures` process pool, or on a
    Dask cluster (``scheduler="tcp://host:port"``).

A failure is reported with the smallest counterexample by total size (then by
the heaps): the position, what is claimed, what search finds, and the option that
breaks the claim. For a local-check failure the true values come from a table
filled up to the failing ranks, so the counterexample reported is a real one.

Rulesets outside the family, and your own, are checked by the same local rule
over their own ``moves`` in Python (slower; the box must be closed under moves).
A ruleset whose positions are not heaps (rows of coins, graphs...) is checked on
its own box, the positions its ``positions(size)`` lists up to ``max_heap``: a
claim given for it, or a theorem about it (``Theorem(box="positions")``).

Examples
--------
>>> from sprague.verify import verify
>>> report = verify("single-delete-3", max_heap=12)
>>> report.ok, report.positions
(True, 364)
>>> import sprague
>>> bad = verify(sprague.ruleset("single-delete"), claim=lambda h: "P" if all(z % 2 for z in h) else "N",
...              heaps=3, max_heap=8)
>>> bad.ok, bad.counterexample.position, bad.counterexample.claimed, bad.counterexample.found
(False, (2, 2, 2), 'N', 'P')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sprague.core.limits import check_limit
from sprague.core.parallel import check_workers, dask_workers
from sprague.core.parsing import check_misere, check_progress
from sprague.errors import InvalidParameter
from sprague.solve.ruleset import Ruleset
from sprague.theorems import Theorem, all_theorems
from sprague.verify.job import DEFAULT_MAX_BOX, METHODS, Job
from sprague.verify.report import Counterexample, Report

__all__ = ["verify", "Report", "Counterexample", "DEFAULT_MAX_BOX", "METHODS"]


# ------------------------------------------------------------------ public entry
def verify(
    target: str | Theorem | Ruleset,
    claim: Callable[[tuple[int, ...]], Any] | None = None,
    *,
    kind: str = "outcome",
    heaps: int | None = None,
    max_heap: int = 16,
    params: dict[str, Any] | None = None,
    method: str = "local",
    workers: int = 1,
    scheduler: str | Any | None = None,
    max_positions: int = DEFAULT_MAX_BOX,
    progress: Callable[[int], None] | None = None,
    engine: str = "auto",
    misere: bool | None = None,
) -> Report:
    """Check a registered theorem (by name), or ``claim`` on a ruleset, over every position of a box.

    Parameters
    ----------
    target : str, Theorem or Ruleset
        A theorem name (``sprague verify --list``), a :class:`~sprague.theorems.Theorem`,
        or a ruleset (then ``claim`` is required).
    claim : callable, optional
        Your formula: takes the heaps sorted ascending and returns ``"P"``/``"N"``/``True``
        (for P)/``False`` (``kind="outcome"``) or a Grundy value (``kind="grundy"``);
        ``None`` where it claims nothing.
    heaps, max_heap : int
        The box: ``heaps`` heaps of at most ``max_heap`` tokens each.
    method : {"local", "table", "both"}
    workers : int
        Processes for the local check (1: in this process).
    scheduler : str or dask.distributed.Client, optional
        Run the local check's chunks on a Dask cluster instead.
    progress : callable, optional
        Called with the number of positions just checked, as chunks finish.
    engine : {"auto", "python"}
        ``"python"`` runs the plain-Python check over ``Ruleset.moves`` even where a
        compiled kernel exists (the kernels' twin, for comparisons and benchmarks).
    misere : bool, optional
        Whether ``claim`` is about misère play (the player who makes the last move
        loses): outcomes, or Conway's misère Grundy values g- with ``kind="grundy"``,
        checked against misère search (in Python: the compiled kernels are for normal
        play). A theorem says itself which play it is about (``Theorem.misere``);
        ``misere=True`` with a normal-play theorem is refused.
    """
    if method not in METHODS:
        raise InvalidParameter(f"method {method!r} is not one of {', '.join(METHODS)}")
    if kind not in ("outcome", "grundy"):
        raise InvalidParameter(f"kind {kind!r} is not 'outcome' or 'grundy'")
    check_workers(workers)
    if engine not in ("auto", "python"):
        raise InvalidParameter(f"engine {engine!r} is not 'auto' or 'python'")
    if misere is not None:
        check_misere(misere)
    progress = check_progress(progress)
    limit = check_limit(max_positions, default=DEFAULT_MAX_BOX)
    job = Job.build(target, claim, kind, heaps, max_heap, params or {}, limit)
    job.limit = limit
    if job.theorem is not None:
        if misere and not job.theorem.misere:
            raise InvalidParameter(
                f"theorem {job.theorem.name} is about normal play; drop --misere (misère theorems: "
                "'sprague verify --list' marks them)"
            )
        job.misere = job.theorem.misere
    else:
        job.misere = bool(misere)
    if engine == "python" or job.misere:
        job.shapes = None
    serial = ""
    if job.shapes is None and (workers > 1 or scheduler is not None):  # said in the report, not ignored silently
        serial = "in one process (a check in Python does not run in parallel; workers are for the compiled kernels)"
        workers, scheduler = 1, None
    started = time.perf_counter()
    report = job.report(method, workers if scheduler is None else dask_workers(scheduler))
    report.fallback = serial
    try:
        if method in ("table", "both"):
            job.run_table(report)
        if method in ("local", "both") and not report.failures:
            job.run_local(report, workers, scheduler, progress)
            if report.inconclusive and method == "local":
                # a statement about part of the box: decide it by the table instead
                report.method, report.inconclusive, report.checked = "local, then table", None, 0
                job.run_table(report)
            elif report.inconclusive:  # "both": the table, already run, decided it
                report.method, report.inconclusive = "both, decided by the table", None
                report.checked = report.positions
    except KeyboardInterrupt:
        report.interrupted = True
    report.seconds = time.perf_counter() - started
    if not report.interrupted and not report.claimed and not report.counterexample:
        report.inconclusive = "the statement claims nothing about any position of this box; enlarge it (--max-heap)"
    return report


def theorems() -> list[Theorem]:
    """Every registered theorem."""
    return list(all_theorems())
