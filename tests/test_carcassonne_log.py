"""Carcassonne's log tells every public step (issue 12): who did what,
where and with what result, worded in nl/en/de; wheel actions write no
"+0" lines; a scoring names the parts of its feature (engine/carcassonne/
story.py) and bots' copies of the game never pay for any of it."""

import json
import re
from pathlib import Path

import pytest

from engine import new_game
from engine.carcassonne import story
from engine.carcassonne.core import SEG_CROWNS, SEGMENTS, Game
from engine.carcassonne.state import CarcassonneState
from engine.play import finish, play, random_chooser
from engine.rng import Rng

from . import ui_support  # noqa: F401  (web/ on the path)
from .carcassonne_helpers import BLUE, OX, OY, RED, feat, put, scored

from ui.i18n import LANGS, Words  # noqa: E402

STRINGS = json.loads((Path(__file__).parent.parent / "web/ui/screens/carcassonne/words.json").read_text())
# the entry each kind of action writes (besides what follows from it)
SAYS = {"place": "place", "follower": "follower", "crown": "crown_place", "no_follower": "no_follower",
        "pest": "pest"}
WHEEL_LINES = {"fortuna", "belasting", "hongersnood", "onweer", "inquisitie", "belasting_city",
               "hongersnood_field", "crown_score"}


def games(n, seats_from=2):
    """Random games of 2-5 seats, the wheel and the classic start."""
    for seed in range(n):
        options = {"start": "classic"} if seed % 5 == 4 else {"wheel_tiles": "board"} if seed % 5 == 3 else {}
        yield new_game("carcassonne", seats_from + seed % (6 - seats_from), options, 300 + seed), seed


