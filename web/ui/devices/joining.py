"""A guest's device: join another device's table, then play one seat on it.

The join screen reads the host's code (camera or pasted text) and shows the
answer code; once the link is open the guest says hello (with the seat token
this device keeps, to rejoin after a reload) and from then on draws each
`table` message with the same frame and game screen the host uses.  A tap
sends "action i of decision n" and nothing else: the host decides.

`App` routes every command here first while `app.guest` is set (ui/app.py
dispatch); the table's own commands (rules, folds, the screen's local steps)
fall through to the app.
"""

from __future__ import annotations

import json

from .. import dom, lobby, names, screens, table
from ..i18n import Words, pick_lang
from ..parts import GUEST_KEY
from . import net, panel, protocol
from .hosting import explain

JOIN, MAKING, ANSWER, CONNECTED, TABLE = "join", "making", "answer", "connected", "table"


class GuestControl:
    def __init__(self, app):
        self.app = app
        self.phase = JOIN
        self.typed = ""  # a code pasted on the join screen
        self.error = ""
        self.notice = ""
        self.link = None
        self.answer = None  # {"code", "qr"}: this device's answer, shown until the host reads it
        self.msg = None  # the last `table` message
        self.host_away = False
        self.sent = None  # the decision of the last `act` sent: one tap per decision
        self.loaded = False
        self.saved = self._read()  # {"token", "table", "game", "seat", "name", "notes"}

    @property
    def game_id(self):
        return self.msg["view"]["game"] if self.msg else None

    @property
    def decision(self):
        """The host's decision the table on this device was drawn for (None
        while no table is up): a tap counts for it only (ui/taps.py)."""
        return self.msg["n"] if self.phase == TABLE and self.msg is not None else None

    def t(self, key, **params) -> str:
        return self.app.words.t(key, **params)

    # -------------------------------------------------------------- storage
    def _read(self) -> dict:
        try:
            saved = json.loads(net.storage().getItem(GUEST_KEY) or "{}")
            return saved if isinstance(saved, dict) else {}
        except Exception:  # noqa: BLE001 - unreadable: this device joins as a new one
            return {}

    def _write(self) -> None:
        try:
            if self.saved:
                net.storage().setItem(GUEST_KEY, json.dumps(self.saved))
            else:
                net.storage().removeItem(GUEST_KEY)
        except Exception:  # noqa: BLE001 - a full storage: a reload pairs as a new device
            pass

    # ----------------------------------------------------------- drawing
    def render(self) -> None:
        app = self.app
        if self.phase != TABLE or self.msg is None:
            secure = net.secure()
            rejoin = self.saved.get("name") if self.saved.get("token") else None
            html = panel.join_screen(self.t, lobby.render_header(app.words), self.phase, secure=secure,
                                     rejoin=rejoin, typed=self.typed, answer=self.answer, error=self.error,
                                     notice=self.notice)
            dom.render(dom.by_id("app"), html)
            dom.set_ready("join")
            return
        msg = self.msg
        view, legal, seat = msg["view"], msg["legal"], msg["seat"]
        ctx = table.TableContext(app.words, msg["players"], seat, self.saved.get("notes", ""), msg["since"])
        app.screen.ctx = ctx
        body, details, prompt, since = app.screen_parts(view, legal, ctx)
        details = dict(details or {})
        for other, status in enumerate(msg["devices"]):
            if status is not None and other != seat and other < len(msg["players"]):
                details[other] = panel.mark(self.t, status) + (details.get(other) or "")
        modal, reading = app.overlay(view, ctx)
        bar = panel.guest_bar(self.t, self.host_away)
        if modal and bar:  # the result (or the rules) up: the host's silence is said on top of it
            modal, bar = bar + modal, ""
        html = table.render_frame(view, ctx, body, can_undo=False, thinking=None, message=app.message,
                                  details=details, bar=bar, prompt=prompt,
                                  since=since, log_opened=app.log_opened(), export=False, decision=msg["n"])
        modal = f'<div class="modal" data-decision="{msg["n"]}">{modal}</div>' if modal else ""
        dom.render(dom.by_id("app"), html + modal)
        app.taps.drawn(msg["n"], dom.clock())  # its controls are bound to the host's decision (ui/taps.py)
        app.screen.after_render(dom.by_id("screen"))
        dom.set_ready("guest")

    def stop(self) -> None:
        if self.link is not None:
            net.close(self.link)
            self.link = None

    # ----------------------------------------------------------- joining
    async def _net(self) -> None:
        if not self.loaded:
            await net.load(self.on_event)
            self.loaded = True

    def cmd_join_code(self, arg, el, ev):
        if ev in ("input", "change"):
            self.typed = str(el.value)

    async def cmd_join_go(self, arg, el, ev):
        if ev == "click":
            await self.join(self.typed)

    async def cmd_join_scan(self, arg, el, ev):
        if ev != "click":
            return
        await self._net()
        try:
            text = await net.scan(self.t)
        except net.NetError as err:
            self.error = self.t(explain(err.key))
            self.render()
            return
        if text is not None:
            await self.join(text)

    async def join(self, code: str) -> None:
        """The host's code: make this device's answer and show it."""
        await self._net()
        self.stop()
        self.phase, self.error, self.notice = MAKING, "", ""
        self.render()
        try:
            self.link, made = await net.answer(code)
        except net.NetError as err:
            self.phase, self.error = JOIN, self.t(explain(err.key))
            self.render()
            return
        self.answer = {"code": made, "qr": net.qr(made)}
        self.phase = ANSWER
        self.render()

    def cmd_join_again(self, arg, el, ev):
        """The host does not answer: read a new code from it."""
        if ev == "click":
            self.stop()
            self.phase, self.msg, self.answer, self.host_away = JOIN, None, None, False
            self.render()

    def cmd_join_back(self, arg, el, ev):
        if ev == "click":
            self.leave()

    def cmd_menu(self, arg, el, ev):
        if ev == "click" and (self.phase != TABLE or dom.confirm(self.t("join.leave_confirm"))):
            self.leave()

    def leave(self) -> None:
        self.app.show_lobby()  # closes the link (App.stop_devices)

    async def cmd_dev_copy(self, arg, el, ev):
        if ev == "click" and self.answer:
            self.notice = self.t("dev.copied") if await net.copy(self.answer["code"]) else ""
            self.render()

    # ------------------------------------------------------------- table
    def cmd_act(self, arg, el, ev):
        """A tap on one of this seat's actions: ask the host for it."""
        msg = self.msg
        if ev != "click" or msg is None or self.link is None or self.sent == msg["n"]:
            return
        try:
            index = int(arg)
        except ValueError:
            return
        if 0 <= index < len(msg["legal"]):
            self.sent = msg["n"]
            net.send(self.link, protocol.encode("act", n=msg["n"], i=index))

    def cmd_lang(self, arg, el, ev):
        if ev != "change":
            return
        app = self.app
        app.lang = pick_lang(el.value, None)
        app.store.set_prefs(lang=app.lang)
        dom.set_lang(app.lang)
        self._words()
        self.render()

    def cmd_note(self, arg, el, ev):
        """This seat's own notes stay on this device."""
        if ev in ("input", "change") and self.msg is not None:
            self.saved["notes"] = str(el.value)[:4000]
            if ev == "change":
                self._write()

    def _words(self) -> None:
        players = self.msg["players"] if self.msg else []
        self.app.words = Words(self.app.lang, self.game_id,
                               lambda seat: players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players)
                               else self.app.words.t("table.nobody"))

    # -------------------------------------------------------------- events
    def on_event(self, link: int, what: str, data) -> None:
        if self.app.guest is not self or link != self.link:
            return
        if what == "open":
            self.phase = CONNECTED
            net.send(link, protocol.encode("hello", token=self.saved.get("token")))
        elif what == "message":
            try:
                msg = protocol.read_host(data)
            except protocol.Refused:
                net.log("speeltafel: a damaged message from the host")
                return
            getattr(self, "on_" + msg["k"])(msg)
        elif what in ("away", "closed"):
            self.host_away = True
        elif what == "back":
            self.host_away = False
        self.render()

    def on_welcome(self, msg) -> None:
        keep = self.saved.get("notes", "") if self.saved.get("table") == msg["table"] and \
            self.saved.get("seat") == msg["seat"] else ""
        self.saved = {"token": msg["token"], "table": msg["table"], "game": msg["game"], "seat": msg["seat"],
                      "name": "", "notes": keep}
        self._write()

    def on_table(self, msg) -> None:
        app = self.app
        # names come in from another device: cleaned as the lobby and saves clean them (ui/names.py)
        msg["players"] = [dict(p, name=names.clean(p.get("name") if isinstance(p, dict) else None, f"#{i + 1}"))
                          for i, p in enumerate(msg["players"])]
        fresh = self.msg is None or self.msg["view"]["game"] != msg["view"]["game"]
        moved = self.msg is None or self.msg["n"] != msg["n"]
        self.msg, self.phase, self.host_away = msg, TABLE, False
        self.answer = None
        if moved:
            self.sent = None
            app.message = ""
            app.show_result = True
        self._words()
        if fresh:
            app.screen = screens.screen_module(self.game_id).Screen(
                table.TableContext(app.words, msg["players"], msg["seat"]))
        name = msg["players"][msg["seat"]]["name"]
        if self.saved.get("name") != name:
            self.saved["name"] = name
            self._write()

    def on_refused(self, msg) -> None:
        self.sent = None
        why = "refused." + str(msg["why"])
        self.app.message = self.t(why if why in ("refused.stale", "refused.not_your_turn", "refused.no_such_action")
                                  else "refused.other")

    def on_bye(self, msg) -> None:
        why = str(msg["why"])
        if why in ("seat_taken", "replaced"):
            self.saved = {}  # this device no longer holds a seat there
            self._write()
        self.stop()
        self.phase, self.msg, self.answer, self.host_away = JOIN, None, None, False
        self.notice = self.t("bye." + why) if why in ("seat_taken", "host_left", "other_seat", "replaced") else ""
