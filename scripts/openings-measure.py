#!/usr/bin/env python3
"""What an opening suite buys: one engine pair, one node budget, two arms.

For GAME, plays the same two-engine tournament twice, differing only in
its openings: `random` (the shipped tournaments' random plies) and `suite`
(openings/GAME.txt). Then reports per arm: the draw ratio, the pentanomial
counts of the game pairs, the share of pairs the opening decided (each side
won its game: the same seat won twice), and the SPRT's log-likelihood ratio
after each pair, in the order the schedule gives them: the pairs the SPRT
needed to decide (from MIN_PAIRS on), or the LLR it reached, and the LLR every 25
pairs.

Usage: scripts/openings-measure.py GAME [PAIRS] [OUT]   (from the repository root)
  GAME   cescacs, camelot or cardchess
  PAIRS  game pairs per arm (default 100)
  OUT    results folder (default tournaments/results/openings-measure)
TAULER names the binary (default target/release/tauler); NODES=A,B
replaces the pair's node budgets (a closer pair: NODES=1300,1000); SEED=S
replaces the tournament seed 41, and then the suite's lines are drawn from
it (`order = "random"`) instead of taken in order. Run it with
`nice -n 10`: it plays 2 x PAIRS x 2 games on two threads.
"""

import json
import os
import subprocess
import sys

# The pair: the game's default engine at twice the nodes of the second,
# as a change worth a few dozen Elo; the random plies of the shipped files.
ARMS = {
    "cescacs": {
        "engines": ("cescacs-default", "cescacs-fast"),
        "nodes": (2000, 1000),
        "random": "random_plies = 4",
        "max_plies": 300,
    },
    "camelot": {
        "engines": ("camelot-default", "camelot-fast"),
        "nodes": (2000, 1000),
        "random": "random_plies = 3\nquiet = true",
        "max_plies": 300,
    },
    "cardchess": {
        "engines": ("cardchess-expectimax", "cardchess-expectimax-weak"),
        "nodes": (2000, 1000),
        "random": "random_plies = 0",
        "max_plies": 600,
    },
}
ELO0, ELO1 = 0, 20
# Pairs before the SPRT's decision counts: on one pair alone the GSPRT's
# variance is degenerate (`tauler sprt --counts 1,0,0,0,0 --elo0 0 --elo1
# 20` answers LLR -26.4, H0 accepted), which would measure that, not the
# openings.
MIN_PAIRS = 10


def tournament(game, arm, pairs, out):
    spec = ARMS[game]
    a, b = spec["engines"]
    na, nb = spec["nodes"]
    if os.environ.get("NODES"):
        na, nb = map(int, os.environ["NODES"].split(","))
    suite = os.path.abspath(f"openings/{game}.txt")
    seed = int(os.environ.get("SEED", "41"))
    openings = spec["random"] if arm == "random" else f'file = "{suite}"'
    if arm == "suite" and seed != 41:
        openings += '\norder = "random"'
    text = f"""# openings-measure.py: {game}, {arm} openings
game = "{game}"
engines = ["{a}", "{b}"]
rounds = {pairs}
seed = {seed}
concurrency = 2

[openings]
{openings}

[limits.{a}]
nodes = {na}

[limits.{b}]
nodes = {nb}

[adjudication]
max_plies = {spec["max_plies"]}
resign = {{ move_count = 4, score = 1000 }}
"""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"{game}-{arm}.toml")
    with open(path, "w") as f:
        f.write(text)
    return path


def sprt(tauler, counts):
    line = subprocess.run(
        [tauler, "sprt", "--counts", ",".join(map(str, counts)),
         "--elo0", str(ELO0), "--elo1", str(ELO1)],
        check=True, capture_output=True, text=True,
    ).stdout.strip().splitlines()[-1]
    llr, rest = line.split()[1], line.split(") ", 1)[1]
    return float(llr), rest


def analyse(tauler, games_file, first):
    games = [json.loads(l) for l in open(games_file)]
    pairs = {}
    for g in games:
        pairs.setdefault((g["round"], g["encounter"]), []).append(g)
    counts = [0] * 5
    draws = sum(1 for g in games if g["result"][0] == g["result"][1])
    split = 0
    needed, llr, decision = None, 0.0, "continue"
    checkpoints = []
    for n, key in enumerate(sorted(pairs), 1):
        pair = pairs[key]
        points = sum(g["result"][g["engines"].index(first)] for g in pair)
        counts[int(round(points * 2))] += 1
        seats_won = [g["result"].index(1.0) for g in pair if 1.0 in g["result"]]
        if len(seats_won) == 2 and seats_won[0] == seats_won[1]:
            split += 1
        llr_now, decision_now = sprt(tauler, counts)
        if needed is None:
            llr, decision = llr_now, decision_now
            if decision != "continue" and n >= MIN_PAIRS:
                needed = n
        if n % 25 == 0:
            checkpoints.append(f"{2 * n}: {llr_now:.2f}")
    return {
        "games": len(games),
        "pairs": len(pairs),
        "draw_ratio": draws / len(games),
        "pentanomial": counts,
        "split": split / len(pairs),
        "sprt_pairs": needed,
        "llr": llr,
        "decision": decision,
        "checkpoints": checkpoints,
    }


def main():
    game = sys.argv[1]
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    out = sys.argv[3] if len(sys.argv) > 3 else "tournaments/results/openings-measure"
    tauler = os.environ.get("TAULER", "target/release/tauler")
    first = ARMS[game]["engines"][0]
    for arm in ("random", "suite"):
        path = tournament(game, arm, pairs, out)
        results = os.path.join(out, f"{game}-{arm}")
        if not os.path.exists(os.path.join(results, "report.json")):
            subprocess.run(
                [tauler, "tournament", path, "--quiet", "--out", results]
                + (["--resume"] if os.path.exists(results) else []),
                check=True, stdout=subprocess.DEVNULL,
            )
        r = analyse(tauler, os.path.join(results, "games.jsonl"), first)
        sprt_text = (
            f"{r['decision']} after {r['sprt_pairs']} pairs ({2 * r['sprt_pairs']} games)"
            if r["sprt_pairs"] else f"undecided, LLR {r['llr']:.2f} after {r['pairs']} pairs"
        )
        print(
            f"{game} {arm}: {r['games']} games, draws {r['draw_ratio']:.1%}, "
            f"pentanomial {r['pentanomial']}, pairs split 1-1 (the same seat won both) "
            f"{r['split']:.1%}, SPRT [{ELO0}, {ELO1}] {sprt_text}; "
            f"LLR after games {', '.join(r['checkpoints'])}"
        )


if __name__ == "__main__":
    main()
