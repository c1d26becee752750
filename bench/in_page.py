"""Measurements made inside the page's Python (bench/browser.py runs them).

Not part of the site: bench/browser.py hands this file's text to the page's
interpreter itself (run_in_page), so the players' page carries no benchmark
hook.  They run the real engine and bots in the browser's Python, so the
figures are what a player's device does, not CPython's."""

from __future__ import annotations

import json

import engine
from engine.play import bot_chooser, play


def bot_decisions(game_id: str, level: str, seats: int, decisions: int, seed: int = 1,
                  budget_ms: int = 1000) -> str:
    """Time `decisions` decisions of `level` in games it plays against itself
    at every seat, from the first move to the last (late positions, long logs
    and big boards included); only decisions with a real choice are timed.
    A JSON list of milliseconds."""
    times = []
    game = 0
    while len(times) < decisions:
        state = engine.new_game(game_id, seats, None, seed + game)
        game += 1


        def timed(seat, legal, ms):
            if len(legal) > 1:
                times.append(ms)

        chooser = bot_chooser([level] * seats, budget_ms=budget_ms, on_decision=timed, first=True,
                              seeds=lambda state, moves: seed * 7919 + moves)
        for moves, _ in enumerate(play(state, chooser), 1):
            if len(times) >= decisions or moves >= 5000:
                break
    return json.dumps(times)
