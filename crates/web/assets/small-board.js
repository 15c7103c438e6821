// The 5×5 board of Chess Fragments, drawn as SVG. cm-chessboard draws 8×8 only, so this board
// offers the part of cm-chessboard's interface the page calls (setPosition, setOrientation,
// move input with the same events, markers, the promotion dialog, destroy): the page's one
// game flow drives either board. Pieces and markers come from cm-chessboard's sprites; the
// Right (c, C) is drawn as a rook with a knight in front of it.

import {COLOR, INPUT_EVENT_TYPE} from "./vendor/cm-chessboard/src/Chessboard.js"
import {PROMOTION_DIALOG_RESULT_TYPE} from "./vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"

const PIECES = "vendor/cm-chessboard/assets/pieces/standard.svg"
const MARKERS = "vendor/cm-chessboard/assets/extensions/markers/markers.svg"
const SVG = "http://www.w3.org/2000/svg"
const SQUARE = 40 // the sprites' unit: one square
const FILES = "abcdefgh"
// What a pawn of Chess Fragments may become, strongest first.
const PROMOTIONS = ["q", "c", "b", "n"]
// A pointer moved this far (in squares) from where it went down drags the piece.
const DRAG_START = 0.12
// How long a piece takes to slide to its square, as cm-chessboard's `animationDuration`.
const SLIDE_MS = 150

function element(name, attributes = {}, parent = null) {
    const node = document.createElementNS(SVG, name)
    for (const [key, value] of Object.entries(attributes)) {
        node.setAttribute(key, value)
    }
    if (parent) {
        parent.appendChild(node)
    }
    return node
}

/// A piece's picture, `wq` or `bc`, in a square's 40 units from (0, 0).
export function drawPiece(parent, piece) {
    const group = element("g", {class: "piece", "data-piece": piece}, parent)
    if (piece[1] === "c") {
        // The Right: a rook behind and a knight before it, each a little smaller.
        element("use", {href: PIECES + "#" + piece[0] + "r", transform: "translate(-1.5 6.5) scale(0.8)"}, group)
        element("use", {href: PIECES + "#" + piece[0] + "n", transform: "translate(9.5 1.5) scale(0.8)"}, group)
    } else {
        element("use", {href: PIECES + "#" + piece}, group)
    }
    return group
}

/// The one piece that moved from `before` to `after` (pieces by square), as {from, to, start},
/// or null when the change is not one move (a new game, a take-back of two moves).
function movedPiece(before, after) {
    const arrived = [...after].filter(([square, piece]) => before.get(square) !== piece)
    if (arrived.length !== 1) {
        return null
    }
    const [to, piece] = arrived[0]
    // The piece left a square it no longer holds: the same piece, or the pawn that promoted.
    const from = [...before].find(([square, old]) => after.get(square) !== old &&
        (old === piece || old === piece[0] + "p"))
    return from ? {from: from[0], to, start: performance.now()} : null
}

/// A 5×5 board in `context` (an element, which it fills), white at the foot unless
/// `orientation` is black.
export class SmallBoard {
    constructor(context, {position = "", orientation = COLOR.white, size = 5} = {}) {
        this.context = context
        this.size = size
        this.orientation = orientation
        this.pieces = new Map() // square -> "wq"
        this.markers = []       // {type, square}
        this.legal = []         // squares of the legal-move markers
        this.input = null       // {handler, color} while move input is on
        this.selected = null    // the square picked up, waiting for where it goes
        this.drag = null        // {square, start, moved, pointerId} while the pointer is down
        this.dialog = null      // the promotion dialog's callback while it is open
        this.slide = null       // {from, to, start} while a piece slides to its new square
        this.frame = null       // the animation frame asked for
        this.svg = element("svg", {
            class: "cm-chessboard default small-board",
            viewBox: `0 0 ${size * SQUARE} ${size * SQUARE}`,
            role: "img",
            "aria-label": "Chess Fragments board",
        })
        this.svg.style.touchAction = "none"
        context.appendChild(this.svg)
        this.onDown = (event) => this.pointerDown(event)
        this.onMove = (event) => this.pointerMove(event)
        this.onUp = (event) => this.pointerUp(event)
        this.svg.addEventListener("pointerdown", this.onDown)
        this.svg.addEventListener("pointermove", this.onMove)
        this.svg.addEventListener("pointerup", this.onUp)
        this.svg.addEventListener("pointercancel", () => this.cancel())
        this.readFen(position)
        this.draw()
    }

