"""``discover(..., misere=True)``: rules fitted to misère play, judged by the naive misère solver.

Every rule a misère discovery reports as holding is checked against
:func:`naive.misere_outcome` / :func:`naive.misere_grundy` (the rules of the game
alone, terminal positions N with g- = 1) on every position of its verification box
and beyond; every refuted rule's counterexample must be a real one there. A misère
rule is also shown to be misère-specific: where misère and normal play differ, the
normal-play rule found on the same box says something else.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import naive
from sprague.discover import Discovery, Rule, compile_rule, discover
from sprague.discover.fit import Job
from sprague.discover.grammar import Node
from sprague.discover.search import Data
from sprague.errors import InvalidParameter
from sprague.rulesets import ruleset


def _naive(moves: naive.Moves, kind: str) -> Callable[[tuple[int, ...]], Any]:
    if kind == "outcome":
        return lambda p: naive.misere_outcome(moves, p) == "P"
    return lambda p: naive.misere_grundy(moves, p)


def _said(rule_python: str, kind: str, p: tuple[int, ...]) -> Any:
    value = compile_rule(rule_python)(p)
    return bool(value) if kind == "outcome" else value


def _judge(found: Discovery, moves: naive.Moves, lo: int, top: int) -> None:
    """Each rule holding agrees with the naive misère solver on every position up to ``top``; each refuted rule's
    counterexample is one."""
    assert found.misere and found.to_json()["misere"] is True
    for rule in found.rules:
        assert rule.misere and rule.to_json()["misere"] is True
        truth = _naive(moves, rule.kind)
        for n in rule.heaps:
            if rule.holds:
                assert rule.python is not None
                for p in itertools.combinations_with_replacement(range(lo, top + 1), n):
                    assert _said(rule.python, rule.kind, p) == truth(p), (rule.text, p)
        for bad in rule.refuted:
            assert _said(bad.python, rule.kind, bad.position) != truth(bad.position), (bad.text, bad.position)


def _differs(misere: Rule, normal: Rule, positions: list[tuple[int, ...]]) -> tuple[int, ...]:
    """A position where the two rules say different things (there must be one)."""
    assert misere.python is not None and normal.python is not None
    for p in positions:
        if _said(misere.python, misere.kind, p) != _said(normal.python, normal.kind, p):
            return p
    raise AssertionError(f"{misere.text!r} and {normal.text!r} agree everywhere")


def _bouton(p: tuple[int, ...]) -> bool:
    """Bouton's misère rule: with a heap of 2 or more, P iff the nim-sum is 0; with every heap at most 1, P iff an
    odd number of heaps of 1."""
    if max(p) >= 2:
        return naive.xor_all(p) == 0
    return sum(p) % 2 == 1


def test_misere_nim_one_heap_both_kinds() -> None:
    found = discover("nim", 1, 12, misere=True, budget=300_000)
    _judge(found, naive.nim_moves, 0, 60)
    outcome, grundy = found.rules
    assert outcome.holds and grundy.holds, found.summary()
    for z in range(200):  # P iff z = 1; g-(z) = z xor 1 for z <= 1, else z
        assert _said(outcome.python, "outcome", (z,)) == (z == 1)
        assert _said(grundy.python, "grundy", (z,)) == (z ^ 1 if z <= 1 else z)
    normal = discover("nim", 1, 12, budget=300_000)
    assert _differs(outcome, normal.rules[0], [(z,) for z in range(3)]) == (0,)
    summary = found.summary()
    assert summary.startswith("nim (misère play): rules fitted")
    assert "misère P-positions (1 heap): P iff" in summary and "misère Grundy value g- (1 heap): g- =" in summary


def test_misere_bouton_two_heaps() -> None:
    """Misère Nim with two heaps: the rule found is Bouton's misère rule, on far more positions than it saw."""
    found = discover("nim", 2, 8, kinds="outcome", misere=True, budget=1_000_000)
    _judge(found, naive.nim_moves, 0, 20)
    (rule,) = found.rules
    assert rule.holds, found.summary()
    for p in itertools.combinations_with_replacement(range(70), 2):
        assert _said(rule.python, "outcome", p) == _bouton(p), p
    normal = discover("nim", 2, 8, kinds="outcome", budget=1_000_000)
    assert normal.rules[0].holds and not normal.misere
    assert _differs(rule, normal.rules[0], naive.multisets(2, 0, 3)) == (0, 0)


def test_misere_sums_of_a_subtraction_game() -> None:
    """Two heaps of Subtraction({1, 2}) under misère play: a sum valued as a whole, not as a nim-sum of its heaps."""
    moves = naive.subtraction_moves({1, 2})
    found = discover("subtraction", 2, 10, kinds="outcome", misere=True, S="1,2")
    _judge(found, moves, 0, 30)
    (rule,) = found.rules
    assert rule.holds and rule.verify_max == 20 and rule.verified == 231, found.summary()
    normal = discover("subtraction", 2, 10, kinds="outcome", S="1,2")
    assert normal.rules[0].holds
    p = _differs(rule, normal.rules[0], naive.multisets(2, 0, 5))
    assert (naive.misere_outcome(moves, p) == "P") != (naive.outcome(moves, p) == "P")


