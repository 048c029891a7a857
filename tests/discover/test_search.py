"""The grammar and the search: every expression's Python agrees with its vectorised value, lifting, refutation."""

from __future__ import annotations

import random

import numpy as np
import pytest

import naive
from sprague.discover import compile_rule, discover, evaluate
from sprague.discover.fit import lift
from sprague.discover.grammar import Node
from sprague.discover.search import Data, Search
from sprague.errors import InvalidParameter, TooLarge


def _random_data(counts: list[int], hi: int, seed: int, kind: str) -> Data:
    rng = np.random.default_rng(seed)
    blocks = [np.sort(rng.integers(0, hi + 1, size=(60, n)), axis=1) for n in counts]
    rows = sum(len(b) for b in blocks)
    target = rng.random(rows) < 0.3 if kind == "outcome" else rng.integers(0, 5, rows)
    return Data(blocks, target, {"h": 3})


@pytest.mark.parametrize(
    ("counts", "kind", "hi"),
    [
        ([2], "grundy", 20),
        ([3], "outcome", 20),
        ([2, 3, 4], "outcome", 20),
        ([1, 3], "grundy", 20),
        ([2], "outcome", 300),
    ],
)  # 300: heap by heap, not bit masks
def test_every_expression_in_python_is_its_vectorised_value(counts: list[int], kind: str, hi: int) -> None:
    """The banks' values are computed by NumPy; the rules reported are Python text: the two must agree everywhere."""
    data = _random_data(counts, hi, 7, kind)
    search = Search(data, kind, budget=600_000)
    search.run()
    rows = [tuple(r) for b in data.blocks for r in b.tolist()]
    rng = random.Random(1)
    checked = 0
    for sort in "IB":
        entries = list(search.banks[sort].upto(search.max_cost))
        for node, value in rng.sample(entries, min(400, len(entries))):
            claim = compile_rule(node.python(data.counts))
            for i in range(0, len(rows), 7):
                got = claim(rows[i])
                assert got == (bool(value[i]) if sort == "B" else int(value[i])), (node.text(), rows[i])
            checked += 1
    assert checked > 200


def test_text_and_python_of_a_rule() -> None:
    x = Node("H", "x", ())
    mod = Node("H", "mod", (x, Node("K", "nexpr", ("n(n-1)",))))
    rule = Node("B", "all", (Node("Q", "in", (mod, Node("K", "lit", (1,)), Node("K", "nexpr", ("n-1",)))),))
    assert rule.cost == 10
    assert rule.text() == "every heap: z_i mod n(n-1) in 1..n-1"
    assert rule.python((3, 4)) == "all(1 <= (x % (n * (n - 1))) <= (n - 1) for x in z)"
    assert evaluate(rule.python((3,)), (7, 8, 13)) is True and evaluate(rule.python((3,)), (7, 9, 13)) is False
    both = Node("I", "or", (x,))
    assert both.python((2, 3)) == "((z[0] | z[1]) if n == 2 else (z[0] | z[1] | z[2]))"


def test_lift_writes_constants_as_functions_of_n() -> None:
    def rule(m: int, top: int) -> Node:
        x = Node("H", "x", ())
        mod = Node("H", "mod", (x, Node("K", "lit", (m,))))
        return Node("B", "all", (Node("Q", "in", (mod, Node("K", "lit", (1,)), Node("K", "lit", (top,)))),))

    lifted = lift({3: rule(6, 2), 4: rule(12, 3), 5: rule(20, 4)})
    assert lifted is not None and lifted.text() == "every heap: z_i mod n(n-1) in 1..n-1"
    assert lift({3: rule(6, 2), 4: rule(7, 3)}) is None  # 6, 7: no function of n in the grammar


@pytest.mark.slow  # about 7-10 s
def test_a_refuted_rule_is_kept_with_its_counterexample_and_the_search_goes_on() -> None:
    """On heaps <= 14, four heaps of All-but-one-delete fit "floor((z_i - 4) / 9) odd"; heaps to 28 refute it."""
    result = discover("abo-delete", 4, 14, kinds="outcome")
    rule = result.rules[0]
    assert rule.holds and rule.refuted
    for bad in rule.refuted:
        assert bad.position[-1] > 14
        truth = naive.outcome(naive.abo_delete_moves, bad.position) == "P"
        assert bool(evaluate(bad.python, bad.position)) != truth, bad
    assert bool(evaluate(rule.python, (1, 2, 13, 27))) == (naive.outcome(naive.abo_delete_moves, (1, 2, 13, 27)) == "P")


def test_no_rule_up_to_a_cost_is_said_with_the_cost() -> None:
    result = discover("kayles", 1, 40, kinds="grundy", budget=200_000)
    rule = result.rules[0]
    assert not rule.found and not rule.holds and rule.complete >= 4
    assert f"no rule up to cost {rule.complete}" in rule.summary() and "budget of 200,000" in rule.summary()


