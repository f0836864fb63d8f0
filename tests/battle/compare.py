#!/usr/bin/env python3
"""`neverodds battle` against the independent oracle (oracle.py's expected/ outputs).

Usage: python3 tests/battle/compare.py ./neverodds

- exact: every case's outcomes, rounds_mean and every per-round figure (resolved, each ship's
  survival, survivors, points lost) equal the oracle's to 1e-12;
- Monte Carlo (200 000 battles, fixed seed): the outcomes, rounds_mean and each ship's survival at
  the last round within 5 standard errors of the oracle;
- symmetry: a side against itself with the first player rolled each round gives both sides the
  same chance (exactly for case 02; within 5 SE for an XWS squad against itself);
- determinism: the Monte Carlo report is byte-identical on 1 and 2 threads;
- with the damage deck (which the oracle does not model: it deals damage as points, so its cases
  run with --deck off): every case's Monte Carlo outcomes within 5 standard errors of our exact,
  and the exact symmetry of case 02.
"""
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = sys.argv[1] if len(sys.argv) > 1 else "./neverodds"
failures = []
checks = 0


def run(*args):
    out = subprocess.run([BIN, "battle", *args, "--format", "json"], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"neverodds battle {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out.stdout


def check(ok, what):
    global checks
    checks += 1
    if not ok:
        failures.append(what)


def ours(report):
    """Our report in the oracle's shape."""
    flat = {k: report[k] for k in ("p_a_wins", "p_b_wins", "p_both_destroyed", "p_unresolved", "rounds_mean")}
    flat["resolved_by_round"] = report["resolved_by_round"]
    flat["survival"], flat["survivors_mean"], flat["points_destroyed_mean"] = {}, {}, {}
    for key, side in zip("ab", report["sides"]):
        flat["survival"][key] = {s["name"]: s["survival"]["by_round"] for s in side["ships"]}
        flat["survivors_mean"][key] = side["survivors"]["by_round"]
        flat["points_destroyed_mean"][key] = side["points_lost"]["by_round"]
    return flat


def numbers(x, path=""):
    """Every number of a nested report, by path."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from numbers(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from numbers(v, f"{path}[{i}]")
    else:
        yield path, x


deck_cases = []
cases = sorted(f for f in os.listdir(os.path.join(HERE, "cases")) if f.endswith(".json"))
for case in cases:
    path = os.path.join(HERE, "cases", case)
    expected = json.load(open(os.path.join(HERE, "expected", case)))
    got = ours(json.loads(run(path, "--exact", "--deck", "off")))
    want = dict(numbers({k: expected[k] for k in got}))
    have = dict(numbers(got))
    check(set(want) == set(have), f"{case}: the report's figures differ: {sorted(set(want) ^ set(have))[:5]}")
    for k, v in want.items():
        if k in have:
            check(abs(have[k] - v) <= 1e-12, f"{case} exact{k}: {have[k]!r} vs the oracle's {v!r}")

    mc = json.loads(run(path, "--trials", "200000", "--seed", "17", "--deck", "off"))
    n = mc["battles"]
    for k in ("p_a_wins", "p_b_wins", "p_both_destroyed", "p_unresolved"):
        se = mc[k + "_stderr"] or math.sqrt(max(expected[k] * (1 - expected[k]), 1e-12) / n)
        check(abs(mc[k] - expected[k]) <= 5 * se, f"{case} Monte Carlo {k}: {mc[k]} vs {expected[k]} (SE {se})")
    se = mc["rounds_mean_stderr"]
    check(abs(mc["rounds_mean"] - expected["rounds_mean"]) <= 5 * se,
          f"{case} Monte Carlo rounds_mean: {mc['rounds_mean']} vs {expected['rounds_mean']} (SE {se})")
    for key, side in zip("ab", mc["sides"]):
        for s in side["ships"]:
            p, se = s["survival"]["by_round"][-1], s["survival"]["stderr"][-1]
            want_p = expected["survival"][key][s["name"]][-1]
            se = se or math.sqrt(max(want_p * (1 - want_p), 1e-12) / n)
            check(abs(p - want_p) <= 5 * se, f"{case} Monte Carlo survival {s['name']}: {p} vs {want_p} (SE {se})")

    # the damage deck: Monte Carlo against exact (the cards drawn by sampling, and by branching)
    ex = json.loads(run(path))
    check(ex["damage_deck"], f"{case}: the deck is on by default")
    if ex["method"] != "exact":  # too large with the deck (3 v 3, a range drawn each round)
        continue
    deck_cases.append(case)
    mc = json.loads(run(path, "--trials", "200000", "--seed", "23"))
    for k in ("p_a_wins", "p_b_wins", "p_both_destroyed", "rounds_mean"):
        se = mc[k + "_stderr"] or math.sqrt(max(ex[k] * (1 - ex[k]), 1e-12) / n)
        check(abs(mc[k] - ex[k]) <= 5 * se, f"{case} deck, Monte Carlo {k}: {mc[k]} vs exact {ex[k]} (SE {se})")

# symmetry: case 02 (two identical ships) with the first player rolled each round
sym = json.loads(run(os.path.join(HERE, "cases", "02_1v1_identical.json"), "--first", "rolled", "--exact"))
check(abs(sym["p_a_wins"] - sym["p_b_wins"]) <= 1e-12, f"symmetry exact: {sym['p_a_wins']} vs {sym['p_b_wins']}")
sym = json.loads(run(os.path.join(HERE, "cases", "02_1v1_identical.json"), "--first", "rolled", "--exact", "--deck", "off"))
check(abs(sym["p_a_wins"] - sym["p_b_wins"]) <= 1e-12, f"symmetry exact, no deck: {sym['p_a_wins']} vs {sym['p_b_wins']}")
rebels = os.path.join(ROOT, "profiles", "xwing", "squads", "rebels.xws")
sym = json.loads(run(rebels, rebels, "--trials", "200000", "--seed", "5"))
pa, pb, n = sym["p_a_wins"], sym["p_b_wins"], sym["battles"]
se = math.sqrt((pa + pb - (pa - pb) ** 2) / n)  # of the difference of two shares of one sample
check(abs(pa - pb) <= 5 * se, f"symmetry, rebels against rebels: {pa} vs {pb} (SE of the difference {se})")

# determinism over threads
one = run(rebels, os.path.join(ROOT, "profiles", "xwing", "squads", "resistance.xws"), "--trials", "100000", "--threads", "1")
two = run(rebels, os.path.join(ROOT, "profiles", "xwing", "squads", "resistance.xws"), "--trials", "100000", "--threads", "2")
check(one == two, "the Monte Carlo report differs on 1 and 2 threads")

for f in failures[:40]:
    print("FAIL:", f)
check(len(deck_cases) >= 4, f"exact with the deck on only {deck_cases}")
print(f"battle: {checks - len(failures)}/{checks} checks passed over {len(cases)} oracle cases "
      f"({len(deck_cases)} of them exact with the deck too)")
sys.exit(1 if failures else 0)
