#!/usr/bin/env bash
# Refreshes the vendored copy of cm-chessboard (the board widget of the page) from the npm
# registry: the pinned version's `src/` and `assets/` (without Sass sources and source maps),
# its LICENSE and package.json, into crates/web/assets/vendor/cm-chessboard/. To move to
# another version, change VERSION, run this, and look at the page.
set -euo pipefail
VERSION=8.15.1
here=$(cd "$(dirname "$0")" && pwd)
target=$here/assets/vendor/cm-chessboard
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$scratch" && npm pack --silent "cm-chessboard@$VERSION" >/dev/null && tar xzf "cm-chessboard-$VERSION.tgz")
rm -rf "$target"
mkdir -p "$target"
cp "$scratch/package/LICENSE" "$scratch/package/package.json" "$target/"
cp -r "$scratch/package/src" "$scratch/package/assets" "$target/"
find "$target" \( -name '*.scss' -o -name '*.map' -o -name '*.md' \) -delete
echo "cm-chessboard $VERSION vendored in ${target#"$here"/}: $(find "$target" -type f | wc -l) files"
