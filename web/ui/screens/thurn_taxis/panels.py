"""The Thurn und Taxis panels beside the map: hand, open cards, route,
officials, what to do now, the players' lines and the bonus stacks.

Each panel but "what to do now" (the hand, the open cards, the route, the
officials, the stacks, each player's lines) is keyed (kit.keep): most moves
change one or two of them, and a drawing sends the browser only those
(ui/memo.py)."""

from __future__ import annotations

import json

from ...kit import Html, Say, act_button, attrs, button, keep, ui_button

OFFICIALS = ("amtmann", "postmeister", "postillion", "wagner")


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _card_key(city: str, h) -> str:
    return f"{city}|{'' if h is None else h}"



class Panels:
    """The panels of the Screen (a mixin: it reads the render's state)."""

    def _card(self, card: dict, zone: str, *, extra_attrs: str = "", count: int = 1, tag: str = "div",
              extra_cls: str = "", verb: str = "") -> str:
        """A city card; `verb` (a word with {city}, e.g. "take_city") says what
        a tap does, around the card's own visible words, for a screen reader."""
        city = self.cities.get(card["city"], {"country": None})
        colour = self._colour(city.get("country"))
        name = self.n(card["city"])
        country = self._country_name(city) if "id" in city else ""
        shoes = ""
        if card.get("h"):
            shoes = (f'<span class="tt-shoes" aria-label="{self.t("horseshoes", h=card["h"])}">'
                     + "∩" * card["h"] + "</span>")
        cnt = f'<span class="tt-count">×{count}</span>' if count > 1 else ""
        before, _, after = str(self.t(verb, city="\0")).partition("\0") if verb else ("", "", "")
        before = f'<span class="vh">{before}</span>' if before.strip() else ""
        after = f'<span class="vh">{after}</span>' if after.strip() else ""
        typ = ' type="button"' if tag == "button" else ""
        return (f'<{tag}{typ} class="tt-card {extra_cls}" data-zone="{zone}"{attrs(data_city=card["city"])} '
                f'style="--cc:{colour}" {extra_attrs}><span class="tt-stripe"></span>{before}'
                f'<span class="tt-cname">{name}</span><span class="tt-ccountry">{country}</span>'
                f'{shoes}{cnt}{after}</{tag}>')

    def _hand(self) -> str:
        view = self.view
        if self.me is None:
            return ""
        hand = view.get("hand") or []
        groups: list = []
        for c in hand:
            k = _card_key(c["city"], c["h"])
            if groups and groups[-1][0] == k:
                groups[-1][2] += 1
            else:
                groups.append([k, c, 1])
        discard = view.get("phase") == "discard"
        out = [f'<h3>{self.t("your_hand")} <span class="tt-n">({len(hand)})</span></h3><div class="tt-cards">']
        if not hand:
            out.append(f'<p class="tt-muted">{self.t("hand_empty")}</p>')
        for k, c, cnt in groups:
            acts = self.card_acts.get(k, [])
            if discard and acts:
                i = acts[0]
                out.append(self._card(c, "hand", tag="button", count=cnt, extra_cls="tt-discard",
                                      extra_attrs=f'data-cmd="act" data-arg="{i}"',
                                      verb="discard_city"))
            elif acts:
                pressed = "true" if self.sel == k else "false"
                out.append(self._card(c, "hand", tag="button", count=cnt,
                                      extra_cls="tt-pick" + (" selected" if self.sel == k else ""),
                                      extra_attrs=attrs(data_cmd="ui", data_arg=f"sel:{k}", aria_pressed=pressed)))
            else:
                out.append(self._card(c, "hand", count=cnt, extra_cls="tt-idle"))
        out.append("</div>")
        return keep("tt-hand", "section", Html("".join(out)), cls="tt-hand", aria_label=self.t("your_hand"))

    def _open(self) -> str:
        view = self.view
        out = [f'<h3>{self.t("open_cards")}</h3><div class="tt-cards">']
        for slot, c in enumerate(view.get("display") or []):
            if c is None:
                out.append('<div class="tt-card tt-empty"></div>')
                continue
            i = self.index.get(_key({"type": "take", "slot": slot}))
            if i is not None:
                out.append(self._card(c, "open", tag="button", extra_cls="tt-take",
                                      extra_attrs=f'data-cmd="act" data-arg="{i}"',
                                      verb="take_city"))
            else:
                out.append(self._card(c, "open"))
        i = self.index.get(_key({"type": "deck"}))
        label = self.t("draw_deck", n=view.get("deck", 0))
        if i is not None:
            # the name starts with the visible words ("Deck 6"), then says what a tap does
            name = self.t("deck_title") + Html(f' {view.get("deck", 0)}: ') + label
            out.append(act_button(i, Html(f'<span>{self.t("deck_title")}</span> <b>{view.get("deck", 0)}</b>'),
                                  cls="tt-deck tt-take", aria_label=name))
        else:
            out.append(f'<div class="tt-deck" aria-label="{label}"><span>{self.t("deck_title")}</span>'
                       f'<b>{view.get("deck", 0)}</b></div>')
        out.append(f'</div><p class="tt-muted">{self.t("discards_n", n=view.get("discards", 0))}</p>')
        return keep("tt-open", "section", Html("".join(out)), cls="tt-open", aria_label=self.t("open_cards"))

    def _route(self) -> str:
        view = self.view
        if self.me is None:
            return ""
        p = view["players"][self.me]
        route = p["route"]
        ends = {}
        if self.sel is not None:
            for i in self.card_acts.get(self.sel, []):
                a = self.legal[i]
                if a["type"] == "play":
                    ends[a["end"]] = i
        sel_name = self.n(self.sel.split("|")[0]) if self.sel else ""

        def slot(end):
            if end not in ends:
                return ""
            i = ends[end]
            label = self.t("play_at", city=sel_name, end=self.t(end))
            return act_button(i, Html("+ ") + sel_name, cls="tt-slot tt-play", aria_label=label)

        out = [f'<h3>{self.t("your_route")} <span class="tt-n">({len(route)})</span></h3>'
               '<div class="tt-cards tt-routecards">']
        out.append(slot("head"))
        if not route and "tail" not in ends:
            out.append(f'<p class="tt-muted">{self.t("route_empty")}</p>')
        for c in route:
            out.append(self._card(c, "route"))
        out.append(slot("tail"))
        out.append("</div>")
        if view.get("horses"):
            out.append(f'<p class="tt-muted">{self.t("need_horses", n=p["horses_needed"], h=p["horse_power"])}</p>')
        i = self.index.get(_key({"type": "abandon"}))
        if i is not None:
            out.append(act_button(i, self.t("abandon_route"), cls="tt-abandon danger"))
        return keep("tt-route", "section", Html("".join(out)), cls="tt-route", aria_label=self.t("your_route"))

    # ------------------------------------------------------------ officials
    def _official_state(self, off, ts) -> str:
        """What an official's card says now ("" for nothing): "used" only once
        it was used this turn, never before."""
        if ts.get("official") != off:
            if off == "postmeister" and (self.view.get("prompt") or {}).get("k") == "play_or_draw":
                return self.t("official_take_second")  # called by simply drawing again
            return ""
        if off == "postmeister" and ts.get("must_draw_two") and ts.get("drawn", 0) < 2:
            return self.t("official_compulsory")  # two draws with an empty hand, not done yet
        return self.t("official_used")

    def _officials(self) -> str:
        ts = self.view.get("turn_state") or {}
        mine = self.me is not None and self.me == self.view.get("active")
        out = [f'<h3>{self.t("officials")}</h3><div class="tt-offrow">']
        for off in OFFICIALS:
            rule = self.t("off_" + off + "_rule")
            name = self.t("off_" + off)
            state = ""
            cmd = arg = pressed = None  # an official that cannot be called now is a disabled button
            cls = "tt-official"
            if off in ("amtmann", "postmeister"):
                i = self.index.get(_key({"type": off}))
                if i is not None:
                    cmd, arg = "act", i
            elif off == "postillion":
                if self.view.get("phase") == "more" and any(
                        self.legal[i]["type"] in ("play", "horse") for ids in self.card_acts.values() for i in ids):
                    cmd, arg = "ui", "postillion"
            elif off == "wagner" and self.wagner_possible:
                cmd, arg, pressed = "ui", "wagner", self.wagner
                if self.wagner:
                    state = self.t("official_on")
            elif off == "wagner" and self.view.get("horses"):
                state = self.t("official_not_here")
            if cmd:
                cls += " on"
            now = self._official_state(off, ts) if mine else ""
            if now:
                state = now
                cls += " used" if ts.get("official") == off else ""
            body = (Html(f'<span class="tt-offname">{self._official_icon(off)}{name}</span>'
                         f'<span class="tt-offrule">{rule}</span>')
                    + (Html(f'<span class="tt-offstate">{state}</span>') if state else ""))
            use = button(body, cmd=cmd, arg=arg, cls=cls, title=name + ": " + rule, pressed=pressed,
                         disabled=cmd is None)
            # the official's rules entry: a tap of its own beside the card (a button holds no button)
            about = self.say.item(off, "?", cls="tt-offinfo", aria_label=self.say.t("rules.about", name=name))
            out.append(Html('<div class="tt-offcard">') + use + about + Html("</div>"))
        out.append("</div>")
        if self.hint:
            out.append(f'<p class="tt-hint">{self.t(self.hint)}</p>')
        return keep("tt-officials", "section", Html("".join(out)), cls="tt-officials", aria_label=self.t("officials"))

    @staticmethod
    def _official_icon(off):
        # tiny drawn emblems (no images): key, horn, horse, wheel
        shapes = {
            "amtmann": '<circle cx="6" cy="8" r="3.5"/><path d="M9 8 H16 M13 8 V11 M15 8 V10"/>',
            "postmeister": '<path d="M2 10 Q8 2 14 6 L16 4 V12 L14 10 Q8 14 2 10 Z"/>',
            "postillion": '<path d="M3 13 L5 7 Q7 3 11 4 L14 3 L13 6 L11 7 L10 13"/>',
            "wagner": '<circle cx="8" cy="8" r="6"/><path d="M8 2 V14 M2 8 H14 M4 4 L12 12 M12 4 L4 12"/>',
        }
        return Html(f'<svg class="tt-officon" viewBox="0 0 16 16" aria-hidden="true">{shapes[off]}</svg>')

    # ------------------------------------------------------------ what to do now
    def _actions(self) -> str:
        view, legal = self.view, self.legal
        out = ['<section class="tt-actions" aria-live="polite">']
        if not legal:
            if not view.get("over"):
                out.append(f'<p class="tt-muted">{self.t("wait")}</p>')
            out.append("</section>")
            return "".join(out)
        phase = view.get("phase")
        if phase == "discard":
            out.append(f'<p class="tt-hint">{self.t("discard_title")}</p>')
        elif self.sel is not None:
            city = self.sel.split("|")[0]
            name = self.n(city)
            acts = self.card_acts.get(self.sel, [])
            out.append(f'<p class="tt-hint">{self.t("choose_end", city=name)}</p><div class="tt-btns">')
            for i in acts:
                a = legal[i]
                if a["type"] == "play":
                    out.append(act_button(i, self.t("play_at", city=name, end=self.t(a["end"])), cls="tt-play primary"))
                elif a["type"] == "horse":
                    out.append(act_button(i, self.t("horse_city", city=name, h=a["h"]), cls="tt-horse"))
            out.append(ui_button("unsel", self.t("cancel"), cls="tt-unsel") + Html("</div>"))
        elif self.card_acts:
            out.append(f'<p class="tt-hint">{self.t("select_hint")}</p>')
        elif phase == "play" and _key({"type": "abandon"}) in self.index:
            out.append(f'<p class="tt-hint">{self.t("stuck")}</p>')
        elif phase == "draw":
            out.append(f'<p class="tt-hint">{self.t("draw_hint")}</p>')
        if self.score_shown:
            out.append(f'<div class="tt-score" role="group" aria-label="{self.t("score_title")}">'
                       f'<h3>{self.t("score_title")}'
                       + (f' <small>({self.t("with_wagner")})</small>' if self.wagner else "")
                       + '</h3><div class="tt-btns">')
            if self.wagner_possible:  # the Cartwright is a choice of the scoring, with what it earns
                prompt = view.get("prompt") or {}
                plain, more = prompt.get("carriage"), prompt.get("wagner_carriage")
                won = (lambda n: self.t("carriage_won", n=n) if n else self.t("carriage_none"))
                out.append(ui_button("wagner:off", self.t("score_plain", carriage=won(plain)), cls="tt-choice tt-wagner",
                                     pressed=not self.wagner))
                out.append(ui_button("wagner:on", self.t("score_wagner", carriage=won(more)), cls="tt-choice tt-wagner",
                                     pressed=self.wagner, icon=self._official_icon("wagner")))
                out.append(Html('</div><div class="tt-btns">'))
            if len(self.score_shown) > 1:
                for j, i in enumerate(self.score_shown):
                    cities = self.say.sentence(self.n(c) for c in legal[i]["cities"])
                    out.append(ui_button(f"pick:{j}", self.t("score_choice", cities=cities), cls="tt-choice",
                                         pressed=j == self.pick))
            i = self.score_shown[self.pick]
            cities = legal[i]["cities"]
            text = (self.t("score_go", cities=self.say.sentence(self.n(c) for c in cities))
                    if cities else self.t("score_none"))
            out.append(Html("</div>") + act_button(i, text, cls="tt-score-go primary") + Html("</div>"))
        quick = [(off, self.index[_key({"type": off})]) for off in ("amtmann", "postmeister")
                 if _key({"type": off}) in self.index]
        if quick:
            out.append('<div class="tt-btns">')
            for off, i in quick:
                out.append(act_button(i, Html(f'<span><b>{self.t("off_" + off)}</b>: {self.t("off_" + off + "_rule")}</span>'),
                                      icon=self._official_icon(off), cls="tt-offquick"))
            out.append('</div>')
        i = self.index.get(_key({"type": "pass"}))
        if i is not None:
            out.append(act_button(i, self.t("end_turn"), cls="tt-pass"))
        out.append("</section>")
        return "".join(out)

    # ------------------------------------------------------------ panels
    def player_details(self, view) -> dict:
        """Each player's lines for the frame's players panel: cards, houses,
        carriage or horses, bonus tiles (the own values; everyone's at the
        end), the route with its line style."""
        self.say, self.view, self.me = Say(self.ctx), view, view.get("seat")
        out = {}
        for s, p in enumerate(view["players"]):
            lines = [self.t("cards_n", n=p["hand"]), self.t("houses_n", n=p["houses_left"])]
            if not view.get("horses"):
                lines.append(self.t("carriage_is", n=p["carriage"]) if p.get("carriage") else self.t("no_carriage"))
            else:
                lines.append(self.t("horses_n", n=p["horse_power"]))
            lines.append(self.t("tiles_n", n=p["bonus_count"]))
            if p.get("start"):
                lines.append(self.t("start_player"))
            part = [f'<div class="tt-pstats">{"".join(f"<span>{x}</span>" for x in lines)}</div>']
            if p.get("horse_cards"):
                part.append(f'<div class="tt-muted">{self.t("horse_cards", list=" ".join("∩" * h for h in p["horse_cards"]))}</div>')
            if p.get("bonus") is not None and (s == self.me or view.get("over")):
                tiles = "".join(f'<li class="tt-mytile"{attrs(data_tile=b["tile"])} data-value="{b["value"]}">'
                                f'{self._tile_item(b)}</li>' for b in p["bonus"])
                part.append(f'<ul class="tt-mytiles">{tiles}</ul>')
                if p["bonus"]:
                    part.append(f'<div class="tt-muted">{self.t("tiles_points", p=p.get("bonus_points", 0))}</div>')
            if p["route"]:
                route = " – ".join(self.n(c["city"]) for c in p["route"])
                dash = "mine" if s == self.me else f"dash{s % 4}"
                line = (f'<svg class="tt-linekey" viewBox="0 0 40 10" role="img" aria-label="{self.t("route_style")}">'
                        f'<line x1="3" y1="5" x2="37" y2="5" class="tt-route-line {dash}" style="--pc:{self.ctx.color(s)}"/></svg>')
                part.append(f'<div class="tt-proute">{line}<span class="tt-muted">{self.t("route_of")}:</span> {route}</div>')
            out[s] = keep(f"tt-player-{s}", "div", Html("".join(part)), cls="tt-player", data_seat=s)
        return out

    def _tile_item(self, b) -> Html:
        """An own bonus tile (value and name): a tap opens its rules entry."""
        return self.say.item(b["tile"], Html(f"<b>{b['value']}</b> ") + self.n(b["tile"]))

    def _stacks(self) -> str:
        view, m = self.view, self.m
        stacks = view.get("stacks") or {}
        countries = {k["id"]: k["colour"] for k in m["countries"]}
        out = [f'<h3>{self.t("bonus_tiles")}</h3><ul>']
        order = ([("region:" + r["id"], r["countries"]) for r in m["bonus"]["regions"]]
                 + [("all", [])]
                 + [(f"len{n}", []) for n in sorted(int(k) for k in m["bonus"]["length"])]
                 + [(k, None) for k in sorted(stacks) if k.startswith("free:")]
                 + [("end", [])])
        for key, cs in order:
            if key not in stacks:
                continue
            vals = stacks[key]
            sw = ""
            if cs:
                sw = "".join(f'<span class="tt-sw" style="--cc:{countries[c]}"></span>' for c in cs)
            elif cs is None:
                sw = f'<span class="tt-sw" style="--cc:{self._colour(None)}"></span>'
            top = (f'<b class="tt-top">{vals[0]}</b><span class="tt-muted">{self.t("stack_left", n=len(vals))}</span>'
                   if vals else f'<span class="tt-muted">{self.t("stack_empty")}</span>')
            body = Html(f'{sw}<span class="tt-sname">{self.n(key).replace("/", "/<wbr>")}</span>{top}')
            out.append(f'<li class="tt-stack{" gone" if not vals else ""}"{attrs(data_stack=key)}>'
                       f'{self.say.item(key, body, cls="tt-stack-item")}</li>')
        out.append("</ul>")
        if not view.get("horses"):
            sup = view.get("carriage_supply") or {}
            out.append(f'<h3>{self.t("carriages")}</h3><ul class="tt-carriages">')
            points = view["carriage_points"]
            for n in sorted(int(k) for k in points):
                left = sup.get(str(n), 0)
                body = Html(f'<span class="tt-carrn">{n}</span>'
                            f'<span class="tt-muted">{self.t("carriage_pts", p=points[str(n)], n=left)}</span>')
                out.append(f'<li class="tt-carr{" gone" if not left else ""}">'
                           f'{self.say.item(f"carriage:{n}", body, cls="tt-stack-item")}</li>')
            out.append("</ul>")
        return keep("tt-stacks", "section", Html("".join(out)), cls="tt-stacks", aria_label=self.t("bonus_tiles"))
