"""The commands on one position: ``value``, ``moves``, ``graph``, ``play``."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import TextIO

from sprague.cli.common import print_json, write_file
from sprague.cli.parser import game
from sprague.errors import InvalidParameter
from sprague.present import moves_report, moves_text, value_report, value_text

__all__ = ["cmd_value", "cmd_moves", "cmd_graph", "cmd_play"]


def cmd_value(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague value RULESET POSITION``: the Grundy value and outcome."""
    r, pos = game(ns)
    data = value_report(r, pos, ns.method, ns.max_positions, misere=ns.misere)
    if ns.json:
        print_json(data, out)
    else:
        out.write(value_text(r, r.check_position(pos), data))
    return 0


def cmd_moves(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague moves RULESET POSITION``: every option with its value, the winning ones marked."""
    r, pos = game(ns)
    pos = r.check_position(pos)
    data = moves_report(r, pos, ns.method, ns.max_positions, ns.max_options, misere=ns.misere)
    if ns.json:
        print_json({**data, "options": [{k: v for k, v in row.items() if k != "text"} for row in data["options"]]}, out)
    else:
        out.write(moves_text(r, pos, data, ns.max_options))
    return 0


def cmd_graph(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague graph RULESET POSITION``: the game graph as DOT, SVG or PNG (``--misere``: misère labels)."""
    from sprague.viz.graph import render, to_dot

    r, pos = game(ns)
    dot = to_dot(
        r,
        r.check_position(pos),
        max_nodes=ns.max_nodes,
        max_positions=ns.max_positions,
        misere=bool(ns.misere),
        method=ns.method,
    )
    if ns.fmt == "dot":
        data: bytes = dot.encode()
    else:
        data = render(dot, ns.fmt)
    if ns.output:
        write_file("-o", ns.output, lambda path: Path(path).write_bytes(data))
        return 0
    if ns.fmt == "png":
        raise InvalidParameter("--format png writes binary data: give an output file with -o graph.png")
    text = data.decode()
    out.write(text if text.endswith("\n") else text + "\n")
    return 0


def cmd_play(ns: argparse.Namespace, out: TextIO) -> int:
    """``sprague play RULESET POSITION``: a game in the terminal against the computer."""
    from sprague.play import (
        DRAW_REPETITIONS,
        HumanPlayer,
        PerfectPlayer,
        Player,
        QuitGame,
        RandomPlayer,
        SkilledPlayer,
        play_match,
    )

    problem = _stdin_problem()
    if problem:
        raise InvalidParameter(
            f"'play' reads your moves from standard input, which {problem}; run it in a terminal, "
            "or pipe the moves in: printf '1\\n' | sprague play nim 3 5"
        )
    r, pos = game(ns)
    pos = r.check_position(pos)

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    misere = bool(ns.misere)
    if ns.skill is not None and ns.opponent is not None:
        raise InvalidParameter(
            f"--skill {ns.skill:g} makes a computer between perfect and random; leave out --opponent {ns.opponent}"
        )
    if ns.seed is not None and ns.skill is None and ns.opponent != "random":
        raise InvalidParameter(
            f"--seed {ns.seed} seeds the random opponent's moves, and the perfect opponent makes "
            "none: add --opponent random or --skill X, or leave out --seed"
        )
    computer: Player = (
        SkilledPlayer(ns.skill, seed=ns.seed, max_positions=ns.max_positions, misere=misere, method=ns.method)
        if ns.skill is not None
        else RandomPlayer(seed=ns.seed, misere=misere)
        if ns.opponent == "random"
        else PerfectPlayer(ns.method, ns.max_positions, misere=misere)
    )

    def read(prompt: str) -> str:
        try:
            return input(prompt)
        except OSError as exc:  # a descriptor that passed the checks above and still cannot be read
            raise InvalidParameter(
                f"'play' cannot read your moves from standard input ({exc.strerror or exc}); run "
                "it in a terminal, or pipe the moves in: printf '1\\n' | sprague play nim 3 5"
            ) from None

    human = HumanPlayer(
        input_fn=read, output_fn=say, hints=ns.hints, misere=misere, method=ns.method, max_positions=ns.max_positions
    )
    players = (computer, human) if ns.first == "computer" else (human, computer)
    rule = (
        "Misère play: whoever makes the last move loses."
        if misere
        else "Normal play: whoever makes the last move wins."
    )
    if r.loopy:
        rule += (
            f" Play may go on forever: a position that occurs {DRAW_REPETITIONS} times with the same player to "
            "move is a draw."
        )
    say(f"{r.describe()}: {r.format_position(pos)}. {rule}")
    try:
        play_match(r, pos, players[0], players[1], output_fn=say, misere=misere)
    except QuitGame:
        say("Game abandoned.")
    return 0


def _stdin_problem() -> str | None:
    """Why standard input cannot give 'play' its moves ("is closed", ...), or None if it can (or is not a file)."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        return "is closed"
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):  # not a file descriptor (a test's StringIO): read it as it is
        return None
    try:
        st = os.fstat(fd)
    except OSError:
        return "is closed"
    if stat.S_ISDIR(st.st_mode):
        return "is a directory"
    try:
        import fcntl
    except ImportError:  # Windows: reading will tell
        return None
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    except OSError:
        return "is closed"
    if flags & os.O_ACCMODE == os.O_WRONLY:
        return "is open for writing only (as with 0>file)"
    return None
