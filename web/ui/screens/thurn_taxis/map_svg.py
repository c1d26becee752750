"""The Thurn und Taxis map in our own SVG: countries, roads, every route, the
bonus tiles lying on the map, houses, where the selected card may go, the
scoring preview, and what changed since the viewer's last turn (news.py).

The parts that stay the same from move to move (the land and its roads, each
bonus tile, each city with its houses, the city names) are keyed (kit.keep):
a drawing sends the browser only the ones that changed (ui/memo.py)."""

from __future__ import annotations

from ...kit import Html, attrs, join, keep
from .layout import CHAR_W, TILE_H, TILE_W, label_box, layout


class MapSvg:
    """The map part of the Screen (a mixin: it reads the render's state)."""

    def _stack_order(self):
        """Every bonus stack of this map, in the order of the board."""
        m, stacks = self.m, self.view.get("stacks") or {}
        order = (["region:" + r["id"] for r in m["bonus"]["regions"]] + ["all"]
                 + [f"len{n}" for n in sorted(int(k) for k in m["bonus"]["length"])]
                 + sorted(k for k in stacks if k.startswith("free:")) + ["end"])
        return tuple(k for k in order if k in stacks)

    def _stack_colours(self, key):
        if key.startswith("region:"):
            region = next(r for r in self.m["bonus"]["regions"] if "region:" + r["id"] == key)
            return [self.country_colour[c] for c in region["countries"]]
        if key.startswith("free:"):
            return [self._colour(None)]
        return []

    def _stack_text(self, key):
        vals = (self.view.get("stacks") or {}).get(key) or []
        if not vals:
            return self.t("tile_gone", name=self.n(key))
        return self.t("tile_stack", name=self.n(key), v=vals[0], n=len(vals))

    def _tile(self, key, x, y, caption="", taken=()):
        """A bonus stack on the map; `taken`: the seats that took a tile of
        it since the viewer's last turn (a ring in each one's colour)."""
        vals = (self.view.get("stacks") or {}).get(key) or []
        label = self._stack_text(key)
        if taken:
            label = label + Html(" – ") + self.t("news_tile_taken", names=self.say.players(taken))
        x0, y0 = x - TILE_W / 2, y - TILE_H / 2
        out = [f'<title>{label}</title>']
        for k, seat in enumerate(taken):
            pad = 4 + 4 * k
            out.append(f'<rect x="{x0 - pad}" y="{y0 - pad}" width="{TILE_W + 2 * pad}" height="{TILE_H + 2 * pad}" '
                       f'rx="6" class="tt-news-tile" style="--pc:{self.ctx.color(seat)}" data-seat="{seat}"/>')
        for k in range(min(len(vals) - 1, 3), 0, -1):  # the stack's depth
            out.append(f'<rect x="{x0 + 2 * k}" y="{y0 + 2 * k}" width="{TILE_W}" height="{TILE_H}" rx="3" '
                       f'class="tt-tile-under"/>')
        out.append(f'<rect x="{x0}" y="{y0}" width="{TILE_W}" height="{TILE_H}" rx="3" class="tt-tile-face"/>')
        cols = self._stack_colours(key) if vals else []
        for i, col in enumerate(cols):
            w = TILE_W / len(cols)
            out.append(f'<rect x="{x0 + i * w:.1f}" y="{y0}" width="{w:.1f}" height="7" style="fill:{col}" '
                       f'class="tt-tile-band"/>')
        out.append(f'<text x="{x}" y="{y + (9 if cols else 6)}" class="tt-tile-val">{vals[0] if vals else "–"}</text>')
        if caption:
            out.append(f'<text x="{x + 2}" y="{y0 + TILE_H + 17}" class="tt-tile-cap">{caption}</text>')
        return keep("tt-tile-" + key.replace(":", "-"), "g", Html("".join(out)), cls="tt-tile" + ("" if vals else " gone"),
                    data_stack=key, role="img", aria_label=label)

    def _tile_caption(self, key):
        if key.startswith("len"):
            return self.t("tile_cap_len", n=key[3:])
        return self.t("tile_cap_" + key)

    def _svg(self) -> str:
        m, view = self.m, self.view
        pos = {c["id"]: (c["x"], c["y"]) for c in m["cities"]}
        players = view["players"]
        nseats = len(players)
        names = {c["id"]: self.ctx.words.name(c["id"]) for c in m["cities"]}  # plain: their lengths place them
        lay = layout(m, names, nseats, self._stack_order())
        x0, y0, w, h = lay["box"]
        out = [f'<svg class="tt-map" viewBox="{x0} {y0} {w} {h}" role="group" '
               f'aria-label="{self.t("map_label", map=self.n(m["id"]))}">']
        land = [f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="14" class="tt-sea"/>']
        # countries: a wash in the country colour over its cities and the roads
        # between them (a country in two parts stays in two parts)
        country_of = {c["id"]: c["country"] for c in m["cities"]}
        groups: dict = {}
        for c in m["cities"]:
            groups.setdefault(c["country"], []).append(
                f'<circle cx="{c["x"]}" cy="{c["y"]}" r="{17 if c["country"] is None else 21}"/>')
        for a, b in m["roads"]:
            if country_of[a] == country_of[b] and country_of[a] is not None:
                (x1, y1), (x2, y2) = pos[a], pos[b]
                groups[country_of[a]].append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
        for k, parts in groups.items():
            land.append(f'<g class="tt-country" style="--cc:{self._colour(k)}">{"".join(parts)}</g>')
        # roads
        for a, b in m["roads"]:
            (x1, y1), (x2, y2) = pos[a], pos[b]
            land.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="tt-road"/>')
        out.append(keep("tt-land", "g", Html("".join(land))))  # the same all game long
        # routes scored since the viewer's last turn: bold in the scorer's colour on a light casing
        news = self.news
        for sc in news.scorings:
            route = [c for c in sc["route"] if c in pos]
            pts = " ".join(f"{pos[c][0]},{pos[c][1]}" for c in route)
            out.append(f'<polyline points="{pts}" class="tt-news-case"/>'
                       f'<polyline points="{pts}" class="tt-news-route" style="--pc:{self.ctx.color(sc["seat"])}" '
                       f'data-seat="{sc["seat"]}"/>')
        # every player's route: the viewer's thick and solid, each other seat
        # with its own dash pattern (shown again in the players' panel)
        order = [s for s in range(nseats) if s != self.me] + ([self.me] if self.me is not None else [])
        for s in order:
            route = [c["city"] for c in players[s]["route"]]
            if not route:
                continue
            cls = "tt-route-line mine" if s == self.me else f"tt-route-line dash{s % 4}"
            style = f'style="--pc:{self.ctx.color(s)}" data-seat="{s}"'
            if len(route) == 1:
                x, y = pos[route[0]]
                out.append(f'<circle cx="{x}" cy="{y}" r="15" class="{cls}" {style}/>')
            else:
                pts = " ".join(f"{pos[c][0]},{pos[c][1]}" for c in route)
                out.append(f'<polyline points="{pts}" class="{cls}" {style}/>')
        # where the selected card may go: dashed links from the route ends
        targets = {}
        if self.sel is not None:
            mine = [c["city"] for c in players[self.me]["route"]] if self.me is not None else []
            for i in self.card_acts.get(self.sel, []):
                a = self.legal[i]
                if a["type"] != "play":
                    continue
                targets.setdefault(a["city"], []).append(i)
                if mine:
                    frm = mine[0] if a["end"] == "head" else mine[-1]
                    (x1, y1), (x2, y2) = pos[frm], pos[a["city"]]
                    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="tt-link"/>')
        # the bonus tiles: in their regions, beside their free cities, the rest in a row
        tiles_taken = news.tiles()
        for key, (tx, ty) in lay["tiles"].items():
            if key.startswith("free:") and key[5:] in pos:  # a thin line to its free city
                cx, cy = pos[key[5:]]
                out.append(f'<line x1="{cx}" y1="{cy}" x2="{tx}" y2="{ty}" class="tt-tile-lead"/>')
            out.append(self._tile(key, tx, ty, self._tile_caption(key) if key in lay["tray"] else "",
                                  taken=tiles_taken.get(key, ())))
        # placement preview
        preview = set()
        if self.score_shown:
            preview = set(self.legal[self.score_shown[self.pick]]["cities"])
        # houses per city
        houses: dict[str, list] = {}
        for s, p in enumerate(players):
            for c in p["houses"]:
                houses.setdefault(c, []).append(s)
        sel_city = self.sel.split("|")[0] if self.sel else None
        laid, built = news.laid_now(players), news.houses()
        names_layer = []  # the city names, drawn over everything else (houses, tiles, "+N") so they stay legible
        for c in m["cities"]:
            cid, x, y = c["id"], c["x"], c["y"]
            name = names[cid]
            lx, ly, anchor = lay["labels"][cid]
            ring = ""
            for k, s in enumerate(laid.get(cid, [])):  # a card laid since the viewer's last turn
                title = self.t("news_laid", name=self.ctx.name(s), city=self.n(cid))
                ring += (f'<circle cx="{x}" cy="{y}" r="{15 + 5 * k}" class="tt-news-card" '
                         f'style="--pc:{self.ctx.color(s)}" data-seat="{s}"><title>{title}</title></circle>')
            if cid == sel_city:
                ring += f'<circle cx="{x}" cy="{y}" r="15" class="tt-selring"/>'
            body = (f'{ring}<circle cx="{x}" cy="{y}" r="9" class="tt-city{" free" if c["country"] is None else ""}" '
                    f'style="--cc:{self._colour(c["country"])}"/>')
            text = f'<text x="{lx}" y="{ly}" class="tt-label" text-anchor="{anchor}">{self.n(cid)}</text>'
            # houses above the city, one fixed slot per seat
            for s in houses.get(cid, []):
                hx = x + (s - (nseats - 1) / 2) * 15
                body += self._house(hx, y - 19, s, new=(cid, s) in built)
            if cid in preview and self.me is not None:
                body += self._house(x + (self.me - (nseats - 1) / 2) * 15, y - 19, self.me, ghost=True)
                body += f'<circle cx="{x}" cy="{y}" r="14" class="tt-prevring"/>'
            if cid in targets:
                i = targets[cid][0]
                label = self.t("play_at", city=name, end=self.t(self.legal[i]["end"]))
                out.append(keep(f"tt-city-{cid}", "g", Html(f'<title>{label}</title>'
                                f'<circle cx="{x}" cy="{y}" r="17" class="tt-glow"/>{body}'
                                f'<circle cx="{x}" cy="{y}" r="25" class="tt-hit"/>'),
                                cls="tt-target", data_city=cid, data_cmd="act", data_arg=i, tabindex="0",
                                role="button", aria_label=label))
                # its name is part of the target: a tap on "Mannheim" plays there too (the city's
                # own group is the one keyboards and screen readers reach)
                lx0, ly0, lw, lh = label_box(lx, ly, anchor, CHAR_W * len(name) + 2)
                names_layer.append(f'<g class="tt-target tt-name-tap"{attrs(data_city=cid)} data-cmd="act" '
                                   f'data-arg="{i}" aria-hidden="true"><rect x="{lx0 - 4:.1f}" y="{ly0 - 4}" '
                                   f'width="{lw + 8:.1f}" height="{lh + 8}" rx="6" class="tt-hit"/>{text}</g>')
            else:
                out.append(keep(f"tt-city-{cid}", "g", Html(f'<title>{self.n(cid)} – {self._country_name(c)}</title>{body}'),
                                cls="tt-citygrp", data_city=cid))
                names_layer.append(text)
        for sc in news.scorings:
            out.append(self._points(sc, pos, nseats, lay["box"]))
        out.append(keep("tt-names", "g", join(Html(n) for n in names_layer)))
        out.append("</svg>")
        return "".join(out)

    def _points(self, sc, pos, nseats, box) -> str:
        """"+N" over a route scored since the viewer's last turn: the points
        the entries give (the viewer's own bonus tiles counted; another's
        tiles as how many, their values are hidden), over the house built
        nearest the route's middle (below it at the map's top edge)."""
        route = [c for c in sc["route"] if c in pos]
        if not route:
            return ""
        mx = sum(pos[c][0] for c in route) / len(route)
        my = sum(pos[c][1] for c in route) / len(route)
        spots = sorted([c for c in sc["houses"] if c in pos] or route,
                       key=lambda c: (pos[c][1] - 58 < box[1] + 3, (pos[c][0] - mx) ** 2 + (pos[c][1] - my) ** 2))
        at = spots[0]  # nearest the middle, with room above it if any has
        seat = sc["seat"]
        x = pos[at][0] + (seat - (nseats - 1) / 2) * 15
        y = pos[at][1] - 58  # above the row of houses
        own = sc["bonus"] is not None
        points = sc["points"] + (sc["bonus"] or 0)
        lines = [f"+{points}"]
        if sc["tiles"] and not own:
            lines.append(str(self.t("news_tiles", n=len(sc["tiles"]))))
        title = self.t("news_score_own" if own else "news_score", name=self.ctx.name(seat), p=points)
        if sc["tiles"]:
            title = title + Html(" ") + self.t("news_tiles_named", tiles=self.say.sentence(
                self.n(k) for k in sc["tiles"]))
        w = max(len(line) for line in lines) * 8.5 + 12
        hgt = 19 * len(lines) + 3
        # inside the map: near its top edge the pill goes below the city instead
        if y < box[1] + 3:
            y = pos[at][1] + 14
        x = min(max(x, box[0] + w / 2 + 3), box[0] + box[2] - w / 2 - 3)
        text = "".join(f'<text x="{x}" y="{y + 15 + 19 * i}" class="{"tt-news-pts" if i == 0 else "tt-news-sub"}">'
                       f'{line}</text>' for i, line in enumerate(lines))
        return (f'<g class="tt-news-score" style="--pc:{self.ctx.color(seat)}" data-seat="{seat}" role="img" '
                f'aria-label="{title}"><title>{title}</title>'
                f'<rect x="{x - w / 2:.1f}" y="{y}" width="{w:.1f}" height="{hgt}" rx="9"/>{text}</g>')

    def _country_name(self, c):
        return self.n(c["country"]) if c["country"] else self.t("free_city")

    def _house(self, x, y, seat, ghost=False, new=False):
        """A house; `new`: built since the viewer's last turn (a glow behind it)."""
        cls = "tt-house ghost" if ghost else "tt-house new" if new else "tt-house"
        sym = self.ctx.symbol(seat)
        glow = f'<circle cx="{x}" cy="{y}" r="12" class="tt-news-house"/>' if new else ""
        return (f'<g class="{cls}" style="--pc:{self.ctx.color(seat)}" data-seat="{seat}">{glow}'
                f'<path d="M{x - 7} {y + 7} V{y - 1} L{x} {y - 8} L{x + 7} {y - 1} V{y + 7} Z"/>'
                f'<text x="{x}" y="{y + 5}">{sym}</text></g>')

