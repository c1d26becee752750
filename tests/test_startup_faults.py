"""The fault matrix, run through the real App (ui/app.py) in CPython: start-up
with damaged storage, imports of damaged files, a browser that refuses
storage, two tabs on one game.  Only ui/dom.py is replaced (tests/fake_dom.py).

For every case: the app reaches the lobby or the table, tells the player in
their language (Dutch here), lists what it set aside, and keeps every save
byte for byte; the good saves beside the damage still resume.
"""

from __future__ import annotations

import json

import pytest

from engine import bots

from . import fake_dom
from .reliability_cases import CURRENT, PREFIX, PREFS, good_saves, import_cases, save_text, storage_cases
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

from ui import i18n  # noqa: E402
from ui.app import App  # noqa: E402
from ui import screens  # noqa: E402


@pytest.fixture(autouse=True)
def only_the_real_screens(monkeypatch):
    """The toy game stays without a screen here, whichever tests ran before
    (the contract suite gives it one in tests/screens)."""
    monkeypatch.setattr(screens, "_ROOTS", ["ui.screens"])

NL = i18n.FRAME["nl"]
STORAGE = storage_cases()
IMPORTS = import_cases()


def open_tab(backend, lang="nl-NL"):
    """A new tab on `backend`: the App is created and started as on the page."""
    page = fake_dom.Page(backend, lang)
    dom.page = page
    app = App()
    app.start()
    return page, app


def on(page):
    dom.page = page


def saves_in(backend):
    return {k: v for k, v in backend.items.items() if k.startswith(PREFIX)}


def told(app):
    return [key for key, _ in app.told[0]]


def run(scenario):
    """Run inside an event loop (bots are tasks); pending bot tasks are cancelled at the end."""
    async def main():
        return scenario()
    return run_async(main())


def test_the_matrix_is_big_enough():
    assert len(STORAGE) + len(IMPORTS) >= 40
    assert len({name for name, *_ in STORAGE}) == len(STORAGE)


@pytest.mark.parametrize("name,items,notice,stage", STORAGE, ids=[c[0] for c in STORAGE])
def test_start_up_never_bricks_and_keeps_every_save(name, items, notice, stage):
    def scenario():
        backend = FakeStorage()
        for key, text in {**{PREFIX + k: v for k, v in good_saves().items()}, **items}.items():
            backend.setItem(key, text)
        before = saves_in(backend)
        page, app = open_tab(backend)
        assert page.ready == stage, (page.ready, app.message)
        assert app.lang == "nl"
        if notice is not None:
            assert notice in told(app)
            # worded in Dutch, from the Dutch table (not an English fallback, not an exception text)
            assert app.message and app.message == app.told[1]
            assert NL[notice].split("{")[0][:25] in app.message
        assert saves_in(backend) == before, "a save was changed or removed"
        # what was set aside (or is damaged) is listed with what is wrong, and nothing else is
        if page.ready == "table":
            app.dispatch("menu", "", None, "click")
        html = page.elements["app"].html
        bad_ids = {r["id"] for r in app.store.entries(app.set_aside) if r["damaged"]}
        assert html.count('class="save damaged"') == len(bad_ids)
        assert html.count('class="save-why"') == len(bad_ids)
        if notice in ("boot.set_aside", "boot.damaged"):
            assert bad_ids, "the damaged entry is not listed"
        assert "<img" not in html, "an entry's id reached the page unescaped"
        # the good saves beside the damage still open at the table
        for good_id in good_saves():
            app.dispatch("save-resume", good_id, None, "click")
            assert page.ready == "table" and app.session.save_id == good_id, app.message
            app.dispatch("menu", "", None, "click")
        assert saves_in(backend).keys() >= before.keys()
        # a damaged entry can be exported as it is and deleted (after confirmation) - nothing else goes
        for bad_id in bad_ids:
            app.dispatch("save-export", bad_id, None, "click")
            assert page.downloads[-1][1] == before[PREFIX + bad_id]
        for bad_id in bad_ids:
            page.confirm_answer = False
            app.dispatch("save-delete", bad_id, None, "click")
            assert PREFIX + bad_id in backend.items
            page.confirm_answer = True
            app.dispatch("save-delete", bad_id, None, "click")
            assert PREFIX + bad_id not in backend.items
        assert {k: v for k, v in saves_in(backend).items() if k[len(PREFIX):] not in bad_ids} == \
            {k: v for k, v in before.items() if k[len(PREFIX):] not in bad_ids}
        app.stop_bots()
    run(scenario)


