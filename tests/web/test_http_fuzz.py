"""HTTP fuzzing: the probe requests of issue 14 against a real server, and a schemathesis property suite.

The probes once took the server down (a big-integer power holding the
interpreter lock, threads that kept running past the time limit, bodies parsed
on the event loop). Each must now get a bounded answer in the project's error
shape (never a 500), and right after them a cheap request must answer at once.
The server runs with a 1 s time limit, so each probe ends quickly; what it
answers (413/422 once the cost model refuses it up front, 503 when it is cut
at the time limit) may change, its bound may not. The bounds are hang guards
of minutes, not speeds: a probe that took the server down held it for as long
as the probe computed (a power of 10**10**10: hours), which a loaded machine
never comes near, while a slow-but-healthy server on a busy machine may take
seconds to replace a worker cut at its time limit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")

from webserver import BIG_BODY, CHEAP, PROBES, post, running_server  # noqa: E402

TIME_LIMIT = 1.0  # the server's --time-limit in these tests
BOUND = 120.0  # seconds any probe may take to be answered: the time limit, worker start, a loaded machine
CHEAP_BOUND = 120.0  # seconds the cheap request may take after the probes: far below a wedged server's hours


def assert_bounded(name: str, status: int, data: Any, seconds: float) -> None:
    """No 500; an error in the project's shape; within the bound."""
    assert status != 500 and status < 600, (name, status, data)
    if status != 200:
        assert isinstance(data, dict) and isinstance(data.get("detail"), str) and "field" in data, (name, data)
        assert "internal error" not in data["detail"], (name, data)
    assert seconds < BOUND, (name, seconds)


def assert_cheap_answers_fast(url: str) -> None:
    status, data, seconds = post(url, "/api/value", json.dumps(CHEAP).encode())
    assert status == 200 and data["grundy"] == 0
    assert seconds < CHEAP_BOUND, f"a cheap request took {seconds:.2f} s after the probes"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_server("--time-limit", str(TIME_LIMIT), "--workers", "2") as url:
        post(url, "/api/value", json.dumps(CHEAP).encode())  # the workers are up
        yield url


@pytest.mark.timeout(900)  # a hang guard
def test_each_probe_gets_a_bounded_answer_and_the_server_stays_responsive(server: str) -> None:
    for name, path, body in PROBES:
        status, data, seconds = post(server, path, body)
        assert_bounded(name, status, data, seconds)
        assert status in (200, 413, 422, 503), (name, status, data)
        if status == 503:  # one at a time: cut at the time limit, never refused as busy
            assert f"took longer than the time limit of {TIME_LIMIT:g} s" in data["detail"], (name, data)
        assert_cheap_answers_fast(server)


@pytest.mark.timeout(600)  # a hang guard
def test_a_heap_of_a_million_digits_is_refused_before_it_is_converted(server: str) -> None:
    """The JSON number's digits are counted first (converting 10^6 digits took past the time limit: a 503)."""
    body = dict((name, body) for name, _, body in PROBES)["heap-of-1e6-digits"]
    status, data, seconds = post(server, "/api/value", body)
    # a 422 naming the digit limit, not a 503 at the time limit: refused before the conversion
    assert status == 422 and "1,000,000 digits" in data["detail"] and "MAX_INT_DIGITS" in data["detail"], data
    assert seconds < BOUND, seconds


@pytest.mark.timeout(900)  # a hang guard
def test_four_huge_moore_requests_at_once_then_a_cheap_one(server: str) -> None:
    body = json.dumps({"ruleset": "moore", "params": {"k": "10**100"}, "position": [3, 4]}).encode()
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: post(server, "/api/value", body), range(4)))
    for status, data, seconds in answers:
        assert_bounded("moore", status, data, seconds)
    assert_cheap_answers_fast(server)


@pytest.mark.timeout(900)  # a hang guard
def test_every_probe_at_once_then_a_cheap_one(server: str) -> None:
    with ThreadPoolExecutor(len(PROBES)) as pool:
        answers = list(pool.map(lambda probe: (probe[0], *post(server, probe[1], probe[2])), PROBES))
    for name, status, data, seconds in answers:
        assert_bounded(name, status, data, seconds)
    assert_cheap_answers_fast(server)


@pytest.mark.timeout(600)  # a hang guard
def test_a_ten_megabyte_body_is_413_at_once(server: str) -> None:
    status, data, seconds = post(server, "/api/value", BIG_BODY)
    assert status == 413 and data["field"] == "body", data
    assert f"{len(BIG_BODY):,} bytes, over the limit of 1,048,576" in data["detail"]
    assert seconds < BOUND
    assert_cheap_answers_fast(server)


# ------------------------------------------------------------------ schemathesis
schemathesis = pytest.importorskip("schemathesis", reason="the HTTP property suite needs schemathesis ([dev] extra)")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)


@pytest.fixture(scope="module")
def api_schema() -> Iterator[Any]:
    from sprague.web import create_app

    app = create_app(time_limit=2.0)
    yield schemathesis.openapi.from_asgi("/openapi.json", app)
    app.state.pool.close()


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.slow  # about 20 s: run by `pytest -m slow` (.ci/run's second pass)
@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@pytest.mark.timeout(240)
def test_every_generated_request_gets_a_documented_answer(case: Any) -> None:
    """Requests generated from the OpenAPI document: no 5xx but the documented 503, answers match the document."""
    response = case.call()
    assert response.status_code < 500 or response.status_code == 503, (response.status_code, response.text)
    if response.status_code != 200:
        body = response.json()
        assert isinstance(body.get("detail"), str) and "field" in body, response.text
    case.validate_response(
        response,
        checks=[
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            negative_data_rejection,
        ],
    )
