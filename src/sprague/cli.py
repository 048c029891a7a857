"""The ``sprague`` command: a thin layer over the Python API.

Every command that takes a game takes ``RULESET [-p KEY=VALUE ...] POSITION...``;
a disjunctive sum of different games joins such groups with ``+``::

    sprague value nim 3 5 + subtraction -p S=1,2,5 26 + turning-turtles TTHHTHH

Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import sys
import warnings
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from sprague.core.parsing import split_on_plus
from sprague.core.ruleset import METHODS, Ruleset
from sprague.rulesets.sums import Sum
from sprague.errors import InvalidParameter, SpragueError
from sprague.rulesets import find_ruleset, ruleset
from sprague.reports import (check_sequence, grid_report, header, heap_table_report, list_report, moves_report,
                             sequence_report, value_report)
from sprague.rulesets.heap import HeapRuleset

__all__ = ["main", "build_parser"]

_GAME_COMMANDS = ("value", "moves", "graph", "play")
_SEQUENCE_DEFAULT = 100
_SPARSE_FROM = 2048  # from this many values, take-and-break games report their sparse space
_SEQUENCE_SHOWN = 1000  # values printed; the rest are summarised (--save writes them all)


class _ArgumentError(SpragueError):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so every error takes one path."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(f"{message} (see '{self.prog} --help')")


def _common(game: bool) -> Any:
    """Options shared by the game commands; defaults are SUPPRESS so '+'-segments can be merged."""
    p = _Parser(add_help=False, argument_default=argparse.SUPPRESS)
    if game:
        p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE",
                       help="ruleset parameter, e.g. -p S=1,2,5 (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--method", choices=METHODS,
                   help="auto: closed form where a theorem gives one, else search; closed; search: brute force")
    p.add_argument("--max-positions", type=int, metavar="N",
                   help="largest brute-force search allowed (default 2,000,000 positions)")
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sprague", description="Impartial combinatorial games: Grundy values, outcomes, winning moves.")
    parser.add_argument("--version", action="version", version=f"sprague {_version()}")
    sub: Any = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    game = _common(game=True)
    parser.set_defaults(commands=sub.choices)

    def game_cmd(name: str, help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[game], help=help, description=help + "\n\n" + _GAME_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("ruleset", help="ruleset name (see 'sprague list'), or module:Class for your own")
        p.add_argument("position", nargs="*", help="the position, e.g. heap sizes 3 5 6 or TTHHTHH")
        return p

    p: Any = sub.add_parser("list", parents=[_common(game=False)], help="every ruleset: name, parameters, source")
    p.set_defaults(run=cmd_list)
    game_cmd("value", "Grundy value and outcome (P/N) of a position").set_defaults(run=cmd_value)
    p = game_cmd("moves", "every option with its Grundy value; winning moves marked")
    p.add_argument("--max-options", type=int, default=2000, metavar="N",
                   help="list every option when there are at most N (default 2000); else only the winning ones")
    p.set_defaults(run=cmd_moves)
    p = sub.add_parser("sequence", parents=[game], help="G-values of single heaps, with period and certificate")
    p.add_argument("ruleset")
    p.add_argument("--to", type=int, default=_SEQUENCE_DEFAULT, metavar="N", help="last heap size (default 100)")
    p.add_argument("--save", metavar="FILE", help="also write all the values to FILE (.npy: NumPy; else text)")
    p.add_argument("--plot", metavar="FILE", help="also draw G(n) against n, period marked, to FILE (.png, .svg, .pdf; "
                   "needs: pip install 'sprague[plot]')")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_cache_dir(p)
    p.set_defaults(run=cmd_sequence)
    p = sub.add_parser("table", parents=[_common(game=False)],
                       help="P/N (or Grundy) table of a sum of two heap games, or of a two-heap game",
                       description="Each GAME is a quoted ruleset with its parameters, e.g. \"subtraction -p S=1,2,5\". "
                       "Two games: the first goes along the columns, the second up the rows (as in the handout). "
                       "One game: its two-heap positions (x, y).")
    p.add_argument("games", nargs="+", metavar="GAME")
    p.add_argument("--max", type=int, default=10, help="largest heap shown (default 10)")
    p.add_argument("--min", type=int, default=None, help="smallest heap shown (default: the game's smallest heap)")
    p.add_argument("--values", choices=("outcome", "grundy"), default="outcome")
    p.add_argument("--heaps", type=int, default=None, metavar="K",
                   help="one game: the table of all its positions of K heaps (sorted), summarised; --save writes it")
    p.add_argument("--save", metavar="FILE", help="with --heaps: write the table (.npy: NumPy, else CSV)")
    p.add_argument("--plot", metavar="FILE", help="also draw the table as a heat map, P-positions outlined, to FILE "
                   "(.png, .svg, .pdf; needs: pip install 'sprague[plot]')")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_cache_dir(p)
    p.add_argument("--origin", choices=("bottom", "top"), default="bottom", help="where the smallest row goes")
    p.add_argument("--fixed", default="", metavar="HEAPS",
                   help="one game only: more heaps, held fixed, for a 2-heap slice of a multi-heap game "
                   "(e.g. single-delete --fixed 4 shows the positions x y 4; --fixed 3,5 for two)")
    p.set_defaults(run=cmd_table)
    p = game_cmd("graph", "the game graph from a position, with P/N and Grundy labels")
    p.add_argument("--format", choices=("dot", "svg", "png"), default="dot", dest="fmt")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (needed for png)")
    p.add_argument("--max-nodes", type=int, default=500, metavar="N")
    p.set_defaults(run=cmd_graph)
    p = game_cmd("play", "play in the terminal against the computer")
    p.add_argument("--first", choices=("human", "me", "computer"), default="human",
                   help="who moves first: you (human, or me) or the computer")
    p.add_argument("--hints", action="store_true",
                   help="show a winning move (or that there is none) before each of your moves; "
                   "'hint' at the prompt shows it on request either way")
    p.add_argument("--opponent", choices=("perfect", "random"), default="perfect")
    p.add_argument("--seed", type=int, default=None, help="seed for the random opponent")
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("verify", help="check theorems (or 'all') against brute force over a box of positions",
                       description=_VERIFY_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("theorems", nargs="*", metavar="THEOREM", help="theorem names (see --list), or all")
    p.add_argument("--list", action="store_true", help="every registered theorem with its citation and domain")
    p.add_argument("--heaps", metavar="N", help="number of heaps: 4, a range 5-40 or a list 5,7 (default: the theorem's)")
    p.add_argument("--max-heap", type=int, default=16, metavar="H", help="largest heap in the box (default 16)")
    p.add_argument("--method", choices=("local", "table", "both"), default="local",
                   help="local: each position against its options' claims (parallel); table: a full table by "
                   "search; both")
    p.add_argument("--workers", type=int, default=1, metavar="W", help="processes for the local check (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="ruleset parameter, e.g. -p k=4")
    p.add_argument("--max-positions", type=int, metavar="N", help="largest box allowed (default 50,000,000)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the reports as JSON")
    p.set_defaults(run=cmd_verify)
    p = sub.add_parser("tour", help="the Nim handout, answered: a guided tour of what sprague computes")
    p.set_defaults(run=cmd_tour)
    p = sub.add_parser("cache", help="list or clear the cached results of slow computations",
                       description="Results that took a second or more are cached on disk, keyed by ruleset, "
                       "parameters and bound. list: each entry; clear: remove them all.")
    p.add_argument("action", choices=("list", "clear"), help="list the cached results, or clear them")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    _add_cache_dir(p, computes=False)
    p.set_defaults(run=cmd_cache)
    p = sub.add_parser("serve", help="the web page and JSON API (needs: pip install 'sprague[web]')",
                       description="Serve the page (play, explore) at / and the JSON API under /api "
                       "(documented at /openapi.json and /docs).")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                   help="wall-clock limit of one request (default 10)")
    p.add_argument("--max-positions", type=int, default=None, metavar="N",
                   help="work limit of one request (default 200,000 positions)")
    p.set_defaults(run=cmd_serve)
    return parser


_VERIFY_HELP = """\
Check a theorem of the papers against brute force over every position with a
given number of heaps of at most --max-heap tokens:
  sprague verify --list
  sprague verify single-delete-4 --max-heap 48
  sprague verify all --max-heap 24 --workers 2
  sprague verify nmth-delete --heaps 5 --max-heap 40 --scheduler tcp://127.0.0.1:8786
