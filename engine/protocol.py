"""The one protocol every game implements, and the machinery they share.

A game subclasses `State`, declares its secrets once (`secrecy`, see
engine/secrecy.py) and fills in these hooks:

- `_setup()`                 deal, shuffle, place: uses only `self.rng`;
- `_to_act()`                the seats that must decide now;
- `_legal(seat)`             that seat's legal actions, as JSON-able dicts;
- `_apply(seat, action)`     carry out an action already known to be legal;
- `_public()`                what the whole table sees (the public view);
- `_own(seat)`               what belongs to that seat alone (the keys `secrecy.own` names);
- `_result()`                winners, scores and breakdown, once over;
- `_pieces()`                every piece where it lies, by who sees it there
                             (public, a seat's own, hidden from all): read only
                             by the contract tests.

Everything else - checking legality before anything changes, the action log,
saves that replay, undo, each seat's view and the log's addressing built from
the declaration - lives here once, so every game gets it the same way
(boardgame.io's split of moves and flow and its one playerView; OpenSpiel's
state verbs).
"""

from __future__ import annotations

import copy
import json
import marshal
import math
from abc import ABC, abstractmethod
from typing import Any

from .rng import Rng
from .secrecy import Pieces, Secrecy

SAVE_FORMAT = "speeltafel-save"
SAVE_VERSION = 1
_NO_ACTIONS = '{"actions":[]'  # how a save's text begins, before its log is put in (State.to_json)


class IllegalAction(Exception):
    """An action the rules do not allow now.  The state is left untouched.

    `reason` is data the table words ({"k": key, ...params}), like log
    entries; the message is for developers only."""

    def __init__(self, message: str = "", reason: dict | None = None):
        super().__init__(message or (reason or {}).get("k", "not_allowed"))
        self.reason = dict(reason or {"k": "not_allowed"})


