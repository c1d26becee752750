"""The shared protocol machinery (RNG, options, private log, undo, saves), on the toy game.

What every game must keep is checked on each of them in tests/contract/."""

import json

import pytest

import engine
from engine import GAMES, IllegalAction, SaveError, load, new_game
from engine.rng import Rng


def test_rng_is_deterministic_and_unbiased_enough():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(800 < c < 1200 for c in counts)
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))




def test_an_option_that_does_not_apply_takes_its_default():
    spec = GAMES["thurn_taxis"]
    south = spec.resolve_options({"horses": True, "horses_stay": False}, 2)
    assert south["horses"] is False and south["horses_stay"] is True
    north = spec.resolve_options({"map": "north", "horses": True, "horses_stay": False}, 2)
    assert north["horses"] is True and north["horses_stay"] is False
    kf = GAMES["kutschfahrt"]
    assert kf.resolve_options({"extra_objects": ["sextant"]}, 4)["extra_objects"] == []
    assert kf.resolve_options({"object_set": "custom", "extra_objects": ["sextant"]}, 4)["extra_objects"] == ["sextant"]


def test_unknown_options_and_seats_are_refused():
    with pytest.raises(ValueError):
        new_game("toy", 5)
    with pytest.raises(ValueError):
        new_game("toy", 2, {"nonsense": 1})
    with pytest.raises(ValueError):
        new_game("toy", 2, {"bonus": 7})
    with pytest.raises(ValueError):
        new_game("no-such-game", 2)












def test_private_log_entries_reach_only_their_seat():
    state = new_game("toy", 3, seed=1)
    state.apply(0, {"type": "peek"})
    assert any(e["k"] == "saw" for e in state.view(0)["log"])
    assert not any(e["k"] == "saw" for e in state.view(1)["log"])
    assert not any(e["k"] == "saw" for e in state.view(None)["log"])
    # the seat's own copy is marked private (the table shows it as a secret); public ones are not
    assert all(e.get("private") for e in state.view(0)["log"] if e["k"] == "saw")
    state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    assert not any(e.get("private") for e in state.view(1)["log"])


def test_undo_only_own_last_action_and_never_after_a_reveal():
    state = new_game("toy", 2, seed=1)
    play = [a for a in state.legal_actions(0) if a["type"] == "play"][0]
    state.apply(0, play)
    assert state.can_undo(0) and not state.can_undo(1)
    back = state.undo()
    assert back.fingerprint() == new_game("toy", 2, seed=1).fingerprint()
    state.apply(1, {"type": "peek"})
    assert not state.can_undo(1)
    with pytest.raises(IllegalAction):
        state.undo()


def test_damaged_saves_raise_save_error():
    good = new_game("toy", 2, seed=4)
    good.apply(0, good.legal_actions(0)[0])
    text = good.to_json()
    for damaged in ["", "{", "[]", text.replace('"version":1', '"version":99'),
                    text.replace('"toy"', '"chess"'), text.replace('"seed":4', '"seed":"x"'),
                    json.dumps({**json.loads(text), "actions": [[1, {"type": "play", "n": 0}]]})]:
        with pytest.raises(SaveError):
            load(damaged)




def test_public_api_names():
    for name in ["GAMES", "new_game", "load", "IllegalAction"]:
        assert hasattr(engine, name)
    state = new_game("toy", 2)
    for verb in ["to_act", "legal_actions", "apply", "view", "is_over", "result", "to_json"]:
        assert callable(getattr(state, verb))

