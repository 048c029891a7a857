"""The shapes of positions (sprague.rulesets.shapes): base classes that tell the CLI and the page how to draw."""

from __future__ import annotations

import pytest

import sprague
from sprague import testing
from sprague.rulesets import REGISTRY, find_ruleset
from sprague.rulesets.heap import HeapRuleset, MultiHeapRuleset
from sprague.rulesets.shapes import (
    BOARDS,
    CoinRuleset,
    CoordinateRuleset,
    GraphRuleset,
    components,
    examples,
    heap_game,
    loopy_heaps,
    min_heap,
    one_heap,
    shape,
)


def test_every_registered_ruleset_has_a_known_board_and_the_conformance_test_knows_them_all() -> None:
    assert set(testing._BOARDS) == set(BOARDS)
    assert {cls.board for cls in REGISTRY} == set(BOARDS)


@pytest.mark.parametrize("name", ["wythoff", "delete-nim", "vdn"])
def test_the_two_heap_games_are_coordinate_games(name: str) -> None:
    cls = find_ruleset(name)
    assert issubclass(cls, CoordinateRuleset) and cls.heaps == 2 and cls.board == "grid"
    r = sprague.ruleset(name)
    assert r.parse_position(list(r.example)) == tuple(int(t) for t in r.example)


def test_coin_and_graph_games_get_their_shape_from_their_base_class() -> None:
    assert all(issubclass(cls, CoinRuleset) for cls in REGISTRY if cls.board == "coins")
    assert all(issubclass(cls, GraphRuleset) for cls in REGISTRY if cls.board == "graph")
    turtles = sprague.ruleset("turning-turtles")
    assert turtles.format_position("") == "(no coins)" and turtles.parse_position(["(no coins)"]) == ""
    gh = sprague.ruleset("green-hackenbush")
    pos = gh.parse_position(["0-1", "1-2"])
    assert gh.format_position(pos) == "0-1 1-2" and gh.position_to_json(pos) == [[0, 1], [1, 2]]
    assert gh.format_position(()) == "(ground only)"


def test_a_users_coordinate_game_is_a_few_lines() -> None:
    class Rook(CoordinateRuleset):
        """A rook moved left or down on the grid: two-heap Nim."""

        name = "test-rook"
        source = "-- a test"

        def moves(self, p: tuple[int, int]) -> list[tuple[int, int]]:
            x, y = p
            return [(a, y) for a in range(x)] + [(x, b) for b in range(y)]

    testing.check_ruleset(Rook)
    assert shape(Rook).board == "grid" and shape(Rook).heaps == 2


def test_the_shape_questions_of_the_layers_above() -> None:
    nim, wythoff, vdn = sprague.ruleset("nim"), sprague.ruleset("wythoff"), sprague.ruleset("vdn")
    windup, gh = sprague.ruleset("square-but-one"), sprague.ruleset("green-hackenbush")
    assert [one_heap(r) for r in (nim, wythoff, windup, gh)] == [True, False, False, False]
    assert [heap_game(r) for r in (nim, wythoff, windup, gh)] == [True, True, False, False]
    assert [loopy_heaps(r) for r in (nim, windup)] == [False, True]
    assert [min_heap(r) for r in (nim, vdn, gh)] == [0, 1, 0] and min_heap(type(vdn)) == 1
    assert components(sprague.Sum(nim, wythoff)) == (nim, wythoff) and components(nim) == ()
    for kind in ("one-heap", "heaps"):
        for name in examples(kind, 5).split(", "):
            cls = find_ruleset(name)
            assert issubclass(cls, HeapRuleset if kind == "one-heap" else MultiHeapRuleset)


def test_the_described_hooks_have_their_defaults() -> None:
    nim, kayles = sprague.ruleset("nim"), sprague.ruleset("kayles")
    # declared on the base class (sprague.core.ruleset.Rules) with their defaults; take-and-break overrides them
    assert nim.relations() == [] and nim.catalogue_relations() == []
    assert nim.rules_text().startswith("Nim: remove any positive number")
    assert kayles.rules_text() != type(kayles).__doc__
    assert sprague.ruleset("takebreak", code="0.770").relations()[0] == "0.770 is 0.77"
    assert "the same game as kayles (0.77)" in sprague.ruleset("takebreak", code="0.770").catalogue_relations()


def test_a_board_is_read_written_and_turned() -> None:
    from sprague.errors import InvalidPosition
    from sprague.rulesets.shapes import BoardRuleset, board_symmetries, cell_name

    cram = sprague.ruleset("cram")
    assert isinstance(cram, BoardRuleset) and shape(type(cram)).board == "cells"
    assert cram.parse_position(["2x3"]) == ("...", "...") == cram.parse_position(["...", "..."])
    assert cram.parse_position(["..#/..."]) == ("..#", "...") and cram.format_position(("..#", "...")) == "..#/..."
    assert cram.position_to_json(("..#", "...")) == ["..#", "..."]
    for bad, says in [("..x/...", "'x'"), ("../...", "lengths 2, 3"), ("600x600", "360,000 cells")]:
        with pytest.raises(InvalidPosition, match=says):
            cram.parse_position([bad])
    assert [cell_name(0, 0), cell_name(1, 2), cell_name(0, 26)] == ["a1", "c2", "aa1"]
    images = board_symmetries(("#..", "..."))  # a 2 x 3 board: 4 reflections and 4 turned 3 x 2 boards
    assert len(set(images)) == 8 and {len(b) for b in images} == {2, 3}
    assert all(sorted("".join(b)) == sorted("#.....") for b in images)


def test_boards_are_enumerated_for_verify_and_a_claim_on_them_is_checked() -> None:
    """Every rectangular board of at most 4 cells, each cell empty or filled: the shapes r x c with rc <= 4 (1x1;
    1x2, 2x1; 1x3, 3x1; 1x4, 2x2, 4x1), each 2^(rc) times; a false claim on Cram is refuted at the smallest board,
    and the symmetry strategy (Winning Ways ch. 22) holds on every board of at most 8 cells."""
    from sprague.verify import verify

    cram = sprague.ruleset("cram")
    boards = list(cram.positions(4))
    assert len(boards) == len(set(boards)) == 2 + 2 * 4 + 2 * 8 + 3 * 16
    assert [sum(map(len, b)) for b in boards] == sorted(sum(map(len, b)) for b in boards)

    def symmetric(board):
        if any("#" in row for row in board):
            return None
        rows, cols = len(board), len(board[0])
        return "P" if rows % 2 == 0 and cols % 2 == 0 else "N" if rows * cols % 2 == 0 else None

    assert verify(cram, claim=symmetric, max_heap=8).ok
    refuted = verify(cram, claim=lambda b: "N", max_heap=6)
    assert not refuted.ok and refuted.counterexample.position == (".",) and refuted.counterexample.found == "P"
