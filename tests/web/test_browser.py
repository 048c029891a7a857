"""The web page in a real browser: Playwright drives Debian's headless Chromium against `sprague serve`.

`.ci/run` installs Chromium (`apt-get install chromium`); Playwright (Python) comes
with the [dev] extra and is pointed at /usr/bin/chromium (its own browser
download is not used). Screenshots go to ``test-artifacts/`` at the top of the
repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browsing import shot

import naive
import sprague

pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
# slow: a browser and a server per module (about 25 s in all); run by `pytest -m slow` (.ci/run's second pass);
# the fixtures server, browser, page and make_page are in tests/web/conftest.py
pytestmark = pytest.mark.slow


def _start_nim_345(page: Any) -> None:
    """A game of Nim from 3 4 5 against the perfect player, the user first; returns once the options are listed."""
    page.select_option("#ruleset", "nim")
    page.fill("#position", "3 4 5")
    page.select_option("#first", "human")
    page.select_option("#mode", "perfect")
    page.click("#start")
    page.wait_for_selector("[data-testid=option]")


def _game_over_or_options(page: Any) -> bool:
    """Wait until the game is over (True) or the options of the user's turn are listed (False)."""
    page.wait_for_function(
        "document.querySelector('#winner').dataset.winner || "
        "document.querySelectorAll('[data-testid=option]').length > 0"
    )
    return bool(page.get_attribute("#winner", "data-winner"))


def _play(page: Any, option: Any) -> None:
    """Click an option and wait until the position it leaves (or the end of the game) shows."""
    before = page.get_attribute("#current", "data-position")
    option.click()
    page.wait_for_function(
        "(before) => document.querySelector('#current').dataset.position !== before"
        " || document.querySelector('#winner').dataset.winner",
        arg=before,
    )


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
        if _game_over_or_options(page):
            break
        if misere:
            assert (page.text_content("#status") or "").startswith("Misère play: whoever makes the last move loses."), (
                page.text_content("#status")
            )
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
        _play(page, chosen)
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
    shot(page, "browser-nim-game.png")


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
    page.select_option("#grid-values", "outcome")
    cells = _grid(page, 12)
    assert len(cells) == 13 * 13
    assert {xy for xy, v in cells.items() if v == "P"} == {
        (x, y) for x in range(13) for y in range(13) if naive.grundy(naive.wythoff_moves, (x, y)) == 0
    }
    _hover_cell(page, 3, 5)
    assert page.text_content("#cell") == "position 3 5: P"
    assert (
        page.is_visible("#heatmap")
        and " ".join(page.text_content("#legend").split()) == "P (the player to move loses) N (wins)"
    )
    _shot(page, "browser-heatmap.png")
    # the handout's sum of Subtraction({1, 2}) and Subtraction({1, 3}): P iff G1(x) = G2(y)
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.select_option("#second", "subtraction")
    page.fill("#second-params", "S=1,3")
    g1 = naive.subtraction_sequence(lambda s: s in (1, 2), 9)
    g2 = naive.subtraction_sequence(lambda s: s in (1, 3), 9)
    assert _grid(page, 8) == {(x, y): "P" if g1[x] == g2[y] else "N" for x in range(9) for y in range(9)}
    page.select_option("#second", "")
    page.select_option("#ruleset", "takebreak")
    page.fill("#param-code", "0.77")
    assert _plot(page, 120) == naive.octal_sequence([0, 7, 7], 121)
    assert page.get_attribute("#period", "data-period") == "12"
    assert page.get_attribute("#sequence", "data-points") == "121"


def test_random_position_comes_from_the_ruleset(page: Any) -> None:
    """The page's "random" button asks the server (``/api/random``, the ruleset's ``random_position``)."""
    for ruleset, pattern in (
        ("turning-turtles", r"^[HT]{5,10}$"),
        ("green-hackenbush", r"^(\d+-\d+ ?){3,7}$"),
        ("single-delete", r"^(\d+ ){3}\d+$"),
    ):
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
        """Let the held request through (unless the page has cancelled it), and give the page time for its answer."""
        self.wait()
        self.cancelled = False
        try:
            self.held[0].continue_()
        except Exception:  # the page aborted it (a later request for the same output): nothing can arrive
            self.cancelled = True
        self.page.wait_for_timeout(300)
        self.page.unroute(self.pattern)


_shot = shot  # the name the other browser tests import


def _value_of(page: Any, position: str) -> tuple[Any, int]:
    """Type ``position``, press Value: (the position the answer says it is for, its G) once it is shown."""
    page.evaluate(
        "() => { const out = document.querySelector('#value-out'); out.textContent = '';"
        " delete out.dataset.value; delete out.dataset.position; }"
    )
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
    page.query_selector_all("[data-testid=option]")[0].click()  # a move each: the game is at a new position
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    in_game = tuple(json.loads(page.get_attribute("#current", "data-position")))
    typed_positions = ((4, 6), (2, 2), (0, 9))
    assert all(
        naive.grundy(naive.wythoff_moves, t) != naive.grundy(naive.wythoff_moves, in_game) for t in typed_positions
    )
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
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    hold = Hold(page, "/api/value")
    page.fill("#position", "4 7")
    page.click("#value")
    hold.wait()
    assert naive.grundy(naive.wythoff_moves, (4, 7)) != naive.grundy(naive.wythoff_moves, (6, 9))
    _value_of(page, "6 9")
    assert any(url.endswith("/api/value") for url in failed), failed  # the stale request was cancelled
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
    return page.evaluate("""() => { const v = window.spragueView; return {
        cells: v.grid ? v.grid.rows.length * v.grid.columns.length : 0,
        canvas: document.querySelector('#heatmap').width * document.querySelector('#sequence').width,
        circles: v.sequence ? v.sequence.values.length : 0,
        period: document.querySelector('#period').textContent,
        cell: document.querySelector('#cell').textContent,
        captions: ['#grid-caption', '#sequence-caption']
            .map((id) => (document.querySelector(id) || {}).textContent || '').join('')}; }""")


