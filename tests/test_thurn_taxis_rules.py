"""Thurn und Taxis: scenarios from the rules text (rules/thurn-und-taxis.nl.txt)."""

import json

import pytest

from engine import IllegalAction, new_game, saves
from engine.play import finish

from .tt_helpers import city_card, position, take_cards


def plays(st, seat=None):
    seat = st.current if seat is None else seat
    return [a for a in st.legal_actions(seat) if a["type"] == "play"]


def route_ids(st, seat):
    b = st.board
    return [b.cities[b.card_city(c)] for c in st.routes[seat]]


def test_setup():
    st = new_game("thurn_taxis", 3, seed=4)
    assert len(st.deck) == 66 - 6 and all(c is not None for c in st.display)
    assert st.houses_left == [20, 20, 20]
    assert st.phase() == "draw" and st.must_two  # empty hand: the Postmeister is compulsory
    legal = st.legal_actions(0)
    assert {"type": "amtmann"} not in legal  # no Amtmann with an empty hand
    st.apply(0, {"type": "deck"})
    assert st.phase() == "draw"  # the second, compulsory card
    st.apply(0, {"type": "take", "slot": 2})
    assert len(st.hands[0]) == 2 and st.phase() == "play"
    assert not {"take", "deck"} & {a["type"] for a in st.legal_actions(0)}  # no third card
    assert st.official == "postmeister"


def test_innsbruck_fits_kempten_does_not():
    # "de route München - Salzburg - Linz ... Kempten mag nu (nog) niet gespeeld worden"
    st = position(hand=["innsbruck", "kempten"], route=["muenchen", "salzburg", "linz"])
    assert plays(st) == [{"type": "play", "city": "innsbruck", "end": "head"}]
    assert {"type": "abandon"} in st.legal_actions(0)
    st.apply(0, {"type": "play", "city": "innsbruck", "end": "head"})
    # "Nu kun je met behulp van de postiljon eventueel ook nog Kempten uitspelen"
    assert plays(st) == [{"type": "play", "city": "kempten", "end": "head"}]
    st.apply(0, {"type": "play", "city": "kempten", "end": "head"})
    assert route_ids(st, 0) == ["kempten", "innsbruck", "muenchen", "salzburg", "linz"]
    assert st.official == "postillion"
    with pytest.raises(IllegalAction):
        st.apply(0, {"type": "abandon"})


def test_no_city_twice_and_no_branching():
    st = position(hand=["muenchen", "passau", "ingolstadt"], route=["augsburg", "muenchen"])
    got = plays(st)
    assert {"type": "play", "city": "muenchen", "end": "tail"} not in got
    assert {"type": "play", "city": "passau", "end": "tail"} in got
    assert {"type": "play", "city": "ingolstadt", "end": "tail"} in got  # München-Ingolstadt
    assert {"type": "play", "city": "ingolstadt", "end": "head"} in got  # Augsburg-Ingolstadt


def test_forced_abandonment_carlsruhe_mannheim_wuerzburg():
    # "de kaarten Linz en Salzburg sluiten geen van beiden aan. Helaas moet je nu je route
    # afbreken ... en deze wordt niet gescoord. Nu moet je met Linz of Salzburg een nieuwe
    # route beginnen."
    for options in (None, {"abandon": "forced"}):
        st = position(options=options, hand=["linz", "salzburg"],
                      route=["carlsruhe", "mannheim", "wuerzburg"])
        legal = st.legal_actions(0)
        # no play, no scoring, no passing; only a second draw (Postmeister) may still help
        assert [a for a in legal if a["type"] not in ("take", "deck")] == [{"type": "abandon"}]
        with pytest.raises(IllegalAction):
            st.apply(0, {"type": "score", "cities": ["carlsruhe", "mannheim", "wuerzburg"]})
        n_disc = len(st.discards)
        st.apply(0, {"type": "abandon"})
        assert st.routes[0] == [] and len(st.discards) == n_disc + 3
        assert st.houses[0] == [] and st.carriages[0] == [] and st.bonus[0] == []  # not scored
        assert sorted(a["city"] for a in plays(st)) == ["linz", "salzburg"]
        st.apply(0, {"type": "play", "city": "linz", "end": "tail"})
        assert route_ids(st, 0) == ["linz"]
        # the Postillion may add Salzburg to the new route
        st.apply(0, {"type": "play", "city": "salzburg", "end": "tail"})
        assert route_ids(st, 0) == ["linz", "salzburg"] and st.current == 1


