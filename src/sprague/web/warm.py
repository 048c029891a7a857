"""Imported once by the worker pool's forkserver, so every worker starts warm.

The first computation that uses a numba kernel in a process costs about a
second (numba loads its compiled kernels from the on-disk cache and sets itself
up; on a first start it compiles them, which takes a minute or more); a worker
that paid it on a request would run past :data:`sprague.web.pool.SLOW_AFTER` and
be treated as long. Importing this module computes the example position of every
built-in ruleset (and a sequence, a table and a discovery:
:data:`sprague.rulesets.showcase.PAGE_EXAMPLES`), which loads the kernels in the
forkserver; the workers forked from it inherit them. Its progress goes to the
file :mod:`sprague.web.startup` reads (``sprague serve`` prints it). A failure
here only leaves the workers colder.
"""

from __future__ import annotations

import gc

# the modules the handlers import only when a request needs them, imported here once, by the forkserver: a fresh
# worker then has them, and its first request does not compile them (with PYTHONDONTWRITEBYTECODE set no .pyc is
# kept, and compiling sprague.play alone took 60 ms of CPU: the request counted long and the load test saw 503s)
import sprague.discover  # noqa: F401
import sprague.play  # noqa: F401
import sprague.theorems  # noqa: F401
import sprague.verify  # noqa: F401
from sprague.web.startup import warm, warm_forkserver

__all__ = ["warm"]

warm_forkserver()

# the objects made so far live as long as the forkserver: out of the collector's sight, a fresh worker's garbage
# collections do not walk them, and do not copy on write the pages they sit on
gc.collect()
gc.freeze()
