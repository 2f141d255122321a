#!/usr/bin/env python3
"""Checks the relative links of the repository's Markdown files: each must lead to a file or
folder that exists, and a `#fragment` to a heading of the target file (GitHub's anchors).

Usage: scripts/check-links.py [ROOT]   (exit status 1 when a link is broken)
Snapshot references and fuzz corpora are skipped: their Markdown is data, not documentation.
"""
import os
import re
import subprocess
import sys
import unicodedata

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SKIP = {"node_modules", "__Snapshots__", "corpus"}
LINK = re.compile(r"(?<!\!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def anchors(path, cache={}):
    """GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered."""
    if path not in cache:
        seen, found, fenced = {}, set(), False
        for line in open(path, encoding="utf-8"):
            if FENCE.match(line):
                fenced = not fenced
            if fenced or not line.startswith("#"):
                continue
            text = line.lstrip("#").strip()
            slug = "".join(c for c in text.lower() if c in " -_" or unicodedata.category(c)[0] in "LN").replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else f"{slug}-{n}")
        cache[path] = found
    return cache[path]


def links(path):
    fenced = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if fenced:
            continue
        # Inline code is not a link.
        for match in LINK.finditer(re.sub(r"`[^`]*`", "``", line)):
            yield number, match.group(1) or match.group(2)


def markdown_files():
    """The repository's Markdown files: git's list (tracked, and new ones not ignored), so that
    generated folders such as Benchmarks/work are left out; a walk when there is no git."""
    try:
        listed = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z", "*.md"],
                                capture_output=True, check=True).stdout.decode().split("\0")
        paths = [os.path.join(ROOT, p) for p in listed if p]
    except (OSError, subprocess.CalledProcessError):
        paths = []
        for folder, subfolders, files in os.walk(ROOT):
            subfolders[:] = [s for s in subfolders if not s.startswith(".")]
            paths += [os.path.join(folder, f) for f in files if f.endswith(".md")]
    return sorted(p for p in paths if not SKIP & set(os.path.relpath(p, ROOT).split(os.sep)) and os.path.isfile(p))


broken = 0
checked = 0
for path in markdown_files():
    folder = os.path.dirname(path)
    for number, target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto: …
            continue
        checked += 1
        file, _, fragment = target.partition("#")
        resolved = os.path.normpath(os.path.join(folder, file)) if file else path
        where = f"{os.path.relpath(path, ROOT)}:{number}"
        if not os.path.exists(resolved):
            print(f"{where}: broken link `{target}`: {os.path.relpath(resolved, ROOT)} does not exist")
            broken += 1
        elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
            print(f"{where}: broken link `{target}`: no heading `#{fragment}` in {os.path.relpath(resolved, ROOT)}")
            broken += 1
print(f"{checked} relative links checked, {broken} broken.")
sys.exit(1 if broken else 0)