A refuted statement is reported with its smallest counterexample; exit status 1.
Ctrl-C stops cleanly and says how far the check got; exit status 130."""

_GAME_HELP = """\
A sum of different games joins groups with '+':
  sprague value nim 3 5 + subtraction -p S=1,2,5 26
Heaps may be written 26, 10**100 or 2^64-1."""


# ----------------------------------------------------------------- parsing helpers
def _version() -> str:
    from sprague import __version__

    return __version__


def _parse_params(items: Sequence[str] | None) -> dict[str, str]:
    params: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise InvalidParameter(f"parameter {item!r} is not KEY=VALUE; write e.g. -p S=1,2,5")
        params[key.strip()] = value.strip()
    return params


def _component_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="sprague (game)", add_help=False, parents=[_common(game=True)])
    p.add_argument("ruleset")
    p.add_argument("position", nargs="*")
    return p


def _parse_command(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """Parse with options and positionals intermixed (``nim -p k=2 3 5``), as argparse can't through subparsers."""
    commands = parser.get_default("commands")
    if argv and argv[0] in commands and argv[0] not in ("tour",) and not {"-h", "--help"} & set(argv):
        ns = commands[argv[0]].parse_intermixed_args(argv[1:])
        ns.command = argv[0]
        return ns
    return parser.parse_args(argv)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = build_parser()
    if argv and argv[0] in _GAME_COMMANDS and "+" in argv[1:]:
        first, *rest = split_on_plus(argv[1:])
        ns = _parse_command(parser, [argv[0], *first])
        games = [(ns.ruleset, getattr(ns, "param", None), ns.position)]
        for group in rest:
            if not group:
                raise _ArgumentError("empty game after '+'; write e.g. nim 3 5 + subtraction -p S=1,2 4")
            part = _component_parser().parse_intermixed_args(group)
            extra = {k: v for k, v in vars(part).items() if k not in ("ruleset", "param", "position")}
            vars(ns).update(extra)
            games.append((part.ruleset, getattr(part, "param", None), part.position))
        ns.games = games
    else:
        ns = _parse_command(parser, argv)
        if hasattr(ns, "position"):
            ns.games = [(ns.ruleset, getattr(ns, "param", None), ns.position)]
    for key, default in (("json", False), ("method", "auto"), ("max_positions", None)):
        if not hasattr(ns, key):
            setattr(ns, key, default)
    if ns.max_positions is not None and ns.max_positions < 1:
        raise InvalidParameter(f"--max-positions must be a positive integer, got {ns.max_positions}")
    return ns


