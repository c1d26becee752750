"""Carcassonne – Het Rad van Fortuin: the board screen.

Flow for the acting player (the screen offers exactly `legal`):
  place     tap a highlighted cell (ui "cell:x:y"), tap it again or "rotate" to
            cycle through the legal rotations for that cell, "confirm" plays the
            matching place action;
  follower  tap a marked spot on the new tile or a free crown space (ui "pick:i"),
            "confirm" plays it; "no follower" plays at once;
  pest      tap one of the marked own followers (ui "pick:i"), "confirm".
Pan and zoom live in `self.zoom` (ui.kit.PanZoom), so a re-render keeps them;
while dragging, ui.dom moves the view directly (a transform of the SVG).  The drawings are in
art.py.
"""

from __future__ import annotations

from engine.carcassonne.story import where_at
from engine.carcassonne.tiles import TILES, WHEEL

from ...kit import Html, PanZoom, Say, Selection, act_button, h, join, keep, svg_target, tag, ui_button
from ..interface import GameScreen
from . import marks
from .art import (TILE_SIZE, U, _f, _wheel_land, _crown_space, _wheel_disc, crown_points, meeple, wedge,
                  mini_tile, rotate_point, score_track, tile_svg)

MIN_TILE_PX = 56  # a tile is never smaller on screen: the board pans instead (placement cells stay >= 44 px)
FINAL_CATEGORIES = {"end_road": "roads", "end_city": "cities", "end_monastery": "monasteries", "farm": "farms"}


