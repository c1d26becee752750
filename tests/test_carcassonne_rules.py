"""Carcassonne - Het Rad van Fortuin: the rulebook's worked examples, rebuilt.

Positions are built directly (tests/carcassonne_helpers.py checks that every
touching edge matches); colours follow the rulebook's pictures.
"""

from engine.carcassonne.core import SEG_CROWNS, SEGMENTS, Game
from engine.rng import Rng

from .carcassonne_helpers import BLACK, BLUE, GREEN, OX, OY, RED, YELLOW, empty, feat, put, scored


# ------------------------------------------------------------- during play
def test_road_of_four_between_two_junctions():
    g = empty(2)
    put(g, "L", 0, 0)
    put(g, "U", 1, 0, 0, RED, "road")
    put(g, "U", 2, 0)
    assert g.scores == [0, 0]
    put(g, "W", 3, 0)
    assert g.scores[RED] == 4 and g.breakdown[RED]["roads"] == 4
    assert g.supply[RED] == 7 and not g.followers


def test_road_of_three_from_a_monastery_to_a_crossroads():
    g = empty(2)
    put(g, "A", 0, 0, 0, RED, "road")
    put(g, "U", 0, 1, 90)
    put(g, "X", 0, 2)
    assert g.scores[RED] == 3
    e = scored(g, "score_road")[0]
    # which road: the part of each tile (its feature index) on the board
    at = [[OX, OY, feat("A", "road")], [OX, OY + 1, feat("U", "road")], [OX, OY + 2, feat("X", "road", "N")]]
    assert e == {"k": "score_road", "seat": RED, "points": 3, "shared": False, "tiles": 3,
                 "turn": 0, "at": at}


def test_city_of_three_parts_and_a_coat_scores_8():
    g = empty(2)
    put(g, "E", 0, 0, 90, RED, "city")
    put(g, "F", 1, 0)
    put(g, "E", 2, 0, 270)
    assert g.scores[RED] == 8
    e = scored(g, "score_city")[0]
    assert (e["tiles"], e["coats"], e["points"]) == (3, 1, 8)


def test_city_of_four_parts_scores_8():
    g = empty(2)
    put(g, "N", 0, 0, 180, RED, "city")
    put(g, "N", 1, 0, 270)
    put(g, "N", 0, 1, 90)
    assert g.scores[RED] == 0
    put(g, "N", 1, 1, 0)
    assert g.scores[RED] == 8


def test_shared_city_both_score_10():
    g = empty(2)
    put(g, "E", 0, 0, 90, RED, "city")
    put(g, "F", 1, 0)
    put(g, "E", 3, 0, 270, BLUE, "city")
    put(g, "G", 2, 0)
    assert g.scores[RED] == 10 and g.scores[BLUE] == 10
    assert [e["shared"] for e in scored(g, "score_city")] == [True, True]
    assert [(e["seats"], e["followers"], e["kind"]) for e in scored(g, "tie")] == [
        ([BLUE, RED], 1, "city")]
    assert g.supply == [7, 7]


def test_majority_takes_all():
    g = empty(3)
    put(g, "E", 0, 0, 90, RED, "city")
    put(g, "G", 2, 0, 0, RED, "city")         # a separate city part, still free
    put(g, "E", 4, 0, 270, BLUE, "city")
    put(g, "G", 1, 0)                         # joins Red's two parts
    assert not scored(g, "score_city")
    put(g, "G", 3, 0)                         # closes the city of 5 tiles
    assert g.scores[RED] == 10 and g.scores[BLUE] == 0
    assert [(e["seat"], e["shared"]) for e in scored(g, "score_city")] == [(RED, False)]
    assert not scored(g, "tie")
    assert g.supply == [7, 7, 7]


def test_monastery_scores_9_when_surrounded():
    g = empty(2)
    put(g, "B", 1, 1, 0, RED, "monastery")
    ring = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)]
    for x, y in ring:
        put(g, "B", x, y)
    assert g.scores[RED] == 0
    put(g, "B", 2, 2)
    assert g.scores[RED] == 9 and g.supply[RED] == 7


def test_place_score_and_take_back_in_one_turn():
    g = empty(2)
    put(g, "E", 0, 0, 90)
    g.current, g.drawn, g.phase = RED, "E", "place"
    g.placements = [p for p in g.legal_placements("E") if p == (21, 20, 270)]
    assert g.legal() == [{"type": "place", "x": 21, "y": 20, "rot": 270}]
    g.apply(g.legal()[0], Rng(1))
    assert {"type": "follower", "feature": feat("E", "city")} in g.legal()
    g.apply({"type": "follower", "feature": feat("E", "city")}, Rng(1))
    assert g.scores[RED] == 4 and g.supply[RED] == 7
    assert g.phase == "over"  # the bag was empty