    // ---- the interface the page uses (cm-chessboard's names) ----

    setPosition(fen, animated = false) {
        const before = new Map(this.pieces)
        this.readFen(fen)
        // A move the board did not make itself (the engine's, a take-back) slides into place.
        this.slide = animated ? movedPiece(before, this.pieces) : null
        this.draw()
        return Promise.resolve()
    }

    setOrientation(color) {
        this.orientation = color
        this.draw()
    }

    getPiece(square) {
        return this.pieces.get(square)
    }

    enableMoveInput(handler, color = undefined) {
        this.input = {handler, color}
        this.svg.classList.add("input-enabled")
    }

    disableMoveInput() {
        this.input = null
        this.selected = null
        this.drag = null
        this.svg.classList.remove("input-enabled")
        this.draw()
    }

    addMarker(type, square) {
        this.markers.push({type, square})
        this.draw()
    }

    removeMarkers(type = undefined) {
        this.markers = this.markers.filter((marker) => type !== undefined && marker.type.class !== type.class)
        this.draw()
    }

    addLegalMovesMarkers(moves) {
        // A promotion is one marker, whatever the piece.
        this.legal = [...new Set(moves.map((move) => move.to))]
        this.draw()
    }

    removeLegalMovesMarkers() {
        this.legal = []
        this.draw()
    }

    showPromotionDialog(square, color, callback) {
        this.dialog = {square, color, callback}
        this.draw()
    }

    destroy() {
        if (this.frame !== null) {
            cancelAnimationFrame(this.frame)
        }
        this.svg.remove()
        this.input = null
    }

    // ---- the position ----

    readFen(fen) {
        this.pieces.clear()
        const rows = (fen || "").split(" ")[0].split("/")
        rows.forEach((row, index) => {
            const rank = this.size - index
            let file = 0
            for (const character of row) {
                if (/\d/.test(character)) {
                    file += parseInt(character, 10)
                } else {
                    const color = character === character.toUpperCase() ? "w" : "b"
                    this.pieces.set(FILES[file] + rank, color + character.toLowerCase())
                    file++
                }
            }
        })
    }

    // ---- drawing ----

    /// The top-left corner of `square`, in board units, as the board is turned.
    point(square) {
        const file = FILES.indexOf(square[0])
        const rank = parseInt(square.substring(1), 10) - 1
        const flipped = this.orientation === COLOR.black
        const column = flipped ? this.size - 1 - file : file
        const row = flipped ? rank : this.size - 1 - rank
        return {x: column * SQUARE, y: row * SQUARE}
    }

    squares() {
        const all = []
        for (let rank = 1; rank <= this.size; rank++) {
            for (let file = 0; file < this.size; file++) {
                all.push(FILES[file] + rank)
            }
        }
        return all
    }

