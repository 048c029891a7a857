"""HTML for Jupyter: rulesets and tables show themselves as small HTML tables.

:class:`~sprague.solve.ruleset.Ruleset`, :class:`~sprague.solve.table.Table` and
:class:`~sprague.solve.table.GrundySequence` get their ``_repr_html_`` from these
functions (attached by :mod:`sprague.viz.notebook`, with ``_repr_png_`` through
:mod:`sprague.viz.plot` when matplotlib is installed), so a notebook cell ending in
``sprague.ruleset("nim")`` or in a table shows a summary instead of the repr.

Examples
--------
>>> import sprague
>>> html = table_html(sprague.ruleset("nim").table(2, heaps=2))
>>> html.count('class="p"')  # the P-positions (0, 0), (1, 1), (2, 2)
3
>>> "<b>nim</b>" in ruleset_html(sprague.ruleset("nim"))
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from sprague.rulesets.shapes import components
from sprague.viz.graph import N_COLOUR, P_COLOUR

if TYPE_CHECKING:
    from sprague.solve.ruleset import Ruleset
    from sprague.solve.table import Table

__all__ = ["ruleset_html", "table_html", "sequence_html", "value_colour", "GRID_LIMIT", "ROWS_SHOWN"]

GRID_LIMIT = 24  # a 2-heap table shows at most this many heap sizes on each axis
ROWS_SHOWN = 10  # a table of more heaps shows its first rows
_CELL = "padding:1px 4px;text-align:center;font-family:monospace"
_P_STYLE = f"background:{P_COLOUR};font-weight:bold;outline:2px solid #1b5e20;outline-offset:-2px"


def value_colour(value: int, kind: str = "grundy") -> str:
    """The background colour of a cell: green for P, a light hue per Grundy value (orange for N).

    >>> value_colour(0), value_colour(1, "outcome")
    ('#c7e9c0', '#fdd0a2')
    """
    if value == 0:
        return P_COLOUR
    if kind == "outcome":
        return N_COLOUR
    return f"hsl({(value * 47 + 20) % 360}, 70%, 85%)"


def _summary(ruleset: Ruleset) -> str:
    """The first paragraph of the ruleset class's docstring, on one line."""
    doc = (type(ruleset).__doc__ or "").strip()
    return " ".join(doc.split("\n\n")[0].replace("``", "").split())


def ruleset_html(ruleset: Ruleset) -> str:
    """A small HTML table: name, description, source, closed form and parameters of ``ruleset``.

    Parameters
    ----------
    ruleset : Ruleset
        Any ruleset, including a :class:`~sprague.rulesets.sums.Sum` (its components are listed).

    Returns
    -------
    str
        One ``<table>`` element.
    """
    rows: list[tuple[str, str]] = [("description", escape(_summary(ruleset)))]
    parts = components(ruleset)
    if parts:
        rows.append(("components", "<br>".join(f"<code>{escape(c.describe())}</code>" for c in parts)))
    rows.append(("source", escape(ruleset.source)))
    if ruleset.closed_form:
        rows.append(("closed form", escape(ruleset.closed_form)))
    for p in ruleset.parameters:
        rows.append(
            (
                f"parameter <code>{escape(p.name)}</code>",
                f"<code>{escape(p.text(ruleset.params[p.name]))}</code> &mdash; {escape(p.doc)}",
            )
        )
    rows.append(("command line", f"<code>{escape(ruleset.describe())}</code>"))
    body = "".join(
        f'<tr><th style="text-align:left;vertical-align:top">{k}</th><td style="text-align:left">{v}</td></tr>'
        for k, v in rows
    )
    return (
        f'<table class="sprague-ruleset"><caption style="text-align:left"><b>{escape(ruleset.name)}</b>'
        f"</caption>{body}</table>"
    )


