"""Per-device play without a browser (issue 25): the messages a guest may
send and every way one is refused, what the host sends each guest (its own
seat's view and legal actions, nothing else), seat tokens, and the session's
seat kind for a remote device."""

import json
import re
from pathlib import Path

import pytest

import engine
from engine.rng import Rng

from .ui_support import WEB
from ui import lobby, prerender, savemeta, startup  # noqa: E402
from ui.devices import panel, protocol  # noqa: E402
from ui.devices.host import AWAY, HERE, PAIRING, WAITING, HostTable  # noqa: E402
from ui.devices.protocol import Refused  # noqa: E402
from ui.i18n import FRAME, LANGS, Words  # noqa: E402
from ui.names import isolate  # noqa: E402
from ui.session import PRIVATE, TABLE, Session, Shown  # noqa: E402

KINDS = ["human", "remote", "remote", "bot"]


def make_session(game="kutschfahrt", kinds=KINDS, seed=3):
    players = [{"name": f"P{i}", "kind": k, "level": "random" if k == "bot" else None} for i, k in enumerate(kinds)]
    return Session.start(game, players, {}, seed, "g-1")


class Wire:
    """The transport as the host sees it: every text sent, per link, and the links closed."""

    def __init__(self):
        self.sent = []
        self.closed = []

    def __call__(self, link, text):
        if link in self.closed:
            return False
        self.sent.append((link, json.loads(text)))
        return True

    def close(self, link):
        self.closed.append(link)

    def to(self, link, kind=None):
        return [m for l, m in self.sent if l == link and (kind is None or m["k"] == kind)]


def tokens():
    n = iter(range(1, 1000))
    return lambda: f"{next(n):032x}"


def paired(session, seats=(1, 2)):
    """A host table with the given remote seats' devices connected (link = 10 + seat)."""
    wire = Wire()
    host = HostTable(session, wire, wire.close, tokens())
    for seat in seats:
        assert host.status(seat) == WAITING
        host.offered(seat, 10 + seat)
        assert host.status(seat) == PAIRING
        host.opened(10 + seat)
        host.receive(10 + seat, protocol.encode("hello", token=None))
        assert host.status(seat) == HERE
    host.sync()
    return host, wire


def play_until(session, seat):
    """Random moves (bots' and the local human's) until `seat` must decide."""
    rng = Rng(7)
    for _ in range(500):
        if seat in session.state.to_act():
            return
        mover = session.state.to_act()[0]
        legal = session.state.legal_actions(mover)
        session.state.apply(mover, legal[rng.below(len(legal))])
        session.settle()
    raise AssertionError("the seat never had to decide")


def act(n, i, **more):
    return protocol.encode("act", n=n, i=i, **more)


# ------------------------------------------------------------------ messages
@pytest.mark.parametrize("text, why", [
    (None, "malformed"),
    ("x" * (protocol.MAX_GUEST_CHARS + 1), "too_big"),
    ('{"v":1,"k":"act","n":1,"i":0,"pad":"' + "x" * 600 + '"}', "too_big"),
    ("not json", "malformed"),
    ('{"v":1,"k":"act","n":NaN,"i":0}', "malformed"),
    ("[1, 2]", "malformed"),
    ('"act"', "malformed"),
    ('{"k":"act","n":1,"i":0}', "version"),
    ('{"v":2,"k":"act","n":1,"i":0}', "version"),
    ('{"v":true,"k":"act","n":1,"i":0}', "version"),
    ('{"v":"1","k":"act","n":1,"i":0}', "version"),
    ('{"v":1,"k":"table","n":1}', "unknown_kind"),
    ('{"v":1,"k":"act","n":1,"i":0,"seat":2}', "wrong_seat"),
    ('{"v":1,"k":"act","n":1,"i":0,"extra":1}', "malformed"),
    ('{"v":1,"k":"act","n":1}', "malformed"),
    ('{"v":1,"k":"act","n":1.0,"i":0}', "malformed"),
    ('{"v":1,"k":"act","n":1,"i":true}', "malformed"),
    ('{"v":1,"k":"act","n":1,"i":-1}', "malformed"),
    ('{"v":1,"k":"act","n":1,"i":9007199254740993}', "malformed"),
    ('{"v":1,"k":"act","n":1,"i":"0"}', "malformed"),
    ('{"v":1,"k":"hello","token":"short"}', "malformed"),
    ('{"v":1,"k":"hello","token":"' + "G" * 32 + '"}', "malformed"),
    ('{"v":1,"k":"hello"}', "malformed"),
    ("[" * 5000 + "]" * 5000, "too_big"),
])
def test_a_guest_message_of_the_wrong_shape_is_refused(text, why):
    with pytest.raises(Refused) as err:
        protocol.read_guest(text, seat=1)
    assert err.value.why == why


