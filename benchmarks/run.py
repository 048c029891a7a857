"""The tables of docs/reference/performance.md, in one run: every row timed several times, each ratio labelled.

Run: ``python benchmarks/run.py`` (about 15 minutes; ``--quick`` skips the longest
rows, ``--big`` adds 5-heap tables of heaps <= 128, some 20 more minutes). It prints
the machine first, then Markdown tables. Every timed row runs ``--repeat`` times
(default 3; the longest rows 2) with the results cache off, and shows the min and
the median. A ratio divides the reference's min by sprague's min, both measured in
this run on the same input, and says what it compares:

- **compiled vs interpreted**: the same algorithm, numba against plain Python;
- **algorithm vs algorithm**: two methods, both compiled;
- **compiled + algorithm**: sprague's compiled method against the textbook
  recursion in plain Python (both at once: not a measure of either alone);
- **against copying the same array in NumPy**: the memory floor of writing the
  values (below 1x: slower than a copy, as a computed value must be);
- **compiled vs compiled**: Grundy's game against J. Czajka's native analyser,
  when ``benchmarks/native.py`` has built it (the same algorithm in C++).

``benchmarks/small.py`` (fresh processes: small questions, crossovers) is run at
the end; ``benchmarks/verify.py`` covers ``sprague verify``, ``benchmarks/records.py``
long sequence records.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import sys
import time
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

import sprague
import sprague.cache
from sprague.kernels.heap import subtraction_sequence

COMPILED = "compiled vs interpreted"
ALGORITHM = "algorithm vs algorithm"
BOTH = "compiled + algorithm"
FLOOR = "against copying the same array in NumPy (a read and a write a value: the memory floor)"
NATIVE = "compiled vs compiled: the same algorithm, J. Czajka's C++ analyser on one thread (benchmarks/native.py)"
REPEAT = 3


def plain_subtraction(S: tuple[int, ...], n: int) -> list[int]:
    """The best plain-Python loop we know: a list, and a mex over a small set per value."""
    g = [0] * n
    for m in range(n):
        seen = {g[m - s] for s in S if s <= m}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def plain_all_but(X: tuple[int, ...], n: int) -> list[int]:
    """All-but(X) by the textbook recursion: the mex over every earlier heap not at a distance in X."""
    g: list[int] = []
    for m in range(n):
        seen = {g[j] for j in range(m) if m - j not in X}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def plain_grundys_game(n: int) -> list[int]:
    """Grundy's game by the O(n^2) recursion: G(m) = mex of G(a) xor G(m - a), 0 < a < m - a."""
    g = [0] * n
    for m in range(n):
        seen = {g[a] ^ g[m - a] for a in range(1, (m + 1) // 2)}
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def plain_single_delete(max_heap: int, heaps: int = 4) -> dict[tuple[int, ...], int]:
    """Grundy values of single-delete Nim by memo over positions in order of total size (options are smaller)."""
    G: dict[tuple[int, ...], int] = {}
    for p in sorted(combinations_with_replacement(range(1, max_heap + 1), heaps), key=sum):
        seen = set()
        for i in range(heaps):
            for j in range(heaps):
                if i != j:
                    rest = [p[k] for k in range(heaps) if k != i and k != j]
                    for x in range(1, p[j] // 2 + 1):
                        seen.add(G[tuple(sorted(rest + [x, p[j] - x]))])
        v = 0
        while v in seen:
            v += 1
        G[p] = v
    return G


def measure(fn: Any, *args: Any, repeat: int = REPEAT) -> tuple[Any, float, float]:
    """``fn(*args)``, and the min and median seconds of ``repeat`` calls."""
    times, result = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - began)
    return result, min(times), statistics.median(times)


def secs(low: float, mid: float) -> str:
    return f"{low:.3f} / {mid:.3f} s" if low < 10 else f"{low:.1f} / {mid:.1f} s"


def ratio_row(
    task: str, bound: str, kind: str, ours: Any, plain: Any, *args: Any, repeat: int = REPEAT, same: Any = None
) -> Any:
    """Time sprague and the reference on the same input, check they agree, print both and the ratio of the mins."""
    fast, fast_lo, fast_mid = measure(ours, *args, repeat=repeat)
    ref, ref_lo, ref_mid = measure(plain, *args, repeat=repeat)
    assert (same or (lambda a, b: list(a) == list(b)))(fast, ref), task
    print(
        f"| {task} | {bound} | {secs(fast_lo, fast_mid)} | {secs(ref_lo, ref_mid)} | {ref_lo / fast_lo:,.0f}x | "
        f"{kind} |"
    )
    return ref


def row(task: str, bound: str, low: float, mid: float, note: str, reference: tuple[float, float] | None = None) -> None:
    """A row timed alone, or against a ``reference`` (min, median seconds) measured in this run: the ratio of mins."""
    if reference is None:
        print(f"| {task} | {bound} | {secs(low, mid)} | - | - | {note} |")
    else:
        print(f"| {task} | {bound} | {secs(low, mid)} | {secs(*reference)} | {reference[0] / low:,.2f}x | {note} |")


def copy_floor(values: np.ndarray) -> tuple[float, float]:
    """The min and median seconds NumPy takes to copy ``values`` (the floor of writing an array that size)."""
    _, low, mid = measure(values.copy)
    return low, mid


def native_run(e: int, repeat: int) -> tuple[tuple[float, float], int] | None:
    """The native analyser valuing 2^e heaps of Grundy's game as a process, min and median seconds, and the largest
    value it prints; None when it is not built (``python benchmarks/native.py`` builds it)."""
    import native

    binary = native.HOME / "czajka-analyze"
    if not binary.exists():
        return None
    runs = [native.timed([str(binary), "grundy"], until=f"n=2^{e} ") for _ in range(repeat)]
    found = native.LINE.match(runs[0][3])
    assert found, runs[0][3]
    walls = [r[0] for r in runs]
    return (min(walls), statistics.median(walls)), int(found[3])


def machine() -> None:
    """What the numbers were measured on."""
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next(line.split(":", 1)[1].strip() for line in fh if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        memory = f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB"
    except (ValueError, OSError, AttributeError):
        memory = "?"
    import numba

    print(
        f"machine: {cpu}, {os.cpu_count()} cores, {memory} RAM; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, NumPy {np.__version__}, numba {numba.__version__}; "
        f"load average {os.getloadavg()[0]:.2f} at the start\n"
    )


def main(quick: bool = False, big: bool = False) -> None:
    from sprague.kernels.heap import all_but_sequence

    machine()
    sprague.cache.use(False)
    S = (1, 4, 5)
    moves = np.array(S, dtype=np.int64)
    subtraction_sequence(moves, 10, np.uint8)  # compile (and warm up) outside the timings
    sprague.ruleset("subtraction", S={2, 3}).sequence(10**5)
    all_but_sequence(moves, 10)
    print(
        "| task | bound | sprague: min / median | reference: min / median | ratio of mins | the ratio compares |\n"
        "|---|---|---|---|---|---|"
    )
    ref = ratio_row(
        "subtraction sequence, S = {1,4,5}, kernel (uint8 values)",
        "n = 10^6",
        COMPILED,
        lambda n: subtraction_sequence(moves, n, np.uint8),
        lambda n: plain_subtraction(S, n),
        10**6,
    )
    ratio_row(
        "subtraction sequence, ruleset.sequence(n): certified period, then filled",
        "n = 10^6",
        BOTH,
        lambda n: sprague.ruleset("subtraction", S=set(S)).sequence(n),
        lambda n: plain_subtraction(S, n),
        10**6,
    )
    n = 10**8
    computed, low, mid = measure(subtraction_sequence, moves, n, np.uint8)
    floor = copy_floor(computed)
    rate = f"{n / low / 1e6:.0f} M values/s"
    row("subtraction sequence, kernel (uint8 values)", "n = 10^8", low, mid, f"{rate}; {FLOOR}", floor)
    filled, low, mid = measure(lambda: sprague.ruleset("subtraction", S=set(S)).values(n))  # a fresh ruleset each time
    assert filled[: 10**6].tolist() == ref
    rate = f"{n / low / 1e6:.0f} M values/s"
    row("subtraction sequence, certified period then filled", "n = 10^8", low, mid, f"{rate}; {FLOOR}", floor)
    X = (4, 8)
    ratio_row(
        "all-but sequence, X = {4,8}: O(|X|^2) a value, against the O(n) recursion",
        "n = 5,000",
        BOTH,
        lambda n: all_but_sequence(np.array(X, dtype=np.int64), n),
        lambda n: plain_all_but(X, n),
        5000,
    )
    grundys_game(quick)
    single_delete(quick)
    tables(quick, big)
    huge_heaps()
    import small

    small.main()


def _naive_kernel(n: int) -> list[int]:
    """Grundy's game by the kernel's naive recursion alone (its prefix stretched to ``n``): compiled, O(n^2)."""
    from sprague.kernels import takebreak_run as tb

    saved = tb.PREFIX
    tb.PREFIX = n
    try:
        g = np.zeros(n, dtype=np.int64)
        list(tb.extend(g, 0, [], [], [0], distinct=True))
        return g.tolist()
    finally:
        tb.PREFIX = saved


def grundys_game(quick: bool) -> None:
    """Grundy's game: the naive recursion compiled and interpreted, then sparse space, then long runs and memory."""
    from sprague.solve.sequence import _take_break_python

    sprague.ruleset("grundys-game").sequence(5000)
    _naive_kernel(3000)  # compile outside the timings
    n = 10**4 if quick else 2 * 10**4
    ratio_row("Grundy's game, the O(n^2) recursion", f"n = {n:,}", COMPILED, _naive_kernel, plain_grundys_game, n)
    ratio_row(
        "Grundy's game, sparse space against the compiled O(n^2) recursion",
        f"n = {n:,}",
        ALGORITHM,
        lambda n: sprague.ruleset("grundys-game").sequence(n).tolist(),
        _naive_kernel,
        n,
    )
    ratio_row(
        "Grundy's game, the plain-Python path of small questions, against the plain loop above",
        f"n = {n:,}",
        "interpreted vs interpreted",
        lambda n: _take_break_python([], n, [], [], [0], True),
        plain_grundys_game,
        n,
    )
    for e, repeat in ((20, REPEAT),) if quick else ((20, REPEAT), (24, 2)):
        values, low, mid = measure(
            lambda: sprague.ruleset("grundys-game").sequence(2**e, 10**10, compact=True), repeat=repeat
        )
        note = f"{2**e / low / 1e6:.2f} M values/s; largest value {values.max()}"
        native = native_run(e, repeat)
        if native is not None:
            assert native[1] == values.max(), (native, values.max())
        row(
            "Grundy's game, all values (sparse space; sprague in process, the native analyser a process)",
            f"n = 2^{e}",
            low,
            mid,
            f"{note}; {NATIVE}" if native else f"{note}; the native analyser is not built: no ratio",
            native[0] if native else None,
        )
    if not quick:
        memory()


#: the peak resident memory of this process (VmHWM: ru_maxrss would start at the parent's, kept across exec)
_HWM = """
def peak_kb():
    try:
        with open("/proc/self/status") as fh:
            return int(next(line.split()[1] for line in fh if line.startswith("VmHWM:")))
    except (OSError, StopIteration):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""

_PEAK = (
    _HWM
    + """
import sys
import numpy as np
from sprague.cache import using
from sprague.kernels.jit import make_kernels
from sprague.kernels import takebreak_run as tb
make_kernels()
list(tb.extend(np.zeros(3000, dtype=np.int64), 0, [], [], [0], distinct=True))  # the kernels loaded and run
base = peak_kb()
import sprague
with using(False):
    values = sprague.ruleset("grundys-game").sequence(int(sys.argv[1]), 10**10, compact=True)
print(base, peak_kb(), values.dtype, values.nbytes)
"""
)


def memory() -> None:
    """Peak memory of Grundy's game to 2^24 in a fresh process, and what numba and the kernels take before it."""
    done = subprocess.run([sys.executable, "-c", _PEAK, str(2**24)], capture_output=True, text=True, check=True)
    base, peak, dtype, nbytes = done.stdout.split()
    print(
        f"| Grundy's game to 2^24, peak memory (fresh process, VmHWM) | n = 2^24 | {int(peak) / 1024:.0f} MB | "
        f"- | - | of which {int(base) / 1024:.0f} MB before any value (Python, NumPy, numba, the loaded kernels); "
        f"the values: {dtype}, {int(nbytes) / 2**20:.0f} MB |"
    )


def single_delete(quick: bool) -> None:
    """4-heap tables of single-delete Nim (004): the retrograde sieve, search in rank order, plain Python."""
    from sprague.kernels import box
    from sprague.solve.box import Box
    from sprague.solve.tabulate import kernel_shapes

    r = sprague.ruleset("single-delete")
    shapes = kernel_shapes(r, 4)
    b = Box(4, 1, 128)
    (
        r.table(30, heaps=4),
        r.table(30, heaps=4, values="outcome"),
        box.fill_table(4, 1, 12, shapes, Box(4, 1, 12).binom, Box(4, 1, 12).size, True),
    )
    ratio_row(
        "single-delete, 4 heaps, P/N table: retrograde sieve against search in rank order",
        f"heaps <= 128 ({b.size:,})",
        ALGORITHM,
        lambda: r.table(128, 4, "outcome").values,
        lambda: box.fill_table(4, 1, 128, shapes, b.binom, b.size, False),
        same=np.array_equal,
    )
    m = 24 if quick else 40
    small = Box(4, 1, m)
    ours, low, mid = measure(box.fill_table, 4, 1, m, shapes, small.binom, small.size, True)
    plain, plain_low, plain_mid = measure(plain_single_delete, m, repeat=2)
    assert ours.tolist() == [plain[p] for p in map(tuple, small.positions().tolist())]
    print(
        f"| single-delete, 4 heaps, Grundy table: search in rank order against the plain-Python memo | "
        f"heaps <= {m} ({small.size:,}) | {secs(low, mid)} | {secs(plain_low, plain_mid)} | "
        f"{plain_low / low:,.0f}x | {COMPILED} |"
    )
    ratio_row(
        "single-delete, 4 heaps, Grundy table: the split memo against search option by option",
        f"heaps <= 64 ({Box(4, 1, 64).size:,})",
        ALGORITHM,
        lambda: r.table(64, 4).values,
        lambda: box.fill_table(4, 1, 64, shapes, Box(4, 1, 64).binom, Box(4, 1, 64).size, True),
        same=np.array_equal,
    )


def _timed_report(name: str, heaps: int, hi: int, values: str) -> tuple[float, float]:
    """``sprague table NAME --heaps K --max M`` as the command runs it (the report), and the kernel's part of it."""
    from sprague.present.reports import heap_table_report
    from sprague.solve import box as solve_box

    spent = [0.0]
    truth = solve_box.Box.truth

    def timed_truth(self: Any, *args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return truth(self, *args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - began

    solve_box.Box.truth = timed_truth  # type: ignore[method-assign]
    try:
        began = time.perf_counter()
        heap_table_report(sprague.ruleset(name), hi, heaps, values, max_positions=10**9)
        return time.perf_counter() - began, spent[0]
    finally:
        solve_box.Box.truth = truth  # type: ignore[method-assign]


_BIG = (
    _HWM
    + """
import sys, time
began = time.perf_counter()
from sprague.cli import main
status = main(["table", "single-delete", "--heaps", sys.argv[1], "--max", sys.argv[2], "--values", sys.argv[3],
               "--no-cache", "--quiet", "--max-positions", "1000000000"])
print(status, time.perf_counter() - began, peak_kb())
"""
)


def tables(quick: bool, big: bool) -> None:
    """Big tables as ``sprague table`` makes them: the kernel's share of the time; on Dask; 5 heaps with --big."""
    print(
        "\n| `sprague table single-delete --heaps K --max M` (in process, kernels loaded) | positions | "
        "whole report: min / median | kernel | outside the kernel |\n|---|---|---|---|---|"
    )
    for heaps, hi, values in ((4, 128, "outcome"), (4, 128, "grundy")) + (() if quick else ((5, 64, "grundy"),)):
        runs = [_timed_report("single-delete", heaps, hi, values) for _ in range(REPEAT)]
        whole = [w for w, _ in runs]
        low = min(range(len(runs)), key=lambda i: whole[i])
        kernel = runs[low][1]
        from math import comb

        print(
            f"| --heaps {heaps} --max {hi} --values {values} | {comb(hi + heaps - 1, heaps):,} | "
            f"{secs(min(whole), statistics.median(whole))} | {kernel:.2f} s | "
            f"{(whole[low] - kernel) / whole[low]:.0%} |"
        )
    dask()
    if big:
        print("\n| `sprague table single-delete` (fresh process) | wall | peak memory (VmHWM) |\n|---|---|---|")
        for values in ("outcome", "grundy"):
            done = subprocess.run(
                [sys.executable, "-c", _BIG, "5", "128", values], capture_output=True, text=True, check=True
            )
            status, seconds, peak = done.stdout.split()[-3:]
            assert status == "0", done.stderr
            print(
                f"| --heaps 5 --max 128 --values {values} (309,319,296 positions) | {float(seconds):.1f} s | "
                f"{int(peak) / 2**20:.2f} GB |"
            )  # peak in kB


def dask() -> None:
    """The same Grundy table by one process (rank order) and on a 2-process LocalCluster (level by level)."""
    try:
        from dask.distributed import LocalCluster
    except ImportError:
        print("\n(dask[distributed] is not installed: no Dask row)")
        return
    from sprague.kernels import box
    from sprague.solve.box import Box
    from sprague.solve.tabulate import kernel_shapes

    r = sprague.ruleset("abo-delete")
    shapes = kernel_shapes(r, 4)
    b = Box(4, 1, 40)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        r.table(12, heaps=4, values="grundy", scheduler=address)  # the workers load the kernels
        print(
            "\n| abo-delete, 4 heaps <= 40, Grundy table | positions | min / median | ratio | the ratio compares |"
            "\n|---|---|---|---|---|"
        )
        alone, low, mid = measure(box.fill_table, 4, 1, 40, shapes, b.binom, b.size, True)
        print(f"| one process, search in rank order | {b.size:,} | {secs(low, mid)} | 1x | - |")
        spread, d_low, d_mid = measure(lambda: r.table(40, heaps=4, values="grundy", scheduler=address).values)
        assert np.array_equal(spread, alone)
        print(
            f"| LocalCluster of 2 processes, search level by level | {b.size:,} | {secs(d_low, d_mid)} | "
            f"{low / d_low:.2f}x | 2 processes against 1, the same search (2 cores) |"
        )


HUGE = [
    ("nim", {}, 4),
    ("single-delete", {}, 4),
    ("vdn", {}, 2),
    ("delete-nim", {}, 2),
    ("abo-delete", {}, 4),
    ("nmth-delete", {}, 4),
    ("half-delete", {}, 4),
    ("fraction-delete", {"k": 3}, 6),
    ("cyclic-nimhoff", {"h": 3}, 3),
    ("subtraction", {"S": {1, 4, 5}}, 3),
    ("all-but", {"S": {4, 8}}, 3),
    ("octal", {"code": "0.137"}, 3),
]


def huge_heaps() -> None:
    """A closed-form outcome and a winning move from positions of 1000-digit heaps (mean of 20 calls each)."""
    rnd = random.Random(1)
    print(
        "\n| ruleset | heaps of 1000 digits | outcome (target 1 ms) | winning move (target 10 ms) |\n|---|---|---|---|"
    )
    for name, params, k in HUGE:
        r = sprague.ruleset(name, **params)
        pos = tuple(rnd.randrange(10**999, 10**1000) for _ in range(k))
        if r.outcome(pos) == "P":  # a winning move needs an N-position: change one heap
            pos = (pos[0] + 1,) + pos[1:]
        outcome = r.outcome(pos)
        _, out_s, _ = measure(lambda: [r.outcome(pos) for _ in range(20)], repeat=1)
        _, move_s, _ = measure(lambda: [r.winning_move(pos) for _ in range(20)], repeat=1)
        move = r.winning_move(pos)
        assert outcome == "P" or (move is not None and r.outcome(move) == "P" and r.is_move(pos, move))
        print(f"| {r.describe()} | {k} ({outcome}) | {out_s / 20 * 1e3:.3f} ms | {move_s / 20 * 1e3:.3f} ms |")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:], big="--big" in sys.argv[1:])