def _plot(page: Any, to: int) -> list[int]:
    """Plot the sequence to ``to``: the values drawn (once the plot is up)."""
    page.fill("#seq-to", str(to))
    page.click("#draw-sequence")
    page.wait_for_function(
        "(n) => window.spragueView.sequence && window.spragueView.sequence.values.length === n", arg=to + 1
    )
    return [int(v) for v in page.evaluate("() => window.spragueView.sequence.values")]


def _grid(page: Any, top: int) -> dict[tuple[int, int], str]:
    """Draw the heat map of heaps 0..top: {(x, y): the value drawn in that cell}."""
    page.fill("#grid-min", "0")
    page.fill("#grid-max", str(top))
    page.click("#draw")
    page.wait_for_function(
        "(n) => window.spragueView.grid && window.spragueView.grid.rows.length === n &&"
        " document.querySelector('#heatmap').dataset.cells === String(n * n)",
        arg=top + 1,
    )
    grid = page.evaluate("() => window.spragueView.grid")
    return {
        (int(x), int(y)): str(grid["table"][i][j])
        for i, y in enumerate(grid["rows"])
        for j, x in enumerate(grid["columns"])
    }


def _hover_cell(page: Any, x: int, y: int) -> None:
    at = page.evaluate("([x, y]) => window.spragueView.cellPoint(x, y)", [x, y])
    page.hover("#heatmap", position={"x": at["x"], "y": at["y"]})


def test_explore_shows_nothing_of_the_previous_ruleset(page: Any) -> None:
    """Subtraction({1, 2}): grid, plot and period drawn; on switching to Wythoff none of them stays, then Wythoff's."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.select_option("#grid-values", "grundy")
    g = naive.subtraction_sequence(lambda s: s in (1, 2), 31)
    assert _grid(page, 6) == {(x, y): str(g[x] ^ g[y]) for x in range(7) for y in range(7)}
    _hover_cell(page, 1, 2)
    assert _plot(page, 30) == g
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(g, 0))
    page.select_option("#ruleset", "wythoff")
    shown = _drawn(page)
    assert shown == {"cells": 0, "canvas": 0, "circles": 0, "period": "", "cell": "", "captions": ""}, shown
    assert page.is_disabled("#draw-sequence")
    cells = _grid(page, 7)
    assert {xy for xy, v in cells.items() if v == "0"} == {
        (x, y) for x in range(8) for y in range(8) if naive.grundy(naive.wythoff_moves, (x, y)) == 0
    }
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
    assert shown == {"cells": 0, "canvas": 0, "circles": 0, "period": "", "cell": "", "captions": ""}, shown
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
    assert page.evaluate("() => window.spragueView.sequence.values") == values
    assert values == naive.octal_sequence([0, 7, 7], 121)
    assert page.get_attribute("#period", "data-period") == str(naive.smallest_period(values, 71))
    # and a later plot of the same game wins over an earlier, slower one
    plot = Hold(page, "/api/sequence")
    page.fill("#seq-to", "20")
    page.click("#draw-sequence")
    plot.wait()
    assert _plot(page, 40) == naive.octal_sequence([0, 7, 7], 41)
    plot.release()
    assert _drawn(page)["circles"] == 41


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
    page.click("[data-testid=option].win")  # its /api/play goes through; the computer is left a P-position
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    hold.release()
    here = tuple(json.loads(page.get_attribute("#current", "data-position")))
    hinted = page.get_attribute("#hint-out", "data-hint")
    winning = {tuple(sorted(o)) for o in naive.p_options(naive.nim_moves, here)}
    if page.text_content("#hint-out"):  # a hint, if any is shown, is a winning move from where the game is
        assert hinted is not None
        assert {tuple(sorted(h)) for h in json.loads(hinted)} <= winning
    # a hint asked now is for the position now (an N-position: the computer had to move from a P-position)
    assert naive.grundy(naive.nim_moves, here)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-out').textContent.length > 0")
    hints = {tuple(sorted(h)) for h in json.loads(page.get_attribute("#hint-out", "data-hint"))}
    assert hints == winning


def _options(page: Any) -> set[tuple[Any, ...]]:
    """The positions the listed options lead to, once the options of the position shown are listed."""
    page.wait_for_selector("[data-testid=option]")
    return {
        tuple(json.loads(o.get_attribute("data-position"))) for o in page.query_selector_all("[data-testid=option]")
    }


def test_a_game_keeps_its_rules_when_a_parameter_is_edited(page: Any) -> None:
    """A game of Subtraction({1, 2}) from 7; S edited to 1,3 mid-game: the game goes on under S = {1, 2}, and says
    so; Start then plays Subtraction({1, 3})."""
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,2")
    page.fill("#position", "7")
    page.select_option("#first", "human")
    page.click("#start")
    assert _options(page) == set(naive.subtraction_moves({1, 2})((7,)))
    page.fill("#param-S", "1,3")
    assert page.text_content("#status") == (
        "This game keeps its rules (subtraction (S=1,2), normal play); press Start for a game with the new ones."
    )
    assert _options(page) == set(naive.subtraction_moves({1, 2})((7,)))
    assert page.text_content("#rules-line").startswith("Playing subtraction (S=1,2), normal play.")
    _shot(page, "browser-game-params-edited.png")
    page.click("#start")
    page.wait_for_function("document.querySelector('#rules-line').textContent.includes('S=1,3')")
    assert _options(page) == set(naive.subtraction_moves({1, 3})((7,)))


def test_slow_options_for_an_earlier_position_are_dropped(page: Any) -> None:
    """Options listed again at (3, 4, 5) (show values ticked) arrive after the user moved: the new position's stay."""
    _start_nim_345(page)
    hold = Hold(page, "/api/moves")
    page.check("#show-values")
    hold.wait()
    page.query_selector_all("[data-testid=option]")[0].click()  # its /api/play and /api/moves go through
    page.wait_for_function("document.querySelector('#history').children.length >= 2")
    here = tuple(json.loads(page.get_attribute("#current", "data-position")))
    page.wait_for_selector("[data-testid=option]")
    hold.release()
    listed = {
        tuple(sorted(json.loads(o.get_attribute("data-position"))))
        for o in page.query_selector_all("[data-testid=option]")
    }
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
    assert (
        page.text_content("#value-out")
        == "Value of the typed position 1 1 1 under misère play: G⁻ = 0, P-position (the player to move loses)"
    )
    _shot(page, "browser-misere-value.png")
    page.uncheck("#misere")  # the value shown is asked again, under normal play
    page.wait_for_function("document.querySelector('#value-out').dataset.misere === 'false'")
    assert page.get_attribute("#value-out", "data-outcome") == "N"
    assert (
        page.text_content("#value-out")
        == "Value of the typed position 1 1 1: G = 1, N-position (the player to move wins)"
    )
    # the heat map under misère play: Nim with two heaps is P iff x = y, but for (0, 0) N and (1, 0), (0, 1) P
    page.check("#misere")
    page.click("#tab-explore")
    page.select_option("#grid-values", "outcome")
    cells = _grid(page, 5)
    assert {xy for xy, v in cells.items() if v == "P"} == {
        (x, y) for x in range(6) for y in range(6) if naive.misere_outcome(naive.nim_moves, (x, y)) == "P"
    }
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
        last = (history[-1].text_content() or "").split(":")[0]  # "you" or "computer": who took the last token
        assert last == ("computer" if expected == "user" else "you")
        said = page.text_content("#winner") or ""
        if expected == "user":
            assert (
                said == "You win! The computer made the last move, and under misère play the player who makes "
                "the last move loses."
            )
        else:
            assert (
                said == "The computer wins. You made the last move, and under misère play the player who "
                "makes the last move loses."
            )
        _shot(page, f"browser-misere-game-{expected}.png")
        page.uncheck("#misere")  # the next game starts from normal play again


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
    # a game started under misère play keeps it when normal play is chosen, and says so
    page.fill("#position", "1 1 2")
    page.click("#start")
    listed = _options(page)
    page.uncheck("#misere")
    assert _options(page) == listed
    assert page.text_content("#status") == (
        "This game keeps its rules (nim, misère play); press Start for a game with the new ones."
    )
    for o in page.query_selector_all("[data-testid=option]"):  # still coloured by the misère outcome
        after = tuple(json.loads(o.get_attribute("data-position")))
        assert (o.get_attribute("data-outcome") == "P") == (naive.misere_outcome(naive.nim_moves, after) == "P")


