"""Drawing time of the page's large views, timed in the page: a 200 x 200 heat map (Nim, 40,000 cells) and a plot
of 100,001 values (subtraction game S = {1, 2, 5}), each on one canvas; and the time the page takes to answer a
zoom click afterwards. The page records its own drawing time (``window.spragueView.paintMs`` and ``plotMs``).

The browser tests check that these views draw every cell and point on one canvas, without a node each; how fast
they draw is measured here, since a timed test's verdict would depend on how busy the machine is. Run it from a
checkout, with Chromium installed (``.ci/run`` installs Debian's ``chromium``)::

    PYTHONPATH=src:tests:tests/web python benchmarks/page_draw.py --repeat 5

Nothing is compared: it prints min and median milliseconds over ``--repeat`` drawings.

Measured on the project's 2-core machine (2026-11-29, 5 drawings each, min / median ms, the machine quiet): heat
map 200 x 200 70.6 / 72.8; plot of 100,001 values 244.6 / 259.9; zoom click (a repaint at the next zoom) 125.4 /
141.4. In the slow CI pass of the same day, beside other browser tests, the plot once took 624 ms (the test then
asserted < 500 ms, and failed).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from browsing import launch, missing, open_page

from webserver import running_server


def draw(page: Any, ruleset: str, fields: dict[str, str], button: str, view: str, attribute: str, count: str) -> None:
    page.select_option("#ruleset", ruleset)
    for selector, text in fields.items():
        page.fill(selector, text)
    page.evaluate(f"() => {{ delete document.querySelector('{view}').dataset.{attribute}; }}")
    page.click(button)
    page.wait_for_function(f"document.querySelector('{view}').dataset.{attribute} === '{count}'", timeout=120_000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    why = missing()
    if why:
        raise SystemExit(f"cannot run: {why}")
    times: dict[str, list[float]] = {"heat map 200 x 200": [], "plot of 100,001 values": [], "zoom click": []}
    with running_server() as url, launch() as browser:
        for _ in range(args.repeat):
            page, errors = open_page(browser, url)
            page.click("#tab-explore")
            draw(page, "nim", {"#grid-min": "0", "#grid-max": "199"}, "#draw", "#heatmap", "cells", "40000")
            times["heat map 200 x 200"].append(page.evaluate("() => window.spragueView.paintMs"))
            began = page.evaluate("() => performance.now()")
            page.click("#zoom-in")
            times["zoom click"].append(page.evaluate("(t) => performance.now() - t", began))
            draw(
                page,
                "subtraction",
                {"#param-S": "1,2,5", "#seq-to": "100000"},
                "#draw-sequence",
                "#sequence",
                "points",
                "100001",
            )
            times["plot of 100,001 values"].append(page.evaluate("() => window.spragueView.plotMs"))
            assert not errors, errors
            page.context.close()
    for name, ms in times.items():
        print(f"{name:26} min {min(ms):7.1f} ms   median {statistics.median(ms):7.1f} ms")


if __name__ == "__main__":
    main()
