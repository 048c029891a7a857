"""One conformance test over the whole registry (after OpenSpiel's games_sim_test).

Every ruleset class in ``sprague.REGISTRY`` is built with a sensible parameter
for each of its ``parameters`` and played from its ``example`` tokens. For each
position within two moves of the example we check parsing and formatting, that
moves are deterministic and legal, that terminal positions are P with value 0,
that the closed form (where one applies) agrees with brute-force search, that
winning moves are exactly the options that are P by search, and that
``evaluate`` agrees with ``grundy``. A disjunctive ``Sum`` goes through the same
checks. User-defined rulesets, error messages and source citations follow.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest

import naive
import sprague
from sprague import Ruleset, SpragueError, TooLarge
from sprague.core.move import Move
from sprague.testing import (
    check_evaluate,
    check_moves,
    check_terminal,
    check_values_by_brute_force,
    check_winning_moves,
    first_option_walk,
    within_two_moves,
)

CLASSES: list[type[Ruleset]] = list(sprague.REGISTRY)
IDS = [cls.name for cls in CLASSES]


def param_value(cls: type[Ruleset], p: sprague.Param) -> Any:
    """The parameter's own example value: every parameter must declare one."""
    assert p.example is not None, f"{cls.__name__}: parameter {p.name} declares no example value"
    return p.example


def build(cls: type[Ruleset]) -> Ruleset:
    return sprague.ruleset(cls, **{p.name: param_value(cls, p) for p in cls.parameters})


def closed_or_none(method: Any, pos: Any) -> Any:
    """``method(pos, method="closed")``, or None when the ruleset says no closed form applies."""
    try:
        return method(pos, method="closed")
    except TooLarge:
        raise
    except SpragueError as exc:
        assert isinstance(exc, sprague.NoClosedForm) and "no closed form" in str(exc), exc
        return None


# ------------------------------------------------------------------ the checks
def check_parse_and_format(r: Ruleset, tokens: Iterable[str]) -> None:
    start = r.parse_position(list(tokens))
    hash(start)
    assert r.check_position(start) == start
    for pos in within_two_moves(r, start):
        text = r.format_position(pos)
        assert isinstance(text, str) and text
        assert r.parse_position(text.split()) == pos, f"{text!r} does not parse back to {pos!r}"


def check_closed_equals_search(r: Ruleset, start: Any, closed_applies: bool = True) -> None:
    """Closed forms agree with search near ``start``; a ruleset naming one must apply it somewhere there,
    unless ``closed_applies`` is False (a sum with a component whose values only search gives), where
    ``method="closed"`` must refuse everywhere rather than search."""
    applied = 0
    for pos in within_two_moves(r, start):
        g_search = r.grundy(pos, method="search")
        o_search = r.outcome(pos, method="search")
        assert o_search == sprague.loopy_outcome(g_search)
        assert r.grundy(pos) == g_search, f"auto grundy of {pos!r}"
        assert r.outcome(pos) == o_search, f"auto outcome of {pos!r}"
        g_closed = closed_or_none(r.grundy, pos)
        o_closed = closed_or_none(r.outcome, pos)
        if g_closed is not None:
            assert g_closed == g_search, f"closed-form grundy of {pos!r}"
            assert o_closed is not None
        if o_closed is not None:
            assert o_closed == o_search, f"closed-form outcome of {pos!r}"
            applied += 1
    if not closed_applies:
        assert applied == 0, f"{r!r}: method 'closed' answered where a component needs search"
    elif r.closed_form is not None:
        assert applied, f"{r!r} names a closed form ({r.closed_form}) but it applied nowhere near {start!r}"


# ---------------------------------------------------------- over the registry
def at_example(cls: type[Ruleset]) -> tuple[Ruleset, Any]:
    """A fresh instance of ``cls`` and its example position."""
    r = build(cls)
    return r, r.parse_position(list(cls.example))


