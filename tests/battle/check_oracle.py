#!/usr/bin/env python3
"""Checks for oracle.py: hand-worked closed forms, exact structural identities,
the expected/ files, and an independent Monte Carlo simulation.

Usage: python3 check_oracle.py [--battles N]   (default 200000 per case)
Prints one line per check; exits 1 if any check fails.
"""
import argparse
import glob
import json
import math
import os
import random
import sys
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle  # noqa: E402

FAILURES = []


def check(name, ok, detail=""):
    print("%s  %s%s" % ("PASS" if ok else "FAIL", name, ("  " + detail) if detail else ""))
    if not ok:
        FAILURES.append(name)


def ship(name, ini, att, agi, hull, shields=0, points=10):
    return {"name": name, "initiative": ini, "attack": att, "agility": agi,
            "hull": hull, "shields": shields, "points": points}


def load(path):
    with open(path) as f:
        return json.load(f)


# ---------------------------------------------------------------- (a) by hand
def hand_checks():
    R = 6
    q = F(1, 4) ** R
    # H1. One red die vs agility 0, hull 1, equal initiative, range 2.
    # P(a die kills) = (3 hit + 1 crit)/8 = 1/2, independently for each side.
    # Both fire every round (simultaneous fire), so per round:
    # a only 1/4, b only 1/4, both 1/4, neither 1/4 (battle goes on).
    # P(a wins) = sum_{k<R} (1/4)^k * 1/4 = (1 - 4^-R)/3 = P(b wins) = P(both);
    # P(unresolved) = 4^-R; E[rounds] = sum_{k<R} 4^-k = (4/3)(1 - 4^-R);
    # P(a1 alive after round k) = 4^-k (unresolved) + (1 - 4^-k)/3 (a won).
    case = load(os.path.join(HERE, "cases", "01_hand_1die_equal_init.json"))
    assert case["rounds"] == R
    res = oracle.solve(case, exact=True)
    third = (1 - q) / 3
    check("hand H1 equal init: P(a)=P(b)=P(both)=(1-4^-6)/3=1365/4096",
          res["p_a_wins"] == third and res["p_b_wins"] == third
          and res["p_both_destroyed"] == third and res["p_unresolved"] == q,
          "got %s %s %s %s" % (res["p_a_wins"], res["p_b_wins"],
                               res["p_both_destroyed"], res["p_unresolved"]))
    check("hand H1 rounds_mean = (4/3)(1-4^-6)", res["rounds_mean"] == F(4, 3) * (1 - q))
    ks = range(1, R + 1)
    check("hand H1 resolved_by_round = 1-4^-k",
          res["resolved_by_round"] == [1 - F(1, 4) ** k for k in ks])
    surv = [F(1, 4) ** k + (1 - F(1, 4) ** k) / 3 for k in ks]
    check("hand H1 survival = 4^-k + (1-4^-k)/3, points = 10*(1-survival)",
          res["survival"]["a"]["a1"] == surv and res["survival"]["b"]["b1"] == surv
          and res["points_destroyed_mean"]["a"] == [10 * (1 - s) for s in surv])

    # H2. Same ships, a at initiative 5, b at 4: a fires first and a kill removes b
    # before it fires. Per round: a 1/2, b 1/2*1/2 = 1/4, neither 1/4.
    c2 = {"a": [ship("a1", 5, 1, 0, 1)], "b": [ship("b1", 4, 1, 0, 1)],
          "range": 2, "rounds": R, "first_player": "b"}
    res = oracle.solve(c2, exact=True)
    check("hand H2 init 5 vs 4: P(a)=(2/3)(1-4^-6), P(b)=(1/3)(1-4^-6), P(both)=0",
          res["p_a_wins"] == F(2, 3) * (1 - q) and res["p_b_wins"] == F(1, 3) * (1 - q)
          and res["p_both_destroyed"] == 0 and res["p_unresolved"] == q)

    # H3. Range {1: 1/2, 3: 1/2}, drawn once per round for both shots.
    # Range 1: 2 attack dice vs 0: kill = 1-(1/2)^2 = 3/4.
    # Range 3: 1 attack die vs 1 defense die: kill = 1/2 * 5/8 = 5/16.
    # Per round: w_a = sum_r P(r) k_r (1-k_r) = 103/512, w_both = 169/512,
    # w_none = 137/512; P(a wins) = w_a (1 - w_none^R) / (1 - w_none).
    c3 = {"a": [ship("a1", 2, 1, 0, 1)], "b": [ship("b1", 2, 1, 0, 1)],
          "range": {"1": "1/2", "3": "1/2"}, "rounds": R, "first_player": "a"}
    res = oracle.solve(c3, exact=True)
    k1, k3 = F(3, 4), F(5, 16)
    wa = (k1 * (1 - k1) + k3 * (1 - k3)) / 2
    wboth = (k1 * k1 + k3 * k3) / 2
    wnone = ((1 - k1) ** 2 + (1 - k3) ** 2) / 2
    assert (wa, wboth, wnone) == (F(103, 512), F(169, 512), F(137, 512))
    geo = (1 - wnone ** R) / (1 - wnone)
    check("hand H3 range mix: P(a)=P(b)=(103/512)g, P(both)=(169/512)g, g=(1-(137/512)^6)/(375/512)",
          res["p_a_wins"] == wa * geo and res["p_b_wins"] == wa * geo
          and res["p_both_destroyed"] == wboth * geo and res["p_unresolved"] == wnone ** R)

    # H4. Targeting by kill probability beats fewest hull left. 3 dice at range 2:
    # dodger (agility 5, hull 1): kill = P(S-E >= 1), S~Bin(3,1/2), E~Bin(5,3/8)
    #   = 3/8*3125/32768 + 3/8*12500/32768 + 1/8*23750/32768 = 70625/262144 ~ 0.27;
    # brick (agility 0, hull 2): kill = P(S >= 2) = 1/2. So brick is shot.
    c4 = {"a": [ship("gun", 5, 3, 0, 9)],
          "b": [ship("dodger", 1, 0, 5, 1), ship("brick", 1, 0, 0, 2)],
          "range": 2, "rounds": 1, "first_player": "a"}
    assert mc_kill_prob(3, 5, 1) == F(70625, 262144)
    res = oracle.solve(c4, exact=True)
    check("hand H4 target = highest kill prob: survival dodger 1, brick 1/2",
          res["survival"]["b"]["dodger"] == [1] and res["survival"]["b"]["brick"] == [F(1, 2)])

    # H5. Equal kill probability (0 and 0) -> fewest shields+hull left (b2, listed 2nd).
    # Round 2: b2 has 1 left w.p. 1/2 (kill 1/2) or 2 left (tie at 0, fewer than 3).
    c5 = {"a": [ship("gun", 5, 1, 0, 9)],
          "b": [ship("b1", 1, 0, 0, 3), ship("b2", 1, 0, 0, 2)],
          "range": 2, "rounds": 2, "first_player": "a"}
    res = oracle.solve(c5, exact=True)
    check("hand H5 tie -> fewest left: survival b2 = [1, 3/4], b1 = [1, 1]",
          res["survival"]["b"]["b2"] == [1, F(3, 4)] and res["survival"]["b"]["b1"] == [1, 1])

    # H6. Full tie -> listed order; a destroyed (not yet removed) ship is no target.
    # a1 shoots b1; if b1 died, a2 shoots b2, else b1 again.
    c6 = {"a": [ship("a1", 5, 1, 0, 1), ship("a2", 5, 1, 0, 1)],
          "b": [ship("b1", 1, 0, 0, 1), ship("b2", 1, 0, 0, 1)],
          "range": 2, "rounds": 1, "first_player": "a"}
    res = oracle.solve(c6, exact=True)
    check("hand H6 listed order + skip destroyed: survival b1 1/4, b2 3/4, P(a)=1/4",
          res["survival"]["b"]["b1"] == [F(1, 4)] and res["survival"]["b"]["b2"] == [F(3, 4)]
          and res["p_a_wins"] == F(1, 4) and res["p_unresolved"] == F(3, 4))

    # H7. Removal between initiative steps: b1 (init 3, first player) and a1 (init 3)
    # trade fire; if a1 died it is gone before b2 (init 2) fires. P(b)=1/2+1/4.
    c7 = {"a": [ship("a1", 3, 1, 0, 1)],
          "b": [ship("b1", 3, 1, 0, 1), ship("b2", 2, 1, 0, 1)],
          "range": 2, "rounds": 1, "first_player": "b"}
    res = oracle.solve(c7, exact=True)
    check("hand H7 P(b wins) = 3/4, survival b1 = 1/2, b2 = 1",
          res["p_b_wins"] == F(3, 4) and res["p_a_wins"] == 0
          and res["survival"]["b"]["b1"] == [F(1, 2)] and res["survival"]["b"]["b2"] == [1])


