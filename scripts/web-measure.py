#!/usr/bin/env python3
"""The web page's figures in docs/browser.md: the depth the page's engine reaches in 1 s from the
start position (beside UCI's `go movetime 1000` on the same machine), and the server's memory
with 8 sessions thinking at once.

Builds and starts target/release/outpost-web and runs target/release/outpost; the sessions are
WebSockets opened in headless Chromium (scripts/install-web-test-deps.sh). A measurement, not a
test: it takes about 15 s once built.

Usage: scripts/web-measure.py [--runs N] [--no-build]
"""

import argparse
import re
import subprocess
import time
from pathlib import Path

from importlib import import_module

import browser_common as common
from browser_common import ROOT

browser_test = import_module("web-browser-test")

# Opens `count` sessions, asks each for `go think_ms` from the start position, and resolves
# with the last `info` of each once its `best_move` has come.
SESSIONS_JS = """
async ([count, thinkMs]) => {
    const one = () => new Promise((resolve, reject) => {
        const socket = new WebSocket("ws://" + location.host + "/ws")
        let last = null
        socket.onmessage = (event) => {
            const message = JSON.parse(event.data)
            if (message.type === "hello") socket.send(JSON.stringify({type: "go", think_ms: thinkMs}))
            if (message.type === "info") last = message
            if (message.type === "error") reject(message.message)
            if (message.type === "best_move") { socket.close(); resolve(last) }
        }
    })
    return Promise.all(Array.from({length: count}, one))
}
"""


def rss_mib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def uci_depth():
    text = "uci\nisready\nposition startpos\ngo movetime 1000\n"
    engine = subprocess.Popen([str(ROOT / "target/release/outpost")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    engine.stdin.write(text)
    engine.stdin.flush()
    depth = 0
    for line in engine.stdout:
        match = re.match(r"info depth (\d+) ", line)
        if match:
            depth = int(match.group(1))
        if line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait(timeout=10)
    return depth


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use the binaries as built")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-p", "web", "-p", "outpost-engine"], cwd=ROOT, check=True)

    server, url = browser_test.start_server()
    with common.measuring_page(server) as page:
        page.goto(url + "/app.css")  # same origin, no session of its own
        time.sleep(3)  # the browser's own start-up work done before anything is timed
        for run in range(args.runs):
            page_depth = page.evaluate(SESSIONS_JS, [1, 1000])[0]["depth"]
            print(f"run {run + 1}: depth in 1 s from the start position: page {page_depth}, "
                  f"UCI {uci_depth()}")
        idle = rss_mib(server.pid)
        handle = page.evaluate_handle(
            "(js) => { window.result = (eval(js))([8, 5000]); return 1 }", SESSIONS_JS)
        handle.dispose()
        time.sleep(4)
        busy = rss_mib(server.pid)
        page.evaluate("() => window.result")
        print(f"server memory (RSS): {idle:.0f} MiB idle, {busy:.0f} MiB with 8 sessions "
              f"thinking at once")


if __name__ == "__main__":
    main()
