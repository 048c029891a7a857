"""The ``sprague`` command line, parsed: the argparse parser, the shared options, and sums joined by ``+``.

Every command that takes a game takes ``RULESET [-p KEY=VALUE ...] POSITION...``;
a disjunctive sum of different games joins such groups with ``+``, and an option
given in any group applies to the whole command::

    sprague value nim 3 5 + subtraction -p S=1,2,5 26 + turning-turtles TTHHTHH
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from sprague import InvalidParameter, Ruleset, SpragueError, Sum, __version__, ruleset
from sprague.core.budget import DEFAULT_MAX_MEMORY, DEFAULT_MAX_WORK
from sprague.core.limits import MAX_GRAPH_NODES, SWEEP_VALUES
from sprague.core.parsing import parse_int, split_on_plus
from sprague.core.ruleset import METHODS

__all__ = [
    "MISERE_HELP",
    "GAME_COMMANDS",
    "ArgumentError",
    "Parser",
    "build_parser",
    "add_cache_dir",
    "parse",
    "parse_params",
    "whole",
    "game",
    "spec",
]

#: the commands that take ``RULESET [-p KEY=VALUE ...] POSITION...`` (and sums of such groups)
GAME_COMMANDS = ("value", "moves", "graph", "play")
_SEQUENCE_DEFAULT = 100
#: the help of ``--misere``, on every command that answers about positions
MISERE_HELP = "misère play: the player who makes the last move loses"

_VERIFY_HELP = """\
Check a theorem of the papers against brute force over every position with a
given number of heaps of at most --max-heap tokens:
  sprague verify --list
  sprague verify single-delete-4 --max-heap 48
  sprague verify all --max-heap 24 --workers 2
  sprague verify nmth-delete --heaps 5 --max-heap 40 --scheduler tcp://127.0.0.1:8786
  sprague verify --claim myclaims.py:lasker --kind grundy laskers-nim --heaps 2 --max-heap 30
A refuted statement is reported with its smallest counterexample; exit status 1.
Ctrl-C stops cleanly and says how far the check got; exit status 130."""

_DISCOVER_HELP = """\
Conjectures from data: the table of every position with --heaps heaps of at
most --max tokens (outcomes and Grundy values), and the simplest rule of a
grammar of heap features, aggregates and arithmetic that fits every position,
verified on heaps up to --verify-max (default twice --max-heap). A rule refuted there
is shown with its counterexample, which joins the data; the search goes on.
  sprague discover delete-nim --heaps 2 --max-heap 12
  sprague discover abo-delete --heaps 3-5 --max-heap 21 --kind outcome
  sprague discover cyclic-nimhoff -p h=3 --heaps 2 --max-heap 15 --kind grundy --json
With several numbers of heaps each is searched alone, then one rule for all of
them (constants as functions of n, or n in the grammar). With --misere the rules
fit misère play: the misère P-positions, or Conway's misère Grundy values g-:
  sprague discover subtraction -p S=1,2 --heaps 2 --max-heap 10 --misere
  sprague discover chomp --family rows --max-heap 8 --kind outcome
  sprague discover node-kayles --family bipartite"""

_GAME_HELP = """\
A sum of different games joins groups with '+':
  sprague value nim 3 5 + subtraction -p S=1,2,5 26
