"""``--misere`` on the commands that answer about positions: ``value``, ``moves``, ``verify`` (issue 15)."""

from __future__ import annotations

import itertools

import pytest
from test_cli import run, run_json

import naive
import sprague


def test_value_misere_json_is_one_object_with_outcome_and_misere() -> None:
    data = run_json("value", "nim", "1", "1", "1", "--misere")
    assert data["outcome"] == "P" and data["misere"] is True and data["misere_grundy"] == 0
    assert "grundy" not in data  # the normal-play value is not what was asked
    assert run_json("value", "nim", "1", "1", "1")["outcome"] == "N"  # normal play: the last mover wins


@pytest.mark.parametrize("heaps", [p for k in (1, 2, 3) for p in itertools.product(range(4), repeat=k)])
def test_value_misere_nim_equals_naive_search(heaps: tuple[int, ...]) -> None:
    for method in ("auto", "search"):
        data = run_json("value", "nim", *map(str, heaps), "--misere", "--method", method)
        assert data["outcome"] == naive.misere_outcome(naive.nim_moves, heaps)
        assert data["misere_grundy"] == naive.misere_grundy(naive.nim_moves, heaps)


def test_value_misere_of_a_sum_is_searched_as_a_whole() -> None:
    data = run_json("value", "nim", "1", "2", "+", "subtraction", "-p", "S=1,2", "4", "--misere")
    moves = naive.sum_moves([naive.nim_moves, naive.subtraction_moves({1, 2})])
    assert data["outcome"] == naive.misere_outcome(moves, ((1, 2), (4,)))
    assert data["method"] == "search"


def test_value_misere_text_says_misere() -> None:
    status, out, _ = run("value", "nim", "2", "2", "--misere")
    assert status == 0 and "misère play" in out and "P-position" in out and "g- = 0" in out


def test_moves_misere_marks_the_misere_winning_moves() -> None:
    data = run_json("moves", "kayles", "3", "4", "--misere")
    kayles = sprague.ruleset("kayles")  # its moves, solved by the independent naive solver
    moves = lambda p: [tuple(sorted(h for h in o if h)) for o in kayles.moves(p)]  # noqa: E731
    winning = {tuple(sorted(h for h in o["position"] if h)) for o in data["options"] if o["winning"]}
    assert winning == naive.misere_p_options(moves, (3, 4)) and len(winning) == 3
    assert data["misere"] is True and data["outcome"] == ("N" if winning else "P")
    assert all(o["outcome"] == ("P" if o["winning"] else "N") for o in data["options"])
    status, out, _ = run("moves", "nim", "0", "--misere")
    assert "the player to move has won" in out


@pytest.mark.slow  # seconds of work; runs in CI's second pass
def test_value_misere_of_many_kayles_heaps_goes_through_the_quotient() -> None:
    """Too large to search: the quotient of heaps 0..30 answers (its outcomes are checked against search in
    tests/analysis/test_quotient.py)."""
    data = run_json("value", "kayles", "30", "30", "30", "30", "29", "--misere")
    assert "misère quotient of the heaps 0..30" in data["method"] and data["misere_grundy"] is None
    q = sprague.ruleset("kayles").misere_quotient(30)
    assert data["outcome"] == q.outcome([30, 30, 30, 30, 29])


def test_moves_misere_on_huge_nim_heaps_constructs_the_move() -> None:
    """Bouton's misère strategy on 1000-digit heaps: the one winning move, at once."""
    a = 10**999
    data = run_json("moves", "nim", str(a), str(a + 5), "1", "--misere")
    assert not data["all_options_listed"]
    (move,) = [o["position"] for o in data["options"] if o["winning"]]
    assert run_json("value", "nim", *map(str, move), "--misere")["outcome"] == "P"


def test_verify_misere_theorems_and_claims() -> None:
    status, out, _ = run("verify", "misere-nim", "--heaps", "4", "--max-heap", "6")
    assert status == 0 and "holds on all 210 positions" in out and "misère play" in out
    status, out, _ = run("verify", "all", "--misere", "--max-heap", "5")
    assert status == 0 and "misere-nim" in out and "delete-nim" not in out


def test_verify_misere_refutes_the_normal_rule_with_its_smallest_counterexample(tmp_path) -> None:
    claims = tmp_path / "claims.py"
    claims.write_text("def normal(h):\n    s = 0\n    for x in h:\n        s ^= x\n    return 'P' if s == 0 else 'N'\n")
    status, out, _ = run("verify", "--claim", f"{claims}:normal", "nim", "--heaps", "2", "--max-heap", "4", "--misere")
    assert status == 1 and "REFUTED" in out and "<0, 0>" in out  # the empty position: misère N, not P
    status, out, _ = run("verify", "--claim", f"{claims}:normal", "nim", "--heaps", "2", "--max-heap", "4")
    assert status == 0


BAD = [
    # found by the CLI fuzz once --misere joined its grammar (the same in normal play): a shift of 10^41 bits
    (["graph", "treblecross", "9" * 82], "--max-nodes"),
    (["verify", "delete-nim", "--misere"], "is about normal play; drop --misere"),
    (
        ["value", "kayles", "30", "30", "30", "30", "--misere", "--method", "search", "--max-work", "10**5"],
        "--max-work",
    ),
    (["value", "kayles", "30", "30", "30", "30", "--misere", "--max-positions", "100"], "--max-positions"),
    (["value", "nim", "40", "40", "40", "40", "+", "kayles", "9", "--misere", "--max-work", "10**5"], "--max-work"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_misere_input_is_one_line(args: list[str], message: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1, err