def _game(ns: argparse.Namespace) -> tuple[Ruleset, Any]:
    """The ruleset (a Sum for several groups) and the parsed position of a game command."""
    rulesets = [ruleset(name, **_parse_params(params)) for name, params, _ in ns.games]
    positions = [r.parse_position(tokens) for r, (_, _, tokens) in zip(rulesets, ns.games)]
    if len(rulesets) == 1:
        return rulesets[0], positions[0]
    return Sum(*rulesets), tuple(positions)


def _spec(text: str) -> Ruleset:
    """A ruleset from a quoted spec such as "subtraction -p S=1,2,5"."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InvalidParameter(f"cannot read game {text!r}: {exc}") from None
    part = _component_parser().parse_intermixed_args(words)
    if part.position:
        raise InvalidParameter(f"game {text!r} has a position {part.position}; give only the ruleset and -p parameters")
    return ruleset(part.ruleset, **_parse_params(getattr(part, "param", None)))


def _header(r: Ruleset) -> dict[str, Any]:
    return header(r)


def _print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out)
    out.write("\n")


# ---------------------------------------------------------------------- commands
def cmd_list(ns: argparse.Namespace, out: TextIO) -> int:
    rows = list_report()
    if ns.json:
        _print_json(rows, out)
        return 0
    for row in rows:
        out.write(f"{row['name']}")
        if row["aliases"]:
            out.write(f"  (also: {', '.join(row['aliases'])})")
        out.write("\n")
        for name, doc in row["parameters"].items():
            out.write(f"    -p {name}=...   {doc}\n")
        if row["closed_form"]:
            out.write(f"    closed form: {row['closed_form']}\n")
        out.write(f"    source: {row['source']}\n    e.g.: sprague value {row['example']}\n")
    out.write("\nSums: join games with '+', e.g. sprague value nim 3 5 + subtraction -p S=1,2,5 26\n")
    return 0


def cmd_value(ns: argparse.Namespace, out: TextIO) -> int:
    r, pos = _game(ns)
    data = value_report(r, pos, ns.method, ns.max_positions)
    if ns.json:
        _print_json(data, out)
        return 0
    out.write(f"{r.describe()}: {r.format_position(r.check_position(pos))}\n")
    g = "not computed" if data["grundy"] is None else str(data["grundy"])
    who = "the player to move loses" if data["outcome"] == "P" else "the player to move wins"
    out.write(f"G = {g}, {data['outcome']}-position ({who})\n")
    out.write(f"method: {data['method']}\n")
    if "note" in data:
        out.write(f"note: {data['note']}\n")
    return 0


def cmd_moves(ns: argparse.Namespace, out: TextIO) -> int:
    r, pos = _game(ns)
    pos = r.check_position(pos)
    data = moves_report(r, pos, ns.method, ns.max_positions, ns.max_options)
    rows = data["options"]
    if ns.json:
        _print_json({**data, "options": [{k: v for k, v in row.items() if k != "text"} for row in rows]}, out)
        return 0
    count, limit = data["option_count"], max(1, ns.max_options)
    listed_all, one_only = data["all_options_listed"], not data["all_winning_moves_listed"]
    g = "?" if data["grundy"] is None else data["grundy"]
    out.write(f"{r.describe()}: {r.format_position(pos)}   G = {g}, {data['outcome']}-position\n")
    if not listed_all:
        shown = "one winning move, constructed" if one_only else "the winning moves only"
        out.write(f"{count:,} options (more than --max-options {limit:,}); showing {shown}\n")
    if not rows:
        out.write("no options: the game is over, the player to move loses\n" if listed_all
                  else "no winning move: this is a P-position\n")
        return 0
    width = max(len(row["move"]) for row in rows)
    for row in rows:
        mark = "*" if row["winning"] else " "
        gv = "?" if row["grundy"] is None else row["grundy"]
        out.write(f"{mark} {row['move']:<{width}}  -> {row['text']}   G = {gv} {row['outcome']}\n")
    n_win = sum(row["winning"] for row in rows)
    if one_only:
        out.write("one winning move shown (marked *), constructed as in the theorem's proof; there may be more\n")
    else:
        out.write(f"{n_win} winning move{'s' if n_win != 1 else ''} (marked *: they leave a P-position)\n"
                  if n_win else "no winning move: every option is an N-position\n")
    return 0


def cmd_sequence(ns: argparse.Namespace, out: TextIO) -> int:
    r = check_sequence(ruleset(ns.ruleset, **_parse_params(getattr(ns, "param", None))), ns.to)
    _check_plot(ns)
    _use_cache(ns)
    bar = _progress_bar(ns.quiet, f"{r.name} values", unit=" values", total=ns.to + 1)
    try:
        array = r.sequence(ns.to + 1, ns.max_positions, progress=bar.update if bar else None)
    except KeyboardInterrupt:
        done = len(getattr(r, "_values", ()))
        sys.stderr.write(f"sprague: interrupted after {done:,} of {ns.to + 1:,} values (those are kept in the results cache)\n")
        raise
    finally:
        if bar:
            bar.close()
    if ns.save:
        _save(array, ns.save)
    values = array.tolist()
    data, per = sequence_report(r, values, ns.max_positions)
    if ns.plot:
        from sprague.viz.plot import sequence_figure

        _write_plot(ns, lambda: sequence_figure(array, per, title=r.describe()))
    stairs = data["stairs"]
    if ns.json:
        _print_json(data, out)
        return 0
    out.write(f"{r.describe()}: G(n) for n = 0..{ns.to}\n")
    width = max(len(str(v)) for v in values)
    shown = values if len(values) <= _SEQUENCE_SHOWN else values[:_SEQUENCE_SHOWN]
    for start in range(0, len(shown), 10):
        chunk = " ".join(f"{v:>{width}}" for v in shown[start:start + 10])
        out.write(f"{start:>6}: {chunk}\n")
    if len(shown) < len(values):
        counts = Counter(values)
        out.write(f"   ...  ({len(values) - len(shown):,} more values{'' if ns.save else '; --save FILE writes all'}); "
                  f"largest value {max(values)}; {len(counts)} distinct values; last value G({ns.to}) = {values[-1]}\n")
    out.write((per.describe() if per else f"no period found in n = 0..{ns.to} (observed, not proved)") + "\n")
    sparse = r.sparse_space(len(values)) if len(values) > _SPARSE_FROM else None
    if sparse is not None:
        from sprague.kernels.takebreak import describe_mask

        mask, rare = sparse
        last = f"; the last at n = {rare[-1]}" if len(rare) else ""
        out.write(f"sparse space (Winning Ways ch. 4): under the mask {describe_mask(mask)}, {len(rare):,} of "
                  f"heaps 1..{ns.to:,} have rare values (even masked popcount){last}\n")
    if stairs:
        base = " ".join(map(str, stairs["base"][:12])) + (" ..." if len(stairs["base"]) > 12 else "")
        how = "proved from the certified period" if stairs["certified"] else f"observed on n = 0..{ns.to}"
        out.write(f"h-stair (003 Def 2.2): the {stairs['h']}-stair of a = {base} ({how}); "
                  f"h = {', '.join(map(str, stairs['heights']))} all fit\n")
    return 0


def cmd_table(ns: argparse.Namespace, out: TextIO) -> int:
    from sprague.viz.table import format_grid

    games = [_spec(t) for t in ns.games]
    _check_plot(ns)
    if ns.heaps is not None:
        return _heap_table(games, ns, out)
    if ns.save:
        raise InvalidParameter("--save goes with --heaps K (the table of all K-heap positions)")
    report = grid_report(games, ns.max, ns.min, ns.values, ns.method, ns.max_positions, ns.fixed,
                         use_cache=lambda: _use_cache(ns))
    if ns.plot:
        from sprague.viz.plot import table_figure

        held = "".join(f" {h}" for h in ns.fixed.replace(",", " ").split())
        title = " + ".join(g.describe() for g in games) + (f" (positions x y{held})" if held else "")
        _write_plot(ns, lambda: table_figure(report.data["table"], report.heaps, report.heaps, values=ns.values,
                                             title=title, xlabel=report.col_title, ylabel=report.row_title))
    if ns.json:
        _print_json(report.data, out)
        return 0
    out.write(format_grid(report.data["table"], report.heaps, report.heaps, values=ns.values, origin=ns.origin,
                         row_title=report.row_title, col_title=report.col_title) + "\n")
    return 0


def _check_plot(ns: argparse.Namespace) -> None:
    """With ``--plot FILE``: fail before computing if matplotlib is missing or FILE cannot be an image."""
    if ns.plot:
        from sprague.viz.plot import check_plot_path

        check_plot_path(ns.plot)


def _write_plot(ns: argparse.Namespace, make: Any) -> None:
    """Draw the figure ``make()`` returns to ``--plot FILE`` (silently, like ``graph -o``: the output is unchanged)."""
    from sprague.viz.plot import save_figure

    save_figure(make(), ns.plot)


def _heap_table(games: list[Ruleset], ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague table GAME --heaps K``: every K-heap position, summarised (and saved with --save)."""
    if len(games) != 1 or not isinstance(games[0], HeapRuleset):
        raise InvalidParameter("--heaps K takes one heap game, e.g. sprague table single-delete --heaps 4 --max 64")
    if ns.fixed:
        raise InvalidParameter("--fixed and --heaps do not go together: --heaps tabulates every position")
    if ns.plot and ns.heaps != 2:
        raise InvalidParameter(f"--plot draws 2 heaps, not --heaps {ns.heaps}; "
                               "for a 2-heap slice of more heaps use --fixed, e.g. --fixed 4")
    _use_cache(ns)
    bar = _progress_bar(ns.quiet, f"{games[0].name}, {ns.heaps} heaps")
    try:
        t, data = heap_table_report(games[0], ns.max, ns.heaps, ns.values, ns.min, ns.max_positions,
                                    progress=bar.update if bar else None)
    except KeyboardInterrupt:
        sys.stderr.write("sprague: interrupted; the positions finished are kept in the results cache\n")
        raise
    finally:
        if bar:
            bar.close()
    if ns.save:
        import numpy as np

        _save(np.asarray(t), ns.save, ",".join([f"heap{i + 1}" for i in range(t.heaps)] + [t.kind]))
    if ns.plot:
        from sprague.viz.plot import table_figure

        _write_plot(ns, lambda: table_figure(t))
    counts = t.counts()
    p_list = t.p_positions()
    if ns.json:
        _print_json(data, out)
        return 0
    out.write(f"{t.ruleset}: {len(t):,} positions of {t.heaps} heaps in {t.min_heap}..{t.max_heap} ({t.method})\n")
    out.write(f"{len(p_list):,} P-positions; the first: {', '.join(map(str, p_list[:12]))}\n")
    if t.kind == "grundy":
        common = ", ".join(f"{v}: {c:,}" for v, c in sorted(counts.items())[:16])
        out.write(f"{len(counts)} distinct values, largest {max(counts)}; positions per value: {common}\n")
    if ns.save:
        out.write(f"wrote {ns.save}\n")
    return 0


