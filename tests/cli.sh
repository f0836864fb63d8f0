#!/bin/sh
# cli.sh — the command line as a user meets it: exit codes, stdout/stderr discipline,
# thread-count independence. Usage: sh tests/cli.sh ./neverodds
set -u
BIN=${1:-./neverodds}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_error NAME EXPECTED_STDERR_PREFIX ARGS...: exit 2, empty stdout, one-line message
expect_error() {
    name=$1; want=$2; shift 2
    "$BIN" "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -ne 2 ]; then bad "$name: exit $rc, expected 2"; return; fi
    if [ -s "$T/out" ]; then bad "$name: wrote to stdout"; return; fi
    if [ "$(grep -c "^Try 'neverodds" "$T/err")" -gt 1 ]; then bad "$name: more than one 'Try' line"; return; fi
    case "$(head -n 1 "$T/err")" in
        "$want"*) ok ;;
        *) bad "$name: stderr was: $(cat "$T/err")" ;;
    esac
}
# expect_usage NAME EXPECTED_FIRST_LINE TRY_LINE ARGS...: expect_error, and the message is exactly
# two lines: the one given and one pointer to the help that lists what was meant
expect_usage() {
    name=$1; first=$2; try=$3; shift 3
    expect_error "$name" "$first" "$@"
    [ "$(head -n 1 "$T/err")" = "$first" ] && [ "$(sed -n 2p "$T/err")" = "$try" ] && [ "$(wc -l <"$T/err")" -eq 2 ] &&
        ok || bad "$name: stderr was: $(cat "$T/err")"
}

printf '{"game":"xwing",' >"$T/malformed.json"
printf '{"game":"xwing","attacker":{"dice":3,"tokens":{"focus":-1}},"defender":{"dice":2}}' >"$T/neg.json"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2},"colour":"red"}' >"$T/unknown.json"
printf '{"game":"tiddlywinks","attacker":{"dice":3},"defender":{"dice":2}}' >"$T/game.json"
printf '{"game":"xwing","attacker":{"dice":[3]},"defender":{"dice":2}}' >"$T/type.json"
: >"$T/empty.json"
printf '{"game":"xwing","rules":"xwing-1e","attacker":{"dice":3},"defender":{"dice":2,"hull":3},"rule_options":{"damage_deck":true}}' >"$T/deck1e.json"

expect_error malformed "neverodds: $T/malformed.json: malformed JSON at line 1" run "$T/malformed.json"
expect_error negative "neverodds: $T/neg.json: attacker.tokens.focus: expected an integer from 0 to 10, got -1" run "$T/neg.json"
expect_error unknown-key "neverodds: $T/unknown.json: colour: unknown key" run "$T/unknown.json"
expect_error unknown-game "neverodds: $T/game.json: game: expected a game" run "$T/game.json"
expect_error wrong-type "neverodds: $T/type.json: attacker.dice: expected an integer from 0 to 10, got a list" run "$T/type.json"
expect_error empty-file "neverodds: $T/empty.json: malformed JSON" run "$T/empty.json"
expect_error missing-file "neverodds: $T/none.json: cannot read" run "$T/none.json"
expect_error directory "neverodds: $T: cannot read" run "$T"
expect_error no-file "neverodds: run: missing the scenario file" run
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2,"hull":34}}' >"$T/deckhull.json"
expect_error deck-hull "neverodds: $T/deckhull.json: defender.hull: a hull of 34 is more than the 33 cards of the damage deck" run "$T/deckhull.json"
expect_error bad-trials "neverodds: --trials: expected an integer" run profiles/xwing/quickstart.json --trials -5
expect_error bad-threads "neverodds: --threads: expected an integer from 1 to 256" run profiles/xwing/quickstart.json --threads 0
expect_error bad-format "neverodds: --format: expected text, json or csv" run profiles/xwing/quickstart.json --format xml
expect_error both-methods "neverodds: --exact and --trials" run profiles/xwing/quickstart.json --exact --trials 10
expect_error bad-policy "neverodds: --policy: expected per-attack, conservative, crit-fishing, optimal, greedy, conserve or no-discard" run profiles/xwing/quickstart.json --policy lucky
expect_error policy-game "neverodds: --policy: no-discard does not apply to this game" run profiles/xwing/quickstart.json --policy no-discard
printf '{"game":"armada","range":"long","attacker":{"type":"ship","pool":{"red":1}},"defender":{"type":"ship","tokens":[{"type":"brace","state":"tired"}]}}' >"$T/armada.json"
expect_error armada-token-state "neverodds: $T/armada.json: defender.tokens[0].state: expected a token state (one of: ready, exhausted, discarded), got \"tired\"" run "$T/armada.json"
expect_error bad-goal "neverodds: --goal: expected mean-damage, kill or mean-cards, got 'lucky'" run profiles/xwing/quickstart.json --goal lucky
expect_error goal-game "neverodds: --goal: mean-cards applies to Armada only" run profiles/xwing/quickstart.json --goal mean-cards
printf '{"game":"xwing","goal":"mean-cards","attacker":{"dice":3},"defender":{"dice":2}}' >"$T/goal.json"
expect_error goal-key "neverodds: $T/goal.json: goal: expected a goal (one of: mean-damage, kill), got \"mean-cards\"" run "$T/goal.json"
expect_error unknown-command "neverodds: unknown command" fly
# a cloaked ship is disarmed (L439-L442, L685); first edition has no range 0 (B819); bonus attacks
printf '{"game":"xwing","attacker":{"dice":3,"tokens":{"cloak":1}},"defender":{"dice":2}}' >"$T/cloak.json"
expect_error cloaked-attacker "neverodds: $T/cloak.json: attacker.tokens.cloak: a cloaked ship is disarmed and cannot attack (L439-L442, L685)" run "$T/cloak.json"
expect_error range0-first-edition "neverodds: quick: range: xwing-1e has no attack at range 0" xwing1 "3 vs 2 r0"
printf '{"game":"xwing","defender":{"dice":2},"attacks":[{"attacker":{"dice":3}},{"bonus":true,"attacker":{"dice":2}},{"bonus":true,"attacker":{"dice":2}}]}' >"$T/bonus.json"
expect_error second-bonus "neverodds: $T/bonus.json: attacks[2].bonus: a ship makes one bonus attack per round (L384)" run "$T/bonus.json"

# --help and --version succeed and print to stdout
if "$BIN" --help | grep -q "usage: neverodds COMMAND" && "$BIN" run --help | grep -q -- "--trials" &&
   "$BIN" --version | grep -q "neverodds"; then ok; else bad "help/version"; fi
# every command has its own --help, on stdout
for c in run policy order compare sweep selftest squad matchup battle list serve; do
    "$BIN" $c --help | grep -q "usage: neverodds $c" && ok || bad "$c --help"
done

# --policy overrides the scenario and the report names it
"$BIN" run profiles/xwing/quickstart.json --policy conservative --format json | grep -q '"name":	"conservative"' &&
    ok || bad "--policy not reported"

# an Armada report names what each side's policy ranks: damage cards first per attack, all the
# damage (the mean it prints) under optimal with its default goal, the cards under mean-cards
"$BIN" run profiles/armada/contract-example.json | grep -q "^objective: the attacker maximises damage cards (hull points of a squadron), then shields stripped, then a face-up card, in this attack; the defender minimises the same" &&
    ok || bad "armada objective, per-attack"
"$BIN" run profiles/armada/victory-double-arc.json --policy optimal --format json |
    grep -q '"defender":	"minimises the damage dealt (shields stripped and cards: the mean damage reported) over this attack and the later ones, then damage cards"' &&
    ok || bad "armada objective, optimal"
"$BIN" run profiles/armada/victory-double-arc.json --policy optimal --goal mean-cards | grep -q "^objective: the attacker maximises damage cards (hull points of a squadron), then shields stripped, then face-up cards, over this attack and the later ones" &&
    ok || bad "armada objective, mean-cards"

# --verbose shows the face tables the numbers come from
# every reading of an open rule in the JSON, by its scenario key; the text names those off the default
printf '{"game":"legion","rule_options":{"los_cap":"remaining"},"attacker":{"pool":{"red":2}},"defender":{"die":"white","minis":2}}' >"$T/readings.json"
"$BIN" run "$T/readings.json" --format json | tr -d '\n\t' |
    grep -q '"rulings":{"rule_options.los_cap":"remaining","rule_options.primitive":"after_impact","rule_options.ion":"standing"}' &&
"$BIN" run "$T/readings.json" | grep -q "^rulings:  rule_options.los_cap remaining (not the default readings" &&
"$BIN" run profiles/xwing/quickstart.json --format json | tr -d '\n\t' |
    grep -q '"rulings":{"rule_options.multiple_focus":true,"rule_options.damage_deck":true,"first_player":"attacker"}' &&
! "$BIN" run profiles/xwing/quickstart.json | grep -q "^rulings:" && ok || bad "rulings in the report"
"$BIN" run profiles/xwing/quickstart.json --verbose | grep -q "red attack d8  *blank blank focus focus hit hit hit crit" &&
    ok || bad "--verbose face table"

# the default scenario runs, exactly, and says so
"$BIN" run profiles/xwing/quickstart.json >"$T/q.txt" 2>"$T/q.err" && grep -q "method:   exact" "$T/q.txt" &&
    [ ! -s "$T/q.err" ] && ok || bad "quickstart"
# the report names the damage deck, on by default with a hull, and its switch turns it off
grep -q "rules xwing-2e with the damage deck" "$T/q.txt" && grep -q "^card damage" "$T/q.txt" && ok || bad "deck named"
printf '{"game":"xwing","rule_options":{"damage_deck":false},"attacker":{"dice":3},"defender":{"dice":2,"hull":3}}' >"$T/nodeck.json"
"$BIN" run "$T/nodeck.json" --format json | grep -q '"damage_deck":	false' && ok || bad "deck off"

# JSON contract keys
"$BIN" run profiles/xwing/quickstart.json --format json >"$T/q.json" &&
    for k in '"game"' '"rules"' '"method"' '"trials"' '"seed"' '"threads"' '"damage"' '"mean"' '"stderr"' \
             '"pmf"' '"at_least"' '"kill"' '"probability"' '"policy"'; do
        grep -q "$k" "$T/q.json" || { bad "json lacks $k"; break; }
    done && ok

# same seed: identical reports on 1 and 2 threads (apart from the line that names the count)
"$BIN" run profiles/xwing/quickstart.json --trials 300000 --seed 7 --threads 1 --format json >"$T/t1.json"
"$BIN" run profiles/xwing/quickstart.json --trials 300000 --seed 7 --threads 2 --format json >"$T/t2.json"
grep -v '"threads"' "$T/t1.json" >"$T/t1n"
grep -v '"threads"' "$T/t2.json" >"$T/t2n"
if cmp -s "$T/t1n" "$T/t2n" && [ "$(diff "$T/t1.json" "$T/t2.json" | grep -c '^[<>]')" -eq 2 ]; then ok
else bad "threads 1 vs 2 differ"; fi
"$BIN" run profiles/xwing/quickstart.json --trials 300000 --seed 8 --threads 2 --format json >"$T/t3.json"
cmp -s "$T/t2.json" "$T/t3.json" && bad "seed has no effect" || ok

# a Legion attack action of several pools: the same on 1 and 2 threads too
A=profiles/legion/attack-action-two-pools.json
"$BIN" run $A --trials 200000 --seed 5 --threads 1 --format json | grep -v '"threads"' >"$T/a1"
"$BIN" run $A --trials 200000 --seed 5 --threads 2 --format json | grep -v '"threads"' >"$T/a2"
cmp -s "$T/a1" "$T/a2" && grep -q '"per_attack"' "$T/a1" && ok || bad "pools: threads 1 vs 2 differ"

# Monte Carlo standard errors are numbers even where a sum of weights rounds past 1 (they were
# NaN: "-nan" in text, null in JSON)
printf '{"game":"legion","attacker":{"unit":"stormtroopers"},"defender":{"unit":"rebeltroopers"}}' >"$T/shots.json"
"$BIN" run "$T/shots.json" --shots-to-kill --trials 50000 >"$T/shots.txt" && ! grep -qi nan "$T/shots.txt" &&
    ok || bad "shots to kill: a NaN standard error"

# mean shots is over the defenders destroyed within 200 attacks, as the report says (it was the
# sum of k P(k), those never destroyed counted as 0): a lone die into 8 agility, hull 1, is a
# geometric number of attacks, q = P(kill) of one; Monte Carlo's within 5 standard errors
"$BIN" xwing "1 vs 8 h1 r2" --format json >"$T/g1.json" &&
    "$BIN" xwing "1 vs 8 h1 r2" --shots-to-kill --format json >"$T/gs.json" &&
    "$BIN" xwing "1 vs 8 h1 r2" --shots-to-kill --trials 200000 --seed 3 --format json >"$T/gm.json" &&
    python3 - "$T/g1.json" "$T/gs.json" "$T/gm.json" <<'EOF2' && ok || bad "mean shots over those destroyed within 200"
import json, sys
q = json.load(open(sys.argv[1]))["kill"]["probability"]
exact, mc = (json.load(open(f))["shots"] for f in sys.argv[2:4])
within = sum(q * (1 - q) ** (k - 1) for k in range(1, 201))
mean = sum(k * q * (1 - q) ** (k - 1) for k in range(1, 201)) / within
assert abs(exact["mean"] - mean) < 1e-9, (exact["mean"], mean)
assert abs(exact["beyond"]["probability"] - (1 - within)) < 1e-12
assert abs(mc["mean"] - mean) < 5 * mc["mean_stderr"], (mc["mean"], mc["mean_stderr"], mean)
EOF2

# the policy command: every policy for each side, side by side; JSON too; run-only options refused
"$BIN" policy profiles/xwing/quickstart.json | grep -q "^  optimal " && ok || bad "policy command"
"$BIN" policy profiles/xwing/quickstart.json --format json | grep -q '"defender"' && ok || bad "policy command json"
# without a hull there is no P(kill) to compare (it printed 0): "-", and no kill figures in JSON or CSV
"$BIN" policy profiles/xwing/reroll-then-focus.json | grep -q "^  per-attack   2.8125000000  +0.0000000000             -              -$" &&
    "$BIN" policy profiles/xwing/reroll-then-focus.json --format json | grep -q '"health_given":	false' &&
    ! "$BIN" policy profiles/xwing/reroll-then-focus.json --format json | grep -q '"kill' &&
    "$BIN" policy profiles/xwing/reroll-then-focus.json --format csv | grep -q "^attacker,per-attack,2.8125,0,0,,,$" &&
    ok || bad "policy command without a hull"
