#!/usr/bin/env python3
"""check_units.py — checks profiles/legion/units.json against the Legion HQ card data it is built from.

Usage: python3 tests/legion_data/check_units.py [CARDS_JSON [DATE [NEVERODDS [LEGION_DATA_JSON]]]]
       (default ../shared/data/legion-hq/cards.json relative to the project root, 2026-07-30,
       ./neverodds, ../shared/data/legion-data/legion-data.json for the retired names)

1. regenerates the file into a temporary file and fails if the committed one differs (stale);
2. every unit of the source (all 178) is in the output under its Legion HQ id, with the source's
   miniatures, wounds, defense die and surge, surge conversion, points, Courage or (a vehicle's)
   Resilience, and every weapon's name, range and dice; every keyword of the unit and of each
   weapon is either carried with the source's number or listed as not modelled; every upgrade's
   slot, points and weapons likewise;
3. every unit with miniatures of its own, loaded by `neverodds run` as the defender, gets the
   source's defense die, surge, miniatures, wounds, Courage / Resilience and its modelled defense
   keywords; and as the attacker with each of its weapons by name, that weapon's dice times its
   miniatures and the weapon's modelled keyword numbers;
4. no string of the output is a card's errata text (the source's `history` descriptions).
Exit status 0 when every check passes; otherwise each failure is printed and the status is 1.
The source is read here on its own, not through tools/legion_units.py: only the regeneration uses
the tool, so a mistake there is not repeated here.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "legion_units.py")
OUTPUT = os.path.join(ROOT, "profiles", "legion", "units.json")

# The keywords this check reads on its own (data name -> scenario key), the ones with a number.
UNIT_NUMBERS = {"Armor": "armor", "Cover": "cover", "Danger Sense": "danger_sense",
                "Uncanny Luck": "uncanny_luck", "Precise": "precise", "Sharpshooter": "sharpshooter"}
UNIT_FLAGS = {"Impervious": "impervious", "Immune: Pierce": "immune_pierce", "Deflect": "deflect",
              "Block": "block", "Low Profile": "low_profile", "Armor": "armor", "Outmaneuver": "outmaneuver",
              "Unconcerned": "unconcerned", "Immune: Blast": "immune_blast",
              "Immune: Melee Pierce": "immune_melee_pierce", "Soresu Mastery": "soresu", "Djem So Mastery": "djem_so",
              "Marksman": "marksman", "Jar'Kai Mastery": "jar_kai", "Makashi Mastery": "makashi",
              "Jedi Hunter": "jedi_hunter", "Death from Above": "death_from_above", "Duelist": "duelist",
              "Complete the Mission": "complete_the_mission"}
DEFENCE_FLAGS = {"Impervious", "Immune: Pierce", "Deflect", "Block", "Low Profile", "Outmaneuver", "Unconcerned",
                 "Immune: Blast", "Immune: Melee Pierce", "Soresu Mastery", "Djem So Mastery", "Duelist",
                 "Complete the Mission"}
WEAPON_NUMBERS = {"Pierce": "pierce", "Impact": "impact", "Critical": "critical", "Lethal": "lethal",
                  "Ram": "ram", "Ion": "ion"}
COLOURS = (("r", "red"), ("b", "black"), ("w", "white"))

failures = []


def fail(what):
    failures.append(what)


def kw(k):
    return (k, None) if isinstance(k, str) else (k["name"], k.get("value"))


def num(v):
    return v if isinstance(v, int) else int(v) if isinstance(v, str) and v.isdigit() else None


def listed(name, entry):
    """Is keyword `name` named among the entry's unmodelled ones?"""
    return any(u == name or u.startswith(name + " ") for u in entry.get("unmodelled", []))


def check_weapons(where, source, out, notes):
    if len(out) != len(source):
        fail("%s: %d weapons, the source has %d" % (where, len(out), len(source)))
        return
    for sw, ow in zip(source, out):
        w = "%s weapon %s" % (where, sw["name"])
        if ow["name"] != sw["name"] or ow["range"] != list(sw.get("range") or []):
            fail("%s: name/range %s %s, source %s %s" % (w, ow["name"], ow["range"], sw["name"], sw.get("range")))
        for letter, colour in COLOURS:
            if ow["dice"].get(colour, 0) != sw["dice"].get(letter, 0):
                fail("%s: %s dice %s, source %s" % (w, colour, ow["dice"].get(colour, 0), sw["dice"].get(letter, 0)))
        for k in sw.get("keywords") or []:
            name, value = kw(k)
            key = WEAPON_NUMBERS.get(name)
            if key and num(value) is not None:
                if ow["keywords"].get(key) != num(value):
                    fail("%s: %s %s, source %s" % (w, key, ow["keywords"].get(key), value))
            elif not (listed(name, ow) or name.lower().replace(" ", "_").replace(":", "") in ow["keywords"]
                      or (name == "Anti-Material" and "anti_materiel" in ow["keywords"])
                      or (name == "Fixed" and any(n.startswith("Fixed") for n in notes))):
                fail("%s: keyword %s neither modelled nor listed" % (w, name))


