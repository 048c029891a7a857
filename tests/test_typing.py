"""mypy over the package, as CI's type check (the package ships py.typed)."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is in the [dev] extra")
ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors() -> None:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "src" / "sprague")])
    assert status == 0, out + err
