"""sprague.testing.check_ruleset, the conformance checks shipped for plugin authors: it passes on sprague's own
rulesets (short and loopy) and catches each kind of mistake a plugin author makes, naming the check."""

from __future__ import annotations

import pytest

import sprague
from sprague import HeapRuleset, Ruleset
from sprague.testing import CHECKS, RulesetCheckFailed, check_ruleset


@pytest.mark.parametrize("name", ["nim", "kayles", "wythoff", "turning-turtles", "fair-shares", "digraph"])
def test_sprague_own_rulesets_pass(name: str) -> None:
    report = check_ruleset(sprague.find_ruleset(name))
    assert report.ok and report.positions > 1 and "values by brute force" in report.checks
    if sprague.find_ruleset(name).loopy:  # the checks that need short games are left out for loopy ones
        assert "winning moves" not in report.checks
    else:
        assert report.checks == list(CHECKS)


class Halving(HeapRuleset):
    """Take at least one token and at most half of one heap."""

    name, source, example = "test-halving", "-- a test of sprague.testing", ("9", "4")

    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        return [(n - k,) for k in range(1, n // 2 + 1)]


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


class SecretlyLoopy(Ruleset):
    """Moves go round a cycle, but the class says it is a short game."""

    name, source, example = "test-secretly-loopy", "-- a test of sprague.testing", ("0",)

    def parse_position(self, tokens: list[str]) -> int:
        return sprague.core.parsing.parse_int(tokens[0], "position")

    def moves(self, position: int) -> list[int]:
        return [3, (position + 1) % 3] if position < 3 else []


def test_a_correct_plugin_game_passes_and_reports_what_was_checked() -> None:
    report = check_ruleset(Halving)
    assert report.checks == list(CHECKS) and report.positions == 18
    assert "10 checks passed on 18 positions" in str(report)


@pytest.mark.parametrize("cls, check, words", [
    (WrongClosedForm, "values by brute force", "the mex recursion gives"),
    (PrintedWrong, "parse and format", "which does not parse"),
    (NoSource, "metadata", "names no source"),
    (SecretlyLoopy, "values by brute force", "has a cycle"),
])
def test_each_mistake_is_caught_and_named(cls: type[Ruleset], check: str, words: str) -> None:
    with pytest.raises(RulesetCheckFailed, match=words) as caught:
        check_ruleset(cls)
    assert str(caught.value).startswith(f"{cls.name}: {check}: ")
    assert isinstance(caught.value, AssertionError)  # a failed check fails the plugin author's test


def test_positions_can_be_given_and_are_checked() -> None:
    assert check_ruleset(Halving, positions=[(3,), (2, 2)]).positions < 18
    with pytest.raises(ValueError):
        check_ruleset(Halving, positions=[(-1,)])
