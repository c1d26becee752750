"""sample_state(view, rng): a Thurn und Taxis game consistent with one seat's view.

Hidden from a seat: the other hands (except cards seen taken from the open
display), the cities of the others' carriage cards (horses), the order of
deck and discards, and the values of the others' bonus tiles.  The sampler
deals the cards anew from those not accounted for.  The others' bonus tiles
are not guessed: the public log names the stacks each scoring took from, and
the stacks are taken from the top, so they are replayed exactly.
"""

from __future__ import annotations

from collections import Counter

from engine.sampling import adopt_history

from .board import load_map
from .scoring import initial_stacks
from .state import ThurnTaxisState


def sample_state(view, rng) -> ThurnTaxisState:
    seat = view["seat"]
    state = ThurnTaxisState.__new__(ThurnTaxisState)
    adopt_history(state, view, rng)
    b = state.board = load_map(view["map"])
    state.horses_mode = view["horses"]
    state.turn = view["turn"]
    free = set(range(b.n * b.copies))  # cards not yet placed anywhere

    def take(city_id, h=None):
        """A free card of that city (and horseshoes)."""
        ci = b.index[city_id]
        for card in range(ci * b.copies, (ci + 1) * b.copies):
            if card in free and (h is None or not state.horses_mode or b.card_horses(card) == h):
                free.discard(card)
                return card
        raise ValueError(f"no card of {city_id} left to sample")

    def take_horses(h):
        options = sorted(c for c in free if b.card_horses(c) == h)
        card = options[rng.below(len(options))]
        free.discard(card)
        return card

    players = view["players"]
    n = len(players)
    # horseshoes of the carriage cards the seat knows by their horseshoes alone
    wanted = Counter(h for s, p in enumerate(players)
                     if p.get("carriage_cards") is None and state.horses_mode for h in p["horse_cards"])

    def take_open(city_id):
        """A free card of a city seen taken openly: with horses, the one whose
        horseshoes the carriage cards known only by them need least, so that
        enough are left for them (each city has one card of each)."""
        if not state.horses_mode:
            return take(city_id)
        ci = b.index[city_id]
        cards = [c for c in range(ci * b.copies, (ci + 1) * b.copies) if c in free]
        if not cards:
            raise ValueError(f"no card of {city_id} left to sample")
        left = Counter(b.card_horses(c) for c in free)
        card = max(cards, key=lambda c: left[b.card_horses(c)] - wanted[b.card_horses(c)])
        free.discard(card)
        return card

    state.display = [None if c is None else take(c["city"], c["h"]) for c in view["display"]]
    state.routes = [[take(c["city"], c["h"]) for c in p["route"]] for p in players]
    state.horse_cards = [[] for _ in range(n)]
    for s, p in enumerate(players):
        if p.get("carriage_cards") is not None:
            state.horse_cards[s] = [take(c["city"], c["h"]) for c in p["carriage_cards"]]
    state.hands = [[] for _ in range(n)]
    if view["hand"] is not None:
        state.hands[seat] = [take(c["city"], c["h"]) for c in view["hand"]]
    for s, p in enumerate(players):
        if s != seat:  # cards seen taken from the display are still in that hand
            state.hands[s] = [take_open(city) for city in p["taken_open"]]
    # only then the carriage cards seen by their horseshoes alone: a random
    # one taken first could be the last card of a city seen taken openly
    for s, p in enumerate(players):
        if p.get("carriage_cards") is None and state.horses_mode:
            state.horse_cards[s] = [take_horses(h) for h in p["horse_cards"]]
    rest = sorted(free)
    rng.shuffle(rest)
    for s, p in enumerate(players):
        while len(state.hands[s]) < p["hand"]:
            state.hands[s].append(rest.pop())
    state.discards = [rest.pop() for _ in range(view["discards"])]
    state.deck = rest
    assert len(state.deck) == view["deck"], "the view's card counts do not add up"
    state.houses = [[b.index[c] for c in p["houses"]] for p in players]
    state.houses_left = [p["houses_left"] for p in players]
    state.carriages = [list(p["carriages"]) for p in players]
    state.carriage_supply = {int(k): v for k, v in view["carriage_supply"].items()}
    state.stacks = {k: list(v) for k, v in view["stacks"].items()}
    state.bonus = _bonus_tiles(b, view)
    state._new_tiles = []
    state.open_taken = [[b.index[c] for c in p["taken_open"]] for p in players]
    state.start = view["start_player"]
    state.current = view["active"] if view["active"] is not None else state.start
    state.end_trigger = view["end_triggered_by"]
    state.over = view["phase"] == "over"
    ts = view["turn_state"]
    state.drawn, state.played, state.official = ts["drawn"], ts["played"], ts["official"]
    state.must_two, state.wagner = ts["must_draw_two"], ts["wagner"]
    state.discarding = view["phase"] == "discard"
    return state


def _bonus_tiles(b, view) -> list:
    """Every seat's bonus tiles, replayed from the public log: each scoring
    names the stacks it took from, and the stacks are public and taken from
    the top, so this is exact."""
    stacks = initial_stacks(b)
    got = [[] for _ in range(view["seats"])]
    for e in view["log"]:
        if e["k"] == "tiles":
            for key in e["tiles"]:
                got[e["seat"]].append([key, stacks[key].pop(0)])
    return got
