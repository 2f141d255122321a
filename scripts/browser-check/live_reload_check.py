#!/usr/bin/env python3
"""The `serve` part of `make browser-check`: a real browser follows a live-reload session.

Usage: live_reload_check.py GAMENIGHT_SERVE CHROMIUM EXAMPLES WORK PNG_DIR

Copies EXAMPLES into WORK/serve-src, starts `gamenight-serve` on a free port, opens a scorecard
in headless Chromium driven through the DevTools protocol (over --remote-debugging-pipe, so no
WebSocket library is needed), then edits the game file three times and checks what the page
does, reading `window.gamenightReloads` (the reload counter of the injected script):
  1. a good edit: the page reloads by itself (counter 0 → 1) and shows the new title;
  2. a broken edit (a round naming `Andrew`, not a player): the page does not reload; an overlay
     shows path:line:column and the message (with its did-you-mean);
     a screenshot of it goes to PNG_DIR/serve-error-overlay.png;
  3. the fix: the page reloads (counter → 2) and the overlay is gone.
Finally SIGINT must stop the server within 20 s with status 0. Prints one line per step; exits 1
on the first failure. Standard library only.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

GAME = "2026-11-20/catan-second-table.md"
PAGE = "games/2026-11-20-catan-second-table.html"


class DevTools:
    """Chromium's DevTools protocol over --remote-debugging-pipe: JSON messages ending in NUL,
    commands on fd 3, answers and events on fd 4."""

    def __init__(self, chromium, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        # The shell puts the pipes on fds 3 and 4 and then becomes chromium.
        self.process = subprocess.Popen(
            ["sh", "-c", f'exec "$0" "$@" 3<&{to_browser_r} 4>&{from_browser_w}', chromium,
             "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", "--window-size=1000,900", "about:blank"],
            pass_fds=(to_browser_r, from_browser_w), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self.next_id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            import select
            ready, _, _ = select.select([self.from_browser], [], [], max(0.0, end - time.monotonic()))
            if ready:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
        raise RuntimeError(f"{method}: no answer in {timeout} s")

    def open(self, url):
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def close(self):
        try:
            self.session = None
            self.call("Browser.close", timeout=10)
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def wait_for(devtools, expression, what, timeout=90):
    """Polls `expression` in the page until it is true; page loads in between are fine."""
    end = time.monotonic() + timeout
    last = None
    while time.monotonic() < end:
        try:
            last = devtools.evaluate(expression)
            if last is True:
                return
        except RuntimeError as error:  # the page is reloading
            last = str(error)
        time.sleep(0.1)
    raise AssertionError(f"{what}: still not so after {timeout} s (last: {last!r})")


def main():
    serve, chromium, examples, work, png = sys.argv[1:6]
    source = os.path.join(work, "serve-src")
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(examples, source)
    game = os.path.join(source, GAME)
    with open(game, encoding="utf-8") as f:
        original = f.read()

    def save(text):  # as an editor does: a new file renamed over the old one
        with open(game + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(game + ".tmp", game)

    server = subprocess.Popen([serve, source, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    devtools = None
    try:
        line = server.stdout.readline()
        while line and "Serving" not in line:
            line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise AssertionError(f"gamenight-serve did not start: {line!r}")
        url = f"http://127.0.0.1:{match.group(1)}/{PAGE}"
        devtools = DevTools(chromium, os.path.join(work, "serve-profile"))
        devtools.open(url)
        wait_for(devtools, "window.gamenightReloads === 0 && document.title.startsWith('Catan, second table')", "page loaded")
        print(f"  serve: {url} loaded, reload counter 0")

        save(original.replace("title: Catan, second table", "title: Catan, edited live"))
        wait_for(devtools, "window.gamenightReloads === 1 && document.title.startsWith('Catan, edited live')", "reload after a save")
        print("  serve: saved a new title; the page reloaded by itself (counter 1) and shows it")

        save(original.replace("{Elisha: 2, Andre: 1}", "{Elisha: 2, Andrew: 1}"))
        # The line of the broken round, counted in the example rather than written here.
        broken_line = original[:original.index("{Elisha: 2, Andre: 1}")].count("\n") + 1
        wait_for(devtools, "(() => { const o = document.getElementById('gamenight-errors');"
                           f" return !!o && /catan-second-table\\.md:{broken_line}:\\d+/.test(o.textContent)"
                           " && o.textContent.includes('did you mean') })()",
                 "error overlay after a broken save")
        if devtools.evaluate("window.gamenightReloads") != 1:
            raise AssertionError("the page reloaded on a broken save")
        shot = devtools.call("Page.captureScreenshot", {"format": "png"})
        with open(os.path.join(png, "serve-error-overlay.png"), "wb") as f:
            import base64
            f.write(base64.b64decode(shot["data"]))
        print("  serve: a broken save shows the overlay (path:line:column and message) over the last good page;"
              " screenshot serve-error-overlay.png")

        save(original)
        wait_for(devtools, "window.gamenightReloads === 2 && !document.getElementById('gamenight-errors')"
                           " && document.title.startsWith('Catan, second table')", "reload after the fix")
        print("  serve: the fix reloads the page (counter 2) without the overlay")
    finally:
        if devtools:
            devtools.close()
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            raise AssertionError("gamenight-serve did not stop within 20 s of SIGINT")
    if status != 0:
        raise AssertionError(f"gamenight-serve exited with status {status} after SIGINT")
    print("  serve: SIGINT stopped the server cleanly (status 0)")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"  ERROR serve: {failure}")
        sys.exit(1)
