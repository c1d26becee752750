"""Positions of every registered game for the contract tests: random legal
play at the smallest and the largest table, a sample of the states met."""

from __future__ import annotations

from functools import lru_cache

from engine import GAMES

from ..conftest import random_game

GAME_IDS = sorted(GAMES)


def seat_counts(game_id):
    spec = GAMES[game_id]
    return sorted({spec.min_seats, spec.max_seats})


CASES = [(g, n) for g in GAME_IDS for n in seat_counts(g)]


@lru_cache(maxsize=None)
def sampled(game_id: str, seats: int, seed: int, count: int = 12) -> tuple:
    """About `count` positions spread over one random game, its start and end
    included.  Shared between tests: clone one before changing it."""
    length = sum(1 for _ in random_game(game_id, seats, seed))
    step = max(1, length // count)
    return tuple(s.clone() for i, s in enumerate(random_game(game_id, seats, seed))
                 if i % step == 0 or i == length - 1)
