"""Count what N malformed ``sprague`` command lines do: tracebacks, internal errors, hangs, wrong exit codes.

The calls come from the grammar in ``tests/cli_grammar.py`` (hypothesis, derandomized: the same calls on
every run, so two versions compare). Each runs as ``python -m sprague.cli ARGS`` in its own process, in a
scratch directory with its own cache directory and standard input closed to reading (/dev/null), and is
killed after BOUND seconds (counted as a hang). Usage, from the repository root::

    python3 benchmarks/fuzz_cli.py [N] [--src DIR]     # DIR: the src/ of the version to try (default ./src)
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from cli_grammar import CATEGORIES, Outcome, calls, judge  # noqa: E402

BOUND = 20.0  # seconds: a call still running then is a hang


def run_one(argv: list[str], src: str) -> Outcome:
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PYTHONPATH": src, "SPRAGUE_CACHE_DIR": os.path.join(scratch, "cache")}
        env.pop("SPRAGUE_DEBUG", None)
        began = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "sprague.cli", *argv],
            cwd=scratch,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(timeout=BOUND)
            status: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            status = None
        return Outcome(argv, status, out, err, time.perf_counter() - began)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, nargs="?", default=400, help="calls to make (default 400)")
    parser.add_argument("--src", default=str(ROOT / "src"), help="the src/ directory of the version to try")
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    cases: list[list[str]] = []

    @settings(
        max_examples=args.n, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(calls)
    def collect(argv: list[str]) -> None:
        cases.append(argv)

    collect()
    began = time.perf_counter()
    with ThreadPoolExecutor(args.concurrency) as pool:
        outcomes = list(pool.map(lambda argv: run_one(argv, os.path.abspath(args.src)), cases))
    elapsed = time.perf_counter() - began
    counts = Counter(judge(o) for o in outcomes)
    print(
        f"{len(outcomes)} command lines in {elapsed:.0f} s ({args.src}, {args.concurrency} at a time, "
        f"bound {BOUND:g} s): " + ", ".join(f"{counts[c]} {c}" for c in CATEGORIES)
    )
    slowest = sorted(outcomes, key=lambda o: -o.seconds)[:3]
    print("slowest: " + "; ".join(f"{o.seconds:.1f} s {' '.join(o.argv)[:80]!r}" for o in slowest))
    for category in CATEGORIES[:4]:
        for o in [o for o in outcomes if judge(o) == category][:5]:
            last = (o.err.strip().splitlines() or [""])[-1]
            print(f"  {category}: sprague {' '.join(o.argv)[:100]!r} -> {o.status}: {last[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
