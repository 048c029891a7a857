"""Fixtures of the browser tests (tests/web/test_browser*.py): a `sprague serve` and a headless Chromium per
module, and pages opened on it at a screen size (tests/web/browsing.py)."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browsing import STATIC, launch, missing, open_page

from webserver import running_server


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """`sprague serve` from the sources under test: the page it serves is this checkout's."""
    with running_server() as url:
        served = urllib.request.urlopen(url + "/static/app.js", timeout=60).read().decode()
        assert served == (STATIC / "app.js").read_text(), "the server serves another checkout's page"
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = missing()
    if why:
        pytest.skip(why)
    with launch() as b:
        yield b


@pytest.fixture()
def make_page(browser: Any, server: str) -> Iterator[Callable[..., Any]]:
    """Open pages on the server (``make_page(width=390, height=844, scale=3, touch=True)``: a phone); after the
    test, each is closed and must have thrown no uncaught error."""
    opened: list[tuple[Any, list[str]]] = []

    def make(**screen: Any) -> Any:
        page, errors = open_page(browser, server, **screen)
        opened.append((page, errors))
        return page

    yield make
    for page, _ in opened:
        page.context.close()
    thrown = [e for _, errors in opened for e in errors]
    assert not thrown, thrown


@pytest.fixture()
def page(make_page: Callable[..., Any]) -> Any:
    """The page at 1200 x 900, ready."""
    return make_page()


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """The API in this process (FastAPI's TestClient), a worker pool per module. The server's time limit (10 s by
    default, wall clock) is a hang guard of minutes here: these tests check answers, and on a loaded machine
    (load 9 on 2 cores) a few took longer than 10 s and came back 503; the time limit itself is tested with a pool
    and an app of their own (test_web.py)."""
    pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
    testclient = pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")
    from sprague.web import create_app

    app = create_app(time_limit=600)
    yield testclient.TestClient(app)
    app.state.pool.close()
