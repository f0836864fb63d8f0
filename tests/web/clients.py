#!/usr/bin/env python3
"""clients.py -- the clients tests/web/api.sh needs that curl is not: a slow one, many at once, one
that leaves, one whose server's children are watched. Loopback only; every socket is closed and
every wait bounded. Usage:
  clients.py slow URL              headers one line a second; prints the seconds until the server
                                   closed the connection, or "open" after 16 s
  clients.py per-ip URL N          N idle connections, then one more; prints "refused" when the
                                   server closed the last one at once, else "accepted"
  clients.py leave URL PATH BODY SERVER_PID
                                   posts BODY (a file), leaves after 1 s of computing; prints the
                                   milliseconds until SERVER_PID has no child left (or "running")
  clients.py raw URL HEAD N        sends HEAD (a Python bytes literal: b"...") and N bytes of body;
                                   prints how many status lines came back, the first one's status
  clients.py peak URL PATH BODY SERVER_PID
                                   posts BODY, watches SERVER_PID's children (once they are the
                                   command) while it computes; prints the status and their
                                   largest VmPeak and VmHWM in MB
"""
import ast
import http.client
import os
import socket
import sys
import threading
import time
import urllib.parse


def address(url):
    u = urllib.parse.urlsplit(url)
    return u.hostname, u.port


def slow(url):
    s = socket.create_connection(address(url), timeout=2)
    t0 = time.monotonic()
    s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
    s.settimeout(1)
    try:
        for i in range(16):
            try:
                if s.recv(4096) == b"":
                    return "%.1f" % (time.monotonic() - t0)
            except socket.timeout:
                pass
            s.sendall(b"X-Slow-%d: one line a second\r\n" % i)
    except OSError:  # reset: closed by the server
        return "%.1f" % (time.monotonic() - t0)
    finally:
        s.close()
    return "open"


def per_ip(url, n):
    held = [socket.create_connection(address(url), timeout=2) for _ in range(n)]
    try:
        time.sleep(0.2)
        last = socket.create_connection(address(url), timeout=1)
        held.append(last)
        try:
            return "refused" if last.recv(1) == b"" else "accepted"
        except socket.timeout:
            return "accepted"
        except OSError:
            return "refused"
    finally:
        for s in held:
            s.close()


def children(pid):
    kids = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                with open("/proc/%s/stat" % p) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        kids.append(int(p))
            except (OSError, IndexError, ValueError):
                pass
    return kids


def post(url, path, body, timeout):
    host, port = address(url)
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    return c


def leave(url, path, body, pid):
    c = post(url, path, body, 2)
    time.sleep(1)
    if not children(pid):
        c.close()
        return "no child started"
    c.close()
    t0 = time.monotonic()
    while time.monotonic() - t0 < 3:
        if not children(pid):
            return "%.0f" % ((time.monotonic() - t0) * 1000)
        time.sleep(0.005)
    return "running"


def status_kb(pid, key):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def computing(pid):
    """pid, once it is the command the server runs: between fork and exec a child is still a copy
    of the server (its threads' stacks and arenas), under no limit yet."""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().split(b"\0")[1:2] != [b"serve"]
    except OSError:
        return False


def peak(url, path, body, pid):
    got = {}

    def ask():
        c = post(url, path, body, 120)
        r = c.getresponse()
        got["status"] = r.status
        r.read()
        c.close()

    t = threading.Thread(target=ask)
    t.start()
    vm = rss = 0
    while t.is_alive():
        for k in filter(computing, children(pid)):
            vm = max(vm, status_kb(k, "VmPeak"))
            rss = max(rss, status_kb(k, "VmHWM"))
        time.sleep(0.002)
    t.join()
    return "%s VmPeak %.0f MB VmHWM %.0f MB" % (got.get("status"), vm / 1024, rss / 1024)


def raw(url, head, n):
    s = socket.create_connection(address(url), timeout=2)
    got = b""
    try:
        s.sendall(ast.literal_eval(head) + b"x" * n)
        while True:
            d = s.recv(65536)
            if not d:
                break
            got += d
    except OSError:  # a timeout (kept open) or a reset: what came is what counts
        pass
    finally:
        s.close()
    lines = [l for l in got.split(b"\r\n") if l.startswith(b"HTTP/1.")]
    return "%d %s" % (len(lines), lines[0].split()[1].decode() if lines else "-")


def main(a):
    if a[0] == "raw":
        return raw(a[1], a[2], int(a[3]))
    if a[0] == "slow":
        return slow(a[1])
    if a[0] == "per-ip":
        return per_ip(a[1], int(a[2]))
    body = open(a[3], "rb").read()
    return (leave if a[0] == "leave" else peak)(a[1], a[2], body, int(a[4]))


if __name__ == "__main__":
    print(main(sys.argv[1:]))
