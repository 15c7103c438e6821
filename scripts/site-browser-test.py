#!/usr/bin/env python3
"""The static site (`cargo xtask site`) in a real browser: Debian's headless Chromium driven by
Playwright, the engine compiled to WebAssembly thinking in a Web Worker, no server of Outpost's.

Serves the built folder under a sub-path (`/play/`) with `python3 -m http.server` on loopback,
loads the page and checks: the engine answers; a whole game played to its end against the worker
at 0.1 s a move at level 1600 (the test's moves chosen at random among the legal ones, which
python-chess lists); a click on the page answered within 50 ms while the worker thinks, whose
thinking panel shows the whole search (positions and time grow from report to report); "Move
now" plays at once; Chess960 #3 and Chess Fragments starts; analysis with three lines and the
evaluation bar; Count of Kiwipete to depth 4 = 4,085,603, a Count stopped by its Stop button,
and the widest Count row fitting beside the board; the game kept over a reload; a worker that
dies started again with the game going on, and New game clicked as it is ready again kept; a
broken FEN answered with the served page's error text; no request leaving the page's origin; no
error in the page's console; and a site without its .wasm saying the engine could not be
started instead of showing a dead board. Screenshots go to the --out folder.

Usage: scripts/site-browser-test.py [--out DIR] [--no-build]
Needs: scripts/install-web-test-deps.sh (chromium, Playwright and python-chess for Python).
"""

import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import browser_common as common
from browser_common import ROOT

KIWIPETE_D4 = "4,085,603"
YOUR_MOVE = common.status_is("It is your move")
# After New game: the worker's new game is in place (the old one may have been your move too).
NEW_GAME_YOUR_MOVE = f"document.querySelectorAll('#moves .move').length === 0 && {YOUR_MOVE}"


def serve(folder):
    """Serves `folder` on loopback; returns the process and its base URL."""
    command = [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(folder)]
    # The file server logs every request to stderr, which nobody reads.
    server, port = common.start_server(command, r"port (\d+)", stderr=subprocess.DEVNULL)
    return server, f"http://127.0.0.1:{port}"


def moves_count(page):
    return page.evaluate("document.querySelectorAll('#moves .move').length")


def play_random_game(page, checks, rng):
    """Plays white's moves at random against the worker at 0.1 s a move until the game ends."""
    import chess

    page.click('input[name="think"][value="100"]')
    page.select_option("#level", "1600")
    page.click("#new-game")
    page.wait_for_function(NEW_GAME_YOUR_MOVE, timeout=30000)
    for ply in range(0, 400, 2):
        page.wait_for_function(YOUR_MOVE + " || document.querySelector('#status').textContent.startsWith('Game over')",
                               timeout=30000)
        page.wait_for_timeout(200)  # the board takes moves again once its animation is over
        fen = page.input_value("#fen")
        board = chess.Board(fen)
        if board.is_game_over(claim_draw=False) or page.text_content("#status").startswith("Game over"):
            break
        moves = list(board.legal_moves)
        quiet = [move for move in moves if move.promotion is None]
        move = rng.choice(quiet or moves)
        before = moves_count(page)
        common.click_square(page, chess.square_name(move.from_square))
        common.click_square(page, chess.square_name(move.to_square))
        if move.promotion is not None:
            page.wait_for_selector("#board .promotion-choice")
            page.click('#board .promotion-choice[data-piece="wq"]')
        page.wait_for_function(
            f"document.querySelectorAll('#moves .move').length >= {before + 2}"
            " || document.querySelector('#status').textContent.startsWith('Game over')",
            timeout=30000,
        )
    status = page.text_content("#status")
    checks.check("a whole game played to its end against the worker at 0.1 s a move, level 1600",
                 status.startswith("Game over"), f"{status!r} after {moves_count(page)} moves")
    note = page.text_content("#level-note")
    checks.check("the thinking panel says what the level means", "level 1600" in note, repr(note))
    page.select_option("#level", "")


# Records the thinking panel's positions and time at each of the search's reports (each sets
# the positions), with the page's time since the recording began.
RECORD_REPORTS = """() => {
    window.reports = []
    const began = performance.now()
    new MutationObserver(() => window.reports.push({
        nodes: Number(document.querySelector('#t-nodes').textContent.replace(/,/g, '')),
        time: parseFloat(document.querySelector('#t-time').textContent),
        at: (performance.now() - began) / 1000,
    })).observe(document.querySelector('#t-nodes'), {childList: true, characterData: true, subtree: true})
}"""


