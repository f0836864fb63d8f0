#!/usr/bin/env python3
"""expected.py — exact Legion wounds for the three ordering-trap scenarios of tests/order/,
computed independently of the C engine (exhaustive enumeration with Fractions).

Each file is run under the official step order (core rules L1400-L1434, digest §1.1) and under
the `neverodds order` variant it is meant to demonstrate (digest §8.2 traps 2, 4, 7).

Faces: shared/rules/dice.md.  Attack d8 (blank/hit/crit/surge): red 1/5/1/1, black 3/3/1/1,
white 5/1/1/1.  Defense d6 (blank/block/surge): white 4/1/1, red 2/3/1.

Decisions are taken at every choice point by expectimax: the attacker maximises and the defender
minimises the expected wounds; the distribution printed is the one of the chosen decisions. A tie
in expectation between options with different distributions is reported (none occurs here).

Usage:  python3 expected.py            print mean and pmf, fractions and decimals
        python3 expected.py --check    also compare the official order with
                                       ../../neverodds run FILE --format json (exit 1 on mismatch)
        python3 expected.py --json     the numbers as JSON (fractions as strings)
"""
import itertools
import json
import os
import subprocess
import sys
from fractions import Fraction as F

ATTACK = {  # 8 faces each
    "red":   ["blank"] * 1 + ["hit"] * 5 + ["crit"] + ["surge"],
    "black": ["blank"] * 3 + ["hit"] * 3 + ["crit"] + ["surge"],
    "white": ["blank"] * 5 + ["hit"] * 1 + ["crit"] + ["surge"],
}
DEFENSE = {  # 6 faces each
    "white": ["blank"] * 4 + ["block"] + ["surge"],
    "red":   ["blank"] * 2 + ["block"] * 3 + ["surge"],
}

TIES = []


def mean(dist):
    return sum(k * p for k, p in dist.items())


def add_into(acc, dist, p):
    for k, q in dist.items():
        acc[k] = acc.get(k, 0) + p * q


# A state is a dict: "dice": a tuple of (colour, result) per attack die; "aim": aim tokens left;
# "converted": step 4c has run (a die rerolled after that keeps its raw face: a surge on it is
# never converted and counts as a blank); "wounds": set by the last step.
def count(s, result):
    return sum(1 for d in s["dice"] if d[1] == result)


def change(s, frm, to, n):
    """Turns the first n dice showing `frm` into `to` (dice are interchangeable after step 4c)."""
    dice = list(s["dice"])
    for i, (c, r) in enumerate(dice):
        if n and r == frm:
            dice[i] = (c, to)
            n -= 1
    return dict(s, dice=tuple(dice))


def run(steps, i, s):
    """Distribution {wounds: probability} of steps[i:] from state s. A step returns
    ("apply", state), ("chance", [(p, state)...]) or (side, [option...]), where an option is a
    state or a ("chance", [...]) node; the attacker maximises, the defender minimises the mean."""
    if i == len(steps):
        return {s["wounds"]: F(1)}
    kind, out = steps[i](s)
    if kind == "apply":
        return run(steps, i + 1, out)
    if kind == "chance":
        acc = {}
        for p, t in out:
            add_into(acc, run(steps, i + 1, t), p)
        return acc
    best = None
    for opt in out:
        if isinstance(opt, tuple) and opt[0] == "chance":
            d = {}
            for p, t in opt[1]:
                add_into(d, run(steps, i + 1, t), p)
        else:
            d = run(steps, i + 1, opt)
        m = mean(d)
        if best is None or (m > best[0] if kind == "attacker" else m < best[0]):
            best = (m, d)
        elif m == best[0] and d != best[1]:
            TIES.append((steps[i].__name__, kind))
    return best[1]


# ---- steps ----
def roll(colours):
    """The roll (L1553): every face combination, 8^n equally likely."""
    def roll_pool(s):
        return "chance", [(F(1, 8 ** len(colours)), dict(s, dice=tuple(zip(colours, faces))))
                          for faces in itertools.product(*(ATTACK[c] for c in colours))]
    return roll_pool


def aim(per_token=2):
    """4b: one aim token rerolls up to 2 dice, all at once (L1554). Options: keep the token, or
    spend it on any set of 1..2 dice."""
    def aim_reroll(s):
        if s["aim"] == 0:
            return "apply", s
        n = len(s["dice"])
        opts = [s]
        for k in range(1, min(per_token, n) + 1):
            for idx in itertools.combinations(range(n), k):
                outcomes = []
                for faces in itertools.product(*(ATTACK[s["dice"][j][0]] for j in idx)):
                    dice = list(s["dice"])
                    for j, f in zip(idx, faces):
                        # after conversion a rerolled surge stays unconverted: a blank
                        dice[j] = (dice[j][0], "blank" if s["converted"] and f == "surge" else f)
                    outcomes.append((F(1, 8 ** k), dict(s, dice=tuple(dice), aim=s["aim"] - 1)))
                opts.append(("chance", outcomes))
        return "attacker", opts
    return aim_reroll


