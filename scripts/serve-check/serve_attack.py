#!/usr/bin/env python3
"""`make serve-check`: attacks a running `gamenight serve` on loopback (not part of `make test`).

Usage: serve_attack.py GAMENIGHT EXAMPLES [--chromium PATH] [--duration SECONDS]

Copies EXAMPLES into a temporary folder, starts `GAMENIGHT serve` on a free loopback port
(output in that folder, a secret file planted beside it) and attacks it with raw sockets, so no
client library normalizes what is sent: path traversal, symbolic links pointing out of the
site, methods other than GET/HEAD, oversized heads and bodies, slowloris, 1,000 concurrent
connections, slow readers, a flooded reload channel, DNS rebinding (foreign Host names),
hostile text in error messages, and a `wrk` load test with the server's memory sampled every
second. One PASS/FAIL line per check, a summary, and exit status 1 if any check failed. Every phase is bounded in time and count; the server is
always killed at the end. Standard library only (Chromium, if given, checks the overlay's DOM).
"""
import argparse
import json
import os
import re
import resource
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid


GAME = "2026-11-20/catan-second-table.md"
PAGE = "/games/2026-11-20-catan-second-table.html"
PASSWD = b"root:x:0:0"
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok)))
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f"  ({detail})" if detail else ""), flush=True)
    return ok


def note(text):
    print(f"      {text}", flush=True)


# --- raw HTTP -------------------------------------------------------------------------------

class Response:
    def __init__(self, raw, closed):
        self.raw = raw
        self.closed = closed  # the server closed the connection
        head, _, self.body = raw.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        match = re.match(rb"HTTP/1\.[01] (\d{3})", lines[0]) if raw else None
        self.status = int(match.group(1)) if match else 0
        self.headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            self.headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")


