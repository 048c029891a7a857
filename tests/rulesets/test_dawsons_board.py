"""Dawson's Chess on the 3 x n pawn board (``sprague.rulesets.dawsons_board``).

The theorem tested: every position reached from a starting board 3 x n is a disjunctive sum of runs of live
files, each a heap of octal 0.137 (Dawson's Chess). It is checked against two searches written here, independent
of the ruleset's canonical forms: a plain mex search over the ruleset's moves keyed by the raw board, and a
ply-by-ply search of the chess game itself (each capture choice made by the player who captures, compulsory
captures, normal and misère play), which checks that the ruleset's turns (push + forced captures, the mover
choosing every capture) model the chess game faithfully.

Published values:

* OEIS A002187, "Sprague-Grundy values for Dawson's Chess (octal game .137)", offset 0 (so the value of the 3 x n
  board is a(n), no shift); its FORMULA line: "Has period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34
  and 51"; references Berlekamp, Conway & Guy, Winning Ways (1982) pp. 89 and 102.
* The rules (pawns push one square, capture diagonally, capturing obligatory) and a worked example on 3 x 9:
  "After White moves the e-pawn (followed by the reciprocal captures from d and f) and Black moves the a-pawn
  (followed by the reciprocal captures from b)" the game is "a lone skittle in the position 3 and three adjacent
  skittles in positions 7, 8, and 9" (A. Bogomolny, "Dawson's Chess", cut-the-knot.org,
  https://www.cut-the-knot.org/Curriculum/Games/DawsonChess.shtml).
"""

from __future__ import annotations

from functools import cache

import pytest

import sprague
from sprague.errors import InvalidPosition
from sprague.rulesets.dawsons_board import live_runs, start_board, turn, turn_lines

Board = tuple[str, ...]
D = sprague.ruleset("dawsons-chess-board")

#: OEIS A002187 (Dawson's Chess, octal .137), offset 0: a(0) .. a(131), as published
A002187 = [
    *(0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4),
    *(0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4),
    *(8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4),
    *(8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4),
]
#: OEIS A002187's FORMULA line: period 34, its only exceptions
PERIOD, EXCEPTIONS = 34, (0, 14, 16, 17, 31, 34, 51)


def reachable(n: int) -> set[Board]:
    """Every position reached from the starting board of ``n`` files by the ruleset's moves."""
    seen, stack = {start_board(n)}, [start_board(n)]
    while stack:
        for option in D.moves(stack.pop()):
            if option not in seen:
                seen.add(option)
                stack.append(option)
    return seen


@cache
def mex_value(board: Board) -> int:
    """Plain Grundy search over the ruleset's moves, memo keyed by the raw board (no canonical form)."""
    seen = {mex_value(o) for o in D.moves(board)}
    return next(g for g in range(len(seen) + 1) if g not in seen)


# ------------------------------------------------------------ the chess game, ply by ply (independent)
def _plies(board: Board) -> list[Board]:
    """The chess plies of White (moving up) on ``board``: its captures if any (compulsory), else its pushes;
    each result turned so that the side to move is White again."""
    caps, pushes = [], []
    for r in (1, 2):
        for c in range(len(board[0])):
            if board[r][c] != "P":
                continue
            for t in (c - 1, c + 1):
                if 0 <= t < len(board[0]) and board[r - 1][t] == "p":
                    caps.append(_set(board, ((r, c, "."), (r - 1, t, "P"))))
            if board[r - 1][c] == ".":
                pushes.append(_set(board, ((r, c, "."), (r - 1, c, "P"))))
    return [turn(b) for b in (caps or pushes)]


def _set(board: Board, changes: tuple[tuple[int, int, str], ...]) -> Board:
    rows = [list(x) for x in board]
    for r, c, x in changes:
        rows[r][c] = x
    return tuple("".join(x) for x in rows)


@cache
def chess_wins(board: Board, misere: bool) -> bool:
    """Whether the side to move wins the chess game (normal: who cannot move loses; misère: wins)."""
    options = _plies(board)
    if not options:
        return misere
    return any(not chess_wins(o, misere) for o in options)


