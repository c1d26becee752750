"""The engine holds whatever it is handed: exact actions (a look-alike such
as 1.0 or true for 1 is refused, the state unchanged), views that share
nothing with the game, and saves that either load or raise SaveError -
never anything else."""

from __future__ import annotations

import json
from collections import OrderedDict

import pytest

import engine
from engine import GAMES, IllegalAction, SaveError, load, new_game
from engine.protocol import exact
from engine.saves import depth, parse

from . import ui_support  # noqa: F401  (puts web/ on the path)
from .conftest import random_game
from .junk import damaged_round, deep, good_save, junk_round, positions
from .games.toy.rules import ToyState
from ui import i18n  # noqa: E402

GAME_IDS = sorted(GAMES)
JUNK_PER_GAME = 2000


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_look_alike_actions_are_refused_and_change_nothing(game_id):
    got = junk_round(game_id, JUNK_PER_GAME)
    assert got["tried"] >= JUNK_PER_GAME
    assert got["accepted"] == got["escaped"] == got["changed"] == 0, got["examples"][:5]
    assert got["copies_refused"] == 0 and got["positions"] > 5


def test_carcassonne_crown_zero_point_zero_is_refused_on_the_first_move():
    state = new_game("carcassonne", 2, seed=1)
    state.apply(0, state.legal_actions(0)[0])  # the tile; now the follower step
    crowns = [a for a in state.legal_actions(0) if a["type"] == "crown"]
    assert crowns and crowns[0]["crown"] == 0
    before = state.fingerprint()
    for look_alike in ({"type": "crown", "crown": 0.0}, {"type": "crown", "crown": False}):
        with pytest.raises(IllegalAction):
            state.apply(0, look_alike)
        assert state.fingerprint() == before
    state.view(0)
    state.apply(0, {"type": "crown", "crown": 0})  # the real one is fine
    assert state.actions[-1] == [0, {"type": "crown", "crown": 0}]


def test_kutschfahrt_to_one_point_zero_is_refused():
    state = new_game("kutschfahrt", 3, seed=1)
    seat = state.to_act()[0]
    to = next(a for a in state.legal_actions(seat) if "to" in a)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(seat, {**to, "to": float(to["to"])})
    assert state.fingerprint() == before


def test_true_is_not_seat_one():
    state = new_game("carcassonne", 2, seed=1)
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, {"type": "no_follower"})
    assert state.to_act() == [1]
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(True, state.legal_actions(1)[0])
    assert state.fingerprint() == before
    assert state.legal_actions(True) == []
    with pytest.raises(ValueError):
        state.view(True)


def test_the_engine_applies_and_logs_its_own_action_not_the_callers():
    state = new_game("thurn_taxis", 2, seed=2)
    seat = state.to_act()[0]
    mine = json.loads(json.dumps(state.legal_actions(seat)[0]))
    state.apply(seat, mine)
    logged = json.loads(json.dumps(state.actions[-1]))
    mine["type"] = "changed afterwards"
    mine["extra"] = [1]
    assert state.actions[-1] == logged and state.actions[-1][1] is not mine


def test_legal_actions_are_a_copy():
    state = new_game("kutschfahrt", 4, seed=3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    legal[0]["type"] = "hacked"
    legal.append({"type": "win"})
    assert state.legal_actions(seat)[0]["type"] != "hacked"
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "win"})


class CachingToy(ToyState):
    """The toy game keeping its legal list (as a game may, for speed): the
    protocol must still hand out copies."""

    def _legal(self, seat):
        key = (seat, tuple(self.hands[seat]), self.peeked[seat])
        if getattr(self, "_cache", (None,))[0] != key:
            self._cache = (key, super()._legal(seat))
        return self._cache[1]


def test_legal_actions_are_a_copy_even_when_a_game_keeps_its_list():
    state = CachingToy(2, None, 1)
    legal = state.legal_actions(0)
    legal[0]["n"] = 99
    legal.append({"type": "play", "n": 42})
    assert state.legal_actions(0) == state._legal(0) and {"type": "play", "n": 42} not in state._legal(0)
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "play", "n": 42})


def test_deep_or_huge_actions_are_refused_without_recursing():
    with pytest.raises(IllegalAction):
        exact(deep(500))  # refused at a depth of 17, far below Python's recursion limit
    for huge in (10**400, 2**63, -(2**70), float("inf"), float("nan")):
        with pytest.raises(IllegalAction):
            exact({"type": "place", "x": huge})
    assert exact(OrderedDict(a=(1, 2.5, True, None))) == {"a": [1, 2.5, True, None]}


