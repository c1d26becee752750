"""The host's side of per-device play, without the browser: which link holds
which remote seat, what each guest is sent, and what a guest may change.

The host is the table: its `Session` keeps the state, the save, the bots and
the rules exactly as for hot-seat.  A guest is sent only `state.view(seat)`
of its own seat and that seat's legal actions, numbered by a decision number
that grows with every change of the table; it answers "action i of decision
n".  Every message from a guest is checked here (protocol.read_guest and
check_act): from its own link's seat only, for the decision now, well formed,
small, never an old one again.  A refused message is logged and answered with
`refused`; it never touches the state.

`send(link, text)` is the transport's (web/net.js through ui/devices/net.py);
`new_token()` gives a fresh seat token.  Statuses per remote seat:
WAITING (no device now), PAIRING (a code is shown), HERE, AWAY (silent ~5 s).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine

from . import protocol
from .protocol import Refused

WAITING, PAIRING, HERE, AWAY = "waiting", "pairing", "here", "away"
MAX_LOG = 100


@dataclass
class Seat:
    """A remote seat's device, as far as this page knows it."""

    offer: int | None = None  # the link of the code on the screen, not answered yet
    code: str = ""  # that code's text
    link: int | None = None  # the open link to the device holding the seat
    hello: bool = False  # the device on `link` has said who it is
    away: bool = False  # nothing heard from it for a while
    sent: str = ""  # the last `table` message sent on `link`
    shown: tuple = ()  # what that message was made from (decision, devices, players)


@dataclass
class HostTable:
    session: object
    send: object  # send(link id, text) -> bool
    new_token: object  # () -> a fresh token (32 hex digits)
    tokens: dict = field(default_factory=dict)  # seat -> the token of the device that holds it
    seats: dict = field(default_factory=dict)  # remote seat -> Seat
    refused: list = field(default_factory=list)  # [{"seat", "why"}], the newest last
    decision: int = 0
    _key: tuple | None = None

    # --------------------------------------------------------------- state
    def seat(self, seat: int) -> Seat:
        return self.seats.setdefault(seat, Seat())

    def status(self, seat: int) -> str | None:
        """WAITING / PAIRING / HERE / AWAY for a remote seat; None for any other."""
        if not self.session.is_remote(seat):
            return None
        s = self.seats.get(seat) or Seat()
        if s.link is not None and s.hello:
            return AWAY if s.away else HERE
        return PAIRING if s.offer is not None or s.link is not None else WAITING

    def devices(self) -> list:
        """Per seat, what every screen says of its device (`table` messages)."""
        return [self.status(s) for s in range(self.session.state.seats)]

    def seat_of(self, link: int) -> int | None:
        return next((n for n, s in self.seats.items() if link in (s.link, s.offer)), None)

    def now(self) -> int:
        """The decision number: one more whenever the table changed (an
        action, an undo); a guest's `act` must name this one."""
        state = self.session.state
        key = (id(state), len(state.actions))
        if key != self._key:
            self._key = key
            self.decision += 1
        return self.decision

    # ------------------------------------------------------------- pairing
    def offered(self, seat: int, link: int, code: str) -> list[int]:
        """A new code for `seat` is on the screen; returns the links to close
        (an earlier code of the seat that was never answered)."""
        s = self.seat(seat)
        stale = [s.offer] if s.offer is not None else []
        s.offer, s.code = link, code
        return stale

    def opened(self, link: int) -> list[int]:
        """A link is open (the device answered the seat's code); returns links
        to close: a device that held the seat before on another link."""
        seat = self.seat_of(link)
        if seat is None:
            return [link]
        s = self.seats[seat]
        stale = [s.link] if s.link is not None and s.link != link else []
        s.link, s.offer, s.code, s.hello, s.away, s.sent, s.shown = link, None, "", False, False, "", ()
        return stale

    def lost(self, link: int) -> None:
        """The link closed."""
        seat = self.seat_of(link)
        if seat is None:
            return
        s = self.seats[seat]
        if s.link == link:
            s.link, s.hello, s.away, s.sent, s.shown = None, False, False, "", ()
        if s.offer == link:
            s.offer, s.code = None, ""

    def heard(self, link: int, away: bool) -> bool:
        """The transport says the device went silent (away) or is back; True
        when that changes what the screens say."""
        seat = self.seat_of(link)
        s = self.seats.get(seat) if seat is not None else None
        if s is None or s.link != link or s.away == away:
            return False
        s.away = away
        return s.hello

    def release(self, seat: int, why: str) -> list[int]:
        """The seat is no longer played on its device: `bye` to it; returns
        the links to close.  Its token goes: the device is a new one next time."""
        s = self.seats.pop(seat, None)
        self.tokens.pop(seat, None)
        if s is None:
            return []
        if s.link is not None:
            self.send(s.link, protocol.encode("bye", why=why))
        return [x for x in (s.link, s.offer) if x is not None]

    # ------------------------------------------------------------ messages
    def receive(self, link: int, text) -> bool:
        """A message from a guest; True when it changed the table.  Anything
        refused is logged, answered with `refused` and changes nothing."""
        seat = self.seat_of(link)
        if seat is None or self.seats[seat].link != link or not self.session.is_remote(seat):
            self._refuse(link, seat, "no_seat")
            return False
        s = self.seats[seat]
        try:
            msg = protocol.read_guest(text, seat)
            if msg["k"] == "hello":
                self._hello(seat, link, msg["token"])
                return False
            if not s.hello:
                raise Refused("no_hello")
            action = protocol.check_act(msg, self.now(), self.session.state.legal_actions(seat))
            try:
                self.session.remote_act(seat, action)
            except engine.IllegalAction:
                raise Refused("no_such_action") from None
            return True
        except Refused as err:
            self._refuse(link, seat, err.why)
            return False

    def _hello(self, seat: int, link: int, token) -> None:
        s = self.seats[seat]
        owner = next((n for n, t in self.tokens.items() if t == token), None) if token else None
        if owner is not None and owner != seat and self.session.is_remote(owner):
            # this device holds another seat: a code scanned by the wrong phone
            self.send(link, protocol.encode("bye", why="other_seat"))
            raise Refused("other_seat")
        if owner != seat:
            self.tokens[seat] = self.new_token()  # a new device for the seat; an old token no longer fits
        s.hello, s.sent, s.shown = True, "", ()
        self.send(link, protocol.encode("welcome", seat=seat, token=self.tokens[seat],
                                        table=self.session.save_id, game=self.session.game_id))

    def _refuse(self, link: int, seat, why: str) -> None:
        self.refused.append({"seat": seat, "why": why})
        del self.refused[:-MAX_LOG]
        self.send(link, protocol.encode("refused", why=why, n=self.decision))

    def sync(self) -> None:
        """Send every guest its seat's table if anything it shows changed
        (cheap when nothing did: the view is made only after a change)."""
        n = self.now()
        devices = self.devices()
        players = tuple((p["name"], p["kind"], p.get("level")) for p in self.session.players)
        for seat, s in self.seats.items():
            if s.link is None or not s.hello or not self.session.is_remote(seat):
                continue
            shown = (n, tuple(devices), players)
            if shown == s.shown:
                continue
            view, legal, since = self.session.remote_view(seat)
            text = protocol.table_message(n, seat, view, legal, since, self.session.players, devices)
            if text == s.sent or self.send(s.link, text):
                s.sent, s.shown = text, shown
