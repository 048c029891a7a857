"""What discover reports: the rules it found (or refuted, with their counterexamples) and the run."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprague.discover.grammar import Node

__all__ = ["Refuted", "Rule", "Discovery"]


@dataclass
class Refuted:
    """A rule that fitted the data and failed on the larger box."""

    text: str
    python: str
    cost: int
    counterexample: str
    position: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "python": self.python,
            "cost": self.cost,
            "counterexample": self.counterexample,
            "position": list(self.position),
        }


@dataclass
class Rule:
    """The rule found for one kind (outcome or Grundy) and numbers of heaps, with its evidence."""

    kind: str
    heaps: list[int]
    text: str | None
    python: str | None
    cost: int | None
    #: every rule cheaper than this cost was tried (and none fits)
    complete: int
    #: positions of the data the rule was fitted on (the table, plus the counterexamples taken in)
    fitted: int
    max_heap: int
    #: the larger box the rule was verified on, and its positions
    verify_max: int
    verified: int = 0
    holds: bool = False
    refuted: list[Refuted] = field(default_factory=list)
    how: str = "search"
    stopped: str = ""
    evaluations: int = 0
    seconds: float = 0.0
    #: whether the rule is about misère play (misère P-positions, or misère Grundy values g-)
    misere: bool = False
    #: the rule as an expression of the grammar (not in JSON)
    node: Node | None = field(default=None, repr=False)
    #: the family of positions fitted (``sprague discover --family``; its parameters are the "heaps"), or ""
    family: str = ""

    @property
    def found(self) -> bool:
        return self.text is not None

    def heaps_text(self) -> str:
        if self.family:
            k = ", ".join(map(str, self.heaps))
            return f"{self.family}, {k} parameter{'' if k == '1' else 's'}"
        if len(self.heaps) > 1:
            return "n = " + ", ".join(map(str, self.heaps))
        return "1 heap" if self.heaps == [1] else f"{self.heaps[0]} heaps"

    def summary(self) -> str:
        """The rule and its evidence, in a few lines."""
        what = "P-positions" if self.kind == "outcome" else "Grundy value"
        if self.misere:
            what = "misère " + ("P-positions" if self.kind == "outcome" else "Grundy value g-")
        head = f"{what} ({self.heaps_text()}):"
        lines = []
        if self.found:
            upto = "parameters <=" if self.family else "heap"
            status = (
                f"holds to {upto} {self.verify_max} ({self.verified:,} positions)"
                if self.holds
                else f"unverified: {self.stopped}"
            )
            rel = "P iff" if self.kind == "outcome" else ("g- =" if self.misere else "G =")
            lines.append(f"{head} {rel} {self.text}")
            lines.append(
                f"    cost {self.cost}; fitted on {self.fitted:,} positions "
                f"({'parameters' if self.family else 'heaps'} <= {self.max_heap}); {status}"
            )
            if self.how != "search":
                lines.append(f"    {self.how}")
            elif self.cost is not None and self.complete < self.cost - 1:
                lines.append(f"    every rule up to cost {self.complete} was tried; past that only one-step forms")
            lines.append(f"    python: {self.python}")
        else:
            lines.append(f"{head} no rule up to cost {self.complete} ({self.stopped})")
        for bad in self.refuted:
            lines.append(f"    refuted: {bad.text} -- {bad.counterexample}")
        if not self.how.startswith("lifted"):
            lines.append(f"    {self.evaluations:,} expressions in {self.seconds:.2f} s")
        else:
            lines.append(f"    lifted and verified in {self.seconds:.2f} s")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "misere": self.misere,
            "heaps": self.heaps,
            "text": self.text,
            "python": self.python,
            "cost": self.cost,
            "complete": self.complete,
            "fitted": self.fitted,
            "max_heap": self.max_heap,
            "verify_max": self.verify_max,
            "verified": self.verified,
            "holds": self.holds,
            "how": self.how,
            "stopped": self.stopped,
            "refuted": [r.to_json() for r in self.refuted],
            "evaluations": self.evaluations,
            "seconds": round(self.seconds, 3),
        } | ({"family": self.family} if self.family else {})


@dataclass
class Discovery:
    """Everything ``discover`` found: the rules for each kind (all heaps at once first, then each n)."""

    ruleset: str
    heaps: list[int]
    max_heap: int
    verify_max: int
    rules: list[Rule]
    seconds: float = 0.0
    misere: bool = False
    #: the family of positions fitted (``--family``), or ""
    family: str = ""

    def summary(self) -> str:
        counts = ", ".join(map(str, self.heaps))
        play = " (misère play)" if self.misere else ""
        if self.family:
            head = (
                f"{self.ruleset}{play}, family {self.family}: rules fitted on the parameters z_1 <= ... <= z_k "
                f"up to {self.max_heap} (k = {counts}), each checked on parameters up to {self.verify_max}"
            )
            return head + "\n" + "\n".join(r.summary() for r in self.rules) + f"\n({self.seconds:.1f} s)"
        head = (
            f"{self.ruleset}{play}: rules fitted on heaps <= {self.max_heap} "
            f"({counts} heap{'' if counts == '1' else 's'}), each checked on heaps <= {self.verify_max}"
        )
        return head + "\n" + "\n".join(r.summary() for r in self.rules) + f"\n({self.seconds:.1f} s)"

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "misere": self.misere,
            "heaps": self.heaps,
            "max_heap": self.max_heap,
            "verify_max": self.verify_max,
            "seconds": round(self.seconds, 3),
            "rules": [r.to_json() for r in self.rules],
        } | ({"family": self.family} if self.family else {})
