"""What the board tells at a glance (issue 12): the tiles placed since the
viewer's last turn, each outlined in its owner's colour; what scored,
highlighted on the feature itself with "+N" per player until the viewer's
next turn; finished cities, roads and monasteries hatched; and the one line
above the board that says it all (`summary`).

Everything comes from the view: the log's entries (their `turn`, `move`,
`seat`, and the `at` parts of a scoring, see engine/carcassonne/story.py)
and `completed`.  Nothing here knows a rule.

"Since your last turn" counts in the game's turns: the entries of turns after
the viewer's last one (a turn's draw and wheel action are written by the
previous player's last move, so the moves alone would hide them).  A
scoring stays one turn longer: from the viewer's own last turn on.
"""

from __future__ import annotations

from engine.carcassonne.tiles import TILES, WHEEL

from ...kit import Html, h, join, ui_button
from .art import U, _city_paths, _f, _polar, _road_paths, crown_points, rotate_point, wheel_shapes

# scorings drawn on a feature (their `at`), on a crown space, or on the wheel's segment
ON_FEATURE = {"score_city": "city", "score_road": "road", "score_monastery": "monastery", "end_city": "city",
              "end_road": "road", "end_monastery": "monastery", "farm": "field", "belasting_city": "belasting",
              "hongersnood_field": "hongersnood", "inquisitie": "inquisitie"}
ON_SEGMENT = ("fortuna", "onweer")
KIND_WORD = {"city": "kind_city", "road": "kind_road", "monastery": "kind_monastery", "field": "kind_field"}
# the board's shared drawings: the hatch of a finished city, and the wheel's land outside its disc
DEFS = Html('<defs><pattern id="cc-hatch" width="9" height="9" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><path d="M0,0V9" stroke="#6b3f1d" stroke-width="2.2" '
            'stroke-opacity="0.55"/></pattern><clipPath id="cc-off-disc"><path clip-rule="evenodd" '
            'd="M-100,-100H500V500H-100ZM200,24A176,176 0 1 0 200.1,24Z"/></clipPath></defs>')


# ------------------------------------------------------------------ the log
def last_turn(view: dict, ctx) -> int | None:
    """The turn number of the viewer's last turn before now (-1: none yet);
    None when nothing is marked (no viewer, e.g. the public screen)."""
    since, me = ctx.since, ctx.viewer
    if since is None or me is None:
        return None
    last = -1
    for e in view.get("log") or ():
        if e.get("k") == "place" and e.get("seat") == me and (e.get("move") or 0) <= since:
            last = e.get("turn", -1)
    return last


def placed_since(view: dict, ctx, last: int | None) -> list[dict]:
    """The place entries of the other players since the viewer's last turn."""
    if last is None:
        return []
    return [e for e in view.get("log") or () if e.get("k") == "place" and e.get("turn", 0) > last
            and e.get("seat") != ctx.viewer]


def scorings(view: dict, last: int | None) -> list[dict]:
    """The scorings to show on the board: from the viewer's last turn on."""
    if last is None:
        return []
    return [e for e in view.get("log") or () if e.get("turn", 0) >= last and (e.get("points") or 0) > 0
            and (e.get("k") in ON_FEATURE or e.get("k") in ON_SEGMENT or e.get("k") == "crown_score")]


# ---------------------------------------------------------- feature shapes
_SHAPES: dict = {}


def feature_shape(tile_id: str, feature: int) -> tuple[str, str]:
    """(kind, path) of one feature of a tile in the tile's own turn (0..100):
    a city's area, a road's centre line; no path for a monastery or field."""
    key = (TILES[tile_id]["shape"], feature)
    if key not in _SHAPES:
        feats = TILES[tile_id]["features"]
        kind, d = feats[feature]["kind"], ""
        if kind == "city":
            d = _city_paths(feats[feature]["ports"])[0]
        elif kind == "road":
            d = next((p for i, p in _road_paths(feats)[0] if i == feature), "")
        _SHAPES[key] = (kind, d)
    return _SHAPES[key]


def _on_tile(t: dict, body: str) -> str:
    return f'<g transform="translate({t["x"] * U},{t["y"] * U}) rotate({t["rot"]} 50 50)">{body}</g>'


def anchor(t: dict, feature: int) -> tuple[float, float]:
    """Where the spot of a feature of the placed tile `t` is on the board."""
    feats = TILES[t["id"]]["features"]
    ax, ay = feats[feature]["anchor"] if 0 <= feature < len(feats) else (0.5, 0.5)
    rx, ry = rotate_point(ax, ay, t["rot"])
    return t["x"] * U + rx * U, t["y"] * U + ry * U


def _part_shape(t: dict, feature: int, cls: str) -> str:
    """One part of a feature on its tile, drawn with `cls` + -city/-road/-monastery."""
    kind, d = feature_shape(t["id"], feature)
    if kind == "monastery":
        x, y = anchor(t, feature)
        return f'<circle class="{cls}-monastery" cx="{_f(x)}" cy="{_f(y)}" r="33"/>'
    if d:
        return _on_tile(t, f'<path class="{cls}-{kind}" d="{d}"/>')
    return ""


