"""Dawson's Chess on the 3 x n pawn board (T. R. Dawson 1934; Winning Ways ch. 4): the game octal 0.137 comes from.

White pawns stand on the bottom row of a board of 3 rows and n files, black pawns on the top row. A
pawn moves one square straight forward onto an empty square, or captures an enemy pawn one square
diagonally forward; captures are compulsory. Whoever cannot move loses (normal play; Dawson's
original problem asked for misère play, where whoever cannot move wins: ``--misere``).

**Positions.** A position is the board as seen by the player to move, who always plays White from the
bottom: three rows written top to bottom with ``/`` between them, ``p`` a black pawn, ``P`` a white
pawn, ``.`` an empty square (``ppppp/...../PPPPP``); ``3xN`` or ``N`` is the starting board of N
files. Files are a, b, ... from the left and ranks 1, 2, 3 from the bottom (the mover's side), as in
chess. The boards of the game are those whose files are each live (``p . P`` top to bottom), empty or
blocked (``p P .`` or ``. p P``), with an empty file or the edge beside each blocked file: every board a
game from ``3xN`` reaches is one. Other boards are refused: on them (``pp/Pp/Pp``, say) the compulsory
captures of one turn can be chosen by both players, which a move of an impartial game cannot express.

**Moves.** A move of this impartial ruleset is a whole turn of the chess game: the mover's pawn push
followed by the sequence of compulsory captures it sets off, each side capturing in turn while it can.
Where a capture can be made in several ways, each way gives a separate option. The sequence has an
odd number of plies (the tests check every board of the game to 5 files), so the opponent moves next;
the board is then turned to normalise it: the rows are reversed (top becomes bottom) and the colours
swapped (``p`` <-> ``P``), so that the opponent in turn plays White from the bottom. On every board of
the game this turn game has the chess game's outcomes (tests: ply by ply, with each capture chosen by
the player who makes it, normal and misère play).

**Decomposition (the theorem tested).** From a starting board every file is live (``p . P``: both
pawns at home, the middle empty), empty, or blocked (two pawns face to face, ``p P .`` or ``. p P``)
with no live file next to a blocked one. Pushing a pawn on a live file sets off captures by both
neighbours and removes that file and its live neighbours from play, leaving the file blocked and the
neighbours empty, so a maximal run of k live files is a heap of k of octal 0.137 (Dawson's Chess;
Node Kayles on a path, OEIS A002187), and such a board is their disjunctive sum: the closed form.
``canonical`` is the sorted parts between empty files, each up to mirror image, the parts where
no pawn can move left out (:func:`segments`).

>>> import sprague
>>> d = sprague.ruleset("dawsons-chess-board")
>>> d.parse_position(["3x3"]), d.grundy(d.parse_position(["3x5"])), d.grundy(("ppp", "...", "PPP"), method="search")
(('ppp', '...', 'PPP'), 3, 2)
>>> d.describe_move(("ppp", "...", "PPP"), ("...", ".p.", ".P."))
'push b1-b2; axb2, axb2, cxb2, cxb2'
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import groupby
from typing import Any, ClassVar

from sprague.core.budget import charge
from sprague.core.nimber import nim_sum
from sprague.errors import InvalidPosition
from sprague.rulesets.shapes import Board, BoardRuleset, cell_name

__all__ = ["DawsonsChessBoard", "turn", "start_board", "live_runs", "turn_lines", "segments"]
ORDER = 81  #: where ``sprague list`` shows this module's rulesets

#: the three kinds of file of a board reached from a starting board (top, middle, bottom)
LIVE, EMPTY, BLOCKED = ("p", ".", "P"), (".", ".", "."), {("p", "P", "."), (".", "p", "P")}


@cache
def _dawsons_chess() -> Any:
    from sprague.rulesets.catalogue import DawsonsChess

    return DawsonsChess()


def start_board(n: int) -> Board:
    """The starting board of ``n`` files: black pawns on the top row, white on the bottom."""
    return ("p" * n, "." * n, "P" * n)


def turn(board: Board) -> Board:
    """The board seen by the other player: rows reversed and colours swapped (``turn(turn(b)) == b``).

    >>> turn(("p..", ".P.", "..P"))
    ('..p', '.p.', 'P..')
    """
    return tuple(row.swapcase() for row in reversed(board))


def _put(board: Board, changes: dict[tuple[int, int], str]) -> Board:
    rows = [list(row) for row in board]
    for (r, c), x in changes.items():
        rows[r][c] = x
    return tuple("".join(row) for row in rows)


def _captures(board: Board) -> Iterator[tuple[Board, int, int, int]]:
    """White's captures: ``(board after, from file, to row, to file)``."""
    for r in (1, 2):
        for c, x in enumerate(board[r]):
            if x == "P":
                for t in (c - 1, c + 1):
                    if 0 <= t < len(board[r]) and board[r - 1][t] == "p":
                        yield _put(board, {(r, c): ".", (r - 1, t): "P"}), c, r - 1, t


