"""Carcassonne – Het Rad van Fortuin: the drawings, in our own SVG.

Everything is drawn from the engine's tile data (no images): fields, roads,
city walls with coats of arms, monasteries, the 4x4 wheel with its six
segments, crown spaces, the pig and the followers.  One board cell is 100
SVG units.  Every function returns `Html`; words come in as plain text and
are escaped by the kit.
"""

from __future__ import annotations

import math

from engine.carcassonne.tiles import TILES, WHEEL

from ...kit import Html, h

U = 100  # SVG units per board cell
SIDES = "NESW"
CORNERS = {"N": ((0, 0), (100, 0)), "E": ((100, 0), (100, 100)),
           "S": ((100, 100), (0, 100)), "W": ((0, 100), (0, 0))}
MID = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
INWARD = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}

FIELD = "#93c15f"
FIELD_DARK = "#7eab4d"
CITY = "#d9b67a"
WALL = "#7a4f2a"
ROAD = "#f2ead6"
ROAD_EDGE = "#6f5d45"

MEEPLE = Html("M-3,-10C-3,-13.5 3,-13.5 3,-10C3,-8 2,-7 2,-7L9,-4C11,-3 10.5,0 8,-1L4,-2L8,9L2,9"
          "L0,4L-2,9L-8,9L-4,-2L-8,-1C-10.5,0-11,-3-9,-4L-2,-7C-2,-7-3,-8-3,-10Z")
SHIELD = "M-7,-8H7V0C7,5 3,8 0,10C-3,8-7,5-7,0Z"
CROWN = "M-8,4L-9,-5L-4,-1L0,-7L4,-1L9,-5L8,4Z"
FINAL_KEYS = ("end_road", "end_city", "end_monastery", "farm")
TILE_SIZE = "6rem"  # the drawn tile and the close-up of the tile just placed


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pt(p) -> str:
    return f"{_f(p[0])},{_f(p[1])}"


