"""``sweep --misere`` (sprague.sweep.misere_sweep): misère quotients of a family, against brute force and the
literature; the table's formats; a budget stop as a row; workers, the results cache and Dask.

Literature checked here (see docs/misere-quotients.md for the whole comparison):

* [PS08] T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games", J. Combin. Theory Ser. A 115
  (2008) 593-622 (arXiv math/0609825): every finite misère quotient of impartial games has even order; the
  quotient of 0.75 is R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P-portion {a, b^2}.
* [Plq] T. E. Plambeck, "Quaternary games", plambeck.org/oldhtml/mathematics/games/misere/quaternary/ (2003-05):
  after Winning Ways, the only two-digit quaternary code (digits 0-3) whose heaps are not all misère nim-heaps is
  .31; every three-digit quaternary has only misère nim-heaps except the seven "woolly mammoths" .121, .123,
  .131, .201, .211, .312, .331. A game whose heaps are misère nim-heaps *G(n) is played by the misère Nim rule.
"""

from __future__ import annotations

import csv
import functools
import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import sprague
from sprague import cache
from sprague.analysis.quotient import misere_quotient
from sprague.cli import main
from sprague.errors import InvalidParameter
from sprague.sweep import MISERE_CSV_COLUMNS, MisereSweepResult, QuotientResult, _stop_point, misere_sweep


def prove_small(code: str, q: Any) -> tuple[str, str] | None:
    """A prover hook for the tests (module level: it is pickled to the workers)."""
    return ("proved", "test hook: a one-token game") if code == "0.1" else None


@pytest.fixture(scope="module")
def octal2() -> MisereSweepResult:
    """Every one- and two-digit code, to heap 8: all finish in about a second."""
    with cache.using(False):
        return misere_sweep("0.??", max_heap=8, workers=1)


