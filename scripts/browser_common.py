"""What the browser tests and measurements of the page share, whoever serves it: the page served
by `outpost-web` (scripts/web-browser-test.py, scripts/web-measure.py) and the static site
(scripts/site-browser-test.py, scripts/site-measure.py). Debian's headless Chromium and how to
start it, a server started and its address read from its first line, and stopped, a page of
headless Chromium for a measurement, the checks counted and reported, and the page's own
helpers (its squares, moves and status).
"""

import argparse
import contextlib
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SQUARES = "document.querySelectorAll('#board rect[data-square]').length"


def chromium_path():
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"{Path(sys.argv[0]).stem}: Debian's chromium is missing: scripts/install-web-test-deps.sh")


def start_server(command, pattern, stderr=subprocess.STDOUT, retry=False):
    """Starts `command`, a server that says where it listens on its first line, and returns the
    process and the first group of `pattern` in that line. A server that does not start ends the
    script, or with `retry` gives (None, None). `stderr` goes to the pipe read (by default) or
    elsewhere (subprocess.DEVNULL for a server that logs every request there)."""
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    line = server.stdout.readline()
    match = re.search(pattern, line)
    if not match:
        server.kill()
        server.wait()
        if retry:
            return None, None
        sys.exit(f"{Path(sys.argv[0]).stem}: the server did not start: {line!r}")
    return server, match.group(1)


def stop_server(server):
    """Stops a server started by `start_server`, waiting for it at most 10 s."""
    server.terminate()
    server.wait(timeout=10)


@contextlib.contextmanager
def measuring_page(server):
    """A page of headless Chromium, for a measurement of what `server` serves (a process from
    `start_server`). On leaving, the browser is closed and the server stopped, also after an
    error."""
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            yield browser.new_page()
            browser.close()
    finally:
        stop_server(server)


def prepare(doc, screenshots, built, build):
    """Reads the options of a browser test, whose docstring is `doc`: `--out DIR` for its
    screenshots (default `screenshots` below the repository) and `--no-build` to take `built`
    as it is instead of running the command `build` first. Returns the screenshots' folder,
    made."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / screenshots))
    parser.add_argument("--no-build", action="store_true", help=f"use {built} as built")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.no_build:
        subprocess.run(build, cwd=ROOT, check=True)
    return out


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name} {detail}")


def run_checks(label, out, run, stop):
    """Runs `run(checks)` (a timeout or a missing element counts as a failed check), then
    `stop()`; prints where the screenshots are and the count, and exits 1 when a check failed."""
    checks = Checks()
    started = time.time()
    try:
        run(checks)
    except Exception as error:  # a timeout or a missing element: report it and fail
        checks.check("the browser test ran to its end", False, repr(error))
    finally:
        stop()
    print(f"screenshots in {out} ({time.time() - started:.0f} s)")
    print(f"{label}: {checks.passed} passed, {checks.failed} failed")
    sys.exit(1 if checks.failed else 0)


def moves_of(page):
    return page.eval_on_selector_all("#moves .move", "nodes => nodes.map(n => n.textContent)")


def click_square(page, square):
    page.click(f'#board rect[data-square="{square}"]')


def status_is(text):
    return f"document.querySelector('#status').textContent === {text!r}"
