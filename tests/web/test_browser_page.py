"""The page's fixes and additions of issue 36, each in a real browser (Debian's Chromium through Playwright):
draws named as draws, games that are not games refused, a failed Start that keeps the game, huge heaps that
keep the layout, sharp canvases and a heat map read by touch on a phone, the value history as a chart, Restart,
two players at one screen, and readable small print. Every value checked comes from brute force (tests/naive.py
or the ruleset's own search), never from the page's code.
"""

from __future__ import annotations

import colorsys
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_browser import _game_over_or_options, _grid, _play, _plot, _shot, _start

import naive
import sprague

pytestmark = pytest.mark.slow  # a browser per module: run by `pytest -m slow` (.ci/run's second pass)


@pytest.fixture()
def phone(make_page: Callable[..., Any]) -> Any:
    """A 390 x 844 phone screen at three device pixels per CSS pixel, with touch."""
    return make_page(width=390, height=844, scale=3, touch=True)


def test_why_names_a_draw_as_a_draw(page: Any) -> None:
    """Fair Shares 8 4 is a draw (its game graph searched here); the "Why" panel says D, never "an N-position"."""
    rules = sprague.ruleset("fair-shares")
    assert rules.outcome(rules.check_position("8 4")) == "D"
    _start(page, "fair-shares", "8 4")
    page.wait_for_selector("[data-testid=option]")
    page.wait_for_function("document.querySelector('#why-body').textContent.includes('Method')")
    why = page.text_content("#why-body") or ""
    assert "D-position (a draw)" in why and "N-position" not in why, why


def test_a_link_or_file_that_is_not_a_game_is_refused(page: Any, server: str, tmp_path: Path) -> None:
    """1 -> 50 -> 1 2 3 is no game of Nim (50 is no move from 1): the page says which position is wrong and does not
    show it; neither does it import 3 4 5 -> 9 9 9. A real game from a link is replayed with its moves in words."""
    page.goto(server + "/#r=nim&p=%7B%7D&m=0&f=human&c=perfect&s=%5B%5B1%5D%2C%5B50%5D%2C%5B1%2C2%2C3%5D%5D")
    page.wait_for_function("document.querySelector('#error').textContent.includes('positions[1]')")
    assert "cannot be replayed" in (page.text_content("#error") or "")
    assert not page.is_visible("#game")
    file = tmp_path / "bad.json"
    file.write_text(json.dumps({"ruleset": "nim", "positions": [[3, 4, 5], [9, 9, 9]]}))
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    page.set_input_files("#import", str(file))
    page.wait_for_function("document.querySelector('#error').textContent.includes('positions[1]')")
    assert not page.is_visible("#game")
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"ruleset": "nim", "positions": [[3, 4, 5], [3, 4, 1]], "first": "human"}))
    page.set_input_files("#import", str(good))
    page.wait_for_selector("#history li")
    assert page.text_content("#error") == ""
    assert (page.text_content("#history li") or "").startswith("you: heap 3")


def test_a_failed_start_keeps_the_game_on_screen(page: Any) -> None:
    """Start Nim 3 5 6, then Start with "abc": the error names the bad heap, the game stays with its options and
    Undo, and a move can still be played."""
    _start(page, "nim", "3 5 6")
    page.wait_for_selector("[data-testid=option]")
    page.click("[data-testid=option]")
    page.wait_for_function("document.querySelectorAll('#history li').length >= 2")
    page.wait_for_selector("[data-testid=option]")
    page.fill("#position", "abc")
    page.click("#start")
    page.wait_for_function("document.querySelector('#error').textContent.includes('abc')")
    assert page.text_content("#status") != "Starting…"
    page.wait_for_selector("[data-testid=option]")  # the game on screen asks its options again after the error
    assert page.query_selector_all("[data-testid=option]") and not page.is_disabled("#undo")
    _play(page, page.query_selector("[data-testid=option]"))
    assert len(page.query_selector_all("#history li")) >= 3


@pytest.mark.parametrize("width", [1366, 390])
def test_a_heap_of_a_thousand_digits_keeps_the_page_on_screen(make_page: Callable[..., Any], width: int) -> None:
    """Nim with a 1000-digit heap: nothing is wider than the screen (positions wrap, the nim-sum table gives its
    values in decimal, without 3,321 binary columns)."""
    pg = make_page(width=width, height=800)
    _start(pg, "nim", "9" * 1000 + " 3 5")
    pg.wait_for_selector("[data-testid=nim-sum]")
    pg.wait_for_function(
        "document.querySelector('#options-note').textContent || document.querySelector('[data-testid=option]')"
    )
    wide = pg.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    columns = pg.evaluate("document.querySelector('[data-testid=nim-sum] tr').cells.length")
    _shot(pg, f"page-huge-heap-{width}px.png")
    assert wide <= 0 and columns == 2, (wide, columns)


