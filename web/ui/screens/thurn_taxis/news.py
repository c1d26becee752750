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
            elif k in ("horse", "abandon"):
                self._step(seat, k, None)

    def _step(self, seat, kind, what):
        """One more step of `seat`: joined to the one before when of the same
        kind; a scoring says the cards just laid to its route too."""
        steps = self.steps.setdefault(seat, [])
        if kind == "scored" and steps and steps[-1][0] == "laid":
            steps.pop()
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
        """One short line: what each other player did (in turn order after
        the viewer), step by step: cards laid, horses, a route abandoned or
        scored (+points, how many tiles).  The log says the rest."""
        def phrase(kind, what):
            if kind == "laid":
                return say.ui("since_laid", cities=say.sentence(say.name(i) for i in what))
            if kind == "horse":
                return say.ui("since_horses", n=len(what))
            if kind == "abandon":
                return say.ui("since_abandoned")
            sc = what[0]
            if sc["tiles"]:
                return say.ui("since_scored_tiles", n=len(sc["route"]), p=sc["points"], t=len(sc["tiles"]))
            return say.ui("since_scored", n=len(sc["route"]), p=sc["points"])

        start = 0 if self.viewer is None else self.viewer + 1
        parts = []
        for k in range(seats):
            seat = (start + k) % seats
            steps = self.steps.get(seat)
            if steps:
                parts.append(ctx.badge(seat) + Html(" ") + join([phrase(*step) for step in steps], ", "))
        return join(parts, " · ") if parts else None
