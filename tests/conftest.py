import pytest

from engine.registry import GAMES, discover

# the tests' own games join exactly as engine/<game>/ packages do
discover("tests.games")


def random_game(game_id, seats, seed, options=None, limit=5000):
    """Play random legal actions; yields the state after every action."""
    from engine import new_game
    from engine.rng import Rng

    state = new_game(game_id, seats, options, seed)
    rng = Rng(seed + 7)
    yield state
    steps = 0
    while not state.is_over():
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        assert steps < limit, f"{game_id} did not end after {limit} actions"
        yield state


@pytest.fixture
def all_game_ids():
    return sorted(GAMES)
