"""Players (perfect, random, human at the terminal) and the match loop.

>>> import sprague
>>> from sprague.play import PerfectPlayer, RandomPlayer, play_match
>>> result = play_match(sprague.ruleset("nim"), (3, 4, 5), PerfectPlayer(), RandomPlayer(seed=1),
...                     output_fn=lambda line: None)
>>> result.winner
0
"""

from __future__ import annotations

from sprague.play.match import (
    DRAW_REPETITIONS,
    HumanPlayer,
    MatchResult,
    PerfectPlayer,
    Player,
    QuitGame,
    RandomPlayer,
    SkilledPlayer,
    play_match,
)

__all__ = [
    "DRAW_REPETITIONS",
    "Player",
    "PerfectPlayer",
    "RandomPlayer",
    "SkilledPlayer",
    "HumanPlayer",
    "QuitGame",
    "MatchResult",
    "play_match",
]