def _wheel_shape(fid: str, cls: str) -> str:
    """A city or road of the wheel's own land, drawn with `cls` + -city/-road."""
    kind, tx, ty, d, _ = wheel_shapes().get(fid, ("", 0, 0, "", ""))
    if not d:
        return ""
    return (f'<g clip-path="url(#cc-off-disc)"><path class="{cls}-{kind}" transform="translate({tx},{ty})" '
            f'd="{d}"/></g>')


def finished(view: dict) -> Html:
    """Finished cities, roads and monasteries (the view's `completed`), hatched."""
    tiles = view.get("tiles") or []
    out = []
    for i, f in view.get("completed") or ():
        if i == -1:  # a part of the wheel's own land
            out.append(_wheel_shape(f, "cc-done"))
        elif isinstance(i, int) and 0 <= i < len(tiles):
            out.append(_part_shape(tiles[i], f, "cc-done"))
    return Html("".join(out))


# ------------------------------------------------------------ tiles placed
def placed_marks(entries: list[dict], ctx, flash=None) -> Html:
    """Each tile placed since the viewer's last turn, outlined in its
    owner's colour with the owner's symbol in a corner."""
    out = []
    for e in entries:
        x, y, seat = e["x"], e["y"], e.get("seat")
        flashed = " cc-flash" if flash == (x, y) else ""
        out.append(h('<g class="cc-recent{}" data-x="{}" data-y="{}" data-seat="{}" style="--pc:{}"><title>{}</title>'
                     '<rect class="cc-recent-halo" x="{}" y="{}" width="90" height="90" rx="5"/>'
                     '<rect class="cc-recent-line" x="{}" y="{}" width="90" height="90" rx="5"/>'
                     '<circle class="cc-recent-dot" cx="{}" cy="{}" r="15"/>'
                     '<text class="cc-sym" x="{}" y="{}" text-anchor="middle" font-size="17">{}</text></g>',
                     Html(flashed), x, y, seat, ctx.color(seat),
                     ctx.words.ui("recent_tile", name=ctx.name(seat)), x * U + 5, y * U + 5, x * U + 5, y * U + 5,
                     x * U + 18, y * U + 18, x * U + 18, y * U + 24, ctx.symbol(seat)))
    return Html("".join(out))


# --------------------------------------------------------------- scorings
def _groups(entries: list[dict]) -> list[tuple[str, list, list]]:
    """Scorings of one feature (or crown space, or wheel segment) at one
    moment, together: [(kind, parts or place, [entries])]."""
    groups: dict = {}
    for e in entries:
        k = e["k"]
        if k in ON_FEATURE:
            at = e.get("at") or []
            key = (ON_FEATURE[k], e.get("turn"), tuple(tuple(p) for p in at))
            where = at
        elif k == "crown_score":
            key = ("crown", e.get("turn"), e.get("crown"))
            where = e.get("crown")
        else:
            key = ("segment", e.get("turn"), k)
            where = k
        groups.setdefault(key, (key[0], where, []))[2].append(e)
    return list(groups.values())


def _chip(x: float, y: float, ctx, seat, points: int) -> str:
    label = f"{ctx.symbol(seat)} +{points}"
    w = 22 + 13 * len(label)
    return (f'<g class="cc-chip" transform="translate({_f(x)},{_f(y)})" style="--pc:{ctx.color(seat)}">'
            f'<rect x="{_f(-w / 2)}" y="-17" width="{w}" height="34" rx="17"/>'
            f'<text class="cc-sym" y="8" text-anchor="middle" font-size="23">{label}</text></g>')


WHEEL_ANCHOR = {f["id"]: (f["anchor"][0] * U, f["anchor"][1] * U) for f in WHEEL["features"]}


def _spot(parts: list, tiles: dict, followers: list, seats: set) -> tuple[float, float] | None:
    """Where a feature's "+N" goes: on a follower of the scorers standing on
    it (a field is large), else on the part nearest the feature's middle."""
    points = []
    for x, y, f in parts:
        t = tiles.get((x, y))
        if isinstance(f, str):  # the wheel's own land
            points.append(WHEEL_ANCHOR.get(f, ((x + 0.5) * U, (y + 0.5) * U)))
        elif t is not None and 0 <= f < len(TILES[t["id"]]["features"]):
            points.append(anchor(t, f))
    if not points:
        return None
    on = {(x, y, f) for x, y, f in parts}
    for fol in followers:
        if fol.get("seat") in seats and (fol.get("x"), fol.get("y"), fol.get("feature")) in on:
            t = tiles.get((fol["x"], fol["y"]))
            if t is not None:
                return anchor(t, fol["feature"])
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


