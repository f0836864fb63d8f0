#!/bin/sh
# api.sh — `neverodds serve`'s JSON API as a client meets it, with curl: every endpoint's reply the
# same as the command's own --format json (numbers to 1e-12), errors, limits, the budget, 50
# requests at once. Servers on free loopback ports, always stopped. Usage: sh tests/web/api.sh ./neverodds
set -u
BIN=${1:-./neverodds}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
ROOT=$(pwd)
HERE=$ROOT/tests/web
T=$(mktemp -d)
PIDS=""
stop_servers() {
    for p in $PIDS; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
    PIDS=""
}
trap 'stop_servers; rm -rf "$T"' EXIT
trap 'exit 2' INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
command -v curl >/dev/null || { echo "api: skipped (curl is not installed: apt-get install curl)"; exit 0; }

# start NAME [serve's options]: a server on a free port (--port 0, the port it prints) with its
# temporary files under $T/NAME-tmp; sets URL
start() {
    name=$1
    shift
    mkdir -p "$T/$name-tmp"
    TMPDIR="$T/$name-tmp" "$BIN" serve --port 0 "$@" >"$T/$name.log" 2>&1 &
    PIDS="$PIDS $!"
    i=0
    while ! grep -q 'http://' "$T/$name.log" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    URL=$(sed -n 's|^neverodds serve: \(http://[^/]*\)/.*|\1|p' "$T/$name.log")
    [ -n "$URL" ] || { echo "FAIL: the server did not start: $(cat "$T/$name.log")"; exit 1; }
}
# post ENDPOINT FILE [QUERY]: the reply in $T/out, its status in CODE
post() {
    CODE=$(curl -s -o "$T/out" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$2" \
        "$URL/api/$1${3:+?$3}")
}
get() { CODE=$(curl -s -o "$T/out" -w '%{http_code}' "$URL$1"); }
# cli NAME ARGS...: the command in $T/cli (the API's file names there), --format json --threads 1
cli() {
    out=$1
    shift
    (cd "$T/cli" && "$BIN" "$@" --format json >"$T/$out" 2>"$T/$out.err")
}
# scenario CMD FILE WHAT: FILE posted to /api/CMD gives what `CMD scenario.json` does
scenario() {
    cp "$2" "$T/cli/scenario.json"
    post "$1" "$2"
    cli ref "$1" scenario.json --threads 1
    same "$3"
}
# same WHAT: the API's reply ($T/out, status 200) equals the command's ($T/ref)
same() {
    if [ "$CODE" != 200 ]; then
        bad "$1: status $CODE: $(head -c 300 "$T/out")"
    elif d=$(python3 "$HERE/same.py" "$T/out" "$T/ref"); then
        ok
    else
        bad "$1: the API and the command differ: $d"
    fi
}
# error WHAT STATUS MESSAGE: the reply is {"error": MESSAGE} with STATUS
error() {
    got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["error"])' "$T/out" 2>/dev/null)
    [ "$CODE" = "$2" ] && [ "$got" = "$3" ] && ok || bad "$1: expected $2 '$3', got $CODE '$got' ($(head -c 200 "$T/out"))"
}
# wrap FILE KEY [JSON-MEMBERS]: {"KEY": FILE's JSON, MEMBERS}
wrap() { printf '{"%s": %s%s}' "$2" "$(cat "$1")" "${3:+, $3}"; }
mkdir -p "$T/cli"

start main --workers 2 --budget 120
Q=$ROOT/profiles/xwing/quickstart.json

# ---- every endpoint against the command ----
scenario run "$Q" "run (a scenario file as the body)"
wrap "$Q" scenario '"trials": 20000, "seed": 7' >"$T/body"
post run "$T/body"
cli ref run scenario.json --threads 1 --trials 20000 --seed 7
same "run, Monte Carlo options in the body"
post run "$Q" "trials=2e4&seed=7"
same "run, options in the query"
post run "$Q" "plot=1"
python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["svg"]; assert "<svg" in s and "</svg>" in s' "$T/out" &&
    ok || bad "run ?plot=1: no SVG chart in the reply"