# ----------------------------------------------------------- (c) structural
def structural_checks(cases):
    sym = oracle.solve(load(cases["02_1v1_identical"]), exact=True)
    check("symmetric 02: P(a wins) == P(b wins) exactly (fractions)",
          sym["p_a_wins"] == sym["p_b_wins"],
          "%.17g" % float(sym["p_a_wins"]))
    check("symmetric 02: survival a == survival b exactly",
          sym["survival"]["a"]["x1"] == sym["survival"]["b"]["x2"])
    # Same two ships, initiative 5 vs 2 (03): b kills a without being killed in the
    # same round in exactly the same events; every mutual kill becomes an a win.
    ini = oracle.solve(load(cases["03_1v1_initiative"]), exact=True)
    check("initiative 03 vs 02: P_b equal, P_a(03) = P_a(02) + P_both(02) exactly",
          ini["p_b_wins"] == sym["p_b_wins"]
          and ini["p_a_wins"] == sym["p_a_wins"] + sym["p_both_destroyed"]
          and ini["p_both_destroyed"] == 0)
    for name, path in sorted(cases.items()):
        res = oracle.solve(load(path))
        total = res["p_a_wins"] + res["p_b_wins"] + res["p_both_destroyed"] + res["p_unresolved"]
        rb = res["resolved_by_round"]
        mono = all(x <= y + 1e-15 for x, y in zip(rb, rb[1:]))
        check("%s: probabilities sum to 1 (|err| %.1e), resolved_by_round monotone"
              % (name, abs(total - 1)), abs(total - 1) <= 1e-12 and mono
              and abs(rb[-1] - (1 - res["p_unresolved"])) <= 1e-12)
        with open(os.path.join(HERE, "expected", name + ".json")) as f:
            exp = json.load(f)
        check("%s: expected/%s.json matches the oracle" % (name, name),
              exp == json.loads(json.dumps(res)))


