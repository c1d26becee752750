"""Thurn und Taxis bot strength: strong vs greedy, win rates and timing.

    python bench/thurn_taxis_strength.py --seats 2 --games 200 --bots strong,greedy --seed 1

Seats rotate each game (as `python -m engine.simulate ... --rotate`); a win
counts for the level in the winning seat (the tie-break gives one winner).
"""

import argparse
import json
import sys
import os
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.simulate import play  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--bots", default="strong,greedy")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--budget-ms", type=int, default=1000)
    args = p.parse_args()
    names = args.bots.split(",")
    options = {}
    for item in args.option:
        k, _, v = item.partition("=")
        options[k] = json.loads(v)
    wins = {}
    seats_of = {}
    score_sum = {}
    slowest = {}
    t0 = time.time()
    for g in range(args.games):
        levels = [names[(i + g) % len(names)] for i in range(args.seats)]
        line = play("thurn_taxis", args.seats, levels, args.seed + g, options, args.budget_ms)
        for s, lv in enumerate(levels):
            seats_of[lv] = seats_of.get(lv, 0) + 1
            score_sum[lv] = score_sum.get(lv, 0) + line["scores"][s]
            slowest[lv] = max(slowest.get(lv, 0), line["slowest_ms"][s])
        w = levels[line["winners"][0]]
        wins[w] = wins.get(w, 0) + 1
    out = {
        "seats": args.seats, "games": args.games, "bots": names, "options": options,
        "wins": wins,
        "win_rate": {k: round(v / args.games, 3) for k, v in wins.items()},
        "mean_score": {k: round(score_sum[k] / seats_of[k], 2) for k in seats_of},
        "slowest_decision_ms": slowest,
        "seconds": round(time.time() - t0, 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
