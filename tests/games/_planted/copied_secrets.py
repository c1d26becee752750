"""Every secret card is in `players[]`, and the sampler copies them from
there: bots that search would see the real cards."""

from tests.games.secret import sample
from tests.games.secret.rules import SecretState

from . import planted

CHECK = "secrets_dealt_anew"


class State(SecretState):
    game_id = "planted_copied_secrets"

    def _public(self):
        view = super()._public()
        for p in view["players"]:
            p["holds"] = sorted(self.hands[p["seat"]])
        return view


def sample_state(view, rng):
    state = sample.sample_state(view, rng, State)
    for p in view["players"]:
        state.hands[p["seat"]] = list(p["holds"])
    return state


GAME = planted(__name__)
