"""``sprague verify``: both methods, parallel engines, counterexamples, bad input.

The compiled tables are compared with ``tests/naive.py`` (an independent search),
and every refutation is checked to be real by that search.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

import naive
import sprague
from sprague.cli import main
from sprague.theorems import THEOREMS, D, N, P, Theorem, find_theorem
from sprague.verify import verify
from sprague.verify.job import Job


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "name,moves,n,hi",
    [
        ("delete-nim", naive.delete_nim_moves, 2, 16),
        ("vdn", naive.single_delete_moves, 2, 16),
        ("single-delete-4", naive.single_delete_moves, 4, 11),
        ("abo-delete", naive.abo_delete_moves, 4, 9),
        ("nmth-delete", naive.nmth_delete_moves, 5, 7),
        ("fraction-delete", naive.fraction_delete_moves(3), 6, 6),
    ],
)
def test_compiled_table_equals_naive_search(name, moves, n, hi):
    job = Job.build(find_theorem(name), None, "outcome", n, hi, {}, 10**6)
    truth = job.truth(job.size)
    for r, pos in enumerate(job.all_positions()):
        g = naive.grundy(moves, pos)
        assert truth[r] == (g if job.kind == "grundy" else int(g != 0)), pos
        assert job.rank(pos) == r


@pytest.mark.parametrize("theorem", [t for t in THEOREMS if t.refuted is None], ids=lambda t: t.name)
def test_every_standing_theorem_holds_by_both_methods(theorem):
    n, hi = theorem.test_box  # each theorem carries its own box: registering one adds its test
    for method in ("local", "table"):
        report = verify(theorem.name, heaps=n if theorem.on_heaps else None, max_heap=hi, method=method)
        assert report.ok, report.summary()
        assert report.checked == report.positions > 0 and report.claimed > 0


# slow (about 12 s each): compiling the printed statement's claim and the naive search from its counterexample
# <8, 12, 14, 47>; the default run checks that counterexample directly (test_delete.py)
REFUTED = [pytest.param(t, marks=[pytest.mark.slow]) for t in THEOREMS if t.refuted]


@pytest.mark.parametrize("theorem", REFUTED, ids=lambda t: t.name)
def test_refuted_statements_show_their_recorded_smallest_counterexample(theorem):
    for method in ("local", "table"):
        report = verify(theorem.name, max_heap=max(theorem.refuted[0]), method=method)
        assert not report.ok
        cx = report.counterexample
        assert (cx.position, cx.claimed, cx.found) == theorem.refuted
        assert naive.outcome(naive.single_delete_moves, cx.position) == cx.found


def test_user_formula_refuted_with_smallest_counterexample_and_breaking_option():
    g = sprague.ruleset("single-delete")
    report = verify(g, claim=lambda h: all(z % 2 for z in h), heaps=3, max_heap=10)
    cx = report.counterexample
    assert (cx.position, cx.claimed, cx.found) == ((2, 2, 2), "N", "P")
    # a Grundy conjecture: G = number of even heaps (wrong); the reported option must really have the claimed value
    report = verify(g, claim=lambda h: sum(1 for z in h if z % 2 == 0), kind="grundy", heaps=3, max_heap=8)
    cx = report.counterexample
    assert naive.grundy(naive.single_delete_moves, cx.position) == cx.found != cx.claimed
    if cx.option is not None:
        assert naive.grundy(naive.single_delete_moves, cx.option) == cx.claimed


def test_user_formula_on_a_ruleset_outside_the_family_uses_python():
    report = verify(sprague.ruleset("nim"), claim=lambda h: h[0] ^ h[1] ^ h[2], kind="grundy", heaps=3, max_heap=6)
    assert report.ok and report.engine == "python" and report.checked == 84
    wrong = verify(sprague.ruleset("nim"), claim=lambda h: h[0] + h[1], kind="grundy", heaps=2, max_heap=4)
    assert wrong.counterexample.position == (1, 1)


def test_process_pool_and_one_process_agree():
    one = verify("single-delete-4-printed", max_heap=48)
    two = verify("single-delete-4-printed", max_heap=48, workers=2)
    assert two.workers == 2 and two.checked == one.checked == one.positions
    assert two.counterexample.position == one.counterexample.position == (8, 12, 14, 47)
    assert two.failures == one.failures > 0


@pytest.mark.slow  # starts a two-process local cluster (about 10 s)
def test_dask_local_cluster():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        report = verify("nmth-delete", heaps=5, max_heap=14, scheduler=cluster.scheduler_address)
        assert report.ok and report.workers == 2 and report.checked == report.positions == 8568
        bad = verify("single-delete-4-printed", max_heap=47, scheduler=cluster.scheduler_address)
        assert bad.counterexample.position == (8, 12, 14, 47)


def test_progress_callback_counts_every_position():
    seen = []
    report = verify("single-delete-3", max_heap=30, progress=seen.append)
    assert sum(seen) == report.positions


def test_interrupt_reports_how_far_it_got():
    calls = []

    def stop(count):
        calls.append(count)
        raise KeyboardInterrupt

    report = verify("single-delete-4", max_heap=40, progress=stop)
    assert report.interrupted and not report.ok
    assert 0 < report.checked < report.positions and "interrupted after" in report.summary()


def test_cli_verify_list_and_run():
    code, out, _ = run("verify", "--list")
    assert code == 0 and "single-delete-4-printed" in out and "REFUTED" in out and "001 Thm 4.2" in out
    code, out, _ = run("verify", "single-delete-4", "--max-heap", "20", "--workers", "2")
    assert code == 0 and "holds on all 8,855 positions" in out
    code, out, _ = run("verify", "single-delete-4-printed", "--max-heap", "47", "--method", "table")
    assert code == 1 and "smallest counterexample <8, 12, 14, 47>: claimed N, search finds P" in out
    code, out, _ = run("verify", "single-delete-twos", "--heaps", "2-30", "--json")
    import json

    data = json.loads(out)
    assert code == 0 and len(data) == 29 and all(r["ok"] for r in data)
    code, out, _ = run("verify", "fraction-delete", "-p", "k=4", "--heaps", "4", "--max-heap", "12")
    assert code == 0 and "holds on all" in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["verify", "single-delete-5"], "unknown theorem 'single-delete-5'; did you mean"),
        (["verify", "half-delete", "--heaps", "3"], "3 heaps is outside its domain"),
        (["verify", "single-delete-4", "--heaps", "x"], "--heaps 'x'"),
        (["verify", "single-delete-4", "--max-heap", "400"], "would take 1,082,740,100 positions, over the limit"),
        (["verify", "single-delete-4", "--workers", "0"], "--workers: must be a whole number >= 1"),
        (["verify"], "name a theorem"),
        pytest.param(
            ["verify", "nmth-delete", "--scheduler", "tcp://127.0.0.1:1"],
            "cannot reach the Dask scheduler",
            marks=pytest.mark.slow,
        ),  # waits for the connection timeout (10 s)
        (["verify", "single-delete-4", "--max-heap", "0"], "the box is empty"),
        (["verify", "single-delete-4", "-p", "k=3"], "no chosen theorem takes the parameter 'k'"),
        (["verify", "single-delete-4", "--workers", "1000"], "workers=1000 is more than"),
    ],
)
def test_cli_verify_bad_input(argv, message):
    code, out, err = run(*argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_claims_compiled_equal_claims_in_python():
    job = Job.build(find_theorem("single-delete-4"), None, "outcome", 4, 40, {}, 10**7)
    compiled = job.claims()
    python = np.array([job.claim(p) for p in job.all_positions()], dtype=np.int8)
    assert job.size >= 30_000 and (compiled == python).all()


@pytest.mark.parametrize(
    "name,moves,n,hi",
    [
        ("single-delete", naive.single_delete_moves, 3, 12),
        ("abo-delete", naive.abo_delete_moves, 3, 12),
        ("half-delete", naive.fraction_delete_moves(2), 4, 8),
    ],
)
def test_box_table_grundy_values_equal_naive_search(name, moves, n, hi):
    from sprague.solve.tabulate import box_table

    positions, values = box_table(sprague.ruleset(name), heaps=n, max_heap=hi)
    assert len(positions) == len(values) > 100
    for p, v in zip(positions, values):
        assert v == naive.grundy(moves, tuple(int(h) for h in p))


def test_box_table_refuses_rulesets_without_a_kernel():
    from sprague.solve.tabulate import box_table

    with pytest.raises(sprague.InvalidParameter, match="no compiled kernel"):
        box_table(sprague.ruleset("nim"), heaps=2, max_heap=5)


def test_cli_verify_ranges_parameters_and_methods():
    code, out, _ = run("verify", "half-delete", "--heaps", "2-6", "--max-heap", "6", "--json")
    import json

    data = json.loads(out)
    assert code == 0 and [r["heaps"] for r in data] == [2, 4, 6]  # 3 and 5 are outside its domain: skipped
    code, out, _ = run("verify", "fraction-delete", "-p", "k=4", "--max-heap", "8")
    assert code == 0 and "8 heaps <= 8" in out  # default n = 2k
    code, out, _ = run("verify", "single-delete-odd", "--max-heap", "10", "--method", "both")
    assert code == 0 and "holds on all" in out and "decided by the table" in out
    code, out, _ = run("verify", "fraction-delete-strict", "-p", "k=4", "--max-heap", "6")
    assert code == 1 and "claims nothing" in out


def test_cli_table_defaults_to_the_games_smallest_heap():
    code, out, _ = run("table", "vdn", "--max", "3")
    assert code == 0 and out.splitlines()[-2].split() == ["1", "2", "3"]
    code, out, _ = run("table", "half-delete", "--fixed", "3,5", "--max", "4")
    assert code == 0 and "positions x y 3 5" in out


class TwoRowChomp(sprague.Ruleset):
    """Chomp on two rows (a >= b >= 0 squares; the poisoned square is never eaten): eat (i, j) and all right of
    and below it. Not a heap game: verify reaches its positions through its own enumerator."""

    name = "two-row-chomp"

    def moves(self, position):
        a, b = position
        moves = [(a, j) for j in range(b)]  # eat (2, j+1): the second row keeps j
        moves += [(j, min(b, j)) for j in range(1, a)]  # eat (1, j+1): both rows keep at most j
        return moves

    def positions(self, size):
        return ((a, b) for a in range(1, size + 1) for b in range(a + 1))


def test_a_non_heap_game_is_verified_through_its_own_enumerator():
    """Two-row Chomp: (a, b) is a P-position iff b = a - 1 (the classical strategy: keep the rows a, a-1)."""
    chomp = sprague.ruleset(TwoRowChomp)
    good = verify(chomp, claim=lambda p: "P" if p[1] == p[0] - 1 else "N", max_heap=12)
    assert good.ok and good.positions == good.claimed == sum(a + 1 for a in range(1, 13)), good.summary()
    assert "positions of size <= 12" in good.summary()
    bad = verify(chomp, claim=lambda p: "P" if p[0] == p[1] else "N", max_heap=12)
    assert not bad.ok
    cx = bad.counterexample
    assert cx.position == (1, 0) and (cx.claimed, cx.found) == ("N", "P")  # only the poisoned square: no move
    assert chomp.outcome(cx.position, method="search") == "P"


def test_a_box_that_moves_leave_falls_back_to_the_table_by_itself():
    """Lasker's Nim splits heaps, so its 2-heap box is not closed: the local check gives way to the table."""

    def lasker_values(h):  # G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Winning Ways ch. 4)
        g = 0
        for x in h:
            g ^= x + 1 if x % 4 == 3 else x - 1 if x % 4 == 0 and x else x
        return g

    report = verify(sprague.ruleset("laskers-nim"), claim=lasker_values, kind="grundy", heaps=2, max_heap=12)
    assert report.ok and report.method == "table" and "leaves it" in report.fallback, report.summary()
    wrong = verify(sprague.ruleset("laskers-nim"), claim=lambda h: h[0] ^ h[1], kind="grundy", heaps=2, max_heap=12)
    assert not wrong.ok and wrong.counterexample.position == (0, 3)


