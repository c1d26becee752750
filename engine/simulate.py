"""Play bot-only games headless and print one JSON line per game.

    python -m engine.simulate GAME --seats N --games K --bots L1[,L2...] --seed S

Seat i plays the level at position i modulo the list; with --rotate the
assignment turns by one seat each game, so no level keeps the first seat.
Each line: seed, levels per seat, winners, scores, actions, ms and the
slowest decision per seat; plus whatever the game reports as `stats`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from . import bots
from .play import bot_chooser, finish
from .registry import GAMES, new_game


def play(game_id, seats, levels, seed, options=None, budget_ms=1000, max_actions=100000):
    state = new_game(game_id, seats, options, seed)
    slowest = [0.0] * seats

    def timed(seat, legal, ms):
        slowest[seat] = max(slowest[seat], ms)

    start = time.perf_counter()
    finish(state, bot_chooser(levels, seed, budget_ms, timed), max_actions)
    result = state.result()
    line = {
        "game": game_id,
        "seed": seed,
        "seats": seats,
        "bots": levels,
        "winners": result["winners"],
        "scores": result["scores"],
        "actions": len(state.actions),
        "ms": round((time.perf_counter() - start) * 1000, 1),
        "slowest_ms": [round(s, 1) for s in slowest],
    }
    if "stats" in result:
        line["stats"] = result["stats"]
    return line


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--rotate", action="store_true")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help='a game option, e.g. --option start=\'"classic"\'')
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    for name in names:
        if name not in bots.LEVELS[args.game]:
            parser.error(f"{args.game} has no bot level {name!r}; it has {bots.LEVELS[args.game]}")
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    for g in range(args.games):
        shift = g if args.rotate else 0
        levels = [names[(i + shift) % len(names)] for i in range(args.seats)]
        line = play(args.game, args.seats, levels, args.seed + g, options, args.budget_ms)
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