def turn(g, seat, tile_id, x, y, rot):
    """Play one real turn up to the follower step: returns the legal follower choices."""
    g.current, g.drawn, g.phase = seat, tile_id, "place"
    g.placements = [p for p in g.legal_placements(tile_id) if p == (x + OX, y + OY, rot)]
    assert g.placements, (tile_id, x, y, rot)
    g.apply({"type": "place", "x": x + OX, "y": y + OY, "rot": rot}, Rng(1))
    return g.legal()


def test_place_score_and_take_back_a_road_of_3_in_one_turn():
    g = empty(2)
    put(g, "A", 0, 0)                          # monastery, road leaves south
    put(g, "U", 0, 1, 90)
    legal = turn(g, RED, "X", 0, 2, 0)         # the crossroads closes the road
    robber = {"type": "follower", "feature": feat("X", "road", "N")}
    assert robber in legal
    g.apply(robber, Rng(1))
    assert g.scores[RED] == 3 and g.supply[RED] == 7 and not g.followers
    assert scored(g, "score_road")[0]["tiles"] == 3


def test_farmers_in_fields_that_are_joined_later():
    """Beurt 1-3 of the rulebook: two farmers on fields not yet connected, then
    a tile joins them; its own field is taken, so no farmer there."""
    g = empty(3)
    g.bag = ["B"] * 3                          # the game goes on between the turns
    put(g, "U", 0, 0, 90)                      # road N-S splits west and east field
    legal = turn(g, BLUE, "B", -1, 0, 0)
    g.apply({"type": "follower", "feature": feat("B", "field")}, Rng(1))
    legal = turn(g, RED, "B", 1, 0, 0)
    farmer = {"type": "follower", "feature": feat("B", "field")}
    assert farmer in legal                     # the road keeps the fields apart
    g.apply(farmer, Rng(1))
    legal = turn(g, YELLOW, "A", 0, -1, 0)     # its field runs round the road's end
    offered = {a["feature"] for a in legal if a["type"] == "follower"}
    assert feat("A", "field") not in offered
    assert offered == {feat("A", "monastery"), feat("A", "road")}
    farmers = [f for f in g.followers.values() if f[1] == 2]
    assert len(farmers) == 2 and g.find(farmers[0][2]) == g.find(farmers[1][2])
    assert g.phase == "follower" and not scored(g, "final")


def test_no_follower_on_a_feature_that_already_has_one():
    g = empty(2)
    put(g, "E", 0, 0, 90, BLUE, "city")
    g.current, g.drawn, g.phase = RED, "F", "place"
    g.placements = g.legal_placements("F")
    g.apply({"type": "place", "x": 21, "y": 20, "rot": 0}, Rng(1))
    kinds = {a["feature"] for a in g.legal() if a["type"] == "follower"}
    assert feat("F", "city") not in kinds
    assert {feat("F", "field", "NL"), feat("F", "field", "SL")} <= kinds
    assert not any(a["type"] == "crown" for a in g.legal())  # classic: no wheel


# -------------------------------------------------------------- game end
def test_unfinished_road_scores_3():
    g = empty(2)
    for x in range(3):
        put(g, "U", x, 0, 0, RED if x == 1 else None, "road")
    g.finish_game()
    assert g.scores[RED] == 3
    assert scored(g, "end_road")[0]["tiles"] == 3


def test_unfinished_monastery_with_four_neighbours_scores_5():
    g = empty(5)
    put(g, "B", 1, 1, 0, YELLOW, "monastery")
    for x, y in [(0, 1), (1, 0), (2, 1), (2, 2)]:
        put(g, "B", x, y)
    g.finish_game()
    assert g.scores[YELLOW] == 5


def test_unfinished_cities_3_and_8_and_nothing_for_the_minority():
    g = empty(5)
    put(g, "E", 0, 0, 90, BLUE, "city")
    put(g, "F", 1, 0)                          # 2 tiles + 1 coat, open east
    put(g, "E", 0, 3, 90, GREEN, "city")
    put(g, "G", 2, 3, 0, GREEN, "city")       # three separate parts, each free
    put(g, "F", 4, 3, 0, BLACK, "city")
    put(g, "F", 1, 3)                          # joins Green's parts
    put(g, "G", 3, 3)                          # joins Black's
    put(g, "G", 5, 3)                          # 6 tiles + 2 coats, open east
    g.finish_game()
    assert g.scores[BLUE] == 3
    assert g.scores[GREEN] == 8
    assert g.scores[BLACK] == 0
    ends = sorted((e["seat"], e["points"], e["tiles"], e["coats"]) for e in scored(g, "end_city"))
    assert ends == [(BLUE, 3, 2, 1), (GREEN, 8, 6, 2)]


