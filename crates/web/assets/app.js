// Outpost's page: the board (cm-chessboard for 8×8, SmallBoard for the 5×5 of Chess Fragments,
// both driven through cm-chessboard's interface), the panels, and the session with the engine,
// which owns the game, the search, the count and the evaluation: over a WebSocket to
// `outpost-web`, or with the engine compiled to WebAssembly in a Web Worker (the static site:
// `backend.js` says which). Both speak the same messages, so every feature is written once.
// The page keeps no chess rules of its own: it takes the legal moves, SAN, the game's end and
// the PGN from the engine's `state` messages.

import {Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE} from "./vendor/cm-chessboard/src/Chessboard.js"
import {Markers, MARKER_TYPE} from "./vendor/cm-chessboard/src/extensions/markers/Markers.js"
import {PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE} from "./vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"
import {SmallBoard, drawPiece} from "./small-board.js"

const STORAGE_KEY = "outpost-game"
// The engine's table in the browser, MiB: small by default, so that it loads fast on a phone.
const HASH_SIZES = [16, 64, 256]
const DEFAULT_HASH_MIB = 16
// The engine's levels (ratings calibrated against Stockfish); null is full strength.
const LEVELS = [1400, 1600, 1800, 2000, 2200]
const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
const LAST_MOVE = {class: "marker-square last-move", slice: "markerSquare"}

const $ = (id) => document.getElementById(id)

// What the page remembers (also in localStorage): the game, your side, the think time, the
// level, the board's side, the view.
const saved = loadSaved()
const settings = {
    color: saved.color === "b" ? "b" : "w",
    thinkMs: [100, 1000, 3000, 10000].includes(saved.thinkMs) ? saved.thinkMs : 1000,
    flipped: saved.flipped === true,
    view: ["play", "analysis", "count", "evaluation"].includes(saved.view) ? saved.view : "play",
    variant: ["chess960", "fragments"].includes(saved.variant) ? saved.variant : "standard",
    hashMib: HASH_SIZES.includes(saved.hashMib) ? saved.hashMib : DEFAULT_HASH_MIB,
    level: LEVELS.includes(saved.level) ? saved.level : null,
}

// Where the engine runs: "socket" (the server's) or "worker" (in this browser).
const BACKEND = globalThis.OUTPOST_BACKEND === "worker" ? "worker" : "socket"

let socket = null         // the WebSocket, with the server's engine
let worker = null         // the Web Worker, with the engine in the browser
let state = null          // the last `state` message
let restored = false      // the saved game was sent to the server (once per connection)
let restoring = false     // the greeting's start position is to be skipped: the saved game follows
let goPending = false     // a `go` was sent and its answer not yet seen
let tables = {}           // the piece-square tables by rules (chess, fragments), once received
let tablesAsked = {}      // the rules whose tables were asked for on this connection
let tableSlot = 1         // the piece shown: pawn, knight, bishop, rook (the Right), queen, king
let analysisLines = []    // by multipv
// A new game, a pasted FEN or PGN asked for: the last game's search and score stay on show
// until it comes (and stay when it is refused).
let awaitingNewGame = false
let counting = false
let connected = false     // the WebSocket is open, or the worker's engine is ready
let everConnected = false // it was open once: a closed socket is then a lost connection

const LOST_TEXT = "Connection to Outpost lost — reconnecting…"
const REFUSED_TEXT = "Not connected to Outpost: your move cannot be played until it reconnects"
const UNSENT_TEXT = "Not connected to Outpost: try again once it reconnects"

// The board: cm-chessboard for 8×8, SmallBoard for 5×5. Both take the same calls, so the
// rest of the page does not ask which one it has.
let board = makeBoard(8, START_FEN)

function makeBoard(size, fen) {
    const orientation = settings.flipped ? COLOR.black : COLOR.white
    if (size === 5) {
        return new SmallBoard($("board"), {position: fen, orientation, size})
    }
    return new Chessboard($("board"), {
        position: fen,
        assetsUrl: "vendor/cm-chessboard/assets/",
        orientation,
        style: {cssClass: "default", showCoordinates: true, borderType: BORDER_TYPE.none, animationDuration: 150},
        extensions: [{class: Markers, props: {autoMarkers: MARKER_TYPE.frame}}, {class: PromotionDialog}],
    })
}