def test_one_heap_misere_grundy_of_a_subtraction_game() -> None:
    found = discover("subtraction", 1, 20, kinds="grundy", misere=True, budget=1_000_000, S="1,2")
    _judge(found, naive.subtraction_moves({1, 2}), 0, 80)
    assert found.rules[0].holds, found.summary()


def test_a_normal_play_rule_is_refuted_by_misere_verification() -> None:
    """The check of a rule uses misère values: Delete Nim's normal-play P-positions (both heaps even: 000 Lemma 1.7)
    and Nim's (nim-sum 0), offered as misère rules, are refuted with real misère counterexamples -- through the local
    check of a multi-heap ruleset and through the misère table of a one-heap game."""
    even = Node("B", "all", (Node("Q", "even", (Node("H", "x", ()),)),))
    for name, node, moves in [
        ("delete-nim", even, naive.delete_nim_moves),
        ("nim", Node("B", "eq", (Node("I", "nimsum", (Node("H", "x", ()),)), Node("K", "lit", (0,)))), naive.nim_moves),
    ]:
        rules = ruleset(name)
        job = Job(rules, 12, 10_000, 16, 8, None, None, 6, 2_000_000, 2**26, misere=True)
        rule = Rule("outcome", [2], None, None, None, 0, 0, 6, 12, misere=True)
        rows = np.array(naive.multisets(2, 0, 6), dtype=np.int64)
        # data the rule fits (normal play's): only the check on the larger box can tell it is not misère play's
        data = Data([rows], np.array([naive.outcome(moves, tuple(r)) == "P" for r in rows.tolist()]))
        more = job.check(rule, node, data)
        assert not rule.holds and more is not None and rule.refuted, name
        bad = rule.refuted[0]
        assert _said(bad.python, "outcome", bad.position) != (naive.misere_outcome(moves, bad.position) == "P")
        # the same rule under normal play holds on that box
        normal = Job(rules, 12, 10_000, 16, 8, None, None, 6, 2_000_000, 2**26)
        plain = Rule("outcome", [2], None, None, None, 0, 0, 6, 12)
        assert normal.check(plain, node, data) is None and plain.holds, name


def test_misere_is_a_bool() -> None:
    with pytest.raises(InvalidParameter, match="misere='yes'"):
        discover("nim", 1, 5, misere="yes")  # type: ignore[arg-type]


def test_json_says_the_play() -> None:
    data = discover("nim", 1, 6, kinds="outcome", misere=True, budget=100_000).to_json()
    assert data["misere"] is True and data["rules"][0]["misere"] is True
    plain = discover("nim", 1, 6, kinds="outcome", budget=100_000).to_json()
    assert plain["misere"] is False and plain["rules"][0]["misere"] is False


# ---------------------------------------------------------------- slow: the seed papers' games in misère play
@pytest.mark.slow
def test_misere_cyclic_nimhoff_outcome() -> None:
    moves = naive.gcn_moves(3, [lambda s: True] * 2)
    found = discover("cyclic-nimhoff", 2, 9, kinds="outcome", misere=True, budget=1_000_000, h=3)
    _judge(found, moves, 0, 24)
    assert found.rules[0].holds, found.summary()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "moves", "lo"),
    [("delete-nim", naive.delete_nim_moves, 0), ("single-delete", naive.single_delete_moves, 1)],
)
def test_misere_delete_nim_outcome(name: str, moves: naive.Moves, lo: int) -> None:
    """Delete Nim and Single-delete Nim (two heaps: Variant Delete Nim) under misère play, default budget."""
    found = discover(name, 2, 12, kinds="outcome", misere=True)
    _judge(found, moves, lo, 30)
    (rule,) = found.rules
    assert rule.holds, found.summary()
    normal = discover(name, 2, 12, kinds="outcome")
    _differs(rule, normal.rules[0], naive.multisets(2, lo, 6))


@pytest.mark.slow
def test_misere_nim_three_heaps_grundy() -> None:
    """Misère Nim's g- on three heaps: the nim-sum, xor 1 when every heap is at most 1."""
    found = discover("nim", 3, 6, kinds="grundy", misere=True, budget=1_000_000)
    _judge(found, naive.nim_moves, 0, 14)
    (rule,) = found.rules
    assert rule.holds, found.summary()
    for p in itertools.combinations_with_replacement(range(20), 3):
        assert _said(rule.python, "grundy", p) == naive.xor_all(p) ^ (max(p) <= 1)
