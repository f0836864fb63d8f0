#!/usr/bin/env python3
"""legion_units.py — builds profiles/legion/units.json from the community legion-data set.

Takes facts only (ids, names, numbers, which keywords a card has), never ability texts, per
shared/data/README.md. Keywords neverodds models become scenario keys; the others are listed
by name under "unmodelled" so a report can say what was left out.
Usage: python3 tools/legion_units.py ../shared/data/legion-data/legion-data.json > profiles/legion/units.json
"""
import json
import re
import sys

UNIT_KEYWORDS = {  # data name (X = number) -> (scenario key, value or None for the number)
    "Armor": ("armor", True), "Armor X": ("armor", None), "Block": ("block", True),
    "Cover X": ("cover", None), "Danger Sense X": ("danger_sense", None), "Deflect": ("deflect", True),
    "Immune: Pierce": ("immune_pierce", True), "Impervious": ("impervious", True),
    "Low Profile": ("low_profile", True), "Precise X": ("precise", None),
    "Sharpshooter X": ("sharpshooter", None), "Soresu Mastery": ("soresu", True),
    "Uncanny Luck X": ("uncanny_luck", None),
}
ATTACKER_KEYS = {"precise", "sharpshooter"}
WEAPON_KEYWORDS = {
    "Critical X": ("critical", None), "Impact X": ("impact", None), "Pierce X": ("pierce", None),
    "Ram X": ("ram", None), "Suppressive": ("suppressive", True), "Cumbersome": ("cumbersome", True),
    "Immune: Deflect": ("immune_deflect", True), "Blast": ("blast", True),
    "High Velocity": ("high_velocity", True), "Spray": ("spray", True), "Lethal X": ("lethal", None),
}


def keyword(name, table):
    name = name.strip()
    if name.startswith("Immune: ") and "," in name:  # "Immune: Blast, Melee"
        parts = [p.strip() for p in name[len("Immune: "):].split(",")]
        return [("immune_blast", True)] if "Blast" in parts else []
    number = re.search(r"\d+", name)
    pattern = re.sub(r"\d+", "X", name)
    if pattern not in table:
        return None
    key, value = table[pattern]
    return [(key, int(number.group()) if value is None else value)]


def convert(unit):
    out = {"name": unit["name"], "points": unit.get("points"), "minis": unit["minis"],
           "wounds": unit["wounds"], "courage": unit.get("courage") or "-",
           "defense": unit.get("defense", "white"),
           "type": "vehicle" if "Vehicle" in unit.get("type", "") else "trooper"}
    surge = unit.get("surge") or {}
    out["surge_attack"] = surge.get("attack", "none")
    out["surge_defense"] = (surge.get("defense") or surge.get("defend")) == "block"
    attack, defense, unmodelled = {}, {}, []
    for k in unit.get("keywords", []):
        name = k["name"] if isinstance(k, dict) else k
        got = keyword(name, UNIT_KEYWORDS)
        if got is None:
            unmodelled.append(name)
        for key, value in got or []:
            (attack if key in ATTACKER_KEYS else defense)[key] = value
    out["attacker_keywords"], out["defender_keywords"], out["unmodelled"] = attack, defense, unmodelled
    weapons = []
    for w in unit.get("weapons", []):
        kws, un = {}, []
        for k in w.get("keywords", []):
            got = keyword(k, WEAPON_KEYWORDS)
            if got is None:
                un.append(k.strip())
            for key, value in got or []:
                kws[key] = value
        rng = w.get("range", {})
        weapons.append({"name": w["name"], "range": [rng.get("from", 0), rng.get("to", rng.get("from", 0))],
                        "dice": {c: n for c, n in w.get("dice", {}).items() if c in ("red", "black", "white")},
                        "keywords": kws, "unmodelled": un})
    out["weapons"] = weapons
    return out


def main():
    data = json.load(open(sys.argv[1]))
    units = {}
    for rank, group in data["units"].items():
        for unit in group:
            key = unit["ldf"]
            units[key] = dict(rank=rank, **convert(unit))
    print(json.dumps({
        "source": "legion-data (community data set, MIT licence, 2019 snapshot): ids, stats, dice and "
                  "keyword names only. Units and points have changed since; the 2026 core rules "
                  "(shared/seeds/002) decide how every keyword works.",
        "units": dict(sorted(units.items()))}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
