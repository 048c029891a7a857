"""Plain-text tables of P/N labels or Grundy values over two coordinates.

The handout (002 section 4) draws the positions of a sum of two subtraction
games ``Gamma_1 * Gamma_2`` as an array, ``Gamma_1`` horizontally and
``Gamma_2`` vertically with ``0`` at the bottom; :func:`grid` computes such an
array and :func:`format_grid` prints it.

Examples
--------
>>> import sprague
>>> game = sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))
>>> values = grid(lambda y, x: game.grundy(((x,), (y,))), range(6), range(6))
>>> print(format_grid(values, row_title="Gamma_2 (S={1,3})", col_title="Gamma_1 (S={1,2})"))
Gamma_2 (S={1,3})
5 | N P N N P N
4 | P N N P N N
3 | N P N N P N
2 | P N N P N N
1 | N P N N P N
0 | P N N P N N
  +------------
    0 1 2 3 4 5
    Gamma_1 (S={1,2})
>>> print(format_grid(values[:3], values="grundy", origin="top"))
    0 1 2 3 4 5
  +------------
0 | 0 1 2 0 1 2
1 | 1 0 3 1 0 3
2 | 0 1 2 0 1 2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sprague.errors import SpragueError

__all__ = ["grid", "format_grid", "misere_title"]


def misere_title(values: str) -> str:
    """The heading of a table under misère play: what its cells are.

    >>> misere_title("grundy")
    'misère play (the last mover loses): misère Grundy values g- (P iff 0)'
    """
    what = "misère Grundy values g- (P iff 0)" if values == "grundy" else "misère outcomes"
    return f"misère play (the last mover loses): {what}"


def grid(value_fn: Callable[[Any, Any], int], rows: int | Iterable[Any], cols: int | Iterable[Any]) -> list[list[int]]:
    """The array ``[[value_fn(r, c) for c in cols] for r in rows]``.

    Parameters
    ----------
    value_fn : callable
        ``value_fn(row, col)``, typically a Grundy value (``0`` means P).
    rows, cols : int or iterable
        The row and column coordinates; an int ``n`` means ``range(n)``.

    Returns
    -------
    list of list of int
        One list per row, in the order of ``rows``.

    Examples
    --------
    >>> grid(lambda r, c: r ^ c, 3, [0, 1])
    [[0, 1], [1, 0], [2, 3]]
    """
    row_list = list(range(rows)) if isinstance(rows, int) else list(rows)
    col_list = list(range(cols)) if isinstance(cols, int) else list(cols)
    return [[value_fn(r, c) for c in col_list] for r in row_list]


def format_grid(
    grid: Sequence[Sequence[Any]],
    row_labels: Sequence[Any] | None = None,
    col_labels: Sequence[Any] | None = None,
    values: str = "outcome",
    origin: str = "bottom",
    row_title: str | None = None,
    col_title: str | None = None,
    title: str | None = None,
) -> str:
    """Format an array of Grundy values as a plain-text table with labelled axes.

    Parameters
    ----------
    grid : sequence of sequences of int
        ``grid[i][j]`` is the value at row ``i``, column ``j`` (as from :func:`grid`).
    row_labels, col_labels : sequence, optional
        Axis labels (the heap sizes); default ``0, 1, 2, ...``.
    values : {"outcome", "grundy"}
        Show ``P`` (value 0) / ``N`` (any other value), or the Grundy numbers right-aligned.
    origin : {"bottom", "top"}
        Where the first row goes: ``"bottom"`` draws it last, so the row coordinate
        grows upwards as in the handout; ``"top"`` draws it first.
    row_title, col_title : str, optional
        Axis titles, written at the far end of the row axis and under (or over) the column labels.
    title : str, optional
        A first line above the table (e.g. :func:`misere_title`).

    Returns
    -------
    str
        The table, lines joined by newlines, no trailing newline.
    """
    if values not in ("outcome", "grundy"):
        raise SpragueError(f"values={values!r}; choose 'outcome' (P/N) or 'grundy'")
    if origin not in ("bottom", "top"):
        raise SpragueError(f"origin={origin!r}; choose 'bottom' (first row at the bottom) or 'top'")
    rows = [list(r) for r in grid]
    if not rows or not rows[0]:
        raise SpragueError("the grid is empty; give at least one row and one column")
    ncols = len(rows[0])
    if any(len(r) != ncols for r in rows):
        raise SpragueError(f"the grid is not rectangular: row lengths {sorted({len(r) for r in rows})}")
    rlabels = [str(x) for x in (row_labels if row_labels is not None else range(len(rows)))]
    clabels = [str(x) for x in (col_labels if col_labels is not None else range(ncols))]
    if len(rlabels) != len(rows) or len(clabels) != ncols:
        raise SpragueError(
            f"{len(rlabels)} row labels and {len(clabels)} column labels for a grid of {len(rows)} x {ncols}"
        )

    def cell(v: Any) -> str:
        if isinstance(v, str):
            return v
        if values == "outcome":
            return "P" if v == 0 else "N"
        return str(v)

    cells = [[cell(v) for v in r] for r in rows]
    width = max(max(len(c) for r in cells for c in r), max(len(c) for c in clabels))
    lw = max(len(x) for x in rlabels)
    body = [f"{lab:>{lw}} | " + " ".join(f"{c:>{width}}" for c in r) for lab, r in zip(rlabels, cells)]
    rule = " " * lw + " +" + "-" * (ncols * (width + 1))
    pad = " " * (lw + 3)
    axis = pad + " ".join(f"{c:>{width}}" for c in clabels)
    lines: list[str] = [title] if title else []
    if origin == "bottom":
        if row_title:
            lines.append(row_title)
        lines += reversed(body)
        lines += [rule, axis]
        if col_title:
            lines.append(pad + col_title)
    else:
        if col_title:
            lines.append(pad + col_title)
        lines += [axis, rule]
        lines += body
        if row_title:
            lines.append(row_title)
    return "\n".join(line.rstrip() for line in lines)
