"""Test session set-up: the results cache goes to a temporary directory, never the user's; every misère quotient
a test computes is checked by the independent verifier (issue 33)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

#: tests/data holds data, and a plugin package (with its own tests, run by tests/core/test_plugin_games.py once
#: the package is installed): not collected here
collect_ignore_glob = ["tests/data/*"]

_CACHE = tempfile.mkdtemp(prefix="sprague-test-cache-")
os.environ["SPRAGUE_CACHE_DIR"] = _CACHE


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(autouse=True)
def _every_quotient_is_verified(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Wrap the quotient engine's one exit (``sprague.analysis.quotient._compute``, reached by
    ``misere_quotient``, ``Ruleset.misere_quotient``, ``sprague quotient``, the sweep and the prover alike) so
    that each quotient computed in this test's process is handed, after the test, to
    :func:`sprague.analysis.quotient_check.check_quotient`, which shares no code with the engine: its table must
    be a monoid, its P-portion correct for every sum of heaps up to its bound, the heaps must generate it and
    every two elements must be told apart. Quotients computed in other processes (a server's workers, a CLI
    subprocess) are not seen here; the tests of those compare with search instead."""
    from sprague.analysis import quotient

    computed: list[Any] = []
    engine = quotient._compute

    def compute(heap_options: Any, *args: Any, **kwargs: Any) -> Any:
        q = engine(heap_options, *args, **kwargs)
        computed.append((heap_options, q))
        return q

    monkeypatch.setattr(quotient, "_compute", compute)
    yield computed
    if computed:
        import sprague
        from sprague.analysis.quotient_check import check_quotient

        with sprague.budget(work=10**10):  # the check is cubic in the order: 47M units for the 360 of 0.07
            for heap_options, q in computed:
                c = check_quotient(heap_options, q.table, q.p_portion, q.phi)
                assert c.ok, f"the independent verifier refutes a quotient of order {q.order}: {c.verdict()}"
