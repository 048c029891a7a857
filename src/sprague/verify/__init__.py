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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sprague.core.limits import LOOPY_WORK_PER_POSITION, check_limit, format_size
from sprague.core.loopy import Infinite, LoopyValue, loopy_outcome, parse_value
from sprague.core.nimber import mex
from sprague.core.parallel import check_workers, dask_workers, run_tasks
from sprague.core.parsing import check_heap_count, check_misere, check_progress
from sprague.core.ruleset import Ruleset
from sprague.errors import InvalidParameter, TooLarge
from sprague.kernels import config
from sprague.rulesets import ruleset as get_ruleset
from sprague.rulesets.heap import MultiHeapRuleset
from sprague.rulesets.loopyheap import LoopyHeapRuleset
from sprague.solve.box import Box, box_size
from sprague.solve.table import kernel_shapes
from sprague.theorems import Theorem, all_theorems, find_theorem

__all__ = ["verify", "Report", "Counterexample", "DEFAULT_MAX_BOX", "METHODS"]

#: largest box verified without ``max_positions`` raised (positions)
DEFAULT_MAX_BOX = 50_000_000
METHODS = ("local", "table", "both")


@dataclass
class Counterexample:
    """A position where the claim and search disagree."""

    position: Any
    claimed: str | int
    found: str | int
    option: tuple[int, ...] | None
    reason: str
    #: the position as written in reports (default: heaps as ``<3, 5, 6>``)
    shown: str = ""

    def describe(self) -> str:
        pos = self.shown or "<" + ", ".join(map(str, self.position)) + ">"
        return f"{pos}: claimed {self.claimed}, search finds {self.found}; {self.reason}"


@dataclass
class Report:
    """The outcome of a verification run."""

    name: str
    citation: str
    ruleset: str
    kind: str
    heaps: int
    max_heap: int
    method: str
    positions: int
    claimed: int = 0
    checked: int = 0
    seconds: float = 0.0
    workers: int = 1
    engine: str = "compiled"
    failures: int = 0
    counterexample: Counterexample | None = None
    inconclusive: str | None = None
    interrupted: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    #: the positions checked, in words (default: ``heaps`` heaps of at most ``max_heap`` tokens)
    domain: str = ""
    #: why the check ran as it did when it could not run as asked (a local check on a box moves leave)
    fallback: str = ""
    #: whether the claim is about misère play (checked against misère search)
    misere: bool = False

    @property
    def ok(self) -> bool:
        return not self.failures and not self.interrupted and self.inconclusive is None

    def summary(self) -> str:
        box = self.domain or f"{self.heaps} heaps <= {self.max_heap}"  # "REFUTED on <box>"
        where = self.domain.replace("positions ", "", 1) if self.domain else f"with {box}"  # "positions <where>"
        how = f"{self.method} check, {self.engine}, {self.workers} worker{'s' if self.workers != 1 else ''}"
        if self.fallback:
            how += f"; {self.fallback}"
        head = f"{self.name} ({self.citation}{'; misère play' if self.misere else ''})"
        if self.interrupted:
            return (f"{head}: interrupted after {self.checked:,} of {self.positions:,} positions {where}; "
                    f"no failure among them ({self.seconds:.2f} s)")
        if self.counterexample:
            kind = "local failures" if self.method == "local" else "failures"
            return (f"{head}: REFUTED on {box} ({how}, {self.seconds:.2f} s, {self.failures:,} {kind})\n"
                    f"  smallest counterexample {self.counterexample.describe()}")
        if self.inconclusive:
            return f"{head}: INCONCLUSIVE on {box}: {self.inconclusive}"
        return (f"{head}: holds on all {self.positions:,} positions {where} "
                f"({self.claimed:,} claimed; {how}; {self.seconds:.2f} s)")

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k != "counterexample"}
        data["ok"] = self.ok
        if self.counterexample:
            cx = self.counterexample
            data["counterexample"] = {"position": list(cx.position), "claimed": cx.claimed, "found": cx.found,
                                      "option": list(cx.option) if cx.option else None, "reason": cx.reason}
        return data


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
    job = _Job.build(target, claim, kind, heaps, max_heap, params or {}, limit)
    job.limit = limit
    if job.theorem is not None:
        if misere and not job.theorem.misere:
            raise InvalidParameter(f"theorem {job.theorem.name} is about normal play; drop --misere (misère theorems: "
                                   "'sprague verify --list' marks them)")
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


