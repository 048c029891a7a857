"""``python -m sprague``: the same as the ``sprague`` command."""

from __future__ import annotations

import sys

from sprague.cli import main

__all__: list[str] = []

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
