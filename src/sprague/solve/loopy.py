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

from collections.abc import Sequence

from sprague.core.loopy import Infinite, LoopyValue

__all__ = ["gamma"]

_UNLABELLED = -1
_INFINITE = -2


def gamma(options: Sequence[Sequence[int]]) -> list[LoopyValue]:
    """gamma of every vertex of the graph ``options`` (vertex ``v`` moves to each of ``options[v]``)."""
    n = len(options)
    preds: list[list[int]] = [[] for _ in range(n)]
    for v, outs in enumerate(options):
        for w in outs:
            preds[w].append(v)
    label = [_UNLABELLED] * n
    left = n
    i = 0
    while left:
        has_i = [False] * n  # has an option labelled i
        covered = [False] * n  # an unlabelled (or ∞) position with an option labelled i
        # options of each unlabelled position that are unlabelled or ∞ and not yet covered
        waiting = [0] * n
        for v in range(n):
            if label[v] == _UNLABELLED:
                waiting[v] = sum(1 for w in options[v] if label[w] in (_UNLABELLED, _INFINITE))
        queue = [v for v in range(n) if label[v] == _UNLABELLED and waiting[v] == 0]
        while queue:
            u = queue.pop()
            if label[u] != _UNLABELLED or has_i[u] or waiting[u]:
                continue
            label[u] = i
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
    return [Infinite(frozenset(label[w] for w in options[v] if label[w] >= 0)) if label[v] == _INFINITE else label[v]
            for v in range(n)]
