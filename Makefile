# GameNight: `make site` builds the example site, `make test` runs every test (SnapshotKit's too).
# Both install libcmark-dev, librsvg2-2 (and, on Linux, libmimalloc-dev and a Japanese font for
# the link-preview cards) first when they are missing; `make test` also installs Node.js.

SWIFT ?= swift
OUT ?= site
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site test lint format python-checks node docs-check man install install-check deps hugo-deps build serve bench bench-site bench-serve browser-check serve-check clean kill-test fault-test fuzz fuzz-campaign snapshot-campaign

deps:
	@if ! pkg-config --exists libcmark 2>/dev/null && [ ! -f /usr/include/cmark.h ] && [ ! -f /opt/homebrew/include/cmark.h ] && [ ! -f /usr/local/include/cmark.h ]; then \
	  echo "Installing libcmark (the CommonMark C library)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev pkg-config; \
	  elif command -v brew >/dev/null; then brew install cmark pkg-config; \
	  else echo "Please install libcmark (Debian: libcmark-dev, Homebrew: cmark)." >&2; exit 1; fi; \
	fi
	@if [ "$$(uname)" = Linux ] && [ ! -f /usr/include/mimalloc.h ] && [ ! -f /usr/local/include/mimalloc.h ]; then \
	  echo "Installing mimalloc (the allocator gamenight links on Linux)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmimalloc-dev; \
	  else echo "Please install mimalloc (Debian: libmimalloc-dev)." >&2; exit 1; fi; \
	fi
	@# librsvg is opened when a card is first drawn, not linked: only its run-time library is needed.
	@if [ -z "$$(ls /usr/lib/librsvg-2.so.2 /usr/lib/*/librsvg-2.so.2 /usr/lib64/librsvg-2.so.2 /opt/homebrew/lib/librsvg-2.2.dylib /usr/local/lib/librsvg-2.2.dylib 2>/dev/null)" ]; then \
	  echo "Installing librsvg (draws the link-preview cards)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq librsvg2-2; \
	  elif command -v brew >/dev/null; then brew install librsvg; \
	  else echo "Please install librsvg (Debian: librsvg2-2, Homebrew: librsvg)." >&2; exit 1; fi; \
	fi
	@# A Japanese font for the cards of a Japanese site (IPAexGothic, 6 MB installed); elsewhere fontconfig's own.
	@if command -v fc-list >/dev/null && [ -z "$$(fc-list :lang=ja family 2>/dev/null)" ] && command -v apt-get >/dev/null; then \
	  echo "Installing a Japanese font for the link-preview cards (fonts-ipaexfont-gothic)..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipaexfont-gothic; \
	fi

build: deps
	$(SWIFT) build --product gamenight

# `gamenight serve` is the program gamenight-serve (Hummingbird, SwiftNIO), built apart from
# gamenight so that `make build` stays quick: `make serve` builds both and serves the examples.
serve: build
	$(SWIFT) build --product gamenight-serve
	$(SWIFT) run --skip-build gamenight serve examples

site: build
	$(SWIFT) run --skip-build gamenight build examples --out $(OUT)
	@echo "Open $(CURDIR)/$(OUT)/index.html"

# SnapshotKit is a package of its own (Packages/SnapshotKit): its tests run there, whatever
# GameNight's tests did; the target fails if either failed.
test: deps python-checks node
	@status=0; $(SWIFT) test || status=1; \
	$(SWIFT) test --package-path Packages/SnapshotKit || status=1; \
	python3 scripts/check-links.py || status=1; \
	$(MAKE) --no-print-directory lint || status=1; \
	exit $$status

# The layout of every Swift file follows .swift-format (swift-format, part of the toolchain):
# `make format` rewrites the files in place, `make lint` fails on any difference.
SWIFT_FILES := Package.swift Sources Tests Plugins Packages/SnapshotKit/Package.swift \
	Packages/SnapshotKit/Sources Packages/SnapshotKit/Tests Fuzz/Package.swift Fuzz/Sources \
	Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Tests
# Layouts differ between swift-format versions: another version's lint would fail on files this
# one laid out, so it is skipped with a note (run `make format` with this version).
SWIFT_FORMAT_VERSION := 6.3.1
lint:
	@version=$$($(SWIFT) format --version 2>/dev/null); \
	if [ -z "$$version" ]; then echo "make lint: no swift format in this toolchain (Swift 6 has it); lint skipped" >&2; \
	elif [ "$$version" != "$(SWIFT_FORMAT_VERSION)" ]; then echo "make lint: swift-format $$version, not $(SWIFT_FORMAT_VERSION) which lays these files out; lint skipped" >&2; \
	else $(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES) \
	  && echo "make lint: every Swift file is laid out as .swift-format says"; fi

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FILES)

