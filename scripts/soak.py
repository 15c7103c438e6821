#!/usr/bin/env python3
"""Soak test: plays Outpost against reference engines and reports every crash, hang, illegal
move and time loss.

    python3 scripts/soak.py [--games 1000] [--tc 1+0.01] [--opponents stockfish,glaurung,...]
                            [--ponder] [--concurrency 1] [--engine target/release/outpost]
    python3 scripts/soak.py --self-test

Each game starts both engines afresh, from a position of data/openings.epd (each opening is
played twice, the colours reversed, against the same opponent), with wall clocks kept here:
the side to move is told wtime/btime/winc/binc, the time it takes is taken off its clock and
the increment added. Per game the runner detects, for either side:

  crash       the process died, said `panicked` on stderr, or exited non-zero after `quit`
  hang        no bestmove within its clock plus --hang-margin seconds, no answer to the start
              (`uci`/`isready`), or still running --hang-margin seconds after `quit`
  illegal     a bestmove that is not a legal move of the position (or none while moves exist)
  time loss   its clock fell below zero

and otherwise ends the game by the rules (mate, stalemate, threefold repetition, fifty moves,
insufficient material), by adjudication (both engines' scores: resign at 10 pawns for 4
moves each, draw from move 40 at 0.1 pawns for 8 moves each) or at --max-moves (a draw).
With --ponder Outpost (and each opponent that has a Ponder option) thinks on the opponent's
time: `go ponder` on the expected move, then `ponderhit` or `stop`.

Progress: one line per game. At the end a summary: Outpost's W/D/L per opponent, the failure
counts of each side, the terminations. PGN of all games and the engine logs of failed games go
to --out (default target/soak/). Exit code 1 if Outpost had any failure, 2 if the soak could
not run (an engine or python-chess missing: scripts/install-soak-deps.sh installs them).

--self-test checks the runner itself against small fake engines written in this file (a good
one, and ones that crash, hang, play an illegal move, lose on time, panic or ignore `quit`).
"""
import argparse
import asyncio
import collections
import contextlib
import io
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALL = "scripts/install-soak-deps.sh"

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    chess = None

# The reference engines, from Debian's packages (scripts/install-soak-deps.sh): one thread,
# 16 MiB hash, no own book. Ponder is set by python-chess for each move (`play(ponder=...)`).
OPPONENTS = {
    "stockfish": {
        "name": "Stockfish 15.1 (Elo 2000)",
        "protocol": "uci",
        "command": ["/usr/games/stockfish"],
        "options": {"Threads": 1, "Hash": 16, "UCI_LimitStrength": True, "UCI_Elo": 2000},
    },
    "glaurung": {
        "name": "Glaurung 2.2",
        "protocol": "uci",
        "command": ["/usr/games/glaurung"],
        "options": {"Threads": 1, "Hash": 16, "OwnBook": False},
    },
    "toga2": {
        "name": "Toga II 3.0",
        "protocol": "uci",
        "command": ["/usr/games/toga2"],
        "options": {"Hash": 16, "OwnBook": False},
    },
    "ethereal": {
        "name": "Ethereal 12",
        "protocol": "uci",
        "command": ["/usr/games/ethereal-chess"],
        "options": {"Threads": 1, "Hash": 16},
    },
    "phalanx": {
        "name": "Phalanx XXV",
        "protocol": "xboard",
        "command": ["/usr/games/phalanx", "-b-", "-l-"],
        "options": {},
    },
}
DEFAULT_OPPONENTS = "stockfish,glaurung,toga2,ethereal,phalanx"
FAILURES = ("crash", "hang", "illegal", "time loss")


class Failure(Exception):
    """One side failed: kind is one of FAILURES."""

    def __init__(self, color, kind, detail):
        super().__init__(detail)
        self.color, self.kind, self.detail = color, kind, detail