def test_canvases_are_sharp_and_a_heat_map_cell_is_read_by_touch(phone: Any) -> None:
    """At three device pixels per CSS pixel the heat map, the sequence plot and the coordinate grid have three
    canvas pixels per CSS pixel; a tap on a heat-map cell reads its value (Wythoff's G by brute force) without
    leaving Explore, its cells are at least 24 px with their numbers, and Open takes its position to Play."""
    phone.click("#tab-explore")
    sharpness = "(c) => c.width / c.getBoundingClientRect().width"
    phone.select_option("#ruleset", "subtraction")
    _plot(phone, 20)
    assert abs(phone.eval_on_selector("#sequence", sharpness) - 3) < 0.01
    phone.select_option("#ruleset", "wythoff")
    _grid(phone, 10)
    assert abs(phone.eval_on_selector("#heatmap", sharpness) - 3) < 0.01
    assert phone.evaluate("window.spragueView.grid.s") >= 24
    assert not phone.is_visible("#open-cell")  # until a cell is chosen
    at = phone.evaluate("() => window.spragueView.cellPoint(4, 7)")
    phone.eval_on_selector("#heatmap", "(c) => c.scrollIntoView()")
    box = phone.query_selector("#heatmap").bounding_box()
    phone.touchscreen.tap(box["x"] + at["x"], box["y"] + at["y"])
    phone.wait_for_function("document.querySelector('#cell').dataset.x === '4'")
    assert phone.text_content("#cell") == f"position 4 7: G = {naive.grundy(naive.wythoff_moves, (4, 7))}"
    assert phone.is_visible("#explore-panel")
    phone.tap("#open-cell")
    assert phone.is_visible("#play-panel") and phone.input_value("#position") == "4 7"
    phone.fill("#position", "4 8")
    phone.click("#start")
    phone.wait_for_function("document.querySelector('#options-count').textContent !== ''")
    assert abs(phone.eval_on_selector("[data-testid=coordinate-grid]", sharpness) - 3) < 0.01


def test_on_a_phone_the_grid_board_holds_the_winning_move_in_view(phone: Any) -> None:
    """Wythoff from (4, 8) on a phone: after Start the grid is in view with cells of a finger's size, the list of 21
    moves folds away below it, and a tap on the winning cell (4, 7), P by brute force, plays it."""
    assert naive.grundy(naive.wythoff_moves, (4, 7)) == 0
    _start(phone, "wythoff", "4 8")
    phone.wait_for_function("document.querySelector('#options-count').textContent !== ''")
    grid = phone.query_selector("[data-testid=coordinate-grid]")
    s, left = float(grid.get_attribute("data-cell") or 0), float(grid.get_attribute("data-left") or 0)
    assert s >= 44
    assert not phone.evaluate("document.querySelector('#options-box').open")
    box = grid.bounding_box()
    x, y = box["x"] + left + 4.5 * s, box["y"] + (8 - 7 + 0.5) * s
    assert 0 <= y <= 844, y  # the winning cell is on the first screen
    phone.touchscreen.tap(x, y)
    phone.wait_for_function("document.querySelectorAll('#history li').length >= 1")
    assert (phone.text_content("#history li") or "").endswith("to 4 7")


def test_after_start_the_board_and_options_are_in_view(make_page: Callable[..., Any]) -> None:
    """At 1366 x 768, after Start the board and the first option are on screen without scrolling."""
    pg = make_page(width=1366, height=768)
    _start(pg, "nim", "3 4 5")
    pg.wait_for_selector("[data-testid=option]")
    tops = pg.evaluate(
        "[document.querySelector('#board'), document.querySelector('[data-testid=option]')]"
        ".map((e) => e.getBoundingClientRect().bottom)"
    )
    assert all(0 < t <= 768 for t in tops), tops


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    def lum(rgb: tuple[float, float, float]) -> float:
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(colour: str) -> tuple[float, float, float]:
    """A CSS colour as the page writes it: #rrggbb, #000/#fff, or hsl(h, s%, l%)."""
    m = re.fullmatch(r"hsl\(([\d.]+), ([\d.]+)%, ([\d.]+)%\)", colour)
    if m:
        h, s, light = (float(v) for v in m.groups())
        r, g, b = colorsys.hls_to_rgb(h / 360, light / 100, s / 100)
        return r, g, b
    hex_ = colour.lstrip("#")
    hex_ = "".join(c * 2 for c in hex_) if len(hex_) == 3 else hex_
    r8, g8, b8 = (int(hex_[k : k + 2], 16) for k in (0, 2, 4))
    return r8 / 255, g8 / 255, b8 / 255


