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
        assert genus["g"] == g and terms[:len(sup)] == sup and terms[len(sup):] == sup[-2:], n
    assert data["misere_values"] == [genus["superscript"][0] for genus in data["genera"]]
    assert data["first_not_tame"] is None and data["counts"]["tame"] == 10


def test_text_names_the_first_heap_that_is_not_tame() -> None:
    status, out, _ = run("sequence", "kayles", "--to", "7", "--misere")
    assert status == 0
    assert "first heap that is not tame: 5 (4^146, restless)" in out  # Kayles heap 5: g = 4, g- = 1
    assert out.splitlines()[1].split(":", 1)[1].split() == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146",
                                                            "3^31", "2^20"]


def test_refusals_are_one_line() -> None:
    status, _, err = run("sequence", "kayles", "--to", "500", "--misere")
    assert status == 2 and "max-positions" in err and len(err.strip().splitlines()) == 1
    status, _, err = run("sequence", "kayles", "--to", "5", "--misere", "--plot", "x.png")
    assert status == 2 and "--plot is not available with --misere" in err
    status, _, err = run("sequence", "wythoff", "--to", "5", "--misere")
    assert status == 2 and "one-heap game" in err
