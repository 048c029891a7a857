"""Small questions, timed as a user runs them: fresh processes, the command line, numba loaded or not.

Run: ``python benchmarks/small.py`` (about a minute). Every row is a fresh
``sprague`` process (the console script beside this Python), run ``--repeat``
times after one untimed run (so the compiled kernels are in their cache: warm);
min and median wall seconds are printed. Then the crossovers behind the tunables
of ``sprague.kernels.config``: the same question by the plain-Python path and by the
kernel (numba loaded in that process), each in a fresh process -- an
algorithm-and-start-up comparison, not compiled against interpreted code alone.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPRAGUE = str(Path(sys.executable).with_name("sprague"))
# this checkout, with bytecode cached as an installed package has it (pip compiles it at install)
ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPATH": str(HERE.parent / "src"),
}

#: (command, goal in seconds) of issue 18
COMMANDS = [
    (["value", "nim", "3", "5", "6"], 0.15),
    (["value", "grundys-game", "1000"], 0.3),
    (["table", "single-delete", "--heaps", "3", "--max", "12", "--no-cache"], None),
    (["sequence", "grundys-game", "--to", "5000", "--no-cache"], None),
]


def wall(argv: list[str], repeat: int) -> tuple[float, float]:
    """Min and median wall seconds of ``argv`` run ``repeat`` times (after one untimed run)."""
    subprocess.run(argv, capture_output=True, env=ENV, check=True)
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=ENV, check=True)
        times.append(time.perf_counter() - began)
    return min(times), statistics.median(times)


def commands(repeat: int = 7) -> None:
    print("| command (fresh process, warm kernel cache) | min | median | goal |\n|---|---|---|---|")
    low, mid = wall([sys.executable, "-c", "import numpy"], repeat)
    print(
        f"| `python -c 'import numpy'` (the floor: Python and NumPy, which sprague needs) | {low:.3f} s | "
        f"{mid:.3f} s | - |"
    )
    for argv, goal in COMMANDS:
        low, mid = wall([SPRAGUE, *argv], repeat)
        print(f"| `sprague {' '.join(argv)}` | {low:.3f} s | {mid:.3f} s | {f'{goal} s' if goal else '-'} |")


_QUESTION = """
import sys, time
began = time.perf_counter()
import sprague
from sprague.cache import using
from sprague.kernels import config
from sprague.kernels.jit import make_kernels
what, size, heaps, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if path == "kernel":  # numba loaded first, and no plain-Python path
    make_kernels()
    config.TAKE_BREAK_PYTHON_STEPS = config.BOX_PYTHON_WORK = -1
else:  # the plain-Python path whatever the size
    config.TAKE_BREAK_PYTHON_STEPS = config.BOX_PYTHON_WORK = 10**18
with using(False):
    if what == "sequence":
        sprague.ruleset("grundys-game").sequence(size)
    else:
        sprague.ruleset("single-delete").table(size, heaps=heaps, values="grundy")
print(time.perf_counter() - began)
"""


def inside(code: str, args: list[str], repeat: int) -> tuple[float, float]:
    """Min and median of the seconds a fresh process prints (start-up, imports and the question)."""
    times = []
    for _ in range(repeat + 1):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=ENV, check=True)
        times.append(float(done.stdout.split()[-1]))
    times = times[1:]  # the first run fills the kernel cache
    return min(times), statistics.median(times)


def crossovers(repeat: int = 3) -> None:
    print(
        "\n| question (fresh process) | plain Python/NumPy path: min / median | kernel with numba to load: "
        "min / median |\n|---|---|---|"
    )
    for n in (1000, 3000, 6000, 9000):
        py = inside(_QUESTION, ["sequence", str(n), "1", "python"], repeat)
        jit = inside(_QUESTION, ["sequence", str(n), "1", "kernel"], repeat)
        print(f"| Grundy's game, G(0..{n - 1}) | {py[0]:.3f} / {py[1]:.3f} s | {jit[0]:.3f} / {jit[1]:.3f} s |")
    for heaps, hi in ((3, 20), (4, 16), (4, 20), (4, 24)):
        py = inside(_QUESTION, ["table", str(hi), str(heaps), "python"], repeat)
        jit = inside(_QUESTION, ["table", str(hi), str(heaps), "kernel"], repeat)
        print(
            f"| single-delete Grundy table, {heaps} heaps <= {hi} | {py[0]:.3f} / {py[1]:.3f} s | "
            f"{jit[0]:.3f} / {jit[1]:.3f} s |"
        )


def main() -> None:
    commands()
    crossovers()


if __name__ == "__main__":
    main()
