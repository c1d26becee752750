"""The table's frame in CPython: saves, hot-seat hand-off, undo, words, lobby."""

import json

import pytest

import engine
from engine.registry import GAMES

from . import ui_support  # noqa: F401  (puts web/ on the path)
from .ui_support import FakeStorage
from .hotseat_driver import look_all
from ui import i18n, lobby, table  # noqa: E402
from ui.session import Session  # noqa: E402
from ui.storage import SaveStore, StorageFull, summarize  # noqa: E402

HUMAN = {"kind": "human", "level": None}


def players(*kinds):
    return [dict(name=f"P{i}", kind=k, level=None if k == "human" else "random") for i, k in enumerate(kinds)]


def test_store_lists_good_and_damaged_saves_and_keeps_them():
    store = SaveStore(FakeStorage())
    session = Session.start("toy", players("human", "bot"), {}, 3, "a", 100)
    store.put("a", session.to_json(200))
    store.put("b", "{broken")
    store.put("c", json.dumps({**json.loads(session.to_json(5)), "version": 7}))
    rows = {r["id"]: r for r in store.entries()}
    assert not rows["a"]["damaged"] and rows["a"]["names"] == ["P0", "P1"] and rows["a"]["game"] == "toy"
    assert rows["b"]["damaged"] and rows["c"]["damaged"]
    assert store.get("b") == "{broken"
    assert [r["id"] for r in store.entries()][0] == "a"  # newest first


def test_full_storage_raises_and_keeps_the_previous_save():
    backend = FakeStorage(limit=2000)
    store = SaveStore(backend)
    session = Session.start("toy", players("human", "human"), {}, 1, "g", 0)
    store.put("g", session.to_json(1))
    before = store.get("g")
    big = json.dumps({**json.loads(before), "meta": {"pad": "x" * 5000}})
    with pytest.raises(StorageFull):
        store.put("g", big)
    assert store.get("g") == before


def test_summarize_never_raises():
    for text in ["", "null", "[]", '{"format": "speeltafel-save"}', "\x00", '{"format":"speeltafel-save","version":1,"game":"toy","seats":"x","actions":[]}']:
        assert summarize("x", text)["damaged"]


def test_new_ids_do_not_collide():
    store = SaveStore(FakeStorage())
    first = store.new_id(1000)
    store.put(first, "x")
    assert store.new_id(1000) != first


def test_session_round_trips_through_its_save():
    s = look_all(Session.start("toy", players("human", "bot", "human"), {"bonus": 1}, 8, "id", 10))
    s.set_note(s.viewer, "P2 looks suspicious")
    while s.bots_to_act() or s.humans_to_act():
        if s.handoff_to is not None:
            s.confirm_handoff()
        if s.humans_to_act():
            s.act(s.my_legal()[0])
        else:
            seat = s.bots_to_act()[0]
            s.bot_act(seat, s.state.legal_actions(seat)[0])
        if len(s.state.actions) == 3:
            break
    again = Session.from_save(s.to_json(20), "id")
    assert again.state.fingerprint() == s.state.fingerprint()
    assert again.players == s.players and again.notes == s.notes


def test_hand_off_only_when_a_secret_is_at_stake():
    s = Session.start("toy", players("human", "human"), {}, 2, "id")
    assert s.to_look == [1], "seat 1 looks at its hand first; seat 0's own move is its look"
    look_all(s)
    assert s.handoff_to == 0 and s.my_legal() == []  # the device is back on the table
    s.confirm_handoff()
    assert s.viewer == 0 and s.my_legal()
    s.act(next(a for a in s.my_legal() if a["type"] == "play"))
    assert s.handoff_to == 1, "the toy game's hands are secret: pass the device"
    assert s.viewer == 0 and s.my_legal() == []


def test_one_human_never_gets_a_hand_off():
    s = Session.start("toy", players("bot", "human", "bot"), {}, 2, "id")
    assert s.viewer == 1 and s.handoff_to is None
    while not s.state.is_over():
        if s.humans_to_act():
            s.act(s.my_legal()[-1])
        else:
            seat = s.bots_to_act()[0]
            s.bot_act(seat, s.state.legal_actions(seat)[0])
        assert s.handoff_to is None and s.viewer == 1