class EngineLog(logging.Handler):
    """Collects python-chess's engine traffic (every line sent and received, stderr) per
    engine process, so that the log of a failed game can be written out, and times the
    engine's moves: from the moment `go` (or `ponderhit`) is written to the moment its
    `bestmove` is read, as a GUI does, so that the runner's own pauses do not count."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.players = {}  # id(protocol) -> Player
        self.start = time.perf_counter()

    def emit(self, record):
        protocol = record.args[0] if isinstance(record.args, tuple) and record.args else None
        player = self.players.get(id(protocol))
        if player is None:
            return
        now = time.perf_counter()
        player.lines.append(f"{now - self.start:10.3f} {record.getMessage()}")
        if record.msg == "%s: << %s":  # a line written to the engine
            text = str(record.args[1])
            if (text.startswith("go") and " ponder" not in text) or text == "ponderhit":
                player.go_sent = now
        elif record.msg == "%s: >> %s":  # a line read from it
            if str(record.args[1]).startswith(("bestmove", "move ")):
                player.answer_read = now
        elif record.msg == "%s: stderr >> %s" and "panicked" in str(record.args[1]):
            player.panic = True


LOG = EngineLog()


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def read_openings(path):
    openings = []
    for line in Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            board, ops = chess.Board.from_epd(line)
            openings.append((board.fen(), ops.get("id", "?")))
    if not openings:
        raise SystemExit(f"soak: no opening in {path}")
    return openings


class Player:
    """One engine process of one game."""

    def __init__(self, color, name, spec, ponder, margin):
        self.color, self.name, self.spec, self.margin = color, name, spec, margin
        self.ponder = ponder
        self.transport = self.engine = None
        self.lines = []
        self.killed = False
        self.panic = False  # it printed a Rust panic on stderr
        self.go_sent = self.answer_read = None

    async def start(self):
        popen = chess.engine.popen_xboard if self.spec["protocol"] == "xboard" else chess.engine.popen_uci
        try:
            self.transport, self.engine = await asyncio.wait_for(
                popen(self.spec["command"], stderr=subprocess.PIPE), 30 + self.margin
            )
        except asyncio.TimeoutError:
            raise Failure(self.color, "hang", "no answer to the start (uci/isready)") from None
        except chess.engine.EngineTerminatedError as error:
            raise Failure(self.color, "crash", f"died at start: {error}") from None
        LOG.players[id(self.engine)] = self
        options = dict(self.spec["options"])
        if self.ponder and "Ponder" not in self.engine.options:
            self.ponder = False
        try:
            await asyncio.wait_for(self.engine.configure(options), 10 + self.margin)
            await asyncio.wait_for(self.engine.ping(), 10 + self.margin)
        except asyncio.TimeoutError:
            raise Failure(self.color, "hang", "no answer to setoption/isready") from None
        except chess.engine.EngineTerminatedError as error:
            raise Failure(self.color, "crash", f"died at setoption: {error}") from None

    def took(self, fallback):
        """The time the engine took for its last move."""
        if self.go_sent is not None and self.answer_read is not None and self.answer_read >= self.go_sent:
            return self.answer_read - self.go_sent
        return fallback

    async def play(self, board, limit, game, clock):
        self.go_sent = self.answer_read = None
        try:
            return await asyncio.wait_for(
                self.engine.play(board, limit, game=game, ponder=self.ponder, info=chess.engine.INFO_SCORE),
                max(clock, 0) + self.margin,
            )
        except asyncio.TimeoutError:
            raise Failure(self.color, "hang", f"no bestmove within its clock ({clock:.3f} s) + {self.margin} s") from None
        except chess.engine.EngineTerminatedError as error:
            raise Failure(self.color, "crash", str(error)) from None
        except chess.engine.EngineError as error:
            raise Failure(self.color, "illegal", str(error)) from None

    async def stop(self):
        """Quits the engine (killing it if it must); returns a failure seen at the end."""
        if self.engine is None:
            if self.transport is not None:
                self.transport.close()
            return None
        failure = None
        if not self.engine.returncode.done() and not self.killed:
            try:
                await asyncio.wait_for(self.engine.quit(), self.margin)
            except asyncio.TimeoutError:
                failure = Failure(self.color, "hang", f"still running {self.margin} s after quit")
            except chess.engine.EngineError:
                pass
        if not self.engine.returncode.done():
            self.killed = True
            self.transport.kill()
        try:
            code = await asyncio.wait_for(asyncio.shield(self.engine.returncode), 10)
        except asyncio.TimeoutError:
            code = None
        self.transport.close()
        LOG.players.pop(id(self.engine), None)
        if failure is None and not self.killed and code not in (0, None):
            failure = Failure(self.color, "crash", f"exit code {code} after quit")
        return failure

    def kill(self):
        if self.transport is not None and self.engine is not None and not self.engine.returncode.done():
            self.killed = True
            self.transport.kill()


def adjudicate(scores, board, args):
    """Adjudication by the scores of both engines (centipawns, white's view, one per ply)."""
    plies = 2 * args.resign_moves
    last = scores[-plies:]
    if len(last) == plies and None not in last:
        if all(s >= args.resign_score for s in last):
            return chess.WHITE, "adjudication: both engines see white winning"
        if all(s <= -args.resign_score for s in last):
            return chess.BLACK, "adjudication: both engines see black winning"
    plies = 2 * args.draw_moves
    last = scores[-plies:]
    if board.fullmove_number >= args.draw_from and len(last) == plies and None not in last:
        if all(abs(s) <= args.draw_score for s in last):
            return None, "adjudication: both engines see a draw"
    return False, None


async def play_game(number, opponent, outpost_white, opening, args, specs):
    fen, opening_name = opening
    base, inc = args.base, args.inc
    names = {True: "Outpost", False: opponent}
    colors = {chess.WHITE: outpost_white, chess.BLACK: not outpost_white}
    players = {}
    for color in (chess.WHITE, chess.BLACK):
        is_outpost = colors[color]
        spec = specs["outpost"] if is_outpost else specs[opponent]
        players[color] = Player(color, names[is_outpost], spec, args.ponder, args.hang_margin)

    board = chess.Board(fen)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    scores = []
    timings = []  # per ply: clock after the move and its increment, time taken
    least = {chess.WHITE: base, chess.BLACK: base}  # the least time left after a move
    failures = []
    result, reason = "*", None
    game_id = object()
    runner_error = None
    start_move = board.fullmove_number
    try:
        for color in (chess.WHITE, chess.BLACK):
            await players[color].start()
        while True:
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                result = outcome.result()
                reason = outcome.termination.name.lower().replace("_", " ")
                break
            if board.fullmove_number - start_move >= args.max_moves:
                result, reason = "1/2-1/2", f"adjudication: {args.max_moves} moves"
                break
            turn = board.turn
            player = players[turn]
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK], white_inc=inc, black_inc=inc
            )
            started = time.perf_counter()
            played = await player.play(board, limit, game_id, clocks[turn])
            took = player.took(time.perf_counter() - started)
            clocks[turn] -= took
            least[turn] = min(least[turn], clocks[turn])
            if played.move is None:
                raise Failure(turn, "illegal", "bestmove (none) in a position with legal moves")
            if clocks[turn] < 0:
                raise Failure(turn, "time loss", f"{played.move} played {-clocks[turn] * 1000:.0f} ms after its flag fell")
            clocks[turn] += inc
            if player.panic:
                raise Failure(turn, "crash", "panicked (stderr)")
            score = played.info.get("score")
            scores.append(None if score is None else score.white().score(mate_score=100000))
            board.push(played.move)
            timings.append((clocks[turn], took))
            winner, reason = adjudicate(scores, board, args)
            if winner is not False:
                result = {chess.WHITE: "1-0", chess.BLACK: "0-1", None: "1/2-1/2"}[winner]
                break
    except Failure as failure:
        failures.append(failure)
        result = "0-1" if failure.color == chess.WHITE else "1-0"
        reason = f"{players[failure.color].name} {failure.kind}: {failure.detail}"
        if failure.kind in ("hang", "crash"):
            players[failure.color].kill()
    except Exception as error:  # a fault of the runner or of python-chess: counted apart
        runner_error = f"{type(error).__name__}: {error}"
        reason = f"runner error: {runner_error}"
        for player in players.values():
            player.kill()
    finally:
        for player in players.values():
            end = await player.stop()
            if player.panic and not any(f.color == player.color and f.kind == "crash" for f in failures):
                end = Failure(player.color, "crash", "panicked (stderr)")
            if end is not None and not any(f.color == end.color for f in failures):
                failures.append(end)
                reason = (reason or "") + f"; {player.name} {end.kind}: {end.detail}"

    game = chess.pgn.Game()
    game.setup(chess.Board(fen))
    node = game
    for move, (clock, took) in zip(board.move_stack, timings):
        node = node.add_variation(move)
        node.set_clock(clock)
        node.set_emt(took)
    game.headers["Event"] = "Outpost soak" + (", pondering" if args.ponder else "")
    game.headers["Site"] = "?"
    game.headers["Round"] = str(number)
    game.headers["White"] = names[outpost_white]
    game.headers["Black"] = names[not outpost_white]
    game.headers["Result"] = result
    game.headers["TimeControl"] = args.tc
    game.headers["Opening"] = opening_name
    game.headers["Termination"] = reason or "?"
    game.end().comment = reason or ""
    pgn = str(game)
    logs = {p.name: p.lines for p in players.values()}
    outpost_failures = [f for f in failures if colors[f.color]]
    opponent_failures = [f for f in failures if not colors[f.color]]
    return {
        "number": number,
        "opponent": opponent,
        "outpost_white": outpost_white,
        "result": result,
        "reason": reason,
        "plies": len(board.move_stack),
        "outpost_failures": [(f.kind, f.detail) for f in outpost_failures],
        "opponent_failures": [(f.kind, f.detail) for f in opponent_failures],
        "runner_error": runner_error,
        "outpost_least": min(least[c] for c in least if colors[c]),
        "opponent_least": min(least[c] for c in least if not colors[c]),
        "pgn": pgn,
        "logs": logs,
        "ponderhits": sum(1 for p in players.values() if colors[p.color] for line in p.lines if line.endswith(": << ponderhit")),
        "ponders": sum(1 for p in players.values() if colors[p.color] for line in p.lines if " << go ponder " in line + " "),
    }