# its decision tables: with a lock and a focus token the attacker converts F F F, rerolls nothing
"$BIN" policy profiles/xwing/quickstart.json | grep -q "focus focus focus .*attacker focus change: focus->hit x3; then defense roll" &&
    ok || bad "policy decision table"
# a sequence under optimal: the first attack's table, its worth counting the attack after it
sed 's/"policy": "per-attack"/"policy": "optimal"/' profiles/xwing/two-attacks.json >"$T/two-opt.json"
"$BIN" policy "$T/two-opt.json" >"$T/two-opt.txt" && grep -q "the first of the 2 attacks (its worth counts the later attacks" "$T/two-opt.txt" &&
    grep -q "blank evade evade .*defender evade change: blank->evade  *0.6392" "$T/two-opt.txt" && ok || bad "sequence decision table"
expect_error policy-option "neverodds: policy: --policy does not apply" policy profiles/xwing/quickstart.json --policy greedy

# order: the table, a traced roll, editions side by side, what-ifs; bad what-ifs and rolls
"$BIN" order profiles/xwing/reroll-then-focus.json --roll "atk=F,B,H atk-reroll=F" >"$T/order.txt" &&
    grep -q "official  *lock, focus  *2.8125000000 .*official, policy's choice" "$T/order.txt" &&
    grep -q "official  *focus, lock  *2.6250000000" "$T/order.txt" &&
    grep -q "result: 3 hits and 0 crits stand; 3 damage" "$T/order.txt" && ok || bad "order table and trace"
# Legion's header marks what the scenario leaves unsaid; a unit card says it (heavy-weapon-unit)
printf '{"game":"legion","attacker":{"pool":{"white":2}},"defender":{}}' >"$T/lgmin.json"
"$BIN" run "$T/lgmin.json" >"$T/lgmin.txt" && "$BIN" run "$T/lgmin.json" --format json >"$T/lgmin.out" &&
    grep -q "^attack:   ranged (by default), 0 red 0 black 2 white, surge none (by default)$" "$T/lgmin.txt" &&
    grep -q "^defense:  white die (by default), surge none (by default), trooper (by default), Courage 1 (by default), no unit given, cover none$" "$T/lgmin.txt" &&
    grep -q '"by_default":.*\["attack_type", "cover", "attacker.surge", "defender.die", "defender.surge", "defender.type", "defender.courage"\]' "$T/lgmin.out" &&
    "$BIN" run profiles/legion/heavy-weapon-unit.json >"$T/lgunit.txt" && ! grep -q "by default" "$T/lgunit.txt" &&
    grep -q "^defense:  white die, surge block, trooper, Courage 1, 5 minis" "$T/lgunit.txt" && ok || bad "Legion defaults marked"
# A unit card without miniatures of its own (Legion HQ's The Bad Batch: its miniatures are its
# upgrades) is refused until the scenario says them; a vehicle's card gives its Resilience
printf '{"game":"legion","attacker":{"pool":{"white":2}},"defender":{"unit":"thebadbatchrepublic"}}' >"$T/bb.json"
expect_error no-minis-defender "neverodds: $T/bb.json: defender.unit: unit thebadbatchrepublic's card in the data gives 0 miniatures of 2 wounds" run "$T/bb.json"
printf '{"game":"legion","attacker":{"unit":"thebadbatchrepublic"},"defender":{"die":"red"}}' >"$T/bb2.json"
expect_error no-minis-attacker "neverodds: $T/bb2.json: attacker.unit: unit thebadbatchrepublic's card in the data gives 0 miniatures" run "$T/bb2.json"
printf '{"game":"legion","attacker":{"unit":"thebadbatchrepublic","weapons":[{"name":"DC-17 Hand Blaster","minis":4}]},"defender":{"unit":"thebadbatchrepublic","minis":4,"wounds":3}}' >"$T/bb3.json"
"$BIN" run "$T/bb3.json" --trials 1000 >"$T/bb3.txt" && grep -q "^attack:   ranged (by default), 0 red 4 black 4 white" "$T/bb3.txt" &&
    grep -q "4 minis x 3 wounds" "$T/bb3.txt" && ok || bad "a card without miniatures, given them"
printf '{"game":"legion","attacker":{"pool":{"red":2}},"defender":{"unit":"atst"}}' >"$T/atst.json"
"$BIN" run "$T/atst.json" | grep -q "^defense:  white die, surge block, vehicle, Courage -, Resilience 8, 1 mini x 11 wounds" &&
    ok || bad "a vehicle's Resilience from its card"
# army: Legion lists as builders export them. Tabletop Admiral's TTS JSON (real exports): a card
# the data no longer has (a 2019 card) or does not know is left out with a warning; --strict
# refuses it; a unit with a heavy weapon and a personnel miniature forms its pool per miniature
"$BIN" army tests/army/legion-tta-empire-SWLegionCompanion.json >"$T/army.txt" 2>"$T/army.err" &&
    grep -q "TTS JSON (Tabletop Admiral), Melee Leaning Army, faction empire, 5 units; data 2026-07-30" "$T/army.txt" &&
    grep -q "units\[4\].name: Imperial Royal Guards is a card of the 2019 data that Legion HQ 2's data no longer has" "$T/army.err" &&
    grep -q 'units\[3\].upgrades\[2\]: unknown card "E-11D Config": left out' "$T/army.err" &&
    grep -q "^  3  Stormtroopers (stormtroopers), corps, 70 points" "$T/army.txt" &&
    grep -q "6 minis x 1 wounds, Courage 1" "$T/army.txt" &&
    grep -q "range 3   2 red  0 black  5 white   E-11 Blaster Rifle x5, DLT-19 Blaster Rifle" "$T/army.txt" &&
    grep -q "range 4   2 red  0 black  0 white   DLT-19 Blaster Rifle$" "$T/army.txt" && ok || bad "army: Tabletop Admiral (empire)"
"$BIN" army tests/army/legion-tta-republic-SWLegionCompanion.json >"$T/army2.txt" 2>/dev/null &&
    grep -q "faction republic, 7 units" "$T/army2.txt" &&
    grep -q "Clone Captain Rex, Honorable Soldier (clonecaptainrex), commander" "$T/army2.txt" &&
    grep -q "^  5  ARC Troopers (arctroopers)" "$T/army2.txt" &&
    grep -q "range 1   0 red  5 black  6 white   DC-15A Blaster Carbine x5, Z-6 Rotary Blaster" "$T/army2.txt" &&
    ok || bad "army: Tabletop Admiral (republic: a name's case, a titled commander)"
expect_error army-strict "neverodds: tests/army/legion-tta-empire-SWLegionCompanion.json: units[3].upgrades[2]: unknown card \"E-11D Config\"" \
    army tests/army/legion-tta-empire-SWLegionCompanion.json --strict
printf '{"author":"Legion HQ","armyFaction":"rebel","units":[{"name":"Rebel Troopers","upgrades":["Z-6 Trooper"]},{"name":"Stormtropers","upgrades":[]}]}' >"$T/army-bad.json"
expect_error army-unknown-unit "neverodds: $T/army-bad.json: units[1].name: unknown unit \"Stormtropers\" (did you mean \"Stormtroopers\"" army "$T/army-bad.json"
# a Legion HQ link: points and count digits, empty slots ("0"), command card ids, alike units
"$BIN" army "https://legionhq2.com/list/empire/800:1ayejex00,2ay0000,bw,bj" >"$T/link.txt" &&
    grep -q "Legion HQ link, faction empire, 3 units" "$T/link.txt" &&
    grep -q "^  2  Stormtroopers (stormtroopers), corps, 42 points each, 2 alike units" "$T/link.txt" &&
    grep -q "^commands (not modelled): Implacable (1), Assault (3)" "$T/link.txt" && ok || bad "army: a Legion HQ link"
expect_error army-link-id "neverodds: link: segment[0]: unknown unit id \"q9\"" army "https://legionhq2.com/list/empire/1q9"
# Legion HQ's text exports (tests/army/legion-hq-empire-*.txt: one army as its tournament,
# standard and minimal texts give it, and the standard one as pasted: CRLF, no title, "2x",
# trailing blanks): the dialect told from the content, the faction assumed from the units, a
# counterpart and the battle deck left out, alike units read as one, Standing Orders implicit
"$BIN" army tests/army/legion-hq-empire-tournament.txt >"$T/tt.txt" 2>"$T/tt.err" &&
    grep -q "Legion HQ tournament text, Melee Leaning Army, faction empire (assumed: its units'), 7 units" "$T/tt.txt" &&
    grep -q "^  1  Darth Vader, Dark Lord of the Sith (darthvaderdarklordofthesith), commander, 225 points" "$T/tt.txt" &&
    grep -q "^     upgrades Force Push (force), Force Reflexes (force), Saber Throw (force)$" "$T/tt.txt" &&
    grep -q "^  3  Stormtroopers (stormtroopers), corps, 62 points each, 2 alike units" "$T/tt.txt" &&
    grep -q "^  5  Imperial Death Troopers (imperialdeathtroopers), special, 83 points" "$T/tt.txt" &&
    grep -q "^  6  Dewback Rider (dewbackrider), support, 75 points" "$T/tt.txt" && ! grep -q "^  7" "$T/tt.txt" &&
    grep -q "^commands (not modelled): Implacable (1), Ambush (1), Push (2), New Ways to Motivate Them (2), Assault (3), Master of Evil (3)$" "$T/tt.txt" &&
    grep -q "tournament.txt: line 8: the counterpart Iden's ID10 Seeker Droid is not modelled: left out" "$T/tt.err" &&
    grep -q "tournament.txt: line 31: the battle deck (Objectives: Breakthrough, Bunker Assault; Secondaries: Marked Targets; Advantages: Advanced Intel) is not modelled" "$T/tt.err" &&
    [ "$(wc -l <"$T/tt.err")" -eq 2 ] && ok || bad "army: Legion HQ tournament text"
"$BIN" army "https://legionhq2.com/list/empire/1000:1at0dtdudv,1kg0000+1lw,2ayej000,1ayejex00,1bdgldh0000,1hf00hs,bw,bl,bk,br,bj,bm" 2>/dev/null |
    tail -n +2 >"$T/tlink.txt"
for f in tournament standard minimal standard-pasted-crlf; do
    "$BIN" army tests/army/legion-hq-empire-$f.txt 2>/dev/null | tail -n +2 | cmp -s - "$T/tlink.txt" &&
        ok || bad "army: the $f text and the link read alike"
done
grep -q "range 4   2 red  0 black  0 white   DLT-19 Blaster Rifle$" "$T/tlink.txt" && ok || bad "army: the link's pools"
"$BIN" army tests/army/legion-hq-empire-standard.txt 2>/dev/null | grep -q "Legion HQ standard text, Melee Leaning Army, faction empire (assumed: its units'), 7 units" &&
    ok || bad "army: Legion HQ standard text"
"$BIN" army tests/army/legion-hq-empire-standard-pasted-crlf.txt 2>/dev/null | grep -q "Legion HQ standard text, faction empire (assumed: its units'), 7 units" &&
    ok || bad "army: a pasted standard text (CRLF, no title)"
"$BIN" army tests/army/legion-hq-empire-minimal.txt 2>"$T/tm.err" | grep -q "Legion HQ minimal text, faction empire (assumed: its units'), 7 units" &&
    grep -q "minimal.txt: line 2: \"Darth Vader\" names 2 cards (Darth Vader, Dark Lord of the Sith (empire, 170 points); Darth Vader, The Emperor's Apprentice (empire, 155 points)): read as the first, whose points make the list's$" "$T/tm.err" &&
    ok || bad "army: Legion HQ minimal text"
# a name several cards share: the list's points tell (the minimal text gives no other), the
# army's faction (AT-RT: rebels' and republic's), and a points line the data disagrees with
printf '210/1000 (1 activation)\nDarth Vader (Force Push, Force Reflexes, Saber Throw)\n' >"$T/vader.txt"
"$BIN" army "$T/vader.txt" 2>"$T/vader.err" | grep -q "^  1  Darth Vader, The Emperor's Apprentice (darthvadertheemperorsapprentice), operative, 210 points" &&
    grep -q "read as Darth Vader, The Emperor's Apprentice (empire, 155 points), whose points make the list's 210$" "$T/vader.err" &&
    ok || bad "army: a shared name told apart by the list's points"
printf '100/1000 (2 activations)\nClone Captain Rex\nAT-RT\nCommands: • Roger, Roger!, •••• Standing Orders' >"$T/atrt.txt"
"$BIN" army "$T/atrt.txt" >"$T/atrt.out" 2>"$T/atrt.err"
grep -q "Legion HQ minimal text, faction republic (assumed: its units'), 2 units" "$T/atrt.out" &&
    grep -q "^  2  AT-RT (atrtrepublic), support, 60 points" "$T/atrt.out" &&
    grep -q "^commands (not modelled): Roger, Roger! (3)$" "$T/atrt.out" &&
    grep -q "atrt.txt: line 3: \"AT-RT\" names cards of several factions: read as AT-RT (republic, 60 points), the army's faction's" "$T/atrt.err" &&
    grep -q "atrt.txt: line 1: the list gives 100 points, the data's points of the cards read make 155 (a card left out, or points changed" "$T/atrt.err" &&
    ok || bad "army: a shared name told apart by the army's faction; a points line the data disagrees with"
# an upgrade's name two cards share (Z-6 Trooper: Rebel Troopers' and Clone Trooper Infantry's;
# Medical Droid: rebels' and empire's): the one whose requirements its unit meets, whatever the
# points line says
printf '100/1000 (1 activation)\nRebel Troopers (Z-6 Trooper, Medical Droid)\n' >"$T/z6.txt"
"$BIN" army "$T/z6.txt" 2>"$T/z6.err" | grep -q "^     upgrades Z-6 Trooper (heavy weapon), 2-1B Medical Droid (personnel)$" &&
    ! grep -q "names 2 cards" "$T/z6.err" && ok || bad "army: an upgrade's shared name told apart by its requirements"
