#!/usr/bin/env bash
# Installs Rust's wasm32-unknown-unknown target (the standard library for WebAssembly) with
# rustup when it is missing, for the toolchain cargo uses here. The game core is built for it
# by .ci/run, so that nothing that cannot run in a browser's Web Worker creeps into it.
set -euo pipefail
target=wasm32-unknown-unknown
if rustup target list --installed | grep -qx "$target"; then
  echo "$target: installed"
else
  echo "$target: installing with rustup"
  rustup target add "$target"
fi