def check_card(source, out):
    where = "%s (%s)" % (source["cardName"], source["id"])
    s = source["stats"]
    vehicle = "vehicle" in source["cardSubtype"]
    expect = {"name": source["cardName"], "points": source["cost"], "minis": s["minicount"], "wounds": s["hp"],
              "defense": {"w": "white", "r": "red"}[s["defense"]], "rank": source["rank"],
              "surge_attack": {"h": "hit", "c": "crit", "": "none"}[s["hitsurge"]],
              "surge_defense": s["defsurge"] == "b", "faction": source["faction"],
              "courage": "-" if vehicle or s["courage"] <= 0 else s["courage"],
              "type": "vehicle" if vehicle else "droid" if "droid" in source["cardSubtype"] else "trooper"}
    for key, value in expect.items():
        if out.get(key) != value:
            fail("%s: %s %r, source %r" % (where, key, out.get(key), value))
    if out.get("resilience") != (s["courage"] if vehicle and s["courage"] > 0 else None):
        fail("%s: resilience %r, source %r" % (where, out.get("resilience"), s["courage"]))
    weapon_names = {kw(k)[0] for w in source.get("weapons") or [] for k in w.get("keywords") or []}
    for k in source["keywords"]:
        name, value = kw(k)
        key = UNIT_NUMBERS.get(name)
        have = {**out["attacker_keywords"], **out["defender_keywords"]}
        if key and num(value) is not None:
            if have.get(key) != num(value):
                fail("%s: %s %r, source %r" % (where, key, have.get(key), value))
        elif name in UNIT_FLAGS and value is None:
            if have.get(UNIT_FLAGS[name]) is not True:
                fail("%s: %s not set" % (where, name))
        elif not (listed(name, out) or name in weapon_names):
            fail("%s: keyword %s neither modelled nor listed" % (where, name))
    check_weapons(where, source.get("weapons") or [], out["weapons"], out.get("notes", []))


