# Hotmap Brawl: the two commands a person needs, and a few for developers.
#   make play    install missing Debian packages, build the demo (only what playing needs), start it
#   make test    install missing Debian packages, build everything, run every test through ctest
#   make test-release  the same suite in a Release build (-O3, no asserts: what players run)
#   make package       the .debs (hotmap-brawl, libhotmap-collide-dev); make package-check tries them
#   make bench   Release build, then every benchmark (collision core, fight, bumper, netplay, load)
#   make bench-frame  a windowed frame's CPU time by phase under Xvfb (bench/results/frame.csv)
#   make bench-balance  the fighters' matchups CPU against CPU, the CPU's profile, looped patterns
#                (bench/results/balance.csv and docs/balance.md)
#   make bench-plot   the bumper and netplay benchmarks' CSVs as docs/images/*.png (gnuplot)
BUILD_DIR   ?= build
RELEASE_DIR ?= build-release
JOBS        ?= 2
FRAME_ROUNDS ?= 5
PLAY_BIN     = $(BUILD_DIR)/src/app/brawl

.PHONY: all deps configure build framedata test test-release package package-check play release bench bench-collide bench-fight bench-bumper bench-netplay bench-load bench-frame bench-balance bench-plot format format-check clean

all: build

deps:
	@scripts/deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS)

# Frame data: both fighters' tables, each against the other (test_framedata fails when the file
# is not what this makes).
framedata: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS) --target hotmap
	@$(BUILD_DIR)/src/tools/hotmap framedata assets/brick assets/kestrel > docs/framedata.md
	@echo "docs/framedata.md"

# CI (CI=true) leaves out the tests labelled long (the 2,000-rewrite reload storms, the 100,000-tick
# soak); their short forms run everywhere. Locally every test runs; `ctest -L long` runs those alone.
CTEST_LONG = $(if $(filter true,$(CI)),-LE long,)

test: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS) $(CTEST_LONG)

# Playing needs the demo alone: not the tests, the benchmarks or the art generator.
# With no display there is no window to open: say so once, name the headless way, and stop.
play: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS) --target brawl
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  echo "no display: run '$(PLAY_BIN) --headless --frames 600 --screenshot shot.png' or 'xvfb-run -a make play'"; \
	else \
	  $(PLAY_BIN); \
	fi

# Release: -O3 and no asserts, warnings still errors; the whole project, tests included.
release: deps
	@cmake -S . -B $(RELEASE_DIR) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(RELEASE_DIR) -j$(JOBS)

test-release: release
	@ctest --test-dir $(RELEASE_DIR) --output-on-failure -j$(JOBS) $(CTEST_LONG)

# The .debs (CPack, from the Release build): hotmap-brawl (the game) and libhotmap-collide-dev
# (the collision core as a CMake package). package-check installs nothing: it extracts both into
# a temporary folder, moves the clone out of reach and plays, lints and builds examples/consumer
# from the extracted files alone (scripts/package_check.sh).
package: release
	@cmake --build $(RELEASE_DIR) -j$(JOBS) --target package_files
	@cd $(RELEASE_DIR) && cpack -G DEB > /dev/null && ls -1 $(CURDIR)/$(RELEASE_DIR)/*.deb

package-check: package
	@scripts/package_check.sh $(RELEASE_DIR)

bench: bench-collide bench-fight bench-bumper bench-netplay bench-load

bench-collide: release
	$(RELEASE_DIR)/bench/bench_collide

bench-fight: release
	$(RELEASE_DIR)/bench/bench_fight

bench-bumper: release
	$(RELEASE_DIR)/bench/bumper_bench --csv bench/results/bumper.csv

# The rollback grid (docs/netplay.md): latency x loss over 20 seeds on a virtual clock, and the cost
# of one restore + 8-tick re-simulation. Fails on any desync.
bench-netplay: release
	$(RELEASE_DIR)/bench/bench_netplay --csv bench/results/netplay.csv

# The balance grid (docs/balance.md): every pairing x CPU level x side x two seed ranges, CPU
# against CPU, on both cores; the CPU's profile per level; looped patterns against each level.
# Release, only what it needs built.
bench-balance: deps
	@cmake -S . -B $(RELEASE_DIR) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(RELEASE_DIR) -j$(JOBS) --target bench_balance
	$(RELEASE_DIR)/bench/bench_balance --csv bench/results/balance.csv --md docs/balance.md

# The fighters' load split by phase, and the whole load beside `before`'s loader (bench/bench_load.cpp):
# Release, only what it needs built.
bench-load: deps
	@cmake -S . -B $(RELEASE_DIR) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(RELEASE_DIR) -j$(JOBS) --target bench_load
	$(RELEASE_DIR)/bench/bench_load --csv bench/results/load.csv

# A windowed fight's CPU time a frame by phase under Xvfb, both renderers, overlay off and on
# (bench/bench_frame.sh, brawl --frame-split): Release, only the demo built.
bench-frame: deps
	@cmake -S . -B $(RELEASE_DIR) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(RELEASE_DIR) -j$(JOBS) --target brawl
	bench/bench_frame.sh $(RELEASE_DIR)/src/app/brawl bench/results/frame.csv $(FRAME_ROUNDS)

bench-plot:
	@scripts/deps.sh gnuplot-nox
	gnuplot -e "csv='bench/results/bumper.csv'; out='docs/images/bumper-bench.png'" bench/plot_bumper.gp
	gnuplot -e "csv='bench/results/netplay.csv'; out='docs/images/netplay.png'" bench/plot_netplay.gp

format:
	@scripts/deps.sh clang-format
	clang-format -i $$(git ls-files '*.cpp' '*.h')

# The layout check CI runs: every tracked source already formatted, or the files that are not.
format-check:
	@scripts/deps.sh clang-format
	@clang-format --dry-run -Werror $$(git ls-files '*.cpp' '*.h') 2>/dev/null || \
	  { echo "error: not formatted (run 'make format'):"; clang-format --dry-run $$(git ls-files '*.cpp' '*.h') 2>&1 | grep -o '^[^:]*' | sort -u; exit 1; }

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR)

# Reliability (docs/reliability.md): the whole suite under ASan + UBSan, and the libFuzzer targets.
#   make asan    build-asan/ (CMakePresets.json "asan"), then every test through ctest
#   make fuzz    build-fuzz/ (clang, "fuzz"), then each fuzzer FUZZ_SECONDS (default 60) seconds
FUZZ_SECONDS ?= 60
.PHONY: asan fuzz fuzz-build
asan:
	@scripts/deps.sh llvm
	@cmake --preset asan > /dev/null
	@cmake --build --preset asan
	@ctest --preset asan $(CTEST_LONG)

fuzz-build:
	@scripts/deps.sh clang libclang-rt-14-dev llvm
	@cmake --preset fuzz > /dev/null
	@cmake --build --preset fuzz

fuzz: fuzz-build
	@tests/fuzz/run.sh $(FUZZ_SECONDS)