# Node runs the search page's script and index in the tests (SearchTests), as a browser would.
node:
	@if ! command -v node >/dev/null; then \
	  echo "Installing Node.js (the tests run the search page's script with it)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs; \
	  elif command -v brew >/dev/null; then brew install node; \
	  else echo "Please install Node.js (Debian: nodejs, Homebrew: node)." >&2; exit 1; fi; \
	fi

# The tests read nights.ics with icalendar and the pages' JSON-LD with pyld
# (scripts/site-checks/read_site_data.py), from a virtual environment of their own in .build, so no
# system Python is changed; Debian's python3 needs python3-venv for it.
PYTHON_CHECKS := .build/python-checks
python-checks:
	@$(PYTHON_CHECKS)/bin/python3 -c 'import icalendar, pyld' 2>/dev/null || { \
	  echo "Installing icalendar and pyld (the tests' calendar and JSON-LD readers)..."; \
	  python3 -c 'import ensurepip' 2>/dev/null || ! command -v apt-get >/dev/null || \
	    { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; }; \
	  python3 -m venv $(PYTHON_CHECKS) && $(PYTHON_CHECKS)/bin/pip install -q 'icalendar>=6,<8' 'pyld>=2,<4'; }

# Every relative link of the Markdown files leads somewhere (README's examples are run by
# gamenightTests' ReadmeTests).
docs-check:
	python3 scripts/check-links.py

clean:
	rm -rf .build $(STATIC_BUILD) $(OUT)

# The man page and the shell completions, generated from the command line and committed, so an
# installation needs no toolchain to make them: run `make man` after changing a command, an
# option or a help text (CommandLineTests fails until then). The man page comes from
# swift-argument-parser's generate-manual plugin, in debug (its default, release, would build
# every product in release).
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)
man: deps
	$(SWIFT) package plugin generate-manual --configuration debug --date $(MAN_DATE)
	mkdir -p docs/man completions
	cp .build/plugins/GenerateManual/outputs/gamenight/gamenight.1 docs/man/gamenight.1
	cp ".build/plugins/GenerateManual/outputs/gamenight-serve/gamenight serve.1" docs/man/gamenight-serve.1
	$$($(SWIFT) build --show-bin-path)/gamenight --generate-completion-script bash > completions/gamenight.bash
	$$($(SWIFT) build --show-bin-path)/gamenight --generate-completion-script zsh > completions/_gamenight
	$$($(SWIFT) build --show-bin-path)/gamenight --generate-completion-script fish > completions/gamenight.fish

# `make install PREFIX=~/.local`: gamenight and gamenight-serve in release, with the Swift
# standard library and Foundation linked in (Linux), the man pages and the completions. The build
# has a folder of its own, so it never disturbs the debug one in .build. `make install-check`
# shows the installed programs run without the toolchain.
PREFIX ?= /usr/local
STATIC_BUILD ?= .build-static
STRIP ?= strip
STATIC_FLAGS := -c release --scratch-path $(STATIC_BUILD) $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)
install: deps
	$(SWIFT) build $(STATIC_FLAGS) --product gamenight
	$(SWIFT) build $(STATIC_FLAGS) --product gamenight-serve
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(STATIC_BUILD)/release/gamenight $(STATIC_BUILD)/release/gamenight-serve $(DESTDIR)$(PREFIX)/bin/
	@# Symbols only name frames in a crash report; without them the programs are a quarter of the size.
	if command -v $(STRIP) >/dev/null; then $(STRIP) $(DESTDIR)$(PREFIX)/bin/gamenight $(DESTDIR)$(PREFIX)/bin/gamenight-serve; fi
	install -m 644 docs/man/gamenight.1 docs/man/gamenight-serve.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 completions/gamenight.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gamenight
	install -m 644 completions/_gamenight $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gamenight
	install -m 644 completions/gamenight.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gamenight.fish

install-check:
	scripts/check-install.sh

# Benchmarks (not tests): release builds, figures printed as ratios against the peers.
bench: deps hugo-deps
	cd Benchmarks && $(SWIFT) build -c release
	Benchmarks/.build/release/SnapshotBenchmark
	@# assertSnapshot as users run it: inside a debug `swift test`, beside swift-snapshot-testing's.
	cd Benchmarks && $(SWIFT) test --filter AssertionBenchmark
	Benchmarks/.build/release/SolverBenchmark
	$(MAKE) --no-print-directory bench-site
	$(MAKE) --no-print-directory bench-serve

# The site build against Hugo: `make bench-site N=1000 RUNS=5`. Data goes to Benchmarks/work/.
# Both site benchmarks time the programs `make install` installs (the same build, unstripped).
N ?= 1000,10000
RUNS ?= 3
bench-site: deps hugo-deps
	$(SWIFT) build $(STATIC_FLAGS) --product gamenight
	python3 Benchmarks/site_bench.py --gamenight $(STATIC_BUILD)/release/gamenight --n "$(N)" --runs $(RUNS)

