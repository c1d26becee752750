"""Help at the table, through the real App in CPython (only ui/dom.py is
replaced): the rules reference opens in one tap and at a tapped name, its
text is fetched once per language; the hint thinks on the viewer's own view
like a bot of that seat and shows its choice; a lobby option turns hints off
for the whole game, kept in the save."""

from __future__ import annotations

import json

import pytest

from . import fake_dom
from .reliability_cases import CURRENT, PREFIX, PREFS
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

from engine import bots  # noqa: E402
from ui import rules, screens, session as session_module, startup  # noqa: E402
from ui.app import App  # noqa: E402
from ui.prerender import model_from_form  # noqa: E402
from ui.i18n import Words  # noqa: E402


@pytest.fixture(autouse=True)
def only_the_real_screens(monkeypatch):
    monkeypatch.setattr(screens, "_ROOTS", ["ui.screens"])


def table(game="thurn_taxis", hints=None, seats=2):
    """A new game started from the lobby: seat 0 human, the rest bots that wait."""
    backend = FakeStorage()
    lobby = {"game": game, "seats": seats, "options": {}, "seed": 7,
             "players": [{"name": "Anna", "kind": "human", "level": None}]
             + [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(1, seats)]}
    if hints is not None:
        lobby["hints"] = hints
    backend.setItem(PREFS, json.dumps({"lang": "en", "bot_delay_ms": 60_000, "lobby": lobby}))
    page = fake_dom.Page(backend, "en-GB")
    dom.page = page
    app = App()
    app.start()
    app.dispatch("lobby-start", "", None, "click")
    assert page.ready == "table" and app.session.viewer == 0 and app.session.my_legal()
    return page, app


def html(page):
    return page.elements["app"].html


def test_the_rules_open_in_one_tap_and_at_a_tapped_name(monkeypatch):
    monkeypatch.setattr(rules, "texts_here", lambda game, lang: None)  # as in the page: fetched

    async def main():
        page, app = table()
        assert 'id="rules-open"' in html(page) and 'class="rules"' not in html(page)
        await app.cmd_rules("", None, "click")
        assert page.fetched == ["rules/thurn_taxis.en.json"]
        shown = html(page)
        assert 'class="rules"' in shown and "A turn" in shown
        await app.cmd_rules("wagner", None, "click")  # a tap on the Cartwright's name
        assert page.fetched == ["rules/thurn_taxis.en.json"], "the text is fetched once per language"
        assert "for the carriage only" in html(page)
        app.cmd_rules_close("", None, "click")
        assert 'class="rules"' not in html(page)
        app.stop_bots()
    run_async(main())


def test_rules_that_cannot_be_loaded_are_said_not_fatal(monkeypatch):
    monkeypatch.setattr(rules, "texts_here", lambda game, lang: None)

    async def main():
        page, app = table()
        page.fetch_fails = True
        await app.cmd_rules("", None, "click")
        assert [k for k, _ in app.told[0]] == ["rules.failed"] and 'class="rules"' not in html(page)
        assert page.ready == "table"
        app.stop_bots()
    run_async(main())


def test_the_hint_thinks_on_the_viewers_view_as_the_strong_bot(monkeypatch):
    seen = []
    think = bots.think

    def spy(game_id, view, legal, level, seed, budget_ms, stop=None):
        seen.append((view, legal, level))
        return think(game_id, view, legal, level, seed, budget_ms, stop)

    monkeypatch.setattr(session_module.bots, "think", spy)

    async def main():
        page, app = table("carcassonne")
        s = app.session
        assert 'id="hint"' in html(page)
        await app.cmd_hint("", None, "click")
        (view, legal, level), = seen
        assert view == s.state.view(0) and legal == s.state.legal_actions(0) and level == "strong"
        want = bots.choose("carcassonne", view, legal, "strong", s.state.seed * 7919 + len(s.state.actions))
        i = app.hint["index"]
        assert s.my_legal()[i] == want
        shown = html(page)
        assert 'id="hint-bar"' in shown and f'[data-arg="{i}"]' in shown
        assert f'data-cmd="act" data-arg="{i}"' in shown, "the control that plays it is on the screen"
        assert str(app.screen.describe(want)) in shown
        app.play(want)
        assert app.hint is None and 'id="hint-bar"' not in html(page)
        app.stop_bots()
    run_async(main())


def test_hints_off_holds_for_the_whole_game_and_its_save():
    async def main():
        page, app = table("carcassonne", hints=False)
        assert 'id="hint"' not in html(page)
        await app.cmd_hint("", None, "click")
        assert app.hint is None
        text = app.store.get(app.session.save_id)
        assert json.loads(text)["meta"]["hints"] is False
        app.stop_bots()
        again = session_module.Session.from_save(text, "x")
        assert again.hints is False
    run_async(main())


def test_the_lobby_keeps_the_hints_choice_field_by_field():
    form, dropped = startup.clean_lobby({"game": "carcassonne", "hints": False})
    assert form["hints"] is False and not dropped
    form, dropped = startup.clean_lobby({"game": "carcassonne", "hints": "no"})
    assert "hints" not in form and dropped
    words = Words("en")
    model = startup.lobby_model({"game": "carcassonne", "hints": False}, words, ["carcassonne"])
    assert model["hints"] is False
    # the prerendered form's checkbox is read back the same way
    read = model_from_form("carcassonne", {"seats": "2", "hints": False}, words, ["carcassonne"])
    assert read["hints"] is False
    read = model_from_form("carcassonne", {"seats": "2", "hints": True}, words, ["carcassonne"])
    assert read["hints"] is True


def test_an_old_save_without_the_choice_offers_hints():
    from .reliability_cases import save_text

    text = save_text("carcassonne", 2, 2)
    assert "hints" not in json.loads(text)["meta"]
    assert session_module.Session.from_save(text, "x").hints is True
    bad = json.loads(text)
    bad["meta"]["hints"] = "yes"
    with pytest.raises(Exception) as err:
        session_module.Session.from_save(json.dumps(bad), "x")
    assert getattr(err.value, "key", None) == "bad_meta"
    assert CURRENT and PREFIX  # the storage keys the table uses (shared with the fault matrix)
