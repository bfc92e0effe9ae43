#!/usr/bin/env bash
# Tries the .debs as a user would get them, without installing anything on this machine:
#   1. extracts hotmap-brawl and libhotmap-collide-dev into a fresh folder (dpkg -x);
#   2. checks that neither installed program holds this clone's path (strings);
#   3. moves the clone out of reach, then, from /tmp with a fresh HOME, plays a headless match and
#      lints the installed fighters with the installed programs and data alone;
#   4. builds and runs examples/consumer against the extracted HotmapCollide package (CMake) and
#      compiles it once more through pkg-config.
# Usage: scripts/package_check.sh [RELEASE_DIR]   (after `make package`; make package-check does both)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/${1:-build-release}"
work=$(mktemp -d /tmp/hotmap-package.XXXXXX)
fail() { echo "error: package check: $*" >&2; exit 1; }

game_deb=$(ls "$build"/hotmap-brawl_*.deb 2>/dev/null | head -n 1)
dev_deb=$(ls "$build"/libhotmap-collide-dev_*.deb 2>/dev/null | head -n 1)
[[ -n "$game_deb" && -n "$dev_deb" ]] || fail "no .debs in $build (run make package)"
dpkg -x "$game_deb" "$work/root"
dpkg -x "$dev_deb" "$work/root"
usr="$work/root/usr"
echo "package check: $(basename "$game_deb") needs: $(dpkg-deb -f "$game_deb" Depends)"
for f in bin/brawl bin/hotmap share/hotmap-brawl/assets/brick/fighter.json share/applications/hotmap-brawl.desktop \
         share/icons/hicolor/256x256/apps/hotmap-brawl.png share/man/man6/brawl.6 share/man/man1/hotmap.1 \
         include/hotmap/collide/collide.h lib/libhotmap-collide.a lib/cmake/HotmapCollide/HotmapCollideConfig.cmake \
         lib/pkgconfig/hotmap-collide.pc; do
  [[ -e "$usr/$f" ]] || fail "usr/$f is not in the packages"
done
file "$usr/share/icons/hicolor/256x256/apps/hotmap-brawl.png" | grep -q '256 x 256' || fail "the icon is not 256 x 256"
for program in brawl hotmap; do
  if strings "$usr/bin/$program" | grep -F -q "$root"; then
    fail "usr/bin/$program holds the clone's path $root"
  fi
done

# Out of reach: the installed files must do without the clone. A clone that cannot be moved (a
# mount point) is said so, and the rest still runs from /tmp.
hidden="$root.moved-away.$$"
if mv "$root" "$hidden" 2>/dev/null; then
  trap 'mv "$hidden" "$root"' EXIT
  src="$hidden"
else
  echo "package check: note: could not move $root out of the way; running from /tmp anyway"
  src="$root"
fi
mkdir -p "$work/home"
cd /tmp
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
out=$("$usr/bin/brawl" --headless --frames 600 </dev/null) || fail "the installed brawl failed"
echo "$out" | grep -q '"frames": 600' || fail "the installed brawl printed: $out"
"$usr/bin/brawl" --version | grep -q "^brawl " || fail "brawl --version"
lint=$("$usr/bin/hotmap" lint 2>&1) || fail "the installed hotmap lint failed: $lint"
echo "$lint" | grep -q "share/hotmap-brawl" || fail "hotmap lint did not check the installed project: $lint"
echo "package check: brawl played 600 ticks and hotmap lint passed from the installed files"

cmake -S "$src/examples/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$usr" > /dev/null
cmake --build "$work/consumer" > /dev/null
"$work/consumer/consumer" || fail "the consumer example (CMake) gave the wrong answer"
flags=$(PKG_CONFIG_PATH="$usr/lib/pkgconfig" pkg-config --cflags --libs hotmap-collide)
# shellcheck disable=SC2086  # the flags are words
g++ -o "$work/consumer-pc" "$src/examples/consumer/main.cpp" $flags
"$work/consumer-pc" > /dev/null || fail "the consumer example (pkg-config) gave the wrong answer"
echo "package check: examples/consumer built and ran against the installed library (CMake and pkg-config)"
rm -rf "$work"
