"""Positions of every registered game for the contract tests: random legal
play at the smallest and the largest table, a sample of the states met."""

from __future__ import annotations

from functools import lru_cache

from engine import GAMES
from engine.registry import PLUGINS
from engine.rng import Rng

from ..conftest import random_game

GAME_IDS = sorted(GAMES)


def seat_counts(game_id):
    spec = GAMES[game_id]
    return sorted({spec.min_seats, spec.max_seats})


CASES = [(g, n) for g in GAME_IDS for n in seat_counts(g)]


def random_options(spec, rng: Rng) -> dict:
    """Any value each option may take (the spec resolves what does not apply)."""
    options = {}
    for opt in spec.options:
        if opt.kind == "bool":
            options[opt.id] = rng.below(2) == 1
        elif opt.kind == "subset":
            chosen = [v for v in opt.values if rng.below(2)]
            options[opt.id] = chosen if len(chosen) >= opt.min_size else list(opt.values)
        else:
            options[opt.id] = opt.values[rng.below(len(opt.values))]
    return options


@lru_cache(maxsize=None)
def sampled(game_id: str, seats: int, seed: int, count: int = 12) -> tuple:
    """About `count` positions spread over one random game, its start and end
    included.  Shared between tests: clone one before changing it."""
    length = sum(1 for _ in random_game(game_id, seats, seed))
    step = max(1, length // count)
    return tuple(s.clone() for i, s in enumerate(random_game(game_id, seats, seed))
                 if i % step == 0 or i == length - 1)


@lru_cache(maxsize=None)
def samples(game_id: str, seats: int, seed: int = 21) -> tuple:
    """(position number, state, seat, the seat's view, a sample of it) for
    every position of `sampled` and every seat: dealt once, read by several
    checks (none may change them)."""
    game = PLUGINS[game_id]
    out = []
    for k, state in enumerate(sampled(game_id, seats, seed)):
        for seat in range(seats):
            view = state.view(seat)
            out.append((k, state, seat, view, game.sample_state(view, Rng(k * 31 + seat))))
    return tuple(out)
