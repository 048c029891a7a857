"""The period searches sift candidate periods with NumPy on long prefixes: the answers must be those of the
plain scan over every period, on every input (the sifting is only allowed to skip periods that cannot win)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprague.analysis import periodicity
from sprague.analysis.periodicity import find_period
from sprague.theorems.periodic import certify_takebreak


def _sequences() -> st.SearchStrategy[list[int]]:
    """Short noisy prefixes followed by a (possibly arithmetic) repeating block, and plain noise."""

    def build(head: list[int], block: list[int], saltus: int, reps: int, tail: list[int]) -> list[int]:
        body = [v + q * saltus for q in range(reps) for v in block]
        return head + body + tail

    planted = st.builds(
        build,
        st.lists(st.integers(0, 9), max_size=30),
        st.lists(st.integers(0, 6), min_size=1, max_size=12),
        st.integers(0, 3),
        st.integers(1, 40),
        st.lists(st.integers(0, 9), max_size=3),
    )
    return st.one_of(planted, st.lists(st.integers(0, 5), max_size=200))


@pytest.fixture
def numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(periodicity, "VECTOR_FROM", 0)
    monkeypatch.setattr(periodicity, "_CHUNK", 7)  # several chunks even on short inputs


def _both(monkeypatch: pytest.MonkeyPatch, call: object) -> tuple[object, object]:
    plain = call()  # type: ignore[operator]
    monkeypatch.setattr(periodicity, "VECTOR_FROM", 0)
    monkeypatch.setattr(periodicity, "_CHUNK", 7)
    sifted = call()  # type: ignore[operator]
    monkeypatch.undo()
    return plain, sifted


@settings(max_examples=300, deadline=None)
@given(_sequences(), st.sampled_from([None, 0, 1, 3, 40]), st.booleans(), st.integers(1, 4))
def test_find_period_sifted_is_the_plain_scan(
    values: list[int], window: int | None, arithmetic: bool, repeats: int
) -> None:
    with pytest.MonkeyPatch.context() as mp:
        plain, sifted = _both(mp, lambda: find_period(values, window, arithmetic=arithmetic, min_repeats=repeats))
    assert plain == sifted


@settings(max_examples=300, deadline=None)
@given(_sequences(), st.integers(0, 6), st.integers(1, 3))
def test_certify_takebreak_sifted_is_the_plain_scan(values: list[int], t: int, j: int) -> None:
    with pytest.MonkeyPatch.context() as mp:
        plain, sifted = _both(mp, lambda: certify_takebreak(values, last_digit=t, max_heaps=j))
    assert plain == sifted


def test_unsigned_arrays_give_negative_differences_right() -> None:
    """Values stored as unsigned integers (the take-and-break kernel's) must not wrap when subtracted."""
    values = np.array([5, 3, 1] * 2000, dtype=np.uint16)  # period 3, differences -2 within it
    per = find_period(values, arithmetic=True)
    assert per is not None and (per.period, per.saltus) == (3, 0)
    falling = np.array([9, 7] + [7 - k % 3 for k in range(5000)], dtype=np.uint8)
    assert find_period(falling, arithmetic=True) == find_period(falling.astype(np.int64).tolist(), arithmetic=True)


def test_long_prefix_is_quick_and_right() -> None:
    """A million values with a long preperiod: the sifted search finds the planted period (observed)."""
    rng = np.random.default_rng(5)
    head = rng.integers(0, 50, 1000)
    block = rng.integers(0, 50, 977)
    values = np.concatenate([head, np.tile(block, 1024)]).astype(np.uint16)
    per = find_period(values)
    assert per is not None and per.period == 977 and per.preperiod <= 1000 and not per.certified
    proved = certify_takebreak(values, last_digit=3, max_heaps=2)  # the relation holds on the prefix: proved form
    assert proved is not None and proved.period == 977
