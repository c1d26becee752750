"""The shared protocol, checked on every registered game (and the toy game)."""

import json

import pytest

import engine
from engine import GAMES, IllegalAction, SaveError, load, new_game
from engine.rng import Rng

from .conftest import random_game

GAME_IDS = sorted(GAMES)


def seat_counts(game_id):
    spec = GAMES[game_id]
    return sorted({spec.min_seats, spec.max_seats})


CASES = [(g, n) for g in GAME_IDS for n in seat_counts(g)]


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


def test_spec_is_json_and_complete():
    for game_id, spec in GAMES.items():
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["id"] == game_id
        assert set(data["names"]) >= {"nl", "en", "de"}
        assert 1 <= data["min_seats"] <= data["max_seats"]
        defaults = spec.resolve_options(None, spec.min_seats)
        assert set(defaults) == {o["id"] for o in data["options"]}


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


def sampled(states, every=25):
    """Fingerprints every `every` actions and at the end (views are big)."""
    prints = []
    for i, state in enumerate(states):
        if i % every == 0 or state.is_over():
            prints.append(state.fingerprint())
    return prints


@pytest.mark.parametrize("game_id,seats", CASES)
def test_same_seed_same_game(game_id, seats):
    a = sampled(random_game(game_id, seats, seed=3))
    b = sampled(random_game(game_id, seats, seed=3))
    assert a == b


@pytest.mark.parametrize("game_id,seats", CASES)
def test_save_load_replays_to_the_same_state(game_id, seats):
    states = random_game(game_id, seats, seed=11)
    checkpoints = {0, 1, 2, 5, 13, 40, 120, 400}
    for i, state in enumerate(states):
        if i in checkpoints or state.is_over():
            text = state.to_json(meta={"names": ["a"] * seats})
            again = load(text)
            assert again.fingerprint() == state.fingerprint()
            assert json.loads(again.to_json())["actions"] == json.loads(text)["actions"]
    assert state.is_over()
    result = state.result()
    assert set(result) >= {"winners", "scores", "breakdown"}
    assert result["winners"] and all(0 <= w < seats for w in result["winners"])
    json.dumps(result)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_illegal_actions_change_nothing(game_id, seats):
    for i, state in enumerate(random_game(game_id, seats, seed=5)):
        if i % 5 or state.is_over():
            continue
        before = state.fingerprint()
        actor = state.to_act()[0]
        idle = [s for s in range(seats) if s not in state.to_act()]
        bad = [(actor, {"certainly": "not a move"}), (actor, "garbage"), (99, {})]
        if idle:
            bad.append((idle[0], state.legal_actions(actor)[0]))
        for seat, action in bad:
            with pytest.raises(IllegalAction) as err:
                state.apply(seat, action)
            assert isinstance(err.value.reason.get("k"), str) and str(err.value)
            assert state.fingerprint() == before
        if i > 60:
            break


@pytest.mark.parametrize("game_id,seats", CASES)
def test_views_and_actions_are_json(game_id, seats):
    for i, state in enumerate(random_game(game_id, seats, seed=9)):
        if i % 9:
            continue
        for seat in list(range(seats)) + [None]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat and view["to_act"] == state.to_act()
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert legal, "a seat that must act has no legal action"
            assert json.loads(json.dumps(legal)) == legal


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


def test_bots_choose_a_legal_action_from_the_view_only():
    from engine import bots

    for game_id in GAME_IDS:
        if game_id == "toy":
            continue
        assert bots.LEVELS[game_id][0] == "random" and len(bots.LEVELS[game_id]) >= 2
        for state in random_game(game_id, GAMES[game_id].min_seats, seed=2):
            if state.is_over() or len(state.actions) > 40:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for level in bots.LEVELS[game_id]:
                choice = bots.choose(game_id, state.view(seat), legal, level, seed=1, budget_ms=50)
                assert choice in legal


def test_public_api_names():
    for name in ["GAMES", "new_game", "load", "IllegalAction"]:
        assert hasattr(engine, name)
    state = new_game("toy", 2)
    for verb in ["to_act", "legal_actions", "apply", "view", "is_over", "result", "to_json"]:
        assert callable(getattr(state, verb))


def test_every_option_is_worded_in_three_languages():
    for game_id, spec in GAMES.items():
        if game_id == "toy":
            continue
        assert all(spec.names.get(lang) for lang in ("nl", "en", "de")), game_id
        for opt in spec.options:
            assert all(opt.names.get(lang) for lang in ("nl", "en", "de")), f"{game_id}.{opt.id}"
            if opt.kind in ("choice", "subset"):
                for value in opt.values:
                    names = opt.value_names.get(value) or opt.value_names.get(str(value)) or {}
                    assert all(names.get(lang) for lang in ("nl", "en", "de")), f"{game_id}.{opt.id}={value}"
