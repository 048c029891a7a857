"""The periodicity theorems of heap-game families, as certificates: each turns a finite prefix of a G-sequence
into a proof that the sequence is periodic (or arithmetic-periodic) from some heap on.

- :mod:`~sprague.theorems.periodic.octal`: octal and take-and-break games (Guy & Smith 1956; Winning Ways ch. 4).
- :mod:`~sprague.theorems.periodic.arithmetic`: arithmetic periodicity of take-and-break games (the project's
  own test, proved in its docstring).
- :mod:`~sprague.theorems.periodic.all_but`: All-but subtraction games (a state argument).
- :mod:`~sprague.theorems.periodic.known`: periods established in the literature, too long to certify on a small
  budget, with their sources.

Periods are found (and reported as observed until proved) by :func:`sprague.analysis.periodicity.find_period`.
"""

from sprague.theorems.periodic.all_but import certify_all_but
from sprague.theorems.periodic.arithmetic import arithmetic_values_needed, certify_arithmetic
from sprague.theorems.periodic.octal import certify_octal, certify_takebreak, takebreak_values_needed

__all__ = [
    "certify_all_but",
    "certify_octal",
    "certify_takebreak",
    "takebreak_values_needed",
    "certify_arithmetic",
    "arithmetic_values_needed",
]
