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
# an odd number of chunks (3) over 2 ranks, and 2 threads in each
same odd-chunks run profiles/xwing/quickstart.json --trials 140000 --seed 5 --threads 2 --format json
# a bad input: the same one message, from rank 0 alone, and exit 2
mpirun -np 2 "$MPI_BIN" run profiles/xwing/quickstart.json --trials 0 >"$T/out" 2>"$T/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && [ "$(grep -c "expected an integer" "$T/err")" -eq 1 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL: bad input under mpirun: exit $rc, $(cat "$T/err")"; fi
echo "mpi: $pass passed, $fail failed"
[ $fail -eq 0 ]
