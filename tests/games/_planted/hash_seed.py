"""The deal follows the order of a `set` of card names, which Python's
hash seed decides: a save made in one session replays as another game."""

from tests.games.secret import sample
from tests.games.secret.rules import COUNTS, SecretState

from . import planted

CHECK = "saves_replay_elsewhere"


class State(SecretState):
    game_id = "planted_hash_seed"

    def _fresh_deck(self):
        return [name for name in set(COUNTS) for _ in range(COUNTS[name])]  # the planted bug: a set's order


def sample_state(view, rng):
    return sample.sample_state(view, rng, State)


GAME = planted(__name__)
