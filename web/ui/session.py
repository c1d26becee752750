"""One game at the table: the engine state plus who sits where.

Pure Python (no browser), so the hot-seat and bot rules of the table are
tested with pytest.  The session never decides a rule: it asks the engine.
"""

from __future__ import annotations

import engine
from engine import bots, saves

from .savemeta import check_meta


def _levels(game_id: str):
    """The game's bot levels (None for a game without bots, such as the tests' toy)."""
    try:
        return bots.LEVELS[game_id]
    except KeyError:
        return None


class Session:
    def __init__(self, state, players: list[dict], save_id: str, created: int = 0):
        # players: [{"name": str, "kind": "human" | "bot", "level": str}]
        self.state = state
        self.players = players
        self.save_id = save_id
        self.created = created
        self.viewer: int | None = None  # the human seat in front of the device
        self.handoff_to: int | None = None  # a human who must confirm before seeing
        self.notes: dict[str, str] = {}  # a human's free notes, per seat
        self.hints = True  # "what would the strong bot do?" offered (the table chose in the lobby)

    # ---------------------------------------------------------------- making
    @classmethod
    def start(cls, game_id, players, options, seed, save_id, now_ms=0, hints=True):
        state = engine.new_game(game_id, len(players), options, seed)
        session = cls(state, players, save_id, now_ms)
        session.hints = hints
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
        session.viewer = meta["viewer"]
        session.hints = meta["hints"]
        session.settle()
        return session

    def to_json(self, now_ms: int) -> str:
        meta = {
            "players": self.players,
            "names": [p["name"] for p in self.players],
            "created": self.created or now_ms,
            "updated": now_ms,
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
        return seat is not None and self.players[seat]["kind"] == "human"

    def humans(self) -> list[int]:
        return [s for s in range(self.state.seats) if self.is_human(s)]

    def bots_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if not self.is_human(s)]

    def humans_to_act(self) -> list[int]:
        return [s for s in self.state.to_act() if self.is_human(s)]

    def _secret_between(self, a, b) -> bool:
        """Would b's view show something a may not see, or the other way
        round?  Compared on the views themselves, so a game without secrets
        (Carcassonne) never asks to pass the device around."""
        va, vb = self.state.view(a), self.state.view(b)
        va.pop("seat", None)
        vb.pop("seat", None)
        return va != vb

    def settle(self) -> None:
        """After any change: decide whose view is shown and whether the
        device must be handed over first (only when a secret is at stake)."""
        self.handoff_to = None
        humans = self.humans()
        if len(humans) <= 1:
            self.viewer = humans[0] if humans else None
            return
        waiting = self.humans_to_act()
        if self.state.is_over() or not waiting or self.viewer in waiting:
            return
        nxt = waiting[0]
        if self._secret_between(self.viewer, nxt):
            self.handoff_to = nxt
        else:
            self.viewer = nxt

    def note(self, seat) -> str:
        return self.notes.get(str(seat), "")

    def set_note(self, seat: int, text: str) -> None:
        """Only the seat in front of the device writes its own notes."""
        if seat == self.viewer and self.handoff_to is None:
            self.notes[str(seat)] = text[:4000]

    def confirm_handoff(self) -> None:
        if self.handoff_to is not None:
            self.viewer = self.handoff_to
            self.handoff_to = None

    # ---------------------------------------------------------------- acting
    def shown_view(self) -> dict:
        return self.state.view(self.viewer)

    def my_legal(self) -> list[dict]:
        """The actions of the seat in front of the device, if it must act."""
        if self.handoff_to is not None or self.viewer is None:
            return []
        return self.state.legal_actions(self.viewer)

    def act(self, action: dict) -> None:
        """The viewer's action (raises engine.IllegalAction, state unchanged)."""
        if self.viewer is None or self.handoff_to is not None:
            raise engine.IllegalAction("Nobody is at the table to make this move.", {"k": "nobody"})
        self.state.apply(self.viewer, action)
        self.settle()

    def bot_thinker(self, seat: int, seed: int, budget_ms: int = 1000):
        """A generator: the bot of `seat` thinking on its own view."""
        state = self.state
        return bots.think(state.game_id, state.view(seat), state.legal_actions(seat),
                          self.players[seat].get("level") or "random", seed, budget_ms)

    def hint_thinker(self, seed: int, budget_ms: int = 1000):
        """A generator: what the strong bot would do in the viewer's place,
        thought on the viewer's own view exactly as a bot of that seat would."""
        state, seat = self.state, self.viewer
        levels = _levels(state.game_id) or ["random"]
        level = "strong" if "strong" in levels else levels[-1]
        return bots.think(state.game_id, state.view(seat), self.my_legal(), level, seed, budget_ms)

    def bot_act(self, seat: int, action: dict) -> None:
        self.state.apply(seat, action)
        self.settle()

    def can_undo(self) -> bool:
        return self.viewer is not None and self.handoff_to is None and self.state.can_undo(self.viewer)

    def undo(self) -> None:
        self.state = self.state.undo()
        self.settle()
