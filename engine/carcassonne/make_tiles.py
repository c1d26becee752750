"""One-off generator: research tile data -> engine/carcassonne/tiles.json.

    python -m engine.carcassonne.make_tiles /work/shared/reference/carcassonne-wof-tiles.json

Not imported at run time.  tiles.json is the data the engine reads; edit it
directly for a corrected count or a new tile (one line in "decks").
Anchors (where a follower is drawn, x right / y down in 0..1) are placed by
a simple rule here and may be tuned by hand in the JSON.
"""

import json
import sys
from pathlib import Path

SIDES = "NESW"
HALF_PT = {"NL": (0.25, 0.0), "NR": (0.75, 0.0), "EL": (1.0, 0.25), "ER": (1.0, 0.75),
           "SL": (0.75, 1.0), "SR": (0.25, 1.0), "WL": (0.0, 0.75), "WR": (0.0, 0.25)}
SIDE_PT = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


def toward(p, q, t):
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def anchor(kind, ports, taken):
    c = (0.5, 0.5)
    if kind == "monastery":
        a = c
    elif kind in ("city", "road"):
        pts = [SIDE_PT[p] for p in ports]
        avg = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        if len(ports) == 1:
            a = toward(pts[0], c, 0.3 if kind == "city" else 0.45)
        elif len(ports) == 4 or avg == c:
            a = c
        else:
            a = toward(avg, c, 0.35)
    else:
        pts = [HALF_PT[p] for p in ports]
        avg = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        a = toward(avg, c, 0.3) if len(ports) < 8 else c
        if len(ports) <= 2:
            a = toward(avg, c, 0.25)
        corners = {frozenset(("NL", "WR")): (0.13, 0.13), frozenset(("NR", "EL")): (0.87, 0.13),
                   frozenset(("ER", "SL")): (0.87, 0.87), frozenset(("SR", "WL")): (0.13, 0.87)}
        if frozenset(ports) in corners:
            return list(corners[frozenset(ports)])
    for b in taken:
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) < 0.25:
            first = HALF_PT[ports[0]] if kind == "field" else SIDE_PT[ports[0]]
            a = toward(first, c, 0.2)
            if kind == "field" and len(ports) == 8:
                a = (0.18, 0.18)
            break
    return [round(a[0], 3), round(a[1], 3)]


def shape_of(t):
    edges = "".join(t["edges"][s] for s in SIDES)
    feats = []
    city_index = {}
    if t.get("monastery"):
        feats.append({"kind": "monastery"})
    for c in t["cities"]:
        city_index["-".join(c["edges"])] = len(feats)
        f = {"kind": "city", "ports": list(c["edges"])}
        if c.get("pennant"):
            f["coats"] = 1
        feats.append(f)
    for r in t["roads"]:
        feats.append({"kind": "road", "ports": list(r["ends"])})
    for fl in t["fields"]:
        ports = [p for p in fl["half_edges"].split() if p in HALF_PT]
        cities = [city_index[k] for k in fl["touches_city_on_tile"]]
        feats.append({"kind": "field", "ports": ports, "cities": cities})
    taken = []
    for f in feats:
        f["anchor"] = anchor(f["kind"], f.get("ports", []), taken)
        taken.append(tuple(f["anchor"]))
    # sanity: every C/R side has exactly one feature, every F or R side both halves
    for i, s in enumerate(SIDES):
        owners = [f for f in feats if f["kind"] in ("city", "road") and s in f["ports"]]
        assert len(owners) == (1 if edges[i] in "CR" else 0), (t["type"], s)
        halves = [p for f in feats if f["kind"] == "field" for p in f["ports"] if p[0] == s]
        assert len(halves) == (0 if edges[i] == "C" else 2), (t["type"], s, halves)
    return {"edges": edges, "features": feats}


