"""The plugin's own test: sprague's conformance checks on each of its games (one line each)."""

import pytest

import sprague
from sprague.testing import check_ruleset


@pytest.mark.parametrize("name", ["plug-half-nim", "plug-two-pins", "plug-king", "plug-node-kayles"])
def test_game_conforms(name):
    report = check_ruleset(name)  # installed: found by name, through the entry points
    assert not report.skipped, report  # registered, so even the repr round trip is checked


def test_the_theorems_hold():
    from sprague.verify import verify

    assert verify("plug-king-outcomes", max_heap=10).ok
    assert verify("plug-node-kayles-paths", max_heap=4).ok
    assert sprague.ruleset("plug-node-kayles").grundy(((1, 2, 3), ((1, 2), (2, 3)))) == 2  # mex{0, 1}
