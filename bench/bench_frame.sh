#!/bin/sh
# bench_frame: a windowed CPU-against-CPU fight's CPU time a frame under Xvfb, split by phase
# (brawl --frame-split: simulation, drawing, ImGui, present, the rest), with both of SDL's
# renderers (software, OpenGL on Mesa) and with the overlay off and on. Process CPU time, so a
# busy shared machine disturbs it less than wall time; still, each case runs ROUNDS times, the
# rounds interleaved, and the round with the least share of a core (CPU over wall time) is kept. Figures only, never a test.
# Usage: bench/bench_frame.sh BRAWL CSV [ROUNDS] [FRAMES]
set -eu
brawl=$1
csv=$2
rounds=${3:-5}
frames=${4:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One case: a JSON line from brawl; SDL_RENDER_BATCHING=1 keeps the batching that naming a driver
# would turn off, as the default renderer has it.
run_case() { # renderer overlay round
    flag=""
    [ "$2" = on ] && flag=--overlay
    SDL_RENDER_DRIVER=$1 SDL_RENDER_BATCHING=1 SDL_AUDIODRIVER=dummy XDG_CONFIG_HOME="$out" XDG_DATA_HOME="$out" \
        xvfb-run -a -s "-screen 0 1920x1080x24" "$brawl" --assets "$root" --frames "$frames" \
        --p1 cpu --p2 cpu --frame-split $flag > "$out/$1-$2-$3.json" 2> "$out/$1-$2-$3.err" ||
        { echo "bench_frame: $1 overlay $2 failed:" >&2; cat "$out/$1-$2-$3.err" >&2; exit 1; }
    grep -q '"frame_us"' "$out/$1-$2-$3.json" ||
        { echo "bench_frame: $1 overlay $2 printed no split" >&2; exit 1; }
}

# A field's number from a JSON line of flat numbers.
field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p" "$2"; }

r=1
while [ "$r" -le "$rounds" ]; do
    for renderer in software opengl; do
        for overlay in off on; do
            run_case "$renderer" "$overlay" "$r"
        done
    done
    r=$((r + 1))
done

echo "renderer,overlay,frames,simulation_us,drawing_us,imgui_us,present_us,other_us,frame_us,frames_per_second,cores,peak_rss_kb,rounds" > "$csv"
printf '%-9s %-7s %8s %8s %8s %8s %8s %9s %6s %6s %8s\n' renderer overlay sim_us draw_us imgui_us present_us other_us frame_us fps cores rss_MB
for renderer in software opengl; do
    for overlay in off on; do
        best=""
        for f in "$out/$renderer-$overlay"-*.json; do
            if [ -z "$best" ] || [ "$(echo "$(field cores "$f") < $(field cores "$best")" | bc)" = 1 ]; then
                best=$f
            fi
        done
        rss=0  # the peak over the rounds: memory is not noise
        for f in "$out/$renderer-$overlay"-*.json; do
            v=$(field peak_rss_kb "$f")
            [ "$v" -gt "$rss" ] && rss=$v
        done
        line="$renderer,$overlay,$(field frames "$best")"
        for k in simulation_us drawing_us imgui_us present_us other_us frame_us frames_per_second cores; do
            line="$line,$(field $k "$best")"
        done
        echo "$line,$rss,$rounds" >> "$csv"
        printf '%-9s %-7s %8s %8s %8s %8s %8s %9s %6s %6s %8s\n' "$renderer" "$overlay" "$(field simulation_us "$best")" \
            "$(field drawing_us "$best")" "$(field imgui_us "$best")" "$(field present_us "$best")" \
            "$(field other_us "$best")" "$(field frame_us "$best")" "$(field frames_per_second "$best")" \
            "$(field cores "$best")" \
            "$((rss / 1024))"
    done
done
echo "best of $rounds rounds a case (least share of a core); peak RSS the highest; $csv"
