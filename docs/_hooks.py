"""MkDocs hooks (``mkdocs.yml``: ``hooks``) for the site built from ``docs/``.

A page may link to a file of the repository outside ``docs/`` (``[quotient](../src/sprague/analysis/quotient.py)``):
the link works where the Markdown is read in the repository, but the site holds no copy of the source tree, so
on the site such a link is shown as its text alone (the text names the module or file).
"""

from __future__ import annotations

import re
from typing import Any

_OUTSIDE = re.compile(r"\[([^\]]+)\]\((?:\.\./)+(?:src|tests|benchmarks|\.ci)/[^)\s]*\)")


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Links into the source tree become their text."""
    return _OUTSIDE.sub(r"\1", markdown)
