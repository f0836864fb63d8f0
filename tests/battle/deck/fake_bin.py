#!/usr/bin/env python3
"""A stand-in for `BIN battle` to test compare.py's parsing and statistics (NOT a reference).

    fake_bin.py battle CASE --trials N --seed S --format json --threads T

Runs deck_oracle.py on CASE with another seed and prints the figures in the simulator's
JSON report shape: top-level p_a_wins, p_b_wins, p_both_destroyed, p_unresolved,
rounds_mean and p_reshuffled (numbers), a few extra keys compare.py must ignore, and `sides`: two objects
with `ships`: [{"name", "survival": {"by_round": [...]}}] (only the last round is real;
earlier rounds are filled with 1.0, which compare.py does not read).
FAKE_MODE=strict uses the --strict-tokens readings; FAKE_MODE=bias adds 0.04 to p_a_wins
(both should make compare.py fail, showing it can).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import deck_oracle  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["battle"])
    ap.add_argument("case")
    ap.add_argument("--trials", type=int, required=True)
    ap.add_argument("--seed", required=True)
    ap.add_argument("--format", choices=["json"], required=True)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    mode = os.environ.get("FAKE_MODE", "")
    with open(args.case) as fh:
        case = json.load(fh)
    res = deck_oracle.run_case(case, args.trials, "fake:" + args.seed, mode == "strict")
    out = {k: res[k][0] for k in ("p_a_wins", "p_b_wins", "p_both_destroyed",
                                  "p_unresolved", "rounds_mean")}
    if mode == "bias":
        out["p_a_wins"] += 0.04
    out["p_reshuffled"] = res["p_reshuffled"][0]     # compared by compare.py (cases 09-11)
    out["p_a_wins_se"] = res["p_a_wins"][1]          # extra keys: ignored by compare.py
    out["trials"] = args.trials
    out["sides"] = [{"name": side, "ships": [
        {"name": s["name"], "points": s.get("points", 0),
         "survival": {"by_round": [1.0] * (case["rounds"] - 1)
                      + [res["survival"][side][s["name"]][0]]}}
        for s in case[side]]} for side in ("a", "b")]
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
