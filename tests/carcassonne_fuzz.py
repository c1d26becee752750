"""Random-legal Carcassonne games with cheap incremental invariant checks."""

from engine.carcassonne.core import DX, DY, FOLLOWERS, Game, deck_of
from engine.carcassonne.tiles import TILES
from engine.rng import Rng


def edges_of(tile_id, rot):
    q = rot // 90
    e = TILES[tile_id]["edges"]
    return tuple(e[(s - q) % 4] for s in range(4))


def nothing_fits(g, tile_id):
    empties = {(x + DX[s], y + DY[s]) for (x, y) in g.board for s in range(4)} - set(g.board)
    for (x, y) in empties:
        for rot in (0, 90, 180, 270):
            e = edges_of(tile_id, rot)
            ok = True
            for s in range(4):
                cell = g.board.get((x + DX[s], y + DY[s]))
                if cell is not None and cell[0][(s + 2) % 4] != e[s]:
                    ok = False
                    break
            if ok:
                return False
    return True


def fuzz_game(seats, seed, options=None):
    g = Game(seats, options, log=False)
    play_rng, rng = Rng(seed), Rng(seed * 7 + 1)
    g.start_turn(play_rng)
    deck = sum(deck_of(options or {}).values())
    start_tiles = len(g.placed)
    scores = list(g.scores)
    discards = 0
    steps = 0
    while g.phase != "over":
        legal = g.legal()
        assert legal and g.to_act()
        action = rng.choice(legal)
        if action["type"] == "place":
            tid = g.drawn
        g.apply(action, play_rng)
        steps += 1
        assert steps < 2000
        if action["type"] == "place":
            x, y, rot = action["x"], action["y"], action["rot"]
            e = edges_of(tid, rot)
            touching = 0
            for s in range(4):
                cell = g.board.get((x + DX[s], y + DY[s]))
                if cell is not None:
                    touching += 1
                    assert cell[0][(s + 2) % 4] == e[s], "edge mismatch"
            assert touching >= 1
        if len(g.discarded) > discards:
            for t in g.discarded[discards:]:
                assert nothing_fits(g, t), f"{t} was set aside but fits"
            discards = len(g.discarded)
        on_board = [0] * seats
        for f in g.followers.values():
            on_board[f[0]] += 1
        for s in range(seats):
            assert g.supply[s] >= 0 and g.supply[s] + on_board[s] == FOLLOWERS
            assert g.scores[s] >= scores[s]
        scores = list(g.scores)
    assert not g.bag and g.drawn is None
    assert len(g.placed) - start_tiles + len(g.discarded) == deck
    assert sum(sum(b.values()) for b in g.breakdown) == sum(g.scores)
    return g
