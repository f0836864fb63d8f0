#!/bin/sh
# run.sh — golden outputs: every profile and README example, byte for byte as recorded.
# Usage: sh tests/golden/run.sh ./neverodds            compare with tests/golden/expected/
#        sh tests/golden/run.sh ./neverodds --update   record them again (after a change meant
#                                                      to alter output; review the diff)
# commands.txt holds one case per line: NAME ARGS... (shell words). @OUT@ names a file the
# command writes (a chart script); its bytes follow stdout in the record, with its path as @OUT@.
# stderr and the exit status are recorded too. --threads is fixed where a report prints it.
set -u
BIN=$1
UPDATE=${2:-}
HERE=$(dirname "$0")
WANT=$HERE/expected
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$WANT"
pass=0
fail=0
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    name=${line%% *}
    args=$(printf '%s' "${line#* }" | sed "s|@OUT@|$T/out|g")
    rm -f "$T"/out*
    eval "set -- $args"
    "$BIN" "$@" >"$T/got" 2>"$T/err" </dev/null
    rc=$?
    {
        cat "$T/got"
        printf -- '--- stderr\n'
        sed "s|$T/out|@OUT@|g" "$T/err"
        printf -- '--- exit %d\n' "$rc"
        for f in "$T"/out*; do
            [ -f "$f" ] || continue
            printf -- '--- %s\n' "@OUT@${f#"$T/out"}"
            sed "s|$T/out|@OUT@|g" "$f"
        done
    } >"$T/record"
    if [ "$UPDATE" = "--update" ]; then
        cp "$T/record" "$WANT/$name.out"
        pass=$((pass + 1))
    elif cmp -s "$T/record" "$WANT/$name.out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL golden $name: $BIN $line"
        diff "$WANT/$name.out" "$T/record" 2>&1 | head -n 10
    fi
done <"$HERE/commands.txt"
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
