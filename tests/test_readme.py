"""The README's command-line examples are run and their output compared.

Each ```console block holds ``$ sprague ...`` lines followed by the exact output
(stdout, then stderr). The ``>>>`` examples run as doctests (pytest
``--doctest-glob=README.md``).
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from sprague import cache
from sprague.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[tuple[str, str]]:
    examples: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.S):
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


EXAMPLES = _examples()


def test_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert all(cmd.startswith("sprague ") for cmd, _ in EXAMPLES)


@pytest.mark.parametrize("command,expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: str, tmp_path: Path) -> None:
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
