"""The games the table plays, found by discovery.

Every package `engine/<game>/` exports one `GAME = Game(...)`: its spec
(names, seats, options as data) and where its rules, bots and sampler live.
`discover("engine")` imports each package's `__init__` (cheap: the spec
only) and registers what it finds, so adding a game touches no shared file.
The rules module behind a game is imported only when a game of that kind is
started, so the lobby appears before every rulebook is loaded.
"""

from __future__ import annotations

import copy
import importlib
import pkgutil
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
    `names` and `value_names` word it in each language; `help` says more under
    it, `value_help` ({value: {lang: text}}) only while that value is chosen.
    """

    id: str
    default: object
    values: tuple = ()
    kind: str = "choice"
    names: dict = field(default_factory=dict)
    value_names: dict = field(default_factory=dict)
    help: dict = field(default_factory=dict)
    value_help: dict = field(default_factory=dict)
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
            "value_help": {str(k): dict(v) for k, v in self.value_help.items()},
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

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "options": [opt.to_dict() for opt in self.options],
            "notes": dict(self.notes),
        }


def _load(path: str):
    """"package.module:name" -> that object; "package.module" -> the module."""
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


@dataclass(frozen=True)
class Game:
    """One game as a plugin: its spec and where the rest lives.

    `state`: "module:Class" of its `State`; `bots`: the module with `LEVELS`
    and `think` (empty: only the random level); `levels`: the same names as
    that module's `LEVELS`, so the lobby lists them without importing the
    bots (a contract test keeps the two equal); `sample`: "module:function"
    of `sample_state(view, rng)`, a full state consistent with one seat's
    view (the hidden information dealt anew), for bots that search.
    Paths are imported on first use, so registering a game stays cheap."""

    spec: GameSpec
    state: str
    bots: str = ""
    sample: str = ""
    levels: tuple = ()

    @property
    def id(self) -> str:
        return self.spec.id

    def state_class(self):
        return _load(self.state)

    def bots_module(self):
        return _load(self.bots) if self.bots else None

    def sample_state(self, view: dict, rng):
        """A state of this game that shows `view` to `view["seat"]`."""
        if not self.sample:
            raise NotImplementedError(f"{self.id} has no sample_state")
        return _load(self.sample)(view, rng)


GAMES: dict[str, GameSpec] = {}  # the lobby's view: id -> spec
PLUGINS: dict[str, Game] = {}    # id -> the whole plugin


def register(game: Game) -> None:
    """Add one game (discovery calls this; so may a test for its own game)."""
    if not isinstance(game, Game):
        raise TypeError(f"register() takes a Game, not {type(game).__name__}")
    PLUGINS[game.id] = game
    GAMES[game.id] = game.spec


def discover(package: str) -> list[str]:
    """Register the `GAME` of every sub-package of `package`; their ids."""
    found = []
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        game = getattr(importlib.import_module(f"{package}.{info.name}"), "GAME", None)
        if isinstance(game, Game):
            register(game)
            found.append(game.id)
    return found


def plugin(game_id: str) -> Game:
    if game_id not in PLUGINS:
        raise ValueError(f"unknown game {game_id!r}")
    return PLUGINS[game_id]


def new_game(game_id: str, seats: int, options: dict | None = None, seed: int = 0):
    return plugin(game_id).state_class()(seats, options, seed)


discover("engine")
