"""``sprague discover``: text, JSON whose ``python`` scripts can evaluate, exit status, one-line errors."""

from __future__ import annotations

import io
import itertools
import json
import re

import pytest

import naive
from sprague.cli import main
from sprague.discover.grammar import PYTHON_NAMES


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_json_rules_evaluate_with_the_named_functions_only() -> None:
    """Each rule's ``python`` is an expression over z (sorted heaps) and n, with v2, popcount, nimsum, all, any,
    min, max, sum, len: a script evaluates it with those names and no builtins, and gets the game's values."""
    status, out, _ = run("discover", "vdn", "--heaps", "2", "--max", "10", "--json")
    assert status == 0
    data = json.loads(out)
    assert {r["kind"] for r in data["rules"]} == {"outcome", "grundy"}
    assert set(PYTHON_NAMES) == {"v2", "popcount", "nimsum", "all", "any", "min", "max", "sum", "len"}
    for rule in data["rules"]:
        assert rule["holds"] and rule["verify_max"] == 20 and rule["verified"] == 210
        code = compile(rule["python"], "<rule>", "eval")
        for z in itertools.combinations_with_replacement(range(1, 16), 2):
            value = eval(code, {"__builtins__": {}, **PYTHON_NAMES, "z": z, "n": 2})
            g = naive.grundy(naive.single_delete_moves, z)
            assert value == (g == 0 if rule["kind"] == "outcome" else g), (rule["text"], z)


def test_text_report_and_several_numbers_of_heaps() -> None:
    status, out, _ = run(
        "discover", "nmth-delete", "--heaps", "2,3", "--max", "8", "--kind", "outcome", "--budget", "1000000"
    )
    assert status == 0
    assert out.startswith("nmth-delete: rules fitted on heaps <= 8 (2, 3 heaps), each checked on heaps <= 16")
    assert "P-positions (n = 2, 3): P iff" in out and "P-positions (2 heaps): P iff every heap: z_i odd" in out
    assert "holds to heap 16" in out and "python: " in out


def test_no_rule_is_exit_status_1_with_the_cost_reached() -> None:
    status, out, _ = run("discover", "kayles", "--heaps", "1", "--max", "30", "--kind", "grundy", "--budget", "100000")
    assert status == 1
    assert "Grundy value (1 heap): no rule up to cost" in out and "budget of 100,000 work units" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["discover", "nim", "--heaps", "x"], "--heaps 'x'"),
        (["discover", "nim", "--max", "-3"], "--max"),
        (["discover", "green-hackenbush"], "not heaps"),
        (["discover", "nim", "--heaps", "3", "--max", "200"], "over the limit of 200,000 (DISCOVER_MAX_ROWS)"),
        (["discover", "nim", "--max", "5", "--verify-max", "5"], "is not above max_heap (--max-heap) = 5"),
        (["discover", "nim", "--heaps", "5-3"], "runs backwards"),
        (["discover", "kayles", "--heaps", "1", "--verify-max", "10**7"], "DISCOVER_MAX_HEAP"),
        (["discover", "nim", "--heaps", "5", "--max", "20", "--verify-max", "200"], "lower --verify-max"),
        (["discover", "cyclic-nimhoff", "-p", "h=x"], "h"),
    ],
)
def test_bad_input_is_one_line(args: list[str], words: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "old, new",
    [
        (["sequence", "nim", "--to", "7"], ["sequence", "nim", "--max-heap", "7"]),
        (["table", "nim", "--max", "3", "--values", "grundy"], ["table", "nim", "--max-heap", "3", "--kind", "grundy"]),
        (
            ["discover", "delete-nim", "--heaps", "2", "--max", "5"],
            ["discover", "delete-nim", "--heaps", "2", "--max-heap", "5"],
        ),
    ],
)
def test_one_flag_name_per_idea_and_the_old_spellings_still_work(old: list[str], new: list[str]) -> None:
    """Issue 32 point 2: the largest heap is --max-heap in every command (as in quotient and verify), the kind of
    table --kind (as in discover); --to, --max and --values stay as aliases giving the same output."""
    first, second = io.StringIO(), io.StringIO()
    assert main(old, out=first) == 0 and main(new, out=second) == 0

    def untimed(text: str) -> str:  # discover reports its seconds
        return re.sub(r"\d+\.\d+ s\b", "T s", text)

    assert untimed(first.getvalue()) == untimed(second.getvalue()) and first.getvalue()


def test_misere_fits_misere_play_and_says_so() -> None:
    """``--misere``: the rules of misère play (misère P-positions, misère Grundy values g-), whose python the naive
    misère solver confirms, and a report that says which play it is about."""
    status, out, _ = run(
        "discover", "subtraction", "-p", "S=1,2", "--heaps", "2", "--max-heap", "10", "--kind", "outcome", "--misere"
    )
    assert status == 0
    assert out.startswith("subtraction -p S=1,2 (misère play): rules fitted on heaps <= 10 (2 heaps)")
    assert "misère P-positions (2 heaps): P iff (sum_i z_i) mod 3 = 1" in out and "holds to heap 20" in out
    status, out, _ = run(
        "discover", "nim", "--heaps", "1", "--max-heap", "10", "--misere", "--budget", "300000", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["misere"] is True and [r["kind"] for r in data["rules"]] == ["outcome", "grundy"]
    for rule in data["rules"]:
        assert rule["misere"] is True and rule["holds"]
        code = compile(rule["python"], "<rule>", "eval")
        for z in range(40):
            value = eval(code, {"__builtins__": {}, **PYTHON_NAMES, "z": (z,), "n": 1})
            want = (
                naive.misere_outcome(naive.nim_moves, (z,)) == "P"
                if rule["kind"] == "outcome"
                else naive.misere_grundy(naive.nim_moves, (z,))
            )
            assert value == want, (rule["text"], z)
    status, plain, _ = run("discover", "nim", "--heaps", "1", "--max-heap", "10", "--budget", "300000", "--json")
    assert json.loads(plain)["misere"] is False and json.loads(plain)["rules"][0]["text"] != data["rules"][0]["text"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["discover", "green-hackenbush", "--misere"], "not heaps"),
        (["discover", "nim", "--misere", "--heaps", "3", "--max", "200"], "DISCOVER_MAX_ROWS"),
        (["discover", "half-delete", "--misere", "--heaps", "3"], "even number of heaps"),
    ],
)
def test_bad_misere_input_is_one_line(args: list[str], words: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
