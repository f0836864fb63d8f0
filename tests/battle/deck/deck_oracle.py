#!/usr/bin/env python3
"""Monte Carlo oracle for an X-Wing 2.0 battle of plain ships WITH the damage deck.

Usage:
  python3 deck_oracle.py CASE.json [--battles N] [--seed S] [--strict-tokens]
  python3 deck_oracle.py --self-test [--battles N]

Independent of the simulator's C code: written from the seed rules
(shared/seeds/000_1d63b3a51872ba9e.txt, cited as L<line>), shared/rules/dice.md and the
card texts of xwing-data2 damage-decks/core.json, following the rulings listed in
README.md (in this directory). Standard library only.

Face-up cards with an effect: Direct Hit!, Panicked Pilot, Fuel Leak, Hull Breach, Console Fire,
Structural Damage, Damaged Sensor Array, Disabled Power Regulator, Wounded Pilot, and (while the
ship attacks) Weapons Failure (1 fewer attack die each, before the 0..6 clamp) and Blinded Pilot
(no attack-dice modification: the attacker's focus and lock are neither used nor spent). Damaged
Engine, Loose Stabilizer and Stunned Pilot have none here. No card is ever repaired by an action.

Extra case keys, for tests only (the simulator does not read them):
  "stack_a" / "stack_b": a list of card titles = the first cards of that side's deck, in
      order; the rest of the 33 cards follows in random order.
  "preset_a" / "preset_b": {"SHIP": {"face_up": [titles], "face_down": [titles],
      "stress": n, "ion": n, "lock": bool, "shields": n}} = the ship's state before round 1.
      Preset cards are taken out of that side's deck (a real card is moved to the ship);
      a preset face-up card is already in play (its "when dealt" effect is not applied).
  "deck_size_a" / "deck_size_b": N = that side's deck is only the first N cards of what it
      would otherwise be (the stack, then the shuffled rest); the other cards are out of the
      game. It also puts the side in reshuffle mode (below), so tiny cases can run out.

Reshuffle mode (a side whose hulls sum above 33, or with "deck_size_<side>"): every point of
damage not absorbed by a shield takes a card, even after the ship is destroyed (L657, the
extra cards have no effect), and an empty deck is rebuilt by L530 (the side's destroyed
ships' cards) or, if those hold none, L531 (the face-down cards of the side's ships, whose
damage count is kept). A side whose hulls sum to 33 or less (without deck_size) drops the
damage beyond the destroying card, as before; its deck never runs out.
"""
import argparse
import json
import math
import os
import random
import sys
from fractions import Fraction
from math import comb

# ---------------------------------------------------------------- data
# Dice (shared/rules/dice.md): attack 3 hit, 1 crit, 2 focus, 2 blank; defense 3 evade,
# 2 focus, 3 blank. A face is int(random() * 8) indexing these tables.
ATTACK_FACES = ("hit", "hit", "hit", "crit", "focus", "focus", "blank", "blank")
DEFENSE_FACES = ("evade", "evade", "evade", "focus", "focus", "blank", "blank", "blank")
MAX_DICE = 6  # L332, L344: always a minimum of 0 and a maximum of 6

# core.json, "amount" per title (33 cards, 14 kinds).
DECK = (("Panicked Pilot", 2), ("Blinded Pilot", 2), ("Wounded Pilot", 2),
        ("Stunned Pilot", 2), ("Console Fire", 2), ("Damaged Engine", 2),
        ("Weapons Failure", 2), ("Hull Breach", 2), ("Structural Damage", 2),
        ("Damaged Sensor Array", 2), ("Loose Stabilizer", 2),
        ("Disabled Power Regulator", 2), ("Fuel Leak", 4), ("Direct Hit!", 5))
DECK_LIST = tuple(t for t, n in DECK for _ in range(n))
CORE_JSON = os.environ.get(
    "XWING_CORE_JSON", "/work/shared/data/xwing-data2/data/damage-decks/core.json")

# Face-up cards with a lasting effect in this model (counted per ship).
LASTING = ("Structural Damage", "Damaged Sensor Array", "Disabled Power Regulator",
           "Console Fire", "Wounded Pilot", "Hull Breach", "Fuel Leak",
           "Weapons Failure", "Blinded Pilot")

# Test-only switch (no option, no environment variable): False gives Weapons Failure and
# Blinded Pilot no effect, as before they were modelled. Used only to measure how much the
# two cards move a case's figures (README, case 12); always True otherwise.
ATTACK_CARDS = True


def clamp(n):
    return 0 if n < 0 else MAX_DICE if n > MAX_DICE else n


# ---------------------------------------------------------------- exact kill chance
# Per attack die, P(it ends as a hit or crit) with the attacker's tokens (af = focus,
# al = lock); the lock policy rerolls blanks, and focus results too when no focus token:
#   none: 4/8;  focus: 6/8;  lock: 4/8 + 4/8 * 4/8 = 3/4;
#   lock+focus: 4/8 + 2/8 (focus -> hit) + 2/8 (blank, rerolled) * 6/8 = 15/16.
# A die is rerolled at most once and independently, so T (hits+crits) ~ Binomial(na, p).
P_ATTACK = {(0, 0): Fraction(1, 2), (1, 0): Fraction(3, 4), (0, 1): Fraction(3, 4),
            (1, 1): Fraction(15, 16)}
_KILL = {}


def kill_chance(na, af, al, nd, df, de, left, strict=False):
    """Exact P(dice damage >= left): uncancelled hits+crits of this attack, with these
    tokens (attacker focus/lock, defender focus/evade); Structural Damage and the deck's
    future are NOT read (the model's "likeliest-kill" reads dice damage only)."""
    key = (na, af, al, nd, df, de, left, strict)
    if key in _KILL:
        return _KILL[key]
    p = P_ATTACK[af, al]
    tdist = [comb(na, t) * p ** t * (1 - p) ** (na - t) for t in range(na + 1)]
    out = Fraction(0)
    e8, f8, b8 = Fraction(3, 8), Fraction(2, 8), Fraction(3, 8)
    for e in range(nd + 1):
        for f in range(nd - e + 1):
            b = nd - e - f
            pd = Fraction(math.factorial(nd), math.factorial(e) * math.factorial(f)
                          * math.factorial(b)) * e8 ** e * f8 ** f * b8 ** b
            cancel = e + (f if df else 0)
            if de and (not strict or b > 0 or (f > 0 and not df)):
                cancel += 1
            for t, pt in enumerate(tdist):
                if t - cancel >= left:
                    out += pt * pd
    _KILL[key] = out
    f = float(out)
    if _FLOAT_OF.setdefault(f, out) != out:      # never seen; guards the float comparison
        raise AssertionError("two kill chances round to the same float")
    _KILL_F[key] = f
    return out


_KILL_F = {}     # the same, as floats (exactly as ordered as the Fractions: checked above)
_FLOAT_OF = {}


def kill_chance_f(na, af, al, nd, df, de, left, strict):
    key = (na, af, al, nd, df, de, left, strict)
    f = _KILL_F.get(key)
    if f is None:
        kill_chance(*key)
        f = _KILL_F[key]
    return f




# ---------------------------------------------------------------- case
# the case file's ranges are read as the deck-less oracle reads them (no rule in it)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from oracle import read_ranges  # noqa: E402


class Spec:
    pass


