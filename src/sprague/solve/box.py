"""The box of positions: every multiset of ``n`` heaps in ``lo..hi``, ranked in colex order.

A box is what ``sprague verify`` checks and what ``ruleset.table(...)`` fills. Its
positions are the sorted tuples ``a_1 <= ... <= a_n`` numbered by their rank in the
combinatorial number system (:mod:`sprague.kernels.box`): every option of a
position of the Delete Nim family has a smaller rank, so a table filled in rank
order is exact, and a box of smaller ``hi`` is a prefix of a larger one.

:meth:`Box.truth` fills the outcomes or Grundy values of the first ranks by the
compiled kernels: the retrograde sieve for outcomes where it pays
(:func:`sieve_pays`), else search in rank order.

>>> b = Box(3, 0, 4)
>>> b.size, b.position(b.size - 1), b.rank((4, 4, 4))
(35, (4, 4, 4), 34)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

import numpy as np

from sprague.core.budget import charge
from sprague.errors import BudgetExceeded, TooLarge
from sprague.kernels import box as _kernel
from sprague.kernels import config
from sprague.kernels.jit import kernels_made

__all__ = ["Box", "box_size", "sieve_pays"]


def box_size(n: int, lo: int, hi: int) -> int:
    """Number of multisets of ``n`` heaps in ``lo..hi``."""
    return comb(hi - lo + n, n) if hi >= lo else 0


def sieve_pays(shapes: np.ndarray) -> bool:
    """Whether the retrograde sieve beats search for outcomes: every shape adds at most 4 heaps.

    A P-position's predecessors add ``s (p-1)`` heaps of any size (one for Delete
    Nim's ``(0, 0)``), about ``hi ** (s (p-1))`` of them. Measured (one run, 2-core
    machine): with at most 4 added heaps the sieve was 1.1-24x faster on every
    ruleset of the family (single-delete 4 heaps <= 128: 0.71 s against 16.8 s;
    the least gain, abo-delete with 5 heaps); with 5 or more, search was 1.8-3.7x
    faster (abo-delete with 6-7 heaps, half-delete with 10, fraction-delete k=4
    with 8), except nmth-delete with 10 heaps (sieve 1.9x faster; the rule is
    conservative there).
    """
    return all(max(int(s) * (int(p) - 1), 1) <= config.SIEVE_MAX_ADDED for s, p in shapes)


@dataclass
class Box:
    """Every position of ``n`` heaps in ``lo..hi`` (heaps as a multiset), by rank."""

    n: int
    lo: int
    hi: int
    size: int = field(init=False)
    _binom: np.ndarray | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.size = box_size(self.n, self.lo, self.hi)

    @property
    def binom(self) -> np.ndarray:
        """The binomial table the compiled kernels rank with."""
        if self._binom is None:
            self._binom = _kernel.binomials(self.n, self.lo, self.hi)
        return self._binom

    def positions(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """The positions of ranks ``start..stop-1``, one row of ascending heaps each (int64).

        Listed by the compiled kernel, or unranked in NumPy (:meth:`unrank`) when
        numba is not loaded yet and they are few (``BOX_NUMPY_ROWS``): a small table loads no numba.
        """
        end = self.size if stop is None else stop
        if not kernels_made() and end - start <= config.BOX_NUMPY_ROWS:
            return self.unrank(np.arange(start, end, dtype=np.int64))
        out: np.ndarray = _kernel.positions(self.n, self.lo, self.hi, self.binom, start, end)
        return out

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        """The positions of the given ranks, one row of ascending heaps each (int64), in NumPy.

        Heap ``i`` (from the largest down) is the largest ``c`` with ``C(c, i + 1) <= r``
        less ``i``, plus ``lo``, for what is left ``r`` of the rank: one binary search
        over a column of the binomial table a heap.

        >>> Box(3, 0, 4).unrank(np.array([0, 1, 34])).tolist()
        [[0, 0, 0], [0, 0, 1], [4, 4, 4]]
        """
        left = np.array(ranks, dtype=np.int64)
        if len(left) and (left.min() < 0 or left.max() >= self.size):
            bad = int(left.min() if left.min() < 0 else left.max())
            raise IndexError(
                f"rank {bad} is not in the box of {self.n} heaps in {self.lo}..{self.hi}: ranks must be "
                f"in 0..{self.size - 1}"
            )
        out = np.empty((len(left), self.n), dtype=np.int64)
        for i in range(self.n - 1, -1, -1):
            column = self.binom[:, i + 1]
            c = np.searchsorted(column, left, side="right") - 1
            left -= column[c]
            out[:, i] = c - i + self.lo
        return out

    def all_positions(self, colex: bool = True) -> Iterator[tuple[int, ...]]:
        """Every position of the box: in colex (rank) order, or lexicographic (no kernel needed)."""
        if not colex:
            yield from itertools.combinations_with_replacement(range(self.lo, self.hi + 1), self.n)
            return
        for start in range(0, self.size, config.BOX_CHUNK):
            for row in self.positions(start, min(self.size, start + config.BOX_CHUNK)).tolist():
                yield tuple(row)

    def position(self, rank: int) -> tuple[int, ...]:
        """The position of rank ``rank``."""
        return tuple(int(v) for v in self.unrank(np.array([rank]))[0])

    def rank(self, pos: Sequence[int]) -> int:
        """The rank of ``pos`` (its heaps in any order)."""
        return sum(comb(h - self.lo + i, i + 1) for i, h in enumerate(sorted(pos)))

    def smallest_flagged(self, flags: np.ndarray) -> int:
        """The rank of the smallest flagged position by total size, then heaps; -1 if none is flagged."""
        return int(_kernel.smallest_flagged(self.n, self.lo, self.hi, flags))

    def fill_claims(self, claim: Any) -> np.ndarray:
        """A numba-compiled claim evaluated on every position (see :func:`sprague.kernels.jit.jit_claim`)."""
        out: np.ndarray = _kernel.fill_claims(claim, self.n, self.lo, self.hi, self.binom, self.size)
        return out

    def local_check(
        self, shapes: np.ndarray, claims: np.ndarray, start: int, stop: int, grundy: bool, failures: np.ndarray
    ) -> int:
        """The local rule on ranks ``start..stop-1`` (see :mod:`sprague.verify`); failures go to ``failures``."""
        return int(
            _kernel.local_check(self.n, self.lo, self.hi, shapes, self.binom, claims, start, stop, grundy, failures)
        )

    def truth(
        self,
        shapes: np.ndarray,
        grundy: bool,
        upto: int,
        prefix: np.ndarray | None = None,
        progress: Callable[[int], Any] | None = None,
        checkpoint: Callable[[np.ndarray], Any] | None = None,
        stopped: Callable[[np.ndarray], Any] | None = None,
    ) -> np.ndarray:
        """Outcomes (0 P / 1 N) or Grundy values of the ranks below ``upto``, by compiled search.

        ``shapes`` are the ruleset's ``(s, p)`` move shapes (``kernel_shapes``).
        Search in rank order extends ``prefix`` (the values of the first ranks, e.g.
        from the results cache) in chunks, calling ``progress(k)`` after each, then
        ``checkpoint(finished)`` with the values of the ranks finished so far (a
        view: a valid ``prefix`` for a later run); on Ctrl-C (KeyboardInterrupt) or at
        the budget (:class:`~sprague.errors.BudgetExceeded`), ``stopped(finished)``
        with the finished ranks, before the exception goes on. Each chunk is charged to the active budget by
        the CPU time it took (a unit a microsecond: the kernel counts no steps). The
        retrograde sieve is one step, charged after it.
        """
        if not grundy and sieve_pays(shapes):
            from sprague.kernels.retro import retro_outcomes

            began = time.thread_time()
            found: np.ndarray = retro_outcomes(self.n, self.lo, self.hi, shapes, self.binom, upto)
            charge(max(int((time.thread_time() - began) * 1e6), 1), "its compiled retrograde sieve")
        else:
            table = np.full(upto, -1, dtype=np.int32)
            start = 0 if prefix is None else min(len(prefix), upto)
            table[:start] = prefix[:start] if prefix is not None else table[:0]
            memo = self._split_two_memo(shapes) if grundy else None
            what = "its compiled kernel"
            try:
                while start < upto:
                    stop = min(start + config.BOX_CHUNK * 20, upto)
                    began = time.thread_time()
                    if memo is not None:
                        _kernel.extend_split_two(self.n, self.lo, self.hi, self.binom, table, start, stop, *memo)
                    else:
                        _kernel.extend_table(self.n, self.lo, self.hi, shapes, self.binom, table, start, stop, grundy)
                    done, start = stop - start, stop
                    if progress is not None:
                        progress(done)
                    if checkpoint is not None and start < upto:
                        checkpoint(table[:start])
                    # the kernel's work, by the CPU time it took: a unit a microsecond (the unit's price)
                    charge(max(int((time.thread_time() - began) * 1e6), 1), what)
            except (KeyboardInterrupt, BudgetExceeded):
                if stopped is not None:
                    stopped(table[:start])
                raise
            found = table
        if len(found) and found.dtype.kind == "i" and int(found.min()) < 0:  # no temporary the size of the box
            raise TooLarge(f"a Grundy value in the box of {self.n} heaps <= {self.hi} is beyond the kernel's range")
        return found

    def _split_two_memo(self, shapes: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """The bit masks :func:`sprague.kernels.box.extend_split_two` memoises in, for Grundy tables of shape (1, 2)."""
        if shapes.tolist() != [[1, 2]] or self.lo < 1:
            return None
        slots = box_size(self.n - 2, self.lo, self.hi) * (self.hi + 1)
        if slots * 8 * 8 > config.SPLIT_MEMO_BYTES:
            return None  # too much memory: search option by option
        return np.zeros((slots, 8), dtype=np.uint64), np.zeros(slots, dtype=np.bool_)
