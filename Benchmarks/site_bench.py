#!/usr/bin/env python3
"""Site-build benchmark: `gamenight build` against Hugo on the same synthetic game files.

Usage (from the package root; `make bench-site N=1000` does all of it):

    python3 Benchmarks/site_bench.py --gamenight .build-static/release/gamenight [--n 1000,10000] [--runs 3]

For each N it generates N game files of mixed kinds (deterministic, fixed seed) under
Benchmarks/work/site-N/games/, and a Hugo site holding the very same files as its pages
(same front matter, same ~2 KB of Markdown notes) with a minimal layout under
Benchmarks/work/site-N/hugo/. It checks that both build, then times each build RUNS times,
alternating the two tools, each run into a new, empty output folder, and prints the medians of
wall time and peak memory (max RSS of the process, from wait4) as ratios gamenight / hugo.

Outputs are deleted only when every run is done. On ext4 without a journal (this machine's root
file system), creating a file scans past every inode deleted in the last one to six minutes, so a
build started right after deleting the previous site's tens of thousands of files spends most of
its time in the kernel, whichever tool it is: emptying the output before each run measured that,
not the tools. `--delete-between-runs` brings the old behaviour back for comparison.

Benchmarks are not tests: it exits 0 whatever the figures (1 only if the generated input is
rejected or a tool is missing). Standard library only.
"""

import argparse
import gzip
import hashlib
import heapq
import json
import multiprocessing
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

SEED = 20261120
GENERATOR_VERSION = "1"  # bump when the generated files change, so cached data is regenerated

# The mix of game kinds, as shares of all games; puzzles are mostly 3×3.
SHARE_SCORES = 0.60
SHARE_BOWLING = 0.25  # the rest (0.15) are 15-puzzles
SHARE_PUZZLE_4X4 = 0.10  # of the puzzles
SHARE_UNFINISHED = 0.04  # games still `playing`

# Targets from the issue, for the 10,000-game build.
TARGET_TIME_RATIO = 0.25
TARGET_MEMORY_RATIO = 0.10
TARGET_LINEARITY = 11.0
# Issue 18: the link check costs "at most a few percent" of a build.
TARGET_LINK_CHECK_PERCENT = 5.0

PLAYERS = [
    "Marta", "Elisha", "Andre", "Jasmine", "Tomás", "Priya", "Kofi", "Ingrid", "Yusuf", "Mei",
    "Oskar", "Leila", "Dmitri", "Aiko", "Sven", "Chiara", "Mateo", "Nadia", "Rashid", "Freya",
    "Bruno", "Hana", "Tariq", "Greta", "Luca", "Amara", "Jonas", "Sofia", "Ravi", "Elena",
    "Kwame", "Astrid", "Diego", "Noor", "Felix", "Imani", "Pavel", "Lucía", "Omar", "Zoe",
    "Henrik", "Ayesha", "Mika", "Beatriz", "Idris", "Clara", "Emeka", "Saoirse", "Jun", "Ada",
]

SCORE_GAMES = [
    # (title, win rule, points per round range)
    ("Catan", "highest", (0, 4)),
    ("Hearts", "lowest", (0, 26)),
    ("Yahtzee", "highest", (0, 50)),
    ("Six-card golf", "lowest", (-5, 25)),
    ("Carcassonne", "highest", (0, 30)),
    ("Ticket to Ride", "highest", (0, 21)),
    ("Rummy", "lowest", (0, 60)),
    ("Skull King", "highest", (-40, 70)),
    ("Wingspan", "highest", (0, 20)),
    ("Azul", "highest", (-4, 18)),
    ("Uno", "lowest", (0, 80)),
    ("Wizard", "highest", (-30, 50)),
    ("Qwixx", "highest", (-5, 30)),
    ("Cribbage", "highest", (0, 29)),
]

WORDS = (
    "the a of and to in table round hand score points lead comeback dice card cards deck turn "
    "bonus bid trick tricks pass draw discard stack road city field meeple tile train route "
    "snack pizza tea coffee late early host kitchen window rules house rule argument laugh "
    "close tight lucky unlucky steady bold careful quick slow great terrible fine quiet loud "
    "again never always almost nearly finally suddenly somehow clearly probably next last "
    "first second third fourth fifth sixth night evening weekend timer phone notebook pencil "
    "won lost tied scored played took gave kept missed counted checked doubled blocked rolled"
).split()


# ---------------------------------------------------------------------------------------------
# Notes: about 2 KB of CommonMark per game (paragraphs, emphasis, lists, a heading, a link).

def sentence(rng, names):
    words = [rng.choice(WORDS) for _ in range(rng.randint(7, 16))]
    if names and rng.random() < 0.6:
        words[rng.randrange(len(words))] = rng.choice(names)
    if rng.random() < 0.2:
        i = rng.randrange(len(words))
        words[i] = "**" + words[i] + "**"
    elif rng.random() < 0.2:
        i = rng.randrange(len(words))
        words[i] = "*" + words[i] + "*"
    if rng.random() < 0.05:
        i = rng.randrange(len(words))
        words[i] = "`" + words[i] + "`"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "!", "?"])


def notes(rng, names, target=2048):
    blocks = []
    size = 0
    while size < target - 120:
        kind = rng.random()
        if kind < 0.12 and not any(b.startswith("## ") for b in blocks):
            block = "## " + rng.choice(["Highlights", "House rules", "Next time", "Snacks", "Replay"])
        elif kind < 0.30:
            block = "\n".join("- " + sentence(rng, names) for _ in range(rng.randint(2, 4)))
        elif kind < 0.36:
            block = "\n".join(f"{i}. " + sentence(rng, names) for i in range(1, rng.randint(3, 4)))
        elif kind < 0.40:
            block = f"See the [rules](https://example.org/rules/{rng.randint(1, 99)}) we used."
        else:
            block = " ".join(sentence(rng, names) for _ in range(rng.randint(2, 4)))
        blocks.append(block)
        size += len(block.encode()) + 2
    return "\n\n".join(blocks) + "\n"


# ---------------------------------------------------------------------------------------------
# Score keeper.

