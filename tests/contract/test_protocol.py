"""The protocol every game keeps, checked on every registered game (the
tests' toy game included): same seed same game, saves that replay, refusals
that change nothing, JSON views and actions, the view keys every table and
bot relies on, a complete spec."""

import json

import pytest

from engine import GAMES, IllegalAction, load

from ..conftest import random_game
from .positions import CASES, GAME_IDS, sampled

# the base class adds these; each game's _view adds the rest
VIEW_KEYS = {"game", "seats", "seat", "options", "to_act", "over", "moves", "log",
             "phase", "active", "scores", "players", "prompt"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spec_is_json_complete_and_worded(game_id):
    spec = GAMES[game_id]
    data = json.loads(json.dumps(spec.to_dict()))
    assert data["id"] == game_id
    assert all(data["names"].get(lang) for lang in ("nl", "en", "de"))
    assert 1 <= data["min_seats"] <= data["max_seats"]
    assert set(spec.resolve_options(None, spec.min_seats)) == {o["id"] for o in data["options"]}
    for opt in spec.options:
        assert all(opt.names.get(lang) for lang in ("nl", "en", "de")), opt.id
        if opt.kind in ("choice", "subset"):
            for value in opt.values:
                names = opt.value_names.get(value) or opt.value_names.get(str(value)) or {}
                assert all(names.get(lang) for lang in ("nl", "en", "de")), (opt.id, value)


def fingerprints(game_id, seats, seed, every=25):
    return [s.fingerprint() for i, s in enumerate(random_game(game_id, seats, seed))
            if i % every == 0 or s.is_over()]


@pytest.mark.parametrize("game_id,seats", CASES)
def test_same_seed_same_game(game_id, seats):
    assert fingerprints(game_id, seats, 3) == fingerprints(game_id, seats, 3)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_saves_replay_to_the_same_state_and_the_end_has_a_result(game_id, seats):
    positions = sampled(game_id, seats, 11)
    for state in positions:
        text = state.to_json(meta={"names": ["a"] * seats})
        again = load(text)
        assert again.fingerprint() == state.fingerprint()
        assert json.loads(again.to_json())["actions"] == json.loads(text)["actions"]
    end = positions[-1]
    assert end.is_over()
    result = end.result()
    assert set(result) >= {"winners", "scores", "breakdown"}
    assert result["winners"] and all(0 <= w < seats for w in result["winners"])
    assert len(result["breakdown"]) == seats
    json.dumps(result)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_refused_actions_change_nothing_and_say_why(game_id, seats):
    for state in sampled(game_id, seats, 5)[:-1]:
        before = state.fingerprint()
        actor = state.to_act()[0]
        idle = [s for s in range(seats) if s not in state.to_act()]
        bad = [(actor, {"type": "certainly not a move"}), (actor, "garbage"), (99, {})]
        if idle:
            bad.append((idle[0], state.legal_actions(actor)[0]))
        for seat, action in bad:
            with pytest.raises(IllegalAction) as err:
                state.apply(seat, action)
            assert isinstance(err.value.reason.get("k"), str)
            assert state.fingerprint() == before


@pytest.mark.parametrize("game_id,seats", CASES)
def test_views_carry_the_keys_tables_and_bots_rely_on(game_id, seats):
    for state in sampled(game_id, seats, 9):
        for seat in list(range(seats)) + [None]:
            view = state.view(seat)
            assert VIEW_KEYS <= set(view), VIEW_KEYS - set(view)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat and view["to_act"] == state.to_act()
            assert isinstance(view["phase"], str) and isinstance(view["prompt"], dict)
            assert view["prompt"].get("k"), "a prompt names its step"
            assert view["active"] is None or 0 <= view["active"] < seats
            assert view["scores"] is None or len(view["scores"]) == seats
            assert len(view["players"]) == seats
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert legal, "a seat that must act has no legal action"
            assert json.loads(json.dumps(legal)) == legal
            assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_same_view_is_the_comparison_of_the_two_views_and_changes_nothing(game_id, seats):
    """`same_view` (the table's hand-over decision) compares views it does not
    copy: it must answer as the copies would, and leave them as they were."""
    for state in sampled(game_id, seats, 9):
        views = {seat: state.view(seat) for seat in [*range(seats), None]}
        for a in views:
            for b in views:
                assert state.same_view(a, b) == (dict(views[a], seat=None) == dict(views[b], seat=None)), (a, b)
        assert {seat: state.view(seat) for seat in views} == views
