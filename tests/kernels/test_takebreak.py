"""The take-and-break kernels (sprague.kernels.takebreak) against the plain O(n^2) recursion of tests/naive.py."""

from __future__ import annotations

import random

import numpy as np
import pytest

import naive
import sprague
from sprague.kernels import takebreak as tb

NONE = np.zeros(0, dtype=np.int64)
GRUNDY = ([], [], [0], True)


def octal_moves(code: str) -> tuple[list[int], list[int], list[int], bool]:
    return sprague.ruleset("octal", code=code).take_break_moves()


def octal_digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or 0)] + [int(d) for d in tail]


def run(moves: tuple[list[int], list[int], list[int], bool], n: int, prefix: int, chunk: int = 1 << 16,
        monkeypatch: pytest.MonkeyPatch | None = None) -> list[int]:
    if monkeypatch is not None:
        monkeypatch.setattr(tb, "PREFIX", prefix)
    g = np.zeros(n, dtype=np.int64)
    reached = list(tb.extend(g, 0, *moves, chunk=chunk))
    assert reached[-1] == n and reached == sorted(reached)
    return g.tolist()


def test_grundys_game_sparse_space_equals_the_naive_recursion(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short naive prefix (64) so that the sparse kernel does almost all the work; small chunks too."""
    truth = naive.grundys_game_sequence(4000)
    assert run(GRUNDY, 4000, prefix=64, chunk=777, monkeypatch=monkeypatch) == truth


CODES = ["0.77", "0.137", "0.07", "4.7", "0.51", "0.6", "0.007", "4.07", "0.4", "0.16", "0.3", "4.3", "0.1337"]


@pytest.mark.parametrize("code", CODES + ["0." + "".join(random.Random(i).choice("01234567") for _ in range(4)) + "7"
                                           for i in range(6)])
def test_octal_sparse_space_equals_the_naive_recursion(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    truth = naive.octal_sequence(octal_digits(code), 1500)
    assert run(octal_moves(code), 1500, prefix=40, chunk=500, monkeypatch=monkeypatch) == truth


@pytest.mark.parametrize("mask", [~0, ~1, 1, 2, 6, ~5, 1 << 9])
def test_every_mask_gives_the_same_values(mask: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mask only changes the speed: a poor one (most positions rare) must still be exact.

    The rare list starts with room for 4 heaps: the kernel stops and resumes as it fills."""
    monkeypatch.setattr(tb, "PREFIX", 10)
    monkeypatch.setattr(tb, "_RARE_ROOM", 4)
    n = 2500
    truth = naive.grundys_game_sequence(n)
    run = tb.Run(*GRUNDY, np.zeros(0, dtype=np.uint8), n, chunk=601, threads=1, masks=[mask])
    assert list(run.extend())[-1] == n
    assert run.values.tolist() == truth
    assert run.history == [(10, mask)] and run.mask == mask
    assert run.rare[:run.n_rare].tolist() == [r for r in range(1, n) if bin(truth[r] & mask).count("1") % 2 == 0]


def rare_count(values: list[int], mask: int) -> int:
    """Heaps 1.. with an even masked popcount, counted one by one (Python ints: infinite masks are negative)."""
    return sum(1 for v in values[1:] if bin(v & mask).count("1") % 2 == 0)


def test_the_chosen_mask_makes_grundys_game_sparse() -> None:
    """Grundy's game: the mask found on 2048 values leaves few positions rare (Winning Ways' sparse space), and no
    finite or infinite mask leaves fewer: the Walsh-Hadamard prices equal the counts one mask at a time."""
    values = naive.grundys_game_sequence(2048)
    mask = tb.choose_mask(np.array(values, dtype=np.int64))
    rare = rare_count(values, mask)
    assert rare < len(values) // 4 and rare == len(tb.rare_positions(np.array(values, dtype=np.uint8), mask))
    bits = max(values).bit_length()
    candidates = [m for m in range(1, 1 << bits)] + [~f for f in range(1 << bits)]
    assert rare == min(rare_count(values, m) for m in candidates)


@pytest.mark.parametrize("seed", range(6))
def test_walsh_hadamard_prices_equal_counting(seed: int) -> None:
    rnd = random.Random(seed)
    values = [0] + [rnd.choice([rnd.randrange(8), rnd.randrange(300)]) for _ in range(rnd.randrange(1, 400))]
    counts = np.bincount(np.array(values[1:]), minlength=512)
    prices = tb.mask_prices(counts)
    assert prices.tolist() == [rare_count(values, m) for m in range(512)]
    mask, price = tb.best_mask(counts)
    bits = max(max(values), 1).bit_length()
    everything = [m for m in range(1, 1 << bits)] + [~f for f in range(1 << bits)]
    assert price == rare_count(values, mask) == min(rare_count(values, m) for m in everything)


def test_ruleset_sequence_is_a_numpy_array_from_the_kernel() -> None:
    gg = sprague.ruleset("grundys-game")
    seq = gg.sequence(3000)
    assert isinstance(seq, np.ndarray) and seq.dtype == np.int64
    assert seq.tolist() == naive.grundys_game_sequence(3000)
    assert gg.grundy((2999, 17)) == int(seq[2999]) ^ int(seq[17])
    seq[0] = 99  # a copy: the ruleset's own values are untouched
    assert gg.sequence(1).tolist() == [0]


def test_bad_kernel_input_is_refused() -> None:
    with pytest.raises(ValueError, match="int64"):
        list(tb.extend(np.zeros(4, dtype=np.int32), 0, *GRUNDY))
    with pytest.raises(ValueError, match="start=9"):
        list(tb.extend(np.zeros(4, dtype=np.int64), 9, *GRUNDY))
    with pytest.raises(sprague.InvalidPosition, match="negative"):
        sprague.ruleset("grundys-game").sequence(-3)


def test_interrupted_sequence_keeps_what_is_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (a KeyboardInterrupt from the progress callback) keeps the values computed so far."""
    monkeypatch.setattr(tb, "CHUNK", 1000)
    gg = sprague.ruleset("grundys-game")
    calls = []

    def progress(k: int) -> None:
        calls.append(k)
        if sum(calls) >= 5000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        gg.sequence(20_000, progress=progress)
    kept = len(gg._values)
    assert 5000 <= kept < 20_000
    assert gg._values.tolist() == naive.grundys_game_sequence(kept)


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07", "0.51", "0.4", "0.16"])
def test_constructed_options_reach_every_value_the_rules_reach(code: str) -> None:
    """heap_option_with_value scans only splits with a part below n0 + p; it must still reach every value."""
    g = sprague.ruleset("octal", code=code)
    per = g.periodicity()
    truth = naive.octal_sequence(octal_digits(code), 900)
    for n in range(2 * (per.preperiod + per.period), 900, 7):
        reachable = {truth[n - k] for k in range(1, len(octal_digits(code))) if octal_digits(code)[k] & 2 and n - k >= 1}
        for k, d in enumerate(octal_digits(code)):
            if d & 4:
                reachable |= {truth[a] ^ truth[n - k - a] for a in range(1, (n - k) // 2 + 1)}
        for v in range(max(reachable) + 2):
            parts = g.heap_option_with_value(n, v)
            assert (parts is not None) == (v in reachable), (n, v)
            if parts is not None:
                assert g.is_heap_option(n, parts)
                value = 0
                for p in parts:
                    value ^= truth[p]
                assert value == v


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07"])
def test_winning_moves_on_heaps_of_a_thousand_digits(code: str) -> None:
    g = sprague.ruleset("octal", code=code)
    per = g.periodicity()
    digits = octal_digits(code)
    truth = naive.octal_sequence(digits, per.preperiod + 2 * per.period)
    rnd = random.Random(code)
    for _ in range(5):
        pos = tuple(rnd.randrange(10**999, 10**1000) for _ in range(3))
        move = g.winning_move(pos)
        total = 0
        for h in pos:
            total ^= per.value(truth, h)
        if total == 0:
            assert move is None
            continue
        # legal by the rules: one heap h replaced by parts summing to h - k, with digit k allowing that many parts
        (h,) = [x for x in pos if pos.count(x) > move.count(x)]
        parts = list(move)
        for x in pos:
            if x != h:
                parts.remove(x)
        k = h - sum(parts)
        assert 0 <= k < len(digits) and digits[k] & (1 << len([p for p in parts if p])), (h, parts)
        after = 0
        for x in move:
            after ^= per.value(truth, x)
        assert after == 0


def test_sparse_space_report_matches_the_naive_values() -> None:
    """The rare positions reported are exactly those whose naive value has even popcount under the mask."""
    truth = naive.grundys_game_sequence(5000)
    mask, rare = sprague.ruleset("grundys-game").sparse_space(5000)
    assert rare.tolist() == [r for r in range(1, 5000) if bin(truth[r] & mask).count("1") % 2 == 0]
    assert sprague.ruleset("nim").sparse_space(10) is None
    from sprague.cli import main
    import io
    out = io.StringIO()
    assert main(["sequence", "grundys-game", "--to", "4999"], out=out) == 0
    line = [x for x in out.getvalue().splitlines() if x.startswith("sparse space")][0]
    assert f"{len(rare):,} of heaps 1..4,999" in line and line.endswith(f"the last at n = {rare[-1]}")


@pytest.mark.parametrize("code", ["0.007", "0.6", "0.7777777777"])
def test_a_short_sequence_does_not_search_far_for_a_period(code: str) -> None:
    """Codes with no short period: sequence(10) tries one cheap certificate only (it used to search 2M values)."""
    g = sprague.ruleset("octal", code=code)
    assert g.sequence(10).tolist() == naive.octal_sequence(octal_digits(code), 10)
    assert len(g._values) <= g.first_length()
