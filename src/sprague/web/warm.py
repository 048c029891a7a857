"""Imported once by the worker pool's forkserver, so every worker starts warm.

The first computation that uses a numba kernel in a process costs about a
second (numba loads its compiled kernels from the on-disk cache and sets itself
up); a worker that paid it on a request would run past
:data:`sprague.web.pool.SLOW_AFTER` and be treated as long. Importing this
module computes the example position of every built-in ruleset (and a sequence,
a table and a discovery: :data:`sprague.rulesets.showcase.PAGE_EXAMPLES`), which
loads the kernels in the forkserver; the workers forked
from it inherit them. A failure here only leaves the workers colder.
"""

from __future__ import annotations

import gc
import json

# the modules the handlers import only when a request needs them, imported here once, by the forkserver: a fresh
# worker then has them, and its first request does not compile them (with PYTHONDONTWRITEBYTECODE set no .pyc is
# kept, and compiling sprague.play alone took 60 ms of CPU: the request counted long and the load test saw 503s)
import sprague.discover  # noqa: F401
import sprague.play  # noqa: F401
import sprague.theorems  # noqa: F401
import sprague.verify  # noqa: F401
from sprague.rulesets.showcase import PAGE_EXAMPLES
from sprague.web.handlers import handle, rulesets_report

__all__ = ["warm"]


def warm() -> int:
    """Compute the examples of every ruleset; returns how many answered 200."""
    requests = [
        ("value", {"ruleset": row["name"], "params": row["example_params"], "position": row["example_position"]})
        for row in rulesets_report()
    ]
    (seq, seq_params), (tab, tab_params), (disc, disc_params) = (
        PAGE_EXAMPLES[k] for k in ("sequence", "table", "discover")
    )
    requests += [
        ("sequence", {"ruleset": seq, "params": seq_params, "to": 40}),
        ("table", {"ruleset": tab, "params": tab_params, "max": 6, "values": "grundy"}),
        ("discover", {"ruleset": disc, "params": disc_params, "heaps": 2, "max": 4, "budget": 20_000}),
    ]
    return sum(handle(endpoint, json.dumps(body).encode(), 10_000)[0] == 200 for endpoint, body in requests)


try:
    warm()
except Exception:  # noqa: BLE001 - a colder start, not a broken server
    pass

# the objects made so far live as long as the forkserver: out of the collector's sight, a fresh worker's garbage
# collections do not walk them, and do not copy on write the pages they sit on
gc.collect()
gc.freeze()