@pytest.mark.parametrize("name,text,key", IMPORTS, ids=[c[0] for c in IMPORTS])
def test_a_damaged_import_is_refused_with_a_message_and_stores_nothing(name, text, key):
    async def main():
        backend = FakeStorage()
        for save_id, good in good_saves().items():
            backend.setItem(PREFIX + save_id, good)
        before = dict(backend.items)
        page, app = open_tab(backend)
        el = fake_dom.Element("import")
        el.value = text
        await app.cmd_save_import("", el, "change")
        assert told(app) == ["saves.import_failed"]
        (_, params), = app.told[0]
        assert params["why"].key == key, params["why"]
        expected = NL["saves.import_failed"].split("{")[0]
        assert app.message.startswith(expected) and app.message == app.told[1]
        assert app.message.endswith(i18n.Words("nl").why(params["why"]))
        assert backend.items == before, "a refused import must store nothing"
        assert page.ready == "lobby" and 'role="alert"' in page.elements["app"].html
    run_async(main())


def test_a_good_import_is_stored_and_resumes():
    async def main():
        backend = FakeStorage()
        page, app = open_tab(backend)
        text = save_text("thurn_taxis", 2, 5, seed=4)
        el = fake_dom.Element("import")
        el.value = text
        await app.cmd_save_import("", el, "change")
        assert told(app) == ["saves.imported"]
        (save_id,) = [k[len(PREFIX):] for k in saves_in(backend)]
        assert backend.items[PREFIX + save_id] == text
        app.dispatch("save-resume", save_id, None, "click")
        assert page.ready == "table" and len(app.session.state.actions) == 5
        app.stop_bots()
    run_async(main())


def test_an_import_into_a_full_storage_says_so_and_keeps_the_rest():
    async def main():
        good = save_text("carcassonne", 2, 4)
        backend = FakeStorage(limit=len(PREFIX) + 4 + len(good) + 500)
        backend.setItem(PREFIX + "good", good)
        before = dict(backend.items)
        page, app = open_tab(backend)
        el = fake_dom.Element("import")
        el.value = save_text("carcassonne", 2, 60, seed=2)
        await app.cmd_save_import("", el, "change")
        assert told(app) == ["store.full", "saves.not_imported", "store.todo_full_lobby"]
        assert app.message.startswith("Er is geen ruimte meer")
        assert backend.items == before
    run_async(main())


def test_an_import_too_big_to_read_is_refused_unread():
    async def main():
        page, app = open_tab(FakeStorage())
        el = fake_dom.Element("import")
        el.value = "x" * (21 * 1024 * 1024)
        await app.cmd_save_import("", el, "change")
        (_, params), = app.told[0]
        assert params["why"].key == "too_big"
    run_async(main())


def test_a_browser_that_refuses_storage_still_plays_and_says_so():
    def scenario():
        page = fake_dom.Page(FakeStorage(), "de-DE")
        page.refuse_storage = True
        dom.page = page
        app = App()
        app.start()
        assert page.ready == "lobby" and told(app) == ["store.blocked", "store.lost_new", "store.todo_export_lobby"]
        assert app.message.startswith("Dieser Browser lässt den Spieltisch")
        app.dispatch("lobby-start", "", None, "click")
        # held for this page (another game may be opened and this one resumed), and said to be lost on closing
        assert page.ready == "table" and app.store.get(app.session.save_id) is not None
        assert [key for key, _ in app.saving] == ["store.blocked", "store.lost_game", "store.todo_export"]
        assert page.unsafe(), "closing the page would lose the game: the browser must ask first"
        app.stop_bots()
    run(scenario)


class Throwing(FakeStorage):
    """A storage whose reads fail for some keys (seen in private modes)."""

    def getItem(self, key):
        if key.endswith("cursed"):
            raise RuntimeError("SecurityError")
        return super().getItem(key)

    def key(self, i):
        if i == 0:
            return 42  # not a string: skipped
        return super().key(i)


def test_odd_storage_answers_are_skipped_not_fatal():
    def scenario():
        backend = Throwing()
        backend.setItem("speeltafel:save:zero", "x")  # key(0) answers 42 instead
        backend.setItem(PREFIX + "cursed", "{}")
        backend.setItem(PREFIX + "good", save_text())
        backend.setItem(CURRENT, "cursed")
        page, app = open_tab(backend)
        assert page.ready == "lobby" and "boot.current_missing" in told(app)
        assert 'data-save="good"' in page.elements["app"].html
    run(scenario)


