#!/bin/sh
# install-deps.sh [--test] — installs the Debian packages neverodds needs, only those missing.
# Called by `make run` and `make test`, so a fresh Debian machine needs nothing else.
set -eu
# --test: the packages `make test` needs on top: Open MPI (the MPI build under mpirun),
# valgrind, clang with LLVM's OpenMP (ThreadSanitizer) and libFuzzer (the fuzz pass)
PACKAGES="gcc make libcjson-dev libmicrohttpd-dev check pkg-config gnuplot-nox"
[ "${1:-}" = "--test" ] && PACKAGES="openmpi-bin libopenmpi-dev valgrind clang libomp-14-dev libclang-rt-14-dev"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
