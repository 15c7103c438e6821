// The engine compiled to WebAssembly, run under Node.js for `cargo xtask wasm-check`: prints
// what the WebAssembly build computes — bench's node count (and its time), the perft counts of
// EPD files, the evaluation of positions from random games — as one JSON object, for the task
// to compare with the native build's.
//
// Usage: node scripts/wasm-proof.cjs GLUE_DIR MAX_NODES SEED POSITIONS EPD_FILE[:LINES]...
"use strict"
const fs = require("fs")
const path = require("path")

const [glue, maxNodes, seed, positions, ...files] = process.argv.slice(2)
const engine = require(path.resolve(glue, "outpost_wasm.js"))
const perft = {}
for (const spec of files) {
    const [file, lines] = spec.split(":")
    let text = fs.readFileSync(file, "utf8")
    if (lines) {
        text = text.split("\n").slice(0, Number(lines)).join("\n")
    }
    perft[spec] = engine.perft_lines(text, BigInt(maxNodes))
}
const out = {
    bench: engine.bench(12),
    perft,
    evaluations: engine.evaluations(BigInt(seed), Number(positions)),
}
process.stdout.write(JSON.stringify(out))
