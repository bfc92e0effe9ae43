# The bumper benchmark's CSV (n,method,ms_per_tick; method ours, before or seed) as a log-log plot.
# Usage: gnuplot -e "csv='bench/results/bumper.csv'; out='docs/images/bumper-bench.png'" bench/plot_bumper.gp
if (!exists("csv")) csv = "bench/results/bumper.csv"
if (!exists("out")) out = "docs/images/bumper-bench.png"
set terminal pngcairo size 900,540 font "DejaVu Sans,11"
set output out
set datafile separator ","
set title "Bumper scene: collision cost per tick (broad phase + pixel tests)"
set xlabel "sprites"
set ylabel "milliseconds per tick (log)"
set logscale xy
set xrange [700:150000]
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top left
set format x "%.0f"
plot "< grep ',ours,' ".csv using 1:3 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "ours: uniform grid + bit-parallel masks", \
     "< grep ',before,' ".csv using 1:3 with linespoints lw 2 pt 9 dt 3 lc rgb "#2ca02c" title "before: the grid and queries before the strip layout", \
     "< grep ',seed,' ".csv using 1:3 with linespoints lw 2 pt 5 lc rgb "#d62728" title "seed: all pairs, rectangles, colour per pixel", \
     16.667 with lines dt 2 lc rgb "#555555" title "one 60 Hz frame (16.7 ms)"
