"""A whole Thurn und Taxis state consistent with one seat's view (for search).

What the seat knows is copied: its hand, the open cards, every route,
houses, carriages, the bonus stacks, the turn's progress, the cities the
others took openly.  What it does not know is drawn at random from the
cards it has not seen: the rest of the others' hands, the cities of their
carriage cards (horses: only the horseshoes show), the deck in a random
order and the discard pile.  The others' bonus tiles are hidden, but which
stack each took from follows from the public scorings in the log, so they
are replayed exactly.

The sample is a position to search from, not a save: its action log holds
only as many placeholder entries as the real game has moves (so its views
match the real ones), and `turn` is the last turn the log dates (turns
without a logged event leave no trace in the view).
"""

from __future__ import annotations

from engine.rng import Rng

from .scoring import initial_stacks, tiles_won
from .state import ThurnTaxisState


def _card(board, pool, city_id, h, rng):
    """Take a card of that city (and horseshoes, when shown) from `pool`."""
    ci = board.index[city_id]
    ids = [ci * board.copies + k for k in range(board.copies)
           if h is None or board.horseshoes[k] == h]
    free = [c for c in ids if c in pool]
    card = free[rng.below(len(free))]
    pool.discard(card)
    return card


def _bonus(view, board):
    """Every seat's bonus tiles, replayed from the scorings in the public log."""
    seats = view["seats"]
    stacks = initial_stacks(board)
    built = [set() for _ in range(seats)]
    got = [[] for _ in range(seats)]
    rule = view["options"]["all_countries"]
    for e in view["log"]:
        k = e["k"]
        if k in ("score", "score_no_houses"):
            s = e["seat"]
            cities = [board.index[c] for c in e.get("houses", [])]
            held = {key for key, _ in got[s]}
            for key in tiles_won(board, stacks, held, built[s], cities, len(e["route"]), rule):
                got[s].append([key, stacks[key].pop(0)])
            built[s] |= set(cities)
        elif k == "end_trigger" and stacks["end"]:
            got[e["seat"]].append(["end", stacks["end"].pop(0)])
    return got


def sample_state(view: dict, rng) -> ThurnTaxisState:
    """A full state whose view for `view`'s seat equals `view`; the hidden
    cards are one random deal of the unseen ones, drawn with `rng`."""
    seats, me = view["seats"], view["seat"]
    state = ThurnTaxisState(seats, view["options"], rng.below(1 << 62))
    b = state.board
    players = view["players"]
    pool = set(range(b.n * b.copies))
    state.display = [None if c is None else _card(b, pool, c["city"], c["h"], rng)
                     for c in view["display"]]
    state.routes = [[_card(b, pool, c["city"], c["h"], rng) for c in p["route"]] for p in players]
    state.hands = [[] for _ in range(seats)]
    state.hands[me] = [_card(b, pool, c["city"], c["h"], rng) for c in view["hand"]]
    state.horse_cards = [[] for _ in range(seats)]
    if state.horses_mode:
        state.horse_cards[me] = [_card(b, pool, c["city"], c["h"], rng)
                                 for c in players[me]["carriage_cards"]]
    for s in range(seats):
        if s != me:  # cities taken from the open display are still in that hand
            state.hands[s] = [_card(b, pool, c, None, rng) for c in players[s]["taken_open"]]
    unseen = sorted(pool)
    rng.shuffle(unseen)
    if state.horses_mode:  # the others' carriage cards: only their horseshoes show
        for s in range(seats):
            if s != me:
                for h in players[s]["horse_cards"]:
                    card = next(c for c in unseen if b.card_horses(c) == h)
                    unseen.remove(card)
                    state.horse_cards[s].append(card)
    for s in range(seats):
        if s != me:
            need = players[s]["hand"] - len(state.hands[s])
            state.hands[s] += unseen[:need]
            del unseen[:need]
    state.deck = unseen[:view["deck"]]
    state.discards = unseen[view["deck"]:]
    state.houses = [[b.index[c] for c in p["houses"]] for p in players]
    state.houses_left = [p["houses_left"] for p in players]
    state.carriages = [list(p["carriages"]) for p in players]
    state.carriage_supply = {int(k): v for k, v in view["carriage_supply"].items()}
    state.stacks = {k: list(v) for k, v in view["stacks"].items()}
    state.bonus = _bonus(view, b)
    state.open_taken = [[b.index[c] for c in p["taken_open"]] for p in players]
    state.start = view["start_player"]
    state.end_trigger = view["end_triggered_by"]
    state.over = view["over"]
    state.current = view["active"] if view["active"] is not None else state.current
    ts = view["turn_state"]
    state.drawn, state.played, state.official = ts["drawn"], ts["played"], ts["official"]
    state.must_two, state.wagner = ts["must_draw_two"], ts["wagner"]
    state.discarding = view["phase"] == "discard"
    state._new_tiles = []
    state.events = [(frozenset([me]), {k: v for k, v in e.items() if k != "private"})
                    if e.get("private") else (None, dict(e)) for e in view["log"]]
    state.turn = max([e.get("turn", 0) for e in view["log"]] + [0])
    state.actions = [[None, None] for _ in range(view["moves"])]
    state.undoable = [False] * view["moves"]
    state.rng = Rng(state.seed)
    return state
