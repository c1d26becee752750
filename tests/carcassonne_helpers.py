"""Helpers to build Carcassonne positions directly (scenario tests)."""

from engine.carcassonne.core import Game
from engine.carcassonne.tiles import KIND_OF, KINDS, TILES

BLUE, RED, YELLOW, BLACK, GREEN = 0, 1, 2, 3, 4
OX, OY = 20, 20  # far from the classic start tile at (0, 0)


def empty(seats=2, options=None):
    """A classic-start game with an empty bag (the start tile sits at 0,0)."""
    g = Game(seats, dict(options or {}, start="classic"), log=True)
    g.bag = []
    return g


def feat(tile_id, kind, port=None):
    """Index of the feature of `kind` (touching `port` in the tile's own turn)."""
    k = KINDS.index(kind)
    for i, f in enumerate(TILES[tile_id]["features"]):
        if KIND_OF[tile_id][i] == k and (port is None or port in f.get("ports", ())):
            return i
    raise KeyError((tile_id, kind, port))


def put(g, tile_id, x, y, rot=0, seat=None, kind=None, port=None, score=True, check=True):
    """Place a tile (checking every touching edge), optionally with a follower
    of `seat` on its feature of `kind` (which must still be free, as in play);
    then score what it finished."""
    x, y = x + OX, y + OY
    if check:
        assert rot in g.fits(tile_id, x, y), f"{tile_id} rot {rot} does not fit at {x - OX},{y - OY}"
    g.last = g.add_tile(tile_id, x, y, rot)
    if seat is not None:
        i = feat(tile_id, kind, port)
        node = g.placed[g.last][4] + i
        assert not g.fols[g.find(node)], f"{kind} of {tile_id} at {x - OX},{y - OY} is taken"
        g.current = seat
        g.put_follower(seat, node, KINDS.index(kind), g.last, i)
    if score:
        g.score_after_placing()
    return g.last


def scored(g, key=None):
    return [e for e in g.log if key is None or e["k"] == key]
