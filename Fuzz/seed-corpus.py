#!/usr/bin/env python3
"""Writes a fuzzer's seed corpus into OUT. `seed-corpus.py OUT` (the game-file target): the example
game files, and the game files (and front-matter fragments) embedded as string literals in the
tests. `seed-corpus.py OUT templates`: the built-in templates, the Mustache spec's templates and
the tests' templates, each behind the byte that picks the template it replaces.
`seed-corpus.py OUT configuration`: `gamenight init`'s gamenight.yaml and the tests' ones.
`seed-corpus.py OUT markup`: SnapshotKit's and GameNight's HTML and SVG references and the markup
in SnapshotKit's normalizer tests, each behind the byte that picks `.html` (0) or `.svg` (2).
Generated at run time, never committed, so the seeds follow the sources and tests as they change."""

import hashlib
import json
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

def write_bytes(data):
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)

def write(text):
    write_bytes(text.encode("utf-8"))

kind = sys.argv[2] if len(sys.argv) > 2 else "game-file"

escapes = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "0": "\0"}
def unescape(literal):
    return re.sub(r'\\(.)', lambda m: escapes.get(m.group(1), m.group(0)), literal)

def literals(paths, looks_like):
    """Multi-line string literals, and one-line ones for which `looks_like` holds."""
    found = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        # Multi-line literals: strip the closing delimiter's indentation from every line.
        for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', source, re.S):
            indent = match.group(2)
            lines = [line[len(indent):] if line.startswith(indent) else line for line in match.group(1).split("\n")]
            found.append(unescape("\n".join(lines) + "\n"))
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', source):
            text = unescape(match.group(1))
            if looks_like(text):
                found.append(text)
    return found

marker = "\U0001F0CF<\U0001F0CF"  # FuzzSite.marker: a value printed unescaped shows it
if kind == "templates":
    # The first byte picks the template replaced: an index into the sorted built-in names.
    names = sorted(path.name for path in root.glob("templates/*.mustache"))
    for index, name in enumerate(names):
        write_bytes(bytes([index]) + (root / "templates" / name).read_bytes())
    others = []
    for path in sorted(root.glob("Tests/SiteRenderingTests/MustacheSpec/*.json")):
        for test in json.load(open(path, encoding="utf-8"))["tests"]:
            others += [test["template"]] + list(test.get("partials", {}).values())
    others += literals(sorted(root.glob("Tests/SiteRenderingTests/*.swift")), lambda text: "{{" in text)
    for number, text in enumerate(others):
        write_bytes(bytes([number % len(names)]) + text.encode("utf-8"))
elif kind == "markup":
    # Even first byte: the rest is the document, as written (0 `.html`, 2 `.svg`).
    for folder in (root / "Packages/SnapshotKit/__Snapshots__", root / "__Snapshots__"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".html", ".htm", ".svg") and path.is_file() and path.stat().st_size <= 16384:
                write_bytes(bytes([2 if path.suffix == ".svg" else 0]) + path.read_bytes())
    tests = sorted((root / "Packages/SnapshotKit/Tests/SnapshotKitTests").glob("*.swift"))
    for text in literals(tests, lambda text: "<" in text and ">" in text):
        write_bytes(bytes([2 if "<svg" in text and "<html" not in text else 0]) + text.encode("utf-8"))
elif kind == "configuration":
    keys = ("title:", "description:", "baseURL:", "language:", "timeZone:", "markdown:", "texts:", "ratings:", "bowling:")
    paths = [root / "Sources/SiteBuilding/Scaffold/SiteScaffold.swift"] + sorted(root.glob("Tests/**/*Configuration*.swift")) \
        + sorted(root.glob("Tests/**/Language*.swift"))
    seeds = [text for text in literals(paths, lambda text: any(key in text for key in keys)) if any(key in text for key in keys)]
    seeds.append(f"title: Site {marker}\ndescription: About {marker}\nbaseURL: https://example.org/games/\n"
                 f"texts:\n  winner: \"Won {marker}\"\n  footerNamed: \"{{site}} {marker}\"\n")
    for seed in seeds:
        write(seed)
else:
    seeds = [path.read_text(encoding="utf-8") for path in sorted(root.glob("examples/**/*.md"))]
    seeds += literals(sorted(root.glob("Tests/**/*.swift")), lambda text: any(key in text for key in (
        "---", "game:", "players:", "rolls:", "scores:", "ranks:", "winners:", "teams:", "cooperative:")))
    for seed in seeds:
        write(seed)
print(f"{len(list(out.iterdir()))} seeds in {out}")
