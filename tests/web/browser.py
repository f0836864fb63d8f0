#!/usr/bin/env python3
# browser.py — the page in a real browser (Debian's chromium, headless, --dump-dom): a link that
# carries the question fills the form and runs it; the numbers shown equal the command's to 1e-12;
# the page's own share link gives them again; a screenshot is taken. Usage: browser.py ./neverodds [SHOT.png]
import html.parser
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOL = 1e-12


class Dom(html.parser.HTMLParser):
    """The values the page shows: each element's id, data-value, href and src."""

    def __init__(self):
        super().__init__()
        self.by_id = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.by_id[a["id"]] = a


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browse(browser, profile, url, *extra):
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
           "--user-data-dir=" + profile, "--virtual-time-budget=20000", *extra, url]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return r.stdout


def shown(browser, profile, url):
    d = Dom()
    d.feed(browse(browser, profile, url, "--dump-dom"))
    return d.by_id


def cli(binary, *args):
    r = subprocess.run([binary, *args, "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise RuntimeError(f"{args}: {r.stderr}")
    return json.loads(r.stdout)


def close(a, b):
    return abs(a - b) <= TOL * max(1.0, abs(a), abs(b))


class Test:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, what, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}{': ' + detail if detail else ''}")


def numbers(ids, suffix=""):
    """The mean and P(kill) the page shows (data-value: the API's double, written whole)."""
    out = {}
    for key in ("mean" + suffix, "p-kill" + suffix):
        if key in ids and "data-value" in ids[key]:
            out[key] = float(ids[key]["data-value"])
    return out


def expect(t, what, ids, report, suffix=""):
    got = numbers(ids, suffix)
    want = {"mean" + suffix: report["damage"]["mean"]}
    if report.get("kill") and not suffix:
        want["p-kill"] = report["kill"]["probability"]
    status = ids.get("status", {})
    t.check(f"{what}: the numbers shown", set(got) == set(want) and all(close(got[k], want[k]) for k in want),
            f"page {got}, command {want}{' ' + str(status) if not got else ''}")


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "./neverodds")
    shot_out = sys.argv[2] if len(sys.argv) > 2 else None
    browser = chromium()
    if not browser:
        print("browser: skipped: chromium is not installed (apt-get install chromium)")
        return 0
    tmp = tempfile.mkdtemp()
    server = subprocess.Popen([binary, "serve", "--port", "0", "--workers", "2", "--budget", "60"],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        if "http://" not in line:
            print(f"FAIL: the server did not start: {line}")
            return 1
        base = line.split()[2].rstrip("/")
        profile = os.path.join(tmp, "profile")
        if "<html" not in browse(browser, profile, base + "/", "--dump-dom"):
            print(f"browser: skipped: chromium cannot run here ({browser} printed no page)")
            return 0
        t = Test()

        def fragment(**kv):
            return base + "/#" + urllib.parse.urlencode(kv, quote_via=urllib.parse.quote)

        def scenario(path):
            with open(os.path.join(ROOT, path)) as f:
                return json.dumps(json.load(f))

        # the three questions of issue #26 (and a Monte Carlo one): the link fills the form, the
        # form's scenario runs; then the page's own share link, opened afresh, shows the same
        questions = [
            ("quick notation", fragment(q="xwing:3 fl vs 2 fe r1"), cli(binary, "xwing", "3 fl vs 2 fe r1")),
            ("pilot against pilot", fragment(tab="xwing", s=scenario("tests/web/pilots.json")),
             cli(binary, "run", "tests/web/pilots.json")),
            ("Legion", fragment(tab="legion", s=scenario("profiles/legion/stormtroopers-vs-rebels.json")),
             cli(binary, "run", "profiles/legion/stormtroopers-vs-rebels.json")),
            ("Legion quick notation", fragment(q="legion:5w hit vs white surge light minis2"),
             cli(binary, "legion", "5w hit vs white surge light minis2")),
            ("Armada", fragment(tab="armada", s=scenario("profiles/armada/victory-vs-cr90.json")),
             cli(binary, "run", "profiles/armada/victory-vs-cr90.json")),
            ("Armada, an exhausted defense token", fragment(tab="armada", s=scenario("profiles/armada/contract-example.json")),
             cli(binary, "run", "profiles/armada/contract-example.json")),
            ("Monte Carlo, trials and seed in the link",
             fragment(tab="xwing", s=scenario("profiles/xwing/quickstart.json"), trials="20000", seed="7"),
             cli(binary, "run", "profiles/xwing/quickstart.json", "--trials", "20000", "--seed", "7")),
        ]
        for what, url, report in questions:
            ids = shown(browser, profile, url)
            expect(t, what, ids, report)
            t.check(f"{what}: the chart", ids.get("chart", {}).get("src", "").startswith("blob:"),
                    str(ids.get("chart")))
            share = ids.get("share", {}).get("href", "")
            t.check(f"{what}: a share link", share.startswith("#tab="), share)
            # the form keeps the scenario whole: the link's scenario is the one given (what the
            # form has no field for, and a token's state, included)
            given = urllib.parse.parse_qs(urllib.parse.urlparse(url).fragment).get("s")
            if given:
                back = urllib.parse.parse_qs(share[1:]).get("s", ["{}"])[0]
                t.check(f"{what}: the form gives back the scenario", json.loads(back) == json.loads(given[0]),
                        f"{back} against {given[0]}")
            if share.startswith("#"):
                expect(t, what + ", its share link opened", shown(browser, profile, base + "/" + share), report)

        # compare: two inputs side by side, as `neverodds compare` gives them
        q = json.loads(scenario("profiles/xwing/quickstart.json"))
        inputs = [{"scenario": q, "label": "second edition"},
                  {"scenario": dict(q, rules="xwing-1e"), "label": "first edition"}]
        ids = shown(browser, profile, fragment(tab="xwing", s=json.dumps(q), cmp=json.dumps(inputs), view="compare"))
        with open(os.path.join(tmp, "first.json"), "w") as f:
            json.dump(inputs[1]["scenario"], f)
        ref = cli(binary, "compare", "profiles/xwing/quickstart.json,label=second edition",
                  os.path.join(tmp, "first.json") + ",label=first edition")
        for i, r in enumerate(ref["results"]):
            expect(t, f"compare #{i + 1}", ids, r, suffix=f"-{i + 1}")

        # squads pasted as XWS: the matchup's table, as `neverodds matchup` gives it
        with open(os.path.join(ROOT, "profiles/xwing/squads/rebels.xws")) as f:
            a = f.read()
        with open(os.path.join(ROOT, "profiles/xwing/squads/scum.xws")) as f:
            b = f.read()
        ids = shown(browser, profile, fragment(tab="squads", a=a, b=b, view="matchup"))
        ref = cli(binary, "matchup", "profiles/xwing/squads/rebels.xws", "profiles/xwing/squads/scum.xws")
        got = [[float(ids.get(f"cell-{i}-{r}", {}).get("data-value", "nan")) for r in (1, 2, 3)]
               for i in range(len(ref["cells"]))]
        want = [c["mean_damage_by_range"] for c in ref["cells"]]
        t.check("matchup of two pasted squads", len(want) > 0 and all(
            close(x, y) for g, w in zip(got, want) for x, y in zip(g, w)), f"page {got[:2]}, command {want[:2]}")

        # two Legion armies pasted as Legion HQ links: every cell's mean wounds, as `neverodds matchup`
        links = ["https://legionhq2.com/list/empire/1ayejex00,2ay0000",
                 "https://legionhq2.com/list/rebels/1ab0000,2ahed000"]
        ids = shown(browser, profile, fragment(tab="squads", a=links[0], b=links[1], tokens="aim,dodge", view="matchup"))
        ref = cli(binary, "matchup", links[0], links[1], "--tokens", "aim,dodge")
        want = [c["mean_wounds"] for c in ref["cells"] if c.get("computed")]
        got = [float(ids.get(f"cell-{i}", {}).get("data-value", "nan")) for i in range(len(want))]
        t.check("matchup of two Legion armies (links)", len(want) > 0 and all(close(x, y) for x, y in zip(got, want)),
                f"page {got[:3]}, command {want[:3]}")

        # an error is the command's message, shown on the page
        bad = dict(q, attacker={"dice": 12})
        ids = shown(browser, profile, fragment(tab="xwing", s=json.dumps(bad)))
        page = browse(browser, profile, fragment(tab="xwing", s=json.dumps(bad)), "--dump-dom")
        t.check("a bad scenario's message on the page",
                "scenario.json: attacker.dice: expected an integer from 0 to 10, got 12" in page and
                ids.get("status", {}).get("class") == "error", str(ids.get("status")))

        # a screenshot of the page with its chart (looked at when it changes; README shows it)
        shot = shot_out or os.path.join(tmp, "page.png")
        browse(browser, profile, questions[1][1], "--screenshot=" + os.path.abspath(shot), "--window-size=1280,1400")
        with open(shot, "rb") as f:
            png = f.read()
        t.check("a screenshot", png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 30000, f"{len(png)} bytes")
        print(f"browser: {t.passed} passed, {t.failed} failed" + (f" (screenshot: {shot})" if shot_out else ""))
        return 1 if t.failed else 0
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        server.stdout.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
