"""Disjunctive sums of any rulesets (handout 002 section 4; 003 Theorem 1.2)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import reduce
from operator import mul, xor
from typing import Any

from sprague.core.loopy import sum_values
from sprague.core.parsing import split_on_plus
from sprague.core.solver import Solver
from sprague.errors import InvalidParameter, InvalidPosition, NoClosedForm
from sprague.solve.ruleset import Ruleset

__all__ = ["Sum"]


class Sum(Ruleset):
    """The disjunctive sum of games: a move is a move in exactly one component.

    A position is a tuple with one position per component. By the Sprague-Grundy
    theorem (handout Theorem 1; 003 Theorem 1.2) its Grundy value is the nim-sum
    of the components' values; that is the ``auto`` method, and ``search``
    explores the whole product graph, so the two can be compared. When a component
    is loopy the sum is too, and its value gamma follows Smith's rule (Smith 1966;
    Fraenkel and Yesha 1986): nim-sum of finite values, ``∞(K) + a = ∞(K xor a)``,
    and two infinite components give ``∞{}``, a draw (:func:`~sprague.core.loopy.add_values`).

    Examples
    --------
    >>> import sprague
    >>> game = sprague.Sum(sprague.ruleset("subtraction", S={1, 2}), sprague.ruleset("subtraction", S={1, 3}))
    >>> game.grundy(((4,), (3,)))
    0
    """

    name = "sum"
    listed = False  # built from component rulesets, not by name
    source = "002 (handout) Theorem 1; 003 Theorem 1.2 -- Sprague 1935, Grundy 1939"
    closed_form = "Sprague-Grundy theorem, G = nim-sum of the components' values"

    def __init__(self, *components: Ruleset | str) -> None:
        from sprague.rulesets import ruleset  # the registry (this package's __init__) imports this module

        if not components:
            raise InvalidParameter("a sum needs at least one component ruleset")
        self.components: tuple[Ruleset, ...] = tuple(c if isinstance(c, Ruleset) else ruleset(c) for c in components)
        self.params = {"components": self.components}
        self.solver = Solver()
        self.misere_play = all(c.misere_play for c in self.components)
        #: a sum with a loopy component is loopy; its value by Smith's rule (sprague.core.loopy.add_values)
        self.loopy = any(c.loopy for c in self.components)

    def __repr__(self) -> str:
        return f"sprague.Sum({', '.join(map(repr, self.components))})"

    def describe(self) -> str:
        return " + ".join(c.describe() for c in self.components)

    def params_json(self) -> dict[str, Any]:
        return {"components": [{"ruleset": c.name, "params": c.params_json()} for c in self.components]}

    # positions ----------------------------------------------------------------
    def check_position(self, position: Any) -> tuple[Any, ...]:
        if not isinstance(position, (tuple, list)) or len(position) != len(self.components):
            raise InvalidPosition(
                f"a position of this sum is a tuple of {len(self.components)} component positions, got {position!r}"
            )
        return tuple(c.check_position(p) for c, p in zip(self.components, position))

    def parse_position(self, tokens: Sequence[str]) -> tuple[Any, ...]:
        groups = split_on_plus(tokens)
        if len(groups) != len(self.components):
            raise InvalidPosition(
                f"a position of this sum has {len(self.components)} parts separated by '+', got {len(groups)}"
            )
        return tuple(c.parse_position(g) for c, g in zip(self.components, groups))

    def format_position(self, position: Sequence[Any]) -> str:
        return " + ".join(c.format_position(p) for c, p in zip(self.components, position))

    def position_to_json(self, position: Sequence[Any]) -> list[Any]:
        return [c.position_to_json(p) for c, p in zip(self.components, position)]

    def canonical(self, position: Sequence[Any]) -> Hashable:
        return tuple(c.canonical(p) for c, p in zip(self.components, position))

    # moves ----------------------------------------------------------------------
    def moves(self, position: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        for i, (c, p) in enumerate(zip(self.components, position)):
            for o in c.moves(p):
                yield position[:i] + (o,) + position[i + 1 :]

    def option_count(self, position: tuple[Any, ...]) -> int | None:
        counts = [c.option_count(p) for c, p in zip(self.components, position)]
        return None if None in counts else sum(n for n in counts if n is not None)

    def estimate_positions(self, position: tuple[Any, ...]) -> int | None:
        sizes = [c.estimate_positions(p) for c, p in zip(self.components, position)]
        return None if None in sizes else reduce(mul, (n for n in sizes if n is not None), 1)

    def describe_move(self, position: tuple[Any, ...], option: tuple[Any, ...]) -> str:
        for i, (c, a, b) in enumerate(zip(self.components, position, option)):
            if a != b:
                return f"in component {i + 1} ({c.name}): {c.describe_move(a, b)}"
        return "pass"

    def explain_winning_move(self, position: tuple[Any, ...], option: tuple[Any, ...]) -> str:
        return "moves to a P-position: the nim-sum of the components' values becomes 0"

    # tier 1: the components' closed forms; tier 2: their values by any method (see sprague.core.ruleset)
    def _values(self, position: Sequence[Any], method: str) -> list[Any] | None:
        try:
            return [c.grundy(p, method, self.solver.limit) for c, p in zip(self.components, position)]
        except NoClosedForm:
            return None

    def closed_grundy(self, position: tuple[Any, ...]) -> Any:
        values = self._values(position, "closed")
        return None if values is None else sum_values(values)

    def computed_grundy(self, position: tuple[Any, ...]) -> Any:
        values = self._values(position, "auto")
        return None if values is None else sum_values(values)

    def _method(self, position: tuple[Any, ...], method: str) -> str:
        parts = "; ".join(c.evaluate(p, method, self.solver.limit).method for c, p in zip(self.components, position))
        rule = (
            "Smith's sum rule for loopy games (Smith 1966; Fraenkel-Yesha 1986), gamma = nim-sum of the "
            "finite values, infinite if a component is"
            if self.loopy
            else self.closed_form
        )
        return f"closed form: {rule} ({parts})"

    def closed_method(self, position: tuple[Any, ...]) -> str:
        return self._method(position, "closed")

    def computed_method(self, position: tuple[Any, ...]) -> str:
        return self._method(position, "auto")

    def _options_with_value(self, position: tuple[Any, ...], value: int, method: str) -> list[tuple[Any, ...]] | None:
        values = self._values(position, method)
        if values is None or self.loopy:  # a loopy sum: each option valued by Smith's rule
            return None
        total = reduce(xor, values, 0)
        found = []
        for i, (c, p, g) in enumerate(zip(self.components, position, values)):
            for o in c.options_with_value(p, g ^ total ^ value, method, self.solver.limit):
                found.append(position[:i] + (o,) + position[i + 1 :])
        return found

    def closed_options_with_value(self, position: tuple[Any, ...], value: int) -> list[tuple[Any, ...]] | None:
        try:
            return self._options_with_value(position, value, "closed")
        except NoClosedForm:
            return None

    def computed_options_with_value(self, position: tuple[Any, ...], value: int) -> list[tuple[Any, ...]] | None:
        return self._options_with_value(position, value, "auto")