def outpost_score(record):
    result = record["result"]
    if result == "1/2-1/2":
        return "D"
    if result == "*":
        return "?"
    white_won = result == "1-0"
    return "W" if white_won == record["outpost_white"] else "L"


async def run(args, specs, opponents, out):
    openings = read_openings(args.openings)
    rng = random.Random(args.seed)
    order = list(range(len(openings)))
    rng.shuffle(order)
    schedule = []
    for number in range(args.games):
        pair = number // 2
        opponent = opponents[pair % len(opponents)]
        opening = openings[order[pair % len(order)]]
        schedule.append((number + 1, opponent, number % 2 == 0, opening))

    out.mkdir(parents=True, exist_ok=True)
    pgn_file = open(out / "games.pgn", "w")
    records = []
    queue = collections.deque(schedule)
    started = time.perf_counter()
    stop = False

    async def worker():
        nonlocal stop
        while queue and not stop:
            number, opponent, outpost_white, opening = queue.popleft()
            record = await play_game(number, opponent, outpost_white, opening, args, specs)
            records.append(record)
            pgn_file.write(record["pgn"] + "\n\n")
            pgn_file.flush()
            failed = record["outpost_failures"] or record["opponent_failures"] or record["runner_error"]
            if failed or args.all_logs:
                for name, lines in record.pop("logs").items():
                    (out / f"game-{number}-{name.replace(' ', '_')}.log").write_text("\n".join(lines) + "\n")
            record.pop("logs", None)  # kept only for a failed game
            if record["outpost_failures"] and args.stop_on_failure:
                stop = True
            tally = collections.Counter(outpost_score(r) for r in records)
            bad = sum(len(r["outpost_failures"]) for r in records)
            white, black = ("Outpost", opponent) if outpost_white else (opponent, "Outpost")
            print(
                f"{len(records):>5}/{args.games} game {number}: {white} - {black} {record['result']}"
                f" ({record['plies']} plies, {record['reason']})  Outpost +{tally['W']} ={tally['D']} -{tally['L']}"
                f", Outpost failures {bad}, {time.perf_counter() - started:.0f} s",
                flush=True,
            )

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    pgn_file.close()
    return records, time.perf_counter() - started


