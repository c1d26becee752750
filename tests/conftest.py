import pytest

from engine.registry import GAMES, discover

from . import ui_support  # noqa: F401  (web/ on the path)
from ui import screens  # noqa: E402

# the tests' own games join exactly as engine/<game>/ packages do, screens too,
# so every test that asks the registry meets them
discover("tests.games")
screens.discover("tests.screens")


def random_game(game_id, seats, seed, options=None, limit=5000):
    """Play random legal actions; yields the state at the start and after every action."""
    from engine import new_game
    from engine.play import play, random_chooser
    from engine.rng import Rng

    state = new_game(game_id, seats, options, seed)
    yield state
    yield from play(state, random_chooser(Rng(seed + 7)), limit)


@pytest.fixture
def all_game_ids():
    return sorted(GAMES)