def _pushes(board: Board) -> Iterator[tuple[Board, int, int]]:
    """White's pushes: ``(board after, from row, file)``."""
    for r in (1, 2):
        for c, x in enumerate(board[r]):
            if x == "P" and board[r - 1][c] == ".":
                yield _put(board, {(r, c): ".", (r - 1, c): "P"}), r, c


def _square(row: int, col: int, turned: bool) -> str:
    """The name of a square of a board turned (or not) from the mover's, in the mover's frame (rank 1 bottom)."""
    return cell_name(row if turned else 2 - row, col)


def turn_lines(board: Board) -> Iterator[tuple[tuple[str, ...], Board]]:
    """Every way a turn of the player to move can go, as ``(plies in chess words, the option)``: the mover's
    capture (if any, else push), then the compulsory captures; the option is turned for the opponent."""
    charge(1, "dawsons-chess-board: the turns listed")
    captures = list(_captures(board))
    if captures:
        for after, c, r, t in captures:
            yield from _finish(turn(after), 1, (f"{cell_name(0, c)[:-1]}x{_square(r, t, False)}",))
        return
    for after, r, c in _pushes(board):
        words = f"push {_square(r, c, False)}-{_square(r - 1, c, False)}"
        yield from _finish(turn(after), 1, (words,))


def _finish(board: Board, plies: int, words: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Board]]:
    """The compulsory captures from ``board`` (turned ``plies`` times from the mover's), to the end of the turn."""
    captures = list(_captures(board))
    turned = plies % 2 == 1
    if captures:
        for after, c, r, t in captures:
            yield from _finish(turn(after), plies + 1, (*words, f"{cell_name(0, c)[:-1]}x{_square(r, t, turned)}"))
    else:
        assert turned, board  # a turn on a board of the game has an odd number of plies (tests: every board to 7 files)
        yield words, board


def live_runs(board: Board) -> tuple[int, ...] | None:
    """The lengths of the maximal runs of live files, sorted, if every file is live, empty or blocked and no
    blocked file is next to a live one (a board of independent 0.137 heaps); None for any other board.

    >>> live_runs(("pp.p.ppp", "...P....", "PP...PPP")), live_runs(("pp", "..", "P."))
    ((2, 3), None)
    """
    kinds = []
    for top, mid, bottom in zip(*board):
        f = (top, mid, bottom)
        kinds.append("L" if f == LIVE else "E" if f == EMPTY else "B" if f in BLOCKED else None)
    if None in kinds:
        return None
    for a, b in zip(kinds, kinds[1:]):
        if {a, b} == {"L", "B"} or a == b == "B":
            return None
    return tuple(sorted(len(list(g)) for k, g in groupby(kinds) if k == "L"))


def _off_the_game(board: Board) -> str | None:
    """Why ``board`` is not a board of the game (:func:`live_runs` is None), naming the first file at fault."""
    files = list(zip(*board))
    for i, f in enumerate(files):
        name = cell_name(0, i)[:-1]
        if f != LIVE and f != EMPTY and f not in BLOCKED:
            return f"file {name} is {' '.join(f)} (top to bottom), neither live, empty nor blocked"
        if f in BLOCKED:
            for j in (i - 1, i + 1):
                if 0 <= j < len(files) and files[j] != EMPTY:
                    return f"file {name} is blocked and file {cell_name(0, j)[:-1]} beside it is not empty"
    return None


