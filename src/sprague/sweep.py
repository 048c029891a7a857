"""Sweeps: every take-and-break code of a family, solved as far as a budget allows, in one table.

A *pattern* is a code with wildcards: ``0.??`` is every code ``0.d1d2`` with octal
digits d1, d2; ``4.?7``, ``0.???`` and, in hexadecimal, ``0.F?`` (a digit A-F in the
pattern, or ``base=16``, makes the wildcard any of 0-F). Patterns joined by commas
name the codes of each: ``0.137,0.6,4.07`` runs three chosen games side by side, as
independent sequences on the workers or the Dask cluster. A code ending in a 0 digit is
the same game as the code without it (``0.10`` is ``0.1``): such codes are one game, run
once. For each game the values G(0..N-1) are computed (``values=N``; each game's work
within ``max_positions``, as everywhere), and the row reports the period and preperiod
(and saltus) -- *certified* when a periodicity theorem proves them from those N values
(:meth:`~sprague.rulesets.heap.PeriodicHeapRuleset.certify`), else "unsolved to N" with
the period observed, if any -- the largest value, and the sparse space (Winning Ways
ch. 4): the rare mask, in the notation of Flammenkamp's and Czajka's tables (the low bits
of the mask, up to the largest value's bit length, in hexadecimal), the number of rare
heaps (from heap 1 on) and the last one. Games whose N values are identical (and whose
periods agree) share a row: "same values".

Each finished game's row is stored in the results cache (:mod:`sprague.cache`, kind
``sweep``), keyed by its code and the budget, so a sweep interrupted (Ctrl-C, a kill)
and run again skips the games already done (:attr:`SweepResult.resumed` says how many).
The games run on local worker processes, or on a Dask cluster given its scheduler
(:mod:`sprague.core.parallel`).

:func:`misere_sweep` (``sprague sweep --misere``) tables the *misère quotient*
(:mod:`sprague.analysis.quotient`) of each game instead: its order, P-portion, the heap from which it stopped
changing, and its presentation, for the sums of heaps 0..N; each game has its own work budget, and a game that
spends it is a row "stopped at heap k, order >= m" (the quotient of the heaps below k has order m, and the
quotient to N at least that), not a failure. A finished quotient is "observed" (exact to the bound, its
stabilisation not proved) unless a *prover* hook says more; ``prove=True`` (``--prove``) proves it for all heaps
with :func:`~sprague.analysis.quotient_proof.prove_quotient` where the periodicity theorem applies, computing a
stabilised quotient to larger bounds when the proof needs them (see :func:`misere_sweep`).
docs/misere-quotients.md has the octal codes of up to three digits, compared with the literature.

Two small seams hold what this module assumes about codes: :func:`_ruleset` (a code to
its ruleset) and :func:`_same_game_key` (the text that names a game: two codes with the
same key are the same game).

Examples
--------
>>> expand("0.?7")
['0.07', '0.17', '0.27', '0.37', '0.47', '0.57', '0.67', '0.77']
>>> result = sweep("0.7?", values=400, workers=1, resume=False)
>>> [(row.code, row.preperiod, row.period, row.certified) for row in result.rows][:3]
[('0.7', 0, 2, True), ('0.71', 3, 2, True), ('0.72', 1, 4, True)]
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

import numpy as np

from sprague import cache as _cache
from sprague.analysis.periodicity import Periodicity, find_period
from sprague.core.limits import (
    MAX_CODE_DIGITS,
    MAX_SEQUENCE_VALUES,
    MAX_SWEEP_CODES,
    SWEEP_VALUES,
    check_limit,
    format_size,
    refuse_if_too_large,
)
from sprague.core.parallel import check_workers, dask_workers, run_tasks
from sprague.core.parsing import check_progress
from sprague.core.takebreak_code import TBCode
from sprague.errors import InvalidParameter, SpragueError, TooLarge
from sprague.rulesets import ruleset as _get_ruleset
from sprague.rulesets import take_break_family
from sprague.theorems.periodic.known import known_period, values_needed

__all__ = [
    "DEFAULT_VALUES",
    "BASES",
    "CSV_COLUMNS",
    "expand",
    "games",
    "sweep",
    "GameResult",
    "SweepRow",
    "SweepResult",
    "DEFAULT_MAX_HEAP",
    "DEFAULT_GAME_WORK",
    "MISERE_CSV_COLUMNS",
    "misere_sweep",
    "QuotientResult",
    "MisereRow",
    "MisereSweepResult",
    "DEFAULT_PROVE_MAX_HEAP",
]

#: values computed for each game by default (:data:`sprague.core.limits.SWEEP_VALUES`)
DEFAULT_VALUES = SWEEP_VALUES
#: the bases a pattern's digits may be in
BASES = (8, 16)
#: the columns of :meth:`SweepResult.csv`, in order
CSV_COLUMNS = (
    "code",
    "preperiod",
    "period",
    "saltus",
    "certified",
    "status",
    "values",
    "largest",
    "mask",
    "rare",
    "last_rare",
    "same_game",
    "same_values",
    "seconds",
)

_DIGITS = "0123456789ABCDEF"
_SHOWN = 8  # codes listed in one cell of the text table, skipped codes listed
_ROW_FORMAT = 1  # part of the cache key: bump it when a row's meaning changes (the results are then recomputed)
_RULESET = take_break_family().name  # the ruleset :func:`_ruleset` makes (its name goes into the cache key)


# ------------------------------------------------------------------ the seams
def _ruleset(code: str) -> Any:
    """The ruleset of a take-and-break ``code`` (raises :class:`~sprague.errors.InvalidParameter` for a code it
    cannot read). The one place a code becomes a ruleset."""
    return _get_ruleset(take_break_family(), code=code)


def _same_game_key(code: str) -> str:
    """The text naming the game of ``code``: two codes with the same key are the same game.

    The code's normal form (:class:`~sprague.core.takebreak_code.TBCode`): a leading ``0`` supplied,
    digits in capitals, trailing ``0`` digits dropped (removing k tokens is then never allowed),
    a lone ``d0`` written ``d0.0``. A code that cannot be read is its own key (it is listed as
    skipped, with the reason). The one place equivalent codes are recognised.

    >>> _same_game_key(".70"), _same_game_key("4.00"), _same_game_key("0.f1")
    ('0.7', '4.0', '0.F1')
    """
    try:
        return str(TBCode.parse(code))
    except InvalidParameter:
        return code


def _certify(game: Any, values: np.ndarray) -> Periodicity | None:
    """The period a theorem proves from exactly these values, or None (the ruleset's own certificate)."""
    return game.certify(values.tolist())  # a TakeBreak ruleset: None where no theorem covers the code


# ------------------------------------------------------------------ patterns
def expand(pattern: str, base: int | None = None) -> list[str]:
    """Every code the ``pattern`` names, in order, as spelled (``0.10`` stays ``0.10``).

    A pattern is ``d0.d1d2...``: each ``d`` a digit of the base or ``?`` for any digit of it;
    ``d0`` may be left out (``.??`` is ``0.??``). The base is 8 unless ``base=16`` is given or
    a digit 8-9 or A-F appears. Refused in one line: a character that is neither, no point,
    no digit after it, more than ``MAX_CODE_DIGITS`` digits, and more than
    ``MAX_SWEEP_CODES`` codes (counted before any is listed).

    >>> expand("4.?", base=8)
    ['4.0', '4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7']
    >>> expand("0.F?")[:3], len(expand("0.??", base=16))
    (['0.F0', '0.F1', '0.F2'], 256)
    >>> expand("0.137, 0.6,4.0?")  # patterns joined by commas: the codes of each, in order, once each
    ['0.137', '0.6', '4.00', '4.01', '4.02', '4.03', '4.04', '4.05', '4.06', '4.07']
    """
    shown, base = _parse_pattern(pattern, base)
    return list(dict.fromkeys(_codes(shown, base)))


def _codes(shown: str, base: int) -> Iterator[str]:
    """The codes of each of the checked patterns ``shown`` (joined by commas), in order (a code named twice, twice)."""
    for slots in shown.split(","):
        wild = [i for i, ch in enumerate(slots) if ch == "?"]
        for choice in itertools.product(_DIGITS[:base], repeat=len(wild)):
            chars = list(slots)
            for i, d in zip(wild, choice):
                chars[i] = d
            yield "".join(chars)


def games(pattern: str, base: int | None = None) -> dict[str, list[str]]:
    """Every game the ``pattern`` names (its key), with the codes of the pattern naming it, in pattern order.

    >>> games("0.?0")["0.1"], len(games("0.??"))
    (['0.10'], 64)
    """
    keys: dict[str, list[str]] = {}
    for code in expand(pattern, base):
        keys.setdefault(_same_game_key(code), []).append(code)
    return keys


def _parse_pattern(pattern: Any, base: int | None) -> tuple[str, int]:
    """The patterns (joined by commas), each checked and written ``d0.d1d2...``, and their base (see :func:`expand`).

    The limit on the codes named counts those of every pattern together."""
    if base is not None and (isinstance(base, bool) or base not in BASES):
        raise InvalidParameter(f"sweep: base {base!r} is not 8 or 16; give --base 8 (octal) or --base 16 (hexadecimal)")
    if not isinstance(pattern, str):
        raise InvalidParameter(f"sweep: the pattern must be a string such as '0.??', got {pattern!r}")
    texts = pattern.split(",")
    if len(texts) > 1 and not all(text.strip() for text in texts):
        shown = pattern if len(pattern) <= 40 else pattern[:37] + "..."
        raise InvalidParameter(f"sweep: {shown!r} has an empty pattern between commas; give e.g. 0.137,0.6,4.0?")
    parts = [_parse_one(text, base) for text in texts]
    if base is None:
        base = 16 if any(b == 16 for _, _, b in parts) else 8
        if base == 16:  # one part's hexadecimal digit makes every part's wildcards hexadecimal
            parts = [_parse_one(f"{head}.{tail}", 16) for head, tail, _ in parts]
    shown = ",".join(dict.fromkeys(f"{head}.{tail}" for head, tail, _ in parts))  # a pattern given twice: once
    count = sum(base ** part.count("?") for part in shown.split(","))
    if count > MAX_SWEEP_CODES:  # patterns may overlap: count the codes they name together, up to past the limit
        count = _count_codes(shown, base, MAX_SWEEP_CODES)
    if count > MAX_SWEEP_CODES:
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise TooLarge(
            f"sweep: the patterns {shown!r} name {format_size(count)} codes, "
            f"over the limit of {MAX_SWEEP_CODES:,} (MAX_SWEEP_CODES in sprague.core.limits); fix more of "
            "the digits, or sweep the family in parts (0.1??, 0.2??, ...)",
            estimate=count,
            limit=MAX_SWEEP_CODES,
        )
    return shown, base


def _count_codes(shown: str, base: int, limit: int) -> int:
    """How many codes the checked patterns ``shown`` name together, counted up to ``limit + 1`` (then it stops:
    more than ``limit`` is all a refusal needs)."""
    seen: set[str] = set()
    for code in _codes(shown, base):
        seen.add(code)
        if len(seen) > limit:
            break
    return len(seen)


def _parse_one(pattern: str, base: int | None) -> tuple[str, str, int]:
    """``(d0, digits after the point, base)`` of one pattern, checked (see :func:`expand`)."""
    text = pattern.strip()
    shown = text if len(text) <= 40 else text[:37] + "..."
    example = "e.g. 0.?? (every two-digit octal code), 4.?7 or 0.F? (hexadecimal)"
    if not text:
        raise InvalidParameter(
            f"sweep: empty pattern; give a family of codes d0.d1d2... with ? for any digit, {example}"
        )
    digits_after = len(text.partition(".")[2])
    if digits_after > MAX_CODE_DIGITS:
        raise InvalidParameter(
            f"sweep: pattern {shown!r} has {digits_after:,} digits after the point, over the limit "
            f"of {MAX_CODE_DIGITS} (MAX_CODE_DIGITS in sprague.core.limits)"
        )
    for i, ch in enumerate(text):
        if ch != "." and ch != "?" and ch.upper() not in _DIGITS:
            raise InvalidParameter(
                f"sweep: pattern {shown!r} has {ch!r} at position {i + 1}; a pattern is d0.d1d2... "
                f"made of digits and ? (any digit), {example}"
            )
    if text.count(".") != 1:
        raise InvalidParameter(
            f"sweep: pattern {shown!r} needs exactly one point, between d0 and the digits d1d2...: {example}"
        )
    head, _, tail = text.upper().partition(".")
    if len(head) > 1:
        raise InvalidParameter(
            f"sweep: pattern {shown!r} has {len(head)} characters before the point; d0 is one digit (or ?), {example}"
        )
    if not tail:
        raise InvalidParameter(f"sweep: pattern {shown!r} has no digit after the point; {example}")
    high = sorted({ch for ch in head + tail if ch in _DIGITS[8:]})
    if base is None:
        base = 16 if high else 8
    elif base == 8 and high:
        raise InvalidParameter(
            f"sweep: pattern {shown!r} has the digit {high[0]!r}, not an octal digit (0-7); "
            "for a hexadecimal family give --base 16 (Python: base=16)"
        )
    count = base ** (head + tail).count("?")
    if count > MAX_SWEEP_CODES:
        raise TooLarge(
            f"sweep: pattern {shown!r} names {format_size(count)} codes "
            f"({base}^{(head + tail).count('?')}), "
            f"over the limit of {MAX_SWEEP_CODES:,} (MAX_SWEEP_CODES in sprague.core.limits); fix more of "
            "the digits, or sweep the family in parts (0.1??, 0.2??, ...)",
            estimate=count,
            limit=MAX_SWEEP_CODES,
        )
    return head or "0", tail, base


# ------------------------------------------------------------------ one game
@dataclass
class GameResult:
    """What a sweep finds for one game (one key of :func:`_same_game_key`)."""

    code: str
    #: how many values were computed: the budget, or fewer when the work limit stopped the game
    values: int
    preperiod: int | None
    period: int | None
    saltus: int
    certified: bool
    largest: int
    #: the sparse-space mask as the kernel chooses it (a negative mask is an infinite one, ``~f``), or None
    mask: int | None
    rare: int | None
    last_rare: int | None
    certificate: str
    #: why fewer values than the budget were computed (the work limit's message), or ""
    stopped: str
    seconds: float
    #: the SHA-256 of the values (int64), to find games with the same values
    digest: str

    @property
    def mask_hex(self) -> str:
        """The mask as the octal-game tables write it: its low bits, up to the largest value's bit length, in hex."""
        if self.mask is None:
            return ""
        return format(self.mask & ((1 << max(self.largest, 1).bit_length()) - 1), "x")

    def status(self) -> str:
        """``certified``, or ``unsolved to N`` (N the values computed), with the values a published period needs."""
        if self.certified:
            return "certified"
        known = known_period(self.code)
        return (
            f"unsolved to {self.values:,}"
            + (" (work limit)" if self.stopped else "")
            + ("" if known is None else f"; its published period {known.period:,} needs {values_needed(self.code):,}")
        )


def _solve(settings: tuple[int, int, Any], code: str) -> GameResult:
    """Compute one game's row (run in a worker: module level, its arguments picklable)."""
    budget, limit, cache_choice = settings
    with _cache.using(cache_choice):
        return _solve_here(code, budget, limit)


def _solve_here(code: str, budget: int, limit: int) -> GameResult:
    began = time.perf_counter()
    game = _ruleset(code)
    stopped = ""
    try:
        values = np.asarray(game.sequence(budget, limit), dtype=np.int64)
    except TooLarge as exc:  # the work limit: keep the values finished (the kernel keeps them)
        stopped = str(exc)
        values = np.asarray(game.sequence(game.known_length, limit), dtype=np.int64)
    per = _certify(game, values)
    if per is None and len(values) > 1:
        per = find_period(values.tolist(), arithmetic=True)  # observed, not proved
    mask = rare = last = None
    try:
        sparse = game.sparse_space(len(values)) if len(values) > 1 else None
    except SpragueError:
        sparse = None
    if sparse is not None:
        mask, positions = int(sparse[0]), sparse[1]
        rare, last = len(positions), (int(positions[-1]) if len(positions) else None)
    return GameResult(
        code=code,
        values=len(values),
        preperiod=per.preperiod if per else None,
        period=per.period if per else None,
        saltus=per.saltus if per else 0,
        certified=bool(per and per.certified),
        largest=int(values.max()) if len(values) else 0,
        mask=mask,
        rare=rare,
        last_rare=last,
        certificate=per.certificate if per else "",
        stopped=stopped,
        seconds=round(time.perf_counter() - began, 3),
        digest=_cache.sha256(values.tobytes()),
    )


# ------------------------------------------------------------------ rows and the result
class _ResultRow:
    """A row that reads its game's fields through: ``row.period``, ``row.order``... are ``row.result``'s."""

    result: Any

    def __getattr__(self, name: str) -> Any:
        if name == "result" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.result, name)


