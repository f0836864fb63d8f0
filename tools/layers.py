#!/usr/bin/env python3
"""layers.py — check that the include graph of src/ respects its layers and has no circles.

Usage (from the repository root): python3 tools/layers.py [--objects BUILD_DIR] [--graph]

Why: the layers in tools/layers.txt (core, rules, io, ... cli, lowest first) are what keep the
library testable piece by piece; one include that points up, or two modules that need each other,
quietly welds them together. This checks, for every *.c/*.h under src/ and include/neverodds/*.h:
  - every file lies in a layer, and every `#include "X"` resolves to one of those files;
  - no file includes a header of a higher layer ("up");
  - no circle between modules (a module: one stem, i.e. foo.c with its foo.h, and a public header
    include/neverodds/foo.h with the src/**/foo.c that implements it);
  - with --objects DIR: the same two checks on the link graph that `nm` shows between the objects
    under DIR (a call through a function pointer is not seen, which is intended: that is how a
    lower layer is meant to call up).
--graph also prints the module graph, one line per module, for the docs.
Exit 0 with a one-line summary when clean; otherwise one line per problem and exit 1.

tools/layers.txt: `NAME: GLOB GLOB ...`, lowest layer first; an indented line continues the line
above it; `#` starts a comment line. A file belongs to the FIRST line whose glob matches it (file
order, not rank), so specific globs go before general ones. Globs are fnmatch's, whose `*` also
matches `/`.
"""
import argparse
import fnmatch
import os
import re
import subprocess
import sys
from collections import defaultdict

LAYERS_FILE = "tools/layers.txt"
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')  # quoted only: <...> is the system's


def read_layers(path):
    """[(name, [globs])] in file order; a layer's rank is the order its name first appears."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            if raw[0].isspace() and lines:  # continuation of the line above
                lines[-1][1].extend(raw.split())
                continue
            name, sep, globs = raw.partition(":")
            if not sep or not name.strip():
                sys.exit(f"{path}:{n}: expected `NAME: GLOB ...`")
            lines.append((name.strip(), globs.split()))
    return lines


def scan_files():
    files = []
    for top in ("src", "bench"):  # the benchmarks sit on top of the library, as the commands do
        for root, dirs, names in os.walk(top):
            dirs.sort()
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith((".c", ".h"))]
    if os.path.isdir("include/neverodds"):
        files += [os.path.join("include/neverodds", n)
                  for n in sorted(os.listdir("include/neverodds")) if n.endswith(".h")]
    return [f.replace(os.sep, "/") for f in files]


def resolve(including, name, known):
    """Where the compiler (-Iinclude -Isrc) finds `#include "name"`: the first existing candidate."""
    for base in (os.path.dirname(including), "include", "src"):
        cand = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if os.path.isfile(cand):
            return cand if cand in known else None
    return None


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def tarjan(graph):
    """Strongly connected components of {node: set(nodes)}, iteratively (no recursion limit)."""
    index, low, on_stack, stack, sccs = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, succ = work[-1]
            nxt = next(succ, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    scc = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        scc.append(m)
                        if m == node:
                            break
                    sccs.append(sorted(scc))
            elif nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                on_stack.add(nxt)
                work.append((nxt, iter(sorted(graph.get(nxt, ())))))
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
    return sccs


def circle_text(graph, scc):
    """A readable circle: the shortest cycle through the component's first module (breadth-first
    inside the component), plus the modules of the component that this cycle misses."""
    members, start = set(scc), scc[0]
    prev, frontier = {start: None}, [start]
    end = None
    while frontier and end is None:
        nxt = []
        for a in frontier:
            for b in sorted(graph[a] & members):
                if b == start:
                    end = a
                    break
                if b not in prev:
                    prev[b] = a
                    nxt.append(b)
            if end is not None:
                break
        frontier = nxt
    path = []
    while end is not None:  # walk back from the module that closes the cycle to start
        path.append(end)
        end = prev[end]
    path.reverse()
    text = " -> ".join(path + [start])
    rest = [m for m in scc if m not in path]
    return text + (f" (with {', '.join(rest)})" if rest else "")


def nm_symbols(obj):
    """(defined globals, undefined) of one object file, from `nm -P` (name type value size)."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind.isupper():  # T D R B C ... W V: defined and visible to other objects
            defined.add(name)
    return defined, undefined


