"""Limits: input limits, refused on sight, and the limits of work (the budget itself is :mod:`sprague.core.budget`).

Game-agnostic: the solver, the rulesets' hooks and the tables call :func:`refuse_if_too_large` with a size
(positions, values, cells) that the work will certainly reach; the message names the option that raises the
limit. Work that cannot be sized beforehand is counted as it is done against the request's budget.
"""

from __future__ import annotations

from typing import Any

from sprague.core.budget import BONUS_SHARE, DEFAULT_MAX_WORK, KERNEL_STEPS_PER_WORK, POSITION_WORK, REMOTENESS_SHARE
from sprague.errors import InvalidParameter, TooLarge

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "DEFAULT_MAX_WORK",
    "POSITION_WORK",
    "KERNEL_STEPS_PER_WORK",
    "BONUS_SHARE",
    "REMOTENESS_SHARE",
    "LOOPY_WORK_PER_POSITION",
    "check_limit",
    "RAISE_HINT",
    "MAX_SET_ELEMENTS",
    "MAX_DIGRAPH_EDGES",
    "MAX_INT_DIGITS",
    "MAX_SEQUENCE_VALUES",
    "SWEEP_VALUES",
    "TAME_RULE_POSITIONS",
    "MAX_INT_BITS",
    "MAX_HEAPS",
    "MAX_OPTION_ENTRIES",
    "MAX_TABLE_HEAP",
    "MAX_GRAPH_NODES",
    "MAX_BOARD_CELLS",
    "MAX_SEARCH_CELLS",
    "MAX_GAME_VERTICES",
    "MAX_SEARCH_VERTICES",
    "refuse_search_size",
    "MAX_GRAPH_EDGES",
    "MAX_RENDER_EDGES",
    "MAX_CODE_DIGITS",
    "MAX_EDGES",
    "MAX_VERTEX",
    "MAX_QUOTIENT_HEAP",
    "MAX_SWEEP_CODES",
    "DISCOVER_BUDGET",
    "DISCOVER_MAX_ROWS",
    "DISCOVER_MEMORY",
    "DISCOVER_MAX_HEAP",
    "refuse_if_too_large",
    "format_size",
    "MAX_DRAWN_VERTICES",
    "MAX_DRAWN_CELLS",
]

#: Page limit: the most vertices a graph game's position is drawn with on the web page (a larger one is
#: written as text, and the page says why): past it a circle of vertices is too crowded to read or tap
MAX_DRAWN_VERTICES = 30
#: Page limit: the most cells a board game's position is drawn with as a board to click
MAX_DRAWN_CELLS = 400

#: Default bound on the positions one brute-force search may visit (``--max-positions``).
DEFAULT_MAX_POSITIONS = 2_000_000

#: Work limit on a loopy game's search (:class:`~sprague.solve.loopy.LoopySearch`): the options it lists
#: plus the steps of its labelling (a pass over the unlabelled positions' moves per finite value) may be
#: this many per position of its limit. Measured: about 0.5-1 million such steps a second in plain
#: Python, so the default limit (6,000,000 steps) stops a search after some 5-12 s (fair-shares from 60
#: stones, 966,467 positions: refused after 11 s).
LOOPY_WORK_PER_POSITION = 3

#: Input limit: the most elements a finite integer set parameter may have (``S=1-1000000``,
#: ``S=range(1, 10**6 + 1)``). Checked from the ranges' bounds before any element is built.
MAX_SET_ELEMENTS = 1_000_000

#: Input limit: the most decimal digits one integer (a heap, a parameter) may have, typed
#: (``"123..."``, ``10**N``) or given from Python (checked on its bit length).
MAX_INT_DIGITS = 200_000

#: Work limit: a single-heap sequence (``sequence(n)``) of up to this many values is always
#: allowed (one NumPy int64 each, closed form or not); longer needs ``max_positions >= n``.
MAX_SEQUENCE_VALUES = 10_000_000