printf 'Separatists\n80/1000 (1 activation)\nKraken - Kraken (80)\n' >"$T/kraken.txt"
"$BIN" army "$T/kraken.txt" 2>/dev/null | grep -q "^  1  Kraken, Super Tactical Droid (kraken), commander, 80 points" &&
    ok || bad "army: Legion HQ's \"Kraken - Kraken\""
printf 'My list\n150/1000 (2 activations)\nStormtroopers (42)\n\nStormtropers (42)\n' >"$T/army-bad.txt"
expect_error army-text-unknown-unit "neverodds: $T/army-bad.txt: line 5: unknown unit \"Stormtropers\" (did you mean \"Stormtroopers\"" army "$T/army-bad.txt"
printf '62/1000 (1 activation)\nStormtroopers (DLT-19 Stormtrooper, E-11D Config)\n' >"$T/army-up.txt"
"$BIN" army "$T/army-up.txt" 2>&1 >/dev/null | grep -q "army-up.txt: line 2: unknown card \"E-11D Config\": left out" &&
    ok || bad "army: an unknown upgrade in a text, left out"
expect_error army-text-strict "neverodds: $T/army-up.txt: line 2: unknown card \"E-11D Config\"" army "$T/army-up.txt" --strict
printf 'Stormtroopers (42)\nDewback Rider (70)\n' >"$T/army-nopoints.txt"
expect_error army-text-no-points "neverodds: $T/army-nopoints.txt: neither JSON nor one of Legion HQ's text exports" army "$T/army-nopoints.txt"
# fleet: Armada fleets as the list builders export them as text, one fixture a dialect
# (tests/fleet/, shaped like real exports): each ship's zones, dice, shields and points, squadrons
# counted, objectives, the builders' own names read through profiles/armada/aliases.json.
"$BIN" fleet tests/fleet/starforge-rebel.txt >"$T/sf.txt" 2>"$T/sf.err" &&
    grep -q '^fleet: tests/fleet/starforge-rebel.txt, Star Forge, "Corvette Rush", faction Rebel, commander General Dodonna$' "$T/sf.txt" &&
    grep -q '^objectives: Advanced Gunnery (assault), Contested Outpost (defense), Intel Sweep (navigation)$' "$T/sf.txt" &&
    grep -q '^points: 272 from the data (ships 207, squadrons 65; the list says 272)$' "$T/sf.txt" &&
    grep -q '^  1  CR90 Corvette A (cr90-corvette-a), 71 points with upgrades (ship 44), line 9$' "$T/sf.txt" &&
    grep -q '^     small, hull 4, speed up to 4, command 1, squadron 1, engineering 2$' "$T/sf.txt" &&
    grep -q '^     front  2 red 1 blue 0 black    2$' "$T/sf.txt" &&
    grep -q '^     rear   1 red 0 blue 0 black    1$' "$T/sf.txt" &&
    grep -q '^     defense tokens evade, evade, redirect$' "$T/sf.txt" &&
    grep -q '^     upgrades (not modelled): General Dodonna (Commander, 20), Leia Organa (Officer, 3), Nav Team (Support Team, 4)$' "$T/sf.txt" &&
    grep -q '^  3  Assault Frigate Mark II A (assault-frigate-mark-ii-a), 89 points' "$T/sf.txt" &&
    grep -q '^     X-wing Squadron (x-wing-squadron) x2, 26 points in all$' "$T/sf.txt" &&
    grep -q '^       hull 5, speed 3, anti-squadron 0 red 4 blue 0 black, anti-ship 1 red 0 blue 0 black$' "$T/sf.txt" &&
    [ "$(cat "$T/sf.err")" = 'neverodds: warning: tests/fleet/starforge-rebel.txt: line 19: "Assault Frigate Mk2 A" read as Assault Frigate Mark II A (assault-frigate-mark-ii-a)' ] &&
    ok || bad "fleet: Star Forge"
sed 's/$/\r/' tests/fleet/starforge-rebel.txt >"$T/sf-crlf.txt"
"$BIN" fleet "$T/sf-crlf.txt" 2>/dev/null | sed 1d >"$T/sf-crlf.out" && sed 1d "$T/sf.txt" | cmp -s - "$T/sf-crlf.out" &&
    ok || bad "fleet: Star Forge with CRLF line ends reads alike"
"$BIN" fleet tests/fleet/afd-rebel.txt >"$T/afd.txt" 2>"$T/afd.err" &&
    grep -q '^fleet: tests/fleet/afd-rebel.txt, Armada Fleet Designer, "Rebel Hammerheads", faction rebel-alliance, commander Garm Bel Iblis$' "$T/afd.txt" &&
    grep -q '^objectives: Advanced Gunnery (assault), Fire Lanes (defense), Superior Positions (navigation)$' "$T/afd.txt" &&
    grep -q '^points: 396 from the data (ships 335, squadrons 61; the list says 396)$' "$T/afd.txt" &&
    grep -q '^  2  Starhawk-Class Battleship Mark I (starhawk-class-battleship-mark-i), 143 points with upgrades (ship 140), line 9$' "$T/afd.txt" &&
    grep -q '^     front  4 red 2 blue 2 black    6$' "$T/afd.txt" &&
    grep -q '^     anti-squadron  0 red 1 blue 1 black$' "$T/afd.txt" &&
    grep -q '^     A-wing Squadron (a-wing-squadron) x3, 33 points in all$' "$T/afd.txt" &&
    grep -q '^       keywords counter 2; defense tokens none$' "$T/afd.txt" &&
    grep -q 'line 9: "Starhawk-class Mk.I" read as Starhawk-Class Battleship Mark I' "$T/afd.err" &&
    [ "$(wc -l <"$T/afd.err")" -eq 1 ] && ok || bad "fleet: Armada Fleet Designer"
"$BIN" fleet tests/fleet/warlords-empire.txt >"$T/wl.txt" 2>"$T/wl.err" &&
    grep -q '^fleet: tests/fleet/warlords-empire.txt, Armada Warlords, "Tarkin Gladiators", faction Galactic Empire, commander Grand Moff Tarkin$' "$T/wl.txt" &&
    grep -q '^objectives: Most Wanted (assault), Fire Lanes (defense), Superior Positions (navigation)$' "$T/wl.txt" &&
    grep -q '^points: 378 from the data (ships 299, squadrons 79; the list says 378)$' "$T/wl.txt" &&
    grep -q '^  1  Imperial II-class Star Destroyer (imperial-ii-class-star-destroyer), 180 points with upgrades (ship 120), line 13$' "$T/wl.txt" &&
    grep -q '^     front  4 red 4 blue 0 black    4$' "$T/wl.txt" &&
    grep -q '^     left   0 red 0 blue 4 black    2$' "$T/wl.txt" &&
    grep -q '^     "Mauler" Mithel (mauler-mithel) x1, 15 points, unique$' "$T/wl.txt" &&
    grep -q '^     TIE Fighter Squadron (tie-fighter-squadron) x6, 48 points in all$' "$T/wl.txt" &&
    [ ! -s "$T/wl.err" ] && ok || bad "fleet: Armada Warlords"
"$BIN" fleet tests/fleet/warlords-empire.txt --format json >"$T/wl.json" && python3 - "$T/wl.json" <<'PY' && ok || bad "fleet: JSON"
import json, sys
f = json.load(open(sys.argv[1]))
assert f["dialect"] == "Armada Warlords" and f["commander"]["id"] == "grand-moff-tarkin", f
assert f["points"] == {"data": 378, "listed": 378}, f["points"]
assert [o["category"] for o in f["objectives"]] == ["assault", "defense", "navigation"]
isd = f["ships"][0]
assert isd["id"] == "imperial-ii-class-star-destroyer" and isd["points_with_upgrades"] == 180 and isd["hull"] == 11
assert isd["zones"]["front"] == {"battery": {"red": 4, "blue": 4, "black": 0}, "shields": 4}, isd["zones"]
assert isd["zones"]["rear"] == {"battery": {"red": 1, "blue": 2, "black": 0}, "shields": 2}, isd["zones"]
assert [u["id"] for u in isd["upgrades"]] == ["grand-moff-tarkin", "wulff-yularen", "gunnery-team", "h9-turbolasers"]
assert all(u["modelled"] is False for u in isd["upgrades"])
tie = f["squadrons"][2]
assert tie["id"] == "tie-fighter-squadron" and tie["count"] == 6 and tie["anti_squadron"]["blue"] == 3, tie
PY
# an unknown ship: the file, the line and the nearest names, exit 2, nothing on stdout; an unknown
# upgrade or objective is left out with a warning (--strict: an error); points the data prices
# otherwise are a warning naming both
sed 's/CR90 Corvette B (39)/CR90 Corvete B (39)/' tests/fleet/starforge-rebel.txt >"$T/fleet-ship.txt"
expect_error fleet-unknown-ship "neverodds: $T/fleet-ship.txt: line 15: unknown ship or squadron \"CR90 Corvete B\" (did you mean \"CR90 Corvette B\", \"CR90 Corvette A\"?)" fleet "$T/fleet-ship.txt"
sed 's/TIE Fighter Squadrons/TIE Fihgter Squadrons/' tests/fleet/warlords-empire.txt >"$T/fleet-sq.txt"
expect_error fleet-unknown-squadron "neverodds: $T/fleet-sq.txt: line 34: unknown ship or squadron \"TIE Fihgter Squadrons\" (did you mean \"TIE Fighter Squadron\"" fleet "$T/fleet-sq.txt"
sed 's/Nav Team (4)/Nav Teem (4)/; s/Overload Pulse (8)/Overload Pulse (9)/; s/Intel Sweep/Intel Swept/; s/= 89 Points/= 90 Points/; s/Total Points: 272/Total Points: 270/' \
    tests/fleet/starforge-rebel.txt >"$T/fleet-warn.txt"
"$BIN" fleet "$T/fleet-warn.txt" >"$T/fw.txt" 2>"$T/fw.err" &&
    grep -q "^neverodds: warning: $T/fleet-warn.txt: line 7: unknown objective \"Intel Swept\" (did you mean \"Intel Sweep\"?): left out$" "$T/fw.err" &&
    grep -q "^neverodds: warning: $T/fleet-warn.txt: line 12: unknown upgrade \"Nav Teem\" (did you mean \"Nav Team\"?): left out$" "$T/fw.err" &&
    grep -q "^neverodds: warning: $T/fleet-warn.txt: line 16: Overload Pulse: the list says 9 points, the data 8$" "$T/fw.err" &&
    grep -q "^neverodds: warning: $T/fleet-warn.txt: line 21: Assault Frigate Mark II A with its upgrades: the list says 90 points, the data 89$" "$T/fw.err" &&
    grep -q "^objectives: Advanced Gunnery (assault), Contested Outpost (defense)$" "$T/fw.txt" &&
    grep -q "(Commander, 20), Leia Organa (Officer, 3)$" "$T/fw.txt" && ok || bad "fleet: warnings"
expect_error fleet-strict "neverodds: $T/fleet-warn.txt: line 7: unknown objective \"Intel Swept\" (did you mean \"Intel Sweep\"?)" fleet "$T/fleet-warn.txt" --strict
printf 'Faction: Rebel\n\nCR90 Corvette A (44)\n= 44 Points\n\nTotal Points: 50\n' >"$T/fleet-total.txt"
"$BIN" fleet "$T/fleet-total.txt" 2>&1 >/dev/null | grep -q "^neverodds: warning: $T/fleet-total.txt: line 6: the list says 50 points in all, the data 44$" &&
    ok || bad "fleet: a total the data prices otherwise"
printf '\302\267 Leia Organa (3)\n' >"$T/fleet-orphan.txt"
expect_error fleet-upgrade-first "neverodds: $T/fleet-orphan.txt: line 1: \"Leia Organa\": an upgrade before any ship" fleet "$T/fleet-orphan.txt"
printf 'Name: nothing\n' >"$T/fleet-empty.txt"
expect_error fleet-empty "neverodds: $T/fleet-empty.txt: no ship or squadron in the list" fleet "$T/fleet-empty.txt"
printf 'Squadrons:\n\342\200\242 120 x X-wing Squadron (13)\n' >"$T/fleet-count.txt"
expect_error fleet-count "neverodds: $T/fleet-count.txt: line 2: \"X-wing Squadron\": expected a count from 1 to 99, got 120" fleet "$T/fleet-count.txt"
expect_error fleet-json-file "neverodds: profiles/xwing/squads/rebels.xws: not a fleet list" fleet profiles/xwing/squads/rebels.xws
expect_error fleet-csv "neverodds: fleet: --format: expected text or json" fleet tests/fleet/afd-rebel.txt --format csv
# what pasted lists vary in: a byte order mark, "2x NAME", "NAME x2", "(2 x 13)", "(13 pts)",
# tabs and blank lines; alike squadrons over several lines are added up
printf '\357\273\277Faction: Rebel\n\n\nCR90 Corvette B (39 pts)\n\342\200\242\tOverload Pulse (8)\n\nSquadrons:\n\342\200\242 2x X-wing Squadron (26)\n\342\200\242 X-wing Squadron (13) x2\n\342\200\242 X-wing Squadron (2 x 13)\n\342\200\242 A-wing Squadron x 3 (33)\n' >"$T/fleet-vary.txt"
"$BIN" fleet "$T/fleet-vary.txt" >"$T/fv.txt" 2>"$T/fv.err" &&
    grep -q '^  1  CR90 Corvette B (cr90-corvette-b), 47 points with upgrades (ship 39), line 4$' "$T/fv.txt" &&
    grep -q '^     X-wing Squadron (x-wing-squadron) x6, 78 points in all$' "$T/fv.txt" &&
    grep -q '^     A-wing Squadron (a-wing-squadron) x3, 33 points in all$' "$T/fv.txt" &&
    grep -q '^points: 158 from the data (ships 47, squadrons 111; the list says none)$' "$T/fv.txt" &&
    [ ! -s "$T/fv.err" ] && ok || bad "fleet: the variations of pasted lists"
