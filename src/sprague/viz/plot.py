"""Pictures with matplotlib: heat maps of two-heap tables and plots of single-heap sequences.

matplotlib is optional (``pip install 'sprague[plot]'``) and imported only when a
picture is drawn. Figures are plain :class:`matplotlib.figure.Figure` objects on
the Agg canvas: no pyplot state, no window; save them with ``fig.savefig(path)``
(the format follows the suffix: ``.png``, ``.svg``, ``.pdf``).

Examples
--------
>>> import sprague
>>> from sprague.viz.plot import sequence_figure, table_figure
>>> fig = table_figure(sprague.ruleset("wythoff").table(6, heaps=2))
>>> type(fig).__name__, fig.axes[0].get_xlabel()
('Figure', 'x (first heap)')
>>> g = sprague.ruleset("subtraction", S={1, 2, 5})
>>> fig = sequence_figure(g.sequence(40), title=g.describe())
>>> len(fig.axes[0].lines[0].get_ydata())
40
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from sprague.errors import SpragueError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from sprague.analysis.periodicity import Periodicity
    from sprague.solve.table import Table

__all__ = [
    "MissingMatplotlib",
    "table_figure",
    "sequence_figure",
    "figure_png",
    "grid_array",
    "save_figure",
    "check_plot_path",
    "P_COLOUR",
    "N_COLOUR",
    "P_MARK",
]

P_COLOUR = "#c7e9c0"  # as in the game graphs (sprague.viz.graph)
N_COLOUR = "#fdd0a2"
P_MARK = "#e31a1c"  # the outline drawn round every P cell (red: clear on green and on viridis)
_ANNOTATE_UP_TO = 24  # cells are labelled with their value when the grid is at most this wide and high
_MAX_BOUNDARIES = 60  # period boundaries drawn at most


class MissingMatplotlib(SpragueError, ImportError):
    """matplotlib is needed for a picture and is not installed."""


def _matplotlib() -> Any:
    """The matplotlib module, or a one-line error saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise MissingMatplotlib("plots need matplotlib: pip install 'sprague[plot]'") from None
    return matplotlib


def _new_figure(width: float, height: float) -> Figure:
    """A Figure on the Agg canvas (no pyplot, so no global backend is touched)."""
    _matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def grid_array(cells: Sequence[Sequence[Any]] | np.ndarray, values: str = "grundy") -> np.ndarray:
    """The integer array of a grid of Grundy values or outcomes.

    Parameters
    ----------
    cells : sequence of sequences
        ``cells[i][j]``: a Grundy value (int) or an outcome (``"P"``/``"N"``).
    values : {"grundy", "outcome"}
        ``"outcome"`` gives 0 for P and 1 for N (any non-zero value is N).

    Returns
    -------
    numpy.ndarray
        Shape ``(rows, columns)``, dtype int64; 0 marks exactly the P-positions.

    Examples
    --------
    >>> grid_array([["P", "N"], [2, 0]]).tolist()
    [[0, 1], [2, 0]]
    >>> grid_array([[0, 3]], values="outcome").tolist()
    [[0, 1]]
    """
    if values not in ("grundy", "outcome"):
        raise SpragueError(f"values={values!r}; choose 'outcome' (P/N) or 'grundy'")

    def number(v: Any) -> int:
        if isinstance(v, str):
            if v not in ("P", "N"):
                raise SpragueError(f"cell {v!r} is neither a Grundy value nor 'P'/'N'")
            return 0 if v == "P" else 1
        n = int(v)
        return min(n, 1) if values == "outcome" else n

    rows = [[number(v) for v in row] for row in cells]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise SpragueError("the grid is empty or not rectangular; give rows of equal, non-zero length")
    return np.array(rows, dtype=np.int64)


