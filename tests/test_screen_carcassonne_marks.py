"""Carcassonne's board tells what happened (issue 12), checked on the SVG the
screen renders in CPython: every tile placed since the viewer's last turn
outlined in its owner's colour, what scored highlighted with "+N" per
player until the viewer's next turn, finished features hatched, and the
one line above the board (`since_summary`)."""

import re

from engine import new_game
from engine.play import finish, play, random_chooser
from engine.rng import Rng

from . import ui_support  # noqa: F401  (web/ on the path)

from ui.names import isolate  # noqa: E402
from ui import kit  # noqa: E402
from ui.i18n import Words  # noqa: E402
from ui.session import Session  # noqa: E402
from ui.table import TableContext  # noqa: E402
from ui.screens.carcassonne.marks import ON_FEATURE, ON_SEGMENT  # noqa: E402
from ui.screens.carcassonne.screen import Screen  # noqa: E402

RECENT = re.compile(r'<g class="cc-recent( cc-flash)?" data-x="(-?\d+)" data-y="(-?\d+)" data-seat="(\d+)" '
                    r'style="--pc:([^"]+)">')
CHIP = re.compile(r'<g class="cc-chip"[^>]*style="--pc:([^"]+)">.*?<text[^>]*>([^<]*)</text></g>')


def since_chunks(summary: str) -> list[str]:
    """The text of each turn's part of the since line."""
    return [re.sub(r"<[^>]*>", "", "<" + c) for c in re.split(r'<(?=(?:button|span)[^>]*class="cc-since)', summary)[1:]]
SCORED = set(ON_FEATURE) | set(ON_SEGMENT) | {"crown_score"}


def context(state, viewer, lang="en", since=True):
    players = [{"name": f"P{i}", "kind": "human" if i == viewer else "bot", "level": None}
               for i in range(state.seats)]
    words = Words(lang, "carcassonne", lambda s: players[s]["name"])
    # the table's own count of where the viewer's last turn ended
    session = Session(state, players, "t")
    if not since:
        return TableContext(words, players, viewer, "")
    return TableContext(words, players, viewer, "", session.seen_until(viewer), session.turn_began(viewer))


def render(state, viewer, **kw):
    ctx = context(state, viewer, **kw)
    screen = Screen(ctx)
    view = state.view(viewer)
    legal = state.legal_actions(viewer) if viewer in state.to_act() else []
    return screen, view, screen.render(view, legal)


def to_turn(state, seat, rng, turns=1):
    """Play random moves until `seat` has to place a tile (`turns` times)."""
    choose = random_chooser(rng, first=True)
    for state in play(state, choose):
        if state.to_act() == [seat] and state.g.phase == "place":
            turns -= 1
            if not turns:
                return state
    raise AssertionError("the game ended first")


def my_turns(games, turns, seat, seed, seats=4):
    """(n, state) at each of `seat`'s first `turns` place steps in `games` fixed random games."""
    for g in range(games):
        state = new_game("carcassonne", seats, {}, seed + g)
        rng = Rng(g)
        for n in range(turns):
            state = to_turn(state, seat, rng)
            yield n, state


def my_last_place(state, seat):
    """The index in `state.actions` of the seat's last place action."""
    return max((i for i, (s, a) in enumerate(state.actions) if s == seat and a["type"] == "place"), default=-1)


def window(state, seat):
    """Scoring entries from the viewer's last turn on (the turn of its last place)."""
    log = [e for _, e in state.events]
    i = my_last_place(state, seat)
    turn = next((e["turn"] for e in log if e["k"] == "place" and e["move"] == i + 1), -1)
    return [e for e in log if e["turn"] >= turn and e["k"] in SCORED and e["points"] > 0]


def test_every_tile_placed_since_the_viewers_last_turn_is_outlined_in_its_owners_colour():
    checked = 0
    for n, state in my_turns(6, 5, 2, 40):
        # from the actions alone: the others' places after the viewer's last one
        want = {(a["x"], a["y"], s) for s, a in state.actions[my_last_place(state, 2) + 1:]
                if a["type"] == "place"}
        _, view, html = render(state, 2)
        marks = {(int(x), int(y), int(seat)): colour for _, x, y, seat, colour in RECENT.findall(html)}
        assert set(marks) == want and len(want) == (2 if n == 0 else 3)  # seats 0 and 1 first
        assert all(colour == kit.seat_colour(seat) for (_, _, seat), colour in marks.items())
        assert 'class="cc-last"' not in html  # the last tile is among the marks: one outline is enough
        # placed: the viewer's own new tile is the last one, the others' marks stay
        place = next(a for a in state.legal_actions(2) if a["type"] == "place")
        state.apply(2, place)
        if state.to_act() == [2]:
            _, view, html = render(state, 2)
            assert {(int(x), int(y), int(seat)) for _, x, y, seat, _ in RECENT.findall(html)} == want
            assert f'<rect class="cc-last" x="{place["x"] * 100 + 3}" y="{place["y"] * 100 + 3}"' in html
        checked += 1
    assert checked == 30


