"""``sprague sweep PATTERN``: the table, --json, --csv, resume through the results cache, bad patterns in one line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from sprague.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_table_and_the_files(tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    status, out, err = run(
        "sweep",
        "0.7?",
        "--values",
        "800",
        "--workers",
        "1",
        "--cache-dir",
        cache,
        "--csv",
        str(tmp_path / "t.csv"),
        "--json",
        str(tmp_path / "t.json"),
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("sweep 0.7? (octal): 8 codes, 8 games; G(n) for n < 800 each")
    kayles = next(line.split() for line in lines if line.startswith("0.77 "))
    assert kayles[:3] == ["0.77", "71", "12"] and "certified" in kayles
    assert "same game: 0.70" in out
    rows = list(csv.DictReader((tmp_path / "t.csv").open()))
    data = json.loads((tmp_path / "t.json").read_text())
    assert (
        [r["code"] for r in rows]
        == [r["code"] for r in data["rows"]]
        == [line.split()[0] for line in lines[2 : 2 + len(rows)]]
    )
    assert next(r for r in rows if r["code"] == "0.77")["period"] == "12"
    status, out, _ = run("sweep", "0.7?", "--values", "800", "--workers", "1", "--cache-dir", cache, "--json")
    again = json.loads(out)
    assert status == 0 and again["resumed"] == 8 and again["rows"] == data["rows"]  # the rows, from the cache
    status, out, _ = run("sweep", "0.7?", "--values", "800", "--workers", "1", "--cache-dir", cache)
    assert "8 of the 8 games resumed from the results cache" in out
    status, out, _ = run("sweep", "0.7?", "--values", "800", "--workers", "1", "--no-cache", "--json")
    assert json.loads(out)["resumed"] == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["0.?x"], "pattern '0.?x' has 'x' at position 4"),
        ([""], "empty pattern"),
        (["0." + "?" * 30], "over the limit of 65,536 (MAX_SWEEP_CODES"),
        (["0.?8", "--base", "8"], "not an octal digit"),
        (["0.??", "--base", "10"], "invalid choice"),
        (["0.??", "--values", "0"], "--values: must be a whole number >= 1"),
        (["0.??", "--workers", "100000"], "workers=100000 is more than"),
        (["0.7?", "--values", "10", "--workers", "1", "--no-cache", "--csv", "/nonexistent/dir/t.csv"], "--csv"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], words: str) -> None:
    status, out, err = run("sweep", *args)
    assert status == 2 and err.count("\n") == 1 and words in err, err
    assert err.startswith("sprague: error:")
