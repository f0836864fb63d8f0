#!/usr/bin/env python3
"""legion_units.py — builds profiles/legion/units.json from Legion HQ 2's card data (cards.json).

Takes facts only (ids, names, numbers, which keywords a card has), never ability texts, per
shared/data/README.md. Keywords neverodds models become scenario keys; the others are listed by
name under "unmodelled" so a report can say what was left out. Where the data says something in a
way of its own, the unit's "notes" say how it was read (see the READINGS below).
Usage: python3 tools/legion_units.py CARDS_JSON DATE LEGION_DATA_JSON > profiles/legion/units.json
       (DATE: the day the data set was last changed, written into the file; LEGION_DATA_JSON the
       2019 community set, whose names Legion HQ 2 no longer has are listed as "retired")
"""
import json
import re
import sys

# Unit keywords (data name; "X" takes the card's number) -> (side, scenario key, value or None
# for the number). Duelist and Complete the Mission act when the unit attacks and when it defends.
UNIT_KEYWORDS = {
    "Armor": [("defender", "armor", True)], "Armor X": [("defender", "armor", None)],
    "Block": [("defender", "block", True)], "Cover X": [("defender", "cover", None)],
    "Danger Sense X": [("defender", "danger_sense", None)], "Deflect": [("defender", "deflect", True)],
    "Immune: Pierce": [("defender", "immune_pierce", True)],
    "Immune: Melee Pierce": [("defender", "immune_melee_pierce", True)],
    "Immune: Blast": [("defender", "immune_blast", True)], "Impervious": [("defender", "impervious", True)],
    "Low Profile": [("defender", "low_profile", True)], "Outmaneuver": [("defender", "outmaneuver", True)],
    "Unconcerned": [("defender", "unconcerned", True)], "Soresu Mastery": [("defender", "soresu", True)],
    "Djem So Mastery": [("defender", "djem_so", True)], "Uncanny Luck X": [("defender", "uncanny_luck", None)],
    "Precise X": [("attacker", "precise", None)], "Sharpshooter X": [("attacker", "sharpshooter", None)],
    "Marksman": [("attacker", "marksman", True)], "Jar'Kai Mastery": [("attacker", "jar_kai", True)],
    "Makashi Mastery": [("attacker", "makashi", True)], "Jedi Hunter": [("attacker", "jedi_hunter", True)],
    "Death from Above": [("attacker", "death_from_above", True)],
    "Duelist": [("attacker", "duelist", True), ("defender", "duelist", True)],
    "Complete the Mission": [("attacker", "complete_the_mission", True),
                             ("defender", "complete_the_mission", True)],
}
WEAPON_KEYWORDS = {
    "Critical X": ("critical", None), "Impact X": ("impact", None), "Pierce X": ("pierce", None),
    "Ram X": ("ram", None), "Lethal X": ("lethal", None), "Ion X": ("ion", None),
    "Anti-Personnel X": ("anti_personnel", None), "Anti-Materiel X": ("anti_materiel", None),
    "Anti-Material X": ("anti_materiel", None),  # the data's spelling
    "Suppressive": ("suppressive", True), "Blast": ("blast", True), "High Velocity": ("high_velocity", True),
    "Cumbersome": ("cumbersome", True), "Spray": ("spray", True), "Immune: Deflect": ("immune_deflect", True),
    "Primitive": ("primitive", True),
}
# Legion HQ's letters -> ours.
DEFENSE = {"w": "white", "r": "red"}
HIT_SURGE = {"h": "hit", "c": "crit", "": "none"}
DROIDS = {"droid trooper", "heavy droid trooper"}


def entry(k):
    """A keyword of the data, as (name, value): "Nimble" or {"name": "Armor", "value": 5}."""
    return (k, None) if isinstance(k, str) else (k["name"], k.get("value"))