# Save-to-reload latency of `gamenight serve`: `make bench-serve N=1000 SAVES=20`.
SAVES ?= 20
bench-serve: deps
	$(SWIFT) build $(STATIC_FLAGS) --product gamenight
	$(SWIFT) build $(STATIC_FLAGS) --product gamenight-serve
	python3 Benchmarks/serve_bench.py --serve $(STATIC_BUILD)/release/gamenight-serve --gamenight $(STATIC_BUILD)/release/gamenight --n "$(N)" --saves $(SAVES)

hugo-deps:
	@if ! command -v hugo >/dev/null; then \
	  echo "Installing Hugo (the peer of the site benchmark)..."; \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo; \
	  elif command -v brew >/dev/null; then brew install hugo; \
	  else echo "Please install Hugo (Debian: hugo, Homebrew: hugo)." >&2; exit 1; fi; \
	fi

# Kills 20 full, 20 incremental and 20 `serve` builds at random moments, then damages the cache on
# purpose: the output is always a complete site, and the next build equals a clean build.
kill-test: deps
	scripts/kill-test.sh 20 3000 1000

# A full disk, read-only folders and file systems, a mount point as the output and unreadable
# files, met for real on small tmpfs file systems (root mounts them; without root those parts
# are skipped): each run fails with a message naming the path, the site and game files stay
# whole, and the next run equals a clean one. Builds SnapshotKit's tests for its part.
fault-test: deps
	cd Packages/SnapshotKit && $(SWIFT) build --build-tests >/dev/null
	scripts/fault-test.sh 200

# Fuzzing (Linux): libFuzzer, see Fuzz/. `make fuzz SECONDS=600` runs the game-file target;
# `TARGET=BGGPlaysFuzzer` or `TARGET=BGStatsFuzzer` runs an importer's, `TARGET=TemplateFuzzer`
# the template engine's, `TARGET=ConfigurationFuzzer` gamenight.yaml's, `TARGET=MarkupNormalizerFuzzer`
# SnapshotKit's .html and .svg normalizers'.
# Swift and C code get coverage and AddressSanitizer; libFuzzer is linked without its `main`
# (the build-tool plugin's executable is linked with the same flags), see Fuzz/Sources/CFuzzerDriver.
SECONDS ?= 60
CLANG ?= clang
TARGET ?= GameFileFuzzer
FUZZ_TARGETS := GameFileFuzzer BGGPlaysFuzzer BGStatsFuzzer TemplateFuzzer ConfigurationFuzzer MarkupNormalizerFuzzer
FUZZ_BUILD := Fuzz/.build-fuzz
FUZZ_FLAGS := -c release --scratch-path .build-fuzz \
	-Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer \
	-Xcc -fsanitize=fuzzer-no-link,address \
	-Xlinker "$$($(CLANG) -print-file-name=libclang_rt.fuzzer_no_main-$$(uname -m).a)" -Xlinker -lstdc++
# Per target: its dictionary, its seeds, and its corpus folder (the game file's keeps its old name).
FUZZ_DICT_GameFileFuzzer := Fuzz/game-file.dict
FUZZ_DICT_BGGPlaysFuzzer := Fuzz/bgg-plays.dict
FUZZ_DICT_BGStatsFuzzer := Fuzz/bgstats.dict
FUZZ_DICT_TemplateFuzzer := Fuzz/templates.dict
FUZZ_DICT_ConfigurationFuzzer := Fuzz/configuration.dict
FUZZ_DICT_MarkupNormalizerFuzzer := Fuzz/markup.dict
FUZZ_CORPUS := $(FUZZ_BUILD)/corpus$(if $(filter GameFileFuzzer,$(TARGET)),,-$(TARGET))
FUZZ_SEEDS := $(FUZZ_BUILD)/seeds-$(TARGET)

