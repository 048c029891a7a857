"""Tables on Dask (sprague.solve.wavefront): the same table as one process, on a real LocalCluster.

The cluster is reached by its scheduler address (as a multi-machine cluster is) and
made by ``workers=2``; a run resumes from the levels a checkpoint holds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import sprague
from sprague import cache
from sprague.errors import InvalidParameter

distributed = pytest.importorskip("dask.distributed", reason="Dask is in the [dask] and [dev] extras")


def _alone(name: str, hi: int, heaps: int, values: str) -> Any:
    with cache.using(False):
        return sprague.ruleset(name).table(hi, heaps=heaps, values=values)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


@pytest.mark.slow  # seconds of work; runs in CI's second pass
@pytest.mark.timeout(600)  # a hang guard
def test_a_table_on_a_local_cluster_equals_the_single_process_table(cluster):
    for name, heaps, hi in (("single-delete", 4, 14), ("delete-nim", 2, 30)):
        for values in ("grundy", "outcome"):
            seen: list[int] = []
            with cache.using(False):
                t = sprague.ruleset(name).table(
                    hi, heaps=heaps, values=values, scheduler=cluster.scheduler_address, progress=seen.append
                )
            alone = _alone(name, hi, heaps, values)
            assert np.array_equal(t.values, alone.values), (name, values)
            assert "on Dask, 2 workers" in t.method and sum(seen) == len(t)


@pytest.mark.slow
@pytest.mark.timeout(600)  # a hang guard
@pytest.mark.parametrize(
    "name,heaps,hi",
    [("abo-delete", 3, 14), ("nmth-delete", 4, 10), ("half-delete", 4, 9), ("single-delete", 5, 9), ("vdn", 2, 30)],
)
def test_more_of_the_family_on_a_local_cluster(cluster, name, heaps, hi):
    for values in ("grundy", "outcome"):
        with cache.using(False):
            t = sprague.ruleset(name).table(hi, heaps=heaps, values=values, scheduler=cluster.scheduler_address)
        assert np.array_equal(t.values, _alone(name, hi, heaps, values).values), (name, values)


@pytest.mark.timeout(600)  # a hang guard
def test_a_run_resumes_from_the_levels_its_checkpoint_holds(cluster, tmp_path):
    """Levels saved (in level order) by a run that stopped are not computed again; the table is the same."""
    from sprague.kernels import box
    from sprague.kernels.wave import level_ranks, levels

    name, heaps, hi = "single-delete", 4, 22  # 12,650 positions: tables from 10,000 go through the cache
    rules = sprague.ruleset(name)
    alone = _alone(name, hi, heaps, "grundy").values.astype(np.int32)
    binom = box.binomials(heaps, 1, hi)
    plan = levels(heaps, 1, hi)
    saved = np.concatenate([alone[level_ranks(heaps, 1, hi, t, z, binom)] for lev in plan[:30] for t, z in lev])
    store = cache.Cache(tmp_path, min_seconds=0)
    key = {**rules.cache_key(), "heaps": heaps, "min_heap": 1, "values": "grundy"}
    store.store("table-levels", {**key, "max_heap": hi}, saved, 1.0)
    wrong = np.zeros(len(saved) * 2, dtype=np.int32)  # another box's levels: a level's positions depend on max_heap
    store.store("table-levels", {**key, "max_heap": hi + 1}, wrong, 1.0)
    seen: list[int] = []
    with cache.using(store):
        t = rules.table(hi, heaps=heaps, values="grundy", scheduler=cluster.scheduler_address, progress=seen.append)
    assert np.array_equal(t.values, alone)
    assert seen[0] == len(saved) and sum(seen) == len(alone)  # the saved levels first, then the rest, once each
    assert t.resumed_from == len(saved) and f"continuing {len(saved):,} positions of a checkpoint" in t.method
    assert store.load("table", key) is not None  # the finished table is cached as one process would cache it
    assert store.load("table-levels", {**key, "max_heap": hi}) is None  # its checkpoint is gone
    assert store.load("table-levels", {**key, "max_heap": hi + 1}) is not None  # the other box's is not its


@pytest.mark.timeout(600)  # a hang guard
def test_workers_makes_a_local_cluster_for_the_cli(tmp_path, capsys):
    from sprague.cli import main

    assert (
        main(
            [
                "table",
                "single-delete",
                "--heaps",
                "3",
                "--max",
                "30",
                "--values",
                "grundy",
                "--workers",
                "2",
                "--quiet",
                "--no-cache",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    alone = _alone("single-delete", 30, 3, "grundy")
    assert "search by level on Dask, 2 workers" in out and f"{alone.p_count():,} P-positions" in out


def test_dask_options_are_refused_where_they_cannot_apply():
    from sprague.cli import main

    with pytest.raises(InvalidParameter, match="nim has no compiled box kernel"):
        sprague.ruleset("nim").table(5, heaps=3, workers=2)
    with pytest.raises(InvalidParameter, match="misère tables are valued position by position"):
        sprague.ruleset("single-delete").table(5, heaps=3, misere=True, workers=2)
    with pytest.raises(InvalidParameter, match="start at the smallest heap, 1: drop --min"):
        sprague.ruleset("single-delete").table(5, heaps=3, min_heap=2, workers=2)
    assert main(["table", "nim", "--workers", "2"]) == 2  # a 2-heap grid: --workers goes with --heaps
    with pytest.raises(InvalidParameter, match="workers=0 must be a positive integer"):
        sprague.ruleset("single-delete").table(30, heaps=3, workers=0)


@pytest.mark.timeout(600)  # a hang guard
def test_a_worker_that_leaves_ends_the_wait_with_one_line(cluster, monkeypatch):
    """A task pinned to a worker the cluster does not have (as one that left) is not waited for for ever."""
    from sprague.errors import SpragueError
    from sprague.solve import wavefront

    monkeypatch.setattr(wavefront, "WATCH_SECONDS", 0.2)
    gone = "tcp://127.0.0.1:9"
    with distributed.Client(cluster.scheduler_address) as dask:
        stuck = dask.submit(sum, [1, 2], workers=[gone], allow_other_workers=False, pure=False)
        with pytest.raises(SpragueError, match=f"the Dask worker {gone} left during the run"):
            wavefront._wait(dask, [stuck], [gone])