def is_seat(value, seats: int) -> bool:
    """A seat number: an `int` (not `True`) in range."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


MAX_ACTION_DEPTH = 16  # legal actions nest two or three deep
MAX_ACTION_NODES = 10_000
MAX_ACTION_INT = 2**53  # beyond this JSON readers disagree; no game counts that far
_SCALARS = (str, int, float, bool, type(None))


def exact(action: Any) -> Any:
    """The JSON form of `action` (a fresh copy) for matching against legal
    actions, or IllegalAction.  Objects with str keys, arrays, str, int,
    float, bool and None only - each number keeps its type, so 1, 1.0 and
    True stay three different values.  No NaN or Infinity, no huge numbers,
    bounded depth and size: any input, however odd, is refused cheaply and
    without recursion errors."""
    budget = [MAX_ACTION_NODES]

    def refuse():
        raise IllegalAction("That is not a move this game knows.", {"k": "unknown_move"})

    def walk(value, depth):
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_ACTION_DEPTH:
            refuse()
        kind = type(value)
        if kind in _SCALARS:
            if kind is int and not -MAX_ACTION_INT <= value <= MAX_ACTION_INT:
                refuse()
            if kind is float and not math.isfinite(value):
                refuse()
            return value
        if isinstance(value, dict):
            if not all(type(k) is str for k in value):
                refuse()
            return {k: walk(v, depth + 1) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [walk(v, depth + 1) for v in value]
        return refuse()

    return walk(action, 0)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: 1, 1.0 and True are three different values."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def copied(data: Any) -> Any:
    """A deep copy of JSON-like data sharing nothing with it (marshal does
    it in C, several times faster than copy.deepcopy or a JSON round trip:
    every view is copied)."""
    return marshal.loads(marshal.dumps(data))


class State(ABC):
    """One game in progress.  Subclasses set `game_id`, `secrecy` and the hooks."""

    game_id: str = ""
    secrecy: Secrecy = Secrecy()  # a game without secrets declares nothing

    def __init__(self, seats: int, options: dict | None = None, seed: int = 0):
        from .registry import GAMES  # late: the registry imports the games

        spec = GAMES[self.game_id]
        if not is_seat(seats, spec.max_seats + 1) or seats < spec.min_seats:
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
    def _public(self) -> dict:
        """What the whole table sees: a fresh JSON-able dict with at least
        phase, active, scores, players and prompt (docs/engine-conventions.md)."""

    def _own(self, seat: int) -> dict:
        """What only `seat` sees, under the keys `secrecy.own` and
        `secrecy.own_in_player` declare (a fresh dict)."""
        return {}

    def _pieces(self) -> Pieces | None:
        """Every piece of the game where it lies, by who sees it there
        (engine.secrecy.Pieces): the contract checks that no piece is lost
        or doubled, in the game and in every sample of a view, that samples
        deal the secret ones anew, and that no public log entry names one."""
        return None

    @abstractmethod
    def _result(self) -> dict:
        ...

    @abstractmethod
    def _is_over(self) -> bool:
        ...

    @classmethod
    def upgrade_actions(cls, actions: list) -> list:
        """The action log of an older save in today's actions (a game whose
        legal actions changed shape keeps its old saves loadable here)."""
        return actions

    def explain_illegal(self, seat: int, action: dict) -> dict | None:
        """A game may say more precisely why an action is not allowed:
        {"k": key, ...} worded by the game's strings ("illegal" section)."""
        return None

    # ------------------------------------------------------------ public API
    def to_act(self) -> list[int]:
        return [] if self.is_over() else list(self._to_act())

    def legal_actions(self, seat: int) -> list[dict]:
        """A copy: a caller that edits it changes nothing in the game."""
        if self.is_over() or not is_seat(seat, self.seats) or seat not in self._to_act():
            return []
        return copied(self._legal(seat))

    def apply(self, seat: int, action: dict) -> None:
        """Apply a legal action or raise IllegalAction, changing nothing.

        An action counts only when it equals one of the legal actions as
        JSON, types included (`1.0` or `true` is not `1`); what is carried
        out and logged is then the engine's own action, never the caller's
        object."""
        if self.is_over():
            raise IllegalAction("The game is over.", {"k": "over"})
        if not is_seat(seat, self.seats):
            raise IllegalAction("There is no such seat at this table.", {"k": "no_seat"})
        if seat not in self._to_act():
            raise IllegalAction("It is not your turn to decide now.", {"k": "not_your_turn"})
        try:
            wanted = exact(action)
        except IllegalAction:
            raise
        except Exception:  # noqa: BLE001 - an odd object (its own __iter__, ...) is no move
            raise IllegalAction("That is not a move this game knows.", {"k": "unknown_move"}) from None
        own = next((a for a in self._legal(seat) if a == wanted and same(a, wanted)), None)
        if own is None:
            try:
                reason = self.explain_illegal(seat, wanted)
            except Exception:  # noqa: BLE001 - a game's explanation must not turn a refusal into a crash
                reason = None
            reason = reason if isinstance(reason, dict) and isinstance(reason.get("k"), str) else {"k": "not_allowed"}
            raise IllegalAction(f"not allowed now: {reason['k']}", reason)
        own = copied(own)
        draws = self.rng.draws
        self._revealed = False
        self._moving = len(self.actions) + 1  # the log entries this action writes carry its number
        try:
            self._apply(seat, own)
        finally:
            self._moving = 0
        self.actions.append([seat, copied(own)])
        self.undoable.append(self.rng.draws == draws and not self._revealed)

    def view(self, seat: int | None) -> dict:
        """Everything `seat` may know (None: what the whole table sees).

        A copy that shares nothing with the game: a caller (a screen, a
        bot) that edits it changes nothing."""
        return copied(self._view(seat))

    def same_view(self, a: int | None, b: int | None) -> bool:
        """Do seats a and b (None: the whole table) see exactly the same,
        their seat numbers aside?  Compared on views that are not copied:
        the table asks it at every move, and copying a long game's log
        costs more than building it."""
        va, vb = self._view(a), self._view(b)
        va["seat"] = vb["seat"]
        return va == vb

    def _view(self, seat: int | None) -> dict:
        """`view(seat)` before it is copied: it shares the game's data, so
        it is only read (compared), never handed out."""
        if seat is not None and not is_seat(seat, self.seats):
            raise ValueError("no such seat")
        view = self._seat_view(seat)
        view.update(
            game=self.game_id,
            seats=self.seats,
            seat=seat,
            options=self.options,
            to_act=self.to_act(),
            over=self.is_over(),
            window=self.window(),
            moves=len(self.actions),
            # entries only some seats saw are marked, so a table can show them as secrets
            log=[entry if who is None else dict(entry, private=True)
                 for who, entry in self.events if who is None or seat in who],
        )
        if view["over"]:
            view["result"] = self.result()
        return view

    def _seat_view(self, seat: int | None) -> dict:
        """The game's part of `seat`'s view, built from the declaration: the
        public part, with the seat's own keys in their places (None in the
        public view).  Not a copy: `view()` copies it."""
        view = self._public()
        secrecy = self.secrecy
        for key in secrecy.own:
            view[key] = None
        if seat is None:
            return view
        own = self._own(seat)
        undeclared = set(own) - secrecy.own_keys()
        if undeclared:
            raise KeyError(f"{self.game_id}: _own gives {sorted(undeclared)}, not declared in its secrecy")
        player = view["players"][seat] if secrecy.own_in_player else None
        for key, value in own.items():
            if key in secrecy.own_in_player:
                player[key] = value
            else:
                view[key] = value
        return view

    def is_over(self) -> bool:
        return self._is_over()

    def window(self) -> dict | None:
        """The step now, if the table may ask it in public: who is asked does
        not depend on what anyone holds.  `{"phase", "pass": the do-nothing
        answer of every seat asked, "public": [answers any of them may give
        out loud]}`; None otherwise (and always for a game without such steps)."""
        return None if self.is_over() else copied(self._window())

    def _window(self) -> dict | None:
        return None

    def result(self) -> dict:
        if not self.is_over():
            raise IllegalAction("The game is not over yet.")
        return self._result()

    # ------------------------------------------------------------------ logs
    def say(self, entry: dict) -> None:
        """Add a log entry, read by the seats the game's `secrecy` names for
        its key (the whole table for every other key).

        Entries are data (a key `k` and parameters), so the table can word
        them in any language; the engine never writes prose.  Each carries
        `turn` and `move` (the number of the action that wrote it).  A
        private entry (not a note) or one that `shows` a secret tells
        someone something: the action that wrote it cannot be undone.
        """
        entry = dict(entry)
        entry.setdefault("turn", self.turn)
        # the move that wrote it (1 for the first action, 0 for the setup): a
        # table marks what is new to a seat since its last turn by this number
        entry.setdefault("move", getattr(self, "_moving", 0))
        who = self.secrecy.readers(entry, self.seats)
        if self.secrecy.reveals(entry):
            self._revealed = True
        self.events.append((who, entry))

    def mark_revealed(self) -> None:
        """Called by a game when an action showed someone hidden information
        in a way its secrecy cannot see (the table learns a seat holds an
        object because a demand did not fail), so that it cannot be taken
        back (undo would let a player unsee it).  Random draws, private log
        entries and entries that `show` a secret count by themselves."""
        self._revealed = True

    # ----------------------------------------------------------------- saves
    def to_json(self, meta: dict | None = None) -> str:
        """The save: json.dumps of its fields, keys sorted, no spaces.  The
        log's part is kept between calls and only the actions added since are
        written (the whole log of a 1,000-entry game took ~6 ms of a slow
        device's CPU at every move, issue 26); the text is the same byte for
        byte.  "actions" sorts first of the save's keys, so the rest follows it."""
        save = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "actions": [],
        }
        if meta:
            save["meta"] = meta
        rest = json.dumps(save, sort_keys=True, separators=(",", ":"))[len(_NO_ACTIONS):]
        return '{"actions":[' + self._log_json() + "]" + rest

    def _log_json(self) -> str:
        """The log's entries as JSON, comma-separated: the text kept from the
        last call (for this very list, none of its entries taken away since)
        with the entries appended since."""
        log, kept = self.actions, getattr(self, "_log_text", None)
        if kept is None or kept[0] is not log or kept[1] > len(log) or (kept[1] and log[kept[1] - 1] is not kept[2]):
            kept = (log, 0, None, "")
        done, text = kept[1], kept[3]
        if done < len(log):
            added = ",".join(json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in log[done:])
            text = f"{text},{added}" if text else added
            self._log_text = (log, len(log), log[-1], text)
        return text

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
            raise IllegalAction("The game is over: its last move cannot be taken back.", {"k": "over"})
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