/// The board of `size` files and ranks, made anew when the game's board has another size.
function useBoardOfSize(size, fen) {
    const current = board instanceof SmallBoard ? board.size : 8
    if (current !== size) {
        board.destroy()
        board = makeBoard(size, fen)
    }
}

// ---- the connection ----

function connect() {
    restored = false
    restoring = false
    goPending = false
    state = null
    if (BACKEND === "worker") {
        startWorker()
    } else {
        openSocket()
    }
}

function openSocket() {
    const url = new URL("ws", location.href)
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:"
    socket = new WebSocket(url)
    socket.onopen = opened
    socket.onclose = () => lost("connection lost: retrying…", 2000)
    socket.onmessage = (event) => {
        let message
        try {
            message = JSON.parse(event.data)
        } catch (e) {
            return
        }
        receive(message)
    }
}

// The engine in a Web Worker: worker.js loads the WebAssembly and answers as the server does.
function startWorker() {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        engineUnavailable("this browser runs no WebAssembly in a Web Worker")
        return
    }
    worker = new Worker(new URL("worker.js", import.meta.url), {type: "module"})
    worker.onmessage = (event) => {
        const message = event.data
        if (message.type === "worker_ready") {
            opened()
        } else if (message.type === "worker_failed") {
            worker.terminate()
            worker = null
            engineUnavailable(message.message)
        } else {
            receive(message)
        }
    }
    worker.onerror = (event) => {
        // A worker whose engine failed is made anew, and the game goes on from what the page
        // kept (a worker that could not even load its script never says it is ready).
        event.preventDefault()
        const wasReady = connected
        worker.terminate()
        worker = null
        if (wasReady) {
            lost("the engine stopped: starting it again…", 200)
        } else {
            engineUnavailable("its script could not be loaded")
        }
    }
    worker.postMessage({type: "init", hash_mib: settings.hashMib})
}

// The engine could not be loaded: say so instead of showing a dead board.
function engineUnavailable(reason) {
    connected = false
    setConnection("engine unavailable", true)
    $("status").textContent = "The engine could not be started in this browser (" + reason +
        "). Outpost needs WebAssembly and Web Workers; try a current browser, or run outpost-web."
    board.disableMoveInput()
}

function opened() {
    connected = true
    tablesAsked = {}
    everConnected = true
    board.disableMoveInput()
    setConnection("connected", false)
    if ([REFUSED_TEXT, UNSENT_TEXT].includes($("message").textContent)) {
        showMessage("")
    }
    updateStatus()
}

function lost(text, retryMs) {
    connected = false
    goPending = false
    setConnection(text, true)
    updateStatus()
    // The board still takes a click, to say why the move cannot be played.
    board.disableMoveInput()
    board.enableMoveInput(onMoveInput)
    setTimeout(connect, retryMs)
}

function setConnection(text, lost) {
    const element = $("connection")
    element.textContent = text
    element.classList.toggle("lost", lost)
}

function send(message) {
    if (BACKEND === "worker" && worker && connected) {
        worker.postMessage(JSON.stringify(message))
    } else if (BACKEND === "socket" && socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(message))
    } else if (everConnected) {
        showMessage(UNSENT_TEXT)
    }
}

