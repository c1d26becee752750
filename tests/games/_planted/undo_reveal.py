"""The owl shows a card, but its entry is declared a mere note: the action
is offered for undo after a secret was seen (the old way: `mark_revealed()`
forgotten)."""

from engine.secrecy import Secrecy
from tests.games.secret import sample
from tests.games.secret.rules import SecretState

from . import planted

CHECK = "undo_shows_nothing_new"


class State(SecretState):
    game_id = "planted_undo_reveal"
    secrecy = Secrecy(own=("hand",), private_log={"dealt": ("seat",), "drew": ("seat",)},
                      notes={"saw": ("seat",)})


def sample_state(view, rng):
    return sample.sample_state(view, rng, State)


GAME = planted(__name__)
