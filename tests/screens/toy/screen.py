"""The toy game's screen, built from the UI kit: the hand as buttons, the
peek behind a local step (so the contract tests walk through `on_ui`)."""

from __future__ import annotations

from ui.kit import Say, Selection, act_button, h, join, ui_button
from ui.screens.interface import GameScreen


class Screen(GameScreen):
    def __init__(self, ctx):
        self.ctx = ctx
        self.sel = Selection(more=False)

    def on_ui(self, arg: str) -> None:
        if arg == "more":
            self.sel.more = not self.sel.more

    def describe(self, action) -> str:
        """One legal action in words (the hint)."""
        say = Say(self.ctx)
        return say.ui("play_n", n=action["n"]) if action["type"] == "play" else say.ui("peek")

    def show_hint(self, i: int) -> None:
        """The peek sits behind "more": open it when the hint is the peek."""
        if self.legal[i]["type"] == "peek":
            self.sel.more = True

    def render(self, view, legal) -> str:
        say = Say(self.ctx)
        self.legal = legal
        self.sel.follow(view["moves"])
        rows = [h('<li>{}: {}</li>', self.ctx.badge(p["seat"]), say.ui("played", n=sum(p["played"])))
                for p in view["players"]]
        buttons = [act_button(i, say.ui("play_n", n=a["n"])) for i, a in enumerate(legal) if a["type"] == "play"]
        peek = [i for i, a in enumerate(legal) if a["type"] == "peek"]
        if peek:
            buttons.append(ui_button("more", say.ui("more"), pressed=self.sel.more))
            if self.sel.more:
                buttons.append(act_button(peek[0], say.ui("peek")))
        hand = view.get("hand")
        mine = h('<p class="toy-hand">{}</p>', say.ui("hand", n=join(str(n) for n in hand))) if hand else ""
        return h('<div class="toy"><ul>{}</ul>{}<div class="toy-buttons">{}</div></div>',
                 join(rows), mine, join(buttons))
