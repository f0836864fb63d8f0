#!/bin/sh
# plots.sh — the chart gallery in plots/ from scenarios in profiles/ (make plots).
# Every chart uses a fixed seed, so the gallery is the same on every run and thread count.
# Usage: sh tools/plots.sh ./neverodds
set -eu
BIN=${1:-./neverodds}
OUT=plots
X=profiles/xwing
L=profiles/legion
A=profiles/armada
mkdir -p "$OUT"
chart() { # chart NAME ARGS...: the numbers to /dev/null, the chart to plots/NAME
    name=$1; shift
    "$BIN" "$@" --plot "$OUT/$name" >/dev/null
    echo "  $OUT/$name"
}
chart xwing-quickstart.png       run $X/quickstart.json
chart xwing-quickstart.svg       run $X/quickstart.json
chart xwing-quickstart-mc.png    run $X/quickstart.json --trials 20000 --seed 1
chart xwing-two-attacks.png      run $X/two-attacks.json
chart xwing-shots-to-kill.png    run $X/quickstart.json --shots-to-kill
chart xwing-editions.png         compare $X/quickstart.json,label=second\ edition \
                                         $X/quickstart.json,rules=xwing-1e,label=first\ edition \
                                         $X/quickstart.json,defender.tokens.evade=0,label=no\ evade\ token
chart xwing-dice-heatmap.png     sweep $X/quickstart.json --vary attacker.dice=2..5 --vary defender.dice=0..4
chart xwing-dice-heatmap.svg     sweep $X/quickstart.json --vary attacker.dice=2..5 --vary defender.dice=0..4
chart xwing-kill-heatmap.png     sweep $X/quickstart.json --vary attacker.dice=2..5 --vary defender.dice=0..4 --metric kill
chart legion-stormtroopers.png   run $L/stormtroopers-vs-rebels.json
chart legion-cover.png           sweep $L/stormtroopers-vs-rebels.json --vary cover=none,light,heavy --trials 20000
chart armada-victory-vs-cr90.png run $A/victory-vs-cr90.json
chart xwing-matchup.png          matchup $X/squads/rebels.xws $X/squads/empire.xws
chart armada-matchup.png         matchup $A/fleets/rebels.txt $A/fleets/empire.txt
chart legion-matchup.png         matchup "https://legionhq2.com/list/empire/1ayejex00,2ay0000" \
    "https://legionhq2.com/list/rebels/1ab0000,2ahed000" --tokens aim,dodge
"$BIN" battle $X/squads/rebels.xws $X/squads/empire.xws --range 1:0.2,2:0.5,3:0.3 --trials 200000 --seed 1 \
    --plot "$OUT/xwing-battle.png" --plot-ranges "$OUT/xwing-battle-ranges.png" >/dev/null
echo "  $OUT/xwing-battle.png"
echo "  $OUT/xwing-battle-ranges.png"
