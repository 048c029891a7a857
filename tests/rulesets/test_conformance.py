"""One conformance test over the whole registry (after OpenSpiel's games_sim_test), made of the checks that
sprague ships for plugin authors in :mod:`sprague.testing`.

Every ruleset class in ``sprague.REGISTRY`` is built with each parameter's
example value and played from its ``example`` tokens; each check of
``sprague.testing.CHECKS`` is one test here (so a failure names the check):
metadata, parameters and repr round trips, parsing and formatting, moves
deterministic and legal, printed moves parse back, terminal positions P with
value 0, values against the brute force of ``sprague.testing`` (the mex
recursion; for loopy games Smith's labelling and the P/N/D labelling), closed
forms against search, winning moves, ``evaluate``, misère play, random
positions. Disjunctive ``Sum``s go through the same checks. What only
sprague's own rulesets promise (a docstring citing their source, variety in
random positions, loopy examples that show every outcome) is checked here too;
then user-defined rulesets, error messages and bugs found.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import sprague
from sprague import Ruleset, SpragueError, TooLarge
from sprague.testing import (
    CHECKS,
    check_closed_equals_search,
    check_drawing,
    check_evaluate,
    check_metadata,
    check_misere,
    check_moves,
    check_parameters,
    check_parse_and_format,
    check_printed_moves,
    check_random_positions,
    check_repr,
    check_terminal,
    check_values_by_brute_force,
    check_winning_moves,
)

CLASSES: list[type[Ruleset]] = list(sprague.REGISTRY)
IDS = [cls.name for cls in CLASSES]


def param_value(cls: type[Ruleset], p: sprague.Param) -> Any:
    """The parameter's own example value: every parameter must declare one."""
    assert p.example is not None, f"{cls.__name__}: parameter {p.name} declares no example value"
    return p.example


def build(cls: type[Ruleset]) -> Ruleset:
    return sprague.ruleset(cls, **{p.name: param_value(cls, p) for p in cls.parameters})


def at_example(cls: type[Ruleset]) -> tuple[Ruleset, Any]:
    """A fresh instance of ``cls`` and its example position."""
    r = build(cls)
    return r, r.parse_position(list(cls.example))


#: the test below that runs each check of sprague.testing
TESTS = {
    "metadata": "test_metadata",
    "parameters": "test_parameters_round_trip",
    "repr round trip": "test_repr_round_trips",
    "parse and format": "test_parse_and_format_round_trip",
    "moves": "test_moves_deterministic_and_legal",
    "printed moves": "test_every_move_as_printed_parses_back",
    "board drawing": "test_board_targets_are_elements_of_the_drawing",
    "terminal positions": "test_terminal_positions",
    "values by brute force": "test_values_agree_with_the_brute_force_shipped_in_sprague_testing",
    "closed form equals search": "test_closed_form_equals_search",
    "winning moves": "test_winning_moves_are_the_p_options",
    "evaluate": "test_evaluate_matches_grundy",
    "misère play": "test_misere_play_equals_the_independent_solver",
    "random positions": "test_random_positions_are_positions_and_repeat_with_the_seed",
}


def test_every_check_of_sprague_testing_is_a_test_here() -> None:
    """A check added to sprague.testing must be run over the registry too (one test per check)."""
    assert list(TESTS) == list(CHECKS)
    for check, test in TESTS.items():
        assert test in vars(TestRegistry) or test in globals(), f"no test runs the check {check!r}"


