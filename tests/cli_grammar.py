"""The ``sprague`` command line as hypothesis strategies, and how to judge what one call did.

Used by ``tests/cli/test_cli_fuzz.py`` (in-process, bounded) and ``benchmarks/fuzz_cli.py`` (each call in a
subprocess, counted). The calls follow the grammar (command, ruleset, ``-p KEY=VALUE``, position, options)
with hostile pieces drawn in: huge and negative numbers, numbers written as expressions, empty and
malformed names, unwritable paths, unknown options. Nothing here starts a server that stays up
(``serve`` always gets one bad option) or touches a file outside the directory the caller runs in
(paths are relative, or under /nonexistent).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from sprague.rulesets import all_rulesets

__all__ = ["calls", "Outcome", "judge", "CATEGORIES"]

CLASSES = {cls.name: cls for cls in all_rulesets()}
RULESETS = sorted(CLASSES)
PARAMS = sorted({p.name for cls in CLASSES.values() for p in cls.parameters})
EXAMPLES = sorted({p.example for cls in CLASSES.values() for p in cls.parameters if p.example})

small = st.integers(0, 12).map(str)
hostile_numbers = st.sampled_from(
    [
        "-1",
        "0",
        "10**100",
        "10**30",
        "2^64-1",
        "99999999999999999999",
        "9" * 300,
        "1e9",
        "x",
        "",
        "nan",
        "inf",
        "１２",
        "٣",
        "_1",
        "3.5",
        "10**10**10",
        "2^-1",
        "0x10",
        " 7 ",
        "10**6",
        "10**9",
        "100000",
    ]
)
numbers = st.one_of(*[small] * 4, hostile_numbers, st.integers(-5, 10**12).map(str))
words = st.one_of(
    st.sampled_from(
        [
            "",
            ":",
            "nim:",
            ":Nim",
            "os:path",
            "mymissingmodule:Game",
            "..x:Y",
            "+",
            "-",
            "--",
            "-p",
            "TTHH",
            "0-1",
            "0-1,1-2",
            "H" * 200,
            "=",
            "a=b",
            "é",
        ]
    ),
    st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=8),
)
tokens = st.one_of(*[small] * 12, numbers, words)  # mostly sound, so a hostile piece gets far
any_ruleset = st.one_of(*[st.sampled_from(RULESETS)] * 12, words)
param_values = st.one_of(
    st.sampled_from(EXAMPLES),
    numbers,
    st.sampled_from(
        [
            "1-100000000",
            "1-3",
            "2-1",
            "1,2,",
            "all",
            "all-but:",
            "0.77777777777777777777",
            "0.137",
            "4.07",
            "0.",
            ";",
            "1,1;",
            "all;1-7",
            "0.6",
            "4!.0",
            "0.7777777",
        ]
    ),
)


@st.composite
def _game(draw: st.DrawFn) -> list[str]:
    """``RULESET [-p KEY=VALUE ...] POSITION...``: mostly a real ruleset with its own parameters, hostile pieces
    drawn in."""
    name = draw(any_ruleset)
    words_: list[str] = [name]
    cls = CLASSES.get(name)
    for p in cls.parameters if cls else ():
        if draw(st.integers(0, 9)):
            value = p.example if p.example and draw(st.integers(0, 3)) else draw(param_values)
            words_ += ["-p", f"{p.name}={value}"]
    if draw(st.integers(0, 11)) == 0:
        words_ += ["-p", f"{draw(st.one_of(st.sampled_from(PARAMS), words))}={draw(param_values)}"]
    if name in ("turning-turtles",):
        words_.append(draw(st.text("TH", max_size=30)))
    words_ += draw(st.lists(tokens, max_size=5))
    return words_


paths = st.sampled_from(
    ["out.txt", "out.npy", "out.png", "out.svg", "out.dot", "/nonexistent/x.dot", "", ".", "out.xyz", "sub/x.txt"]
)
game_options = st.sampled_from(
    [
        ["--json"],
        ["--method", "search"],
        ["--method", "closed"],
        ["--method", "fast"],
        ["--misere"],
    ]
)


def _option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return values.map(lambda v: [name, v])


def _options(*choices: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.lists(st.one_of(*choices), max_size=3).map(lambda os_: [w for o in os_ for w in o])


max_positions = _option("--max-positions", numbers)
game_opts = st.one_of(game_options, max_positions)
#: SMALL_WORK, the work budget most calls get: the fuzz is of the grammar, not of the size, and at the default
#: budget (20,000,000 units, 10-20 s of CPU) a call drawn large runs to it
SMALL_WORK = "200000"
#: the budget of a computing command, drawn after its other options (the last --max-work wins): mostly
#: ``--max-work SMALL_WORK``; one call in 16 the defaults; else a tiny budget (0-12 units), a hostile value
#: (parsed, then overridden by a small one: a value such as 10**100 would lift the budget), or a memory or time
#: limit beside the small budget
budget = st.one_of(
    *[st.just(["--max-work", SMALL_WORK])] * 12,
    st.just([]),
    _option("--max-work", small),
    _option("--max-work", hostile_numbers).map(lambda o: [*o, "--max-work", SMALL_WORK]),
    st.one_of(
        _option("--max-memory", numbers),
        _option("--time-limit", st.sampled_from(["nan", "0", "-1", "inf", "x", "1e-9", "30"])),
    ).map(lambda o: [*o, "--max-work", SMALL_WORK]),
)


@st.composite
def _games(draw: st.DrawFn) -> list[str]:
    groups = [draw(_game()) for _ in range(1 if draw(st.integers(0, 5)) else draw(st.integers(2, 3)))]
    return [w for i, g in enumerate(groups) for w in ([] if i == 0 else ["+"]) + g]


def _game_command(name: str, *extra: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.builds(lambda g, o, b: [name, *g, *o, *b], _games(), _options(game_opts, *extra), budget)


commands = st.one_of(
    _game_command("value"),
    _game_command("moves", _option("--max-options", numbers)),
    _game_command(
        "graph",
        _option("--max-nodes", numbers),
        _option("-o", paths),
        _option("--format", st.sampled_from(["dot", "svg", "png", "gif"])),
    ),
    _game_command(
        "play",
        _option("--first", st.sampled_from(["human", "computer", "x"])),
        _option("--opponent", st.sampled_from(["perfect", "random", "x"])),
        _option("--seed", numbers),
        _option("--skill", st.sampled_from(["0", "0.5", "1", "2", "-1", "nan", "x"])),
        st.just(["--hints"]),
    ),
    st.builds(
        lambda g, o, b: ["sequence", *[w for w in g if not w.isdigit()], *o, *b],
        _game(),
        _options(
            _option("--to", numbers),
            _option("--save", paths),
            _option("--plot", paths),
            max_positions,
            st.just(["--json"]),
            st.just(["--quiet"]),
            st.just(["--misere"]),
        ),
        budget,
    ),
    st.builds(
        lambda games, o, b: ["table", *games, *o, *b],
        st.lists(
            st.one_of(
                _game().map(lambda g: " ".join(w for w in g if not w.isdigit())),
                st.sampled_from(["nim -p", '"', "nim 3"]),
            ),
            min_size=1,
            max_size=3,
        ),
        _options(
            _option("--max", numbers),
            _option("--min", numbers),
            _option("--heaps", numbers),
            _option("--fixed", st.one_of(numbers, words)),
            _option("--save", paths),
            _option("--plot", paths),
            _option("--values", st.sampled_from(["grundy", "outcome", "x"])),
            max_positions,
            st.just(["--misere"]),
        ),
        budget,
    ),
    st.builds(
        lambda t, p, o, b: ["verify", *t, *p, *o, *b],
        st.lists(
            st.one_of(
                st.sampled_from(["all", "single-delete-3", "nmth-delete", "fraction-delete", "no-such-theorem", "nim"]),
                words,
            ),
            max_size=2,
        ),
        st.sampled_from([[], ["-p", "k=3"], ["-p", "k=x"], ["-p", "k=10**100"], ["-p", "k=1"], ["-p", "h=2"]]),
        # --max-heap small or absurd: a box of millions of positions is a batch job allowed to take minutes
        _options(
            _option("--max-heap", st.one_of(small, hostile_numbers)),
            _option("--heaps", st.one_of(numbers, st.sampled_from(["5-40", "2,3", "3-2", "1-10**9"]))),
            _option("--workers", numbers),
            _option("--scheduler", st.sampled_from(["garbage://x", "", "tcp://[::1"])),
            _option("--claim", st.sampled_from(["x.py:f", ":", "nosuch:f", "os:getcwd", "os:", "claims.py:f"])),
            _option("--kind", st.sampled_from(["grundy", "outcome", "x"])),
            max_positions,
            _option("--method", st.sampled_from(["local", "table", "both", "x"])),
            st.just(["--list"]),
            st.just(["--misere"]),
        ),
        budget,
    ),
    # --values 1024 bounds the work of a sweep whose options leave --values out (a later --values, fuzzed, wins):
    # at the default 16,384 values, sweep 0.F? takes 12 s of CPU, 28-40 s on a loaded machine, more than the
    # fuzz's hang bound once was; at 1,024 it takes about 1.3 s. The fuzz is of the grammar, not of the size.
    st.builds(
        lambda pat, o, b: ["sweep", pat, "--no-cache", "--quiet", "--workers", "1", "--values", "1024", *o, *b],
        st.one_of(
            st.sampled_from(
                [
                    "0.?",
                    "0.??",
                    "4.?",
                    "0.F?",
                    "0.?7",
                    "0.???????",
                    "?.?",
                    "0.{2+}?",
                    "0.8",
                    "4!.?",
                    "0.[?]",
                    "0.?&300;",
                    "0.?" * 3,
                ]
            ),
            words,
        ),
        _options(
            _option("--values", st.one_of(small, hostile_numbers)),
            max_positions,
            _option("--workers", st.sampled_from(["0", "-1", "x", "10**100"])),
            _option("--base", st.sampled_from(["8", "16", "10", "x"])),
            _option("--csv", paths),
            _option("--json", paths),
            st.just(["--json"]),
            _option("--scheduler", st.sampled_from(["garbage://x", "", "tcp://[::1"])),
        ),
        budget,
    ),
    st.builds(
        lambda g, o: ["describe", *[w for w in g if not w.isdigit()], *o], _game(), _options(st.just(["--json"]))
    ),
    st.builds(
        lambda a, o: ["cache", *a, *o],
        st.lists(st.sampled_from(["list", "clear", "x"]), max_size=2),
        _options(_option("--cache-dir", st.sampled_from(["cache", "/nonexistent/c", "out.txt"])), st.just(["--json"])),
    ),
    st.builds(
        lambda bad, o: ["serve", *bad, *o],  # one bad option always, so no server stays up
        st.one_of(
            _option("--time-limit", st.sampled_from(["nan", "0", "-1", "inf", "x"])),
            _option("--port", st.sampled_from(["-1", "70000", "x", "10**100"])),
            _option("--host", st.sampled_from(["", "999.1.1.1", "no such host"])),
        ),
        _options(_option("--workers", numbers), _option("--memory-limit", numbers), max_positions),
    ),
    st.builds(lambda ws: ws, st.lists(tokens, max_size=4)),  # no command, or a word that is none
    st.builds(
        lambda c, ws: [c, *ws],
        st.sampled_from(["list", "tour", "--version", "--plugin"]),
        st.lists(st.sampled_from(["--json", "x", "nosuch_mod", "x.py", ":", "--help"]), max_size=2),
    ),
)
calls = st.builds(
    lambda plugin, argv: [*plugin, *argv],
    st.one_of(*[st.just([])] * 12, _option("--plugin", st.sampled_from(["nosuch_mod", "x.py", ":", ""]))),
    commands,
)


@dataclass
class Outcome:
    """What one call did: its exit status, its output, and how long it took (None: it did not end in time)."""

    argv: list[str]
    status: int | None
    out: str
    err: str
    seconds: float


CATEGORIES = ("traceback", "internal error", "hang", "wrong exit code", "refused", "answered")


def judge(o: Outcome) -> str:
    """The category of one call (the first of CATEGORIES that fits).

    A call may answer (exit 0; verify exits 1 when a statement is refuted) or refuse with one line
    ``sprague: error: ...`` and exit 2; warnings go to stderr as ``sprague: warning: ...`` lines.
    """
    if "Traceback (most recent call last)" in o.err:
        return "traceback"
    if "internal error" in o.err:
        return "internal error"
    if o.status is None:
        return "hang"
    lines = o.err.rstrip("\n").split("\n") if o.err else []  # not splitlines: a message may hold "\x85"
    errors = [line for line in lines if line.startswith("sprague: error: ")]
    others = [line for line in lines if not line.startswith(("sprague: error: ", "sprague: warning: "))]
    if o.status == 2 and len(errors) == 1 and lines[-1] == errors[0] and not others:
        return "refused"
    refuted = "verify" in o.argv and "refuted" in o.out
    if (o.status == 0 or (o.status == 1 and refuted)) and not errors and not others:
        return "answered"
    return "wrong exit code"
