"""Headless Chromium for the browser tests (Debian's package through Playwright; `.ci/run` installs it): how it is
launched, and pages opened on a server at a screen size. The fixtures built on it are in tests/web/conftest.py."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from playwright import sync_api
except ImportError:  # the [dev] extra brings Playwright; without it the browser tests skip, saying so
    sync_api = None

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
#: screenshots of the browser tests, at the top of the repository
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: the page's files, as the server under test must serve them
STATIC = Path(__file__).resolve().parents[2] / "src" / "sprague" / "web" / "static"


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if sync_api is None:
        return "Playwright is in the [dev] extra"
    if CHROMIUM is None:
        return "Chromium is not installed (.ci/run installs Debian's chromium)"
    return None


@contextlib.contextmanager
def launch() -> Iterator[Any]:
    """A headless Chromium."""
    assert sync_api is not None
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def open_page(
    browser: Any, url: str, width: int = 1200, height: int = 900, scale: float = 1, touch: bool = False
) -> tuple[Any, list[str]]:
    """The page at ``url`` on a screen of ``width`` x ``height`` CSS px (``scale`` device px each; ``touch``: a
    phone's touch screen), once it is ready; and the list its uncaught errors go to."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready='true']")
    return page, errors


def shot(page: Any, name: str) -> None:
    """A full-page screenshot in test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
