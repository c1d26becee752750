import pytest

from engine.registry import GAMES, discover

# the tests' own games join exactly as engine/<game>/ packages do
discover("tests.games")


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