#: Default work: values computed for each game of a sweep (``sprague sweep --values``): enough to certify
#: every solved two-digit octal game but 0.16 and 0.56 (whose periods need some 500,000 and 650,000 values),
#: in seconds for the family.
SWEEP_VALUES = 16_384

#: Work limit: the misère tame rule of a one-heap game (``misere_computed_outcome``) computes a heap's
#: genus it does not know yet only when its followers are estimated at no more than this many positions
#: (and within ``max_positions``); otherwise the rule is not used and search decides.
TAME_RULE_POSITIONS = 20_000

#: Input limit: the most bits one integer given from Python may have (checked on
#: ``int.bit_length``, so cheaply); 4 bits a digit, so at least MAX_INT_DIGITS decimal digits.
MAX_INT_BITS = 4 * MAX_INT_DIGITS

#: Input limit: the most heaps (or components) one position may have.
MAX_HEAPS = 10_000

#: Work limit on listing options: options times the size of each (heaps a position);
#: up to this many entries are always allowed, more with a higher ``max_positions``.
MAX_OPTION_ENTRIES = 20_000_000

#: Input limit: the largest heap in a table (``table(max_heap=...)``); tables hold heaps
#: as NumPy int64, so larger heaps are refused rather than overflow.
MAX_TABLE_HEAP = 2**62

#: Input limit: the largest ``max_nodes`` (``--max-nodes``) of a game graph; a graph of this many
#: vertices takes seconds to build and is far past what a picture can show.
MAX_GRAPH_NODES = 100_000

#: Work limit: the most moves a game graph's breadth-first search examines (about 10 s);
#: a graph with more edges is refused, whatever ``max_nodes``.
MAX_GRAPH_EDGES = 2_000_000

#: Work limit: the most edges of a graph drawn by Graphviz (SVG, PNG): its layout time grows
#: steeply with the edges (1,800 edges about 1 s, 4,400 about 100 s on one core); larger
#: graphs are refused for pictures and can still be written as DOT text.
MAX_RENDER_EDGES = 2_500

#: Input limit: the most digits after the point of a take-and-break code (``0.137`` has 3). The
#: literature's codes have at most a dozen or so (Winning Ways' tables, Flammenkamp's octal tables; CGSuite
#: takes the same codes); each digit with a split costs a pass over the heap's pairs, and 32 digits keep
#: the first 2,048 values, computed before any estimate can see the rare positions, under 0.1 s.
MAX_CODE_DIGITS = 32

#: Input limit: the most edges of a Hackenbush position. Its closed form is linear (about 15 us an edge
#: in Python: 1.5 s at the limit); a 1 MiB request body holds about as many edges.
MAX_EDGES = 100_000

#: Input limit: the most edges of a ``digraph`` ruleset's graph. Reading one takes about 1 us an edge,
#: valuing it by the Fraenkel-Yesha labelling about 1.5 us a move per round (one round per finite value).
MAX_DIGRAPH_EDGES = 1_000_000

#: Input limit: the largest vertex label of a Hackenbush position (labels only name vertices, so the
#: 2^63 - 1 of an int64 is plenty; larger ones could not even be printed in full by Python).
MAX_VERTEX = 2**63 - 1

#: Input limit: the largest bound ``max_heap`` of a misère quotient (``--max-heap``); the quotient is
#: computed heap by heap, each heap verified over the whole closure, so bounds past this are not sensible.
MAX_QUOTIENT_HEAP = 10_000

#: Input limit: the most codes one sweep (``sprague sweep PATTERN``) may name, counted from the pattern's
#: wildcards before any code is listed: 16^4, every hexadecimal code with four wildcard digits (0.???? in
#: octal is 4,096). Each code is a row of the table and a run of its own; more is a job for several sweeps.
MAX_SWEEP_CODES = 65_536

