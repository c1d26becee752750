"""What the log tells a person about a move, as data (the screen words it).

Only a game that keeps a log asks for these (the bots' copies keep none, so
their search never pays for them):

- `where(g, x, y)` (`where_at(x, y, wheel)`): a square said from the wheel (or the classic start tile):
  `{"dir": "dir-ne", "dist": 2, "from": "from-wheel"}`, "2 squares north-east
  of the wheel"; `dir` is one of dir-n dir-ne dir-e dir-se dir-s dir-sw dir-w
  dir-nw, `dist` the squares between them (at least 1).
- `joins(g, x, y)`: what the tile just placed at (x, y) joined on its edges:
  joins-city, joins-road, joins-both, or joins-field (fields only).
- `turned(rot)`: rot-0 rot-90 rot-180 rot-270 (clockwise).
- `parts(g, root)`: every part of the feature `root` on the board,
  `[[x, y, feature], ...]`: the tile at (x, y) and the index of the feature
  on it (its `TILES[...]["features"]` index); on the wheel's own land the
  square (x, y) and the id of the wheel's feature (`WHEEL["features"]`),
  e.g. `[0, 1, "road_left"]`.  The union-find knows a city's or road's
  tiles, so it costs a look at those; `field_parts(g)` gives every field's
  parts in one walk of the board (the final scoring asks for them all).

The log, entry by entry (every entry also has `turn` and `move`; `seat` is
the player it is about; words in web/ui/screens/carcassonne/words.json):

  draw          seat, tile                      the tile drawn
  discard       seat, tile                      it fits nowhere: set aside
  place         seat, tile, x, y, rot, dir, dist, from, turned, joins
  follower      seat, role, x, y, feature, on   on: f-city f-road f-field f-monastery
  crown_place   seat, crown, segment
  no_follower   seat
  pig           seat, steps, segment            the drawn tile moved the pig
  fortuna       seat, points
  belasting_city  seat, points, knights, coats, at (the city): a line per city and seat
  hongersnood_field  seat, points, farmers, cities, at (the field): per field and seat
  belasting, hongersnood, onweer, inquisitie    seat, points (inquisitie: monks, and
                at: the monasteries of its monks): only seats that score, and
                a tax or famine total only after several lines of one seat
  wheel_none    segment                         nobody scores from this action
  pest          seat, role[, x, y]              a follower taken back
  pest_none     seat
  crown_score   seat, points, segment, crown
  tie           seats, followers, kind[, field]
  score_city, score_road, score_monastery, end_city, end_road, end_monastery
                seat, points, shared, tiles, at[, coats][, x, y]
  farm          seat, points, cities, field, farmers, shared, at
  final;  game_over  scores
"""

from __future__ import annotations

from .tiles import CLASSIC_START, FIELD, KIND_OF, WHEEL

# the squares of each feature of the wheel's own land (x, y): its cells and the cells of its ports
WHEEL_CELLS: dict[str, list] = {}
for _f in WHEEL["features"]:
    _cells = [tuple(c) for c in _f.get("cells", ())]
    _cells += [tuple(p["cell"]) for p in WHEEL["ports"] if p["feature"] == _f["id"]]
    WHEEL_CELLS[_f["id"]] = [[c, r] for r, c in sorted(set(_cells))]

_DIRS = {(0, -1): "dir-n", (1, -1): "dir-ne", (1, 0): "dir-e", (1, 1): "dir-se",
         (0, 1): "dir-s", (-1, 1): "dir-sw", (-1, 0): "dir-w", (-1, -1): "dir-nw"}


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def where(g, x: int, y: int) -> dict:
    return where_at(x, y, g.wof)


def where_at(x: int, y: int, wheel: bool) -> dict:
    """The square (x, y) said from the wheel (or from the classic start tile
    when `wheel` is off): the log's words for it, which the table uses for
    every square it names (the list, the hint, a follower's place)."""
    if wheel:
        lo_x = lo_y = 0
        hi_x = hi_y = WHEEL["size"] - 1
        origin = "from-wheel"
    else:
        lo_x = hi_x = CLASSIC_START["x"]
        lo_y = hi_y = CLASSIC_START["y"]
        origin = "from-start"
    dx = x - hi_x if x > hi_x else x - lo_x if x < lo_x else 0
    dy = y - hi_y if y > hi_y else y - lo_y if y < lo_y else 0
    sx, sy = _sign(dx), _sign(dy)
    if abs(dy) >= 2 * abs(dx):  # mostly north or south: say only that
        sx = 0
    elif abs(dx) >= 2 * abs(dy):
        sy = 0
    return {"dir": _DIRS[(sx, sy)], "dist": max(abs(dx), abs(dy)), "from": origin}


def joins(g, x: int, y: int) -> str:
    edges = g.board[(x, y)][0]
    touched = set()
    for s, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
        if (x + dx, y + dy) in g.board:
            touched.add(edges[s])
    city, road = "C" in touched, "R" in touched
    return "joins-both" if city and road else "joins-city" if city else "joins-road" if road else "joins-field"


def turned(rot: int) -> str:
    return f"rot-{rot % 360}"


def field_parts(g) -> dict:
    """{field root: its parts} for every field on the board, in one walk."""
    find = g.find
    out: dict = {}
    for tid, x, y, _, base in g.placed:
        for f, k in enumerate(KIND_OF[tid]):
            if k == FIELD:
                out.setdefault(find(base + f), []).append([x, y, f])
    for name, node in g.wheel_nodes.items():
        if g.kind[node] == FIELD:
            out.setdefault(find(node), []).extend([x, y, name] for x, y in WHEEL_CELLS[name])
    return out


def parts(g, root: int) -> list:
    find = g.find
    if g.kind[root] == FIELD:
        tiles = range(len(g.placed))
    else:
        tiles = sorted(k for k in g.tiles[root] if k >= 0)
    out = []
    for i in tiles:
        tid, x, y, _, base = g.placed[i]
        for f in range(len(KIND_OF[tid])):
            if find(base + f) == root:
                out.append([x, y, f])
    for name, node in g.wheel_nodes.items():
        if find(node) == root:
            out.extend([x, y, name] for x, y in WHEEL_CELLS[name])
    return out