# matchup of two Armada fleets (told from XWS by content): each cell is the run of an Armada
# scenario naming the two cards; a cell of each kind equals `neverodds run` of the scenario a user
# would write (to 1e-12)
"$BIN" matchup profiles/armada/fleets/rebels.txt profiles/armada/fleets/empire.txt >"$T/fm.txt" &&
    grep -q '^A: profiles/armada/fleets/rebels.txt, Star Forge, "Corvette Screen" (Rebel), 2 ships, 2 squadrons$' "$T/fm.txt" &&
    grep -q '^B: profiles/armada/fleets/empire.txt, Armada Warlords, "Victory Line" (Galactic Empire), 2 ships, 3 squadrons$' "$T/fm.txt" &&
    grep -q '^  Assault Frigate Mark II A          left  Raider I-class Corvette            front   2.2280   1.8192   0.7441      0.000488$' "$T/fm.txt" &&
    grep -q '^  X-wing Squadron ×2                 TIE Fighter Squadron ×3                    2.0000      0.312500$' "$T/fm.txt" &&
    grep -q '^  CR90 Corvette A                       4   5.2500   1.7437   1.0078  Victory I-class Star Destroyer front on rear     1.5000 on front$' "$T/fm.txt" &&
    [ "$(grep -c '^  CR90 Corvette A  *\(front\|left\|right\|rear\) ' "$T/fm.txt")" -eq 32 ] && ok || bad "matchup: two Armada fleets (text)"
printf '{"game":"armada","range":"medium","attacker":{"ship":"assault-frigate-mark-ii-a","zone":"left"},"defender":{"ship":"raider-i-class-corvette","zone":"front"}}' >"$T/fm-ship.json"
printf '{"game":"armada","attacker":{"squadron":"tie-fighter-squadron"},"defender":{"ship":"cr90-corvette-a","zone":"rear"}}' >"$T/fm-sq.json"
printf '{"game":"armada","range":"distance-1","attacker":{"squadron":"x-wing-squadron"},"defender":{"squadron":"tie-fighter-squadron"}}' >"$T/fm-sqsq.json"
"$BIN" matchup profiles/armada/fleets/rebels.txt profiles/armada/fleets/empire.txt --format json >"$T/fm.json" &&
    "$BIN" run "$T/fm-ship.json" --format json >"$T/fm-ship.out" && "$BIN" run "$T/fm-sq.json" --format json >"$T/fm-sq.out" &&
    "$BIN" run "$T/fm-sqsq.json" --format json >"$T/fm-sqsq.out" &&
    python3 - "$T" <<'PY' && ok || bad "matchup: Armada cells equal neverodds run of their scenarios"
import json, sys
t = sys.argv[1]
m = json.load(open(t + "/fm.json"))
def cell(direction, **want):
    found = [c for c in m[direction] if all(c.get(k) == v for k, v in want.items())]
    assert len(found) == 1, (want, len(found))
    return found[0]
for name, direction, want, rng in (
        ("fm-ship", "a_attacks_b", dict(attacker="assault-frigate-mark-ii-a", attacker_zone="left",
                                       defender="raider-i-class-corvette", defender_zone="front"), "medium"),
        ("fm-sq", "b_attacks_a", dict(attacker="tie-fighter-squadron", defender="cr90-corvette-a",
                                      defender_zone="rear"), "distance-1"),
        ("fm-sqsq", "a_attacks_b", dict(attacker="x-wing-squadron", defender="tie-fighter-squadron"), "distance-1")):
    c, r = cell(direction, **want), json.load(open(t + "/" + name + ".out"))
    assert abs(c["mean_damage"][rng] - r["damage"]["mean"]) < 1e-12, (name, c["mean_damage"], r["damage"]["mean"])
    assert abs(c["p_kill"][rng] - r["kill"]["probability"]) < 1e-12, (name, c["p_kill"], r["kill"])
    assert r["kill"]["probability"] > 0 or name == "fm-sq", name
assert m["a"]["dialect"] == "Star Forge" and m["b"]["dialect"] == "Armada Warlords"
x = cell("a_attacks_b", attacker="x-wing-squadron", defender="tie-fighter-squadron")
assert x["attacker_count"] == 2 and x["defender_count"] == 3, x
assert len(m["a_attacks_b"]) == 2 * 4 * 2 * 4 + 1 * 2 * 4 + 1, len(m["a_attacks_b"])
PY
"$BIN" matchup tests/fleet/afd-rebel.txt tests/fleet/warlords-empire.txt --format csv >"$T/fm.csv" 2>/dev/null &&
    [ "$(head -n 1 "$T/fm.csv")" = "direction,kind,attacker,attacker_id,attacker_count,attacker_zone,defender,defender_id,defender_count,defender_zone,range,dice,mean_damage,mean_damage_stderr,p_kill,p_kill_stderr" ] &&
    grep -q '^A,ship-on-ship,"Hammerhead Torpedo Corvette",hammerhead-torpedo-corvette,1,rear,"Imperial II-class Star Destroyer",imperial-ii-class-star-destroyer,1,front,close,0,0,0,0,0$' "$T/fm.csv" &&
    grep -q '^B,squadron-on-squadron,"TIE Fighter Squadron",tie-fighter-squadron,6,,"A-wing Squadron",a-wing-squadron,3,,distance-1,3,' "$T/fm.csv" &&
    ok || bad "matchup: Armada fleets as CSV (a zone without dice: 0 dice, no attack)"
[ "$("$BIN" matchup profiles/armada/fleets/rebels.txt profiles/armada/fleets/empire.txt --trials 2000 --seed 3 |
    grep -c '^  Monte Carlo: the largest standard error of a mean 0\.[0-9]*, of a P(kill) 0\.[0-9]*$')" -eq 2 ] &&
    ok || bad "matchup: Armada fleets by Monte Carlo say their largest standard errors"
expect_error matchup-fleet-xws "neverodds: matchup: tests/fleet/afd-rebel.txt is an Armada fleet and profiles/xwing/squads/rebels.xws is not" \
    matchup profiles/xwing/squads/rebels.xws tests/fleet/afd-rebel.txt
# the chart: each unit's best single volley; the Assault Frigate's on the Victory (2.228, as its summary row)
"$BIN" matchup profiles/armada/fleets/rebels.txt profiles/armada/fleets/empire.txt --plot "$T/fm.gp" >/dev/null &&
    grep -q "who hurts whom: Corvette Screen (A) and Victory Line (B)" "$T/fm.gp" &&
    grep -q "2[.]228" "$T/fm.gp" && ok || bad "matchup: Armada fleets' heatmap"
expect_error matchup-fleet-tokens "neverodds: matchup: '--tokens' does not apply to Armada fleets" \
    matchup tests/fleet/afd-rebel.txt tests/fleet/warlords-empire.txt --tokens focus
# Legion, by hand: the aim (+1 Precise) rerolls the 2 white blanks to hit, crit; surges to hits: 5
# hits 1 crit; light cover's 2 blocks cancel 2, the dodge 1; defense block + surge (surge: block) = 2,
# Pierce 1 leaves 1: 3 - 1 = 2 wounds. Words and lower case read as letters.
"$BIN" order profiles/legion/stormtroopers-vs-rebels.json \
    --roll "atk=hit,S,h,B,blank,S atk-reroll=H,C cover=K,B,S,B,K def=block,B,surge" >"$T/lgroll.txt" &&
    grep -q "attacker aim reroll: white blank x2 .*white hit x2, white crit" "$T/lgroll.txt" &&
    grep -q "cover roll .*attack: hit x5, crit .*cover: blank x2, block x2, surge" "$T/lgroll.txt" &&
    grep -q "result: 2 hits and 1 crit stand; 2 wounds" "$T/lgroll.txt" && ok || bad "Legion order --roll"
# Armada, by hand: red hit, hit+hit, blank; black hit, blank, hit+crit; Concentrate Fire's dial adds
# a black hit+crit, its token rerolls the black blank to a hit: 1+2+2+2 hits, 2 crits = 9 damage
"$BIN" order profiles/armada/victory-vs-cr90.json --roll "atk=H,HH,B,H,B,HC,HC atk-reroll=H" >"$T/arroll.txt" &&
    grep -q "concentrate-fire-dial roll: 1 black attack d8 .*black hit+crit x2" "$T/arroll.txt" &&
    grep -q "result: 7 hits and 2 crits stand; 9 damage" "$T/arroll.txt" && ok || bad "Armada order --roll"
expect_error armada-roll-face "neverodds: --roll: atk: expected faces B, H, C, HH, A or HC separated by commas, got 'K'" \
    order profiles/armada/victory-vs-cr90.json --roll "atk=K"
"$BIN" order profiles/xwing1/discriminator.json --rules xwing-1e,xwing-2e --format json >"$T/ed.json" &&
    grep -q '"rules":.*"xwing-1e"' "$T/ed.json" && grep -q '"rules":.*"xwing-2e"' "$T/ed.json" && ok || bad "order --rules"
"$BIN" order tests/order/legion-reroll-convert.json --variant convert-before-reroll >"$T/lg.txt" &&
    grep -q "convert-before-reroll  *aim  *0.8854166667" "$T/lg.txt" && ok || bad "order --variant"
# order's verdict, first: reroll-then-focus's two orders differ (lock first: 3 (1/2 + 1/4 + 1/4 x 3/4)
# = 2.8125; focus first, the rerolled focus stays: 3 (1/2 + 1/4 + 1/4 x 1/2) = 2.625)
sed -n 5p "$T/order.txt" | grep -q "^verdict:  the order matters: 0.1875 damage between the best and the worst order" &&
    ok || bad "order verdict, the order matters"
# the contract's 36 orders (3 x 2 x 1 of the attacker's accuracies, 3 x 2 x 1 of the defender's
# Brace and two Redirects) all give the same results: an accuracy's target token is chosen, not
# sequenced (L153), and Brace and Redirect act at fixed moments of resolving the damage, Brace when
# it is totalled (L363), Redirect when it is suffered (L361), whatever order they were spent in
# (Evade, which changes dice, has its own step first: L155, L362). One line, the rest counted;
# below the scenario line no line wider than the table's columns (the header cited whole, wrapped).
"$BIN" order profiles/armada/contract-example.json >"$T/contract.txt" &&
    grep -q "^verdict:  no order changes the result: the 36 orders give the same results$" "$T/contract.txt" &&
    grep -q "^ *+ 35 more orders with this result$" "$T/contract.txt" && ! grep -q " = " "$T/contract.txt" &&
    [ "$(sed 1,3d "$T/contract.txt" | awk 'length($0) > 130' | wc -l)" -eq 0 ] && ok || bad "order verdict, no order changes"
"$BIN" order profiles/armada/contract-example.json --format json | grep -q '"order_matters":	false' &&
    "$BIN" order profiles/xwing/reroll-then-focus.json --format json | grep -q '"order_matters":	true' &&
    ok || bad "order verdict in JSON"
"$BIN" order profiles/xwing1/discriminator.json | grep -q "Frequently Asked Questions: General, p. 17 (B1209-B1213)$" &&
    ok || bad "order header cut"
# a sequence: each attack's kill is its own share, the totals give the sequence's
"$BIN" run profiles/xwing/two-attacks.json >"$T/two.txt" && grep -q "^P(destroyed by this attack) 0.0001308008" "$T/two.txt" &&
    grep -q "^P(destroyed) 0.0001308008   (by the end of the 2 attacks)$" "$T/two.txt" && ! grep -q "^P(kill)" "$T/two.txt" &&
    ok || bad "sequence P(destroyed)"
expect_error order-variant "neverodds: --variant nope: xwing-2e rules have no named variants" order profiles/xwing/quickstart.json --variant nope
expect_error order-window "neverodds: --swap-window: expected a window name" order profiles/xwing/quickstart.json --swap-window sideways
expect_error order-roll "neverodds: --roll: atk: expected faces B, F, H, C or E" order profiles/xwing/quickstart.json --roll "atk=F,X"
expect_error order-rules "neverodds: profiles/xwing/quickstart.json: rules: expected a rule version" order profiles/xwing/quickstart.json --rules xwing-9e
expect_error order-sequence "neverodds: profiles/xwing/two-attacks.json: order looks at one attack" order profiles/xwing/two-attacks.json
expect_error first-edition-deck "neverodds: $T/deck1e.json: rule_options.damage_deck: not an option of xwing-1e" run "$T/deck1e.json"
printf '{"game":"xwing","rules":"xwing-1e","attacker":{"dice":2,"abilities":["emperor-palpatine","emperor-palpatine"]},"defender":{"dice":1}}' >"$T/twolocks.json"
expect_error first-edition-two-locks "neverodds: $T/twolocks.json: attacker: emperor-palpatine and emperor-palpatine would each lock one of the attack dice" run "$T/twolocks.json"

# compare, sweep and charts: bad inputs fail before anything is printed
Q=profiles/xwing/quickstart.json
expect_error compare-bad-key "neverodds: $Q [attacker.dice=12]: attacker.dice: expected an integer from 0 to 10, got 12" compare $Q $Q,attacker.dice=12
expect_error compare-none "neverodds: compare: expected scenario files" compare --exact
expect_error sweep-bad-vary "neverodds: --vary attacker.dice: expected KEY=FROM..TO or KEY=A,B,C" sweep $Q --vary attacker.dice
expect_error sweep-no-vary "neverodds: sweep: expected --vary" sweep $Q
expect_error plot-extension "neverodds: --plot c.jpg: the chart file must end in .png, .svg or .gp" run $Q --plot c.jpg
# Legion's order table in Legion's words (it said mean damage and P(kill); issue #46)
"$BIN" order profiles/legion/stormtroopers-vs-rebels.json | grep -q ' mean wounds    P(unit wiped) max dP(>=k)$' &&
    ok || bad "Legion order table: $("$BIN" order profiles/legion/stormtroopers-vs-rebels.json | grep 'rules order')"
expect_error order-plot "neverodds: order: --plot is for run, compare, sweep, matchup, battle and the quick notation (xwing, legion, ...)" order $Q --plot o.png
"$BIN" order profiles/xwing/reroll-then-focus.json --format csv >"$T/order.csv" &&
    grep -q '^xwing-2e,official,"lock;focus",1,1,1,2.8125,' "$T/order.csv" && ok || bad "order --format csv"
# CSV: a header and one row per result
"$BIN" run $Q --format csv >"$T/run.csv" && [ "$(wc -l <"$T/run.csv")" -eq 2 ] && head -1 "$T/run.csv" | grep -q "^label,file,game,rules" &&
    ok || bad "run --format csv"