def test_every_action_kind_writes_a_public_entry_worded_in_three_languages():
    words = {lang: Words(lang, "carcassonne", lambda s: f"Seat{s}") for lang in LANGS}
    seen = set()
    for state, seed in games(24):
        for state in play(state, random_chooser(Rng(seed), first=True)):
            move = len(state.actions)
            seat, action = state.actions[-1]
            public = [e for who, e in state.events if who is None and e["move"] == move]
            mine = [e for e in public if e["k"] == SAYS[action["type"]] and e.get("seat") == seat]
            assert mine, (action, public)
            seen.add(action["type"])
            for e in public:
                for lang, w in words.items():
                    text = w.entry(e)
                    assert not re.search(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b", text), (lang, e, text)
    assert seen == set(SAYS)
    for lang, w in words.items():
        assert not w.missing, (lang, sorted(w.missing))


def test_wheel_actions_write_no_zero_lines_and_explain_every_wheel_point():
    for state, seed in games(30):
        finish(state, random_chooser(Rng(seed + 1), first=True))
        log = [e for _, e in state.events]
        assert not [e for e in log if e["k"] in WHEEL_LINES and e["points"] == 0]
        # every point of the wheel is said once: a seat's total, or its one explaining line
        said = [0] * state.seats
        event, details, totals, lines = None, {}, {}, {}

        def close():
            for s in range(state.seats):
                said[s] += totals.get(s, details.get(s, 0))

        for e in log:
            if e["k"] == "pig":
                close()
                event, details, totals, lines = e["segment"], {}, {}, {}
            elif e["k"] in ("belasting_city", "hongersnood_field"):
                details[e["seat"]] = details.get(e["seat"], 0) + e["points"]
                lines[e["seat"]] = lines.get(e["seat"], 0) + 1
            elif e["k"] in ("fortuna", "belasting", "hongersnood", "onweer", "inquisitie"):
                assert e["k"] == event
                # a total after a single explaining line would say the same twice
                assert e["k"] not in ("belasting", "hongersnood") or lines.get(e["seat"], 0) >= 2, e
                totals[e["seat"]] = e["points"]
        close()
        assert said == [b["wheel"] for b in state.g.breakdown], seed
        # an action that gave nobody anything says so once
        for i, e in enumerate(log):
            if e["k"] == "pig" and e["segment"] not in ("pest", "fortuna"):
                after = log[i + 1:i + 1 + 4 * state.seats]
                assert any(a["k"] in (e["segment"], e["segment"] + "_city", e["segment"] + "_field")
                           or a == dict(a, k="wheel_none", segment=e["segment"]) for a in after), after


def test_where_a_square_lies_from_the_wheel_or_the_start_tile():
    g = Game(2, {})
    assert story.where(g, 1, -1) == {"dir": "dir-n", "dist": 1, "from": "from-wheel"}   # above the wheel
    assert story.where(g, 5, -2) == {"dir": "dir-ne", "dist": 2, "from": "from-wheel"}
    assert story.where(g, 7, -1) == {"dir": "dir-e", "dist": 4, "from": "from-wheel"}   # mostly east
    assert story.where(g, -1, 2) == {"dir": "dir-w", "dist": 1, "from": "from-wheel"}
    assert story.where(g, 2, 6) == {"dir": "dir-s", "dist": 3, "from": "from-wheel"}
    assert story.where(g, -3, 5) == {"dir": "dir-sw", "dist": 3, "from": "from-wheel"}
    classic = Game(2, {"start": "classic"})  # the start tile at (0, 0)
    assert story.where(classic, 0, 1) == {"dir": "dir-s", "dist": 1, "from": "from-start"}
    assert story.where(classic, -2, -2) == {"dir": "dir-nw", "dist": 2, "from": "from-start"}
    assert [story.turned(r) for r in (0, 90, 180, 270)] == ["rot-0", "rot-90", "rot-180", "rot-270"]


def test_a_placed_tile_says_what_it_joined():
    g = Game(2, {"start": "classic"}, log=True)  # start tile D at (0, 0): a city to the north, a road east-west
    for tile, x, y, rot, joined in [("U", -1, 0, 0, "joins-road"),   # the road goes on west
                                    ("E", 0, -1, 180, "joins-city"),  # closes the city to the north
                                    ("B", 0, 1, 0, "joins-field"),    # a monastery below: fields only
                                    ("E", 1, -1, 180, "joins-field"), # a city edge facing down, beside E
                                    ("D", 1, 0, 0, "joins-both")]:    # its city meets that one, its road D's
        assert rot in g.fits(tile, x, y), (tile, x, y, rot)
        g.drawn = tile
        g.place(x, y, rot)
        e = g.log[-1]
        assert (e["k"], e["tile"], e["joins"], e["turned"]) == ("place", tile, joined, f"rot-{rot}")
        assert e["from"] == "from-start"


def test_a_scoring_names_its_feature_parts_on_tiles_and_on_the_wheel():
    g = Game(2, {}, log=True)
    # the wheel's city at the top of its north-west square, closed by a city edge above it
    put(g, "E", -OX, -1 - OY, 180, RED, "city")
    e = scored(g, "score_city")[0]
    assert e["at"] == [[0, -1, feat("E", "city")], [0, 0, "city_top"]]
    assert (e["seat"], e["points"], e["tiles"]) == (RED, 4, 2)
    # the view says it is finished, on the wheel's land too
    state = CarcassonneState.__new__(CarcassonneState)
    state.g = g
    assert [-1, "city_top"] in state._completed() and [0, feat("E", "city")] in state._completed()


def test_tax_and_inquisition_name_the_cities_and_monasteries():
    g = Game(2, {}, log=True)
    put(g, "E", 0, 0, 90, BLUE, "city")
    put(g, "F", 1, 0)                           # Blue's open city of two parts
    put(g, "B", 0, 3, 0, RED, "monastery")
    put(g, "A", 3, 3, 0, RED, "monastery")
    g.pig = 0
    g.move_pig(1)                               # Tax
    line = scored(g, "belasting_city")[0]
    assert line["at"] == [[OX, OY, feat("E", "city")], [OX + 1, OY, feat("F", "city")]]
    g.pig = 3
    g.move_pig(1)                               # Inquisition
    (inq,) = scored(g, "inquisitie")
    assert (inq["seat"], inq["points"], inq["monks"]) == (RED, 4, 2)
    assert sorted(inq["at"]) == [[OX, OY + 3, feat("B", "monastery")], [OX + 3, OY + 3, feat("A", "monastery")]]
    assert SEGMENTS[g.pig] == "inquisitie" and not scored(g, "belasting")  # one city: no total line


def test_a_crown_scoring_names_its_space_and_nobody_scoring_is_one_line():
    g = Game(3, {}, log=True)
    g.put_crown(BLUE, SEG_CROWNS[1][1])
    g.pig = 0
    g.move_pig(1)                               # Tax: no knights anywhere
    g.score_crowns(g.pig)
    assert [e["k"] for e in g.log] == ["pig", "wheel_none", "crown_score"]
    assert g.log[1]["segment"] == "belasting" and g.log[2]["crown"] == SEG_CROWNS[1][1]


def test_the_bots_copies_never_tell_the_story(monkeypatch):
    """A game without a log (the bots' search) calls none of story.py."""
    def boom(*a, **k):
        raise AssertionError("story work in a game without a log")

    for name in ("where", "joins", "parts", "turned"):
        monkeypatch.setattr(story, name, boom)
    for seed in range(3):
        g = Game(2 + seed, {}, log=False)
        rng = Rng(seed)
        g.start_turn(rng)
        while g.phase != "over":
            legal = g.legal()
            g.apply(legal[rng.below(len(legal))], rng)


@pytest.mark.parametrize("lang", LANGS)
def test_new_names_are_worded_in_every_language(lang):
    names = STRINGS[lang]["names"]
    for ident in ["dir-n", "dir-ne", "dir-e", "dir-se", "dir-s", "dir-sw", "dir-w", "dir-nw", "from-wheel",
                  "from-start", "rot-0", "rot-90", "rot-180", "rot-270", "joins-city", "joins-road",
                  "joins-both", "joins-field", "f-city", "f-road", "f-monastery", "f-field"]:
        assert names.get(ident), (lang, ident)


def test_every_fields_parts_in_one_walk_are_the_fields_parts():
    for state, seed in games(6):
        finish(state, random_chooser(Rng(seed + 2), first=True))
        g = state.g
        fields = story.field_parts(g)
        assert len(fields) > 3
        for root, at in fields.items():
            assert at == story.parts(g, root)
        farms = [e for _, e in state.events if e["k"] == "farm"]
        assert all(e["at"] in fields.values() for e in farms)
