"""Boards you click (issue 36, point 3), in a real browser: the games on graphs drawn as graphs (Node Kayles, Arc
Kayles, vertex and edge Geography), Chomp, Cram and Dawson's Chess on their cells. Each is played to the end by
clicking the board alone, on a desktop and on a 390 px phone at three device pixels per CSS pixel; at every turn
each coloured element's colour is the result of its move by brute-force search (the ruleset's own search, not the
page's), the board offers every move, and the winner is the one search predicts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_browser import _shot, _start, browser, server  # noqa: F401 - fixtures

import sprague

pytestmark = pytest.mark.slow  # a browser per module: run by `pytest -m slow` (.ci/run's second pass)

GAMES = [
    ("node-kayles", "C5"),
    ("arc-kayles", "S4"),
    ("vertex-geography", "a-b b-c c-d d-a a-c @a"),
    ("edge-geography", "a>b b>c c>a a>c @a"),
    ("chomp", "3,2,1"),
    ("cram", "2x3"),
    ("dawsons-chess-board", "3x5"),
]
SIZES = {"desktop": ({"width": 1200, "height": 900}, 1), "phone": ({"width": 390, "height": 844}, 3)}


@pytest.fixture(params=list(SIZES))
def screen(request: Any, browser: Any, server: str) -> Iterator[Any]:  # noqa: F811
    viewport, density = SIZES[request.param]
    context = browser.new_context(viewport=viewport, device_scale_factor=density, has_touch=density > 1)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='true']")
    pg.size_name = request.param
    yield pg
    context.close()
    assert not errors, errors


def _settled(page: Any) -> bool:
    """Wait until the game is over (True) or the user's turn shows with its options listed (False)."""
    page.wait_for_function(
        "document.querySelector('#winner').dataset.winner || "
        "(document.querySelector('#options-count').textContent !== '' && "
        "document.querySelectorAll('[data-testid=option]').length > 0)"
    )
    return bool(page.get_attribute("#winner", "data-winner"))


def _here(page: Any, rules: Any) -> Any:
    import json

    here = json.loads(page.get_attribute("#current", "data-position") or "null")
    return rules.check_position(here if isinstance(here, str) else tuple(here))


def _coloured(page: Any) -> dict[str, str]:
    """The board's coloured elements: {move words: its colour class}."""
    return page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#board .move')]"
        ".map((e) => [e.dataset.move, ['win', 'lose', 'draw'].find((k) => e.classList.contains(k))]))"
    )


def _cram_moves(page: Any) -> dict[str, str]:
    """Cram: every domino the board offers, by choosing each empty cell in turn (its partners are coloured)."""
    found: dict[str, str] = {}
    names = page.evaluate("[...document.querySelectorAll('#board .cell.empty')].map((c) => c.dataset.cell)")
    for name in names:
        page.click(f"#board [data-cell={name}]")
        found.update(_coloured(page))
        page.keyboard.press("Escape")
    return found


@pytest.mark.parametrize("name, position", GAMES)
def test_a_board_game_is_played_to_the_end_by_clicking_its_board(screen: Any, name: str, position: str) -> None:
    rules = sprague.ruleset(name)
    first_wins = rules.grundy(rules.check_position(position), method="search") != 0
    _start(screen, name, position)
    for _turn in range(40):
        if _settled(screen):
            break
        pos = _here(screen, rules)
        want = {
            rules.describe_move(pos, o): "win" if rules.grundy(o, method="search") == 0 else "lose"
            for o in rules.moves(pos)
        }
        shown = _cram_moves(screen) if name == "cram" else _coloured(screen)
        assert shown == want, (rules.format_position(pos), shown, want)
        move = next((m for m, k in shown.items() if k == "win"), next(iter(shown)))
        if name == "cram":  # a domino is two clicks: a cell, then the cell next to it
            first, second = move.removeprefix("domino ").split("-")
            screen.click(f"#board [data-cell={first}]")
        before = screen.get_attribute("#current", "data-position")
        element = screen.locator(f"#board .move[data-move='{move}']").first
        if screen.size_name == "phone":
            element.tap()
        else:
            element.click()
        screen.wait_for_function(
            "(b) => document.querySelector('#current').dataset.position !== b ||"
            " document.querySelector('#winner').dataset.winner",
            arg=before,
        )
    assert screen.get_attribute("#winner", "data-winner") == ("user" if first_wins else "computer")


@pytest.mark.parametrize("size", list(SIZES))
def test_boards_are_accessible_and_fit_the_screen(browser: Any, server: str, size: str) -> None:  # noqa: F811
    """axe-core finds no serious or critical violation with each board drawn; every element that plays a move is at
    least 44 CSS px on a phone, reachable by Tab and played by Enter; nothing is wider than the screen."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-core comes with the [dev] extra")
    viewport, density = SIZES[size]
    context = browser.new_context(viewport=viewport, device_scale_factor=density)
    pg = context.new_page()
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='true']")
    found, small, wide = [], [], {}
    for name, position in GAMES:
        _start(pg, name, position)
        _settled(pg)
        violations = axe.Axe().run(pg).response["violations"]
        found += [(name, v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")]
        small += pg.evaluate(
            "[...document.querySelectorAll('#board .move, #board .cell')].filter((e) => { const r ="
            " e.getBoundingClientRect(); return Math.min(r.width, r.height) < 44 &&"
            " !e.classList.contains('edge'); }).map((e) => e.dataset.vertex || e.dataset.cell)"
        )
        wide[name] = pg.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        _shot(pg, f"board-{name}-{size}.png")
    pg.select_option("#ruleset", "node-kayles")
    _start(pg, "node-kayles", "P3")
    _settled(pg)
    pg.focus("#board .move")  # the keyboard: Tab reaches a vertex, Enter plays it
    before = pg.get_attribute("#current", "data-position")
    pg.keyboard.press("Enter")
    pg.wait_for_function("(b) => document.querySelector('#current').dataset.position !== b", arg=before)
    context.close()
    assert found == [] and small == [] and all(w <= 0 for w in wide.values()), (found, small, wide)