@pytest.mark.parametrize("cls", CLASSES, ids=IDS)
class TestRegistry:
    def test_metadata(self, cls: type[Ruleset]) -> None:
        assert cls.name and cls.name == cls.name.lower()
        assert cls.example, f"{cls.__name__} has no example position"
        assert isinstance(cls.source, str) and cls.source.strip() and cls.source != "user-defined"
        assert sprague.find_ruleset(cls.name) is cls
        for alias in cls.aliases:
            assert sprague.find_ruleset(alias) is cls
        for p in cls.parameters:
            assert p.kind in ("set", "int", "vectors", "subsets", "str", "rule", "custom") and p.doc
            assert p.kind != "custom" or p.reader is not None

    def test_parse_and_format_round_trip(self, cls: type[Ruleset]) -> None:
        check_parse_and_format(build(cls), cls.example)

    def test_every_move_as_printed_parses_back(self, cls: type[Ruleset]) -> None:
        """``sprague moves`` prints each move in the ruleset's words; Move.parse reads them back."""
        r, start = at_example(cls)
        for pos in within_two_moves(r, start)[:12]:
            for option in r.options(pos):
                move = Move(r, pos, option)
                again = Move.parse(r, pos, str(move))
                assert r.canonical(again.option) == r.canonical(option), (pos, str(move), again.option)
                assert Move.parse(r, pos, r.format_position(option)).option == again.option or \
                    r.canonical(Move.parse(r, pos, r.format_position(option)).option) == r.canonical(option)

    def test_random_positions_are_positions_and_repeat_with_the_seed(self, cls: type[Ruleset]) -> None:
        r = build(cls)
        drawn = [r.random_position(random.Random(seed)) for seed in range(20)]
        assert all(p is not None and r.check_position(p) == p for p in drawn)
        assert all(r.parse_position(r.format_position(p).split()) == p for p in drawn)  # as the page types it
        assert drawn == [r.random_position(random.Random(seed)) for seed in range(20)]
        assert len(set(drawn)) > 1, f"{cls.__name__}: 20 seeds drew one position"

    def test_repr_round_trips(self, cls: type[Ruleset]) -> None:
        r = build(cls)
        again = eval(repr(r), {"sprague": sprague})
        assert again == r and hash(again) == hash(r)
        assert type(again) is cls and repr(again) == repr(r)

    def test_moves_deterministic_and_legal(self, cls: type[Ruleset]) -> None:
        check_moves(*at_example(cls))

    def test_terminal_positions(self, cls: type[Ruleset]) -> None:
        check_terminal(*at_example(cls))

    def test_closed_form_equals_search(self, cls: type[Ruleset]) -> None:
        r, start = at_example(cls)
        check_closed_equals_search(r, start)
        # a fresh instance (no memo, no cached sequence) gives the same values
        fresh, start = at_example(cls)
        assert fresh.grundy(start) == r.grundy(start, method="search")

    def test_winning_moves_are_the_p_options(self, cls: type[Ruleset]) -> None:
        check_winning_moves(*at_example(cls))

    def test_values_agree_with_the_brute_force_shipped_in_sprague_testing(self, cls: type[Ruleset]) -> None:
        """The mex recursion (P/N/D labelling for loopy games) of :mod:`sprague.testing` over the whole game
        graph of the example, sharing no code with sprague's solvers."""
        assert check_values_by_brute_force(*at_example(cls)) > 1

    def test_evaluate_matches_grundy(self, cls: type[Ruleset]) -> None:
        check_evaluate(*at_example(cls))

    def test_loopy_outcomes_are_those_of_the_independent_solver(self, cls: type[Ruleset]) -> None:
        """A loopy ruleset's outcomes (auto and search) on the whole graph of its example, and of random
        positions, against tests/naive.py's P/N/D solver written from the definitions."""
        r = build(cls)
        if not r.loopy:
            return
        starts = [r.parse_position(list(cls.example))] + [r.random_position(random.Random(s)) for s in range(5)]
        met = set()
        for start in starts:
            graph, order = naive.game_graph(naive_moves(r), start, 20_000)
            want = naive.loopy_outcomes(graph)
            assert [r.outcome(pos) for pos in order] == want
            assert [r.outcome(pos, method="search") for pos in order] == want
            met.update(want)
        assert met == {"P", "N", "D"}, f"{cls.__name__}'s example graphs should show every outcome"

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


def _normalise(text: str) -> str:
    return " ".join(text.replace("*", "").replace("&", "and").lower().split())


# ------------------------------------------------------------- a sum of games
SUMS = {  # name: (the sum, a position, whether every component has a closed form for its Grundy value)
    "sub125+sub41012": (lambda: sprague.Sum(sprague.ruleset("subtraction", S={1, 2, 5}),
                                            sprague.ruleset("subtraction", S={4, 10, 12})), ("7", "+", "13"), True),
    "nim+turtles": (lambda: sprague.Sum("nim", "turning-turtles"), ("3", "2", "+", "THTH"), True),
    # Wythoff's theorem gives outcomes only: its values, and so the sum's, need search
    "nim+wythoff+turtles": (lambda: sprague.Sum("nim", "wythoff", "turning-turtles"),
                            ("3", "2", "+", "2", "3", "+", "THTH"), False),
}


