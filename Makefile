# neverodds — build, run, test, bench. `make run` and `make test` set up a fresh Debian machine.
CC       ?= gcc
PKGS     := libcjson libmicrohttpd
# CFLAGS/LDFLAGS are yours to override (make sanitize does); the required flags live apart.
CFLAGS   ?= -O2 -g
REQ_CFLAGS := -std=c11 -Wall -Wextra -fopenmp -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc \
            -DNO_PROFILES_DIR='"$(CURDIR)/profiles"'
REQ_LDFLAGS := -fopenmp
# pkg-config output is read lazily: the packages may be installed by this very make run.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lcjson -lmicrohttpd)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lpthread)
LDLIBS     = $(PKG_LIBS) -lm

# make MPI=1: the same program over Open MPI (mpirun -np N ./neverodds ...), built apart.
ifdef MPI
CC       := mpicc
REQ_CFLAGS += -DNO_MPI
endif
FLAVOR   := $(if $(MPI),mpi,plain)
BUILD    ?= build$(if $(MPI),-mpi)
# Sources by layer (docs/architecture.md): every .c under src/, the command line's apart.
LIB_SRC  := $(sort $(shell find src -name '*.c' ! -path 'src/cli/*'))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
HEADERS  := $(wildcard include/neverodds/*.h src/*/*.h src/*/*/*.h)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/%.o)
TEST_SRC := $(wildcard tests/check_*.c) tests/brute.c
TEST_OBJ := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%.o)
BIN      ?= neverodds

.PHONY: all run test deps layers bench sanitize tsan fuzz clean legion-units armada-units xwing-data plots install
all: $(BIN)

deps:
	@sh tools/install-deps.sh

