"""Heap rulesets: positions are tuples of heap sizes.

Two shapes; the names follow CGSuite, whose ``HeapRuleset`` is a one-heap game:

* :class:`HeapRuleset` -- a *one-heap* game played on a disjunctive sum of heaps
  (Nim, subtraction games, Grundy's game, take-and-break games). A move replaces a
  single heap ``n`` by one of ``heap_options(n)`` (a tuple of heaps: one heap for a
  take-away, two for a split, none when the heap vanishes). By the Sprague-Grundy
  theorem the value of the sum is the nim-sum of the values of its heaps, and those
  come from the single-heap sequence, computed bottom-up once and memoised.
* :class:`MultiHeapRuleset` -- a move may touch several heaps at once (Wythoff, Moore,
  the Delete Nim family). Positions are multisets of heaps (unless
  ``interchangeable_heaps`` is False): order never changes a value.

``HeapGame`` and ``PeriodicHeapGame``, the names before 0.2, still work for one
release and warn (:class:`DeprecationWarning`). Until 0.2 ``HeapRuleset`` named
the multi-heap class: code that subclassed it for a multi-heap game should
subclass :class:`MultiHeapRuleset`.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import warnings
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import reduce
from math import isqrt
from typing import Any, ClassVar

import numpy as np

from sprague.analysis.periodicity import Periodicity
from sprague.core.limits import (
    check_limit,
    refuse_if_too_large,
)
from sprague.core.parsing import as_int, check_heap_count, check_progress, int_text, parse_int
from sprague.errors import InvalidPosition, SpragueError, TooLarge
from sprague.solve import heapsum, misere
from sprague.solve import sequence as _solve_sequence
from sprague.solve.genus import Genus, GenusSequence
from sprague.solve.ruleset import Ruleset
from sprague.solve.table import GrundySequence, Table
from sprague.solve.tabulate import heap_table, values_by_nim_sum, values_by_position

__all__ = ["MultiHeapRuleset", "HeapRuleset", "PeriodicHeapRuleset", "Heaps", "heap_words", "parse_heap_words"]

#: a position of a heap ruleset: the heap sizes
Heaps = tuple[int, ...]
_NUM = r"[^\s,+]+"  # a number as parse_int reads it: 26, 1_000, 10**30, 2^64-1
_PARTS = rf"{_NUM}(?:\s*\+\s*{_NUM})*"
#: one heap's change in the rules' words (:func:`heap_words`), or the arrow ``7 -> 3 + 2`` of earlier versions
_HEAP_WORDS = re.compile(
    rf"take\s+(?P<take>{_NUM})\s+from\s+(?P<from>{_NUM})(?:\s*,\s*split\s+(?P<rest>{_NUM})\s+into\s+(?P<parts>{_PARTS}))?"
    rf"|split\s+(?P<whole>{_NUM})\s+into\s+(?P<halves>{_PARTS})"
    rf"|take\s+all\s+(?P<all>{_NUM})"
    rf"|add\s+(?P<add>{_NUM})\s+to\s+(?P<to>{_NUM})"
    rf"|(?P<before>{_NUM})\s*->\s*(?P<after>nothing|{_PARTS})",
    re.IGNORECASE,
)
_HEAP_PREFIX = re.compile(r"\s*heap\s+(\d+)\s*:\s*", re.IGNORECASE)


def heap_words(before: int, parts: Sequence[int]) -> str:
    """A heap of ``before`` left as the heaps ``parts``, in the words of the rules of heap games.

    Shared by every heap family (Nim, subtraction, take-and-break, Lasker's Nim, the
    coordinate games, loopy heaps): a heap that shrinks loses tokens (``take``), one
    that becomes several is ``split`` (after tokens are taken, in take-and-break
    games), one that vanishes is taken ``all``, one that grows gets tokens (``add``).

    >>> heap_words(7, (4,)), heap_words(7, (0,)), heap_words(7, ()), heap_words(7, (3, 4))
    ('take 3 from 7', 'take 7 from 7', 'take all 7', 'split 7 into 3 + 4')
    >>> heap_words(12, (9, 2)), heap_words(4, (5,))
    ('take 1 from 12, split 11 into 9 + 2', 'add 1 to 4')
    """
    total = sum(parts)
    if len(parts) <= 1:
        if not parts:
            return f"take all {int_text(before)}"
        if total > before:
            return f"add {int_text(total - before)} to {int_text(before)}"
        return f"take {int_text(before - total)} from {int_text(before)}"
    split = f"split {int_text(total)} into {' + '.join(map(int_text, parts))}"
    return split if total == before else f"take {int_text(before - total)} from {int_text(before)}, {split}"


def parse_heap_words(text: str) -> tuple[int, Heaps] | None:
    """The heap and the parts that :func:`heap_words` (or the arrow ``7 -> 3 + 2``) names, or None if it does not.

    Only the form is read: a take from a heap it does not hold, or parts that do not
    add up, give None; whether the move is legal is the caller's question.

    >>> parse_heap_words("take 1 from 12, split 11 into 9 + 2"), parse_heap_words("take all 7")
    ((12, (9, 2)), (7, ()))
    >>> parse_heap_words("7 -> 4"), parse_heap_words("take 9 from 7")
    ((7, (4,)), None)
    """
    m = _HEAP_WORDS.fullmatch(text.strip())
    if m is None:
        return None
    try:
        return _heap_words_read({k: v for k, v in m.groupdict().items() if v is not None})
    except SpragueError:  # a number parse_int refuses: not these words
        return None


def _heap_words_read(g: dict[str, str]) -> tuple[int, Heaps] | None:
    """The heap and parts of the groups ``g`` of :data:`_HEAP_WORDS` that matched (see :func:`parse_heap_words`)."""

    def parts(key: str) -> Heaps:
        return tuple(parse_int(t) for t in g[key].split("+"))

    if "take" in g:
        before, taken = parse_int(g["from"]), parse_int(g["take"])
        if "rest" in g:
            return (before, parts("parts")) if before - taken == parse_int(g["rest"]) == sum(parts("parts")) else None
        return (before, (before - taken,)) if 0 < taken <= before else None
    if "whole" in g:
        return (parse_int(g["whole"]), parts("halves")) if parse_int(g["whole"]) == sum(parts("halves")) else None
    if "all" in g:
        return parse_int(g["all"]), ()
    if "add" in g:
        return parse_int(g["to"]), (parse_int(g["to"]) + parse_int(g["add"]),)
    return parse_int(g["before"]), () if g["after"].lower() == "nothing" else parts("after")


def parse_heap_moves(text: str) -> list[tuple[int, int, Heaps]] | None:
    """``heap 1: take 2 from 5, heap 2: ...`` as ``(heap index from 0, its size, its parts)``, or None."""
    pieces = re.split(r",\s*(?=heap\s+\d+\s*:)", text.strip(), flags=re.IGNORECASE)
    out = []
    for piece in pieces:
        head = _HEAP_PREFIX.match(piece)
        said = parse_heap_words(piece[head.end() :]) if head else None
        if head is None or said is None:
            return None
        out.append((int(head.group(1)) - 1, *said))
    return out


class MultiHeapRuleset(Ruleset):
    """Positions are tuples of non-negative heap sizes; ``heaps`` fixes their number if set."""

    board = "heaps"

    heaps: ClassVar[int | None] = None
    min_heaps: ClassVar[int] = 1
    #: the smallest size of a heap (0, or 1 in games whose heaps never empty)
    min_heap: ClassVar[int] = 0
    #: whether ``table_values`` computes a whole table at once (then tables may be large)
    vectorised_tables: ClassVar[bool] = False
    #: whether the order of the heaps never matters (positions are multisets)
    interchangeable_heaps: ClassVar[bool] = True
    position_help = "heap sizes separated by spaces, e.g. 3 5 6"
    example: ClassVar[tuple[str, ...]] = ("3", "5", "6")

    def check_position(self, position: Any) -> Heaps:
        if isinstance(position, (str, bytes)) and not isinstance(position, str):
            raise InvalidPosition(f"{self.name}: position {position!r} is not a tuple of heap sizes")
        if isinstance(position, str):
            return self.parse_position(position.replace(",", " ").split())
        if not isinstance(position, (tuple, list)):
            position = (position,)
        check_heap_count(len(position), self.name)
        heaps = tuple(as_int(h) for h in position)
        self._check_count(heaps)
        return heaps

    def random_position(self, rng: random.Random) -> Heaps:
        """As many heaps as the example (or the fixed number), each of ``min_heap`` to ``min_heap + 12``."""
        count = self.heaps or max(len(self.example), self.min_heaps)
        return self.check_position(tuple(self.min_heap + rng.randrange(13) for _ in range(count)))

    def _check_count(self, heaps: Heaps) -> None:
        if self.heaps is not None and len(heaps) != self.heaps:
            raise InvalidPosition(f"{self.name} is played on exactly {self.heaps} heaps, got {len(heaps)}: {heaps!r}")
        if len(heaps) < self.min_heaps:
            raise InvalidPosition(f"{self.name} needs at least {self.min_heaps} heap(s), got {heaps!r}")

    def parse_position(self, tokens: Sequence[str]) -> Heaps:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        check_heap_count(len(tokens), self.name)
        heaps = tuple(parse_int(t) for t in tokens)
        self._check_count(heaps)
        return heaps

    def format_position(self, position: Any) -> str:
        return " ".join(map(int_text, position))

    def position_to_json(self, position: Any) -> list[int]:
        return list(position)

    def canonical(self, position: Heaps) -> Hashable:
        return tuple(sorted(position))

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        """A listed option with the same heaps in any order (empty heaps count: they are heaps)."""
        refuse_if_too_large(
            f"checking a move from {self.format_position(position)}", self.option_count(position), self.solver.limit
        )
        key = sorted(option)
        return any(sorted(o) == key for o in self.moves(position))

    def describe_move(self, position: Heaps, option: Heaps) -> str:
        """Each heap the move changes, numbered from 1, in the rules' words: ``heap 1: take 1 from 5, heap 2: ...``."""
        if len(position) == len(option):
            changes = [
                f"heap {i + 1}: {heap_words(a, (b,))}" for i, (a, b) in enumerate(zip(position, option)) if a != b
            ]
            return ", ".join(changes) or "pass"
        return f"to {self.format_position(option)}"

    def parse_move(self, position: Heaps, text: str) -> Heaps | None:
        """``heap 3: take 3 from 7`` (``, heap 1: ...`` for more heaps; the words of :func:`heap_words`;
        the arrows ``heap 3: 7 -> 4``, ``-> 3 + 2``, ``-> nothing`` of earlier versions too)."""
        changes = parse_heap_moves(text)
        if not changes:
            return None
        out: list[Heaps] = [(h,) for h in position]
        for i, before, parts in changes:
            if not 0 <= i < len(position) or position[i] != before:
                return None
            out[i] = parts
        return tuple(h for part in out for h in part)

    def estimate_positions(self, position: Heaps) -> int | None:
        """Tuples of heaps no larger than the current ones (an upper bound for take-away games)."""
        return reduce(lambda a, h: a * (h + 1), position, 1)

    # tables --------------------------------------------------------------------
    def table(
        self,
        max_heap: int,
        heaps: int = 2,
        values: str = "grundy",
        min_heap: int | None = None,
        max_positions: int | None = None,
        progress: Callable[[int], Any] | None = None,
        *,
        misere: bool = False,
        workers: int | None = None,
        scheduler: Any = None,
    ) -> Table:
        """Every position of ``heaps`` heaps in ``min_heap..max_heap`` with its Grundy value or outcome.

        Values come from the fastest exact method the ruleset has: the compiled box
        kernels (the Delete Nim family; for outcomes the retrograde sieve), the
        single-heap sequence (one-heap games: a nim-sum per position), or search.
        Tables that took a second or more are kept in the results cache.

        Parameters
        ----------
        max_heap : int
            The largest heap.
        heaps : int
            The number of heaps of every position.
        values : {"grundy", "outcome"}
            Grundy values, or outcomes (0 = P, 1 = N; shown as "P"/"N").
        min_heap : int, optional
            The smallest heap (default: the smallest the ruleset allows).
        progress : callable, optional
            Called with the number of positions done, as they are (compiled search).
            On Ctrl-C the positions finished are kept in the results cache.
        misere : bool
            Under misère play (the last mover loses): misère outcomes, or misère Grundy
            values g-, position by position (closed form or search; no nim-sum shortcut).
        workers, scheduler : optional
            Fill a compiled box on Dask, level by level (:mod:`sprague.solve.wavefront`):
            a LocalCluster of ``workers`` processes, or the cluster at ``scheduler``.

        Returns
        -------
        Table
            Iterates as ``(position, value)``; ``np.asarray(table)``, ``table.to_pandas()``.

        Examples
        --------
        >>> import sprague
        >>> t = sprague.ruleset("single-delete").table(6, heaps=3, values="outcome")
        >>> len(t), t[1, 2, 3], t.p_positions()[:4]
        (56, 'N', [(1, 1, 1), (2, 2, 2), (1, 1, 3), (1, 3, 3)])
        """
        return heap_table(
            self,
            max_heap,
            heaps,
            values,
            min_heap,
            max_positions,
            check_progress(progress),
            misere=misere,
            workers=workers,
            scheduler=scheduler,
        )

    def kernel_shapes(self, n: int) -> tuple[tuple[int, int], ...] | None:
        """The ``(s, p)`` move shapes of the compiled box kernels for ``n`` heaps, or None (no kernel).

        A move deletes ``s (p - 1)`` heaps and splits ``s`` others into ``p`` parts each
        (the Delete Nim family, :mod:`sprague.rulesets.delete`).
        """
        return None

    def cache_key(self) -> dict[str, Any] | None:
        """What fixes the ruleset's values: its name and parameters (a key of the results cache); None when the
        values must not be cached (a parameter, such as a Python function, that no key can name)."""
        return {"ruleset": self.name, "params": {p.name: p.to_json(self.params[p.name]) for p in self.parameters}}

    def table_values(self, positions: np.ndarray, hi: int, values: str, limit: int) -> tuple[np.ndarray, str]:
        """The values of the rows of ``positions`` (heaps ``<= hi``), and how they were had.

        Default: the closed forms or search, position by position (:func:`sprague.solve.tabulate.values_by_position`).
        """
        return values_by_position(self, positions, values, limit)