def _two_cities_a_b(g):
    """City A: (0,0)+(0,1); city B: (0,-1)+(0,-2); fields as in the rulebook."""
    put(g, "E", 0, 0, 180)      # city S, field N/E/W
    put(g, "E", 0, 1, 0)        # city N -> city A done; field E/S/W
    put(g, "E", 0, -1, 0)       # city N, field joins (0,0)'s field
    put(g, "E", 0, -2, 180)     # closes city B


def test_farms_6_and_3_unfinished_city_gives_nothing():
    g = empty(2)
    _two_cities_a_b(g)
    put(g, "E", 0, 2, 180)      # unfinished city touching the lower field
    f = g.placed
    g.put_follower(BLUE, f[1][4] + feat("E", "field"), 2, 1, feat("E", "field"))
    g.put_follower(RED, f[2][4] + feat("E", "field"), 2, 2, feat("E", "field"))
    g.finish_game()
    assert g.scores == [6, 3]
    farms = scored(g, "farm")
    assert sorted((e["seat"], e["points"], e["cities"]) for e in farms) == [(BLUE, 6, 2), (RED, 3, 1)]


def _farmers_around_two_cities(farmers):
    """Three players; cities A and B, then a B tile (monastery) on each side of
    (0,0).  `farmers`: (seat, index of the placed tile) whose field gets a farmer
    (1-4 are the city tiles, 5-6 the monastery tiles).  Ends the game."""
    g = empty(3)
    _two_cities_a_b(g)
    put(g, "B", 1, 0)
    put(g, "B", -1, 0)
    p = g.placed
    for seat, i in farmers:
        fld = feat("B" if i >= 5 else "E", "field")
        g.put_follower(seat, p[i][4] + fld, 2, i, fld)
    g.finish_game()
    return g


def test_farms_tied_majority_6_6_and_3():
    g = _farmers_around_two_cities([(RED, 1), (RED, 5), (YELLOW, 6), (YELLOW, 3), (BLUE, 2)])
    assert g.scores[RED] == 6 and g.scores[YELLOW] == 6 and g.scores[BLUE] == 3
    ties = scored(g, "tie")
    assert [(e["seats"], e["followers"], e["kind"]) for e in ties] == [([RED, YELLOW], 2, "field")]


def test_farms_majority_6_and_3_minority_nothing():
    g = _farmers_around_two_cities([(RED, 1), (RED, 5), (YELLOW, 6), (BLUE, 2)])
    assert g.scores[RED] == 6 and g.scores[YELLOW] == 0 and g.scores[BLUE] == 3
    assert not scored(g, "tie")


def test_farm_with_three_finished_cities_scores_9():
    g = empty(2)
    _two_cities_a_b(g)
    put(g, "E", 1, -1, 90, BLUE, "field")      # city C; its field joins the middle field
    put(g, "E", 2, -1, 270)                    # closes city C
    g.finish_game()
    assert g.scores[BLUE] == 9
    assert [(e["points"], e["cities"]) for e in scored(g, "farm")] == [(9, 3)]


def test_farm_example_fields_1_to_3():
    g = empty(4)
    for x in range(3):
        put(g, "H", x, 0)          # caps N and S, field 2 runs E-W
    put(g, "E", 0, -1, 180)        # city A
    put(g, "E", 1, -1, 180)        # city B; field 1 = fields of these two
    put(g, "E", 0, 1, 0)           # city C; its field starts field 3
    put(g, "H", 0, 2, 90)          # caps E and W
    put(g, "E", -1, 2, 90)         # closes the west cap
    put(g, "E", 1, 2, 270)         # closes the east cap
    put(g, "E", 0, 3, 90)          # cap E, field joins field 3
    put(g, "E", 1, 3, 270)         # closes it: 4 cities touch field 3
    p = g.placed
    hf, ef = feat("H", "field"), feat("E", "field")

    def farmer(seat, i, f):
        g.put_follower(seat, p[i][4] + f, 2, i, f)

    farmer(BLUE, 4, ef)    # field 1
    farmer(RED, 1, hf)     # field 2
    farmer(BLUE, 3, hf)    # field 2
    farmer(YELLOW, 6, ef)  # field 3
    farmer(YELLOW, 7, hf)  # field 3
    farmer(BLACK, 10, ef)  # field 3
    g.finish_game()
    assert g.scores == [6 + 9, 9, 12, 0]
    by_field = sorted((e["cities"], e["seat"], e["points"]) for e in scored(g, "farm"))
    assert by_field == [(2, BLUE, 6), (3, BLUE, 9), (3, RED, 9), (4, YELLOW, 12)]


