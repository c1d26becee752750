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
from html import escape as esc

# log entries only the viewer can have received (the engine sends them to a
# seat privately): shown again in the "what I know" panel.
PRIVATE_KEYS = ("dealt", "saw_assoc", "saw_assoc_card", "saw_occ", "saw_objects", "drew", "traded",
                "offer_obj", "gift_obj", "passed", "got_occ", "saw_pile", "clair_top", "took_obj",
                "gave_back_obj", "priest_paid_obj", "saw_occ_pile")

OCCUPATIONS = ("diplomat", "doctor", "duelist", "poison_mixer", "grand_master", "clairvoyant",
               "hypnotist", "bodyguard", "priest", "thug")
GOAL = {"order": "key", "brotherhood": "goblet"}
GOAL_BAG = {"order": "bag_key", "brotherhood": "bag_goblet"}
OTHER = {"order": "brotherhood", "brotherhood": "order"}

# the order of action groups in the panel
GROUP_ORDER = ("offer", "attack", "claim", "claim_solo", "foretell", "diplomat", "clairvoyant",
               "accept", "refuse", "effect", "direction", "pass_on", "coat", "tome", "look_card", "gift",
               "priest", "give", "support", "hypnotize", "play", "doctor", "look", "take", "take_obj",
               "pick", "pass")
# which actions use the viewer's own occupation (for the "use occupation" button)
OCC_ACTIONS = {"diplomat": "diplomat", "clairvoyant": "clairvoyant", "priest": "priest",
               "doctor": "doctor", "hypnotize": "hypnotist"}

# ---------------------------------------------------------------- art (our own)
_ICON = {
    "key": '<circle cx="8" cy="12" r="4.5" fill="none" stroke="#8a6a12" stroke-width="2.4"/>'
           '<path d="M12.5 12H22M18 12v4M21 12v3" stroke="#8a6a12" stroke-width="2.4" fill="none"/>',
    "goblet": '<path d="M6 3h12c0 6-2.5 9-6 9s-6-3-6-9z" fill="#b0223a"/><path d="M12 12v7M8 21h8" '
              'stroke="#7d1628" stroke-width="2.4"/>',
    "bag": '<path d="M7 7h10l3 14H4z" fill="#7b5a35"/><path d="M9 7a3 3 0 016 0" fill="none" '
           'stroke="#5b3f20" stroke-width="2"/>',
    "sword": '<path d="M19 3l2 2-11 11-2-2z" fill="#8c96a3"/><path d="M6 13l5 5M4 20l4-4" stroke="#5b3f20" '
             'stroke-width="2.4"/>',
    "shield": '<path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="#3a6fb0"/><path d="M12 5v15" '
              'stroke="#cfe0f5" stroke-width="1.6"/>',
    "ring": '<circle cx="12" cy="14" r="6" fill="none" stroke="#8a6a12" stroke-width="2.6"/>'
            '<circle cx="12" cy="6" r="3" fill="#3d9a4a"/>',
    "eye": '<path d="M2 12c3-5 7-7 10-7s7 2 10 7c-3 5-7 7-10 7s-7-2-10-7z" fill="#f3ead8" stroke="#5b3f20" '
           'stroke-width="1.6"/><circle cx="12" cy="12" r="3.2" fill="#2c4a6e"/>',
    "pearl": '<circle cx="12" cy="12" r="7" fill="#222"/><circle cx="9.5" cy="9.5" r="2" fill="#888"/>',
    "mirror": '<ellipse cx="12" cy="10" rx="6" ry="7.5" fill="#cfe3ee" stroke="#6b655b" stroke-width="1.6"/>'
              '<path d="M9 5l3 5-2 4 4 3" stroke="#6b655b" fill="none" stroke-width="1.2"/><path d="M12 17.5V22" '
              'stroke="#6b655b" stroke-width="2"/>',
    "star": '<path d="M12 2l2.8 6.5 7 .6-5.3 4.6 1.6 6.9L12 17l-6.1 3.6 1.6-6.9L2.2 9.1l7-.6z" fill="#d9a520"/>',
    "book": '<path d="M4 4h7v16H4zM13 4h7v16h-7z" fill="#6d3b20"/><path d="M11 4h2v16h-2z" fill="#3d2010"/>',
    "scroll": '<rect x="5" y="3" width="14" height="18" rx="2" fill="#efe1bd" stroke="#8a6a3a" stroke-width="1.4"/>'
              '<path d="M8 8h8M8 12h8M8 16h5" stroke="#8a6a3a" stroke-width="1.3"/>',
    "person": '<circle cx="12" cy="7" r="4" fill="#5b3f20"/><path d="M4 22c0-5 3.5-8 8-8s8 3 8 8z" fill="#5b3f20"/>',
    "back": '<rect x="4" y="2" width="16" height="20" rx="2.5" fill="#3b2a4d"/><path d="M8 6l8 12M16 6L8 18" '
            'stroke="#a58cc4" stroke-width="1.3"/>',
    "coat": '<path d="M8 3l4 3 4-3 4 4-2 4v10H6V11L4 7z" fill="#4b5d3a"/>',
}
_KIND_ICON = {"key": "key", "goblet": "goblet", "bag_key": "bag", "bag_goblet": "bag", "bag": "bag",
              "dagger": "sword", "casting_knives": "sword", "gloves": "shield", "whip": "shield",
              "poison_ring": "ring", "privilege": "scroll", "monocle": "eye", "black_pearl": "pearl",
              "broken_mirror": "mirror", "sextant": "star", "coat": "coat", "tome": "book", "loge": "shield",
              "thug": "sword", "grand_master": "shield"}


