"""No flag is silently ignored (issue 34): each option a command took and did nothing with, for some rulesets or
in some mode, is now either honoured or refused in one line naming the flag and why (exit status 2).

Found by reading each command against the options its parser gives it:

* never used by the command, so no longer offered: ``list --method/--max-positions``, ``graph --json``,
  ``play --json``, ``sequence --method``, ``quotient --method`` (also when given in a '+'-segment of a sum);
* used in some modes only, so refused in the others: ``verify THEOREM --kind`` (a theorem has its own kind),
  ``verify --list`` with an option of a verification, ``verify THEOREM --heaps`` for a theorem on a ruleset's own
  positions, ``table --heaps`` with ``--method`` or ``--origin``, ``play --seed`` with the perfect opponent,
  ``play --skill`` with ``--opponent``, ``--workers`` with ``--scheduler`` (verify, table, sweep: the cluster's
  workers run the tasks), ``sequence --cache-dir`` for a loopy game (nothing is cached);
* ``serve --cache-dir DIR`` with ``--cache-size 0`` (no cache) is refused, in ``create_app`` too;
* now honoured: ``graph --method/--max-positions`` (they label the vertices), ``play --method/--max-positions``
  (the computer's moves and the hints), ``sequence --misere --cache-dir``; ``verify --workers N`` on a check that
  runs in Python says in its report that it ran in one process (it claimed N workers).

Left accepted on purpose: ``--quiet`` and ``--no-cache`` where there is no progress bar or no cache (what they ask
for holds), ``quotient --misere`` (a misère quotient is about misère play).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from sprague.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(argv), out, err)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


REFUSED = [
    (["list", "--method", "closed"], "unrecognized arguments: --method closed"),
    (["list", "--max-positions", "5"], "unrecognized arguments: --max-positions 5"),
    (["graph", "nim", "2", "--json"], "unrecognized arguments: --json"),
    (["graph", "nim", "2", "+", "nim", "1", "--json"], "--json: 'graph' has no such option"),
    (["play", "nim", "2", "--json"], "unrecognized arguments: --json"),
    (["sequence", "nim", "--max-heap", "3", "--method", "search"], "unrecognized arguments: --method search"),
    (["quotient", "nim", "--max-heap", "2", "--method", "search"], "unrecognized arguments: --method search"),
    (
        ["verify", "single-delete-3", "--kind", "grundy"],
        "--kind grundy says what a --claim returns; a theorem says its own kind",
    ),
    (["verify", "--list", "--heaps", "3"], "--heaps: --list lists every theorem and verifies nothing"),
    (["verify", "--list", "delete-nim"], "delete-nim: --list lists every theorem and verifies nothing"),
    (["verify", "--list", "--max-heap", "16"], "--max-heap: --list lists"),
    (
        ["verify", "turning-turtles-heads", "--heaps", "2"],
        "--heaps 2: theorem turning-turtles-heads is about the positions of turning-turtles, not heaps",
    ),
    (
        ["verify", "delete-nim", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
        "--workers 2 and --scheduler tcp://127.0.0.1:1: give one",
    ),
    (
        ["table", "single-delete", "--heaps", "2", "--max-heap", "4", "--method", "closed"],
        "--method closed and --heaps do not go together",
    ),
    (
        ["table", "single-delete", "--heaps", "2", "--max-heap", "4", "--origin", "top"],
        "--origin top places the rows of a grid; --heaps prints a summary",
    ),
    (
        ["table", "single-delete", "--heaps", "2", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
        "--workers 2 and --scheduler tcp://127.0.0.1:1: give one",
    ),
    (["sweep", "0.?", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "--workers 2 and --scheduler"),
    (
        ["play", "nim", "2", "--seed", "3"],
        "--seed 3 seeds the random opponent's moves, and the perfect opponent makes none",
    ),
    (["play", "nim", "2", "--seed", "3", "--opponent", "perfect"], "--seed 3 seeds the random opponent's moves"),
    (
        ["play", "nim", "2", "--skill", "0.5", "--opponent", "random"],
        "--skill 0.5 makes a computer between perfect and random; leave out --opponent random",
    ),
    (
        ["sequence", "windup", "-p", "n=5", "-p", "S=1,2", "--max-heap", "3", "--cache-dir", "somewhere"],
        "--cache-dir somewhere: the values of the loopy game windup are not cached",
    ),
]


@pytest.mark.parametrize("args, words", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_a_flag_the_command_would_ignore_is_refused_in_one_line(args: list[str], words: str) -> None:
    status, out, err = run(*args)
    assert status == 2 and out == "", out
    assert err.startswith("sprague: error: ") and err.count("\n") == 1, err
    assert words in err, err


def test_serve_refuses_a_cache_directory_with_no_cache() -> None:
    """``serve --cache-size 0 --cache-dir DIR``: no cache, so DIR was never used; refused before binding a port."""
    pytest.importorskip("fastapi", reason="the web server is in the [web] extra")
    status, _, err = run("serve", "--cache-size", "0", "--cache-dir", "somewhere", "--port", "0")
    assert status == 2 and err.count("\n") == 1
    assert "--cache-dir somewhere with --cache-size 0 (no cache): nothing would be kept there" in err
    from sprague.errors import InvalidParameter
    from sprague.web import create_app

    with pytest.raises(InvalidParameter, match="cache_dir='somewhere' .--cache-dir. with cache_size=0"):
        create_app(cache_size=0, cache_dir="somewhere")


def test_graph_labels_by_the_method_and_within_the_limit_given() -> None:
    """``graph --method/--max-positions`` were accepted and ignored (the labels always used auto, no limit)."""
    _, auto, _ = run("graph", "wythoff", "1", "2")
    _, closed, _ = run("graph", "wythoff", "1", "2", "--method", "closed")
    assert 'n0 [label="1 2\\nG=0  P"' in auto
    assert 'n0 [label="1 2\\nG=?  P"' in closed  # Wythoff's theorem gives the outcome, not the value
    _, limited, _ = run("graph", "nim", "3", "--method", "search", "--max-positions", "2")
    assert 'n0 [label="3\\nG=?  ?"' in limited and 'label="0\\nG=0  P"' in limited


def test_play_computes_the_computers_moves_and_the_hints_by_the_method_given() -> None:
    """``play --method closed`` on a game without a closed form: the hint says so (it searched before)."""
    status, out, err = run("play", "grundys-game", "7", "--method", "closed", stdin="hint\nq\n")
    assert status == 0, err
    assert "no hint: " in out and "no closed form" in out
    status, out, _ = run("play", "grundys-game", "7", stdin="hint\nq\n")
    assert status == 0 and "hint: no winning move; 7 is a P-position" in out
    status, out, err = run(
        "play", "nim", "1", "2", "--skill", "1", "--seed", "3", "--first", "computer", "--method", "search", stdin="q\n"
    )
    assert status == 0 and "computer: " in out, out + err


def test_sequence_misere_reads_and_writes_the_cache_directory_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sequence --misere --cache-dir DIR``: the genera compute normal values, which go to the cache: to DIR (the
    default directory was used)."""
    from sprague import cache

    used: list[object] = []
    monkeypatch.setattr(cache, "use", used.append)
    assert run("sequence", "kayles", "--max-heap", "4", "--misere", "--cache-dir", str(tmp_path))[0] == 0
    assert used == [str(tmp_path)]


def test_verify_in_python_says_it_ran_in_one_process() -> None:
    """A check in Python (misère play here) ran in one process whatever --workers said, and its report said
    '2 workers'."""
    status, out, _ = run("verify", "misere-nim", "--max-heap", "4", "--workers", "2")
    assert status == 0
    assert "python, 1 worker; in one process (a check in Python does not run in parallel" in out
