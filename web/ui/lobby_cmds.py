"""The lobby's commands: game, seats, players, options, start.

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

import json

import engine
from engine import saves

from . import dom, lobby, names
from .i18n import Words
from .session import Session


class LobbyCommands:
    def _seat_name(self, i, p) -> str:
        """The default name of seat i for its kind, in the lobby's language."""
        return self.words.t("lobby.bot_name" if p["kind"] == "bot" else "lobby.default_name", n=i + 1)

    def _default_name(self, i, p):
        """A default name follows the seat's kind and the language; a name typed stays."""
        for lang in ("nl", "en", "de"):
            w = Words(lang)
            if p["name"] in (w.t("lobby.default_name", n=i + 1), w.t("lobby.bot_name", n=i + 1)):
                return self._seat_name(i, p)
        return p["name"]

    def cmd_lobby_game(self, arg, el, ev):
        if ev == "click" and arg in engine.GAMES:
            self.model = lobby.default_model(arg, self.words)
            self.render_lobby()
            dom.focus(f"game-{arg}")

    def cmd_lobby_seats(self, arg, el, ev):
        if ev == "change":
            self.model["seats"] = int(el.value)
            lobby.fit_players(self.model, self.words)
            self.render_lobby()
            dom.focus("seats")

    def cmd_lobby_name(self, arg, el, ev):
        if ev in ("input", "change"):  # kept as typed (the field's maxlength); cleaned at the start
            self.model["players"][int(arg)]["name"] = str(el.value)[:names.MAX_NAME]

    def cmd_lobby_kind(self, arg, el, ev):
        if ev != "change":
            return
        p = self.model["players"][int(arg)]
        value = str(el.value)
        if value in ("human", "remote"):  # remote: on a device of its own (ui/devices/)
            p.update(kind=value, level=None)
        else:
            p.update(kind="bot", level=value.split(":", 1)[1])
        p["name"] = self._default_name(int(arg), p)
        self.render_lobby()
        dom.focus(f"kind-{arg}")

    def cmd_lobby_opt(self, arg, el, ev):
        if ev != "change":
            return
        opt = engine.GAMES[self.model["game"]].option(arg)
        self.model["options"][arg] = bool(el.checked) if opt.kind == "bool" else json.loads(el.value)
        lobby.resolved_options(self.model)
        self.render_lobby()
        dom.focus(f"opt-{arg}")

    def cmd_lobby_hints(self, arg, el, ev):
        if ev == "change":
            self.model["hints"] = bool(el.checked)

    def cmd_lobby_sub(self, arg, el, ev):
        if ev != "change":
            return
        opt_id, _, raw = arg.partition("|")
        value = json.loads(raw)
        current = list(lobby.resolved_options(self.model)[opt_id])
        if el.checked and value not in current:
            current.append(value)
        elif not el.checked and value in current:
            current.remove(value)
        self.model["options"][opt_id] = current
        self.render_lobby()

    def cmd_lobby_start(self, arg, el, ev):
        if ev != "click":
            return
        # a name is trimmed of what does not show; with nothing left, the seat's default name (ui/names.py)
        players = [dict(p, name=names.clean(p["name"], self._seat_name(i, p))) for i, p in
                   enumerate(self.model["players"])]
        try:
            options = engine.GAMES[self.model["game"]].resolve_options(self.model["options"], self.model["seats"])
        except ValueError:
            self.tell(("lobby.bad_options", {}))
            self.render_lobby()
            return
        self.remember_lobby()
        now = dom.now_ms()
        save_id = self.store.new_id(now)
        # a fixed deal can be asked for through the saved lobby settings (tests
        # and "play this deal again"); otherwise the clock picks one
        seed = self.model.get("seed")
        if not saves.is_int(seed) or not 0 <= seed < saves.MAX_SEED:
            seed = int(now) % 2_000_000_000
        session = Session.start(self.model["game"], players, options, seed, save_id, now,
                                hints=self.model.get("hints", True))
        self.enter_table(session)
