#!/usr/bin/env python3
"""`BIN battle` (with the damage deck) against the deck oracle, case by case.

Usage: python3 tests/battle/deck/compare.py BIN [--battles N] [--bin-trials N] [--jobs J]
                                             [--big-battles N] [--cases GLOB] [--z Z]

For each tests/battle/deck/cases/*.json it runs
    BIN battle CASE --trials 400000 --seed 7 --format json --threads 2
and deck_oracle.py's Monte Carlo (--battles per case, default 50000, split in chunks over
--jobs processes, default 2; a case with a side whose hulls sum above 33, where the deck
can run out, gets min(--battles, --big-battles = 30000): those battles are long), then checks every figure (p_a_wins, p_b_wins,
p_both_destroyed, p_unresolved, rounds_mean, and each ship's survival at the last round)
(the oracle with --strict-tokens: the rules' reading of the evade token and the lock, which the
engine follows) within Z (default 5) combined standard errors sqrt(se_bin^2 + se_oracle^2):
  se_oracle from the oracle's own sample;
  se_bin = sqrt(p (1 - p) / trials) from BIN's figure p for a probability, and the oracle's
  sample standard deviation / sqrt(trials) for rounds_mean.
Prints each case's figures side by side; exits 1 on any failure.
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import deck_oracle  # noqa: E402

TOP = ("p_a_wins", "p_b_wins", "p_both_destroyed", "p_unresolved", "rounds_mean")


def run_bin(binary, case_path, trials):
    cmd = [binary, "battle", case_path, "--trials", str(trials), "--seed", "7",
           "--format", "json", "--threads", "2"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit("%s: exit %d: %s" % (" ".join(cmd), out.returncode, out.stderr))
    return json.loads(out.stdout)


def bin_figures(report):
    """BIN's JSON report -> {figure: value} (survival at the last round)."""
    fig = {k: float(report[k]) for k in TOP}
    if len(report["sides"]) != 2:
        raise ValueError("report has %d sides" % len(report["sides"]))
    for key, side in zip("ab", report["sides"]):
        for s in side["ships"]:
            fig["survival.%s.%s" % (key, s["name"])] = float(s["survival"]["by_round"][-1])
    # how often a deck ran out (L530-L531): reported for a side whose deck may, else none can
    fig["p_reshuffled"] = float(report.get("p_reshuffled", 0))
    return fig


def oracle_chunk(args):
    path, n, seed = args
    with open(path) as fh:
        case = json.load(fh)
    # the tokens as the rules read them (strict): an evade token changes a focus or blank die (L901),
    # a lock rerolls one or more dice (L1028); so neverodds's engine spends them
    return path, deck_oracle.simulate(case, n, seed, strict=True)


def big_case(path):
    """A side's hulls sum above 33: its deck can run out (the oracle's reshuffle mode)."""
    with open(path) as fh:
        case = json.load(fh)
    return any(sum(int(s["hull"]) for s in case[side]) > 33 for side in ("a", "b"))


def oracle_figures(summary):
    fig = {k: tuple(summary[k]) for k in TOP}
    for side in ("a", "b"):
        for name, v in summary["survival"][side].items():
            fig["survival.%s.%s" % (side, name)] = tuple(v)
    fig["p_reshuffled"] = tuple(summary["p_reshuffled"])
    return fig


def compare(bfig, ofig, n_oracle, n_bin, z_max):
    """Rows (figure, bin, oracle, diff, combined se, z, ok)."""
    rows = []
    for k in sorted(set(bfig) | set(ofig), key=lambda k: (k not in TOP, k)):
        if k not in bfig or k not in ofig:
            rows.append((k, bfig.get(k), ofig.get(k, (None,))[0], None, None, None, False))
            continue
        b = bfig[k]
        o, se_o = ofig[k]
        if k == "rounds_mean":
            se_b = se_o * math.sqrt(n_oracle / n_bin)
        else:
            se_b = math.sqrt(max(0.0, b * (1 - b)) / n_bin)
        se = math.sqrt(se_b ** 2 + se_o ** 2)
        d = b - o
        z = abs(d) / se if se > 0 else (0.0 if d == 0 else float("inf"))
        rows.append((k, b, o, d, se, z, z <= z_max))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--battles", type=int, default=50000, help="oracle battles per case")
    ap.add_argument("--bin-trials", type=int, default=400000, help="BIN's --trials")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=12500)
    ap.add_argument("--big-battles", type=int, default=30000,
                    help="oracle battles cap for a case whose hulls sum above 33")
    ap.add_argument("--cases", default=os.path.join(HERE, "cases", "*.json"))
    ap.add_argument("--z", type=float, default=5.0)
    args = ap.parse_args(argv)
    cases = sorted(glob.glob(args.cases))
    if not cases:
        raise SystemExit("no cases match %s" % args.cases)
    t0 = time.time()
    reports = {}
    for path in cases:                       # BIN first (it uses both cores itself)
        reports[path] = bin_figures(run_bin(args.binary, path, args.bin_trials))
    t_bin = time.time() - t0
    tasks = []
    for path in cases:
        left, i = args.battles, 0
        if big_case(path):
            left = min(args.battles, args.big_battles)
        while left > 0:
            n = min(args.chunk, left)
            tasks.append((path, n, "7:%s:%d" % (os.path.basename(path), i)))
            left -= n
            i += 1
    parts = {p: [] for p in cases}
    with Pool(args.jobs) as pool:
        for path, acc in pool.imap_unordered(oracle_chunk, tasks):
            parts[path].append(acc)
    t_or = time.time() - t0 - t_bin
    failed = 0
    for path in cases:
        summary = deck_oracle.summarize(deck_oracle.merge(parts[path]))
        rows = compare(reports[path], oracle_figures(summary), summary["battles"],
                       args.bin_trials, args.z)
        bad = [r for r in rows if not r[6]]
        failed += len(bad)
        print("== %s  (%s; BIN %d trials, oracle %d battles; a deck ran out in %.1f%%, L531 %.2f%%)"
              % (os.path.basename(path), "FAIL" if bad else "ok", args.bin_trials,
                 summary["battles"], 100 * summary["p_reshuffled"][0],
                 100 * summary["p_l531"][0]))
        print("   %-28s %10s %10s %10s %9s %6s" % ("figure", "BIN", "oracle", "diff", "comb.se", "z"))
        for k, b, o, d, se, z, ok in rows:
            if d is None:
                print("   %-28s %10s %10s   MISSING on one side" % (k, b, o))
                continue
            print("   %-28s %10.5f %10.5f %+10.5f %9.5f %6.2f%s"
                  % (k, b, o, d, se, z, "" if ok else "  <-- FAIL"))
    print("BIN %.0f s, oracle %.0f s; %d figure(s) failed" % (t_bin, t_or, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