@dataclass
class SweepRow(_ResultRow):
    """One row of a sweep: a game, and the codes of the pattern with the same values."""

    result: GameResult
    #: the games (keys) in this row, the row's own first
    games: list[str]
    #: codes of the pattern spelling the row's own game differently (``0.10`` for ``0.1``)
    same_game: list[str]
    #: codes of the pattern for other games with the same values (and period)
    same_values: list[str]

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-able data (the ``rows`` of :meth:`SweepResult.to_json`)."""
        r = self.result
        return {
            "code": r.code,
            "preperiod": r.preperiod,
            "period": r.period,
            "saltus": r.saltus,
            "certified": r.certified,
            "status": r.status(),
            "values": r.values,
            "largest": r.largest,
            "mask": r.mask_hex,
            "mask_value": r.mask,
            "rare": r.rare,
            "last_rare": r.last_rare,
            "same_game": self.same_game,
            "same_values": self.same_values,
            "games": self.games,
            "certificate": r.certificate,
            "stopped": r.stopped,
            "seconds": r.seconds,
            "digest": r.digest,
        }


@dataclass
class SweepResult:
    """The table of a sweep; :meth:`text`, :meth:`to_json` and :meth:`csv` render it."""

    pattern: str
    base: int
    budget: int
    max_positions: int
    #: how many codes the pattern names
    codes: int
    rows: list[SweepRow] = field(default_factory=list)
    #: codes the ruleset cannot read, with its reason (``0.00``: a game without moves)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    #: games read from the results cache instead of computed
    resumed: int = 0
    #: games to run (one per key), and how many of them are done
    games: int = 0
    done: int = 0
    interrupted: bool = False
    workers: int = 1
    engine: str = "this process"
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Everything, as JSON-able data (:meth:`from_json` reads it back)."""
        return {
            "pattern": self.pattern,
            "base": self.base,
            "budget": self.budget,
            "max_positions": self.max_positions,
            "codes": self.codes,
            "games": self.games,
            "done": self.done,
            "resumed": self.resumed,
            "interrupted": self.interrupted,
            "workers": self.workers,
            "engine": self.engine,
            "seconds": round(self.seconds, 3),
            "skipped": [{"code": c, "reason": why} for c, why in self.skipped],
            "rows": [row.to_json() for row in self.rows],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SweepResult:
        """The result :meth:`to_json` gave (a sweep written with ``--json FILE``, read back)."""
        names = {f.name for f in fields(GameResult)}
        rows = [
            SweepRow(
                GameResult(**{k: (row["mask_value"] if k == "mask" else row[k]) for k in names}),
                list(row["games"]),
                list(row["same_game"]),
                list(row["same_values"]),
            )
            for row in data["rows"]
        ]
        skipped = [(s["code"], s["reason"]) for s in data["skipped"]]
        plain = {
            k: data[k]
            for k in (
                "pattern",
                "base",
                "budget",
                "max_positions",
                "codes",
                "resumed",
                "games",
                "done",
                "interrupted",
                "workers",
                "engine",
                "seconds",
            )
        }
        return cls(rows=rows, skipped=skipped, **plain)

    def csv_rows(self) -> list[dict[str, str]]:
        """The rows as :meth:`csv` writes them (every cell a string; lists separated by spaces)."""
        out = []
        for row in self.rows:
            data = row.to_json()
            data["mask"] = row.result.mask_hex
            cells = {k: data[k] for k in CSV_COLUMNS}
            out.append(
                {k: " ".join(v) if isinstance(v, list) else "" if v is None else str(v) for k, v in cells.items()}
            )
        return out

    def csv(self) -> str:
        """The table as CSV, one row per game (columns :data:`CSV_COLUMNS`)."""
        return _csv_text(CSV_COLUMNS, self.csv_rows())

    def text(self) -> str:
        """The table people read: a heading, one line per row, and what was resumed, skipped or interrupted."""
        family = "hexadecimal" if self.base == 16 else "octal"
        lines = [
            f"sweep {self.pattern} ({family}): {self.codes:,} codes, {self.games:,} games; G(n) for "
            f"n < {self.budget:,} each, at most {self.max_positions:,} positions of work a game\n"
        ]
        arithmetic = any(row.result.saltus for row in self.rows)
        head = (
            ["code", "preperiod", "period"]
            + (["saltus"] if arithmetic else [])
            + ["largest", "mask", "rare", "last rare", "status", "also"]
        )
        table = [head]
        observed = False
        for row in self.rows:
            r = row.result
            mark = "" if r.certified else "?"
            observed = observed or (bool(mark) and r.period is not None)
            cells = [
                r.code,
                "" if r.preperiod is None else f"{r.preperiod}{mark}",
                "" if r.period is None else f"{r.period}{mark}",
            ]
            if arithmetic:
                cells.append(f"{r.saltus}{mark}" if r.period is not None else "")
            also = "; ".join(
                part
                for part in (
                    f"same game: {_listed(row.same_game)}" if row.same_game else "",
                    f"same values: {_listed(row.same_values)}" if row.same_values else "",
                )
                if part
            )
            cells += [
                str(r.largest),
                r.mask_hex,
                "" if r.rare is None else f"{r.rare:,}",
                "" if r.last_rare is None else str(r.last_rare),
                r.status(),
                also,
            ]
            table.append(cells)
        lines += _aligned(table, right={1, 2, 3, 4, 6, 7} if arithmetic else {1, 2, 3, 5, 6})
        certified = sum(1 for row in self.rows if row.result.certified)
        lines.append(f"{len(self.rows):,} rows: {certified:,} certified, {len(self.rows) - certified:,} unsolved")
        if self.resumed:
            lines.append(f"; {self.resumed:,} of the {self.games:,} games resumed from the results cache")
        lines.append(f" ({self.workers} worker{'s' if self.workers != 1 else ''}, {self.engine})\n")
        if observed:
            lines.append("?: a period seen in the values computed, not proved\n")
        lines.append(
            "mask: the sparse-space mask (Winning Ways ch. 4), in hex; rare: the heaps n >= 1 whose value has "
            "an even masked popcount\n"
        )
        if any(row.same_values for row in self.rows):
            lines.append("same values: G(n) the same for every n computed\n")
        for code, why in self.skipped[:_SHOWN]:
            lines.append(f"skipped {code}: {why}\n")
        if len(self.skipped) > _SHOWN:
            lines.append(
                f"skipped {len(self.skipped) - _SHOWN:,} more codes the ruleset cannot read (--json lists them)\n"
            )
        if self.interrupted:
            lines.append(
                f"interrupted after {self.done:,} of {self.games:,} games; the finished ones are in the "
                "results cache: run the same sweep again to resume\n"
            )
        return "".join(lines)


def _listed(codes: list[str]) -> str:
    """Codes for the table: up to :data:`_SHOWN` of them, then how many more (CSV and JSON list them all)."""
    more = f" and {len(codes) - _SHOWN} more" if len(codes) > _SHOWN else ""
    return ", ".join(codes[:_SHOWN]) + more


# ------------------------------------------------------------------ the sweep
def sweep(
    pattern: str,
    *,
    values: int = DEFAULT_VALUES,
    max_positions: int | None = None,
    base: int | None = None,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Callable[[int], Any] | None = None,
    resume: bool = True,
) -> SweepResult:
    """Solve every code of a family as far as ``values`` values each, and table the results.

    Parameters
    ----------
    pattern : str
        Codes with ``?`` for any digit: ``0.??``, ``4.?7``, ``0.???``, ``0.F?`` (see :func:`expand`).
    values : int
        G(0..values-1) is computed for each game (the budget).
    max_positions : int, optional
        The work limit of each game (default 2,000,000 positions); a game that reaches it keeps the
        values it has and is "unsolved to" that many.
    base : {8, 16}, optional
        The digits of the wildcards (default 8, or 16 when the pattern has a hexadecimal digit).
    workers : int, optional
        Local processes (default: one per core; 1 runs in this process).
    scheduler : str or dask.distributed.Client, optional
        Run the games on a Dask cluster instead (``tcp://host:port``).
    progress : callable, optional
        Called with the number of games just finished (the resumed ones first). If it raises
        :class:`KeyboardInterrupt`, the sweep stops as on Ctrl-C.
    resume : bool
        Read finished games from the results cache (:func:`sprague.cache.active`) and store each
        game there as it finishes. On Ctrl-C the result holds the games done
        (``interrupted=True``), and the same sweep run again resumes from them.

    Returns
    -------
    SweepResult
    """
    progress = check_progress(progress)
    shown, base = _parse_pattern(pattern, base)
    budget = _check_budget(values)
    limit = check_limit(max_positions)
    refuse_if_too_large(f"sweep: {budget:,} values of each game", budget, max(limit, MAX_SEQUENCE_VALUES))
    if workers is None:
        workers = os.cpu_count() or 1
    workers = check_workers(workers)
    keys = games(pattern, base)
    result = SweepResult(
        pattern=shown, base=base, budget=budget, max_positions=limit, codes=sum(map(len, keys.values()))
    )
    runnable = []
    for key, spelled in keys.items():
        try:
            _ruleset(key)
        except SpragueError as exc:
            result.skipped.extend((code, str(exc)) for code in spelled)
            continue
        runnable.append(key)
    result.games = len(runnable)
    store = _row_cache() if resume else None
    found: dict[str, GameResult] = {}
    for key in runnable:
        stored = _load(store, key, budget, limit)
        if stored is not None:
            found[key] = stored
    result.resumed = result.done = len(found)
    if scheduler is not None:
        result.workers, result.engine = dask_workers(scheduler), "Dask"
    else:
        result.workers = min(workers, max(1, len(runnable) - len(found)))
        result.engine = "this process" if result.workers == 1 else "worker processes"
    cache_choice: Any = False if scheduler is not None else _sequence_cache_choice()
    began = time.perf_counter()

    def collect(game: GameResult) -> None:
        found[game.code] = game
        result.done += 1
        _save(store, game, budget, limit)
        if progress is not None:
            progress(1)

    try:
        if progress is not None and result.resumed:
            progress(result.resumed)
        todo = [(key,) for key in runnable if key not in found]
        settings = (budget, limit, cache_choice)
        if result.workers > 1 and scheduler is None and todo:
            # the first game here: the compiled kernels are loaded once, and the (forked) worker processes have them
            collect(_solve(settings, *todo.pop(0)))
        run_tasks(_solve, todo, collect, workers=result.workers, scheduler=scheduler, shared=(settings,))
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - began
    result.rows = _rows([key for key in runnable if key in found], found, keys)
    return result


def _check_budget(values: Any) -> int:
    if isinstance(values, bool) or not isinstance(values, (int, np.integer)) or values < 1:
        raise InvalidParameter(
            f"sweep: values={values!r} must be a positive integer, the number of values "
            "G(0..N-1) computed for each game (e.g. --values 16384)"
        )
    return int(values)


def _rows(keys: Sequence[str], found: dict[str, GameResult], spellings: dict[str, list[str]]) -> list[SweepRow]:
    """One row per set of games with the same values and period, in pattern order."""
    groups: dict[tuple[Any, ...], SweepRow] = {}
    for key in keys:
        r = found[key]
        same = (r.digest, r.values, r.certified, r.preperiod, r.period, r.saltus)
        others = [code for code in spellings[key] if code != key]
        if same in groups:
            row = groups[same]
            row.games.append(key)
            row.same_values.extend(spellings[key])
        else:
            groups[same] = SweepRow(r, [key], others, [])
    return list(groups.values())


# ------------------------------------------------------------------ the results cache
def _row_cache() -> _cache.Cache | None:
    """The active results cache, storing every row whatever it took (rows are the sweep's checkpoints)."""
    active = _cache.active()
    return None if active is None else _cache.Cache(active.directory, min_seconds=0)


def _sequence_cache_choice() -> Any:
    """The cache the workers' sequences use: this process's directory, or False (none)."""
    active = _cache.active()
    return False if active is None else str(active.directory)


def _row_key(code: str, budget: int, limit: int) -> dict[str, Any]:
    return {"ruleset": _RULESET, "params": {"code": code}, "values": budget, "max_positions": limit, "row": _ROW_FORMAT}


def _load(store: _cache.Cache | None, code: str, budget: int, limit: int) -> GameResult | None:
    if store is None:
        return None
    data = store.load("sweep", _row_key(code, budget, limit))
    if data is None:
        return None
    try:
        row = json.loads(bytes(data.astype(np.uint8)).decode())
        return GameResult(**row)
    except (ValueError, TypeError):  # another layout (a changed row): computed again
        return None


def _save(store: _cache.Cache | None, game: GameResult, budget: int, limit: int) -> None:
    if store is not None:
        data = np.frombuffer(json.dumps(asdict(game)).encode(), dtype=np.uint8)
        store.store("sweep", _row_key(game.code, budget, limit), data, game.seconds)


# ================================================================== misère quotients
# ``sweep --misere``: the misère quotient (:mod:`sprague.analysis.quotient`) of every game of a family, each
# within its own work budget, in one table. The same patterns, games, workers, Dask and results cache as above.

#: the bound N of each game's quotient by default (the sums of heaps 0..N): the quotients of the octal games
#: published by Plambeck and Siegel that stabilise at all do so by heap 30 or so (Kayles' at 27 here)
DEFAULT_MAX_HEAP = 40
#: work units (about a microsecond each, :mod:`sprague.core.budget`) of each game's quotient by default: some
#: 5-8 s of CPU here, so that the 511 games of ``0.???`` take under an hour on 2 cores whatever they are
DEFAULT_GAME_WORK = 4_000_000
#: the columns of :meth:`MisereSweepResult.csv`, in order
MISERE_CSV_COLUMNS = (
    "code",
    "bound",
    "order",
    "p_portion",
    "stable_from",
    "stabilised",
    "status",
    "period",
    "preperiod",
    "stopped_at",
    "generators",
    "presentation",
    "work",
    "seconds",
    "same_game",
    "same_quotient",
    "note",
)
#: with ``prove``: the largest bound a game's quotient is computed to for a proof, by default (Kayles needs 166)
DEFAULT_PROVE_MAX_HEAP = 200
#: with ``prove``: bounds tried for one game at most (the bound asked, then larger ones)
_PROVE_ATTEMPTS = 3
#: the status of a quotient computed to the bound without a proof (a prover hook may say ``proved``)
OBSERVED = "observed"
PROVED = "proved"
STOPPED = "stopped"
_MISERE_ROW_FORMAT = 2  # part of the cache key of a misère row: bump it when a row's meaning changes
_SHORT = 60  # characters of a presentation shown in the text table (CSV and JSON have it whole)

#: ``prover(code, quotient)`` -> ``(status, note)`` or None: called in the worker for each quotient computed to
#: its bound; a status other than "observed" (e.g. "proved") and a note (how) replace the default. It must be a
#: module-level function (it is pickled to the worker processes and the Dask cluster).
Prover = Callable[[str, Any], "tuple[str, str] | None"]


@dataclass
class QuotientResult:
    """What a misère sweep finds for one game: its quotient to the bound, or where the budget stopped it."""

    code: str
    #: the bound N asked: the quotient of the sums of heaps 0..N
    bound: int
    #: the order of the quotient, or None when the budget stopped the game (``order_at_least`` then)
    order: int | None
    #: the number of elements of the P-portion
    p_portion: int | None
    #: the last heap at which the quotient changed (it is the same from there to the bound)
    stable_from: int | None
    #: ``observed``, what the prover hook said (``proved``), or ``stopped``
    status: str
    #: the heap at which the budget stopped the game (the quotient of the smaller heaps was finished), or None
    stopped_at: int | None
    #: a lower bound of the order when stopped: the order of the quotient of the heaps below ``stopped_at``
    order_at_least: int | None
    #: the number of generators, the presentation (Unicode and ASCII) and the P-portion's elements
    generators: int | None
    presentation: str
    presentation_ascii: str
    p_elements: str
    #: the order of the quotient at each bound 0..N (or up to where it stopped, when that is known)
    orders: list[int]
    #: why it stopped (the budget's message), or ""
    stopped: str
    #: the prover hook's note, or ""
    note: str
    #: work units spent (the game's budget) and seconds of wall clock
    work: int
    seconds: float
    #: the SHA-256 of the quotient with its pretending function (games with the same one share a row), or ""
    digest: str
    #: with ``prove``: the period and preperiod of the pretending function the proof rests on (proved rows)
    period: int | None = None
    preperiod: int | None = None
    #: with ``prove``: the certificate (:meth:`QuotientProof.to_json`), or why there is none; else None
    certificate: dict[str, Any] | None = None
    #: with ``prove``: the bounds tried, in order (the row is of the last one that finished: ``bound``)
    bounds: list[int] = field(default_factory=list)

    def order_text(self) -> str:
        return (
            f"{self.order:,}"
            if self.order is not None
            else (f">= {self.order_at_least:,}" if self.order_at_least is not None else "?")
        )

    def status_text(self) -> str:
        """``observed`` / ``proved``, or ``stopped at heap k, order >= m`` (what the budget allowed)."""
        if self.order is not None:
            return self.status
        where = f" at heap {self.stopped_at}" if self.stopped_at is not None else ""
        least = f", order >= {self.order_at_least:,}" if self.order_at_least is not None else ""
        return f"stopped{where}{least}"


def _stable_text(r: QuotientResult) -> str:
    """The heap the quotient is the same from, or "not yet" when it changed at the bound itself."""
    if r.stable_from is None:
        return ""
    return str(r.stable_from) if r.stable_from < r.bound else "not yet"


def _stop_point(exc: BaseException) -> tuple[int | None, int | None]:
    """``(heap, order of the quotient below it)`` where the quotient engine stopped, from the exception.

    The engine's own attributes (``heap``, ``order``) if it sets them, else its message ("at heap 25; the
    quotient of heaps < 25 has order 24"); ``(None, None)`` when neither says (the row then shows "stopped").
    """
    heap, order = getattr(exc, "heap", None), getattr(exc, "order", None)
    if isinstance(heap, int) and isinstance(order, int):
        return heap, order
    import re

    found = re.search(r"at heap (\d+)\D*?heaps < \1 has order (\d+)", str(exc))
    return (int(found.group(1)), int(found.group(2))) if found else (None, None)


def _quotient_digest(q: Any) -> str:
    text = json.dumps([q.table, sorted(q.p_portion), q.phi], separators=(",", ":"))
    return _cache.sha256(text.encode())


def _stopped_result(code: str, bound: int, exc: BaseException, work: int, began: float) -> QuotientResult:
    heap, least = _stop_point(exc)
    return QuotientResult(
        code=code,
        bound=bound,
        order=None,
        p_portion=None,
        stable_from=None,
        status=STOPPED,
        stopped_at=heap,
        order_at_least=least,
        generators=None,
        presentation="",
        presentation_ascii="",
        p_elements="",
        orders=[],
        stopped=str(exc),
        note="",
        work=work,
        seconds=round(time.perf_counter() - began, 3),
        digest="",
    )


def _finished_result(code: str, q: Any, status: str, note: str, work: int, began: float) -> QuotientResult:
    return QuotientResult(
        code=code,
        bound=q.max_heap,
        order=q.order,
        p_portion=len(q.p_portion),
        stable_from=q.stable_from,
        status=status,
        stopped_at=None,
        order_at_least=None,
        generators=len(q.generators),
        presentation=q.presentation(),
        presentation_ascii=q.presentation(ascii=True),
        p_elements=q.p_portion_text(ascii=True),
        orders=list(q.orders),
        stopped="",
        note=note,
        work=work,
        seconds=round(time.perf_counter() - began, 3),
        digest=_quotient_digest(q),
    )


def _solve_quotient(settings: tuple[Any, ...], code: str) -> QuotientResult:
    """One game's misère quotient within its budget (run in a worker: module level, its arguments picklable)."""
    from sprague.analysis.quotient import misere_quotient
    from sprague.core.budget import budget as _budget
    from sprague.errors import BudgetExceeded

    max_heap, work, prover = settings[:3]
    prove_cap = settings[3] if len(settings) > 3 else None
    began = time.perf_counter()
    game = _ruleset(code)
    with _budget(work=work) as spent:
        try:
            q = misere_quotient(game.heap_options, max_heap)
        except (BudgetExceeded, TooLarge) as exc:
            return _stopped_result(code, max_heap, exc, min(spent.spent, work), began)
        if prove_cap is not None:
            return _prove_further(code, game, q, prove_cap, work, spent, began)
    status, note = OBSERVED, ""
    if prover is not None:
        said = prover(code, q)
        if said is not None:
            status, note = said
    return _finished_result(code, q, status, note, spent.spent, began)


def _guess_bound(q: Any, t: int, j: int) -> int | None:
    """The bound the theorem would need if the pretending function's final run were its period: the smallest
    period ``p`` seen repeating at least twice at the end of ``q``'s heaps, and ``M`` for it and its preperiod."""
    from sprague.analysis.quotient_proof import needed_bound

    phi, top = q.phi, q.max_heap
    for p in range(1, top // 3 + 1):
        n0 = top - p + 1
        while n0 > 0 and phi[n0 - 1] == phi[n0 - 1 + p]:
            n0 -= 1
        if top - n0 + 1 >= 3 * p:  # the period seen three times (twice repeated)
            return needed_bound(n0, p, t, j)
    return None


def _short_reason(proof: Any, bound: int) -> str:
    """The prover's reason, short enough for a table cell (the certificate in JSON has it whole)."""
    reason = str(proof.reason)
    if reason.startswith("no period"):
        return f"no period of the pretending function proves it by heap {bound}"
    if reason.startswith("the periodic extension failed"):
        return f"period {proof.period} from heap {proof.preperiod} failed the independent check"
    return reason if len(reason) <= 100 else reason[:99] + "…"


def _prove_further(code: str, game: Any, q: Any, cap: int, work: int, spent: Any, began: float) -> QuotientResult:
    """``prove``: :func:`~sprague.analysis.quotient_proof.prove_quotient` on the quotient ``q`` computed to the
    bound asked; when it says "compute further" and ``q`` has stabilised, the quotient again to a larger bound
    (the bound a period seen at the end would need, else 4 times the bound; at most ``cap``), up to
    :data:`_PROVE_ATTEMPTS` bounds in all, within the game's one budget. The row is of the last bound that
    finished (with the proof, or the reason there is none); a larger bound the budget stopped is in the note."""
    from sprague.analysis.quotient import misere_quotient
    from sprague.analysis.quotient_proof import prove_quotient
    from sprague.errors import BudgetExceeded

    bounds = [q.max_heap]
    extra = ""
    best: tuple[Any, Any] | None = None  # (quotient, proof) of the last bound proved or observed
    while True:
        try:
            proof = prove_quotient(code, q.max_heap, quotient=q)
        except (BudgetExceeded, TooLarge):
            extra = f"; the check at heap {q.max_heap} stopped at the budget"
            break
        best = (q, proof)
        if proof.proved or not str(proof.reason).startswith("no period") or len(bounds) >= _PROVE_ATTEMPTS:
            break
        if q.stable_from is None or q.stable_from >= q.max_heap:
            extra = f"; not stabilised at heap {q.max_heap}, so not computed further"
            break
        code_ = game.code
        guess = _guess_bound(q, code_.last_digit, max(code_.max_heaps or 1, 1)) if code_.last_digit else None
        bound = guess if guess is not None and q.max_heap < guess <= cap else min(4 * q.max_heap, cap)
        if bound <= q.max_heap:
            extra = f"; --prove-max-heap {cap} reached"
            break
        bounds.append(bound)
        try:
            q = misere_quotient(game.heap_options, bound)
        except (BudgetExceeded, TooLarge) as exc:
            heap, _ = _stop_point(exc)
            extra = f"; heaps 0..{bound} stopped at the budget" + (f" at heap {heap}" if heap is not None else "")
            break
    if best is None:  # the first check stopped: observed, without a proof
        r = _finished_result(code, q, OBSERVED, extra.lstrip("; "), min(spent.spent, work), began)
        r.bounds = bounds
        return r
    q, proof = best
    note = proof.reason if proof.proved else _short_reason(proof, q.max_heap) + extra
    r = _finished_result(code, q, PROVED if proof.proved else OBSERVED, note, min(spent.spent, work), began)
    r.bounds, r.certificate = bounds, proof.to_json()
    if proof.proved:
        r.period, r.preperiod = proof.period, proof.preperiod
    return r


@dataclass
class MisereRow(_ResultRow):
    """One row of a misère sweep: a game, and the games of the pattern with the same quotient and pretending
    function to the bound (the same misère outcome for every sum of heaps 0..N)."""

    result: QuotientResult
    games: list[str]
    #: codes of the pattern spelling the row's own game differently (``0.10`` for ``0.1``)
    same_game: list[str]
    #: codes of the pattern for other games with the same quotient and pretending function
    same_quotient: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self.result),
            "status_text": self.result.status_text(),
            "games": self.games,
            "same_game": self.same_game,
            "same_quotient": self.same_quotient,
        }


