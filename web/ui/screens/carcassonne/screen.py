"""Carcassonne – Het Rad van Fortuin: the board screen.

Everything is drawn here in SVG from the engine's tile data (no images):
fields, roads, city walls with coats of arms, monasteries, the 4x4 wheel with
its six segments, crown spaces and the pig.  One board cell is 100 SVG units.

Flow for the acting player (the screen offers exactly `legal`):
  place     tap a highlighted cell (ui "cell:x:y"), tap it again or "rotate" to
            cycle through the legal rotations for that cell, "confirm" plays the
            matching place action;
  follower  tap a marked spot on the new tile or a free crown space (ui "pick:i"),
            "confirm" plays it; "no follower" plays at once;
  pest      tap one of the marked own followers (ui "pick:i"), "confirm".
Pan and zoom live in the Screen (`self.box`), so a re-render keeps them; while
dragging, the listeners set the SVG viewBox directly.
"""

from __future__ import annotations

import math
from html import escape as esc

from engine.carcassonne.tiles import TILES, WHEEL

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

MEEPLE = ("M-3,-10C-3,-13.5 3,-13.5 3,-10C3,-8 2,-7 2,-7L9,-4C11,-3 10.5,0 8,-1L4,-2L8,9L2,9"
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


def _road_paths(features: list[dict]) -> tuple[list[str], bool]:
    """Road center lines and whether a junction (village) sits in the middle."""
    singles = [f for f in features if f["kind"] == "road" and len(f["ports"]) == 1]
    has_monastery = any(f["kind"] == "monastery" for f in features)
    cities = [f for f in features if f["kind"] == "city"]
    junction = len(singles) >= 3
    paths = []
    for f in features:
        if f["kind"] != "road":
            continue
        ports = f["ports"]
        if len(ports) == 2:
            a, b = ports
            if (SIDES.index(a) - SIDES.index(b)) % 2 == 0:
                paths.append(f"M{_pt(MID[a])}L{_pt(MID[b])}")
            else:
                paths.append(f"M{_pt(MID[a])}Q50,50 {_pt(MID[b])}")
            continue
        a = ports[0]
        if junction or has_monastery or not cities:
            paths.append(f"M{_pt(MID[a])}L50,50")
        else:  # the road runs into a city gate on this tile
            ax, ay = min(cities, key=lambda c: math.dist(c["anchor"], (0.5, 0.5)))["anchor"]
            paths.append(f"M{_pt(MID[a])}Q50,50 {_f(ax * 100)},{_f(ay * 100)}")
    return paths, junction


def _upright(rot: int, cx: float, cy: float) -> str:
    """Turn a drawing back by the tile's rotation so it stands upright."""
    return f' transform="rotate({-rot % 360} {_f(cx)} {_f(cy)})"' if rot % 360 else ""


def _monastery(rot: int = 0) -> str:
    return (f'<g class="cc-monastery"{_upright(rot, 50, 50)}><rect x="34" y="42" width="32" height="26" fill="#efe3c8" stroke="#5b4630" '
            'stroke-width="2"/><path d="M30,44L50,26L70,44Z" fill="#b5523b" stroke="#5b4630" stroke-width="2"/>'
            '<rect x="46" y="54" width="8" height="14" fill="#5b4630"/>'
            '<path d="M50,14V26M45,19H55" stroke="#5b4630" stroke-width="2.5"/></g>')


def _village(rot: int = 0) -> str:
    return (f'<g{_upright(rot, 50, 50)}><rect x="41" y="41" width="18" height="18" fill="#efe3c8" '
            'stroke="#5b4630" stroke-width="2"/>'
            '<path d="M39,43L50,33L61,43Z" fill="#b5523b" stroke="#5b4630" stroke-width="1.5"/></g>')


def _shield(x: float, y: float, scale: float = 1.0, rot: int = 0) -> str:
    """A coat of arms (blue shield, gold cross), upright whatever the tile's turn."""
    turn = f" rotate({-rot % 360})" if rot % 360 else ""
    return (f'<g class="cc-coat" transform="translate({_f(x)},{_f(y)}){turn} scale({scale})">'
            f'<path d="{SHIELD}" fill="#2f5fb3" stroke="#fff" stroke-width="1.6"/>'
            '<path d="M-4,-3H4M0,-6V6" stroke="#f5d142" stroke-width="2"/></g>')


_ART: dict[tuple, str] = {}


def tile_art(shape_id: str, rot: int = 0) -> str:
    """The drawing of one tile shape in its own orientation (0..100).  The
    caller turns it by `rot`; buildings and coats of arms are drawn turned
    back so they stand upright on the board."""
    art = _ART.get((shape_id, rot))
    if art is not None:
        return art
    feats = next(t for t in TILES.values() if t["shape"] == shape_id)["features"]
    out = [f'<rect width="100" height="100" fill="{FIELD}"/>']
    roads, junction = _road_paths(feats)
    for d in roads:
        out.append(f'<path d="{d}" fill="none" stroke="{ROAD_EDGE}" stroke-width="13" stroke-linecap="butt"/>')
    for d in roads:
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
    art = "".join(out)
    _ART[(shape_id, rot)] = art
    return art


def tile_svg(tile_id: str, x: float, y: float, rot: int, extra_cls: str = "") -> str:
    """A tile placed on the board at cell (x, y) turned `rot` degrees."""
    shape = TILES[tile_id]["shape"]
    cls = f' class="{extra_cls}"' if extra_cls else ""
    body = (f'<g{cls} transform="translate({x * U},{y * U}) rotate({rot} 50 50)">{tile_art(shape, rot)}'
            f'<rect width="100" height="100" fill="none" stroke="#5c7a3a" stroke-width="0.8"/></g>')
    pig = TILES[tile_id]["pig"]
    if pig:
        body += _pig_badge(x * U + 84, y * U + 84, pig)
    return body


def _pig_badge(cx: float, cy: float, n: int) -> str:
    return (f'<g class="cc-pigmark" aria-hidden="true"><circle cx="{_f(cx)}" cy="{_f(cy)}" r="10" fill="#f4a7b9" '
            f'stroke="#8a3b52" stroke-width="2"/><text x="{_f(cx)}" y="{_f(cy + 4.5)}" text-anchor="middle" '
            f'font-size="13" font-weight="700" fill="#5a1f31">{n}</text></g>')


def mini_tile(tile_id: str, rot: int = 0, label: str = "", size: str = "4.5rem") -> str:
    """A tile on its own (for the drawn tile and the stack)."""
    shape = TILES[tile_id]["shape"]
    pig = TILES[tile_id]["pig"]
    badge = _pig_badge(84, 84, pig) if pig else ""
    return (f'<svg class="cc-mini" viewBox="-2 -2 104 104" style="width:{size};height:{size}" role="img" '
            f'aria-label="{esc(label)}"><g transform="rotate({rot} 50 50)">{tile_art(shape, rot)}</g>'
            f'<rect width="100" height="100" fill="none" stroke="#3d4a2a" stroke-width="2"/>{badge}</svg>')


# ---------------------------------------------------------------- the wheel
def _wheel_land() -> str:
    """The land around the wheel: its cities, roads and fields (board units x100)."""
    out = [f'<rect x="0" y="0" width="{4 * U}" height="{4 * U}" fill="{FIELD}"/>']
    feats = {f["id"]: f for f in WHEEL["features"]}
    ports: dict[str, list] = {}
    for p in WHEEL["ports"]:
        if len(p["port"]) == 1:
            ports.setdefault(p["feature"], []).append((tuple(p["cell"]), p["port"]))
    roads, cities = [], []
    for fid, plist in ports.items():
        (r, c), _ = plist[0]
        sides = [s for _, s in plist]
        tx, ty = c * U, r * U
        if feats[fid]["kind"] == "road":
            s = sides[0]
            mx, my = MID[s]
            roads.append(f"M{_f(tx + mx)},{_f(ty + my)}L{_f(tx + mx + INWARD[s][0] * 100)},"
                         f"{_f(ty + my + INWARD[s][1] * 100)}")
        else:
            fill, wall = _city_paths(sides)
            cities.append(f'<g transform="translate({tx},{ty})"><path d="{fill}" fill="{CITY}"/>'
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
    return "".join(out)


WHEEL_R = 170  # rim radius (board units x100), centred on (200, 200)
HUB_R = 38


def _polar(deg: float, r: float) -> tuple[float, float]:
    a = math.radians(deg)
    return 200 + r * math.sin(a), 200 - r * math.cos(a)


def crown_points() -> list[tuple[float, float]]:
    """Where each crown space (engine crown index) sits, in SVG units."""
    return [(x * U, y * U) for seg in WHEEL["segments"] for x, y in seg["crowns"]]


def _wheel_disc(words, pig: int) -> str:
    out = [f'<circle cx="200" cy="200" r="{WHEEL_R + 6}" fill="#5b4630"/>']
    colors = ("#f3d36b", "#e9b949", "#d9a441", "#9fb8cf", "#b79fcf", "#9c9c9c")
    for i, seg in enumerate(WHEEL["segments"]):
        a0, a1 = seg["from_deg"], seg["to_deg"]
        p0, p1 = _polar(a0, WHEEL_R), _polar(a1, WHEEL_R)
        h0, h1 = _polar(a1, HUB_R), _polar(a0, HUB_R)
        cls = "cc-seg cc-seg-pig" if i == pig else "cc-seg"
        out.append(f'<path class="{cls}" d="M{_pt(p0)}A{WHEEL_R},{WHEEL_R} 0 0 1 {_pt(p1)}L{_pt(h0)}'
                   f'A{HUB_R},{HUB_R} 0 0 0 {_pt(h1)}Z" fill="{colors[i]}" stroke="#5b4630" stroke-width="2.5"/>')
        mid = (a0 + a1) / 2
        lx, ly = _polar(mid, 88)
        out.append(f'<text class="cc-seg-label" x="{_f(lx)}" y="{_f(ly + 4)}" text-anchor="middle" '
                   f'font-size="13" font-weight="700" fill="#3a2a1a">{esc(words.name(seg["id"]))}</text>')
    out.append(f'<circle cx="200" cy="200" r="{HUB_R}" fill="#7a4f2a" stroke="#3a2a1a" stroke-width="2"/>')
    # the pig sits in its segment, between hub and label
    mid = (WHEEL["segments"][pig]["from_deg"] + WHEEL["segments"][pig]["to_deg"]) / 2
    px, py = _polar(mid, 58)
    out.append(_pig(px, py, words.ui("pig")))
    # a pointer from the hub to the pig's segment
    tip = _polar(mid, HUB_R + 4)
    b1, b2 = _polar(mid - 40, HUB_R - 12), _polar(mid + 40, HUB_R - 12)
    out.append(f'<path d="M{_pt(tip)}L{_pt(b1)}L{_pt(b2)}Z" fill="#f4a7b9" stroke="#3a2a1a" stroke-width="1.5"/>')
    return "".join(out)


def _pig(x: float, y: float, label: str) -> str:
    return (f'<g class="cc-pig" transform="translate({_f(x)},{_f(y)})" role="img" aria-label="{esc(label)}">'
            '<ellipse cx="0" cy="0" rx="15" ry="10" fill="#f4a7b9" stroke="#8a3b52" stroke-width="2"/>'
            '<circle cx="13" cy="-3" r="6.5" fill="#f4a7b9" stroke="#8a3b52" stroke-width="2"/>'
            '<ellipse cx="18" cy="-2" rx="2.6" ry="2" fill="#e58aa2" stroke="#8a3b52" stroke-width="1"/>'
            '<circle cx="12" cy="-5" r="1.2" fill="#3a2a1a"/>'
            '<path d="M-8,9V13M-3,9V13M4,9V13M9,9V13" stroke="#8a3b52" stroke-width="2.4"/>'
            '<path d="M-15,-2q-6,-4 -3,-8" fill="none" stroke="#8a3b52" stroke-width="1.6"/></g>')


def _crown_space(x: float, y: float, cls: str = "cc-crown") -> str:
    return (f'<g class="{cls}" transform="translate({_f(x)},{_f(y)})"><circle r="15" fill="#fff8df" '
            f'stroke="#8a6a1f" stroke-width="2"/><path d="{CROWN}" fill="#e3b42b" stroke="#8a6a1f" '
            'stroke-width="1.2"/></g>')


# ------------------------------------------------------------------ screen
class Screen:
    def __init__(self, ctx):
        self.ctx = ctx
        self.box = None        # [x, y, w, h] of the viewBox once the player panned/zoomed
        self.sel_key = None    # (moves) the selection below belongs to
        self.cell = None       # selected (x, y) in the place step
        self.rot_i = 0         # index into the legal rotations of that cell
        self.pick = None       # selected index into legal (follower/crown/pest)
        self._fit = [0, 0, 400, 400]
        self._proxies = None
        self._pointers = {}
        self._drag = None
        self._moved = False
        self._svg = None
        self.list_open = False  # the choices shown as a list of buttons

    # ------------------------------------------------------------ ui steps
    def on_ui(self, arg: str) -> None:
        kind, _, rest = arg.partition(":")
        if kind == "cell":
            x, y = (int(v) for v in rest.split(":"))
            if self.cell == (x, y):
                self.rot_i += 1
            else:
                self.cell, self.rot_i = (x, y), 0
        elif kind == "rot":
            self.rot_i += 1
        elif kind == "pick":
            self.pick = int(rest)
        elif kind == "unpick":
            self.pick = None
            self.cell = None
        elif kind == "zoom":
            self.zoom(1 / 1.3 if rest == "in" else 1.3)
        elif kind == "fit":
            self.box = None
        elif kind == "list":
            self.list_open = not self.list_open
        elif kind == "pan":
            b = self.box or list(self._fit)
            dx, dy = {"l": (-1, 0), "r": (1, 0), "u": (0, -1), "d": (0, 1)}.get(rest, (0, 0))
            self.box = [b[0] + dx * b[2] * 0.2, b[1] + dy * b[3] * 0.2, b[2], b[3]]

    def zoom(self, factor: float, cx: float | None = None, cy: float | None = None) -> None:
        b = self.box or list(self._fit)
        if cx is None:
            cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
        w = min(max(b[2] * factor, 150), 6000)
        factor = w / b[2]
        h = b[3] * factor
        self.box = [cx - (cx - b[0]) * factor, cy - (cy - b[1]) * factor, w, h]

    # --------------------------------------------------------------- render
    def render(self, view: dict, legal: list) -> str:
        words = self.ctx.words
        key = view.get("moves")
        if key != self.sel_key:
            self.sel_key, self.cell, self.rot_i, self.pick = key, None, 0, None
        phase = view.get("phase")
        mine = bool(legal)
        cells = {}
        if mine and phase == "place":
            for i, a in enumerate(legal):
                if a.get("type") == "place":
                    cells.setdefault((a["x"], a["y"]), []).append(i)
        if self.cell not in cells:
            self.cell = None
        chosen = None
        if self.cell is not None:
            opts = cells[self.cell]
            chosen = opts[self.rot_i % len(opts)]
        if self.pick is not None and not (0 <= self.pick < len(legal)):
            self.pick = None

        board = self._board(view, legal, cells, chosen)
        bar = self._toolbar(view, legal, cells, chosen)
        extra = ""
        if view.get("over"):
            extra = self._final(view)
        toggle, opts = self._lists(view, legal, cells, chosen)
        foot = f'<div class="cc-foot">{toggle}{self._track(view)}</div>{opts}'
        return (f'<div class="cc-screen">{bar}<div class="cc-board-wrap">{board}'
                f'{self._zoom_buttons()}</div>{foot}{extra}</div>')

    # .......................................................... the board
    def _bounds(self, view, cells) -> list[float]:
        xs, ys = [], []
        for t in view.get("tiles") or []:
            xs.append(t["x"])
            ys.append(t["y"])
        if view.get("wheel"):
            xs += [0, 3]
            ys += [0, 3]
        for (x, y) in cells:
            xs.append(x)
            ys.append(y)
        if not xs:
            xs, ys = [0], [0]
        x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
        m = 0.6
        return [(x0 - m) * U, (y0 - m) * U, (x1 - x0 + 2 * m) * U, (y1 - y0 + 2 * m) * U]

    def _board(self, view, legal, cells, chosen) -> str:
        words = self.ctx.words
        self._fit = self._bounds(view, cells)
        b = self.box or self._fit
        out = [f'<svg id="cc-board" class="cc-board" viewBox="{" ".join(_f(v) for v in b)}" '
               f'preserveAspectRatio="xMidYMid meet" role="group" tabindex="0" '
               f'aria-label="{esc(words.ui("board"))}. {esc(words.ui("board_keys"))}">'
               f'<rect x="-100000" y="-100000" width="200000" height="200000" fill="#e9e2cf"/>']
        wheel = view.get("wheel")
        if wheel:
            out.append(_wheel_land())
        tiles = view.get("tiles") or []
        for t in tiles:
            out.append(tile_svg(t["id"], t["x"], t["y"], t["rot"]))
        if wheel:
            out.append(_wheel_disc(words, wheel["pig"]))
            pts = crown_points()
            for seg in wheel["segments"]:
                for c in seg["crowns"]:
                    x, y = pts[c["crown"]]
                    out.append(_crown_space(x, y))
        last = view.get("last")
        if last is not None and 0 <= last < len(tiles):
            t = tiles[last]
            out.append(f'<rect class="cc-last" x="{t["x"] * U + 3}" y="{t["y"] * U + 3}" width="94" height="94" '
                       f'fill="none" rx="4"><title>{esc(words.ui("last_tile"))}</title></rect>')
        # followers
        pest_ids = {}
        if legal and view.get("phase") == "pest":
            pest_ids = {a["follower"]: i for i, a in enumerate(legal) if a.get("type") == "pest"}
        for f in view.get("followers") or []:
            pos = self._follower_pos(f, tiles)
            if pos is None:
                continue
            label = self._follower_label(f)
            if f["id"] in pest_ids:
                i = pest_ids[f["id"]]
                sel = " cc-picked" if self.pick == i else ""
                out.append(f'<g class="cc-spot cc-pest{sel}" data-cmd="ui" data-arg="pick:{i}" role="button" '
                           f'tabindex="-1" aria-label="{esc(label)}"><circle cx="{_f(pos[0])}" cy="{_f(pos[1])}" '
                           'r="34"/></g>')  # wide enough for a finger at fit-to-screen
            out.append(self._meeple(pos[0], pos[1], f["seat"], f.get("role"), label))
        # the step's own marks
        phase = view.get("phase")
        if legal and phase == "place":
            drawn = view.get("drawn")
            for (x, y), idx in sorted(cells.items()):
                if self.cell == (x, y) and chosen is not None:
                    a = legal[chosen]
                    out.append(tile_svg(drawn, x, y, a["rot"], "cc-preview"))
                    more = len(idx) > 1
                    label = words.ui("rotate") if more else words.ui("selected_cell", x=x, y=y)
                    out.append(f'<rect class="cc-cell cc-cell-sel" x="{x * U + 2}" y="{y * U + 2}" width="96" '
                               f'height="96" data-cmd="ui" data-arg="cell:{x}:{y}" role="button" tabindex="-1" '
                               f'aria-label="{esc(label)}"/>')
                    if more:
                        out.append(f'<g class="cc-rot-hint" aria-hidden="true" transform="translate({x * U + 82},'
                                   f'{y * U + 18})"><circle r="13"/><text y="6" text-anchor="middle" '
                                   'font-size="18">⟳</text></g>')
                else:
                    out.append(f'<rect class="cc-cell" x="{x * U + 4}" y="{y * U + 4}" width="92" height="92" '
                               f'rx="6" data-cmd="ui" data-arg="cell:{x}:{y}" role="button" tabindex="-1" '
                               f'aria-label="{esc(words.ui("place_at", x=x, y=y))}"/>')
        elif legal and phase == "follower":
            out.append(self._follower_spots(view, legal, tiles))
        out.append("</svg>")
        return "".join(out)

    def _follower_pos(self, f, tiles):
        if f.get("role") == "crown":
            pts = crown_points()
            c = f.get("crown")
            return pts[c] if isinstance(c, int) and 0 <= c < len(pts) else None
        if "wheel_feature" in f:
            feat = next((w for w in WHEEL["features"] if w["id"] == f["wheel_feature"]), None)
            return None if feat is None else (feat["anchor"][0] * U, feat["anchor"][1] * U)
        ti = f.get("tile")
        if not isinstance(ti, int) or not 0 <= ti < len(tiles):
            return None
        t = tiles[ti]
        return self._anchor(t, f.get("feature", 0))

    @staticmethod
    def _anchor(t, feature):
        feats = TILES[t["id"]]["features"]
        ax, ay = feats[feature]["anchor"] if 0 <= feature < len(feats) else (0.5, 0.5)
        rx, ry = rotate_point(ax, ay, t["rot"])
        return t["x"] * U + rx * U, t["y"] * U + ry * U

    def _follower_label(self, f) -> str:
        words = self.ctx.words
        role = words.name(f.get("role") or "")
        who = self.ctx.name(f.get("seat"))
        if f.get("role") == "crown":
            seg = words.name(f.get("segment") or "")
            return words.ui("follower_on_crown", name=who, segment=seg)
        if "wheel_feature" in f:
            return words.ui("follower_on_wheel", name=who, role=role)
        return words.ui("follower_at", name=who, role=role, x=f.get("x"), y=f.get("y"))

    def _meeple(self, x, y, seat, role, label="") -> str:
        color = self.ctx.color(seat)
        sym = self.ctx.symbol(seat)
        turn = ' rotate(-90)' if role == "farmer" else ""
        return (f'<g class="cc-meeple" transform="translate({_f(x)},{_f(y)})"><title>{esc(label)}</title>'
                f'<path transform="scale(1.45){turn}" d="{MEEPLE}" fill="{color}" stroke="#1d1d1d" '
                f'stroke-width="1.3"/><text y="5" text-anchor="middle" font-size="12" class="cc-sym">{esc(sym)}'
                '</text></g>')

    def _follower_spots(self, view, legal, tiles) -> str:
        words = self.ctx.words
        out = []
        last = view.get("last")
        t = tiles[last] if last is not None and 0 <= last < len(tiles) else None
        pts = crown_points()
        seat = self.ctx.viewer if self.ctx.viewer is not None else view.get("active")
        for i, a in enumerate(legal):
            if a.get("type") == "follower" and t is not None:
                x, y = self._anchor(t, a["feature"])
                role = words.name(self._role_of(t, a["feature"]))
            elif a.get("type") == "crown":
                x, y = pts[a["crown"]]
                role = words.ui("crown")
            else:
                continue
            label = self._option_label(view, a, tiles)
            if self.pick == i:
                out.append(self._meeple(x, y, seat, self._role_of(t, a["feature"]) if a["type"] == "follower"
                                        else "crown", label))
            cls = "cc-spot cc-picked" if self.pick == i else "cc-spot"
            out.append(f'<g class="{cls}" data-cmd="ui" data-arg="pick:{i}" role="button" tabindex="-1" '
                       f'aria-label="{esc(label)}"><circle cx="{_f(x)}" cy="{_f(y)}" r="16"/>'
                       f'<title>{esc(role)}</title></g>')
        return "".join(out)

    @staticmethod
    def _where(t, feature) -> str:
        """Where on the placed tile a feature's spot is, as seen on the board:
        one of NW N NE W C E SW S SE (tells apart two fields of one tile)."""
        ax, ay = TILES[t["id"]]["features"][feature]["anchor"]
        rx, ry = rotate_point(ax, ay, t["rot"])
        col = 0 if rx < 0.36 else 2 if rx > 0.64 else 1
        row = 0 if ry < 0.36 else 2 if ry > 0.64 else 1
        return (("NW", "N", "NE"), ("W", "C", "E"), ("SW", "S", "SE"))[row][col]

    @staticmethod
    def _role_of(t, feature) -> str:
        kind = TILES[t["id"]]["features"][feature]["kind"]
        return {"city": "knight", "road": "robber", "field": "farmer", "monastery": "monk"}[kind]

    def _option_label(self, view, a, tiles) -> str:
        words = self.ctx.words
        t = a.get("type")
        if t == "no_follower":
            return words.ui("no_follower")
        if t == "crown":
            seg = next((s["id"] for s in (view.get("wheel") or {}).get("segments", [])
                        for c in s["crowns"] if c["crown"] == a["crown"]), "")
            return words.ui("put_crown", segment=words.name(seg))
        if t == "follower":
            tile = tiles[view["last"]]
            return words.ui("put_role", role=words.name(self._role_of(tile, a["feature"])),
                            where=words.ui("dir_" + self._where(tile, a["feature"])))
        if t == "pest":
            f = next((f for f in view.get("followers") or [] if f["id"] == a["follower"]), None)
            return self._follower_label(f) if f else "?"
        if t == "place":
            return words.ui("place_at", x=a["x"], y=a["y"])
        return t or "?"

    # ........................................................... controls
    def _toolbar(self, view, legal, cells, chosen) -> str:
        words = self.ctx.words
        phase = view.get("phase")
        drawn = view.get("drawn")
        parts = []
        if legal and phase == "follower":
            parts.append(self._closeup(view, legal))
        elif drawn and not view.get("over"):
            rot = legal[chosen]["rot"] if chosen is not None else 0
            parts.append(f'<div class="cc-drawn"><span class="cc-cap">{esc(words.ui("drawn"))}</span>'
                         f'{mini_tile(drawn, rot, words.name(drawn), TILE_SIZE)}'
                         f'<span class="cc-tname">{esc(words.name(drawn))}</span></div>')
        parts.append(f'<div class="cc-left"><span class="cc-cap">{esc(words.ui("tiles_left"))}</span>'
                     f'<strong class="cc-count" id="cc-tiles-left">{view.get("tiles_left", 0)}</strong></div>')
        parts.append(self._players(view))
        act = []
        if legal and phase == "place":
            if chosen is None:
                act.append(f'<p class="cc-hint">{esc(words.ui("hint_place", n=len(cells)))}</p>')
            else:
                n = len(cells[self.cell])
                act.append(f'<button type="button" id="cc-rotate" data-cmd="ui" data-arg="rot"'
                           f'{"" if n > 1 else " disabled"}>⟳ {esc(words.ui("rotate"))}'
                           f'{f" ({self.rot_i % n + 1}/{n})" if n > 1 else ""}</button>')
                act.append(f'<button type="button" id="cc-confirm" class="primary" data-cmd="act" '
                           f'data-arg="{chosen}">✓ {esc(words.ui("confirm_place"))}</button>')
        elif legal and phase == "follower":
            none_i = next((i for i, a in enumerate(legal) if a.get("type") == "no_follower"), None)
            if self.pick is not None and legal[self.pick].get("type") != "no_follower":
                act.append(f'<button type="button" id="cc-confirm" class="primary" data-cmd="act" '
                           f'data-arg="{self.pick}">✓ {esc(self._option_label(view, legal[self.pick], view["tiles"]))}'
                           '</button>')
            else:
                act.append(f'<p class="cc-hint">{esc(words.ui("hint_follower"))}</p>')
            if none_i is not None:
                act.append(f'<button type="button" id="cc-none" data-cmd="act" data-arg="{none_i}">'
                           f'{esc(words.ui("no_follower"))}</button>')
        elif legal and phase == "pest":
            if self.pick is not None:
                act.append(f'<button type="button" id="cc-confirm" class="primary" data-cmd="act" '
                           f'data-arg="{self.pick}">✓ {esc(words.ui("confirm_pest"))}: '
                           f'{esc(self._option_label(view, legal[self.pick], view["tiles"]))}</button>')
            else:
                act.append(f'<p class="cc-hint">{esc(words.ui("hint_pest"))}</p>')
        elif not view.get("over"):
            who = (view.get("to_act") or [None])[0]
            act.append(f'<p class="cc-hint">{esc(words.ui("waiting", name=self.ctx.name(who)))}</p>')
        parts.append(f'<div class="cc-actions">{"".join(act)}</div>')
        return f'<div class="cc-bar">{"".join(parts)}</div>'

    def _closeup(self, view, legal) -> str:
        """The tile just placed, large, with its free follower spots as buttons
        (the same choices as the marks on the board, easier to hit)."""
        words = self.ctx.words
        tiles = view.get("tiles") or []
        last = view.get("last")
        if last is None or not 0 <= last < len(tiles):
            return ""
        t = tiles[last]
        seat = self.ctx.viewer if self.ctx.viewer is not None else view.get("active")
        spots = []
        for i, a in enumerate(legal):
            if a.get("type") != "follower":
                continue
            ax, ay = TILES[t["id"]]["features"][a["feature"]]["anchor"]
            rx, ry = rotate_point(ax, ay, t["rot"])
            picked = self.pick == i
            mark = (f'<span class="cc-csym" style="--pc:{self.ctx.color(seat)}">{esc(self.ctx.symbol(seat))}</span>'
                    if picked else "")
            spots.append(f'<button type="button" id="cc-cspot-{i}" class="cc-cspot{" cc-picked" if picked else ""}" '
                         f'style="left:{_f(rx * 100)}%;top:{_f(ry * 100)}%" data-cmd="ui" data-arg="pick:{i}" '
                         f'aria-pressed="{"true" if picked else "false"}" '
                         f'aria-label="{esc(self._option_label(view, a, tiles))}">{mark}</button>')
        name = words.name(t["id"])
        return (f'<div class="cc-drawn cc-closeup-wrap"><span class="cc-cap">{esc(words.ui("new_tile"))}</span>'
                f'<div class="cc-closeup" role="group" aria-label="{esc(words.ui("new_tile"))}: {esc(name)}">'
                f'{mini_tile(t["id"], t["rot"], name, TILE_SIZE)}{"".join(spots)}</div></div>')

    def _track(self, view) -> str:
        """The score track (0-49, as on the table): each player's marker is a
        follower in their colour carrying their symbol; past 50 it lies down
        and says how many times it went round."""
        words = self.ctx.words
        scores = view.get("scores") or []
        cell = 20
        out = [f'<svg class="cc-track-svg" viewBox="-4 -6 {50 * cell + 8} 62" preserveAspectRatio="xMidYMid meet" '
               'aria-hidden="true">']
        for i in range(50):
            x = i * cell
            fill = "#e6d3a8" if i % 5 else "#cdb27a"
            out.append(f'<rect x="{x}" y="26" width="{cell}" height="14" fill="{fill}" stroke="#8a6a3a" '
                       'stroke-width="1"/>')
            if i % 10 == 0:
                out.append(f'<text x="{x + cell / 2}" y="53" text-anchor="middle" font-size="11" '
                           f'fill="#5b4630">{i}</text>')
        at: dict[int, list[int]] = {}
        for seat in range(len(self.ctx.players)):
            sc = scores[seat] if seat < len(scores) else 0
            at.setdefault(sc % 50, []).append(seat)
        for pos, seats in at.items():
            for k, seat in enumerate(seats):
                sc = scores[seat] if seat < len(scores) else 0
                laps = sc // 50
                x = pos * cell + cell / 2 + (k - (len(seats) - 1) / 2) * 12
                turn = " rotate(-90)" if laps else ""
                out.append(f'<g class="cc-marker" transform="translate({_f(x)},14)">'
                           f'<path transform="scale(0.8){turn}" d="{MEEPLE}" fill="{self.ctx.color(seat)}" '
                           f'stroke="#1d1d1d" stroke-width="1.4"/><text y="4" text-anchor="middle" font-size="9" '
                           f'class="cc-sym">{esc(self.ctx.symbol(seat))}</text>')
                if laps:
                    out.append(f'<text y="-6" text-anchor="middle" font-size="9" font-weight="700" '
                               f'fill="#1d1d1d">+{50 * laps}</text>')
                out.append('</g>')
        out.append("</svg>")
        summary = ", ".join(f"{self.ctx.name(s)} {scores[s] if s < len(scores) else 0}"
                            for s in range(len(self.ctx.players)))
        return (f'<div class="cc-track" role="img" aria-label="{esc(words.ui("track"))}: {esc(summary)}">'
                f'{"".join(out)}</div>')

    def _players(self, view) -> str:
        words = self.ctx.words
        scores = view.get("scores") or []
        supply = view.get("supply") or []
        rows = []
        for seat in range(len(self.ctx.players)):
            sc = scores[seat] if seat < len(scores) else 0
            sp = supply[seat] if seat < len(supply) else 0
            rows.append(f'<li style="--pc:{self.ctx.color(seat)}"><span class="cc-psym" aria-hidden="true">'
                        f'{self.ctx.symbol(seat)}</span><span class="cc-pname">{esc(self.ctx.name(seat))}</span>'
                        f'<span class="cc-pscore" aria-label="{esc(words.ui("score"))}">{sc}</span>'
                        f'<span class="cc-psupply" title="{esc(words.ui("supply"))}" '
                        f'aria-label="{esc(words.ui("supply_n", n=sp))}">{"♟" * sp}'
                        f'<span class="cc-n">{sp}</span></span></li>')
        return f'<ul class="cc-players" aria-label="{esc(words.ui("score"))}">{"".join(rows)}</ul>'

    def _zoom_buttons(self) -> str:
        words = self.ctx.words
        return (f'<div class="cc-zoom"><button type="button" id="cc-zoom-in" data-cmd="ui" data-arg="zoom:in" '
                f'aria-label="{esc(words.ui("zoom_in"))}" title="{esc(words.ui("zoom_in"))}">+</button>'
                f'<button type="button" id="cc-zoom-out" data-cmd="ui" data-arg="zoom:out" '
                f'aria-label="{esc(words.ui("zoom_out"))}" title="{esc(words.ui("zoom_out"))}">−</button>'
                f'<button type="button" id="cc-fit" data-cmd="ui" data-arg="fit">{esc(words.ui("fit"))}</button>'
                f'</div>')

    def _lists(self, view, legal, cells, chosen) -> tuple[str, str]:
        """The same choices as buttons (keyboard, screen readers): the button
        that opens the list, and the list when open."""
        words = self.ctx.words
        phase = view.get("phase")
        if not legal:
            return "", ""
        items = []
        if phase == "place":
            for (x, y) in sorted(cells):
                pressed = "true" if self.cell == (x, y) else "false"
                items.append(f'<button type="button" class="cc-opt" id="cc-opt-{x}_{y}" data-cmd="ui" '
                             f'data-arg="cell:{x}:{y}" aria-pressed="{pressed}">{esc(words.ui("place_at", x=x, y=y))}</button>')
            title = words.ui("list_cells")
        else:
            for i, a in enumerate(legal):
                if a.get("type") == "no_follower":
                    continue
                pressed = "true" if self.pick == i else "false"
                items.append(f'<button type="button" class="cc-opt" id="cc-opt-{i}" data-cmd="ui" '
                             f'data-arg="pick:{i}" aria-pressed="{pressed}">{esc(self._option_label(view, a, view["tiles"]))}</button>')
            title = words.ui("list_options")
        if not items:
            return "", ""
        opened = "true" if self.list_open else "false"
        body = f'<div class="cc-opts" id="cc-opts">{"".join(items)}</div>' if self.list_open else ""
        return (f'<button type="button" id="cc-list-toggle" class="cc-list-toggle" '
                f'data-cmd="ui" data-arg="list" aria-expanded="{opened}" aria-controls="cc-opts">'
                f'<span aria-hidden="true">{"▾" if self.list_open else "▸"}</span> {esc(title)} ({len(items)})'
                f'</button>', body)

    def _final(self, view) -> str:
        """The final scoring, feature by feature, from the log."""
        words = self.ctx.words
        log = view.get("log") or []
        start = max((i for i, e in enumerate(log) if e.get("k") == "final"), default=None)
        groups: dict[str, list] = {"end_city": [], "end_road": [], "end_monastery": [], "farm": []}
        if start is not None:
            for e in log[start:]:
                if e.get("k") in groups:
                    groups[e["k"]].append(e)
        names = {"end_city": "cities", "end_road": "roads", "end_monastery": "monasteries", "farm": "farms"}
        out = [f'<section class="cc-final" aria-labelledby="cc-final-h"><h2 id="cc-final-h">'
               f'{esc(words.ui("final_title"))}</h2>']
        seats = len(self.ctx.players)
        # per seat totals of the final scoring
        out.append('<table class="cc-final-table"><thead><tr><th></th>')
        for s in range(seats):
            out.append(f"<th>{self.ctx.badge(s)}</th>")
        out.append("</tr></thead><tbody>")
        scores = view.get("scores") or [0] * seats
        final = [sum(e.get("points", 0) for k in names for e in groups[k] if e.get("seat") == s)
                 for s in range(seats)]
        out.append(f'<tr class="cc-before"><th scope="row">{esc(words.ui("before_final"))}</th>')
        for s in range(seats):
            out.append(f"<td>{(scores[s] if s < len(scores) else 0) - final[s]}</td>")
        out.append("</tr>")
        for k, cat in names.items():
            out.append(f'<tr><th scope="row">+ {esc(words.name(cat))}</th>')
            for s in range(seats):
                pts = sum(e.get("points", 0) for e in groups[k] if e.get("seat") == s)
                out.append(f"<td>{pts}</td>")
            out.append("</tr>")
        out.append(f'<tr class="cc-total"><th scope="row">{esc(words.ui("total"))}</th>')
        for s in range(seats):
            out.append(f"<td>{scores[s] if s < len(scores) else 0}</td>")
        out.append("</tr></tbody></table>")
        for k, cat in names.items():
            entries = groups[k]
            out.append(f'<h3>{esc(words.name(cat))}</h3>')
            if not entries:
                out.append(f'<p class="cc-none">{esc(words.ui("final_none"))}</p>')
                continue
            out.append('<ul class="cc-final-list">')
            for e in entries:
                out.append(f'<li style="--pc:{self.ctx.color(e.get("seat", 0))}"><span class="cc-psym" '
                           f'aria-hidden="true">{self.ctx.symbol(e.get("seat", 0))}</span> '
                           f'{esc(words.entry(e))}</li>')
            out.append("</ul>")
        out.append("</section>")
        return "".join(out)

    # ------------------------------------------------------ pan and zoom
    def after_render(self, root) -> None:
        import js
        from pyodide.ffi import create_proxy, to_js

        svg = js.document.getElementById("cc-board")
        if not svg:
            return
        self._svg = svg
        if self._proxies is None:
            self._proxies = {
                "pointerdown": create_proxy(self._down),
                "pointermove": create_proxy(self._move),
                "pointerup": create_proxy(self._up),
                "pointercancel": create_proxy(self._up),
                "wheel": create_proxy(self._wheel),
                "click": create_proxy(self._click),
                "keydown": create_proxy(self._key),
            }
            self._opts_passive = to_js({"passive": False}, dict_converter=js.Object.fromEntries)
            self._opts_capture = to_js({"capture": True}, dict_converter=js.Object.fromEntries)
        self._pointers = {}
        self._drag = None
        p = self._proxies
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            svg.addEventListener(name, p[name])
        svg.addEventListener("wheel", p["wheel"], self._opts_passive)
        svg.addEventListener("click", p["click"], self._opts_capture)
        svg.addEventListener("keydown", p["keydown"])

    def _scale(self):
        """SVG units per screen pixel and the box shown."""
        b = self.box or list(self._fit)
        rect = self._svg.getBoundingClientRect()
        w, h = max(float(rect.width), 1.0), max(float(rect.height), 1.0)
        s = max(b[2] / w, b[3] / h)
        # with "meet" the shown area is centred: the real left/top of the view
        left = b[0] + b[2] / 2 - s * w / 2
        top = b[1] + b[3] / 2 - s * h / 2
        return s, rect, left, top

    def _apply_box(self):
        if self._svg is not None:
            self._svg.setAttribute("viewBox", " ".join(_f(v) for v in (self.box or self._fit)))

    KEYS = {"ArrowLeft": "pan:l", "ArrowRight": "pan:r", "ArrowUp": "pan:u", "ArrowDown": "pan:d",
            "+": "zoom:in", "=": "zoom:in", "-": "zoom:out", "_": "zoom:out", "0": "fit"}

    def _key(self, ev):
        """The board from the keyboard: arrows pan, + and - zoom, 0 fits."""
        step = self.KEYS.get(str(ev.key))
        if step is None or ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        ev.preventDefault()
        self.on_ui(step)
        self._apply_box()

    def _down(self, ev):
        self._pointers[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
        if len(self._pointers) == 1:
            self._moved = False
        self._drag = None

    def _move(self, ev):
        pid = ev.pointerId
        if pid not in self._pointers:
            return
        old = dict(self._pointers)
        self._pointers[pid] = (float(ev.clientX), float(ev.clientY))
        s, rect, left, top = self._scale()
        b = self.box or list(self._fit)
        # show the same box as the screen does, so pans keep the picture steady
        b = [left, top, s * float(rect.width), s * float(rect.height)]
        if len(self._pointers) == 1:
            ox, oy = old[pid]
            nx, ny = self._pointers[pid]
            if not self._moved and abs(nx - ox) + abs(ny - oy) < 1:
                return
            if self._drag is None:
                self._drag = (ox, oy)
            sx, sy = self._drag
            if not self._moved and abs(nx - sx) + abs(ny - sy) < 8:
                return
            if not self._moved:
                self._moved = True
                try:
                    self._svg.setPointerCapture(pid)
                except Exception:  # noqa: BLE001 - capture is a nicety
                    pass
            self.box = [b[0] - (nx - ox) * s, b[1] - (ny - oy) * s, b[2], b[3]]
        elif len(self._pointers) >= 2:
            ids = list(self._pointers)[:2]
            (ax, ay), (bx, by) = old[ids[0]], old[ids[1]]
            (cx, cy), (dx, dy) = self._pointers[ids[0]], self._pointers[ids[1]]
            d0 = max(math.hypot(bx - ax, by - ay), 1.0)
            d1 = max(math.hypot(dx - cx, dy - cy), 1.0)
            self._moved = True
            # zoom about the old midpoint, then pan by the midpoint's move
            mx, my = (ax + bx) / 2, (ay + by) / 2
            ux, uy = left + (mx - float(rect.left)) * s, top + (my - float(rect.top)) * s
            self.box = b
            self.zoom(d0 / d1, ux, uy)
            nmx, nmy = (cx + dx) / 2, (cy + dy) / 2
            s2 = self.box[2] / float(rect.width)
            self.box[0] -= (nmx - mx) * s2
            self.box[1] -= (nmy - my) * s2
        self._apply_box()
        ev.preventDefault()

    def _up(self, ev):
        self._pointers.pop(ev.pointerId, None)
        if not self._pointers:
            self._drag = None

    def _wheel(self, ev):
        ev.preventDefault()
        s, rect, left, top = self._scale()
        ux = left + (float(ev.clientX) - float(rect.left)) * s
        uy = top + (float(ev.clientY) - float(rect.top)) * s
        self.box = [left, top, s * float(rect.width), s * float(rect.height)]
        self.zoom(1.15 if float(ev.deltaY) > 0 else 1 / 1.15, ux, uy)
        self._apply_box()

    def _click(self, ev):
        if self._moved:  # the end of a drag is no tap
            self._moved = False
            ev.stopPropagation()
            ev.preventDefault()
