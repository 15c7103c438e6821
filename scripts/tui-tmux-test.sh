#!/usr/bin/env bash
# Plays a short game against the engine in the full-screen terminal app (`outpost-play`) inside a
# real terminal, tmux: keys are typed with `tmux send-keys`, the mouse is clicked by sending
# the terminal's own mouse reports (SGR 1006, which the app turns on), and the screen is read
# with `tmux capture-pane` after each step. The engine searches 3000 nodes a move without its
# book, so the game is the same on every run: 1. e4 (typed) 2. Nf3 (the keyboard cursor)
# 3. Bc4 (two clicks); then the help, a narrow window, undo, the quit question, level 1600,
# resign, saving the game as PGN (with the engine's BlackElo), and quit; then Chess960 #3, castled by clicking the king and its rook, and a
# bad --chess960 number; then Chess Fragments (a refused move kept to be fixed, a Right move
# by clicks) and a bad --variant. Installs tmux when it is missing (as root, with apt-get).
#
# Usage: scripts/tui-tmux-test.sh   (from anywhere; .ci/run calls it. PLAY=path/to/play to
# test another build than target/release/outpost-play, which it builds.)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "tmux is missing: installing it"
    apt-get update -qq
    apt-get install -y -qq tmux >/dev/null
  else
    echo "tui-tmux-test: tmux is missing; install it (apt-get install tmux)" >&2
    exit 1
  fi
fi

if [ -z "${PLAY:-}" ]; then
  cargo build --release --quiet -p outpost-play
  PLAY=target/release/outpost-play
fi

