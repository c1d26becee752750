"""Bots for Carcassonne - Het Rad van Fortuin.

They read only the view and the legal actions: `rebuild(view)` makes a
private `core.Game` from the public view (tiles, followers, wheel, the
public multiset of remaining tiles); hidden information is only the order
of the remaining tiles, which search samples from that multiset.

- "greedy": one move deep; the best immediate change of the own score
  plus what the own followers would score if the game ended now.
- "strong": a farm- and wheel-aware evaluation (both sides, completion
  chances, follower economy, crowns and the pig's next landing), one move
  deep over every placement and follower, then a sampled second ply for the
  best candidates: for several tiles drawn from the remaining multiset the
  next player answers with his best move, and the candidate keeps the mean.
  Work budget: budget_ms=1000 means WORK_PER_SECOND evaluations (about
  100-300 ms in CPython; calibrated with bench/carcassonne_speed.py); it yields
  after rebuilding the board and every YIELD_EVERY evaluations (at most
  ~1.5 ms of work in CPython late in the game, where an evaluation copies a
  big board: bench/bot_steps.py; the page is several times slower).
"""

from __future__ import annotations

from .core import CROWN_SEG, FOLLOWERS, SEG_CROWNS, SEGMENTS, Game
from .sample import game_from_view
from .tiles import CITY, FIELD, KIND_OF, MONASTERY, ROAD, TILES

LEVELS = ["random", "greedy", "strong", "expert"]
WORK_PER_SECOND = 800   # evaluations for budget_ms=1000
YIELD_EVERY = 5
LET_GO_EVERY = 20  # boards freed a step (`let_go`)


# ------------------------------------------------------------- rebuilding
def rebuild(view) -> Game:
    """A private Game equal to the public state in `view` (the engine's
    rebuild, engine/carcassonne/sample.py), with the pig tiles left."""
    g = game_from_view(view)
    pigs = [0, 0, 0, 0]
    for t in g.bag:
        pigs[TILES[t]["pig"] if g.wof else 0] += 1
    g.bot_pigs = pigs  # pig tiles left by number (search keeps it fixed)
    return g


# ------------------------------------------------------------- evaluation
def _owners(g, root):
    count = [0] * g.seats
    for fid in g.fols[root]:
        count[g.followers[fid][0]] += 1
    best = max(count)
    return [s for s in range(g.seats) if count[s] == best] if best else []


def end_value(g):
    """Per seat: score + what its followers would score if the game ended now."""
    val = [float(s) for s in g.scores]
    seen = set()
    for fid, f in g.followers.items():
        if f[3] >= 0 or f[2] < 0:
            continue
        r = g.find(f[2])
        if r in seen:
            continue
        seen.add(r)
        owners = _owners(g, r)
        k = g.kind[r]
        if k == FIELD:
            pts = 3 * len(g.completed_cities(r))
        elif k == MONASTERY:
            t = g.placed[f[4]]
            pts = 1 + g.monastery_neighbours(t[1], t[2])
        elif k == ROAD:
            pts = len(g.tiles[r])
        else:
            pts = len(g.tiles[r]) + g.coats[r]
        for s in owners:
            val[s] += pts
    return val


