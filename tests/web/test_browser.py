"""The web page in a real browser: Playwright drives Debian's headless Chromium against `sprague serve`.

`.ci/run` installs Chromium (`apt-get install chromium`); Playwright (Python) comes
with the [dev] extra and is pointed at /usr/bin/chromium (its own browser
download is not used). Screenshots go to ``test-artifacts/`` at the top of the
repository.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import naive
from webserver import running_server

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is in the [dev] extra")
pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# slow: a browser and a server per module (about 25 s in all); run by `pytest -m slow` (.ci/run's second pass)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's chromium)"),
]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='true']")
    yield pg
    context.close()
    assert not errors, errors


def _play_to_the_end(page: Any, ruleset: str, position: str, moves: Any) -> str:
    """Start a game as the first player with values shown; play a winning option when there is one."""
    page.select_option("#ruleset", ruleset)
    page.fill("#position", position)
    page.select_option("#first", "human")
    page.select_option("#mode", "perfect")
    page.check("#show-values")
    page.click("#start")
    for _ in range(200):
        page.wait_for_function("document.querySelector('#winner').dataset.winner || "
                               "document.querySelectorAll('[data-testid=option]').length > 0")
        if page.get_attribute("#winner", "data-winner"):
            break
        options = page.query_selector_all("[data-testid=option]")
        here = tuple(json.loads(page.get_attribute("#current", "data-position")))
        # every listed option is a real move, and it is marked winning exactly when search says it is P
        listed = {tuple(sorted(json.loads(o.get_attribute("data-position")))) for o in options}
        assert listed == {tuple(sorted(m)) for m in moves(here)}
        for o in options:
            after = tuple(sorted(json.loads(o.get_attribute("data-position"))))
            assert (o.get_attribute("data-winning") == "true") == (naive.grundy(moves, after) == 0)
        chosen = next((o for o in options if o.get_attribute("data-winning") == "true"), options[0])
        before = page.get_attribute("#current", "data-position")
        chosen.click()
        page.wait_for_function("(before) => document.querySelector('#current').dataset.position !== before"
                               " || document.querySelector('#winner').dataset.winner", arg=before)
    return str(page.get_attribute("#winner", "data-winner"))


def test_a_full_game_of_nim_against_the_server(page: Any) -> None:
    """From (3, 4, 5), an N-position, the first player wins with perfect play: the page must say the user won.

    First a typed illegal move (a heap grows) is refused with the reason, and the game goes on.
    """
    page.select_option("#ruleset", "nim")
    page.fill("#position", "3 4 5")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")
    page.fill("#move", "3 4 6")
    page.click("#play-move")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.text_content("#error") == "nim: '3 4 6' cannot be reached from '3 4 5' in one move [move]"
    assert json.loads(page.get_attribute("#current", "data-position")) == [3, 4, 5]
    winner = _play_to_the_end(page, "nim", "3 4 5", naive.nim_moves)
    assert winner == "user"
    assert page.text_content("#winner") == "You win!"
    assert page.query_selector_all("[data-testid=option]") == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-nim-game.png"), full_page=True)


def test_a_full_game_of_single_delete_nim(page: Any) -> None:
    """Single-delete Nim from <2, 3, 4>: search says who wins; the page, with the user playing perfectly, agrees."""
    start = (2, 3, 4)
    expected = "user" if naive.grundy(naive.single_delete_moves, start) else "computer"
    assert _play_to_the_end(page, "single-delete", "2 3 4", naive.single_delete_moves) == expected
    history = page.text_content("#history") or ""
    assert "delete" in history


def test_heat_map_and_sequence_plot_render(page: Any) -> None:
    page.click("#tab-explore")
    page.select_option("#ruleset", "wythoff")
    page.fill("#grid-min", "0")
    page.fill("#grid-max", "12")
    page.select_option("#grid-values", "outcome")
    page.click("#draw")
    page.wait_for_selector("[data-testid=cell]")
    cells = page.query_selector_all("[data-testid=cell]")
    assert len(cells) == 13 * 13
    p_cells = {(int(c.get_attribute("data-x")), int(c.get_attribute("data-y")))
               for c in cells if c.get_attribute("data-value") == "P"}
    assert p_cells == {(x, y) for x in range(13) for y in range(13) if naive.grundy(naive.wythoff_moves, (x, y)) == 0}
    page.hover("[data-testid=cell][data-x='3'][data-y='5']")
    assert page.text_content("#cell") == "position 3 5: P"
    assert page.is_visible("#heatmap")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-heatmap.png"), full_page=True)
    # the handout's sum of Subtraction({1, 2}) and Subtraction({1, 3}): P iff G1(x) = G2(y)
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.select_option("#second", "subtraction")
    page.fill("#second-params", "S=1,3")
    page.fill("#grid-min", "0")
    page.fill("#grid-max", "8")
    page.click("#draw")
    page.wait_for_function("document.querySelectorAll('td[data-testid=cell]').length === 81")
    g1 = naive.subtraction_sequence(lambda s: s in (1, 2), 9)
    g2 = naive.subtraction_sequence(lambda s: s in (1, 3), 9)
    for c in page.query_selector_all("td[data-testid=cell]"):
        x, y = int(c.get_attribute("data-x")), int(c.get_attribute("data-y"))
        assert (c.get_attribute("data-value") == "P") == (g1[x] == g2[y]), (x, y)
    page.select_option("#second", "")
    page.select_option("#ruleset", "octal")
    page.fill("#param-code", "0.77")
    page.fill("#seq-to", "120")
    page.click("#draw-sequence")
    page.wait_for_selector("#sequence-svg")
    assert page.get_attribute("#period", "data-period") == "12"
    assert len(page.query_selector_all("#sequence-svg circle")) == 121


def test_random_position_comes_from_the_ruleset(page: Any) -> None:
    """The page's "random" button asks the server (``/api/random``, the ruleset's ``random_position``)."""
    for ruleset, pattern in (("turning-turtles", r"^[HT]{5,10}$"), ("green-hackenbush", r"^(\d+-\d+ ?){3,7}$"),
                             ("single-delete", r"^(\d+ ){3}\d+$")):
        page.select_option("#ruleset", ruleset)
        page.fill("#position", "")
        page.click("#random")
        page.wait_for_function("document.querySelector('#position').value !== ''")
        value = page.input_value("#position")
        assert re.match(pattern, value), (ruleset, value)