def icon(name: str, cls: str = "kr-ico") -> str:
    body = _ICON.get(name) or _ICON["scroll"]
    return f'<svg class="{cls}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">{body}</svg>'


def kind_icon(kind: str) -> str:
    if kind in OCCUPATIONS and kind not in _KIND_ICON:
        return icon("person")
    return icon(_KIND_ICON.get(kind, "scroll"))


def coach_svg() -> str:
    """The coach seen from above: wooden body, benches, table, lanterns and wheels."""
    wheels = "".join(
        f'<g transform="translate({x} {y})"><circle r="46" fill="#3a2a1c"/><circle r="36" fill="#6d4c2e"/>'
        + "".join(f'<path d="M0 0L{36 * math.cos(a):.1f} {36 * math.sin(a):.1f}" stroke="#3a2a1c" stroke-width="5"/>'
                  for a in [i * math.pi / 4 for i in range(8)])
        + '<circle r="9" fill="#caa24a"/></g>'
        for x, y in ((170, 40), (830, 40), (170, 600), (830, 600)))
    lanterns = "".join(f'<g transform="translate({x} 320)"><circle r="18" fill="#f6d77a" opacity="0.9"/>'
                       f'<circle r="30" fill="#f6d77a" opacity="0.25"/></g>' for x in (22, 978))
    return (
        '<svg class="kr-coach-art" viewBox="0 0 1000 640" preserveAspectRatio="none" aria-hidden="true" '
        'focusable="false">'
        f'{wheels}{lanterns}'
        '<rect x="40" y="40" width="920" height="560" rx="260" fill="#6b4425" stroke="#3d2612" stroke-width="10"/>'
        '<rect x="70" y="70" width="860" height="500" rx="230" fill="#8c5a31"/>'
        '<rect x="110" y="105" width="780" height="430" rx="200" fill="#7a2e2e" stroke="#5a1f1f" stroke-width="6"/>'
        '<ellipse cx="500" cy="320" rx="250" ry="125" fill="#2f5a3f" stroke="#caa24a" stroke-width="6"/>'
        '<ellipse cx="500" cy="320" rx="228" ry="106" fill="none" stroke="#3f7352" stroke-width="3"/>'
        '</svg>')