def test_prefs_fall_back_field_by_field():
    def scenario():
        backend = FakeStorage()
        backend.setItem(PREFS, json.dumps({"lang": "de", "bot_delay_ms": "slow", "lobby": {
            "game": "thurn_taxis", "seats": 3, "options": {"map": "north", "horses": "yes"},
            "players": [{"name": "Anna", "kind": "human"}, {"kind": "bot", "level": "random"},
                        {"name": "Cas", "kind": "bot", "level": "godlike"}]}}))
        page, app = open_tab(backend, "nl-NL")
        # a damaged old delay: the default pace, no delay of its own
        assert app.lang == "de" and (app.pace, app.bot_delay_ms) == ("normal", None)
        assert told(app) == ["boot.prefs_reset"]
        model = app.model
        assert model["game"] == "thurn_taxis" and model["seats"] == 3
        assert model["options"]["map"] == "north" and "horses" not in model["options"]
        names = [p["name"] for p in model["players"]]
        assert names[0] == "Anna" and names[2] == "Cas" and names[1] == "Bot 2"
        assert model["players"][2]["level"] == bots.default_level("thurn_taxis")  # an unknown level: the default
        assert PREFS in backend.items and json.loads(backend.items[PREFS])["bot_delay_ms"] == "slow", \
            "start-up reads the preferences, it does not rewrite them"
    run(scenario)


def test_a_save_that_fails_to_resume_is_set_aside_not_lost():
    def scenario():
        backend = FakeStorage()
        good = save_text("carcassonne", 2, 6, seed=3)
        bad = json.loads(good)
        bad["actions"][3][1]["x"] = 99  # move 4 is no longer legal
        bad = json.dumps(bad)
        backend.setItem(PREFIX + "bad", bad)
        page, app = open_tab(backend, "en-GB")
        assert 'class="save damaged"' not in page.elements["app"].html  # it looks fine until replayed
        app.dispatch("save-resume", "bad", None, "click")
        assert page.ready == "lobby" and told(app) == ["saves.resume_failed"]
        assert "move 4 is not allowed by the rules" in app.message
        html = page.elements["app"].html
        assert 'class="save damaged" data-save="bad"' in html and "move 4" in html
        assert backend.items[PREFIX + "bad"] == bad
    run(scenario)


# ------------------------------------------------------------------ two tabs
class Browser:
    """Tabs sharing one localStorage; storage events are delivered when the
    test says so (in a browser they arrive a moment later, in other tabs)."""

    def __init__(self):
        self.backend = FakeStorage()
        self.tabs = []

    def open(self):
        page, app = open_tab(self.backend, "nl-NL")
        self.tabs.append((page, app))
        return page, app

    def deliver(self, key, writer):
        for page, app in self.tabs:
            if page is not writer:
                on(page)
                for listener in page.storage_listeners:
                    listener(key, self.backend.getItem(key))


def play(page, app, n):
    on(page)
    for _ in range(n):
        app.play(app.session.my_legal()[0])


def two_tabs_on_one_game():
    browser = Browser()
    save = save_text("carcassonne", 2, 2, seed=5, kinds=("human", "human"))
    browser.backend.setItem(PREFIX + "g", save)
    browser.backend.setItem(CURRENT, "g")
    a = browser.open()
    b = browser.open()
    assert a[0].ready == b[0].ready == "table"
    return browser, a, b


def logged(backend):
    return json.loads(backend.getItem(PREFIX + "g"))["actions"]


def test_a_tab_behind_never_overwrites_moves_made_in_the_other():
    def scenario():
        browser, (pa, a), (pb, b) = two_tabs_on_one_game()
        play(pa, a, 2)  # A plays two moves; the storage event does not reach B (yet)
        after_a = logged(browser.backend)
        assert len(after_a) == 4
        play(pb, b, 1)  # B, still at move 2, plays one: it must not write over A's moves
        assert logged(browser.backend) == after_a
        assert b.conflict and told(b) == ["tabs.conflict"] and 'id="conflict-reload"' in pb.elements["app"].html
        assert b.message.startswith("Dit spel is in een ander tabblad")
        # B can take A's position ...
        on(pb)
        b.dispatch("tab-reload", "", None, "click")
        assert not b.conflict and b.session.state.actions == a.session.state.actions
        play(pb, b, 1)
        assert len(logged(browser.backend)) == 5
    run(scenario)


