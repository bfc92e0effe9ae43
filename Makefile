# Hotmap Brawl: the two commands a person needs, and a few for developers.
#   make play    install missing Debian packages, build, start the demo
#   make test    install missing Debian packages, build, run every test through ctest
#   make bench   Release build of bench/, then run the collision benchmarks
BUILD_DIR   ?= build
RELEASE_DIR ?= build-release
JOBS        ?= 2
PLAY_BIN     = $(BUILD_DIR)/src/app/collide_example

.PHONY: all deps build test play bench format clean

all: build

deps:
	@scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
	@cmake --build $(BUILD_DIR) -j$(JOBS)

test: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS)

# With no display there is no window to open: say so once, name the headless way, and stop.
play: build
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  echo "no display: run '$(PLAY_BIN) --headless --screenshot shot.png' or 'xvfb-run -a make play'"; \
	else \
	  $(PLAY_BIN); \
	fi

bench: deps
	@cmake -S . -B $(RELEASE_DIR) -DCMAKE_BUILD_TYPE=Release -DHOTMAP_BUILD_TESTS=OFF > /dev/null
	@cmake --build $(RELEASE_DIR) -j$(JOBS) --target bench_collide
	$(RELEASE_DIR)/bench/bench_collide

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR)
