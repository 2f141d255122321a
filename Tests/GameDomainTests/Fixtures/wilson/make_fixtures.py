#!/usr/bin/env python3
"""Writes wilson.json: statsmodels' 95 % Wilson score intervals, the reference that
Tests/GameDomainTests/ProportionTests.swift compares `Proportion.wilson` with (to 1e-12).

    python3 -m venv /tmp/wilson && /tmp/wilson/bin/pip install statsmodels scipy
    /tmp/wilson/bin/python Tests/GameDomainTests/Fixtures/wilson/make_fixtures.py

Cases: every k of n up to 12 (the sizes a board game's seats have), then a few larger samples
chosen with a fixed seed, so the file is the same on every run. `z` is scipy's norm.ppf(0.975).
"""

import json
import os
import random

from importlib.metadata import version

from scipy.stats import norm
from statsmodels.stats.proportion import proportion_confint


def cases():
    for n in range(1, 13):
        for k in range(n + 1):
            yield k, n
    rng = random.Random(20261127)
    for n in [20, 50, 100, 1000, 10000]:
        for k in sorted({0, 1, n // 2, n - 1, n, rng.randint(0, n), rng.randint(0, n)}):
            yield k, n


def main():
    rows = []
    for k, n in cases():
        low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
        rows.append({"successes": k, "trials": n, "lower": float(low), "upper": float(high)})
    out = {
        "statsmodels": version("statsmodels"),
        "scipy": version("scipy"),
        "z": float(norm.ppf(0.975)),
        "cases": rows,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wilson.json")
    # One case a line: small, and a diff shows which case changed.
    head = json.dumps({k: v for k, v in out.items() if k != "cases"})[:-1]
    with open(path, "w") as f:
        f.write(head + ', "cases": [\n' + ",\n".join(json.dumps(row) for row in rows) + "\n]}\n")


if __name__ == "__main__":
    main()
