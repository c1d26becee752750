"""Thurn und Taxis: time per bot decision (CPython), from the view only.

    python bench/thurn_taxis_speed.py --games 20 --seats 4

Prints the mean, 99th percentile and maximum CPU ms (time.process_time, so a
loaded machine does not inflate it) per decision for each level
(the first decision of a process includes imports and is left out).
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import new_game  # noqa: E402
from engine.play import bot_chooser, finish  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[])
    args = p.parse_args()
    options = {}
    for item in args.option:
        k, _, v = item.partition("=")
        options[k] = json.loads(v)
    levels = ["strong", "greedy"]
    times = {lv: [] for lv in levels}
    first = True
    for g in range(args.games):
        st = new_game("thurn_taxis", args.seats, options, args.seed + g)
        seat_levels = [levels[(i + g) % 2] for i in range(args.seats)]

        def timed(s, legal, ms, seat_levels=seat_levels):
            nonlocal first
            if not first:  # the first decision pays for imports and caches
                times[seat_levels[s]].append(ms)
            first = False

        finish(st, bot_chooser(seat_levels, first=True, seeds=lambda state, k: k, on_decision=timed,
                               clock=time.process_time))
    out = {}
    for lv, ts in times.items():
        ts.sort()
        out[lv] = {"decisions": len(ts), "mean_ms": round(sum(ts) / len(ts), 2),
                   "p99_ms": round(ts[int(len(ts) * 0.99)], 1), "max_ms": round(ts[-1], 1)}
    print(json.dumps({"seats": args.seats, "games": args.games, "options": options, **out}))


if __name__ == "__main__":
    main()