def thinking_panel_grows(page, checks):
    """The thinking panel shows the whole search, as with a search on a thread: its positions
    and time grow from one report to the next, and a report seconds into the search says so
    (each step of the worker is a search of its own of at most 0.2 s)."""
    try:
        page.wait_for_function("window.reports.some((report) => report.at > 1.5)", timeout=9000)
    except Exception:  # no report after 1.5 s: the check below says so
        pass
    reports = [report for report in page.evaluate("window.reports") if report["nodes"] > 0]
    grows = len(reports) >= 3 and all(
        later["nodes"] > earlier["nodes"] and later["time"] >= earlier["time"]
        for earlier, later in zip(reports, reports[1:]))
    last = reports[-1] if reports else None
    honest = last is not None and last["at"] > 1.5 and last["time"] >= last["at"] - 1.0
    checks.check("the thinking panel's positions and time grow with the search", grows and honest,
                 f"{len(reports)} reports, the last {last}")


# Clicks New game in the moment the page's engine is ready again, before its greeting (a
# mutation observer runs before the page's next message).
NEW_GAME_WHEN_READY = """() => new MutationObserver((changes, observer) => {
    const connection = document.querySelector('#connection')
    if (connection.textContent === 'connected' && !connection.classList.contains('lost')) {
        observer.disconnect()
        document.querySelector('#new-game').click()
    }
}).observe(document.querySelector('#connection'), {childList: true, characterData: true, subtree: true})"""


def new_game_as_worker_restarts(page, checks):
    """New game clicked as a restarted worker becomes ready, before the saved game is sent to
    it: the new game is the one that stays, not undone by the saved one."""
    page.evaluate(NEW_GAME_WHEN_READY)
    page.workers[-1].evaluate("setTimeout(() => { throw new Error('the test ends this worker') })")
    try:
        page.wait_for_function(NEW_GAME_YOUR_MOVE, timeout=30000)
    except Exception:  # the saved game came back instead: the check below says so
        pass
    page.wait_for_timeout(1000)  # time for a saved game sent after the greeting to come back
    checks.check("New game as the restarted worker becomes ready is the game that stays",
                 moves_count(page) == 0 and page.input_value("#fen").startswith("rnbqkbnr/pppppppp/8/8/8/8/"),
                 f"{common.moves_of(page)}")


def click_while_thinking(page, checks):
    """A click is answered within 50 ms while the worker thinks; Move now plays at once."""
    page.click('input[name="think"][value="10000"]')
    page.click("#new-game")
    page.wait_for_function(NEW_GAME_YOUR_MOVE, timeout=30000)
    page.evaluate(RECORD_REPORTS)
    common.click_square(page, "e2")
    common.click_square(page, "e4")
    page.wait_for_function("!document.querySelector('#stop-thinking').hidden", timeout=10000)
    page.wait_for_timeout(1500)
    latencies = []
    for _ in range(4):
        # The board turned and drawn again: a click's whole work on the page's thread.
        latencies.append(page.evaluate(
            "async () => { const start = performance.now();"
            " document.querySelector('#turn-board').click();"
            " await new Promise((done) => requestAnimationFrame(() => done()));"
            " return performance.now() - start }"))
    worst = max(latencies)
    checks.check("a click answered within 50 ms while the worker thinks", worst < 50,
                 f"{[round(value, 1) for value in latencies]} ms")
    thinking_panel_grows(page, checks)
    started = time.time()
    page.click("#stop-thinking")
    page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=15000)
    waited = time.time() - started
    checks.check("Move now: the worker plays its best move so far", waited < 10, f"{waited:.1f} s")
    page.click('input[name="think"][value="100"]')
    return worst, waited