function receive(message) {
    switch (message.type) {
        case "hello":
            setConnection(message.engine + " connected", false)
            fillCountPositions(message.count_positions)
            if (!restored) {
                restored = true
                const keep = loadSaved()
                if (Array.isArray(keep.moves) && (keep.moves.length > 0 || (keep.start_fen && keep.start_fen !== START_FEN))) {
                    restoring = true
                    send({type: "set_game", start_fen: keep.start_fen || null, moves: keep.moves,
                          chess960: Number.isInteger(keep.chess960) ? keep.chess960 : null})
                }
                if (settings.view === "analysis") {
                    send({type: "analyse", on: true})
                }
            }
            break
        case "state":
            if (restoring) {
                // The greeting's start position: the saved game's state comes next.
                restoring = false
                break
            }
            onState(message)
            break
        case "info":
            onInfo(message)
            break
        case "best_move":
            showMessage("")
            tickClock(false)
            $("t-time").textContent = (message.time_ms / 1000).toFixed(1) + " s"
            break
        case "count_row":
            addCountRow(message)
            break
        case "count_done":
            counting = false
            $("count-start").disabled = false
            $("count-stop").disabled = true
            $("count-status").textContent = message.reason === "stopped" ? "Stopped." : "Done."
            break
        case "tables":
            tables[message.variant] = message
            showTables()
            break
        case "error":
            awaitingNewGame = false
            if (restored && !state) {
                // The saved game could not be set up: start afresh.
                send({type: "new_game"})
            }
            goPending = false
            showMessage(message.message)
            if (state) {
                updateInput()
            }
            break
    }
}

// ---- the game ----

function onState(next) {
    const changed = !state || state.fen !== next.fen
    if (awaitingNewGame) {
        awaitingNewGame = false
        analysisLines = []
        clearThinking()
        setEvalBar({cp: 0})
    }
    const rules = rulesOf(next)
    // Only for a new game or other rules: a choice made for the next game is kept while this
    // one goes on.
    const newRules = !state || rulesOf(state) !== rules || next.moves.length === 0
    state = next
    if (next.thinking) {
        goPending = false
    }
    useBoardOfSize(next.size, next.fen)
    board.setPosition(next.fen, changed)
    drawMarkers()
    drawMoves()
    $("fen").value = next.fen
    const fragments = next.variant === "fragments"
    $("variant-name").hidden = next.chess960 === null && !fragments
    $("variant-name").textContent = fragments ? "· Chess Fragments" :
        next.chess960 === null ? "" : "· Chess960 #" + next.chess960
    $("fragments-help").hidden = !fragments
    if (newRules) {
        followRules(rules)
    }
    if (settings.view === "evaluation") {
        showTables()
    }
    $("eval-text").textContent = next.eval_text
    save()
    if (changed) {
        analysisLines = []
        drawAnalysis()
    }
    if (next.end) {
        setEvalBar(next.end.result === "1-0" ? {mate: 0.5} : next.end.result === "0-1" ? {mate: -0.5} : {cp: 0})
    }
    updateStatus()
    updateInput()
    maybeEngineMove()
}

function engineToMove() {
    return settings.view === "play" && state && !state.end && state.side_to_move !== settings.color
}

function maybeEngineMove() {
    if (engineToMove() && !state.thinking && !state.analysing && !goPending) {
        goPending = true
        clearThinking()
        send({type: "go", think_ms: settings.thinkMs, level: settings.level})
    }
}

function updateStatus() {
    const status = $("status")
    const lost = everConnected && !connected
    status.classList.toggle("over", !lost && !!(state && state.end))
    status.classList.toggle("lost", lost)
    const thinking = !lost && !!(state && state.thinking)
    if (lost) {
        status.textContent = LOST_TEXT
    } else if (!state) {
        status.textContent = "Connecting to Outpost…"
    } else if (state.end) {
        // The result stays on one line with the reason's last word: a narrow window would
        // otherwise break "(1-0)" at its hyphen or leave it alone on a line.
        const words = state.end.reason.split(" ")
        const result = document.createElement("span")
        result.className = "result"
        result.textContent = words.pop() + " (" + state.end.result + ")"
        status.replaceChildren("Game over: " + words.join(" ") + (words.length > 0 ? " " : ""), result)
    } else if (state.analysing) {
        status.textContent = "Analysis: " + (state.side_to_move === "w" ? "white" : "black") + " to move"
    } else if (settings.view !== "play") {
        status.textContent = (state.side_to_move === "w" ? "White" : "Black") + " to move"
    } else if (state.thinking || goPending) {
        status.textContent = "Outpost is thinking…"
    } else if (state.side_to_move === settings.color) {
        status.textContent = "It is your move"
    } else {
        status.textContent = "Outpost to move"
    }
    $("stop-thinking").hidden = !thinking
    $("thinking").classList.toggle("active", thinking)
    for (const id of ["play-white", "play-black"]) {
        $(id).classList.toggle("chosen", (id === "play-white") === (settings.color === "w"))
        // Changing sides while Outpost thinks would give it your move: wait for its move.
        $(id).disabled = thinking
    }
    tickClock(thinking)
}