def summary(records, args, opponents, seconds, specs, out):
    lines = []
    lines.append(
        f"Soak: {len(records)} games at {args.tc}{', pondering' if args.ponder else ''}, concurrency "
        f"{args.concurrency}, {seconds / 60:.1f} min; PGN in {out / 'games.pgn'}"
    )
    lines.append(
        f"{'opponent':<28} {'games':>5}  {'Outpost W-D-L':>13}  {'score':>6}  Outpost crash/hang/illegal/time"
        "  opponent crash/hang/illegal/time  least time left (ms): Outpost, opponent"
    )
    total = collections.Counter()
    for opponent in opponents:
        games = [r for r in records if r["opponent"] == opponent]
        if not games:
            continue
        tally = collections.Counter(outpost_score(r) for r in games)
        ours = collections.Counter(kind for r in games for kind, _ in r["outpost_failures"])
        theirs = collections.Counter(kind for r in games for kind, _ in r["opponent_failures"])
        total.update(ours)
        score = (tally["W"] + tally["D"] / 2) / len(games) * 100
        lines.append(
            f"{specs[opponent]['name']:<28} {len(games):>5}  {tally['W']:>3}-{tally['D']}-{tally['L']:<5}  {score:5.1f}%  "
            f"{'/'.join(str(ours[k]) for k in FAILURES):>31}  {'/'.join(str(theirs[k]) for k in FAILURES):>32}"
            f"  {min(r['outpost_least'] for r in games) * 1000:>8.0f} {min(r['opponent_least'] for r in games) * 1000:>8.0f}"
        )
    ponders = sum(r["ponders"] for r in records)
    if args.ponder:
        lines.append(f"Outpost pondered {ponders} times: {sum(r['ponderhits'] for r in records)} ponderhits, the rest stopped")
    reasons = collections.Counter((r["reason"] or "?").split(":")[0] for r in records)
    lines.append("Terminations: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    errors = [r for r in records if r["runner_error"]]
    for r in errors:
        lines.append(f"RUNNER ERROR in game {r['number']} against {r['opponent']}: {r['runner_error']}")
    bad = [r for r in records if r["outpost_failures"]]
    if bad:
        lines.append(f"OUTPOST FAILED in {len(bad)} games (logs in {out}):")
        for r in bad:
            for kind, detail in r["outpost_failures"]:
                lines.append(f"  game {r['number']} against {r['opponent']}: {kind}: {detail}")
    else:
        lines.append(
            "Outpost: no crash, no hang, no illegal move, no time loss"
            + ("" if len(records) == args.games else f" (only {len(records)} of {args.games} games played)")
        )
    return "\n".join(lines), sum(total.values()) > 0 or bool(errors)


def missing_dependencies(specs, names):
    missing = []
    for name in names:
        program = specs[name]["command"][0]
        if not (os.path.isfile(program) and os.access(program, os.X_OK)):
            missing.append(f"{name}: {program} not found")
    return missing


def options():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Opponents: " + ", ".join(f"{k} ({v['name']}, {' '.join(v['command'])})" for k, v in OPPONENTS.items()),
    )
    parser.add_argument("--engine", default=str(ROOT / "target/release/outpost"), help="Outpost's binary (build it with cargo build --release -p outpost-engine)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a UCI option for Outpost (default Hash=16); may be repeated")
    parser.add_argument("--opponents", default=DEFAULT_OPPONENTS, help=f"comma-separated, games shared in turn (default {DEFAULT_OPPONENTS})")
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    parser.add_argument("--tc", default="1+0.01", help="time control BASE+INC in seconds (default 1+0.01)")
    parser.add_argument("--ponder", action="store_true", help="pondering on: Outpost and every opponent with a Ponder option")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (default 1; pondering needs a core per engine)")
    parser.add_argument("--openings", default=str(ROOT / "data/openings.epd"), help="EPD file of start positions")
    parser.add_argument("--seed", type=int, default=1, help="order of the openings (default 1)")
    parser.add_argument("--max-moves", type=int, default=200, help="a draw after this many moves from the opening (default 200)")
    parser.add_argument("--resign", default="4:1000", metavar="MOVES:CP", help="resign adjudication (default 4:1000; 0:0 off)")
    parser.add_argument("--draw", default="40:8:10", metavar="FROM:MOVES:CP", help="draw adjudication (default 40:8:10; 0:0:0 off)")
    parser.add_argument("--hang-margin", type=float, default=5.0, help="seconds past its clock before an engine counts as hung (default 5)")
    parser.add_argument("--out", default=str(ROOT / "target/soak"), help="directory for games.pgn and the logs of failed games (default target/soak)")
    parser.add_argument("--all-logs", action="store_true", help="write the engine log of every game, not only failed ones")
    parser.add_argument("--stop-on-failure", action="store_true", help="stop after the first game in which Outpost failed")
    parser.add_argument("--self-test", action="store_true", help="check the runner against fake engines and exit")
    parser.add_argument("--fake-engine", help=argparse.SUPPRESS)
    return parser


