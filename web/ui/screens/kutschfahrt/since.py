"""What changed at the coach since the viewer's last turn: trades, attacks
and reveals, read from the viewer's own log (the entries `ctx.is_new`
calls new), drawn on the coach and said in one line.

Only what the log says is shown; nothing here decides a rule.
"""

from __future__ import annotations

from ...kit import Html, h, join
from .art import icon

# a log entry -> what it adds to the marks (the entry's own fields name the seats)
TRADES = {"accept": ("to", "by"), "diplomat_trade": ("seat", "to")}
MOST = 4  # events said in the one-line summary before "and n more"


def events(log: list[dict], is_new) -> list[dict]:
    """The entries `is_new` calls recent as events, oldest first: {"kind":
    "trade" | "refused" | "attack" | "reveal" | "claim", "a", "b" (seats), ...}.
    The whole log is read so that a struggle begun before (the viewer
    answered in its windows) is still drawn when its end is new."""
    out: list[dict] = []
    attack = None
    for e in log:
        if e.get("private"):
            continue
        k = e["k"]
        new = is_new(e)
        if k == "attack":
            attack = {"kind": "attack", "a": e["by"], "b": e["to"], "result": None, "pts": None, "winner": None}
            if new:
                out.append(attack)
            continue
        if attack is not None and k in ("priest", "fight_result", "doctor"):
            if k == "priest":
                attack["result"] = "stopped"
            elif k == "doctor":
                attack["result"] = "cancelled"
            else:
                attack.update(pts=(e["att_pts"], e["def_pts"]), winner=e["winner"],
                              result="tie" if e["winner"] is None else "won")
            if new and (not out or out[-1] is not attack):
                out.append(attack)
            continue
        if not new:
            continue
        if k in TRADES:
            a, b = TRADES[k]
            out.append({"kind": "trade", "a": e[a], "b": e[b]})
        elif k == "refuse":
            out.append({"kind": "refused", "a": e["to"], "b": e["by"]})
        elif k == "occ_used":
            out.append({"kind": "reveal", "a": e["seat"], "occ": e["occ"]})
        elif k in ("claim", "claim_alone", "claim_solo", "foretell"):
            out.append({"kind": "claim", "a": e["seat"], "k": k})
    return out


def _pair_events(evs):
    """Trades, refusals and attacks grouped by the pair of seats (in order met)."""
    pairs: dict[tuple, list] = {}
    for ev in evs:
        if ev["kind"] in ("trade", "refused", "attack"):
            pairs.setdefault((min(ev["a"], ev["b"]), max(ev["a"], ev["b"])), []).append(ev)
    return pairs


def chip_text(ev, ctx) -> Html:
    """The short mark on a line: the two seats' symbols in their colours
    around the event's icon and, for an attack, its points."""
    def sym(seat):
        return h('<b style="color:{}">{}</b>', ctx.color(seat), ctx.symbol(seat))

    mark = {"trade": "⇄", "refused": "✗"}.get(ev["kind"], "⚔")
    out = h("{}{}{}", sym(ev["a"]), mark, sym(ev["b"]))
    if ev["kind"] != "attack":
        return out
    if ev["result"] == "stopped":
        return out + Html(" ✋")
    if ev["pts"] is None:
        return out + Html(" …")
    return out + h(" {}:{}", ev["pts"][0], ev["pts"][1])


def coach_marks(evs, pos, ctx, say) -> str:
    """Lines between the seats (trade, refused offer, attack: from attacker
    to defender), bent towards the middle of the coach so they run clear of
    the seats, and a chip on each; `pos`: seat -> (x, y) in % of the coach."""
    pairs = _pair_events(evs)
    if not pairs:
        return ""
    lines, chips = [], []
    for group in pairs.values():
        for ev in group:
            p0, c, p2 = _curve(pos[ev["a"]], pos[ev["b"]])
            kind = ev["kind"]
            lines.append(f'<path class="kr-line kr-line-{kind}" d="M{p0[0]:.1f} {p0[1]:.1f} '
                         f'Q{c[0]:.1f} {c[1]:.1f} {p2[0]:.1f} {p2[1]:.1f}"/>')
            if kind == "attack":  # a head towards the defender
                lines.append(_head(p0, c, p2))
        shown = group[-3:]
        x, y = _chip_at(_curve(pos[group[0]["a"]], pos[group[0]["b"]]),
                        sum(CHIP_WIDTH[ev["kind"]] for ev in shown) / 2)
        text = join((chip_text(ev, ctx) for ev in shown), " ")
        label = join((describe(ev, ctx, say) for ev in group), "; ")
        winner = group[-1].get("winner")
        colour = f";--pc:{ctx.color(winner)}" if winner is not None else ""
        kinds = " ".join(sorted({f"kr-chip-{ev['kind']}" for ev in group}))
        chips.append(h('<span class="kr-chip {}" style="left:{}%;top:{}%{}" title="{}">{}'
                       '<span class="kr-sr">{}</span></span>', kinds, f"{x:.1f}", f"{y:.1f}", colour,
                       label, h('<span aria-hidden="true">{}</span>', text), label))
    return ('<svg class="kr-marks" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" '
            f'focusable="false">{"".join(lines)}</svg>' + "".join(chips))


