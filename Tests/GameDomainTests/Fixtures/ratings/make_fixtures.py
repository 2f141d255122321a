#!/usr/bin/env python3
"""Writes ratings.json: OpenSkill's own numbers for the matches below, the reference that
Tests/GameDomainTests/OpenSkillTests.swift compares GameNight's ratings with (to 1e-9).

    python3 -m venv /tmp/osk && /tmp/osk/bin/pip install 'openskill>=6,<7'
    /tmp/osk/bin/python Tests/GameDomainTests/Fixtures/ratings/make_fixtures.py

Each scenario is a list of matches played in order; every player starts at PlackettLuce()'s
default rating. A match is a list of sides (teams of one or more players) and each side's
place (1 is best, equal places tie). After each match the file holds the μ, σ and ordinal() of
every player of the match. The random scenarios use a fixed seed, so the file is the same on every run.
"""

import json
import os
import random

from importlib.metadata import version

from openskill.models import PlackettLuce

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def scenarios():
    yield "two players", [([["Ann"], ["Bo"]], [1, 2])]
    yield "two players, the second listed wins", [([["Ann"], ["Bo"]], [2, 1])]
    yield "three players", [([["Ann"], ["Bo"], ["Cy"]], [1, 2, 3])]
    yield "four players, places given out of order", [([["Ann"], ["Bo"], ["Cy"], ["Di"]], [3, 1, 4, 2])]
    yield "five players", [([[n] for n in NAMES[:5]], [1, 2, 3, 4, 5])]
    yield "six players", [([[n] for n in NAMES[:6]], [1, 2, 3, 4, 5, 6])]
    yield "a two-way tie", [([["Ann"], ["Bo"]], [1, 1])]
    yield "a tie for first of three", [([["Ann"], ["Bo"], ["Cy"]], [1, 1, 3])]
    yield "a tie in the middle of five", [([[n] for n in NAMES[:5]], [1, 2, 2, 4, 5])]
    yield "everyone tied", [([["Ann"], ["Bo"], ["Cy"], ["Di"]], [1, 1, 1, 1])]
    yield "teams of two", [([["Ann", "Bo"], ["Cy", "Di"]], [1, 2])]
    yield "teams of unequal size", [([["Ann"], ["Bo", "Cy", "Di"]], [1, 2])]
    yield "three teams of unequal size with a tie", [([["Ann", "Bo"], ["Cy"], ["Di", "Ed", "Flo"]], [2, 1, 2])]
    yield "a rematch", [([["Ann"], ["Bo"]], [1, 2]), ([["Ann"], ["Bo"]], [2, 1]), ([["Bo"], ["Ann"]], [1, 1])]
    rng = random.Random(20261120)
    for name, count in [("forty random games", 40), ("two hundred random games", 200)]:
        matches = []
        for _ in range(count):
            players = rng.sample(NAMES, rng.randint(2, 6))
            if rng.random() < 0.25 and len(players) >= 3:
                cut = rng.randint(1, len(players) - 1)
                sides = [players[:cut], players[cut:]]
                if len(sides[1]) >= 2 and rng.random() < 0.5:
                    cut2 = rng.randint(1, len(sides[1]) - 1)
                    sides = [sides[0], sides[1][:cut2], sides[1][cut2:]]
            else:
                sides = [[p] for p in players]
            places = sorted(rng.randint(1, len(sides)) for _ in sides)
            # Competition ranking (1, 1, 3): a tie shares the better place.
            ranks = [places.index(p) + 1 for p in places]
            rng.shuffle(ranks)
            matches.append((sides, ranks))
        yield name, matches


def main():
    model = PlackettLuce()
    out = {"openskill": version("openskill"), "model": "PlackettLuce()", "scenarios": []}
    for name, matches in scenarios():
        ratings = {}
        steps = []
        for sides, ranks in matches:
            teams = [[ratings.setdefault(p, model.rating()) for p in side] for side in sides]
            rated = model.rate(teams, ranks=list(ranks))
            for side, team in zip(sides, rated):
                for player, rating in zip(side, team):
                    ratings[player] = rating
            steps.append({
                "sides": sides,
                "places": list(ranks),
                "after": {p: {"mu": ratings[p].mu, "sigma": ratings[p].sigma, "ordinal": ratings[p].ordinal()}
                          for side in sides for p in side},
            })
        out["scenarios"].append({"name": name, "matches": steps})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ratings.json")
    # One match per line: small, and a change shows as the matches it touches.
    scenario_lines = []
    for scenario in out["scenarios"]:
        matches = ",\n".join("   " + json.dumps(m, sort_keys=True) for m in scenario["matches"])
        scenario_lines.append(f'  {{"name": {json.dumps(scenario["name"])}, "matches": [\n{matches}\n  ]}}')
    with open(path, "w") as f:
        f.write(f'{{"model": "{out["model"]}", "openskill": "{out["openskill"]}", "scenarios": [\n')
        f.write(",\n".join(scenario_lines) + "\n]}\n")


if __name__ == "__main__":
    main()
