"""Scenario tests for De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg:
setup, passing and trading, claims and variants (struggles and the rules
audit have files of their own).

Positions are built directly (hands, associations, occupations), then the
rulebook's steps are played as scripted actions."""

from collections import Counter

import pytest

from engine import IllegalAction, new_game
from engine.kutschfahrt import cards as C

from .kutschfahrt_helpers import check_invariants, claim_pos, fight_setup, log, make, OCC4, passes_until


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("n", range(3, 11))
def test_setup_by_player_count(n):
    st = new_game("kutschfahrt", n, seed=n)
    setup = {3: (2, 2, 8), 4: (2, 2, 6), 5: (3, 3, 5), 6: (3, 3, 5), 7: (4, 4, 5),
             8: (4, 4, 5), 9: (5, 5, 5), 10: (5, 5, 5)}[n]
    assert st.limit == setup[2]
    c = Counter(st.assoc)
    assert c["order"] <= setup[0] and c["brotherhood"] <= setup[1] and sum(c.values()) == n
    assert st.drink == (n % 2 == 1)
    each = 2 if n == 3 else 1
    assert all(len(h) == each for h in st.hands)
    dealt = [k for h in st.hands for k in h]
    assert "bag_key" in dealt and "bag_goblet" in dealt
    assert all(C.OBJECTS[k]["seal"] for k in dealt)
    assert len(st.occ) == n and len(st.occ_pile) == 10 - n and not any(st.occ_up)
    pool = Counter(st.total_objects)
    assert ("black_pearl" in pool) == (n > 3)
    all_objects = new_game("kutschfahrt", n, {"object_set": "all"}, seed=n)
    pool = Counter(all_objects.total_objects)
    assert ("coat" in pool) == (n < 10)
    assert sum(pool.values()) == 21 - (n == 3) - (n == 10)
    # only sealed objects are dealt, even with all 21 in play
    assert all(C.OBJECTS[k]["seal"] for h in all_objects.hands for k in h)
    check_invariants(st)


def test_object_set_options():
    seal = new_game("kutschfahrt", 5, seed=2)
    assert len(seal.total_objects) == 16
    custom = new_game("kutschfahrt", 5, {"object_set": "custom", "extra_objects": ["tome", "loge"]}, seed=2)
    assert Counter(custom.total_objects)["tome"] == 1 and "sextant" not in custom.total_objects
    ignored = new_game("kutschfahrt", 5, {"extra_objects": ["tome"]}, seed=2)
    assert "tome" not in ignored.total_objects


def test_private_deal_and_public_view():
    st = new_game("kutschfahrt", 6, seed=4)
    for s in range(6):
        v = st.view(s)
        assert v["me"]["association"] == st.assoc[s]
        dealt = [e for e in v["log"] if e["k"] == "dealt"]
        assert len(dealt) == 1 and dealt[0]["seat"] == s
    assert st.view(None)["me"] is None
    assert not [e for e in st.view(None)["log"] if e["k"] == "dealt"]


