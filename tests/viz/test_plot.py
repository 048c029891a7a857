"""Pictures (matplotlib heat maps and sequence plots), Jupyter reprs, and the play options --first and --hints."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from functools import reduce
from html.parser import HTMLParser
from operator import xor
from pathlib import Path

import numpy as np
import pytest

import sprague
from sprague.analysis.periodicity import find_period
from sprague.cli import main
from sprague.play import HumanPlayer, PerfectPlayer, QuitGame, play_match

plot = pytest.importorskip("sprague.viz.plot")
pytest.importorskip("matplotlib", reason="plots need matplotlib, in the [plot] and [dev] extras")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def wythoff_p(n: int) -> set[tuple[int, int]]:
    """Wythoff's P-positions in 0..n (both orders), by the greedy construction, not by the library."""
    used: set[int] = set()
    pairs: set[tuple[int, int]] = set()
    k = 0
    a = 0
    while a <= n:
        while a in used:
            a += 1
        b = a + k
        used.update((a, b))
        pairs.update({(a, b), (b, a)})
        k += 1
    return {(x, y) for x, y in pairs if x <= n and y <= n}


def p_cells(fig) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """The (x, y) heap sizes of the P-position markers of a heat map."""
    offsets = fig.axes[0].collections[0].get_offsets()
    return {(int(round(x)), int(round(y))) for x, y in np.asarray(offsets)}


# ------------------------------------------------------------------------ heat maps
def test_table_figure_of_a_two_heap_table_marks_exactly_the_p_positions(tmp_path: Path) -> None:
    t = sprague.ruleset("wythoff").table(12, heaps=2)
    fig = plot.table_figure(t)
    image = np.asarray(fig.axes[0].images[0].get_array())
    grid = t.to_grid()
    assert image.shape == (13, 13)
    assert np.array_equal(image, grid)
    assert all(image[y, x] == t[x, y] for x in range(13) for y in range(13))
    expected = wythoff_p(12)
    assert {(int(x), int(y)) for y, x in zip(*np.nonzero(image == 0))} == expected
    assert p_cells(fig) == expected
    assert "wythoff" in fig.axes[0].get_title()
    for suffix in ("png", "svg"):
        path = tmp_path / f"w.{suffix}"
        fig.savefig(path)
        assert path.stat().st_size > 5000
    assert (tmp_path / "w.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in (tmp_path / "w.svg").read_text()


def test_table_figure_of_a_grid_of_outcomes_with_heap_labels() -> None:
    game = sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))
    heaps = list(range(1, 7))
    cells = sprague.viz.grid(lambda y, x: game.outcome(((x,), (y,))), heaps, heaps)
    fig = plot.table_figure(cells, heaps, heaps, title=game.describe())
    image = np.asarray(fig.axes[0].images[0].get_array())
    assert image.tolist() == [[0 if c == "P" else 1 for c in row] for row in cells]
    assert p_cells(fig) == {(x, y) for x in heaps for y in heaps if game.outcome(((x,), (y,))) == "P"}
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["1", "2", "3"]
    assert ax.get_xlim() == (0.5, 6.5)


def test_table_figure_refuses_three_heaps_and_ragged_grids() -> None:
    with pytest.raises(sprague.SpragueError, match="2 heaps"):
        plot.table_figure(sprague.ruleset("single-delete").table(5, heaps=3))
    with pytest.raises(sprague.SpragueError, match="rectangular"):
        plot.table_figure([[0, 1], [1]])


def test_table_figure_of_a_misere_table_says_misere_and_marks_the_misere_p_positions(tmp_path: Path) -> None:
    """Misère Nim on 2 heaps (Bouton): P iff x = y >= 2 or {x, y} = {0, 1}, and the title says misère play."""
    t = sprague.ruleset("nim").table(7, heaps=2, misere=True)
    fig = plot.table_figure(t)
    expected = {(x, x) for x in range(2, 8)} | {(0, 1), (1, 0)}
    assert p_cells(fig) == expected
    title = fig.axes[0].get_title()
    assert "misère play (last mover loses): misère Grundy values g-" in title and "8 misère P-positions" in title
    assert fig.axes[1].get_ylabel() == "misère Grundy value g-"  # the colour bar
    normal = plot.table_figure(sprague.ruleset("nim").table(7, heaps=2))
    assert "misère" not in normal.axes[0].get_title() and p_cells(normal) == {(x, x) for x in range(8)}
    path = tmp_path / "m.png"
    status, _, err = run("table", "nim", "--max", "7", "--misere", "--plot", str(path))
    assert status == 0, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_table_figure_of_a_misere_grid_of_a_sum() -> None:
    game = sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))
    heaps = list(range(0, 6))
    cells = sprague.viz.grid(lambda y, x: game.outcome(((x,), (y,)), misere=True), heaps, heaps)
    fig = plot.table_figure(cells, heaps, heaps, title=game.describe(), misere=True)
    assert p_cells(fig) == {
        (x, y) for x in heaps for y in heaps if game.outcome(((x,), (y,)), misere=True, method="search") == "P"
    }
    assert "misère play (last mover loses): P/N" in fig.axes[0].get_title()


