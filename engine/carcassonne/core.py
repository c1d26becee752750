"""The rules of Carcassonne - Het Rad van Fortuin, without the protocol.

`Game` holds the board and runs the turn (the wheel's actions in wheel.py); `state.py` wraps it in the shared
protocol, and the bots run it directly for search (with their own Rng).

Features are kept incrementally in a union-find: every feature segment of
every placed tile is a node; placing a tile unions the segments across the
touching edges.  A root keeps the open edge count (a city or road is done at
0), its tiles, coats of arms, followers and (fields) the city segments it
borders.  Legal placements are checked only on the frontier (empty cells
beside the board).
"""

from __future__ import annotations

from . import story
from .tiles import (CITY, CLASSIC_START, DECKS, FIELD, KIND_OF, MONASTERY, ROAD, ROLE,
                    ROTATIONS, TILES, WHEEL, HALF_INDEX, SIDES)
from .wheel import CROWN_SEG, SEG_CROWNS, SEGMENTS, WheelActions  # noqa: F401 (state, bots import them here)

DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
NEIGHBOURS8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
FOLLOWERS = 7
KIND_NAME = ("city", "road", "field", "monastery")
CATEGORIES = ("roads", "cities", "monasteries", "farms", "wheel", "crowns")
CAT_OF = {CITY: "cities", ROAD: "roads", MONASTERY: "monasteries", FIELD: "farms"}


def deck_of(options):
    return DECKS["classic" if options.get("start") == "classic" else "wof"]