def test_notes_belong_to_the_viewer_only():
    s = Session.start("toy", players("human", "bot"), {}, 2, "id")
    s.set_note(1, "not mine")
    assert s.note(1) == ""
    s.set_note(0, "mine")
    assert s.note(0) == "mine"


def test_undo_own_move_only_before_a_reveal():
    s = look_all(Session.start("toy", players("human", "human"), {}, 4, "id"))
    s.confirm_handoff()
    assert not s.can_undo()
    s.act(next(a for a in s.my_legal() if a["type"] == "play"))
    s.confirm_handoff()  # now seat 1 views: the last move is not theirs
    assert not s.can_undo()
    s.act({"type": "peek"})
    assert not s.can_undo(), "a peek revealed a hand: no undo"


def test_words_fill_players_names_and_lists():
    w = i18n.Words("nl", None, lambda s: ["Anna", "Bram", "Cas"][s])
    assert w.fill("{who:player}: {cards}", {"who": [0, 2], "cards": ["a", "b", "c"]}) == "Anna en Cas: a, b en c"
    assert w.t("table.turn", name="Anna") == "Anna is aan zet"
    assert i18n.pick_lang(None, "de-AT") == "de" and i18n.pick_lang("xx", "fr") == "en"
    # a seat that is no one (a stand-off, nobody supported) reads as a word, not a crash
    assert w.fill("{who:player} wint", {"who": None}) == "niemand wint"
    # a count with its noun in the right number
    assert w.fill("({n|kaart|kaarten})", {"n": 1}) == "(1 kaart)"
    assert w.fill("({n|kaart|kaarten})", {"n": 0}) == "(0 kaarten)"
    assert w.fill("{n|punt|punten} en {m|punt|punten}", {"n": 3, "m": 1}) == "3 punten en 1 punt"


def test_every_frame_key_exists_in_every_language():
    keys = set(i18n.FRAME["en"])
    for lang in i18n.LANGS:
        assert set(i18n.FRAME[lang]) == keys, lang


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_lobby_renders_every_game_with_its_options(lang):
    words = i18n.Words(lang)
    for game_id, spec in GAMES.items():
        if game_id == "toy":
            continue
        for seats in (spec.min_seats, spec.max_seats):
            model = lobby.default_model(game_id, words)
            model["seats"] = seats
            lobby.fit_players(model, words)
            html = lobby.render_lobby(model, [], words, games=[game_id])
            assert f'data-arg="{game_id}"' in html and 'id="start"' in html
            assert html.count('class="seat-row"') == seats
            options = lobby.resolved_options(model)
            for opt in spec.options:
                assert (f"opt-{opt.id}" in html) == opt.applies(seats, options)


def test_lobby_shows_an_option_only_where_it_applies():
    words = i18n.Words("en")
    model = lobby.default_model("thurn_taxis", words)
    html = lobby.render_lobby(model, [], words, games=["thurn_taxis"])
    assert "opt-map" in html and "opt-horses" not in html and "opt-horses_stay" not in html
    model["options"] = {"map": "north"}
    html = lobby.render_lobby(model, [], words, games=["thurn_taxis"])
    assert "opt-horses" in html and "opt-free_city_with_country" in html and "opt-horses_stay" not in html
    model["options"] = {"map": "north", "horses": True}
    assert "opt-horses_stay" in lobby.render_lobby(model, [], words, games=["thurn_taxis"])
    # back to the south: horses no longer count (and are remembered for the north)
    model["options"]["map"] = "south"
    assert lobby.resolved_options(model)["horses"] is False and model["options"]["horses"] is True
    model = lobby.default_model("kutschfahrt", words)
    assert "opt-extra_objects" not in lobby.render_lobby(model, [], words, games=["kutschfahrt"])
    model["options"] = {"object_set": "custom"}
    assert "opt-extra_objects" in lobby.render_lobby(model, [], words, games=["kutschfahrt"])


