"""The frame's log keeps the whole history (web/ui/history.py): no entry is
ever dropped, older ones are folded a turn or more at a time, a closed fold
never changes as the game goes on, entries since the viewer's last turn are
never folded, and the words kept for an entry are those it would get anew."""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine.play import bot_chooser, play

from . import fake_dom
from .reliability_cases import CURRENT, PREFIX, PREFS
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

from ui import history, screens, table  # noqa: E402
from ui.memo import MEMO  # noqa: E402
from ui.app import App  # noqa: E402
from ui.i18n import Words  # noqa: E402


@pytest.fixture(autouse=True)
def only_the_real_screens(monkeypatch):
    monkeypatch.setattr(screens, "_ROOTS", ["ui.screens"])


@pytest.fixture(scope="module")
def long_game():
    """A 10-seat Kutschfahrt game of greedy bots, followed to 1,000 log entries:
    its state at every 100th action (the log as it grows)."""
    state = engine.new_game("kutschfahrt", 10, {}, 1)
    level = engine.bots.LEVELS["kutschfahrt"][1]
    states = []
    for n, state in enumerate(play(state, bot_chooser([level] * 10, seed=1)), 1):
        if n % 100 == 0:
            states.append(engine.load(state.to_json()))
        if len(state.view(0)["log"]) >= 1000:
            break
    states.append(state)
    return states


def ctx_for(view, seat, since=None, lang="en"):
    players = [{"name": f"P{i}", "kind": "bot", "level": "random"} for i in range(len(view["players"]))]
    words = Words(lang, view["game"], lambda s: players[s]["name"])
    return table.TableContext(words, players, seat, since=since)


def items(html: str) -> list[str]:
    return re.findall(r'<li [^>]*class="log-entry[^"]*"[^>]*>(.*?)</li>', html)


def test_no_entry_is_dropped_and_older_ones_are_folded(long_game):
    state = long_game[-1]
    view = state.view(0)
    entries = view["log"]
    assert len(entries) >= 1000
    ctx = ctx_for(view, 0)
    folded = [(a, b) for a, b in history.folds(entries) if b <= len(entries) - history.KEEP_OPEN]
    closed = history.render_log(view, ctx)
    assert closed.count('class="log-fold"') == len(folded) >= 10
    shown = items(closed)
    assert len(shown) < 200 and len(shown) >= history.KEEP_OPEN, "the newest are listed"
    assert shown[-1] == items(history._list(entries, len(entries) - 1, len(entries), ctx))[0], \
        "the last entry listed is the newest"
    every = history.render_log(view, ctx, {a for a, _ in folded})
    assert len(items(every)) == len(entries), "with every fold open, every entry of the game is there"
    assert every.count('aria-expanded="true"') == len(folded)
    # the folds' own words count what they hold
    counts = [int(n) for n in re.findall(r"\((\d+) events\)</button>", closed)]
    assert sum(counts) + len(shown) == len(entries)
    numbers = [int(start) + k for start, body in re.findall(r'<ol [^>]*start="(\d+)"[^>]*>(.*?)</ol>', every)
               for k in range(len(items(body)))]
    assert numbers == list(range(1, len(entries) + 1)), "entries are numbered from the game's first"


def test_a_closed_fold_never_changes_as_the_game_goes_on(long_game):
    last = history.folds(long_game[-1].view(0)["log"])
    seen = set()
    for state in long_game[:-1]:
        earlier = history.folds(state.view(0)["log"])
        assert earlier == last[:len(earlier)]
        seen.add(len(earlier))
    assert len(seen) > 5 and 0 < min(seen) < len(last)
    for a, b in last:  # folds close at a new turn once they hold enough, or at the most
        assert history.FOLD_AT <= b - a <= history.FOLD_MOST


