"""Small questions: answered without numba (plain Python and NumPy), with the values of naive search.

The take-and-break sequence in plain Python (``_take_break_python``) against the rules
(``tests/naive.py``); the NumPy unranking of a box against the compiled listing; and, in
fresh processes, that a command needing no kernel imports no numba, and that the first
kernel call makes every kernel (compiled kernels calling one another by their globals).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naive
import sprague
from sprague.solve.box import Box
from sprague.solve.sequence import _take_break_python

SRC = str(Path(sprague.__file__).resolve().parents[1])


def _digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or 0)] + [int(d) for d in tail]


@pytest.mark.parametrize("code", ["4!.0", "0.137", "0.6", "4.07", "0.16", "0.7777", "0.07", "4.4", "0.4", "0.3"])
def test_plain_python_take_and_break_equals_the_rules(code):
    moves = (
        sprague.ruleset("octal", code=code).take_break_moves()
        if code != "4!.0"
        else sprague.ruleset("grundys-game").take_break_moves()
    )
    assert moves is not None
    truth = naive.grundys_game_sequence(300) if code == "4!.0" else naive.octal_sequence(_digits(code), 300)
    assert _take_break_python([], 300, *moves) == truth
    assert _take_break_python(truth[:100], 300, *moves) == truth  # continues a known prefix


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=5))
def test_plain_python_take_and_break_equals_the_rules_on_random_octal_codes(tail):
    code = "0." + "".join(map(str, tail))
    moves = sprague.ruleset("octal", code=code).take_break_moves()
    assert moves is not None
    assert _take_break_python([], 120, *moves) == naive.octal_sequence([0, *tail], 120)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 3), st.integers(0, 9), st.data())
def test_numpy_unranking_equals_the_compiled_listing(n, lo, extra, data):
    from sprague.kernels import box as kernel

    b = Box(n, lo, lo + extra)
    listed = kernel.positions(n, b.lo, b.hi, b.binom, 0, b.size)
    assert np.array_equal(b.unrank(np.arange(b.size)), listed)
    ranks = np.array(data.draw(st.lists(st.integers(0, b.size - 1), max_size=20)), dtype=np.int64)
    assert np.array_equal(b.unrank(ranks), listed[ranks])
    assert [b.rank(p) for p in b.unrank(ranks).tolist()] == ranks.tolist()


def test_unranking_refuses_a_rank_outside_the_box():
    with pytest.raises(IndexError, match="rank 35 is not in the box of 3 heaps in 0..4: ranks must be in 0..34"):
        Box(3, 0, 4).unrank(np.array([35]))


def _fresh(code: str, **env: str) -> str:
    """Run ``code`` in a fresh interpreter (numba not loaded yet) and return what it prints."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard
        env={**os.environ, "PYTHONPATH": SRC, **env},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["value", "nim", "3", "5", "6"],
        ["value", "grundys-game", "1000"],
        ["table", "single-delete", "--heaps", "3", "--max", "12", "--no-cache"],
        ["sequence", "grundys-game", "--to", "5000", "--no-cache"],
        ["sequence", "nim", "--to", "3000", "--no-cache"],
        ["list"],
    ],
)
def test_commands_that_need_no_kernel_import_no_numba(argv):
    out = _fresh(
        "import sys, io\nfrom sprague.cli import main\nbuf = io.StringIO()\n"
        f"status = main({argv!r}, out=buf)\n"
        "print(status, 'numba' in sys.modules, len(buf.getvalue()) > 0)"
    )
    assert out.split() == ["0", "False", "True"], argv


def test_small_answers_are_those_of_the_kernels():
    """The plain-Python paths and the kernels give the same values (one process each)."""
    python = _fresh(
        "import sprague, sys\n"
        "print(sprague.ruleset('grundys-game').sequence(3000).tolist()[-50:], 'numba' in sys.modules)"
    )
    kernel = _fresh(
        "import sprague\nfrom sprague.kernels.jit import make_kernels\nmake_kernels()\n"
        "print(sprague.ruleset('grundys-game').sequence(3000).tolist()[-50:], True)"
    )
    assert python.replace("False", "True") == kernel
    assert "False" in python
    assert kernel.split("]")[0] + "]" == str(naive.grundys_game_sequence(3000)[-50:])


def test_the_first_kernel_call_makes_every_kernel_and_caches_them_outside_the_source_tree(tmp_path):
    before = {p: p.stat().st_mtime for p in Path(SRC, "sprague", "kernels").rglob("*.nb*")}  # left by old versions
    out = _fresh(
        "import sys\n"
        "from sprague.kernels import box, retro\n"
        "from sprague.kernels.jit import LazyKernel, numba_cache_dir\n"
        "lazy = isinstance(box._unrank, LazyKernel) and isinstance(retro.advance, LazyKernel)\n"
        "print(lazy, 'numba' in sys.modules)\n"
        "import numpy as np\n"
        "b = box.binomials(3, 0, 4)\n"
        "print(box.positions(3, 0, 4, b, 30, 35).tolist()[-1])\n"
        "import numba\n"
        "print(type(retro.advance).__name__, type(box._unrank).__name__, "
        "numba.config.CACHE_DIR == str(numba_cache_dir()))",
        XDG_CACHE_HOME=str(tmp_path),
        NUMBA_CACHE_DIR="",
    )
    assert out.splitlines() == ["True False", "[4, 4, 4]", "CPUDispatcher CPUDispatcher True"]
    assert any(tmp_path.joinpath("sprague", "numba").rglob("*.nbi")), "no compiled kernel was cached"
    after = {p: p.stat().st_mtime for p in Path(SRC, "sprague", "kernels").rglob("*.nb*")}
    assert after == before, "compiled kernels went into the source tree"
