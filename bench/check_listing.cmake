# A benchmark's listing (--benchmark_list_tests) names its cases and times nothing, so the CSV it
# is pointed at keeps the figures it holds, and nothing else runs. Two tests use it
# (bench/CMakeLists.txt):
#   BumperBench.AListingLeavesTheCsvAsItWas: bumper_bench once wrote a header alone over
#     bench/results/bumper.csv after a listing.
#   NetplayBench.AListingRunsNoGrid: bench_netplay once played its whole latency x loss grid after
#     a listing, and wrote the grid's CSV.
# cmake -DBENCH=<binary> -DCSV=<scratch file> -DNAME=<a case the listing must name>
#       [-DFILTER=<--benchmark_filter value>] [-DFORBID=<text the output must not hold>]
#       -P check_listing.cmake
set(figures "n,method,ms_per_tick\n1000,ours,0.5\n")
file(WRITE "${CSV}" "${figures}")
set(args --benchmark_list_tests=true --csv "${CSV}")
if(FILTER)
  list(APPEND args "--benchmark_filter=${FILTER}")
endif()
execute_process(COMMAND "${BENCH}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BENCH} exited ${rc}:\n${out}\n${err}")
endif()
if(NOT out MATCHES "${NAME}")
  message(FATAL_ERROR "the listing does not name ${NAME}:\n${out}")
endif()
if(FORBID AND out MATCHES "${FORBID}")
  message(FATAL_ERROR "the run did more than list the cases (its output holds \"${FORBID}\"):\n${out}")
endif()
file(READ "${CSV}" after)
if(NOT after STREQUAL figures)
  message(FATAL_ERROR "a listing changed ${CSV}; it holds:\n${after}")
endif()
