#!/bin/sh
# run.sh — builds the libFuzzer harnesses of tests/fuzz/ (issue #9) and runs them.
#
#   tests/fuzz/run.sh SECONDS [HARNESS...]   fuzz each harness for SECONDS seconds (default: all
#                                            four: scenario quick run api), one after the other
#   tests/fuzz/run.sh --regressions          run every saved input of tests/fuzz/regressions/
#                                            through its harness once (HARNESS-WHAT: see README)
#   tests/fuzz/run.sh --build                build only
#
# Builds with clang into build-fuzz/ (the library through the Makefile with BUILD=build-fuzz, so
# the normal build/ is untouched): ASan + UBSan + libFuzzer. Each harness fuzzes from its
# checked-in seeds (tests/fuzz/corpus/HARNESS, read only) into build-fuzz/corpus/HARNESS, which
# keeps what it finds from one run to the next. Crashes, timeouts (-timeout=10), leaks and
# out-of-memory (-rss_limit_mb=2048) go to build-fuzz/artifacts/HARNESS-*; the script prints
# their paths and exits 1 when there is any. Logs: build-fuzz/logs/HARNESS.log.
# Environment: FUZZ_PARALLEL=1 runs the harnesses at the same time (one core each);
# FUZZ_KEEP_GOING=1 goes on after a crash, timeout or leak (libFuzzer's -fork=1 with
# -ignore_crashes, -ignore_timeouts and -ignore_ooms: every finding is saved, the status lines
# then count differently); FUZZ_SKIP_KNOWN=1 skips inputs that hit a bug already saved in
# tests/fuzz/regressions/ (fuzz_common.h); FUZZ_ARGS adds libFuzzer options; CC (default clang).
set -eu
cd "$(dirname "$0")/../.."
CC=${CC:-clang}
B=build-fuzz
F=tests/fuzz
ALL="scenario quick run api"
# The Debian packages (12 and 13) this needs: clang with libFuzzer and the sanitizer runtimes,
# the LLVM OpenMP runtime (the Makefile builds with -fopenmp), cJSON.
PACKAGES="clang libclang-rt-dev libomp-dev libcjson-dev pkg-config make"

usage() {
    sed -n '3,9p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
missing() {
    echo "run.sh: $1" >&2
    echo "run.sh: on Debian: apt-get update && apt-get install -y $PACKAGES" >&2
    exit 2
}

[ $# -ge 1 ] || usage
MODE=fuzz
case "$1" in
--regressions) MODE=regressions; shift ;;
--build) MODE=build; shift ;;
-h | --help) usage ;;
*[!0-9]* | "") usage ;;
*) SECONDS_EACH=$1; shift ;;
esac
HARNESSES=${*:-$ALL}
for h in $HARNESSES; do
    case " $ALL " in *" $h "*) ;; *) echo "run.sh: unknown harness '$h' (one of: $ALL)" >&2; exit 2 ;; esac
done

# --- the toolchain -----------------------------------------------------------------------------
command -v "$CC" >/dev/null 2>&1 || missing "$CC not found"
command -v make >/dev/null 2>&1 || missing "make not found"
pkg-config --exists libcjson 2>/dev/null || missing "cJSON not found (pkg-config libcjson)"
mkdir -p "$B/logs" "$B/artifacts"
probe="$B/probe"
printf '#include <stdint.h>\n#include <stddef.h>\n#include <omp.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return omp_get_max_threads() > 0 ? 0 : 1; }\n' >"$probe.c"
if ! "$CC" -fsanitize=fuzzer,address,undefined -fopenmp "$probe.c" -o "$probe" 2>"$probe.log"; then
    cat "$probe.log" >&2
    missing "$CC cannot build a libFuzzer program with -fsanitize=fuzzer,address,undefined -fopenmp"
fi
rm -f "$probe" "$probe.c" "$probe.log"

# --- build -------------------------------------------------------------------------------------
SAN="-O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
make --no-print-directory CC="$CC" BUILD="$B" CFLAGS="$SAN -fsanitize=fuzzer-no-link,address,undefined" \
    "$B/libneverodds.a" >"$B/logs/build.log" 2>&1 || { cat "$B/logs/build.log" >&2; exit 2; }
