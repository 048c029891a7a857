"""A verification job: the box of positions, the claims on it, and the table and local checks that run over it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sprague.core.limits import LOOPY_WORK_PER_POSITION, format_size
from sprague.core.loopy import loopy_outcome
from sprague.core.nimber import mex
from sprague.core.parallel import run_tasks
from sprague.core.parsing import check_heap_count
from sprague.errors import InvalidParameter, TooLarge
from sprague.kernels import config
from sprague.rulesets import ruleset as get_ruleset
from sprague.rulesets import shapes as shapes_of
from sprague.solve.box import Box, box_size
from sprague.solve.evaluate import search_work
from sprague.solve.ruleset import Ruleset
from sprague.solve.tabulate import kernel_shapes
from sprague.theorems import Theorem, find_theorem
from sprague.verify.claims import LOOPY_VALUES, claim_codes, intern_value
from sprague.verify.report import Counterexample, Report, position_text

__all__ = ["Job", "DEFAULT_MAX_BOX", "METHODS"]

#: largest box verified without ``max_positions`` raised (positions)
DEFAULT_MAX_BOX = 50_000_000
METHODS = ("local", "table", "both")


@dataclass
class Job:
    """One verification: a box of positions (heaps, or the ruleset's own positions), the claim on each as a code,
    and the two checks over it: :meth:`run_table` (the whole box by search, compared) and :meth:`run_local` (each
    position against its options' claims, in chunks, in parallel), with :meth:`_python_check` as their twin in
    Python for rulesets without a compiled kernel. :meth:`build` makes one from what :func:`~sprague.verify.verify`
    is given; :meth:`report` starts its :class:`~sprague.verify.report.Report`.
    """

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
    def build(
        cls,
        target: Any,
        claim: Any,
        kind: str,
        heaps: int | None,
        max_heap: int,
        params: dict[str, Any],
        max_positions: int,
    ) -> Job:
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
                return cls._enumerated(
                    rules,
                    theorem.name,
                    theorem.citation,
                    theorem.kind,
                    hi,
                    theorem.make_claim(0, theorem_params),
                    theorem_params,
                    max_positions,
                    theorem=theorem,
                )
            if not (shapes_of.heap_game(rules) or shapes_of.loopy_heaps(rules)):
                raise InvalidParameter(
                    f"theorem {theorem.name} is about heaps, but the positions of {rules.name} "
                    "are not heaps; a theorem about its positions says box='positions'"
                )
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
                raise InvalidParameter(
                    "verifying a ruleset needs claim=, a function of the position (the sorted "
                    "heaps for a heap game) returning 'P'/'N' or a Grundy value"
                )
            rules, theorem_params = target, dict(target.params)
            name, citation, hi = getattr(claim, "__name__", "claim"), "user claim", max_heap
            heap_game = shapes_of.heap_game(rules) or shapes_of.loopy_heaps(rules)  # positions: boxes of heaps
            if heaps is not None and not heap_game:
                raise InvalidParameter(
                    f"heaps={heaps!r} (--heaps): the positions of {rules.name} are not heaps; "
                    "they come from its own box of positions of size up to max_heap "
                    "(--max-heap): leave out the number of heaps"
                )
            n = _heap_number(heaps if heaps is not None else 2, rules.name)
            codes = claim_codes(claim, kind, heap_game=heap_game, loopy=rules.loopy)
            if not heap_game:
                return cls._enumerated(rules, name, citation, kind, hi, codes, theorem_params, max_positions)
        if isinstance(max_heap, bool) or not isinstance(max_heap, int) or max_heap < 0:
            raise InvalidParameter(f"max_heap={max_heap!r} must be a non-negative integer")
        lo = shapes_of.min_heap(rules)
        try:
            rules.check_position((max(hi, lo),) * n)
        except ValueError as exc:
            raise InvalidParameter(f"{name}: {exc}") from None
        # a box holds at least its largest heaps' range: a huge max_heap is refused before counting (comb)
        counted = hi - lo < max_positions
        size = box_size(n, lo, hi) if counted else hi - lo + 1
        if size == 0:
            raise InvalidParameter(
                f"{name}: the box is empty: heaps have at least {lo} token(s), so the largest "
                f"heap must be at least {lo} (got {hi})"
            )
        if size > max_positions:
            raise TooLarge(
                f"verifying {name} on {n} heaps <= {format_size(hi)} would take {format_size(size)} "
                f"positions{'' if counted else ' or more'}, over the limit "
                f"of {max_positions:,}; lower --max-heap or raise the limit with --max-positions N",
                estimate=size,
                limit=max_positions,
            )
        shapes = kernel_shapes(rules, n) if shapes_of.heap_game(rules) else None
        return cls(name, citation, rules, kind, n, lo, hi, size, codes, theorem, theorem_params, shapes)

    @classmethod
    def _enumerated(
        cls,
        rules: Ruleset,
        name: str,
        citation: str,
        kind: str,
        size: int,
        codes: Any,
        params: dict[str, Any],
        max_positions: int,
        theorem: Theorem | None = None,
    ) -> Job:
        """A job over the positions a ruleset enumerates itself (strings, graphs, coordinates...)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise InvalidParameter(f"max_heap={size!r} (the size of the positions) must be a non-negative integer")
        found = rules.positions(size)
        if found is None:
            raise InvalidParameter(
                f"{rules.name} cannot list its positions: give its class a positions(size) method "
                "that yields every position of size at most size, or verify a heap game"
            )
        positions: list[Any] = []
        for pos in found:
            positions.append(rules.check_position(pos))
            if len(positions) > max_positions:
                raise TooLarge(
                    f"verifying {name} on the positions of {rules.name} of size <= {size} would take more "
                    f"than {max_positions:,} positions; lower --max-heap or raise the limit with "
                    "--max-positions N (Python: max_positions=N)",
                    estimate=None,
                    limit=max_positions,
                )
        if not positions:
            raise InvalidParameter(f"{rules.name} has no position of size <= {size}; raise --max-heap")
        return cls(
            name, citation, rules, kind, 0, 0, size, len(positions), codes, theorem, params, None, enumerated=positions
        )

    def report(self, method: str, workers: int) -> Report:
        domain = f"positions of size <= {self.hi}" if self.enumerated is not None else ""
        return Report(
            self.name,
            self.citation,
            self.rules.name,
            self.kind,
            self.n,
            self.hi,
            method,
            self.size,
            workers=workers,
            engine="compiled" if self.shapes is not None else "python",
            params=self.params,
            domain=domain,
            misere=self.misere,
        )

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
        """The code of a value found by search, as :func:`claim_codes` codes claims."""
        if self.kind == "outcome":
            return "PND".index(loopy_outcome(value))
        return intern_value(value) if self.rules.loopy else int(value)

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
                report.inconclusive = (
                    f"the local check cannot confirm {position_text(self.position(r))} and "
                    f"{report.failures - 1:,} other positions: options outside the statement's "
                    "domain; search finds no counterexample among them; use --method table"
                )
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
                return Counterexample(pos, "P", found, opt, f"the option {position_text(opt)} is a P-position")
            return Counterexample(pos, "N", found, None, "every option is an N-position")
        hit = [o for o in options if values[o] == claimed]
        if hit:
            return Counterexample(
                pos, claimed, value, hit[0], f"the option {position_text(hit[0])} has value {claimed}"
            )
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
            _note(
                report,
                "a loopy game's positions on a cycle can satisfy the local rule whatever they are, so "
                "each position is checked against search",
            )
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
                raise TooLarge(
                    f"verifying {self.name} stopped after {report.checked:,} of {len(positions):,} "
                    f"positions: the searches of their game graphs passed {budget:,} steps "
                    f"({LOOPY_WORK_PER_POSITION}/{LOOPY_VERIFY_SHARE} per position of the limit of "
                    f"{self.limit:,}); lower --max-heap or raise --max-positions N",
                    estimate=None,
                    limit=budget,
                )
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
                    _note(
                        report,
                        f"the local check needs a box closed under moves, and {self.fmt(pos)} -> "
                        f"{self.fmt(outside)} leaves it",
                    )
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
                report.counterexample = Counterexample(
                    pos, claimed, found, None, "by the package's search", shown=self.fmt(pos)
                )
                return
        if failed:
            report.inconclusive = f"the local check cannot confirm {self.fmt(failed[0])}; use --method table"
            report.failures = 0

    def fmt(self, position: Any) -> str:
        """A position as reports show it: ``<3, 5, 6>`` for heaps, else as the ruleset writes it."""
        return self.rules.format_position(position) if self.enumerated is not None else position_text(position)


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


#: a loopy verify's searches may take LOOPY_WORK_PER_POSITION steps per this many positions of the box limit
#: (50,000,000 by default: 6,000,000 steps, as one search at the default --max-positions; some 5-12 s)
LOOPY_VERIFY_SHARE = 25


def _loopy_work(rules: Ruleset) -> int:
    """The steps the loopy searches of ``rules`` have taken so far (options listed)."""
    return search_work(rules)
