"""Pictures of games: game graphs (Graphviz DOT, SVG, PNG) and P/N or Grundy tables.

>>> import sprague
>>> from sprague.viz import game_graph
>>> nodes, edges = game_graph(sprague.ruleset("subtraction", S={1, 2, 5}), (10,))
>>> len(nodes), len(edges)
(11, 25)
"""

from __future__ import annotations

from sprague.viz import notebook as _notebook  # noqa: F401  (attaches the Jupyter reprs of rulesets, tables and sequences)
from sprague.viz.graph import game_graph, render, to_dot
from sprague.viz.table import format_grid, grid

__all__ = ["game_graph", "to_dot", "render", "grid", "format_grid"]