function updateInput() {
    if (!connected) {
        return
    }
    board.disableMoveInput()
    if (!state || state.end || state.thinking || goPending || state.picks.length === 0) {
        return
    }
    if (settings.view === "play") {
        if (state.side_to_move === settings.color) {
            board.enableMoveInput(onMoveInput, settings.color === "w" ? COLOR.white : COLOR.black)
        }
    } else if (settings.view === "analysis" || settings.view === "evaluation") {
        board.enableMoveInput(onMoveInput)
    }
}

// What may be entered is the server's `picks`: every legal move by its squares, castling
// as the king put down on its own rook (and on its target square where that is no other move).
function movesFrom(square) {
    return state.picks.filter((pick) => pick.startsWith(square))
}

function onMoveInput(event) {
    switch (event.type) {
        case INPUT_EVENT_TYPE.moveInputStarted: {
            if (!connected || !state) {
                showMessage(REFUSED_TEXT)
                return false
            }
            const moves = movesFrom(event.squareFrom)
            board.removeLegalMovesMarkers()
            board.addLegalMovesMarkers(moves.map((uci) => ({to: uci.substring(2, 4), promotion: uci[4]})))
            return moves.length > 0
        }
        case INPUT_EVENT_TYPE.validateMoveInput: {
            board.removeLegalMovesMarkers()
            if (!connected || !state) {
                showMessage(REFUSED_TEXT)
                return false
            }
            const uci = event.squareFrom + event.squareTo
            if (state.picks.includes(uci)) {
                playMove(uci)
                return true
            }
            if (state.picks.includes(uci + "q")) {
                const color = state.side_to_move === "w" ? COLOR.white : COLOR.black
                board.showPromotionDialog(event.squareTo, color, (result) => {
                    if (result && result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) {
                        playMove(uci + result.piece.charAt(1))
                    } else {
                        board.setPosition(state.fen, true)
                        updateInput()
                    }
                })
                return true
            }
            return false
        }
        case INPUT_EVENT_TYPE.moveInputCanceled:
        case INPUT_EVENT_TYPE.moveInputFinished:
            board.removeLegalMovesMarkers()
            return
    }
}

function playMove(uci) {
    if (!connected) {
        showMessage(REFUSED_TEXT)
        if (state) {
            board.setPosition(state.fen, false)
        }
        return
    }
    showMessage("")
    board.disableMoveInput()
    send({type: "move", uci})
}

function drawMarkers() {
    board.removeMarkers(LAST_MOVE)
    board.removeMarkers(MARKER_TYPE.circleDangerFilled)
    if (state.moves.length > 0) {
        const last = state.moves[state.moves.length - 1]
        board.addMarker(LAST_MOVE, last.substring(0, 2))
        board.addMarker(LAST_MOVE, last.substring(2, 4))
    }
    if (state.check) {
        board.addMarker(MARKER_TYPE.circleDangerFilled, state.check)
    }
}

function drawMoves() {
    const list = $("moves")
    list.replaceChildren()
    const fields = state.start_fen.split(" ")
    let number = parseInt(fields[5], 10) || 1
    let whiteFirst = fields[1] !== "b"
    let item = null
    state.san.forEach((san, index) => {
        const white = whiteFirst ? index % 2 === 0 : index % 2 === 1
        if (white || item === null) {
            item = document.createElement("li")
            item.value = number
            list.appendChild(item)
            if (!white) {
                const gap = document.createElement("span")
                gap.className = "move"
                gap.textContent = "…"
                item.appendChild(gap)
            }
        }
        const move = document.createElement("span")
        move.className = "move" + (index === state.san.length - 1 ? " last" : "")
        move.textContent = san
        item.appendChild(move)
        if (!white) {
            number++
        }
    })
    if (state.end) {
        const item = document.createElement("li")
        item.style.listStyle = "none"
        item.textContent = state.end.result
        list.appendChild(item)
    }
    list.scrollTop = list.scrollHeight
}

