"""Remoteness (solve/remoteness.py) against its definition in tests/naive.py, and in the moves report."""

from __future__ import annotations

from itertools import product

import pytest

import naive
import sprague
from sprague.errors import BudgetExceeded, TooLarge
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
def test_remoteness_equals_the_definition(
    name: str, params: dict[str, str], moves: naive.Moves, positions: list[tuple[int, ...]], misere: bool
) -> None:
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
    # no budget open: remoteness() opens the default one, and the 10^30 options of the start, one unit of work
    # each at least, are over it: refused at once by that lower bound, not listed until memory runs out
    report = moves_report(sprague.ruleset("nim"), (10**30, 2), remoteness=True)
    assert report["remoteness"] is None and all(row["remoteness"] is None for row in report["options"])
    note = report["remoteness_note"]
    assert note.startswith(
        "not computed in its share (1/20) of the work budget: the remoteness search from "
        "1000000000000000000000000000000 2"
    )
    assert "needs at least about 2^99 units of work" in note and "--max-work" in note
    with sprague.budget(work=1_000) as b:
        with pytest.raises(BudgetExceeded, match="--max-work") as info:
            remoteness(sprague.ruleset("nim"), (10**30, 2))
        assert info.value.estimate > 10**30 and b.spent == 0  # at once
    # within the budget, the search stops at max_positions, after the work of those positions
    with sprague.budget() as b, pytest.raises(TooLarge, match="stopped after 1,000 positions.*--max-positions"):
        remoteness(sprague.ruleset("wythoff"), (300, 400), max_positions=1000)
    assert b.spent <= 1001 * (4 + 3 * 400)
    # and at the work budget, after that work
    work = 20_000
    with sprague.budget(work=work) as b, pytest.raises(BudgetExceeded, match="stopped at the work budget.*--max-work"):
        remoteness(sprague.ruleset("wythoff"), (300, 400))
    assert work < b.spent <= work + 4 + 1000


def test_the_remoteness_beside_a_report_gets_a_share_of_the_budget_raised_with_it() -> None:
    """Nim 3000 5 (3,005 options, some 27 million option edges below): the report's values come within a twentieth
    of the budget, the remoteness "not computed"; with a budget twenty times that, it is computed, and it is the
    remoteness of the game (heaps a, b with a > b: the winner moves to b b, then it is 2b more moves)."""
    nim = sprague.ruleset("nim")
    with sprague.budget(work=2_000_000) as b:
        report = moves_report(nim, (3000, 5), remoteness=True)
    assert report["remoteness"] is None and "share (1/20)" in report["remoteness_note"]
    assert b.spent <= 2_000_000 // 20 + 10_000
    with sprague.budget(work=20 * 60_000_000):
        report = moves_report(nim, (300, 5), remoteness=True)
    assert report["remoteness"] == 1 + 2 * 5 and report["outcome"] == "N"


@pytest.mark.parametrize(
    "name, params, position",
    [
        ("grundys-game", {}, (10**30,)),
        ("nimhof", {"R": "1,0;1,1;0,1"}, (10**30, 2)),
        ("kayles", {}, (10**30,)),
    ],
)
def test_a_report_on_a_huge_position_is_a_project_error_or_a_note_at_once(name, params, position) -> None:
    """A heap of 10^30: a project error or a note, after bounded work (NimHof's box once counted its work a step
    per cell of the longest ray, 10^30 steps, before any budget was asked)."""
    with sprague.budget(work=10_000) as b:
        try:
            report = moves_report(sprague.ruleset(name, **params), position, remoteness=True)
        except sprague.SpragueError as exc:
            assert "--max-work" in str(exc) or "--max-memory" in str(exc)
        else:
            assert report["remoteness"] is None and "--max-work" in report["remoteness_note"]
    assert b.spent <= 10_000
