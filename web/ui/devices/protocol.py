"""What the host and a guest device say to each other (issue 25): small
versioned JSON messages over one WebRTC data channel per guest.

Pure Python, so every refusal is tested with pytest.  The host is the table:
it holds the state and sends each guest only its own seat's view and legal
actions; a guest can only ask for "action i of decision n" on its own seat.

Host -> guest
- `welcome`  {seat, token, table, game}: the seat this device holds now and
             the token it keeps to rejoin after a reload.
- `table`    {n, seat, view, legal, since, players, devices}: the seat's view
             (the engine's `view(seat)`, nothing else), its legal actions,
             decision number `n`, where its last turn ended (`since`), the
             players (names, kinds) and which devices are away.
- `refused`  {why, n}: a guest message that changed nothing, and why.
- `bye`      {why}: the seat is no longer this device's (handed to the host's
             tablet, to a bot or to another device; the host left the table).

Guest -> host
- `hello`    {token}: the first message on a new link (token None: a new device).
- `act`      {n, i}: play `legal[i]` of decision `n`.

Both ways `beat` {} every second, answered by nobody: the transport's
heartbeat (web/net.js), never passed to Python.
"""

from __future__ import annotations

import json

VERSION = 1
MAX_GUEST_CHARS = 512  # a guest's messages are a few dozen characters
KINDS_FROM_GUEST = {"hello": {"token"}, "act": {"n", "i"}}
TOKEN_CHARS = set("0123456789abcdef")


class Refused(Exception):
    """A guest message the host does not act on; `why` is a key the guest's
    table words ("refused.<why>") and the host logs."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def encode(kind: str, **fields) -> str:
    return json.dumps({"v": VERSION, "k": kind, **fields}, separators=(",", ":"), allow_nan=False)


def _no_constants(name):
    raise ValueError(name)  # NaN, Infinity: not JSON


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_guest(text, seat: int) -> dict:
    """A guest's message as {"k", ...fields}, checked for shape; raises
    Refused.  `seat` is the link's: a message that names another seat is
    refused as `wrong_seat` (a guest never acts for anyone else)."""
    if not isinstance(text, str):
        raise Refused("malformed")
    if len(text) > MAX_GUEST_CHARS:
        raise Refused("too_big")
    try:
        msg = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise Refused("malformed") from None
    if not isinstance(msg, dict):
        raise Refused("malformed")
    if msg.get("v") != VERSION or not _is_int(msg.get("v")):
        raise Refused("version")
    kind = msg.get("k")
    if kind not in KINDS_FROM_GUEST:
        raise Refused("unknown_kind")
    if "seat" in msg and (msg["seat"] != seat or not _is_int(msg["seat"])):
        raise Refused("wrong_seat")  # a guest may name its own seat, never another
    fields = set(msg) - {"v", "k", "seat"}
    if fields != KINDS_FROM_GUEST[kind]:
        raise Refused("malformed")
    if kind == "hello":
        token = msg["token"]
        if token is not None and not (isinstance(token, str) and len(token) == 32 and set(token) <= TOKEN_CHARS):
            raise Refused("malformed")
    else:
        for name in ("n", "i"):
            value = msg[name]
            if not _is_int(value) or not 0 <= value < 2**53:
                raise Refused("malformed")
    return {"k": kind, **{f: msg[f] for f in fields}}


def check_act(msg: dict, decision: int, legal: list) -> dict:
    """The action a checked `act` message plays: legal[i] of the decision now
    (`decision`, the host's number, `legal` the seat's legal actions now).
    A message for an earlier decision - a tap that crossed a change, or an
    old message sent again - is refused as `stale`."""
    if msg["n"] != decision:
        raise Refused("stale")
    if not legal:
        raise Refused("not_your_turn")
    if msg["i"] >= len(legal):
        raise Refused("no_such_action")
    return legal[msg["i"]]


def table_message(n: int, seat: int, view: dict, legal: list, since: int, players: list, devices: list) -> str:
    """The `table` message for one guest.  `players`: the table's players,
    only name, kind and level travel; `devices`: per seat None (not on a
    device of its own), "here", "away" or "waiting" (not paired now)."""
    public = [{"name": p["name"], "kind": p["kind"], "level": p.get("level")} for p in players]
    return encode("table", n=n, seat=seat, view=view, legal=legal, since=since, players=public, devices=devices)


HOST_KINDS = {"welcome": {"seat", "token", "table", "game"}, "refused": {"why", "n"}, "bye": {"why"},
              "table": {"n", "seat", "view", "legal", "since", "players", "devices"}}


def read_host(text) -> dict:
    """A host's message, checked for shape on the guest (a guest trusts its
    host for the game, but a damaged message must not break its page)."""
    try:
        msg = json.loads(text, parse_constant=_no_constants) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        msg = None
    if not isinstance(msg, dict) or msg.get("v") != VERSION or msg.get("k") not in HOST_KINDS:
        raise Refused("malformed")
    if set(msg) - {"v", "k"} != HOST_KINDS[msg["k"]]:
        raise Refused("malformed")
    if msg["k"] == "table":
        ok = (_is_int(msg["n"]) and _is_int(msg["seat"]) and isinstance(msg["view"], dict)
              and isinstance(msg["legal"], list) and _is_int(msg["since"]) and isinstance(msg["players"], list)
              and isinstance(msg["devices"], list) and msg["view"].get("seat") == msg["seat"])
        if not ok:
            raise Refused("malformed")
    return msg
