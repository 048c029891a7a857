"""Genus theory (sprague.solve.genus and the HeapRuleset block): every genus against tests/naive.py's
search by the definition, literature values with citations, the classes, and the misère tame rule for
sums against naive misère search over boxes."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from functools import cache

import pytest

import naive
import sprague
from sprague.errors import InvalidParameter, TooLarge
from sprague.solve import misere
from sprague.solve.genus import Genus, GenusSearch, tame_sum
from sprague.solve.search import MexSearch


@pytest.fixture(autouse=True)
def _deep_recursion():
    """tests/naive.py recurses once per follower: a deeper limit here only (other tests check they need none)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, 20_000))
    yield
    sys.setrecursionlimit(before)


Moves = Callable[[tuple[int, ...]], list[tuple[int, ...]]]


@cache
def octal_moves(code: str) -> Moves:
    """An octal game d0.d1d2... from its rules (Winning Ways ch. 4), written here without sprague: removing k
    tokens is allowed leaving nothing (bit 1 of d_k), one non-empty heap (bit 2) or two (bit 4)."""
    digits = [int(c) for c in code.split(".")[1]]

    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k, d in enumerate(digits, start=1):
                r = h - k
                if r < 0:
                    break
                if d & 1 and r == 0:
                    out.append(tuple(sorted(rest)))
                if d & 2 and r > 0:
                    out.append(tuple(sorted(rest + (r,))))
                if d & 4:
                    out += [tuple(sorted(rest + (a, r - a))) for a in range(1, r // 2 + 1)]
        return out

    return moves


def _sorted(moves: Moves) -> Moves:
    return lambda heaps: [tuple(sorted(h for h in o if h)) for o in moves(heaps)]


# (ruleset, the same game's moves written in tests/naive.py or above, heaps checked against the definition)
GAMES = [
    (lambda: sprague.ruleset("nim"), lambda: naive.nim_moves, 9),
    (lambda: sprague.ruleset("subtraction", S="1,2"), lambda: naive.subtraction_moves([1, 2]), 14),
    (lambda: sprague.ruleset("subtraction", S="2,3"), lambda: naive.subtraction_moves([2, 3]), 14),
    (lambda: sprague.ruleset("subtraction", S="1,2,3"), lambda: naive.subtraction_moves([1, 2, 3]), 14),
    (lambda: sprague.ruleset("subtraction", S="1,4,5"), lambda: naive.subtraction_moves([1, 4, 5]), 14),
    (lambda: sprague.ruleset("grundys-game"), lambda: naive.grundys_game_moves, 14),
    (lambda: sprague.ruleset("kayles"), lambda: octal_moves("0.77"), 11),
    (lambda: sprague.ruleset("dawsons-kayles"), lambda: octal_moves("0.07"), 14),
    (lambda: sprague.ruleset("octal", code="0.312"), lambda: octal_moves("0.312"), 12),
]
IDS = ["nim", "S=1,2", "S=2,3", "S=1,2,3", "S=1,4,5", "grundys-game", "kayles", "dawsons-kayles", "0.312"]


@pytest.mark.parametrize("make, make_moves, heaps", GAMES, ids=IDS)
def test_every_heap_genus_is_the_definition(make, make_moves, heaps) -> None:
    """g and g-(n + k.*2) by naive search, for k up to 4 past the written superscript (so the claimed
    alternation is checked too)."""
    r, moves = make(), _sorted(make_moves())
    for n in range(heaps):
        genus = r.genus(n)
        g, terms = naive.genus(moves, (n,), len(genus.terms) + 4)
        assert (genus.g, genus.superscript(len(terms))) == (g, terms), (r, n, genus)


@pytest.mark.parametrize("make, make_moves, heaps", GAMES[:7], ids=IDS[:7])
def test_genus_of_sums_is_the_definition(make, make_moves, heaps) -> None:
    """The solver is game-agnostic: sums of two heaps too (their followers are what heap genera are made of)."""
    r, moves = make(), _sorted(make_moves())
    solver = GenusSearch(r.moves, r.canonical)
    for pos in itertools.combinations_with_replacement(range(min(heaps, 7)), 2):
        genus = solver.genus(pos)
        g, terms = naive.genus(moves, pos, len(genus.terms) + 3)
        assert (genus.g, genus.superscript(len(terms))) == (g, terms), (r, pos, genus)


def test_genus_terms_are_misere_search_of_the_game_plus_copies_of_star_two() -> None:
    """γk against sprague's own misère search (MexSearch(misere=True)) of G + k.*2, a different algorithm."""
    r = sprague.ruleset("kayles")

    def with_twos(pos):
        heaps, twos, ones = pos
        out = [(tuple(sorted(h for h in o if h)), twos, ones) for o in r.moves(heaps)]
        if twos:
            out += [(heaps, twos - 1, ones), (heaps, twos - 1, ones + 1)]
        if ones:
            out.append((heaps, twos, ones - 1))
        return out

    search = MexSearch(with_twos, lambda p: p, misere=True)
    for n in range(9):
        genus = r.genus(n)
        assert [search.grundy(((n,) if n else (), k, 0)) for k in range(6)] == genus.superscript(6)


def test_nim_genera_printed_in_winning_ways() -> None:
    """Winning Ways vol. 2 ch. 13 (and ONAG ch. 12): *0 = 0^120, *1 = 1^031, *2 = 2^20, *3 = 3^31."""
    nim = sprague.ruleset("nim")
    assert [nim.genus(n).text() for n in range(4)] == ["0^120", "1^031", "2^20", "3^31"]
    assert all(nim.genus(n).kind == "tame" for n in range(12))


def test_plambeck_0312_single_heap_genera() -> None:
    """T. Plambeck, plambeck.org, misère octal games, quaternary games, 0.312 (solved 4 Feb 2003): heaps 1-6
    have genus 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}, and the sequence is periodic of length two
    from there. Compared as infinite superscripts (Plambeck writes 1^{03131} with redundant terms)."""
    r = sprague.ruleset("octal", code="0.312")
    printed = ["1^03131", "2^20", "0^02", "2^1420", "0^02", "1^13"]
    for n, text in enumerate(printed, start=1):
        want = Genus.parse(text)
        assert (r.genus(n).g, r.genus(n).superscript(10)) == (want.g, want.superscript(10)), n
    assert all(r.genus(n).text() == r.genus(n - 2).text() for n in range(7, 30))


def test_classes_on_known_examples() -> None:
    kayles, q = sprague.ruleset("kayles"), sprague.ruleset("octal", code="0.312")
    # every option of Kayles heap 5 is a sum of heaps 0..4, all tame; g = 4, g- = 1: restless
    assert (kayles.genus(5).text(), kayles.genus(5).kind) == ("4^146", "restless")
    assert kayles.genus(6).kind == "wild"  # it has the restless option 5
    assert (q.genus(4).text(), q.genus(4).kind) == ("2^1420", "restless")
    nim = GenusSearch(naive.nim_moves, lambda p: tuple(sorted(h for h in p if h)))
    assert [nim.genus(p).text() for p in [(2, 2), (2, 3)]] == ["0^02", "1^13"]  # the firm genera of WW
    assert all(nim.genus(p).kind == "tame" for p in [(2, 2), (2, 3), (1, 1), (5, 3, 1)])
    # restive: not tame, every option tame, g = 0 or 1. Options *0 and *2 + *2 (both tame): g = 1, and
    # g- = mex(1, 0) = 2, so the genus is not tame (a tame genus with g = 1 has g- 0 or 1).
    game = {"A": ["", "22"], "": [], "1": [""], "2": ["1", ""], "11": ["1"], "12": ["2", "11", "1"], "22": ["12", "2"]}
    solver = GenusSearch(lambda p: game[p], lambda p: p)
    assert solver.genus("22").text() == "0^02" and solver.genus("A").kind == "restive"


def test_tame_sum_is_misere_nim() -> None:
    t = {text: Genus.parse(text, kind="tame") for text in ["0^120", "1^031", "2^20", "3^31", "0^02", "1^13"]}
    assert tame_sum([t["1^031"], t["1^031"], t["1^031"]]).text() == "1^031"  # three *1: g- 0 (P)
    assert tame_sum([t["2^20"], t["3^31"]]).text() == "1^13"
    assert tame_sum([t["2^20"], t["2^20"]]).misere_value == 0
    with pytest.raises(InvalidParameter, match="tame parts"):
        tame_sum([Genus.parse("4^146", kind="restless")])


def test_genus_values_text_and_json() -> None:
    g = Genus.parse("2^1420202")
    assert g.terms == (1, 4, 2, 0) and g.text() == "2^1420" and g.text(unicode=True) == "2¹⁴²⁰"
    assert g.term(100) == 2 and g.term(101) == 0 and not g.tame_genus
    big = Genus.from_terms(11, [11, 9, 11, 9])
    assert big.text() == "11^(11,9)" and Genus.parse(big.text()) == big and big.tame_genus
    assert big.to_json()["superscript"] == [11, 9]
    for bad in ["", "2^", "x^12", "2^1"]:
        with pytest.raises(InvalidParameter):
            Genus.parse(bad)


def test_misere_sequence_is_the_misere_grundy_value() -> None:
    r = sprague.ruleset("grundys-game")
    assert r.misere_sequence(16).tolist() == [
        naive.misere_grundy(naive.grundys_game_moves, (n,) if n else ()) for n in range(16)
    ]
    seq = r.genus_sequence(16)
    assert seq.misere_values == r.misere_sequence(16).tolist()
    assert seq.first_not_tame == next(n for n, g in enumerate(seq.genera) if g.kind != "tame")
    assert sum(seq.counts().values()) == 16


def test_work_limits() -> None:
    # Kayles's followers of heap 199 are partitions (no lower bound refuses them): the genera are computed heap by
    # heap under the budget, and those done before the stop are returned, with the reason, and kept
    work = 100_000
    kayles = sprague.ruleset("kayles")
    with sprague.budget(work=work) as b:
        seq = kayles.genus_sequence(200)
    assert b.spent <= work + 4 + 2 * 2 * 200  # over by one position's charge at most (options of a sum of heaps)
    done = len(seq.genera)
    assert 10 < done < 200 and seq.stopped.startswith(f"stopped at heap {done}: ") and "--max-work" in seq.stopped
    with sprague.budget() as whole:
        fresh = sprague.ruleset("kayles").genus_sequence(done + 5)
    assert fresh.stopped is None and fresh.genera[:done] == seq.genera  # the genera returned are right
    with sprague.budget() as rest:  # raised: the same ruleset goes on from its memo
        more = kayles.genus_sequence(done + 5)
    assert more.stopped is None and more.genera == fresh.genera and rest.spent < whole.spent - work // 2
    with pytest.raises(TooLarge, match="max-positions"):
        sprague.ruleset("kayles").genus(30, max_positions=100)
    # Nim's genera of heaps 0..9000 examine 9000 * 9001 / 2 options: stopped at the budget, the first returned
    with sprague.budget(work=work) as b:
        seq = sprague.ruleset("nim").genus_sequence(9001)
    assert b.spent <= work + 4 + 2 * 9000 and "--max-work" in seq.stopped
    assert 10 < len(seq.genera) < 9001 and [g.text() for g in seq.genera[:4]] == ["0^120", "1^031", "2^20", "3^31"]
    assert seq.genera == sprague.ruleset("nim").genus_sequence(len(seq.genera)).genera
    # a single heap whose options alone are over the budget: refused at once, by that lower bound
    with sprague.budget(work=1_000) as b, pytest.raises(sprague.BudgetExceeded, match="--max-work") as info:
        sprague.ruleset("nim").genus_sequence(9001)
    assert b.spent == 0 and info.value.estimate == 2 * 9000 > info.value.limit
    with pytest.raises(InvalidParameter):
        kayles.genus_sequence(-1)


# ------------------------------------------------------------------ the misère tame rule for sums
BOXES = [
    (lambda: sprague.ruleset("subtraction", S="1,2"), lambda: naive.subtraction_moves([1, 2]), 12),
    (lambda: sprague.ruleset("subtraction", S="2,3"), lambda: naive.subtraction_moves([2, 3]), 12),
    (lambda: sprague.ruleset("subtraction", S="1,2,3"), lambda: naive.subtraction_moves([1, 2, 3]), 12),
    (lambda: sprague.ruleset("grundys-game"), lambda: naive.grundys_game_moves, 7),
    (lambda: sprague.ruleset("kayles"), lambda: octal_moves("0.77"), 8),  # restless from heap 5
    (lambda: sprague.ruleset("dawsons-kayles"), lambda: octal_moves("0.07"), 11),  # restless heap 10
    (lambda: sprague.ruleset("octal", code="0.312"), lambda: octal_moves("0.312"), 8),
]


@pytest.mark.parametrize(
    "make, make_moves, top",
    BOXES,
    ids=["S=1,2", "S=2,3", "S=1,2,3", "grundys-game", "kayles", "dawsons-kayles", "0.312"],
)
def test_tame_rule_against_naive_misere_search(make, make_moves, top) -> None:
    """Every sum of 1 to 3 heaps of 0..top: where the rule answers it is right and its winning move wins;
    it answers whenever every heap is tame (otherwise only a misère quotient may answer, where search would be
    refused: then it is right too)."""
    r, moves = make(), _sorted(make_moves())
    answered = 0
    for k in (1, 2, 3):
        for pos in itertools.combinations_with_replacement(range(top + 1), k):
            key = tuple(h for h in pos if h)
            expected = naive.misere_outcome(moves, key)
            found = r.misere_computed_outcome(pos)
            if all(r.genus(h).kind == "tame" for h in pos):
                assert found is not None, pos
            elif found is not None:
                assert "misère quotient" in r.misere_computed_method(pos), pos
            if found is None:
                continue
            answered += 1
            assert found == expected, pos
            move = r.misere_computed_winning_move(pos)
            if expected == "P" or not moves(key):
                assert move is None, pos
            else:
                after = tuple(sorted(h for h in move if h))
                assert after in moves(key) and naive.misere_outcome(moves, after) == "P", (pos, move)
    assert answered > 0


def test_tame_rule_is_the_engines_tier_two() -> None:
    r = sprague.ruleset("subtraction", S="1,2")
    ev = r.evaluate((7, 8, 4), misere=True)
    assert ev.method.startswith("misère tame rule") and ev.outcome == naive.misere_outcome(
        naive.subtraction_moves([1, 2]), (4, 7, 8)
    )


def test_tame_rule_stays_out_of_the_way() -> None:
    """A heap too large to get its genus cheaply: the rule does not compute it (search then decides or refuses)."""
    r = sprague.ruleset("subtraction", S="1,2")
    assert r.misere_computed_outcome((10**40, 3)) is None
    assert misere.genus_search(r).known((10**40,)) is None
    kayles = sprague.ruleset("kayles")
    assert kayles.misere_computed_outcome((5, 1)) is None  # 5 is restless