@dataclass
class MisereSweepResult:
    """The table of a misère sweep; :meth:`text`, :meth:`to_json` and :meth:`csv` render it."""

    pattern: str
    base: int
    max_heap: int
    game_work: int
    codes: int
    rows: list[MisereRow] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    resumed: int = 0
    games: int = 0
    done: int = 0
    interrupted: bool = False
    workers: int = 1
    engine: str = "this process"
    seconds: float = 0.0
    #: the prover hook's name, or "" (none: every finished quotient is "observed")
    prover: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "pattern": self.pattern,
            "base": self.base,
            "misere": True,
            "max_heap": self.max_heap,
            "game_work": self.game_work,
            "codes": self.codes,
            "games": self.games,
            "done": self.done,
            "resumed": self.resumed,
            "interrupted": self.interrupted,
            "workers": self.workers,
            "engine": self.engine,
            "seconds": round(self.seconds, 3),
            "prover": self.prover,
            "skipped": [{"code": c, "reason": why} for c, why in self.skipped],
            "rows": [row.to_json() for row in self.rows],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MisereSweepResult:
        names = {f.name for f in fields(QuotientResult)}
        rows = [
            MisereRow(
                QuotientResult(**{k: row[k] for k in names}),
                list(row["games"]),
                list(row["same_game"]),
                list(row["same_quotient"]),
            )
            for row in data["rows"]
        ]
        plain = {
            k: data[k]
            for k in (
                "pattern",
                "base",
                "max_heap",
                "game_work",
                "codes",
                "resumed",
                "games",
                "done",
                "interrupted",
                "workers",
                "engine",
                "seconds",
                "prover",
            )
        }
        return cls(rows=rows, skipped=[(s["code"], s["reason"]) for s in data["skipped"]], **plain)

    def csv_rows(self) -> list[dict[str, str]]:
        out = []
        for row in self.rows:
            r = row.result
            cells: dict[str, Any] = {
                "code": r.code,
                "bound": r.bound,
                "order": r.order_text(),
                "p_portion": r.p_portion,
                "stable_from": r.stable_from,
                "stabilised": "" if r.stable_from is None else r.stable_from < r.bound,
                "status": r.status_text(),
                "period": r.period,
                "preperiod": r.preperiod,
                "stopped_at": r.stopped_at,
                "generators": r.generators,
                "presentation": r.presentation_ascii,
                "work": r.work,
                "seconds": r.seconds,
                "same_game": row.same_game,
                "same_quotient": row.same_quotient,
                "note": r.note,
            }
            out.append(
                {k: " ".join(v) if isinstance(v, list) else "" if v is None else str(v) for k, v in cells.items()}
            )
        return out

    def csv(self) -> str:
        """The table as CSV, one row per quotient (columns :data:`MISERE_CSV_COLUMNS`; presentations in ASCII)."""
        return _csv_text(MISERE_CSV_COLUMNS, self.csv_rows())

    def text(self) -> str:
        """The table people read: a heading, one line per row, then what was stopped, skipped or interrupted."""
        family = "hexadecimal" if self.base == 16 else "octal"
        lines = [
            f"sweep --misere {self.pattern} ({family}): {self.codes:,} codes, {self.games:,} games; the "
            f"misère quotient of the sums of heaps 0..{self.max_heap} of each, at most {self.game_work:,} "
            "units of work a game\n"
        ]
        proving = self.prover.startswith("prove_quotient")
        head = ["code", "order", "|P|", "stable from", "status", "work", "presentation", "also"]
        if proving:  # the bound of each row (a proof may have needed a larger one) and the period proved
            head[4:4] = ["bound", "period"]
        table = [head]
        for row in self.rows:
            r = row.result
            pres = r.presentation if len(r.presentation) <= _SHORT else r.presentation[: _SHORT - 1] + "…"
            also = "; ".join(
                part
                for part in (
                    f"same game: {_listed(row.same_game)}" if row.same_game else "",
                    f"same quotient: {_listed(row.same_quotient)}" if row.same_quotient else "",
                    r.note if proving and r.status == OBSERVED else "",
                )
                if part
            )
            line = [
                r.code,
                r.order_text(),
                "" if r.p_portion is None else str(r.p_portion),
                _stable_text(r),
                r.status_text(),
                f"{r.work:,}",
                pres,
                also,
            ]
            if proving:
                line[4:4] = [str(r.bound), "" if r.period is None else f"{r.period} from {r.preperiod}"]
            table.append(line)
        lines += _aligned(table, right={1, 2, 3, 4, 7} if proving else {1, 2, 3, 5})
        finished = sum(len(row.games) for row in self.rows if row.result.order is not None)
        proved = sum(
            len(row.games) for row in self.rows if row.result.order is not None and row.result.status != OBSERVED
        )
        stopped = sum(len(row.games) for row in self.rows if row.result.order is None)
        further = " (or further, to prove them)" if proving else ""
        lines.append(
            f"{len(self.rows):,} rows of {finished + stopped:,} games: {finished:,} quotients to heap "
            f"{self.max_heap}{further} ({proved:,} proved, {finished - proved:,} observed), {stopped:,} "
            "stopped by the budget"
        )
        if self.resumed:
            lines.append(f"; {self.resumed:,} of the {self.games:,} games resumed from the results cache")
        lines.append(f" ({self.workers} worker{'s' if self.workers != 1 else ''}, {self.engine})\n")
        lines.append(
            f"stable from: the last heap at which the quotient changed (the same from there to heap "
            f"{self.max_heap}; not yet: it changed at the bound); observed: computed exactly to the bound, "
            "stabilisation not proved; "
            "stopped: the game's work budget ran out at that heap, the quotient of the smaller heaps "
            "having that order (--game-work, --max-heap)\n"
        )
        if proving:
            lines.append(
                "proved: for ALL heaps, by the misère quotient periodicity theorem "
                "(sprague.analysis.quotient_proof), the pretending function having that period from that "
                "heap; bound: the heaps 0..bound computed (a proof may need more than --max-heap, up to "
                f"{self.prover.rsplit(' ', 1)[-1]}); observed: why there is no proof (--json has each "
                "certificate)\n"
            )
        if any(row.same_quotient for row in self.rows):
            lines.append("same quotient: the same quotient, P-portion and pretending function to the bound\n")
        for code, why in self.skipped[:_SHOWN]:
            lines.append(f"skipped {code}: {why}\n")
        if len(self.skipped) > _SHOWN:
            lines.append(f"skipped {len(self.skipped) - _SHOWN:,} more codes (--json lists them)\n")
        if self.interrupted:
            lines.append(
                f"interrupted after {self.done:,} of {self.games:,} games; the finished ones are in the "
                "results cache: run the same sweep again to resume\n"
            )
        return "".join(lines)


