"""The Kutschfahrt expert and the games-end property of every bot level.

- `certain_holdings` never claims more than a seat really holds (checked at
  every step of bot games with all objects and variants);
- the expert decides from the view alone;
- tables of bots of one level above random end with a claim (a modest run
  here; the 200-game runs are in BENCHMARKS.md).
"""

from collections import Counter

import pytest

from engine import bots, new_game
from engine.kutschfahrt.expert import certain_holdings


def _play(seats, seed, levels, options=None, cap=6000, each=None):
    st = new_game("kutschfahrt", seats, options, seed)
    d = 0
    while not st.is_over() and d < cap:
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        action = bots.choose("kutschfahrt", st.view(seat), legal, levels[seat], seed * 7919 + d, 200)
        assert action in legal
        st.apply(seat, action)
        if each:
            each(st)
        d += 1
    return st


def test_certain_holdings_never_exceed_the_hands():
    checked = [0]

    def check(st):
        for seat in range(st.seats):
            cert = certain_holdings(st.view(seat))
            assert cert[seat] == Counter(st.hands[seat])
            for t in range(st.seats):
                real = Counter(st.hands[t])
                assert all(real[k] >= n for k, n in cert[t].items()), (seat, t, cert[t], real)
                checked[0] += sum(cert[t].values()) if t != seat else 0

    opts = {"object_set": "all", "smuggling": True}
    _play(5, 3, ["expert", "strong", "random", "expert", "basic"], opts, cap=700, each=check)
    _play(6, 8, ["expert"] * 6, None, cap=700, each=check)
    assert checked[0] > 100  # the bound is not empty: it knows things


def test_expert_uses_only_the_view():
    """Two seats of different associations that this seat never saw swap
    associations: the view is the same, and so is the decision."""
    st = new_game("kutschfahrt", 6, seed=9)
    for _ in range(40):  # into the game, so the log has something to read
        seat = st.to_act()[0]
        st.apply(seat, bots.choose("kutschfahrt", st.view(seat), st.legal_actions(seat), "strong", 1))
    seat = st.to_act()[0]
    view = st.view(seat)
    legal = st.legal_actions(seat)
    seen = {e["who"] for e in view["log"] if e["k"] == "saw_assoc"}
    x, y = next((x, y) for x in range(6) for y in range(6)
                if seat not in (x, y) and not {x, y} & seen and st.assoc[x] != st.assoc[y])
    other = st.clone()
    other.assoc[x], other.assoc[y] = other.assoc[y], other.assoc[x]
    assert other.view(seat) == view
    a = bots.choose("kutschfahrt", view, legal, "expert", seed=1)
    assert a in legal
    assert bots.choose("kutschfahrt", other.view(seat), legal, "expert", seed=1) == a


@pytest.mark.parametrize("seats", [3, 6, 10])
@pytest.mark.parametrize("level", ["basic", "strong", "expert"])
def test_tables_of_one_level_end(seats, level):
    for seed in (0, 1):  # at 10 seats both stalled before bots steered toward a claim
        st = _play(seats, seed, [level] * seats)
        assert st.is_over(), f"{seats} {level} seed {seed}: no end after 6000 decisions"
        assert st.result()["stats"]["claims"]
