// The engine in a Web Worker: Outpost's page session compiled to WebAssembly (crates/wasm),
// answering the page's messages as the server's WebSocket does. Between messages it searches or
// counts a step at a time, so that a move or `stop` is read within one step.
//
// Only the static site has the WebAssembly (`cargo xtask site`); the served page never starts
// this worker.

import init, {PageWorker} from "./outpost_wasm.js"

let engine = null
const waiting = []

// A step runs as a task of its own, after the page's messages that came in meanwhile.
const steps = new MessageChannel()
let stepQueued = false
steps.port1.onmessage = () => {
    stepQueued = false
    post(engine.step())
    queueStep()
}

function queueStep() {
    if (!stepQueued && engine.busy()) {
        stepQueued = true
        steps.port2.postMessage(null)
    }
}

// The engine's answers come as one JSON array; the page gets them one by one.
function post(json) {
    for (const message of JSON.parse(json)) {
        postMessage(message)
    }
}

function handle(text) {
    post(engine.handle(text))
    queueStep()
}

async function start(hashMib) {
    try {
        await init()
        engine = new PageWorker(hashMib)
    } catch (error) {
        postMessage({type: "worker_failed", message: "the engine's WebAssembly could not be loaded: " + error})
        return
    }
    postMessage({type: "worker_ready"})
    post(engine.greeting())
    for (const text of waiting.splice(0)) {
        handle(text)
    }
}

onmessage = (event) => {
    const data = event.data
    if (typeof data === "object" && data !== null && data.type === "init") {
        start(Number.isInteger(data.hash_mib) ? data.hash_mib : 16)
    } else if (engine) {
        handle(String(data))
    } else {
        waiting.push(String(data))
    }
}