def configure(args):
    args.base, args.inc = parse_tc(args.tc)
    args.resign_moves, args.resign_score = (int(x) for x in args.resign.split(":"))
    if args.resign_moves == 0:
        args.resign_moves, args.resign_score = 10**6, 0
    args.draw_from, args.draw_moves, args.draw_score = (int(x) for x in args.draw.split(":"))
    if args.draw_moves == 0:
        args.draw_moves = 10**6


def main():
    args = options().parse_args()
    if args.fake_engine:
        return fake_engine(args.fake_engine)
    if chess is None:
        print(f"soak: python-chess is missing: run {INSTALL} (or pip install chess)", file=sys.stderr)
        return 2
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    logger.addHandler(LOG)
    if args.self_test:
        return self_test()
    configure(args)
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    unknown = [o for o in opponents if o not in OPPONENTS]
    if unknown or not opponents:
        print(f"soak: unknown opponent {', '.join(unknown)}; known: {', '.join(OPPONENTS)}", file=sys.stderr)
        return 2
    outpost_options = {"Hash": 16}
    for option in args.option:
        name, _, value = option.partition("=")
        outpost_options[name] = value
    specs = dict(OPPONENTS)
    specs["outpost"] = {"name": "Outpost", "protocol": "uci", "command": [args.engine], "options": outpost_options}
    missing = missing_dependencies(specs, opponents)
    if missing:
        print(f"soak: {'; '.join(missing)}: run {INSTALL}", file=sys.stderr)
        return 2
    if missing_dependencies(specs, ["outpost"]):
        print(f"soak: {args.engine} not found: build it with cargo build --release -p outpost-engine", file=sys.stderr)
        return 2
    out = Path(args.out)
    records, seconds = asyncio.run(run(args, specs, opponents, out))
    text, failed = summary(records, args, opponents, seconds, specs, out)
    print(text)
    return 1 if failed else 0


