"""Where sprague keeps files of its own: the platform's cache directory."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["platform_cache_dir"]


def platform_cache_dir() -> Path:
    """``sprague`` in the platform's cache directory (it need not exist yet).

    Linux and other Unix: ``$XDG_CACHE_HOME/sprague``, or ``~/.cache/sprague``;
    macOS: ``~/Library/Caches/sprague``; Windows: ``%LOCALAPPDATA%\\sprague\\Cache``.

    >>> platform_cache_dir().is_absolute()
    True
    """
    home = Path.home()
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "sprague" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "sprague"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".cache"  # the XDG spec ignores relative paths
    return base / "sprague"
