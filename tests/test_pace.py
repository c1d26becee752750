"""The bots' pace (web/ui/pace.py, bot_loop.py): read from the prefs field by
field (an old `bot_delay_ms` still honoured, a damaged value falls back),
chosen at the table and remembered, the pass rule asked of the engine, and
the real bot loop: a bot that only passes does not wait at "normal", a bot
that decides waits, and a pace chosen meanwhile holds at once."""

from __future__ import annotations

import asyncio
import json

import pytest

import engine

from . import fake_dom
from .hotseat_driver import random_game
from .reliability_cases import PREFS
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

from ui import pace, screens, startup  # noqa: E402
from ui.app import App  # noqa: E402
from ui.storage import SaveStore  # noqa: E402


@pytest.fixture(autouse=True)
def only_the_real_screens(monkeypatch):
    monkeypatch.setattr(screens, "_ROOTS", ["ui.screens"])


@pytest.mark.parametrize("raw, expected", [
    ({}, ("normal", None, False)),
    ({"bot_pace": "fast"}, ("fast", None, False)),
    ({"bot_pace": "slow", "bot_delay_ms": 0}, ("slow", None, False)),  # a chosen pace wins over an old delay
    ({"bot_pace": "slow", "bot_delay_ms": "x"}, ("slow", None, False)),  # the old field no longer matters
    ({"bot_pace": "warp"}, ("normal", None, True)),
    ({"bot_pace": 3}, ("normal", None, True)),
    ({"bot_pace": None, "bot_delay_ms": 0}, ("instant", 0, True)),  # a damaged pace: the old delay holds
    ({"bot_delay_ms": 0}, ("instant", 0, False)),  # old tables: their own delay, shown as the nearest pace
    ({"bot_delay_ms": 500}, ("normal", 500, False)),
    ({"bot_delay_ms": 260}, ("fast", 260, False)),
    ({"bot_delay_ms": 60_000}, ("slow", 60_000, False)),
    ({"bot_delay_ms": 60_001}, ("normal", None, True)),
    ({"bot_delay_ms": -1}, ("normal", None, True)),
    ({"bot_delay_ms": True}, ("normal", None, True)),
    ({"bot_delay_ms": 1.5}, ("normal", None, True)),
    ({"bot_delay_ms": "slow"}, ("normal", None, True)),
])
def test_the_pace_is_read_field_by_field(raw, expected):
    assert pace.from_prefs(raw) == expected


def test_a_damaged_pace_is_said_and_the_other_prefs_stay():
    backend = FakeStorage()
    backend.setItem(PREFS, json.dumps({"lang": "de", "bot_pace": "warp"}))
    prefs = startup.read_prefs(SaveStore(backend), "nl-NL")
    assert (prefs.lang, prefs.pace, prefs.bot_delay_ms, prefs.reset) == ("de", "normal", None, True)
    backend.setItem(PREFS, json.dumps({"lang": "de", "bot_pace": "slow"}))
    prefs = startup.read_prefs(SaveStore(backend), "nl-NL")
    assert (prefs.lang, prefs.pace, prefs.reset) == ("de", "slow", False)


def test_delays_come_from_the_pace_and_a_pass_waits_less():
    assert pace.delay_ms("normal", None, passes=False) == pace.PACES["normal"]["move"] > 0
    assert pace.delay_ms("normal", None, passes=True) == 0, "at normal a bot that only passes must not wait"
    assert pace.delay_ms("instant", None, passes=False) == 0
    moves = [pace.PACES[p]["move"] for p in ("instant", "fast", "normal", "slow")]
    assert moves == sorted(moves) and len(set(moves)) == 4
    assert pace.delay_ms("normal", 60_000, passes=True) == 60_000  # an old own delay: every decision, as before
    assert pace.delay_ms("bogus", None, passes=False) == pace.PACES[pace.DEFAULT]["move"]


def kf_session(predicate, seeds=range(300)):
    """A Kutschfahrt table of one human and random bots, stopped where `predicate` holds."""
    for seed in seeds:
        s = random_game("kutschfahrt", 5, 1, seed, until=predicate).s
        if not s.state.is_over() and predicate(s):
            return s
    raise AssertionError("no such position in the seeds tried")


