"""The contract's secrecy checks, as functions of a game id: each raises
AssertionError saying what leaked.  `test_hidden_information.py` (the checks
on samples, one set of samples for all) and `test_secrecy.py` (the checks
along random games) run them on every registered game; `test_planted.py`
runs each on a game with one bug of its kind planted (tests/games/_planted/,
never registered by discovery) and expects it to fail there.

What each one catches (issue 24):
- public_view_matches_samples: the public view holds something secret;
- secrets_dealt_anew: a sampler that copies the secrets (bots would peek);
- saves_replay_elsewhere: a game that depends on Python's hash seed;
- undo_shows_nothing_new: an action offered for undo that showed a secret;
- samples_are_possible_worlds: a sampler that deals a card twice or loses one;
- public_log_keeps_secrets: a public log entry naming a seat's secret.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import count
from pathlib import Path

from engine import GAMES, IllegalAction, new_game
from engine.play import play, random_chooser
from engine.registry import PLUGINS
from engine.rng import Rng

from ..stdlib_usage import varied_options
from .positions import random_options, samples
from .replay_child import digest

ROOT = Path(__file__).resolve().parents[2]
MOVES = 150  # the walks below follow random games this far (some random games run to thousands)
SAVED_MOVES = 40


def _differ(a: dict, b: dict) -> list:
    """The top-level keys where two views differ (for the messages)."""
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def _pieces(state):
    pieces = state._pieces()
    assert pieces is not None, f"{state.game_id} declares no _pieces()"
    return pieces


# ------------------------------------------------------------ public view
def public_view_matches_samples(game_id, seats):
    """Every seat's sample shows the table the real public view: what the
    public view holds does not change when the secrets are dealt anew."""
    for k, state, seat, _, sample in samples(game_id, seats):
        public = state.view(None) if seat == 0 else public
        shown = sample.view(None)
        assert shown == public, (f"position {k}: seat {seat}'s sample shows the table another public "
                                 f"view (keys {_differ(shown, public)}): it holds a secret")


# ------------------------------------------------------ dealt anew
def _as_set(place: list) -> list:
    return sorted(json.dumps(p, sort_keys=True) for p in place)


def secrets_dealt_anew(game_id, seats):
    """In the samples of a seat's view the other seats' own pieces and the
    pieces nobody sees are dealt anew (somewhere in the game), not copied."""
    own_seen = own_redealt = hidden_seen = hidden_redealt = False
    for _, state, seat, _, sample in samples(game_id, seats):
        real, dealt = _pieces(state), _pieces(sample)
        hidden_seen |= any(real.hidden.values())
        hidden_redealt |= dealt.hidden != real.hidden
        for t in range(seats):
            if t != seat:
                own_seen |= any(real.own[t].values())
                own_redealt |= any(_as_set(dealt.own[t].get(place, [])) != _as_set(pieces)
                                   for place, pieces in real.own[t].items())
    assert own_redealt or not own_seen, "no sample dealt another seat's own pieces anew: the sampler copies them"
    assert hidden_redealt or not hidden_seen, "no sample dealt the pieces nobody sees anew: the sampler copies them"


# ------------------------------------------------------ possible worlds
def samples_are_possible_worlds(game_id, seats):
    """Every piece is somewhere exactly once, in the game and in each sample
    (no card twice, none lost), and each place holds as many as in the game."""
    start = None
    for k, state, seat, _, sample in samples(game_id, seats):
        pieces = _pieces(state)
        total = pieces.count()
        start = start or total
        assert total == start, f"position {k}: the game itself lost or doubled {(start - total) + (total - start)}"
        dealt = _pieces(sample)
        counted = dealt.count()
        assert counted == total, (f"position {k}: seat {seat}'s sample is no possible world: "
                                  f"{dict(counted - total)} too many, {dict(total - counted)} too few")
        assert dealt.sizes() == pieces.sizes(), f"position {k}: seat {seat}'s sample holds other counts than were dealt"


# ------------------------------------------------------ random games
def _options(game_id, seats, game_no, seed):
    """The options of the walk's game number `game_no`: the defaults, then
    every option away from its default (another map, every variant), then any."""
    spec = GAMES[game_id]
    if game_no == 0:
        return None
    return varied_options(spec, seats) if game_no == 1 else random_options(spec, Rng(seed))


def _walk(game_id, seats, seed, moves=MOVES, pieces=False, views=True):
    """Random games, move by move, until `moves` moves were made (each game
    at most half of them, with the options of `_options`): (state after the
    move, before it: the actor's view, or with `pieces` the game's pieces, or
    nothing without `views`, and how many log entries there were).  Each
    game starts with (state, None, 0)."""
    per_game = max(1, moves // 2)  # two games at least: default options, then others
    for game_no in count():
        if moves <= 0:
            return
        state = new_game(game_id, seats, _options(game_id, seats, game_no, seed), seed)
        pick = random_chooser(Rng(seed + 7))
        before = {}

        def choose(st):
            seat, action = pick(st)
            seen = _pieces(st) if pieces else st.view(seat) if views else None
            before.update(view=seen, events=len(st.events))
            return seat, action

        yield state, None, 0
        for _, st in zip(range(min(moves, per_game)), play(state, choose)):
            moves -= 1
            yield st, before["view"], before["events"]
        seed += 1


# ------------------------------------------------------ another hash seed
def replay_elsewhere(saves: list[str], plugins: tuple = ()) -> list[str]:
    """Each save's digest as a fresh interpreter with another
    PYTHONHASHSEED replays it (tests/contract/replay_child.py); `plugins`:
    "module:GAME" of games it registers first."""
    mine = os.environ.get("PYTHONHASHSEED", "random")
    other = "1" if mine == "0" else "0"  # a random seed of this process is 0 only by chance
    job = json.dumps({"plugins": list(plugins), "saves": saves})
    done = subprocess.run([sys.executable, "-m", "tests.contract.replay_child"], input=job, text=True,
                          capture_output=True, cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED=other),
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def saves_for(game_id, seats, seed=11, moves=SAVED_MOVES) -> tuple[list, list]:
    """Saves of the first moves of two random games (the deal is where a hash
    seed shows first), and their digests here."""
    saves = []
    for n in range(2):
        for state, _, _ in _walk(game_id, seats, seed + n, moves, views=False):
            pass
        saves.append(state)
    return [s.to_json() for s in saves], [digest(s) for s in saves]


def saves_replay_elsewhere(game_id, seats, plugins=(), replayed=None):
    """A save replays to the same game in another interpreter with another
    hash seed (nothing may follow the order of a set of strings)."""
    saves, here = saves_for(game_id, seats)
    there = replayed if replayed is not None else replay_elsewhere(saves, plugins)
    for n, (a, b) in enumerate(zip(here, there)):
        assert a == b, (f"save {n} of {game_id} at {seats} seats replays as another game under another "
                        f"PYTHONHASHSEED ({b if b.startswith('SaveError') else 'another position'})")


# ------------------------------------------------------ undo
def undo_shows_nothing_new(game_id, seats, seed=13):
    """An action the game lets its actor take back (no draw, nothing marked
    revealed) shows the actor nothing that a sample of its view would not
    show too: played in the sample, it leaves the same view."""
    game = PLUGINS[game_id]
    for n, (state, before, _) in enumerate(_walk(game_id, seats, seed)):
        if before is None or not state.can_undo(state.actions[-1][0]):
            continue
        seat, action = state.actions[-1]
        sample = game.sample_state(before, Rng(n))
        try:
            sample.apply(seat, action)
        except IllegalAction:
            raise AssertionError(f"move {len(state.actions)}: a sample of seat {seat}'s view "
                                 f"refuses {action}") from None
        after = state.view(seat)
        shown = sample.view(seat)
        assert shown == after, (f"move {len(state.actions)} {action} can be undone, yet it showed seat {seat} "
                                f"what a sample of its view does not (keys {_differ(shown, after)}): a reveal "
                                f"not marked, or a sampler that leaves out what the seat knows")


# ------------------------------------------------------ public log
def _names(places) -> tuple[set, list]:
    """The pieces in `places` as a log could name them: strings, and flat
    dicts (named by an entry holding all their items).  Numbers are too
    common to tell (a seat, a count) and are left out."""
    strings, dicts = set(), []
    for pieces in places:
        for p in pieces:
            if isinstance(p, str):
                strings.add(p)
            elif isinstance(p, dict) and p not in dicts:
                dicts.append(p)
    return strings, dicts


def _named(value, strings, dicts, out):
    """The secret pieces `value` (a log entry, or part of one) names."""
    if isinstance(value, str) and value in strings:
        out.append(value)
    elif isinstance(value, dict):
        out += [p for p in dicts if p.items() <= value.items()]
        for v in value.values():
            _named(v, strings, dicts, out)
    elif isinstance(value, list):
        for v in value:
            _named(v, strings, dicts, out)
    return out


def _secret_names(after, before) -> tuple[set, list]:
    """The pieces some seat may not know after a move: the seats' own and
    the hidden ones, less those the table sees now or saw before the move (a
    route scored goes face down to the discards, yet the table saw it)."""
    secret = _names(list(after.hidden.values()) + [p for own in after.own for p in own.values()])
    seen = _names(list(after.public.values()) + list(before.public.values()))
    return secret[0] - seen[0], [p for p in secret[1] if p not in seen[1]]


def public_log_keeps_secrets(game_id, seats, seed=17):
    """A public log entry names no piece only some seats may know, except in
    the fields the game's secrecy says it `shows` the table (a card turned
    up); the setup's entries included."""
    for state, before, start in _walk(game_id, seats, seed, pieces=True):
        new = [e for who, e in state.events[start:] if who is None]
        if not new or state.is_over():  # the end shows everything
            continue
        strings, dicts = _secret_names(_pieces(state), before or _pieces(state))
        shows = state.secrecy.shows
        for entry in new:
            skip = {"k", "turn", "move", *shows.get(entry["k"], ())}
            leaked = _named({k: v for k, v in entry.items() if k not in skip}, strings, dicts, [])
            assert not leaked, f"move {len(state.actions)}: public log entry {entry} names {leaked[:3]}, a secret"