#: Work limit: the work units one rule search (``sprague discover``) may spend evaluating expressions on its
#: data before it stops with "no rule up to cost s" (``--budget``); as many again go to the one-step forms
#: past that cost. An expression costs 8 units and 1 more per 200 values it has. Measured: a unit is 1-3 us
#: (8-10 us an expression on 100 positions, 240 us on 53,130), so a search that finds nothing takes some
#: 20-60 s at the default.
DISCOVER_BUDGET = 10_000_000

#: Input limit: the positions a rule search fits on (the table of ``--heaps`` x ``--max``): every
#: expression kept is a vector over them, so the banks' memory grows with it.
DISCOVER_MAX_ROWS = 200_000

#: Memory limit: the bytes of values the rule search keeps (every expression kept is a vector over the
#: data); past it the search stops as when its budget is spent. The web page's searches keep a quarter.
DISCOVER_MEMORY = 1 << 30

#: Input limit: the largest heap a rule search fits on or checks on (``--max``, ``--verify-max``): each heap
#: feature is kept as its table over the heap sizes, and the counterexamples of the check join the data, so
#: heap sizes of 150,000 took 9 GB and minutes; rules are found on small heaps and checked on twice them.
DISCOVER_MAX_HEAP = 4096

#: Input limit: the most cells of a board (Cram, Chomp). A board this large is read, and valued where a closed
#: form applies (Cram 500 x 500 even by even, a Chomp rectangle: N), in well under a second.
MAX_BOARD_CELLS = 250_000

#: Work limit: the most cells of a board whose options are listed (a search, the moves of a position): its
#: options are some 2 a cell, each a board as large (a Chomp bar of 4,096 squares: 4,095 options of up to 64 rows).
MAX_SEARCH_CELLS = 4096

#: Input limit: the most vertices of a graph of Node or Arc Kayles (its adjacency is one bitmask a vertex: 10,000
#: of 10,000 bits are 12 MB); a path, cycle, star or clique of this many is valued by its closed form at once.
MAX_GAME_VERTICES = 10_000

#: Work limit: the most vertices of a graph (a connected component) whose options are listed or searched.
MAX_SEARCH_VERTICES = 1000

RAISE_HINT = "raise the limit with --max-positions N (Python: max_positions=N)"


def refuse_search_size(what: str, size: int, limit: int, unit: str) -> None:
    """Raise :class:`TooLarge` before listing the options of a position of ``size`` ``unit`` (cells, vertices) over
    ``limit``: the closed forms value such a position, a search of it could not finish."""
    if size > limit:
        raise TooLarge(
            f"{what} has {size:,} {unit}; the options of at most {limit:,} are listed or searched (a closed form "
            "values larger ones where it applies: sprague value ... --method closed)",
            estimate=size,
            limit=limit,
        )


def format_size(n: int) -> str:
    """``1,234,567`` for a readable count, ``about 2^20000`` for one too long to print."""
    return f"{n:,}" if n < 10**15 else f"about 2^{n.bit_length() - 1}"


def check_limit(value: Any, name: str = "max_positions", default: int = DEFAULT_MAX_POSITIONS, least: int = 1) -> int:
    """A work limit given from Python (``max_positions``, ``max_options``): None for ``default``, else an
    int >= ``least``."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        what = "a positive integer" if least == 1 else f"an integer of at least {least}"
        raise InvalidParameter(f"{name} must be {what} (or None for the default {default:,}), got {value!r}")
    return value


def refuse_if_too_large(what: str, estimate: int | None, limit: int) -> None:
    """Raise :class:`TooLarge` when ``estimate`` (positions or steps) exceeds ``limit``."""
    if estimate is not None and estimate > limit:
        shown = format_size(estimate)
        raise TooLarge(
            f"{what} would take {shown} positions, over the limit of {limit:,}; {RAISE_HINT}",
            estimate=estimate,
            limit=limit,
        )
