"""Players (``players``: perfect, random, skilled; ``human``: a person at the terminal) and the match loop
(``match``).

>>> import sprague
>>> from sprague.play import PerfectPlayer, RandomPlayer, play_match
>>> result = play_match(sprague.ruleset("nim"), (3, 4, 5), PerfectPlayer(), RandomPlayer(seed=1),
...                     output_fn=lambda line: None)
>>> result.winner
0
"""

from __future__ import annotations

from sprague.play.human import HumanPlayer
from sprague.play.match import DRAW_REPETITIONS, MatchResult, play_match
from sprague.play.players import PerfectPlayer, Player, QuitGame, RandomPlayer, SkilledPlayer

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
