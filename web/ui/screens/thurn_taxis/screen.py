"""Thurn und Taxis: the map in our own SVG, hand, open cards, route, officials,
scoring choices, bonus stacks, carriages and the players' panel.

The screen only shows the view and offers the engine's legal actions: a card
in the hand is first selected (a local step), then the legal actions using it
(route ends, the carriage, discarding) light up on the map and as buttons.
Scoring shows every legal placement; the chosen one is drawn on the map as
ghost houses before it is played.
"""


from __future__ import annotations

from engine.thurn_taxis.board import map_data

from ...kit import Html, Say, attrs, h, join
from ..interface import GameScreen
from .map_svg import MapSvg
from .news import News
from .panels import OFFICIALS, Panels, _card_key, _key


class Screen(MapSvg, Panels, GameScreen):
    def __init__(self, ctx):
        self.ctx = ctx
        self.sel: str | None = None      # selected hand card "city|h"
        self.pick = 0                    # index of the previewed placement
        self.wagner = False              # Wagner toggled on for scoring
        self.hint = ""                   # a short local hint (postillion)
        self._moves = None
        self._viewer = None

    # ------------------------------------------------------------ local steps
    def on_ui(self, arg: str) -> None:
        if arg.startswith("sel:"):
            key = arg[4:]
            self.sel = None if self.sel == key else key
            self.hint = ""
        elif arg == "unsel":
            self.sel = None
        elif arg.startswith("pick:"):
            try:
                self.pick = int(arg[5:])
            except ValueError:
                self.pick = 0
        elif arg in ("wagner", "wagner:on", "wagner:off"):
            self.wagner = not self.wagner if arg == "wagner" else arg == "wagner:on"
            self.pick = 0
        elif arg == "postillion":
            self.hint = "postillion_hint"

    def describe(self, a) -> Html:
        """One legal action in words (the hint says what the bot would do)."""
        t, n = a["type"], self.n
        if t == "take":
            return self.t("take_city", city=n(self.view["display"][a["slot"]]["city"]))
        if t == "deck":
            return self.t("draw_deck", n=self.view.get("deck", 0))
        if t == "play":
            return self.t("play_at", city=n(a["city"]), end=self.t(a["end"]))
        if t == "horse":
            return self.t("horse_city", city=n(a["city"]), h=a["h"])
        if t == "discard":
            return self.t("discard_city", city=n(a["city"]))
        if t == "score":
            what = (self.t("score_go", cities=self.say.sentence(n(c) for c in a["cities"])) if a["cities"]
                    else self.t("score_none"))
            return what + Html(" (") + self.t("with_wagner") + Html(")") if a.get("wagner") else what
        if t == "amtmann":
            return self.t("off_amtmann") + Html(": ") + self.t("off_amtmann_rule")
        return self.t({"abandon": "abandon_route", "pass": "end_turn"}.get(t, t))

    def rules_extra(self, ident) -> Html:
        """Beside a rules entry, what this table shows of it now: an official's
        emblem, a stack's top tile and size and a region's cities, a carriage's
        points and how many are left."""
        if ident in OFFICIALS:
            return Html('<div class="tt-rules-pic">') + self._official_icon(ident) + Html("</div>")
        view = getattr(self, "view", None)
        if view is None:
            return Html("")
        facts = []
        if ident in (view.get("stacks") or {}):
            facts.append(self._stack_text(ident))
            region = next((r for r in self.m["bonus"]["regions"] if "region:" + r["id"] == ident), None)
            if region:
                cities = [c["id"] for c in self.m["cities"] if c["country"] in region["countries"]]
                facts.append(self.t("rules_cities", cities=self.say.sentence(self.n(c) for c in cities)))
        elif ident.startswith("carriage:") and not view.get("horses"):
            n = ident.split(":")[1]
            facts.append(self.t("carriage_pts", p=view["carriage_points"].get(n, 0),
                                n=(view.get("carriage_supply") or {}).get(n, 0)))
        return join(h('<p class="tt-rules-fact">{}</p>', f) for f in facts)

    def show_hint(self, i: int) -> None:
        """Bring the control that plays legal[i] on the screen: the card in
        hand selected, or the scoring choice (with the Wagner or not) shown."""
        a = self.legal[i]
        if a["type"] in ("play", "horse"):
            self.sel = _card_key(a["city"], a.get("h"))
        elif a["type"] == "score":
            self.wagner = bool(a.get("wagner"))
            shown = [j for j in self.scores if bool(self.legal[j].get("wagner")) == self.wagner]
            self.pick = shown.index(i)

    def since_summary(self, view) -> Html | None:
        """The frame's line above the board: what each other player did
        since the viewer's last turn (None: the frame's own line)."""
        say = Say(self.ctx)
        return News(self.ctx.recent(view), view.get("seat")).summary(say, self.ctx, len(view["players"]))

    # ------------------------------------------------------------ helpers
    def t(self, key, **params) -> Html:
        return self.say.ui(key, **params)

    def n(self, ident) -> Html:
        return self.say.name(ident)

    def _colour(self, country):
        if country is None:
            return self.m.get("free_city_colour", "#d4ac0d")
        return self.country_colour.get(country, "#999")

    # ------------------------------------------------------------ render
    def render(self, view: dict, legal: list) -> str:
        self.say = Say(self.ctx)
        self.view = view
        self.m = m = map_data(view["map"])
        self.cities = {c["id"]: c for c in m["cities"]}
        self.country_colour = {k["id"]: k["colour"] for k in m["countries"]}
        me = view.get("seat")
        if view.get("moves") != self._moves or me != self._viewer:
            self._moves, self._viewer = view.get("moves"), me
            self.sel, self.pick, self.wagner, self.hint = None, 0, False, ""
        self.legal = legal
        self.index = {_key(a): i for i, a in enumerate(legal)}
        self.me = me
        # what the selected card can do
        hand = view.get("hand") or []
        keys = [_card_key(c["city"], c["h"]) for c in hand]
        if self.sel not in keys:
            self.sel = None
        self.card_acts: dict[str, list] = {}
        for i, a in enumerate(legal):
            if a["type"] in ("play", "horse", "discard"):
                self.card_acts.setdefault(_card_key(a["city"], a.get("h")), []).append(i)
        if self.sel is None and len(self.card_acts) == 1 and view.get("phase") != "discard":
            self.sel = next(iter(self.card_acts))
        self.scores = [i for i, a in enumerate(legal) if a["type"] == "score"]
        with_w = [i for i in self.scores if legal[i].get("wagner")]
        if not with_w:
            self.wagner = False
        self.score_shown = [i for i in self.scores if bool(legal[i].get("wagner")) == self.wagner]
        if self.pick >= len(self.score_shown):
            self.pick = 0
        self.wagner_possible = bool(with_w)
        self.news = News(self.ctx.recent(view), me)  # since the viewer's last turn (none in public)

        legend = (f'<p class="tt-news-legend">{self.t("news_legend")}</p>' if self.news else "")
        recon = (f'<p class="tt-recon">{self.t("recon_note")}</p>' if m.get("reconstruction") else "")
        end = ""
        if view.get("end_triggered_by") is not None and not view.get("over"):
            end = (f'<p class="tt-end" role="status">'
                   f'{self.t("end_triggered", name=self.ctx.name(view["end_triggered_by"]))}</p>')
        return (
            f'<div class="tt"{attrs(data_map=m["id"])}>'
            f'<div class="tt-board">{self._svg()}{legend}{recon}</div>'
            f'<div class="tt-controls">{end}{self._actions()}{self._hand()}'
            f'{self._route()}{self._open()}{self._officials()}</div>'
            f'<div class="tt-info">{self._stacks()}</div>'
            f'</div>'
        )