def cmd_graph(ns: argparse.Namespace, out: TextIO) -> int:
    from sprague.viz.graph import render, to_dot

    r, pos = _game(ns)
    dot = to_dot(r, r.check_position(pos), max_nodes=ns.max_nodes)
    if ns.fmt == "dot":
        data: bytes = dot.encode()
    else:
        data = render(dot, ns.fmt)
    if ns.output:
        with open(ns.output, "wb") as fh:
            fh.write(data)
        return 0
    if ns.fmt == "png":
        raise InvalidParameter("--format png writes binary data: give an output file with -o graph.png")
    text = data.decode()
    out.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_play(ns: argparse.Namespace, out: TextIO) -> int:
    from sprague.play import HumanPlayer, PerfectPlayer, QuitGame, RandomPlayer, play_match

    r, pos = _game(ns)
    pos = r.check_position(pos)

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    computer = PerfectPlayer() if ns.opponent == "perfect" else RandomPlayer(seed=ns.seed)
    human = HumanPlayer(output_fn=say, hints=getattr(ns, "hints", False))
    players = (computer, human) if ns.first == "computer" else (human, computer)
    say(f"{r.describe()}: {r.format_position(pos)}. Normal play: whoever makes the last move wins.")
    try:
        play_match(r, pos, players[0], players[1], output_fn=say)
    except QuitGame:
        say("Game abandoned.")
    return 0