scratch=$(mktemp -d)
socket="outpost-tui-test-$$"
tmux_() { tmux -L "$socket" "$@"; }
cleanup() {
  tmux_ kill-server 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# A window of 100 x 30: the board's squares are 7 x 3 characters, the board starts at column 2
# and row 1 (counted from 0).
tmux_ -f /dev/null new-session -d -s play -x 100 -y 30 \
  "$PLAY --nodes 3000 --no-book --theme plain; echo \"play exited with \$?\"; sleep 60"

screen() { tmux_ capture-pane -p -t play; }

# Waits until the screen matches the extended regular expression $1 (at most 20 s).
expect() {
  local pattern=$1 step=$2
  for _ in $(seq 200); do
    if screen | grep -Eq -- "$pattern"; then
      echo "ok    $step"
      return 0
    fi
    sleep 0.1
  done
  echo "FAIL  $step: no /$pattern/ on the screen:" >&2
  screen >&2
  exit 1
}

type_line() { tmux_ send-keys -t play -l "$1"; tmux_ send-keys -t play Enter; }
keys() { tmux_ send-keys -t play "$@"; }
# A left click on the square at file $1 (0 = a) and rank $2 (1 to 8), white at the bottom:
# the press and release of SGR mouse reporting, 1-based columns and rows.
click() {
  local x=$((2 + $1 * 7 + 3 + 1)) y=$((1 + (8 - $2) * 3 + 1 + 1))
  tmux_ send-keys -t play -l $'\e'"[<0;${x};${y}M"$'\e'"[<0;${x};${y}m"
}

expect "White: You +Black: Outpost" "the start screen"
expect "^move> " "the input line"

type_line e4
expect "Moves \(2\)" "1. e4 typed, the engine answers"
expect "Black plays 1\.\.\. " "the engine's move is announced"

# The cursor is on e2 after the typed move, and the accepted move gave the board the keys
# back: the arrows take g1 to f3.
keys Right Right Down Enter Up Up Left Enter
expect " 2\. Nf3 " "2. Nf3 with the keyboard cursor"
expect "Moves \(4\)" "the engine answers"
expect "depth [0-9]+ +[-+]?[0-9]+\.[0-9]{2}|depth [0-9]+ +[-+]M[0-9]+" "the engine pane: depth and score"
expect "[0-9,]+ nodes +[0-9.]+ [kM]n/s" "the engine pane: nodes and speed"

click 5 1
expect "f1 picked up" "a click picks up the bishop"
click 2 4
expect " 3\. Bc4 " "3. Bc4 with the mouse"
expect "Moves \(6\)" "the engine answers"

keys "?"
expect "Any key closes this help" "? opens the help"
keys x
expect "Moves \(6\)" "a key closes it"
type_line help
expect "Any key closes this help" "help typed from the board (h starts the line)"
keys x
expect "Moves \(6\)" "a key closes it again"

tmux_ resize-window -t play -x 40 -y 14
expect "^ White to move" "a narrow window: the compact layout"
tmux_ resize-window -t play -x 20 -y 6
expect "^The terminal is too" "a tiny window: a message"
tmux_ resize-window -t play -x 100 -y 30
expect "Moves \(6\)" "back to the full layout"

type_line undo
expect "Took back 3\. Bc4 " "undo takes back a move pair"
expect "Moves \(4\)" "the move list follows"

keys C-c
expect "The game is not saved" "quitting an unsaved game asks first"
keys n
expect "The game goes on" "n goes on playing"

type_line "level 1600"
expect "Engine · level 1600" "level 1600: the engine pane says so"
type_line resign
expect "White resigns, black wins \(0-1\)" "resigning ends the game"
type_line "pgn $scratch/game.pgn"
expect "Saved the game \(4 half-moves, result 0-1\)" "the game is saved as PGN"
grep -q '^\[Result "0-1"\]$' "$scratch/game.pgn"
grep -q '^\[Termination "White resigned"\]$' "$scratch/game.pgn"
grep -q '^1\. e4 ' "$scratch/game.pgn"
grep -q '^\[White "You"\]$' "$scratch/game.pgn"
grep -q '^\[BlackElo "1600"\]$' "$scratch/game.pgn"
echo "ok    the PGN file holds the game and its end"

echo "---- the last screen"
screen
type_line quit
expect "play exited with 0" "quit leaves the app with exit code 0"
# Chess960: start position 3 (BQNNRKRB) shown in the panel, castled by clicking the king
# and then its rook; a bad number is refused with exit code 2.
tmux_ new-session -d -s c960 -x 100 -y 30 \
  "$PLAY --chess960 3 --mode humans --theme plain; echo \"play exited with \$?\"; sleep 60"
screen() { tmux_ capture-pane -p -t c960; }
keys() { tmux_ send-keys -t c960 "$@"; }
click() {
  local x=$((2 + $1 * 7 + 3 + 1)) y=$((1 + (8 - $2) * 3 + 1 + 1))
  tmux_ send-keys -t c960 -l $'\e'"[<0;${x};${y}M"$'\e'"[<0;${x};${y}m"
}
expect "Game · Chess960 #3" "--chess960 3: the number in the panel"
click 5 1
expect "f1 picked up" "a click picks up the king"
click 6 1
expect " 1\. O-O " "the king put down on its rook castles"
keys C-c
expect "The game is not saved" "the quit question"
keys y
expect "play exited with 0" "y quits"
status=0
"$PLAY" --chess960 960 >/dev/null 2>"$scratch/error" || status=$?
if [ "$status" -eq 2 ] && grep -q "from 0 to 959 is needed, not '960'" "$scratch/error"; then
  echo "ok    --chess960 960 is refused with exit code 2"
else
  echo "FAIL  --chess960 960: exit code $status, $(cat "$scratch/error")" >&2
  exit 1
fi

# Chess Fragments: the 5x5 board (ranks 1 to 5), a refused move kept in the input line and
# replaced by the next one typed, the Right (a1) taking on a4 with two clicks; a bad --variant is refused with exit
# code 2.
tmux_ new-session -d -s frag -x 100 -y 30 \
  "$PLAY --variant fragments --mode humans --theme plain; echo \"play exited with \$?\"; sleep 60"
screen() { tmux_ capture-pane -p -t frag; }
keys() { tmux_ send-keys -t frag "$@"; }
type_line() { tmux_ send-keys -t frag -l "$1"; tmux_ send-keys -t frag Enter; }
click() {
  local x=$((2 + $1 * 7 + 3 + 1)) y=$((1 + (5 - $2) * 3 + 1 + 1))
  tmux_ send-keys -t frag -l $'\e'"[<0;${x};${y}M"$'\e'"[<0;${x};${y}m"
}
expect "Game · Chess Fragments" "--variant fragments: the rules in the panel"
expect "^ +a +b +c +d +e +[^f]" "files a to e"
expect "Type a move \(e3, Nc3\)" "the first message's examples are moves of the 5x5 start"
type_line e4
expect "^move> e4" "a refused move stays in the input line, to be fixed"
# Kept selected: the next move typed replaces it.
for move in b3 cxb3 axb3 d3; do type_line "$move"; done
expect " 2\. axb3 +d3 " "moves typed, the first over the refused one"
click 0 1
expect "a1 picked up" "a click picks up the Right"
click 0 4
expect " 3\. Cxa4 " "the Right put down on a4"
keys C-c
expect "The game is not saved" "the quit question"
keys y
expect "play exited with 0" "y quits"
status=0
"$PLAY" --variant atomic >/dev/null 2>"$scratch/error" || status=$?
if [ "$status" -eq 2 ] && grep -q "the rules are chess or fragments, not 'atomic'" "$scratch/error"; then
  echo "ok    --variant atomic is refused with exit code 2"
else
  echo "FAIL  --variant atomic: exit code $status, $(cat "$scratch/error")" >&2
  exit 1
fi

echo "the full-screen app played a game in tmux"
