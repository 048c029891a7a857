"""Remoteness (solve/remoteness.py) against its definition in tests/naive.py, and in the moves report."""

from __future__ import annotations

from itertools import product

import pytest

import naive
import sprague
from sprague.errors import TooLarge
from sprague.present.reports import moves_report
from sprague.solve.remoteness import remoteness

GAMES = [
    ("nim", {}, naive.nim_moves, [p for n in (1, 2, 3) for p in product(range(5), repeat=n)]),
    ("subtraction", {"S": "1,3,4"}, naive.subtraction_moves({1, 3, 4}), [p for p in product(range(12), repeat=2)]),
    ("wythoff", {}, naive.wythoff_moves, list(product(range(9), repeat=2))),
    ("kayles", {}, naive.kayles_moves, [p for n in (1, 2) for p in product(range(9), repeat=n)]),
]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("name, params, moves, positions", GAMES, ids=[g[0] for g in GAMES])
def test_remoteness_equals_the_definition(name: str, params: dict[str, str], moves: naive.Moves,
                                          positions: list[tuple[int, ...]], misere: bool) -> None:
    r = sprague.ruleset(name, **params)
    for p in positions:
        (outcome, far), _ = remoteness(r, p, misere=misere)
        expected = naive.misere_outcome(moves, p) if misere else naive.outcome(moves, p)
        assert (outcome, far) == (expected, naive.remoteness(moves, p, misere)), (p, misere)


def test_the_moves_report_gives_each_option_its_remoteness() -> None:
    """Nim 1 2 3 (P): the loser holds out six moves, one token a move; each option's remoteness is its own."""
    report = moves_report(sprague.ruleset("nim"), (1, 2, 3), remoteness=True)
    assert report["remoteness"] == naive.remoteness(naive.nim_moves, (1, 2, 3)) == 6
    for row in report["options"]:
        assert row["remoteness"] == naive.remoteness(naive.nim_moves, tuple(row["position"]))
    assert "remoteness" not in moves_report(sprague.ruleset("nim"), (1, 2, 3))


def test_a_game_graph_over_the_limit_gets_no_remoteness_and_says_why() -> None:
    report = moves_report(sprague.ruleset("nim"), (10**30, 2), remoteness=True)
    assert report["remoteness"] is None and all(row["remoteness"] is None for row in report["options"])
    assert report["remoteness_note"].startswith("not computed: the remoteness search from 1000000000000000000000000000000 2")
    with pytest.raises(TooLarge, match="--max-positions"):
        remoteness(sprague.ruleset("wythoff"), (300, 400), max_positions=1000)
