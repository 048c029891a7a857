"""The take-and-break kernels (sprague.kernels.takebreak) against the plain O(n^2) recursion of tests/naive.py."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import naive
import sprague
from sprague.kernels import config
from sprague.kernels import takebreak as tb
from sprague.kernels import takebreak_run as tr

NONE = np.zeros(0, dtype=np.int64)
GRUNDY = ([], [], [0], True)


def octal_moves(code: str) -> tuple[list[int], list[int], list[int], bool]:
    return sprague.ruleset("octal", code=code).take_break_moves()


def octal_digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or 0)] + [int(d) for d in tail]


def run(
    moves: tuple[list[int], list[int], list[int], bool],
    n: int,
    prefix: int,
    chunk: int = 1 << 16,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> list[int]:
    if monkeypatch is not None:
        monkeypatch.setattr(tr, "PREFIX", prefix)
    g = np.zeros(n, dtype=np.int64)
    reached = list(tr.extend(g, 0, *moves, chunk=chunk))
    assert reached[-1] == n and reached == sorted(reached)
    return g.tolist()


def test_grundys_game_sparse_space_equals_the_naive_recursion(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short naive prefix (64) so that the sparse kernel does almost all the work; small chunks too."""
    truth = naive.grundys_game_sequence(4000)
    assert run(GRUNDY, 4000, prefix=64, chunk=777, monkeypatch=monkeypatch) == truth


CODES = ["0.77", "0.137", "0.07", "4.7", "0.51", "0.6", "0.007", "4.07", "0.4", "0.16", "0.3", "4.3", "0.1337"]


