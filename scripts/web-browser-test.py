#!/usr/bin/env python3
"""The web page in a real browser: Debian's headless Chromium driven by Playwright.

Builds and starts the server (`target/release/outpost-web --port 0`), loads the page, plays 1.e4
by clicking, waits for the engine's reply and the thinking panel, takes back, turns the board,
reloads and finds the game and the level (1400: the PGN's BlackElo) kept, stops the server and
finds the page saying so and refusing a move, restarts it and finds the game again, plays
Chess960 #3 castling with the king dragged onto its rook (a bad number refused with the thinking
panel kept, a new game clearing it and the evaluation bar), plays Chess Fragments on the 5x5
board (a move by clicking, one by dragging, the engine's answers, a promotion to the Right
through the picker, the PGN's variant, the Right's table in the evaluation, a reload, the board
turned) and goes back to standard chess, reads the FEN error of a bad FEN-like paste, finds the
variant select following a pasted 5x5 FEN and the downloaded PGN dated, runs Count on the start
position to depth 4 and reads "same" four times, opens analysis and the evaluation tables, and
saves screenshots (also of a phone-sized window) in the --out folder.

Usage: scripts/web-browser-test.py [--out DIR] [--no-build]
Needs: scripts/install-web-test-deps.sh (chromium, playwright for Python).
"""

import re
import sys
import time
from pathlib import Path

import browser_common
from browser_common import (
    CHROMIUM_ARGS,
    ROOT,
    SQUARES,
    chromium_path,
    click_square,
    moves_of,
    prepare,
    run_checks,
    status_is,
)


def start_server(port=0, retry=False):
    """Starts target/release/outpost-web on `port` (0: a free one): the process and its URL."""
    command = [str(ROOT / "target/release/outpost-web"), "--port", str(port)]
    return browser_common.start_server(command, r"Outpost is at (http://\S+)", retry=retry)


def drag(page, start, end):
    """Drags the piece on `start` to `end` with the mouse."""
    centres = []
    for square in (start, end):
        box = page.locator(f'#board rect[data-square="{square}"]').bounding_box()
        centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*centres[0])
    page.mouse.down()
    page.mouse.move(*centres[1], steps=8)
    page.mouse.up()


def square_y(page, square):
    box = page.locator(f'#board rect[data-square="{square}"]').bounding_box()
    return box["y"]


class Server:
    """The server the test started, which it can stop and start again on the same port."""

    def __init__(self):
        self.process, self.url = start_server()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def restart(self):
        port = int(self.url.rstrip("/").rsplit(":", 1)[1])
        for _ in range(20):
            process, _ = start_server(port, retry=True)
            if process:
                self.process = process
                return
            time.sleep(0.5)
        sys.exit(f"web-browser-test: the server did not start again on port {port}")


LOST = "Connection to Outpost lost — reconnecting…"
REFUSED = "Not connected to Outpost: your move cannot be played until it reconnects"


FRAGMENTS_START = "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1"


