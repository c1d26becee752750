"""The deal is written to the public log: "dealt" was left out of the
private entries (the old way: `say(..., to=)` forgotten)."""

from engine.secrecy import Secrecy
from tests.games.secret import sample
from tests.games.secret.rules import SecretState

from . import planted

CHECK = "public_log_keeps_secrets"


class State(SecretState):
    game_id = "planted_log_deal"
    secrecy = Secrecy(own=("hand",), private_log={"drew": ("seat",), "saw": ("seat",)})


def sample_state(view, rng):
    return sample.sample_state(view, rng, State)


GAME = planted(__name__)
