"""Parameters of a ruleset: what ``-p name=value`` reads, normalises and writes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sprague.core.parsing import as_int, format_int_set, parse_int, parse_int_set
from sprague.core.sets import parse_set_by_rule, parse_subset, parse_subsets, parse_vectors
from sprague.errors import InvalidParameter, InvalidPosition

__all__ = ["Param"]

_REQUIRED = object()


@dataclass(frozen=True)
class Param:
    """A ruleset parameter.

    ``kind``: ``"int"`` (with ``minimum``); ``"set"`` (finite set of positive ints);
    ``"subset"`` (a :class:`~sprague.core.sets.SubtractionSet`: ``1,2,5``, ``all``,
    ``all-but:4,8``); ``"subsets"`` (one such set per heap, ``all;1-7;all-but:4,8``);
    ``"vectors"`` (move vectors of non-negative ints, ``1,1;2,0``); ``"rule"`` (a
    :class:`~sprague.core.sets.SetByRule`: a named infinite set such as ``squares``, or a
    Python predicate); ``"custom"``: read by ``reader(value, ruleset_name)``, a value
    whose ``str`` is its text as typed (a ruleset's own kind of parameter, such as a
    digraph's edges).
    """

    name: str
    kind: str
    doc: str
    default: Any = _REQUIRED
    minimum: int = 0
    allow_empty: bool = False
    #: a value to try the ruleset with, as typed (the web page's first value, the conformance test's)
    example: str | None = None
    #: kind "custom": reads a value given from Python or as typed, for the ruleset named (raises InvalidParameter)
    reader: Callable[[Any, str], Any] | None = None

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED

    def parse(self, value: Any, ruleset: str) -> Any:
        """Normalise a value given in Python or as a command-line string."""
        if self.kind == "set":
            return parse_int_set(value, self.name, allow_empty=self.allow_empty)
        if self.kind in ("subset", "subsets", "vectors", "rule"):
            parse = {
                "subset": parse_subset,
                "subsets": parse_subsets,
                "vectors": parse_vectors,
                "rule": parse_set_by_rule,
            }[self.kind]
            return parse(value, self.name, ruleset)
        if self.kind == "str":
            return str(value).strip()
        if self.kind == "custom" and self.reader is not None:
            return self.reader(value, ruleset)
        if self.kind == "int":
            text = value.strip() if isinstance(value, str) else None
            if (isinstance(value, int) and not isinstance(value, bool) and value < self.minimum) or (
                text and text.startswith("-") and text[1:].isdigit()
            ):
                raise InvalidParameter(f"{ruleset}: {self.name}={value} must be at least {self.minimum}")
            try:
                n = parse_int(value, self.name) if isinstance(value, str) else as_int(value, self.name)
            except InvalidPosition as exc:
                raise InvalidParameter(f"{ruleset}: {exc}") from None
            if n < self.minimum:
                raise InvalidParameter(f"{ruleset}: {self.name}={n!r} must be at least {self.minimum}")
            return n
        raise TypeError(f"unknown parameter kind {self.kind!r}")

    def text(self, value: Any) -> str:
        """The value as typed: ``1,2,5``, ``all;1-7``, ``1,1;2,0`` (parses back to the same value)."""
        if self.kind == "set":
            return format_int_set(value)
        if self.kind == "subsets":
            return ";".join(map(str, value))
        if self.kind == "vectors":
            return ";".join(",".join(map(str, v)) for v in value)
        return str(value)

    def format(self, value: Any) -> str:
        """:meth:`text`, quoted for a shell where it contains ';'."""
        text = self.text(value)
        return f'"{text}"' if ";" in text else text

    def python_repr(self, value: Any) -> str:
        return (
            repr(self.text(value)) if self.kind in ("subset", "subsets", "vectors", "rule", "custom") else repr(value)
        )

    def to_json(self, value: Any) -> Any:
        if self.kind == "set":
            return list(value)
        if self.kind in ("subset", "rule", "custom"):
            return str(value)
        if self.kind == "subsets":
            return [str(v) for v in value]
        if self.kind == "vectors":
            return [list(v) for v in value]
        return value
