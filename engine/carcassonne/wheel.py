"""The Wheel of Fortune: the pig's walk, the six segment actions, the
plague and the crowns.  Part of `core.Game` (a mixin: the same state, the
wheel's rules kept apart from the board's)."""

from __future__ import annotations

from . import story
from .tiles import CITY, FIELD, MONASTERY, ROLE, WHEEL

SEGMENTS = [s["id"] for s in WHEEL["segments"]]
CROWN_SEG = [i for i, s in enumerate(WHEEL["segments"]) for _ in s["crowns"]]
SEG_CROWNS = [[k for k, s in enumerate(CROWN_SEG) if s == i] for i in range(len(SEGMENTS))]


class WheelActions:
    """The wheel's rules, on a `core.Game`."""

    def after_wheel(self):
        """Crown scoring after the segment action; True if the turn goes on
        with placing, False if the tile must be set aside (draw again)."""
        self.score_crowns(self.pig)
        if self.placements:
            self.phase = "place"
            return True
        self.discard()
        return False

    def move_pig(self, steps):
        self.pig = (self.pig + steps) % len(SEGMENTS)
        seg = SEGMENTS[self.pig]
        self.say({"k": "pig", "seat": self.current, "steps": steps, "segment": seg})
        getattr(self, "wheel_" + seg)()

    def wheel_fortuna(self):
        self.add_score(self.current, 3, "wheel")
        self.say({"k": "fortuna", "seat": self.current, "points": 3})

    def _land(self, kind):
        per = [[] for _ in range(self.seats)]
        for fid, (seat, k, node, crown, _, _) in self.followers.items():
            if crown < 0 and (kind is None or k == kind):
                per[seat].append(fid)
        return per

    def wheel_belasting(self):
        pts = [0] * self.seats
        lines = [0] * self.seats
        roots = {}
        for fid, (seat, k, node, crown, _, _) in self.followers.items():
            if k == CITY:
                roots.setdefault(self.find(node), [0] * self.seats)[seat] += 1
        for root, count in roots.items():
            at = story.parts(self, root) if self.log is not None else None  # which city, for the board
            for s in range(self.seats):
                if count[s]:
                    p = count[s] * (self.coats[root] + count[s])
                    pts[s] += p
                    lines[s] += 1
                    # one line per city and seat; a total follows for a seat with several
                    self.say({"k": "belasting_city", "seat": s, "knights": count[s],
                              "coats": self.coats[root], "points": p, "at": at})
        self._wheel_points("belasting", pts, lines=lines)

    def _wheel_points(self, key, pts, extra=None, lines=None):
        """Each seat's points from a wheel action, and a line for each seat
        that scores (none for a seat without points, and none where one
        explaining line said it all, `lines[seat] == 1`); when nobody
        scores, one line says so (`wheel_none`)."""
        for s in range(self.seats):
            if not pts[s]:
                continue
            self.add_score(s, pts[s], "wheel")
            if lines is not None and lines[s] == 1:
                continue
            e = {"k": key, "seat": s, "points": pts[s]}
            if extra:
                e.update({kk: v[s] for kk, v in extra.items()})
            self.say(e)
        if not any(pts):
            self.say({"k": "wheel_none", "segment": key})

    def completed_cities(self, field_root):
        return {r for r in (self.find(c) for c in self.fcities[field_root]) if self.open[r] == 0}

    def wheel_hongersnood(self):
        pts = [0] * self.seats
        lines = [0] * self.seats
        fields = {}
        for fid, (seat, k, node, crown, _, _) in self.followers.items():
            if k == FIELD:
                fields.setdefault(self.find(node), [0] * self.seats)[seat] += 1
        for r, farmers in fields.items():
            cities = len(self.completed_cities(r))
            if not cities:
                continue
            at = story.parts(self, r) if self.log is not None else None  # which field, for the board
            for s in range(self.seats):
                if farmers[s]:
                    pts[s] += farmers[s] * cities
                    lines[s] += 1
                    # one line per field and seat; a total follows for a seat with several
                    self.say({"k": "hongersnood_field", "seat": s, "farmers": farmers[s],
                              "cities": cities, "points": farmers[s] * cities, "at": at})
        self._wheel_points("hongersnood", pts, lines=lines)

    def wheel_onweer(self):
        self._wheel_points("onweer", list(self.supply))

    def wheel_inquisitie(self):
        monks = self._land(MONASTERY)
        extra = {"monks": [len(m) for m in monks]}
        if self.log is not None:  # the monasteries of each seat's monks, for the board
            extra["at"] = [[[*self.placed[self.followers[fid][4]][1:3], self.followers[fid][5]]
                            for fid in sorted(m)] for m in monks]
        self._wheel_points("inquisitie", [2 * len(m) for m in monks], extra)

    def wheel_pest(self):
        self.pest_queue = [(self.current + i) % self.seats for i in range(self.seats)]
        self.phase = "pest"
        self.next_pest()

    def pest_options(self, seat):
        return sorted(fid for fid, f in self.followers.items() if f[0] == seat and f[3] < 0)

    def next_pest(self):
        """Ask the next seat with a choice; seats with one follower on land
        lose it without asking, seats with none are skipped."""
        while self.pest_queue:
            seat = self.pest_queue[0]
            opts = self.pest_options(seat)
            if len(opts) > 1:
                self.phase = "pest"
                return True
            self.pest_queue.pop(0)
            if opts:
                self.pest_remove(seat, opts[0])
            else:
                self.say({"k": "pest_none", "seat": seat})
        self.phase = "wheel_done"
        return False

    def pest_remove(self, seat, fid):
        f = self.followers[fid]
        tile = self.placed[f[4]] if f[4] >= 0 else None
        e = {"k": "pest", "seat": seat, "role": ROLE[f[1]]}
        if tile:
            e.update(x=tile[1], y=tile[2])
        self.say(e)
        self.take_back(fid)

    def pest_choose(self, seat, fid, rng):
        self.pest_queue.pop(0)
        self.pest_remove(seat, fid)
        if not self.next_pest():
            if not self.after_wheel():
                self.start_turn(rng)

    def score_crowns(self, seg):
        ks = [k for k in SEG_CROWNS[seg] if self.crowns[k] is not None]
        if not ks:
            return
        pts = 6 if len(SEG_CROWNS[seg]) == 2 and len(ks) == 1 else 3
        for k in ks:
            fid = self.crowns[k]
            seat = self.followers[fid][0]
            self.add_score(seat, pts, "crowns")
            self.say({"k": "crown_score", "seat": seat, "points": pts, "segment": SEGMENTS[seg], "crown": k})
            self.take_back(fid)
