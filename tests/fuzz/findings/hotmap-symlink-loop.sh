#!/usr/bin/env bash
# Finding hotmap-symlink-loop (README.md): a hotmap that is a loop of symbolic links is taken for
# a missing hotmap: the frame silently falls back to its sprite, lint prints a warning and exits 0.
# A sprite in the same state is an error ("cannot read: Too many levels of symbolic links").
# Usage: tests/fuzz/findings/hotmap-symlink-loop.sh [path/to/hotmap]   (default build/src/tools/hotmap)
set -euo pipefail
cd "$(dirname "$0")/../../.."
hotmap=${1:-build/src/tools/hotmap}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r tests/bad-assets/hotmap-symlink-loop "$work/p"
ln -sf walk_back_01.png "$work/p/hotmaps/fixture/walk_back_01.png"   # a link to itself
set +e
"$hotmap" lint "$work/p"
echo "exit code: $? (want 1 and \"error: .../walk_back_01.png: cannot read: Too many levels of symbolic links\")"
