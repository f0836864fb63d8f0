#!/usr/bin/env python3
# browser.py — the page in a real browser (Debian's chromium, headless, over its DevTools pipe): a link
# that carries the question fills the form and sends nothing (hostile text in it included) until its
# button is pressed; then the numbers shown equal the command's to 1e-12; the page's own share link
# gives them again; a screenshot is taken. Usage: browser.py ./neverodds [SHOT.png]
import base64
import fcntl
import html.parser
import json
import os
import select
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


class Chrome:
    """Headless Chromium driven over its DevTools pipe (--remote-debugging-pipe: JSON messages, each
    ending in a NUL, read on fd 3 and written on fd 4), with no library: the page is opened, its
    buttons pressed and its requests counted (a link must send none). Every wait is bounded."""

    def __init__(self, browser, profile, timeout=90):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        # the child's ends above 4 first, so that moving them to 3 and 4 overwrites neither
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 5) for fd in (to_r, from_w)]
        os.close(to_r)
        os.close(from_w)

        def child():
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        self.proc = subprocess.Popen(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--user-data-dir=" + profile, "--remote-debugging-pipe", "--window-size=1280,1400", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=child,
            close_fds=False)
        for fd in ends:
            os.close(fd)
        self.w, self.r, self.buf, self.last, self.events, self.timeout = to_w, from_r, b"", 0, [], timeout
        try:
            target = self.send("Target.createTarget", url="about:blank")["targetId"]
            self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            for domain in ("Page", "Network", "Runtime"):
                self.send(domain + ".enable", True)
        except (OSError, RuntimeError, TimeoutError):
            self.close()  # a browser that cannot be driven is not left running
            raise

    def receive(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.r], [], [], left)[0]:
                raise TimeoutError("chromium did not answer in time")
            got = os.read(self.r, 1 << 20)
            if not got:
                raise RuntimeError("chromium closed its pipe")
            self.buf += got
        text, _, self.buf = self.buf.partition(b"\0")
        message = json.loads(text)
        if "method" in message:
            self.events.append(message)
        return message

    def send(self, method, in_page=False, **params):
        self.last += 1
        message = {"id": self.last, "method": method, "params": params}
        if in_page:
            message["sessionId"] = self.session
        os.write(self.w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            m = self.receive(deadline)
            if m.get("id") == self.last:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})

    def js(self, expression):
        r = self.send("Runtime.evaluate", True, expression=expression, returnByValue=True, awaitPromise=True)
        return r.get("result", {}).get("value")

    def open(self, url):
        """A fresh load of url (not a move within the page), its requests counted from here."""
        self.send("Page.navigate", True, url="about:blank")
        self.events = []
        self.send("Page.navigate", True, url=url)
        deadline = time.monotonic() + self.timeout
        while not any(e["method"] == "Page.loadEventFired" for e in self.events):
            self.receive(deadline)

    def requests(self, part="/api/"):
        """The page's requests since it was opened whose URL holds `part`."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # what has arrived already (a quiet 0.2 s: all of it)
            if not select.select([self.r], [], [], 0.2)[0] and b"\0" not in self.buf:
                break
            self.receive(deadline + self.timeout)
        return [e["params"]["request"]["url"] for e in self.events
                if e["method"] == "Network.requestWillBeSent" and part in e["params"]["request"]["url"]]

    def press(self, button):
        """Presses the button and waits until the page has its answer (or its error)."""
        self.js(f"document.getElementById({json.dumps(button)}).click()")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            text = self.js("document.getElementById('status').textContent")
            if text != "computing…" and not text.startswith("Loaded from a link"):
                return
            time.sleep(0.1)
        raise TimeoutError(f"no answer after pressing {button}")

    def ids(self):
        d = Dom()
        d.feed(self.js("document.documentElement.outerHTML"))
        return d.by_id

    def screenshot(self, path):
        self.send("Page.bringToFront", True)  # a tab never shown has no picture ("Not attached to an active page")
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.send("Page.captureScreenshot", True, format="png")["data"]))

    def close(self):
        try:
            self.timeout = 10
            self.send("Browser.close")
        except (OSError, RuntimeError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
        os.close(self.r)


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
    chrome = None
    try:
        line = server.stdout.readline()
        if "http://" not in line:
            print(f"FAIL: the server did not start: {line}")
            return 1
        base = line.split()[2].rstrip("/")
        try:
            chrome = Chrome(browser, os.path.join(tmp, "profile"))
            chrome.open(base + "/")
        except (OSError, RuntimeError, TimeoutError) as e:
            print(f"browser: skipped: chromium cannot run here ({browser}: {e})")
            return 0
        t = Test()

        def fragment(**kv):
            return base + "/#" + urllib.parse.urlencode(kv, quote_via=urllib.parse.quote)

        def scenario(path):
            with open(os.path.join(ROOT, path)) as f:
                return json.dumps(json.load(f))

        def opened(what, url, button):
            """The link opened: nothing asked of the API, the form filled and a note to press
            `button`; then the button pressed. The page's elements by id."""
            chrome.open(url)
            sent = chrome.requests()
            note = chrome.js("document.getElementById('status').textContent")
            label = chrome.js(f"document.getElementById({json.dumps(button)}).textContent")
            t.check(f"{what}: the link sends nothing by itself", not sent, str(sent))
            t.check(f"{what}: the link says to press {label}", note.startswith("Loaded from a link") and label in note,
                    note)
            chrome.press(button)
            return chrome.ids()

        # the three questions of issue #26 (and a Monte Carlo one): the link fills the form; pressed,
        # the form's scenario runs; then the page's own share link, opened afresh, does the same
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
            ids = opened(what, url, "quick-use" if "#q=" in url else "run")
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
                expect(t, what + ", its share link opened",
                       opened(what + ", its share link", base + "/" + share, "run"), report)

        # compare: two inputs side by side, as `neverodds compare` gives them
        q = json.loads(scenario("profiles/xwing/quickstart.json"))
        inputs = [{"scenario": q, "label": "second edition"},
                  {"scenario": dict(q, rules="xwing-1e"), "label": "first edition"}]
        ids = opened("compare", fragment(tab="xwing", s=json.dumps(q), cmp=json.dumps(inputs), view="compare"),
                     "compare")
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
        ids = opened("matchup", fragment(tab="squads", a=a, b=b, view="matchup"), "matchup")
        ref = cli(binary, "matchup", "profiles/xwing/squads/rebels.xws", "profiles/xwing/squads/scum.xws")
        got = [[float(ids.get(f"cell-{i}-{r}", {}).get("data-value", "nan")) for r in (1, 2, 3)]
               for i in range(len(ref["cells"]))]
        want = [c["mean_damage_by_range"] for c in ref["cells"]]
        t.check("matchup of two pasted squads", len(want) > 0 and all(
            close(x, y) for g, w in zip(got, want) for x, y in zip(g, w)), f"page {got[:2]}, command {want[:2]}")

        # two Legion armies pasted as Legion HQ links: every cell's mean wounds, as `neverodds matchup`
        links = ["https://legionhq2.com/list/empire/1ayejex00,2ay0000",
                 "https://legionhq2.com/list/rebels/1ab0000,2ahed000"]
        ids = opened("Legion matchup",
                     fragment(tab="squads", a=links[0], b=links[1], tokens="aim,dodge", view="matchup"), "matchup")
        ref = cli(binary, "matchup", links[0], links[1], "--tokens", "aim,dodge")
        want = [c["mean_wounds"] for c in ref["cells"] if c.get("computed")]
        got = [float(ids.get(f"cell-{i}", {}).get("data-value", "nan")) for i in range(len(want))]
        t.check("matchup of two Legion armies (links)", len(want) > 0 and all(close(x, y) for x, y in zip(got, want)),
                f"page {got[:3]}, command {want[:3]}")

        # an error is the command's message, shown on the page
        bad = dict(q, attacker={"dice": 12})
        ids = opened("a bad scenario", fragment(tab="xwing", s=json.dumps(bad)), "run")
        page = chrome.js("document.documentElement.outerHTML")
        t.check("a bad scenario's message on the page",
                "scenario.json: attacker.dice: expected an integer from 0 to 10, got 12" in page and
                ids.get("status", {}).get("class") == "error", str(ids.get("status")))

        # a hostile link: a name (the chart's title) and a compare label that would be gnuplot
        # commands after their newline. Opened, it fills the form and sends nothing; pressed, the page
        # works and nothing runs on the server
        mark = os.path.join(tmp, "MARK")
        hostile = "Luke\nsystem 'touch " + mark + "'\n#"
        evil = dict(q, name=hostile)
        url = fragment(tab="xwing", s=json.dumps(evil), cmp=json.dumps([{"scenario": evil, "label": hostile}]),
                       view="run")
        ids = opened("a hostile link", url, "run")
        t.check("a hostile link: its name in the form", chrome.js(
            "document.querySelector('#form-xwing [data-key=name]').value") == hostile.replace("\n", ""))
        expect(t, "a hostile link, pressed", ids, cli(binary, "run", "profiles/xwing/quickstart.json"))
        t.check("a hostile link: its chart", ids.get("chart", {}).get("src", "").startswith("blob:"))
        chrome.press("compare")
        t.check("a hostile link: its compare pressed", "mean-1" in chrome.ids(), str(chrome.ids().get("status")))
        t.check("a hostile link: nothing run on the server", not os.path.exists(mark))
        # the fragment changed under the page (a link followed within it): filled, not run
        before = len(chrome.requests())
        chrome.js("location.hash = " + json.dumps(urllib.parse.urlparse(url).fragment.replace("Luke", "Wedge")))
        time.sleep(0.5)
        t.check("a changed fragment sends nothing", len(chrome.requests()) == before, str(chrome.requests()[before:]))
        t.check("a changed fragment fills the form", chrome.js(
            "document.querySelector('#form-xwing [data-key=name]').value").startswith("Wedge") and chrome.js(
            "document.getElementById('status').textContent").startswith("Loaded from a link"))

        # a screenshot of the page with its chart (looked at when it changes; README shows it)
        shot = shot_out or os.path.join(tmp, "page.png")
        opened("the screenshot's question", questions[1][1], "run")
        chrome.screenshot(os.path.abspath(shot))
        with open(shot, "rb") as f:
            png = f.read()
        t.check("a screenshot", png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 30000, f"{len(png)} bytes")
        print(f"browser: {t.passed} passed, {t.failed} failed" + (f" (screenshot: {shot})" if shot_out else ""))
        return 1 if t.failed else 0
    finally:
        if chrome:
            chrome.close()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        server.stdout.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
