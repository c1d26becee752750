"""Hot-seat at one device: hand-overs that never vanish, open windows asked in
public, what the app draws at each moment, and no undo after the end."""

import copy
import json
from functools import lru_cache

import pytest

import engine
from engine import IllegalAction
from engine.protocol import State
from engine.registry import GAMES, PLUGINS, Game, GameSpec, register
from engine.secrecy import Secrecy

from . import fake_dom
from .conftest import random_game as random_states
from .hotseat_driver import look_all, random_game
from .ui_support import FakeStorage
from ui import table  # noqa: E402
from ui.i18n import Words  # noqa: E402
from ui.session import HANDOFF, PRIVATE, TABLE, WINDOW, Session, Shown  # noqa: E402


def players(*kinds):
    return [{"name": f"P{i}", "kind": k, "level": None if k == "human" else "random"} for i, k in enumerate(kinds)]


# --------------------------------------------------------- a pending hand-over
class RelayState(State):
    """Seat 0 asks seat 1; before seat 1 takes the device, the bot (seat 2)
    may hand the question back to seat 0.  Every seat holds a secret."""

    game_id = "relay"
    secrecy = Secrecy(own=("secret",))

    def _setup(self):
        self.asked = [0]
        self.secret = [self.rng.below(100) for _ in range(self.seats)]
        self.done = False

    def _is_over(self):
        return self.done

    def _to_act(self):
        return list(self.asked)

    def _legal(self, seat):
        return {0: [{"type": "ask"}, {"type": "end"}], 1: [{"type": "end"}], 2: [{"type": "back"}]}[seat]

    def _apply(self, seat, action):
        if action["type"] == "ask":
            self.asked = [1, 2]
        elif action["type"] == "back":
            self.asked = [0]
        else:
            self.done = True

    def _public(self):
        return {}

    def _own(self, seat):
        return {"secret": self.secret[seat]}

    def _result(self):
        return {"winners": [], "scores": None, "breakdown": [{}, {}, {}]}


@pytest.fixture
def relay():
    """The relay game, registered only while a test uses it (the generic
    protocol tests run on every registered game)."""
    register(Game(GameSpec(id="relay", names={"nl": "Estafette", "en": "Relay", "de": "Staffel"}, min_seats=3,
                           max_seats=3), state="tests.test_hotseat:RelayState"))
    yield "relay"
    GAMES.pop("relay")
    PLUGINS.pop("relay")


def test_a_pending_hand_over_is_never_dropped_for_a_private_view(relay):
    s = look_all(Session.start("relay", players("human", "human", "bot"), None, 1, "r"))
    assert s.shown() == Shown(HANDOFF, 0)
    s.confirm_handoff()
    s.act({"type": "ask"})
    assert s.shown() == Shown(HANDOFF, 1)
    # the bot hands the question back to seat 0 before seat 1 confirmed: seat 1
    # may hold the device already, so seat 0 must confirm again
    s.bot_act(2, {"type": "back"})
    assert s.shown() == Shown(HANDOFF, 0)
    assert s.my_legal() == [] and s.shown_view()["seat"] is None
    s.confirm_handoff()
    assert s.shown() == Shown(PRIVATE, 0) and s.my_legal()


def test_a_reload_with_several_humans_asks_for_the_device_first(relay):
    s = look_all(Session.start("relay", players("human", "human", "bot"), None, 1, "r"))
    s.confirm_handoff()
    s.act({"type": "ask"})  # a human played: the opening's looks are over
    again = Session.from_save(s.to_json(5), "r")
    assert again.shown() == Shown(HANDOFF, 1)
    alone = Session.start("relay", players("human", "bot", "bot"), None, 1, "r")
    assert Session.from_save(alone.to_json(5), "r").shown() == Shown(PRIVATE, 0)


def test_notes_are_written_only_by_the_seat_on_the_screen(relay):
    s = look_all(Session.start("relay", players("human", "human", "bot"), None, 1, "r"))
    s.set_note(0, "before confirming")
    assert s.note(0) == ""
    s.confirm_handoff()
    s.set_note(0, "mine")
    s.set_note(1, "not mine")
    assert s.note(0) == "mine" and s.note(1) == ""


