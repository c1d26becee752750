"""One game at the table: the engine state plus who sits where.

Pure Python (no browser), so the hot-seat and bot rules of the table are
tested with pytest.  The session never decides a rule: it asks the engine.

Hot-seat privacy is decided here and nowhere else.  `shown()` is the one
answer to "what is on the screen now", and the app draws only from it:

- a seat's private view is shown only to the seat that confirmed the last
  hand-over in front of the device (or to the only human at the table);
- a hand-over, once on the screen, stays until it is confirmed: if who must
  act changes meanwhile it names whoever is next now (maybe the same person
  again), it never falls through to a private view;
- an open window (a step where the engine asks seats whatever they hold and
  names their do-nothing answer, `State.window()`) is asked in public: every
  human may step forward ("I'll play something"), give an answer the engine
  calls public out loud, or the table answers "nobody"; only a human who
  stepped forward is handed the device, and may back out without acting;
- a hot-seat game whose seats hold secrets begins as at a real table: each
  human, in turn behind a hand-over, looks at their own cards once (LOOK)
  before the first question, except the one whose own decision comes first
  (that decision is their look);
- the only human at a table is not asked what they cannot choose: a
  decision whose only legal action is the window's do-nothing answer is
  given for them (with several humans it stays on the public screen, and
  with a seat on a device of its own it waits for a tap, so that nobody
  learns who could have played something).

A seat of kind "remote" plays on a device of its own (ui/devices/): it is
neither a human at this device nor a bot, so the hand-over and window rules
above never show its view here; its actions come through `remote_act`.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine import bots, saves

from .savemeta import MAX_NOTE, check_meta


def _levels(game_id: str):
    """The game's bot levels (None for a game without bots, such as the tests' toy)."""
    try:
        return bots.LEVELS[game_id]
    except KeyError:
        return None


TABLE, HANDOFF, PRIVATE, WINDOW, LOOK = "table", "handoff", "private", "window", "look"
HUMAN, BOT, REMOTE = "human", "bot", "remote"  # a player's kind: at this device, a bot, on a device of its own


@dataclass(frozen=True)
class Shown:
    """What the screen shows.  kind: TABLE (the public table), HANDOFF (the
    hand-over screen to `seat`, nothing of the game behind it), PRIVATE
    (`seat`'s own view), WINDOW (the public window screen), LOOK (`seat`'s
    own view at the opening, nothing to play: they look at their cards)."""

    kind: str
    seat: int | None = None


class Session:
    def __init__(self, state, players: list[dict], save_id: str, created: int = 0):
        # players: [{"name": str, "kind": "human" | "bot" | "remote", "level": str}]
        self.state = state
        self.players = players
        self.save_id = save_id
        self.created = created
        self.updated = 0  # when it was last saved (ms): every save counts up from it
        self.viewer: int | None = None  # the human who confirmed last and holds the device
        self.handoff_to: int | None = None  # a human who must confirm before seeing
        self.forward: int | None = None  # a human who stepped forward in an open window
        self.window: dict | None = None  # the engine's open window, while asked in public
        self.notes: dict[str, str] = {}  # a human's free notes, per seat
        self.hints = True  # "what would the strong bot do?" offered (the table chose in the lobby)
        self.to_look: list[int] = []  # humans still to look at their own cards at the opening
        self.answer_alone = True  # the only human's lone do-nothing answers are given for them
        self.answered: set[int] = set()  # moves given so (undo takes them back with the move before)
        self._hold = None  # after an undo: the position where a lone answer waits for a tap
        self._shown = Shown(TABLE)
        # what the table asks now, numbered: every change (a move, a hand-over
        # confirmed, a step forward or back) draws a new decision, and a control
        # drawn for an earlier one does nothing (ui/taps.py)
        self.decision = 0

    # ---------------------------------------------------------------- making
    @classmethod
    def start(cls, game_id, players, options, seed, save_id, now_ms=0, hints=True):
        state = engine.new_game(game_id, len(players), options, seed)
        session = cls(state, players, save_id, now_ms)
        session.hints = hints
        session.to_look = session._lookers()
        session.settle()
        return session

    @classmethod
    def from_save(cls, text: str, save_id: str):
        """The table of a save.  Raises SaveError only (engine.saves checks
        the game's part, savemeta the table's), whatever the text holds."""
        save = saves.read(text)
        meta = check_meta(save["meta"], save["seats"], _levels(save["game"]))
        state = saves.build(save)
        session = cls(state, meta["players"], save_id, meta["created"])
        session.notes = meta["notes"]
        session.updated = meta["updated"]
        session.hints = meta["hints"]
        if not any(session.is_human(seat) for seat, _ in state.actions):
            session.to_look = session._lookers()  # reloaded before any human played: look (again)
        # with several humans nobody is assumed in front of the device after a
        # reload: whoever is next confirms first (settle asks for it); the
        # saved viewer is kept only for a table of one human, which settle sets
        session.settle()
        return session

    def to_json(self, now_ms: int) -> str:
        """The save; its `updated` always counts up (even if the clock went
        back), so of two saves of one game the newer is known (ui/journal.py)."""
        self.updated = max(int(now_ms), int(self.updated) + 1)
        meta = {
            "players": self.players,
            "names": [p["name"] for p in self.players],
            "created": self.created or now_ms,
            "updated": self.updated,
            "over": self.state.is_over(),
            "viewer": self.viewer,
            "notes": self.notes,
            "hints": self.hints,
        }
        return self.state.to_json(meta=meta)

    # --------------------------------------------------------------- seating
    @property
    def game_id(self) -> str:
        return self.state.game_id

    def is_human(self, seat) -> bool:
        """A human at this device (hot-seat); not one on a device of its own."""
        return seat is not None and self.players[seat]["kind"] == HUMAN

    def is_remote(self, seat) -> bool:
        return seat is not None and self.players[seat]["kind"] == REMOTE

    def humans(self) -> list[int]:
        return [s for s in range(self.state.seats) if self.is_human(s)]

    def remotes(self) -> list[int]:
        return [s for s in range(self.state.seats) if self.is_remote(s)]

    def has_bots(self) -> bool:
        return any(p["kind"] == BOT for p in self.players)

    def bots_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if self.players[s]["kind"] == BOT]

    def humans_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if self.is_human(s)]

    def _secret_between(self, a, b) -> bool:
        """Would b's view show something a may not see, or the other way
        round?  (None: the public table.)  Compared on the views themselves,
        so a game without secrets (Carcassonne) never asks to pass the
        device around."""
        return not self.state.same_view(a, b)

    def _has_secret(self, seat) -> bool:
        """Does `seat` see something the table does not?  (Its own cards.)"""
        return self._secret_between(seat, None)

    def _lookers(self) -> list[int]:
        """The humans who look at their own cards before the first question:
        every human with a secret, in seat order, but the one whose own
        decision comes first (no window open): that decision is their look."""
        humans = self.humans()
        if len(humans) <= 1:
            return []
        waiting = self.humans_to_act()
        first = waiting[0] if waiting and self.state.window() is None else None
        return [h for h in humans if h != first and self._has_secret(h)]

    # ------------------------------------------------------ what is on screen
    def shown(self) -> Shown:
        """The one decision of what the screen shows (see the module doc)."""
        return self._shown

    def settle(self) -> None:
        """After any change: decide what the screen shows next."""
        self.decision += 1
        humans = self.humans()
        if len(humans) <= 1:  # the only human (if any) sees their own view throughout
            self.viewer = humans[0] if humans else None
            self.handoff_to = self.forward = self.window = None
            self._shown = Shown(PRIVATE, self.viewer) if self.viewer is not None else Shown(TABLE)
            self._answer_alone()
            return
        self.to_look = [h for h in self.to_look if self.is_human(h)]  # (a seat handed to a device or a bot looks there)
        if self.to_look:  # the opening: each human looks at their own cards, behind a hand-over
            seat = self.to_look[0]
            self.forward = self.window = None
            if self.viewer == seat and self.handoff_to is None:
                self._shown = Shown(LOOK, seat)
            else:
                self.viewer, self.handoff_to = None, seat
                self._shown = Shown(HANDOFF, seat)
            return
        waiting = self.humans_to_act()
        if self.forward is not None and self.forward not in waiting:
            self.forward = None  # nothing left to answer (its hand-over, if pending, is re-aimed below)
        window = self.state.window() if waiting else None  # the engine says what is asked in public
        holder_alone = self.handoff_to is None and self.viewer is not None and waiting == [self.viewer]
        if window and self.forward is None and not holder_alone:
            # asked in public: the device lies on the table, nobody holds it privately
            self.viewer = self.handoff_to = None
            self.window = window
            self._shown = Shown(WINDOW)
            return
        self.window = None
        if self.handoff_to is not None:
            if waiting and self.handoff_to not in waiting:
                # who must act changed while the device was being handed over:
                # hand it to whoever is next now (maybe the one who held it)
                self.handoff_to = waiting[0]
            self._shown = Shown(HANDOFF, self.handoff_to)
            return
        if waiting and self.viewer not in waiting:
            nxt = waiting[0]
            if self._secret_between(self.viewer, nxt):
                self.handoff_to = nxt
                self._shown = Shown(HANDOFF, nxt)
                return
            self.viewer = nxt  # nothing secret between them: the view simply changes hands
        self._shown = Shown(PRIVATE, self.viewer) if self.viewer is not None else Shown(TABLE)

    def _answer_alone(self) -> None:
        """The only human is asked a step whose only legal action is the
        window's do-nothing answer: it is given for them, without a tap.  Not
        with a seat on a device of its own: a human there would learn from
        an answer given at once who could not have played."""
        seat = self.viewer
        alone = self.answer_alone and not self.remotes()
        while alone and seat is not None and len(self.state.actions) != self._hold:
            window = self.state.window() if seat in self.state.to_act() else None
            if not window or self.state.legal_actions(seat) != [window["pass"]]:
                return
            self.answered.add(len(self.state.actions))
            self.state.apply(seat, window["pass"])

    def shown_view(self) -> dict:
        """The engine view the screen draws (the public one unless PRIVATE or LOOK)."""
        shown = self._shown
        return self.state.view(shown.seat if shown.kind in (PRIVATE, LOOK) else None)

    def seen_until(self, seat: int) -> int:
        """The move up to which `seat` has seen the table: the end of its last
        turn before the present one (0 before it first acted).  Log entries
        with a larger `move`, up to `turn_began`, are what the others did
        since its last turn (the table marks them)."""
        acts = self.state.actions
        i = self.turn_began(seat)
        while i and acts[i - 1][0] != seat:
            i -= 1
        return i

    def turn_began(self, seat: int) -> int:
        """The moves made before `seat`'s present turn began (all of them when
        it has not begun): what the seat does in it is its own, not news."""
        acts = self.state.actions
        i = len(acts)
        while i and acts[i - 1][0] == seat:
            i -= 1
        return i

    def note(self, seat) -> str:
        return self.notes.get(str(seat), "")

    def set_note(self, seat: int, text: str) -> None:
        """Only the seat whose own view is on the screen writes its notes."""
        if self._shown in (Shown(PRIVATE, seat), Shown(LOOK, seat)):
            self.notes[str(seat)] = text[:MAX_NOTE]

    def confirm_handoff(self) -> None:
        """The human named on the hand-over screen has the device."""
        if self.handoff_to is not None:
            self.viewer = self.handoff_to
            self.handoff_to = None
            self.settle()

    def looked(self) -> None:
        """The human looking at their cards at the opening has seen them."""
        if self._shown.kind != LOOK:
            raise engine.IllegalAction("Nobody is looking at their cards now.")
        self.to_look.pop(0)
        self.viewer = None  # the cards are hidden: the device lies on the table again
        self.settle()

    # ----------------------------------------------------------- open windows
    def step_forward(self, seat: int) -> None:
        """On the public window screen, `seat` wants to play something: the
        device is handed to it (whatever it holds)."""
        if self._shown.kind != WINDOW or seat not in self.humans_to_act():
            raise engine.IllegalAction("Only a player asked now can step forward.")
        self.forward = seat
        self.handoff_to = seat
        self.settle()

    def can_back_out(self) -> bool:
        return self.forward is not None and self._shown.kind in (HANDOFF, PRIVATE)

    def back_out(self) -> None:
        """The human who stepped forward plays nothing now: back to the public
        window screen, their answer still open."""
        if not self.can_back_out():
            return
        self.forward = self.handoff_to = self.viewer = None
        self.settle()

    def answer(self, seat: int, action: dict, moves: int | None = None) -> None:
        """On the public window screen: `seat` gives one of the window's
        public answers out loud (the same for every seat, whatever it holds)."""
        if self._shown.kind != WINDOW or seat not in self.humans_to_act():
            raise engine.IllegalAction("Only a player asked now can answer.")
        if action not in self.window.get("public", []):
            raise engine.IllegalAction("That answer is not given in public.")
        if moves is not None and moves != len(self.state.actions):
            raise engine.IllegalAction("The table changed meanwhile; look again.")
        self.state.apply(seat, action)
        self.settle()

    def nobody(self, moves: int | None = None) -> None:
        """On the public window screen: every human still asked gives the
        window's do-nothing answer.  `moves` (the length of the action log the
        screen showed) refuses a tap on a window that has changed since."""
        if self._shown.kind != WINDOW:
            raise engine.IllegalAction("No window is open to the table now.")
        if moves is not None and moves != len(self.state.actions):
            raise engine.IllegalAction("The table changed meanwhile; look again.")
        window = self.window
        for seat in self.humans_to_act():
            if self.state.window() != window:
                break  # this window closed; whatever follows is asked anew
            if seat in self.state.to_act():
                self.state.apply(seat, window["pass"])
        self.settle()

    # ---------------------------------------------------------------- acting
    def my_legal(self) -> list[dict]:
        """The actions of the seat whose own view is on the screen, if it must act."""
        shown = self._shown
        if shown.kind != PRIVATE:
            return []
        return self.state.legal_actions(shown.seat)

    def act(self, action: dict) -> None:
        """The shown seat's action (raises engine.IllegalAction, state unchanged)."""
        shown = self._shown
        if shown.kind != PRIVATE:
            raise engine.IllegalAction("Nobody is at the table to make this move.", {"k": "nobody"})
        self.state.apply(shown.seat, action)
        if self.forward == shown.seat:
            self.forward = None  # answered: the window asks the table again
        self.settle()

    def bot_thinker(self, seat: int, seed: int, budget_ms: int = 1000, stop=None):
        """A generator: the bot of `seat` thinking on its own view (`stop`:
        the table's deadline, see engine.bots.hurry_after)."""
        state = self.state
        return bots.think(state.game_id, state.view(seat), state.legal_actions(seat),
                          self.players[seat].get("level") or "random", seed, budget_ms, stop)

    def hint_thinker(self, seed: int, budget_ms: int = 1000):
        """A generator: what the strong bot would do in the place of the seat
        on the screen, thought on that seat's own view exactly as its bot would."""
        state, seat = self.state, self._shown.seat
        levels = _levels(state.game_id) or ["random"]
        level = "strong" if "strong" in levels else levels[-1]
        return bots.think(state.game_id, state.view(seat), self.my_legal(), level, seed, budget_ms)

    def bot_act(self, seat: int, action: dict) -> None:
        self.state.apply(seat, action)
        self.settle()

    # ------------------------------------------------------ remote devices
    def remote_act(self, seat: int, action: dict) -> None:
        """An action from the device of `seat` (a remote seat only; raises
        engine.IllegalAction, state unchanged)."""
        if not self.is_remote(seat):
            raise engine.IllegalAction("This seat does not play on a device of its own.", {"k": "nobody"})
        self.state.apply(seat, action)
        self.settle()

    def remote_view(self, seat: int) -> tuple[dict, list, int]:
        """What the device of `seat` is sent: its own view, its legal actions,
        and where its last turn ended (`seen_until`)."""
        return self.state.view(seat), self.state.legal_actions(seat), self.seen_until(seat)

    def set_kind(self, seat: int, kind: str, level: str | None = None) -> None:
        """The seat changes hands: to a device of its own, to this device
        (hot-seat) or to a bot (`level`).  Whoever held this device for it
        lets go, so its view is shown here again only after a hand-over."""
        player = self.players[seat]
        player.update(kind=kind, level=level if kind == BOT else None)
        if self.viewer == seat or self.handoff_to == seat or self.forward == seat:
            self.viewer = self.handoff_to = self.forward = None
        self.settle()

    def can_undo(self) -> bool:
        """Only the shown seat's own last move, and only while the game runs
        (the engine refuses a finished game and a move that revealed something)."""
        shown = self._shown
        if shown.kind != PRIVATE or not self.state.can_undo(shown.seat):
            return False
        state, k = self.state, len(self.state.actions) - 1
        while k in self.answered and state.undoable[k]:  # lone answers given for them go back with
            k -= 1                                      # the move before them, which must be theirs
        return k >= 0 and state.actions[k][0] == shown.seat and state.undoable[k]

    def undo(self) -> None:
        """Take back the shown seat's last move, with the lone answers given
        for them after it.  A lone answer that is taken back on its own (the
        table forgot it was given for them: a reload) waits for their tap."""
        if not self.can_undo():
            raise engine.IllegalAction("This move cannot be taken back.")
        seat = self._shown.seat
        state = self.state.undo()
        while len(state.actions) in self.answered and state.can_undo(seat):
            state = state.undo()
        self.state = state
        self.answered = {i for i in self.answered if i < len(state.actions)}
        self._hold = len(state.actions)
        self.settle()
