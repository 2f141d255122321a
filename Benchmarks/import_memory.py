#!/usr/bin/env python3
"""Peak memory of `gamenight import --dry-run` (everything but the writes: reading, naming,
mapping, the text of every file) on large generated play logs, against Python reading the
same files with the standard library (json.load, which holds the whole document, for the BG
Stats export; xml.sax, which streams, for the BGG page). Usage: import_memory.py GAMENIGHT WORKDIR [MB]"""
import json, os, resource, subprocess, sys, shutil

gamenight, work = sys.argv[1], sys.argv[2]
megabytes = int(sys.argv[3]) if len(sys.argv) > 3 else 200
os.makedirs(work, exist_ok=True)
names = ["Ann", "Bo", "Cy", "Zoë", "花子", "Иван", "José", "Marta"]

def bgstats(path):
    with open(path, "w") as f:
        f.write('{"players": [' + ",".join(f'{{"id": {i}, "name": "{n}"}}' for i, n in enumerate(names)) + '],')
        f.write('"locations": [{"id": 1, "name": "Café Müller"}], "games": [{"id": 1, "name": "Catan", "bggId": 13}], "plays": [')
        i = 0
        while f.tell() < megabytes * 1_000_000:
            scores = ",".join(f'{{"playerRefId": {p}, "score": "{(i * 7 + p) % 90}", "winner": {str(p == i % 4).lower()}, "rank": 0, "team": "0", "newPlayer": false, "startPlayer": false, "seatOrder": {p}}}' for p in range(4))
            f.write(("," if i else "") + f'{{"uuid": "{i:08x}-0000-4000-8000-000000000000", "playDate": "20{10 + i % 15}-0{1 + i % 9}-1{i % 10} 19:30:00", "gameRefId": 1, "locationRefId": 1, "durationMin": 60, "ignored": false, "usesTeams": false, "comments": "Game {i}: a long evening, lots of trading and a close finish.", "playImages": "[]", "expansionPlays": [], "playerScores": [{scores}]}}')
            i += 1
        f.write("]}")
    return i

def bgg(path):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<plays username="ann" userid="1" total="0" page="1">\n')
        i = 0
        while f.tell() < megabytes * 1_000_000:
            players = "".join(f'<player username="u{p}" userid="{p}" name="{names[p]}" startposition="{p}" color="" score="{(i * 7 + p) % 90}" new="0" rating="0" win="{int(p == i % 4)}"/>' for p in range(4))
            f.write(f'<play id="{i + 1}" date="20{10 + i % 15}-0{1 + i % 9}-1{i % 10}" quantity="1" length="60" incomplete="0" nowinstats="0" location="Café Müller"><item name="Catan" objecttype="thing" objectid="13"><subtypes><subtype value="boardgame"/></subtypes></item><comments>Game {i}: a long evening, lots of trading and a close finish.</comments><players>{players}</players></play>\n')
            i += 1
        f.write("</plays>\n")
    return i

def peak(command):
    """Peak resident memory of a child process, in MB (ru_maxrss of the children so far)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return after / 1024 if after > before else float("nan")

for kind, make, peer in [
    ("bgstats", bgstats, "import json,sys; json.load(open(sys.argv[1]))"),
    ("bgg", bgg, "import xml.sax,sys; xml.sax.parse(sys.argv[1], xml.sax.ContentHandler())"),
]:
    source = os.path.join(work, f"{kind}-{megabytes}mb" + (".json" if kind == "bgstats" else ".xml"))
    plays = make(source)
    size = os.path.getsize(source) / 1e6
    # Each measurement in a fresh child: ru_maxrss of children is a running maximum.
    ours = subprocess.run([sys.executable, "-c", f"import resource,subprocess,shutil; shutil.rmtree('{work}/out', ignore_errors=True); subprocess.run(['{gamenight}', 'import', '{kind}', '{source}', '--into', '{work}/out', '--dry-run'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)"], capture_output=True, text=True).stdout.strip()
    theirs = subprocess.run([sys.executable, "-c", f"import resource,subprocess,sys; subprocess.run([sys.executable, '-c', {peer!r}, '{source}']); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)"], capture_output=True, text=True).stdout.strip()
    print(f"{kind}: {size:.0f} MB, {plays} plays; peak RSS gamenight import {float(ours):.0f} MB, Python {float(theirs):.0f} MB; ratio {float(ours) / float(theirs):.2f}")
    os.remove(source)
    shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