def _heap_counts(text: str | None) -> list[int] | None:
    """``4``, ``5-40`` or ``5,7,9`` as a list of heap counts."""
    if text is None:
        return None
    counts: list[int] = []
    for part in text.replace(" ", "").split(","):
        lo, dash, hi = part.partition("-")
        if not lo.isdigit() or (dash and not hi.isdigit()):
            raise InvalidParameter(f"--heaps {text!r}: write a number (4), a range (5-40) or a list (5,7)")
        counts.extend(range(int(lo), int(hi) + 1) if dash else [int(lo)])
    if not counts or min(counts) < 1:
        raise InvalidParameter(f"--heaps {text!r} names no positive number of heaps")
    return counts


def cmd_verify(ns: argparse.Namespace, out: TextIO) -> int:
    from sprague.theorems import THEOREMS, find_theorem
    from sprague.verify import DEFAULT_MAX_BOX, verify

    if ns.list:
        if ns.json:
            _print_json([{"name": t.name, "ruleset": t.ruleset, "citation": t.citation, "statement": t.statement,
                          "kind": t.kind, "heaps": t.heaps_doc, "default_heaps": t.default_heaps,
                          "params": t.params, "origin": t.origin, "note": t.note,
                          "refuted": t.refutation()} for t in THEOREMS], out)
            return 0
        for t in THEOREMS:
            params = "".join(f" -p {k}={v}" for k, v in t.params.items())
            out.write(f"{t.name}{params}   [{t.kind}; {t.ruleset}; {t.heaps_doc}, default {t.default_heaps}]\n"
                      f"    {t.citation}{'' if t.origin == 'paper' else ' (not in the papers)'}\n"
                      f"    {t.statement}\n")
            if t.refuted:
                out.write(f"    {t.refutation()}\n")
        return 0
    if not ns.theorems:
        raise InvalidParameter("name a theorem to verify, or all ('sprague verify --list' shows them)")
    chosen = list(THEOREMS) if ns.theorems == ["all"] else [find_theorem(name) for name in ns.theorems]
    counts = _heap_counts(ns.heaps)
    ruleset_params = _parse_params(ns.param)
    takes = {t.name: {p.name for p in find_ruleset(t.ruleset).parameters} for t in chosen}
    unused = set(ruleset_params) - set().union(*takes.values())
    if unused:
        raise InvalidParameter(f"no chosen theorem takes the parameter {sorted(unused)[0]!r} "
                               "('sprague verify --list' shows each theorem's parameters)")
    if ns.workers < 1:
        raise InvalidParameter(f"--workers must be at least 1, got {ns.workers}")
    if ns.max_heap < 0:
        raise InvalidParameter(f"--max-heap must be at least 0, got {ns.max_heap}")
    jobs = []
    for theorem in chosen:
        own = {k: v for k, v in ruleset_params.items() if k in takes[theorem.name]}
        if counts is None:
            jobs.append((theorem, own, theorem.heaps_default(own)))
            continue
        fitting = [n for n in counts if theorem.heap_ok(n, {**theorem.params, **own})]
        if not fitting and ns.theorems != ["all"]:
            theorem.check_heaps(counts[0], own)  # raises: the counts are outside its domain
        jobs.extend((theorem, own, n) for n in fitting)
    reports = []
    status = 0
    for theorem, own, n in jobs:
        bar = _progress_bar(ns.quiet, f"{theorem.name}, {n} heaps")
        try:
            report = verify(theorem, heaps=n, max_heap=ns.max_heap, params=own, method=ns.method,
                            workers=ns.workers, scheduler=ns.scheduler,
                            max_positions=ns.max_positions or DEFAULT_MAX_BOX, progress=bar.update if bar else None)
        finally:
            if bar:
                bar.close()
        reports.append(report)
        if not ns.json:
            out.write(report.summary() + "\n")
            out.flush()
        if not report.ok:
            status = 1
        if report.interrupted:
            status = 130
            break
    if ns.json:
        _print_json([r.to_json() for r in reports], out)
    return status


