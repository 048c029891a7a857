"""The take-and-break kernels compiled ahead of time (:mod:`sprague.kernels.aot`), built into a temporary
directory: a run that loads them gives the values of tests/naive.py, on one worker and on two, for values kept in
uint8, uint16 and uint32, and imports no numba; a module built for other sources is not loaded. Slow: the build
takes some 15 s to a minute."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_takebreak import GRUNDY, octal_digits, octal_moves

import naive
from sprague.kernels import aot

pytestmark = pytest.mark.slow

N = 3000
CODES = ["grundy", "0.6", "0.04", "4.07"]

SCRIPT = """
import json, sys
import numpy as np
from sprague.kernels import aot, config, takebreak_run as tr
assert aot.load() is not None, "the module built was not loaded"
tr.PREFIX = 50  # the sparse kernel from heap 50 on
config.TAKE_BREAK_PIPELINE_FROM = 0  # two workers from the first rare heap on
config.TAKE_BREAK_RETRY = 0  # no timed trials of one thread
cases = json.loads(sys.argv[1])
out = {}
for kind in aot.TYPES:
    tr.value_dtype = lambda top, kind=kind: np.dtype(kind)  # the values kept in this type
    for code, moves in cases.items():
        for threads in (1, 2):
            run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), int(sys.argv[2]), chunk=700, threads=threads)
            list(run.extend())  # the run to its end, chunk by chunk
            assert run.g.dtype == kind, run.g.dtype
            out[f"{kind} {code} {threads}"] = run.values.tolist()
print(json.dumps({"numba": "numba" in sys.modules, "values": out}))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a process that finds the module, built once for the module's tests."""
    env = {**os.environ, "SPRAGUE_AOT_DIR": str(tmp_path_factory.mktemp("aot")), "SPRAGUE_AOT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", "from sprague.kernels import aot; print(aot.build())"],
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,  # a hang guard: the build takes 15-60 s
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert Path(done.stdout.strip()).parent == Path(env["SPRAGUE_AOT_DIR"])
    return env


def test_runs_compiled_ahead_of_time_give_the_naive_values_without_numba(built: dict[str, str]) -> None:
    cases = {code: GRUNDY if code == "grundy" else octal_moves(code) for code in CODES}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(cases), str(N)],
        env=built,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["numba"] is False  # numba never imported
    for code in CODES:
        truth = naive.grundys_game_sequence(N) if code == "grundy" else naive.octal_sequence(octal_digits(code), N)
        for kind in aot.TYPES:
            for threads in (1, 2):
                assert result["values"][f"{kind} {code} {threads}"] == truth, (code, kind, threads)


def test_a_module_built_for_other_sources_is_not_loaded(built: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPRAGUE_AOT_DIR", built["SPRAGUE_AOT_DIR"])
    monkeypatch.setenv("SPRAGUE_AOT", "1")
    monkeypatch.setattr(aot, "_loaded", {})
    assert aot.load() is not None and aot.kernel("rare_table") is not None
    key = aot.key()
    monkeypatch.setattr(aot, "key", lambda: "0" * 16)  # as after an edit of the kernels' sources
    assert aot.load() is None
    monkeypatch.setattr(aot, "key", lambda: key)
    monkeypatch.setenv("SPRAGUE_AOT", "0")  # switched off
    assert aot.load() is None
