"""Measurements made inside the page (bench/browser.py calls these).

They run the real engine and bots in the browser's Python, so the figures are
what a player's device does, not CPython's."""

from __future__ import annotations

import json
import time

import engine
from engine import bots
from engine.rng import Rng


def bot_decisions(game_id: str, level: str, seats: int, decisions: int, seed: int = 1,
                  budget_ms: int = 1000) -> str:
    """Time `decisions` decisions of `level` in random-legal positions; JSON ms list."""
    times = []
    rng = Rng(seed)
    game = 0
    while len(times) < decisions:
        state = engine.new_game(game_id, seats, None, seed + game)
        game += 1
        while not state.is_over() and len(times) < decisions:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.25:
                view = state.view(seat)
                t0 = time.perf_counter()
                action = bots.choose(game_id, view, legal, level, rng.next_u64() % 10**9, budget_ms)
                times.append((time.perf_counter() - t0) * 1000)
            else:
                action = rng.choice(legal)
            state.apply(seat, action)
    return json.dumps(times)
