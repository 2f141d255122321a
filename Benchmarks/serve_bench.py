#!/usr/bin/env python3
"""Save-to-reload benchmark of `gamenight serve` (`make bench-serve`; part of `make bench`).

Usage (from the package root):

    python3 Benchmarks/serve_bench.py --serve .build-static/release/gamenight-serve \
        --gamenight .build-static/release/gamenight [--n 1000,10000] [--saves 20]

For each N it takes the N-game corpus of site_bench.py (generated the same way, reused when
present), starts `gamenight-serve` on a free port, holds one Server-Sent Events connection to
its reload channel as an open page does, and saves a game file SAVES times, the file renamed
over the old one as editors do: first a new title for the middle file (a score keeper's title
is its board game, so the statistics after it change), then a new score in the newest
score-keeper game (typing in tonight's sheets). Each latency runs from just before the write to
the moment the `reload` event arrives on the connection, i.e. after the rebuilt site was
published. The next save waits for that event and a short pause. The peer, measured in the same
run on the same corpus, is one `gamenight build` of it (the command a user without `serve` runs
after each save): the ratio shows what serving adds or saves over a plain rebuild.

Targets (issue 19): median ≤ 150 ms at 1,000 games and ≤ 500 ms at 10,000. Benchmarks are not
tests: it exits 0 whatever the figures. Standard library only.
"""

import argparse
import os
import re
import select
import signal
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from site_bench import clean, ensure_corpus  # noqa: E402  (the same generator, corpus and clean-up)

TARGETS_MS = {1000: 150, 10000: 500}


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * (len(ordered) - 1)))))]


class Events:
    """One SSE connection to the reload channel (the response head skipped, its chunks joined)."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_gamenight/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.raw = b""
        self.in_body = False
        self.body = b""

    def take(self, chunk):
        self.raw += chunk
        if not self.in_body:
            if b"\r\n\r\n" not in self.raw:
                return
            self.raw = self.raw.split(b"\r\n\r\n", 1)[1]
            self.in_body = True
        while b"\r\n" in self.raw:  # each chunk: hex size, CRLF, bytes, CRLF
            line, rest = self.raw.split(b"\r\n", 1)
            size = int(line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            self.body += rest[:size]
            self.raw = rest[size + 2:]

    def next_event(self, timeout):
        """(event name or None on timeout, arrival time)."""
        end = time.perf_counter() + timeout
        while True:
            while b"\n\n" in self.body:
                frame, self.body = self.body.split(b"\n\n", 1)
                if frame.startswith(b":"):
                    continue
                name = re.search(rb"^event: (\w+)", frame, re.M)
                return (name.group(1).decode() if name else "message"), time.perf_counter()
            left = end - time.perf_counter()
            if left <= 0:
                return None, time.perf_counter()
            ready, _, _ = select.select([self.sock], [], [], left)
            if ready:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return None, time.perf_counter()
                self.take(chunk)


SERIES = {"title": "a title mid-history", "score": "a score in the newest game"}


def save_series(events, target, edit, saves):
    """Latencies in ms of `saves` saves of `target`, each `edit(original, save)`; restores it."""
    with open(target, encoding="utf-8") as f:
        original = f.read()
    latencies = []
    try:
        for save in range(saves):
            text = edit(original, save)
            began = time.perf_counter()
            with open(target + ".tmp", "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(target + ".tmp", target)
            while True:
                name, arrived = events.next_event(timeout=600)
                if name in (None, "reload"):
                    break
            if name is None:
                sys.exit(f"serve benchmark: no reload event after save {save + 1} of {target}")
            latencies.append((arrived - began) * 1000)
            time.sleep(0.3)  # drain a second build of the same save, if any, before the next
            while events.next_event(timeout=0.01)[0] is not None:
                pass
    finally:
        with open(target, "w", encoding="utf-8") as f:
            f.write(original)
    return latencies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", default=".build-static/release/gamenight-serve")
    parser.add_argument("--gamenight", default=".build-static/release/gamenight")
    parser.add_argument("--n", default="1000,10000")
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--work", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    args = parser.parse_args()
    serve, gamenight = os.path.abspath(args.serve), os.path.abspath(args.gamenight)
    for program in (serve, gamenight):
        if not os.access(program, os.X_OK):
            sys.exit(f"serve benchmark: no program at {program}; run `make bench-serve` (it builds the programs `make install` installs)")
    sizes = sorted({int(x) for x in args.n.replace(",", " ").split()})
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    # The pattern databases and optimal lengths, in the benchmark's own cache as site_bench.py does.
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
    subprocess.run([gamenight, "solve", "--warm-cache"], env=env, check=True, stdout=subprocess.DEVNULL)
    print(f"ServeBenchmark: save-to-reload latency of gamenight serve (incremental rebuild per save), "
          f"{args.saves} saves per N, {os.cpu_count()} cores; peer: one `gamenight build` of the same site")
    for n in sizes:
        root, _, _ = ensure_corpus(n, work)
        games = os.path.join(root, "games")
        out = os.path.join(root, "serve-out")
        clean(out)
        build_out = os.path.join(root, "serve-build-out")
        builds = []
        for _ in range(3):
            began = time.perf_counter()
            subprocess.run([gamenight, "build", games, "--out", build_out, "--quiet"], env=env, check=True)
            builds.append(time.perf_counter() - began)
        build = statistics.median(builds)

        server = subprocess.Popen([serve, games, "--out", out, "--port", "0"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            port = None
            for line in server.stdout:
                found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
                if found:
                    port = int(found.group(1))
                    break
            if port is None:
                sys.exit("serve benchmark: gamenight-serve did not start")
            events = Events(port)
            time.sleep(0.5)
            files = sorted(os.path.join(d, f) for d, _, fs in os.walk(games) for f in fs if f.endswith(".md"))
            # A title in the middle of the history (a score keeper's title is its board game, so
            # the statistics after it change), and a score in the newest score-keeper game, as
            # when tonight's sheets are typed in.
            middle = files[n // 2]
            newest = next(f for f in reversed(files) if re.search(r"\{[^:}]+: -?\d+", open(f, encoding="utf-8").read()))
            series = [("title", middle, lambda text, save: re.sub(r"^title: .*$", f"title: Edited {save}", text, count=1, flags=re.M)),
                      ("score", newest, lambda text, save: re.sub(r"(\{[^:}]+: )-?\d+", rf"\g<1>{save * 3 % 97}", text, count=1))]
            latencies = {name: save_series(events, target, edit, args.saves) for name, target, edit in series}
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
            clean(out)
            clean(build_out)
        goal = TARGETS_MS.get(n)
        for name, values in latencies.items():
            median, p90 = statistics.median(values), percentile(values, 0.9)
            verdict = f"target ≤ {goal} ms: {'met' if median <= goal else 'not met'}" if goal else ""
            print(f"N = {n:,}, {SERIES[name]}: save to reload median {median:.0f} ms, p90 {p90:.0f} ms "
                  f"(min {min(values):.0f}, max {max(values):.0f}); gamenight build {build * 1000:.0f} ms; "
                  f"ratio median / build {median / 1000 / build:.2f}; {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
