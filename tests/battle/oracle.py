#!/usr/bin/env python3
"""Exact Markov-chain oracle for an X-Wing 2.0 squad-vs-squad "battle".

Usage: python3 oracle.py CASE.json [--fractions]

Plain ships, no tokens, no movement, everyone in arc and range. See README.md
for the rules modelled and the seed lines they come from. Standard library only.
"""
import argparse
import json
import sys
from collections import defaultdict
from fractions import Fraction
from math import factorial

# Dice faces (shared/rules/dice.md): name -> faces out of 8.
ATTACK_DIE = (("hit", 3), ("crit", 1), ("focus", 2), ("blank", 2))
DEFENSE_DIE = (("evade", 3), ("focus", 2), ("blank", 3))
FACES = 8
MAX_DICE = 6          # dice counts are clamped to 0..6 (seed L332, L344, L136-L137)


def compositions(n, k):
    """All k-tuples of non-negative ints summing to n."""
    if k == 1:
        yield (n,)
        return
    for c in range(n + 1):
        for rest in compositions(n - c, k - 1):
            yield (c,) + rest


def roll_distribution(n, die):
    """Exact multinomial distribution of face counts for n dice: [(counts dict, Fraction)]."""
    out = []
    for combo in compositions(n, len(die)):
        coef = factorial(n)
        p = Fraction(1)
        for c, (_, w) in zip(combo, die):
            coef //= factorial(c)
            p *= Fraction(w, FACES) ** c
        out.append((dict(zip((f for f, _ in die), combo)), coef * p))
    return out


_DAMAGE_CACHE = {}


def damage_distribution(n_attack, n_defense):
    """Exact P(damage = d), d = 0..n_attack, for one unmodified attack."""
    key = (n_attack, n_defense)
    if key not in _DAMAGE_CACHE:
        out = [Fraction(0)] * (n_attack + 1)
        for att, pa in roll_distribution(n_attack, ATTACK_DIE):
            for dfn, pd in roll_distribution(n_defense, DEFENSE_DIE):
                evades = dfn["evade"]
                hits = max(0, att["hit"] - evades)          # step 4a: hit/evade pairs first
                evades -= att["hit"] - hits
                crits = max(0, att["crit"] - evades)        # step 4b: then crit/evade pairs
                out[hits + crits] += pa * pd                # step 5: 1 damage per result
        _DAMAGE_CACHE[key] = out
    return _DAMAGE_CACHE[key]


def dice_counts(attacker, defender, rng):
    """Range bonus (seed L1349-L1351): +1 attack die at range 1, +1 defense die at range 3."""
    na = attacker["attack"] + (1 if rng == 1 else 0)
    nd = defender["agility"] + (1 if rng == 3 else 0)
    return max(0, min(MAX_DICE, na)), max(0, min(MAX_DICE, nd))


def parse_prob(x):
    """Exact Fraction from a JSON number or a "p/q" string (0.2 -> 1/5)."""
    return Fraction(x) if isinstance(x, str) else Fraction(repr(x))


def read_ranges(case):
    """The case's "range": a number, or {"1": p, ...} of exact chances summing to 1 (also read by
    deck/deck_oracle.py)."""
    rng = case.get("range", 2)
    if isinstance(rng, dict):
        ranges = sorted((int(k), parse_prob(v)) for k, v in rng.items())
    else:
        ranges = [(int(rng), Fraction(1))]
    if sum(p for _, p in ranges) != 1 or any(p < 0 for _, p in ranges):
        raise ValueError("range distribution must sum to 1")
    if any(r < 0 or r > 3 for r, _ in ranges):
        raise ValueError("range must be 0..3")
    return ranges


