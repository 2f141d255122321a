#!/usr/bin/env python3
"""The search part of `make browser-check`: a reader searches the built site from disk.

Usage: search_check.py CHROMIUM SITE LANGUAGE-PREFIX PNG_DIR

Opens SITE/index.html (a file: URL, no server) in headless Chromium over the DevTools protocol,
moves to the header's search box with the Tab key as a keyboard user would, types a player's
name, presses Enter, and waits for search.html to list results: the first must be that
player's page, and the status line (a live region) must say how many were found. A screenshot
goes to PNG_DIR/<prefix>search.png. Exits 1 on failure.
"""
import base64
import os
import shutil
import sys
import tempfile

from live_reload_check import DevTools, wait_for

NAME = "Marta"


def key(devtools, name, code, text=None):
    for kind in ("keyDown", "keyUp"):
        params = {"type": kind, "key": name, "code": name, "windowsVirtualKeyCode": code}
        if text and kind == "keyDown":
            params["text"] = text
        devtools.call("Input.dispatchKeyEvent", params)


def main():
    chromium, site, prefix, png = sys.argv[1:5]
    # A profile of its own each run: a browser still closing holds the last one's lock.
    profile = tempfile.mkdtemp(prefix="gamenight-search-check-")
    devtools = DevTools(chromium, profile)
    try:
        devtools.open("file://" + os.path.join(os.path.abspath(site), "index.html"))
        wait_for(devtools, "document.readyState === 'complete'", "index loaded")
        # Tab from the top of the page until the search box has the focus: it must be reachable.
        for _ in range(12):
            key(devtools, "Tab", 9)
            if devtools.evaluate("document.activeElement && document.activeElement.name === 'q'"):
                break
        else:
            raise AssertionError("the search box cannot be reached with the Tab key")
        label = devtools.evaluate("document.activeElement.getAttribute('aria-label')")
        if not label:
            raise AssertionError("the search box has no label for screen readers")
        devtools.call("Input.insertText", {"text": NAME})
        key(devtools, "Enter", 13, "\r")
        wait_for(devtools, "location.pathname.endsWith('/search.html') && document.querySelectorAll('#search-results li').length > 0",
                 "results on search.html")
        first = devtools.evaluate("document.querySelector('#search-results li a').getAttribute('href')")
        status = devtools.evaluate("document.getElementById('search-status').textContent")
        live = devtools.evaluate("document.getElementById('search-status').getAttribute('aria-live')")
        if not first.endswith(f"players/{NAME.lower()}.html"):
            raise AssertionError(f"the first result for {NAME} is {first}, not the player's page")
        if not any(ch.isdigit() for ch in status) or live != "polite":
            raise AssertionError(f"the status line says {status!r} (aria-live {live!r})")
        shot = devtools.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(os.path.join(png, f"{prefix}search.png"), "wb") as f:
            f.write(base64.b64decode(shot))
        print(f"  search ({prefix or 'en-'}site from disk): Tab reaches the box ({label!r}); {NAME} + Enter lists {status!r}, first {first}")
    finally:
        devtools.close()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as error:
        print(f"  ERROR search: {error}")
        sys.exit(1)