$(BUILD)/%.o: src/%.c $(HEADERS) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(REQ_CFLAGS) $(CFLAGS) $(PKG_CFLAGS) -c $< -o $@
$(BUILD)/tests/%.o: tests/%.c $(HEADERS) $(wildcard tests/*.h) | $(BUILD)
	@mkdir -p $(BUILD)/tests
	$(CC) $(REQ_CFLAGS) $(CFLAGS) $(PKG_CFLAGS) -Itests -DNO_CASES_DIR='"$(CURDIR)/tests/cases"' -c $< -o $@
$(BUILD):
	@mkdir -p $(BUILD)
$(BUILD)/libneverodds.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

# $(BIN).flavor-*: switching between MPI=1 and a plain build relinks the program
$(BIN): $(CLI_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/libneverodds.a $(BIN).flavor-$(FLAVOR)
	$(CC) $(REQ_LDFLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(LDLIBS)
$(BIN).flavor-%:
	@rm -f $(BIN).flavor-*
	@touch $@

$(BUILD)/check_all: $(TEST_OBJ) $(BUILD)/libneverodds.a
	$(CC) $(REQ_LDFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

$(BUILD)/bench: $(wildcard bench/*.c bench/*.h) $(BUILD)/libneverodds.a
	$(CC) $(REQ_CFLAGS) $(CFLAGS) $(PKG_CFLAGS) -o $@ $(filter %.c %.a,$^) $(LDLIBS)

run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) run profiles/xwing/quickstart.json

# Check runs in no-fork mode: a forked child hangs once OpenMP has run in the parent. The MPI
# build runs under mpirun -np 2 against one process (Open MPI is installed for the tests).
test: deps
	@sh tools/install-deps.sh --test
	@$(MAKE) --no-print-directory $(BIN) $(BUILD)/check_all
	CK_FORK=no ./$(BUILD)/check_all
	sh tests/cli.sh ./$(BIN)
	sh tests/hostile.sh ./$(BIN)
	sh tests/web/api.sh ./$(BIN)
	python3 tests/web/browser.py ./$(BIN)
	python3 tests/readme.py ./$(BIN)
	python3 tests/army/check_matchup.py ./$(BIN)
	sh tests/golden/run.sh ./$(BIN)
	python3 tests/battle/compare.py ./$(BIN)
	python3 tests/battle/deck/compare.py ./$(BIN)
	python3 tools/layers.py --objects $(BUILD)
	XWING_DATA=$(XWING_DATA) python3 tests/xwing_cards/run.py ./$(BIN)
	@if [ -d $(XWING_DATA) ]; then python3 tests/xwing_data/check_data.py $(XWING_DATA) ./$(BIN); \
	else echo "xwing-data: skipped (the data set is not at $(XWING_DATA))"; fi
	@if [ -f $(XWS_CORPUS) ]; then python3 tests/xws/corpus.py $(XWS_CORPUS) ./$(BIN); \
	else echo "xws corpus: skipped (the data set is not at $(XWS_CORPUS))"; fi
	@if [ -f $(LEGION_HQ) ]; then python3 tests/legion_data/check_units.py $(LEGION_HQ) $(LEGION_HQ_DATE) ./$(BIN) $(LEGION_DATA); \
	else echo "legion-data: skipped (the data set is not at $(LEGION_HQ))"; fi
	@if [ -d $(ARMADA_DATA) ]; then python3 tests/armada_data/check_units.py $(ARMADA_DATA); \
	else echo "armada-data: skipped (the data set is not at $(ARMADA_DATA))"; fi
	@if command -v mpirun >/dev/null && command -v mpicc >/dev/null; then \
	    $(MAKE) --no-print-directory MPI=1 BUILD=build-mpi BIN=build-mpi/neverodds build-mpi/neverodds && \
	    sh tests/mpi.sh build-mpi/neverodds ./$(BIN); \
	else echo "mpi: skipped (Open MPI is not installed: apt-get install openmpi-bin libopenmpi-dev)"; fi
	@$(MAKE) --no-print-directory sanitize
	@if command -v clang >/dev/null; then sh tests/fuzz/run.sh --regressions && sh tests/fuzz/run.sh $(CI_FUZZ_SECONDS); \
	else echo "fuzz: skipped (needs clang: apt-get install clang libclang-rt-14-dev libomp-14-dev)"; fi
	@if command -v clang >/dev/null && [ -n "$(ARCHER)" ]; then $(MAKE) --no-print-directory tsan; \
	else echo "tsan: skipped (needs clang and LLVM's OpenMP: apt-get install clang libomp-14-dev)"; fi

# The layers of src/ (docs/architecture.md): no include points up a layer, no circle, in the
# includes and in the links of the built objects.
layers:
	@$(MAKE) --no-print-directory $(BUILD)/libneverodds.a
	python3 tools/layers.py --objects $(BUILD)

# The chart gallery in plots/ (committed: the README shows it), from scenarios in profiles/.
plots: deps
	@$(MAKE) --no-print-directory $(BIN)
	sh tools/plots.sh ./$(BIN)

# make install PREFIX=/usr/local (DESTDIR too): the program, its manual page, the profiles (the
# abilities libraries it reads, found from bin/ as ../share/neverodds/profiles) and the page
# `neverodds serve` serves (found from bin/ as ../share/neverodds/web).
PREFIX ?= /usr/local
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/neverodds
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/neverodds
	install -m 644 docs/neverodds.1 $(DESTDIR)$(PREFIX)/share/man/man1/neverodds.1
	rm -rf $(DESTDIR)$(PREFIX)/share/neverodds/profiles
	cp -R profiles $(DESTDIR)$(PREFIX)/share/neverodds/profiles
	install -d $(DESTDIR)$(PREFIX)/share/neverodds/web
	install -m 644 web/index.html web/style.css web/app.js $(DESTDIR)$(PREFIX)/share/neverodds/web

bench: deps
	@$(MAKE) --no-print-directory $(BIN) $(BUILD)/bench
	./$(BUILD)/bench $(if $(BENCH_ONLY),"$(BENCH_ONLY)")

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, in its own build tree.
sanitize: deps
	@$(MAKE) --no-print-directory BUILD=build-san BIN=build-san/neverodds \
	    CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" build-san/neverodds build-san/check_all
	CK_FORK=no ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./build-san/check_all
	ASAN_OPTIONS=detect_leaks=1 sh tests/cli.sh ./build-san/neverodds
	ASAN_OPTIONS=detect_leaks=1 sh tests/hostile.sh ./build-san/neverodds

# Fuzzing with libFuzzer (clang; tests/fuzz/run.sh): the saved crash inputs, then each harness
# (scenario parser, quick notation, a whole run) for FUZZ_SECONDS; make test runs a short pass.
FUZZ_SECONDS ?= 300
CI_FUZZ_SECONDS ?= 20
fuzz: deps
	@sh tools/install-deps.sh --test
	sh tests/fuzz/run.sh --regressions
	sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# ThreadSanitizer on the OpenMP paths (Monte Carlo chunks, a sequence's parallel compile): clang
# with LLVM's libomp and its Archer tool, which tells TSan of OpenMP's own synchronisation
# (libgomp would report races that are not there).
ARCHER  := $(firstword $(wildcard /usr/lib/llvm-*/lib/libarcher.so))
TSAN_ENV = OMP_TOOL_LIBRARIES=$(ARCHER) TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1"
tsan: deps
	@$(MAKE) --no-print-directory CC=clang BUILD=build-tsan BIN=build-tsan/neverodds \
	    CFLAGS="-O1 -g -fsanitize=thread" LDFLAGS="-fsanitize=thread" build-tsan/neverodds build-tsan/check_all
	for s in montecarlo sequence deck table battle; do CK_FORK=no CK_RUN_SUITE=$$s $(TSAN_ENV) ./build-tsan/check_all || exit 1; done
	$(TSAN_ENV) ./build-tsan/neverodds run profiles/xwing/two-attacks.json --threads 2 >/dev/null
	$(TSAN_ENV) ./build-tsan/neverodds run profiles/legion/attack-action-two-pools.json --trials 300000 --threads 2 >/dev/null
	$(TSAN_ENV) ./build-tsan/neverodds run profiles/xwing/quickstart.json --trials 300000 --threads 2 >/dev/null
	$(TSAN_ENV) ./build-tsan/neverodds compare profiles/xwing/two-attacks.json profiles/xwing/quickstart.json \
	    profiles/legion/stormtroopers-vs-rebels.json profiles/armada/victory-vs-cr90.json --threads 2 >/dev/null
	$(TSAN_ENV) ./build-tsan/neverodds matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/scum.xws --threads 2 >/dev/null
	$(TSAN_ENV) ./build-tsan/neverodds matchup tests/army/legion-tta-empire-SWLegionCompanion.json \
	    tests/army/legion-tta-republic-SWLegionCompanion.json --threads 2 >/dev/null 2>&1
	$(TSAN_ENV) ./build-tsan/neverodds battle profiles/xwing/squads/rebels.xws profiles/xwing/squads/empire.xws --trials 50000 --threads 2 >/dev/null
	@echo "tsan: no data race"

