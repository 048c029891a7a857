"""sprague's sparse-space kernel against J. Czajka's native octal-games analyser, process against process.

Run: ``python benchmarks/native.py`` (about 10 minutes; ``--rows grundy:22,officers:22`` picks rows,
``--repeat`` the runs per side, default 3). The native reference is built here from its public
source, never vendored: ``--source`` is a git URL or a local clone (default
https://github.com/tczajka/octal-games); its C++ analyser (``old/src``) is compiled with
``g++ -O3 -march=native`` into ``~/.cache/sprague-bench/``. It runs one thread and prints a line
at each power of two (``n=2^k largest G[i]=v rare_mask=... num_rare=... last_rare=...``); it is
stopped at the line of the row's ``2^k``.

Each row runs both sides ``--repeat`` times, interleaved (native, sprague, native, ...), each in
a fresh process timed from its start, so sprague's wall time includes Python, NumPy and numba
starting up and the kernels loading from numba's cache (a warm-up run fills it first). For each
process: wall time, CPU time (user + system, from ``wait4``) and peak memory (``ru_maxrss``).
The table gives min and median wall, the CPU of the fastest run, and the ratios sprague / native
of the minima: below 1 sprague is faster. sprague's values are checked against every number the
native line prints (largest value and where it first occurs; the rare heaps under the native
mask, counted again on sprague's values, and the last of them).

The ``start-up`` row is a sprague process valuing 2^12 heaps: nearly all of it is fixed cost.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SOURCE = "https://github.com/tczajka/octal-games"
HOME = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sprague-bench"
GAMES = {  # name: (the native analyser's name, take_all, take_one, split, distinct)
    "grundy": ("grundy", [], [], [0], True),
    "officers": ("0.6", [], [1], [1], False),
}  # any other row is an octal code, its moves sprague's (a hand-written 0.007 here had Dawson's Kayles' moves)
ROWS = "grundy:20,grundy:22,officers:20,officers:22,0.04:16,0.04:18,0.06:16"
LINE = re.compile(r"n=2\^(\d+) largest G\[(\d+)\]=(\d+) rare_mask=([0-9a-f]+)(pos)? num_rare=(\d+) last_rare=(\d+)")


def build(source: str) -> Path:
    """The native analyser, compiled from ``source`` (a git URL or a local clone) once."""
    binary = HOME / "czajka-analyze"
    if binary.exists():
        return binary
    clone = HOME / "octal-games"
    if not clone.exists():
        HOME.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", source, str(clone)], check=True)
    src = clone / "old" / "src"
    files = [str(src / f) for f in ("analyze_exec.cc", "game.cc", "game_util.cc", "hadamard.cc")]
    command = ["g++", "-O3", "-march=native", "-std=c++11", "-pthread", f"-I{src}", *files, "-o", str(binary)]
    subprocess.run(command, check=True)
    return binary


def timed(command: list[str], until: str | None = None) -> tuple[float, float, float, str]:
    """Run ``command``; with ``until``, stop it at the first line of output starting so. Returns (wall s,
    CPU s, peak MB, the output: the matching line or all of it)."""
    began = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    output = ""
    for line in child.stdout:
        if until is not None and line.startswith(until):
            wall = time.perf_counter() - began
            child.kill()
            output = line
            break
        output += line
    else:
        wall = time.perf_counter() - began
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = status
    if until is not None and not output.startswith(until):
        raise RuntimeError(f"{command} ended without a line {until!r}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output


def moves_of(game: str) -> tuple[str, list[Any]]:
    """The native analyser's name of ``game`` (a row name or an octal code such as ``0.137``) and its moves."""
    if game in GAMES:
        name, *moves = GAMES[game]
        return str(name), moves
    import sprague

    return game, list(sprague.ruleset("octal", code=game).take_break_moves())  # type: ignore[attr-defined]


