"""The budgets of the board and graph games count their real work (brief H2): none of these depends on timing.

Each test failed before its fix: the searches charged nothing for the canonical forms (a Chomp transpose, a graph
labelling), the search's memory estimate saw only a position's pointers, Chomp's positions were listed unbounded,
the matching of Vertex Geography charged n units an augmenting-path search, a share of the budget reported itself
as "the work budget of 1 units", and the input caps refused boards and graphs whose closed forms are instant.
"""

from __future__ import annotations

import sys

import pytest

import sprague
from sprague.core.budget import budget, charge, share
from sprague.errors import BudgetExceeded, TooLarge
from sprague.rulesets.chomp import bars_up_to
from sprague.solve.search import MexSearch, held_bytes


def _counted(canonical):
    calls = [0]

    def key(position):
        calls[0] += 1
        return canonical(position)

    return key, calls


def test_chomp_search_charges_its_canonical_forms():
    """A search from 20 x 20 charges some 3 units an option keyed (the option, the transpose), not 1."""
    r = sprague.ruleset("chomp")
    key, calls = _counted(r.canonical)
    search = MexSearch(r.moves, key)
    with budget(work=200_000) as b, pytest.raises(BudgetExceeded):
        search.grundy(r.parse_position(["20x20"]))
    assert b.spent >= 3 * (calls[0] - 1)


def test_node_kayles_misere_search_charges_its_canonical_forms():
    """A misère search from P60 charges at least 20 units a graph it labels (some 50 vertices and edges each)."""
    r = sprague.ruleset("node-kayles")
    key, calls = _counted(r.canonical)
    search = MexSearch(r.moves, key, misere=True, describe=r.format_position)
    with budget(work=300_000) as b, pytest.raises(BudgetExceeded) as info:
        search.grundy(r.parse_position(["P60"]))
    assert b.spent >= 20 * (calls[0] - 1)
    assert "1-2 2-3" in str(info.value) and "((1, 2" not in str(info.value)  # the game's notation, not the tuples


def test_budget_message_writes_the_position_in_the_games_notation():
    r = sprague.ruleset("chomp")
    with budget(work=50_000), pytest.raises(BudgetExceeded) as info:
        r.grundy(r.parse_position(["20x20"]), method="search")
    assert "20,20,20" in str(info.value) and "'####" not in str(info.value)


def test_held_bytes_counts_the_rows_of_a_board():
    """The search's memory estimate counts a bar's rows (getsizeof sees only the pointers to them)."""
    r = sprague.ruleset("chomp")
    bar = tuple("#" * 60 for _ in range(50))  # rows of their own, as a user's bar
    assert sys.getsizeof(bar) < 1000 <= 50 * 60 <= held_bytes(bar)
    graph = sprague.ruleset("node-kayles").parse_position(["P60"])
    assert held_bytes(graph) > 59 * sys.getsizeof((1, 2))
    # Chomp's options share one string a row length: a 50 x 60 bar's 2,999 options hold pointers, not 150,000 rows
    options = list(r.moves(r.parse_position(["50x60"])))
    assert len({id(row) for option in options for row in option}) <= 60


def test_chomp_positions_refused_by_a_lower_bound_before_listing():
    """``verify`` lists a ruleset's positions: 200 squares are some 4.7 * 10^13 bars, refused at once."""
    r = sprague.ruleset("chomp")
    with budget(work=10**6) as b, pytest.raises(BudgetExceeded, match="47,060,797,174,488"):
        next(iter(r.positions(200)))
    assert b.spent == 0
    with budget(work=10**6) as b:
        assert len(list(r.positions(8))) == bars_up_to(8)
    assert b.spent >= bars_up_to(8)


def test_bars_up_to_is_oeis_a000070_less_one():
    """OEIS A000070, sum of the partition numbers p(0..n): 1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139, 195, 272."""
    a000070 = [1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139, 195, 272]
    assert [bars_up_to(n) + 1 for n in range(13)] == a000070
    r = sprague.ruleset("chomp")
    assert [sum(1 for _ in r.positions(n)) for n in range(8)] == [a - 1 for a in a000070[:8]]


def test_geography_matching_charges_what_it_does():
    """A star of 1,000 leaves: 999 augmenting-path searches of a step or two each (charged ~1 million before)."""
    r = sprague.ruleset("vertex-geography")
    star = " ".join(f"c-v{i}" for i in range(1, 1001)) + " @c"
    with budget(work=10**8) as b:
        assert r.outcome(star, method="closed") == "N"
    assert b.spent < 100_000


def test_an_exhausted_share_names_the_share_not_a_budget_of_one_unit():
    with budget(work=1_000):
        with share(2):
            charge(500, "the first bonus")
        with pytest.raises(BudgetExceeded) as info, share(2):
            charge(5, "the second bonus")
    text = str(info.value)
    assert "share of the work budget" in text and "1/2 of 1,000" in text and "budget of 1 units" not in text


@pytest.mark.parametrize(
    ("game", "position", "outcome"),
    [
        ("cram", "100x100", "P"),
        ("chomp", "500x500", "N"),
        ("node-kayles", "P5000", None),
        ("arc-kayles", "C5000", None),
    ],
)
def test_closed_forms_past_the_search_caps(game, position, outcome):
    """Boards past 4,096 cells and graphs past 1,000 vertices are read and valued by their closed forms."""
    r = sprague.ruleset(game)
    pos = r.parse_position([position])
    with budget(work=10**6):
        found = r.outcome(pos, method="closed")
    assert outcome is None or found == outcome
    with pytest.raises(TooLarge, match="options of at most"):
        next(iter(r.moves(pos)))


def test_node_kayles_large_paths_agree_with_dawsons_chess():
    """P5000 is Dawson's chess at 5000 (the closed form, now past the old cap of 1,000 vertices)."""
    r = sprague.ruleset("node-kayles")
    assert r.grundy(r.parse_position(["P5000"])) == sprague.ruleset("dawsons-chess").grundy(5000)
