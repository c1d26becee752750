"""The expert bots and the samplers they search on.

- `sample_state(view, rng)` gives a full state whose view for that seat is the
  view itself, with the same legal actions, that can be played on;
- the expert decides from the view alone: the same view behind a different
  hidden state gives the same decision;
- its thinking is sliced (a generator that yields often).
"""

import json
import types

import pytest

from engine import bots, new_game
from engine.rng import Rng
from engine.carcassonne.sample import sample_state as carcassonne_sample
from engine.thurn_taxis.sample import sample_state as thurn_taxis_sample

SAMPLERS = {"carcassonne": carcassonne_sample, "thurn_taxis": thurn_taxis_sample}
TABLES = {
    "carcassonne": [(2, None), (3, {"start": "classic"}), (5, None)],
    "thurn_taxis": [(2, None), (3, {"map": "north"}), (4, {"map": "north", "horses": True})],
}


def _positions(game_id, seats, options, seed, every):
    """Positions of a game played by greedy/strong bots, every `every` moves."""
    st = new_game(game_id, seats, options, seed)
    rng = Rng(seed)
    k = 0
    while not st.is_over():
        seat = st.to_act()[0]
        if k % every == 0:
            yield st
        level = "strong" if k % 3 else "random"
        st.apply(seat, bots.choose(game_id, st.view(seat), st.legal_actions(seat), level,
                                   rng.below(1 << 30), 50))
        k += 1


def _cards(st):
    """Every Thurn und Taxis card in the state, sorted (each must be there once)."""
    cards = st.deck + st.discards + [c for c in st.display if c is not None]
    for group in (st.hands, st.routes, st.horse_cards):
        cards += [c for cs in group for c in cs]
    return sorted(cards)


@pytest.mark.parametrize("game_id", sorted(SAMPLERS))
def test_sample_matches_the_view_and_plays_on(game_id):
    sample = SAMPLERS[game_id]
    rng = Rng(11)
    checked = 0
    for i, (seats, options) in enumerate(TABLES[game_id]):
        for st in _positions(game_id, seats, options, 20 + i, 9):
            for seat in range(seats):
                view = st.view(seat)
                smp = sample(view, rng)
                assert smp.view(seat) == view
                checked += 1
                if seat in st.to_act():
                    assert smp.legal_actions(seat) == st.legal_actions(seat)
                if game_id == "thurn_taxis":
                    assert _cards(smp) == list(range(smp.board.n * smp.board.copies))
                    assert smp.bonus == st.bonus  # replayed from the public scorings
                # the sample is a game that goes on
                for _ in range(6):
                    if smp.is_over():
                        break
                    s = smp.to_act()[0]
                    smp.apply(s, rng.choice(smp.legal_actions(s)))
    assert checked > 50


def test_thurn_taxis_samples_vary_what_is_hidden():
    def hidden_cards(p):  # cards of the other hand nobody saw taken
        other = 1 - p.to_act()[0]
        return len(p.hands[other]) - len(p.open_taken[other])
    st = next(p for k, p in enumerate(_positions("thurn_taxis", 2, None, 3, 1)) if k >= 40 and hidden_cards(p) >= 2)
    seat = st.to_act()[0]
    view = st.view(seat)
    rng = Rng(5)
    hands = {tuple(sorted(thurn_taxis_sample(view, rng).hands[1 - seat])) for _ in range(10)}
    decks = {tuple(thurn_taxis_sample(view, rng).deck) for _ in range(10)}
    assert len(hands) > 1 and len(decks) > 1
    city = st.board.card_city
    mine = sorted(city(c) for c in st.hands[seat])
    assert all(sorted(city(c) for c in thurn_taxis_sample(view, rng).hands[seat]) == mine
               for _ in range(5))


def test_thurn_taxis_samples_find_a_card_for_every_horseshoe():
    """With horses every city has one card of each horseshoe count; the cards
    a seat took openly are dealt leaving enough of each count for the
    carriage cards known only by their horseshoes (the sampler used to take
    the lowest first and then find none left: 345 of 9,720 samples of
    random horse games failed)."""
    from engine.play import play, random_chooser

    options = {"map": "north", "horses": True, "all_countries": "except_big", "abandon": "forced",
               "fewer_houses": True, "free_city_with_country": True, "horses_stay": False}
    state = new_game("thurn_taxis", 4, options, 1)
    checked = 0
    for n, st in zip(range(1, 471), play(state, random_chooser(Rng(8)))):
        if n >= 445:
            for seat in range(4):
                sample = thurn_taxis_sample(st.view(seat), Rng(seat))
                assert sample.view(seat) == st.view(seat)
                checked += 1
    assert checked


