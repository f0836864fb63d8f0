#!/usr/bin/env python3
"""run.py — every X-Wing card the abilities library models, tested, and the coverage counted.

Usage: python3 tests/xwing_cards/run.py ./neverodds

1. profiles/xwing/dice-cards.json (the classification: every pilot, upgrade and ship ability of
   xwing-data2 that acts on dice, modelled or why not) names only abilities that exist, of the
   card's kind (pilot, ship ability, upgrade; reprints may share one record);
2. every ability of profiles/xwing/abilities.json has at least one case in cases.json;
3. each case's scenario, run exact (`neverodds run FILE --exact --format json`), gives the values
   its `expect` names (fractions or decimals, worked by hand or by an independent enumeration, to
   1e-12); a case that does not run fails;
4. no summary, assumption or reason of the two profiles copies a card's text: no run of 40
   characters of theirs appears in an `ability` or `text` of xwing-data2 (when the data set is
   at $XWING_DATA, default ../shared/data/xwing-data2/data; else the check says it is skipped);
5. prints the coverage: dice cards modelled / dice cards classified.
Exit status 0 when every check passes, else 1 with each failure printed.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = os.path.join(ROOT, "tests", "xwing_cards", "cases.json")
LIBRARY = os.path.join(ROOT, "profiles", "xwing", "abilities.json")
CLASSIFICATION = os.path.join(ROOT, "profiles", "xwing", "dice-cards.json")
TOLERANCE = 1e-12
DATA = os.environ.get("XWING_DATA", os.path.join(ROOT, "..", "shared", "data", "xwing-data2", "data"))
RUN = 40  # characters in a row that count as copied


def card_texts():
    """Every ability and text sentence of xwing-data2, lowercased, or None without the data."""
    if not os.path.isdir(DATA):
        return None
    out = []
    for folder, _, files in os.walk(DATA):
        for name in files:
            if name.endswith(".json"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    stack = [json.load(f)]
                while stack:
                    v = stack.pop()
                    if isinstance(v, dict):
                        out.extend(t.lower() for k, t in v.items() if k in ("ability", "text") and isinstance(t, str))
                        stack.extend(v.values())
                    elif isinstance(v, list):
                        stack.extend(v)
    return "\n".join(out)


def copied(ours, texts):
    """The first run of RUN characters of `ours` found in the card texts, or None."""
    low = ours.lower()
    for i in range(0, max(len(low) - RUN + 1, 0)):
        if low[i:i + RUN] in texts:
            return low[i:i + RUN]
    return None


def value_at(report, path):
    """"damage.pmf[1]" -> report["damage"]["pmf"][1]."""
    node = report
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]
    return node


def number(text):
    return float(Fraction(text)) if isinstance(text, str) else float(text)


def run_case(binary, index, case):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(case["scenario"], f)
        path = f.name
    try:
        out = subprocess.run([binary, "run", path, "--exact", "--format", "json"] + case.get("options", []),
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    where = "case %d (%s: %s)" % (index, case.get("ability"), case.get("what", "")[:60])
    if out.returncode != 0:
        return ["%s: exit %d: %s" % (where, out.returncode, out.stderr.strip()[:300])]
    report = json.loads(out.stdout)
    failures = []
    for path, want in case["expect"].items():
        try:
            got = value_at(report, path)
        except (KeyError, IndexError, TypeError):
            failures.append("%s: no %s in the report" % (where, path))
            continue
        if isinstance(got, str) or isinstance(want, str) and not re.fullmatch(r"-?[\d/.]+", want):
            if got != want:  # a text of the report (abilities_off)
                failures.append("%s: %s is %r, expected %r" % (where, path, got, want))
        elif abs(float(got) - number(want)) > TOLERANCE:
            failures.append("%s: %s is %.15g, expected %s" % (where, path, got, want))
    return failures


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "neverodds")
    with open(CASES, encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    with open(LIBRARY, encoding="utf-8") as f:
        abilities = json.load(f)["abilities"]
    with open(CLASSIFICATION, encoding="utf-8") as f:
        cards = json.load(f)["cards"]
    failures = []
    for card in cards:
        if card["status"] == "modelled":
            a = abilities.get(card.get("ability"))
            if a is None:
                failures.append("dice-cards: %s (%s) names ability %r, not in the library" %
                                (card["id"], card["type"], card.get("ability")))
            elif (a["type"] == "pilot") != (card["type"] == "pilot") or (a["type"] == "ship") != (card["type"] == "ship"):
                failures.append("dice-cards: %s (%s) names ability %s of %s (%s)" %
                                (card["id"], card["type"], card["ability"], a["xws"], a["type"]))
        elif not card.get("reason"):
            failures.append("dice-cards: %s (%s) is not modelled and says no reason" % (card["id"], card["type"]))
    texts = card_texts()
    if texts is None:
        print("xwing cards: the copy check is skipped (no xwing-data2 at %s; set XWING_DATA)" % DATA)
    else:
        if copied(texts[:200] + "x" * RUN, texts) is None:
            failures.append("the copy check cannot find a planted card text")
        for key, a in abilities.items():
            for field in ("summary", "assumes"):
                hit = copied(a.get(field, ""), texts)
                if hit:
                    failures.append("abilities.json: %s.%s copies card text: %r" % (key, field, hit))
        for card in cards:
            hit = copied(card.get("reason", ""), texts)
            if hit:
                failures.append("dice-cards: %s reason copies card text: %r" % (card["id"], hit))
    tested = {c["ability"] for c in cases}
    for name in sorted(set(abilities) - tested):
        failures.append("abilities.json: %s has no case in cases.json" % name)
    for c in cases:
        if c["ability"] not in abilities:
            failures.append("cases.json: a case for %s, which is not in the library" % c["ability"])
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for result in pool.map(lambda ic: run_case(binary, *ic), enumerate(cases)):
            failures.extend(result)
    for message in failures:
        print("FAIL " + message)
    modelled = sum(1 for c in cards if c["status"] == "modelled")
    print("xwing cards: %d cases of %d abilities; %d of %d dice cards modelled (%.0f%%)%s"
          % (len(cases), len(abilities), modelled, len(cards), 100.0 * modelled / max(len(cards), 1),
             "" if not failures else "; %d failures" % len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
