"""sprague without numba (as on Pyodide in a browser): the kernels run as plain Python and answer right.

A child process blocks numba (``sys.modules["numba"] = None``, so ``import numba`` raises ImportError, as
where it is not installed) and FastAPI, imports the web handlers and answers a few requests whose
work goes through the kernels (cram's bitboard search, the take-and-break kernels); this process checks
the answers against brute force from the rules (``tests/naive.py``).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import naive

ROOT = Path(__file__).resolve().parents[2]

REQUESTS = [
    ("value", {"ruleset": "nim", "position": [3, 4, 5]}),
    ("moves", {"ruleset": "nim", "position": [3, 4, 5]}),
    ("moves", {"ruleset": "cram", "position": ["...", "...", "..."]}),
    ("moves", {"ruleset": "cram", "position": ["....", ".#..", "...."]}),
    ("value", {"ruleset": "cram", "position": ["....", "....", "...."]}),
    ("sequence", {"ruleset": "octal", "params": {"code": "0.137"}, "to": 80}),
    ("sequence", {"ruleset": "grundy", "to": 80}),
]

# The child: numba and FastAPI blocked (the handlers need pydantic only; sprague.web imports its app lazily)
CHILD = """
import json, sys
for name in ("numba", "llvmlite", "fastapi", "uvicorn", "starlette"):
    sys.modules[name] = None
from sprague.web.handlers import handle
from sprague.kernels import jit
answers = [json.loads(handle(e, json.dumps(body).encode(), 1_000_000)[1]) for e, body in json.load(sys.stdin)]
print(json.dumps({"answers": answers, "plain": jit._numba is jit._PLAIN, "made": jit.kernels_made()}))
"""


@functools.cache
def _answers() -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    env["SPRAGUE_CACHE_DIR"] = "/nonexistent-sprague-cache"  # the handlers run with no results cache anyway
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        input=json.dumps(REQUESTS),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def cram_moves(rows: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Cram from the rules: place a domino on two empty cells side by side or one above the other."""
    grid = [list(r) for r in rows]
    out = []
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            if cell != ".":
                continue
            for di, dj in ((0, 1), (1, 0)):
                k, m = i + di, j + dj
                if k < len(grid) and m < len(row) and grid[k][m] == ".":
                    new = [r[:] for r in grid]
                    new[i][j] = new[k][m] = "#"
                    out.append(tuple("".join(r) for r in new))
    return out


def _check_options(answer: dict[str, object], moves: naive.Moves, key: object) -> None:
    options = answer["options"]
    assert isinstance(options, list)
    assert answer["all_options_listed"] is True
    assert sorted(key(o["position"]) for o in options) == sorted(moves(key(answer["position"])))
    for o in options:
        assert o["grundy"] == naive.grundy(moves, key(o["position"])), o
        assert o["winning"] is (o["grundy"] == 0)


def test_the_kernels_run_as_python_without_numba() -> None:
    got = _answers()
    assert got["plain"] is True  # numba could not be imported: the kernels were left as Python functions
    assert got["made"] is False  # and the callers that ask keep to their Python paths


def test_nim_without_numba_against_brute_force() -> None:
    value, moves = _answers()["answers"][:2]  # type: ignore[index]
    assert value["grundy"] == naive.grundy(naive.nim_moves, (3, 4, 5)) == 2
    assert moves["grundy"] == value["grundy"]
    _check_options(moves, naive.nim_moves, tuple)


def test_cram_without_numba_against_brute_force() -> None:
    answers = _answers()["answers"][2:5]  # type: ignore[index]
    for answer in answers:
        position = tuple(answer["position"])
        assert answer["grundy"] == naive.grundy(cram_moves, position), position
        assert answer["outcome"] == naive.outcome(cram_moves, position)
    for answer in answers[:2]:
        _check_options(answer, cram_moves, tuple)


def test_take_and_break_sequences_without_numba_against_brute_force() -> None:
    octal, grundys = _answers()["answers"][5:7]  # type: ignore[index]
    assert octal["values"] == naive.octal_sequence([0, 1, 3, 7], 81)  # heaps 0..80
    assert grundys["values"] == naive.grundys_game_sequence(81)


def test_the_stand_in_for_numba_leaves_functions_as_they_are() -> None:
    from sprague.kernels import jit

    def f(x: int) -> int:
        return x + 1

    assert jit._PLAIN.njit(f) is f  # @njit
    assert jit._PLAIN.njit(cache=True, nogil=True)(f) is f  # @njit(cache=True, ...)