Heaps may be written 26, 10**100 or 2^64-1."""


_QUOTIENT_HELP = """\
The misère quotient (Plambeck; Plambeck and Siegel 2008) of every sum of heaps
of at most --max-heap tokens: the monoid whose product of the heaps' elements
gives each sum's misère outcome, verified exactly for every such sum.
  sprague quotient nim --max-heap 2
  sprague quotient kayles --max-heap 40
  sprague quotient 0.75 --max-heap 20 --json      (a bare code: takebreak -p code=0.75)
  sprague quotient 0.77 --max-heap 170 --prove    (proved for ALL heaps: period 12 from 71)
  sprague quotient 0.77 --max-heap 40 --check     (the independent verifier's verdict)
--max-positions bounds the work (monoid products and automaton steps)."""


_SWEEP_HELP = """\
Every code of a family of take-and-break games, each solved as far as
--values values: period and preperiod (certified by a theorem, or "unsolved
to N" with the period seen), largest value, and the sparse-space rare mask.
Codes that are the same game (0.10 is 0.1) or have the same values share a row.
  sprague sweep 0.??
  sprague sweep 0.??? --values 20000 --csv octal3.csv
  sprague sweep 4.?7 --json
  sprague sweep 0.F? --scheduler tcp://127.0.0.1:8786
With --misere, the misère quotient of each game instead (the sums of heaps
0..--max-heap, each game within --game-work units of work): order, P-portion,
the heap it stabilised from, observed or proved; a game that spends its budget
is a row "stopped at heap k, order >= m".
  sprague sweep 0.??? --misere --csv docs/misere-quotients.csv
  sprague sweep 0.?7 --misere --max-heap 30 --game-work 20000000
With --prove, each finished quotient is proved for ALL heaps (period and
preperiod of its pretending function, certificate in --json) or observed (why).
  sprague sweep 0.7? --misere --prove --game-work 8000000
Each finished game is kept in the results cache: after Ctrl-C (exit status
130) the same sweep again resumes where it stopped."""


class ArgumentError(SpragueError):
    """A command line argparse refuses (the message says where to find ``--help``)."""


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so every error takes one path.

    ``commands`` maps each subcommand's name to its parser (filled in by :func:`build_parser`).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands: dict[str, argparse.ArgumentParser] = {}

    def error(self, message: str) -> NoReturn:
        raise ArgumentError(f"{message} (see '{self.prog} --help')")


def whole(least: int = 0, most: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ``least..most``, written as heaps are (``100``, ``10**6``, ``2^20``).

    >>> whole(1)("2^10"), whole(0, 65535)("8000")
    (1024, 8000)
    """

    def read(text: str) -> int:
        span = f">= {least:,}" if most is None else f"in {least:,}..{most:,}"
        try:
            value = parse_int(text, "number")
        except SpragueError:
            value = None
        if value is None or value < least or (most is not None and value > most):
            raise argparse.ArgumentTypeError(f"must be a whole number {span} (e.g. 100, 10**6, 2^20), got {text!r}")
        return value

    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


def seconds(text: str) -> float:
    """An argparse ``type``: a positive, finite number of seconds.

    >>> seconds("2.5")
    2.5
    """
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds (e.g. 10, 2.5), got {text!r}")
    return value


def _common(game: bool, merge: bool = False, misere: bool = False, json: bool = True, method: bool = True) -> Parser:
    """Options shared by the game commands (``json``, ``method``: whether the command has ``--json``, ``--method``;
    a command has only the options it uses, so that none is silently ignored).

    For a '+'-segment (``merge``) they have no defaults (SUPPRESS), so that only
    the options given in that segment are merged into the command's.
    """
    p = Parser(add_help=False, argument_default=argparse.SUPPRESS if merge else None)
    if game:
        p.add_argument(
            "-p",
            "--param",
            action="append",
            metavar="KEY=VALUE",
            help="ruleset parameter, e.g. -p S=1,2,5 (repeatable)",
        )
    if json:
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
    if method:
        p.add_argument(
            "--method",
            choices=METHODS,
            help="auto: closed form where a theorem gives one, else search; closed; search: brute force",
        )
    p.add_argument(
        "--max-positions",
        type=whole(1),
        metavar="N",
        help="largest brute-force search allowed (default 2,000,000 positions)",
    )
    if game or misere:
        p.add_argument("--misere", action="store_true", help=MISERE_HELP)
    if not merge and method:
        p.set_defaults(method="auto")
    return p


def add_cache_dir(parser: argparse.ArgumentParser, computes: bool = True) -> None:
    """Give a subcommand the ``--cache-dir DIR`` option (and ``--no-cache`` if it ``computes``)."""
    parser.add_argument(
        "--cache-dir",
        metavar="DIR",
        default=None,
        help="directory of cached results (default: $SPRAGUE_CACHE_DIR if set, else the "
        "platform's cache directory, e.g. ~/.cache/sprague)",
    )
    if computes:
        parser.add_argument(
            "--no-cache",
            action="store_true",
            help="neither read nor write the results cache (results taking >= 1 s are cached)",
        )


def build_parser() -> Parser:
    """The parser of the ``sprague`` command; ``parser.commands`` holds each subcommand's parser.

    One function: a flat list of declarations, one block of ``add_argument`` calls per command in the order
    ``sprague --help`` shows them, sharing the parents (game options, cache directory) defined at its top; it has
    no branches, and splitting it by command would only move the blocks apart from the shared parents.
    """
    parser = Parser(
        prog="sprague", description="Impartial combinatorial games: Grundy values, outcomes, winning moves."
    )
    parser.add_argument("--version", action="version", version=f"sprague {__version__}")
    parser.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE|FILE.py",
        help="load rulesets and theorems from a module or a .py file first (repeatable; also "
        "$SPRAGUE_PLUGINS, separated by ':'); installed plugins load by themselves",
    )
    sub: Any = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    parser.commands = sub.choices
    game = _common(game=True)
    no_json = _common(game=True, json=False)  # graph writes DOT, SVG or PNG; play is a conversation
    no_method = _common(game=True, method=False)  # sequence and quotient compute as they can, by no --method

    def game_cmd(name: str, help: str, parent: Parser = game) -> argparse.ArgumentParser:
        p = sub.add_parser(
            name,
            parents=[parent],
            help=help,
            description=help + "\n\n" + _GAME_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        p.add_argument("ruleset", help="ruleset name (see 'sprague list'), or module:Class for your own")
        p.add_argument("position", nargs="*", help="the position, e.g. heap sizes 3 5 6 or TTHHTHH")
        return p

    p = sub.add_parser("list", help="every ruleset: name, parameters, source")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    game_cmd("value", "Grundy value and outcome (P/N) of a position")
    p = game_cmd("moves", "every option with its Grundy value; winning moves marked")
    p.add_argument(
        "--max-options",
        type=whole(0),
        default=2000,
        metavar="N",
        help="list every option when there are at most N (default 2000); else only the winning ones",
    )
    p = sub.add_parser("sequence", parents=[no_method], help="G-values of single heaps, with period and certificate")
    p.add_argument("ruleset")
    p.add_argument(
        "--max-heap",
        "--to",
        type=whole(0),
        default=_SEQUENCE_DEFAULT,
        metavar="N",
        dest="to",
        help="largest heap: G(0..N) (default 100; --to is the old spelling)",
    )
    p.add_argument("--save", metavar="FILE", help="also write all the values to FILE (.npy: NumPy; else text)")
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="also draw G(n) against n, period marked, to FILE (.png, .svg, .pdf; needs: pip install 'sprague[plot]')",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_cache_dir(p)
    p = sub.add_parser(
        "quotient",
        aliases=["misere-quotient"],
        parents=[no_method],
        help="the misère quotient of a one-heap game's heaps 0..N: presentation, P-portion, pretending function",
        description=_QUOTIENT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "ruleset",
        help="a one-heap ruleset (see 'sprague list'), or a bare take-and-break code such as "
        "0.77 or 4!.0 (for this command only: 'takebreak -p code=0.77')",
    )
    p.add_argument("--max-heap", type=whole(0), required=True, metavar="N", help="the bound: sums of heaps 0..N")
    p.add_argument(
        "--max-order",
        type=whole(1),
        default=None,
        metavar="N",
        help="largest quotient (and candidate) computed (default: no limit but the memory budget)",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="also run the independent verifier on the computed quotient and print its verdict",
    )
    p.add_argument(
        "--prove",
        action="store_true",
        help="finite take-and-break codes: prove the quotient of ALL heaps by the periodicity theorem "
        "(sprague.analysis.quotient_proof) and print the certificate, or say it is only observed",
    )
    p = sub.add_parser(
        "table",
        parents=[_common(game=False, misere=True)],
        help="P/N (or Grundy) table of a sum of two heap games, or of a two-heap game",
        description="Each GAME is a quoted ruleset with its parameters, e.g. "
        '"subtraction -p S=1,2,5". '
        "Two games: the first goes along the columns, the second up the rows (as in the handout). "
        "One game: its two-heap positions (x, y).",
    )
    p.add_argument("games", nargs="+", metavar="GAME")
    p.add_argument(
        "--max-heap",
        "--max",
        type=whole(0),
        default=10,
        metavar="N",
        dest="max",
        help="largest heap shown (default 10; --max is the old spelling)",
    )
    p.add_argument("--min", type=whole(0), default=None, help="smallest heap shown (default: the game's smallest heap)")
    p.add_argument(
        "--kind",
        "--values",
        choices=("outcome", "grundy"),
        default="outcome",
        dest="values",
        help="P/N outcomes or Grundy values (default outcome; --values is the old spelling)",
    )
    p.add_argument(
        "--heaps",
        type=whole(1),
        default=None,
        metavar="K",
        help="one game: the table of all its positions of K heaps (sorted), summarised; --save writes it",
    )
    p.add_argument("--save", metavar="FILE", help="with --heaps: write the table (.npy: NumPy, else CSV)")
    p.add_argument(
        "--workers",
        type=whole(1),
        default=None,
        metavar="W",
        help="with --heaps: fill the box on a Dask LocalCluster of W processes, level by level "
        "(the Delete family's compiled boxes; needs: pip install 'sprague[dask]')",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --heaps: fill the box on the Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786",
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="also draw the table as a heat map, P-positions outlined, to FILE "
        "(.png, .svg, .pdf; needs: pip install 'sprague[plot]')",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_cache_dir(p)
    p.add_argument("--origin", choices=("bottom", "top"), default="bottom", help="where the smallest row goes")
    p.add_argument(
        "--fixed",
        default="",
        metavar="HEAPS",
        help="one game only: more heaps, held fixed, for a 2-heap slice of a multi-heap game "
        "(e.g. single-delete --fixed 4 shows the positions x y 4; --fixed 3,5 for two)",
    )
    p = game_cmd("graph", "the game graph from a position, with P/N and Grundy labels", no_json)
    p.add_argument("--format", choices=("dot", "svg", "png"), default="dot", dest="fmt")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (needed for png)")
    p.add_argument("--max-nodes", type=whole(1, MAX_GRAPH_NODES), default=500, metavar="N")
    p = game_cmd("play", "play in the terminal against the computer", no_json)
    p.add_argument(
        "--first",
        choices=("human", "me", "computer"),
        default="human",
        help="who moves first: you (human, or me) or the computer",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="show a winning move (or that there is none) before each of your moves; "
        "'hint' at the prompt shows it on request either way",
    )
    p.add_argument(
        "--opponent", choices=("perfect", "random"), default=None, help="the computer: perfect (the default) or random"
    )
    p.add_argument(
        "--skill",
        type=float,
        default=None,
        metavar="X",
        help="a computer between the two: each move perfect with probability X (0 to 1), else random",
    )
    p.add_argument(
        "--seed", type=whole(0), default=None, help="seed for the random opponent (--opponent random, or --skill X)"
    )
    p = sub.add_parser(
        "verify",
        help="check theorems (or 'all') against brute force over a box of positions",
        description=_VERIFY_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "theorems",
        nargs="*",
        metavar="THEOREM",
        help="theorem names (see --list), or all; with --claim, the ruleset the claim is about",
    )
    p.add_argument("--list", action="store_true", help="every registered theorem with its citation and domain")
    p.add_argument(
        "--claim",
        metavar="MODULE:FUNCTION",
        help="your own claim: a function of the position (a heap "
        "game's sorted heaps) returning 'P'/'N' (or True for P), a Grundy value with --kind grundy, "
        "or None; MODULE may be a .py file",
    )
    p.add_argument(
        "--kind",
        choices=("outcome", "grundy"),
        default=None,
        help="what --claim returns (default outcome; a theorem says its own)",
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=MISERE_HELP + " (the claim is checked against misère "
        "search: outcomes, or misère Grundy values g- with --kind grundy)",
    )
    p.add_argument(
        "--heaps", metavar="N", help="number of heaps: 4, a range 5-40 or a list 5,7 (default: the theorem's)"
    )
    p.add_argument(
        "--max-heap",
        type=whole(0),
        default=None,
        metavar="H",
        help="largest heap in the box (default 16; for a ruleset whose positions are not heaps, the "
        "largest size of its positions)",
    )
    p.add_argument(
        "--method",
        choices=("local", "table", "both"),
        default=None,
        help="local (the default): each position against its options' claims (parallel); table: a full "
        "table by search; both",
    )
    p.add_argument(
        "--workers", type=whole(1), default=None, metavar="W", help="processes for the local check (default 1)"
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="ruleset parameter, e.g. -p k=4")
    p.add_argument("--max-positions", type=whole(1), metavar="N", help="largest box allowed (default 50,000,000)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the reports as JSON")
    p = sub.add_parser(
        "discover",
        help="conjectures from data: the simplest rule fitting a table, checked on a larger box",
        description=_DISCOVER_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="ruleset parameter, e.g. -p h=3")
    p.add_argument(
        "--heaps",
        default=None,
        metavar="N",
        help="numbers of heaps: 3, a range 3-5 or a list 2,4 (default 2); with --family, numbers of parameters",
    )
    p.add_argument(
        "--max-heap",
        "--max",
        type=whole(0),
        default=None,
        metavar="H",
        dest="max_heap",
        help="largest heap of the data (default 12; --max is the old spelling); with --family, the largest "
        "parameter (default the family's)",
    )
    p.add_argument(
        "--family",
        metavar="NAME",
        help="fit on a named family of positions of a board or graph game instead of heaps, its parameters "
        "in place of heaps (chomp: rows; cram: rect; node-kayles, arc-kayles: path, cycle, star, complete, "
        "bipartite)",
    )
    p.add_argument(
        "--kind",
        choices=("outcome", "grundy", "both"),
        default="both",
        help="the rules looked for: P-positions, Grundy values, or both (default)",
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=MISERE_HELP + " (rules are fitted to the misère P-positions, "
        "or to Conway's misère Grundy values g- with --kind grundy, and checked against misère values)",
    )
    p.add_argument(
        "--verify-max", type=whole(0), metavar="H", help="largest heap of the check (default 2 x --max-heap)"
    )
    p.add_argument(
        "--budget",
        type=whole(1),
        metavar="UNITS",
        help="work units (about a microsecond each) of one search (default 10,000,000)",
    )
    p.add_argument("--max-cost", type=whole(1), default=16, metavar="S", help="largest cost of a rule (default 16)")
    p.add_argument(
        "--memory",
        type=whole(1),
        metavar="MB",
        help="megabytes of values one search may keep (default 1024); a search reaching it stops as on its budget",
    )
    p.add_argument(
        "--max-positions",
        type=whole(1),
        metavar="N",
        help="work limit of the tables, and the largest check box (default 2,000,000 positions)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    from sprague.sweep import DEFAULT_GAME_WORK, DEFAULT_MAX_HEAP, DEFAULT_PROVE_MAX_HEAP  # the misère sweep's defaults

    p = sub.add_parser(
        "sweep",
        help="every take-and-break code of a family (0.??, 4.?7, 0.F?): periods, largest "
        "values, rare masks, in one table",
        description=_SWEEP_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "pattern",
        help="codes with ? for any digit, e.g. 0.?? (octal), 0.F? (hexadecimal); several joined by commas, "
        "e.g. 0.137,0.6,4.07 (chosen games side by side)",
    )
    p.add_argument(
        "--values",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"values G(0..N-1) computed for each game (default {SWEEP_VALUES:,})",
    )
    p.add_argument(
        "--max-positions",
        type=whole(1),
        metavar="N",
        help="work limit of each game (default 2,000,000 positions); a game reaching it is unsolved",
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help="the misère quotient of each game instead of its values (see --max-heap, --game-work)",
    )
    p.add_argument(
        "--max-heap",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"with --misere: each quotient is that of the sums of heaps 0..N (default {DEFAULT_MAX_HEAP})",
    )
    p.add_argument(
        "--game-work",
        type=whole(1),
        default=None,
        metavar="UNITS",
        help=f"with --misere: work units (about a microsecond each) of each game (default "
        f"{DEFAULT_GAME_WORK:,}); a game spending them is a row 'stopped at heap k'",
    )
    p.add_argument(
        "--prove",
        action="store_true",
        help="with --misere: prove each quotient for ALL heaps (periodicity theorem), computing a "
        "stabilised one further when the proof needs it (up to --prove-max-heap), within --game-work",
    )
    p.add_argument(
        "--prove-max-heap",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"with --prove: the largest bound a proof may compute to (default {DEFAULT_PROVE_MAX_HEAP}; "
        "Kayles needs 166)",
    )
    p.add_argument(
        "--base",
        type=int,
        choices=(8, 16),
        default=None,
        help="digits of the wildcards (default 8; 16 when the pattern has a digit 8-9 or A-F)",
    )
    p.add_argument(
        "--workers", type=whole(1), default=None, metavar="W", help="local worker processes (default: one per core)"
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--csv", metavar="FILE", help="also write the table as CSV to FILE")
    p.add_argument(
        "--json",
        nargs="?",
        const="-",
        default=None,
        metavar="FILE",
        help="print JSON instead of the table; --json FILE writes it to FILE (and prints the table)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_cache_dir(p)
    sub.add_parser("tour", help="the Nim handout, answered: a guided tour of what sprague computes")
    sub.add_parser(
        "warm-up",
        help="compile every kernel once (about 30 s), so that no later question waits for it",
        description="The compiled kernels are made the first time they run and cached (in "
        "$NUMBA_CACHE_DIR, else numba in the platform's cache directory). warm-up runs a small job "
        "through each, once after installing; a second run only loads them. It also compiles the "
        "take-and-break kernels ahead of time (into sprague-aot there), so that their runs start without numba.",
    )
    p = sub.add_parser(
        "cache",
        help="list or clear the cached results of slow computations",
        description="Results that took a second or more are cached on disk, keyed by ruleset, "
        "parameters and bound. list: each entry; clear: remove them all.",
    )
    p.add_argument("action", choices=("list", "clear"), help="list the cached results, or clear them")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_cache_dir(p, computes=False)
    p = sub.add_parser(
        "serve",
        help="the web page and JSON API (needs: pip install 'sprague[web]')",
        description="Serve the page (play, explore) at / and the JSON API under /api "
        "(documented at /openapi.json and /docs).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=whole(0, 65535), default=8000, help="port (default 8000)")
    p.add_argument(
        "--time-limit", type=float, default=None, metavar="SECONDS", help="wall-clock limit of one request (default 10)"
    )
    p.add_argument(
        "--max-positions",
        type=whole(1),
        default=None,
        metavar="N",
        help="work limit of one request (default 200,000 positions)",
    )
    p.add_argument(
        "--workers", type=whole(1), default=None, metavar="N", help="worker processes computing at once (default 4)"
    )
    p.add_argument(
        "--memory-limit",
        type=float,
        default=None,
        metavar="MB",
        help="memory one computation may allocate, in megabytes (default 1024)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests whose Host header is NAME (or NAME:PORT), e.g. the name a reverse "
        "proxy passes on; repeatable; '*' turns the Host check off (default: the bound address only)",
    )
    p.add_argument(
        "--cache-size",
        type=float,
        default=None,
        metavar="MB",
        help="megabytes of results the server keeps on disk, least recently used removed first (default 100; 0: none)",
    )
    p.add_argument(
        "--cache-dir",
        metavar="DIR",
        default=None,
        help="where the server keeps its results (default: 'server' in the cache directory)",
    )
    p = sub.add_parser("describe", help="a ruleset's rules in words, and the games it is known to be the same as")
    p.add_argument("ruleset", help="ruleset name (see 'sprague list'), or module:Class for your own")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="ruleset parameter, e.g. -p code=0.137")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    for command in {id(c): c for n, c in parser.commands.items() if n not in _NO_BUDGET}.values():  # aliases once
        add_budget(command)
    return parser


#: the commands that compute nothing (or, for serve, budget each request by its own options)
_NO_BUDGET = frozenset({"list", "tour", "warm-up", "cache", "serve", "describe"})


def add_budget(parser: argparse.ArgumentParser) -> None:
    """The budget of the whole command, counted as it runs (:mod:`sprague.core.budget`)."""
    parser.add_argument(
        "--max-work",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"work budget of the command, in units of about a microsecond (default "
        f"{DEFAULT_MAX_WORK:,}: some 10-20 s of CPU)",
    )
    parser.add_argument(
        "--max-memory",
        type=whole(1),
        default=None,
        metavar="MB",
        help=f"memory budget of the command in megabytes (default {DEFAULT_MAX_MEMORY >> 20:,}: a "
        "quarter of this machine's memory)",
    )
    if "--time-limit" not in parser._option_string_actions:
        parser.add_argument(
            "--time-limit",
            type=seconds,
            default=None,
            metavar="SECONDS",
            help="wall-clock limit of the command (default none: the work budget bounds it)",
        )


def _component_parser() -> argparse.ArgumentParser:
    """The parser of one '+'-segment: ``RULESET [-p KEY=VALUE ...] POSITION...``; other options only if given."""
    p = Parser(prog="sprague (game)", add_help=False, parents=[_common(game=True, merge=True)])
    p.add_argument("ruleset")
    p.add_argument("position", nargs="*")
    p.set_defaults(param=None)
    return p


def _parse_command(parser: Parser, argv: list[str]) -> argparse.Namespace:
    """Parse with options and positionals intermixed (``nim -p k=2 3 5``), as argparse can't through subparsers.

    Every namespace has ``command`` (None without one), ``max_positions`` and the budget (``max_work``,
    ``max_memory``, ``time_limit``), whether or not the command takes those options.
    """
    ns = argparse.Namespace(command=None, max_positions=None, max_work=None, max_memory=None, time_limit=None)
    if argv and argv[0] in parser.commands and argv[0] != "tour" and not {"-h", "--help"} & set(argv):
        parser.commands[argv[0]].parse_intermixed_args(argv[1:], namespace=ns)
        ns.command = argv[0]
        return ns
    return parser.parse_args(argv, namespace=ns)


def parse(argv: list[str]) -> argparse.Namespace:
    """The namespace of a ``sprague`` command line (without the program name).

    A game command's games are in ``ns.games``, one ``(ruleset, params, tokens)``
    triple for each '+'-segment.
    """
    parser = build_parser()
    plugins, argv = _take_plugins(argv)
    if argv and argv[0] in GAME_COMMANDS and "+" in argv[1:]:
        first, *rest = split_on_plus(argv[1:])
        ns = _parse_command(parser, [argv[0], *first])
        games = [(ns.ruleset, ns.param, ns.position)]
        for group in rest:
            if not group:
                raise ArgumentError("empty game after '+'; write e.g. nim 3 5 + subtraction -p S=1,2 4")
            part = _component_parser().parse_intermixed_args(group)
            merged = {k: v for k, v in vars(part).items() if k not in ("ruleset", "param", "position")}
            _check_options(parser.commands[argv[0]], argv[0], merged)
            vars(ns).update(merged)
            games.append((part.ruleset, part.param, part.position))
        ns.games = games
    else:
        ns = _parse_command(parser, argv)
        if ns.command in GAME_COMMANDS:
            ns.games = [(ns.ruleset, ns.param, ns.position)]
    ns.plugin = plugins
    return ns


def _check_options(command: argparse.ArgumentParser, name: str, given: dict[str, Any]) -> None:
    """Refuse an option given in a '+'-segment that the command does not have (``graph ... + nim 3 --json``)."""
    have = {a.dest for a in command._actions}
    for dest in given:
        if dest not in have:
            flag = "--" + dest.replace("_", "-")
            raise ArgumentError(
                f"unrecognized arguments: {flag}: '{name}' has no such option (see 'sprague {name} --help')"
            )


def _take_plugins(argv: list[str]) -> tuple[list[str], list[str]]:
    """The leading ``--plugin X`` options, and the rest of the command line."""
    plugins: list[str] = []
    rest = list(argv)
    while rest and rest[0].startswith("--plugin"):
        head = rest.pop(0)
        if head.startswith("--plugin="):
            plugins.append(head.partition("=")[2])
        elif head == "--plugin" and rest:
            plugins.append(rest.pop(0))
        else:
            raise ArgumentError(f"{head} needs a module or a .py file: sprague --plugin mygames.py list")
    return plugins, rest


def parse_params(items: Sequence[str] | None) -> dict[str, str]:
    """``["S=1,2,5", "k=4"]`` (the ``-p`` options) as ``{"S": "1,2,5", "k": "4"}``."""
    params: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise InvalidParameter(f"parameter {item!r} is not KEY=VALUE; write e.g. -p S=1,2,5")
        params[key.strip()] = value.strip()
    return params


def game(ns: argparse.Namespace) -> tuple[Ruleset, Any]:
    """The ruleset (a :class:`~sprague.Sum` for several '+'-segments) and the parsed position of a game command."""
    rulesets = [ruleset(name, **parse_params(params)) for name, params, _ in ns.games]
    positions = [r.parse_position(tokens) for r, (_, _, tokens) in zip(rulesets, ns.games)]
    if len(rulesets) == 1:
        return rulesets[0], positions[0]
    return Sum(*rulesets), tuple(positions)


def spec(text: str) -> Ruleset:
    """A ruleset from a quoted spec such as ``"subtraction -p S=1,2,5"`` (the GAME of ``sprague table``)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InvalidParameter(f"cannot read game {text!r}: {exc}") from None
    part = _component_parser().parse_intermixed_args(words)
    if part.position:
        raise InvalidParameter(f"game {text!r} has a position {part.position}; give only the ruleset and -p parameters")
    return ruleset(part.ruleset, **parse_params(part.param))