# ------------------------------------------------------------------ play that teaches, state in the URL (issue 17)
def _start(page: Any, ruleset: str, position: str, first: str = "human", values: bool = False) -> None:
    page.select_option("#ruleset", ruleset)
    page.fill("#position", position)
    page.select_option("#first", first)
    page.select_option("#mode", "perfect")
    if values:
        page.check("#show-values")
    page.click("#start")


def _here(page: Any) -> tuple[Any, ...]:
    return tuple(json.loads(page.get_attribute("#current", "data-position")))


def test_options_are_coloured_win_lose_with_remoteness_and_the_board_plays_a_token(page: Any) -> None:
    """Nim 3 4 6, values hidden: each option is green exactly when it moves to a P-position (naive), shows the
    remoteness of the definition, and no Grundy value; a click on the board's token plays that move."""
    _start(page, "nim", "3 4 6")
    page.wait_for_selector("[data-testid=option]")
    options = page.query_selector_all("[data-testid=option]")
    assert len(options) == 13
    for o in options:
        after = tuple(json.loads(o.get_attribute("data-position")))
        assert ("win" in (o.get_attribute("class") or "")) == (naive.outcome(naive.nim_moves, after) == "P")
        assert int(o.get_attribute("data-remoteness")) == naive.remoteness(naive.nim_moves, after)
        assert "G=" not in (o.text_content() or "")
    assert {o.text_content() for o in page.query_selector_all("#options .win .move")} == {"heap 1: take 1 from 3"}
    _shot(page, "browser-play-coloured.png")
    # the token that leaves 2 in heap 1 (the winning move 3 -> 2)
    page.click("[data-testid=token][data-heap='0'][data-leave='2']")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    history = [li.text_content() for li in page.query_selector_all("#history li")]
    assert history[0] == "you: heap 1: take 1 from 3, to 2 4 6"
    assert naive.grundy(naive.nim_moves, _here(page)) != 0  # the computer had to move from a P-position
    # the value history: who is winning after each move, and in how many moves (the remoteness)
    page.wait_for_function("document.querySelectorAll('#strip span')[2].dataset.remoteness !== ''")
    strip = page.query_selector_all("#strip span")
    assert [s.get_attribute("class") for s in strip] == ["you-win"] * 3
    assert [int(s.get_attribute("data-remoteness")) for s in strip] == [
        naive.remoteness(naive.nim_moves, p) for p in ((3, 4, 6), (2, 4, 6), _here(page))
    ]


def test_the_why_panel_shows_the_nim_sum_in_binary_columns(page: Any) -> None:
    """Subtraction {1, 3, 4}, heaps 7 9 10: each row is a heap's value (naive) in binary; the bottom row their
    nim-sum, which is the position's G."""
    g = naive.subtraction_sequence(lambda s: s in (1, 3, 4), 11)
    page.select_option("#ruleset", "subtraction")
    page.fill("#param-S", "1,3,4")
    page.fill("#position", "7 9 10")
    page.click("#start")
    page.wait_for_selector("[data-testid=nim-sum]")
    rows = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=nim-sum] tr')].map((tr) =>"
        " [...tr.cells].map((c) => c.textContent))"
    )
    assert [r[:2] for r in rows[1:4]] == [["7", str(g[7])], ["9", str(g[9])], ["10", str(g[10])]]
    total = g[7] ^ g[9] ^ g[10]
    assert rows[4][:2] == ["nim-sum", str(total)]
    assert "".join(rows[4][2:]) == format(total, "b").zfill(len(rows[4]) - 2)
    assert "Sprague-Grundy theorem" in page.text_content("#why-body")
    _shot(page, "browser-why.png")


