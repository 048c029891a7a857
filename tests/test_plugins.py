"""Plugins: a Lasker's Nim package built and installed here shows up everywhere, with no edit to sprague.

The package declares one ruleset (``sprague.rulesets``) and one theorem
(``sprague.theorems``) as entry points; installed with pip into a directory of
its own, it must appear in ``sprague list``, ``sprague verify --list`` and
``/api/rulesets`` (the web page's list), and ``sprague verify`` must prove its
theorem, and a claim given with ``--claim``, by search.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# slow: pip builds and installs a package, then each test runs sprague in a fresh interpreter (about 20 s in all)
pytestmark = pytest.mark.slow

PLUGIN = '''
"""Lasker's Nim for sprague: take any number from a heap, or split a heap into two non-empty heaps."""

import sprague
from sprague.theorems import Theorem


class LaskersNim(sprague.HeapRuleset):
    """Lasker's Nim (Winning Ways ch. 4): Nim plus splitting a heap in two."""

    name = "laskers-nim"
    source = "-- Winning Ways ch. 4; Lasker 1931"
    splits = True
    example = ("7",)

    def heap_options(self, n):
        yield from ((m,) for m in range(n - 1, -1, -1))
        yield from ((a, n - a) for a in range(1, n // 2 + 1))


def lasker_value(x):
    """G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (and G(0) = 0)."""
    return x + 1 if x % 4 == 3 else x - 1 if x % 4 == 0 and x else x


def values_claim(n, params):
    def claim(heaps):
        g = 0
        for x in heaps:
            g ^= lasker_value(x)
        return g
    return claim


VALUES = Theorem(
    name="lasker-values", ruleset="laskers-nim", citation="Winning Ways ch. 4 (Lasker's Nim)",
    statement="G = nim-sum of the heaps' values, G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(x) = x",
    kind="grundy", make_claim=values_claim, heap_ok=lambda n, params: n >= 1, heaps_doc="any number of heaps",
    default_heaps=2, test_box=(2, 12))
'''

CLAIMS = '''
def nim_values(heaps):
    """Wrong for Lasker's Nim: the plain nim-sum."""
    g = 0
    for x in heaps:
        g ^= x
    return g


def p_when_equal(heaps):
    """Right: two equal heaps are a P-position (mirror the opponent)."""
    return "P" if heaps[0] == heaps[1] else None
'''

PYPROJECT = '''
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "sprague-laskers-nim"
version = "1.0"

[project.entry-points."sprague.rulesets"]
laskers-nim = "laskers_nim:LaskersNim"

[project.entry-points."sprague.theorems"]
lasker-values = "laskers_nim:VALUES"
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin package, built and installed by pip into a directory of its own."""
    src = tmp_path_factory.mktemp("laskers-nim")
    (src / "pyproject.toml").write_text(PYPROJECT)
    (src / "laskers_nim.py").write_text(textwrap.dedent(PLUGIN))
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(target), str(src)], check=True, capture_output=True)
    (target / "lasker_claims.py").write_text(CLAIMS)
    return target


def sprague_in(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    return subprocess.run([sys.executable, "-m", "sprague", *args], env=env, capture_output=True, text=True,
                          timeout=300, cwd=site)


def test_the_plugin_ruleset_is_listed_and_plays(site: Path) -> None:
    listed = sprague_in(site, "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert "laskers-nim" in [row["name"] for row in json.loads(listed.stdout)]
    value = sprague_in(site, "value", "laskers-nim", "3", "4")  # G(3) = mex{2, 1, 0, G(1) ^ G(2)} = 4, G(4) = 3
    assert value.returncode == 0 and "G = 7, N-position" in value.stdout, value.stdout + value.stderr


def test_the_plugin_theorem_is_listed_and_proved(site: Path) -> None:
    listed = sprague_in(site, "verify", "--list")
    assert listed.returncode == 0 and "lasker-values" in listed.stdout, listed.stderr
    proved = sprague_in(site, "verify", "lasker-values", "--heaps", "2", "--max-heap", "14")
    assert proved.returncode == 0, proved.stdout + proved.stderr
    assert "lasker-values (Winning Ways ch. 4 (Lasker's Nim)): holds on all 120 positions" in proved.stdout


def test_a_claim_given_on_the_command_line_is_proved_or_refuted(site: Path) -> None:
    right = sprague_in(site, "verify", "--claim", "lasker_claims:p_when_equal", "laskers-nim", "--heaps", "2",
                       "--max-heap", "10")
    assert right.returncode == 0 and "holds on all 66 positions" in right.stdout, right.stdout + right.stderr
    wrong = sprague_in(site, "verify", "--claim", "lasker_claims.py:nim_values", "--kind", "grundy", "laskers-nim",
                       "--heaps", "2", "--max-heap", "10")
    assert wrong.returncode == 1 and "REFUTED" in wrong.stdout, wrong.stdout + wrong.stderr
    assert "smallest counterexample <0, 3>: claimed 3, search finds 4" in wrong.stdout


def test_the_web_page_lists_the_plugin_ruleset(site: Path) -> None:
    pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
    script = ("from fastapi.testclient import TestClient; from sprague.web import create_app; "
              "print([r['name'] for r in TestClient(create_app()).get('/api/rulesets').json()])")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "laskers-nim" in done.stdout


def test_a_module_named_on_the_command_line_is_loaded(tmp_path: Path) -> None:
    (tmp_path / "mygames.py").write_text(textwrap.dedent(PLUGIN).replace('"laskers-nim"', '"my-lasker"'))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "sprague", "--plugin", str(tmp_path / "mygames.py"), "value",
                           "my-lasker", "7"], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "G = 8," in done.stdout, done.stdout + done.stderr
    missing = subprocess.run([sys.executable, "-m", "sprague", "--plugin", "no_such_module_here", "list"], env=env,
                             capture_output=True, text=True, timeout=300)
    assert missing.returncode == 2 and "cannot import plugin 'no_such_module_here'" in missing.stderr
