"""``python -m sprague.cli``: the same as ``sprague`` (and ``python -m sprague``)."""

from __future__ import annotations

import sys

from sprague.cli import main

__all__: list[str] = []

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
