#!/bin/sh
# hostile.sh — text and paths from outside never become commands or replace what is not ours
# (issue #40): a newline in any chart text (--title, --subtitle, a scenario's name, an XWS squad's
# name, a compare label) through the command line and through `serve`; a chart's file name with a
# control character; --output and --plot onto a symbolic link, a device and a FIFO; a FIFO as an
# input file; control characters in error messages. Each check failed on the code before the fix.
# Usage: sh tests/hostile.sh ./neverodds
set -u
BIN=${1:-./neverodds}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
ROOT=$(pwd)
Q=$ROOT/profiles/xwing/quickstart.json
T=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 2' INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
command -v gnuplot >/dev/null || { echo "hostile: skipped (gnuplot is not installed: apt-get install gnuplot-nox)"; exit 0; }
cd "$T" # a command the old code let through ran here, not in the work tree

# hostile WHAT: a text that ends gnuplot's string and line, then runs `touch $T/MARK-WHAT`; in
# every form a line can end (newline, carriage return, both) and with quotes to close the string
hostile() { printf 'x"\nsystem "touch %s/MARK-%s"\r\nsystem '"'"'touch %s/MARK-%s'"'"'\n#' "$T" "$1" "$T" "$1"; }
# no_mark WHAT: nothing ran
no_mark() { ! ls "$T"/MARK-"$1"* >/dev/null 2>&1; }
# script_ok FILE: every line of a chart script is one of ours (a command we write, data, EOD)
script_ok() {
    python3 - "$1" <<'EOF'
import re, sys
ours = re.compile(r'^(#|set |unset |plot |\$\w+ << EOD$|EOD$|\s+\$\w+ using |[-0-9.e ]+$|$)')
bad = [l for l in open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n") if not ours.match(l)]
sys.exit(1 if bad else 0)
EOF
}

# ---- chart text through the command line: each vector draws its chart and runs nothing ----
cp "$Q" "$T/plain.json"
# named SRC DEST TEXT: the JSON file SRC with its "name" set to TEXT, as DEST
named() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["name"] = sys.argv[3]; json.dump(d, open(sys.argv[2], "w"))' "$@"
}
named "$Q" "$T/named.json" "$(hostile name)"
named "$ROOT/profiles/xwing/squads/rebels.xws" "$T/squad.xws" "$(hostile squad)"
# vector WHAT ARGS...: the command draws an SVG (and its .gp script) with nothing run
vector() {
    what=$1
    shift
    "$BIN" "$@" --plot "$T/$what.svg" >/dev/null 2>"$T/$what.err"
    rc=$?
    "$BIN" "$@" --plot "$T/$what.gp" >/dev/null 2>&1
    if [ $rc -ne 0 ] || [ ! -s "$T/$what.svg" ]; then
        bad "$what: no chart (exit $rc): $(cat "$T/$what.err")"
    elif ! no_mark "$what"; then
        bad "$what: a chart text ran a command"
    elif ! script_ok "$T/$what.gp"; then
        bad "$what: the chart script has a line that is not ours: $(grep -v '^set \|^unset \|^plot \|^#\|EOD\|^ \|^[-0-9. e]*$' "$T/$what.gp" | head -3)"
    else
        ok
    fi
}
vector title run "$T/plain.json" --title "$(hostile title)"
vector subtitle run "$T/plain.json" --subtitle "$(hostile subtitle)"
vector name run "$T/named.json"
vector label compare "$T/plain.json" "$T/plain.json,label=$(hostile label)"
vector squad matchup "$T/squad.xws" "$ROOT/profiles/xwing/squads/scum.xws"
vector sweep sweep "$T/named.json" --vary attacker.dice=2..3
# the SVG's own <title> holds no control character either
if python3 -c 'import sys; t=open(sys.argv[1]).read(); s=t.index("<title>"); sys.exit(any(ord(c)<32 and c not in "\n\t" for c in t[s:t.index("</title>")]))' "$T/title.svg"; then
    ok
else
    bad "a control character in the SVG's <title>"
fi
# a chart's file name with a control character: refused before the work (the script names it)
"$BIN" run "$T/plain.json" --plot "$T/$(printf 'a\nb').svg" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$T/out" ] && grep -q 'control character' "$T/err" && ok ||
    bad "a newline in --plot's file name: exit $rc: $(cat "$T/err")"

# ---- --output and --plot never replace what is not a regular file ----
echo old >"$T/real.txt"
ln -s real.txt "$T/link.txt"
"$BIN" run "$T/plain.json" --output "$T/link.txt" &&
    [ -L "$T/link.txt" ] && grep -q '^mean damage' "$T/real.txt" && ok || bad "--output onto a link: the link replaced"
ln -s missing.txt "$T/dangling.txt"
"$BIN" run "$T/plain.json" --output "$T/dangling.txt" &&
    [ -L "$T/dangling.txt" ] && grep -q '^mean damage' "$T/missing.txt" && ok || bad "--output onto a dangling link"
ln -s real.svg "$T/link.svg"
"$BIN" run "$T/plain.json" --plot "$T/link.svg" >/dev/null &&
    [ -L "$T/link.svg" ] && grep -q '<svg' "$T/real.svg" && ok || bad "--plot onto a link: the link replaced"
