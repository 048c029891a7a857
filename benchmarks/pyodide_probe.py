"""Can sprague run in a browser on Pyodide with nothing but npm and PyPI? A probe, timed in headless Chromium.

Run: ``python benchmarks/pyodide_probe.py [--cache DIR]`` (needs npm, pip, Playwright and /usr/bin/chromium;
about 20 s once the downloads are cached). It

1. fetches Pyodide from npm (``npm pack pyodide@VERSION``, 6.5 MB packed) into the cache directory;
2. asks PyPI (``pip download --platform pyemscripten_...``) for the WebAssembly wheels of sprague's
   dependencies: pydantic (pure Python) with pydantic_core, typing-extensions, annotated-types,
   typing-inspection, and numpy;
3. serves a probe page with Python's ``http.server`` and opens it in Chromium three times: a Web Worker
   loads Pyodide, unpacks the wheels, imports pydantic, tries ``import numpy`` and times a pure-Python
   brute force (the value of cram 4x4 by memoised recursion); the same brute force runs here in CPython.

What it found (November 2026, Pyodide 314.0.7) is in ``docs/static-mode.md``: Pyodide and pydantic come
from npm and PyPI, numpy does not (PyPI has no WebAssembly wheel of numpy; Pyodide's own build of it is
on its CDN and in its GitHub release only), and sprague imports numpy throughout.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

PYODIDE = "314.0.7"  #: npm version; its Python is 3.14, its wheels' platform pyemscripten_2026_0_wasm32
PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14"]
WHEEL_ARGS = ["--only-binary=:all:", *PLATFORM, "--implementation", "cp", "--abi", "cp314"]

BENCH = """
import time
def cram_moves(rows):
    out = []
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell == "." and j + 1 < len(row) and row[j + 1] == ".":
                out.append(rows[:i] + (row[:j] + "##" + row[j + 2:],) + rows[i + 1:])
            if cell == "." and i + 1 < len(rows) and rows[i + 1][j] == ".":
                below = rows[i + 1]
                out.append(rows[:i] + (row[:j] + "#" + row[j + 1:], below[:j] + "#" + below[j + 1:]) + rows[i + 2:])
    return out
def grundy(p, memo):
    if p not in memo:
        seen = {grundy(o, memo) for o in cram_moves(p)}
        memo[p] = next(m for m in range(len(seen) + 1) if m not in seen)
    return memo[p]
def run():
    times = []
    for _ in range(3):
        t = time.perf_counter()
        g = grundy(("....",) * 4, {})
        times.append(time.perf_counter() - t)
    return g, min(times)
"""

WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide({ indexURL: new URL("./pyodide/", self.location).href });
const t1 = performance.now();
const names = (await (await fetch("wheels.txt")).text()).trim().split("\\n").filter(Boolean);
for (const n of names) py.unpackArchive(await (await fetch(n)).arrayBuffer(), "wheel");
py.runPython("import pydantic");
const t2 = performance.now();
let numpy = "imported";
try { py.runPython("import numpy"); } catch (e) {
  numpy = String(e).split("\\n").filter((l) => l.includes("Error")).slice(-1)[0];
}
py.FS.writeFile("/home/pyodide/bench.py", new TextEncoder().encode(await (await fetch("bench.py")).text()));
const bench = py.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import bench; bench.run()").toJs();
postMessage({ load_ms: t1 - t0, wheels_and_pydantic_ms: t2 - t1, numpy, cram4x4: bench });
"""

PAGE = """<!doctype html><html lang="en"><title>Pyodide probe</title><body><pre id="out">loading</pre><script>
const w = new Worker("worker.mjs", { type: "module" });
w.onmessage = (e) => { window.result = e.data; document.getElementById("out").textContent = JSON.stringify(e.data); };
w.onerror = (e) => { window.result = { error: String(e.message) }; };
</script></body></html>"""


def fetch(cache: Path) -> tuple[Path, list[Path]]:
    """Pyodide from npm and the wheels PyPI has, in ``cache`` (fetched once)."""
    cache.mkdir(parents=True, exist_ok=True)
    if not (cache / "package" / "pyodide.mjs").exists():
        subprocess.run(["npm", "pack", f"pyodide@{PYODIDE}"], cwd=cache, check=True, capture_output=True)
        with tarfile.open(cache / f"pyodide-{PYODIDE}.tgz") as tgz:
            tgz.extractall(cache, filter="data")
    wheels = cache / "wheels"
    for requirement in ("pydantic", "numpy"):
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", *WHEEL_ARGS, "-d", str(wheels), requirement],
            capture_output=True,
            text=True,
        )
        print(f"pip download {requirement} for Pyodide: {'found' if done.returncode == 0 else 'NOT FOUND'}")
    return cache / "package", sorted(wheels.glob("*.whl"))


def site(pyodide: Path, wheels: list[Path], root: Path) -> None:
    """The probe page in ``root``: Pyodide, the wheels, the worker, the page and the brute force."""
    (root / "pyodide").symlink_to(pyodide)
    for wheel in wheels:
        (root / wheel.name).symlink_to(wheel)
    (root / "wheels.txt").write_text("\n".join(w.name for w in wheels))
    (root / "worker.mjs").write_text(WORKER)
    (root / "index.html").write_text(PAGE)
    (root / "bench.py").write_text(BENCH)


def probe(root: Path, runs: int) -> None:
    """Open the page ``runs`` times in Chromium (a fresh context each time) and print what the worker says."""
    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-d", str(root), "-b", "127.0.0.1", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                start = time.perf_counter()
                for _ in range(50):  # the server may take a moment to listen
                    try:
                        page.goto(f"http://127.0.0.1:{port}/")
                        break
                    except Exception:  # noqa: BLE001  (connection refused: not listening yet)
                        time.sleep(0.1)
                page.wait_for_function("window.result !== undefined", timeout=120_000)
                result = page.evaluate("window.result")
                print(f"page to result {time.perf_counter() - start:.2f} s: {json.dumps(result)}")
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "sprague-pyodide-probe")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pyodide, wheels = fetch(args.cache)
    print("wheels:", ", ".join(f"{w.name} ({w.stat().st_size // 1024} kB)" for w in wheels))
    namespace: dict[str, object] = {}
    exec(BENCH, namespace)  # noqa: S102  (our own brute force, the same text the browser runs)
    print("CPython here, cram 4x4 by brute force (value, best of 3 s):", namespace["run"]())  # type: ignore[operator]
    with tempfile.TemporaryDirectory() as tmp:
        site(pyodide, wheels, Path(tmp))
        probe(Path(tmp), args.runs)


if __name__ == "__main__":
    main()