def load_case(case):
    sides = {}
    for side in ("a", "b"):
        if not case.get(side):
            raise ValueError("squad %s is empty" % side)
        ships, names = [], set()
        for pos, s in enumerate(case[side]):
            if s["name"] in names:
                raise ValueError("duplicate name %r in squad %s" % (s["name"], side))
            names.add(s["name"])
            sp = Spec()
            sp.side, sp.pos, sp.name = side, pos, s["name"]
            sp.init, sp.attack, sp.agility = int(s["initiative"]), int(s["attack"]), int(s["agility"])
            sp.hull, sp.shields = int(s["hull"]), int(s.get("shields", 0))
            acts = s.get("actions", [])
            if acts not in ([], ["focus"], ["evade"], ["lock"]):
                raise ValueError("actions of %r must be [], [focus], [evade] or [lock]" % sp.name)
            sp.action = acts[0] if acts else None
            if sp.hull < 1 or min(sp.shields, sp.attack, sp.agility) < 0:
                raise ValueError("bad stats for %r" % sp.name)
            ships.append(sp)
        sides[side] = ships
    ranges = read_ranges(case)
    first = case.get("first_player", "a")
    if first not in ("a", "b", "rolled"):
        raise ValueError("first_player must be a, b or rolled")
    rounds = int(case["rounds"])
    if rounds < 1:
        raise ValueError("rounds must be >= 1")
    titles = set(DECK_LIST)
    for side in ("a", "b"):
        stack = case.get("stack_" + side, [])
        preset = case.get("preset_" + side, {})
        if "deck_size_" + side in case and int(case["deck_size_" + side]) < 0:
            raise ValueError("deck_size_%s must be >= 0" % side)
        used = list(stack)
        for nm, pr in preset.items():
            if nm not in {sp.name for sp in sides[side]}:
                raise ValueError("preset for unknown ship %r" % nm)
            used += pr.get("face_up", []) + pr.get("face_down", [])
        for t in used:
            if t not in titles:
                raise ValueError("unknown card %r" % t)
            if used.count(t) > DECK_LIST.count(t):
                raise ValueError("more %r cards than the deck holds" % t)
    return sides, [(r, p) for r, p in ranges if p > 0], rounds, first


# ---------------------------------------------------------------- state
class Deck:
    """A physical shuffled deck: the stacked cards on top in order, then the rest shuffled.
    The shuffle is a Fisher-Yates done lazily as cards are drawn (the same uniform order
    as shuffling all 33 first). `left` cards can still be drawn (all of `cards`, unless a
    test's deck_size cut the deck: then the rest of `cards` is out of the game).
    When it is empty and a card is needed, refill() rebuilds it (L530, L531): the new deck
    is shuffled the same lazy way with the same generator, so a deck that never runs out
    draws exactly the random numbers it drew before reshuffles were modelled."""
    __slots__ = ("cards", "top", "rng", "left", "excess", "ships", "n530", "n531")

    def __init__(self, rng, stack=(), removed=(), size=None):
        rest = list(DECK_LIST)
        for t in list(stack) + list(removed):
            rest.remove(t)
        self.cards = list(stack) + rest
        self.top = len(stack)   # cards[:top] are fixed; cards[top:] are not yet shuffled
        self.rng = rng
        self.left = len(self.cards) if size is None else min(int(size), len(self.cards))
        self.excess = False     # reshuffle mode: excess damage takes cards (L657)
        self.ships = []         # the side's Ship objects (L530/L531 take cards from them)
        self.n530 = self.n531 = 0   # how many times the deck was rebuilt by L530 / L531

    def refill(self):
        """The deck is empty and a card must be dealt (L530, L531)."""
        got = []
        for s in self.ships:                 # L530: every card of the side's destroyed ships
            if s.destroyed and s.cards:
                got += [c[0] for c in s.cards]   # face up or face down; turned face down
                s.cards = []
                for k in s.up:
                    s.up[k] = 0
        if got:
            self.n530 += 1
        else:                                # L531: nothing from destroyed ships
            for s in self.ships:
                down = [c for c in s.cards if not c[1]]
                if down:
                    s.marked += len(down)    # noted: the ship keeps that much damage
                    s.cards = [c for c in s.cards if c[1]]   # face-up cards stay
                    got += [c[0] for c in down]
            if not got:
                raise AssertionError("no damage card can be dealt: the deck, the destroyed "
                                     "ships and every face-down card are exhausted")
            self.n531 += 1
        self.cards, self.top, self.left = got, 0, len(got)

    def draw(self):
        if self.left == 0:
            self.refill()
        self.left -= 1
        c = self.cards
        if self.top > 0:
            self.top -= 1
            return c.pop(0)
        j = int(self.rng.random() * len(c))
        c[j], c[-1] = c[-1], c[j]
        return c.pop()


class Ship:
    __slots__ = ("sp", "side", "pos", "name", "init", "attack", "agility", "hull", "action",
                 "shields", "cards", "ncards", "up", "stress", "ion", "focus", "evade",
                 "lock", "destroyed", "removed", "deck", "marked")

    def __init__(self, sp, deck):
        self.sp = sp
        for k in ("side", "pos", "name", "init", "attack", "agility", "hull", "action"):
            setattr(self, k, getattr(sp, k))
        self.shields = sp.shields
        self.cards = []          # [title, face_up] in the order dealt
        self.ncards = 0
        self.up = dict.fromkeys(LASTING, 0)   # face-up cards with a lasting effect
        self.stress = self.ion = self.focus = self.evade = 0
        self.lock = False
        self.destroyed = self.removed = False
        self.deck = deck
        self.marked = 0          # face-down cards taken by L531, still counted as damage

    def repair_all(self, title):
        """Turn every face-up `title` face down."""
        for c in self.cards:
            if c[0] == title and c[1]:
                c[1] = False
        if title in self.up:
            self.up[title] = 0

    def hp_left(self):
        return self.shields + self.hull - self.ncards


def suffer(ship, hits, crits):
    """Suffer hits then crits, one point at a time (L652), from the ship's own deck (L516).
    ship.ncards counts the damage: cards held plus cards noted by L531 (ship.marked)."""
    pending = ["c"] * crits + ["h"] * hits     # popped from the end: hits first
    up = ship.up
    deck = ship.deck
    while pending:
        if ship.destroyed and not deck.excess:
            break                               # hulls <= 33: the rest of the damage is dropped
        kind = pending.pop()
        if kind == "h" and up["Hull Breach"]:
            kind = "c"                          # Hull Breach: hit damage suffered as crit
        if ship.shields > 0:
            ship.shields -= 1                   # a shield absorbs it (no card, no Fuel Leak)
            continue
        title = deck.draw()                     # may rebuild the deck (L530, L531)
        ship.ncards += 1
        card = [title, kind == "c"]
        ship.cards.append(card)
        if ship.destroyed:
            continue                            # excess card (L657): dealt, no effect
        if ship.ncards >= ship.hull:
            ship.destroyed = True               # the destroying card has no effect
            continue
        if kind == "h":
            continue                            # face down
        # crit damage that gave a face-up card: held face-up Fuel Leaks act first
        if up["Fuel Leak"]:
            pending.extend(["h"] * up["Fuel Leak"])
            ship.repair_all("Fuel Leak")
        # then the new card
        if title == "Direct Hit!":
            pending.append("h")                 # 1 more hit damage, next
            card[1] = False
        elif title == "Panicked Pilot":
            ship.stress += 2
            card[1] = False
        elif title in up:
            up[title] += 1
        # the other three kinds (Damaged Engine, Loose Stabilizer, Stunned Pilot): face up,
        # no effect in this model


def roll_attack(rng, n):
    h = c = f = 0
    for _ in range(n):
        x = int(rng.random() * 8)
        if x < 3:
            h += 1
        elif x == 3:
            c += 1
        elif x < 6:
            f += 1
    return h, c, f, n - h - c - f


def roll_defense(rng, n):
    e = f = 0
    for _ in range(n):
        x = int(rng.random() * 8)
        if x < 3:
            e += 1
        elif x < 5:
            f += 1
    return e, f, n - e - f