def test_reload_back_forward_and_a_shared_link_restore_the_game(page: Any, browser: Any, server: str) -> None:
    """After a move each, the URL holds the game: reload shows it again, Back undoes the turn, Forward redoes it, and
    the link opened in a new page is the same game; Undo is Back."""
    _start(page, "wythoff", "4 7")
    page.wait_for_selector("[data-testid=option]")
    start = _here(page)
    page.query_selector_all("[data-testid=option]")[0].click()
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    page.wait_for_selector("[data-testid=option]")
    after = _here(page)
    link = page.url
    assert "#r=wythoff" in link
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    assert _here(page) == after
    page.go_back()
    page.wait_for_function(
        "(p) => document.querySelector('#current').dataset.position === p",
        arg=json.dumps(list(start), separators=(",", ":")),
    )
    assert _options(page) == set(naive.wythoff_moves(start))
    page.go_forward()
    page.wait_for_function(
        "(p) => document.querySelector('#current').dataset.position === p",
        arg=json.dumps(list(after), separators=(",", ":")),
    )
    page.click("#undo")
    page.wait_for_function(
        "(p) => document.querySelector('#current').dataset.position === p",
        arg=json.dumps(list(start), separators=(",", ":")),
    )
    other = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready='true']")
    other.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    assert _here(other) == after and other.input_value("#ruleset") == "wythoff"
    assert len(other.query_selector_all("#strip span")) == 3
    assert other.is_disabled("#redo")
    other.click("#undo")  # a game this page did not play from its start: its last turn goes, the page stays
    other.wait_for_function(
        "(p) => document.querySelector('#current').dataset.position === p",
        arg=json.dumps(list(start), separators=(",", ":")),
    )
    assert other.url.startswith(server) and len(other.query_selector_all("#history li")) == 0
    other.context.close()


def test_export_and_import_a_game(page: Any, tmp_path: Path) -> None:
    _start(page, "nim", "2 3")
    page.wait_for_selector("[data-testid=option]")
    page.query_selector_all("[data-testid=option]")[0].click()
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    with page.expect_download() as info:
        page.click("#export")
    saved = tmp_path / "game.json"
    info.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["ruleset"] == "nim" and data["positions"][0] == [2, 3] and len(data["positions"]) == 3
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("body[data-ready='true']")
    page.set_input_files("#import", str(saved))
    page.wait_for_function("document.querySelectorAll('#history li').length === 2")
    assert list(_here(page)) == data["positions"][-1]
    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "nim"}')
    page.set_input_files("#import", str(bad))
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.text_content("#error").startswith('Import: bad.json: needs "ruleset" and a non-empty list')


def test_a_start_with_no_moves_is_over_and_a_double_click_starts_one_game(page: Any) -> None:
    _start(page, "nim", "0 0")
    page.wait_for_function("document.querySelector('#winner').dataset.winner")
    assert page.text_content("#status") == "Game over: the start position has no moves."
    assert page.get_attribute("#winner", "data-winner") == "computer"  # the user is to move and cannot
    page.fill("#position", "5 6")
    page.select_option("#first", "computer")
    page.dblclick("#start")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 1")
    page.wait_for_timeout(800)
    assert len(page.query_selector_all("#history li")) == 1  # one game, one computer move
    assert (page.text_content("#history li") or "").startswith("computer: ")
    assert page.is_disabled("#undo")  # nothing of the user's to take back: the computer moved first
    page.check("#show-values")  # listing again while it is the user's turn adds no computer move
    page.wait_for_timeout(500)
    assert len(page.query_selector_all("#history li")) == 1


def test_too_many_options_are_not_listed_and_the_winning_ones_stay_hidden(page: Any) -> None:
    _start(page, "nim", "3000 5")
    page.wait_for_function("document.querySelector('#options-note').textContent.length > 0")
    assert page.text_content("#options-note").startswith("3005 options: too many to list")
    assert page.query_selector_all("[data-testid=option]") == []
    page.click("[data-testid=token][data-heap='1'][data-leave='4']")  # a token still plays: the server checks it
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    assert (page.text_content("#history li") or "") == "you: heap 2: take 1 from 5, to 3000 4"


def test_an_answer_that_is_not_json_is_reported_plainly(page: Any) -> None:
    page.route(
        "**/api/value",
        lambda route: route.fulfill(status=502, body="<html><h1>Bad Gateway</h1></html>", content_type="text/html"),
    )
    page.fill("#position", "3 4")
    page.click("#value")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.text_content("#error") == "the server answered 502 with something that is not JSON: Bad Gateway"


def test_heat_map_cells_open_in_play_by_mouse_and_keyboard(page: Any) -> None:
    page.click("#tab-explore")
    page.select_option("#ruleset", "wythoff")
    _grid(page, 10)
    at = page.evaluate("() => window.spragueView.cellPoint(4, 7)")
    page.click("#heatmap", position={"x": at["x"], "y": at["y"]})
    assert page.is_visible("#play-panel") and page.input_value("#position") == "4 7"
    page.click("#tab-explore")
    page.focus("#heatmap")
    for key in ("ArrowLeft", "ArrowLeft", *["ArrowDown"] * 6):  # the cursor starts on the cell clicked, (4, 7)
        page.keyboard.press(key)
    assert page.text_content("#cell") == f"position 2 1: G = {naive.grundy(naive.wythoff_moves, (2, 1))}"
    page.keyboard.press("Enter")
    assert page.input_value("#position") == "2 1"


