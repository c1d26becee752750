"""Benchmarks for the Kutschfahrt bots.

    python bench/kutschfahrt_strength.py claims --seats 6 --games 200 --level strong
    python bench/kutschfahrt_strength.py vs --seats 6 --games 200 --strong strong --weak random
    python bench/kutschfahrt_strength.py vs --seats 6 --games 200 --strong expert --weak strong \
        --paired --budget-ms 1000 --out bench/results/kutschfahrt_expert_strong_6.jsonl

`claims`: every seat plays the same level; counts victory claims and how many
were wrong (from result["stats"]), game length and the slowest decision.
Decision times are those of `--level` (claims) or `--strong` (vs), with a
real choice, by `--clock` (wall, or the process's CPU time).

`vs`: the levels are assigned by ASSOCIATION (this script reads the state to
do so; the bots themselves still see only their view): one association plays
`--strong`, the other `--weak`, alternating which association is strong from
game to game.  Reports how often the strong association wins, with its 95 %
Wilson interval.  `--paired`: every deal is played twice, once with each
association strong (the association's "rotated seats"), so both levels meet
the same cards from the same seats; game g uses seed `--seed` + g // 2.
`--out FILE`: one JSON line per game as well.

The driver re-reads `to_act()` after every action (windows where several
seats decide at once shrink as they answer).  A game that has not ended after
`--cap` decisions is counted as unfinished.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import new_game  # noqa: E402
from engine.play import bot_chooser  # noqa: E402
from engine.play import play as play_out  # noqa: E402
from strength import wilson  # noqa: E402  (bench/strength.py, beside this script)

GAME = "kutschfahrt"
# wall-clock, or the CPU time of this process (steadier on a shared machine)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def play(seats, seed, level_of, options=None, budget_ms=200, cap=8000, clock=None, timed_level=None):
    """level_of(state) -> list of levels per seat.  The times (ms) of the
    decisions with a real choice, of the seats playing `timed_level` (all: None)."""
    state = new_game(GAME, seats, options, seed)
    levels = level_of(state)
    times = []

    def timed(seat, legal, ms):
        if len(legal) > 1 and timed_level in (None, levels[seat]):
            times.append(ms)

    chooser = bot_chooser(levels, seed, budget_ms, timed, first=True, clock=clock)
    for decisions, _ in enumerate(play_out(state, chooser), 1):
        if decisions >= cap:
            break
    return state, levels, times


def summarize_times(times):
    times = sorted(times)
    if not times:
        return {}
    pick = lambda q: round(times[int(q * (len(times) - 1))], 1)  # noqa: E731
    return {"decisions_timed": len(times), "mean_ms": round(sum(times) / len(times), 2),
            "median_ms": pick(0.5), "p90_ms": pick(0.9), "p99_ms": pick(0.99),
            "max_ms": round(times[-1], 1)}


def cmd_claims(args):
    claims = wrong = unfinished = 0
    turns, times = [], []
    by_kind = {}
    for g in range(args.games):
        state, levels, t = play(args.seats, args.seed + g, lambda st: [args.level] * args.seats,
                                budget_ms=args.budget_ms, cap=args.cap, clock=CLOCKS[args.clock])
        times += t
        if not state.is_over():
            unfinished += 1
            continue
        turns.append(state.turn)
        for c in state.result()["stats"]["claims"]:
            claims += 1
            wrong += not c["correct"]
            by_kind[c["kind"]] = by_kind.get(c["kind"], 0) + 1
    out = {"mode": "claims", "seats": args.seats, "level": args.level, "games": args.games,
           "budget_ms": args.budget_ms, "clock": args.clock,
           "seed": args.seed, "unfinished": unfinished, "claims": claims, "wrong_claims": wrong,
           "wrong_rate": round(wrong / claims, 4) if claims else None, "claim_kinds": by_kind,
           "mean_turns": round(sum(turns) / len(turns), 1) if turns else None,
           "max_turns": max(turns) if turns else None}
    out.update(summarize_times(times))
    return out


def cmd_vs(args):
    wins = games = unfinished = 0
    strong_claims = strong_wrong = 0
    turns, times = [], []
    out_file = open(args.out, "a") if args.out else None
    for g in range(args.games):
        strong_assoc = "order" if g % 2 == 0 else "brotherhood"
        seed = args.seed + (g // 2 if args.paired else g)

        def level_of(st, strong_assoc=strong_assoc):
            return [args.strong if st.assoc[s] == strong_assoc else args.weak for s in range(st.seats)]

        state, levels, t = play(args.seats, seed, level_of, budget_ms=args.budget_ms, cap=args.cap,
                                clock=CLOCKS[args.clock], timed_level=args.strong)
        times += t
        won = None
        if state.is_over():
            games += 1
            turns.append(state.turn)
            winners = state.result()["winners"]
            # the association's win, or a Loge solo win by one of its seats
            won = bool(winners) and all(state.assoc[w] == strong_assoc for w in winners)
            wins += won
            for c in state.result()["stats"]["claims"]:
                if levels[c["seat"]] == args.strong:
                    strong_claims += 1
                    strong_wrong += not c["correct"]
        else:
            unfinished += 1
        if out_file:
            print(json.dumps({"seed": seed, "seats": args.seats, "levels": levels,
                              "strong_association": strong_assoc, "over": state.is_over(),
                              "won": won, "turns": state.turn,
                              "ms": [round(x, 2) for x in t]}), file=out_file, flush=True)
    out = {"mode": "vs", "seats": args.seats, "strong": args.strong, "weak": args.weak,
           "games": args.games, "seed": args.seed, "unfinished": unfinished,
           "paired": args.paired, "budget_ms": args.budget_ms, "clock": args.clock,
           "strong_association_wins": wins, "win_rate": round(wins / games, 4) if games else None,
           "ci95": [round(x, 4) for x in wilson(wins, games)],
           "strong_claims": strong_claims, "strong_wrong_claims": strong_wrong,
           "mean_turns": round(sum(turns) / len(turns), 1) if turns else None}
    out.update(summarize_times(times))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("mode", choices=["claims", "vs"])
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", default="strong")
    p.add_argument("--strong", default="strong")
    p.add_argument("--weak", default="random")
    p.add_argument("--cap", type=int, default=8000)
    p.add_argument("--budget-ms", type=int, default=200)
    p.add_argument("--paired", action="store_true")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    p.add_argument("--out")
    args = p.parse_args(argv)
    t0 = time.time()
    out = cmd_claims(args) if args.mode == "claims" else cmd_vs(args)
    out["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
