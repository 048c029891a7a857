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


def _start_nim_345(page: Any) -> None:
    """A game of Nim from 3 4 5 against the perfect player, the user first; returns once the options are listed."""
    page.select_option("#ruleset", "nim")
    page.fill("#position", "3 4 5")
    page.select_option("#first", "human")
    page.select_option("#mode", "perfect")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")


def _play_to_the_end(page: Any, ruleset: str, position: str, moves: Any, misere: bool = False) -> str:
    """Start a game as the first player with values shown (under misère play with ``misere``); play a winning
    option when there is one. Every listed option is a real move, marked winning exactly when the naive solver
    finds it a P-position (misère: with its misère Grundy value shown); returns the winner the page announces."""
    page.select_option("#ruleset", ruleset)
    if misere:
        page.check("#misere")
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
        if misere:
            assert (page.text_content("#status") or "").startswith("Misère play: whoever makes the last move loses.")
        for _ in range(50):  # the new position can show a moment before its options do: read until they agree
            options = page.query_selector_all("[data-testid=option]")
            here = tuple(json.loads(page.get_attribute("#current", "data-position")))
            listed = {tuple(sorted(json.loads(o.get_attribute("data-position")))) for o in options}
            if listed == {tuple(sorted(m)) for m in moves(here)}:
                break
            page.wait_for_timeout(50)
        assert listed == {tuple(sorted(m)) for m in moves(here)}
        for o in options:
            after = tuple(sorted(json.loads(o.get_attribute("data-position"))))
            if misere:
                assert (o.get_attribute("data-winning") == "true") == (naive.misere_outcome(moves, after) == "P")
                assert o.get_attribute("data-value") == str(naive.misere_grundy(moves, after))
            else:
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
    page.select_option("#ruleset", "takebreak")
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


# ------------------------------------------------- stale answers: each shown answer is for what the page shows
class Hold:
    """The first request to ``path`` is held back until :meth:`release`: a slow answer that arrives after later ones."""

    def __init__(self, page: Any, path: str) -> None:
        self.page, self.pattern = page, f"**{path}"
        self.held: list[Any] = []
        page.route(self.pattern, self._route)

    def _route(self, route: Any) -> None:
        if self.held:
            route.continue_()
        else:
            self.held.append(route)

    def wait(self) -> None:
        """Until the request is held."""
        for _ in range(500):
            if self.held:
                return
            self.page.wait_for_timeout(20)
        raise AssertionError(f"no request to {self.pattern}")

    def release(self) -> None:
        """Let the held request through, and wait until the page has had its answer."""
        self.wait()
        with self.page.expect_event("requestfinished"):
            self.held[0].continue_()
        self.page.wait_for_timeout(300)
        self.page.unroute(self.pattern)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _value_of(page: Any, position: str) -> tuple[Any, int]:
    """Type ``position``, press Value: (the position the answer says it is for, its G) once it is shown."""
    page.evaluate("() => { const out = document.querySelector('#value-out'); out.textContent = '';"
                  " delete out.dataset.value; delete out.dataset.position; }")
    page.fill("#position", position)
    page.click("#value")
    page.wait_for_function("document.querySelector('#value-out').dataset.value !== undefined")
    shown = page.get_attribute("#value-out", "data-position")
    return (json.loads(shown) if shown else None), int(str(page.get_attribute("#value-out", "data-value")))


def test_value_answers_for_the_typed_position_during_a_game(page: Any) -> None:
    """A game of Wythoff is under way (at a P-position after a move each); Value for a typed position is its G."""
    page.select_option("#ruleset", "wythoff")
    page.fill("#position", "3 5")
    page.select_option("#first", "human")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")
    page.query_selector_all("[data-testid=option]")[0].click()   # a move each: the game is at a new position
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    in_game = tuple(json.loads(page.get_attribute("#current", "data-position")))
    typed_positions = ((4, 6), (2, 2), (0, 9))
    assert all(naive.grundy(naive.wythoff_moves, t) != naive.grundy(naive.wythoff_moves, in_game)
               for t in typed_positions)
    for typed in typed_positions:
        position, g = _value_of(page, f"{typed[0]} {typed[1]}")
        assert g == naive.grundy(naive.wythoff_moves, typed), typed
        assert position == list(typed)
        said = page.text_content("#value-out") or ""
        assert said.startswith(f"Value of the typed position {typed[0]} {typed[1]}: G = {g},")
    # the game itself is untouched
    assert tuple(json.loads(page.get_attribute("#current", "data-position"))) == in_game
    _shot(page, "browser-value-typed.png")


