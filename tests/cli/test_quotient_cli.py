"""``sprague quotient`` (alias ``misere-quotient``): text, --json, bare octal codes, one-line errors."""

from __future__ import annotations

import io
import json

from sprague.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_text_report_of_nim() -> None:
    status, out, err = run("quotient", "nim", "--max-heap", "2")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[1] == "Q = ⟨a, b | a² = 1, b³ = b⟩"
    assert lines[2] == "order 6; P-portion (2) = {a, b²}"
    assert "generators: a = heap 1, b = heap 2" in out
    assert "0:1 1:a 2:b" in out
    assert out.rstrip().splitlines()[-1].startswith("stabilisation: not stabilised")


def test_alias_and_bare_octal_code_agree_with_octal_p_code() -> None:
    a = run("misere-quotient", "0.75", "--max-heap", "10", "--json")
    b = run("quotient", "octal", "-p", "code=0.75", "--max-heap", "10", "--json")
    assert a[0] == b[0] == 0
    assert json.loads(a[1]) == json.loads(b[1])


def test_any_bare_take_and_break_code() -> None:
    """Grundy's game written as its code (4!.0) is the catalogue's grundys-game; hexadecimal codes read too."""
    a = run("quotient", "4!.0", "--max-heap", "12", "--json")
    b = run("quotient", "grundys-game", "--max-heap", "12", "--json")
    assert a[0] == b[0] == 0
    assert {k: v for k, v in json.loads(a[1]).items() if k not in ("ruleset", "params")} == {
        k: v for k, v in json.loads(b[1]).items() if k not in ("ruleset", "params")
    }
    assert run("quotient", "0.F", "--max-heap", "6")[0] == 0
    status, _, err = run("quotient", "0.8x", "--max-heap", "4")
    assert status == 2 and "'x' at place 4" in err


def test_json_keys() -> None:
    status, out, _ = run("quotient", "subtraction", "-p", "S=1,2", "--max-heap", "8", "--json")
    data = json.loads(out)
    assert status == 0 and data["ruleset"] == "subtraction" and data["params"] == {"S": [1, 2]}
    assert {
        "order",
        "generators",
        "relations",
        "p_portion",
        "pretending_function",
        "multiplication_table",
        "stable_from",
        "stabilised",
        "presentation_ascii",
    } <= set(data)
    assert data["presentation_ascii"] == "<a,b | a^2=1, b^3=b>" and data["stabilised"] is True


def test_bad_input_is_one_line_exit_2() -> None:
    for args, needle in [
        (("quotient", "wythoff", "--max-heap", "3"), "not a one-heap game"),
        (("quotient", "nim", "--max-heap", "10**9"), "MAX_QUOTIENT_HEAP"),
        (("quotient", "nim"), "--max-heap"),
        (("quotient", "nim", "--max-heap", "-3"), "--max-heap"),
        (("quotient", "kayles", "--max-heap", "60", "--max-positions", "1000"), "--max-positions"),
        (("quotient", "0.77", "-p", "code=0.7", "--max-heap", "4"), "takes no -p"),
        (("quotient", "nimm", "--max-heap", "4"), "unknown ruleset"),
    ]:
        status, out, err = run(*args)
        assert status == 2, (args, out, err)
        assert err.count("\n") == 1 and needle in err, (args, err)
