"""Tile data for Carcassonne - Het Rad van Fortuin, read from tiles.json.

The screen may import this for drawing: `TILES[tile_id]` gives
`{"shape", "pig", "edges", "features"}` with every feature's kind, ports
(sides N E S W for cities and roads, half-edges NL NR EL ER SL SR WL WR for
fields), `coats`, field `cities` and an `anchor` (x right, y down, 0..1) in
the tile's own orientation; a placed tile is turned `rot` degrees clockwise.
`WHEEL` is the 4x4 start board (its ports, features, segments and crowns).
`DATA` is the whole JSON, `data_json()` its text.
"""

from __future__ import annotations

import json
from pathlib import Path

_PATH = Path(__file__).with_name("tiles.json")
DATA = json.loads(_PATH.read_text())
SIDES = "NESW"
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
HALF_INDEX = {h: i for i, h in enumerate(HALVES)}
KINDS = ("city", "road", "field", "monastery")
CITY, ROAD, FIELD, MONASTERY = 0, 1, 2, 3
ROLE = {CITY: "knight", ROAD: "robber", FIELD: "farmer", MONASTERY: "monk"}

TILES: dict = {}
for _tid, _t in DATA["tiles"].items():
    _shape = DATA["shapes"][_t["shape"]]
    TILES[_tid] = {"shape": _t["shape"], "pig": _t["pig"], "edges": _shape["edges"],
                   "features": _shape["features"]}
WHEEL = DATA["wheel"]
DECKS = DATA["decks"]
CLASSIC_START = DATA["classic_start"]


def data_json() -> str:
    return _PATH.read_text()


def _rotations(tile):
    """Distinct placements of a tile: [(rot_deg, edges, side_feat, half_feat)].

    side_feat[s]: local feature index of the city/road on side s (or -1);
    half_feat[h]: local field feature index on half-edge h (or -1), both in
    board orientation after turning the tile."""
    out, seen = [], set()
    feats = tile["features"]
    for q in range(4):
        edges = tuple(tile["edges"][(s - q) % 4] for s in range(4))
        side = [-1] * 4
        half = [-1] * 8
        for i, f in enumerate(feats):
            for p in f.get("ports", ()):
                if len(p) == 1:
                    side[(SIDES.index(p) + q) % 4] = i
                else:
                    s = (SIDES.index(p[0]) + q) % 4
                    half[2 * s + (0 if p[1] == "L" else 1)] = i
        # two rotations are the same placement when every port maps to an
        # equal feature (same kind, coats, port set after turning)
        sig = (edges, tuple(
            (feats[i]["kind"], feats[i].get("coats", 0)) if i >= 0 else None for i in side + half),
            tuple(sorted(tuple(sorted(
                [s for s in range(4) if side[s] == i] + [4 + h for h in range(8) if half[h] == i]))
                for i in range(len(feats)))))
        if sig in seen:
            continue
        seen.add(sig)
        out.append((90 * q, edges, tuple(side), tuple(half)))
    return out


ROTATIONS = {tid: _rotations(t) for tid, t in TILES.items()}
KIND_OF = {tid: tuple(KINDS.index(f["kind"]) for f in t["features"]) for tid, t in TILES.items()}