# ------------------------------------------------------------------ pass / trade
def test_pass_moves_the_turn_left():
    st = make(4, hands=[["key"], ["goblet"], ["dagger"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "pass"})
    assert st.current == 1 and st.turn == 1


def test_trade_accept_and_secrecy():
    st = make(4, hands=[["key"], ["goblet", "dagger"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "key"})
    assert st.to_act() == [1]
    assert st.view(1)["me"]["step"] == {"obj": "key"}
    assert st.view(2)["me"]["step"] is None
    st.apply(1, {"type": "accept", "give": "dagger"})
    assert st.hands[0] == ["dagger"] and st.hands[1] == ["goblet", "key"]
    assert st.current == 1
    pub = log(st, None)
    assert [e["k"] for e in pub if e["k"] in ("offer", "accept")] == ["offer", "accept"]
    assert not [e for e in log(st, 2) if e["k"] == "traded"]
    assert [e for e in log(st, 0) if e["k"] == "traded"][0]["returned"] == "dagger"


def test_trade_refuse_returns_silently():
    st = make(4, hands=[["privilege"], ["goblet"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "privilege"})
    st.apply(1, {"type": "refuse"})
    assert st.hands[0] == ["privilege"] and st.current == 1
    assert not log(st, None, "effect")


@pytest.mark.parametrize("obj", ["black_pearl", "broken_mirror"])
def test_must_accept(obj):
    st = make(4, hands=[[obj, "key"], ["goblet"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": obj})
    assert {"type": "refuse"} not in st.legal_actions(1)
    with pytest.raises(IllegalAction):
        st.apply(1, {"type": "refuse"})


def test_bag_for_bag_refused_and_allowed_once_pile_empty():
    st = make(4, hands=[["bag_key", "key"], ["bag_goblet"], ["gloves"], ["whip"]], occ=OCC4, pile=["dagger"])
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    assert st.legal_actions(1) == [{"type": "refuse"}]
    st2 = make(4, hands=[["bag_key", "key"], ["bag_goblet"], ["gloves"], ["whip"]], occ=OCC4, pile=[])
    st2.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    assert {"type": "accept", "give": "bag_goblet"} in st2.legal_actions(1)
    st3 = make(4, hands=[["bag_key", "key"], ["bag_goblet"], ["gloves"], ["whip"]], occ=OCC4, pile=[],
               options={"bag_for_bag_when_empty": False})
    st3.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    assert st3.legal_actions(1) == [{"type": "refuse"}]


def test_secret_bag_draws_and_is_named_as_a_bag():
    st = make(4, hands=[["bag_goblet"], ["key"], ["gloves"], ["whip"]], occ=OCC4, pile=["tome", "dagger"])
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_goblet"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert st.hands[0] == ["dagger", "key"]
    eff = log(st, None, "effect")
    assert eff == [{"k": "effect", "owner": 0, "partner": 1, "obj": "bag", "turn": 0, "move": 2}]
    assert log(st, 0, "drew")[0]["obj"] == "dagger"
    assert not log(st, 1, "drew")


def test_bags_become_goal_items_when_pile_empties():
    st = make(4, hands=[["bag_goblet"], ["key"], ["gloves"], ["whip"]], occ=OCC4, pile=["dagger"])
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_goblet"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert st.converted and log(st, None, "bags_converted")
    # a bag traded with an empty pile draws nothing and is silent
    st.current = 1
    st.apply(1, {"type": "offer", "to": 2, "obj": "bag_goblet"})
    st.apply(2, {"type": "accept", "give": "gloves"})
    assert len(log(st, None, "effect")) == 1


def test_privilege_shows_all_objects():
    st = make(4, hands=[["privilege"], ["goblet", "key"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "privilege"})
    st.apply(1, {"type": "accept", "give": "key"})
    saw = log(st, 0, "saw_objects")
    assert saw and saw[0]["who"] == 1 and saw[0]["objs"] == ["goblet", "privilege"]
    assert not log(st, 2, "saw_objects")
    assert log(st, None, "effect")[0]["obj"] == "privilege"


def test_monocle_shows_association():
    st = make(4, hands=[["monocle"], ["key"], ["gloves"], ["whip"]],
              assoc=["order", "brotherhood", "order", "brotherhood"], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "monocle"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert log(st, 0, "saw_assoc")[0]["assoc"] == "brotherhood"
    assert not log(st, 1, "saw_assoc")


def test_both_effects_offerer_first():
    st = make(4, hands=[["monocle"], ["privilege"], ["gloves"], ["whip"]],
              assoc=["order", "brotherhood", "order", "brotherhood"], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "monocle"})
    st.apply(1, {"type": "accept", "give": "privilege"})
    eff = log(st, None, "effect")
    assert [(e["owner"], e["obj"]) for e in eff] == [(0, "monocle"), (1, "privilege")]
    assert log(st, 1, "saw_objects")[0]["objs"] == ["privilege"]


def test_broken_mirror_silences_the_return():
    st = make(4, hands=[["broken_mirror"], ["privilege"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "broken_mirror"})
    st.apply(1, {"type": "accept", "give": "privilege"})
    assert st.hands[1] == ["broken_mirror"]
    assert not log(st, None, "effect") and not log(st, 1, "saw_objects")


def test_tome_swaps_and_refreshes_occupations():
    st = make(4, hands=[["tome"], ["key"], ["gloves"], ["whip"]], occ=["priest", "doctor", "thug", "bodyguard"])
    st.occ_up[0] = True
    st.apply(0, {"type": "offer", "to": 1, "obj": "tome"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert st.step["phase"] == "tome" and st.to_act() == [0]
    st.apply(0, {"type": "tome", "swap": True})
    assert st.occ[:2] == ["doctor", "priest"] and st.occ_up[:2] == [False, False]
    assert log(st, 1, "got_occ")[0]["occ"] == "priest"


def test_coat_takes_a_new_occupation():
    st = make(4, hands=[["coat"], ["key"], ["gloves"], ["whip"]], occ=["priest", "doctor", "thug", "bodyguard"])
    st.occ_up[0] = True
    st.apply(0, {"type": "offer", "to": 1, "obj": "coat"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert st.step["phase"] == "coat"
    assert st.view(0)["me"]["step"]["occ_pile"] == sorted(st.occ_pile)
    st.apply(0, {"type": "coat", "occ": "duelist"})
    assert st.occ[0] == "duelist" and not st.occ_up[0] and "priest" in st.occ_pile
    assert log(st, None, "coat_new")[0]["changed"] and not log(st, None, "coat_kept")


def test_sextant_everyone_passes_and_is_not_a_trade():
    st = make(4, hands=[["sextant", "key"], ["privilege"], ["black_pearl", "gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "sextant"})
    st.apply(1, {"type": "accept", "give": "privilege"})
    assert st.step["phase"] == "sextant_dir"
    st.apply(0, {"type": "direction", "dir": "left"})
    assert sorted(st.to_act()) == [0, 1, 2, 3]
    # the privilege received for the sextant is passed on, yet still fires afterwards
    st.apply(2, {"type": "pass_on", "obj": "black_pearl"})
    st.apply(0, {"type": "pass_on", "obj": "privilege"})
    st.apply(3, {"type": "pass_on", "obj": "whip"})
    assert st.step["phase"] == "sextant_pass"
    st.apply(1, {"type": "pass_on", "obj": "sextant"})
    assert st.hands == [["key", "whip"], ["privilege"], ["gloves", "sextant"], ["black_pearl"]]
    assert log(st, 1, "saw_objects")  # privilege's effect for seat 1 (it gave it away)
    assert st.current == 1


def test_hand_limit_forces_a_gift():
    six = ["bag_key", "dagger", "gloves", "whip", "monocle", "privilege"]
    st = make(4, hands=[six, ["key"], ["goblet"], ["poison_ring"]], occ=OCC4, pile=["casting_knives", "tome"])
    assert st.limit == 6
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    st.apply(1, {"type": "accept", "give": "key"})
    # seat 0 drew a seventh object: it must give one away at once, before the turn ends
    assert len(st.hands[0]) == 7
    assert st.step["phase"] == "gift" and st.to_act() == [0]
    assert all(a["type"] == "gift" for a in st.legal_actions(0))
    st.apply(0, {"type": "gift", "obj": "whip", "to": 2})
    assert len(st.hands[0]) == 6 and "whip" in st.hands[2]
    assert log(st, None, "gift")[0]["from"] == 0 and "obj" not in log(st, None, "gift")[0]
    assert log(st, 2, "gift_obj")[0]["obj"] == "whip" and not log(st, 3, "gift_obj")
    assert st.current == 1
    check_invariants(st)


# ------------------------------------------------------------------ claims
def test_claim_three_keys_with_ally():
    st = claim_pos([["key", "key"], ["key"], ["goblet"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.is_over() and st.result()["winners"] == [0, 1]
    assert st.result()["stats"]["claims"] == [{"seat": 0, "kind": "claim", "correct": True}]


def test_claim_without_naming_needed_ally_is_wrong():
    st = claim_pos([["key", "key"], ["key"], ["goblet"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": []})
    assert st.result()["winners"] == [2, 3]


def test_claim_naming_an_enemy_is_wrong():
    st = claim_pos([["key"], ["key"], ["key"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1, 2]})
    assert st.result()["winners"] == [2, 3]


def test_claim_naming_an_ally_without_items_is_wrong():
    st = claim_pos([["key", "key", "key"], ["dagger"], ["goblet"], ["whip"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [2, 3]


def test_claim_needs_own_goal_item_and_no_black_pearl():
    st = claim_pos([["dagger"], ["key"], ["goblet"], ["whip"]], ["order", "order", "brotherhood", "brotherhood"])
    assert not any(a["type"] == "claim" for a in st.legal_actions(0))
    st = claim_pos([["key", "black_pearl"], ["key"], ["key"], ["whip"]], ["order", "order", "order", "brotherhood"][:4])
    assert not any(a["type"].startswith("claim") for a in st.legal_actions(0))


def test_bag_counts_only_when_pile_empty():
    hands = [["goblet", "bag_goblet"], ["goblet"], ["key"], ["dagger"]]
    assoc = ["brotherhood", "brotherhood", "order", "order"]
    st = claim_pos(hands, assoc, pile=["whip"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [2, 3]
    st = make(4, hands=hands, assoc=assoc, occ=OCC4, pile=[])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [0, 1]


def test_other_bag_does_not_count():
    st = make(4, hands=[["goblet", "bag_key"], ["goblet"], ["key"], ["dagger"]],
              assoc=["brotherhood", "brotherhood", "order", "order"], occ=OCC4, pile=[])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [2, 3]


def test_drink_of_power_for_the_smaller_association():
    # 5 players: order 2, brotherhood 3 -> order is the smaller one
    assoc = ["order", "order", "brotherhood", "brotherhood", "brotherhood"]
    hands = [["key"], ["key"], ["goblet"], ["goblet"], ["dagger"]]
    st = claim_pos(hands, assoc)
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [0, 1]
    # the larger association gets no drink
    st = claim_pos(hands, assoc)
    st.current = 2
    st.apply(2, {"type": "claim", "allies": [3]})
    assert st.result()["winners"] == [0, 1]
    # key + own bag (pile empty) + drink
    st = make(5, hands=[["key"], ["bag_key"], ["goblet"], ["goblet"], ["dagger"]], assoc=assoc,
              occ=["thug", "grand_master", "bodyguard", "hypnotist", "priest"], pile=[])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [0, 1]
    # at most one drink: a single key is not enough
    st = claim_pos([["key"], ["dagger"], ["goblet"], ["goblet"], ["whip"]], assoc)
    st.apply(0, {"type": "claim", "allies": []})
    assert st.result()["winners"] == [2, 3, 4]


def test_no_drink_with_even_counts():
    st = claim_pos([["key"], ["key"], ["goblet"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [2, 3]


def test_loge_solo_victory():
    st = claim_pos([["loge", "key", "goblet", "key"], ["dagger"], ["goblet"], ["whip"]],
                   ["order", "order", "brotherhood", "brotherhood"])
    assert {"type": "claim_solo"} in st.legal_actions(0)
    st.apply(0, {"type": "claim_solo"})
    assert st.result()["winners"] == [0]
    st = claim_pos([["loge", "key", "goblet"], ["dagger"], ["goblet"], ["whip"]],
                   ["order", "order", "brotherhood", "brotherhood"])
    assert {"type": "claim_solo"} not in st.legal_actions(0)
    # bags count once converted, the drink never
    st = make(5, hands=[["loge", "key", "bag_goblet", "goblet"], ["dagger"], ["goblet"], ["whip"], ["gloves"]],
              assoc=["order", "order", "brotherhood", "brotherhood", "brotherhood"],
              occ=["thug", "grand_master", "bodyguard", "hypnotist", "priest"], pile=[])
    assert {"type": "claim_solo"} in st.legal_actions(0)
    st = claim_pos([["loge", "key", "key"], ["dagger"], ["goblet"], ["whip"], ["gloves"]],
                   ["order", "order", "brotherhood", "brotherhood", "brotherhood"])
    assert {"type": "claim_solo"} not in st.legal_actions(0)


def test_claim_reveals_to_everyone():
    st = claim_pos([["key", "key"], ["key"], ["goblet"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert log(st, None, "claim")[0]["named"] == [1]
    shown = log(st, None, "shows")
    assert [r["seat"] for r in shown] == [0, 1]
    assert shown[1]["assoc"] == "order" and shown[1]["objs"] == ["key"]
    # the table hears the verdict last, and every seat learnt the named ally's association
    assert [e["k"] for e in log(st, None)][-4:] == ["claim", "shows", "shows", "claim_right"]
    assert log(st, None, "claim_right")[0]["winners"] == [0, 1]
    assert {"seat": 1, "association": "order", "cards": None, "occupation": None} in st.view(2)["me"]["known"]


# ------------------------------------------------------------------ variants
def test_smuggling_lets_the_giver_hide_the_effect():
    opts = {"smuggling": True}
    st = make(4, hands=[["privilege"], ["key"], ["gloves"], ["whip"]], occ=OCC4, options=opts)
    st.apply(0, {"type": "offer", "to": 1, "obj": "privilege"})
    st.apply(1, {"type": "accept", "give": "key"})
    assert st.step["phase"] == "smuggle" and st.to_act() == [0]
    assert {"type": "effect", "use": True} in st.legal_actions(0)
    st.apply(0, {"type": "effect", "use": False})
    # the partner is asked too (a key has no effect) so the table learns nothing
    assert st.step["phase"] == "smuggle" and st.legal_actions(1) == [{"type": "effect", "use": False}]
    st.apply(1, {"type": "effect", "use": False})
    assert not log(st, None, "effect") and st.current == 1
    st = make(4, hands=[["privilege"], ["key"], ["gloves"], ["whip"]], occ=OCC4, options=opts)
    st.apply(0, {"type": "offer", "to": 1, "obj": "privilege"})
    st.apply(1, {"type": "accept", "give": "key"})
    st.apply(0, {"type": "effect", "use": True})
    assert log(st, 0, "saw_objects")


def test_fortune_telling():
    opts = {"fortune_telling": True}
    assoc = ["order", "order", "brotherhood", "brotherhood"]
    st = claim_pos([["dagger"], ["key"], ["goblet", "goblet"], ["goblet"]], assoc, options=opts)
    st.apply(0, {"type": "foretell", "names": [2, 3]})
    assert st.result()["winners"] == [0, 1]
    st = claim_pos([["dagger"], ["key"], ["goblet", "goblet"], ["goblet"]], assoc, options=opts)
    st.apply(0, {"type": "foretell", "names": [2]})
    assert st.result()["winners"] == [2, 3]
    st = claim_pos([["dagger"], ["key"], ["goblet", "goblet"], ["goblet"]], assoc)
    assert not any(a["type"] == "foretell" for a in st.legal_actions(0))


def test_advanced_three_player_variant():
    st = new_game("kutschfahrt", 3, {"advanced3": True}, seed=5)
    assert all(len(c) == 3 for c in st.assoc_cards)
    for s in range(3):
        assert st.assoc_cards[s].count(st.assoc[s]) >= 2
        assert st.view(s)["me"]["association_cards"] == st.assoc_cards[s]
    # ignored at other player counts
    assert not new_game("kutschfahrt", 4, {"advanced3": True}, seed=5).adv3
    # the struggle winner looks at one chosen association card
    st.hands = [["key"], ["goblet"], ["dagger"]]
    st.total_objects = sorted(["key", "goblet", "dagger"] + st.pile)
    st.occ = ["thug", "grand_master", "bodyguard"]
    st.occ_pile = [o for o in C.OCCUPATION_IDS if o not in st.occ]
    st.occ_up = [True] * 3
    st.current = 0
    st.step = {"phase": "turn"}
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "attacker"})
    passes_until(st, "spoils")
    assert {"type": "look", "card": 2} in st.legal_actions(0)
    st.apply(0, {"type": "look", "card": 2})
    seen = log(st, 0, "saw_assoc_card")[0]
    assert seen["card"] == 2 and seen["assoc"] == st.assoc_cards[1][2]
    assert log(st, 0, "saw_occ")[0]["occ"] == st.occ[1]  # "neben dem Beruf"
    assert log(st, None, "looked_card")[0]["card"] == 2


def test_advanced_three_player_monocle_one_card():
    st = new_game("kutschfahrt", 3, {"advanced3": True, "object_set": "all"}, seed=6)
    st.hands = [["monocle"], ["goblet"], ["dagger"]]
    st.total_objects = sorted(["monocle", "goblet", "dagger"] + st.pile)
    st.current = 0
    st.step = {"phase": "turn"}
    st.apply(0, {"type": "offer", "to": 1, "obj": "monocle"})
    st.apply(1, {"type": "accept", "give": "goblet"})
    assert st.step["phase"] == "monocle_card"
    st.apply(0, {"type": "look_card", "card": 0})
    assert log(st, 0, "saw_assoc_card")[0]["assoc"] == st.assoc_cards[1][0]


def test_hypnotist_any_option_allows_abstainers():
    st = fight_setup(occ=["hypnotist", "thug", "grand_master", "bodyguard"], options={"hypnotist_any": True})
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": None})
    st.apply(3, {"type": "support", "side": None})
    assert st.step["phase"] == "hypnotist"
    assert {"type": "hypnotize", "target": 2} in st.legal_actions(0)
    assert {"type": "hypnotize", "target": 1} not in st.legal_actions(0)
    st.apply(0, {"type": "hypnotize", "target": 2})
    assert 2 not in st.to_act()


def test_hypnotist_default_only_supporters():
    st = fight_setup(occ=["hypnotist", "thug", "grand_master", "bodyguard"])
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": None})
    st.apply(3, {"type": "support", "side": None})
    assert st.step["phase"] == "fight"  # nobody declared support: nothing to hypnotise
