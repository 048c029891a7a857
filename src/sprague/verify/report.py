"""What a verification run reports: the counterexample it found, or how much it checked and how."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Counterexample", "Report", "position_text"]


@dataclass
class Counterexample:
    """A position where the claim and search disagree."""

    position: Any
    claimed: str | int
    found: str | int
    option: tuple[int, ...] | None
    reason: str
    #: the position as written in reports (default: heaps as ``<3, 5, 6>``)
    shown: str = ""

    def describe(self) -> str:
        pos = self.shown or "<" + ", ".join(map(str, self.position)) + ">"
        return f"{pos}: claimed {self.claimed}, search finds {self.found}; {self.reason}"


@dataclass
class Report:
    """The outcome of a verification run."""

    name: str
    citation: str
    ruleset: str
    kind: str
    heaps: int
    max_heap: int
    method: str
    positions: int
    claimed: int = 0
    checked: int = 0
    seconds: float = 0.0
    workers: int = 1
    engine: str = "compiled"
    failures: int = 0
    counterexample: Counterexample | None = None
    inconclusive: str | None = None
    interrupted: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    #: the positions checked, in words (default: ``heaps`` heaps of at most ``max_heap`` tokens)
    domain: str = ""
    #: why the check ran as it did when it could not run as asked (a local check on a box moves leave)
    fallback: str = ""
    #: whether the claim is about misère play (checked against misère search)
    misere: bool = False

    @property
    def ok(self) -> bool:
        return not self.failures and not self.interrupted and self.inconclusive is None

    def summary(self) -> str:
        box = self.domain or f"{self.heaps} heaps <= {self.max_heap}"  # "REFUTED on <box>"
        where = self.domain.replace("positions ", "", 1) if self.domain else f"with {box}"  # "positions <where>"
        how = f"{self.method} check, {self.engine}, {self.workers} worker{'s' if self.workers != 1 else ''}"
        if self.fallback:
            how += f"; {self.fallback}"
        head = f"{self.name} ({self.citation}{'; misère play' if self.misere else ''})"
        if self.interrupted:
            return (
                f"{head}: interrupted after {self.checked:,} of {self.positions:,} positions {where}; "
                f"no failure among them ({self.seconds:.2f} s)"
            )
        if self.counterexample:
            kind = "local failures" if self.method == "local" else "failures"
            return (
                f"{head}: REFUTED on {box} ({how}, {self.seconds:.2f} s, {self.failures:,} {kind})\n"
                f"  smallest counterexample {self.counterexample.describe()}"
            )
        if self.inconclusive:
            return f"{head}: INCONCLUSIVE on {box}: {self.inconclusive}"
        return (
            f"{head}: holds on all {self.positions:,} positions {where} "
            f"({self.claimed:,} claimed; {how}; {self.seconds:.2f} s)"
        )

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if k != "counterexample"}
        data["ok"] = self.ok
        if self.counterexample:
            cx = self.counterexample
            data["counterexample"] = {
                "position": list(cx.position),
                "claimed": cx.claimed,
                "found": cx.found,
                "option": list(cx.option) if cx.option else None,
                "reason": cx.reason,
            }
        return data


def position_text(pos: Any) -> str:
    """Heaps as ``<3, 5, 6>``, any other position as its repr."""
    return "<" + ", ".join(map(str, pos)) + ">" if isinstance(pos, (tuple, list)) else repr(pos)