# ------------------------------------------------------------ open windows
def kf_session_at(predicate, humans=2, seats=5, seeds=range(200)):
    """A Kutschfahrt session with random players, stopped where predicate holds."""
    for seed in seeds:
        s = random_game("kutschfahrt", seats, humans, seed, until=predicate).s
        if not s.state.is_over() and predicate(s):
            return s
    raise AssertionError("no such position in the seeds tried")


def window_with_bot_play(s):
    if s.shown().kind != WINDOW or s.state.step["phase"] != "fight":
        return False
    return any(a["type"] == "play" for b in s.bots_to_act() for a in s.state.legal_actions(b))


def test_a_bot_reopening_the_window_keeps_the_hand_over_on_the_screen():
    s = kf_session_at(window_with_bot_play)
    human = s.humans_to_act()[0]
    s.step_forward(human)
    assert s.shown() == Shown(HANDOFF, human)
    bot = next(b for b in s.bots_to_act() if any(a["type"] == "play" for a in s.state.legal_actions(b)))
    s.bot_act(bot, next(a for a in s.state.legal_actions(bot) if a["type"] == "play"))
    assert s.shown() == Shown(HANDOFF, human), "the hand-over vanished when a bot laid a card"
    s.confirm_handoff()
    assert s.shown() == Shown(PRIVATE, human) and {"type": "pass"} in s.my_legal()


def test_stepping_forward_backing_out_and_nobody():
    s = kf_session_at(lambda s: s.shown().kind == WINDOW and len(s.humans_to_act()) == 2)
    asked = s.humans_to_act()
    window = s.window
    assert s.shown_view()["seat"] is None and s.my_legal() == []
    first, second = asked
    # back out from the hand-over screen (the wrong name was tapped)
    s.step_forward(first)
    assert s.shown() == Shown(HANDOFF, first) and s.can_back_out()
    s.back_out()
    assert s.shown() == Shown(WINDOW) and s.window == window
    # step forward, look, back out without acting: the answer is still open
    s.step_forward(second)
    s.confirm_handoff()
    assert s.shown() == Shown(PRIVATE, second) and window["pass"] in s.my_legal()
    moves = len(s.state.actions)
    s.back_out()
    assert s.shown() == Shown(WINDOW) and len(s.state.actions) == moves
    assert s.humans_to_act() == asked
    # a tap on a window that changed since it was drawn does nothing
    with pytest.raises(IllegalAction):
        s.nobody(moves - 1)
    # nobody: each human asked gives the window's pass, nobody else is touched
    bots_before = s.bots_to_act()
    s.nobody(moves)
    played = s.state.actions[moves:]
    assert played == [[h, window["pass"]] for h in asked]
    assert all(b not in asked for b in bots_before)


def test_after_acting_in_a_window_the_table_is_asked_again():
    def fight_with_a_human_play(s):
        return (s.shown().kind == WINDOW and s.state.step["phase"] == "fight"
                and any(a["type"] == "play" for h in s.humans_to_act() for a in s.state.legal_actions(h)))

    s = kf_session_at(fight_with_a_human_play, seats=6)
    human = next(h for h in s.humans_to_act() if any(a["type"] == "play" for a in s.state.legal_actions(h)))
    s.step_forward(human)
    s.confirm_handoff()
    s.act(next(a for a in s.my_legal() if a["type"] == "play"))
    # a card was laid: the whole table (this human too) is asked again, in public
    assert s.shown() == Shown(WINDOW) and human in s.humans_to_act()


def public_facts(state):
    return json.dumps(state.view(None), sort_keys=True)


