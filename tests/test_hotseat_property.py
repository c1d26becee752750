"""The hot-seat privacy invariant, as a property of random games, for every
registered game (the tests' own games included).

At least 300 games per game (`-m slow` runs the rest of the set for the
games whose random games are long, listed in LONG, in
test_hotseat_property_rest.py — half the Thurn und Taxis moves are the
greedy bot's so that its games end; every other game runs all 300 by
default), with 2-4 random humans and random bots in every seat count the game
allows, every third game with options drawn at random; after every event the
drawn view belongs to the seat that confirmed last, and no confirm was skipped
between two seats whose views differ (tests/hotseat_driver.py).
"""

import pytest

from engine.protocol import State
from engine.registry import GAMES, PLUGINS
from engine.rng import Rng

from .contract.positions import random_options
from .hotseat_driver import random_game

FULL = 300
# games whose random games are long play this many by default, the rest with -m slow
LONG = {"carcassonne": 25, "thurn_taxis": 8}
# half the Thurn und Taxis moves are the greedy bot's: purely random seats
# hardly ever end a game (a route of seven or every house), and since every
# step is logged a view of such a game of 2,000 moves costs milliseconds
SENSIBLE = {"thurn_taxis": 0.5}
GAME_IDS = sorted(GAMES)


def default_count(game_id) -> int:
    return LONG.get(game_id, FULL)


def table(game_id, i):
    """Seats, humans and options of game number i: 2-4 humans, the rest bots;
    any options in every third game, the defaults in the others."""
    spec = GAMES[game_id]
    rng = Rng(7919 * i + 11)
    humans = 2 + rng.below(3)
    low = max(spec.min_seats, humans)
    seats = low + rng.below(spec.max_seats - low + 1)
    options = random_options(spec, rng) if i % 3 == 1 else None
    return seats, min(humans, seats), options


def play_many(game_id, games):
    handoffs = windows = looks = 0
    for i in games:
        seats, humans, options = table(game_id, i)
        checker = random_game(game_id, seats, humans, seed=i, options=options, sensible=SENSIBLE.get(game_id, 0.0))
        handoffs += checker.handoffs
        windows += checker.windows
        looks += len(checker.looked)
    return handoffs, windows, looks


@pytest.mark.long
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_privacy_invariant_in_random_hot_seat_games(game_id):
    handoffs, windows, looks = play_many(game_id, range(default_count(game_id)))
    cls = PLUGINS[game_id].state_class()
    if cls.secrecy.own_keys():  # a game with secrets hands the device over (Carcassonne has none)
        assert handoffs > 0
        assert looks > 0, "nobody looked at their cards at the opening"
    else:  # no secrets: the view changes hands freely
        assert looks == 0, "the opening's looks where nothing is secret"
    if cls._window is not State._window:  # a game that asks steps in public (Kutschfahrt)
        assert windows > 0, "no open window was ever asked in public"
