"""The hot-seat privacy invariant, as a property of random games.

At least 300 games per game (`-m slow` runs the rest of the set for
Carcassonne and Thurn und Taxis, whose random games are long, in
test_hotseat_property_rest.py — half the Thurn und Taxis moves are the greedy
bot's so that its games end; Kutschfahrt, the game with
open windows, and the toy game run all 300 by default), with 2-4 random
humans and random bots in every seat count the game allows; after every
event the drawn view belongs to the seat that confirmed last, and no confirm
was skipped between two seats whose views differ (tests/hotseat_driver.py).
"""

import pytest

from engine.registry import GAMES
from engine.rng import Rng

from .hotseat_driver import random_game

FULL = 300
DEFAULT = {"kutschfahrt": FULL, "toy": FULL, "carcassonne": 25, "thurn_taxis": 8}
# half the Thurn und Taxis moves are the greedy bot's: purely random seats
# hardly ever end a game (a route of seven or every house), and since every
# step is logged a view of such a game of 2,000 moves costs milliseconds
SENSIBLE = {"thurn_taxis": 0.5}

KF_OPTIONS = [None, {"object_set": "all", "smuggling": True}, {"object_set": "all", "fortune_telling": True},
              {"object_set": "custom", "extra_objects": ["sextant", "coat", "tome"]}, {"advanced3": True}]
TT_OPTIONS = [None, {"map": "north"}, {"map": "north", "horses": True}]


def table(game_id, i):
    """Seats, humans and options of game number i: 2-4 humans, the rest bots."""
    spec = GAMES[game_id]
    rng = Rng(7919 * i + 11)
    humans = 2 + rng.below(3)
    low = max(spec.min_seats, humans)
    seats = low + rng.below(spec.max_seats - low + 1)
    options = None
    if game_id == "kutschfahrt":
        options = KF_OPTIONS[i % len(KF_OPTIONS)]
    elif game_id == "thurn_taxis":
        options = TT_OPTIONS[i % len(TT_OPTIONS)]
    return seats, min(humans, seats), options


def play_many(game_id, games):
    handoffs = windows = 0
    for i in games:
        seats, humans, options = table(game_id, i)
        checker = random_game(game_id, seats, humans, seed=i, options=options, sensible=SENSIBLE.get(game_id, 0.0))
        handoffs += checker.handoffs
        windows += checker.windows
    return handoffs, windows


@pytest.mark.parametrize("game_id", sorted(DEFAULT))
def test_privacy_invariant_in_random_hot_seat_games(game_id):
    handoffs, windows = play_many(game_id, range(DEFAULT[game_id]))
    if game_id != "carcassonne":  # no secrets there: the view changes hands freely
        assert handoffs > 0
    if game_id == "kutschfahrt":
        assert windows > 0, "no open window was ever asked in public"
