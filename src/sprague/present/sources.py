"""Sources written for readers: the codes of the source papers (``000``..``004``, the files of the project's
seed papers) expanded to their authors, titles and years.

Rulesets and theorems cite the papers by code (``"001 Thm 3.2"``), which is short in the code and in the
command line's tables; what a page or a report shows a reader is the citation.

>>> cite("002 (handout) section 1; 003 section 1.2 -- Bouton 1901").split("; ")[0]
'Rodriguez-Villegas, Handout 5: Nim (course notes), section 1'
>>> cite("002 (handout) section 1; 003 section 1.2 -- Bouton 1901").split("; ")[-1]
'Bouton 1901'
>>> cite("001 Thm 2.2 (from 000 Thm 1.1)").endswith("(from Abuku & Suetsugu, Delete Nim (2021), Thm 1.1)")
True
>>> cite("-- Gale 1974 (Chomp)")
'Gale 1974 (Chomp)'
"""

from __future__ import annotations

import re

__all__ = ["PAPERS", "cite"]

#: the seed papers by code: authors, title and year (../shared/seeds/README)
PAPERS = {
    "000": "Abuku & Suetsugu, Delete Nim (2021)",
    "001": "Abuku, Sakai, Shinoda & Suetsugu, Some extensions of Delete Nim (2022)",
    "002": "Rodriguez-Villegas, Handout 5: Nim (course notes)",
    "003": "Abuku, Fukui, Sakai & Suetsugu, On a combination of the cyclic Nimhoff and subtraction games",
    "004": "Shinoda, Single-delete Nim (2024)",
}

# a code, with the short note some sources add after it ("000 (Abuku & Suetsugu 2021)", "002 (handout)")
_CODE = re.compile(r"\b(00[0-4])\b(?: \((?:handout|[^()]*\d{4})\))?,?( ?)")


def cite(source: str) -> str:
    """``source`` with each paper code written as its citation, and the part after ``--`` (the original
    authors) joined as one more item."""
    ours, _, theirs = source.partition("--")

    def paper(m: re.Match[str]) -> str:
        return PAPERS[m.group(1)] + ("," + m.group(2) if m.group(2) else "")

    parts = [p for p in (_CODE.sub(paper, ours).strip().rstrip(";").strip(), theirs.strip()) if p]
    return "; ".join(parts)