def test_no_marks_without_a_viewer_and_the_last_tile_outlined():
    state = to_turn(new_game("carcassonne", 3, {}, 5), 1, Rng(1), 4)
    _, view, html = render(state, 1, since=False)
    assert not RECENT.findall(html) and not CHIP.findall(html)
    assert 'class="cc-last"' in html
    screen = Screen(context(state, 1, since=False))
    screen.render(view, [])
    assert screen.since_summary(view) is None


def test_a_scoring_shows_on_its_feature_with_plus_n_per_player_until_the_viewers_next_turn():
    shown = gone = 0
    for seed in range(8):
        state = new_game("carcassonne", 3, {}, 70 + seed)
        rng = Rng(100 + seed)
        before = []
        for _ in range(12):
            try:
                state = to_turn(state, 0, rng)
            except AssertionError:
                break
            _, view, html = render(state, 0)
            chips = sorted((c, t) for c, t in CHIP.findall(html))
            scored = window(state, 0)
            want = sorted((kit.seat_colour(e["seat"]), f'{kit.seat_symbol(e["seat"])} +{e["points"]}')
                          for e in scored)
            assert chips == want
            # each scored feature lights up: a highlight per part on a tile (fields: only the "+N")
            parts = sum(1 for e in scored if ON_FEATURE.get(e["k"]) not in (None, "field")
                        for _, _, f in e["at"] if isinstance(f, int))
            assert html.count('class="cc-hl-') >= (1 if parts else 0)
            shown += len(scored)
            # what scored before the viewer's last turn is gone now
            old = [e for e in before if e not in scored]
            gone += len(old)
            before = scored
    assert shown >= 10 and gone >= 3, (shown, gone)


def test_finished_cities_roads_and_monasteries_are_hatched():
    state = to_turn(new_game("carcassonne", 2, {}, 3), 0, Rng(3), 25)
    _, view, html = render(state, 0)
    done = view["completed"]
    kinds = {"city": 0, "road": 0, "monastery": 0}
    from engine.carcassonne.tiles import TILES, WHEEL
    wheel_kind = {f["id"]: f["kind"] for f in WHEEL["features"]}
    for i, f in done:
        kinds[wheel_kind[f] if i == -1 else TILES[view["tiles"][i]["id"]]["features"][f]["kind"]] += 1
    assert kinds["city"] and kinds["road"]
    for kind, n in kinds.items():
        assert html.count(f'class="cc-done-{kind}"') == n, kind


def test_the_since_line_says_each_turn_with_its_points_and_shows_its_tile():
    seen_points = 0
    for _, state in my_turns(5, 8, 3, 90):
        screen, view, html = render(state, 3)
        summary = str(screen.since_summary(view))
        chunks = since_chunks(summary)
        log = [e for _, e in state.events]
        first = next((e["turn"] for e in log if e["k"] == "place" and e["move"] == my_last_place(state, 3) + 1),
                     -1)
        turns = sorted({e["turn"] for e in log if e["turn"] > first and e["k"] == "place"})
        assert len(chunks) == len(turns) == 3
        for chunk, turn in zip(chunks, turns):
            seat = next(e["seat"] for e in log if e["turn"] == turn and e["k"] == "place")
            assert f"{isolate(f'P{seat}')}: tile" in chunk  # the name isolated (ui/names.py)
            # what the player scored, and what it gave the viewer (the rest: on the board, in the log)
            points = sum(e["points"] for e in log if e["turn"] == turn and e["k"] in SCORED
                         and e["seat"] in (seat, 3))
            assert sum(int(n) for n in re.findall(r"\+(\d+)", chunk)) == points, chunk
            seen_points += points
        # a tap on a turn brings its tile into view, marked
        x, y = re.findall(r'data-arg="show:(-?\d+):(-?\d+)"', summary)[0]
        screen.on_ui(f"show:{x}:{y}")
        html = screen.render(view, state.legal_actions(3))
        assert [(fx, fy) for flash, fx, fy, _, _ in RECENT.findall(html) if flash] == [(x, y)]
    assert seen_points > 0


