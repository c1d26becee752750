"""Helpers for the Thurn und Taxis tests: positions built by hand, a fast
random-legal driver with invariant checks."""

import marshal

from engine import new_game
from engine.rng import Rng


def city_card(state, city_id, copy=0):
    """A card of that city (the given copy: 0, 1, 2)."""
    b = state.board
    return b.index[city_id] * b.copies + copy


def take_cards(state, cards):
    """Remove these cards from wherever they are (deck, display, discards)."""
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
        elif card in state.discards:
            state.discards.remove(card)
        elif card in state.display:
            state.display[state.display.index(card)] = None
        else:
            for hand in state.hands:
                if card in hand:
                    hand.remove(card)
                    break
    state._refill()


def position(seats=2, options=None, seed=1, seat=0, hand=(), route=(), houses=(),
             drawn=1, played=0):
    """A game where `seat` is to move in the play step with this hand and route."""
    st = new_game("thurn_taxis", seats, options, seed)
    hand_cards = [city_card(st, c, i % 3) for i, c in enumerate(hand)]
    route_cards = [city_card(st, c, 2) for c in route]
    take_cards(st, hand_cards + route_cards)
    st.current = seat
    st._new_turn_state()
    st.must_two = False
    st.official = None
    st.hands[seat] = hand_cards
    st.routes[seat] = route_cards
    for c in houses:
        st.houses[seat].append(st.board.index[c])
        st.houses_left[seat] -= 1
    st.drawn = drawn
    st.played = played
    return st


def total_cards(st):
    return (len(st.deck) + len(st.discards) + sum(c is not None for c in st.display)
            + sum(map(len, st.hands)) + sum(map(len, st.routes)) + sum(map(len, st.horse_cards)))


def check_invariants(st, full=True):
    b = st.board
    n = b.n * b.copies
    assert total_cards(st) == n
    if not full:
        return
    every = (st.deck + st.discards + [c for c in st.display if c is not None]
             + [c for h in st.hands for c in h] + [c for r in st.routes for c in r]
             + [c for h in st.horse_cards for c in h])
    assert sorted(every) == list(range(n))
    for s in range(st.seats):
        assert len(st.houses[s]) == len(set(st.houses[s]))
        assert len(st.houses[s]) + st.houses_left[s] == 20
        assert 0 <= st.houses_left[s] <= 20
        assert len(st.horse_cards[s]) <= 6
        cities = [b.card_city(c) for c in st.routes[s]]
        assert len(cities) == len(set(cities))
        for x, y in zip(cities, cities[1:]):
            assert y in b.adj[x]
        assert st.carriages[s] == list(range(3, 3 + len(st.carriages[s])))


def check_views(st):
    """No seat's view holds another seat's hand or bonus values."""
    b = st.board
    for seat in list(range(st.seats)) + [None]:
        v = st.view(seat)
        for s, p in enumerate(v["players"]):
            assert isinstance(p["hand"], int)
            if s != seat and not st.over:
                assert "bonus" not in p and "bonus_points" not in p
                assert "carriage_cards" not in p
        if seat is None:
            assert v["hand"] is None
        else:
            mine = sorted(b.cities[b.card_city(c)] for c in st.hands[seat])
            assert sorted(c["city"] for c in v["hand"]) == mine
        for entry in v["log"]:
            if entry["k"] == "tile_own":
                assert entry["seat"] == seat
        # no string anywhere in the view names it (marshal's bytes: several
        # times quicker than repr() on a long game's log)
        assert b"deck_order" not in marshal.dumps(v)


def play_random(seats, seed, options=None, view_every=97, max_turns=3000):
    """A random-legal game, checking invariants after every action.  Every
    action is drawn from the legal list; scoring (0.8) and extending the
    route (0.85) are drawn more often than the rest, a scoring then among the
    placements with most houses, so games stay short."""
    st = new_game("thurn_taxis", seats, options, seed)
    rng = Rng(seed * 7 + 3)
    steps = 0
    while not st.over:
        seat = st.current
        legal = st._legal(seat)
        assert legal
        scores = [a for a in legal if a["type"] == "score"]
        plays = [a for a in legal if a["type"] in ("play", "horse")]
        if scores and rng.random() < 0.8:
            most = max(len(a["cities"]) for a in scores)
            action = rng.choice([a for a in scores if len(a["cities"]) == most])
        elif plays and rng.random() < 0.85:
            action = rng.choice(plays)
        else:
            action = rng.choice(legal)
        st._apply(seat, action)
        st.actions.append([seat, action])
        steps += 1
        check_invariants(st, full=steps % 8 == 0 or action["type"] == "score")
        if steps % view_every == 0:
            check_views(st)
        if st.turn > max_turns:
            return st, False
    check_invariants(st)
    check_views(st)
    return st, True
