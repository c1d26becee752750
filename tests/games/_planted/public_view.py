"""The public view holds every secret card: the hot-seat public screen
would show them (the sampler deals anew, as it should)."""

from tests.games.secret import sample
from tests.games.secret.rules import SecretState

from . import planted

CHECK = "public_view_matches_samples"


class State(SecretState):
    game_id = "planted_public_view"

    def _public(self):
        return dict(super()._public(), hands=[list(h) for h in self.hands])


def sample_state(view, rng):
    return sample.sample_state(view, rng, State)


GAME = planted(__name__)
