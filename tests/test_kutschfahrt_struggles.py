"""Scenario tests for Kutschfahrt struggles: supports, the Priest, the
Hypnotist, fight cards and occupations, the Doctor, spoils, the Diplomat and
the Clairvoyant.  Positions built directly, steps played as scripted actions."""

import pytest


from .kutschfahrt_helpers import check_invariants, fight_setup, log, make, passes_until


# ------------------------------------------------------------------ struggles
def test_struggle_support_order_and_count():
    st = fight_setup(5, hands=[["key"], ["goblet"], ["dagger"], ["whip"], ["gloves"]],
                     occ=["diplomat", "clairvoyant", "thug", "grand_master", "bodyguard"])
    st.occ_up = [True] * 5  # no windows for hidden occupations
    st.current = 1
    st.apply(1, {"type": "attack", "to": 3})
    assert st.step["phase"] == "support"
    order = []
    while st.step["phase"] == "support":
        s = st.to_act()[0]
        order.append(s)
        st.apply(s, {"type": "support", "side": "attacker" if s == 2 else ("defender" if s == 4 else None)})
    assert order == [2, 4, 0]
    assert st.step["phase"] == "fight"
    # 2 plays nothing useful (dagger only for attackers), 4 bodyguard for the defender
    assert {"type": "play", "card": "bodyguard"} in st.legal_actions(4)
    st.apply(4, {"type": "play", "card": "bodyguard"})
    st.apply(3, {"type": "play", "card": "grand_master"})
    assert st.totals() == (2, 4)
    passes_until(st, "spoils")
    assert st.fight["winner"] == 3 and st.to_act() == [3]


def test_tie_attacker_draws():
    st = fight_setup(occ=["diplomat", "clairvoyant", "thug", "grand_master"], pile=["tome"])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "turn")
    assert st.hands[0] == ["key", "tome"] and st.current == 1
    assert log(st, None, "fight_result")[0]["winner"] is None


def test_winner_looks_at_occupation_and_association():
    st = fight_setup(assoc=["order", "brotherhood", "order", "brotherhood"])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    for s in (2, 3):
        st.apply(s, {"type": "support", "side": "attacker"})
    passes_until(st, "spoils")
    st.apply(0, {"type": "look"})
    assert log(st, 0, "saw_assoc")[0]["assoc"] == "brotherhood"
    assert log(st, 0, "saw_occ")[0]["occ"] == st.occ[1]
    assert not log(st, 2, "saw_assoc")


def test_winner_takes_last_object_and_gives_one_back():
    st = fight_setup(hands=[["key", "dagger"], ["goblet"], ["whip"], ["gloves"]])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": None})
    st.apply(0, {"type": "play", "card": "dagger"})
    passes_until(st, "spoils")
    st.apply(0, {"type": "take"})
    legal = st.legal_actions(0)
    assert all("give" in a for a in legal)
    st.apply(0, {"type": "take_obj", "obj": "goblet", "give": "dagger"})
    assert st.hands[0] == ["goblet", "key"] and st.hands[1] == ["dagger"]
    check_invariants(st)


def test_dagger_gloves_knives_whip_and_poison_ring():
    st = fight_setup(hands=[["dagger", "poison_ring"], ["gloves"], ["casting_knives"], ["whip"]])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": "defender"})
    # the dagger is not for defenders or supporters, the gloves not for attackers
    assert {"type": "play", "card": "casting_knives"} in st.legal_actions(2)
    assert {"type": "play", "card": "whip"} in st.legal_actions(3)
    for seat, card in ((0, "dagger"), (1, "gloves"), (2, "casting_knives"), (3, "whip")):
        st.apply(seat, {"type": "play", "card": card})
    assert st.totals() == (4, 4)
    st.apply(0, {"type": "play", "card": "poison_ring"})
    passes_until(st, "spoils")
    assert st.fight["winner"] == 0
    assert [e["card"] for e in log(st, None, "play")] == ["dagger", "gloves", "casting_knives", "whip", "poison_ring"]


