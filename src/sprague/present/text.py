"""The text of ``sprague list/value/moves/sequence/table`` (and of ``verify --list``, ``cache list``).

Each function renders a result, mostly the dict a :mod:`sprague.present.reports`
function returns for ``--json``, as the lines the command line prints; every
line ends with a newline.

Examples
--------
>>> import sprague
>>> from sprague.present import value_report
>>> nim = sprague.ruleset("nim")
>>> print(value_text(nim, (3, 5, 6), value_report(nim, (3, 5, 6))), end="")
nim: 3 5 6
G = 0, P-position (the player to move loses)
method: closed form: Bouton's theorem, G = nim-sum of the heaps
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from sprague.core.loopy import OUTCOME_WORDS

if TYPE_CHECKING:
    from sprague.analysis.periodicity import Periodicity
    from sprague.present.reports import GridReport
    from sprague.solve.ruleset import Ruleset
    from sprague.solve.table import Table

__all__ = [
    "SEQUENCE_SHOWN",
    "list_text",
    "value_text",
    "moves_text",
    "sequence_text",
    "loopy_sequence_text",
    "describe_mask",
    "grid_text",
    "heap_table_text",
    "theorems_text",
    "cache_text",
    "size_text",
    "cache_key_text",
    "genus_sequence_text",
    "describe_text",
]

SEQUENCE_SHOWN = 1000  # values printed; the rest are summarised (--save writes them all)


def list_text(rows: list[dict[str, Any]]) -> str:
    """``sprague list``: each ruleset of :func:`~sprague.present.reports.list_report`, then how to write sums."""
    lines = []
    for row in rows:
        also = f"  (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
        lines.append(f"{row['name']}{also}\n")
        lines.extend(f"    -p {name}=...   {doc}\n" for name, doc in row["parameters"].items())
        if row["closed_form"]:
            lines.append(f"    closed form: {row['closed_form']}\n")
        lines.extend(f"    same game: {note}\n" for note in row.get("relations", []))
        lines.append(f"    source: {row['source']}\n    e.g.: sprague value {row['example']}\n")
    lines.append("\nSums: join games with '+', e.g. sprague value nim 3 5 + subtraction -p S=1,2,5 26\n")
    return "".join(lines)


def describe_text(data: dict[str, Any]) -> str:
    """``sprague describe``: the ruleset as typed, its rules in words, the games it is the same as, its source."""
    lines = [f"{data['describe']}\n", f"rules: {data['rules']}\n"]
    lines.extend(f"same game: {note}\n" for note in data["relations"])
    lines.append(f"source: {data['source']}\n")
    return "".join(lines)


def value_text(r: Ruleset, position: Any, data: dict[str, Any]) -> str:
    """``sprague value``: the position (checked) and its :func:`~sprague.present.reports.value_report`."""
    misere = data.get("misere", False)
    value = data["misere_grundy" if misere else "grundy"]
    g = "not computed" if value is None else str(value)
    who = OUTCOME_WORDS[data["outcome"]]
    if misere:
        text = (
            f"{r.describe()}: {r.format_position(position)}, misère play (the last player to move loses)\n"
            f"g- = {g} (misère Grundy value), {data['outcome']}-position ({who})\n"
            f"method: {data['method']}\n"
        )
    else:
        text = (
            f"{r.describe()}: {r.format_position(position)}\n"
            f"G = {g}, {data['outcome']}-position ({who})\n"
            f"method: {data['method']}\n"
        )
    return text + (f"note: {data['note']}\n" if "note" in data else "")


def moves_text(r: Ruleset, position: Any, data: dict[str, Any], max_options: int) -> str:
    """``sprague moves``: the options of :func:`~sprague.present.reports.moves_report`, winning ones marked ``*``.

    Examples
    --------
    >>> import sprague
    >>> from sprague.present import moves_report
    >>> nim = sprague.ruleset("nim")
    >>> print(moves_text(nim, (1, 2), moves_report(nim, (1, 2)), 2000), end="")
    nim: 1 2   G = 3, N-position
      heap 1: take 1 from 1  -> 0 2   G = 2 N
    * heap 2: take 1 from 2  -> 1 1   G = 0 P
      heap 2: take 2 from 2  -> 1 0   G = 1 N
    1 winning move (marked *: they leave a P-position)
    """
    rows = data["options"]
    count, limit = data["option_count"], max(1, max_options)
    listed_all, one_only = data["all_options_listed"], not data["all_winning_moves_listed"]
    misere = data.get("misere", False)
    key, name = ("misere_grundy", "g-") if misere else ("grundy", "G")
    g = "?" if data[key] is None else data[key]
    play = ", misère play" if misere else ""
    lines = [f"{r.describe()}: {r.format_position(position)}   {name} = {g}, {data['outcome']}-position{play}\n"]
    if not listed_all:
        shown = "one winning move, constructed" if one_only else "the winning moves only"
        lines.append(f"{count:,} options (more than --max-options {limit:,}); showing {shown}\n")
    if not rows:
        over = (
            "no options: the game is over, the player to move has won (misère play)\n"
            if misere
            else "no options: the game is over, the player to move loses\n"
        )
        lines.append(over if listed_all else "no winning move: this is a P-position\n")
        return "".join(lines)
    width = max(len(row["move"]) for row in rows)
    wide = max(len(row["text"]) for row in rows)
    for row in rows:
        mark = "*" if row["winning"] else "=" if row.get("drawing") else " "
        gv = "?" if row[key] is None else row[key]
        lines.append(f"{mark} {row['move']:<{width}}  -> {row['text']:<{wide}}   {name} = {gv} {row['outcome']}\n")
    n_win = sum(row["winning"] for row in rows)
    if one_only:
        lines.append("one winning move shown (marked *), constructed as in the theorem's proof; there may be more\n")
    else:
        n_draw = sum(bool(row.get("drawing")) for row in rows)
        if n_draw:
            lines.append(
                f"no winning move; {n_draw} drawing move{'s' if n_draw != 1 else ''} (marked =: they keep "
                "the draw; every other option is an N-position)\n"
            )
        else:
            lines.append(
                f"{n_win} winning move{'s' if n_win != 1 else ''} (marked *: they leave a P-position)\n"
                if n_win
                else "no winning move: every option is an N-position\n"
            )
    return "".join(lines)


def loopy_sequence_text(r: Ruleset, data: dict[str, Any]) -> str:
    """``sprague sequence`` of a loopy heap game: gamma of each heap, ten to a line, then the outcomes' counts.

    >>> import sprague
    >>> from sprague.present import loopy_sequence_report
    >>> print(loopy_sequence_text(sprague.ruleset("square-but-one"),
    ...                           loopy_sequence_report(sprague.ruleset("square-but-one"), 11)), end="")
    square-but-one: gamma(n) for n = 0..11 (loopy: ∞{K} is infinite, K its options' finite values)
         0:    0    1 ∞{1}  ∞{} ∞{0}    0 ∞{0}  ∞{}  ∞{} ∞{0}
        10: ∞{1}  ∞{}
    outcomes: P N D D N P N D D N D D (2 P, 4 N, 6 D)
    """
    shown = [str(v) for v in data["values"][:SEQUENCE_SHOWN]]
    width = max(map(len, shown), default=1)
    lines = [
        f"{r.describe()}: gamma(n) for n = 0..{data['to']} (loopy: ∞{{K}} is infinite, K its options' finite values)\n"
    ]
    for start in range(0, len(shown), 10):
        lines.append(f"{start:>6}: " + " ".join(f"{v:>{width}}" for v in shown[start : start + 10]) + "\n")
    outcomes = data["outcomes"]
    counts = ", ".join(f"{outcomes.count(o):,} {o}" for o in "PND")
    more = f" ... ({len(outcomes) - SEQUENCE_SHOWN:,} more)" if len(outcomes) > SEQUENCE_SHOWN else ""
    lines.append(f"outcomes: {' '.join(outcomes[:SEQUENCE_SHOWN])}{more} ({counts})\n")
    return "".join(lines)


def sequence_text(
    r: Ruleset,
    data: dict[str, Any],
    per: Periodicity | None,
    sparse: tuple[int, np.ndarray] | None = None,
    saved: bool = False,
) -> str:
    """``sprague sequence``: the values of :func:`~sprague.present.reports.sequence_report`, ten to a line.

    Then the period found (``per``), the sparse space ``(mask, rare)`` if given
    (:meth:`~sprague.rulesets.heap.HeapRuleset.sparse_space`) and the h-stair; past
    :data:`SEQUENCE_SHOWN` values the rest are summarised (``saved``: they were
    written to a file).

    Examples
    --------
    >>> import sprague
    >>> from sprague.present import sequence_report
    >>> gg = sprague.ruleset("grundys-game")
    >>> data, per = sequence_report(gg, gg.sequence(12).tolist())
    >>> print(sequence_text(gg, data, per), end="")
    grundys-game: G(n) for n = 0..11
         0: 0 0 0 1 0 2 1 0 2 1
        10: 0 2
    no period found in n = 0..11 (observed, not proved)
    """
    values = np.asarray(data["values"])  # a list, or the array the values are kept in (a record run's 2^28)
    to = len(values) - 1
    lines = [f"{r.describe()}: G(n) for n = 0..{to}\n"]
    shown = values[:SEQUENCE_SHOWN].tolist()
    width = max((len(str(v)) for v in shown), default=1)
    for start in range(0, len(shown), 10):
        chunk = " ".join(f"{v:>{width}}" for v in shown[start : start + 10])
        lines.append(f"{start:>6}: {chunk}\n")
    if len(shown) < len(values):
        from sprague.solve.table import value_counts

        distinct = np.count_nonzero(value_counts(values))
        lines.append(
            f"   ...  ({len(values) - len(shown):,} more values"
            f"{'' if saved else '; --save FILE writes all'}); "
            f"largest value {values.max()}; {distinct} distinct values; last value G({to}) = {values[-1]}\n"
        )
    lines.append((per.describe() if per else f"no period found in n = 0..{to} (observed, not proved)") + "\n")
    if sparse is not None:
        mask, rare = sparse
        last = f"; the last at n = {rare[-1]}" if len(rare) else ""
        lines.append(
            f"sparse space (Winning Ways ch. 4): under the mask {describe_mask(mask)}, {len(rare):,} of "
            f"heaps 1..{to:,} have rare values (even masked popcount){last}\n"
        )
    stairs = data["stairs"]
    if stairs:
        base = " ".join(map(str, stairs["base"][:12])) + (" ..." if len(stairs["base"]) > 12 else "")
        how = "proved from the certified period" if stairs["certified"] else f"observed on n = 0..{to}"
        heights = stairs["heights"]
        listed = ", ".join(map(str, heights[:12])) + (f", ... ({len(heights)} heights)" if len(heights) > 12 else "")
        lines.append(f"h-stair (003 Def 2.2): the {stairs['h']}-stair of a = {base} ({how}); h = {listed} all fit\n")
    return "".join(lines)


def genus_sequence_text(r: Ruleset, data: dict[str, Any]) -> str:
    """``sprague sequence --misere``: the genera of :func:`~sprague.present.reports.genus_sequence_report`.

    Ten heaps to a line, then the first heap that is not tame and the heaps of each class.

    >>> import sprague
    >>> from sprague.present import genus_sequence_report
    >>> kayles = sprague.ruleset("kayles")
    >>> print(genus_sequence_text(kayles, genus_sequence_report(kayles, 11)), end="")
    kayles: genus of each heap n = 0..11 under misère play
         0: 0^120 1^031 2^20  3^31  1^031 4^146 3^31  2^20  1^13  4^046
        10: 2^20  6^46
    g^abc: g = G(n), a = g-(n), b = g-(n + *2), c = g-(n + *2 + *2), ... (written until it alternates)
    first heap that is not tame: 5 (4^146, restless)
    5 tame, 0 restive, 1 restless, 6 wild: restless 5; wild 6-11
    """
    genera = data["genera"]
    to = len(genera) - 1
    texts = [g["text"] for g in genera]
    width = max(len(t) for t in texts)
    lines = [f"{r.describe()}: genus of each heap n = 0..{to} under misère play\n"]
    shown = texts[:SEQUENCE_SHOWN]
    for start in range(0, len(shown), 10):
        chunk = " ".join(f"{t:<{width}}" for t in shown[start : start + 10]).rstrip()
        lines.append(f"{start:>6}: {chunk}\n")
    if len(shown) < len(texts):
        lines.append(f"   ...  ({len(texts) - len(shown):,} more heaps; --json gives them all)\n")
    lines.append("g^abc: g = G(n), a = g-(n), b = g-(n + *2), c = g-(n + *2 + *2), ... (written until it alternates)\n")
    first = data["first_not_tame"]
    if first is None:
        lines.append(f"every heap 0..{to} is tame: sums of them are played as misère Nim on the genera\n")
    else:
        lines.append(f"first heap that is not tame: {first} ({texts[first]}, {genera[first]['kind']})\n")
    counts = data["counts"]
    summary = ", ".join(f"{counts[k]} {k}" for k in counts)
    runs = [
        f"{k} {_ranges([n for n, g in enumerate(genera) if g['kind'] == k])}"
        for k in counts
        if k != "tame" and counts[k]
    ]
    lines.append(summary + (": " + "; ".join(runs) if runs else "") + "\n")
    if data.get("stopped"):
        lines.append(f"heaps 0..{to} only: {data['stopped']}\n")
    return "".join(lines)


def _ranges(ns: list[int], most: int = 12) -> str:
    """``6-11, 14`` for the sorted heaps ``ns`` (at most ``most`` runs, then ``...``)."""
    runs: list[list[int]] = []
    for n in ns:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs[:most])
    return text + (", ..." if len(runs) > most else "")


def describe_mask(mask: int) -> str:
    """A sparse-space mask in words.

    Examples
    --------
    >>> describe_mask(~1), describe_mask(5), describe_mask(-1)
    ('all bits but 0', 'bits 0, 2', 'all bits')
    """
    finite = ~mask if mask < 0 else mask
    bits = ", ".join(str(b) for b in range(finite.bit_length()) if finite >> b & 1)
    if mask < 0:
        return f"all bits but {bits}" if bits else "all bits"
    return f"bits {bits}"


def grid_text(report: GridReport, origin: str = "bottom") -> str:
    """``sprague table``: the grid of :func:`~sprague.present.reports.grid_report`, first row at the ``origin``.

    A misère grid is headed by a line that says so (and, for values, that they are g-).
    """
    from sprague.viz.table import format_grid, misere_title

    values = report.data["values"]
    title = misere_title(values) if report.data.get("misere") else None
    return (
        format_grid(
            report.data["table"],
            report.heaps,
            report.heaps,
            values=values,
            origin=origin,
            row_title=report.row_title,
            col_title=report.col_title,
            title=title,
        )
        + "\n"
    )


def heap_table_text(t: Table, saved: str | None = None) -> str:
    """``sprague table GAME --heaps K``: a summary of the table ``t`` (and the file it was ``saved`` to)."""
    counts = t.counts()
    first = t.p_positions(limit=12)
    rule = ", misère play (the last mover loses)" if t.misere else ""
    kind = "misère " if t.misere else ""
    lines = [
        f"{t.ruleset}: {len(t):,} positions of {t.heaps} heaps in {t.min_heap}..{t.max_heap}{rule} ({t.method})\n",
        f"{t.p_count():,} {kind}P-positions; the first: {', '.join(map(str, first))}\n",
    ]
    if t.kind == "grundy":
        common = ", ".join(f"{v}: {c:,}" for v, c in sorted(counts.items())[:16])
        name = "misère Grundy values g-" if t.misere else "values"
        lines.append(f"{len(counts)} distinct {name}, largest {max(counts)}; positions per value: {common}\n")
    if saved:
        lines.append(f"wrote {saved}\n")
    return "".join(lines)


def theorems_text(rows: list[dict[str, Any]]) -> str:
    """``sprague verify --list``: each theorem of :func:`~sprague.present.reports.theorems_report`."""
    lines = []
    for t in rows:
        params = "".join(f" -p {k}={v}" for k, v in t["params"].items())
        kind = f"{t['kind']}, misère play" if t.get("misere") else t["kind"]
        default = "" if t["default_heaps"] is None else f", default {t['default_heaps']}"
        lines.append(
            f"{t['name']}{params}   [{kind}; {t['ruleset']}; {t['heaps']}{default}]\n"
            f"    {t['citation']}{'' if t['origin'] == 'paper' else ' (not in the papers)'}\n"
            f"    {t['statement']}\n"
        )
        if t["refuted"]:
            lines.append(f"    {t['refuted']}\n")
    return "".join(lines)


def cache_text(data: dict[str, Any]) -> str:
    """``sprague cache list``: the entries of :func:`~sprague.present.reports.cache_report`, one a line, aligned."""
    entries = data["entries"]
    if not entries:
        return f"no cached results in {data['directory']}\n"
    rows = [
        (
            e["kind"],
            cache_key_text(e["key"]),
            "length " + "x".join(map(str, e["shape"])),
            size_text(e["nbytes"]),
            f"took {e['seconds']:.1f} s",
        )
        for e in entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [f"cache: {data['directory']}\n"]
    lines.extend("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[4] + "\n" for row in rows)
    total = sum(e["nbytes"] for e in entries)
    lines.append(f"{len(entries)} cached result{'' if len(entries) == 1 else 's'}, {size_text(total)}\n")
    return "".join(lines)


def size_text(nbytes: int) -> str:
    """A size in bytes as people read it.

    Examples
    --------
    >>> size_text(800), size_text(24_000_000)
    ('800 B', '22.9 MiB')
    """
    size = float(nbytes)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{nbytes} B"  # pragma: no cover


def cache_key_text(key: dict[str, Any]) -> str:
    """A results-cache key as command-line words.

    Examples
    --------
    >>> cache_key_text({"ruleset": "grundys-game", "params": {"k": 4}, "heaps": 4})
    'grundys-game -p k=4 heaps=4'
    """
    words = [str(key["ruleset"])] if "ruleset" in key else []
    params = key.get("params")
    if isinstance(params, dict):
        for name, value in params.items():
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            words.append(f"-p {name}={text}")
    words.extend(
        f"{k}={json.dumps(v) if isinstance(v, (dict, list)) else v}"
        for k, v in key.items()
        if k not in ("ruleset", "params")
    )
    return " ".join(words)
