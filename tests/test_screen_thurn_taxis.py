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


def check_secrets(scr, html, st, seat):
    """Cards shown as the hand are exactly the viewer's; no other seat's
    bonus values in the players' lines (the viewer's own are there); every
    card drawn lies in a public zone or the own hand."""
    b = st.board
    shown = Counter()
    for zone, city in CARD.findall(html):
        assert zone in ("hand", "open", "route"), zone
        shown[(zone, city)] += 1
    hand_shown = Counter()
    for m in re.finditer(r'data-zone="hand" data-city="([^"]+)"[^>]*>(.*?)</(?:button|div)>', html):
        count = re.search(r'<span class="tt-count">×(\d+)</span>', m.group(2))  # anywhere in the card
        hand_shown[m.group(1)] += int(count.group(1)) if count else 1
    assert hand_shown == Counter(b.cities[b.card_city(c)] for c in st.hands[seat])
    open_shown = Counter(city for (zone, city), n in shown.items() if zone == "open" for _ in range(n))
    assert open_shown == Counter(b.cities[b.card_city(c)] for c in st.display if c is not None)
    details = scr.player_details(st.view(seat))
    assert sorted(details) == list(range(st.seats))
    for s, body in details.items():
        if s != seat and not st.is_over():
            assert "tt-mytile" not in body and "data-value" not in body
        elif s == seat:
            assert body.count('class="tt-mytile"') == len(st.bonus[s])


@pytest.mark.parametrize("options,seats,seed", [
    ({}, 2, 1),
    ({"map": "north"}, 3, 2),
    ({"map": "north", "horses": True}, 2, 3),
    ({}, 4, 4),
])
@pytest.mark.slow  # 5-8 s each here; tests/contract covers every game's screen in the plain run
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
            check_secrets(scr, html, st, seat)
        # a non-acting seat sees the same table without any control
        other = (seat + 1) % seats
        scr = Screen(ctx_for("en", other, seats))
        html = scr.render(st.view(other), [])
        assert not ACT.findall(html)
        check_secrets(scr, html, st, other)
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


# ---------------------------------------------------------------- the words
def test_every_interface_word_is_there_in_nl_en_de():
    import json
    from pathlib import Path

    src = Path("web/ui/screens/thurn_taxis/screen.py").read_text()
    keys = set(re.findall(r'self\.t\("([a-z_]+)"', src)) - {"off_", "tile_cap_"}
    keys |= {f"off_{o}{r}" for o in ("amtmann", "postmeister", "postillion", "wagner") for r in ("", "_rule")}
    keys |= {"tile_cap_all", "tile_cap_end", "head", "tail", "postillion_hint"}
    strings = json.loads(Path("web/ui/screens/thurn_taxis/words.json").read_text())
    for lang in ("nl", "en", "de"):
        missing = sorted(k for k in keys if k not in strings[lang]["ui"])
        assert not missing, (lang, missing)
    # every name the map, its tiles and the officials need
    for map_id in ("south", "north"):
        st = engine.new_game("thurn_taxis", 2, {"map": map_id}, 1)
        b = st.board
        ids = set(b.cities) | set(b.countries) | set(st.stacks) | {map_id}
        for lang in ("nl", "en", "de"):
            missing = sorted(i for i in ids if i not in strings[lang]["names"])
            assert not missing, (lang, map_id, missing)
    # the officials carry the names of each language's edition
    for lang, names in (("nl", ("Baljuw", "Postmeester", "Postiljon", "Wagenmaker")),
                        ("en", ("Administrator", "Postmaster", "Postal carrier", "Cartwright")),
                        ("de", ("Amtmann", "Postmeister", "Postillion", "Wagner"))):
        st = engine.new_game("thurn_taxis", 2, {}, 5)
        html = Screen(ctx_for(lang, 0, 2)).render(st.view(0), st.legal_actions(0))
        got = re.findall(r'<span class="tt-offname">.*?</svg>([^<]+)</span>', html)
        assert tuple(got) == names


# ---------------------------------------------------------------- the map
def _boxes(html):
    """(x, y, anchor, text) of the city names drawn on the map."""
    return [(float(x), float(y), a, t) for x, y, a, t in
            re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)" class="tt-label" text-anchor="(\w+)">([^<]+)</text>', html)]


@pytest.mark.parametrize("map_id,seats", [(m, n) for m in ("south", "north") for n in (2, 3, 4)])
def test_city_names_do_not_overlap_each_other_or_the_cities(map_id, seats):
    from ui.screens.thurn_taxis.layout import CHAR_W, label_box, _overlap

    st = engine.new_game("thurn_taxis", seats, {"map": map_id}, 2)
    for lang in ("nl", "en", "de"):
        html = Screen(ctx_for(lang, 0, seats)).render(st.view(0), [])
        labels = _boxes(html)
        assert len(labels) == st.board.n
        boxes = [label_box(x, y, a, CHAR_W * len(t.replace("&amp;", "&")) + 2) for x, y, a, t in labels]
        cities = [(c["x"] - 9, c["y"] - 9, 18, 18) for c in st.board.data["cities"]]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert _overlap(a, b) == 0, (labels[i], a, b)
            for c in cities:
                assert _overlap(a, c) < 10, (labels[i], c)