def test_at_the_end_the_line_sums_the_final_scoring_as_the_engine_does():
    state = finish(new_game("carcassonne", 3, {}, 12), random_chooser(Rng(12), first=True))
    screen, view, html = render(state, 0)
    summary = str(screen.since_summary(view))
    final = re.search(r"Final scoring: ([^<]*)", summary).group(1)
    said = {int(s): int(n) for s, n in re.findall(r"\u2068P(\d)\u2069 \+(\d+)", final)}
    assert said == {s: sum(f.values()) for s, f in enumerate(view["final"]) if sum(f.values())}
    chips = CHIP.findall(html)
    assert len(chips) >= len(said) and not [t for _, t in chips if t.endswith("+0")]  # on the board, feature by feature


def test_when_the_turn_comes_a_board_too_big_to_show_looks_at_the_new_tiles_and_a_square():
    """The board is never drawn below its minimum tile size, so a large one
    shows a part: the part around the others' new tiles and the square to
    place on nearest them.  Fixed games (10 x 16 turns), the board's size on
    screen at 1280x800 and 800x1280: some square to place on is always in
    view, and most new tiles (the rest are one tap away in the since line;
    centring on the squares alone showed 71 %)."""
    marks = seen = 0
    for _, state in my_turns(10, 16, 0, 200):
        screen, view, html = render(state, 0)
        placed = [(a["x"], a["y"]) for _, a in state.actions[my_last_place(state, 0) + 1:] if a["type"] == "place"]
        cells = {(a["x"], a["y"]) for a in state.legal_actions(0)}
        for w, h in ((965, 420), (770, 790)):  # px of the board in each orientation
            screen.zoom.box, screen.zoom.auto = None, False
            screen.zoom.limit(w, h)
            b = screen.zoom.shown()
            s = max(b[2] / w, b[3] / h)  # "meet": the whole box shows, centred
            x0, y0 = b[0] + b[2] / 2 - s * w / 2, b[1] + b[3] / 2 - s * h / 2
            x1, y1 = x0 + s * w, y0 + s * h

            def shown(x, y):
                return x0 <= x * 100 and (x + 1) * 100 <= x1 and y0 <= y * 100 and (y + 1) * 100 <= y1

            assert any(shown(x, y) for x, y in cells)
            marks += len(placed)
            seen += sum(shown(x, y) for x, y in placed)
    assert marks == 960 and seen >= 0.8 * marks, seen


def test_the_since_line_says_when_the_plague_took_one_of_the_viewers_followers():
    told = 0
    for _, state in my_turns(12, 14, 1, 500, seats=3):
        screen, view, _ = render(state, 1)
        chunks = since_chunks(str(screen.since_summary(view) or ""))
        log = [e for _, e in state.events]
        first = next((e["turn"] for e in log if e["k"] == "place" and e["move"] == my_last_place(state, 1) + 1), -1)
        others = {e["turn"] for e in log if e["k"] == "draw" and e["seat"] != 1}  # the others' turns
        lost = [e for e in log if e["k"] == "pest" and e["seat"] == 1 and e["turn"] > first and e["turn"] in others]
        assert sum(c.count("Plague: your ") for c in chunks) == len(lost)
        told += len(lost)
    assert told >= 2, told


def test_the_viewers_own_turn_under_way_is_no_news_to_them():
    """Issue 23: with the tile placed and the follower still to choose, the
    viewer's own placement is not marked new (the log's marks) and the
    since line names only the others' turns."""
    checked = 0
    for _, state in my_turns(3, 6, 2, 40, seats=3):
        tile = next(a for a in state.legal_actions(2) if a["type"] == "place")
        state.apply(2, tile)
        if state.to_act() != [2] or state.g.phase != "follower":
            continue  # no follower to choose: the turn is over
        screen, view, html = render(state, 2)
        chunks = since_chunks(str(screen.since_summary(view)))
        assert chunks and not any("P2:" in c for c in chunks), chunks
        own = [e for e in view["log"] if e.get("k") == "place" and e.get("seat") == 2]
        assert not screen.ctx.is_new(own[-1]) and screen.ctx.is_new(
            next(e for e in reversed(view["log"]) if e.get("k") == "place" and e.get("seat") != 2))
        checked += 1
    assert checked >= 3
