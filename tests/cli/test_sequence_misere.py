"""``sprague sequence RULESET --to N --misere``: the genus of each heap, text and JSON, and its refusals."""

from __future__ import annotations

import io
import json

import naive
from sprague.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_json_genera_agree_with_the_definition() -> None:
    status, out, err = run("sequence", "subtraction", "-p", "S=2,3", "--to", "9", "--misere", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["misere"] is True and data["to"] == 9 and len(data["genera"]) == 10
    moves = naive.subtraction_moves([2, 3])
    for n, genus in enumerate(data["genera"]):
        g, terms = naive.genus(moves, (n,) if n else (), len(genus["superscript"]) + 2)
        sup = genus["superscript"]
        assert genus["g"] == g and terms[: len(sup)] == sup and terms[len(sup) :] == sup[-2:], n
    assert data["misere_values"] == [genus["superscript"][0] for genus in data["genera"]]
    assert data["first_not_tame"] is None and data["counts"]["tame"] == 10


def test_text_names_the_first_heap_that_is_not_tame() -> None:
    status, out, _ = run("sequence", "kayles", "--to", "7", "--misere")
    assert status == 0
    assert "first heap that is not tame: 5 (4^146, restless)" in out  # Kayles heap 5: g = 4, g- = 1
    assert out.splitlines()[1].split(":", 1)[1].split() == [
        "0^120",
        "1^031",
        "2^20",
        "3^31",
        "1^031",
        "4^146",
        "3^31",
        "2^20",
    ]


def test_refusals_are_one_line() -> None:
    # refused before any work only by a lower bound: heap 500's options, each valued at least once
    status, out, err = run("sequence", "kayles", "--to", "500", "--misere", "--max-work", "100")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "the genera of heaps 0..500 needs at least" in err and "over the 100 left" in err and "--max-work" in err
    # within that bound, computed until the budget stops it: the genera done are given, the stop said in one line
    status, out, err = run("sequence", "kayles", "--to", "500", "--misere", "--max-work", "200000", "--json")
    assert status == 0, err
    data = json.loads(out)
    done = len(data["genera"])
    assert 8 <= done < 501 and data["to"] == 500 and len(data["misere_values"]) == done
    stopped = data["stopped"]
    assert stopped.startswith(f"stopped at heap {done}: ") and "work budget of 200,000 units" in stopped
    assert "--max-work" in stopped and "\n" not in stopped
    for n, genus in enumerate(data["genera"][:8]):  # the genera kept are exact
        sup = genus["superscript"]
        g, terms = naive.genus(naive.kayles_moves, (n,) if n else (), len(sup) + 2)
        assert genus["g"] == g and terms[: len(sup)] == sup and terms[len(sup) :] == sup[-2:], n
    status, text, err = run("sequence", "kayles", "--to", "500", "--misere", "--max-work", "200000")
    assert status == 0 and err == ""
    last = text.strip().splitlines()[-1]
    assert last.startswith(f"heaps 0..{done - 1} only: stopped at heap {done}: ") and "--max-work" in last
    status, _, err = run("sequence", "kayles", "--to", "5", "--misere", "--plot", "x.png")
    assert status == 2 and "--plot is not available with --misere" in err
    status, _, err = run("sequence", "wythoff", "--to", "5", "--misere")
    assert status == 2 and "one-heap game" in err
