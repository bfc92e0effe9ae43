# BumperBench.AListingLeavesTheCsvAsItWas (bench/CMakeLists.txt): `bumper_bench
# --benchmark_list_tests` times nothing, so the CSV it is pointed at must keep the figures it
# holds (a listing once wrote a header alone over bench/results/bumper.csv).
# cmake -DBENCH=<bumper_bench> -DCSV=<scratch file> -P check_bumper_listing.cmake
set(figures "n,method,ms_per_tick\n1000,ours,0.5\n")
file(WRITE "${CSV}" "${figures}")
execute_process(COMMAND "${BENCH}" --benchmark_list_tests=true --benchmark_filter=bumper/ours/1000/ --csv "${CSV}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bumper_bench exited ${rc}:\n${out}\n${err}")
endif()
if(NOT out MATCHES "bumper/ours/1000/")
  message(FATAL_ERROR "the listing does not name bumper/ours/1000:\n${out}")
endif()
file(READ "${CSV}" after)
if(NOT after STREQUAL figures)
  message(FATAL_ERROR "a listing changed ${CSV}; it holds:\n${after}")
endif()
