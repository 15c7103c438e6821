// Where the page's engine runs: "socket", the server that serves this page (outpost-web); the
// static site's copy of this file says "worker", the engine compiled to WebAssembly in a Web
// Worker of the browser.
globalThis.OUTPOST_BACKEND = "socket"
