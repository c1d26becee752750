"""Little Secret's screen, built from the UI kit: the hand as buttons; the
owl's target behind a local step (so the contract walks through `on_ui`)."""

from __future__ import annotations

from ui.kit import Html, Say, Selection, act_button, h, join, ui_button
from ui.screens.interface import GameScreen


class Screen(GameScreen):
    def __init__(self, ctx):
        self.ctx = ctx
        self.sel = Selection(owl=False)
        self.legal: list = []

    def on_ui(self, arg: str) -> None:
        if arg == "owl":
            self.sel.owl = not self.sel.owl

    def describe(self, action) -> Html:
        say = Say(self.ctx)
        if action["type"] == "draw":
            return say.ui("draw")
        if "target" in action:
            return say.ui("play_at", card=say.name(action["card"]), who=say.player(action["target"]))
        return say.ui("play", card=say.name(action["card"]))

    def show_hint(self, i: int) -> None:
        """An owl play sits behind the owl's own button: open it."""
        if "target" in self.legal[i]:
            self.sel.owl = True

    def player_details(self, view) -> dict:
        say = Say(self.ctx)
        return {p["seat"]: say.ui("played", cards=say.names(p["played"]) if p["played"] else "–")
                for p in view["players"]}

    def render(self, view, legal) -> str:
        say = Say(self.ctx)
        self.legal = legal
        self.sel.follow(view["moves"])
        buttons = []
        owls = []
        for i, a in enumerate(legal):
            if "target" in a:
                owls.append(i)
            else:
                buttons.append(act_button(i, self.describe(a)))
        if owls:
            buttons.append(ui_button("owl", say.ui("owl"), pressed=self.sel.owl))
            if self.sel.owl:
                buttons += [act_button(i, self.describe(legal[i])) for i in owls]
        hand = view.get("hand")
        mine = h('<p class="secret-hand">{}</p>', say.ui("hand", cards=say.names(hand))) if hand else ""
        deck = h('<p>{}</p>', say.ui("deck", n=view["deck"]))
        return h('<div class="secret">{}{}<div class="secret-buttons">{}</div></div>', deck, mine, join(buttons))
