"""The examples of the README and of the documentation site (``docs/``) are run and their output compared.

Each ```console block of ``README.md`` or of a page under ``docs/`` holds ``$ sprague ...`` lines, each followed by
its exact output (stdout, then stderr); every such command runs here, its test named by page and command. The
``>>>`` examples of the same files run as doctests (pytest ``--doctest-glob=*.md``; ``testpaths`` names
``README.md`` and ``docs/``). Runs too long for the tests are shown in ```text blocks, which are not run.
"""

from __future__ import annotations

import io
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from sprague import cache
from sprague.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]

#: pages whose console blocks are shown, not run, and why
NOT_RUN = {
    "docs/misere-quotients.md": "its one command is the 10-minute sweep that wrote the page and its CSV",
}
#: pages whose console examples take seconds each: run with the slow tests (none at present)
SLOW_PAGES: set[str] = set()


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _examples(page: Path) -> list[tuple[str, str]]:
    """The (command, expected output) pairs of the ```console blocks of ``page``."""
    examples: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", page.read_text(), flags=re.S):
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            examples.append((command, "\n".join(output)))
    return examples


EXAMPLES = [
    (_name(page), command, expected)
    for page in PAGES
    if _name(page) not in NOT_RUN
    for command, expected in _examples(page)
]


def test_readme_has_examples() -> None:
    assert len([page for page, _, _ in EXAMPLES if page == "README.md"]) >= 3
    assert len(EXAMPLES) >= 30
    assert all(cmd.startswith("sprague ") for _, cmd, _ in EXAMPLES)


@pytest.mark.parametrize(
    "page,command,expected",
    [pytest.param(*example, marks=[pytest.mark.slow] if example[0] in SLOW_PAGES else []) for example in EXAMPLES],
    ids=[f"{page}: {command}" for page, command, _ in EXAMPLES],
)
def test_example(page: str, command: str, expected: str, tmp_path: Path) -> None:
    """Each example as a new user runs it: with an empty results cache (what earlier tests cached would change
    the sizes a refusal quotes)."""
    out, err = io.StringIO(), io.StringIO()
    with cache.using(tmp_path):
        status = main(shlex.split(command)[1:], out=out, err=err)
    got = (out.getvalue() + err.getvalue()).rstrip("\n")
    assert got == expected.rstrip("\n")
    assert status == (2 if err.getvalue().startswith("sprague: error:") else 0)


def test_readme_starts_with_the_two_setup_commands() -> None:
    text = README.read_text()
    block = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert block is not None and text.index(block.group(0)) < text.index("## Tour")
    lines = [line.split("  #")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert lines[0] == "python3 -m pip install . && sprague tour"
    ci = (README.parent / ".ci" / "run").read_text()
    # the CI script runs the README's test command: each of its commands ends a line of the script, in order
    # (the script runs further steps, the type check and the slow tests, as lines of their own)
    commands = lines[1].split(" && ")
    assert commands == ["python3 -m pip install -e '.[dev]'", "python3 -m pytest"]
    found = [re.search(rf"^[^#\n]*{re.escape(c)}$", ci, flags=re.M) for c in commands]
    install, test = found
    assert install and test, "the CI script must run the README's test command"
    assert install.start() < test.start(), "the CI script must install before it tests"
    # and it builds the documentation site with warnings as errors
    assert re.search(r"^step docs python3 -m mkdocs build --strict --site-dir ", ci, flags=re.M)


def test_every_docs_page_is_on_the_site() -> None:
    """Every page under docs/ is in the site's navigation (mkdocs.yml), and every page named there exists."""
    named = set(re.findall(r":\s*\"?([\w./-]+\.md)\"?\s*$", (ROOT / "mkdocs.yml").read_text(), flags=re.M))
    pages = {page.relative_to(DOCS).as_posix() for page in DOCS.rglob("*.md")}
    assert pages - named == set(), "pages missing from the nav of mkdocs.yml"
    assert named - pages == set(), "pages named in mkdocs.yml that do not exist"


def test_the_readmes_links_lead_to_files() -> None:
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README.read_text())
    local = [link for link in links if "://" not in link]
    assert local, "the README links to the documentation pages"
    missing = [link for link in local if not (ROOT / link).exists()]
    assert missing == []


def test_the_architecture_page_states_the_layer_contract() -> None:
    """docs/architecture.md lists the layers of pyproject.toml's import-linter contract, in the same order."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    page = (DOCS / "architecture.md").read_text()
    block = re.search(r"## The layer order\n.*?```text\n(.*?)```", page, flags=re.S)
    assert block is not None
    assert block.group(1).splitlines() == layers