    draw() {
        this.svg.replaceChildren()
        const board = element("g", {class: "board"}, this.svg)
        const coordinates = element("g", {class: "coordinates"}, this.svg)
        const markers = element("g", {class: "markers"}, this.svg)
        const pieces = element("g", {class: "pieces"}, this.svg)
        const above = element("g", {class: "markers"}, this.svg)
        const flipped = this.orientation === COLOR.black
        for (const square of this.squares()) {
            const {x, y} = this.point(square)
            const file = FILES.indexOf(square[0])
            const rank = parseInt(square[1], 10) - 1
            const light = (file + rank) % 2 === 1
            element("rect", {
                x, y, width: SQUARE, height: SQUARE, "data-square": square,
                class: "square " + (light ? "white" : "black"),
            }, board)
            // File letters along the foot, rank numbers along the left, as cm-chessboard has them.
            const footRow = flipped ? rank === this.size - 1 : rank === 0
            const leftColumn = flipped ? file === this.size - 1 : file === 0
            const ink = "coordinate " + (light ? "white" : "black")
            if (footRow) {
                element("text", {x: x + SQUARE - 2.5, y: y + SQUARE - 2.5, "text-anchor": "end", class: ink},
                    coordinates).textContent = square[0]
            }
            if (leftColumn) {
                element("text", {x: x + 2, y: y + 7.5, class: ink}, coordinates).textContent = square[1]
            }
        }
        const mark = (layer, slice, className, square) => {
            const {x, y} = this.point(square)
            element("use", {href: MARKERS + "#" + slice, class: "marker " + className, x, y}, layer)
        }
        for (const marker of this.markers) {
            mark(markers, marker.type.slice, marker.type.class, marker.square)
        }
        if (this.selected) {
            mark(markers, "markerFrame", "marker-frame", this.selected)
        }
        const over = this.drag && this.drag.moved && this.squareAt(this.drag.at)
        if (over && over !== this.selected) {
            // The square a dragged piece would be put down on.
            mark(markers, "markerFrame", "marker-frame", over)
        }
        for (const [square, piece] of this.pieces) {
            const {x, y} = this.slidingPoint(square)
            const group = drawPiece(pieces, piece)
            group.setAttribute("transform", `translate(${x} ${y})`)
            group.setAttribute("data-square", square)
            if (this.drag && this.drag.moved && this.drag.square === square) {
                group.setAttribute("opacity", "0.35")
            }
        }
        for (const square of this.legal) {
            if (this.pieces.has(square)) {
                mark(above, "markerBevel", "marker-bevel", square)
            } else {
                mark(above, "markerDot", "marker-dot", square)
            }
        }
        if (this.drag && this.drag.moved) {
            const dragged = drawPiece(this.svg, this.pieces.get(this.drag.square))
            dragged.setAttribute("transform", `translate(${this.drag.at.x - SQUARE / 2} ${this.drag.at.y - SQUARE / 2})`)
            dragged.classList.add("dragged")
            dragged.style.pointerEvents = "none"
        }
        if (this.dialog) {
            this.drawDialog()
        }
    }

    /// Where the piece of `square` is drawn: on its square, or on its way there while it slides.
    slidingPoint(square) {
        const end = this.point(square)
        if (!this.slide || this.slide.to !== square) {
            return end
        }
        const t = (performance.now() - this.slide.start) / SLIDE_MS
        if (t >= 1) {
            this.slide = null
            return end
        }
        if (this.frame === null) {
            this.frame = requestAnimationFrame(() => {
                this.frame = null
                this.draw()
            })
        }
        const start = this.point(this.slide.from)
        const eased = t * (2 - t)
        return {x: start.x + (end.x - start.x) * eased, y: start.y + (end.y - start.y) * eased}
    }

    /// The promotion choices in a column from the promotion square into the board.
    drawDialog() {
        const {square, color} = this.dialog
        const whole = this.size * SQUARE
        element("rect", {x: 0, y: 0, width: whole, height: whole, class: "promotion-veil", "data-cancel": "1"}, this.svg)
        const {x, y} = this.point(square)
        const down = y === 0
        PROMOTIONS.forEach((letter, index) => {
            const top = down ? y + index * SQUARE : y - index * SQUARE
            const choice = element("g", {class: "promotion-choice", "data-piece": color + letter,
                transform: `translate(${x} ${top})`}, this.svg)
            element("rect", {width: SQUARE, height: SQUARE, class: "promotion-square"}, choice)
            drawPiece(choice, color + letter)
        })
    }

    // ---- input ----

    /// The board point of a pointer event, in board units.
    boardPoint(event) {
        const point = this.svg.createSVGPoint()
        point.x = event.clientX
        point.y = event.clientY
        return point.matrixTransform(this.svg.getScreenCTM().inverse())
    }

