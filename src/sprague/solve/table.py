"""A table of values: every position with ``k`` heaps of at most ``max_heap``, and its Grundy value or outcome.

A :class:`Table` (built by :func:`sprague.solve.tabulate.heap_table`, ``ruleset.table(...)``)
iterates as ``(position, value)``, converts to NumPy (``np.asarray(table)``: one row of heaps
and the value per position) and to pandas (:meth:`Table.to_pandas`), and looks up a
position by indexing (``table[3, 5, 6]``). :class:`GrundySequence` is the values of single
heaps, with their period when one is known.

When heaps are interchangeable, positions are the sorted tuples ``a_1 <= ... <= a_k``
in colex order (the order of :class:`~sprague.solve.box.Box`: a table for a smaller
``max_heap`` is a prefix of one for a larger); otherwise every ordered tuple, the
first heap varying slowest; the functions here enumerate both.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import comb
from typing import Any

import numpy as np

from sprague.errors import InvalidPosition
from sprague.kernels.takebreak_work import value_counts
from sprague.solve.box import Box

__all__ = [
    "KINDS",
    "TABLE_MAX_HEAPS",
    "table_rows",
    "table_size",
    "sorted_positions",
    "ordered_positions",
    "ordered_rows",
    "Table",
    "GrundySequence",
]

KINDS = ("grundy", "outcome")
TABLE_MAX_HEAPS = 64  #: the most heaps a table's positions may have
ROWS_CHUNK = 1 << 18  #: rows a table reads at once when it counts, lists, iterates or saves (2 MB of int64)


def table_rows(interchangeable: bool, heaps: int, lo: int, hi: int, start: int, stop: int) -> np.ndarray:
    """The positions of rows ``start..stop-1`` of a table (int64): colex ranks when heaps are interchangeable,
    else ordered tuples, the first heap varying slowest."""
    if interchangeable:
        return Box(heaps, lo, hi).positions(start, stop)
    return ordered_rows(np.arange(start, stop, dtype=np.int64), heaps, lo, hi, np.dtype(np.int64))


def table_size(heaps: int, min_heap: int, max_heap: int, interchangeable: bool) -> int:
    """The number of positions of the table."""
    span = max_heap - min_heap + 1
    return comb(span + heaps - 1, heaps) if interchangeable else span**heaps


def sorted_positions(heaps: int, min_heap: int, max_heap: int) -> np.ndarray:
    """Every sorted tuple of ``heaps`` heaps in ``min_heap..max_heap``, in colex order, one per row."""
    return Box(heaps, min_heap, max_heap).positions()


def ordered_positions(heaps: int, min_heap: int, max_heap: int) -> np.ndarray:
    """Every tuple of ``heaps`` heaps in ``min_heap..max_heap``, the first varying slowest, one per row.

    >>> ordered_positions(2, 0, 1).tolist()
    [[0, 0], [0, 1], [1, 0], [1, 1]]
    """
    size = table_size(heaps, min_heap, max_heap, False)
    return ordered_rows(np.arange(size, dtype=np.int64), heaps, min_heap, max_heap, np.dtype(np.int64))


def ordered_rows(index: np.ndarray, heaps: int, min_heap: int, max_heap: int, dtype: np.dtype) -> np.ndarray:
    """The ordered positions numbered ``index`` (the digits of the number in base ``max_heap - min_heap + 1``)."""
    span = max_heap - min_heap + 1
    out = np.empty((len(index), heaps), dtype=dtype)
    left = np.array(index, dtype=np.int64)
    for i in range(heaps - 1, -1, -1):  # the first heap varies slowest: the last is the lowest digit
        left, digit = np.divmod(left, span)
        out[:, i] = digit + min_heap
    return out


@dataclass(frozen=True, eq=False)
class Table:
    """Grundy values (``kind="grundy"``) or outcomes (``kind="outcome"``, 0 = P, 1 = N) of a box of positions.

    A table keeps one array: the value of each row, in the smallest integer type
    that holds them. The positions are not kept: a row's position follows from its
    number (the colex rank of :class:`~sprague.solve.box.Box`, or the digits of
    the row number for ordered heaps), so :meth:`rows`, :meth:`positions_at`,
    :meth:`p_positions` and :meth:`save` make only those asked for, a chunk at a
    time. ``positions`` makes them all (kept once made).

    Attributes
    ----------
    ruleset : str
        The ruleset as described (name and parameters).
    heaps, min_heap, max_heap : int
        Every position has ``heaps`` heaps in ``min_heap..max_heap``.
    kind : str
        ``"grundy"`` or ``"outcome"``.
    values : numpy.ndarray
        The value of each row: a Grundy value, or 0 (P) / 1 (N).
    interchangeable : bool
        Whether positions are sorted tuples (heaps interchangeable) or ordered ones.
    method : str
        How the values were had.
    misere : bool
        Whether the values are under misère play (the last mover loses): misère
        outcomes, or Conway's misère Grundy values g- (P iff 0).
    resumed_from : int
        Positions whose values an earlier run left in the results cache (stopped or
        interrupted) and this one continued from; 0 if it started afresh.

    Examples
    --------
    >>> import sprague
    >>> t = sprague.ruleset("nim").table(3, heaps=2)
    >>> len(t), t[1, 3], t[3, 1]
    (10, 2, 2)
    >>> [p for p, v in t if v == 0]
    [(0, 0), (1, 1), (2, 2), (3, 3)]
    >>> np.asarray(t)[:3].tolist()
    [[0, 0, 0], [0, 1, 1], [1, 1, 0]]
    >>> t.rows(8, 10).tolist(), t.p_count(), t.p_positions(offset=1, limit=2)
    ([[2, 3], [3, 3]], 4, [(1, 1), (2, 2)])
    """

    ruleset: str
    heaps: int
    min_heap: int
    max_heap: int
    kind: str
    values: np.ndarray
    interchangeable: bool
    method: str
    misere: bool = False
    resumed_from: int = 0

    def __len__(self) -> int:
        return len(self.values)

    @cached_property
    def positions(self) -> np.ndarray:
        """Every position, one per row (``len(table) x heaps``, in the smallest type holding the heaps)."""
        return self.rows(0, len(self))

    @property
    def heap_dtype(self) -> np.dtype:
        """The type the positions are made in: the smallest signed integer holding every heap (int16 below 32768)."""
        return np.min_scalar_type(-self.max_heap - 1)

    def rows(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """The positions of rows ``start..stop-1``, one per row."""
        stop = len(self) if stop is None else min(stop, len(self))
        start = min(max(start, 0), stop)
        return table_rows(self.interchangeable, self.heaps, self.min_heap, self.max_heap, start, stop).astype(
            self.heap_dtype
        )

    def positions_at(self, index: np.ndarray) -> np.ndarray:
        """The positions of the rows numbered in ``index``, one per row."""
        index = np.asarray(index, dtype=np.int64)
        if len(index) and (index.min() < 0 or index.max() >= len(self)):
            bad = int(index.min() if index.min() < 0 else index.max())
            raise IndexError(f"row {bad} is not in this table of {len(self):,} rows (0..{len(self) - 1})")
        if self.interchangeable:
            return Box(self.heaps, self.min_heap, self.max_heap).unrank(index).astype(self.heap_dtype)
        return ordered_rows(index, self.heaps, self.min_heap, self.max_heap, self.heap_dtype)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], Any]]:
        """``(position, value)`` pairs; the value is an int, or ``"P"``/``"N"`` for outcomes."""
        show = self.show
        step = ROWS_CHUNK
        for start in range(0, len(self), step):
            rows = self.rows(start, start + step).tolist()
            for row, value in zip(rows, self.values[start : start + step].tolist()):
                yield tuple(row), show(value)

    def show(self, value: int) -> Any:
        """A value as the table shows it: the Grundy value, or ``"P"``/``"N"`` for outcomes (0/1)."""
        return ("P", "N")[value] if self.kind == "outcome" else value

    def index(self, position: Sequence[int]) -> int:
        """The row of ``position`` (any order of heaps when they are interchangeable)."""
        if isinstance(position, (str, bytes)) or not isinstance(position, Iterable):
            raise InvalidPosition(f"position {position!r} is not a tuple of heaps; write table[3, 5, 6]")
        try:
            whole = not any(isinstance(h, bool) or int(h) != h for h in position)
        except (TypeError, ValueError, OverflowError):  # None, "x", NaN, infinity
            whole = False
        if not whole:
            raise InvalidPosition(f"position {tuple(position)!r} has a heap that is not a whole number")
        heaps = [int(h) for h in position]
        if len(heaps) != self.heaps or not all(self.min_heap <= h <= self.max_heap for h in heaps):
            raise InvalidPosition(
                f"position {tuple(heaps)} is not in this table: it holds {self.heaps} heaps "
                f"of {self.min_heap}..{self.max_heap}"
            )
        lo = self.min_heap
        if self.interchangeable:
            return sum(comb(h - lo + i, i + 1) for i, h in enumerate(sorted(heaps)))
        span = self.max_heap - lo + 1
        row = 0
        for h in heaps:
            row = row * span + h - lo
        return row

    def __contains__(self, position: object) -> bool:
        """Whether ``position`` (a tuple of heaps) is one of the table's positions."""
        try:
            self.index(position)  # type: ignore[arg-type]
        except (InvalidPosition, TypeError, ValueError):
            return False
        return True

    def __getitem__(self, position: Sequence[int]) -> Any:
        """The value of ``position``: ``table[3, 5, 6]``."""
        return self.show(int(self.values[self.index(position)]))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        """One row per position: its heaps, then its value (for outcomes, 0 = P and 1 = N)."""
        out = np.column_stack([self.positions.astype(np.int64), self.values.astype(np.int64)])
        return out if dtype is None else out.astype(dtype)

    def to_pandas(self) -> Any:
        """A pandas DataFrame with columns ``heap1 .. heapk`` and ``grundy`` (or ``outcome``, "P"/"N").

        Under misère play the last column is ``misere_grundy`` (g-) or ``misere_outcome``.
        """
        try:
            import pandas as pd  # type: ignore[import-untyped]
        except ImportError:
            raise ImportError("Table.to_pandas needs pandas: pip install pandas") from None
        data: dict[str, Any] = {f"heap{i + 1}": self.positions[:, i] for i in range(self.heaps)}
        data[self.column] = (
            np.array(["P", "N"])[self.values] if self.kind == "outcome" else self.values.astype(np.int64)
        )  # kept compact (uint8...), shown as int64: no wrap-around
        return pd.DataFrame(data)

    def p_rows(self) -> np.ndarray:
        """The row numbers of the positions of value 0 (the P-positions), ascending."""
        return np.flatnonzero(self.values == 0)

    def p_count(self) -> int:
        """How many positions have value 0 (the P-positions)."""
        return self._tally.get(0, 0)

    def p_positions(self, offset: int = 0, limit: int | None = None) -> list[tuple[int, ...]]:
        """The positions of value 0 (the P-positions), from number ``offset`` on, at most ``limit`` of them."""
        if limit is None:
            chosen = self.p_rows()[offset:]
        else:  # a chunk of rows at a time, until the page is full: not every P-position of a big table
            found: list[np.ndarray] = []
            need = offset + limit
            for start in range(0, len(self), ROWS_CHUNK):
                found.append(start + np.flatnonzero(self.values[start : start + ROWS_CHUNK] == 0))
                need -= len(found[-1])
                if need <= 0:
                    break
            chosen = np.concatenate(found)[offset : offset + limit] if found else np.zeros(0, dtype=np.int64)
        return [tuple(row) for row in self.positions_at(chosen).tolist()]

    def counts(self) -> Counter[Any]:
        """How many positions take each value (or each outcome)."""
        return Counter({self.show(v): c for v, c in self._tally.items()})

    @cached_property
    def _tally(self) -> dict[int, int]:
        """The number of rows of each value, a chunk at a time (bincount widens what it counts to int64).

        Values far above the number of rows (misère Grundy values of huge heaps) are
        counted by sorting instead: a bincount would need an entry for every value below them.
        """
        if not len(self):
            return {}
        top = int(self.values.max())
        if top > max(1 << 16, 2 * len(self)):
            found, counts = np.unique(self.values, return_counts=True)
            return dict(zip(found.tolist(), counts.tolist()))
        return {v: c for v, c in enumerate(value_counts(self.values, ROWS_CHUNK).tolist()) if c}

    def save(self, path: str | os.PathLike[str], header: str | None = None) -> None:
        """Write the table to ``path``, a chunk of rows at a time: ``.npy`` (NumPy), else CSV text.

        One row per position: its heaps, then its value (outcomes 0 = P, 1 = N), in
        the smallest signed integer type holding both; the CSV's first line names the
        columns (``heap1,...,grundy``) unless ``header`` says otherwise.
        """
        step = ROWS_CHUNK
        columns = self.heaps + 1
        top = int(self.values.max()) if len(self) else 0
        dtype = np.promote_types(self.heap_dtype, np.min_scalar_type(-top - 1))
        if os.fspath(path).endswith(".npy"):
            out = np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=(len(self), columns))
            for start in range(0, len(self), step):
                stop = min(start + step, len(self))
                out[start:stop, :-1] = self.rows(start, stop)
                out[start:stop, -1] = self.values[start:stop]
            out.flush()
            del out
            return
        names = ",".join([f"heap{i + 1}" for i in range(self.heaps)] + [self.column]) if header is None else header
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(names + "\n")
            for start in range(0, len(self), step):
                stop = min(start + step, len(self))
                block = np.empty((stop - start, columns), dtype=dtype)
                block[:, :-1] = self.rows(start, stop)
                block[:, -1] = self.values[start:stop]
                np.savetxt(fh, block, fmt="%d", delimiter=",")

    @property
    def column(self) -> str:
        """The name of the value column: ``grundy`` or ``outcome``, ``misere_grundy`` or ``misere_outcome``."""
        return f"misere_{self.kind}" if self.misere else self.kind

    def __repr__(self) -> str:
        return (
            f"<Table {self.ruleset}: {len(self):,} positions of {self.heaps} heaps in "
            f"{self.min_heap}..{self.max_heap}, {'misère ' if self.misere else ''}{self.kind}>"
        )

    def to_grid(self) -> np.ndarray:
        """A 2-heap table as a square array: ``grid[y - min_heap, x - min_heap]`` is the value of ``(x, y)``.

        Outcomes are 0 (P) and 1 (N). Rows go with the second heap, columns with the
        first, as ``sprague table`` draws them.

        Raises
        ------
        InvalidPosition
            When the table does not hold positions of 2 heaps.

        Examples
        --------
        >>> import sprague
        >>> sprague.ruleset("nim").table(2, heaps=2).to_grid().tolist()
        [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
        """
        if self.heaps != 2:
            raise InvalidPosition(
                f"to_grid needs a table of 2 heaps, this one has {self.heaps}; "
                "use np.asarray(table) or table.to_pandas() instead"
            )
        span = self.max_heap - self.min_heap + 1
        out = np.zeros((span, span), dtype=np.int64)
        x = self.positions[:, 0] - self.min_heap
        y = self.positions[:, 1] - self.min_heap
        out[y, x] = self.values
        if self.interchangeable:
            out[x, y] = self.values
        return out


class GrundySequence(np.ndarray):
    """G(0), G(1), ... of a one-heap game: a NumPy array that also knows its ruleset and period.

    It is an ordinary ``ndarray`` for every computation; in Jupyter it shows
    itself as a table of values with its period (``_repr_html_``) and, with
    matplotlib, as a plot (``_repr_png_``). ``np.asarray(seq)`` gives the plain array.

    >>> import sprague
    >>> seq = sprague.ruleset("subtraction", S={1, 2, 5}).sequence(12)
    >>> seq.ruleset, seq.tolist()[:6], "period 3" in seq._repr_html_()
    ('subtraction -p S=1,2,5', [0, 1, 2, 0, 1, 2], True)
    """

    ruleset: str
    periodicity: Any

    def __new__(cls, values: Any, ruleset: str = "", periodicity: Any = None) -> GrundySequence:
        obj = np.asarray(values, dtype=np.int64).view(cls)
        obj.ruleset = ruleset
        obj.periodicity = periodicity
        return obj

    def __array_finalize__(self, obj: Any) -> None:
        known = isinstance(obj, GrundySequence)  # else a plain array being viewed as one (or None)
        self.ruleset = obj.ruleset if known else ""
        self.periodicity = obj.periodicity if known else None