// ---- the search ----

function scoreText(score) {
    if (score.mate !== undefined) {
        return (score.mate > 0 ? "#" : "#-") + Math.abs(score.mate)
    }
    const pawns = score.cp / 100
    return (pawns > 0 ? "+" : "") + pawns.toFixed(2)
}

function scoreWords(score) {
    if (score.mate !== undefined) {
        const side = score.mate > 0 ? "white" : "black"
        return scoreText(score) + " (" + side + " mates in " + Math.abs(score.mate) + ")"
    }
    return scoreText(score)
}

function lineText(info) {
    const fields = state ? state.fen.split(" ") : ["", "w", "", "", "0", "1"]
    let number = parseInt(fields[5], 10) || 1
    let white = fields[1] === "w"
    const parts = []
    info.pv_san.forEach((san, index) => {
        if (white) {
            parts.push(number + ". " + san)
        } else {
            parts.push(index === 0 ? number + "… " + san : san)
            number++
        }
        white = !white
    })
    return parts.join(" ")
}

function formatCount(n) {
    return n.toLocaleString("en-US")
}

// A Count's speed: millions a second once there are millions, short enough for the table.
function formatSpeed(n) {
    return n >= 1e6 ? (n / 1e6).toFixed(1) + " M/s" : formatCount(n) + "/s"
}

function onInfo(info) {
    if (info.multipv === 1) {
        setEvalBar(info.score)
    }
    if (info.search === "play") {
        $("t-depth").textContent = info.depth + " / " + info.seldepth
        $("t-score").textContent = scoreWords(info.score) + (info.bound === "exact" ? "" : info.bound === "lower" ? " or more" : " or less")
        $("t-nodes").textContent = formatCount(info.nodes)
        $("t-nps").textContent = formatCount(info.nps)
        $("t-time").textContent = (info.time_ms / 1000).toFixed(1) + " s"
        clockStart = performance.now() - info.time_ms
        $("t-line").textContent = lineText(info)
    } else {
        analysisLines[info.multipv - 1] = info
        $("analysis-depth").textContent = "depth " + info.depth + " / " + info.seldepth + ", " +
            formatCount(info.nodes) + " positions, " + formatCount(info.nps) + " per second, " +
            (info.time_ms / 1000).toFixed(1) + " s"
        drawAnalysis()
    }
}

// The thinking panel's time runs on between the search's reports (they come at the end of
// each iteration, which can take seconds at depth).
let clock = null
let clockStart = 0

function tickClock(running) {
    if (running && clock === null) {
        clockStart = performance.now()
        clock = setInterval(() => {
            $("t-time").textContent = ((performance.now() - clockStart) / 1000).toFixed(1) + " s"
        }, 100)
    } else if (!running && clock !== null) {
        clearInterval(clock)
        clock = null
    }
}

function clearThinking() {
    for (const id of ["t-depth", "t-score", "t-nodes", "t-nps", "t-time", "t-line"]) {
        $(id).textContent = "–"
    }
}

function drawAnalysis() {
    const list = $("analysis-lines")
    list.replaceChildren()
    for (const info of analysisLines) {
        if (!info) {
            continue
        }
        const item = document.createElement("li")
        const score = document.createElement("span")
        score.className = "score"
        score.textContent = scoreText(info.score)
        item.appendChild(score)
        item.appendChild(document.createTextNode(" " + lineText(info)))
        list.appendChild(item)
    }
    if (analysisLines.length === 0) {
        $("analysis-depth").textContent = state && state.analysing ? "thinking…" : "–"
    }
}

function setEvalBar(score) {
    let share
    if (score.mate !== undefined) {
        share = score.mate > 0 ? 1 : 0
    } else {
        share = 1 / (1 + Math.exp(-score.cp / 250))
    }
    $("eval-bar-white").style.height = (share * 100).toFixed(1) + "%"
    $("eval-bar-text").textContent = score.mate === undefined ? (score.cp / 100).toFixed(1) :
        Math.abs(score.mate) < 1 ? (score.mate > 0 ? "1-0" : "0-1") : scoreText(score)
}