def _draw(page: Any, ruleset: str, fields: dict[str, str], button: str, view: str, attribute: str, count: str) -> None:
    """Choose ``ruleset``, fill ``fields``, press ``button`` and wait for ``view`` to show ``count`` items."""
    page.select_option("#ruleset", ruleset)
    for selector, text in fields.items():
        page.fill(selector, text)
    page.click(button)
    page.wait_for_function(f"document.querySelector('{view}').dataset.{attribute} === '{count}'", timeout=60_000)


def test_large_views_draw_on_one_canvas(page: Any) -> None:
    """A 200 x 200 heat map and a plot of 100,001 values each draw every cell and point on one canvas, without a
    node each, and the page still answers a click afterwards. How fast they draw is measured in
    benchmarks/page_draw.py (a timed assertion here would depend on how busy the machine is)."""
    page.click("#tab-explore")
    _draw(page, "nim", {"#grid-min": "0", "#grid-max": "199"}, "#draw", "#heatmap", "cells", "40000")
    assert page.evaluate("() => window.spragueView.paintMs") >= 0  # the page timed the drawing it did
    assert page.evaluate("() => document.querySelectorAll('#explore-panel *').length") < 200  # no node per cell
    zoom = page.evaluate("() => window.spragueView.zoom")
    page.click("#zoom-in")  # the heat map answers a click: it redraws at the next zoom
    assert page.evaluate("() => window.spragueView.zoom") == zoom + 1
    _draw(
        page,
        "subtraction",
        {"#param-S": "1,2,5", "#seq-to": "100000"},
        "#draw-sequence",
        "#sequence",
        "points",
        "100001",
    )
    assert page.evaluate("() => document.querySelectorAll('#explore-panel *').length") < 200  # no node per point
    _shot(page, "browser-large-views.png")


def test_option_tree_values_and_keyboard(page: Any) -> None:
    page.click("#tab-explore")
    page.select_option("#ruleset", "kayles")
    page.fill("#tree-from", "2 3")
    page.click("#draw-tree")
    page.wait_for_function("document.querySelectorAll('[data-testid=tree-node]').length > 1")
    nodes = page.query_selector_all("[data-testid=tree-node]")
    for n in nodes:
        position = tuple(json.loads(n.get_attribute("data-position")))
        assert (n.text_content() or "").endswith(
            f"G = {naive.grundy(naive.kayles_moves, position)} ({naive.outcome(naive.kayles_moves, position)})"
        )
    assert len(nodes) == 1 + len(naive.kayles_moves((2, 3)))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # expands the first option
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=tree-node]').length > n", arg=len(nodes))
    first = tuple(json.loads(nodes[1].get_attribute("data-position")))
    assert len(page.query_selector_all("[data-testid=tree-node]")) == len(nodes) + len(naive.kayles_moves(first))
    with page.expect_download() as info:  # the tree as far as it is open
        page.click("#tree-json")
    tree = json.loads(Path(info.value.path()).read_text())
    assert tuple(tree["position"]) == (2, 3) and len(tree["options"]) == len(naive.kayles_moves((2, 3)))
    assert len(tree["options"][0]["options"]) == len(naive.kayles_moves(first))