def analysis(page, checks, out):
    """Analysis shows three lines that deepen, and the evaluation bar follows them; leaving the
    tab ends it."""
    page.click('#tabs button[data-view="analysis"]')
    page.wait_for_function("document.querySelectorAll('#analysis-lines li').length === 3", timeout=30000)
    depth = page.text_content("#analysis-depth")
    page.wait_for_function(f"document.querySelector('#analysis-depth').textContent !== {depth!r}", timeout=30000)
    # Read together: the lines and the bar as they stand at one moment.
    lines, bar = page.evaluate("[[...document.querySelectorAll('#analysis-lines li')].map(item => item.textContent),"
                               " document.querySelector('#eval-bar-text').textContent]")
    # A line reads "+0.35 1. e4 e6 …": its first move follows the score and the move number.
    firsts = {next((word for word in line.split()[1:] if not word[0].isdigit()), "") for line in lines}
    checks.check("analysis in the worker: three lines with three different first moves, deepening",
                 len(lines) == 3 and len(firsts) == 3, f"{depth} -> {page.text_content('#analysis-depth')}: {lines}")
    first_score = lines[0].split()[0]
    # The bar rounds to tenths of a pawn, the lines to hundredths; a mate is shown by both.
    same = first_score.lstrip("#-+") == bar.lstrip("#-+") if "#" in first_score + bar \
        else abs(float(first_score) - float(bar)) <= 0.051
    checks.check("the evaluation bar shows the first line's score", same, f"bar {bar!r}, first line {first_score!r}")
    page.screenshot(path=str(out / "site-analysis.png"))
    page.click('#tabs button[data-view="play"]')


def stop_count(page, checks):
    """A Count of all six positions as deep as a few seconds go, stopped by its Stop button
    after its first rows: it ends at once and says so."""
    page.select_option("#count-position", "")
    page.select_option("#count-depth", "")
    page.click("#count-start")
    page.wait_for_function("document.querySelectorAll('#count-table tbody tr').length >= 2", timeout=60000)
    started = time.time()
    page.click("#count-stop")
    page.wait_for_function("document.querySelector('#count-start').disabled === false", timeout=10000)
    waited = time.time() - started
    status = page.text_content("#count-status")
    checks.check("Stop ends a Count in the worker", status == "Stopped.", f"{status!r} after {waited:.2f} s")
    # The widest row a Count shows (nine digits, the longest name, the widest speed)
    # beside the board at the test's 1280 px: the table fits its panel without scrolling.
    widths = page.evaluate("""() => {
        const body = document.querySelector('#count-table tbody')
        const row = body.rows[0].cloneNode(true)
        const widest = ['Position 4', '6', '706,045,033', '706,045,033', 'differs', '12,345 ms', '999,999/s']
        widest.forEach((text, index) => { row.cells[index].textContent = text })
        body.appendChild(row)
        const scroll = document.querySelector('.count-scroll')
        const widths = [scroll.scrollWidth, scroll.clientWidth]
        row.remove()
        return widths
    }""")
    checks.check("the widest Count row fits beside the board at 1280 px", widths[0] <= widths[1],
                 f"table {widths[0]} px in {widths[1]} px")