class Sim:
    def __init__(self, case, strict=False):
        self.case = case
        self.sides, ranges, self.rounds, self.first = load_case(case)
        self.strict = strict
        self.range_vals = [r for r, _ in ranges]
        acc, self.range_cum = Fraction(0), []
        for _, p in ranges:
            acc += p
            self.range_cum.append(float(acc))
        self.names = [(s, sp.name) for s in ("a", "b") for sp in self.sides[s]]

    # ---- one battle
    def new_state(self, rng):
        ships = {}
        for side in ("a", "b"):
            preset = self.case.get("preset_" + side, {})
            removed = [t for pr in preset.values()
                       for t in pr.get("face_up", []) + pr.get("face_down", [])]
            size = self.case.get("deck_size_" + side)
            deck = Deck(rng, self.case.get("stack_" + side, []), removed, size)
            deck.excess = size is not None or sum(sp.hull for sp in self.sides[side]) > 33
            ships[side] = deck.ships = []
            for sp in self.sides[side]:
                s = Ship(sp, deck)
                pr = preset.get(sp.name, {})
                for t in pr.get("face_down", []):
                    s.cards.append([t, False])
                for t in pr.get("face_up", []):
                    s.cards.append([t, True])
                    if t in s.up:
                        s.up[t] += 1
                s.ncards = len(s.cards)
                s.stress, s.ion = pr.get("stress", 0), pr.get("ion", 0)
                s.lock = bool(pr.get("lock", False))
                s.shields = pr.get("shields", s.shields)
                if s.ncards >= s.hull:
                    raise ValueError("preset destroys %r" % sp.name)
                ships[side].append(s)
        return ships

    def activate(self, s, rng):
        if s.stress:
            s.stress -= 1                      # blue maneuver (an ion maneuver is blue, L1244)
        ionized = s.ion > 0                    # small ship: 1+ ion token (L1232)
        if ionized:
            s.repair_all("Disabled Power Regulator")   # after an ion maneuver
        if s.stress:
            act = None                         # stressed: no action (L71, L760)
        elif ionized or s.up["Damaged Sensor Array"]:
            act = "focus" if s.action == "focus" else None   # L1249
        else:
            act = s.action
            if act == "lock" and s.lock:
                act = None
        if act == "focus":
            s.focus += 1
        elif act == "evade":
            s.evade += 1
        elif act == "lock":
            s.lock = True
        if act is not None:
            for _ in range(s.up["Wounded Pilot"]):
                if int(rng.random() * 8) < 4:  # hit or crit
                    s.stress += 1
        if ionized:
            s.ion = 0                          # end of activation (L1250)

    @staticmethod
    def attack_profile(s, r):
        """(attack dice, attacker focus usable, attacker lock usable) of s's attack at range r.
        Dice: attack value, +1 at range 1, -1 per face-up Weapons Failure, then the 0..6 clamp
        (L332; FAQ L3094-L3098: the clamp comes once, after every modifier). A face-up Blinded
        Pilot (any number) forbids every attacker modification but spending Force, which a
        plain ship does not have (L489): its focus and lock are neither used nor spent."""
        if not ATTACK_CARDS:
            return clamp(s.attack + (r == 1)), int(s.focus > 0), int(s.lock)
        na = clamp(s.attack + (r == 1) - s.up["Weapons Failure"])
        if s.up["Blinded Pilot"]:
            return na, 0, 0
        return na, int(s.focus > 0), int(s.lock)

    def target(self, s, enemies, r):
        """Likeliest kill (exact chance), then fewest shields+hull left, then listed order."""
        cands = [e for e in enemies if not e.removed and not e.destroyed]
        if len(cands) <= 1:
            return cands[0] if cands else None
        na, af, al = self.attack_profile(s, r)
        strict = self.strict
        best, bkey = None, None
        for e in cands:
            left = e.shields + e.hull - e.ncards
            nd = clamp(e.agility + (r == 3))   # Structural Damage not read
            key = (-kill_chance_f(na, af, al, nd, int(e.focus > 0), int(e.evade > 0), left,
                                  strict), left, e.pos)
            if bkey is None or key < bkey:
                best, bkey = e, key
        return best

    def attack(self, s, d, r, rng):
        na, af, al = self.attack_profile(s, r)  # Weapons Failure, Blinded Pilot
        h, c, f, b = roll_attack(rng, na)
        if al and (b > 0 or (f > 0 and (not self.strict or not af))):
            s.lock = False
            n = b + (0 if af else f)           # reroll blanks, and focus without a token
            if not af:
                f = 0
            h2, c2, f2, b2 = roll_attack(rng, n)
            h, c, f, b = h + h2, c + c2, f + f2, b2
        if af and f:
            s.focus -= 1
            h += f
            f = 0
        nd = clamp(d.agility + (r == 3) - d.up["Structural Damage"])
        e, df, db = roll_defense(rng, nd)
        t = h + c
        if d.focus and df and t > e:
            d.focus -= 1
            e += df
            df = 0
        if d.evade and t > e and (not self.strict or db > 0 or df > 0):
            d.evade -= 1
            e += 1
        hits = max(0, h - e)                    # evades cancel hits first (L354-L357)
        crits = max(0, c - max(0, e - h))
        if hits or crits:
            suffer(d, hits, crits)

    def engage(self, s, enemies, r, rng):
        n_dpr, n_cf = s.up["Disabled Power Regulator"], s.up["Console Fire"]
        for _ in range(n_dpr):
            s.ion += 1
            s.lock = False                      # ionized: breaks its lock (L1238)
        for _ in range(n_cf):
            if int(rng.random() * 8) < 3:       # a hit result, not a crit
                suffer(s, 1, 0)
        d = self.target(s, enemies, r)
        if d is not None:
            self.attack(s, d, r, rng)

    def battle(self, rng):
        """Returns (outcome, rounds, {(side, name): alive})."""
        ships = self.new_state(rng)
        allships = ships["a"] + ships["b"]
        inits = sorted({s.init for s in allships}, reverse=True)
        outcome, rnd = "unresolved", self.rounds
        for k in range(1, self.rounds + 1):
            u = rng.random()
            r = self.range_vals[-1]
            for rv, cum in zip(self.range_vals, self.range_cum):
                if u < cum:
                    r = rv
                    break
            first = self.first
            if first == "rolled":                # player order rolled each round (L952-L958, L1470)
                first = "a" if rng.random() < 0.5 else "b"
            second = "b" if first == "a" else "a"
            for s in allships:
                if not s.removed:
                    self.activate(s, rng)
            done = False
            for ini in inits:
                step = [s for side in (first, second) for s in ships[side]
                        if s.init == ini and not s.removed]
                for s in step:
                    self.engage(s, ships["b" if s.side == "a" else "a"], r, rng)
                for s in allships:               # removal at the end of the step
                    if s.destroyed:
                        s.removed = True
                a_left = any(not s.removed for s in ships["a"])
                b_left = any(not s.removed for s in ships["b"])
                if not (a_left and b_left):
                    outcome = "a" if a_left else "b" if b_left else "both"
                    done = True
                    break
            if done:
                rnd = k
                break
            for s in allships:                   # End phase: green tokens go (L984, L1002)
                s.focus = s.evade = 0
        self.last = ships                        # for the self-test's card accounting
        return outcome, rnd, {(s.side, s.name): not s.destroyed for s in allships}

    def reshuffled(self):
        """(a deck ran out in the last battle, L531 was needed in it)."""
        decks = [self.last[side][0].deck for side in ("a", "b")]
        return (any(d.n530 or d.n531 for d in decks), any(d.n531 for d in decks))


# ---------------------------------------------------------------- statistics
def simulate(case, battles, seed, strict=False):
    """Raw sums (mergeable across chunks)."""
    sim = Sim(case, strict)
    rng = random.Random(seed)
    acc = {"n": 0, "a": 0, "b": 0, "both": 0, "unresolved": 0, "r1": 0, "r2": 0,
           "reshuffled": 0, "l531": 0, "alive": {"%s/%s" % k: 0 for k in sim.names}}
    for _ in range(battles):
        out, rnd, alive = sim.battle(rng)
        ran_out, l531 = sim.reshuffled()
        acc["reshuffled"] += ran_out
        acc["l531"] += l531
        acc["n"] += 1
        acc[out] += 1
        acc["r1"] += rnd
        acc["r2"] += rnd * rnd
        for k, v in alive.items():
            if v:
                acc["alive"]["%s/%s" % k] += 1
    return acc


def merge(accs):
    out = None
    for a in accs:
        if out is None:
            out = json.loads(json.dumps(a))
            continue
        for k, v in a.items():
            if k == "alive":
                for kk, vv in v.items():
                    out["alive"][kk] += vv
            else:
                out[k] += v
    return out


def prop(count, n):
    p = count / n
    return [p, math.sqrt(p * (1 - p) / n)]