def wheel():
    top, right, bottom_rl, left_bt = "CFRF", "FFCF", "RFFC", "CFRF"
    edge = {}
    for c in range(4):
        edge[(0, c, "N")] = top[c]
        edge[(3, 3 - c, "S")] = bottom_rl[c]
    for r in range(4):
        edge[(r, 3, "E")] = right[r]
        edge[(3 - r, 0, "W")] = left_bt[r]
    feats = [
        {"id": "city_top", "kind": "city", "cells": [[0, 0]], "anchor": [0.5, 0.25]},
        {"id": "city_right", "kind": "city", "cells": [[2, 3]], "anchor": [3.75, 2.5]},
        {"id": "city_corner", "kind": "city", "cells": [[3, 0]], "anchor": [0.3, 3.7]},
        {"id": "road_top", "kind": "road", "cells": [[0, 2]], "anchor": [2.5, 0.35]},
        {"id": "road_left", "kind": "road", "cells": [[1, 0]], "anchor": [0.35, 1.5]},
        {"id": "road_bottom", "kind": "road", "cells": [[3, 3]], "anchor": [3.5, 3.65]},
        {"id": "field_NW", "kind": "field", "cities": ["city_top"], "anchor": [1.3, 0.3]},
        {"id": "field_E", "kind": "field", "cities": ["city_right"], "anchor": [3.7, 1.3]},
        {"id": "field_SW", "kind": "field", "cities": ["city_corner"], "anchor": [1.5, 3.75]},
    ]
    ports = []
    sidefeat = {(0, 0, "N"): "city_top", (2, 3, "E"): "city_right", (3, 0, "S"): "city_corner",
                (3, 0, "W"): "city_corner", (0, 2, "N"): "road_top", (1, 0, "W"): "road_left",
                (3, 3, "S"): "road_bottom"}
    halffeat = {}
    for (r, c, s), f in [((0, 0, "W"), "field_NW"), ((0, 1, "N"), "field_NW"),
                         ((0, 3, "N"), "field_E"), ((0, 3, "E"), "field_E"), ((1, 3, "E"), "field_E"),
                         ((3, 3, "E"), "field_E"), ((2, 0, "W"), "field_SW"), ((3, 1, "S"), "field_SW"),
                         ((3, 2, "S"), "field_SW")]:
        halffeat[(r, c, s + "L")] = f
        halffeat[(r, c, s + "R")] = f
    halffeat[(0, 2, "NL")] = "field_NW"
    halffeat[(0, 2, "NR")] = "field_E"
    halffeat[(1, 0, "WR")] = "field_NW"
    halffeat[(1, 0, "WL")] = "field_SW"
    halffeat[(3, 3, "SL")] = "field_E"
    halffeat[(3, 3, "SR")] = "field_SW"
    for (r, c, s), t in sorted(edge.items()):
        if t in "CR":
            ports.append({"cell": [r, c], "port": s, "feature": sidefeat[(r, c, s)]})
        if t in "FR":
            for h in "LR":
                ports.append({"cell": [r, c], "port": s + h, "feature": halffeat[(r, c, s + h)]})
    edges = [{"cell": [r, c], "side": s, "type": t} for (r, c, s), t in sorted(edge.items())]
    import math
    segs = []
    names = ["fortuna", "belasting", "hongersnood", "onweer", "inquisitie", "pest"]
    ncrowns = [1, 2, 1, 2, 1, 2]
    for i, (n, k) in enumerate(zip(names, ncrowns)):
        ang = math.radians(60 * i)
        offs = [0.0] if k == 1 else [-14.0, 14.0]
        crowns = []
        for o in offs:
            a = ang + math.radians(o)
            crowns.append([round(2 + 1.35 * math.sin(a), 3), round(2 - 1.35 * math.cos(a), 3)])
        segs.append({"id": n, "crowns": crowns, "from_deg": 60 * i - 30, "to_deg": 60 * i + 30})
    return {
        "size": 4,
        "note": "occupies board cells x=col 0..3, y=row 0..3 (y down); anchors in board units; "
                "segment angles clockwise from straight up around the centre (2,2)",
        "edges": edges, "ports": ports, "features": feats, "segments": segs, "pig_start": 0,
        "inner_cells": [[1, 1], [1, 2], [2, 1], [2, 2]],
    }


def main(src):
    d = json.loads(Path(src).read_text())
    shapes, tiles, wof, classic = {}, {}, {}, {}
    for t in d["base_game_tile_types"] + d["wof_additional_tile_types"]:
        name = t["type"]
        shapes[name] = shape_of(t)
        if t.get("count_base_game"):
            tiles[name] = {"shape": name, "pig": 0}
            classic[name] = t["count_base_game"]
        icons = {int(k): v for k, v in t.get("wheel_icons_wof", {}).items()}
        plain = (t.get("count_wof") or 0) - sum(icons.values())
        if plain:
            tiles.setdefault(name, {"shape": name, "pig": 0})
            wof[name] = plain
        for pig, n in sorted(icons.items()):
            tid = f"{name}-p{pig}"
            tiles[tid] = {"shape": name, "pig": pig}
            wof[tid] = n
    classic["D"] -= 1  # the start tile is placed, not drawn
    out = {
        "about": "Carcassonne - Het Rad van Fortuin tile data for the Speeltafel engine. "
                 "Edges N,E,S,W: C city, R road, F field. Ports: sides N E S W for cities/roads; "
                 "half-edges NL NR EL ER SL SR WL WR for fields (JCloisterZone: L/R as seen looking "
                 "outward from the tile centre, so NL is the west half of N, EL the north half of E, "
                 "SL the east half of S, WL the south half of W). Rotation is clockwise in degrees. "
                 "Anchors: follower position, x right / y down in 0..1. field.cities: indexes of the "
                 "city features on the same tile this field borders. Source: "
                 "/work/shared/reference/carcassonne-wof-tiles.json (TTS mod data, JCloisterZone, "
                 "wingedsheep); decks count tiles per tile id.",
        "shapes": shapes,
        "tiles": tiles,
        "decks": {"wof": wof, "classic": classic},
        "classic_start": {"tile": "D", "x": 0, "y": 0, "rot": 0},
        "wheel": wheel(),
    }
    path = Path(__file__).with_name("tiles.json")
    path.write_text(json.dumps(out, indent=1, sort_keys=False) + "\n")
    print("wof", sum(wof.values()), "classic", sum(classic.values()) + 1,
          "pig tiles", sum(v for k, v in wof.items() if "-p" in k))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/reference/carcassonne-wof-tiles.json")
