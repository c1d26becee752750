"""Engine speed in CPython: full random-legal games per second, per game.

    python bench/engine_speed.py [--games 50]
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.play import finish, random_chooser  # noqa: E402
from engine.rng import Rng  # noqa: E402


def one_game(game_id, seats, seed):
    state = finish(engine.new_game(game_id, seats, None, seed), random_chooser(Rng(seed)))
    return len(state.actions)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for game_id in sorted(engine.GAMES):
        spec = engine.GAMES[game_id]
        for seats in sorted({spec.min_seats, min(4, spec.max_seats), spec.max_seats}):
            times, actions = [], []
            for g in range(args.games):
                t0 = time.process_time()
                actions.append(one_game(game_id, seats, g))
                times.append(time.process_time() - t0)
            print(json.dumps({"game": game_id, "seats": seats, "games": args.games,
                              "games_per_s": round(args.games / sum(times), 1),
                              "median_ms": round(statistics.median(times) * 1000, 1),
                              "median_actions": statistics.median(actions)}), flush=True)


if __name__ == "__main__":
    main()