def test_a_claim_that_raises_is_one_project_error_naming_the_position(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Found by the API fuzz: the user's claim's own exception came out raw (the CLI said 'internal error')."""
    with pytest.raises(
        sprague.InvalidParameter, match=r"the claim raised ZeroDivisionError: .* at <0, 0>; fix the claim"
    ):
        verify(sprague.ruleset("nim"), claim=lambda h: h[0] // 0, heaps=2, max_heap=3)
    (tmp_path / "claims.py").write_text("def bad(heaps):\n    return 1 / 0\n")
    out, err = io.StringIO(), io.StringIO()
    assert (
        main(
            ["verify", "--claim", f"{tmp_path / 'claims.py'}:bad", "nim", "--heaps", "2", "--max-heap", "3"],
            out=out,
            err=err,
        )
        == 2
    )
    assert (
        err.getvalue().startswith("sprague: error: the claim raised ZeroDivisionError")
        and err.getvalue().count("\n") == 1
    ), err.getvalue()


# ------------------------------------------------------------------ misère play
def test_misere_claims_are_checked_against_misere_search():
    """A claim about misère play is checked by the misère rule (terminal positions are N; g- = 1 there), and a
    normal-play formula given as a misère claim is refuted at its smallest counterexample, confirmed by naive."""
    nim = sprague.ruleset("nim")

    def normal(h):
        s = 0
        for x in h:
            s ^= x
        return "P" if s == 0 else "N"

    for method in ("local", "table"):
        report = verify(nim, claim=normal, heaps=3, max_heap=5, method=method, misere=True)
        cx = report.counterexample
        assert not report.ok and report.misere and cx.position == (0, 0, 0)
        assert naive.misere_outcome(naive.nim_moves, cx.position) == cx.found == "N" != cx.claimed
        assert verify(nim, claim=normal, heaps=3, max_heap=5, method=method).ok  # the same claim, normal play
    # Grundy claims under misère play: g-; "nim-sum" alone fails where every heap is 0 or 1
    report = verify(nim, claim=naive.xor_all, kind="grundy", heaps=2, max_heap=4, misere=True)
    cx = report.counterexample
    assert not report.ok and cx.position == (0, 0) and cx.claimed == 0
    assert naive.misere_grundy(naive.nim_moves, cx.position) == cx.found == 1
    with pytest.raises(sprague.InvalidParameter, match="normal play"):
        verify("delete-nim", misere=True)
    with pytest.raises(sprague.InvalidParameter, match="True or False"):
        verify(nim, claim=normal, misere="yes")


def test_heaps_for_a_game_whose_positions_are_not_heaps_is_refused_not_ignored(tmp_path, capsys) -> None:
    """``--heaps`` meant nothing for a ruleset that enumerates its own positions and was silently ignored
    (issue 34); it is now a usage error naming the flag, in the CLI and in Python."""
    from sprague.cli import main
    from sprague.errors import InvalidParameter

    (tmp_path / "claims.py").write_text("def odd(p):\n    return 'N' if str(p).count('H') % 2 else 'P'\n")
    claim = f"{tmp_path / 'claims.py'}:odd"
    assert main(["verify", "--claim", claim, "turning-turtles", "--heaps", "3"]) == 2
    err = capsys.readouterr().err
    assert "heaps=3 (--heaps)" in err and "turning-turtles are not heaps" in err and "--max-heap" in err
    assert main(["verify", "--claim", claim, "turning-turtles", "--max-heap", "4"]) == 1  # runs: refuted (HH is N)
    assert "smallest counterexample HH" in capsys.readouterr().out
    with pytest.raises(InvalidParameter, match="--heaps"):
        verify(sprague.ruleset("turning-turtles"), lambda p: "P", heaps=2, max_heap=3)


# ------------------------------------------------------------------ theorems on a ruleset's own positions
def _vertex_outcomes(n, params):
    """a>b, b>a, b>c, c>d: d has no move (P), c moves to it (N); a and b can only chase each other round or
    give c away: a draw."""
    codes = {"a": D, "b": D, "c": N, "d": P}
    return codes.__getitem__


def test_a_theorem_about_a_ruleset_whose_positions_are_not_heaps_is_checked_on_its_own_box(capsys) -> None:
    """``Theorem(box="positions")``: the claim takes each position of ``Ruleset.positions(size)`` as the ruleset
    writes it (issue 34: theorems took heap games only); a wrong one is refuted with the position as written."""
    from sprague.theorems import register_theorem

    edges = "a>b,b>a,b>c,c>d"
    right = Theorem(
        name="test-digraph-outcomes",
        ruleset="digraph",
        box="positions",
        kind="outcome",
        citation="a test",
        statement="a, b drawn; c N; d P",
        params={"edges": edges},
        make_claim=_vertex_outcomes,
        test_box=(0, 0),
    )
    report = verify(right)
    assert report.ok and report.positions == report.checked == report.claimed == 4 and report.engine == "python"
    assert report.method == "table" and "loopy" in report.fallback  # on a cycle only search decides
    wrong = Theorem(
        name="test-digraph-wrong",
        ruleset="digraph",
        box="positions",
        kind="outcome",
        citation="a test",
        statement="every vertex but d is N",
        params={"edges": edges},
        make_claim=lambda n, params: lambda v: P if v == "d" else N,
        test_box=(0, 0),
    )
    cx = verify(wrong).counterexample
    assert (cx.position, cx.claimed, cx.found) == ("a", "N", "D") and cx.describe().startswith("a: claimed N")
    register_theorem(right)
    try:  # registered: the command line verifies it by name, and refuses --heaps in one line
        assert main(["verify", "test-digraph-outcomes"]) == 0
        assert "holds on all 4 positions of size <= 16" in capsys.readouterr().out
        assert main(["verify", "test-digraph-outcomes", "--heaps", "2"]) == 2
        err = capsys.readouterr().err
        assert (
            err.count("\n") == 1
            and "--heaps 2: theorem test-digraph-outcomes is about the positions of digraph, not heaps" in err
        )
        with pytest.raises(sprague.InvalidParameter, match="leave out --heaps"):
            verify("test-digraph-outcomes", heaps=1)
    finally:
        THEOREMS.remove(right)


def test_a_coin_theorem_is_refuted_on_the_smallest_row(capsys) -> None:
    """The built-in coin theorems run on rows of coins; the same claim given for the wrong game is refuted at
    the shortest row where Mock Turtles and Turning Turtles differ (a head at place 3: 4, not 3)."""
    wrong = Theorem(
        name="test-mock-as-turtles",
        ruleset="mock-turtles",
        box="positions",
        kind="grundy",
        citation="a test",
        statement="Mock Turtles valued as Turning Turtles",
        make_claim=find_theorem("turning-turtles-heads").make_claim,
        test_box=(0, 4),
    )
    for method in ("local", "table"):
        cx = verify(wrong, max_heap=4, method=method).counterexample
        assert (cx.position, cx.claimed, cx.found) == ("TTH", 3, 4)
    assert main(["verify", "all", "--heaps", "2", "--max-heap", "3"]) == 0
    out = capsys.readouterr().out
    assert "left out (--heaps 2 is outside their domain): turning-turtles-heads, mock-turtles-odious" in out


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"box": "grid"}, "box='grid' is not one of 'heaps', 'positions'"),
        ({"kind": "value"}, "kind='value' is not 'outcome' or 'grundy'"),
        ({}, "a theorem on heaps needs heap_ok, heaps_doc, default_heaps (or box='positions'"),
        ({"box": "positions", "heaps_doc": "2 heaps"}, "(box='positions') takes no heaps_doc"),
    ],
)
def test_a_theorem_record_that_cannot_be_verified_is_refused_where_it_is_written(fields, words) -> None:
    base = {
        "name": "test-bad",
        "ruleset": "nim",
        "citation": "-",
        "statement": "-",
        "kind": "outcome",
        "make_claim": lambda n, params: lambda h: -1,
        "test_box": (2, 3),
    }
    with pytest.raises(ValueError, match=re.escape(words)):
        Theorem(**{**base, **fields})


def test_a_theorem_on_heaps_of_a_ruleset_without_heaps_is_refused() -> None:
    heaps_of_coins = Theorem(
        name="test-coins-as-heaps",
        ruleset="turning-turtles",
        citation="-",
        statement="-",
        kind="outcome",
        make_claim=lambda n, params: lambda h: -1,
        heap_ok=lambda n, p: True,
        heaps_doc="any",
        default_heaps=2,
        test_box=(2, 3),
    )
    with pytest.raises(
        sprague.InvalidParameter,
        match="positions of turning-turtles are not heaps; a theorem about its positions says box='positions'",
    ):
        verify(heaps_of_coins)