def main():
    ap = argparse.ArgumentParser(description="Check the layers and circles of the include graph.")
    ap.add_argument("--objects", metavar="BUILD_DIR", help="also check the link graph of DIR/**/*.o")
    ap.add_argument("--graph", action="store_true", help="print the module graph")
    args = ap.parse_args()
    if not os.path.isfile(LAYERS_FILE):
        sys.exit(f"layers: no {LAYERS_FILE} here; run from the repository root")

    lines = read_layers(LAYERS_FILE)
    rank = {}
    for name, _ in lines:
        rank.setdefault(name, len(rank))
    problems = []

    files = scan_files()
    known = set(files)
    layer = {}
    for f in files:
        layer[f] = next((name for name, globs in lines
                         if any(fnmatch.fnmatchcase(f, g) for g in globs)), None)
        if layer[f] is None:
            problems.append(f"{f}: in no layer of {LAYERS_FILE}")

    # The include graph between files.
    includes = []  # (file, included file)
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as src:
            for n, text in enumerate(src, 1):
                m = INCLUDE_RE.match(text)
                if not m:
                    continue
                target = resolve(f, m.group(1), known)
                if target is None:
                    problems.append(f'{f}:{n}: #include "{m.group(1)}" resolves to no scanned file')
                else:
                    includes.append((f, target))

    # a. Includes that point up a layer.
    for f, h in includes:
        lf, lh = layer[f], layer[h]
        if lf and lh and rank[lh] > rank[lf]:
            problems.append(f"{f} includes {h}: layer {lf} includes {lh} (up)")

    # Modules. A stem names one module across src/, since a public header and an object file only
    # give a stem; two src/**/STEM.c would make that ambiguous, so that is an error (and the
    # ambiguous stem joins nothing).
    c_by_stem = defaultdict(list)
    for f in files:
        if f.startswith("src/") and f.endswith(".c"):
            c_by_stem[stem(f)].append(f)
    for s, cs in sorted(c_by_stem.items()):
        if len(cs) > 1:
            problems.append(f"stem {s} is not unique in src/: {', '.join(cs)}")
    impl = {s: cs[0][:-2] for s, cs in c_by_stem.items() if len(cs) == 1}
    module = {}
    for f in files:
        if f.startswith("include/neverodds/") and stem(f) in impl:
            module[f] = impl[stem(f)]
        else:
            module[f] = os.path.splitext(f)[0]  # foo.c and foo.h in one directory share this
    # A module's layer is its .c file's (that is what gets linked), else its header's.
    mod_layer = {}
    for f in sorted(files, key=lambda f: not f.endswith(".c")):
        mod_layer.setdefault(module[f], layer[f])

    # b. Circles between modules (a module including its own header is no circle).
    graph = {m: set() for m in module.values()}
    for f, h in includes:
        if module[f] != module[h]:
            graph[module[f]].add(module[h])
    for scc in tarjan(graph):
        if len(scc) > 1:
            problems.append(f"circle: {circle_text(graph, scc)}")

    if args.graph:
        width = max(len(str(v)) for v in mod_layer.values())
        for m in sorted(graph, key=lambda m: (rank.get(mod_layer[m], -1), m)):
            print(f"{str(mod_layer[m]):<{width}} {m} -> {' '.join(sorted(graph[m])) or '-'}")

    # c. The link graph, from the symbols the objects define and use.
    n_objects = 0
    if args.objects:
        defs, uses = defaultdict(set), defaultdict(set)  # module -> symbols
        for root, dirs, names in os.walk(args.objects):
            dirs.sort()
            for n in sorted(names):
                # Objects of tests, benches and since-moved sources match no src/**/STEM.c: skipped.
                if not n.endswith(".o") or stem(n) not in impl:
                    continue
                try:
                    d, u = nm_symbols(os.path.join(root, n))
                except (OSError, subprocess.CalledProcessError) as e:
                    problems.append(f"{os.path.join(root, n)}: nm failed: {e}")
                    continue
                n_objects += 1
                defs[impl[stem(n)]] |= d
                uses[impl[stem(n)]] |= u
        definer = defaultdict(set)
        for m, syms in defs.items():
            for s in syms:
                definer[s].add(m)
        link = {m: set() for m in defs}
        used = defaultdict(list)  # (a, b) -> symbols a takes from b
        for a, syms in uses.items():
            for s in sorted(syms):
                for b in definer.get(s, ()):
                    if b != a:
                        link[a].add(b)
                        used[a, b].append(s)
        for scc in tarjan(link):
            if len(scc) > 1:
                problems.append(f"link circle: {circle_text(link, scc)}")
        for (a, b), syms in sorted(used.items()):
            la, lb = mod_layer.get(a), mod_layer.get(b)
            if la and lb and rank[lb] > rank[la]:
                more = f" (and {len(syms) - 1} more)" if len(syms) > 1 else ""
                problems.append(f"{a} uses {b}'s {syms[0]}{more}: layer {la} calls {lb} (up)")

    if problems:
        print("\n".join(problems))
        return 1
    print(f"layers: {len(files)} files, {len(includes)} includes, no circle, nothing points up"
          + (f" (nor in the links of {n_objects} objects)" if args.objects else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
