"""Enumerating the grammar by increasing cost, with observational-equivalence pruning.

The data is a set of positions (heaps sorted ascending, in blocks of equal numbers
of heaps) with a target: the P-positions (an outcome rule must be true exactly on
them) or the Grundy values (a Grundy rule must equal them). Every expression is
evaluated on the data at once, with NumPy:

* a heap feature or property is a function of one heap's size, so it is kept as its
  table over the heap sizes that occur (per block, as constants may depend on ``n``);
* an integer or property of the position is kept as its vector over the positions.

**Pruning.** Two expressions of one sort with the same values on the data are
interchangeable in any larger expression, so only the cheaper one is kept (the first
found, as costs increase): the bank of each cost holds one expression per behaviour.
Expressions that are undefined somewhere on the data (``v2(0)``) or leave 64-bit
range (above 2^40) are dropped.

**Order.** Level ``s`` makes every expression of cost ``s`` from the banks of smaller
costs, the target's sort first (so a level that finds the rule makes nothing more).
Before the quadratic part of a level (an operator joining two expressions), the
target is looked for among the level's joins by inversion: ``T = A + B`` needs ``T - A``
in the bank, ``T = A xor B`` needs ``T xor A``, ``T = A and B`` needs ``A`` and ``B``
true wherever ``T`` is -- a pass over the bank, not over its pairs. A rule "every heap:
F mod m in {a, b, ...}" is deduced, not listed: its set is the least one holding the F-values
of the heaps of the P-positions, and the rule is kept if it is false on every
N-position (then proposed at the level of its cost). Canonical forms
skip what is the same by algebra (constants are added once, ``mod`` of ``mod`` by a
constant, ``popcount(popcount(F))``).

**Budget.** Each evaluation costs work units (8, and 1 per 200 values: 1-3 us each
as measured). When ``budget`` units are spent the levels stop; the largest cost
explored completely is reported ("no rule up to cost s"). A second budget as large
then goes to the one-step forms past that cost, cheapest first, while they could beat
the best rule found: joins of two expressions of the banks (by inversion), "every heap
has F in R" with R deduced from the P-positions (the least R holding their heaps'
F-values, written as ``= k``, ``>= k``, ``in lo..hi``, odd, even or, for residues, the
set itself), ``x mod m`` for every modulus up to the largest heap, and sums and
nim-sums of the heap features joined to an integer of the banks. A rule found there
is reported with the cost it has and the cost explored completely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sprague.core.limits import DISCOVER_BUDGET, DISCOVER_MEMORY
from sprague.discover.grammar import Node

__all__ = ["Data", "Search", "SearchResult", "LITERALS"]

LITERALS = tuple(range(17))  #: the literal constants of the grammar
BIG = 1 << 40  #: expressions with values this large are dropped (64-bit arithmetic stays exact)
BITS = 8  #: binary digits bit_0..bit_7


@dataclass
class Data:
    """Positions in blocks of equal numbers of heaps (each row sorted ascending), with their target values."""

    blocks: list[np.ndarray]  # each rows x n, sorted rows
    target: np.ndarray  # over all rows: bool (P) for outcome rules, int64 for Grundy rules
    params: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        every = np.concatenate([b.ravel() for b in self.blocks]) if self.blocks else np.zeros(0, np.int64)
        self.lo = int(every.min()) if len(every) else 0
        self.hi = int(every.max()) if len(every) else 0
        self.sizes = np.arange(self.lo, self.hi + 1, dtype=np.int64)
        self.index = [np.asarray(b, dtype=np.int64) - self.lo for b in self.blocks]
        self.counts = [int(b.shape[1]) for b in self.blocks]
        self.rows = sum(len(b) for b in self.blocks)

    def add(self, position: Sequence[int], value: Any) -> Data:
        """The data with one more position (a counterexample), in the block of its number of heaps."""
        row = np.array(sorted(position), dtype=np.int64)
        blocks, where, at = list(self.blocks), 0, None
        for i, b in enumerate(blocks):
            where += len(b)
            if b.shape[1] == len(row):
                blocks[i] = np.vstack([b, row[None, :]])
                at = where
                break
        if at is None:
            blocks.append(row[None, :])
            at = where
        target = np.insert(self.target, at, value)
        return Data(blocks, target.astype(self.target.dtype), self.params)


@dataclass
class SearchResult:
    """What a search found: a rule (or None), the largest cost explored completely, and the work done."""

    rule: Node | None
    complete: int
    evaluated: int
    stopped: str = ""


class _Bank:
    """The expressions of one sort by cost, one per behaviour on the data."""

    def __init__(self) -> None:
        self.by_cost: dict[int, list[tuple[Node, np.ndarray]]] = {}
        self.seen: dict[bytes, Node] = {}

    def add(self, node: Node, value: np.ndarray, key: bytes) -> bool:
        if key in self.seen:
            return False
        self.seen[key] = node
        self.by_cost.setdefault(node.cost, []).append((node, value))
        return True

    def at(self, cost: int) -> list[tuple[Node, np.ndarray]]:
        return self.by_cost.get(cost, [])

    def upto(self, cost: int) -> Iterator[tuple[Node, np.ndarray]]:
        for c in range(1, cost + 1):
            yield from self.at(c)


class _Budget(Exception):
    """The budget of work units is spent, or the memory of the banks (``memory``, DISCOVER_MEMORY)."""


class Search:
    """A search for the cheapest expression of sort B (``kind="outcome"``) or I (``"grundy"``) fitting the data."""

    def __init__(
        self,
        data: Data,
        kind: str,
        *,
        budget: int = DISCOVER_BUDGET,
        max_cost: int = 16,
        progress: Callable[[int], Any] | None = None,
        memory: int = DISCOVER_MEMORY,
    ) -> None:
        self.data = data
        self.kind = kind
        self.budget = budget
        self.max_cost = max_cost
        self.progress = progress
        self.evaluated = 0
        self.work = 0
        self.memory = self.memory_limit = memory  # bytes of values the banks may keep, in all
        self.bytes = 0
        self.out_of_memory = False
        self.target = data.target.astype(bool if kind == "outcome" else np.int64)
        self.target_key = self._key("B" if kind == "outcome" else "I", self.target)
        self.banks = {s: _Bank() for s in "KHQIB"}
        self.multi = len(set(data.counts)) > 1
        self.found: Node | None = None
        self.deduced: set[int] = set()  # the heap features already tried by deduction
        self.pending: list[Node] = []  # deduced rules "every heap: F mod m in {a, b, ...}", proposed at their cost
        self._constants()
        # each row's set of heap sizes, as bits (``all``/``any`` of a heap property are then a mask test) -- while
        # the words of a row's mask are no more than its heaps; past that (heaps of up to thousands of tokens) the
        # property is read heap by heap, as the masks would take rows x sizes / 8 bytes
        self.words = (len(data.sizes) + 63) // 64
        self.block_of_row = (
            np.concatenate([np.full(len(b), i, np.int64) for i, b in enumerate(data.blocks)])
            if data.blocks
            else np.zeros(0, np.int64)
        )
        self.present: np.ndarray | None = None
        if self.words <= max(data.counts, default=1):
            present = np.zeros((data.rows, self.words), dtype=np.uint64)
            row = 0
            for idx in data.index:
                for col in range(idx.shape[1]):
                    np.bitwise_or.at(
                        present,
                        (np.arange(row, row + len(idx)), idx[:, col] // 64),
                        np.left_shift(np.uint64(1), (idx[:, col] % 64).astype(np.uint64)),
                    )
                row += len(idx)
            self.present = present

    # ---------------------------------------------------------------- values
    def _key(self, sort: str, value: np.ndarray) -> bytes:
        if sort in "QB":
            return np.packbits(value).tobytes() + bytes([sort == "Q"])
        return value.tobytes()

    def _block_rows(self, h: np.ndarray) -> list[np.ndarray]:
        """A heap function's values on every heap of every position, block by block."""
        return [h[b][idx] for b, idx in enumerate(self.data.index)]

    def _constants(self) -> None:
        nb = len(self.data.blocks)
        counts = np.array(self.data.counts, dtype=np.int64)
        bank = self.banks["K"]
        for name, value in self.data.params.items():  # first: a parameter is shown by name, not as its value
            bank.add(
                Node("K", "param", (name, value)), np.full(nb, value, np.int64), np.full(nb, value, np.int64).tobytes()
            )
        for lit in LITERALS:
            bank.add(Node("K", "lit", (lit,)), np.full(nb, lit, np.int64), np.full(nb, lit, np.int64).tobytes())
        if self.multi:
            for expr, per_block in (
                ("n", counts),
                ("n-1", counts - 1),
                ("n+1", counts + 1),
                ("2n", 2 * counts),
                ("n(n-1)", counts * (counts - 1)),
            ):
                bank.add(Node("K", "nexpr", (expr,)), per_block, per_block.tobytes())
        self.consts = sorted(((n, v) for n, v in bank.upto(3)), key=lambda nv: nv[0].cost)

    def _offer(self, sort: str, node: Node, value: np.ndarray) -> None:
        """Keep ``node`` if it is valid and new; note it if it fits the target."""
        self._count(value.size)
        if sort in "HI":
            if value.dtype != np.int64 or (len(value) and np.abs(value).max() >= BIG):
                return
        key = self._key(sort, value)
        if self.banks[sort].add(node, value, key):
            self.bytes += value.nbytes + len(key)
            if self.bytes > self.memory:
                self.out_of_memory = True
                raise _Budget
            if sort == ("B" if self.kind == "outcome" else "I") and key == self.target_key:
                self._propose(node)

    # ---------------------------------------------------------------- the search
    def run(self) -> SearchResult:
        """Search by increasing cost; when the budget is spent, go on with the cheap forms (see the module
        docstring)."""
        complete = 0
        try:
            for cost in range(1, self.max_cost + 1):
                self._level(cost)
                if self.found is not None:
                    return SearchResult(self.found, cost - 1, self.evaluated)
                complete = cost
        except _Budget:
            if self.found is not None:
                return SearchResult(self.found, complete, self.evaluated)
        else:
            return SearchResult(
                None,
                complete,
                self.evaluated,
                f"every rule up to the largest cost, {self.max_cost}, was tried: raise --max-cost",
            )
        # the banks are complete to ``complete``: joins of two of them are looked for by inversion, then
        # the heap features grow on (they are few) and rules made from them by one step are looked for,
        # while they could be cheaper than the best rule found so far
        self.budget += self.budget
        self.memory += self.memory // 4  # the one-step forms keep few expressions: room for them
        for rule in self.pending:
            self._propose(rule)
        try:
            self._moduli()
            if self.kind == "outcome":
                for f, fv in list(self.banks["H"].upto(self.max_cost)):
                    self._deduce_all(f, fv)
            for cost in range(complete + 1, min(2 * complete + 1, self.max_cost) + 1):
                self._inverted(cost)
                if self.found is not None:
                    break
            for cost in range(complete + 1, self.max_cost + 1):
                if self.found is not None and cost >= self.found.cost:
                    break
                self._cheap_level(cost)
        except _Budget:
            pass
        if self.found is not None:
            return SearchResult(self.found, complete, self.evaluated)
        return SearchResult(None, complete, self.evaluated, self._spent(self.budget // 2))

    def _spent(self, budget: int | None = None) -> str:
        """Why the search stopped: its budget, or its memory, spent."""
        if self.out_of_memory:
            return (
                f"the expressions kept reached the memory limit of {self.memory_limit / 2**20:,.0f} MB: raise "
                "--memory, or fit on fewer positions (--max, --heaps)"
            )
        return f"the budget of {budget or self.budget:,} work units ran out: raise --budget"

    def _count(self, values: int) -> None:
        """Count one evaluation of ``values`` values against the budget (8 work units, and 1 per 200 values).

        A work unit is 1-3 us as measured (an expression costs some 8-10 us of Python, its
        NumPy operations some 5 ns a value, and the banks' growth more on large data).
        """
        self.evaluated += 1
        self.work += 8 + values // 200
        if self.evaluated % 4096 == 0:
            if self.progress is not None:
                self.progress(4096)
            if self.work > self.budget:
                raise _Budget

    def _moduli(self) -> None:
        """The heap features ``x mod m`` for the moduli past the literals, up to the largest heap (at most 256).

        A heap property of period ``m`` is then found by deduction (:meth:`_deduce_all`),
        whatever ``m``: the literal costs its number of digits.
        """
        x = self.data.sizes[None, :].repeat(len(self.data.blocks), axis=0)
        x_node = self.banks["H"].at(1)[0][0]
        for m in range(LITERALS[-1] + 1, min(self.data.hi, 256) + 1):
            self._offer("H", Node("H", "mod", (x_node, Node("K", "lit", (m,)))), x % m)

    def _propose(self, node: Node) -> None:
        """Keep ``node`` as the rule found if it is the first, or cheaper than the one kept."""
        if self.found is None or node.cost < self.found.cost:
            self.found = node

    def _cheap_level(self, s: int) -> None:
        """The rules of cost ``s`` made by one step from the banks: a quantified heap feature, an aggregate joined."""
        H = self.banks["H"]
        if self.kind == "outcome":
            for f, fv in H.at(s - 2):
                if id(f) not in self.deduced:
                    self._deduce_all(f, fv)
            for f, fv in H.at(s - 1):
                self._offer("B", Node("B", "alleq", (f,)), self._alleq(fv))
        else:
            I = self.banks["I"]
            t = self.target
            for f, fv in H.at(s - 1):
                rows = self._block_rows(fv)
                for op in ("sum", "nimsum"):
                    self._offer("I", Node("I", op, (f,)), np.concatenate([_FOLDS[op](r) for r in rows]))
            for c1 in range(2, s - 1):  # an aggregate of cost c1 joined to an integer of the bank
                for a, av in [(e, ev) for e, ev in I.at(c1) if e.op in ("sum", "nimsum")]:
                    for op, need in (("add", t - av), ("xor", t ^ av)):
                        other = I.seen.get(need.tobytes())
                        if other is not None and other.cost <= s - 1 - c1:
                            self._propose(Node("I", op, (a, other)))
                            return
        if self.found is None:
            self._heap_features(s)

    def _alleq(self, fv: np.ndarray) -> np.ndarray:
        return np.concatenate([(r == r[:, :1]).all(axis=1) for r in self._block_rows(fv)])

    def _deduce_all(self, f: Node, fv: np.ndarray) -> None:
        """The cheapest rule "every heap has F in R" true exactly on the target, if there is one (proposed).

        R must hold the F-values of the heaps of the P-positions; with the least such R,
        the rule must be false on every N-position. Then R is written in the cheapest way
        (odd, even, ``= k``, ``>= k``, ``in lo..hi``, a set of residues ``{a, b, ...}``) that gives the same rule
        on the data.
        """
        self.deduced.add(id(f))
        t = self.target
        allowed = np.zeros(fv.shape, dtype=bool)
        for b, values in enumerate(self._p_values(fv)):
            allowed[b] = np.isin(fv[b], np.unique(values))
        self._count(self.data.rows)
        if not np.array_equal(self._all(allowed), t):
            return
        col = {id(k): kv[:, None] for k, kv in self.consts}
        options: list[tuple[int, Node, np.ndarray]] = [
            (1 + f.cost, Node("Q", "odd", (f,)), fv % 2 == 1),
            (1 + f.cost, Node("Q", "even", (f,)), fv % 2 == 0),
        ]
        for k, kv in self.consts:
            options.append((1 + f.cost + k.cost, Node("Q", "is", (f, k)), fv == col[id(k)]))
            options.append((1 + f.cost + k.cost, Node("Q", "ge", (f, k)), fv >= col[id(k)]))
            for hi, hv in self.consts:
                if (kv < hv).all():
                    options.append(
                        (
                            1 + f.cost + k.cost + hi.cost,
                            Node("Q", "in", (f, k, hi)),
                            (fv >= col[id(k)]) & (fv <= col[id(hi)]),
                        )
                    )
        among = self._residues(f, fv)
        if among is not None:  # last: an interval of the same cost reads better
            options.append((among[0].cost, *among))
        for _cost, q, qv in sorted(options, key=lambda o: o[0]):
            self._count(self.data.rows)
            if np.array_equal(self._all(qv), t):
                self._propose(Node("B", "all", (q,)))
                return

    def _residues(self, f: Node, fv: np.ndarray) -> tuple[Node, np.ndarray] | None:
        """``F mod m in {a, b, ...}``: the least set of residues holding every heap of every P-position (one set for
        all n).

        None for a feature other than a residue (a set of the values of the data themselves
        only overfits: ``z_i in {1, 2, 3, 13}``), fewer than two residues (``F = k`` says one)
        or a rule past ``max_cost``.
        """
        if f.op != "mod":
            return None
        parts = self._p_values(fv)
        members = np.unique(np.concatenate(parts)) if parts else np.zeros(0, np.int64)
        if len(members) < 2 or 2 + f.cost + len(members) > self.max_cost:  # a bound first: members may be many
            return None
        q = Node("Q", "among", (f, *(Node("K", "lit", (int(m),)) for m in members)))
        if 1 + q.cost > self.max_cost:
            return None
        self._count(fv.size)
        return q, np.isin(fv, members)

    def _p_values(self, fv: np.ndarray) -> list[np.ndarray]:
        """The values of a heap feature on the heaps of the P-positions, block by block."""
        start, parts = 0, []
        for b, idx in enumerate(self.data.index):
            p_rows = self.target[start : start + len(idx)]
            start += len(idx)
            parts.append(fv[b][idx[p_rows]].ravel())
        return parts

    def _deduce_residues(self, s: int) -> None:
        """Level ``s`` of the rules "every heap: F mod m in {a, b, ...}" (they cost at least 4 more than the residue).

        The set R is deduced, not listed (see :meth:`_deduce_all`); a rule found is kept until
        the level of its cost, so that the first rule proposed is still a cheapest one.
        """
        for f, fv in self.banks["H"].at(s - 4):
            among = self._residues(f, fv)
            if among is not None and np.array_equal(self._all(among[1]), self.target):
                self.pending.append(Node("B", "all", (among[0],)))
        for rule in self.pending:
            if rule.cost <= s:
                self._propose(rule)

    def _all(self, qv: np.ndarray) -> np.ndarray:
        """Whether every heap of each row has the heap property ``qv``."""
        if self.present is None:
            return np.concatenate([r.all(axis=1) for r in self._block_rows(qv)])
        return ~((self.present & ~self._row_masks(qv)) != 0).any(axis=1)

    def _all_and_any(self, qv: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Whether every heap, and whether some heap, of each row has the heap property ``qv`` (one pass)."""
        if self.present is None:
            rows = self._block_rows(qv)
            return np.concatenate([r.all(axis=1) for r in rows]), np.concatenate([r.any(axis=1) for r in rows])
        masks = self._row_masks(qv)
        return ~((self.present & ~masks) != 0).any(axis=1), ((self.present & masks) != 0).any(axis=1)

    def _level(self, s: int) -> None:
        """Every expression of cost ``s``: the target's sort first (its expressions need only smaller costs)."""
        if self.kind == "outcome":
            self._properties(s)
            self._deduce_residues(s)
            self._inverted(s)
            if self.found is None:
                self._joins(s, "B")
        else:
            self._integers(s)
            self._inverted(s)
            if self.found is None:
                self._joins(s, "I")
        if self.found is not None:
            return
        self._heap_features(s)
        self._heap_properties(s)
        if self.kind == "outcome":  # integers are parts of properties; a Grundy rule needs no property
            self._integers(s)
            self._joins(s, "I")

    def _with_const(self, s: int) -> Iterator[tuple[Node, np.ndarray, int]]:
        """The constants (node, values, cost) of cost below ``s`` (leaving ``s - cost >= 1`` for the rest)."""
        for k, kv in self.consts:
            if k.cost < s:
                yield k, kv, k.cost

    def _heap_features(self, s: int) -> None:
        H = self.banks["H"]
        if s == 1:
            self._offer("H", Node("H", "x", ()), np.tile(self.data.sizes, (len(self.data.blocks), 1)))
            return
        for f, fv in H.at(s - 1):
            if fv.min() > 0:
                self._offer("H", Node("H", "v2", (f,)), _v2(fv))
                self._offer("H", Node("H", "down", (f,)), fv - _low_power(fv))
            if fv.min() >= 0 and f.op != "popcount":  # popcount(popcount(x)) only overfits: 1 for x < 2^127 - 1
                self._offer("H", Node("H", "popcount", (f,)), _popcount(fv))
                self._offer("H", Node("H", "up", (f,)), np.where(fv == 0, 1, 2 * _low_power(fv) - fv))
        for k, kv, c in self._with_const(s - 1):
            col = kv[:, None]
            for f, fv in H.at(s - 1 - c):
                if kv.min() >= 1 and not _shifted(f):
                    self._offer("H", Node("H", "add", (f, k)), fv + col)
                    self._offer("H", Node("H", "sub", (f, k)), fv - col)
                if kv.min() >= 2 and f.op not in ("mod", "div"):
                    self._offer("H", Node("H", "mod", (f, k)), fv % col)
                    self._offer("H", Node("H", "div", (f, k)), fv // col)
                if k.op == "lit" and 0 < k.args[0] < BITS and fv.min() >= 0:  # bit_0 is parity
                    self._offer("H", Node("H", "bit", (f, k)), (fv >> col) & 1)

    def _heap_properties(self, s: int) -> None:
        H = self.banks["H"]
        for k, kv, c in self._with_const(s - 1):
            for f, fv in H.at(s - 1 - c):
                self._offer("Q", Node("Q", "is", (f, k)), fv == kv[:, None])
                if kv.min() >= 1:
                    self._offer("Q", Node("Q", "ge", (f, k)), fv >= kv[:, None])
        for f, fv in H.at(s - 1):
            self._offer("Q", Node("Q", "odd", (f,)), fv % 2 == 1)
            self._offer("Q", Node("Q", "even", (f,)), fv % 2 == 0)
        for lo, lv, c1 in self._with_const(s - 2):
            for hi, hv, c2 in self._with_const(s - 1 - c1):
                if c1 + c2 >= s - 1 or not (lv < hv).all():
                    continue
                for f, fv in H.at(s - 1 - c1 - c2):
                    self._offer("Q", Node("Q", "in", (f, lo, hi)), (fv >= lv[:, None]) & (fv <= hv[:, None]))

    def _integers(self, s: int) -> None:
        H, Q, I = self.banks["H"], self.banks["Q"], self.banks["I"]
        if s == 1 and self.multi:
            counts = np.concatenate([np.full(len(b), b.shape[1], np.int64) for b in self.data.blocks])
            self._offer("I", Node("I", "n", ()), counts)
        for f, fv in H.at(s - 1):
            rows = self._block_rows(fv)
            for op, fold in _FOLDS.items():
                if (op in ("or", "and") and fv.min() < 0) or (op in ("min", "max") and _shifted(f)):
                    continue
                self._offer("I", Node("I", op, (f,)), np.concatenate([fold(r) for r in rows]))
            for j in (0, -1, 1, -2):
                if _shifted(f):
                    break  # (F + k)(z_j) is F(z_j) + k
                if j in (1, -2) and min(self.data.counts) < 2:
                    continue
                if j == 1 and min(self.data.counts) < 3:
                    continue  # z_2 is z_(n-1) or z_n for two heaps
                self._offer("I", Node("I", "at", (f, j)), np.concatenate([r[:, j] for r in rows]))
        for q, qv in Q.at(s - 1):
            self._offer(
                "I",
                Node("I", "count", (q,)),
                np.concatenate([r.sum(axis=1) for r in self._block_rows(qv)]).astype(np.int64),
            )
        for e, ev in I.at(s - 1):
            if ev.min() > 0:
                self._offer("I", Node("I", "v2", (e,)), _v2(ev))
            if ev.min() >= 0:
                self._offer("I", Node("I", "popcount", (e,)), _popcount(ev))
        for k, kv, c in self._with_const(s - 1):
            col = self._per_row(kv)
            for e, ev in I.at(s - 1 - c):
                if kv.min() >= 1 and not _shifted(e):
                    self._offer("I", Node("I", "add", (e, k)), ev + col)
                    self._offer("I", Node("I", "sub", (e, k)), ev - col)
                if kv.min() >= 2:
                    if not _scaled(e):
                        self._offer("I", Node("I", "mul", (e, k)), ev * col)
                    if e.op not in ("mod", "div") or not isinstance(e.args[1], Node) or e.args[1].sort != "K":
                        self._offer("I", Node("I", "mod", (e, k)), ev % col)
                        self._offer("I", Node("I", "div", (e, k)), ev // col)

    def _row_masks(self, qv: np.ndarray) -> np.ndarray:
        """A heap property as a bit mask over the heap sizes, for every row (rows x words of 64 bits)."""
        bits = np.zeros((qv.shape[0], self.words * 64), dtype=bool)
        bits[:, : qv.shape[1]] = qv
        packed = np.packbits(bits.reshape(qv.shape[0], self.words, 64)[:, :, ::-1], axis=2)
        masks = packed.view(">u8")[:, :, 0].astype(np.uint64)  # blocks x words
        return masks[self.block_of_row]

    def _per_row(self, kv: np.ndarray) -> np.ndarray:
        return np.concatenate([np.full(len(b), kv[i], np.int64) for i, b in enumerate(self.data.blocks)])

    def _properties(self, s: int) -> None:
        H, Q, I, B = (self.banks[x] for x in "HQIB")
        if s == 2 and self.multi:
            counts = np.concatenate([np.full(len(b), b.shape[1], np.int64) for b in self.data.blocks])
            self._offer("B", Node("B", "nodd", (), 2), counts % 2 == 1)
            self._offer("B", Node("B", "neven", (), 2), counts % 2 == 0)
        for q, qv in Q.at(s - 1):
            every, some = self._all_and_any(qv)
            self._offer("B", Node("B", "all", (q,)), every)
            self._offer("B", Node("B", "any", (q,)), some)
        for f, fv in H.at(s - 1):
            self._offer("B", Node("B", "alleq", (f,)), self._alleq(fv))
        for k, kv, c in self._with_const(s - 1):
            col = self._per_row(kv)
            for e, ev in I.at(s - 1 - c):
                self._offer("B", Node("B", "eq", (e, k)), ev == col)
        for b, bv in B.at(s - 1):
            self._offer("B", Node("B", "not", (b,)), ~bv)

    def _joins(self, s: int, sort: str) -> None:
        """The expressions of cost ``s`` and sort ``sort`` that join two smaller ones."""
        I, B = self.banks["I"], self.banks["B"]
        for c1 in range(1, s - 1):
            c2 = s - 1 - c1
            left, right = I.at(c1), I.at(c2)
            for i, (a, av) in enumerate(left):
                if sort == "B":
                    for j, (b, bv) in enumerate(right):
                        if c1 < c2 or (c1 == c2 and i <= j):
                            self._offer("B", Node("B", "eq", (a, b)), av == bv)
                        self._offer("B", Node("B", "lt", (a, b)), av < bv)
                    continue
                for j, (b, bv) in enumerate(right):
                    if c1 < c2 or (c1 == c2 and i <= j):  # commutative operators once
                        self._offer("I", Node("I", "add", (a, b)), av + bv)
                        self._offer("I", Node("I", "xor", (a, b)), av ^ bv)
                        self._offer("I", Node("I", "mul", (a, b)), av * bv)
                        if av.min() >= 0 and bv.min() >= 0:
                            self._offer("I", Node("I", "bor", (a, b)), av | bv)
                            self._offer("I", Node("I", "band", (a, b)), av & bv)
                    self._offer("I", Node("I", "sub", (a, b)), av - bv)
            if sort == "I":
                continue
            lb, rb = B.at(c1), B.at(c2)
            for i, (a, av) in enumerate(lb):
                for j, (b, bv) in enumerate(rb):
                    if c1 < c2 or (c1 == c2 and i < j):
                        self._offer("B", Node("B", "andb", (a, b)), av & bv)
                        self._offer("B", Node("B", "orb", (a, b)), av | bv)

    def _inverted(self, s: int) -> None:
        """Look for the target among the joins of cost ``s`` without making them (see the module docstring)."""
        if self.kind == "grundy":
            I = self.banks["I"]
            t = self.target
            for c1 in range(1, s - 1):
                c2 = s - 1 - c1
                for a, av in I.at(c1):
                    for op, need in (("add", t - av), ("xor", t ^ av), ("sub", av - t), ("rsub", t + av)):
                        other = I.seen.get(need.tobytes())
                        if other is not None and other.cost <= c2:
                            self.found = Node("I", "sub", (other, a)) if op == "rsub" else Node("I", op, (a, other))
                            return
            return
        B = self.banks["B"]
        t = self.target
        for c1 in range(1, s - 1):
            c2 = s - 1 - c1
            for op, keep in (("andb", lambda v: not (t & ~v).any()), ("orb", lambda v: not (v & ~t).any())):
                left = [(a, av) for a, av in B.at(c1) if keep(av)]
                right = [(b, bv) for b, bv in B.at(c2) if keep(bv)]
                for a, av in left:
                    for b, bv in right:
                        joined = av & bv if op == "andb" else av | bv
                        if np.array_equal(joined, t):
                            self.found = Node("B", op, (a, b))
                            return


def _shifted(node: Node) -> bool:
    """Whether ``node`` is ``E + k`` or ``E - k`` for a constant ``k`` (a canonical form adds constants once)."""
    return node.op in ("add", "sub") and isinstance(node.args[1], Node) and node.args[1].sort == "K"


def _scaled(node: Node) -> bool:
    """Whether ``node`` is ``E * k`` for a constant ``k``."""
    return node.op == "mul" and isinstance(node.args[1], Node) and node.args[1].sort == "K"


_FOLDS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "sum": lambda r: r.sum(axis=1),
    "nimsum": lambda r: np.bitwise_xor.reduce(r, axis=1),
    "or": lambda r: np.bitwise_or.reduce(r, axis=1),
    "and": lambda r: np.bitwise_and.reduce(r, axis=1),
    "min": lambda r: r.min(axis=1),
    "max": lambda r: r.max(axis=1),
}


def _v2(v: np.ndarray) -> np.ndarray:
    """2-adic valuations of positive integers."""
    low = v & -v
    return np.log2(low.astype(np.float64)).astype(np.int64)


def _low_power(v: np.ndarray) -> np.ndarray:
    """The largest power of 2 at most ``v`` (1 for 0 and 1)."""
    out = np.ones_like(v)
    w = v.copy()
    while (w > 1).any():
        big = w > 1
        out[big] <<= 1
        w[big] >>= 1
    return out


def _popcount(v: np.ndarray) -> np.ndarray:
    out = np.zeros_like(v)
    w = v.copy()
    while (w > 0).any():
        out += w & 1
        w >>= 1
    return out