def strong_value(g):
    """Per seat: score plus expected value of followers, supply and wheel."""
    seats = g.seats
    left = len(g.bag)
    frac = left / 71.0
    val = [float(s) for s in g.scores]
    seen = set()
    for fid, f in g.followers.items():
        if f[3] >= 0 or f[2] < 0:
            continue
        r = g.find(f[2])
        if r in seen:
            continue
        seen.add(r)
        owners = _owners(g, r)
        k = g.kind[r]
        if k == FIELD:
            roots = {g.find(c) for c in g.fcities[r]}
            done = sum(1 for c in roots if g.open[c] == 0)
            pts = 3 * done + 1.2 * (len(roots) - done) * frac
        elif k == MONASTERY:
            t = g.placed[f[4]]
            n = g.monastery_neighbours(t[1], t[2])
            p = min(1.0, left / (3.0 * (8 - n) + 1)) if n < 8 else 1.0
            pts = (1 + n) + (8 - n) * p * 0.9
        elif k == ROAD:
            t = len(g.tiles[r])
            pts = t + 0.5 * frac * min(3, g.open[r])
        else:
            t = len(g.tiles[r]) + g.coats[r]
            o = g.open[r]
            p = max(0.0, 0.85 - 0.18 * o) * min(1.0, 0.3 + 1.2 * frac)
            pts = t * (1 + p) + 0.8 * frac * min(3, o)
        share = 1.0 if len(owners) == 1 else 0.85
        for s in owners:
            val[s] += pts * share
    # followers in hand are future points; fewer tiles left, less worth
    hand = 2.2 * min(1.0, left / 25.0)
    for s in range(seats):
        val[s] += hand * min(g.supply[s], 4) + 0.4 * hand * max(0, g.supply[s] - 4)
    if g.wof and left:
        _wheel_value(g, val, left)
    return val


def _wheel_value(g, val, left):
    pigs = getattr(g, "bot_pigs", None)
    if pigs is None:
        pigs = [0, 0, 0, 0]
        for t in g.bag:
            p = TILES[t]["pig"]
            if p:
                pigs[p] += 1
    n = pigs[1] + pigs[2] + pigs[3]
    if not n:
        return
    seats = g.seats
    # chance the pig lands on each segment at its next move
    land = [0.0] * 6
    for step in (1, 2, 3):
        land[(g.pig + step) % 6] += pigs[step] / n
    soon = min(1.0, n / max(1, left) * 3.0)  # a pig tile within a round or so
    # crowns: expected payout before the end
    landings = n / 6.0
    for seg, ks in enumerate(SEG_CROWNS):
        occ = [g.crowns[k] for k in ks if g.crowns[k] is not None]
        if not occ:
            continue
        p = 1 - (1 - 1 / 6.0) ** (n) if n else 0.0
        p = max(p, min(1.0, land[seg] * soon * 1.5))
        pts = 6 if len(ks) == 2 and len(occ) == 1 else 3
        for fid in occ:
            s = g.followers[fid][0]
            val[s] += pts * p - 0.5 * landings * 0.0
    # the next event, weighted by its chance
    ev = [0.0] * seats
    if land[0]:
        pass  # Fortuna: only the active player, when it happens; neutral
    if land[1]:
        roots = {}
        for f in g.followers.values():
            if f[1] == CITY:
                roots.setdefault(g.find(f[2]), [0] * seats)[f[0]] += 1
        for r, c in roots.items():
            for s in range(seats):
                ev[s] += land[1] * c[s] * (g.coats[r] + c[s])
    if land[2]:
        for f in g.followers.values():
            if f[1] == FIELD:
                ev[f[0]] += land[2] * len(g.completed_cities(g.find(f[2])))
    if land[3]:
        for s in range(seats):
            ev[s] += land[3] * g.supply[s]
    if land[4]:
        for f in g.followers.values():
            if f[1] == MONASTERY:
                ev[f[0]] += land[4] * 2
    for s in range(seats):
        val[s] += ev[s] * soon


def relative(vals, me):
    others = [v for s, v in enumerate(vals) if s != me]
    return vals[me] - (max(others) * 0.5 + sum(others) / len(others) * 0.5)


# ------------------------------------------------------------ move lists
def follower_choices(g, prune_crowns=True):
    """Follower actions after placing; one free crown per segment."""
    opts = [{"type": "no_follower"}]
    seen = set()
    for a in g.follower_options():
        if a["type"] == "crown" and prune_crowns:
            seg = CROWN_SEG[a["crown"]]
            if seg in seen:
                continue
            seen.add(seg)
        opts.append(a)
    return opts