fuzz: deps
	cd Fuzz && $(SWIFT) build --product $(TARGET) $(FUZZ_FLAGS)
	rm -rf $(FUZZ_SEEDS) && mkdir -p $(FUZZ_SEEDS)
	@case $(TARGET) in \
	  GameFileFuzzer) python3 Fuzz/seed-corpus.py $(FUZZ_SEEDS) ;; \
	  BGGPlaysFuzzer) cp Tests/PlayImportingTests/Fixtures/*.xml $(FUZZ_SEEDS)/ ;; \
	  BGStatsFuzzer) cp Tests/PlayImportingTests/Fixtures/*.json $(FUZZ_SEEDS)/ ;; \
	  TemplateFuzzer) python3 Fuzz/seed-corpus.py $(FUZZ_SEEDS) templates ;; \
	  ConfigurationFuzzer) python3 Fuzz/seed-corpus.py $(FUZZ_SEEDS) configuration ;; \
	  MarkupNormalizerFuzzer) python3 Fuzz/seed-corpus.py $(FUZZ_SEEDS) markup ;; \
	  *) echo "Unknown TARGET $(TARGET): $(FUZZ_TARGETS)" >&2; exit 2 ;; \
	esac
	mkdir -p $(FUZZ_CORPUS) $(FUZZ_BUILD)/artifacts
	@# Swift's own backtracer would wait on every crash; libFuzzer reports crashes itself.
	@echo "Fuzzing $(TARGET) for $(SECONDS) s; progress in $(FUZZ_BUILD)/last-run.log"
	@status=0; SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp $(FUZZ_BUILD)/release/$(TARGET) $(FUZZ_CORPUS) $(FUZZ_SEEDS) $(wildcard Fuzz/corpus/$(TARGET)) \
	  -dict=$(FUZZ_DICT_$(TARGET)) -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
	  -max_total_time=$(SECONDS) -artifact_prefix=$(FUZZ_BUILD)/artifacts/ -print_final_stats=1 $(FUZZ_ARGS) \
	  > $(FUZZ_BUILD)/last-run.log 2>&1 || status=$$?; \
	grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)' $(FUZZ_BUILD)/last-run.log | tail -n 30; \
	grep -E '^stat::number_of_executed_units' $(FUZZ_BUILD)/last-run.log | sed 's/.*: */Executions: /'; \
	exit $$status

# Fuzzing campaign (Linux): `make fuzz-campaign` runs every target in turn (or one, `TARGET=…`)
# until no new feature for PLATEAU seconds of fuzzing (3600 unless given), or to RUNS inputs on its
# current code when RUNS is given (`RUNS ?=` above is bench-site's), on two workers (-jobs=2),
# seeded from and merged back into the kept corpora in Fuzz/corpus/.
fuzz-campaign: deps
	@status=0; mkdir -p $(FUZZ_BUILD); for target in $(if $(filter command line,$(origin TARGET)),$(TARGET),$(FUZZ_TARGETS)); do \
	  (cd Fuzz && $(SWIFT) build --product $$target $(FUZZ_FLAGS)) > $(FUZZ_BUILD)/build-$$target.log 2>&1 \
	    || { grep -E "error" $(FUZZ_BUILD)/build-$$target.log; echo "Building $$target failed: $(FUZZ_BUILD)/build-$$target.log" >&2; exit 1; }; \
	  grep -E "Build of" $(FUZZ_BUILD)/build-$$target.log; \
	  Fuzz/campaign.sh $$target $(if $(filter command line environment,$(origin RUNS)),$(RUNS),0) || status=$$?; \
	done; exit $$status

# Browser check (not part of `make test`): vnu over every page, rsvg-convert over every SVG, and
# headless-Chromium screenshots (desktop/phone, light/dark, print) into .browser-check/png/.
browser-check: deps
	scripts/browser-check/browser-check.sh

# Attacks a running `gamenight serve` on loopback (traversal, symbolic links, methods, oversized
# requests, slowloris, 1,000 connections, a flooded reload channel, hostile error text, and wrk
# with memory sampled): `make serve-check DURATION=20` shortens the 60 s wrk run. Not a test.
DURATION ?= 60
serve-check: deps
	@command -v wrk >/dev/null || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
	$(SWIFT) build -c release --product gamenight
	$(SWIFT) build -c release --product gamenight-serve
	python3 scripts/serve-check/serve_attack.py .build/release/gamenight examples --duration $(DURATION) \
	  $$(c=$$(command -v chromium || command -v chromium-browser || command -v google-chrome); [ -n "$$c" ] && echo --chromium $$c)

# SnapshotKit's long mutation campaign: ROUNDS times the mutations of the bounded one in
# `make test`, then every HTML/SVG mutation the strategies passed judged by html5lib.
snapshot-campaign:
	@python3 -c 'import html5lib' 2>/dev/null || { echo "Installing html5lib (the campaign's HTML oracle)..."; python3 -m pip install -q html5lib; }
	rm -rf Packages/SnapshotKit/.build/snapshot-campaign
	SNAPSHOT_CAMPAIGN_ROUNDS=$${ROUNDS:-40} SNAPSHOT_CAMPAIGN_OUT=$(CURDIR)/Packages/SnapshotKit/.build/snapshot-campaign \
		$(SWIFT) test --package-path Packages/SnapshotKit --filter MutationCampaignTests
	python3 Packages/SnapshotKit/Campaign/oracle.py --self-test
	python3 Packages/SnapshotKit/Campaign/oracle.py Packages/SnapshotKit/.build/snapshot-campaign
