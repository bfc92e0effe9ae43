#!/usr/bin/env bash
# The architecture's walls, checked on every test run:
#   src/collide includes nothing but the standard library and itself (no SDL, ImGui, files' libs);
#   src/game includes no SDL and no ImGui; src/net includes game only (ENet in its adapter alone);
#   no library includes the programs above it.
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
check src/assets  'imgui|render/|debug/|app/|tools/' "ImGui or higher layers"
check src/render  'debug/|app/|tools/' "the overlay, the app or the tools"
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
exit $fail
