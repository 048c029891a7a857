"""Sequence analysis: period finding, h-stairs (003 Def 2.2), misère quotients; the families' periodicity
theorems that prove a period are in :mod:`sprague.theorems.periodic`."""

from sprague.analysis.periodicity import Periodicity, find_period
from sprague.analysis.stairs import certified_stair, h_stair, stair_base, stair_heights, stair_proof_length

__all__ = [
    "Periodicity",
    "find_period",
    "h_stair",
    "stair_base",
    "stair_heights",
    "certified_stair",
    "stair_proof_length",
]