def test_well_formed_guest_messages_are_read():
    assert protocol.read_guest(act(5, 2), 1) == {"k": "act", "n": 5, "i": 2}
    assert protocol.read_guest(act(5, 2, seat=1), 1)["k"] == "act"  # its own seat may be named
    assert protocol.read_guest(protocol.encode("hello", token=None), 1) == {"k": "hello", "token": None}
    token = "0123456789abcdef" * 2
    assert protocol.read_guest(protocol.encode("hello", token=token), 1)["token"] == token


def test_a_damaged_host_message_is_refused_on_the_guest():
    good = protocol.table_message(3, 1, {"seat": 1}, [], 0, [{"name": "A", "kind": "human"}], [None])
    assert protocol.read_host(good)["n"] == 3
    for bad in ("{", "null", '{"v":1,"k":"boom"}', good.replace('"seat":1}', '"seat":2}'),
                good.replace('"n":3', '"n":"3"'), '{"v":1,"k":"bye"}'):
        with pytest.raises(Refused):
            protocol.read_host(bad)


# ---------------------------------------------------------------- the host
def test_each_guest_is_sent_only_its_own_seats_view_and_actions():
    session = make_session()
    host, wire = paired(session)
    state = session.state
    for seat in (1, 2):
        welcome, = wire.to(10 + seat, "welcome")
        assert welcome["seat"] == seat and welcome["game"] == "kutschfahrt" and welcome["table"] == "g-1"
        table, = wire.to(10 + seat, "table")
        assert table["seat"] == seat and table["view"] == state.view(seat)
        assert table["legal"] == state.legal_actions(seat)
        assert table["since"] == session.seen_until(seat)
        assert table["devices"] == [None, HERE, HERE, None]
        assert [p["name"] for p in table["players"]] == ["P0", "P1", "P2", "P3"]
    # nothing of another seat's own view travels
    assert state.view(1) != state.view(2)
    for link, msg in wire.sent:
        if msg["k"] == "table":
            assert msg["view"]["seat"] == link - 10
    host.sync()  # nothing changed: nothing sent again
    assert len(wire.to(11, "table")) == 1


def test_a_guests_action_is_played_once_and_every_other_message_changes_nothing():
    session = make_session()
    host, wire = paired(session)
    play_until(session, 1)
    host.sync()
    n = wire.to(11, "table")[-1]["n"]
    legal = session.state.legal_actions(1)
    before = session.state.to_json()
    moves = len(session.state.actions)

    def refused(link, text, why):
        saved = session.state.to_json()
        assert host.receive(link, text) is False
        assert session.state.to_json() == saved, f"{why}: the state changed"
        assert wire.to(link, "refused")[-1]["why"] == why
        assert host.refused[-1]["why"] == why

    refused(11, act(n, len(legal)), "no_such_action")
    refused(11, act(n - 1, 0), "stale")
    refused(11, act(n, 0, seat=2), "wrong_seat")
    refused(11, "{" * 600, "too_big")
    refused(11, '{"v":1,"k":"act","n":' + str(n) + ',"i":0', "malformed")
    if 2 not in session.state.to_act():
        refused(12, act(n, 0), "not_your_turn")
    refused(99, act(n, 0), "no_seat")  # a link no seat knows
    assert session.state.to_json() == before
    assert host.receive(11, act(n, 0)) is True
    assert session.state.actions[moves] == [1, legal[0]]
    after = session.state.to_json()
    refused(11, act(n, 0), "stale")  # the same message again: an old decision
    assert session.state.to_json() == after
    host.sync()
    assert wire.to(11, "table")[-1]["n"] > n


