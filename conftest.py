"""Test session set-up: the results cache goes to a temporary directory, never the user's."""

from __future__ import annotations

import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="sprague-test-cache-")
os.environ["SPRAGUE_CACHE_DIR"] = _CACHE


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)