// The kind of game of a state: "standard", "chess960" or "fragments", as the select names them.
function rulesOf(game) {
    return game.variant === "fragments" ? "fragments" : game.chess960 === null ? "standard" : "chess960"
}

// The "New games:" select follows the rules of the game on the board (a pasted 5×5 FEN
// starts a Fragments game), so that New game keeps them.
function followRules(rules) {
    settings.variant = rules
    $("variant").value = rules
    $("chess960-number").hidden = rules !== "chess960"
}

// ---- buttons ----

// Asks the engine for another game: a new one, a FEN's or a PGN's.
function startAnew(message) {
    awaitingNewGame = true
    showMessage("")
    if (connected && !restored) {
        // The engine is up but its greeting, after which the saved game is sent, has not come
        // yet: the game asked for now replaces the saved one instead of being undone by it.
        restored = true
    }
    send(message)
}

function newGame() {
    if (settings.variant !== "chess960") {
        startAnew({type: "new_game", kind: settings.variant})
        return
    }
    // An empty field asks for a random position; the server checks the number.
    const field = $("chess960-number")
    const text = field.value.trim()
    const number = text === "" ? null : Number(text)
    if (field.validity.badInput || (number !== null && !Number.isInteger(number))) {
        showMessage("A Chess960 start position is a whole number from 0 to 959")
        return
    }
    startAnew({type: "new_game", kind: "chess960", number})
}

$("new-game").onclick = newGame
// The engine's table, for the engine in the browser: a new size starts it anew, and the game
// goes on from what the page kept.
$("hash-choice").hidden = BACKEND !== "worker"
$("hash-mib").value = String(settings.hashMib)
$("hash-mib").onchange = () => {
    const mib = parseInt($("hash-mib").value, 10)
    if (!HASH_SIZES.includes(mib) || mib === settings.hashMib) {
        return
    }
    settings.hashMib = mib
    save()
    if (worker) {
        worker.terminate()
        worker = null
        connected = false
        connect()
    }
}
$("variant").value = settings.variant
$("chess960-number").hidden = settings.variant !== "chess960"
$("variant").onchange = () => {
    const chosen = $("variant").value
    settings.variant = ["chess960", "fragments"].includes(chosen) ? chosen : "standard"
    $("chess960-number").hidden = settings.variant !== "chess960"
    save()
}
$("play-white").onclick = () => chooseColor("w")
$("play-black").onclick = () => chooseColor("b")
$("take-back").onclick = takeBack
$("analysis-take-back").onclick = takeBack
$("turn-board").onclick = turnBoard
$("analysis-turn-board").onclick = turnBoard
$("stop-thinking").onclick = () => send({type: "stop"})

function chooseColor(color) {
    settings.color = color
    if (settings.flipped !== (color === "b")) {
        turnBoard()
    }
    save()
    updateStatus()
    updateInput()
    maybeEngineMove()
}

function takeBack() {
    if (!state || state.moves.length === 0) {
        return
    }
    let plies = 1
    // In a game, back to your own move: the engine's reply and your move.
    if (settings.view === "play" && !state.thinking && state.side_to_move === settings.color && state.moves.length >= 2) {
        plies = 2
    }
    goPending = false
    send({type: "take_back", plies})
}

function turnBoard() {
    settings.flipped = !settings.flipped
    board.setOrientation(settings.flipped ? COLOR.black : COLOR.white)
    $("eval-bar").classList.toggle("flipped", settings.flipped)
    save()
}

// The level: from the engine's next move on. The thinking panel says what a level means for
// what it shows: the line is the engine's best, its move may be another.
function showLevel() {
    $("level").value = settings.level === null ? "" : String(settings.level)
    $("level-note").textContent = settings.level === null ? "" :
        " at level " + settings.level + ": it looks at fewer positions and may play a weaker move than its line"
}
showLevel()
$("level").onchange = () => {
    const level = parseInt($("level").value, 10)
    settings.level = LEVELS.includes(level) ? level : null
    showLevel()
    save()
}

