#!/usr/bin/env python3
"""check_units.py — checks profiles/armada/units.json against the armada-data set it is built from.

Usage: python3 tests/armada_data/check_units.py [DATA_DIR]
       (default ../shared/data/armada-data/data relative to the project root)

1. regenerates the file with tools/armada_units.py and fails if the committed one differs (stale);
2. every upgrade card of the source is in the output with its name, slots and points, and holds
   nothing else; every objective with its name and category, and nothing else; every ship's and
   squadron's points, and a ship's command, squadron and engineering values, are the source's;
3. no string of the output is, or holds, a card's text (upgrades' "text", objectives' "setup",
   "special-rule", "end-of-round", "end-of-game"): facts only;
4. every alias of profiles/armada/aliases.json names an id of the output.
Exit status 0 when every check passes; otherwise each failure is printed and the status is 1.
The source is read here on its own; only the regeneration uses the tool.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOOL = os.path.join(ROOT, "tools", "armada_units.py")
OUTPUT = os.path.join(ROOT, "profiles", "armada", "units.json")
ALIASES = os.path.join(ROOT, "profiles", "armada", "aliases.json")
TEXT_KEYS = ("text", "setup", "special-rule", "end-of-round", "end-of-game")

failures = []


def fail(message):
    failures.append(message)


def cards(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return data if isinstance(data, list) else [data]


def strings(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)


def main(argv):
    data = argv[1] if len(argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "armada-data", "data")
    fresh = subprocess.run([sys.executable, TOOL, data], capture_output=True, text=True)
    if fresh.returncode:
        print(f"armada-data: the tool failed: {fresh.stderr}")
        return 1
    with open(OUTPUT, encoding="utf-8") as handle:
        committed = handle.read()
    if fresh.stdout != committed:
        fail("profiles/armada/units.json is stale: run make armada-units")
    lib = json.loads(committed)

    upgrades = [c for f in sorted(glob.glob(os.path.join(data, "upgrade-card", "*.json"))) for c in cards(f)]
    by_name = {}
    for entry_id, entry in lib["upgrades"].items():
        if set(entry) != {"name", "slots", "points"}:
            fail(f"upgrades.{entry_id}: holds {sorted(entry)}, not just name, slots and points")
        by_name.setdefault(entry["name"], []).append(entry)
    for card in upgrades:
        found = [e for e in by_name.get(card["name"], []) if e["slots"] == card["slots"] and e["points"] == card["points"]]
        if len(found) != 1:
            fail(f"upgrade {card['name']!r} ({card['slots']}, {card['points']} points): {len(found)} entries match")
    if len(lib["upgrades"]) != len(upgrades):
        fail(f"{len(lib['upgrades'])} upgrades in the output, {len(upgrades)} in the source")

    objectives = cards(os.path.join(data, "objective-card.json"))
    titles = {(o["title"], o["category"].lower()) for o in objectives}
    for entry_id, entry in lib["objectives"].items():
        if set(entry) != {"name", "category"} or (entry["name"], entry["category"]) not in titles:
            fail(f"objectives.{entry_id}: {entry} is not a source objective's name and category alone")
    if len(lib["objectives"]) != len(titles):
        fail(f"{len(lib['objectives'])} objectives in the output, {len(titles)} in the source")

    for kind, keys in (("ship-card", ("points", "command", "squadron", "engineering")), ("squadron-card", ("points",))):
        section = lib["ships" if kind == "ship-card" else "squadrons"]
        for path in sorted(glob.glob(os.path.join(data, kind, "*", "*.json"))):
            for card in cards(path):
                found = [e for e in section.values() if e["name"] == card["name"]]
                if not found:
                    continue  # a card the tool skips says so on its own (the huge ships keep theirs)
                for key in keys:
                    if all(e.get(key) != card.get(key) for e in found):
                        fail(f"{card['name']}: {key} {[e.get(key) for e in found]}, the source {card.get(key)}")

    texts = []
    for card in upgrades + objectives:
        for key in TEXT_KEYS:
            texts.extend(t for t in strings(card.get(key, "")) if len(t) >= 24)
    out_strings = set(strings(lib))
    for text in texts:
        for s in out_strings:
            if text in s or (len(s) >= 24 and s in text):
                fail(f"card text in the output: {s[:60]!r}")

    with open(ALIASES, encoding="utf-8") as handle:
        aliases = json.load(handle)
    for section in ("ships", "squadrons", "upgrades"):
        for name, target in aliases.get(section, {}).items():
            if target not in lib[section]:
                fail(f"aliases.json: {section}.{name!r} names {target!r}, which units.json has not")

    for message in failures:
        print("FAIL armada-data: " + message)
    print(f"armada-data: {len(lib['ships'])} ships, {len(lib['squadrons'])} squadrons, {len(lib['upgrades'])} upgrades, "
          f"{len(lib['objectives'])} objectives; {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
