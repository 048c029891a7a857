"""A table of values: every position with ``k`` heaps of at most ``max_heap``, and its Grundy value or outcome.

:meth:`sprague.rulesets.heap.HeapRuleset.table` builds one (from the compiled box
kernels, the single-heap sequence, or search). A table iterates as
``(position, value)``, converts to NumPy (``np.asarray(table)``: one row of heaps
and the value per position) and to pandas (:meth:`Table.to_pandas`), and looks up a
position by indexing (``table[3, 5, 6]``).

When heaps are interchangeable, positions are the sorted tuples ``a_1 <= ... <= a_k``
in colex order (the order of :mod:`sprague.kernels.box`: a table for a smaller
``max_heap`` is a prefix of one for a larger); otherwise every ordered tuple, the
first heap varying slowest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb
from typing import Any

import numpy as np

from sprague.errors import InvalidPosition

__all__ = ["Table", "GrundySequence", "sorted_positions", "ordered_positions", "table_size", "KINDS"]

KINDS = ("grundy", "outcome")


def table_size(heaps: int, min_heap: int, max_heap: int, interchangeable: bool) -> int:
    """The number of positions of the table."""
    span = max_heap - min_heap + 1
    return comb(span + heaps - 1, heaps) if interchangeable else span ** heaps


def sorted_positions(heaps: int, min_heap: int, max_heap: int) -> np.ndarray:
    """Every sorted tuple of ``heaps`` heaps in ``min_heap..max_heap``, in colex order, one per row."""
    from sprague.kernels import box

    size = table_size(heaps, min_heap, max_heap, True)
    binom = box.binomials(heaps, min_heap, max_heap)
    out: np.ndarray = box.positions(heaps, min_heap, max_heap, binom, 0, size)
    return out


def ordered_positions(heaps: int, min_heap: int, max_heap: int) -> np.ndarray:
    """Every tuple of ``heaps`` heaps in ``min_heap..max_heap``, the first varying slowest, one per row."""
    return np.array(list(product(range(min_heap, max_heap + 1), repeat=heaps)), dtype=np.int64).reshape(-1, heaps)


@dataclass(frozen=True, eq=False)
class Table:
    """Grundy values (``kind="grundy"``) or outcomes (``kind="outcome"``, 0 = P, 1 = N) of a box of positions.

    Attributes
    ----------
    ruleset : str
        The ruleset as described (name and parameters).
    heaps, min_heap, max_heap : int
        Every position has ``heaps`` heaps in ``min_heap..max_heap``.
    kind : str
        ``"grundy"`` or ``"outcome"``.
    positions : numpy.ndarray
        Shape ``(len(table), heaps)``, one position per row.
    values : numpy.ndarray
        The value of each row: a Grundy value, or 0 (P) / 1 (N).
    interchangeable : bool
        Whether positions are sorted tuples (heaps interchangeable) or ordered ones.
    method : str
        How the values were had.

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
    """

    ruleset: str
    heaps: int
    min_heap: int
    max_heap: int
    kind: str
    positions: np.ndarray
    values: np.ndarray
    interchangeable: bool
    method: str

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], Any]]:
        """``(position, value)`` pairs; the value is an int, or ``"P"``/``"N"`` for outcomes."""
        show = self._show
        for row, value in zip(self.positions.tolist(), self.values.tolist()):
            yield tuple(row), show(value)

    def _show(self, value: int) -> Any:
        return ("P", "N")[value] if self.kind == "outcome" else value

    def index(self, position: Sequence[int]) -> int:
        """The row of ``position`` (any order of heaps when they are interchangeable)."""
        if isinstance(position, (str, bytes)) or not hasattr(position, "__iter__"):
            raise InvalidPosition(f"position {position!r} is not a tuple of heaps; write table[3, 5, 6]")
        if any(isinstance(h, bool) or int(h) != h for h in position):
            raise InvalidPosition(f"position {tuple(position)!r} has a heap that is not a whole number")
        heaps = [int(h) for h in position]
        if len(heaps) != self.heaps or not all(self.min_heap <= h <= self.max_heap for h in heaps):
            raise InvalidPosition(f"position {tuple(heaps)} is not in this table: it holds {self.heaps} heaps "
                                  f"of {self.min_heap}..{self.max_heap}")
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
        return self._show(int(self.values[self.index(position)]))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        """One row per position: its heaps, then its value (for outcomes, 0 = P and 1 = N)."""
        out = np.column_stack([self.positions, self.values.astype(np.int64)])
        return out if dtype is None else out.astype(dtype)

    def to_pandas(self) -> Any:
        """A pandas DataFrame with columns ``heap1 .. heapk`` and ``grundy`` (or ``outcome``, "P"/"N")."""
        try:
            import pandas as pd  # type: ignore[import-untyped]
        except ImportError:
            raise ImportError("Table.to_pandas needs pandas: pip install pandas") from None
        data: dict[str, Any] = {f"heap{i + 1}": self.positions[:, i] for i in range(self.heaps)}
        data[self.kind] = (np.array(["P", "N"])[self.values] if self.kind == "outcome" else self.values)
        return pd.DataFrame(data)

    def p_positions(self) -> list[tuple[int, ...]]:
        """The positions of value 0 (the P-positions)."""
        return [tuple(row) for row in self.positions[self.values == 0].tolist()]

    def counts(self) -> Counter[Any]:
        """How many positions take each value (or each outcome)."""
        return Counter(self._show(v) for v in self.values.tolist())

    def __repr__(self) -> str:
        return (f"<Table {self.ruleset}: {len(self):,} positions of {self.heaps} heaps in "
                f"{self.min_heap}..{self.max_heap}, {self.kind}>")

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
            raise InvalidPosition(f"to_grid needs a table of 2 heaps, this one has {self.heaps}; "
                                  "use np.asarray(table) or table.to_pandas() instead")
        span = self.max_heap - self.min_heap + 1
        out = np.zeros((span, span), dtype=np.int64)
        x = self.positions[:, 0] - self.min_heap
        y = self.positions[:, 1] - self.min_heap
        out[y, x] = self.values
        if self.interchangeable:
            out[x, y] = self.values
        return out

    def _repr_html_(self) -> str:
        """Jupyter: a grid coloured by value with the P-positions outlined (2 heaps), else the first rows and counts."""
        from sprague.viz.html import table_html

        return table_html(self)

    def _repr_png_(self) -> bytes | None:
        """Jupyter: the heat map of a 2-heap table, when matplotlib is installed (else None)."""
        if self.heaps != 2:
            return None
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return None
        from sprague.viz.plot import figure_png, table_figure

        return figure_png(table_figure(self))


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
        self.ruleset = getattr(obj, "ruleset", "")
        self.periodicity = getattr(obj, "periodicity", None)

    def _repr_html_(self) -> str:
        from sprague.viz.html import sequence_html

        return sequence_html(np.asarray(self), self.ruleset, self.periodicity)

    def _repr_png_(self) -> bytes | None:
        try:
            from sprague.viz.plot import figure_png, sequence_figure

            return figure_png(sequence_figure(np.asarray(self), self.periodicity, title=self.ruleset))
        except ImportError:
            return None
