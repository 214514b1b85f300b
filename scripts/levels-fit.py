#!/usr/bin/env python3
# Usage: python3 scripts/levels-fit.py [--prior P] [--fix NAME=R]... [--match K] [--write LEVELS.toml --measured DATE] GAMES.jsonl...
# GAMES: the `games.jsonl` files of the ladder's tournaments (tournaments/levels/).
# --match K: Muzicando team hands, rated per match of K consecutive duplicate
# deals (the files' `hands_per_match`): a match goes to the team with more
# hand points over its 2K hands, as the tournament's own report counts it.
# --write: rewrites the level table's `[[level]]` entries (levels/LADDER.toml,
# its header kept) from the fitted `LADDER-level-N` ratings.
"""A ladder's ratings: Bradley-Terry over two-seat games with some engines
fixed (`--fix NAME=R`, repeatable; by default every Stockfish setting, an
engine named `stockfish-E`, at its UCI_Elo E), the others free; P virtual
draws per pair that met (default 0.5); games lost on time left out (a stall
of the machine, not a move); 95% intervals from the inverse Fisher
information with the fixed engines fixed. With --match, the games are
the matches of the team hands."""
import json, math, sys
args = sys.argv[1:]
PRIOR = 0.5
given = {}
write = measured = None
match = None
while args[:1] in (['--prior'], ['--fix'], ['--write'], ['--measured'], ['--match']):
    if args[0] == '--match':
        match = int(args[1])
    elif args[0] == '--prior':
        PRIOR = float(args[1])
    elif args[0] == '--write':
        write = args[1]
    elif args[0] == '--measured':
        measured = args[1]
    else:
        name, value = args[1].split('=')
        given[name] = float(value)
    args = args[2:]
records = [(f, json.loads(l)) for f in args for l in open(f)]
games = [g for _, g in records if g['reason'] != 'time forfeit']
if match:
    # A team hand seats engines [a, b, a, b]; the match of the pair's deals
    # round // K (per file) sums a's hand points minus b's over its hands.
    totals = {}
    for f, g in records:
        a, b = sorted(g['engines'][:2])
        sa, sb = g['engines'].index(a), g['engines'].index(b)
        key = (f, a, b, g['round'] // match)
        hands, diff = totals.get(key, (0, 0.0))
        totals[key] = (hands + 1, diff + g['result'][sa] - g['result'][sb])
    games = [{'engines': [a, b], 'result': [1.0 if d > 0 else 0.5 if d == 0 else 0.0]}
             for (_, a, b, _), (hands, d) in totals.items() if hands == 2 * match]
names = sorted({e for g in games for e in g['engines']})
idx = {n: i for i, n in enumerate(names)}; n = len(names)
W = [[0.0]*n for _ in range(n)]; N = [[0.0]*n for _ in range(n)]
for g in games:
    a, b = idx[g['engines'][0]], idx[g['engines'][1]]; s = g['result'][0]
    W[a][b] += s; W[b][a] += 1-s; N[a][b] += 1; N[b][a] += 1
fixed = given or {x: float(x.split('-')[1]) for x in names if x.startswith('stockfish-')}
r = [fixed.get(x, 1600.0) for x in names]
C = 400/math.log(10)
def p(i, j): return 1/(1+10**((r[j]-r[i])/400))
for it in range(3000):
    for i in range(n):
        if names[i] in fixed: continue
        g = h = 0.0
        for j in range(n):
            if N[i][j] == 0: continue
            q = p(i, j); m = N[i][j]+PRIOR
            g += (W[i][j]+PRIOR/2-m*q)/C; h += m*q*(1-q)/C/C
        r[i] += max(-50, min(50, g/h))
free = [i for i in range(n) if names[i] not in fixed]
k = len(free)
A = [[0.0]*k for _ in range(k)]
for a, i in enumerate(free):
    for j in range(n):
        if j == i or N[i][j] == 0: continue
        w = (N[i][j]+PRIOR)*p(i, j)*(1-p(i, j))/C/C
        A[a][a] += w
        if j in free: A[a][free.index(j)] -= w
inv = [[float(x == y) for y in range(k)] for x in range(k)]
for c in range(k):
    piv = max(range(c, k), key=lambda x: abs(A[x][c])); A[c], A[piv] = A[piv], A[c]; inv[c], inv[piv] = inv[piv], inv[c]
    d = A[c][c]; A[c] = [v/d for v in A[c]]; inv[c] = [v/d for v in inv[c]]
    for x in range(k):
        if x != c and A[x][c] != 0:
            f = A[x][c]; A[x] = [u-f*v for u, v in zip(A[x], A[c])]; inv[x] = [u-f*v for u, v in zip(inv[x], inv[c])]
levels = {}
for a, i in enumerate(free):
    m = 1.96*math.sqrt(inv[a][a])
    print(f"{names[i]:16} {r[i]:6.0f}  {r[i]-m:6.0f} {r[i]+m:6.0f}  games {int(sum(N[i]))}  score {sum(W[i]):.1f}")
    level = names[i].rpartition('-level-')[2]
    if level.isdigit():
        levels[int(level)] = (round(r[i]), round(r[i]-m), round(r[i]+m), int(sum(N[i])))
if write:
    if not measured:
        sys.exit('--write needs --measured DATE')
    text = open(write).read()
    head = text[:text.index('[[level]]')] if '[[level]]' in text else text.rstrip('\n') + '\n\n'
    blocks = [f"[[level]]\nlevel = {n}\nrating = {v[0]}\nlow = {v[1]}\nhigh = {v[2]}\ngames = {v[3]}\nmeasured = \"{measured}\"\n"
              for n, v in sorted(levels.items())]
    open(write, 'w').write(head + '\n'.join(blocks))
