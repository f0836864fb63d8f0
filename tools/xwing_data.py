#!/usr/bin/env python3
"""xwing_data.py — builds profiles/xwing/ships.json from the community xwing-data2 set (issue #10).

Usage: python3 tools/xwing_data.py ../shared/data/xwing-data2/data > profiles/xwing/ships.json

Takes facts and figures only (ids, names, numbers, slots, sizes, actions, which cards exist), never
the `ability`, `text` or `effect` sentences, per shared/data/README.md. The output is deterministic:
sorted keys, 2-space indent, lists in the data's own order.

What the output holds (every name lowercased, words joined by "-": "barrel-roll", "force-power"):
  ships     SHIP_XWS -> name, size, factions, attacks [{arc, value}], agility, hull, shields, actions.
            A ship flown by several factions appears once with every faction listed. In data 3.9.1
            every faction's copy has the same name, size, stats and actions; should a later version
            differ, the fields that differ are kept per faction under "by_faction" (and pilots of
            that faction carry their real "stats"/"actions", see below), so no number is lost.
            Huge ships add "energy" and "recovers" ({"shields": n, "energy": n}) when the data has them.
  actions   [{type, difficulty ("white"|"red"|"purple"), linked: {type, difficulty}}], in card order;
            "linked" only on linked actions (the action performed after the first one).
  pilots    PILOT_XWS -> name, ship, faction, initiative, force, charges (0 if none), cost, loadout,
            slots, limited, standard, extended, ship_ability (the id of the ship ability the
            card carries: its name in lowercase letters and digits). A pilot whose card changes the ship's stats or
            actions (the data's "shipStats"/"shipActions") carries the whole changed set as "stats"
            ({attacks, agility, hull, shields}) or "actions"; without them the ship's apply.
            Standard-loadout pilots have "standard_loadout" (upgrade ids) and no "loadout".
  upgrades  UPGRADE_XWS -> name, slots, cost (an integer, null when it has none, or the data's
            cost object kept whole if it is not a plain value), charges, force, limited, standard,
            extended, and when present attack {value, arc, minrange, maxrange, ordnance}, grants,
            restrictions. Multi-sided cards: the numbers are the first side's; "other_sides" lists
            each other side's name and numbers (sides have no xws id of their own in the data).
  factions  XWS faction id -> the data's faction directory name.
An XWS pilot id resolves as itself, or as PILOT-SHIP when PILOT flies SHIP (resolve_pilot below;
older exports, e.g. shared/data/xws/sample.json, write "dfs311-vultureclassdroidfighter").
"""
import json
import os
import re
import sys

SOURCE_NOTE = "facts only; ability texts are not copied"


def load(data_dir, relative):
    """Reads one JSON file; manifest paths start with "data/", which is data_dir itself."""
    if relative.startswith("data/"):
        relative = relative[len("data/"):]
    with open(os.path.join(data_dir, relative), encoding="utf-8") as f:
        return json.load(f)


def slug(name):
    """"Barrel Roll" -> "barrel-roll", "Force Power" -> "force-power": the XWS spelling of names."""
    return "-".join(name.lower().split())


def ability_id(name):
    """A ship ability's name -> its id in abilities.json: lowercase a-z0-9 only."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def arc_name(arc):
    """"Single Turret Arc" -> "single-turret", "Front Arc" -> "front"."""
    if arc.endswith(" Arc"):
        arc = arc[:-len(" Arc")]
    return slug(arc)


def convert_action(action):
    out = {"type": slug(action["type"]), "difficulty": action.get("difficulty", "White").lower()}
    if "linked" in action:
        out["linked"] = convert_action(action["linked"])
    return out


def convert_stats(stats):
    """The data's stats list -> {attacks, agility, hull, shields} plus energy/recovers when present.
    Missing agility/shields are 0 (some ships have no shields line)."""
    out = {"attacks": [], "agility": 0, "hull": 0, "shields": 0}
    recovers = {}
    for stat in stats:
        kind = stat["type"]
        if kind == "attack":
            out["attacks"].append({"arc": arc_name(stat["arc"]), "value": stat["value"]})
        elif kind in ("agility", "hull", "shields", "energy"):
            out[kind] = stat["value"]
            if "recovers" in stat:
                recovers[kind] = stat["recovers"]
        else:
            raise ValueError("unknown stat type %r" % kind)
    if recovers:
        out["recovers"] = recovers
    return out


def convert_ship(ship):
    """One faction's copy of a ship: the fields that may differ between factions."""
    out = {"name": ship["name"], "size": ship["size"].lower(),
           "actions": [convert_action(a) for a in ship.get("actions", [])]}
    out.update(convert_stats(ship["stats"]))
    return out