    squareAt(point) {
        const column = Math.floor(point.x / SQUARE), row = Math.floor(point.y / SQUARE)
        if (column < 0 || row < 0 || column >= this.size || row >= this.size) {
            return null
        }
        const flipped = this.orientation === COLOR.black
        const file = flipped ? this.size - 1 - column : column
        const rank = flipped ? row : this.size - 1 - row
        return FILES[file] + (rank + 1)
    }

    emit(type, fields) {
        if (!this.input) {
            return false
        }
        return this.input.handler({type, chessboard: this, ...fields})
    }

    movable(square) {
        const piece = square && this.pieces.get(square)
        return !!piece && (!this.input.color || piece[0] === this.input.color)
    }

    pointerDown(event) {
        const point = this.boardPoint(event)
        if (this.dialog) {
            this.choosePromotion(event)
            return
        }
        if (!this.input || event.button > 0) {
            return
        }
        const square = this.squareAt(point)
        if (this.selected && square !== this.selected && !this.movable(square)) {
            // The second click of a click-click move.
            this.finish(this.selected, square)
            return
        }
        if (this.selected && square === this.selected) {
            // Down again on the piece picked up: a drag from it, or a click that drops it.
            this.drag = {square, start: point, at: point, moved: false, again: true}
            this.svg.setPointerCapture(event.pointerId)
            return
        }
        if (!this.movable(square)) {
            if (this.selected === null) {
                // A click where no piece can be moved: the page may say why.
                this.emit(INPUT_EVENT_TYPE.moveInputStarted, {squareFrom: square, piece: this.pieces.get(square)})
                this.emit(INPUT_EVENT_TYPE.moveInputCanceled, {squareFrom: square})
            }
            return
        }
        this.selected = null
        if (!this.emit(INPUT_EVENT_TYPE.moveInputStarted, {squareFrom: square, piece: this.pieces.get(square)})) {
            this.draw()
            return
        }
        this.selected = square
        this.drag = {square, start: point, at: point, moved: false, again: false}
        this.svg.setPointerCapture(event.pointerId)
        this.draw()
        event.preventDefault()
    }

    pointerMove(event) {
        if (!this.drag) {
            return
        }
        const point = this.boardPoint(event)
        const distance = Math.hypot(point.x - this.drag.start.x, point.y - this.drag.start.y)
        if (!this.drag.moved && distance < DRAG_START * SQUARE) {
            return
        }
        this.drag.moved = true
        this.drag.at = point
        this.draw()
    }

    pointerUp(event) {
        const drag = this.drag
        if (!drag) {
            return
        }
        this.drag = null
        const square = this.squareAt(this.boardPoint(event))
        if (drag.moved && square !== drag.square) {
            this.finish(drag.square, square)
        } else if (!drag.moved && drag.again) {
            // A second click on the piece picked up puts it back.
            this.cancel()
        } else {
            this.draw()
        }
    }

    /// A move from `from` to `to` (null: off the board) asked of the page.
    finish(from, to) {
        this.selected = null
        this.drag = null
        if (to && this.emit(INPUT_EVENT_TYPE.validateMoveInput, {squareFrom: from, squareTo: to, piece: this.pieces.get(from)})) {
            // Shown at once; the server's position follows.
            this.pieces.set(to, this.pieces.get(from))
            this.pieces.delete(from)
            this.emit(INPUT_EVENT_TYPE.moveInputFinished, {squareFrom: from, squareTo: to, legalMove: true})
        } else {
            this.emit(INPUT_EVENT_TYPE.moveInputCanceled, {squareFrom: from, squareTo: to})
        }
        this.draw()
    }

    cancel() {
        const from = this.selected
        this.selected = null
        this.drag = null
        if (from) {
            this.emit(INPUT_EVENT_TYPE.moveInputCanceled, {squareFrom: from})
        }
        this.draw()
    }

    choosePromotion(event) {
        const {callback, square} = this.dialog
        const choice = event.target.closest(".promotion-choice")
        this.dialog = null
        this.draw()
        if (choice) {
            callback({type: PROMOTION_DIALOG_RESULT_TYPE.pieceSelected, square, piece: choice.dataset.piece})
        } else {
            callback({type: PROMOTION_DIALOG_RESULT_TYPE.canceled})
        }
    }
}
