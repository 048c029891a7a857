"""``sprague warm-up``: every kernel module compiled into the cache directory, none into the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sprague

SRC = Path(sprague.__file__).resolve().parents[1]
MODULES = ["takebreak", "takebreak_generic", "heap", "subtract", "turning", "rays", "box", "retro"]


@pytest.mark.slow  # compiles every kernel from nothing: half a minute or more
@pytest.mark.timeout(600)
def test_warm_up_compiles_every_kernel_module_into_the_cache_directory(tmp_path):
    before = {p: p.stat().st_mtime for p in SRC.joinpath("sprague").rglob("*.nb*")}
    env = {**os.environ, "PYTHONPATH": str(SRC), "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    done = subprocess.run(
        [sys.executable, "-m", "sprague", "warm-up"], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"compiling the kernels into {tmp_path / 'numba'}"
    from sprague.warmup import JOBS

    for name, _ in JOBS:
        assert any(line.endswith(f"s  {name}") for line in lines), name
    assert lines[-1].startswith("done in ")
    cached = {p.name.split(".")[0] for p in (tmp_path / "numba").rglob("*.nbi")}
    assert set(MODULES) <= cached, set(MODULES) - cached
    after = {p: p.stat().st_mtime for p in SRC.joinpath("sprague").rglob("*.nb*")}
    assert after == before  # nothing written into the source tree
