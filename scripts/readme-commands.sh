#!/usr/bin/env bash
# Runs every command that README.md and the files of docs/ show in a ```sh block, file by file
# (README.md first, then docs/*.md in name order) and in each file's order, and checks what it
# prints, so that a documented command that breaks turns CI red. The commands are read from the
# files themselves: a new one is run as written (no input, at most 10 minutes) unless the
# table below says how to bound it. Long ones are bounded: the engine and the terminal game get
# a scripted input, the benchmarks run in criterion's test mode, the soaks and the matches of
# `cargo xtask match` play a few games. A command is matched to the table by its exact text,
# whichever file shows it.
#
# Usage: scripts/readme-commands.sh [FILE...]   (from anywhere; .ci/run calls it without
# arguments: README.md and docs/*.md. FILE: the Markdown files to read instead, such as one
# with a command just changed: scripts/readme-commands.sh docs/perft.md). With --plan first,
# it only prints how each command would be run (or why not), and runs nothing.
set -euo pipefail
plan_only=""
if [ "${1:-}" = "--plan" ]; then
  plan_only=yes
  shift
fi
files=()
if [ "$#" -gt 0 ]; then
  for file in "$@"; do files+=("$(realpath "$file")"); done
fi
cd "$(dirname "$0")/.."
if [ "${#files[@]}" -eq 0 ]; then
  files=("$PWD/README.md")
  for file in docs/*.md; do files+=("$PWD/$file"); done
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The commands of each file: the lines of its ```sh blocks, a line ending in `\` joined to the
# next, a comment after two or more spaces dropped. `sources` holds the file of each command.
commands=() sources=()
for file in "${files[@]}"; do
  mapfile -t found < <(awk '
    /^```sh$/ { block = 1; next }
    /^```/ { block = 0; next }
    block {
      line = $0
      sub(/  +#.*$/, "", line)
      if (line ~ /\\$/) { sub(/ *\\$/, " ", line); sub(/^ +/, "", line); joined = joined line; next }
      sub(/^ +/, "", line)
      print joined line
      joined = ""
    }' "$file")
  # A file named on the command line, or README.md, must show commands; a file of docs/
  # without any is simply read.
  if [ "${#found[@]}" -eq 0 ]; then
    [ "$#" -eq 0 ] && [ "$file" != "$PWD/README.md" ] && continue
    echo "readme-commands: no command found in $file" >&2
    exit 1
  fi
  for command in "${found[@]}"; do
    commands+=("$command")
    sources+=("${file#"$PWD"/}")
  done
done

# How one documented command is run: `run` (shell text; the command itself unless bounded),
# `input` (its standard input), `expect` (extended regular expressions its output must match,
# stdout and stderr together), `skip` (why it is not run), `limit` (seconds it may take).
plan() {
  local command=$1
  run=$command input="" expect=() skip="" limit=600
  case "$command" in
    "cargo test --workspace")
      skip=".ci/run runs it, with the toolchain of rust-version" ;;
    "cargo run --release -p outpost-engine")
      input=$'uci\nisready\nposition startpos moves e2e4\ngo depth 8'
      expect=("^Outpost [0-9.]+ by the Outpost developers$" "^id name Outpost" "^uciok$"
        "^readyok$" "^info depth 8 " "^bestmove [a-h][1-8][a-h][1-8]") ;;
    "cargo run --release -p outpost-engine -- bench")
      expect=("^[0-9]+ nodes [0-9]+ nps$") ;;
    "cargo install --path crates/uci")
      # Into a scratch directory, reusing the release build, instead of ~/.cargo/bin.
      run="$command --locked --root $scratch/install --target-dir target && $scratch/install/bin/outpost </dev/null"
      expect=("^Outpost [0-9.]+ by the Outpost developers$") ;;
    "cargo build --release -p outpost-engine --features tune")
      run="$command && printf 'uci\n' | target/release/outpost"
      # The search parameters are options named like their fields: lower case with `_`.
      expect=("^option name [a-z]+_[a-z_]+ type spin ") ;;
    "cargo run --release -p web")
      # The server runs until stopped: it is started on a free port, its page fetched, and
      # stopped again.
      run="cargo build --release -p web && { target/release/outpost-web --port 0 >\"$scratch/web.out\" 2>&1 & pid=\$!; for _ in \$(seq 100); do grep -q 'Outpost is at' \"$scratch/web.out\" && break; sleep 0.1; done; cat \"$scratch/web.out\"; url=\$(sed -n 's/^Outpost is at //p' \"$scratch/web.out\"); python3 -c 'import sys, urllib.request as u; print(u.build_opener(u.ProxyHandler({})).open(sys.argv[1]).read().decode())' \"\$url/\" | grep -o '<title>Outpost</title>'; status=\$?; kill \$pid; exit \$status; }"
      expect=("^Outpost is at http://127\.0\.0\.1:[0-9]+$" "^<title>Outpost</title>$") ;;
    "cargo build --release -p web --bins --examples")
      expect=() ;;
    "target/release/examples/load --tabs 64 --seconds 60")
      # The server under load, briefly: 8 tabs for 10 s, each move within 1 s of its time.
      run="target/release/examples/load --tabs 8 --seconds 10 --max-late-ms 1000"
      expect=("^engine moves answered: [1-9][0-9]* \([0-9]+ info lines\), errors: 0$"
        "^lateness after the think time: median " "^server memory \(RSS\): [0-9]+ MiB idle, peak [0-9]+ MiB") ;;
    "cargo run --release -p web -- --help")
      expect=("^Usage: outpost-web ") ;;
    "scripts/install-web-test-deps.sh")
      expect=("^web test dependencies present: ") ;;
    "python3 scripts/web-browser-test.py")
      skip=".ci/run runs it after the README's commands" ;;
    "python3 scripts/web-measure.py")
      # One run of the depth comparison, then the memory of 8 sessions thinking.
      run="$command --runs 1"
      expect=("^run 1: depth in 1 s from the start position: page [0-9]+, UCI [0-9]+$"
        "^server memory \(RSS\): [0-9]+ MiB idle, [0-9]+ MiB with 8 sessions thinking at once$") ;;
    "cargo run --release -p outpost-play")
      input=$'e4\nquit'
      expect=("^Outpost: chess in the terminal\. White: You, Black: Outpost\." "^Black plays 1\.\.\. ") ;;
    "cargo run --release -p outpost-play -- --mode black --time 3")
      input=quit
      expect=("^Outpost: chess in the terminal\. White: Outpost, Black: You\." "^White plays 1\. ") ;;
    "cargo run --release -p outpost-play -- --tc 5+3 --theme blue")
      # Not a terminal: the line mode, which says that its clocks belong to the app.
      input=$'e4\nquit'
      expect=("^The clocks of --tc 5\+3 run only in the full-screen app" "^Black plays 1\.\.\. ") ;;
    "scripts/tui-tmux-test.sh")
      skip=".ci/run runs it" ;;
    "cargo run --release -p outpost-play -- --mode engines")
      # A whole game, fast: few nodes per move, no pause.
      run="$command --nodes 1000 --pause 0"
      expect=("^Game over: ") ;;
    "cargo run --release -p outpost-play -- --help")
      expect=("^Usage: outpost-play ") ;;
    "cargo run --release -p outpost-play -- --chess960 123")
      input=quit
      expect=("^Chess960 #123: castle with O-O or O-O-O, or move the king onto its rook") ;;
    "cargo run --release -p outpost-play -- --variant fragments")
      input=$'b3\nquit'
      expect=("^Chess Fragments: 5x5, the Right \(C\) moves as a rook or a knight" "^ 5 .* 5   Black to move$" "^Black plays 1\.\.\. ") ;;
    "cargo run --release -p examples --bin legal_moves -- --help")
      expect=("^Usage: legal_moves") ;;
    "cargo run --release -p examples --bin legal_moves | head -4")
      expect=("^8 ") ;;
    "cargo run --release -p examples --bin legal_moves -- "*)
      expect=("^[0-9]+ legal moves:$" "^  [^ ]+ +[a-h][1-8][a-h][1-8]") ;;
    "cargo run --release -p examples --bin count_perft -- "*)
      expect=("^perft\([0-9]\) = [0-9]+$") ;;
    "cargo run --release -p examples --bin analyse -- 1 \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"")
      expect=("^Best line \(depth 1, .*Ra8#" "^Score: mate in 1$") ;;
    "cargo run --release -p examples --bin analyse -- "*)
      expect=("^Best line \(depth [0-9]+, " "^Score: ") ;;
    "cargo run --release -p examples --bin selfplay -- "*)
      expect=("^\[Result \"" "^1\. ") ;;
    "cargo run --release -p outpost-perft -- --depth 6 "* | "cargo run --release -p outpost-perft -- --depth 6")
      expect=("^Nodes searched: 119060324$") ;;
    *"--depth 5 --divide")
      expect=("^e5f7: " "^Nodes searched: 193690690$") ;;
    "cargo run --release -p outpost-perft -- --depth 4 --check-hash")
      expect=("^Nodes searched: 197281$"
        "^hash and board verified after every make and unmake: [0-9]+ makes, [0-9]+ unmakes$") ;;
    "cargo run --release -p outpost-perft -- --help")
      expect=("^Usage: perft") ;;
    "cargo xtask site")
      expect=("^site: .*target/site \([0-9]+ KiB of WebAssembly") ;;
    "python3 -m http.server --bind 127.0.0.1 --directory target/site 8000")
      # A server until stopped: it must still be serving after two seconds (timeout's 124).
      run="timeout 2 $command >/dev/null 2>&1; [ \$? -eq 124 ] && echo serving" expect=("^serving$") ;;
    "cargo xtask wasm-check")
      expect=("^wasm-check: the same engine") ;;
    "cargo xtask perft")
      expect=("^all counts match$") ;;
    "printf 'setoption name UCI_Variant value fragments"*)
      expect=("^info depth 10 " "^bestmove [a-e][1-5][a-e][1-5]") ;;
    "cargo xtask match --engine cmd=target/release/outpost,name=new,"*"--sprt "*)
      # The SPRT of a change, with this build as both "old" and "new" (the worktree of the
      # commit before is not there): four games at 2,000 nodes, which decide nothing.
      run="cargo build --release -p outpost-engine && ${command/..\/outpost-old\/target\/release\/outpost/target/release/outpost}"
      run=$(sed -E -e 's/--games [0-9]+/--games 4/' -e 's/--nodes [0-9]+/--nodes 2000/' \
        -e "s#--pgn [^ ]+#--pgn $scratch/sprt.pgn#" -e "s#--json [^ ]+#--json $scratch/sprt.json#" <<<"$run")
      expect=("^game [1-4]/4: .*[|] 4 games, W-D-L" "^SPRT \[0, 10\] alpha 0.05 beta 0.05: LLR " "^Summary in ") ;;
    "cargo xtask match "*"--json target/sprt-1.json")
      # The --continue example as written (four games at 2,000 nodes, which decide nothing):
      # its first match writes the summary the second one goes on from.
      run="cargo build --release -p outpost-engine && $command"
      expect=("^game [1-4]/4: .*[|] 4 games, W-D-L" "^Summary in target/sprt-1.json$") ;;
    "cargo xtask match "*"--continue target/sprt-1.json")
      run="cargo build --release -p outpost-engine && $command"
      expect=("^Continuing target/sprt-1.json: 4 games, " "^game [5-8]/8: .*[|] 8 games, W-D-L") ;;
    "cargo xtask match "*)
      # The documented match, two games: the clock 1+0.02 (or 2,000 nodes a move), the PGN
      # and JSON into the scratch directory. An opponent from /usr/games that is not
      # installed must be named in a message and exit code 2.
      local quick word program missing=""
      quick=$(sed -E -e 's/--games [0-9]+/--games 2/' -e 's/--tc [0-9.+]+/--tc 1+0.02/' \
        -e 's/--nodes [0-9]+/--nodes 2000/' -e "s#--pgn [^ ]+#--pgn $scratch/match.pgn#" \
        -e "s#--json [^ ]+#--json $scratch/match.json#" <<<"$command")
      [[ $quick == *--games* ]] || quick+=" --games 2"
      for word in $command; do
        case "$word" in
          cmd=/usr/games/* | *,cmd=/usr/games/*)
            program=${word#*cmd=}
            program=${program%%,*}
            [ -x "$program" ] || missing=$program ;;
        esac
      done
      if [ -n "$missing" ]; then
        run="cargo build --release -p outpost-engine && $quick; test \$? -eq 2"
        expect=("cannot start '$missing'")
      else
        run="cargo build --release -p outpost-engine && $quick"
        expect=("^game [12]/2: .*[|] 2 games, W-D-L" "^Time losses, crashes, hangs, illegal moves of ")
      fi ;;
    "cargo xtask turns target/ethereal.pgn"*)
      # The games of a match played here instead of the Ethereal match's: two games of
      # Outpost against itself at 2,000 nodes a move.
      run="cargo build --release -p outpost-engine && cargo xtask match --engine cmd=target/release/outpost,name=outpost --engine cmd=target/release/outpost,name=other --nodes 2000 --games 2 --pgn $scratch/turns.pgn --json $scratch/turns.json >/dev/null && ${command/target\/ethereal.pgn/$scratch/turns.pgn}"
      expect=("^outpost: 2 games, [0-2] lost; [0-9]+ of the losses turned ") ;;
    "cargo xtask pgn-positions target/ethereal-fast.pgn"*)
      # The games of a match played here instead of the Ethereal match's (as for turns),
      # the positions written into the scratch directory.
      run="cargo build --release -p outpost-engine && cargo xtask match --engine cmd=target/release/outpost,name=outpost --engine cmd=target/release/outpost,name=other --nodes 2000 --games 2 --pgn $scratch/positions.pgn --json $scratch/positions.json >/dev/null && cargo xtask pgn-positions $scratch/positions.pgn --engine outpost --out $scratch/match-positions.txt --heldout $scratch/match-heldout.txt"
      expect=("^pgn-positions: 2 games of outpost, [1-9][0-9]* positions to " "^pgn-positions: 0 games of outpost held out, 0 positions to ") ;;
    "cargo xtask compare target/ethereal-fast.pgn"*)
      # Two matches of two games each, Outpost against itself at 2,000 nodes a move from the
      # same openings (the same seed), instead of two 1000-game matches against Ethereal.
      local same="--nodes 2000 --games 2 --openings data/openings-1024.epd --order random --seed 7"
      run="cargo build --release -p outpost-engine && cargo xtask match --engine cmd=target/release/outpost,name=outpost --engine cmd=target/release/outpost,name=other $same --pgn $scratch/first.pgn --json $scratch/first.json >/dev/null && cargo xtask match --engine cmd=target/release/outpost,name=outpost --engine cmd=target/release/outpost,name=other $same --pgn $scratch/second.pgn --json $scratch/second.json >/dev/null && cargo xtask compare $scratch/first.pgn $scratch/second.pgn"
      expect=("^outpost: 1 opening played in full in both files " "^second less first: ") ;;
    "python3 scripts/calibrate-levels.py")
      # One level, two games at 1+0.02 (the full calibration plays 500 games).
      run="$command --levels 1400 --games 2 --tc 1+0.02 --out $scratch/levels"
      expect=("^\| 1400 \| Stockfish 15.1 at UCI_Elo 1400 \| 2 \| ") ;;
    "cargo xtask divide data/perft-fragments-divide.txt")
      expect=("^246 of 246 divides agree move by move$") ;;
    "cargo xtask perft --suite fragments")
      expect=("^total +246 counts " "^all counts match$") ;;
    "cargo xtask hash --suite fragments --depth 4")
      expect=("^hash and board verified after every make and unmake") ;;
    "python3 scripts/fragments-reference.py --out-dir "*)
      if [ -x /usr/games/fairy-stockfish ]; then
        # The same reference again, compared with the one in data/ (the header names the
        # command, so it is left out).
        run="$command && diff <(tail -n +2 target/fragments-reference/perft-fragments.epd) <(tail -n +2 data/perft-fragments.epd) && echo same as data"
        expect=("^61/61 " "^same as data$")
      else
        run="$command; test \$? -eq 2"
        expect=("Fairy-Stockfish not found")
      fi ;;
    "cargo xtask perft --suite chess960 --quick")
      expect=("^total +3842 counts " "^all counts match$") ;;
    "cargo xtask perft --suite chess960 --hash 0")
      skip="15 minutes; its quick subset (the line above) runs" ;;
    "cargo xtask hash --suite chess960")
      expect=("^hash and board verified after every make and unmake") ;;
    "cargo xtask hash")
      expect=("^hash and board verified after every make and unmake") ;;
    "cargo xtask fuzz --runs "*)
      # Every target for a few runs: it still installs cargo-fuzz where it is missing and
      # builds the targets with nightly, so CI keeps the command working; the seeds and the
      # regressions are replayed on stable by cargo test. Installing and building take
      # minutes on two cores. A fixed seed: CI repeats the same runs (longer runs with new
      # seeds, by hand, are for finding bugs).
      run="cargo xtask fuzz --runs 2000 --seed 1"
      limit=1500
      expect=("^no failure: 6 targets, 2000 runs each$") ;;
    "cargo xtask datagen "*)
      # A few short games into the scratch directory (the README's 200 games take two
      # minutes), which the tune command below reads.
      run="cargo xtask datagen --games 4 --nodes 500 --seed 1 --out $scratch/positions.txt"
      expect=("^datagen: 4 games, [0-9]+ positions in ") ;;
    "cargo xtask tune "*)
      # Never over the committed crates/eval/src/tuned.rs: a few epochs into the scratch
      # directory, on the positions of the datagen command above.
      run="cargo xtask tune --epochs 3 --data $scratch/positions.txt --out $scratch/tuned.rs"
      expect=("^tune: K = " "^  epoch 3/3: error " "^tune: wrote ") ;;
    "cargo build --release -p outpost-engine")
      expect=() ;;
    "cargo build --release -p outpost-engine --features tune --target-dir target/tune")
      expect=() ;;
    "cargo xtask spsa "*)
      # Two pairs at 2,000 nodes a move, the state and the games into the scratch directory.
      run=$(sed -E -e 's/--pairs [0-9]+/--pairs 2/' -e 's/--nodes [0-9]+/--nodes 2000/' <<<"$command")
      run+=" --state $scratch/spsa.json --pgn $scratch/spsa.pgn"
      expect=("^pair 2/2: plus " "^Tuned values: option\.lmr_base=[0-9-]+,option\.lmr_divisor=[0-9]+$") ;;
    "scripts/perft-speed.sh")
      if [ -x "${STOCKFISH:-/usr/games/stockfish}" ]; then
        run="$command 1"
        expect=("^Start +6 " "^Kiwipete +5 ")
      else
        # Without Stockfish it must say so, and fail with exit code 2.
        run="$command; test \$? -eq 2"
        expect=("Stockfish not found")
      fi ;;
    "scripts/speed.py "*)
      # Reference engines that are not installed are left out with a message. A full
      # measurement takes minutes with both: its options are checked by a quick run.
      [[ $command == *--quick* ]] || run="${command/scripts\/speed.py/scripts\/speed.py --quick}"
      expect=("^geomean +[0-9.]+") ;;
    "scripts/build-time.sh")
      # One round (two clean release builds outside the workspace) instead of three.
      run="$command 1"
      expect=("^round 1  outpost " "^round 1  cozy " "^median +outpost-movegen [0-9.]+ s, cozy-chess [0-9.]+ s: [0-9.]+x$") ;;
    "scripts/threads-depth.sh")
      run="$command 200"
      expect=("^sum threads=1: [0-9]+  threads=2: [0-9]+$") ;;
    "scripts/install-soak-deps.sh")
      expect=("^soak dependencies present: ") ;;
    "python3 scripts/soak.py --games 1000 "*)
      # Ten games, two against each engine. With its default Move Overhead (30 ms) Outpost
      # keeps so little on its clock at such speeds that a stall of a busy machine can flag a
      # game (14 of the README's 1,000, and 1 of 10 at 1+0.03 once); with 100 ms none of 250
      # did, so that CI fails on a broken runner, engine or command, not on the machine.
      run="python3 scripts/soak.py --games 10 --tc 1+0.01 --option \"Move Overhead=100\" --out $scratch/soak"
      expect=("^Outpost: no crash, no hang, no illegal move, no time loss$") ;;
    "python3 scripts/soak.py --games 100 "*"--ponder"*)
      run="python3 scripts/soak.py --games 2 --tc 1+0.03 --ponder --option \"Move Overhead=100\" --out $scratch/soak"
      expect=("^Outpost pondered [1-9][0-9]* times" "^Outpost: no crash, no hang, no illegal move, no time loss$") ;;
    "python3 scripts/soak.py --self-test")
      expect=("^[0-9]+ passed, 0 failed$") ;;
    "python3 scripts/stop-latency.py")
      run="$command --runs 50"
      expect=("^50 stops, 1 thread\(s\): median [0-9.]+ ms") ;;
    "cargo bench -p benches --bench perft_compare"*)
      # One quick round (the start position to depth 5, Kiwipete to depth 4) instead of three
      # full ones (about a minute): each library's count checked, the ratios printed.
      run="cargo bench -p benches --bench perft_compare -- --quick"
      expect=("^Start +depth 5 +outpost/cozy-chess [0-9.]+x" "^Kiwipete +depth 4 +outpost/shakmaty [0-9.]+x") ;;
    "cargo bench -p "*)
      # Each benchmark once, as a test.
      run="$command -- --test"
      expect=("Success|Testing .* Success") ;;
    "apt-get install "*)
      skip="installs system packages" ;;
  esac
}

ran=0 skipped=0 source=""
for index in "${!commands[@]}"; do
  command=${commands[$index]}
  if [ "${sources[$index]}" != "$source" ]; then
    source=${sources[$index]}
    echo "== $source"
  fi
  plan "$command"
  if [ -n "$plan_only" ]; then
    if [ -n "$skip" ]; then
      echo "skip  $command  ($skip)"
    else
      echo "run   $command"
      [ "$run" = "$command" ] || echo "      as: $run"
      [ -n "$input" ] && echo "      input: ${input//$'\n'/\\n}"
      echo "      expect: ${expect[*]:-(exit code 0 only)}"
    fi
    continue
  fi
  if [ -n "$skip" ]; then
    echo "skip  $command  ($skip)"
    skipped=$((skipped + 1))
    continue
  fi
  echo "run   $command"
  [ "$run" = "$command" ] || echo "      as: $run"
  start=$(date +%s)
  status=0
  if [ -n "$input" ]; then
    timeout "$limit" bash -o pipefail -c "$run" >"$scratch/out" 2>&1 <<<"$input" || status=$?
  else
    timeout "$limit" bash -o pipefail -c "$run" >"$scratch/out" 2>&1 </dev/null || status=$?
  fi
  failed=""
  [ "$status" -eq 0 ] || failed+="exit code $status; "
  if grep -q "panicked" "$scratch/out"; then failed+="a panic; "; fi
  for pattern in "${expect[@]}"; do
    grep -Eq -- "$pattern" "$scratch/out" || failed+="no line matching /$pattern/; "
  done
  if [ -n "$failed" ]; then
    echo "FAIL  $command: ${failed}its output ends with:" >&2
    tail -40 "$scratch/out" >&2
    exit 1
  fi
  echo "ok    $(($(date +%s) - start)) s"
  ran=$((ran + 1))
done

[ -z "$plan_only" ] || exit 0

# The programs the README says can be piped into `head`: a closed pipe is no panic (checked
# when README.md is among the files read).
readme_read=""
for file in "${files[@]}"; do
  if [ "$file" = "$PWD/README.md" ]; then readme_read=yes; fi
done
if [ -n "$readme_read" ]; then
  for program in "-p examples --bin legal_moves" "-p examples --bin count_perft -- 5" \
    "-p examples --bin analyse -- 2" "-p examples --bin selfplay -- 500" \
    "-p examples --bin legal_moves -- --help" "-p outpost-perft -- --depth 5 --divide" \
    "-p outpost-perft -- --help" "-p outpost-engine -- bench 3"; do
    status=0
    cargo run --quiet --release $program 2>"$scratch/err" </dev/null | head -1 >/dev/null || status=$?
    if [ "$status" -ne 0 ] || grep -q "panicked" "$scratch/err"; then
      echo "FAIL  cargo run --release $program | head -1: exit code $status" >&2
      cat "$scratch/err" >&2
      exit 1
    fi
  done
  echo "ok    8 programs piped into head -1"
fi

echo "$ran documented commands ran as described, $skipped skipped (${#files[@]} files)"