"$BIN" sweep $Q --vary attacker.dice=2..4 --format csv >"$T/sw.csv" && [ "$(wc -l <"$T/sw.csv")" -eq 4 ] &&
    head -1 "$T/sw.csv" | grep -q "^attacker.dice,label," && ok || bad "sweep --format csv"
"$BIN" policy $Q --format csv | head -1 | grep -q "^side,policy,mean" && ok || bad "policy --format csv"
# exact rows run side by side on the threads (--threads 2) or one after the other (--threads 1):
# the same bytes but for the thread count JSON reports; sequences, Legion and a failing row
# included (the first failing row in order gives the one error)
L=profiles/legion/stormtroopers-vs-rebels.json
side_by_side() { # NAME ARGS...: the command on 2 threads and on 1 prints the same
    name=$1; shift
    "$BIN" "$@" --threads 2 | grep -v '"threads":' >"$T/par" && "$BIN" "$@" --threads 1 | grep -v '"threads":' >"$T/ser" &&
        [ -s "$T/par" ] && cmp -s "$T/par" "$T/ser" && ok || bad "$name: rows side by side"
}
side_by_side sweep-csv sweep $L --vary attacker.pool.white=2..6 --vary attacker.pool.red=0..2 --format csv
side_by_side sweep-json sweep $L --vary attacker.pool.white=2..6 --vary attacker.pool.red=0..2 --format json
side_by_side compare-json compare profiles/xwing/two-attacks.json $Q $L --format json
side_by_side matchup matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/empire.xws --format csv
expect_error sweep-first-bad-row "neverodds: $Q [attacker.dice=x]: attacker.dice: expected an integer from 0 to 10, got \"x\"" \
    sweep $Q --vary attacker.dice=2,x,4,y --threads 2
# a chart that cannot be drawn: the numbers still printed, exit 1, no file left behind
NEVERODDS_GNUPLOT=/bin/false "$BIN" run $Q --plot "$T/c.png" >"$T/c.txt" 2>"$T/c.err"; rc=$?
[ $rc -eq 1 ] && grep -q "method:   exact" "$T/c.txt" && grep -q "gnuplot (/bin/false) failed" "$T/c.err" &&
    [ -z "$(ls "$T" | grep '^c.png')" ] && ok || bad "plot failure: rc $rc, $(cat "$T/c.err")"
# a chart drawn: a PNG (when gnuplot is installed)
if command -v gnuplot >/dev/null; then
    "$BIN" compare $Q $Q,rules=xwing-1e --plot "$T/cmp.png" >/dev/null && head -c 4 "$T/cmp.png" | grep -q PNG &&
        ok || bad "compare --plot"
    # a heatmap's colour key shows its cells' colours: the darkest cell (the palette's end) has
    # the colour of the key's top, pixel for pixel (the key was washed out: rgb(83,111,153))
    "$BIN" sweep $Q --vary attacker.dice=2..3 --vary defender.dice=0..1 --plot "$T/heat.png" >/dev/null &&
        if command -v python3 >/dev/null; then python3 tests/heatmap_key.py "$T/heat.png"; fi && ok || bad "heatmap key colours"
    # an SVG heatmap: cells as rectangles (no scaled bitmap to blur), titled for browsers
    "$BIN" sweep $Q --vary attacker.dice=2..3 --vary defender.dice=0..1 --plot "$T/heat.svg" --title "Dice & more" >/dev/null &&
        grep -q '<title>Dice &amp; more</title>' "$T/heat.svg" && ! grep -q '<image' "$T/heat.svg" && ok || bad "SVG heatmap"
fi
# chart options: --title, --subtitle and --size reach the script; a bad size, or a chart option
# without a chart, is bad input
"$BIN" run $Q --plot "$T/t.gp" --title "My chart" --subtitle "a test" --size 1600x900 >/dev/null &&
    grep -q '^set terminal pngcairo size 1600,900 ' "$T/t.gp" && grep -qF 'set title "{/:Bold My chart}\n{/*0.8 a test}"' "$T/t.gp" &&
    ok || bad "--title, --subtitle, --size"
expect_error bad-size "neverodds: --size: expected WIDTHxHEIGHT in pixels, 400x300 to 7680x4320, got '1600'" run $Q --plot "$T/t.gp" --size 1600
expect_error small-size "neverodds: --size: expected WIDTHxHEIGHT in pixels, 400x300 to 7680x4320, got '100x100'" compare $Q --plot "$T/t.gp" --size 100x100
expect_error title-no-plot "neverodds: --title, --subtitle and --size set the chart: give --plot FILE too" sweep $Q --vary range=1..3 --title x
# a name with backquotes is text on the chart: gnuplot runs `...` inside double quotes as a
# shell command, so the chart script escapes them (a scenario from a web request names charts)
if command -v gnuplot >/dev/null; then
    sed 's/"name": *"[^"]*"/"name": "`touch pwned` and $(touch pwned2)"/' $Q >"$T/inject.json"
    "$BIN" run "$T/inject.json" --plot "$T/inject.svg" >/dev/null 2>&1
    grep -q 'touch pwned' "$T/inject.json" && [ -s "$T/inject.svg" ] && [ ! -e "$T/pwned" ] && [ ! -e pwned ] &&
        grep -qF '`touch pwned`' "$T/inject.svg" && ok || bad "a backquote in a chart title runs nothing"
    # a newline in chart text would end gnuplot's set title command and start the next: a space
    "$BIN" run $Q --plot "$T/nl.svg" --title "a
system 'touch $T/pwned3'
#" --subtitle "b
system 'touch $T/pwned4'" >/dev/null 2>&1
    [ -s "$T/nl.svg" ] && [ ! -e "$T/pwned3" ] && [ ! -e "$T/pwned4" ] && ok || bad "a newline in a chart title runs nothing"
fi
# default titles in words, not notation or paths; compare titles list the inputs (no "vs", which
# reads as an attack); Legion says wounds and P(unit wiped); names swept (cover) are bars
"$BIN" xwing "3 fl vs 2 fe r1" --plot "$T/q.gp" >/dev/null &&
    grep -qF 'set title "{/:Bold 3 dice, focus + lock vs 2 dice, focus + evade, range 1}"' "$T/q.gp" && ok || bad "quick title in words"
"$BIN" compare $Q,label=one profiles/xwing/two-attacks.json,label=two --plot "$T/c.gp" >/dev/null &&
    grep -q '{/:Bold one and two}' "$T/c.gp" && ok || bad "compare title"
"$BIN" legion "5w hit vs white surge minis4 light" --plot "$T/l.gp" >/dev/null && grep -q 'P(wounds = k) · P(unit wiped) ' "$T/l.gp" &&
    grep -q 'set xlabel "wounds"' "$T/l.gp" && ok || bad "Legion chart words"
"$BIN" sweep $L --vary cover=none,light,heavy --plot "$T/s.gp" >"$T/s.txt" && grep -q 'with boxes' "$T/s.gp" &&
    ! grep -q 'linespoints' "$T/s.gp" && grep -q '{/:Bold mean wounds by cover}' "$T/s.gp" &&
    grep -q ' P(unit wiped)   P(>=1)' "$T/s.txt" && ok || bad "categorical sweep, Legion table"
# Ctrl-C stops a Monte Carlo run, which reports what it has, marked partial
"$BIN" run $Q --trials 100000000000 --format json >"$T/part.json" 2>/dev/null &
pid=$!
sleep 1
kill -INT $pid
wait $pid && grep -q '"partial":	true' "$T/part.json" && ok || bad "Ctrl-C: no partial report"

# quick notation: the scenario it prints, run as a file, gives the same report (but its name)
"$BIN" xwing "3 fl vs 2 fe h3 r2" --print-scenario >"$T/quick.json" &&
    "$BIN" run "$T/quick.json" --format json | grep -v '"scenario"\|"file"' >"$T/qf" &&
    "$BIN" xwing "3 fl vs 2 fe h3 r2" --format json | grep -v '"scenario"\|"file"' >"$T/qq" &&
    cmp -s "$T/qf" "$T/qq" && grep -q '"mean"' "$T/qq" && ok || bad "quick notation and its JSON differ"
"$BIN" legion "5w hit vs white surge light" | grep -q "rules legion-2026" && ok || bad "legion quick notation"
# a Legion defender without minis, wounds or a unit: the wounds are not capped (mean 10/9, not the
# 0.7154 of a 1-wound miniature), a line says so and there is no P(unit wiped); given, the cap is back
"$BIN" legion "5w hit vs white surge light" >"$T/nounit.txt" &&
    grep -q "^unit           none given: wounds not capped; give minis and wounds (or a unit) for P(unit wiped)$" "$T/nounit.txt" &&
    grep -q "^suppression .*(the unit taken to survive)$" "$T/nounit.txt" &&
    grep -q "^mean wounds  1.1111111111 " "$T/nounit.txt" && grep -q "no unit given, cover light" "$T/nounit.txt" &&
    ! grep -q "P(unit wiped)  \|^defeated" "$T/nounit.txt" && ok || bad "legion: no unit given"
"$BIN" legion "5w hit vs white surge light" --format json >"$T/nounit.json" &&
    grep -q '"health_given":	false' "$T/nounit.json" && ! grep -q '"kill"\|"defeated"' "$T/nounit.json" &&
    ok || bad "legion: no unit given, JSON"
"$BIN" legion "5w hit vs white surge light minis2" >"$T/unit.txt" && grep -q "^P(unit wiped)  0.3087605209$" "$T/unit.txt" &&
    grep -q "^mean wounds  1.0241325001 " "$T/unit.txt" && ! grep -q "none given" "$T/unit.txt" && ok || bad "legion: minis given"
"$BIN" xwing "5 vs 0" | grep -q "^hull         none given: no P(kill); give the defender a hull (and shields) for it$" &&
    ok || bad "xwing: no hull given"
expect_error legion-shots-no-unit "neverodds: quick: --shots-to-kill repeats the attack until the defender is destroyed: give \"defender.minis\" and \"wounds\" (or a \"unit\")" legion "5w vs white" --shots-to-kill
"$BIN" xwing --help | grep -q "letters     f focus, l lock" && ok || bad "quick --help grammar"
expect_error quick-letter "neverodds: quick notation \"3 fx vs 2\": \"fx\": unknown token letter 'x'" xwing "3 fx vs 2"
expect_error quick-range "neverodds: quick: attacker.dice: expected an integer from 0 to 10, got 11" xwing "11 vs 2"
expect_error quick-missing "neverodds: xwing: expected the notation in quotes" xwing

# make install PREFIX=...: the program, its manual page, the profiles it reads from there and the page serve serves
if make -s install PREFIX="$T/inst" >/dev/null 2>"$T/inst.err" &&
   [ -x "$T/inst/bin/neverodds" ] && [ -f "$T/inst/share/man/man1/neverodds.1" ] &&
   [ -f "$T/inst/share/neverodds/web/index.html" ] && [ -f "$T/inst/share/neverodds/web/app.js" ] &&
   NEVERODDS_PROFILES= "$T/inst/bin/neverodds" xwing "2 f +howlrunner vs 2 e" | grep -q howlrunner; then ok
else bad "make install: $(cat "$T/inst.err")"; fi

# squads (XWS): a squad's profile, a matchup's CSV and chart, a misspelled pilot
"$BIN" squad tests/xws/sample.json 2>"$T/w" | grep -q "DFS-311 (Vulture-class Droid Fighter), initiative 1" &&
    grep -q 'pilots\[1\].id: "dfs311-vultureclassdroidfighter" is written PILOT-SHIP' "$T/w" && ok || bad "squad"
# rebels: Luke, Wedge and two Blue Squadron Escorts (one row x2); scum: three ships, all different
"$BIN" matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/scum.xws --format csv >"$T/m.csv" &&
    [ "$(wc -l <"$T/m.csv")" -eq 19 ] && head -1 "$T/m.csv" | grep -q "^direction,attacker,attacker_count,defender,defender_count,mean_r1" &&
    grep -q "^a->b,bluesquadronescort,2," "$T/m.csv" && ok || bad "matchup csv"
# the squad's fire on a ship is the sum over its ships (a row x2 counts twice) of their cells
"$BIN" matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/scum.xws --format json >"$T/m.json" &&
    python3 - "$T/m.json" <<'PY' && ok || bad "matchup squad fire"
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["squad_fire"]:
    cells = [c for c in d["cells"] if c["direction"] == f["direction"] and c["defender"] == f["defender"]]
    for r in range(3):
        want = sum(c["attacker_count"] * c["mean_damage_by_range"][r] for c in cells)
        assert abs(want - f["squad_mean_damage_by_range"][r]) < 1e-12, (f, want)
assert sum(c["attacker_count"] for c in d["cells"] if c["direction"] == "a->b" and c["defender"] == "fennrau") == 4
PY
# an id three edits from the nearest is not guessed: an error offering it
printf '{"faction":"rebelalliance","pilots":[{"id":"wedgantils"}]}' >"$T/typo.xws"
expect_error squad-typo "neverodds: $T/typo.xws: pilots[0].id: unknown pilot \"wedgantils\"" squad "$T/typo.xws"
# a builder's typo with one id within two edits (of the squad's faction) loads, said with both ids;
# two as near (r2, r3, r4, r5astromech) stay an error naming them
printf '{"faction":"galacticrepublic","pilots":[{"id":"kickback-sigeofcoruscant"}]}' >"$T/kick.xws"
"$BIN" squad "$T/kick.xws" 2>"$T/kick.err" | grep -q "Kickback" &&
    grep -qx "neverodds: warning: $T/kick.xws: pilots\[0\].id: \"kickback-sigeofcoruscant\" read as pilot \"kickback-siegeofcoruscant\" (the nearest id: a builder's typo or a renamed id)" "$T/kick.err" &&
    ok || bad "squad: nearest id read: $(cat "$T/kick.err")"