def score_game(rng, date, group, index):
    title, win, (low, high) = rng.choice(SCORE_GAMES)
    players = rng.sample(group, min(len(group), rng.randint(3, 6)))
    lines = ["game: scores", f"title: {title}, table {index}", f"date: {date}", f"win: {win}"]
    if rng.random() < 0.2:
        lines.append(f"start: {rng.choice([10, 20, 50, 100])}")
    lines.append("players: [" + ", ".join(players) + "]")
    lines.append("rounds:")
    for _ in range(rng.randint(5, 15)):
        entries = [p for p in players if rng.random() > 0.08] or players[:1]  # someone may sit out
        lines.append("  - {" + ", ".join(f"{p}: {rng.randint(low, high)}" for p in entries) + "}")
    return lines, players


# ---------------------------------------------------------------------------------------------
# Bowling: legal lines in score-sheet notation, some in pin-count lists, a few unfinished.

def ball_mark(pins, first_of_frame=True, split=False):
    if pins == 10:
        return "X"
    if pins == 0:
        return "-"
    return f"({pins})" if split else str(pins)


def bowling_line(rng, skill):
    """(notation, pins list): a full legal line of ten frames."""
    frames, pins = [], []

    def first_ball():
        if rng.random() < skill * 0.45:
            return 10
        return min(9, max(0, int(rng.gauss(7 + skill * 2, 1.6))))

    def second_ball(standing):
        if rng.random() < 0.25 + skill * 0.4:
            return standing
        return rng.randint(0, standing - 1) if standing > 1 else 0

    for frame in range(10):
        a = first_ball()
        if frame < 9:
            if a == 10:
                frames.append("X")
                pins.append(10)
                continue
            b = second_ball(10 - a)
            foul = a == 0 and rng.random() < 0.3
            split = 1 <= a <= 8 and rng.random() < 0.05
            first = "F" if foul else ball_mark(a, split=split)
            frames.append(first + ("/" if a + b == 10 else ball_mark(b)))
            pins += [a, b]
        else:
            marks = []
            if a == 10:
                marks.append("X")
                b = first_ball()
                marks.append(ball_mark(b))
                if b == 10:
                    c = first_ball()
                    marks.append(ball_mark(c))
                else:
                    c = second_ball(10 - b)
                    marks.append("/" if b + c == 10 else ball_mark(c))
                balls = [a, b, c]
            else:
                b = second_ball(10 - a)
                marks.append(ball_mark(a))
                if a + b == 10:
                    c = first_ball()
                    marks += ["/", ball_mark(c)]
                    balls = [a, b, c]
                else:
                    marks.append(ball_mark(b))
                    balls = [a, b]
            frames.append("".join(marks))
            pins += balls
    return frames, pins


def bowling_game(rng, date, group, index, unfinished):
    bowlers = rng.sample(group, min(len(group), rng.randint(2, 4)))
    lines = ["game: bowling", f"title: Bowling, game {index}", f"date: {date}"]
    if unfinished:
        lines.append("status: playing")
    lines.append("players:")
    for n, name in enumerate(bowlers):
        frames, pins = bowling_line(rng, rng.random())
        lines.append(f"  - name: {name}")
        if unfinished:
            done = rng.randint(0, 9)  # whole frames bowled so far; 0 is a bowler yet to start
            if done == 0:
                continue
            lines.append(f'    rolls: "{" ".join(frames[:done])}"')
        elif rng.random() < 0.1 and "F" not in "".join(frames) and "(" not in "".join(frames):
            lines.append("    rolls: [" + ", ".join(map(str, pins)) + "]")
        else:
            sep = " | " if rng.random() < 0.2 else " "
            lines.append(f'    rolls: "{sep.join(frames)}"')
    return lines, bowlers


# ---------------------------------------------------------------------------------------------
# 15-puzzle: the shuffle exactly as GameNight does it (PuzzleBoard+Shuffle.swift), a weighted
# A* for legal solves, and short random walks for players who gave up.

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def bounded(self, bound):
        if bound <= 1:
            return 0
        threshold = ((1 << 64) - bound) % bound
        while True:
            draw = self.next()
            if draw >= threshold:
                return draw % bound


