#!/usr/bin/env bash
# Installs the Debian 12 packages Hotmap Brawl builds and tests with, and nothing else.
# Idempotent: apt runs only when a package is missing; it waits up to 5 minutes for the dpkg lock.
# Usage: scripts/deps.sh            the build's packages (the Makefile calls it before every build)
#        scripts/deps.sh PKG...     those packages too (e.g. gnuplot-nox for make bench-plot)
set -euo pipefail

# One list, one place: README and DEVELOPERS.md point here.
PACKAGES=(
  cmake g++ make pkg-config          # the toolchain
  libsdl2-dev libsdl2-image-dev      # window, renderer, PNG decoding
  libdeflate-dev zlib1g-dev          # the loader's fast PNG decode (inflate, CRC-32)
  libimgui-dev                       # Dear ImGui 1.86 (the debug overlay)
  libenet-dev                        # ENet 1.3: online play's transport
  libsdl2-mixer-dev                  # SDL2_mixer: sound effects and music
  nlohmann-json3-dev                 # manifests and JSON output
  libgtest-dev libbenchmark-dev      # tests and benchmarks
  xvfb xauth                         # a virtual display for screenshots of the real window
)
# The reliability targets ask for theirs (Makefile): make asan adds llvm (llvm-symbolizer, for
# readable sanitizer stacks), make fuzz adds clang libclang-rt-14-dev llvm (libFuzzer), make
# format-check adds clang-format.
PACKAGES+=("$@")                     # extras a target asks for

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

apt_opts=(-o DPkg::Lock::Timeout=300 -y --no-install-recommends)
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "error: missing Debian packages: ${missing[*]}" >&2
    echo "run as root: apt-get update && apt-get ${apt_opts[*]} install ${missing[*]}" >&2
    exit 1
  fi
else
  SUDO=()
fi

echo "installing missing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
"${SUDO[@]}" apt-get "${apt_opts[@]}" install -qq "${missing[@]}"