# the three questions of issue #26: quick notation, pilot against pilot, Legion (and Armada)
printf '{"game": "xwing", "notation": "3 fl vs 2 fe r1"}' >"$T/body"
post quick "$T/body"
cli ref xwing "3 fl vs 2 fe r1" --threads 1
same "quick notation (xwing)"
scenario run "$HERE/pilots.json" "pilot against pilot"
scenario run "$ROOT/profiles/legion/stormtroopers-vs-rebels.json" "Legion scenario"
printf '{"game": "legion", "notation": "5w hit vs white surge light minis2"}' >"$T/body"
post quick "$T/body"
cli ref legion "5w hit vs white surge light minis2" --threads 1
same "Legion quick notation"
scenario run "$ROOT/profiles/armada/victory-vs-cr90.json" "Armada scenario"
scenario policy "$Q" "policy"
cp "$Q" "$T/cli/input1.json"
cp "$Q" "$T/cli/input2.json"
printf '{"inputs": [{"scenario": %s}, {"scenario": %s, "set": {"rules": "xwing-1e"}, "label": "first edition"},
  {"quick": "xwing:3 fl vs 3 fe h3", "set": {"attacker.abilities": ["predator", "marksmanship"]}}]}' \
    "$(cat "$Q")" "$(cat "$Q")" >"$T/body"
post compare "$T/body"
cli ref compare input1.json "input2.json,rules=xwing-1e,label=first edition" \
    'xwing:3 fl vs 3 fe h3,attacker.abilities=["predator","marksmanship"]' --threads 1
same "compare (files, keys set, a label, quick notation)"
printf '{"quick": "xwing:3 fl vs 2 fe", "vary": ["attacker.dice=2..4", "defender.dice=1..2"], "metric": "kill"}' >"$T/body"
post sweep "$T/body"
cli ref sweep "xwing:3 fl vs 2 fe" --vary attacker.dice=2..4 --vary defender.dice=1..2 --metric kill --threads 1
same "sweep (two keys)"
wrap "$Q" scenario '"rules": "xwing-2e,xwing-1e"' >"$T/body"
post order "$T/body"
cli ref order scenario.json --rules xwing-2e,xwing-1e --threads 1
same "order"
cp "$ROOT/profiles/xwing/squads/rebels.xws" "$T/cli/squad.xws"
post squad "$T/cli/squad.xws"
cli ref squad squad.xws
same "squad"
cp "$ROOT/profiles/xwing/squads/rebels.xws" "$T/cli/a.xws"
cp "$ROOT/profiles/xwing/squads/scum.xws" "$T/cli/b.xws"
printf '{"a": %s, "b": %s, "tokens": "focus,lock"}' "$(cat "$T/cli/a.xws")" "$(cat "$T/cli/b.xws")" >"$T/body"
post matchup "$T/body"
cli ref matchup a.xws b.xws --tokens focus,lock --threads 1
same "matchup"
# Legion armies and Armada fleets as their builders export them, sent as strings: two Legion HQ
# links (the command reads a file holding one) and a Legion HQ text against a link; two fleets
python3 -c 'import json,sys; print(json.dumps({"a": sys.argv[1], "b": sys.argv[2], "tokens": "aim,dodge", "cover": "light"}))' \
    "https://legionhq2.com/list/empire/1ayejex00,2ay0000" "https://legionhq2.com/list/rebels/1ab0000,2ahed000" >"$T/body"
post matchup "$T/body"
echo "https://legionhq2.com/list/empire/1ayejex00,2ay0000" >"$T/cli/a.txt"
echo "https://legionhq2.com/list/rebels/1ab0000,2ahed000" >"$T/cli/b.txt"
cli ref matchup a.txt b.txt --tokens aim,dodge --cover light --threads 1
same "matchup of two Legion armies (links)"
python3 -c 'import json,sys; print(json.dumps({"a": open(sys.argv[1]).read(), "b": sys.argv[2]}))' \
    "$ROOT/tests/army/legion-hq-empire-minimal.txt" "https://legionhq2.com/list/rebels/1ab0000,2ahed000" >"$T/body"
post matchup "$T/body"
cp "$ROOT/tests/army/legion-hq-empire-minimal.txt" "$T/cli/a.txt"
cli ref matchup a.txt b.txt --threads 1
same "matchup of a Legion HQ text and a link"
python3 -c 'import json,sys; print(json.dumps({"a": open(sys.argv[1]).read(), "b": open(sys.argv[2]).read()}))' \
    "$ROOT/profiles/armada/fleets/rebels.txt" "$ROOT/profiles/armada/fleets/empire.txt" >"$T/body"