def run(base, broken_base, out, checks):
    from playwright.sync_api import sync_playwright

    rng = random.Random(7)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=common.chromium_path(), args=common.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors, foreign = [], []
        origin = urlparse(base).netloc
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: urlparse(request.url).netloc not in ("", origin)
                and not request.url.startswith(("data:", "blob:")) and foreign.append(request.url))

        started = time.time()
        page.goto(base + "/play/")
        page.wait_for_function(YOUR_MOVE, timeout=30000)
        ready = time.time() - started
        checks.check("the page loads under /play/ and the worker's engine is ready",
                     "connected" in page.text_content("#connection"), page.text_content("#connection"))
        common.click_square(page, "e2")
        common.click_square(page, "e4")
        page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
        checks.check("1. e4 and the worker's answer", common.moves_of(page)[0] == "e4", str(common.moves_of(page)))
        page.screenshot(path=str(out / "site-play.png"))

        # Kept over a reload.
        played = common.moves_of(page)
        page.reload()
        page.wait_for_function(f"document.querySelectorAll('#moves .move').length === {len(played)}", timeout=30000)
        checks.check("the game is kept over a reload", common.moves_of(page) == played, str(common.moves_of(page)))

        # A worker that dies is started again and the game goes on.
        workers = page.workers
        if workers:
            workers[0].evaluate("setTimeout(() => { throw new Error('the test ends this worker') })")
            page.wait_for_function("document.querySelector('#connection').textContent.includes('connected')"
                                   " && !document.querySelector('#connection').classList.contains('lost')",
                                   timeout=30000)
            # The moves shown stay while the worker starts again: its state is back when the
            # status says whose move it is.
            page.wait_for_function(f"document.querySelectorAll('#moves .move').length === {len(played)}"
                                   f" && {YOUR_MOVE}", timeout=30000)
        checks.check("a worker that dies is started again and the game goes on",
                     bool(workers) and common.moves_of(page) == played, f"{len(workers)} workers, {common.moves_of(page)}")
        new_game_as_worker_restarts(page, checks)
        # The messages of the ended workers are errors of the test's own making.
        errors[:] = [error for error in errors if "the test ends this worker" not in error]

        worst_click, stop_wait = click_while_thinking(page, checks)
        try:
            play_random_game(page, checks, rng)
        finally:
            page.screenshot(path=str(out / "site-game-over.png"))

        # Chess960 #3 and Chess Fragments.
        page.select_option("#variant", "chess960")
        page.fill("#chess960-number", "3")
        page.click("#new-game")
        page.wait_for_function("document.querySelector('#fen').value.startsWith('bqnnrkrb/')", timeout=15000)
        checks.check("a Chess960 game from start position 3", True)
        page.select_option("#variant", "fragments")
        page.click("#new-game")
        page.wait_for_function(f"{common.SQUARES} === 25", timeout=15000)
        common.click_square(page, "b2")
        common.click_square(page, "b3")
        page.wait_for_function("document.querySelectorAll('#moves .move').length >= 2", timeout=30000)
        checks.check("a Chess Fragments game on 5x5 with the worker's answer",
                     common.moves_of(page)[0] == "b3", str(common.moves_of(page)))
        page.select_option("#variant", "standard")
        page.click("#new-game")
        page.wait_for_function(f"{common.SQUARES} === 64", timeout=15000)

        # A broken FEN gets the served page's error text.
        page.fill("#paste", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1")
        page.click("#load")
        page.wait_for_function("document.querySelector('#message').textContent.startsWith('FEN: ')", timeout=10000)
        checks.check("a broken FEN is answered with its error", True, page.text_content("#message"))

        # Analysis in the worker: three lines, deepening, and the evaluation bar.
        analysis(page, checks, out)

        # Count Kiwipete to depth 4 in the worker.
        page.click('#tabs button[data-view="count"]')
        page.select_option("#count-position", index=2)
        page.select_option("#count-depth", "4")
        page.click("#count-start")
        page.wait_for_function("document.querySelector('#count-start').disabled === false"
                               " && document.querySelectorAll('#count-table tbody tr').length >= 4", timeout=120000)
        rows = page.eval_on_selector_all("#count-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
        last = rows[-1]
        checks.check("Count: Kiwipete to depth 4 is 4,085,603, the published count",
                     last[0] == "Kiwipete" and last[1] == "4" and last[2] == KIWIPETE_D4 and last[4] == "same", str(rows))
        page.screenshot(path=str(out / "site-count.png"))
        count_speed = f"{last[2]} positions in {last[5]}, {last[6]}"
        stop_count(page, checks)

        checks.check("no request leaves the page's origin", not foreign, str(foreign))
        checks.check("no error in the page's console", not errors, str(errors))

        # A site whose .wasm is missing says so.
        broken = browser.new_page()
        broken.goto(broken_base + "/broken/")
        broken.wait_for_function("document.querySelector('#status').textContent.includes('could not be started')", timeout=30000)
        checks.check("without its .wasm the page says the engine could not be started", True,
                     broken.text_content("#status"))
        broken.screenshot(path=str(out / "site-no-wasm.png"))
        browser.close()
    print(f"figures: engine ready {ready:.2f} s after the page was opened; worst click while "
          f"thinking {worst_click:.1f} ms; Move now answered in {stop_wait:.2f} s; Count of "
          f"Kiwipete to depth 4: {count_speed}")


def main():
    out = common.prepare(__doc__, "target/site-screenshots", "target/site", ["cargo", "xtask", "site"])
    site = ROOT / "target/site"
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        shutil.copytree(site, scratch / "play")
        shutil.copytree(site, scratch / "broken")
        (scratch / "broken" / "outpost_wasm_bg.wasm").unlink()
        server, base = serve(scratch)

        def stop():
            server.terminate()
            server.wait(timeout=10)

        common.run_checks("site", out, lambda checks: run(base, base, out, checks), stop)


if __name__ == "__main__":
    main()
