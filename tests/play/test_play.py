"""Players and the match loop: perfect play wins, the human prompt is forgiving and scriptable."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from functools import reduce
from operator import xor

import pytest

import naive
import sprague
from sprague.play import HumanPlayer, MatchResult, PerfectPlayer, QuitGame, RandomPlayer, play_match

NIM = sprague.ruleset("nim")


def scripted(lines: list[str]) -> Callable[[str], str]:
    """An ``input`` replacement that answers from ``lines`` and then signals end of input."""
    answers = iter(lines)

    def input_fn(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return input_fn


def human(lines: list[str], misere: bool = False) -> tuple[HumanPlayer, list[str]]:
    out: list[str] = []
    return HumanPlayer(input_fn=scripted(lines), output_fn=out.append, misere=misere), out


# ------------------------------------------------------------------ computer players
@pytest.mark.parametrize("seed", range(20))
def test_perfect_player_wins_nim_345_against_random(seed: int) -> None:
    out: list[str] = []
    result = play_match(NIM, (3, 4, 5), PerfectPlayer(), RandomPlayer(seed=seed), output_fn=out.append)
    assert isinstance(result, MatchResult)
    assert result.winner == 0
    assert result.final == (0, 0, 0)
    # every move of the perfect player leaves nim-sum 0 (Bouton), checked independently of the library
    for player, option, reason in result.moves:
        if player == 0:
            assert reduce(xor, option, 0) == 0
            assert reason == "moves to a P-position: nim-sum becomes 0"
    assert result.moves[-1][0] == 0  # the winner made the last move
    assert out[-1] == "Player 1 wins."
    assert len(out) == len(result.moves) + 1


@pytest.mark.parametrize("seed", range(20))
def test_perfect_second_player_wins_from_a_p_position(seed: int) -> None:
    assert reduce(xor, (1, 2, 3), 0) == 0
    result = play_match(NIM, (1, 2, 3), RandomPlayer(seed=seed), PerfectPlayer(), output_fn=lambda line: None)
    assert result.winner == 1
    assert all(reduce(xor, option, 0) == 0 for player, option, _ in result.moves if player == 1)


def test_perfect_player_from_p_position_makes_the_smallest_move_and_says_so() -> None:
    option, reason = PerfectPlayer().choose(NIM, (1, 2, 3))
    assert sum((1, 2, 3)) - sum(option) == 1
    assert option in NIM.options((1, 2, 3))
    assert reason.startswith("no winning move: the position is P")
    assert "hopes" in reason


def test_perfect_player_reason_for_other_games() -> None:
    sub = sprague.ruleset("subtraction", S={1, 2, 5})
    option, reason = PerfectPlayer().choose(sub, (26,))
    assert option in [(24,), (21,)]  # handout 002 section 3: take 2 or 5
    assert reason == "moves to a P-position (Grundy value 0)"
    option, reason = PerfectPlayer().choose(sprague.ruleset("turning-turtles"), "THHTH")
    assert sprague.ruleset("turning-turtles").grundy(option) == 0


def test_perfect_vs_perfect_decided_by_the_outcome() -> None:
    for start in [(3, 4, 5), (1, 2, 3), (7,), (5, 5)]:
        result = play_match(NIM, start, PerfectPlayer(), PerfectPlayer(), output_fn=lambda line: None)
        assert result.winner == (0 if reduce(xor, start, 0) else 1)


def test_random_player_is_repeatable_with_a_seed() -> None:
    a = play_match(NIM, (4, 5, 6), RandomPlayer(seed=7), RandomPlayer(seed=8), output_fn=lambda line: None)
    b = play_match(NIM, (4, 5, 6), RandomPlayer(seed=7), RandomPlayer(seed=8), output_fn=lambda line: None)
    assert a == b
    for (_, option, reason), before in zip(a.moves, [a.start] + [m[1] for m in a.moves]):
        assert option in NIM.options(before)
        assert reason == "random move"


def test_terminal_start_means_the_first_player_loses() -> None:
    out: list[str] = []
    result = play_match(NIM, (0, 0), PerfectPlayer(), PerfectPlayer(), output_fn=out.append)
    assert result.winner == 1 and result.moves == []
    assert out == ["Player 2 wins."]


def test_move_lines_name_the_move_and_the_reason() -> None:
    out: list[str] = []
    play_match(NIM, (3, 4, 5), PerfectPlayer(), PerfectPlayer(), output_fn=out.append)
    assert out[0] == "player 1: heap 1: take 2 from 3   (moves to a P-position: nim-sum becomes 0)"


# -------------------------------------------------------------------- human player
def test_empty_line_lists_the_moves_and_a_number_picks_one() -> None:
    player, out = human(["", "2"])
    option, reason = player.choose(NIM, (3, 4, 5))
    options = NIM.options((3, 4, 5))
    assert option == options[1] == (1, 4, 5)
    assert reason == ""
    assert "position: 3 4 5" in out
    assert "legal moves:" in out
    listed = [line for line in out if line.lstrip()[:1].isdigit()]
    assert len(listed) == len(options) == 12
    assert listed[0] == "   1. heap 1: take 1 from 3   leaves 2 4 5"
    assert listed[-1].startswith("  12. heap 3: take 5 from 5")


def test_illegal_move_and_garbage_reprompt_with_a_reason() -> None:
    player, out = human(["3 4 6", "banana", "3 4 1"])
    option, _ = player.choose(NIM, (3, 4, 5))
    assert option == (3, 4, 1)
    complaints = [line for line in out if "try again" in line]
    assert len(complaints) == 2
    assert "cannot be reached" in complaints[0] and "3 4 6" in complaints[0]
    assert "'banana' is not a move from '3 4 5'" in complaints[1] and "e.g. 'heap 1: take 1 from 3'" in complaints[1]
    assert all("\n" not in line and "Traceback" not in line for line in out)


def test_typed_position_with_equals_and_in_another_order() -> None:
    player, _ = human(["= 1 4 5"])
    assert player.choose(NIM, (3, 4, 5))[0] == (1, 4, 5)
    player, _ = human(["1 3 4"])  # the heaps of (3, 4, 1) in another order: the listed move is played
    assert player.choose(NIM, (3, 4, 5))[0] == (3, 4, 1)


def test_single_integer_is_a_move_number_in_range_else_a_position() -> None:
    sub = sprague.ruleset("subtraction", S={1, 2, 5})  # from 10 the moves are 1: ->9, 2: ->8, 3: ->5
    player, _ = human(["2"])
    assert player.choose(sub, (10,))[0] == (8,)
    player, _ = human(["= 5"])
    assert player.choose(sub, (10,))[0] == (5,)
    player, _ = human(["= 2"])
    assert player.choose(sub, (3,))[0] == (2,)  # "2" alone would be move 2, to 1
    player, out = human(["7", "= 3", "9"])
    assert player.choose(sub, (10,))[0] == (9,)  # 9 is out of range 1..3, so it is the position 9
    assert any("no move 7 in the list (1 to 3)" in line for line in out)
    assert any("'3' cannot be reached" in line for line in out)


def test_turtles_position_typed_as_one_token() -> None:
    tt = sprague.ruleset("turning-turtles")
    player, out = human(["TTTHH", "THTTT", "tthht"])
    option, _ = player.choose(tt, "TTHTH")
    assert option == "TTHHT"  # turn coin 5 to tails and coin 4, to its left, to heads
    # TTTHH turns coin 4, right of the head turned; THTTT turns three coins: both illegal
    assert len([line for line in out if "try again" in line]) == 2


def test_hint_and_value() -> None:
    player, out = human(["hint", "value", "q"])
    with pytest.raises(QuitGame):
        player.choose(NIM, (3, 4, 5))
    hints = [line for line in out if line.startswith("hint:")]
    assert hints == ["hint: move 2: heap 1: take 2 from 3, leaving 1 4 5 (a P-position)"]
    assert any(line.startswith("Grundy value 2, outcome N") for line in out)

    player, out = human(["hint", "value", "quit"])
    with pytest.raises(QuitGame):
        player.choose(NIM, (1, 2, 3))
    assert any(line.startswith("hint: no winning move") and "P-position" in line for line in out)
    assert any(line.startswith("Grundy value 0, outcome P") for line in out)


def test_end_of_input_quits_cleanly() -> None:
    player, out = human([])
    with pytest.raises(QuitGame):
        player.choose(NIM, (3, 4, 5))
    player, out = human(["", "banana"])
    lines: list[str] = []
    with pytest.raises(QuitGame):
        play_match(NIM, (3, 4, 5), player, PerfectPlayer(), output_fn=lines.append)
    assert lines == []  # nothing was played


def test_human_against_the_computer_messages() -> None:
    player, _ = human(["= 0"])
    out: list[str] = []
    result = play_match(NIM, (3,), player, PerfectPlayer(), output_fn=out.append)
    assert result.winner == 0
    assert out == ["you: heap 1: take 3 from 3", "You win!"]

    player, _ = human(["= 0 0 1"])
    out = []
    result = play_match(NIM, (0, 1, 1), player, PerfectPlayer(), output_fn=out.append)
    assert result.winner == 1
    assert out[-1] == "The computer wins."
    assert out[1] == "computer: heap 3: take 1 from 1   (moves to a P-position: nim-sum becomes 0)"


def test_a_move_typed_as_sprague_moves_prints_it_is_played() -> None:
    """The words of the move list (``heap 3: take 3 from 7``, ``heap 1: split 7 into 5 + 2``) are a move the player
    may type; so are the arrows of earlier versions (``heap 3: 7 -> 4``, ``heap 1: 7 -> 5 + 2``)."""
    for words in ("heap 3: take 3 from 7", "heap 3: 7 -> 4"):
        player, _ = human([words])
        assert player.choose(NIM, (5, 3, 7))[0] == (5, 3, 4)
    for words in ("heap 1: split 7 into 5 + 2", "heap 1: 7 -> 5 + 2"):
        player, _ = human([words])
        assert player.choose(sprague.ruleset("grundys-game"), (7,))[0] == (5, 2)
    player, _ = human(["heap 1: take 1 from 7, split 6 into 4 + 2"])
    assert player.choose(sprague.ruleset("kayles"), (7,))[0] == (4, 2)
    player, out = human(["heap 3: 7 -> 9", "delete 3, split 6 into 1 + 5"])
    assert sorted(player.choose(sprague.ruleset("single-delete"), (3, 6, 7))[0]) == [1, 5, 7]
    assert any("cannot be reached" in line or "not a move" in line for line in out)


# ------------------------------------------------------------------ misère play
# Under misère play the player who makes the last move loses. Every claim below is checked
# against tests/naive.py's misère solver, which knows nothing of sprague.
SUB12 = sprague.ruleset("subtraction", S={1, 2})
NIM_PLUS_SUB = sprague.Sum(NIM, SUB12)
KAYLES = sprague.ruleset("kayles")


def naive_moves(game: sprague.Ruleset):
    """The naive move function of ``game`` and how a sprague position is written for it."""
    if game is KAYLES:
        return naive.kayles_moves, lambda p: tuple(sorted(x for x in p if x))
    if game is NIM_PLUS_SUB:
        return naive.sum_moves([naive.nim_moves, naive.subtraction_moves({1, 2})]), lambda p: p
    return naive.nim_moves, lambda p: p


MISERE_N_STARTS = [
    (NIM, (3, 4, 5)),
    (NIM, (1, 1, 1, 4)),
    (NIM, (2, 2, 1)),
    (NIM_PLUS_SUB, ((3, 2), (5,))),
    (NIM_PLUS_SUB, ((1, 1), (5,))),
    (NIM_PLUS_SUB, ((1, 2, 3), (7,))),
    (KAYLES, (3, 4, 5)),
    (KAYLES, (1, 4, 6)),
]


@pytest.mark.parametrize("game,start", MISERE_N_STARTS, ids=lambda x: str(x) if isinstance(x, tuple) else x.name)
@pytest.mark.parametrize("seed", range(12))
def test_perfect_misere_player_never_loses_from_a_misere_n_position(game, start, seed: int) -> None:
    moves, key = naive_moves(game)
    assert naive.misere_outcome(moves, key(start)) == "N"
    out: list[str] = []
    result = play_match(
        game, start, PerfectPlayer(misere=True), RandomPlayer(seed=seed, misere=True), output_fn=out.append, misere=True
    )
    assert result.winner == 0 and result.misere
    assert result.moves and result.moves[-1][0] == 1  # the random player was left the last move, and lost
    assert not moves(key(result.final))
    for player, option, reason in result.moves:
        if player == 0:  # every move of the perfect player leaves a misère P-position
            assert naive.misere_outcome(moves, key(option)) == "P", (option, reason)
            assert reason.startswith("moves to a misère P-position"), reason
    assert out[-1] == "Player 2 made the last move and loses: Player 1 wins."
    assert len(out) == len(result.moves) + 1


@pytest.mark.parametrize("seed", range(12))
def test_perfect_misere_second_player_wins_from_a_misere_p_position(seed: int) -> None:
    moves, key = naive_moves(KAYLES)
    start = (1, 2, 3)
    assert naive.misere_outcome(moves, key(start)) == "P"
    result = play_match(
        KAYLES,
        start,
        RandomPlayer(seed=seed, misere=True),
        PerfectPlayer(misere=True),
        output_fn=lambda line: None,
        misere=True,
    )
    assert result.winner == 1 and result.moves[-1][0] == 0


def test_misere_and_normal_play_differ_on_the_same_start() -> None:
    """Nim 1 1: under normal play the first player loses (nim-sum 0), under misère play the first player wins."""
    assert naive.outcome(naive.nim_moves, (1, 1)) == "P" and naive.misere_outcome(naive.nim_moves, (1, 1)) == "N"
    normal = play_match(NIM, (1, 1), PerfectPlayer(), PerfectPlayer(), output_fn=lambda line: None)
    misere = play_match(
        NIM, (1, 1), PerfectPlayer(misere=True), PerfectPlayer(misere=True), output_fn=lambda line: None, misere=True
    )
    assert normal.winner == 1 and misere.winner == 0
    assert len(normal.moves) == len(misere.moves) == 2 and misere.moves[-1][0] == 1


def test_perfect_misere_player_from_a_misere_p_position_keeps_the_game_long_and_says_so() -> None:
    moves, _ = naive_moves(NIM)
    start = (2, 2, 1, 1)
    assert naive.misere_outcome(moves, start) == "P"
    option, reason = PerfectPlayer(misere=True).choose(NIM, start)
    assert option in NIM.options(start) and sum(start) - sum(option) == 1
    assert reason == (
        "no winning move: the position is a misère P-position; removes as little as possible "
        "to keep the game long and hopes for a mistake"
    )


def test_misere_perfect_vs_perfect_decided_by_the_misere_outcome() -> None:
    for game, start in MISERE_N_STARTS + [
        (NIM, (2, 2)),
        (NIM, (1,)),
        (KAYLES, (1, 2, 3)),
        (NIM_PLUS_SUB, ((3, 2), (4,))),
    ]:
        moves, key = naive_moves(game)
        result = play_match(
            game,
            start,
            PerfectPlayer(misere=True),
            PerfectPlayer(misere=True),
            output_fn=lambda line: None,
            misere=True,
        )
        assert result.winner == (0 if naive.misere_outcome(moves, key(start)) == "N" else 1), (game, start)


def test_misere_end_messages_name_the_winner() -> None:
    out: list[str] = []
    result = play_match(
        NIM, (0, 0), PerfectPlayer(misere=True), PerfectPlayer(misere=True), output_fn=out.append, misere=True
    )
    assert result.winner == 0 and result.moves == []  # nobody can move: the player to move has won
    assert out == ["No move is possible, and under misère play the player who cannot move wins: Player 1 wins."]

    player, _ = human(["= 0"], misere=True)  # you take the last token, and lose
    out = []
    result = play_match(NIM, (1,), player, PerfectPlayer(misere=True), output_fn=out.append, misere=True)
    assert result.winner == 1 and result.loser == 0
    assert out == ["you: heap 1: take 1 from 1", "You made the last move and lose: the computer wins."]

    player, _ = human(["= 0 1"], misere=True)  # 2 1 -> 0 1: a single heap of 1 for the computer, which must take it
    out = []
    result = play_match(NIM, (2, 1), player, PerfectPlayer(misere=True), output_fn=out.append, misere=True)
    assert result.winner == 0
    assert out[-2].startswith("computer: heap 2: take 1 from 1   (no winning move: the position is a misère P-position")
    assert out[-1] == "The computer made the last move and loses: you win!"

    player, _ = human([], misere=True)
    out = []
    result = play_match(NIM, (0,), player, PerfectPlayer(misere=True), output_fn=out.append, misere=True)
    assert result.winner == 0
    assert out == ["No move is possible, and under misère play the player who cannot move wins: you win!"]


def test_players_of_the_other_convention_are_refused() -> None:
    with pytest.raises(sprague.InvalidParameter, match=r"player 2 .* plays normal play, but the match is misère"):
        play_match(NIM, (3, 4), PerfectPlayer(misere=True), PerfectPlayer(), output_fn=lambda line: None, misere=True)
    with pytest.raises(sprague.InvalidParameter, match=r"player 1 .* plays misère play, but the match is normal"):
        play_match(NIM, (3, 4), RandomPlayer(misere=True), PerfectPlayer(), output_fn=lambda line: None)
    with pytest.raises(sprague.InvalidParameter, match="misere='yes' is not True or False"):
        PerfectPlayer(misere="yes")  # type: ignore[arg-type]


def test_misere_hint_and_value() -> None:
    start = (1, 1, 5)
    assert naive.misere_p_options(naive.nim_moves, start) == {(1, 1, 1)}
    player, out = human(["hint", "value", "q"], misere=True)
    with pytest.raises(QuitGame):
        player.choose(NIM, start)
    assert [line for line in out if line.startswith("hint:")] == [
        f"hint: move {NIM.options(start).index((1, 1, 1)) + 1}: heap 3: take 4 from 5, leaving 1 1 1 "
        "(a misère P-position)"
    ]
    g = naive.misere_grundy(naive.nim_moves, start)
    assert any(
        line.startswith(f"misère Grundy value g- = {g}, outcome N (the player to move wins with perfect misère play")
        for line in out
    )

    player, out = human(["hint", "value", "q"], misere=True)
    with pytest.raises(QuitGame):
        player.choose(NIM, (1, 0, 0))
    assert "hint: no winning move; 1 0 0 is a misère P-position (every move leads to a misère N-position)" in out
    assert any(line.startswith("misère Grundy value g- = 0, outcome P") for line in out)


def _play_cli(args: list[str], moves: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sprague.cli", "play", *args], input=moves, capture_output=True, text=True, timeout=600
    )  # a hang guard, not a judgement of speed


def test_piped_misere_cli_game_you_lose_by_taking_the_last_token() -> None:
    """nim 2 2 is a misère P-position: whatever you do, the computer leaves you the last token."""
    assert naive.misere_outcome(naive.nim_moves, (2, 2)) == "P"
    proc = _play_cli(["nim", "2", "2", "--misere", "--hints"], "1\n1\n1\n1\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "nim: 2 2. Misère play: whoever makes the last move loses."
    assert "hint: no winning move; 2 2 is a misère P-position (every move leads to a misère N-position)" in proc.stdout
    assert "computer: heap 2: take 2 from 2   (moves to a misère P-position" in proc.stdout
    assert lines[-1] == "You made the last move and lose: the computer wins."


def test_piped_misere_cli_game_the_computer_loses() -> None:
    """nim 1 1 1 (three heaps of 1) is a misère P-position: the computer, moving first, must take the last token."""
    assert naive.misere_outcome(naive.nim_moves, (1, 1, 1)) == "P"
    proc = _play_cli(["nim", "1", "1", "1", "--misere", "--first", "computer"], "1\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "nim: 1 1 1. Misère play: whoever makes the last move loses."
    assert lines[-1] == "The computer made the last move and loses: you win!"


def test_piped_normal_cli_game_still_says_normal_play() -> None:
    proc = _play_cli(["nim", "1", "1", "--first", "computer"], "1\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "nim: 1 1. Normal play: whoever makes the last move wins."
    assert proc.stdout.splitlines()[-1] == "You win!"


@pytest.mark.parametrize("name, size", [("chomp", 9), ("cram", 6)])
def test_perfect_player_lost_on_a_board_takes_the_least_it_can(name: str, size: int) -> None:
    """In a lost position on a board the perfect player's move takes as few cells as any move can (Chomp: one
    square, not the whole bar), counted by hand here: Chomp's squares '#', Cram's empty cells '.'."""
    rules = sprague.ruleset(name)
    cell = "#" if name == "chomp" else "."
    count = 0
    for pos in rules.positions(size) or []:
        options = rules.options(pos)
        if not options or rules.outcome(pos) != "P":
            continue
        option, reason = PerfectPlayer().choose(rules, pos)
        left = "".join(pos).count(cell)
        least = min(left - "".join(o).count(cell) for o in options)
        assert option in options and left - "".join(option).count(cell) == least, (pos, option)
        assert "removes as little as possible" in reason
        count += 1
    assert count >= 3


@pytest.mark.parametrize("name, position", [("chomp", "3,2"), ("cram", "2x2"), ("nim", "3 4")])
def test_human_help_shows_this_games_moves(name: str, position: str) -> None:
    """The prompt's help gives this game's own first move and the position it leaves as examples, not a heap's."""
    rules = sprague.ruleset(name)
    pos = rules.check_position(position)
    first = rules.options(pos)[0]
    player, out = human(["help", "q"])
    with pytest.raises(QuitGame):
        player.choose(rules, pos)
    helped = [line for line in out if line.startswith("moves:")]
    assert helped and repr(rules.describe_move(pos, first)) in helped[0]
    assert f"= {rules.format_position(first)}" in helped[0] and "single heap" not in "".join(out)
