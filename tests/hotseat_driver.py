"""Random hot-seat games driven through `ui.session.Session`, headless, with
the privacy invariant checked after every event.

The model of the device: a seat "holds" it after confirming a hand-over in
front of it.  Once a hand-over screen or the public window screen is drawn,
nobody holds it any more (the device may already be in other hands), until
the next confirm.  After every event:

- the drawn view (what `Session.shown_view()` gives the app to draw) is
  exactly what the holder may see, or the public table when nobody holds it
  (the only human of a table always holds it);
- a private view of seat b after one of seat a, where a and b may know
  different things, came with a confirm by b in between;
- only the seat whose own view is drawn gets legal actions, and none while
  it looks at its cards at the opening (LOOK);
- the opening: before anything is asked in public, every human who holds a
  secret has seen their own cards once (a LOOK after their confirm), but the
  one whose own decision came first, which was their look.

Events are chosen at random among what a table can do at that moment: a bot
moves, or a human taps what the screen offers (confirm, a legal action,
step forward, a public answer, "nobody", back out, undo).
"""

from __future__ import annotations

from engine import bots
from engine.rng import Rng

from . import ui_support  # noqa: F401  (puts web/ on the path)
from ui.session import HANDOFF, LOOK, PRIVATE, TABLE, WINDOW, Session, Shown  # noqa: E402

KINDS = (TABLE, HANDOFF, PRIVATE, WINDOW, LOOK)


def content(view: dict) -> dict:
    view = dict(view)
    view.pop("seat", None)
    return view


class Checker:
    def __init__(self, session):
        self.s = session
        humans = session.humans()
        self.holder = humans[0] if len(humans) == 1 else None
        self.last_private = None  # (seat) of the private view drawn last
        self.confirmed_since = set()  # seats that confirmed since then
        self.events = 0
        self.confirms = 0
        self.handoffs = 0
        self.windows = 0
        self._last_shown = None
        self._checked = None
        # who looks at the opening: every human who holds a secret, but the one who decides first in private
        state = session.state
        waiting = session.humans_to_act()
        first = waiting[0] if waiting and state.window() is None else None
        self.lookers = [h for h in humans if len(humans) > 1 and h != first
                        and content(state.view(h)) != content(state.view(None))]
        self.looked = set()  # ... and has
        assert session.to_look == self.lookers

    def confirm(self, seat):
        self.holder = seat
        self.confirmed_since.add(seat)
        self.confirms += 1

    def check(self, what: str) -> None:
        s = self.s
        self.events += 1
        shown = s.shown()
        assert shown.kind in KINDS, shown
        state = s.state
        changed = shown != self._last_shown
        if changed:
            self.handoffs += shown.kind == HANDOFF
            self.windows += shown.kind == WINDOW
        self._last_shown = shown
        if shown.kind in (HANDOFF, WINDOW) and len(s.humans()) > 1:
            self.holder = None  # offered to someone / lying on the table
        where = f"after {what} (event {self.events}, move {len(state.actions)}, {shown})"
        # the drawn view itself (views are costly) whenever the screen changes
        # hands, and every few events besides
        look = self.events % 8 == 0
        if shown.kind == LOOK:
            assert shown.seat == self.holder, where
            if changed:
                assert self.lookers[len(self.looked)] == shown.seat, f"looks out of turn {where}"
            assert s.my_legal() == [] and not s.can_undo(), where
            self.looked.add(shown.seat)
        if shown.kind == WINDOW:
            assert self.looked == set(self.lookers), f"a public question before every human looked {where}"
        if shown.kind in (PRIVATE, LOOK):
            seat = shown.seat
            prev = self.last_private
            if self.holder != seat or prev != seat or look:
                drawn = s.shown_view()
                assert drawn["seat"] == seat, where
                drawn = content(drawn)
                # the others' views uncopied (`_view`): only compared, and a long game's log costs more to copy
                if self.holder != seat:  # allowed only when the holder may see just the same
                    assert drawn == content(state._view(self.holder)), (
                        f"seat {seat}'s own view is drawn, but the device is held by {self.holder} {where}")
                if prev is not None and prev != seat and content(state._view(prev)) != drawn:
                    assert seat in self.confirmed_since, f"no confirm between seat {prev} and seat {seat} {where}"
                assert s.my_legal() == (state.legal_actions(seat) if shown.kind == PRIVATE else []), where
            if prev != seat:
                self.last_private = seat
                self.confirmed_since = set()
        else:
            if look or shown != self._checked:
                drawn = s.shown_view()
                assert drawn["seat"] is None, f"a {shown.kind} screen draws seat {drawn['seat']}'s view {where}"
            assert s.my_legal() == [], where
            assert not s.can_undo(), where
        self._checked = shown


