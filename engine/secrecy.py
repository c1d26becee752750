"""What a game keeps secret, declared once.

Every piece of information in a game is one of three kinds (OpenSpiel's
observation / information-state split; boardgame.io's one `playerView`):

- public: what the whole table sees.  A game's `_public()` returns it; it is
  the public view (`view(None)`) and the same part of every seat's view.
- own: what belongs to one seat (its hand, its bonus tiles, its role).  A
  game's `_own(seat)` returns it, under the view keys its `Secrecy`
  declares; the protocol puts it into that seat's view only, and None in
  their place in the public view.
- hidden from all: what nobody sees (the order of a shuffled deck).  It never
  reaches a view.

The views are what screens and bots read; a game's `_pieces()` says the
same of its components, which the contract checks the views and the samples
of them against: every card, tile and token wherever it lies, sorted by who
sees it there (`Pieces`).

The log follows the same declaration: an entry whose key `private_log`
names is read only by the seats its named fields hold (`{"k": "drew",
"seat": 2, ...}` with `"drew": ("seat",)`), every other entry by the whole
table.  Writing a private entry tells those seats something, so the action
that wrote it cannot be undone; `notes` are private entries that only
remind a seat of what it knew already (the card it just discarded), so they
leave undo alone.  A public entry carries nothing secret, except in the
fields `shows` names for its key: a card turned face up for the table on
purpose (`"occ_used": ("occ",)`); writing one cannot be undone either.

A game's State sets `secrecy = Secrecy(...)`; the base class (protocol.py)
builds every view and addresses every log entry from it, and the contract
(tests/contract/secrecy_checks.py) checks the rest against samples of each
seat's view.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from types import MappingProxyType


def _frozen(mapping) -> MappingProxyType:
    return MappingProxyType({key: tuple(fields) for key, fields in dict(mapping).items()})


@dataclass(frozen=True)
class Secrecy:
    """One game's secrets: which view keys are a seat's own, and which log
    entries only some seats read."""

    own: tuple = ()            # top-level view keys only their seat sees (None in the public view)
    own_in_player: tuple = ()  # keys of `players[seat]` only that seat sees (absent for the others)
    private_log: MappingProxyType = field(default_factory=dict)  # log key -> fields naming its readers
    notes: MappingProxyType = field(default_factory=dict)        # the same, for reminders that reveal nothing
    shows: MappingProxyType = field(default_factory=dict)        # public log key -> fields that show a secret

    def __post_init__(self):
        object.__setattr__(self, "own", tuple(self.own))
        object.__setattr__(self, "own_in_player", tuple(self.own_in_player))
        object.__setattr__(self, "private_log", _frozen(self.private_log))
        object.__setattr__(self, "notes", _frozen(self.notes))
        object.__setattr__(self, "shows", _frozen(self.shows))
        twice = (set(self.private_log) & set(self.notes)) | ((set(self.private_log) | set(self.notes)) & set(self.shows))
        if twice:
            raise ValueError(f"log keys declared twice: {sorted(twice)}")

    def own_keys(self) -> frozenset:
        return frozenset(self.own) | frozenset(self.own_in_player)

    def readers(self, entry: dict, seats: int) -> frozenset | None:
        """The seats that read `entry` (None: the whole table)."""
        key = entry.get("k")
        fields = self.private_log.get(key) or self.notes.get(key)
        if fields is None:
            return None
        found = set()
        for name in fields:
            value = entry.get(name)
            for seat in value if isinstance(value, list) else [value]:
                if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats):
                    raise ValueError(f"log entry {key!r}: field {name!r} names no seat: {value!r}")
                found.add(seat)
        return frozenset(found)

    def reveals(self, entry: dict) -> bool:
        """Does writing `entry` show someone something (so no undo)?"""
        return entry.get("k") in self.private_log or entry.get("k") in self.shows


@dataclass
class Pieces:
    """Every piece of a game (card, tile, token) in its place, `{place:
    [piece, ...]}`, by who sees it there.  A piece is a string, a number or
    a small flat dict, written as the log names it (`"key"`, `{"city":
    "basel"}`), so the contract can tell a log entry that names a secret."""

    public: dict               # what the whole table sees (a face-up display, a route)
    own: list                  # per seat: what only that seat sees (its hand)
    hidden: dict = field(default_factory=dict)  # what nobody sees (the deck, in its order)

    def places(self):
        """(place, pieces) of every place; a seat's own places as "<seat>:<place>"."""
        yield from self.public.items()
        for seat, own in enumerate(self.own):
            for place, pieces in own.items():
                yield f"{seat}:{place}", pieces
        yield from self.hidden.items()

    def count(self) -> Counter:
        """How many of each piece there are, wherever they lie."""
        return Counter(json.dumps(p, sort_keys=True) for _, pieces in self.places() for p in pieces)

    def sizes(self) -> dict:
        return {place: len(pieces) for place, pieces in self.places()}
