#!/usr/bin/env bash
# Installs what the browser tests of the web page (scripts/web-browser-test.py, and of the static
# site, scripts/site-browser-test.py) need: Debian's
# Chromium (only when missing; never a browser download) and Playwright for Python, which drives
# that browser through its executable path. Run as root on Debian (CI is), or with sudo.
set -euo pipefail

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

if ! python3 -c "import playwright" >/dev/null 2>&1; then
  echo "installing Playwright for Python (the driver only: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD)"
  if ! python3 -m pip --version >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-pip >/dev/null
  fi
  # Debian's own Python refuses to install into itself (PEP 668) unless told to.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 python3 -m pip install --quiet "playwright==1.65.2" ||
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 python3 -m pip install --quiet --break-system-packages "playwright==1.65.2"
fi

if ! python3 -c "import chess" >/dev/null 2>&1; then
  # The static site's test plays whole games: python-chess lists its legal moves.
  echo "installing python-chess"
  python3 -m pip install --quiet "chess==1.11.2" ||
    python3 -m pip install --quiet --break-system-packages "chess==1.11.2"
fi

echo "web test dependencies present: $(chromium --version 2>/dev/null | head -1), playwright $(python3 -c 'from importlib.metadata import version; print(version("playwright"))')"
