"""Plugins: a Half-Nim package built and installed here shows up everywhere, with no edit to sprague.

The package declares one ruleset (``sprague.rulesets``) and one theorem
(``sprague.theorems``) as entry points; installed with pip into a directory of
its own, it must appear in ``sprague list``, ``sprague verify --list`` and
``/api/rulesets`` (the web page's list), and ``sprague verify`` must prove its
theorem, and a claim given with ``--claim``, by search.

The plugin package of ``tests/data/plugin_package`` (heap games, one made with
``named()``, a two-heap game, a game on graphs, and a theorem about each of the
last two), installed by pip into a virtual environment as a user installs it,
passes its own tests (``sprague.testing.check_ruleset`` on each game, found by
name through the entry points) and its games and theorems answer on the command
line (tests/core/test_plugin_games.py loads the same games with ``--plugin``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# slow: pip builds and installs a package, then each test runs sprague in a fresh interpreter (about 20 s in all)
pytestmark = pytest.mark.slow

PLUGIN = '''
"""Half-Nim for sprague: take at least one token and at most half of the tokens of one heap."""

import sprague
from sprague.theorems import Theorem


class HalfNim(sprague.HeapRuleset):
    """Half-Nim: remove at least one and at most half of the tokens of one heap (a heap of 1 is dead)."""

    name = "half-nim"
    source = "-- its values are OEIS A025480"
    example = ("6", "9")

    def heap_options(self, n):
        return ((n - k,) for k in range(1, n // 2 + 1))


def half_value(x):
    """G(2k) = k, G(2k+1) = G(k)."""
    while x % 2:
        x //= 2
    return x // 2


def values_claim(n, params):
    def claim(heaps):
        g = 0
        for x in heaps:
            g ^= half_value(x)
        return g
    return claim


VALUES = Theorem(
    name="half-nim-values", ruleset="half-nim", citation="OEIS A025480: a(2n) = n, a(2n+1) = a(n)",
    statement="G = nim-sum of the heaps' values, G(2k) = k, G(2k+1) = G(k)",
    kind="grundy", make_claim=values_claim, heap_ok=lambda n, params: n >= 1, heaps_doc="any number of heaps",
    default_heaps=2, test_box=(2, 12))
'''

CLAIMS = '''
def nim_values(heaps):
    """Wrong for Half-Nim: the plain nim-sum."""
    g = 0
    for x in heaps:
        g ^= x
    return g


def p_when_equal(heaps):
    """Right: two equal heaps are a P-position (mirror the opponent)."""
    return "P" if heaps[0] == heaps[1] else None
'''

PYPROJECT = """
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "sprague-half-nim"
version = "1.0"

[project.entry-points."sprague.rulesets"]
half-nim = "half_nim:HalfNim"

