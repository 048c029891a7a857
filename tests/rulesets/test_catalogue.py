"""The named games of ``sprague.rulesets.catalogue`` against the rules (``tests/naive.py``) and the literature."""

from __future__ import annotations

import pytest

import naive
import sprague
from sprague.cli import main

NAMED = {  # name: octal digits d0, d1, d2, ... (Winning Ways ch. 4)
    "kayles": [0, 7, 7],
    "dawsons-kayles": [0, 0, 7],
    "dawsons-chess": [0, 1, 3, 7],
    "officers": [0, 6],
    "treblecross": [0, 0, 0, 7],
}

# Published prefixes (OEIS): A002186 Kayles, A002187 Dawson's Kayles.
PUBLISHED = {
    "kayles": [
        0,
        1,
        2,
        3,
        1,
        4,
        3,
        2,
        1,
        4,
        2,
        6,
        4,
        1,
        2,
        7,
        1,
        4,
        3,
        2,
        1,
        4,
        6,
        7,
        4,
        1,
        2,
        8,
        5,
        4,
        7,
        2,
        1,
        8,
        6,
        7,
        4,
        1,
        2,
        3,
        1,
        4,
        7,
        2,
        1,
        8,
        2,
        7,
        4,
        1,
        2,
        8,
        1,
        4,
        7,
        2,
        1,
        4,
        2,
        7,
        4,
        1,
        2,
        8,
        1,
        4,
        7,
        2,
        1,
        8,
        6,
        7,
        4,
        1,
        2,
        8,
        1,
        4,
        7,
        2,
        1,
        8,
        2,
        7,
    ],
    "dawsons-kayles": [
        0,
        0,
        1,
        1,
        2,
        0,
        3,
        1,
        1,
        0,
        3,
        3,
        2,
        2,
        4,
        0,
        5,
        2,
        2,
        3,
        3,
        0,
        1,
        1,
        3,
        0,
        2,
        1,
        1,
        0,
        4,
        5,
        2,
        7,
        4,
        0,
        1,
        1,
        2,
        0,
        3,
        1,
        1,
        0,
        3,
        3,
        2,
        2,
        4,
        4,
        5,
        5,
        2,
    ],
}


@pytest.mark.parametrize("name", list(NAMED))
def test_a_named_game_plays_by_its_rules(name: str) -> None:
    game = sprague.ruleset(name)
    assert game.sequence(400).tolist() == naive.octal_sequence(NAMED[name], 400)
    assert eval(repr(game), {"sprague": sprague}) == game and game.describe() == name
    assert name in [cls.name for cls in sprague.REGISTRY]


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_named_games_match_the_published_values(name: str) -> None:
    values = PUBLISHED[name]
    assert sprague.ruleset(name).sequence(len(values)).tolist() == values


def test_dawsons_chess_is_dawsons_kayles_shifted_by_one() -> None:
    """Winning Ways ch. 4: Dawson's chess on n files has the value of Dawson's Kayles with n + 1 pins."""
    chess, kayles = (
        naive.octal_sequence(NAMED["dawsons-chess"], 300),
        naive.octal_sequence(NAMED["dawsons-kayles"], 301),
    )
    assert chess == kayles[1:]


def test_named_games_take_no_parameters_and_work_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(sprague.InvalidParameter, match="has no parameter 'code'"):
        sprague.ruleset("kayles", code="0.7")
    assert main(["value", "kayles", "5", "7"]) == 0
    out = capsys.readouterr().out
    g = naive.octal_sequence(NAMED["kayles"], 8)
    assert out.startswith("kayles: 5 7\n") and f"G = {g[5] ^ g[7]}," in out


def test_a_heap_past_the_first_prefix_of_a_game_with_no_short_period_is_computed_not_refused() -> None:
    """Officers has no period within reach: G(300) used to be refused (certifying a period needed 4M values)
    although the sequence up to 300 is trivial to compute."""
    g = naive.octal_sequence(NAMED["officers"], 301)
    officers = sprague.ruleset("officers")
    assert officers.grundy((300,)) == g[300]
    move = officers.winning_move((300, 7))
    assert move is not None and g[move[0]] ^ g[move[1]] ^ (g[move[2]] if len(move) > 2 else 0) == 0
    with pytest.raises(sprague.NoClosedForm):
        sprague.ruleset("officers").grundy((300,), method="closed")


def test_a_game_made_with_named_in_a_plugin_file_is_registered(tmp_path) -> None:
    """``named()`` made every class look like the catalogue's own, so a plugin file defining a game with it was
    silently dropped by ``--plugin`` (issue 34); the class now belongs to the module that calls ``named``."""
    import textwrap

    from sprague.rulesets import REGISTRY, load_plugin

    path = tmp_path / "octals.py"
    path.write_text(
        textwrap.dedent("""
        from sprague.rulesets.catalogue import named
        from sprague.rulesets.takebreak import TakeBreak

        TwoPins = named("plugin-two-pins", TakeBreak, "Take one or two pins from a row's end (octal 0.33).",
                        "-- Winning Ways ch. 4", code="0.33")
    """)
    )
    found = load_plugin(str(path))
    try:
        assert [c.name for c in found] == ["plugin-two-pins"]
        r = sprague.ruleset("plugin-two-pins")
        # 0.33 is the subtraction game {1, 2}: G(n) = n mod 3, by search
        assert [r.grundy((n,), method="search") for n in range(9)] == [0, 1, 2] * 3
        assert sprague.find_ruleset("kayles").__module__ == "sprague.rulesets.catalogue"
    finally:
        for cls in found:
            REGISTRY.remove(cls)
