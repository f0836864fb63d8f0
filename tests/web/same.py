#!/usr/bin/env python3
# same.py — are two JSON reports the same? Every key and string equal, every number within 1e-12
# (relative past 1); the API's own additions ("svg", "warnings", "chart_error") left aside.
# Usage: same.py API.json CLI.json — exit 0, or 1 with the first difference's path.
import json
import sys

TOL = 1e-12
ADDED = {"svg", "warnings", "chart_error"}


def differ(a, b, path):
    if isinstance(a, dict) and isinstance(b, dict):
        ka, kb = set(a) - ADDED, set(b) - ADDED
        if ka != kb:
            return f"{path}: keys differ: {sorted(ka ^ kb)}"
        for k in sorted(ka):
            d = differ(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = differ(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    num = (int, float)
    if isinstance(a, num) and isinstance(b, num) and not isinstance(a, bool) and not isinstance(b, bool):
        if abs(a - b) <= TOL * max(1.0, abs(a), abs(b)):
            return None
        return f"{path}: {a!r} against {b!r}"
    return None if a == b else f"{path}: {a!r} against {b!r}"


def main():
    with open(sys.argv[1]) as f:
        a = json.load(f)
    with open(sys.argv[2]) as f:
        b = json.load(f)
    d = differ(a, b, "$")
    if d:
        print(d)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