# ------------------------------------------------------------------------ the job
@dataclass
class _Job:
    name: str
    citation: str
    rules: Ruleset
    kind: str
    n: int
    lo: int
    hi: int
    size: int
    claim: Callable[[Sequence[int]], int]
    theorem: Theorem | None
    params: dict[str, Any]
    shapes: Any
    #: the positions of a ruleset that enumerates its own (``Ruleset.positions``), else None (a box of heaps)
    enumerated: list[Any] | None = None
    misere: bool = False
    #: the work limit (positions; ``max_positions``)
    limit: int = DEFAULT_MAX_BOX
    _claims: np.ndarray | None = None
    _truth: np.ndarray | None = None
    _box: Box | None = None

    @classmethod
    def build(cls, target: Any, claim: Any, kind: str, heaps: int | None, max_heap: int,
              params: dict[str, Any], max_positions: int) -> _Job:
        theorem = find_theorem(target) if isinstance(target, str) else target if isinstance(target, Theorem) else None
        if theorem is not None:
            if claim is not None:
                raise InvalidParameter("give either a theorem or a claim function, not both")
            theorem_params = {**theorem.params, **params}
            rules = get_ruleset(theorem.ruleset, **theorem_params)
            if not theorem.on_heaps:  # the ruleset's own box of positions
                if heaps is not None:
                    theorem.check_heaps(heaps, theorem_params)  # raises: --heaps means nothing here
                hi = min(max_heap, theorem.cap) if theorem.cap else max_heap
                return cls._enumerated(rules, theorem.name, theorem.citation, theorem.kind, hi,
                                       theorem.make_claim(0, theorem_params), theorem_params, max_positions,
                                       theorem=theorem)
            if not isinstance(rules, (MultiHeapRuleset, LoopyHeapRuleset)):
                raise InvalidParameter(f"theorem {theorem.name} is about heaps, but the positions of {rules.name} "
                                       "are not heaps; a theorem about its positions says box='positions'")
            default = theorem.heaps_default(theorem_params)
            n = _heap_number(default if heaps is None else heaps, theorem.name)
            theorem.check_heaps(n, theorem_params)
            kind, name, citation = theorem.kind, theorem.name, theorem.citation
            codes = theorem.make_claim(n, theorem_params)
            hi = min(max_heap, theorem.cap) if theorem.cap else max_heap
        else:
            if not isinstance(target, Ruleset):
                raise InvalidParameter(f"verify needs a theorem name or a ruleset, got {target!r}")
            if claim is None:
                raise InvalidParameter("verifying a ruleset needs claim=, a function of the position (the sorted "
                                       "heaps for a heap game) returning 'P'/'N' or a Grundy value")
            rules, theorem_params = target, dict(target.params)
            name, citation, hi = getattr(claim, "__name__", "claim"), "user claim", max_heap
            heap_game = isinstance(rules, (MultiHeapRuleset, LoopyHeapRuleset))  # positions: boxes of heaps
            if heaps is not None and not heap_game:
                raise InvalidParameter(f"heaps={heaps!r} (--heaps): the positions of {rules.name} are not heaps; "
                                       "they come from its own box of positions of size up to max_heap "
                                       "(--max-heap): leave out the number of heaps")
            n = _heap_number(heaps if heaps is not None else 2, rules.name)
            codes = _codes(claim, kind, heap_game=heap_game, loopy=rules.loopy)
            if not heap_game:
                return cls._enumerated(rules, name, citation, kind, hi, codes, theorem_params, max_positions)
        if isinstance(max_heap, bool) or not isinstance(max_heap, int) or max_heap < 0:
            raise InvalidParameter(f"max_heap={max_heap!r} must be a non-negative integer")
        lo = rules.min_heap if isinstance(rules, MultiHeapRuleset) else 0
        try:
            rules.check_position((max(hi, lo),) * n)
        except ValueError as exc:
            raise InvalidParameter(f"{name}: {exc}") from None
        # a box holds at least its largest heaps' range: a huge max_heap is refused before counting (comb)
        counted = hi - lo < max_positions
        size = box_size(n, lo, hi) if counted else hi - lo + 1
        if size == 0:
            raise InvalidParameter(f"{name}: the box is empty: heaps have at least {lo} token(s), so the largest "
                                   f"heap must be at least {lo} (got {hi})")
        if size > max_positions:
            raise TooLarge(f"verifying {name} on {n} heaps <= {format_size(hi)} would take {format_size(size)} "
                           f"positions{'' if counted else ' or more'}, over the limit "
                           f"of {max_positions:,}; lower --max-heap or raise the limit with --max-positions N",
                           estimate=size, limit=max_positions)
        shapes = kernel_shapes(rules, n) if isinstance(rules, MultiHeapRuleset) else None
        return cls(name, citation, rules, kind, n, lo, hi, size, codes, theorem, theorem_params, shapes)

    @classmethod
    def _enumerated(cls, rules: Ruleset, name: str, citation: str, kind: str, size: int, codes: Any,
                    params: dict[str, Any], max_positions: int, theorem: Theorem | None = None) -> _Job:
        """A job over the positions a ruleset enumerates itself (strings, graphs, coordinates...)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise InvalidParameter(f"max_heap={size!r} (the size of the positions) must be a non-negative integer")
        found = rules.positions(size)
        if found is None:
            raise InvalidParameter(f"{rules.name} cannot list its positions: give its class a positions(size) method "
                                   "that yields every position of size at most size, or verify a heap game")
        positions: list[Any] = []
        for pos in found:
            positions.append(rules.check_position(pos))
            if len(positions) > max_positions:
                raise TooLarge(f"verifying {name} on the positions of {rules.name} of size <= {size} would take more "
                               f"than {max_positions:,} positions; lower --max-heap or raise the limit with "
                               "--max-positions N (Python: max_positions=N)", estimate=None, limit=max_positions)
        if not positions:
            raise InvalidParameter(f"{rules.name} has no position of size <= {size}; raise --max-heap")
        return cls(name, citation, rules, kind, 0, 0, size, len(positions), codes, theorem, params, None,
                   enumerated=positions)

    def report(self, method: str, workers: int) -> Report:
        domain = f"positions of size <= {self.hi}" if self.enumerated is not None else ""
        return Report(self.name, self.citation, self.rules.name, self.kind, self.n, self.hi, method, self.size,
                      workers=workers, engine="compiled" if self.shapes is not None else "python",
                      params=self.params, domain=domain, misere=self.misere)

    # ---------------------------------------------------------------- helpers
    @property
    def box(self) -> Box:
        if self._box is None:
            self._box = Box(self.n, self.lo, self.hi)
        return self._box

    def all_positions(self) -> Iterator[Any]:
        """Every position of the box (in colex order for the compiled engine), or the ruleset's own list."""
        if self.enumerated is not None:
            return iter(self.enumerated)
        return self.box.all_positions(colex=self.shapes is not None)

    def key(self, position: Any) -> Any:
        """The box's key of a position: its sorted heaps, or the ruleset's canonical form."""
        return self.rules.canonical(position) if self.enumerated is not None else tuple(sorted(position))

    def position(self, rank: int) -> tuple[int, ...]:
        return self.box.position(rank)

    def rank(self, pos: Sequence[int]) -> int:
        return self.box.rank(pos)

    def claims(self) -> np.ndarray:
        """The claim on every position of the box, as int codes (compiled when the box is large)."""
        if self._claims is None:
            dtype = np.int8 if self.kind == "outcome" else np.int32
            compiled = None
            if self.theorem is not None and self.size >= config.PYTHON_CLAIMS_BELOW:
                try:
                    from sprague.kernels.jit import jit_claim

                    compiled = jit_claim(self.claim)
                    values = self.box.fill_claims(compiled)
                except Exception:  # not compilable: evaluate in Python
                    compiled = None
            if compiled is None:
                values = np.fromiter((self.claim(p) for p in self.all_positions()), dtype=np.int64, count=self.size)
            self._claims = values.astype(dtype)
        return self._claims

    def truth(self, upto: int, prefix: np.ndarray | None = None, progress: Any = None) -> np.ndarray:
        """Outcomes (0 P / 1 N) or Grundy values of the ranks below ``upto``, by search (see :meth:`Box.truth`)."""
        if self._truth is None or len(self._truth) < upto:
            self._truth = self.box.truth(self.shapes, self.kind == "grundy", upto, prefix, progress)
        return self._truth

    def show(self, code: int) -> str | int:
        if self.kind == "grundy":
            return str(LOOPY_VALUES[code]) if self.rules.loopy else int(code)
        return "PND"[code]

    def code_of(self, value: Any) -> int:
        """The code of a value found by search, as :func:`_codes` codes claims."""
        if self.kind == "outcome":
            return "PND".index(loopy_outcome(value))
        return _intern(value) if self.rules.loopy else int(value)

    # ---------------------------------------------------------------- methods
    def run_table(self, report: Report) -> None:
        if self.shapes is None:
            return self._python_check(report, table=True)
        claims = self.claims()
        truth = self.truth(self.size)
        cmp_truth = truth if self.kind == "grundy" else (truth != 0).astype(np.int8)
        known = claims >= 0
        bad = np.flatnonzero(known & (claims != cmp_truth))
        report.claimed, report.checked = int(known.sum()), self.size
        report.failures = len(bad)
        if len(bad):
            report.counterexample = self._smallest([int(r) for r in bad], truth)

    def run_local(self, report: Report, workers: int, scheduler: Any, progress: Any) -> None:
        if self.shapes is None:
            return self._python_check(report, table=False)
        claims = self.claims()
        report.claimed = int((claims >= 0).sum())
        bounds = _chunks(self.size, workers if scheduler is None else max(workers, 2))
        args = (self.box, self.shapes, self.kind == "grundy")
        failed: list[int] = []
        truncated = False

        def collect(result: tuple[int, int, int, np.ndarray]) -> None:
            nonlocal truncated
            start, stop, count, rows = result
            report.failures += count
            report.checked += stop - start
            truncated = truncated or count > len(rows)
            failed.extend(int(r) for r, _ in rows)
            if progress:
                progress(stop - start)

        run_tasks(_check_chunk, bounds, collect, workers=workers, scheduler=scheduler, shared=(args, claims))
        if truncated:  # more failures than were kept: the table finds the smallest exactly
            truth = self.truth(self.size)
            cmp_truth = truth if self.kind == "grundy" else (truth != 0).astype(np.int8)
            failed = [int(r) for r in np.flatnonzero((claims >= 0) & (claims != cmp_truth))] or failed
        if failed:
            truth = self.truth(max(failed) + 1)
            cx = self._smallest(failed, truth)
            if cx is None:
                r = min(failed[:10_000], key=lambda r: (sum(self.position(r)), self.position(r)))
                report.inconclusive = (f"the local check cannot confirm {_fmt(self.position(r))} and "
                                       f"{report.failures - 1:,} other positions: options outside the statement's "
                                       "domain; search finds no counterexample among them; use --method table")
                report.failures = 0
            else:
                report.counterexample = cx

    def _smallest(self, ranks: list[int], truth: np.ndarray) -> Counterexample | None:
        """The smallest (total size, then heaps) real counterexample among ``ranks``."""
        claims = self.claims()[: len(truth)]
        cmp_truth = truth if self.kind == "grundy" else (truth != 0).astype(np.int8)
        flags = np.zeros(len(truth), dtype=np.bool_)
        flags[np.asarray(ranks, dtype=np.int64)] = True
        flags &= (claims >= 0) & (claims != cmp_truth)
        r = self.box.smallest_flagged(flags)
        if r < 0:
            return None
        return self._explain(self.position(r), int(claims[r]), truth)

    def _explain(self, pos: tuple[int, ...], claimed: int, truth: np.ndarray) -> Counterexample:
        value = int(truth[self.rank(pos)])
        options = list(dict.fromkeys(tuple(sorted(o)) for o in self.rules.moves(pos)))
        values = {o: int(truth[self.rank(o)]) for o in options}
        if self.kind == "outcome":
            found = "P" if value == 0 else "N"
            if claimed == 0:
                opt = next(o for o in options if values[o] == 0)
                return Counterexample(pos, "P", found, opt, f"the option {_fmt(opt)} is a P-position")
            return Counterexample(pos, "N", found, None, "every option is an N-position")
        hit = [o for o in options if values[o] == claimed]
        if hit:
            return Counterexample(pos, claimed, value, hit[0], f"the option {_fmt(hit[0])} has value {claimed}")
        return Counterexample(pos, claimed, value, None, f"no option has value {value}, so the mex is {value}")

    def _python_check(self, report: Report, table: bool) -> None:
        """The local rule (or a table by the package's search) over the ruleset's own moves, in Python.

        Where a move leaves the box the local rule cannot be applied, and the check
        falls back to the table by search by itself (``report.method`` says so).
        """
        positions = list(self.all_positions())
        if self.enumerated is None:  # heaps: the smallest counterexample by total size first
            positions.sort(key=lambda p: (sum(p), p))
        box = {self.key(p) for p in positions}
        report.engine = "python"
        if self.rules.loopy and not table:  # a cycle can agree with any P/N claim locally: only search decides
            report.method = "table"
            _note(report, "a loopy game's positions on a cycle can satisfy the local rule whatever they are, so "
                  "each position is checked against search")
            table = True
        report.checked = report.claimed = 0  # "both" runs the table, then this
        cache: dict[Any, int] = {}

        def claim_of(p: Any) -> int:
            k = self.key(p)
            if k not in cache:
                cache[k] = int(self.claim(p))
            return cache[k]

        failed = []
        budget = self.limit * LOOPY_WORK_PER_POSITION // LOOPY_VERIFY_SHARE  # the loopy searches' steps, in all
        for pos in positions:
            if self.rules.loopy and _loopy_work(self.rules) > budget:
                raise TooLarge(f"verifying {self.name} stopped after {report.checked:,} of {len(positions):,} "
                               f"positions: the searches of their game graphs passed {budget:,} steps "
                               f"({LOOPY_WORK_PER_POSITION}/{LOOPY_VERIFY_SHARE} per position of the limit of "
                               f"{self.limit:,}); lower --max-heap or raise --max-positions N",
                               estimate=None, limit=budget)
            c = claim_of(pos)
            report.checked += 1
            if c < 0:
                continue
            report.claimed += 1
            if table:
                g = self.rules.grundy(pos, method="search", misere=self.misere)
                ok = c == self.code_of(g)
            else:
                opts = list(self.rules.moves(pos))
                outside = next((o for o in opts if self.key(o) not in box), None)
                if outside is not None:
                    report.method = "table"
                    _note(report, f"the local check needs a box closed under moves, and {self.fmt(pos)} -> "
                          f"{self.fmt(outside)} leaves it")
                    report.checked = report.claimed = 0
                    return self._python_check(report, table=True)
                vals = [claim_of(o) for o in opts]
                if self.misere and not opts:  # misère play: the player to move at the end has won
                    ok = c == 1
                elif self.kind == "grundy":
                    ok = -1 not in vals and c == mex(vals)
                else:
                    ok = all(v == 1 for v in vals) if c == 0 else 0 in vals
            if not ok:
                failed.append(pos)
        report.failures = len(failed)
        for pos in failed:
            g = self.rules.grundy(pos, method="search", misere=self.misere)
            found = self.show(self.code_of(g))
            claimed = self.show(claim_of(pos))
            if claimed != found:
                report.counterexample = Counterexample(pos, claimed, found, None, "by the package's search",
                                                       shown=self.fmt(pos))
                return
        if failed:
            report.inconclusive = f"the local check cannot confirm {self.fmt(failed[0])}; use --method table"
            report.failures = 0

    def fmt(self, position: Any) -> str:
        """A position as reports show it: ``<3, 5, 6>`` for heaps, else as the ruleset writes it."""
        return self.rules.format_position(position) if self.enumerated is not None else _fmt(position)


