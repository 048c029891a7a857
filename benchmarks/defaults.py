"""Which questions the default limits answer: the project's test data and the issue-32 examples, asked as a user would.

Each request is one ``sprague`` command line, run in a fresh process with the default limits; a request refused
there is run again with every limit raised, to learn how much CPU it really takes. The table counts the requests
that take at most ``--seconds`` (10) of CPU and says how many of them the defaults answer. Run it against any
checkout (``--src DIR`` puts ``DIR/src`` first on the path) to compare two versions; what a refused request costs is
always measured by this checkout, whose limits can all be raised:

    python benchmarks/defaults.py                      # this checkout
    python benchmarks/defaults.py --src /tmp/old-main  # another one

The requests: every worked position of the seed papers recorded in tests/data/delete_examples.json (Abuku &
Suetsugu, Delete Nim; Shinoda, Single-delete Nim) and tests/data/handout.json (Rodriguez-Villegas' handout), the
slow examples of issue 32, and a fixed sample (seed 32) of multi-heap positions of the games whose values are
searched (half-delete, k-delete, single-delete, misère sums of octal games).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CPU_CAP = 30  #: CPU seconds a run may take: well past the 10 s asked about, so past it is "more than 10 s"
RAISED = ["--max-positions", str(10**10)]  # on commands that have it
RAISED_WORK = ["--max-work", str(10**12), "--max-memory", "12000"]


def requests() -> list[list[str]]:
    """The command lines asked, each a list of arguments to ``sprague``."""
    out: list[list[str]] = []
    for ex in json.loads((DATA / "delete_examples.json").read_text())["examples"]:
        out.append(["value", ex["ruleset"], *map(str, ex["position"])])
    handout = json.loads((DATA / "handout.json").read_text())
    for key in ("nim", "issue_examples"):
        for ex in handout[key]:
            out.append(["value", "nim", *map(str, ex["position"])])
    out += [  # issue 32's examples
        ["value", "half-delete", "5", "5", "5", "8", "9", "12"],
        ["value", "takebreak", "-p", "code=4.7", "3", "4", "6", "20", "--misere"],
        ["value", "takebreak", "-p", "code=4.7", "1", "1", "2", "2", "3", "3", "4", "13", "--misere"],
        ["sequence", "kayles", "--to", "60", "--misere", "--quiet"],
        ["quotient", "0.07", "--max-heap", "30"],
        ["moves", "square-but-one", "1000000"],
        ["moves", "green-hackenbush", *(f"0-{i}" for i in range(1, 1001))],
        ["value", "grundys-game", *map(str, range(1, 300)), "--misere"],
        ["sequence", "octal", "-p", "code=0.127", "--to", "93162", "--quiet"],
    ]
    rng = random.Random(32)
    for _ in range(12):
        out.append(["value", "half-delete", *map(str, sorted(rng.randint(1, 12) for _ in range(6)))])
        out.append(["value", "k-delete", "-p", "k=2", *map(str, sorted(rng.randint(1, 9) for _ in range(6)))])
        out.append(["value", "single-delete", *map(str, sorted(rng.randint(1, 40) for _ in range(4)))])
        code = rng.choice(["0.77", "0.07", "4.7", "0.137"])
        out.append(
            [
                "value",
                "takebreak",
                "-p",
                f"code={code}",
                *map(str, sorted(rng.randint(1, 14) for _ in range(4))),
                "--misere",
            ]
        )
    return out


def run(args: list[str], src: Path) -> tuple[bool, float, str]:
    """Run ``sprague args`` in a fresh process: (answered in whole, CPU seconds of the child, last line of its output).

    An answer with a part "not computed" (a Grundy value left out beside a theorem's outcome) is not whole."""
    env = dict(os.environ, PYTHONPATH=str(src / "src"), SPRAGUE_CACHE_DIR=tempfile.mkdtemp(prefix="sprague-defaults-"))

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_CAP, CPU_CAP + 5))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-m", "sprague", *args], env=env, capture_output=True, text=True, preexec_fn=cap
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    text = (proc.stdout.strip() or proc.stderr.strip()).splitlines()
    # a part left out is no answer
    whole = proc.returncode == 0 and not any(w in proc.stdout for w in ("not computed", "stopped"))
    return whole, cpu, (text[-1] if text else "")[:100]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", type=Path, default=ROOT, help="checkout whose src/ is run (default: this one)")
    parser.add_argument("--seconds", type=float, default=10.0, help="what counts as a question of seconds")
    parser.add_argument("--verbose", action="store_true", help="one line a request")
    args = parser.parse_args()
    quick = answered = 0
    reqs = requests()
    for req in reqs:
        ok, cpu, last = run(req, args.src)
        if not ok:  # its true cost, measured by this checkout (which has the budgets) with every limit raised
            done, cpu, _ = run(req + RAISED_WORK + RAISED, ROOT)
            if not done:
                cpu = float("inf")
        quick += cpu <= args.seconds
        answered += ok and cpu <= args.seconds
        if args.verbose:
            print(f"{'answered' if ok else 'refused ':9} {cpu:7.2f} s  {' '.join(req)[:70]}  | {last}")
    print(
        f"{len(reqs)} requests; {quick} take at most {args.seconds:g} s of CPU; the defaults answer {answered} of "
        f"them ({args.src})"
    )


if __name__ == "__main__":
    main()
