"""Sweeps (sprague.sweep): patterns, periods against the naive twin and the literature, resume, CSV/JSON, parallel."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from naive import sweep_octal_values
from sprague import cache
from sprague.core.limits import MAX_SWEEP_CODES
from sprague.core.takebreak_code import TBCode
from sprague.errors import InvalidParameter, TooLarge
from sprague.sweep import DEFAULT_VALUES, SweepResult, expand, games, sweep

DATA = Path(__file__).parent / "data" / "octal_periods.csv"
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _last_digit_place(code: str) -> int:
    return len(code.partition(".")[2])


def _check_against_naive(result: SweepResult, longest: int = 2500) -> int:
    """Every certified row whose period shows within ``longest`` naive values: a[n + p] == a[n] from the
    preperiod on, over at least three periods and 200 heaps past what the theorem needed, the preperiod
    least, the largest value right; and every code of the row has the same values. Returns the rows checked."""
    checked = 0
    for row in result.rows:
        if not row.certified:
            continue
        pre, p = row.preperiod, row.period
        t = _last_digit_place(row.code)
        upto = 2 * pre + 2 * p + t + 3 * p + 200
        if upto > longest:
            continue
        a = sweep_octal_values(row.code, upto)
        assert all(a[n + p] == a[n] for n in range(pre, upto - p)), row.code
        assert pre == 0 or a[pre - 1] != a[pre - 1 + p], f"{row.code}: the preperiod is not the least"
        assert row.largest == max(a[: pre + p]), row.code
        for other in row.same_game + row.same_values:
            assert sweep_octal_values(other, upto) == a, f"{other} is in the row of {row.code}"
        checked += 1
    return checked


@pytest.fixture(scope="module")
def octal2() -> SweepResult:
    with cache.using(False):
        return sweep("0.??", workers=1)


def test_patterns_expand_in_order_octal_and_hexadecimal() -> None:
    assert expand("0.?7") == [f"0.{d}7" for d in range(8)]
    assert expand(".7?")[:2] == ["0.70", "0.71"]  # d0 left out is 0
    assert expand("?.1", base=8) == [f"{d}.1" for d in range(8)]
    assert expand("0.?", base=16) == [f"0.{d}" for d in "0123456789ABCDEF"]
    assert expand("0.f?") == [f"0.F{d}" for d in "0123456789ABCDEF"]  # a hex digit makes the family hexadecimal
    assert expand("0.9?")[-1] == "0.9F"
    assert len(expand("0.??", base=16)) == 256 and len(expand("4.???")) == 512
    assert expand("0.77") == ["0.77"]  # no wildcard: one code


def test_patterns_joined_by_commas_name_the_codes_of_each_once() -> None:
    """A list of chosen games (independent sequences) is one sweep: each pattern's codes in order, a code named
    twice run once, the limit on the codes counted over all, and a hexadecimal digit anywhere makes every
    wildcard hexadecimal."""
    assert expand("0.137,0.6, 4.07") == ["0.137", "0.6", "4.07"]
    assert expand("0.6,0.?,0.6") == ["0.6", *(f"0.{d}" for d in range(8) if d != 6)]
    assert expand("0.1,0.F?")[:3] == ["0.1", "0.F0", "0.F1"] and len(expand("0.A,0.?")) == 16
    assert len(expand("0.1,0.?")) == 8  # 0.1 once
    assert games("0.10,0.1")["0.1"] == ["0.10", "0.1"]
    with pytest.raises(TooLarge) as info:
        expand("0.?????,1.?????,2.?????")  # 3 * 8^5 = 98,304 codes, each pattern alone within the limit
    assert info.value.estimate > MAX_SWEEP_CODES and "over the limit of" in str(info.value)
    assert len(expand("0.?????,0.?????,0.????1")) == 8**5  # overlapping patterns: their codes counted once
    with pytest.raises(InvalidParameter, match="empty pattern between commas"):
        expand("0.1,,0.2")
    with pytest.raises(InvalidParameter, match="'x' at position 1"):
        expand("0.1,x")


def test_a_list_of_games_is_one_table() -> None:
    with cache.using(False):
        listed = sweep("0.137,0.6,4.07", values=1500, workers=1)
        alone = [sweep(code, values=1500, workers=1) for code in ("0.137", "0.6", "4.07")]
    assert listed.pattern == "0.137,0.6,4.07" and listed.codes == 3
    assert _rows(listed) == [row for result in alone for row in _rows(result)]


def test_codes_ending_in_zero_are_one_game_with_the_shorter_code() -> None:
    keys = games("0.??")
    assert len(keys) == 64 and keys["0.1"] == ["0.10"] and keys["0.77"] == ["0.77"] and keys["0.0"] == ["0.00"]
    assert (
        games("0.1??")["0.1"] == ["0.100"]
        and games("0.??0")["0.1"] == ["0.100"]
        and games("0.1?0")["0.11"] == ["0.110"]
    )
    assert games("4.?0")["4.0"] == ["4.00"]
    assert games("0.?0", base=16)["0.A"] == ["0.A0"]
    # the rule agrees: the same values
    assert sweep_octal_values("0.140", 300) == sweep_octal_values("0.14", 300)


@pytest.mark.parametrize(
    ("pattern", "base", "error", "words"),
    [
        ("0.?x", None, InvalidParameter, "'x' at position 4"),
        ("", None, InvalidParameter, "empty pattern"),
        ("   ", None, InvalidParameter, "empty pattern"),
        ("0." + "?" * 30, None, TooLarge, f"over the limit of {MAX_SWEEP_CODES:,} (MAX_SWEEP_CODES"),
        ("0.?8", 8, InvalidParameter, "'8', not an octal digit"),
        ("0..1", None, InvalidParameter, "exactly one point"),
        ("077", None, InvalidParameter, "exactly one point"),
        ("12.?", None, InvalidParameter, "2 characters before the point"),
        ("0.", None, InvalidParameter, "no digit after the point"),
        ("0.?", 10, InvalidParameter, "base 10 is not 8 or 16"),
        ("0." + "1" * 40, None, InvalidParameter, "MAX_CODE_DIGITS"),
    ],
)
def test_bad_patterns_are_refused_in_one_line(pattern: str, base: int | None, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        sweep(pattern, base=base, workers=1)
    assert words in str(info.value) and "\n" not in str(info.value)
    if error is TooLarge:
        assert info.value.estimate == 8**30 and info.value.limit == MAX_SWEEP_CODES


@pytest.mark.parametrize("values", [0, -3, 2.5, True, "100"])
def test_a_bad_budget_is_refused(values: object) -> None:
    with pytest.raises(InvalidParameter, match="values="):
        sweep("0.7?", values=values, workers=1)  # type: ignore[arg-type]


def test_sweep_0xx_finishes_and_its_certified_periods_hold_for_the_naive_values(octal2: SweepResult) -> None:
    r = octal2
    assert (r.codes, r.games, r.done, r.interrupted) == (64, 64, 64, False)
    assert not r.skipped  # 0.00 is a game too: the one without moves (G = 0)
    listed = [c for row in r.rows for c in [row.code] + row.same_game + row.same_values]
    assert sorted(set(listed) - set(games("0.??"))) == [f"0.{d}0" for d in range(8)]  # spelled with the 0
    assert sorted(k for row in r.rows for k in row.games) == sorted(set(games("0.??")))  # each game once
    assert sum(row.certified for row in r.rows) >= 30
    assert _check_against_naive(r) >= 28
    kayles = next(row for row in r.rows if row.code == "0.77")
    assert (kayles.preperiod, kayles.period, kayles.values) == (71, 12, DEFAULT_VALUES)
    text = r.text()
    assert text.splitlines()[1].split()[:3] == ["code", "preperiod", "period"] and "0.77" in text
    assert "same game: 0.10" in text and "same game: 0.00" in text


@pytest.mark.parametrize("pattern", ["0.0?7", "0.1?3", "0.3?1", "0.5?2", "0.?17", "0.?52"])
def test_a_sample_of_0xxx_against_the_naive_values(pattern: str) -> None:
    with cache.using(False):
        r = sweep(pattern, values=4096, workers=1)
    assert r.done == r.games == len(games(pattern))
    assert _check_against_naive(r) == sum(row.certified for row in r.rows) > 0


def test_sweep_4xx_finishes_with_a_table() -> None:
    with cache.using(False):
        r = sweep("4.??", values=4096, workers=1)
    assert r.done == r.games == 64 and not r.interrupted  # 4.00 too: split a heap in two (4.0)
    assert [row.code for row in r.rows if not row.certified] == ["4.44"]  # d0 = 4: Guy & Smith's argument covers it
    assert any(row.code == "4.12" for row in r.rows)
    assert r.text().count("\n") >= len(r.rows) + 2
    for row in r.rows:  # certified or not, the values are the rule's: the period seen is real on the prefix
        if row.period is not None and row.preperiod + 3 * row.period < 600:
            a = sweep_octal_values(row.code, 600)
            assert all(a[n + row.period] == a[n] for n in range(row.preperiod, 600 - row.period)), row.code


def _literature() -> list[dict[str, str]]:
    lines = [line for line in DATA.read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines))


def _row_of(result: SweepResult, code: str):  # noqa: ANN202
    return next(row for row in result.rows if code in [row.code, *row.same_game, *row.same_values])


def test_literature_periods_agree(octal2: SweepResult) -> None:
    """Published periods (tests/data/octal_periods.csv, each row citing its source) against the sweep."""
    rows = _literature()
    assert len(rows) > 90
    with cache.using(False):
        fours = sweep("4.??", workers=1, values=4096)
        singles = {row["code"]: sweep(row["code"], workers=1) for row in rows if len(row["code"]) > 4}
    checked = certified = 0
    for lit in rows:
        code, pre, p = lit["code"], int(lit["preperiod"]), int(lit["period"])
        result = (
            octal2
            if code.startswith("0.") and len(code) <= 4
            else fours
            if code.startswith("4") and len(code) <= 4
            else singles[code]
        )
        row = _row_of(result, str(TBCode.parse(code)))  # "4" is written 4.0
        shift = 0
        if lit["nimbers"]:  # the source's sequence may start a few heaps later: find where, from its own digits
            digits = [_DIGITS.index(c) for c in lit["nimbers"].replace("(", "").replace(")", "")]
            naive = sweep_octal_values(code, len(digits) + 4)
            shift = next(s for s in range(4) if naive[s : s + len(digits)] == digits)
        least = pre + shift if pre else None  # with preperiod 0 in the source, ours is at most the shift
        if row.certified:
            certified += 1
            assert row.period == p, code
            assert row.preperiod == least if least is not None else row.preperiod <= shift, code
        elif code.startswith("0."):  # the theorem applies: unsolved only if the period needs more values than we have
            assert 2 * (pre + shift) + 2 * p + _last_digit_place(code) > row.values, code
        else:  # d0 = 4: no certificate yet; the period seen must be the published one
            assert row.period == p and (row.preperiod == least if least is not None else row.preperiod <= shift), code
        if lit["mask"] and int(lit["last_rare"]) < row.values:
            # the source counts heap 0 among the rare heaps (G(0) = 0 always is); ours start at heap 1. The mask
            # is written to the bit length of the largest value: the source's, of every value; ours, of those
            # computed (0.56: 5b to 64, 1b to 61, the largest below heap 16,384)
            width = max(row.largest, 1).bit_length()
            assert int(row.mask_hex, 16) == int(lit["mask"], 16) & ((1 << width) - 1), code
            assert (row.rare + 1, row.last_rare) == (int(lit["rare"]), int(lit["last_rare"])), code
        if lit["largest"] and int(lit["largest_at"]) < row.values:
            assert row.largest == int(lit["largest"]), code
        checked += 1
    assert checked >= 90 and certified >= 70


def _interrupt_after(count: int):  # noqa: ANN202
    seen = []

    def progress(k: int) -> None:
        seen.append(k)
        if sum(seen) >= count:
            raise KeyboardInterrupt

    return progress


def _rows(result: SweepResult) -> list[dict[str, object]]:
    return [{k: v for k, v in row.to_json().items() if k != "seconds"} for row in result.rows]


def test_an_interrupted_sweep_resumes_from_the_results_cache(tmp_path: Path) -> None:
    with cache.using(tmp_path):
        cut = sweep("0.3?", values=3000, workers=1, progress=_interrupt_after(3))
        assert cut.interrupted and cut.done == 3 and len(cut.rows) <= 3
        assert "interrupted after 3 of 8 games" in cut.text()
        again = sweep("0.3?", values=3000, workers=1)
        assert again.resumed == 3 and again.done == again.games == 8 and not again.interrupted
        assert "3 of the 8 games resumed" in again.text()
        twice = sweep("0.3?", values=3000, workers=1)
        assert twice.resumed == 8
        other_budget = sweep("0.3?", values=2999, workers=1)  # another budget is another sweep
        assert other_budget.resumed == 0
    with cache.using(False):
        fresh = sweep("0.3?", values=3000, workers=1)
    assert _rows(again) == _rows(twice) == _rows(fresh)


def test_csv_and_json_round_trip(octal2: SweepResult, tmp_path: Path) -> None:
    text = octal2.csv()
    assert list(csv.DictReader(io.StringIO(text))) == octal2.csv_rows()
    assert text.splitlines()[0].startswith("code,preperiod,period,saltus,certified")
    kayles = next(row for row in csv.DictReader(io.StringIO(text)) if row["code"] == "0.77")
    assert (kayles["preperiod"], kayles["period"], kayles["certified"], kayles["mask"]) == ("71", "12", "True", "f")
    data = json.loads(json.dumps(octal2.to_json()))
    back = SweepResult.from_json(data)
    assert back.to_json() == octal2.to_json() and back.text() == octal2.text()


def test_worker_processes_agree_with_one_process() -> None:
    with cache.using(False):
        one = sweep("0.5?", values=3000, workers=1)
        two = sweep("0.5?", values=3000, workers=2)
    assert (one.engine, two.engine, two.workers) == ("this process", "worker processes", 2)
    assert _rows(one) == _rows(two)


def test_hexadecimal_codes_are_each_run_or_said_to_be_unreadable() -> None:
    """Until the ruleset reads hexadecimal digits, codes with 8-F are skipped with its reason; none is lost."""
    with cache.using(False):
        r = sweep("0.?", base=16, values=500, workers=1)
    assert r.codes == 16 and r.base == 16
    named = {c for row in r.rows for c in [row.code, *row.same_game, *row.same_values]} | {c for c, _ in r.skipped}
    assert named >= set(games("0.?", base=16)) - {"0"}
    assert all(reason for _, reason in r.skipped)
    assert "(hexadecimal)" in r.text()


@pytest.mark.slow  # starts a two-process local cluster (some 10 s)
def test_dask_local_cluster_agrees_with_one_process() -> None:
    distributed = pytest.importorskip("dask.distributed", reason="Dask is in the [dask] and [dev] extras")
    with cache.using(False):
        one = sweep("0.5?", values=3000, workers=1)
        with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            on_dask = sweep("0.5?", values=3000, scheduler=cluster.scheduler_address)
            # chosen games, independent sequences, on the same cluster
            chosen = sweep("0.137,0.6,4.07", values=3000, scheduler=cluster.scheduler_address)
        alone = sweep("0.137,0.6,4.07", values=3000, workers=1)
    assert (on_dask.engine, on_dask.workers) == ("Dask", 2)
    assert _rows(on_dask) == _rows(one)
    assert chosen.engine == "Dask" and _rows(chosen) == _rows(alone) and len(chosen.rows) == 3
