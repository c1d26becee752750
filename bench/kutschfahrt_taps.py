"""Taps per round for the only human at a Kutschfahrt table of six (issue 23).

    python bench/kutschfahrt_taps.py                # 30 games, 1 human + 5 basic bots
    python bench/kutschfahrt_taps.py --games 60 --level strong

Fixed-seed games played headlessly through `ui.session.Session`, as the app
drives it, twice on the same seeds: as before issue 23 (every decision asked of
the human) and now (a decision whose only legal action is the window's
do-nothing answer is given for the only human, `Session.answer_alone`).  The
human chooses like the basic bot on their own view; the bots play at `--level`.
Counted per game: the decisions put to the human (each takes at least one tap),
the lone passes among them, and the rounds played (a round: one turn of every
seat, the view's `turn` / 6).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "web"))

import engine  # noqa: E402
from engine import bots  # noqa: E402

from ui.session import Session  # noqa: E402

SEATS = 6


def play(seed: int, answer_alone: bool, level: str, cap: int = 20_000) -> dict:
    players = [{"name": "Anna", "kind": "human", "level": None}] + [
        {"name": f"Bot {s}", "kind": "bot", "level": level} for s in range(1, SEATS)]
    s = Session(engine.new_game("kutschfahrt", SEATS, {}, seed), players, "bench")
    s.answer_alone = answer_alone
    s.settle()
    asked = lone = 0
    for _ in range(cap):
        state = s.state
        if state.is_over():
            break
        if s.my_legal() and (not s.bots_to_act() or len(state.actions) % 2):  # who is quicker varies
            legal = s.my_legal()
            window = state.window()
            asked += 1
            lone += bool(window) and legal == [window["pass"]]
            s.act(bots.choose("kutschfahrt", state.view(0), legal, "basic", seed * 7919 + len(state.actions), 200))
        else:
            seat = s.bots_to_act()[0]
            action = bots.choose("kutschfahrt", state.view(seat), state.legal_actions(seat), level,
                                 seed * 7919 + len(state.actions) * 31 + seat, 200)
            s.bot_act(seat, action)
    rounds = max(s.state.view(None)["turn"] / SEATS, 1 / SEATS)
    return {"asked": asked, "lone": lone, "answered": len(s.answered), "rounds": rounds, "over": s.state.is_over()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--level", default="basic")
    args = ap.parse_args(argv)
    rows = {}
    for name, alone in (("before", False), ("after", True)):
        games = [play(seed, alone, args.level) for seed in range(1, args.games + 1)]
        per_round = [g["asked"] / g["rounds"] for g in games]
        rows[name] = {
            "games": len(games), "over": sum(g["over"] for g in games),
            "rounds_per_game": round(statistics.mean(g["rounds"] for g in games), 1),
            "decisions_per_game": round(statistics.mean(g["asked"] for g in games), 1),
            "lone_passes_per_game": round(statistics.mean(g["lone"] for g in games), 1),
            "given_for_the_human_per_game": round(statistics.mean(g["answered"] for g in games), 1),
            "taps_per_round": round(statistics.mean(per_round), 2),
        }
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
