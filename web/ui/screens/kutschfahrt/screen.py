"""De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg: the coach table.

The screen shows one seat's view: the seats around an oval coach (drawn here in
SVG), the viewer's own character (association, occupation, luggage), the trade
or struggle under way, what the viewer alone knows, and an action panel built
from the engine's legal actions.  It never decides a rule: every button plays
one entry of `legal`; local steps (pick an object, then a player; choose a
claim, then confirm it) only narrow down which entry.
"""

from __future__ import annotations

import math

from ...kit import TARGET, Html, Say, act_button, button, h, join, keep, ui_button
from ..interface import GameScreen
from . import since
from .art import coach_svg, icon, kind_icon
from .history import Memo
from .panels import OCC_ACTIONS, Panels

# the order of action groups in the panel
GROUP_ORDER = ("offer", "attack", "claim", "claim_solo", "foretell", "diplomat", "clairvoyant",
               "accept", "refuse", "effect", "direction", "pass_on", "coat", "tome", "look_card", "gift",
               "priest", "give", "support", "hypnotize", "play", "doctor", "look", "take", "take_obj",
               "pick", "pass")


class Screen(Panels, GameScreen):
    def __init__(self, ctx):
        self.ctx = ctx
        self.mode = None       # the action type being composed (offer, attack, claim, ...)
        self.pick = None       # the object / name chosen first
        self.allies: list[int] = []
        self.confirm = None    # index of a claim-like action waiting for confirmation
        self.show_help = False
        self.focus_seat = None  # a seat tapped on the coach in the turn step
        self._sig = None
        self.recent = []        # trades, attacks and reveals since the viewer's last turn (since.py)
        self.memo = Memo()      # "What I know" entries already worded (history.py)

    # ------------------------------------------------------------ local steps
    def on_ui(self, arg: str) -> None:
        cmd, _, val = arg.partition(":")
        if cmd == "mode":
            self.mode, self.pick, self.allies, self.confirm = (val or None), None, [], None
            self.focus_seat = None
        elif cmd == "seat":
            self.focus_seat = int(val)
        elif cmd == "pick":
            self.pick = val
        elif cmd == "unpick":
            self.pick = None
        elif cmd == "ally":
            seat = int(val)
            if seat in self.allies:
                self.allies.remove(seat)
            else:
                self.allies.append(seat)
                self.allies.sort()
        elif cmd == "confirm":
            self.confirm = int(val)
        elif cmd == "unconfirm":
            self.confirm = None
        elif cmd == "cancel":
            self.mode, self.pick, self.allies, self.confirm = None, None, [], None
            self.focus_seat = None
        elif cmd == "help":
            self.show_help = not self.show_help

    # ---------------------------------------------------------------- words
    def w(self, key, **params) -> Html:
        return self.say.ui(key, **params)

    def nm(self, ident) -> Html:
        return self.say.name(ident)

    def fx(self, ident) -> Html:
        """The short effect text of a card (our own words; not every card has one)."""
        key = "fx." + str(ident)
        return self.w(key) if key in self.ctx.words.game.get("ui", {}) else Html("")

    def pname(self, seat) -> Html:
        return self.say.player(seat)

    def it(self, ident, label=None, **more) -> Html:
        """A card's name that opens its rules entry (ui/rules.py)."""
        return self.say.item(ident, label, **more)

    def prompt(self, view) -> dict:
        """The step in words for this seat: on its turn, when it may not
        proclaim victory, the banner leaves that out and says why (the
        engine's `me.claim_blocked`)."""
        p = view.get("prompt") or {}
        why = (view.get("me") or {}).get("claim_blocked")
        return dict(p, k="turn_no_claim", why=why) if why and p.get("k") == "turn" else p

    def describe(self, action) -> Html:
        """One legal action in words (the hint says what the bot would do)."""
        return Html(self.label(action))

    def show_hint(self, i: int) -> None:
        """Bring the control that plays legal[i] on the screen: the steps
        that lead to it are taken (a trade's object chosen, a claim opened)."""
        a = self.legal[i]
        t = a["type"]
        self.mode, self.pick, self.allies, self.confirm, self.focus_seat = None, None, [], None, None
        if t in ("claim", "claim_solo", "foretell"):
            self.confirm = i
        elif t in ("offer", "gift", "diplomat"):
            self.mode, self.pick = t, a["name" if t == "diplomat" else "obj"]
        elif t in ("attack", "hypnotize"):
            self.mode = t

    def rules_extra(self, ident) -> Html:
        """The card's picture beside its rules entry."""
        return h('<div class="kr-rules-pic">{}</div>', kind_icon(ident))

    # ------------------------------------------------------ the open window
    def window_words(self, view) -> dict:
        """What the table's public window screen says about this step: public
        facts only (who attacks whom, the running totals, who decides)."""
        self.say, self.view = Say(self.ctx), view
        step = view.get("step") or {}
        ph = (view.get("window") or {}).get("phase") or step.get("phase")
        st = step.get("struggle") or {}
        totals = st.get("totals") or {}
        params = {"attacker": self.pname(st.get("attacker")), "defender": self.pname(st.get("defender")),
                  "a": totals.get("attacker", ""), "d": totals.get("defender", ""),
                  "next": self.pname(step.get("next")), "winner": self.pname(st.get("winner")),
                  "active": self.pname(view.get("active"))}
        key = "win.doctor_draw" if ph == "doctor" and st.get("winner") is None else f"win.{ph}"
        words = self.ctx.words.game.get("ui", {})
        out = {"text": self.w(key, **params)}
        if f"win.{ph}.forward" in words:
            out["forward"] = words[f"win.{ph}.forward"]  # a template: the frame fills in {name}
        if f"win.{ph}.heading" in words:
            out["heading"] = self.w(f"win.{ph}.heading", **params)
        public = (view.get("window") or {}).get("public", [])
        out["answers"] = [self.label(a) for a in public]
        attacks = [i for i, a in enumerate(public) if a["type"] == "attack"]
        if attacks:  # an attack cannot be taken back: choose the target in a second step
            out["groups"] = {self.w("grp.attack") + "…": attacks}
        return out

    def since_summary(self, view):
        """The one line above the board: trades, attacks and reveals since
        the viewer's last turn, the latest first (None: the frame's own line)."""
        return since.summary(since.events(view.get("log") or [], self.ctx.is_new), self.ctx, Say(self.ctx))

    # ---------------------------------------------------------------- render
    def render(self, view, legal) -> str:
        self.say = Say(self.ctx)
        self.recent = since.events(view.get("log") or [], self.ctx.is_new)
        sig = (view.get("moves"), view.get("seat"), len(legal))
        if sig != self._sig:
            self._sig = sig
            self.mode, self.pick, self.allies, self.confirm = None, None, [], None
            self.focus_seat = None
        self.view = view
        self.legal = legal
        self.me = view.get("me") or None
        self.seat = view.get("seat")
        step = view.get("step") or {}
        struggle = step.get("struggle")
        targets = self._seat_targets()
        many = " kr-many" if view["seats"] >= 7 else ""
        parts = [f'<div class="kr-wrap"><div class="kr-grid{many}">', '<div class="kr-main">',
                 self._coach(view, targets, struggle), "</div>", '<div class="kr-panel">']
        if view.get("over"):
            parts.append(self._claim_result(view))
        parts.append(self._trade(view))
        parts.append(self._actions(view))
        if struggle:
            parts.append(self._struggle(view, struggle))
        parts.append(self._mine(view))
        parts.append(self._knowledge(view))
        parts.append(self._help(view))
        if self.ctx.viewer is not None:
            parts.append(f'<div class="kr-notes">{self.ctx.notes_box(self.w("notes"))}</div>')
        parts.append("</div></div></div>")
        return "".join(parts)

    # ----------------------------------------------------------- the coach
    def _positions(self, n):
        bottom = self.seat if isinstance(self.seat, int) else 0
        out = {}
        for i in range(n):
            s = (bottom + i) % n
            th = math.pi / 2 + 2 * math.pi * i / n
            out[s] = (50 + 38 * math.cos(th), 50 + 37 * math.sin(th))
        return out

    def _coach(self, view, targets, struggle) -> str:
        n = view["seats"]
        pos = self._positions(n)
        out = ['<div class="kr-coach" role="group" aria-label="' + self.w("coach") + '">', coach_svg()]
        out.append(since.coach_marks(self.recent, pos, self.ctx, self.say))
        out.append(self._centre(view, struggle))
        for s in range(n):
            x, y = pos[s]
            out.append(self._seat(view, s, x, y, targets.get(s), struggle))
        out.append("</div>")
        return "".join(out)

    def _centre(self, view, struggle) -> str:
        bits = ['<div class="kr-centre">']
        bits.append(f'<div class="kr-pile" title="{self.w("pile")}">{icon("bag")}'
                    f'<span>{self.w("pile_n", n=view.get("pile", 0))}</span></div>')
        bits.append(f'<div class="kr-limit">{self.w("limit_n", n=view.get("limit", "?"))}</div>')
        if view.get("bags_are_goals"):
            bits.append(f'<div class="kr-conv">{self.w("bags_goals")}</div>')
        if struggle:
            t = struggle["totals"]
            bits.append(f'<div class="kr-score" aria-label="{self.w("totals")}">{icon("sword")}'
                        f'<b>{t["attacker"]}</b><span>:</span><b>{t["defender"]}</b>{icon("shield")}</div>')
        bits.append("</div>")
        return "".join(bits)

    def _known_assoc(self, seat):
        """The association of `seat` as the viewer knows it (the engine's
        'known'), or every one once the game is over; else None."""
        if self.view.get("over"):
            assocs = (self.view.get("result") or {}).get("associations") or []
            return assocs[seat] if seat < len(assocs) else None
        for fact in (self.me or {}).get("known") or []:
            if fact["seat"] == seat:
                return fact["association"]
        return None

    def _seat(self, view, s, x, y, target, struggle) -> str:
        ctx = self.ctx
        p = view["players"][s]
        to_act = s in (view.get("to_act") or [])
        mine = s == self.seat
        cls = "kr-seat" + (" kr-me" if mine else "") + (" kr-acting" if to_act else "")
        cls += " kr-active" if view.get("active") == s else ""
        cls += " kr-focus" if self.focus_seat == s and self.mode is None else ""
        role = '<span class="kr-role"></span>'
        if struggle:
            if s == struggle["attacker"]:
                role = f'<span class="kr-role kr-att">{icon("sword")}{self.nm("attacker")}</span>'
            elif s == struggle["defender"]:
                role = f'<span class="kr-role kr-def">{icon("shield")}{self.nm("defender")}</span>'
            else:
                for sup in struggle["supports"]:
                    if sup["seat"] == s:
                        void = struggle.get("voided") == s
                        if sup["side"]:
                            ic = icon("sword") if sup["side"] == "attacker" else icon("shield")
                            role = (f'<span class="kr-role{" kr-void" if void else ""}">{ic}'
                                    f'{self.w("supports_" + sup["side"])}</span>')
                        else:
                            role = f'<span class="kr-role kr-abst">{self.w("abstain")}</span>'
        occ = p.get("occupation")
        tags = since.seat_tags(self.recent, s, self.say)
        if occ:  # face up: a tap shows what it does (marked when it was turned up since the viewer's turn)
            new = " kr-new" if any(ev["kind"] == "reveal" and ev["a"] == s for ev in self.recent) else ""
            occ_html = self.it(occ, kind_icon(occ) + self.nm(occ), cls="kr-occ up" + new, title=self.fx(occ))
        elif mine and self.me:
            occ_html = self.it(self.me["occupation"], icon("back") + self.nm(self.me["occupation"]),
                               cls="kr-occ down mine", title=self.w("face_down"))
        else:
            occ_html = (f'<span class="kr-occ down" title="{self.w("occ_hidden")}">{icon("back")}'
                        f'<span class="kr-long">{self.w("occ_hidden")}</span><span class="kr-short">?</span></span>')
        assoc = '<span class="kr-assoc"></span>'
        if mine and self.me:
            assoc = f'<span class="kr-assoc a-{self.me["association"]}">{self.nm(self.me["association"])}</span>'
        else:
            known = self._known_assoc(s)
            if known:
                assoc = (f'<span class="kr-assoc a-{known}">{self.w("known")}: '
                         f'{self.nm(known)}</span>')
        count = (f'<span class="kr-count" title="{self.w("n_objects", n=p["objects"])}">{icon("bag")}'
                 f'<span class="kr-long">{self.w("n_objects", n=p["objects"])}</span>'
                 f'<span class="kr-short">{p["objects"]}</span></span>')
        # the same elements on every seat in every view, shown or not (style.css: the mark on a seat
        # to act, no empty line): a move changes only what it changed (the morph matches a seat's
        # spans in order, so a span that came or went before the others would redraw all after it)
        inner = (f'<span class="kr-turnmark" aria-hidden="true">▶</span>{ctx.badge(s)}'
                 + (f' <span class="kr-you">({self.say.t("table.you")})</span>' if mine else "")
                 + f'<span class="kr-facts">{count}{occ_html}</span>{assoc}{role}'
                 + f'<span class="kr-tags">{tags}</span>')
        style = f'left:{x:.1f}%;top:{y:.1f}%;--pc:{ctx.color(s)}'
        hit, aim = "", False
        if target is not None:  # the whole seat is the tap; while a seat is asked for, the names on it too
            cmd, arg, label = target
            hit = button("", cmd=cmd, arg=arg, cls="kr-seat-hit", aria_label=label)
            cls += " kr-target"
            aim = self.mode is not None  # (kit.TARGET; in the turn step they stay links)
        # keyed (kit.keep): a move changes a seat or two, a drawing sends only those
        return keep(f"kr-seat-{s}", "div", hit, Html(f'<div class="kr-seat-in">{inner}</div>'), cls=cls,
                    data_seat=s, style=style, **{TARGET: aim})

    # -------------------------------------------------- choosing on the table
    def _seat_targets(self) -> dict:
        """Seats that can be tapped now: {seat: (cmd, arg, label)}."""
        legal, mode = self.legal, self.mode
        out = {}
        if not legal:
            return out
        if mode is None and self.confirm is None:
            for a in legal:
                if a["type"] in ("offer", "attack") and a["to"] not in out:
                    out[a["to"]] = ("ui", f"seat:{a['to']}", self.w("seat_actions", name=self.pname(a["to"])))
            return out
        for i, a in enumerate(legal):
            if a["type"] != mode:
                continue
            if mode in ("attack",):
                out[a["to"]] = ("act", str(i), self.label(a))
            elif mode == "hypnotize":
                out[a["target"]] = ("act", str(i), self.label(a))
            elif mode in ("offer", "gift") and self.pick is not None and a["obj"] == self.pick:
                out[a["to"]] = ("act", str(i), self.label(a))
            elif mode == "diplomat" and self.pick is not None and a["name"] == self.pick:
                out[a["to"]] = ("act", str(i), self.label(a))
            elif mode in ("claim", "foretell") and self.confirm is None:
                key = "allies" if mode == "claim" else "names"
                for t in a[key]:
                    if t not in out:
                        on = t in self.allies
                        out[t] = ("ui", f"ally:{t}", self.w("toggle_named", name=self.pname(t))
                                  + (" ✓" if on else ""))
        return out

    # --------------------------------------------------------------- labels
    def label(self, a) -> str:
        t = a["type"]
        w, nm, pn = self.w, self.nm, self.pname
        if t == "pass":
            return w("pass_fight" if self.view.get("phase") == "fight" else "pass")
        if t == "offer":
            return w("offer_to", obj=nm(a["obj"]), name=pn(a["to"]))
        if t == "attack":
            return w("attack_to", name=pn(a["to"]))
        if t == "claim":
            return w("claim_with", names=self._names(a["allies"])) if a["allies"] else w("claim_alone")
        if t == "claim_solo":
            return w("claim_solo")
        if t == "foretell":
            return w("foretell_names", names=self._names(a["names"]))
        if t == "diplomat":
            return w("diplomat_to", obj=nm(a["name"]), name=pn(a["to"]))
        if t == "clairvoyant":
            return w("use_occ", occ=nm("clairvoyant"))
        if t == "accept":
            return w("accept_give", obj=nm(a["give"]))
        if t == "refuse":
            return w("refuse")
        if t == "effect":
            return w("effect_yes") if a["use"] else w("effect_no")
        if t == "direction":
            return w("dir_" + a["dir"])
        if t == "pass_on":
            return w("pass_on", obj=nm(a["obj"]))
        if t == "coat":
            return w("coat_keep") if a["occ"] is None else w("coat_take", occ=nm(a["occ"]))
        if t == "tome":
            partner = (self.view.get("step") or {}).get("partner")
            return w("tome_swap", name=pn(partner)) if a["swap"] else w("tome_keep")
        if t == "look_card":
            return w("look_card", n=a["card"] + 1)
        if t == "gift":
            return w("gift_to", obj=nm(a["obj"]), name=pn(a["to"]))
        if t == "priest":
            return w("use_priest", occ=nm("priest"))
        if t == "give":
            return w("give_obj", obj=nm(a["obj"]))
        if t == "support":
            return w("support_" + (a["side"] or "none"))
        if t == "hypnotize":
            return w("hypnotize", name=pn(a["target"]))
        if t == "play":
            if a["card"] == "poison_mixer":
                return w("play_mixer", card=nm("poison_mixer"), side=nm(a["winner"]))
            return w("play_card", card=nm(a["card"]))
        if t == "doctor":
            return w("use_doctor", occ=nm("doctor"))
        if t == "look":
            return w("look_card_spoils", n=a["card"] + 1) if "card" in a else w("look_spoils")
        if t == "take":
            return w("take_spoils")
        if t == "take_obj":
            if "give" in a:
                return w("take_give", obj=nm(a["obj"]), give=nm(a["give"]))
            return w("take_obj", obj=nm(a["obj"]))
        if t == "pick":
            return w("pick_top", obj=nm(a["obj"]))
        return join([t])  # an action this screen has no words for (shown as its type)

    def _names(self, seats) -> Html:
        return self.say.players(seats)

    def _btn(self, i, a, cls="", extra="") -> Html:
        label = self.label(a)
        if a["type"] == "coat" and a["occ"]:  # a new occupation: what it does, on the button
            body = h('<span class="kr-choice"><span>{}</span><small>{}</small></span>', label, self.fx(a["occ"]))
            return act_button(i, body, cls=f"kr-act {cls}".strip(), icon=extra)  # named by all it says
        return act_button(i, label, cls=f"kr-act {cls}".strip(), icon=extra, aria_label=label)

    def _ui(self, arg, label, cls="", extra="", pressed=None) -> Html:
        return ui_button(arg, label, cls=f"kr-ui {cls}".strip(), icon=extra, pressed=pressed)

    # -------------------------------------------------------------- actions
    def _actions(self, view) -> str:
        legal = self.legal
        if not legal:
            waiting = [s for s in (view.get("to_act") or [])]
            if view.get("over") or not waiting:
                return ""
            return keep("kr-actions", "section", h("<p>{}</p>", self.w("waiting_for", names=self._names(waiting))),
                        cls="kr-box kr-actions kr-wait", aria_label=self.w("actions"))
        groups: dict[str, list[int]] = {}
        for i, a in enumerate(legal):
            groups.setdefault(a["type"], []).append(i)
        head = f'<h2>{self.w("your_move")}</h2>'
        if self.confirm is not None and 0 <= self.confirm < len(legal):
            body = self._claim_confirm(self.confirm)
        elif self.mode in groups:
            body = self._compose(self.mode, groups[self.mode])
        elif self.focus_seat is not None and self.mode is None:
            body = self._seat_menu(self.focus_seat)
        else:
            body = self._groups(groups)
        return keep("kr-actions", "section", Html(head + body), cls="kr-box kr-actions", aria_label=self.w("actions"))

    def _groups(self, groups) -> str:
        legal = self.legal
        out = []
        composed = {"offer", "attack", "gift", "diplomat", "hypnotize", "claim", "foretell"}
        main = []
        for t in GROUP_ORDER + tuple(sorted(set(groups) - set(GROUP_ORDER))):
            if t not in groups:
                continue
            idx = groups[t]
            if t in composed and (len(idx) > 1 or t in ("claim", "foretell")):
                extra = {"offer": icon("bag"), "attack": icon("sword"), "gift": icon("bag"),
                         "claim": icon("star"), "foretell": icon("eye")}.get(t, icon("person"))
                title = self.nm(OCC_ACTIONS[t]) if t in OCC_ACTIONS else self.w("grp." + t)
                main.append(self._ui(f"mode:{t}", title + ("…" if t in ("claim", "foretell") else ""),
                                     cls="kr-big kr-g-" + t, extra=extra))
                continue
            if t == "claim_solo":
                main.append(self._ui(f"confirm:{idx[0]}", self.w("claim_solo") + "…", cls="kr-big kr-g-claim",
                                     extra=icon("shield")))
                continue
            if t == "pass" and len(groups) > 1:
                continue  # at the end
            btns = []
            for i in idx:
                a = legal[i]
                extra = ""
                for key in ("obj", "give", "card", "occ"):
                    if isinstance(a.get(key), str):
                        extra = kind_icon(a[key])
                        break
                if t == "support":
                    extra = icon("sword") if a["side"] == "attacker" else icon("shield") if a["side"] else ""
                cls = "primary" if len(groups) == 1 and len(idx) == 1 else ""
                btns.append(self._btn(i, a, cls=cls, extra=extra))
            title = self.nm(OCC_ACTIONS[t]) if t in OCC_ACTIONS else self.w("grp." + t)
            out.append(f'<div class="kr-group"><h3>{title}</h3><div class="kr-btns">{"".join(btns)}</div></div>')
        if "pass" in groups and len(groups) > 1:
            i = groups["pass"][0]
            out.append(f'<div class="kr-group kr-passrow">{self._btn(i, legal[i], cls="kr-pass")}</div>')
        lead = f'<div class="kr-btns kr-main-btns">{"".join(main)}</div>' if main else ""
        return lead + "".join(out)

    def _compose(self, t, idx) -> str:
        legal = self.legal
        back = self._ui("cancel", self.w("back"), cls="kr-back")
        out = []
        if t in ("offer", "gift", "diplomat"):
            key = "name" if t == "diplomat" else "obj"
            if self.pick is None:
                kinds = []
                for i in idx:
                    if legal[i][key] not in kinds:
                        kinds.append(legal[i][key])
                out.append(f'<p class="kr-step">{self.w("choose_obj_" + t)}</p><div class="kr-btns kr-cards">')
                for k in kinds:
                    out.append(self._ui(f"pick:{k}", self.nm(k), cls="kr-card-btn", extra=kind_icon(k)))
                out.append("</div>")
            else:
                out.append(f'<p class="kr-step kr-chosen">{kind_icon(self.pick)}'
                           f'{self.w("chosen", obj=self.nm(self.pick))}</p>'
                           f'<p class="kr-step">{self.w("choose_player")}</p><div class="kr-btns">')
                for i in idx:
                    if legal[i][key] == self.pick:
                        out.append(self._target_btn(i, legal[i]["to"]))
                out.append("</div>")
        elif t in ("attack", "hypnotize"):
            key = "to" if t == "attack" else "target"
            out.append(f'<p class="kr-step">{self.w("choose_player_" + t)}</p><div class="kr-btns">')
            for i in idx:
                out.append(self._target_btn(i, legal[i][key]))
            out.append("</div>")
        elif t in ("claim", "foretell"):
            out.append(self._claim_choose(t, idx))
        if t in ("offer", "gift", "diplomat") and self.pick is not None:
            back = self._ui("unpick", self.w("change"), cls="kr-back") + back
        return "".join(out) + f'<div class="kr-btns kr-backrow">{back}</div>'

    def _seat_menu(self, seat) -> str:
        """Everything the viewer may do with one seat tapped on the coach."""
        legal = self.legal
        offers = [i for i, a in enumerate(legal) if a["type"] == "offer" and a["to"] == seat]
        others = [i for i, a in enumerate(legal) if a["type"] in ("attack", "diplomat") and a["to"] == seat]
        out = [f'<p class="kr-step kr-chosen">{self.w("with_seat", name=self.pname(seat))}</p>']
        if offers:
            out.append(f'<h3>{self.w("grp.offer")}</h3><div class="kr-btns">')
            out += [self._btn(i, legal[i], extra=kind_icon(legal[i]["obj"])) for i in offers]
            out.append("</div>")
        if others:
            out.append('<div class="kr-btns kr-seatmenu-more">')
            out += [self._btn(i, legal[i], extra=icon("sword") if legal[i]["type"] == "attack" else icon("person"))
                    for i in others]
            out.append("</div>")
        out.append(f'<div class="kr-btns kr-backrow">{self._ui("cancel", self.w("back"), cls="kr-back")}</div>')
        return "".join(out)

    def _target_btn(self, i, seat) -> str:
        return act_button(i, self.ctx.badge(seat), cls="kr-act kr-seatbtn", style=f"--pc:{self.ctx.color(seat)}",
                          aria_label=self.label(self.legal[i]))

    # ---------------------------------------------------------------- claims
    def _claim_choose(self, t, idx) -> str:
        legal = self.legal
        key = "allies" if t == "claim" else "names"
        candidates = sorted({s for i in idx for s in legal[i][key]})
        match = [i for i in idx if legal[i][key] == self.allies]
        out = [f'<p class="kr-step">{self.w("choose_" + t)}</p><div class="kr-btns">']
        for s in candidates:
            on = s in self.allies
            out.append(ui_button(f"ally:{s}", self.ctx.badge(s), icon="✓ " if on else "", cls="kr-ui kr-seatbtn",
                                 pressed=on, style=f"--pc:{self.ctx.color(s)}"))
        out.append("</div>")
        chosen = self._names(self.allies) if self.allies else self.w("nobody")
        out.append(f'<p class="kr-step">{self.w("named_now", names=chosen)}</p>')
        if match:
            out.append(f'<div class="kr-btns">{self._ui(f"confirm:{match[0]}", self.w("continue"), cls="primary")}</div>')
        else:
            out.append(f'<p class="kr-hint">{self.w("no_such_" + t)}</p>')
        return "".join(out)

    def _claim_confirm(self, i) -> str:
        a = self.legal[i]
        me = self.me or {}
        assoc, goal = me.get("association"), me.get("goal")
        lines = []
        if a["type"] == "claim":
            have = me.get("goal_count", 0)
            lines.append(self.w("c_claim", assoc=self.nm(assoc), goal=self.nm(goal)))
            if a["allies"]:
                lines.append(self.w("c_allies", names=self._names(a["allies"]), goal=self.nm(goal)))
            else:
                lines.append(self.w("c_alone"))
            lines.append(self.w("c_have", n=have, goal=self.nm(goal)))
            if self.view.get("odd"):
                lines.append(self.w("c_drink"))
            lines.append(self.w("c_wrong", other=self.nm(me.get("enemy"))))
        elif a["type"] == "claim_solo":
            lines.append(self.w("c_solo"))
        else:
            other = me.get("enemy")
            lines.append(self.w("c_foretell", names=self._names(a["names"]), other=self.nm(other),
                                goal=self.nm(me.get("enemy_goal"))))
            lines.append(self.w("c_foretell_wrong", other=self.nm(other)))
        lines.append(self.w("c_final"))
        body = "".join(f"<li>{x}</li>" for x in lines)
        return (f'<div class="kr-confirm" role="dialog" aria-labelledby="kr-confirm-h">'
                f'<h3 id="kr-confirm-h">{icon("star")}{self.label(a)}</h3><ul>{body}</ul>'
                f'<div class="kr-btns">{act_button(i, self.w("confirm_claim"), id="kr-confirm-yes", cls="primary kr-act")}'
                f'{self._ui("unconfirm", self.w("back"))}</div></div>')