[project.entry-points."sprague.theorems"]
half-nim-values = "half_nim:VALUES"
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin package, built and installed by pip into a directory of its own."""
    src = tmp_path_factory.mktemp("half-nim")
    (src / "pyproject.toml").write_text(PYPROJECT)
    (src / "half_nim.py").write_text(textwrap.dedent(PLUGIN))
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (target / "half_claims.py").write_text(CLAIMS)
    return target


def sprague_in(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    return subprocess.run(
        [sys.executable, "-m", "sprague", *args], env=env, capture_output=True, text=True, timeout=300, cwd=site
    )


def test_the_plugin_ruleset_is_listed_and_plays(site: Path) -> None:
    listed = sprague_in(site, "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert "half-nim" in [row["name"] for row in json.loads(listed.stdout)]
    value = sprague_in(site, "value", "half-nim", "6", "9")  # G(6) = mex{G(5), G(4), G(3)} = 3, G(9) = G(4) = 2
    assert value.returncode == 0 and "G = 1, N-position" in value.stdout, value.stdout + value.stderr


def test_the_plugin_theorem_is_listed_and_proved(site: Path) -> None:
    listed = sprague_in(site, "verify", "--list")
    assert listed.returncode == 0 and "half-nim-values" in listed.stdout, listed.stderr
    proved = sprague_in(site, "verify", "half-nim-values", "--heaps", "2", "--max-heap", "14")
    assert proved.returncode == 0, proved.stdout + proved.stderr
    assert "half-nim-values (OEIS A025480: a(2n) = n, a(2n+1) = a(n)): holds on all 120 positions" in proved.stdout


def test_a_claim_given_on_the_command_line_is_proved_or_refuted(site: Path) -> None:
    right = sprague_in(
        site, "verify", "--claim", "half_claims:p_when_equal", "half-nim", "--heaps", "2", "--max-heap", "10"
    )
    assert right.returncode == 0 and "holds on all 66 positions" in right.stdout, right.stdout + right.stderr
    wrong = sprague_in(
        site,
        "verify",
        "--claim",
        "half_claims.py:nim_values",
        "--kind",
        "grundy",
        "half-nim",
        "--heaps",
        "2",
        "--max-heap",
        "10",
    )
    assert wrong.returncode == 1 and "REFUTED" in wrong.stdout, wrong.stdout + wrong.stderr
    assert "smallest counterexample <0, 1>: claimed 1, search finds 0" in wrong.stdout


def test_the_web_page_lists_the_plugin_ruleset(site: Path) -> None:
    pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
    script = (
        "from fastapi.testclient import TestClient; from sprague.web import create_app; "
        "print([r['name'] for r in TestClient(create_app()).get('/api/rulesets').json()])"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "half-nim" in done.stdout


def test_a_module_named_on_the_command_line_is_loaded(tmp_path: Path) -> None:
    (tmp_path / "mygames.py").write_text(textwrap.dedent(PLUGIN).replace('"half-nim"', '"my-half-nim"'))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "sprague", "--plugin", str(tmp_path / "mygames.py"), "value", "my-half-nim", "8"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "G = 4," in done.stdout, done.stdout + done.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "sprague", "--plugin", "no_such_module_here", "list"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert missing.returncode == 2 and "cannot import plugin 'no_such_module_here'" in missing.stderr


def test_two_claim_files_of_one_name_in_different_folders_are_two_modules(tmp_path) -> None:
    """Found by running the suite in one process: a second ``claims.py`` was served the first one's module."""
    from sprague.core.plugins import load_module

    for folder, value in (("a", 1), ("b", 2)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "claims.py").write_text(f"VALUE = {value}\n")
    first, second = (load_module(str(tmp_path / f / "claims.py")) for f in ("a", "b"))
    assert (first.VALUE, second.VALUE) == (1, 2)
    assert load_module(str(tmp_path / "a" / "claims.py")) is first  # the same file loads once


# ------------------------------------------------------------------ tests/data/plugin_package in a virtual environment
PLUG_PACKAGE = ROOT / "tests" / "data" / "plugin_package"
PLUG_GAMES = {
    "plug-half-nim": ["6", "9"],
    "plug-two-pins": ["7", "5"],
    "plug-king": ["5", "6"],
    "plug-node-kayles": ["1-2", "2-3", "3-4", "4-5", "5-6", "6-1", "7"],
}


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A virtual environment (seeing this interpreter's packages: pytest, setuptools) with the plugin package
    installed into it by pip, from a copy of its source; its Python and the copy."""
    root = tmp_path_factory.mktemp("venv")
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(root)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    python = root / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    source = tmp_path_factory.mktemp("source") / "plugin_package"
    shutil.copytree(PLUG_PACKAGE, source)
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return python, source


def in_venv(venv: tuple[Path, Path], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in the virtual environment, with this checkout's sprague (its ``src`` first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([str(venv[0]), *args], env=env, capture_output=True, text=True, timeout=300, cwd=cwd)


def test_the_installed_plugin_package_passes_its_own_conformance_tests(venv: tuple[Path, Path], tmp_path: Path) -> None:
    """The package's tests call check_ruleset by name: the games come from the installed entry points."""
    done = in_venv(
        venv, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", str(venv[1] / "tests"), cwd=tmp_path
    )  # not the source folder: the module imported is the one pip installed
    assert done.returncode == 0 and "5 passed" in done.stdout, done.stdout + done.stderr


def test_the_installed_plugin_games_answer_on_the_command_line(venv: tuple[Path, Path], tmp_path: Path) -> None:
    listed = in_venv(venv, "-m", "sprague", "list", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert set(PLUG_GAMES) <= set(rows) and rows["plug-king"]["closed_form"] == "P iff x and y are even"
    for name, tokens in PLUG_GAMES.items():
        value = in_venv(venv, "-m", "sprague", "value", name, *tokens, cwd=tmp_path)
        assert value.returncode == 0 and "-position" in value.stdout, value.stdout + value.stderr
        moves = in_venv(venv, "-m", "sprague", "moves", name, *tokens, "--json", cwd=tmp_path)
        assert moves.returncode == 0 and json.loads(moves.stdout)["options"], moves.stderr
    proved = in_venv(
        venv, "-m", "sprague", "verify", "plug-king-outcomes", "plug-node-kayles-paths", "--max-heap", "4", cwd=tmp_path
    )
    assert proved.returncode == 0 and proved.stdout.count("holds on all") == 2, proved.stdout + proved.stderr