post matchup "$T/body"
cp "$ROOT/profiles/armada/fleets/rebels.txt" "$T/cli/a.txt"
cp "$ROOT/profiles/armada/fleets/empire.txt" "$T/cli/b.txt"
cli ref matchup a.txt b.txt --threads 1
same "matchup of two Armada fleets (text)"
printf '{"a": "https://legionhq2.com/list/empire/1q9", "b": "https://legionhq2.com/list/rebels/1ah0000"}' >"$T/body"
post matchup "$T/body"
[ "$CODE" = 400 ] && grep -q 'a.txt: segment\[0\]: unknown unit id' "$T/out" && ok ||
    bad "matchup: an unknown unit in a link: $CODE $(head -c 300 "$T/out")"
cp "$ROOT/tests/battle/cases/01_hand_1die_equal_init.json" "$T/cli/battle.json"
wrap "$T/cli/battle.json" battle >"$T/body"
post battle "$T/body"
cli ref battle battle.json --threads 1
same "battle (a battle file)"
get "/api/list/pilots?q=luke"
cli ref list pilots luke
same "list pilots ?q=luke"
get "/api/list/units?q=storm"
cli ref list units storm
same "list units ?q=storm"

# ---- errors: the command's message (file and JSON path), 400 ----
printf '{"game": "xwing", "attacker": {"dice": 12}, "defender": {"dice": 2}}' >"$T/cli/scenario.json"
post run "$T/cli/scenario.json"
(cd "$T/cli" && "$BIN" run scenario.json 2>"$T/err" >/dev/null)
error "a bad scenario" 400 "$(head -1 "$T/err" | sed 's/^neverodds: //')"
grep -q 'scenario.json: attacker.dice: expected an integer from 0 to 10, got 12' "$T/out" && ok || bad "the JSON path in the message"
printf '{"game": "xwing", "attacker": {' >"$T/cli/scenario.json"
post run "$T/cli/scenario.json"
(cd "$T/cli" && "$BIN" run scenario.json 2>"$T/err" >/dev/null)
error "malformed JSON" 400 "$(head -1 "$T/err" | sed 's/^neverodds: //')"
printf '{"game": "xwing", "notation": "3 fl vs 2 fe r7"}' >"$T/body"
post quick "$T/body"
("$BIN" xwing "3 fl vs 2 fe r7" 2>"$T/err" >/dev/null)
error "a bad notation" 400 "$(head -1 "$T/err" | sed 's/^neverodds: //')"
printf '{"inptus": []}' >"$T/body"
post compare "$T/body"
error "an unknown key in a request" 400 'request.inptus: unknown key (did you mean "inputs"?)'
printf '{"inputs": [{"quick": "xwing:2 vs 1", "lable": "x"}]}' >"$T/body"
post compare "$T/body"
error "an unknown key of a compare input" 400 'request.inputs[0].lable: unknown key (did you mean "label"?)'
printf '{"inputs": [' >"$T/body"
post compare "$T/body"
error "a request that is not JSON" 400 "request: malformed JSON at line 1, column 13"
post run "$Q" "trials=1e9"
error "trials past the cap" 400 "trials: expected an integer from 1 to 10000000, got '1e9' (more than 10000000) (this server's limit: serve --max-trials)"
post run "$Q" "trails=1000"
error "an unknown query parameter" 400 'query.trails: unknown key (did you mean "trials"?)'
get "/api/list/pilots?q=luke&gmae=xwing"
error "an unknown query parameter of list" 400 'query.gmae: unknown key (did you mean "game"?)'
post run "$Q" "exact=perhaps"
error "a flag that is not true or false" 400 "exact: expected true or false, got 'perhaps'"
# nothing from a request is a path or an option: --output FILE in a value, a file as quick notation
post run "$Q" "policy=--output"
error "a value read as an option" 400 "policy: a value may not start with '-' (got '--output')"
printf '{"game": "run", "notation": "/etc/passwd"}' >"$T/body"
post quick "$T/body"
error "a command as the quick game" 400 "request.game: expected xwing, xwing1, legion or armada"
printf '{"inputs": [{"quick": "/etc/passwd"}]}' >"$T/body"
post compare "$T/body"
error "a path as compare's input" 400 "request.inputs[0].quick: expected GAME:NOTATION, GAME xwing, xwing1, legion or armada, got '/etc/passwd'"
get "/api/list/-o"
[ "$CODE" = 404 ] && grep -q 'list: expected /api/list/KIND' "$T/out" && ok || bad "a kind read as an option (-o is --output): $CODE"
get "/api/list/pilots?q=--output"
error "a search read as an option" 400 "q: a value may not start with '-' (got '--output')"

