"""Rules apart from the algorithms: the hooks in core, the algorithms functions in solve, nothing installed on import.

``sprague.core.ruleset.Rules`` declares the hooks; ``sprague.Ruleset`` (``sprague.solve.ruleset``) adds the public
methods as one-line calls of ``sprague.solve``; a heap ruleset's misère algorithms are functions of
``sprague.solve.misere`` with their memo in a ``MisereState``; everything the algorithms learn about a ruleset is
in its ``solver`` (``sprague.core.solver.Solver``), so computing adds no attribute to the ruleset.
"""

from __future__ import annotations

import numpy as np
import pytest

import sprague
from sprague.core import ruleset as core_ruleset
from sprague.core.budget import budget
from sprague.core.ruleset import Rules
from sprague.errors import BudgetExceeded
from sprague.solve import evaluate, misere
from sprague.solve import sequence as solve_sequence
from sprague.solve.box import Box
from sprague.solve.tabulate import kernel_shapes, values_by_nim_sum, values_by_position


class Counter(Rules):
    """A counter lowered by 1 or 2: hooks only, no public methods."""

    name = "counter"

    def moves(self, n):
        return [n - k for k in (1, 2) if n - k >= 0]


def test_no_engine_is_installed() -> None:
    for gone in ("install_engine", "Engine", "_engine", "_ENGINE"):
        assert not hasattr(core_ruleset, gone)
    for method in ("grundy", "outcome", "winning_move", "evaluate", "options", "apply"):
        assert not hasattr(Rules, method) and callable(getattr(sprague.Ruleset, method))


def test_core_holds_the_hooks_and_solve_the_public_classes() -> None:
    from sprague.solve import ruleset as public

    assert public.Ruleset is sprague.Ruleset and public.LoopyRuleset is sprague.LoopyRuleset
    assert issubclass(sprague.Ruleset, Rules) and issubclass(sprague.HeapRuleset, Rules)
    assert core_ruleset.Param is sprague.Param
    with pytest.raises(AttributeError):  # the transitional alias is gone: core knows no algorithm
        core_ruleset.Ruleset  # noqa: B018


def test_the_algorithms_take_a_ruleset_of_hooks_only() -> None:
    r = Counter()
    assert not hasattr(r, "grundy")
    assert [evaluate.grundy(r, n) for n in range(7)] == [n % 3 for n in range(7)]
    assert evaluate.outcome(r, 6) == "P" and evaluate.winning_move(r, 7) == 6
    assert evaluate.evaluate(r, 4).method == "search"


def test_the_public_methods_are_the_functions() -> None:
    nim = sprague.ruleset("nim")
    for pos in [(3, 5, 6), (1, 2, 4), (7,)]:
        assert nim.grundy(pos) == evaluate.grundy(nim, pos)
        assert nim.outcome(pos, misere=True) == evaluate.outcome(nim, pos, misere=True)
        assert nim.winning_moves(pos) == evaluate.winning_moves(nim, pos)
        assert nim.options(pos) == evaluate.options(nim, pos)


def test_misere_functions_and_their_state() -> None:
    kayles = sprague.ruleset("kayles")
    assert misere.genus(kayles, 5) == kayles.genus(5) and kayles.genus(5).text() == "4^146"
    assert kayles.solver.misere.genera is misere.genus_search(kayles)
    assert misere.misere_sequence(kayles, 12).tolist() == kayles.misere_sequence(12).tolist()
    nim = sprague.ruleset("nim")
    q = misere.misere_quotient(nim, 2)
    assert nim.misere_quotient(2) is q and nim.solver.misere.quotients == {2: q}
    for pos, seen in [((1, 1), "N"), ((1, 1, 1), "P"), ((2, 2), "P")]:  # misère Nim
        assert misere.computed_outcome(nim, pos) == nim.misere_computed_outcome(pos) == seen


