"""What several commands share: JSON output, the progress bar, files written, the results cache."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from sprague.errors import InvalidParameter

if TYPE_CHECKING:
    from sprague.cache import Cache

__all__ = [
    "print_json",
    "progress_bar",
    "write_file",
    "save_array",
    "check_plot",
    "write_plot",
    "use_cache",
    "open_cache",
]


def print_json(data: Any, out: TextIO) -> None:
    """``data`` as one line of JSON; a NumPy array under a top-level key is streamed in chunks (last), never
    turned into one Python list (2^28 values would take gigabytes)."""
    import numpy as np

    arrays = {k: v for k, v in data.items() if isinstance(v, np.ndarray)} if isinstance(data, dict) else {}
    if not arrays:
        json.dump(data, out)
        out.write("\n")
        return
    rest = json.dumps({k: v for k, v in data.items() if k not in arrays})
    out.write(rest[:-1] + (", " if len(rest) > 2 else ""))
    for i, (key, array) in enumerate(arrays.items()):
        out.write(("" if i == 0 else ", ") + json.dumps(key) + ": [")
        for start in range(0, len(array), 1 << 16):
            out.write(("," if start else "") + ",".join(map(str, array[start : start + (1 << 16)].tolist())))
        out.write("]")
    out.write("}\n")


def progress_bar(quiet: bool, label: str, unit: str = " positions", total: int | None = None) -> Any:
    """A tqdm bar on stderr when it is a terminal (and not --quiet), else None."""
    if quiet or not sys.stderr.isatty():
        return None
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(desc=label, unit=unit, unit_scale=True, leave=False, file=sys.stderr, total=total)


#: commands with bars of their own (values, rows, games, cases done), or no computation to show
OWN_PROGRESS = frozenset(
    {"sequence", "table", "sweep", "verify", "play", "serve", "tour", "cache", "list", "describe", "warm-up"}
)


@contextlib.contextmanager
def work_bar(b: Any, file: Any = None, delay: float = 2.0) -> Iterator[Any]:
    """A tqdm bar of the work budget ``b`` spent, on ``file`` (default stderr, when it is a terminal), shown once the
    work has run ``delay`` seconds: the units done, the rate, and the time until the budget is spent (an upper
    bound of what is left: the work may finish before)."""
    if file is None and not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(
        desc="work (of the budget)",
        unit=" units",
        unit_scale=True,
        leave=False,
        total=b.work,
        delay=delay,
        file=file or sys.stderr,
        bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
        "[{elapsed}, at most {remaining} left, {rate_fmt}]",
    )
    step = max(b.work // 1000, 1000)

    def watch(budget: Any) -> None:
        bar.update(min(budget.spent, budget.work) - bar.n)
        budget.next_watch = budget.spent + step

    b.watch, b.next_watch = watch, step
    try:
        yield bar
    finally:
        b.watch, b.next_watch = None, float("inf")
        bar.close()


def write_file(option: str, path: str, write: Callable[[str], Any]) -> None:
    """Run ``write(path)``; a file that cannot be written is one line naming ``option`` and the path."""
    try:
        write(path)
    except OSError as exc:
        raise InvalidParameter(
            f"{option} {path!r}: cannot write it ({exc.strerror or exc}); give a writable file"
        ) from None


def save_array(array: Any, path: str, header: str = "") -> None:
    """Write an array to ``path``: NumPy's .npy format, or text (one row per line, comma separated, ``header``
    first)."""
    import numpy as np

    if path.endswith(".npy"):
        write_file("--save", path, lambda p: np.save(p, array))
    else:
        write_file("--save", path, lambda p: np.savetxt(p, array, fmt="%d", delimiter=",", header=header, comments=""))


def check_plot(path: str | None) -> None:
    """With ``--plot FILE``: fail before computing if matplotlib is missing or FILE cannot be an image."""
    if path:
        from sprague.viz.plot import check_plot_path

        check_plot_path(path)


def write_plot(path: str, make: Callable[[], Any]) -> None:
    """Draw the figure ``make()`` returns to ``--plot FILE`` (silently, like ``graph -o``: the output is unchanged)."""
    from sprague.viz.plot import save_figure

    save_figure(make(), path)


def use_cache(ns: argparse.Namespace) -> None:
    """Point the rulesets at the cache ``--cache-dir`` names, if given (or at none with ``--no-cache``)."""
    from sprague import cache

    if ns.no_cache:
        cache.use(False)
    elif ns.cache_dir:
        cache.use(ns.cache_dir)


def open_cache(ns: argparse.Namespace) -> Cache:
    """The :class:`sprague.cache.Cache` a command's ``--cache-dir`` names (the default directory without it)."""
    from sprague.cache import Cache

    return Cache(ns.cache_dir)