def _progress_bar(quiet: bool, label: str, unit: str = " positions", total: int | None = None) -> Any:
    """A tqdm bar on stderr when it is a terminal (and not --quiet), else None."""
    if quiet or not sys.stderr.isatty():
        return None
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(desc=label, unit=unit, unit_scale=True, leave=False, file=sys.stderr, total=total)


def _save(array: Any, path: str, header: str = "") -> None:
    """Write an array to ``path``: NumPy's .npy format, or text (one row per line, comma separated, ``header`` first)."""
    import numpy as np

    try:
        if path.endswith(".npy"):
            np.save(path, array)
        else:
            np.savetxt(path, array, fmt="%d", delimiter=",", header=header, comments="")
    except OSError as exc:
        raise InvalidParameter(f"--save {path!r}: cannot write it ({exc.strerror}); give a writable file") from None


def _use_cache(ns: argparse.Namespace) -> None:
    """Point the rulesets at the cache ``--cache-dir`` names, if given."""
    from sprague import cache

    if getattr(ns, "no_cache", False):
        cache.use(False)
    elif getattr(ns, "cache_dir", None):
        cache.use(ns.cache_dir)


def cmd_serve(ns: argparse.Namespace, out: TextIO) -> int:
    try:
        import uvicorn

        from sprague.web import create_app
    except ImportError as exc:
        raise InvalidParameter(f"'sprague serve' needs FastAPI and uvicorn ({exc.name} is missing); "
                               "install them with: pip install 'sprague[web]'") from None
    if not 0 <= ns.port < 65536:
        raise InvalidParameter(f"--port must be in 0..65535, got {ns.port}")
    if ns.time_limit is not None and ns.time_limit <= 0:
        raise InvalidParameter(f"--time-limit must be a positive number of seconds, got {ns.time_limit}")
    app = create_app(max_positions=ns.max_positions, time_limit=ns.time_limit)
    out.write(f"sprague: serving http://{ns.host}:{ns.port}/ (Ctrl-C stops)\n")
    out.flush()
    uvicorn.run(app, host=ns.host, port=ns.port, log_level="warning")
    return 0