def test_a_message_before_hello_and_a_seat_no_longer_remote_are_refused():
    session = make_session()
    wire = Wire()
    host = HostTable(session, wire, wire.close, tokens())
    host.offered(1, 11)
    host.opened(11)
    play_until(session, 1)
    assert host.receive(11, act(host.now(), 0)) is False
    assert host.refused[-1]["why"] == "no_hello"
    host.receive(11, protocol.encode("hello", token=None))
    session.set_kind(1, "bot", "random")  # the host handed the seat to a bot
    moves = len(session.state.actions)
    assert host.receive(11, act(host.now(), 0)) is False
    assert host.refused[-1]["why"] == "no_seat" and len(session.state.actions) == moves


def test_seat_tokens_let_a_device_rejoin_and_keep_another_seats_device_out():
    session = make_session()
    host, wire = paired(session)
    token1 = wire.to(11, "welcome")[0]["token"]
    token2 = wire.to(12, "welcome")[0]["token"]
    assert token1 != token2 and host.tokens == {1: token1, 2: token2}
    # seat 1's device reloads: its link closes, a new code, the same token
    host.lost(11)
    assert host.status(1) == WAITING
    host.offered(1, 21)
    assert host.status(1) == PAIRING
    host.opened(21)
    host.receive(21, protocol.encode("hello", token=token1))
    assert wire.to(21, "welcome")[0]["token"] == token1 and host.status(1) == HERE
    # seat 2's phone scans seat 1's next code: refused, told, closed; seat 1's device keeps it
    host.offered(1, 31)
    host.opened(31)
    assert host.status(1) == HERE
    assert host.receive(31, protocol.encode("hello", token=token2)) is False
    assert wire.to(31, "bye")[0]["why"] == "other_seat" and host.refused[-1]["why"] == "other_seat"
    assert 31 in wire.closed and 21 not in wire.closed
    assert host.status(1) == HERE and host.tokens[1] == token1 and host.seats[1].link == 21
    assert host.receive(21, protocol.encode("hello", token=token1)) is False  # one hello per link
    # a new device takes seat 1: a new token, the old one fits no more; the old device is told
    host.offered(1, 41)
    host.opened(41)
    host.receive(41, protocol.encode("hello", token=None))
    assert host.tokens[1] not in (token1, token2) and host.seats[1].link == 41
    assert wire.to(21, "bye")[-1]["why"] == "replaced" and 21 in wire.closed


def test_away_and_back_and_releasing_a_seat():
    session = make_session()
    host, wire = paired(session)
    assert host.heard(11, away=True) is True and host.status(1) == AWAY
    assert host.heard(11, away=True) is False  # said once
    host.sync()
    assert wire.to(12, "table")[-1]["devices"] == [None, AWAY, HERE, None]  # every screen says so
    assert host.heard(11, away=False) is True and host.status(1) == HERE
    host.release(1, "seat_taken")
    assert wire.to(11, "bye")[-1]["why"] == "seat_taken" and 1 not in host.tokens and 11 in wire.closed


def test_the_decision_number_grows_with_every_change_undo_too():
    session = make_session(kinds=["remote", "remote", "remote"])
    host, _ = paired(session, seats=(0, 1, 2))
    first = host.now()
    assert host.now() == first
    seat = session.state.to_act()[0]
    session.remote_act(seat, session.state.legal_actions(seat)[0])
    assert host.now() == first + 1
    undoable = session.state.can_undo(seat)
    if undoable:
        session.state = session.state.undo()
        assert host.now() == first + 2


# ------------------------------------------------------------- the session
@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_remote_seats_are_never_shown_here_nor_played_by_bots(game):
    spec = engine.GAMES[game]
    for kinds in (["human", "remote"], ["remote", "bot"], ["human", "human", "remote"]):
        if not spec.min_seats <= len(kinds) <= spec.max_seats:
            continue
        session = make_session(game, kinds, seed=11)
        rng = Rng(5)
        for _ in range(300):
            if session.state.is_over():
                break
            shown = session.shown()
            assert not session.is_remote(shown.seat), "a remote seat's view on the host's screen"
            assert not any(session.is_remote(s) for s in session.bots_to_act())
            if kinds.count("human") <= 1:
                assert shown == (Shown(PRIVATE, 0) if "human" in kinds else Shown(TABLE))
            seat = session.state.to_act()[0]
            legal = session.state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            if session.is_remote(seat):
                session.remote_act(seat, action)
            else:
                session.state.apply(seat, action)
                session.settle()