for (const input of document.querySelectorAll("input[name=think]")) {
    input.checked = parseInt(input.value, 10) === settings.thinkMs
    input.onchange = () => {
        settings.thinkMs = parseInt(input.value, 10)
        save()
    }
}

$("download-pgn").onclick = () => {
    if (!state) {
        return
    }
    let pgn = state.pgn
    if (settings.view === "play") {
        const you = "You", engine = "Outpost"
        pgn = pgn.replace('[White "?"]', '[White "' + (settings.color === "w" ? you : engine) + '"]')
            .replace('[Black "?"]', '[Black "' + (settings.color === "b" ? you : engine) + '"]')
    }
    const link = document.createElement("a")
    link.href = URL.createObjectURL(new Blob([pgn], {type: "application/x-chess-pgn"}))
    link.download = "outpost-game.pgn"
    document.body.appendChild(link)
    link.click()
    link.remove()
}

$("copy-fen").onclick = async () => {
    const field = $("fen")
    try {
        await navigator.clipboard.writeText(field.value)
        showMessage("FEN copied", true)
    } catch (e) {
        field.select()
        document.execCommand("copy")
        showMessage("FEN selected: copy it with Ctrl+C", true)
    }
}

$("load").onclick = () => {
    const text = $("paste").value.trim()
    if (!text) {
        showMessage("Paste a FEN or a PGN game first")
        return
    }
    // A FEN has slashes; a PGN has tags in brackets or move numbers. What looks like a FEN
    // goes to the server as one, so a bad FEN is reported as a FEN error.
    const looksLikeFen = text.includes("/") && !text.includes("[") && !/\d+\s*\./.test(text)
    startAnew(looksLikeFen ? {type: "new_game", fen: text} : {type: "load_pgn", pgn: text})
}

function showMessage(text, good) {
    const element = $("message")
    element.textContent = text
    element.hidden = !text
    element.style.background = good ? "#e1f0e4" : ""
    element.style.color = good ? "#1f5a2c" : ""
}

// ---- views ----

for (const tab of document.querySelectorAll("#tabs button")) {
    tab.onclick = () => showView(tab.dataset.view)
}

function showView(view) {
    const before = settings.view
    settings.view = view
    for (const tab of document.querySelectorAll("#tabs button")) {
        tab.classList.toggle("active", tab.dataset.view === view)
    }
    for (const panel of document.querySelectorAll(".view")) {
        panel.hidden = panel.dataset.view !== view
    }
    $("game-box").hidden = view === "count"
    if ((view === "analysis") !== (before === "analysis")) {
        analysisLines = []
        drawAnalysis()
        send({type: "analyse", on: view === "analysis"})
    } else if (state && state.thinking && view !== "play") {
        send({type: "stop"})
    }
    if (view === "evaluation") {
        showTables()
    }
    save()
    if (state) {
        updateStatus()
        updateInput()
        if (view === "play") {
            maybeEngineMove()
        }
    }
}

// ---- count ----

function fillCountPositions(positions) {
    const select = $("count-position")
    while (select.options.length > 1) {
        select.remove(1)
    }
    positions.forEach((position, index) => {
        const option = document.createElement("option")
        option.value = String(index)
        option.textContent = position.name
        select.appendChild(option)
    })
}

$("count-start").onclick = () => {
    const position = $("count-position").value
    const depth = $("count-depth").value
    $("count-table").tBodies[0].replaceChildren()
    $("count-status").textContent = "Counting…"
    counting = true
    $("count-start").disabled = true
    $("count-stop").disabled = false
    send({
        type: "count",
        position: position === "" ? null : parseInt(position, 10),
        max_depth: depth === "" ? null : parseInt(depth, 10),
    })
}

$("count-stop").onclick = () => send({type: "stop_count"})

