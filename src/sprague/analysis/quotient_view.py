"""A misère quotient as HTML: what a notebook shows for a :class:`~sprague.analysis.quotient.MisereQuotient`.

The presentation, the P-portion, the pretending function (heap -> element) and the multiplication table, the
products in the P-portion shaded. It reads only the quotient's public attributes (``max_heap``, ``order``,
``table``, ``p_portion``, ``phi``, ``word``, ``presentation``, ``p_portion_text``, ``stabilisation``), so it works
for any object that has them.

>>> import sprague
>>> html = quotient_html(sprague.ruleset("nim").misere_quotient(1))
>>> "⟨a | a² = 1⟩" in html and html.count("<td") == 2 * 2 + 2
True
"""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["quotient_html", "TABLE_SHOWN"]

#: the largest order whose multiplication table is drawn (order x order cells); a larger one gets a note
TABLE_SHOWN = 64

_P = "background:#cfe8cf"  # the shade of an element of the P-portion (a product that is a P-position)


def quotient_html(q: Any, title: str = "") -> str:
    """The quotient ``q`` as an HTML fragment (a notebook's ``_repr_html_``)."""
    words = [escape(q.word(x)) for x in range(q.order)]
    head = escape(title + ": " if title else "") + f"misère quotient of the sums of heaps 0..{q.max_heap}"
    parts = [
        f"<div class='sprague-quotient'><p><b>{head}</b><br>Q = {escape(q.presentation())}, order {q.order}; "
        f"P-portion ({len(q.p_portion)}) = {escape(q.p_portion_text())}<br>"
        f"<small>{escape(q.stabilisation())}</small></p>"
    ]
    cells = "".join(
        f"<td style='{_P if q.phi[h] in q.p_portion else ''}'>{h}: {words[q.phi[h]]}</td>"
        for h in range(q.max_heap + 1)
    )
    parts.append(f"<p>pretending function (heap: element; P shaded)</p><table><tr>{cells}</tr></table>")
    if q.order <= TABLE_SHOWN:
        rows = ["<tr><th>·</th>" + "".join(f"<th>{w}</th>" for w in words) + "</tr>"]
        for x in range(q.order):
            row = "".join(
                f"<td style='{_P if q.table[x][y] in q.p_portion else ''}'>{words[q.table[x][y]]}</td>"
                for y in range(q.order)
            )
            rows.append(f"<tr><th>{words[x]}</th>{row}</tr>")
        parts.append("<p>multiplication table (P shaded)</p><table>" + "".join(rows) + "</table>")
    else:
        parts.append(
            f"<p>multiplication table: {q.order} x {q.order}, too large to draw here (more than "
            f"{TABLE_SHOWN} elements); <code>q.table</code> has it</p>"
        )
    return "".join(parts) + "</div>"
