"""Thurn und Taxis: the rules engine (south map, reconstructed north map, horses).

A turn is split into steps (phases):

- ``draw``:    take an open card (``take``), the top of the deck (``deck``), or
               first call the Amtmann (``amtmann``, new open cards).  With an
               empty hand at the start of the turn two draws are compulsory
               (the Postmeister, which then is the turn's official).
- ``play``:    the compulsory card: ``play`` to either end of the route
               (a road to that end city, never a city already in it), or
               ``abandon`` the route (it is discarded) and start anew; with
               horses also ``horse`` (the card goes to the carriage).  While
               no card is played yet, a second draw (``take`` or ``deck``)
               is legal too: taking it is calling the Postmeister.
- ``more``:    a second card (the Postillion), ``score`` (one action per
               allowed placement of houses, ``cities``; with ``wagner``
               when the Wagner wins the next carriage), or ``pass``.  The
               turn ends by itself when nothing but ``pass`` is left.
- ``discard``: down to 3 cards after scoring, one ``discard`` at a time.
"""

from __future__ import annotations

from engine.protocol import State

from .board import load_map
from .scoring import (CARRIAGE_POINTS, MIN_ROUTE, fitting_ends, initial_stacks,
                      next_carriage, placements, tiles_won)
from .secrets import SECRECY, pieces

HOUSES = 20
OPEN = 6
HAND_AFTER_SCORING = 3
MAX_HORSE_CARDS = 6
BASE_HORSES = 2