@pytest.mark.parametrize("name", list(SUMS))
def test_sum_conformance(name: str) -> None:
    make, tokens, closed_applies = SUMS[name]
    r = make()
    check_parse_and_format(r, tokens)
    start = r.parse_position(list(tokens))
    assert eval(repr(r), {"sprague": sprague}) == r
    check_moves(r, start)
    check_terminal(r, start)
    check_closed_equals_search(r, start, closed_applies)
    check_winning_moves(r, start)
    check_evaluate(r, start)


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
    [("subtracton", "subtraction"), ("wythof", "wythoff"), ("grundy-game", "grundys-game"),
     ("hackenbsh", "hackenbush")],
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


# ------------------------------------------------------------------ misère play
def naive_moves(r: Ruleset) -> Any:
    """The ruleset's own moves as a move function for tests/naive.py's independent misère solver; positions
    with one canonical key (heaps reordered) are given as one representative, so the naive memo shares them."""
    rep: dict[Any, Any] = {}
    return lambda pos: [rep.setdefault(r.canonical(o), o) for o in dict.fromkeys(r.moves(pos))]


def check_misere(r: Ruleset, start: Any) -> int:
    """Misère search, closed forms and the ruleset's own algorithms against tests/naive.py's misère solver,
    written from the rule alone, near ``start``; the number of positions a closed form answered."""
    moves, applied = naive_moves(r), 0
    for pos in within_two_moves(r, start):
        want, want_g = naive.misere_outcome(moves, pos), naive.misere_grundy(moves, pos)
        assert r.outcome(pos, method="search", misere=True) == want, f"misère search outcome of {pos!r}"
        assert r.grundy(pos, method="search", misere=True) == want_g, f"misère search g- of {pos!r}"
        assert r.outcome(pos, misere=True) == want, f"misère auto outcome of {pos!r}"
        assert r.grundy(pos, misere=True) == want_g, f"misère auto g- of {pos!r}"
        closed = r.misere_closed_outcome(pos)
        if closed is not None:
            assert closed == want, f"misère closed form of {pos!r}"
            assert r.outcome(pos, method="closed", misere=True) == want
            applied += 1
        wins = {r.canonical(o) for o in naive.misere_p_options(moves, pos)}
        for method in ("auto", "search"):
            got = r.winning_moves(pos, method=method, misere=True)
            assert {r.canonical(o) for o in got} == wins, f"misère winning_moves({pos!r}, {method})"
            one = r.winning_move(pos, method=method, misere=True)
            assert (one is None) == (not wins) and (one is None or r.canonical(one) in wins)
        ev = r.evaluate(pos, misere=True)
        assert (ev.outcome, ev.grundy, ev.misere) == (want, want_g, True), ev
        # misère and normal play differ only where the game is nearly over: the terminal position flips
        if not r.options(pos):
            assert (want, want_g, wins) == ("N", 1, set())
    return applied


@pytest.mark.parametrize("cls", CLASSES, ids=IDS)
def test_misere_play_equals_the_independent_solver(cls: type[Ruleset]) -> None:
    r, start = at_example(cls)
    if not r.misere_play:  # a loopy game: play need not end, so no player surely makes the last move
        with pytest.raises(sprague.InvalidParameter, match="no misère play"):
            r.outcome(start, misere=True)
        return
    applied = check_misere(r, start)
    if any(getattr(cls, hook) is not getattr(Ruleset, hook) for hook in ("misere_closed_outcome",
                                                                         "misere_closed_grundy")):
        assert applied, f"{cls.__name__} has a misère closed form, but it applied nowhere near {start!r}"
    end = first_option_walk(r, start)[-1]
    check_misere(r, end)  # the terminal position: misère N, g- = 1, no winning move


@pytest.mark.parametrize("name", list(SUMS))
def test_sum_misere_play_equals_the_independent_solver(name: str) -> None:
    """No nim-sum rule under misère play: the sum is searched as a whole, against the naive solver."""
    make, tokens, _ = SUMS[name]
    r = make()
    assert check_misere(r, r.parse_position(list(tokens))) == 0


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
