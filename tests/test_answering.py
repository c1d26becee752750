"""A tap is marked at once and its command runs after the next paint
(web/ui/answering.py, issue 26): what runs then is decided by what the
screen showed, and the mark goes with the drawing that answers it."""

from __future__ import annotations

import pytest

from . import fake_dom
from .test_hotseat import players
from .ui_support import FakeStorage


@pytest.fixture
def app(monkeypatch):
    dom = fake_dom.install()
    from ui.app import App

    dom.page = fake_dom.Page(FakeStorage(), "en-GB")
    a = App()
    a.kick_bots = lambda: None  # bots are moved by the test
    # the browser's paints and frames, run by the test when it says so
    a.later = []
    monkeypatch.setattr(fake_dom.dom, "after_paint", a.later.append, raising=False)
    monkeypatch.setattr(fake_dom.dom, "next_frame", a.later.append, raising=False)
    monkeypatch.setattr(fake_dom.dom, "soon", a.later.append, raising=False)
    return a


def run_all(app):
    """The browser paints and runs every task asked for, in order."""
    while app.later:
        app.later.pop(0)()


def at_table(app, game_id, kinds, seed=3):
    from ui.session import Session

    s = Session.start(game_id, players(*kinds), None, seed, "t")
    app.enter_table(s)
    run_all(app)
    return s


class Control:
    """A control on the page, drawn for the decision on the table now."""

    def __init__(self, app):
        self.decision = str(app.session.decision)


def tap(app, cmd, arg, control, gap=1.0):
    from ui.taps import Tap

    app.dispatch(cmd, arg, control, "click", Tap(started=fake_dom.dom.clock() + gap))


def test_a_tap_is_marked_at_once_and_played_after_the_paint(app):
    s = at_table(app, "thurn_taxis", ["human", "bot"])
    moves = len(s.state.actions)
    before = fake_dom.dom.by_id("app").html
    el = Control(app)
    tap(app, "act", "0", el)
    assert fake_dom.dom.page.pressed == [el] and app.answering
    assert len(s.state.actions) == moves and fake_dom.dom.by_id("app").html == before, \
        "the tap's own task played or drew the move"
    app.later.pop(0)()  # after the paint: the move, its save; the drawing asked for
    assert len(s.state.actions) == moves + 1 and app.draw_asked
    assert fake_dom.dom.page.pressed == [el], "the mark went before the move was drawn"
    run_all(app)
    assert not app.draw_asked and not app.answering and fake_dom.dom.page.pressed == []
    assert fake_dom.dom.by_id("app").html != before


def test_a_second_tap_on_a_move_before_it_ran_does_nothing(app):
    s = at_table(app, "thurn_taxis", ["human", "bot"])
    moves = len(s.state.actions)
    el = Control(app)
    tap(app, "act", "0", el)
    tap(app, "act", "0", el, gap=2.0)  # a double tap: the same control, the same decision
    run_all(app)
    assert len(s.state.actions) == moves + 1
    assert not app.answering and not app.tap_queue


def test_a_second_tap_on_a_step_of_the_screen_steps_again(app):
    at_table(app, "carcassonne", ["human", "bot"])
    el = Control(app)
    turns = app.screen.sel.rot_i
    tap(app, "ui", "rot", el)
    tap(app, "ui", "rot", el, gap=2.0)
    run_all(app)
    assert app.screen.sel.rot_i == turns + 2


def test_a_tap_whose_decision_went_by_before_it_ran_does_nothing(app):
    s = at_table(app, "thurn_taxis", ["human", "bot"])
    el = Control(app)
    tap(app, "act", "0", el)
    s.act(s.my_legal()[-1])  # e.g. a bot's move or another tab's, before the tap's command ran
    moves = len(s.state.actions)
    run_all(app)
    assert len(s.state.actions) == moves, "a move played for a decision that was no longer on the table"
    assert not app.answering and fake_dom.dom.page.pressed == []


class Start:
    """The lobby's "Start" button (drawn for no decision)."""

    decision = None


def test_start_is_marked_at_once_and_a_double_tap_opens_one_table(app):
    app.show_lobby()
    opened = []
    enter = app.enter_table
    app.enter_table = lambda session, text=None: (opened.append(session), enter(session, text))
    el = Start()
    tap(app, "lobby-start", "", el)
    assert fake_dom.dom.page.pressed == [el] and app.session is None, "the tap's own task opened the table"
    tap(app, "lobby-start", "", el, gap=2.0)  # the finger bounced before the table came
    app.later.pop(0)()  # after the paint: the table, drawn at once
    assert app.session is not None and fake_dom.dom.page.ready == "table"
    assert "screen" in fake_dom.dom.by_id("app").html
    run_all(app)
    assert len(opened) == 1, "a double tap on Start began two games"
    assert not app.answering and not app.tap_queue and fake_dom.dom.page.pressed == []