def run(binary, scenario):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(scenario, f)
    try:
        p = subprocess.run([binary, "run", f.name, "--trials", "200", "--format", "json"],
                           capture_output=True, text=True)
        t = subprocess.run([binary, "run", f.name, "--trials", "200"], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    if p.returncode:
        return None, p.stderr.strip()
    return (json.loads(p.stdout), t.stdout), None


def check_loaded(binary, key, source):
    """The unit through neverodds: as the defender, then as the attacker with each ranged weapon."""
    s = source["stats"]
    where = "%s (%s) loaded" % (key, source["id"])
    if s["minicount"] < 1 or s["hp"] < 1:
        got, err = run(binary, {"game": "legion", "attacker": {"pool": {"white": 1}}, "defender": {"unit": key}})
        if got or "give defender.minis and wounds" not in err:
            fail("%s: a card without miniatures or wounds should be refused, got %s" % (where, err or "a run"))
        return
    got, err = run(binary, {"game": "legion", "attacker": {"pool": {"red": 2}}, "defender": {"unit": key}})
    if err:
        fail("%s as defender: %s" % (where, err))
        return
    report, text = got
    line = next(l for l in text.splitlines() if l.startswith("defense:"))
    vehicle = "vehicle" in source["cardSubtype"]
    want = "%s die, surge %s, " % ({"w": "white", "r": "red"}[s["defense"]], "block" if s["defsurge"] == "b" else "none")
    if not line.startswith("defense:  " + want):
        fail("%s: defense line %r, wanted %r" % (where, line, want))
    courage = "Courage -" if vehicle or s["courage"] <= 0 else "Courage %d" % s["courage"]
    if vehicle and s["courage"] > 0:
        courage += ", Resilience %d" % s["courage"]
    health = "%d mini%s x %d wound%s" % (s["minicount"], "" if s["minicount"] == 1 else "s", s["hp"],
                                         "" if s["hp"] == 1 else "s")
    if courage + ", " + health not in line:
        fail("%s: defense line %r lacks %r" % (where, line, courage + ", " + health))
    defence = report["keywords"]["defender"]
    for k in source["keywords"]:
        name, value = kw(k)
        if name in ("Armor", "Cover", "Danger Sense", "Uncanny Luck") and num(value) is not None:
            if defence.get(UNIT_NUMBERS[name]) != num(value):
                fail("%s: defender keyword %s %r, source %r" % (where, name, defence.get(UNIT_NUMBERS[name]), value))
        elif name in DEFENCE_FLAGS and value is None and not defence.get(UNIT_FLAGS[name]):
            fail("%s: defender keyword %s missing" % (where, name))
    for w in source.get("weapons") or []:
        rng = [r for r in w.get("range") or [] if r is not None]
        if not rng or max(rng) < 1:
            continue
        got, err = run(binary, {"game": "legion", "attacker": {"unit": key, "weapons": [w["name"]]},
                                "defender": {"die": "white", "minis": 4, "wounds": 1}})
        if err:
            fail("%s attacking with %s: %s" % (where, w["name"], err))
            continue
        report, text = got
        attack = next(l for l in text.splitlines() if l.startswith("attack:"))
        dice = " ".join("%d %s" % (w["dice"].get(letter, 0) * s["minicount"], colour) for letter, colour in COLOURS)
        if ", %s" % dice not in attack:
            fail("%s attacking with %s: %r, wanted %s" % (where, w["name"], attack, dice))
        attacker = report["keywords"]["attacker"]
        for k in w.get("keywords") or []:
            name, value = kw(k)
            if name in WEAPON_NUMBERS and num(value) is not None:
                # the card's own Precise / Sharpshooter add nothing here: these are weapon keywords
                if attacker.get(WEAPON_NUMBERS[name]) != num(value):
                    fail("%s attacking with %s: %s %r, source %r" % (where, w["name"], name,
                                                                   attacker.get(WEAPON_NUMBERS[name]), value))


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def main():
    cards_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "legion-hq",
                                                                    "cards.json")
    date = sys.argv[2] if len(sys.argv) > 2 else "2026-07-30"
    binary = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "neverodds")
    cards = json.load(open(cards_path, encoding="utf-8"))
    legion_data = sys.argv[4] if len(sys.argv) > 4 else os.path.join(ROOT, "..", "shared", "data", "legion-data",
                                                                      "legion-data.json")
    regenerated = subprocess.run([sys.executable, TOOL, cards_path, date, legion_data], capture_output=True,
                                 text=True, check=True)
    committed = open(OUTPUT, encoding="utf-8").read()
    if regenerated.stdout != committed:
        fail("profiles/legion/units.json is stale: run make legion-units")
    out = json.loads(committed)
    if out.get("data_date") != date:
        fail("data_date %r, expected %r" % (out.get("data_date"), date))
    units = {u["id"]: (k, u) for k, u in out["units"].items()}
    upgrades = {u["id"]: u for u in out["upgrades"].values()}
    source_units = [c for c in cards.values() if c.get("cardType") == "unit"]
    checked = 0
    for card in source_units:
        if card["id"] not in units:
            fail("unit %s (%s) missing" % (card["cardName"], card["id"]))
            continue
        key, unit = units[card["id"]]
        check_card(card, unit)
        check_loaded(binary, key, card)
        checked += 1
    for card in (c for c in cards.values() if c.get("cardType") == "upgrade"):
        up = upgrades.get(card["id"])
        where = "upgrade %s (%s)" % (card["cardName"], card["id"])
        if not up:
            fail(where + " missing")
            continue
        if (up["name"], up["slot"], up["points"]) != (card["cardName"], card["cardSubtype"], card["cost"]):
            fail("%s: %s" % (where, (up["name"], up["slot"], up["points"])))
        if up["adds_miniature"] != (card["cardSubtype"] in ("heavy weapon", "personnel")):
            fail(where + ": adds_miniature")
        check_weapons(where, card.get("weapons") or [], up.get("weapons", []), up.get("notes", []))
    errata = {h["description"] for c in cards.values() for h in c.get("history") or [] if h.get("description")}
    for text in strings(out):
        if text in errata:
            fail("errata text copied: %r" % text)
    for f in failures:
        print("legion-data: FAIL " + f)
    print("legion-data: %d units of %d checked (and loaded), %d upgrades, %d failed" %
          (checked, len(source_units), len(upgrades), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
