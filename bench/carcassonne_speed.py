"""Speed of Carcassonne: random games and bot decisions (CPython).

    python bench/carcassonne_speed.py [games] [budget_ms]

Prints the median/mean time of a full 4-player game of random legal moves
through the protocol (legal_actions + apply, as a table would call them),
and the median / 90th percentile / slowest decision of the greedy and
strong bots in 2-player games (strong vs greedy).  Times are CPU time of this process (time.process_time),
so a busy shared machine does not inflate them; wall time is printed too.
"""

import statistics
import sys
import time

CLOCK = time.process_time

sys.path.insert(0, ".")

from engine import new_game  # noqa: E402
from engine.play import bot_chooser, finish, random_chooser  # noqa: E402
from engine.rng import Rng  # noqa: E402


def random_games(n, seats=4):
    times = []
    for seed in range(n):
        t = CLOCK()
        finish(new_game("carcassonne", seats, seed=seed), random_chooser(Rng(seed + 7), first=True))
        times.append((CLOCK() - t) * 1000)
    return times


def decisions(n, budget_ms):
    per = {"strong": [], "greedy": []}
    for seed in range(n):
        s = new_game("carcassonne", 2, seed=1000 + seed)
        levels = ["strong", "greedy"] if seed % 2 == 0 else ["greedy", "strong"]

        def timed(seat, legal, ms, levels=levels):
            if len(legal) > 1:
                per[levels[seat]].append(ms)

        finish(s, bot_chooser(levels, budget_ms=budget_ms, on_decision=timed, first=True, clock=CLOCK,
                              seeds=lambda state, n: len(state.actions)))
    return per


def q(xs, f):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(f * len(xs)))]


if __name__ == "__main__":
    wall = time.perf_counter()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    t = random_games(games)
    print(f"random 4-player game: median {statistics.median(t):.1f} ms, mean {statistics.mean(t):.1f} ms,"
          f" max {max(t):.1f} ms over {games} games")
    per = decisions(max(2, games // 25), budget)
    for lvl, xs in per.items():
        print(f"{lvl} decision (budget_ms={budget}): median {statistics.median(xs):.1f} ms, "
              f"p90 {q(xs, 0.9):.1f} ms, max {max(xs):.1f} ms over {len(xs)} decisions")
    print(f"(wall time of the whole run: {time.perf_counter() - wall:.1f} s)")
