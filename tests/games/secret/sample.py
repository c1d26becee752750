"""sample_state(view, rng): a Little Secret game consistent with one seat's view.

Kept: the seat's own hand, every card played, and a card the seat saw with
the owl while its holder has not played a card of that name since (then it
may have played the one it saw).  Dealt anew: the other hands and the deck
from the cards left."""

from __future__ import annotations

from engine.sampling import adopt_history

from .rules import DECK, SecretState


def known_cards(view) -> dict:
    """seat -> the card the viewer knows it holds."""
    known = {}
    for entry in view["log"]:
        if entry["k"] == "saw":
            known[entry["who"]] = entry["card"]
        elif entry["k"] == "play" and known.get(entry["seat"]) == entry["card"]:
            del known[entry["seat"]]
    for p in view["players"]:
        if p["shown"] is not None:
            known[p["seat"]] = p["shown"]
    return known


def sample_state(view, rng, cls=SecretState) -> SecretState:
    """`cls`: the state class to build (the planted-bug games reuse this)."""
    seat = view["seat"]
    state = cls.__new__(cls)
    adopt_history(state, view, rng)
    players = view["players"]
    state.discard = list(view["discard"])
    state.played = [list(p["played"]) for p in players]
    state.current = view["active"] if view["active"] is not None else 0
    state.phase = view["phase"]
    known = {s: c for s, c in known_cards(view).items() if s != seat}
    rest = list(DECK)
    for card in list(view["hand"]) + state.discard + list(known.values()):
        rest.remove(card)
    rng.shuffle(rest)
    state.hands = []
    for s, p in enumerate(players):
        hand = list(view["hand"]) if s == seat else ([known[s]] if s in known else [])
        while len(hand) < p["cards"]:
            hand.append(rest.pop())
        state.hands.append(hand)
    state.deck = rest
    assert len(state.deck) == view["deck"], "the view's card counts do not add up"
    return state