function addCountRow(row) {
    const tr = document.createElement("tr")
    const cells = [
        row.position, row.depth, formatCount(row.nodes), formatCount(row.expected),
        // Under a millisecond the clock cannot tell a speed.
        row.same ? "same" : "differs", row.time_ms < 1 ? "<1 ms" : formatCount(row.time_ms) + " ms",
        row.time_ms < 1 ? "–" : formatSpeed(row.nps),
    ]
    cells.forEach((text, index) => {
        const td = document.createElement("td")
        td.textContent = text
        if (index === 4) {
            td.className = row.same ? "same" : "differs"
        }
        tr.appendChild(td)
    })
    $("count-table").tBodies[0].appendChild(tr)
}

// ---- evaluation tables ----

// The tables of the game's rules, asked for the first time they are needed.
function showTables() {
    const rules = state && state.variant === "fragments" ? "fragments" : "chess"
    if (tables[rules]) {
        drawTables(tables[rules])
    } else if (connected && !tablesAsked[rules]) {
        tablesAsked[rules] = true
        send({type: "tables", rules})
    }
}

function drawTables(set) {
    const buttons = $("piece-buttons")
    buttons.replaceChildren()
    set.pieces.forEach((piece, slot) => {
        const button = document.createElement("button")
        button.textContent = piece.piece === "right" ? "Right" : piece.piece
        button.classList.toggle("chosen", slot === tableSlot)
        button.onclick = () => {
            tableSlot = slot
            drawTables(set)
        }
        buttons.appendChild(button)
    })
    const chosen = set.pieces[tableSlot] || set.pieces[0]
    drawHeatmap($("heat-mg"), chosen.middlegame, set.size)
    drawHeatmap($("heat-eg"), chosen.endgame, set.size)
}

function heatColour(value, low, high) {
    // Blue (low) through white to red (high).
    const t = high > low ? (value - low) / (high - low) : 0.5
    if (t < 0.5) {
        const s = t / 0.5
        return `rgb(${Math.round(70 + 185 * s)}, ${Math.round(120 + 135 * s)}, 255)`
    }
    const s = (t - 0.5) / 0.5
    return `rgb(255, ${Math.round(255 - 150 * s)}, ${Math.round(255 - 175 * s)})`
}

function drawHeatmap(element, values, size) {
    element.replaceChildren()
    element.style.setProperty("--files", size)
    const low = Math.min(...values), high = Math.max(...values)
    for (let rank = size - 1; rank >= 0; rank--) {
        const label = document.createElement("div")
        label.className = "label"
        label.textContent = String(rank + 1)
        element.appendChild(label)
        for (let file = 0; file < size; file++) {
            const value = values[rank * size + file]
            const cell = document.createElement("div")
            cell.textContent = String(value)
            cell.style.background = heatColour(value, low, high)
            cell.title = "abcdefgh"[file] + (rank + 1) + ": " + value
            element.appendChild(cell)
        }
    }
    element.appendChild(document.createElement("div"))
    for (const file of "abcdefgh".substring(0, size)) {
        const label = document.createElement("div")
        label.className = "label"
        label.textContent = file
        element.appendChild(label)
    }
}

// ---- keeping the game ----

function loadSaved() {
    try {
        const value = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}")
        return value && typeof value === "object" ? value : {}
    } catch (e) {
        return {}
    }
}

function save() {
    const kept = state ? null : loadSaved()
    const value = {
        start_fen: state ? state.start_fen : kept.start_fen,
        moves: state ? state.moves : (kept.moves || []),
        chess960: state ? state.chess960 : kept.chess960,
        color: settings.color,
        thinkMs: settings.thinkMs,
        hashMib: settings.hashMib,
        level: settings.level,
        flipped: settings.flipped,
        view: settings.view,
        variant: settings.variant,
    }
    try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(value))
    } catch (e) {
        // Storage full or refused: the game is simply not kept.
    }
}

$("eval-bar").classList.toggle("flipped", settings.flipped)
// The Right's picture in the help of Chess Fragments, as the board draws it.
for (const holder of document.querySelectorAll(".right-glyph")) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg")
    svg.setAttribute("viewBox", "0 0 40 40")
    drawPiece(svg, holder.dataset.piece)
    holder.appendChild(svg)
}
showView(settings.view)
connect()
