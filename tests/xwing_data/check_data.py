#!/usr/bin/env python3
"""check_data.py — checks profiles/xwing/ships.json against the xwing-data2 set it is built from.

Usage: python3 tests/xwing_data/check_data.py [XWING_DATA2_DATA_DIR [NEVERODDS]]
       (default ../shared/data/xwing-data2/data, relative to the project root; NEVERODDS the
       binary, default ./neverodds)

1. regenerates the file into a temporary file and fails if the committed one differs (stale);
2. reads twelve ships' attack, agility, hull and shields straight from the source files, in every
   faction that flies them, and compares them with the output; then every pilot's numbers (the
   ship's, or the pilot card's own "shipStats" when it changes them); every pilot and upgrade
   of the source is in the output;
3. resolves every pilot and upgrade of shared/data/xws/sample.json;
4. every pilot of the source, loaded by `neverodds squad` (squads of up to 12 pilots of one
   faction), flies with the weapons (arc and dice of each primary arc, of each weapon upgrade of
   its standard loadout, arcs upgrades grant), agility, hull, shields and Force the source gives it
   (its card, plus the upgrades of its standard loadout: stat grants and Force);
5. no string of the output longer than 60 characters appears in a card text of the source
   (`ability`, `text`, `effect`, at any depth): no card text leaked.
Exit status 0 when every check passes; otherwise each failure is printed and the status is 1.
The source is read here on its own, not through tools/xwing_data.py, so a bug there is not
repeated here; only the regeneration and the XWS id rule come from the tool.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "xwing_data.py")
OUTPUT = os.path.join(ROOT, "profiles", "xwing", "ships.json")
SAMPLE = os.path.join(ROOT, "..", "shared", "data", "xws", "sample.json")

# Twelve ships across the seven factions: a turret (modifiedyt1300lightfreighter, double turret),
# two attack values (firesprayclasspatrolcraft, front and rear), ships flown by two factions
# (tielnfighter, firesprayclasspatrolcraft), no shields (tielnfighter, vultureclassdroidfighter).
SHIPS = ["t65xwing", "tielnfighter", "modifiedyt1300lightfreighter", "firesprayclasspatrolcraft",
         "starviperclassattackplatform", "vcx100lightfreighter", "tieadvancedx1", "ut60duwing",
         "t70xwing", "tiefofighter", "delta7aethersprite", "vultureclassdroidfighter"]
TEXT_KEYS = {"ability", "text", "effect"}
LONGEST_ALLOWED = 60

failures = []


def fail(message):
    failures.append(message)


def check_fresh(data_dir):
    """The committed file must be exactly what the tool makes from the data today."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        tmp_path = tmp.name
    try:
        with open(tmp_path, "wb") as out:
            subprocess.run([sys.executable, TOOL, data_dir], stdout=out, check=True)
        with open(tmp_path, "rb") as a, open(OUTPUT, "rb") as b:
            if a.read() != b.read():
                fail("%s is stale: regenerate it with tools/xwing_data.py" % OUTPUT)
    finally:
        os.unlink(tmp_path)


def raw_numbers(stats):
    """The source's stats list -> (sorted (arc, value) attacks, agility, hull, shields)."""
    attacks = sorted((s["arc"], s["value"]) for s in stats if s["type"] == "attack")
    other = {s["type"]: s["value"] for s in stats if s["type"] != "attack"}
    return attacks, other.get("agility", 0), other["hull"], other.get("shields", 0)


def output_numbers(record):
    """The output's stats -> the same tuple, arcs spelt back the source's way ("front" -> "Front Arc")."""
    def arc(name):
        return " ".join(w.capitalize() for w in name.split("-")) + " Arc"
    attacks = sorted((arc(a["arc"]), a["value"]) for a in record["attacks"])
    return attacks, record["agility"], record["hull"], record["shields"]


def source_ships(data_dir):
    """Every ship file of the source: (path, contents)."""
    for path in sorted(glob.glob(os.path.join(data_dir, "pilots", "*", "*.json"))):
        with open(path, encoding="utf-8") as f:
            yield path, json.load(f)


def check_ships(data_dir, data):
    copies = {}
    for path, ship in source_ships(data_dir):
        copies.setdefault(ship["xws"], []).append((path, ship))
    for xws in SHIPS:
        if xws not in copies:
            fail("ship %s: not in the source" % xws)
            continue
        if xws not in data["ships"]:
            fail("ship %s: missing from the output" % xws)
            continue
        out = data["ships"][xws]
        for path, ship in copies[xws]:
            record = dict(out, **out.get("by_faction", {}).get(ship["faction"], {}))
            want, got = raw_numbers(ship["stats"]), output_numbers(record)
            if want != got:
                fail("ship %s (%s): source %s, output %s" % (xws, os.path.relpath(path, data_dir), want, got))
            if ship["faction"] not in out["factions"]:
                fail("ship %s: faction %s not listed" % (xws, ship["faction"]))


