"""A Griffe extension for the API pages: the docstrings, written for doctest and Sphinx, read as Markdown.

mkdocstrings (``mkdocs.yml``) loads it; it changes the docstrings as the site shows them, never the code:

* ``>>>`` examples in the running text (outside a numpy ``Examples`` section, which Griffe already reads as code)
  are fenced as ``pycon`` code blocks, so Markdown does not read ``>>>`` as a quotation nor ``[...]`` as a link;
* Sphinx roles (``:func:`name```, ``:class:`~a.b.C```) become code spans (``name``, ``C``).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")
_DASHES = re.compile(r"^\s*-{3,}\s*$")


def _role(match: re.Match[str]) -> str:
    target = match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if match.group(1) else target}`"


def markdown(text: str) -> str:
    """The docstring ``text`` with its running-text doctests fenced and its Sphinx roles made code spans."""
    lines = text.split("\n")
    out: list[str] = []
    section = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() and i + 1 < len(lines) and _DASHES.match(lines[i + 1]):
            section = line.strip()
        if line.lstrip().startswith(">>>") and section != "Examples":
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *block, f"{indent}```"]
            continue
        out.append(_ROLE.sub(_role, line))
        i += 1
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrites each object's docstring with :func:`markdown` as Griffe loads it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