# ---------------------------------------------------------------- brute force
def _octal_heap_options(code: str, n: int) -> list[tuple[int, ...]]:
    """The options of a heap of n in the octal game ``code`` (Winning Ways ch. 4), written out here: digit d_k
    has bit 1 (remove k, leave nothing), bit 2 (leave one heap), bit 4 (leave two non-empty heaps)."""
    digits = [int(ch) for ch in code.partition(".")[2]]
    out: set[tuple[int, ...]] = set()
    for k, d in enumerate(digits, start=1):
        rest = n - k
        if rest == 0 and d & 1:
            out.add(())
        if rest >= 1 and d & 2:
            out.add((rest,))
        if d & 4:
            for a in range(1, rest // 2 + 1):
                out.add((a, rest - a))
    return sorted(out)


@functools.cache
def _brute_misere(code: str, heaps: tuple[int, ...]) -> str:
    """Misère outcome by plain search: no move means the player to move has won (the opponent moved last)."""
    wins = False
    moved = False
    for i, h in enumerate(heaps):
        for parts in _octal_heap_options(code, h):
            moved = True
            child = tuple(sorted(heaps[:i] + tuple(p for p in parts if p) + heaps[i + 1 :]))
            if _brute_misere(code, child) == "P":
                wins = True
                break
        if wins:
            break
    return "N" if wins or not moved else "P"


@pytest.mark.parametrize(
    "code", ["0.1", "0.3", "0.4", "0.6", "0.07", "0.12", "0.31", "0.75", "0.77", "0.137", "0.512", "0.123"]
)
def test_small_quotients_agree_with_brute_force(code: str) -> None:
    """Every sum of up to 4 heaps of at most 6: the quotient's outcome is the brute-force misère outcome."""
    with cache.using(False):
        row = misere_sweep(code, max_heap=6, workers=1).rows[0]
    assert row.order is not None and row.status == "observed"
    q = misere_quotient(sprague.ruleset("takebreak", code=code).heap_options, 6)
    assert (q.order, len(q.p_portion)) == (row.order, row.p_portion)
    for count in range(1, 5):
        for heaps in itertools.combinations_with_replacement(range(7), count):
            assert q.outcome(heaps) == _brute_misere(code, tuple(sorted(h for h in heaps if h))), (code, heaps)


# ---------------------------------------------------------------- the literature
def test_the_quotient_of_0_75_is_R8() -> None:
    """[PS08]: Q(0.75) = R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}."""
    with cache.using(False):
        row = misere_sweep("0.75", max_heap=30, workers=1).rows[0]
    assert (row.order, row.p_portion) == (8, 2)
    assert row.presentation_ascii == "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>"
    assert row.p_elements == "{a, b^2}"
    assert row.stable_from < 30


def test_every_finished_quotient_has_even_order(octal2: MisereSweepResult) -> None:
    """[PS08]: the order of a finite misère quotient of impartial games is even."""
    finished = [row for row in octal2.rows if row.order is not None]
    assert len(finished) >= 40
    assert all(row.order % 2 == 0 for row in finished), [(row.code, row.order) for row in finished]


def _misere_nim_rule(values: list[int], heaps: tuple[int, ...]) -> str:
    g = [values[h] for h in heaps]
    nim_sum = 0
    for v in g:
        nim_sum ^= v
    if all(v <= 1 for v in g):
        return "P" if nim_sum == 1 else "N"
    return "P" if nim_sum == 0 else "N"


#: [Plq]: the quaternary codes of up to three digits whose heaps are not all misère nim-heaps
_NOT_NIM_HEAPS = {"0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331"}


def test_quaternary_codes_play_as_misere_nim_exactly_when_plambeck_says() -> None:
    """[Plq]: every quaternary code of up to three digits (63 games) but .31 and the seven woolly mammoths has
    only misère nim-heaps *G(n), so every sum is P exactly by the misère Nim rule on the Grundy values: the
    quotient says so for every sum of up to 3 heaps of at most 10. The eight others break the rule there."""
    bound = 10
    breaks = set()
    keys = [k for k in sprague.sweep.games("0.???") if k != "0.0" and not set(k.partition(".")[2]) & set("4567")]
    assert len(keys) == 63
    for code in keys:
        game = sprague.ruleset("takebreak", code=code)
        q = misere_quotient(game.heap_options, bound)
        values = [int(v) for v in game.sequence(bound + 1)]
        if any(
            q.outcome(heaps) != _misere_nim_rule(values, heaps)
            for count in (1, 2, 3)
            for heaps in itertools.combinations_with_replacement(range(1, bound + 1), count)
        ):
            breaks.add(code)
    assert breaks == _NOT_NIM_HEAPS


# ---------------------------------------------------------------- the table
def test_sweep_0xx_covers_every_game(octal2: MisereSweepResult) -> None:
    r = octal2
    assert (r.codes, r.games, r.done, r.interrupted) == (64, 63, 63, False)
    assert [code for code, _ in r.skipped] == ["0.00"]  # no move at all
    assert "no move from any heap" in r.skipped[0][1]
    listed = sorted(k for row in r.rows for k in row.games)
    assert len(listed) == 63 and len(set(listed)) == 63
    spelled = {c for row in r.rows for c in [row.code, *row.same_game, *row.same_quotient]} | {"0.00"}
    codes = set(sprague.sweep.expand("0.??"))
    assert codes <= spelled and spelled - codes <= set(sprague.sweep.games("0.??"))  # a row names its game
    kayles = next(row for row in r.rows if "0.77" in row.games)
    assert kayles.status == "observed" and kayles.bound == 8


def test_text_csv_and_json(octal2: MisereSweepResult) -> None:
    text = octal2.text()
    lines = text.splitlines()
    assert lines[0].startswith("sweep --misere 0.?? (octal): 64 codes, 63 games")
    assert lines[1].split()[:4] == ["code", "order", "|P|", "stable"]
    assert "skipped 0.00: no move" in text and "observed" in text
    data = list(csv.DictReader(io.StringIO(octal2.csv())))
    assert tuple(data[0]) == MISERE_CSV_COLUMNS and data == octal2.csv_rows()
    row = next(d for d in data if d["code"] == "0.75")
    assert (row["order"], row["p_portion"], row["status"], row["bound"]) == ("8", "2", "observed", "8")
    assert row["presentation"] == "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>"
    back = MisereSweepResult.from_json(json.loads(json.dumps(octal2.to_json())))
    assert back.to_json() == octal2.to_json() and back.text() == text and back.csv() == octal2.csv()


def test_a_budget_stop_is_a_row_not_a_failure() -> None:
    with cache.using(False):
        r = misere_sweep("0.?", max_heap=20, game_work=30_000, workers=1)
    stopped = [row for row in r.rows if row.order is None]
    assert stopped and r.done == r.games == 7 and not r.interrupted
    for row in stopped:
        assert row.status == "stopped" and row.work == 30_000 and row.stopped
        assert row.stopped_at is not None and 1 <= row.stopped_at <= 20 and row.order_at_least >= 1
        assert row.status_text() == f"stopped at heap {row.stopped_at}, order >= {row.order_at_least:,}"
        assert row.order_text() == f">= {row.order_at_least:,}"
    text = r.text()
    assert f"of 7 games: {7 - len(stopped)} quotients to heap 20" in text and "stopped at heap" in text
    assert f"{len(stopped)} stopped by the budget" in text
    data = {d["code"]: d for d in csv.DictReader(io.StringIO(r.csv()))}
    assert data[stopped[0].code]["order"].startswith(">= ") and data[stopped[0].code]["stopped_at"]
    # the heap where it stopped is one the budget could not finish: the quotient below it has that order
    row = stopped[0]
    q = misere_quotient(sprague.ruleset("takebreak", code=row.code).heap_options, row.stopped_at - 1)
    assert q.order == row.order_at_least


def test_stop_point_reads_both_messages_and_says_nothing_when_it_cannot() -> None:
    a = ValueError("misère quotient of heaps 0..30 (at heap 25; the quotient of heaps < 25 has order 24) stopped")
    b = ValueError(
        "misère quotient of heaps 0..9: work over the limit of 5 steps at heap 7 (quotient of heaps < 7 "
        "has order 12); raise the limit"
    )
    assert _stop_point(a) == (25, 24) and _stop_point(b) == (7, 12)
    assert _stop_point(ValueError("out of memory")) == (None, None)
    r = QuotientResult(
        code="0.6",
        bound=9,
        order=None,
        p_portion=None,
        stable_from=None,
        status="stopped",
        stopped_at=None,
        order_at_least=None,
        generators=None,
        presentation="",
        presentation_ascii="",
        p_elements="",
        orders=[],
        stopped="x",
        note="",
        work=1,
        seconds=0.0,
        digest="",
    )
    assert r.status_text() == "stopped" and r.order_text() == "?"


def test_the_prover_hook_fills_the_status() -> None:
    with cache.using(False):
        r = misere_sweep("0.?", max_heap=6, workers=2, prover=prove_small)
    rows = {row.code: row for row in r.rows}
    assert (rows["0.1"].status, rows["0.1"].note) == ("proved", "test hook: a one-token game")
    assert rows["0.4"].status == "observed"
    assert "(1 proved, 6 observed)" in r.text() and r.prover.endswith("prove_small")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"max_heap": 0}, "max_heap=0 must be an integer from 1"),
        ({"max_heap": 2.5}, "max_heap=2.5"),
        ({"max_heap": 10**9}, "max_heap=1000000000"),
        ({"game_work": 0}, "game_work=0 must be a positive integer"),
        ({"game_work": True}, "game_work=True"),
        ({"prover": "yes"}, "prover='yes' is not callable"),
    ],
)
def test_bad_settings_are_refused_naming_the_value(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidParameter) as info:
        misere_sweep("0.?", workers=1, **kwargs)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_resume_from_the_results_cache(tmp_path: Path) -> None:
    with cache.using(tmp_path):
        first = misere_sweep("0.5?", max_heap=8, workers=1)
        again = misere_sweep("0.5?", max_heap=8, workers=1)
        other = misere_sweep("0.5?", max_heap=9, workers=1)  # another bound is another sweep
    assert first.resumed == 0 and again.resumed == again.games == 8 and other.resumed == 0
    strip = [{k: v for k, v in row.to_json().items() if k != "seconds"} for row in first.rows]
    assert strip == [{k: v for k, v in row.to_json().items() if k != "seconds"} for row in again.rows]


