"""``sequence(n, compact=True)``: the values as kept (no copy, read-only, the smallest unsigned type for
take-and-break games), the sequence report that never computes past a long sequence, and the CLI's record
path (a streamed --json, the summary without a Python list of every value)."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

import sprague
from naive import grundys_game_sequence, naive_tb_rules, naive_tb_values
from sprague.cli import main
from sprague.cli.common import print_json
from sprague.present import sequence_report, sequence_text


def test_compact_is_the_kept_array_read_only_and_right() -> None:
    game = sprague.ruleset("grundys-game")
    compact = game.sequence(3000, compact=True)
    assert compact.dtype == np.uint8 and not compact.flags.writeable
    assert np.shares_memory(compact, game.solver.values)  # no copy
    assert compact.tolist() == grundys_game_sequence(3000)
    with pytest.raises(ValueError):
        compact[0] = 7  # the caller cannot change what the game keeps
    full = game.sequence(3000)
    assert full.dtype == np.int64 and full.tolist() == compact.tolist()


def test_compact_fill_of_a_certified_period() -> None:
    """Kayles (0.77): values past the certified period are filled in, in the smallest type that holds them."""
    kayles = sprague.ruleset("kayles")
    compact = kayles.sequence(50_000, compact=True)
    assert compact.dtype == np.uint8 and not compact.flags.writeable
    assert compact[:400].tolist() == naive_tb_values(naive_tb_rules("0.77"), 400)
    assert np.array_equal(compact, kayles.sequence(50_000))


def test_compact_arithmetic_periodic_fill_is_wide_enough() -> None:
    """Nim's values reach n - 1: 70,000 values need uint32, not uint16."""
    nim = sprague.ruleset("nim")
    compact = nim.sequence(70_000, compact=True)
    assert compact.dtype.itemsize >= 4 and int(compact[-1]) == 69_999


def test_report_never_computes_past_a_long_sequence() -> None:
    """Officers (0.6) has no known period: the report of 70,000 values looks for none past them."""
    officers = sprague.ruleset("officers")
    values = officers.sequence(70_000, compact=True)
    data, per = sequence_report(officers, values)
    assert officers.known_length == 70_000
    assert per is None or not per.certified
    assert data["values"] is values


def test_report_of_a_short_sequence_may_extend_it_to_prove_the_period() -> None:
    """Kayles to 100: its period (from 71, Guy & Smith) needs 167 values; the report computes them."""
    kayles = sprague.ruleset("kayles")
    data, per = sequence_report(kayles, kayles.sequence(101).tolist())
    assert per is not None and per.certified and (per.preperiod, per.period) == (71, 12)
    assert data["certified"] is True


def test_summary_and_stairs_of_a_long_array() -> None:
    """The text of 20,001 values of Nim: the summary from the array, heights tried up to 64 and listed briefly."""
    nim = sprague.ruleset("nim")
    data, per = sequence_report(nim, nim.sequence(20_001, compact=True))
    assert data["stairs"]["heights"] == list(range(2, 65))
    text = sequence_text(nim, data, per)
    assert "largest value 20000; 20001 distinct values; last value G(20000) = 20000" in text
    assert "h = 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ... (63 heights) all fit" in text


def test_print_json_streams_arrays() -> None:
    out = io.StringIO()
    array = np.arange(70_000, dtype=np.uint32)
    print_json({"ruleset": "x", "values": array, "n": 3}, out)
    data = json.loads(out.getvalue())
    assert data["values"] == list(range(70_000)) and data["ruleset"] == "x" and data["n"] == 3
    out = io.StringIO()
    print_json({"values": np.zeros(0, dtype=np.uint8)}, out)
    assert json.loads(out.getvalue()) == {"values": []}


def test_cli_sequence_json_of_a_long_run() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["sequence", "grundys-game", "--to", "69999", "--json", "--quiet"], out=out, err=err) == 0, err
    data = json.loads(out.getvalue())
    assert len(data["values"]) == 70_000 and data["values"][:3000] == grundys_game_sequence(3000)
    assert data["structure"] is None or data["certified"] is False


def test_sparse_space_of_known_values_asks_no_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record run's report reads the sparse space off the values it has: no second limit check (a 2^28 run
    given --max-positions was refused there by the default limit after computing every value)."""
    import sprague.solve.sequence as seq

    game = sprague.ruleset("grundys-game")
    game.sequence(3000)

    def refuse(*args: object) -> None:
        raise AssertionError("the limit was checked again for values already known")

    monkeypatch.setattr(seq, "refuse_long", refuse)
    mask, rare = game.sparse_space(3000)
    assert mask == -2 and len(rare) == 441  # Grundy's game: as the sparse_space doctest (heaps 0..2999)
