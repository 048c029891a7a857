"""The generalized Sprague-Grundy function gamma of a finite game graph that may have cycles.

Fraenkel and Yesha's labelling (JCTA 43, 1986; after Smith 1966), round by round
for ``i = 0, 1, 2, ...``:

1. label ``i`` every unlabelled position ``u`` such that no option of ``u`` is
   labelled ``i`` and every option of ``u`` that is unlabelled (or labelled ∞) has an
   option labelled ``i`` -- repeatedly, since each new label ``i`` may make more
   positions qualify;
2. label ∞ every unlabelled position with no option labelled ``i`` (it can have no
   finite value above ``i``);

until every position is labelled. A position labelled ∞ gets ``∞(K)``, K the finite
values of its options. Each round is a retrograde pass over the predecessors of the
positions it labels: counters of the options still to be answered, so a round is
linear in the number of moves, and there are at most (largest finite value + 2)
rounds.

>>> gamma([[1], [0]])  # two positions, each the option of the other: play never ends
[∞{}, ∞{}]
>>> gamma([[1], [2], []])  # a path: 0 -> 1 -> 2 (2 is terminal)
[0, 1, 0]
>>> gamma([[0, 1], []])  # a position that can pass (a loop) or move to a terminal
[∞{0}, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from sprague.core.budget import POSITION_WORK, charge, check_memory
from sprague.core.limits import DEFAULT_MAX_POSITIONS, LOOPY_WORK_PER_POSITION, RAISE_HINT
from sprague.core.loopy import Infinite, LoopyValue
from sprague.errors import TooLarge
from sprague.solve.search import MEMORY_CHECK_EVERY, list_options, shown

__all__ = ["gamma", "label_graph", "LoopySearch"]

_UNLABELLED = -1
_INFINITE = -2
_KNOWN = -3  # a known vertex labelled in this round or an earlier one


def gamma(options: Sequence[Sequence[int]], known: Mapping[int, LoopyValue] | None = None) -> list[LoopyValue]:
    """gamma of every vertex of the graph ``options`` (vertex ``v`` moves to each of ``options[v]``).

    ``known``: vertices whose values are already known (from an earlier, larger
    graph closed under moves); their options are not listed (``options[v]`` is
    empty) and they keep their values. A known finite value ``a`` has options of
    every value below ``a``, and a known ``∞(K)`` options of the values in ``K``,
    so in round ``i`` such a vertex is labelled ``i`` (``a == i``), or counts as
    having an option labelled ``i`` (``i < a``, or ``i`` in ``K``), or neither.
    """
    return label_graph(options, known or {}, {})[0]


def label_graph(
    options: Sequence[Sequence[int]],
    known: Mapping[int, LoopyValue],
    known_times: Mapping[int, int],
    clock: int = 0,
    budget: int | None = None,
    what: str = "the labelling",
) -> tuple[list[LoopyValue], list[int]]:
    """:func:`gamma`, and the time each vertex was labelled with a finite value (``clock`` on; -1: ∞).

    The times make play end: a P-position (value 0) is labelled only after each of
    its options has an option labelled 0, so from a P-position every move can be
    answered by a move to a P-position labelled earlier; always answering with the
    earliest one ends the game. ``known_times``: the times of known vertices, all
    before ``clock``. ``budget``: the most steps (moves looked at, over all rounds) before
    :class:`TooLarge` is raised (``what`` names the work in its message).
    """
    n = len(options)
    preds: list[list[int]] = [[] for _ in range(n)]
    for v, outs in enumerate(options):
        for w in outs:
            preds[w].append(v)
    label = [_INFINITE if v in known else _UNLABELLED for v in range(n)]
    times = [known_times.get(v, -1) for v in range(n)]  # known: unlabelled-like until its round
    left = n - len(known)
    i = 0
    while left:
        has_i = [False] * n  # has an option labelled i
        covered = [False] * n  # an unlabelled (or ∞) position with an option labelled i
        for v, value in known.items():
            covered[v] = i < value if isinstance(value, int) else i in value.K
        # options of each unlabelled position that are unlabelled or ∞ and not yet covered
        waiting = [0] * n
        steps = n
        for v in range(n):
            if label[v] == _UNLABELLED:
                steps += len(options[v])
                waiting[v] = sum(1 for w in options[v] if label[w] in (_UNLABELLED, _INFINITE) and not covered[w])
        charge(2 * steps, what)  # the request's budget: this count and the round's propagation
        if budget is not None:
            budget -= 2 * steps
            if budget < 0:
                raise TooLarge(
                    f"{what} stopped in its round {i + 1} (one round per finite value) over the work "
                    f"limit, with {left:,} of {n:,} positions unlabelled; {RAISE_HINT}",
                    estimate=None,
                )
        queue = [v for v, value in known.items() if value == i]
        for v in queue:
            label[v] = _KNOWN  # labelled i now; predecessors are told below, as for any vertex labelled i
        queue += [v for v in range(n) if label[v] == _UNLABELLED and waiting[v] == 0]
        while queue:
            u = queue.pop()
            if label[u] == _UNLABELLED:
                if has_i[u] or waiting[u]:
                    continue
                label[u] = i
                times[u] = clock
                clock += 1
                left -= 1
            for p in preds[u]:
                has_i[p] = True
                if label[p] in (_UNLABELLED, _INFINITE) and not covered[p]:
                    covered[p] = True  # every predecessor of p now has this option of p answered
                    for q in preds[p]:
                        if label[q] == _UNLABELLED:
                            waiting[q] -= 1
                            if waiting[q] == 0 and not has_i[q]:
                                queue.append(q)
        for v in range(n):
            if label[v] == _UNLABELLED and not has_i[v]:
                label[v] = _INFINITE
                left -= 1
        i += 1
    values: list[LoopyValue] = [known[v] if v in known else label[v] for v in range(n)]
    return [
        Infinite(frozenset(y for w in options[v] if isinstance(y := values[w], int) and y >= 0))
        if x == _INFINITE
        else x
        for v, x in enumerate(values)
    ], times


class LoopySearch:
    """gamma of positions of a game whose graph may have cycles: the graph from a position, then :func:`gamma`.

    ``moves`` and ``canonical`` as for :class:`~sprague.solve.search.MexSearch`. The
    graph is explored breadth first from the position asked, up to the positions
    already valued (a set closed under moves: they enter :func:`gamma` as known),
    and every position explored is valued and kept, so the options of a position
    asked before are answered at once.
    """

    label = "the game graph's search"

    def __init__(self, moves: Callable[[Any], Iterable[Any]], canonical: Callable[[Any], Hashable]):
        self.moves = moves
        self.canonical = canonical
        self.memo: dict[Hashable, LoopyValue] = {}
        #: when each position was labelled with its finite value (see :func:`label_graph`); -1 for ∞
        self.times: dict[Hashable, int] = {}
        #: the options listed by every search so far (the measure of the work done, for callers' budgets)
        self.work = 0

    def value(self, position: Any, max_positions: int = DEFAULT_MAX_POSITIONS) -> LoopyValue:
        """gamma of ``position``; :class:`TooLarge` when its graph has more new positions than ``max_positions``."""
        memo, canonical = self.memo, self.canonical
        root = canonical(position)
        if root in memo:
            return memo[root]
        index: dict[Hashable, int] = {root: 0}
        keys: list[Hashable] = [root]
        todo: list[Any] = [position]
        graph: list[list[int]] = [[]]
        known: dict[int, LoopyValue] = {}
        examined, most = 0, max_positions * LOOPY_WORK_PER_POSITION
        what = f"{self.label} from {shown(position)}"
        for v, here in enumerate(todo):  # todo grows as the search finds positions
            if v in known:
                continue
            opts = list_options(self.moves(here), what)
            examined += len(opts)
            self.work += len(opts) + 1
            charge(POSITION_WORK + len(opts), what)
            if v % MEMORY_CHECK_EVERY == 0:
                check_memory(what)
            outs = graph[v]
            for o in opts:
                k = canonical(o)
                w = index.get(k)
                if w is None:
                    w = index[k] = len(keys)
                    keys.append(k)
                    graph.append([])
                    if k in memo:
                        known[w] = memo[k]
                        todo.append(None)  # not expanded
                    else:
                        todo.append(o)
                outs.append(w)
            if len(keys) - len(known) > max_positions or examined > most:
                what = (
                    f"{len(keys) - len(known):,} positions (the limit: {max_positions:,})"
                    if examined <= most
                    else f"{examined:,} options ({LOOPY_WORK_PER_POSITION} per position of the limit of "
                    f"{max_positions:,})"
                )
                raise TooLarge(
                    f"{self.label} from {shown(position)} passed {what} without finishing; {RAISE_HINT}",
                    estimate=None,
                    limit=max_positions,
                )
        values, times = label_graph(
            graph, known, {v: self.times[keys[v]] for v in known}, len(self.times), budget=most - examined, what=what
        )
        for k, x, t in zip(keys, values, times):
            memo[k] = x
            self.times[k] = t
        return memo[root]
