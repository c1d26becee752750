"""Win rate per bot level from `python -m engine.simulate` lines on stdin.

    python -m engine.simulate thurn_taxis --seats 4 --games 200 \\
        --bots strong,greedy,greedy,greedy --rotate --seed 1 | python bench/thurn_taxis_winrate.py
"""

import json
import sys

games = wins = 0
per = {}
for line in sys.stdin:
    if not line.startswith("{"):
        continue
    d = json.loads(line)
    games += 1
    for s, lv in enumerate(d["bots"]):
        e = per.setdefault(lv, {"seats": 0, "wins": 0, "score": 0, "slowest_ms": 0})
        e["seats"] += 1
        e["score"] += d["scores"][s]
        e["slowest_ms"] = max(e["slowest_ms"], d["slowest_ms"][s])
    per[d["bots"][d["winners"][0]]]["wins"] += 1
out = {"games": games}
for lv, e in per.items():
    out[lv] = {"wins": e["wins"], "win_rate": round(e["wins"] / games, 3),
               "mean_score": round(e["score"] / e["seats"], 2), "slowest_ms_wall": e["slowest_ms"]}
print(json.dumps(out))