def rotate_point(x: float, y: float, rot: int) -> tuple[float, float]:
    """A point of a tile (0..1, y down) after turning the tile `rot` degrees clockwise."""
    for _ in range((rot // 90) % 4):
        x, y = 1 - y, x
    return x, y


# ----------------------------------------------------------------- tile art
def _city_paths(ports: list[str]) -> tuple[str, str]:
    """(fill path, wall path) of a city touching `ports`, in tile units 0..100."""
    if len(ports) == 4:
        return "M0,0H100V100H0Z", ""
    inside = [s in ports for s in SIDES]
    start = next(i for i in range(4) if inside[i] and not inside[i - 1])
    fill = [f"M{_pt(CORNERS[SIDES[start]][0])}"]
    walls = []
    i = 0
    while i < 4:
        side = SIDES[(start + i) % 4]
        if inside[(start + i) % 4]:
            fill.append(f"L{_pt(CORNERS[side][1])}")
            i += 1
            continue
        k = 0
        while i + k < 4 and not inside[(start + i + k) % 4]:
            k += 1
        a = side
        last = SIDES[(start + i + k - 1) % 4]
        frm, to = CORNERS[a][0], CORNERS[last][1]
        if k == 1:
            ctrl = (MID[a][0] + INWARD[a][0] * 55, MID[a][1] + INWARD[a][1] * 55)
        elif k == 2:
            c = CORNERS[a][1]
            ctrl = (c[0] + (50 - c[0]) * 1.2, c[1] + (50 - c[1]) * 1.2)
        else:
            cap = SIDES[(start + i + k) % 4]
            ctrl = (MID[cap][0] + INWARD[cap][0] * 62, MID[cap][1] + INWARD[cap][1] * 62)
        fill.append(f"Q{_pt(ctrl)} {_pt(to)}")
        walls.append(f"M{_pt(frm)}Q{_pt(ctrl)} {_pt(to)}")
        i += k
    return "".join(fill) + "Z", "".join(walls)


def _road_paths(features: list[dict]) -> tuple[list[tuple[int, str]], bool]:
    """Road center lines (feature index, path) and whether a junction
    (village) sits in the middle."""
    singles = [f for f in features if f["kind"] == "road" and len(f["ports"]) == 1]
    has_monastery = any(f["kind"] == "monastery" for f in features)
    cities = [f for f in features if f["kind"] == "city"]
    junction = len(singles) >= 3
    paths = []
    for i, f in enumerate(features):
        if f["kind"] != "road":
            continue
        ports = f["ports"]
        if len(ports) == 2:
            a, b = ports
            if (SIDES.index(a) - SIDES.index(b)) % 2 == 0:
                paths.append((i, f"M{_pt(MID[a])}L{_pt(MID[b])}"))
            else:
                paths.append((i, f"M{_pt(MID[a])}Q50,50 {_pt(MID[b])}"))
            continue
        a = ports[0]
        if junction or has_monastery or not cities:
            paths.append((i, f"M{_pt(MID[a])}L50,50"))
        else:  # the road runs into a city gate on this tile
            ax, ay = min(cities, key=lambda c: math.dist(c["anchor"], (0.5, 0.5)))["anchor"]
            paths.append((i, f"M{_pt(MID[a])}Q50,50 {_f(ax * 100)},{_f(ay * 100)}"))
    return paths, junction


def _upright(rot: int, cx: float, cy: float) -> str:
    """Turn a drawing back by the tile's rotation so it stands upright."""
    return f' transform="rotate({-rot % 360} {_f(cx)} {_f(cy)})"' if rot % 360 else ""


def _monastery(rot: int = 0) -> Html:
    return Html(f'<g class="cc-monastery"{_upright(rot, 50, 50)}><rect x="34" y="42" width="32" height="26" fill="#efe3c8" stroke="#5b4630" '
            'stroke-width="2"/><path d="M30,44L50,26L70,44Z" fill="#b5523b" stroke="#5b4630" stroke-width="2"/>'
            '<rect x="46" y="54" width="8" height="14" fill="#5b4630"/>'
            '<path d="M50,14V26M45,19H55" stroke="#5b4630" stroke-width="2.5"/></g>')


def _village(rot: int = 0) -> Html:
    return Html(f'<g{_upright(rot, 50, 50)}><rect x="41" y="41" width="18" height="18" fill="#efe3c8" '
            'stroke="#5b4630" stroke-width="2"/>'
            '<path d="M39,43L50,33L61,43Z" fill="#b5523b" stroke="#5b4630" stroke-width="1.5"/></g>')


def _shield(x: float, y: float, scale: float = 1.0, rot: int = 0) -> Html:
    """A coat of arms (blue shield, gold cross), upright whatever the tile's turn."""
    turn = f" rotate({-rot % 360})" if rot % 360 else ""
    return Html(f'<g class="cc-coat" transform="translate({_f(x)},{_f(y)}){turn} scale({scale})">'
            f'<path d="{SHIELD}" fill="#2f5fb3" stroke="#fff" stroke-width="1.6"/>'
            '<path d="M-4,-3H4M0,-6V6" stroke="#f5d142" stroke-width="2"/></g>')


_ART: dict[tuple, str] = {}


def tile_art(shape_id: str, rot: int = 0) -> Html:
    """The drawing of one tile shape in its own orientation (0..100).  The
    caller turns it by `rot`; buildings and coats of arms are drawn turned
    back so they stand upright on the board."""
    art = _ART.get((shape_id, rot))
    if art is not None:
        return art
    feats = next(t for t in TILES.values() if t["shape"] == shape_id)["features"]
    out = [f'<rect width="100" height="100" fill="{FIELD}"/>']
    roads, junction = _road_paths(feats)
    for _, d in roads:
        out.append(f'<path d="{d}" fill="none" stroke="{ROAD_EDGE}" stroke-width="13" stroke-linecap="butt"/>')
    for _, d in roads:
        out.append(f'<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="9" stroke-linecap="butt"/>')
    if junction:
        out.append(_village(rot))
    walls = []
    for f in feats:
        if f["kind"] == "city":
            fill, wall = _city_paths(f["ports"])
            out.append(f'<path d="{fill}" fill="{CITY}"/>')
            walls.append(wall)
    for w in walls:
        if w:
            out.append(f'<path d="{w}" fill="none" stroke="{WALL}" stroke-width="4.5" stroke-dasharray="7 2"/>')
    for f in feats:
        if f["kind"] == "city" and f.get("coats"):
            ax, ay = f["anchor"]
            out.append(_shield(ax * 100 - 16, ay * 100 - 10, 1.15, rot))
        if f["kind"] == "monastery":
            out.append(_monastery(rot))
    art = Html("".join(out))
    _ART[(shape_id, rot)] = art
    return art


def tile_svg(tile_id: str, x: float, y: float, rot: int, extra_cls: str = "") -> Html:
    """A tile placed on the board at cell (x, y) turned `rot` degrees."""
    shape = TILES[tile_id]["shape"]
    cls = f' class="{extra_cls}"' if extra_cls else ""
    body = (f'<g{cls} transform="translate({x * U},{y * U}) rotate({rot} 50 50)">{tile_art(shape, rot)}'
            f'<rect width="100" height="100" fill="none" stroke="#5c7a3a" stroke-width="0.8"/></g>')
    pig = TILES[tile_id]["pig"]
    if pig:
        body += _pig_badge(x * U + 84, y * U + 84, pig)
    return Html(body)


def _pig_badge(cx: float, cy: float, n: int) -> Html:
    return Html(f'<g class="cc-pigmark" aria-hidden="true"><circle cx="{_f(cx)}" cy="{_f(cy)}" r="10" fill="#f4a7b9" '
            f'stroke="#8a3b52" stroke-width="2"/><text x="{_f(cx)}" y="{_f(cy + 4.5)}" text-anchor="middle" '
            f'font-size="13" font-weight="700" fill="#5a1f31">{n}</text></g>')


def mini_tile(tile_id: str, rot: int = 0, label: str = "", size: str = "4.5rem") -> Html:
    """A tile on its own (for the drawn tile and the stack)."""
    shape = TILES[tile_id]["shape"]
    pig = TILES[tile_id]["pig"]
    badge = _pig_badge(84, 84, pig) if pig else ""
    return h('<svg class="cc-mini" viewBox="-2 -2 104 104" style="width:{size};height:{size}" role="img" '
             'aria-label="{label}"><g transform="rotate({rot} 50 50)">{art}</g>'
             '<rect width="100" height="100" fill="none" stroke="#3d4a2a" stroke-width="2"/>{badge}</svg>',
             size=size, label=label, rot=rot, art=tile_art(shape, rot), badge=Html(badge))


# ---------------------------------------------------------------- the wheel
_WHEEL_SHAPES: dict = {}


def wheel_shapes() -> dict:
    """The cities and roads of the wheel's own land, by feature id:
    (kind, tx, ty, path, wall), the path in the units of the square at
    (tx, ty) (a road's in board units, tx = ty = 0)."""
    if _WHEEL_SHAPES:
        return _WHEEL_SHAPES
    feats = {f["id"]: f for f in WHEEL["features"]}
    ports: dict[str, list] = {}
    for p in WHEEL["ports"]:
        if len(p["port"]) == 1:
            ports.setdefault(p["feature"], []).append((tuple(p["cell"]), p["port"]))
    for fid, plist in ports.items():
        (r, c), _ = plist[0]
        sides = [s for _, s in plist]
        tx, ty = c * U, r * U
        if feats[fid]["kind"] == "road":
            s = sides[0]
            mx, my = MID[s]
            d = (f"M{_f(tx + mx)},{_f(ty + my)}L{_f(tx + mx + INWARD[s][0] * 100)},"
                 f"{_f(ty + my + INWARD[s][1] * 100)}")
            _WHEEL_SHAPES[fid] = ("road", 0, 0, d, "")
        else:
            _WHEEL_SHAPES[fid] = ("city", tx, ty, *_city_paths(sides))
    return _WHEEL_SHAPES


def _wheel_land() -> Html:
    """The land around the wheel: its cities, roads and fields (board units x100)."""
    out = [f'<rect x="0" y="0" width="{4 * U}" height="{4 * U}" fill="{FIELD}"/>']
    roads, cities = [], []
    for kind, tx, ty, d, wall in wheel_shapes().values():
        if kind == "road":
            roads.append(d)
        else:
            cities.append(f'<g transform="translate({tx},{ty})"><path d="{d}" fill="{CITY}"/>'
                          f'<path d="{wall}" fill="none" stroke="{WALL}" stroke-width="4.5" '
                          f'stroke-dasharray="7 2"/></g>')
    for d in roads:
        out.append(f'<path d="{d}" fill="none" stroke="{ROAD_EDGE}" stroke-width="13"/>')
    for d in roads:
        out.append(f'<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="9"/>')
    out.extend(cities)
    for r in range(4):
        for c in range(4):
            out.append(f'<rect x="{c * U}" y="{r * U}" width="{U}" height="{U}" fill="none" stroke="#6f8f45" '
                       'stroke-width="0.6" stroke-dasharray="3 5"/>')
    return Html("".join(out))


WHEEL_R = 170  # rim radius (board units x100), centred on (200, 200)
HUB_R = 38


def _polar(deg: float, r: float) -> tuple[float, float]:
    a = math.radians(deg)
    return 200 + r * math.sin(a), 200 - r * math.cos(a)


def crown_points() -> list[tuple[float, float]]:
    """Where each crown space (engine crown index) sits, in SVG units."""
    return [(x * U, y * U) for seg in WHEEL["segments"] for x, y in seg["crowns"]]


def wedge(a0: float, a1: float) -> str:
    """The path of one segment of the wheel (between hub and rim)."""
    p0, p1 = _polar(a0, WHEEL_R), _polar(a1, WHEEL_R)
    h0, h1 = _polar(a1, HUB_R), _polar(a0, HUB_R)
    return f"M{_pt(p0)}A{WHEEL_R},{WHEEL_R} 0 0 1 {_pt(p1)}L{_pt(h0)}A{HUB_R},{HUB_R} 0 0 0 {_pt(h1)}Z"


def _wheel_disc(words, pig: int) -> Html:
    out = [f'<circle cx="200" cy="200" r="{WHEEL_R + 6}" fill="#5b4630"/>']
    colors = ("#f3d36b", "#e9b949", "#d9a441", "#9fb8cf", "#b79fcf", "#9c9c9c")
    for i, seg in enumerate(WHEEL["segments"]):
        a0, a1 = seg["from_deg"], seg["to_deg"]
        cls = "cc-seg cc-seg-pig" if i == pig else "cc-seg"
        out.append(f'<path class="{cls}" d="{wedge(a0, a1)}" fill="{colors[i]}" stroke="#5b4630" stroke-width="2.5"/>')
        mid = (a0 + a1) / 2
        lx, ly = _polar(mid, 88)
        out.append(h('<text class="cc-seg-label" x="{}" y="{}" text-anchor="middle" '
                     'font-size="13" font-weight="700" fill="#3a2a1a">{}</text>', _f(lx), _f(ly + 4),
                     words.name(seg["id"])))
    out.append(f'<circle cx="200" cy="200" r="{HUB_R}" fill="#7a4f2a" stroke="#3a2a1a" stroke-width="2"/>')
    # the pig sits in its segment, between hub and label
    mid = (WHEEL["segments"][pig]["from_deg"] + WHEEL["segments"][pig]["to_deg"]) / 2
    px, py = _polar(mid, 58)
    out.append(_pig(px, py, words.ui("pig")))
    # a pointer from the hub to the pig's segment
    tip = _polar(mid, HUB_R + 4)
    b1, b2 = _polar(mid - 40, HUB_R - 12), _polar(mid + 40, HUB_R - 12)
    out.append(f'<path d="M{_pt(tip)}L{_pt(b1)}L{_pt(b2)}Z" fill="#f4a7b9" stroke="#3a2a1a" stroke-width="1.5"/>')
    return Html("".join(out))


def _pig(x: float, y: float, label: str) -> Html:
    return h('<g class="cc-pig" transform="translate({},{})" role="img" aria-label="{}">', _f(x), _f(y), label) + Html(
            '<ellipse cx="0" cy="0" rx="15" ry="10" fill="#f4a7b9" stroke="#8a3b52" stroke-width="2"/>'
            '<circle cx="13" cy="-3" r="6.5" fill="#f4a7b9" stroke="#8a3b52" stroke-width="2"/>'
            '<ellipse cx="18" cy="-2" rx="2.6" ry="2" fill="#e58aa2" stroke="#8a3b52" stroke-width="1"/>'
            '<circle cx="12" cy="-5" r="1.2" fill="#3a2a1a"/>'
            '<path d="M-8,9V13M-3,9V13M4,9V13M9,9V13" stroke="#8a3b52" stroke-width="2.4"/>'
            '<path d="M-15,-2q-6,-4 -3,-8" fill="none" stroke="#8a3b52" stroke-width="1.6"/></g>')


def _crown_space(x: float, y: float, cls: str = "cc-crown") -> Html:
    return Html(f'<g class="{cls}" transform="translate({_f(x)},{_f(y)})"><circle r="15" fill="#fff8df" '
            f'stroke="#8a6a1f" stroke-width="2"/><path d="{CROWN}" fill="#e3b42b" stroke="#8a6a1f" '
            'stroke-width="1.2"/></g>')




def meeple(x: float, y: float, colour: str, symbol: str, role: str | None, label: str = "") -> Html:
    """A follower in its player's colour with the player's symbol; a farmer lies down."""
    turn = " rotate(-90)" if role == "farmer" else ""
    return h('<g class="cc-meeple" transform="translate({x},{y})"><title>{label}</title>'
             '<path transform="scale(1.45){turn}" d="{d}" fill="{colour}" stroke="#1d1d1d" '
             'stroke-width="1.3"/><text y="5" text-anchor="middle" font-size="12" class="cc-sym">{sym}'
             '</text></g>', x=_f(x), y=_f(y), label=label, turn=turn, d=MEEPLE, colour=colour, sym=symbol)


def score_track(scores: list, colours: list, symbols: list) -> Html:
    """The score track (0-49, as on the table): each player's marker is a
    follower in their colour carrying their symbol; past 50 it lies down
    and says how many times it went round."""
    cell = 20
    width, height = 50 * cell + 8, 62
    # its drawing's width per unit of height: the CSS makes the SVG no wider than its drawing, so a change
    # beside it on the line moves it rather than resize it, which lays all of it out again (issue 26)
    out = [f'<svg class="cc-track-svg" viewBox="-4 -6 {width} {height}" preserveAspectRatio="xMidYMid meet" '
           f'style="--track-ratio:{width / height:.4f}" aria-hidden="true">']
    for i in range(50):
        x = i * cell
        fill = "#e6d3a8" if i % 5 else "#cdb27a"
        out.append(f'<rect x="{x}" y="26" width="{cell}" height="14" fill="{fill}" stroke="#8a6a3a" '
                   'stroke-width="1"/>')
        if i % 10 == 0:
            out.append(f'<text x="{x + cell / 2}" y="53" text-anchor="middle" font-size="11" '
                       f'fill="#5b4630">{i}</text>')
    at: dict[int, list[int]] = {}
    for seat, sc in enumerate(scores):
        at.setdefault(sc % 50, []).append(seat)
    for pos, seats in at.items():
        for k, seat in enumerate(seats):
            laps = scores[seat] // 50
            x = pos * cell + cell / 2 + (k - (len(seats) - 1) / 2) * 12
            turn = " rotate(-90)" if laps else ""
            out.append(h('<g class="cc-marker" transform="translate({},14)">'
                         '<path transform="scale(0.8){}" d="{}" fill="{}" '
                         'stroke="#1d1d1d" stroke-width="1.4"/><text y="4" text-anchor="middle" font-size="9" '
                         'class="cc-sym">{}</text>', _f(x), turn, MEEPLE, colours[seat], symbols[seat]))
            if laps:
                out.append(f'<text y="-6" text-anchor="middle" font-size="9" font-weight="700" '
                           f'fill="#1d1d1d">+{50 * laps}</text>')
            out.append('</g>')
    out.append("</svg>")
    return Html("".join(out))
