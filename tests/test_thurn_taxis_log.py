"""Thurn und Taxis tells every public step (issue 12): each action writes at
least one public log entry, worded in nl/en/de, that says who did what and
where; a card drawn blind (and a card put face down to the carriage or
discarded) is named only in an entry to its owner, never in public."""

import pytest

from engine import new_game
from engine.play import play
from engine.rng import Rng

from . import ui_support  # noqa: F401  (web/ on the path)
from .contract.test_log_words import problems

from ui.i18n import LANGS, Words, game_strings  # noqa: E402

KINDS = {"take", "deck", "amtmann", "play", "horse", "abandon", "score", "discard", "pass"}
PLAYS = {"play_start", "play_head", "play_tail"}
GAMES = [({}, 2, 1), ({}, 3, 2), ({}, 4, 3), ({"map": "north"}, 3, 4),
         ({"map": "north", "horses": True}, 2, 5), ({"map": "north", "horses": True}, 4, 6),
         ({}, 2, 7), ({"abandon": "forced", "fewer_houses": True}, 3, 8)]


def chooser(rng, seen):
    """Random legal moves, scoring and playing on drawn more often (games end);
    records the table before each action in `seen` (display, route, tiles)."""
    def choose(state):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        b = state.board
        seen[:] = [[b.cities[b.card_city(c)] if c is not None else None for c in state.display],
                   [b.cities[b.card_city(c)] for c in state.routes[seat]],
                   len(state.bonus[seat]), state.houses_left[seat]]
        scores = [a for a in legal if a["type"] == "score"]
        plays = [a for a in legal if a["type"] in ("play", "horse")]
        if scores and rng.random() < 0.7:
            return seat, rng.choice(scores)
        if plays and rng.random() < 0.8:
            return seat, rng.choice(plays)
        return seat, rng.choice(legal)
    return choose


def moves_of(options, seats, seed):
    """(state, seat, action, table before, public entries, private entries) per action."""
    st = new_game("thurn_taxis", seats, options, seed)
    seen = []
    for state in play(st, chooser(Rng(seed * 13 + 1), seen), limit=20_000):
        move = len(state.actions)
        seat, action = state.actions[-1]
        public = [e for who, e in state.events if e["move"] == move and who is None]
        private = [(who, e) for who, e in state.events if e["move"] == move and who is not None]
        yield state, seat, action, seen[:], public, private


def params(entry):
    return [v for k, v in entry.items() if k not in ("k", "turn", "move")]


@pytest.mark.parametrize("options,seats,seed", GAMES)
def test_every_action_tells_the_table_what_happened_in_three_languages(options, seats, seed):
    words = {lang: Words(lang, "thurn_taxis", lambda s: f"Seat{s}") for lang in LANGS}
    names = {lang: game_strings("thurn_taxis")[lang]["names"] for lang in LANGS}
    kinds = set()
    for st, seat, action, (display, route, tiles_before, houses_before), public, private in \
            moves_of(options, seats, seed):
        kind = action["type"]
        kinds.add(kind)
        mine = [e for e in public if e.get("seat") == seat]
        assert mine, f"{kind}: no public entry says what seat {seat} did"
        for e in public + [e for _, e in private]:
            for lang, w in words.items():
                text = w.entry(e)
                assert not problems(e, text, names[lang]), (lang, text, e)
        keys = [e["k"] for e in mine]
        # who did what, where, with what result
        if kind == "take":
            took = next(e for e in mine if e["k"].startswith("take"))
            assert took["city"] == display[action["slot"]]
        elif kind == "play":
            laid = next(e for e in mine if e["k"] in PLAYS)
            assert laid["city"] == action["city"]
            assert laid["k"] == ("play_start" if not route else "play_" + action["end"])
            if route:
                assert laid["next"] == (route[0] if action["end"] == "head" else route[-1])
        elif kind == "amtmann":
            b = st.board
            assert next(e for e in mine if e["k"] == "amtmann")["cards"] == [
                b.cities[b.card_city(c)] for c in st.display if c is not None]
        elif kind == "score":
            scored = next(e for e in mine if e["k"] in ("score", "score_no_houses"))
            assert scored["route"] == route
            built = houses_before - st.houses_left[seat]
            assert sorted(scored.get("houses", [])) == sorted(action["cities"]) and built == len(action["cities"])
            new_tiles = [k for k, _ in st.bonus[seat][tiles_before:]]
            told = next((e["tiles"] for e in mine if e["k"] == "tiles"), [])
            assert told == new_tiles  # each tile by name, in the order taken
            assert ("wagner" in keys) == bool(action.get("wagner"))
            values = sorted(e["value"] for who, e in private if e["k"] == "tile_own" and who == {seat})
            assert values == sorted(v for _, v in st.bonus[seat][tiles_before:])
        elif kind == "abandon":
            assert next(e for e in mine if e["k"] == "abandon")["route"] == route
        if kind in ("take", "deck") and st.official == "postmeister" and not st.must_two \
                and st.drawn == 2:
            assert "postmeister" in keys  # the second draw is the official's
        if kind in ("play", "horse") and st.official == "postillion" and st.played == 2:
            assert "postillion" in keys
    assert KINDS - ({"horse"} if not options.get("horses") else set()) - {"amtmann", "abandon"} <= kinds
    assert st.is_over()


def test_the_kinds_of_action_all_occur_in_these_games():
    """The test above covers every kind of action (amtmann, abandon, the
    Wagner and horses among them) somewhere in its games."""
    kinds, keys = set(), set()
    for options, seats, seed in GAMES:
        for st, seat, action, _, public, _ in moves_of(options, seats, seed):
            kinds.add(action["type"])
            keys.update(e["k"] for e in public)
    assert kinds == KINDS
    assert {"wagner", "postmeister", "postmeister_forced", "postillion", "tiles", "carriage",
            "reshuffle", "end_trigger", "take_h", "horse"} <= keys


@pytest.mark.parametrize("options,seats,seed", GAMES)
def test_no_public_entry_names_a_card_drawn_blind_or_laid_face_down(options, seats, seed):
    """The card drawn from the deck goes to the drawer's own entry only; a
    card put to the carriage as a horse or discarded after scoring too."""
    secret_moves = 0
    for st, seat, action, _, public, private in moves_of(options, seats, seed):
        if action["type"] == "deck":
            b = st.board
            city = b.cities[b.card_city(st.hands[seat][-1])]  # the card drawn
        elif action["type"] in ("horse", "discard"):
            city = action["city"]
        else:
            continue
        secret_moves += 1
        for e in public:
            assert city not in str(params(e)), (action, e)
        own = [e for who, e in private if who == {seat} and e.get("city") == city]
        assert own, f"{action['type']}: the owner's own entry does not name the card"
    assert secret_moves > 5
