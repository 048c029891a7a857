"""The ruleset protocol: the one extension contract every game implements.

A ruleset is a small class. It declares metadata (``name``, ``aliases``,
``source``, ``parameters``, ``closed_form``), lists the options of a position
(``moves``, the only required hook), and may override the hooks below, each
declared on :class:`Rules` with a default. The algorithms that read them --
memoised search, outcomes, winning moves, size guards -- are functions in
:mod:`sprague.solve` that take the ruleset first; the public class
:class:`sprague.Ruleset` (:mod:`sprague.solve.ruleset`) adds them as one-line
methods (``grundy``, ``outcome``, ``winning_move``...). Importing sprague installs nothing.

Precedence: which hook answers which question
---------------------------------------------
Three tiers, tried in this order under ``method="auto"``; ``method="closed"``
uses tier 1 only (it never searches, and says so when no closed form applies);
``method="search"`` uses tier 3 only, so any closed form can be checked.

============================  =============================  =============================  ==================
question                      1. theorem (``closed_*``)      2. the ruleset's own           3. search
                                                             algorithm (``computed_*``)
============================  =============================  =============================  ==================
Grundy value                  ``closed_grundy``              ``computed_grundy``            memoised search
                                                                                            over ``moves``
outcome P/N                   ``closed_outcome`` (default:   ``computed_grundy``            search
                              from ``closed_grundy``)
options of a given value      ``closed_options_with_value``  ``computed_options_with_``     each listed option
                                                             ``value``                      by tiers 1-3
one winning move              ``closed_winning_move``        ``computed_winning_move``      the first winning
                              (default: the first of                                        option listed
                              ``closed_options_with_value``)
the ``method`` text           ``closed_method`` (default:    ``computed_method``            ``"search"``
                              "closed form: ``closed_form``")
is ``a -> b`` a move?         ``is_move``                    --                             ``b in moves(a)``
how much work?                ``option_count``,              --                             --
                              ``estimate_positions``
============================  =============================  =============================  ==================

Misère play (``misere=True``: the player who makes the last move loses) has its own
hooks, tried in the same three tiers; the value asked is Conway's misère Grundy value
g- (1 at a terminal position, else the mex of the options' g-; Winning Ways ch. 13),
and a position is a misère P-position iff g- = 0. No nim-sum shortcut exists for
sums under misère play, so tier 3 searches the sum as a whole.

============================  ===================================  =================================
question under misère         1. theorem                           2. the ruleset's own algorithm
============================  ===================================  =================================
misère value g-               ``misere_closed_grundy``             --
outcome P/N                   ``misere_closed_outcome`` (default:  ``misere_computed_outcome``
                              from ``misere_closed_grundy``)
one winning move              ``misere_closed_winning_move``       ``misere_computed_winning_move``
the ``method`` text           ``misere_closed_method``             ``misere_computed_method``
============================  ===================================  =================================

Loopy games (``loopy = True``, subclasses of :class:`LoopyRuleset`): the game graph
may have cycles and play may never end. The value asked is then the generalized
Sprague-Grundy function gamma (Smith 1966; Fraenkel and Yesha 1986): a nimber, or
``∞(K)`` with the set K of its options' finite values (:mod:`sprague.core.loopy`).
The outcome is P, N or D (a draw: neither player can force a win). The hooks and
tiers are the same (``closed_grundy`` may return an ``∞(K)``); tier 3 values the
whole graph from the position (:class:`~sprague.solve.loopy.LoopySearch`) under the
same work limit. ``drawing_moves`` lists the moves that keep a drawn position
drawn. A ruleset that is not loopy and has a cycle is refused (``NotShortGame``).

A closed form that knows the outcome but not the value (Wythoff's Nim) answers
the outcome in tier 1 and leaves the value to search, within the size guard.
One-heap games (:class:`~sprague.rulesets.heap.HeapRuleset`) answer tier 1 from
``heap_grundy_closed`` (a formula, or a certified period) and tier 2 from the
single-heap sequence computed bottom-up.

Examples
--------
A closed-form game: a counter lowered by 1 or 2, with ``G(n) = n mod 3``.

>>> import sprague
>>> class Counter(sprague.Ruleset):
...     name = "counter"
...     closed_form = "G(n) = n mod 3"
...     def moves(self, n):
...         return [n - k for k in (1, 2) if n - k >= 0]
...     def closed_grundy(self, n):
...         return n % 3
>>> game = sprague.ruleset(Counter)
>>> game.evaluate(10**50).method, game.grundy(10**50), game.grundy(30, method="search")
('closed form: G(n) = n mod 3', 1, 0)
>>> game.winning_move(7)
6
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sprague.core.loopy import LoopyValue, loopy_outcome
from sprague.core.params import Param
from sprague.core.parsing import check_heap_count, check_tokens, int_text, parse_int
from sprague.core.solver import Solver
from sprague.errors import InvalidParameter, InvalidPosition

__all__ = ["Param", "Rules", "Evaluation", "Family", "Position", "METHODS"]

#: a position of a ruleset: heap sizes, a row of coins, a graph... whatever its ``moves`` take
Position = Any
METHODS = ("auto", "closed", "search")


@dataclass(frozen=True)
class Evaluation:
    """What ``sprague value`` reports: outcome always, Grundy value when it could be had.

    Under misère play (``misere`` True) the outcome is the misère outcome and ``grundy``
    is Conway's misère Grundy value g- (the normal-play value is not computed). For a
    loopy game ``grundy`` is the value gamma (a nimber or ``∞(K)``) and the outcome
    may be ``"D"``, a draw.
    """

    position: Any
    outcome: str
    grundy: LoopyValue | None
    method: str
    note: str | None = field(default=None)
    misere: bool = False


@dataclass(frozen=True)
class Family:
    """A named family of positions, for ``sprague discover --family``: ``build(*z)`` is the position of the
    parameters ``z`` (a non-decreasing tuple of integers; the family must not depend on their order).

    ``arities`` are the numbers of parameters allowed (the first is the default), ``least`` the least value of
    each parameter, ``default_max`` and ``default_verify`` the largest value of the data and of the check box
    by default (a family whose values are costly keeps them small), ``help`` what a member is
    (``"the m x n board"``).
    """

    build: Callable[..., Any]
    arities: tuple[int, ...]
    least: int
    help: str
    default_max: int = 12
    #: the largest value of the check box by default (None: twice the data's)
    default_verify: int | None = None


class Rules(ABC):
    """The hooks of a ruleset, each with its default: what a game declares, and nothing computed from it.

    Subclass :class:`sprague.Ruleset` (:class:`sprague.solve.ruleset.Ruleset`), which adds the
    public methods (``grundy``, ``outcome``, ``winning_move``...) as one-line calls of
    :mod:`sprague.solve`; this class is what the algorithms take.
    """

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    source: ClassVar[str] = "user-defined"
    parameters: ClassVar[tuple[Param, ...]] = ()
    #: how a position is written on the command line, for help texts
    position_help: ClassVar[str] = "the position"
    #: an example position as command-line tokens (used by `sprague list` and the conformance test)
    example: ClassVar[tuple[str, ...]] = ()
    #: name of the closed form this ruleset implements, or None
    closed_form: ClassVar[str | None] = None
    #: how the web page draws a position: "heaps" (stacks of tokens), "coins" (a row of coins, heads H and
    #: tails T), "graph" (edges "a-b", vertex 0 the ground) or "text" (the position as written)
    board: ClassVar[str] = "text"
    #: whether ``sprague list`` (and the registry) shows the ruleset once its module is registered
    listed: ClassVar[bool] = True
    #: a named game's parameters, fixed: their declarations and values (they are not ``parameters``)
    preset_parameters: ClassVar[tuple[Param, ...]] = ()
    preset: ClassVar[dict[str, Any]] = {}
    #: whether misère play has a meaning for this ruleset (a loopy game, where play may never end, may say False:
    #: then ``misere=True`` is refused in one line)
    misere_play: bool = True
    #: whether the game graph may have cycles (play may never end): values are then gamma, outcomes P, N or D
    #: (see :class:`LoopyRuleset`); a ruleset that is not loopy and has a cycle is refused
    loopy: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A ``parse_position`` a subclass defines first checks its tokens (:func:`check_tokens`)."""
        super().__init_subclass__(**kwargs)
        parse = cls.__dict__.get("parse_position")
        if parse is not None:
            setattr(cls, "parse_position", _checking_tokens(parse))  # noqa: B010  (mypy: a method cannot be assigned)

    def __init__(self, **params: Any) -> None:
        known = {p.name: p for p in self.parameters}
        for key in params:
            if key not in known:
                have = ", ".join(known) or "none"
                raise InvalidParameter(f"ruleset {self.name!r} has no parameter {key!r} (its parameters: {have})")
        values: dict[str, Any] = {}
        for p in self.parameters:
            if p.name in params:
                values[p.name] = p.parse(params[p.name], self.name)
            elif p.required:
                raise InvalidParameter(f"ruleset {self.name!r} needs parameter {p.name}: {p.doc} (-p {p.name}=...)")
            else:
                values[p.name] = p.default
        for p in self.preset_parameters:  # a named game's fixed parameters (see sprague.rulesets.catalogue)
            values[p.name] = p.parse(self.preset[p.name], self.name)
        self.params: dict[str, Any] = values
        #: what sprague's algorithms computed for these rules, and the limit of the call in progress
        self.solver = Solver()

    # ------------------------------------------------------------------ identity
    def __repr__(self) -> str:
        args = "".join(f", {p.name}={p.python_repr(self.params[p.name])}" for p in self.parameters)
        return f"sprague.ruleset({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and type(self) is type(other) and self.params == other.params

    def __hash__(self) -> int:
        return hash((type(self), tuple(self.params.items())))

    def describe(self) -> str:
        """Name with parameters, as typed on the command line: ``subtraction -p S=1,2,5``."""
        parts = [self.name] + [f"-p {p.name}={p.format(self.params[p.name])}" for p in self.parameters]
        return " ".join(parts)

    def params_json(self) -> dict[str, Any]:
        return {p.name: p.to_json(self.params[p.name]) for p in self.parameters}

    # ------------------------------------------------------------ position hooks
    def check_position(self, position: Position) -> Position:
        """Validate and normalise a position given from Python; raise :class:`InvalidPosition`."""
        try:
            hash(position)
        except TypeError:
            raise InvalidPosition(f"{self.name}: position {position!r} is not hashable; use a tuple") from None
        return position

    def parse_position(self, tokens: Sequence[str]) -> Position:
        """Parse command-line tokens. Default: one integer, or a tuple of integers.

        Tokens that are not a list of strings raise :class:`InvalidPosition` before an
        override sees them (a string is split on spaces), so overrides may trust them.
        """
        tokens = check_tokens(tokens, self.name)
        if not tokens:
            raise InvalidPosition(f"{self.name}: no position given; write {self.position_help}")
        check_heap_count(len(tokens), self.name)
        ints = tuple(parse_int(t) for t in tokens)
        return self.check_position(ints[0] if len(ints) == 1 else ints)

    def format_position(self, position: Position) -> str:
        if isinstance(position, tuple):
            return " ".join(map(int_text, position))
        return str(position)

    def position_to_json(self, position: Position) -> Any:
        return list(position) if isinstance(position, tuple) else position

    def canonical(self, position: Position) -> Hashable:
        """Memo key: positions with equal keys have isomorphic game graphs (default: the position).

        Heaps in another order, or an empty heap dropped, give the same key; a
        reduction true only under normal play (a component replaced by a nim heap of
        its value) must not, since the same memo key serves misère play.
        """
        return position

    @abstractmethod
    def moves(self, position: Position) -> Iterable[Position]:
        """The options of ``position`` (positions reachable in one move). Every ruleset defines this.

        A raw hook, trusted: it takes a position already checked by :meth:`check_position`
        and does no validation or size check of its own (the search calls it on every
        position it visits). From user input call :meth:`options`, which checks the
        position, refuses listings too large (``max_options``) and removes repeats.
        """

    def describe_move(self, position: Position, option: Position) -> str:
        """A short human description of the move ``position -> option``."""
        return f"to {self.format_position(option)}"

    def drawing(self, position: Position) -> dict[str, Any] | None:
        """The position as a board to click on the web page (JSON), or None: the page draws it from :attr:`board`.

        ``{"kind": "graph", "vertices": [{"id", "name"}], "edges": [{"id", "from", "to", "directed"}], "token"}``
        (a vertex name or None) or ``{"kind": "cells", "rows", "names", "words", "marks", "pick"}`` (the rows of
        the board, each cell's name, what each cell character is in words, ``{"r,c": mark}`` and how many cells a
        move picks, 1 or 2), each element with an ``id`` that :meth:`move_targets` names; or ``{"kind": "text",
        "note"}`` when the position is too large to draw (the note says so).
        """
        return None

    def move_targets(self, position: Position, option: Position) -> list[str]:
        """The ids of the elements of :meth:`drawing` a click on any one of which plays ``position -> option``
        (``"r,c+r,c"`` for a move that picks two cells, in the order clicked either way); [] when none does."""
        return []

    def parse_move(self, position: Position, text: str) -> Position | None:
        """The option that the words ``text`` (as :meth:`describe_move` writes them) name, or None.

        Only for moves that cannot be found by listing the options (huge heaps); the
        caller checks legality. Default None: :class:`~sprague.solve.move.Move` then
        reads ``text`` as a position, or matches it against the listed options.
        """
        return None

    def closed_explanation(self, position: Position) -> str | None:
        """The closed form worked out on ``position``, step by step (the web page's Why panel), or None.

        A ruleset with a closed form may say how it gives this position's value or
        outcome: ``"(x OR y) + 1 = (5 OR 7) + 1 = 8 = 2^3 x 1, so G = v2(8) = 3"``.
        """
        return None

    def rules_text(self) -> str:
        """The rules in words (``sprague describe``). Default: the first paragraph of the class's docstring."""
        doc = (type(self).__doc__ or "").strip().split("\n\n")[0]
        return " ".join(doc.replace("``", "").split())

    def relations(self) -> list[str]:
        """What is known to be the same game, in short sentences (``sprague describe``). Default: nothing."""
        return []

    def catalogue_relations(self) -> list[str]:
        """How this game relates to the named games of the catalogue (``sprague list --json``). Default: not at all."""
        return []

    def explain_winning_move(self, position: Position, option: Position) -> str:
        """Why ``position -> option`` wins, in a few words (a computer player says it when it moves)."""
        return "moves to a P-position (Grundy value 0)"

    def explain_misere_winning_move(self, position: Position, option: Position) -> str:
        """Why ``position -> option`` wins under misère play, in a few words."""
        return "moves to a misère P-position (the opponent cannot avoid making the last move)"

    def random_position(self, rng: random.Random) -> Position | None:
        """A position to start a game from, drawn with ``rng`` (the page's "random position"), or None.

        Default: the ``example`` position. Rulesets with room for variety override it.
        """
        return self.parse_position(list(self.example)) if self.example else None

    # ------------------------------------------------------- closed-form hooks
    def closed_grundy(self, position: Position) -> int | None:
        """Grundy value from a theorem, or None where no closed form applies."""
        return None

    def closed_outcome(self, position: Position) -> str | None:
        """Outcome ("P"/"N"; a loopy game: or "D") from a theorem, or None. Default: from ``closed_grundy``."""
        g = self.closed_grundy(position)
        return None if g is None else loopy_outcome(g)

    def closed_method(self, position: Position) -> str:
        """Name of the theorem used for ``position`` (shown as the ``method``)."""
        return f"closed form: {self.closed_form}"

    def closed_options_with_value(self, position: Position, value: int) -> list[Position] | None:
        """All options whose Grundy value is ``value``, found without listing every option, or None."""
        return None

    def closed_winning_move(self, position: Position) -> Position | None:
        """One winning move from an N-position, constructed by a theorem, or None if there is no construction."""
        found = self.closed_options_with_value(position, 0)
        return found[0] if found else None

    # ---------------------------------------------------------- misère hooks
    def misere_closed_grundy(self, position: Position) -> int | None:
        """Conway's misère Grundy value g- from a theorem, or None where no closed form applies."""
        return None

    def misere_closed_outcome(self, position: Position) -> str | None:
        """Misère outcome ("P"/"N") from a theorem, or None. Default: from ``misere_closed_grundy``."""
        g = self.misere_closed_grundy(position)
        return None if g is None else ("P" if g == 0 else "N")

    def misere_closed_winning_move(self, position: Position) -> Position | None:
        """One misère winning move from a misère N-position, constructed by a theorem, or None."""
        return None

    def misere_closed_method(self, position: Position) -> str:
        """Name of the misère theorem used for ``position`` (shown as the ``method``)."""
        return "closed form under misère play"

    def misere_computed_outcome(self, position: Position) -> str | None:
        """Misère outcome by an exact algorithm of the ruleset's own (``auto`` only), or None."""
        return None

    def misere_computed_winning_move(self, position: Position) -> Position | None:
        """One misère winning move by the ruleset's own algorithm (``auto`` only), or None."""
        return None

    def misere_computed_method(self, position: Position) -> str:
        """How :meth:`misere_computed_outcome` had the outcome (shown as the ``method``)."""
        return "computed by the ruleset's own misère algorithm"

    # --------------------------------------------- the ruleset's own algorithm
    def computed_grundy(self, position: Position) -> int | None:
        """Grundy value by an exact algorithm of the ruleset's own that is not a theorem (``auto`` only), or None."""
        return None

    def computed_method(self, position: Position) -> str:
        """How :meth:`computed_grundy` had the value (shown as the ``method``)."""
        return "computed by the ruleset's own algorithm"

    def computed_options_with_value(self, position: Position, value: int) -> list[Position] | None:
        """All options of value ``value`` by the ruleset's own algorithm (``auto`` only), or None."""
        return None

    def computed_winning_move(self, position: Position) -> Position | None:
        """One winning move by the ruleset's own algorithm (``auto`` only), or None."""
        return None

    def estimate_positions(self, position: Position) -> int | None:
        """Upper estimate of the positions a brute-force search from here visits, or None if unknown."""
        return None

    def least_positions(self, position: Position) -> int | None:
        """A proven *lower* bound on the positions a brute-force search of the whole game graph from here visits
        (every reachable position, as one valued by the search must be), or None if none is known. It may refuse a
        search before it starts (:func:`sprague.solve.evaluate.refuse_search`)."""
        return None

    def size(self, position: Position) -> int | None:
        """How much is left to play: the tokens of a heap position (an int, or nested tuples of ints), a board's
        free cells, a graph's vertices and edges; None where the ruleset has no such measure. A player who has
        lost anyway makes the move that takes the least (:class:`~sprague.play.PerfectPlayer`)."""
        return _tokens(position)

    def is_move(self, position: Position, option: Position) -> bool | None:
        """Whether ``position -> option`` is a move, decided without listing the options, or None."""
        return None

    def option_count(self, position: Position) -> int | None:
        """Number of options, where it can be had without listing them (guards huge positions)."""
        return None

    def families(self) -> dict[str, Family]:
        """The named families of positions ``sprague discover --family`` fits rules on (none by default)."""
        return {}

    def positions(self, size: int) -> Iterable[Position] | None:
        """Every position of size at most ``size`` (smallest first), for ``sprague verify``; None if not enumerable.

        A finite set closed under moves is best (the local check applies); where moves
        leave it, verify falls back to the table by search by itself. Heap games
        need not define it: verify enumerates boxes of heaps.
        """
        return None


def _tokens(position: Position) -> int | None:
    """Number of tokens in a heap position (an int, or nested tuples of ints), or None if not countable."""
    if isinstance(position, bool):
        return None
    if isinstance(position, int):
        return position
    if isinstance(position, (tuple, list)):
        total = 0
        for part in position:
            n = _tokens(part)
            if n is None:
                return None
            total += n
        return total
    return None


def _checking_tokens(parse: Any) -> Any:
    """``parse`` (a ``parse_position``) with its tokens checked first."""

    @functools.wraps(parse)
    def checked(self: Rules, tokens: Any) -> Any:
        return parse(self, check_tokens(tokens, self.name))

    return checked