# ---- HTTP: unknown paths, methods, sizes, the page ----
get /api/nothing
[ "$CODE" = 404 ] && grep -q '"error":"not found: /api/nothing' "$T/out" && ok || bad "unknown API path: $CODE"
get /nothing.html
[ "$CODE" = 404 ] && ok || bad "unknown file: $CODE"
CODE=$(curl -s --path-as-is -o "$T/out" -w '%{http_code}' "$URL/../../etc/passwd")
[ "$CODE" = 404 ] && ! grep -q root: "$T/out" && ok || bad "a path out of web/: $CODE"
get /api/run
error "GET on a POST endpoint" 405 "/api/run takes POST"
python3 -c 'print("{\"game\": \"xwing\", \"name\": \"" + "x" * 300000 + "\"}")' >"$T/big"
post run "$T/big"
[ "$CODE" = 413 ] && grep -q 'larger than this server' "$T/out" && ok || bad "an oversized body: $CODE"
python3 -c 'print("{\"game\": \"xwing\", \"name\": \"" + "x" * 300000 + "\"}")' |
    curl -s -o "$T/out" -w '%{http_code}' -H 'Transfer-Encoding: chunked' -H 'Content-Type: application/json' \
        --data-binary @- "$URL/api/run" >"$T/code"
[ "$(cat "$T/code")" = 413 ] && ok || bad "an oversized chunked body (no length given): $(cat "$T/code")"
CODE=$(curl -s -D "$T/headers" -o "$T/out" -w '%{http_code}' "$URL/")
[ "$CODE" = 200 ] && grep -qi '^content-type: text/html' "$T/headers" && grep -qi "^content-security-policy: default-src 'self'" "$T/headers" &&
    grep -q '<html' "$T/out" && ok || bad "the page: $CODE"
for f in app.js style.css; do get "/$f"; [ "$CODE" = 200 ] && ok || bad "/$f: $CODE"; done

# ---- the headers, checked before a body is read: Host (DNS rebinding: a page of evil.example
# resolved to 127.0.0.1 sends its own name), Origin, a POST's Content-Type, the body's length ----
PORT=${URL##*:}
# asked CURL-OPTIONS...: the reply in $T/out, its status in CODE
asked() { CODE=$(curl -s -o "$T/out" -w '%{http_code}' "$@"); }
# refused WHAT STATUS TEXT: the reply is {"error": ...} holding TEXT, with STATUS
refused() {
    got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["error"])' "$T/out" 2>/dev/null)
    [ "$CODE" = "$2" ] && case $got in *"$3"*) true ;; *) false ;; esac && ok ||
        bad "$1: expected $2 with '$3', got $CODE '$got' ($(head -c 200 "$T/out"))"
}
# raw REQUEST: REQUEST's bytes (printf's escapes) sent as they are; the reply in $T/out, its status in CODE
raw() {
    printf "$1" | python3 -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
s.sendall(sys.stdin.buffer.read())
reply = b""
while True:
    got = s.recv(65536)
    if not got:
        break
    reply += got
head, _, body = reply.partition(b"\r\n\r\n")
open(sys.argv[2], "wb").write(body)
print(head.split()[1].decode() if head else "none")' "$PORT" "$T/out" >"$T/code" 2>&1
    CODE=$(cat "$T/code")
}
JSON='Content-Type: application/json'
asked -H "Host: evil.example" "$URL/"
error "a foreign Host" 403 "refused: Host 'evil.example' is not a name of this server (localhost, 127.0.0.1, [::1] or its address, port $PORT); start it with --allow-host NAME to serve another"
asked -H "Host: evil.example:$PORT" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "a DNS-rebinding Host (evil.example with our port)" 403 "Host 'evil.example:$PORT' is not a name"
asked -H "Host: localhost:1" "$URL/"
refused "our name with another port" 403 "Host 'localhost:1'"
for host in "localhost:$PORT" "LocalHost:$PORT" "127.0.0.1:$PORT" "[::1]:$PORT" "[0:0::1]:$PORT"; do
    asked -H "Host: $host" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
    [ "$CODE" = 200 ] && ok || bad "an allowed Host $host: $CODE $(head -c 200 "$T/out")"
