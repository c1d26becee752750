"""How fast the bots play: a pace the player chooses, kept in the prefs.

A bot thinks first and then waits only what is left of the pace's delay,
so a bot that thinks long is not slowed twice.  A bot that only passes
(its seat's do-nothing answer in a window the engine asks in public,
`State.window()["pass"]`, or its one legal action) waits only the pace's
pass delay: there is nothing to watch.  The delays are data (PACES).

An older table kept a delay of its own in the prefs (`bot_delay_ms`, e.g.
0 for tests that must not wait, a minute to hold a position); it is still
honoured as it was, every decision waiting that long, until the player
picks a pace, and the pace control shows the pace nearest to it.
"""

from __future__ import annotations

from engine.saves import is_int

# ms a bot's decision lasts at least ("move"), and when it only passes ("pass")
PACES = {
    "instant": {"move": 0, "pass": 0},
    "fast": {"move": 200, "pass": 0},
    "normal": {"move": 500, "pass": 0},
    "slow": {"move": 1200, "pass": 400},
}
DEFAULT = "normal"
MAX_OWN_DELAY_MS = 60_000  # an old prefs' own delay above this is damaged


def from_prefs(raw: dict) -> tuple[str, int | None, bool]:
    """(pace, the old prefs' own delay or None, whether a field was damaged).
    A valid `bot_pace` wins; otherwise a valid old `bot_delay_ms` is kept as
    the delay and shown as its nearest pace; anything else is the default."""
    pace, own = raw.get("bot_pace"), raw.get("bot_delay_ms")
    own_ok = is_int(own) and 0 <= own <= MAX_OWN_DELAY_MS
    if pace in PACES:
        return pace, None, False
    damaged = "bot_pace" in raw or ("bot_delay_ms" in raw and not own_ok)
    if own_ok:
        return nearest(own), own, damaged
    return DEFAULT, None, damaged


def nearest(delay_ms: int) -> str:
    """The pace whose move delay is closest to `delay_ms` (ties: the slower)."""
    return min(PACES, key=lambda p: (abs(PACES[p]["move"] - delay_ms), -PACES[p]["move"]))


def only_passes(state, seat: int, action: dict) -> bool:
    """Does `seat`'s `action` only pass?  Asked of the engine: the window's
    do-nothing answer, or the seat's only legal action."""
    window = state.window()
    if window is not None and action == window["pass"]:
        return True
    return len(state.legal_actions(seat)) == 1


def delay_ms(pace: str, own_ms: int | None, passes: bool) -> int:
    """How long a bot's decision lasts at least, its thinking included."""
    if own_ms is not None:
        return own_ms
    return PACES.get(pace, PACES[DEFAULT])["pass" if passes else "move"]


def picked_early(value, raw: dict) -> str | None:
    """The pace chosen in the prerendered lobby before Python was ready, or
    None when the form still shows what boot.js put in from the prefs (the
    stored pace, else the default): an old own delay is kept then."""
    shown = raw.get("bot_pace") if raw.get("bot_pace") in PACES else DEFAULT
    return value if value in PACES and value != shown else None
