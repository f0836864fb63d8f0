#!/bin/sh
# install-deps.sh [--test] — installs the Debian packages neverodds needs, only those missing.
# Called by `make run` and `make test`, so a fresh Debian machine needs nothing else.
set -eu
# --test: the packages `make test` needs on top: Open MPI (the MPI build under mpirun),
# valgrind, clang with LLVM's OpenMP (ThreadSanitizer) and libFuzzer (the fuzz pass), curl (the web
# API's test); chromium (the page's test) is tried apart: without it that test says it is skipped
PACKAGES="gcc make libcjson-dev libmicrohttpd-dev check pkg-config gnuplot-nox"
OPTIONAL=""
[ "${1:-}" = "--test" ] && PACKAGES="openmpi-bin libopenmpi-dev valgrind clang libomp-14-dev libclang-rt-14-dev curl" &&
    OPTIONAL="chromium"
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=""
for p in $PACKAGES; do installed "$p" || missing="$missing $p"; done
optional=""
for p in $OPTIONAL; do installed "$p" || optional="$optional $p"; done
[ -z "$missing$optional" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
if [ -n "$missing" ]; then
    echo "installing:$missing" >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
for p in $optional; do
    echo "installing: $p" >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$p" >/dev/null ||
        echo "install-deps: $p could not be installed; the tests that need it say they are skipped" >&2
done