@pytest.mark.parametrize("map_id", ["south", "north"])
def test_the_bonus_tiles_lie_on_the_map(map_id):
    """Every stack on the board is drawn in the map with its top value; a region's
    tiles lie in the region, a free city's beside the city."""
    st = engine.new_game("thurn_taxis", 3, {"map": map_id}, 4)
    st.stacks["len5"] = []  # an empty stack shows as an empty place
    b = st.board
    html = Screen(ctx_for("en", 0, 3)).render(st.view(0), [])
    svg = html[html.index("<svg class=\"tt-map\""):html.index("</svg>", html.index("tt-sea"))]
    tiles = {k: (float(x), float(y), v) for k, x, y, v in re.findall(
        r'<g(?: id="[^"]+")? class="tt-tile[^"]*" data-stack="([^"]+)".*?<rect x="([\d.-]+)" y="([\d.-]+)" width="28"[^>]*'
        r'class="tt-tile-face"/>.*?class="tt-tile-val">([^<]+)</text>', svg)}
    assert set(tiles) == set(st.stacks)
    for key, vals in st.stacks.items():
        assert tiles[key][2] == (str(vals[0]) if vals else "–"), key
    pos = {c["id"]: (c["x"], c["y"]) for c in b.data["cities"]}
    for rid, cities, _ in b.regions:
        x, y = tiles["region:" + rid][0] + 14, tiles["region:" + rid][1] + 16
        nearest = min(pos, key=lambda c: (pos[c][0] - x) ** 2 + (pos[c][1] - y) ** 2)
        assert b.index[nearest] in cities, (rid, nearest)
    for c in b.free_cities:
        x, y = tiles["free:" + b.cities[c]][0] + 14, tiles["free:" + b.cities[c]][1] + 16
        cx, cy = pos[b.cities[c]]
        assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < 50
    # each tile says what it is (tooltip and label), in words
    assert 'aria-label="Route length 5: no tiles left"' in svg
    top = st.stacks["all"][0]
    assert f'aria-label="All countries: top tile {top} points, {len(st.stacks["all"])} in the stack"' in svg


def test_map_targets_are_labelled_keyboard_buttons_and_routes_differ_without_colour():
    for st, seat, legal in play_games({}, 3, 11, 400):
        if seat is None or not any(a["type"] == "play" for a in legal):
            continue
        routes = [s for s in range(3) if st.routes[s]]
        if len(routes) < 3 or st.phase() != "play":
            continue
        scr = Screen(ctx_for("en", seat, 3))
        view = st.view(seat)
        scr.render(view, legal)
        key = next(k for k, ids in scr.card_acts.items() if any(legal[i]["type"] == "play" for i in ids))
        scr.on_ui("sel:" + key)
        html = scr.render(view, legal)
        targets = re.findall(r'<g(?: id="[^"]+")? class="tt-target" data-city="[^"]+" data-cmd="act" data-arg="(\d+)" tabindex="0" role="button" '
                             r'aria-label="([^"]+)">', html)
        assert targets and all(label for _, label in targets)
        assert {int(i) for i, _ in targets} == {i for i in scr.card_acts[key] if legal[i]["type"] == "play"}
        # a target's name is part of it (a tap on "Mannheim" plays there), and every name is drawn
        # over the houses, tiles and "+N" so that none covers it
        named = re.findall(r'<g class="tt-target tt-name-tap" data-city="[^"]+" data-cmd="act" data-arg="(\d+)" '
                           r'aria-hidden="true"><rect[^>]*class="tt-hit"/><text [^>]*class="tt-label"', html)
        assert sorted(named) == sorted(i for i, _ in targets)
        assert html.index('class="tt-label"') > max(html.rfind("tt-house"), html.rfind("tt-tile"),
                                                     html.rfind("tt-news-score"))
        # the other seats' routes: each its own dash pattern, shown again in the players' lines
        for s in routes:
            cls = "mine" if s == seat else f"dash{s}"
            assert re.search(rf'class="tt-route-line {cls}" style="--pc:[^"]+" data-seat="{s}"', html)
            assert re.search(rf'<svg class="tt-linekey".*?tt-route-line {cls}', scr.player_details(view)[s], re.S)
        # every button says what it does
        for body in re.findall(r"<button([^>]*)>(.*?)</button>", html, re.S):
            assert "aria-label" in body[0] or re.sub(r"<[^>]+>", "", body[1]).strip(), body
        return
    pytest.fail("no position with three routes came up")


def test_horses_show_the_carriage_and_the_unused_wagner():
    for st, seat, legal in play_games({"map": "north", "horses": True}, 2, 6, 400):
        if seat is None or not st.horse_cards[seat]:
            continue
        scr = Screen(ctx_for("de", seat, 2))
        html = scr.render(st.view(seat), legal)
        assert f"Pferde: {st.horse_power(seat)}" in scr.player_details(st.view(seat))[seat]
        assert re.search(r'tt-official[^"]*" title="Wagner:[^>]*disabled>.*?nicht mit Pferden', html, re.S)
        assert "tt-carriages" not in html  # no carriage cards in this game
        return
    pytest.fail("no horse was played")
