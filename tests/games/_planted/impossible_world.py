"""The sampler forgets the seat's own card when it deals the others: a
sample may hold that card twice (and the bots search worlds that cannot be)."""

from tests.games.secret.rules import DECK, SecretState
from engine.sampling import adopt_history

from . import planted

CHECK = "samples_are_possible_worlds"


class State(SecretState):
    game_id = "planted_impossible_world"


def sample_state(view, rng):
    seat = view["seat"]
    state = State.__new__(State)
    adopt_history(state, view, rng)
    state.discard = list(view["discard"])
    state.played = [list(p["played"]) for p in view["players"]]
    state.current = view["active"] if view["active"] is not None else 0
    state.phase = view["phase"]
    rest = list(DECK)
    for card in state.discard:  # the planted bug: the seat's own hand stays in `rest`
        rest.remove(card)
    rng.shuffle(rest)
    state.hands = [list(view["hand"]) if s == seat else [rest.pop() for _ in range(p["cards"])]
                   for s, p in enumerate(view["players"])]
    state.deck = rest[:view["deck"]]
    return state


GAME = planted(__name__)