def test_data_add_puts_a_position_in_its_block() -> None:
    data = Data([np.array([[1, 2], [2, 2]]), np.array([[1, 1, 1]])], np.array([True, False, True]))
    more = data.add((5, 3, 1), False).add((9, 0), True)
    assert [b.tolist() for b in more.blocks] == [[[1, 2], [2, 2], [0, 9]], [[1, 1, 1], [1, 3, 5]]]
    assert more.target.tolist() == [True, False, True, True, False]
    assert (more.lo, more.hi) == (0, 9)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        (("hackenbush",), {}, InvalidParameter, "not heaps"),
        (("square-but-one", 1), {}, InvalidParameter, "loopy"),
        (("nim", 2, 2000), {}, TooLarge, "DISCOVER_MAX_ROWS"),
        (("nim", 2, 5), {"verify_max": 5}, InvalidParameter, "is not above max_heap"),
        (("nim", 5, 20), {"verify_max": 200}, TooLarge, "lower --verify-max"),
        (("nim", 2, 12), {"verify_max": 10**6}, InvalidParameter, "DISCOVER_MAX_HEAP"),
        (("nim", 2, 5), {"kinds": "values"}, InvalidParameter, "'values'"),
        (("nim", []), {}, InvalidParameter, "no number of heaps"),
    ],
)
def test_bad_requests_are_one_clear_error(args, kwargs, error, words) -> None:
    with pytest.raises(error, match=words):
        discover(*args, **kwargs)


def test_a_rule_undefined_past_the_data_is_refuted_there() -> None:
    """A rule may hit v2(0) only outside the data it was fitted on: the check counts that position as a
    counterexample (with the value search finds), the position joins the data, and the search goes on."""
    result = discover("half-delete", 2, 8, kinds="grundy")
    rule = result.rules[0]
    assert rule.holds and rule.text == "v2((OR_i (z_i - 1)) + 1)"
    undefined = [bad for bad in rule.refuted if "the rule is undefined there" in bad.counterexample]
    assert undefined
    for bad in undefined:
        with pytest.raises(ValueError):
            evaluate(bad.python, bad.position)
        assert str(naive.grundy(naive.single_delete_moves, bad.position)) in bad.counterexample


def test_the_memory_of_the_search_is_bounded() -> None:
    result = discover("wythoff", 2, 20, kinds="outcome", memory=2**20)
    rule = result.rules[0]
    assert not rule.found and "memory limit of 1 MB: raise --memory" in rule.stopped


def test_progress_is_reported_as_expressions_are_evaluated() -> None:
    """The CLI's progress bar is fed by this callback: it sees every block of 4,096 expressions evaluated."""
    seen: list[int] = []
    result = discover("vdn", 2, 10, kinds="grundy", progress=seen.append)
    assert result.rules[0].holds
    assert seen and set(seen) == {4096} and sum(seen) <= result.rules[0].evaluations < sum(seen) + 4096


def test_a_set_of_residues_renders_as_text_and_python() -> None:
    x = Node("H", "x", ())
    mod = Node("H", "mod", (x, Node("K", "lit", (22,))))
    rule = Node("B", "all", (Node("Q", "among", (mod, *(Node("K", "lit", (k,)) for k in (0, 1, 4, 10, 13, 14)))),))
    assert rule.cost == 15  # all, in, mod, x, 22 (2 digits), 0, 1, 4, 10 (2), 13 (2), 14 (2)
    assert rule.text() == "every heap: z_i mod 22 in {0, 1, 4, 10, 13, 14}"
    assert rule.text(one=True) == "z mod 22 in {0, 1, 4, 10, 13, 14}"
    assert rule.python((1,)) == "all((x % 22) in (0, 1, 4, 10, 13, 14) for x in z)"
    assert evaluate(rule.python((2,)), (23, 36)) is True and evaluate(rule.python((2,)), (23, 37)) is False


@pytest.mark.parametrize(
    ("S", "text", "budget"),
    [
        ((1, 2, 6), "z mod 7 in {0, 3}", None),  # cost 7, in the levels: every rule up to cost 6 was tried
        ((2, 5, 7), "z mod 22 in {0, 1, 4, 10, 13, 14}", 300_000),  # cost 15, deduced once the budget ran out
    ],
)
def test_p_positions_that_are_a_set_of_residues_are_found(S, text, budget) -> None:
    """A subtraction game's P-positions are periodic; where they are no interval of residues the set is deduced.

    Judged by the naive solver on heaps far past the data (heaps <= 40; brute force to 300).
    """
    result = discover(
        "subtraction", 1, 40, kinds="outcome", S=",".join(map(str, S)), **({} if budget is None else {"budget": budget})
    )
    rule = result.rules[0]
    assert rule.holds and rule.text == text
    assert budget is not None or rule.complete == rule.cost - 1
    moves = naive.subtraction_moves(S)
    for z in range(301):
        assert bool(evaluate(rule.python, (z,))) == (naive.outcome(moves, (z,)) == "P"), z
