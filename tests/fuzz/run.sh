#!/usr/bin/env bash
# Runs the libFuzzer targets built by the `fuzz` preset (build-fuzz/), each for SECONDS, two at a
# time (the machine has 2 cores), starting from its committed seed corpus (tests/fuzz/corpus/<t>/,
# never written to) and a scratch corpus (build-fuzz/corpus/<t>/, kept between runs).
# Prints one line per target: executions, time, corpus size. A crash, a leak, a sanitizer report
# or a hang fails the run: the input is in build-fuzz/artifacts/ and the log's last lines print.
# Usage: tests/fuzz/run.sh SECONDS [TARGET...]        (make fuzz; FUZZ_SECONDS=10 in CI)
# FUZZ_SEED=N fixes libFuzzer's random seed (CI does, so a smoke run explores the same way each
# time and a latent bug cannot fail an unrelated change by luck); unset, each run differs.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
((${#targets[@]})) || targets=(fuzz_manifest fuzz_png fuzz_overlap fuzz_replay fuzz_packet fuzz_project fuzz_wav)
bin=build-fuzz/tests/fuzz
mkdir -p build-fuzz/artifacts build-fuzz/logs

# A sanitizer report exits 86 (as in the asan test preset); leaks inside system libraries only are
# suppressed, each named in tests/lsan.supp. The clang runtime finds llvm-symbolizer on PATH.
export ASAN_OPTIONS="exitcode=86:detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86"
export LSAN_OPTIONS="exitcode=86:suppressions=$PWD/tests/lsan.supp:print_suppressions=0"

run_one() {
    local t=$1
    mkdir -p "build-fuzz/corpus/$t"
    # -timeout: one input taking 25 s is a hang, i.e. a finding. -rss_limit_mb: libFuzzer's
    # default (2 GB); a replay of 100 million ticks is 200 MB, a 4096 x 4096 PNG 64 MB.
    "$bin/$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} \
        -artifact_prefix="build-fuzz/artifacts/$t-" "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
        > "build-fuzz/logs/$t.log" 2>&1
}

summary() {
    local t=$1 log="build-fuzz/logs/$1.log"
    local runs secs corpus
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
    corpus=$(grep -o 'corp: [0-9]*/[0-9A-Za-z]*' "$log" | tail -1 | cut -d' ' -f2)
    printf 'fuzz: %-14s %9s executions in %3s s, corpus %s\n' "$t" "${runs:-?}" "${secs:-?}" "${corpus:-?}"
}

failed=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    pids=()
    for t in "${targets[@]:i:2}"; do
        [[ -x "$bin/$t" ]] || { echo "fuzz: $bin/$t is not built (cmake --preset fuzz && cmake --build --preset fuzz)" >&2; exit 2; }
        run_one "$t" &
        pids+=("$!:$t")
    done
    for entry in "${pids[@]}"; do
        t=${entry#*:}
        if wait "${entry%%:*}"; then
            summary "$t"
        else
            failed=1
            echo "fuzz: $t FAILED; the input is in build-fuzz/artifacts/$t-*; the end of build-fuzz/logs/$t.log:" >&2
            grep -v '^#[0-9]' "build-fuzz/logs/$t.log" | tail -40 >&2
        fi
    done
done
exit "$failed"