def merge_ship(entries):
    """Several factions' copies of one ship -> one record. The first faction (sorted) gives the
    top-level fields; any field another faction has differently goes under by_faction."""
    factions = sorted(entries)
    base = dict(entries[factions[0]])
    by_faction = {}
    for faction in factions[1:]:
        diff = {k: v for k, v in entries[faction].items() if base.get(k) != v}
        if diff:
            by_faction[faction] = diff
    base["factions"] = factions
    if by_faction:
        base["by_faction"] = by_faction
    return base


def amount(field):
    """A charges/force object {"value": n, "recovers": r} -> (n, r); absent -> (0, None)."""
    if not field:
        return 0, None
    return field.get("value", 0), field.get("recovers")


def add_pool(out, name, field):
    """Stores charges or force as a number, with its recovery and Force side when the card has them."""
    value, recovers = amount(field)
    out[name] = value
    if field and recovers is not None:
        out[name + "_recovers"] = recovers
    if field and "side" in field:
        out[name + "_side"] = sorted(field["side"])


def ship_view(ship_record, faction):
    """The stats and actions a pilot of this faction gets from the ship before its own changes."""
    view = {k: ship_record.get(k) for k in ("attacks", "agility", "hull", "shields")}
    view["actions"] = ship_record["actions"]
    view.update(ship_record.get("by_faction", {}).get(faction, {}))
    return view


def convert_pilot(pilot, ship_xws, faction, ship_record):
    out = {"name": pilot["name"], "ship": ship_xws, "faction": faction,
           "initiative": pilot["initiative"], "cost": pilot["cost"],
           "limited": pilot.get("limited", 0),
           "standard": bool(pilot.get("standard")), "extended": bool(pilot.get("extended")),
           "slots": [slug(s) for s in pilot.get("slots", [])]}
    if "loadout" in pilot:
        out["loadout"] = pilot["loadout"]
    if "standardLoadout" in pilot:
        out["standard_loadout"] = list(pilot["standardLoadout"])
    add_pool(out, "charges", pilot.get("charges"))
    add_pool(out, "force", pilot.get("force"))
    if "shipAbility" in pilot:  # its name only, as an id: "Concordia Faceoff" -> "concordiafaceoff"
        out["ship_ability"] = ability_id(pilot["shipAbility"]["name"])
    # Stats and actions are stored on the pilot whenever they differ from the ship's top-level
    # record, so "pilot.stats, else ship" is always the pilot's real card, whatever the faction.
    base = ship_view(ship_record, faction)
    stats = convert_stats(pilot["shipStats"]) if "shipStats" in pilot else \
        {k: base[k] for k in ("attacks", "agility", "hull", "shields")}
    if any(stats.get(k) != ship_record.get(k) for k in ("attacks", "agility", "hull", "shields")):
        out["stats"] = stats
    actions = [convert_action(a) for a in pilot["shipActions"]] if "shipActions" in pilot \
        else base["actions"]
    if actions != ship_record["actions"]:
        out["actions"] = actions
    return out


def convert_cost(cost):
    """{"value": n} -> n; no cost (standard-loadout-only cards) -> None; anything else kept whole."""
    if not cost:
        return None
    if set(cost) == {"value"}:
        return cost["value"]
    return json.loads(json.dumps(cost, sort_keys=True))


def convert_grant(grant):
    """Upgrade grants (stat changes, extra slots, arcs, actions, Force) as plain facts."""
    kind, value = grant["type"], grant["value"]
    out = {"type": kind}
    if kind == "action":
        out["action"] = convert_action(value)
    elif kind == "stat":
        out["stat"] = value
        if "arc" in grant:
            out["arc"] = arc_name(grant["arc"])
    elif kind == "slot":
        out["slot"] = slug(value)
    elif kind == "arc":
        out["arc"] = arc_name(value)
    elif kind == "force":
        out["force_side"] = sorted(value.get("side", []))
    else:
        raise ValueError("unknown grant type %r" % kind)
    if "amount" in grant:
        out["amount"] = grant["amount"]
    return out


