"""The teaching views of the Play view's Why panel in a real browser (issue 36, point 4; teach.js): the mex step and
the P/N labelling of the game graph, checked against brute force (tests/naive.py), by mouse and keyboard, and with
axe-core at 1200 px and on a 390 px phone."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

import pytest
from test_browser import _shot
from test_graph_web import cram_key, cram_moves, nim_key

import naive

pytestmark = pytest.mark.slow  # a browser per module (tests/web/conftest.py): run by `pytest -m slow`


def _start(page: Any, ruleset: str, position: str, params: dict[str, str] | None = None, misere: bool = False) -> None:
    """A game from ``position``, the user first, and the Why panel's views drawn for it."""
    page.select_option("#ruleset", ruleset)
    for name, value in (params or {}).items():
        page.fill(f"#param-{name}", value)
    if misere:
        page.check("#misere")
    page.fill("#position", position)
    page.select_option("#first", "human")
    page.select_option("#mode", "perfect")
    page.click("#start")
    page.wait_for_selector("[data-testid=option], #winner[data-winner]")
    page.wait_for_function(
        "() => document.querySelector('#teach').dataset.position"
        " === document.querySelector('#current').dataset.position"
        " && document.querySelector('#pn').dataset.complete !== undefined"
    )


def heaps(position: Any) -> tuple[int, ...]:
    return tuple(position)


def board(position: Any) -> tuple[str, ...]:
    return tuple(position)


GAMES = [
    # (ruleset, params, position, misère, naive moves, a node's naive position, the key of positions that are one)
    ("subtraction", {"S": "1,2"}, "5", False, naive.subtraction_moves({1, 2}), heaps, lambda p: p),
    ("nim", {}, "1 2 2", False, naive.nim_moves, heaps, nim_key),
    ("nim", {}, "1 1 1", True, naive.nim_moves, heaps, nim_key),
    ("cram", {}, "2x3", False, cram_moves, board, cram_key),
]


@pytest.mark.parametrize("ruleset, params, position, misere, moves, read, key", GAMES)
def test_stepping_labels_every_node_as_brute_force_does_each_by_a_true_rule(
    page: Any,
    ruleset: str,
    params: dict[str, str],
    position: str,
    misere: bool,
    moves: Callable[[Any], list[Any]],
    read: Callable[[Any], Any],
    key: Callable[[Any], Hashable],
) -> None:
    """Step (by mouse, then by keyboard) to the end: each step's node, label and rule are shown in the live line;
    the rule is true of the node's options by brute force (0: no option; 1: the witness is an option and a
    P-position; 2: every option is an N-position), and every node ends with its brute-force label (misère: Nim
    1 1 1, where a terminal position is N)."""
    _start(page, ruleset, position, params, misere)
    outcome = naive.misere_outcome if misere else naive.outcome
    nodes = {
        int(n.get_attribute("data-id")): read(json.loads(n.get_attribute("data-position")))
        for n in page.query_selector_all("[data-testid=pn-node]")
    }
    assert nodes and nodes[0] == read(json.loads(page.get_attribute("#current", "data-position")))
    _, reached = naive.game_graph(moves, nodes[0], 10_000)
    assert {key(p) for p in reached} == {key(p) for p in nodes.values()}  # every reachable position is drawn
    assert page.get_attribute("#pn-live", "data-shown") == "0"
    rules = set()
    for k in range(len(nodes)):
        if k % 2:
            page.focus("#pn-step")
            page.keyboard.press("Enter")
        else:
            page.click("#pn-step")
        page.wait_for_function("(k) => document.querySelector('#pn-live').dataset.shown === String(k)", arg=k + 1)
        live = page.eval_on_selector("#pn-live", "e => ({...e.dataset, text: e.textContent})")
        p, rule, label = nodes[int(live["node"])], int(live["rule"]), live["label"]
        options = moves(p)
        assert label == outcome(moves, p), (p, live)
        assert f"by rule {rule}" in live["text"] and f"is {label}" in live["text"], live
        if rule == 0:
            assert options == [] and label == ("N" if misere else "P")
        elif rule == 1:
            w = nodes[int(live["witness"])]
            assert any(key(o) == key(w) for o in options) and outcome(moves, w) == "P" and label == "N"
        else:
            assert options and label == "P" and all(outcome(moves, o) == "N" for o in options)
            assert len(live["witness"].split(",")) == len({key(o) for o in options})
        rules.add(rule)
    assert rules == {0, 1, 2}
    labels = page.eval_on_selector_all("[data-testid=pn-node]", "ns => ns.map((n) => [n.dataset.id, n.dataset.label])")
    assert {int(i): label for i, label in labels} == {i: outcome(moves, p) for i, p in nodes.items()}
    assert "Every position is labelled" in page.text_content("#pn-live")
    page.click("#pn-step")  # past the end: nothing more
    assert page.get_attribute("#pn-live", "data-shown") == str(len(nodes))