# ------------------------------------------------------------------------------------ tests
def test_published_values_by_search_and_closed_form() -> None:
    """The 3 x n boards have the values A002187(n): by search for n <= 9, by the closed form to n = 131."""
    for n in range(1, 10):
        assert D.grundy(start_board(n), method="search") == A002187[n], n
        assert mex_value(start_board(n)) == A002187[n], n
    for n in range(1, len(A002187)):
        assert D.grundy(D.parse_position([f"3x{n}"]), method="closed") == A002187[n], n


@pytest.mark.parametrize("n", range(1, 12))
def test_theorem_on_every_reachable_position(n: int) -> None:
    """Every position reached from 3 x n is a board of live runs (``live_runs``), its value by plain search is
    the closed form, and every turn has an odd number of plies with one push (the opponent moves next)."""
    for board in reachable(n):
        assert live_runs(board) is not None, board
        assert mex_value(board) == D.closed_grundy(board), board
        for words, _ in turn_lines(board):
            assert len(words) % 2 == 1 and sum(w.startswith("push") for w in words) == 1, (board, words)


@pytest.mark.parametrize("n", range(1, 11))
def test_turns_model_the_chess_game(n: int) -> None:
    """The ruleset's outcome (search, normal and misère) is the ply-by-ply chess game's on every reachable
    position: letting the mover choose the opponent's captures loses nothing."""
    for board in reachable(n):
        for misere in (False, True):
            expected = "N" if chess_wins(board, misere) else "P"
            assert D.outcome(board, method="search", misere=misere) == expected, (board, misere)


def test_periodicity_statement_of_a002187() -> None:
    """A002187's published period 34 and exceptions hold of the closed form to n = 400, and its zeros (the
    boards the second player wins) are n = 14, 34 and n = 4, 8, 20, 24, 28 mod 34, which search confirms for n
    <= 9."""
    values = [D.grundy(start_board(n)) if n else 0 for n in range(401)]
    for n in range(PERIOD, 401):
        if values[n] != values[n - PERIOD]:
            assert n - PERIOD in EXCEPTIONS or n in EXCEPTIONS, n
    losing = [n for n in range(1, 401) if values[n] == 0]
    assert losing == [n for n in range(1, 401) if n in (14, 34) or n % PERIOD in (4, 8, 20, 24, 28)]
    assert [n for n in range(1, 10) if D.outcome(start_board(n), method="search") == "P"] == [4, 8]


def test_cut_the_knot_example() -> None:
    """White's e-pawn on 3 x 9, then Black's a-pawn, leave a lone live file (c) and three (g, h, i)."""
    board = start_board(9)
    after_e = [o for o in D.moves(board) if D.describe_move(board, o).startswith("push e1-e2")]
    assert len(after_e) == 1 and live_runs(after_e[0]) == (3, 3)
    assert D.describe_move(board, after_e[0]) == "push e1-e2; dxe2, dxe2, fxe2, fxe2"
    after_a = [o for o in D.moves(after_e[0]) if D.describe_move(after_e[0], o).startswith("push a1-a2")]
    assert len(after_a) == 1 and live_runs(after_a[0]) == (1, 3)
    assert after_a[0][1][2] == "." and after_a[0][0][2] == "p" and after_a[0][2][2] == "P"  # file c is live


def test_misere_outcomes_of_the_starting_boards() -> None:
    """Dawson's own (misère) game: the search agrees with the chess game ply by ply for n <= 9 (no published
    table was found to compare with; docs/games/dawsons-chess.md lists these computed outcomes)."""
    for n in range(1, 10):
        expected = "N" if chess_wins(start_board(n), True) else "P"
        assert D.outcome(start_board(n), method="search", misere=True) == expected, n


def test_misere_board_equals_misere_heap() -> None:
    """Under misère play too the 3 x n board is the heap n of 0.137: the board's search (over pawn turns) and the
    catalogue's ``dawsons-chess`` (over heaps) give the same misère outcomes for n <= 16."""
    heaps = sprague.ruleset("dawsons-chess")
    for n in range(1, 17):
        expected = heaps.outcome(heaps.parse_position([str(n)]), misere=True)
        assert D.outcome(start_board(n), method="search", misere=True) == expected, n


