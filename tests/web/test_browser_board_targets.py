"""Boards to click in a real browser, drawn from the rulesets' hooks ``drawing`` and ``move_targets`` (issue 36,
point 3; boards.js): graph games drawn as SVG and board games as cells. Each game is played from the start to the
end by clicking the board (two players taking turns on the page, every other turn by the keyboard): every element
that plays one move is coloured green exactly when brute-force search finds that move's position a P-position (and
its label says so), the board plays exactly the legal moves (Cram: every domino, by each first cell's partners),
and the game ends with the winner search predicts; at 1200 px and at 390 px (deviceScaleFactor 3, tap targets of
at least 44 px, nothing wider than the screen), with no serious or critical axe-core violation with the board drawn.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from browsing import shot

import sprague

pytestmark = pytest.mark.slow  # a browser per module (tests/web/conftest.py): run by `pytest -m slow`

GAMES = [
    ("node-kayles", "C5"),
    ("arc-kayles", "S4"),
    ("vertex-geography", "a-b b-c c-a c-d d-e @a"),
    ("edge-geography", "a>b b>c c>a a-c c-d @a"),
    ("chomp", "3,2,1"),
    ("cram", "2x3"),
    ("dawsons-chess-board", "3x5"),
]


def _start(page: Any, ruleset: str, position: str) -> None:
    """Two players taking turns on the page (no computer)."""
    page.select_option("#ruleset", ruleset)
    page.fill("#position", position)
    page.select_option("#mode", "none")
    page.click("#start")


def _wait_for_turn(page: Any) -> bool:
    """Until the board plays this position's moves (False) or the game is over (True)."""
    page.wait_for_function(
        "document.querySelector('#winner').dataset.winner || (document.querySelector('[data-testid=board-drawn]') "
        "&& document.querySelectorAll('#options [data-testid=option]').length > 0 "
        "&& document.querySelectorAll('[data-testid=board-drawn] .playable, .board-cell:enabled')"
        ".length > 0)"
    )
    return bool(page.get_attribute("#winner", "data-winner"))


def _elements(page: Any) -> list[dict[str, Any]]:
    """What the board offers: each clickable element's id, classes, label, move (when it plays one) and size."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll(
                '[data-testid=board-drawn] .playable, .board-cell:enabled')].map((e) => {
              const box = e.getBoundingClientRect();
              return {id: e.dataset.id, cls: [...e.classList], label: e.getAttribute('aria-label') || '',
                      position: e.dataset.position || null, w: box.width, h: box.height};
            })"""
        )
    )


def _check_colours(r: Any, here: Any, found: list[dict[str, Any]], phone: bool) -> list[tuple[Any, bool]]:
    """Each element's move is legal and coloured by search; returns (option, wins) of the elements with one move."""
    legal = set(r.options(here))
    out = []
    for e in found:
        assert e["label"], e
        if phone:
            assert e["w"] >= 44 and e["h"] >= 44, e
        if e["position"] is None:
            continue
        option = r.check_position(json.loads(e["position"]))
        assert option in legal, (here, option)
        wins = r.grundy(option, method="search") == 0
        assert ("win" in e["cls"]) == wins and ("lose" in e["cls"]) == (not wins), (e, wins)
        assert ("a winning move" in e["label"]) == wins, e["label"]
        out.append((option, wins))
    return out


def _axe(page: Any) -> list[tuple[str, str]]:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-core comes with the [dev] extra")
    violations = axe.Axe().run(page).response["violations"]
    return [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")]


def _click(page: Any, selector: str, keyboard: bool) -> None:
    """Click an element, or focus it and press Enter (a keyboard user)."""
    if keyboard:
        page.focus(selector)
        page.keyboard.press("Enter")
    else:
        page.click(selector)


def _turn(page: Any, r: Any, here: Any, phone: bool, keyboard: bool) -> None:
    """Check the board of this turn and play a winning element if there is one, else any."""
    found = _elements(page)
    pairs = r.drawing(here)["pick"] == 2 if r.drawing(here)["kind"] == "cells" else False
    if not pairs:
        plays = _check_colours(r, here, found, phone)
        assert {o for o, _ in plays} == set(r.options(here)), "the board plays every move"
        choice = next(
            (e for e in found if e["position"] and "win" in e["cls"]), next(e for e in found if e["position"])
        )
        _click(page, f"[data-testid=board-drawn] .playable[data-id='{choice['id']}']", keyboard)
        return
    # a domino: each first cell shows the cells that complete it, each coloured by search; Escape cancels
    seen: set[Any] = set()
    best = None
    for e in found:
        _click(page, f".board-cell[data-id='{e['id']}']", keyboard)
        partners = [p for p in _elements(page) if "partner" in p["cls"]]
        for option, wins in _check_colours(r, here, partners, phone):
            seen.add(option)
            if best is None or (wins and not best[2]):
                best = (
                    e["id"],
                    next(
                        p["id"]
                        for p in partners
                        if p["position"] and r.check_position(json.loads(p["position"])) == option
                    ),
                    wins,
                )
        if partners:
            page.keyboard.press("Escape") if keyboard else page.click("[data-testid=board-note]")
            page.wait_for_function("!document.querySelector('.board-cell.chosen')")
    assert seen == set(r.options(here)), "the board places every domino"
    assert best is not None
    _click(page, f".board-cell[data-id='{best[0]}']", keyboard)
    _click(page, f".board-cell[data-id='{best[1]}']", keyboard)


@pytest.mark.parametrize("width", [1200, 390])
@pytest.mark.parametrize(("ruleset", "position"), GAMES)
def test_the_board_plays_the_game_to_the_end(
    make_page: Callable[..., Any], ruleset: str, position: str, width: int
) -> None:
    page = make_page(width=width, height=844 if width < 600 else 900, scale=3 if width < 600 else 1)
    r = sprague.ruleset(ruleset)
    start = r.parse_position(position.split())
    _start(page, ruleset, position)
    turns, places = 0, {}
    while not _wait_for_turn(page):
        here = r.check_position(json.loads(page.get_attribute("#current", "data-position")))
        now = page.evaluate(
            "Object.fromEntries([...document.querySelectorAll('.board-vertex')].map((g) => [g.dataset.id,"
            " [g.querySelector('circle').getAttribute('cx'), g.querySelector('circle').getAttribute('cy')]]))"
        )
        assert all(now[v] == places[v] for v in set(now) & set(places)), "a vertex keeps its place all game long"
        places = now
        if turns == 0:
            shot(page, f"boards-{ruleset}-{width}px.png")
            assert _axe(page) == []
            if width < 600:
                overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
                assert overflow <= 0, overflow
        before = page.get_attribute("#current", "data-position")
        _turn(page, r, here, width < 600, keyboard=turns % 2 == 1)
        page.wait_for_function(
            "(b) => document.querySelector('#current').dataset.position !== b || "
            "document.querySelector('#winner').dataset.winner",
            arg=before,
        )
        turns += 1
        assert turns < 30
    expected = "player 1" if r.grundy(start, method="search") != 0 else "player 2"
    assert page.get_attribute("#winner", "data-winner") == expected
