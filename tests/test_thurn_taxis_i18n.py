"""Every log key, phase and name the Thurn und Taxis engine emits has words in nl/en/de."""

import json
import os

from engine import new_game
from engine.play import bot_chooser, play
from engine.thurn_taxis.board import load_map

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = json.load(open(os.path.join(HERE, "..", "web", "ui", "screens", "thurn_taxis", "words.json"), encoding="utf-8"))


def test_log_keys_phases_and_names_in_three_languages():
    keys, phases, names = set(), set(), set()
    for options in ({}, {"map": "north"}, {"map": "north", "horses": True}):
        for seed in range(2):
            st = new_game("thurn_taxis", 3, options, seed)
            phases.add(st.phase())
            for st in play(st, bot_chooser(["greedy"] * 3, first=True, seeds=lambda state, n, s=seed: s)):
                phases.add(st.phase())
            for _, e in st.events:
                keys.add(e["k"])
                if "tile" in e:
                    names.add(e["tile"])
            names.update(st.stacks)
    for m in ("south", "north"):
        b = load_map(m)
        names.update(b.cities)
        names.update(b.countries)
    assert {"score", "game_over", "tile_own", "carriage"} <= keys
    for lang in ("nl", "en", "de"):
        assert keys <= set(WORDS[lang]["log"]), (lang, keys - set(WORDS[lang]["log"]))
        assert phases <= set(WORDS[lang]["phase"]), (lang, phases - set(WORDS[lang]["phase"]))
        assert names <= set(WORDS[lang]["names"]), (lang, names - set(WORDS[lang]["names"]))
