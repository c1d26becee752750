"""Thurn und Taxis, northern map (a reconstruction) and the horses option."""

from engine.play import finish
from engine import new_game

from .tt_helpers import city_card, position, take_cards

NORTH = {"map": "north"}
HORSES = {"map": "north", "horses": True}


def scores(st):
    return [sorted(a["cities"]) for a in st.legal_actions(st.current) if a["type"] == "score"]


def test_north_map_data():
    st = new_game("thurn_taxis", 2, NORTH, seed=1)
    b = st.board
    assert b.n == 23 and len(st.deck) + 6 == 69
    assert sorted(b.cities[c] for c in b.free_cities) == ["bremen", "frankfurt", "hamburg", "luebeck"]
    prussia = b.country_cities["preussen"]
    assert len(prussia) == 7
    # two parts: not connected inside Preußen
    seen, todo = set(), [prussia[0]]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += [n for n in b.adj[c] if n in prussia]
    assert seen != set(prussia)
    for rid, cities, _ in b.regions:
        if rid != "preussen":
            sizes = sorted(len(b.country_cities[k]) for k in rid.split("_"))
            assert sizes == [1, 2]
    assert b.data["reconstruction"] is True
    # every city reachable
    seen, todo = set(), [0]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo += list(b.adj[c])
    assert len(seen) == 23


def test_at_most_one_free_city_per_route():
    st = position(options=NORTH, hand=[], route=["hamburg", "bremen", "hannover"], played=1)
    got = scores(st)
    assert ["bremen", "hannover"] in got and ["hamburg", "hannover"] in got
    assert not any("bremen" in p and "hamburg" in p for p in got)
    assert ["hannover"] in got  # every route city of one country
    assert ["bremen"] not in got  # a free city is no country
    st = position(options=dict(NORTH, free_city_with_country=True), hand=[],
                  route=["hamburg", "bremen", "hannover"], played=1)
    got = scores(st)
    assert ["bremen", "hannover"] in got and ["hannover"] in got
    assert not any("bremen" in p and "hamburg" in p for p in got)


def test_free_city_tile_to_the_first_builder():
    st = position(options=NORTH, hand=[], route=["hamburg", "bremen", "hannover"], played=1)
    st.apply(0, {"type": "score", "cities": ["hamburg", "hannover"]})
    assert ["free:hamburg", 1] in st.bonus[0]
    assert st.stacks["free:hamburg"] == []
    st.current = 1
    st._new_turn_state()
    st.must_two = False
    st.official = None
    st.drawn, st.played = 1, 1
    b = st.board
    st.routes[1] = [city_card(st, "luebeck", 0), city_card(st, "hamburg", 0),
                    city_card(st, "hannover", 0)]
    for c in st.routes[1]:
        if c in st.deck:
            st.deck.remove(c)
        elif c in st.discards:
            st.discards.remove(c)
        elif c in st.display:
            st.display[st.display.index(c)] = None
        else:
            for h in st.hands:
                if c in h:
                    h.remove(c)
    st._refill()
    st.apply(1, {"type": "score", "cities": ["hamburg", "hannover"]})
    assert b.index["hamburg"] in st.houses[1]
    assert not any(k == "free:hamburg" for k, _ in st.bonus[1])


def test_preussen_needs_all_seven_cities():
    six = ["coelln", "muenster", "minden", "magdeburg", "stettin", "halle"]
    st = position(options=NORTH, hand=[], route=["hamburg", "berlin", "leipzig"],
                  houses=six[:-1], played=1)
    st.apply(0, {"type": "score", "cities": ["berlin", "hamburg", "leipzig"]})
    assert not any(k == "region:preussen" for k, _ in st.bonus[0])
    st = position(options=NORTH, hand=[], route=["hamburg", "berlin", "leipzig"],
                  houses=six, played=1)
    st.apply(0, {"type": "score", "cities": ["berlin", "hamburg", "leipzig"]})
    assert ["region:preussen", 5] in st.bonus[0]


def test_all_countries_ignores_free_cities():
    houses = ["coelln", "leipzig", "weimar", "hannover", "braunschweig", "amsterdam",
              "bruessel", "cassel"]  # every country but Franken
    st = position(options=NORTH, hand=[], route=["frankfurt", "marburg", "cassel"],
                  houses=houses, played=1)
    st.apply(0, {"type": "score", "cities": ["frankfurt", "marburg"]})
    assert not any(k == "all" for k, _ in st.bonus[0])
    st = position(options=NORTH, hand=[], route=["frankfurt", "wuerzburg", "cassel"],
                  houses=houses, played=1)
    st.apply(0, {"type": "score", "cities": ["frankfurt", "wuerzburg"]})
    assert ["all", 6] in st.bonus[0]


def test_route_of_eight_takes_the_eight_stack():
    route = ["amsterdam", "muenster", "minden", "hannover", "goettingen", "cassel", "marburg",
             "frankfurt"]
    st = position(options=NORTH, hand=[], route=route, played=1)
    st.apply(0, {"type": "score", "cities": sorted(["amsterdam", "muenster", "hannover", "cassel", "frankfurt"])})
    assert ["len8", 5] in st.bonus[0]


