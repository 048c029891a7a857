"""The ``sprague`` command: a thin layer over the Python API.

Every command that takes a game takes ``RULESET [-p KEY=VALUE ...] POSITION...``;
a disjunctive sum of different games joins such groups with ``+``::

    sprague value nim 3 5 + subtraction -p S=1,2,5 26 + turning-turtles TTHHTHH

Bad input prints one line on stderr and exits with status 2.

:mod:`~sprague.cli.parser` reads the command line, :mod:`~sprague.cli.commands`
runs each command (parse, call the public API, render with :mod:`sprague.present`),
:mod:`~sprague.cli.run` turns errors into one line and an exit status.

>>> import io
>>> out = io.StringIO()
>>> main(["value", "nim", "3", "5", "6"], out=out), out.getvalue().splitlines()[1]
(0, 'G = 0, P-position (the player to move loses)')
"""

from __future__ import annotations

from sprague.cli.parser import build_parser
from sprague.cli.run import main

__all__ = ["main", "build_parser"]
