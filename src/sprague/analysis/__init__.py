"""Sequence analysis: periodicity with certificates."""

from sprague.analysis.periodicity import Periodicity, find_period

__all__ = ["Periodicity", "find_period"]