class Screen(GameScreen):
    def __init__(self, ctx):
        self.ctx = ctx
        self.zoom = PanZoom(min_scale=MIN_TILE_PX / U)
        # cell: selected (x, y) in the place step; rot_i: index into its legal
        # rotations; pick: selected index into legal (follower/crown/pest);
        # flash: (x, y) of a tile the since line asked to show
        self.sel = Selection(cell=None, rot_i=0, pick=None, flash=None)
        self.list_open = False  # the choices shown as a list of buttons

    # ------------------------------------------------------------ ui steps
    def on_ui(self, arg: str) -> None:
        sel = self.sel
        kind, _, rest = arg.partition(":")
        if kind in ("cell", "square"):  # a square tapped on the board, or chosen in the list
            x, y = (int(v) for v in rest.split(":"))
            if kind == "cell" and self.zoom.too_small():  # shown too small to choose: zoom in to it first
                self.zoom.zoom_to((x + 0.5) * U, (y + 0.5) * U)
                return
            if sel.cell == (x, y):
                sel.rot_i += 1
            else:
                sel.cell, sel.rot_i = (x, y), 0
            self.zoom.show_point((x + 0.5) * U, (y + 0.5) * U)  # picked from the list: bring it into view
        elif kind == "rot":
            sel.rot_i += 1
        elif kind == "pick":
            sel.pick = int(rest)
        elif kind == "unpick":
            sel.pick = None
            sel.cell = None
        elif kind == "list":
            self.list_open = not self.list_open
        elif kind == "show":  # a turn in the since line: bring its tile into view, marked
            x, y = (int(v) for v in rest.split(":"))
            sel.flash = (x, y)
            self.zoom.show_point((x + 0.5) * U, (y + 0.5) * U)
        else:
            self.zoom.step(arg)

    def after_render(self, root) -> None:
        from ... import dom  # the browser only

        dom.attach_pan_zoom("cc-board", self.zoom)

    # --------------------------------------------------------------- render
    def render(self, view: dict, legal: list) -> str:
        sel = self.sel
        sel.follow(view.get("moves"))
        self.view, self.legal = view, legal
        self.words = self.ctx.words
        self.last_turn = marks.last_turn(view, self.ctx)  # the viewer's last turn (None: nothing marked)
        self.placed = marks.placed_since(view, self.ctx, self.last_turn)  # the others' tiles since
        self.say = Say(self.ctx)
        phase = view.get("phase")
        cells = {}
        if legal and phase == "place":
            for i, a in enumerate(legal):
                if a.get("type") == "place":
                    cells.setdefault((a["x"], a["y"]), []).append(i)
        if sel.cell not in cells:
            sel.cell = None
        chosen = None
        if sel.cell is not None:
            opts = cells[sel.cell]
            chosen = opts[sel.rot_i % len(opts)]
        if sel.pick is not None and not (0 <= sel.pick < len(legal)):
            sel.pick = None
        # the roles of the new tile's spots, as the engine names them
        prompt = view.get("prompt") or {}
        self.roles = {f["feature"]: f["role"] for f in prompt.get("features") or []}

        board = self._board(cells, chosen)
        bar = self._toolbar(cells, chosen)
        extra = self._final() if view.get("over") else ""
        toggle, opts = self._lists(cells)
        foot = h('<div class="cc-foot">{}{}</div>{}', toggle, self._track(), opts)
        zoom = self.zoom.buttons(self.words.ui("zoom_in"), self.words.ui("zoom_out"), self.words.ui("fit"), "cc")
        return h('<div class="cc-screen">{}<div class="cc-board-wrap">{}{}</div>{}{}</div>',
                 bar, board, zoom, foot, extra)

    # .......................................................... the board
    def _bounds(self, cells) -> list[float]:
        view = self.view
        xs = [t["x"] for t in view.get("tiles") or []]
        ys = [t["y"] for t in view.get("tiles") or []]
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

    def _focus(self, cells):
        """Where a view that cannot show the whole board looks: the square
        chosen; else between the tiles placed since the viewer's last turn
        and the square one may place on nearest them (so both are in sight
        when the turn comes), or the square nearest the middle of them all;
        else the tile just placed."""
        if self.sel.cell is not None:
            return ((self.sel.cell[0] + 0.5) * U, (self.sel.cell[1] + 0.5) * U)
        placed = [(e["x"], e["y"]) for e in self.placed]
        if cells:
            around = placed or list(cells)
            mx, my = sum(x for x, _ in around) / len(around), sum(y for _, y in around) / len(around)
            x, y = min(cells, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
            if placed:
                x, y = (x + mx) / 2, (y + my) / 2
            return ((x + 0.5) * U, (y + 0.5) * U)
        tiles, last = self.view.get("tiles") or [], self.view.get("last")
        if last is not None and 0 <= last < len(tiles):
            return ((tiles[last]["x"] + 0.5) * U, (tiles[last]["y"] + 0.5) * U)
        return None

    def _board(self, cells, chosen) -> Html:
        """The board in layers; each large part that stays the same from move
        to move (a placed tile, the wheel, a follower) is keyed (kit.keep),
        so a drawing sends the browser only what changed."""
        view, legal, words, sel = self.view, self.legal, self.words, self.sel
        zoom = self.zoom
        zoom.fit = self._bounds(cells)
        zoom.focus = self._focus(cells)
        if zoom.size:  # the view for the board as it is now, as ui.dom would place it after the drawing
            zoom.limit(*zoom.size)
        out = [h('<svg id="cc-board" class="cc-board" viewBox="{}" style="{}" data-view="{}" '
                 'preserveAspectRatio="xMidYMid meet" role="group" tabindex="0" aria-label="{}. {}" data-frame>',
                 zoom.viewbox(), zoom.style(), zoom.view(), words.ui("board"), words.ui("board_keys")),
               marks.DEFS, Html('<rect x="-100000" y="-100000" width="200000" height="200000" fill="#e9e2cf"/>')]
        wheel = view.get("wheel")
        if wheel:
            out.append(keep("cc-land", "g", _wheel_land()))
        tiles = view.get("tiles") or []
        out.append(tag("g", join(keep(f"cc-t{i}", "g", tile_svg(t["id"], t["x"], t["y"], t["rot"]))
                                 for i, t in enumerate(tiles))))
        if wheel:
            pts = crown_points()
            out.append(keep("cc-wheel", "g", _wheel_disc(words, wheel["pig"]), self._segment_taps(),
                            join(_crown_space(*pts[c["crown"]]) for seg in wheel["segments"] for c in seg["crowns"])))
        # finished features, what scored since the viewer's last turn, the tiles placed since (marks.py)
        out.append(keep("cc-done", "g", marks.finished(view)))
        highlights, chips = marks.score_marks(view, self.ctx, marks.scorings(view, self.last_turn))
        marked = [highlights]
        placed = self.placed
        marked.append(marks.placed_marks(placed, self.ctx, sel.flash))
        last = view.get("last")
        if last is not None and 0 <= last < len(tiles) and not any(
                (e["x"], e["y"]) == (tiles[last]["x"], tiles[last]["y"]) for e in placed):
            t = tiles[last]
            marked.append(h('<rect class="cc-last" x="{}" y="{}" width="94" height="94" fill="none" rx="4">'
                            '<title>{}</title></rect>', t["x"] * U + 3, t["y"] * U + 3, words.ui("last_tile")))
        out.append(keep("cc-marks", "g", *marked))
        # followers
        pest_ids = {}
        if legal and view.get("phase") == "pest":
            pest_ids = {a["follower"]: i for i, a in enumerate(legal) if a.get("type") == "pest"}
        followers = []
        for f in view.get("followers") or []:
            pos = self._follower_pos(f, tiles)
            if pos is None:
                continue
            label = self._follower_label(f)
            ring = ""
            if f["id"] in pest_ids:  # a mark: the choice itself is a finger-sized button in the bar
                i = pest_ids[f["id"]]
                ring = Html(f'<circle class="cc-spot cc-pest{" cc-picked" if sel.pick == i else ""}" '
                            f'cx="{_f(pos[0])}" cy="{_f(pos[1])}" r="34" aria-hidden="true"/>')
            followers.append(keep(f"cc-f{f['id']}", "g", ring, self._meeple(pos[0], pos[1], f["seat"],
                                                                            f.get("role"), label)))
        out.append(tag("g", join(followers)))
        out.append(keep("cc-chips", "g", chips))
        # the step's own marks
        steps = []
        phase = view.get("phase")
        if legal and phase == "place":
            drawn = view.get("drawn")
            for (x, y), idx in sorted(cells.items()):
                if sel.cell == (x, y) and chosen is not None:
                    steps.append(tile_svg(drawn, x, y, legal[chosen]["rot"], "cc-preview"))
                    more = len(idx) > 1
                    label = words.ui("rotate") if more else words.ui("selected_cell", square=self._square(x, y))
                    steps.append(h('<rect class="cc-cell cc-cell-sel" x="{}" y="{}" width="96" height="96" '
                                   'data-cmd="ui" data-arg="cell:{}:{}" role="button" tabindex="-1" '
                                   'aria-label="{}"/>', x * U + 2, y * U + 2, x, y, label))
                    if more:
                        steps.append(Html(f'<g class="cc-rot-hint" aria-hidden="true" transform="translate('
                                          f'{x * U + 82},{y * U + 18})"><circle r="13"/><text y="6" '
                                          'text-anchor="middle" font-size="18">⟳</text></g>'))
                else:
                    steps.append(h('<rect class="cc-cell" x="{}" y="{}" width="92" height="92" rx="6" '
                                   'data-cmd="ui" data-arg="cell:{}:{}" role="button" tabindex="-1" '
                                   'aria-label="{}"/>', x * U + 4, y * U + 4, x, y,
                                   words.ui("place_at", square=self._square(x, y))))
        elif legal and phase == "follower":
            steps.append(self._follower_spots(tiles))
        out.append(keep("cc-steps", "g", *steps))
        out.append(Html("</svg>"))
        return join(out)

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
        return self._anchor(tiles[ti], f.get("feature", 0))

    _anchor = staticmethod(marks.anchor)  # where a feature's spot is on the board

    def _follower_label(self, f) -> str:
        words = self.words
        role = words.name(f.get("role") or "")
        who = self.ctx.name(f.get("seat"))
        if f.get("role") == "crown":
            return words.ui("follower_on_crown", name=who, segment=words.name(f.get("segment") or ""))
        if "wheel_feature" in f:
            return words.ui("follower_on_wheel", name=who, role=role)
        return words.ui("follower_at", name=who, role=role, square=self._square(f.get("x"), f.get("y")))

    def _meeple(self, x, y, seat, role, label="") -> Html:
        return meeple(x, y, self.ctx.color(seat), self.ctx.symbol(seat), role, label)

    def _me(self):
        return self.ctx.viewer if self.ctx.viewer is not None else self.view.get("active")

    def _follower_spots(self, tiles) -> Html:
        view, legal, words = self.view, self.legal, self.words
        out = []
        last = view.get("last")
        t = tiles[last] if last is not None and 0 <= last < len(tiles) else None
        pts = crown_points()
        for i, a in enumerate(legal):
            if a.get("type") == "follower" and t is not None:
                x, y = self._anchor(t, a["feature"])
                role = self.roles.get(a["feature"])
                title = words.name(role)
            elif a.get("type") == "crown":
                x, y = pts[a["crown"]]
                role, title = "crown", words.ui("crown")
            else:
                continue
            label = self._option_label(a)
            picked = self.sel.pick == i
            if picked:
                out.append(self._meeple(x, y, self._me(), role, label))
            # a mark only, a pin and not a button: the spots are chosen in the close-ups above the board
            out.append(h('<circle class="{}" cx="{}" cy="{}" r="{}" aria-hidden="true"/>',
                         "cc-spot cc-picked" if picked else "cc-spot", _f(x), _f(y), 18 if picked else 7))
        return join(out)

    def _segment_taps(self) -> Html:
        """Each segment of the wheel opens its rules entry (its label is small
        on a large board): a wedge-shaped tap of its own."""
        out = []
        for seg in WHEEL["segments"]:
            d = wedge(seg["from_deg"], seg["to_deg"])
            out.append(h('<g class="cc-seg-tap" data-cmd="rules" data-arg="{}" role="button" tabindex="-1" '
                         'aria-label="{}"><path d="{}"/></g>', seg["id"],
                         self.say.t("rules.about", name=self.words.name(seg["id"])), d))
        return join(out)

    @staticmethod
    def _where(t, feature) -> str:
        """Where on the placed tile a feature's spot is, as seen on the board:
        one of NW N NE W C E SW S SE (tells apart two fields of one tile)."""
        ax, ay = TILES[t["id"]]["features"][feature]["anchor"]
        rx, ry = rotate_point(ax, ay, t["rot"])
        col = 0 if rx < 0.36 else 2 if rx > 0.64 else 1
        row = 0 if ry < 0.36 else 2 if ry > 0.64 else 1
        return (("NW", "N", "NE"), ("W", "C", "E"), ("SW", "S", "SE"))[row][col]

    def _square(self, x, y) -> str:
        """A square named as the log names it: from the wheel (or the start
        tile), with its place on the grid to tell neighbours apart."""
        return self.words.ui("square", x=x, y=y, **where_at(x, y, bool(self.view.get("wheel"))))

    def _option_label(self, a) -> str:
        view, words = self.view, self.words
        t = a.get("type")
        if t == "no_follower":
            return words.ui("no_follower")
        if t == "crown":
            seg = next((s for s in (view.get("wheel") or {}).get("segments", [])
                        if any(c["crown"] == a["crown"] for c in s["crowns"])), None)
            if seg is None:
                return words.ui("put_crown", segment="")
            if len(seg["crowns"]) == 1:
                return words.ui("put_crown", segment=words.name(seg["id"]))
            n = 1 + [c["crown"] for c in seg["crowns"]].index(a["crown"])  # two spaces of one segment told apart
            return words.ui("put_crown_n", n=n, segment=words.name(seg["id"]))
        if t == "follower":
            tile = view["tiles"][view["last"]]
            return words.ui("put_role", role=words.name(self.roles.get(a["feature"])),
                            where=words.ui("dir_" + self._where(tile, a["feature"])))
        if t == "pest":
            f = next((f for f in view.get("followers") or [] if f["id"] == a["follower"]), None)
            return self._follower_label(f) if f else "?"
        if t == "place":
            return words.ui("place_at", square=self._square(a["x"], a["y"]))
        return t or "?"

    def since_summary(self, view) -> Html | None:
        """The frame's line above the board: each other player's turn since
        the viewer's last one, a tap showing its tile (marks.summary)."""
        return marks.summary(view, self.ctx, marks.last_turn(view, self.ctx))

    def describe(self, a) -> str:
        """One legal action in words (the hint says what the bot would do)."""
        if a.get("type") == "place":
            return self.words.ui("bot_place", tile=self.words.name(self.view.get("drawn")),
                                 square=self._square(a["x"], a["y"]), turned=self.words.name(f"rot-{a['rot'] % 360}"))
        return self._option_label(a)

    def rules_extra(self, ident) -> Html:
        """A tile's picture beside its rules entry, and how many are still in the bag."""
        if ident not in TILES:
            return Html("")
        words = self.ctx.words
        left = ((getattr(self, "view", None) or {}).get("remaining") or {}).get(ident)
        count = tag("p", words.ui("in_bag", n=left), cls="cc-rules-fact") if left is not None else ""
        return h('<div class="cc-rules-pic">{}{}</div>', mini_tile(ident, 0, words.name(ident), "7rem"), count)

    def show_hint(self, i: int) -> None:
        """Show legal[i] on the board: the tile previewed on its square in its
        turn (then "Place tile" plays it), or the follower spot chosen."""
        a, sel = self.legal[i], self.sel
        if a.get("type") == "place":
            same = [j for j, b in enumerate(self.legal) if b.get("type") == "place" and (b["x"], b["y"]) == (a["x"], a["y"])]
            sel.cell, sel.rot_i = (a["x"], a["y"]), same.index(i)
        elif a.get("type") != "no_follower":
            sel.pick = i

    # ........................................................... controls
    def _toolbar(self, cells, chosen) -> Html:
        view, legal, words, sel = self.view, self.legal, self.words, self.sel
        phase = view.get("phase")
        drawn = view.get("drawn")
        # each piece of the bar has an id: a move that adds or takes away one (the close-up, the crowns)
        # redraws the others in place, not anew, in the frame that draws it (web/morph.js matches by id)
        parts = []
        if legal and phase == "follower":
            parts.append(self._closeup())
            parts.append(self._crown_closeup())
        elif drawn and not view.get("over"):
            rot = legal[chosen]["rot"] if chosen is not None else 0
            parts.append(h('<div class="cc-drawn" id="cc-drawn"><span class="cc-cap">{}</span>{}'
                           '<span class="cc-tname">{}</span></div>', words.ui("drawn"),
                           mini_tile(drawn, rot, words.name(drawn), TILE_SIZE), self.say.item(drawn)))
        if view.get("wheel"):  # the pig's segment, readable whatever the zoom
            seg = view["wheel"]["pig_segment"]
            parts.append(h('<div class="cc-pigseg" id="cc-pigseg"><span class="cc-cap">{}</span>{}</div>',
                           words.ui("pig"), self.say.item(seg)))
        parts.append(h('<div class="cc-left" id="cc-left"><span class="cc-cap">{}</span><strong class="cc-count" '
                       'id="cc-tiles-left">{}</strong></div>', words.ui("tiles_left"), view.get("tiles_left", 0)))
        act = []

        def hint(key, **params):
            act.append(tag("p", words.ui(key, **params), cls="cc-hint"))

        if legal and phase == "place":
            if chosen is None:
                hint("hint_place", n=len(cells))
            else:
                n = len(cells[sel.cell])
                turns = f" ({sel.rot_i % n + 1}/{n})" if n > 1 else ""
                act.append(ui_button("rot", "⟳ " + words.ui("rotate") + turns, id="cc-rotate", disabled=n <= 1))
                act.append(act_button(chosen, "✓ " + words.ui("confirm_place"), id="cc-confirm", cls="primary"))
        elif legal and phase == "follower":
            none_i = next((i for i, a in enumerate(legal) if a.get("type") == "no_follower"), None)
            if sel.pick is not None and legal[sel.pick].get("type") != "no_follower":
                act.append(act_button(sel.pick, "✓ " + self._option_label(legal[sel.pick]),
                                      id="cc-confirm", cls="primary"))
            else:
                hint("hint_follower")
            if none_i is not None:
                act.append(act_button(none_i, words.ui("no_follower"), id="cc-none"))
        elif legal and phase == "pest":
            if sel.pick is not None:
                act.append(act_button(sel.pick, f'✓ {words.ui("confirm_pest")}: '
                                      f'{self._option_label(legal[sel.pick])}', id="cc-confirm", cls="primary"))
            else:
                hint("hint_pest")
            act.append(self._choices("pest"))
        elif not view.get("over"):
            hint("waiting", name=self.ctx.name((view.get("to_act") or [None])[0]))
        parts.append(h('<div class="cc-actions" id="cc-actions">{}</div>', join(act)))
        return h('<div class="cc-bar">{}</div>', join(parts))

    def _closeup(self) -> Html:
        """The tile just placed, large, with its free follower spots as buttons
        (the same choices as the marks on the board, easier to hit)."""
        view, legal, words = self.view, self.legal, self.words
        tiles = view.get("tiles") or []
        last = view.get("last")
        if last is None or not 0 <= last < len(tiles):
            return Html("")
        t = tiles[last]
        seat = self._me()
        spots = []
        for i, a in enumerate(legal):
            if a.get("type") != "follower":
                continue
            ax, ay = TILES[t["id"]]["features"][a["feature"]]["anchor"]
            rx, ry = rotate_point(ax, ay, t["rot"])
            picked = self.sel.pick == i
            mark = h('<span class="cc-csym" style="--pc:{}">{}</span>', self.ctx.color(seat),
                     self.ctx.symbol(seat)) if picked else ""
            spots.append(ui_button(f"pick:{i}", mark, id=f"cc-cspot-{i}",
                                   cls="cc-cspot" + (" cc-picked" if picked else ""),
                                   style=f"left:{_f(rx * 100)}%;top:{_f(ry * 100)}%", pressed=picked,
                                   aria_label=self._option_label(a)))
        name = words.name(t["id"])
        return h('<div class="cc-drawn cc-closeup-wrap" id="cc-closeup-wrap"><span class="cc-cap">{new}</span>'
                 '<div class="cc-closeup" role="group" aria-label="{new}: {name}">{tile}{spots}</div></div>',
                 new=words.ui("new_tile"), name=name, tile=mini_tile(t["id"], t["rot"], name, TILE_SIZE),
                 spots=join(spots))

    def _choices(self, kind, label=None) -> Html:
        """The legal actions of one kind as finger-sized buttons (pick, then
        confirm): the close-up of choices too small to tap on the board."""
        label = label or self._option_label
        return join(ui_button(f"pick:{i}", label(a), cls="cc-choice", id=f"cc-choice-{i}",
                              pressed=self.sel.pick == i)
                    for i, a in enumerate(self.legal) if a.get("type") == kind)

    def _crown_short(self, a) -> str:
        """A crown space under its group's caption: its segment, numbered
        when the segment has two ("Tax 2")."""
        seg = next((s for s in (self.view.get("wheel") or {}).get("segments", [])
                    if any(c["crown"] == a["crown"] for c in s["crowns"])), None)
        if seg is None:
            return self._option_label(a)
        name = self.words.name(seg["id"])
        if len(seg["crowns"]) == 1:
            return name
        return f'{name} {1 + [c["crown"] for c in seg["crowns"]].index(a["crown"])}'

    def _crown_closeup(self) -> Html:
        """The free crown spaces one may take, as buttons (on the board they
        are far too small for a finger)."""
        if not any(a.get("type") == "crown" for a in self.legal):
            return Html("")
        return h('<div class="cc-crowns" id="cc-crowns" role="group" aria-labelledby="cc-crowns-h">'
                 '<span class="cc-cap" id="cc-crowns-h">{}</span>{}</div>', self.words.ui("crowns_free"),
                 self._choices("crown", self._crown_short))

    def _seats(self):
        return range(len(self.ctx.players))

    def _track(self) -> Html:
        scores = self.view.get("scores") or []
        scores = [scores[s] if s < len(scores) else 0 for s in self._seats()]
        summary = ", ".join(f"{self.ctx.name(s)} {scores[s]}" for s in self._seats())
        return keep("cc-track", "div", score_track(scores, [self.ctx.color(s) for s in self._seats()],
                                                  [self.ctx.symbol(s) for s in self._seats()]),
                    cls="cc-track", role="img", aria_label=self.words.ui("track") + ": " + summary)

    def player_details(self, view) -> dict:
        """Each player's followers in supply, for the frame's players panel."""
        words, supply = self.ctx.words, view.get("supply") or []
        out = {}
        for seat in self._seats():
            sp = supply[seat] if seat < len(supply) else 0
            out[seat] = h('<span class="cc-psupply" style="--pc:{}" title="{}" aria-label="{}">{}'
                          '<span class="cc-n">{}</span></span>', self.ctx.color(seat), words.ui("supply"),
                          words.ui("supply_n", n=sp), "♟" * sp, sp)
        return out

    def _lists(self, cells) -> tuple[Html, Html]:
        """The same choices as buttons (keyboard, screen readers): the button
        that opens the list, and the list when open."""
        view, legal, words, sel = self.view, self.legal, self.words, self.sel
        if not legal:
            return Html(""), Html("")
        items = []
        if view.get("phase") == "place":
            for (x, y) in sorted(cells):
                items.append(ui_button(f"square:{x}:{y}", words.ui("place_at", square=self._square(x, y)), cls="cc-opt",
                                       id=f"cc-opt-{x}_{y}", pressed=sel.cell == (x, y)))
            title = words.ui("list_cells")
        else:
            for i, a in enumerate(legal):
                if a.get("type") != "no_follower":
                    items.append(ui_button(f"pick:{i}", self._option_label(a), cls="cc-opt", id=f"cc-opt-{i}",
                                           pressed=sel.pick == i))
            title = words.ui("list_options")
        if not items:
            return Html(""), Html("")
        body = h('<div class="cc-opts" id="cc-opts">{}</div>', join(items)) if self.list_open else Html("")
        arrow = h('<span aria-hidden="true">{}</span> ', "▾" if self.list_open else "▸")
        toggle = ui_button("list", f"{title} ({len(items)})", icon=arrow, id="cc-list-toggle",
                           cls="cc-list-toggle", expanded=self.list_open, aria_controls="cc-opts")
        return toggle, body

    def _final(self) -> Html:
        """The final scoring: the engine's sums per category, and the log's
        entries of the final scoring feature by feature."""
        view, words = self.view, self.words
        log = view.get("log") or []
        start = max((i for i, e in enumerate(log) if e.get("k") == "final"), default=len(log))
        groups = {k: [e for e in log[start:] if e.get("k") == k] for k in FINAL_CATEGORIES}
        seats = list(self._seats())
        final = view.get("final") or [{} for _ in seats]
        scores = view.get("scores") or [0] * len(seats)
        out = [h('<section class="cc-final" tabindex="0" aria-labelledby="cc-final-h"><h2 id="cc-final-h">{}</h2>'
                 '<table class="cc-final-table"><thead><tr><th></th>{}</tr></thead><tbody>',
                 words.ui("final_title"), join(h("<th>{}</th>", self.ctx.badge(s)) for s in seats))]

        def row(cls, head, values):
            out.append(h('<tr{}><th scope="row">{}</th>{}</tr>', Html(f' class="{cls}"' if cls else ""), head,
                         join(h("<td>{}</td>", v) for v in values)))

        row("cc-before", words.ui("before_final"), [scores[s] - sum(final[s].values()) for s in seats])
        for cat in FINAL_CATEGORIES.values():
            row("", "+ " + words.name(cat), [final[s].get(cat, 0) for s in seats])
        row("cc-total", words.ui("total"), [scores[s] for s in seats])
        out.append(Html("</tbody></table>"))
        for k, cat in FINAL_CATEGORIES.items():
            out.append(tag("h3", words.name(cat)))
            if not groups[k]:
                out.append(tag("p", words.ui("final_none"), cls="cc-none"))
                continue
            out.append(h('<ul class="cc-final-list">{}</ul>', join(
                h('<li style="--pc:{}"><span class="cc-psym" aria-hidden="true">{}</span> {}</li>',
                  self.ctx.color(e.get("seat", 0)), self.ctx.symbol(e.get("seat", 0)), words.entry(e))
                for e in groups[k])))
        out.append(Html("</section>"))
        return join(out)
