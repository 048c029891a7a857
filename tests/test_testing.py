"""sprague.testing.check_ruleset, the conformance checks shipped for plugin authors: it passes on sprague's own
rulesets (short and loopy), catches each kind of mistake a plugin author makes, naming the ruleset, the check and
the position, and its brute force agrees with tests/naive.py (written apart from it) and with the definitions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import naive
import sprague
from sprague import HeapRuleset, LoopyRuleset, Param, Ruleset
from sprague.core.loopy import Infinite
from sprague.testing import (
    CHECKS,
    RulesetCheckFailed,
    check_ruleset,
    game_graph,
    mex_values,
    misere_values,
    pnd_outcomes,
    smith_values,
)


@pytest.mark.parametrize("name", ["nim", "kayles", "wythoff", "turning-turtles", "fair-shares", "digraph"])
def test_sprague_own_rulesets_pass_every_check(name: str) -> None:
    report = check_ruleset(name)
    assert report.ok and report.positions > 1 and report.checks == list(CHECKS) and not report.skipped
    assert report.outcomes == ({"P", "N", "D"} if sprague.find_ruleset(name).loopy else {"P", "N"})


class Halving(HeapRuleset):
    """Take at least one token and at most half of one heap."""

    name, source, example = "test-halving", "-- a test of sprague.testing", ("9", "4")

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        return [(n - k,) for k in range(1, n // 2 + 1)]


def test_a_correct_plugin_game_passes_and_reports_what_was_checked() -> None:
    report = check_ruleset(Halving)
    assert report.checks == [c for c in CHECKS if c != "repr round trip"] and report.positions == 18
    assert report.skipped == {
        "repr round trip": "test-halving is not registered, so sprague.ruleset cannot find it by name"
    }
    assert str(report).startswith("test-halving: 13 checks passed on 18 positions near 1 start (metadata, ")
    sprague.register(Halving)
    try:  # registered, its repr round-trips too
        assert check_ruleset(Halving).checks == list(CHECKS)
    finally:
        sprague.REGISTRY.remove(Halving)


# ------------------------------------------------------------------ a plugin author's mistakes
class WrongClosedForm(Halving):
    """As Halving, with a closed form that is wrong for heaps of 4 and more."""

    name = "test-wrong-closed"

    def heap_grundy_closed(self, n: int) -> int | None:
        return n % 2  # right for n < 4 only


class PrintedWrong(Halving):
    """As Halving, printing a position in words that parse_position does not read."""

    name = "test-printed-wrong"

    def format_position(self, position: tuple[int, ...]) -> str:
        return "heaps " + " ".join(map(str, position))


class NoSource(Halving):
    """As Halving, without saying where it comes from."""

    name, source = "test-no-source", ""


class BadName(Halving):
    """As Halving, with a name sprague.ruleset cannot find (it reads names lower case, '-' for '_')."""

    name = "Test_Halving"


class TakenName(Halving):
    """As Halving, under the name of a built-in game."""

    name = "kayles"


class Undocumented(Halving):
    """As Halving, with a parameter nobody explained."""

    name = "test-undocumented"
    parameters = (Param("k", "int", "", default=1, example="2"),)


class SecretlyLoopy(Ruleset):
    """Moves go round a cycle, but the class says it is a short game."""

    name, source, example = "test-secretly-loopy", "-- a test of sprague.testing", ("0",)

    def moves(self, position: int) -> list[int]:
        return [3, (position + 1) % 3] if position < 3 else []


class Moody(Ruleset):
    """A counter lowered by 1 or 2, listing its options in an order that changes from call to call."""

    name, source, example = "test-moody", "-- a test of sprague.testing", ("5",)
    calls = 0

    def moves(self, n: int) -> list[int]:
        Moody.calls += 1
        opts = [n - k for k in (1, 2) if n >= k]
        return opts[::-1] if Moody.calls % 2 else opts


class Crashing(Halving):
    """As Halving, with a closed form that crashes on heaps of 7."""

    name = "test-crashing"

    def heap_grundy_closed(self, n: int) -> int | None:
        return None if n != 7 else 1 // 0


class WrongMisere(Halving):
    """As Halving, with a misère closed form copied from Nim's (wrong here: a heap of 1 is dead)."""

    name = "test-wrong-misere"

    def misere_closed_outcome(self, position: tuple[int, ...]) -> str | None:
        big, s = any(h > 1 for h in position), 0
        for h in position:
            s ^= h
        return ("P" if s == 0 else "N") if big else ("P" if s == 1 else "N")