def test_remote_act_is_for_remote_seats_only_and_set_kind_lets_go():
    session = make_session(kinds=["human", "human", "remote"])
    seat = session.state.to_act()[0]
    if not session.is_remote(seat):
        with pytest.raises(engine.IllegalAction):
            session.remote_act(seat, session.state.legal_actions(seat)[0])
    viewer = session.viewer = session.humans()[0]  # this human holds the device
    session.set_kind(viewer, "remote")
    assert session.viewer != viewer and session.is_remote(viewer) and session.players[viewer]["level"] is None
    assert session.shown().seat != viewer
    session.set_kind(viewer, "bot", "random")
    assert session.players[viewer] == {"name": f"P{viewer}", "kind": "bot", "level": "random"}


def test_a_save_with_remote_seats_resumes_with_them():
    session = make_session()
    again = Session.from_save(session.to_json(5), "g-1")
    assert [p["kind"] for p in again.players] == KINDS
    with pytest.raises(engine.SaveError):
        savemeta.check_meta({"players": [{"name": "A", "kind": "remote", "level": 3}] * 4}, 4)


def test_the_lobby_offers_a_seat_on_its_own_device():
    words = Words("en")
    model = lobby.default_model("kutschfahrt", words)
    model["players"][1].update(kind="remote", level=None)
    html = lobby.render_lobby(model, [], words, rejoin="Bea <b>")
    assert '<option value="remote" selected>Own device</option>' in html
    assert 'href="#join"' in html and "Rejoin as Bea &lt;b&gt;" in html
    form, dropped = startup.clean_lobby({"game": "kutschfahrt", "players": [{"name": "X", "kind": "remote"}]})
    assert form["players"][0]["kind"] == "remote" and not dropped
    values = {"seats": "4", "kind-0": "remote", "name-0": "Y"}
    assert prerender.model_from_form("kutschfahrt", values, words, ["kutschfahrt"])["players"][0]["kind"] == "remote"


# ---------------------------------------------------------------- the words
DEVICES = WEB / "ui" / "devices"


def test_every_word_of_per_device_play_is_there_in_every_language():
    words = json.loads((DEVICES / "words.json").read_text())
    assert set(words) == set(LANGS)
    assert set(words["en"]) == set(words["nl"]) == set(words["de"])
    used = set()
    for path in DEVICES.glob("*.py"):
        used |= set(re.findall(r'"((?:dev|join|guest|bye|refused|err|scan|help)\.[a-z_A-Z]+)"', path.read_text()))
    missing = {k for k in used if k not in words["en"] and k not in FRAME["en"]}
    assert not missing, missing


def test_the_panel_escapes_names_and_says_each_status():
    t = Words("en").t
    players = [{"name": "<img src=x>", "kind": "remote", "level": None}, {"name": "B", "kind": "bot", "level": "random"}]
    html = panel.host_panel(t, players, [PAIRING, None], ["random"], lambda lv: lv,
                            {"seat": 0, "code": "ST1Oxyz", "qr": "data:image/svg+xml;base64,AAAA"})
    assert "<img src=x>" not in html and "&lt;img src=x&gt;" in html
    assert "ST1Oxyz" in html and 'id="dev-answer"' in html and "code on the screen" in html
    screen = panel.join_screen(t, "", "join", secure=False, rejoin=None, typed="", answer=None, error="", notice="")
    assert "plain http" in screen and 'id="join-scan"' not in screen and 'id="join-code"' in screen


def test_names_on_the_devices_panel_and_the_join_screen_are_isolated():
    """A right-to-left name never turns the panel's sentences around it (ui/names.py)."""
    t = Words("en").t
    rtl = "\u05d0\u05d1\u05d2"
    players = [{"name": rtl, "kind": "remote", "level": None}, {"name": "B", "kind": "bot", "level": "random"}]
    html = panel.host_panel(t, players, [PAIRING, None], ["random"], lambda lv: lv,
                            {"seat": 0, "code": "ST1Oxyz", "qr": "data:image/svg+xml;base64,AAAA"})
    assert html.count(rtl) == html.count(isolate(rtl)) + html.count(f'<bdi class="pname">{rtl}</bdi>') >= 4
    screen = panel.join_screen(t, "", "join", secure=False, rejoin=rtl, typed="", answer=None, error="", notice="")
    assert isolate(rtl) in screen
