#!/usr/bin/env python3
"""readme.py — every example of README.md runs as written, and prints what it shows.

Usage: python3 tests/readme.py ./neverodds [README.md]

Two kinds of fenced block are run, each in a scratch directory of its own that holds the
repository's profiles/ (a link) and the binary as ./neverodds and, on PATH, as neverodds:

- a shown run: a block with lines starting "$ ". Each such line is a command (run by sh); the
  lines after it, up to the next "$ " line, are what it prints (stdout and stderr together),
  compared line by line (trailing spaces and trailing empty lines aside). A line "..." skips any
  number of lines. The command must exit 0, or N when the line ends "# exit N".
- a ```sh block: each line is a command and must exit 0 (or "# exit N"); its output is not
  compared. Lines of make and mpirun are not run (make test runs them its own way).

Everything is deterministic (exact runs, and Monte Carlo runs with a seed), so the numbers must
match exactly. Exit status 1 when any example fails, with a diff naming the README line.
"""
import difflib
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile

NOT_RUN = ("make", "mpirun")          # first words of lines a ```sh block shows but we do not run
TIMEOUT = 300
NAME = ["README.md"]                  # the file checked, for the messages


def blocks(text):
    """Yield (first line number, info string, lines) of every fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        yield i + 2, m.group(1), lines[i + 1:j]
        i = j + 1


def expected_status(command):
    m = re.search(r"#\s*exit\s+(\d+)\s*$", command)
    return int(m.group(1)) if m else 0


def matches(want, got):
    """want (with "..." lines) matches got as a whole."""
    @functools.lru_cache(maxsize=None)
    def at(w, g):
        if w == len(want):
            return g == len(got)
        if want[w].strip() == "...":
            return any(at(w + 1, k) for k in range(g, len(got) + 1))
        return g < len(got) and want[w] == got[g] and at(w + 1, g + 1)
    return at(0, 0)


def first_difference(want, got, first):
    """Where want stops matching got, greedily (each shown line at the first place it fits), as
    lines to print: the README's line, and what the program printed there."""
    g, skipping = 0, False
    for w, line in enumerate(want):
        if line.strip() == "...":
            skipping = True
            continue
        found = g if g < len(got) and got[g] == line else None
        if found is None and skipping:
            found = next((k for k in range(g, len(got)) if got[k] == line), None)
        if found is None:
            near = got[g:g + 3] if not skipping else difflib.get_close_matches(line, got[g:], 1, 0.6)
            return ["%s:%d shows:  %s" % (NAME[0], first + w, line),
                    "the program prints: " + (near[0] if near else "(nothing more)")] + \
                   ["                    " + l for l in near[1:]]
        g, skipping = found + 1, False
    if g < len(got) and not skipping:
        return ["the program prints more after the block's last line (end it with a line \"...\"?):",
                "                    " + got[g]]
    return ["(no single line differs: check the \"...\" lines)"]


def trim(lines):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


class Runner:
    def __init__(self, binary, repo):
        self.binary = os.path.abspath(binary)
        self.repo = repo
        self.failures = 0
        self.checked = 0

    def scratch(self):
        d = tempfile.mkdtemp(prefix="neverodds-readme.")
        os.symlink(os.path.join(self.repo, "profiles"), os.path.join(d, "profiles"))
        os.symlink(self.binary, os.path.join(d, "neverodds"))
        os.mkdir(os.path.join(d, ".bin"))
        os.symlink(self.binary, os.path.join(d, ".bin", "neverodds"))
        return d

    def run(self, command, cwd):
        env = dict(os.environ, PATH=os.path.join(cwd, ".bin") + os.pathsep + os.environ["PATH"])
        p = subprocess.run(["sh", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode("utf-8", "replace").split("\n")

    def fail(self, where, command, message, detail=()):
        self.failures += 1
        print("FAIL: %s:%d: %s\n      %s" % (NAME[0], where, command, message))
        for line in detail:
            print("      " + line)

    def check_status(self, where, command, status, output):
        want = expected_status(command)
        if status != want:
            self.fail(where, command, "exit %d, expected %d" % (status, want), trim(output)[-5:])
            return False
        return True

    def shown_run(self, first, lines):
        cwd = self.scratch()
        try:
            i = 0
            while i < len(lines):
                if not lines[i].startswith("$ "):
                    i += 1
                    continue
                command, where = lines[i][2:], first + i
                j = i + 1
                while j < len(lines) and not lines[j].startswith("$ "):
                    j += 1
                want, i = trim(lines[i + 1:j]), j
                self.checked += 1
                status, got = self.run(command, cwd)
                got = trim(got)
                if not self.check_status(where, command, status, got):
                    continue
                if not matches(want, got):
                    self.fail(where, command, "prints something else than the README shows:",
                              first_difference(want, got, where + 1))
        finally:
            shutil.rmtree(cwd)

    def sh_block(self, first, lines):
        cwd = self.scratch()
        try:
            for n, line in enumerate(lines):
                command = line.strip()
                if not command or command.startswith("#") or command.split()[0] in NOT_RUN:
                    continue
                self.checked += 1
                status, got = self.run(command, cwd)
                self.check_status(first + n, command, status, got)
        finally:
            shutil.rmtree(cwd)


def main(argv):
    if len(argv) < 2:
        print("usage: python3 tests/readme.py ./neverodds [README.md]", file=sys.stderr)
        return 2
    readme = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "README.md")
    readme = os.path.abspath(readme)
    NAME[0] = os.path.basename(readme)
    runner = Runner(argv[1], os.path.dirname(readme))
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    for first, info, lines in blocks(text):
        if any(l.startswith("$ ") for l in lines):
            runner.shown_run(first, lines)
        elif info == "sh":
            runner.sh_block(first, lines)
    print("readme: %d commands, %d failed" % (runner.checked, runner.failures))
    return 1 if runner.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
