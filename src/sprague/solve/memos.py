"""Memos of components kept across processes, in the results cache.

A game that falls apart into components values each component once up to symmetry, keyed
by its canonical form (Cram's regions up to the square's symmetries, Node and Arc Kayles'
connected graphs up to isomorphism), in a memo of its solver. :func:`kept` saves that memo
in the results cache (:mod:`sprague.cache`, kind ``"memo"``) after a computation that took
at least the cache's ``min_seconds``, and the next process that values a position of the
same game reads it back before it starts: an equivalent component met again, in this
process or a later one, is a look-up.

An entry's key names the ruleset, its parameters and the memo; its array is the memo
encoded by the game (one int64 array; more components make a longer one, and the cache
keeps the longer of two). A budget stop saves what was valued before it, so a question
asked again goes on from there. A cache that cannot be read or written never makes a
computation fail (:mod:`sprague.cache`); ``--no-cache`` (Python: ``sprague.cache.use(False)``)
turns this off.

>>> import tempfile, sprague
>>> from sprague.cache import Cache, using
>>> with tempfile.TemporaryDirectory() as tmp, using(Cache(tmp, min_seconds=0)):
...     first = sprague.ruleset("node-kayles")
...     g = first.grundy(first.check_position("G3x3"))
...     again = sprague.ruleset("node-kayles")   # a new solver, as in a new process
...     h = again.grundy(again.check_position("G2x3"))   # its memo starts from the one saved
...     known = again.solver.cache["graph components"]
...     (g, h), len(known) >= len(first.solver.cache["graph components"])
((1, 1), True)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from sprague.cache import active

__all__ = ["KIND", "kept", "key"]

KIND = "memo"  #: the cache entries' kind


def key(rules: Any, name: str) -> dict[str, Any]:
    """The cache key of the memo ``name`` of a ruleset: its name, its parameters and the memo's name."""
    return {"ruleset": rules.name, "params": rules.params_json(), "memo": name}


@contextlib.contextmanager
def kept(rules: Any, name: str, rows: Callable[[], np.ndarray], take: Callable[[np.ndarray], None]) -> Iterator[None]:
    """Around a computation that fills the memo ``name`` of ``rules.solver``: first (once per solver) ``take``
    the saved memo from the active cache, then, if the computation took at least the cache's ``min_seconds``
    (or stopped at a budget after as long), save ``rows()``, the memo encoded as one int64 array."""
    cache = active()
    if cache is None:
        yield
        return
    loaded = f"{KIND} {name} loaded"
    if not rules.solver.cache.get(loaded):
        rules.solver.cache[loaded] = True
        saved = cache.load(KIND, key(rules, name))
        if saved is not None:
            take(saved)
    started = time.perf_counter()
    try:
        yield
    finally:
        seconds = time.perf_counter() - started
        if seconds >= cache.min_seconds:
            encoded = rows()
            if len(encoded):
                cache.store(KIND, key(rules, name), encoded, seconds)
