"""Hooks of the rulesets that say what a game is in words, declared with their defaults.

:class:`DescribedRuleset` declares them: ``rules_text`` (the rules in words),
``relations`` (the games known to be the same) and ``catalogue_relations`` (how the game
relates to the named games of :mod:`sprague.rulesets.catalogue`). A ruleset that has
something to say subclasses it and overrides them; :func:`rules_text`, :func:`relations`
and :func:`catalogue_relations` answer for any ruleset (the defaults for one that does
not subclass it), so the layers above never probe a ruleset for an attribute.

(These hooks belong on :class:`~sprague.core.ruleset.Ruleset` itself, with the same
defaults; then the three functions become method calls.)

>>> import sprague
>>> rules_text(sprague.ruleset("nim"))
'Nim: remove any positive number of tokens from a single heap.'
>>> relations(sprague.ruleset("takebreak", code="0.770"))[0], relations(sprague.ruleset("nim"))
('0.770 is 0.77', [])
"""

from __future__ import annotations

from sprague.core.ruleset import Ruleset

__all__ = ["DescribedRuleset", "rules_text", "relations", "catalogue_relations"]


class DescribedRuleset(Ruleset):
    """A ruleset that says in words what it is (a base class to list first, beside its shape's)."""

    def rules_text(self) -> str | None:
        """The rules in words (``sprague describe``), or None: then the first paragraph of the class docstring."""
        return None

    def relations(self) -> list[str]:
        """What is known to be the same game, in short sentences (``sprague describe``)."""
        return []

    def catalogue_relations(self) -> list[str]:
        """How this game relates to the named games of the catalogue (``sprague list``)."""
        return []


def rules_text(r: Ruleset) -> str:
    """The rules of ``r`` in words: its ``rules_text()``, else the first paragraph of its class docstring."""
    words = r.rules_text() if isinstance(r, DescribedRuleset) else None
    if words is not None:
        return words
    doc = (type(r).__doc__ or "").strip().split("\n\n")[0]
    return " ".join(doc.replace("``", "").split())


def relations(r: Ruleset) -> list[str]:
    """The games known to be the same as ``r`` (its ``relations()``; none for a ruleset that does not say)."""
    return list(r.relations()) if isinstance(r, DescribedRuleset) else []


def catalogue_relations(r: Ruleset) -> list[str]:
    """How ``r`` relates to the named games (its ``catalogue_relations()``; none for a ruleset that does not say)."""
    return list(r.catalogue_relations()) if isinstance(r, DescribedRuleset) else []