def test_farmers_stay_during_play():
    g = empty(2)
    put(g, "E", 0, 0, 180, RED, "field")
    put(g, "E", 0, 1, 0)
    assert g.supply[RED] == 6 and len(g.followers) == 1


# ------------------------------------------------------------------ wheel
def wof(seats=2, options=None):
    g = Game(seats, options or {}, log=True)
    return g


def test_wheel_land_counts_like_tiles():
    g = wof()
    # road_top leaves the wheel at the top of column 2: board (2,-1) is above it
    g.last = g.add_tile("X", 2, -1, 0)
    i = feat("X", "road", "S")
    g.put_follower(RED, g.placed[g.last][4] + i, 1, g.last, i)
    g.score_after_placing()
    assert g.scores[RED] == 2  # the wheel square and the crossroads


def test_monastery_beside_the_wheel_option():
    for mode, pts in [("cell", 4), ("board", 2)]:
        g = wof(options={"wheel_tiles": mode})
        assert 0 in g.fits("B", 4, 1)
        g.last = g.add_tile("B", 4, 1, 0)
        g.put_follower(RED, g.placed[g.last][4], 3, g.last, 0)
        g.finish_game()
        assert g.scores[RED] == pts, mode


def test_belasting_example_blue_8_red_3():
    g = wof(2)
    put(g, "E", 0, 0, 90, BLUE, "city")
    put(g, "F", 2, 0, 0, BLUE, "city")        # separate parts, each free
    put(g, "F", 4, 0, 0, RED, "city")
    put(g, "G", 1, 0)
    put(g, "G", 3, 0)                          # one open city: 2 coats, 2 blue, 1 red
    g.pig = 0
    g.move_pig(1)
    assert SEGMENTS[g.pig] == "belasting"
    assert g.scores == [8, 3] and g.breakdown[BLUE]["wheel"] == 8
    detail = [(e["seat"], e["knights"], e["coats"], e["points"]) for e in scored(g, "belasting_city")]
    assert sorted(detail) == [(BLUE, 2, 2, 8), (RED, 1, 2, 3)]
    assert scored(g, "belasting") == []  # one city each: its own line says it all (no total, no +0)


def test_fortuna_gives_the_active_player_3():
    g = wof(3)
    g.current = 2
    g.pig = 4
    g.move_pig(2)
    assert SEGMENTS[g.pig] == "fortuna" and g.scores == [0, 0, 3]


def test_hongersnood_every_farmer_scores_per_finished_city():
    g = wof(2)
    put(g, "E", 0, 0, 180, BLUE, "field")
    put(g, "E", 0, 1, 0)           # city A finished
    put(g, "E", 0, -1, 0)          # city B, not finished
    put(g, "B", 2, 0, 0, BLUE, "field")   # separate fields, each free
    put(g, "B", -2, 0, 0, RED, "field")
    put(g, "B", 1, 0)
    put(g, "B", -1, 0)             # one field: 2 blue farmers, 1 red, 1 finished city
    g.pig = 1
    g.move_pig(1)
    assert SEGMENTS[g.pig] == "hongersnood"
    assert g.scores == [2, 1]
    detail = [(e["seat"], e["farmers"], e["cities"], e["points"]) for e in scored(g, "hongersnood_field")]
    assert sorted(detail) == [(BLUE, 2, 1, 2), (RED, 1, 1, 1)]


def test_onweer_counts_the_supply():
    g = wof(3)
    put(g, "B", 0, 0, 0, BLUE, "monastery")
    put(g, "B", 1, 0, 0, BLUE, "monastery")
    g.put_crown(RED, SEG_CROWNS[0][0])
    g.pig = 2
    g.move_pig(1)
    assert g.scores == [5, 6, 7]


def test_storm_counts_before_its_own_crowns_return():
    g = wof(2)
    g.put_crown(BLUE, SEG_CROWNS[3][0])
    g.pig = 0
    g.move_pig(3)
    assert g.scores[BLUE] == 6      # supply 6 at the event
    g.score_crowns(g.pig)
    assert g.scores[BLUE] == 12 and g.supply[BLUE] == 7  # alone on two crowns: 6


def test_inquisitie_2_per_monk():
    g = wof(2)
    put(g, "B", 0, 0, 0, RED, "monastery")
    put(g, "A", 2, 0, 0, RED, "monastery")
    put(g, "A", 4, 0, 0, BLUE, "road")
    g.pig = 3
    g.move_pig(1)
    assert g.scores == [0, 4]


