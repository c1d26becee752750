"""Thurn und Taxis, what changed since the viewer's last turn (issue 12), in
CPython: when the viewer's turn comes, the map marks the cards the others
laid (still in their routes), the routes they scored with "+N" (the points
the entries give), the houses built and the tiles taken, each in the
player's colour; the line above the board says it; nothing is marked on a
public screen or once the viewer has acted."""

import re

from engine import bots

from . import ui_support  # noqa: F401  (web/ on the path)

from ui.i18n import Words  # noqa: E402
from ui.session import Session  # noqa: E402
from ui.table import TableContext, render_since  # noqa: E402
from ui.screens.thurn_taxis import Screen  # noqa: E402

NAMES = ["Anna", "Bot", "Cees"]
PLAYS = ("play_start", "play_head", "play_tail")


def players():
    return [{"name": "Anna", "kind": "human", "level": None}] + [
        {"name": n, "kind": "bot", "level": "strong"} for n in NAMES[1:]]


def ctx_for(seat, since, lang="en"):
    return TableContext(Words(lang, "thurn_taxis", lambda s: NAMES[s]), players(), seat, since=since)


def turns_of_anna(seed=3, rounds=40):
    """A 3-seat game of strong bots (Anna's moves too): the session at the
    start of each of Anna's turns, with the entries since her last turn."""
    session = Session.start("thurn_taxis", players(), {}, seed, "s", 0)
    st = session.state
    for _ in range(rounds * 20):
        if st.is_over():
            return
        seat = st.to_act()[0]
        if seat == 0 and st.drawn == 0 and st.actions and st.actions[-1][0] != 0:
            since = session.seen_until(0)
            yield session, since, [e for e in st.view(0)["log"] if e["move"] > since]
            if st.is_over():  # the caller may have played on
                return
            seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, bots.choose("thurn_taxis", st.view(seat), legal, "strong", seed=len(st.actions)))


def city_group(html, city):
    """The map's group of one city (its houses and marks inside)."""
    m = re.search(rf'<g(?: id="[^"]+")? class="tt-(?:citygrp|target)" data-city="{city}"(.*?)</g>'
                  rf'(?=<g(?: id="[^"]+")? class="tt-(?:citygrp|target)"|<g class="tt-news-score"|<g id="tt-names"|</svg>)', html, re.S)
    assert m, city
    return m.group(1)


def test_the_others_moves_are_marked_on_the_map_when_the_viewers_turn_comes():
    scored = laid = 0
    for session, since, recent in turns_of_anna():
        st = session.state
        view = st.view(0)
        scr = Screen(ctx_for(0, since))
        html = scr.render(view, st.legal_actions(0))
        # every card another player laid since and still in his route: ringed in his colour
        rings = set(re.findall(r'<g(?: id="[^"]+")? class="tt-(?:citygrp|target)" data-city="([^"]+)"(?:(?!</g><g).)*?'
                               r'class="tt-news-card" style="--pc:[^"]+" data-seat="(\d)"', html, re.S))
        want = set()
        for e in recent:
            route = [c["city"] for c in view["players"][e["seat"]]["route"]] if "seat" in e else []
            if e["k"] in PLAYS and e["seat"] != 0 and e["city"] in route:
                want.add((e["city"], str(e["seat"])))
        assert rings == want
        laid += len(want)
        # every route scored since: a glow along it and "+N" in the scorer's colour
        scorings = [e for e in recent if e["k"] in ("score", "score_no_houses")]
        glows = re.findall(r'class="tt-news-route" style="--pc:([^"]+)" data-seat="(\d)"', html)
        assert [int(s) for _, s in glows] == [e["seat"] for e in scorings]
        pills = re.findall(r'<g class="tt-news-score" style="--pc:[^"]+" data-seat="(\d)".*?'
                           r'class="tt-news-pts">\+(\d+)</text>(?:<text [^>]*class="tt-news-sub">\+(\d+) tiles?</text>)?',
                           html, re.S)
        assert len(pills) == len(scorings)
        for e, (seat, points, tiles) in zip(scorings, pills):
            told = next((t["tiles"] for t in recent if t["k"] == "tiles" and t["move"] == e["move"]), [])
            assert (int(seat), int(points), int(tiles or 0)) == (e["seat"], e["points"], len(told))
            for city in e.get("houses", []):  # the new house glows, in the scorer's slot
                assert re.search(rf'class="tt-house new" style="--pc:[^"]+" data-seat="{e["seat"]}"',
                                 city_group(html, city))
            for key in told:  # the tile taken: ringed on the map
                assert re.search(rf'data-stack="{re.escape(key)}"[^>]*>.*?class="tt-news-tile" style="--pc:[^"]+" '
                                 rf'data-seat="{e["seat"]}"', html, re.S)
        scored += len(scorings)
        # houses that are not new are drawn as before
        assert html.count('class="tt-house new"') == sum(len(e.get("houses", [])) for e in scorings)
        # the line above the board names each other player who did something: the cards
        # laid that are still in the route, each route scored with its points
        line = render_since(view, scr.ctx, scr.since_summary(view))
        for city, seat in want:
            assert NAMES[int(seat)] in line and Words("en", "thurn_taxis").name(city) in line
        for e in scorings:
            assert NAMES[e["seat"]] in line and f"scored {len(e['route'])} cards (+{e['points']}" in line
        # a public screen and a table with nothing new mark nothing
        assert "tt-news" not in Screen(ctx_for(None, None)).render(st.view(None), [])
        assert "tt-news" not in Screen(ctx_for(0, len(st.actions))).render(view, st.legal_actions(0))
    assert scored >= 3 and laid >= 5