done
raw 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n'
refused "no Host header" 403 "refused: the request has no Host header"
asked -H "Origin: http://evil.example" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
error "a foreign Origin" 403 "refused: Origin 'http://evil.example' is not this server's page (another site's page may not use its API); start it with --allow-host NAME to serve the page under another name"
asked -H "Origin: http://evil.example:$PORT" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "a foreign Origin with our port" 403 "Origin 'http://evil.example:$PORT'"
asked -H "Origin: http://localhost:1" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "an Origin of another port of this machine (same-site, not ours)" 403 "Origin 'http://localhost:1'"
asked -H "Origin: null" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "Origin: null" 403 "Origin 'null' is not this server's page"
asked -H "Origin: https://127.0.0.1:$PORT" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "an https Origin (this server has no TLS)" 403 "Origin 'https://127.0.0.1:$PORT'"
asked -H "Origin: http://127.0.0.1:$PORT" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
[ "$CODE" = 200 ] && ok || bad "the same Origin: $CODE $(head -c 200 "$T/out")"
asked -H "Origin: http://localhost:$PORT" -H "Host: localhost:$PORT" "$URL/"
[ "$CODE" = 200 ] && ok || bad "the same Origin (localhost): $CODE"
asked -H "Sec-Fetch-Site: cross-site" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "Sec-Fetch-Site: cross-site" 403 "(Sec-Fetch-Site: cross-site)"
asked -H "Sec-Fetch-Site: same-origin" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
[ "$CODE" = 200 ] && ok || bad "Sec-Fetch-Site: same-origin: $CODE"
asked -H 'Content-Type: text/plain' --data-binary @"$Q" "$URL/api/run"
error "a text/plain POST" 415 "a POST's body must be JSON sent with Content-Type: application/json (got 'text/plain')"
asked --data-binary @"$Q" "$URL/api/run"
refused "a form-urlencoded POST (curl's default)" 415 "(got 'application/x-www-form-urlencoded')"
asked -H 'Content-Type: multipart/form-data; boundary=x' --data-binary @"$Q" "$URL/api/run"
refused "a multipart POST" 415 "(got 'multipart/form-data; boundary=x')"
asked -H 'Content-Type:' --data-binary @"$Q" "$URL/api/run"
refused "a POST without Content-Type" 415 "Content-Type: application/json (got none)"
asked -H 'Content-Type: application/jsonp' --data-binary @"$Q" "$URL/api/run"
refused "a type that only starts as JSON's" 415 "(got 'application/jsonp')"
for type in 'application/json;charset=utf-8' 'Application/JSON; charset=UTF-8'; do
    asked -H "Content-Type: $type" --data-binary @"$Q" "$URL/api/run"
    [ "$CODE" = 200 ] && ok || bad "Content-Type: $type: $CODE $(head -c 200 "$T/out")"
done
asked -H "$JSON" -H 'Content-Length: 5' -H 'Content-Length: 7' --data-binary @"$Q" "$URL/api/run"
error "two different Content-Length headers" 400 "bad request: Content-Length is given twice with different values"
raw "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:$PORT\r\n$JSON\r\nContent-Length: 2\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{}"
refused "two Content-Length headers, the first the body's" 400 "Content-Length is given twice"
raw "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:$PORT\r\n$JSON\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
error "Content-Length with Transfer-Encoding" 400 "bad request: both Content-Length and Transfer-Encoding are given"
raw "GET / HTTP/1.1\r\nHost: 127.0.0.1:$PORT\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
error "two Host headers" 400 "bad request: the Host header is given more than once"
asked -H "$JSON" -H 'Content-Length: abc' --data-binary @"$Q" "$URL/api/run"
[ "$CODE" = 400 ] && ok || bad "a Content-Length that is not a number: $CODE" # libmicrohttpd's own refusal

# chart text is text: a newline in a title, subtitle or name does not end gnuplot's command (the
# line after it, system '...', ran on the server)
python3 -c '
import json, sys
hostile = lambda what: "x\nsystem \x27touch %s/MARK-%s\x27\n#" % (sys.argv[2], what)
s = json.load(open(sys.argv[1]))
s["name"] = hostile("name")
print(json.dumps({"scenario": s, "plot": True, "title": hostile("title"), "subtitle": hostile("subtitle")}))' \
    "$Q" "$T" >"$T/body"
