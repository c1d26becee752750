"""Fuzz, part a: 1,000 random-legal Carcassonne games (2-5 seats, all options).

Invariants: followers conserved (supply + on the board = 7 per seat), scores
never go down, every placed edge matches its neighbours, a set-aside tile
fits nowhere, every game ends with every tile placed or set aside."""

import pytest

from .carcassonne_fuzz import fuzz_game

CHUNKS = range(0, 0 + 1000, 100)


def options_for(seed):
    opts = {}
    if seed % 5 == 4:
        opts["start"] = "classic"
    if seed % 7 == 3:
        opts["wheel_tiles"] = "board"
    if seed % 3 == 1:
        opts["pig_on_discard"] = True
    return opts


@pytest.mark.parametrize("first", CHUNKS)
def test_random_games_keep_the_invariants(first):
    for seed in range(first, first + 100):
        fuzz_game(2 + seed % 4, seed, options_for(seed))