def test_five_city_scoring_both_placements():
    # the yellow player: Kempten (already his), Innsbruck, München, Salzburg, Linz
    st = position(hand=[], route=["kempten", "innsbruck", "muenchen", "salzburg", "linz"],
                  houses=["kempten"], played=1)
    st.official = "postillion"
    scores = [a for a in st.legal_actions(0) if a["type"] == "score"]
    options = [sorted(a["cities"]) for a in scores]
    assert sorted(["innsbruck", "muenchen", "salzburg"]) in options  # one city per country
    assert sorted(["innsbruck", "muenchen", "linz"]) in options
    assert sorted(["salzburg", "linz"]) in options  # every route city of one country
    assert ["innsbruck"] in options and ["muenchen"] in options
    assert not any("kempten" in o for o in options)  # never twice in a city
    assert sorted(["innsbruck", "muenchen", "salzburg", "linz"]) not in options
    assert sorted(["salzburg", "linz", "innsbruck"]) not in options
    assert max(len(o) for o in options) == 3
    # both choices of the example, carried out
    for chosen in (["innsbruck", "muenchen", "salzburg"], ["linz", "salzburg"]):
        st = position(hand=[], route=["kempten", "innsbruck", "muenchen", "salzburg", "linz"],
                      houses=["kempten"], played=1)
        st.official = "postillion"
        _score(st, chosen)
        b = st.board
        assert sorted(b.cities[c] for c in st.houses[0]) == sorted(["kempten"] + chosen)
        assert st.houses_left[0] == 20 - 1 - len(chosen)
        assert st.carriages[0] == [3] and ["len5", 2] in st.bonus[0]
        assert st.routes[0] == []


def _score(st, cities, wagner=False):
    a = {"type": "score", "cities": sorted(cities)}
    if wagner:
        a["wagner"] = True
    st.apply(st.current, a)


def test_carriages_in_order_and_the_wagner():
    st = position(hand=[], route=["kempten", "innsbruck", "muenchen", "salzburg", "linz"], played=1)
    st.official = "postillion"
    _score(st, ["salzburg", "linz"])
    assert st.carriages[0] == [3]  # a 5-card route gives the 3 first: never skipping
    assert ("len5" in [k for k, _ in st.bonus[0]])
    # a 4-card route with carriage 4 held, and the 5 next: the Wagner gives it
    st2 = position(hand=[], route=["ulm", "augsburg", "muenchen", "passau"], played=1)
    st2.carriages[0] = [3, 4]
    legal = st2.legal_actions(0)
    assert any(a.get("wagner") for a in legal if a["type"] == "score")
    _score(st2, ["ulm", "augsburg"], wagner=False)
    assert st2.carriages[0] == [3, 4]  # 4 cards: not enough for the 5
    st3 = position(hand=[], route=["ulm", "augsburg", "muenchen", "passau"], played=1)
    st3.carriages[0] = [3, 4, 5]
    _score(st3, ["ulm", "augsburg"], wagner=True)
    assert st3.carriages[0] == [3, 4, 5, 6]
    assert any(e["k"] == "wagner" and e["seat"] == 0 for _, e in st3.events)
    # the Wagner never skips a carriage and does not count for the route-length tiles
    st5 = position(hand=[], route=["ulm", "augsburg", "muenchen", "passau", "linz"], played=1)
    st5.carriages[0] = [3, 4, 5]
    _score(st5, ["ulm"], wagner=True)
    assert st5.carriages[0] == [3, 4, 5, 6]  # 5 + 2 = 7 cards, still only the next: 6
    assert [k for k, _ in st5.bonus[0] if k.startswith("len")] == ["len5"]
    # no carriage is skipped without the Wagner either: 7 cards with the 3 held give the 4
    st6 = position(hand=[], route=["mannheim", "carlsruhe", "freiburg", "basel", "zuerich",
                                   "kempten", "ulm"], played=1)
    st6.carriages[0] = [3]
    assert not any(a.get("wagner") for a in st6.legal_actions(0) if a["type"] == "score")
    _score(st6, ["ulm"])
    assert st6.carriages[0] == [3, 4]
    # the Wagner only when no other official was called this turn
    st4 = position(hand=[], route=["ulm", "augsburg", "muenchen", "passau"], played=2)
    st4.official = "postillion"
    st4.carriages[0] = [3, 4, 5]
    assert not any(a.get("wagner") for a in st4.legal_actions(0) if a["type"] == "score")