# ------------------------------------------------------------------------- sequences
def test_sequence_figure_line_is_the_sequence_and_the_period_is_marked(tmp_path: Path) -> None:
    kayles = sprague.ruleset("octal", code="0.77")
    values = kayles.sequence(120)
    per = kayles.periodicity(None)
    assert (per.period, per.preperiod) == (12, 71)
    fig = plot.sequence_figure(values, per, title=kayles.describe())
    ax = fig.axes[0]
    xy = ax.lines[0].get_xydata()
    assert np.array_equal(xy[:, 0], np.arange(120)) and np.array_equal(xy[:, 1], values)
    boundaries = sorted(line.get_xdata()[0] + 0.5 for line in ax.lines[1:] if line.get_linestyle() == "--")
    assert boundaries == [71.0, 83.0, 95.0, 107.0, 119.0]
    shaded = [p for p in ax.patches]
    assert len(shaded) == 1 and shaded[0].get_x() == -0.5  # the preperiod 0..70
    assert "period 12, preperiod 71 (certified)" in ax.get_title()
    fig.savefig(tmp_path / "k.png")
    assert (tmp_path / "k.png").stat().st_size > 5000


def test_sequence_figure_without_a_period() -> None:
    values = [0, 1, 0, 2, 1, 3]
    fig = plot.sequence_figure(values)
    assert fig.axes[0].lines[0].get_ydata().tolist() == values
    assert not fig.axes[0].patches
    pure = find_period([0, 1, 2] * 10)
    assert pure is not None
    fig = plot.sequence_figure([0, 1, 2] * 10, pure)
    assert not fig.axes[0].patches  # no preperiod to shade