# ------------------------------------------------ (b) independent Monte Carlo
# Written without the oracle's code: dice are rolled face by face, and the
# targeting kill probability comes from a per-die convolution, not multinomials.
RED = ["hit"] * 3 + ["crit"] + ["focus"] * 2 + ["blank"] * 2
GREEN = ["evade"] * 3 + ["focus"] * 2 + ["blank"] * 3
_KP = {}


def mc_kill_prob(n_att, n_def, left):
    """Exact P(uncancelled hits+crits >= left): convolve per-die net results."""
    key = (n_att, n_def, left)
    if key not in _KP:
        net = {0: F(1)}
        for step, p, n in ((1, F(4, 8), n_att), (-1, F(3, 8), n_def)):
            for _ in range(n):
                new = {}
                for v, pv in net.items():
                    new[v + step] = new.get(v + step, 0) + pv * p
                    new[v] = new.get(v, 0) + pv * (1 - p)
                net = new
        _KP[key] = sum((p for v, p in net.items() if max(v, 0) >= left), F(0))
    return _KP[key]


def simulate(case, n, seed):
    rng = random.Random(seed)
    first = case.get("first_player", "a")
    order_sides = [first, "b" if first == "a" else "a"]
    rr = case.get("range", 2)
    rdist = [(int(k), float(F(v) if isinstance(v, str) else v)) for k, v in rr.items()] \
        if isinstance(rr, dict) else [(int(rr), 1.0)]
    squads = {s: [dict(x, side=s, pos=i, hp=x["hull"] + x.get("shields", 0))
                  for i, x in enumerate(case[s])] for s in ("a", "b")}
    inits = sorted({x["initiative"] for s in squads.values() for x in s}, reverse=True)
    names = [(s, x["name"]) for s in ("a", "b") for x in squads[s]]
    counts = {"a": 0, "b": 0, "both": 0, "none": 0}
    alive_end = {nm: 0 for nm in names}
    rounds_sum = rounds_sq = 0
    for _ in range(n):
        left = {(s, x["name"]): x["hp"] for s in ("a", "b") for x in squads[s]}
        removed = set()
        played = case["rounds"]
        for rnd in range(1, case["rounds"] + 1):
            u, rng_now = rng.random(), rdist[-1][0]
            for rv, pv in rdist:
                if u < pv:
                    rng_now = rv
                    break
                u -= pv
            over = False
            for ini in inits:
                for side in order_sides:
                    enemy = "b" if side == "a" else "a"
                    for sh in squads[side]:
                        if sh["initiative"] != ini or (side, sh["name"]) in removed:
                            continue
                        na = min(6, sh["attack"] + (rng_now == 1))
                        best = None
                        for e in squads[enemy]:
                            hp = left[enemy, e["name"]]
                            if hp <= 0:
                                continue
                            nd = min(6, e["agility"] + (rng_now == 3))
                            key = (-mc_kill_prob(na, nd, hp), hp, e["pos"])
                            if best is None or key < best[0]:
                                best = (key, e, nd)
                        if best is None:
                            continue
                        _, e, nd = best
                        att = [RED[int(rng.random() * 8)] for _ in range(na)]
                        ev = sum(GREEN[int(rng.random() * 8)] == "evade" for _ in range(nd))
                        hits, crits = att.count("hit"), att.count("crit")
                        c = min(ev, hits)
                        hits, ev = hits - c, ev - c
                        crits -= min(ev, crits)
                        left[enemy, e["name"]] -= hits + crits
                # end of the initiative step: remove destroyed ships
                for nm in names:
                    if left[nm] <= 0:
                        removed.add(nm)
                a_left = any(("a", x["name"]) not in removed for x in squads["a"])
                b_left = any(("b", x["name"]) not in removed for x in squads["b"])
                if not (a_left and b_left):
                    over = True
                    break
            if over:
                played = rnd
                break
        if a_left and b_left:
            counts["none"] += 1
        else:
            counts["a" if a_left else "b" if b_left else "both"] += 1
        rounds_sum += played
        rounds_sq += played * played
        for nm in names:
            alive_end[nm] += nm not in removed
    return counts, alive_end, rounds_sum, rounds_sq