def test_the_mex_step_shows_the_options_values_and_the_missing_one(page: Any) -> None:
    """Subtraction {1, 2, 5} (a searched value), heap 8: the chips are the options' values (brute force), and the
    missing one is the smallest value not among them, which is G (brute force); so for Wythoff 3 4, whose value is
    searched though its outcome has a closed form; not for Nim 3 5 6 (G by Bouton's formula), whose graph is too
    large to draw; under misère play subtraction {1, 2} heap 0 (no move: G⁻ = 1 by Conway's rule)."""
    moves = naive.subtraction_moves({1, 2, 5})
    _start(page, "subtraction", "8", {"S": "1,2,5"})
    chips = [int(c.text_content()) for c in page.query_selector_all("[data-testid=mex-value]")]
    assert chips == sorted(naive.grundy(moves, o) for o in moves((8,)))
    missing = int(page.text_content("[data-testid=mex-missing]"))
    assert missing == naive.grundy(moves, (8,)) == naive.mex(chips)
    assert "Normal-play rule" in page.text_content("#mex")
    _start(page, "wythoff", "3 4")  # the outcome by Wythoff's theorem, the value by search: the mex step shows
    wythoff = [int(c.text_content()) for c in page.query_selector_all("[data-testid=mex-value]")]
    assert wythoff == sorted(naive.grundy(naive.wythoff_moves, o) for o in naive.wythoff_moves((3, 4)))
    assert int(page.text_content("[data-testid=mex-missing]")) == naive.grundy(naive.wythoff_moves, (3, 4))
    _start(page, "nim", "3 5 6")
    assert "closed form" in page.text_content("#mex") and page.query_selector("[data-testid=mex-line]") is None
    assert "too many to draw" in page.text_content("[data-testid=pn-note]")
    assert page.query_selector("[data-testid=pn-node]") is None and page.query_selector("#pn-step") is None
    _start(page, "subtraction", "0", {"S": "1,2"}, misere=True)
    assert page.query_selector_all("[data-testid=mex-value]") == []
    assert int(page.text_content("[data-testid=mex-missing]")) == naive.misere_grundy(
        naive.subtraction_moves({1, 2}), (0,)
    )
    assert "Misère rule" in page.text_content("#mex")


def test_play_animates_to_the_end_and_reset_clears(page: Any) -> None:
    """Play labels every node without further input (waited on, not timed); Reset takes every label off."""
    _start(page, "subtraction", "6", {"S": "1,3"})
    count = len(page.query_selector_all("[data-testid=pn-node]"))
    page.click("#pn-play")
    page.wait_for_function("(n) => document.querySelector('#pn-live').dataset.shown === String(n)", arg=count)
    moves = naive.subtraction_moves({1, 3})
    for n in page.query_selector_all("[data-testid=pn-node]"):
        assert n.get_attribute("data-label") == naive.outcome(
            moves, tuple(json.loads(n.get_attribute("data-position")))
        )
    page.click("#pn-reset")
    assert page.get_attribute("#pn-live", "data-shown") == "0"
    assert {n.get_attribute("data-label") for n in page.query_selector_all("[data-testid=pn-node]")} == {""}


@pytest.mark.parametrize("width", [1200, 390])
def test_accessibility_of_both_views(make_page: Callable[..., Any], width: int) -> None:
    """axe-core finds no serious or critical violation with the mex step and the labelled graph drawn; on a 390 px
    phone (device scale 3) nothing overflows sideways and the buttons are at least 44 px high."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-core comes with the [dev] extra")
    page = make_page(width=width, scale=3 if width < 600 else 1)
    _start(page, "subtraction", "7", {"S": "1,2,5"})
    page.wait_for_selector("[data-testid=mex-line]")
    for _ in range(4):
        page.click("#pn-step")
    violations = axe.Axe().run(page).response["violations"]
    found = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in violations]
    assert [f for f in found if f[1] in ("serious", "critical")] == []
    sizes = page.evaluate(
        """() => ({overflow: document.scrollingElement.scrollWidth - window.innerWidth,
                   small: [...document.querySelectorAll('#teach button')]
                       .filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.id)})"""
    )
    assert sizes["overflow"] <= 0 and sizes["small"] == [], sizes
    _shot(page, f"browser-teach-{width}px.png")