def test_seven_carriage_ends_the_game_after_the_round():
    st = position(seats=3, seat=1, hand=[],
                  route=["ulm", "augsburg", "muenchen", "passau", "linz"], played=1)
    st.carriages[1] = [3, 4, 5, 6]
    _score(st, ["ulm"], wagner=True)
    assert st.carriages[1][-1] == 7 and st.end_trigger == 1
    assert ["end", 1] in st.bonus[1]
    assert st.current == 2 and not st.is_over()  # seat 2 still plays: equal turns
    while st.current == 2 and not st.is_over():
        st.apply(2, st.legal_actions(2)[0])
    assert st.is_over()
    res = st.result()
    assert res["breakdown"][1]["carriage"] == 10


def test_last_house_ends_the_game_and_start_player_closes_round():
    st = position(seats=2, seat=0, hand=[], route=["ulm", "augsburg", "muenchen"], played=1)
    st.houses[0] = [st.board.index[c] for c in ["basel", "zuerich", "innsbruck", "passau",
                                                  "pilsen", "lodz", "linz", "budweis",
                                                  "freiburg", "carlsruhe", "mannheim",
                                                  "stuttgart", "sigmaringen", "kempten",
                                                  "regensburg", "nuernberg", "wuerzburg",
                                                  "salzburg"]]
    st.houses_left[0] = 2
    scores = [a for a in st.legal_actions(0) if a["type"] == "score"]
    assert max(len(a["cities"]) for a in scores) == 2  # only 2 houses left
    _score(st, ["ulm", "augsburg"])
    assert st.houses_left[0] == 0 and st.end_trigger == 0
    assert not st.is_over() and st.current == 1  # seat 1 gets his last turn
    finish(st, lambda state: (state.current, state.legal_actions(state.current)[-1]))
    assert st.is_over()


def test_tie_break_holder_of_end_tile_then_next_in_turn_order():
    st = new_game("thurn_taxis", 4, seed=2)
    st.over = True
    st.houses_left = [0, 0, 0, 0]
    st.bonus = [[["all", 6]], [["len5", 2], ["end", 1], ["len6", 3]], [["all", 5]], [["len7", 4], ["len5", 1]]]
    # scores: 6, 6, 5, 5 -> seats 0 and 1 tie; seat 1 holds the end tile
    assert st.result()["scores"] == [6, 6, 5, 5]
    assert st.result()["winners"] == [1]
    st.bonus[1] = [["len5", 2], ["len6", 3]]
    st.bonus[2] = [["all", 4], ["end", 1]]
    # seats 0 and 1 tie on 6 (seat 2: 5); seat 2 holds the end tile: next after him is 3, then 0
    assert st.result()["winners"] == [0]


def test_bonus_stacks_run_out():
    st = position(hand=[], route=["basel", "freiburg", "carlsruhe", "mannheim", "stuttgart", "ulm"],
                  played=1)
    st.stacks["len6"] = []
    _score(st, ["basel", "freiburg", "stuttgart"])
    assert ["len5", 2] in st.bonus[0]  # the next lower length when the exact one is gone
    st2 = position(hand=[], route=["basel", "freiburg", "carlsruhe", "mannheim", "stuttgart"],
                   played=1)
    st2.stacks["len5"] = []
    _score(st2, ["basel", "freiburg", "stuttgart"])
    assert not any(k.startswith("len") for k, _ in st2.bonus[0])  # nothing lower than 5
    # 8 cards take from the 7 stack; a region tile once per player, top first
    st3 = position(hand=[], route=["mannheim", "carlsruhe", "freiburg", "basel", "zuerich",
                                   "kempten", "ulm", "stuttgart"], played=1)
    _score(st3, ["carlsruhe", "freiburg", "mannheim"])
    assert ["len7", 4] in st3.bonus[0] and ["region:baden", 3] in st3.bonus[0]
    assert st3.stacks["region:baden"] == [2, 1]
    st3.stacks["region:baden"] = []
    st4 = position(hand=[], route=["mannheim", "carlsruhe", "freiburg"], played=1)
    st4.stacks["region:baden"] = []
    _score(st4, ["carlsruhe", "freiburg", "mannheim"])
    assert not any(k == "region:baden" for k, _ in st4.bonus[0])  # empty stack: nothing