class Game(WheelActions):
    def __init__(self, seats, options=None, log=True):
        options = options or {}
        self.seats = seats
        self.wof = options.get("start", "wheel") != "classic"
        self.wheel_board = options.get("wheel_tiles", "cell") == "board"
        self.pig_on_discard = bool(options.get("pig_on_discard", False))
        self.log = [] if log else None
        # union-find over feature segments
        self.parent = []
        self.kind = []
        self.open = []
        self.coats = []
        self.tiles = []     # per root: set of tile keys
        self.fols = []      # per root: list of follower ids
        self.fcities = []   # per field root: list of city nodes it borders
        # board
        self.board = {}     # (x, y) -> (edges, side_nodes, half_nodes, tile_key, monastery_node)
        self.placed = []    # [tile_id, x, y, rot, first_node]
        self.frontier = set()
        self.followers = {}  # fid -> [seat, role_kind, node, crown, placed_index, feature]
        self.next_fid = 0
        self.supply = [FOLLOWERS] * seats
        self.scores = [0] * seats
        self.breakdown = [{c: 0 for c in CATEGORIES} for _ in range(seats)]
        self.crowns = [None] * len(CROWN_SEG) if self.wof else []
        self.pig = WHEEL["pig_start"] if self.wof else None
        self.bag = [t for t, n in sorted(deck_of(options).items()) for _ in range(n)]
        self.drawn = None
        self.placements = []
        self.phase = "place"
        self.current = 0
        self.turn = 0
        self.last = None         # index into placed of the tile placed this/last turn
        self.pest_queue = []
        self.discarded = []
        self.wheel_nodes = {}
        self.final = None        # per seat: points of the final scoring by category
        if self.wof:
            self._setup_wheel()
        else:
            s = CLASSIC_START
            self.add_tile(s["tile"], s["x"], s["y"], s["rot"])

    # ------------------------------------------------------------- copying
    def copy(self):
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.log = None
        g.parent = self.parent[:]
        g.kind = self.kind
        g.kind = self.kind[:]
        g.open = self.open[:]
        g.coats = self.coats[:]
        # per-node sets/lists are never changed in place (union and the
        # follower moves build new ones), so shallow copies suffice
        g.tiles = self.tiles[:]
        g.fols = self.fols[:]
        g.fcities = self.fcities[:]
        g.board = dict(self.board)
        g.placed = self.placed[:]
        g.frontier = set(self.frontier)
        g.followers = dict(self.followers)
        g.supply = self.supply[:]
        g.scores = self.scores[:]
        g.breakdown = [dict(b) for b in self.breakdown]
        g.crowns = self.crowns[:]
        g.bag = self.bag[:]
        g.placements = self.placements[:]
        g.pest_queue = self.pest_queue[:]
        g.discarded = self.discarded[:]
        return g

    def say(self, entry):
        if self.log is not None:
            entry["turn"] = self.turn
            self.log.append(entry)

    # ---------------------------------------------------------- union-find
    def new_node(self, kind, ports, tile_key, coats=0):
        n = len(self.parent)
        self.parent.append(n)
        self.kind.append(kind)
        self.open.append(ports)
        self.coats.append(coats)
        self.tiles.append({tile_key} if kind != FIELD else None)
        self.fols.append([])
        self.fcities.append([] if kind == FIELD else None)
        return n

    def find(self, n):
        parent = self.parent
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    def union(self, a, b):
        a, b = self.find(a), self.find(b)
        if a == b:
            return a
        if self.kind[a] == FIELD:
            if len(self.fcities[a]) < len(self.fcities[b]):
                a, b = b, a
            find = self.find
            self.fcities[a] = list({find(c) for c in self.fcities[a] + self.fcities[b]})
            self.fcities[b] = None
        else:
            if len(self.tiles[a]) < len(self.tiles[b]):
                a, b = b, a
            self.tiles[a] = self.tiles[a] | self.tiles[b]
            self.tiles[b] = None
            self.open[a] += self.open[b]
            self.coats[a] += self.coats[b]
        self.parent[b] = a
        if self.fols[b]:
            self.fols[a] = self.fols[a] + self.fols[b]
        self.fols[b] = None
        return a

    # --------------------------------------------------------------- board
    def _setup_wheel(self):
        names = {}
        for f in WHEEL["features"]:
            kind = ("city", "road", "field", "monastery").index(f["kind"])
            ports = sum(1 for p in WHEEL["ports"] if p["feature"] == f["id"] and len(p["port"]) == 1)
            key = self.wheel_key(*f["cells"][0]) if "cells" in f else None
            names[f["id"]] = self.new_node(kind, ports, key, f.get("coats", 0))
        for f in WHEEL["features"]:
            for c in f.get("cities", ()):
                self.fcities[names[f["id"]]].append(names[c])
        self.wheel_nodes = names
        cells = {}
        for r in range(4):
            for c in range(4):
                cells[(r, c)] = [[None] * 4, [-1] * 4, [-1] * 8]
        for e in WHEEL["edges"]:
            cells[tuple(e["cell"])][0][SIDES.index(e["side"])] = e["type"]
        for p in WHEEL["ports"]:
            cell = cells[tuple(p["cell"])]
            if len(p["port"]) == 1:
                cell[1][SIDES.index(p["port"])] = names[p["feature"]]
            else:
                cell[2][HALF_INDEX[p["port"]]] = names[p["feature"]]
        for (r, c), (edges, side, half) in cells.items():
            self.board[(c, r)] = (tuple(edges), tuple(side), tuple(half), self.wheel_key(r, c), -1)
        for (x, y) in list(self.board):
            for s in range(4):
                p = (x + DX[s], y + DY[s])
                if p not in self.board:
                    self.frontier.add(p)

    def wheel_key(self, r, c):
        return -1 if self.wheel_board else -1 - (4 * r + c)

    def fits(self, tile_id, x, y):
        """The distinct rotations of tile_id that may go at (x, y)."""
        board = self.board
        cons = []
        for s in range(4):
            cell = board.get((x + DX[s], y + DY[s]))
            cons.append(None if cell is None else cell[0][(s + 2) % 4])
        out = []
        for rot, edges, _, _ in ROTATIONS[tile_id]:
            for s in range(4):
                c = cons[s]
                if c is not None and c != edges[s]:
                    break
            else:
                out.append(rot)
        return out

    def legal_placements(self, tile_id):
        out = []
        for (x, y) in sorted(self.frontier):
            for rot in self.fits(tile_id, x, y):
                out.append((x, y, rot))
        return out

    def add_tile(self, tile_id, x, y, rot):
        """Put a tile on the board and join its features; returns its index."""
        for r in ROTATIONS[tile_id]:
            if r[0] == rot:
                _, edges, side, half = r
                break
        else:
            raise ValueError("rotation")
        idx = len(self.placed)
        kinds = KIND_OF[tile_id]
        feats = TILES[tile_id]["features"]
        base = len(self.parent)
        mon = -1
        for i, k in enumerate(kinds):
            f = feats[i]
            n = self.new_node(k, len(f["ports"]) if k in (CITY, ROAD) else 0, idx, f.get("coats", 0))
            if k == MONASTERY:
                mon = n
        for i, k in enumerate(kinds):
            if k == FIELD:
                for c in feats[i].get("cities", ()):
                    self.fcities[base + i].append(base + c)
        side_nodes = tuple(-1 if i < 0 else base + i for i in side)
        half_nodes = tuple(-1 if i < 0 else base + i for i in half)
        board = self.board
        for s in range(4):
            cell = board.get((x + DX[s], y + DY[s]))
            if cell is None:
                continue
            o = (s + 2) % 4
            if edges[s] != "F":
                r = self.union(side_nodes[s], cell[1][o])
                self.open[r] -= 2
            if edges[s] != "C":
                self.union(half_nodes[2 * s], cell[2][2 * o + 1])
                self.union(half_nodes[2 * s + 1], cell[2][2 * o])
        board[(x, y)] = (edges, side_nodes, half_nodes, idx, mon)
        self.placed.append((tile_id, x, y, rot, base))
        self.frontier.discard((x, y))
        for s in range(4):
            p = (x + DX[s], y + DY[s])
            if p not in board:
                self.frontier.add(p)
        return idx

    def node_of(self, placed_index, feature):
        return self.placed[placed_index][4] + feature

    # ----------------------------------------------------------- followers
    def put_follower(self, seat, node, kind, placed_index, feature):
        fid = self.next_fid
        self.next_fid += 1
        self.followers[fid] = [seat, kind, node, -1, placed_index, feature]
        r = self.find(node)
        self.fols[r] = self.fols[r] + [fid]
        self.supply[seat] -= 1
        return fid

    def put_crown(self, seat, crown):
        fid = self.next_fid
        self.next_fid += 1
        self.followers[fid] = [seat, -1, -1, crown, -1, -1]
        self.crowns[crown] = fid
        self.supply[seat] -= 1
        return fid

    def take_back(self, fid):
        seat, kind, node, crown, _, _ = self.followers.pop(fid)
        if crown >= 0:
            self.crowns[crown] = None
        else:
            r = self.find(node)
            self.fols[r] = [x for x in self.fols[r] if x != fid]
        self.supply[seat] += 1

    def owners(self, root):
        """Seats with the most followers on the feature (all tied seats)."""
        count = [0] * self.seats
        for fid in self.fols[root]:
            count[self.followers[fid][0]] += 1
        best = max(count)
        return [s for s in range(self.seats) if count[s] == best] if best else [], count

    def add_score(self, seat, points, category):
        self.scores[seat] += points
        self.breakdown[seat][category] += points

    def monastery_neighbours(self, x, y):
        board = self.board
        cells = [board.get((x + dx, y + dy)) for dx, dy in NEIGHBOURS8]
        if not self.wheel_board:
            return sum(1 for c in cells if c is not None)
        return len({c[3] for c in cells if c is not None})

    def feature_points(self, root, complete, x=0, y=0):
        k = self.kind[root]
        if k == MONASTERY:
            return 9 if complete else 1 + self.monastery_neighbours(x, y)
        tiles = len(self.tiles[root])
        if k == ROAD:
            return tiles
        return (2 if complete else 1) * (tiles + self.coats[root])

    def score_feature(self, root, complete, pos=None):
        winners, count = self.owners(root)
        k = self.kind[root]
        if winners:
            pts = self.feature_points(root, complete, *(pos or (0, 0)))
            shared = len(winners) > 1
            at = story.parts(self, root) if self.log is not None else None  # which feature, for the board
            if shared:
                self.say({"k": "tie", "seats": list(winners), "followers": max(count),
                          "kind": KIND_NAME[k]})
            for s in winners:
                self.add_score(s, pts, CAT_OF[k])
                entry = {"k": ("score_" if complete else "end_") + KIND_NAME[k], "seat": s,
                         "points": pts, "shared": shared}
                if k == MONASTERY:
                    entry["tiles"] = pts if not complete else 9
                else:
                    entry["tiles"] = len(self.tiles[root])
                if k == CITY:
                    entry["coats"] = self.coats[root]
                if pos is not None:
                    entry["x"], entry["y"] = pos
                if at is not None:
                    entry["at"] = at
                self.say(entry)
        if complete:
            for fid in list(self.fols[root]):
                self.take_back(fid)

    # ---------------------------------------------------------------- turn
    def follower_options(self):
        """Legal follower actions after placing (besides no_follower)."""
        if self.supply[self.current] <= 0 or self.last is None:
            return []
        tile_id, _, _, _, base = self.placed[self.last]
        out = []
        for i, k in enumerate(KIND_OF[tile_id]):
            if not self.fols[self.find(base + i)]:
                out.append({"type": "follower", "feature": i})
        if self.wof:
            for c, occ in enumerate(self.crowns):
                if occ is None:
                    out.append({"type": "crown", "crown": c})
        return out

    def start_turn(self, rng):
        """Draw for the current player until a tile can be placed."""
        while True:
            if not self.bag:
                self.drawn = None
                self.finish_game()
                return
            i = rng.below(len(self.bag))
            tid = self.bag[i]
            self.bag[i] = self.bag[-1]
            self.bag.pop()
            self.drawn = tid
            self.placements = self.legal_placements(tid)
            self.say({"k": "draw", "seat": self.current, "tile": tid})
            pig = TILES[tid]["pig"] if self.wof else 0
            if pig and (self.placements or self.pig_on_discard):
                self.move_pig(pig)
                if self.phase == "pest":
                    return
                if self.after_wheel():
                    return
                continue
            if self.placements:
                self.phase = "place"
                return
            self.discard()

    def discard(self):
        self.say({"k": "discard", "seat": self.current, "tile": self.drawn})
        self.discarded.append(self.drawn)
        self.drawn = None
        self.placements = []

    def place(self, x, y, rot):
        tid = self.drawn
        self.last = self.add_tile(tid, x, y, rot)
        self.drawn = None
        self.placements = []
        if self.log is not None:  # where and what it joined, for a person (story.py)
            self.say({"k": "place", "seat": self.current, "tile": tid, "x": x, "y": y, "rot": rot,
                      **story.where(self, x, y), "turned": story.turned(rot), "joins": story.joins(self, x, y)})
        self.phase = "follower"

    def choose_follower(self, action, rng):
        seat = self.current
        t = action["type"]
        if t == "follower":
            tile_id, x, y, _, base = self.placed[self.last]
            i = action["feature"]
            k = KIND_OF[tile_id][i]
            self.put_follower(seat, base + i, k, self.last, i)
            self.say({"k": "follower", "seat": seat, "role": ROLE[k], "x": x, "y": y, "feature": i,
                      "on": "f-" + KIND_NAME[k]})
        elif t == "crown":
            self.put_crown(seat, action["crown"])
            self.say({"k": "crown_place", "seat": seat, "crown": action["crown"],
                      "segment": SEGMENTS[CROWN_SEG[action["crown"]]]})
        else:
            self.say({"k": "no_follower", "seat": seat})
        self.end_turn(rng)

    def end_turn(self, rng):
        self.score_after_placing()
        self.turn += 1
        self.current = (self.current + 1) % self.seats
        self.start_turn(rng)

    def score_after_placing(self):
        """Score the cities, roads and monasteries the last tile finished."""
        tile_id, x, y, _, base = self.placed[self.last]
        done = set()
        for i, k in enumerate(KIND_OF[tile_id]):
            if k == CITY or k == ROAD:
                r = self.find(base + i)
                if r not in done and self.open[r] == 0:
                    done.add(r)
                    self.score_feature(r, True)
        board = self.board
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                cell = board.get((x + dx, y + dy))
                if cell is None or cell[4] < 0:
                    continue
                m = cell[4]
                if self.fols[m] and self._surrounded(x + dx, y + dy):
                    self.score_feature(m, True, (x + dx, y + dy))

    def _surrounded(self, x, y):
        board = self.board
        return all((x + dx, y + dy) in board for dx, dy in NEIGHBOURS8)

    def open_points(self, root, pos=(0, 0)):
        """What an unfinished feature would score if the game ended now
        (a field: 3 per completed city it borders)."""
        if self.kind[root] == FIELD:
            return 3 * len(self.completed_cities(root))
        return self.feature_points(root, False, *pos)

    def finish_game(self):
        self.phase = "over"
        before = [dict(b) for b in self.breakdown]
        self.say({"k": "final"})
        done = set()
        for fid, f in sorted(self.followers.items()):
            if f[3] >= 0 or f[1] == FIELD:
                continue
            r = self.find(f[2])
            if r in done:
                continue
            done.add(r)
            pos = None
            if f[1] == MONASTERY:
                t = self.placed[f[4]]
                pos = (t[1], t[2])
            self.score_feature(r, False, pos)
        field_no = 0
        fields = story.field_parts(self) if self.log is not None else {}  # which field, for the board
        for fid, f in sorted(self.followers.items()):
            if f[1] != FIELD:
                continue
            r = self.find(f[2])
            if r in done:
                continue
            done.add(r)
            field_no += 1
            winners, count = self.owners(r)
            cities = len(self.completed_cities(r))
            if len(winners) > 1:
                self.say({"k": "tie", "seats": list(winners), "followers": max(count),
                          "kind": "field", "field": field_no})
            at = fields.get(r)
            for s in winners:
                pts = 3 * cities
                self.add_score(s, pts, "farms")
                self.say({"k": "farm", "seat": s, "points": pts, "cities": cities, "at": at,
                          "field": field_no, "farmers": count[s], "shared": len(winners) > 1})
        self.final = [{c: after[c] - b[c] for c in ("roads", "cities", "monasteries", "farms")}
                      for b, after in zip(before, self.breakdown)]
        self.say({"k": "game_over", "scores": list(self.scores)})

    # ------------------------------------------------------------- actions
    def legal(self):
        if self.phase == "place":
            return [{"type": "place", "x": x, "y": y, "rot": r} for x, y, r in self.placements]
        if self.phase == "follower":
            return [{"type": "no_follower"}] + self.follower_options()
        if self.phase == "pest":
            seat = self.pest_queue[0]
            return [{"type": "pest", "follower": fid} for fid in self.pest_options(seat)]
        return []

    def to_act(self):
        if self.phase == "over":
            return []
        if self.phase == "pest":
            return [self.pest_queue[0]]
        return [self.current]

    def apply(self, action, rng):
        t = action["type"]
        if t == "place":
            self.place(action["x"], action["y"], action["rot"])
            if len(self.follower_options()) == 0:
                self.end_turn(rng)
        elif t in ("follower", "crown", "no_follower"):
            self.choose_follower(action, rng)
        elif t == "pest":
            self.pest_choose(self.pest_queue[0], action["follower"], rng)
        else:
            raise ValueError(t)