def cmd_tour(ns: argparse.Namespace, out: TextIO) -> int:
    from sprague.tour import tour

    tour(out)
    return 0


def _add_cache_dir(parser: argparse.ArgumentParser, computes: bool = True) -> None:
    """Give a subcommand the ``--cache-dir DIR`` option (and ``--no-cache`` if it ``computes``)."""
    parser.add_argument("--cache-dir", metavar="DIR", default=None,
                        help="directory of cached results (default: $SPRAGUE_CACHE_DIR if set, else the "
                        "platform's cache directory, e.g. ~/.cache/sprague)")
    if computes:
        parser.add_argument("--no-cache", action="store_true",
                            help="neither read nor write the results cache (results taking >= 1 s are cached)")


def _cache(ns: argparse.Namespace) -> Any:
    """The :class:`sprague.cache.Cache` a command's ``--cache-dir`` names (the default directory without it)."""
    from sprague.cache import Cache

    return Cache(getattr(ns, "cache_dir", None))


def _size(nbytes: int) -> str:
    size = float(nbytes)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{nbytes} B"  # pragma: no cover


def _cache_key_text(key: dict[str, Any]) -> str:
    """``grundys-game -p k=4 heaps=4`` for a key {"ruleset": ..., "params": {...}, ...}."""
    words = [str(key["ruleset"])] if "ruleset" in key else []
    params = key.get("params")
    if isinstance(params, dict):
        for name, value in params.items():
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
            words.append(f"-p {name}={text}")
    words.extend(f"{k}={json.dumps(v) if isinstance(v, (dict, list)) else v}"
                 for k, v in key.items() if k not in ("ruleset", "params"))
    return " ".join(words)