def table_figure(
    data: Table | Sequence[Sequence[Any]] | np.ndarray,
    rows: Sequence[int] | None = None,
    columns: Sequence[int] | None = None,
    *,
    values: str | None = None,
    title: str | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
    annotate: bool | None = None,
    misere: bool | None = None,
) -> Figure:
    """A heat map of Grundy values (or P/N) over two heap sizes, P-positions outlined.

    Parameters
    ----------
    data : Table or grid
        A two-heap :class:`~sprague.solve.table.Table`, or a grid ``data[i][j]`` for
        row ``rows[i]`` (the second heap, drawn upwards) and column ``columns[j]``
        (the first heap), as :func:`sprague.viz.table.grid` makes it.
    rows, columns : sequence of int, optional
        The heap sizes of the grid's rows and columns (default ``0, 1, ...``; from a Table, its range).
    values : {"grundy", "outcome"}, optional
        Colour by Grundy value or by outcome; default: the Table's kind, else
        ``"outcome"`` when the grid holds ``"P"``/``"N"``, else ``"grundy"``.
    title, xlabel, ylabel : str, optional
        Title and axis labels (default: the Table's ruleset, ``x`` and ``y``).
    annotate : bool, optional
        Write each cell's value (or P/N) in it; default when the grid is at most 24 by 24.
    misere : bool, optional
        The values are under misère play (misère outcomes, or misère Grundy values g-):
        the title and the colour bar say so. Default: the Table's, else False.

    Returns
    -------
    matplotlib.figure.Figure
        One axes: an image whose data is the grid (``fig.axes[0].images[0].get_array()``;
        outcomes as 0 = P, 1 = N), and one marker collection at the P-positions
        (``fig.axes[0].collections[0].get_offsets()`` gives their (column, row) heap sizes).

    Raises
    ------
    MissingMatplotlib
        When matplotlib is not installed.
    """
    from sprague.solve.table import Table

    if isinstance(data, Table):
        if data.heaps != 2:
            raise SpragueError(
                f"a heat map needs a table of 2 heaps, this one has {data.heaps}; "
                "take a 2-heap slice, e.g. sprague table GAME --fixed 4"
            )
        cells: Any = data.to_grid()
        heaps = list(range(data.min_heap, data.max_heap + 1))
        rows = heaps if rows is None else rows
        columns = heaps if columns is None else columns
        values = values or data.kind
        title = data.ruleset if title is None else title
        misere = data.misere if misere is None else misere
    else:
        cells = data
        if values is None:
            flat = [v for row in data for v in row]
            values = "outcome" if any(isinstance(v, str) for v in flat) else "grundy"
    array = grid_array(cells, values)
    nrows, ncols = array.shape
    rows = list(range(nrows)) if rows is None else [int(r) for r in rows]
    columns = list(range(ncols)) if columns is None else [int(c) for c in columns]
    if len(rows) != nrows or len(columns) != ncols:
        raise SpragueError(f"{len(rows)} row and {len(columns)} column heap sizes for a grid of {nrows} x {ncols}")
    if annotate is None:
        annotate = nrows <= _ANNOTATE_UP_TO and ncols <= _ANNOTATE_UP_TO
    _matplotlib()
    side = min(10.0, max(4.0, 0.32 * max(nrows, ncols) + 2.0))
    fig = _new_figure(side + (1.2 if values == "grundy" else 0.0), side)
    ax = fig.add_subplot()
    # cell (i, j) is centred on (columns[j], rows[i]) when the heap sizes are consecutive; else on (j, i)
    consecutive = all(b - a == 1 for a, b in zip(rows, rows[1:])) and all(
        b - a == 1 for a, b in zip(columns, columns[1:])
    )
    x0, y0 = (columns[0], rows[0]) if consecutive else (0, 0)
    extent = (x0 - 0.5, x0 + ncols - 0.5, y0 - 0.5, y0 + nrows - 0.5)
    _image(fig, ax, array, extent, values, bool(misere))
    pi, pj = np.nonzero(array == 0)
    ax.scatter(
        pj + x0,
        pi + y0,
        marker="s",
        s=max(4.0, (0.6 * side * 72 / max(nrows, ncols)) ** 2),
        facecolors="none",
        edgecolors=P_MARK,
        linewidths=1.5,
        label="misère P-position (g- = 0)" if misere else "P-position (G = 0)",
    )
    if annotate:
        _annotate(ax, array, x0, y0, values)
    ticks_x = _ticks(ncols)
    ticks_y = _ticks(nrows)
    ax.set_xticks([j + x0 for j in ticks_x], [str(columns[j]) for j in ticks_x])
    ax.set_yticks([i + y0 for i in ticks_y], [str(rows[i]) for i in ticks_y])
    ax.set_xlabel(xlabel or "x (first heap)")
    ax.set_ylabel(ylabel or "y (second heap)")
    count = len(pi)
    what = "Grundy values" if values == "grundy" else "P/N"
    if misere:
        what = "misère play (last mover loses): " + ("misère Grundy values g-" if values == "grundy" else "P/N")
    head = f"{title}\n" if title else ""
    ax.set_title(
        f"{head}{what}; {count} {'misère ' if misere else ''}P-position{'s' if count != 1 else ''} outlined",
        fontsize=10,
    )
    return fig