def convert_restriction(restriction):
    """Who may equip the card: factions, ship ids, sizes, arcs, actions ... as facts."""
    out = {}
    for key, value in restriction.items():
        if key == "sizes":
            value = [v.lower() for v in value]
        elif key == "arcs":
            value = [arc_name(v) for v in value]
        elif key == "action":
            value = convert_action(value)
        elif key == "equipped":
            value = [slug(v) for v in value]
        out[key] = value
    return out


def convert_attack(attack):
    return {"value": attack["value"], "arc": arc_name(attack["arc"]),
            "minrange": attack["minrange"], "maxrange": attack["maxrange"],
            "ordnance": bool(attack.get("ordnance", False))}


def side_numbers(side):
    """The numbers one side of an upgrade card carries."""
    out = {"slots": [slug(s) for s in side.get("slots", [])]}
    add_pool(out, "charges", side.get("charges"))
    add_pool(out, "force", side.get("force"))
    if "attack" in side:
        out["attack"] = convert_attack(side["attack"])
    grants = [convert_grant(g) for g in side.get("grants", [])]
    if grants:
        out["grants"] = grants
    return out


def convert_upgrade(upgrade):
    first, others = upgrade["sides"][0], upgrade["sides"][1:]
    out = {"name": upgrade["name"], "cost": convert_cost(upgrade.get("cost")),
           "limited": upgrade.get("limited", 0),
           "standard": bool(upgrade.get("standard")), "extended": bool(upgrade.get("extended"))}
    out.update(side_numbers(first))
    if upgrade.get("standardLoadoutOnly"):
        out["standard_loadout_only"] = True
    restrictions = [convert_restriction(r) for r in upgrade.get("restrictions", [])]
    if restrictions:
        out["restrictions"] = restrictions
    if others:
        out["other_sides"] = [dict(name=side["title"], **side_numbers(side)) for side in others]
    return out


def faction_directories(manifest):
    """XWS faction id -> directory under pilots/, read off the manifest's ship paths."""
    out = {}
    for group in manifest["pilots"]:
        dirs = {path.split("/")[-2] for path in group["ships"]}
        if len(dirs) != 1:
            raise ValueError("faction %s spans directories %s" % (group["faction"], sorted(dirs)))
        out[group["faction"]] = dirs.pop()
    return out


def build(data_dir):
    manifest = load(data_dir, "manifest.json")
    ship_copies, raw_pilots = {}, []
    for group in manifest["pilots"]:
        for path in group["ships"]:
            ship = load(data_dir, path)
            if ship["faction"] != group["faction"]:
                raise ValueError("%s: faction %s listed under %s" % (path, ship["faction"], group["faction"]))
            ship_copies.setdefault(ship["xws"], {})[ship["faction"]] = convert_ship(ship)
            raw_pilots.extend((pilot, ship["xws"], ship["faction"]) for pilot in ship["pilots"])
    ships = {xws: merge_ship(copies) for xws, copies in ship_copies.items()}

    pilots = {}
    for pilot, ship_xws, faction in raw_pilots:
        if pilot["xws"] in pilots:
            raise ValueError("pilot id %s appears twice" % pilot["xws"])
        pilots[pilot["xws"]] = convert_pilot(pilot, ship_xws, faction, ships[ship_xws])

    upgrades = {}
    for path in manifest["upgrades"]:
        for upgrade in load(data_dir, path):
            if upgrade["xws"] in upgrades:
                raise ValueError("upgrade id %s appears twice" % upgrade["xws"])
            upgrades[upgrade["xws"]] = convert_upgrade(upgrade)

    return {"source": {"data": "xwing-data2", "version": manifest["version"], "licence": "MIT",
                       "note": SOURCE_NOTE},
            "factions": faction_directories(manifest),
            "ships": ships, "pilots": pilots, "upgrades": upgrades}


def resolve_pilot(data, pilot_id):
    """An XWS pilot id -> the pilot's xws id in data, or None. Accepts the id itself and the
    PILOT-SHIP form some exporters write, only when PILOT really flies SHIP."""
    if pilot_id in data["pilots"]:
        return pilot_id
    head, _, ship = pilot_id.rpartition("-")
    if head in data["pilots"] and data["pilots"][head]["ship"] == ship:
        return head
    return None


def dump(data):
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: %s XWING_DATA2_DATA_DIR > profiles/xwing/ships.json" % sys.argv[0])
    sys.stdout.buffer.write(dump(build(sys.argv[1])).encode("utf-8"))  # UTF-8 whatever the locale


if __name__ == "__main__":
    main()
