"""The misère quotient of a one-heap game as a report: the quotient, a typed sum's element and its winning moves,
and the genus of each heap beside it (what the page's quotient panel and ``/api/quotient`` show).

>>> import sprague
>>> data = quotient_report(sprague.ruleset("kayles"), 8, (2, 3))
>>> data["order"], data["sum"]["outcome"], [m["move"] for m in data["sum"]["winning_moves"]]
(12, 'N', ['heap 2: take 1 from 3'])
"""

from __future__ import annotations

from typing import Any

from sprague.core.budget import DEFAULT_MAX_WORK, active, share
from sprague.core.budget import budget as open_budget
from sprague.errors import InvalidParameter, TooLarge
from sprague.present.reports import genus_sequence_report
from sprague.rulesets.heap import HeapRuleset
from sprague.rulesets.shapes import examples, one_heap

__all__ = ["quotient_report", "GENERA_SHARE"]

#: the genera beside a quotient get at most this fraction (1/N) of the budget: a quarter
GENERA_SHARE = 4


def quotient_report(
    r: HeapRuleset, max_heap: int, heaps: tuple[int, ...] | None = None, max_positions: int | None = None
) -> dict[str, Any]:
    """The quotient of heaps ``0..max_heap`` (``MisereQuotient.to_json``), with ``sum``: the element, outcome and
    every winning move of the sum ``heaps`` (read off the quotient: no search), and ``genera``: the genus of each
    heap (Conway) as far as a quarter of the budget reaches, with ``genera_note`` where it stopped."""
    if not one_heap(r):
        raise InvalidParameter(
            f"{r.name} is not a one-heap game (a move there may change several heaps); misère "
            f"quotients are of one-heap rulesets such as {examples('one-heap')}"
        )
    q = r.misere_quotient(max_heap, max_positions)
    data: dict[str, Any] = {"ruleset": r.name, "params": r.params_json(), **q.to_json()}
    if heaps is not None:
        heaps = tuple(r.check_position(heaps))
        x = q.element(heaps)
        moves = q.winning_moves(heaps, r.heap_options)
        data["sum"] = {
            "heaps": list(heaps),
            "element": q.word(x, ascii=True),
            "outcome": q.outcome(heaps),
            "winning_moves": [
                {"position": list(m), "move": r.describe_move(heaps, m), "element": q.word(q.element(m), ascii=True)}
                for m in moves
            ],
        }
    try:  # the quotient is had; the genera are a view beside it, on a share of the budget
        with share(GENERA_SHARE) if active() else open_budget(work=DEFAULT_MAX_WORK // GENERA_SHARE):
            genera = genus_sequence_report(r, max_heap, max_positions)
        data["genera"] = genera["genera"]  # heaps 0..k: all of them, or those before a stop
        if genera.get("stopped"):
            data["genera_note"] = (
                f"heaps 0..{len(genera['genera']) - 1} only, in its share (1/{GENERA_SHARE}) of "
                f"the budget: {genera['stopped']}"
            )
    except TooLarge as exc:
        data["genera"], data["genera_note"] = None, f"not computed in its share (1/{GENERA_SHARE}) of the budget: {exc}"
    return data