def _image(fig: Figure, ax: Any, array: np.ndarray, extent: tuple[float, ...], values: str, misere: bool) -> None:
    """The grid drawn as an image on ``ax``: two colours for P/N, else a colour per Grundy value with a colour bar."""
    from matplotlib.colors import BoundaryNorm, ListedColormap

    cmap: Any
    if values == "outcome":
        cmap = ListedColormap([P_COLOUR, N_COLOUR])
        image = ax.imshow(
            array,
            origin="lower",
            extent=extent,
            cmap=cmap,
            norm=BoundaryNorm([-0.5, 0.5, 1.5], 2),
            interpolation="nearest",
            aspect="equal",
        )
    else:
        top = int(array.max())
        import matplotlib

        cmap = matplotlib.colormaps["viridis"].resampled(top + 1)
        image = ax.imshow(
            array,
            origin="lower",
            extent=extent,
            cmap=cmap,
            vmin=-0.5,
            vmax=top + 0.5,
            interpolation="nearest",
            aspect="equal",
        )
        bar = fig.colorbar(image, ax=ax, shrink=0.8, label="misère Grundy value g-" if misere else "Grundy value")
        step = max(1, (top + 1) // 12)
        bar.set_ticks(list(range(0, top + 1, step)))


def _annotate(ax: Any, array: np.ndarray, x0: int, y0: int, values: str) -> None:
    """Each cell's value (or P/N) written in it, P-positions in bold."""
    nrows, ncols = array.shape
    for i in range(nrows):
        for j in range(ncols):
            v = int(array[i, j])
            text = ("P" if v == 0 else "N") if values == "outcome" else str(v)
            ax.text(
                j + x0,
                i + y0,
                text,
                ha="center",
                va="center",
                fontsize=8,
                fontweight="bold" if v == 0 else "normal",
                color="black" if values == "outcome" or v > 0.6 * max(1, int(array.max())) else "white",
            )


def _ticks(n: int) -> list[int]:
    """About a dozen tick indices out of ``range(n)``, always the first."""
    step = max(1, -(-n // 12))
    return list(range(0, n, step))


def sequence_figure(
    values: Sequence[int] | np.ndarray,
    periodicity: Periodicity | None = None,
    *,
    title: str | None = None,
    start: int = 0,
) -> Figure:
    """G(n) against n, the preperiod shaded and the period boundaries marked.

    Parameters
    ----------
    values : sequence of int
        ``values[k]`` is G(start + k), e.g. ``ruleset.sequence(n)``.
    periodicity : Periodicity, optional
        The period, as from :func:`sprague.analysis.periodicity.find_period` or a
        ruleset's ``periodicity()``; its preperiod ``[0, preperiod)`` is shaded and
        a dashed line drawn at each ``preperiod + k * period`` (at most 60).
    title : str, optional
        Title, e.g. ``ruleset.describe()``.
    start : int
        The heap size of ``values[0]``.

    Returns
    -------
    matplotlib.figure.Figure
        One axes whose first line is the sequence: ``fig.axes[0].lines[0].get_xydata()``.

    Raises
    ------
    MissingMatplotlib
        When matplotlib is not installed.
    """
    array = np.asarray(values, dtype=np.int64).ravel()
    if array.size == 0:
        raise SpragueError("the sequence is empty; give at least one value (e.g. --max-heap 20)")
    n = np.arange(start, start + array.size)
    fig = _new_figure(min(14.0, max(6.0, array.size / 12)), 4.0)
    ax = fig.add_subplot()
    marker = "o" if array.size <= 200 else None
    ax.plot(n, array, marker=marker, markersize=3, linewidth=1, color="#08519c", label="G(n)")
    zeros = n[array == 0]
    if 0 < zeros.size <= 2000:
        ax.plot(
            zeros,
            np.zeros(zeros.size),
            linestyle="none",
            marker="s",
            markersize=4,
            markerfacecolor="none",
            markeredgecolor=P_MARK,
            label="P-position (G = 0)",
        )
    note = ""
    if periodicity is not None:
        pre, per = periodicity.preperiod, periodicity.period
        how = "certified" if periodicity.certified else "observed"
        if pre > start:
            ax.axvspan(start - 0.5, pre - 0.5, color="#bdbdbd", alpha=0.4, label=f"preperiod 0..{pre - 1}")
        last = start + array.size - 1
        first_k = max(0, -(-(start - pre) // per))
        boundaries = [pre + k * per for k in range(first_k, first_k + _MAX_BOUNDARIES) if pre + k * per <= last]
        for i, b in enumerate(boundaries):
            ax.axvline(
                b - 0.5,
                color="#d94801",
                linestyle="--",
                linewidth=0.8,
                label=f"period {per} ({how})" if i == 0 else None,
            )
        kind = f"period {per}, preperiod {pre}" + (f", saltus {periodicity.saltus}" if periodicity.saltus else "")
        note = f"{kind} ({how})"
    ax.set_xlabel("n (heap size)")
    ax.set_ylabel("G(n)")
    ax.set_xlim(start - 0.5, start + array.size - 0.5)
    ax.set_ylim(-0.5, max(1, int(array.max())) + 0.5)
    if int(array.max()) <= 20:
        ax.set_yticks(range(0, max(1, int(array.max())) + 1))
    head = title or "G(n)"
    ax.set_title(f"{head}: n = {start}..{start + array.size - 1}" + (f"\n{note}" if note else ""), fontsize=10)
    ax.legend(loc="upper left", fontsize=8, framealpha=0.85)
    return fig


def check_plot_path(path: str) -> None:
    """Fail early, before any computing, when a picture cannot be written to ``path``.

    Raises
    ------
    MissingMatplotlib
        matplotlib is not installed.
    SpragueError
        The suffix is not an image format matplotlib writes, or the folder does not exist.

    Examples
    --------
    >>> check_plot_path("table.txt")
    Traceback (most recent call last):
    ...
    sprague.errors.SpragueError: --plot 'table.txt': unknown image type .txt; end the file name with .png, .svg or .pdf
    """
    _matplotlib()
    from matplotlib.backend_bases import FigureCanvasBase

    name = os.path.basename(path)
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix not in FigureCanvasBase.get_supported_filetypes():
        raise SpragueError(
            f"--plot {path!r}: unknown image type {'.' + suffix if suffix else '(no suffix)'}; "
            "end the file name with .png, .svg or .pdf"
        )
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise SpragueError(f"--plot {path!r}: the folder {folder!r} does not exist; create it or give another path")


def save_figure(fig: Figure, path: str) -> None:
    """Write ``fig`` to ``path`` (format from the suffix), or raise a one-line error naming the path.

    Raises
    ------
    SpragueError
        The suffix is not an image format matplotlib writes, or the file cannot be written.
    """
    check_plot_path(path)
    try:
        fig.savefig(path)
    except OSError as exc:
        raise SpragueError(f"--plot {path!r}: cannot write it ({exc.strerror or exc}); give a writable file") from None


def figure_png(fig: Figure) -> bytes:
    """The PNG bytes of ``fig`` (for Jupyter's ``_repr_png_``)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