def test_the_viewers_own_scoring_counts_its_bonus_tiles_and_own_cards_are_no_news():
    """While the viewer's turn goes on (here: her scoring), her own route
    scored shows "+N" with her bonus tiles' values; her own cards laid are
    not ringed; another seat sees the tiles as a count only."""
    found = 0
    for session, since, _ in turns_of_anna(seed=5):
        st = session.state
        # play Anna's turn with her bot: what the others did stays marked, her own cards are not
        start = len(st.actions)
        others = Screen(ctx_for(0, since)).render(st.view(0), []).count('class="tt-news-route"')
        while st.to_act() == [0]:
            legal = st.legal_actions(0)
            st.apply(0, bots.choose("thurn_taxis", st.view(0), legal, "strong", seed=len(st.actions)))
            assert session.seen_until(0) == since or st.to_act() != [0]
            html = Screen(ctx_for(0, since)).render(st.view(0), [])
            assert not re.search(r'class="tt-news-card"[^>]*data-seat="0"', html)
            assert html.count('class="tt-news-route"') >= others
        log = st.view(0)["log"]
        score = next((e for e in log if e["move"] > start and e["k"] == "score"), None)
        values = [e["value"] for e in log if e["move"] > start and e["k"] == "tile_own"]
        if score is None or not values:
            continue
        html = Screen(ctx_for(0, start)).render(st.view(0), [])
        assert f'class="tt-news-pts">+{score["points"] + sum(values)}</text>' in html
        other = Screen(ctx_for(1, start)).render(st.view(1), [])
        assert f'class="tt-news-pts">+{score["points"]}</text>' in other
        assert re.search(r'class="tt-news-sub">\+\d+ tiles?</text>', other)
        found += 1
        if found >= 2:
            break
    assert found >= 2


def test_the_since_line_and_marks_are_worded_in_three_languages():
    for session, since, recent in turns_of_anna():
        if not any(e["k"] in ("score", "score_no_houses") for e in recent):
            continue
        st = session.state
        for lang in ("nl", "en", "de"):
            ctx = ctx_for(0, since, lang)
            scr = Screen(ctx)
            html = scr.render(st.view(0), st.legal_actions(0))
            line = str(scr.since_summary(st.view(0)))
            assert line and "{" not in line + html and "tt-news-legend" in html
            assert not ctx.words.missing, (lang, ctx.words.missing)
        break
    else:
        raise AssertionError("no scoring by another seat before one of Anna's turns")
