#!/usr/bin/env bash
# The architecture's walls, checked on every test run:
#   src/collide includes nothing but the standard library and itself (no SDL, ImGui, files' libs);
#   src/game includes no SDL and no ImGui; src/net includes game only (ENet in its adapter alone);
#   src/audio includes game and assets only (SDL_mixer in mixer_sink.cpp alone);
#   no library includes the programs above it; scenes stay thin (under 300 lines, no match of their own).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
fail=0
check() {  # check <folder> <forbidden include regex> <why>
  [ -d "$root/$1" ] || return 0
  hits=$(grep -rnE "#include *[<\"]($2)" "$root/$1" || true)
  if [ -n "$hits" ]; then
    echo "layering: $1 must not include $3:"; echo "$hits"; fail=1
  fi
}
check src/collide 'SDL|imgui|nlohmann|game/|net/|assets/|render/|debug/|app/|tools/|fstream|filesystem|iostream' "SDL, ImGui, file I/O or higher layers"
check src/game    'SDL|imgui|net/|assets/|render/|debug/|app/|tools/|fstream|filesystem' "SDL, ImGui, files or higher layers"
check src/net     'SDL|imgui|assets/|render/|debug/|app/|tools/' "SDL, ImGui or any layer but game"
# ENet only in the adapter (enet_transport.*): the session and the simulator never see a socket.
hits=$(grep -rnE '#include *[<"]enet' "$root/src/net" --exclude='enet_transport.*' || true)
if [ -n "$hits" ]; then
  echo "layering: only src/net/enet_transport.* may include ENet:"; echo "$hits"; fail=1
fi
check src/assets  'imgui|SDL_mixer|render/|debug/|app/|tools/|audio/' "ImGui, SDL_mixer or higher layers"
check src/audio   'imgui|net/|render/|debug/|app/|tools/' "ImGui, net or any layer but game and assets"
# SDL (and SDL_mixer) only in the MixerSink: the rest of the audio layer runs without a device.
hits=$(grep -rnE '#include *[<"]SDL' "$root/src/audio" --exclude='mixer_sink.cpp' || true)
if [ -n "$hits" ]; then
  echo "layering: only src/audio/mixer_sink.cpp may include SDL or SDL_mixer:"; echo "$hits"; fail=1
fi
# SDL_mixer lives in src/audio and src/app only.
for dir in src/collide src/game src/net src/render src/debug src/tools; do
  check "$dir" 'SDL_mixer' "SDL_mixer (sound lives in src/audio)"
done
check src/render  'debug/|app/|tools/|audio/' "the overlay, audio, the app or the tools"
check src/debug   'app/|tools/' "the app or the tools"
# Scenes never reach into one another: a scene's file includes no other scene's file; they hand over
# through the shell (SceneSwitch).
for scene in "$root"/src/app/scene_*.cpp; do
  [ -e "$scene" ] || continue
  hits=$(grep -nE '#include *"app/scene_[a-z_]+\.(h|cpp)"' "$scene" || true)
  if [ -n "$hits" ]; then
    echo "layering: $(basename "$scene") must not include another scene:"; echo "$hits"; fail=1
  fi
done
# Scenes stay thin (DEVELOPERS.md, "How to add a mode"): each under 300 lines, and a match's step,
# drawing, replays and event log are the match runner's (match_runner.h), never a scene's own.
for scene in "$root"/src/app/scene_*.cpp; do
  [ -e "$scene" ] || continue
  lines=$(wc -l < "$scene")
  if [ "$lines" -ge 300 ]; then
    echo "layering: $(basename "$scene") has $lines lines: a scene stays under 300 (the match is the runner's)"; fail=1
  fi
  hits=$(grep -nE 'game::StepMatch|render::DrawMatch|game::FormatReplay|debug::Observe|EventJson' "$scene" || true)
  if [ -n "$hits" ]; then
    echo "layering: $(basename "$scene") runs a match itself (the match runner's job, match_runner.h):"; echo "$hits"; fail=1
  fi
done
exit $fail