def test_option_look_alikes_are_refused():
    toy = GAMES["toy"]
    assert toy.resolve_options({"bonus": 1}, 2)["bonus"] == 1
    for look_alike in (1.0, True, "1", [1]):
        with pytest.raises(ValueError):
            toy.resolve_options({"bonus": look_alike}, 2)
    kf = GAMES["kutschfahrt"]
    with pytest.raises(ValueError):
        kf.resolve_options({"smuggling": 1}, 4)
    with pytest.raises(ValueError):
        kf.resolve_options({"object_set": "custom", "extra_objects": ["sextant", "sextant"]}, 4)
    text = new_game("toy", 2, {"bonus": 1}, 3).to_json()
    with pytest.raises(SaveError) as err:
        load(text.replace('"bonus":1', '"bonus":true'))
    assert err.value.key == "bad_options"


def scribble(value):
    """Change everything reachable in a view: dicts, lists, log entries."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
            value[key] = "scribbled"
        value["new"] = 1
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_editing_a_view_changes_nothing_in_the_game(game_id):
    spec = GAMES[game_id]
    seats = spec.max_seats if game_id == "kutschfahrt" else spec.min_seats
    for checked, state in enumerate(positions(game_id, seats, every=4, seed=21)):
        if checked == 30:
            break
        before = state.fingerprint()
        for seat in list(range(seats)) + [None]:
            view = state.view(seat)
            again = json.loads(json.dumps(view))
            scribble(view)
            assert state.view(seat) == again
        for seat in state.to_act():
            scribble(state.legal_actions(seat))
        assert state.fingerprint() == before


def test_editing_a_result_changes_nothing():
    for game_id in GAME_IDS:
        for state in random_game(game_id, GAMES[game_id].min_seats, seed=4):
            pass
        before = state.fingerprint()
        scribble(state.result())
        scribble(state.view(0)["result"])
        assert state.fingerprint() == before


def test_kutschfahrt_struggle_step_in_a_view_is_a_copy():
    for state in random_game("kutschfahrt", 4, seed=8):
        step = state.view(0)["step"]
        if isinstance(step, dict) and len(step) > 1:
            break
    else:
        pytest.fail("no struggle step came up")
    before = state.fingerprint()
    view = state.view(0)
    scribble(view["step"])
    scribble(view["log"])
    assert state.fingerprint() == before


# ------------------------------------------------------------------ saves
def test_every_damaged_save_raises_save_error_and_nothing_else():
    count = 0
    keys = set()
    for game_id in GAME_IDS:
        got = damaged_round(game_id)
        assert got["good_loads"]
        assert got["loaded"] == got["escaped"] == 0, got["examples"][:5]
        count += got["tried"]
        keys |= got["keys"]
    assert count >= 200
    # each reason is worded for the player in three languages
    for lang in i18n.LANGS:
        for key in keys:
            assert f"saveerr.{key}" in i18n.FRAME[lang], key
    assert {"not_json", "too_deep", "not_finite", "replay_failed", "bad_action", "bad_seed"} <= keys


def test_load_errors_that_used_to_escape():
    text = good_save("carcassonne", 6)
    seed = json.loads(text)["seed"]
    for damaged, key in [
        (text.replace(f'"seed":{seed}', '"seed":1e999'), "not_finite"),  # OverflowError before
        (text.replace(f'"seed":{seed}', '"seed":[1]'), "bad_seed"),  # TypeError before
        (text.replace('"actions":[', '"actions":' + "[" * 100_000, 1), "too_deep"),  # RecursionError before
        (text.replace('"start":"wheel"', '"start":["wheel"]', 1), "bad_options"),
    ]:
        with pytest.raises(SaveError) as err:
            load(damaged)
        assert err.value.key == key


def test_a_replay_failure_names_the_move():
    text = good_save("thurn_taxis", 12)
    save = json.loads(text)
    save["actions"][7][1] = {**save["actions"][7][1], "extra": 1}
    with pytest.raises(SaveError) as err:
        load(json.dumps(save))
    assert err.value.key == "replay_failed" and err.value.params == {"move": 8}
    assert i18n.Words("nl").why(err.value) == "zet 8 kan volgens de regels niet"


def test_depth_is_measured_without_recursion_and_strings_do_not_count():
    assert depth("[" * 100_000) == 100_000
    assert depth('{"a": "[[[[[[", "b": [1, {"c": "]]]\\"[["}]}') == 3
    with pytest.raises(SaveError):
        parse('{"a":' * 100)
    assert parse('{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}


def test_a_good_save_with_a_float_timestamp_and_no_meta_still_loads():
    text = good_save("kutschfahrt", 10)
    assert load(text).actions == json.loads(text)["actions"]
    assert engine.load(json.dumps({k: v for k, v in json.loads(text).items() if k != "meta"}))
