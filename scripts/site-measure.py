#!/usr/bin/env python3
"""Measures the engine in the browser (the static site of `cargo xtask site`) against the native
engine in the same run: `bench`'s nodes per second in a Web Worker of headless Chromium and
natively (`target/release/outpost bench`), the worker's depth and nodes for Chess Fragments
from its start at 350 ms a move, the time the page's worker (worker.js, stepping as in play)
takes to answer at each time to think the page offers (0.1, 1, 3, 10 s), and the size of the
.wasm, raw and compressed (gzip -9).

Usage: scripts/site-measure.py [--rounds N] [--think SECONDS ...]   (after `cargo xtask site` and
`cargo build --release -p outpost-engine`; needs scripts/install-web-test-deps.sh)
"""

import argparse
import gzip
import re
import subprocess
import sys
from importlib import import_module

import browser_common as common
from browser_common import ROOT

sitetest = import_module("site-browser-test")

# A module worker made from this text imports the site's glue and answers one request.
WORKER = """
import init, {bench, PageWorker} from "%(base)s/outpost_wasm.js"
onmessage = async (event) => {
    await init()
    if (event.data === "bench") {
        postMessage(bench(12))
        return
    }
    const engine = new PageWorker(16)
    engine.handle(JSON.stringify({type: "new_game", kind: "fragments"}))
    let answer = JSON.parse(engine.handle(JSON.stringify({type: "go", think_ms: 350})))
    while (engine.busy()) {
        answer = answer.concat(JSON.parse(engine.step()))
    }
    postMessage(JSON.stringify(answer.filter((message) => message.type === "best_move")))
}
"""

# The page's own worker: the time from `go` to its best move, as the page waits for it.
THINK = """async ([base, thinkMs]) => {
    const worker = new Worker(base + "/worker.js", {type: "module"})
    const next = (type) => new Promise((done, fail) => {
        worker.onerror = (event) => fail(event.message)
        worker.onmessage = (event) => { if (event.data.type === type) done(event.data) }
    })
    let ready = next("worker_ready")
    worker.postMessage({type: "init", hash_mib: 16})
    await ready
    worker.postMessage(JSON.stringify({type: "new_game", kind: "standard"}))
    const answered = next("best_move")
    const start = performance.now()
    worker.postMessage(JSON.stringify({type: "go", think_ms: thinkMs}))
    await answered
    const millis = performance.now() - start
    worker.terminate()
    return millis
}"""

RUN = """async ([source, request]) => {
    const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}))
    const worker = new Worker(url, {type: "module"})
    const answer = await new Promise((done, fail) => {
        worker.onmessage = (event) => done(event.data)
        worker.onerror = (event) => fail(event.message)
        worker.postMessage(request)
    })
    worker.terminate()
    return answer
}"""


def native_bench():
    output = subprocess.run([str(ROOT / "target/release/outpost"), "bench"], capture_output=True, text=True, check=True)
    nodes, nps = re.search(r"^(\d+) nodes (\d+) nps$", output.stdout, re.MULTILINE).groups()
    return int(nodes), int(nps)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--think", type=float, nargs="*", default=[0.1, 1, 3, 10],
                        help="times to think to measure, in seconds (default: the page's 0.1 1 3 10)")
    args = parser.parse_args()

    site = ROOT / "target/site"
    wasm = (site / "outpost_wasm_bg.wasm").read_bytes()
    print(f"wasm: {len(wasm) / 1024:.0f} KiB raw, {len(gzip.compress(wasm, 9)) / 1024:.0f} KiB with gzip -9")
    server, base = sitetest.serve(site)
    with common.measuring_page(server) as page:
        page.goto(base + "/")
        source = WORKER % {"base": base}
        ratios = []
        for round_number in range(args.rounds):
            nodes, millis = map(int, page.evaluate(RUN, [source, "bench"]).split())
            worker_nps = nodes * 1000 // max(millis, 1)
            native_nodes, native_nps = native_bench()
            ratios.append(worker_nps / native_nps)
            print(f"round {round_number + 1}: worker {nodes} nodes at {worker_nps} nodes/s, "
                  f"native {native_nodes} nodes at {native_nps} nodes/s: {worker_nps / native_nps:.2f}x")
        ratios.sort()
        print(f"bench in Chromium's worker: {ratios[len(ratios) // 2]:.2f}x native nodes per second (median of {len(ratios)})")
        for round_number in range(args.rounds):
            best = page.evaluate(RUN, [source, "fragments"])
            print(f"Chess Fragments from its start at 350 ms: {best}")
        for seconds in args.think:
            answers = sorted(page.evaluate(THINK, [base, round(seconds * 1000)]) / 1000
                             for _ in range(args.rounds))
            worst = max(answers, key=lambda answer: abs(answer - seconds))
            print(f"think {seconds:g} s: answered after {', '.join(f'{a:.3f}' for a in answers)} s; "
                  f"furthest {100 * (worst - seconds) / seconds:+.1f}% from the time to think")


if __name__ == "__main__":
    sys.exit(main())
