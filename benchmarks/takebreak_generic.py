"""Time the generic take-and-break kernel (``sprague.kernels.takebreak_generic``) on codes the sparse kernel
cannot take.

For each code: the seconds for G(0..n-1) (compiled, after a warm-up run that compiles),
values per second, the largest value (the bitsets' width follows it) and the kernel's
steps against its advance estimate (:func:`~sprague.kernels.takebreak_generic.work`, a lower bound).
Usage::

    PYTHONPATH=src python3 benchmarks/takebreak_generic.py [--scale K]

``--scale`` multiplies every n (default 1).
"""

from __future__ import annotations

import argparse
import time

from sprague.core.takebreak_code import TBCode
from sprague.kernels import takebreak_generic
from sprague.rulesets.takebreak import kernel_rules

CASES = [  # code, n, what it is
    ("{2+}!.0", 3000, "split into any number of unequal heaps (Math.SE)"),
    ("{2+}.0", 3000, "split into two or more heaps"),
    ("8.0", 3000, "split into three heaps"),
    ("8!.0", 3000, "split into three unequal heaps"),
    ("0.F", 5000, "hexadecimal: remove one, leave 0-3 heaps"),
    ("0.[37]", 2000, "repeating code (CGSuite's example)"),
    ("80.0", 3000, "additive: add one token, leave three heaps"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{'code':10} {'n':>6} {'seconds':>8} {'values/s':>9} {'largest':>8} {'steps':>14} {'estimate':>14}  rules")
    for code, n, what in CASES:
        n = int(n * args.scale)
        rules, additive = kernel_rules(TBCode.parse(code), n)
        takebreak_generic.values(rules, additive, min(n, 50), 10**15)  # compile
        start = time.perf_counter()
        values, steps = takebreak_generic.values(rules, additive, n, 10**15)
        seconds = time.perf_counter() - start
        print(
            f"{code:10} {n:>6} {seconds:>8.2f} {n / seconds:>9,.0f} {int(values.max()):>8} {steps:>14,} "
            f"{takebreak_generic.work(rules, additive, n):>14,}  {what}"
        )


if __name__ == "__main__":
    main()