def table_html(table: Table) -> str:
    """HTML for a table: a grid coloured by value for 2 heaps, else the first rows and the counts.

    The grid puts the first heap along the columns and the second up the rows
    (the smallest row at the bottom, as ``sprague table`` prints it); P-positions
    are green, bold and outlined, and carry ``class="p"``. Past 24 heap sizes only
    the corner ``min_heap .. min_heap + 23`` is shown, and a note says so.

    Parameters
    ----------
    table : Table

    Returns
    -------
    str
        A ``<div>`` holding a caption line and a ``<table>``.
    """
    count_p = int((table.values == 0).sum())
    head = (
        f"<p><b>{escape(table.ruleset)}</b>: {len(table):,} positions of {table.heaps} heaps in "
        f"{table.min_heap}..{table.max_heap}, {'misère ' if table.misere else ''}{escape(table.kind)}; "
        f"{count_p:,} {'misère ' if table.misere else ''}P-positions</p>"
    )
    if table.heaps == 2:
        return f'<div class="sprague-table">{head}{_grid_html(table)}</div>'
    shown = min(len(table), ROWS_SHOWN)
    names = [f"heap{i + 1}" for i in range(table.heaps)] + [table.column]
    lines = ["<tr>" + "".join(f"<th>{n}</th>" for n in names) + "</tr>"]
    for row, value in zip(table.rows(0, shown).tolist(), table.values[:shown].tolist()):
        shown_value = ("P", "N")[value] if table.kind == "outcome" else value
        attrs = f' class="p" style="{_CELL};{_P_STYLE}"' if value == 0 else f' style="{_CELL}"'
        lines.append(f"<tr{attrs}>" + "".join(f"<td>{h}</td>" for h in row) + f"<td>{shown_value}</td></tr>")
    more = f"<p>... {len(table) - shown:,} more rows</p>" if len(table) > shown else ""
    counts = ", ".join(
        f"{escape(str(v))}: {c:,}" for v, c in sorted(table.counts().items(), key=lambda kv: str(kv[0]))[:16]
    )
    per = "outcome" if table.kind == "outcome" else "value"
    return (
        f'<div class="sprague-table">{head}<table>{"".join(lines)}</table>{more}'
        f"<p>positions per {per}: {counts}</p></div>"
    )


def _grid_html(table: Table) -> str:
    grid = table.to_grid()
    span = min(grid.shape[0], GRID_LIMIT)
    lo = table.min_heap
    lines: list[str] = []
    for i in reversed(range(span)):
        cells = [f'<th style="{_CELL}">{lo + i}</th>']
        for j in range(span):
            v = int(grid[i, j])
            text: Any = ("P", "N")[v] if table.kind == "outcome" else v
            title = f"({lo + j}, {lo + i}): {text}"
            if v == 0:
                cells.append(f'<td class="p" title="{title}" style="{_CELL};{_P_STYLE}">{text}</td>')
            else:
                cells.append(
                    f'<td title="{title}" style="{_CELL};background:{value_colour(v, table.kind)}">{text}</td>'
                )
        lines.append("<tr>" + "".join(cells) + "</tr>")
    lines.append(
        f'<tr><th style="{_CELL}">y / x</th>'
        + "".join(f'<th style="{_CELL}">{lo + j}</th>' for j in range(span))
        + "</tr>"
    )
    note = f"<p>showing heaps {lo}..{lo + span - 1} of {lo}..{table.max_heap}</p>" if span < grid.shape[0] else ""
    return f'<table style="border-collapse:collapse">{"".join(lines)}</table>{note}'


def sequence_html(values: Any, title: str = "", periodicity: Any = None, shown: int = 200) -> str:
    """G(0..) in rows of ten, P-positions (value 0) marked, with the period if there is one.

    >>> html = sequence_html([0, 1, 2, 0], "subtraction -p S=1,2")
    >>> html.count('class="p"')
    2
    """
    vals = [int(v) for v in values[:shown]]
    rows = []
    for start in range(0, len(vals), 10):
        cells = "".join(
            f'<td class="p" style="{_CELL};{_P_STYLE}">{v}</td>'
            if v == 0
            else f'<td style="{_CELL};background:{value_colour(v)}">{v}</td>'
            for v in vals[start : start + 10]
        )
        rows.append(f'<tr><th style="{_CELL};color:#555">{start}</th>{cells}</tr>')
    more = f"<p>... {len(values) - shown:,} more values</p>" if len(values) > shown else ""
    period = f"<p>{escape(periodicity.describe())}</p>" if periodicity is not None else ""
    head = f"<p><b>{escape(title)}</b>: G(n) for n = 0..{len(values) - 1}</p>" if title else ""
    return f'{head}<table style="border-collapse:collapse">{"".join(rows)}</table>{more}{period}'
