"""``sprague quotient ... --prove`` (periodicity certificate) and ``--check`` (independent verifier)."""

from __future__ import annotations

import io
import json

from sprague.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_check_prints_the_verdict() -> None:
    status, out, err = run("quotient", "kayles", "--max-heap", "30", "--check")
    assert status == 0, err
    assert "independent check: verified: the claimed monoid of order" in out


def test_prove_small_octal_text_and_json() -> None:
    status, out, err = run("quotient", "0.75", "--max-heap", "30", "--prove")
    assert status == 0, err
    assert "proof: proved for all heaps" in out and "period 2 from heap 8" in out
    status, out, err = run("quotient", "0.75", "--max-heap", "30", "--prove", "--check", "--json")
    data = json.loads(out)
    assert data["proof"]["status"] == "proved" and data["proof"]["period"] == 2 and data["proof"]["preperiod"] == 8
    assert data["proof"]["check"]["ok"] is True and data["check"]["ok"] is True
    assert data["order"] == 8


def test_prove_kayles_order_40() -> None:
    status, out, err = run("quotient", "0.77", "--max-heap", "170", "--prove", "--json")
    assert status == 0, err
    proof = json.loads(out)["proof"]
    assert (proof["status"], proof["order"], proof["preperiod"], proof["period"], proof["needed"]) == (
        "proved",
        40,
        71,
        12,
        166,
    )
    assert len(proof["period_elements"]) == 12


def test_prove_too_short_is_observed() -> None:
    status, out, _ = run("quotient", "0.77", "--max-heap", "40", "--prove")
    assert status == 0 and "proof: observed only" in out and "compute further" in out


def test_prove_needs_a_take_and_break_code() -> None:
    status, out, err = run("quotient", "nim", "--max-heap", "3", "--prove")
    assert status == 2 and err.count("\n") == 1 and "--prove needs a take-and-break code" in err