def test_result_and_handoff_render():
    state = engine.new_game("toy", 2, seed=1)
    while not state.is_over():
        state.apply(state.to_act()[0], [a for a in state.legal_actions(state.to_act()[0]) if a["type"] == "play"][0])
    words = i18n.Words("de", "toy", lambda s: f"S{s}")
    ctx = table.TableContext(words, players("human", "bot"), 0)
    html = table.render_result(state.view(0), ctx)
    winners = state.result()["winners"]
    assert ("gewinnt" if len(winners) == 1 else "gewinnen") in html
    assert all(f"P{w}" in html for w in winners)
    assert "Gib das Gerät an \u2068P1\u2069" in table.render_handoff(ctx, 1)  # the name isolated (ui/names.py)


def test_log_entries_carry_their_move_and_the_table_marks_what_is_new_since_a_seats_last_turn():
    """Every entry says which action wrote it (0: the setup); a seat's last
    turn ends where another seat moved after it, so its own move in
    progress keeps what the others did marked."""
    session = Session.start("toy", players("human", "bot"), {}, 3, "s", 0)
    state = session.state
    assert all(e["move"] == 0 for e in state.view(None)["log"])
    moves = []
    while len(moves) < 5 and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        moves.append(seat)
        assert [e["move"] for e in state.view(None)["log"]][-1] == len(moves)
    seats = [s for s, _ in state.actions]
    for seat in (0, 1):
        i = len(seats)
        while i and seats[i - 1] == seat:
            i -= 1
        expected = max((j + 1 for j in range(i) if seats[j] == seat), default=0)
        assert session.seen_until(seat) == expected
    # explicit: [0, 0, 1, 1] -> seat 0 has seen up to move 2, seat 1 nothing yet
    state.actions = [[0, {}], [0, {}], [1, {}], [1, {}]]
    assert (session.seen_until(0), session.seen_until(1)) == (2, 0)
    state.actions.append([0, {}])  # seat 0's new turn has begun: the others' moves stay new
    assert session.seen_until(0) == 2
    # ...and its own moves in that turn are no news to it (issue 23): new is moves 3-4 only
    assert session.turn_began(0) == 4 and session.turn_began(1) == 5
    ctx = table.TableContext(i18n.Words("en", "toy"), players("human", "bot"), 0, since=2, until=4)
    assert [m for m in range(6) if ctx.is_new({"move": m})] == [3, 4]


def test_the_since_line_says_the_newest_public_entry_and_marks_new_log_entries():
    words = i18n.Words("en", "toy")
    view = {"game": "toy", "log": [{"k": "play", "seat": 0, "n": 1, "turn": 1, "move": 1},
                                   {"k": "play", "seat": 1, "n": 2, "turn": 1, "move": 2},
                                   {"k": "saw", "who": 0, "hand": [1], "turn": 1, "move": 3, "private": True},
                                   {"k": "play", "seat": 1, "n": 3, "turn": 1, "move": 3}]}
    ctx = table.TableContext(words, players("human", "bot"), 0, since=1)
    line = table.render_since(view, ctx)
    assert "Since your last turn" in line and words.entry(view["log"][3]) in line and "1 more event" in line
    log = table.render_log(view, ctx)
    assert log.count('class="log-entry new"') == 2 and log.count("log-entry private new") == 1
    assert table.render_since(view, table.TableContext(words, players("human", "bot"), 0, since=3)) == ""
    assert table.render_since(view, table.TableContext(words, players("human", "bot"), None)) == ""


def test_german_calls_one_players_turn_zug():
    """A turn of one player is a "Zug" in German; "Runde" is a round of all
    players (the log's stamps and folds, the replay's turn buttons)."""
    w = i18n.Words("de")
    assert w.t("table.turn_no", n=7) == "Zug 7"
    assert w.t("log.fold", first=1, last=5, n=9).startswith("Züge 1–5")
    assert w.t("replay.next-turn") == "Nächster Zug" and w.t("replay.at", k=3, n=9) == "Schritt 3 von 9"
    assert not [k for k in ("table.turn_no", "log.fold", "log.fold_one", "replay.prev-turn", "replay.next-turn")
                if "Runde" in w.t(k, n=1, first=1, last=2)]