class ThurnTaxisState(State):
    game_id = "thurn_taxis"
    secrecy = SECRECY  # secrets.py

    # ------------------------------------------------------------ setup
    def _setup(self):
        self.board = b = load_map(self.options["map"])
        # horses only on the northern map (the rules text: "alleen met de noordelijke kaart")
        self.horses_mode = bool(self.options["horses"]) and self.options["map"] == "north"
        n = self.seats
        self.deck = list(range(b.n * b.copies))
        self.rng.shuffle(self.deck)
        self.discards: list = []
        self.display: list = [None] * OPEN
        self.hands = [[] for _ in range(n)]
        self.routes = [[] for _ in range(n)]
        self.horse_cards = [[] for _ in range(n)]
        self.houses = [[] for _ in range(n)]  # city indices, in building order
        self.houses_left = [HOUSES] * n
        self.carriages = [[] for _ in range(n)]
        self.carriage_supply = {k: 4 for k in CARRIAGE_POINTS}
        self.stacks = initial_stacks(b)
        self.bonus = [[] for _ in range(n)]  # [kind, value] pairs, hidden from others
        self._new_tiles: list = []
        # cities each player took from the open display and has not played since
        # (public knowledge; forgotten when he discards unseen after scoring)
        self.open_taken = [[] for _ in range(n)]
        self.start = 0
        self.current = 0
        self.end_trigger = None
        self.over = False
        self._new_turn_state()
        self._refill()

    def _new_turn_state(self):
        self.drawn = 0
        self.played = 0
        self.official = None
        self.must_two = not self.hands[self.current]
        if self.must_two:
            self.official = "postmeister"
        self.wagner = False
        self.discarding = False

    # ------------------------------------------------------------ cards
    def _cards_available(self) -> bool:
        return bool(self.deck or self.discards or any(c is not None for c in self.display))

    def _deck_card(self):
        if not self.deck and self.discards:
            self.deck = self.discards
            self.discards = []
            self.rng.shuffle(self.deck)
            self.say({"k": "reshuffle", "n": len(self.deck)})
        if not self.deck:
            return None
        self.mark_revealed()
        return self.deck.pop()

    def _refill(self):
        for i in range(OPEN):
            if self.display[i] is None:
                self.display[i] = self._deck_card()

    def city_of(self, card):
        return self.board.card_city(card)

    def _card_view(self, card):
        if card is None:
            return None
        b = self.board
        return {"city": b.cities[b.card_city(card)],
                "h": b.card_horses(card) if self.horses_mode else None}

    def _find_card(self, seat, city_id, h):
        b = self.board
        ci = b.index[city_id]
        for card in self.hands[seat]:
            if b.card_city(card) == ci and (h is None or b.card_horses(card) == h):
                return card
        raise KeyError(city_id)

    def horse_power(self, seat) -> int:
        b = self.board
        return BASE_HORSES + sum(b.card_horses(c) for c in self.horse_cards[seat])

    # ------------------------------------------------------------ phases
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.discarding:
            return "discard"
        if self.drawn < (2 if self.must_two or self.official == "postmeister" else 1) \
                and self._cards_available():
            return "draw"
        if self.played == 0:
            return "play"
        return "more"

    def _is_over(self):
        return self.over

    def _to_act(self):
        return [] if self.over else [self.current]

    def _draw_actions(self):
        acts = [{"type": "take", "slot": i} for i, c in enumerate(self.display) if c is not None]
        if self.deck or self.discards:
            acts.append({"type": "deck"})
        return acts

    def _hand_keys(self, seat):
        """Distinct cards in hand as (city index, horseshoes or None)."""
        b = self.board
        if self.horses_mode:
            return sorted({(b.card_city(c), b.card_horses(c)) for c in self.hands[seat]})
        return [(c, None) for c in sorted({card // b.copies for card in self.hands[seat]})]

    def fitting_ends(self, seat, city):
        """The ends ('head', 'tail') of the seat's route where `city` may be added."""
        b = self.board
        return fitting_ends(b, [b.card_city(c) for c in self.routes[seat]], city)

    def _play_actions(self, seat, allow_abandon):
        b = self.board
        acts = []
        route = [b.card_city(c) for c in self.routes[seat]]
        for city, h in self._hand_keys(seat):
            for end in fitting_ends(b, route, city):
                a = {"type": "play", "city": b.cities[city], "end": end}
                if h is not None:
                    a["h"] = h
                acts.append(a)
        if self.horses_mode and len(self.horse_cards[seat]) < MAX_HORSE_CARDS:
            for city, h in self._hand_keys(seat):
                acts.append({"type": "horse", "city": b.cities[city], "h": h})
        if allow_abandon and self.routes[seat] and (
                self.options["abandon"] == "any" or not any(a["type"] == "play" for a in acts)):
            acts.append({"type": "abandon"})
        return acts

    def can_score(self, seat) -> bool:
        n = len(self.routes[seat])
        if n < MIN_ROUTE:
            return False
        return not self.horses_mode or self.horse_power(seat) >= n

    def carriage_won(self, seat, wagner=False):
        """The carriage scoring the route now earns (None: none); with the
        Wagner the route counts two cards longer for this."""
        if self.horses_mode:
            return None
        nxt = next_carriage(self.carriages[seat])
        n = len(self.routes[seat]) + (2 if wagner else 0)
        return nxt if nxt is not None and n >= nxt and self.carriage_supply.get(nxt, 0) > 0 else None

    def wagner_useful(self, seat) -> bool:
        nxt = next_carriage(self.carriages[seat])
        n = len(self.routes[seat])
        return nxt is not None and n < nxt <= n + 2 and self.carriage_supply.get(nxt, 0) > 0

    def score_actions(self, seat, wagner_ok=True):
        """One `score` action per allowed placement of houses (and Wagner)."""
        if not self.can_score(seat):
            return []
        b = self.board
        route = [b.card_city(c) for c in self.routes[seat]]
        places = placements(b, route, set(self.houses[seat]), self.houses_left[seat],
                            self.options["free_city_with_country"], self.options["fewer_houses"])
        acts = [{"type": "score", "cities": sorted(b.cities[c] for c in p)} for p in places]
        if (wagner_ok and not self.horses_mode and self.official is None
                and self.wagner_useful(seat)):
            acts += [dict(a, wagner=True) for a in acts]
        return acts

    def _more_actions(self, seat):
        acts = []
        if self.official is None and self.played == 1 and self.hands[seat]:
            acts += self._play_actions(seat, allow_abandon=False)
        acts += self.score_actions(seat)
        acts.append({"type": "pass"})
        return acts

    def second_draw_open(self) -> bool:
        """May the player still draw a second card (the Postmeister, called
        by simply drawing it) before playing one?"""
        return (self.phase() == "play" and self.drawn == 1 and self.official is None
                and not self.must_two and self._cards_available())

    @classmethod
    def upgrade_actions(cls, actions: list) -> list:
        """Saves made before the Postmeister was called by the draw itself
        hold an explicit `postmeister` step before the second draw; the draw
        alone now says the same."""
        return [entry for entry in actions
                if not (isinstance(entry, list) and len(entry) == 2
                        and entry[1] == {"type": "postmeister"})]

    def _legal(self, seat):
        phase = self.phase()
        b = self.board
        if phase == "draw":
            acts = self._draw_actions()
            if (self.drawn == 0 and self.official is None and self.hands[seat]
                    and (self.deck or self.discards)):
                acts.append({"type": "amtmann"})
            return acts
        if phase == "play":
            acts = []
            if self.second_draw_open():
                acts += self._draw_actions()  # taking a second card calls the Postmeister
            if self.hands[seat]:
                acts += self._play_actions(seat, allow_abandon=True)
            else:
                acts.append({"type": "pass"})  # nothing to draw, nothing to play
            return acts
        if phase == "more":
            return self._more_actions(seat)
        if phase == "discard":
            acts = []
            for city, h in self._hand_keys(seat):
                a = {"type": "discard", "city": b.cities[city]}
                if h is not None:
                    a["h"] = h
                acts.append(a)
            return acts
        return []

    def explain_illegal(self, seat, action):
        """Why the commonest refusals are refused, as a key the table words."""
        if not isinstance(action, dict):
            return None
        kind = action.get("type")
        phase = self.phase()
        if kind == "play" and phase in ("play", "more"):
            b = self.board
            city = b.index.get(action.get("city"))
            if city is None or not any(b.card_city(c) == city for c in self.hands[seat]):
                return {"k": "not_in_hand"}
            if city in {b.card_city(c) for c in self.routes[seat]}:
                return {"k": "already_in_route"}
            if phase == "more" and self.official is not None:
                return {"k": "official_used"}
            return {"k": "no_road"}
        if kind == "score" and not self.can_score(seat):
            return {"k": "route_too_short", "n": MIN_ROUTE}
        if kind in ("amtmann", "take", "deck") and self.official is not None:
            return {"k": "one_official"}
        return None

    # ------------------------------------------------------------ apply
    def _apply(self, seat, action):
        kind = action["type"]
        b = self.board
        phase = self.phase()
        if kind in ("take", "deck"):
            if phase == "play":
                self.official = "postmeister"  # a second card: the Postmeister's help
                self.say({"k": "postmeister", "seat": seat})
            elif self.must_two and self.drawn == 0:
                self.say({"k": "postmeister_forced", "seat": seat})
        if kind == "take":
            card = self.display[action["slot"]]
            self.display[action["slot"]] = None
            self.hands[seat].append(card)
            self._after_draw(seat, phase)
            self.open_taken[seat].append(b.card_city(card))
            self.say(self._card_entry("take", seat, card))
            self._refill()
        elif kind == "deck":
            card = self._deck_card()
            self.hands[seat].append(card)
            self._after_draw(seat, phase)
            # the table sees a blind draw; only the drawer sees the card
            self.say({"k": "draw", "seat": seat})
            self.say(self._card_entry("draw_own", seat, card))
        elif kind == "amtmann":
            self.official = "amtmann"
            for i in range(OPEN):
                if self.display[i] is not None:
                    self.discards.append(self.display[i])
                    self.display[i] = None
            self._refill()
            self.say({"k": "amtmann", "seat": seat,
                      "cards": [b.cities[b.card_city(c)] for c in self.display if c is not None]})
        elif kind in ("play", "horse"):
            card = self._find_card(seat, action["city"], action.get("h"))
            self.hands[seat].remove(card)
            if b.card_city(card) in self.open_taken[seat]:
                self.open_taken[seat].remove(b.card_city(card))
            if self.played == 1:
                self.official = "postillion"
                self.say({"k": "postillion", "seat": seat})
            self.played += 1
            if kind == "horse":
                self.horse_cards[seat].append(card)
                # face down: the table sees the horseshoes, the owner the city too
                self.say({"k": "horse", "seat": seat, "h": b.card_horses(card),
                          "power": self.horse_power(seat)})
                self.say(self._card_entry("horse_own", seat, card))
            else:
                self._play_to_route(seat, card, action["end"])
            if not self.can_score(seat) and not (
                    self.official is None and self.played == 1 and self.hands[seat]
                    and self._play_actions(seat, allow_abandon=False)):
                self._end_turn()  # nothing left but 'pass'
        elif kind == "abandon":
            cities = [b.cities[b.card_city(c)] for c in self.routes[seat]]
            self.discards.extend(self.routes[seat])
            self.routes[seat] = []
            if self.horses_mode and not self.options["horses_stay"]:
                self.discards.extend(self.horse_cards[seat])
                self.horse_cards[seat] = []
            self.say({"k": "abandon", "seat": seat, "route": cities, "n": len(cities)})
        elif kind == "score":
            self.wagner = bool(action.get("wagner"))
            if self.wagner:
                self.official = "wagner"
            self._place(seat, tuple(sorted(b.index[c] for c in action["cities"])))
        elif kind == "discard":
            card = self._find_card(seat, action["city"], action.get("h"))
            self.hands[seat].remove(card)
            self.discards.append(card)
            self.open_taken[seat] = []
            self.say({"k": "discard", "seat": seat, "left": len(self.hands[seat])})  # face down
            self.say(self._card_entry("discard_own", seat, card))
            if len(self.hands[seat]) <= HAND_AFTER_SCORING:
                self._end_turn()
        elif kind == "pass":
            self.say({"k": "pass", "seat": seat})
            self._end_turn()

    def _after_draw(self, seat, phase):
        self.drawn += 1

    def _card_entry(self, key, seat, card) -> dict:
        """A log entry naming one card: its city (and with horses its
        horseshoes, under the key's `_h` variant)."""
        b = self.board
        if self.horses_mode:
            return {"k": key + "_h", "seat": seat, "city": b.cities[b.card_city(card)],
                    "h": b.card_horses(card)}
        return {"k": key, "seat": seat, "city": b.cities[b.card_city(card)]}

    def _play_to_route(self, seat, card, end):
        """The card at the `end` of the route; the log says where: the route
        it starts, or the city it is laid next to."""
        b = self.board
        route = self.routes[seat]
        city = b.cities[b.card_city(card)]
        if not route:
            entry = {"k": "play_start", "seat": seat, "city": city}
        else:
            nxt = route[0] if end == "head" else route[-1]
            entry = {"k": "play_" + end, "seat": seat, "city": city,
                     "next": b.cities[b.card_city(nxt)], "n": len(route) + 1}
        if end == "head":
            route.insert(0, card)
        else:
            route.append(card)
        self.say(entry)

    def _take_tile(self, seat, key):
        value = self.stacks[key].pop(0)
        self.bonus[seat].append([key, value])
        self._new_tiles.append({"tile": key, "value": value})

    def _place(self, seat, cities):
        b = self.board
        built_before = set(self.houses[seat])
        for c in cities:
            self.houses[seat].append(c)
        self.houses_left[seat] -= len(cities)
        self._new_tiles = []
        held = {k for k, _ in self.bonus[seat]}
        n = len(self.routes[seat])
        for key in tiles_won(b, self.stacks, held, built_before, cities, n,
                             self.options["all_countries"]):
            self._take_tile(seat, key)
        carriage = self.carriage_won(seat, self.wagner)
        gain = len(cities)  # the points the table sees: a house built is one fewer left
        if carriage:
            before = max(self.carriages[seat]) if self.carriages[seat] else None
            gain += CARRIAGE_POINTS[carriage] - CARRIAGE_POINTS.get(before, 0)
            self.carriage_supply[carriage] -= 1
            self.carriages[seat].append(carriage)
        ends = self.end_trigger is None and (
            self.houses_left[seat] == 0 or (not self.horses_mode and 7 in self.carriages[seat]))
        if ends:
            self.end_trigger = seat
            if self.stacks["end"]:
                self._take_tile(seat, "end")
        # what the table saw: the route, the houses, the carriage, which tiles;
        # `points`: the gain in score the table sees (houses and carriage)
        if self.wagner:
            self.say({"k": "wagner", "seat": seat})
        route = [b.cities[b.card_city(c)] for c in self.routes[seat]]
        if cities:
            self.say({"k": "score", "seat": seat, "route": route, "houses": [b.cities[c] for c in cities],
                      "points": gain})
        else:  # every city of the route already had one of this player's houses
            self.say({"k": "score_no_houses", "seat": seat, "route": route, "points": gain})
        if carriage:
            self.say({"k": "carriage", "seat": seat, "n": carriage, "p": CARRIAGE_POINTS[carriage]})
        if self._new_tiles:  # which stacks, in the order taken (the sampler replays them)
            self.say({"k": "tiles", "seat": seat, "n": len(self._new_tiles),
                      "tiles": [t["tile"] for t in self._new_tiles]})
            for t in self._new_tiles:  # the values only to their owner
                self.say({"k": "tile_own", "seat": seat, "tile": t["tile"], "value": t["value"]})
        if ends:
            self.say({"k": "end_trigger", "seat": seat})
        self.discards.extend(self.routes[seat])
        self.routes[seat] = []
        if self.horses_mode:
            self.discards.extend(self.horse_cards[seat])
            self.horse_cards[seat] = []
        if len(self.hands[seat]) > HAND_AFTER_SCORING:
            self.discarding = True
        else:
            self._end_turn()

    def _end_turn(self):
        nxt = (self.current + 1) % self.seats
        if self.end_trigger is not None and nxt == self.start:
            self.over = True
            self.say({"k": "game_over"})
            return
        self.current = nxt
        self.turn += 1
        self._new_turn_state()
        self._refill()

    # ------------------------------------------------------------ views
    def _players(self):
        b = self.board
        out = []
        for s in range(self.seats):
            p = {
                "hand": len(self.hands[s]),
                "houses_left": self.houses_left[s],
                "houses": [b.cities[c] for c in self.houses[s]],
                "route": [self._card_view(c) for c in self.routes[s]],
                "carriages": list(self.carriages[s]),
                "carriage": max(self.carriages[s]) if self.carriages[s] else None,
                "bonus_count": len(self.bonus[s]),
                "start": s == self.start,
                "taken_open": [b.cities[c] for c in self.open_taken[s]],
            }
            if self.horses_mode:
                p["horse_cards"] = [b.card_horses(c) for c in self.horse_cards[s]]
                p["horse_power"] = self.horse_power(s)
                p["horses_needed"] = max(len(self.routes[s]), MIN_ROUTE)
            if self.over:  # the end shows every bonus tile and carriage card
                p.update(self._own_in_player(s))
            out.append(p)
        return out

    def _own_in_player(self, s):
        own = {"bonus": [{"tile": k, "value": v} for k, v in self.bonus[s]],
               "bonus_points": sum(v for _, v in self.bonus[s])}
        if self.horses_mode:
            own["carriage_cards"] = [self._card_view(c) for c in self.horse_cards[s]]
        return own

    def _prompt(self, phase):
        b = self.board
        seat = self.current
        p = {"k": phase}
        if phase == "draw":
            # two draws are compulsory with an empty hand: the prompt says so
            p["k"] = "draw_two" if self.must_two and self.drawn == 0 else "draw_second" if self.drawn else "draw"
            p["second"] = self.drawn == 1
            p["compulsory_postmeister"] = self.must_two
        elif phase == "play":
            p["route"] = len(self.routes[seat])
            if self.second_draw_open():
                p["k"] = "play_or_draw"
        elif phase == "more":
            p["can_score"] = self.can_score(seat)
            if p["can_score"]:  # the carriage a scoring earns, without and with the Wagner
                p["carriage"] = self.carriage_won(seat)
                p["wagner_carriage"] = self.carriage_won(seat, True) if any(
                    a.get("wagner") for a in self.score_actions(seat)) else None
        elif phase == "discard":
            p["n"] = len(self.hands[self.current]) - HAND_AFTER_SCORING
        return p

    def _public(self):
        b = self.board
        phase = self.phase()
        return {
            "phase": phase,
            "active": None if self.over else self.current,
            "scores": self._scores() if self.over else None,
            "players": self._players(),
            "prompt": self._prompt(phase),
            "map": b.id,
            "horses": self.horses_mode,
            "display": [self._card_view(c) for c in self.display],
            "deck": len(self.deck),
            "discards": len(self.discards),
            "stacks": {k: list(v) for k, v in self.stacks.items()},
            "carriage_supply": {str(k): v for k, v in self.carriage_supply.items()},
            "turn_state": {"drawn": self.drawn, "played": self.played,
                           "official": self.official, "must_draw_two": self.must_two,
                           "wagner": self.wagner},
            "start_player": self.start,
            "end_triggered_by": self.end_trigger,
            "turn": self.turn,
            "min_route": MIN_ROUTE,
            "carriage_points": {str(k): v for k, v in CARRIAGE_POINTS.items()},
        }

    def _own(self, seat):
        hand = sorted((self._card_view(c) for c in self.hands[seat]), key=lambda v: (v["city"], v["h"] or 0))
        return {"hand": hand, **self._own_in_player(seat)}

    def _pieces(self):
        return pieces(self)

    # ------------------------------------------------------------ result
    def _breakdown(self):
        out = []
        for s in range(self.seats):
            car = 0 if self.horses_mode or not self.carriages[s] else CARRIAGE_POINTS[max(self.carriages[s])]
            out.append({"carriage": car, "bonus": sum(v for _, v in self.bonus[s]),
                        "houses": -self.houses_left[s]})
        return out

    def _scores(self):
        return [sum(d.values()) for d in self._breakdown()]

    def _result(self):
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.seats) if scores[s] == best]
        winner = tied[0]
        if len(tied) > 1:
            holder = next((s for s in range(self.seats)
                           if any(k == "end" for k, _ in self.bonus[s])), self.start)
            for k in range(self.seats):
                if (holder + k) % self.seats in tied:
                    winner = (holder + k) % self.seats
                    break
        return {
            "winners": [winner],
            "scores": scores,
            "breakdown": self._breakdown(),
            "tied": tied,
            "stats": {"turns": self.turn + 1, "end_by": self.end_trigger,
                      "houses_left": list(self.houses_left)},
        }
