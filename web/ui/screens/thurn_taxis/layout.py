"""Where the city names and the bonus tiles go on the Thurn und Taxis map.

Pure geometry on the map data (no rule): each name takes the free spot next
to its city, each region's tiles lie inside the region (on the border of a
two-country region), a free city's tile beside the city, the other stacks in
a row under the map.
"""

from __future__ import annotations

TILE_W, TILE_H = 28, 32
CHAR_W = 7.6          # a bold 12-unit label, per character (generous)
_LAYOUTS: dict = {}


def _overlap(a, b) -> float:
    """Overlapping area of two boxes (x, y, w, h)."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _inside(pt, box) -> bool:
    return box[0] <= pt[0] <= box[0] + box[2] and box[1] <= pt[1] <= box[1] + box[3]


def label_box(x, y, anchor, width):
    """The box (x, y, w, h) a city's name takes at its spot."""
    left = x - width / 2 if anchor == "middle" else (x if anchor == "start" else x - width)
    return (left, y - 10, width, 13)


def layout(m: dict, names: dict, nseats: int, stack_keys: tuple) -> dict:
    """Label spots, tile spots, the tray of other stacks and the map's box (cached)."""
    key = (m["id"], tuple(sorted(names.items())), nseats, stack_keys)
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    pos = {c["id"]: (c["x"], c["y"]) for c in m["cities"]}
    hw = (nseats - 1) / 2 * 15 + 8
    blocks = [(x - 11, y - 11, 22, 22) for x, y in pos.values()]           # the cities
    blocks += [(x - hw, y - 28, 2 * hw, 17) for x, y in pos.values()]      # their house rows
    road_pts = []
    for a, b in m["roads"]:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        road_pts += [(x1 + (x2 - x1) * k / 8, y1 + (y2 - y1) * k / 8) for k in range(1, 8)]

    def cost(box, placed, blocks=blocks, road_pts=road_pts):
        area = sum(_overlap(box, b) for b in blocks) + 20 * sum(_overlap(box, b) for b in placed)
        return area + 6 * sum(1 for p in road_pts if _inside(p, box))

    def near(x, y, reach):
        """The blocks and road points that a box within `reach` of (x, y) can touch."""
        area = (x - reach, y - reach, 2 * reach, 2 * reach)
        return ([b for b in blocks if _overlap(b, area)], [p for p in road_pts if _inside(p, area)])

    # names: the most crowded cities choose first
    def crowd(c):
        x, y = pos[c]
        return -sum(1 for (u, v) in pos.values() if abs(u - x) < 70 and abs(v - y) < 45)

    labels, placed = {}, []
    for cid in sorted(pos, key=crowd):
        x, y = pos[cid]
        width = CHAR_W * len(names[cid]) + 2
        best = None
        local = near(x, y, 40 + CHAR_W * len(names[cid]))
        here = [b for b in placed if _overlap(b, (x - 150, y - 60, 300, 120))]
        for rank, (lx, ly, anchor) in enumerate((
                (x, y + 22, "middle"), (x + 13, y + 5, "start"), (x - 13, y + 5, "end"),
                (x + 7, y + 21, "start"), (x - 7, y + 21, "end"), (x, y - 31, "middle"),
                (x + 11, y - 9, "start"), (x - 11, y - 9, "end"))):
            box = label_box(lx, ly, anchor, width)
            c = cost(box, here, *local) + rank * 4
            if best is None or c < best[0]:
                best = (c, (lx, ly, anchor), box)
        labels[cid] = best[1]
        placed.append(best[2])

    # bonus tiles on the map: regions and free cities
    tiles = {}
    country_cities = {}
    for c in m["cities"]:
        country_cities.setdefault(c["country"], []).append(c["id"])
    dirs = [(1, 0), (0.92, 0.38), (0.71, 0.71), (0.38, 0.92), (0, 1), (-0.38, 0.92), (-0.71, 0.71),
            (-0.92, 0.38), (-1, 0), (-0.92, -0.38), (-0.71, -0.71), (-0.38, -0.92), (0, -1),
            (0.38, -0.92), (0.71, -0.71), (0.92, -0.38)]
    spots = []
    for r in m["bonus"]["regions"]:
        cities = [c for k in r["countries"] for c in country_cities.get(k, [])]
        if cities:
            spots.append(("region:" + r["id"], cities, (0, 12, 24, 36, 48, 60)))
    for c in m["cities"]:
        if c["country"] is None:
            spots.append(("free:" + c["id"], [c["id"]], (26, 34, 42)))
    for skey, cities, radii in spots:
        if skey not in stack_keys:
            continue
        cx = sum(pos[c][0] for c in cities) / len(cities)
        cy = sum(pos[c][1] for c in cities) / len(cities)
        centres = [(cx, cy, radii)]
        if len(cities) > 1:  # a region in two parts: also beside each of its cities
            centres += [(pos[c][0], pos[c][1], (30, 42)) for c in cities]
        best = None
        for ox, oy, rs in centres:
            local = near(ox, oy, max(rs) + 40)
            here = [b for b in placed if _overlap(b, (ox - 110, oy - 110, 220, 220))]
            for r in rs:
                for dx, dy in (dirs if r else [(0, 0)]):
                    tx, ty = ox + dx * r, oy + dy * r
                    box = (tx - TILE_W / 2 - 2, ty - TILE_H / 2 - 2, TILE_W + 8, TILE_H + 8)
                    c = cost(box, here, *local) + 0.5 * ((tx - cx) ** 2 + (ty - cy) ** 2) ** 0.5
                    if best is not None and c >= best[0]:
                        continue
                    # the tile lies in its region: no other city nearer to it
                    closest = min(pos, key=lambda k: (pos[k][0] - tx) ** 2 + (pos[k][1] - ty) ** 2)
                    c += 0 if closest in cities else 400
                    if best is None or c < best[0]:
                        best = (c, (round(tx, 1), round(ty, 1)), box)
        tiles[skey] = best[1]
        placed.append(best[2])

    # the rest in a row under the map
    top = max(b[1] + b[3] for b in placed + blocks) + 10
    left = min(b[0] for b in placed + blocks)
    tray = [k for k in stack_keys if not k.startswith(("region:", "free:"))]
    step = 86
    for i, k in enumerate(tray):
        tiles[k] = (left + 40 + i * step, top + TILE_H / 2 + 4)
    boxes = placed + blocks + [(x - TILE_W / 2, y - TILE_H / 2, TILE_W, TILE_H + 22)
                               for k, (x, y) in tiles.items() if k in tray]
    x0 = min(b[0] for b in boxes) - 10
    y0 = min(b[1] for b in boxes) - 8
    x1 = max(b[0] + b[2] for b in boxes) + 10
    y1 = max(b[1] + b[3] for b in boxes) + 8
    out = {"labels": labels, "tiles": tiles, "tray": tray,
           "box": (round(x0), round(y0), round(x1 - x0), round(y1 - y0))}
    _LAYOUTS[key] = out
    return out


