"""Helpers for browser-check.sh; each subcommand prints a short report and exits non-zero on failure.

  vnu-report JSON          summarise the Nu HTML checker's JSON output (errors fail)
  trim PNG [MARGIN]        crop a tall screenshot below the page's last content (needs Pillow)
  background PNG           print the page background's brightness 0-255 (needs Pillow)
  inline-svgs OUTDIR HTML… write every inline <svg> of the pages as standalone .svg files
  xml FILE…                check that files are well-formed XML
  cards SITE PNG_DIR PREFIX  every page's og:image names a 1200×630 PNG card of the site, not blank;
                           copies a scorecard's, a night's, a player's and a year's card to PNG_DIR
"""
import html
import html.entities
import json
import os
import re
import sys
import xml.dom.minidom


def vnu_report(path):
    with open(path, encoding="utf-8") as f:
        text = f.read().strip()
    # The JSON object may be preceded by the JVM's own notes (e.g. "Picked up JAVA_TOOL_OPTIONS").
    start = text.find('{"')
    if start < 0:
        print(f"  ERROR vnu gave no report: {text[:500]}")
        return 1
    messages = json.JSONDecoder().raw_decode(text[start:])[0].get("messages", [])
    errors = [m for m in messages if m.get("type") in ("error", "non-document-error")]
    warnings = [m for m in messages if m.get("type") == "info" and m.get("subType") == "warning"]
    for m in errors:
        where = m.get("url", "?").replace("file:", "")
        print(f"  ERROR {where}:{m.get('lastLine', '?')}: {m.get('message')}")
    if os.environ.get("VERBOSE") == "1":
        for m in warnings:
            print(f"  warning {m.get('url', '?').replace('file:', '')}:{m.get('lastLine', '?')}: {m.get('message')}")
    kinds = {}
    for m in warnings:
        kinds[m.get("message")] = kinds.get(m.get("message"), 0) + 1
    for message, count in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"  warning ×{count}: {message}")
    print(f"vnu: {len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


def trim(path, margin=16):
    from PIL import Image, ImageChops
    image = Image.open(path).convert("RGB")
    width, height = image.size
    background = image.getpixel((width - 1, height - 1))
    box = ImageChops.difference(image, Image.new("RGB", image.size, background)).getbbox()
    bottom = min(height, (box[3] if box else 0) + margin)
    if box and box[3] >= height - 1:
        print(f"  note: {os.path.basename(path)} may be cut off at {height} px")
    image.crop((0, 0, width, max(bottom, 1))).save(path, optimize=True)
    return 0


def background(path):
    from PIL import Image
    r, g, b = Image.open(path).convert("RGB").getpixel((2, 2))
    print(round(0.2126 * r + 0.7152 * g + 0.0722 * b))
    return 0


XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def _xml_entities(svg):
    """HTML allows named character references (&nbsp;) that XML does not: make them numeric."""
    def replace(match):
        name = match.group(1)
        if name in XML_ENTITIES:
            return match.group(0)
        text = html.unescape(match.group(0))
        return "".join(f"&#{ord(c)};" for c in text) if text != match.group(0) else match.group(0)
    return re.sub(r"&([A-Za-z][A-Za-z0-9]*);", replace, svg)


def inline_svgs(outdir, pages):
    os.makedirs(outdir, exist_ok=True)
    count = 0
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        # Inline SVGs are not nested in these pages; a non-greedy match is enough.
        for index, match in enumerate(re.finditer(r"<svg\b.*?</svg>", text, re.S), start=1):
            svg = match.group(0)
            if not re.match(r"<svg\b[^>]*\sxmlns=", svg):
                svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
            name = os.path.splitext(os.path.basename(page))[0]
            with open(os.path.join(outdir, f"{name}--inline-{index}.svg"), "w", encoding="utf-8") as out:
                out.write(_xml_entities(svg))
            count += 1
    print(count)
    return 0


def check_xml(files):
    failures = 0
    for path in files:
        try:
            xml.dom.minidom.parse(path)
        except Exception as error:  # ExpatError and I/O errors alike
            print(f"  ERROR {path}: not well-formed XML: {error}")
            failures += 1
    return 1 if failures else 0


def check_cards(site, png_dir, prefix):
    """Each page's og:image is a card of the site: a 1200×630 PNG with more than one colour."""
    import shutil
    from urllib.parse import unquote, urlparse
    from PIL import Image
    failures, cards, kept = 0, set(), {}
    for folder, _, names in os.walk(site):
        for name in names:
            if not name.endswith(".html"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                found = re.search(r'<meta property="og:image" content="([^"]+)">', f.read())
            if not found:
                continue
            path = unquote(urlparse(html.unescape(found.group(1))).path)
            card = os.path.join(site, "cards", path.split("/cards/", 1)[1]) if "/cards/" in path else ""
            if not os.path.isfile(card):
                print(f"  ERROR {os.path.join(folder, name)}: og:image {found.group(1)} is not in the site")
                failures += 1
                continue
            cards.add(card)
            with Image.open(card) as image:
                if image.format != "PNG" or image.size != (1200, 630):
                    print(f"  ERROR {card}: {image.format} {image.size}, not a 1200×630 PNG")
                    failures += 1
                elif len(image.convert("RGB").getcolors(1 << 16) or [0, 0]) < 2:
                    print(f"  ERROR {card}: blank")
                    failures += 1
            kind = os.path.relpath(card, os.path.join(site, "cards")).split(os.sep)[0]
            kept.setdefault(kind, card)
    for kind, card in sorted(kept.items()):
        shutil.copy(card, os.path.join(png_dir, f"{prefix}card-{kind}.png"))
    print(f"cards: {len(cards)} link-preview cards named by the pages, {failures} failed; "
          f"{', '.join(f'{prefix}card-{kind}.png' for kind in sorted(kept))} copied")
    return 1 if failures or not cards else 0


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "vnu-report":
        return vnu_report(args[0])
    if command == "trim":
        return trim(args[0], int(args[1]) if len(args) > 1 else 16)
    if command == "background":
        return background(args[0])
    if command == "inline-svgs":
        return inline_svgs(args[0], args[1:])
    if command == "xml":
        return check_xml(args)
    if command == "cards":
        return check_cards(args[0], args[1], args[2] if len(args) > 2 else "")
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
