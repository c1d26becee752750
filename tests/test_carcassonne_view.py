"""Carcassonne: the view, the tile data for drawing, the words and the bots."""

import json
import re
import types
from pathlib import Path

from engine import bots, new_game
from engine.carcassonne.bots import rebuild
from engine.carcassonne.tiles import DATA, HALVES, TILES, WHEEL
from engine.play import finish, random_chooser
from engine.rng import Rng

STRINGS = json.loads((Path(__file__).parent.parent / "web/ui/screens/carcassonne/words.json").read_text())


def play(seats, seed, options=None, every=None):
    s = new_game("carcassonne", seats, options, seed)
    choose = random_chooser(Rng(seed + 99), first=True)

    def checked(state):
        if every:
            every(state, state.to_act()[0])
        return choose(state)

    return finish(s, checked)


def test_tile_data_is_drawable():
    for tid, t in TILES.items():
        ports = [p for f in t["features"] for p in f.get("ports", ())]
        assert len(ports) == len(set(ports)), tid
        for f in t["features"]:
            assert f["kind"] in ("city", "road", "field", "monastery")
            x, y = f["anchor"]
            assert 0 <= x <= 1 and 0 <= y <= 1
        for i, e in enumerate(t["edges"]):
            side = "NESW"[i]
            halves = [h for h in HALVES if h[0] == side]
            assert (side in ports) == (e in "CR"), tid
            assert all((h in ports) == (e in "FR") for h in halves), tid
    assert sum(DATA["decks"]["wof"].values()) == 71
    assert sum(DATA["decks"]["classic"].values()) == 71  # + the start tile
    pigs = [TILES[t]["pig"] for t, n in DATA["decks"]["wof"].items() for _ in range(n)]
    assert sum(1 for p in pigs if p) == 19 and sorted(set(pigs)) == [0, 1, 2, 3]
    assert [len(s["crowns"]) for s in WHEEL["segments"]] == [1, 2, 1, 2, 1, 2]


def test_every_log_key_and_phase_has_words_in_three_languages():
    keys, phases = set(), set()
    entries = []

    def look(s, seat):
        phases.add(s.g.phase)

    for seed in range(12):
        s = play(2 + seed % 4, seed, {"start": "classic"} if seed == 5 else None, look)
        for e in s.view(None)["log"]:
            keys.add(e["k"])
            entries.append(e)
    phases.add("over")
    assert {"pig", "pest", "crown_score", "farm", "score_city", "end_road"} <= keys
    for lang in ("nl", "en", "de"):
        for k in keys:
            assert k in STRINGS[lang]["log"], (lang, k)
        for p in phases:
            assert p in STRINGS[lang]["phase"], (lang, p)
    for e in entries:
        for lang in ("nl", "en", "de"):
            for param in re.findall(r"{(\w+)", STRINGS[lang]["log"][e["k"]]):
                assert param in e, (e, param)
            for name in re.findall(r"{(\w+):name}", STRINGS[lang]["log"][e["k"]]):
                assert str(e[name]) in STRINGS[lang]["names"], (lang, e[name])


def test_view_has_what_the_screen_draws():
    s = play(3, 4)
    v = s.view(1)
    for key in ["phase", "active", "scores", "players", "prompt", "tiles", "followers", "wheel",
                "drawn", "tiles_left", "remaining", "supply", "last", "breakdown"]:
        assert key in v
    assert v["over"] and v["result"]["breakdown"]
    assert sum(v["result"]["breakdown"][0].values()) == v["scores"][0]
    assert len(v["tiles"]) == 71 and v["tiles_left"] == 0


def test_the_finished_features_kept_between_views_are_those_of_the_board_now():
    """The view keeps its list of finished features until the next tile: the
    list read at every step of a game is the one walking the board gives."""
    def check(s, seat):
        kept = s.view(seat)["completed"]  # kept from an earlier step, if nothing was placed since
        del s._completed_kept
        assert s.view(seat)["completed"] == kept

    finished = play(2, 8, None, check).view(None)["completed"]
    assert any(i >= 0 for i, _ in finished) and any(i == -1 for i, _ in finished)  # tiles' and the wheel's


def test_bots_rebuild_the_game_from_the_view_only():
    def check(s, seat):
        g = rebuild(s.view(seat))
        mine = sorted(json.dumps(a, sort_keys=True) for a in g.legal())
        real = sorted(json.dumps(a, sort_keys=True) for a in s.legal_actions(seat))
        assert mine == real
        assert g.supply == s.g.supply and g.scores == s.g.scores and g.pig == s.g.pig

    for seed in range(3):
        play(2 + seed, seed, None, check)


def test_bot_levels_play_legal_moves_and_strong_thinks_in_slices():
    s = new_game("carcassonne", 2, seed=8)
    r = Rng(3)
    seen = set()
    while not s.is_over() and len(s.actions) < 60:
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        level = ["greedy", "strong"][seat]
        gen = bots.think("carcassonne", s.view(seat), legal, level, seed=len(s.actions), budget_ms=60)
        assert isinstance(gen, types.GeneratorType)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            action = stop.value
        assert action in legal
        seen.add(s.view(seat)["phase"])
        s.apply(seat, action if r.below(4) else r.choice(legal))
    assert {"place", "follower"} <= seen


def test_explaining_entries_have_words_with_their_data():
    """Ties and the per-city / per-field lines of Belasting and Hongersnood."""
    from engine.carcassonne.core import Game

    from .carcassonne_helpers import put

    g = Game(2, {}, log=True)
    put(g, "E", 0, 0, 90, 0, "city")
    put(g, "E", 2, 0, 270, 1, "city")
    put(g, "F", 1, 0)                          # shared city: a tie
    put(g, "E", 0, 2, 90, 0, "city")           # an open city for Belasting
    put(g, "E", 0, 4, 180, 1, "field")
    put(g, "E", 0, 5, 0)                       # a finished city beside Red's farmer
    g.move_pig(1)                              # Fortuna -> Belasting
    g.move_pig(1)                              # -> Hongersnood
    entries = {e["k"]: e for e in g.log}
    assert {"tie", "belasting_city", "hongersnood_field"} <= set(entries)
    for lang in ("nl", "en", "de"):
        for k in ("tie", "belasting_city", "hongersnood_field"):
            template = STRINGS[lang]["log"][k]
            for param in re.findall(r"{(\w+)", template):
                assert param in entries[k], (lang, k, param)