def load_case(case):
    ships = []
    for side in ("a", "b"):
        names = set()
        if not case.get(side):
            raise ValueError("squad %s is empty" % side)
        for pos, s in enumerate(case[side]):
            if s["name"] in names:
                raise ValueError("duplicate name %r in squad %s" % (s["name"], side))
            names.add(s["name"])
            ship = {"side": side, "pos": pos, "name": s["name"],
                    "initiative": int(s["initiative"]), "attack": int(s["attack"]),
                    "agility": int(s["agility"]), "hull": int(s["hull"]),
                    "shields": int(s.get("shields", 0)), "points": s.get("points", 0)}
            if ship["hull"] < 1 or ship["shields"] < 0 or ship["attack"] < 0 or ship["agility"] < 0:
                raise ValueError("bad stats for %r" % s["name"])
            ship["health"] = ship["hull"] + ship["shields"]
            ships.append(ship)
    ranges = [(r, p) for r, p in read_ranges(case) if p > 0]
    first = case.get("first_player", "a")
    if first not in ("a", "b"):
        raise ValueError("first_player must be a or b")
    rounds = int(case["rounds"])
    if rounds < 1:
        raise ValueError("rounds must be >= 1")
    return ships, ranges, rounds, first


class Battle:
    def __init__(self, case, exact=False):
        self.ships, ranges, self.rounds, first = load_case(case)
        self.num = Fraction if exact else float
        self.ranges = [(r, self.num(p)) for r, p in ranges]
        self.health = tuple(s["health"] for s in self.ships)
        self.side_idx = {side: [i for i, s in enumerate(self.ships) if s["side"] == side]
                         for side in ("a", "b")}
        second = "b" if first == "a" else "a"
        # Engagement steps (seed L938-L944): initiative high -> low; at equal
        # initiative the first player's ships, then the second's, each in listed order.
        inits = sorted({s["initiative"] for s in self.ships}, reverse=True)
        self.steps = [[i for side in (first, second) for i in self.side_idx[side]
                       if self.ships[i]["initiative"] == ini] for ini in inits]
        self.step_cache = {}
        self.dmg = {}        # (attacker, defender, range) -> [P(damage = d)] in self.num
        self.kill_tail = {}  # (attacker, defender, range) -> exact [P(damage >= k)]
        for i, a in enumerate(self.ships):
            for j, d in enumerate(self.ships):
                if a["side"] == d["side"]:
                    continue
                for r, _ in self.ranges:
                    exact = damage_distribution(*dice_counts(a, d, r))
                    self.dmg[i, j, r] = [(k, self.num(p)) for k, p in enumerate(exact) if p]
                    tail = [sum(exact[k:], Fraction(0)) for k in range(len(exact))]
                    self.kill_tail[i, j, r] = tail

    def kill_prob(self, i, j, r, left):
        tail = self.kill_tail[i, j, r]
        return tail[left] if left < len(tail) else Fraction(0)

    def target(self, i, r, state):
        """Highest exact kill probability, then fewest shields+hull left, then listed order."""
        enemy = "b" if self.ships[i]["side"] == "a" else "a"
        best = None
        for j in self.side_idx[enemy]:
            left = self.health[j] - state[j]
            if left <= 0:
                continue          # destroyed (even if not yet removed): not a target
            key = (-self.kill_prob(i, j, r, left), left, self.ships[j]["pos"])
            if best is None or key < best[0]:
                best = (key, j)
        return None if best is None else best[1]

    def alive(self, state, i):
        return state[i] < self.health[i]

    def resolved(self, state):
        return not all(any(self.alive(state, i) for i in self.side_idx[s]) for s in ("a", "b"))

    def step(self, si, r, state):
        """Distribution after initiative step si at range r; removal happens at its end."""
        key = (si, r, state)
        if key in self.step_cache:
            return self.step_cache[key]
        # Ships alive at the start of the step all engage (simultaneous fire, seed L1554-L1556).
        attackers = [i for i in self.steps[si] if self.alive(state, i)]
        dist = {state: self.num(1)}
        for i in attackers:
            nxt = defaultdict(self.num)
            for cur, p in dist.items():
                j = self.target(i, r, cur)
                if j is None:
                    nxt[cur] += p
                    continue
                for d, q in self.dmg[i, j, r]:
                    new = list(cur)
                    new[j] = min(self.health[j], cur[j] + d)
                    nxt[tuple(new)] += p * q
            dist = nxt
        out = list(dist.items())
        self.step_cache[key] = out
        return out

    def run(self):
        zero = self.num(0)
        live = {tuple(0 for _ in self.ships): self.num(1)}
        done = defaultdict(self.num)             # frozen final states of resolved battles
        resolved_in = []
        per_round = []
        for _ in range(self.rounds):
            new_live = defaultdict(self.num)
            res_now = zero
            for r, pr in self.ranges:            # range drawn once per round
                cur = {s: p * pr for s, p in live.items()}
                for si in range(len(self.steps)):
                    nxt = defaultdict(self.num)
                    for s, p in cur.items():
                        for s2, q in self.step(si, r, s):
                            if self.resolved(s2):
                                done[s2] += p * q
                                res_now += p * q
                            else:
                                nxt[s2] += p * q
                    cur = nxt
                for s, p in cur.items():
                    new_live[s] += p
            live = new_live
            resolved_in.append(res_now)
            per_round.append(self.snapshot(live, done))
        return self.report(live, done, resolved_in, per_round)

    def snapshot(self, live, done):
        alive = [self.num(0) for _ in self.ships]
        lost_points = {"a": self.num(0), "b": self.num(0)}
        for dist in (live, done):
            for s, p in dist.items():
                for i, sh in enumerate(self.ships):
                    if self.alive(s, i):
                        alive[i] += p
                    else:
                        lost_points[sh["side"]] += p * self.num(parse_prob(sh["points"]))
        return sum(done.values(), self.num(0)), alive, lost_points

    def report(self, live, done, resolved_in, per_round):
        z = self.num(0)
        outcome = {"a": z, "b": z, "both": z}
        for s, p in done.items():
            a_alive = any(self.alive(s, i) for i in self.side_idx["a"])
            b_alive = any(self.alive(s, i) for i in self.side_idx["b"])
            outcome["a" if a_alive else "b" if b_alive else "both"] += p
        unresolved = sum(live.values(), z)
        total = outcome["a"] + outcome["b"] + outcome["both"] + unresolved
        if abs(total - 1) > (0 if self.num is Fraction else 1e-12):
            raise AssertionError("probabilities sum to %r, not 1" % total)
        rounds_mean = sum(((k + 1) * p for k, p in enumerate(resolved_in)), z) \
            + self.rounds * unresolved
        survival = {"a": {}, "b": {}}
        for i, sh in enumerate(self.ships):
            survival[sh["side"]][sh["name"]] = [pr[1][i] for pr in per_round]
        return {
            "p_a_wins": outcome["a"], "p_b_wins": outcome["b"],
            "p_both_destroyed": outcome["both"], "p_unresolved": unresolved,
            "rounds_mean": rounds_mean,
            "resolved_by_round": [pr[0] for pr in per_round],
            "survival": survival,
            "survivors_mean": {side: [sum((pr[1][i] for i in self.side_idx[side]), z)
                                      for pr in per_round] for side in ("a", "b")},
            "points_destroyed_mean": {side: [pr[2][side] for pr in per_round]
                                      for side in ("a", "b")},
        }


def solve(case, exact=False):
    return Battle(case, exact).run()


def to_json(obj):
    if isinstance(obj, Fraction):
        return "%d/%d" % (obj.numerator, obj.denominator)
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [to_json(v) for v in obj]
    return obj


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case")
    ap.add_argument("--fractions", action="store_true",
                    help="exact rational arithmetic; probabilities printed as \"p/q\"")
    args = ap.parse_args(argv)
    with open(args.case) as f:
        case = json.load(f)
    try:
        result = solve(case, exact=args.fractions)
    except (ValueError, KeyError, AssertionError) as e:
        print("oracle: %s" % e, file=sys.stderr)
        return 1
    json.dump(to_json(result), sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
