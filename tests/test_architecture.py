"""The architecture, checked on the source: no game's name and no ruleset family outside rulesets/ and theorems/.

STYLE.md: "no game's name appears outside rulesets/ and theorems/", and the CLI and the page learn how to draw
and parse a position from its class (:mod:`sprague.rulesets.shapes`), not from a list of names. Each module of
the package outside those two is parsed with :mod:`ast`:

* no ruleset is looked up by a literal (``ruleset("kayles")``, ``find_ruleset(...)``);
* no string constant (docstrings and the text of f-strings aside: they are prose) equals a registered ruleset's
  name or alias, except the generic words of :data:`GENERIC_WORDS`, which are not game names there;
* no ``isinstance``/``issubclass`` names a ruleset class of :mod:`sprague.rulesets` (the shape questions are
  :mod:`sprague.rulesets.shapes`' functions), except in the modules of :data:`FAMILY_CHECKS_LEFT`;

and pyproject's import-linter contract forbids every game module to every package outside rulesets/ and theorems/.
"""

from __future__ import annotations

import ast
import inspect
import pathlib
import tomllib

import pytest

import sprague.rulesets
from sprague.rulesets import REGISTRY
from sprague.solve.ruleset import Ruleset

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "sprague"
#: where game names and families belong
HOME = ("rulesets", "theorems")

#: words that are a ruleset's alias but mean something else where they appear outside rulesets/ and theorems/
GENERIC_WORDS = {
    "grundy": "the value kind 'grundy' (Grundy values, as against outcomes); an alias of grundys-game",
    "sub": "discover's grammar: the subtraction operator; an alias of subtraction",
    "octal": "the base of a take-and-break code (octal or hexadecimal) in sweep's headings; an alias of takebreak",
    "nim": "the subtraction set 'nim' (N+: any amount) of core.sets; the name of Nim",
    "all-but": "the subtraction set 'all-but:4,8' of core.sets; the name of the all-but family",
}

#: modules that still check a ruleset's family themselves, owned elsewhere: the replacement is the function of
#: sprague.rulesets.shapes named here
FAMILY_CHECKS_LEFT: dict[str, str] = {}

_LOOKUPS = {"ruleset", "find_ruleset", "get_ruleset", "_get_ruleset"}


def _names() -> set[str]:
    return {n for cls in REGISTRY for n in (cls.name, *cls.aliases)}


def _families() -> set[str]:
    """The names of the ruleset classes that the package sprague.rulesets defines (bases and games)."""
    return {
        obj.__name__
        for module in _ruleset_modules().values()
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, Ruleset)
        and obj is not Ruleset
        and obj.__module__.startswith("sprague.rulesets")
    }


def _ruleset_modules() -> dict[str, object]:
    import importlib
    import pkgutil

    return {
        info.name: importlib.import_module(f"sprague.rulesets.{info.name}")
        for info in pkgutil.iter_modules(sprague.rulesets.__path__)
    }


def _prose(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are prose: docstrings and the literal parts of f-strings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
        if isinstance(node, ast.JoinedStr):
            out.update(id(v) for v in node.values)
    return out


def game_names_in(source: str, names: set[str], generic: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` names a game: a lookup by a literal, or a string constant equal to one of ``names``."""
    tree = ast.parse(source)
    prose = _prose(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            arg = node.args[0]
            if called in _LOOKUPS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, f"{called}({arg.value!r})"))
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and node.value in names - generic
        ):
            found.append((node.lineno, repr(node.value)))
    return sorted(found)


def family_checks_in(source: str, families: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` calls ``isinstance``/``issubclass`` with a ruleset class of sprague.rulesets."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            named |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            if named & families:
                found.append((node.lineno, f"{node.func.id}(..., {', '.join(sorted(named & families))})"))
    return found


def _modules_outside_home() -> list[pathlib.Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in HOME)


@pytest.mark.parametrize("path", _modules_outside_home(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_game_name_outside_rulesets_and_theorems(path: pathlib.Path) -> None:
    found = game_names_in(path.read_text(), _names(), set(GENERIC_WORDS))
    assert not found, (
        f"{path.relative_to(PACKAGE)} names games {found}: declare what it needs in "
        "sprague.rulesets (e.g. rulesets/showcase.py) and take it from there"
    )


@pytest.mark.parametrize("path", _modules_outside_home(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_ruleset_family_check_outside_rulesets_and_theorems(path: pathlib.Path) -> None:
    found = family_checks_in(path.read_text(), _families())
    where = str(path.relative_to(PACKAGE))
    if where in FAMILY_CHECKS_LEFT:
        assert found, f"{where} has no family check left: take it out of FAMILY_CHECKS_LEFT"
        return
    assert not found, f"{where} checks ruleset families {found}: ask sprague.rulesets.shapes instead"


def test_the_checks_can_fail() -> None:
    """Each check finds what it is for, and lets generic words, docstrings and f-string text be."""
    names = _names()
    source = '''
"""A docstring naming kayles is prose."""
from sprague.rulesets import ruleset
GAMES = ["wythoff", "kayles"]
game = ruleset("nim")
kind = "grundy"
message = f"try kayles or {kind}"
'''
    assert [text for _, text in game_names_in(source, names, set(GENERIC_WORDS))] == [
        "'kayles'",
        "'wythoff'",
        "ruleset('nim')",
    ]
    families = _families()
    assert {"HeapRuleset", "Wythoff", "CoordinateRuleset"} <= families
    source = "ok = isinstance(r, int)\nbad = isinstance(r, HeapRuleset)\nalso = issubclass(c, (rs.Wythoff, str))\n"
    assert family_checks_in(source, families) == [(2, "isinstance(..., HeapRuleset)"), (3, "issubclass(..., Wythoff)")]


def test_every_generic_word_is_still_a_ruleset_name_and_used_somewhere() -> None:
    """The exceptions are kept short: a word that is no longer a name, or no longer used, leaves the list."""
    assert set(GENERIC_WORDS) <= _names()
    texts = [p.read_text() for p in _modules_outside_home()]
    for word in GENERIC_WORDS:
        assert any(f'"{word}"' in text for text in texts), word


def test_import_linter_forbids_the_game_modules_outside_rulesets_and_theorems() -> None:
    """Every module of sprague.rulesets that defines a listed ruleset is forbidden to every package outside
    rulesets/ and theorems/ (direct imports: those packages reach games through the registry)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (games,) = [c for c in contracts if c["name"].startswith("Game modules only")]
    game_modules = {cls.__module__ for cls in REGISTRY if cls.__module__.startswith("sprague.rulesets.")}
    assert set(games["forbidden_modules"]) == game_modules
    outside = {
        f"sprague.{p.stem if p.suffix else p.name}"
        for p in PACKAGE.iterdir()
        if (p.is_dir() and (p / "__init__.py").exists() or p.suffix == ".py")
        and p.name != "__init__.py"
        and p.stem not in HOME
    }
    assert set(games["source_modules"]) == outside
    assert not any(inspect.isabstract(cls) for cls in REGISTRY)