# Regenerates the X-Wing ship, pilot and upgrade table from xwing-data2 (facts only, no card text).
XWING_DATA ?= ../shared/data/xwing-data2/data
xwing-data:
	python3 tools/xwing_data.py $(XWING_DATA) > profiles/xwing/ships.json.tmp
	mv profiles/xwing/ships.json.tmp profiles/xwing/ships.json

# 6,272 real tournament lists in every builder's XWS dialect (ListFortress): tests/xws/corpus.py
# loads each with `neverodds squad` and checks the load rate, overall and per builder.
XWS_CORPUS ?= ../shared/data/xws/listfortress-even-tournaments.tgz

# Regenerates the Legion unit and upgrade library from Legion HQ 2's card data (facts only, no
# card text); LEGION_HQ_DATE is the day that data was last changed, written into the file.
LEGION_HQ ?= ../shared/data/legion-hq/cards.json
LEGION_HQ_DATE ?= 2026-07-30
LEGION_DATA ?= ../shared/data/legion-data/legion-data.json
legion-units:
	python3 tools/legion_units.py $(LEGION_HQ) $(LEGION_HQ_DATE) $(LEGION_DATA) > profiles/legion/units.json.tmp
	mv profiles/legion/units.json.tmp profiles/legion/units.json

# Regenerates the Armada ship and squadron library from the community data set (facts only).
ARMADA_DATA ?= ../shared/data/armada-data/data
armada-units:
	python3 tools/armada_units.py $(ARMADA_DATA) > profiles/armada/units.json.tmp
	mv profiles/armada/units.json.tmp profiles/armada/units.json

clean:
	rm -rf build build-san build-mpi build-tsan build-fuzz $(BIN) $(BIN).flavor-*