def test_value_a_slow_answer_does_not_overwrite_a_later_one(page: Any) -> None:
    """Value for (4, 7) is slow; Value for (6, 9), asked later, answers first: (6, 9)'s value stays shown."""
    page.select_option("#ruleset", "wythoff")
    hold = Hold(page, "/api/value")
    page.fill("#position", "4 7")
    page.click("#value")
    hold.wait()
    assert naive.grundy(naive.wythoff_moves, (4, 7)) != naive.grundy(naive.wythoff_moves, (6, 9))
    _value_of(page, "6 9")
    hold.release()
    assert int(str(page.get_attribute("#value-out", "data-value"))) == naive.grundy(naive.wythoff_moves, (6, 9))
    assert json.loads(str(page.get_attribute("#value-out", "data-position"))) == [6, 9]
    # an answer for the old ruleset never lands under the new one
    hold = Hold(page, "/api/value")
    page.fill("#position", "4 7")
    page.click("#value")
    hold.wait()
    page.select_option("#ruleset", "nim")
    hold.release()
    assert page.text_content("#value-out") == ""


def _drawn(page: Any) -> dict[str, Any]:
    """What the Explore panel shows now."""
    return page.evaluate("""() => ({
        cells: document.querySelectorAll('td[data-testid=cell]').length,
        circles: document.querySelectorAll('#sequence-svg circle').length,
        period: document.querySelector('#period').textContent,
        cell: document.querySelector('#cell').textContent,
        captions: ['#grid-caption', '#sequence-caption']
            .map((id) => (document.querySelector(id) || {}).textContent || '').join('')})""")


def _plot(page: Any, to: int) -> list[int]:
    page.fill("#seq-to", str(to))
    page.click("#draw-sequence")
    page.wait_for_function("(n) => document.querySelectorAll('#sequence-svg circle').length === n", arg=to + 1)
    return [int(c.get_attribute("data-value")) for c in page.query_selector_all("#sequence-svg circle")]


def _grid(page: Any, top: int) -> dict[tuple[int, int], str]:
    page.fill("#grid-min", "0")
    page.fill("#grid-max", str(top))
    page.click("#draw")
    page.wait_for_function("(n) => document.querySelectorAll('td[data-testid=cell]').length === n",
                           arg=(top + 1) ** 2)
    return {(int(c.get_attribute("data-x")), int(c.get_attribute("data-y"))): str(c.get_attribute("data-value"))
            for c in page.query_selector_all("td[data-testid=cell]")}


def test_explore_shows_nothing_of_the_previous_ruleset(page: Any) -> None:
    """Subtraction({1, 2}): grid, plot and period drawn; on switching to Wythoff none of them stays, then Wythoff's."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.select_option("#grid-values", "grundy")
    g = naive.subtraction_sequence(lambda s: s in (1, 2), 31)
    assert _grid(page, 6) == {(x, y): str(g[x] ^ g[y]) for x in range(7) for y in range(7)}
    page.hover("[data-testid=cell][data-x='1'][data-y='2']")
    assert _plot(page, 30) == g
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(g, 0))
    page.select_option("#ruleset", "wythoff")
    shown = _drawn(page)
    assert shown == {"cells": 0, "circles": 0, "period": "", "cell": "", "captions": ""}, shown
    assert page.is_disabled("#draw-sequence")
    cells = _grid(page, 7)
    assert {xy for xy, v in cells.items() if v == "0"} == {
        (x, y) for x in range(8) for y in range(8) if naive.grundy(naive.wythoff_moves, (x, y)) == 0}
    assert page.text_content("#grid-caption") == "wythoff: Grundy values"
    _shot(page, "browser-explore-wythoff.png")
    # and back to a one-heap game: its own plot and period
    page.select_option("#ruleset", "takebreak")
    assert _drawn(page)["cells"] == 0
    page.fill("#param-code", "0.77")
    values = _plot(page, 120)
    assert values == naive.octal_sequence([0, 7, 7], 121)
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(values, 71))
    assert page.text_content("#sequence-caption").startswith("takebreak (code=0.77)")
    _shot(page, "browser-explore-switch.png")


def test_explore_shows_nothing_of_the_previous_parameters(page: Any) -> None:
    """Editing a parameter clears what was drawn with the old one; drawing again draws the new game."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.select_option("#grid-values", "grundy")
    _grid(page, 5)
    _plot(page, 20)
    page.fill("#param-S", "1,3")
    shown = _drawn(page)
    assert shown == {"cells": 0, "circles": 0, "period": "", "cell": "", "captions": ""}, shown
    g = naive.subtraction_sequence(lambda s: s in (1, 3), 41)
    assert _plot(page, 40) == g
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(g, 0))
    assert _grid(page, 5) == {(x, y): str(g[x] ^ g[y]) for x in range(6) for y in range(6)}
    assert page.text_content("#grid-caption") == "subtraction (S=1,3): Grundy values"
    _shot(page, "browser-explore-params-edited.png")


