"""Component memos kept across processes in the results cache (sprague.solve.memos): a later solver (standing for
a later process) starts from the saved memo, answers the same, and spends far less work."""

from __future__ import annotations

from pathlib import Path

import pytest

import sprague
from sprague.cache import Cache, using
from sprague.core.budget import budget
from sprague.errors import BudgetExceeded
from sprague.solve import memos


def _spent(name: str, position: str) -> tuple[int, int]:
    """The value of ``position`` by a fresh ruleset (a new solver, as in a new process) and the work it charged."""
    rules = sprague.ruleset(name)
    with budget(work=10**9) as b:
        value = rules.grundy(rules.check_position(position))
    return value, b.spent


@pytest.mark.parametrize("name, position", [("node-kayles", "G3x5"), ("arc-kayles", "G3x4"), ("cram", "4x5")])
def test_a_later_solver_reads_the_saved_memo_and_spends_less(tmp_path: Path, name: str, position: str) -> None:
    with using(Cache(tmp_path, min_seconds=0)):
        first, cold = _spent(name, position)
        assert [e.kind for e in Cache(tmp_path).entries()] == [memos.KIND]
        again, warm = _spent(name, position)
    rules = sprague.ruleset(name)
    assert first == again == rules.grundy(rules.check_position(position))  # the same, with no cache in the way
    assert warm * 10 < cold, (warm, cold)


def test_no_cache_no_memo_saved(tmp_path: Path) -> None:
    with using(False):
        _spent("node-kayles", "G3x4")
    assert not list(tmp_path.iterdir())


def test_a_budget_stop_keeps_what_it_valued(tmp_path: Path) -> None:
    """Stopped at its budget, a computation still saves the components it valued; asked again, it goes on."""
    with using(Cache(tmp_path, min_seconds=0)):
        rules = sprague.ruleset("node-kayles")
        with pytest.raises(BudgetExceeded), budget(work=20_000):
            rules.grundy(rules.check_position("G4x5"))
        saved = Cache(tmp_path).load(memos.KIND, memos.key(rules, "graph components"))
        assert saved is not None and len(saved) > 0