printf '{"faction":"rebelalliance","pilots":[{"id":"bluesquadronescort","upgrades":{"astromech":["r7astromech"]}}]}' >"$T/r7.xws"
expect_error squad-near-ambiguous "neverodds: $T/r7.xws: pilots[0].upgrades.astromech[0]: unknown upgrade \"r7astromech\" (did you mean \"q7astromech\", \"r2astromech\", \"r3astromech\"?)" squad "$T/r7.xws"
# the pilot table is second edition's: a first-edition scenario naming a pilot is refused, in a
# sequence's attacks too
printf '{"game":"xwing","rules":"xwing-1e","attacker":{"pilot":"academypilot"},"defender":{"dice":2}}' >"$T/pilot1e.json"
expect_error pilot-1e "neverodds: $T/pilot1e.json: attacker: pilot: the pilot table is second edition's (rules xwing-2e)" run "$T/pilot1e.json"
printf '{"game":"xwing","rules":"xwing-1e","defender":{"dice":2,"hull":3},"attacks":[{"attacker":{"dice":2}},{"attacker":{"pilot":"academypilot"}}]}' >"$T/pilot1e-seq.json"
expect_error pilot-1e-sequence "neverodds: $T/pilot1e-seq.json: attacks[1].attacker: pilot: the pilot table is second edition's (rules xwing-2e)" run "$T/pilot1e-seq.json"
"$BIN" squad "$T/typo.xws" 2>&1 >/dev/null | grep -q 'did you mean "wedgeantilles"' && ok || bad "squad: nearest id offered"
# reports say who (#23 item 7): a pilot's and ship's names, in a sequence's attacks too; the
# defender named once is every attack's
printf '{"game":"xwing","attacker":{"pilot":"lukeskywalker","upgrades":["protontorpedoes"],"weapon":"protontorpedoes","tokens":{"lock":1}},"defender":{"pilot":"idenversio"},"range":2}' >"$T/who.json"
"$BIN" run "$T/who.json" >"$T/who.out" &&
    grep -qx "attacker: Luke Skywalker (lukeskywalker), T-65 X-wing, upgrades protontorpedoes, weapon protontorpedoes" "$T/who.out" &&
    grep -qx "defender: Iden Versio (idenversio), TIE/ln Fighter" "$T/who.out" && ok || bad "who: pilots $(cat "$T/who.out")"
"$BIN" run "$T/who.json" --shots-to-kill --format json >"$T/who-shots.json" &&
    grep -q '"defender":	"Iden Versio (idenversio), TIE/ln Fighter"' "$T/who-shots.json" && ok || bad "who: --shots-to-kill JSON"
printf '{"game":"xwing","defender":{"pilot":"idenversio"},"attacks":[{"attacker":{"dice":2}},{"attacker":{"pilot":"lukeskywalker"}}]}' >"$T/who-seq.json"
"$BIN" run "$T/who-seq.json" >"$T/who-seq.out" && [ "$(grep -c "^defender: Iden Versio" "$T/who-seq.out")" -eq 2 ] &&
    [ "$(grep -c "^attacker: Luke Skywalker (lukeskywalker), T-65 X-wing$" "$T/who-seq.out")" -eq 1 ] &&
    ok || bad "who: sequence $(cat "$T/who-seq.out")"
"$BIN" run profiles/armada/x-wings-vs-victory.json | grep -qx "attacker: X-wing Squadron (squadron x-wing-squadron)" &&
    ok || bad "who: armada squadron"
printf '{"game":"legion","cover":"heavy","attacker":{"unit":"stormtroopers","keywords":{"sharpshooter":1}},"defender":{"unit":"rebeltroopers","tokens":{"suppression":2}}}' >"$T/cover.json"
"$BIN" run "$T/cover.json" >"$T/cover.out" && grep -qx "attacker: Stormtroopers (unit stormtroopers)" "$T/cover.out" &&
    grep -q "^cover:    heavy (given), +1 from suppression (2 tokens, Courage 1, L1581) = heavy (capped: heavy at most, L796), -1 Sharpshooter 1 (L2835) = light$" "$T/cover.out" &&
    "$BIN" run "$T/cover.json" --format json | grep -q '"effective":	"light"' && ok || bad "legion cover: $(cat "$T/cover.out")"
# a builder's dialect: the squad on stdout, each mapping a warning on stderr, exit 0
"$BIN" squad tests/xws/dialects/yasb-2018.xws >"$T/d.out" 2>"$T/d.err" && grep -q "Wedge Antilles" "$T/d.out" &&
    [ "$(grep -c '^neverodds: warning: tests/xws/dialects/yasb-2018.xws: pilots\[.\]\.upgrades\..*: legacy slot key' "$T/d.err")" -eq 4 ] &&
    ok || bad "squad dialect: $(cat "$T/d.err")"
# a builder's typo read as the nearest id, and a renamed id (aliases.json): on stderr, and on the
# ship's line in the text and the JSON report
"$BIN" squad tests/xws/dialects/yasb-rey-gunner.xws >"$T/rg.out" 2>"$T/rg.err" &&
    grep -qx '     note: pilots\[1\].upgrades.gunner\[0\]: "rey" is an old id of "rey-gunner" (aliases.json): read as that upgrade' "$T/rg.out" &&
    grep -q '^neverodds: warning: tests/xws/dialects/yasb-rey-gunner.xws: pilots\[1\].upgrades.gunner\[0\]: "rey" is an old id' "$T/rg.err" &&
    "$BIN" squad tests/xws/dialects/yasb-typo.xws --format json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert [s.get("notes") for s in d["ships"]][3] == ["pilots[3].upgrades.title[0]: \"reysmilleniumfalcon\" read as upgrade \"reysmillenniumfalcon\" (the nearest id: a builder'"'"'s typo or a renamed id)"], d
assert "notes" not in d["ships"][0] and "warnings" not in d, d' && ok || bad "squad: notes on the ship's line: $(cat "$T/rg.err")"
# a builder's text export (BBCode, HTML) saved as a squad file: said for what it is, and how to export XWS
B=tests/xws/dialects/ffg-bbcode.json
for c in squad matchup battle; do
    expect_error "$c-bbcode" "neverodds: $B: a squad builder's BBCode text export ([b] at line 1), not an XWS squad: export the squad as XWS instead (the builder's XWS or JSON export) and read that file" \
        $c $B $([ $c = squad ] || echo profiles/xwing/squads/rebels.xws)
done
printf '<html><body><b>Poe Dameron</b> (62)</body></html>\n' >"$T/yasb.xws"
expect_error squad-html "neverodds: $T/yasb.xws: a squad builder's HTML text export (<html at line 1), not an XWS squad" squad "$T/yasb.xws"
# a JSON object with no "pilots" (a converter's error message in the corpus) is not a squad
printf '{"message":"Put YASB permalink query string in URL"}' >"$T/msg.xws"
expect_error squad-no-pilots "neverodds: $T/msg.xws: not an XWS squad: no \"pilots\" (it has message)" squad "$T/msg.xws"
# a squad's own warning (the faction read otherwise) is under the JSON's "warnings"
"$BIN" squad tests/xws/dialects/squads-designer.xws --format json 2>/dev/null |
    grep -q '"warnings":	\["faction: \\"rebel\\" read as rebelalliance"\]' && ok || bad "squad: the squad's warnings in JSON"
# an epic (huge) ship sits out a matchup and a battle, said on its line; the rest is played
E=tests/xws/dialects/epic-cr90.xws
"$BIN" matchup $E profiles/xwing/squads/scum.xws >"$T/ep.out" 2>"$T/ep.err" &&
    grep -qx '    left out: Alderaanian Guard (alderaanianguard): a huge ship (epic play): not modelled' "$T/ep.out" &&
    grep -q '^  Blue Squadron Escort  *Boba Fett ' "$T/ep.out" &&
    grep -qx "neverodds: warning: $E: pilots\[0\]: left out of matchups and battles: a huge ship (epic play): not modelled" "$T/ep.err" &&
    "$BIN" battle $E profiles/xwing/squads/scum.xws --trials 2000 >"$T/eb.out" 2>/dev/null &&
    grep -qx '    left out: Alderaanian Guard (alderaanianguard): a huge ship (epic play): not modelled' "$T/eb.out" &&
    "$BIN" matchup $E profiles/xwing/squads/scum.xws --format json 2>/dev/null | grep -q '"left_out":	"a huge ship (epic play): not modelled"' &&
    ok || bad "epic ship left out: $(cat "$T/ep.err")"
printf '{"faction":"rebelalliance","pilots":[{"id":"alderaanianguard"}]}' >"$T/allepic.xws"
for c in matchup battle; do
    "$BIN" $c "$T/allepic.xws" profiles/xwing/squads/scum.xws >"$T/out" 2>"$T/err"
    [ $? -eq 2 ] && [ ! -s "$T/out" ] &&
        [ "$(tail -n 1 "$T/err")" = "neverodds: $T/allepic.xws: pilots: no ship takes part in a $c (a huge ship (epic play): not modelled)" ] &&
        ok || bad "$c: every ship left out: $(cat "$T/err")"
done
# list: ids by a piece of their name, for each game; an unknown kind
"$BIN" list pilots vader | grep -q "^darthvader  *Darth Vader" && ok || bad "list pilots"
"$BIN" list units vader | tail -1 | grep -q "^2 legion units matching" && ok || bad "list units"
"$BIN" list units vader | grep -q "^darthvaderdarklordofthesith  *Darth Vader  *title: Dark Lord of the Sith  faction: empire" &&
    ok || bad "list units: a title tells two cards of one name apart"
"$BIN" list upgrades dlt-19 --game legion | grep -q "^dlt19stormtrooper  *DLT-19 Stormtrooper  *slot: heavy weapon  points: 20" &&
    ok || bad "list legion upgrades"
"$BIN" list ships cr90 --game armada --format json | grep -q '"id":	"cr90-corvette-a"' && ok || bad "list armada ships"
expect_error list-kind "neverodds: list: unknown kind 'starships'" list starships
expect_error matchup-one "neverodds: matchup: expected two squad files" matchup "$T/typo.xws"
expect_error matchup-tokens "neverodds: --tokens: expected focus, lock, evade" matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/scum.xws --tokens shields

# failure modes: numbers out of JSON's range, NaN, nesting, --lenient, --output, SIGPIPE
printf '{"game":"xwing","attacker":{"dice":1e400},"defender":{"dice":2}}' >"$T/huge.json"
expect_error huge-number "neverodds: $T/huge.json: attacker.dice: expected an integer from 0 to 10, got inf" run "$T/huge.json"
printf '{"game":"xwing","attacker":{"dice":NaN},"defender":{"dice":2}}' >"$T/nan.json"
expect_error nan "neverodds: $T/nan.json: malformed JSON at line 1, column 36" run "$T/nan.json"
printf '{"game":"xwing","attacker":{"dice":3,"dice":4},"defender":{"dice":2}}' >"$T/dup.json"
expect_error duplicate-key "neverodds: $T/dup.json: attacker.dice: duplicate key" run "$T/dup.json"
python3 -c "print('['*100 + ']'*100)" >"$T/deep.json" 2>/dev/null || printf '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]' >"$T/deep.json"
expect_error nesting "neverodds: $T/deep.json: JSON nested deeper than 32 levels" run "$T/deep.json"
head -c 1100000 /dev/zero | tr '\0' ' ' >"$T/big.json"
expect_error file-size "neverodds: $T/big.json: file is larger than 1048576 bytes" run "$T/big.json"
"$BIN" run "$T/unknown.json" --lenient >"$T/len.txt" 2>"$T/len.err" && grep -q "^mean damage" "$T/len.txt" &&
    grep -q "warning: $T/unknown.json: colour: unknown key, ignored" "$T/len.err" && ok || bad "--lenient"
"$BIN" run $Q --format csv --output "$T/out.csv" >"$T/o.stdout" && [ ! -s "$T/o.stdout" ] &&
    [ "$(wc -l <"$T/out.csv")" -eq 2 ] && [ -z "$(ls "$T" | grep 'out.csv.tmp')" ] && ok || bad "--output"
echo "keep me" >"$T/kept.txt"
"$BIN" run "$T/neg.json" --output "$T/kept.txt" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && [ "$(cat "$T/kept.txt")" = "keep me" ] && [ -z "$(ls "$T" | grep 'kept.txt.tmp')" ] &&
    ok || bad "--output after a failure: exit $rc, file changed or left behind"
expect_error output-dir "neverodds: --output $T/no/such/dir.txt: cannot write" run $Q --output "$T/no/such/dir.txt"
python3 -c "import json; print(json.dumps({'game':'xwing','defender':{'dice':2,'hull':30},'attacks':[{'attacker':{'dice':2}}]*11}))" >"$T/many.json"
expect_error attacks-limit "neverodds: $T/many.json: attacks: expected a list of 1 to 10 attacks, got 11 of them" run "$T/many.json"
# a reader that stops early (SIGPIPE): the program ends at once, without an error message
# (JSON, some 150 kB, more than a pipe's buffer holds: the writer is still writing when head exits)
"$BIN" sweep $Q --vary attacker.dice=1..10 --vary defender.dice=0..6 --format json 2>"$T/pipe.err" | head -n 1 >/dev/null
[ ! -s "$T/pipe.err" ] && ok || bad "SIGPIPE: $(cat "$T/pipe.err")"
# the self-check: exact against Monte Carlo on built-in scenarios
"$BIN" selftest --trials 200000 >"$T/self.txt" && grep -q "^selftest: every check passed" "$T/self.txt" &&
    [ "$(grep -c '^ok ' "$T/self.txt")" -eq 6 ] && ok || bad "selftest: $(cat "$T/self.txt")"
expect_error selftest-option "neverodds: selftest: '--plot' does not apply" selftest --plot x.png
# valgrind memcheck: an exact and a Monte Carlo run, no error and no leak (when valgrind is here)
if command -v valgrind >/dev/null && [ -z "${ASAN_OPTIONS:-}" ]; then
    valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        "$BIN" run $Q --trials 100000 --threads 2 >/dev/null 2>"$T/vg.err" &&
    valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        "$BIN" compare $Q $Q,rules=xwing-1e >/dev/null 2>>"$T/vg.err" && ok || bad "valgrind: $(head -20 "$T/vg.err")"
fi