def misere_sweep(
    pattern: str,
    *,
    max_heap: int = DEFAULT_MAX_HEAP,
    game_work: int = DEFAULT_GAME_WORK,
    base: int | None = None,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Callable[[int], Any] | None = None,
    resume: bool = True,
    prover: Prover | None = None,
    prove: bool = False,
    prove_max_heap: int | None = None,
) -> MisereSweepResult:
    """The misère quotient of every game of a family, to heap ``max_heap``, each within ``game_work`` units.

    Parameters
    ----------
    pattern : str
        Codes with ``?`` for any digit (see :func:`expand`); ``0.???`` is every code of up to 3 digits.
    max_heap : int
        The bound N: each quotient is that of the sums of heaps 0..N.
    game_work : int
        The work budget of each game (units of about a microsecond, :mod:`sprague.core.budget`). A game
        that spends it is a row "stopped at heap k, order >= m", not a failure.
    base, workers, scheduler, progress, resume
        As for :func:`sweep`.
    prover : callable, optional
        ``prover(code, quotient)`` -> ``(status, note)`` or None, run for each quotient computed to the bound
        (a module-level function); without it every such quotient is ``observed``.
    prove : bool
        Prove each quotient for *all* heaps (:func:`~sprague.analysis.quotient_proof.prove_quotient`, on the
        quotient computed: no second computation), within the game's budget. A row is then ``proved``, with the
        period and preperiod of the pretending function and the certificate (``certificate``, JSON), or
        ``observed`` with the reason, short (``note``). The theorem needs heaps ``0..M``,
        ``M = 2·max(n0, 1) + 2p + t - 2`` for an octal code (Kayles: 166), often more than ``max_heap``; so
        when the prover says "compute further" and the quotient has stabilised (it did not change at the
        bound), the quotient is computed again to a larger bound: the ``M`` a period seen (three times) at the
        end of the pretending function would need, else 4 times the bound; at most ``prove_max_heap``), up
        to 3 bounds in all (the engine starts afresh at each bound, and its work grows about as the square of
        the bound: Kayles costs 0.2M units to 40, 3.5M to 166). Kayles at the defaults: 40, then 160 (no
        period yet), then 166 (period 12 from 71 seen at 160), proved. A quotient still changing at the bound is
        not pursued (it is "observed", not stabilised). A larger bound the budget stops leaves the row at the
        last bound finished (``bound``; ``bounds`` lists those tried), with a note. Not with ``prover``.
    prove_max_heap : int, optional
        With ``prove``: the largest bound tried (default :data:`DEFAULT_PROVE_MAX_HEAP`, at least
        ``max_heap``).

    Games without a move at any heap up to N (``0.0``) are skipped, with the reason.

    >>> r = misere_sweep("0.?1", max_heap=12, workers=1, resume=False)
    >>> [(row.code, row.order, row.p_portion, row.status) for row in r.rows][:2]
    [('0.01', 2, 1, 'observed'), ('0.11', 2, 1, 'observed')]
    >>> r = misere_sweep("0.75", max_heap=20, workers=1, resume=False, prove=True)
    >>> [(row.code, row.order, row.status, row.period, row.preperiod, row.bound) for row in r.rows]
    [('0.75', 8, 'proved', 2, 8, 20)]

    One function: its checks of the arguments, the resumed rows of the results cache and the run over the
    workers share a dozen locals (the codes, the budget, the prover's settings, the rows kept); two lines over the
    bound, it reads in order as it runs.
    """
    progress = check_progress(progress)
    shown, base = _parse_pattern(pattern, base)
    from sprague.core.limits import MAX_QUOTIENT_HEAP

    if (
        isinstance(max_heap, bool)
        or not isinstance(max_heap, (int, np.integer))
        or (not 1 <= max_heap <= MAX_QUOTIENT_HEAP)
    ):
        raise InvalidParameter(
            f"sweep --misere: max_heap={max_heap!r} must be an integer from 1 to "
            f"{MAX_QUOTIENT_HEAP:,}, the largest heap of each quotient (e.g. --max-heap 40)"
        )
    if isinstance(game_work, bool) or not isinstance(game_work, (int, np.integer)) or game_work < 1:
        raise InvalidParameter(
            f"sweep --misere: game_work={game_work!r} must be a positive integer, the work "
            "units (about a microsecond each) of each game (e.g. --game-work 4000000)"
        )
    if prover is not None and not callable(prover):
        raise InvalidParameter(
            f"sweep --misere: prover={prover!r} is not callable; give a function "
            "prover(code, quotient) -> (status, note) or None"
        )
    if not isinstance(prove, bool):
        raise InvalidParameter(f"sweep --misere: prove={prove!r} must be True or False")
    if prove and prover is not None:
        raise InvalidParameter("sweep --misere: prove=True and a prover hook are two provers; give one")
    if prove_max_heap is not None and not prove:
        raise InvalidParameter(
            f"sweep --misere: prove_max_heap={prove_max_heap!r} is the largest bound of a "
            "proof; it needs prove=True (--prove)"
        )
    if prove_max_heap is not None and (
        isinstance(prove_max_heap, bool)
        or not isinstance(prove_max_heap, (int, np.integer))
        or not max_heap <= prove_max_heap <= MAX_QUOTIENT_HEAP
    ):
        raise InvalidParameter(
            f"sweep --misere: prove_max_heap={prove_max_heap!r} must be an integer from "
            f"max_heap ({max_heap}) to {MAX_QUOTIENT_HEAP:,}, the largest bound of a proof"
        )
    max_heap, game_work = int(max_heap), int(game_work)
    prove_cap = None if not prove else max(max_heap, int(prove_max_heap or DEFAULT_PROVE_MAX_HEAP))
    if workers is None:
        workers = os.cpu_count() or 1
    workers = check_workers(workers)
    keys = games(pattern, base)
    prover_name = "" if prover is None else f"{getattr(prover, '__module__', '')}.{getattr(prover, '__qualname__', '')}"
    if prove_cap is not None:
        prover_name = f"prove_quotient to {prove_cap}"
    result = MisereSweepResult(
        pattern=shown,
        base=base,
        max_heap=max_heap,
        game_work=game_work,
        codes=sum(map(len, keys.values())),
        prover=prover_name,
    )
    runnable = []
    for key, spelled in keys.items():
        try:
            game = _ruleset(key)
            moves = any(True for n in range(1, max_heap + 1) for _ in game.heap_options(n))
        except SpragueError as exc:
            result.skipped.extend((code, str(exc)) for code in spelled)
            continue
        if not moves:
            result.skipped.extend(
                (
                    code,
                    f"no move from any heap up to {max_heap}: every sum is an end "
                    "position (a misère N-position), the quotient is trivial",
                )
                for code in spelled
            )
            continue
        runnable.append(key)
    result.games = len(runnable)
    store = _row_cache() if resume else None
    found: dict[str, QuotientResult] = {}
    for key in runnable:
        stored = _load_quotient(store, key, max_heap, game_work, prover_name)
        if stored is not None:
            found[key] = stored
    result.resumed = result.done = len(found)
    if scheduler is not None:
        result.workers, result.engine = dask_workers(scheduler), "Dask"
    else:
        result.workers = min(workers, max(1, len(runnable) - len(found)))
        result.engine = "this process" if result.workers == 1 else "worker processes"
    began = time.perf_counter()

    def collect(game: QuotientResult) -> None:
        found[game.code] = game
        result.done += 1
        _save_quotient(store, game, max_heap, game_work, prover_name)
        if progress is not None:
            progress(1)

    try:
        if progress is not None and result.resumed:
            progress(result.resumed)
        todo = [(key,) for key in runnable if key not in found]
        run_tasks(
            _solve_quotient,
            todo,
            collect,
            workers=result.workers,
            scheduler=scheduler,
            shared=((max_heap, game_work, prover, prove_cap),),
        )
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - began
    result.rows = _misere_rows([key for key in runnable if key in found], found, keys)
    return result


