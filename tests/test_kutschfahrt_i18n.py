"""Every log key and phase the engine emits is worded in nl, en and de."""

import json
import os

from .kutschfahrt_helpers import random_game

HERE = os.path.dirname(os.path.abspath(__file__))
STRINGS = json.load(open(os.path.join(HERE, "..", "web", "ui", "screens", "kutschfahrt", "words.json"), encoding="utf-8"))


def test_all_keys_and_phases_are_worded():
    keys, phases = set(), set()
    opts = [{"object_set": "all", "smuggling": True, "fortune_telling": True},
            {"object_set": "all", "advanced3": True}, None]
    for seed in range(60):
        st = random_game(3 + seed % 8, seed, opts[seed % 3], check=False)
        for who, e in st.events:
            keys.add(e["k"])
        for seat, action in st.actions:
            pass
        phases.add(st.step["phase"])
    for lang in ("nl", "en", "de"):
        assert keys <= set(STRINGS[lang]["log"]), (lang, keys - set(STRINGS[lang]["log"]))
    from engine.kutschfahrt.phases import PHASES
    emitted_phases = set(PHASES)
    for lang in ("nl", "en", "de"):
        assert emitted_phases | {"over"} <= set(STRINGS[lang]["phase"])
        names = STRINGS[lang]["names"]
        from engine.kutschfahrt.cards import OBJECT_IDS, OCCUPATION_IDS
        assert set(OBJECT_IDS) | set(OCCUPATION_IDS) | {"order", "brotherhood", "bag"} <= set(names)
    assert len(keys) > 30
