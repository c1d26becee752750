"""Thurn und Taxis' and Kutschfahrt's screens send only what changed (issue 26):
each sub-part that most moves leave alone is keyed (kit.keep), so with the
memo on (as in the browser, ui/memo.py) a drawing after a move sends the
parts it left alone as empty placeholders that the page keeps.  In CPython:
a real move (or one seat's mark moved) drawn after the view before it; the
parts it did not touch must come as placeholders, the ones it changed whole,
and the placeholders put back must give the page the screen draws without
the memo (nothing kept that differs, nothing of another view shown)."""

import copy
import re
import sys

import pytest

sys.path.insert(0, "web")

import engine  # noqa: E402
from engine import bots  # noqa: E402
from engine.play import play as play_out  # noqa: E402
from engine.play import random_chooser  # noqa: E402
from engine.rng import Rng  # noqa: E402
from ui.memo import MEMO  # noqa: E402

from .kutschfahrt_helpers import pick  # noqa: E402
from .test_screen_kutschfahrt import make_screen  # noqa: E402
from .test_screen_thurn_taxis import Screen as TTScreen  # noqa: E402
from .test_screen_thurn_taxis import ctx_for  # noqa: E402

KEPT = re.compile(r' id="([^"]+)" data-keep="\d+"')
IDS = re.compile(r' id="([^"]+)"')


@pytest.fixture
def memo():
    """The memo on, as in the browser's drawings, and off again after."""
    MEMO.forget()
    MEMO.on = True
    try:
        yield MEMO
    finally:
        MEMO.on = False
        MEMO.forget()


def drawn(draw):
    """A drawing made with the memo (the page now holds it): what went to
    the page, and the same drawing with the memo off (every part whole)."""
    sent = draw()
    whole = MEMO.expand(sent)
    MEMO.drawn()
    MEMO.on = False
    try:
        plain = draw()
    finally:
        MEMO.on = True
    # the placeholders put back (and the parts' versions aside) are the page the screen draws
    assert re.sub(r' data-memo="\d+"', "", whole) == plain
    return sent


def thurn_taxis_taking():
    """A game of three at the second turn of seat 1 that may take an open
    card (every seat holds cards by then), and seat 1's legal actions."""
    st = engine.new_game("thurn_taxis", 3, {}, 4)
    turns = 0
    while True:
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if seat == 1 and any(a["type"] == "take" for a in legal):
            turns += 1
            if turns == 2:
                return st, legal
        st.apply(seat, bots.choose("thurn_taxis", st.view(seat), legal, "greedy", len(st.actions)))


def test_thurn_taxis_a_card_taken_sends_the_map_and_the_other_panels_as_placeholders(memo):
    """Another player takes an open card: only the open cards and that
    player's lines are sent; the land, every city and bonus tile, the names,
    the viewer's hand, route and officials, the stacks and the other players'
    lines come as placeholders (seen failing with each kit.keep taken out)."""
    st, legal = thurn_taxis_taking()
    scr = TTScreen(ctx_for("en", 0, 3))

    def draw():
        view = st.view(0)
        details = scr.player_details(view)
        return scr.render(view, []) + "".join(details[s] for s in sorted(details))

    drawn(draw)
    st.apply(1, next(a for a in legal if a["type"] == "take"))
    html = drawn(draw)
    kept = set(KEPT.findall(html))
    whole = set(IDS.findall(html)) - kept
    assert whole == {"tt-open", "tt-player-1"}
    cities = {f"tt-city-{c['id']}" for c in scr.m["cities"]}
    tiles = {"tt-tile-" + k.replace(":", "-") for k in st.view(0)["stacks"]}
    assert kept == {"tt-land", "tt-names", "tt-hand", "tt-route", "tt-officials", "tt-stacks",
                    "tt-player-0", "tt-player-2"} | cities | tiles


def test_thurn_taxis_the_next_seat_at_a_hot_seat_table_is_sent_its_own_hand(memo):
    """Seat 1 takes the tablet after seat 0: its hand differs and is sent
    whole; the map they share stays (byte for byte the same)."""
    st, _ = thurn_taxis_taking()
    assert st.view(0)["hand"] and st.view(1)["hand"] and st.view(0)["hand"] != st.view(1)["hand"]
    drawn(lambda: TTScreen(ctx_for("en", 0, 3)).render(st.view(0), st.legal_actions(0)))
    html = drawn(lambda: TTScreen(ctx_for("en", 1, 3)).render(st.view(1), []))
    kept = set(KEPT.findall(html))
    assert "tt-land" in kept and "tt-hand" not in kept
    hand = re.search(r'<section id="tt-hand" data-memo=.*?</section>', html, re.S).group(0)  # whole
    assert all(c["city"] in hand for c in st.view(1)["hand"])  # seat 1's own cards


def kutschfahrt_view(n, seed, steps):
    """Seat 0's view after `steps` random moves (and the state)."""
    state = engine.new_game("kutschfahrt", n, {}, seed)
    choose = random_chooser(Rng(seed), lambda rng, legal: pick(rng, legal, 0.02), first=True)
    for i, _ in enumerate(play_out(state, choose)):
        if i >= steps:
            break
    return state


def test_kutschfahrt_a_seat_to_act_sends_its_place_and_the_rest_as_placeholders(memo):
    """The next seat to act: its place and the one before it are sent, every
    other seat, the coach's art and the panel's boxes come as placeholders
    (seen failing with the seats' kit.keep taken out, and the coach's)."""
    state = kutschfahrt_view(6, 11, 800)
    view, legal = state.view(0), state.legal_actions(0) if 0 in state.to_act() else []
    before, after = copy.deepcopy(view), copy.deepcopy(view)
    before["to_act"], after["to_act"] = [3], [4]
    screen = make_screen("en", 6, 0)
    drawn(lambda: screen.render(before, legal))
    drawn(lambda: screen.render(before, legal))  # a part holding a part drawn anew is sent again once (ui/memo.py)
    html = drawn(lambda: screen.render(after, legal))
    kept = set(KEPT.findall(html))
    assert {f"kr-seat-{s}" for s in range(6)} - kept == {"kr-seat-3", "kr-seat-4"}
    assert {"kr-coach-art", "kr-mine", "kr-knowledge"} <= kept
    assert "kr-actions" in kept or not legal


def test_kutschfahrt_a_new_entry_of_what_i_know_sends_the_rounds_gone_by_as_placeholders(memo):
    """The viewer learns something: "What I know" is sent, but each folded
    round before the newest comes as a placeholder (seen failing with the
    folds' kit.keep taken out)."""
    state = kutschfahrt_view(6, 11, 800)
    screen = make_screen("en", 6, 0)

    def private():
        return [e for e in state.view(0)["log"] if e.get("private")]

    def draw():
        legal = state.legal_actions(0) if 0 in state.to_act() else []
        return screen.render(state.view(0), legal)

    first = drawn(draw)
    rounds = re.findall(r' id="kr-round-(\d+)"', MEMO.expand(first))
    assert len(rounds) > 2
    known = len(private())
    choose = random_chooser(Rng(12), lambda rng, legal: pick(rng, legal, 0.02), first=True)
    for _ in play_out(state, choose):
        if len(private()) > known:
            break
    html = drawn(draw)
    assert 'id="kr-knowledge" data-memo=' in html  # sent whole: it holds the new entry
    kept = set(KEPT.findall(html))
    older = {f"kr-round-{r}" for r in rounds[1:]}  # the newest round may have taken an entry
    assert older <= kept
