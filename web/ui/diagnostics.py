"""Measurements made inside the page (bench/browser.py calls these).

They run the real engine and bots in the browser's Python, so the figures are
what a player's device does, not CPython's."""

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


def stdlib_report() -> str:
    """Which stdlib modules the page has imported so far, and which imports
    found nothing anywhere (JSON), for the trimmed-stdlib checks."""
    import sys

    from . import stdlib_guard

    archive = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    return json.dumps({"loaded": stdlib_guard.loaded_from(archive), "missed": stdlib_guard.missed(),
                       "python": "%d.%d.%d" % sys.version_info[:3]})