def test_region_tile_from_houses_of_several_routes():
    st = position(hand=[], route=["sigmaringen", "stuttgart", "ulm"], houses=["stuttgart"],
                  played=1)
    _score(st, ["sigmaringen"])  # Hohenzollern; Stuttgart was built earlier
    assert not any(k.startswith("region:") for k, _ in st.bonus[0])
    st = position(hand=[], route=["sigmaringen", "stuttgart", "ulm"], houses=["stuttgart"],
                  played=1)
    _score(st, ["ulm"])
    assert not any(k.startswith("region:") for k, _ in st.bonus[0])
    st2 = position(hand=[], route=["sigmaringen", "ulm", "augsburg"], houses=["stuttgart", "sigmaringen"],
                   played=1)
    _score(st2, ["ulm"])
    assert ["region:wuerttemberg_hohenzollern", 3] in st2.bonus[0]


ALL_BUT = ["mannheim", "stuttgart", "sigmaringen", "basel", "innsbruck", "salzburg", "pilsen"]


@pytest.mark.parametrize("rule,gets", [("every", False), ("except_big", True)])
def test_all_countries_rule(rule, gets):
    # houses in every country but Baiern and Polen; the route adds Lodz (Polen)
    st = position(options={"all_countries": rule}, hand=[], route=["lodz", "pilsen", "budweis"],
                  houses=ALL_BUT, played=1)
    _score(st, ["lodz"])
    assert any(k == "all" for k, _ in st.bonus[0]) == gets
    st = position(options={"all_countries": rule}, hand=[], route=["lodz", "pilsen", "regensburg"],
                  houses=ALL_BUT, played=1)
    _score(st, ["lodz", "regensburg"])
    assert ["all", 6] in st.bonus[0]


def test_keep_three_cards_after_scoring():
    st = position(hand=["basel", "zuerich", "lodz", "linz", "budweis"],
                  route=["ulm", "augsburg", "muenchen"], played=1)
    st.official = "postillion"
    _score(st, ["ulm", "augsburg"])
    assert st.phase() == "discard" and st.current == 0
    st.apply(0, {"type": "discard", "city": "lodz"})
    assert st.phase() == "discard"
    st.apply(0, {"type": "discard", "city": "linz"})
    assert st.current == 1 and len(st.hands[0]) == 3


def test_amtmann_and_postmeister():
    st = position(hand=["ulm"], drawn=0)
    old = list(st.display)
    assert {"type": "amtmann"} in st.legal_actions(0)
    st.apply(0, {"type": "amtmann"})
    assert all(c in st.discards for c in old) and st.official == "amtmann"
    assert st.phase() == "draw" and {"type": "amtmann"} not in st.legal_actions(0)
    st.apply(0, {"type": "deck"})
    assert st.phase() == "play"
    assert not {"take", "deck"} & {a["type"] for a in st.legal_actions(0)}  # one official per turn
    with pytest.raises(IllegalAction) as refused:
        st.apply(0, {"type": "deck"})
    assert refused.value.reason == {"k": "one_official"}


def test_postmeister_is_called_by_simply_drawing_a_second_card():
    # NL "De postmeester hoeft daarvoor niet expliciet gekozen te worden": after the
    # first card, a second draw is offered beside playing and is the Postmeister
    st = position(hand=["ulm"], drawn=0)
    st.apply(0, {"type": "deck"})
    legal = st.legal_actions(0)
    assert st.phase() == "play" and st.official is None
    assert {"type": "deck"} in legal and {"type": "take", "slot": 0} in legal
    assert any(a["type"] == "play" for a in legal)
    assert st.view(0)["prompt"]["k"] == "play_or_draw"
    st.apply(0, {"type": "take", "slot": 0})
    assert st.official == "postmeister" and len(st.hands[0]) == 3
    assert st.phase() == "play" and st.view(0)["prompt"]["k"] == "play"
    assert not {"take", "deck", "amtmann"} & {a["type"] for a in st.legal_actions(0)}
    # after a card is played the second draw is gone (the Postillion is another official)
    st = position(hand=["ulm", "augsburg"], drawn=0)
    st.apply(0, {"type": "deck"})
    play = next(a for a in st.legal_actions(0) if a["type"] == "play")
    st.apply(0, play)
    assert not {"take", "deck"} & {a["type"] for a in st.legal_actions(0)}


