"""The host's controller for seats on devices of their own: the devices
panel's commands, the transport's events, and every guest told after each
change.  The rules of who may do what live in host.py (pure); this module
only wires them to the page (ui/devices/net.py) and to `App` (ui/app.py):
the app asks `mark`, `button` and `panel` while drawing the table and calls
`sync` after it, and routes the panel's `dev-*` commands here.
"""

from __future__ import annotations

import json
import os

from engine import bots

from .. import i18n
from ..names import isolate
from . import net, panel
from .host import HERE, HostTable

TOKENS = "speeltafel:devices:"  # + save id: seat -> the token of the device that holds it


def new_token() -> str:
    return os.urandom(16).hex()


def explain(key: str) -> str:
    """The words for what the transport refused (`err.failed` for anything unforeseen)."""
    return "err." + key if "err." + key in i18n.FRAME["en"] else "err.failed"


class HostControl:
    @classmethod
    async def start(cls, app):
        control = cls(app)
        await net.load(control.on_event)
        return control

    def __init__(self, app):
        self.app = app
        self.session = app.session
        self.table = HostTable(self.session, net.send, net.close, new_token, tokens=self._read_tokens())
        self.opened = True  # the panel: open at the start, and after a reload, to pair every device
        self.shown = None  # the code on the screen: {"seat", "code", "qr"}
        self.typed = ""  # an answer code pasted into the panel
        self.note = ""  # what just happened, in words
        self.error = ""

    def t(self, key, **params) -> str:
        return self.app.words.t(key, **params)

    def name(self, seat) -> str:
        """The seat's name as said in a note: isolated (ui/names.py)."""
        return isolate(self.session.players[seat]["name"])

    # -------------------------------------------------------------- storage
    def _read_tokens(self) -> dict:
        try:
            raw = json.loads(net.storage().getItem(TOKENS + self.session.save_id) or "{}")
            return {int(k): v for k, v in raw.items() if isinstance(v, str)} if isinstance(raw, dict) else {}
        except Exception:  # noqa: BLE001 - unreadable: every device pairs as a new one
            return {}

    def _write_tokens(self) -> None:
        try:
            net.storage().setItem(TOKENS + self.session.save_id, json.dumps(self.table.tokens))
        except Exception:  # noqa: BLE001 - a full storage: the devices pair as new ones after a reload
            pass

    # ------------------------------------------------------------ drawing
    def statuses(self) -> list:
        return self.table.devices()

    def mark(self, details):
        """The game's lines under each player, with where its device is."""
        details = dict(details or {})
        for seat, status in enumerate(self.statuses()):
            if status is not None:
                details[seat] = panel.mark(self.t, status) + (details.get(seat) or "")
        return details

    def button(self) -> str:
        return panel.devices_button(self.t, self.statuses())

    def panel(self) -> str:
        if not self.opened:
            return ""
        levels = bots.LEVELS.get(self.session.game_id) or []
        return panel.host_panel(self.t, self.session.players, self.statuses(), levels,
                                lambda lv: self.t("lobby.bot", level=self.app.words.level(lv)),
                                self.shown, self.note, self.error)

    def sync(self) -> None:
        self.table.sync()

    def redraw(self) -> None:
        if self.app.devices is self:
            self.app.render_table()

    def stop(self) -> None:
        """The host leaves the table: every device is told, every link closed."""
        for seat in list(self.table.seats):
            self.table.release(seat, "host_left")

    # ----------------------------------------------------------- commands
    def cmd_dev_open(self, arg, el, ev):
        if ev == "click":
            self.opened, self.note, self.error = True, "", ""
            self.redraw()

    def cmd_dev_close(self, arg, el, ev):
        if ev == "click":
            self.opened = False
            self.redraw()

    async def cmd_dev_pair(self, arg, el, ev):
        if ev == "click":
            await self.pair(int(arg))

    async def pair(self, seat: int) -> None:
        """A new code for `seat` on the screen (an earlier one stops working)."""
        if not self.session.is_remote(seat):
            return
        self.opened, self.error, self.note = True, "", self.t("dev.making")
        self.redraw()
        link, code = await net.offer()
        if self.app.devices is not self:
            net.close(link)
            return
        self.table.offered(seat, link)
        self.shown, self.typed, self.note = {"seat": seat, "code": code, "qr": net.qr(code)}, "", ""
        self.redraw()

    def cmd_dev_answer_text(self, arg, el, ev):
        if ev in ("input", "change"):
            self.typed = str(el.value)

    async def cmd_dev_connect(self, arg, el, ev):
        if ev == "click":
            await self.accept(self.typed)

    async def cmd_dev_scan(self, arg, el, ev):
        if ev != "click":
            return
        try:
            text = await net.scan(self.t)
        except net.NetError as err:
            self.error = self._why(err.key)
            self.redraw()
            return
        if text is not None:
            await self.accept(text)

    async def accept(self, code: str) -> None:
        """A device's answer code: its link opens (or the player is told why not)."""
        try:
            await net.accept(code)
            self.error = ""
        except net.NetError as err:
            self.error = self._why(err.key)
        self.redraw()

    def _why(self, key: str) -> str:
        return self.t(explain(key))

    async def cmd_dev_copy(self, arg, el, ev):
        if ev == "click" and self.shown:
            self.note = self.t("dev.copied") if await net.copy(self.shown["code"]) else ""
            self.redraw()

    def cmd_dev_kind(self, arg, el, ev):
        """Who plays a seat now: its own device, this tablet, or a bot."""
        if ev != "change":
            return
        seat, value = int(arg), str(el.value)
        if value != "remote":
            self.table.release(seat, "seat_taken")
            self._write_tokens()
            if self.shown and self.shown["seat"] == seat:
                self.shown = None
        kind, _, level = value.partition(":")
        if kind not in ("remote", "human", "bot") or (kind == "bot" and level not in bots.LEVELS[self.session.game_id]):
            return
        self.session.set_kind(seat, kind, level or None)
        self.note = self.t("dev.seat_gone", name=self.name(seat)) if kind != "remote" else ""
        self.app.after_action()

    # -------------------------------------------------------------- events
    def on_event(self, link: int, what: str, data) -> None:
        """What the transport says (web/net.js listen)."""
        if self.app.devices is not self:
            return
        if what == "open":
            self.table.opened(link)
            self.redraw()
        elif what == "message":
            self.on_message(link, data)
        elif what in ("away", "back"):
            if self.table.heard(link, what == "away"):
                seat = self.table.seat_of(link)
                self.note = self.t("dev.back", name=self.name(seat)) if what == "back" else ""
                self.redraw()
        elif what == "closed":
            self.table.lost(link)
            self.redraw()

    def on_message(self, link: int, data) -> None:
        seat = self.table.seat_of(link)
        before = (dict(self.table.tokens), len(self.table.refused), self.table.status(seat) if seat is not None else None)
        changed = self.table.receive(link, data)
        if len(self.table.refused) > before[1]:
            why = self.table.refused[-1]["why"]
            net.log(f"speeltafel: refused a message from seat {seat}: {why}")
        if self.table.tokens != before[0]:
            self._write_tokens()
        if changed:
            self.app.message = ""
            self.app.after_action()
            return
        if seat is not None and self.table.status(seat) == HERE and before[2] != HERE:
            self.note = self.t("dev.connected", name=self.name(seat))
            if self.shown and self.shown["seat"] == seat:
                self.shown = None
            if all(s in (None, HERE) for s in self.statuses()):
                self.opened = False
        self.redraw()
