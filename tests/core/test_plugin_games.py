"""A plugin author's games, loaded the quick way (``sprague --plugin FILE.py``): they pass sprague's conformance
checks and appear in ``list``, answer ``value``, ``moves``, ``describe`` and ``verify``.

The games are those of the plugin package in ``tests/data/plugin_package`` (a heap game, one made with the
catalogue's ``named()`` -- once silently dropped under ``--plugin`` --, a two-heap game and a game on graphs, with
a theorem on heaps and one on the graph game's own positions). Installed with pip into a virtual environment,
through its entry points, the same package is tested in tests/core/test_plugins.py (slow). A plugin file with a
mistake is reported, not dropped silently.
"""

from __future__ import annotations

import io
import json
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

import sprague
from sprague.cli import main
from sprague.core.plugins import PluginWarning
from sprague.rulesets import REGISTRY, load_plugin
from sprague.testing import CHECKS, check_ruleset
from sprague.theorems import THEOREMS

PACKAGE = Path(__file__).resolve().parents[1] / "data" / "plugin_package"
GAMES = {  # name: a position as typed, and what `sprague value` says of it
    "plug-half-nim": (["6", "9"], "G = 1, N-position"),  # G(6) = 3, G(9) = G(4) = 2
    "plug-two-pins": (["7", "5"], "G = 3, N-position"),  # n mod 3: 1 xor 2
    "plug-king": (["4", "6"], "P-position"),  # both even
    "plug-node-kayles": (["1-2", "2-3", "3-4"], "G = 0, P-position"),  # Dawson's chess: G(4) = 0
}


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[Path]:
    """The plugin module, copied where a user keeps it; the registries as they were afterwards."""
    path = tmp_path / "sprague_plug_games.py"
    shutil.copy(PACKAGE / "sprague_plug_games.py", path)
    rulesets, theorems = list(REGISTRY), list(THEOREMS)
    yield path
    REGISTRY[:], THEOREMS[:] = rulesets, theorems


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_each_plugin_game_passes_every_conformance_check(plugin: Path) -> None:
    found = load_plugin(str(plugin))
    assert [cls.name for cls in found] == list(GAMES)
    assert found[1].__module__ == found[0].__module__  # named() gives its class the plugin's module
    for cls in found:
        report = check_ruleset(cls)  # registered by load_plugin: its repr round trip is checked too
        assert report.checks == list(CHECKS) and report.positions > 5, report


def test_the_plugin_games_answer_on_the_command_line(plugin: Path) -> None:
    status, out, err = run("--plugin", str(plugin), "list", "--json")
    assert status == 0 and err == "", err
    assert set(GAMES) <= {row["name"] for row in json.loads(out)}
    for name, (tokens, says) in GAMES.items():
        status, out, err = run("--plugin", str(plugin), "value", name, *tokens)
        assert status == 0 and says in out, out + err
        status, out, err = run("--plugin", str(plugin), "moves", name, *tokens, "--json")
        options = json.loads(out)["options"]
        assert status == 0 and options and all(o["outcome"] in "PN" for o in options), err
    status, out, _ = run("--plugin", str(plugin), "moves", "plug-node-kayles", "1-2", "2-3", "4")
    assert "* take vertex 1  -> 3 4" in out and "* take vertex 3  -> 1 4" in out  # its own words, winners marked
    status, out, _ = run("--plugin", str(plugin), "value", "plug-king", "3", "3", "+", "plug-half-nim", "5")
    assert status == 0 and "N-position" in out


def test_the_plugin_theorems_are_listed_and_proved(plugin: Path) -> None:
    status, out, _ = run("--plugin", str(plugin), "verify", "--list")
    assert status == 0 and "plug-king-outcomes   [outcome; plug-king; 2 heaps, default 2]" in out
    assert "plug-node-kayles-paths   [grundy; plug-node-kayles; its positions of size <= --max-heap]" in out
    status, out, err = run(
        "--plugin", str(plugin), "verify", "plug-king-outcomes", "plug-node-kayles-paths", "--max-heap", "4"
    )
    assert status == 0, out + err
    assert "plug-king-outcomes (Winning Ways ch. 2): holds on all 15 positions with 2 heaps <= 4" in out
    assert (
        "plug-node-kayles-paths (Node Kayles on a path is Dawson's chess (octal 0.137)): holds on all 76 "
        "positions of size <= 4 (5 claimed; table check" in out
    )


def test_a_plugin_with_a_mistake_is_reported_not_dropped(tmp_path: Path) -> None:
    empty = tmp_path / "imported.py"
    empty.write_text("from sprague.rulesets.nim import Nim  # imported, not defined here: not a plugin's game\n")
    unfinished = tmp_path / "unfinished.py"
    unfinished.write_text("import sprague\n\n\nclass Half(sprague.HeapRuleset):\n    name = 'my-half'\n")
    taken = tmp_path / "taken.py"
    taken.write_text(
        "import sprague\n\n\nclass MyNim(sprague.HeapRuleset):\n    name = 'kayles'\n\n"
        "    def heap_options(self, n):\n        return [(k,) for k in range(n)]\n"
    )
    rulesets = list(REGISTRY)
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            assert load_plugin(str(empty)) == [] and load_plugin(str(unfinished)) == []
        said = [str(w.message) for w in seen if issubclass(w.category, PluginWarning)]
        assert said == [
            f"plugin {str(empty)!r} registers nothing: a ruleset is a Ruleset subclass with a name, "
            "defined in the module itself (not imported into it), and a theorem a "
            "sprague.theorems.Theorem record",
            f"plugin {str(unfinished)!r}: ruleset 'my-half' (Half) is not registered: it must define heap_options()",
        ]
        status, _, err = run("--plugin", str(taken), "value", "kayles", "3")
        assert status == 2 and err == (
            f"sprague: error: plugin {str(taken)!r}: ruleset name 'kayles' is already "
            "taken by Kayles; give the class a name of its own (name = '...')\n"
        )
        assert sprague.find_ruleset("kayles").__module__ == "sprague.rulesets.catalogue"
    finally:
        REGISTRY[:] = rulesets
