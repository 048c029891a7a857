"""The server's start (issue 36): it answers while the kernels are prepared, says how far the warm-up is, stops
with the real cause when the workers cannot start; and /docs, /redoc work offline (no CDN).

The cold start itself (an empty numba cache beside two busy loops) and Swagger UI in a browser with every
non-local request blocked are in test_browser_serve.py (slow).
"""

from __future__ import annotations

import io
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
from fastapi.testclient import TestClient  # noqa: E402

import naive  # noqa: E402
from sprague.web.pool import TimeLimitExceeded  # noqa: E402
from sprague.web.startup import StartWatch, WarmUp, _write_status  # noqa: E402


@pytest.fixture()
def warmup() -> Iterator[WarmUp]:
    status = WarmUp.create()
    yield status
    status.remove()


# ---------------------------------------------------------------------- /docs and /redoc with no CDN
def _urls(html: str) -> list[str]:
    """Every URL the page names: src=, href=, url: '...' and quoted http(s) addresses."""
    found = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html)
    found += re.findall(r"""url\s*:\s*["']([^"']+)["']""", html)
    found += re.findall(r"""["'](https?://[^"']+)["']""", html)
    return found


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_docs_pages_name_no_other_host_and_their_assets_answer(client: TestClient, path: str) -> None:
    resp = client.get(path)
    assert resp.status_code == 200 and "text/html" in resp.headers["content-type"]
    urls = _urls(resp.text)
    assert urls, resp.text  # the page names its script, so the check below is about something
    assert [u for u in urls if re.match(r"(?i)^(https?:)?//", u)] == []  # no other host (nor a CDN)
    assets = [u for u in urls if u.endswith((".js", ".css", ".png"))]
    assert any(u.endswith(".js") for u in assets), urls
    for url in assets:
        got = client.get(url)
        assert got.status_code == 200, url
        kind = {"js": "javascript", "css": "text/css", "png": "image/png"}[url.rsplit(".", 1)[1]]
        assert kind in got.headers["content-type"], (url, got.headers["content-type"])
        assert len(got.content) > 1000, url  # the real bundle, not an empty file
    assert "/openapi.json" in resp.text


def test_swagger_ui_is_version_5_which_reads_the_openapi_3_1_that_fastapi_writes(client: TestClient) -> None:
    """Swagger UI 4 (what the older PyPI bundles ship) shows no operation of an OpenAPI 3.1 document."""
    assert client.get("/openapi.json").json()["openapi"].startswith("3.1")
    html = client.get("/docs").text
    script = next(u for u in _urls(html) if u.endswith("swagger-ui-bundle.js"))
    bundle = client.get(script).text
    assert "isOAS31" in bundle  # Swagger UI 5's reader of OpenAPI 3.1 (Swagger UI 4 has none)


# ---------------------------------------------------------------------- the status while warming up
def test_status_says_ready_once_the_workers_have_started(client: TestClient) -> None:
    client.app.state.pool.wait_ready(600)  # a hang guard
    data = client.get("/api/status").json()
    assert data == {"ready": True, "workers": client.app.state.pool.workers, "warm_up": "done", "seconds_left": 0}
    value = client.post("/api/value", json={"ruleset": "nim", "position": [3, 5, 6]}).json()
    assert value["grundy"] == naive.grundy(naive.nim_moves, (3, 5, 6))