# ------------------------------------------------------------- chunk execution
def _chunks(size: int, workers: int) -> list[tuple[int, int]]:
    count = max(1, min(max(workers * 8, size // 200_000), size // 2_000 or 1))
    step = -(-size // count)
    return [(s, min(size, s + step)) for s in range(0, size, step)]


def _check_chunk(args: tuple[Any, ...], claims: np.ndarray, start: int, stop: int) -> tuple[int, int, int, np.ndarray]:
    box, shapes, grundy = args
    failures = np.zeros((config.KEEP_FAILURES, 2), dtype=np.int64)
    count = box.local_check(shapes, claims, start, stop, grundy, failures)
    return start, stop, int(count), failures[: min(count, config.KEEP_FAILURES)]


def _note(report: Report, text: str) -> None:
    """Add to what the report says on why the check ran as it did."""
    report.fallback = f"{report.fallback}; {text}" if report.fallback else text


def _heap_number(n: Any, name: str) -> int:
    """``n`` heaps, refused unless a positive integer of at most MAX_HEAPS (``-p k=10**100`` gives 2k heaps)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidParameter(f"heaps={n!r} must be a positive integer")
    check_heap_count(n, name)
    return n


# ---------------------------------------------------------------------- helpers
def _codes(claim: Callable[[Any], Any], kind: str, heap_game: bool = True, loopy: bool = False
           ) -> Callable[[Any], int]:
    """A user's claim as int codes (0 P, 1 N, 2 D, -1 nothing claimed; or Grundy values).

    A heap game's claim gets the heaps as a tuple sorted ascending, any other the position itself.
    A loopy game's claim may say ``"D"`` (a draw), and its values may be ``∞{K}``
    (:class:`~sprague.core.loopy.Infinite`, or the text); they are coded by :func:`_intern`.
    """

    def code(h: Any) -> int:
        try:
            v = claim(tuple(h) if heap_game else h)
        except KeyboardInterrupt:  # Ctrl-C still stops the run
            raise
        except BaseException as exc:  # the user's code (sys.exit too): one line naming the position, not a traceback
            name = getattr(claim, "__qualname__", None) or getattr(claim, "__name__", None) or repr(claim)
            how = " (it called sys.exit)" if isinstance(exc, SystemExit) else ""
            raise InvalidParameter(f"the claim raised {type(exc).__name__}{f': {exc}' if str(exc) else ''}{how} at "
                                   f"{_fmt(h)}; fix the claim {name} (it is called with each position of the box)") \
                from None
        if v is None:
            return -1
        if kind == "grundy" and loopy:
            return _intern(parse_value(v) if isinstance(v, str) else v, h)
        if loopy and v == "D":
            return 2
        if kind == "grundy":
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                raise InvalidParameter(f"the claim returned {v!r} for {_fmt(h)}; "
                                       "a Grundy claim returns an int >= 0 or None")
            return int(v)
        if v is True or v == "P":
            return 0
        if v is False or v == "N":
            return 1
        raise InvalidParameter(f"the claim returned {v!r} for {_fmt(h)}; an outcome claim returns 'P', 'N', "
                               f"{chr(39) + 'D' + chr(39) + ', ' if loopy else ''}True (P), False (N) or None")

    return code


#: a loopy verify's searches may take LOOPY_WORK_PER_POSITION steps per this many positions of the box limit
#: (50,000,000 by default: 6,000,000 steps, as one search at the default --max-positions; some 5-12 s)
LOOPY_VERIFY_SHARE = 25


def _loopy_work(rules: Ruleset) -> int:
    """The steps the loopy searches of ``rules`` have taken so far (options listed)."""
    from sprague.solve.evaluate import search_work

    return search_work(rules)


#: the values of loopy games met by verify, each coded by its place here (:func:`_intern`)
LOOPY_VALUES: list[LoopyValue] = []
_LOOPY_CODES: dict[LoopyValue, int] = {}


def _intern(value: Any, where: Any = None) -> int:
    """The code of a loopy value (a nimber or ``∞{K}``): its place in :data:`LOOPY_VALUES`."""
    ok = isinstance(value, Infinite) or (isinstance(value, (int, np.integer)) and not isinstance(value, bool)
                                         and value >= 0)
    if not ok:
        raise InvalidParameter(f"the claim returned {value!r} for {_fmt(where)}; a claim about a loopy game's values "
                               "returns a nimber, an Infinite (sprague.parse_value('∞{0,2}')) or its text, or None")
    value = value if isinstance(value, Infinite) else int(value)
    if value not in _LOOPY_CODES:
        _LOOPY_CODES[value] = len(LOOPY_VALUES)
        LOOPY_VALUES.append(value)
    return _LOOPY_CODES[value]


def _fmt(pos: Any) -> str:
    """Heaps as ``<3, 5, 6>``, any other position as its repr."""
    return "<" + ", ".join(map(str, pos)) + ">" if isinstance(pos, (tuple, list)) else repr(pos)


def theorems() -> list[Theorem]:
    """Every registered theorem."""
    return list(all_theorems())
