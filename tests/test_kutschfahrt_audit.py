"""Kutschfahrt rules-audit scenarios: the corner cases the audit settled
(see docs/rules/kutschfahrt.md), each built directly and played out."""

import pytest

from .kutschfahrt_helpers import check_invariants, claim_pos, fight_setup, log, make, OCC4, passes_until


# ------------------------------------------------------------------ audit additions
def test_diplomat_pick_is_asked_even_with_one_match_and_stays_private():
    # "bag" while the pile lasts: the target holds both bags and chooses which
    st = make(4, hands=[["dagger"], ["bag_goblet", "bag_key"], ["goblet"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"], pile=["whip"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "bag"})
    assert st.step["phase"] == "diplomat_pick" and st.to_act() == [1]
    assert st.view(1)["me"]["step"]["matching"] == ["bag_goblet", "bag_key"]
    assert st.view(0)["me"]["step"] is None  # the Diplomat does not see what the target could give
    public_two = {k: v for k, v in st.view(2).items() if k not in ("me", "log", "seat")}
    st.apply(1, {"type": "give", "obj": "bag_key"})
    assert st.view(0)["me"]["step"]["got"] == "bag_key"
    st.apply(0, {"type": "give", "obj": "dagger"})
    # the bag given away for the demand fires its draw for its old owner (seat 1)
    assert st.hands[0] == ["bag_key"] and st.hands[1] == ["bag_goblet", "dagger", "whip"]
    assert log(st, None, "effect")[0]["owner"] == 1
    # with a single match the table sees exactly the same step
    st = make(4, hands=[["dagger"], ["bag_goblet", "gloves"], ["goblet"], ["monocle", "bag_key"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"], pile=["whip"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "bag"})
    public_one = {k: v for k, v in st.view(2).items() if k not in ("me", "log", "seat")}
    assert public_one["step"] == public_two["step"] and public_one["to_act"] == public_two["to_act"]


@pytest.mark.parametrize("allowed", [True, False])
def test_diplomat_with_a_lone_bag_never_gets_stuck(allowed):
    # pile empty: the bags count as key/goblet; a Diplomat holding only the goblet bag
    # demands "key", which the target may answer with the key bag
    st = make(4, hands=[["bag_goblet"], ["bag_key", "dagger"], ["goblet"], ["key"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"], pile=[],
              options={"bag_for_bag_when_empty": allowed})
    demand = {"type": "diplomat", "to": 1, "name": "key"}
    if not allowed:
        # "Darf nicht gegen einen anderen Koffer getauscht werden": nothing could go back
        assert demand not in st.legal_actions(0)
        assert {"type": "diplomat", "to": 1, "name": "dagger"} in st.legal_actions(0)
        return
    st.apply(0, demand)
    st.apply(1, {"type": "give", "obj": "bag_key"})
    assert st.legal_actions(0) == [{"type": "give", "obj": "bag_goblet"}]
    st.apply(0, {"type": "give", "obj": "bag_goblet"})
    assert st.hands[0] == ["bag_key"] and st.step["phase"] == "turn"


def test_black_pearl_forbids_the_association_victory_not_the_loge():
    assoc = ["order", "order", "brotherhood", "brotherhood", "brotherhood"]
    hands = [["black_pearl", "goblet", "key", "key", "loge"], ["key"], ["goblet"], ["goblet"], ["dagger"]]
    occ = ["thug", "grand_master", "bodyguard", "hypnotist", "priest"]
    st = make(5, hands=hands, assoc=assoc, occ=occ, pile=["whip"], options={"fortune_telling": True})
    legal = st.legal_actions(0)
    assert not [a for a in legal if a["type"] in ("claim", "foretell")]
    assert {"type": "claim_solo"} in legal
    st.apply(0, {"type": "claim_solo"})
    assert st.result()["winners"] == [0]
    st = make(5, hands=hands, assoc=assoc, occ=occ, pile=["whip"], options={"pearl_blocks_loge": True})
    assert not [a for a in st.legal_actions(0) if a["type"].startswith("claim")]


def test_an_ally_holding_the_black_pearl_does_not_spoil_the_claim():
    st = claim_pos([["key", "key"], ["key", "black_pearl"], ["goblet"], ["dagger"]],
                   ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    assert st.result()["winners"] == [0, 1]


def test_poison_ring_is_laid_only_at_a_tie_and_wins_it_for_the_defender():
    st = fight_setup(hands=[["key", "dagger"], ["goblet", "poison_ring"], ["whip"], ["gloves"]])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": None})
    st.apply(3, {"type": "support", "side": None})
    st.apply(0, {"type": "play", "card": "dagger"})
    assert st.totals() == (2, 1)
    # "Der Giftring kann nur bei einem Patt benutzt werden"
    assert {"type": "play", "card": "poison_ring"} not in st.legal_actions(1)
    st2 = fight_setup(hands=[["key"], ["goblet", "poison_ring"], ["whip"], ["gloves"]])
    st2.occ_up = [True] * 4
    st2.apply(0, {"type": "attack", "to": 1})
    st2.apply(2, {"type": "support", "side": None})
    st2.apply(3, {"type": "support", "side": None})
    assert {"type": "play", "card": "poison_ring"} in st2.legal_actions(1)
    assert st2.legal_actions(2) == [{"type": "pass"}]  # not for others
    st2.apply(1, {"type": "play", "card": "poison_ring"})
    passes_until(st2, "spoils")
    assert st2.fight["winner"] == 1 and st2.to_act() == [1]


def test_fighters_cards_only_in_their_role():
    st = fight_setup(hands=[["key", "gloves"], ["goblet", "dagger"], ["whip"], ["casting_knives"]],
                     occ=["grand_master", "thug", "poison_mixer", "bodyguard"])
    st.occ_up = [False, False, True, False]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": "attacker"})  # whip only for the defender's side
    st.apply(3, {"type": "support", "side": None})        # abstained: no bodyguard, no knives
    passes_until(st, "fight")
    assert st.legal_actions(0) == [{"type": "pass"}]  # gloves and Grand Master not as attacker
    assert st.legal_actions(1) == [{"type": "pass"}]  # dagger and Thug not as defender
    assert st.legal_actions(2) == [{"type": "pass"}]  # face-up Poison Mixer is spent
    assert st.legal_actions(3) == [{"type": "pass"}]


def test_poison_mixer_not_for_a_fighter_and_once_only():
    st = fight_setup(occ=["poison_mixer", "thug", "grand_master", "bodyguard"])
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "fight")
    assert not [a for a in st.legal_actions(0) if a.get("card") == "poison_mixer"]
    st = fight_setup(occ=["thug", "grand_master", "poison_mixer", "bodyguard"])
    st.occ_up = [True, True, False, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "fight")
    st.apply(2, {"type": "play", "card": "poison_mixer", "winner": "attacker"})
    assert all(st.legal_actions(x) == [{"type": "pass"}] for x in st.to_act())
    passes_until(st, "spoils")
    st.apply(0, {"type": "look"})
    st.current = 1
    st.apply(1, {"type": "attack", "to": 0})
    passes_until(st, "fight")
    assert not [a for a in st.legal_actions(2) if a.get("card") == "poison_mixer"]


def test_repeatable_occupations_stay_usable_face_up_once_only_do_not():
    st = fight_setup(occ=["thug", "duelist", "grand_master", "bodyguard"])
    st.occ_up = [False, False, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "fight")
    st.apply(0, {"type": "play", "card": "thug"})
    st.apply(1, {"type": "play", "card": "duelist"})
    passes_until(st, "turn")
    assert st.occ_up[:2] == [True, True]
    st.current = 0
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "fight")
    assert {"type": "play", "card": "thug"} in st.legal_actions(0)
    assert not [a for a in st.legal_actions(1) if a.get("card") == "duelist"]


def test_tome_refreshes_a_spent_once_only_occupation_for_use():
    st = make(4, hands=[["tome", "key"], ["goblet"], ["gloves"], ["whip"]],
              occ=["priest", "thug", "grand_master", "bodyguard"])
    st.occ_up = [True, True, True, True]  # the Priest was used
    st.apply(0, {"type": "offer", "to": 1, "obj": "tome"})
    st.apply(1, {"type": "accept", "give": "goblet"})
    st.apply(0, {"type": "tome", "swap": True})
    assert st.occ[1] == "priest" and not st.occ_up[1]
    st.current = 0
    st.apply(0, {"type": "attack", "to": 2})
    assert {"type": "priest"} in st.legal_actions(1)


def test_face_up_occupations_moved_by_tome_and_coat_are_public():
    st = make(4, hands=[["tome"], ["key"], ["gloves"], ["whip"]], occ=["priest", "doctor", "thug", "bodyguard"])
    st.occ_up = [True, False, False, False]
    st.apply(0, {"type": "offer", "to": 1, "obj": "tome"})
    st.apply(1, {"type": "accept", "give": "key"})
    st.apply(0, {"type": "tome", "swap": True})
    moved = log(st, None, "occ_moved")
    assert [(e["from"], e["to"], e["occ"]) for e in moved] == [(0, 1, "priest")]  # the doctor was hidden
    assert st.view(None)["players"][1]["occupation"] is None  # face down again
    st = make(4, hands=[["coat"], ["key"], ["gloves"], ["whip"]], occ=["priest", "doctor", "thug", "bodyguard"])
    st.occ_up[0] = True
    st.apply(0, {"type": "offer", "to": 1, "obj": "coat"})
    st.apply(1, {"type": "accept", "give": "key"})
    st.apply(0, {"type": "coat", "occ": "duelist"})
    assert [(e["seat"], e["occ"]) for e in log(st, None, "occ_to_pile")] == [(0, "priest")]
    assert not log(st, None, "got_occ") and log(st, 0, "got_occ")[0]["occ"] == "duelist"


def test_broken_mirror_given_back_also_silences_both():
    # "Wird die Karte Zerbrochener Spiegel getauscht, werden beide Karten nicht benannt"
    st = make(4, hands=[["privilege", "key"], ["broken_mirror", "goblet"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "privilege"})
    st.apply(1, {"type": "accept", "give": "broken_mirror"})
    assert "broken_mirror" in st.hands[0]
    assert not log(st, None, "effect") and not log(st, 0, "saw_objects")


def test_take_from_a_loser_with_several_objects_fires_no_effect_and_checks_the_limit():
    six = ["bag_key", "dagger", "gloves", "whip", "monocle", "casting_knives"]
    st = fight_setup(hands=[six, ["goblet", "privilege"], ["key"], ["poison_ring"]], pile=["tome"])
    st.occ_up = [True] * 4
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": None})
    passes_until(st, "spoils")
    st.apply(0, {"type": "take"})
    assert log(st, 0, "saw_objects")[-1]["objs"] == ["goblet", "privilege"]
    assert st.view(0)["me"]["step"]["loser_objects"] == ["goblet", "privilege"]
    assert st.view(1)["me"]["step"] is None
    st.apply(0, {"type": "take_obj", "obj": "privilege"})
    assert st.hands[1] == ["goblet"] and not log(st, None, "effect")
    assert log(st, 1, "took_obj")[0]["obj"] == "privilege" and not log(st, 2, "took_obj")
    # seven objects now: the winner gives one away before the turn ends
    assert st.step["phase"] == "gift" and st.to_act() == [0]


def test_priest_payment_can_force_a_gift():
    five = ["dagger", "gloves", "whip", "monocle", "privilege"]
    st = fight_setup(5, hands=[["key", "casting_knives"], ["goblet"], five, ["key"], ["key"]],
                     occ=["thug", "grand_master", "priest", "bodyguard", "hypnotist"])
    assert st.limit == 5
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "priest"})
    passes_until(st, "priest_pay")
    st.apply(0, {"type": "give", "obj": "casting_knives"})
    assert len(st.hands[2]) == 6 and st.step["phase"] == "gift" and st.to_act() == [2]
    check_invariants(st)


def test_chained_gifts_and_tie_draw_with_empty_pile():
    st = make(4, hands=[["bag_key"] + ["dagger", "gloves", "whip", "monocle", "privilege"],
                        ["key"], ["goblet", "casting_knives", "poison_ring", "black_pearl", "broken_mirror", "tome"],
                        ["goblet"]], occ=OCC4, pile=["sextant"])
    st.apply(0, {"type": "offer", "to": 1, "obj": "bag_key"})
    st.apply(1, {"type": "accept", "give": "key"})
    st.apply(0, {"type": "gift", "obj": "whip", "to": 2})
    # the recipient is now over the limit and gives on
    assert st.step["phase"] == "gift" and st.to_act() == [2]
    st.apply(2, {"type": "gift", "obj": "whip", "to": 3})
    assert st.current == 1 and all(len(h) <= 6 for h in st.hands)
    assert st.converted  # the last object was drawn
    # a stand-off with an empty pile draws nothing
    st.occ_up = [True] * 4
    st.apply(1, {"type": "attack", "to": 0})
    passes_until(st, "turn")
    assert st.fight is None and len(st.hands[1]) == 1 and not log(st, None, "draw")[1:]


def test_doctor_may_be_a_fighter():
    st = fight_setup(occ=["thug", "doctor", "grand_master", "hypnotist"])
    st.occ_up = [True, False, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    passes_until(st, "support")
    st.apply(2, {"type": "support", "side": "attacker"})
    st.apply(3, {"type": "support", "side": "attacker"})
    passes_until(st, "doctor")
    st.apply(1, {"type": "doctor"})
    assert st.current == 1 and st.step["phase"] == "turn" and not log(st, 0, "saw_assoc")


def test_claim_after_the_diplomat_extra_and_sextant_right():
    st = make(4, hands=[["key", "dagger"], ["key", "gloves"], ["goblet"], ["key"]],
              assoc=["order", "order", "brotherhood", "order"],
              occ=["diplomat", "thug", "grand_master", "bodyguard"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "key"})
    st.apply(1, {"type": "give", "obj": "key"})
    st.apply(0, {"type": "give", "obj": "dagger"})
    st.apply(0, {"type": "claim", "allies": [3]})
    assert st.result()["winners"] == [0, 1, 3]
    st = make(4, hands=[["sextant", "key"], ["privilege"], ["gloves"], ["whip"]], occ=OCC4)
    st.apply(0, {"type": "offer", "to": 1, "obj": "sextant"})
    st.apply(1, {"type": "accept", "give": "privilege"})
    st.apply(0, {"type": "direction", "dir": "right"})
    for s, k in ((0, "key"), (1, "sextant"), (2, "gloves"), (3, "whip")):
        st.apply(s, {"type": "pass_on", "obj": k})
    assert st.hands == [["privilege", "sextant"], ["gloves"], ["whip"], ["key"]]  # right: to seat - 1
    assert log(st, 3, "passed")[0]["obj"] in ("whip", "key") and not log(st, 1, "saw_assoc")


def test_knowledge_log_is_dated_and_private():
    st = make(4, hands=[["monocle"], ["key"], ["gloves"], ["whip"]],
              assoc=["order", "brotherhood", "order", "brotherhood"], occ=OCC4)
    for s in range(3):
        st.apply(st.current, {"type": "pass"})
    st.current = 0
    st.turn = 7
    st.apply(0, {"type": "offer", "to": 1, "obj": "monocle"})
    st.apply(1, {"type": "accept", "give": "key"})
    seen = log(st, 0, "saw_assoc")[0]
    assert seen["turn"] == 7 and seen["who"] == 1 and seen.get("private") is True
    assert log(st, None, "effect")[0]["turn"] == 7
    for s in (1, 2, 3):
        assert not log(st, s, "saw_assoc")


def test_shown_cards_cannot_be_taken_back():
    # a Diplomat demand tells everyone the target holds the object
    st = make(4, hands=[["dagger"], ["key", "gloves"], ["goblet"], ["monocle"]],
              occ=["diplomat", "thug", "grand_master", "bodyguard"])
    st.apply(0, {"type": "diplomat", "to": 1, "name": "key"})
    assert not st.can_undo(0)
    st.apply(1, {"type": "give", "obj": "key"})
    assert not st.can_undo(1)
    # an object or occupation laid in a struggle has been seen by the table
    st = fight_setup(hands=[["key", "dagger"], ["goblet"], ["whip"], ["gloves"]])
    st.occ_up = [False, True, True, True]
    st.apply(0, {"type": "attack", "to": 1})
    st.apply(2, {"type": "support", "side": None})
    assert st.can_undo(2)  # a support shows nothing hidden
    st.apply(3, {"type": "support", "side": None})
    passes_until(st, "fight")
    st.apply(0, {"type": "play", "card": "dagger"})
    assert not st.can_undo(0)
    st.apply(0, {"type": "play", "card": "thug"})
    assert not st.can_undo(0)