def check_pilot_stats(data_dir, data):
    """Every pilot, of every ship, flies with its card's numbers: the ship's, or its own
    shipStats when the card changes them (output: pilot "stats", else the ship's)."""
    for _, ship in source_ships(data_dir):
        for pilot in ship["pilots"]:
            p = data["pilots"].get(pilot["xws"])
            if p is None:
                continue  # reported by check_counts
            ship_out = data["ships"][p["ship"]]
            record = dict(ship_out, **ship_out.get("by_faction", {}).get(p["faction"], {}))
            want = raw_numbers(pilot.get("shipStats", ship["stats"]))
            got = output_numbers(p.get("stats", record))
            if want != got:
                fail("pilot %s: source stats %s, output %s" % (pilot["xws"], want, got))


def check_counts(data_dir, data):
    """Every pilot and upgrade of the source is in the output (ids are unique in the source)."""
    pilots = [p["xws"] for _, ship in source_ships(data_dir) for p in ship["pilots"]]
    missing = sorted(set(pilots) - set(data["pilots"]))
    if missing or len(pilots) != len(data["pilots"]):
        fail("pilots: %d in the source, %d in the output, missing %s" % (len(pilots), len(data["pilots"]), missing[:5]))
    upgrades = []
    for path in sorted(glob.glob(os.path.join(data_dir, "upgrades", "*.json"))):
        with open(path, encoding="utf-8") as f:
            upgrades.extend(u["xws"] for u in json.load(f))
    missing = sorted(set(upgrades) - set(data["upgrades"]))
    if missing or len(upgrades) != len(data["upgrades"]):
        fail("upgrades: %d in the source, %d in the output, missing %s" % (len(upgrades), len(data["upgrades"]), missing[:5]))


def check_sample(data):
    """Every pilot and upgrade id of the sample squad resolves, in the squad's faction and slot."""
    sys.dont_write_bytecode = True  # leave no __pycache__ in tools/
    sys.path.insert(0, os.path.dirname(TOOL))
    from xwing_data import resolve_pilot  # the rule the importer uses: ID, or ID-SHIP
    with open(SAMPLE, encoding="utf-8") as f:
        squad = json.load(f)
    if squad["faction"] not in data["factions"]:
        fail("sample: faction %s unknown" % squad["faction"])
    for entry in squad["pilots"]:
        xws = resolve_pilot(data, entry["id"])
        if xws is None:
            fail("sample: pilot %s does not resolve" % entry["id"])
            continue
        if data["pilots"][xws]["faction"] != squad["faction"]:
            fail("sample: pilot %s is %s" % (xws, data["pilots"][xws]["faction"]))
        for slot, ids in entry.get("upgrades", {}).items():
            for upgrade in ids:
                if upgrade not in data["upgrades"]:
                    fail("sample: upgrade %s (%s) does not resolve" % (upgrade, slot))
                elif slot not in data["upgrades"][upgrade]["slots"]:
                    fail("sample: upgrade %s is not a %s card" % (upgrade, slot))


