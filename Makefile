# GameNight: `make site` builds the example site, `make test` runs every test.
# Both install libcmark-dev first when pkg-config cannot find it.

SWIFT ?= swift
OUT ?= site
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site test deps build bench browser-check clean kill-test

deps:
	@if ! pkg-config --exists libcmark 2>/dev/null && [ ! -f /usr/include/cmark.h ] && [ ! -f /opt/homebrew/include/cmark.h ] && [ ! -f /usr/local/include/cmark.h ]; then \
	  echo "Installing libcmark (the CommonMark C library)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev pkg-config; \
	  elif command -v brew >/dev/null; then brew install cmark pkg-config; \
	  else echo "Please install libcmark (Debian: libcmark-dev, Homebrew: cmark)." >&2; exit 1; fi; \
	fi

build: deps
	$(SWIFT) build --product gamenight

site: build
	$(SWIFT) run --skip-build gamenight build examples --out $(OUT)
	@echo "Open $(CURDIR)/$(OUT)/index.html"

test: deps
	$(SWIFT) test

clean:
	rm -rf .build $(OUT)

# Benchmarks (not tests): release builds, figures printed as ratios against the peers.
bench: deps
	cd Benchmarks && $(SWIFT) build -c release
	Benchmarks/.build/release/SnapshotBenchmark
	Benchmarks/.build/release/SolverBenchmark

# Kills 20 large builds at random moments; the output must always be a complete site.
kill-test: deps
	Tests/KillTest/kill-test.sh 20 3000