# --- The self-test: fake engines, and the runner played against them. ---


def fake_engine(mode):
    """A small UCI engine for --self-test: legal moves in 10 ms, half of them the first in UCI
    order (the move it expects from its opponent, so that pondering hits), half at random.
    MODE is `good` or `FAULT:N` where at its N-th `go` it crashes, hangs, plays an illegal
    move, overruns its clock or prints a panic, or `noquit`: it ignores `quit` at the end."""
    import queue
    import threading

    kind, _, n = mode.partition(":")
    n = int(n or 0)
    lines = queue.Queue()

    def reader():
        for line in sys.stdin:
            lines.put(line.strip())
        lines.put("quit")

    threading.Thread(target=reader, daemon=True).start()

    def say(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    board = chess.Board()
    rng = random.Random(1)
    gos = 0
    while True:
        line = lines.get()
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say(f"id name Fake {mode}")
            say("option name Hash type spin default 16 min 1 max 1024")
            say("option name Ponder type check default false")
            say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            if words[1] == "startpos":
                board = chess.Board()
                rest = words[2:]
            else:
                board = chess.Board(" ".join(words[2:8]))
                rest = words[8:]
            for move in rest[1:] if rest[:1] == ["moves"] else []:
                board.push_uci(move)
        elif words[0] == "go":
            gos += 1
            if "ponder" in words:
                say("info string pondering")
                while True:  # wait for ponderhit or stop
                    command = lines.get()
                    if command == "ponderhit":
                        say("info string ponderhit")
                        break
                    if command in ("stop", "quit"):
                        break
                if command == "quit":
                    return 0
            if gos == n and kind == "crash":
                os._exit(3)
            if gos == n and kind == "hang":
                while True:
                    time.sleep(1)
            if gos == n and kind == "panic":
                sys.stderr.write("thread 'main' panicked at src/main.rs:1:1:\nfake\n")
                sys.stderr.flush()
            if gos == n and kind == "slow":
                clock = int(words[words.index("wtime" if board.turn else "btime") + 1])
                time.sleep(clock / 1000 + 0.3)
            time.sleep(0.01)
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            move = moves[0] if rng.random() < 0.5 else rng.choice(moves)  # the ponder move half the time
            if gos == n and kind == "illegal":
                say("bestmove a1a1" if chess.Move.from_uci("a1a2") in moves else "bestmove a1a2")
                continue
            board.push(move)
            reply = sorted(board.legal_moves, key=lambda m: m.uci())
            board.pop()
            say(f"info depth 1 score cp 0 pv {move.uci()}")
            say(f"bestmove {move.uci()}" + (f" ponder {reply[0].uci()}" if reply else ""))
        elif words[0] == "quit":
            if kind == "noquit":
                while True:
                    time.sleep(1)
            return 0


def self_test():
    fake = lambda mode: {"name": f"fake {mode}", "protocol": "uci", "command": [sys.executable, __file__, "--fake-engine", mode], "options": {}}
    cases = [
        # (Outpost's mode, opponent's mode, ponder, expected Outpost failures, expected opponent failures)
        ("good", "good", False, [], []),
        ("good", "good", True, [], []),
        ("crash:3", "good", False, ["crash"], []),
        ("hang:3", "good", False, ["hang"], []),
        ("illegal:3", "good", False, ["illegal"], []),
        ("slow:3", "good", False, ["time loss"], []),
        ("panic:3", "good", False, ["crash"], []),
        ("noquit", "good", False, ["hang"], []),
        ("good", "crash:2", True, [], ["crash"]),
        ("good", "illegal:2", False, [], ["illegal"]),
    ]
    passed = failed = 0
    with_ponderhit = False
    for ours, theirs, ponder, want_ours, want_theirs in cases:
        args = options().parse_args(["--tc", "0.5+0.01", "--max-moves", "6", "--hang-margin", "1", "--games", "2"])
        args.ponder = ponder
        configure(args)
        specs = {"outpost": fake(ours), "opponent": fake(theirs)}
        specs["opponent"]["name"] = "opponent"
        with tempfile.TemporaryDirectory() as tmp:
            with contextlib.redirect_stdout(io.StringIO()):
                records, _ = asyncio.run(run(args, specs, ["opponent"], Path(tmp)))
            got_ours = sorted({k for r in records for k, _ in r["outpost_failures"]})
            got_theirs = sorted({k for r in records for k, _ in r["opponent_failures"]})
            pgn_games = 0
            handle = open(Path(tmp) / "games.pgn")
            while chess.pgn.read_game(handle) is not None:
                pgn_games += 1
        ok = got_ours == want_ours and got_theirs == want_theirs and len(records) == 2 and pgn_games == 2
        if ponder and ours == "good" and theirs == "good":
            with_ponderhit = sum(r["ponderhits"] for r in records) > 0 and sum(r["ponders"] for r in records) > 0
            ok = ok and with_ponderhit
        if not want_ours and not want_theirs:
            ok = ok and all(r["result"] == "1/2-1/2" and r["plies"] == 12 for r in records)
        passed += ok
        failed += not ok
        print(
            f"{'ok  ' if ok else 'FAIL'}  Outpost {ours}, opponent {theirs}{', ponder' if ponder else ''}: "
            f"Outpost failures {got_ours or 'none'}, opponent failures {got_theirs or 'none'}"
            + ("" if ok else f" (expected {want_ours or 'none'} / {want_theirs or 'none'}; {[r['reason'] for r in records]})")
        )
    # Adjudication and the summary.
    args = options().parse_args([])
    configure(args)
    board = chess.Board()
    checks = [
        adjudicate([1200] * 8, board, args) == (chess.WHITE, "adjudication: both engines see white winning"),
        adjudicate([1200] * 7 + [None], board, args) == (False, None),
        adjudicate([-1200] * 8, board, args)[0] == chess.BLACK,
        adjudicate([0] * 16, board, args) == (False, None),  # before move 40
        adjudicate([0] * 16, chess.Board("8/8/4k3/8/8/4K3/8/8 w - - 0 40"), args)[0] is None,
        parse_tc("1+0.01") == (1.0, 0.01) and parse_tc("3") == (3.0, 0.0),
        len(read_openings(ROOT / "data/openings.epd")) == 52,
    ]
    for check in checks:
        passed += check
        failed += not check
    print(f"adjudication, time control and openings: {sum(checks)} of {len(checks)} checks ok")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