def source_upgrades(data_dir):
    """Every upgrade of the source by xws id (its first side)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(data_dir, "upgrades", "*.json"))):
        with open(path, encoding="utf-8") as f:
            for u in json.load(f):
                out[u["xws"]] = u["sides"][0]
    return out


def expected_ship(ship, pilot, upgrades, extra=()):
    """What the source says a pilot flies with, its standard loadout and the `extra` upgrades on:
    ({(arc, dice)}, agility, hull, shields, force)."""
    stats = pilot.get("shipStats", ship["stats"])
    arcs = {}
    other = {"agility": 0, "hull": 0, "shields": 0}
    for st in stats:
        if st["type"] == "attack":
            arcs[st["arc"]] = st["value"]
        elif st["type"] in other:
            other[st["type"]] = st["value"]
    force = pilot.get("force", {}).get("value", 0)
    weapons = set()
    for xws in list(pilot.get("standardLoadout", [])) + list(extra):
        side = upgrades.get(xws)
        if side is None:
            continue
        force += side.get("force", {}).get("value", 0)
        for g in side.get("grants", []):
            if g["type"] == "stat" and g["value"] in other:
                other[g["value"]] = max(0, other[g["value"]] + g["amount"])
            elif g["type"] == "stat" and g["value"] == "attack":
                arcs[g["arc"]] = arcs.get(g["arc"], 0) + g["amount"]
        if "attack" in side:
            weapons.add((side["attack"]["arc"], side["attack"]["value"]))
    weapons |= set(arcs.items())
    weapons |= {(g["value"], arcs.get("Front Arc", 0)) for xws in extra for g in upgrades[xws].get("grants", [])
                if g["type"] == "arc"}  # the front arc turns into the granted one (Vectored Cannons)
    if any(g["type"] == "arc" for xws in extra for g in upgrades[xws].get("grants", [])):
        weapons.discard(("Front Arc", arcs.get("Front Arc", 0)))
    return weapons, other["agility"], other["hull"], other["shields"], force


def check_every_pilot(data_dir, binary):
    """Every pilot through the program, against the source read here."""
    upgrades = source_upgrades(data_dir)
    by_faction = {}
    for _, ship in source_ships(data_dir):
        for pilot in ship["pilots"]:
            by_faction.setdefault(ship["faction"], []).append((ship, pilot))
    def arc(name):
        return " ".join(w.capitalize() for w in name.split("-")) + " Arc"
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for faction, pilots in sorted(by_faction.items()):
            for start in range(0, len(pilots), 12):
                batch = pilots[start:start + 12]
                path = os.path.join(tmp, "squad.xws")
                with open(path, "w") as f:
                    json.dump({"faction": faction, "pilots": [{"id": p["xws"]} for _, p in batch]}, f)
                out = subprocess.run([binary, "squad", path, "--format", "json"], capture_output=True, text=True)
                if out.returncode != 0:
                    fail("squad of %s pilots %s...: %s" % (faction, batch[0][1]["xws"], out.stderr.strip()))
                    continue
                for (ship, pilot), got in zip(batch, json.loads(out.stdout)["ships"]):
                    want = expected_ship(ship, pilot, upgrades)
                    have = ({(arc(w["arc"]), w["dice"]) for w in got["weapons"]}, got["agility"], got["hull"],
                            got["shields"], got["force"])
                    if got["pilot"] != pilot["xws"] or want != have:
                        fail("pilot %s: source %s, program %s" % (pilot["xws"], want, have))
                    checked += 1
        # every upgrade that changes numbers (a stat, Force, an arc, its own attack) on the first
        # pilot (not a standard loadout) with a slot for it
        for xws, side in sorted(upgrades.items()):
            if not (side.get("force") or "attack" in side or
                    any(g["type"] in ("stat", "arc") and g.get("value") != "energy" for g in side.get("grants", []))):
                continue
            slot = side["slots"][0] if side.get("slots") else None
            host = next(((sh, p) for _, sh in source_ships(data_dir) for p in sh["pilots"]
                         if slot in p.get("slots", []) and "standardLoadout" not in p), None)
            if host is None:
                continue
            ship, pilot = host
            key = "-".join(slot.lower().split())
            path = os.path.join(tmp, "upgrade.xws")
            with open(path, "w") as f:
                json.dump({"faction": ship["faction"], "pilots": [{"id": pilot["xws"], "upgrades": {key: [xws]}}]}, f)
            out = subprocess.run([binary, "squad", path, "--format", "json"], capture_output=True, text=True)
            if out.returncode != 0:
                fail("upgrade %s on %s: %s" % (xws, pilot["xws"], out.stderr.strip()))
                continue
            got = json.loads(out.stdout)["ships"][0]
            want = expected_ship(ship, pilot, upgrades, [xws])
            have = ({(arc(w["arc"]), w["dice"]) for w in got["weapons"]}, got["agility"], got["hull"],
                    got["shields"], got["force"])
            if want != have:
                fail("upgrade %s on %s: source %s, program %s" % (xws, pilot["xws"], want, have))
            checked += 1
    return checked


def strings(value):
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def card_texts(value):
    """Every string under an ability/text/effect key, at any depth of a source file."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in TEXT_KEYS:
                yield from strings(v)
            else:
                yield from card_texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from card_texts(v)


def check_no_text(data_dir, data):
    texts = []
    for path in sorted(glob.glob(os.path.join(data_dir, "**", "*.json"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            texts.extend(card_texts(json.load(f)))
    if not texts:
        fail("no card texts found in the source: the leak check would prove nothing")
    blob = "\n".join(texts)
    # The guard must be able to fail: a long card text planted in a copy of the output is caught.
    planted = next(t for t in texts if len(t) > LONGEST_ALLOWED)
    if not any(len(s) > LONGEST_ALLOWED and s in blob for s in strings({"planted": planted})):
        fail("the leak check does not catch a planted card text")
    for s in set(strings(data)):
        if len(s) > LONGEST_ALLOWED and s in blob:
            fail("card text leaked into the output: %r" % s[:80])
    for key in TEXT_KEYS:
        if key in set(strings(data)):
            fail("the output has a %r key" % key)


def main():
    data_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "xwing-data2", "data")
    with open(OUTPUT, encoding="utf-8") as f:
        data = json.load(f)
    check_fresh(data_dir)
    check_ships(data_dir, data)
    check_pilot_stats(data_dir, data)
    check_counts(data_dir, data)
    check_sample(data)
    binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "neverodds")
    pilots = check_every_pilot(data_dir, binary)
    check_no_text(data_dir, data)
    for message in failures:
        print("FAIL " + message)
    if failures:
        sys.exit(1)
    print("xwing data: %d ships, %d pilots, %d upgrades, data %s; %d ships' weapons, agility, hull, shields "
          "and Force through the program (every pilot, every upgrade that changes them): all checks passed"
          % (len(data["ships"]), len(data["pilots"]), len(data["upgrades"]), data["source"]["version"], pilots))


if __name__ == "__main__":
    main()
