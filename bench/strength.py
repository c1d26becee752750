"""Strength of one bot level against another, with seats rotated on the same seeds.

    python bench/strength.py GAME --seats N --bots A,B[,...] --seeds K [--seed S] [--out FILE]
                             [--device-speed F]
    python bench/strength.py --summary FILE [FILE ...]

For every seed S..S+K-1 the game is played once per rotation of the seat
list: with `--bots expert,strong` and 2 seats that is two games per seed
(expert first, then second), with `--bots expert,strong,strong,strong` four
games.  So every level meets the same tile/card luck from every seat, and
K seeds give K x seats games.

One JSON line per game: seed, levels per seat, winners, scores, and the CPU
time (`time.process_time`, ms) of every decision that had a choice, per seat.
`--summary` reads such files and prints per level: wins (sole winner), ties,
win rate with ties counted half and its 95 % Wilson interval, decision times
(median, 90th percentile, max).  Bots see only their views.

`--device-speed F` plays as the table does on a device F times as fast as
this CPU (0.5: half as fast): every decision gets the table's deadline
(`engine.bots.hurry_after`) on a clock that runs 1/F times the CPU time, and
times are given on that clock; "hurried" counts the decisions the deadline
cut short.  Such games depend on the machine's speed, so a seed no longer
replays them exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import bots, new_game  # noqa: E402


def play(game_id, seats, levels, seed, options=None, budget_ms=1000, cap=20000, speed=None):
    state = new_game(game_id, seats, options, seed)
    times = [[] for _ in range(seats)]
    hurried = [0] * seats
    decisions = 0
    clock = (lambda: time.process_time() / speed) if speed else time.process_time
    while not state.is_over() and decisions < cap:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        t0 = clock()
        stop = said = None
        if speed:
            deadline, said = bots.hurry_after(clock, budget_ms), []

            def stop():
                if deadline():
                    said.append(1)
                    return True
                return False
        action = bots.choose(game_id, state.view(seat), legal, levels[seat],
                             seed * 1000003 + decisions, budget_ms, stop)
        if len(legal) > 1:
            times[seat].append(round((clock() - t0) * 1000, 2))
        hurried[seat] += bool(said)
        state.apply(seat, action)
        decisions += 1
    line = {"game": game_id, "seed": seed, "seats": seats, "bots": levels,
            "over": state.is_over(), "decisions": decisions, "ms": times}
    if speed:
        line.update(device_speed=speed, hurried=hurried)
    if state.is_over():
        result = state.result()
        line["winners"] = result["winners"]
        line["scores"] = result["scores"]
    return line


def wilson(k, n, z=1.96):
    """The 95 % Wilson interval of k successes in n trials."""
    if not n:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - r) / d, (c + r) / d)


def summary(lines):
    out = {}
    levels = sorted({lv for ln in lines for lv in ln["bots"]})
    for lv in levels:
        games = wins = ties = hurried = 0
        times = []
        for ln in lines:
            mine = [s for s, x in enumerate(ln["bots"]) if x == lv]
            if not mine:
                continue
            for s in mine:
                times += ln["ms"][s]
                hurried += ln.get("hurried", [0] * len(ln["bots"]))[s]
            if len(mine) > 1 and len(set(ln["bots"])) > 1:
                continue  # counted for its single-seated rival
            games += 1
            if not ln.get("over"):
                continue
            w = ln["winners"]
            if any(s in w for s in mine):
                if len(w) == 1:
                    wins += 1
                else:
                    ties += 1
        if not games:
            continue
        times.sort()
        score = wins + ties / 2
        lo, hi = wilson(score, games)
        row = {"level": lv, "games": games, "wins": wins, "ties": ties,
               "win_rate": round(score / games, 4), "ci95": [round(lo, 4), round(hi, 4)]}
        if times:
            row.update(decisions=len(times), median_ms=round(statistics.median(times), 1),
                       p90_ms=round(times[int(0.9 * (len(times) - 1))], 1), max_ms=round(times[-1], 1))
        if any("hurried" in ln for ln in lines):
            row["hurried"] = hurried
        out[lv] = row
    unfinished = sum(1 for ln in lines if not ln.get("over"))
    return {"games": len(lines), "unfinished": unfinished, "levels": list(out.values())}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", nargs="?")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--bots", default="expert,strong")
    p.add_argument("--seeds", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget-ms", type=int, default=1000)
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    p.add_argument("--out")
    p.add_argument("--summary", nargs="+")
    p.add_argument("--device-speed", type=float, help="the table's deadline on a device this many times as fast")
    args = p.parse_args(argv)
    if args.summary:
        lines = []
        for path in args.summary:
            with open(path) as f:
                lines += [json.loads(x) for x in f if x.strip()]
        print(json.dumps(summary(lines), indent=1))
        return 0
    names = args.bots.split(",")
    names = [names[i % len(names)] for i in range(args.seats)]
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    out = open(args.out, "a") if args.out else sys.stdout
    for seed in range(args.seed, args.seed + args.seeds):
        for shift in range(args.seats):
            levels = [names[(i - shift) % args.seats] for i in range(args.seats)]
            line = play(args.game, args.seats, levels, seed, options, args.budget_ms, speed=args.device_speed)
            print(json.dumps(line), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