def test_supporter_items_only_on_their_side():
    st = fight_setup(hands=[["key"], ["goblet"], ["whip"], ["casting_knives"]],
                     occ=["diplomat", "clairvoyant", "priest", "doctor"])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": "defender"})
    assert st.legal_actions(2) == [{"type": "pass"}]
    assert st.legal_actions(3) == [{"type": "pass"}]


def test_priest_stops_the_attack_and_is_paid():
    st = fight_setup(hands=[["key", "dagger"], ["goblet"], ["whip"], ["gloves"]],
                     occ=["thug", "grand_master", "priest", "bodyguard"])
    st.apply(0, {"type": "attack", "to": 1})
    assert st.step["phase"] == "priest" and sorted(st.to_act()) == [1, 2, 3]
    assert {"type": "priest"} in st.legal_actions(2)
    assert st.legal_actions(3) == [{"type": "pass"}]
    st.apply(3, {"type": "pass"})
    st.apply(2, {"type": "priest"})
    assert st.legal_actions(1) == [{"type": "pass"}]  # all answer, then it applies
    st.apply(1, {"type": "pass"})
    assert st.step["phase"] == "priest_pay" and st.to_act() == [0]
    st.apply(0, {"type": "give", "obj": "dagger"})
    assert st.hands[2] == ["dagger", "whip"] and st.current == 1 and st.occ_up[2]
    # once only
    st.current = 0
    st.apply(0, {"type": "attack", "to": 1})
    assert {"type": "priest"} not in st.legal_actions(2) if 2 in st.to_act() else True


def test_priest_with_single_object_attacker_takes_nothing():
    st = fight_setup(occ=["thug", "grand_master", "priest", "bodyguard"])
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "priest"})
    passes_until(st, "turn")
    assert st.current == 1 and st.hands[0] == ["key"]


def test_hypnotist_voids_a_support():
    st = fight_setup(occ=["hypnotist", "thug", "grand_master", "bodyguard"])
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "defender"})
    st.apply(3, {"type": "support", "side": "defender"})
    assert st.step["phase"] == "hypnotist"
    assert {"type": "hypnotize", "target": 2} in st.legal_actions(0)
    st.apply(0, {"type": "hypnotize", "target": 3})
    assert 3 not in st.to_act()  # the hypnotised may play nothing
    assert st.totals() == (1, 2)


def test_hypnotist_window_asked_of_every_hidden_attacker():
    st = fight_setup(occ=["thug", "grand_master", "priest", "bodyguard"])
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "defender"})
    st.apply(3, {"type": "support", "side": None})
    assert st.step["phase"] == "hypnotist" and st.legal_actions(0) == [{"type": "pass"}]


