"""Thurn und Taxis views: a seat's view does not change when only what it may
not know changes (other hands, the deck order, other seats' bonus values),
so neither the table nor a bot can learn it from the view."""

import json

from engine import bots, new_game
from engine.play import bot_chooser, play


def _mid_game(options, seats, seed, moves):
    st = new_game("thurn_taxis", seats, options, seed)
    chooser = bot_chooser(["greedy"] * seats, first=True, seeds=lambda state, k: k)
    for k, _ in enumerate(play(st, chooser), 1):
        if k >= moves:
            break
    return st


def _same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_views_ignore_hidden_changes():
    for options in ({}, {"map": "north", "horses": True}):
        for seed in range(4):
            st = _mid_game(options, 3, seed, 60 + 7 * seed)
            if st.is_over():
                continue
            seat = st.to_act()[0]
            other = (seat + 1) % st.seats
            before = {s: st.view(s) for s in (seat, None)}
            alt = st.clone()
            # swap a card of the other seat's hand with the deck's, reverse the deck,
            # and change the other seat's bonus values (not their number)
            if alt.hands[other] and alt.deck:
                alt.hands[other][0], alt.deck[0] = alt.deck[0], alt.hands[other][0]
            alt.deck.reverse()
            alt.bonus[other] = [[k, v + 7] for k, v in alt.bonus[other]]
            for s in (seat, None):
                assert _same(before[s], alt.view(s))
            legal = st.legal_actions(seat)
            for level in ("greedy", "strong"):
                assert (bots.choose("thurn_taxis", st.view(seat), legal, level, 5)
                        == bots.choose("thurn_taxis", alt.view(seat), legal, level, 5))
            # while the other seat's own view does change
            assert not _same(st.view(other), alt.view(other)) or not alt.bonus[other]
