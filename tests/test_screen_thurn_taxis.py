"""The Thurn und Taxis screen in CPython: it renders every view of the acting
seat in nl/en/de, offers only (and every one of) the engine's legal actions,
and never shows another seat's hand or bonus values."""

import copy
import re
import sys
from collections import Counter

import pytest

sys.path.insert(0, "web")

import engine  # noqa: E402
from engine import bots  # noqa: E402
from engine.rng import Rng  # noqa: E402
from ui.i18n import Words  # noqa: E402
from ui.table import TableContext  # noqa: E402
from ui.screens.thurn_taxis import Screen  # noqa: E402

ACT = re.compile(r'data-cmd="act" data-arg="(\d+)"')
UI = re.compile(r'data-cmd="ui" data-arg="([^"]*)"')
CARD = re.compile(r'data-zone="(\w+)" data-city="([^"]+)"')
PLAYER_LI = re.compile(r'<li class="tt-player[^"]*" data-seat="(\d+)"(.*?)</li>(?=<li class="tt-player|</ul></section>)', re.S)
NAMES = ["Anna", "Bram", "Cees", "Dora"]


def ctx_for(lang, seat, seats):
    players = [{"name": NAMES[s], "kind": "human", "level": None} for s in range(seats)]
    return TableContext(Words(lang, "thurn_taxis", lambda s: NAMES[s]), players, seat)


def play_games(options, seats, seed, steps):
    """States along a game: greedy moves mixed with random ones."""
    st = engine.new_game("thurn_taxis", seats, options, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if st.is_over():
            break
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        yield st, seat, legal
        if rng.random() < 0.25:
            action = rng.choice(legal)
        else:
            action = bots.choose("thurn_taxis", st.view(seat), legal, "greedy", seed)
        st.apply(seat, action)
    yield st, None, []


def reachable(screen, view, legal, depth=2):
    """Every act index the screen offers, following its own local steps."""
    found = set()
    seen = set()

    def walk(scr, d):
        html = scr.render(view, legal)
        for i in ACT.findall(html):
            found.add(int(i))
        if d == 0:
            return
        for arg in set(UI.findall(html)):
            key = (d, arg, scr.sel, scr.pick, scr.wagner)
            if key in seen:
                continue
            seen.add(key)
            nxt = copy.copy(scr)
            nxt.on_ui(arg)
            walk(nxt, d - 1)

    walk(screen, depth)
    return found


def check_secrets(html, st, seat):
    """Cards shown as the hand are exactly the viewer's; no other seat's
    bonus values; every card drawn lies in a public zone or the own hand."""
    b = st.board
    shown = Counter()
    for zone, city in CARD.findall(html):
        assert zone in ("hand", "open", "route"), zone
        shown[(zone, city)] += 1
    hand_shown = Counter()
    for m in re.finditer(r'data-zone="hand" data-city="([^"]+)"[^>]*>.*?(?:<span class="tt-count">×(\d+)</span>)?</(?:button|div)>', html):
        hand_shown[m.group(1)] += int(m.group(2) or 1)
    assert hand_shown == Counter(b.cities[b.card_city(c)] for c in st.hands[seat])
    open_shown = Counter(city for (zone, city), n in shown.items() if zone == "open" for _ in range(n))
    assert open_shown == Counter(b.cities[b.card_city(c)] for c in st.display if c is not None)
    for s, body in PLAYER_LI.findall(html):
        if int(s) != seat and not st.is_over():
            assert "tt-mytile" not in body and "data-value" not in body


@pytest.mark.parametrize("options,seats,seed", [
    ({}, 2, 1),
    ({"map": "north"}, 3, 2),
    ({"map": "north", "horses": True}, 2, 3),
    ({}, 4, 4),
])
def test_renders_every_view_offers_exactly_the_legal_actions(options, seats, seed):
    screens = {}
    n = 0
    for st, seat, legal in play_games(options, seats, seed, 2000):
        if seat is None:
            # the finished game, seen by everyone
            for lang in ("nl", "en", "de"):
                for s in range(seats):
                    html = Screen(ctx_for(lang, s, seats)).render(st.view(s), [])
                    assert "tt-map" in html and not ACT.findall(html)
            assert st.is_over()
            break
        view = st.view(seat)
        for lang in ("nl", "en", "de"):
            scr = screens.setdefault((lang, seat), Screen(ctx_for(lang, seat, seats)))
            scr.ctx = ctx_for(lang, seat, seats)
            html = scr.render(view, legal)
            for i in ACT.findall(html):
                assert 0 <= int(i) < len(legal)
            check_secrets(html, st, seat)
        # a non-acting seat sees the same table without any control
        other = (seat + 1) % seats
        html = Screen(ctx_for("en", other, seats)).render(st.view(other), [])
        assert not ACT.findall(html)
        check_secrets(html, st, other)
        # every legal action can be reached by tapping (a few steps deep)
        if n % 2 == 0 or any(a["type"] == "score" for a in legal):
            got = reachable(Screen(ctx_for("en", seat, seats)), view, legal)
            assert got == set(range(len(legal))), [legal[i] for i in set(range(len(legal))) - got]
        n += 1
    assert n > 20


def test_scoring_preview_shows_the_chosen_houses_on_the_map():
    for st, seat, legal in play_games({}, 2, 7, 3000):
        scores = [i for i, a in enumerate(legal) if a["type"] == "score" and not a.get("wagner")]
        if len(scores) < 2:
            continue
        scr = Screen(ctx_for("en", seat, 2))
        view = st.view(seat)
        first = scr.render(view, legal)
        assert f'data-arg="{scores[0]}"' in first and "tt-score-go" in first
        scr.on_ui("pick:1")
        second = scr.render(view, legal)
        assert f'class="tt-score-go primary" data-cmd="act" data-arg="{scores[1]}"' in second
        assert second.count("tt-house ghost") == len(legal[scores[1]]["cities"])
        return
    pytest.fail("no scoring with two choices came up")


def test_officials_have_their_rule_as_title_and_visible_text():
    st = engine.new_game("thurn_taxis", 2, {}, 5)
    seat = st.to_act()[0]
    html = Screen(ctx_for("de", seat, 2)).render(st.view(seat), st.legal_actions(seat))
    offs = re.findall(r'<button type="button" class="tt-official[^"]*" title="([^"]+)"[^>]*>(.*?)</button>', html, re.S)
    assert len(offs) == 4
    for title, body in offs:
        rule = title.split(": ", 1)[1]
        assert rule in body


def test_north_map_says_it_is_a_reconstruction():
    st = engine.new_game("thurn_taxis", 2, {"map": "north", "horses": True}, 5)
    for lang, word in (("nl", "reconstructie"), ("en", "reconstruction"), ("de", "Rekonstruktion")):
        html = Screen(ctx_for(lang, 0, 2)).render(st.view(0), [])
        assert word in html