def fragments(page, checks, out):
    """Chess Fragments: the 5x5 board, moves by click and drag, the engine's answers, a promotion
    to the Right through the picker, the PGN's variant, the tables, a reload, the board turned,
    and standard chess again."""
    page.select_option("#variant", "fragments")
    page.click("#new-game")
    page.wait_for_function("document.querySelector('#variant-name').textContent.endsWith('Chess Fragments')")
    page.wait_for_function(status_is("It is your move"))
    squares = page.evaluate(SQUARES)
    fen = page.input_value("#fen")
    checks.check("a Chess Fragments game on a board of 25 squares", squares == 25 and fen == FRAGMENTS_START, f"{squares} {fen}")
    checks.check("the Right explained beside the board", page.is_visible("#fragments-help"))
    click_square(page, "b2")
    dots = page.eval_on_selector_all("#board .marker-dot", "nodes => nodes.length")
    checks.check("legal moves marked on the 5x5 board", dots == 1, f"{dots} dots")
    click_square(page, "b3")
    page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
    page.wait_for_function(status_is("It is your move"))
    checks.check("b3 by clicking, and Outpost's answer", moves_of(page)[0] == "b3", str(moves_of(page)))
    last = page.eval_on_selector_all("#board .last-move", "nodes => nodes.length")
    checks.check("the last move highlighted", last == 2, f"{last} marks")
    page.click("#take-back")
    page.wait_for_function("document.querySelectorAll('#moves .move').length === 0")
    drag(page, "c2", "c3")
    page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
    page.wait_for_function(status_is("It is your move"))
    checks.check("c3 by dragging, and Outpost's answer", moves_of(page)[0] == "c3", str(moves_of(page)))
    page.screenshot(path=str(out / "web-fragments.png"))

    # A pasted 5x5 FEN where a4 promotes: the picker offers the Right.
    page.fill("#paste", "4k/P4/5/5/4K w - - 0 1")
    page.click("#load")
    page.wait_for_function("document.querySelector('#fen').value.startsWith('4k/P4/')")
    click_square(page, "a4")
    click_square(page, "a5")
    page.wait_for_selector("#board .promotion-choice")
    offered = page.eval_on_selector_all("#board .promotion-choice", "nodes => nodes.map(n => n.dataset.piece)")
    checks.check("the promotion picker offers queen, Right, bishop, knight", offered == ["wq", "wc", "wb", "wn"], str(offered))
    page.locator("#board-column").screenshot(path=str(out / "web-fragments-promotion.png"))
    page.click('#board .promotion-choice[data-piece="wc"]')
    page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
    page.wait_for_function(status_is("It is your move"))
    played = moves_of(page)
    checks.check("a promotion to the Right, and Outpost's answer", played[0] == "a5=C+", str(played))
    right = page.eval_on_selector_all('#board .pieces g[data-piece="wc"]', "nodes => nodes.length")
    checks.check("the Right drawn on the board", right == 1, f"{right}")
    with page.expect_download() as download:
        page.click("#download-pgn")
    pgn = Path(download.value.path()).read_text()
    tags = '[Variant "fragments"]\n[SetUp "1"]\n[FEN "4k/P4/5/5/4K w - - 0 1"]'
    checks.check("the Fragments PGN has its variant and start", tags in pgn and "1. a5=C+ " in pgn, pgn)

    # The Right's table in the evaluation: 25 squares.
    page.click('#tabs button[data-view="evaluation"]')
    page.wait_for_selector('#piece-buttons button:has-text("Right")')
    page.click('#piece-buttons button:has-text("Right")')
    cells = page.eval_on_selector_all("#heat-mg div[title]", "nodes => nodes.length")
    checks.check("the evaluation shows the Right's 25 squares", cells == 25, f"{cells} cells")
    page.click('#tabs button[data-view="play"]')

    # Kept over a reload; the board turns.
    page.reload()
    page.wait_for_function(f"document.querySelectorAll('#moves .move').length === {len(played)} && {SQUARES} === 25", timeout=15000)
    checks.check("the Fragments game is kept over a reload", moves_of(page) == played, f"{played} -> {moves_of(page)}")
    before = square_y(page, "a1") > square_y(page, "e5")
    page.click("#turn-board")
    page.wait_for_timeout(300)
    after = square_y(page, "a1") < square_y(page, "e5")
    page.click("#turn-board")
    checks.check("the 5x5 board turns", before and after)

    page.select_option("#variant", "standard")
    page.click("#new-game")
    page.wait_for_function(f"document.querySelector('#variant-name').hidden && {SQUARES} === 64")
    checks.check("standard chess again after Chess Fragments", page.input_value("#fen").startswith("rnbqkbnr/"), page.input_value("#fen"))