post run "$T/body"
sleep 0.2
[ "$CODE" = 200 ] && grep -q '<svg' "$T/out" && [ -z "$(ls "$T" | grep MARK)" ] && ok ||
    bad "a newline in chart text: $CODE, $(ls "$T" | grep MARK) $(head -c 200 "$T/out")"
post run "$T/body" "title=x%0Asystem%20%27touch%20$T/MARK-query%27%0A%23&plot=1"
sleep 0.2
[ "$CODE" = 200 ] && [ ! -e "$T/MARK-query" ] && ok || bad "a newline in ?title=: $CODE, $(ls "$T" | grep MARK)"

# ---- 50 requests at once: each its own answer (those turned away by a full queue ask again) ----
i=0
while [ $i -lt 5 ]; do
    ("$BIN" xwing "$((i + 1)) fl vs 2 fe r2" --format json --threads 1 >"$T/ref$i")
    i=$((i + 1))
done
i=0
curls=""
t0=$(python3 -c 'import time; print(time.time())')
while [ $i -lt 50 ]; do
    printf '{"game": "xwing", "notation": "%d fl vs 2 fe r2"}' $((i % 5 + 1)) >"$T/body$i"
    # past the 2 workers and the 4 places of the queue: 503 with Retry-After, which curl honours
    curl -s --retry 30 -o "$T/out$i" -w '%{http_code}' -H 'Content-Type: application/json' \
        --data-binary @"$T/body$i" "$URL/api/quick" >"$T/code$i" &
    curls="$curls $!"
    i=$((i + 1))
done
for p in $curls; do wait "$p"; done
echo "api: 50 concurrent requests in $(python3 -c "import time; print('%.2f' % (time.time() - $t0))") s"
right=0
i=0
while [ $i -lt 50 ]; do
    [ "$(cat "$T/code$i")" = 200 ] && python3 "$HERE/same.py" "$T/out$i" "$T/ref$((i % 5))" >/dev/null && right=$((right + 1))
    i=$((i + 1))
done
[ $right = 50 ] && ok || bad "50 concurrent requests: $right right"
[ -z "$(ls "$T/main-tmp")" ] && ok || bad "temporary directories left: $(ls "$T/main-tmp")"

# ---- the time budget: a slow request is stopped, the server goes on ----
start budget --budget 1 --workers 1
printf '{"a": %s, "b": %s, "trials": 2000}' "$(cat "$ROOT/profiles/xwing/squads/rebels.xws")" \
    "$(cat "$ROOT/profiles/xwing/squads/empire.xws")" >"$T/body"
t0=$(date +%s)
post battle "$T/body"
t1=$(date +%s)
[ "$CODE" = 503 ] && grep -q 'time budget of 1 s' "$T/out" && [ $((t1 - t0)) -le 4 ] && ok ||
    bad "a slow request: $CODE after $((t1 - t0)) s: $(cat "$T/out")"
post quick "$T/body0"
[ "$CODE" = 200 ] && python3 "$HERE/same.py" "$T/out" "$T/ref0" >/dev/null && ok || bad "a request after the budget's stop: $CODE"
sleep 0.2
[ -z "$(ls "$T/budget-tmp")" ] && ok || bad "a stopped request left files: $(ls -R "$T/budget-tmp")"
ps -eo pgid,args | grep -q "^ *[0-9]* *$BIN battle" && bad "the stopped battle still runs" || ok