def test_a_computation_that_finds_no_warm_worker_gets_a_503_saying_how_far_the_warm_up_is(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the workers are not ready, a request that waited its time limit for one is told the server is
    preparing its kernels, how far along (from the forkserver's progress file), and when to try again."""
    app: Any = client.app
    pool, status = app.state.pool, app.state.warmup
    saved = status.read()

    async def no_worker(*args: Any, **kwargs: Any) -> Any:
        raise TimeLimitExceeded(600, started=False)

    monkeypatch.setattr(pool, "ready", lambda: False)
    monkeypatch.setattr(pool, "run", no_worker)
    now = time.time()
    _write_status(status.path, done=10, total=40, step="value of kayles", began=now - 20)
    try:
        resp = client.post("/api/value", json={"ruleset": "nim", "position": [3, 5, 6]})
        assert resp.status_code == 503
        body = resp.json()
        assert "preparing its compiled kernels (10 of 40 steps done" in body["detail"]
        assert body["field"] is None and body["retry_after"] >= 1
        assert resp.headers["Retry-After"] == str(body["retry_after"])
        assert f"try again in about {body['retry_after']} s" in body["detail"]
        assert client.get("/api/status").json()["warm_up"] == "10 of 40 steps done"
    finally:
        if saved is not None:
            _write_status(status.path, **{k: v for k, v in saved.items() if k != "written"})


def test_the_warm_up_guesses_the_time_left_from_its_pace(warmup: WarmUp) -> None:
    assert warmup.read() is None and warmup.seconds_left() is None
    assert warmup.progress() == "starting the worker processes"
    _write_status(warmup.path, done=10, total=40, step="x", began=time.time() - 20)
    assert warmup.progress() == "10 of 40 steps done"
    assert 55 <= warmup.seconds_left() <= 65  # 2 s a step so far, 30 steps left
    assert warmup.quiet_for() < 60
    _write_status(warmup.path, done=40, total=40, step="", began=time.time() - 20)
    assert warmup.seconds_left() == 0


# ---------------------------------------------------------------------- sprague serve's watch over the start
class _Pool:
    def __init__(self, ready: bool = False, error: BaseException | None = None) -> None:
        self._ready, self.start_error = ready, error

    def ready(self) -> bool:
        return self._ready


def _watch(pool: _Pool, warmup: WarmUp, **kwargs: Any) -> tuple[StartWatch, list[str], io.StringIO]:
    stops: list[str] = []
    err = io.StringIO()
    watch = StartWatch(pool, warmup, lambda: stops.append("stop"), err, **kwargs)
    watch.start()
    return watch, stops, err


def test_a_worker_that_cannot_start_stops_the_server_naming_the_cause(warmup: WarmUp) -> None:
    _write_status(warmup.path, done=3, total=40, step="value of kayles", began=time.time())
    watch, stops, _ = _watch(_Pool(error=OSError(12, "Cannot allocate memory")), warmup)
    watch.join(60)  # a hang guard
    assert stops == ["stop"]
    assert watch.failure is not None
    assert "could not start ([Errno 12] Cannot allocate memory)" in watch.failure
    assert "3 of 40 steps done" in watch.failure and "fewer --workers" in watch.failure


def test_a_warm_up_without_progress_stops_the_server_naming_the_step(warmup: WarmUp) -> None:
    _write_status(warmup.path, done=7, total=40, step="table of wythoff", began=time.time())
    watch, stops, _ = _watch(_Pool(), warmup, stall_after=0.5)
    watch.join(60)  # a hang guard
    assert stops == ["stop"]
    assert "made no progress for 0.5 s (at 7 of 40 steps done; stuck on: table of wythoff)" in str(watch.failure)
    assert "sprague warm-up" in str(watch.failure)


def _slow_start(warmup: WarmUp) -> tuple[_Pool, StartWatch, list[str], io.StringIO]:
    """A watch over a start that has printed its progress (10 of 40 steps), its workers not yet ready."""
    pool = _Pool()
    watch, stops, err = _watch(pool, warmup, quiet=0.0)
    _write_status(warmup.path, done=10, total=40, step="x", began=time.time() - 1)
    deadline = time.monotonic() + 60  # a hang guard
    while "10 of 40 steps done" not in err.getvalue() and time.monotonic() < deadline:
        time.sleep(0.05)
    return pool, watch, stops, err


def test_a_slow_start_prints_its_progress_then_ready(warmup: WarmUp) -> None:
    pool, watch, stops, err = _slow_start(warmup)
    pool._ready = True
    watch.join(60)  # a hang guard
    lines = err.getvalue().splitlines()
    assert stops == [] and watch.failure is None
    assert lines[0].startswith("sprague: preparing the compiled kernels (a first start compiles them, once")
    assert any("10 of 40 steps done" in line for line in lines), lines
    assert lines[-1].startswith("sprague: ready: the kernels are prepared"), lines


def test_ready_just_before_the_server_stops_is_still_said(warmup: WarmUp) -> None:
    """A server stopped right after its workers became ready (its /api/status said so) prints the ready line:
    finish() wakes the watch from its wait between looks, and it looks once more before it ends."""
    pool, watch, stops, err = _slow_start(warmup)
    pool._ready = True
    watch.finish()
    assert not watch.is_alive()
    assert err.getvalue().splitlines()[-1].startswith("sprague: ready: the kernels are prepared"), err.getvalue()
    assert stops == [] and watch.failure is None


def test_a_quick_start_prints_nothing(warmup: WarmUp) -> None:
    watch, stops, err = _watch(_Pool(ready=True), warmup)
    watch.join(60)  # a hang guard
    assert (stops, watch.failure, err.getvalue()) == ([], None, "")


def test_status_answers_json_with_its_keys(client: TestClient) -> None:
    data = json.loads(client.get("/api/status").content)
    assert set(data) == {"ready", "workers", "warm_up", "seconds_left"}


def test_the_forkserver_stops_warming_at_the_next_step_once_the_server_has_gone(
    monkeypatch: pytest.MonkeyPatch, warmup: WarmUp
) -> None:
    """Orphaned (its parent, the server, gone: another parent process id), the warm-up exits at its next step."""
    from sprague.web import startup

    steps: list[int] = []
    parents = iter([100, 100, 100, 1, 1, 1])  # the server, at the start and at two steps; then gone

    def fake_warm(progress: Any) -> int:
        for done in range(5):
            progress(done, 5, f"step {done}")
            steps.append(done)
        return 5

    monkeypatch.setattr(startup, "warm", fake_warm)
    monkeypatch.setattr(startup.os, "getppid", lambda: next(parents))
    monkeypatch.setenv(startup.STATUS_ENV, str(warmup.path))
    with pytest.raises(SystemExit):
        startup.warm_forkserver()
    assert steps == [0, 1]
    assert warmup.read()["done"] == 1  # what it reported last, before it stopped
