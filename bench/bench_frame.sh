#!/bin/sh
# bench_frame: a windowed CPU-against-CPU fight's CPU time a frame under Xvfb, split by phase
# (brawl --frame-split: simulation, drawing, ImGui, present, the rest), with both of SDL's
# renderers (software, OpenGL on Mesa) and with the overlay off and on. Process CPU time, so a
# busy shared machine disturbs it less than wall time; still, each case runs ROUNDS times, the
# rounds interleaved, and the round with the least CPU a frame is kept. Figures only, never a test.
# BEFORE (optional) is another build of brawl, an older one without --frame-split (main's, say):
# its whole frame is measured in the same rounds from outside, as the CPU time of a run of FRAMES
# ticks less that of a run of 60 (the start), over the ticks between.
# Usage: bench/bench_frame.sh BRAWL CSV [ROUNDS] [FRAMES] [BEFORE]
set -eu
brawl=$1
csv=$2
rounds=${3:-5}
frames=${4:-600}
before=${5:-}
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

# BEFORE's whole run: "user+system seconds" of a run of $4 ticks.
run_before() { # renderer overlay round ticks
    flag=""
    [ "$2" = on ] && flag=--overlay
    SDL_RENDER_DRIVER=$1 SDL_RENDER_BATCHING=1 SDL_AUDIODRIVER=dummy XDG_CONFIG_HOME="$out" XDG_DATA_HOME="$out" \
        xvfb-run -a -s "-screen 0 1920x1080x24" /usr/bin/time -f "cpu %U %S" -o "$out/before-$1-$2-$3-$4.time" \
        "$before" --assets "$root" --frames "$4" --p1 cpu --p2 cpu $flag > /dev/null 2>&1 ||
        { echo "bench_frame: before's $1 overlay $2 failed" >&2; exit 1; }
    sed -n 's/^cpu \([0-9.]*\) \([0-9.]*\)$/\1 \2/p' "$out/before-$1-$2-$3-$4.time" | awk '{print $1 + $2}'
}

# A field's number from a JSON line of flat numbers.
field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p" "$2"; }

r=1
while [ "$r" -le "$rounds" ]; do
    for renderer in software opengl; do
        for overlay in off on; do
            run_case "$renderer" "$overlay" "$r"
            if [ -n "$before" ]; then
                long=$(run_before "$renderer" "$overlay" "$r" "$frames")
                short=$(run_before "$renderer" "$overlay" "$r" 60)
                echo "$long $short" | awk -v n="$frames" '{printf "%.1f\n", ($1 - $2) * 1e6 / (n - 60)}' \
                    > "$out/before-$renderer-$overlay-$r.us"
            fi
        done
    done
    r=$((r + 1))
done

echo "renderer,overlay,frames,simulation_us,drawing_us,imgui_us,present_us,other_us,frame_us,cores_at_60fps,peak_rss_kb,rounds,before_frame_us" > "$csv"
printf '%-9s %-7s %8s %8s %8s %8s %8s %9s %6s %8s %9s\n' renderer overlay sim_us draw_us imgui_us present_us other_us frame_us cores rss_MB before_us
for renderer in software opengl; do
    for overlay in off on; do
        best=""
        for f in "$out/$renderer-$overlay"-*.json; do
            if [ -z "$best" ] || [ "$(echo "$(field frame_us "$f") < $(field frame_us "$best")" | bc)" = 1 ]; then
                best=$f
            fi
        done
        rss=0  # the peak over the rounds: memory is not noise
        for f in "$out/$renderer-$overlay"-*.json; do
            v=$(field peak_rss_kb "$f")
            [ "$v" -gt "$rss" ] && rss=$v
        done
        line="$renderer,$overlay,$(field frames "$best")"
        for k in simulation_us drawing_us imgui_us present_us other_us frame_us cores_at_60fps; do
            line="$line,$(field $k "$best")"
        done
        beforeUs=""
        if [ -n "$before" ]; then
            beforeUs=$(sort -n "$out/before-$renderer-$overlay"-*.us | head -n 1)
        fi
        echo "$line,$rss,$rounds,$beforeUs" >> "$csv"
        printf '%-9s %-7s %8s %8s %8s %8s %8s %9s %6s %8s %9s\n' "$renderer" "$overlay" "$(field simulation_us "$best")" \
            "$(field drawing_us "$best")" "$(field imgui_us "$best")" "$(field present_us "$best")" \
            "$(field other_us "$best")" "$(field frame_us "$best")" "$(field cores_at_60fps "$best")" \
            "$((rss / 1024))" "${beforeUs:--}"
    done
done
echo "best of $rounds rounds a case (least CPU a frame); peak RSS the highest; $csv"