def test_boards_off_the_game_are_refused_naming_the_file() -> None:
    """On ``pp/Pp/Pp`` White's only capture axb2 may be retaken by Black's a- or b-pawn: in one turn both players
    would choose captures, which an impartial move cannot say (the turn game would let White pick Black's retake).
    Such boards are refused, with the file at fault named."""
    for bad, named in [
        ("pp/Pp/Pp", "file a is p P P"),
        ("p./.P/P.", "file b is . P ."),
        (".p/../PP", "file a is . . P"),
        ("pp./P../.PP", "file a is blocked and file b beside it is not empty"),
        ("pp/PP/..", "file a is blocked and file b beside it is not empty"),
    ]:
        with pytest.raises(InvalidPosition, match=named):
            D.parse_position([bad])


@pytest.mark.parametrize("files", range(1, 6))
def test_every_board_of_the_game_is_the_chess_game_and_the_closed_form(files: int) -> None:
    """Every board of the game of ``files`` files (not only those reached from a start: runs of live files split by
    single empty files too): the turn game's outcome is the chess game's, with each capture chosen by the player who
    makes it (normal and misère play); every turn has an odd number of plies and one push; the closed form (0.137
    over the runs of live files) is the plain search's value, and so is the search memoised by ``canonical``."""
    boards = [b for b in D.positions(3 * files) if len(b[0]) == files]
    assert boards and all(live_runs(b) is not None for b in boards)
    for board in boards:
        assert (mex_value(board) != 0) == chess_wins(board, False), board
        assert (misere_value(board) == 0) != chess_wins(board, True), board
        assert mex_value(board) == D.closed_grundy(board) == D.grundy(board, method="search"), board
        for words, _ in turn_lines(board):
            assert len(words) % 2 == 1 and sum(w.startswith("push") for w in words) == 1, (board, words)


def test_the_boards_of_the_game_are_counted_by_hand() -> None:
    """Boards of the game of 1 and 2 files, listed by hand: 1 file: live, empty, 2 blocked = 4; 2 files: 16 pairs
    less the 4 with a blocked file beside a live one (2 x 2, either side) and the 4 with two blocked files = 8."""
    assert len([b for b in D.positions(3) if len(b[0]) == 1]) == 4
    assert len([b for b in D.positions(6) if len(b[0]) == 2]) == 16 - 4 - 4


@cache
def misere_value(board: Board) -> int:
    """Plain misère search over the ruleset's moves (0 iff the mover loses; a terminal board is a win)."""
    options = list(D.moves(board))
    if not options:
        return 1
    return 0 if all(misere_value(o) for o in options) else 1


def test_notation() -> None:
    assert D.parse_position(["5"]) == D.parse_position(["3x5"]) == ("ppppp", ".....", "PPPPP")
    assert D.format_position(D.parse_position(["ppppp/...../PPPPP"])) == "ppppp/...../PPPPP"
    assert turn(("p.P", "Pp.", "..P")) == ("..p", "pP.", "P.p")
    for bad in ("4x5", "pp/PP", "ppx/.../PPP", "0"):
        with pytest.raises(InvalidPosition):
            D.parse_position([bad])
    assert D.closed_explanation(("p..ppp", "......", "P..PPP")) == (
        f"runs of live files 1, 3: heaps of octal 0.137 of values {A002187[1]} xor {A002187[3]} = "
        f"{A002187[1] ^ A002187[3]}, so G = {A002187[1] ^ A002187[3]}"
    )


def test_cli_value_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    from sprague.cli import main

    assert main(["value", "dawsons-chess-board", "3x12"]) == 0
    assert "octal 0.137" in capsys.readouterr().out
    assert main(["moves", "dawson-board", "3x4"]) == 0
    assert "push a1-a2" in capsys.readouterr().out
    board = start_board(5)
    assert D.parse_move(board, "push c1-c2") == D.parse_move(board, "Push C1-C2; bxc2") is not None
    assert D.describe_move(board, D.parse_move(board, "push c1-c2")).startswith("push c1-c2; ")
    assert D.parse_move(board, "push f1-f2") is None


@pytest.mark.slow
@pytest.mark.parametrize("n", range(12, 16))
def test_theorem_further(n: int) -> None:
    """The theorem and the chess-game check on every position reached from 3 x 12 .. 3 x 15."""
    for board in reachable(n):
        assert live_runs(board) is not None and mex_value(board) == D.closed_grundy(board), board
        assert D.outcome(board, method="search", misere=True) == ("N" if chess_wins(board, True) else "P")
        for words, _ in turn_lines(board):
            assert len(words) % 2 == 1 and sum(w.startswith("push") for w in words) == 1, (board, words)
