"""The closed forms worked out on a position (``closed_explanation``, the web page's Why panel): the value or
outcome each explanation arrives at is the one brute force finds (tests/naive.py)."""

from __future__ import annotations

import re
from itertools import product

import pytest

import naive
import sprague
from sprague.present.reports import value_report

CASES = [
    ("delete-nim", {}, naive.delete_nim_moves, list(product(range(13), repeat=2))),
    ("vdn", {}, naive.delete_split_moves(lambda n: [(1, 2)]), list(product(range(1, 13), repeat=2))),
    ("abo-delete", {}, naive.abo_delete_moves, list(product(range(1, 8), repeat=3))),
    ("wythoff", {}, naive.wythoff_moves, list(product(range(13), repeat=2))),
    ("moore", {"k": 2}, naive.moore_moves(2), list(product(range(6), repeat=3))),
    ("cyclic-nimhoff", {"h": 3}, naive.gcn_moves(3, [lambda s: True] * 3), list(product(range(5), repeat=3))),
]


@pytest.mark.parametrize("name, params, moves, positions", CASES, ids=[c[0] for c in CASES])
def test_each_explanation_arrives_at_the_brute_force_answer(
    name: str, params: dict[str, int], moves: naive.Moves, positions: list[tuple[int, ...]]
) -> None:
    r = sprague.ruleset(name, **params)
    for p in positions:
        text = r.closed_explanation(r.check_position(p))
        assert text, (name, p)
        g = naive.grundy(moves, tuple(sorted(p)) if name != "cyclic-nimhoff" else p)
        said = re.search(r"= (\d+)(?: \([^()]*\))?$|so ([PN])$", text)  # the last number, or the outcome
        assert said, text
        if said.group(1) is not None:
            assert int(said.group(1)) == g, (p, text)
        else:
            assert said.group(2) == ("P" if g == 0 else "N"), (p, text)


def test_the_value_report_carries_the_explanation_under_normal_play_only() -> None:
    delete = sprague.ruleset("delete-nim")
    assert (
        value_report(delete, (5, 7))["explanation"] == "x = 5, y = 7: (x OR y) + 1 = 8, and G = v2(8) = 3 (8 = 2^3 x 1)"
    )
    assert "explanation" not in value_report(sprague.ruleset("wythoff"), (3, 5), misere=True)
    assert "explanation" not in value_report(sprague.ruleset("subtraction", S="1,2"), (5,))