def score_marks(view: dict, ctx, entries: list[dict]) -> tuple[Html, Html]:
    """(the scored features highlighted, their "+N" chips): the chips go
    over everything, the highlights under the followers."""
    tiles = {(t["x"], t["y"]): t for t in view.get("tiles") or []}
    followers = view.get("followers") or []
    crowns = crown_points()
    segments = {s["id"]: s for s in WHEEL["segments"]}
    shapes, chips = [], []
    for kind, where, group in _groups(entries):
        seats = {e.get("seat") for e in group}
        if kind == "crown":
            if not isinstance(where, int) or not 0 <= where < len(crowns):
                continue
            spot = crowns[where]
            shapes.append(f'<circle class="cc-hl-crown" cx="{_f(spot[0])}" cy="{_f(spot[1])}" r="19"/>')
            spot = (spot[0], spot[1] - 10)
        elif kind == "segment":
            seg = segments.get(where)
            if seg is None:
                continue
            spot = _polar((seg["from_deg"] + seg["to_deg"]) / 2, 122)
        else:
            if kind != "field":
                drawn = set()
                for x, y, f in where:
                    t = tiles.get((x, y))
                    if isinstance(f, str):
                        if f not in drawn:
                            drawn.add(f)
                            shapes.append(_wheel_shape(f, "cc-hl"))
                    elif t is not None:
                        shapes.append(_part_shape(t, f, "cc-hl"))
            spot = _spot(where, tiles, followers, seats)
            if spot is None:
                continue
        for n, e in enumerate(group):  # above the spot, so the feature itself stays in sight
            chips.append(_chip(spot[0], spot[1] - 26 - 38 * n, ctx, e.get("seat"), e.get("points", 0)))
    return Html("".join(shapes)), Html('<g class="cc-chips" aria-hidden="true">' + "".join(chips) + "</g>")


# ------------------------------------------------------------ one line
def _what(e: dict, words) -> str:
    k = e["k"]
    if k in ON_FEATURE and ON_FEATURE[k] in KIND_WORD:
        return words.ui(KIND_WORD[ON_FEATURE[k]])
    if k == "crown_score":
        return words.name("crown")
    return words.name(ON_FEATURE.get(k, k))  # a wheel action: its segment's name


def summary(view: dict, ctx, last: int | None) -> Html | None:
    """Each other player's turn since the viewer's last one, in a few words
    ("▲ Bram: tile + knight · city +8 · Tax: you +2"), as a tap that shows
    its tile on the board; at the end, everyone's final scoring."""
    if last is None:
        return None
    words = ctx.words
    turns: dict = {}
    for e in view.get("log") or ():
        t = e.get("turn", 0)
        if t <= last or e.get("private"):
            continue
        turn = turns.setdefault(t, {"seat": None, "place": None, "more": "", "points": {}, "lost": []})
        k = e.get("k")
        if k in ("draw", "place"):
            turn["seat"] = e.get("seat")
            if k == "place":
                turn["place"] = (e["x"], e["y"])
        elif k == "follower":
            turn["more"] = words.name(e.get("role"))
        elif k == "crown_place":
            turn["more"] = words.name("crown")
        elif k == "pest" and e.get("seat") == ctx.viewer:  # the plague took one of the viewer's followers
            turn["lost"].append(words.name(e.get("role")))
        elif (e.get("points") or 0) > 0 and (k in ON_FEATURE or k in ON_SEGMENT or k == "crown_score"):
            who = turn["points"].setdefault(_what(e, words), {})  # {what: {seat: points}}
            who[e.get("seat")] = who.get(e.get("seat"), 0) + e["points"]
    out = []
    for t in sorted(turns):
        turn = turns[t]
        seat = turn["seat"]
        if seat is None and turn["points"]:  # the final scoring: each player's points
            total: dict = {}
            for who in turn["points"].values():
                for s, n in who.items():
                    total[s] = total.get(s, 0) + n
            out.append(h('<span class="cc-since cc-since-final">{}</span>', words.ui("since_final", points=", ".join(
                words.ui("since_who", name=ctx.name(s), n=n) for s, n in sorted(total.items())))))
        if seat is None or seat == ctx.viewer:
            continue
        bits = []
        if turn["place"]:
            bits.append(words.ui("since_tile_and", role=turn["more"]) if turn["more"] else words.ui("since_tile"))
        # what the player scored ("city +8") and what it gave the viewer ("Tax: you +2"); all of it
        # is on the board and in the log
        for what, who in turn["points"].items():
            mine, yours = who.get(seat), who.get(ctx.viewer)
            if mine and yours:
                bits.append(words.ui("since_pts_you", what=what, n=mine, m=yours))
            elif mine or yours:
                bits.append(words.ui("since_pts", what=what, n=mine) if mine else
                            words.ui("since_you", what=what, n=yours))
        bits.extend(words.ui("since_pest_you", role=role) for role in turn["lost"])
        body = h('<span class="cc-psym" aria-hidden="true">{}</span> {}: {}', ctx.symbol(seat), ctx.name(seat),
                 " · ".join(bits))
        if turn["place"]:
            x, y = turn["place"]
            out.append(ui_button(f"show:{x}:{y}", body, cls="cc-since", style=f"--pc:{ctx.color(seat)}",
                                 title=words.ui("since_show", name=ctx.name(seat))))
        else:
            out.append(h('<span class="cc-since">{}</span>', body))
    return join(out) if out else None
