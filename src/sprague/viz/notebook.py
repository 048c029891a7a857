"""Jupyter: rulesets, tables and sequences show themselves as HTML and pictures.

The result types live in lower layers (:mod:`sprague.core`, :mod:`sprague.solve`)
and know nothing of presentation; importing :mod:`sprague.viz` attaches their
``_repr_html_`` and ``_repr_png_`` methods from here.

>>> import sprague
>>> "<b>nim</b>" in sprague.ruleset("nim")._repr_html_()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sprague.solve.ruleset import Ruleset
from sprague.solve.table import GrundySequence, Table
from sprague.viz.html import ruleset_html, sequence_html, table_html

__all__ = ["attach"]


def _ruleset_html(self: Ruleset) -> str:
    """Jupyter: name, description, source, closed form and parameters as a small HTML table."""
    return ruleset_html(self)


def _table_html(self: Table) -> str:
    """Jupyter: a grid coloured by value with the P-positions outlined (2 heaps), else the first rows and counts."""
    return table_html(self)


def _table_png(self: Table) -> bytes | None:
    """Jupyter: the heat map of a 2-heap table, when matplotlib is installed (else None)."""
    if self.heaps != 2:
        return None
    try:
        from sprague.viz.plot import figure_png, table_figure

        return figure_png(table_figure(self))
    except ImportError:
        return None


def _sequence_html(self: GrundySequence) -> str:
    return sequence_html(np.asarray(self), self.ruleset, self.periodicity)


def _sequence_png(self: GrundySequence) -> bytes | None:
    try:
        from sprague.viz.plot import figure_png, sequence_figure

        return figure_png(sequence_figure(np.asarray(self), self.periodicity, title=self.ruleset))
    except ImportError:
        return None


def attach() -> None:
    """Give the result types their Jupyter representations (done once, on import)."""
    reprs: list[tuple[type, str, Any]] = [
        (Ruleset, "_repr_html_", _ruleset_html),
        (Table, "_repr_html_", _table_html),
        (Table, "_repr_png_", _table_png),
        (GrundySequence, "_repr_html_", _sequence_html),
        (GrundySequence, "_repr_png_", _sequence_png),
    ]
    for cls, name, method in reprs:
        setattr(cls, name, method)


attach()
