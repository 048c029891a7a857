"""Fair Shares and Varied Pairs (Winning Ways ch. 12): split a heap into equal heaps, or unite two unequal ones."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from sprague.core.limits import MAX_HEAPS
from sprague.core.parsing import as_heaps
from sprague.errors import InvalidPosition
from sprague.solve.ruleset import LoopyRuleset

__all__ = ["FairShares", "partition_count"]
ORDER = 98  #: where ``sprague list`` shows this module's rulesets


_EXACT_TO = 300  # p(300) is about 9.3e15, past any work limit


def partition_count(n: int) -> int:
    """The number of partitions of ``n`` (the positions of Fair Shares with ``n`` stones), exact to ``n`` = 300;
    past it p(300), a lower bound already past every work limit (the estimate only decides a refusal)."""
    n = min(n, _EXACT_TO)
    p = [1] + [0] * n
    for k in range(1, n + 1):
        for m in range(k, n + 1):
            p[m] += p[m - k]
    return p[n]


class FairShares(LoopyRuleset):
    """Fair Shares and Varied Pairs: divide a heap into equal heaps, or unite two heaps of different sizes.

    From Berlekamp, Conway and Guy, Winning Ways, ch. 12 ("Games Eternal -- Games
    Entailed"), a loopy impartial game: a move either divides any heap into two or
    more heaps of one size (a heap of 6 into 3+3, 2+2+2 or six 1s), or unites two
    heaps of different sizes into one. The stones are never lost, so a position
    with ``n`` stones lies among the partitions of ``n``; play ends when every heap
    is a single stone. Uniting and dividing can undo each other (6 -> 3+3 is a
    division, 4+2 -> 6 a union), so play may cycle: computed here, the first draws
    come with 11 stones. Winning Ways gives no formula; the values come from the
    game graph.

    >>> import sprague
    >>> game = sprague.ruleset("fair-shares")
    >>> game.grundy((6,)), game.grundy((4, 2)), game.grundy((12,)), game.outcome((6, 6))
    (2, 0, ∞{0}, 'D')
    """

    name = "fair-shares"
    aliases = ("fair-shares-and-varied-pairs", "fsvp")
    source = "-- Berlekamp, Conway & Guy, Winning Ways ch. 12"
    position_help = "heap sizes, e.g. 6 3 1"
    example = ("8", "4")

    def check_position(self, position: Any) -> tuple[int, ...]:
        found = as_heaps(position, self.name)
        bad = [h for h in found if h < 1]
        if bad:
            raise InvalidPosition(f"fair-shares: heap {bad[0]} is not a heap; heaps have 1 stone or more")
        if sum(found) > MAX_HEAPS:
            raise InvalidPosition(
                f"fair-shares: {sum(found):,} stones are over the limit of {MAX_HEAPS:,} "
                "(MAX_HEAPS in sprague.core.limits): a division may make one heap per stone"
            )
        return tuple(sorted(found, reverse=True))

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        seen: set[tuple[int, ...]] = set()
        for i, x in enumerate(position):
            if i and position[i - 1] == x:
                continue  # the same division as the heap before
            rest = position[:i] + position[i + 1 :]
            for d in range(1, x // 2 + 1):
                if x % d == 0:
                    yield from _new(tuple(sorted(rest + (d,) * (x // d), reverse=True)), seen)
        sizes = sorted(set(position), reverse=True)
        for a_i, a in enumerate(sizes):
            for b in sizes[a_i + 1 :]:
                others = _minus(position, (a, b))
                yield from _new(tuple(sorted(others + [a + b], reverse=True)), seen)

    def positions(self, size: int) -> Iterator[tuple[int, ...]]:
        """Every partition of 1 .. ``size`` stones, fewest stones first (closed under moves: the total stays)."""
        for total in range(1, size + 1):
            yield from _partitions(total, total)

    def estimate_positions(self, position: tuple[int, ...]) -> int:
        return partition_count(sum(position))

    def describe_move(self, position: tuple[int, ...], option: tuple[int, ...]) -> str:
        gone, new = _minus(position, option), _minus(option, position)
        if len(gone) == 2 and len(new) == 1:
            return f"unite {gone[0]} and {gone[1]}"
        if len(gone) == 1 and new:
            return f"divide {gone[0]} into {len(new)} x {new[0]}"
        return f"to {self.format_position(option)}"

    def random_position(self, rng: Any) -> tuple[int, ...]:
        return self.check_position(tuple(rng.randrange(1, 9) for _ in range(rng.randrange(1, 3))))


def _partitions(n: int, most: int) -> Iterator[tuple[int, ...]]:
    """The partitions of ``n`` into parts of at most ``most``, largest part first."""
    if n == 0:
        yield ()
        return
    for k in range(min(n, most), 0, -1):
        for rest in _partitions(n - k, k):
            yield (k,) + rest


def _minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The multiset ``a`` less ``b``."""
    left = list(a)
    for h in b:
        if h in left:
            left.remove(h)
    return left


def _new(option: tuple[int, ...], seen: set[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    if option not in seen:
        seen.add(option)
        yield option