# ---------------------------------------------------------- over the registry
@pytest.mark.parametrize("cls", CLASSES, ids=IDS)
class TestRegistry:
    def test_metadata(self, cls: type[Ruleset]) -> None:
        check_metadata(build(cls))
        assert sprague.find_ruleset(cls.name) is cls
        for alias in cls.aliases:
            assert sprague.find_ruleset(alias) is cls

    def test_parameters_round_trip(self, cls: type[Ruleset]) -> None:
        check_parameters(build(cls))

    def test_repr_round_trips(self, cls: type[Ruleset]) -> None:
        check_repr(build(cls))  # raises (an error, not a skip) if the class were not registered

    def test_parse_and_format_round_trip(self, cls: type[Ruleset]) -> None:
        check_parse_and_format(*at_example(cls))

    def test_moves_deterministic_and_legal(self, cls: type[Ruleset]) -> None:
        check_moves(*at_example(cls))

    def test_every_move_as_printed_parses_back(self, cls: type[Ruleset]) -> None:
        """``sprague moves`` prints each move in the ruleset's words; Move.parse reads them back."""
        check_printed_moves(*at_example(cls))

    def test_board_targets_are_elements_of_the_drawing(self, cls: type[Ruleset]) -> None:
        """The page's board to click: each move's targets are its elements, each element one move at most."""
        check_drawing(*at_example(cls))

    def test_terminal_positions(self, cls: type[Ruleset]) -> None:
        check_terminal(*at_example(cls))

    def test_values_agree_with_the_brute_force_shipped_in_sprague_testing(self, cls: type[Ruleset]) -> None:
        """The mex recursion (loopy games: Smith's labelling near the example, and the P/N/D labelling of the
        whole graphs of the example and of 5 random positions) of :mod:`sprague.testing`, sharing no code with
        sprague's solvers; tests/test_testing.py checks that brute force against tests/naive.py."""
        met = check_values_by_brute_force(*at_example(cls))
        assert met == ({"P", "N", "D"} if cls.loopy else {"P", "N"}), (
            f"{cls.__name__}'s example graphs should show every outcome, not only {sorted(met)}"
        )

    def test_closed_form_equals_search(self, cls: type[Ruleset]) -> None:
        check_closed_equals_search(*at_example(cls))  # a fresh instance (no memo) gives the same values too

    def test_winning_moves_are_the_p_options(self, cls: type[Ruleset]) -> None:
        check_winning_moves(*at_example(cls))

    def test_evaluate_matches_grundy(self, cls: type[Ruleset]) -> None:
        check_evaluate(*at_example(cls))

    def test_random_positions_are_positions_and_repeat_with_the_seed(self, cls: type[Ruleset]) -> None:
        assert cls.random_position is not Ruleset.random_position, f"{cls.__name__} draws only its example"
        check_random_positions(build(cls))  # more than one position in 20 seeds, as it overrides the default

    def test_docstring_mentions_source(self, cls: type[Ruleset]) -> None:
        """Each reference in ``source`` ("<course notes> -- <literature>", parts split by ';')
        appears in the class docstring: the locator of a course document (``section 1.2``,
        ``homework 7``, ``Thm 2.2``) with its number (``003``; the handout 002 may be called "handout"),
        and every name of the literature (authors, works, OEIS numbers). Years are not required."""
        doc = _normalise(cls.__doc__ or "")
        course, _, literature = cls.source.partition("--")
        missing = []
        for ref in filter(None, (part.strip() for part in course.split(";"))):
            m = re.match(r"(\d{3})\b.*?((?:section|homework|thm|def|lemma|prop)\s+[\d.]+)", ref, re.IGNORECASE)
            assert m, f"{cls.__name__}.source: cannot read the course reference {ref!r}"
            number, locator = m.groups()
            if locator.lower() not in doc:
                missing.append(locator)
            if number not in doc and not (number == "002" and "handout" in doc):
                missing.append(number)
        for name in re.findall(r"A\d{6}|[A-Z][A-Za-z]{2,}", literature):
            if name.lower() not in doc:
                missing.append(name)
        assert not missing, f"{cls.__name__}'s docstring does not mention {missing} of its source {cls.source!r}"


@pytest.mark.parametrize("cls", CLASSES, ids=IDS)
def test_misere_play_equals_the_independent_solver(cls: type[Ruleset]) -> None:
    """Misère search, closed forms and the rulesets' own misère algorithms against the misère mex recursion of
    :mod:`sprague.testing` near the example and at a terminal position (N, g- = 1, no winning move); a class
    with a misère closed form applies it there; a loopy game refuses misère play in one line."""
    r, start = at_example(cls)
    check_misere(r, start)


def _normalise(text: str) -> str:
    return " ".join(text.replace("*", "").replace("&", "and").lower().split())


# ------------------------------------------------------------- a sum of games
SUMS = {  # name: (the sum, a position, whether every component has a closed form for its Grundy value)
    "sub125+sub41012": (
        lambda: sprague.Sum(sprague.ruleset("subtraction", S={1, 2, 5}), sprague.ruleset("subtraction", S={4, 10, 12})),
        ("7", "+", "13"),
        True,
    ),
    "nim+turtles": (lambda: sprague.Sum("nim", "turning-turtles"), ("3", "2", "+", "THTH"), True),
    # Wythoff's theorem gives outcomes only: its values, and so the sum's, need search
    "nim+wythoff+turtles": (
        lambda: sprague.Sum("nim", "wythoff", "turning-turtles"),
        ("3", "2", "+", "2", "3", "+", "THTH"),
        False,
    ),
}


@pytest.mark.parametrize("name", list(SUMS))
def test_sum_conformance(name: str) -> None:
    make, tokens, closed_applies = SUMS[name]
    r = make()
    start = r.parse_position(list(tokens))
    check_parse_and_format(r, start)
    assert eval(repr(r), {"sprague": sprague}) == r
    check_moves(r, start)
    check_terminal(r, start)
    check_values_by_brute_force(r, start)
    check_closed_equals_search(r, start, closed_applies)
    check_winning_moves(r, start)
    check_evaluate(r, start)


@pytest.mark.parametrize("name", list(SUMS))
def test_sum_misere_play_equals_the_independent_solver(name: str) -> None:
    """No nim-sum rule under misère play: the sum is searched as a whole, against the misère mex recursion."""
    make, tokens, _ = SUMS[name]
    r = make()
    assert check_misere(r, r.parse_position(list(tokens))) == 0


# --------------------------------------------------------- user-defined games
class Chain(Ruleset):
    """A chain n -> n - 1 -> ... -> 0 (user-defined test game)."""

    name = "test-chain"

    def moves(self, position: int) -> list[int]:
        return [position - 1] if position > 0 else []