def test_worker_processes_agree_with_one_process() -> None:
    with cache.using(False):
        one = misere_sweep("0.?3", max_heap=8, workers=1)
        two = misere_sweep("0.?3", max_heap=8, workers=2)
    assert (two.engine, two.workers) == ("worker processes", 2)
    assert _strip(one) == _strip(two)


def _strip(r: MisereSweepResult) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.to_json().items() if k != "seconds"} for row in r.rows]


def test_cli_misere_sweep_and_its_options(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(
        [
            "sweep",
            "0.?5",
            "--misere",
            "--max-heap",
            "8",
            "--workers",
            "1",
            "--no-cache",
            "--quiet",
            "--csv",
            str(tmp_path / "q.csv"),
            "--json",
            str(tmp_path / "q.json"),
        ],
        out=out,
        err=err,
    )
    assert status == 0, err.getvalue()
    assert out.getvalue().startswith("sweep --misere 0.?5 (octal)")
    assert (tmp_path / "q.csv").read_text().splitlines()[0] == ",".join(MISERE_CSV_COLUMNS)
    assert json.loads((tmp_path / "q.json").read_text())["misere"] is True
    for args, words in (
        (["--values", "100"], "--values 100 is for the values of a normal-play sweep"),
        (["--max-positions", "100"], "--max-positions 100 is for the values"),
    ):
        err = io.StringIO()
        assert main(["sweep", "0.?5", "--misere", *args], out=io.StringIO(), err=err) == 2
        assert words in err.getvalue()
    err = io.StringIO()
    assert main(["sweep", "0.?5", "--max-heap", "8"], out=io.StringIO(), err=err) == 2
    assert "--max-heap 8 is for sweep --misere" in err.getvalue()


@pytest.mark.slow  # starts a two-process local cluster (some 10 s)
def test_dask_local_cluster_agrees_with_one_process() -> None:
    distributed = pytest.importorskip("dask.distributed", reason="Dask is in the [dask] and [dev] extras")
    with cache.using(False):
        one = misere_sweep("0.?6", max_heap=8, workers=1, game_work=200_000)
        with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            on_dask = misere_sweep(
                "0.?6", max_heap=8, game_work=200_000, scheduler=cluster.scheduler_address, prover=prove_small
            )
    assert (on_dask.engine, on_dask.workers) == ("Dask", 2)
    assert _strip(on_dask) == _strip(one)


# ---------------------------------------------------------------- --prove
def test_prove_marks_small_codes_proved_with_period_and_certificate() -> None:
    with cache.using(False):
        r = misere_sweep("0.?1", max_heap=8, prove_max_heap=8, workers=1, prove=True)  # no larger bounds
        k = misere_sweep("0.75", max_heap=20, workers=1, prove=True)
    rows = {row.code: row for row in [*r.rows, *k.rows]}
    # (order, period, preperiod, bound): 0.75 is R8, period 2 from heap 8 (heaps 0..20 suffice)
    for code, order, period, preperiod, bound in (("0.31", 6, 2, 3, 8), ("0.51", 2, 1, 1, 8), ("0.75", 8, 2, 8, 20)):
        row = rows[code]
        assert (row.status, row.order, row.period, row.preperiod, row.bound) == (
            "proved",
            order,
            period,
            preperiod,
            bound,
        ), code
        cert = row.certificate
        assert cert["status"] == "proved" and (cert["period"], cert["preperiod"]) == (period, preperiod)
        assert cert["needed"] <= row.bound < cert["checked_to"] and cert["check"]["ok"] is True
        assert row.note.startswith(f"period {period} from heap {preperiod}; heaps 0..{cert['needed']} suffice")
    data = {d["code"]: d for d in csv.DictReader(io.StringIO(k.csv()))}
    assert (data["0.75"]["status"], data["0.75"]["period"], data["0.75"]["preperiod"]) == ("proved", "2", "8")
    assert k.to_json()["rows"][0]["certificate"]["describe"].startswith("proved for all heaps")
    assert MisereSweepResult.from_json(json.loads(json.dumps(k.to_json()))).rows[0].certificate == cert
    text = k.text()
    assert "2 from 8" in text and "(1 proved, 0 observed)" in text and k.prover == "prove_quotient to 200"


@pytest.mark.slow  # 10 s with the verifier of every quotient it computes
def test_prove_says_why_a_row_is_only_observed() -> None:
    with cache.using(False):
        kayles = misere_sweep("0.77", max_heap=30, prove_max_heap=30, workers=1, prove=True)
        growing = misere_sweep("0.35", max_heap=12, workers=1, prove=True)
    row = kayles.rows[0]  # stable from heap 27 at 30, but period 12 from 71 needs heaps 0..166
    assert (row.status, row.period, row.bound, row.bounds, row.stable_from) == ("observed", None, 30, [30], 27)
    assert row.note == "no period of the pretending function proves it by heap 30; --prove-max-heap 30 reached"
    assert row.certificate["status"] == "observed" and "compute further" in row.certificate["reason"]
    assert row.note in kayles.text()
    row = growing.rows[0]  # the quotient still grows at the bound: not computed further
    assert (row.status, row.bounds) == ("observed", [12]) and "not stabilised at heap 12" in row.note
    data = next(csv.DictReader(io.StringIO(growing.csv())))
    assert (data["status"], data["period"], data["note"]) == ("observed", "", row.note)


def test_prove_computes_a_stabilised_quotient_further_within_the_budget() -> None:
    with cache.using(False):
        r = misere_sweep("0.75", max_heap=12, workers=1, prove=True)
        poor = misere_sweep("0.75", max_heap=12, workers=1, prove=True, game_work=20_000)
    row = r.rows[0]  # 12 shows no period 3 times; 48 proves it (4 x 12)
    assert (row.status, row.bounds, row.bound, row.period, row.preperiod) == ("proved", [12, 48], 48, 2, 8)
    row = poor.rows[0]  # the budget stops heaps 0..48: the row stays at 12, observed, saying so
    assert (row.status, row.bound, row.order, row.bounds) == ("observed", 12, 8, [12, 48]) and row.work <= 20_000
    assert "heaps 0..48 stopped at the budget" in row.note


@pytest.mark.slow  # Kayles to 40, 160 and 166 (some 3 s)
def test_prove_proves_kayles_at_the_default_bound() -> None:
    with cache.using(False):
        r = misere_sweep("0.77", workers=1, prove=True, game_work=8_000_000)
    row = r.rows[0]
    assert (row.status, row.order, row.period, row.preperiod, row.bounds) == ("proved", 40, 12, 71, [40, 160, 166])


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"prove": True, "prover": prove_small}, "two provers; give one"),
        ({"prove_max_heap": 50}, "prove_max_heap=50 is the largest bound of a proof; it needs prove=True"),
        (
            {"prove": True, "max_heap": 20, "prove_max_heap": 10},
            "prove_max_heap=10 must be an integer from max_heap (20)",
        ),
        ({"prove": "yes"}, "prove='yes' must be True or False"),
    ],
)
def test_bad_prove_settings_are_refused(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidParameter) as info:
        misere_sweep("0.?", workers=1, **kwargs)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_cli_prove_and_its_bad_combinations(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(
        [
            "sweep",
            "0.?1",
            "--misere",
            "--prove",
            "--max-heap",
            "8",
            "--prove-max-heap",
            "8",
            "--no-cache",
            "--workers",
            "1",
            "--quiet",
            "--csv",
            str(tmp_path / "q.csv"),
            "--json",
            str(tmp_path / "q.json"),
        ],
        out=out,
        err=err,
    )
    assert status == 0, err.getvalue()
    rows = {d["code"]: d for d in csv.DictReader(io.StringIO((tmp_path / "q.csv").read_text()))}
    assert (rows["0.31"]["status"], rows["0.31"]["period"], rows["0.31"]["preperiod"]) == ("proved", "2", "3")
    data = json.loads((tmp_path / "q.json").read_text())
    assert data["prover"] == "prove_quotient to 8"
    cert = next(row["certificate"] for row in data["rows"] if row["code"] == "0.31")
    assert cert["status"] == "proved" and cert["check"]["ok"] is True
    assert "proved: for ALL heaps" in out.getvalue()
    for args, words in (
        (["--prove"], "--prove is for sweep --misere"),
        (["--misere", "--prove-max-heap", "50"], "--prove-max-heap 50 is the largest bound of a proof; add --prove"),
        (["--misere", "--prove", "--prove-max-heap", "10"], "--prove-max-heap 10 is below --max-heap 40"),
        (["--misere", "--prove", "--max-heap", "60", "--prove-max-heap", "50"], "below --max-heap 60"),
    ):
        err = io.StringIO()
        assert main(["sweep", "0.?5", "--no-cache", *args], out=io.StringIO(), err=err) == 2, args
        assert words in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()


def test_the_published_table_agrees_with_a_fresh_computation_on_its_cheap_rows() -> None:
    """docs/misere-quotients.csv (the 20M-unit sweep of 0.???): every finished order is even ([PS08]); each row
    that a bound of at most 45 finished within 200,000 units is computed again here, and its order and P-portion
    are those of the table (the conftest hands each quotient to the independent verifier after the test)."""
    from sprague.analysis.quotient import misere_quotient

    path = Path(__file__).resolve().parents[1] / "docs" / "misere-quotients.csv"
    rows = list(csv.DictReader(path.open()))
    assert len(rows) > 300 and {r["status"].split()[0] for r in rows} == {"proved", "observed", "stopped"}
    finished = [r for r in rows if not r["status"].startswith("stopped")]
    assert all(int(r["order"]) % 2 == 0 for r in finished)
    cheap = [r for r in finished if int(r["bound"]) <= 45 and int(r["work"]) <= 200_000]
    assert len(cheap) >= 50
    for r in cheap:
        q = misere_quotient(sprague.ruleset("takebreak", code=r["code"]).heap_options, int(r["bound"]))
        assert (q.order, len(q.p_portion)) == (int(r["order"]), int(r["p_portion"])), r["code"]