def test_saves_with_the_old_postmeister_step_still_load():
    """Before, the second draw was an explicit `postmeister` step followed by
    the draw; such a log replays to the same game."""
    game = new_game("thurn_taxis", 2, seed=8)
    while not game.second_draw_open():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, next((a for a in legal if a["type"] in ("play", "deck", "discard")), legal[-1]))
    seat = game.to_act()[0]
    save = json.loads(game.to_json())
    save["actions"] += [[seat, {"type": "postmeister"}], [seat, {"type": "deck"}]]
    loaded = saves.load(json.dumps(save))
    game.apply(seat, {"type": "deck"})
    assert loaded.official == game.official == "postmeister"
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.actions == game.actions


def test_deck_reshuffles_from_discards():
    st = position(hand=["ulm"], drawn=0)
    st.discards.extend(st.deck)
    st.deck = []
    n = len(st.discards)
    st.apply(0, {"type": "deck"})
    assert len(st.deck) == n - 1 and st.discards == []
    assert any(e["k"] == "reshuffle" for _, e in st.events)


def test_views_hide_hands_bonus_values_and_deck():
    st = position(hand=[], route=["basel", "freiburg", "carlsruhe", "mannheim", "stuttgart"],
                  played=1)
    _score(st, ["basel", "freiburg", "stuttgart"])
    mine, other, public = st.view(0), st.view(1), st.view(None)
    assert mine["players"][0]["bonus"] and mine["players"][0]["bonus_points"] == 2
    assert "bonus" not in other["players"][0] and other["players"][0]["bonus_count"] == 1
    assert "bonus" not in public["players"][0]
    assert any(e["k"] == "tile_own" for e in mine["log"])
    assert not any(e["k"] == "tile_own" for e in other["log"] + public["log"])
    assert other["hand"] is not None and public["hand"] is None
    assert "deck" in public and isinstance(public["deck"], int)
    assert public["scores"] is None


def test_drawing_from_the_deck_cannot_be_undone():
    st = position(hand=["ulm"], drawn=0)
    st.apply(0, {"type": "deck"})
    assert not st.can_undo(0)


def test_abandon_option():
    st = position(hand=["innsbruck"], route=["muenchen", "salzburg", "linz"])
    assert {"type": "abandon"} in st.legal_actions(0)  # "kann oder will" (HiG rules)
    st = position(options={"abandon": "forced"}, hand=["innsbruck"],
                  route=["muenchen", "salzburg", "linz"])
    assert {"type": "abandon"} not in st.legal_actions(0)
    st = position(options={"abandon": "forced"}, hand=["lodz"],
                  route=["muenchen", "salzburg", "linz"])
    assert {"type": "abandon"} in st.legal_actions(0) and not plays(st)


def test_refusals_say_why():
    st = position(hand=["innsbruck", "kempten"], route=["muenchen", "salzburg", "linz"])
    with pytest.raises(IllegalAction) as err:
        st.apply(0, {"type": "play", "city": "kempten", "end": "tail"})
    assert err.value.reason == {"k": "no_road"}
    with pytest.raises(IllegalAction) as err:
        st.apply(0, {"type": "play", "city": "ulm", "end": "tail"})
    assert err.value.reason == {"k": "not_in_hand"}


def test_fewer_houses_option():
    route = ["kempten", "innsbruck", "muenchen", "salzburg", "linz"]
    st = position(hand=[], route=route, houses=["kempten"], played=1)
    plain = {tuple(a["cities"]) for a in st.legal_actions(0) if a["type"] == "score"}
    st = position(options={"fewer_houses": True}, hand=[], route=route, houses=["kempten"],
                  played=1)
    more = {tuple(a["cities"]) for a in st.legal_actions(0) if a["type"] == "score"}
    assert plain < more
    assert ("innsbruck", "salzburg") in more and ("innsbruck", "salzburg") not in plain
    assert ("linz", "salzburg") in more and ("innsbruck", "linz", "salzburg") not in more


def test_a_route_on_own_houses_only_scores_without_building():
    """Every city of the route already holds one of the player's houses: the route
    still scores (carriage, tiles) with no house, and the log says so in words."""
    st = position(hand=[], route=["muenchen", "salzburg", "linz"], houses=["muenchen", "salzburg", "linz"],
                  played=1)
    assert {"type": "score", "cities": []} in st.legal_actions(0)
    left = st.houses_left[0]
    _score(st, [])
    assert st.houses_left[0] == left and st.carriages[0] == [3]
    entry = next(e for e in st.view(1)["log"] if e.get("k", "").startswith("score"))
    assert entry["k"] == "score_no_houses" and entry["route"] == ["muenchen", "salzburg", "linz"]