def test_crowns_3_alone_on_one_crown_6_alone_on_two_3_each_when_both():
    g = wof(3)
    g.put_crown(BLUE, SEG_CROWNS[0][0])
    g.score_crowns(0)
    assert g.scores[BLUE] == 3
    g.put_crown(RED, SEG_CROWNS[1][1])
    g.score_crowns(1)
    assert g.scores[RED] == 6
    g.put_crown(YELLOW, SEG_CROWNS[5][0])
    g.put_crown(YELLOW, SEG_CROWNS[5][1])
    g.put_crown(BLUE, SEG_CROWNS[3][0])
    g.put_crown(RED, SEG_CROWNS[3][1])
    g.score_crowns(5)
    assert g.scores[YELLOW] == 6 and g.supply[YELLOW] == 7
    g.score_crowns(3)
    assert g.scores[BLUE] == 6 and g.scores[RED] == 9
    assert all(c is None for c in g.crowns) and g.supply == [7, 7, 7]


def test_only_the_landing_segment_scores_its_crowns():
    g = wof(2)
    for k in SEG_CROWNS[1] + SEG_CROWNS[2]:
        g.put_crown(BLUE, k)
    g.bag = ["U-p2"]
    g.start_turn(Rng(3))
    assert SEGMENTS[g.pig] == "hongersnood"
    assert g.breakdown[BLUE]["crowns"] == 3
    assert sum(c is not None for c in g.crowns) == 2
    assert g.phase == "place" and g.drawn == "U-p2"


def test_pest_each_player_chooses_one_land_follower_active_first():
    g = wof(3)
    put(g, "B", 0, 0, 0, RED, "monastery")
    put(g, "B", 2, 0, 0, RED, "field")
    put(g, "B", 4, 0, 0, BLUE, "monastery")
    g.put_crown(YELLOW, SEG_CROWNS[0][0])
    g.put_crown(RED, SEG_CROWNS[5][0])
    g.current = RED
    g.bag = ["U-p1"]
    g.pig = 4
    g.start_turn(Rng(5))
    assert g.phase == "pest" and g.to_act() == [RED]
    legal = g.legal()
    assert len(legal) == 2 and all(a["type"] == "pest" for a in legal)
    crown_fid = g.crowns[SEG_CROWNS[5][0]]
    assert {"type": "pest", "follower": crown_fid} not in legal
    g.apply(legal[1], Rng(5))
    # Yellow (only a crown) is skipped, Blue's single monk goes without asking
    assert g.supply == [7, 6, 6]
    # then the Pest crowns score: Red alone on a two-crown segment
    assert g.breakdown[RED]["crowns"] == 6 and g.phase == "place"
    assert [(e["k"], e["seat"]) for e in g.log if e["k"].startswith("pest")] == [
        ("pest", RED), ("pest_none", YELLOW), ("pest", BLUE)]


def test_crown_follower_may_go_back_on_a_crown_the_same_turn():
    g = wof(2)
    g.put_crown(BLUE, SEG_CROWNS[0][0])
    g.bag = ["U-p3"]
    g.pig = 3
    g.current = BLUE
    g.start_turn(Rng(2))
    assert g.supply[BLUE] == 7 and g.breakdown[BLUE]["crowns"] == 3
    g.apply(g.legal()[0], Rng(2))
    assert {"type": "crown", "crown": SEG_CROWNS[0][0]} in g.legal()


def test_crown_only_when_no_follower_on_the_tile_and_not_when_taken():
    g = wof(2)
    g.put_crown(RED, SEG_CROWNS[2][0])
    g.bag = ["U"]
    g.start_turn(Rng(1))
    g.apply(g.legal()[0], Rng(1))
    crowns = [a["crown"] for a in g.legal() if a["type"] == "crown"]
    assert SEG_CROWNS[2][0] not in crowns and len(crowns) == 8
    g.apply({"type": "crown", "crown": crowns[0]}, Rng(1))
    assert g.supply[BLUE] == 6 and g.crowns[crowns[0]] is not None
    assert not any(f[2] >= 0 for f in g.followers.values())  # nothing on the land


def test_unplaceable_tile_is_set_aside_pig_option():
    for on_discard, seg in [(False, "fortuna"), (True, "belasting")]:
        g = wof(2, {"pig_on_discard": on_discard})
        g.frontier = set()   # nothing fits anywhere
        g.bag = ["U-p1"]
        g.start_turn(Rng(1))
        assert SEGMENTS[g.pig] == seg and g.discarded == ["U-p1"] and g.phase == "over"
