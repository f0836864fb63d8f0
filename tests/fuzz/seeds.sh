#!/bin/sh
# seeds.sh [NEVERODDS] — (re)writes the seed corpus of the fuzz harnesses in tests/fuzz/corpus/
# from the project's own scenarios: every scenario file of profiles/ (those with a "game" key),
# the "scenario" of every tests/cases/*.json, tests/order/*.json, the scenarios tests/cli.sh
# writes with printf, the quick-notation lines of quick-seeds.txt and, when NEVERODDS (default
# ./neverodds) runs, the scenario each of those lines makes (--print-scenario).
# Run from anywhere; needs python3. Existing seed files are overwritten, none is deleted.
set -eu
cd "$(dirname "$0")/../.."
BIN=${1:-./neverodds}
OUT=tests/fuzz/corpus
mkdir -p "$OUT/scenario" "$OUT/quick" "$OUT/run"
python3 - "$OUT" <<'PY'
import glob, json, os, re, sys
out = sys.argv[1]
def put(name, text):
    for d in ("scenario", "run"):
        with open(os.path.join(out, d, name), "w") as f:
            f.write(text)
for path in sorted(glob.glob("profiles/*/*.json")):
    with open(path) as f:
        text = f.read()
    try:
        if "game" not in json.loads(text):
            continue  # the abilities and unit libraries
    except ValueError:
        continue
    put("profile-%s-%s" % (path.split("/")[1], os.path.basename(path)), text)
for path in sorted(glob.glob("tests/cases/*.json")):
    with open(path) as f:
        case = json.load(f)
    put("case-" + os.path.basename(path), json.dumps(case["scenario"], indent=1) + "\n")
for path in sorted(glob.glob("tests/order/*.json")):
    with open(path) as f:
        put("order-" + os.path.basename(path), f.read())
# tests/cli.sh: printf '{"game":...}' >"$T/NAME.json"
with open("tests/cli.sh") as f:
    for m in re.finditer(r"printf '(\{[^']*)' >\"\$T/([\w.-]+)\.json\"", f.read()):
        put("cli-%s.json" % m.group(2), m.group(1).replace("\\n", "\n") + "\n")
with open("tests/fuzz/quick-seeds.txt") as f:
    lines = [l.rstrip("\n") for l in f if not l.startswith("#") and "\t" in l]
for i, line in enumerate(lines):
    game, spec = line.split("\t", 1)
    with open(os.path.join(out, "quick", "%02d-%s" % (i, game)), "w") as f:
        f.write(game + "\n" + spec)
PY
if "$BIN" --version >/dev/null 2>&1; then
    i=0
    grep -v '^#' tests/fuzz/quick-seeds.txt | while IFS="$(printf '\t')" read -r game spec; do
        i=$((i + 1))
        name=$(printf 'quick-%02d-%s.json' "$i" "$game")
        if "$BIN" "$game" "$spec" --print-scenario >"$OUT/run/$name" 2>/dev/null; then
            cp "$OUT/run/$name" "$OUT/scenario/$name"
        else
            rm -f "$OUT/run/$name"
        fi
    done
else
    echo "seeds.sh: $BIN does not run: no seeds from --print-scenario (build it with make)" >&2
fi
echo "seeds: $(ls "$OUT/scenario" | wc -l) scenario, $(ls "$OUT/quick" | wc -l) quick, $(ls "$OUT/run" | wc -l) run"