class WrongBoard(Ruleset):
    """A counter said to be drawn as heaps, whose JSON form is a bare number."""

    name, source, example, board = "test-wrong-board", "-- a test of sprague.testing", ("5",), "heaps"

    def moves(self, position: int) -> list[int]:
        return [position - k for k in (1, 2) if position >= k]


class LoopyWrongClosed(LoopyRuleset):
    """A counter lowered by 1, from 2 and 3 also raised by 1 (the LoopyRuleset example), with a closed form
    that calls every position of 2 or more a draw: 2 is one, but 1 is N."""

    name, source, example = "test-loopy-wrong", "-- a test of sprague.testing", ("4",)

    def moves(self, n: int) -> list[int]:
        return ([n - 1] if n else []) + ([n + 1] if n in (2, 3) else [])

    def closed_outcome(self, n: int) -> str | None:
        return "D" if n >= 1 else None


@pytest.mark.parametrize(
    "cls, check, words",
    [
        (WrongClosedForm, "values by brute force", "the Grundy value of (9, 4) is 1, the mex recursion gives 0"),
        (PrintedWrong, "parse and format", "which does not parse"),
        (NoSource, "metadata", "names no source"),
        (BadName, "metadata", "should be lower case with '-' between words ('test-halving')"),
        (TakenName, "metadata", "the name 'kayles' is taken by sprague.rulesets.catalogue.Kayles"),
        (Undocumented, "metadata", "parameter 'k' has no doc"),
        (SecretlyLoopy, "values by brute force", "has a cycle, but the ruleset says it is short"),
        (Moody, "moves", "differ from one call to the next"),
        (Crashing, "values by brute force", "ZeroDivisionError"),
        (WrongMisere, "misère play", "the misère mex recursion gives"),
        (WrongBoard, "parse and format", "board 'heaps' draws a list"),
        (LoopyWrongClosed, "values by brute force", "the P/N/D labelling gives N"),
    ],
    ids=lambda v: v.name if isinstance(v, type) else None,
)
def test_each_mistake_is_caught_and_named(cls: type[Ruleset], check: str, words: str) -> None:
    with pytest.raises(RulesetCheckFailed, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
        check_ruleset(cls)
    assert str(caught.value).startswith(f"{cls.name}: {check}: ")
    assert isinstance(caught.value, AssertionError)  # a failed check fails the plugin author's test


def test_positions_texts_parameters_and_the_size_bound_can_be_given() -> None:
    assert check_ruleset(Halving, positions=[(3,), (2, 2)]).positions < 18
    report = check_ruleset(Halving, texts=["3", ("2", "2")])
    assert report.starts == 2 and report.positions == check_ruleset(Halving, positions=[(3,), (2, 2)]).positions
    with pytest.raises(sprague.InvalidPosition):
        check_ruleset(Halving, positions=[(-1,)])
    assert check_ruleset("subtraction", params={"S": "1,3"}, texts=["12"]).ruleset == "subtraction"
    with pytest.raises(
        RulesetCheckFailed,
        match=r"more than 50 positions, too many for the brute force; give "
        r"smaller positions",
    ):
        check_ruleset("nim", texts=["5 6 7"], max_positions=50)
    assert check_ruleset(Halving, checks=["moves"]).checks == ["moves"]
    with pytest.raises(ValueError, match="unknown check 'speed'"):
        check_ruleset(Halving, checks=["speed"])


def test_a_sum_of_rulesets_is_checked_as_one_ruleset() -> None:
    report = check_ruleset(
        sprague.Sum("nim", "kayles"),
        texts=["3 + 4"],
        checks=[c for c in CHECKS if c not in ("metadata", "repr round trip")],
    )
    assert report.starts == 1 and "misère play" in report.checks


# ------------------------------------------------------------------ the brute force itself
def _random_graph(rng: random.Random, n: int, acyclic: bool) -> list[list[int]]:
    return [
        sorted(
            rng.sample(range(v + 1, n) if acyclic else range(n), rng.randint(0, min(3, n - v - 1 if acyclic else n)))
        )
        for v in range(n)
    ]


@pytest.mark.parametrize("seed", range(40))
def test_the_brute_force_agrees_with_tests_naive(seed: int) -> None:
    """The mex recursions and the retrograde P/N/D labelling of sprague.testing against tests/naive.py (its
    memoised recursions and its iterate-until-nothing-changes labelling), on random game graphs."""
    rng = random.Random(seed)
    dag = _random_graph(rng, rng.randint(1, 30), acyclic=True)
    moves = dag.__getitem__
    assert mex_values(dag) == [naive.grundy(moves, v) for v in range(len(dag))]
    assert misere_values(dag) == [naive.misere_grundy(moves, v) for v in range(len(dag))]
    loopy = _random_graph(rng, rng.randint(1, 30), acyclic=False)
    assert pnd_outcomes(loopy) == naive.loopy_outcomes(loopy)
    left = set(range(len(loopy)))  # peel off the vertices whose options are all peeled: a cycle is what stays
    while any(not set(loopy[v]) & left for v in left):
        left -= {v for v in left if not set(loopy[v]) & left}
    values = mex_values(loopy)
    assert (values is None) == bool(left)
    assert values is None or values == [naive.grundy(loopy.__getitem__, v) for v in range(len(loopy))]


@pytest.mark.parametrize("seed", range(40))
def test_smith_labelling_satisfies_the_definition_of_gamma(seed: int) -> None:
    """Each finite gamma(u) = m: no option has value m, every option of larger or infinite value has an option
    of value m, and every value below m is an option's; each infinite value ∞(K) lists its options' finite
    values, and some option is infinite without mex(K) among its own (so u cannot be given mex(K)); the outcomes
    it gives are the P/N/D labelling's."""
    rng = random.Random(seed)
    out = _random_graph(rng, rng.randint(1, 25), acyclic=False)
    gamma = smith_values(out)
    for u, g in enumerate(gamma):
        opts = [gamma[v] for v in out[u]]
        finite = {x for x in opts if not isinstance(x, Infinite)}
        if isinstance(g, Infinite):
            assert g.K == frozenset(finite)
            m = naive.mex(finite)
            assert any(isinstance(gamma[v], Infinite) and m not in gamma[v].K for v in out[u])
        else:
            assert g not in opts and set(range(g)) <= finite
            for v in out[u]:
                if isinstance(gamma[v], Infinite) or gamma[v] > g:
                    assert any(gamma[w] == g for w in out[v])
    outcome = {True: "N", False: "D"}
    assert [
        ("P" if g == 0 else "N") if not isinstance(g, Infinite) else outcome[0 in g.K] for g in gamma
    ] == pnd_outcomes(out)


def test_smith_labelling_of_the_loopy_ruleset_example() -> None:
    """sprague.LoopyRuleset's example: a counter lowered by 1, raised by 1 from 2 and 3."""
    r = LoopyWrongClosed()
    g = game_graph(r, [4])
    gamma = smith_values(g.out)
    want: dict[int, Any] = {0: 0, 1: 1, 2: Infinite(frozenset({1})), 3: Infinite(frozenset()), 4: Infinite(frozenset())}
    assert {pos: gamma[g.vertex(r, pos)] for pos in g.order} == want
