"""What happened since the viewer's last turn, read from the log entries the
table calls new (`ctx.recent`): the marks the map draws (cards laid, routes
scored with their houses, points and tiles) and the one line above the board.
Only what the entries say: nothing here follows a rule of the game."""

from __future__ import annotations

from ...kit import Html, join

PLAYS = ("play_start", "play_head", "play_tail")


class News:
    """The recent entries sorted by what the map shows of them."""

    def __init__(self, entries: list, viewer):
        self.viewer = viewer
        self.laid: dict = {}      # seat -> cities laid to its route, in order (others only)
        self.steps: dict = {}     # seat -> [[kind, [what, ...]], ...] in order, for the line (others only)
        self.scorings: list = []  # one dict per route scored, every seat
        by_move: dict = {}
        for e in entries:
            k, seat = e["k"], e.get("seat")
            if k in ("score", "score_no_houses"):
                scored = {"seat": seat, "route": e["route"], "houses": e.get("houses", []),
                          "points": e.get("points", 0), "tiles": [], "carriage": None, "bonus": None}
                by_move[(e.get("move"), seat)] = scored
                self.scorings.append(scored)
                if seat != viewer:
                    self._step(seat, "scored", scored)
                continue
            scored = by_move.get((e.get("move"), seat))
            if scored is not None and k == "tiles":
                scored["tiles"] = list(e["tiles"])
            elif scored is not None and k == "tile_own":  # the viewer's own values (a private entry)
                scored["bonus"] = (scored["bonus"] or 0) + e["value"]
            elif scored is not None and k == "carriage":
                scored["carriage"] = e["n"]
            elif seat is None or seat == viewer:
                continue  # the viewer's own steps are no news to the viewer
            elif k in PLAYS:
                self.laid.setdefault(seat, []).append(e["city"])
                self._step(seat, "laid", e["city"])
            elif k in ("take", "take_h"):
                self._step(seat, "took", e["city"])
            elif k in ("horse", "abandon"):
                self._step(seat, k, None)

    def _step(self, seat, kind, what):
        """One more step of `seat`: joined to the one before when of the same kind."""
        steps = self.steps.setdefault(seat, [])
        if steps and steps[-1][0] == kind and kind != "scored":
            steps[-1][1].append(what)
        else:
            steps.append([kind, [what]])

    def __bool__(self):
        return bool(self.steps or self.scorings)

    def laid_now(self, players: list) -> dict:
        """city -> seats whose route holds it now and who laid it since."""
        out: dict = {}
        for seat, cities in self.laid.items():
            route = {c["city"] for c in players[seat]["route"]}
            for city in cities:
                if city in route and seat not in out.get(city, []):
                    out.setdefault(city, []).append(seat)
        return out

    def houses(self) -> set:
        """(city, seat) of every house built in the scorings since."""
        return {(c, s["seat"]) for s in self.scorings for c in s["houses"]}

    def tiles(self) -> dict:
        """stack key -> seats who took a tile of it since."""
        out: dict = {}
        for s in self.scorings:
            for key in s["tiles"]:
                out.setdefault(key, []).append(s["seat"])
        return out

    def summary(self, say, ctx, seats: int) -> Html | None:
        """One line: what each other player did (in turn order after the
        viewer), step by step: open cards taken, cards laid, horses, a route
        abandoned or scored (+points, tiles by name)."""
        def names(ids):
            return say.sentence(say.name(i) for i in ids)

        def phrase(kind, what):
            if kind == "took":
                return say.ui("since_took", cities=names(what))
            if kind == "laid":
                return say.ui("since_laid", cities=names(what))
            if kind == "horse":
                return say.ui("since_horses", n=len(what))
            if kind == "abandon":
                return say.ui("since_abandoned")
            sc = what[0]
            out = say.ui("since_scored", n=len(sc["route"]), p=sc["points"])
            if sc["tiles"]:
                out = out + Html(", ") + say.ui("since_tiles", tiles=names(sc["tiles"]))
            return out

        start = 0 if self.viewer is None else self.viewer + 1
        parts = []
        for k in range(seats):
            seat = (start + k) % seats
            if self.steps.get(seat):
                what = join([phrase(kind, w) for kind, w in self.steps[seat]], ", ")
                parts.append(ctx.badge(seat) + Html(" ") + what)
        return join(parts, " · ") if parts else None