@pytest.mark.parametrize(
    "code", CODES + ["0." + "".join(random.Random(i).choice("01234567") for _ in range(4)) + "7" for i in range(6)]
)
def test_octal_sparse_space_equals_the_naive_recursion(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    truth = naive.octal_sequence(octal_digits(code), 1500)
    assert run(octal_moves(code), 1500, prefix=40, chunk=500, monkeypatch=monkeypatch) == truth


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("mask", [~0, ~1, 1, 2, 6, ~5, 1 << 9])
def test_every_mask_gives_the_same_values(mask: int, threads: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mask only changes the speed: a poor one (most positions rare) must still be exact, on one worker or
    two (Grundy's game: the pair of two equal heaps is not a move).

    The rare list starts with room for 4 heaps: the kernel stops and resumes as it fills."""
    monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_RETRY", 0)
    monkeypatch.setattr(tr, "PREFIX", 10)
    monkeypatch.setattr(tr, "_RARE_ROOM", 4)
    n = 2500
    truth = naive.grundys_game_sequence(n)
    run = tr.Run(*GRUNDY, np.zeros(0, dtype=np.uint8), n, chunk=601, threads=threads, masks=[mask])
    assert list(run.extend())[-1] == n
    assert run.values.tolist() == truth
    assert run.history == [(10, mask, False)] and run.mask == mask
    assert run.rare[: run.n_rare].tolist() == [r for r in range(1, n) if bin(truth[r] & mask).count("1") % 2 == 0]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("code", ["0.204", "0.214", "grundy", "0.6", "4.07"])
def test_masks_reading_the_heaps_parity_give_the_same_values(
    code: str, threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Masks that read the heap's parity (heap r rare when popcount(G(r) & m) + r % 2 is even, as J. Czajka's
    ``pos`` masks) change the speed, never the values: forced in turn with plain masks, chunk after chunk,
    against tests/naive.py, with the rare heaps counted one by one."""
    monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_RETRY", 0)
    monkeypatch.setattr(tr, "PREFIX", 20)
    monkeypatch.setattr(tr, "_RARE_ROOM", 4)
    n = 2500
    if code == "grundy":
        moves, truth = GRUNDY, naive.grundys_game_sequence(n)
    else:
        moves, truth = octal_moves(code), naive.octal_sequence(octal_digits(code), n)
    masks: list[int | tuple[int, bool]] = [(~0, True), (1, True), ~1, (3, False), (~6, True), (5, True)]
    run = run_values(moves, n, chunk=301, threads=threads, masks=masks)
    assert run.values.tolist() == truth
    forced = [(m, False) if isinstance(m, int) else m for m in masks]
    assert [(m, p) for _, m, p in run.history] == [forced[i % len(forced)] for i in range(len(run.history))]
    mask, parity, k = run.mask, int(run.parity), moves[2][0]  # the keys count the parity of r - k
    rare = [r for r in range(1, n) if (bin(truth[r] & mask).count("1") + parity * (r - k)) % 2 == 0]
    assert run.rare[: run.n_rare].tolist() == rare


def test_the_heaps_parity_is_read_only_when_the_split_amounts_share_a_parity(monkeypatch: pytest.MonkeyPatch) -> None:
    """0.44 splits after taking 1 or 2 tokens: a class of a pair's value then depends on the split, and a mask
    reading the heap's parity is refused (a clear error) when forced, and never chosen."""
    monkeypatch.setattr(tr, "PREFIX", 50)
    moves = octal_moves("0.44")
    with pytest.raises(ValueError, match="one parity"):
        run_values(moves, 200, chunk=97, threads=1, masks=[(1, True)])
    with pytest.raises(ValueError, match="mask 0 makes every value rare"):
        run_values(moves, 200, chunk=97, threads=1, masks=[0])
    run = run_values(moves, 3000, chunk=500, threads=1)
    assert run.values.tolist() == naive.octal_sequence(octal_digits("0.44"), 3000)
    assert not any(parity for _, _, parity in run.history)


@pytest.mark.parametrize("code", ["0.204", "0.214", "0.6", "grundy"])
def test_the_chosen_mask_is_the_cheapest_with_or_without_the_heaps_parity(code: str) -> None:
    """The Walsh-Hadamard prices over keys 2 v + r % 2 equal the rare heaps counted one mask at a time, over every
    finite and infinite mask, with and without the heap's parity; 0.204 and 0.214 take a mask reading it."""
    n = 4096
    if code == "grundy":
        moves, truth = GRUNDY, naive.grundys_game_sequence(n)
    else:
        moves, truth = octal_moves(code), naive.octal_sequence(octal_digits(code), n)
    run = tr.Run(*moves, np.array(truth, dtype=np.int64), n + 1, threads=1)
    run.steps.budget = 0  # count and choose only: no value computed
    assert list(run.extend()) == []
    values, heaps = np.array(truth[1:], dtype=np.int64), np.arange(1, n) - moves[2][0]
    popcount = np.array([bin(v).count("1") for v in range(1 << max(truth).bit_length())])

    def cost(mask: int, parity: int) -> int:  # rare heaps, one by one
        return int(np.count_nonzero((popcount[values & mask] + parity * heaps) % 2 == 0))

    bits = max(truth).bit_length()
    masks = [*range(1, 1 << bits), *(~f for f in range(1 << bits))]  # the mask 0 is never a candidate
    plain = min(cost(m, 0) for m in masks)
    best = min(plain, *(cost(m, 1) for m in masks))
    assert run.n_rare == best == cost(run.mask, int(run.parity))
    if code.startswith("0.2"):  # Czajka's analyser reads the heap's parity in both (its rare_mask=1bapos)
        assert run.parity and best < plain / 2


def rare_count(values: list[int], mask: int, parity: bool = False, k: int = 0) -> int:
    """Heaps 1.. with an even masked popcount, counted one by one (Python ints: infinite masks are negative), with
    ``parity`` that of the heap less ``k`` added."""
    return sum(1 for r, v in enumerate(values) if r and (bin(v & mask).count("1") + parity * (r - k)) % 2 == 0)


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
        list(tr.extend(np.zeros(4, dtype=np.int32), 0, *GRUNDY))
    with pytest.raises(ValueError, match="start=9"):
        list(tr.extend(np.zeros(4, dtype=np.int64), 9, *GRUNDY))
    with pytest.raises(sprague.InvalidPosition, match="negative"):
        sprague.ruleset("grundys-game").sequence(-3)


def test_interrupted_sequence_keeps_what_is_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (a KeyboardInterrupt from the progress callback) keeps the values computed so far."""
    monkeypatch.setattr(tr, "CHUNK", 1000)
    gg = sprague.ruleset("grundys-game")
    calls = []

    def progress(k: int) -> None:
        calls.append(k)
        if sum(calls) >= 5000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        gg.sequence(20_000, progress=progress)
    kept = len(gg.solver.values)
    assert 5000 <= kept < 20_000
    assert gg.solver.values.tolist() == naive.grundys_game_sequence(kept)


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07", "0.51", "0.4", "0.16"])
def test_constructed_options_reach_every_value_the_rules_reach(code: str) -> None:
    """heap_option_with_value scans only splits with a part below n0 + p; it must still reach every value."""
    g = sprague.ruleset("octal", code=code)
    per = g.periodicity()
    truth = naive.octal_sequence(octal_digits(code), 900)
    for n in range(2 * (per.preperiod + per.period), 900, 7):
        reachable = {
            truth[n - k] for k in range(1, len(octal_digits(code))) if octal_digits(code)[k] & 2 and n - k >= 1
        }
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
    import io

    from sprague.cli import main

    out = io.StringIO()
    assert main(["sequence", "grundys-game", "--to", "4999"], out=out) == 0
    line = [x for x in out.getvalue().splitlines() if x.startswith("sparse space")][0]
    assert f"{len(rare):,} of heaps 1..4,999" in line and line.endswith(f"the last at n = {rare[-1]}")


@pytest.mark.parametrize("code", ["0.007", "0.6", "0.7777777777"])
def test_a_short_sequence_does_not_search_far_for_a_period(code: str) -> None:
    """Codes with no short period: sequence(10) tries one cheap certificate only (it used to search 2M values)."""
    g = sprague.ruleset("octal", code=code)
    assert g.sequence(10).tolist() == naive.octal_sequence(octal_digits(code), 10)
    assert len(g.solver.values) <= g.first_length()


# --- records (issue 16, item 5): mask re-choice, value types, two threads, values computed, resume -------------


def random_digits(rnd: random.Random) -> list[int]:
    digits = [rnd.choice([0, 0, 4])] + [rnd.choice("0123456777") for _ in range(rnd.randrange(1, 5))]
    digits = [int(d) for d in digits]
    digits[-1] = digits[-1] or 7
    return digits


def digit_moves(digits: list[int]) -> tuple[list[int], list[int], list[int], bool]:
    return (
        [k for k in range(1, len(digits)) if digits[k] & 1],
        [k for k in range(1, len(digits)) if digits[k] & 2],
        [k for k in range(len(digits)) if digits[k] & 4],
        False,
    )


def run_values(moves: tuple[list[int], list[int], list[int], bool], n: int, **options: object) -> tr.Run:
    run = tr.Run(*moves, np.zeros(0, dtype=np.uint8), n, **options)  # type: ignore[arg-type]
    reached = list(run.extend())
    assert reached == sorted(reached) and reached[-1] == n
    return run


@pytest.mark.parametrize("seed", range(8))
def test_mask_changes_between_chunks_keep_the_values_exact(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random codes, a short naive prefix, small chunks and a mask forced to change at every chunk (good masks,
    poor ones, finite and infinite): the values are the naive recursion's."""
    rnd = random.Random(seed)
    digits = random_digits(rnd)
    monkeypatch.setattr(tr, "PREFIX", rnd.choice([8, 30, 64]))
    moves = digit_moves(digits)
    parity = len({k % 2 for k in moves[2]}) <= 1  # masks reading the heap's parity too, when allowed
    choices: list[int | tuple[int, bool]] = [~0, ~1, 1, 2, 3, 6, ~5, ~6, 12, 1 << 7]
    masks = [rnd.choice(choices + [(m, True) for m in choices if parity]) for _ in range(5)]
    truth = naive.octal_sequence(digits, 1500)
    run = run_values(moves, 1500, chunk=rnd.choice([97, 250]), threads=1, masks=masks)
    assert run.values.tolist() == truth, digits
    assert len({(mask, parity) for _, mask, parity in run.history}) > 1
    k = min(moves[2], default=0)  # a mask reading the heap's parity reads that of r - k
    assert run.rare[: run.n_rare].tolist() == [
        r for r in range(1, 1500) if (bin(truth[r] & run.mask).count("1") + run.parity * (r - k)) % 2 == 0
    ]


@pytest.mark.parametrize("code", ["0.04", "0.06"])
def test_the_mask_is_chosen_again_when_the_rare_heaps_grow(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """0.04 and 0.06: the best mask on the first 64 values leaves more and more heaps rare; chosen again between
    chunks, the kernel switches (to a mask making at most 9/10 as many heaps rare, counted one by one here), stays
    exact, and ends with fewer rare heaps than the first mask would leave."""
    monkeypatch.setattr(tr, "PREFIX", 64)
    n = 6000
    truth = naive.octal_sequence(octal_digits(code), n)
    run = run_values(octal_moves(code), n, chunk=500, threads=1)
    assert run.values.tolist() == truth
    assert len(run.history) >= 2, run.history
    k = octal_moves(code)[2][0]
    for (at, mask, parity), (_, before, before_parity) in zip(run.history[1:], run.history):
        assert rare_count(truth[:at], mask, parity, k) <= tr.config.TAKE_BREAK_REMASK_RATIO * rare_count(
            truth[:at], before, before_parity, k
        )
    assert run.n_rare == rare_count(truth, run.mask, run.parity, k) < rare_count(truth, *run.history[0][1:], k)


@pytest.mark.parametrize("prefix", [40, 2048])
def test_values_widen_from_uint8_to_uint16(prefix: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """0.666...6 (60 digits) passes 255 at heap 366: in the sparse kernel (prefix 40) or the naive one."""
    monkeypatch.setattr(tr, "PREFIX", prefix)
    digits = [0] + [6] * 60
    truth = naive.octal_sequence(digits, 1500)
    assert max(truth[:366]) <= 255 < truth[366]
    for threads in (1, 2):
        monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
        monkeypatch.setattr(tr.config, "TAKE_BREAK_RETRY", 0)
        run = run_values(digit_moves(digits), 1500, chunk=300, threads=threads)
        assert run.values.dtype == np.uint16 and run.values.tolist() == truth
    assert tb.value_dtype(255) == np.uint8 and tb.value_dtype(65536) == np.uint32


@pytest.mark.parametrize("chunk", [97, 700])
@pytest.mark.parametrize("code", ["grundy", "0.6", "0.04", "0.16", "4.07", "0.06"])
def test_two_workers_equal_one_worker_and_the_naive_recursion(
    code: str, chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers on alternate heaps against one worker and tests/naive.py, with mask changes forced between
    chunks, from the first rare heap on (PIPELINE_FROM = 0): the same values and rare heaps, and nearly the same
    steps counted."""
    monkeypatch.setattr(tr, "PREFIX", 50)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_RETRY", 0)  # always two threads (no timed trials of one)
    n = 3000
    if code == "grundy":
        moves, truth = GRUNDY, naive.grundys_game_sequence(n)
    else:
        moves, truth = octal_moves(code), naive.octal_sequence(octal_digits(code), n)
    two = run_values(moves, n, chunk=chunk, threads=2, masks=[~0, ~1, 6, ~0])
    one = run_values(moves, n, chunk=chunk, threads=1, masks=[~0, ~1, 6, ~0])
    assert two.values.tolist() == one.values.tolist() == truth
    assert two.n_rare == one.n_rare and two.history == one.history
    # the same work shared out, plus what a worker did on a heap past a stop (a new value type or tables)
    assert one.steps.done <= two.steps.done <= 1.01 * one.steps.done


def worker_state(truth: list[int], start: int, stop: int) -> tuple[tuple[object, ...], np.ndarray]:
    """Grundy's game from ``start``: the arguments of :func:`sprague.kernels.takebreak._work` up to the row
    of ``seen`` and the shared words."""
    g = np.zeros(stop, dtype=np.uint8)
    g[:start] = truth[:start]
    mask = tb.choose_mask(g[:start])
    table = tb._rare_table(1024, 2 * mask)  # the mask over keys 2 v + (r - k) % 2, the parity not read
    rare, rare_value = np.zeros(stop, dtype=np.int64), np.zeros(stop, dtype=np.int64)
    sync = np.zeros(tr._SYNC_SIZE, dtype=np.int64)
    sync[tb._NEXT] = sync[tb._REACHED] = start
    sync[tb._N_RARE] = tb._list_rare(g, start, 0, table, rare, rare_value)
    split = np.array([0])
    args = (g, stop, NONE, NONE, split, True, table, rare, rare_value, np.zeros(2048, dtype=np.int64), 512)
    return (*args, tr.UNLIMITED, 255), sync


@pytest.mark.timeout(600)  # a hang guard
def test_two_workers_on_one_thread_do_not_hang() -> None:
    """Both workers on one thread, one after the other (the second thread not running until the first is done):
    the first claims every heap, the second finds none left and returns; never a wait for a partner that is not
    running."""
    truth = naive.grundys_game_sequence(4000)
    args, sync = worker_state(truth, 3000, 4000)
    rows = [np.full(1024, -1, dtype=np.int64), np.zeros(1024, dtype=np.bool_), np.zeros(1024, dtype=np.int64)]
    tb._work(*args, *rows, sync, 1)  # the second worker, alone
    tb._work(*args, *rows, sync, 0)  # the first, after it: nothing left
    assert sync[tb._REACHED] == 4000 and sync[tb._STOP] == 0
    assert sync[tb._NEXT] == 4002  # each worker's last claim was past the end
    assert args[0].tolist() == truth  # type: ignore[attr-defined]


@pytest.mark.timeout(600)  # a hang guard
def test_a_worker_kept_waiting_sleeps_until_the_heap_it_needs_is_published() -> None:
    """A worker whose partner holds the heap before its own for long spins briefly, then sleeps (counted in
    sync[_SLEPT]; as Python the sleep returns at once, and it looks again); publishing that heap (_publish)
    releases it, and it values the rest exactly."""
    import threading
    import time

    truth = naive.grundys_game_sequence(4000)
    args, sync = worker_state(truth, 3000, 4000)
    g = args[0]
    sync[tb._NEXT] = 3001  # heap 3000 is the partner's, not yet published
    rows = [np.full(1024, -1, dtype=np.int64), np.zeros(1024, dtype=np.bool_), np.zeros(1024, dtype=np.int64)]
    worker = threading.Thread(target=tb._work, args=(*args, *rows, sync, 1))
    worker.start()
    while sync[tb._SLEPT] == 0:  # until it has slept (the hang guard above, if it never does)
        time.sleep(0.001)
    assert sync[tb._REACHED] == 3000 and worker.is_alive()
    g[3000], table, rare, rare_value = truth[3000], *args[6:9]  # type: ignore[index, misc]  # the partner's heap
    if table[3000 % 2, truth[3000]]:  # rare: listed before it is published
        rare[sync[tb._N_RARE]], rare_value[sync[tb._N_RARE]] = 3000, truth[3000]
        sync[tb._N_RARE] += 1
    tb._publish(sync, 3001)
    worker.join()
    assert sync[tb._REACHED] == 4000 and sync[tb._SLEEPERS] == 0 and sync[tb._STOP] == 0 and sync[tb._SLEPT] >= 1
    assert g.tolist() == truth  # type: ignore[attr-defined]
    # a stop asked while it sleeps: it returns without valuing its heap
    args, sync = worker_state(truth, 3000, 4000)
    sync[tb._NEXT] = 3001
    worker = threading.Thread(target=tb._work, args=(*args, *rows, sync, 1))
    worker.start()
    while sync[tb._SLEPT] == 0:
        time.sleep(0.001)
    tb._stop(sync, tb._BUDGET)
    worker.join()
    assert sync[tb._REACHED] == 3000 and sync[tb._STATUS] == tb._BUDGET and not args[0][3000:].any()  # type: ignore[index]


@pytest.mark.parametrize("alone", [1, 2])
def test_a_worker_left_waiting_goes_on_alone(alone: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker kept waiting longer than it works (the other thread not running: a busy machine) marks itself
    as going on alone (sync[_SOLO] = its number); the other then claims no more heaps, the values stay exact,
    and the next chunks run on one thread."""
    truth = naive.grundys_game_sequence(4000)
    args, sync = worker_state(truth, 3000, 4000)
    sync[tb._SOLO] = alone
    rows = [np.full((2, 1024), -1, dtype=np.int64), np.zeros((2, 1024), dtype=np.bool_), np.zeros((2, 1024), np.int64)]
    tr._work_two(tb._work, *args, *rows, sync)
    assert sync[tb._REACHED] == 4000 and args[0].tolist() == truth  # type: ignore[attr-defined]
    assert sync[tb._STEPS + 8 * (2 - alone)] == 0  # the other worker did nothing
    monkeypatch.setattr(tr, "PREFIX", 50)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
    real, used = tr._work_two, []

    def busy(work: object, *call: object) -> None:
        call[-1][tb._SOLO] = 1  # type: ignore[index]  # as if worker 0 had waited too long at once
        used.append(True)
        real(work, *call)

    monkeypatch.setattr(tr, "_work_two", busy)
    run = run_values(GRUNDY, 4000, chunk=400, threads=2)
    assert run.values.tolist() == truth and run._rates[True] == 0.0
    assert len(used) == 1  # the trial chunk on two threads; one thread after it


def test_a_budget_or_a_full_rare_list_stops_before_a_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker stops between two values: at the budget (status _BUDGET), or before a rare value with no room
    left in the rare list (_FULL); what it reached is exact and nothing past it is written."""
    truth = naive.grundys_game_sequence(4000)
    rows = [np.full(1024, -1, dtype=np.int64), np.zeros(1024, dtype=np.bool_), np.zeros(1024, dtype=np.int64)]
    args, sync = worker_state(truth, 3000, 4000)
    tb._work(*args[:11], 200_000, *args[12:], *rows, sync, 0)
    reached = int(sync[tb._REACHED])
    assert 3000 < reached < 4000 and sync[tb._STATUS] == tb._BUDGET and sync[tb._STEPS] >= 200_000
    assert args[0][:reached].tolist() == truth[:reached] and not args[0][reached:].any()  # type: ignore[index]
    args, sync = worker_state(truth, 3000, 4000)
    room = int(sync[tb._N_RARE])
    args = (*args[:7], args[7][:room], args[8][:room], *args[9:])  # the rare list is full
    tb._work(*args, *rows, sync, 0)
    reached = int(sync[tb._REACHED])
    assert sync[tb._STATUS] == tb._FULL and args[6][reached % 2, truth[reached]]  # type: ignore[index]  # stopped before a rare value
    assert args[0][:reached].tolist() == truth[:reached] and reached < 4000  # type: ignore[index]


def test_sequence_computes_no_value_past_the_n_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """sequence(n) of codes with no period proved by n (0.6 Officers, 0.16, 4.44) runs the kernel over each value
    once: the doubling prefixes of its search for a certificate are capped at n (sequence.at_most)."""
    from sprague import cache as _cache

    computed: list[int] = []
    extend = tr.Run.extend

    def counting(run: tr.Run) -> Iterator[int]:
        start = run.reached
        for reached in extend(run):
            computed.append(reached - start)
            start = reached
            yield reached

    monkeypatch.setattr(tr.Run, "extend", counting)
    # small work is done in plain Python while numba is not loaded yet (as when this test runs alone): the kernel
    monkeypatch.setattr(config, "TAKE_BREAK_PYTHON_STEPS", 0)
    for code, n in (("0.6", 70_000), ("0.16", 65_536), ("4.44", 40_000), ("0.6", 2048 * 5)):
        computed.clear()
        game = sprague.ruleset("octal", code=code)
        with _cache.using(False):  # computed, not read from a cache another test filled
            values = game.sequence(n, max_positions=10**9)
        assert len(values) == n and sum(computed) == n, (code, n, sum(computed))
        assert game.known_length == n


_KILLED_RUN = """
import sys, time
import sprague
from sprague import cache
from sprague.kernels import takebreak_run
cache.CHECKPOINT_SECONDS = 0.0
takebreak_run.CHUNK = 500
def slow(k):
    time.sleep(0.02)  # a long run, to be killed outright while it runs
sprague.ruleset("grundys-game").sequence(int(sys.argv[1]), progress=slow)
"""


@pytest.mark.timeout(900)  # a hang guard
def test_a_killed_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    """A run killed outright (SIGKILL: no finally, no Ctrl-C handler) leaves its last checkpoint in the results
    cache, in uint8 as computed; a fresh run continues from it, computes only the values past it, and ends with
    the values of an uninterrupted run."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from sprague import cache as _cache

    n = 30_000
    env = {**os.environ, "SPRAGUE_CACHE_DIR": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    store = _cache.Cache(tmp_path, min_seconds=0.0)
    key = sprague.ruleset("grundys-game").cache_key()
    child = subprocess.Popen([sys.executable, "-c", _KILLED_RUN, str(n)], env=env)
    try:
        deadline = time.monotonic() + 600  # a hang guard: the child writes its checkpoints in seconds when idle
        while (store.stored_length("sequence", key) or 0) < 6000 and child.poll() is None:
            assert time.monotonic() < deadline, "no checkpoint written"
            time.sleep(0.05)
        assert child.poll() is None, "the run ended before it could be killed"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=120)  # a hang guard: after SIGKILL it ends at once
    stored = store.load("sequence", key)
    assert stored is not None and stored.dtype == np.uint8 and 6000 <= len(stored) < n
    truth = run_values(GRUNDY, n, threads=1).values
    assert stored.tolist() == truth[: len(stored)].tolist()
    again: list[int] = []
    with _cache.using(store):
        values = sprague.ruleset("grundys-game").sequence(n, progress=again.append)
    assert values.tolist() == truth.tolist()
    assert sum(again) == n - len(stored)  # only the values past the checkpoint were computed
    assert truth[:4000].tolist() == naive.grundys_game_sequence(4000)


def test_two_threads_are_tried_against_one_and_the_faster_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial (one chunk on one thread, the next on two) comes first, then TAKE_BREAK_RETRY chunks later, or
    twice as many chunks later than last time while two threads win by a fifth; between trials the faster is
    used. The values are exact whichever runs."""
    monkeypatch.setattr(tr, "PREFIX", 50)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_PIPELINE_FROM", 0)
    monkeypatch.setattr(tr.config, "TAKE_BREAK_RETRY", 4)
    run = run_values(GRUNDY, 4000, chunk=400, threads=2)
    assert run.values.tolist() == naive.grundys_game_sequence(4000)

    def picks(one: float, two: float, chunks: int) -> list[bool]:
        trial = tr.Run(*GRUNDY, np.zeros(0, dtype=np.uint8), 10, threads=2)
        used = []
        for _ in range(chunks):
            used.append(trial._pick())
            trial._rates = {False: one, True: two}  # as if the chunk had been timed
        return used

    two_wins = picks(1.0, 1.5, 30)
    assert [i for i, two in enumerate(two_wins) if not two] == [0, 4, 12, 28]  # trials 4, 8, 16 chunks apart
    one_wins = picks(1.0, 0.9, 12)
    assert one_wins == [False, True, False, False, False, True, False, False, False, True, False, False]
    close = picks(1.0, 1.1, 12)  # two threads faster, but not by a fifth: trials stay 4 chunks apart
    assert [i for i, two in enumerate(close) if not two] == [0, 4, 8]


def test_sprague_sequence_reports_values_per_second(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A computation of a second or more ends with a line on stderr: values computed and values/s (--quiet: none)."""
    import io

    from sprague import cache as _cache
    from sprague.cli import main
    from sprague.cli.commands import sequence as command

    monkeypatch.setattr(command, "_SPEED_FROM", 0.0)
    with _cache.using(False):
        assert main(["sequence", "grundys-game", "--to", "2999", "--no-cache"], out=io.StringIO()) == 0
        err = capsys.readouterr().err
        assert re.search(r"^sprague: computed 3,000 values in [\d.,]+ s \([\d,]+ values/s\)$", err, re.M), err
        assert main(["sequence", "grundys-game", "--to", "2999", "--no-cache", "--quiet"], out=io.StringIO()) == 0
        assert "values/s" not in capsys.readouterr().err
