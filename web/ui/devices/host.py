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

`send(link, text)` and `close(link)` are the transport's (web/net.js through
ui/devices/net.py); `new_token()` gives a fresh seat token.  A device that
answers a seat's code holds the seat only once its hello is accepted: a
phone that scanned the wrong code never pushes the seat's own device out.  Statuses per remote seat:
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
    joining: int | None = None  # an open link whose device has not said who it is yet
    link: int | None = None  # the open link to the device holding the seat
    away: bool = False  # nothing heard from it for a while
    sent: str = ""  # the last `table` message sent on `link`
    shown: tuple = ()  # what that message was made from (decision, devices, players)


@dataclass
class HostTable:
    session: object
    send: object  # send(link id, text) -> bool
    close: object  # close(link id)
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
        if s.link is not None:
            return AWAY if s.away else HERE
        return PAIRING if s.offer is not None or s.joining is not None else WAITING

    def devices(self) -> list:
        """Per seat, what every screen says of its device (`table` messages)."""
        return [self.status(s) for s in range(self.session.state.seats)]

    def seat_of(self, link: int) -> int | None:
        return next((n for n, s in self.seats.items() if link in (s.link, s.offer, s.joining)), None)

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
    def offered(self, seat: int, link: int) -> None:
        """A new code for `seat` is on the screen (an earlier one that was
        never answered stops working)."""
        s = self.seat(seat)
        for old in (s.offer, s.joining):
            if old is not None:
                self.close(old)
        s.offer, s.joining = link, None

    def opened(self, link: int) -> None:
        """A device answered a seat's code: it holds the seat once it says hello."""
        seat = self.seat_of(link)
        if seat is None:
            self.close(link)
            return
        s = self.seats[seat]
        if s.offer == link:
            s.offer, s.joining = None, link

    def lost(self, link: int) -> None:
        """The link closed."""
        seat = self.seat_of(link)
        if seat is None:
            return
        s = self.seats[seat]
        if s.link == link:
            s.link, s.away, s.sent, s.shown = None, False, "", ()
        if s.offer == link:
            s.offer = None
        if s.joining == link:
            s.joining = None

    def heard(self, link: int, away: bool) -> bool:
        """The transport says the device went silent (away) or is back; True
        when that changes what the screens say."""
        seat = self.seat_of(link)
        s = self.seats.get(seat) if seat is not None else None
        if s is None or s.link != link or s.away == away:
            return False
        s.away = away
        return True

    def release(self, seat: int, why: str) -> None:
        """The seat is no longer played on its device: `bye` to it, its links
        closed.  Its token goes: the device is a new one next time."""
        s = self.seats.pop(seat, None)
        self.tokens.pop(seat, None)
        if s is None:
            return
        if s.link is not None:
            self.send(s.link, protocol.encode("bye", why=why))
        for link in (s.link, s.offer, s.joining):
            if link is not None:
                self.close(link)

    # ------------------------------------------------------------ messages
    def receive(self, link: int, text) -> bool:
        """A message from a guest; True when it changed the table.  Anything
        refused is logged, answered with `refused` and changes nothing."""
        seat = self.seat_of(link)
        if seat is None or link == self.seats[seat].offer or not self.session.is_remote(seat):
            self._refuse(link, seat, "no_seat")
            return False
        s = self.seats[seat]
        try:
            msg = protocol.read_guest(text, seat)
            if msg["k"] == "hello":
                self._hello(seat, link, msg["token"])
                return False
            if link != s.link:
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
        if link != s.joining:
            raise Refused("malformed")  # one hello per link
        s.joining = None
        owner = next((n for n, t in self.tokens.items() if t == token), None) if token else None
        if owner is not None and owner != seat and self.session.is_remote(owner):
            # this device holds another seat: a code scanned by the wrong phone
            self.send(link, protocol.encode("bye", why="other_seat"))
            self.close(link)
            raise Refused("other_seat")
        if owner != seat:
            self.tokens[seat] = self.new_token()  # a new device for the seat; an old token no longer fits
        if s.link is not None:  # the device that held the seat until now (if it still listens)
            self.send(s.link, protocol.encode("bye", why="replaced"))
            self.close(s.link)
        s.link, s.away, s.sent, s.shown = link, False, "", ()
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
            if s.link is None or not self.session.is_remote(seat):
                continue
            shown = (n, tuple(devices), players)
            if shown == s.shown:
                continue
            view, legal, since = self.session.remote_view(seat)
            text = protocol.table_message(n, seat, view, legal, since, self.session.players, devices)
            if text == s.sent or self.send(s.link, text):
                s.sent, s.shown = text, shown