def one(game: str, k: int, threads: int, kernel: bool = False) -> dict[str, Any]:
    """Value ``2^k`` heaps in this process (the sprague side); what the native line would print. With ``kernel``,
    2^12 heaps first (numba and the kernels loaded), and the big run's own wall and CPU time."""
    import numpy as np

    from sprague.kernels import takebreak_run as tr

    _, moves = moves_of(game)
    if kernel:
        for _ in tr.Run(*moves, np.zeros(0, dtype=np.uint8), 1 << 12).extend():  # type: ignore[call-arg]
            pass
    wall, cpu = time.perf_counter(), time.process_time()
    run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), 1 << k, threads=threads or None)  # type: ignore[call-arg,misc]
    for _ in run.extend():
        pass
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    g = run.values
    return {"largest": int(np.argmax(g)), "max": int(g.max()), "kernel_wall": wall, "kernel_cpu": cpu}


def command(game: str, k: int, threads: int, kernel: bool = False) -> list[str]:
    """A fresh Python process running :func:`one`, printing its dict as JSON."""
    return python(f"one({game!r}, {k}, {threads}, {kernel})")


def python(call: str) -> list[str]:
    """A fresh Python process printing as JSON what ``call`` (a call of a function of this module) returns."""
    bench = str(Path(__file__).parent)
    code = f"import sys, json; sys.path.insert(0, {bench!r}); import native; "
    return [sys.executable, "-c", code + f"print(json.dumps(native.{call}))"]


def check(native: str, mine: dict[str, Any], k: int) -> None:
    """sprague's values against the native line: largest value and where, rare count and last under its mask."""
    found = LINE.match(native)
    assert found and int(found[1]) == k, native
    largest, value = int(found[2]), int(found[3])
    assert (mine["largest"], mine["max"]) == (largest, value), (native, mine)
    if "rare" in mine:
        assert (mine["rare"], mine["last_rare"]) == (int(found[6]), int(found[7])), (native, mine)


def rare_under(game: str, k: int, mask: int, parity: bool) -> dict[str, Any]:
    """The heaps 0.. of sprague's values rare under the native ``mask`` (to compare with its count); with
    ``parity`` (its ``pos``), heap ``r`` is rare when ``popcount(G(r) & mask) + r - s`` is even, ``s`` a split
    amount (the native analyser's ``rare_position_bit``, as sprague's keys)."""
    import numpy as np

    from sprague.kernels import takebreak_run as tr

    moves = moves_of(game)[1]
    run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), 1 << k)  # type: ignore[call-arg]
    for _ in run.extend():
        pass
    table = np.arange(int(run.values.max()) + 1, dtype=np.int64) & mask  # the parity of each value, masked
    for shift in (32, 16, 8, 4, 2, 1):
        table ^= table >> shift
    split = min(moves[2], default=0)
    found, block = [], 1 << 18  # a block at a time: this process's peak memory is what the next rows report
    for start in range(0, len(run.values), block):
        heaps = np.arange(start, min(start + block, len(run.values))) - split
        odd = table[run.values[start : start + block]] + parity * heaps
        found.append(start + np.flatnonzero((odd & 1) == 0))
    rare = np.concatenate(found)
    last = int(rare[-1]) if len(rare) else 0
    return {"largest": int(np.argmax(run.values)), "max": int(run.values.max()), "rare": len(rare), "last_rare": last}