def exchange(port, data, timeout=10.0, limit=4 << 20):
    """Sends `data` as is and reads until the server closes or `timeout` passes with nothing."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    raw, closed = b"", False
    try:
        try:
            sock.sendall(data)
        except OSError:
            pass  # the server closed early: read what it said
        while len(raw) < limit:
            chunk = sock.recv(65536)
            if not chunk:
                closed = True
                break
            raw += chunk
    except (socket.timeout, TimeoutError):
        pass
    except OSError:
        closed = True
    finally:
        sock.close()
    return Response(raw, closed)


def get(port, target, method="GET", extra=b"", timeout=10.0):
    if isinstance(target, str):
        target = target.encode("utf-8")
    return exchange(port, method.encode() + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra
                    + b"Connection: close\r\n\r\n", timeout)


def answering(port):
    try:
        return get(port, "/", timeout=10).status == 200
    except OSError:
        return False


def dechunk(data):
    """The bytes of a chunked body seen so far, and whether its last chunk arrived."""
    body = b""
    while b"\r\n" in data:
        line, rest = data.split(b"\r\n", 1)
        try:
            size = int(line.split(b";")[0], 16)
        except ValueError:
            return body, False
        if size == 0:
            return body, True
        if len(rest) < size + 2:
            break
        body, data = body + rest[:size], rest[size + 2:]
    return body, False


class EventStream:
    """One reload-channel connection, as a page's EventSource holds it (non-blocking)."""

    def __init__(self, port, build):
        self.sock = socket.socket()
        self.sock.setblocking(False)
        self.sock.connect_ex(("127.0.0.1", port))
        self.request = f"GET /_gamenight/events?build={build} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
        self.raw = b""
        self.closed = False
        self.sent = False

    def pump(self):
        """Sends the request once connected and reads what arrived; False once closed."""
        try:
            if not self.sent:
                self.sock.send(self.request)
                self.sent = True
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    self.closed = True
                    break
                self.raw += chunk
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self.closed = True
        return not self.closed

    def frames(self):
        head, _, rest = self.raw.partition(b"\r\n\r\n")
        body, ended = dechunk(rest)
        return [f for f in body.split(b"\n\n") if f], ended, head

    def events(self):
        return [frame for frame in self.frames()[0] if not frame.startswith(b":")]

    def wait_for(self, name, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for frame in self.events():
                if frame.startswith(b"event: " + name.encode() + b"\n"):
                    return frame
            select.select([self.sock], [], [], 0.2)
            if not self.pump():
                break
        for frame in self.events():
            if frame.startswith(b"event: " + name.encode() + b"\n"):
                return frame
        return None

    def close(self):
        self.sock.close()


def served_build(port):
    match = re.search(rb"/_gamenight/events\?build=(\d+)", get(port, PAGE).body)
    return int(match.group(1)) if match else 0


# --- the server ------------------------------------------------------------------------------

class Server:
    def __init__(self, gamenight, source, out, templates, log):
        self.log = open(log, "w")
        self.process = subprocess.Popen(
            [gamenight, "serve", source, "--out", out, "--templates", templates, "--port", "0"],
            stdout=subprocess.PIPE, stderr=self.log, text=True, start_new_session=True)
        self.port, self.out = None, out
        end = time.monotonic() + 120
        while time.monotonic() < end:
            line = self.process.stdout.readline()
            if not line:
                break
            self.log.write(line)
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if match:
                self.port = int(match.group(1))
                break
        if self.port is None:
            raise RuntimeError(f"gamenight serve did not start; see {log}")
        # The rest of its output goes to the log, so the pipe never fills.
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            self.log.write(line)
            self.log.flush()

    @property
    def pid(self):
        return self.process.pid  # `gamenight serve` execs gamenight-serve: the same process

    def rss_kb(self):
        try:
            with open(f"/proc/{self.pid}/status") as f:
                return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
        except (OSError, AttributeError):
            return 0

    def kill(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            self.process.wait()


# --- the checks ------------------------------------------------------------------------------

def traversal(port, work, secret):
    print("\n== path traversal (raw request targets)")
    absolute = f"{work}/secret.txt"
    targets = [
        "/../secret.txt", "/../../../../etc/passwd", "/games/../../secret.txt", "/..", "/games/..", "/.", "/./index.html",
        "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/%2e./secret.txt", "/%2e%2e",
        "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/games%2f..%2f..%2fsecret.txt", "/%2F..%2F..%2Fetc%2Fpasswd",
        "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/%25%32%65%25%32%65/secret.txt", "/%%32%65%%32%65/secret.txt",
        "/..\\secret.txt", "/games\\..\\..\\secret.txt", "/..%5csecret.txt", "/..%5Csecret.txt", "/%5c..%5csecret.txt",
        "\\..\\secret.txt", "/etc/passwd", "//etc/passwd", "///etc/passwd", "/" + absolute, absolute, "/" + absolute.lstrip("/"),
        "http://127.0.0.1/../secret.txt", "http://127.0.0.1/%2e%2e/secret.txt", "file:///etc/passwd", "*", "C:\\secret.txt",
        "/%00", "/index.html%00", "/index.html%00.css", "/..%00/secret.txt", "/.%00./secret.txt", "/secret.txt%00/../..",
        b"/..\x00/secret.txt", b"/\x00", "/..%0d%0asecret.txt", "/index.html%0d%0aSet-Cookie:%20x=1",
        "/%c0%ae%c0%ae/secret.txt", "/%e0%80%ae%e0%80%ae/secret.txt", "/..%c0%afsecret.txt", "/..%c1%9csecret.txt",
        "/%ef%bc%8e%ef%bc%8e/secret.txt", "/..%ef%bc%8fsecret.txt", b"/\xef\xbc\x8e\xef\xbc\x8e/secret.txt",
        "/%e2%80%a5/secret.txt", "/..%e2%88%95secret.txt", "/%u002e%u002e/secret.txt", "/%uff0e%uff0e/secret.txt",
        b"/\xc0\xae\xc0\xae/secret.txt", b"/\xff/secret.txt", "/..;/secret.txt", "/...", "/..../secret.txt",
        "/..%20/secret.txt", "/%20../secret.txt", "/.gamenight", "/.%67amenight", "/games/.", "/%2e",
        "/" + "a/" * 40 + "x", "/" + "x" * 300, "/" + "x" * 3000, "/" + "../" * 700 + "etc/passwd",
        "/" + "x" * (100 * 1024), "/" + "%2e%2e/" * 2000 + "secret.txt",
    ]
    # Targets that ask for `/` with `..` only in the query or fragment: the index may answer.
    for target in targets + ["/?../../secret.txt", "/#/../secret.txt"]:
        raw = target if isinstance(target, bytes) else target.encode("utf-8")
        response = get(port, raw)
        leaked = secret.encode() in response.raw or PASSWD in response.raw
        refused = response.status in (400, 404, 414) or (response.status == 0 and response.closed)
        may_answer = b"?" in raw or b"#" in raw
        shown = raw if len(raw) <= 60 else raw[:40] + b"...(%d bytes)" % len(raw)
        check(f"traversal {repr(shown)[2:-1]}",
              not leaked and (refused or may_answer), f"status {response.status or 'closed'}")
    for target in ["/", "/style.css", PAGE]:
        check(f"control {target} is served", get(port, target).status == 200)


def rebinding(port):
    print("\n== DNS rebinding: Host names other than loopback")
    for host in ["evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "localhost.evil.example", "[::2]", ""]:
        for target in ["/", "/_gamenight/events"]:
            response = exchange(port, f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode(), timeout=5)
            check(f"Host {host or '(empty)'} {target} refused", response.status == 403 and b"_gamenight" not in response.body,
                  f"status {response.status or 'closed'}")
    for host in [f"localhost:{port}", f"[::1]:{port}", f"site.localhost:{port}"]:
        check(f"Host {host} (control) answered", exchange(port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()).status == 200)


def symlinks(port, work, out, secret):
    print("\n== symbolic links inside the output folder (planted after the first build)")
    outside = os.path.join(work, "outside")
    os.makedirs(outside, exist_ok=True)
    with open(os.path.join(outside, "index.html"), "w") as f:
        f.write(f"<!doctype html><body>{secret}</body>")
    links = {
        "leak.txt": os.path.join(work, "secret.txt"),  # a file, absolute
        "rel-leak.txt": "../secret.txt",  # a file, relative
        "games/deep-leak.html": "../../secret.txt",
        "outdir": work,  # folders
        "outside": outside,
        "up": "..",
        "etc": "/etc",
        "rootfs": "/",
        "games/index.html": os.path.join(outside, "index.html"),  # an index page leading out
        "inside.css": "style.css",  # the control: a link that stays inside is fine
    }
    for name, target in links.items():
        path = os.path.join(out, name)
        if os.path.lexists(path):
            os.remove(path)
        os.symlink(target, path)
    attacks = ["/leak.txt", "/rel-leak.txt", "/games/deep-leak.html", "/outdir/secret.txt", "/outdir/outside/",
               "/outdir/outside/index.html", "/outside/", "/outside/index.html", "/outside", "/up/secret.txt",
               "/up/outside/index.html", "/etc/passwd", "/etc/hostname", "/rootfs/etc/passwd", "/games/", "/games/index.html"]
    for target in attacks:
        response = get(port, target)
        leaked = secret.encode() in response.raw or PASSWD in response.raw
        check(f"symlink {target}", not leaked and response.status in (301, 400, 404), f"status {response.status}")
    check("symlink inside the site (control) is served", get(port, "/inside.css").status == 200)


def methods(port):
    print("\n== methods other than GET and HEAD")
    marker = b"X-Echo-Marker: attack-" + uuid.uuid4().hex.encode()
    page = get(port, PAGE).body
    sample = page[page.find(b"<title>"):][:40] or b"<title>"
    cases = [(m, PAGE) for m in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK", "get",
                                 "FOO", "G-E-T", "GET" * 100]]
    cases += [("CONNECT", "127.0.0.1:22"), ("OPTIONS", "*"), ("TRACE", "/")]
    for method, target in cases:
        body = b"Content-Length: 5\r\n" if method in ("POST", "PUT", "PATCH") else b""
        request = method.encode() + b" " + target.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + marker + b"\r\n" + body \
            + b"Connection: close\r\n\r\n" + (b"hello" if body else b"")
        response = exchange(port, request)
        ok = (response.status in (400, 405, 501) or (response.status == 0 and response.closed)) \
            and sample not in response.body and marker not in response.raw
        shown = method if len(method) < 20 else method[:12] + f"...({len(method)})"
        check(f"method {shown} {target}", ok, f"status {response.status or 'closed'}")
    for garbage in [b"\x00\x01\x02 / HTTP/1.1\r\n\r\n", b"GET\t/\tHTTP/1.1\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                    b"GET /\r\n\r\n", b"\r\n\r\n\r\n", b"GET / HTTP/1.1\nHost: x\n\n", bytes(range(256)) * 2 + b"\r\n\r\n"]:
        response = exchange(port, garbage, timeout=5)
        check(f"garbage request {garbage[:16]!r}", response.status in (0, 400, 405, 501, 505) and sample not in response.body,
              f"status {response.status or 'closed'}")
    head = get(port, PAGE, method="HEAD")
    check("control HEAD has headers and no body", head.status == 200 and head.body == b"")
    check("server still answering after the methods", answering(port))


def closed_within(sock, seconds):
    end = time.monotonic() + seconds
    sock.setblocking(False)
    while time.monotonic() < end:
        ready, _, _ = select.select([sock], [], [], 0.2)
        if ready:
            try:
                if not sock.recv(65536):
                    return True
            except BlockingIOError:
                pass
            except OSError:
                return True
    return False


def stream_body(port, head, chunk, total, seconds=30):
    """Sends `head`, then `chunk` repeatedly up to `total` bytes; whether the server cut it off
    (closed the connection) before the end, and what it answered."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(head)
    sent, cut, end = 0, False, time.monotonic() + seconds
    try:
        while sent < total and time.monotonic() < end:  # on, whatever the server answered
            try:
                sock.sendall(chunk)
                sent += len(chunk)
            except (socket.timeout, TimeoutError):
                continue  # the server reads no more: it must still close the connection
    except OSError:
        cut = True
    raw = b""
    try:
        sock.settimeout(2)
        while len(raw) < 1 << 20:
            more = sock.recv(65536)
            if not more:
                break
            raw += more
    except OSError:
        pass
    sock.close()
    return cut, Response(raw, True), sent


def oversized(port):
    print("\n== oversized request heads and bodies")
    big = b"a" * (1 << 20)
    for name, request in [
        ("1 MB header", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + big + b"\r\n\r\n"),
        ("1 MB request line", b"GET /" + big + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        ("10,000 header fields", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(10000)) + b"\r\n"),
        ("20 KB cookie", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + b"c=1; " * 4000 + b"\r\n\r\n"),
        ("header folded over 1 MB", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-F: a\r\n" + b" b\r\n" * 200000 + b"\r\n"),
    ]:
        response = exchange(port, request, timeout=10)
        check(f"{name} refused", response.status in (400, 413, 414, 431) or (response.status == 0 and response.closed),
              f"status {response.status or 'closed'}")
    announced = get(port, "/", extra=b"Content-Length: 1000000000\r\n")
    check("Content-Length 1 GB refused", announced.status in (400, 413), f"status {announced.status}")
    for name, head, chunk in [
        ("Content-Length body sent anyway (64 MB)", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 67108864\r\n\r\n", b"z" * 65536),
        ("chunked body (64 MB)", b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n", b"10000\r\n" + b"z" * 65536 + b"\r\n"),
        ("chunked GET body (64 MB)", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n", b"10000\r\n" + b"z" * 65536 + b"\r\n"),
    ]:
        cut, response, sent = stream_body(port, head, chunk, 64 << 20)
        check(f"{name} cut off", cut, f"status {response.status or 'closed'} after {sent >> 10} KB sent")
    smuggle = exchange(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                             b"GET /../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    check("Content-Length with Transfer-Encoding refused", smuggle.status in (0, 400, 413), f"status {smuggle.status or 'closed'}")
    check("server still answering after the oversized requests", answering(port))


def slowloris(port, count=200, drip=2.0, limit=40.0):
    print(f"\n== slowloris: {count} connections sending a header byte every {drip:.0f} s")
    socks, opened, closed_after, answered = [], [], {}, []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sock.setblocking(False)
        socks.append(sock)
        opened.append(time.monotonic())
    normal, start = [], time.monotonic()
    next_drip, next_normal = start + drip, start
    while time.monotonic() - start < limit and len(closed_after) < count:
        now = time.monotonic()
        if now >= next_normal:
            began = time.monotonic()
            response = get(port, PAGE, timeout=5)
            normal.append((response.status, time.monotonic() - began))
            next_normal = now + 1.0
        live = [i for i in range(count) if i not in closed_after]
        ready, _, _ = select.select([socks[i] for i in live], [], [], 0.1)
        for sock in ready:
            i = socks.index(sock)
            try:
                data = sock.recv(65536)
                if data:
                    answered.append(data[:12])
                    continue
            except BlockingIOError:
                continue
            except OSError:
                pass
            closed_after[i] = time.monotonic() - opened[i]
        if time.monotonic() >= next_drip:
            for i in [i for i in range(count) if i not in closed_after]:
                try:
                    socks[i].send(b"x")
                except BlockingIOError:
                    pass
                except OSError:
                    closed_after[i] = time.monotonic() - opened[i]
            next_drip += drip
    for sock in socks:
        sock.close()
    good = [latency for status, latency in normal if status == 200]
    check("normal requests answered during slowloris", normal and len(good) == len(normal),
          f"{len(good)}/{len(normal)} answered, slowest {max(good or [0]) * 1000:.0f} ms")
    times = sorted(closed_after.values())
    check("slow connections closed by the server", len(times) == count,
          f"{len(times)}/{count} closed within {limit:.0f} s" +
          (f"; timeout observed min {times[0]:.1f} s, median {statistics.median(times):.1f} s, max {times[-1]:.1f} s" if times else ""))
    if answered:
        note(f"{len(answered)} slow connections got bytes first, e.g. {answered[0]!r}")
    # A connection idle after a whole request (keep-alive) is closed as well.
    idle = socket.create_connection(("127.0.0.1", port), timeout=5)
    idle.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    began = time.monotonic()
    closed = closed_within(idle, 30)
    check("idle keep-alive connection closed", closed, f"after {time.monotonic() - began:.1f} s")
    idle.close()


def slow_readers(server, count=200, each=200, limit=30.0):
    """Connections that pipeline requests for the largest page and read none of the answers:
    the server must close them rather than hold the answers in memory."""
    print(f"\n== slow readers: {count} connections pipelining {each} requests each, reading nothing")
    largest = max((os.path.getsize(os.path.join(d, f)), os.path.join(d, f)) for d, _, fs in os.walk(server.out) for f in fs
                  if f.endswith(".html"))[1]
    target = "/" + os.path.relpath(largest, server.out)
    size = len(get(server.port, target).raw)
    request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() * each
    before = server.rss_kb()
    poller, socks = select.poll(), {}
    hang_up = select.POLLHUP | select.POLLERR | getattr(select, "POLLRDHUP", 0)
    for _ in range(count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        sock.setblocking(False)
        try:
            sock.send(request)
        except OSError:
            pass
        socks[sock.fileno()] = sock
        poller.register(sock, hang_up)
    start, peak, gone = time.monotonic(), before, {}
    while time.monotonic() - start < limit and len(gone) < count:
        peak = max(peak, server.rss_kb())
        for fd, events in poller.poll(200):
            if events & hang_up and fd not in gone:
                gone[fd] = time.monotonic() - start
                poller.unregister(fd)
    peak = max(peak, server.rss_kb())
    check("server answers others meanwhile", answering(server.port))
    for sock in socks.values():
        sock.close()
    times = sorted(gone.values())
    check("connections that read nothing are closed", len(gone) == count,
          f"{len(gone)}/{count} within {limit:.0f} s" + (f", the last after {times[-1]:.1f} s" if times else ""))
    unread = count * each * size
    check("their unread answers are not held in memory", peak - before < 128 * 1024,
          f"RSS {before / 1024:.0f} → peak {peak / 1024:.0f} MB; the answers asked for weigh {unread >> 20} MB")


def crowd(port, count=1000, limit=60.0):
    print(f"\n== {count} concurrent connections")
    request = f"GET {PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    state = {}
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        state[sock] = {"sent": False, "raw": b"", "end": None}
    start = time.monotonic()
    while time.monotonic() - start < limit:
        live = [s for s, st in state.items() if st["end"] is None]
        if not live:
            break
        _, writable, _ = select.select([], [s for s in live if not state[s]["sent"]], [], 0)
        for sock in writable:
            try:
                sock.send(request)
                state[sock]["sent"] = True
            except BlockingIOError:
                pass
            except OSError as error:
                state[sock]["end"] = f"refused ({error.strerror})"
        readable, _, _ = select.select([s for s in live if state[s]["sent"] and state[s]["end"] is None][:900], [], [], 0.05)
        for sock in readable:
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError as error:
                state[sock]["end"] = f"reset ({error.strerror})"
                continue
            if data:
                state[sock]["raw"] += data
            else:
                state[sock]["end"] = "closed"
    elapsed = time.monotonic() - start
    outcomes = {}
    for sock, st in state.items():
        status = Response(st["raw"], True).status
        if st["end"] is None:
            kind = "no answer (hung)"
        elif status == 200 and st["raw"].rstrip().endswith(b"</html>"):
            kind = "200 whole page"
        elif status in (429, 503) or (status == 0 and st["end"] != "closed"):
            kind = f"clean refusal {status or st['end']}"
        else:
            kind = f"other: status {status}, {st['end']}"
        outcomes[kind] = outcomes.get(kind, 0) + 1
        sock.close()
    bad = {k: v for k, v in outcomes.items() if not (k.startswith("200") or k.startswith("clean"))}
    check(f"{count} concurrent connections all answered or cleanly refused", not bad,
          ", ".join(f"{v} {k}" for k, v in sorted(outcomes.items())) + f", in {elapsed:.1f} s")
    check("server still answering after the crowd", answering(port))


def save(path, text):
    """As an editor saves: a new file renamed over the old one."""
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def flood(port, source, count=1000, limit=30.0):
    print(f"\n== reload channel flooded with {count} clients")
    build = served_build(port)
    streams = [EventStream(port, build) for _ in range(count)]
    end = time.monotonic() + 8
    while time.monotonic() < end:  # let every client connect and the channel settle
        for stream in streams:
            stream.pump()
        time.sleep(0.2)
    began = time.monotonic()
    page = get(port, PAGE, timeout=10)
    check("a page answers while the channel is flooded", page.status == 200, f"{(time.monotonic() - began) * 1000:.0f} ms")
    ended = sum(1 for s in streams if s.frames()[1] or s.closed)
    listening = sum(1 for s in streams if not s.closed and not s.frames()[1] and s.frames()[0])
    note(f"{listening} streams open, {ended} ended by the server (it keeps the newest open)")
    watcher = EventStream(port, build)
    watcher.wait_for("never", 2)
    game = os.path.join(source, GAME)
    with open(game, encoding="utf-8") as f:
        original = f.read()
    saved = time.monotonic()
    save(game, original.replace("title: Catan, second table", "title: Catan, flooded"))
    frame = watcher.wait_for("reload", limit)
    check("a save delivers the reload event to a client during the flood", frame is not None,
          f"after {(time.monotonic() - saved) * 1000:.0f} ms" if frame else f"nothing in {limit:.0f} s")
    end = time.monotonic() + 2
    while time.monotonic() < end:
        for stream in streams:
            stream.pump()
        time.sleep(0.1)
    reached = sum(1 for s in streams if any(e.startswith(b"event: reload") for e in s.events()))
    note(f"{reached} flood clients got the reload too")
    check("the page has the saved title", b"Catan, flooded" in get(port, PAGE).body)
    frames = [f for s in streams + [watcher] for f in s.frames()[0]]
    foreign = [f for f in frames if not channel_frame_ok(f)]
    check("the channel carries only reload/error events", frames and not foreign,
          f"{len(frames)} frames" + (f", first foreign {foreign[0][:80]!r}" if foreign else ""))
    for stream in streams + [watcher]:
        stream.close()
    save(game, original)
    time.sleep(1)
    check("server still answering after the flood", answering(port))


def channel_frame_ok(frame):
    """A comment, or `event: reload|error` with one line of JSON data."""
    if frame.startswith(b":"):
        return b"\n" not in frame and b"\r" not in frame
    lines = frame.split(b"\n")
    if len(lines) != 2 or lines[0] not in (b"event: reload", b"event: error") or not lines[1].startswith(b"data: "):
        return False
    data = lines[1][6:]
    try:
        json.loads(data)
    except ValueError:
        return False
    return b"\r" not in data


HOSTILE = """<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'&amp;"&"""
TAG_NAME = """<img/src=x/onerror="window.__pwned=3">'&amp;"""


def yaml_single(text):
    return "'" + text.replace("'", "''") + "'"


def injection(port, source, templates, chromium, work):
    print("\n== hostile text in error messages (the overlay's event payload)")
    game = os.path.join(source, GAME)
    with open(game, encoding="utf-8") as f:
        original = f.read()
    hostile_name = os.path.join(source, "2026-11-20", """<b>"x'&y.md""")
    hostile_template = os.path.join(templates, """<i>"t'&.mustache""")
    cases = [
        ("a broken game file", lambda: save(game, original.replace("{Elisha: 2, Andre: 1}", "{Elisha: 2, %s: 1}" % yaml_single(HOSTILE))),
         lambda: save(game, original), HOSTILE),
        # A section's name reaches the message; Mustache names hold no space.
        ("a broken template", lambda: save(os.path.join(templates, "index.mustache"), "{{#%s}}\n" % TAG_NAME),
         lambda: os.remove(os.path.join(templates, "index.mustache")), TAG_NAME),
        ("a template file name with <\"'&", lambda: save(hostile_template, "{{#a}}\n"),
         lambda: os.remove(hostile_template), """<i>"t'&.mustache"""),
        ("a file name with <\"'&", lambda: save(hostile_name, "---\ngame: scores\ntitle: x\n"),
         lambda: os.remove(hostile_name), """<b>"x'&y.md"""),
    ]
    overlay = None
    for name, breaking, fixing, expected in cases:
        watcher = EventStream(port, served_build(port))
        watcher.wait_for("never", 1)
        breaking()
        frame = watcher.wait_for("error", 30)
        if not check(f"{name}: an error event arrives", frame is not None):
            fixing()
            watcher.close()
            continue
        data = frame.split(b"\n", 1)[1][6:]
        raw_ok = not re.search(rb"[<>&'\r\n]", data)
        try:
            decoded = json.loads(data)
            texts = " ".join(f"{d.get('path', '')} {d.get('message', '')} {d.get('hint', '')}" for d in decoded["diagnostics"])
        except (ValueError, KeyError, TypeError):
            decoded, texts = None, ""
        check(f"{name}: the payload is one line of JSON with < > & ' escaped", decoded is not None and raw_ok, data[:100].decode("utf-8", "replace"))
        check(f"{name}: the hostile text arrives whole once decoded", expected in texts, texts[:100])
        if name == "a broken game file" and chromium:
            overlay = overlay_in_browser(port, chromium, work, game, original)
        fixing()
        check(f"{name}: the fix reloads", watcher.wait_for("reload", 30) is not None)
        watcher.close()
    script = get(port, PAGE).body
    script = script[script.rfind(b"<script>"):]
    risky = [w for w in (b"innerHTML", b"outerHTML", b"insertAdjacentHTML", b"document.write", b"eval(", b"Function(") if w in script]
    check("the overlay script inserts text only (textContent, no HTML sinks)", b"textContent" in script and not risky,
          f"sinks found: {risky}" if risky else "")
    if overlay is not None:
        check("the overlay in Chromium shows the text and runs none of it", overlay[0], overlay[1])
    elif not chromium:
        note("SKIP the overlay in a browser: no Chromium (give --chromium or install chromium)")


def overlay_in_browser(port, chromium, work, game, original):
    """Opens a page in headless Chromium while the game file is broken with HOSTILE text: the
    overlay must hold it as text, with no element or script from it."""
    import importlib.util  # the DevTools client of the browser check, scripts/browser-check/live_reload_check.py
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser-check", "live_reload_check.py")
    spec = importlib.util.spec_from_file_location("browser_serve_check", path)
    browser = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(browser)
    DevTools, wait_for = browser.DevTools, browser.wait_for
    devtools = DevTools(chromium, os.path.join(work, "chromium-profile"))
    try:
        devtools.open(f"http://127.0.0.1:{port}{PAGE}")
        wait_for(devtools, "!!document.getElementById('gamenight-errors')", "overlay", timeout=30)
        result = devtools.evaluate("""(() => { const o = document.getElementById('gamenight-errors');
            return JSON.stringify({pwned: window.__pwned || 0, elements: [...o.querySelectorAll('*')].map(e => e.tagName),
                                   text: o.textContent}); })()""")
        state = json.loads(result)
        foreign = sorted(set(state["elements"]) - {"H2", "DIV", "STRONG"})
        ok = state["pwned"] == 0 and not foreign and HOSTILE in state["text"]
        return ok, f"elements {sorted(set(state['elements']))}, pwned {state['pwned']}, text whole: {HOSTILE in state['text']}"
    except (RuntimeError, AssertionError, ValueError, TypeError) as error:
        return False, str(error)[:200]
    finally:
        devtools.close()


def load(server, duration):
    print(f"\n== wrk at 64 connections for {duration} s, the server's RSS sampled every second")
    url = f"http://127.0.0.1:{server.port}{PAGE}"
    samples, stop = [], threading.Event()

    def sample():
        while not stop.wait(1.0):
            samples.append(server.rss_kb())

    sampler = threading.Thread(target=sample, daemon=True)
    before = server.rss_kb()
    sampler.start()
    command = ["wrk", "-t2", "-c64", f"-d{duration}s", "--latency", url]
    run = subprocess.run(command, capture_output=True, text=True, timeout=duration + 60)
    stop.set()
    sampler.join()
    out = run.stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    note(" ".join(command))
    check("wrk ran", run.returncode == 0 and rps and p99,
          f"{float(rps.group(1)):.0f} requests/s, p99 latency {p99.group(1)}" if rps and p99 else run.stderr[:200])
    check("wrk: no errors and no non-2xx answers", not errors and not non2xx,
          (errors.group(0) if errors else "") + (non2xx.group(0) if non2xx else ""))
    if len(samples) >= 3:
        third = max(1, len(samples) // 3)
        first, last = max(samples[:third]), max(samples[-third:])
        mb = lambda kb: f"{kb / 1024:.1f} MB"
        note(f"RSS before {mb(before)}; samples {len(samples)}: first {mb(samples[0])}, middle {mb(samples[len(samples) // 2])}, "
             f"last {mb(samples[-1])}, max {mb(max(samples))}")
        flat = last <= first * 1.10 or last - first <= 5 * 1024
        check("memory flat under load", flat,
              f"max of the first {third} s {mb(first)}, of the last {third} s {mb(last)} ({(last - first) / 1024:+.1f} MB)")
    else:
        check("memory flat under load", False, f"only {len(samples)} samples")


def stop_cleanly(server):
    print("\n== stop")
    server.process.send_signal(signal.SIGINT)
    try:
        status = server.process.wait(timeout=20)
        check("SIGINT stops the server", status == 0, f"status {status}")
    except subprocess.TimeoutExpired:
        check("SIGINT stops the server", False, "still running after 20 s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gamenight")
    parser.add_argument("examples")
    parser.add_argument("--chromium")
    parser.add_argument("--duration", type=int, default=60)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 8192 if hard == resource.RLIM_INFINITY else min(hard, 8192)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # inherited by the server
    work = tempfile.mkdtemp(prefix="gamenight-serve-check-")
    source, out, templates = os.path.join(work, "src"), os.path.join(work, "site"), os.path.join(work, "templates")
    shutil.copytree(args.examples, source)
    os.makedirs(templates)
    secret = f"GAMENIGHT-SECRET-{uuid.uuid4().hex}"
    with open(os.path.join(work, "secret.txt"), "w") as f:
        f.write(secret + "\n")
    server = None
    started = time.monotonic()

    def on_signal(number, _frame):
        raise SystemExit(128 + number)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    try:
        server = Server(args.gamenight, source, out, templates, os.path.join(work, "serve.log"))
        program = os.path.basename(os.readlink(f"/proc/{server.pid}/exe")) if os.path.exists(f"/proc/{server.pid}") else "?"
        print(f"gamenight serve on 127.0.0.1:{server.port}, pid {server.pid} ({program}), folder {work};"
              f" file limit {resource.getrlimit(resource.RLIMIT_NOFILE)[0]}")
        traversal(server.port, work, secret)
        symlinks(server.port, work, out, secret)
        rebinding(server.port)
        methods(server.port)
        oversized(server.port)
        slowloris(server.port)
        slow_readers(server)
        crowd(server.port)
        flood(server.port, source)
        injection(server.port, source, templates, args.chromium, work)
        check("server still answering at the end of the attacks", answering(server.port))
        stop_cleanly(server)
        # The load test gets a fresh server: memory the attacks left with the allocator would
        # hide a slow leak.
        server = Server(args.gamenight, source, out, templates, os.path.join(work, "serve-load.log"))
        load(server, args.duration)
        stop_cleanly(server)
    except Exception as error:  # a crash of the check itself is a failure, never a pass
        check(f"serve-check ran to the end", False, f"{type(error).__name__}: {error}")
        if server and server.process.poll() is not None:
            note(f"the server exited with status {server.process.returncode}; see {work}/serve.log")
    finally:
        if server:
            server.kill()
        failed = [name for name, ok in results if not ok]
        print(f"\nserve-check: {len(results) - len(failed)} passed, {len(failed)} failed, in {time.monotonic() - started:.0f} s")
        for name in failed:
            print(f"  FAILED: {name}")
        if failed:
            print(f"  (server log kept in {work}/serve.log)")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
