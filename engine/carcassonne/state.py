"""Carcassonne - Het Rad van Fortuin on the shared protocol (see core.py)."""

from __future__ import annotations

from collections import Counter

from engine.protocol import State
from engine.secrecy import Pieces

from .core import CROWN_SEG, SEGMENTS, SEG_CROWNS, Game, deck_of
from .tiles import KIND_OF, MONASTERY, ROLE, TILES


class CarcassonneState(State):
    game_id = "carcassonne"

    def _setup(self):
        self.g = Game(self.seats, self.options)
        self.g.start_turn(self.rng)
        self._flush()

    def _flush(self):
        g = self.g
        for e in g.log:
            self.say(e)
        g.log.clear()
        self.turn = g.turn

    def _is_over(self):
        return self.g.phase == "over"

    def _to_act(self):
        return self.g.to_act()

    def _legal(self, seat):
        return self.g.legal()

    def _apply(self, seat, action):
        self.g.apply(action, self.rng)
        self._flush()

    def explain_illegal(self, seat, action):
        if isinstance(action, dict) and action.get("type") == "place" and self.g.phase == "place":
            return {"k": "tile_does_not_fit"}
        return None

    # ---------------------------------------------------------------- view
    def _follower_view(self, fid, f):
        seat, kind, node, crown, pi, feat = f
        if crown >= 0:
            return {"id": fid, "seat": seat, "role": "crown", "crown": crown,
                    "segment": SEGMENTS[CROWN_SEG[crown]]}
        if pi < 0:  # on the wheel's own land
            name = next(n for n, v in self.g.wheel_nodes.items() if v == node)
            return {"id": fid, "seat": seat, "role": ROLE[kind], "wheel_feature": name}
        t = self.g.placed[pi]
        return {"id": fid, "seat": seat, "role": ROLE[kind], "tile": pi, "x": t[1], "y": t[2],
                "feature": feat}

    def _public(self):
        """Every seat sees the whole table: the only thing nobody knows is
        which tile comes next, and that is the state's random future."""
        g = self.g
        followers = [self._follower_view(fid, f) for fid, f in sorted(g.followers.items())]
        phase = g.phase
        active = None if phase == "over" else g.current
        view = {
            "phase": phase,
            "active": active,
            "scores": list(g.scores),
            "breakdown": [dict(b) for b in g.breakdown],
            "players": [{"seat": s, "score": g.scores[s], "supply": g.supply[s],
                         "on_board": 7 - g.supply[s]} for s in range(self.seats)],
            "supply": list(g.supply),
            "tiles": [{"n": i, "id": t[0], "x": t[1], "y": t[2], "rot": t[3]}
                      for i, t in enumerate(g.placed)],
            "followers": followers,
            "last": g.last,
            "drawn": g.drawn,
            "tiles_left": len(g.bag),
            "discarded": list(g.discarded),
            "remaining": dict(sorted(Counter(g.bag).items())),
            "deck": dict(deck_of(self.options)),
            "completed": self._completed(),
            "turn": g.turn,
            "current": g.current,
            "next_follower": g.next_fid,
            "pest_queue": list(g.pest_queue),
            "final": None if g.final is None else [dict(f) for f in g.final],
        }
        if g.wof:
            view["wheel"] = {
                "x": 0, "y": 0, "size": 4, "pig": g.pig, "pig_segment": SEGMENTS[g.pig],
                "segments": [{"id": SEGMENTS[i], "crowns": [
                    {"crown": k, "seat": None if g.crowns[k] is None else g.followers[g.crowns[k]][0],
                     "follower": g.crowns[k]} for k in SEG_CROWNS[i]]} for i in range(len(SEGMENTS))],
            }
        else:
            view["wheel"] = None
        prompt = {"k": phase}
        if phase == "place":
            prompt.update(tile=g.drawn, pig=TILES[g.drawn]["pig"] if g.wof else 0,
                          spots=[[x, y, r] for x, y, r in g.placements])
        elif phase == "follower":
            t = g.placed[g.last]
            opts = g.follower_options()
            prompt.update(tile=g.last, x=t[1], y=t[2],
                          features=[{"feature": a["feature"],
                                     "role": ROLE[KIND_OF[t[0]][a["feature"]]]}
                                    for a in opts if a["type"] == "follower"],
                          crowns=[a["crown"] for a in opts if a["type"] == "crown"])
        elif phase == "pest":
            s = g.pest_queue[0]
            prompt.update(seat=s, followers=g.pest_options(s))
        view["prompt"] = prompt
        return view

    def _pieces(self):
        """Every tile in the open: the bag is known as a set (`remaining`),
        and which comes next is the random future, no piece of the state."""
        g = self.g
        return Pieces(public={"board": [t[0] for t in g.placed], "bag": sorted(g.bag),
                              "discarded": list(g.discarded), "drawn": [g.drawn] if g.drawn else []},
                      own=[{} for _ in range(self.seats)])

    def _completed(self):
        """[tile index, feature] of every city or road part that is finished,
        and of every monastery with all eight neighbours (the screen shades
        them); a finished feature of the wheel's own land as [-1, its id].
        Kept until the next tile is placed (only a tile finishes something):
        every view asks it, and it walks the whole board."""
        g = self.g
        kept = getattr(self, "_completed_kept", None)
        if kept is not None and kept[0] is g and kept[1] == len(g.placed):
            return kept[2]
        out = []
        for i, (tid, x, y, _, base) in enumerate(g.placed):
            for f, k in enumerate(KIND_OF[tid]):
                if (k <= 1 and g.open[g.find(base + f)] == 0) or (k == MONASTERY and g._surrounded(x, y)):
                    out.append([i, f])
        for name, node in g.wheel_nodes.items():
            if g.kind[node] <= 1 and g.open[g.find(node)] == 0:
                out.append([-1, name])
        self._completed_kept = (g, len(g.placed), out)
        return out

    def _result(self):
        g = self.g
        best = max(g.scores)
        return {
            "winners": [s for s in range(self.seats) if g.scores[s] == best],
            "scores": list(g.scores),
            "breakdown": [dict(b) for b in g.breakdown],
        }
