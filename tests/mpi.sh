#!/bin/sh
# mpi.sh — the MPI build (make MPI=1) under `mpirun -np 2` against one process with the same
# seed: the outputs must be byte-identical. Usage: sh tests/mpi.sh MPI_BINARY PLAIN_BINARY
set -u
MPI_BIN=$1
BIN=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# the CI runs as root; Open MPI refuses that unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
pass=0
fail=0
same() { # same NAME ARGS...: one process and two ranks print the same bytes
    name=$1; shift
    "$BIN" "$@" >"$T/one" 2>"$T/one.err"
    mpirun -np 2 "$MPI_BIN" "$@" >"$T/two" 2>"$T/two.err"
    if cmp -s "$T/one" "$T/two" && [ -s "$T/one" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL: $name: $(head -c 300 "$T/two.err")"; diff "$T/one" "$T/two" | head -5; fi
}
S="--seed 11 --threads 1"
same single-attack run profiles/xwing/quickstart.json --trials 1000000 $S --format json
same sequence run profiles/xwing/two-attacks.json --trials 500000 $S --format json
same legion-pools run profiles/legion/attack-action-two-pools.json --trials 500000 $S --format json
same armada run profiles/armada/victory-vs-cr90.json --trials 300000 $S
same shots-to-kill run profiles/xwing/quickstart.json --shots-to-kill --trials 200000 $S --format json
same sweep sweep profiles/xwing/quickstart.json --vary attacker.dice=2..4 --trials 300000 $S --format csv
same compare compare profiles/xwing/quickstart.json profiles/xwing/quickstart.json,rules=xwing-1e --trials 300000 $S
same exact run profiles/legion/stormtroopers-vs-rebels.json
# battles: chunks of 4,096 battles over the ranks (5 chunks: odd), the sums whole numbers
same battle battle profiles/xwing/squads/rebels.xws profiles/xwing/squads/empire.xws --trials 20000 $S --format json
same battle-exact battle tests/battle/cases/05_2v1.json --format json
same matchup-rounds matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/empire.xws --trials 5000 $S --format json
# an odd number of chunks (3) over 2 ranks, and 2 threads in each
same odd-chunks run profiles/xwing/quickstart.json --trials 140000 --seed 5 --threads 2 --format json
# sweep points and compare rows: each run whole by one rank, then sent to the others
same exact-sweep sweep profiles/legion/stormtroopers-vs-rebels.json --vary attacker.pool.white=2..8 --format csv
same exact-sweep-grid sweep profiles/xwing/quickstart.json --vary attacker.dice=2..6 --vary defender.dice=1..3
same mc-sweep-two-keys sweep profiles/xwing/quickstart.json --vary attacker.dice=2..4 --vary defender.tokens.evade=0,1,2 \
    --trials 150000 $S --format json
same compare-three compare profiles/xwing/quickstart.json profiles/xwing/quickstart.json,rules=xwing-1e \
    profiles/legion/stormtroopers-vs-rebels.json --trials 200000 $S --format csv
same compare-three-exact compare profiles/xwing/quickstart.json profiles/xwing/two-attacks.json \
    profiles/armada/victory-vs-cr90.json --threads 1 --format json
# a sequence's per-attack summaries (heap memory) sent whole
same sequence-sweep sweep profiles/xwing/two-attacks.json --vary defender.hull=2..6 --threads 1 --format json
same sequence-sweep-mc sweep profiles/xwing/two-attacks.json --vary defender.hull=2..6 --trials 100000 $S
# the chart of rows from both ranks: the same script
"$BIN" compare profiles/xwing/quickstart.json profiles/xwing/two-attacks.json profiles/legion/stormtroopers-vs-rebels.json \
    --plot "$T/chart.gp" >/dev/null 2>&1 && mv "$T/chart.gp" "$T/one.gp"
mpirun -np 2 "$MPI_BIN" compare profiles/xwing/quickstart.json profiles/xwing/two-attacks.json \
    profiles/legion/stormtroopers-vs-rebels.json --plot "$T/chart.gp" >/dev/null 2>&1
if [ -s "$T/one.gp" ] && cmp -s "$T/one.gp" "$T/chart.gp"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL: compare --plot .gp differs under mpirun"; fi
# --lenient: rank 0 says each point's warnings, in order, as one process does
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2},"colour":"red"}' >"$T/unknown.json"
"$BIN" sweep "$T/unknown.json" --vary attacker.dice=1..5 --lenient >"$T/one" 2>"$T/one.err"
mpirun -np 2 "$MPI_BIN" sweep "$T/unknown.json" --vary attacker.dice=1..5 --lenient >"$T/two" 2>"$T/two.err"
if cmp -s "$T/one" "$T/two" && cmp -s "$T/one.err" "$T/two.err" && [ "$(grep -c warning "$T/two.err")" -eq 5 ]
then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL: --lenient warnings of a sweep under mpirun: $(cat "$T/two.err")"; fi
# a bad point: the same one message (from rank 0; mpirun adds its own lines after it), exit
# status 2 and empty stdout as one process, whichever rank ran the point
same_error() { # same_error NAME ARGS...
    name=$1; shift
    "$BIN" "$@" >"$T/one" 2>"$T/one.err"; rc1=$?
    mpirun -np 2 "$MPI_BIN" "$@" >"$T/two" 2>"$T/two.err"; rc2=$?
    msg=$(cat "$T/one.err")
    if [ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ ! -s "$T/two" ] && [ "$(wc -l <"$T/one.err")" -eq 1 ] &&
        [ "$(head -n 1 "$T/two.err")" = "$msg" ] && [ "$(grep -cF "$msg" "$T/two.err")" -eq 1 ]
    then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL: $name: exit $rc1 vs $rc2: $msg vs $(head -n 3 "$T/two.err")"; fi
}
same_error bad-point-rank1 sweep profiles/xwing/quickstart.json --vary attacker.dice=2,x,4
same_error bad-point-rank0-first sweep profiles/xwing/quickstart.json --vary attacker.dice=2,3,x,y --trials 100000 $S
same_error bad-point-last sweep profiles/xwing/quickstart.json --vary attacker.dice=2,3,4,y
same_error bad-row compare profiles/xwing/quickstart.json profiles/xwing/quickstart.json,attacker.dice=-1
# a bad input: the same one message, from rank 0 alone, and exit 2
mpirun -np 2 "$MPI_BIN" run profiles/xwing/quickstart.json --trials 0 >"$T/out" 2>"$T/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && [ "$(grep -c "expected an integer" "$T/err")" -eq 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL: bad input under mpirun: exit $rc, $(cat "$T/err")"; fi
echo "mpi: $pass passed, $fail failed"
[ $fail -eq 0 ]