def test_explore_a_slow_answer_for_the_previous_ruleset_is_dropped(page: Any) -> None:
    """A grid and a plot asked for Subtraction({1, 2}) arrive after the switch to octal 0.77 and its plot: not shown."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    grid, plot = Hold(page, "/api/table"), Hold(page, "/api/sequence")
    page.fill("#grid-max", "9")
    page.click("#draw")
    page.fill("#seq-to", "30")
    page.click("#draw-sequence")
    grid.wait()
    plot.wait()
    page.select_option("#ruleset", "takebreak")
    page.fill("#param-code", "0.77")
    values = _plot(page, 120)
    grid.release()
    plot.release()
    assert _drawn(page)["cells"] == 0
    assert [int(c.get_attribute("data-value")) for c in page.query_selector_all("#sequence-svg circle")] == values
    assert values == naive.octal_sequence([0, 7, 7], 121)
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(values, 71))
    # and a later plot of the same game wins over an earlier, slower one
    plot = Hold(page, "/api/sequence")
    page.fill("#seq-to", "20")
    page.click("#draw-sequence")
    plot.wait()
    assert _plot(page, 40) == naive.octal_sequence([0, 7, 7], 41)
    plot.release()
    assert len(page.query_selector_all("#sequence-svg circle")) == 41


def test_random_for_the_previous_ruleset_is_dropped(page: Any) -> None:
    """A random Subtraction heap that arrives after the switch to Turning Turtles is not typed in."""
    page.select_option("#ruleset", "subtraction")
    hold = Hold(page, "/api/random")
    page.click("#random")
    hold.wait()
    page.select_option("#ruleset", "turning-turtles")
    hold.release()
    assert re.fullmatch(r"[HT]+", page.input_value("#position"))


def test_a_slow_hint_for_an_earlier_position_is_dropped(page: Any) -> None:
    """A hint asked at (3, 4, 5) that arrives after the user moved is not shown for the new position."""
    _start_nim_345(page)
    hold = Hold(page, "/api/play")
    page.click("#hint")
    hold.wait()
    page.query_selector_all("[data-testid=option]")[0].click()   # its /api/play goes through
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    hold.release()
    here = tuple(json.loads(page.get_attribute("#current", "data-position")))
    hinted = page.get_attribute("#hint-out", "data-hint")
    winning = {tuple(sorted(o)) for o in naive.p_options(naive.nim_moves, here)}
    if page.text_content("#hint-out"):   # a hint, if any is shown, is a winning move from where the game is
        assert hinted is not None
        assert {tuple(sorted(h)) for h in json.loads(hinted)} <= winning
    # a hint asked now is for the position now
    if naive.grundy(naive.nim_moves, here):
        page.click("#hint")
        page.wait_for_function("document.querySelector('#hint-out').textContent.length > 0")
        hints = {tuple(sorted(h)) for h in json.loads(page.get_attribute("#hint-out", "data-hint"))}
        assert hints == winning


def test_editing_a_parameter_ends_the_game_played_with_the_old_one(page: Any) -> None:
    """A game of Subtraction({1, 2}) from 7; S edited to 1,3: no option of either stays; Start plays the new game."""
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.fill("#position", "7")
    page.select_option("#first", "human")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")
    page.fill("#param-S", "1,3")
    assert page.query_selector_all("[data-testid=option]") == []
    assert page.text_content("#current") == ""
    assert "press Start" in page.text_content("#status")
    _shot(page, "browser-game-params-edited.png")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")
    listed = {tuple(json.loads(o.get_attribute("data-position")))
              for o in page.query_selector_all("[data-testid=option]")}
    assert listed == set(naive.subtraction_moves({1, 3})((7,)))


def test_slow_options_for_an_earlier_position_are_dropped(page: Any) -> None:
    """Options listed again at (3, 4, 5) (show values ticked) arrive after the user moved: the new position's stay."""
    _start_nim_345(page)
    hold = Hold(page, "/api/moves")
    page.check("#show-values")
    hold.wait()
    page.query_selector_all("[data-testid=option]")[0].click()   # its /api/play and /api/moves go through
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    here = tuple(json.loads(page.get_attribute("#current", "data-position")))
    page.wait_for_selector("[data-testid=option]")
    hold.release()
    listed = {tuple(sorted(json.loads(o.get_attribute("data-position"))))
              for o in page.query_selector_all("[data-testid=option]")}
    assert listed == {tuple(sorted(m)) for m in naive.nim_moves(here)}