def convert(chart):
    """4c: every surge becomes the chart's result, a blank without one (L1555)."""
    def convert_surges(s):
        to = chart or "blank"
        return "apply", dict(s, dice=tuple((c, to if r == "surge" else r) for c, r in s["dice"]),
                             converted=True)
    return convert_surges


def cover(level):
    """5c-5d: one white defense die per hit; light cover cancels a hit per block, heavy per block
    or surge (L1583, L1585)."""
    def cover_roll(s):
        hits = count(s, "hit")
        if level == "none" or hits == 0:
            return "apply", s
        out = []
        for faces in itertools.product(DEFENSE["white"], repeat=hits):
            cancels = sum(1 for f in faces if f == "block" or (level == "heavy" and f == "surge"))
            out.append((F(1, 6 ** hits), change(s, "hit", "blank", min(cancels, hits))))
        return "chance", out
    return cover_roll


def impact(x):
    """6, attacker: Impact X turns up to X hits into crits against Armor (L2885)."""
    def impact_hits(s):
        return "attacker", [change(s, "hit", "crit", k) for k in range(min(x, count(s, "hit")) + 1)]
    return impact_hits


def armor(x=None):
    """6, defender: Armor cancels every hit, Armor X up to X hits (L2272, L2276)."""
    def armor_cancels(s):
        h = count(s, "hit") if x is None else min(x, count(s, "hit"))
        return "defender", [change(s, "hit", "blank", k) for k in range(h + 1)]
    return armor_cancels


def defense(die, surge_block, cap):
    """7: one defense die per hit and crit (L1609); a surge is a block only with the chart (L1612).
    9: wounds = hits + crits - blocks (L1628), at most the LOS miniatures' wounds (L1638)."""
    def defend(s):
        results = count(s, "hit") + count(s, "crit")
        out = []
        for faces in itertools.product(DEFENSE[die], repeat=results):
            blocks = sum(1 for f in faces if f == "block" or (surge_block and f == "surge"))
            out.append((F(1, 6 ** results), dict(s, wounds=min(results - blocks, cap))))
        return "chance", out
    return defend


def start(aim_tokens=0):
    return {"dice": (), "aim": aim_tokens, "converted": False, "wounds": 0}


# ---- the scenarios: official order, then the variant ----
DEF = defense("white", False, 6)  # white defense die, no surge chart, 1 mini x 6 wounds
SCENARIOS = [
    ("legion-impact-armor.json", "trap 7", "--swap-window attack-modify", start(),
     [roll(["red", "red"]), convert(None), cover("none"), impact(1), armor(), DEF],
     [roll(["red", "red"]), convert(None), cover("none"), armor(), impact(1), DEF]),
    ("legion-reroll-convert.json", "trap 2", "--variant convert-before-reroll", start(1),
     [roll(["white", "white"]), aim(), convert("hit"), cover("none"), DEF],
     [roll(["white", "white"]), convert("hit"), aim(), cover("none"), DEF]),
    ("legion-cover-impact.json", "trap 4", "--variant modify-before-cover", start(),
     [roll(["red"] * 3), convert(None), cover("light"), impact(1), armor(1), DEF],
     [roll(["red"] * 3), convert(None), impact(1), armor(1), cover("light"), DEF]),
]


def solve(steps, s0):
    return run(steps, 0, s0)


def pmf_list(dist):
    top = max(k for k, p in dist.items() if p)
    return [dist.get(k, F(0)) for k in range(top + 1)]


def fmt(x):
    return f"{str(x):>12} = {float(x):.10f}"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    check = "--check" in sys.argv
    as_json = "--json" in sys.argv
    binary = os.path.join(here, "..", "..", "neverodds")
    bad = 0
    report = {}
    for fname, trap, flag, s0, official, variant in SCENARIOS:
        report[fname] = {}
        if not as_json:
            print(f"== {fname} ({trap})")
        for label, steps in (("official", official), (flag, variant)):
            d = solve(steps, s0)
            pmf = pmf_list(d)
            m = mean(d)
            at_least = [sum(pmf[k:]) for k in range(len(pmf))]
            report[fname][label] = {"mean": str(m), "pmf": [str(p) for p in pmf],
                                    "at_least": [str(p) for p in at_least]}
            if as_json:
                continue
            print(f"  {label}")
            print(f"    mean  {fmt(m)}")
            for k, p in enumerate(pmf):
                print(f"    P(={k}) {fmt(p)}    P(>={k}) {fmt(at_least[k])}")
            if check and label == "official":
                out = subprocess.run([binary, "run", os.path.join(here, fname), "--format", "json"],
                                     capture_output=True, text=True, check=True)
                dmg = json.loads(out.stdout)["damage"]
                ok = abs(dmg["mean"] - float(m)) < 1e-12 and len(dmg["pmf"]) == len(pmf) and \
                    all(abs(a - float(b)) < 1e-12 for a, b in zip(dmg["pmf"], pmf))
                bad += not ok
                print(f"    neverodds run: mean {dmg['mean']!r} pmf {dmg['pmf']} -> "
                      f"{'AGREES' if ok else 'DISAGREES'}")
    if as_json:
        print(json.dumps(report, indent=2))
    if TIES:
        print("ties between options with different distributions:", sorted(set(TIES)), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