def _hidden_twin(game_id, st, seat):
    """The same position with different hidden parts (same view for `seat`)."""
    twin = st.clone()
    if game_id == "kutschfahrt":  # two other seats swap associations and hands
        x, y = [t for t in range(st.seats) if t != seat][:2]
        twin.assoc[x], twin.assoc[y] = twin.assoc[y], twin.assoc[x]
        twin.assoc_cards[x], twin.assoc_cards[y] = twin.assoc_cards[y], twin.assoc_cards[x]
        twin.hands[x], twin.hands[y] = twin.hands[y], twin.hands[x]
        twin.pile.reverse()
    elif game_id == "carcassonne":
        twin.rng = Rng(987654321)  # another draw order of the same bag
    else:
        other = (seat + 1) % st.seats
        hand = twin.hands[other]
        unseen = [i for i, c in enumerate(hand) if st.board.card_city(c) not in twin.open_taken[other]]
        if unseen and twin.deck:  # a card nobody saw goes back to the deck, another comes
            i = unseen[0]
            hand[i], twin.deck[0] = twin.deck[0], hand[i]
        twin.deck.reverse()
        twin.bonus[other] = [[k, v + 5] for k, v in twin.bonus[other]]
    return twin


EXPERTS = sorted(SAMPLERS) + ["kutschfahrt"]


@pytest.mark.parametrize("game_id", EXPERTS)
def test_expert_decides_from_the_view_alone(game_id):
    decided = 0
    seats = 6 if game_id == "kutschfahrt" else 2
    for st in _positions(game_id, seats, None, 7, 11):
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if len(legal) < 2:
            continue
        twin = _hidden_twin(game_id, st, seat)
        if game_id == "kutschfahrt" and twin.view(seat) != st.view(seat):
            continue  # the seat knows something of the two it would tell apart
        assert json.dumps(twin.view(seat), sort_keys=True) == json.dumps(st.view(seat), sort_keys=True)
        a = bots.choose(game_id, st.view(seat), legal, "expert", seed=3, budget_ms=40)
        assert a in legal
        assert bots.choose(game_id, twin.view(seat), legal, "expert", seed=3, budget_ms=40) == a
        decided += 1
        if decided >= 4:
            break
    assert decided >= 4


def _a_searched_position(game_id):
    """A position where the expert has a real choice to search (4+ moves)."""
    seats = 6 if game_id == "kutschfahrt" else 2
    for st in _positions(game_id, seats, None, 4, 17):
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if len(legal) >= 4 and st.view(seat)["phase"] in ("place", "draw", "play", "turn"):
            return st, seat, legal
    raise AssertionError("no position with a choice of 4 moves")


@pytest.mark.parametrize("game_id", EXPERTS)
def test_expert_thinks_in_slices(game_id):
    """A full-budget decision yields many times (the page runs it in slices)."""
    st, seat, legal = _a_searched_position(game_id)
    gen = bots.think(game_id, st.view(seat), legal, "expert", seed=1, budget_ms=1000)
    assert isinstance(gen, types.GeneratorType)
    yields, action = run_to_end(gen)
    assert action in legal
    assert yields >= 30


def test_a_round_cut_short_by_stop_is_not_counted():
    """Sequential halving with the caller's deadline: the round in hand when
    stop() says yes is dropped, the pick rests on the finished rounds."""
    from engine.bots.search import Budget, halving

    values = {0: [1, 2, 3, 0], 1: [0, 100, 0, 0]}  # per sample seed, per candidate
    asked = []

    def stop():
        asked.append(1)
        return len(asked) >= 6  # the 6th piece of work: candidate 1 in the second round

    def simulate(i, seed):
        if budget.spend(1):
            yield
        return values[seed][i]

    budget = Budget(1000, 1, stop)
    best = yield_all(halving(4, simulate, budget, iter([0, 1, 2, 3])))
    assert budget.cut and budget.left == 0
    assert best == 2  # counting the cut round would have picked candidate 1 (mean 51)
    assert yield_all(halving(4, simulate, Budget(1000, 1), iter([0, 1]))) == 1  # no deadline: it wins


def run_to_end(gen):
    """Drive a thinking generator as the page does: (its yields, its answer)."""
    yields = 0
    while True:
        try:
            next(gen)
            yields += 1
        except StopIteration as done:
            return yields, done.value


def yield_all(gen):
    return run_to_end(gen)[1]


@pytest.mark.parametrize("game_id", EXPERTS)
def test_the_expert_answers_at_once_when_told_to_stop(game_id):
    """The table's deadline reaches the search: a stop that is true from the
    start ends a full-budget decision after a few slices, with a legal move."""
    st, seat, legal = _a_searched_position(game_id)

    def slices(stop):
        n, action = run_to_end(bots.think(game_id, st.view(seat), legal, "expert", seed=1, budget_ms=1000,
                                          stop=stop))
        assert action in legal
        return n
    full, hurried = slices(None), slices(lambda: True)
    assert full >= 30 and hurried <= full // 5, (full, hurried)


def test_hurry_after_reads_the_callers_clock():
    now = [100.0]
    stop = bots.hurry_after(lambda: now[0], 1000)
    assert not stop()
    now[0] += bots.HURRY_AT - 0.001
    assert not stop()
    now[0] += 0.002
    assert stop()
