"""Kutschfahrt at the table (ui/session.py): a hot-seat game opens with every
human looking at their own cards, in turn, behind the hand-over; the only
human at a table is not asked what they cannot choose."""

import pytest

from engine.rng import Rng

from .hotseat_driver import look_all
from . import ui_support  # noqa: F401
from ui.session import HANDOFF, LOOK, PRIVATE, WINDOW, Session, Shown  # noqa: E402

KF_HOT = [{"name": n, "kind": "human", "level": None} for n in ("Anna", "Bram", "Cem")]


def solo(seats=6):
    return [{"name": "Anna", "kind": "human", "level": None}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(1, seats)]


def test_a_hot_seat_kutschfahrt_opens_with_each_human_looking_at_their_cards():
    s = Session.start("kutschfahrt", KF_HOT, {}, 5, "k")
    assert s.state.window() is not None, "the game's first step is asked in public"
    assert s.to_look == [0, 1, 2]
    for seat in (0, 1, 2):
        assert s.shown() == Shown(HANDOFF, seat) and s.shown_view()["seat"] is None
        s.confirm_handoff()
        assert s.shown() == Shown(LOOK, seat)
        view = s.shown_view()
        assert view["seat"] == seat and view["me"]["occupation"], "their own cards are on the screen"
        assert s.my_legal() == [] and not s.can_undo(), "nothing is played while looking"
        assert s.state.actions == []
        s.looked()
    assert s.shown().kind == WINDOW, "only then the first public question"


def test_the_human_who_decides_first_looks_with_that_decision():
    """Thurn und Taxis: seat 0 draws first (its own hand on the screen anyway),
    so only seat 1 looks before."""
    players = [{"name": n, "kind": "human", "level": None} for n in ("Anna", "Bram")]
    s = Session.start("thurn_taxis", players, {}, 11, "t")
    assert s.to_look == [1]
    look_all(s)
    assert s.shown() == Shown(HANDOFF, 0)
    s.confirm_handoff()
    assert s.shown() == Shown(PRIVATE, 0) and s.my_legal()


def test_no_looks_where_nothing_is_secret_or_one_human_plays():
    cc = Session.start("carcassonne", [{"name": n, "kind": "human", "level": None} for n in "AB"], {}, 1, "c")
    assert cc.to_look == [] and cc.shown() == Shown(PRIVATE, 0)
    assert Session.start("kutschfahrt", solo(), {}, 5, "k").to_look == []


def play_solo(seed, events=3000, undo_every=0):
    """A 1-human + 5-bot Kutschfahrt game of random bots and a random human;
    after every event the human is never asked a lone do-nothing answer."""
    s = Session.start("kutschfahrt", solo(), {}, seed, "k")
    rng = Rng(seed)
    undos = 0
    for event in range(events):
        if s.state.is_over():
            break
        if 0 in s.state.to_act():
            window = s.state.window()
            assert not (window and s.my_legal() == [window["pass"]]), "a lone pass asked of the only human"
        if s.humans_to_act() and (not s.bots_to_act() or rng.below(2)):
            if undo_every and s.can_undo() and rng.below(undo_every) == 0:
                s.undo()
                undos += 1
                continue
            legal = s.my_legal()
            s.act(legal[rng.below(len(legal))])
        else:
            seat = s.bots_to_act()[0]
            legal = s.state.legal_actions(seat)
            s.bot_act(seat, legal[rng.below(len(legal))])
    return s, undos


def test_the_only_human_is_never_asked_a_lone_pass():
    answered = 0
    for seed in range(4):
        s, _ = play_solo(seed)
        for i in s.answered:  # given for the human, as the window's do-nothing answer
            seat, action = s.state.actions[i]
            assert seat == 0 and action == {"type": "pass"}
        answered += len(s.answered)
    assert answered >= 10, "hardly any lone pass was given for the human"


def test_several_humans_answer_on_the_public_screen_as_before():
    s = look_all(Session.start("kutschfahrt", KF_HOT, {}, 5, "k"))
    assert s.shown().kind == WINDOW and not s.answered
    s.nobody(len(s.state.actions))
    assert not s.answered


def find_undo_after_lone_answer():
    for seed in range(40):
        s = Session.start("kutschfahrt", solo(), {}, seed, "k")
        rng = Rng(seed)
        for _ in range(2000):
            if s.state.is_over():
                break
            n = len(s.state.actions)
            if s.can_undo() and n - 1 in s.answered:
                return s
            if s.humans_to_act() and not s.bots_to_act():
                legal = s.my_legal()
                s.act(legal[rng.below(len(legal))])
            elif s.bots_to_act():
                seat = s.bots_to_act()[0]
                legal = s.state.legal_actions(seat)
                s.bot_act(seat, legal[rng.below(len(legal))])
            else:
                legal = s.my_legal()
                s.act(legal[rng.below(len(legal))])
    pytest.fail("no lone answer right after the human's own move in the seeds tried")


def test_undo_takes_back_the_lone_answers_with_the_move_before_them():
    s = find_undo_after_lone_answer()
    actions = list(s.state.actions)
    real = max(i for i in range(len(actions)) if i not in s.answered)
    assert actions[real][0] == 0, "the move before the lone answers is the human's own"
    s.undo()
    assert s.state.actions == actions[:real], "the human's move and the answers given after it are taken back"
    assert len(s.my_legal()) > 1, "the human chooses again"


def test_an_undo_that_stops_at_a_lone_answer_leaves_it_to_the_human():
    """A save reloaded after a lone answer: the table no longer knows it was
    given for the human, so an undo takes back just it, and the human taps it."""
    s = find_undo_after_lone_answer()
    again = Session.from_save(s.to_json(1), "k")
    n = len(again.state.actions)
    assert again.can_undo() and not again.answered
    again.undo()
    window = again.state.window()
    assert len(again.state.actions) == n - 1
    assert again.my_legal() == [window["pass"]], "the lone pass waits for the human's tap"
    again.act(window["pass"])
    assert len(again.state.actions) >= n


def test_with_a_seat_on_a_device_of_its_own_the_lone_pass_waits_for_a_tap():
    """A human on a guest's device would learn from a pass given at once that
    the human here could not have played: the lone pass waits for a tap."""
    players = solo()
    players[1] = {"name": "Guest", "kind": "remote", "level": None}
    asked = 0
    for seed in range(4):
        s = Session.start("kutschfahrt", players, {}, seed, "k")
        assert s.to_look == [], "one human here: nobody looks in turn (the guest looks on their own device)"
        rng = Rng(seed)
        for _ in range(3000):
            if s.state.is_over():
                break
            window = s.state.window()
            if 0 in s.state.to_act() and window and s.my_legal() == [window["pass"]]:
                asked += 1
            seat = s.state.to_act()[0]
            legal = s.state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            if s.is_remote(seat):
                s.remote_act(seat, action)
            elif s.is_human(seat):
                s.act(action)
            else:
                s.bot_act(seat, action)
        assert not s.answered, "a lone pass given for the human while a guest plays"
    assert asked >= 5, "the human here was hardly ever asked a lone pass"


def test_the_opening_looks_leave_a_seat_on_a_device_of_its_own_out():
    players = [dict(p) for p in KF_HOT] + [{"name": "Guest", "kind": "remote", "level": None}]
    s = Session.start("kutschfahrt", players, {}, 5, "k")
    assert s.to_look == [0, 1, 2], "the guest's seat looks on its own device, not here"
    look_all(s)
    assert s.shown().kind != LOOK and s.to_look == []