#: options listed at most to find the single heaps a heap reaches (:meth:`HeapRuleset.least_positions`)
LEAST_SCAN = 20_000


class HeapRuleset(MultiHeapRuleset):
    """A one-heap game on a disjunctive sum of heaps. Subclasses define ``heap_options(n)``.

    Every part in ``heap_options(n)`` must be smaller than ``n`` (the game is short
    and the sequence is computed bottom-up).
    """

    heaps = None
    vectorised_tables = True
    #: the take-and-break code of a ruleset written as one (:mod:`sprague.rulesets.takebreak`), else None
    code: Any = None
    #: True when a move can split a heap into several (the search space is then larger)
    splits: ClassVar[bool] = False

    # hooks -------------------------------------------------------------------
    @abstractmethod
    def heap_options(self, n: int) -> Iterable[Heaps]:
        """The options of a single heap of ``n``, each a tuple of the heaps it leaves (all smaller than ``n``)."""

    def heap_option_count(self, n: int) -> int | None:
        """Number of options of a single heap of ``n`` (for the size guard), if known without listing."""
        return None

    def heap_grundy_closed(self, n: int) -> int | None:
        """Grundy value of a single heap from a formula, or None (then the sequence is computed)."""
        return None

    def take_break_moves(self) -> tuple[list[int], list[int], list[int], bool] | None:
        """The moves as :mod:`sprague.kernels.takebreak` takes them, for the compiled kernel, or None.

        ``(take_all, take_one, split, distinct)``: amounts that may remove a whole heap,
        that leave one non-empty heap, that leave two non-empty heaps (different ones
        when ``distinct``).
        """
        return None

    def random_position(self, rng: random.Random) -> Heaps:
        """One or two heaps of up to 29 tokens."""
        return tuple(rng.randrange(30) for _ in range(1 + rng.randrange(2)))

    #: whether :meth:`periodicity` can prove a period (then ``sprague sequence`` asks it for one)
    certifies_periods: ClassVar[bool] = False

    def periodicity(self, max_positions: int | None = None) -> Periodicity | None:
        """A period of the G-value sequence proved by a theorem or a certificate, or None (default: none)."""
        return None

    def extend_values(self, n: int) -> np.ndarray | None:
        """The first ``n`` single-heap values by the ruleset's own compiled kernel, or None (no such kernel).

        Called by :func:`sprague.solve.sequence.extend` after the size guard; the
        values known so far are ``self.solver.values``.
        """
        return None

    # moves -------------------------------------------------------------------
    def moves(self, position: Heaps) -> Iterable[Heaps]:
        for i, h in enumerate(position):
            for parts in self.heap_options(h):
                yield position[:i] + tuple(parts) + position[i + 1 :]

    def option_count(self, position: Heaps) -> int | None:
        counts = [self.heap_option_count(h) for h in position]
        return None if None in counts else sum(c for c in counts if c is not None)

    def canonical(self, position: Heaps) -> Hashable:
        return tuple(sorted(h for h in position if h))

    def describe_move(self, position: Heaps, option: Heaps) -> str:
        """``heap 2: take 3 from 7``: the heap that changes, numbered from 1, and :meth:`heap_move_words`."""
        if len(position) == len(option):
            changed = [i for i, (a, b) in enumerate(zip(position, option)) if a != b]
            if len(changed) == 1:
                i = changed[0]
                return f"heap {i + 1}: {self.heap_move_words(position[i], option[i : i + 1])}"
            return super().describe_move(position, option)
        k = len(option) - len(position) + 1  # the parts the changed heap becomes
        for i, h in enumerate(position):
            if position[:i] != option[:i]:
                break
            parts = option[i : i + k] if k >= 0 else None
            if parts is None or position[i + 1 :] != option[i + k :]:
                continue
            legal = self.is_heap_option(h, parts)  # decided at once where the ruleset can (no listing)
            if legal is None and (self.heap_option_count(h) or 0) <= self.solver.limit:
                legal = any(tuple(p) == parts for p in self.heap_options(h))
            if legal:
                return f"heap {i + 1}: {self.heap_move_words(h, parts)}"
        return super().describe_move(position, option)

    def heap_move_words(self, n: int, parts: Heaps) -> str:
        """A heap of ``n`` left as ``parts``, in the rules' words (default :func:`heap_words`: take, split)."""
        return heap_words(n, parts)

    def least_positions(self, position: Heaps) -> int | None:
        """A lower bound on the positions a search of the whole game graph from ``position`` visits.

        A heap of ``s`` reaches, by moves that each leave at most one heap, a set ``S(s)`` of single heaps (0 when
        it is removed); moving only the ``k`` heaps of ``s`` of the position, each to any heap of ``S(s)``, gives
        ``C(|S(s)| + k - 1, k)`` positions, all different (the other heaps stay as they are). The bound is the
        largest of these over the sizes met: a sum of 1,000 Kayles heaps of 1..40 has some 25 heaps of 40, so at
        least ``C(65, 25)``, about 10^18, positions. ``S(s)`` is listed from at most :data:`LEAST_SCAN` options
        in all (a part of it still gives a lower bound), for heaps of at most :data:`LEAST_SCAN`."""
        budget = [LEAST_SCAN]
        reach: dict[int, set[int]] = {}

        def single(h: int) -> set[int]:  # S(h), or as much of it as the scan allows
            if h not in reach:
                found, todo = {h}, [h]
                while todo and budget[0] > 0:
                    for parts in itertools.islice(self.heap_options(todo.pop()), budget[0]):
                        budget[0] -= 1
                        if len(parts) <= 1:
                            p = parts[0] if parts else 0
                            if p not in found:
                                found.add(p)
                                if p:
                                    todo.append(p)
                reach[h] = found
            return reach[h]

        counts = Counter(h for h in position if 0 < h <= LEAST_SCAN)  # a larger heap's options may be slow to list
        return max((math.comb(len(single(h)) + k - 1, k) for h, k in counts.items()), default=1)

    def estimate_positions(self, position: Heaps) -> int | None:
        if not self.splits:
            return super().estimate_positions(position)
        # a heap of n can become any multiset of parts with sum <= n: sum of partition numbers
        return reduce(lambda a, h: a * _partitions_upto(h), position, 1)

    # single-heap values ------------------------------------------------------
    def sequence(
        self,
        n: int,
        max_positions: int | None = None,
        progress: Callable[[int], Any] | None = None,
        *,
        compact: bool = False,
    ) -> np.ndarray:
        """Grundy values of single heaps ``0, 1, ..., n-1``, as an int64 NumPy array.

        Values come from a closed form, a certified period, or the heap recursion
        (the compiled kernel where there is one); long results are kept in the
        results cache (:mod:`sprague.cache`). ``progress(k)`` is called as values
        are computed, ``k`` the number newly done. If the computation is
        interrupted (Ctrl-C), the values finished so far are kept and cached.
        ``compact=True`` gives them read-only in the type they are kept in, without
        a copy (take-and-break games: uint8/16/32; see :func:`sprague.solve.sequence.values`).

        >>> import sprague
        >>> sprague.ruleset("grundys-game").sequence(10).tolist()
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
        """
        return _solve_sequence.values(self, n, max_positions, check_progress(progress), compact=compact)

    def _sequence(self, values: Any) -> np.ndarray:
        """The values as a :class:`~sprague.solve.table.GrundySequence` (an ndarray that shows itself in Jupyter)."""
        return GrundySequence(values, self.describe(), self._known_period())

    def _known_period(self) -> Periodicity | None:
        """The certified period, where one is known without computing (see :class:`PeriodicHeapRuleset`)."""
        return None

    #: values read from the results cache that an earlier, stopped run kept, when a sequence continued from them
    resumed_from: int = 0

    def heap_grundy(self, n: int, max_positions: int | None = None) -> int:
        """Grundy value of a single heap of ``n`` (:func:`sprague.solve.sequence.heap_grundy`)."""
        return _solve_sequence.heap_grundy(self, n, max_positions)

    @property
    def known_length(self) -> int:
        """How many single-heap values are known now: computed, or read from the results cache.

        After an interrupted :meth:`sequence` (Ctrl-C), the values finished so far.

        >>> import sprague
        >>> gg = sprague.ruleset("grundys-game")
        >>> gg.known_length, len(gg.sequence(10)), gg.known_length
        (0, 10, 10)
        """
        return len(self.solver.values)

    def sequence_cost(self, n: int) -> int | None:
        """Options examined to compute the first ``n`` single-heap values (an upper estimate; for the
        take-and-break kernel a lower bound, the kernel itself stopping at the limit)."""
        return _solve_sequence.cost(self, n)

    def table_values(self, positions: np.ndarray, hi: int, values: str, limit: int) -> tuple[np.ndarray, str]:
        """Sprague-Grundy: the nim-sum of the heaps' values, from the single-heap sequence."""
        return values_by_nim_sum(self, positions, hi, values, limit)

    def sequence_least_work(self, n: int) -> int | None:
        """A proven lower bound of the work computing G(known..n-1) charges, or None (see
        :func:`sprague.solve.sequence.least_work`)."""
        return _solve_sequence.default_least_work(self, n)

    def _grow(self, n: int, limit: int, progress: Callable[[int], Any] | None = None) -> None:
        """Know the first ``n`` values (see :func:`sprague.solve.sequence.grow`)."""
        _solve_sequence.grow(self, n, limit, progress)

    def sparse_space(self, n: int) -> tuple[int, np.ndarray] | None:
        """The sparse-space mask the kernel chooses and the rare positions among heaps ``0..n-1``, or None.

        Winning Ways ch. 4: under the mask, values of even masked popcount are *rare*;
        for Grundy's game they stop early (a pattern, not a theorem).

        >>> import sprague
        >>> mask, rare = sprague.ruleset("grundys-game").sparse_space(3000)
        >>> mask, len(rare), rare[:6].tolist()
        (-2, 441, [1, 2, 3, 4, 6, 7])
        """
        return _solve_sequence.sparse_space(self, n)

    # the Sprague-Grundy theorem over the heaps (sprague.solve.heapsum): tier 1 from closed single-heap
    # values, tier 2 from the sequence computed bottom-up
    def _computed_heap_value(self, n: int) -> int:
        return _solve_sequence.heap_value(self, n, self.solver.limit)

    def closed_grundy(self, position: Heaps) -> int | None:
        return heapsum.grundy(position, self.heap_grundy_closed)

    def computed_grundy(self, position: Heaps) -> int | None:
        return heapsum.grundy(position, self._computed_heap_value)

    def heap_method(self, n: int) -> str:
        """How the value of a single heap of ``n`` is had (for the ``method`` field)."""
        return "single-heap values by the heap recursion G(n) = mex of the options' values"

    def closed_method(self, position: Heaps) -> str:
        text = "; ".join(dict.fromkeys(self.heap_method(h) for h in position)) or self.heap_method(0)
        if len(position) > 1:
            return f"Sprague-Grundy theorem (nim-sum of the heaps' values); {text}"
        return text

    def computed_method(self, position: Heaps) -> str:
        return self.closed_method(position)

    def closed_options_with_value(self, position: Heaps, value: int) -> list[Heaps] | None:
        return heapsum.options_with_value(self, position, value, self.heap_grundy_closed)

    def computed_options_with_value(self, position: Heaps, value: int) -> list[Heaps] | None:
        return heapsum.options_with_value(self, position, value, self._computed_heap_value)

    def closed_winning_move(self, position: Heaps) -> Heaps | None:
        return heapsum.winning_move(self, position, self.heap_grundy_closed)

    def computed_winning_move(self, position: Heaps) -> Heaps | None:
        return heapsum.winning_move(self, position, self._computed_heap_value)

    # misère play (sprague.solve.misere): tier 2 by the tame rule, else a misère quotient covering the heaps
    def misere_computed_outcome(self, position: Heaps) -> str | None:
        return misere.computed_outcome(self, position)

    def misere_computed_method(self, position: Heaps) -> str:
        return misere.computed_method(self, position)

    def misere_computed_winning_move(self, position: Heaps) -> Heaps | None:
        return misere.computed_winning_move(self, position)

    def genus(self, n: int, max_positions: int | None = None) -> Genus:
        """Conway's genus of a single heap of ``n`` under misère play (:func:`sprague.solve.misere.genus`)."""
        return misere.genus(self, n, max_positions)

    def genus_sequence(self, n: int, max_positions: int | None = None) -> GenusSequence:
        """The genera of single heaps ``0, 1, ..., n-1`` (:func:`sprague.solve.misere.genus_sequence`)."""
        return misere.genus_sequence(self, n, max_positions)

    def misere_sequence(self, n: int, max_positions: int | None = None) -> np.ndarray:
        """Misère Grundy values g-(0), ..., g-(n-1) of single heaps (the γ0 of their genera)."""
        return misere.misere_sequence(self, n, max_positions)

    def misere_quotient(self, max_heap: int, max_positions: int | None = None, max_order: int | None = None) -> Any:
        """The misère quotient of the sums of heaps ``0..max_heap`` (:func:`sprague.solve.misere.misere_quotient`)."""
        return misere.misere_quotient(self, max_heap, max_positions, max_order)

    def _proved_quotient(self) -> Any:
        return misere.proved_quotient(self)

    def heap_option_with_value(self, n: int, value: int) -> Heaps | None:
        """An option of a heap of ``n`` of value ``value``, constructed without listing the options, or None.

        Used for heaps with many options (see :func:`sprague.solve.heapsum.winning_move`).
        """
        return None

    def is_heap_option(self, n: int, parts: Heaps) -> bool | None:
        """Whether a heap of ``n`` may become ``parts``, decided without listing the options (None: unknown).

        From :meth:`take_break_moves` where the ruleset gives them.
        """
        moves = self.take_break_moves()
        if moves is None:
            return None
        take_all, take_one, split, distinct = moves
        kept = sorted(p for p in parts if p)
        if not kept:
            return n in take_all
        if len(kept) == 1:
            return n - kept[0] in take_one
        return len(kept) == 2 and n - sum(kept) in split and not (distinct and kept[0] == kept[1])

    def is_move(self, position: Heaps, option: Heaps) -> bool:
        """One heap replaced by a legal option of it; huge heaps by :meth:`is_heap_option`."""
        count = self.option_count(position)
        if count is not None and count <= self.solver.limit:
            return super().is_move(position, option)
        gone = Counter(position) - Counter(option)
        parts = tuple((Counter(option) - Counter(position)).elements())
        if sum(gone.values()) != 1:
            return False
        (h,) = gone
        legal = self.is_heap_option(h, parts)
        if legal is None:
            return super().is_move(position, option)  # refuses: too many options to list
        return legal