# ---- --allow-host: a club server's names (a name alone takes the server's port) ----
start allow --allow-host club.lan --allow-host Other.LAN:8099 --allow-host '[FE80::1]'
PORT=${URL##*:}
for host in "club.lan:$PORT" "CLUB.LAN:$PORT" "other.lan:8099" "[fe80:0::1]:$PORT" "127.0.0.1:$PORT"; do
    asked -H "Host: $host" -H "Origin: http://$host" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
    [ "$CODE" = 200 ] && ok || bad "--allow-host: Host and Origin $host: $CODE $(head -c 200 "$T/out")"
done
for host in "club.lan" "club.lan:1" "other.lan:$PORT" "evil.example:$PORT"; do
    asked -H "Host: $host" "$URL/"
    refused "--allow-host: Host $host" 403 "Host '$host' is not a name"
done
asked -H "Host: club.lan:$PORT" -H "Origin: http://evil.example:$PORT" -H "$JSON" --data-binary @"$Q" "$URL/api/run"
refused "--allow-host: an allowed Host, a foreign Origin" 403 "Origin 'http://evil.example:$PORT'"
for name in 'bad name' 'club.lan:0' 'club.lan:x' '[::1' '[]' '[::1]x' '[club.lan]' 'http://club.lan'; do
    timeout 10 "$BIN" serve --port 0 --allow-host "$name" 2>"$T/err" && bad "--allow-host '$name' started" ||
        grep -qF "neverodds: --allow-host: expected NAME, NAME:PORT, [IPV6] or [IPV6]:PORT (a port 1 to 65535), got '$name'" "$T/err" &&
        ok || bad "--allow-host '$name': $(cat "$T/err")"
done
"$BIN" serve --help | grep -q -- '--allow-host NAME\[:PORT\]' && ok || bad "serve --help: no --allow-host"

# the --bind address is a name of the server: 127.0.0.2 (loopback too), and ::1 where there is IPv6
start bound --bind 127.0.0.2
asked "$URL/"
[ "$CODE" = 200 ] && ok || bad "Host the --bind address ($URL): $CODE $(head -c 200 "$T/out")"
if python3 -c 'import socket; socket.socket(socket.AF_INET6).bind(("::1", 0))' 2>/dev/null; then
    start v6 --bind ::1
    asked -g "$URL/"
    [ "$CODE" = 200 ] && ok || bad "Host the --bind address ($URL): $CODE $(head -c 200 "$T/out")"
    asked -g -H "Host: [::2]:${URL##*:}" "$URL/"
    refused "another IPv6 Host" 403 "Host '[::2]:${URL##*:}' is not a name"
fi
# ---- availability: HTTP never waits behind a computation; a full queue says so; work nobody
# waits for stops; slow or greedy clients hold nothing; a child's memory is bounded ----
C="python3 $HERE/clients.py"
start avail --workers 1 --budget 30
SERVER=${PIDS##* }
$C slow "$URL" >"$T/slow" &
slow=$!
# a battle of 10^7 trials: far longer than this test (each is stopped when its client leaves)
printf '{"a": %s, "b": %s, "trials": 10000000}' "$(cat "$ROOT/profiles/xwing/squads/rebels.xws")" \
    "$(cat "$ROOT/profiles/xwing/squads/empire.xws")" >"$T/long"
# busy N: waits (at most 3 s) until the server has N children (the computations running)
children() { pgrep -c -P "$SERVER"; }
busy() {
    i=0
    while [ "$(children)" != "$1" ] && [ $i -lt 300 ]; do sleep 0.01; i=$((i + 1)); done
}
curl -s -o /dev/null --max-time 20 -H "$JSON" --data-binary @"$T/long" "$URL/api/battle" &
held="$!"
busy 1
t_page=$(curl -s -o "$T/out" -w '%{http_code} %{time_total}' --max-time 1 "$URL/")
t_list=$(curl -s -o "$T/out" -w '%{http_code} %{time_total}' --max-time 1 "$URL/api/list/pilots?q=luke")
echo "api: while the one worker computes, / answered in ${t_page#* } s, /api/list in ${t_list#* } s"
[ "${t_page% *}" = 200 ] && ok || bad "the page while the worker computes: ${t_page% *} (it waited behind the computation)"
cli ref list pilots luke
CODE=${t_list% *}
same "/api/list while the worker computes"
# the queue (2 for one worker) filled, then one more: 503 at once, with Retry-After
curl -s -o /dev/null --max-time 20 -H "$JSON" --data-binary @"$T/long" "$URL/api/battle" &
waiting=$!
curl -s -o /dev/null --max-time 20 -H "$JSON" --data-binary @"$T/long" "$URL/api/battle" &
held="$held $!"
sleep 0.3
CODE=$(curl -s -D "$T/headers" -o "$T/out" -w '%{http_code}' --max-time 2 -H "$JSON" --data-binary @"$T/long" "$URL/api/battle")
[ "$CODE" = 503 ] && grep -qi '^retry-after: 1' "$T/headers" && grep -q '"error":"busy: every worker' "$T/out" && ok ||
    bad "a full queue: $CODE $(cat "$T/out")"
# a waiting request whose client leaves gives up its place: the next one waits (no reply in 1 s)
kill $waiting
wait $waiting 2>/dev/null
CODE=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 -H "$JSON" --data-binary @"$T/long" "$URL/api/battle")
[ "$CODE" = 000 ] && ok || bad "the place of a waiting request whose client left: the next one got $CODE"
# their clients leave: the running child is killed, the waiting ones are never started
for p in $held; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
busy 0
[ "$(children)" = 0 ] && ok ||
    bad "computations went on after their clients left"
left=$($C leave "$URL" /api/battle "$T/long" "$SERVER")
echo "api: a computation stopped ${left} ms after its client left"
[ "$left" != running ] && [ "$left" -le 1000 ] 2>/dev/null && ok || bad "a client that leaves: its child: $left"
sleep 0.1
[ -z "$(ls "$T/avail-tmp")" ] && ok || bad "abandoned requests left files: $(ls "$T/avail-tmp")"
# one address holds at most 64 connections; headers dripped a line a second are cut at 10 s
[ "$($C per-ip "$URL" 64)" = refused ] && ok || bad "a 65th connection from one address was accepted"
get /
[ "$CODE" = 200 ] && ok || bad "the page during a slow client: $CODE"
wait $slow
s=$(cat "$T/slow")
echo "api: headers sent a line a second were cut after $s s"
[ "$s" != open ] && python3 -c "import sys; sys.exit(not 9.5 <= float(sys.argv[1]) <= 12.5)" "$s" && ok ||
    bad "slow headers: the connection was still open after 16 s ($s)"
# our 413 is one reply: its headers once, before the body it refuses is read
r=$($C raw "$URL" 'b"POST /api/run HTTP/1.1\r\nHost: localhost:'"${URL##*:}"'\r\nContent-Type: application/json\r\nContent-Length: 300000\r\n\r\n"' 300000)
[ "$r" = "1 413" ] && ok || bad "an oversized body: status lines and status: $r"

# the memory limit: eight TIE fighters against a swarm need 360 MB at once; 200 MB are refused
start memory --workers 1 --max-memory 200
SERVER=${PIDS##* }
python3 -c 'import json; print(json.dumps({"faction": "galacticempire", "pilots": [{"id": "academypilot"}] * 8}))' >"$T/a8"
printf '{"a": %s, "b": %s}' "$(cat "$T/a8")" "$(cat "$ROOT/profiles/xwing/squads/empire.xws")" >"$T/hungry"
post battle "$T/hungry"
error "a computation past the memory limit" 422 "the computation needed more than this server's memory limit of 200 MB (serve --max-memory); ask a smaller question, or run it with the command line"
p=$($C peak "$URL" /api/battle "$T/hungry" "$SERVER")
echo "api: under --max-memory 200 the hungry battle's child peaked at: $p"
python3 -c "import sys; a = sys.argv[1].split(); sys.exit(not (a[0] == '422' and float(a[2]) <= 200))" "$p" && ok ||
    bad "the child's memory: $p"
post quick "$T/body0"
[ "$CODE" = 200 ] && python3 "$HERE/same.py" "$T/out" "$T/ref0" >/dev/null && ok || bad "an ordinary request under --max-memory 200: $CODE"

# ---- the defaults: loopback only; bad options ----
grep -q 'http://127.0.0.1:' "$T/main.log" && ok || bad "the default address: $(cat "$T/main.log")"
"$BIN" serve --bind nowhere --port 0 >/dev/null 2>"$T/err" && bad "--bind nowhere started" ||
    grep -q "neverodds: serve: --bind: expected an IPv4 or IPv6 address" "$T/err" && ok || bad "--bind nowhere: $(cat "$T/err")"
"$BIN" serve --workers 0 2>"$T/err" && bad "--workers 0 started" ||
    grep -q "^neverodds: --workers: expected an integer from 1 to 64, got '0'" "$T/err" && ok || bad "--workers 0: $(cat "$T/err")"
"$BIN" serve --wokers 2 2>"$T/err" && bad "--wokers started" ||
    grep -q 'did you mean "--workers"' "$T/err" && ok || bad "--wokers: $(cat "$T/err")"

stop_servers
grep -q 'stopped (SIGTERM)' "$T/main.log" && ok || bad "the server did not stop on SIGTERM: $(tail -2 "$T/main.log")"
echo "api: $pass passed, $fail failed"
[ $fail -eq 0 ]
