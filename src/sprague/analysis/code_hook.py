"""A hook from below the rulesets up to them: a take-and-break code's ruleset, for ``prove_quotient("0.77", ...)``.

:mod:`sprague.rulesets.takebreak` sets :data:`CODE_RULESET` when it is imported (as ``import sprague`` does); a
small module of its own so that setting it imports nothing else (the quotient engine stays unloaded until used).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: code text -> its take-and-break ruleset (None until the rulesets are imported)
CODE_RULESET: Callable[[str], Any] | None = None
