"""``sprague quotient``: the misère quotient of a one-heap game, heap by heap (alias ``misere-quotient``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from sprague import ruleset
from sprague.cli.common import print_json
from sprague.cli.parser import parse_params
from sprague.errors import InvalidParameter
from sprague.rulesets import code_family
from sprague.rulesets.shapes import examples, one_heap

__all__ = ["cmd_quotient", "quotient_text"]


def cmd_quotient(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague quotient RULESET [-p ...] --max-heap N [--check] [--prove] [--json]``.

    The default report stays what it was (the quotient of heaps 0..N, its stabilisation *observed*): a proof
    needs a longer bound than most questions ask for (Kayles: 166), so it is asked for with ``--prove``; the
    report then says "proved for all heaps" with the certificate, or "observed only" with the reason.
    ``--check`` runs the independent verifier (sprague.analysis.quotient_check) on the quotient computed.
    """
    params = parse_params(ns.param)
    family = code_family(ns.ruleset)
    if family is not None:  # a bare take-and-break code: takebreak -p code=...
        if params:
            raise InvalidParameter(
                f"a bare take-and-break code ({ns.ruleset}) takes no -p parameters; "
                f"write '{family.name} -p code={ns.ruleset}' alone"
            )
        r = ruleset(family, code=ns.ruleset)
    else:
        r = ruleset(ns.ruleset, **params)
    if not one_heap(r):
        raise InvalidParameter(
            f"{r.name} is not a one-heap game (a move there may change several heaps); misère "
            f"quotients are computed for one-heap rulesets such as {examples('one-heap')} or "
            "a take-and-break code like 0.77"
        )
    q = r.misere_quotient(ns.max_heap, ns.max_positions, ns.max_order)
    check = proof = None
    if getattr(ns, "check", False):
        from sprague.analysis.quotient_check import check_quotient

        check = check_quotient(r.heap_options, q.table, q.p_portion, q.phi)
    if getattr(ns, "prove", False):
        from sprague.analysis.quotient_proof import CodedHeapGame, prove_quotient

        if not isinstance(r, CodedHeapGame) or r.code is None:
            raise InvalidParameter(
                f"--prove needs a take-and-break code (such as 0.77 or kayles); {r.name} is not "
                "one: its quotient is reported as observed only"
            )
        proof = prove_quotient(r, ns.max_heap, ns.max_positions, quotient=q)
    if ns.json:
        extra = {}
        if check is not None:
            extra["check"] = check.to_json()
        if proof is not None:
            extra["proof"] = proof.to_json()
        print_json({"ruleset": r.name, "params": r.params_json(), **q.to_json(), **extra}, out)
        return 0
    text = quotient_text(r.describe(), q)
    if proof is not None and proof.proved:  # the stabilisation is no longer only observed
        text = text.replace(", no periodicity theorem applied)", "; proved for all heaps below)")
    if check is not None:
        text += "independent check: " + check.verdict() + "\n"
    if proof is not None:
        text += "proof: " + proof.describe() + "\n"
    out.write(text)
    return 0


def quotient_text(title: str, q: object) -> str:
    """The text report: presentation, order, P-portion, pretending function, stabilisation."""
    from sprague.analysis.quotient import MisereQuotient

    assert isinstance(q, MisereQuotient)
    lines = [
        f"{title}: misère quotient of the sums of heaps 0..{q.max_heap}",
        f"Q = {q.presentation()}",
        f"order {q.order}; P-portion ({len(q.p_portion)}) = {q.p_portion_text()}",
        "generators: " + (", ".join(f"{c} = heap {h}" for c, h in zip(q.letters, q.generators)) or "none"),
        "pretending function (heap: element):",
    ]
    cells = [f"{h}:{q.word(q.phi[h])}" for h in range(q.max_heap + 1)]
    width = max(len(c) for c in cells) + 1
    per_line = max(1, 78 // width)
    for i in range(0, len(cells), per_line):
        lines.append("  " + "".join(c.ljust(width) for c in cells[i : i + per_line]).rstrip())
    lines.append("changed at heaps: " + (" ".join(map(str, q.changed_at)) or "none"))
    lines.append("stabilisation: " + q.stabilisation())
    return "\n".join(lines) + "\n"
