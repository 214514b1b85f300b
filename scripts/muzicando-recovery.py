#!/usr/bin/env python3
"""The share of the cheating player's margin a fair engine recovers, from a
Muzicando team-game gauntlet's records (games.jsonl).

Usage: scripts/muzicando-recovery.py RESULTS/games.jsonl [MORE/games.jsonl ...] ANCHOR ENGINE CHEATING

ANCHOR is the gauntlet's first engine (the rule-based team), ENGINE the fair
engine, CHEATING the cheating one; both played ANCHOR on the same duplicate
deals (same tournament seed and rounds). Several results files (the same
gauntlet run on different tournament seeds) pool their deals. Per deal, an engine's margin is its
team's points minus the anchor team's over the deal's two hands. The
fraction is mean(ENGINE margin) / mean(CHEATING margin) over the deals both
played, with a 95% interval by the delta method (the two margins of a deal
paired) and by a percentile bootstrap over deals (10,000 resamples,
seed 1).
"""

import json
import math
import random
import sys


def margins(path, anchor, engine):
    """Per round, ENGINE's team points minus ANCHOR's over the deal's hands."""
    per_round = {}
    with open(path) as records:
        for line in records:
            record = json.loads(line)
            seats = record["engines"]
            if set(seats) != {anchor, engine} or record.get("result") is None:
                continue
            result = record["result"]
            own = sum(r for s, r in zip(seats, result) if s == engine) / 2
            other = sum(r for s, r in zip(seats, result) if s == anchor) / 2
            total, hands = per_round.get(record["round"], (0.0, 0))
            per_round[record["round"]] = (total + own - other, hands + 1)
    return {r: total for r, (total, hands) in per_round.items() if hands == 2}


def mean(xs):
    return sum(xs) / len(xs)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    *paths, anchor, engine, cheating = sys.argv[1:]
    fair, bound = {}, {}
    for index, path in enumerate(paths):
        fair.update({(index, r): m for r, m in margins(path, anchor, engine).items()})
        bound.update({(index, r): m for r, m in margins(path, anchor, cheating).items()})
    rounds = sorted(set(fair) & set(bound))
    n = len(rounds)
    if n < 2:
        sys.exit(f"only {n} deals played by both {engine} and {cheating}")
    d = [fair[r] for r in rounds]
    c = [bound[r] for r in rounds]
    md, mc = mean(d), mean(c)
    vd = sum((x - md) ** 2 for x in d) / (n - 1)
    vc = sum((x - mc) ** 2 for x in c) / (n - 1)
    cov = sum((x - md) * (y - mc) for x, y in zip(d, c)) / (n - 1)
    ratio = md / mc
    var = (vd / mc**2 + md**2 * vc / mc**4 - 2 * md * cov / mc**3) / n
    half = 1.96 * math.sqrt(var)
    rng = random.Random(1)
    boot = []
    for _ in range(10_000):
        sample = [rng.randrange(n) for _ in range(n)]
        sd = sum(d[i] for i in sample)
        sc = sum(c[i] for i in sample)
        boot.append(sd / sc if sc else float("nan"))
    boot.sort()
    lo, hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
    print(f"deals {n}")
    print(f"{engine} margin per deal {md:+.3f} +/- {1.96 * math.sqrt(vd / n):.3f}")
    print(f"{cheating} margin per deal {mc:+.3f} +/- {1.96 * math.sqrt(vc / n):.3f}")
    print(
        f"fraction {ratio:.3f}, 95% CI {ratio - half:.3f} to {ratio + half:.3f} (delta method), "
        f"{lo:.3f} to {hi:.3f} (bootstrap over deals)"
    )


if __name__ == "__main__":
    main()