def test_declared_hooks_replace_the_probes() -> None:
    gg = sprague.ruleset("grundys-game")
    assert sprague.ruleset("kayles").code is not None and sprague.ruleset("subtraction", S="1,2").code is None
    for game in (gg, sprague.ruleset("subtraction", S="1,2"), sprague.ruleset("nim")):
        assert solve_sequence.least_work(game, 500) == game.sequence_least_work(500)
    r = sprague.ruleset("nim")
    assert evaluate.search_work(r) == 0  # a short game's searches are not counted there
    loopy = sprague.ruleset("fair-shares")
    assert evaluate.search_work(loopy) == 0
    loopy.grundy(loopy.parse_position(list(loopy.example)), "search")
    assert evaluate.search_work(loopy) == loopy.solver.search.work > 0  # verify's count of a loopy search's steps


def test_table_values_defaults_are_functions() -> None:
    kayles = sprague.ruleset("kayles")
    rows = np.array([[1, 2], [3, 3], [0, 4]])
    assert values_by_nim_sum(kayles, rows, 4, "grundy", 10**6)[0].tolist() == [
        kayles.grundy(tuple(row)) for row in rows.tolist()
    ]
    wythoff = sprague.ruleset("wythoff")
    found, how = values_by_position(wythoff, rows, "outcome", 10**6)
    assert found.tolist() == [int(wythoff.outcome(tuple(row)) == "N") for row in rows.tolist()]
    assert how == wythoff.table_values(rows, 4, "outcome", 10**6)[1]


def test_a_stopped_box_search_hands_back_the_ranks_finished(monkeypatch) -> None:
    from sprague.kernels import config

    monkeypatch.setattr(config, "BOX_CHUNK", 7)  # many chunks: the budget stops it after the first
    rules = sprague.ruleset("single-delete")
    box = Box(4, rules.min_heap, 22)
    shapes = kernel_shapes(rules, 4)
    finished: list[np.ndarray] = []
    with budget(work=1), pytest.raises(BudgetExceeded):
        box.truth(shapes, True, box.size, stopped=finished.append)
    assert len(finished) == 1 and 0 < len(finished[0]) < box.size
    whole = box.truth(shapes, True, box.size)
    assert np.array_equal(finished[0], whole[: len(finished[0])])


def test_the_describe_hooks_are_declared_with_their_defaults() -> None:
    r = Counter()
    assert r.rules_text() == "A counter lowered by 1 or 2: hooks only, no public methods."
    assert r.relations() == [] and r.catalogue_relations() == []
    code = sprague.ruleset("takebreak", code="0.770")
    assert code.relations()[0] == "0.770 is 0.77" and code.catalogue_relations() == ["the same game as kayles (0.77)"]


@pytest.mark.parametrize(
    ("name", "params", "position"),
    [
        ("kayles", {}, (9, 14)),
        ("subtraction", {"S": "1,3,4"}, (20, 7)),
        ("nimhof", {"R": "1,0;0,1;1,1"}, (6, 9)),
        ("sum", {}, None),
    ],
)
def test_what_the_algorithms_learn_goes_in_the_solver(name, params, position) -> None:
    """Computing adds no attribute to a ruleset: the memos, values and caches are in its ``solver``."""
    from sprague.rulesets.sums import Sum

    r = Sum("kayles", "nim") if name == "sum" else sprague.ruleset(name, **params)
    position = ((4,), (3,)) if position is None else position
    before = dict(vars(r))
    r.outcome(position)
    r.grundy(position, method="search")
    r.outcome(position, method="search", misere=True)
    assert dict(vars(r)) == before  # the same attributes, each the same object
    assert r.solver.search is not None and r.solver.misere_search is not None


def test_a_solver_starts_afresh_or_is_handed_over() -> None:
    from sprague.core.solver import Solver

    kayles = sprague.ruleset("kayles")
    value = kayles.grundy((14,))
    assert len(kayles.solver.values) >= 15 and value == kayles.grundy((14,), method="search")
    again = sprague.ruleset("kayles")
    assert again == kayles and again.solver is not kayles.solver and len(again.solver.values) == 0
    again.solver = kayles.solver  # handed over: the values known are there at once
    assert len(again.solver.values) >= 15 and again.grundy((14,)) == value
    kayles.solver = Solver()
    assert len(kayles.solver.values) == 0 and kayles.grundy((14,)) == value