# ------------------------------------------------------------------------------ CLI
@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_cli_table_plot_writes_the_file_and_keeps_the_text(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"t.{suffix}"
    status, out, err = run("table", "wythoff", "--max", "8", "--plot", str(path))
    assert status == 0, err
    assert path.stat().st_size > 5000
    assert out == run("table", "wythoff", "--max", "8")[1]


def test_cli_table_plot_for_sums_fixed_slices_and_heaps_2(tmp_path: Path) -> None:
    for args in (
        ["subtraction -p S=1,2", "subtraction -p S=1,3", "--max", "6"],
        ["single-delete", "--fixed", "4", "--max", "8", "--values", "grundy"],
        ["single-delete", "--heaps", "2", "--max", "8"],
    ):
        path = tmp_path / "x.png"
        status, _, err = run("table", *args, "--plot", str(path))
        assert status == 0, err
        assert path.stat().st_size > 5000
        path.unlink()
    status, _, err = run("table", "single-delete", "--heaps", "3", "--max", "5", "--plot", str(tmp_path / "y.png"))
    assert status == 2 and "--fixed" in err


def test_cli_sequence_plot(tmp_path: Path) -> None:
    path = tmp_path / "s.svg"
    status, out, err = run("sequence", "subtraction", "-p", "S=1,2,5", "--to", "30", "--plot", str(path))
    assert status == 0, err
    assert "<svg" in path.read_text()
    assert "period 3" in out


@pytest.mark.parametrize(
    "name,message", [("nowhere/t.png", "does not exist"), ("t.txt", "unknown image type .txt"), ("t", "(no suffix)")]
)
def test_cli_bad_plot_path_is_one_line(tmp_path: Path, name: str, message: str) -> None:
    for command in (["table", "nim", "--max", "3"], ["sequence", "nim", "--to", "5"]):
        status, out, err = run(*command, "--plot", str(tmp_path / name))
        assert status == 2 and out == ""
        assert err.startswith("sprague: error: --plot ") and message in err
        assert err.count("\n") == 1


def test_missing_matplotlib_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    status, _, err = run("table", "nim", "--max", "3", "--plot", "t.png")
    assert status == 2
    assert err == "sprague: error: plots need matplotlib: pip install 'sprague[plot]'\n"
    assert sprague.ruleset("nim").table(3, heaps=2)._repr_png_() is None


# ---------------------------------------------------------------------------- reprs
class _Checker(HTMLParser):
    """Checks that every opened tag is closed in order (void tags aside) and collects the P cells."""

    VOID = {"br", "hr", "img", "meta", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.p_titles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        self.stack.append(tag)
        a = dict(attrs)
        if a.get("class") == "p" and tag == "td":
            self.p_titles.append(a.get("title") or "")

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()


def check_html(text: str) -> _Checker:
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == []
    return checker


def test_table_html_grid_holds_the_p_positions() -> None:
    t = sprague.ruleset("wythoff").table(10, heaps=2, values="outcome")
    checker = check_html(t._repr_html_())
    cells = {tuple(map(int, re.match(r"\((\d+), (\d+)\)", title).groups())) for title in checker.p_titles}  # type: ignore[union-attr]
    assert cells == wythoff_p(10)


def test_table_html_of_many_heaps_shows_rows_and_counts() -> None:
    t = sprague.ruleset("single-delete").table(6, heaps=3)
    html = t._repr_html_()
    check_html(html)
    assert "<th>heap3</th>" in html and "more rows" in html and "positions per value: 0: " in html
    assert str(len(t.p_positions())) + " P-positions" in html
    assert t._repr_png_() is None


def test_table_html_of_a_big_table_shows_a_corner() -> None:
    t = sprague.ruleset("nim").table(40, heaps=2)
    checker = check_html(t._repr_html_())
    assert len(checker.p_titles) == 24  # the diagonal of the 24 x 24 corner
    assert "showing heaps 0..23 of 0..40" in t._repr_html_()


def test_table_png_repr() -> None:
    png = sprague.ruleset("nim").table(6, heaps=2)._repr_png_()
    assert png is not None and png[:4] == b"\x89PNG" and len(png) > 5000


def test_ruleset_html() -> None:
    g = sprague.ruleset("subtraction", S={1, 2, 5})
    html = g._repr_html_()
    check_html(html)
    for part in (
        "<b>subtraction</b>",
        "finite set",
        "002 (handout)",
        "<code>1,2,5</code>",
        "<code>subtraction -p S=1,2,5</code>",
    ):
        assert part in html
    s = sprague.Sum(sprague.ruleset("nim"), g)._repr_html_()
    check_html(s)
    assert "components" in s and "<code>nim</code>" in s
    assert "&lt;" in sprague.ruleset("nim")._repr_html_() or "<script" not in sprague.ruleset("nim")._repr_html_()


# ----------------------------------------------------------------------------- play
def hint_lines(out: str) -> list[str]:
    """The hint lines of a session (the prompt, written without a newline, may precede one)."""
    return [line[line.index("hint:") :] for line in out.splitlines() if "hint:" in line]


def play_cli(*args: str, stdin: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "sprague.cli", "play", *args], input=stdin, capture_output=True, text=True, timeout=600
    )  # a hang guard, not a judgement of speed
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_play_first_computer_moves_first_with_its_reason() -> None:
    out = play_cli("nim", "3", "4", "5", "--first", "computer", stdin="q\n")
    lines = out.splitlines()
    assert lines[1] == "computer: heap 1: take 2 from 3   (moves to a P-position: nim-sum becomes 0)"
    assert "Game abandoned." in out


def test_play_first_me_is_the_default() -> None:
    assert play_cli("nim", "1", "2", "--first", "me", stdin="= 1 1\n1\n") == play_cli(
        "nim", "1", "2", stdin="= 1 1\n1\n"
    )


def test_play_hints_show_a_winning_move_or_none_before_each_move() -> None:
    out = play_cli("nim", "1", "2", "--hints", stdin="= 1 1\n= 0 1\n")
    hints = hint_lines(out)
    # 1 2 -> 1 1 (hinted); the computer, at a P-position, leaves 0 1; the hint there is the last move
    assert hints == [
        "hint: move 2: heap 2: take 1 from 2, leaving 1 1 (a P-position)",
        "hint: move 1: heap 2: take 1 from 1, leaving 0 0 (a P-position)",
    ]
    out = play_cli("nim", "1", "1", "--hints", stdin="= 0 1\n")
    hints = hint_lines(out)
    assert hints == ["hint: no winning move; 1 1 is a P-position (every move leads to an N-position)"]
    assert "The computer wins." in out
    plain = play_cli("nim", "1", "1", stdin="hint\n= 0 1\n")  # without --hints: on request only
    assert hint_lines(plain) == hints
    assert hint_lines(play_cli("nim", "1", "1", stdin="= 0 1\n")) == []


def test_human_player_hints_in_python() -> None:
    out: list[str] = []
    player = HumanPlayer(input_fn=lambda prompt: "q", output_fn=out.append, hints=True)
    with pytest.raises(QuitGame):
        player.choose(sprague.ruleset("nim"), (3, 4, 5))
    assert "hint: move 2: heap 1: take 2 from 3, leaving 1 4 5 (a P-position)" in out


def test_perfect_player_reason_in_a_sum() -> None:
    game = sprague.Sum(sprague.ruleset("nim"), sprague.ruleset("subtraction", S={1, 2}))
    lines: list[str] = []
    result = play_match(game, ((3, 4), (5,)), PerfectPlayer(), PerfectPlayer(), output_fn=lines.append)
    assert lines[0].endswith("(moves to a P-position: the nim-sum of the components' values becomes 0)")
    assert result.winner == (0 if reduce(xor, (3, 4, 5 % 3), 0) else 1)


def test_sequences_show_themselves_in_jupyter() -> None:
    """sequence() is an ndarray that also renders: values (P-positions marked), its period, and a PNG plot."""
    import numpy as np

    import naive

    seq = sprague.ruleset("octal", code="0.77").sequence(1200)
    assert isinstance(seq, np.ndarray) and seq.tolist() == naive.octal_sequence([0, 7, 7], 1200)
    html = seq._repr_html_()
    assert html.count('class="p"') == sum(1 for v in seq.tolist()[:200] if v == 0)
    assert "period 12, preperiod 71" in html and "1,000 more values" in html
    png = seq._repr_png_()
    assert png is not None and png.startswith(b"\x89PNG") and len(png) > 5000
    assert type(np.asarray(seq)) is np.ndarray