def test_exports_of_the_heat_map_and_the_sequence(page: Any, tmp_path: Path) -> None:
    page.click("#tab-explore")
    page.select_option("#ruleset", "wythoff")
    cells = _grid(page, 5)
    with page.expect_download() as info:
        page.click("#grid-csv")
    info.value.save_as(tmp_path / "t.csv")
    lines = (tmp_path / "t.csv").read_text().splitlines()
    assert lines[0] == "y\\x,0,1,2,3,4,5"
    assert {(x, int(line.split(",")[0])): v for line in lines[1:] for x, v in enumerate(line.split(",")[1:])} == cells
    with page.expect_download() as info:
        page.click("#grid-png")
    info.value.save_as(tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.select_option("#ruleset", "kayles")
    values = _plot(page, 30)
    with page.expect_download() as info:
        page.click("#seq-json")
    info.value.save_as(tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text())["values"] == values


@pytest.mark.parametrize("width", [1200, 390])
def test_accessibility_and_phone_layout(browser: Any, server: str, width: int) -> None:
    """axe-core finds no serious or critical violation in Play (a game on) and Explore (every view drawn); at
    390 px nothing overflows sideways, text is at least 16 px and the controls are at least 44 px high."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-core comes with the [dev] extra")
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='true']")
    _start(page, "nim", "3 4 5", values=True)
    page.wait_for_selector("[data-testid=nim-sum]")
    found = []
    for where in ("play", "explore"):
        if where == "explore":
            page.click("#tab-explore")
            _grid(page, 12)
            _plot(page, 40)
            page.click("#draw-tree")
            page.wait_for_selector("[data-testid=tree-node]")
        violations = axe.Axe().run(page).response["violations"]
        found += [(where, v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")]
        _shot(page, f"browser-{where}-{width}px.png")
        if width < 600:
            sizes = page.evaluate(
                """() => ({
                overflow: document.scrollingElement.scrollWidth - window.innerWidth,
                font: parseFloat(getComputedStyle(document.body).fontSize),
                small: [...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=file])')]
                    .filter((e) => e.offsetParent !== null && !e.classList.contains('token'))
                    .filter((e) => e.getBoundingClientRect().height < 44)"""
                ".map((e) => e.id || e.outerHTML.slice(0, 60))})"
            )
            assert sizes["overflow"] <= 0 and sizes["font"] >= 16 and sizes["small"] == [], sizes
    context.close()
    assert found == []


def test_cheap_actions_stay_fast_while_two_expensive_requests_run(page: Any) -> None:
    """Two Grundy heat maps of Wythoff at the largest size are computing (seconds each); Value of a Nim position is
    not queued behind them (the server's pool steps long requests aside). Queued, an answer would wait seconds: the
    bound is a second at the 95th percentile, so a busy machine does not decide the verdict; the times themselves
    (about 10-60 ms) are printed, not asserted."""
    page.evaluate("""() => { for (const m of [199, 198]) fetch('/api/table', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({ruleset: 'wythoff', min: 0, max: m, values: 'grundy'})}); }""")
    page.wait_for_timeout(300)
    page.click("#tab-play")
    page.select_option("#ruleset", "nim")
    times = []
    for k in range(20):
        page.fill("#position", f"{k + 1} {k + 2} 3")
        page.click("#value")
        page.wait_for_function(
            "(p) => document.querySelector('#value-out').dataset.typed === p", arg=f"{k + 1} {k + 2} 3"
        )
        times.append(page.evaluate("() => window.spragueView.valueMs"))  # timed in the page, click to answer
    times.sort()
    print(f"Value beside two long heat maps: median {times[len(times) // 2]:.0f} ms, max {times[-1]:.0f} ms")
    assert times[int(0.95 * len(times)) - 1] < 1000, times


def test_p_positions_are_paged_and_a_theorem_is_verified_from_the_page(page: Any) -> None:
    """Nim, 3 heaps of at most 24: every P-position (a xor b xor c = 0, counted by brute force) appears once over
    the pages, and so does every position of 3 heaps <= 6 with its value; delete-nim's theorem holds on the 66
    positions of 2 heaps <= 10, and turning-turtles-heads on the 511 rows of at most 8 coins (2^0 + ... + 2^8,
    the empty row included); a refuted statement says so."""
    from itertools import combinations_with_replacement

    expected = [p for p in combinations_with_replacement(range(25), 3) if naive.grundy(naive.nim_moves, p) == 0]
    page.click("#tab-explore")
    page.select_option("#ruleset", "nim")
    page.select_option("#plist-heaps", "3")
    page.fill("#plist-max", "24")
    page.click("#draw-plist")
    seen: list[tuple[int, ...]] = []
    while True:
        page.wait_for_function(
            "(n) => document.querySelector('#plist').start === n + 1 && "
            "document.querySelectorAll('#plist li').length > 0",
            arg=len(seen),
        )
        seen += [
            tuple(sorted(map(int, (li.text_content() or "").split()))) for li in page.query_selector_all("#plist li")
        ]
        if page.is_disabled("#plist-next"):
            break
        page.click("#plist-next")
    assert sorted(seen) == expected and len(expected) > 60  # more than one page
    assert page.text_content("#plist-caption").startswith(f"nim: {len(expected)} P-positions among ")
    with page.expect_download() as info:  # the export has every P-position, not only the page shown
        page.click("#plist-csv")
    lines = Path(info.value.path()).read_text().splitlines()
    assert lines[0] == "heap1,heap2,heap3"
    assert sorted(tuple(sorted(map(int, line.split(",")))) for line in lines[1:]) == expected
    # every position of the table with its value, paged: nim, 3 heaps of at most 6 (84 sorted positions)
    page.select_option("#plist-kind", "all")
    page.fill("#plist-max", "6")
    page.click("#draw-plist")
    listed: dict[tuple[int, ...], int] = {}
    while True:
        page.wait_for_function(
            "(n) => document.querySelector('#plist').start === n + 1 && "
            "document.querySelectorAll('#plist li').length > 0",
            arg=len(listed),
        )
        for li in page.query_selector_all("#plist li"):
            heaps, value = (li.text_content() or "").split(": G = ")
            listed[tuple(sorted(map(int, heaps.split())))] = int(value)
        if page.is_disabled("#plist-next"):
            break
        page.click("#plist-next")
    assert listed == {p: naive.grundy(naive.nim_moves, p) for p in combinations_with_replacement(range(7), 3)}
    assert page.text_content("#plist-caption").startswith("nim: 84 positions of 3 heaps <= 6")
    page.click("#discover")  # the rule of the table on screen: Bouton's nim-sum, verified on heaps <= 12
    page.wait_for_function("document.querySelector('#discover-out').dataset.holds !== undefined", timeout=60_000)
    assert page.get_attribute("#discover-out", "data-holds") == "true"
    assert "G = nimsum_i z_i" in page.text_content("#discover-out")
    page.select_option("#ruleset", "delete-nim")
    page.select_option("#theorem", "delete-nim")
    page.fill("#verify-max", "10")
    page.click("#verify")
    page.wait_for_function("document.querySelector('#verify-out').dataset.ok !== undefined", timeout=60_000)
    assert page.get_attribute("#verify-out", "data-ok") == "true"
    assert "holds on all 66 positions with 2 heaps <= 10" in page.text_content("#verify-out")
    assert page.text_content("#verify-max-label") == "heaps at most"
    # a theorem on the ruleset's own positions (rows of coins): its bound is a size, and the page says so
    page.select_option("#ruleset", "turning-turtles")
    page.select_option("#theorem", "turning-turtles-heads")
    assert page.text_content("#verify-max-label") == "positions of size at most"
    page.fill("#verify-max", "8")
    page.click("#verify")
    page.wait_for_function("document.querySelector('#verify-out').dataset.ok !== undefined", timeout=60_000)
    assert "holds on all 511 positions of size <= 8" in page.text_content("#verify-out")
    page.select_option("#ruleset", "single-delete")
    page.select_option("#theorem", "single-delete-4-printed")
    assert "Refuted:" in page.text_content("#theorem-text")
    _shot(page, "browser-theorems.png")


def test_a_two_heap_coordinate_game_is_played_on_its_grid(page: Any) -> None:
    """Wythoff from (4, 8): the board is the grid of positions; the cell (4, 7), a P-position (Wythoff 1907), is
    the winning move, and a click on it plays it."""
    assert naive.grundy(naive.wythoff_moves, (4, 7)) == 0
    _start(page, "wythoff", "4 8")
    page.wait_for_selector("[data-testid=option]")
    grid = page.wait_for_selector("[data-testid=coordinate-grid]")
    s, left, rows = float(grid.get_attribute("data-cell") or 0), float(grid.get_attribute("data-left") or 0), 9
    page.click("[data-testid=coordinate-grid]", position={"x": left + 4.5 * s, "y": (rows - 1 - 7 + 0.5) * s})
    page.wait_for_function("document.querySelectorAll('#history li').length >= 1")
    assert (page.text_content("#history li") or "") == "you: heap 2: take 1 from 8, to 4 7"


def test_another_coordinate_game_is_drawn_on_its_grid_from_its_base_class(page: Any) -> None:
    """Variant Delete Nim (a CoordinateRuleset: board "grid" in /api/rulesets) from (4, 6): the grid names every
    option with its outcome, as the naive solver has it (P iff both heaps are odd, 000 Thm 1.5: (1, 3), (1, 5) and
    (3, 3) win), and a click on the cell (3, 3) plays that move."""
    board = {r["name"]: r["board"] for r in page.evaluate("fetch('/api/rulesets').then((r) => r.json())")}
    assert board["vdn"] == board["wythoff"] == "grid" and board["nim"] == "heaps"
    options = naive.single_delete_moves((4, 6))
    winning = {o for o in options if naive.grundy(naive.single_delete_moves, o) == 0}
    assert winning == {(1, 3), (1, 5), (3, 3)}
    _start(page, "vdn", "4 6")
    page.wait_for_selector("[data-testid=option]")
    grid = page.wait_for_selector("[data-testid=coordinate-grid]")
    label = grid.get_attribute("aria-label") or ""
    assert label.startswith("the position (4, 6) on the grid of two heaps; options: ")
    said = dict(part.rsplit(" ", 1) for part in label.split("options: ", 1)[1].split("; "))
    assert said == {f"({a}, {b})": "wins" if (a, b) in winning else "loses" for a, b in options}
    s, left, rows = float(grid.get_attribute("data-cell") or 0), float(grid.get_attribute("data-left") or 0), 7
    page.click("[data-testid=coordinate-grid]", position={"x": left + 3.5 * s, "y": (rows - 1 - 3 + 0.5) * s})
    page.wait_for_function("document.querySelectorAll('#history li').length >= 1")
    assert (page.text_content("#history li") or "") == "you: delete 4, split 6 into 3 + 3, to 3 3"


def test_bounds_travel_as_exact_integers(page: Any) -> None:
    """A bound past 2^53 reaches the server digit for digit (a JS number would round it): its refusal names it."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "nim")
    page.fill("#grid-min", "100000000000000000000")
    page.fill("#grid-max", "100000000000000000003")
    page.click("#draw")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert "max_heap=100000000000000000003 is over the limit" in page.text_content("#error")


def test_the_why_panel_works_the_closed_form_out_on_the_position(page: Any) -> None:
    """Delete Nim 5 7 (000 Thm 1.1: G = v2((x OR y) + 1)): the panel shows the formula on these heaps, and the value
    it arrives at is the one brute force finds; after a move each, the new position's."""
    _start(page, "delete-nim", "5 7")
    page.wait_for_selector("[data-testid=explanation]")
    g = naive.grundy(naive.delete_nim_moves, (5, 7))
    assert (
        page.text_content("[data-testid=explanation]")
        == f"Worked out on this position: x = 5, y = 7: (x OR y) + 1 = 8, and G = v2(8) = {g} (8 = 2^3 x 1)."
    )
    page.click("[data-testid=option].win")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    page.wait_for_function(
        "document.querySelector('[data-testid=explanation]') && document.querySelector("
        "'[data-testid=explanation]').textContent.includes('x = ' + JSON.parse("
        "document.querySelector('#current').dataset.position).slice()"
        ".sort((a, b) => a - b)[0] + ',')"
    )
    here = tuple(sorted(_here(page)))
    worked = page.text_content("[data-testid=explanation]") or ""
    assert worked.startswith(
        f"Worked out on this position: x = {here[0]}, y = {here[1]}: (x OR y) + 1 = "
        f"{(here[0] | here[1]) + 1}, and G = v2("
    )
    assert int(re.search(r"\) = (\d+) \(", worked).group(1)) == naive.grundy(naive.delete_nim_moves, here)


def test_a_loopy_game_draws_in_blue_and_ends_by_repetition(page: Any) -> None:
    """digraph a<->b, b->c->d from b: moving to c loses, moving to a keeps the draw (blue); the computer keeps it
    too, and the third time b comes back with the user to move the page declares the draw (issue 19)."""
    page.select_option("#ruleset", "digraph")
    page.fill("#param-edges", "a>b,b>a,b>c,c>d")
    page.fill("#position", "b")
    page.select_option("#first", "human")
    page.select_option("#mode", "perfect")
    page.click("#start")
    for turn in range(2):
        # the options of this turn, read in the page in one go (the list is cleared and drawn again as the game
        # goes on: read element by element from here, a list could go between two reads): a (draw, blue), c (lose)
        colour = page.wait_for_function("""() => {
            const os = [...document.querySelectorAll('[data-testid=option]')];
            const kinds = Object.fromEntries(os.map((o) => [o.dataset.position, o.className]));
            return os.length === 2 && kinds['"a"'] === 'draw' && kinds['"c"'] === 'lose' &&
                getComputedStyle(os.find((o) => o.className === 'draw')).backgroundColor;
        }""").json_value()
        assert colour == "rgb(222, 235, 247)"
        page.click("[data-testid=option].draw")
        # both moves of this round in the history (the user's and the computer's reply), or the game over: waiting
        # for an even length only would pass at once on the first round (the history starts empty) and the next
        # round would click the options of this one again
        page.wait_for_function(
            f"document.querySelector('#winner').dataset.winner || "
            f"document.querySelectorAll('#history li').length >= {2 * (turn + 1)}"
        )
    page.wait_for_function("document.querySelector('#winner').dataset.winner === 'draw'")
    assert "repetition rule" in (page.text_content("#winner") or "")
    assert "draw" in (page.get_attribute("#strip span:first-child", "class") or "")


def test_the_misere_quotient_panel_draws_the_table_and_reads_a_sum_off_it(page: Any) -> None:
    """Kayles to heap 30: order 40 (Plambeck and Siegel, JCTA 2008), its 40 x 40 table with the P-portion shaded,
    and the sum 2 3 7 with its winning moves (checked against brute-force search in tests/web/test_quotient_web.py)."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "kayles")
    page.fill("#quotient-max", "30")
    page.fill("#quotient-sum", "2 3 7")
    page.click("#draw-quotient")
    page.wait_for_function("document.querySelector('#quotient-caption').textContent.includes('order')")
    assert "order 40;" in page.text_content("#quotient-caption")
    assert len(page.query_selector_all("#quotient-table tr")) == 41  # a header and a row an element
    assert len(page.query_selector_all("#quotient-phi tr:nth-child(2) td")) == 31  # heaps 0..30
    genera = [td.text_content() for td in page.query_selector_all("#quotient-phi tr:nth-child(3) td")]
    assert genera[:3] == ["0^120", "1^031", "2^20"]  # Kayles heaps 0, 1, 2: Conway's genera (WW ch. 13)
    shaded = len(page.query_selector_all("#quotient-table td.p"))
    q = sprague.ruleset("kayles").misere_quotient(30)
    assert shaded == sum(q.table[x][y] in q.p_portion for x in range(40) for y in range(40))
    assert (
        page.text_content("#quotient-sum-out")
        == "2 3 7: element ab, N-position in misère play; winning moves: heap 1: take 1 from 2 (to b^2); "
        "heap 2: take 1 from 3, split 2 into 1 + 1 (to b^2); heap 3: take 2 from 7, split 5 into 3 + 2 (to b^2)"
    )
    page.select_option("#ruleset", "wythoff")  # not a one-heap game: no quotient
    assert page.is_disabled("#draw-quotient")


def test_a_board_game_is_drawn_as_cells_that_show_their_moves(page: Any) -> None:
    """Cram on the empty 2 x 3 board (a BoardRuleset: board "cells"): six empty cells; a click on a1 keeps the two
    dominoes that cover it; the options marked winning are those that search finds P (a domino down any column:
    the middle one leaves two equal columns, an end one a 2 x 2 block), and a click on one plays it."""
    import sprague

    board = {r["name"]: r["board"] for r in page.evaluate("fetch('/api/rulesets').then((r) => r.json())")}
    assert board["cram"] == "cells"
    cram = sprague.ruleset("cram")
    start = cram.parse_position(["2x3"])
    want = sorted(cram.describe_move(start, o) for o in cram.moves(start) if cram.grundy(o, method="search") == 0)
    assert want == ["domino a1-a2", "domino b1-b2", "domino c1-c2"]
    _start(page, "cram", "2x3")
    page.wait_for_selector("[data-testid=option]")
    assert len(page.query_selector_all("[data-testid=cell]")) == 6
    page.click("[data-testid=cell][data-cell=a1]")
    options = page.query_selector_all("[data-testid=option]")
    shown = [o for o in options if "filtered" not in (o.get_attribute("class") or "")]
    assert sorted(o.query_selector(".move").text_content() for o in shown) == ["domino a1-a2", "domino a1-b1"]
    winning = [o for o in options if o.get_attribute("data-winning") == "true"]
    assert sorted(o.query_selector(".move").text_content() for o in winning) == want
    page.click("[data-testid=cell][data-cell=b2]")  # the moves covering b2 (b1-b2 among them) are shown
    next(o for o in winning if o.query_selector(".move").text_content() == "domino b1-b2").click()
    page.wait_for_function("document.querySelectorAll('#history li').length >= 1")
    assert (page.text_content("#history li") or "").startswith("you: domino b1-b2")


@pytest.mark.parametrize(
    "name, position",
    [
        ("node-kayles", "C5"),
        ("arc-kayles", "S4"),
        ("vertex-geography", "a-b b-c c-d d-a a-c @a"),
        ("edge-geography", "a>b b>c c>a a>c @a"),
        ("chomp", "3,2,1"),
        ("cram", "2x3"),
        ("dawsons-chess-board", "3x5"),
        ("sprouts", "2"),
    ],
)
def test_a_board_or_graph_game_is_played_to_the_end_on_the_page(page: Any, name: str, position: str) -> None:
    """Each game on a board or a graph plays from the page against the perfect player: at every turn the page
    lists exactly the ruleset's moves (in its own words) and marks winning exactly those that search finds P; the
    user plays a winning move when there is one, and the page names the winner that search predicts."""
    rules = sprague.ruleset(name)
    first_wins = rules.grundy(rules.check_position(position), method="search") != 0
    _start(page, name, position)
    for _ in range(40):
        if _game_over_or_options(page):
            break
        for _ in range(50):  # the options of a new position can show a moment after it does: read until they agree
            here = json.loads(page.get_attribute("#current", "data-position"))
            pos = rules.check_position(here if isinstance(here, str) else tuple(here))
            want = {rules.describe_move(pos, o): rules.grundy(o, method="search") == 0 for o in rules.moves(pos)}
            options = page.query_selector_all("[data-testid=option]")
            shown = {
                o.query_selector(".move").text_content(): o.get_attribute("data-winning") == "true" for o in options
            }
            if shown == want:
                break
            page.wait_for_timeout(50)
        assert shown == want, (rules.format_position(pos), shown, want)
        chosen = next((o for o in options if o.get_attribute("data-winning") == "true"), options[0])
        _play(page, chosen)
    assert page.get_attribute("#winner", "data-winner") == ("user" if first_wins else "computer")
