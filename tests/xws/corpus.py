#!/usr/bin/env python3
"""corpus.py — every real tournament list of ListFortress (6,272 exports, 2018-2019, every
builder's dialect) through `neverodds squad FILE --format json`: the load rate, overall and per
builder, against the bar of issue #41 ("every builder's export loads").

Usage: python3 tests/xws/corpus.py [TARBALL [NEVERODDS]] [--failures]
       (default ../shared/data/xws/listfortress-even-tournaments.tgz relative to the project
       root, and ./neverodds); --failures prints the message of each file that does not load.

The tarball is unpacked into a temporary directory. Each file is one player's list as their
builder exported it; its builder is told by its content:
  yasb, lbn, sb2xws, xwsd   the key of its "vendor" block (YASB, Launch Bay Next, SB2XWS, X-Wing
                            Squads Designer);
  lbn-saved                 Launch Bay Next's older saved list: top-level "favourite", no vendor;
  none                      JSON with no vendor block;
  text                      not JSON (a builder's text export pasted in: BBCode, HTML).
Files that hold no squad are not squads to load: a builder's empty list ("pilots": []), a JSON
object with no "pilots" (a converter's error message) and text exports. Each must be refused
(exit 2, one message on stderr naming the file, nothing on stdout; a text export by saying what
it is). The load rate is over the files that hold a squad; the rate over every file is printed
too.
Passes when the rate is at least 99.8% overall and 100% for Launch Bay Next (lbn and lbn-saved),
and every file that holds no squad is refused as said. Exit status 0 on a pass, 1 otherwise.
"""
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TARBALL = os.path.join(ROOT, "..", "shared", "data", "xws", "listfortress-even-tournaments.tgz")
OVERALL_BAR, LBN_BAR = 99.8, 100.0
LBN = ("lbn", "lbn-saved")


def builder_and_kind(path):
    """(builder, kind): kind "squad", or why the file holds none ("empty", "no pilots", "text")."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    try:
        d = json.loads(text)
    except ValueError:
        return "text", "text"
    if not isinstance(d, dict):
        return "none", "no pilots"
    vendor = d.get("vendor")
    if isinstance(vendor, dict) and vendor:
        builder = next(iter(vendor))
    else:
        builder = "lbn-saved" if "favourite" in d else "none"
    if "pilots" not in d:
        return builder, "no pilots"
    return builder, "squad" if d["pilots"] != [] else "empty"


def load(neverodds, path):
    """(exit status, stdout, stderr) of `neverodds squad PATH --format json`."""
    p = subprocess.run([neverodds, "squad", path, "--format", "json"], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def refused_well(rc, out, err, path, kind):
    """A file that holds no squad: exit 2, nothing on stdout, its message naming the file."""
    last = err.strip().splitlines()[-1] if err.strip() else ""
    ok = rc == 2 and not out and last.startswith("neverodds: " + path + ": ")
    return ok and (kind != "text" or "text export" in last)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    tarball = args[0] if args else TARBALL
    neverodds = os.path.abspath(args[1] if len(args) > 1 else os.path.join(ROOT, "neverodds"))
    show = "--failures" in argv
    if not os.path.isfile(tarball):
        print("xws corpus: skipped (the data set is not at %s)" % tarball)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tarball) as t:
            t.extractall(tmp, filter="data") if hasattr(tarfile, "data_filter") else t.extractall(tmp)
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(tmp) for f in fs if f.endswith(".json"))
        kinds = {f: builder_and_kind(f) for f in files}
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = dict(zip(files, pool.map(lambda f: load(neverodds, f), files)))
        tally = collections.defaultdict(lambda: [0, 0])  # builder -> [loaded, squads]
        refused = collections.Counter()
        problems = []
        for f in files:
            builder, kind = kinds[f]
            rc, out, err = results[f]
            name = os.path.relpath(f, tmp)
            if kind != "squad":
                refused[kind] += 1
                if not refused_well(rc, out, err, f, kind):
                    problems.append("%s (%s, holds no squad): not refused as it should be: exit %d, %s"
                                    % (name, kind, rc, err.strip().replace(tmp + "/", "")))
                continue
            tally[builder][1] += 1
            if rc == 0:
                tally[builder][0] += 1
            elif show:
                print("  %s (%s): %s" % (name, builder, err.strip().splitlines()[-1].replace(tmp + "/", "")))
        loaded = sum(v[0] for v in tally.values())
        squads = sum(v[1] for v in tally.values())
        rate = lambda a, b: 100.0 * a / b if b else 100.0
        print("xws corpus: %d files (%s); %d hold a squad" % (len(files), os.path.basename(tarball), squads))
        for b in sorted(tally, key=lambda b: -tally[b][1]):
            print("  %-10s %5d of %5d load  %7.2f%%" % (b, tally[b][0], tally[b][1], rate(*tally[b])))
        lbn = [sum(tally[b][k] for b in LBN) for k in (0, 1)]
        print("  %-10s %5d of %5d load  %7.2f%%  (Launch Bay Next, both shapes)" % ("lbn, all", lbn[0], lbn[1],
                                                                                   rate(*lbn)))
        print("  overall    %5d of %5d load  %7.2f%%  (of every file: %d of %d, %.2f%%)"
              % (loaded, squads, rate(loaded, squads), loaded, len(files), rate(loaded, len(files))))
        print("  refused, holding no squad: %s" % (", ".join("%d %s" % (n, k) for k, n in sorted(refused.items()))
                                                  or "none"))
        if rate(loaded, squads) < OVERALL_BAR:
            problems.append("overall load rate %.2f%% is below %.1f%%" % (rate(loaded, squads), OVERALL_BAR))
        if rate(*lbn) < LBN_BAR:
            problems.append("Launch Bay Next load rate %.2f%% is below %.1f%%" % (rate(*lbn), LBN_BAR))
    for p in problems:
        print("FAIL: " + p)
    print("xws corpus: %s" % ("FAILED" if problems else "passed"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
