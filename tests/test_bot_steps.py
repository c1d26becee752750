"""Bots take short steps between yields (issue 26 item 2), and decide as before.

The page runs a bot's thinking a step at a time between frames
(ui/bot_loop.py) and cannot cut a step: a long log or a big search must not
make one step long.  Steps are not timed here (bench/bot_steps.py measures
them); the tests check the structure that keeps them short, and that
yielding more often changed no decision: every level of every registered
game decides on fixed positions (a new game and a long one) exactly as the
code before issue 26 item 2 did (`DECIDED`, the fingerprints of its
decisions, made on main at f619e32).  A change meant to alter how a bot
plays, or the rules (the positions are played by the bots), updates DECIDED
with `fingerprint(game_id)`, and the bots' strength figures in BENCHMARKS.md
are measured again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import weakref

import pytest

import engine
from engine import bots
from engine.play import bot_chooser, play

LONG_ENTRIES = 1000  # a "long" position: a seat's view with this many log entries
POSITIONS = 6        # per game, of a new game and of a long one
BUDGET_MS = 100      # the experts search a tenth of the table's budget here

# fingerprint(game_id) on main at f619e32, before the bots yielded more often
DECIDED = {
    "carcassonne": "1cd38e5bbc27c6a3",
    "kutschfahrt": "8ffe58e340745cb9",
    "secret": "37c0ec25b9bef714",
    "thurn_taxis": "e658647557f95531",
    "toy": "c0d3fa8fe121962f",
}


@functools.cache  # a long game is played once for both tests that read it
def positions(game_id: str, count: int = POSITIONS) -> tuple:
    """[(state JSON, seat)]: the first `count` decisions with a real choice of
    a new game at the game's largest table, then `count` from a seat's view
    holding LONG_ENTRIES log entries on (or the last `count` of a game whose
    log never grows that long); every seat played by the middle level."""
    seats = engine.GAMES[game_id].max_seats
    levels = bots.LEVELS[game_id]
    level = levels[min(1, len(levels) - 1)]
    new, late, long = [], [], []
    state = engine.new_game(game_id, seats, None, 1)
    for state in play(state, bot_chooser([level] * seats, seed=1, budget_ms=BUDGET_MS)):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        here = (state.to_json(), seat)
        if len(new) < count:
            new.append(here)
        elif len(state.view(seat)["log"]) >= LONG_ENTRIES:
            long.append(here)
            if len(long) >= count:
                break
        else:
            late = (late + [here])[-count:]
    return tuple(new + (long or late))


def decisions(game_id: str, saves: list) -> dict:
    """Level -> its action at every position of `saves`."""
    out = {}
    for level in bots.LEVELS[game_id][1:]:
        out[level] = []
        for i, (text, seat) in enumerate(saves):
            state = engine.load(text)
            out[level].append(bots.choose(game_id, state.view(seat), state.legal_actions(seat), level,
                                          7919 * i + 1, BUDGET_MS))
    return out


def fingerprint(game_id: str) -> str:
    text = json.dumps(decisions(game_id, positions(game_id)), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_level_decides_as_before(game_id):
    assert game_id in DECIDED, f"a new game: add DECIDED[{game_id!r}] = fingerprint({game_id!r})"
    assert fingerprint(game_id) == DECIDED[game_id], \
        f"{game_id}: a bot decided otherwise than before on the same view and seed"


class _CountedLog(list):
    """A log that counts the entries read from it (`read`), by iteration,
    index or slice."""

    read = 0

    def __iter__(self):
        for e in list.__iter__(self):
            self.read += 1
            yield e

    def __getitem__(self, key):
        got = list.__getitem__(self, key)
        self.read += len(got) if isinstance(key, slice) else 1
        return got


def _entries_per_step(reader, log):
    """The log entries `reader` (a generator) read in each of its steps."""
    per_step = []
    while True:
        log.read = 0
        try:
            next(reader)
        except StopIteration as end:
            per_step.append(log.read)
            return per_step, end.value
        per_step.append(log.read)


def test_kutschfahrt_beliefs_read_a_long_log_a_piece_a_step():
    """Beliefs.read yields every LOG_STEP entries of each pass over the log
    (seen failing with the yields in knowledge.object_moves/conduct taken out:
    one step read the whole log), and builds what Beliefs builds at once."""
    from engine.kutschfahrt.beliefs import LOG_STEP, Beliefs

    text, seat = positions("kutschfahrt")[-1]
    view = engine.load(text).view(seat)
    assert len(view["log"]) >= LONG_ENTRIES
    view["log"] = log = _CountedLog(view["log"])
    per_step, b = _entries_per_step(Beliefs.read(view, 1.0), log)
    assert sum(per_step) >= 3 * len(log), "three passes over the log (conduct, objects, certainties)"
    assert len(per_step) >= 3 * len(log) // LOG_STEP
    assert max(per_step) <= 2 * LOG_STEP, f"a step read {max(per_step)} entries"
    whole = Beliefs(dict(view, log=list(log)), 1.0)
    assert (b.exp, b.size, b.fixed, b.hyps, b.cert, b.known_assoc) == \
        (whole.exp, whole.size, whole.fixed, whole.hyps, whole.cert, whole.known_assoc)


def test_carcassonne_bots_evaluate_a_few_boards_a_step(monkeypatch):
    """The strong and expert bots yield after rebuilding the board from the
    view (their first step evaluates nothing) and after a few evaluations
    (YIELD_EVERY), the follower step's too: at most 10 a step, late in a game
    where an evaluation copies a big board (bench/bot_steps.py) (seen failing with YIELD_EVERY back
    at 15: 14 evaluations in a step; without the yield after the rebuild: the
    first step evaluated 5; without the yields in the follower steps: 14)."""
    from engine.carcassonne import bots as carcassonne

    evaluated = [0]
    value = carcassonne.strong_value

    def counted(g):
        evaluated[0] += 1
        return value(g)

    monkeypatch.setattr(carcassonne, "strong_value", counted)
    for level in ("strong", "expert"):
        for i, (text, seat) in enumerate(positions("carcassonne")):
            state = engine.load(text)
            thinker = bots.think("carcassonne", state.view(seat), state.legal_actions(seat), level,
                                 7919 * i + 1, BUDGET_MS)
            per_step = []
            while True:
                evaluated[0] = 0
                try:
                    next(thinker)
                except StopIteration:
                    break
                finally:
                    per_step.append(evaluated[0])
            assert per_step[0] == 0 or len(per_step) == 1, f"{level}: the rebuild's step evaluated"
            assert max(per_step) <= 10, \
                f"{level} at position {i}: {max(per_step)} evaluations in one step"


def test_carcassonne_bots_let_go_of_boards_a_few_a_step(monkeypatch):
    """A late game's search holds a board for every placement; the strong and
    expert bots let go of those they do not keep a few a step
    (bots.let_go), not all at once when a list of them is dropped (seen
    failing with let_go dropping the whole list at once: 133 boards freed
    in one step)."""
    from engine.carcassonne import bots as carcassonne
    from engine.carcassonne.core import Game

    freed = [0]
    monkeypatch.setattr(Game, "__del__", lambda self: freed.__setitem__(0, freed[0] + 1), raising=False)
    for level in ("strong", "expert"):
        most = 0
        for i, (text, seat) in enumerate(positions("carcassonne")[POSITIONS:]):
            state = engine.load(text)
            thinker = bots.think("carcassonne", state.view(seat), state.legal_actions(seat), level,
                                 7919 * i + 1, BUDGET_MS)
            while True:
                freed[0] = 0
                try:
                    next(thinker)
                except StopIteration:
                    break
                finally:
                    most = max(most, freed[0])
            del thinker
        assert most <= carcassonne.LET_GO_EVERY + 10, f"{level}: {most} boards freed in one step"


def test_thurn_taxis_expert_lets_go_of_its_samples_as_it_goes(monkeypatch):
    """The expert plays its rollouts on clones, which carry no history: a
    sample drops its history when dealt, and a round's sample is let go of
    when the next is dealt, or a long game's samples are all freed in the
    decision's last step (seen failing with only the events dropped, as
    before: a sample kept its actions; and without samples.clear(): 49
    samples alive).  Checked on the samples the rollouts clone."""
    from engine.thurn_taxis import expert

    deal, clone = expert.sample_state, expert.clone
    alive, cloned, dealt = [], [], []

    def dealing(view, rng):
        alive.append(sum(ref() is not None for ref in dealt))
        sample = deal(view, rng)
        dealt.append(weakref.ref(sample))
        return sample

    def cloning(sample):
        cloned.append(not (sample.actions or sample.events or sample.undoable))
        return clone(sample)

    monkeypatch.setattr(expert, "sample_state", dealing)
    monkeypatch.setattr(expert, "clone", cloning)
    for text, seat in positions("thurn_taxis")[POSITIONS:]:
        state = engine.load(text)
        assert state.actions
        bots.choose("thurn_taxis", state.view(seat), state.legal_actions(seat), "expert", 1, BUDGET_MS)
        dealt.clear()
    assert len(alive) > 10 and cloned and all(cloned), "a sample kept its history"
    assert max(alive) <= 1, f"{max(alive)} samples alive when one more was dealt"
