#!/usr/bin/env python3
"""Judges the pairs the Swift campaign passed: does html5lib (HTML) or an XML parser (SVG)
see a difference a reader would see? Each pair N.a.EXT / N.b.EXT is a document and a mutation
of it that `.html` or `.svg` normalized to the same bytes. A pair whose render models differ is
a potential false pass; the script lists them and exits 1.

The render model is a deliberately simple reading of the specs, independent of SnapshotKit's
tokenizer: html5lib builds the tree (implied and ignored tags, head closing, foster parenting),
then text is laid out with CSS `white-space: normal` under the default stylesheet: runs of
space, tab and line feed collapse to one space (a line break between two non-ASCII characters
stays a break), whitespace next to a block box or at the edge of a block disappears, and
`pre`, `textarea`, `listing`, `xmp`, `plaintext` and elements whose `style` mentions
`white-space` keep their text exactly. Hidden content (head, script, style, template, [hidden])
is left out. SVG: only text content elements show text; `xml:space="preserve"` keeps it.

Usage: oracle.py FOLDER
"""
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import html5lib

BLOCKS = set("""html body address article aside blockquote center details dialog dd div dl dt fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre section summary
table ul legend caption colgroup col thead tbody tfoot tr td th listing xmp plaintext textarea""".split())
HIDDEN = set("head title meta link base style script noscript template".split())
PRESERVE = set("pre textarea listing xmp plaintext".split())
BLANK = re.compile(r"[ \t\n]+")


def local(tag):
    return tag.split("}", 1)[1] if "}" in tag else tag


def collapse(text):
    def run(match):
        s, e = match.start(), match.end()
        before = text[s - 1] if s > 0 else "a"
        after = text[e] if e < len(text) else "a"
        if "\n" in match.group() and ord(before) > 127 and ord(after) > 127:
            return "\n"
        return " "
    return BLANK.sub(run, text.replace("\r\n", "\n").replace("\r", "\n"))


def html_events(node, events, preserve=False):
    for child in node:
        if callable(child.tag):  # a comment
            continue
        tag = local(child.tag)
        attrs = dict(child.attrib)
        style = attrs.get("style", "").lower()
        if tag in HIDDEN or "hidden" in attrs or "display" in style and "none" in style:
            text_after(child, events, preserve)
            continue
        keep = preserve or tag in PRESERVE or "white-space" in style
        block = tag in BLOCKS and "style" not in attrs
        events.append(("open", tag, tuple(sorted(attrs.items())), block))
        if child.text:
            events.append(("text", child.text if keep else collapse(child.text), keep))
        html_events(child, events, keep)
        events.append(("close", tag, (), block))
        text_after(child, events, preserve)


def text_after(child, events, preserve):
    if child.tail:
        events.append(("text", child.tail if preserve else collapse(child.tail), preserve))


def layout(events):
    """Drops whitespace at block edges and collapses it across inline boundaries."""
    out, space = [], True  # at the start of a block, leading space is dropped
    for kind, a, b, c in [(e[0], e[1], e[2], e[3] if len(e) > 3 else None) for e in events]:
        if kind == "text":
            text, kept = a, b
            if not kept:
                if space:
                    text = text.lstrip(" ")
                if not text:
                    continue
                space = text.endswith(" ")
            else:
                space = False
            out.append(("text", text))
        else:
            if c:  # a block: the space before it is dropped
                while out and out[-1][0] == "text" and out[-1][1].endswith(" "):
                    trimmed = out[-1][1].rstrip(" ")
                    out[-1] = ("text", trimmed)
                    if not trimmed:
                        out.pop()
                space = True
            out.append((kind, a, b))
    while out and out[-1][0] == "text" and out[-1][1].endswith(" "):
        trimmed = out[-1][1].rstrip(" ")
        out[-1] = ("text", trimmed)
        if not trimmed:
            out.pop()
    # Adjacent text pieces read as one.
    merged = []
    for event in out:
        if event[0] == "text" and merged and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + event[1])
        else:
            merged.append(event)
    return merged


def html_model(source):
    tree = html5lib.parse(source, namespaceHTMLElements=False)
    events = []
    body = tree.find("body")
    top = tree if body is None else body
    if top.text:
        events.append(("text", collapse(top.text), False))
    html_events(top, events)
    return layout(events)


def svg_model(source):
    try:
        root = ET.fromstring(source)
    except ET.ParseError as error:
        return [("unparsable", str(error))]
    events = []

    def walk(node, in_text, preserve):
        tag = local(node.tag)
        preserve = preserve or node.attrib.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve" \
            or "white-space" in node.attrib.get("style", "")
        shows = in_text or tag in ("text", "title", "desc")
        events.append(("open", tag, tuple(sorted(node.attrib.items()))))
        if node.text and shows:
            events.append(("text", node.text, preserve))
        for child in node:
            walk(child, shows, preserve)
            if child.tail and shows:
                events.append(("text", child.tail, preserve))
        events.append(("close", tag))

    walk(root, False, False)
    # SVG 1.1 and SVG 2 lay out text differently; in doubt, text is compared as written,
    # with runs of spaces and tabs as one space (both versions agree on that).
    return [e if e[0] != "text" or e[2] else ("text", re.sub(r"[ \t]+", " ", e[1]), False) for e in events]


# Pairs whose verdict is known, so a broken oracle can't report "0 seen as different".
KNOWN = [
    ("html", "<head><title>t</title>Hello <b>world</b>", "<head><title>t</title>Hello<b>world</b>", True),
    ("html", "<p>a <meta> b</p>", "<p>a<meta>b</p>", True),
    ("html", "<pre>a  b</pre>", "<pre>a b</pre>", True),
    ("html", "<p>a </div> b</p>", "<p>a</div>b</p>", True),
    ("svg", '<svg><text xml:space="preserve">a  b</text></svg>', '<svg><text xml:space="preserve">a b</text></svg>', True),
    ("html", "<ul>\n <li>a</li>\n</ul>", "<ul><li>a</li></ul>", False),
    ("html", "<p>a   b</p>", "<p>a b</p>", False),
    ("svg", "<svg>\n <g>\n  <rect/>\n </g>\n</svg>", "<svg><g><rect/></g></svg>", False),
]


def self_test():
    wrong = [(a, b) for ext, a, b, differ in KNOWN
             if ((svg_model if ext == "svg" else html_model)(a) != (svg_model if ext == "svg" else html_model)(b)) != differ]
    print(f"html5lib oracle self-test: {len(KNOWN) - len(wrong)} of {len(KNOWN)} known pairs judged right")
    for a, b in wrong:
        print(f"  wrong: {a!r} / {b!r}")
    return 1 if wrong else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ".build/snapshot-campaign")
    pairs = sorted(folder.glob("*.a.*"), key=lambda p: int(p.name.split(".")[0]))
    suspicious = []
    for a in pairs:
        b = a.with_name(a.name.replace(".a.", ".b."))
        ext = a.suffix
        text_a, text_b = a.read_text(encoding="utf-8"), b.read_text(encoding="utf-8")
        model = svg_model if ext == ".svg" else html_model
        if model(text_a) != model(text_b):
            suspicious.append(a.name)
    print(f"html5lib oracle: {len(pairs)} pairs the strategies passed, {len(suspicious)} seen as different")
    for name in suspicious[:20]:
        print(f"  {folder / name}")
    return 1 if suspicious else 0


if __name__ == "__main__":
    sys.exit(main())