def _misere_rows(
    keys: Sequence[str], found: dict[str, QuotientResult], spellings: dict[str, list[str]]
) -> list[MisereRow]:
    """One row per quotient (with its pretending function and status), in pattern order; stopped games alone."""
    groups: dict[tuple[Any, ...], MisereRow] = {}
    for i, key in enumerate(keys):
        r = found[key]
        same = (r.digest, r.status, r.stable_from) if r.digest else ("stopped", i)
        others = [code for code in spellings[key] if code != key]
        if same in groups:
            row = groups[same]
            row.games.append(key)
            row.same_quotient.extend(spellings[key])
        else:
            groups[same] = MisereRow(r, [key], others, [])
    return list(groups.values())


def _quotient_key(code: str, max_heap: int, work: int, prover: str) -> dict[str, Any]:
    return {
        "ruleset": _RULESET,
        "params": {"code": code},
        "misere_quotient": max_heap,
        "game_work": work,
        "prover": prover,
        "row": _MISERE_ROW_FORMAT,
        "engine": _engine_id(),
    }


_ENGINE_ID: list[str] = []


def _engine_id() -> str:
    """The quotient engine's source digest: a changed engine spends its budget differently (a row stopped by the
    budget of another engine is computed again, not resumed)."""
    if not _ENGINE_ID:
        from pathlib import Path

        from sprague import __version__
        from sprague.analysis import quotient

        try:
            _ENGINE_ID.append(_cache.sha256(Path(quotient.__file__).read_bytes())[:16])
        except (OSError, TypeError):
            _ENGINE_ID.append(__version__)
    return _ENGINE_ID[0]


def _load_quotient(
    store: _cache.Cache | None, code: str, max_heap: int, work: int, prover: str
) -> QuotientResult | None:
    if store is None:
        return None
    data = store.load("misere-sweep", _quotient_key(code, max_heap, work, prover))
    if data is None:
        return None
    try:
        return QuotientResult(**json.loads(bytes(data.astype(np.uint8)).decode()))
    except (ValueError, TypeError):  # another layout: computed again
        return None


def _save_quotient(store: _cache.Cache | None, game: QuotientResult, max_heap: int, work: int, prover: str) -> None:
    if store is not None:
        data = np.frombuffer(json.dumps(asdict(game)).encode(), dtype=np.uint8)
        store.store("misere-sweep", _quotient_key(game.code, max_heap, work, prover), data, game.seconds)


def _aligned(table: list[list[str]], right: set[int]) -> list[str]:
    """The lines of ``table`` in columns two spaces apart, the columns ``right`` aligned right."""
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    return [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(line, widths))
        ).rstrip()
        + "\n"
        for line in table
    ]


def _csv_text(columns: Sequence[str], rows: list[dict[str, str]]) -> str:
    """CSV text: a header of ``columns``, then the rows (every cell a string)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()