def random_game(game_id, seats, humans, seed, options=None, max_events=30_000, claim_weight=0.3, max_undos=3,
                until=None, sensible=0.0):
    """Play one game with random humans and random bots; returns the Checker
    (its session is `.s`).  `until(session)`: stop as soon as it is true.
    `sensible`: the share of moves (humans' and bots') that are the greedy
    bot's choice on the mover's own view, so that games whose random play
    hardly ends (Thurn und Taxis: a route of seven, or every house built)
    reach their end in a normal length."""
    rng = Rng(seed)
    order = list(range(seats))
    rng.shuffle(order)
    human_seats = sorted(order[:humans])
    players = [{"name": f"P{i}", "kind": "human" if i in human_seats else "bot",
                "level": None if i in human_seats else "random"} for i in range(seats)]
    s = Session.start(game_id, players, options, seed, "prop")
    c = Checker(s)
    c.check("start")
    undos = 0

    def pick(legal, seat=None):
        if seat is not None and sensible and rng.random() < sensible:
            return bots.choose(game_id, s.state.view(seat), legal, bots.LEVELS[game_id][1], seed=c.events)
        return random_pick(legal)

    def random_pick(legal):
        """A random legal action, its type drawn first: claims (which end a
        Kutschfahrt game) neither drown the other moves nor vanish, and
        giving up a route (which only makes a Thurn und Taxis game longer)
        is rare."""
        claims = [a for a in legal if a.get("type") in ("claim", "claim_solo", "foretell")]
        rest = [a for a in legal if a not in claims]
        if claims and (not rest or rng.random() < claim_weight):
            return rng.choice(claims)
        types = sorted({a.get("type") for a in rest})
        if len(types) > 1 and "abandon" in types and rng.random() < 0.9:
            types.remove("abandon")
        kind = rng.choice(types)
        return rng.choice([a for a in rest if a.get("type") == kind])

    while not s.state.is_over():
        assert c.events < max_events, f"{game_id}: no end after {max_events} events"
        shown = s.shown()
        options_ = []
        if s.bots_to_act():
            options_.append("bot")
        if shown.kind == HANDOFF:
            options_ += ["confirm"] * 3 + (["back"] if s.can_back_out() else [])
        elif shown.kind == WINDOW:
            options_ += [("forward", h) for h in s.humans_to_act()] + ["nobody"]
            options_ += [("answer", h, a) for h in s.humans_to_act() for a in s.window.get("public", [])]
        elif shown.kind == LOOK:
            options_ += ["looked"]
        elif shown.kind == PRIVATE and s.my_legal():
            options_ += ["act"] * 4 + (["back"] if s.can_back_out() else [])
            if s.can_undo() and undos < max_undos:
                options_.append("undo")  # rare: an undo replays the game from its start
        assert options_, f"the table is stuck: {shown}, to act {s.state.to_act()}"
        event = rng.choice(options_)
        if event == "bot":
            seat = rng.choice(s.bots_to_act())
            s.bot_act(seat, pick(s.state.legal_actions(seat), seat))
        elif event == "confirm":
            c.confirm(shown.seat)
            s.confirm_handoff()
        elif event == "back":
            s.back_out()
        elif event == "looked":
            s.looked()
        elif event == "nobody":
            s.nobody(len(s.state.actions))
        elif event == "act":
            s.act(pick(s.my_legal(), shown.seat))
        elif event == "undo":
            undos += 1
            s.undo()
        elif event[0] == "answer":
            s.answer(event[1], event[2], len(s.state.actions))
        else:
            s.step_forward(event[1])
        c.check(event if isinstance(event, str) else f"{event[0]} {event[1]}")
        if until is not None and until(s):
            break
    return c


def look_all(s):
    """The opening's looks, each human confirming and hiding their cards in turn."""
    while s.to_look:
        assert s.shown() == Shown(HANDOFF, s.to_look[0])
        s.confirm_handoff()
        assert s.shown() == Shown(LOOK, s.to_look[0])
        s.looked()
    return s