def test_small_print_is_readable_and_names_its_sources(page: Any) -> None:
    """Heat-map numbers keep 4.5:1 contrast on every colour of the scale; Kayles offers no other game's theorem;
    the help line cites the papers by author; Enter in Start position starts; a loopy game says why remoteness
    is not shown."""
    page.click("#tab-explore")
    page.select_option("#ruleset", "nim")
    _grid(page, 15)
    pairs = page.evaluate(
        "() => { const g = window.spragueView.grid, v = window.spragueView;"
        " return [...new Set(g.table.flat())].map((x) => v.colourOf(x, g.largest)).map((f) => [f, v.inkOn(f)]); }"
    )
    worst = min(_contrast(_rgb(fill), _rgb(ink)) for fill, ink in pairs)
    assert worst >= 4.5, worst
    page.select_option("#ruleset", "kayles")
    assert page.is_disabled("#theorem") and page.is_disabled("#verify")
    assert "delete-nim" not in (page.text_content("#theorem") or "")
    page.select_option("#ruleset", "nim")
    help_line = page.text_content("#ruleset-help") or ""
    assert "Rodriguez-Villegas" in help_line and "Bouton 1901" in help_line and "002" not in help_line, help_line
    page.click("#tab-play")
    page.fill("#position", "1 2")
    page.press("#position", "Enter")
    page.wait_for_selector("[data-testid=option]")
    assert page.get_attribute("#current", "data-position") == "[1,2]"
    _start(page, "fair-shares", "8 4")
    page.wait_for_function("document.querySelector('#remoteness-note').textContent !== ''")
    assert "loopy" in (page.text_content("#remoteness-note") or "")


def test_the_value_history_chart_restart_and_the_list_agree(page: Any) -> None:
    """Nim 1 2 3 4: after two turns the chart has one point per position, up while you win and down while you lose,
    each as the list says (outcomes by brute force, from your side); Restart goes back to the start."""
    _start(page, "nim", "1 2 3 4")
    for _ in range(2):
        _game_over_or_options(page)
        _play(page, page.query_selector("[data-testid=option]"))
    page.wait_for_selector("[data-testid=option]")
    page.wait_for_function("[...document.querySelectorAll('#chart circle')].every((c) => c.dataset.kind !== 'unknown')")
    positions = page.evaluate("() => JSON.parse(new URLSearchParams(location.hash.slice(1)).get('s'))")
    circles = page.evaluate(
        "[...document.querySelectorAll('#chart circle')].map((c) => [c.dataset.kind, Number(c.getAttribute('cy'))])"
    )
    mid = page.evaluate("Number(document.querySelector('#chart .axis').getAttribute('y1'))")
    assert len(circles) == len(positions) == 5
    for i, (kind, cy) in enumerate(circles):
        you_to_move = i % 2 == 0
        wins = (naive.grundy(naive.nim_moves, tuple(sorted(positions[i]))) != 0) == you_to_move
        assert kind == ("win" if wins else "lose") and (cy < mid) == wins, (i, kind, cy)
    classes = page.evaluate("[...document.querySelectorAll('#strip span')].map((s) => s.className)")
    assert classes == [f"you-{k}" for k, _ in circles]
    page.click("#restart")
    page.wait_for_function("document.querySelectorAll('#strip span').length === 1")
    page.wait_for_selector("[data-testid=option]")
    assert page.get_attribute("#current", "data-position") == "[1,2,3,4]"
    assert page.query_selector_all("#history li") == []


