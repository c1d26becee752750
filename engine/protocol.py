"""The one protocol every game implements, and the machinery they share.

A game subclasses `State` and fills in five hooks:

- `_setup()`                 deal, shuffle, place: uses only `self.rng`;
- `_to_act()`                the seats that must decide now;
- `_legal(seat)`             that seat's legal actions, as JSON-able dicts;
- `_apply(seat, action)`     carry out an action already known to be legal;
- `_view(seat)`              what `seat` may know (None: the public table);
- `_result()`                winners, scores and breakdown, once over.

Everything else - checking legality before anything changes, the action log,
saves that replay, undo, the public and private logs - lives here once, so
every game gets it the same way (boardgame.io's split of moves and flow;
OpenSpiel's state verbs).
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from typing import Any

from .rng import Rng

SAVE_FORMAT = "speeltafel-save"
SAVE_VERSION = 1


class IllegalAction(Exception):
    """An action the rules do not allow now.  The state is left untouched."""


class SaveError(ValueError):
    """A save that is damaged, of another format, or of an unknown version."""


def canonical(action: Any) -> Any:
    """The JSON form of an action: tuples become lists, keys become strings."""
    return json.loads(json.dumps(action, sort_keys=True))


class State(ABC):
    """One game in progress.  Subclasses set `game_id` and the hooks."""

    game_id: str = ""

    def __init__(self, seats: int, options: dict | None = None, seed: int = 0):
        from .registry import GAMES  # late: the registry imports the games

        spec = GAMES[self.game_id]
        if not isinstance(seats, int) or not spec.min_seats <= seats <= spec.max_seats:
            raise ValueError(
                f"{self.game_id} is for {spec.min_seats}-{spec.max_seats} players, not {seats}"
            )
        self.seats = seats
        self.options = spec.resolve_options(options, seats)
        self.seed = int(seed)
        self.rng = Rng(self.seed)
        self.actions: list[list] = []  # [seat, action] pairs: the save
        self.undoable: list[bool] = []  # per action: may it be taken back?
        self.events: list[tuple[frozenset | None, dict]] = []  # (who sees it, entry)
        self.turn = 0  # a counter games advance; dates log entries
        self._revealed = False
        self._setup()

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def _setup(self) -> None:
        ...

    @abstractmethod
    def _to_act(self) -> list[int]:
        ...

    @abstractmethod
    def _legal(self, seat: int) -> list[dict]:
        ...

    @abstractmethod
    def _apply(self, seat: int, action: dict) -> None:
        ...

    @abstractmethod
    def _view(self, seat: int | None) -> dict:
        ...

    @abstractmethod
    def _result(self) -> dict:
        ...

    @abstractmethod
    def _is_over(self) -> bool:
        ...

    def explain_illegal(self, seat: int, action: dict) -> str | None:
        """A game may say more precisely why an action is not allowed."""
        return None

    # ------------------------------------------------------------ public API
    def to_act(self) -> list[int]:
        return [] if self.is_over() else list(self._to_act())

    def legal_actions(self, seat: int) -> list[dict]:
        if self.is_over() or seat not in self._to_act():
            return []
        return self._legal(seat)

    def apply(self, seat: int, action: dict) -> None:
        """Apply a legal action or raise IllegalAction, changing nothing."""
        if self.is_over():
            raise IllegalAction("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        if seat not in self._to_act():
            raise IllegalAction("It is not your turn to decide now.")
        try:
            action = canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction("That is not a move this game knows.") from None
        if action not in self._legal(seat):
            raise IllegalAction(
                self.explain_illegal(seat, action) or "That move is not allowed now."
            )
        draws = self.rng.draws
        self._revealed = False
        self._apply(seat, action)
        self.actions.append([seat, action])
        self.undoable.append(self.rng.draws == draws and not self._revealed)

    def view(self, seat: int | None) -> dict:
        """Everything `seat` may know (None: what the whole table sees)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise ValueError(f"no seat {seat!r}")
        view = self._view(seat)
        view.update(
            game=self.game_id,
            seats=self.seats,
            seat=seat,
            options=copy.deepcopy(self.options),
            to_act=self.to_act(),
            over=self.is_over(),
            moves=len(self.actions),
            # entries only some seats saw are marked, so a table can show them as secrets
            log=[entry if who is None else dict(entry, private=True)
                 for who, entry in self.events if who is None or seat in who],
        )
        if view["over"]:
            view["result"] = self.result()
        return view

    def is_over(self) -> bool:
        return self._is_over()

    def result(self) -> dict:
        if not self.is_over():
            raise IllegalAction("The game is not over yet.")
        return self._result()

    # ------------------------------------------------------------------ logs
    def say(self, entry: dict, to=None) -> None:
        """Add a log entry: for everyone (to=None) or for the given seats.

        Entries are data (a key `k` and parameters), so the table can word
        them in any language; the engine never writes prose.
        """
        entry = dict(entry)
        entry.setdefault("turn", self.turn)
        who = None if to is None else frozenset([to] if isinstance(to, int) else to)
        self.events.append((who, entry))

    def mark_revealed(self) -> None:
        """Called by a game when an action showed someone hidden information,
        so that it cannot be taken back (undo would let a player unsee it)."""
        self._revealed = True

    # ----------------------------------------------------------------- saves
    def to_json(self, meta: dict | None = None) -> str:
        save = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }
        if meta:
            save["meta"] = meta
        return json.dumps(save, sort_keys=True, separators=(",", ":"))

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def can_undo(self, seat: int) -> bool:
        """True when the last action was `seat`'s, revealed nothing and did
        not end the game (the final scoring has been seen by everyone)."""
        return (bool(self.actions) and not self.is_over() and self.actions[-1][0] == seat
                and self.undoable[-1])

    def undo(self) -> "State":
        """A new state without the last action (replayed from the seed)."""
        if self.is_over():
            raise IllegalAction("The game is over: its last move cannot be taken back.")
        if not self.actions or not self.undoable[-1]:
            raise IllegalAction("The last move cannot be taken back.")
        return replay(self.game_id, self.seats, self.options, self.seed, self.actions[:-1])

    def fingerprint(self) -> str:
        """Everything that determines the game from here, for tests."""
        return json.dumps(
            [self.view(s) for s in range(self.seats)] + [self.view(None), self.rng.state],
            sort_keys=True,
            default=repr,
        )


def replay(game_id: str, seats: int, options: dict, seed: int, actions) -> State:
    from .registry import new_game

    state = new_game(game_id, seats, options, seed)
    for seat, action in actions:
        state.apply(seat, action)
    return state


def load(text: str) -> State:
    """Rebuild a game from its save by replaying its action log.

    Raises SaveError when the text is not a save we can read; the caller
    keeps the text as it is (a damaged save is never thrown away)."""
    from .registry import GAMES

    try:
        save = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError(f"not a save: {err}") from None
    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise SaveError("not a Speeltafel save")
    if save.get("version") != SAVE_VERSION:
        raise SaveError(f"unknown save version {save.get('version')!r}")
    if save.get("game") not in GAMES:
        raise SaveError(f"unknown game {save.get('game')!r}")
    try:
        actions = save["actions"]
        if not isinstance(actions, list):
            raise SaveError("the action log is not a list")
        return replay(save["game"], save["seats"], save.get("options"), save["seed"], actions)
    except SaveError:
        raise
    except (IllegalAction, KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the save does not replay: {err}") from None