class PeriodicHeapRuleset(HeapRuleset):
    """A one-heap game whose G-sequence gets a *certified* (arithmetic) period; past it, G(n) is a lookup.

    Subclasses say how long a prefix to try first (``first_length``), how to certify
    a period from a prefix (``certify``, None when it cannot yet) and how to name the
    result (``period_method``). :meth:`periodicity` doubles the prefix until a period
    is certified, within the size guard.
    """

    certifies_periods = True

    def _known_period(self) -> Periodicity | None:
        return self.solver.period

    @abstractmethod
    def first_length(self) -> int:
        """The prefix tried first; below it, extending the sequence is cheaper than certifying."""

    @abstractmethod
    def certify(self, values: Sequence[int] | np.ndarray) -> Periodicity | None:
        """A period proved from the prefix ``values`` (a list, or the array the values are kept in), or None."""

    def period_method(self, per: Periodicity) -> str:
        return f"closed form: certified period {per.period} (preperiod {per.preperiod}) of the G-value sequence"

    def periodicity(self, max_positions: int | None = None) -> Periodicity | None:
        """The certified period of the G-value sequence (computing as far as needed, within the limit)."""
        return _solve_sequence.certify_period(
            self, self.solver.limit if max_positions is None else check_limit(max_positions, least=0)
        )

    def sequence(
        self,
        n: int,
        max_positions: int | None = None,
        progress: Callable[[int], Any] | None = None,
        *,
        compact: bool = False,
    ) -> np.ndarray:
        """As :meth:`HeapRuleset.sequence`; past a certified period the values are filled in, not computed."""
        return _solve_sequence.periodic_values(self, n, max_positions, check_progress(progress), compact=compact)

    def _sequence(self, values: Any) -> np.ndarray:
        """As :meth:`HeapRuleset._sequence`, with the certified period when it can be had within the limit."""
        self._first_period()
        return super()._sequence(values)

    def _first_period(self) -> Periodicity | None:
        """The certified period if the first prefix proves it within the limit, else None (see
        :func:`sprague.solve.sequence.first_period`)."""
        return _solve_sequence.first_period(self)

    def heap_grundy_closed(self, n: int) -> int | None:
        """From the certified period: a heap below the first prefix when that prefix proves it; a larger one
        when a period is certified for no more work than computing G(0..n) outright (and within the limit)."""
        if self.solver.period is not None or n < self.first_length():
            per = self._first_period()
        else:
            try:
                work = self.sequence_cost(n + 1)
                per = self.periodicity(self.solver.limit if work is None else min(self.solver.limit, work))
            except TooLarge:
                per = None  # no certificate for that work: the sequence itself is cheaper
        return None if per is None else per.value(self.solver.values, n)

    def heap_method(self, n: int) -> str:
        if n < len(self.solver.values) or self.solver.period is None:
            return super().heap_method(n)
        return self.period_method(self.solver.period)

    def _value_at(self, n: int) -> int:
        per = self.periodicity()
        assert per is not None
        return per.value(self.solver.values, n)


