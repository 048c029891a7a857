"""The misère quotient of a one-heap game as a report: the quotient, a typed sum's element and its winning moves,
and the genus of each heap beside it (what the page's quotient panel and ``/api/quotient`` show).

>>> import sprague
>>> data = quotient_report(sprague.ruleset("kayles"), 8, (2, 3))
>>> data["order"], data["sum"]["outcome"], [m["move"] for m in data["sum"]["winning_moves"]]
(12, 'N', ['heap 2: 3 -> 2'])
"""

from __future__ import annotations

from typing import Any

from sprague.errors import InvalidParameter, TooLarge
from sprague.present.reports import genus_sequence_report
from sprague.rulesets.heap import HeapRuleset

__all__ = ["quotient_report"]


def quotient_report(r: HeapRuleset, max_heap: int, heaps: tuple[int, ...] | None = None,
                    max_positions: int | None = None) -> dict[str, Any]:
    """The quotient of heaps ``0..max_heap`` (``MisereQuotient.to_json``), with ``sum``: the element, outcome and
    every winning move of the sum ``heaps`` (read off the quotient: no search), and ``genera``: the genus of each
    heap (Conway), or a note where its search stopped at the budget."""
    if not isinstance(r, HeapRuleset):
        raise InvalidParameter(f"{r.name} is not a one-heap game (a move there may change several heaps); misère "
                               "quotients are of one-heap rulesets such as kayles or a take-and-break code")
    q = r.misere_quotient(max_heap, max_positions)
    data: dict[str, Any] = {"ruleset": r.name, "params": r.params_json(), **q.to_json()}
    if heaps is not None:
        heaps = tuple(r.check_position(heaps))
        x = q.element(heaps)
        moves = q.winning_moves(heaps, r.heap_options)
        data["sum"] = {"heaps": list(heaps), "element": q.word(x, ascii=True), "outcome": q.outcome(heaps),
                       "winning_moves": [{"position": list(m), "move": r.describe_move(heaps, m),
                                          "element": q.word(q.element(m), ascii=True)} for m in moves]}
    try:
        data["genera"] = genus_sequence_report(r, max_heap, max_positions)["genera"]
    except TooLarge as exc:  # the quotient is had; the genera are a view beside it
        data["genera"], data["genera_note"] = None, f"not computed: {exc}"
    return data