def bot_in_window(s):
    window = s.state.window()
    return bool(window and s.bots_to_act() and len(s.state.legal_actions(s.bots_to_act()[0])) > 1)


def bot_with_a_choice(s):
    """A bot to act that may do something other than pass."""
    bots = s.bots_to_act()
    if not bots:
        return False
    window = s.state.window()
    return any(a != (window or {}).get("pass") for a in s.state.legal_actions(bots[0])) \
        and len(s.state.legal_actions(bots[0])) > 1


def test_the_pass_rule_asks_the_engine():
    s = kf_session(bot_in_window)
    state, bot = s.state, s.bots_to_act()[0]
    legal = state.legal_actions(bot)
    passing = state.window()["pass"]
    assert passing in legal and pace.only_passes(state, bot, passing)
    other = next(a for a in legal if a != passing)
    assert not pace.only_passes(state, bot, other)
    # one legal action only: nothing to choose, nothing to watch
    for seed in range(50):
        state = engine.new_game("thurn_taxis", 2, {}, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1 and state.window() is None:
                assert pace.only_passes(state, seat, legal[0])
                return
            state.apply(seat, legal[-1])
    pytest.skip("no seat with a single legal action found")


def app_at(s, chosen: str, backend=None):
    """The real App on the fake page at the table of session `s`, bots at `chosen` pace."""
    backend = backend or FakeStorage()
    backend.setItem(PREFS, json.dumps({"lang": "en", "bot_pace": chosen}))
    dom.page = fake_dom.Page(backend, "en-GB")
    app = App()
    assert app.pace == chosen and app.bot_delay_ms is None
    return app


def first_call_returns(session, action):
    """The next bot thinks `action` at once; later ones think as their level does."""
    real = session.bot_thinker
    calls = []

    def thinker(seat, seed, budget_ms=1000, stop=None):
        calls.append(seat)
        if len(calls) > 1:
            return real(seat, seed, budget_ms, stop)

        def done():
            return action
            yield  # noqa: unreachable - a generator, as bots think
        return done()

    session.bot_thinker = thinker


async def until(condition, seconds=10.0):
    async def poll():
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), seconds)


def test_at_normal_a_bot_that_only_passes_does_not_wait(monkeypatch):
    monkeypatch.setitem(pace.PACES, "normal", {"move": 600_000, "pass": 0})  # a real decision would hang

    async def main():
        s = kf_session(bot_in_window)
        app = app_at(s, "normal")
        moves = len(s.state.actions)
        passing = s.state.window()["pass"]
        bot = s.bots_to_act()[0]
        first_call_returns(s, passing)
        app.enter_table(s)
        try:
            await until(lambda: len(s.state.actions) > moves)
        finally:
            app.stop_bots()
        assert s.state.actions[moves] == [bot, passing]
    run_async(main())


def test_a_bot_that_decides_waits_and_a_pace_chosen_meanwhile_holds_at_once(monkeypatch):
    monkeypatch.setitem(pace.PACES, "normal", {"move": 600_000, "pass": 0})

    async def main():
        s = kf_session(bot_with_a_choice)
        backend = FakeStorage()
        app = app_at(s, "normal", backend)
        bot = s.bots_to_act()[0]
        window = s.state.window() or {}
        action = next(a for a in s.state.legal_actions(bot) if a != window.get("pass"))
        moves = len(s.state.actions)
        first_call_returns(s, action)
        app.enter_table(s)
        try:
            assert 'id="pace"' in dom.page.elements["app"].html
            for _ in range(100):  # the bot has thought: it waits what is left of ten minutes
                await asyncio.sleep(0)
            assert len(s.state.actions) == moves and app.thinking == bot
            choice = fake_dom.Element("pace")
            choice.value = "instant"
            app.dispatch("pace", "", choice, "change")
            await until(lambda: len(s.state.actions) > moves)
        finally:
            app.stop_bots()
        assert s.state.actions[moves] == [bot, action]
        assert json.loads(backend.getItem(PREFS))["bot_pace"] == "instant"
        assert '<option value="instant" selected>' in dom.page.elements["app"].html
        dom.page = fake_dom.Page(backend, "en-GB")
        assert App().pace == "instant", "the chosen pace is not remembered"
    run_async(main())