def test_entries_since_the_viewers_last_turn_are_never_folded(long_game):
    view = long_game[-1].view(0)
    entries = view["log"]
    since = entries[len(entries) // 3]["move"]  # a viewer who has not played for a long time
    ctx = ctx_for(view, 0, since)
    new = [i for i, e in enumerate(entries) if ctx.is_new(e)]
    assert len(new) > 300
    html = history.render_log(view, ctx)
    assert html.count("log-entry new") + html.count("log-entry private new") == len(new)
    assert "log-fold" in html  # what came before is folded all the same


def test_kept_words_are_the_words_an_entry_gets_anew(long_game):
    state = long_game[-1]
    everything = None
    for lang in ("en", "de", "en"):
        view = state.view(0)
        ctx = ctx_for(view, 0, lang=lang)
        opened = {a for a, _ in history.folds(view["log"])}
        kept = history.render_log(view, ctx, opened)
        history._worded.clear()
        fresh = history.render_log(view, ctx, opened)
        assert kept == fresh, lang
        if lang == "en":
            assert everything in (None, fresh)
            everything = fresh
    # an entry at the same place that differs (a move taken back and another made) is worded anew
    view = state.view(0)
    ctx = ctx_for(view, 0)
    history.render_log(view, ctx)
    last = view["log"][-1]
    view["log"][-1] = dict(last, k="pass", seat=3)
    assert "P3 passes" in items(history.render_log(view, ctx))[-1]
    # also in a full list of the newest (made once, like a closed fold)
    at = (len(view["log"]) - history.KEEP_OPEN) // history.CHUNK * history.CHUNK + 2
    view["log"][at] = dict(view["log"][at], k="pass", seat=4)
    assert "P4 passes" in items(history.render_log(view, ctx))[at - len(view["log"])]


def test_the_frame_uses_the_whole_log():
    """The frame draws history.render_log: no limit of its own."""
    log = [{"k": "play", "seat": i % 2, "n": i, "turn": i, "move": i} for i in range(1, 601)]
    view = {"game": "toy", "log": log}
    ctx = table.TableContext(Words("en", "toy"), [{"name": "A", "kind": "human", "level": None},
                                                  {"name": "B", "kind": "bot", "level": "random"}], 0)
    opened = {a for a, _ in history.folds(log)}
    assert len(items(table.render_log(view, ctx, opened))) == 600


def test_a_fold_opened_at_the_table_stays_open_while_bots_play(long_game):
    state = long_game[-1]
    seat = state.to_act()[0]
    players = [{"name": f"P{i}", "kind": "human" if i == seat else "bot", "level": None if i == seat else "random"}
               for i in range(10)]
    meta = {"players": players, "names": [p["name"] for p in players], "created": 1, "updated": 2,
            "over": False, "viewer": seat, "notes": {}}
    backend = FakeStorage()
    backend.setItem(PREFIX + "g", state.to_json(meta=meta))
    backend.setItem(CURRENT, "g")
    backend.setItem(PREFS, json.dumps({"lang": "en", "bot_delay_ms": 60_000}))

    async def main():
        dom.page = fake_dom.Page(backend, "en-GB")
        app = App()
        app.start()
        try:
            html = dom.page.elements["app"].html
            first = re.search(r'data-cmd="log-fold" data-arg="(\d+)"', html).group(1)
            before = len(items(html))
            app.dispatch("log-fold", first, None, "click")
            html = dom.page.elements["app"].html
            assert f'id="log-fold-{first}" data-cmd="log-fold" data-arg="{first}" aria-expanded="true"' in html
            assert len(items(html)) > before
            app.render_table()  # a bot moved, say: the table is drawn again
            assert len(items(dom.page.elements["app"].html)) > before
            app.dispatch("log-fold", first, None, "click")  # closed again
            assert len(items(dom.page.elements["app"].html)) == before
            app.dispatch("log-fold", first, None, "click")
            app.cmd_save_resume("g", None, "click")  # the game opened anew from the saved games: folds closed
            html = dom.page.elements["app"].html
            assert 'data-cmd="log-fold"' in html and 'data-cmd="log-fold" data-arg="0" aria-expanded="false"' in html
            assert len(items(html)) == before
        finally:
            app.stop_bots()
    run_async(main())


def toy_log(n: int) -> list[dict]:
    """A log of `n` entries, three a turn, one a move."""
    return [{"k": "play", "seat": i % 2, "n": i, "turn": i // 3 + 1, "move": i + 1} for i in range(n)]


def toy_ctx(since=None):
    players = [{"name": "A", "kind": "human", "level": None}, {"name": "B", "kind": "bot", "level": "random"}]
    return table.TableContext(Words("en", "toy"), players, 0, since=since)


@pytest.fixture
def memo():
    """The page's memo at work (ui/dom.py turns it on in the browser): a
    drawing sends what the page holds already as placeholders."""
    MEMO.forget()
    MEMO.on = True
    yield MEMO
    MEMO.on = False
    MEMO.forget()


def drawn(memo, log, ctx, opened=()):
    """The log as a drawing sends it, after which the page holds it; and
    the log as the page then shows it (every placeholder put back)."""
    html = history.render_log({"game": "toy", "log": log}, ctx, opened)
    whole = memo.expand(html)
    memo.drawn()
    return html, whole


def sent(html: str) -> list[str]:
    """The elements a drawing sends, placeholders counted."""
    return re.findall(r"<([a-z][a-z0-9]*)[ >]", html)


def plain(whole: str) -> str:
    return re.sub(r' data-memo="\d+"', "", whole)


def test_a_move_sends_the_log_only_what_it_added(memo):
    """However long the log, a move's drawing sends its new entries and a
    few placeholders (the folds one, each full list one); a list is sent
    again once, when it is full: each entry goes to the page at most twice."""
    ctx = toy_ctx()
    chunk = history.CHUNK
    seen = {}
    for n in (200, 1000):
        memo.forget()
        log = toy_log(n + chunk)
        drawn(memo, log[:n], ctx)
        items_sent = 0
        for m in range(n + 1, n + chunk + 1):  # a move a drawing, each adding entry m - 1
            html, whole = drawn(memo, log[:m], ctx)
            assert re.search(r'<div id="log-folds" data-keep="\d+"></div>', html), "the folds are not kept"
            assert 'class="log-fold"' not in html
            assert re.findall(r'<li id="log-e(\d+)" data-memo', html) == [str(m - 1)], "entries kept sent again"
            items_sent += len(re.findall(r'<li id="log-e\d+" (?!data-keep)', html))
            # what the page shows is the log drawn anew: a placeholder stands for exactly what it keeps
            memo.on = False
            assert plain(whole) == history.render_log({"game": "toy", "log": log[:m]}, ctx)
            memo.on = True
        seen[n] = (items_sent, len(sent(html)))
    assert seen[1000][0] == seen[200][0] <= 2 * chunk, seen
    assert seen[1000][1] <= seen[200][1] + 2 and seen[1000][1] < 30, seen


def test_a_fold_opened_is_sent_and_stays_open_as_entries_come(memo):
    ctx = toy_ctx()
    log = toy_log(1003)
    folds = [a for a, b in history.folds(log) if b <= 1000 - history.KEEP_OPEN]
    drawn(memo, log[:1000], ctx)
    html, whole = drawn(memo, log[:1000], ctx, {folds[2]})  # the player opens the third fold
    assert re.findall(r'<div id="log-f(\d+)" data-memo', html) == [str(folds[2])], "only the opened fold is sent"
    assert len(re.findall(r'<div id="log-f\d+" data-keep', html)) == len(folds) - 1
    for n in (1001, 1002, 1003):  # bots move
        html, whole = drawn(memo, log[:n], ctx, {folds[2]})
    assert re.search(r'<div id="log-folds" data-keep="\d+"></div>', html)
    assert f'id="log-fold-{folds[2]}" data-cmd="log-fold" data-arg="{folds[2]}" aria-expanded="true"' in whole
    assert len(items(whole)) == 1003 - len(folds) * 0 - sum(
        b - a for a, b in history.folds(log[:1003]) if a != folds[2] and b <= 1003 - history.KEEP_OPEN)


def test_entries_new_to_the_viewer_are_found_from_the_end():
    log = toy_log(500)
    for since in (None, 0, 10, 250, 499, 500):
        ctx = toy_ctx(since)
        assert history._first_new(log, ctx) == next((i for i, e in enumerate(log) if ctx.is_new(e)), len(log))