def after(g, place, fol, rng=None):
    """A copy of g after `place` (may be None) and follower action `fol`,
    with the finished features scored; the next tile is not drawn."""
    h = g.copy()
    if place is not None:
        h.place(place["x"], place["y"], place["rot"])
    t = fol["type"]
    seat = h.current
    if t == "follower":
        tile_id, x, y, _, base = h.placed[h.last]
        i = fol["feature"]
        h.put_follower(seat, base + i, KIND_OF[tile_id][i], h.last, i)
    elif t == "crown":
        h.put_crown(seat, fol["crown"])
    h.score_after_placing()
    h.current = (h.current + 1) % h.seats
    h.phase = "draw"
    return h


def _greedy_value(g, me):
    return end_value(g)[me]


def one_ply(g, value, me, placements=None):
    """[(value, place, follower)] for every placement and follower choice.
    A generator that yields after each placement, so the table stays responsive."""
    out = []
    if g.phase == "place":
        for (x, y, rot) in (placements if placements is not None else g.placements):
            p = {"type": "place", "x": x, "y": y, "rot": rot}
            h = g.copy()
            h.place(x, y, rot)
            for fol in follower_choices(h):
                out.append((value(after(h, None, fol), me), p, fol))
            yield
    elif g.phase == "follower":
        for fol in follower_choices(g, prune_crowns=False):
            out.append((value(after(g, None, fol), me), None, fol))
    return out


def pest_choice(g, legal, value, me):
    best, choice = None, legal[0]
    for a in legal:
        h = g.copy()
        h.take_back(a["follower"])
        v = value(h, me)
        if best is None or v > best:
            best, choice = v, a
    return choice


def _pick(scored, legal, phase):
    best = max(scored, key=lambda t: t[0])
    if phase == "place":
        return best[1]
    return best[2]


# ----------------------------------------------------------------- bots
def think(view, legal, level, rng, budget_ms, stop=None):
    if level == "greedy":
        return greedy(view, legal, rng)
    if level == "strong":
        return strong(view, legal, rng, budget_ms)
    if level == "expert":
        from .expert import expert
        return expert(view, legal, rng, budget_ms, stop)
    return rng.choice(legal)


def greedy(view, legal, rng):
    g = rebuild(view)
    yield
    me = view["seat"] if view["seat"] is not None else g.to_act()[0]
    if g.phase == "pest":
        return pest_choice(g, legal, _greedy_value, me)
    scored = yield from one_ply(g, _greedy_value, me)
    # ties: the first best (deterministic); a tiny random tie-break
    best = max(v for v, _, _ in scored)
    top = [t for t in scored if t[0] >= best - 1e-9]
    pick = top[rng.below(len(top))]
    return pick[1] if g.phase == "place" else pick[2]


def _strong_value(g, me):
    return relative(strong_value(g), me)


def strong(view, legal, rng, budget_ms):
    g = rebuild(view)
    yield
    me = view["seat"] if view["seat"] is not None else g.to_act()[0]
    if g.phase == "pest":
        return pest_choice(g, legal, _strong_value, me)
    return (yield from _strong_search(g, me, rng, budget_ms))


def _closes(h):
    """Does the tile just placed finish a city, road or monastery?"""
    tile_id, x, y, _, base = h.placed[h.last]
    for i, k in enumerate(KIND_OF[tile_id]):
        if (k == CITY or k == ROAD) and h.open[h.find(base + i)] == 0:
            return True
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            cell = h.board.get((x + dx, y + dy))
            if cell is not None and cell[4] >= 0 and h._surrounded(x + dx, y + dy):
                return True
    return False


