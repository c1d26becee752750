"""Measurements made inside the page's Python (bench/browser.py runs them).

Not part of the site: bench/browser.py hands this file's text to the page's
interpreter itself (run_in_page), so the players' page carries no benchmark
hook.  They run the real engine and bots in the browser's Python, so the
figures are what a player's device does, not CPython's."""

from __future__ import annotations

import json
import time

import engine
from engine import bots


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
        moves = 0
        while not state.is_over() and len(times) < decisions and moves < 5000:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            t0 = time.perf_counter()
            action = bots.choose(game_id, view, legal, level, seed * 7919 + moves, budget_ms)
            if len(legal) > 1:
                times.append((time.perf_counter() - t0) * 1000)
            state.apply(seat, action)
            moves += 1
    return json.dumps(times)
