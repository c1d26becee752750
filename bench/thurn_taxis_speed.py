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

from engine import bots, new_game  # noqa: E402


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
        k = 0
        while not st.is_over():
            s = st.to_act()[0]
            legal = st.legal_actions(s)
            view = st.view(s)
            t = time.process_time()
            a = bots.choose("thurn_taxis", view, legal, seat_levels[s], k)
            dt = (time.process_time() - t) * 1000
            if not first:
                times[seat_levels[s]].append(dt)
            first = False
            st.apply(s, a)
            k += 1
    out = {}
    for lv, ts in times.items():
        ts.sort()
        out[lv] = {"decisions": len(ts), "mean_ms": round(sum(ts) / len(ts), 2),
                   "p99_ms": round(ts[int(len(ts) * 0.99)], 1), "max_ms": round(ts[-1], 1)}
    print(json.dumps({"seats": args.seats, "games": args.games, "options": options, **out}))


if __name__ == "__main__":
    main()