def cmd_cache(ns: argparse.Namespace, out: TextIO) -> int:
    cache = _cache(ns)
    if ns.action == "clear":
        removed = cache.clear()
        if ns.json:
            _print_json({"directory": str(cache.directory), "removed": removed}, out)
        else:
            out.write(f"removed {removed} cached result{'' if removed == 1 else 's'} from {cache.directory}\n")
        return 0
    entries = cache.entries()
    if ns.json:
        _print_json({"directory": str(cache.directory),
                     "entries": [{"path": str(e.path), "kind": e.kind, "key": e.key, "length": e.length,
                                  "shape": list(e.shape), "dtype": e.dtype, "nbytes": e.nbytes,
                                  "seconds": e.seconds, "created": e.created} for e in entries]}, out)
        return 0
    if not entries:
        out.write(f"no cached results in {cache.directory}\n")
        return 0
    out.write(f"cache: {cache.directory}\n")
    rows = [(e.kind, _cache_key_text(e.key), "length " + "x".join(map(str, e.shape)), _size(e.nbytes), f"took {e.seconds:.1f} s")
            for e in entries]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        out.write("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[4] + "\n")
    total = sum(e.nbytes for e in entries)
    out.write(f"{len(entries)} cached result{'' if len(entries) == 1 else 's'}, {_size(total)}\n")
    return 0


# -------------------------------------------------------------------------- main
def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = list(sys.argv[1:] if argv is None else argv)
    sys.set_int_max_str_digits(0)  # heaps of any size are read and printed exactly
    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        err.write(f"sprague: warning: {message}\n")

    with warnings.catch_warnings():  # a damaged cache file and the like: one line on stderr
        warnings.showwarning = show
        return _main(args, out, err)


def _main(args: list[str], out: TextIO, err: TextIO) -> int:
    try:
        if not args:
            build_parser().print_help(out)
            return 0
        with contextlib.redirect_stdout(out):  # --help and --version print through argparse
            ns = _parse(args)
        if not hasattr(ns, "run"):
            build_parser().print_help(out)
            return 2
        return int(ns.run(ns, out))
    except SpragueError as exc:
        err.write(f"sprague: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        err.write("sprague: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except Exception as exc:  # a bug of ours: one line, not a traceback; SPRAGUE_DEBUG=1 shows it
        if os.environ.get("SPRAGUE_DEBUG"):
            raise
        err.write(f"sprague: internal error: {type(exc).__name__}: {exc} (please report it; "
                  "SPRAGUE_DEBUG=1 shows the traceback)\n")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