# every profile that is a scenario runs
for f in profiles/*/*.json; do
    grep -q '"game"' "$f" || continue
    "$BIN" run "$f" >/dev/null 2>"$T/p.err" && ok || bad "profile $f: $(cat "$T/p.err")"
done

# compare and sweep take quick notation (GAME:NOTATION) and lists from the command line; compare
# shows each row's difference from the first
"$BIN" compare 'xwing:3 fl vs 3 fe h3' 'xwing:3 fl vs 3 fe h3,attacker.abilities=[predator,marksmanship]' --exact \
    >"$T/cq.txt" 2>"$T/cq.err" && grep -q "vs #1" "$T/cq.txt" && grep -q "predator,marksmanship" "$T/cq.txt" &&
    [ ! -s "$T/cq.err" ] && ok || bad "compare: quick notation and a list"
"$BIN" sweep 'xwing:3 fl vs 3 fe h3' --vary attacker.dice=2..3 --exact --format csv >"$T/sq.csv" &&
    [ "$(wc -l <"$T/sq.csv")" -eq 3 ] && ok || bad "sweep: quick notation"
# a compare chart's title lists its labels cut between words, never mid-word ("...hul"), and
# counts those that do not fit (issue #46)
"$BIN" compare 'xwing:3 fl vs 2 fe h3' 'xwing:4 fl vs 3 fe h5 s2 r1' 'xwing1:3 fl vs 2 e h3' --plot "$T/ct.gp" >/dev/null &&
    grep -qF 'set title "{/:Bold 3 dice, focus + lock vs 2 dice, focus + evade… and 2 more}' "$T/ct.gp" && ok ||
    bad "compare title cut: $(grep '^set title' "$T/ct.gp")"
# a sweep's chart describes the scenario as given, not its first point ("vs 0 dice"); --metric
# kill's text grid is of P(kill), as its chart (issue #46)
"$BIN" sweep 'xwing:3 fl vs 2 fe' --vary defender.dice=0..2 --plot "$T/sb.gp" >/dev/null &&
    grep -qF '{/*0.8 3 dice, focus + lock vs 2 dice, focus + evade, range 2}' "$T/sb.gp" && ok ||
    bad "sweep chart subtitle: $(grep '^set title' "$T/sb.gp")"
"$BIN" sweep 'xwing:3 fl vs 2 fe h3' --vary attacker.dice=2..3 --vary defender.dice=0..2 --metric kill >"$T/sk.txt" &&
    grep -q '^  P(kill): defender.dice down, attacker.dice across$' "$T/sk.txt" &&
    grep -q '^  0            0.046424   0.832679$' "$T/sk.txt" && ok || bad "sweep --metric kill grid: $(tail -5 "$T/sk.txt")"
# shots to kill: one a round by default (the defender's tokens refresh), --carry-tokens for one
# round; the table stops where P(<= k) prints as 1
"$BIN" xwing "3 fl vs 3 fe h3" --shots-to-kill >"$T/sr.txt" && grep -q "one a round" "$T/sr.txt" &&
    grep -q "P(<= k) is 1 from k = " "$T/sr.txt" && ok || bad "shots to kill over rounds"
"$BIN" xwing "3 fl vs 3 fe h3" --shots-to-kill --carry-tokens --format json | grep -q '"tokens":	"carried"' &&
    ok || bad "shots to kill, tokens carried"
expect_error goal-kill-no-hull "neverodds: quick: --goal kill needs a defender that can be destroyed: give \"defender.hull\"" \
    xwing "3 fl vs 2 fe" --policy optimal --goal kill
expect_error near-carry "neverodds: run: unknown option '--carry-token' (did you mean \"--carry-tokens\"?)" \
    run profiles/xwing/quickstart.json --shots-to-kill --carry-token
expect_error near-title "neverodds: run: unknown option '--titel' (did you mean \"--title\"?)" \
    run profiles/xwing/quickstart.json --titel x
expect_error carry-alone "neverodds: --carry-tokens: only with --shots-to-kill" xwing "3 fl vs 3 fe h3" --carry-tokens
# Armada's notation keeps its own commas (shields3,2) in a compare input
"$BIN" compare 'armada:2r1b medium vs hull5 shields3,2' 'armada:2r1b medium vs hull5 shields3,2,attacker.pool.red=3' \
    --exact >"$T/ca.txt" && grep -q "attacker.pool.red=3" "$T/ca.txt" && ok || bad "compare: Armada notation with commas"
expect_error compare-quick "neverodds: quick notation \"3 q vs 2\": \"q\": unknown word" compare 'xwing:3 q vs 2'

# MathWing's SlowSingleAttack with every option it offers (16 cards) compiles exact within the
# state budget, and Monte Carlo over the same attack agrees within 5 standard errors (issue #22)
MW=profiles/xwing/mathwing-slow-single-attack.json
if "$BIN" run $MW --exact --format json >"$T/mw_exact.json" &&
   "$BIN" run $MW --trials 400000 --seed 22 --format json >"$T/mw_mc.json" &&
   python3 - "$T/mw_exact.json" "$T/mw_mc.json" <<'PY'
import json, sys
exact, mc = (json.load(open(f)) for f in sys.argv[1:3])
assert exact["method"] == "exact" and mc["method"] != "exact", (exact["method"], mc["method"])
d = abs(exact["damage"]["mean"] - mc["damage"]["mean"])
assert d < 5 * mc["damage"]["stderr"], (exact["damage"]["mean"], mc["damage"]["mean"], mc["damage"]["stderr"])
PY
then ok; else bad "MathWing SlowSingleAttack: exact, and Monte Carlo within 5 standard errors"; fi

# issue #23, "did you mean": unknown commands, options, scenario keys and list kinds offer the
# nearest (a swap of two letters is one edit), with one pointer to the command's --help
expect_usage near-command "neverodds: unknown command 'rnu' (did you mean \"run\"?)" "Try 'neverodds --help'." rnu $Q
expect_usage near-quick-command "neverodds: unknown command 'xwign' (did you mean \"xwing\"?)" "Try 'neverodds --help'." xwign "3 vs 2"
expect_usage near-option "neverodds: run: unknown option '--trails' (did you mean \"--trials\"?)" "Try 'neverodds run --help'." \
    run $Q --trails 5
expect_usage near-quick-option "neverodds: xwing: unknown option '--print-scenaro' (did you mean \"--print-scenario\"?)" \
    "Try 'neverodds xwing --help'." xwing "3 vs 2" --print-scenaro
expect_usage near-sweep-option "neverodds: sweep: unknown option '--vray' (did you mean \"--vary\"?)" "Try 'neverodds sweep --help'." \
    sweep $Q --vray attacker.dice=1..3
expect_usage near-order-option "neverodds: order: unknown option '--rolls' (did you mean \"--roll\", \"--rules\"?)" \
    "Try 'neverodds order --help'." order $Q --rolls x
expect_usage far-option "neverodds: compare: unknown option '--colour'" "Try 'neverodds compare --help'." compare $Q --colour red
expect_usage near-list-kind "neverodds: list: unknown kind 'squadron' for armada (did you mean \"squadrons\"?) (armada lists ships, squadrons)" \
    "Try 'neverodds list --help'." list squadron --game armada
expect_usage near-list-game "neverodds: list: --game: unknown game 'armda' (did you mean \"armada\"?) (xwing, xwing1, legion, armada)" \
    "Try 'neverodds list --help'." list ships --game armda
printf '{"game":"xwing","attacker":{"dice":3,"tokns":{"focus":1}},"defender":{"dice":2}}' >"$T/tokns.json"
expect_error near-key "neverodds: $T/tokns.json: attacker.tokns: unknown key (did you mean \"tokens\"?) (expected one of: dice, tokens," \
    run "$T/tokns.json"
expect_error near-key-set "neverodds: $Q [attacker.tokns.focus=1]: attacker.tokns: unknown key (did you mean \"tokens\"?)" \
    compare $Q $Q,attacker.tokns.focus=1
"$BIN" run "$T/tokns.json" --lenient 2>&1 >/dev/null | grep -q "attacker.tokns: unknown key, ignored (did you mean \"tokens\"?)" &&
    ok || bad "--lenient: nearest key"
# list covers first edition's abilities too (profiles/xwing1/abilities.json)
"$BIN" list abilities palpatine --game xwing1 | tail -1 | grep -q '^1 xwing1 abilities matching "palpatine"' &&
    ok || bad "list abilities --game xwing1"
# --help names every quick-notation command, xwing1 too
"$BIN" --help | grep -q '^  xwing1 "NOTATION" ' && ok || bad "--help lists xwing1"

# issue #23, "fail before the work": --plot and --output paths are checked before anything runs:
# one line, exit 2, nothing on stdout, no gnuplot noise and no file left behind
expect_plot_path() { # NAME WHY ARGS...: the one-line error for --plot $T/... as the last two words
    name=$1; why=$2; shift 2
    eval "plot=\${$#}"
    expect_error "$name" "neverodds: --plot $plot: cannot write: $why" "$@"
    [ "$(wc -l <"$T/err")" -eq 1 ] && [ -z "$(ls "$(dirname "$plot")" 2>/dev/null | grep 'tmp-')" ] &&
        ok || bad "$name: $(cat "$T/err")"
}
mkdir -p "$T/dir.png" "$T/ro"
expect_plot_path plot-missing-dir "No such file or directory" run $Q --plot "$T/no/such/c.png"
expect_plot_path plot-is-dir "Is a directory" run $Q --plot "$T/dir.png"
expect_plot_path plot-sweep "No such file or directory" sweep $Q --vary attacker.dice=1..3 --plot "$T/no/h.svg"
expect_plot_path plot-compare "No such file or directory" compare $Q $Q,rules=xwing-1e --plot "$T/no/c.gp"
expect_plot_path plot-quick "No such file or directory" legion "5w vs white" --plot "$T/no/l.png"
expect_plot_path plot-matchup "No such file or directory" matchup profiles/xwing/squads/rebels.xws profiles/xwing/squads/scum.xws --plot "$T/no/m.png"
if [ "$(id -u)" -ne 0 ]; then # root writes anywhere
    chmod a-w "$T/ro"
    expect_plot_path plot-read-only "Permission denied" run $Q --plot "$T/ro/c.png"
    chmod u+w "$T/ro"
fi
expect_error output-is-dir "neverodds: --output $T: cannot write: Is a directory" run $Q --output "$T"
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "output-is-dir: $(cat "$T/err")"
# a chart that can be written is still drawn after the check (the probe file is gone)
"$BIN" run $Q --plot "$T/ok.gp" >/dev/null && [ -s "$T/ok.gp" ] && [ -z "$(ls "$T" | grep 'ok.gp.tmp')" ] &&
    ok || bad "--plot after the check"

# --trials as people write it: 1e6 and 1_000_000 are 1000000 (the same report byte for byte);
# fractions, signs and overflow are refused with the reason
"$BIN" run $Q --trials 1000000 --format json >"$T/t-plain.json"
"$BIN" run $Q --trials 1e6 --format json >"$T/t-exp.json" && "$BIN" run $Q --trials 1_000_000 --format json >"$T/t-under.json" &&
    grep -q '"trials":	1000000,' "$T/t-exp.json" && cmp -s "$T/t-plain.json" "$T/t-exp.json" &&
    cmp -s "$T/t-plain.json" "$T/t-under.json" && ok || bad "--trials 1e6 / 1_000_000"
expect_usage trials-fraction "neverodds: --trials: expected an integer from 1 to 100000000000, got '1.5e0' (not a whole number)" \
    "Try 'neverodds run --help'." run $Q --trials 1.5e0
expect_usage trials-negative "neverodds: --trials: expected an integer from 1 to 100000000000, got '-1e6' (negative)" \
    "Try 'neverodds run --help'." run $Q --trials -1e6
expect_usage trials-overflow "neverodds: --trials: expected an integer from 1 to 100000000000, got '1e12' (more than 100000000000)" \
    "Try 'neverodds run --help'." run $Q --trials 1e12
expect_usage seed-overflow "neverodds: --seed: expected an integer from 0 to 18446744073709551615, got '18446744073709551616' (more than 18446744073709551615)" \
    "Try 'neverodds run --help'." run $Q --seed 18446744073709551616


# battle (issue #24): bad input names the file and the JSON path; options are checked first
B=tests/battle/cases/05_2v1.json
R=profiles/xwing/squads/rebels.xws
printf '{"a":[{"name":"x","initiative":3,"attack":-1,"agility":2,"hull":3}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}]}' >"$T/b-neg.json"
expect_error battle-negative "neverodds: $T/b-neg.json: a[0].attack: expected an integer from 0 to 6, got -1" battle "$T/b-neg.json"
printf '{"a":[{"name":"x","initiative":3,"attack":2,"agility":2,"hull":3,"actions":["boost"]}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}]}' >"$T/b-act.json"
expect_error battle-action "neverodds: $T/b-act.json: a[0].actions[0]: expected an action that gives a token" battle "$T/b-act.json"
printf '{"a":[],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}]}' >"$T/b-empty.json"
expect_error battle-no-ships "neverodds: $T/b-empty.json: a: expected a list of 1 to 12 ships" battle "$T/b-empty.json"
printf '{"a":[{"name":"x","initiative":1,"attack":2,"agility":2,"hull":3}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}],"range":{"1":0.5,"2":0.2}}' >"$T/b-range.json"
expect_error battle-range-sum "neverodds: $T/b-range.json: range: the chances sum to 0.7, not 1" battle "$T/b-range.json"
printf '{"name":"s","ships":[{"name":"x","initiative":1,"attack":2,"agility":2}]}' >"$T/b-side.json"
printf '{"a":[{"name":"x","initiative":3,"attack":2,"agility":2,"hull":25,"shields":8}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}]}' >"$T/b-hp.json"
expect_error battle-hit-points "neverodds: $T/b-hp.json: a[0].shields: hull and shields together at most 30 (a battle's limit), got 25 + 8" battle "$T/b-hp.json"
expect_error battle-side-hull "neverodds: $T/b-side.json: ships[0].hull: " battle "$T/b-side.json" "$T/b-side.json"
expect_usage battle-range-option "neverodds: --range: expected 1, 2, 3 or chances like 1:0.2,2:0.5,3:0.3 summing to 1, got '1:0.5,2:0.6'" \
    "Try 'neverodds battle --help'." battle $B --range 1:0.5,2:0.6
expect_usage battle-target "neverodds: --target: expected likeliest-kill, threat, points or spread (or two, A's and B's, comma-separated), got 'weakest'" \
    "Try 'neverodds battle --help'." battle $B --target weakest
expect_error battle-three "neverodds: battle: one battle file or two sides" battle $B $B $B
expect_error battle-policy "neverodds: battle: --policy and --goal do not apply" battle $B --policy optimal
"$BIN" battle "$T/typo-none.xws" $R >/dev/null 2>"$T/err"; [ $? -eq 2 ] && grep -q "cannot read" "$T/err" && ok || bad "battle missing side"
# the same Monte Carlo report on 1 and 2 threads; the command line's range over the file's
side_by_side battle battle $R profiles/xwing/squads/scum.xws --trials 50000 --format json
"$BIN" battle $B --range 1 --deck off --format json | python3 -c '
import json,sys; d=json.load(sys.stdin); assert d["range"]=={"1":1}, d["range"]; assert d["method"]=="exact"
assert abs(d["p_a_wins"]-d["by_range"]["1"]["p_a_wins"])<1e-15' && ok || bad "battle --range over the file"
# exact to Monte Carlo when the battle is too large, said in the report; --exact then refuses
"$BIN" battle $R profiles/xwing/squads/resistance.xws --trials 20000 | head -1 | grep -q "Monte Carlo, 20000 battles, seed 1$" && ok || bad "battle trials"
"$BIN" battle $R profiles/xwing/squads/resistance.xws --rounds 5 | head -1 | grep -q "(too large to compute exactly)$" && ok || bad "battle fallback said"
expect_error battle-exact-too-large "neverodds: the battle is too large to compute exactly" battle $R profiles/xwing/squads/resistance.xws --exact
# hand-checked: one die against agility 0, hull 1 each, equal initiative, 6 rounds: each outcome
# (1 - 4^-6)/3 = 1365/4096, unresolved 1/4096 (tests/battle/README.md, H1)
"$BIN" battle tests/battle/cases/01_hand_1die_equal_init.json --format json | python3 -c '
import json,sys; d=json.load(sys.stdin)
assert abs(d["p_a_wins"]-1365/4096)<1e-15 and abs(d["p_both_destroyed"]-1365/4096)<1e-15 and abs(d["p_unresolved"]-1/4096)<1e-15, d' &&
    ok || bad "battle hand case"
# the targeting policies change the battle: points-first differs from likeliest-kill on case 08
a=$("$BIN" battle tests/battle/cases/08_targeting.json --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["p_a_wins"])')
b=$("$BIN" battle tests/battle/cases/08_targeting.json --target points --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["p_a_wins"])')
[ "$a" != "$b" ] && ok || bad "battle --target points changes nothing ($a)"
# --tokens: the action order; no tokens at all makes the rebels weaker against the swarm
"$BIN" battle $R profiles/xwing/squads/empire.xws --trials 20000 --tokens none --format json >"$T/bn.json" &&
"$BIN" battle $R profiles/xwing/squads/empire.xws --trials 20000 --format json >"$T/bt.json" && python3 - "$T" <<'PY' && ok || bad "battle --tokens"
import json, sys
none, some = (json.load(open(f"{sys.argv[1]}/{n}.json")) for n in ("bn", "bt"))
assert none["tokens"] == [] and some["tokens"] == ["focus", "calculate", "lock", "evade", "reinforce"], none["tokens"]
assert none["p_a_wins"] + 5 * none["p_a_wins_stderr"] < some["p_a_wins"], (none["p_a_wins"], some["p_a_wins"])
PY
expect_error battle-tokens "neverodds: --tokens: expected focus, calculate, lock, evade, reinforce" battle $B --tokens focus,focus
# charts: survival curves and outcomes by range, written as scripts
"$BIN" battle $B --plot "$T/bs.gp" --plot-ranges "$T/br.gp" >/dev/null && grep -q "P(alive)" "$T/bs.gp" &&
    grep -q "every round at one range" "$T/br.gp" && ok || bad "battle charts"
# ten ships a side: past the 8 colours the point changes, so every survival curve looks its own
python3 -c '
import json, sys
ships = [{"name": "t%d" % i, "initiative": 1, "attack": 2, "agility": 3, "hull": 1, "actions": ["focus"]} for i in range(10)]
json.dump({"a": ships, "b": ships[:9]}, open(sys.argv[1], "w"))' "$T/ten.json"
"$BIN" battle "$T/ten.json" --trials 2000 --plot "$T/ten.gp" >/dev/null && python3 -c '
import re, sys
looks = re.findall(r"pt (\d+) ps 1.1 dt (\d) lc rgb \"(#[0-9a-f]+)\" title", open(sys.argv[1]).read())
assert len(looks) == 19 and len(set(looks)) == 19, looks' "$T/ten.gp" && ok || bad "battle chart: 19 curves told apart"

# the damage deck in battles: on by default and said; --deck off deals points; a side whose hulls
# pass the deck's 33 cards has it off, said; bad values name the option or the JSON path
"$BIN" battle $B | head -1 | grep -q "rules xwing-2e with the damage deck," && ok || bad "battle deck said"
"$BIN" battle $B --deck off --format json | python3 -c '
import json, sys; d = json.load(sys.stdin); assert d["damage_deck"] is False and "no damage cards" in " ".join(d["assumptions"])' &&
    ok || bad "battle --deck off"
expect_usage battle-deck "neverodds: --deck: expected on, dice or off, got 'maybe'" "Try 'neverodds battle --help'." battle $B --deck maybe
printf '{"a":[{"name":"x","initiative":1,"attack":2,"agility":2,"hull":3}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}],"damage_deck":"yes"}' >"$T/b-deck.json"
expect_error battle-deck-file "neverodds: $T/b-deck.json: damage_deck: expected a damage deck (one of: off, on, dice), got \"yes\"" battle "$T/b-deck.json"
# --deck dice: run's four cards, said in the title and the JSON; on: every card that acts
"$BIN" battle $B --deck dice --trials 2000 | head -1 | grep -q "with the damage deck (run's cards only)," && ok || bad "battle --deck dice said"
"$BIN" battle $B --trials 2000 --format json | python3 -c '
import json, sys; d = json.load(sys.stdin); a = " ".join(d["assumptions"])
assert d["damage_cards"] == "on" and "Console Fire" in a and "Panicked Pilot" in a and "Weapons Failure (the ship\x27s attacks roll 1 die fewer)" in a and "Blinded Pilot (its attacks\x27 own dice" in a' &&
    ok || bad "battle every card said"
printf '{"a":[{"name":"x","initiative":1,"attack":3,"agility":0,"hull":20},{"name":"z","initiative":1,"attack":3,"agility":0,"hull":20}],"b":[{"name":"y","initiative":1,"attack":2,"agility":2,"hull":3}]}' >"$T/b-big.json"
"$BIN" battle "$T/b-big.json" --trials 20000 | sed -n 2p | grep -q "^note: A's hulls total 40, more than the deck's 33 cards: a deck that runs out is shuffled anew" &&
    ok || bad "battle deck past 33 cards: its reshuffle, said"
"$BIN" battle "$T/b-big.json" --trials 20000 --format json | python3 -c '
import json, sys; d = json.load(sys.stdin); assert d["damage_deck"] and 0 <= d["p_reshuffled"] <= 1 and d["method"] == "monte-carlo"' &&
    ok || bad "battle deck past 33 cards: Monte Carlo, p_reshuffled"
expect_error battle-exact-reshuffle "neverodds: a side's deck may run out (A's hulls total 40" battle "$T/b-big.json" --exact
# a weapon named in a pilot's scenario brings all its card says: Ion Torpedoes are ordnance that
# need a lock and deal 1 damage, the other results ion tokens (they were dealt as damage before)
printf '{"game":"xwing","attacker":{"pilot":"bluesquadronescort","upgrades":["iontorpedoes"],"weapon":"iontorpedoes","tokens":{"lock":1}},"defender":{"pilot":"academypilot"},"range":3}' >"$T/ion.json"
"$BIN" run "$T/ion.json" --format json | python3 -c '
import json, sys; d = json.load(sys.stdin)
assert len(d["damage"]["pmf"]) == 2 and d["damage"]["pmf"][1] > 0.5, d["damage"]
assert d["ion_tokens_mean"] > 0.5, d["ion_tokens_mean"]' && ok || bad "ion torpedoes by name"
# face-up damage cards a defender holds: Structural Damage, one defense die fewer (1 die against
# 3: P(no damage) = 1/8 + 3/8 * 3/8 = 17/64)
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2,"hull":3,"damage_cards":{"structural_damage":1}},"rule_options":{"damage_deck":false}}' >"$T/sd.json"
"$BIN" run "$T/sd.json" --format json | python3 -c '
import json, sys; d = json.load(sys.stdin); assert abs(d["damage"]["pmf"][0] - 17 / 64) < 1e-12, d["damage"]["pmf"]' &&
    ok || bad "structural damage face up"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2,"hull":3,"damage_cards":{"structural_damage":3}}}' >"$T/sd3.json"
expect_error damage-cards-range "neverodds: $T/sd3.json: defender.damage_cards.structural_damage: expected an integer from 0 to 2, got 3" run "$T/sd3.json"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2,"hull":3,"damage_cards":{"direct_hit":1}}}' >"$T/sd4.json"
expect_error damage-cards-key "neverodds: $T/sd4.json: defender.damage_cards.direct_hit: " run "$T/sd4.json"
# face-up damage cards an attacker holds, pilot form: Luke Skywalker blinded (3 dice at range 2, a
# focus token he may not spend, 2 Force for the default effect: 3/2 + E[min(focus results, 2)] =
# 3/2 + 47/64), said on the attack line; a Weapons Failure said there too (its die: check_deck.c)
printf '{"game":"xwing","attacker":{"pilot":"lukeskywalker","tokens":{"focus":1},"damage_cards":{"blinded_pilot":1}},"defender":{"dice":0}}' >"$T/blind.json"
"$BIN" run "$T/blind.json" --format json | python3 -c '
import json, sys; d = json.load(sys.stdin); assert abs(d["damage"]["mean"] - (1.5 + 47 / 64)) < 1e-12, d["damage"]["mean"]' &&
    ok || bad "blinded pilot, pilot form"
"$BIN" run "$T/blind.json" | grep -q "^attack: .*Blinded Pilot face up (its own dice modified only by the Force's default effect)" &&
    ok || bad "blinded pilot said"
printf '{"game":"xwing","attacker":{"pilot":"lukeskywalker","damage_cards":{"weapons_failure":1}},"defender":{"dice":0},"rule_options":{"damage_deck":false}}' >"$T/wf.json"
"$BIN" run "$T/wf.json" | grep -q "^attack: .*; 1 Weapons Failure face up (1 fewer attack die)" && ok || bad "weapons failure said"
# the charges an ability has left (ability_charges, pilot form): Elusive spent is no Elusive at all,
# and with its charge it saves damage
for c in 0 1; do
    printf '{"game":"xwing","attacker":{"dice":3},"defender":{"pilot":"redsquadronveteran","upgrades":["elusive"],"ability_charges":{"elusive":%d}},"rule_options":{"damage_deck":false}}' "$c" >"$T/el$c.json"
done
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"pilot":"redsquadronveteran"},"rule_options":{"damage_deck":false}}' >"$T/el.json"
"$BIN" run "$T/el0.json" --format json >"$T/el0.out" && "$BIN" run "$T/el1.json" --format json >"$T/el1.out" &&
    "$BIN" run "$T/el.json" --format json | python3 -c '
import json, sys; none = json.load(sys.stdin)
spent, full = (json.load(open(sys.argv[k]))["damage"]["pmf"] for k in (1, 2))
assert all(abs(a - b) < 1e-12 for a, b in zip(spent, none["damage"]["pmf"])), (spent, none["damage"]["pmf"])
mean = lambda p: sum(k * x for k, x in enumerate(p))
assert mean(full) < mean(spent) - 0.1, (mean(full), mean(spent))' "$T/el0.out" "$T/el1.out" && ok || bad "ability_charges"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"pilot":"redsquadronveteran","upgrades":["elusive"],"ability_charges":{"elusive":2}}}' >"$T/el2.json"
expect_error ability-charges-range "neverodds: $T/el2.json: defender.ability_charges.elusive: expected an integer from 0 to 1, got 2" run "$T/el2.json"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"pilot":"redsquadronveteran","upgrades":["elusive"],"ability_charges":{"lonewolf":0}}}' >"$T/el3.json"
expect_error ability-charges-name "neverodds: $T/el3.json: defender.ability_charges.lonewolf: redsquadronveteran has no ability of that name with charges (elusive)" run "$T/el3.json"
printf '{"game":"xwing","attacker":{"dice":3},"defender":{"dice":2,"ability_charges":{"elusive":0}}}' >"$T/el4.json"
expect_error ability-charges-plain "neverodds: $T/el4.json: defender.ability_charges: unknown key" run "$T/el4.json"

# matchup's rounds to destroy a squad (the battle engine, the other side passive) against an
# independent path: one ship on one ship is run --shots-to-kill with the damage deck off (one shot a
# round, the defender's tokens refreshed), at each range, to 1e-12
printf '{"name":"one","faction":"rebelalliance","version":"2.0.0","pilots":[{"id":"bluesquadronescort"}]}' >"$T/one.xws"
printf '{"name":"two","faction":"resistance","version":"2.0.0","pilots":[{"id":"blacksquadronace-t70xwing"}]}' >"$T/two.xws"
"$BIN" matchup "$T/one.xws" "$T/two.xws" --format json >"$T/siege.json"
for r in 1 2 3; do
    printf '{"game":"xwing","attacker":{"pilot":"bluesquadronescort","tokens":{"focus":1,"lock":1}},"defender":{"pilot":"blacksquadronace-t70xwing","tokens":{"focus":1}},"range":%d,"rule_options":{"damage_deck":false}}' $r >"$T/siege$r.json"
    "$BIN" run "$T/siege$r.json" --shots-to-kill --format json >"$T/shots$r.json"
done
python3 - "$T" <<'PY' && ok || bad "matchup rounds to destroy vs shots to kill"
import json, sys
t = sys.argv[1]
siege = json.load(open(f"{t}/siege.json"))["rounds_to_destroy"][0]
assert siege["direction"] == "a->b" and siege["method"] == "exact", siege
for r in range(3):
    shots = json.load(open(f"{t}/shots{r + 1}.json"))["shots"]["mean"]
    assert abs(siege["mean_by_range"][r] - shots) < 1e-12, (r + 1, siege["mean_by_range"][r], shots)
PY

echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