_PARTITIONS: list[int] = [1]


def _partitions_upto(n: int) -> int:
    """Sum of partition numbers p(0) + ... + p(n): multisets of positive parts with sum <= n."""
    if n > 5000:
        # a lower bound, far beyond any limit, got cheaply (no big power, no recursion): every
        # subset of 1..m, m = isqrt(n), has sum m(m+1)/2 <= n at most, so there are >= 2**m multisets
        return 1 << min(isqrt(n), 4096)  # capped: 2^4096 passes any limit (10^82 tokens overflowed a shift)
    p = _PARTITIONS
    while len(p) <= n:
        m = len(p)
        total, k = 0, 1
        while True:
            g1 = k * (3 * k - 1) // 2
            if g1 > m:
                break
            sign = 1 if k % 2 else -1
            total += sign * p[m - g1]
            g2 = k * (3 * k + 1) // 2
            if g2 <= m:
                total += sign * p[m - g2]
            k += 1
        p.append(total)
    return sum(p[: n + 1])


_DEPRECATED = {"HeapGame": "HeapRuleset", "PeriodicHeapGame": "PeriodicHeapRuleset"}


def __getattr__(name: str) -> Any:
    """The names before 0.2, with a :class:`DeprecationWarning` (they go in the next release)."""
    if name in _DEPRECATED:
        new = _DEPRECATED[name]
        warnings.warn(
            f"sprague: {name} is now {new} (CGSuite's name for a one-heap game); {name} goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