def mc_checks(cases, n):
    for idx, (name, path) in enumerate(sorted(cases.items())):
        case = load(path)
        res = oracle.solve(case)
        counts, alive, rs, rq = simulate(case, n, seed=20240 + idx)
        worst = 0.0
        ok = True
        pairs = [(res["p_a_wins"], counts["a"]), (res["p_b_wins"], counts["b"]),
                 (res["p_both_destroyed"], counts["both"]), (res["p_unresolved"], counts["none"])]
        for p, c in pairs:
            se = math.sqrt(max(p * (1 - p), 0.0) / n)
            z = abs(c / n - p) / se if se > 0 else (0.0 if c / n == p else math.inf)
            worst = max(worst, z)
            ok = ok and z <= 5
        check("MC %s: 4 outcome probabilities within 5 SE (max |z| %.2f, n=%d)"
              % (name, worst, n), ok,
              "oracle %s mc %s" % (["%.5f" % p for p, _ in pairs], ["%.5f" % (c / n) for _, c in pairs]))
        worst = 0.0
        ok = True
        for (side, nm), c in alive.items():
            p = res["survival"][side][nm][-1]
            se = math.sqrt(max(p * (1 - p), 0.0) / n)
            z = abs(c / n - p) / se if se > 0 else (0.0 if c / n == p else math.inf)
            worst, ok = max(worst, z), ok and z <= 5
        mean = rs / n
        var = max(rq / n - mean * mean, 1e-300)
        zr = abs(mean - res["rounds_mean"]) / math.sqrt(var / n)
        check("MC %s: last-round survival of every ship and rounds_mean within 5 SE "
              "(max |z| %.2f, rounds z %.2f)" % (name, worst, zr), ok and zr <= 5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--battles", type=int, default=200000)
    args = ap.parse_args()
    cases = {os.path.basename(p)[:-5]: p
             for p in glob.glob(os.path.join(HERE, "cases", "*.json"))}
    hand_checks()
    structural_checks(cases)
    mc_checks(cases, args.battles)
    print("%d failure(s)" % len(FAILURES) if FAILURES else "all checks passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
