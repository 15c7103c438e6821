#!/usr/bin/env python3
"""Makes a larger opening book for engine-against-engine tests from a small one.

Each opening of BOOK (EPD lines whose `c0` field is the SAN line from the start) is extended
by --plies moves, each chosen at random (from --seed) among the moves that Stockfish, at
--depth with --multipv lines, scores within --margin centipawns of its best; an extended
position is kept when Stockfish scores it within --balance centipawns and it is new. Up to
--per positions per opening. The output is EPD with `c0` the whole SAN line, like the input.

Why: a test at a fixed node count is deterministic, so a book of 52 openings played with both
colours gives only 104 different games; data/openings-1024.epd (made from data/openings.epd
with the defaults) gives 2048.

Needs python-chess and Stockfish (Debian's `stockfish` package, /usr/games/stockfish).
Usage: scripts/extend-openings.py BOOK > OUT   (about a minute for 52 openings x 20)
"""

import argparse
import random
import sys

STOCKFISH = "/usr/games/stockfish"


def san_line(moves):
    """The SAN text of `moves` from the start position, with move numbers."""
    import chess

    board = chess.Board()
    words = []
    for move in moves:
        if board.turn == chess.WHITE:
            words.append(f"{board.fullmove_number}.")
        words.append(board.san(move))
        board.push(move)
    return " ".join(words)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("book", help="EPD book with c0 SAN lines (e.g. data/openings.epd)")
    parser.add_argument("--plies", type=int, default=4, help="plies added to each opening (4)")
    parser.add_argument("--per", type=int, default=20, help="positions made per opening (20)")
    parser.add_argument("--depth", type=int, default=8, help="Stockfish's depth (8)")
    parser.add_argument("--multipv", type=int, default=4, help="candidate moves per ply (4)")
    parser.add_argument("--margin", type=int, default=30, help="cp from the best move (30)")
    parser.add_argument("--balance", type=int, default=60, help="largest |score| kept, cp (60)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--stockfish", default=STOCKFISH, help=f"engine path ({STOCKFISH})")
    args = parser.parse_args()
    try:
        import chess
        import chess.engine
    except ImportError:
        sys.exit("extend-openings: needs python-chess (pip install chess)")
    try:
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    except (OSError, chess.engine.EngineError) as error:
        sys.exit(f"extend-openings: cannot start {args.stockfish}: {error}")
    engine.configure({"Threads": 1, "Hash": 16})
    rng = random.Random(args.seed)
    limit = chess.engine.Limit(depth=args.depth)

    def score_of(info):
        return info["score"].relative.score(mate_score=100000)

    print(f"# Made by scripts/extend-openings.py from {args.book} (plies {args.plies}, per "
          f"{args.per}, depth {args.depth}, multipv {args.multipv}, margin {args.margin}, "
          f"balance {args.balance}, seed {args.seed}).")
    print("# Each opening is meant to be played twice with the colours reversed; c0 = the SAN line.")
    seen = set()
    with open(args.book, encoding="utf-8") as book:
        lines = [line for line in book if 'c0 "' in line and not line.startswith("#")]
    for line in lines:
        base = chess.Board()
        moves = []
        for word in line.split('c0 "')[1].split('"')[0].split():
            if word[0].isdigit():
                continue
            moves.append(base.parse_san(word))
            base.push(moves[-1])
        made = tries = 0
        while made < args.per and tries < args.per * 4:
            tries += 1
            board = base.copy()
            added = []
            for _ in range(args.plies):
                infos = engine.analyse(board, limit, multipv=args.multipv)
                best = score_of(infos[0])
                candidates = [info["pv"][0] for info in infos
                              if "pv" in info and abs(best - score_of(info)) <= args.margin]
                added.append(rng.choice(candidates))
                board.push(added[-1])
            score = engine.analyse(board, limit)["score"].white().score(mate_score=100000)
            if abs(score) > args.balance or board.fen() in seen:
                continue
            seen.add(board.fen())
            made += 1
            print(f'{board.epd()} c0 "{san_line(moves + added)}"; '
                  f"hmvc {board.halfmove_clock}; fmvn {board.fullmove_number};", flush=True)
    engine.quit()


if __name__ == "__main__":
    main()
