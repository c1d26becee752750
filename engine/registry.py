"""The games the table plays: their specs (names, seats, options) as data.

A spec is cheap to import; the rules module behind it is imported only when
a game of that kind is started, so the lobby appears before every rulebook
is loaded.
"""

from __future__ import annotations

import copy
import importlib
from dataclasses import dataclass, field

LANGS = ("nl", "en", "de")


def _same(a, b) -> bool:
    """Option values are scalars: equal with the same type (1, 1.0 and True differ)."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Option:
    """One choice players make before the game.

    kind "choice": `value` is one of `values`; "bool": True or False;
    "subset": a list of some of `values` (at least `min_size` of them).
    `seats` limits the option to those player counts (others get the default).
    `requires` ({other option id: allowed values}) limits it to tables where
    options declared before it have those values (others get the default), so
    the lobby shows only what applies.
    `names` and `value_names` word it in each language.
    """

    id: str
    default: object
    values: tuple = ()
    kind: str = "choice"
    names: dict = field(default_factory=dict)
    value_names: dict = field(default_factory=dict)
    help: dict = field(default_factory=dict)
    seats: tuple = ()
    min_size: int = 0
    requires: dict = field(default_factory=dict)

    def applies(self, seats: int, resolved: dict) -> bool:
        """Does this option count at a table of `seats` with these earlier options?"""
        if self.seats and seats not in self.seats:
            return False
        return all(resolved.get(k) in allowed for k, allowed in self.requires.items())

    def check(self, value):
        """The option's own value equal to `value` as JSON, types included
        (a save's `1.0` or `true` does not pass for `1`), or ValueError."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.id} is yes or no, not {value!r}")
        elif self.kind == "subset":
            if not isinstance(value, (list, tuple)) or not all(self._known(v) for v in value):
                raise ValueError(f"option {self.id}: {value!r} is not a selection of {self.values}")
            chosen = [v for v in self.values if any(_same(v, w) for w in value)]  # canonical order
            if len(chosen) != len(value) or len(value) < self.min_size:
                raise ValueError(f"option {self.id} needs at least {self.min_size} different items")
            value = chosen
        elif not self._known(value):
            raise ValueError(f"option {self.id} is one of {list(self.values)}, not {value!r}")
        else:
            value = next(v for v in self.values if _same(v, value))
        return value

    def _known(self, value) -> bool:
        return any(_same(v, value) for v in self.values)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "default": copy.deepcopy(self.default),
            "values": list(self.values) if self.kind != "bool" else [False, True],
            "names": dict(self.names),
            "value_names": {str(k): dict(v) for k, v in self.value_names.items()},
            "help": dict(self.help),
            "seats": list(self.seats),
            "min_size": self.min_size,
            "requires": {k: list(v) for k, v in self.requires.items()},
        }


@dataclass(frozen=True)
class GameSpec:
    id: str
    names: dict
    min_seats: int
    max_seats: int
    state_class: str  # "module:Class", imported on first use
    options: tuple = ()
    notes: dict = field(default_factory=dict)  # shown in the lobby, per language

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise KeyError(option_id)

    def resolve_options(self, given: dict | None, seats: int) -> dict:
        """The full option dict: defaults filled in, every value checked."""
        given = dict(given or {})
        known = {opt.id for opt in self.options}
        unknown = set(given) - known
        if unknown:
            raise ValueError(f"{self.id} has no option {sorted(unknown)[0]!r}")
        resolved = {}
        for opt in self.options:
            value = given.get(opt.id, opt.default)
            if not opt.applies(seats, resolved):
                value = opt.default
            resolved[opt.id] = opt.check(copy.deepcopy(value))
        return resolved

    def load_class(self):
        module, name = self.state_class.split(":")
        return getattr(importlib.import_module(module), name)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "options": [opt.to_dict() for opt in self.options],
            "notes": dict(self.notes),
        }


def _collect() -> dict:
    games = {}
    for module in GAME_MODULES:
        try:
            spec = importlib.import_module(module).SPEC
        except ModuleNotFoundError as err:  # a game not yet in this build
            if err.name and module.startswith(err.name):
                continue
            raise
        games[spec.id] = spec
    return games


# Each game package holds a light `spec` module with its SPEC.
GAME_MODULES = (
    "engine.kutschfahrt.spec",
    "engine.carcassonne.spec",
    "engine.thurn_taxis.spec",
)

GAMES: dict[str, GameSpec] = _collect()


def register(spec: GameSpec) -> None:
    """Add a game at run time (the tests use this for a toy game)."""
    GAMES[spec.id] = spec


def new_game(game_id: str, seats: int, options: dict | None = None, seed: int = 0):
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}")
    return GAMES[game_id].load_class()(seats, options, seed)
