#!/usr/bin/env python3
"""check_matchup.py — `neverodds matchup` of two Legion armies, against numbers worked here by hand.

Usage: python3 tests/army/check_matchup.py ./neverodds

Each per-die wound chance below is worked from the dice faces (shared/rules/dice.md: attack red
1/5/1/1, black 3/3/1/1, white 5/1/1/1 blank/hit/crit/surge; defense red 2/3/1, white 4/1/1
blank/block/surge) and the units' cards in profiles/legion/units.json, not from the program.
When one die's wound is independent of the others (no tokens, no keyword that acts on the pool),
a pool's wounds are a sum of Bernoulli trials capped at the unit's miniatures."""
import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction as F

BIN = sys.argv[1] if len(sys.argv) > 1 else "./neverodds"
EMPIRE = "https://legionhq2.com/list/empire/"
REBELS = "https://legionhq2.com/list/rebels/"
HERE = os.path.dirname(os.path.abspath(__file__))
TTA = [os.path.join(HERE, "legion-tta-empire-SWLegionCompanion.json"),
       os.path.join(HERE, "legion-tta-republic-SWLegionCompanion.json")]
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name} {detail}")


def run(*args, code=0):
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    if p.returncode != code:
        raise SystemExit(f"{' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p


def matchup(a, b, *opts):
    return json.loads(run("matchup", a, b, "--format", "json", *opts).stdout)


def cells(doc):
    """{(direction, attacker, defender, band, cover): cell}"""
    return {(c["direction"], c["attacker"], c["defender"], c["band"], c["cover"]): c for c in doc["cells"]}


def capped(ps, cap):
    """The wounds of independent dice (each wounds with p in ps), capped at `cap`: (mean, P(= cap))."""
    dist = [F(1)]
    for p in ps:
        nxt = [F(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    mean = sum(min(k, cap) * q for k, q in enumerate(dist))
    return mean, sum(q for k, q in enumerate(dist) if k >= cap)


def close(name, got, want):
    check(name, abs(got - float(want)) < 1e-12, f"got {got!r}, want {want} = {float(want)!r}")


# 1. Stormtroopers (E-11: 1 white each, surge hit; Bludgeon 1 white) against Rebel Troopers (white
# die, surge block, 4 x 1 wound) and back (A-200 and Unarmed: 1 black, no surge; red die, no
# surge). A white attack die hits or crits on 3/8 with the surge; a black one on 4/8 without.
# Cover (step 5, L1581-L1589) rolls a white die per hit, not crit: light cancels on a block (1/6),
# heavy on a block or a surge (2/6).
doc = matchup(EMPIRE + "1ay0000", REBELS + "1ah0000")
c = cells(doc)
for cover, p_die in (("none", F(3, 8) * F(2, 3)),                          # 1/4
                     ("light", (F(1, 8) + F(2, 8) * F(5, 6)) * F(2, 3)),    # 2/9
                     ("heavy", (F(1, 8) + F(2, 8) * F(4, 6)) * F(2, 3))):   # 7/36
    for band in ("range 1", "range 2", "range 3"):
        x = c[("a->b", "Stormtroopers", "Rebel Troopers", band, cover)]
        close(f"storm {band} {cover} mean", x["mean_wounds"], 4 * p_die)
        close(f"storm {band} {cover} wiped", x["p_wiped"], p_die ** 4)
        close(f"storm {band} {cover} defeated", x["defeated_mean"], 4 * p_die)
        check(f"storm {band} weapons", x["weapons"] == "E-11 Blaster Rifle x4", x["weapons"])
for cover, p_die in (("none", F(4, 8) * F(1, 2)),                          # 1/4
                     ("light", (F(1, 8) + F(3, 8) * F(5, 6)) * F(1, 2)),    # 7/32
                     ("heavy", (F(1, 8) + F(3, 8) * F(4, 6)) * F(1, 2))):   # 3/16
    x = c[("b->a", "Rebel Troopers", "Stormtroopers", "range 2", cover)]
    close(f"rebels range 2 {cover} mean", x["mean_wounds"], 4 * p_die)
    close(f"rebels range 2 {cover} wiped", x["p_wiped"], p_die ** 4)
# melee: no cover (L1577), one cell
melee = [x for k, x in c.items() if k[0] == "a->b" and k[3] == "melee"]
check("melee rows", len(melee) == 1 and melee[0]["cover"] == "none (melee)", str([k for k in c if k[3] == "melee"]))
close("storm melee mean", melee[0]["mean_wounds"], 1)
check("storm range 4", not c[("a->b", "Stormtroopers", "Rebel Troopers", "range 4", "none")]["reaches"])
fire = [f for f in doc["army_fire"] if f["direction"] == "a->b" and f["band"] == "range 2" and f["cover"] == "light"]
close("army fire = the one unit's", fire[0]["mean_wounds"], F(8, 9))
check("army fire health", fire[0]["health"] == 4)
check("report names its rules and policy", doc["rules"] == "legion-2026" and doc["policy"] == "per-attack"
      and doc["method"] == "exact")

# 2. The best way to arm: with Fragmentation Grenades (1 red each, range 1) the four Stormtroopers
# throw them at range 1 (red: 7/8 with the surge, against a white die with surge block: 2/3 get
# through), and fire E-11s at range 2; a DLT-19 Stormtrooper (1 more miniature, 2 red, range 1-4)
# adds its dice, and the wounds stop at the four Rebel Troopers.
c = cells(matchup(EMPIRE + "1ay000dj", REBELS + "1ah0000"))
x = c[("a->b", "Stormtroopers", "Rebel Troopers", "range 1", "none")]
check("grenades chosen", x["weapons"] == "Frag Grenade x4" and x["choices_tried"] == 2, str(x))
close("grenades mean", x["mean_wounds"], 4 * F(7, 8) * F(2, 3))
close("grenades at range 2: the rifles", c[("a->b", "Stormtroopers", "Rebel Troopers", "range 2", "none")]["mean_wounds"], 1)
c = cells(matchup(EMPIRE + "1ayej000", REBELS + "1ah0000"))
red, white = F(7, 8) * F(2, 3), F(3, 8) * F(2, 3)
x = c[("a->b", "Stormtroopers", "Rebel Troopers", "range 2", "none")]
mean, wiped = capped([white] * 4 + [red] * 2, 4)
check("heavy weapon", x["weapons"] == "E-11 Blaster Rifle x4, DLT-19 Blaster Rifle", x["weapons"])
close("heavy weapon mean (capped at 4)", x["mean_wounds"], mean)
close("heavy weapon wiped", x["p_wiped"], wiped)
close("heavy weapon alone at range 4", c[("a->b", "Stormtroopers", "Rebel Troopers", "range 4", "none")]["mean_wounds"], 2 * red)
# back: the Rebel Troopers now face 5 Stormtroopers (4 + the DLT-19 miniature): 4 black dice, no cap
close("5 minis defending", c[("b->a", "Rebel Troopers", "Stormtroopers", "range 2", "none")]["p_wiped"], 0)

# 3. A cell is the run of its scenario: the same attack written by hand gives the same numbers.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "cell.json")
    with open(path, "w") as f:
        json.dump({"game": "legion", "attack_type": "ranged", "cover": "none",
                   "attacker": {"unit": "stormtroopers", "weapons": [
                       {"name": "E-11 Blaster Rifle", "minis": 4},
                       {"dice": {"red": 2}, "keywords": {"impact": 1}, "minis": 1}]},
                   "defender": {"unit": "rebeltroopers"}}, f)
    r = json.loads(run("run", path, "--format", "json").stdout)
    close("cell = run", x["mean_wounds"], r["damage"]["mean"])

# 4. The real exports: Monte Carlo within 5 standard errors of exact wherever both armed the same
# way; the text, CSV and chart forms; threads change nothing.
exact = cells(matchup(*TTA, "--tokens", "aim,dodge"))
mc = cells(matchup(*TTA, "--tokens", "aim,dodge", "--trials", "4000", "--seed", "3"))
compared = 0
for k, e in exact.items():
    m = mc[k]
    if e.get("computed") and m.get("computed") and e["weapons"] == m["weapons"]:
        compared += 1
        se = m["mean_wounds_stderr"]
        check(f"mc {k}", abs(m["mean_wounds"] - e["mean_wounds"]) <= 5 * se + 1e-12, f"{m['mean_wounds']} vs {e['mean_wounds']} ± {se}")
check("mc compared many cells", compared > 200, str(compared))
one = run("matchup", *TTA, "--trials", "1000", "--seed", "5", "--threads", "1", "--format", "json").stdout
two = run("matchup", *TTA, "--trials", "1000", "--seed", "5", "--threads", "2", "--format", "json").stdout
check("threads 1 = 2", one == two)
text = run("matchup", *TTA).stdout
check("text header", "Legion matchup, rules legion-2026, policy per-attack, exact; data 2026-07-30" in text)
check("text groups alike units", "ARC Troopers ×3" in text, text[:2000])
check("text assumptions", "assumptions: each unit attacks once" in text)
# Clone Captain Rex is one miniature of 6 wounds: a table of miniatures defeated, which for him is P(wiped)
check("text defeated table", "A attacks B: miniatures defeated by one attack (mean), where a miniature takes more" in text)
rex = exact[("a->b", "Darth Vader", "Clone Captain Rex", "melee", "none (melee)")]
close("one miniature: defeated = P(wiped)", rex["defeated_mean"], rex["p_wiped"])
check("Darth Vader's side gets the table too", "B attacks A: miniatures defeated" in text)
one_wound = run("matchup", EMPIRE + "1ay0000", REBELS + "1ah0000").stdout
check("1-wound miniatures: no table (their wounds are their miniatures)", "miniatures defeated" not in one_wound)
csv = run("matchup", *TTA, "--format", "csv").stdout.splitlines()
check("csv header", csv[0].startswith("direction,attacker,attacker_count,defender,defender_count,band,cover,weapons,"))
check("csv rows", len(csv) - 1 == sum(1 for x in exact.values() if x.get("computed")), str(len(csv)))
with tempfile.TemporaryDirectory() as tmp:
    gp = os.path.join(tmp, "m.gp")
    run("matchup", *TTA, "--plot", gp, "--band", "melee")
    body = open(gp).read()
    check("chart", "who hurts whom" in body and "in melee" not in body and "melee" in body)

# A Legion HQ text export is an army too (matchup tells armies from X-Wing squads by their content).
text = run("matchup", os.path.join(HERE, "legion-hq-empire-minimal.txt"), TTA[1]).stdout
check("text export", "(Legion HQ minimal text, faction empire (assumed: its units'), 6 units)" in text, text[:600])

# A file holding one Legion HQ link (as the web page writes a pasted link) reads as the link.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "army.txt")
    with open(path, "w") as f:
        f.write("  " + EMPIRE + "1ayejex00,2ay0000\r\n\n")
    by_file = run("army", path).stdout.split("\n", 1)
    by_link = run("army", EMPIRE + "1ayejex00,2ay0000").stdout.split("\n", 1)
    check("a file holding a link", by_file[1] == by_link[1] and "Legion HQ link" in by_file[0], by_file[0])
    with open(path, "w") as f:
        f.write(EMPIRE + "1ayejex00 and more words\n")
    p = subprocess.run([BIN, "army", path], capture_output=True, text=True)
    check("a link with more text is not a link", p.returncode == 2 and not p.stdout, p.stderr)

# 5. Bad input: one message on stderr, exit 2, nothing on stdout.
for args, want in ((("matchup", EMPIRE + "1ay0000", REBELS + "1zz0000"), "neverodds: link: segment[0]: unknown unit id"),
                   (("matchup", EMPIRE + "1ay0000", REBELS + "1ah0000", "--band", "7"), "neverodds: --band: expected melee or a range"),
                   (("matchup", EMPIRE + "1ay0000", REBELS + "1ah0000", "--tokens", "focus"), "neverodds: --tokens: expected aim, dodge, surge"),
                   (("matchup", EMPIRE + "1ay0000", REBELS + "1ah0000", "--cover", "dense"), "neverodds: --cover: expected none, light or heavy"),
                   (("matchup", EMPIRE + "1ay0000"), "neverodds: matchup: expected two armies")):
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    check(f"error {args[-1]}", p.returncode == 2 and not p.stdout and p.stderr.startswith(want), p.stderr)

print(f"army matchup: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