def summarize(acc):
    n = acc["n"]
    mean = acc["r1"] / n
    var = max(0.0, acc["r2"] / n - mean * mean) * n / max(1, n - 1)
    surv = {"a": {}, "b": {}}
    for k, v in acc["alive"].items():
        side, name = k.split("/", 1)
        surv[side][name] = prop(v, n)
    return {"battles": n,
            "p_a_wins": prop(acc["a"], n), "p_b_wins": prop(acc["b"], n),
            "p_both_destroyed": prop(acc["both"], n),
            "p_unresolved": prop(acc["unresolved"], n),
            "rounds_mean": [mean, math.sqrt(var / n)],
            "survival": surv,
            # not simulator figures: how often a deck ran out (L530/L531), and needed L531
            "p_reshuffled": prop(acc.get("reshuffled", 0), n),
            "p_l531": prop(acc.get("l531", 0), n)}


def run_case(case, battles, seed, strict=False):
    return summarize(simulate(case, battles, seed, strict))


# ---------------------------------------------------------------- self-test
def ship(name, init=3, attack=0, agility=0, hull=3, shields=0, actions=()):
    return {"name": name, "initiative": init, "attack": attack, "agility": agility,
            "hull": hull, "shields": shields, "points": 10, "actions": list(actions)}


def self_test(battles):
    fails = []
    nchecks = [0]

    def exact(ok, what):
        nchecks[0] += 1
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            fails.append(what)

    def mc(case, key, want, what, seed=1, strict=False):
        """Monte Carlo figure vs a closed form: within 4.5 standard errors."""
        res = run_case(case, battles, seed, strict)
        got = res
        for part in key.split("."):
            got = got[part]
        m, se = got
        want = float(want)
        z = abs(m - want) / se if se > 0 else (0.0 if m == want else float("inf"))
        exact(z <= 4.5, "%s: %s = %.5f (se %.5f) vs closed form %.5f, %.1f se"
              % (what, key, m, se, want, z))

    rng = random.Random(12345)

    def lone(hull=3, shields=0, stack=(), preset=None):
        """A single ship on side b with its own deck, for hand-driven damage."""
        case = {"a": [ship("A")], "b": [ship("B", hull=hull, shields=shields)], "rounds": 1,
                "stack_b": list(stack)}
        if preset:
            case["preset_b"] = {"B": preset}
        sim = Sim(case)
        return sim.new_state(rng)["b"][0], sim

    # D1. The deck: 33 cards of 14 kinds, as in core.json.
    exact(len(DECK_LIST) == 33 and len(DECK) == 14, "D1 deck: 33 cards, 14 kinds")
    if os.path.exists(CORE_JSON):
        with open(CORE_JSON) as fh:
            core = {c["title"]: c["amount"] for c in json.load(fh)["cards"]}
        exact(core == dict(DECK), "D1 deck equals %s" % CORE_JSON)
    # D2. A drawn deck is a permutation of the 33 cards, stack first.
    d = Deck(random.Random(3), ["Fuel Leak", "Hull Breach"])
    drawn = [d.draw() for _ in range(33)]
    exact(drawn[:2] == ["Fuel Leak", "Hull Breach"] and sorted(drawn) == sorted(DECK_LIST),
          "D2 stacked deck draws the stack in order, then a permutation of the rest")

    # E1. Direct Hit! as crit damage: 1 more hit damage, then face down; 2 cards.
    s, _ = lone(hull=4, stack=["Direct Hit!", "Hull Breach", "Console Fire"])
    suffer(s, 0, 1)
    exact(s.cards == [["Direct Hit!", False], ["Hull Breach", False]],
          "E1 face-up Direct Hit!: one more (face-down) card, itself turned face down")
    # E2. Direct Hit! as hit damage: face down, no effect.
    s, _ = lone(hull=4, stack=["Direct Hit!", "Hull Breach"])
    suffer(s, 1, 0)
    exact(s.cards == [["Direct Hit!", False]], "E2 face-down Direct Hit!: no effect")
    # E3. Hits before crits (L652): shield takes the hit; the crit gives a face-up card.
    s, _ = lone(hull=4, shields=1, stack=["Structural Damage"])
    suffer(s, 1, 1)
    exact(s.shields == 0 and s.cards == [["Structural Damage", True]]
          and s.up["Structural Damage"] == 1, "E3 hit on the shield first, then the crit card")
    # E4. Fuel Leak: a shield-absorbed crit does not trigger it; a carded crit does, and its
    # hit comes before the rest of the damage. Stack: FL, SD, Wounded Pilot, Console Fire.
    s, _ = lone(hull=6, stack=["Fuel Leak", "Structural Damage", "Wounded Pilot",
                               "Console Fire"])
    suffer(s, 0, 1)                      # FL face up
    s.shields = 1
    suffer(s, 0, 1)                      # absorbed by the shield: FL stays face up
    exact(s.up["Fuel Leak"] == 1 and len(s.cards) == 1, "E4a shield-absorbed crit: Fuel Leak waits")
    suffer(s, 0, 2)                      # crit -> SD face up; FL: 1 hit (WP face down); crit -> CF
    exact(s.cards == [["Fuel Leak", False], ["Structural Damage", True],
                      ["Wounded Pilot", False], ["Console Fire", True]],
          "E4b Fuel Leak: its hit comes after the crit's card, before the next crit")
    # E5. Hull Breach: later hit damage is suffered as crit damage (face-up card).
    s, _ = lone(hull=5, stack=["Hull Breach", "Console Fire", "Direct Hit!", "Wounded Pilot"])
    suffer(s, 0, 1)
    suffer(s, 1, 0)                      # -> crit: Console Fire face up
    exact(s.cards[1] == ["Console Fire", True] and s.up["Console Fire"] == 1,
          "E5a Hull Breach turns a hit into a face-up card")
    suffer(s, 1, 0)                      # crit: Direct Hit! -> 1 hit -> crit: Wounded Pilot up
    exact(s.cards[2:] == [["Direct Hit!", False], ["Wounded Pilot", True]],
          "E5b Hull Breach also converts the Direct Hit!'s extra hit")
    # E6. The destroying card has no effect and nothing more is drawn.
    s, _ = lone(hull=2, stack=["Wounded Pilot", "Direct Hit!", "Panicked Pilot"])
    suffer(s, 1, 3)
    exact(s.destroyed and len(s.cards) == 2 and s.stress == 0 and len(s.deck.cards) == 31,
          "E6 the card that destroys the ship has no effect; the rest of the damage is lost")
    # E7. Panicked Pilot: 2 stress, then face down.
    s, _ = lone(hull=3, stack=["Panicked Pilot"])
    suffer(s, 0, 1)
    exact(s.stress == 2 and s.cards == [["Panicked Pilot", False]], "E7 Panicked Pilot")
    # E8. A Fuel Leak dealt face up while another is face up: the held one acts (its hit is
    # the next card, face down), the new one waits; the next carded crit triggers it.
    # Stack FL, FL, DH, WP, CF; 3 crits: FL1 up | FL2 up, FL1 -> 1 hit: DH face down |
    # crit 3: WP up, FL2 -> 1 hit: CF face down. 5 cards, only WP face up.
    s, _ = lone(hull=8, stack=["Fuel Leak", "Fuel Leak", "Direct Hit!", "Wounded Pilot",
                               "Console Fire", "Damaged Engine"])
    suffer(s, 0, 3)
    exact(s.cards == [["Fuel Leak", False], ["Fuel Leak", False], ["Direct Hit!", False],
                      ["Wounded Pilot", True], ["Console Fire", False]]
          and s.up["Fuel Leak"] == 0 and s.up["Wounded Pilot"] == 1,
          "E8 two Fuel Leaks, one after the other")
    # A1. Activation with 2 stress: no action twice, then the action.
    case = {"a": [ship("A", actions=["focus"])], "b": [ship("B")], "rounds": 1,
            "preset_a": {"A": {"stress": 2}}}
    sim = Sim(case)
    s = sim.new_state(rng)["a"][0]
    got = []
    for _ in range(3):
        sim.activate(s, rng)
        got.append((s.stress, s.focus))
        s.focus = 0
    exact(got == [(1, 0), (0, 1), (0, 1)],
          "A1 2 stress: round 1 blue maneuver and no action (still stressed), round 2 focus")
    # A2. Disabled Power Regulator: ion at engagement breaks the lock; next activation is an
    # ion maneuver that repairs it, allows no lock, and removes the ion.
    case = {"a": [ship("A", actions=["lock"], hull=4)], "b": [ship("B", hull=9)], "rounds": 1,
            "preset_a": {"A": {"face_up": ["Disabled Power Regulator"]}}}
    sim = Sim(case)
    st = sim.new_state(rng)
    s = st["a"][0]
    sim.activate(s, rng)
    l1 = s.lock
    sim.engage(s, st["b"], 2, rng)
    l2, ion2 = s.lock, s.ion
    sim.activate(s, rng)
    exact((l1, l2, ion2, s.lock, s.ion, s.up["Disabled Power Regulator"], s.cards[0][1])
          == (True, False, 1, False, 0, 0, False), "A2 Disabled Power Regulator cycle")

    # ---- Weapons Failure and Blinded Pilot (exact: attack profiles, kill chances, and
    # attacks rolled with a scripted generator that counts the dice it is asked for)
    class Script:
        """random() returns the listed values, then 0.99 (attack and defense blank)."""
        def __init__(self, *faces):
            self.vals = [(x + 0.5) / 8 for x in faces]
            self.n = 0

        def random(self):
            self.n += 1
            return self.vals.pop(0) if self.vals else 0.99

    HIT, CRIT, FOC, BLK = 0, 3, 4, 6       # attack faces; defense: 0 evade, 4 focus, 6 blank
    WFC, BPC = "Weapons Failure", "Blinded Pilot"

    def duel(a_kw, b_kw, up_a=(), up_b=(), tok_a=(0, False), tok_b=(0, 0)):
        """Ships A and B (their stats, face-up presets and tokens: focus, lock / focus,
        evade) and the Sim."""
        case = {"a": [ship("A", **a_kw)], "b": [ship("B", **b_kw)], "rounds": 1,
                "preset_a": {"A": {"face_up": list(up_a)}},
                "preset_b": {"B": {"face_up": list(up_b)}}}
        sim = Sim(case, True)
        st = sim.new_state(rng)
        a, b = st["a"][0], st["b"][0]
        a.focus, a.lock = tok_a
        b.focus, b.evade = tok_b
        return a, b, sim

    def profile(attack, r, up=(), tok=(0, False)):
        a, _, sim = duel({"attack": attack, "hull": 5}, {"hull": 9}, up_a=up, tok_a=tok)
        return sim.attack_profile(a, r)

    def dice_rolled(attack, r, up=()):
        """Attack dice A really rolls: all hits, B (agility 0, hull 9) suffers them."""
        a, b, sim = duel({"attack": attack, "hull": 5}, {"hull": 9}, up_a=up)
        g = Script(*[HIT] * 7)
        sim.attack(a, b, r, g)
        return g.n if b.ncards == g.n else None

    defenders = [(nd, df, de, left) for nd in range(4) for df in (0, 1) for de in (0, 1)
                 for left in (1, 2, 3)]

    def same_kill(p1, p2):
        return all(kill_chance(*(p1 + dd + (True,))) == kill_chance(*(p2 + dd + (True,)))
                   for dd in defenders)

    # W1. Weapons Failure: 1 fewer attack die per face-up card (attack 3, range 2: 3 -> 2
    # -> 1), then the 0..6 clamp (attack 1 with 2 cards: 0 dice), the range-1 bonus before
    # the clamp (attack 6 at range 1 with 1 card: 6 + 1 - 1 = 6 dice, not clamp(7) - 1).
    exact([profile(3, 2, [WFC] * k)[0] for k in (0, 1, 2)] == [3, 2, 1]
          and profile(3, 1, [WFC]) == (3, 0, 0) and profile(1, 2, [WFC] * 2) == (0, 0, 0)
          and profile(6, 1, [WFC]) == (6, 0, 0) and profile(6, 2, [WFC]) == (5, 0, 0),
          "W1a Weapons Failure: attack dice = clamp(attack + range bonus - cards)")
    exact([dice_rolled(3, 2, [WFC] * k) for k in (0, 1, 2)] == [3, 2, 1]
          and dice_rolled(1, 2, [WFC] * 2) == 0 and dice_rolled(6, 1, [WFC]) == 6
          and dice_rolled(3, 1, [WFC]) == 3,
          "W1b Weapons Failure: the attack rolls those dice (3, 2, 1; 0; 6; 3 at range 1)")
    exact(same_kill(profile(3, 2, [WFC], (1, True)), profile(2, 2, (), (1, True)))
          and same_kill(profile(4, 2, [WFC] * 2), profile(2, 2))
          and same_kill(profile(1, 2, [WFC] * 2), profile(0, 2))
          and kill_chance(*(profile(1, 2, [WFC] * 2) + (0, 0, 0, 1))) == 0
          and same_kill(profile(6, 1, [WFC]), profile(6, 1)),
          "W1c Weapons Failure: kill chance = that of an attack value 1 (2) lower, clamped")
    # W1d. The targeting reads it: A (attack 3, range 2) vs E2 (agility 0, hull 2) and E1
    # (agility 3, hull 1): 3 dice kill E2 w.p. 1/2 > 0.466 (E1); 2 dice: 1/4 < 0.293.
    def pick(up=(), tok=(0, False), attack=3):
        case = {"a": [ship("A", attack=attack, hull=5)],
                "b": [ship("E2", hull=2), ship("E1", hull=1, agility=3)], "rounds": 1,
                "preset_a": {"A": {"face_up": list(up)}}}
        sim = Sim(case, True)
        st = sim.new_state(rng)
        a = st["a"][0]
        a.focus, a.lock = tok
        return sim.target(a, st["b"], 2).name
    exact((pick(), pick([WFC])) == ("E2", "E1"),
          "W1d Weapons Failure: likeliest-kill targeting with 1 fewer die")
    # W2. Weapons Failure changes nothing when the ship defends: B (agility 2, 2 cards)
    # rolls 2 defense dice against A's 0-die attack.
    a, b, sim = duel({"attack": 0}, {"hull": 9, "agility": 2}, up_b=[WFC] * 2)
    g = Script()
    sim.attack(a, b, 2, g)
    exact(g.n == 2, "W2 Weapons Failure: no effect on defense dice")
    # B1. Blinded Pilot: the attacker's focus and lock are not used: the same profile and
    # kill chances as without tokens; two cards act as one; the dice are the same.
    exact(profile(2, 2, [BPC], (1, True)) == profile(2, 2) == (2, 0, 0)
          and profile(2, 2, [BPC] * 2, (1, True)) == (2, 0, 0)
          and profile(3, 1, [BPC, WFC], (1, True)) == (3, 0, 0)
          and profile(2, 2, (), (1, True)) == (2, 1, 1)
          and same_kill(profile(2, 2, [BPC], (1, True)), profile(2, 2)),
          "B1a Blinded Pilot: attacker focus+lock unused: kill chance as with no tokens")
    # B1b. The targeting reads it: attack 2 with focus+lock kills E2 w.p. 0.879 > 0.629
    # (E1); blinded, as with no tokens: 1/4 < 0.293.
    exact((pick((), (1, True), 2), pick([BPC], (1, True), 2), pick((), (0, False), 2))
          == ("E2", "E1", "E1"), "B1b Blinded Pilot: likeliest-kill targeting without tokens")
    # B1c. The attack: A (2 dice, focus + lock, blinded) rolls focus, blank: no reroll (2
    # random numbers), no focus spent, no damage; A keeps its focus and lock. The same
    # attack unblinded rerolls the blank (a hit), spends focus: 2 damage, tokens gone.
    a, b, sim = duel({"attack": 2, "hull": 5}, {"hull": 9}, up_a=[BPC], tok_a=(1, True))
    g = Script(FOC, BLK, HIT)
    sim.attack(a, b, 2, g)
    ok1 = (g.n, b.ncards, a.focus, a.lock) == (2, 0, 1, True)
    a, b, sim = duel({"attack": 2, "hull": 5}, {"hull": 9}, tok_a=(1, True))
    g = Script(FOC, BLK, HIT)
    sim.attack(a, b, 2, g)
    exact(ok1 and (g.n, b.ncards, a.focus, a.lock) == (3, 2, 0, False),
          "B1c Blinded Pilot: no reroll, no focus change; focus and lock kept")
    # B2. Blinded Pilot changes nothing when the ship defends: B (agility 1, focus, blinded)
    # spends its focus on a focus result and cancels A's hit.
    a, b, sim = duel({"attack": 1}, {"hull": 9, "agility": 1}, up_b=[BPC], tok_b=(1, 0))
    g = Script(HIT, FOC)
    sim.attack(a, b, 2, g)
    exact((b.ncards, b.focus) == (1, 0),       # 1: its preset Blinded Pilot, no new card
          "B2 Blinded Pilot: the defender's focus still works")

    # ---- the deck that runs out (L530, L531) and excess damage (L657), reshuffle mode
    def side_b(ships_b, **extra):
        """Side b's ships (hand-driven damage) with these case keys."""
        case = {"a": [ship("A")], "b": ships_b, "rounds": 1}
        case.update(extra)
        return Sim(case).new_state(rng)["b"]

    DH, WP, CF, HB = "Direct Hit!", "Wounded Pilot", "Console Fire", "Hull Breach"
    SD, DE, LS, PP = "Structural Damage", "Damaged Engine", "Loose Stabilizer", "Panicked Pilot"
    # R0. Reshuffle mode is per side: hulls above 33, or a test's deck_size.
    st = Sim({"a": [ship("a1", hull=17), ship("a2", hull=17)],
              "b": [ship("b1", hull=20), ship("b2", hull=13)], "rounds": 1}).new_state(rng)
    exact((st["a"][0].deck.excess, st["b"][0].deck.excess) == (True, False),
          "R0 reshuffle mode: hulls 34 yes, hulls 33 no")
    # R1. L530 takes every card of a destroyed ship: face up, face down, and a Direct Hit!
    # turned face down by its own effect. Deck of 3 (DH, WP, CF): B1 (hull 3) suffers 2
    # crits: DH face up -> 1 hit: WP face down; DH turned face down; crit: CF face up,
    # destroying. The deck is empty; B2's 3 hits rebuild it from B1's 3 cards (L530) and
    # take all of them, face down.
    b1, b2 = side_b([ship("B1", hull=3), ship("B2", hull=5)],
                    deck_size_b=3, stack_b=[DH, WP, CF])
    suffer(b1, 0, 2)
    ok1 = b1.cards == [[DH, False], [WP, False], [CF, True]] and b1.destroyed
    suffer(b2, 3, 0)
    exact(ok1 and b1.cards == [] and sorted(c[0] for c in b2.cards) == sorted([DH, WP, CF])
          and not any(c[1] for c in b2.cards) and b2.ncards == 3 and not b2.destroyed
          and (b2.deck.n530, b2.deck.n531, b2.deck.left) == (1, 0, 0),
          "R1 L530: the destroyed ship's face-up and face-down cards make the new deck")
    # R2. Excess damage (L657): B (hull 1, full deck in reshuffle mode) suffers 1 hit and 2
    # crits; stack WP, DH, PP. WP (face down) destroys it; DH and PP are still dealt, face
    # up, with no effect (no extra card, no stress): 3 cards leave the deck (30 left). The
    # same damage with hulls <= 33 (E6) leaves 31.
    b, = side_b([ship("B", hull=1)], deck_size_b=33, stack_b=[WP, DH, PP])
    suffer(b, 1, 2)
    exact(b.cards == [[WP, False], [DH, True], [PP, True]] and b.stress == 0
          and b.ncards == 3 and b.deck.left == 30 and len(b.deck.cards) == 30,
          "R2 L657: excess cards are dealt to the destroyed ship, no effect")
    # R3. Excess beyond the deck: deck of 2 (CF, HB); B1 (hull 1) suffers 3 hits: CF
    # destroys it, HB is excess, the deck is empty, and the 3rd point rebuilds it from B1's
    # own 2 cards (L530): B1 then holds 1 of them, the other is the deck.
    b1, b2 = side_b([ship("B1", hull=1), ship("B2", hull=4)], deck_size_b=2, stack_b=[CF, HB])
    suffer(b1, 3, 0)
    exact(len(b1.cards) == 1 and b1.deck.left == 1 and b1.deck.n530 == 1
          and sorted([b1.cards[0][0], b1.deck.cards[0]]) == sorted([CF, HB]),
          "R3 L530 during a destroyed ship's own excess damage")
    # R4. L531. Deck of 3 (SD, DE, LS); B1, B2 hull 5. B1: 1 hit (SD face down), 1 crit (DE
    # face up, no effect); B2: 1 hit (LS face down). The deck is empty and no ship is
    # destroyed: B1's next hit notes 1 face-down card on each ship (marked), puts SD and LS
    # in the deck (DE stays face up on B1) and draws one of them: B1 has 1 marked + 2 cards
    # = 3 damage, B2 1 marked + 0 cards = 1, 1 card left in the deck.
    b1, b2 = side_b([ship("B1", hull=5), ship("B2", hull=5)], deck_size_b=3,
                    stack_b=[SD, DE, LS])
    suffer(b1, 1, 1)
    suffer(b2, 1, 0)
    suffer(b1, 1, 0)
    d = b1.deck
    exact(b1.cards[0] == [DE, True] and len(b1.cards) == 2 and not b1.cards[1][1]
          and (b1.marked, b1.ncards, b2.marked, b2.ncards, b2.cards) == (1, 3, 1, 1, [])
          and (d.n530, d.n531, d.left) == (0, 1, 1),
          "R4a L531: face-down cards of surviving ships go, counted; face-up stay")
    # B1 suffers 2 hits: the last card (damage 4), then L531 again (B1's 2 face-down cards;
    # marked 3) and the 5th damage destroys it: 3 marked + DE + 1 face-down card.
    suffer(b1, 2, 0)
    exact(b1.destroyed and b1.marked == 3 and b1.ncards == 5 and len(b1.cards) == 2
          and b1.cards[0] == [DE, True] and (d.n530, d.n531, d.left) == (0, 2, 1),
          "R4b a second L531; the marked damage counts toward destruction")
    # B2 suffers 2 hits: the last card, then L530 takes B1's 2 cards (DE face up included).
    # All 3 cards are on B2 or in the deck.
    suffer(b2, 2, 0)
    exact(b1.cards == [] and (d.n530, d.n531, d.left) == (1, 2, 1) and b2.ncards == 3
          and len(b2.cards) == 2
          and sorted([c[0] for c in b2.cards] + d.cards) == sorted([SD, DE, LS]),
          "R4c then L530 takes the destroyed ship's cards, face-up included")
    # R5. Nothing left to deal (only possible with a cut deck: the full deck always has the
    # 7 Direct Hit!/Panicked Pilot cards face down or on a destroyed ship): an error.
    b, = side_b([ship("B", hull=5)], deck_size_b=1, stack_b=[SD])
    suffer(b, 0, 1)
    try:
        suffer(b, 0, 1)
        ok = False
    except AssertionError:
        ok = True
    exact(ok, "R5 no card anywhere: an error, not a silent drop")
    # R6. Card accounting in real battles with hulls above 33 (case 09's sides): after each
    # battle every side's deck plus its ships' cards are the 33 cards of core.json; each
    # ship's damage is its cards plus its marked cards; a live ship has damage < hull.
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases",
                        "09_2v3_hulls_above_33.json")
    with open(path) as fh:
        case = json.load(fh)
    sim = Sim(case, True)
    r6 = random.Random(6)
    ok, ran = True, 0
    nb = max(200, min(2000, battles // 50))
    for _ in range(nb):
        sim.battle(r6)
        ran += sim.reshuffled()[0]
        for side in ("a", "b"):
            ships = sim.last[side]
            deck = ships[0].deck
            held = [c[0] for s in ships for c in s.cards]
            ok &= sorted(held + deck.cards) == sorted(DECK_LIST) and deck.left == len(deck.cards)
            for s in ships:
                ok &= s.ncards == len(s.cards) + s.marked or (s.destroyed and deck.n530 > 0)
                ok &= s.destroyed == (s.ncards >= s.hull)
    exact(ok and ran > 0, "R6 %d battles of case 09 (%d ran out): every card accounted for"
          % (nb, ran))

    # ---- Monte Carlo vs closed forms
    # M1. Console Fire over k rounds. B (hull 3) holds a face-up Console Fire (1 card), nobody
    # deals damage (attack 0). Each engagement: P(hit) = 3/8 (a crit does nothing); each hit
    # is 1 hit damage = a face-down card (no shields). B dies at its 2nd hit, so with k rounds
    # P(b destroyed) = P(Bin(k, 3/8) >= 2) = 1 - (5/8)^k - k (3/8)(5/8)^(k-1).
    # k = 4: 1 - 625/4096 - 1500/4096 = 1971/4096; E[rounds] = sum_{j<4} P(alive after j)
    # = sum_{j=0..3} P(Bin(j,3/8) <= 1), with 4 counted if unresolved:
    #   j=0: 1, j=1: 1, j=2: 1 - 9/64 = 55/64, j=3: 1 - 3*9/64*5/8 - 27/512 = 350/512.
    case = {"a": [ship("A")], "b": [ship("B", hull=3)], "rounds": 4,
            "preset_b": {"B": {"face_up": ["Console Fire"]}}}
    mc(case, "p_a_wins", Fraction(1971, 4096), "M1 Console Fire, 4 rounds")
    mc(case, "rounds_mean", 1 + 1 + Fraction(55, 64) + Fraction(350, 512),
       "M1 Console Fire, 4 rounds")
    # M2. Forced Direct Hit!: A rolls 1 die at B (agility 0, hull 2), 1 round. Only a crit
    # (1/8) deals the Direct Hit! face up, whose extra hit is B's 2nd card: P = 1/8.
    case = {"a": [ship("A", attack=1)], "b": [ship("B", hull=2)], "rounds": 1,
            "stack_b": ["Direct Hit!"]}
    mc(case, "p_a_wins", Fraction(1, 8), "M2 forced Direct Hit!")
    # M3. The same with the shuffled deck. After A's crit (1/8) B is destroyed if the face-up
    # top card is a Direct Hit! (5/33), or a Console Fire (2/33) whose roll when B engages
    # later in the same step is a hit (3/8): P = 1/8 * (5/33 + 2/33 * 3/8) = 23/1056.
    del case["stack_b"]
    mc(case, "p_a_wins", Fraction(23, 1056), "M3 shuffled deck: Direct Hit! or Console Fire")
    # M4. Lock + Disabled Power Regulator. A (lock, 1 die) at B (hull 1, agility 0), 3 rounds.
    # Without DPR A holds a lock every attack: P(kill) = 1/2 + 1/2*1/2 = 3/4 each round,
    # P(B survives 3) = (1/4)^3 = 1/64. With a face-up DPR: round 1 the lock is broken by the
    # ion at engagement (1/2); round 2 ionized: no lock action (1/2); round 3 lock (3/4):
    # P(B survives) = 1/2 * 1/2 * 1/4 = 1/16 -> p_a_wins = 15/16.
    case = {"a": [ship("A", attack=1, hull=4, actions=["lock"])], "b": [ship("B", hull=1)],
            "rounds": 3}
    mc(case, "p_a_wins", Fraction(63, 64), "M4a lock each round")
    case["preset_a"] = {"A": {"face_up": ["Disabled Power Regulator"]}}
    mc(case, "p_a_wins", Fraction(15, 16), "M4b lock broken by Disabled Power Regulator")
    # M5. Two face-up Wounded Pilots on a focus ship A (1 die) vs B (hull 1, agility 0), 2 rnds.
    # Round 1: focus (kill 3/4), then 2 dice: stress s ~ Bin(2, 1/2). Round 2: if s = 2
    # (1/4) it removes 1 and stays stressed: no focus (kill 1/2); else focus (3/4).
    # P(B survives) = 1/4 * (1/4 * 1/2 + 3/4 * 1/4) = 5/64 -> p_a_wins = 59/64.
    case = {"a": [ship("A", attack=1, hull=4, actions=["focus"])], "b": [ship("B", hull=1)],
            "rounds": 2, "preset_a": {"A": {"face_up": ["Wounded Pilot", "Wounded Pilot"]}}}
    mc(case, "p_a_wins", Fraction(59, 64), "M5 two Wounded Pilots")
    # M6. Structural Damage: B agility 1 at range 2 rolls 0 dice; A 1 die: P(kill) = 1/2
    # (without it: 1/2 * 5/8 = 5/16).
    case = {"a": [ship("A", attack=1)], "b": [ship("B", hull=2, agility=1)], "rounds": 1,
            "preset_b": {"B": {"face_up": ["Structural Damage"]}}}
    mc(case, "p_a_wins", Fraction(1, 2), "M6 Structural Damage")
    # M7. Evade token + focus token defender: A 2 dice at B (agility 1, evade, hull 1).
    # Damage = max(0, T - E - 1), T ~ Bin(2, 1/2), E ~ Bin(1, 3/8): kill iff T=2, E=0:
    # 1/4 * 5/8 = 5/32.
    case = {"a": [ship("A", attack=2)], "b": [ship("B", hull=1, agility=1, actions=["evade"])],
            "rounds": 1}
    mc(case, "p_a_wins", Fraction(5, 32), "M7 evade token")
    # M8. Range 3 and range 1 bonus with a focus defender: A 1 die (2 at range 1), B agility 0
    # (+1 at range 3), focus, hull 1. Range 1/2 each of 1 and 3.
    # Range 1: T ~ Bin(2, 1/2), no dice: P(T>=1) = 3/4. Range 3: 1 die with focus cancels 5/8:
    # 1/2 * 3/8 = 3/16. P = (3/4 + 3/16)/2 = 15/32.
    case = {"a": [ship("A", attack=1)], "b": [ship("B", hull=1, actions=["focus"])],
            "rounds": 1, "range": {"1": 0.5, "3": 0.5}}
    mc(case, "p_a_wins", Fraction(15, 32), "M8 range bonuses, focus defender")
    # M9. Hull-1 ships never read a card (the destroying card has no effect, shields take
    # the crits): the deck-less exact oracle's case 01 must match, 1365/4096 each.
    case = {"a": [ship("a1", attack=1, hull=1)], "b": [ship("b1", attack=1, hull=1)],
            "rounds": 6, "first_player": "a"}
    mc(case, "p_both_destroyed", Fraction(1365, 4096), "M9 deck-less hand case H1")
    mc(case, "p_unresolved", Fraction(1, 4096), "M9 deck-less hand case H1")
    # M10. Simultaneous fire + targeting: A (1 die, hull 1) vs B2 (hull 2) and B1 (hull 1),
    # all initiative 3, agility 0, 1 die; first player a, one round. A aims at the likeliest
    # kill: B1 (P 1/2; B2 cannot die from 1 die: P 0). B1 fires even if A destroyed it, so
    # P(A survives) = (1/2)^2 = 1/4, P(B1 survives) = 1/2, and B2 always survives.
    case = {"a": [ship("A", attack=1, hull=1)],
            "b": [ship("B2", attack=1, hull=2), ship("B1", attack=1, hull=1)], "rounds": 1}
    mc(case, "survival.a.A", Fraction(1, 4), "M10 simultaneous fire")
    mc(case, "survival.b.B1", Fraction(1, 2), "M10 targeting the likeliest kill")
    res = run_case(case, min(battles, 20000), 5)
    exact(res["survival"]["b"]["B2"][0] == 1.0, "M10 B2 (P 0 to die) is never targeted")
    # M11. L530 then L531 in a battle. a: A1 (init 5) and A2 (init 4), 1 die each; b: B1
    # (hull 1) and B2 (hull 2), agility 0, attack 0; b's deck is one Direct Hit!; 1 round.
    # A1 aims at B1 (kill 1/2; B2 cannot die from 1 die) and kills it w.p. 1/2 with the DH
    # (destroying: no effect). Then A2 attacks B2: a hit (3/8) rebuilds the deck from B1
    # (L530) and deals the DH face down; a crit (1/8) deals it face up: its extra hit finds
    # the deck empty, B1 with no card, so L531 takes B2's DH (now face down, 1 marked) and
    # deals it again: 2 damage, B2 destroyed. If A1 misses, A2 aims at B1 and the deck
    # never runs out. P(a wins) = 1/2 * 1/8 = 1/16; P(B1 survives) = 1/2 * 1/2 = 1/4;
    # P(a deck ran out) = 1/2 * (3/8 + 1/8) = 1/4; P(L531) = 1/16.
    case = {"a": [ship("A1", init=5, attack=1), ship("A2", init=4, attack=1)],
            "b": [ship("B1", init=1, hull=1), ship("B2", init=1, hull=2)], "rounds": 1,
            "deck_size_b": 1, "stack_b": [DH]}
    mc(case, "p_a_wins", Fraction(1, 16), "M11 L530 then L531")
    mc(case, "survival.b.B1", Fraction(1, 4), "M11 L530 then L531")
    mc(case, "p_reshuffled", Fraction(1, 4), "M11 L530 then L531")
    mc(case, "p_l531", Fraction(1, 16), "M11 L530 then L531")
    # M12. The card L531 deals is a uniform one of the face-down cards. B (hull 5, agility
    # 0) holds DH, DH, WP face down; its deck is empty (deck_size 0). A (1 die), 1 round: a
    # crit (1/8) rebuilds the deck from B's 3 face-down cards (3 marked) and deals one face
    # up: a DH (2/3) adds 1 hit, the 5th damage. P(a wins) = 1/8 * 2/3 = 1/12;
    # P(L531) = P(hit or crit) = 1/2.
    case = {"a": [ship("A", attack=1)], "b": [ship("B", hull=5)], "rounds": 1,
            "deck_size_b": 0, "preset_b": {"B": {"face_down": [DH, DH, WP]}}}
    mc(case, "p_a_wins", Fraction(1, 12), "M12 L531 deals a uniform face-down card")
    mc(case, "p_l531", Fraction(1, 2), "M12 L531 deals a uniform face-down card")
    # M13. Excess cards leave the deck (L657). b's deck is WP then DH (deck_size 2); B1
    # (hull 1), B2 (hull 2), agility 0, attack 0. A1 (init 5, 2 dice) aims at B1 (kill 3/4
    # vs 1/4 for B2); T ~ Bin(2, 1/2) hits+crits. T=1 (1/2): B1 takes WP, DH stays on top.
    # T=2 (1/4): WP destroys B1 and DH is its excess card: the deck is empty. T=0 (1/4): A2
    # aims at B1 and B2 is safe. A2 (init 4, 1 die) at B2: only a crit (1/8) can kill it:
    #   T=1: DH face up, its hit rebuilds the deck from B1's WP (L530): 2 damage;
    #   T=2: L530 gives {WP, DH}, a DH (1/2) adds the 2nd damage.
    # P(a wins) = 1/2 * 1/8 + 1/4 * 1/8 * 1/2 = 5/64 (6/64 if the excess were dropped).
    # A deck ran out: T=2 and A2 rolls a hit or crit (1/4 * 1/2), or T=1 and a crit DH
    # (1/2 * 1/8): 3/16.
    case = {"a": [ship("A1", init=5, attack=2), ship("A2", init=4, attack=1)],
            "b": [ship("B1", init=1, hull=1), ship("B2", init=1, hull=2)], "rounds": 1,
            "deck_size_b": 2, "stack_b": [WP, DH]}
    mc(case, "p_a_wins", Fraction(5, 64), "M13 excess damage leaves the deck")
    mc(case, "p_reshuffled", Fraction(3, 16), "M13 excess damage leaves the deck")
    # M14. Weapons Failure in battle: A (attack 3, 1 face-up WF) vs B (hull 2, agility 0),
    # range 1 or 2 (1/2 each), 1 round: 3 dice at range 1, P(T >= 2) = 1/2; 2 dice at range
    # 2, 1/4: P = 3/8 (without the card: (11/16 + 1/2)/2 = 19/32). With 2 cards 2 and 1
    # dice: (1/4 + 0)/2 = 1/8.
    # A's hull 6 (B rolls 1 die at range 1); b's deck starts with 3 cards without effect, so
    # no crit on B adds damage.
    case = {"a": [ship("A", attack=3, hull=6)], "b": [ship("B", hull=2)], "rounds": 1,
            "range": {"1": 0.5, "2": 0.5}, "stack_b": [DE, LS, "Stunned Pilot"]}
    mc(case, "p_a_wins", Fraction(19, 32), "M14a no Weapons Failure")
    case["preset_a"] = {"A": {"face_up": [WFC]}}
    mc(case, "p_a_wins", Fraction(3, 8), "M14b one Weapons Failure")
    case["preset_a"] = {"A": {"face_up": [WFC, WFC]}}
    mc(case, "p_a_wins", Fraction(1, 8), "M14c two Weapons Failures")
    # M15. Weapons Failure dealt in battle: B (init 5, 1 die) attacks A (hull 3, agility
    # 0) first; a's deck starts with WF, so a crit (1/8) puts it face up and A (1 die) then
    # rolls 0 dice at B (hull 1, agility 0): P(a wins) = 7/8 * 1/2 = 7/16 (1/2 without).
    case = {"a": [ship("A", init=1, attack=1)], "b": [ship("B", init=5, attack=1, hull=1)],
            "rounds": 1, "stack_a": [WFC]}
    mc(case, "p_a_wins", Fraction(7, 16), "M15 Weapons Failure dealt face up mid-round")
    # M16. Blinded Pilot: A (lock action, 1 die, blinded) vs B (hull 1, agility 0), 3
    # rounds: 1/2 each round, P(a wins) = 7/8 (with its lock: 63/64, M4a).
    case = {"a": [ship("A", attack=1, hull=4, actions=["lock"])], "b": [ship("B", hull=1)],
            "rounds": 3, "preset_a": {"A": {"face_up": [BPC]}}}
    mc(case, "p_a_wins", Fraction(7, 8), "M16 Blinded Pilot: lock never used")
    # M17. A blinded attacker keeps its focus to defend. A (init 5, focus, 1 die, agility 1,
    # hull 2 with 1 face-up card: 1 left; a's deck starts with a card without effect) attacks
    # B (hull 5: cannot die; b's deck starts with a card without effect, so A's crit cannot
    # give B a Weapons Failure that would stop its attack, 1/8 * 2/33 otherwise); then B
    # (init 1, 1 die) attacks A. A always defends with its
    # focus: P(A destroyed) = 1/2 * 3/8 = 3/16. If its card is a Damaged Engine (no effect),
    # A spends focus on a focus result (1/4) and defends without it:
    # 1/2 * (1/4 * 5/8 + 3/4 * 3/8) = 7/32.
    case = {"a": [ship("A", init=5, attack=1, agility=1, hull=2, actions=["focus"])],
            "b": [ship("B", init=1, attack=1, hull=5)], "rounds": 1, "stack_a": [LS],
            "stack_b": [DE],
            "preset_a": {"A": {"face_up": [DE]}}}
    mc(case, "p_b_wins", Fraction(7, 32), "M17a focus spent attacking")
    case["preset_a"] = {"A": {"face_up": [BPC]}}
    mc(case, "p_b_wins", Fraction(3, 16), "M17b Blinded Pilot: focus kept for defense")
    print("self-test: %d checks, %d failed (Monte Carlo: %d battles each)"
          % (nchecks[0], len(fails), battles))
    return 1 if fails else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case", nargs="?")
    ap.add_argument("--battles", type=int, default=None,
                    help="battles per run (default 100000, also per self-test figure)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--strict-tokens", action="store_true",
                    help="rule-text token readings (README, ambiguities 1-2) instead of the model's")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test(args.battles or 100000)
    if not args.case:
        ap.error("CASE.json or --self-test")
    with open(args.case) as fh:
        case = json.load(fh)
    seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    try:
        res = run_case(case, args.battles or 100000, seed, args.strict_tokens)
    except (ValueError, KeyError) as e:
        print("deck_oracle: %s" % e, file=sys.stderr)
        return 1
    res["seed"] = args.seed
    json.dump(res, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