def sample(binary: Path, count: int, ks: list[int], seed: int, threads: int, skip: int = 0) -> None:
    """Random codes of 0.?? and 0.??? that the native analyser finds no period for by 2^max(ks): the time of each
    side to 2^k, as processes and as the kernel alone (in-process, after numba and the kernels are loaded).
    ``skip``: start past the first ``skip`` codes of the shuffled list (to share one sample out between
    processes)."""
    rnd = random.Random(seed)
    codes = [f"0.{a}{b}" for a in range(8) for b in range(1, 8)]
    codes += [f"0.{a}{b}{c}" for a in range(8) for b in range(8) for c in range(1, 8)]
    rnd.shuffle(codes)
    codes = codes[skip:]
    print(
        f"\nsample of {count} codes (seed {seed}, from code {skip} of the shuffled list), aperiodic to "
        f"2^{max(ks)} by the native analyser"
    )
    print(
        "| code | 2^k | native wall (CPU) | sprague process wall (CPU) | sprague kernel wall (CPU) "
        "| CPU ratio, process | CPU ratio, kernel |"
    )
    print("|---|---|---|---|---|---|---|")
    found = 0
    for code in codes:
        if found == count:
            break
        try:
            longest = timed([str(binary), code], until=f"n=2^{max(ks)} ")
        except RuntimeError:  # a period found (or the analyser refused the code): not a hard code
            continue
        found += 1
        for k in ks:  # the run that found no period is the native time to 2^max(ks): not run twice
            native = longest if k == max(ks) else timed([str(binary), code], until=f"n=2^{k} ")
            mine = timed(command(code, k, threads, kernel=True))
            result = json.loads(mine[3].strip().splitlines()[-1])
            check(native[3], result, k)
            print(
                f"| {code} | {k} | {native[0]:.2f} ({native[1]:.2f}) | {mine[0]:.2f} ({mine[1]:.2f}) "
                f"| {result['kernel_wall']:.2f} ({result['kernel_cpu']:.2f}) | {mine[1] / native[1]:.2f} "
                f"| {result['kernel_cpu'] / native[1]:.2f} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=SOURCE, help="git URL or local clone of the native analyser")
    parser.add_argument(
        "--rows", default=ROWS, help=f"game:k pairs (2^k heaps), game one of {', '.join(GAMES)} or an octal code"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0, help="sprague's threads (0: its own choice)")
    parser.add_argument("--check", action="store_true", help="check every row's values against the native line")
    parser.add_argument("--sample", type=int, default=0, help="also time this many random codes of 0.?? and 0.???")
    parser.add_argument("--sample-k", default="16,18", help="the sample's sizes 2^k (default 16,18)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sample-skip", type=int, default=0, help="start past this many codes of the shuffled list (a shared sample)"
    )
    ns = parser.parse_args()
    binary = build(ns.source)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"native: {binary} (g++ -O3 -march=native, one thread)")
    subprocess.run(command("grundy", 13, 0), check=True, capture_output=True)  # numba's cache filled, uint8
    subprocess.run(command("0.04", 13, 0), check=True, capture_output=True)  # and uint16
    walls = [timed(command("grundy", 12, 0))[0] for _ in range(ns.repeat)]
    print(
        f"start-up (a sprague process valuing 2^12 heaps of Grundy's game): min {min(walls):.2f} s, "
        f"median {statistics.median(walls):.2f} s; load {os.getloadavg()[0]:.1f}"
    )
    print()
    print(
        "| row | load | native wall min / median (CPU) | sprague wall min / median (CPU) | wall ratio | CPU ratio "
        "| native / sprague peak MB |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in filter(None, ns.rows.split(",")):
        game, k = row.split(":")[0], int(row.split(":")[1])
        name = moves_of(game)[0]
        load = os.getloadavg()[0]
        natives, mine = [], []
        for _ in range(ns.repeat):  # interleaved
            natives.append(timed([str(binary), name], until=f"n=2^{k} "))
            mine.append(timed(command(game, k, ns.threads)))
        line = natives[0][3]
        check(line, json.loads(mine[0][3].strip().splitlines()[-1]), k)
        if ns.check:
            found = LINE.match(line)
            assert found, line
            # in a process of its own: this one's peak memory would be the floor of the next rows' children
            call = f"rare_under({game!r}, {k}, {int(found[4], 16)}, {bool(found[5])})"
            check(line, json.loads(subprocess.run(python(call), capture_output=True, text=True, check=True).stdout), k)
        a, b = min(natives), min(mine)
        print(
            f"| {game} 2^{k} | {load:.1f} | {a[0]:.2f} / {statistics.median(x[0] for x in natives):.2f} ({a[1]:.1f}) "
            f"| {b[0]:.2f} / {statistics.median(x[0] for x in mine):.2f} ({b[1]:.1f}) | {b[0] / a[0]:.2f} "
            f"| {b[1] / a[1]:.2f} | {a[2]:.0f} / {b[2]:.0f} |",
            flush=True,
        )
    if ns.sample:
        sample(binary, ns.sample, [int(k) for k in ns.sample_k.split(",")], ns.seed, ns.threads, ns.sample_skip)


if __name__ == "__main__":
    main()
