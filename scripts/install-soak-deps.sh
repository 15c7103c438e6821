#!/usr/bin/env bash
# Installs what scripts/soak.py and scripts/calibrate-levels.py need: the reference engines
# from Debian's packages (they install into /usr/games) and python-chess from PyPI. Installs
# nothing when all are there.
#
# Usage: scripts/install-soak-deps.sh   (as root, or a user with sudo)
set -euo pipefail

packages=(stockfish glaurung toga2 phalanx ethereal-chess fairymax hoichess sjeng)
chess_version=1.11.2 # the version soak.py was checked with (its pondering and ponderhit)

missing=()
for package in "${packages[@]}"; do
  [ -x "/usr/games/$package" ] || missing+=("$package")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing ${missing[*]} (Debian packages, into /usr/games)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! python3 -c "import chess.engine" 2>/dev/null; then
  echo "installing python-chess $chess_version (PyPI package chess)"
  python3 -m pip install --quiet "chess==$chess_version"
fi

for package in "${packages[@]}"; do
  [ -x "/usr/games/$package" ] || { echo "install-soak-deps: /usr/games/$package is still missing" >&2; exit 1; }
done
echo "soak dependencies present: ${packages[*]} in /usr/games, python-chess $(python3 -c 'import chess; print(chess.__version__)')"