def segments(board: Board) -> tuple[Board, ...]:
    """The parts of ``board`` between empty files, each the least of itself and its mirror image, sorted, those on
    which neither side has a move left out. A file with no pawn never gets one (a pawn enters another file only
    by capturing a pawn there) and pawns meet only on adjacent files, so the parts never interact; the rules are
    the same for every part and for its mirror image, so boards with the same parts have the same game graph
    (under normal and misère play alike). A part on which neither side has a move never changes.

    >>> segments(("pp.p.p", "...P..", "PP...P"))
    (('p', '.', 'P'), ('pp', '..', 'PP'))
    """
    parts = []
    files = list(zip(*board))
    start = 0
    for i in range(len(files) + 1):
        if i == len(files) or files[i] == EMPTY:
            if i > start:
                part = tuple("".join(f[r] for f in files[start:i]) for r in range(3))
                if _has_ply(part) or _has_ply(turn(part)):
                    parts.append(min(part, tuple(row[::-1] for row in part)))
            start = i + 1
    return tuple(sorted(parts))


def _has_ply(board: Board) -> bool:
    """Whether White has a push or a capture on ``board``."""
    return next(_pushes(board), None) is not None or next(_captures(board), None) is not None


class DawsonsChessBoard(BoardRuleset):
    """Dawson's Chess on the 3 x n pawn board (T. R. Dawson 1934; Winning Ways ch. 4, "Dawson's Chess"): pawns move
    one square forward or capture diagonally forward, captures compulsory; a move is a push and the capture
    sequence it forces. Runs of live files are heaps of octal 0.137 (OEIS A002187)."""

    name = "dawsons-chess-board"
    aliases: ClassVar[tuple[str, ...]] = ("dawson-board",)
    source = "-- T. R. Dawson 1934; Winning Ways ch. 4 (Dawson's Chess); OEIS A002187"
    closed_form = "nim-sum of octal 0.137 (OEIS A002187) over the runs of live files"
    cells: ClassVar[str] = ".pP"
    cell_words: ClassVar[dict[str, str]] = {".": "empty", "p": "the opponent's pawn", "P": "your pawn"}
    max_cells: ClassVar[int] = 3 * 1000
    position_help = (
        "the 3 rows top to bottom separated by /, p a black pawn, P a white pawn (the player to move, moving up), "
        ". empty (e.g. ppppp/...../PPPPP), or 3xN or N for the starting board of N files"
    )
    example: ClassVar[tuple[str, ...]] = ("3x5",)

    def _read(self, text: str) -> Board:
        """``3xN`` or ``N``: the starting board; else the rows as written."""
        m, x, n = text.strip().lower().partition("x")
        if (x and m.strip().isdigit() and n.strip().isdigit()) or (not x and m.strip().isdigit()):
            rows, files = (int(m), int(n)) if x else (3, int(m))
            if rows != 3:
                raise InvalidPosition(f"{self.name}: the board has 3 rows; write 3x{files} (or {files}), not {text!r}")
            if not 1 <= files <= self.max_cells // 3:
                raise InvalidPosition(
                    f"{self.name}: a board of {files} files; give 1 to {self.max_cells // 3} files (e.g. 3x5)"
                )
            return start_board(files)
        return super()._read(text)

    def check_position(self, position: Any) -> Board:
        rows = super().check_position(position)
        if len(rows) != 3:
            raise InvalidPosition(
                f"{self.name}: {'/'.join(rows)!r} has {len(rows)} rows; the board has 3 (e.g. ppp/.../PPP or 3x3)"
            )
        bad = _off_the_game(rows)
        if bad is not None:
            raise InvalidPosition(
                f"{self.name}: {'/'.join(rows)!r}: {bad}. A board of the game has every file live (p . P, top to "
                "bottom), empty (. . .) or blocked (p P . or . p P), with an empty file or the edge beside each "
                "blocked file: as in every game from 3xN. On others the forced captures would be chosen "
                "by both players within one turn, which an impartial move cannot say"
            )
        return rows

    def moves(self, position: Board) -> Iterator[Board]:
        seen = set()
        for _, option in turn_lines(position):
            if option not in seen:
                seen.add(option)
                yield option

    def describe_move(self, position: Board, option: Board) -> str:
        """The turn in chess words, ranks counted from the mover's side: ``push c1-c2; bxc2, dxc2``."""
        for words, found in turn_lines(position):
            if found == option:
                return _words(words)
        return super().describe_move(position, option)

    def square_name(self, row: int, column: int) -> str:
        """Ranks from the mover's side, as the moves say them (``b1`` is on the bottom row)."""
        return _square(row, column, False)

    def move_targets(self, position: Board, option: Board) -> list[str]:
        """The mover's pawn that starts the turn (its capture if it has one, else its push) when the turn's forced
        captures lead to ``option`` (``r,c``, row from the top as drawn)."""
        return list(_pawns_by_option(position).get(option, ()))

    def parse_move(self, position: Board, text: str) -> Board | None:
        """The option whose turn starts with ``text`` (``push c1-c2``), when only one does; else None."""
        wanted = " ".join(text.lower().split())
        found = {option for words, option in turn_lines(position) if _words(words).startswith(wanted)}
        return found.pop() if wanted and len(found) == 1 else None

    def closed_grundy(self, position: Board) -> int | None:
        runs = live_runs(position)
        if runs is None:
            return None
        return nim_sum(*(_dawsons_chess().grundy(k) for k in runs))

    def closed_explanation(self, position: Board) -> str | None:
        """The runs of live files, their 0.137 values and the nim-sum: ``runs 3, 5: 2 xor 3 = 1``."""
        runs = live_runs(position)
        if runs is None:
            return None
        if not runs:
            return "no live file: no pawn can move, so G = 0"
        values = [_dawsons_chess().grundy(k) for k in runs]
        total = nim_sum(*values)
        return (
            f"runs of live files {', '.join(map(str, runs))}: heaps of octal 0.137 of values "
            f"{' xor '.join(map(str, values))} = {total}, so G = {total}"
        )

    def relations(self) -> list[str]:
        return [
            "A run of k live files is a heap of k in dawsons-chess (octal 0.137): OEIS A002187, no index shift.",
            "The same values as node-kayles on the path P_k.",
        ]

    def closed_method(self, position: Board) -> str:
        runs = live_runs(position)
        return f"closed form: runs of live files {list(runs or ())} are heaps of octal 0.137 (Dawson's Chess)"

    def canonical(self, position: Board) -> Any:
        """The sorted segments (:func:`segments`): boards with the same segments have the same game graph."""
        return segments(position)

    def positions(self, size: int) -> Iterator[Board]:
        """Every board of the game of at most ``size`` cells (fewer files first): each file live, empty or blocked,
        an empty file or the edge beside each blocked file."""
        kinds = ["".join(LIVE), "".join(EMPTY), *sorted("".join(b) for b in BLOCKED)]
        for files in range(1, size // 3 + 1):
            for chosen in itertools.product(kinds, repeat=files):
                board = tuple("".join(f[r] for f in chosen) for r in range(3))
                if live_runs(board) is not None:
                    yield board

    def random_position(self, rng: random.Random) -> Board:
        """A starting board of 3 to 9 files after 0 to 2 random turns."""
        board = start_board(3 + rng.randrange(7))
        for _ in range(rng.randrange(3)):
            options = list(self.moves(board))
            if not options:
                break
            board = rng.choice(options)
        return board

    def size(self, position: Board) -> int:
        """The pawns on the board."""
        return sum(row.count("p") + row.count("P") for row in position)

    def estimate_positions(self, position: Board) -> int:
        """About 4 states a file (live, pushed, blocked, empty) for the size guard."""
        return 4 ** len(position[0])

    def parse_position(self, tokens: Sequence[str]) -> Board:
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        return self.check_position("/".join(tokens))


@functools.lru_cache(maxsize=4)
def _pawns_by_option(board: Board) -> dict[Board, tuple[str, ...]]:
    """Each option of ``board`` and the mover's pawns (``r,c``) whose turn leads to it: the turns listed once for
    all the options (the page asks for every option's pawn in a row)."""
    starts = [(after, r + 1, c) for after, c, r, _ in _captures(board)]
    starts = starts or [(after, r, c) for after, r, c in _pushes(board)]
    found: dict[Board, dict[str, None]] = {}
    for after, r, c in starts:
        for _, option in _finish(turn(after), 1, ()):
            found.setdefault(option, {})[f"{r},{c}"] = None
    return {option: tuple(pawns) for option, pawns in found.items()}


def _words(plies: tuple[str, ...]) -> str:
    """A turn in chess words: ``push b1-b2; axb2, cxb2``."""
    return "; ".join([plies[0], ", ".join(plies[1:])]) if len(plies) > 1 else plies[0]
