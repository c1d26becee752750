"""The panels beside the coach: the trade or struggle under way, the
viewer's own cards, what the viewer knows, the card help and the end.

Each panel is keyed (kit.keep; its id is its key), and so is each folded
round of what the viewer knows: a move changes a few of them, and a drawing
sends the browser only those (ui/memo.py)."""

from __future__ import annotations

from ...kit import Html, act_button, h, join, keep
from .art import icon, kind_icon
from .history import CLAIMS, VERDICTS, history

# which actions use the viewer's own occupation (for the "use occupation" button)
OCC_ACTIONS = {"diplomat": "diplomat", "clairvoyant": "clairvoyant", "priest": "priest",
               "doctor": "doctor", "hypnotize": "hypnotist"}


class Panels:
    """Part of the Screen (see screen.py): the panels, from `self.view`."""

    def _claim_result(self, view) -> str:
        """How the game ended: the claim, every seat's cards turned over, the verdict."""
        out, shown = [], []
        for e in view.get("log") or []:
            k = e.get("k")
            if k == "shows":
                objs = join((self.it(o) for o in e.get("objs", [])), ", ")
                shown.append(f'<li>{self.ctx.badge(e["seat"])}: {self.it(e["assoc"])}; '
                             f'{self.it(e["occ"])}; {objs}</li>')
            elif k in CLAIMS or k in VERDICTS:
                if shown:
                    out.append(f'<ul class="kr-reveal">{"".join(shown)}</ul>')
                    shown = []
                out.append(f'<p class="{"kr-note" if k in VERDICTS else ""}">{self.say.entry(e)}</p>')
        winners = (view.get("result") or {}).get("winners") or []
        if winners:
            out.append(f'<p class="kr-note">{icon("star")}{self.w("winners_are", names=self._names(winners))}</p>')
        assocs = (view.get("result") or {}).get("associations") or []
        if assocs:
            rows = "".join(f'<li>{self.ctx.badge(s)}: {self.it(a)}</li>' for s, a in enumerate(assocs))
            out.append(f'<h3>{self.w("all_assocs")}</h3><ul class="kr-reveal">{rows}</ul>')
        return keep("kr-final", "section", Html(f'<h2>{self.w("the_end")}</h2>{"".join(out)}'), cls="kr-box kr-final")

    def _trade(self, view) -> str:
        """The trade or the card's step under way, as the viewer sees it (keyed: kit.keep)."""
        body = self._trade_body(view)
        return keep("kr-trade", "section", Html(body), cls="kr-box kr-trade") if body else ""

    def _trade_body(self, view) -> str:
        step = view.get("step") or {}
        ph = step.get("phase")
        priv = (self.me or {}).get("step") or {}
        if ph == "respond":
            frm, to = step["from"], step["to"]
            what = ""
            if priv.get("obj"):
                k = priv["obj"]
                what = f'<div class="kr-offered">{self._card_item(k)}</div>'
            return (f'<h2>{icon("bag")}{self.w("trade")}</h2>'
                    f'<p>{self.w("trade_offer", a=self.pname(frm), b=self.pname(to))}</p>{what}')
        if ph in ("diplomat_pick", "diplomat_return"):
            got = priv.get("got")
            extra = f'<p>{self.w("dip_got", obj=self.it(got))}</p>' if got else ""
            return (f'<h2>{self.nm("diplomat")}</h2>'
                    f'<p>{self.w("dip_demand", a=self.pname(step["by"]), b=self.pname(step["to"]), obj=self.it(step["name"]))}</p>'
                    f'{extra}')
        if ph == "sextant_pass":
            done = join((self.pname(s) for s in step.get("done", [])), ", ")
            chosen = priv.get("chosen")
            mine = f'<p>{self.w("sextant_chosen", obj=self.it(chosen))}</p>' if chosen else ""
            return (f'<h2>{icon("star")}{self.nm("sextant")}</h2>'
                    f'<p>{self.w("sextant_dir", dir=self.nm(step.get("dir")))}</p>'
                    f'<p>{self.w("sextant_done", names=done or "–")}</p>{mine}')
        if ph == "clair_pick" and priv.get("pile") is not None:
            pile = self._items(priv["pile"])
            picked = self._items(priv.get("picked", []))
            return (f'<h2>{self.nm("clairvoyant")}</h2>'
                    f'<p>{self.w("clair_pile", objs=pile)}</p>'
                    + (f'<p>{self.w("clair_picked", objs=picked)}</p>' if picked else ""))
        if ph == "take" and priv.get("loser_objects") is not None:
            objs = self._items(priv["loser_objects"])
            return (f'<h2>{icon("bag")}{self.w("grp.take_obj")}</h2>'
                    f'<p>{self.w("loser_has", objs=objs)}</p>')
        if ph == "coat" and priv.get("occ_pile") is not None:
            return (f'<h2>{icon("coat")}{self.nm("coat")}</h2>'
                    f'<p>{self.w("coat_pile", occs=self._items(priv["occ_pile"]))}</p>')
        if ph == "gift":
            return (f'<h2>{icon("bag")}{self.w("grp.gift")}</h2>'
                    f'<p>{self.w("gift_info", name=self.pname(step["seat"]), n=step.get("over", 1))}</p>')
        return ""

    def _items(self, idents):
        """Card names, each a tap that opens its rules entry."""
        return join((self.it(i) for i in idents), ", ")

    def _card_item(self, kind):
        """A card as one tap: icon, name and what it does; opens its rules entry."""
        return self.it(kind, h('{}<span class="kr-card-text"><b>{}</b><small>{}</small></span>',
                               kind_icon(kind), self.nm(kind), self.fx(kind)), cls="kr-card")

    def _struggle(self, view, st) -> str:
        t = st["totals"]
        att, dfn = st["attacker"], st["defender"]
        rows = []
        for sup in st["supports"]:
            s, side = sup["seat"], sup["side"]
            void = st.get("voided") == s
            if side:
                ic = icon("sword") if side == "attacker" else icon("shield")
                txt = self.w("supports_" + side)
            else:
                ic, txt = "", self.w("abstain")
            extra = f' <em>({self.w("hypnotized")})</em>' if void else ""
            rows.append(f'<li class="{"kr-void" if void else ""}">{self.ctx.badge(s)} {ic}{txt}{extra}</li>')
        nxt = (view.get("step") or {}).get("next")
        if nxt is not None:
            rows.append(f'<li class="kr-next">{self.ctx.badge(nxt)} {self.w("deciding")}</li>')
        played = []
        for p in st["played"]:
            c = p["card"]
            extra = f' → {self.nm(p["winner"])}' if p.get("winner") else ""
            played.append(f'<li>{self.ctx.badge(p["seat"])} {self.it(c, kind_icon(c) + self.nm(c))}{extra}'
                          f' <small>{self.fx(c)}</small></li>')
        notes = []
        if st.get("duelist") is not None:
            notes.append(self.w("duel_note", name=self.pname(st["duelist"])))
        if st.get("mixer"):
            notes.append(self.w("mixer_note", card=self.nm("poison_mixer"), side=self.nm(st["mixer"])))
        if st.get("result"):
            w = st.get("winner")
            notes.append(self.w("fight_won", name=self.pname(w)) if w is not None else self.w("fight_draw"))
        note_html = "".join(f'<p class="kr-note">{x}</p>' for x in notes)
        return keep("kr-struggle", "section", Html(
                f'<h2>{icon("sword")}{self.w("struggle")}</h2>'
                f'<div class="kr-duel"><div class="kr-side kr-att">{icon("sword")}{self.ctx.badge(att)}'
                f'<span class="kr-pts">{t["attacker"]}</span></div><span class="kr-vs">:</span>'
                f'<div class="kr-side kr-def"><span class="kr-pts">{t["defender"]}</span>{self.ctx.badge(dfn)}'
                f'{icon("shield")}</div></div>'
                f'<p class="kr-sr">{self.w("totals_text", a=t["attacker"], d=t["defender"])}</p>'
                + (f'<h3>{self.w("supporters")}</h3><ul class="kr-list">{"".join(rows)}</ul>' if rows else "")
                + (f'<h3>{self.w("played")}</h3><ul class="kr-list">{"".join(played)}</ul>' if played else "")
                + note_html), cls="kr-box kr-struggle", aria_label=self.w("struggle"))

    def _mine(self, view) -> str:
        me = self.me
        if not me:
            return ""
        assoc = me["association"]
        occ = me["occupation"]
        face = self.w("face_up" if me.get("occ_face_up") else "face_down")
        use = self._use_occ_button(occ)
        cards = ""
        if me.get("association_cards"):
            cards = (f'<p class="kr-small">{self.w("assoc_cards")}: '
                     f'{self._items(me["association_cards"])}</p>')
        counting = set(me.get("goal_objects") or [])
        objs = []
        for k in me.get("objects", []):
            cls = " kr-goal" if k in counting else ""
            objs.append(f'<li class="kr-hand-card{cls}">{self._card_item(k)}</li>')
        role = ""
        st = (view.get("step") or {}).get("struggle")
        if st:
            if st["attacker"] == self.seat:
                role = icon("sword") + self.w("char_sword")
            elif st["defender"] == self.seat:
                role = icon("shield") + self.w("char_shield")
            else:
                for sup in st["supports"]:
                    if sup["seat"] == self.seat:
                        role = (icon("sword") + self.w("char_sword") if sup["side"] == "attacker" else
                                icon("shield") + self.w("char_shield") if sup["side"] else self.w("char_none"))
        char = (f'<div class="kr-char"><span class="kr-char-card">{icon("sword")}{icon("shield")}</span>'
                f'<span>{self.w("character")}: {role or self.w("char_idle")}</span></div>')
        drink = f'<p class="kr-small">{self.it("drink", self.w("drink_note"))}</p>' if me.get("drink") else ""
        return keep("kr-mine", "section", Html(
                f'<h2>{self.ctx.badge(self.seat)} — {self.w("my_cards")}</h2>'
                f'<div class="kr-assoc-card a-{assoc}">{icon("key" if assoc == "order" else "goblet")}'
                f'<span><small>{self.w("association")}</small>{self.it(assoc, cls="kr-cardname")}'
                f'<small>{self.w("goal_" + assoc)}</small></span></div>{cards}{drink}'
                f'<div class="kr-occ-card{" up" if me.get("occ_face_up") else ""}">{kind_icon(occ)}'
                f'<span><small>{self.w("occupation")} ({face})</small>{self.it(occ, cls="kr-cardname")}'
                f'<small>{self.fx(occ)}</small></span>{use}</div>{char}'
                f'<h3>{self.w("objects")} ({len(me.get("objects", []))}/{view.get("limit")})</h3>'
                f'<ul class="kr-hand">{"".join(objs)}</ul>'), cls="kr-box kr-mine", aria_label=self.w("my_cards"))

    def _use_occ_button(self, occ) -> str:
        """A persistent button for the viewer's occupation whenever it may be used."""
        legal = self.legal
        idx = [i for i, a in enumerate(legal)
               if OCC_ACTIONS.get(a["type"]) == occ or (a["type"] == "play" and a.get("card") == occ)]
        if not idx:
            return ""
        label = self.w("use_occ", occ=self.nm(occ))
        a = legal[idx[0]]
        if a["type"] in ("diplomat", "hypnotize") or len(idx) > 1 and a["type"] == "play":
            if a["type"] == "play":  # the Poison Mixer: two choices, show them at once
                return "".join(self._btn(i, legal[i], cls="kr-use") for i in idx)
            return self._ui(f"mode:{a['type']}", label + "…", cls="kr-use primary")
        return act_button(idx[0], label, cls="kr-act kr-use primary")

    def _knowledge(self, view) -> str:
        """What the viewer alone saw, the whole game long: the newest entries
        open, the older ones folded per round (none is dropped)."""
        if self.seat is None:
            return ""
        entries = [e for e in view.get("log") or [] if e.get("private")]
        known = []
        facts = {f["seat"]: f for f in (self.me or {}).get("known") or []}
        for s in range(view["seats"]):
            if s == self.seat:
                continue
            bits = [self.it(x) for x in (self._known_assoc(s), (facts.get(s) or {}).get("occupation")) if x]
            if bits:
                known.append(f'<li>{self.ctx.badge(s)}: {"; ".join(bits)}</li>')
        summary = f'<ul class="kr-known">{"".join(known)}</ul>' if known else ""
        item = lambda e, links: self.memo.get(self.ctx, e, links, self._know_item)  # noqa: E731
        body = (history(entries, view["seats"], item, self.w) if entries
                else f'<ol class="kr-know-list"><li>{self.w("nothing_known")}</li></ol>')
        return keep("kr-knowledge", "section", Html(f'<h2>{icon("eye")}{self.w("what_i_know")}</h2>{summary}{body}'),
                    cls="kr-box kr-knowledge", aria_label=self.w("what_i_know"))

    def _know_item(self, e, links=True) -> str:
        turn = e.get("turn")
        stamp = f'<span class="kr-turn">{self.say.t("table.turn_no", n=turn)}</span> ' if turn else ""
        new = ' class="kr-new"' if self.ctx.is_new(e) else ""
        return f"<li{new}>{stamp}{self.say.entry(e, links)}</li>"

    def _help(self, view) -> str:
        btn = self._ui("help", self.w("help_hide" if self.show_help else "help_show"), cls="kr-small",
                       pressed=self.show_help)
        if not self.show_help:
            return f'<div class="kr-helprow">{btn}</div>'
        kinds = sorted(set(view.get("objects_in_game") or []), key=lambda k: self.nm(k))
        objs = "".join(f'<li>{self.it(k, kind_icon(k) + self.nm(k))} <small>{self.fx(k)}</small></li>'
                       for k in kinds)
        return keep("kr-help", "section", Html(f'<div class="kr-helprow">{btn}</div>'
                    f'<h3>{self.w("objects_in_game")}</h3><ul class="kr-list">{objs}</ul>'), cls="kr-box kr-help")