# a chip's width in % of the coach's (about), and the middle of the coach, where
# the pile, the luggage limit and a struggle's score are written: chips keep out of it
CHIP_WIDTH = {"trade": 8, "refused": 8, "attack": 13}
MIDDLE = (13, 11)  # half its width and height in %


def _chip_at(curve, half_width):
    """Where on the curve a chip goes: its middle, or as far towards the first
    seat as it takes to keep the middle of the coach free."""
    t = 0.5
    while True:
        x, y = _at(*curve, t)
        if abs(x - 50) >= MIDDLE[0] + half_width or abs(y - 50) >= MIDDLE[1] + 3 or t <= 0.2:
            return x, y
        t -= 0.04


def _curve(p0, p2):
    """A quadratic curve from p0 to p2 whose control point is pulled most of the way to the middle."""
    mx, my = (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2
    return p0, (mx + (50 - mx) * 0.85, my + (50 - my) * 0.85), p2


def _at(p0, c, p2, t):
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * c[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p2[1])


def _head(p0, c, p2, t=0.72) -> str:
    """An arrow head on the curve at `t`, pointing along it."""
    tx, ty = _at(p0, c, p2, t)
    dx = 2 * (1 - t) * (c[0] - p0[0]) + 2 * t * (p2[0] - c[0])
    dy = 2 * (1 - t) * (c[1] - p0[1]) + 2 * t * (p2[1] - c[1])
    length = max((dx * dx + dy * dy) ** 0.5, 0.01)
    ux, uy = dx / length, dy / length
    size = 3.6
    bx, by = tx - ux * size, ty - uy * size
    px, py = -uy * size * 0.55, ux * size * 0.55
    return (f'<polygon class="kr-head" points="{tx:.1f},{ty:.1f} {bx + px:.1f},{by + py:.1f} '
            f'{bx - px:.1f},{by - py:.1f}"/>')


def seat_tags(evs, seat, say) -> Html:
    """The seat's own part in the recent events: won or lost a struggle,
    turned up an occupation (shown as tags on its place at the coach)."""
    tags = []
    for ev in evs:
        if ev["kind"] == "attack" and seat in (ev["a"], ev["b"]) and ev["result"] in ("won", "tie"):
            key = "tie" if ev["result"] == "tie" else "won" if ev["winner"] == seat else "lost"
            side = icon("sword" if seat == ev["a"] else "shield")
            tags.append(h('<span class="kr-tag kr-tag-{}">{}{}</span>', key, side, say.ui("since_tag_" + key)))
        elif ev["kind"] == "reveal" and ev["a"] == seat:
            tags.append(h('<span class="kr-tag kr-tag-reveal">{}{}</span>', icon("person"), say.ui("since_tag_reveal")))
    return join(tags)


def describe(ev, ctx, say) -> Html:
    """One event in words (for the summary line and the chips' labels)."""
    p = say.player
    kind = ev["kind"]
    if kind == "trade":
        return say.ui("since_trade", a=p(ev["a"]), b=p(ev["b"]))
    if kind == "refused":
        return say.ui("since_refused", a=p(ev["a"]), b=p(ev["b"]))
    if kind == "reveal":
        return say.ui("since_reveal", a=p(ev["a"]), occ=say.name(ev["occ"]))
    if kind == "claim":
        return say.ui("since_claim", a=p(ev["a"]))
    result = ev["result"] or "open"
    params = {"a": p(ev["a"]), "b": p(ev["b"])}
    if ev["pts"] is not None:
        params.update(x=ev["pts"][0], y=ev["pts"][1])
    if result == "won":
        params["w"] = p(ev["winner"])
    return say.ui("since_attack_" + result, **params)


# the summary says attacks first, then reveals and claims, trades, refused offers
ORDER = {"attack": 0, "claim": 1, "reveal": 2, "trade": 3, "refused": 4}


def summary(evs, ctx, say) -> Html | None:
    """The one line above the board: the events, the weightiest and the
    latest first (the line is cut at the board's width)."""
    if not evs:
        return None
    ranked = sorted(range(len(evs)), key=lambda i: (ORDER[evs[i]["kind"]], -i))
    said = [describe(evs[i], ctx, say) for i in ranked]
    line = join(said[:MOST], "; ")
    if len(said) > MOST:
        line = line + Html(" ") + say.ui("since_more", n=len(said) - MOST)
    return line