def best_moves(g, seat, top, counter):
    """Two stages: every placement without a follower, then every follower
    choice on the `top` best placements and on placements that finish
    something.  Returns [[value for seat, place, follower, after-state, vals]]
    best first; counter[0] counts evaluations."""
    stage = []
    nxt = (g.current + 1) % g.seats
    for (x, y, rot) in g.placements:
        h = g.copy()
        h.place(x, y, rot)
        closes = _closes(h)
        h.score_after_placing()
        h.current = nxt
        h.phase = "draw"
        vals = strong_value(h)
        counter[0] += 1
        if counter[0] % YIELD_EVERY == 0:
            yield
        stage.append((relative(vals, seat), (x, y, rot), closes, h, vals))
    stage.sort(key=lambda t: -t[0])
    out = []
    for i, (v, pl, closes, a, vals) in enumerate(stage):
        p = {"type": "place", "x": pl[0], "y": pl[1], "rot": pl[2]}
        out.append([v, p, {"type": "no_follower"}, a, vals])
        if i < top or closes:
            yield  # a board copied and placed: late in a game, with no follower left, that is all the work
            h = g.copy()
            h.place(*pl)
            for fol in follower_choices(h)[1:]:
                if fol["type"] == "crown" and i >= top:
                    continue
                a2 = after(h, None, fol)
                vals2 = strong_value(a2)
                counter[0] += 1
                if counter[0] % YIELD_EVERY == 0:
                    yield
                out.append([relative(vals2, seat), p, fol, a2, vals2])
    out.sort(key=lambda t: -t[0])
    return out


def let_go(moves, keep):
    """Drop all but the first `keep` of `moves` (best_moves' list: a board
    each) a few boards a step: freed at once, a late game's hundred boards
    made one long step (issue 26)."""
    while len(moves) > keep:
        del moves[max(keep, len(moves) - LET_GO_EVERY):]
        yield


def _strong_search(g, me, rng, budget_ms):
    budget = max(50, int(WORK_PER_SECOND * budget_ms / 1000))
    counter = [0]
    if g.phase == "follower":
        scored = []
        for fol in follower_choices(g, prune_crowns=False):
            a = after(g, None, fol)
            scored.append([_strong_value(a, me), None, fol, a])
            yield
        scored.sort(key=lambda t: -t[0])
        return scored[0][2]
    scored = yield from best_moves(g, me, 8, counter)
    if len(scored) == 1 or not g.bag:
        yield from let_go(scored, 1)
        return scored[0][1]
    # ply 2: the next player answers for sampled tiles (rounds of one tile
    # per candidate, while the budget lasts; every candidate gets as many)
    k = min(len(scored), 5)
    yield from let_go(scored, k)
    cand = scored
    totals = [0.0] * k
    rounds = 0
    # cost of a round before the first one: k replies over about as many
    # placements as this tile had
    last_cost = k * (len(g.placements) + 12)
    while rounds < 8 and counter[0] + last_cost <= budget:
        start = counter[0]
        t = g.bag[rng.below(len(g.bag))]
        got = []
        for c in cand:
            got.append((yield from _reply(c[3], t, me, counter)))
            if counter[0] > budget + 50:
                break  # out of work: drop the unfinished round
        if len(got) < k:
            break
        for i in range(k):
            totals[i] += got[i]
        rounds += 1
        last_cost = counter[0] - start
    if rounds:
        for i, c in enumerate(cand):
            c[0] = 0.4 * c[0] + 0.6 * totals[i] / rounds
        cand.sort(key=lambda t: -t[0])
    return cand[0][1]


def _reply(a, tile, me, counter):
    """The next player's best answer to `tile`: its value for `me`."""
    b = a.copy()
    b.bag.remove(tile)
    b.drawn = tile
    b.phase = "place"
    pig = TILES[tile]["pig"] if b.wof else 0
    if pig:
        b.pig = (b.pig + pig) % 6
        b.score_crowns(b.pig)
    b.placements = b.legal_placements(tile)
    if not b.placements:
        counter[0] += 1
        return _strong_value(b, me)
    replies = yield from best_moves(b, b.current, 2, counter)
    yield from let_go(replies, 1)
    return relative(replies[0][4], me)


def _answer(g, best):
    return best[1] if g.phase == "place" else best[2]
