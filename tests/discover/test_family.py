"""``discover`` on families of board and graph positions (``family=``, ``--family``): the published theorems
rediscovered from data, each rule found compared with brute force on a box larger than the one it was fitted on.

Sources of the statements tested:

* two-row Chomp: P iff the rows are ``a = b + 1`` (Gale, "A curious Nim-type game", Amer. Math. Monthly 81,
  1974; Zeilberger, "Three-rowed CHOMP", Adv. Appl. Math. 26, 2001, the two-rowed case);
* Node Kayles on ``K_m,n``: 0 if m and n are both even, 1 if both odd, 2 otherwise (the mex of the two
  sides' parities; derived in the module docstring of :mod:`sprague.rulesets.node_kayles`);
* Node Kayles on the path ``P_n`` is Dawson's chess, octal 0.137 (OEIS A002187; Guy and Smith, "The G-values
  of various games", Proc. Cambridge Philos. Soc. 52, 1956): "has period 34 with the only exceptions at
  n = 0, 14, 16, 17, 31, 34 and 51" (A002187, FORMULA);
* Cram: the second player wins every even x even board and the first player every even x odd one
  (Winning Ways, ch. 22; Gardner 1974).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import pytest

import sprague
from sprague.cli.run import main
from sprague.discover import discover, evaluate
from sprague.errors import InvalidParameter


def _rule(found, kind):
    (rule,) = [r for r in found.rules if r.kind == kind]
    return rule


@cache
def _path(n: int) -> int:
    """Node Kayles on the path of ``n`` vertices by an independent search: picking vertex ``i`` removes
    ``i - 1, i, i + 1`` and leaves paths of ``i - 2`` and ``n - i - 1`` vertices."""
    seen = {_path(max(0, i - 2)) ^ _path(max(0, n - i - 1)) for i in range(1, n + 1)}
    return next(g for g in range(n + 2) if g not in seen)


def test_two_row_chomp_rediscovered_and_checked_by_brute_force() -> None:
    found = discover("chomp", family="rows", heaps=2, max_heap=8, kinds="outcome")
    rule = _rule(found, "outcome")
    assert rule.holds and rule.verified > 0 and rule.family == "rows"
    chomp = sprague.ruleset("chomp")
    for a in range(1, 19):  # past the fit (8) and the check (16)
        for b in range(1, a + 1):
            searched = chomp.outcome(chomp.check_position((a, b)), method="search") == "P"
            assert bool(evaluate(rule.python, (a, b))) == searched, (a, b)
            assert searched == (a == b + 1), (a, b)  # Gale 1974; Zeilberger 2001: P iff a = b + 1


def test_two_row_chomp_grundy_rule_if_any_is_brute_force() -> None:
    found = discover("chomp", family="rows", heaps=2, max_heap=8, kinds="grundy", budget=50_000, rounds=2)
    rule = _rule(found, "grundy")
    if rule.found:  # none is known; whatever is found must agree with search past the check box
        chomp = sprague.ruleset("chomp")
        for a in range(1, 19):
            for b in range(1, a + 1):
                assert evaluate(rule.python, (a, b)) == chomp.grundy(chomp.check_position((a, b)), method="search")
    else:
        assert not rule.holds and rule.stopped


def test_node_kayles_complete_bipartite_closed_form_rediscovered() -> None:
    found = discover("node-kayles", family="bipartite", max_heap=4)
    nk = sprague.ruleset("node-kayles")
    outcome, grundy = _rule(found, "outcome"), _rule(found, "grundy")
    assert outcome.holds and grundy.holds and found.verify_max == 8
    for m in range(1, 8):  # past the fit (4)
        for n in range(m, 8):
            value = nk.grundy(nk.parse_position([f"K{m},{n}"]), method="search")
            assert evaluate(grundy.python, (m, n)) == value, (m, n)
            assert bool(evaluate(outcome.python, (m, n))) == (value == 0), (m, n)
            assert value == (2 if m % 2 != n % 2 else m % 2), (m, n)  # both even 0, both odd 1


def test_node_kayles_path_is_dawsons_chess_period_34() -> None:
    found = discover("node-kayles", family="path", max_heap=200, verify_max=400, budget=100_000)
    grundy, outcome = _rule(found, "grundy"), _rule(found, "outcome")
    assert grundy.holds and outcome.holds and grundy.how.startswith("period")
    lo, start, period, _values = grundy.node.args
    assert (period, lo + start) == (34, 52)  # A002187: period 34, the last exception at n = 51
    nk = sprague.ruleset("node-kayles")
    for n in range(1, 13):  # the independent search is the ruleset's own search on small paths
        assert _path(n) == nk.grundy(nk.parse_position([f"P{n}"]), method="search")
    for n in range(1, 601):  # past the check box (400)
        assert evaluate(grundy.python, (n,)) == _path(n), n
        assert bool(evaluate(outcome.python, (n,))) == (_path(n) == 0), n
    exceptions = [n for n in range(0, 200) if _path(n) != _path(n + 34 * 10)]  # against the periodic part
    assert exceptions == [0, 14, 16, 17, 31, 34, 51]  # A002187, FORMULA


def test_arc_kayles_complete_bipartite_rule_is_brute_force() -> None:
    """Every move of Arc Kayles on K_m,n leaves K_m-1,n-1: the rule found must be min(m, n) mod 2."""
    found = discover("arc-kayles", family="bipartite", max_heap=3, verify_max=5, kinds="grundy")
    rule = _rule(found, "grundy")
    assert rule.holds
    ak = sprague.ruleset("arc-kayles")
    for m in range(1, 6):
        for n in range(m, 6):
            value = ak.grundy(ak.parse_position([f"K{m},{n}"]), method="search")
            assert evaluate(rule.python, (m, n)) == value == m % 2, (m, n)


def test_cram_rectangles_agree_with_the_symmetry_theorems() -> None:
    found = discover("cram", family="rect", kinds="outcome")
    rule = _rule(found, "outcome")
    assert rule.holds and (found.max_heap, found.verify_max) == (4, 6)
    cram = sprague.ruleset("cram")
    for m in range(1, 5):
        for n in range(m, 5):
            searched = cram.outcome(cram.check_position(f"{m}x{n}"), method="search") == "P"
            assert bool(evaluate(rule.python, (m, n))) == searched, (m, n)
    for m in range(2, 13, 2):  # Winning Ways ch. 22: even x even is P, even x odd is N
        for n in range(1, 13):
            assert bool(evaluate(rule.python, (m, n))) == (n % 2 == 0), (m, n)


def test_refused_families_name_what_exists() -> None:
    with pytest.raises(InvalidParameter, match="its families: path .*bipartite"):
        discover("node-kayles", family="grid")
    with pytest.raises(InvalidParameter, match="declares no families"):
        discover("nim", family="rows")
    with pytest.raises(InvalidParameter, match="takes 2 or 3 parameters"):
        discover("chomp", family="rows", heaps=4)
    with pytest.raises(InvalidParameter, match="not above"):
        discover("chomp", family="rows", max_heap=6, verify_max=6)
    assert sprague.ruleset("nim").families() == {}


def test_cli_family(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["discover", "node-kayles", "--family", "bipartite", "--kind", "outcome", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0
    assert "family bipartite" in out and "P iff every i: z_i even" in out
    assert main(["discover", "arc-kayles", "--family", "nope", "--quiet"]) == 2
    assert "its families: path" in capsys.readouterr().err


def test_arc_kayles_families_build_their_graphs() -> None:
    ak = sprague.ruleset("arc-kayles")
    families = ak.families()
    assert set(families) == {"path", "cycle", "star", "complete", "bipartite"}
    assert families["bipartite"].build(2, 3) == ak.parse_position(["K2,3"])
    assert families["cycle"].least == 3


def test_two_and_three_rows_at_once_each_rule_found_is_brute_force() -> None:
    found = discover("chomp", family="rows", heaps=[2, 3], max_heap=5, kinds="outcome", budget=100_000, rounds=2)
    assert [r.heaps for r in found.rules] == [[2, 3], [2], [3]]
    assert found.rules[1].holds
    chomp = sprague.ruleset("chomp")
    for rule in found.rules:
        if not rule.found:
            assert not rule.holds and rule.stopped
            continue
        for k in rule.heaps:
            for z in combinations_with_replacement(range(1, 9), k):
                searched = chomp.outcome(chomp.check_position(tuple(sorted(z, reverse=True))), method="search")
                assert bool(evaluate(rule.python, z)) == (searched == "P"), (rule.text, z)


def test_misere_family_rule_is_brute_force() -> None:
    found = discover("chomp", family="rows", max_heap=6, kinds="outcome", misere=True)
    (rule,) = found.rules
    assert rule.holds and rule.misere
    chomp = sprague.ruleset("chomp")
    for a in range(1, 15):
        for b in range(1, a + 1):
            searched = chomp.outcome(chomp.check_position((a, b)), method="search", misere=True)
            assert bool(evaluate(rule.python, (a, b))) == (searched == "P"), (a, b)
