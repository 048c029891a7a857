"""Results rendered: the JSON reports shared by the command line and the web API, and their text.

:mod:`sprague.present.reports` computes a result and returns it as a JSON-ready
dict (what ``--json`` prints); :mod:`sprague.present.text` renders the same
result as the lines ``sprague`` prints.

>>> import sprague
>>> from sprague.present import list_text, list_report
>>> print(list_text(list_report()).splitlines()[0])
nim  (also: bouton)
"""

from __future__ import annotations

from sprague.present.reports import (
    GridReport,
    cache_report,
    check_sequence,
    describe_report,
    genus_sequence_report,
    grid_report,
    header,
    heap_table_report,
    list_report,
    loopy_sequence_report,
    moves_report,
    sequence_report,
    theorems_report,
    value_report,
)
from sprague.present.text import (
    SEQUENCE_SHOWN,
    cache_key_text,
    cache_text,
    describe_mask,
    describe_text,
    genus_sequence_text,
    grid_text,
    heap_table_text,
    list_text,
    loopy_sequence_text,
    moves_text,
    sequence_text,
    size_text,
    theorems_text,
    value_text,
)

__all__ = [
    "list_report",
    "header",
    "value_report",
    "moves_report",
    "check_sequence",
    "sequence_report",
    "grid_report",
    "loopy_sequence_report",
    "loopy_sequence_text",
    "heap_table_report",
    "GridReport",
    "theorems_report",
    "cache_report",
    "SEQUENCE_SHOWN",
    "list_text",
    "value_text",
    "moves_text",
    "sequence_text",
    "describe_mask",
    "grid_text",
    "heap_table_text",
    "theorems_text",
    "cache_text",
    "size_text",
    "cache_key_text",
    "genus_sequence_report",
    "genus_sequence_text",
    "describe_report",
    "describe_text",
]
