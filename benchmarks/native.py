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
    "0.04": ("0.04", [], [], [2], False),
    "0.06": ("0.06", [], [2], [2], False),
    "0.007": ("0.007", [2], [2], [2], False),
}
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


def one(game: str, k: int, threads: int) -> dict[str, Any]:
    """Value ``2^k`` heaps in this process (the sprague side); what the native line would print."""
    import numpy as np

    from sprague.kernels import takebreak_run as tr

    _, *moves = GAMES[game]
    run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), 1 << k, threads=threads or None)  # type: ignore[arg-type]
    for _ in run.extend():
        pass
    g = run.values
    return {"largest": int(np.argmax(g)), "max": int(g.max()), "values": g.tobytes().hex() if k <= 12 else ""}


def check(native: str, mine: dict[str, Any], k: int) -> None:
    """sprague's values against the native line: largest value and where, rare count and last under its mask."""
    import numpy as np

    found = LINE.match(native)
    assert found and int(found[1]) == k, native
    largest, value = int(found[2]), int(found[3])
    assert (mine["largest"], mine["max"]) == (largest, value), (native, mine)
    if found[5] or "rare" not in mine:  # a mask with the heap's parity: not compared
        return
    g = np.frombuffer(bytes.fromhex(mine["rare"]), dtype=np.int64)
    assert (len(g), int(g[-1]) if len(g) else 0) == (int(found[6]), int(found[7])), (native, len(g))


def rare_under(game: str, k: int, mask: int) -> dict[str, Any]:
    """Heap 0 and the heaps of sprague's values rare under the native ``mask`` (to compare with its count)."""
    import numpy as np

    from sprague.kernels import takebreak_run as tr
    from sprague.kernels.takebreak_work import rare_positions

    _, *moves = GAMES[game]
    run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), 1 << k)  # type: ignore[arg-type]
    for _ in run.extend():
        pass
    rare = np.concatenate([[0], rare_positions(run.values, mask)]).astype(np.int64)
    return {"largest": int(np.argmax(run.values)), "max": int(run.values.max()), "rare": rare.tobytes().hex()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=SOURCE, help="git URL or local clone of the native analyser")
    parser.add_argument("--rows", default=ROWS, help=f"game:k pairs (2^k heaps), of {', '.join(GAMES)}")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0, help="sprague's threads (0: its own choice)")
    parser.add_argument("--check", action="store_true", help="check every row's values against the native line")
    ns = parser.parse_args()
    binary = build(ns.source)
    bench = str(Path(__file__).parent)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"native: {binary} (g++ -O3 -march=native, one thread)")
    warm = [
        sys.executable,
        "-c",
        f"import sys; sys.path.insert(0, {bench!r}); import native; native.one('grundy', 13, 0)",
    ]
    subprocess.run(warm, check=True)  # numba's cache filled, for uint8 values
    subprocess.run(warm[:-1] + [warm[-1].replace("'grundy', 13", "'0.04', 13")], check=True)  # and uint16
    start = [
        sys.executable,
        "-c",
        f"import sys; sys.path.insert(0, {bench!r}); import native; native.one('grundy', 12, 0)",
    ]
    walls = [timed(start)[0] for _ in range(ns.repeat)]
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
    for row in ns.rows.split(","):
        game, k = row.split(":")[0], int(row.split(":")[1])
        name = GAMES[game][0]
        load = os.getloadavg()[0]
        natives, mine = [], []
        for _ in range(ns.repeat):
            natives.append(timed([str(binary), name], until=f"n=2^{k} "))
            command = [
                sys.executable,
                "-c",
                f"import sys, json; sys.path.insert(0, {bench!r}); import native; "
                f"print(json.dumps(native.one({game!r}, {k}, {ns.threads})))",
            ]
            mine.append(timed(command))
        line = natives[0][3]
        result = json.loads(mine[0][3].strip().splitlines()[-1])
        check(line, result, k)
        if ns.check:
            mask = int(LINE.match(line)[4], 16)  # type: ignore[index]
            check(line, rare_under(game, k, mask), k)
        a, b = min(natives), min(mine)
        print(
            f"| {game} 2^{k} | {load:.1f} | {a[0]:.2f} / {statistics.median(x[0] for x in natives):.2f} ({a[1]:.1f}) "
            f"| {b[0]:.2f} / {statistics.median(x[0] for x in mine):.2f} ({b[1]:.1f}) | {b[0] / a[0]:.2f} "
            f"| {b[1] / a[1]:.2f} | {a[2]:.0f} / {b[2]:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