def solvable(tiles, size):
    seq = [t for t in tiles if t]
    inversions = sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])
    if size % 2:
        return inversions % 2 == 0
    return (inversions + tiles.index(0) // size) % 2 == 1


def shuffled(size, seed):
    cells = size * size
    tiles = list(range(1, cells)) + [0]
    rng = SplitMix64(seed)
    for i in range(cells - 1, 0, -1):
        j = rng.bounded(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    if not solvable(tiles, size):
        blank = tiles.index(0)
        a, b = (0, 1) if blank > 1 else (cells - 2, cells - 1)
        tiles[a], tiles[b] = tiles[b], tiles[a]
    return tuple(tiles)


def neighbours(blank, size):
    r, c = divmod(blank, size)
    if r > 0: yield blank - size
    if r < size - 1: yield blank + size
    if c > 0: yield blank - 1
    if c < size - 1: yield blank + 1


def slide(tiles, cell):
    """The board after the tile in `cell` slides into the blank."""
    board = list(tiles)
    blank = board.index(0)
    board[blank], board[cell] = board[cell], 0
    return tuple(board)


def manhattan(tiles, size):
    total = 0
    for cell, tile in enumerate(tiles):
        if tile:
            goal = tile - 1
            total += abs(cell // size - goal // size) + abs(cell % size - goal % size)
    return total


def weighted_astar(start, size, weight, budget=400_000):
    """Tile numbers of a (not necessarily shortest) solution, or None past the node budget.

    Manhattan distance, updated per move, weighted: quick, and near-optimal for 3×3."""
    goal = tuple(list(range(1, size * size)) + [0])
    # distance[tile][cell]: how far `tile` in `cell` is from home.
    distance = [[0] * (size * size)] + [
        [abs(c // size - (t - 1) // size) + abs(c % size - (t - 1) % size) for c in range(size * size)]
        for t in range(1, size * size)]
    parent = {start: None}
    g_of = {start: 0}
    h0 = manhattan(start, size)
    heap = [(weight * h0, 0, h0, start.index(0), start)]
    count = 0
    while heap:
        _, g, h, blank, board = heapq.heappop(heap)
        if board == goal:
            moves = []
            while parent[board] is not None:
                previous, tile = parent[board]
                moves.append(tile)
                board = previous
            return moves[::-1]
        if g > g_of[board]:
            continue
        count += 1
        if count > budget:
            return None
        for cell in neighbours(blank, size):
            tile = board[cell]
            cells = list(board)
            cells[blank], cells[cell] = tile, 0
            nxt = tuple(cells)
            if nxt not in g_of or g + 1 < g_of[nxt]:
                g_of[nxt] = g + 1
                parent[nxt] = (board, tile)
                nh = h - distance[tile][cell] + distance[tile][blank]
                heapq.heappush(heap, (g + 1 + weight * nh, g + 1, nh, cell, nxt))
    return None


def random_walk(rng, board, size, length):
    """`length` legal moves (tile numbers) that never undo the previous one."""
    moves, previous = [], None
    for _ in range(length):
        blank = board.index(0)
        cells = [c for c in neighbours(blank, size) if board[c] != previous]
        cell = rng.choice(cells)
        moves.append(board[cell])
        previous = board[cell]
        board = slide(board, cell)
    return moves, board


def directions(start, moves, size):
    """The same moves in direction notation with repeat counts (`R3 U L2`)."""
    letters = []
    board = list(start)
    for tile in moves:
        blank, cell = board.index(0), board.index(tile)
        offset = cell - blank
        letters.append({size: "U", -size: "D", 1: "L", -1: "R"}[offset])
        board[blank], board[cell] = tile, 0
    runs = []
    for letter in letters:
        if runs and runs[-1][0] == letter:
            runs[-1][1] += 1
        else:
            runs.append([letter, 1])
    return [f"{l}{n if n > 1 else ''}" for l, n in runs]


def moves_yaml(rng, start, moves, size):
    tokens = directions(start, moves, size) if rng.random() < 0.4 else [str(m) for m in moves]
    if len(tokens) <= 40:
        return ["    moves: " + " ".join(tokens)]
    return ["    moves:"] + ["      - " + " ".join(tokens[i:i + 30]) for i in range(0, len(tokens), 30)]


def puzzle_game(rng, date, group, index, size, seed, unfinished):
    start = shuffled(size, seed)
    racers = rng.sample(group, min(len(group), rng.randint(2, 4)))
    lines = ["game: fifteen", f"title: {size * size - 1}-puzzle race {index}", f"date: {date}",
             f"size: {size}", "start:", f"  shuffle: {{seed: {seed}}}"]
    if unfinished:
        lines.insert(3, "status: playing")
    lines.append("players:")
    for name in racers:
        lines.append(f"  - name: {name}")
        if rng.random() < (0.5 if unfinished else 0.2):
            moves, _ = random_walk(rng, start, size, rng.randint(5, 40))  # gave up / still going
        else:
            detour, board = random_walk(rng, start, size, rng.randint(0, 12))
            rest = weighted_astar(board, size, rng.choice([1.5, 2.0, 3.0]) if size == 3 else 3.0)
            if rest is None:  # did not find one in budget: this player gave up
                moves = detour
            else:
                moves = detour + rest
        if moves:
            lines += moves_yaml(rng, start, moves, size)
        if moves and rng.random() < 0.8:
            seconds = len(moves) * rng.uniform(0.6, 2.2)
            lines.append(f"    time: {int(seconds // 60)}:{seconds % 60:04.1f}" if seconds >= 60 and rng.random() < 0.5
                         else f"    time: {seconds:.1f}")
    return lines, racers


# ---------------------------------------------------------------------------------------------
# The corpus.

HUGO_CONFIG = """baseURL = "http://example.org/"
title = "Game nights"
buildFuture = true
disableKinds = ["section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
"""

HUGO_SINGLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><p><a href="{{ "/" | relURL }}">All game nights</a></p>
<h1>{{ .Title }}</h1><p><time>{{ .Date.Format "2006-01-02 15:04" }}</time> · {{ .Params.game }}</p>
{{ .Content }}
</main></body></html>
"""

HUGO_LIST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1>
{{ range (where site.RegularPages "Section" "games").GroupByDate "2006-01-02" }}
<section><h2>{{ .Key }}</h2><ul>
{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> · {{ .Params.game }}</li>
{{ end }}</ul></section>
{{ end }}
</main></body></html>
"""


def generate(n, root):
    """Writes root/games (game files) and root/hugo (the same files as a Hugo site)."""
    rng = random.Random(SEED + n)
    games_dir = os.path.join(root, "games")
    hugo_dir = os.path.join(root, "hugo")
    for folder in (games_dir, hugo_dir):
        shutil.rmtree(folder, ignore_errors=True)
    content_dir = os.path.join(hugo_dir, "content", "games")
    os.makedirs(os.path.join(hugo_dir, "layouts", "_default"))
    for name, text in (("config.toml", HUGO_CONFIG), ("layouts/_default/single.html", HUGO_SINGLE),
                       ("layouts/_default/list.html", HUGO_LIST)):
        with open(os.path.join(hugo_dir, name), "w") as f:
            f.write(text)

    counts = {"scores": 0, "bowling": 0, "fifteen 3x3": 0, "fifteen 4x4": 0, "playing": 0}
    total_bytes = notes_bytes = 0
    day = 0  # days after 2015-01-02
    made = 0
    night = 0
    while made < n:
        night += 1
        day += rng.choice([1, 2, 3, 3, 4, 7])
        date = time.strftime("%Y-%m-%d", time.gmtime((16437 + day) * 86400))  # 16437: 2015-01-02
        group = rng.sample(PLAYERS, rng.randint(4, 10))
        folder = os.path.join(games_dir, date)
        hugo_folder = os.path.join(content_dir, date)
        os.makedirs(folder)
        os.makedirs(hugo_folder)
        hour, minute = 18, rng.choice([0, 15, 30])
        for index in range(1, min(rng.randint(3, 13), n - made) + 1):
            stamp = f"{date}T{hour:02d}:{minute:02d}:00"
            minute += rng.choice([20, 35, 50])
            hour, minute = hour + minute // 60, minute % 60
            hour = min(hour, 23)
            unfinished = rng.random() < SHARE_UNFINISHED
            kind = rng.random()
            if kind < SHARE_SCORES:
                lines, names = score_game(rng, stamp, group, index)
                counts["scores"] += 1
                slug = "scores"
                if unfinished:
                    lines.insert(3, "status: playing")
            elif kind < SHARE_SCORES + SHARE_BOWLING:
                lines, names = bowling_game(rng, stamp, group, index, unfinished)
                counts["bowling"] += 1
                slug = "bowling"
            else:
                size = 4 if rng.random() < SHARE_PUZZLE_4X4 else 3
                seed = rng.randrange(1, 2**31)
                lines, names = puzzle_game(rng, stamp, group, index, size, seed, unfinished)
                counts[f"fifteen {size}x{size}"] += 1
                slug = "puzzle"
            counts["playing"] += unfinished
            body = notes(rng, names)
            text = "---\n" + "\n".join(lines) + "\n---\n" + body
            name = f"game-{index:02d}-{slug}.md"
            for where in (folder, hugo_folder):
                with open(os.path.join(where, name), "w") as f:
                    f.write(text)
            total_bytes += len(text.encode())
            notes_bytes += len(body.encode())
            made += 1
    return {"games": n, "nights": night, "first": "2015-01-03", "last": date, "counts": counts,
            "mean_file_bytes": total_bytes // n, "mean_notes_bytes": notes_bytes // n}


def generator_fingerprint(n):
    """Changes with the generator's code (everything above the measuring part) and N."""
    with open(__file__, "rb") as f:
        generator = f.read().split(b"# Measuring.")[0]
    return hashlib.sha256(generator + f"{GENERATOR_VERSION}/{n}".encode()).hexdigest()


def ensure_corpus(n, work):
    """Generates the corpus for N unless the one on disk came from this very script."""
    root = os.path.join(work, f"site-{n}")
    stamp = os.path.join(root, "generated.txt")
    fingerprint = generator_fingerprint(n)
    if os.path.exists(stamp):
        with open(stamp) as f:
            lines = f.read().splitlines()
        if lines and lines[0] == fingerprint:
            return root, json.loads(lines[1]), None
    os.makedirs(root, exist_ok=True)
    began = time.perf_counter()
    # In a child process: generating grows this one by tens of MB, and a tool started from a
    # fork of it would have that memory counted in its peak (ru_maxrss includes the fork's
    # time before exec).
    child = multiprocessing.get_context("fork").Process(target=generate_and_stamp, args=(n, root, stamp, fingerprint))
    child.start()
    child.join()
    if child.exitcode != 0:
        sys.exit(f"site benchmark: generating {n} games failed (exit {child.exitcode})")
    with open(stamp) as f:
        summary = json.loads(f.read().splitlines()[1])
    return root, summary, time.perf_counter() - began


def generate_and_stamp(n, root, stamp, fingerprint):
    summary = generate(n, root)
    with open(stamp, "w") as f:
        f.write(fingerprint + "\n" + json.dumps(summary) + "\n")


# ---------------------------------------------------------------------------------------------
# Measuring.

# Targets of issue 19 (10,000 games, against Hugo's full build in the same run): a clean build's
# wall and CPU time, its peak memory, and a rebuild after one game file changed.
TARGET_CLEAN_RATIO = 0.5
TARGET_MEMORY_RATIO_19 = 0.05
TARGET_ONE_CHANGED_RATIO = 0.03

WORK = "."  # set from --work: where stderr of a run is kept


def measure(argv, cwd=None, env=None):
    """(wall seconds, peak RSS in MiB, CPU seconds, exit status, stderr) of one run."""
    err_path = os.path.join(WORK, ".bench-stderr")
    with open(os.devnull, "wb") as out, open(err_path, "wb") as err:
        began = time.perf_counter()
        process = subprocess.Popen(argv, stdout=out, stderr=err, cwd=cwd, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - began
        process.returncode = os.waitstatus_to_exitcode(status)
    with open(err_path, "rb") as f:
        stderr = f.read().decode(errors="replace")
    os.remove(err_path)
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, process.returncode, stderr


def load_tree(folder):
    """Every folder and file (with its bytes) under folder, as relative paths."""
    folders, files = [], []
    for parent, _, names in os.walk(folder):
        rel = os.path.relpath(parent, folder)
        folders.append(rel)
        for name in names:
            with open(os.path.join(parent, name), "rb") as f:
                files.append((os.path.join(rel, name), f.read()))
    return folders, files


def write_floor(tree, out):
    """(wall seconds, CPU seconds) to write a loaded tree with one plain writer thread per core.

    The floor under any tool that must produce these bytes: no reading, parsing or rendering.
    Python's threads release the GIL in open and write, so the kernel work runs on every core."""
    import concurrent.futures  # here, not above: edits above `# Measuring.` regenerate the corpus
    folders, files = tree
    threads = os.cpu_count() or 1
    began, before = time.perf_counter(), os.times()
    for rel in folders:
        os.makedirs(os.path.join(out, rel), exist_ok=True)

    def write(share):
        for rel, data in share:
            with open(os.path.join(out, rel), "wb") as f:
                f.write(data)

    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        list(pool.map(write, [files[i::threads] for i in range(threads)]))
    after = os.times()
    return time.perf_counter() - began, (after.user - before.user) + (after.system - before.system)


def clean(folder):
    """Removes a site and the previous one `gamenight build` keeps beside it (`.NAME.previous`)."""
    shutil.rmtree(folder, ignore_errors=True)
    parent, name = os.path.split(folder.rstrip("/"))
    shutil.rmtree(os.path.join(parent, f".{name}.previous"), ignore_errors=True)


def count_files(folder, suffix):
    return sum(1 for _, _, files in os.walk(folder) for f in files if f.endswith(suffix))


def fmt_mib(x):
    return f"{x:,.1f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gamenight", default=".build-static/release/gamenight")
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--n", default="1000,10000", help="game counts, comma- or space-separated")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    parser.add_argument("--write-floor", nargs=2, metavar=("SITE", "OUT"),
                        help=argparse.SUPPRESS)  # internal: one floor run in its own process
    parser.add_argument("--no-cards-cost", action="store_true",
                        help="skip the link-preview cards' cost (three more builds per N, the first drawing every card)")
    parser.add_argument("--delete-between-runs", action="store_true",
                        help="empty one output folder before each run (slow on ext4 without a journal)")
    args = parser.parse_args()
    if args.write_floor:
        print(json.dumps(write_floor(load_tree(args.write_floor[0]), args.write_floor[1])))
        return 0
    global WORK
    WORK = os.path.abspath(args.work)
    sizes = sorted({int(x) for x in args.n.replace(",", " ").split()})
    runs = max(1, args.runs)
    gamenight = os.path.abspath(args.gamenight)
    hugo = shutil.which(args.hugo)
    if not os.access(gamenight, os.X_OK):
        sys.exit(f"site benchmark: no gamenight binary at {gamenight}; run `make bench-site` (it builds the program `make install` installs)")
    if not hugo:
        sys.exit("site benchmark: hugo not found; install it (Debian: apt-get install hugo)")

    hugo_version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.strip()
    print(f"SiteBenchmark: gamenight build vs Hugo, N = {', '.join(f'{n:,}' for n in sizes)}, "
          f"median of {runs} runs each, {os.cpu_count()} cores")
    print(f"gamenight: {gamenight} (release; loads, solves and renders on every core)")
    print(f"hugo: {hugo_version}")
    print(f"mix: {SHARE_SCORES:.0%} score keeper (3–6 players, 5–15 rounds, highest or lowest wins), "
          f"{SHARE_BOWLING:.0%} bowling (2–4 bowlers, full lines in notation, some as pin lists), "
          f"{1 - SHARE_SCORES - SHARE_BOWLING:.0%} 15-puzzle ({1 - SHARE_PUZZLE_4X4:.0%} 3×3, "
          f"{SHARE_PUZZLE_4X4:.0%} 4×4 shuffles; 2–4 racers, legal solves or give-ups); "
          f"{SHARE_UNFINISHED:.0%} of games `playing` (unfinished lines); "
          f"~2 KB Markdown notes each; {len(PLAYERS)} players, 4–10 per night, 3–13 games a night")
    print("hugo site: the same files as content pages, a single + list layout, no theme "
          "(section lists, taxonomies, RSS, sitemap, robots.txt, 404 disabled)")
    print("hugo-defaults (context only, not the targets' peer): the same site with Hugo's default "
          "kinds on (sections, taxonomies, RSS, sitemap); its peak memory matches the issue's 1.15 GB")

    os.makedirs(args.work, exist_ok=True)
    # GameNight's cache (pattern databases, optimal lengths) lives in the benchmark's folder, so
    # the user's own is never touched and a cold run can empty it.
    cache = os.path.join(WORK, "cache")
    gamenight_env = dict(os.environ, XDG_CACHE_HOME=cache)
    optima_file = os.path.join(cache, "gamenight", "puzzle-optima.txt")
    # The build records of earlier benchmarks' outputs go: a record is kept per source and output
    # folder, and the timed clean builds reuse those folders' names, so they would otherwise
    # start from the last benchmark's parses. The pattern databases and optimal lengths stay, as
    # a user's do.
    clean(os.path.join(cache, "gamenight", "sites"))
    warm = measure([gamenight, "solve", "--warm-cache"], env=gamenight_env)
    if warm[3] != 0:
        print(warm[4], file=sys.stderr)
        sys.exit("site benchmark: `gamenight solve --warm-cache` failed")
    print(f"4×4 pattern databases: warm-cache took {warm[0]:.1f} s (cached in {cache}/gamenight)")

    results = {}
    link_share = {}
    cards_cost = {}
    cleanup = []
    for n in sizes:
        root, summary, elapsed = ensure_corpus(n, args.work)
        made = "generated in %.1f s" % elapsed if elapsed is not None else "reused: same generator"
        c = summary["counts"]
        print(f"\nN = {n:,}: {root} ({made})")
        print(f"  {summary['nights']:,} nights {summary['first']} … {summary['last']}; "
              f"{c['scores']:,} score keeper, {c['bowling']:,} bowling, {c['fifteen 3x3']:,} 3×3 + "
              f"{c['fifteen 4x4']:,} 4×4 puzzles, {c['playing']:,} playing; "
              f"files {summary['mean_file_bytes']:,} B on average, notes {summary['mean_notes_bytes']:,} B")
        games = os.path.join(root, "games")
        hugo_src = os.path.join(root, "hugo")

        # Both must build before anything is timed. Outputs of an earlier benchmark were deleted
        # when it ended; a crashed one may have left some, deleted here, well before the timing.
        for leftover in os.listdir(root):
            if leftover.startswith(("site-", ".site-")):
                clean(os.path.join(root, leftover))
        outputs = []

        def output(name):
            """A new output folder, kept until the benchmark ends (see the module's comment)."""
            folder = os.path.join(root, name)
            if args.delete_between_runs:
                folder = os.path.join(root, name.rsplit("-", 1)[0])
                clean(folder)
            outputs.append(folder)
            return folder

        site = output("site-gamenight-check")
        gamenight_argv = [gamenight, "build", games, "--out", site]
        # The check run is also the cold run: no optimal lengths cached yet, every 4×4 board solved.
        if os.path.exists(optima_file):
            os.remove(optima_file)
        check = measure(gamenight_argv, env=gamenight_env)
        if check[3] != 0:
            print(check[4][:20000], file=sys.stderr)
            sys.exit(f"site benchmark: gamenight build of the generated games failed (exit {check[3]})")
        pages = count_files(os.path.join(site, "games"), ".html")
        if check[4].strip():
            print("  gamenight build wrote to stderr:\n    " + check[4].strip().replace("\n", "\n    ")[:4000])
        hugo_out = output("site-hugo-check")
        hugo_argv = [hugo, "--source", hugo_src, "--destination", hugo_out, "--quiet"]
        hcheck = measure(hugo_argv)
        if hcheck[3] != 0:
            print(hcheck[4][:20000], file=sys.stderr)
            sys.exit(f"site benchmark: hugo build failed (exit {hcheck[3]})")
        hugo_pages = count_files(os.path.join(hugo_out, "games"), ".html")  # one per game: no section list
        print(f"  check: gamenight exit 0, {pages:,} scorecards, {count_files(site, '.svg'):,} SVG files; "
              f"hugo exit 0, {hugo_pages:,} pages")
        print(f"  cold gamenight (no optimal lengths cached, every 4×4 board solved): {check[0]:.3f} s wall, "
              f"{check[2]:.3f} s CPU, peak {fmt_mib(check[1])}; the timed runs below have the optimal lengths cached")
        if pages != n or hugo_pages != n:
            print(f"  WARNING: expected {n:,} pages from each tool")

        # Hugo with its default kinds back on, for context: written here, not by the generator.
        with open(os.path.join(hugo_src, "config.toml")) as f:
            config = "".join(line for line in f if not line.startswith("disableKinds"))
        defaults_config = os.path.join(hugo_src, "config-defaults.toml")
        with open(defaults_config, "w") as f:
            f.write(config)

        # The write floor: GameNight's own output written by a plain writer, nothing computed. In
        # a process of its own: a child's peak memory (wait4) counts its parent's before exec.
        floor_files = count_files(site, "")
        floor_mib = sum(os.path.getsize(os.path.join(p, f)) for p, _, fs in os.walk(site) for f in fs) / 2**20
        samples = {"gamenight": [], "hugo": [], "hugo-defaults": [], "write-floor": [],
                   "gamenight-in-place": [], "hugo-in-place": [], "gamenight-no-ratings": [], "gamenight-one-changed": [],
                   "gamenight-one-score": []}
        # The cost of the ratings: the same build with `ratings: {enabled: false}` in gamenight.yaml
        # (written for that run only), which leaves out the ratings, their leaderboards, charts and
        # scorecard changes; the other statistics are computed either way.
        site_config = os.path.join(games, "gamenight.yaml")
        # The file the one-changed rebuilds edit (a line added to its notes), put back at the end.
        edited = min(os.path.join(p, name) for p, _, names in os.walk(games) for name in names if name.endswith(".md"))
        with open(edited, "rb") as f:
            edited_bytes = f.read()
        # The file the one-score rebuilds edit: a score in the newest score-keeper game (typing in
        # tonight's sheets). Unlike a notes edit, it changes what the statistics and lists read.
        scored = max(os.path.join(p, name) for p, _, names in os.walk(games) for name in names
                     if name.endswith("-scores.md"))
        with open(scored, "rb") as f:
            scored_bytes = f.read()
        for run in range(runs):
            for tool in samples:
                if tool == "gamenight-one-changed":
                    # A user's edit: one game file changed, rebuilt into the previous output
                    # with the build cache (the in-place runs left it current).
                    out = site
                    with open(edited, "ab") as f:
                        f.write(f"\nOne more line, run {run + 1}.\n".encode())
                elif tool == "gamenight-one-score":
                    out = site
                    text = scored_bytes.decode()
                    # The first score of the first round, made a value no run has used.
                    text = re.sub(r"(rounds:\n  - \{[^:]+: )-?\d+", lambda m: m.group(1) + str(900 + run), text, count=1)
                    with open(scored, "w") as f:
                        f.write(text)
                elif tool.endswith("-in-place"):
                    # A user's rebuild: into the tool's own previous output, nothing changed.
                    out = site if tool == "gamenight-in-place" else hugo_out
                else:
                    out = output(f"site-{tool}-run{run + 1}")
                if tool == "write-floor":
                    floor = subprocess.run([sys.executable, os.path.abspath(__file__), "--write-floor", site, out],
                                           capture_output=True, text=True, check=True)
                    wall, cpu = json.loads(floor.stdout)
                    samples[tool].append((wall, 0.0, cpu))
                    print(f"  run {run + 1} {tool:18}: {wall:7.3f} s wall, {cpu:7.3f} s CPU")
                    continue
                if tool.startswith("gamenight"):
                    # No cards, as Hugo makes none (and without --base-url there are none anyway):
                    # their cost is measured apart below.
                    argv = [gamenight, "build", games, "--out", out, "--no-cards"]
                else:
                    argv = [hugo, "--source", hugo_src, "--destination", out, "--quiet"]
                    if tool == "hugo-defaults":
                        argv += ["--config", defaults_config]
                if tool == "gamenight-no-ratings":
                    with open(site_config, "w") as f:
                        f.write("ratings: {enabled: false}\n")
                try:
                    wall, rss, cpu, status, stderr = measure(argv, env=gamenight_env if tool.startswith("gamenight") else None)
                finally:
                    if os.path.exists(site_config):
                        os.remove(site_config)
                    if tool == "gamenight-one-changed" and run == runs - 1:
                        with open(edited, "wb") as f:
                            f.write(edited_bytes)
                    if tool == "gamenight-one-score" and run == runs - 1:
                        with open(scored, "wb") as f:
                            f.write(scored_bytes)
                if status != 0:
                    print(stderr[:4000], file=sys.stderr)
                    sys.exit(f"site benchmark: {tool} failed in run {run + 1} (exit {status})")
                samples[tool].append((wall, rss, cpu))
                print(f"  run {run + 1} {tool:18}: {wall:7.3f} s wall, {cpu:7.3f} s CPU, peak {fmt_mib(rss)}")
        # The link check's share, from the build's own count of it (one more rebuild in place, every
        # page rendered): measured inside one run, it needs no difference of two noisy runs.
        timed = subprocess.run([gamenight, "build", games, "--out", site, "--quiet", "--timings", "--no-cache"],
                               capture_output=True, text=True, env=gamenight_env)
        share = re.search(r"CPU time ([0-9.]+) s, of which the link check ([0-9.]+) s \(([0-9.]+) %\)", timed.stdout)
        if timed.returncode == 0 and share:
            link_share[n] = float(share.group(3))
            print(f"  link check: {share.group(2)} s of the build's {share.group(1)} s CPU = {share.group(3)} %  "
                  f"[target ≤ {TARGET_LINK_CHECK_PERCENT:g} %] {'PASS' if link_share[n] <= TARGET_LINK_CHECK_PERCENT else 'FAIL'}")
        else:
            print(f"  link check: `gamenight build --timings` gave no figure (exit {timed.returncode})")
        # Issue 43: the years in review and the board games' seat and score figures, ≤ 5 % of the CPU.
        review = re.search(r"CPU time ([0-9.]+) s, .*; the years in review and the board games' seat and score figures ([0-9.]+) s \(([0-9.]+) %\)",
                           timed.stdout)
        if timed.returncode == 0 and review:
            print(f"  years in review, seat and score figures: {review.group(2)} s of the build's {review.group(1)} s CPU = "
                  f"{review.group(3)} %  [target ≤ 5 %] {'PASS' if float(review.group(3)) <= 5 else 'FAIL'}")
        # What the calendar and the scorecards' JSON-LD add to the same site, in bytes (their CPU is
        # a part of the render stage's; docs/BENCHMARKS.md gives it as measured by hand).
        if timed.returncode == 0:
            ics = os.path.join(site, "nights.ics")
            ld, pages_ld = 0, 0
            for folder, _, names in os.walk(os.path.join(site, "games")):
                for name in names:
                    with open(os.path.join(folder, name), "rb") as page:
                        found = re.search(rb'<script type="application/ld\+json">(.*?)</script>', page.read())
                    if found:
                        ld, pages_ld = ld + len(found.group(1)), pages_ld + 1
            print(f"  calendar and structured data: nights.ics {fmt_mib((os.path.getsize(ics) if os.path.exists(ics) else 0) / 2**20)}, "
                  f"JSON-LD {fmt_mib(ld / 2**20)} on {pages_ld:,} scorecards ({ld / max(pages_ld, 1):.0f} bytes each)")
        # The search index (issue 44): what the search page downloads, whole and gzipped (a server's
        # usual encoding), and its largest file; its CPU is a part of the render stage's.
        if timed.returncode == 0:
            index = [os.path.join(site, "search", name) for name in sorted(os.listdir(os.path.join(site, "search")))]
            sizes = [os.path.getsize(path) for path in index]
            zipped = 0
            for path in index:
                with open(path, "rb") as f:
                    zipped += len(gzip.compress(f.read(), 9))
            print(f"  search index: {len(index)} files, {fmt_mib(sum(sizes) / 2**20)} ({fmt_mib(zipped / 2**20)} gzipped), "
                  f"the largest {fmt_mib(max(sizes, default=0) / 2**20)}")
        # Link-preview cards (issue 44): made only with --base-url, so the runs above have none. One
        # build with cards and one with --no-cards, each into a new folder (a build cache and a
        # folder of cards of its own: every card drawn), then one score changed and rebuilt with cards.
        if not args.no_cards_cost:
            # Likewise the cards drawn for these folders by the last benchmark (kept per source and
            # output folder): every card is drawn here. Drawing outlasts the file system's slower
            # file creation after a deletion (see the module's comment) many times over.
            clean(os.path.join(cache, "gamenight", "cards"))
            base = ["--base-url", "https://example.org/nights/"]
            with_cards, without_cards = output("site-cards"), output("site-no-cards")
            drawn = measure([gamenight, "build", games, "--out", with_cards] + base, env=gamenight_env)
            plain = measure([gamenight, "build", games, "--out", without_cards, "--no-cards"] + base, env=gamenight_env)
            text = scored_bytes.decode()
            with open(scored, "w") as f:
                f.write(re.sub(r"(rounds:\n  - \{[^:]+: )-?\d+", lambda m: m.group(1) + "977", text, count=1))
            try:
                changed = measure([gamenight, "build", games, "--out", with_cards] + base, env=gamenight_env)
            finally:
                with open(scored, "wb") as f:
                    f.write(scored_bytes)
            for name, run_ in [("with cards", drawn), ("--no-cards", plain), ("one score changed", changed)]:
                if run_[3] != 0:
                    print(run_[4][:4000], file=sys.stderr)
                    sys.exit(f"site benchmark: the build {name} failed (exit {run_[3]})")
            cards = [os.path.join(p, f) for p, _, fs in os.walk(os.path.join(with_cards, "cards")) for f in fs if f.endswith(".png")]
            card_bytes = sum(os.path.getsize(c) for c in cards)
            per_card = (drawn[2] - plain[2]) / max(len(cards), 1)
            print(f"  link-preview cards (--base-url): {len(cards):,} cards, {fmt_mib(card_bytes / 2**20)} "
                  f"({card_bytes / max(len(cards), 1) / 1024:.1f} KiB each); clean build with cards {drawn[0]:.3f} s wall "
                  f"({drawn[2]:.3f} s CPU, peak {fmt_mib(drawn[1])}), with --no-cards {plain[0]:.3f} s ({plain[2]:.3f} s CPU): "
                  f"{per_card * 1000:.1f} ms CPU a card; one score changed, with cards {changed[0]:.3f} s ({changed[2]:.3f} s CPU)")
            cards_cost[n] = (drawn, plain, changed, len(cards), card_bytes)
        # The statistics' own phase in the same run (computed once, single-threaded, before any page).
        phases = dict((name.strip(), float(sec)) for name, sec in re.findall(r"^(.+?)\s+([0-9.]+) s$", timed.stdout, re.M))
        if "derive" in phases and phases:
            total = sum(phases.values())
            print(f"  derive (optima, catalog and statistics): {phases['derive']:.3f} s of the build's {total:.3f} s wall = "
                  f"{100 * phases['derive'] / total:.1f} %  [target ≤ 10 %]")
        cleanup += outputs
        medians = {tool: tuple(statistics.median(s[i] for s in runs_) for i in range(3))
                   for tool, runs_ in samples.items()}
        results[n] = medians
        g, h = medians["gamenight"], medians["hugo"]
        print(f"  median gamenight: {g[0]:.3f} s wall ({g[2]:.3f} s CPU), peak {fmt_mib(g[1])}")
        print(f"  median hugo:      {h[0]:.3f} s wall ({h[2]:.3f} s CPU), peak {fmt_mib(h[1])}")
        print(f"  gamenight / hugo: wall time {g[0] / h[0]:.3f}×, peak memory {g[1] / h[1]:.3f}×")
        r = medians["gamenight-no-ratings"]
        print(f"  ratings cost: {g[0]:.3f} s with, {r[0]:.3f} s without (`ratings: {{enabled: false}}`): "
              f"{(g[0] - r[0]) / g[0]:+.1%} of the build's wall time, {(g[2] - r[2]) / g[2]:+.1%} of its CPU time "
              f"[target ≤ 10 %]")
        d = medians["hugo-defaults"]
        f = medians["write-floor"]
        print(f"  write floor (GameNight's {floor_files:,} files, {floor_mib:,.0f} MiB, "
              f"written by {os.cpu_count()} plain threads, nothing computed): {f[0]:.3f} s wall = {f[0] / h[0]:.3f}× hugo")
        gi, hi = medians["gamenight-in-place"], medians["hugo-in-place"]
        print(f"  rebuild in place (each tool into its previous output, nothing changed): gamenight {gi[0]:.3f} s, "
              f"hugo {hi[0]:.3f} s: {gi[0] / hi[0]:.3f}×")
        oc = medians["gamenight-one-changed"]
        print(f"  one game file changed, rebuilt into the previous output with the build cache: gamenight {oc[0]:.3f} s "
              f"({oc[2]:.3f} s CPU, peak {fmt_mib(oc[1])}) = {oc[0] / h[0]:.3f}× hugo's full build")
        os_ = medians["gamenight-one-score"]
        print(f"  one score changed in the newest score-keeper game (statistics, lists and ratings move): gamenight "
              f"{os_[0]:.3f} s ({os_[2]:.3f} s CPU, peak {fmt_mib(os_[1])}) = {os_[0] / h[0]:.3f}× hugo's full build")
        print(f"  (context) hugo-defaults: {d[0]:.3f} s wall, peak {fmt_mib(d[1])}; "
              f"gamenight / hugo-defaults: wall time {g[0] / d[0]:.3f}×, peak memory {g[1] / d[1]:.3f}×")

    for folder in cleanup:
        clean(folder)

    print("\nSummary (gamenight / hugo, medians, same run):")
    for n, (drawn, plain, changed, count, size) in cards_cost.items():
        h = results[n]["hugo"]
        print(f"  N = {n:>6,}: link-preview cards: clean build with cards {drawn[0]:.2f} s = {drawn[0] / h[0]:.1f}× hugo "
              f"({plain[0]:.2f} s with --no-cards), {count:,} cards, {fmt_mib(size / 2**20)}; one score changed {changed[0]:.2f} s")
    for n, m in results.items():
        g, h = m["gamenight"], m["hugo"]
        print(f"  N = {n:>6,}: wall {g[0] / h[0]:.3f}× ({g[0]:.2f} s / {h[0]:.2f} s), "
              f"peak memory {g[1] / h[1]:.3f}× ({g[1]:.0f} MiB / {h[1]:.0f} MiB), "
              f"CPU time {g[2] / h[2]:.3f}× ({g[2]:.2f} s / {h[2]:.2f} s); "
              f"write floor {m['write-floor'][0] / h[0]:.3f}×; in place "
              f"{m['gamenight-in-place'][0] / m['hugo-in-place'][0]:.3f}× ({m['gamenight-in-place'][0]:.2f} s / {m['hugo-in-place'][0]:.2f} s); "
              f"ratings {(g[0] - m['gamenight-no-ratings'][0]) / g[0]:+.1%} of wall time")
    for n, percent in link_share.items():
        print(f"  N = {n:>6,}: link check {percent:.1f} % of the build's CPU time  [target ≤ {TARGET_LINK_CHECK_PERCENT:g} %]")
    if 1000 in results and 10000 in results:
        linear = results[10000]["gamenight"][0] / results[1000]["gamenight"][0]
        verdict = "PASS" if linear <= TARGET_LINEARITY else "FAIL"
        print(f"  gamenight linearity time(10,000) / time(1,000): {linear:.2f}  [target ≤ {TARGET_LINEARITY:g}] {verdict}")
        hugo_linear = results[10000]["hugo"][0] / results[1000]["hugo"][0]
        print(f"  (hugo: {hugo_linear:.2f})")
    else:
        print("  linearity: needs N = 1000 and N = 10000")
    if 10000 in results:
        g, h = results[10000]["gamenight"], results[10000]["hugo"]
        t, mem = g[0] / h[0], g[1] / h[1]
        print(f"  N = 10,000 wall time {t:.3f}× hugo  [target ≤ {TARGET_TIME_RATIO}×] {'PASS' if t <= TARGET_TIME_RATIO else 'FAIL'}"
              f"  (writing GameNight's output alone, nothing computed: {results[10000]['write-floor'][0] / h[0]:.3f}×)")
        print(f"  N = 10,000 peak memory {mem:.3f}× hugo  [target ≤ {TARGET_MEMORY_RATIO}×] {'PASS' if mem <= TARGET_MEMORY_RATIO else 'FAIL'}")
        cpu = g[2] / h[2]
        one = results[10000]["gamenight-one-changed"][0] / h[0]
        print("  issue 19 targets:")
        print(f"    clean build wall time {t:.3f}× hugo  [≤ {TARGET_CLEAN_RATIO}×] {'PASS' if t <= TARGET_CLEAN_RATIO else 'FAIL'}")
        print(f"    clean build CPU time {cpu:.3f}× hugo  [≤ {TARGET_CLEAN_RATIO}×] {'PASS' if cpu <= TARGET_CLEAN_RATIO else 'FAIL'}")
        print(f"    peak memory {mem:.3f}× hugo  [≤ {TARGET_MEMORY_RATIO_19}×] {'PASS' if mem <= TARGET_MEMORY_RATIO_19 else 'FAIL'}")
        print(f"    one game file changed, rebuild {one:.3f}× hugo's full build  [≤ {TARGET_ONE_CHANGED_RATIO}×] "
              f"{'PASS' if one <= TARGET_ONE_CHANGED_RATIO else 'FAIL'}")
    else:
        print("  targets (N = 10,000): not evaluated in this run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
