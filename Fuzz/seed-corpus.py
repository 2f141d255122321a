#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus into OUT: the example game files, and the game files (and
front-matter fragments) embedded as string literals in the tests. Generated at run time, never
committed, so the seeds follow the examples and tests as they change."""
import hashlib
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

def write(text):
    data = text.encode("utf-8")
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)

seeds = [path.read_text(encoding="utf-8") for path in sorted(root.glob("examples/**/*.md"))]

escapes = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "0": "\0"}
def unescape(literal):
    return re.sub(r'\\(.)', lambda m: escapes.get(m.group(1), m.group(0)), literal)

for path in sorted(root.glob("Tests/**/*.swift")):
    source = path.read_text(encoding="utf-8")
    # Multi-line literals: strip the closing delimiter's indentation from every line.
    for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', source, re.S):
        indent = match.group(2)
        lines = [line[len(indent):] if line.startswith(indent) else line for line in match.group(1).split("\n")]
        seeds.append(unescape("\n".join(lines) + "\n"))
    # One-line literals that look like a game file or a piece of one.
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', source):
        text = unescape(match.group(1))
        if any(key in text for key in ("---", "game:", "players:", "rolls:", "scores:", "ranks:", "winners:", "teams:", "cooperative:")):
            seeds.append(text)

for seed in seeds:
    write(seed)
print(f"{len(list(out.iterdir()))} seeds in {out}")
