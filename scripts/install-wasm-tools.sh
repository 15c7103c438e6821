#!/usr/bin/env bash
# Installs what building Outpost for the browser needs, each only when missing: Rust's
# wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at exactly the version of the
# wasm-bindgen crate in Cargo.lock (the two must match), by `cargo install --locked`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-wasm-target.sh
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "install-wasm-tools: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version)" = "wasm-bindgen $version" ]; then
  echo "wasm-bindgen $version: installed"
else
  echo "wasm-bindgen $version: installing wasm-bindgen-cli with cargo install (a few minutes)"
  # With the versions its lock file names; where the registry no longer serves one of them,
  # with the newest compatible ones.
  if ! cargo install --locked --quiet wasm-bindgen-cli --version "$version"; then
    echo "wasm-bindgen $version: its locked dependencies cannot all be had; installing without --locked"
    cargo install --quiet wasm-bindgen-cli --version "$version"
  fi
fi