def test_an_unknown_pace_from_the_page_changes_nothing():
    backend = FakeStorage()
    backend.setItem(PREFS, json.dumps({"lang": "en", "bot_pace": "slow"}))
    dom.page = fake_dom.Page(backend, "en-GB")
    app = App()
    choice = fake_dom.Element("pace")
    choice.value = "warp"
    app.dispatch("pace", "", choice, "change")
    assert app.pace == "slow" and json.loads(backend.getItem(PREFS))["bot_pace"] == "slow"


def test_no_pace_control_at_a_table_without_bots():
    from ui import table
    from ui.i18n import Words

    ctx = table.TableContext(Words("en", "toy"), [{"name": "A", "kind": "human", "level": None}], 0)
    assert table.render_pace(ctx, None) == ""
    shown = table.render_pace(ctx, "fast")
    assert 'id="pace"' in shown and shown.count("<option") == len(pace.PACES)
    assert '<option value="fast" selected>' in shown


def test_the_lobby_offers_the_pace_and_a_pace_picked_before_python_is_kept():
    from ui import lobby, prerender
    from ui.i18n import Words

    words = Words("en")
    model = lobby.default_model("carcassonne", words)
    live = lobby.render_lobby(model, [], words, pace="slow")
    assert 'id="pace" data-cmd="pace"' in live and '<option value="slow" selected>' in live
    static = prerender.lobby_html(["carcassonne", "thurn_taxis"], words)
    assert static.count('<select name="pace">') == 2 and '<option value="normal" selected>' in static

    # what boot.js put in from the prefs is no choice; another value is
    assert pace.picked_early("normal", {}) is None
    assert pace.picked_early("normal", {"bot_delay_ms": 0}) is None  # an old own delay stays
    assert pace.picked_early("fast", {"bot_pace": "fast"}) is None
    assert pace.picked_early("fast", {"bot_pace": "warp"}) == "fast"
    assert pace.picked_early("slow", {"bot_delay_ms": 0}) == "slow"
    assert pace.picked_early("warp", {}) is None and pace.picked_early(None, {}) is None

    def opened(values, prefs):
        backend = FakeStorage()
        backend.setItem(PREFS, json.dumps(prefs))
        dom.page = fake_dom.Page(backend, "en-GB")
        dom.page.prerendered = {"game": "carcassonne", "values": values, "lang": "en", "focus": None,
                                "caret": None, "queued": False}
        app = App()
        app.start()
        return app, json.loads(backend.getItem(PREFS))

    app, stored = opened({"seats": "2", "pace": "fast"}, {"lang": "en", "bot_delay_ms": 0})
    assert (app.pace, app.bot_delay_ms, stored["bot_pace"]) == ("fast", None, "fast")
    assert '<option value="fast" selected>' in dom.page.elements["app"].html
    app, stored = opened({"seats": "2", "pace": "normal"}, {"lang": "en", "bot_delay_ms": 0})
    assert (app.pace, app.bot_delay_ms) == ("instant", 0) and "bot_pace" not in stored


def test_a_bot_at_the_table_thinks_with_the_tables_deadline(monkeypatch):
    """Every bot decision at the table gets a stop made by engine.bots.hurry_after
    on the page's clock: the work budget, and at most a second on a slow device."""
    from engine import bots

    made = []

    def hurry_after(clock, budget_ms):
        def stop():
            return False
        made.append((clock, budget_ms, stop))
        return stop

    monkeypatch.setattr(bots, "hurry_after", hurry_after)

    async def main():
        s = kf_session(bot_with_a_choice)
        app = app_at(s, "instant")
        got = []
        real = s.bot_thinker

        def thinker(seat, seed, budget_ms=1000, stop=None):
            got.append((budget_ms, stop))
            return real(seat, seed, budget_ms, stop)

        s.bot_thinker = thinker
        moves = len(s.state.actions)
        app.enter_table(s)
        try:
            await until(lambda: len(s.state.actions) > moves)
        finally:
            app.stop_bots()
        assert made and got
        assert got[0] == (1000, made[0][2]) and made[0][1] == 1000
        assert isinstance(made[0][0](), float)  # a clock: seconds
    run_async(main())