def test_horses_play_and_scoring_needs_enough_horses():
    st = position(options=HORSES, hand=["berlin", "stettin"], route=["hamburg", "hannover", "braunschweig"])
    legal = st.legal_actions(0)
    assert {"type": "horse", "city": "berlin", "h": 1} in legal
    assert not any(a["type"] == "score" for a in legal)  # nothing before the compulsory card
    # 3 cards need 3 horses: the carriage has 2
    st.apply(0, {"type": "horse", "city": "berlin", "h": 1})
    assert st.horse_power(0) == 3
    legal = st.legal_actions(0)
    assert any(a["type"] == "score" for a in legal)
    assert not any(a.get("wagner") for a in legal)
    st.apply(0, {"type": "score", "cities": ["braunschweig", "hamburg", "hannover"]})
    assert st.carriages[0] == [] and st.horse_cards[0] == []  # no carriages; horses discarded
    assert city_card(st, "berlin", 0) in st.discards


def test_horses_the_rules_example_eight_cards():
    # "een route van 5 steden ... twee kaarten met telkens 3 paarden, zodat hij nu zelfs een
    # route van 8 kaarten kan scoren (3+3+2 paarden)"
    route = ["amsterdam", "muenster", "minden", "hannover", "goettingen", "cassel", "marburg",
             "frankfurt"]
    for extra, fits in ((3, True), (2, False)):
        st = position(options=HORSES, hand=[], route=route, played=1)
        cards = [city_card(st, "weimar", 2), city_card(st, "dresden", extra - 1)]
        take_cards(st, cards)
        st.horse_cards[0] = cards
        assert st.horse_power(0) == 2 + 3 + extra
        assert any(a["type"] == "score" for a in st.legal_actions(0)) == fits


def test_horses_postillion_combines_route_and_carriage():
    # "Kies je de hulp van de postiljon, dan kun je beide acties ook combineren"
    st = position(options=HORSES, hand=["berlin", "stettin"],
                  route=["hamburg", "hannover", "braunschweig"])
    st.apply(0, {"type": "play", "city": "berlin", "end": "head", "h": 1})
    assert not any(a["type"] == "score" for a in st.legal_actions(0))  # 4 cards, 2 horses
    assert {"type": "horse", "city": "stettin", "h": 2} in st.legal_actions(0)
    st.apply(0, {"type": "horse", "city": "stettin", "h": 2})
    assert st.official == "postillion" and st.horse_power(0) == 4
    legal = st.legal_actions(0)
    assert any(a["type"] == "score" for a in legal)
    assert not any(a["type"] in ("play", "horse") for a in legal)  # one official per turn


def test_lobby_says_the_northern_map_is_a_reconstruction():
    from engine.thurn_taxis.spec import SPEC
    words = {"nl": "reconstructie", "en": "reconstruction", "de": "Rekonstruktion"}
    opt = SPEC.option("map")
    for lang, word in words.items():
        assert word in opt.value_names["north"][lang]
        assert word in opt.value_help["north"][lang]  # said with the northern map only, once
        assert word not in opt.value_names["south"][lang]
        assert word not in str(SPEC.notes.get(lang, ""))
    assert "south" not in opt.value_help


def test_horses_too_few_and_at_most_six_cards():
    st = position(options=HORSES, hand=["berlin"], route=["hamburg", "hannover", "braunschweig",
                                                          "magdeburg"], played=0)
    st.horse_cards[0] = [city_card(st, "weimar", 0)]  # 1 horseshoe: 3 horses < 4 cards
    st.deck.remove(st.horse_cards[0][0]) if st.horse_cards[0][0] in st.deck else None
    st.apply(0, {"type": "play", "city": "berlin", "end": "tail", "h": 1})
    assert not any(a["type"] == "score" for a in st.legal_actions(0))
    st2 = position(options=HORSES, hand=["berlin", "stettin"], route=["hamburg"])
    st2.horse_cards[0] = [city_card(st2, c, 0) for c in ["weimar", "dresden", "halle", "cassel",
                                                          "marburg", "minden"]]
    for c in st2.horse_cards[0]:
        if c in st2.deck:
            st2.deck.remove(c)
        elif c in st2.display:
            st2.display[st2.display.index(c)] = None
    assert not any(a["type"] == "horse" for a in st2.legal_actions(0))


def test_horses_only_on_the_northern_map():
    st = position(options={"horses": True}, hand=["ulm"], route=[])
    assert not st.horses_mode
    assert not any(a["type"] == "horse" for a in st.legal_actions(0))


def test_horses_game_end_by_houses_only():
    st = position(options=HORSES, hand=[], route=["hamburg", "hannover", "braunschweig"], played=1)
    st.horse_cards[0] = [city_card(st, "weimar", 2)]
    if st.horse_cards[0][0] in st.deck:
        st.deck.remove(st.horse_cards[0][0])
    elif st.horse_cards[0][0] in st.display:
        st.display[st.display.index(st.horse_cards[0][0])] = None
    st.houses_left[0] = 2
    st.houses[0] = [st.board.index[c] for c in ["coelln", "muenster", "minden", "magdeburg",
                                                "stettin", "halle", "berlin", "leipzig",
                                                "dresden", "weimar", "goettingen", "amsterdam",
                                                "bruessel", "luettich", "cassel", "marburg",
                                                "wuerzburg", "frankfurt"]]
    st.apply(0, {"type": "score", "cities": ["braunschweig", "hamburg"]})
    assert st.end_trigger == 0 and st.houses_left[0] == 0
    finish(st, lambda state: (state.current, state.legal_actions(state.current)[-1]))
    res = st.result()
    assert all(d["carriage"] == 0 for d in res["breakdown"])