# ---------------------------------------------------------------- the screen
class Screen:
    def __init__(self, ctx):
        self.ctx = ctx
        self.mode = None       # the action type being composed (offer, attack, claim, ...)
        self.pick = None       # the object / name chosen first
        self.allies: list[int] = []
        self.confirm = None    # index of a claim-like action waiting for confirmation
        self.show_help = False
        self.focus_seat = None  # a seat tapped on the coach in the turn step
        self._sig = None
        self._guard_names()

    def _guard_names(self):
        """Work-around: the engine logs `winner: null` after a stand-off, and the
        frame's player_name cannot word None (it raises, and the table stops
        drawing).  Until the frame handles it, word None as "nobody"."""
        words = self.ctx.words
        inner = getattr(words, "player_name", None)
        if inner is None or getattr(inner, "_kr_safe", False):
            return

        def safe(seat, _inner=inner, _words=words):
            if seat is None:
                return _words.ui("nobody")
            return _inner(seat)

        safe._kr_safe = True
        words.player_name = safe

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
    def w(self, key, **params) -> str:
        return self.ctx.words.ui(key, **params)

    def nm(self, ident) -> str:
        return self.ctx.words.name(ident)

    def fx(self, ident) -> str:
        """The short effect text of a card (our own words)."""
        text = self.ctx.words.ui("fx." + str(ident))
        return "" if text == "fx." + str(ident) else text

    def pname(self, seat) -> str:
        return self.ctx.name(seat)

    # ------------------------------------------------------ the open window
    def window_words(self, view) -> dict:
        """What the table's public window screen says about this step: public
        facts only (who attacks whom, the running totals, who decides)."""
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

    # ---------------------------------------------------------------- render
    def render(self, view, legal) -> str:
        self._guard_names()
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
        out = ['<div class="kr-coach" role="group" aria-label="' + esc(self.w("coach")) + '">', coach_svg()]
        out.append(self._centre(view, struggle))
        for s in range(n):
            x, y = pos[s]
            out.append(self._seat(view, s, x, y, targets.get(s), struggle))
        out.append("</div>")
        return "".join(out)

    def _centre(self, view, struggle) -> str:
        bits = [f'<div class="kr-centre">']
        bits.append(f'<div class="kr-pile" title="{esc(self.w("pile"))}">{icon("bag")}'
                    f'<span>{esc(self.w("pile_n", n=view.get("pile", 0)))}</span></div>')
        bits.append(f'<div class="kr-limit">{esc(self.w("limit_n", n=view.get("limit", "?")))}</div>')
        if view.get("bags_are_goals"):
            bits.append(f'<div class="kr-conv">{esc(self.w("bags_goals"))}</div>')
        if struggle:
            t = struggle["totals"]
            bits.append(f'<div class="kr-score" aria-label="{esc(self.w("totals"))}">{icon("sword")}'
                        f'<b>{t["attacker"]}</b><span>:</span><b>{t["defender"]}</b>{icon("shield")}</div>')
        bits.append("</div>")
        return "".join(bits)

    def _known_assoc(self, seat):
        """The association of `seat` as the viewer learnt it (its own log), or None."""
        found = None
        for e in self.view.get("log") or []:
            if e.get("k") == "saw_assoc" and e.get("who") == seat:
                found = e.get("assoc")
            elif e.get("k") == "claim":
                for r in e.get("revealed") or []:
                    if r.get("seat") == seat:
                        found = r.get("assoc")
        if self.view.get("over"):
            assocs = (self.view.get("result") or {}).get("associations")
            if assocs and seat < len(assocs):
                found = assocs[seat]
        return found

    def _seat(self, view, s, x, y, target, struggle) -> str:
        ctx = self.ctx
        p = view["players"][s]
        to_act = s in (view.get("to_act") or [])
        mine = s == self.seat
        cls = "kr-seat" + (" kr-me" if mine else "") + (" kr-acting" if to_act else "")
        cls += " kr-active" if view.get("active") == s else ""
        cls += " kr-focus" if self.focus_seat == s and self.mode is None else ""
        role = ""
        if struggle:
            if s == struggle["attacker"]:
                role = f'<span class="kr-role kr-att">{icon("sword")}{esc(self.nm("attacker"))}</span>'
            elif s == struggle["defender"]:
                role = f'<span class="kr-role kr-def">{icon("shield")}{esc(self.nm("defender"))}</span>'
            else:
                for sup in struggle["supports"]:
                    if sup["seat"] == s:
                        void = struggle.get("voided") == s
                        if sup["side"]:
                            ic = icon("sword") if sup["side"] == "attacker" else icon("shield")
                            role = (f'<span class="kr-role{" kr-void" if void else ""}">{ic}'
                                    f'{esc(self.w("supports_" + sup["side"]))}</span>')
                        else:
                            role = f'<span class="kr-role kr-abst">{esc(self.w("abstain"))}</span>'
        occ = p.get("occupation")
        if occ:
            occ_html = (f'<span class="kr-occ up" title="{esc(self.fx(occ))}">{kind_icon(occ)}'
                        f'{esc(self.nm(occ))}</span>')
        elif mine and self.me:
            occ_html = (f'<span class="kr-occ down mine" title="{esc(self.w("face_down"))}">{icon("back")}'
                        f'{esc(self.nm(self.me["occupation"]))}</span>')
        else:
            occ_html = (f'<span class="kr-occ down" title="{esc(self.w("occ_hidden"))}">{icon("back")}'
                        f'<span class="kr-long">{esc(self.w("occ_hidden"))}</span><span class="kr-short">?</span></span>')
        assoc = ""
        if mine and self.me:
            assoc = f'<span class="kr-assoc a-{self.me["association"]}">{esc(self.nm(self.me["association"]))}</span>'
        else:
            known = self._known_assoc(s)
            if known:
                assoc = (f'<span class="kr-assoc a-{known}">{esc(self.w("known"))}: '
                         f'{esc(self.nm(known))}</span>')
        count = (f'<span class="kr-count" title="{esc(self.w("n_objects", n=p["objects"]))}">{icon("bag")}'
                 f'<span class="kr-long">{esc(self.w("n_objects", n=p["objects"]))}</span>'
                 f'<span class="kr-short">{p["objects"]}</span></span>')
        mark = f'<span class="kr-turnmark" aria-hidden="true">▶</span>' if to_act else ""
        inner = (f'{mark}{ctx.badge(s)}'
                 + (f' <span class="kr-you">({esc(ctx.words.t("table.you"))})</span>' if mine else "")
                 + f'<span class="kr-facts">{count}{occ_html}</span>{assoc}{role}')
        style = f'left:{x:.1f}%;top:{y:.1f}%;--pc:{ctx.color(s)}'
        if target is not None:
            cmd, arg, label = target
            return (f'<button type="button" class="{cls} kr-target" data-seat="{s}" style="{style}" '
                    f'data-cmd="{cmd}" data-arg="{esc(arg)}" aria-label="{esc(label)}">{inner}</button>')
        return f'<div class="{cls}" data-seat="{s}" style="{style}">{inner}</div>'

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
        return t

    def _names(self, seats) -> str:
        return self.ctx.words._join([self.pname(s) for s in seats])

    def _btn(self, i, a, cls="", extra="") -> str:
        label = self.label(a)
        return (f'<button type="button" class="kr-act {cls}" data-cmd="act" data-arg="{i}"'
                f' aria-label="{esc(label)}">{extra}{esc(label)}</button>')

    def _ui(self, arg, label, cls="", extra="", pressed=None) -> str:
        p = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
        return (f'<button type="button" class="kr-ui {cls}" data-cmd="ui" data-arg="{esc(arg)}"{p}>'
                f'{extra}{esc(label)}</button>')

    # -------------------------------------------------------------- actions
    def _actions(self, view) -> str:
        legal = self.legal
        if not legal:
            waiting = [s for s in (view.get("to_act") or [])]
            if view.get("over") or not waiting:
                return ""
            return (f'<section class="kr-box kr-actions kr-wait" aria-label="{esc(self.w("actions"))}">'
                    f'<p>{esc(self.w("waiting_for", names=self._names(waiting)))}</p></section>')
        groups: dict[str, list[int]] = {}
        for i, a in enumerate(legal):
            groups.setdefault(a["type"], []).append(i)
        head = f'<h2>{esc(self.w("your_move"))}</h2>'
        if self.confirm is not None and 0 <= self.confirm < len(legal):
            body = self._claim_confirm(self.confirm)
        elif self.mode in groups:
            body = self._compose(self.mode, groups[self.mode])
        elif self.focus_seat is not None and self.mode is None:
            body = self._seat_menu(self.focus_seat)
        else:
            body = self._groups(groups)
        return (f'<section class="kr-box kr-actions" aria-label="{esc(self.w("actions"))}">{head}'
                f'{body}</section>')

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
            out.append(f'<div class="kr-group"><h3>{esc(title)}</h3><div class="kr-btns">{"".join(btns)}</div></div>')
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
                out.append(f'<p class="kr-step">{esc(self.w("choose_obj_" + t))}</p><div class="kr-btns kr-cards">')
                for k in kinds:
                    out.append(self._ui(f"pick:{k}", self.nm(k), cls="kr-card-btn", extra=kind_icon(k)))
                out.append("</div>")
            else:
                out.append(f'<p class="kr-step kr-chosen">{kind_icon(self.pick)}'
                           f'{esc(self.w("chosen", obj=self.nm(self.pick)))}</p>'
                           f'<p class="kr-step">{esc(self.w("choose_player"))}</p><div class="kr-btns">')
                for i in idx:
                    if legal[i][key] == self.pick:
                        out.append(self._target_btn(i, legal[i]["to"]))
                out.append("</div>")
        elif t in ("attack", "hypnotize"):
            key = "to" if t == "attack" else "target"
            out.append(f'<p class="kr-step">{esc(self.w("choose_player_" + t))}</p><div class="kr-btns">')
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
        out = [f'<p class="kr-step kr-chosen">{esc(self.w("with_seat", name=self.pname(seat)))}</p>']
        if offers:
            out.append(f'<h3>{esc(self.w("grp.offer"))}</h3><div class="kr-btns">')
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
        return (f'<button type="button" class="kr-act kr-seatbtn" data-cmd="act" data-arg="{i}" '
                f'style="--pc:{self.ctx.color(seat)}" aria-label="{esc(self.label(self.legal[i]))}">'
                f'{self.ctx.badge(seat)}</button>')

    # ---------------------------------------------------------------- claims
    def _claim_choose(self, t, idx) -> str:
        legal = self.legal
        key = "allies" if t == "claim" else "names"
        candidates = sorted({s for i in idx for s in legal[i][key]})
        match = [i for i in idx if legal[i][key] == self.allies]
        out = [f'<p class="kr-step">{esc(self.w("choose_" + t))}</p><div class="kr-btns">']
        for s in candidates:
            on = s in self.allies
            out.append(f'<button type="button" class="kr-ui kr-seatbtn" data-cmd="ui" data-arg="ally:{s}" '
                       f'aria-pressed="{"true" if on else "false"}" style="--pc:{self.ctx.color(s)}">'
                       f'{"✓ " if on else ""}{self.ctx.badge(s)}</button>')
        out.append("</div>")
        chosen = self._names(self.allies) if self.allies else self.w("nobody")
        out.append(f'<p class="kr-step">{esc(self.w("named_now", names=chosen))}</p>')
        if match:
            out.append(f'<div class="kr-btns">{self._ui(f"confirm:{match[0]}", self.w("continue"), cls="primary")}</div>')
        else:
            out.append(f'<p class="kr-hint">{esc(self.w("no_such_" + t))}</p>')
        return "".join(out)

    def _claim_confirm(self, i) -> str:
        a = self.legal[i]
        me = self.me or {}
        assoc = me.get("association")
        conv = bool(self.view.get("bags_are_goals"))
        lines = []
        if a["type"] == "claim":
            goal = GOAL.get(assoc, "key")
            have = sum(1 for k in me.get("objects", []) if k == goal or (conv and k == GOAL_BAG.get(assoc)))
            lines.append(self.w("c_claim", assoc=self.nm(assoc), goal=self.nm(goal)))
            if a["allies"]:
                lines.append(self.w("c_allies", names=self._names(a["allies"]), goal=self.nm(goal)))
            else:
                lines.append(self.w("c_alone"))
            lines.append(self.w("c_have", n=have, goal=self.nm(goal)))
            if self.view.get("odd"):
                lines.append(self.w("c_drink"))
            lines.append(self.w("c_wrong", other=self.nm(OTHER.get(assoc, "order"))))
        elif a["type"] == "claim_solo":
            lines.append(self.w("c_solo"))
        else:
            other = OTHER.get(assoc, "order")
            lines.append(self.w("c_foretell", names=self._names(a["names"]), other=self.nm(other),
                                goal=self.nm(GOAL.get(other, "key"))))
            lines.append(self.w("c_foretell_wrong", other=self.nm(other)))
        lines.append(self.w("c_final"))
        body = "".join(f"<li>{esc(x)}</li>" for x in lines)
        return (f'<div class="kr-confirm" role="dialog" aria-labelledby="kr-confirm-h">'
                f'<h3 id="kr-confirm-h">{icon("star")}{esc(self.label(a))}</h3><ul>{body}</ul>'
                f'<div class="kr-btns"><button type="button" id="kr-confirm-yes" class="primary kr-act" '
                f'data-cmd="act" data-arg="{i}">{esc(self.w("confirm_claim"))}</button>'
                f'{self._ui("unconfirm", self.w("back"))}</div></div>')

    def _claim_result(self, view) -> str:
        out = []
        for e in view.get("log") or []:
            if e.get("k") != "claim":
                continue
            ok = self.w("true" if e.get("correct") else "false")
            out.append(f'<p><b>{esc(self.pname(e["seat"]))}</b>: {esc(self.nm(e.get("kind")))} — {esc(ok)}</p>')
            rows = []
            for r in e.get("revealed") or []:
                objs = ", ".join(self.nm(k) for k in r.get("objs", []))
                rows.append(f'<li>{self.ctx.badge(r["seat"])}: {esc(self.nm(r["assoc"]))}; '
                            f'{esc(self.nm(r["occ"]))}; {esc(objs)}</li>')
            out.append(f'<ul class="kr-reveal">{"".join(rows)}</ul>')
        winners = (view.get("result") or {}).get("winners") or []
        if winners:
            out.append(f'<p class="kr-note">{icon("star")}{esc(self.w("winners_are", names=self._names(winners)))}</p>')
        assocs = (view.get("result") or {}).get("associations") or []
        if assocs:
            rows = "".join(f'<li>{self.ctx.badge(s)}: {esc(self.nm(a))}</li>' for s, a in enumerate(assocs))
            out.append(f'<h3>{esc(self.w("all_assocs"))}</h3><ul class="kr-reveal">{rows}</ul>')
        return f'<section class="kr-box kr-final"><h2>{esc(self.w("the_end"))}</h2>{"".join(out)}</section>'

    # ------------------------------------------------------------- the trade
    def _trade(self, view) -> str:
        step = view.get("step") or {}
        ph = step.get("phase")
        priv = (self.me or {}).get("step") or {}
        if ph == "respond":
            frm, to = step["from"], step["to"]
            what = ""
            if priv.get("obj"):
                k = priv["obj"]
                what = (f'<div class="kr-offered">{kind_icon(k)}<b>{esc(self.nm(k))}</b>'
                        f'<small>{esc(self.fx(k))}</small></div>')
            return (f'<section class="kr-box kr-trade"><h2>{icon("bag")}{esc(self.w("trade"))}</h2>'
                    f'<p>{esc(self.w("trade_offer", a=self.pname(frm), b=self.pname(to)))}</p>{what}</section>')
        if ph in ("diplomat_pick", "diplomat_return"):
            got = priv.get("got")
            extra = f'<p>{esc(self.w("dip_got", obj=self.nm(got)))}</p>' if got else ""
            return (f'<section class="kr-box kr-trade"><h2>{esc(self.nm("diplomat"))}</h2>'
                    f'<p>{esc(self.w("dip_demand", a=self.pname(step["by"]), b=self.pname(step["to"]), obj=self.nm(step["name"])))}</p>'
                    f'{extra}</section>')
        if ph == "sextant_pass":
            done = ", ".join(self.pname(s) for s in step.get("done", []))
            chosen = priv.get("chosen")
            mine = f'<p>{esc(self.w("sextant_chosen", obj=self.nm(chosen)))}</p>' if chosen else ""
            return (f'<section class="kr-box kr-trade"><h2>{icon("star")}{esc(self.nm("sextant"))}</h2>'
                    f'<p>{esc(self.w("sextant_dir", dir=self.nm(step.get("dir"))))}</p>'
                    f'<p>{esc(self.w("sextant_done", names=done or "–"))}</p>{mine}</section>')
        if ph == "clair_pick" and priv.get("pile") is not None:
            pile = ", ".join(self.nm(k) for k in priv["pile"])
            picked = ", ".join(self.nm(k) for k in priv.get("picked", []))
            return (f'<section class="kr-box kr-trade"><h2>{esc(self.nm("clairvoyant"))}</h2>'
                    f'<p>{esc(self.w("clair_pile", objs=pile))}</p>'
                    + (f'<p>{esc(self.w("clair_picked", objs=picked))}</p>' if picked else "") + "</section>")
        if ph == "take" and priv.get("loser_objects") is not None:
            objs = ", ".join(self.nm(k) for k in priv["loser_objects"])
            return (f'<section class="kr-box kr-trade"><h2>{icon("bag")}{esc(self.w("grp.take_obj"))}</h2>'
                    f'<p>{esc(self.w("loser_has", objs=objs))}</p></section>')
        if ph == "coat" and priv.get("occ_pile") is not None:
            return (f'<section class="kr-box kr-trade"><h2>{icon("coat")}{esc(self.nm("coat"))}</h2>'
                    f'<p>{esc(self.w("coat_pile", occs=", ".join(self.nm(o) for o in priv["occ_pile"])))}</p></section>')
        if ph == "gift":
            return (f'<section class="kr-box kr-trade"><h2>{icon("bag")}{esc(self.w("grp.gift"))}</h2>'
                    f'<p>{esc(self.w("gift_info", name=self.pname(step["seat"]), n=step.get("over", 1)))}</p></section>')
        return ""

    # ----------------------------------------------------------- the struggle
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
            extra = f' <em>({esc(self.w("hypnotized"))})</em>' if void else ""
            rows.append(f'<li class="{"kr-void" if void else ""}">{self.ctx.badge(s)} {ic}{esc(txt)}{extra}</li>')
        nxt = (view.get("step") or {}).get("next")
        if nxt is not None:
            rows.append(f'<li class="kr-next">{self.ctx.badge(nxt)} {esc(self.w("deciding"))}</li>')
        played = []
        for p in st["played"]:
            c = p["card"]
            extra = f' → {esc(self.nm(p["winner"]))}' if p.get("winner") else ""
            played.append(f'<li>{self.ctx.badge(p["seat"])} {kind_icon(c)}<b>{esc(self.nm(c))}</b>{extra}'
                          f' <small>{esc(self.fx(c))}</small></li>')
        notes = []
        if st.get("duelist") is not None:
            notes.append(self.w("duel_note", name=self.pname(st["duelist"])))
        if st.get("mixer"):
            notes.append(self.w("mixer_note", card=self.nm("poison_mixer"), side=self.nm(st["mixer"])))
        if st.get("result"):
            w = st.get("winner")
            notes.append(self.w("fight_won", name=self.pname(w)) if w is not None else self.w("fight_draw"))
        note_html = "".join(f'<p class="kr-note">{esc(x)}</p>' for x in notes)
        return (f'<section class="kr-box kr-struggle" aria-label="{esc(self.w("struggle"))}">'
                f'<h2>{icon("sword")}{esc(self.w("struggle"))}</h2>'
                f'<div class="kr-duel"><div class="kr-side kr-att">{icon("sword")}{self.ctx.badge(att)}'
                f'<span class="kr-pts">{t["attacker"]}</span></div><span class="kr-vs">:</span>'
                f'<div class="kr-side kr-def"><span class="kr-pts">{t["defender"]}</span>{self.ctx.badge(dfn)}'
                f'{icon("shield")}</div></div>'
                f'<p class="kr-sr">{esc(self.w("totals_text", a=t["attacker"], d=t["defender"]))}</p>'
                + (f'<h3>{esc(self.w("supporters"))}</h3><ul class="kr-list">{"".join(rows)}</ul>' if rows else "")
                + (f'<h3>{esc(self.w("played"))}</h3><ul class="kr-list">{"".join(played)}</ul>' if played else "")
                + note_html + "</section>")

    # --------------------------------------------------------------- myself
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
            cards = (f'<p class="kr-small">{esc(self.w("assoc_cards"))}: '
                     f'{esc(", ".join(self.nm(c) for c in me["association_cards"]))}</p>')
        goal = GOAL.get(assoc)
        objs = []
        for k in me.get("objects", []):
            cls = " kr-goal" if k == goal or (view.get("bags_are_goals") and k == GOAL_BAG.get(assoc)) else ""
            objs.append(f'<li class="kr-card{cls}">{kind_icon(k)}<span><b>{esc(self.nm(k))}</b>'
                        f'<small>{esc(self.fx(k))}</small></span></li>')
        role = ""
        st = (view.get("step") or {}).get("struggle")
        if st:
            if st["attacker"] == self.seat:
                role = icon("sword") + esc(self.w("char_sword"))
            elif st["defender"] == self.seat:
                role = icon("shield") + esc(self.w("char_shield"))
            else:
                for sup in st["supports"]:
                    if sup["seat"] == self.seat:
                        role = (icon("sword") + esc(self.w("char_sword")) if sup["side"] == "attacker" else
                                icon("shield") + esc(self.w("char_shield")) if sup["side"] else esc(self.w("char_none")))
        char = (f'<div class="kr-char"><span class="kr-char-card">{icon("sword")}{icon("shield")}</span>'
                f'<span>{esc(self.w("character"))}: {role or esc(self.w("char_idle"))}</span></div>')
        drink = f'<p class="kr-small">{esc(self.w("drink_note"))}</p>' if me.get("drink") else ""
        return (f'<section class="kr-box kr-mine" aria-label="{esc(self.w("my_cards"))}">'
                f'<h2>{self.ctx.badge(self.seat)} — {esc(self.w("my_cards"))}</h2>'
                f'<div class="kr-assoc-card a-{assoc}">{icon("key" if assoc == "order" else "goblet")}'
                f'<span><small>{esc(self.w("association"))}</small><b>{esc(self.nm(assoc))}</b>'
                f'<small>{esc(self.w("goal_" + assoc))}</small></span></div>{cards}{drink}'
                f'<div class="kr-occ-card{" up" if me.get("occ_face_up") else ""}">{kind_icon(occ)}'
                f'<span><small>{esc(self.w("occupation"))} ({esc(face)})</small><b>{esc(self.nm(occ))}</b>'
                f'<small>{esc(self.fx(occ))}</small></span>{use}</div>{char}'
                f'<h3>{esc(self.w("objects"))} ({len(me.get("objects", []))}/{view.get("limit")})</h3>'
                f'<ul class="kr-hand">{"".join(objs)}</ul></section>')

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
        return (f'<button type="button" class="kr-act kr-use primary" data-cmd="act" data-arg="{idx[0]}">'
                f'{esc(label)}</button>')

    # ------------------------------------------------------------ knowledge
    def _knowledge(self, view) -> str:
        if self.seat is None:
            return ""
        entries = [e for e in view.get("log") or [] if e.get("k") in PRIVATE_KEYS]
        items = []
        for e in reversed(entries[-60:]):
            turn = e.get("turn")
            stamp = f'<span class="kr-turn">{esc(self.ctx.words.t("table.turn_no", n=turn))}</span> ' if turn else ""
            items.append(f'<li>{stamp}{esc(self.ctx.words.entry(e))}</li>')
        known = []
        for s in range(view["seats"]):
            if s == self.seat:
                continue
            a = self._known_assoc(s)
            if a:
                known.append(f'<li>{self.ctx.badge(s)}: {esc(self.nm(a))}</li>')
        summary = f'<ul class="kr-known">{"".join(known)}</ul>' if known else ""
        body = "".join(items) or f'<li>{esc(self.w("nothing_known"))}</li>'
        return (f'<section class="kr-box kr-knowledge" aria-label="{esc(self.w("what_i_know"))}">'
                f'<h2>{icon("eye")}{esc(self.w("what_i_know"))}</h2>{summary}'
                f'<ol class="kr-know-list">{body}</ol></section>')

    # ----------------------------------------------------------------- help
    def _help(self, view) -> str:
        btn = self._ui("help", self.w("help_hide" if self.show_help else "help_show"), cls="kr-small",
                       pressed=self.show_help)
        if not self.show_help:
            return f'<div class="kr-helprow">{btn}</div>'
        kinds = sorted(set(view.get("objects_in_game") or []), key=lambda k: self.nm(k))
        objs = "".join(f'<li>{kind_icon(k)}<b>{esc(self.nm(k))}</b> <small>{esc(self.fx(k))}</small></li>'
                       for k in kinds)
        return (f'<section class="kr-box kr-help"><div class="kr-helprow">{btn}</div>'
                f'<h3>{esc(self.w("objects_in_game"))}</h3><ul class="kr-list">{objs}</ul></section>')
