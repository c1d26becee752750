"""The steps the Kutschfahrt view says are asked in public (`view["window"]`):
the table asks them on a screen everyone sees, so they must be what the rules
make them: open to every seat asked whatever it holds."""

from engine.kutschfahrt.windows import PUBLIC_ANSWERS, WINDOWS

from engine import new_game
from engine.rng import Rng

from .kutschfahrt_helpers import pick

OPTIONS = [None, {"object_set": "all", "smuggling": True}, {"object_set": "all", "hypnotist_any": True}]


def positions(seats, seed, options=None):
    """Every state of a random game (claims drawn by type, so games end)."""
    state = new_game("kutschfahrt", seats, options, seed)
    rng = Rng(seed * 17 + 3)
    yield state
    while not state.is_over():
        seat = rng.choice(state.to_act())
        state.apply(seat, pick(rng, state.legal_actions(seat)))
        yield state


def test_windows_are_public_and_every_asked_seat_may_pass():
    seen = set()
    for seed in range(40):
        for i, state in enumerate(positions(3 + seed % 8, seed, OPTIONS[seed % 3])):
            window = state.view(None)["window"]
            assert state.window() == window, "the hook and the view say the same"
            if i % 7 == 0:
                assert all(state.view(s)["window"] == window for s in range(state.seats)), "the same for all"
            if state.is_over():
                assert window is None
                continue
            phase = state.step["phase"]
            if phase not in WINDOWS:
                assert window is None
                continue
            seen.add(phase)
            public = PUBLIC_ANSWERS[phase](state.seats, state.current) if phase in PUBLIC_ANSWERS else []
            assert window == {"phase": phase, "pass": WINDOWS[phase], "public": public}
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                assert window["pass"] in legal, (phase, seat)
                # public answers: open to every seat asked, whatever it holds
                assert all(a in legal for a in window["public"]), (phase, seat)
    assert seen == set(WINDOWS)


def test_a_pass_lays_nothing_and_shows_nothing():
    """While the window stays open, a pass moves no card, turns up no
    occupation and tells the table nothing but an abstention."""
    checked = 0
    for seed in range(8):
        for state in positions(4 + seed % 5, seed):
            window = state.window()
            if window is None:
                continue
            seat = state.to_act()[0]
            after = state.clone()
            after.apply(seat, window["pass"])
            if after.is_over() or after.step["phase"] != window["phase"] or after.turn != state.turn:
                continue  # the step closed (a turn's pass ends it): what follows is the next step's doing
            assert after.hands == state.hands and after.occ_up == state.occ_up and after.pile == state.pile
            new = [e for _, e in after.events[len(state.events):]]
            assert all(e["k"] == "abstain" for e in new), new
            checked += 1
    assert checked > 50