ln -s loop-b "$T/loop-a"
ln -s loop-a "$T/loop-b"
"$BIN" run "$T/plain.json" --output "$T/loop-a" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] && grep -q 'symbolic links' "$T/err" && ok || bad "--output onto a loop of links: $(cat "$T/err")"
# a FIFO: the report goes through it to its reader, and it stays a FIFO
mkfifo "$T/fifo"
timeout 20 cat "$T/fifo" >"$T/from-fifo" &
reader=$!
"$BIN" run "$T/plain.json" --output "$T/fifo"
[ -p "$T/fifo" ] || echo x >"$T/fifo" # the old code replaced it: the reader is not left waiting
wait $reader
[ -p "$T/fifo" ] && grep -q '^mean damage' "$T/from-fifo" && ok || bad "--output onto a FIFO: replaced, or nothing read"
# a link to /proc/self/fd/1, as /dev/stdout is (the old code renamed its file over /dev/stdout:
# not tried here): through the descriptor it was (a pipe), though stdout is the temporary file by then
ln -s /proc/self/fd/1 "$T/stdout"
"$BIN" run "$T/plain.json" --format csv --output "$T/stdout" | cat >"$T/piped.csv"
[ "$(wc -l <"$T/piped.csv")" -eq 2 ] && ok || bad "--output /dev/stdout into a pipe: $(head -c 200 "$T/piped.csv")"
# a device (root can make one in $T: the old code replaced the machine's /dev/full this way)
if [ "$(id -u)" -eq 0 ] && mknod "$T/full" c 1 7 2>/dev/null; then
    "$BIN" run "$T/plain.json" --output "$T/full" >"$T/out" 2>"$T/err"
    rc=$?
    [ -c "$T/full" ] && [ $rc -eq 1 ] && grep -q 'No space left on device' "$T/err" && ok ||
        bad "--output onto a device: exit $rc, $(ls -l "$T/full"): $(cat "$T/err")"
    mknod "$T/null.svg" c 1 3
    "$BIN" run "$T/plain.json" --plot "$T/null.svg" >/dev/null && [ -c "$T/null.svg" ] && ok ||
        bad "--plot onto a device: replaced"
else
    echo "hostile: the device checks skipped (not root)"
fi

# ---- a FIFO as an input file, with no writer: refused at once, not waited on forever ----
mkfifo "$T/in.json"
timeout 10 "$BIN" run "$T/in.json" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$T/out" ] && grep -q 'a FIFO with no writer' "$T/err" && ok ||
    bad "a FIFO input with no writer: exit $rc (124: it hung): $(cat "$T/err")"
# with its writer (a pipe, as <(...) gives) it is read
cat "$Q" | "$BIN" run /dev/stdin | grep -q '^mean damage' && ok || bad "a scenario from a pipe"

# ---- error messages show a control character as \xHH, never raw (a terminal escape) ----
"$BIN" run "$(printf '\033]0;owned\007\033[31m.json')" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && ! grep -q "$(printf '\033')" "$T/err" && grep -qF '\x1b]0;owned\x07\x1b[31m.json' "$T/err" && ok ||
    bad "control characters in a message: $(od -c "$T/err" | head -3)"
"$BIN" run "$T/plain.json" --format "$(printf 'a\033[2J')" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && ! grep -q "$(printf '\033')" "$T/err" && grep -qF "got 'a\x1b[2J'" "$T/err" && ok ||
    bad "control characters in a usage message: $(od -c "$T/err" | head -2)"

# ---- the same vectors through `serve` (query, body, compare label) ----
if command -v curl >/dev/null; then
    mkdir -p "$T/serve-tmp"
    TMPDIR="$T/serve-tmp" "$BIN" serve --port 0 >"$T/serve.log" 2>&1 &
    SERVER=$!
    i=0
    while ! grep -q 'http://' "$T/serve.log" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    URL=$(sed -n 's|^neverodds serve: \(http://[^/]*\)/.*|\1|p' "$T/serve.log")
    # query KEY TEXT: "&KEY=TEXT", the text percent-encoded
    query() { python3 -c 'import sys, urllib.parse; print("&" + sys.argv[1] + "=" + urllib.parse.quote(sys.argv[2], safe=""))' "$1" "$2"; }
    # api WHAT ENDPOINT BODY-FILE [QUERY]: 200, an SVG in the reply, nothing run
    api() {
        what=$1 endpoint=$2 body=$3
        code=$(curl -s -o "$T/reply" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$body" \
            "$URL/api/$endpoint?plot=1${4:-}")
        if [ "$code" != 200 ] || ! grep -q '"svg"' "$T/reply"; then
            bad "serve $what: status $code: $(head -c 300 "$T/reply")"
        elif ! no_mark "$what"; then
            bad "serve $what: a chart text ran a command"
        else
            ok
        fi
    }
    if [ -n "$URL" ]; then
        api api-title run "$T/plain.json" "$(query title "$(hostile api-title)")"
        api api-subtitle run "$T/plain.json" "$(query subtitle "$(hostile api-subtitle)")"
        named "$Q" "$T/api-name.json" "$(hostile api-name)"
        api api-name run "$T/api-name.json"
        python3 - "$Q" "$T/api-label.json" "$(hostile api-label)" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
json.dump({"inputs": [{"scenario": s}, {"scenario": s, "label": sys.argv[3]}]}, open(sys.argv[2], "w"))
EOF
        api api-label compare "$T/api-label.json"
    else
        bad "serve did not start: $(cat "$T/serve.log")"
    fi
    kill "$SERVER" 2>/dev/null
    wait "$SERVER" 2>/dev/null
    SERVER=""
else
    echo "hostile: the serve checks skipped (curl is not installed)"
fi

echo "hostile: $pass passed, $fail failed"
[ $fail -eq 0 ]