def test_a_storage_event_stops_the_other_tab_at_once():
    def scenario():
        browser, (pa, a), (pb, b) = two_tabs_on_one_game()
        play(pa, a, 1)
        browser.deliver(PREFIX + "g", pa)
        assert b.conflict and 'role="alertdialog"' in pb.elements["app"].html
        assert not a.conflict
        # in conflict, B's board offers no moves and plays none
        on(pb)
        before = logged(browser.backend)
        b.dispatch("act", "0", None, "click")
        b.play({"type": "no_follower"})
        assert len(b.session.state.actions) == 2 and logged(browser.backend) == before
        assert 'data-cmd="act"' not in pb.elements["app"].html
    run(scenario)


def test_keep_mine_as_a_copy_saves_both_lines():
    def scenario():
        browser, (pa, a), (pb, b) = two_tabs_on_one_game()
        play(pa, a, 2)
        play(pb, b, 1)
        assert b.conflict
        mine = [list(x) for x in b.session.state.actions]
        on(pb)
        b.dispatch("tab-copy", "", None, "click")
        assert not b.conflict and b.session.save_id != "g" and told(b) == ["saves.copied"]
        assert json.loads(browser.backend.getItem(PREFIX + b.session.save_id))["actions"] == mine
        assert len(logged(browser.backend)) == 4  # A's line is still there
    run(scenario)


def test_own_undo_and_a_stored_copy_that_is_behind_are_not_conflicts():
    def scenario():
        browser, (pa, a), (pb, b) = two_tabs_on_one_game()
        start = logged(browser.backend)
        play(pa, a, 1)  # a tile placed: it can be taken back
        assert a.session.can_undo()
        a.dispatch("undo", "", None, "click")
        assert not a.conflict, "taking back one's own move is no conflict"
        assert logged(browser.backend) == start
        browser.deliver(PREFIX + "g", pa)
        assert not b.conflict, "B's position is what is stored: nothing to warn about"
        # A places again; B takes that position, then takes the tile back
        play(pa, a, 1)
        browser.deliver(PREFIX + "g", pa)
        assert b.conflict
        on(pb)
        b.dispatch("tab-reload", "", None, "click")
        b.dispatch("undo", "", None, "click")
        assert logged(browser.backend) == start
        # A never heard of it: what is stored is an earlier point of A's own game, so A may write
        play(pa, a, 1)
        assert not a.conflict and logged(browser.backend) == a.session.state.actions
    run(scenario)


def test_the_lobby_follows_games_added_or_deleted_in_another_tab():
    def scenario():
        browser = Browser()
        pa, a = browser.open()
        pb, b = browser.open()
        on(pb)
        b.dispatch("lobby-start", "", None, "click")  # B starts a game: A's list shows it
        new = PREFIX + b.session.save_id
        browser.deliver(new, pb)
        assert f'data-save="{b.session.save_id}"' in pa.elements["app"].html
        shown = pa.elements["app"].html
        on(pb)
        b.play(b.session.my_legal()[0])  # a move there does not redraw A's lobby under its fingers
        pa.elements["app"].html = "untouched"
        browser.deliver(new, pb)
        assert pa.elements["app"].html == "untouched" and shown
        b.stop_bots()
    run(scenario)


def test_loading_the_other_tabs_position_when_it_is_damaged_or_gone_says_so():
    def scenario():
        browser, (pa, a), (pb, b) = two_tabs_on_one_game()
        play(pa, a, 1)
        browser.deliver(PREFIX + "g", pa)
        assert b.conflict
        browser.backend.setItem(PREFIX + "g", "[" * 100_000)  # damaged meanwhile
        on(pb)
        b.dispatch("tab-reload", "", None, "click")
        assert pb.ready == "lobby" and b.session is None and not b.conflict
        assert told(b) == ["saves.resume_failed"] and 'class="save damaged" data-save="g"' in pb.elements["app"].html
        assert browser.backend.getItem(PREFIX + "g") == "[" * 100_000
        on(pa)
        a.dispatch("save-delete", "g", None, "click")
        on(pb)
        b.dispatch("save-resume", "g", None, "click")
        assert pb.ready == "lobby" and told(b) == ["saves.missing"]
    run(scenario)