for h in $ALL; do
    # relinked only when the library or the harness changed
    # the API's harness takes the request mapping of the web server (src/cli/, not in the library)
    extra=""
    [ "$h" = api ] && extra="src/cli/serve_map.c"
    [ -x "$B/fuzz_$h" ] && [ -z "$(find "$B/libneverodds.a" "$F/fuzz_$h.c" "$F/fuzz_common.h" $extra -newer "$B/fuzz_$h")" ] &&
        continue
    # the Makefile's required flags (REQ_CFLAGS, REQ_LDFLAGS) and libraries (LDLIBS)
    "$CC" -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc $(pkg-config --cflags libcjson) \
        $SAN -fsanitize=fuzzer,address,undefined -fopenmp \
        -o "$B/fuzz_$h" "$F/fuzz_$h.c" $extra "$B/libneverodds.a" $(pkg-config --libs libcjson) -lm
done
echo "built: $B/fuzz_scenario $B/fuzz_quick $B/fuzz_run $B/fuzz_api"
[ "$MODE" = build ] && exit 0

export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
dict_of() { [ "$1" = quick ] && echo "$F/quick.dict" || echo "$F/scenario.dict"; }

# --- saved inputs ------------------------------------------------------------------------------
if [ "$MODE" = regressions ]; then
    failed=0
    n=0
    for h in $ALL; do
        for input in "$F"/regressions/"$h"-*; do
            [ -f "$input" ] || continue
            n=$((n + 1))
            log="$B/logs/regression-$(basename "$input").log"
            if "$B/fuzz_$h" -timeout=10 -rss_limit_mb=2048 "$input" >"$log" 2>&1; then
                echo "pass  $input"
            else
                echo "FAIL  $input  (log: $log; reproduce: $B/fuzz_$h $input)"
                grep -m1 -E "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|fuzz: " "$log" | sed 's/^/      /' || true
                failed=1
            fi
        done
    done
    echo "$n saved inputs"
    exit $failed
fi

# --- fuzz --------------------------------------------------------------------------------------
stamp=$(mktemp "$B/logs/.started.XXXXXX")
trap 'rm -f "$stamp"' EXIT
sleep 1 # artifacts of this run are the files newer than the stamp
KEEP_GOING=""
[ "${FUZZ_KEEP_GOING:-0}" = 1 ] && KEEP_GOING="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
fuzz() {
    h=$1
    mkdir -p "$B/corpus/$h"
    # shellcheck disable=SC2086 # FUZZ_ARGS: options, split on spaces
    "$B/fuzz_$h" "$B/corpus/$h" "$F/corpus/$h" -dict="$(dict_of "$h")" -max_len=4096 \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$B/artifacts/$h-" $KEEP_GOING ${FUZZ_ARGS:-} >"$B/logs/$h.log" 2>&1
}
status=0
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
    pids=""
    for h in $HARNESSES; do
        fuzz "$h" &
        pids="$pids $!"
    done
    for p in $pids; do wait "$p" || status=1; done
else
    for h in $HARNESSES; do
        echo "fuzzing $h for $SECONDS_EACH s (log: $B/logs/$h.log)"
        fuzz "$h" || status=1
    done
fi
for h in $HARNESSES; do
    # the last status line (-fork: "#N: cov: ..." lines, after the stats of the pass over the
    # corpus, which count that pass only) and the executions
    last=$(grep -a -o -E '#[0-9]+(:|[[:space:]]+[A-Z]+)[[:space:]]+cov:.*' "$B/logs/$h.log" | tail -1 || true)
    if [ -n "$KEEP_GOING" ]; then
        execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
    else
        execs=$(grep -a '^stat::number_of_executed_units:' "$B/logs/$h.log" | sed 's/.*: *//' | tail -1)
    fi
    echo "$h: ${execs:-?} executions; ${last:-no status line}"
done
found=$(find "$B/artifacts" -type f -newer "$stamp" | sort)
if [ -n "$found" ] || [ $status -ne 0 ]; then
    echo "run.sh: the fuzzers found something (crash, timeout, leak or out-of-memory):"
    for a in $found; do
        h=$(basename "$a" | cut -d- -f1)
        echo "  $a   reproduce: $B/fuzz_$h $a   minimise: $B/fuzz_$h -minimize_crash=1 -runs=10000 $a"
    done
    [ -n "$found" ] || echo "  (no artifact: see the logs in $B/logs/)"
    exit 1
fi
echo "run.sh: nothing found"
