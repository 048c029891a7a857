"""Sequence analysis: periodicity with certificates, h-stairs (003 Def 2.2)."""

from sprague.analysis.periodicity import Periodicity, certify_all_but, find_period
from sprague.analysis.stairs import certified_stair, h_stair, stair_base, stair_heights, stair_proof_length

__all__ = ["Periodicity", "find_period", "certify_all_but", "h_stair", "stair_base", "stair_heights",
           "certified_stair", "stair_proof_length"]