def number(value):
    """The keyword's number (the data gives 1 or "1"), or None when it is not one ("X", "Move")."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def label(name, value):
    return name if value is None else "%s %s" % (name, value)


def weapon_keywords(raw, notes):
    """A weapon's keywords: {key: value} modelled, [names] not. A value listing several keywords
    ("Fixed": "Front, Impact 3") is read as the keyword and the others it names."""
    out, unmodelled = {}, []
    queue = [entry(k) for k in raw or []]
    while queue:
        name, value = queue.pop(0)
        if name == "Fixed" and isinstance(value, str) and "," in value:
            first, *rest = [p.strip() for p in value.split(",")]
            notes.append("Fixed: %s read as Fixed: %s and %s" % (value, first, ", ".join(rest)))
            value = first
            for part in rest:
                m = re.match(r"(.*?)\s+(\d+)$", part)
                queue.append((m.group(1), int(m.group(2))) if m else (part, None))
        n = number(value)
        spec = WEAPON_KEYWORDS.get(name + " X" if value is not None else name)
        if spec and (spec[1] is not None or n is not None):
            out[spec[0]] = spec[1] if spec[1] is not None else n
        else:
            if spec:  # a numbered keyword without its number
                notes.append("%s without a number in the data: not modelled" % label(name, value))
            unmodelled.append(label(name, value))
    return out, unmodelled


def weapons_of(card, notes):
    out = []
    for w in card.get("weapons") or []:
        kws, un = weapon_keywords(w.get("keywords"), notes)
        rng = list(w.get("range") or [])
        if None in rng or not rng:
            notes.append("%s: range %s in the data (null: not given)" % (w["name"], json.dumps(rng)))
        dice = {colour: w["dice"].get(letter, 0) for letter, colour in (("r", "red"), ("b", "black"), ("w", "white"))
                if w["dice"].get(letter, 0)}
        out.append({"name": w["name"], "range": rng, "dice": dice, "keywords": kws, "unmodelled": un})
    return out


def unit_keywords(card, notes):
    """The unit's keywords split into attacker's, defender's and not modelled. Legion HQ repeats a
    card's weapon keywords in its keyword list (Impact, Suppressive, Fixed): they count on their
    weapon, once; one that no weapon of the card has is listed as not modelled."""
    sides, unmodelled = {"attacker": {}, "defender": {}}, []
    for k in card.get("keywords") or []:
        name, value = entry(k)
        if name + " X" in WEAPON_KEYWORDS or name in WEAPON_KEYWORDS or name == "Fixed":
            if not any(entry(wk)[0] == name for w in card.get("weapons") or [] for wk in w.get("keywords") or []):
                unmodelled.append(label(name, value))  # a weapon keyword no weapon of the card has
            continue  # else it repeats its weapon's, which counts
        n = number(value)
        spec = UNIT_KEYWORDS.get(name + " X" if n is not None else name)
        if spec is None:
            unmodelled.append(label(name, value))
            continue
        for side, key, fixed in spec:
            sides[side][key] = fixed if fixed is not None else n
    if "force" in (card.get("upgradeBar") or []):  # a Force upgrade icon: Jedi Hunter's target (L2296-L2298)
        sides["defender"]["force_user"] = True
    return sides["attacker"], sides["defender"], unmodelled


def courage_of(card, notes):
    """Legion HQ keeps one number: a trooper's Courage, a vehicle's Resilience (0: "-")."""
    c = card["stats"]["courage"]
    vehicle = "vehicle" in card["cardSubtype"]
    if c < 0:
        notes.append("courage %d in the data: read as \"-\"" % c)
    if vehicle:
        return "-", (c if c > 0 else None)
    return (c if c > 0 else "-"), None


def names_of(card):
    """The other names a list builder may write for the card: its title, Legion HQ's display name
    and the name Tabletop Simulator knows it by."""
    return {key: card[field] for key, field in (("title", "title"), ("display_name", "displayName"),
                                                 ("tts_name", "ttsName")) if card.get(field)}


def convert_unit(card):
    notes = []
    s = card["stats"]
    courage, resilience = courage_of(card, notes)
    sub = card["cardSubtype"]
    out = {"id": card["id"], "name": card["cardName"]}
    out.update(names_of(card))
    out.update({"faction": card["faction"], "rank": card["rank"], "points": card["cost"],
                "minis": s["minicount"], "wounds": s["hp"], "courage": courage})
    if resilience is not None:
        out["resilience"] = resilience
    out.update({"defense": DEFENSE[s["defense"]], "type": "vehicle" if "vehicle" in sub else
                "droid" if sub in DROIDS else "trooper", "subtype": sub, "speed": s["speed"],
                "surge_attack": HIT_SURGE[s["hitsurge"]], "surge_defense": s["defsurge"] == "b",
                "upgrade_bar": card.get("upgradeBar") or []})
    if card.get("isUnreleased"):
        out["unreleased"] = card["isUnreleased"]
    attack, defense, unmodelled = unit_keywords(card, notes)
    out["attacker_keywords"], out["defender_keywords"], out["unmodelled"] = attack, defense, unmodelled
    out["weapons"] = weapons_of(card, notes)
    if s["minicount"] == 0 or s["hp"] == 0:
        notes.append("%d miniatures of %d wounds in the data: the unit's miniatures come from its "
                     "upgrades or it is not finished" % (s["minicount"], s["hp"]))
    if notes:
        out["notes"] = notes
    return out


def convert_upgrade(card):
    notes = []
    out = {"id": card["id"], "name": card["cardName"], "slot": card["cardSubtype"], "points": card["cost"]}
    out.update(names_of(card))
    # a heavy weapon or personnel upgrade is a miniature added to the unit (its wounds, L568)
    out["adds_miniature"] = card["cardSubtype"] in ("heavy weapon", "personnel")
    if card.get("requirements"):  # which units may take it, as Legion HQ writes it (names, factions, ranks)
        out["requirements"] = card["requirements"]
    attack, defense, unmodelled = unit_keywords(card, notes)
    if attack:
        out["attacker_keywords"] = attack
    if defense:
        out["defender_keywords"] = defense
    out["unmodelled"] = unmodelled
    if card.get("weapons"):
        out["weapons"] = weapons_of(card, notes)
    if notes:
        out["notes"] = notes
    return out


def slug(text):
    return re.sub(r"[^a-z0-9]", "", text.lower())


def keys_for(cards):
    """Each card's library key: its name run together ("stormtroopers"). Cards that share a name
    add, while two are still alike, the first of title, faction, slot and id that tells them
    apart; a card without that field keeps the shorter key ("stormtroopers" and
    "stormtroopersheavyresponseunit", "atrtrebels" and "atrtrepublic", "thedarksaberkp")."""
    keys = {c["id"]: slug(c["cardName"]) for c in cards}
    for field in ("title", "faction", "cardSubtype", "id"):
        groups = {}
        for c in cards:
            groups.setdefault(keys[c["id"]], []).append(c)
        for group in groups.values():
            if len(group) > 1 and len({c.get(field) for c in group}) > 1:
                for c in group:
                    keys[c["id"]] += slug(c.get(field) or "")
    assert len(set(keys.values())) == len(keys), "two cards share a key"
    return keys


def retired(legion_data, cards):
    """Names of the 2019 community set (legion-data) that Legion HQ 2's data no longer has: cards
    retired or renamed since, which old lists still carry. Only names."""
    old = json.load(open(legion_data, encoding="utf-8"))
    known = {n.upper() for c in cards.values() for n in
             [c["cardName"], c["cardName"] + " " + c.get("title", ""), *names_of(c).values()]}
    units = {u["name"] for group in old["units"].values() for u in group}
    upgrades = {u["name"] for group in old["upgrades"].values() for u in group}
    commands = {c["name"] for c in old["commandCards"]}
    return {kind: sorted(n for n in names if n.upper() not in known)
            for kind, names in (("units", units), ("upgrades", upgrades), ("commands", commands))}


def main():
    cards = json.load(open(sys.argv[1], encoding="utf-8"))
    date = sys.argv[2]
    legion_data = sys.argv[3]
    units = [c for c in cards.values() if c.get("cardType") == "unit"]
    upgrades = [c for c in cards.values() if c.get("cardType") == "upgrade"]
    commands = [c for c in cards.values() if c.get("cardType") == "command"]
    counterparts = [c for c in cards.values() if c.get("cardType") == "counterpart"]
    ukeys, gkeys, ckeys = keys_for(units), keys_for(upgrades), keys_for(commands)
    pkeys = keys_for(counterparts)
    print(json.dumps({
        "source": "Legion HQ 2 card data (cards.json, MIT licence, last changed %s): ids, names, stats, "
                  "dice and keyword names only, no card text. Legion HQ keeps a vehicle's Resilience where a "
                  "trooper's Courage is; 0 there is \"-\". The 2026 core rules (shared/seeds/002) decide "
                  "how every keyword works." % date,
        "data_date": date,
        "units": {ukeys[c["id"]]: convert_unit(c) for c in sorted(units, key=lambda c: ukeys[c["id"]])},
        "upgrades": {gkeys[c["id"]]: convert_upgrade(c) for c in sorted(upgrades, key=lambda c: gkeys[c["id"]])},
        # command cards: pips and name, for reading a list (their effects are not modelled)
        "commands": {ckeys[c["id"]]: {"id": c["id"], "name": c["cardName"], "pips": number(c["cardSubtype"])}
                     for c in sorted(commands, key=lambda c: ckeys[c["id"]])},
        # counterparts (Iden's ID10, C-3PO, ...): names and points, for reading a list that
        # names one (they are not modelled)
        "counterparts": {pkeys[c["id"]]: {"id": c["id"], "name": c["cardName"], **names_of(c),
                                          "faction": c["faction"], "points": c["cost"]}
                         for c in sorted(counterparts, key=lambda c: pkeys[c["id"]])},
        "retired": retired(legion_data, cards),
    }, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
