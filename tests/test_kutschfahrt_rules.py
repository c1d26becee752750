"""Scenario tests for De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg.

Positions are built directly (hands, associations, occupations), then the
rulebook's steps are played as scripted actions."""

from collections import Counter

import pytest

from engine import IllegalAction, new_game
from engine.kutschfahrt import cards as C

from .kutschfahrt_helpers import check_invariants


def make(n=4, hands=None, assoc=None, occ=None, pile=None, current=0, options=None, seed=1):
    st = new_game("kutschfahrt", n, options, seed)
    if hands is not None:
        st.hands = [sorted(h) for h in hands]
    if assoc is not None:
        st.assoc = list(assoc)
        st.assoc_cards = [[a] for a in assoc]
        counts = Counter(assoc)
        if st.odd:
            st.minority = min(("order", "brotherhood"), key=lambda a: counts[a])
    if occ is not None:
        all_occ = list(C.OCCUPATION_IDS)
        st.occ = list(occ)
        st.occ_pile = [o for o in all_occ if o not in occ]
        st.occ_up = [False] * n
    if pile is not None:
        st.pile = list(pile)
    st.converted = not st.pile
    st.total_objects = sorted([k for h in st.hands for k in h] + list(st.pile))
    st.current = current
    st.step = {"phase": "turn"}
    return st


OCC4 = ["thug", "grand_master", "bodyguard", "hypnotist"]  # harmless defaults
OCC_NO_REACT = ["thug", "grand_master", "bodyguard", "hypnotist"]


def log(st, seat=None, k=None):
    entries = st.view(seat)["log"]
    return [e for e in entries if k is None or e["k"] == k]


def passes_until(st, phase):
    """Everyone passes in windows until the step is `phase`."""
    for _ in range(200):
        if st.is_over() or st.step["phase"] == phase:
            return
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if {"type": "pass"} in legal:
            st.apply(seat, {"type": "pass"})
        elif st.step["phase"] == "support":
            st.apply(seat, {"type": "support", "side": None})
        elif st.step["phase"] == "smuggle":
            st.apply(seat, {"type": "effect", "use": False})
        else:
            raise AssertionError(f"stuck in {st.step['phase']}: {legal}")
    raise AssertionError("window never closed")


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
    assert eff == [{"k": "effect", "owner": 0, "partner": 1, "obj": "bag", "turn": 0}]
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
    assert log(st, None, "coat")[0]["changed"]


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


# ------------------------------------------------------------------ struggles
def fight_setup(n=4, hands=None, occ=None, assoc=None, **kw):
    hands = hands or [["key"], ["goblet"], ["dagger"], ["whip"]][:n] + [["gloves"]] * (n - 4)
    occ = occ or (OCC4 + ["priest", "doctor", "duelist", "poison_mixer", "clairvoyant", "diplomat"])[:n]
    return make(n, hands=hands, occ=occ, assoc=assoc, **kw)


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
    passes = None
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


# ------------------------------------------------------------------ claims
def claim_pos(hands, assoc, n=None, pile=(), **kw):
    n = n or len(hands)
    occ = (["thug", "grand_master", "bodyguard", "hypnotist", "priest", "doctor", "duelist",
            "poison_mixer", "clairvoyant", "diplomat"])[:n]
    return make(n, hands=hands, assoc=assoc, occ=occ, pile=list(pile) or ["whip"], **kw)


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
    entry = log(st, None, "claim")[0]
    assert [r["seat"] for r in entry["revealed"]] == [0, 1]
    assert entry["revealed"][1]["assoc"] == "order"


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