class Loop(Ruleset):
    """0 -> 1 -> 2 -> 0: not a short game."""

    name = "test-loop"

    def moves(self, position: int) -> list[int]:
        return [(position + 1) % 3]


class LoopBelow(Ruleset):
    """n -> n - 1 down to 2, then 2 -> 1 -> 2: the cycle is deep in the graph, 3 -> 0 is an escape."""

    name = "test-loop-below"

    def moves(self, position: int) -> list[int]:
        if position <= 0:
            return []
        if position == 1:
            return [2]
        return [position - 1] + ([0] if position == 3 else [])


def test_user_chain_of_100000_positions() -> None:
    chain = sprague.ruleset(Chain)
    assert isinstance(chain, Chain) and chain == Chain()
    assert sprague.ruleset(chain) is chain
    assert chain.grundy(100000, method="search", max_positions=200001) == 0  # no RecursionError
    assert chain.grundy(99999) == 1
    assert chain.outcome(100000) == "P"
    assert chain.winning_moves(100001) == [100000]
    assert chain.options(0) == [] and chain.grundy(0) == 0
    with pytest.raises(SpragueError):
        chain.grundy(5, method="closed")
    with pytest.raises(sprague.IllegalMove):
        chain.apply(5, 3)
    with pytest.raises(TooLarge):
        Chain().grundy(1000, max_positions=100)
    with pytest.raises(sprague.InvalidParameter):
        sprague.ruleset(Chain, k=1)


@pytest.mark.parametrize("cls, start", [(Loop, 0), (LoopBelow, 10)], ids=["loop", "loop-below"])
def test_user_cycle_is_not_a_short_game(cls: type[Ruleset], start: int) -> None:
    r = sprague.ruleset(cls)
    for _ in range(2):  # a second call must not find a half-finished memo
        with pytest.raises(sprague.NotShortGame):
            r.grundy(start)
        with pytest.raises(sprague.NotShortGame):
            r.outcome(start)
        with pytest.raises(sprague.NotShortGame):
            r.winning_moves(start)
    assert issubclass(sprague.NotShortGame, SpragueError) and issubclass(SpragueError, ValueError)


@pytest.mark.parametrize(
    "typo, meant",
    [
        ("subtracton", "subtraction"),
        ("wythof", "wythoff"),
        ("grundy-game", "grundys-game"),
        ("hackenbsh", "hackenbush"),
    ],
)
def test_unknown_ruleset_suggests_the_nearest_name(typo: str, meant: str) -> None:
    with pytest.raises(sprague.UnknownRuleset) as info:
        sprague.ruleset(typo)
    assert f"{meant!r}" in str(info.value)
    assert typo in str(info.value)


def test_unknown_ruleset_without_near_name() -> None:
    with pytest.raises(sprague.UnknownRuleset, match="sprague list"):
        sprague.ruleset("zzzzzzzz")


# ----------------------------------------------------------------- bugs found
def test_moore_winning_moves_are_all_of_them_or_refused() -> None:
    """winning_moves is every winning move or a TooLarge, never a partial list (a bug once gave one move)."""
    m = sprague.ruleset("moore", k=2)
    pos = (1, 1, 1, 1)
    want = {o for o in m.options(pos) if m.outcome(o, method="search") == "P"}
    assert len(want) == 4
    assert set(m.winning_moves(pos)) == want
    with pytest.raises(sprague.TooLarge):
        m.winning_moves(pos, max_positions=9)  # 10 options: listing them is over the limit


def test_moore_winning_move_under_a_small_limit_still_wins() -> None:
    """winning_move constructs one winning move without listing the options (Moore's proof)."""
    m = sprague.ruleset("moore", k=2)
    pos = (1, 1, 1, 1)
    w = m.winning_move(pos, max_positions=9)
    assert w is not None and m.apply(pos, w) == w and m.outcome(w, method="search") == "P"
    assert m.winning_move((1, 1, 1)) is None  # three 1s: the column sums to 3 = k + 1, a P-position


def test_turtles_empty_row_round_trips() -> None:
    tt = sprague.ruleset("turning-turtles")
    empty = tt.check_position("")
    assert tt.parse_position(tt.format_position(empty).split()) == empty


class NoMisere(Ruleset):
    """A user's ruleset that declares misère play meaningless (as a loopy game may)."""

    name = "test-no-misere"
    misere_play = False

    def moves(self, position: int) -> list[int]:
        return [position - 1] if position > 0 else []


def test_misere_where_it_has_no_meaning_is_refused_in_one_line() -> None:
    r = sprague.ruleset(NoMisere)
    assert r.outcome(3) == "N"  # normal play unchanged
    for call in (r.outcome, r.grundy, r.winning_moves, r.winning_move, r.evaluate):
        with pytest.raises(sprague.InvalidParameter, match="no misère play.*drop --misere"):
            call(3, misere=True)
    with pytest.raises(sprague.InvalidParameter, match="no misère play"):
        sprague.Sum("nim", r).outcome(((1,), 2), misere=True)
    with pytest.raises(sprague.InvalidParameter, match="True or False"):
        sprague.ruleset("nim").outcome((1,), misere="yes")