def test_thug_grand_master_bodyguard():
    st = fight_setup(occ=["thug", "grand_master", "bodyguard", "hypnotist"])
    st.occ_up = [False, False, False, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": None})
    passes_until(st, "fight")
    st.apply(0, {"type": "play", "card": "thug"})
    st.apply(1, {"type": "play", "card": "grand_master"})
    st.apply(2, {"type": "play", "card": "bodyguard"})
    assert st.totals() == (4, 2)
    assert st.occ_up[:3] == [True, True, True]


def test_duelist_cancels_supports():
    st = fight_setup(hands=[["key"], ["goblet"], ["casting_knives"], ["whip"]],
                     occ=["thug", "duelist", "bodyguard", "hypnotist"])
    st.occ_up = [True, False, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": "attacker"})
    st.apply(2, {"type": "play", "card": "casting_knives"})
    st.apply(0, {"type": "play", "card": "thug"})
    assert st.totals() == (5, 1)
    st.apply(1, {"type": "play", "card": "duelist"})
    assert st.totals() == (2, 2)
    assert {"type": "play", "card": "bodyguard"} not in st.legal_actions(2)
    passes_until(st, "turn")
    assert st.fight is None  # tie: attacker drew (pile from setup)


def test_poison_mixer_names_the_winner():
    st = fight_setup(occ=["thug", "grand_master", "poison_mixer", "hypnotist"])
    st.occ_up = [True, True, False, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": None})
    st.apply(3, {"type": "support", "side": "attacker"})
    passes_until(st, "fight")
    st.apply(2, {"type": "play", "card": "poison_mixer", "winner": "defender"})
    passes_until(st, "spoils")
    assert st.fight["winner"] == 1


def test_doctor_prevents_the_effects():
    st = fight_setup(occ=["thug", "grand_master", "doctor", "hypnotist"])
    st.occ_up = [True, True, False, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": "attacker"})
    passes_until(st, "doctor")
    assert st.to_act() == [2]
    st.apply(2, {"type": "doctor"})
    assert st.current == 1 and not log(st, 0, "saw_assoc")


@pytest.mark.parametrize("cancels", [True, False])
def test_doctor_and_tie_draw(cancels):
    st = fight_setup(occ=["thug", "grand_master", "doctor", "hypnotist"], pile=["tome"],
                     options={"doctor_cancels_draw": cancels})
    st.occ_up = [True, True, False, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "doctor")
    st.apply(2, {"type": "doctor"})
    assert ("tome" in st.hands[0]) == (not cancels)


def test_diplomat_demand_success_is_an_extra():
    st = make(4, hands=[["dagger", "whip"], ["key", "gloves"], ["goblet"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "key"})
    # the target hands the key over itself (always asked, so nobody learns it had a choice)
    assert st.step["phase"] == "diplomat_pick" and st.to_act() == [1]
    assert st.legal_actions(1) == [{"type": "give", "obj": "key"}]
    st.apply(1, {"type": "give", "obj": "key"})
    assert st.step["phase"] == "diplomat_return" and st.to_act() == [0]
    st.apply(0, {"type": "give", "obj": "whip"})
    assert st.hands[0] == ["dagger", "key"] and st.hands[1] == ["gloves", "whip"]
    assert st.step["phase"] == "turn" and st.current == 0
    assert not any(a["type"] == "diplomat" for a in st.legal_actions(0))
    assert log(st, None, "diplomat")[0]["name"] == "key"


def test_diplomat_demand_fails_shows_objects_and_ends_turn():
    st = make(4, hands=[["dagger"], ["goblet", "gloves"], ["key"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "key"})
    assert st.current == 1
    assert log(st, 0, "saw_objects")[0]["objs"] == ["gloves", "goblet"]


def test_diplomat_as_action_option():
    st = make(4, hands=[["dagger"], ["key"], ["goblet"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"], options={"diplomat": "action"})
    st.apply(0, {"type": "diplomat", "to": 1, "name": "key"})
    st.apply(1, {"type": "give", "obj": "key"})
    st.apply(0, {"type": "give", "obj": "dagger"})
    assert st.current == 1


def test_diplomat_cannot_demand_a_bag_holding_only_a_bag():
    st = make(4, hands=[["bag_key"], ["bag_goblet"], ["goblet"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"], pile=["dagger"])
    assert not [a for a in st.legal_actions(0) if a["type"] == "diplomat" and a["name"] == "bag"]


def test_clairvoyant_orders_the_top_of_the_pile():
    st = make(4, hands=[["bag_key"], ["goblet"], ["key"], ["monocle"]],
              occ=["clairvoyant", "thug", "grand_master", "bodyguard"],
              pile=["dagger", "whip", "tome", "gloves", "privilege"])
    st.apply(0, {"type": "clairvoyant"})
    assert log(st, 0, "saw_pile")[0]["objs"] == sorted(["dagger", "whip", "tome", "gloves", "privilege"])
    st.apply(0, {"type": "pick", "obj": "tome"})
    st.apply(0, {"type": "pick", "obj": "dagger"})
    assert st.pile[-1] == "tome" and st.pile[-2] == "dagger"
    assert st.step["phase"] == "turn" and st.current == 0 and st.occ_up[0]
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    st.apply(1, {"type": "accept", "give": "goblet"})
    assert "tome" in st.hands[0]