def test_the_window_screen_never_depends_on_what_a_human_holds():
    """Deal other cards behind the table's back (same counts, same face-up
    occupations): the public screen and its buttons stay the same, though
    what the humans could play changes."""
    checked = differing = 0
    for seed in range(40):
        c = random_game("kutschfahrt", 6, 3, seed,
                        until=lambda s: s.shown().kind == WINDOW and len(s.state.actions) > seed)
        s = c.s
        if s.shown().kind != WINDOW:
            continue
        other = copy.deepcopy(s)
        st = other.state
        hidden = [x for x in range(st.seats) if not st.occ_up[x]]
        occs = [st.occ[x] for x in hidden]
        for x, occ in zip(hidden, occs[1:] + occs[:1]):
            st.occ[x] = occ
        for n in {len(h) for h in st.hands}:
            alike = [x for x in range(st.seats) if len(st.hands[x]) == n]
            hands = [st.hands[x] for x in alike]
            for x, hand in zip(alike, hands[1:] + hands[:1]):
                st.hands[x] = hand
        other.settle()
        assert public_facts(other.state) == public_facts(s.state)
        assert other.shown() == s.shown() == Shown(WINDOW)
        assert other.humans_to_act() == s.humans_to_act()
        assert window_html(other) == window_html(s)
        checked += 1
        differing += any(other.state.legal_actions(h) != s.state.legal_actions(h) for h in s.humans_to_act())
    assert checked >= 10 and differing >= 5


def window_html(s):
    from ui.screens import kutschfahrt as screen_mod

    words = Words("en", "kutschfahrt", lambda seat: s.players[seat]["name"])
    ctx = table.TableContext(words, s.players, None)
    view = s.shown_view()
    screen = screen_mod.Screen(ctx)
    return (screen.render(view, s.my_legal())
            + table.render_window(ctx, s.humans_to_act(), len(s.state.actions), screen.window_words(view)))


def test_one_human_answers_windows_on_their_own_view():
    c = random_game("kutschfahrt", 4, 1, 3, until=lambda s: s.state.window() is not None
                    and s.humans_to_act())
    s = c.s
    assert s.shown() == Shown(PRIVATE, s.humans()[0]) and s.state.window()["pass"] in s.my_legal()


# ------------------------------------------------------------- no undo at the end
@lru_cache(maxsize=None)
def finished(game_id):
    """A random game played to its end, one whose last move revealed nothing
    if one of ten does (so the checks below can fail: but for the end, that
    move could be taken back)."""
    for seed in range(5, 15):
        for state in random_states(game_id, engine.GAMES[game_id].min_seats, seed=seed):
            pass
        if state.undoable[-1]:
            break
    return state


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_no_undo_once_the_game_is_over(game_id):
    state = finished(game_id).clone()
    seats = state.seats
    assert state.is_over()
    assert not any(state.can_undo(s) for s in range(seats))
    with pytest.raises(IllegalAction):
        state.undo()
    session = Session(state, players(*["human"] * seats), "x")
    session.viewer = state.actions[-1][0]
    session.settle()
    assert not session.can_undo()


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_those_last_moves_revealed_nothing(game_id):
    # so the checks above can fail: without the end, these last moves could be taken back
    if not finished(game_id).undoable[-1]:
        pytest.skip(f"{game_id}: each of ten random games ended on a move that revealed something (a claim)")
    assert finished(game_id).undoable[-1]


# ------------------------------------------------------------- what the app draws
@pytest.fixture
def app():
    dom = fake_dom.install()
    from ui.app import App

    dom.page = fake_dom.Page(FakeStorage(), "en-GB")
    a = App()
    a.kick_bots = lambda: None  # bots are moved by the test
    return a


def drawn_html(app):
    return fake_dom.dom.by_id("app").html


def draw(app, session):
    app.enter_table(session)
    return drawn_html(app)