# ------------------------------------------------------------------ misère play
def _misere_game(page: Any, position: str) -> str:
    """Misère Nim from ``position``, the user first, every option checked against the naive misère solver."""
    return _play_to_the_end(page, "nim", position, naive.nim_moves, misere=True)


def test_misere_toggle_on_nim_1_1_1_then_back_to_normal(page: Any) -> None:
    """Nim 1 1 1: N under normal play, P under misère play (an odd number of heaps of 1; Bouton 1902)."""
    assert naive.outcome(naive.nim_moves, (1, 1, 1)) == "N" and naive.misere_outcome(naive.nim_moves, (1, 1, 1)) == "P"
    page.select_option("#ruleset", "nim")
    page.check("#misere")
    page.fill("#position", "1 1 1")
    page.click("#value")
    page.wait_for_function("document.querySelector('#value-out').dataset.outcome !== undefined")
    assert page.get_attribute("#value-out", "data-outcome") == "P"
    assert page.get_attribute("#value-out", "data-misere") == "true"
    assert page.text_content("#value-out") == \
        "Value of the typed position 1 1 1 under misère play: G⁻ = 0, P-position (the player to move loses)"
    _shot(page, "browser-misere-value.png")
    page.uncheck("#misere")   # the value shown is asked again, under normal play
    page.wait_for_function("document.querySelector('#value-out').dataset.misere === 'false'")
    assert page.get_attribute("#value-out", "data-outcome") == "N"
    assert page.text_content("#value-out") == \
        "Value of the typed position 1 1 1: G = 1, N-position (the player to move wins)"
    # the heat map under misère play: Nim with two heaps is P iff x = y, but for (0, 0) N and (1, 0), (0, 1) P
    page.check("#misere")
    page.click("#tab-explore")
    page.select_option("#grid-values", "outcome")
    cells = _grid(page, 5)
    assert {xy for xy, v in cells.items() if v == "P"} == {
        (x, y) for x in range(6) for y in range(6) if naive.misere_outcome(naive.nim_moves, (x, y)) == "P"}
    assert page.text_content("#grid-caption") == "nim: outcomes under misère play"
    assert _plot(page, 12) == [naive.misere_grundy(naive.nim_moves, (n,)) for n in range(13)]
    assert page.text_content("#sequence-caption") == "nim: G⁻(0) to G⁻(12) (misère play)"
    assert page.text_content("#period") == "every heap 0..12 is tame (plays as misère Nim)"  # nim heaps: ONAG ch. 12


def test_a_misere_game_against_the_computer_announces_the_right_winner(page: Any) -> None:
    """Under misère play the player who makes the last move loses: from a misère N-position the user (first,
    playing perfectly) wins; from a misère P-position the computer does. Winning Ways ch. 13 (misère Nim)."""
    for start, position in (((1, 1, 2), "1 1 2"), ((2, 2), "2 2")):
        expected = "user" if naive.misere_outcome(naive.nim_moves, start) == "N" else "computer"
        assert _misere_game(page, position) == expected
        history = page.query_selector_all("#history li")
        last = (history[-1].text_content() or "").split(":")[0]   # "you" or "computer": who took the last token
        assert last == ("computer" if expected == "user" else "you")
        said = page.text_content("#winner") or ""
        if expected == "user":
            assert said == "You win! The computer made the last move, and under misère play the player who makes " \
                           "the last move loses."
        else:
            assert said == "The computer wins. You made the last move, and under misère play the player who " \
                           "makes the last move loses."
        _shot(page, f"browser-misere-game-{expected}.png")
        page.uncheck("#misere")   # the next game starts from normal play again


def test_a_normal_play_answer_arriving_after_the_misere_toggle_is_dropped(page: Any) -> None:
    """Value of nim 1 1 1 asked under normal play (N) is slow; misère is ticked meanwhile: N is never shown.
    A game under way ends when the play changes."""
    page.select_option("#ruleset", "nim")
    hold = Hold(page, "/api/value")
    page.fill("#position", "1 1 1")
    page.click("#value")
    hold.wait()
    page.check("#misere")
    hold.release()
    assert page.text_content("#value-out") == ""
    position, g = _value_of(page, "1 1 1")
    assert g == naive.misere_grundy(naive.nim_moves, (1, 1, 1)) == 0
    assert page.get_attribute("#value-out", "data-outcome") == "P"
    # a game started under misère play ends when normal play is chosen
    page.fill("#position", "3 4 5")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")
    page.uncheck("#misere")
    assert page.query_selector_all("[data-testid=option]") == []
    assert page.text_content("#status") == "The game was played under misère play: press Start for a new one."