def run(server, out, checks):
    url = server.url
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 860})
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_function("document.querySelector('#status').textContent === 'It is your move'")
        checks.check("the page loads and it is your move", True)

        # 1.e4 by clicking e2 and then e4; the engine answers.
        page.click('input[name=think][value="1000"]')
        click_square(page, "e2")
        click_square(page, "e4")
        page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
        checks.check("1.e4 by clicking, and the engine's reply", moves_of(page)[0] == "e4", str(moves_of(page)))
        depth = page.text_content("#t-depth")
        line = page.text_content("#t-line")
        checks.check("the thinking panel shows depth and line", depth != "–" and line.startswith("1…"), f"{depth!r} {line!r}")
        page.wait_for_function("document.querySelector('#status').textContent === 'It is your move'")
        page.screenshot(path=str(out / "web-play.png"))

        # Take back: the reply and 1.e4.
        page.click("#take-back")
        page.wait_for_function("document.querySelectorAll('#moves .move').length === 0")
        checks.check("take back", moves_of(page) == [])

        # Turn the board: a1 at the top.
        before = square_y(page, "a1") > square_y(page, "h8")
        page.click("#turn-board")
        page.wait_for_timeout(600)
        after = square_y(page, "a1") < square_y(page, "h8")
        checks.check("turn the board", before and after)
        page.click("#turn-board")
        page.wait_for_timeout(600)

        # A move by dragging, its reply at level 1400, the PGN downloaded with the engine's
        # rating, and the game and the level kept over a reload.
        page.select_option("#level", "1400")
        drag(page, "d2", "d4")
        page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
        page.wait_for_function("document.querySelector('#status').textContent === 'It is your move'")
        kept = moves_of(page)
        checks.check("a move by dragging", kept[0] == "d4", str(kept))
        with page.expect_download() as download:
            page.click("#download-pgn")
        pgn = Path(download.value.path()).read_text()
        checks.check("the game downloaded as PGN", f"1. d4 {kept[1]}" in pgn and '[White "You"]' in pgn, pgn)
        checks.check("at level 1400 the PGN gives the engine's rating", '[BlackElo "1400"]' in pgn, pgn)
        date = re.search(r'^\[Date "(\d{4})\.(\d{2})\.(\d{2})"\]$', pgn, re.M)
        checks.check("the PGN's Date is the day the game started", date is not None and
                     date.group(1) >= "2024" and "01" <= date.group(2) <= "12" and "01" <= date.group(3) <= "31", pgn)
        page.reload()
        page.wait_for_function(
            f"document.querySelectorAll('#moves .move').length === {len(kept)}", timeout=15000
        )
        checks.check("the game is kept over a reload", moves_of(page) == kept, f"{kept} -> {moves_of(page)}")
        level = page.input_value("#level")
        checks.check("the level is kept over a reload", level == "1400", repr(level))
        page.select_option("#level", "")

        # The server goes away: the status says so, and a move is refused with a message.
        server.stop()
        page.wait_for_function(status_is(LOST), timeout=10000)
        checks.check("a lost connection is shown in the status", True)
        click_square(page, "e2")
        page.wait_for_function(f"document.querySelector('#message').textContent === {REFUSED!r}")
        checks.check("a move while disconnected is refused with a message", not page.is_hidden("#message"))
        page.screenshot(path=str(out / "web-disconnected.png"))
        # It comes back: the page reconnects, the game is the same and the message is gone.
        server.restart()
        page.wait_for_function(status_is("It is your move"), timeout=15000)
        page.wait_for_function(f"document.querySelectorAll('#moves .move').length === {len(kept)}")
        checks.check(
            "reconnected with the game kept and the message gone",
            moves_of(page) == kept and page.is_hidden("#message"),
            f"{kept} -> {moves_of(page)}, message {page.text_content('#message')!r}",
        )

        # Chess960: start position 3 (BQNNRKRB), castled by dragging the king onto its rook,
        # the PGN with its variant and start; a bad number is refused; standard chess again.
        page.select_option("#variant", "chess960")
        page.fill("#chess960-number", "3")
        page.click("#new-game")
        page.wait_for_function("document.querySelector('#variant-name').textContent.endsWith('Chess960 #3')")
        fen = page.input_value("#fen")
        checks.check("a Chess960 game from start position 3", fen.startswith("bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq"), fen)
        drag(page, "f1", "g1")
        page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
        page.wait_for_function(status_is("It is your move"))
        checks.check("the king dragged onto its rook castles", moves_of(page)[0] == "O-O", str(moves_of(page)))
        page.screenshot(path=str(out / "web-chess960.png"))
        with page.expect_download() as download:
            page.click("#download-pgn")
        pgn = Path(download.value.path()).read_text()
        tags = '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1"]'
        checks.check("the Chess960 PGN has its variant and start", tags in pgn and "1. O-O " in pgn, pgn)
        played = moves_of(page)
        page.fill("#chess960-number", "960")
        page.click("#new-game")
        page.wait_for_selector("#message:not([hidden])")
        message = page.text_content("#message")
        checks.check("a bad Chess960 number is refused", "0 to 959" in message and moves_of(page) == played, repr(message))
        depth = page.text_content("#t-depth")
        checks.check("a refused new game leaves the thinking panel as it was", depth != "–", repr(depth))
        page.select_option("#variant", "standard")
        page.click("#new-game")
        page.wait_for_function("document.querySelector('#variant-name').hidden && document.querySelectorAll('#moves .move').length === 0")
        checks.check("a standard game again", page.input_value("#fen").startswith("rnbqkbnr/"), page.input_value("#fen"))
        panel = [page.text_content(selector) for selector in ("#t-depth", "#eval-bar-text")]
        checks.check("a new game clears the thinking panel and the evaluation bar", panel == ["–", "0.0"], str(panel))

        fragments(page, checks, out)

        # The turned board: the score at the foot of the eval bar is on black's part of it.
        page.click("#turn-board")
        page.wait_for_timeout(600)
        chip = page.eval_on_selector("#eval-bar-text", "e => getComputedStyle(e).backgroundColor")
        checks.check("the eval bar's score has a light background of its own", chip == "rgb(247, 245, 240)", chip)
        page.locator("#board-row").screenshot(path=str(out / "web-turned.png"))
        page.click("#turn-board")
        page.wait_for_timeout(600)

        # Analysis: three lines.
        page.click('#tabs button[data-view="analysis"]')
        page.wait_for_function("document.querySelectorAll('#analysis-lines li').length === 3", timeout=30000)
        page.wait_for_timeout(1500)
        checks.check("analysis shows three lines", True)
        page.screenshot(path=str(out / "web-analysis.png"))

        # A pasted FEN, and a promotion chosen in the dialog (analysis moves for both sides).
        page.fill("#paste", "7k/P7/8/8/8/8/8/K7 w - - 0 1")
        page.click("#load")
        page.wait_for_function("document.querySelector('#fen').value.startsWith('7k/P7/')")
        click_square(page, "a7")
        click_square(page, "a8")
        page.click('#board g[data-piece="wn"]')
        page.wait_for_function("document.querySelectorAll('#moves .move').length === 1")
        checks.check("a pasted FEN and a promotion to a knight", moves_of(page) == ["a8=N"], str(moves_of(page)))

        # A bad FEN is reported as a FEN error, not a PGN one.
        page.fill("#paste", "rnbqkbnr/pppppppp/8/8/8 w KQkq - 0 1")
        page.click("#load")
        page.wait_for_selector("#message:not([hidden])")
        message = page.text_content("#message")
        checks.check("a bad FEN paste reports the FEN error", message.startswith("FEN: "), repr(message))

        # Evaluation tables.
        page.click('#tabs button[data-view="evaluation"]')
        page.wait_for_function("document.querySelectorAll('#heat-mg div').length > 64")
        page.click('#piece-buttons button:has-text("knight")')
        checks.check("the evaluation tables and the explanation", "Phase" in page.text_content("#eval-text"))
        page.screenshot(path=str(out / "web-evaluation.png"))

        # Count: the start position to depth 4, "same" four times.
        page.click('#tabs button[data-view="count"]')
        page.select_option("#count-position", "0")
        page.select_option("#count-depth", "4")
        page.click("#count-start")
        page.wait_for_function("document.querySelector('#count-status').textContent === 'Done.'", timeout=60000)
        verdicts = page.eval_on_selector_all(
            "#count-table tbody tr td:nth-child(5)", "cells => cells.map(c => c.textContent)"
        )
        checks.check("Count reads same four times", verdicts == ["same"] * 4, str(verdicts))
        page.screenshot(path=str(out / "web-count.png"))

        # Back to the game, on a phone-sized window.
        page.click('#tabs button[data-view="play"]')
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(500)
        width = page.evaluate("document.documentElement.scrollWidth")
        checks.check("a phone-sized window needs no sideways scrolling", width <= 390, f"width {width}")
        page.screenshot(path=str(out / "web-phone.png"), full_page=True)

        # Chess Fragments on a phone: the 5x5 board fits too. The paste starts a Fragments game,
        # and the "New games:" select follows it from standard chess.
        before = page.input_value("#variant")
        page.fill("#paste", FRAGMENTS_START)
        page.click("#load")
        page.wait_for_function("document.querySelectorAll('#board rect[data-square]').length === 25")
        after = page.input_value("#variant")
        checks.check("the variant select follows a pasted 5x5 FEN", (before, after) == ("standard", "fragments"), f"{before} -> {after}")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        checks.check("Chess Fragments on a phone needs no sideways scrolling", width <= 390, f"width {width}")
        page.screenshot(path=str(out / "web-fragments-phone.png"), full_page=True)

        # The game's end on a phone: the result "(1-0)" is not broken over two lines.
        page.fill("#paste", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")
        page.click("#load")
        page.wait_for_function("document.querySelector('#status').textContent.startsWith('Game over')")
        checks.check("the variant select follows a pasted chess game back", page.input_value("#variant") == "standard", page.input_value("#variant"))
        # Found and measured in one evaluation: a state update in between would re-render the
        # status and leave a detached span with no boxes.
        page.wait_for_timeout(300)
        lines = page.evaluate(
            "() => { const r = document.querySelector('#status .result');"
            " return r ? r.getClientRects().length : -1 }"
        )
        checks.check("the result is kept on one line", lines == 1, f"{lines} lines: {page.text_content('#status')!r}")
        page.locator("#board-column").screenshot(path=str(out / "web-phone-over.png"))

        checks.check("no error in the page's scripts", not errors, str(errors))
        browser.close()


def main():
    build = ["cargo", "build", "--release", "-p", "web"]
    out = prepare(__doc__, "target/web-screenshots", "target/release/outpost-web", build)
    server = Server()

    def stop():
        if server.process.poll() is None:
            server.stop()

    run_checks("browser", out, lambda checks: run(server, out, checks), stop)


if __name__ == "__main__":
    main()
