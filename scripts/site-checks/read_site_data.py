#!/usr/bin/env python3
"""Reads a built site's machine-readable data with real parsers and prints what they found, as
JSON, for the tests to compare with what the games hold:

- `nights.ics` with icalendar (RFC 5545): each event's UID, DTSTAMP, DTSTART, SUMMARY,
  DESCRIPTION and URL, after checking the raw lines (CRLF, at most 75 octets, valid UTF-8);
- each page's `<script type="application/ld+json">` as the HTML tokenizer sees it, parsed as JSON
  and expanded by pyld, offline: schema.org's context is a local stub.

Usage: read_site_data.py SITE   (exit status 1 on a problem, 3 when a parser is missing)
`make test` installs icalendar and pyld (`make python-checks`).
"""
import json
import os
import sys
from html.parser import HTMLParser

try:
    import icalendar
    from pyld import jsonld
except ImportError as error:
    print(f"{error}: run `make python-checks` to install icalendar and pyld", file=sys.stderr)
    sys.exit(3)

# schema.org's context reduced to what expansion needs: every term in its vocabulary, as the
# published context maps it (http://schema.org/). No network at test time.
SCHEMA_CONTEXT = {"@context": {"@vocab": "http://schema.org/"}}
SCHEMA_URLS = {"https://schema.org", "https://schema.org/", "http://schema.org", "http://schema.org/"}


def load_document(url, options=None):
    if url in SCHEMA_URLS:
        return {"contextUrl": None, "documentUrl": url, "document": SCHEMA_CONTEXT}
    raise ValueError(f"no document for {url} offline")


class Scripts(HTMLParser):
    """The text of each JSON-LD script element, as a browser's tokenizer ends it."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.inside, self.found = False, []

    def handle_starttag(self, tag, attrs):
        self.inside = tag == "script" and ("type", "application/ld+json") in attrs
        if self.inside:
            self.found.append("")

    def handle_endtag(self, tag):
        self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.found[-1] += data


def calendar(site, problems):
    path = os.path.join(site, "nights.ics")
    if not os.path.exists(path):
        return None
    raw = open(path, "rb").read()
    if not raw.endswith(b"\r\n"):
        problems.append("nights.ics does not end with CRLF")
    for number, line in enumerate(raw.split(b"\r\n")[:-1], 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"nights.ics:{number}: a bare line break")
        if len(line) > 75:
            problems.append(f"nights.ics:{number}: {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"nights.ics:{number}: a UTF-8 sequence split by a fold")
    parsed = icalendar.Calendar.from_ical(raw.decode("utf-8"))
    for component in parsed.walk():
        problems += [f"nights.ics: {component.name}: {error}" for error in component.errors]
    events = []
    for event in parsed.walk("VEVENT"):
        events.append({
            "uid": str(event["UID"]),
            "dtstamp": event.decoded("DTSTAMP").isoformat(),
            "dtstart": event.decoded("DTSTART").isoformat(),
            "summary": str(event["SUMMARY"]),
            "description": str(event["DESCRIPTION"]),
            "url": str(event["URL"]) if "URL" in event else None,
        })
    return {"name": str(parsed.get("NAME", "")), "version": str(parsed["VERSION"]), "events": events}


def structured_data(site, problems):
    pages = {}
    for folder, _, names in os.walk(site):
        for name in names:
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            scripts = Scripts()
            scripts.feed(open(path, encoding="utf-8").read())
            scripts.close()
            if not scripts.found:
                continue
            relative = os.path.relpath(path, site)
            try:
                documents = [json.loads(text) for text in scripts.found]
                expanded = [jsonld.expand(document, {"documentLoader": load_document}) for document in documents]
            except Exception as error:  # any failure is the finding
                problems.append(f"{relative}: {error}")
                continue
            pages[relative] = {"json": documents, "expanded": expanded}
    return pages


def main():
    site = sys.argv[1]
    problems = []
    result = {"calendar": calendar(site, problems), "pages": structured_data(site, problems), "problems": problems}
    json.dump(result, sys.stdout, ensure_ascii=False)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
