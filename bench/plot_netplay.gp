# The netplay benchmark's CSV (bench/results/netplay.csv) as three panels: how deep rollbacks go,
# how often a peer has to stall, and what one restore + 8-tick re-simulation costs at worst (p99).
# Usage: gnuplot -e "csv='bench/results/netplay.csv'; out='docs/images/netplay.png'" bench/plot_netplay.gp
if (!exists("csv")) csv = "bench/results/netplay.csv"
if (!exists("out")) out = "docs/images/netplay.png"
set terminal pngcairo size 1500,500 font "DejaVu Sans,11"
set output out
set datafile separator ","
set multiplot layout 1,3 title "Rollback netplay over a simulated link (jitter 10 ms, 20 seeds per cell, whole matches)"
set grid xtics ytics lc rgb "#dddddd"
set xlabel "latency, one way (ms)"
set xrange [-10:160]
set xtics (0, 50, 100, 150)
set key top left
sel(f, loss) = sprintf("< awk -F, '$1==\"%s\" && $3==%d' %s", f, loss, csv)

set title "mean rollback depth (real fighters)"
set ylabel "ticks re-simulated per rollback"
set yrange [0:9]
plot sel("real", 0) using 2:6 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "loss 0 %", \
     sel("real", 5) using 2:6 with linespoints lw 2 pt 5 lc rgb "#ff7f0e" title "loss 5 %", \
     sel("real", 10) using 2:6 with linespoints lw 2 pt 9 lc rgb "#d62728" title "loss 10 %", \
     8 with lines dt 2 lc rgb "#555555" title "--max-rollback 8"

set title "stalled ticks per peer per match (real fighters)"
set ylabel "ticks waited for the opponent's inputs"
set yrange [0:*]
plot sel("real", 0) using 2:9 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "loss 0 %", \
     sel("real", 5) using 2:9 with linespoints lw 2 pt 5 lc rgb "#ff7f0e" title "loss 5 %", \
     sel("real", 10) using 2:9 with linespoints lw 2 pt 9 lc rgb "#d62728" title "loss 10 %"

set key bottom right
set title "p99 of one restore + 8-tick re-simulation"
set ylabel "microseconds (log)"
set logscale y
set yrange [1:10000]
plot sel("real", 0) using 2:10 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "real, loss 0 %", \
     sel("real", 10) using 2:10 with linespoints lw 2 pt 9 lc rgb "#d62728" title "real, loss 10 %", \
     sel("synthetic", 0) using 2:10 with linespoints lw 2 dt 3 pt 6 lc rgb "#1f77b4" title "synthetic, loss 0 %", \
     sel("synthetic", 10) using 2:10 with linespoints lw 2 dt 3 pt 8 lc rgb "#d62728" title "synthetic, loss 10 %", \
     1000 with lines dt 2 lc rgb "#555555" title "budget: 1 ms"
unset multiplot