def test_two_players_at_one_screen(page: Any) -> None:
    """Computer "nobody": Nim 1 2 3 5 played by player 1 and player 2 in turn, each with a Hint (a winning move when
    brute force says there is one); the winner named is the player who made the last move."""
    page.select_option("#ruleset", "nim")
    page.fill("#position", "1 2 3 5")
    page.select_option("#mode", "none")
    page.click("#start")
    turn = 0
    while not _game_over_or_options(page):
        here = tuple(sorted(json.loads(page.get_attribute("#current", "data-position") or "[]")))
        assert (page.text_content("#status") or "").startswith(f"Player {turn % 2 + 1} to move")
        page.click("#hint")
        page.wait_for_function("document.querySelector('#hint-out').dataset.hint !== undefined")
        hinted = [tuple(sorted(p)) for p in json.loads(page.get_attribute("#hint-out", "data-hint") or "[]")]
        assert all(naive.grundy(naive.nim_moves, p) == 0 for p in hinted)
        assert bool(hinted) == (naive.grundy(naive.nim_moves, here) != 0)
        _play(page, page.query_selector("[data-testid=option]"))
        turn += 1
    history = page.evaluate("[...document.querySelectorAll('#history li')].map((li) => li.textContent)")
    assert [h.split(":")[0] for h in history] == [f"player {k % 2 + 1}" for k in range(turn)]
    assert page.get_attribute("#winner", "data-winner") == f"player {(turn - 1) % 2 + 1}"


@pytest.mark.parametrize("width", [1200, 390])
def test_no_serious_accessibility_violation_on_any_view_empty_or_drawn(
    make_page: Callable[..., Any], width: int
) -> None:
    """axe-core on Play and Explore before anything is drawn, then with a game (chart, nim-sum) and with every
    Explore view drawn, at 1200 px and on a 390 px phone at three device pixels per CSS pixel."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-core comes with the [dev] extra")
    pg = make_page(width=width, height=844, scale=3 if width < 600 else 1)
    found = []

    def check(where: str) -> None:
        violations = axe.Axe().run(pg).response["violations"]
        found.extend((where, v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical"))

    check("play, empty")
    pg.click("#tab-explore")
    check("explore, empty")
    pg.click("#tab-play")
    _start(pg, "nim", "3 4 5", values=True)
    pg.wait_for_selector("[data-testid=nim-sum]")
    pg.wait_for_selector("[data-testid=chart]")
    check("play, a game")
    pg.click("#tab-explore")
    _grid(pg, 12)
    _plot(pg, 40)
    pg.click("#draw-plist")
    pg.wait_for_selector("#plist li")
    pg.click("#draw-tree")
    pg.wait_for_selector("[data-testid=tree-node]")
    pg.click("#verify")
    pg.wait_for_function("document.querySelector('#verify-out').dataset.ok !== undefined", timeout=60_000)
    check("explore, drawn")
    pg.select_option("#ruleset", "kayles")  # a one-heap game: its misère quotient (and no theorem to verify)
    pg.fill("#quotient-max", "12")
    pg.click("#draw-quotient")
    pg.wait_for_function("document.querySelector('#quotient-caption').textContent.includes('order')")
    check("explore, quotient")
    _shot(pg, f"page-explore-{width}px.png")
    assert found == []


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080)])
def test_no_view_is_wider_than_the_screen(make_page: Callable[..., Any], size: tuple[int, int]) -> None:
    """From a small phone to a wide desktop, upright and sideways: Play (Nim, a Cram board, Wythoff's grid) and
    Explore with every view drawn never make the page scroll sideways (wide views scroll in their own box)."""
    width, height = size
    pg = make_page(width=width, height=height)
    wide = {}
    for name, position in (("nim", "3 4 5 13"), ("cram", "3x4"), ("wythoff", "7 12")):
        _start(pg, name, position)
        pg.wait_for_selector("[data-testid=option]", state="attached")  # on a phone a board folds the list away
        wide[name] = pg.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    pg.click("#tab-explore")
    pg.select_option("#ruleset", "nim")
    _grid(pg, 30)
    _plot(pg, 200)
    pg.click("#draw-plist")
    pg.wait_for_selector("#plist li")
    wide["explore"] = pg.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert all(w <= 0 for w in wide.values()), wide


def test_delete_nim_moves_are_written_as_its_rules_state_them(page: Any) -> None:
    """Delete Nim 11 9 (Abuku & Suetsugu 2021, section 0.3: delete one heap, take from the other, split the rest):
    the page lists "delete 9, take 1 from 11, split 10 into 0 + 10", and every option in the ruleset's words."""
    rules = sprague.ruleset("delete-nim")
    start = rules.check_position("11 9")
    want = {rules.describe_move(start, o) for o in rules.moves(start)}
    assert "delete 9, take 1 from 11, split 10 into 0 + 10" in want
    _start(page, "delete-nim", "11 9")
    page.wait_for_selector("[data-testid=option]")
    shown = {o.text_content() for o in page.query_selector_all("[data-testid=option] .move")}
    assert shown == want