def test_the_hand_over_screen_marks_nobody_as_you(app):
    def between_humans(s):
        return s.shown().kind == HANDOFF and s.viewer is not None and s.viewer != s.handoff_to

    s = random_game("thurn_taxis", 3, 2, 4, until=between_humans).s
    assert between_humans(s)
    html = draw(app, s)
    assert 'id="handoff-ok"' in html
    assert 'class="you"' not in html, "the player who just handed the device over is still marked (you)"
    assert "handoff-back" not in html  # nobody stepped forward: nothing to go back to
    s.confirm_handoff()
    app.render_table()
    assert 'class="you"' in drawn_html(app) and "handoff-ok" not in drawn_html(app)


def test_the_app_draws_the_window_screen_and_the_way_back(app):
    s = kf_session_at(lambda s: s.shown().kind == WINDOW and len(s.humans_to_act()) == 2)
    html = draw(app, s)
    asked = s.humans_to_act()
    for h in asked:
        assert f'data-cmd="forward" data-arg="{h}"' in html
    assert 'id="window-nobody"' in html and f'data-arg="{len(s.state.actions)}"' in html
    assert "kr-mine" not in html and 'class="you"' not in html and "notes" not in html
    app.dispatch("forward", str(asked[0]), None, "click")
    assert 'id="handoff-ok"' in drawn_html(app) and 'id="handoff-back"' in drawn_html(app)
    app.dispatch("handoff", "", None, "click")
    assert 'id="back-out"' in drawn_html(app) and "kr-mine" in drawn_html(app)
    app.dispatch("back-out", "", None, "click")
    assert 'id="window-nobody"' in drawn_html(app) and "kr-mine" not in drawn_html(app)
    moves = len(s.state.actions)
    app.dispatch("nobody", str(moves), None, "click")
    assert [seat for seat, _ in s.state.actions[moves:]] == asked


def test_no_undo_button_on_the_result_screen(app):
    for state in random_states("carcassonne", 2, seed=5):
        pass
    last = state.actions[-1][0]
    s = Session(state, players(*["human" if seat == last else "bot" for seat in range(2)]), "t")
    s.settle()
    html = draw(app, s)
    assert 'class="result"' in html and 'id="undo"' not in html


def test_the_app_takes_a_public_answer_only_for_the_window_on_the_screen(app):
    def turn_in_public(s):
        return s.shown().kind == WINDOW and s.state.step["phase"] == "turn"

    s = kf_session_at(turn_in_public)
    html = draw(app, s)
    seat = s.humans_to_act()[0]
    moves = len(s.state.actions)
    assert f'data-cmd="answer" data-arg="{seat}:0:{moves}"' in html and "window-fold" in html
    app.dispatch("answer", f"{seat}:0:{moves - 1}", None, "click")  # drawn before a move: ignored
    assert len(s.state.actions) == moves
    app.dispatch("answer", f"{seat}:0:{moves}", None, "click")
    assert s.state.actions[moves] == [seat, {"type": "pass"}]


def test_a_drawing_built_for_the_next_task_is_built_anew_when_asked_again(app, monkeypatch):
    """A drawing asked for is built in one task and put on the page in the
    next animation frame (issue 26); asked again between the two, the built one is out of
    date and never shown: the next frame builds it anew, and whoever waits
    for the drawing waits for that one."""
    s = random_game("thurn_taxis", 3, 2, 4, until=lambda s: s.shown().kind != HANDOFF).s
    app.enter_table(s)
    frames, tasks = [], []
    monkeypatch.setattr(fake_dom.dom, "next_frame", frames.append, raising=False)
    monkeypatch.setattr(fake_dom.dom, "in_frame", tasks.append, raising=False)
    waiting = []
    app.draw_waiters.append(type("W", (), {"done": lambda w: False, "set_result": lambda w, v: waiting.append(v)})())
    app.message = "zq-first"
    app.request_draw()
    frames.pop()()  # built with "zq-first"
    app.message = "zq-second"
    app.request_draw()  # before the built drawing is put on the page
    tasks.pop()()
    assert "zq-first" not in drawn_html(app) and not waiting, "an out-of-date drawing was put on the page"
    frames.pop()()
    tasks.pop()()
    assert "zq-second" in drawn_html(app) and waiting == [None] and not app.draw_asked
    assert not frames and not tasks
