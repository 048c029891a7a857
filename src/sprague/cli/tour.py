"""``sprague tour``: every question of the Nim handout (002), answered by computation.

The games are the handout's (:data:`sprague.rulesets.showcase.HANDOUT`).

Nothing here is typed in from the handout's answers: each line is computed by
the library at run time, and the tests compare the results with the handout's
own statements (``tests/data/handout.json``).
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import TextIO, cast

from sprague.core.nimber import nim_sum
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.showcase import HANDOUT
from sprague.rulesets.sums import Sum

__all__ = ["tour"]


def _section(out: TextIO, title: str) -> None:
    out.write(f"\n== {title}\n")


def tour(out: TextIO) -> None:
    """Write the guided tour to ``out``.

    One function: a script read from top to bottom, one section of the handout after another (each a few
    computed answers and their sentences); it has no branches to split along.
    """
    nim = HANDOUT.nim()
    out.write("sprague tour: the questions of F. Rodriguez-Villegas, Handout 5 (Nim), answered.\n")
    out.write("Every value below is computed now; run the same with `sprague value|moves|sequence|table`.\n")

    _section(out, "Section 1. Nim and Bouton's theorem")
    for pos in [(5, 7, 2), (3, 5, 6), (2, 4, 7), (5, 3, 7, 3, 1)]:
        s = nim_sum(*pos)
        out.write(f"  {pos}: nim-sum {s} -> {nim.outcome(pos)}-position")
        if s:
            moves = "; ".join(nim.describe_move(pos, o) for o in nim.winning_moves(pos))
            out.write(f"; winning moves: {moves}")
        out.write("\n")

    _section(out, "Section 2. Games as directed graphs: Nim from (2, 1, 1)")
    from sprague.viz.graph import game_graph

    nodes, edges = game_graph(nim, (2, 1, 1))
    labels = ", ".join(f"{nim.format_position(p)}:{nim.outcome(p)}" for p in nodes.values())
    out.write(f"  {len(nodes)} positions (up to order of heaps), {len(edges)} moves; labels {labels}\n")
    out.write("  (`sprague graph nim 2 1 1 --format svg -o nim.svg` draws it)\n")

    _section(out, "Section 3. Subtraction game S = {1, 2, 5}")
    subtraction = HANDOUT.subtraction
    sub125 = subtraction(S={1, 2, 5})
    labels = "".join(sub125.outcome(n) for n in range(18))
    out.write(f"  outcomes of n = 0..17: {labels}  ({sub125.periodicity().describe()})\n")
    wins = " or ".join(str(o[0]) for o in sub125.winning_moves((26,)))
    out.write(f"  from 26 the winning moves leave {wins}\n")

    _section(out, "Sections 4-5. The sum of S1 = {1, 2} and S2 = {1, 3}")
    s12, s13 = subtraction(S={1, 2}), subtraction(S={1, 3})
    game = Sum(s12, s13)
    out.write(f"  G of S = {{1, 2}}: {s12.sequence(9).tolist()}; of S = {{1, 3}}: {s13.sequence(9).tolist()}\n")
    for m in range(5, -1, -1):
        out.write("   " + " ".join(game.outcome(((n,), (m,))) for n in range(6)) + f"   <- S2 heap {m}\n")
    out.write(f"  G((4, 3)) = {s12.grundy((4,))} xor {s13.grundy((3,))} = {game.grundy(((4,), (3,)))}\n")

    _section(out, "Homework 1. Nim-addition table for 0..10")
    out.write("   xor " + " ".join(f"{b:>2}" for b in range(11)) + "\n")
    for a in range(11):
        out.write(f"   {a:>3} " + " ".join(f"{a ^ b:>2}" for b in range(11)) + "\n")

    _section(out, "Homework 2. Subtraction game S = {4, 10, 12}")
    s41012 = subtraction(S={4, 10, 12})
    per = s41012.periodicity()
    out.write(f"  G(0..{per.period - 1}) = {s41012.sequence(per.period).tolist()}\n  {per.describe()}\n")

    _section(out, "Homework 3. P/N diagram of S = {1, 2, 5} (columns n) + S = {4, 10, 12} (rows m), 1 <= n, m <= 6")
    hw3 = Sum(sub125, s41012)
    agree = True
    for m in range(6, 0, -1):
        row = []
        for n in range(1, 7):
            pair = ((n,), (m,))
            o = hw3.outcome(pair, method="search")
            agree &= hw3.grundy(pair, method="search") == sub125.grundy((n,)) ^ s41012.grundy((m,))
            row.append(o)
        out.write(f"   m={m}: " + " ".join(row) + "\n")
    out.write("         " + " ".join(str(n) for n in range(1, 7)) + "  = n\n")
    out.write(f"  Theorem 1 (G of the sum = xor of the G's) checked by brute force on this range: {agree}\n")

    _section(out, "Homework 4. An odd number of equal piles of n; take 1 or 2 from one pile")
    take12 = subtraction(S={1, 2})
    out.write("  one pile of n has G = n mod 3, and an odd number of equal values xors to that value;\n")
    checks = [(k, n, take12.grundy((n,) * k, method="search")) for k in (1, 3, 5) for n in range(7) if n**k <= 10**5]
    ok = all(g == n % 3 for _, n, g in checks)
    out.write(f"  brute force on {len(checks)} positions (k piles of n, k = 1, 3, 5) agrees: {ok}\n")
    out.write(
        "  strategy: if n is a multiple of 3 you lose against best play; otherwise take n mod 3 from one pile\n"
        "  (its value becomes 0 and the other piles pair off), then after each reply move so that the xor of\n"
        "  (pile size mod 3) over all piles is 0 again: that is a P-position, and one is always reachable.\n"
    )

    _section(out, "Homework 5. Turning Turtles from T T H H T H H")
    tt = HANDOUT.turning_turtles()
    coins = "TTHHTHH"
    heads = [i + 1 for i, c in enumerate(coins) if c == "H"]
    out.write(f"  heads at {heads}: Nim heaps, nim-sum {reduce(xor, heads)} -> {tt.outcome(coins)}\n")
    for o in tt.winning_moves(coins):
        out.write(f"  good move: {tt.describe_move(coins, o)} -> {o}\n")

    _section(out, "Homework 6. Green Hackenbush")
    out.write("  (the handout's picture did not survive conversion; here is a graph of the same kind)\n")
    gh = HANDOUT.green_hackenbush()
    graph = gh.check_position("0-1 1-2 1-3 2-3 0-4")
    ev = gh.evaluate(graph)
    out.write(f"  {gh.format_position(graph)}: G = {ev.grundy} by the {ev.method.removeprefix('closed form: ')}\n")
    for o in gh.winning_moves(graph):
        out.write(f"  winning move: {gh.describe_move(graph, o)}\n")

    _section(out, "Homework 7. Grundy's game from 10")
    gg = cast(HeapRuleset, HANDOUT.grundys_game())
    nodes, edges = game_graph(gg, (10,))
    out.write(
        f"  the graph from 10 has {len(nodes)} positions and {len(edges)} moves; "
        f"G(10) = {gg.grundy((10,))} ({gg.outcome((10,))})\n"
    )
    out.write(f"  G(0..10) = {gg.sequence(11).tolist()}\n")
    splits = [gg.describe_move((10,), o) for o in gg.winning_moves((10,))]
    out.write(
        "  winning moves from 10: " + (", ".join(splits) or "none, every split of 10 leaves an N-position") + "\n"
    )

    _section(out, "Homework 8. 1 xor 2 xor ... xor n")
    values = [reduce(xor, range(1, n + 1)) for n in range(1, 17)]
    out.write(f"  n = 1..16: {values}\n")
    pattern = {0: "n", 1: "1", 2: "n + 1", 3: "0"}
    ok = all(v == {0: n, 1: 1, 2: n + 1, 3: 0}[n % 4] for n, v in zip(range(1, 10**4), _prefix_xors(10**4)))
    out.write(
        "  pattern by n mod 4: "
        + ", ".join(f"{r} -> {pattern[r]}" for r in range(4))
        + f"; checked for n < 10^4: {ok}\n"
    )


def _prefix_xors(n: int) -> list[int]:
    out, acc = [], 0
    for k in range(1, n):
        acc ^= k
        out.append(acc)
    return out
