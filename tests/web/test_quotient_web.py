"""``POST /api/quotient``: the misère quotient as the page shows it, a typed sum's element and winning moves.

Literature: Kayles's misère quotient has order 40 for every bound from heap 27 on (T. E. Plambeck and A. N. Siegel,
"Misère quotients for impartial games", JCTA 115 (2008) 593-622; sprague's own, checked by brute force on sums).
Every outcome and winning move here is checked against a brute-force misère search (tests/naive.py).
"""

from __future__ import annotations

import itertools
import json

import pytest

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
pytest.importorskip("starlette.testclient", reason="TestClient needs httpx2 ([dev] extra)")

from fastapi.testclient import TestClient  # noqa: E402

import naive  # noqa: E402
import sprague  # noqa: E402
from sprague.analysis.quotient_view import TABLE_SHOWN, quotient_html  # noqa: E402


def _sorted_kayles(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [tuple(sorted(h for h in o if h)) for o in naive.kayles_moves(heaps)]


def test_kayles_quotient_and_sums_read_off_it_agree_with_search(client: TestClient) -> None:
    resp = client.post("/api/quotient", json={"ruleset": "kayles", "max_heap": 30})
    assert resp.status_code == 200, resp.text
    q = resp.json()
    assert q["order"] == 40 and len(q["multiplication_table"]) == 40 and len(q["pretending_function"]) == 31
    assert len(q["genera"]) == 31 and q["genera"][1]["text"] == "1^031"  # Kayles heap 1 is *1: genus 1^031
    elements, table, P = q["elements"], q["multiplication_table"], set(q["p_portion"])
    phi = [elements.index(w) for w in q["pretending_function"]]
    for heaps in itertools.combinations_with_replacement(range(1, 9), 3):  # outcomes read off the JSON's table
        x = 0
        for h in heaps:
            x = table[x][phi[h]]
        assert ("P" if elements[x] in P else "N") == naive.misere_outcome(_sorted_kayles, heaps), heaps
    for heaps in ((2, 3, 7), (1, 4, 5), (3, 3, 6, 8)):  # a typed sum: its outcome and every winning move
        data = client.post("/api/quotient", json={"ruleset": "kayles", "max_heap": 30, "position": list(heaps)}).json()
        key = tuple(sorted(heaps))
        assert data["sum"]["outcome"] == naive.misere_outcome(_sorted_kayles, key), heaps
        found = {tuple(sorted(h for h in m["position"] if h)) for m in data["sum"]["winning_moves"]}
        assert found == naive.misere_p_options(_sorted_kayles, key), heaps


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"ruleset": "wythoff"}, "ruleset", "not a one-heap game"),
        ({"ruleset": "kayles", "max_heap": 5, "position": [9]}, "position", "heap 9 is over max_heap 5"),
        ({"ruleset": "kayles", "max_heap": 201}, "max_heap", "less than or equal to 200"),
        ({"ruleset": "kayles", "position": [-1]}, "position", "negative"),
        ({"ruleset": "kayles", "heaps": [3]}, "heaps", "unknown field"),
    ],
)
def test_bad_quotient_requests_are_422_naming_the_field(client: TestClient, body: dict, field: str, words: str) -> None:
    resp = client.post("/api/quotient", json=body)
    assert resp.status_code == 422, resp.text
    assert resp.json()["field"] == field and words in resp.json()["detail"], resp.text


def test_a_quotient_past_the_budget_of_a_request_is_413_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from sprague.web import app, handlers

    monkeypatch.setattr(handlers, "WEB_MAX_WORK", 100_000)  # a small budget: the stop comes at once
    status, data = handlers.handle(
        "quotient",
        json.dumps({"ruleset": "takebreak", "params": {"code": "0.07"}, "max_heap": 200}).encode(),
        app.DEFAULT_MAX_POSITIONS,
    )
    detail = json.loads(data)["detail"]
    assert status == 413 and "work budget of 100,000" in detail and "the server's budget of one request" in detail


def test_the_notebook_view_draws_the_table_with_the_p_portion_shaded(monkeypatch: pytest.MonkeyPatch) -> None:
    q = sprague.ruleset("kayles").misere_quotient(30)
    html = quotient_html(q, "kayles")
    assert q._repr_html_() == quotient_html(q)  # what a notebook shows for it
    assert q.order <= TABLE_SHOWN and html.count("<td") == (q.max_heap + 1) + q.order**2
    shaded = html.count("background:#cfe8cf")  # one shaded cell for each product (and heap) in the P-portion
    assert shaded == sum(q.table[x][y] in q.p_portion for x in range(q.order) for y in range(q.order)) + sum(
        q.phi[h] in q.p_portion for h in range(q.max_heap + 1)
    )
    from sprague.analysis import quotient_view

    monkeypatch.setattr(quotient_view, "TABLE_SHOWN", 39)  # a quotient over the size drawn: a note instead
    assert "<td" not in quotient_view.quotient_html(q).split("multiplication table")[
        1
    ] and "40 x 40, too large to draw" in quotient_view.quotient_html(q)


def test_the_genera_beside_a_quotient_get_a_quarter_of_the_budget_and_say_where_they_stopped() -> None:
    from sprague import cache
    from sprague.present.quotient import quotient_report

    r = sprague.ruleset("kayles")
    r.misere_quotient(30)  # the quotient had before: the budget below goes to the genera
    with cache.using(False), sprague.budget(work=400_000):
        data = quotient_report(r, 30)
    assert data["order"] == 40 and 0 < len(data["genera"]) < 31
    assert data["genera_note"].startswith(f"heaps 0..{len(data['genera']) - 1} only, in its share (1/4)")
    whole = [naive.genus(_sorted_kayles, (h,), 3) for h in range(len(data["genera"]))]
    assert [g["g"] for g in data["genera"]] == [g for g, _ in whole]  # the genera kept are right (their g)
