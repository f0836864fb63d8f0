#!/bin/sh
# install-deps.sh — installs the Debian packages neverodds needs, only those missing.
# Called by `make run` and `make test`, so a fresh Debian machine needs nothing else.
set -eu
PACKAGES="gcc make libcjson-dev check pkg-config gnuplot-nox"
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
