"""Record runs: Grundy's game and Officers (0.6) as far as the machine allows, and the table of docs/records.md.

Run: ``python benchmarks/record_table.py --to 28`` (2^28 heaps of each game: about half an hour on
two cores, 256 MB of values each). The values come from the public API
(``sprague.ruleset(...).sequence(n)``) with the results cache on, so a run that is stopped (Ctrl-C,
a kill, a reboot) keeps its last checkpoint and the next run continues from it (``--cache-dir``,
default sprague's own). For each power of two ``2^k`` from 2^20 it prints the row a researcher
compares with the published tables: the largest value and the first heap that has it, and under
the mask of the published tables the number of rare heaps, heap 0 included as they count it, and
the last one. The masks are infinite, as A. Flammenkamp gives Grundy's game's (``m = 0111...``: every
bit but the lowest); J. Czajka prints their finite part (``fe`` for Grundy's game, ``1ee`` for .6),
which agrees with them only while the values stay below 256 (512 for .6): Grundy's game reaches 256
at heap 7,250,049, a common value under ``0111...`` but a rare one under ``fe``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import sprague
from sprague.kernels.takebreak_work import rare_positions

#: the games, with the infinite masks of the published tables: Flammenkamp's 0111... (~1) for Grundy's game; for .6
#: the infinite mask whose finite part is Czajka's 1ee (~0x11); both print as Czajka's on values below 2^8 and 2^9
GAMES = {"grundys-game": ({}, ~0x1), "octal": ({"code": "0.6"}, ~0x11)}


def table(values: np.ndarray, mask: int, first: int) -> list[str]:
    """Markdown rows at 2^first, 2^(first+1), ... up to the values' length."""
    rows = []
    k = first
    while (1 << k) <= len(values):
        g = values[: 1 << k]
        largest = int(np.argmax(g))
        rare = rare_positions(g, mask)
        count = len(rare) + 1  # heap 0 (value 0) is rare under every mask: the published counts include it
        last = int(rare[-1]) if len(rare) else 0
        rows.append(f"| 2^{k} | {largest:,} | {int(g[largest])} | ~{~mask:x} | {count:,} | {last:,} |")
        k += 1
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=int, default=28, help="2^TO heaps (default 28)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--from", dest="first", type=int, default=20, help="first row: 2^FROM (default 20)")
    ns = parser.parse_args()
    for name in ns.games.split(","):
        params, mask = GAMES[name]
        ruleset = sprague.ruleset(name, **params)
        began, cpu = time.perf_counter(), time.process_time()
        last, done = [began], [0]

        def progress(added: int) -> None:
            done[0] += added
            if time.perf_counter() - last[0] >= 60:
                last[0] = time.perf_counter()
                print(f"  {ruleset}: {done[0]:,} values computed in {last[0] - began:,.0f} s", flush=True)

        with sprague.budget(work=10**13, memory=8 << 30):  # hours of work: the run is stopped by hand if at all
            values = ruleset.sequence(1 << ns.to, max_positions=2**62, progress=progress)
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
        print(f"\n{ruleset} to 2^{ns.to}: {wall:,.0f} s wall, {cpu:,.0f} s CPU this run (0 if all cached)")
        print("| n | largest at | largest | mask | rare heaps | last rare |")
        print("|---|---|---|---|---|---|")
        print("\n".join(table(values, mask, ns.first)), flush=True)


if __name__ == "__main__":
    main()
